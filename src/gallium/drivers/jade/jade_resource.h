/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_RESOURCE_H
#define JADE_RESOURCE_H

#include "pipe/p_state.h"
#include "util/u_threaded_context.h"

#include "jade/jade_drm.h"

#include "jade_layout.h"

struct pipe_context;
struct pipe_screen;

/* Bindings that hold a buffer's address, remembered so that a storage
 * swap re-emits only the kinds it has been bound as. */
enum jade_bound_as {
   JADE_BOUND_VERTEX = 1 << 0,
   JADE_BOUND_CONSTANT = 1 << 1,
   JADE_BOUND_STORAGE = 1 << 2,
};

struct jade_resource {
   /* The threaded context's view of it (u_threaded_context.h) begins with
    * the pipe_resource every other part of the driver uses. */
   union {
      struct pipe_resource base;
      struct threaded_resource threaded;
   };
   struct jade_bo *bo;
   /* A buffer whose storage the threaded context replaced: bo is that of
    * this newer resource, kept alive by the reference (NULL: bo is its own). */
   struct pipe_resource *storage;
   bool exported;             /* handed out: its object is never reused */
   bool gpu_used;             /* referenced by recorded work (jade_resource_used) */
   uint64_t last_batch;       /* the last context batch that references it */
   struct jade_layout layout; /* textures: where each level and layer is */
   uint8_t kind;              /* page kind of the object (NV_MMU_PTE_KIND_*) */
   bool has_views;            /* a texture header holds its address: its
                                 * storage is never swapped */
   uint8_t bound_as;          /* enum jade_bound_as: where it has been bound */
   bool gpu_written;          /* written by the GPU since the texture data
                                 * cache was last invalidated for it
                                 * (jade_tex_cache.c) */
};

static inline struct jade_resource *
jade_resource(struct pipe_resource *pres)
{
   return (struct jade_resource *)pres;
}

/* Every emission that makes the GPU read or write a resource marks it
 * with the batch being recorded (bindings that stay are marked again in
 * each batch, jade_context_mark_bound), so that a map waits only for the
 * submission that last used it, and not at all for a resource no work
 * references. */
#define jade_resource_used(ctx, pres)                                                              \
   do {                                                                                            \
      struct jade_resource *r_ = (struct jade_resource *)(pres);                                   \
      r_->gpu_used = true;                                                                         \
      r_->last_batch = (ctx)->batch_seq;                                                           \
      /* The owner of a borrowed object: the threaded context maps it     \
       * (its "latest") and must wait for this work. */                        \
      if (r_->storage) {                                                                           \
         jade_resource(r_->storage)->gpu_used = true;                                              \
         jade_resource(r_->storage)->last_batch = (ctx)->batch_seq;                                \
      }                                                                                            \
   } while (0)

/* Lays out a texture described by templ (false: not representable). */
bool jade_resource_layout(const struct pipe_resource *templ, bool linear,
                          struct jade_layout *layout);

/* The GPU address of a level's first layer plus `layer` layers. */
static inline uint64_t
jade_resource_address(const struct jade_resource *res, unsigned level, unsigned layer)
{
   return res->bo->va + res->layout.level[level].offset_B +
          (uint64_t)layer * res->layout.array_stride_B;
}

/* tc_replace_buffer_storage_func (u_threaded_context.h). */
void jade_replace_buffer_storage(struct pipe_context *pctx, struct pipe_resource *dst,
                                 struct pipe_resource *src, unsigned num_rebinds,
                                 uint32_t rebind_mask, uint32_t delete_buffer_id);

void jade_screen_init_resource_functions(struct pipe_screen *pscreen);
void jade_init_resource_functions(struct pipe_context *pctx);

#endif /* JADE_RESOURCE_H */
