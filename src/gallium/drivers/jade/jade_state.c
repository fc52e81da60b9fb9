/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Bound state without a file of its own (sample mask, stipple), the
 * release of bound state, and the emission of what dirty bits name; the
 * state objects are packed at create time in jade_state_*.c and
 * jade_texture.c.
 */

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "util/u_framebuffer.h"
#include "util/u_helpers.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_memory.h"

#include "jade_context.h"
#include "jade_state.h"

static void
jade_set_sample_mask(struct pipe_context *pctx, unsigned mask)
{
   struct jade_context *ctx = jade_context(pctx);
   if (ctx->state.sample_mask != mask) {
      ctx->state.sample_mask = mask;
      ctx->dirty |= JADE_DIRTY_SAMPLES;
   }
}

/* The sample mask, one per pixel of a 2x2 quad (SET_SAMPLE_MASK_X0_Y0 ..
 * X1_Y1, as nvc0 validate_sample_mask and NVK nvk_flush_ms_state program
 * it: the hardware's reset value is not documented, and a 0 mask covers
 * nothing), and the passes of sample shading: min_samples of the
 * framebuffer's samples shaded apart means next_pow2(min_samples)
 * invocations a pixel, IPA.CENTROID over each pass's samples
 * (SET_HYBRID_ANTI_ALIAS_CONTROL, as NVK's nvk_mme_set_anti_alias sets
 * it; the per-pass masks of the driver bank match its groups). */
void
jade_emit_samples(struct jade_context *ctx)
{
   const unsigned samples = util_framebuffer_get_num_samples(&ctx->state.framebuffer);
   const unsigned passes = samples > 1 && ctx->state.min_samples > 1
                              ? MIN2(util_next_power_of_two(ctx->state.min_samples), samples)
                              : 1;
   const uint32_t mask = ctx->state.sample_mask & 0xffff;
   struct nv_push *p = jade_push_reserve(ctx, 8);
   P_MTHD(p, NVC597, SET_SAMPLE_MASK_X0_Y0);
   P_NVC597_SET_SAMPLE_MASK_X0_Y0(p, mask);
   P_NVC597_SET_SAMPLE_MASK_X1_Y0(p, mask);
   P_NVC597_SET_SAMPLE_MASK_X0_Y1(p, mask);
   P_NVC597_SET_SAMPLE_MASK_X1_Y1(p, mask);
   P_IMMD(p, NVC597, SET_HYBRID_ANTI_ALIAS_CONTROL,
          {
             .passes = passes & 0xf,
             .centroid = passes > 1 ? CENTROID_PER_PASS : CENTROID_PER_FRAGMENT,
             .passes_extended = passes >> 4,
          });
}

static void
jade_set_polygon_stipple(struct pipe_context *pctx, const struct pipe_poly_stipple *stipple)
{
   struct jade_context *ctx = jade_context(pctx);
   ctx->state.stipple = *stipple;
   ctx->dirty |= JADE_DIRTY_STIPPLE;
}

/* The 32 rows of the polygon stipple, each byte-swapped as nvc0 programs
 * them (nvc0_state_validate.c, nvc0_validate_stipple): Gallium's words hold
 * GL's pattern bytes most significant first. */
static void
emit_stipple(struct jade_context *ctx)
{
   struct nv_push *p = jade_push_reserve(ctx, 33);
   P_MTHD(p, NVC597, SET_POLYGON_STIPPLE_PATTERN(0));
   for (unsigned i = 0; i < 32; i++)
      P_INLINE_DATA(p, util_bswap32(ctx->state.stipple.stipple[i]));
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
   jade_init_tess_functions(ctx);
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
   if (ctx->dirty & (JADE_DIRTY_FRAMEBUFFER | JADE_DIRTY_SAMPLES))
      jade_emit_samples(ctx);
   /* The pattern waits until a rasterizer state enables the stipple
    * (st/mesa sets one at context creation; most programs never use it). */
   uint32_t pending = 0;
   if (ctx->dirty & JADE_DIRTY_STIPPLE) {
      if (ctx->state.rasterizer && ctx->state.rasterizer->base.poly_stipple_enable)
         emit_stipple(ctx);
      else
         pending = JADE_DIRTY_STIPPLE;
   }
   if (ctx->dirty & JADE_DIRTY_STREAM_OUT)
      jade_emit_stream_out(ctx);
   /* Kept for the first draw with a tessellation stage. */
   if (ctx->dirty & JADE_DIRTY_TESS) {
      if (ctx->state.shader[PIPE_SHADER_TESS_EVAL])
         jade_emit_tess(ctx);
      else
         pending |= JADE_DIRTY_TESS;
   }
   if (ctx->dirty & JADE_DIRTY_CONSTBUF)
      jade_emit_constant_buffers(ctx);
   if (ctx->dirty & JADE_DIRTY_DRIVER_CBUF)
      jade_emit_driver_constants(ctx);
   ctx->dirty = pending;
}
