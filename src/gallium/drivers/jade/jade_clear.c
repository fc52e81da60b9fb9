/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Clears through the 3D class's clear methods: the clear values, a clear
 * rectangle (neither the scissor nor the viewport clip applies), then one
 * CLEAR_SURFACE per target and layer.  Clearing a surface that is not
 * bound binds it as the framebuffer for the clear and marks the real one
 * dirty again.
 */

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "util/format/u_format.h"
#include "util/u_framebuffer.h"
#include "util/u_inlines.h"
#include "util/u_surface.h"

#include "jade_context.h"
#include "jade_resource.h"
#include "jade_state.h"
#include "jade_tex_cache.h"

static unsigned
surface_layers(const struct pipe_surface *surf)
{
   return surf->u.tex.last_layer - surf->u.tex.first_layer + 1;
}

static void
emit_clear(struct jade_context *ctx, unsigned buffers, unsigned x0, unsigned y0, unsigned x1,
           unsigned y1, const union pipe_color_union *color, double depth, unsigned stencil)
{
   const struct pipe_framebuffer_state *fb = &ctx->state.framebuffer;

   if (ctx->dirty & JADE_DIRTY_FRAMEBUFFER) {
      jade_emit_framebuffer(ctx);
      ctx->dirty &= ~JADE_DIRTY_FRAMEBUFFER;
   }
   jade_context_mark_bound(ctx);
   if (x1 <= x0 || y1 <= y0)
      return;
   jade_tex_cache_framebuffer_written(ctx);

   struct nv_push *p = jade_push_reserve(ctx, 16);
   P_IMMD(p, NVC597, SET_CLEAR_SURFACE_CONTROL,
          {
             .respect_stencil_mask = RESPECT_STENCIL_MASK_FALSE,
             .use_clear_rect = USE_CLEAR_RECT_TRUE,
             .use_scissor0 = USE_SCISSOR0_FALSE,
             .use_viewport_clip0 = USE_VIEWPORT_CLIP0_FALSE,
          });
   P_MTHD(p, NVC597, SET_CLEAR_RECT_HORIZONTAL);
   P_NVC597_SET_CLEAR_RECT_HORIZONTAL(p, {.xmin = x0, .xmax = x1});
   P_NVC597_SET_CLEAR_RECT_VERTICAL(p, {.ymin = y0, .ymax = y1});

   if (buffers & PIPE_CLEAR_COLOR) {
      /* Raw bits: float targets read floats, integer targets integers. */
      P_MTHD(p, NVC597, SET_COLOR_CLEAR_VALUE(0));
      for (unsigned c = 0; c < 4; c++)
         P_NVC597_SET_COLOR_CLEAR_VALUE(p, c, color->ui[c]);
   }
   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      if (!(buffers & (PIPE_CLEAR_COLOR0 << i)) || !fb->cbufs[i])
         continue;
      for (unsigned layer = 0; layer < surface_layers(fb->cbufs[i]); layer++) {
         p = jade_push_reserve(ctx, 2);
         P_IMMD(p, NVC597, CLEAR_SURFACE,
                {
                   .r_enable = R_ENABLE_TRUE,
                   .g_enable = G_ENABLE_TRUE,
                   .b_enable = B_ENABLE_TRUE,
                   .a_enable = A_ENABLE_TRUE,
                   .mrt_select = i,
                   .rt_array_index = layer,
                });
      }
   }

   const unsigned zs = buffers & PIPE_CLEAR_DEPTHSTENCIL;
   if (zs && fb->zsbuf) {
      p = jade_push_reserve(ctx, 4);
      if (zs & PIPE_CLEAR_DEPTH)
         P_IMMD(p, NVC597, SET_Z_CLEAR_VALUE, fui((float)depth));
      if (zs & PIPE_CLEAR_STENCIL)
         P_IMMD(p, NVC597, SET_STENCIL_CLEAR_VALUE, stencil & 0xff);
      for (unsigned layer = 0; layer < surface_layers(fb->zsbuf); layer++) {
         p = jade_push_reserve(ctx, 2);
         P_IMMD(p, NVC597, CLEAR_SURFACE,
                {
                   .z_enable = (zs & PIPE_CLEAR_DEPTH) != 0,
                   .stencil_enable = (zs & PIPE_CLEAR_STENCIL) != 0,
                   .rt_array_index = layer,
                });
      }
   }
}

