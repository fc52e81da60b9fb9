/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Multisampling in the 3D pipeline and the texture unit (gpu_3d_samples.c,
 * gpu_texture.c) against hand-computed values: an 8 x 8 pixel surface
 * clip, colour targets of their samples (R32 UINT, pitch layout unless
 * said), pixel programs assembled here, gpu_3d_raster_run on vertices
 * filled here.  The sample positions and orders are written out again
 * here from their sources: D3D's standard positions (Vulkan's standard
 * sample locations, Gallium's u_sample_positions.c), NIL image.rs
 * sa_offset for where each sample lies in its pixel's block, NVK's
 * per-pass sample masks (nvk_cmd_set_sample_layout).
 *
 * The triangle (0, 0) (8, 0) (0, 8) has the hypotenuse x + y = 8, a right
 * edge (points on it are out).  At pixel (3, 4) a sample at (px, py) of
 * the pixel is in if px + py < 1:
 *   2X1_D3D  s0 (12, 12)/16 out, s1 (4, 4) in                  -> 0x2
 *   2X2      s0 (6, 2) in, s1 (14, 6) out, s2 (2, 10) in, s3 out -> 0x5
 *   4X2_D3D  s0 (9, 5) in, s1 (7, 11) out, s2 (13, 9) out, s3 (5, 3) in,
 *            s4 (3, 13) on the edge, s5 (1, 7) in, s6 (11, 15) out,
 *            s7 (15, 1) on the edge                           -> 0x29
 * and the pixel centre (3.5, 4.5) is on the edge: nothing single-sampled.
 */

#include <string.h>

#include "nvidia/classes/clc597.h"

#include "gpu_test_asm.h"
#include "gpu_test_3d.h"
#include "gpu_3d_raster.h"
#include "jade_sph.h"
#include "jade_tic.h"

#define VA     0x100000000ull
#define CODE   0x0000u
#define TARGET 0x4000u /* up to 32 x 16 samples x 16 bytes */
#define ZT     0x8000u
#define BL     0xa000u /* a block-linear 16 x 16 sample surface of 4 bytes */
#define POOL   0xc000u
#define PB     0xd000u
#define N      8

enum { MS_2X1_D3D, MS_2X2, MS_4X2_D3D, MS_MODES };

static const struct mode {
   const char *name;
   uint32_t aa; /* SET_ANTI_ALIAS SAMPLES */
   unsigned samples, xl, yl;
   uint8_t cell[8][2]; /* NIL sa_offset */
   uint8_t pos[8][2];  /* D3D's standard positions, sixteenths */
   uint32_t edge_mask; /* pixel (3, 4) of the triangle */
} modes[MS_MODES] = {
   {"2X1_D3D",
    NVC597_SET_ANTI_ALIAS_SAMPLES_MODE_2X1_D3D,
    2,
    1,
    0,
    {{1, 0}, {0, 0}},
    {{12, 12}, {4, 4}},
    0x2},
   {"2X2",
    NVC597_SET_ANTI_ALIAS_SAMPLES_MODE_2X2,
    4,
    1,
    1,
    {{0, 0}, {1, 0}, {0, 1}, {1, 1}},
    {{6, 2}, {14, 6}, {2, 10}, {10, 14}},
    0x5},
   {"4X2_D3D",
    NVC597_SET_ANTI_ALIAS_SAMPLES_MODE_4X2_D3D,
    8,
    2,
    1,
    {{2, 0}, {1, 1}, {3, 1}, {1, 0}, {0, 1}, {0, 0}, {2, 1}, {3, 0}},
    {{9, 5}, {7, 11}, {13, 9}, {5, 3}, {3, 13}, {1, 7}, {11, 15}, {15, 1}},
    0x29},
};

static struct jade_gpu *gpu;
static struct gpu_vertex vtx[4];
static const struct mode *cur;
static unsigned bpp = 4;

