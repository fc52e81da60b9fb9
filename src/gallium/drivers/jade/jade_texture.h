/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Sampler views and samplers: a texture header (TIC) or sampler (TSC)
 * packed when the object is created, uploaded into the context's
 * descriptor pool through the command stream, and bound by writing
 * `tic | tsc << 20` into the stage's driver bank (the handle the
 * compiler's TEX instructions read: docs/driver.md).
 */

#ifndef JADE_TEXTURE_H
#define JADE_TEXTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_state.h"
#include "util/bitset.h"
#include "util/simple_mtx.h"

#include "jade/jade_compiler.h"

struct jade_context;
struct jade_bo;

/* Every live sampler view and image binding holds a header slot, so the
 * header pool is large (2 MiB; a handle's index has 20 bits); a sampler
 * index has 12 bits. */
#define JADE_TIC_COUNT    65536
#define JADE_TSC_COUNT    4096
#define JADE_DESCRIPTOR_B 32

/* A pool of 32-byte descriptors the hardware indexes from one base.
 * Slots are handed out round robin: a freed slot is reused only after
 * every other free one, so a new descriptor does not overwrite one that
 * draws still in flight read (the upload is ordered with the front end,
 * not with the shaders). */
struct jade_descriptor_pool {
   struct jade_bo *bo;
   unsigned count;
   BITSET_WORD *used;
   unsigned next; /* where the search for a free slot starts */
   /* Views and samplers are created and destroyed on any thread with a
    * threaded context; slots are taken on the driver's. */
   simple_mtx_t lock;
};

/* A view's or sampler's descriptor is made (packed, given a slot and
 * uploaded) when it is first bound, on the thread that records the
 * stream: creation may run on the application's thread with a threaded
 * context, and a buffer's address is only final in stream order. */
#define JADE_DESCRIPTOR_NONE UINT32_MAX

struct jade_context;

struct jade_sampler_view {
   struct pipe_sampler_view base;
   struct jade_context *ctx; /* whose pool the header is in */
   uint32_t tic_index;       /* JADE_DESCRIPTOR_NONE until bound */
   uint32_t tic[8];
};

struct jade_sampler_state {
   struct pipe_sampler_state base;
   uint32_t tsc_index; /* JADE_DESCRIPTOR_NONE until bound */
   uint32_t tsc[8];
};

/* What a TIC's format fields hold for a format seen through a swizzle. */
struct jade_tic_format {
   uint8_t components;
   uint8_t data_type[4];
   uint8_t source[4];
   bool srgb;
};

bool jade_tic_format(enum pipe_format format, const unsigned char view_swizzle[4],
                     struct jade_tic_format *out);
/* Packs a view's header; false if its format has no hardware encoding. */
bool jade_tic_build(const struct pipe_sampler_view *view, uint32_t dw[8]);
void jade_tsc_build(const struct pipe_sampler_state *state, uint32_t dw[8]);

bool jade_descriptor_pools_init(struct jade_context *ctx);
void jade_descriptor_pools_fini(struct jade_context *ctx);
/* Points the 3D and compute classes at the pools (context creation). */
void jade_emit_descriptor_pools(struct jade_context *ctx);

/* Writes `dw` words into GPU memory at va through the 3D class's
 * inline-to-memory path, ordered with the rest of the stream. */
void jade_upload_inline(struct jade_context *ctx, uint64_t va, const uint32_t *data, unsigned dw);

/* A free slot of a pool (false: full), its release, and a descriptor's
 * upload into its slot with the invalidation of cached copies. */
bool jade_descriptor_alloc(struct jade_descriptor_pool *pool, uint32_t *index);
void jade_descriptor_free(struct jade_descriptor_pool *pool, uint32_t index);
void jade_descriptor_upload(struct jade_context *ctx, struct jade_descriptor_pool *pool,
                            uint32_t index, const uint32_t dw[8], bool sampler);

/* The handle texture unit `unit` of `stage` binds (0 if none). */
uint32_t jade_texture_handle(struct jade_context *ctx, unsigned stage, unsigned unit);

void jade_init_texture_functions(struct jade_context *ctx);

/* Texture, image and storage buffer handles of a stage, written into the
 * words of its driver bank (jade_state_shader_resources.c). */
void jade_fill_resource_handles(struct jade_context *ctx, enum pipe_shader_type stage,
                                unsigned parts, uint32_t *words);
void jade_release_shader_resources(struct jade_context *ctx);
/* The texture header of an image view (jade_state_shader_resources.c). */
bool jade_image_tic(const struct pipe_image_view *img, uint32_t dw[8]);
void jade_init_shader_resource_functions(struct jade_context *ctx);

#endif /* JADE_TEXTURE_H */
