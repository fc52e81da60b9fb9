/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Buffers and textures backed by buffer objects, and CPU transfers through
 * a mapping of the buffer object.
 */

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
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
#include "nvidia/hwref/turing/tu102/dev_mmu.h"

#include "jade_context.h"
#include "jade_resource.h"
#include "jade_state.h"

bool
jade_resource_layout(const struct pipe_resource *templ, bool linear, struct jade_layout *layout)
{
   const enum pipe_format format = templ->format;
   const bool is_3d = templ->target == PIPE_TEXTURE_3D;
   const struct jade_layout_desc desc = {
      .width = templ->width0,
      .height = templ->height0,
      .depth = is_3d ? templ->depth0 : 1,
      .array_size = is_3d ? 1 : templ->array_size,
      .levels = templ->last_level + 1,
      .samples = MAX2(templ->nr_samples, 1),
      .block_w = util_format_get_blockwidth(format),
      .block_h = util_format_get_blockheight(format),
      .block_B = util_format_get_blocksize(format),
      .linear = linear,
      .is_3d = is_3d,
   };
   return jade_layout_init(&desc, layout);
}

/* Pitch-linear where something outside the driver reads the image or the
 * CPU mostly does; block-linear (what the texture and render units are
 * fastest with) otherwise.  The hardware samples pitch-linear images only
 * with one level and one layer. */
static bool
wants_linear(const struct pipe_resource *templ)
{
   if (templ->nr_samples > 1 || templ->last_level > 0 || templ->array_size > 1 ||
       templ->target == PIPE_TEXTURE_3D || templ->target == PIPE_TEXTURE_CUBE)
      return false;
   return (templ->bind &
           (PIPE_BIND_LINEAR | PIPE_BIND_SHARED | PIPE_BIND_SCANOUT | PIPE_BIND_DISPLAY_TARGET)) ||
          templ->usage == PIPE_USAGE_STAGING;
}

/* The page kind of a block-linear image (Turing's kinds, dev_mmu.h):
 * depth/stencil formats have their own, colour is generic. */
static uint8_t
tiled_kind(enum pipe_format format)
{
   switch (format) {
   case PIPE_FORMAT_Z16_UNORM:
      return NV_MMU_PTE_KIND_Z16;
   case PIPE_FORMAT_X8Z24_UNORM:
   case PIPE_FORMAT_S8X24_UINT:
   case PIPE_FORMAT_S8_UINT_Z24_UNORM:
      return NV_MMU_PTE_KIND_Z24S8;
   case PIPE_FORMAT_X24S8_UINT:
   case PIPE_FORMAT_Z24X8_UNORM:
   case PIPE_FORMAT_Z24_UNORM_S8_UINT:
      return NV_MMU_PTE_KIND_S8Z24;
   case PIPE_FORMAT_X32_S8X24_UINT:
   case PIPE_FORMAT_Z32_FLOAT_S8X24_UINT:
      return NV_MMU_PTE_KIND_ZF32_X24S8;
   case PIPE_FORMAT_S8_UINT:
      return NV_MMU_PTE_KIND_S8;
   default:
      return NV_MMU_PTE_KIND_GENERIC_MEMORY;
   }
}

/* Buffers nobody else sees: their objects may be kept for reuse. */
static bool
cacheable(const struct pipe_resource *templ)
{
   return templ->target == PIPE_BUFFER &&
          !(templ->bind & (PIPE_BIND_SHARED | PIPE_BIND_SCANOUT | PIPE_BIND_LINEAR));
}

/* A new object; when the kernel is out of memory or address space, the
 * cache's idle objects go first and it is asked once more, as a kernel
 * may then have room. */
static int
create_bo(struct jade_screen *screen, uint64_t size_B, uint32_t flags, struct jade_bo **bo)
{
   int ret = jade_bo_create(screen->dev, size_B, 0, flags, bo);
   if (ret != -ENOMEM && ret != -ENOSPC)
      return ret;
   const uint64_t freed_B = jade_bo_cache_trim(&screen->bo_cache);
   if (!freed_B)
      return ret;
   mesa_logw("jade: out of memory for %" PRIu64 " bytes: %" PRIu64
             " bytes of cached buffers freed, trying again",
             size_B, freed_B);
   return jade_bo_create(screen->dev, size_B, 0, flags, bo);
}

