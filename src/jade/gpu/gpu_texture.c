/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Texture headers from the hardware's side: the handle's TIC index selects
 * a 32-byte texture header in the pool of SET_TEX_HEADER_POOL_A..C; the
 * header (clc597tex.h, unpacked with the generated jade_tic_*_unpack) gives
 * the layout, size, levels, the view's levels and the component layout,
 * which names the memory format (decoded with Mesa's util_format) and the
 * swizzle.  Block-linear addresses follow the rules NVK's NIL uses
 * (nil/tiling.rs, nil/image.rs): GOBs of 64 B x 8 rows in Turing's colour
 * byte order (copy.rs CopyGOBTuring2D), blocks of 1 x 2^h x 2^d GOBs whose
 * height and depth each level clamps to less than twice its size, levels
 * one after the other, layers on a level-0 block.  Written again here, not
 * taken from the driver.  Fetches (TLD) and size queries (TXQ) are
 * answered here, samples by gpu_sampler.c.  Block-compressed formats
 * (DXT1/3/5, DXN1/2) are laid out in 4 x 4 blocks and decoded by
 * util_format.  An all-zero header is the null descriptor (zeros read,
 * nothing written: NIL tic.rs).  Depth/stencil layouts (Z16, ZF32, X8Z24, S8Z24, Z24S8,
 * ZF32_X24S8) and the 24/8 colour layouts G8R24/G24R8 are two bit fields
 * whose components read R (the lowest bits) and G, each by its data type:
 * NVIDIA's names give the highest field first, as for colour (A8B8G8R8),
 * and NIL (nil_formats.csv) and nvc0 (nv50_formats.c) read depth from R
 * of S8Z24/X8Z24 and from G of Z24S8 ("G001").  Their bytes lie in the
 * colour GOB order: the order of FermiZS GOBs (NIL tiling.rs names it,
 * "a grab-bag GOB format") is not published, see docs/gpu-model.md.
 * Multisampled headers (MULTI_SAMPLE_COUNT) keep WIDTH and HEIGHT in
 * pixels (NIL tic.rs takes the image's extent_px) and lay the level out
 * as a surface of their samples (gpu_sample_grid: NIL image.rs
 * px_extent_sa), which TLD's sample index addresses.
 */

#include <stdlib.h>
#include <string.h>

#include "nvidia/classes/clc5c0.h"
#include "util/format/u_format.h"
#include "util/u_math.h"

#include "jade_sim.h"
#include "jade_tic.h"

#include "gpu_texture.h"

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
    {PIPE_FORMAT_R16G16B16A16_SNORM, PIPE_FORMAT_R16G16B16A16_UNORM, PIPE_FORMAT_R16G16B16A16_SINT,
     PIPE_FORMAT_R16G16B16A16_UINT, PIPE_FORMAT_R16G16B16A16_FLOAT}},
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
    {PIPE_FORMAT_R8G8_SNORM, PIPE_FORMAT_R8G8_UNORM, PIPE_FORMAT_R8G8_SINT, PIPE_FORMAT_R8G8_UINT,
     0}},
   {JADE_TIC_BL_COMPONENTS_SIZES_R16,
    {PIPE_FORMAT_R16_SNORM, PIPE_FORMAT_R16_UNORM, PIPE_FORMAT_R16_SINT, PIPE_FORMAT_R16_UINT,
     PIPE_FORMAT_R16_FLOAT}},
   {JADE_TIC_BL_COMPONENTS_SIZES_R8,
    {PIPE_FORMAT_R8_SNORM, PIPE_FORMAT_R8_UNORM, PIPE_FORMAT_R8_SINT, PIPE_FORMAT_R8_UINT, 0}},
   {JADE_TIC_BL_COMPONENTS_SIZES_R32_G32_B32,
    {0, 0, PIPE_FORMAT_R32G32B32_SINT, PIPE_FORMAT_R32G32B32_UINT, PIPE_FORMAT_R32G32B32_FLOAT}},
   {JADE_TIC_BL_COMPONENTS_SIZES_B5G6R5, {0, PIPE_FORMAT_R5G6B5_UNORM, 0, 0, 0}},
   {JADE_TIC_BL_COMPONENTS_SIZES_A1B5G5R5, {0, PIPE_FORMAT_R5G5B5A1_UNORM, 0, 0, 0}},
   {JADE_TIC_BL_COMPONENTS_SIZES_A4B4G4R4, {0, PIPE_FORMAT_R4G4B4A4_UNORM, 0, 0, 0}},
   /* Block-compressed: 4 x 4 texels in 8 or 16 bytes, decoded by
    * util_format (DXT1 with its one-bit alpha; the header's sources give
    * an RGB view its one). */
   {JADE_TIC_BL_COMPONENTS_SIZES_DXT1, {0, PIPE_FORMAT_DXT1_RGBA, 0, 0, 0}},
   {JADE_TIC_BL_COMPONENTS_SIZES_DXT23, {0, PIPE_FORMAT_DXT3_RGBA, 0, 0, 0}},
   {JADE_TIC_BL_COMPONENTS_SIZES_DXT45, {0, PIPE_FORMAT_DXT5_RGBA, 0, 0, 0}},
   {JADE_TIC_BL_COMPONENTS_SIZES_DXN1, {PIPE_FORMAT_RGTC1_SNORM, PIPE_FORMAT_RGTC1_UNORM, 0, 0, 0}},
   {JADE_TIC_BL_COMPONENTS_SIZES_DXN2, {PIPE_FORMAT_RGTC2_SNORM, PIPE_FORMAT_RGTC2_UNORM, 0, 0, 0}},
   /* BC7 (UNORM: BPTC_RGBA_UNORM) and BC6H signed/unsigned half floats
    * (FLOAT: BPTC_RGB_FLOAT / _UFLOAT, alpha 1), 4 x 4 texels in 16 bytes,
    * decoded by util_format's BPTC unpacking (the block format is the
    * one the BC6H/BC7 specification (D3D11, KHR data format 1.3
    * "BC6H", "BC7") defines; NIL's nil_formats.csv and nvc0's
    * nv50_formats.c give the layouts and data types). */
   {JADE_TIC_BL_COMPONENTS_SIZES_BC7U, {0, PIPE_FORMAT_BPTC_RGBA_UNORM, 0, 0, 0}},
   {JADE_TIC_BL_COMPONENTS_SIZES_BC6H_SF16, {0, 0, 0, 0, PIPE_FORMAT_BPTC_RGB_FLOAT}},
   {JADE_TIC_BL_COMPONENTS_SIZES_BC6H_UF16, {0, 0, 0, 0, PIPE_FORMAT_BPTC_RGB_UFLOAT}},
   {JADE_TIC_BL_COMPONENTS_SIZES_BF10GF11RF11, {0, 0, 0, 0, PIPE_FORMAT_R11G11B10_FLOAT}},
   {JADE_TIC_BL_COMPONENTS_SIZES_E5B9G9R9_SHAREDEXP, {0, 0, 0, 0, PIPE_FORMAT_R9G9B9E5_FLOAT}},
};

