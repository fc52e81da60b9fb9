/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The formats Jade supports and for what (the screen answers
 * is_format_supported from this table), and their hardware encodings for
 * colour and zeta targets and for vertex fetch.  Texture header layouts
 * are jade_texture_headers.c's.
 */

#include "util/format/u_format.h"
#include "util/macros.h"
#include "util/u_math.h"

#include "jade_formats.h"
#include "jade_texture.h"

#define T  JADE_FMT_TEXTURE
#define R  (JADE_FMT_RENDER | JADE_FMT_BLEND | JADE_FMT_MSAA)
#define RI (JADE_FMT_RENDER | JADE_FMT_MSAA) /* integer: no blending */
#define Z  (JADE_FMT_ZS | JADE_FMT_MSAA)
#define V  JADE_FMT_VERTEX

static const unsigned jade_format_table[PIPE_FORMAT_COUNT] = {
   /* 8-bit-per-channel colour */
   [PIPE_FORMAT_R8G8B8A8_UNORM] = T | R | V,
   [PIPE_FORMAT_R8G8B8X8_UNORM] = T | R,
   [PIPE_FORMAT_B8G8R8A8_UNORM] = T | R | V,
   [PIPE_FORMAT_B8G8R8X8_UNORM] = T | R,
   [PIPE_FORMAT_A8B8G8R8_UNORM] = T,
   [PIPE_FORMAT_R8G8B8A8_SRGB] = T | R,
   [PIPE_FORMAT_B8G8R8A8_SRGB] = T | R,
   [PIPE_FORMAT_R8G8B8A8_SNORM] = T | R | V,
   [PIPE_FORMAT_R8G8B8A8_UINT] = T | RI | V,
   [PIPE_FORMAT_R8G8B8A8_SINT] = T | RI | V,
   [PIPE_FORMAT_R8_UNORM] = T | R | V,
   [PIPE_FORMAT_R8_SNORM] = T | R | V,
   [PIPE_FORMAT_R8_UINT] = T | RI | V,
   [PIPE_FORMAT_R8_SINT] = T | RI | V,
   [PIPE_FORMAT_R8G8_UNORM] = T | R | V,
   [PIPE_FORMAT_R8G8_SNORM] = T | R | V,
   [PIPE_FORMAT_R8G8_UINT] = T | RI | V,
   [PIPE_FORMAT_R8G8_SINT] = T | RI | V,
   [PIPE_FORMAT_A8_UNORM] = T | R,
   [PIPE_FORMAT_L8_UNORM] = T,
   [PIPE_FORMAT_L8A8_UNORM] = T,
   [PIPE_FORMAT_I8_UNORM] = T,
   [PIPE_FORMAT_R8G8B8_UNORM] = V,
   [PIPE_FORMAT_R8G8B8_SNORM] = V,
   [PIPE_FORMAT_R8G8B8_UINT] = V,
   [PIPE_FORMAT_R8G8B8_SINT] = V,

   /* packed colour */
   [PIPE_FORMAT_B5G6R5_UNORM] = T | R,
   [PIPE_FORMAT_B5G5R5A1_UNORM] = T | R,
   [PIPE_FORMAT_B4G4R4A4_UNORM] = T,
   [PIPE_FORMAT_R10G10B10A2_UNORM] = T | R | V,
   [PIPE_FORMAT_B10G10R10A2_UNORM] = T | R | V,
   [PIPE_FORMAT_R10G10B10A2_UINT] = T | RI,
   [PIPE_FORMAT_R10G10B10A2_SNORM] = V,
   [PIPE_FORMAT_B10G10R10A2_SNORM] = V,
   [PIPE_FORMAT_R10G10B10A2_USCALED] = V,
   [PIPE_FORMAT_R10G10B10A2_SSCALED] = V,
   [PIPE_FORMAT_B10G10R10A2_USCALED] = V,
   [PIPE_FORMAT_B10G10R10A2_SSCALED] = V,
   [PIPE_FORMAT_R11G11B10_FLOAT] = T | R | V,
   [PIPE_FORMAT_R9G9B9E5_FLOAT] = T,

   /* 16-bit channels */
   [PIPE_FORMAT_R16_UNORM] = T | R | V,
   [PIPE_FORMAT_R16_SNORM] = T | R | V,
   [PIPE_FORMAT_R16_UINT] = T | RI | V,
   [PIPE_FORMAT_R16_SINT] = T | RI | V,
   [PIPE_FORMAT_R16_FLOAT] = T | R | V,
   [PIPE_FORMAT_R16G16_UNORM] = T | R | V,
   [PIPE_FORMAT_R16G16_SNORM] = T | R | V,
   [PIPE_FORMAT_R16G16_UINT] = T | RI | V,
   [PIPE_FORMAT_R16G16_SINT] = T | RI | V,
   [PIPE_FORMAT_R16G16_FLOAT] = T | R | V,
   [PIPE_FORMAT_R16G16B16A16_UNORM] = T | R | V,
   [PIPE_FORMAT_R16G16B16A16_SNORM] = T | R | V,
   [PIPE_FORMAT_R16G16B16A16_UINT] = T | RI | V,
   [PIPE_FORMAT_R16G16B16A16_SINT] = T | RI | V,
   [PIPE_FORMAT_R16G16B16A16_FLOAT] = T | R | V,
   [PIPE_FORMAT_R16G16B16_UNORM] = V,
   [PIPE_FORMAT_R16G16B16_SNORM] = V,
   [PIPE_FORMAT_R16G16B16_UINT] = V,
   [PIPE_FORMAT_R16G16B16_SINT] = V,
   [PIPE_FORMAT_R16G16B16_FLOAT] = V,

   /* 32-bit channels */
   [PIPE_FORMAT_R32_FLOAT] = T | R | V,
   [PIPE_FORMAT_R32_UINT] = T | RI | V,
   [PIPE_FORMAT_R32_SINT] = T | RI | V,
   [PIPE_FORMAT_R32G32_FLOAT] = T | R | V,
   [PIPE_FORMAT_R32G32_UINT] = T | RI | V,
   [PIPE_FORMAT_R32G32_SINT] = T | RI | V,
   [PIPE_FORMAT_R32G32B32_FLOAT] = T | V,
   [PIPE_FORMAT_R32G32B32_UINT] = T | V,
   [PIPE_FORMAT_R32G32B32_SINT] = T | V,
   [PIPE_FORMAT_R32G32B32A32_FLOAT] = T | R | V,
   [PIPE_FORMAT_R32G32B32A32_UINT] = T | RI | V,
   [PIPE_FORMAT_R32G32B32A32_SINT] = T | RI | V,

   /* depth/stencil */
   [PIPE_FORMAT_Z16_UNORM] = T | Z,
   [PIPE_FORMAT_Z24_UNORM_S8_UINT] = T | Z,
   [PIPE_FORMAT_Z24X8_UNORM] = T | Z,
   [PIPE_FORMAT_S8_UINT_Z24_UNORM] = T | Z,
   [PIPE_FORMAT_X8Z24_UNORM] = T | Z,
   [PIPE_FORMAT_Z32_FLOAT] = T | Z,
   [PIPE_FORMAT_Z32_FLOAT_S8X24_UINT] = T | Z,
   [PIPE_FORMAT_S8_UINT] = Z,
   /* Stencil-only views of the combined formats (ARB_stencil_texturing):
    * jade_texture_headers.c reads the stencil field, as nvc0 does. */
   [PIPE_FORMAT_X24S8_UINT] = T,
   [PIPE_FORMAT_S8X24_UINT] = T,
   [PIPE_FORMAT_X32_S8X24_UINT] = T,

   /* block compressed */
   [PIPE_FORMAT_DXT1_RGB] = T,
   [PIPE_FORMAT_DXT1_RGBA] = T,
   [PIPE_FORMAT_DXT3_RGBA] = T,
   [PIPE_FORMAT_DXT5_RGBA] = T,
   [PIPE_FORMAT_DXT1_SRGB] = T, /* EXT_texture_sRGB with S3TC needs these */
   [PIPE_FORMAT_DXT1_SRGBA] = T,
   [PIPE_FORMAT_DXT3_SRGBA] = T,
   [PIPE_FORMAT_DXT5_SRGBA] = T,
   [PIPE_FORMAT_RGTC1_UNORM] = T,
   [PIPE_FORMAT_RGTC1_SNORM] = T,
   [PIPE_FORMAT_RGTC2_UNORM] = T,
   [PIPE_FORMAT_RGTC2_SNORM] = T,
   [PIPE_FORMAT_BPTC_RGBA_UNORM] = T, /* ARB_texture_compression_bptc */
   [PIPE_FORMAT_BPTC_SRGBA] = T,
   [PIPE_FORMAT_BPTC_RGB_FLOAT] = T,
   [PIPE_FORMAT_BPTC_RGB_UFLOAT] = T,
};