static void
set(uint32_t mthd, uint32_t v)
{
   gpu_test_set(gpu, mthd, v);
}

static void
pos(struct gpu_vertex *v, float x, float y, float z)
{
   /* Window = ndc * 4 + 4; window z = ndc * 0.5 + 0.5. */
   float p[4] = {(x - 4) / 4, (y - 4) / 4, 2 * z - 1, 1};
   memset(v, 0, sizeof(*v));
   memcpy(&v->a[0x70 / 4], p, sizeof(p));
}

/* Colour target 0 as the samples of the 8 x 8 pixels in mode m (NULL:
 * single-sampled), `bytes` a texel, pitch layout, cleared to ~0. */
static void
target(const struct mode *m, uint32_t format, unsigned bytes)
{
   cur = m;
   bpp = bytes;
   gpu_test_target(gpu, VA + TARGET, N, format);
   const unsigned xl = m ? m->xl : 0, yl = m ? m->yl : 0;
   set(NVC597_SET_COLOR_TARGET_WIDTH(0), (N << xl) * bytes);
   set(NVC597_SET_COLOR_TARGET_HEIGHT(0), N << yl);
   set(NVC597_SET_ANTI_ALIAS, m ? m->aa : NVC597_SET_ANTI_ALIAS_SAMPLES_MODE_1X1);
   set(NVC597_SET_ANTI_ALIAS_ENABLE, 1);
   set(NVC597_SET_HYBRID_ANTI_ALIAS_CONTROL, 1);
   memset(mem + TARGET, 0xff, (N << xl) * (N << yl) * bytes);
}

/* Word c of sample s of pixel (x, y) of the target (by NIL's order). */
static uint32_t
at(unsigned x, unsigned y, unsigned s, unsigned c)
{
   const unsigned xl = cur ? cur->xl : 0, yl = cur ? cur->yl : 0;
   const unsigned sx = (x << xl) + (cur ? cur->cell[s][0] : 0);
   const unsigned sy = (y << yl) + (cur ? cur->cell[s][1] : 0);
   uint32_t v;
   memcpy(&v, mem + TARGET + sy * (N << xl) * bpp + sx * bpp + 4 * c, 4);
   return v;
}

/* The samples of pixel (x, y) whose word 0 is `v`. */
static uint32_t
samples_with(unsigned x, unsigned y, uint32_t v)
{
   uint32_t m = 0;
   for (unsigned s = 0; s < (cur ? cur->samples : 1); s++)
      m |= (uint32_t)(at(x, y, s, 0) == v) << s;
   return m;
}

/* `lines` as the pixel program (four output words), with `extra` applied
 * to its header. */
static bool
program(const char *const *lines, unsigned n, struct gpu_3d_stage *ps,
        void (*extra)(struct jade_sph_ps *h))
{
   if (!gpu_test_pixel_program(gpu, lines, n, CODE, ps))
      return false;
   if (extra) {
      struct jade_sph_ps h;
      jade_sph_ps_unpack(ps->sph, &h);
      extra(&h);
      jade_sph_ps_pack(ps->sph, &h);
   }
   return true;
}

static bool
draw(unsigned count, const struct gpu_3d_stage *ps)
{
   const struct gpu_3d_run run = {.topology = NVC597_BEGIN_OP_TRIANGLES, .v = vtx, .count = count};
   return gpu_3d_raster_run(gpu, 0, &run, ps);
}

static void
diagonal(float z)
{
   pos(&vtx[0], 0, 0, z), pos(&vtx[1], 8, 0, z), pos(&vtx[2], 0, 8, z);
}

static const char *const seven[] = {"MOV R0, 0x7", "MOV R1, 0x0", "MOV R2, 0x0", "MOV R3, 0x0",
                                    "EXIT"};

static void
mask_output(struct jade_sph_ps *h)
{
   h->omap_sample_mask = 1;
}

