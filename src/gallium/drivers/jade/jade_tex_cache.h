/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Keeping texel reads fresh (jade_tex_cache.c).
 */

#ifndef JADE_TEX_CACHE_H
#define JADE_TEX_CACHE_H

struct jade_context;

/* Before a draw / a launch: invalidates the texture data cache if a bound
 * texture of its stages was written by the GPU since, then marks what the
 * work writes (targets, writable images, storage and stream output
 * buffers). */
void jade_tex_cache_draw(struct jade_context *ctx);
void jade_tex_cache_launch(struct jade_context *ctx);

/* What is bound changed (framebuffer, sampler views, images, SSBOs,
 * stream output), or marks did: the next draw looks at them again. */
void jade_tex_cache_rebound(struct jade_context *ctx);

/* The framebuffer's targets marked as written (clears). */
void jade_tex_cache_framebuffer_written(struct jade_context *ctx);

/* INVALIDATE_TEXTURE_DATA_CACHE now (PIPE_BARRIER_TEXTURE): the cache
 * is the one both classes read (NVK invalidates it through the 3D class,
 * nvk_cmd_invalidate_deps). */
void jade_tex_cache_invalidate(struct jade_context *ctx);

#endif /* JADE_TEX_CACHE_H */
