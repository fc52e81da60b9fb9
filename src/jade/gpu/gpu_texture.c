/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The texture unit's texel fetches (TLD) and size queries (TXQ), from the
 * hardware's side: the
 * handle's TIC index selects a 32-byte texture header in the pool of
 * SET_TEX_HEADER_POOL_A..C; the header (clc597tex.h, unpacked with the
 * generated jade_tic_*_unpack) gives the layout, size, levels and the
 * component layout, which names the memory format (decoded with Mesa's
 * util_format) and the swizzle.  Block-linear addresses follow the rules
 * NVK's NIL uses (nil/tiling.rs, nil/image.rs): GOBs of 64 B x 8 rows in
 * Turing's colour byte order (copy.rs CopyGOBTuring2D), blocks of 1 x 2^h x
 * 2^d GOBs whose height and depth each level clamps to less than twice
 * its size, levels one after the other, layers on a level-0 block.
 * Written again here, not taken from the driver.  A texel outside the
 * level reads 0.  Not yet: TEX (filtering, TSC), depth/stencil (FermiZS)
 * and compressed formats, buffers, cubes, MSAA.
 */

#include <stdlib.h>
#include <string.h>

#include "nvidia/classes/clc5c0.h"
#include "util/format/u_format.h"

#include "jade_sim.h"
#include "jade_tic.h"

#include "gpu_private.h"

/* A level of a block-linear texture, as the hardware lays it out. */
struct tex_level {
   uint64_t offset_B;        /* from the layer's start */
   uint32_t row_B, rows;     /* padded to whole blocks */
   unsigned bh, bd;          /* block height and depth, log2 GOBs */
};

/* One header's view of a texture, whichever its header version, with its
 * levels laid out (once, when the header is read). */
struct tex_view {
   uint32_t tic;             /* the header's index: the cache's key */
   bool valid;
   struct tex_level level[16];
   uint64_t layer_B;
   uint64_t address;
   bool pitch;
   uint32_t pitch_B;
   uint32_t width, height, depth;  /* level 0; depth = layers for arrays */
   unsigned type;                  /* JADE_TIC_BL_TEXTURE_TYPE_* */
   unsigned levels;
   unsigned block_h_log2, block_d_log2;
   enum pipe_format format;
   unsigned source[4];             /* JADE_TIC_BL_X_SOURCE_* */
};

/* The hardware's component layouts (clc597tex.h COMPONENTS_SIZES_*), in
 * memory order from the lowest bits, as the pipe format of each data type:
 * NUM_SNORM, NUM_UNORM, NUM_SINT, NUM_UINT, NUM_FLOAT. */
static const struct {
   unsigned components;
   enum pipe_format f[5];
} layouts[] = {
   {JADE_TIC_BL_COMPONENTS_SIZES_R32_G32_B32_A32,
    {0, 0, PIPE_FORMAT_R32G32B32A32_SINT, PIPE_FORMAT_R32G32B32A32_UINT,
     PIPE_FORMAT_R32G32B32A32_FLOAT}},
   {JADE_TIC_BL_COMPONENTS_SIZES_R16_G16_B16_A16,
    {PIPE_FORMAT_R16G16B16A16_SNORM, PIPE_FORMAT_R16G16B16A16_UNORM,
     PIPE_FORMAT_R16G16B16A16_SINT, PIPE_FORMAT_R16G16B16A16_UINT,
     PIPE_FORMAT_R16G16B16A16_FLOAT}},
   {JADE_TIC_BL_COMPONENTS_SIZES_R32_G32,
    {0, 0, PIPE_FORMAT_R32G32_SINT, PIPE_FORMAT_R32G32_UINT, PIPE_FORMAT_R32G32_FLOAT}},
   {JADE_TIC_BL_COMPONENTS_SIZES_A8B8G8R8,
    {PIPE_FORMAT_R8G8B8A8_SNORM, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_R8G8B8A8_SINT,
     PIPE_FORMAT_R8G8B8A8_UINT, 0}},
   {JADE_TIC_BL_COMPONENTS_SIZES_A2B10G10R10,
    {0, PIPE_FORMAT_R10G10B10A2_UNORM, 0, PIPE_FORMAT_R10G10B10A2_UINT, 0}},
   {JADE_TIC_BL_COMPONENTS_SIZES_R16_G16,
    {PIPE_FORMAT_R16G16_SNORM, PIPE_FORMAT_R16G16_UNORM, PIPE_FORMAT_R16G16_SINT,
     PIPE_FORMAT_R16G16_UINT, PIPE_FORMAT_R16G16_FLOAT}},
   {JADE_TIC_BL_COMPONENTS_SIZES_R32,
    {0, 0, PIPE_FORMAT_R32_SINT, PIPE_FORMAT_R32_UINT, PIPE_FORMAT_R32_FLOAT}},
   {JADE_TIC_BL_COMPONENTS_SIZES_G8R8,
    {PIPE_FORMAT_R8G8_SNORM, PIPE_FORMAT_R8G8_UNORM, PIPE_FORMAT_R8G8_SINT,
     PIPE_FORMAT_R8G8_UINT, 0}},
   {JADE_TIC_BL_COMPONENTS_SIZES_R16,
    {PIPE_FORMAT_R16_SNORM, PIPE_FORMAT_R16_UNORM, PIPE_FORMAT_R16_SINT, PIPE_FORMAT_R16_UINT,
     PIPE_FORMAT_R16_FLOAT}},
   {JADE_TIC_BL_COMPONENTS_SIZES_R8,
    {PIPE_FORMAT_R8_SNORM, PIPE_FORMAT_R8_UNORM, PIPE_FORMAT_R8_SINT, PIPE_FORMAT_R8_UINT, 0}},
   {JADE_TIC_BL_COMPONENTS_SIZES_BF10GF11RF11, {0, 0, 0, 0, PIPE_FORMAT_R11G11B10_FLOAT}},
   {JADE_TIC_BL_COMPONENTS_SIZES_E5B9G9R9_SHAREDEXP, {0, 0, 0, 0, PIPE_FORMAT_R9G9B9E5_FLOAT}},
};