/* 1. Coverage of the hypotenuse at each sample of every mode. */
static void
coverage(struct gpu_3d_stage *ps)
{
   for (unsigned k = 0; k < MS_MODES; k++) {
      const struct mode *m = &modes[k];
      target(m, NVC597_SET_COLOR_TARGET_FORMAT_V_RU32, 4);
      diagonal(0.5f);
      CHECK(draw(3, ps), "%s: draw: %s", m->name, last_log);
      const uint32_t all = (1u << m->samples) - 1;
      CHECK(samples_with(3, 4, 7) == m->edge_mask, "%s: pixel (3, 4) covers 0x%x, want 0x%x",
            m->name, samples_with(3, 4, 7), m->edge_mask);
      CHECK(samples_with(1, 1, 7) == all, "%s: pixel (1, 1) covers 0x%x", m->name,
            samples_with(1, 1, 7));
      CHECK(samples_with(5, 5, ~0u) == all, "%s: pixel (5, 5) was written", m->name);
   }
   /* Single-sampled: the centre of (3, 4) is on the edge. */
   target(NULL, NVC597_SET_COLOR_TARGET_FORMAT_V_RU32, 4);
   CHECK(draw(3, ps), "1x draw: %s", last_log);
   CHECK(at(3, 4, 0, 0) == ~0u && at(2, 4, 0, 0) == 7, "1x: (3, 4) %x, (2, 4) %x", at(3, 4, 0, 0),
         at(2, 4, 0, 0));

   /* SET_ANTI_ALIAS_ENABLE off on a 4x target: the centre decides for
    * every sample. */
   target(&modes[MS_2X2], NVC597_SET_COLOR_TARGET_FORMAT_V_RU32, 4);
   set(NVC597_SET_ANTI_ALIAS_ENABLE, 0);
   CHECK(draw(3, ps), "draw: %s", last_log);
   CHECK(samples_with(3, 4, ~0u) == 0xf && samples_with(2, 4, 7) == 0xf,
         "AA off: (3, 4) 0x%x untouched, (2, 4) 0x%x covered", samples_with(3, 4, ~0u),
         samples_with(2, 4, 7));
   set(NVC597_SET_ANTI_ALIAS_ENABLE, 1);

   /* Programmed positions: every sample at (15, 15)/16.  (3, 4): 7 +
    * 1.875 > 8, out; (3, 3) and (2, 4): 6.875 + 1 < 8, in. */
   target(&modes[MS_2X2], NVC597_SET_COLOR_TARGET_FORMAT_V_RU32, 4);
   set(NVC597_SET_ANTI_ALIAS_SAMPLE_POSITIONS(0), 0xffffffff);
   CHECK(draw(3, ps), "draw: %s", last_log);
   CHECK(samples_with(3, 4, 7) == 0 && samples_with(3, 3, 7) == 0xf && samples_with(2, 4, 7) == 0xf,
         "programmed positions: (3, 4) 0x%x, (3, 3) 0x%x, (2, 4) 0x%x", samples_with(3, 4, 7),
         samples_with(3, 3, 7), samples_with(2, 4, 7));
   set(NVC597_SET_ANTI_ALIAS_SAMPLE_POSITIONS(0), 0);

   /* SET_SAMPLE_MASK_X1_Y1 (pixel (1, 1)) 0x9: samples 0 and 3 only;
    * X0_Y0 leaves (0, 0) whole. */
   target(&modes[MS_2X2], NVC597_SET_COLOR_TARGET_FORMAT_V_RU32, 4);
   set(NVC597_SET_SAMPLE_MASK_X1_Y1, 0x9);
   CHECK(draw(3, ps), "draw: %s", last_log);
   CHECK(samples_with(1, 1, 7) == 0x9 && samples_with(0, 0, 7) == 0xf &&
            samples_with(3, 3, 7) == 0x9,
         "SET_SAMPLE_MASK_X1_Y1: (1, 1) 0x%x, (0, 0) 0x%x, (3, 3) 0x%x", samples_with(1, 1, 7),
         samples_with(0, 0, 7), samples_with(3, 3, 7));
   set(NVC597_SET_SAMPLE_MASK_X1_Y1, 0xffff);
}

