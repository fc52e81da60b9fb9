/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Clears.  Until the hardware clear methods are emitted (issue 7), clears
 * are done by the CPU through mapped buffer objects with Mesa's u_surface
 * helpers: slow, but exact, so glClear + glReadPixels round-trips.
 */

#include "util/u_surface.h"

#include "jade_context.h"

static void
jade_clear(struct pipe_context *pctx, unsigned buffers,
           const struct pipe_scissor_state *scissor,
           const union pipe_color_union *color, double depth, unsigned stencil)
{
   const struct pipe_framebuffer_state *fb =
      &jade_context(pctx)->state.framebuffer;
   unsigned x = 0, y = 0, w = fb->width, h = fb->height;

   if (scissor) {
      x = scissor->minx;
      y = scissor->miny;
      w = scissor->maxx > x ? scissor->maxx - x : 0;
      h = scissor->maxy > y ? scissor->maxy - y : 0;
   }

   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      if ((buffers & (PIPE_CLEAR_COLOR0 << i)) && fb->cbufs[i])
         util_clear_render_target(pctx, fb->cbufs[i], color, x, y, w, h);
   }

   if ((buffers & PIPE_CLEAR_DEPTHSTENCIL) && fb->zsbuf) {
      util_clear_depth_stencil(pctx, fb->zsbuf,
                               buffers & PIPE_CLEAR_DEPTHSTENCIL, depth,
                               stencil, x, y, w, h);
   }
}

static void
jade_clear_render_target(struct pipe_context *pctx, struct pipe_surface *dst,
                         const union pipe_color_union *color, unsigned x,
                         unsigned y, unsigned w, unsigned h,
                         bool render_condition_enabled)
{
   util_clear_render_target(pctx, dst, color, x, y, w, h);
}

static void
jade_clear_depth_stencil(struct pipe_context *pctx, struct pipe_surface *dst,
                         unsigned clear_flags, double depth, unsigned stencil,
                         unsigned x, unsigned y, unsigned w, unsigned h,
                         bool render_condition_enabled)
{
   util_clear_depth_stencil(pctx, dst, clear_flags, depth, stencil, x, y, w, h);
}

void
jade_init_clear_functions(struct jade_context *ctx)
{
   ctx->base.clear = jade_clear;
   ctx->base.clear_render_target = jade_clear_render_target;
   ctx->base.clear_depth_stencil = jade_clear_depth_stencil;
   ctx->base.clear_texture = util_clear_texture_sw;
}