#undef T
#undef R
#undef RI
#undef Z
#undef V

unsigned
jade_format_usage(enum pipe_format format)
{
   return format < ARRAY_SIZE(jade_format_table) ? jade_format_table[format] : 0;
}

bool
jade_is_format_supported(struct pipe_screen *pscreen, enum pipe_format format,
                         enum pipe_texture_target target, unsigned sample_count,
                         unsigned storage_sample_count, unsigned bindings)
{
   if (MAX2(1, sample_count) != MAX2(1, storage_sample_count))
      return false;
   if (sample_count > 8 || !util_is_power_of_two_or_zero(sample_count))
      return false;

   /* PIPE_FORMAT_NONE: the sample-count query for no attachment. */
   if (format == PIPE_FORMAT_NONE)
      return bindings == PIPE_BIND_RENDER_TARGET || bindings == 0;

   const unsigned usage = jade_format_usage(format);
   if (!usage)
      return false;
   if (sample_count > 1 && !(usage & JADE_FMT_MSAA))
      return false;
   if ((bindings & PIPE_BIND_SAMPLER_VIEW) && !(usage & JADE_FMT_TEXTURE))
      return false;
   /* 96-bit texels only in buffer textures, as nvc0's table offers them
    * (nv50_formats.c: R32G32B32 with its TBO flag only): an image of them
    * could be sampled but never rendered, and st/mesa would then store
    * the same GL format as RGB32 in a texture and RGBA32 in a
    * renderbuffer, which glCopyImageSubData cannot copy between
    * (st_cb_copyimage.c swizzled_copy asserts equal block sizes). */
   if (util_format_get_blocksizebits(format) == 96 && target != PIPE_BUFFER)
      return false;
   /* Every sampled format needs its texture header encoding. */
   static const unsigned char identity[4] = {PIPE_SWIZZLE_X, PIPE_SWIZZLE_Y, PIPE_SWIZZLE_Z,
                                             PIPE_SWIZZLE_W};
   struct jade_tic_format tic;
   if ((bindings & (PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_SHADER_IMAGE)) &&
       !jade_tic_format(format, identity, &tic))
      return false;
   if ((bindings & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DISPLAY_TARGET | PIPE_BIND_SCANOUT |
                    PIPE_BIND_SHARED)) &&
       !(usage & JADE_FMT_RENDER))
      return false;
   /* Every renderable format needs its target encoding (table below). */
   if ((bindings & PIPE_BIND_RENDER_TARGET) && !jade_ct_format(format))
      return false;
   if ((bindings & PIPE_BIND_DEPTH_STENCIL) && !jade_zt_format(format))
      return false;
   if ((bindings & PIPE_BIND_BLENDABLE) && !(usage & JADE_FMT_BLEND))
      return false;
   if ((bindings & PIPE_BIND_DEPTH_STENCIL) && !(usage & JADE_FMT_ZS))
      return false;
   if ((bindings & PIPE_BIND_VERTEX_BUFFER) && !(usage & JADE_FMT_VERTEX))
      return false;
   /* Storage images: colour formats the texture unit reads and the render
    * unit writes (SUST converts them as a colour target would). */
   if ((bindings & PIPE_BIND_SHADER_IMAGE) &&
       (!(usage & JADE_FMT_TEXTURE) || !(usage & JADE_FMT_RENDER) || sample_count > 1))
      return false;

   /* Multisampled textures are only 2D and 2D arrays. */
   if (sample_count > 1 && target != PIPE_TEXTURE_2D && target != PIPE_TEXTURE_2D_ARRAY)
      return false;
   return true;
}

