/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Multisampling in the 3D pipeline (gpu_3d_raster.h): the mode and where
 * its samples lie, the sample positions, the passes of per-sample shading,
 * the sample masks and alpha to coverage, from the hardware's side.  Where
 * each rule comes from:
 * - SET_ANTI_ALIAS.SAMPLES picks the mode (clc597.h); its samples lie in
 *   the colour and zeta targets as the texture unit lays out
 *   multisampled headers (gpu_sample_grid, gpu_texture.c: NIL image.rs
 *   sa_offset), each target a surface of samples (SET_COLOR_TARGET_WIDTH,
 *   HEIGHT and SET_ZT_SIZE_A/B count samples: NVK nvk_cmd_draw.c programs
 *   level_extent_sa, nvc0 the miptree's width << ms_x);
 * - the sample positions: SET_ANTI_ALIAS_SAMPLE_POSITIONS(0..3), 4 bits
 *   of x and of y in sixteenths of a pixel from its upper-left corner,
 *   entry n = pixel * samples + s (NVK nvk_flush_ms_state and nvc0
 *   gm200_validate_sample_locations both pack them so; both always
 *   program them).  The model reads pixel 0's entries for every pixel
 *   (the per-pixel grids of programmable locations are not modelled).
 *   While all four words are 0 (never programmed: no reset value is
 *   documented) each sample takes the standard position of its cell,
 *   nvc0's table (nvc0_context.c nvc0_get_sample_locations, by "surface
 *   coords"); through NIL's sample order the D3D modes' samples then lie
 *   exactly at D3D's standard positions, which NVK programs
 *   (vk_standard_sample_locations) and Gallium's u_default_get_sample_
 *   position lists;
 * - SET_ANTI_ALIAS_ENABLE: with it, coverage is tested at each sample;
 *   without it (or with one sample), at the pixel centre, a covered pixel
 *   covering every sample (GL 4.6 14.3.1, multisample rasterisation off);
 * - SET_SAMPLE_MASK_X0_Y0 .. X1_Y1 (15:0): the samples a pixel of each
 *   2x2 quad position may cover, applied with the raster's coverage,
 *   before shading (Vulkan's sample mask test, which NVK programs into
 *   all four: nvk_flush_ms_state; nvc0 validate_sample_mask the same);
 * - SET_HYBRID_ANTI_ALIAS_CONTROL: PASSES (PASSES_EXTENDED for 16)
 *   invocations a pixel, each shading a block of the sample grid: the
 *   grid halved in x, then y, then x again, as many times as passes
 *   double.  That reproduces every table NVK gives the hardware's passes
 *   (nvk_cmd_set_sample_layout's SAMPLE_MASKS_2PASS/4PASS for 2X2, 4X2 and
 *   4X2_D3D).  PIXLD.MY_INDEX is the pass's lowest sample (NVK: "we're not
 *   even guaranteed that pixld.my_index is any of the samples in the
 *   mask"; it looks its mask up by it).  CENTROID PER_PASS interpolates
 *   IPA.CENTROID over the pass's samples, PER_FRAGMENT over the pixel's;
 * - centroid (the model's rule, GL 4.6 14.9.2 asks only for a point of
 *   the pixel inside the primitive): over a set of samples (the pixel's,
 *   or a pass's), the pixel centre when the set is the pixel and all
 *   covered, the mean of the set's positions when it is a pass's and all
 *   covered (a one-sample pass: its sample, where per-sample shading
 *   interpolates: NVK forces IPA.CENTROID for it, nvk_shader.c), else the
 *   lowest covered sample of the set;
 * - SET_ANTI_ALIAS_ALPHA_CONTROL: ALPHA_TO_COVERAGE keeps round(alpha *
 *   samples) samples, the lowest ones (GL leaves the pattern to the
 *   implementation; the hardware's dither is not modelled), ALPHA_TO_ONE
 *   replaces every output's alpha with 1 (GL 4.6 17.3.3);
 * - SET_NONMULTISAMPLED_Z AT_PIXEL_CENTER: depth at the pixel centre for
 *   every sample; PER_SAMPLE (0): at each sample's position.
 * Not modelled: 4X4 and the VC (coverage) modes, per-pixel position grids,
 * SET_SAMPLE_MASK (0x0fa4), SET_COLOR_TARGET_SAMPLE_MASK.
 */

#include <math.h>
#include <string.h>

#include "nvidia/classes/clc597.h"
#include "util/bitscan.h"
#include "util/u_math.h"

#include "gpu_3d_raster.h"

#define M(subc, name) gpu->method[subc][NVC597_##name / 4]

/* nvc0's standard positions (sixteenths) by cell, row by row, of the 1x1,
 * 2x1, 2x2 and 4x2 grids. */
static const uint8_t pos_1x1[1][2] = {{8, 8}};
static const uint8_t pos_2x1[2][2] = {{4, 4}, {12, 12}};
static const uint8_t pos_2x2[4][2] = {{6, 2}, {14, 6}, {2, 10}, {10, 14}};
static const uint8_t pos_4x2[8][2] = {
   {1, 7},  {5, 3},  {9, 5},   {15, 1}, /* (0,0) (1,0) (2,0) (3,0) */
   {3, 13}, {7, 11}, {11, 15}, {13, 9}, /* (0,1) (1,1) (2,1) (3,1) */
};

static void
standard_position(const struct gpu_sample_grid *g, unsigned s, uint8_t out[2])
{
   const unsigned w = 1u << g->x_log2, cell = g->y[s] * w + g->x[s];
   const uint8_t(*t)[2] = g->samples == 8   ? pos_4x2
                          : g->samples == 4 ? pos_2x2
                          : g->samples == 2 ? pos_2x1
                                            : pos_1x1;
   out[0] = t[cell][0];
   out[1] = t[cell][1];
}

/* The samples of pass `p` of `passes`: a block of the grid halved in x,
 * then y, then x (a dimension already 1 wide gives its turn away). */
static uint16_t
pass_samples(const struct gpu_sample_grid *g, unsigned passes, unsigned p)
{
   unsigned bw = 1u << g->x_log2, bh = 1u << g->y_log2;
   bool x = true;
   for (unsigned k = passes; k > 1; k /= 2, x = !x) {
      if ((x && bw > 1) || bh == 1)
         bw /= 2;
      else
         bh /= 2;
   }
   const unsigned nx = (1u << g->x_log2) / bw;
   const unsigned bx = p % nx * bw, by = p / nx * bh;
   uint16_t mask = 0;
   for (unsigned s = 0; s < g->samples; s++) {
      if (g->x[s] >= bx && g->x[s] < bx + bw && g->y[s] >= by && g->y[s] < by + bh)
         mask |= 1u << s;
   }
   return mask;
}

bool
gpu_3d_samples_read(struct jade_gpu *gpu, unsigned subc, struct gpu_3d_samples *ms, char *err,
                    size_t err_size)
{
   memset(ms, 0, sizeof(*ms));
   err[0] = 0;
   const unsigned mode = GPU_GET(M(subc, SET_ANTI_ALIAS), NVC597_SET_ANTI_ALIAS_SAMPLES);
   if (!gpu_sample_grid(mode, &ms->grid)) {
      snprintf(err, err_size, "SET_ANTI_ALIAS samples mode %u", mode);
      gpu_sample_grid(NVC597_SET_ANTI_ALIAS_SAMPLES_MODE_1X1, &ms->grid);
   }
   const unsigned n = ms->grid.samples;
   ms->all = (uint16_t)((1u << n) - 1);
   ms->multisample =
      n > 1 && GPU_GET(M(subc, SET_ANTI_ALIAS_ENABLE), NVC597_SET_ANTI_ALIAS_ENABLE_V);

   const uint32_t *m = gpu->method[subc];
   bool programmed = false;
   for (unsigned i = 0; i < 4; i++)
      programmed |= m[NVC597_SET_ANTI_ALIAS_SAMPLE_POSITIONS(i) / 4] != 0;
   for (unsigned s = 0; s < n; s++) {
      uint8_t p[2];
      if (programmed) {
         const uint32_t w = m[NVC597_SET_ANTI_ALIAS_SAMPLE_POSITIONS(s / 4) / 4];
         p[0] = w >> (8 * (s % 4)) & 0xf;
         p[1] = w >> (8 * (s % 4) + 4) & 0xf;
      } else {
         standard_position(&ms->grid, s, p);
      }
      ms->pos[s][0] = p[0] / 16.0f;
      ms->pos[s][1] = p[1] / 16.0f;
   }

   static const uint32_t quad_mthd[4] = {
      NVC597_SET_SAMPLE_MASK_X0_Y0,
      NVC597_SET_SAMPLE_MASK_X1_Y0,
      NVC597_SET_SAMPLE_MASK_X0_Y1,
      NVC597_SET_SAMPLE_MASK_X1_Y1,
   };
   for (unsigned q = 0; q < 4; q++)
      ms->quad_mask[q] = (uint16_t)(m[quad_mthd[q] / 4] & ms->all);

   const uint32_t hybrid = M(subc, SET_HYBRID_ANTI_ALIAS_CONTROL);
   unsigned passes = GPU_GET(hybrid, NVC597_SET_HYBRID_ANTI_ALIAS_CONTROL_PASSES) |
                     GPU_GET(hybrid, NVC597_SET_HYBRID_ANTI_ALIAS_CONTROL_PASSES_EXTENDED) << 4;
   if (!ms->multisample || passes < 1)
      passes = 1; /* 0 before any method: one pass */
   if (passes > n)
      passes = n;
   if (passes & (passes - 1)) {
      if (!err[0])
         snprintf(err, err_size, "SET_HYBRID_ANTI_ALIAS_CONTROL PASSES %u (not a power of two)",
                  passes);
      passes = 1u << util_logbase2(passes);
   }
   ms->passes = passes;
   for (unsigned p = 0; p < passes; p++)
      ms->pass_mask[p] = passes == 1 ? ms->all : pass_samples(&ms->grid, passes, p);
   ms->centroid_per_pass = GPU_GET(hybrid, NVC597_SET_HYBRID_ANTI_ALIAS_CONTROL_CENTROID) ==
                           NVC597_SET_HYBRID_ANTI_ALIAS_CONTROL_CENTROID_PER_PASS;

   const uint32_t alpha = M(subc, SET_ANTI_ALIAS_ALPHA_CONTROL);
   ms->alpha_to_coverage = GPU_GET(alpha, NVC597_SET_ANTI_ALIAS_ALPHA_CONTROL_ALPHA_TO_COVERAGE);
   ms->alpha_to_one = GPU_GET(alpha, NVC597_SET_ANTI_ALIAS_ALPHA_CONTROL_ALPHA_TO_ONE);
   ms->z_at_center = GPU_GET(M(subc, SET_NONMULTISAMPLED_Z), NVC597_SET_NONMULTISAMPLED_Z_V) ==
                     NVC597_SET_NONMULTISAMPLED_Z_V_AT_PIXEL_CENTER;
   return !err[0];
}

uint16_t
gpu_3d_alpha_coverage(const struct gpu_3d_samples *ms, float alpha)
{
   const unsigned n = ms->grid.samples;
   if (!(alpha > 0))
      return 0;
   if (alpha >= 1)
      return ms->all;
   const unsigned k = (unsigned)floorf(alpha * (float)n + 0.5f);
   return (uint16_t)((1u << k) - 1);
}

void
gpu_3d_centroid(const struct gpu_3d_samples *ms, uint16_t set, uint16_t covered, float out[2])
{
   set &= ms->all;
   const uint16_t in = set & covered;
   out[0] = out[1] = 0.5f;
   if (!ms->multisample || !in || (set == ms->all && in == set))
      return;
   if (in == set) {
      /* A pass's samples all covered: their mean (one sample: its own
       * position, which per-sample shading interpolates at). */
      out[0] = out[1] = 0;
      u_foreach_bit (s, set) {
         out[0] += ms->pos[s][0];
         out[1] += ms->pos[s][1];
      }
      out[0] /= (float)util_bitcount(set);
      out[1] /= (float)util_bitcount(set);
      return;
   }
   const unsigned s = (unsigned)ffs(in) - 1;
   out[0] = ms->pos[s][0];
   out[1] = ms->pos[s][1];
}
