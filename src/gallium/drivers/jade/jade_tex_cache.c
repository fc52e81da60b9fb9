/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The texture data cache (jade_tex_cache.h): the GPU's texel reads go
 * through a cache that no write updates (clc597.h, clc5c0.h
 * INVALIDATE_TEXTURE_DATA_CACHE), so a texture the GPU wrote since the
 * last invalidation may read stale lines.  As nvc0 does (nvc0_tex.c,
 * nve4_compute.c: a bound texture whose resource has GPU_WRITING gets a
 * TEX_CACHE_CTL, method 0x1338, through the class that samples it; the
 * resource is marked by framebuffer validation and by writable
 * images/buffers, nvc0_state_validate.c, nvc0_context.h), resources are
 * marked when work writes them, and work that samples a marked one
 * invalidates first, through its own class.  The marks are taken after
 * the check, so a draw's own targets are marked for the next one.
 *
 * A draw with the bindings of the draw before it changes nothing unless
 * it samples what it writes (a feedback loop): the first cleared the
 * sampled textures' marks and set the written ones', the second would do
 * the same.  So draws skip the walk while ctx->tex_cache_clean, which
 * binding changes, launches and clears reset (GL makes another context's
 * writes visible only after a rebind, GL 4.6 5.3).
 */

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "nv_push_clc5c0.h"

#include "jade_context.h"
#include "jade_resource.h"
#include "jade_tex_cache.h"

static void
written(struct pipe_resource *pres)
{
   if (pres)
      jade_resource(pres)->gpu_written = true;
}

/* Whether a view of stages [first, last] samples a texture the GPU wrote;
 * the marks of those resources dropped (the invalidation that follows
 * covers them). */
static bool
samples_written(struct jade_context *ctx, unsigned first, unsigned last)
{
   bool stale = false;
   for (unsigned s = first; s <= last; s++) {
      for (unsigned i = 0; i < ctx->state.view_count[s]; i++) {
         struct pipe_sampler_view *v = ctx->state.views[s][i];
         if (v && v->texture && jade_resource(v->texture)->gpu_written) {
            jade_resource(v->texture)->gpu_written = false;
            stale = true;
         }
      }
   }
   return stale;
}

static void
stage_writes(struct jade_context *ctx, unsigned s)
{
   for (unsigned i = 0; i < ctx->state.image_count[s]; i++) {
      const struct pipe_image_view *img = &ctx->state.images[s][i];
      if (img->access & PIPE_IMAGE_ACCESS_WRITE)
         written(img->resource);
   }
   for (unsigned i = 0; i < ctx->state.ssbo_count[s]; i++)
      written(ctx->state.ssbo[s][i].buffer);
}

void
jade_tex_cache_rebound(struct jade_context *ctx)
{
   ctx->tex_cache_clean = false;
}

/* Whether a stage of the draw samples a texture marked as written. */
static bool
feedback(struct jade_context *ctx)
{
   for (unsigned s = PIPE_SHADER_VERTEX; s <= PIPE_SHADER_FRAGMENT; s++) {
      for (unsigned i = 0; i < ctx->state.view_count[s]; i++) {
         struct pipe_sampler_view *v = ctx->state.views[s][i];
         if (v && v->texture && jade_resource(v->texture)->gpu_written)
            return true;
      }
   }
   return false;
}

void
jade_tex_cache_draw(struct jade_context *ctx)
{
   if (ctx->tex_cache_clean)
      return;
   if (samples_written(ctx, PIPE_SHADER_VERTEX, PIPE_SHADER_FRAGMENT)) {
      /* The form that waits for idle: the writes of earlier draws land
       * first (nvc0's TEX_CACHE_CTL is this method, 0x1338). */
      struct nv_push *p = jade_push_reserve(ctx, 2);
      P_IMMD(p, NVC597, INVALIDATE_TEXTURE_DATA_CACHE, {.lines = LINES_ALL});
   }
   jade_tex_cache_framebuffer_written(ctx);
   for (unsigned s = PIPE_SHADER_VERTEX; s <= PIPE_SHADER_FRAGMENT; s++)
      stage_writes(ctx, s);
   for (unsigned i = 0; i < ctx->state.so_target_count; i++) {
      if (ctx->state.so_targets[i])
         written(ctx->state.so_targets[i]->buffer);
   }
   ctx->tex_cache_clean = !feedback(ctx);
}

void
jade_tex_cache_launch(struct jade_context *ctx)
{
   if (samples_written(ctx, PIPE_SHADER_COMPUTE, PIPE_SHADER_COMPUTE)) {
      struct nv_push *p = jade_push_reserve(ctx, 2);
      P_IMMD(p, NVC5C0, INVALIDATE_TEXTURE_DATA_CACHE, {.lines = LINES_ALL});
   }
   stage_writes(ctx, PIPE_SHADER_COMPUTE);
   ctx->tex_cache_clean = false; /* marks changed under the draws' bindings */
}

void
jade_tex_cache_framebuffer_written(struct jade_context *ctx)
{
   const struct pipe_framebuffer_state *fb = &ctx->state.framebuffer;
   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      if (fb->cbufs[i])
         written(fb->cbufs[i]->texture);
   }
   if (fb->zsbuf)
      written(fb->zsbuf->texture);
   ctx->tex_cache_clean = false;
}

void
jade_tex_cache_invalidate(struct jade_context *ctx)
{
   struct nv_push *p = jade_push_reserve(ctx, 2);
   P_IMMD(p, NVC597, INVALIDATE_TEXTURE_DATA_CACHE, {.lines = LINES_ALL});
}
