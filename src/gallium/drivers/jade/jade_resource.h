/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_RESOURCE_H
#define JADE_RESOURCE_H

#include "pipe/p_state.h"

#include "jade/jade_drm.h"

struct pipe_context;
struct pipe_screen;

#define JADE_MAX_LEVELS 16

/* Where each mip level lives in the buffer object.  Linear for now; the
 * block-linear (GOB) layout lands with the texture work of issue 7. */
struct jade_level {
   uint64_t offset_B;       /* start of level, layer 0 */
   uint32_t stride_B;       /* bytes between rows of blocks */
   uint64_t layer_stride_B; /* bytes between array layers / 3D slices */
};

struct jade_resource {
   struct pipe_resource base;
   struct jade_bo *bo;
   bool exported;           /* handed out: its object is never reused */
   bool gpu_used;           /* referenced by recorded work (jade_resource_used) */
   struct jade_level levels[JADE_MAX_LEVELS];
};

static inline struct jade_resource *
jade_resource(struct pipe_resource *pres)
{
   return (struct jade_resource *)pres;
}

/* Computes the linear layout of templ; returns the total size in bytes. */
/* Every emission that makes the GPU read or write a resource marks it, so
 * that a map of a resource no work references does not wait. */
static inline void
jade_resource_used(struct pipe_resource *pres)
{
   ((struct jade_resource *)pres)->gpu_used = true;
}

uint64_t jade_resource_layout(const struct pipe_resource *templ,
                              struct jade_level levels[JADE_MAX_LEVELS]);

void jade_screen_init_resource_functions(struct pipe_screen *pscreen);
void jade_init_resource_functions(struct pipe_context *pctx);

#endif /* JADE_RESOURCE_H */