/* Vertex formats: the component widths come from the format's layout,
 * the numerical type from its channel type; BGRA orders fetch RGBA with
 * R and B swapped.  Field values from NVIDIA's class header (clc597.h). */
#include "nvtypes.h"
#include "clc597.h"

static int
vertex_widths(const struct util_format_description *d)
{
#define W(x) NVC597_SET_VERTEX_ATTRIBUTE_A_COMPONENT_BIT_WIDTHS_##x
   if (d->layout == UTIL_FORMAT_LAYOUT_OTHER || d->is_bitmask) {
      switch (d->format) {
      case PIPE_FORMAT_R10G10B10A2_UNORM:
      case PIPE_FORMAT_B10G10R10A2_UNORM:
      case PIPE_FORMAT_R10G10B10A2_SNORM:
      case PIPE_FORMAT_B10G10R10A2_SNORM:
      case PIPE_FORMAT_R10G10B10A2_USCALED:
      case PIPE_FORMAT_B10G10R10A2_USCALED:
      case PIPE_FORMAT_R10G10B10A2_SSCALED:
      case PIPE_FORMAT_B10G10R10A2_SSCALED:
      case PIPE_FORMAT_R10G10B10A2_UINT:
      case PIPE_FORMAT_R10G10B10A2_SINT:
         return W(A2B10G10R10);
      case PIPE_FORMAT_R11G11B10_FLOAT:
         return W(B10G11R11);
      default:
         break;
      }
   }
   unsigned bits = d->channel[0].size;
   for (unsigned c = 1; c < d->nr_channels; c++)
      if (d->channel[c].size != bits)
         return -1;
   static const int8_t widths[33][5] = {
      [8] = {0, W(R8), W(R8_G8), W(R8_G8_B8), W(R8_G8_B8_A8)},
      [16] = {0, W(R16), W(R16_G16), W(R16_G16_B16), W(R16_G16_B16_A16)},
      [32] = {0, W(R32), W(R32_G32), W(R32_G32_B32), W(R32_G32_B32_A32)},
   };
#undef W
   if (bits > 32 || d->nr_channels > 4 || !widths[bits][d->nr_channels])
      return -1;
   return widths[bits][d->nr_channels];
}