static enum pipe_format
format_of(unsigned components, unsigned r_type, unsigned g_type, unsigned b_type,
          unsigned a_type)
{
   /* One data type for every component the layout has. */
   static const int slot[8] = {-1, 0, 1, 2, 3, -1, -1, 4};
   for (unsigned i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++) {
      if (layouts[i].components != components || slot[r_type & 7] < 0)
         continue;
      enum pipe_format f = layouts[i].f[slot[r_type & 7]];
      const struct util_format_description *d = util_format_description(f);
      unsigned types[4] = {r_type, g_type, b_type, a_type};
      for (unsigned c = 1; d && c < d->nr_channels; c++) {
         if (types[c] != r_type)
            return PIPE_FORMAT_NONE;
      }
      return f;
   }
   return PIPE_FORMAT_NONE;
}

static bool
read_view(struct jade_gpu *gpu, unsigned subc, uint32_t tic, struct tex_view *v, char *err,
          size_t err_size)
{
   const uint32_t *m = gpu->method[subc];
   uint64_t pool = GPU_VA(m[NVC5C0_SET_TEX_HEADER_POOL_A / 4],
                          NVC5C0_SET_TEX_HEADER_POOL_A_OFFSET_UPPER,
                          m[NVC5C0_SET_TEX_HEADER_POOL_B / 4]);
   uint32_t max = GPU_GET(m[NVC5C0_SET_TEX_HEADER_POOL_C / 4],
                          NVC5C0_SET_TEX_HEADER_POOL_C_MAXIMUM_INDEX);
   if (tic > max) {
      snprintf(err, err_size, "texture header %u past the pool's maximum index %u", tic, max);
      return false;
   }
   uint32_t w[8];
   if (!gpu_read(gpu, pool + 32ull * tic, w, sizeof(w), "a texture header"))
      return false;
   struct jade_tic_bl bl;
   jade_tic_bl_unpack(w, &bl);
   memset(v, 0, sizeof(*v));
   if (bl.header_version == JADE_TIC_BL_HEADER_VERSION_SELECT_BLOCKLINEAR) {
      v->address = (uint64_t)bl.address_bits48to32 << 32 | (uint64_t)bl.address_bits31to9 << 9;
      v->width = bl.width_minus_one + 1;
      v->height = (bl.height_minus_one | bl.height_minus_one_bit16 << 16) + 1;
      v->depth = (bl.depth_minus_one | bl.depth_minus_one_bit14 << 14) + 1;
      v->type = bl.texture_type;
      v->levels = bl.max_mip_level + 1;
      v->block_h_log2 = bl.gobs_per_block_height;
      v->block_d_log2 = bl.gobs_per_block_depth;
   } else if (bl.header_version == JADE_TIC_BL_HEADER_VERSION_SELECT_PITCH) {
      struct jade_tic_pitch p;
      jade_tic_pitch_unpack(w, &p);
      v->pitch = true;
      v->address = (uint64_t)p.address_bits48to32 << 32 | (uint64_t)p.address_bits31to5 << 5;
      v->pitch_B = p.pitch_bits20to5 << 5 | p.pitch_bit21 << 21;
      v->width = p.width_minus_one + 1;
      v->height = (p.height_minus_one | p.height_minus_one_bit16 << 16) + 1;
      v->depth = p.depth_minus_one + 1;
      v->type = p.texture_type;
      v->levels = 1;
   } else {
      snprintf(err, err_size, "texture header %u: header version %u not modelled", tic,
               bl.header_version);
      return false;
   }
   v->format = format_of(bl.components, bl.r_data_type, bl.g_data_type, bl.b_data_type,
                         bl.a_data_type);
   if (v->format == PIPE_FORMAT_NONE) {
      snprintf(err, err_size, "texture header %u: component layout %u with data types "
               "%u/%u/%u/%u not modelled", tic, bl.components, bl.r_data_type,
               bl.g_data_type, bl.b_data_type, bl.a_data_type);
      return false;
   }
   v->source[0] = bl.x_source, v->source[1] = bl.y_source;
   v->source[2] = bl.z_source, v->source[3] = bl.w_source;
   return true;
}