static void
free_resource(struct jade_screen *screen, struct jade_resource *res)
{
   util_idalloc_mt_free(&screen->buffer_ids, res->threaded.buffer_id_unique);
   threaded_resource_deinit(&res->base);
   FREE(res);
}

static struct pipe_resource *
jade_resource_create(struct pipe_screen *pscreen, const struct pipe_resource *templ)
{
   struct jade_resource *res = CALLOC_STRUCT(jade_resource);
   if (!res)
      return NULL;

   res->base = *templ;
   res->base.screen = pscreen;
   pipe_reference_init(&res->base.reference, 1);
   threaded_resource_init(&res->base, false);
   res->threaded.buffer_id_unique = util_idalloc_mt_alloc(&jade_screen(pscreen)->buffer_ids);

   uint64_t size_B = templ->width0;
   if (templ->target != PIPE_BUFFER) {
      if (!jade_resource_layout(templ, wants_linear(templ), &res->layout)) {
         mesa_loge("jade: cannot lay out a %ux%ux%u %s texture with %u levels, "
                   "%u layers, %u samples",
                   templ->width0, templ->height0, templ->depth0,
                   util_format_short_name(templ->format), templ->last_level + 1, templ->array_size,
                   templ->nr_samples);
         free_resource(jade_screen(pscreen), res);
         return NULL;
      }
      size_B = res->layout.size_B;
      if (res->layout.tiled)
         res->kind = tiled_kind(templ->format);
   }
   size_B = MAX2(size_B, 1);

   /* Staging and streaming data is read by the CPU: keep it in GART. */
   uint32_t flags = JADE_BO_MAP | JADE_BO_KIND(res->kind);
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
   if (!res->bo && create_bo(screen, size_B, flags, &res->bo)) {
      free_resource(screen, res);
      return NULL;
   }
   /* Mapped now, so that a failing mmap is an allocation failure GL can
    * report (GL_OUT_OF_MEMORY): buffer_subdata and texture_subdata,
    * which glBufferData and glTexSubImage write through, have no way to
    * say that their map failed, and the data would be lost unseen. */
   void *map;
   if (jade_bo_map(res->bo, &map)) {
      jade_bo_destroy(res->bo); /* never used: nothing to wait for */
      free_resource(screen, res);
      return NULL;
   }
   return &res->base;
}

/* Gives up the resource's object: to the cache, or destroyed, once the
 * work that may use it is done; a borrowed one goes with the reference
 * to its owner, which learns that work used it. */
static void
release_storage(struct jade_screen *screen, struct jade_resource *res)
{
   if (res->storage) {
      jade_resource(res->storage)->gpu_used |= res->gpu_used;
      pipe_resource_reference(&res->storage, NULL);
   } else if (cacheable(&res->base) && !res->exported) {
      jade_bo_cache_put(&screen->bo_cache, res->bo, res->gpu_used);
   } else {
      jade_bo_cache_release(&screen->bo_cache, res->bo, res->gpu_used);
   }
}

static void
jade_resource_destroy(struct pipe_screen *pscreen, struct pipe_resource *pres)
{
   struct jade_resource *res = jade_resource(pres);
   release_storage(jade_screen(pscreen), res);
   free_resource(jade_screen(pscreen), res);
}

static bool
jade_resource_get_handle(struct pipe_screen *pscreen, struct pipe_context *pctx,
                         struct pipe_resource *pres, struct winsys_handle *handle, unsigned usage)
{
   struct jade_resource *res = jade_resource(pres);

   if (pres->target != PIPE_BUFFER && res->layout.tiled) {
      mesa_loge("jade: cannot export a block-linear image (no modifiers yet)");
      return false;
   }
   handle->stride = pres->target == PIPE_BUFFER ? pres->width0 : res->layout.level[0].row_stride_B;
   handle->offset = 0;
   handle->modifier = DRM_FORMAT_MOD_LINEAR;

