/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Texture header formats (jade_texture_headers.c): the hardware
 * components, data types and swizzle sources of representative formats
 * seen through representative view swizzles, worked out by hand from the
 * formats' memory layouts (the hardware's R is the lowest channel in
 * memory); and every format the format table offers for sampling has an
 * encoding.
 */

#include <stdio.h>

#include "util/format/u_format.h"

#include "jade_formats.h"
#include "jade_tic.h"
#include "jade_tsc.h"
#include "jade_texture.h"

#define S(x) JADE_TIC_BL_X_SOURCE_IN_##x
#define C(x) JADE_TIC_BL_COMPONENTS_SIZES_##x
#define T(x) JADE_TIC_BL_R_DATA_TYPE_NUM_##x

static const unsigned char rgba[4] = {PIPE_SWIZZLE_X, PIPE_SWIZZLE_Y, PIPE_SWIZZLE_Z,
                                      PIPE_SWIZZLE_W};
static const unsigned char bgr1[4] = {PIPE_SWIZZLE_Z, PIPE_SWIZZLE_Y, PIPE_SWIZZLE_X,
                                      PIPE_SWIZZLE_1};

static const struct {
   enum pipe_format format;
   const unsigned char *swizzle;
   unsigned components, type0, type1, src[4];
   bool srgb;
} cases[] = {
   /* R at the lowest address: straight through. */
   {PIPE_FORMAT_R8G8B8A8_UNORM, rgba, C(A8B8G8R8), T(UNORM), T(UNORM), {S(R), S(G), S(B), S(A)}},
   /* B first in memory: red is the third channel. */
   {PIPE_FORMAT_B8G8R8A8_UNORM, rgba, C(A8B8G8R8), T(UNORM), T(UNORM), {S(B), S(G), S(R), S(A)}},
   /* A view swizzle composes over the format's. */
   {PIPE_FORMAT_B8G8R8A8_UNORM,
    bgr1,
    C(A8B8G8R8),
    T(UNORM),
    T(UNORM),
    {S(R), S(G), S(B), S(ONE_FLOAT)}},
   /* X8: alpha reads one; the padding takes the others' type. */
   {PIPE_FORMAT_R8G8B8X8_UNORM,
    rgba,
    C(A8B8G8R8),
    T(UNORM),
    T(UNORM),
    {S(R), S(G), S(B), S(ONE_FLOAT)}},
   {PIPE_FORMAT_R8G8B8A8_SRGB,
    rgba,
    C(A8B8G8R8),
    T(UNORM),
    T(UNORM),
    {S(R), S(G), S(B), S(A)},
    true},
   /* Luminance and alpha formats are one channel swizzled. */
   {PIPE_FORMAT_L8_UNORM, rgba, C(R8), T(UNORM), T(UNORM), {S(R), S(R), S(R), S(ONE_FLOAT)}},
   {PIPE_FORMAT_A8_UNORM, rgba, C(R8), T(UNORM), T(UNORM), {S(ZERO), S(ZERO), S(ZERO), S(R)}},
   {PIPE_FORMAT_L8A8_UNORM, rgba, C(G8R8), T(UNORM), T(UNORM), {S(R), S(R), S(R), S(G)}},
   /* Integer formats read an integer one. */
   {PIPE_FORMAT_R8_UINT, rgba, C(R8), T(UINT), T(UINT), {S(R), S(ZERO), S(ZERO), S(ONE_INT)}},
   {PIPE_FORMAT_R32G32B32A32_SINT,
    rgba,
    C(R32_G32_B32_A32),
    T(SINT),
    T(SINT),
    {S(R), S(G), S(B), S(A)}},
   {PIPE_FORMAT_R16G16_FLOAT,
    rgba,
    C(R16_G16),
    T(FLOAT),
    T(FLOAT),
    {S(R), S(G), S(ZERO), S(ONE_FLOAT)}},
   {PIPE_FORMAT_R32G32B32_FLOAT,
    rgba,
    C(R32_G32_B32),
    T(FLOAT),
    T(FLOAT),
    {S(R), S(G), S(B), S(ONE_FLOAT)}},
   /* Packed: 5-6-5 with blue in the low bits, 10-10-10-2, shared exponent. */
   {PIPE_FORMAT_B5G6R5_UNORM,
    rgba,
    C(B5G6R5),
    T(UNORM),
    T(UNORM),
    {S(B), S(G), S(R), S(ONE_FLOAT)}},
   {PIPE_FORMAT_R10G10B10A2_UNORM,
    rgba,
    C(A2B10G10R10),
    T(UNORM),
    T(UNORM),
    {S(R), S(G), S(B), S(A)}},
   {PIPE_FORMAT_R11G11B10_FLOAT,
    rgba,
    C(BF10GF11RF11),
    T(FLOAT),
    T(FLOAT),
    {S(R), S(G), S(B), S(ONE_FLOAT)}},
   {PIPE_FORMAT_R9G9B9E5_FLOAT,
    rgba,
    C(E5B9G9R9_SHAREDEXP),
    T(FLOAT),
    T(FLOAT),
    {S(R), S(G), S(B), S(ONE_FLOAT)}},
   /* Depth: the Z layouts nvc0 (nv50_formats.c) and NIL (nil_formats.csv)
    * use.  S8Z24: Z in the low 24 bits (R, unorm), stencil above (G, uint). */
   {PIPE_FORMAT_Z24_UNORM_S8_UINT,
    rgba,
    C(S8Z24),
    T(UNORM),
    T(UINT),
    {S(R), S(G), S(ZERO), S(ONE_FLOAT)}},
   /* Stencil in the low byte: depth is the second channel. */
   {PIPE_FORMAT_S8_UINT_Z24_UNORM,
    rgba,
    C(Z24S8),
    T(UINT),
    T(UNORM),
    {S(G), S(R), S(ZERO), S(ONE_FLOAT)}},
   {PIPE_FORMAT_Z32_FLOAT,
    rgba,
    C(ZF32),
    T(FLOAT),
    T(FLOAT),
    {S(R), S(ZERO), S(ZERO), S(ONE_FLOAT)}},
   /* Stencil-only views (util_blitter's stencil blits): the stencil field
    * in every component, as nvc0's SX formats read it; BGR1 keeps the one. */
   {PIPE_FORMAT_X24S8_UINT, rgba, C(S8Z24), T(UINT), T(UINT), {S(G), S(G), S(G), S(G)}},
   {PIPE_FORMAT_S8X24_UINT, rgba, C(Z24S8), T(UINT), T(UINT), {S(R), S(R), S(R), S(R)}},
   {PIPE_FORMAT_X32_S8X24_UINT,
    bgr1,
    C(ZF32_X24S8),
    T(UINT),
    T(UINT),
    {S(G), S(G), S(G), S(ONE_INT)}},
   /* Compressed: normalized, sRGB through the header's conversion. */
   {PIPE_FORMAT_DXT1_SRGBA, rgba, C(DXT1), T(UNORM), T(UNORM), {S(R), S(G), S(B), S(A)}, true},
   {PIPE_FORMAT_RGTC1_SNORM,
    rgba,
    C(DXN1),
    T(SNORM),
    T(SNORM),
    {S(R), S(ZERO), S(ZERO), S(ONE_FLOAT)}},
   /* BPTC as NIL's nil_formats.csv has it: BC7U unorm, BC6H float with
    * alpha one. */
   {PIPE_FORMAT_BPTC_SRGBA, rgba, C(BC7U), T(UNORM), T(UNORM), {S(R), S(G), S(B), S(A)}, true},
   {PIPE_FORMAT_BPTC_RGB_FLOAT,
    rgba,
    C(BC6H_SF16),
    T(FLOAT),
    T(FLOAT),
    {S(R), S(G), S(B), S(ONE_FLOAT)}},
   {PIPE_FORMAT_BPTC_RGB_UFLOAT,
    rgba,
    C(BC6H_UF16),
    T(FLOAT),
    T(FLOAT),
    {S(R), S(G), S(B), S(ONE_FLOAT)}},
};