static unsigned
log2_ceil(uint32_t n)
{
   unsigned l = 0;
   while ((1ull << l) < n)
      l++;
   return l;
}

static uint32_t
minify(uint32_t n, unsigned level)
{
   return n >> level ? n >> level : 1;
}

/* Byte (x, y) of a GOB: bits x0-3, y0, y1, x4, y2, x5. */
static uint32_t
gob_byte(uint32_t x, uint32_t y)
{
   return (x & 15) | (y & 3) << 4 | (x & 16) << 2 | (y & 4) << 5 | (x & 32) << 3;
}

/* The levels one after the other, each clamping the level-0 block to less
 * than twice its size; layers on a level-0 block. */
static void
lay_out(struct tex_view *v, unsigned bpp)
{
   const bool is_3d = v->type == JADE_TIC_BL_TEXTURE_TYPE_THREE_D;
   const uint32_t d0 = is_3d ? v->depth : 1;
   uint64_t at = 0;
   for (unsigned i = 0; i < v->levels; i++) {
      struct tex_level *l = &v->level[i];
      uint32_t w = minify(v->width, i), h = minify(v->height, i), d = minify(d0, i);
      uint32_t gob_cols = (w * bpp + 63) / 64, gob_rows = (h + 7) / 8;
      l->bh = MIN2(v->block_h_log2, log2_ceil(gob_rows));
      l->bd = MIN2(v->block_d_log2, log2_ceil(d));
      l->row_B = gob_cols * 64;
      l->rows = ((gob_rows + (1u << l->bh) - 1) >> l->bh << l->bh) * 8;
      l->offset_B = at;
      at += (uint64_t)l->row_B * l->rows * ((d + (1u << l->bd) - 1) >> l->bd << l->bd);
   }
   const uint64_t block0_B = 512ull << (v->block_h_log2 + v->block_d_log2);
   v->layer_B = (at + block0_B - 1) / block0_B * block0_B;
}

/* The byte offset of texel (x, y, z) of a level from the layer's start. */
static uint64_t
texel_offset(const struct tex_level *l, unsigned bpp, uint32_t x, uint32_t y, uint32_t z)
{
   const uint32_t x_B = x * bpp;
   const uint64_t block_B = 512ull << (l->bh + l->bd);
   const uint64_t blocks_row = l->row_B / 64, blocks_slice = blocks_row * (l->rows / 8 >> l->bh);
   const uint64_t block = (z >> l->bd) * blocks_slice + (y / 8 >> l->bh) * blocks_row + x_B / 64;
   const uint32_t gob = (z & ((1u << l->bd) - 1)) << l->bh | ((y / 8) & ((1u << l->bh) - 1));
   return l->offset_B + block * block_B + gob * 512ull + gob_byte(x_B % 64, y % 8);
}

#define TEX_CACHE_SIZE 16

/* The view of header `tic`, from the launch's cache or read and laid out
 * now; NULL with a message if the header cannot be read. */
static const struct tex_view *
view_of(struct jade_gpu *gpu, uint32_t tic, char *err, size_t err_size)
{
   struct tex_view *slot = &((struct tex_view *)gpu->tex_cache)[tic % TEX_CACHE_SIZE];
   if (slot->valid && slot->tic == tic)
      return slot;
   if (!read_view(gpu, gpu->tex_subc, tic, slot, err, err_size)) {
      slot->valid = false;
      return NULL;
   }
   if (!slot->pitch)
      lay_out(slot, util_format_get_blocksize(slot->format));
   slot->tic = tic;
   slot->valid = true;
   return slot;
}