   switch (handle->type) {
   case WINSYS_HANDLE_TYPE_KMS:
      res->exported = true;
      res->threaded.is_shared = true; /* another process sees the object */
      handle->handle = res->bo->handle;
      return true;
   case WINSYS_HANDLE_TYPE_FD: {
      int fd;
      if (drmPrimeHandleToFD(res->bo->dev->fd, res->bo->handle, DRM_CLOEXEC | DRM_RDWR, &fd)) {
         mesa_loge("jade: PRIME export of buffer %u failed: %s", res->bo->handle, strerror(errno));
         return false;
      }
      res->exported = true;
      res->threaded.is_shared = true;
      handle->handle = fd;
      return true;
   }
   default:
      mesa_loge("jade: cannot export a resource as handle type %u", handle->type);
      return false;
   }
}

static void rebind_buffer(struct jade_context *ctx, struct jade_resource *res);

static void
replace_storage(struct jade_context *ctx, struct jade_resource *res)
{
   struct jade_screen *screen = ctx->screen;
   struct jade_bo *bo = jade_bo_cache_get(&screen->bo_cache, res->bo->size_B, res->bo->flags);
   if (!bo && create_bo(screen, res->bo->size_B, res->bo->flags, &bo))
      return; /* keep the old object: the map below waits instead */
   void *map;
   if (jade_bo_map(bo, &map)) {
      jade_bo_destroy(bo);
      return;
   }
   release_storage(screen, res);
   res->bo = bo;
   res->gpu_used = false;
   rebind_buffer(ctx, res);
}

/* Re-emits the bindings that point at a buffer whose object changed (the
 * index buffer is emitted with every indexed draw). */
static void
rebind_buffer(struct jade_context *ctx, struct jade_resource *res)
{
   for (unsigned i = 0; i < ctx->state.vertex_buffer_count && (res->bound_as & JADE_BOUND_VERTEX);
        i++) {
      if (ctx->state.vertex_buffers[i].buffer.resource == &res->base)
         ctx->dirty |= JADE_DIRTY_VERTEX_BUFFERS;
   }
   /* Storage buffers' addresses live in the driver banks. */
   for (unsigned s = 0; s < PIPE_SHADER_TYPES && (res->bound_as & JADE_BOUND_STORAGE); s++) {
      for (unsigned i = 0; i < JADE_MAX_SSBOS; i++) {
         if (ctx->state.ssbo[s][i].buffer == &res->base)
            jade_bank_dirty(ctx, s, JADE_BANK_BUFFERS);
      }
   }
   for (unsigned s = 0; s < PIPE_SHADER_TYPES && (res->bound_as & JADE_BOUND_CONSTANT); s++) {
      for (unsigned i = 0; i < JADE_DRIVER_CBUF; i++) {
         if (ctx->state.constbuf[s][i].buffer == &res->base) {
            ctx->constbuf_dirty[s] |= 1u << i;
            ctx->dirty |= JADE_DIRTY_CONSTBUF;
         }
      }
   }
}

/* The threaded context's buffer invalidation (tc_invalidate_buffer): dst
 * takes the object of src, a new buffer the application may already be
 * writing through (tc's "latest"), and holds src for it.  dst's old
 * object goes once the work recorded with it is done. */
void
jade_replace_buffer_storage(struct pipe_context *pctx, struct pipe_resource *pdst,
                            struct pipe_resource *psrc, unsigned num_rebinds, uint32_t rebind_mask,
                            uint32_t delete_buffer_id)
{
   struct jade_context *ctx = jade_context(pctx);
   struct jade_resource *dst = jade_resource(pdst), *src = jade_resource(psrc);
   release_storage(ctx->screen, dst);
   dst->bo = src->bo;
   pipe_resource_reference(&dst->storage, src->storage ? src->storage : psrc);
   dst->gpu_used = false;
   rebind_buffer(ctx, dst);
   util_idalloc_mt_free(&ctx->screen->buffer_ids, delete_buffer_id);
}

/* A CPU view of a resource: the buffer object itself, or for block-linear
 * images a linear staging copy.  The threaded context's view of it
 * (threaded_transfer) begins with the pipe_transfer. */
struct jade_transfer {
   union {
      struct pipe_transfer base;
      struct threaded_transfer threaded;
   };
   void *staging;
};