/* 2. The shader's sample mask, alpha to coverage and alpha to one. */
static void
masks(void)
{
   struct gpu_3d_stage ps;
   static const char *const lines[] = {"MOV R0, 0x7", "MOV R1, 0x0", "MOV R2, 0x0",
                                       "MOV R3, 0x0", "MOV R4, 0x6", "EXIT"};
   CHECK(program(lines, 6, &ps, mask_output), "program");
   target(&modes[MS_2X2], NVC597_SET_COLOR_TARGET_FORMAT_V_RU32, 4);
   diagonal(0.5f);
   CHECK(draw(3, &ps), "draw: %s", last_log);
   CHECK(samples_with(0, 0, 7) == 0x6 && samples_with(3, 4, 7) == 0x4,
         "shader mask 0x6: (0, 0) 0x%x, (3, 4) 0x%x (coverage 0x5)", samples_with(0, 0, 7),
         samples_with(3, 4, 7));

   /* Alpha to coverage on output 0's alpha (A8B8G8R8: byte 3): 0.5 of 4
    * samples keeps 2 (0 and 1), 0.25 keeps 1; alpha to one stores 255. */
   static const float alphas[2] = {0.5f, 0.25f};
   static const uint32_t want[2] = {0x3, 0x1};
   for (unsigned i = 0; i < 2; i++) {
      char a[32];
      snprintf(a, sizeof(a), "MOV R3, 0x%08x", gpu_test_fu(alphas[i]));
      const char *const l2[] = {"MOV R0, 0x3f800000", "MOV R1, 0x0", "MOV R2, 0x0", a, "EXIT"};
      CHECK(program(l2, 5, &ps, NULL), "program");
      target(&modes[MS_2X2], NVC597_SET_COLOR_TARGET_FORMAT_V_A8B8G8R8, 4);
      set(NVC597_SET_ANTI_ALIAS_ALPHA_CONTROL, 1 | (i ? 1u << 4 : 0));
      CHECK(draw(3, &ps), "draw: %s", last_log);
      const uint32_t px = 0xff | (i ? 0xffu : (uint32_t)(alphas[i] * 255 + 0.5f)) << 24;
      CHECK(samples_with(1, 1, px) == want[i], "alpha %g: samples 0x%x of 0x%08x (pixel 0x%08x)",
            alphas[i], samples_with(1, 1, px), px, at(1, 1, 0, 0));
   }
   set(NVC597_SET_ANTI_ALIAS_ALPHA_CONTROL, 0);
}

/* 3. Depth and stencil per sample: ZF32, 2X2, 16 x 16 samples in one GOB
 * column of two GOBs (block height 1 GOB); the depth z = 0.5 x - 1.25
 * (window), at pixel (3, 1)'s samples 0.4375, 0.6875, 0.3125, 0.5625. */
static float
zf(unsigned sx, unsigned sy)
{
   const unsigned b = 4 * sx;
   float v;
   memcpy(&v,
          mem + ZT + 512 * (sy / 8) + (b % 16) + 16 * (sy % 4) + 64 * (b / 16 % 2) +
             128 * (sy / 4 % 2) + 256 * (b / 32),
          4);
   return v;
}

