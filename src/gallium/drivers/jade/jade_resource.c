/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Buffers and textures backed by buffer objects, and CPU transfers through
 * a mapping of the buffer object.
 */

#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include <xf86drm.h>

#include "drm-uapi/drm_fourcc.h"
#include "frontend/winsys_handle.h"
#include "util/format/u_format.h"
#include "util/log.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/u_transfer.h"

#include "jade_context.h"
#include "jade_resource.h"
#include "jade_state.h"

/* Row pitch alignment of linear surfaces (the render target unit's rule). */
#define JADE_LINEAR_PITCH_ALIGN_B 128

uint64_t
jade_resource_layout(const struct pipe_resource *templ,
                     struct jade_level levels[JADE_MAX_LEVELS])
{
   const enum pipe_format format = templ->format;
   const unsigned samples = MAX2(templ->nr_samples, 1);
   uint64_t offset_B = 0;

   if (templ->target == PIPE_BUFFER) {
      levels[0] = (struct jade_level){0, templ->width0, templ->width0};
      return templ->width0;
   }

   for (unsigned l = 0; l <= templ->last_level; l++) {
      const unsigned width = u_minify(templ->width0, l);
      const unsigned height = u_minify(templ->height0, l);
      const unsigned depth = u_minify(templ->depth0, l);
      const unsigned layers = templ->target == PIPE_TEXTURE_3D ?
                              depth : templ->array_size;

      struct jade_level *level = &levels[l];
      level->offset_B = offset_B;
      level->stride_B = align(util_format_get_stride(format, width) * samples,
                              JADE_LINEAR_PITCH_ALIGN_B);
      level->layer_stride_B = (uint64_t)level->stride_B *
                              util_format_get_nblocksy(format, height);
      offset_B += align64(level->layer_stride_B * layers, 256);
   }
   return offset_B;
}

/* Buffers nobody else sees: their objects may be kept for reuse. */
static bool
cacheable(const struct pipe_resource *templ)
{
   return templ->target == PIPE_BUFFER &&
          !(templ->bind & (PIPE_BIND_SHARED | PIPE_BIND_SCANOUT | PIPE_BIND_LINEAR));
}

static struct pipe_resource *
jade_resource_create(struct pipe_screen *pscreen,
                     const struct pipe_resource *templ)
{
   struct jade_resource *res = CALLOC_STRUCT(jade_resource);
   if (!res)
      return NULL;

   res->base = *templ;
   res->base.screen = pscreen;
   pipe_reference_init(&res->base.reference, 1);

   if (templ->last_level >= JADE_MAX_LEVELS) {
      mesa_loge("jade: %u mip levels exceed the limit of %u",
                templ->last_level + 1, JADE_MAX_LEVELS);
      FREE(res);
      return NULL;
   }

   uint64_t size_B = MAX2(jade_resource_layout(templ, res->levels), 1);

   /* Staging and streaming data is read by the CPU: keep it in GART. */
   uint32_t flags = JADE_BO_MAP;
   if (templ->usage == PIPE_USAGE_STAGING || templ->usage == PIPE_USAGE_STREAM)
      flags |= JADE_BO_GART;
   else
      flags |= JADE_BO_VRAM;

   /* Plain buffers come from the cache when one of their size is free
    * (their contents are undefined anyway). */
   struct jade_screen *screen = jade_screen(pscreen);
   if (cacheable(templ)) {
      size_B = align64(size_B, 4096);
      res->bo = jade_bo_cache_get(&screen->bo_cache, size_B, flags);
   }
   if (!res->bo && jade_bo_create(screen->dev, size_B, 0, flags, &res->bo)) {
      FREE(res);
      return NULL;
   }
   return &res->base;
}

static void
jade_resource_destroy(struct pipe_screen *pscreen, struct pipe_resource *pres)
{
   struct jade_resource *res = jade_resource(pres);
   if (cacheable(pres) && !res->exported)
      jade_bo_cache_put(&jade_screen(pscreen)->bo_cache, res->bo, res->gpu_used);
   else
      jade_bo_destroy(res->bo);
   FREE(res);
}

static bool
jade_resource_get_handle(struct pipe_screen *pscreen, struct pipe_context *pctx,
                         struct pipe_resource *pres,
                         struct winsys_handle *handle, unsigned usage)
{
   struct jade_resource *res = jade_resource(pres);

   handle->stride = res->levels[0].stride_B;
   handle->offset = 0;
   handle->modifier = DRM_FORMAT_MOD_LINEAR;

   switch (handle->type) {
   case WINSYS_HANDLE_TYPE_KMS:
      res->exported = true;
      handle->handle = res->bo->handle;
      return true;
   case WINSYS_HANDLE_TYPE_FD: {
      int fd;
      if (drmPrimeHandleToFD(res->bo->dev->fd, res->bo->handle,
                             DRM_CLOEXEC | DRM_RDWR, &fd)) {
         mesa_loge("jade: PRIME export of buffer %u failed: %s",
                   res->bo->handle, strerror(errno));
         return false;
      }
      res->exported = true;
      handle->handle = fd;
      return true;
   }
   default:
      mesa_loge("jade: cannot export a resource as handle type %u",
                handle->type);
      return false;
   }
}

