/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Viewports and scissors (ARB_viewport_array: JADE_MAX_VIEWPORTS of each):
 * emitted at draw, each one that changed.  A geometry shader's
 * gl_ViewportIndex (a[0x68], marked in the header's OMAP) selects viewport
 * and scissor i for its primitive; no method enables that (NVK and nvc0
 * program only the arrays).  The depth range depends on the rasterizer's
 * halfz and the scissors' enable on its scissor bit: a change of either
 * re-emits every viewport or scissor.
 */

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "util/u_math.h"
#include "util/u_viewport.h"

#include "jade_context.h"
#include "jade_state.h"

static void
jade_set_viewport_states(struct pipe_context *pctx, unsigned start, unsigned count,
                         const struct pipe_viewport_state *vp)
{
   struct jade_context *ctx = jade_context(pctx);
   for (unsigned i = 0; i < count && start + i < JADE_MAX_VIEWPORTS; i++) {
      ctx->state.viewport[start + i] = vp[i];
      ctx->viewports_dirty |= 1u << (start + i);
   }
   ctx->dirty |= JADE_DIRTY_VIEWPORT;
}

static void
jade_set_scissor_states(struct pipe_context *pctx, unsigned start, unsigned count,
                        const struct pipe_scissor_state *sc)
{
   struct jade_context *ctx = jade_context(pctx);
   for (unsigned i = 0; i < count && start + i < JADE_MAX_VIEWPORTS; i++) {
      ctx->state.scissor[start + i] = sc[i];
      ctx->scissors_dirty |= 1u << (start + i);
   }
   ctx->dirty |= JADE_DIRTY_SCISSOR;
}

/* Scale and offset, the rectangle the viewport covers (the hardware
 * clips to it) and its depth range, of viewport i (nvc0_state_validate.c
 * nvc0_validate_viewport and NVK's nvk_flush_vp_state program the same
 * methods per index). */
static void
emit_one_viewport(struct jade_context *ctx, unsigned i, bool halfz)
{
   const struct pipe_viewport_state *vp = &ctx->state.viewport[i];
   float zmin, zmax;
   util_viewport_zmin_zmax(vp, halfz, &zmin, &zmax);
   int x0 = (int)CLAMP(vp->translate[0] - fabsf(vp->scale[0]), 0.0f, 32767.0f);
   int y0 = (int)CLAMP(vp->translate[1] - fabsf(vp->scale[1]), 0.0f, 32767.0f);
   int x1 = (int)CLAMP(ceilf(vp->translate[0] + fabsf(vp->scale[0])), 0.0f, 32768.0f);
   int y1 = (int)CLAMP(ceilf(vp->translate[1] + fabsf(vp->scale[1])), 0.0f, 32768.0f);

   struct nv_push *p = jade_push_reserve(ctx, 14);
   P_MTHD(p, NVC597, SET_VIEWPORT_SCALE_X(i));
   P_NVC597_SET_VIEWPORT_SCALE_X(p, i, fui(vp->scale[0]));
   P_NVC597_SET_VIEWPORT_SCALE_Y(p, i, fui(vp->scale[1]));
   P_NVC597_SET_VIEWPORT_SCALE_Z(p, i, fui(vp->scale[2]));
   P_NVC597_SET_VIEWPORT_OFFSET_X(p, i, fui(vp->translate[0]));
   P_NVC597_SET_VIEWPORT_OFFSET_Y(p, i, fui(vp->translate[1]));
   P_NVC597_SET_VIEWPORT_OFFSET_Z(p, i, fui(vp->translate[2]));
   P_MTHD(p, NVC597, SET_VIEWPORT_CLIP_HORIZONTAL(i));
   P_NVC597_SET_VIEWPORT_CLIP_HORIZONTAL(p, i, {.x0 = x0, .width = MAX2(x1 - x0, 0)});
   P_NVC597_SET_VIEWPORT_CLIP_VERTICAL(p, i, {.y0 = y0, .height = MAX2(y1 - y0, 0)});
   P_NVC597_SET_VIEWPORT_CLIP_MIN_Z(p, i, fui(zmin));
   P_NVC597_SET_VIEWPORT_CLIP_MAX_Z(p, i, fui(zmax));
}

void
jade_emit_viewport(struct jade_context *ctx)
{
   bool halfz = ctx->state.rasterizer && ctx->state.rasterizer->base.clip_halfz;
   const uint8_t want = halfz ? 2 : 1;
   if (ctx->vp_halfz_sent != want)
      ctx->viewports_dirty = BITFIELD_MASK(JADE_MAX_VIEWPORTS);
   ctx->vp_halfz_sent = want;
   u_foreach_bit (i, ctx->viewports_dirty)
      emit_one_viewport(ctx, i, halfz);
   ctx->viewports_dirty = 0;
}

void
jade_emit_scissor(struct jade_context *ctx)
{
   bool enable = ctx->state.rasterizer && ctx->state.rasterizer->base.scissor;
   const uint8_t want = enable ? 2 : 1;
   if (ctx->scissor_enable_sent != want)
      ctx->scissors_dirty = BITFIELD_MASK(JADE_MAX_VIEWPORTS);
   ctx->scissor_enable_sent = want;
   u_foreach_bit (i, ctx->scissors_dirty) {
      const struct pipe_scissor_state *sc = &ctx->state.scissor[i];
      struct nv_push *p = jade_push_reserve(ctx, 4);
      P_MTHD(p, NVC597, SET_SCISSOR_ENABLE(i));
      P_NVC597_SET_SCISSOR_ENABLE(p, i, enable);
      P_NVC597_SET_SCISSOR_HORIZONTAL(p, i, {.xmin = sc->minx, .xmax = sc->maxx});
      P_NVC597_SET_SCISSOR_VERTICAL(p, i, {.ymin = sc->miny, .ymax = sc->maxy});
   }
   ctx->scissors_dirty = 0;
}

void
jade_init_viewport_functions(struct jade_context *ctx)
{
   ctx->base.set_viewport_states = jade_set_viewport_states;
   ctx->base.set_scissor_states = jade_set_scissor_states;
   ctx->viewports_dirty = BITFIELD_MASK(JADE_MAX_VIEWPORTS);
   ctx->scissors_dirty = BITFIELD_MASK(JADE_MAX_VIEWPORTS);
}