bool
jade_vertex_format(enum pipe_format format, struct jade_vertex_format *out)
{
   if (!(jade_format_usage(format) & JADE_FMT_VERTEX))
      return false;
   const struct util_format_description *d = util_format_description(format);
   int widths = vertex_widths(d);
   int first = util_format_get_first_non_void_channel(format);
   if (widths < 0 || first < 0)
      return false;
   const struct util_format_channel_description *ch = &d->channel[first];
#define N(x) NVC597_SET_VERTEX_ATTRIBUTE_A_NUMERICAL_TYPE_NUM_##x
   uint32_t type;
   switch (ch->type) {
   case UTIL_FORMAT_TYPE_FLOAT:
      type = N(FLOAT);
      break;
   case UTIL_FORMAT_TYPE_UNSIGNED:
      type = ch->normalized ? N(UNORM) : ch->pure_integer ? N(UINT) : N(USCALED);
      break;
   case UTIL_FORMAT_TYPE_SIGNED:
      type = ch->normalized ? N(SNORM) : ch->pure_integer ? N(SINT) : N(SSCALED);
      break;
   default:
      return false;
   }
#undef N
   out->component_bit_widths = (uint8_t)widths;
   out->numerical_type = (uint8_t)type;
   out->swap_r_and_b = d->swizzle[0] == PIPE_SWIZZLE_Z && d->nr_channels >= 3;
   return true;
}

/* Colour and zeta target formats (SET_COLOR_TARGET_FORMAT / SET_ZT_FORMAT
 * values, clc597.h).  NVIDIA names list components from the high bits
 * down; N is signed-normalized, S/U integer, F float, L sRGB. */
