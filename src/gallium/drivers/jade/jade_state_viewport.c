/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Viewport and scissor (one of each until caps.max_viewports grows):
 * emitted at draw when they changed.  The scissor's enable is the
 * rasterizer's, so a rasterizer change re-emits it too.
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
   if (start == 0 && count >= 1) {
      ctx->state.viewport = vp[0];
      ctx->dirty |= JADE_DIRTY_VIEWPORT;
   }
}

static void
jade_set_scissor_states(struct pipe_context *pctx, unsigned start, unsigned count,
                        const struct pipe_scissor_state *sc)
{
   struct jade_context *ctx = jade_context(pctx);
   if (start == 0 && count >= 1) {
      ctx->state.scissor = sc[0];
      ctx->dirty |= JADE_DIRTY_SCISSOR;
   }
}

/* Scale and offset, the rectangle the viewport covers (the hardware
 * clips to it) and its depth range. */
void
jade_emit_viewport(struct jade_context *ctx)
{
   const struct pipe_viewport_state *vp = &ctx->state.viewport;
   bool halfz = ctx->state.rasterizer && ctx->state.rasterizer->base.clip_halfz;
   float zmin, zmax;
   util_viewport_zmin_zmax(vp, halfz, &zmin, &zmax);
   int x0 = (int)CLAMP(vp->translate[0] - fabsf(vp->scale[0]), 0.0f, 32767.0f);
   int y0 = (int)CLAMP(vp->translate[1] - fabsf(vp->scale[1]), 0.0f, 32767.0f);
   int x1 = (int)CLAMP(ceilf(vp->translate[0] + fabsf(vp->scale[0])), 0.0f, 32768.0f);
   int y1 = (int)CLAMP(ceilf(vp->translate[1] + fabsf(vp->scale[1])), 0.0f, 32768.0f);

   struct nv_push *p = jade_push_reserve(ctx, 14);
   P_MTHD(p, NVC597, SET_VIEWPORT_SCALE_X(0));
   P_NVC597_SET_VIEWPORT_SCALE_X(p, 0, fui(vp->scale[0]));
   P_NVC597_SET_VIEWPORT_SCALE_Y(p, 0, fui(vp->scale[1]));
   P_NVC597_SET_VIEWPORT_SCALE_Z(p, 0, fui(vp->scale[2]));
   P_NVC597_SET_VIEWPORT_OFFSET_X(p, 0, fui(vp->translate[0]));
   P_NVC597_SET_VIEWPORT_OFFSET_Y(p, 0, fui(vp->translate[1]));
   P_NVC597_SET_VIEWPORT_OFFSET_Z(p, 0, fui(vp->translate[2]));
   P_MTHD(p, NVC597, SET_VIEWPORT_CLIP_HORIZONTAL(0));
   P_NVC597_SET_VIEWPORT_CLIP_HORIZONTAL(p, 0, {.x0 = x0, .width = MAX2(x1 - x0, 0)});
   P_NVC597_SET_VIEWPORT_CLIP_VERTICAL(p, 0, {.y0 = y0, .height = MAX2(y1 - y0, 0)});
   P_NVC597_SET_VIEWPORT_CLIP_MIN_Z(p, 0, fui(zmin));
   P_NVC597_SET_VIEWPORT_CLIP_MAX_Z(p, 0, fui(zmax));
}

void
jade_emit_scissor(struct jade_context *ctx)
{
   const struct pipe_scissor_state *sc = &ctx->state.scissor;
   bool enable = ctx->state.rasterizer && ctx->state.rasterizer->base.scissor;
   struct nv_push *p = jade_push_reserve(ctx, 4);
   P_MTHD(p, NVC597, SET_SCISSOR_ENABLE(0));
   P_NVC597_SET_SCISSOR_ENABLE(p, 0, enable);
   P_NVC597_SET_SCISSOR_HORIZONTAL(p, 0, {.xmin = sc->minx, .xmax = sc->maxx});
   P_NVC597_SET_SCISSOR_VERTICAL(p, 0, {.ymin = sc->miny, .ymax = sc->maxy});
}

void
jade_init_viewport_functions(struct jade_context *ctx)
{
   ctx->base.set_viewport_states = jade_set_viewport_states;
   ctx->base.set_scissor_states = jade_set_scissor_states;
}
