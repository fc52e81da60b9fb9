/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The pixel stage: a primitive's fragments shaded on the SM model, their
 * outputs written through the per-fragment operations (gpu_3d_target.c).
 * Where each rule comes from:
 * - the PS header's input map (jade_sph.h, after NVIDIA's SPH: two bits a
 *   word, CONSTANT / PERSPECTIVE / SCREEN_LINEAR) says how each attribute
 *   word is interpolated; its address is the one the last vertex stage
 *   wrote (generic i component c at 0x80 + 16 i + 4 c, colours at 0x280,
 *   clip distances 0x2c0, point sprite 0x2e0, fog 0x2e8, texture
 *   coordinates 0x300 + 16 i);
 * - IPA's planes (set up by gpu_3d_raster.c): SM70 IPA only interpolates
 *   in screen space; a perspective input is IPA.PASS times the pixel's w,
 *   the reciprocal of IPA.PASS of a[0x7c] (NAK nak_nir_lower_fs_inputs.c
 *   interp_fs_input / load_frag_w, and Jade's isel_inverse_w), so the
 *   plane of a perspective word is that of attr / w_clip and the plane of
 *   a[0x7c] is 1 / w_clip; a screen-linear word's plane is the attribute's;
 *   a constant word's plane is the provoking vertex's value (IPA.CONSTANT
 *   reads c); a[0x70], a[0x74] are the window position and a[0x78] the
 *   window z (gl_FragCoord; NAK reads all four with IPA.PASS); a[0x3fc],
 *   read flat, is all ones for a front face and 0 for a back face (the
 *   value nvc0's codegen turns into gl_FrontFacing: OR 1, negate);
 * - threads in 2x2 quads (jade_sim_graphics.quads: lane ^ 1 horizontal,
 *   lane ^ 2 vertical, as NAK's derivative shuffles assume), the launch
 *   rectangle's uncovered pixels running as helpers whose outputs are
 *   dropped; a thread that executes KILL is dropped;
 * - outputs (NAK from_nir.rs, copy_fs_outputs_nv): the registers at EXIT
 *   hold, for each colour output whose OMAP bits name any component, four
 *   registers, one output after the other; then the sample mask and the
 *   depth if either is written.  A written sample mask whose bit 0 is
 *   clear drops the fragment (single-sampled targets); a written depth
 *   replaces the window z of a[0x78]'s plane for the zeta tests;
 * - every fragment that survives goes through the tests of gpu_3d_zeta.c
 *   (alpha test on output 0, depth range, bounds, stencil, depth; the
 *   face from a[0x3fc]) before its colours are written;
 * - output slot s goes to the target of SET_CT_SELECT slot s when both
 *   SET_CT_MRT_ENABLE and the PS header's MRT_ENABLE (bit 14) say so, else
 *   output 0 goes to every slot: nvc0 sets the header bit for shaders
 *   without gl_FragColor's broadcast (nvc0_program.c, "!separateFragData",
 *   which codegen sets from COLOR0_WRITES_ALL_CBUFS), NAK always ("a
 *   'Should color0 be broadcast' bit", sph.rs), and both program the
 *   method TRUE at channel setup (nvc0_screen.c RT_SEPARATE_FRAG_DATA,
 *   NVK nvk_push_draw_state_init);
 * The program: the stage's code (gpu_3d_stage_read), made the SM model's
 * by gpu_load_program, with the constant banks and units gpu_3d_stage_bind
 * bound; it, its header and the targets are read once a run
 * (gpu_3d_pixel_begin), not once a primitive.
 */

#include <stdlib.h>
#include <string.h>

#include "nvidia/classes/clc597.h"
#include "util/bitscan.h"

#include "jade_attr.h"
#include "jade_sim.h"
#include "jade_sph.h"
#include "jade_sph_attr.h"

#include "gpu_3d_raster.h"

/* Threads of one launch at most (a band of the rectangle). */
#define MAX_THREADS (64 * 1024)
#define CTA         128

unsigned
gpu_3d_ps_imap(const struct jade_sph_ps *h, unsigned w)
{
   const uint32_t entry = jade_sph_ps_imap_get(h, w);
   if (w == JADE_ATTR_WORD(JADE_ATTR_FRONT_FACE))
      return JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_CONSTANT;
   if (jade_attr_is_generic(w) || jade_attr_is_front_color(w) || jade_attr_is_tex_coord(w))
      return entry; /* the header's interpolation */
   if (!entry)
      return 0;
   if (jade_attr_in(w, JADE_ATTR_POSITION, 16) || w == JADE_ATTR_WORD(JADE_ATTR_POINT_SPRITE_S) ||
       w == JADE_ATTR_WORD(JADE_ATTR_POINT_SPRITE_T))
      return JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_SCREEN_LINEAR;
   if (jade_attr_is_clip_distance(w) || w == JADE_ATTR_WORD(JADE_ATTR_FOG_COORD))
      return JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_PERSPECTIVE;
   return 0;
}

/* Samples `mask` of one fragment at pixel (x, y) through the tests and
 * into the targets: depth from the shader or the z plane zp at each
 * sample (at the centre when one sample or AT_PIXEL_CENTER), outputs r. */
static bool
fragment_samples(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_pixel *px,
                 const struct gpu_3d_fragments *f, int32_t lx, int32_t ly, int32_t x, int32_t y,
                 uint16_t mask, const float zp[3], const float *depth_out, float alpha, bool front,
                 const uint32_t *r, const int *out_base)
{
   const struct gpu_3d_samples *ms = &px->ms;
   const bool mrt =
      GPU_GET(gpu->method[subc][NVC597_SET_CT_MRT_ENABLE / 4], NVC597_SET_CT_MRT_ENABLE_V) &&
      px->h.mrt_enable;
   const unsigned zpass_count = GPU_GET(gpu->method[subc][NVC597_SET_ZPASS_PIXEL_COUNT / 4],
                                        NVC597_SET_ZPASS_PIXEL_COUNT_ENABLE);
   const bool at_sample = ms->multisample && !ms->z_at_center;
   bool ok = true;
   u_foreach_bit (s, mask) {
      float depth;
      if (depth_out) {
         depth = *depth_out;
      } else {
         const float ox = at_sample ? ms->pos[s][0] : 0.5f;
         const float oy = at_sample ? ms->pos[s][1] : 0.5f;
         depth = zp[0] * ((float)lx + ox) + zp[1] * ((float)ly + oy) + zp[2];
      }
      int32_t sx, sy;
      gpu_3d_sample_xy(ms, x, y, s, &sx, &sy);
      bool pass;
      ok = gpu_3d_zeta_fragment(gpu, &px->zeta, sx, sy, f->rt_index, f->viewport, depth, alpha,
                                front, &pass);
      if (!ok)
         return false;
      if (!pass)
         continue;
      /* ZPASS_PIXEL_CNT counts samples (GL's SAMPLES_PASSED). */
      gpu->counters3d.zpass += zpass_count;
      for (unsigned slot = 0; ok && slot < px->slots; slot++) {
         int base = out_base[mrt ? slot : 0];
         if (!px->have[slot] || base < 0)
            continue;
         uint32_t c[4];
         memcpy(c, r + base, sizeof(c));
         if (ms->alpha_to_one)
            c[3] = px->targets[slot].view.integer ? 1 : 0x3f800000;
         /* Source 1 of dual-source blending: output 1's registers. */
         const int base1 = GPU_3D_TARGETS > 1 ? out_base[1] : -1;
         ok = gpu_3d_fragment_out(gpu, subc, slot, &px->targets[slot], sx, sy, f->rt_index, c,
                                  base1 >= 0 ? r + base1 : NULL);
      }
      if (!ok)
         return false;
   }
   return true;
}

/* One pass (of SET_HYBRID_ANTI_ALIAS_CONTROL's) over rows [y0, y1) of the
 * fragments: the threads shade the pass's covered samples of their pixel;
 * a pixel with none of them is a helper. */
static bool
shade_band(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_pixel *px,
           const struct gpu_3d_fragments *f, int32_t y0, int32_t y1, unsigned pass)
{
   const struct jade_sph_ps *h = &px->h;
   const struct gpu_3d_stage *ps = px->ps;
   const struct gpu_3d_samples *ms = &px->ms;
   const uint16_t pass_mask = ms->pass_mask[pass];
   const int32_t width = f->rect.x1 - f->rect.x0, full_w = width;
   const int32_t height = y1 - y0;
   uint32_t n = (uint32_t)(width * height);
   uint32_t threads = (n + CTA - 1) / CTA * CTA;

   /* Output registers: four a written colour output, then mask and depth. */
   int out_base[GPU_3D_TARGETS];
   unsigned regs = 0;
   for (unsigned o = 0; o < GPU_3D_TARGETS; o++) {
      bool any = h->omap_red[o] || h->omap_green[o] || h->omap_blue[o] || h->omap_alpha[o];
      out_base[o] = any ? (int)regs : -1;
      regs += any ? 4 : 0;
   }
   const int mask_reg = h->omap_sample_mask || h->omap_depth ? (int)regs : -1;
   const unsigned reg_count = regs + (mask_reg >= 0 ? 2 : 0);

   /* The planes moved to the band's corner. */
   float(*plane)[3] = malloc(sizeof(float[3]) * JADE_SIM_ATTR_WORDS);
   uint32_t *exit_regs = calloc((size_t)threads * (reg_count ? reg_count : 1), 4);
   uint8_t *killed = calloc(threads, 1);
   uint8_t *helper = malloc(threads);
   uint16_t *covmask = calloc(threads, sizeof(uint16_t));
   uint8_t *my_index = calloc(threads, 1);
   float(*centroid)[2] = malloc(sizeof(float[2]) * threads);
   if (!plane || !exit_regs || !killed || !helper || !covmask || !my_index || !centroid) {
      free(plane), free(exit_regs), free(killed), free(helper);
      free(covmask), free(my_index), free(centroid);
      gpu_log(gpu, "no memory for a pixel launch of %u threads", threads);
      return false;
   }
   const float dy = (float)(y0 - f->rect.y0);
   for (unsigned w = 0; w < JADE_SIM_ATTR_WORDS; w++) {
      plane[w][0] = f->plane[w][0];
      plane[w][1] = f->plane[w][1];
      plane[w][2] = f->plane[w][1] == 0 ? f->plane[w][2] : f->plane[w][2] + f->plane[w][1] * dy;
   }
   /* Threads on no covered sample of the pass are helpers: they run for
    * their quad's derivatives, and their stores and atomics have no
    * effect.  PIXLD.COVMASK is the pixel's coverage (NAK: "the coverage
    * mask for the entire pixel being shaded"), PIXLD.MY_INDEX the pass's
    * lowest sample. */
   const unsigned my = pass_mask ? (unsigned)ffs(pass_mask) - 1 : 0;
   const uint16_t centroid_set = ms->centroid_per_pass ? pass_mask : ms->all;
   for (uint32_t t = 0; t < threads; t++) {
      uint32_t q = t / 4, qw = (uint32_t)width / 2;
      int32_t lx = 2 * (q % qw) + (t & 1), ly = 2 * (q / qw) + (t >> 1 & 1);
      const uint16_t cov =
         t < n && ly < height ? f->coverage[(ly + (y0 - f->rect.y0)) * full_w + lx] : 0;
      helper[t] = !(cov & pass_mask);
      covmask[t] = cov;
      my_index[t] = (uint8_t)my;
      gpu_3d_centroid(ms, centroid_set, cov, centroid[t]);
   }
   const struct jade_sim_graphics gfx = {
      .threads = threads,
      .plane = (const float(*)[3])plane,
      .width = (uint32_t)width,
      .exit_regs = exit_regs,
      .exit_reg_count = reg_count,
      .quads = true,
      .killed = killed,
      .helper = helper,
      .covmask = covmask,
      .my_index = my_index,
      .centroid = (const float(*)[2])centroid,
   };
   struct jade_sim_grid grid = {
      .grid = {threads / CTA, 1, 1},
      .block = {CTA, 1, 1},
      .entry = px->entry,
      .register_count = ps->register_count,
   };
   /* Local memory in memory, as the vertex stage's (the SM model's own
    * per-thread default would be cleared at every CTA). */
   bool ok = gpu_3d_local_memory(gpu, subc, h->shader_local_memory_low_size, CTA,
                                 "the pixel program", &grid);
   /* A program whose header names no output, no kill and no global store
    * has no effect the hardware must keep: it need not run it, so the
    * model does not (stores of a header without DOES_GLOBAL_STORE are
    * lost; NAK sph.rs and nvc0_program.c set the bit for any global or
    * surface write). */
   const bool no_effect = !reg_count && !h->kills_pixels && !h->does_global_store;
   if (ok && !no_effect) {
      ok = gpu_3d_launch(gpu, ps, "the pixel program", &grid, &gfx);
   }
   /* PS_INVOCATIONS: the threads on covered samples (not the helpers). */
   for (uint32_t t = 0; ok && t < n; t++)
      gpu->counters3d.ps_invocations += !helper[t];
   const float *zp = plane[0x78 / 4];
   const bool front = plane[0x3fc / 4][2] != 0;
   for (uint32_t t = 0; ok && t < n; t++) {
      uint32_t q = t / 4, qw = (uint32_t)width / 2;
      int32_t lx = 2 * (q % qw) + (t & 1), ly = 2 * (q / qw) + (t >> 1 & 1);
      if (ly >= height || killed[t] || helper[t])
         continue;
      const uint32_t *r = exit_regs + (size_t)t * reg_count;
      uint16_t mask = covmask[t] & pass_mask;
      /* The shader's sample mask (every sample of a single-sampled
       * target is bit 0), alpha to coverage on output 0's alpha. */
      if (px->sample_mask)
         mask &= (uint16_t)r[mask_reg];
      float alpha = 1.0f;
      if (out_base[0] >= 0)
         memcpy(&alpha, &r[out_base[0] + 3], 4);
      if (ms->alpha_to_coverage && out_base[0] >= 0)
         mask &= gpu_3d_alpha_coverage(ms, alpha);
      if (!mask)
         continue;
      float depth_out;
      if (h->omap_depth)
         memcpy(&depth_out, &r[mask_reg + 1], 4);
      ok = fragment_samples(gpu, subc, px, f, lx, ly, f->rect.x0 + lx, y0 + ly, mask, zp,
                            h->omap_depth ? &depth_out : NULL, alpha, front, r, out_base);
   }
   free(plane), free(exit_regs), free(killed), free(helper);
   free(covmask), free(my_index), free(centroid);
   return ok;
}

bool
gpu_3d_pixel_begin(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_stage *ps,
                   struct gpu_3d_pixel *px)
{
   memset(px, 0, sizeof(*px));
   px->ps = ps;
   if (!gpu_sim(gpu) || !gpu_load_program(gpu, ps->code, &px->entry, "the pixel program"))
      return false;
   jade_sph_ps_unpack(ps->sph, &px->h);
   /* The position's w input must be in every PS header: NAK
    * (nak/from_nir.rs, "otherwise the hardware traps") and nvc0
    * (nvc0_program.c, hdr[5] = 0x80000000) set IMAP_POSITION_W always. */
   if (!px->h.imap_position_w) {
      gpu_fault(gpu, ps->program, 0, false,
                "the pixel program's header at 0x%llx has no IMAP_POSITION_W (bit 191): "
                "the hardware traps",
                (unsigned long long)ps->program);
      return false;
   }
   px->slots = gpu_3d_ct_count(gpu, subc);
   for (unsigned s = 0; s < px->slots; s++) {
      char err[160];
      px->have[s] = gpu_3d_target_read(gpu, subc, gpu_3d_ct_target(gpu, subc, s), &px->targets[s],
                                       err, sizeof(err));
      if (!px->have[s] && err[0])
         gpu_3d_not_modelled(gpu, subc, 3, err);
   }
   char err[160];
   if (!gpu_3d_zeta_read(gpu, subc, &px->zeta, err, sizeof(err))) {
      gpu_3d_not_modelled(gpu, subc, 6, err);
      px->zeta.enabled = false;
   }
   if (!gpu_3d_samples_read(gpu, subc, &px->ms, err, sizeof(err)))
      gpu_3d_not_modelled(gpu, subc, 9, err);
   /* State without a documented reset value that this stage uses
    * (gpu_3d_reset.c). */
   if (!gpu_3d_known(gpu, subc, NVC597_SET_CT_MRT_ENABLE,
                     "outputs may or may not go to their own targets") ||
       !gpu_3d_known(gpu, subc, NVC597_SET_SINGLE_CT_WRITE_CONTROL,
                     "every target may take target 0's write mask") ||
       !gpu_3d_known(gpu, subc, NVC597_SET_BLEND_FLOAT_OPTION,
                     "blending may or may not give 0 for 0 times infinity"))
      return false;
   /* SET_PS_OUTPUT_SAMPLE_MASK_USAGE: the shader's sample mask (OMAP bit
    * 608) is used only with ENABLE, and with QUALIFY_BY_ANTI_ALIAS_ENABLE
    * only while SET_ANTI_ALIAS_ENABLE is on (the names; NVK and nvc0 set
    * both, 3, which is GL's rule: the mask output is a multisample
    * fragment operation, GL 4.6 14.9.3). */
   if (px->h.omap_sample_mask) {
      if (!gpu_3d_known(gpu, subc, NVC597_SET_PS_OUTPUT_SAMPLE_MASK_USAGE,
                        "the shader's sample mask may or may not be used"))
         return false;
      const uint32_t u = gpu->method[subc][NVC597_SET_PS_OUTPUT_SAMPLE_MASK_USAGE / 4];
      px->sample_mask =
         GPU_GET(u, NVC597_SET_PS_OUTPUT_SAMPLE_MASK_USAGE_ENABLE) &&
         (!GPU_GET(u, NVC597_SET_PS_OUTPUT_SAMPLE_MASK_USAGE_QUALIFY_BY_ANTI_ALIAS_ENABLE) ||
          GPU_GET(gpu->method[subc][NVC597_SET_ANTI_ALIAS_ENABLE / 4],
                  NVC597_SET_ANTI_ALIAS_ENABLE_V));
   }
   return true;
}

bool
gpu_3d_shade(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_pixel *px,
             const struct gpu_3d_fragments *f)
{
   if (gpu_3d_rect_empty(&f->rect))
      return true;
   const int32_t width = f->rect.x1 - f->rect.x0;
   int32_t band = (MAX_THREADS / width) & ~1;
   if (band < 2)
      band = 2;
   for (int32_t y = f->rect.y0; y < f->rect.y1; y += band) {
      int32_t y1 = y + band < f->rect.y1 ? y + band : f->rect.y1;
      for (unsigned pass = 0; pass < px->ms.passes; pass++) {
         if (!shade_band(gpu, subc, px, f, y, y1, pass))
            return false;
      }
   }
   return true;
}