/* Layouts of two bit fields (R at the lowest bits, then G) that
 * util_format has no single format for: decoded field by field by the
 * header's data types.  `rep` is a pipe format of the same size and kind
 * (depth float or not) for what only asks about those. */
static const struct gpu_tex_fields {
   unsigned components, bytes;
   uint8_t shift[2], bits[2]; /* bits 0: no G */
   enum pipe_format rep;
} field_layouts[] = {
   {JADE_TIC_BL_COMPONENTS_SIZES_Z16, 2, {0, 0}, {16, 0}, PIPE_FORMAT_Z16_UNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_ZF32, 4, {0, 0}, {32, 0}, PIPE_FORMAT_Z32_FLOAT},
   {JADE_TIC_BL_COMPONENTS_SIZES_X8Z24, 4, {0, 0}, {24, 0}, PIPE_FORMAT_Z24X8_UNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_S8Z24, 4, {0, 24}, {24, 8}, PIPE_FORMAT_Z24_UNORM_S8_UINT},
   {JADE_TIC_BL_COMPONENTS_SIZES_Z24S8, 4, {0, 8}, {8, 24}, PIPE_FORMAT_S8_UINT_Z24_UNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_ZF32_X24S8, 8, {0, 32}, {32, 8}, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT},
   {JADE_TIC_BL_COMPONENTS_SIZES_G8R24, 4, {0, 24}, {24, 8}, PIPE_FORMAT_Z24_UNORM_S8_UINT},
   {JADE_TIC_BL_COMPONENTS_SIZES_G24R8, 4, {0, 8}, {8, 24}, PIPE_FORMAT_S8_UINT_Z24_UNORM},
};

/* Where sample s of each mode lies in its pixel's block:
 * - 2X1_D3D, 2X2, 4X2_D3D: NIL image.rs SampleLayout::sa_offset (what
 *   NVK renders and copies with);
 * - 2X1, 4X2: nvc0's sample offsets (nvc0_screen.c NVC0_CB_AUX_MS_INFO,
 *   "these do not work with _ALT modes", and the "surface coords" of
 *   nvc0_context.c nvc0_get_sample_locations), which nvc0 uses for its
 *   MS2 and MS8, the same values 1 and 3.  NIL's 4X2 (s & 3, s >> 2)
 *   disagrees; NVK never chooses that mode, nvc0 rendered with it. */