static bool
texel_fetch(void *data, const struct jade_sim_texel_request *req, uint32_t texel[4],
            char *err, size_t err_size)
{
   struct jade_gpu *gpu = data;
   const struct tex_view *v = view_of(gpu, req->handle & 0xfffff, err, err_size);
   if (!v)
      return false;
   const bool is_3d = v->type == JADE_TIC_BL_TEXTURE_TYPE_THREE_D;
   const bool is_array = v->type == JADE_TIC_BL_TEXTURE_TYPE_ONE_D_ARRAY ||
                         v->type == JADE_TIC_BL_TEXTURE_TYPE_TWO_D_ARRAY;
   if (req->query) {
      /* The level's size (layers are not minified), and the levels. */
      uint32_t lod = req->lod;
      texel[0] = minify(v->width, lod);
      texel[1] = v->type == JADE_TIC_BL_TEXTURE_TYPE_ONE_D ||
                 v->type == JADE_TIC_BL_TEXTURE_TYPE_ONE_D_ARRAY ? 1 : minify(v->height, lod);
      texel[2] = is_3d ? minify(v->depth, lod) : is_array ? v->depth : 1;
      texel[3] = v->levels;
      return true;
   }
   uint32_t x = req->coord[0], y = req->dim > 1 ? req->coord[1] : 0;
   uint32_t z = req->dim > 2 ? req->coord[2] : 0, layer = req->array ? req->layer : 0;
   uint32_t lod = req->lod;
   memset(texel, 0, 4 * sizeof(uint32_t));
   /* Outside the level (or the layers): zero. */
   if (lod >= v->levels || x >= minify(v->width, lod) || y >= minify(v->height, lod) ||
       (is_3d && z >= minify(v->depth, lod)) || (is_array && layer >= v->depth))
      return true;
   const unsigned bpp = util_format_get_blocksize(v->format);
   const uint64_t off = v->pitch ? (uint64_t)y * v->pitch_B + x * bpp :
                        texel_offset(&v->level[lod], bpp, x, y, z) + layer * v->layer_B;
   uint8_t bytes[16];
   if (!gpu_read(gpu, v->address + off, bytes, bpp, "a texel fetch"))
      return false;
   union {
      float f[4];
      uint32_t u[4];
   } rgba;
   util_format_unpack_rgba(v->format, &rgba, bytes, 1);
   const bool integer = util_format_is_pure_integer(v->format);
   for (unsigned c = 0; c < 4; c++) {
      switch (v->source[c]) {
      case JADE_TIC_BL_X_SOURCE_IN_R:
      case JADE_TIC_BL_X_SOURCE_IN_G:
      case JADE_TIC_BL_X_SOURCE_IN_B:
      case JADE_TIC_BL_X_SOURCE_IN_A:
         texel[c] = rgba.u[v->source[c] - JADE_TIC_BL_X_SOURCE_IN_R];
         break;
      case JADE_TIC_BL_X_SOURCE_IN_ONE_INT:
         texel[c] = 1;
         break;
      case JADE_TIC_BL_X_SOURCE_IN_ONE_FLOAT:
         texel[c] = integer ? 1 : 0x3f800000;
         break;
      default:
         texel[c] = 0;
      }
   }
   return true;
}

/* A launch starts with an empty header cache: headers are read once a
 * launch, then kept (the hardware caches them too, until an
 * INVALIDATE_TEXTURE_HEADER_CACHE; the model keeps them no longer than a
 * launch, so a missing invalidation is not yet caught). */
static void
start(struct jade_gpu *gpu, unsigned subc)
{
   gpu->tex_subc = subc;
   if (!gpu->tex_cache)
      gpu->tex_cache = calloc(TEX_CACHE_SIZE, sizeof(struct tex_view));
   else
      memset(gpu->tex_cache, 0, TEX_CACHE_SIZE * sizeof(struct tex_view));
}

bool
jade_gpu_texel(struct jade_gpu *gpu, unsigned subc, const struct jade_sim_texel_request *req,
               uint32_t texel[4], char *err, size_t err_size)
{
   start(gpu, subc);
   return texel_fetch(gpu, req, texel, err, err_size);
}

void
gpu_texture_bind(struct jade_gpu *gpu, struct jade_sim *sim, unsigned subc)
{
   start(gpu, subc);
   jade_sim_set_texture_unit(sim, texel_fetch, gpu);
}
