/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The depth/stencil/alpha CSO, packed into TURING_A methods at create
 * time.  Alpha test is the hardware's (SET_ALPHA_TEST: a NOS the shader
 * never sees).  Stencil reference values are separate state
 * (set_stencil_ref), emitted with their own dirty bit.
 */

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "util/u_math.h"
#include "util/u_memory.h"

#include "jade_context.h"
#include "jade_state.h"

/* PIPE_FUNC_NEVER..ALWAYS in order are OGL_NEVER..OGL_ALWAYS (0x200 + f)
 * for depth, stencil and alpha alike. */
static uint32_t
ogl_func(unsigned func)
{
   return NVC597_SET_DEPTH_FUNC_V_OGL_NEVER + func;
}

static uint32_t
stencil_op(unsigned op)
{
   switch (op) {
   case PIPE_STENCIL_OP_ZERO:
      return NVC597_SET_STENCIL_OP_FAIL_V_OGL_ZERO;
   case PIPE_STENCIL_OP_REPLACE:
      return NVC597_SET_STENCIL_OP_FAIL_V_OGL_REPLACE;
   case PIPE_STENCIL_OP_INCR:
      return NVC597_SET_STENCIL_OP_FAIL_V_OGL_INCRSAT;
   case PIPE_STENCIL_OP_DECR:
      return NVC597_SET_STENCIL_OP_FAIL_V_OGL_DECRSAT;
   case PIPE_STENCIL_OP_INCR_WRAP:
      return NVC597_SET_STENCIL_OP_FAIL_V_OGL_INCR;
   case PIPE_STENCIL_OP_DECR_WRAP:
      return NVC597_SET_STENCIL_OP_FAIL_V_OGL_DECR;
   case PIPE_STENCIL_OP_INVERT:
      return NVC597_SET_STENCIL_OP_FAIL_V_OGL_INVERT;
   default:
      return NVC597_SET_STENCIL_OP_FAIL_V_OGL_KEEP;
   }
}

static void
pack(struct nv_push *p, const struct pipe_depth_stencil_alpha_state *z)
{
   P_IMMD(p, NVC597, SET_DEPTH_TEST, z->depth_enabled);
   P_IMMD(p, NVC597, SET_DEPTH_WRITE, z->depth_enabled && z->depth_writemask);
   P_IMMD(p, NVC597, SET_DEPTH_FUNC, ogl_func(z->depth_enabled ? z->depth_func : PIPE_FUNC_ALWAYS));
   P_IMMD(p, NVC597, SET_DEPTH_BOUNDS_TEST, z->depth_bounds_test);
   P_IMMD(p, NVC597, SET_DEPTH_BOUNDS_MIN, fui(z->depth_bounds_min));
   P_IMMD(p, NVC597, SET_DEPTH_BOUNDS_MAX, fui(z->depth_bounds_max));

   const struct pipe_stencil_state *front = &z->stencil[0], *back = &z->stencil[1];
   P_IMMD(p, NVC597, SET_STENCIL_TEST, front->enabled);
   P_IMMD(p, NVC597, SET_STENCIL_OP_FAIL, stencil_op(front->fail_op));
   P_IMMD(p, NVC597, SET_STENCIL_OP_ZFAIL, stencil_op(front->zfail_op));
   P_IMMD(p, NVC597, SET_STENCIL_OP_ZPASS, stencil_op(front->zpass_op));
   P_IMMD(p, NVC597, SET_STENCIL_FUNC, ogl_func(front->func));
   P_IMMD(p, NVC597, SET_STENCIL_FUNC_MASK, front->valuemask);
   P_IMMD(p, NVC597, SET_STENCIL_MASK, front->writemask);
   P_IMMD(p, NVC597, SET_TWO_SIDED_STENCIL_TEST, front->enabled && back->enabled);
   P_IMMD(p, NVC597, SET_BACK_STENCIL_OP_FAIL, stencil_op(back->fail_op));
   P_IMMD(p, NVC597, SET_BACK_STENCIL_OP_ZFAIL, stencil_op(back->zfail_op));
   P_IMMD(p, NVC597, SET_BACK_STENCIL_OP_ZPASS, stencil_op(back->zpass_op));
   P_IMMD(p, NVC597, SET_BACK_STENCIL_FUNC, ogl_func(back->func));
   P_IMMD(p, NVC597, SET_BACK_STENCIL_FUNC_MASK, back->valuemask);
   P_IMMD(p, NVC597, SET_BACK_STENCIL_MASK, back->writemask);

   P_IMMD(p, NVC597, SET_ALPHA_TEST, z->alpha_enabled);
   P_IMMD(p, NVC597, SET_ALPHA_FUNC, ogl_func(z->alpha_enabled ? z->alpha_func : PIPE_FUNC_ALWAYS));
   P_IMMD(p, NVC597, SET_ALPHA_REF, fui(z->alpha_ref_value));
}

static void *
jade_create_zsa_state(struct pipe_context *pctx, const struct pipe_depth_stencil_alpha_state *templ)
{
   struct jade_zsa *zsa = CALLOC_STRUCT(jade_zsa);
   if (!zsa)
      return NULL;
   zsa->base = *templ;
   struct nv_push push;
   nv_push_init(&push, zsa->dw, ARRAY_SIZE(zsa->dw));
   pack(&push, templ);
   zsa->dw_count = (unsigned)nv_push_dw_count(&push);
   return zsa;
}

static void
jade_bind_zsa_state(struct pipe_context *pctx, void *cso)
{
   struct jade_context *ctx = jade_context(pctx);
   ctx->state.zsa = cso;
   ctx->dirty |= JADE_DIRTY_ZSA;
}

static void
jade_delete_zsa_state(struct pipe_context *pctx, void *cso)
{
   FREE(cso);
}

static void
jade_set_stencil_ref(struct pipe_context *pctx, const struct pipe_stencil_ref ref)
{
   struct jade_context *ctx = jade_context(pctx);
   ctx->state.stencil_ref = ref;
   ctx->dirty |= JADE_DIRTY_STENCIL_REF;
}

void
jade_emit_stencil_ref(struct jade_context *ctx)
{
   struct nv_push *p = jade_push_reserve(ctx, 4);
   P_IMMD(p, NVC597, SET_STENCIL_FUNC_REF, ctx->state.stencil_ref.ref_value[0]);
   P_IMMD(p, NVC597, SET_BACK_STENCIL_FUNC_REF, ctx->state.stencil_ref.ref_value[1]);
}

void
jade_init_zsa_functions(struct jade_context *ctx)
{
   ctx->base.create_depth_stencil_alpha_state = jade_create_zsa_state;
   ctx->base.bind_depth_stencil_alpha_state = jade_bind_zsa_state;
   ctx->base.delete_depth_stencil_alpha_state = jade_delete_zsa_state;
   ctx->base.set_stencil_ref = jade_set_stencil_ref;
}