static void
replace_storage(struct jade_context *ctx, struct jade_resource *res)
{
   struct jade_screen *screen = ctx->screen;
   struct jade_bo *bo = jade_bo_cache_get(&screen->bo_cache, res->bo->size_B, res->bo->flags);
   if (!bo && jade_bo_create(screen->dev, res->bo->size_B, 0, res->bo->flags, &bo))
      return;   /* keep the old object: the map below waits instead */
   jade_bo_cache_put(&screen->bo_cache, res->bo, true);
   res->bo = bo;
   res->gpu_used = false;
   /* Re-emit the bindings that point at it (the index buffer is emitted
    * with every indexed draw). */
   for (unsigned i = 0; i < ctx->state.vertex_buffer_count; i++) {
      if (ctx->state.vertex_buffers[i].buffer.resource == &res->base)
         ctx->dirty |= JADE_DIRTY_VERTEX_BUFFERS;
   }
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      for (unsigned i = 0; i < 15; i++) {
         if (ctx->state.constbuf[s][i].buffer == &res->base) {
            ctx->constbuf_dirty[s] |= 1u << i;
            ctx->dirty |= JADE_DIRTY_CONSTBUF;
         }
      }
   }
}

static void *
jade_transfer_map(struct pipe_context *pctx, struct pipe_resource *pres,
                  unsigned level, unsigned usage, const struct pipe_box *box,
                  struct pipe_transfer **out_transfer)
{
   struct jade_context *ctx = jade_context(pctx);
   struct jade_resource *res = jade_resource(pres);

   /* Discarding a whole buffer that work references: give it another
    * object (idle, from the cache) instead of waiting; the old one goes to
    * the cache until that work is done.  Bindings take the new address. */
   if ((usage & PIPE_MAP_DISCARD_WHOLE_RESOURCE) && res->gpu_used && cacheable(pres) &&
       !res->exported)
      replace_storage(ctx, res);

   /* A synchronized map of a resource some recorded work references waits
    * for everything the context submitted (per-resource fences are still
    * to come); one no work has touched (new, or an idle object from the
    * cache) is mapped at once. */
   if (!(usage & PIPE_MAP_UNSYNCHRONIZED) && res->gpu_used)
      jade_context_sync(ctx);

   void *map;
   if (jade_bo_map(res->bo, &map))
      return NULL;

   struct pipe_transfer *xfer = CALLOC_STRUCT(pipe_transfer);
   if (!xfer)
      return NULL;
   pipe_resource_reference(&xfer->resource, pres);
   xfer->level = level;
   xfer->usage = usage;
   xfer->box = *box;
   xfer->stride = res->levels[level].stride_B;
   xfer->layer_stride = res->levels[level].layer_stride_B;
   *out_transfer = xfer;

   const enum pipe_format format = pres->format;
   const uint64_t offset_B =
      res->levels[level].offset_B +
      (uint64_t)box->z * xfer->layer_stride +
      (uint64_t)(box->y / util_format_get_blockheight(format)) * xfer->stride +
      (uint64_t)(box->x / util_format_get_blockwidth(format)) *
         util_format_get_blocksize(format);
   return (uint8_t *)map + offset_B;
}

static void
jade_transfer_unmap(struct pipe_context *pctx, struct pipe_transfer *xfer)
{
   /* The mapping stays for the life of the buffer object. */
   pipe_resource_reference(&xfer->resource, NULL);
   FREE(xfer);
}

static void
jade_transfer_flush_region(struct pipe_context *pctx,
                           struct pipe_transfer *xfer,
                           const struct pipe_box *box)
{
   /* Mappings are coherent. */
}

static void
jade_flush_resource(struct pipe_context *pctx, struct pipe_resource *pres)
{
}

void
jade_screen_init_resource_functions(struct pipe_screen *pscreen)
{
   pscreen->resource_create = jade_resource_create;
   pscreen->resource_destroy = jade_resource_destroy;
   pscreen->resource_get_handle = jade_resource_get_handle;
}

void
jade_init_resource_functions(struct pipe_context *pctx)
{
   pctx->buffer_map = jade_transfer_map;
   pctx->texture_map = jade_transfer_map;
   pctx->buffer_unmap = jade_transfer_unmap;
   pctx->texture_unmap = jade_transfer_unmap;
   pctx->transfer_flush_region = jade_transfer_flush_region;
   pctx->buffer_subdata = u_default_buffer_subdata;
   pctx->texture_subdata = u_default_texture_subdata;
   pctx->flush_resource = jade_flush_resource;
}
