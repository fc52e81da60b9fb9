/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The GPU model's samplers on their own (jade_gpu_texel with TEX, TLD4 and
 * TMML requests): a two-level R32_FLOAT block-linear image whose texel
 * (x, y) of level l holds 100 l + 10 y + x, placed with the test's own
 * address equation (tests/driver/gob_ref.h), and sampler headers packed
 * with jade_tsc_pack from NVIDIA's field names.  Every want value is worked
 * out by hand from GL 4.6's formulas (section 8.14) in the comment beside
 * it: filters, wraps, the border colour, mipmaps, LOD bias and clamps,
 * depth compare, gathers, LOD queries, unnormalised coordinates, reduction
 * filters, and a header whose border is not the sampler's colour.
 */

#include <math.h>
#include <string.h>

#include "nvidia/classes/clc46f.h"
#include "nvidia/classes/clc5c0.h"

#include "gpu_test.h"
#include "jade_tic.h"
#include "jade_tsc.h"
#include "../driver/gob_ref.h"

#define VA_BASE 0x300000000ull
#define TICS    0x0000u
#define TSCS    0x0400u
#define IMAGE   0x1000u
#define PB      0xf000u
#define W       8u
#define H       4u

static float
value(unsigned x, unsigned y, unsigned l)
{
   return (float)(100 * l + 10 * y + x);
}

static void
image_depth(unsigned slot, unsigned border_size, bool depth_texture)
{
   struct ref_image img;
   ref_layout(W, H, 1, 2, 1, 1, 4, &img);
   for (unsigned l = 0; l < 2; l++) {
      const struct ref_level *lv = &img.level[l];
      for (unsigned y = 0; y < (H >> l); y++)
         for (unsigned x = 0; x < (W >> l); x++) {
            float f = value(x, y, l);
            for (unsigned b = 0; b < 4; b++)
               mem[IMAGE + lv->offset_B +
                   ref_offset(lv->row_B, lv->rows, lv->ty, lv->tz, x * 4 + b, y, 0)] =
                  ((uint8_t *)&f)[b];
         }
   }
   struct jade_tic_bl t;
   memset(&t, 0, sizeof(t));
   t.components = JADE_TIC_BL_COMPONENTS_SIZES_R32;
   t.r_data_type = t.g_data_type = t.b_data_type = t.a_data_type =
      JADE_TIC_BL_R_DATA_TYPE_NUM_FLOAT;
   t.x_source = JADE_TIC_BL_X_SOURCE_IN_R;
   t.w_source = JADE_TIC_BL_X_SOURCE_IN_ONE_FLOAT;
   t.header_version = JADE_TIC_BL_HEADER_VERSION_SELECT_BLOCKLINEAR;
   t.address_bits48to9 = (VA_BASE + IMAGE) >> 9;
   t.gobs_per_block_height = img.level[0].ty;
   t.width_minus_one = W - 1;
   t.height_minus_one = H - 1;
   t.texture_type = JADE_TIC_BL_TEXTURE_TYPE_TWO_D;
   t.max_mip_level = 1;
   t.res_view_max_mip_level = 1;
   t.normalized_coords = 1;
   t.border_size = border_size;
   t.depth_texture = depth_texture;
   uint32_t w[8] = {0};
   jade_tic_bl_pack(w, &t);
   memcpy(mem + TICS + 32 * slot, w, 32);
}

static void
image(unsigned slot, unsigned border_size)
{
   image_depth(slot, border_size, false);
}

static struct jade_tsc
sampler(unsigned mag, unsigned min, unsigned mip, unsigned wrap)
{
   struct jade_tsc s;
   memset(&s, 0, sizeof(s));
   s.address_u = s.address_v = s.address_p = wrap;
   s.mag_filter = mag;
   s.min_filter = min;
   s.mip_filter = mip;
   s.max_lod_clamp = 15 * 256;
   float border[4] = {5.0f, 6.0f, 7.0f, 8.0f};
   memcpy(&s.border_color_r, &border[0], 4);
   memcpy(&s.border_color_g, &border[1], 4);
   memcpy(&s.border_color_b, &border[2], 4);
   memcpy(&s.border_color_a, &border[3], 4);
   return s;
}

static void
put_sampler(unsigned slot, const struct jade_tsc *s)
{
   uint32_t w[8] = {0};
   jade_tsc_pack(w, s);
   memcpy(mem + TSCS + 32 * slot, w, 32);
}

#define POINT  JADE_TSC_MAG_FILTER_MAG_POINT, JADE_TSC_MIN_FILTER_MIN_POINT
#define LINEAR JADE_TSC_MAG_FILTER_MAG_LINEAR, JADE_TSC_MIN_FILTER_MIN_LINEAR

