/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Texture headers (TIC) and samplers (TSC) packed from Gallium views and
 * sampler states with the generated packers (src/jade/genxml, from
 * NVIDIA's clc597tex.h).
 *
 * A TIC's components are the format's channels in memory order, lowest
 * bits first (hardware R, G, B, A); the header's swizzle then picks which
 * of them each output reads, composed from the format's own swizzle and
 * the view's.
 */

#include <string.h>

#include "util/format/u_format.h"
#include "util/format_srgb.h"
#include "util/u_math.h"

#include "jade_resource.h"
#include "jade_texture.h"
#include "jade_tic.h"
#include "jade_tsc.h"

/* The hardware's name for a format's channel sizes (the TEXHEAD_BL,
 * TEXHEAD_PITCH and TEXHEAD_1D values are the same). */
static int
tic_components(const struct util_format_description *d)
{
#define C(x) JADE_TIC_BL_COMPONENTS_SIZES_##x
   switch (d->format) {
   /* Depth/stencil views use the Z layouts, as nvc0 (nv50_formats.c) and
    * NIL (nil_formats.csv) do: depth in R of S8Z24/X8Z24, in G of Z24S8. */
   case PIPE_FORMAT_Z16_UNORM:
      return C(Z16);
   case PIPE_FORMAT_Z24_UNORM_S8_UINT:
      return C(S8Z24);
   case PIPE_FORMAT_Z24X8_UNORM:
      return C(X8Z24);
   case PIPE_FORMAT_S8_UINT_Z24_UNORM:
   case PIPE_FORMAT_X8Z24_UNORM:
      return C(Z24S8);
   case PIPE_FORMAT_Z32_FLOAT:
      return C(ZF32);
   case PIPE_FORMAT_Z32_FLOAT_S8X24_UINT:
      return C(ZF32_X24S8);
   /* Stencil-only views of them (util_blitter's stencil blits sample
    * them): the same layouts, the stencil field in every component, as
    * nvc0 (nv50_formats.c SX: G8R24 / G24R8 / R32_B24G8) reads it. */
   case PIPE_FORMAT_X24S8_UINT:
      return C(S8Z24);
   case PIPE_FORMAT_S8X24_UINT:
      return C(Z24S8);
   case PIPE_FORMAT_X32_S8X24_UINT:
      return C(ZF32_X24S8);
   case PIPE_FORMAT_R9G9B9E5_FLOAT:
      return C(E5B9G9R9_SHAREDEXP);
   case PIPE_FORMAT_R11G11B10_FLOAT:
      return C(BF10GF11RF11);
   case PIPE_FORMAT_DXT1_RGB:
   case PIPE_FORMAT_DXT1_RGBA:
   case PIPE_FORMAT_DXT1_SRGB:
   case PIPE_FORMAT_DXT1_SRGBA:
      return C(DXT1);
   case PIPE_FORMAT_DXT3_RGBA:
   case PIPE_FORMAT_DXT3_SRGBA:
      return C(DXT23);
   case PIPE_FORMAT_DXT5_RGBA:
   case PIPE_FORMAT_DXT5_SRGBA:
      return C(DXT45);
   case PIPE_FORMAT_RGTC1_UNORM:
   case PIPE_FORMAT_RGTC1_SNORM:
      return C(DXN1);
   case PIPE_FORMAT_RGTC2_UNORM:
   case PIPE_FORMAT_RGTC2_SNORM:
      return C(DXN2);
   /* BPTC as NIL (nil_formats.csv) and nvc0 (nv50_formats.c) program it:
    * BC7U with UNORM components, BC6H_SF16 / _UF16 with FLOAT. */
   case PIPE_FORMAT_BPTC_RGBA_UNORM:
   case PIPE_FORMAT_BPTC_SRGBA:
      return C(BC7U);
   case PIPE_FORMAT_BPTC_RGB_FLOAT:
      return C(BC6H_SF16);
   case PIPE_FORMAT_BPTC_RGB_UFLOAT:
      return C(BC6H_UF16);
   default:
      break;
   }
   if (d->layout != UTIL_FORMAT_LAYOUT_PLAIN || d->nr_channels > 4)
      return -1;
   unsigned s[4] = {0};
   for (unsigned c = 0; c < d->nr_channels; c++)
      s[c] = d->channel[c].size;
   static const struct {
      unsigned n, s[4];
      int v;
   } sizes[] = {
      {1, {8}, C(R8)},
      {2, {8, 8}, C(G8R8)},
      {4, {8, 8, 8, 8}, C(A8B8G8R8)},
      {1, {16}, C(R16)},
      {2, {16, 16}, C(R16_G16)},
      {4, {16, 16, 16, 16}, C(R16_G16_B16_A16)},
      {1, {32}, C(R32)},
      {2, {32, 32}, C(R32_G32)},
      {3, {32, 32, 32}, C(R32_G32_B32)},
      {4, {32, 32, 32, 32}, C(R32_G32_B32_A32)},
      {4, {10, 10, 10, 2}, C(A2B10G10R10)},
      {3, {5, 6, 5}, C(B5G6R5)},
      {4, {5, 5, 5, 1}, C(A1B5G5R5)},
      {4, {4, 4, 4, 4}, C(A4B4G4R4)},
   };
#undef C
   for (unsigned i = 0; i < ARRAY_SIZE(sizes); i++) {
      if (sizes[i].n == d->nr_channels && !memcmp(sizes[i].s, s, sizeof(s)))
         return sizes[i].v;
   }
   return -1;
}

static unsigned
data_type(const struct util_format_channel_description *ch)
{
#define T(x) JADE_TIC_BL_R_DATA_TYPE_NUM_##x
   switch (ch->type) {
   case UTIL_FORMAT_TYPE_FLOAT:
      return T(FLOAT);
   case UTIL_FORMAT_TYPE_SIGNED:
      return ch->pure_integer ? T(SINT) : T(SNORM);
   default:
      return ch->pure_integer ? T(UINT) : T(UNORM);
   }
#undef T
}

bool
jade_tic_format(enum pipe_format format, const unsigned char view_swizzle[4],
                struct jade_tic_format *out)
{
   const struct util_format_description *d = util_format_description(format);
   if (!d)
      return false;
   int components = tic_components(d);
   if (components < 0)
      return false;
   out->components = components;

   /* Channel types; void channels (X8, padding) take the first real one's,
    * compressed formats are normalized, BC6H float (NIL's nil_formats.csv:
    * BC7U NNNN, BC6H FFFF). */
   int first = util_format_get_first_non_void_channel(format);
   for (unsigned c = 0; c < 4; c++) {
      if (d->layout == UTIL_FORMAT_LAYOUT_BPTC) {
         const bool bc6h =
            format == PIPE_FORMAT_BPTC_RGB_FLOAT || format == PIPE_FORMAT_BPTC_RGB_UFLOAT;
         out->data_type[c] =
            bc6h ? JADE_TIC_BL_R_DATA_TYPE_NUM_FLOAT : JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM;
      } else if (d->layout == UTIL_FORMAT_LAYOUT_S3TC || d->layout == UTIL_FORMAT_LAYOUT_RGTC) {
         bool snorm = format == PIPE_FORMAT_RGTC1_SNORM || format == PIPE_FORMAT_RGTC2_SNORM;
         out->data_type[c] =
            snorm ? JADE_TIC_BL_R_DATA_TYPE_NUM_SNORM : JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM;
      } else if (c < d->nr_channels && d->channel[c].type != UTIL_FORMAT_TYPE_VOID) {
         out->data_type[c] = data_type(&d->channel[c]);
      } else {
         out->data_type[c] = data_type(&d->channel[first >= 0 ? first : 0]);
      }
   }

   const bool integer = util_format_is_pure_integer(format);
   for (unsigned c = 0; c < 4; c++) {
      unsigned s = view_swizzle[c];
      if (s <= PIPE_SWIZZLE_W)
         s = d->swizzle[s];
      switch (s) {
      case PIPE_SWIZZLE_X:
      case PIPE_SWIZZLE_Y:
      case PIPE_SWIZZLE_Z:
      case PIPE_SWIZZLE_W:
         out->source[c] = JADE_TIC_BL_X_SOURCE_IN_R + s;
         break;
      case PIPE_SWIZZLE_1:
         out->source[c] =
            integer ? JADE_TIC_BL_X_SOURCE_IN_ONE_INT : JADE_TIC_BL_X_SOURCE_IN_ONE_FLOAT;
         break;
      case PIPE_SWIZZLE_NONE:
         /* A channel the format lacks (depth/stencil): 0, alpha 1. */
         out->source[c] = c < 3     ? JADE_TIC_BL_X_SOURCE_IN_ZERO
                          : integer ? JADE_TIC_BL_X_SOURCE_IN_ONE_INT
                                    : JADE_TIC_BL_X_SOURCE_IN_ONE_FLOAT;
         break;
      default:
         out->source[c] = JADE_TIC_BL_X_SOURCE_IN_ZERO;
         break;
      }
   }
   /* Stencil-only views: the stencil field (G, R for S8X24) wherever the
    * view's swizzle names a component. */
   if (format == PIPE_FORMAT_X24S8_UINT || format == PIPE_FORMAT_S8X24_UINT ||
       format == PIPE_FORMAT_X32_S8X24_UINT) {
      const unsigned stencil =
         format == PIPE_FORMAT_S8X24_UINT ? JADE_TIC_BL_X_SOURCE_IN_R : JADE_TIC_BL_X_SOURCE_IN_G;
      for (unsigned c = 0; c < 4; c++) {
         const unsigned s = view_swizzle[c];
         out->source[c] = s <= PIPE_SWIZZLE_W   ? stencil
                          : s == PIPE_SWIZZLE_1 ? JADE_TIC_BL_X_SOURCE_IN_ONE_INT
                                                : JADE_TIC_BL_X_SOURCE_IN_ZERO;
      }
   }
   out->srgb = util_format_is_srgb(format);
   return true;
}

static unsigned
texture_type(enum pipe_texture_target target)
{
#define TT(x) JADE_TIC_BL_TEXTURE_TYPE_##x
   switch (target) {
   case PIPE_TEXTURE_1D:
      return TT(ONE_D);
   case PIPE_TEXTURE_1D_ARRAY:
      return TT(ONE_D_ARRAY);
   case PIPE_TEXTURE_3D:
      return TT(THREE_D);
   case PIPE_TEXTURE_CUBE:
      return TT(CUBEMAP);
   case PIPE_TEXTURE_CUBE_ARRAY:
      return TT(CUBEMAP_ARRAY);
   case PIPE_TEXTURE_2D_ARRAY:
      return TT(TWO_D_ARRAY);
   case PIPE_BUFFER:
      return TT(ONE_D_BUFFER);
   default:
      return TT(TWO_D); /* 2D and rectangles (unnormalised: rect_coords) */
   }
#undef TT
}

static unsigned
multi_sample_mode(unsigned samples)
{
   switch (samples) {
   case 2:
      return JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_2X1_D3D;
   case 4:
      return JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_2X2;
   case 8:
      return JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_4X2_D3D;
   default:
      return JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_1X1;
   }
}

/* The filtering quality and cache fields NIL sets in every pitch and
 * block-linear header (tic.rs nvb097_fill_tic: LOD_ANISO_QUALITY2, LOD
 * quality high, fine/coarse spread TWO/ONE, PROMOTE_TO_2_V) and nvc0 in
 * its block-linear ones (nvc0_tex.c gm107_create_texture_view).  NVIDIA
 * documents them as precision and speed knobs ("use of 4 vectors for
 * iso lod calculation", envytools gm200_texture.xml); the GPU model does
 * not read them. */
#define TIC_QUALITY_FIELDS(v)                                                                      \
   .lod_aniso_quality2 = 1,                                                                        \
   .lod_aniso_quality = JADE_TIC_##v##_LOD_ANISO_QUALITY_LOD_QUALITY_HIGH,                         \
   .lod_iso_quality = JADE_TIC_##v##_LOD_ISO_QUALITY_LOD_QUALITY_HIGH,                             \
   .aniso_fine_spread_func = JADE_TIC_##v##_ANISO_FINE_SPREAD_FUNC_SPREAD_FUNC_TWO,                \
   .aniso_coarse_spread_func = JADE_TIC_##v##_ANISO_COARSE_SPREAD_FUNC_SPREAD_FUNC_ONE,            \
   .sector_promotion = JADE_TIC_##v##_SECTOR_PROMOTION_PROMOTE_TO_2_V

/* The format words every header version shares. */
#define TIC_FORMAT_FIELDS(f)                                                                       \
   .components = (f).components, .r_data_type = (f).data_type[0], .g_data_type = (f).data_type[1], \
   .b_data_type = (f).data_type[2], .a_data_type = (f).data_type[3], .x_source = (f).source[0],    \
   .y_source = (f).source[1], .z_source = (f).source[2], .w_source = (f).source[3]

/* NORMALIZED_COORDS: rectangle views take texel coordinates, which is
 * how nvc0 samples them (nvc0_tex.c: NV50_TEXVIEW_SCALED_COORDS for
 * PIPE_TEXTURE_RECT views), so that the compiler keeps GL's coordinates
 * instead of dividing them by a TXQ'd size.  Fetches (TLD), gathers and
 * size queries are unaffected; samplers leave the choice to the header
 * (jade_tsc_build). */
static unsigned
normalized_coords(const struct pipe_sampler_view *view)
{
   return view->target != PIPE_TEXTURE_RECT;
}

bool
jade_tic_build(const struct pipe_sampler_view *view, uint32_t dw[8])
{
   struct jade_resource *res = jade_resource(view->texture);
   const struct pipe_resource *pres = &res->base;
   const unsigned char swizzle[4] = {view->swizzle_r, view->swizzle_g, view->swizzle_b,
                                     view->swizzle_a};
   struct jade_tic_format fmt;
   if (!jade_tic_format(view->format, swizzle, &fmt))
      return false;

   if (pres->target == PIPE_BUFFER) {
      const unsigned elements = view->u.buf.size / util_format_get_blocksize(view->format);
      const uint64_t addr = res->bo->va + view->u.buf.offset;
      struct jade_tic_1d t = {
         TIC_FORMAT_FIELDS(fmt),
         .address_bits48to0 = addr,
         .header_version = JADE_TIC_1D_HEADER_VERSION_SELECT_ONE_D_BUFFER,
         .width_minus_one_bits31to16 = (MAX2(elements, 1) - 1) >> 16,
         .width_minus_one_bits15to0 = (MAX2(elements, 1) - 1) & 0xffff,
         .texture_type = JADE_TIC_1D_TEXTURE_TYPE_ONE_D_BUFFER,
         /* As NIL's buffer headers (tic.rs nvb097_nil_fill_buffer_tic). */
         .sector_promotion = JADE_TIC_1D_SECTOR_PROMOTION_PROMOTE_TO_2_V,
      };
      jade_tic_1d_pack(dw, &t);
      return true;
   }

   const struct jade_layout *l = &res->layout;
   const bool is_3d = view->target == PIPE_TEXTURE_3D;
   const bool cube = view->target == PIPE_TEXTURE_CUBE || view->target == PIPE_TEXTURE_CUBE_ARRAY;
   /* The view starts at its first layer; its levels are the resource's,
    * limited with the view window. */
   const uint64_t addr = jade_resource_address(res, 0, is_3d ? 0 : view->u.tex.first_layer);
   const unsigned layers = view->u.tex.last_layer - view->u.tex.first_layer + 1;
   const unsigned depth = is_3d ? pres->depth0 : cube ? MAX2(layers / 6, 1) : layers;
   const unsigned height =
      view->target == PIPE_TEXTURE_1D || view->target == PIPE_TEXTURE_1D_ARRAY ? 1 : pres->height0;

   if (!l->tiled) {
      struct jade_tic_pitch t = {
         TIC_FORMAT_FIELDS(fmt),
         TIC_QUALITY_FIELDS(PITCH),
         .address_bits48to5 = addr >> 5,
         .header_version = JADE_TIC_PITCH_HEADER_VERSION_SELECT_PITCH,
         .pitch_bits20to5 = (l->level[0].row_stride_B >> 5) & 0xffff,
         .pitch_bit21 = (l->level[0].row_stride_B >> 21) & 1,
         .width_minus_one = pres->width0 - 1,
         .height_minus_one = (height - 1) & 0xffff,
         .height_minus_one_bit16 = (height - 1) >> 16,
         .s_r_g_b_conversion = fmt.srgb,
         .texture_type = JADE_TIC_PITCH_TEXTURE_TYPE_TWO_D_NO_MIPMAP,
         .border_size = JADE_TIC_PITCH_BORDER_SIZE_BORDER_SAMPLER_COLOR,
         .normalized_coords = normalized_coords(view),
      };
      jade_tic_pitch_pack(dw, &t);
      return true;
   }

   struct jade_tic_bl t = {
      TIC_FORMAT_FIELDS(fmt),
      TIC_QUALITY_FIELDS(BL),
      .address_bits48to9 = addr >> 9,
      .header_version = JADE_TIC_BL_HEADER_VERSION_SELECT_BLOCKLINEAR,
      .gobs_per_block_width = 0,
      .gobs_per_block_height = l->level[0].tile_y_log2,
      .gobs_per_block_depth = l->level[0].tile_z_log2,
      /* DEPTH_TEXTURE stays clear, as NIL (tic.rs) and nvc0 (nvc0_tex.c)
       * leave it: it spreads the border colour's R over RGBA (envytools
       * gm200_texture.xml), which st/mesa's border colour, already
       * swizzled for the view (PIPE_QUIRK_TEXTURE_BORDER_COLOR_SWIZZLE_NV50),
       * must not get: a depth texture's border reads (R, 0, 0, 1). */
      .max_mip_level = pres->last_level,
      .width_minus_one = pres->width0 - 1,
      .height_minus_one = (height - 1) & 0xffff,
      .height_minus_one_bit16 = (height - 1) >> 16,
      .depth_minus_one = (depth - 1) & 0x3fff,
      .depth_minus_one_bit14 = (depth - 1) >> 14,
      .s_r_g_b_conversion = fmt.srgb,
      .texture_type = texture_type(view->target),
      /* Border texels take the sampler's colour (nvc0_tex.c
       * GM107_TIC2_4_BORDER_SIZE_SAMPLER_COLOR; NIL does the same). */
      .border_size = JADE_TIC_BL_BORDER_SIZE_BORDER_SAMPLER_COLOR,
      .normalized_coords = normalized_coords(view),
      .res_view_min_mip_level = view->u.tex.first_level,
      .res_view_max_mip_level = view->u.tex.last_level,
      .multi_sample_count = multi_sample_mode(pres->nr_samples),
   };
   jade_tic_bl_pack(dw, &t);
   return true;
}

static unsigned
address_mode(enum pipe_tex_wrap wrap)
{
#define A(x) JADE_TSC_ADDRESS_U_##x
   switch (wrap) {
   case PIPE_TEX_WRAP_REPEAT:
      return A(WRAP);
   case PIPE_TEX_WRAP_MIRROR_REPEAT:
      return A(MIRROR);
   case PIPE_TEX_WRAP_CLAMP_TO_EDGE:
      return A(CLAMP_TO_EDGE);
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER:
      return A(BORDER);
   case PIPE_TEX_WRAP_CLAMP:
      return A(CLAMP_OGL);
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
      return A(MIRROR_ONCE_CLAMP_TO_EDGE);
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
      return A(MIRROR_ONCE_BORDER);
   case PIPE_TEX_WRAP_MIRROR_CLAMP:
      return A(MIRROR_ONCE_CLAMP_OGL);
   default:
      return A(WRAP);
   }
#undef A
}

static unsigned
max_anisotropy(unsigned aniso)
{
#define M(x) JADE_TSC_MAX_ANISOTROPY_ANISO_##x##_TO_1
   if (aniso >= 16)
      return M(16);
   if (aniso >= 12)
      return M(12);
   if (aniso >= 10)
      return M(10);
   if (aniso >= 8)
      return M(8);
   if (aniso >= 6)
      return M(6);
   if (aniso >= 4)
      return M(4);
   if (aniso >= 2)
      return M(2);
   return M(1);
#undef M
}

/* LOD values are unsigned 4.8 fixed point, the bias signed 5.8. */
static uint32_t
lod_4_8(float lod)
{
   return (uint32_t)(CLAMP(lod, 0.0f, 15.0f + 255.0f / 256.0f) * 256.0f);
}

void
jade_tsc_build(const struct pipe_sampler_state *s, uint32_t dw[8])
{
   const bool aniso = s->max_anisotropy > 1;
   struct jade_tsc t = {
      .address_u = address_mode(s->wrap_s),
      .address_v = address_mode(s->wrap_t),
      .address_p = address_mode(s->wrap_r),
      .depth_compare = s->compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE,
      /* PIPE_FUNC_* and ZC_* share their order (never .. always). */
      .depth_compare_func = s->compare_func,
      /* sRGB headers are decoded only through samplers with this bit: nvc0
       * sets it in every sampler (G80_TSC_0_SRGB_CONVERSION), NVK too
       * (nvk_sampler.c). */
      .s_r_g_b_conversion = 1,
      .max_anisotropy = max_anisotropy(s->max_anisotropy),
      .mag_filter = s->mag_img_filter == PIPE_TEX_FILTER_LINEAR ? JADE_TSC_MAG_FILTER_MAG_LINEAR
                                                                : JADE_TSC_MAG_FILTER_MAG_POINT,
      .min_filter = aniso                                         ? JADE_TSC_MIN_FILTER_MIN_ANISO
                    : s->min_img_filter == PIPE_TEX_FILTER_LINEAR ? JADE_TSC_MIN_FILTER_MIN_LINEAR
                                                                  : JADE_TSC_MIN_FILTER_MIN_POINT,
      .mip_filter = s->min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR ? JADE_TSC_MIP_FILTER_MIP_LINEAR
                    : s->min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST
                       ? JADE_TSC_MIP_FILTER_MIP_POINT
                       : JADE_TSC_MIP_FILTER_MIP_NONE,
      .cubemap_interface_filtering = s->seamless_cube_map
                                        ? JADE_TSC_CUBEMAP_INTERFACE_FILTERING_AUTO_SPAN_SEAM
                                        : JADE_TSC_CUBEMAP_INTERFACE_FILTERING_USE_WRAP,
      .reduction_filter =
         s->reduction_mode == PIPE_TEX_REDUCTION_MIN   ? JADE_TSC_REDUCTION_FILTER_RED_MINIMUM
         : s->reduction_mode == PIPE_TEX_REDUCTION_MAX ? JADE_TSC_REDUCTION_FILTER_RED_MAXIMUM
                                                       : JADE_TSC_REDUCTION_FILTER_RED_NONE,
      .mip_lod_bias = (uint32_t)(int32_t)(CLAMP(s->lod_bias, -16.0f, 15.0f) * 256.0f) & 0x1fff,
      /* The header's NORMALIZED_COORDS decides, clear for rectangle
       * views: the samplers st/mesa and u_blitter pair with them ask for
       * unnormalized_coords, which says the same (nv50_state.c: "the
       * relevant bit is in the TIC entry"). */
      .float_coord_normalization = JADE_TSC_FLOAT_COORD_NORMALIZATION_USE_HEADER_SETTING,
      .min_lod_clamp = lod_4_8(s->min_lod),
      .max_lod_clamp =
         lod_4_8(s->min_mip_filter == PIPE_TEX_MIPFILTER_NONE ? s->min_lod : s->max_lod),
      /* The border colour's sRGB form, as NVK fills it (nvk_sampler.c). */
      .s_r_g_b_border_color_r = util_format_linear_float_to_srgb_8unorm(s->border_color.f[0]),
      .s_r_g_b_border_color_g = util_format_linear_float_to_srgb_8unorm(s->border_color.f[1]),
      .s_r_g_b_border_color_b = util_format_linear_float_to_srgb_8unorm(s->border_color.f[2]),
      .border_color_r = s->border_color.ui[0],
      .border_color_g = s->border_color.ui[1],
      .border_color_b = s->border_color.ui[2],
      .border_color_a = s->border_color.ui[3],
   };
   jade_tsc_pack(dw, &t);
}