static void
depth(struct gpu_3d_stage *ps)
{
   const struct mode *m = &modes[MS_2X2];
   target(m, NVC597_SET_COLOR_TARGET_FORMAT_V_RU32, 4);
   set(NVC597_SET_ZT_A, (uint32_t)(VA >> 32));
   set(NVC597_SET_ZT_B, ZT);
   set(NVC597_SET_ZT_FORMAT, NVC597_SET_ZT_FORMAT_V_ZF32);
   set(NVC597_SET_ZT_BLOCK_SIZE, 0);
   set(NVC597_SET_ZT_SIZE_A, N << 1);
   set(NVC597_SET_ZT_SIZE_B, N << 1);
   set(NVC597_SET_ZT_SIZE_C, 1 << 16);
   set(NVC597_SET_ZT_SELECT, 1);
   set(NVC597_SET_Z_CLEAR_VALUE, gpu_test_fu(0.5f));
   gpu_3d_clear(gpu, 0, 1);
   CHECK(zf(0, 0) == 0.5f && zf(15, 15) == 0.5f, "the zeta clear reaches every sample");
   set(NVC597_SET_DEPTH_TEST, 1);
   set(NVC597_SET_DEPTH_WRITE, 1);
   set(NVC597_SET_DEPTH_FUNC, NVC597_SET_DEPTH_FUNC_V_OGL_LESS);
   pos(&vtx[0], 0, 0, -1.25f), pos(&vtx[1], 8, 0, 2.75f), pos(&vtx[2], 0, 8, -1.25f);
   CHECK(draw(3, ps), "draw: %s", last_log);
   const float want[4] = {0.4375f, 0.5f, 0.3125f, 0.5f};
   for (unsigned s = 0; s < 4; s++) {
      const float z = zf(6 + m->cell[s][0], 2 + m->cell[s][1]);
      CHECK(z == want[s], "pixel (3, 1) sample %u: depth %g, want %g", s, z, want[s]);
   }
   CHECK(samples_with(3, 1, 7) == 0x5, "pixel (3, 1): colour at samples 0x%x, want 0x5",
         samples_with(3, 1, 7));
   /* AT_PIXEL_CENTER: 0.5 at every sample, not less than 0.5. */
   target(m, NVC597_SET_COLOR_TARGET_FORMAT_V_RU32, 4);
   gpu_3d_clear(gpu, 0, 1);
   set(NVC597_SET_NONMULTISAMPLED_Z, 1);
   CHECK(draw(3, ps), "draw: %s", last_log);
   CHECK(samples_with(3, 1, ~0u) == 0xf, "AT_PIXEL_CENTER: samples 0x%x drawn",
         samples_with(3, 1, 7));
   set(NVC597_SET_NONMULTISAMPLED_Z, 0);
   set(NVC597_SET_DEPTH_TEST, 0);
   set(NVC597_SET_DEPTH_WRITE, 0);
   set(NVC597_SET_ZT_SELECT, 0);
}

/* 4. Per-sample shading: MY_INDEX, COVMASK and IPA.CENTROID of window x
 * and y (as float bits) into an RGBA32 UINT target. */