bool
gpu_sample_grid(unsigned mode, struct gpu_sample_grid *g)
{
   static const uint8_t d3d8[8][2] = {
      {2, 0}, {1, 1}, {3, 1}, {1, 0}, {0, 1}, {0, 0}, {2, 1}, {3, 0},
   };
   static const uint8_t nv8[8][2] = {
      {0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 0}, {3, 0}, {2, 1}, {3, 1},
   };
   memset(g, 0, sizeof(*g));
   switch (mode) {
   case JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_1X1:
      g->samples = 1;
      return true;
   case JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_2X1:
   case JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_2X1_D3D:
      g->samples = 2, g->x_log2 = 1;
      for (unsigned s = 0; s < 2; s++)
         g->x[s] = mode == JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_2X1 ? s : 1 - s;
      return true;
   case JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_2X2:
      g->samples = 4, g->x_log2 = 1, g->y_log2 = 1;
      for (unsigned s = 0; s < 4; s++)
         g->x[s] = s & 1, g->y[s] = s >> 1;
      return true;
   case JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_4X2:
   case JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_4X2_D3D:
      g->samples = 8, g->x_log2 = 2, g->y_log2 = 1;
      for (unsigned s = 0; s < 8; s++) {
         const uint8_t *c = mode == JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_4X2 ? nv8[s] : d3d8[s];
         g->x[s] = c[0], g->y[s] = c[1];
      }
      return true;
   default:
      return false;
   }
}

static const struct gpu_tex_fields *
fields_of(unsigned components)
{
   for (unsigned i = 0; i < ARRAY_SIZE(field_layouts); i++) {
      if (field_layouts[i].components == components)
         return &field_layouts[i];
   }
   return NULL;
}

static bool
integer_type(unsigned t)
{
   return t == JADE_TIC_BL_R_DATA_TYPE_NUM_SINT || t == JADE_TIC_BL_R_DATA_TYPE_NUM_UINT;
}

/* Field value v of n bits as data type t: float bits or an integer. */
static uint32_t
field_value(uint64_t v, unsigned n, unsigned t)
{
   const uint64_t max = n >= 64 ? ~0ull : (1ull << n) - 1;
   float f;
   switch (t) {
   case JADE_TIC_BL_R_DATA_TYPE_NUM_FLOAT:
      return (uint32_t)v; /* 32-bit fields only (the layouts above) */
   case JADE_TIC_BL_R_DATA_TYPE_NUM_UINT:
      return (uint32_t)v;
   case JADE_TIC_BL_R_DATA_TYPE_NUM_SINT:
      return (uint32_t)((int64_t)(v << (64 - n)) >> (64 - n));
   case JADE_TIC_BL_R_DATA_TYPE_NUM_SNORM:
   case JADE_TIC_BL_R_DATA_TYPE_NUM_SNORM_FORCE_FP16: {
      int64_t s = (int64_t)(v << (64 - n)) >> (64 - n);
      f = MAX2((float)s / (float)(max >> 1), -1.0f);
      break;
   }
   default:
      f = (float)((double)v / (double)max);
   }
   uint32_t bits;
   memcpy(&bits, &f, 4);
   return bits;
}

static enum pipe_format
format_of(unsigned components, unsigned r_type, unsigned g_type, unsigned b_type, unsigned a_type)
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

/* The fields every header version shares (the block-linear names). */
static void
read_common(struct gpu_tex_view *v, const struct jade_tic_bl *bl)
{
   v->source[0] = bl->x_source, v->source[1] = bl->y_source;
   v->source[2] = bl->z_source, v->source[3] = bl->w_source;
   v->srgb = bl->s_r_g_b_conversion;
   v->type = bl->texture_type;
}

bool
gpu_tex_pool_entry(struct jade_gpu *gpu, bool sampler, uint32_t index, uint32_t w[8], char *err,
                   size_t err_size)
{
   const uint32_t *m = gpu->method[gpu->tex_subc];
   /* SET_TEX_HEADER_POOL_A..C and SET_TEX_SAMPLER_POOL_A..C: the upper
    * address, the lower, the maximum index. */
   const uint64_t pool =
      sampler
         ? GPU_VA(m[NVC5C0_SET_TEX_SAMPLER_POOL_A / 4], NVC5C0_SET_TEX_SAMPLER_POOL_A_OFFSET_UPPER,
                  m[NVC5C0_SET_TEX_SAMPLER_POOL_B / 4])
         : GPU_VA(m[NVC5C0_SET_TEX_HEADER_POOL_A / 4], NVC5C0_SET_TEX_HEADER_POOL_A_OFFSET_UPPER,
                  m[NVC5C0_SET_TEX_HEADER_POOL_B / 4]);
   const uint32_t max = sampler ? GPU_GET(m[NVC5C0_SET_TEX_SAMPLER_POOL_C / 4],
                                          NVC5C0_SET_TEX_SAMPLER_POOL_C_MAXIMUM_INDEX)
                                : GPU_GET(m[NVC5C0_SET_TEX_HEADER_POOL_C / 4],
                                          NVC5C0_SET_TEX_HEADER_POOL_C_MAXIMUM_INDEX);
   const char *what = sampler ? "sampler" : "texture header";
   if (index > max) {
      snprintf(err, err_size, "%s %u past the pool's maximum index %u", what, index, max);
      return false;
   }
   return gpu_read(gpu, pool + 32ull * index, w, 8 * sizeof(uint32_t),
                   sampler ? "a sampler header" : "a texture header");
}