int
main(void)
{
   unsigned failures = 0, checks = 0;
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct jade_tic_format f;
      const char *name = util_format_short_name(cases[i].format);
      checks++;
      if (!jade_tic_format(cases[i].format, cases[i].swizzle, &f)) {
         printf("FAIL %s: no encoding\n", name);
         failures++;
         continue;
      }
      bool ok = f.components == cases[i].components && f.data_type[0] == cases[i].type0 &&
                f.data_type[1] == cases[i].type1 && f.srgb == cases[i].srgb;
      for (unsigned c = 0; c < 4; c++)
         ok = ok && f.source[c] == cases[i].src[c];
      if (!ok) {
         printf("FAIL %s: components %u types %u %u sources %u %u %u %u srgb %u\n", name,
                f.components, f.data_type[0], f.data_type[1], f.source[0], f.source[1], f.source[2],
                f.source[3], f.srgb);
         failures++;
      }
   }
   /* Every format offered for sampling has a header encoding. */
   for (unsigned fmt = 0; fmt < PIPE_FORMAT_COUNT; fmt++) {
      if (!(jade_format_usage(fmt) & JADE_FMT_TEXTURE))
         continue;
      struct jade_tic_format f;
      checks++;
      if (!jade_tic_format(fmt, rgba, &f)) {
         printf("FAIL %s is sampled but has no texture header encoding\n",
                util_format_short_name(fmt));
         failures++;
      }
   }
   /* A sampler state as the TSC packs it: wraps, filters, aniso, depth
    * compare, LOD clamps (4.8 fixed point) and bias (5.8, signed). */
   const struct pipe_sampler_state ss = {
      .wrap_s = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
      .wrap_t = PIPE_TEX_WRAP_MIRROR_REPEAT,
      .wrap_r = PIPE_TEX_WRAP_CLAMP_TO_BORDER,
      .min_img_filter = PIPE_TEX_FILTER_LINEAR,
      .mag_img_filter = PIPE_TEX_FILTER_NEAREST,
      .min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR,
      .compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE,
      .compare_func = PIPE_FUNC_LEQUAL,
      .max_anisotropy = 8,
      .min_lod = 0.5f,
      .max_lod = 20.0f,
      .lod_bias = -1.25f,
      .seamless_cube_map = true,
      .border_color = {.f = {0.25f, 0.5f, 0.75f, 1.0f}},
   };
   uint32_t dw[8];
   struct jade_tsc t;
   jade_tsc_build(&ss, dw);
   jade_tsc_unpack(dw, &t);
   const struct {
      const char *what;
      uint32_t got, want;
   } tsc[] = {
      {"address_u", t.address_u, JADE_TSC_ADDRESS_U_CLAMP_TO_EDGE},
      {"address_v", t.address_v, JADE_TSC_ADDRESS_V_MIRROR},
      {"address_p", t.address_p, JADE_TSC_ADDRESS_P_BORDER},
      {"min_filter", t.min_filter, JADE_TSC_MIN_FILTER_MIN_ANISO},
      {"mag_filter", t.mag_filter, JADE_TSC_MAG_FILTER_MAG_POINT},
      {"mip_filter", t.mip_filter, JADE_TSC_MIP_FILTER_MIP_LINEAR},
      {"depth_compare", t.depth_compare, 1},
      {"depth_compare_func", t.depth_compare_func, JADE_TSC_DEPTH_COMPARE_FUNC_ZC_LEQUAL},
      {"max_anisotropy", t.max_anisotropy, JADE_TSC_MAX_ANISOTROPY_ANISO_8_TO_1},
      {"min_lod_clamp", t.min_lod_clamp, 128},
      {"max_lod_clamp", t.max_lod_clamp, 15 * 256 + 255},
      {"mip_lod_bias", t.mip_lod_bias, (uint32_t)(-320) & 0x1fff},
      {"cubemap_interface_filtering", t.cubemap_interface_filtering,
       JADE_TSC_CUBEMAP_INTERFACE_FILTERING_AUTO_SPAN_SEAM},
      {"border_color_g", t.border_color_g, 0x3f000000},
   };
   for (unsigned i = 0; i < sizeof(tsc) / sizeof(tsc[0]); i++) {
      checks++;
      if (tsc[i].got != tsc[i].want) {
         printf("FAIL tsc %s: got %u, want %u\n", tsc[i].what, tsc[i].got, tsc[i].want);
         failures++;
      }
   }
   printf("tic formats and tsc: %u checks, %u failed\n", checks, failures);
   return failures ? 1 : 0;
}
