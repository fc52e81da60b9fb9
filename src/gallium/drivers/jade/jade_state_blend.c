/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The blend CSO, packed into TURING_A methods at create time: per-target
 * enables and write masks, the equation (one for all targets, or per
 * target with independent blending), logic op, alpha to coverage/one.
 * Dual-source blending needs nothing more: factors naming source 1 read
 * render target 1's output (docs/linkage.md, the NOS table).  The blend
 * colour is separate state with its own dirty bit.
 */

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "util/u_math.h"
#include "util/u_memory.h"

#include "jade_context.h"
#include "jade_state.h"

static uint32_t
blend_op(unsigned func)
{
   switch (func) {
   case PIPE_BLEND_SUBTRACT:
      return NVC597_SET_BLEND_COLOR_OP_V_OGL_FUNC_SUBTRACT;
   case PIPE_BLEND_REVERSE_SUBTRACT:
      return NVC597_SET_BLEND_COLOR_OP_V_OGL_FUNC_REVERSE_SUBTRACT;
   case PIPE_BLEND_MIN:
      return NVC597_SET_BLEND_COLOR_OP_V_OGL_MIN;
   case PIPE_BLEND_MAX:
      return NVC597_SET_BLEND_COLOR_OP_V_OGL_MAX;
   default:
      return NVC597_SET_BLEND_COLOR_OP_V_OGL_FUNC_ADD;
   }
}

/* The same coefficient values serve the colour and alpha, source and
 * destination methods. */
static uint32_t
blend_coeff(unsigned factor)
{
#define C(x) NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_##x
   switch (factor) {
   case PIPE_BLENDFACTOR_ONE:
      return C(ONE);
   case PIPE_BLENDFACTOR_SRC_COLOR:
      return C(SRC_COLOR);
   case PIPE_BLENDFACTOR_SRC_ALPHA:
      return C(SRC_ALPHA);
   case PIPE_BLENDFACTOR_DST_ALPHA:
      return C(DST_ALPHA);
   case PIPE_BLENDFACTOR_DST_COLOR:
      return C(DST_COLOR);
   case PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE:
      return C(SRC_ALPHA_SATURATE);
   case PIPE_BLENDFACTOR_CONST_COLOR:
      return C(CONSTANT_COLOR);
   case PIPE_BLENDFACTOR_CONST_ALPHA:
      return C(CONSTANT_ALPHA);
   case PIPE_BLENDFACTOR_SRC1_COLOR:
      return C(SRC1COLOR);
   case PIPE_BLENDFACTOR_SRC1_ALPHA:
      return C(SRC1ALPHA);
   case PIPE_BLENDFACTOR_INV_SRC_COLOR:
      return C(ONE_MINUS_SRC_COLOR);
   case PIPE_BLENDFACTOR_INV_SRC_ALPHA:
      return C(ONE_MINUS_SRC_ALPHA);
   case PIPE_BLENDFACTOR_INV_DST_ALPHA:
      return C(ONE_MINUS_DST_ALPHA);
   case PIPE_BLENDFACTOR_INV_DST_COLOR:
      return C(ONE_MINUS_DST_COLOR);
   case PIPE_BLENDFACTOR_INV_CONST_COLOR:
      return C(ONE_MINUS_CONSTANT_COLOR);
   case PIPE_BLENDFACTOR_INV_CONST_ALPHA:
      return C(ONE_MINUS_CONSTANT_ALPHA);
   case PIPE_BLENDFACTOR_INV_SRC1_COLOR:
      return C(INVSRC1COLOR);
   case PIPE_BLENDFACTOR_INV_SRC1_ALPHA:
      return C(INVSRC1ALPHA);
   default:
      return C(ZERO);
   }
#undef C
}

static uint32_t
logic_op(unsigned op)
{
#define L(x) NVC597_SET_LOGIC_OP_FUNC_V_##x
   static const uint32_t ops[16] = {
      [PIPE_LOGICOP_CLEAR] = L(CLEAR),
      [PIPE_LOGICOP_NOR] = L(NOR),
      [PIPE_LOGICOP_AND_INVERTED] = L(AND_INVERTED),
      [PIPE_LOGICOP_COPY_INVERTED] = L(COPY_INVERTED),
      [PIPE_LOGICOP_AND_REVERSE] = L(AND_REVERSE),
      [PIPE_LOGICOP_INVERT] = L(INVERT),
      [PIPE_LOGICOP_XOR] = L(XOR),
      [PIPE_LOGICOP_NAND] = L(NAND),
      [PIPE_LOGICOP_AND] = L(AND),
      [PIPE_LOGICOP_EQUIV] = L(EQUIV),
      [PIPE_LOGICOP_NOOP] = L(NOOP),
      [PIPE_LOGICOP_OR_INVERTED] = L(OR_INVERTED),
      [PIPE_LOGICOP_COPY] = L(COPY),
      [PIPE_LOGICOP_OR_REVERSE] = L(OR_REVERSE),
      [PIPE_LOGICOP_OR] = L(OR),
      [PIPE_LOGICOP_SET] = L(SET),
   };
#undef L
   return ops[op & 15];
}

