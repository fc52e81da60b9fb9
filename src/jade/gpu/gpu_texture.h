/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Texture headers as the texture and surface units see them (gpu_texture.c
 * reads and lays them out; gpu_sampler.c filters; gpu_surface.c loads,
 * stores and atomics): one view per header, whatever its version.
 */

#ifndef GPU_TEXTURE_H
#define GPU_TEXTURE_H

#include "util/format/u_formats.h"

#include "gpu_private.h"

/* A multisample mode's sample grid: the values of SET_ANTI_ALIAS's
 * SAMPLES_MODE_* (clc597.h) and of the texture header's
 * MULTI_SAMPLE_COUNT_MODE_* (clc597tex.h) are the same.  A pixel's samples
 * lie as a block of 2^x_log2 x 2^y_log2 texels of a surface that many
 * times wider and taller than its pixels, sample s at cell (x[s], y[s]). */
struct gpu_sample_grid {
   unsigned samples, x_log2, y_log2;
   uint8_t x[16], y[16];
};

/* The grid of `mode`; false for the modes not modelled (4X4, the VC
 * modes). */
bool gpu_sample_grid(unsigned mode, struct gpu_sample_grid *g);

/* A level of a block-linear texture, as the hardware lays it out. */
struct gpu_tex_level {
   uint64_t offset_B;    /* from the layer's start */
   uint32_t row_B, rows; /* padded to whole blocks */
   unsigned bh, bd;      /* block height and depth, log2 GOBs */
};

enum gpu_tex_memory { GPU_TEX_BLOCKLINEAR, GPU_TEX_PITCH, GPU_TEX_BUFFER };

struct gpu_tex_view {
   uint32_t tic; /* the header's index: the cache's key */
   bool valid;
   bool null; /* an all-zero header: the null descriptor */
   enum gpu_tex_memory memory;
   struct gpu_tex_level level[16];
   uint64_t layer_B;
   uint64_t address;
   uint32_t pitch_B;
   uint32_t width, height, depth; /* level 0; depth: 3D depth or layers (cubes: faces) */
   unsigned type;                 /* JADE_TIC_BL_TEXTURE_TYPE_* */
   unsigned levels;               /* in memory: MAX_MIP_LEVEL + 1 */
   unsigned view_min, view_max;   /* RES_VIEW_MIN/MAX_MIP_LEVEL */
   unsigned block_h_log2, block_d_log2;
   enum pipe_format format;
   const struct gpu_tex_fields *fields; /* two-field layouts (depth/stencil,
                                          * G8R24): decoded by field, format
                                          * only a stand-in of their kind */
   unsigned field_type[2];              /* their R and G data types */
   unsigned bpp;                        /* bytes a texel (compressed: a block) */
   unsigned bw, bh;                     /* texels a block (1 x 1 unless compressed) */
   bool integer;                        /* pure integer components */
   unsigned source[4];                  /* JADE_TIC_BL_X_SOURCE_* */
   bool srgb, normalized, depth_texture;
   unsigned multi_sample;       /* JADE_TIC_BL_MULTI_SAMPLE_COUNT_*: 0 single */
   struct gpu_sample_grid grid; /* its samples (width, height in pixels) */
   unsigned border_size;        /* JADE_TIC_BL_BORDER_SIZE_* */
   /* USE_HEADER_OPT_CONTROL: MAX_ANISOTROPY and MIP_LOD_BIAS (and
    * TRILIN_OPT) come from the header instead of the sampler (envytools
    * rnndb gm200_texture.xml: "1: use optimization controls in header; 0:
    * use optimization controls in sampler"). */
   bool header_opt;
   unsigned max_anisotropy;       /* JADE_TIC_BL_MAX_ANISOTROPY_* */
   float lod_bias, min_lod_clamp; /* MIP_LOD_BIAS (signed 5.8), MIN_LOD_CLAMP (4.8) */
};

/* Entry `index` of the launch's texture header pool (or sampler pool):
 * false with a message past the pool's maximum index, or after a fault. */
bool gpu_tex_pool_entry(struct jade_gpu *gpu, bool sampler, uint32_t index, uint32_t w[8],
                        char *err, size_t err_size);

/* The view of header `tic` of the launch's pool, read and laid out once
 * and kept in the header cache of the launch's engine class
 * (gpu_tex_cache.c); NULL with a message in err if it cannot be read. */
const struct gpu_tex_view *gpu_tex_view(struct jade_gpu *gpu, uint32_t tic, char *err,
                                        size_t err_size);

/* Level `level`'s extent along a dimension of level-0 size n. */
static inline uint32_t
gpu_tex_minify(uint32_t n, unsigned level)
{
   return n >> level ? n >> level : 1;
}