static void *
jade_transfer_map(struct pipe_context *pctx, struct pipe_resource *pres, unsigned level,
                  unsigned usage, const struct pipe_box *box, struct pipe_transfer **out_transfer)
{
   struct jade_context *ctx = jade_context(pctx);
   struct jade_resource *res = jade_resource(pres);

   /* Discarding a whole buffer that work references: give it another
    * object (idle, from the cache) instead of waiting; the old one goes to
    * the cache until that work is done.  Bindings take the new address. */
   if ((usage & PIPE_MAP_DISCARD_WHOLE_RESOURCE) && !(usage & TC_TRANSFER_MAP_NO_INVALIDATE) &&
       res->gpu_used && cacheable(pres) && !res->exported && !res->has_views)
      replace_storage(ctx, res);

   /* A synchronized map of a resource some recorded work references waits
    * for the submission of the last batch that used it (submitting it if
    * it is still being recorded); one no work has touched (new, or an idle
    * object from the cache) is mapped at once. */
   if (!(usage & PIPE_MAP_UNSYNCHRONIZED) && res->gpu_used)
      jade_context_wait_batch(ctx, res->last_batch);

   void *map;
   if (jade_bo_map(res->bo, &map))
      return NULL;

   struct jade_transfer *xfer = CALLOC_STRUCT(jade_transfer);
   if (!xfer)
      return NULL;
   pipe_resource_reference(&xfer->base.resource, pres);
   xfer->base.level = level;
   xfer->base.usage = usage;
   xfer->base.box = *box;
   *out_transfer = &xfer->base;

   if (pres->target == PIPE_BUFFER)
      return (uint8_t *)map + box->x;

   const enum pipe_format format = pres->format;
   const struct jade_layout *l = &res->layout;
   const bool is_3d = pres->target == PIPE_TEXTURE_3D;
   const uint32_t x = box->x / util_format_get_blockwidth(format);
   const uint32_t y = box->y / util_format_get_blockheight(format);

   if (!l->tiled) {
      xfer->base.stride = l->level[level].row_stride_B;
      xfer->base.layer_stride =
         is_3d ? (uint64_t)l->level[level].rows * xfer->base.stride : l->array_stride_B;
      return (uint8_t *)map + jade_layout_offset_B(l, level, is_3d ? 0 : box->z, x * l->block_B, y,
                                                   is_3d ? box->z : 0);
   }

   /* Block-linear: the CPU works on a linear copy, swizzled back at unmap
    * (a copy engine blit once the shim executes streams). */
   const uint32_t w_B = util_format_get_stride(format, box->width);
   const uint32_t h = util_format_get_nblocksy(format, box->height);
   xfer->base.stride = w_B;
   xfer->base.layer_stride = (uint64_t)w_B * h;
   xfer->staging = malloc(MAX2(xfer->base.layer_stride * box->depth, 1));
   if (!xfer->staging) {
      pipe_resource_reference(&xfer->base.resource, NULL);
      FREE(xfer);
      return NULL;
   }
   if (!(usage & (PIPE_MAP_DISCARD_RANGE | PIPE_MAP_DISCARD_WHOLE_RESOURCE)))
      jade_layout_copy(l, map, level, x, y, box->z, w_B, h, box->depth, xfer->staging, w_B,
                       xfer->base.layer_stride, false, is_3d);
   return xfer->staging;
}

static void
jade_transfer_unmap(struct pipe_context *pctx, struct pipe_transfer *ptransfer)
{
   struct jade_transfer *xfer = (struct jade_transfer *)ptransfer;
   struct jade_resource *res = jade_resource(ptransfer->resource);

   if (xfer->staging) {
      if (ptransfer->usage & PIPE_MAP_WRITE) {
         const enum pipe_format format = res->base.format;
         const struct pipe_box *box = &ptransfer->box;
         jade_layout_copy(&res->layout, res->bo->map, ptransfer->level,
                          box->x / util_format_get_blockwidth(format),
                          box->y / util_format_get_blockheight(format), box->z, ptransfer->stride,
                          util_format_get_nblocksy(format, box->height), box->depth, xfer->staging,
                          ptransfer->stride, ptransfer->layer_stride, true,
                          res->base.target == PIPE_TEXTURE_3D);
      }
      free(xfer->staging);
   }
   /* The mapping stays for the life of the buffer object. */
   pipe_resource_reference(&ptransfer->resource, NULL);
   FREE(xfer);
}

static void
jade_transfer_flush_region(struct pipe_context *pctx, struct pipe_transfer *xfer,
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