static void
pack(struct nv_push *p, const struct pipe_blend_state *b)
{
   const bool indep = b->independent_blend_enable;
   P_IMMD(p, NVC597, SET_BLEND_STATE_PER_TARGET, indep);
   for (unsigned t = 0; t < 8; t++) {
      const struct pipe_rt_blend_state *rt = &b->rt[indep ? t : 0];
      P_IMMD(p, NVC597, SET_BLEND(t), rt->blend_enable && !b->logicop_enable);
      P_IMMD(p, NVC597, SET_CT_WRITE(t),
             {
                .r_enable = !!(rt->colormask & PIPE_MASK_R),
                .g_enable = !!(rt->colormask & PIPE_MASK_G),
                .b_enable = !!(rt->colormask & PIPE_MASK_B),
                .a_enable = !!(rt->colormask & PIPE_MASK_A),
             });
      if (indep && rt->blend_enable) {
         P_MTHD(p, NVC597, SET_BLEND_PER_TARGET_SEPARATE_FOR_ALPHA(t));
         P_NVC597_SET_BLEND_PER_TARGET_SEPARATE_FOR_ALPHA(p, t, ENABLE_TRUE);
         P_NVC597_SET_BLEND_PER_TARGET_COLOR_OP(p, t, blend_op(rt->rgb_func));
         P_NVC597_SET_BLEND_PER_TARGET_COLOR_SOURCE_COEFF(p, t, blend_coeff(rt->rgb_src_factor));
         P_NVC597_SET_BLEND_PER_TARGET_COLOR_DEST_COEFF(p, t, blend_coeff(rt->rgb_dst_factor));
         P_NVC597_SET_BLEND_PER_TARGET_ALPHA_OP(p, t, blend_op(rt->alpha_func));
         P_NVC597_SET_BLEND_PER_TARGET_ALPHA_SOURCE_COEFF(p, t, blend_coeff(rt->alpha_src_factor));
         P_NVC597_SET_BLEND_PER_TARGET_ALPHA_DEST_COEFF(p, t, blend_coeff(rt->alpha_dst_factor));
      }
   }
   if (!indep) {
      const struct pipe_rt_blend_state *rt = &b->rt[0];
      P_IMMD(p, NVC597, SET_BLEND_SEPARATE_FOR_ALPHA, ENABLE_TRUE);
      P_IMMD(p, NVC597, SET_BLEND_COLOR_OP, blend_op(rt->rgb_func));
      P_IMMD(p, NVC597, SET_BLEND_COLOR_SOURCE_COEFF, blend_coeff(rt->rgb_src_factor));
      P_IMMD(p, NVC597, SET_BLEND_COLOR_DEST_COEFF, blend_coeff(rt->rgb_dst_factor));
      P_IMMD(p, NVC597, SET_BLEND_ALPHA_OP, blend_op(rt->alpha_func));
      P_IMMD(p, NVC597, SET_BLEND_ALPHA_SOURCE_COEFF, blend_coeff(rt->alpha_src_factor));
      P_IMMD(p, NVC597, SET_BLEND_ALPHA_DEST_COEFF, blend_coeff(rt->alpha_dst_factor));
   }
   P_IMMD(p, NVC597, SET_LOGIC_OP, b->logicop_enable);
   P_IMMD(p, NVC597, SET_LOGIC_OP_FUNC, logic_op(b->logicop_func));
   P_IMMD(p, NVC597, SET_ANTI_ALIAS_ALPHA_CONTROL,
          {
             .alpha_to_coverage = b->alpha_to_coverage,
             .alpha_to_one = b->alpha_to_one,
          });
}

static void *
jade_create_blend_state(struct pipe_context *pctx, const struct pipe_blend_state *templ)
{
   struct jade_blend *blend = CALLOC_STRUCT(jade_blend);
   if (!blend)
      return NULL;
   blend->base = *templ;
   struct nv_push push;
   nv_push_init(&push, blend->dw, ARRAY_SIZE(blend->dw));
   pack(&push, templ);
   blend->dw_count = (unsigned)nv_push_dw_count(&push);
   return blend;
}

static void
jade_bind_blend_state(struct pipe_context *pctx, void *cso)
{
   struct jade_context *ctx = jade_context(pctx);
   ctx->state.blend = cso;
   ctx->dirty |= JADE_DIRTY_BLEND;
}

static void
jade_delete_blend_state(struct pipe_context *pctx, void *cso)
{
   FREE(cso);
}

static void
jade_set_blend_color(struct pipe_context *pctx, const struct pipe_blend_color *color)
{
   struct jade_context *ctx = jade_context(pctx);
   ctx->state.blend_color = *color;
   ctx->dirty |= JADE_DIRTY_BLEND_COLOR;
}

void
jade_emit_blend_color(struct jade_context *ctx)
{
   struct nv_push *p = jade_push_reserve(ctx, 5);
   P_MTHD(p, NVC597, SET_BLEND_CONST_RED);
   P_NVC597_SET_BLEND_CONST_RED(p, fui(ctx->state.blend_color.color[0]));
   P_NVC597_SET_BLEND_CONST_GREEN(p, fui(ctx->state.blend_color.color[1]));
   P_NVC597_SET_BLEND_CONST_BLUE(p, fui(ctx->state.blend_color.color[2]));
   P_NVC597_SET_BLEND_CONST_ALPHA(p, fui(ctx->state.blend_color.color[3]));
}

void
jade_init_blend_functions(struct jade_context *ctx)
{
   ctx->base.create_blend_state = jade_create_blend_state;
   ctx->base.bind_blend_state = jade_bind_blend_state;
   ctx->base.delete_blend_state = jade_delete_blend_state;
   ctx->base.set_blend_color = jade_set_blend_color;
}
