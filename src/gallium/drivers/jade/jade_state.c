/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Bound state without a file of its own (sample mask, stipple), the
 * release of bound state, and the emission of what dirty bits name; the
 * state objects are packed at create time in jade_state_*.c and
 * jade_texture.c.
 */

#include "util/u_framebuffer.h"
#include "util/u_helpers.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"

#include "jade_context.h"
#include "jade_state.h"

static void
jade_set_sample_mask(struct pipe_context *pctx, unsigned mask)
{
   jade_context(pctx)->state.sample_mask = mask;
}

static void
jade_set_polygon_stipple(struct pipe_context *pctx,
                         const struct pipe_poly_stipple *stipple)
{
   jade_context(pctx)->state.stipple = *stipple;
}

static void
jade_release_state(struct jade_state *st)
{
   util_unreference_framebuffer_state(&st->framebuffer);
   for (unsigned i = 0; i < st->vertex_buffer_count; i++)
      pipe_vertex_buffer_unreference(&st->vertex_buffers[i]);
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      for (unsigned i = 0; i < PIPE_MAX_SHADER_SAMPLER_VIEWS; i++)
         pipe_sampler_view_reference(&st->views[s][i], NULL);
      for (unsigned i = 0; i < PIPE_MAX_CONSTANT_BUFFERS; i++)
         pipe_resource_reference(&st->constbuf[s][i].buffer, NULL);
   }
   for (unsigned i = 0; i < PIPE_MAX_SO_BUFFERS; i++)
      pipe_so_target_reference(&st->so_targets[i], NULL);
}

void
jade_context_release_state(struct jade_context *ctx)
{
   jade_release_state(&ctx->state);
}

void
jade_init_state_functions(struct jade_context *ctx)
{
   struct pipe_context *pctx = &ctx->base;

   jade_init_blend_functions(ctx);
   jade_init_rasterizer_functions(ctx);
   jade_init_zsa_functions(ctx);
   jade_init_vertex_functions(ctx);

   jade_init_constbuf_functions(ctx);
   jade_init_framebuffer_functions(ctx);
   jade_init_viewport_functions(ctx);
   pctx->set_sample_mask = jade_set_sample_mask;
   pctx->set_polygon_stipple = jade_set_polygon_stipple;


   jade_init_stream_out_functions(ctx);
}

void
jade_emit_dirty_state(struct jade_context *ctx)
{
   if ((ctx->dirty & JADE_DIRTY_RASTERIZER) && ctx->state.rasterizer) {
      const struct jade_rasterizer *rast = ctx->state.rasterizer;
      struct nv_push *p = jade_push_reserve(ctx, rast->dw_count);
      nv_push_raw(p, (uint32_t *)rast->dw, rast->dw_count);
   }
   if ((ctx->dirty & JADE_DIRTY_ZSA) && ctx->state.zsa) {
      const struct jade_zsa *zsa = ctx->state.zsa;
      struct nv_push *p = jade_push_reserve(ctx, zsa->dw_count);
      nv_push_raw(p, (uint32_t *)zsa->dw, zsa->dw_count);
   }
   if (ctx->dirty & JADE_DIRTY_STENCIL_REF)
      jade_emit_stencil_ref(ctx);
   if ((ctx->dirty & JADE_DIRTY_BLEND) && ctx->state.blend) {
      const struct jade_blend *blend = ctx->state.blend;
      struct nv_push *p = jade_push_reserve(ctx, blend->dw_count);
      nv_push_raw(p, (uint32_t *)blend->dw, blend->dw_count);
   }
   if (ctx->dirty & JADE_DIRTY_BLEND_COLOR)
      jade_emit_blend_color(ctx);
   if ((ctx->dirty & JADE_DIRTY_VERTEX_ELEMENTS) && ctx->state.vertex_elements)
      jade_emit_vertex_elements(ctx);
   if (ctx->dirty & JADE_DIRTY_VERTEX_BUFFERS)
      jade_emit_vertex_buffers(ctx);
   if (ctx->dirty & (JADE_DIRTY_VIEWPORT | JADE_DIRTY_RASTERIZER))
      jade_emit_viewport(ctx);
   if (ctx->dirty & (JADE_DIRTY_SCISSOR | JADE_DIRTY_RASTERIZER))
      jade_emit_scissor(ctx);
   if (ctx->dirty & JADE_DIRTY_FRAMEBUFFER)
      jade_emit_framebuffer(ctx);
   if (ctx->dirty & JADE_DIRTY_STREAM_OUT)
      jade_emit_stream_out(ctx);
   if (ctx->dirty & JADE_DIRTY_CONSTBUF)
      jade_emit_constant_buffers(ctx);
   if (ctx->dirty & JADE_DIRTY_DRIVER_CBUF)
      jade_emit_driver_constants(ctx);
   ctx->dirty = 0;
}