static void
jade_clear(struct pipe_context *pctx, unsigned buffers, const struct pipe_scissor_state *scissor,
           const union pipe_color_union *color, double depth, unsigned stencil)
{
   struct jade_context *ctx = jade_context(pctx);
   const struct pipe_framebuffer_state *fb = &ctx->state.framebuffer;

   if (scissor)
      emit_clear(ctx, buffers, scissor->minx, scissor->miny, MIN2(scissor->maxx, fb->width),
                 MIN2(scissor->maxy, fb->height), color, depth, stencil);
   else
      emit_clear(ctx, buffers, 0, 0, fb->width, fb->height, color, depth, stencil);
}

/* Clears one surface by making it the framebuffer for the clear. */
static void
clear_surface(struct jade_context *ctx, struct pipe_surface *surf, bool zs, unsigned buffers,
              const union pipe_color_union *color, double depth, unsigned stencil, unsigned x,
              unsigned y, unsigned w, unsigned h)
{
   struct pipe_framebuffer_state saved = {0};
   util_copy_framebuffer_state(&saved, &ctx->state.framebuffer);

   struct pipe_framebuffer_state tmp = {
      .width = surf->width,
      .height = surf->height,
      .layers = surface_layers(surf),
      .samples = surf->texture->nr_samples,
      .nr_cbufs = zs ? 0 : 1,
      .cbufs = {zs ? NULL : surf},
      .zsbuf = zs ? surf : NULL,
   };
   util_copy_framebuffer_state(&ctx->state.framebuffer, &tmp);
   ctx->dirty |= JADE_DIRTY_FRAMEBUFFER;
   emit_clear(ctx, buffers, x, y, x + w, y + h, color, depth, stencil);

   util_copy_framebuffer_state(&ctx->state.framebuffer, &saved);
   util_unreference_framebuffer_state(&saved);
   ctx->dirty |= JADE_DIRTY_FRAMEBUFFER;
   jade_bank_dirty(ctx, PIPE_SHADER_FRAGMENT, JADE_BANK_SAMPLES);
}

static void
jade_clear_render_target(struct pipe_context *pctx, struct pipe_surface *dst,
                         const union pipe_color_union *color, unsigned x, unsigned y, unsigned w,
                         unsigned h, bool render_condition_enabled)
{
   clear_surface(jade_context(pctx), dst, false, PIPE_CLEAR_COLOR0, color, 0, 0, x, y, w, h);
}

static void
jade_clear_depth_stencil(struct pipe_context *pctx, struct pipe_surface *dst, unsigned clear_flags,
                         double depth, unsigned stencil, unsigned x, unsigned y, unsigned w,
                         unsigned h, bool render_condition_enabled)
{
   const union pipe_color_union none = {0};
   clear_surface(jade_context(pctx), dst, true, clear_flags & PIPE_CLEAR_DEPTHSTENCIL, &none, depth,
                 stencil, x, y, w, h);
}

void
jade_init_clear_functions(struct jade_context *ctx)
{
   ctx->base.clear = jade_clear;
   ctx->base.clear_render_target = jade_clear_render_target;
   ctx->base.clear_depth_stencil = jade_clear_depth_stencil;
   /* Texture clears: as a bound surface through the clears above where
    * the format renders, through a CPU mapping otherwise (Mesa's helper). */
   ctx->base.clear_texture = u_default_clear_texture;
}