static void
passes(void)
{
   struct gpu_3d_stage ps;
   static const char *const lines[] = {
      "PIXLD.MY_INDEX R0",
      "PIXLD.COVMASK R1",
      "IPA.PASS.CENTROID R2, a[0x70]",
      "IPA.PASS.CENTROID R3, a[0x74]",
      "EXIT",
   };
   CHECK(program(lines, 5, &ps, NULL), "program");
   const uint32_t fmt = NVC597_SET_COLOR_TARGET_FORMAT_V_RU32_GU32_BU32_AU32;
   /* One pass, 4x: (3, 4) covers 0 and 2; the centroid is sample 0's
    * position (3.375, 4.125); a whole pixel (1, 1) its centre. */
   target(&modes[MS_2X2], fmt, 16);
   diagonal(0.5f);
   CHECK(draw(3, &ps), "draw: %s", last_log);
   CHECK(at(3, 4, 0, 0) == 0 && at(3, 4, 2, 0) == 0 && at(3, 4, 0, 1) == 0x5 &&
            at(3, 4, 0, 2) == gpu_test_fu(3.375f) && at(3, 4, 0, 3) == gpu_test_fu(4.125f) &&
            at(3, 4, 1, 0) == ~0u,
         "one pass, (3, 4): index %u, covmask 0x%x, centroid %08x %08x", at(3, 4, 0, 0),
         at(3, 4, 0, 1), at(3, 4, 0, 2), at(3, 4, 0, 3));
   CHECK(at(1, 1, 3, 2) == gpu_test_fu(1.5f) && at(1, 1, 3, 3) == gpu_test_fu(1.5f) &&
            at(1, 1, 3, 1) == 0xf,
         "one pass, (1, 1): centroid %08x %08x", at(1, 1, 3, 2), at(1, 1, 3, 3));
   /* Four passes, PER_PASS: each sample its own invocation at its
    * position. */
   target(&modes[MS_2X2], fmt, 16);
   set(NVC597_SET_HYBRID_ANTI_ALIAS_CONTROL, 4 | 1 << 4);
   CHECK(draw(3, &ps), "draw: %s", last_log);
   CHECK(at(3, 4, 2, 0) == 2 && at(3, 4, 2, 2) == gpu_test_fu(3.125f) &&
            at(3, 4, 2, 3) == gpu_test_fu(4.625f) && at(3, 4, 0, 0) == 0 && at(3, 4, 2, 1) == 0x5,
         "four passes, (3, 4) sample 2: index %u, centroid %08x %08x", at(3, 4, 2, 0),
         at(3, 4, 2, 2), at(3, 4, 2, 3));
   for (unsigned s = 0; s < 4; s++) {
      const float x = 1 + modes[MS_2X2].pos[s][0] / 16.0f, y = 1 + modes[MS_2X2].pos[s][1] / 16.0f;
      CHECK(at(1, 1, s, 0) == s && at(1, 1, s, 2) == gpu_test_fu(x) &&
               at(1, 1, s, 3) == gpu_test_fu(y),
            "four passes, (1, 1) sample %u: index %u, centroid %08x %08x", s, at(1, 1, s, 0),
            at(1, 1, s, 2), at(1, 1, s, 3));
   }
   /* Two passes of 2X2 and two and four of 4X2_D3D: the samples each
    * shades, as NVK's tables give them (MY_INDEX the lowest). */
   static const struct {
      unsigned mode, passes;
      uint8_t index[8];
   } groups[] = {
      {MS_2X2, 2, {0, 1, 0, 1}},                 /* 0x5, 0xa */
      {MS_4X2_D3D, 2, {0, 1, 0, 1, 1, 1, 0, 0}}, /* 0xc5, 0x3a */
      {MS_4X2_D3D, 4, {0, 1, 2, 3, 1, 3, 2, 0}}, /* 0x81 0x12 0x44 0x28 */
   };
   for (unsigned g = 0; g < 3; g++) {
      const struct mode *m = &modes[groups[g].mode];
      target(m, fmt, 16);
      set(NVC597_SET_HYBRID_ANTI_ALIAS_CONTROL, groups[g].passes | 1 << 4);
      CHECK(draw(3, &ps), "draw: %s", last_log);
      for (unsigned s = 0; s < m->samples; s++)
         CHECK(at(1, 1, s, 0) == groups[g].index[s],
               "%s, %u passes: sample %u shaded by %u, want %u", m->name, groups[g].passes, s,
               at(1, 1, s, 0), groups[g].index[s]);
   }
   set(NVC597_SET_HYBRID_ANTI_ALIAS_CONTROL, 1);

   /* IPA.OFFSET: (+0.25, -0.25) from the centre of (2, 4): (2.75, 4.25). */
   static const char *const off[] = {
      "MOV R5, 0xfc000400",
      "MOV R0, 0x0",
      "MOV R1, 0x0",
      "IPA.PASS.OFFSET R2, a[0x70], R5",
      "IPA.PASS.OFFSET R3, a[0x74], R5",
      "EXIT",
   };
   CHECK(program(off, 6, &ps, NULL), "program");
   target(NULL, fmt, 16);
   CHECK(draw(3, &ps), "draw: %s", last_log);
   CHECK(at(2, 4, 0, 2) == gpu_test_fu(2.75f) && at(2, 4, 0, 3) == gpu_test_fu(4.25f),
         "IPA.OFFSET: %08x %08x", at(2, 4, 0, 2), at(2, 4, 0, 3));
}