/* Samples (s, t) through sampler 0 (which the caller set up) and texture
 * header tic; returns R. */
static float
run(struct jade_gpu *gpu, unsigned tic, struct jade_sim_texel_request r)
{
   r.handle = tic;
   r.dim = 2;
   uint32_t out[4] = {0};
   char err[200] = "";
   if (!jade_gpu_texel(gpu, 1, &r, out, err, sizeof(err))) {
      printf("request failed: %s\n", err);
      return NAN;
   }
   float f;
   memcpy(&f, &out[0], 4);
   return f;
}

static struct jade_sim_texel_request
at(float x, float y) /* in texels of level 0 */
{
   return (struct jade_sim_texel_request){
      .op = JADE_SIM_TEX_SAMPLE,
      .lod_mode = JADE_SIM_LOD_ZERO,
      .s = {x / W, y / H},
   };
}

static void
expect(struct jade_gpu *gpu, const struct jade_tsc *s, struct jade_sim_texel_request r, float want,
       const char *what)
{
   put_sampler(0, s);
   float got = run(gpu, 0, r);
   CHECK(fabsf(got - want) < 1e-4f, "%s: %g, want %g", what, got, want);
}

int
main(void)
{
   const struct jade_gpu_env env = gpu_test_env(VA_BASE);
   struct jade_gpu *gpu = jade_gpu_create(&env);
   CHECK(gpu_test_bind_pools(gpu, PB, TICS, TSCS), "the pools bind");
   image(0, JADE_TIC_BL_BORDER_SIZE_BORDER_SAMPLER_COLOR);
   image(1, JADE_TIC_BL_BORDER_SIZE_BORDER_SIZE_ONE);
   const unsigned none = JADE_TSC_MIP_FILTER_MIP_NONE, mpoint = JADE_TSC_MIP_FILTER_MIP_POINT;
   struct jade_tsc s;

   s = sampler(POINT, none, JADE_TSC_ADDRESS_U_WRAP);
   expect(gpu, &s, at(2.5f, 1.5f), 12, "nearest (2.5, 1.5) = texel (2, 1)");
   s = sampler(LINEAR, none, JADE_TSC_ADDRESS_U_WRAP);
   /* (2.75, 1.5) - 0.5 = (2.25, 1): 0.75 x 12 + 0.25 x 13 */
   expect(gpu, &s, at(2.75f, 1.5f), 12.25f, "linear (2.75, 1.5)");
   s.reduction_filter = JADE_TSC_REDUCTION_FILTER_RED_MAXIMUM;
   expect(gpu, &s, at(2.75f, 1.5f), 13, "linear (2.75, 1.5), reduced by max");
   s.reduction_filter = JADE_TSC_REDUCTION_FILTER_RED_MINIMUM;
   expect(gpu, &s, at(2.75f, 1.5f), 12, "linear (2.75, 1.5), reduced by min");

   /* x = -0.25 texels: floor -1 */
   static const struct {
      unsigned wrap;
      float want;
      const char *name;
   } wraps[] = {
      {JADE_TSC_ADDRESS_U_WRAP, 7, "wrap: texel 7"},
      {JADE_TSC_ADDRESS_U_MIRROR, 0, "mirror: texel 0"},
      {JADE_TSC_ADDRESS_U_CLAMP_TO_EDGE, 0, "clamp to edge: texel 0"},
      {JADE_TSC_ADDRESS_U_BORDER, 5, "border: the border's red"},
      {JADE_TSC_ADDRESS_U_CLAMP_OGL, 0, "GL clamp, nearest: texel 0"},
      {JADE_TSC_ADDRESS_U_MIRROR_ONCE_CLAMP_TO_EDGE, 0, "mirror once: texel 0"},
   };
   for (unsigned i = 0; i < sizeof(wraps) / sizeof(wraps[0]); i++) {
      s = sampler(POINT, none, wraps[i].wrap);
      expect(gpu, &s, at(-0.25f, 0.5f), wraps[i].want, wraps[i].name);
   }
   /* x = 9.5 texels (past the right edge by 1.5): wrap 1, mirror 6 */
   s = sampler(POINT, none, JADE_TSC_ADDRESS_U_WRAP);
   expect(gpu, &s, at(9.5f, 0.5f), 1, "wrap at 9.5: texel 1");
   s = sampler(POINT, none, JADE_TSC_ADDRESS_U_MIRROR);
   expect(gpu, &s, at(9.5f, 0.5f), 6, "mirror at 9.5: texel 6");
   /* GL clamp, nearest, past the right edge: the last texel (GL 4.6
    * compatibility table 8.20: clamp(coord, 0, size - 1)), not the border;
    * mirror once with GL clamp the same on the left. */
   s = sampler(POINT, none, JADE_TSC_ADDRESS_U_CLAMP_OGL);
   expect(gpu, &s, at(9.5f, 0.5f), 7, "GL clamp, nearest at 9.5: texel 7");
   s = sampler(POINT, none, JADE_TSC_ADDRESS_U_MIRROR_ONCE_CLAMP_OGL);
   expect(gpu, &s, at(-9.5f, 0.5f), 7, "mirror once GL clamp, nearest at -9.5: texel 7");
   /* GL clamp, linear, at x = 0: (-1, 0) weighted 0.5 each: border 5 and 0 */
   s = sampler(LINEAR, none, JADE_TSC_ADDRESS_U_CLAMP_OGL);
   expect(gpu, &s, at(-3.0f, 0.5f), 2.5f, "GL clamp, linear, left of the image");

   /* Mipmaps: level 1 is 4 x 2; (1.5, 1.5) of level 1 is (3, 3) of level 0. */
   struct jade_sim_texel_request r = at(3.0f, 3.0f);
   r.lod_mode = JADE_SIM_LOD_LEVEL;
   r.lod_value = 1.0f;
   s = sampler(POINT, mpoint, JADE_TSC_ADDRESS_U_WRAP);
   expect(gpu, &s, r, 111, "LOD 1, nearest mip: level 1 (1, 1)");
   r.lod_value = 0.5f; /* mip point: ceil(0.5 + 0.5) - 1 = 0 */
   expect(gpu, &s, r, 33, "LOD 0.5, nearest mip: level 0 (3, 3)");
   s = sampler(POINT, JADE_TSC_MIP_FILTER_MIP_LINEAR, JADE_TSC_ADDRESS_U_WRAP);
   expect(gpu, &s, r, (33 + 111) / 2.0f, "LOD 0.5, linear mip: half of each");
   s = sampler(POINT, mpoint, JADE_TSC_ADDRESS_U_WRAP);
   s.max_lod_clamp = 0;
   r.lod_value = 1.0f;
   expect(gpu, &s, r, 33, "LOD 1 clamped to MAX_LOD_CLAMP 0");
   s = sampler(POINT, mpoint, JADE_TSC_ADDRESS_U_WRAP);
   s.mip_lod_bias = 256; /* +1.0 in signed 5.8 */
   r.lod_value = 0.0f;
   expect(gpu, &s, r, 111, "LOD 0 + sampler bias 1: level 1");
   s = sampler(POINT, mpoint, JADE_TSC_ADDRESS_U_WRAP);
   s.min_lod_clamp = 256;
   expect(gpu, &s, r, 111, "LOD 0 raised by MIN_LOD_CLAMP 1: level 1");
   {
      /* USE_HEADER_OPT_CONTROL: the header's MIP_LOD_BIAS replaces the
       * sampler's (envytools gm200_texture.xml: "use optimization controls
       * in header"), header 2 is header 0 with it and a bias of 1. */
      struct jade_tic_bl t;
      uint32_t w[8];
      jade_tic_bl_unpack((const uint32_t *)(mem + TICS), &t);
      t.use_header_opt_control = 1;
      t.mip_lod_bias = 256;
      jade_tic_bl_pack(w, &t);
      memcpy(mem + TICS + 64, w, 32);
      s = sampler(POINT, mpoint, JADE_TSC_ADDRESS_U_WRAP);
      put_sampler(0, &s);
      float got = run(gpu, 2, r);
      CHECK(got == 111, "LOD 0 + the header's bias 1 under USE_HEADER_OPT_CONTROL: %g, want 111",
            got);
      s.mip_lod_bias = -256 & 0x1fff; /* -1: ignored, the header's controls apply */
      put_sampler(0, &s);
      got = run(gpu, 2, r);
      CHECK(got == 111, "the sampler's bias ignored under USE_HEADER_OPT_CONTROL: %g, want 111",
            got);
      /* Header 3: the same bias without USE_HEADER_OPT_CONTROL: unused. */
      t.use_header_opt_control = 0;
      jade_tic_bl_pack(w, &t);
      memcpy(mem + TICS + 96, w, 32);
      s.mip_lod_bias = 0;
      put_sampler(0, &s);
      got = run(gpu, 3, r);
      CHECK(got == 33, "without it the header's bias is not used: %g, want 33", got);
   }

   /* Derivatives: 2 texels a pixel along x: rho 2, LOD 1. */
   s = sampler(POINT, mpoint, JADE_TSC_ADDRESS_U_WRAP);
   r = at(3.0f, 1.0f);
   r.lod_mode = JADE_SIM_LOD_AUTO;
   r.ddx[0] = 2.0f / W;
   r.ddy[1] = 0.5f / H;
   expect(gpu, &s, r, 100 + 1, "implicit LOD 1: level 1 (1, 0)");
   r.lod_mode = JADE_SIM_LOD_BIAS;
   r.lod_value = -1.0f;
   expect(gpu, &s, r, 13, "implicit LOD 1 biased by -1: level 0 (3, 1)");
   r.lod_mode = JADE_SIM_LOD_AUTO;
   r.op = JADE_SIM_TEX_LOD;
   {
      put_sampler(0, &s);
      uint32_t out[4];
      char err[200] = "";
      r.handle = 0;
      r.dim = 2;
      CHECK(jade_gpu_texel(gpu, 1, &r, out, err, sizeof(err)) && out[0] == 256 && out[1] == 256,
            "TMML at LOD 1: 0x%x 0x%x, want 0x100 0x100 (%s)", out[0], out[1], err);
   }

   /* Depth compare of the float texels against 12.5 (LESS: ref < texel). */
   r = at(2.75f, 1.5f);
   r.compare = true;
   r.ref = 12.5f;
   s = sampler(LINEAR, none, JADE_TSC_ADDRESS_U_WRAP);
   s.depth_compare = 1;
   s.depth_compare_func = JADE_TSC_DEPTH_COMPARE_FUNC_ZC_LESS;
   expect(gpu, &s, r, 0.25f, "compare LESS, linear: 12 fails, 13 passes (0.25)");
   s.depth_compare_func = JADE_TSC_DEPTH_COMPARE_FUNC_ZC_GREATER;
   expect(gpu, &s, r, 0.75f, "compare GREATER, linear");

   /* A gather at (3, 2): footprint (2..3, 1..2) in GL's order. */
   {
      s = sampler(POINT, none, JADE_TSC_ADDRESS_U_WRAP);
      put_sampler(0, &s);
      struct jade_sim_texel_request g = at(3.0f, 2.0f);
      g.op = JADE_SIM_TEX_GATHER;
      g.handle = 0;
      g.dim = 2;
      uint32_t out[4];
      char err[200] = "";
      float f[4] = {0};
      bool ok = jade_gpu_texel(gpu, 1, &g, out, err, sizeof(err));
      memcpy(f, out, sizeof(f));
      CHECK(ok && f[0] == 22 && f[1] == 23 && f[2] == 13 && f[3] == 12,
            "gather: %g %g %g %g, want 22 23 13 12 (%s)", f[0], f[1], f[2], f[3], err);
   }

   /* Unnormalised coordinates forced by the sampler. */
   s = sampler(POINT, none, JADE_TSC_ADDRESS_U_CLAMP_TO_EDGE);
   s.float_coord_normalization = JADE_TSC_FLOAT_COORD_NORMALIZATION_FORCE_UNNORMALIZED_COORDS;
   r = at(0, 0);
   r.s[0] = 2.5f, r.s[1] = 1.5f;
   expect(gpu, &s, r, 12, "unnormalised (2.5, 1.5)");

   /* A border texel of a header whose border is not the sampler's. */
   {
      s = sampler(POINT, none, JADE_TSC_ADDRESS_U_BORDER);
      put_sampler(0, &s);
      struct jade_sim_texel_request b = at(-1.0f, 0.5f);
      b.handle = 1;
      b.dim = 2;
      uint32_t out[4];
      char err[200] = "";
      CHECK(!jade_gpu_texel(gpu, 1, &b, out, err, sizeof(err)) && strstr(err, "BORDER_SIZE"),
            "a border texel with BORDER_SIZE one is refused (%s)", err);
   }

   /* The border's four words as they are, unless the header's
    * DEPTH_TEXTURE smears its R over RGBA (envytools gm200_texture.xml). */
   image_depth(2, JADE_TIC_BL_BORDER_SIZE_BORDER_SAMPLER_COLOR, true);
   for (unsigned d = 0; d < 2; d++) {
      s = sampler(POINT, none, JADE_TSC_ADDRESS_U_BORDER);
      put_sampler(0, &s);
      struct jade_sim_texel_request b = at(-1.0f, 0.5f);
      b.handle = d ? 2 : 0;
      b.dim = 2;
      uint32_t out[4] = {0};
      char err[200] = "";
      float f[4] = {0};
      bool ok = jade_gpu_texel(gpu, 1, &b, out, err, sizeof(err));
      memcpy(f, out, sizeof(f));
      const float want1 = d ? 5 : 6, want3 = d ? 5 : 8;
      CHECK(ok && f[0] == 5 && f[1] == want1 && f[3] == want3,
            "border texel, DEPTH_TEXTURE %u: %g %g %g %g, want 5 %g .. %g (%s)", d, f[0], f[1],
            f[2], f[3], want1, want3, err);
   }

   jade_gpu_destroy(gpu);
   printf("sampler cases done, %d failed\n", failures);
   return failures ? 1 : 0;
}