bool gpu_tex_is_array(const struct gpu_tex_view *v);
bool gpu_tex_is_cube(const struct gpu_tex_view *v);

/* Layers of the view (faces for cubes); 1 for non-arrays. */
uint32_t gpu_tex_layers(const struct gpu_tex_view *v);

/* The address of texel (x, y, z) of layer `layer` at memory level `level`;
 * false if it lies outside the level or the layers. */
bool gpu_tex_texel_va(const struct gpu_tex_view *v, unsigned level, uint32_t x, uint32_t y,
                      uint32_t z, uint32_t layer, uint64_t *va);

/* The same for sample `sample` of pixel (x, y) of a multisampled view
 * (the view's grid); sample 0 of single-sampled ones. */
bool gpu_tex_sample_va(const struct gpu_tex_view *v, unsigned level, uint32_t x, uint32_t y,
                       uint32_t z, uint32_t layer, unsigned sample, uint64_t *va);

/* The texel at va decoded (R, G, B, A as util_format unpacks it: float
 * bits, or integers), sRGB decoded if `srgb`; false after a fault.  Read
 * from memory (surface loads), not through the texture data cache. */
bool gpu_tex_read(struct jade_gpu *gpu, const struct gpu_tex_view *v, uint64_t va, bool srgb,
                  uint32_t rgba[4]);

/* The same for texel (x, y) of a view whose blocks may hold several
 * texels (compressed formats: va is the block's, from gpu_tex_texel_va),
 * read through the texture data cache (TEX, TLD, TLD4). */
bool gpu_tex_read_texel(struct jade_gpu *gpu, const struct gpu_tex_view *v, uint64_t va, uint32_t x,
                        uint32_t y, bool srgb, uint32_t rgba[4]);

/* A colour target as SET_COLOR_TARGET_*(j) program it (gpu_3d_target.c):
 * laid out with the texture unit's rules, so that gpu_tex_texel_va (level
 * 0; z the slice of a 3D target, layer the array layer) addresses it. */
struct gpu_tex_target_desc {
   uint64_t address;
   enum pipe_format format;
   bool pitch; /* MEMORY.LAYOUT PITCH: width is the pitch in bytes */
   bool is_3d; /* THIRD_DIMENSION_CONTROL DEFINES_DEPTH_SIZE */
   uint32_t width, height, third;
   unsigned block_h_log2, block_d_log2;
   uint64_t array_pitch_B;
};
void gpu_tex_color_target(struct gpu_tex_view *v, const struct gpu_tex_target_desc *d);

/* Which decoded component holds depth (for depth compares): 0 (R), or 1
 * (G) for layouts whose depth is the high field. */
unsigned gpu_tex_depth_component(const struct gpu_tex_view *v);

/* The header's X/Y/Z/W sources applied to decoded components. */
void gpu_tex_swizzle(const struct gpu_tex_view *v, const uint32_t rgba[4], uint32_t out[4]);

/* The caches (gpu_tex_cache.c): the slot of header `tic` in the header
 * cache of the launch's engine class; sampler `index`'s words through its
 * sampler cache; `size` bytes at va through the texture data cache, the
 * lines tagged with header `tag` (false after a fault). */
struct gpu_tex_view *gpu_tex_cache_header(struct jade_gpu *gpu, uint32_t tic);
bool gpu_tex_cache_sampler(struct jade_gpu *gpu, uint32_t index, uint32_t w[8], char *err,
                           size_t err_size);
bool gpu_tex_cache_read(struct jade_gpu *gpu, uint32_t tag, uint64_t va, void *dst, uint32_t size);
/* The engine class of subchannel subc chosen for the launch (false without
 * memory for the caches); every cache emptied. */
bool gpu_tex_cache_select(struct jade_gpu *gpu, unsigned subc);
void gpu_tex_cache_empty(struct jade_gpu *gpu);

/* For a unit used outside a launch (the tests' entry points): the header
 * pool of subchannel subc, the caches emptied. */
void gpu_tex_use_pool(struct jade_gpu *gpu, unsigned subc);

/* The S_R_G_B_CONVERSION bit of the sampler that `handle` names
 * (gpu_sampler.c); false with a message if it cannot be read. */
bool gpu_sampler_srgb(struct jade_gpu *gpu, uint32_t handle, bool *srgb, char *err,
                      size_t err_size);

/* A filtered sample, gather or LOD query (gpu_sampler.c). */
bool gpu_sampler_request(struct jade_gpu *gpu, const struct gpu_tex_view *v,
                         const struct jade_sim_texel_request *req, uint32_t out[4], char *err,
                         size_t err_size);

#endif /* GPU_TEXTURE_H */