/* 5. A 2X2 block-linear target of 8 x 8 pixels: 16 x 16 samples of 4
 * bytes, one GOB wide, blocks of two GOBs.  Texel (sx, sy) at byte
 * 512 (sy / 8) + (4 sx % 16) + 16 (sy % 4) + 64 (4 sx / 16 % 2) +
 * 128 (sy / 4 % 2) + 256 (4 sx / 32).  CLEAR_SURFACE of pixels [1, 3) x
 * [0, 1) reaches samples [2, 6) x [0, 2); TLD reads each pixel's samples
 * by the header's mode (2X1_D3D's sample 0 is the right one). */
static uint32_t *
bl(unsigned sx, unsigned sy)
{
   const unsigned b = 4 * sx;
   return (uint32_t *)(mem + BL + 512 * (sy / 8) + (b % 16) + 16 * (sy % 4) + 64 * (b / 16 % 2) +
                       128 * (sy / 4 % 2) + 256 * (b / 32));
}

static bool
fetch(uint32_t tic, int x, int y, unsigned sample, uint32_t *out)
{
   struct jade_sim_texel_request req = {
      .handle = tic,
      .op = JADE_SIM_TEX_FETCH,
      .dim = 2,
      .coord = {x, y},
      .sample = sample,
   };
   uint32_t v[4];
   char err[200] = "";
   if (!jade_gpu_texel(gpu, 1, &req, v, err, sizeof(err))) {
      printf("FAIL: TLD: %s\n", err);
      failures++;
      return false;
   }
   *out = v[0];
   return true;
}