static bool
read_view(struct jade_gpu *gpu, uint32_t tic, struct gpu_tex_view *v, char *err, size_t err_size)
{
   uint32_t w[8];
   if (!gpu_tex_pool_entry(gpu, false, tic, w, err, err_size))
      return false;
   struct jade_tic_bl bl;
   jade_tic_bl_unpack(w, &bl);
   memset(v, 0, sizeof(*v));
   /* An all-zero header is the null descriptor on Volta and later (NIL
    * tic.rs fill_null_tic: "On Volta+, we can just fill with zeros"):
    * lookups read zeros, stores and atomics have no effect. */
   static const uint32_t zero[8];
   if (!memcmp(w, zero, sizeof(zero))) {
      v->null = true;
      v->levels = 1;
      return true;
   }
   read_common(v, &bl);
   if (bl.header_version == JADE_TIC_BL_HEADER_VERSION_SELECT_BLOCKLINEAR ||
       bl.header_version == JADE_TIC_BL_HEADER_VERSION_SELECT_PITCH) {
      /* The words past the address are laid out alike in both. */
      v->width = bl.width_minus_one + 1;
      v->height = (bl.height_minus_one | bl.height_minus_one_bit16 << 16) + 1;
      v->levels = bl.max_mip_level + 1;
      v->view_min = bl.res_view_min_mip_level;
      v->view_max = bl.res_view_max_mip_level;
      v->normalized = bl.normalized_coords;
      v->depth_texture = bl.depth_texture;
      v->multi_sample = bl.multi_sample_count;
      if (!gpu_sample_grid(v->multi_sample, &v->grid)) {
         snprintf(err, err_size, "texture header %u: MULTI_SAMPLE_COUNT %u not modelled", tic,
                  v->multi_sample);
         return false;
      }
      v->border_size = bl.border_size;
      v->header_opt = bl.use_header_opt_control;
      v->max_anisotropy = bl.max_anisotropy;
      v->lod_bias = (float)((int32_t)(bl.mip_lod_bias << 19) >> 19) / 256.0f;
      v->min_lod_clamp = bl.min_lod_clamp / 256.0f;
   }
   if (bl.header_version == JADE_TIC_BL_HEADER_VERSION_SELECT_BLOCKLINEAR) {
      v->memory = GPU_TEX_BLOCKLINEAR;
      v->address = bl.address_bits48to9 << 9;
      v->depth = (bl.depth_minus_one | bl.depth_minus_one_bit14 << 14) + 1;
      v->block_h_log2 = bl.gobs_per_block_height;
      v->block_d_log2 = bl.gobs_per_block_depth;
   } else if (bl.header_version == JADE_TIC_BL_HEADER_VERSION_SELECT_PITCH) {
      struct jade_tic_pitch p;
      jade_tic_pitch_unpack(w, &p);
      v->memory = GPU_TEX_PITCH;
      v->address = p.address_bits48to5 << 5;
      v->pitch_B = p.pitch_bits20to5 << 5 | p.pitch_bit21 << 21;
      v->depth = p.depth_minus_one + 1;
   } else if (bl.header_version == JADE_TIC_BL_HEADER_VERSION_SELECT_ONE_D_BUFFER) {
      /* A buffer: a byte address and a 32-bit texel count, one level, no
       * sampler state of its own (clc597tex.h TEXHEAD_1D). */
      struct jade_tic_1d b;
      jade_tic_1d_unpack(w, &b);
      v->memory = GPU_TEX_BUFFER;
      v->address = b.address_bits48to0;
      v->width = (b.width_minus_one_bits31to16 << 16 | b.width_minus_one_bits15to0) + 1;
      v->height = v->depth = v->levels = 1;
      v->border_size = JADE_TIC_BL_BORDER_SIZE_BORDER_SAMPLER_COLOR;
   } else {
      snprintf(err, err_size, "texture header %u: header version %u not modelled", tic,
               bl.header_version);
      return false;
   }
   if (v->levels > 16 || v->view_max >= v->levels || v->view_min > v->view_max) {
      if (v->memory != GPU_TEX_BUFFER) {
         snprintf(err, err_size, "texture header %u: view levels %u..%u of %u", tic, v->view_min,
                  v->view_max, v->levels);
         return false;
      }
   }
   v->fields = fields_of(bl.components);
   if (v->fields) {
      v->format = v->fields->rep;
      v->field_type[0] = bl.r_data_type, v->field_type[1] = bl.g_data_type;
      v->bpp = v->fields->bytes;
      v->bw = v->bh = 1;
      /* Integer if the component X reads is (filtering, ONE_FLOAT). */
      unsigned x = v->source[0] - JADE_TIC_BL_X_SOURCE_IN_R;
      v->integer = x < 2 && integer_type(v->field_type[x]);
      return true;
   }
   v->format =
      format_of(bl.components, bl.r_data_type, bl.g_data_type, bl.b_data_type, bl.a_data_type);
   if (v->format == PIPE_FORMAT_NONE) {
      snprintf(err, err_size,
               "texture header %u: component layout %u with data types "
               "%u/%u/%u/%u not modelled",
               tic, bl.components, bl.r_data_type, bl.g_data_type, bl.b_data_type, bl.a_data_type);
      return false;
   }
   v->bpp = util_format_get_blocksize(v->format);
   v->bw = util_format_get_blockwidth(v->format);
   v->bh = util_format_get_blockheight(v->format);
   v->integer = util_format_is_pure_integer(v->format);
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

/* Byte (x, y) of a GOB: bits x0-3, y0, y1, x4, y2, x5. */
static uint32_t
gob_byte(uint32_t x, uint32_t y)
{
   return (x & 15) | (y & 3) << 4 | (x & 16) << 2 | (y & 4) << 5 | (x & 32) << 3;
}

bool
gpu_tex_is_array(const struct gpu_tex_view *v)
{
   return v->type == JADE_TIC_BL_TEXTURE_TYPE_ONE_D_ARRAY ||
          v->type == JADE_TIC_BL_TEXTURE_TYPE_TWO_D_ARRAY ||
          v->type == JADE_TIC_BL_TEXTURE_TYPE_CUBEMAP_ARRAY;
}

bool
gpu_tex_is_cube(const struct gpu_tex_view *v)
{
   return v->type == JADE_TIC_BL_TEXTURE_TYPE_CUBEMAP ||
          v->type == JADE_TIC_BL_TEXTURE_TYPE_CUBEMAP_ARRAY;
}

/* A cube header's depth counts cubes (nvc0_tex.c: "depth = layers / 6"). */
uint32_t
gpu_tex_layers(const struct gpu_tex_view *v)
{
   if (gpu_tex_is_cube(v))
      return v->depth * 6;
   return gpu_tex_is_array(v) ? v->depth : 1;
}

/* The levels one after the other, each clamping the level-0 block to less
 * than twice its size; layers on a level-0 block. */
static void
lay_out(struct gpu_tex_view *v)
{
   const bool is_3d = v->type == JADE_TIC_BL_TEXTURE_TYPE_THREE_D;
   const uint32_t d0 = is_3d ? v->depth : 1;
   uint64_t at = 0;
   for (unsigned i = 0; i < v->levels; i++) {
      struct gpu_tex_level *l = &v->level[i];
      /* In blocks of the format (compressed: 4 x 4 texels), samples
       * included. */
      uint32_t w = DIV_ROUND_UP(gpu_tex_minify(v->width, i), v->bw) << v->grid.x_log2;
      uint32_t h = DIV_ROUND_UP(gpu_tex_minify(v->height, i), v->bh) << v->grid.y_log2;
      uint32_t d = gpu_tex_minify(d0, i);
      uint32_t gob_cols = (w * v->bpp + 63) / 64, gob_rows = (h + 7) / 8;
      l->bh = MIN2(v->block_h_log2, log2_ceil(gob_rows));
      /* Level 0 keeps the header's block depth: NVK's sliced 3D storage
       * views (nvk_image_view.c, NIL tic.rs _3DSliced) are one-level 3D
       * headers of DEPTH = the slices viewed, at the first slice's GOB
       * plane, with the image's GOBS_PER_BLOCK_DEPTH; they address right
       * only if the hardware does not clamp it to DEPTH. */
      l->bd = i == 0 ? v->block_d_log2 : MIN2(v->block_d_log2, log2_ceil(d));
      l->row_B = gob_cols * 64;
      l->rows = ((gob_rows + (1u << l->bh) - 1) >> l->bh << l->bh) * 8;
      l->offset_B = at;
      at += (uint64_t)l->row_B * l->rows * ((d + (1u << l->bd) - 1) >> l->bd << l->bd);
   }
   const uint64_t block0_B = 512ull << (v->block_h_log2 + v->block_d_log2);
   v->layer_B = (at + block0_B - 1) / block0_B * block0_B;
}

void
gpu_tex_color_target(struct gpu_tex_view *v, const struct gpu_tex_target_desc *d)
{
   memset(v, 0, sizeof(*v));
   v->valid = true;
   v->format = d->format;
   v->bpp = util_format_get_blocksize(d->format);
   v->bw = v->bh = 1;
   v->integer = util_format_is_pure_integer(d->format);
   v->address = d->address;
   v->levels = 1;
   v->normalized = true;
   v->grid.samples = 1; /* WIDTH and HEIGHT count samples (gpu_3d_target.c) */
   v->height = d->height;
   v->type = d->is_3d ? JADE_TIC_BL_TEXTURE_TYPE_THREE_D : JADE_TIC_BL_TEXTURE_TYPE_TWO_D_ARRAY;
   v->depth = d->third ? d->third : 1;
   for (unsigned c = 0; c < 4; c++)
      v->source[c] = c;
   if (d->pitch) {
      /* WIDTH is the pitch in bytes (nvc0_state_validate.c, NVK
       * nvk_cmd_draw.c: a linear target's WIDTH = the row pitch). */
      v->memory = GPU_TEX_PITCH;
      v->pitch_B = d->width;
      v->width = v->bpp ? d->width / v->bpp : 0;
      v->layer_B = d->array_pitch_B;
      return;
   }
   v->memory = GPU_TEX_BLOCKLINEAR;
   v->width = d->width;
   v->block_h_log2 = d->block_h_log2;
   v->block_d_log2 = d->block_d_log2;
   /* One level, the block size as programmed (the driver gives the
    * level's own, already clamped), layers ARRAY_PITCH apart. */
   struct gpu_tex_level *l = &v->level[0];
   const uint32_t gob_cols = (d->width * v->bpp + 63) / 64, gob_rows = (d->height + 7) / 8;
   l->bh = d->block_h_log2;
   l->bd = d->is_3d ? d->block_d_log2 : 0;
   l->row_B = gob_cols * 64;
   l->rows = ((gob_rows + (1u << l->bh) - 1) >> l->bh << l->bh) * 8;
   l->offset_B = 0;
   v->layer_B = d->array_pitch_B;
}

/* The byte offset of texel (x, y, z) of a level from the layer's start. */
static uint64_t
texel_offset(const struct gpu_tex_level *l, unsigned bpp, uint32_t x, uint32_t y, uint32_t z)
{
   const uint32_t x_B = x * bpp;
   const uint64_t block_B = 512ull << (l->bh + l->bd);
   const uint64_t blocks_row = l->row_B / 64, blocks_slice = blocks_row * (l->rows / 8 >> l->bh);
   const uint64_t block = (z >> l->bd) * blocks_slice + (y / 8 >> l->bh) * blocks_row + x_B / 64;
   const uint32_t gob = (z & ((1u << l->bd) - 1)) << l->bh | ((y / 8) & ((1u << l->bh) - 1));
   return l->offset_B + block * block_B + gob * 512ull + gob_byte(x_B % 64, y % 8);
}

bool
gpu_tex_texel_va(const struct gpu_tex_view *v, unsigned level, uint32_t x, uint32_t y, uint32_t z,
                 uint32_t layer, uint64_t *va)
{
   return gpu_tex_sample_va(v, level, x, y, z, layer, 0, va);
}

bool
gpu_tex_sample_va(const struct gpu_tex_view *v, unsigned level, uint32_t x, uint32_t y, uint32_t z,
                  uint32_t layer, unsigned sample, uint64_t *va)
{
   const bool is_3d = v->type == JADE_TIC_BL_TEXTURE_TYPE_THREE_D;
   if (level >= v->levels || x >= gpu_tex_minify(v->width, level) ||
       y >= gpu_tex_minify(v->height, level) ||
       z >= (is_3d ? gpu_tex_minify(v->depth, level) : 1) || layer >= gpu_tex_layers(v))
      return false;
   x /= v->bw;
   y /= v->bh;
   if (v->grid.samples > 1) {
      x = x << v->grid.x_log2 | v->grid.x[sample % v->grid.samples];
      y = y << v->grid.y_log2 | v->grid.y[sample % v->grid.samples];
   }
   switch (v->memory) {
   case GPU_TEX_BUFFER:
      *va = v->address + (uint64_t)x * v->bpp;
      break;
   case GPU_TEX_PITCH:
      *va = v->address + (uint64_t)y * v->pitch_B + (uint64_t)x * v->bpp;
      break;
   default:
      *va = v->address + texel_offset(&v->level[level], v->bpp, x, y, z) + layer * v->layer_B;
   }
   return true;
}

static void
decode(const struct gpu_tex_view *v, const uint8_t *bytes, uint32_t x, uint32_t y, bool srgb,
       uint32_t rgba[4])
{
   if (v->fields) {
      uint64_t raw = 0;
      memcpy(&raw, bytes, v->bpp);
      for (unsigned c = 0; c < 2; c++) {
         const unsigned n = v->fields->bits[c];
         rgba[c] =
            n ? field_value(raw >> v->fields->shift[c] & ((1ull << n) - 1), n, v->field_type[c])
              : 0;
      }
      rgba[2] = 0;
      rgba[3] = integer_type(v->field_type[0]) ? 1 : 0x3f800000;
      return;
   }
   enum pipe_format f = v->format;
   if (srgb && util_format_srgb(f) != PIPE_FORMAT_NONE)
      f = util_format_srgb(f);
   if (v->bw == 1 && v->bh == 1) {
      util_format_unpack_rgba(f, rgba, bytes, 1);
      return;
   }
   /* A compressed block: all its texels decoded, the one asked for kept. */
   float block[16][4];
   util_format_unpack_rgba_rect(f, block, v->bw * 4 * sizeof(float), bytes, v->bpp, v->bw, v->bh);
   memcpy(rgba, block[(y % v->bh) * v->bw + x % v->bw], 4 * sizeof(uint32_t));
}

/* Texel reads of the texture unit go through its data cache. */
bool
gpu_tex_read_texel(struct jade_gpu *gpu, const struct gpu_tex_view *v, uint64_t va, uint32_t x,
                   uint32_t y, bool srgb, uint32_t rgba[4])
{
   uint8_t bytes[16];
   if (!gpu_tex_cache_read(gpu, v->tic, va, bytes, v->bpp))
      return false;
   decode(v, bytes, x, y, srgb, rgba);
   return true;
}

bool
gpu_tex_read(struct jade_gpu *gpu, const struct gpu_tex_view *v, uint64_t va, bool srgb,
             uint32_t rgba[4])
{
   /* Surface loads (SULD) read memory, not the texture data cache. */
   uint8_t bytes[16];
   if (!gpu_read(gpu, va, bytes, v->bpp, "a texel"))
      return false;
   decode(v, bytes, 0, 0, srgb, rgba);
   return true;
}

unsigned
gpu_tex_depth_component(const struct gpu_tex_view *v)
{
   /* The layouts with depth in the high field (Z24S8, and G24R8 read as
    * one). */
   return v->fields && v->fields->bits[1] == 24 ? 1 : 0;
}

void
gpu_tex_swizzle(const struct gpu_tex_view *v, const uint32_t rgba[4], uint32_t out[4])
{
   for (unsigned c = 0; c < 4; c++) {
      switch (v->source[c]) {
      case JADE_TIC_BL_X_SOURCE_IN_R:
      case JADE_TIC_BL_X_SOURCE_IN_G:
      case JADE_TIC_BL_X_SOURCE_IN_B:
      case JADE_TIC_BL_X_SOURCE_IN_A:
         out[c] = rgba[v->source[c] - JADE_TIC_BL_X_SOURCE_IN_R];
         break;
      case JADE_TIC_BL_X_SOURCE_IN_ONE_INT:
         out[c] = 1;
         break;
      case JADE_TIC_BL_X_SOURCE_IN_ONE_FLOAT:
         out[c] = v->integer ? 1 : 0x3f800000;
         break;
      default:
         out[c] = 0;
      }
   }
}

const struct gpu_tex_view *
gpu_tex_view(struct jade_gpu *gpu, uint32_t tic, char *err, size_t err_size)
{
   struct gpu_tex_view *slot = gpu_tex_cache_header(gpu, tic);
   if (slot->valid && slot->tic == tic)
      return slot;
   if (!read_view(gpu, tic, slot, err, err_size)) {
      slot->valid = false;
      return NULL;
   }
   if (slot->memory == GPU_TEX_BLOCKLINEAR && !slot->null)
      lay_out(slot);
   slot->tic = tic;
   slot->valid = true;
   return slot;
}

/* TXQ: QUERY 0 (TEX_HEADER_DIMENSION) gives the level's width, height,
 * depth or layers (cubes: cubes) and the view's levels; the level is the
 * view's (RES_VIEW_MIN_MIP_LEVEL + lod), as NIL programs views to be used
 * (nil/descriptor.rs: a view's base level there, sizes queried relative to
 * it).  QUERY 1 (TEX_HEADER_TEXTURE_TYPE): the type and the sample count
 * are not modelled yet. */
static bool
query(const struct gpu_tex_view *v, const struct jade_sim_texel_request *req, uint32_t out[4],
      char *err, size_t err_size)
{
   if (req->query != 0) {
      snprintf(err, err_size, "TXQ query %u not modelled", req->query);
      return false;
   }
   const unsigned level = v->view_min + (uint32_t)req->lod;
   const bool is_3d = v->type == JADE_TIC_BL_TEXTURE_TYPE_THREE_D;
   const bool is_1d = v->type == JADE_TIC_BL_TEXTURE_TYPE_ONE_D ||
                      v->type == JADE_TIC_BL_TEXTURE_TYPE_ONE_D_ARRAY ||
                      v->type == JADE_TIC_BL_TEXTURE_TYPE_ONE_D_BUFFER;
   out[0] = gpu_tex_minify(v->width, level);
   out[1] = is_1d ? 1 : gpu_tex_minify(v->height, level);
   out[2] = is_3d                                       ? gpu_tex_minify(v->depth, level)
            : gpu_tex_is_array(v) || gpu_tex_is_cube(v) ? v->depth
                                                        : 1;
   out[3] = v->memory == GPU_TEX_BUFFER ? 1 : v->view_max - v->view_min + 1;
   return true;
}

/* TLD: the level is the view's base plus the operand; a texel outside the
 * level, the view's levels or the layers reads 0 (GL leaves it undefined;
 * NVK's robustness relies on zero). */
static bool
fetch(struct jade_gpu *gpu, const struct gpu_tex_view *v, const struct jade_sim_texel_request *req,
      uint32_t out[4], char *err, size_t err_size)
{
   memset(out, 0, 4 * sizeof(uint32_t));
   const int64_t level = (int64_t)v->view_min + req->lod;
   if (req->lod < 0 || level > v->view_max)
      return true;
   uint32_t c[3] = {0, 0, 0};
   for (unsigned i = 0; i < req->dim && i < 3; i++)
      c[i] = (uint32_t)(req->coord[i] + req->offset[i]);
   /* A multisampled header's sample (TLD.MS's operand) past its count
    * reads 0, as a texel outside does (GL leaves it undefined). */
   if (v->grid.samples > 1 && req->sample >= v->grid.samples)
      return true;
   uint64_t va;
   if (!gpu_tex_sample_va(v, (unsigned)level, c[0], c[1], c[2], req->array ? req->layer : 0,
                          req->sample, &va))
      return true;
   /* sRGB texels are decoded only if the handle's sampler converts too:
    * its S_R_G_B_CONVERSION "is the only bit that has any effect on what
    * TXF does" (nvc0_tex.c, which keeps a sampler bound for TXF). */
   bool srgb = false;
   if (v->srgb && !gpu_sampler_srgb(gpu, req->handle, &srgb, err, err_size))
      return false;
   uint32_t rgba[4];
   if (!gpu_tex_read_texel(gpu, v, va, c[0], c[1], srgb, rgba))
      return false;
   gpu_tex_swizzle(v, rgba, out);
   return true;
}

static bool
texture_request(void *data, const struct jade_sim_texel_request *req, uint32_t out[4], char *err,
                size_t err_size)
{
   struct jade_gpu *gpu = data;
   const struct gpu_tex_view *v = gpu_tex_view(gpu, req->handle & 0xfffff, err, err_size);
   if (!v)
      return false;
   if (v->null) {
      memset(out, 0, 4 * sizeof(uint32_t));
      return true;
   }
   switch (req->op) {
   case JADE_SIM_TEX_QUERY:
      return query(v, req, out, err, err_size);
   case JADE_SIM_TEX_FETCH:
      return fetch(gpu, v, req, out, err, err_size);
   default:
      return gpu_sampler_request(gpu, v, req, out, err, err_size);
   }
}

/* A launch reads headers, samplers and texels through the caches of its
 * engine class (gpu_tex_cache.c), kept from launch to launch until the
 * methods that invalidate them. */
static bool
start(struct jade_gpu *gpu, unsigned subc, bool sampler_via_header)
{
   gpu->tex_subc = subc;
   gpu->tsc_via_header = sampler_via_header;
   return gpu_tex_cache_select(gpu, subc);
}

/* A unit used on its own (tests): the pool of subchannel subc, empty
 * caches. */
void
gpu_tex_use_pool(struct jade_gpu *gpu, unsigned subc)
{
   if (start(gpu, subc, false))
      gpu_tex_cache_empty(gpu);
}

bool
jade_gpu_texel(struct jade_gpu *gpu, unsigned subc, const struct jade_sim_texel_request *req,
               uint32_t texel[4], char *err, size_t err_size)
{
   if (!start(gpu, subc, false)) {
      snprintf(err, err_size, "no memory for the texture caches");
      return false;
   }
   gpu_tex_cache_empty(gpu);
   return texture_request(gpu, req, texel, err, err_size);
}

void
gpu_texture_bind(struct jade_gpu *gpu, struct jade_sim *sim, unsigned subc, bool sampler_via_header)
{
   if (!start(gpu, subc, sampler_via_header)) {
      gpu_log(gpu, "no memory for the texture caches");
      return;
   }
   jade_sim_set_texture_unit(sim, texture_request, gpu);
}
