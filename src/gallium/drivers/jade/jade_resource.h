/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_RESOURCE_H
#define JADE_RESOURCE_H

#include "pipe/p_state.h"

#include "jade/jade_drm.h"

#include "jade_layout.h"

struct pipe_context;
struct pipe_screen;

struct jade_resource {
   struct pipe_resource base;
   struct jade_bo *bo;
   bool exported;           /* handed out: its object is never reused */
   bool gpu_used;           /* referenced by recorded work (jade_resource_used) */
   struct jade_layout layout;   /* textures: where each level and layer is */
   uint8_t kind;                /* page kind of the object (NV_MMU_PTE_KIND_*) */
   bool has_views;              /* a texture header holds its address: its
                                 * storage is never swapped */
};

static inline struct jade_resource *
jade_resource(struct pipe_resource *pres)
{
   return (struct jade_resource *)pres;
}

/* Every emission that makes the GPU read or write a resource marks it, so
 * that a map of a resource no work references does not wait. */
static inline void
jade_resource_used(struct pipe_resource *pres)
{
   ((struct jade_resource *)pres)->gpu_used = true;
}

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

void jade_screen_init_resource_functions(struct pipe_screen *pscreen);
void jade_init_resource_functions(struct pipe_context *pctx);

#endif /* JADE_RESOURCE_H */