static void
layout(struct gpu_3d_stage *ps)
{
   CHECK(gpu_test_bind_pools(gpu, PB, POOL, -1), "the pool binds");
   for (unsigned sy = 0; sy < 16; sy++)
      for (unsigned sx = 0; sx < 16; sx++)
         *bl(sx, sy) = sx | sy << 8;
   gpu_test_target(gpu, VA + BL, N, NVC597_SET_COLOR_TARGET_FORMAT_V_RU32);
   set(NVC597_SET_COLOR_TARGET_WIDTH(0), 16);
   set(NVC597_SET_COLOR_TARGET_HEIGHT(0), 16);
   set(NVC597_SET_COLOR_TARGET_MEMORY(0), 1 << 4); /* block-linear, 2 GOBs high */
   set(NVC597_SET_ANTI_ALIAS, NVC597_SET_ANTI_ALIAS_SAMPLES_MODE_2X2);
   set(NVC597_SET_COLOR_CLEAR_VALUE(0), 0xabc);
   set(NVC597_SET_CLEAR_RECT_HORIZONTAL, 3 << 16 | 1);
   set(NVC597_SET_CLEAR_RECT_VERTICAL, 1 << 16 | 0);
   set(NVC597_SET_CLEAR_SURFACE_CONTROL, 1 << 4); /* USE_CLEAR_RECT */
   gpu_3d_clear(gpu, 0, 0x3c);
   set(NVC597_SET_CLEAR_SURFACE_CONTROL, 0);
   unsigned bad = 0;
   for (unsigned sy = 0; sy < 16; sy++)
      for (unsigned sx = 0; sx < 16; sx++) {
         const bool in = sx >= 2 && sx < 6 && sy < 2;
         bad += *bl(sx, sy) != (in ? 0xabc : (sx | sy << 8));
      }
   CHECK(bad == 0, "CLEAR_SURFACE of a 4x target: %u sample texels wrong", bad);

   /* TLD through a 2X2 header (8 x 8 pixels), a 4X2_D3D one (4 x 8
    * pixels) and a 2X1_D3D one (8 x 16) of the same bytes. */
   const unsigned tmodes[3] = {JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_2X2,
                               JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_4X2_D3D,
                               JADE_TIC_BL_MULTI_SAMPLE_COUNT_MODE_2X1_D3D};
   const struct mode *tm[3] = {&modes[MS_2X2], &modes[MS_4X2_D3D], &modes[MS_2X1_D3D]};
   for (unsigned k = 0; k < 3; k++) {
      struct jade_tic_bl t;
      memset(&t, 0, sizeof(t));
      t.components = JADE_TIC_BL_COMPONENTS_SIZES_R32;
      t.r_data_type = t.g_data_type = t.b_data_type = t.a_data_type =
         JADE_TIC_BL_R_DATA_TYPE_NUM_UINT;
      t.x_source = JADE_TIC_BL_X_SOURCE_IN_R;
      t.header_version = JADE_TIC_BL_HEADER_VERSION_SELECT_BLOCKLINEAR;
      t.address_bits48to9 = (VA + BL) >> 9;
      t.gobs_per_block_height = 1;
      t.width_minus_one = (16u >> tm[k]->xl) - 1;
      t.height_minus_one = (16u >> tm[k]->yl) - 1;
      t.texture_type = JADE_TIC_BL_TEXTURE_TYPE_TWO_D;
      t.multi_sample_count = tmodes[k];
      uint32_t w[8];
      jade_tic_bl_pack(w, &t);
      memcpy(mem + POOL + 32 * (k + 1), w, 32);
      bad = 0;
      for (unsigned y = 0; y < 16u >> tm[k]->yl; y++)
         for (unsigned x = 0; x < 16u >> tm[k]->xl; x++)
            for (unsigned s = 0; s < tm[k]->samples; s++) {
               uint32_t v;
               const unsigned sx = (x << tm[k]->xl) + tm[k]->cell[s][0];
               const unsigned sy = (y << tm[k]->yl) + tm[k]->cell[s][1];
               if (fetch(k + 1, x, y, s, &v))
                  bad += v != *bl(sx, sy);
            }
      CHECK(bad == 0, "TLD of %s samples: %u wrong", tm[k]->name, bad);
      uint32_t v = 1;
      CHECK(fetch(k + 1, 0, 0, tm[k]->samples, &v) && v == 0,
            "%s: sample %u past the count reads %u", tm[k]->name, tm[k]->samples, v);
   }

   /* A draw into the block-linear 2X2 target, read back through TLD:
    * pixel (3, 4) of the triangle has samples 0 and 2 at 7, a "resolve"
    * of it sums 7 + 7 + two untouched patterns. */
   set(NVC597_SET_ANTI_ALIAS_ENABLE, 1);
   set(NVC597_SET_HYBRID_ANTI_ALIAS_CONTROL, 1);
   diagonal(0.5f);
   CHECK(draw(3, ps), "draw: %s", last_log);
   uint32_t sum = 0, v;
   for (unsigned s = 0; s < 4; s++)
      if (fetch(1, 3, 4, s, &v))
         sum += v;
   const uint32_t want = 7 + 7 + (7 | 8 << 8) + (7 | 9 << 8); /* s1 (7, 8), s3 (7, 9) */
   CHECK(sum == want, "TLD of pixel (3, 4)'s four samples sums 0x%x, want 0x%x", sum, want);
}

int
main(void)
{
   gpu = gpu_test_3d_create(VA);
   struct gpu_3d_stage ps;
   CHECK(program(seven, 5, &ps, NULL), "program");
   coverage(&ps);
   masks();
   CHECK(program(seven, 5, &ps, NULL), "program");
   depth(&ps);
   passes();
   CHECK(program(seven, 5, &ps, NULL), "program");
   layout(&ps);
   jade_gpu_destroy(gpu);
   printf("%s\n", failures ? "FAIL" : "PASS");
   return failures != 0;
}