#define CT(x) NVC597_SET_COLOR_TARGET_FORMAT_V_##x
static const uint8_t jade_ct_format_table[PIPE_FORMAT_COUNT] = {
   [PIPE_FORMAT_R8G8B8A8_UNORM] = CT(A8B8G8R8),
   [PIPE_FORMAT_R8G8B8X8_UNORM] = CT(X8B8G8R8),
   [PIPE_FORMAT_B8G8R8A8_UNORM] = CT(A8R8G8B8),
   [PIPE_FORMAT_B8G8R8X8_UNORM] = CT(X8R8G8B8),
   [PIPE_FORMAT_R8G8B8A8_SRGB] = CT(A8BL8GL8RL8),
   [PIPE_FORMAT_B8G8R8A8_SRGB] = CT(A8RL8GL8BL8),
   [PIPE_FORMAT_R8G8B8A8_SNORM] = CT(AN8BN8GN8RN8),
   [PIPE_FORMAT_R8G8B8A8_UINT] = CT(AU8BU8GU8RU8),
   [PIPE_FORMAT_R8G8B8A8_SINT] = CT(AS8BS8GS8RS8),
   [PIPE_FORMAT_R8_UNORM] = CT(R8),
   [PIPE_FORMAT_R8_SNORM] = CT(RN8),
   [PIPE_FORMAT_R8_UINT] = CT(RU8),
   [PIPE_FORMAT_R8_SINT] = CT(RS8),
   [PIPE_FORMAT_R8G8_UNORM] = CT(G8R8),
   [PIPE_FORMAT_R8G8_SNORM] = CT(GN8RN8),
   [PIPE_FORMAT_R8G8_UINT] = CT(GU8RU8),
   [PIPE_FORMAT_R8G8_SINT] = CT(GS8RS8),
   [PIPE_FORMAT_A8_UNORM] = CT(A8),
   [PIPE_FORMAT_B5G6R5_UNORM] = CT(R5G6B5),
   [PIPE_FORMAT_B5G5R5A1_UNORM] = CT(A1R5G5B5),
   [PIPE_FORMAT_R10G10B10A2_UNORM] = CT(A2B10G10R10),
   [PIPE_FORMAT_B10G10R10A2_UNORM] = CT(A2R10G10B10),
   [PIPE_FORMAT_R10G10B10A2_UINT] = CT(AU2BU10GU10RU10),
   [PIPE_FORMAT_R11G11B10_FLOAT] = CT(BF10GF11RF11),
   [PIPE_FORMAT_R16_UNORM] = CT(R16),
   [PIPE_FORMAT_R16_SNORM] = CT(RN16),
   [PIPE_FORMAT_R16_UINT] = CT(RU16),
   [PIPE_FORMAT_R16_SINT] = CT(RS16),
   [PIPE_FORMAT_R16_FLOAT] = CT(RF16),
   [PIPE_FORMAT_R16G16_UNORM] = CT(R16_G16),
   [PIPE_FORMAT_R16G16_SNORM] = CT(RN16_GN16),
   [PIPE_FORMAT_R16G16_UINT] = CT(RU16_GU16),
   [PIPE_FORMAT_R16G16_SINT] = CT(RS16_GS16),
   [PIPE_FORMAT_R16G16_FLOAT] = CT(RF16_GF16),
   [PIPE_FORMAT_R16G16B16A16_UNORM] = CT(R16_G16_B16_A16),
   [PIPE_FORMAT_R16G16B16A16_SNORM] = CT(RN16_GN16_BN16_AN16),
   [PIPE_FORMAT_R16G16B16A16_UINT] = CT(RU16_GU16_BU16_AU16),
   [PIPE_FORMAT_R16G16B16A16_SINT] = CT(RS16_GS16_BS16_AS16),
   [PIPE_FORMAT_R16G16B16A16_FLOAT] = CT(RF16_GF16_BF16_AF16),
   [PIPE_FORMAT_R32_FLOAT] = CT(RF32),
   [PIPE_FORMAT_R32_UINT] = CT(RU32),
   [PIPE_FORMAT_R32_SINT] = CT(RS32),
   [PIPE_FORMAT_R32G32_FLOAT] = CT(RF32_GF32),
   [PIPE_FORMAT_R32G32_UINT] = CT(RU32_GU32),
   [PIPE_FORMAT_R32G32_SINT] = CT(RS32_GS32),
   [PIPE_FORMAT_R32G32B32A32_FLOAT] = CT(RF32_GF32_BF32_AF32),
   [PIPE_FORMAT_R32G32B32A32_UINT] = CT(RU32_GU32_BU32_AU32),
   [PIPE_FORMAT_R32G32B32A32_SINT] = CT(RS32_GS32_BS32_AS32),
};
#undef CT

uint32_t
jade_ct_format(enum pipe_format format)
{
   return format < ARRAY_SIZE(jade_ct_format_table) ? jade_ct_format_table[format] : 0;
}

#define ZT(x) NVC597_SET_ZT_FORMAT_V_##x
uint32_t
jade_zt_format(enum pipe_format format)
{
   switch (format) {
   case PIPE_FORMAT_Z16_UNORM:
      return ZT(Z16);
   case PIPE_FORMAT_Z24_UNORM_S8_UINT:
      return ZT(S8Z24); /* Z in the low bits */
   case PIPE_FORMAT_Z24X8_UNORM:
      return ZT(X8Z24);
   case PIPE_FORMAT_S8_UINT_Z24_UNORM:
      return ZT(Z24S8);
   case PIPE_FORMAT_X8Z24_UNORM:
      return ZT(Z24S8);
   case PIPE_FORMAT_Z32_FLOAT:
      return ZT(ZF32);
   case PIPE_FORMAT_Z32_FLOAT_S8X24_UINT:
      return ZT(ZF32_X24S8);
   case PIPE_FORMAT_S8_UINT:
      return ZT(S8);
   default:
      return 0;
   }
}
#undef ZT
