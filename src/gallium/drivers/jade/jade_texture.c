/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Sampler views, samplers and the descriptor pools they live in
 * (jade_texture.h).  Descriptors are uploaded through the stream, after
 * the work recorded before them; slots are handed out round robin so
 * that a freed slot is not rewritten while draws in flight may still read
 * it.
 */

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "nv_push_clc5c0.h"
#include "util/log.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"

#include "jade_context.h"
#include "jade_resource.h"
#include "jade_state.h"
#include "jade_tex_cache.h"
#include "jade_texture.h"

static bool
pool_init(struct jade_context *ctx, struct jade_descriptor_pool *pool, unsigned count)
{
   pool->count = count;
   pool->next = 0;
   pool->used = CALLOC(BITSET_WORDS(count), sizeof(BITSET_WORD));
   if (!pool->used)
      return false;
   return jade_bo_create(ctx->screen->dev, (uint64_t)count * JADE_DESCRIPTOR_B, 0, JADE_BO_VRAM,
                         &pool->bo) == 0;
}

bool
jade_descriptor_pools_init(struct jade_context *ctx)
{
   simple_mtx_init(&ctx->tic_pool.lock, mtx_plain);
   simple_mtx_init(&ctx->tsc_pool.lock, mtx_plain);
   if (!pool_init(ctx, &ctx->tic_pool, JADE_TIC_COUNT) ||
       !pool_init(ctx, &ctx->tsc_pool, JADE_TSC_COUNT))
      return false;
   /* Header 0 is the null descriptor, which handle 0 (an unbound texture
    * or image unit) names: all zeros, the null descriptor on Volta and
    * later (NIL tic.rs fill_null_tic), so that unbound units read zeros
    * and drop stores (GL 4.6 8.26) instead of reading a header freed or
    * given to another view.  Uploaded by jade_emit_descriptor_pools. */
   BITSET_SET(ctx->tic_pool.used, 0);
   ctx->tic_pool.next = 1;
   return true;
}

void
jade_descriptor_pools_fini(struct jade_context *ctx)
{
   struct jade_descriptor_pool *pools[] = {&ctx->tic_pool, &ctx->tsc_pool};
   for (unsigned i = 0; i < 2; i++) {
      if (pools[i]->bo)
         jade_bo_destroy(pools[i]->bo);
      FREE(pools[i]->used);
      simple_mtx_destroy(&pools[i]->lock);
   }
}

void
jade_emit_descriptor_pools(struct jade_context *ctx)
{
   const uint64_t tic = ctx->tic_pool.bo->va, tsc = ctx->tsc_pool.bo->va;
   struct nv_push *p = jade_push_reserve(ctx, 32);

   P_MTHD(p, NVC597, SET_TEX_HEADER_POOL_A);
   P_NVC597_SET_TEX_HEADER_POOL_A(p, tic >> 32);
   P_NVC597_SET_TEX_HEADER_POOL_B(p, (uint32_t)tic);
   P_NVC597_SET_TEX_HEADER_POOL_C(p, ctx->tic_pool.count - 1);
   P_MTHD(p, NVC597, SET_TEX_SAMPLER_POOL_A);
   P_NVC597_SET_TEX_SAMPLER_POOL_A(p, tsc >> 32);
   P_NVC597_SET_TEX_SAMPLER_POOL_B(p, (uint32_t)tsc);
   P_NVC597_SET_TEX_SAMPLER_POOL_C(p, ctx->tsc_pool.count - 1);
   /* Header and sampler indices come separately (the handle holds both),
    * the handles from the driver bank c[15]. */
   P_IMMD(p, NVC597, SET_SAMPLER_BINDING, V_INDEPENDENTLY);
   P_IMMD(p, NVC597, SET_BINDLESS_TEXTURE, JADE_DRIVER_CBUF);

   P_MTHD(p, NVC5C0, SET_TEX_HEADER_POOL_A);
   P_NVC5C0_SET_TEX_HEADER_POOL_A(p, tic >> 32);
   P_NVC5C0_SET_TEX_HEADER_POOL_B(p, (uint32_t)tic);
   P_NVC5C0_SET_TEX_HEADER_POOL_C(p, ctx->tic_pool.count - 1);
   P_MTHD(p, NVC5C0, SET_TEX_SAMPLER_POOL_A);
   P_NVC5C0_SET_TEX_SAMPLER_POOL_A(p, tsc >> 32);
   P_NVC5C0_SET_TEX_SAMPLER_POOL_B(p, (uint32_t)tsc);
   P_NVC5C0_SET_TEX_SAMPLER_POOL_C(p, ctx->tsc_pool.count - 1);
   /* Compute reads its handles from its driver bank, c[7]. */
   P_IMMD(p, NVC5C0, SET_BINDLESS_TEXTURE, JADE_DRIVER_CBUF_COMPUTE);

   /* The null header 0 (jade_descriptor_pools_init). */
   static const uint32_t null_tic[8];
   jade_descriptor_upload(ctx, &ctx->tic_pool, 0, null_tic, false);
}

void
jade_upload_inline(struct jade_context *ctx, uint64_t va, const uint32_t *data, unsigned dw)
{
   struct nv_push *p = jade_push_reserve(ctx, 12 + dw);
   P_MTHD(p, NVC597, LINE_LENGTH_IN);
   P_NVC597_LINE_LENGTH_IN(p, dw * 4);
   P_NVC597_LINE_COUNT(p, 1);
   P_NVC597_OFFSET_OUT_UPPER(p, va >> 32);
   P_NVC597_OFFSET_OUT(p, (uint32_t)va);
   P_MTHD(p, NVC597, LAUNCH_DMA);
   P_NVC597_LAUNCH_DMA(p, {
                             .dst_memory_layout = DST_MEMORY_LAYOUT_PITCH,
                             .completion_type = COMPLETION_TYPE_FLUSH_DISABLE,
                             .interrupt_type = INTERRUPT_TYPE_NONE,
                             .sysmembar_disable = SYSMEMBAR_DISABLE_TRUE,
                          });
   P_0INC(p, NVC597, LOAD_INLINE_DATA);
   P_INLINE_ARRAY(p, data, dw);
}

/* Uploads a descriptor into its slot and drops the cached copies the
 * texture unit may hold of that slot: the 3D and the compute class cache
 * headers and samplers each (both classes have the invalidations,
 * clc597.h and clc5c0.h; NVK sends them on each, nvk_queue.c and
 * nvk_cmd_buffer_begin_compute; nvc0 flushes TIC/TSC on the compute class
 * for compute, nve4_compute.c). */
void
jade_descriptor_upload(struct jade_context *ctx, struct jade_descriptor_pool *pool, uint32_t index,
                       const uint32_t dw[8], bool sampler)
{
   jade_upload_inline(ctx, pool->bo->va + (uint64_t)index * JADE_DESCRIPTOR_B, dw, 8);
   struct nv_push *p = jade_push_reserve(ctx, 8);
   if (sampler) {
      P_IMMD(p, NVC597, INVALIDATE_SAMPLER_CACHE_NO_WFI, {.lines = LINES_ALL});
      P_IMMD(p, NVC5C0, INVALIDATE_SAMPLER_CACHE_NO_WFI, {.lines = LINES_ALL});
   } else {
      P_IMMD(p, NVC597, INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI, {.lines = LINES_ALL});
      P_IMMD(p, NVC5C0, INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI, {.lines = LINES_ALL});
   }
}

bool
jade_descriptor_alloc(struct jade_descriptor_pool *pool, uint32_t *index)
{
   simple_mtx_lock(&pool->lock);
   bool found = false;
   for (unsigned n = 0; n < pool->count && !found; n++) {
      const unsigned id = (pool->next + n) % pool->count;
      if (!BITSET_TEST(pool->used, id)) {
         BITSET_SET(pool->used, id);
         pool->next = (id + 1) % pool->count;
         *index = id;
         found = true;
      }
   }
   simple_mtx_unlock(&pool->lock);
   return found;
}

void
jade_descriptor_free(struct jade_descriptor_pool *pool, uint32_t index)
{
   simple_mtx_lock(&pool->lock);
   BITSET_CLEAR(pool->used, index);
   simple_mtx_unlock(&pool->lock);
}

static struct pipe_sampler_view *
jade_create_sampler_view(struct pipe_context *pctx, struct pipe_resource *res,
                         const struct pipe_sampler_view *templ)
{
   struct jade_sampler_view *view = CALLOC_STRUCT(jade_sampler_view);
   if (!view)
      return NULL;
   view->base = *templ;
   pipe_reference_init(&view->base.reference, 1);
   view->base.texture = NULL;
   pipe_resource_reference(&view->base.texture, res);
   view->base.context = pctx;
   view->ctx = jade_context(pctx);
   view->tic_index = JADE_DESCRIPTOR_NONE;

   if (!jade_tic_build(&view->base, view->tic)) {
      mesa_loge("jade: no texture header encoding for %s", util_format_name(templ->format));
      pipe_resource_reference(&view->base.texture, NULL);
      FREE(view);
      return NULL;
   }
   /* Its address goes into a header: its storage is never swapped (the
    * threaded context asks no replacement of a shared buffer). */
   jade_resource(res)->has_views = true;
   jade_resource(res)->threaded.is_shared = true;
   return &view->base;
}

/* The view's header, packed with the address its resource has now (a
 * buffer's may have been replaced since creation), in a slot. */
static void
make_view_descriptor(struct jade_context *ctx, struct jade_sampler_view *view)
{
   if (view->tic_index != JADE_DESCRIPTOR_NONE)
      return;
   jade_tic_build(&view->base, view->tic);
   if (!jade_descriptor_alloc(&ctx->tic_pool, &view->tic_index)) {
      mesa_loge("jade: the texture header pool (%u entries) is full", JADE_TIC_COUNT);
      view->tic_index = JADE_DESCRIPTOR_NONE;
      return;
   }
   jade_descriptor_upload(ctx, &ctx->tic_pool, view->tic_index, view->tic, false);
}

static void
jade_sampler_view_destroy(struct pipe_context *pctx, struct pipe_sampler_view *pview)
{
   struct jade_sampler_view *view = (struct jade_sampler_view *)pview;
   /* pctx is the view's context, a threaded one wrapping Jade's (tc
    * sets it): the pool is that of the context that made the view. */
   if (view->tic_index != JADE_DESCRIPTOR_NONE)
      jade_descriptor_free(&view->ctx->tic_pool, view->tic_index);
   pipe_resource_reference(&pview->texture, NULL);
   FREE(view);
}

static void *
jade_create_sampler_state(struct pipe_context *pctx, const struct pipe_sampler_state *templ)
{
   struct jade_sampler_state *s = CALLOC_STRUCT(jade_sampler_state);
   if (!s)
      return NULL;
   s->base = *templ;
   s->tsc_index = JADE_DESCRIPTOR_NONE;
   jade_tsc_build(templ, s->tsc);
   return s;
}

static void
make_sampler_descriptor(struct jade_context *ctx, struct jade_sampler_state *s)
{
   if (s->tsc_index != JADE_DESCRIPTOR_NONE)
      return;
   if (!jade_descriptor_alloc(&ctx->tsc_pool, &s->tsc_index)) {
      mesa_loge("jade: the sampler pool (%u entries) is full", JADE_TSC_COUNT);
      s->tsc_index = JADE_DESCRIPTOR_NONE;
      return;
   }
   jade_descriptor_upload(ctx, &ctx->tsc_pool, s->tsc_index, s->tsc, true);
}

static void
jade_delete_sampler_state(struct pipe_context *pctx, void *cso)
{
   struct jade_sampler_state *s = cso;
   if (s->tsc_index != JADE_DESCRIPTOR_NONE)
      jade_descriptor_free(&jade_context(pctx)->tsc_pool, s->tsc_index);
   FREE(s);
}

static void
jade_bind_sampler_states(struct pipe_context *pctx, enum pipe_shader_type stage, unsigned start,
                         unsigned count, void **samplers)
{
   struct jade_context *ctx = jade_context(pctx);
   for (unsigned i = 0; i < count; i++) {
      struct jade_sampler_state *s = samplers ? samplers[i] : NULL;
      if (s)
         make_sampler_descriptor(ctx, s);
      ctx->state.samplers[stage][start + i] = s;
   }
   jade_bank_dirty(ctx, stage, JADE_BANK_TEXTURES);
}

static void
jade_set_sampler_views(struct pipe_context *pctx, enum pipe_shader_type stage, unsigned start,
                       unsigned count, unsigned unbind_trailing, bool take_ownership,
                       struct pipe_sampler_view **views)
{
   struct jade_context *ctx = jade_context(pctx);
   struct pipe_sampler_view **dst = ctx->state.views[stage];

   for (unsigned i = 0; i < count; i++) {
      struct pipe_sampler_view *view = views ? views[i] : NULL;
      if (view)
         make_view_descriptor(ctx, (struct jade_sampler_view *)view);
      if (take_ownership) {
         pipe_sampler_view_reference(&dst[start + i], NULL);
         dst[start + i] = view;
      } else {
         pipe_sampler_view_reference(&dst[start + i], view);
      }
   }
   for (unsigned i = 0; i < unbind_trailing; i++)
      pipe_sampler_view_reference(&dst[start + count + i], NULL);
   unsigned n = MAX2(ctx->state.view_count[stage], start + count + unbind_trailing);
   while (n && !dst[n - 1])
      n--;
   ctx->state.view_count[stage] = n;
   jade_tex_cache_rebound(ctx);
   jade_bank_dirty(ctx, stage, JADE_BANK_TEXTURES);
}

uint32_t
jade_texture_handle(struct jade_context *ctx, unsigned stage, unsigned unit)
{
   const struct jade_sampler_view *view =
      (const struct jade_sampler_view *)ctx->state.views[stage][unit];
   const struct jade_sampler_state *s = ctx->state.samplers[stage][unit];
   if (!view)
      return 0;
   jade_resource_used(ctx, view->base.texture);
   /* A descriptor the pool had no room for: the null header. */
   const uint32_t tic = view->tic_index != JADE_DESCRIPTOR_NONE ? view->tic_index : 0;
   const uint32_t tsc = s && s->tsc_index != JADE_DESCRIPTOR_NONE ? s->tsc_index : 0;
   return tic | tsc << 20;
}

void
jade_init_texture_functions(struct jade_context *ctx)
{
   struct pipe_context *pctx = &ctx->base;
   pctx->create_sampler_view = jade_create_sampler_view;
   pctx->sampler_view_destroy = jade_sampler_view_destroy;
   pctx->set_sampler_views = jade_set_sampler_views;
   pctx->create_sampler_state = jade_create_sampler_state;
   pctx->bind_sampler_states = jade_bind_sampler_states;
   pctx->delete_sampler_state = jade_delete_sampler_state;
}
