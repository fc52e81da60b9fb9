/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The rasteriser, pixel stage, per-fragment operations and CLEAR_SURFACE
 * against hand-computed values, without a vertex stage: gpu_3d_raster_run
 * on vertices filled here, a pixel program assembled here (one colour
 * output, a constant), a pitch-layout R8G8B8A8 target of 16 x 16 in the
 * tests' memory.  Cases: two triangles sharing a diagonal cover every pixel
 * of a square exactly once (top-left rule, additive blending counts the
 * hits); a thin triangle covers only the pixel centres inside it; clear
 * values in two formats (R8G8B8A8_UNORM and R32_FLOAT) within the scissor;
 * polygon modes LINE and POINT on a quad (edges and corners only, no
 * diagonal); polygon stipple; line stipple (across a strip's vertices, a
 * factor); blend arithmetic (SRC_ALPHA, ONE_MINUS_SRC_ALPHA); two targets with
 * and without MRT (SET_CT_MRT_ENABLE and the header's MRT_ENABLE); a
 * program without outputs that only stores, run only with the header's
 * DOES_GLOBAL_STORE; a header without IMAP_POSITION_W faults.
 */

#include <math.h>
#include <string.h>

#include "nvidia/classes/clc597.h"

#include "gpu_test_asm.h"
#include "gpu_test_3d.h"
#include "jade_sph.h"
#include "gpu_3d_raster.h"

#define VA     0x100000000ull
#define CODE   0x0000u
#define TARGET 0x4000u /* 16 x 16 x 4 bytes, pitch 64 */
#define N      16

static struct gpu_vertex vtx[8];
static struct jade_gpu *gpu_of_test;

static void
pos(struct gpu_vertex *v, float x, float y)
{
   /* Window = ndc * 8 + 8: clip x = (x - 8) / 8 with w = 1. */
   float p[4] = {(x - 8) / 8, (y - 8) / 8, 0, 1};
   memset(v, 0, sizeof(*v));
   memcpy(&v->a[0x70 / 4], p, sizeof(p));
}

static uint8_t *
px(unsigned x, unsigned y)
{
   return mem + TARGET + y * 64 + x * 4;
}

/* A pixel program writing (r, g, b, a). */
static bool
program(float r, float g, float b, float a, struct gpu_3d_stage *ps)
{
   char l[4][64];
   float c[4] = {r, g, b, a};
   for (unsigned i = 0; i < 4; i++)
      snprintf(l[i], sizeof(l[i]), "MOV R%u, 0x%08x", i, gpu_test_fu(c[i]));
   const char *lines[] = {l[0], l[1], l[2], l[3], "EXIT"};
   return gpu_test_pixel_program(gpu_of_test, lines, 5, CODE, ps);
}

static void
target(struct jade_gpu *gpu, uint32_t format)
{
   gpu_test_target(gpu, VA + TARGET, N, format);
}

static void
blend(struct jade_gpu *gpu, bool on, uint32_t src, uint32_t dst)
{
   gpu_test_set(gpu, NVC597_SET_BLEND(0), on);
   gpu_test_set(gpu, NVC597_SET_BLEND_SEPARATE_FOR_ALPHA, 0);
   gpu_test_set(gpu, NVC597_SET_BLEND_COLOR_OP, NVC597_SET_BLEND_COLOR_OP_V_OGL_FUNC_ADD);
   gpu_test_set(gpu, NVC597_SET_BLEND_COLOR_SOURCE_COEFF, src);
   gpu_test_set(gpu, NVC597_SET_BLEND_COLOR_DEST_COEFF, dst);
}

static bool
draw(struct jade_gpu *gpu, unsigned topology, unsigned count, const struct gpu_3d_stage *ps)
{
   const struct gpu_3d_run run = {.topology = topology, .v = vtx, .count = count};
   return gpu_3d_raster_run(gpu, 0, &run, ps);
}

int
main(void)
{
   struct jade_gpu *gpu = gpu_test_3d_create(VA);
   gpu_of_test = gpu;
   struct gpu_3d_stage ps;

   /* 1. Two triangles sharing the diagonal of [2, 10) x [2, 10): with
    * ONE + ONE blending of 1/255 each, every pixel of the square counts 1
    * hit, none outside. */
   target(gpu, NVC597_SET_COLOR_TARGET_FORMAT_V_A8B8G8R8);
   memset(mem + TARGET, 0, N * 64);
   CHECK(program(1.0f / 255, 0, 0, 1, &ps), "program");
   blend(gpu, true, NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_ONE,
         NVC597_SET_BLEND_COLOR_DEST_COEFF_V_OGL_ONE);
   pos(&vtx[0], 2, 2), pos(&vtx[1], 10, 2), pos(&vtx[2], 10, 10);
   pos(&vtx[3], 2, 2), pos(&vtx[4], 10, 10), pos(&vtx[5], 2, 10);
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 6, &ps), "draw: %s", last_log);
   unsigned bad = 0;
   for (unsigned y = 0; y < N; y++)
      for (unsigned x = 0; x < N; x++) {
         unsigned want = x >= 2 && x < 10 && y >= 2 && y < 10;
         if (px(x, y)[0] != want)
            bad++;
      }
   CHECK(bad == 0, "shared edge: %u pixels hit the wrong number of times", bad);

   /* 2. Fill rule on a pixel-aligned square's edges: a quad as a strip
    * over [0, 4) x [0, 4): the centres on x = 4 (right) and y = 4 (bottom)
    * are not covered, those on x = 0, y = 0 would be (top-left). */
   memset(mem + TARGET, 0, N * 64);
   pos(&vtx[0], 0.5f, 0.5f), pos(&vtx[1], 4.5f, 0.5f), pos(&vtx[2], 0.5f, 4.5f),
      pos(&vtx[3], 4.5f, 4.5f);
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLE_STRIP, 4, &ps), "strip: %s", last_log);
   bad = 0;
   for (unsigned y = 0; y < 6; y++)
      for (unsigned x = 0; x < 6; x++)
         bad += px(x, y)[0] != (x < 4 && y < 4);
   CHECK(bad == 0, "top-left rule: %u pixels wrong", bad);

   /* 3. A small triangle (1, 1) (3.2, 1) (1, 3.2): centres (1.5, 1.5),
    * (2.5, 1.5), (1.5, 2.5) inside; (2.5, 2.5) is outside (x + y = 5 >
    * 4.2). */
   memset(mem + TARGET, 0, N * 64);
   pos(&vtx[0], 1, 1), pos(&vtx[1], 3.2f, 1), pos(&vtx[2], 1, 3.2f);
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, &ps), "small: %s", last_log);
   CHECK(px(1, 1)[0] == 1 && px(2, 1)[0] == 1 && px(1, 2)[0] == 1 && px(2, 2)[0] == 0 &&
            px(0, 0)[0] == 0 && px(3, 1)[0] == 0,
         "small triangle coverage %u %u %u %u", px(1, 1)[0], px(2, 1)[0], px(1, 2)[0], px(2, 2)[0]);

   /* 4. Culling: OGL_SET_CULL back faces, front CCW: the triangle of
    * case 3 is clockwise on screen (rows down: area > 0), so culled. */
   memset(mem + TARGET, 0, N * 64);
   gpu_test_set(gpu, NVC597_OGL_SET_CULL, 1);
   gpu_test_set(gpu, NVC597_OGL_SET_CULL_FACE, NVC597_OGL_SET_CULL_FACE_V_BACK);
   gpu_test_set(gpu, NVC597_OGL_SET_FRONT_FACE, NVC597_OGL_SET_FRONT_FACE_V_CCW);
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, &ps), "cull");
   CHECK(px(1, 1)[0] == 0, "a back face was drawn");
   gpu_test_set(gpu, NVC597_OGL_SET_FRONT_FACE, NVC597_OGL_SET_FRONT_FACE_V_CW);
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, &ps), "cull");
   CHECK(px(1, 1)[0] == 1, "a front face (CW) was culled");
   gpu_test_set(gpu, NVC597_OGL_SET_CULL, 0);

   /* 4b. Polygon modes on one quad (QUADS) with corners at the pixel
    * centres (2.5, 2.5), (9.5, 2.5), (9.5, 9.5), (2.5, 9.5), ONE + ONE
    * blending of 1/255 counting hits.  LINE: its four edges as width-1
    * lines (a parallelogram of +-0.5 across the minor axis, top-left
    * rule): the top edge covers row 2 at x 2..8, the right edge column 9
    * at rows 2..8, the bottom edge row 9 at x 2..8, the left edge column 2
    * at rows 2..8; the middle of each edge is hit once and nothing inside,
    * where a quad split into two triangles would have drawn its diagonal.
    * POINT: a 1-pixel point at each corner, nothing else. */
   gpu_test_set(gpu, NVC597_OGL_SET_FRONT_FACE, NVC597_OGL_SET_FRONT_FACE_V_CCW);
   pos(&vtx[0], 2.5f, 2.5f), pos(&vtx[1], 9.5f, 2.5f), pos(&vtx[2], 9.5f, 9.5f),
      pos(&vtx[3], 2.5f, 9.5f);
   gpu_test_set(gpu, NVC597_SET_LINE_WIDTH_FLOAT, gpu_test_fu(1.0f));
   gpu_test_set(gpu, NVC597_SET_POINT_SIZE, gpu_test_fu(1.0f));
   for (unsigned mode = 0; mode < 2; mode++) {
      const uint32_t v =
         mode ? NVC597_SET_FRONT_POLYGON_MODE_V_POINT : NVC597_SET_FRONT_POLYGON_MODE_V_LINE;
      gpu_test_set(gpu, NVC597_SET_FRONT_POLYGON_MODE, v);
      gpu_test_set(gpu, NVC597_SET_BACK_POLYGON_MODE, v);
      memset(mem + TARGET, 0, N * 64);
      CHECK(draw(gpu, NVC597_BEGIN_OP_QUADS, 4, &ps), "polygon mode: %s", last_log);
      bad = 0;
      for (unsigned y = 0; y < N; y++) {
         for (unsigned x = 0; x < N; x++) {
            const bool corner = (x == 2 || x == 9) && (y == 2 || y == 9);
            const bool mid_edge = ((x == 5 || x == 6) && (y == 2 || y == 9)) ||
                                  ((y == 5 || y == 6) && (x == 2 || x == 9));
            const bool inside = x > 2 && x < 9 && y > 2 && y < 9;
            if (mode ? px(x, y)[0] != corner
                     : ((mid_edge && px(x, y)[0] != 1) || (inside && px(x, y)[0])))
               bad++;
         }
      }
      CHECK(bad == 0, "polygon mode %s: %u pixels wrong", mode ? "POINT" : "LINE", bad);
   }
   gpu_test_set(gpu, NVC597_SET_FRONT_POLYGON_MODE, NVC597_SET_FRONT_POLYGON_MODE_V_FILL);
   gpu_test_set(gpu, NVC597_SET_BACK_POLYGON_MODE, NVC597_SET_BACK_POLYGON_MODE_V_FILL);

   /* 4c. Polygon stipple over the square [2, 10) x [2, 10) (two
    * triangles): every row's pattern word has bits 7 and 14, columns 0 and
    * 9 (bit 8 (x / 8) + 7 - x mod 8, nvc0's byte-swapped GL rows), except
    * row 3's, which is 0; rows counted down (UPPER_LEFT): only column 9
    * of the square is drawn, and not in row 3. */
   memset(mem + TARGET, 0, N * 64);
   for (unsigned r = 0; r < 32; r++)
      gpu_test_set(gpu, NVC597_SET_POLYGON_STIPPLE_PATTERN(r), r == 3 ? 0 : 1u << 7 | 1u << 14);
   gpu_test_set(gpu, NVC597_SET_POLYGON_STIPPLE, 1);
   pos(&vtx[0], 2, 2), pos(&vtx[1], 10, 2), pos(&vtx[2], 10, 10);
   pos(&vtx[3], 2, 2), pos(&vtx[4], 10, 10), pos(&vtx[5], 2, 10);
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 6, &ps), "stipple: %s", last_log);
   bad = 0;
   for (unsigned y = 0; y < N; y++)
      for (unsigned x = 0; x < N; x++)
         bad += px(x, y)[0] != (x == 9 && y >= 2 && y < 10 && y != 3);
   CHECK(bad == 0, "polygon stipple: %u pixels wrong", bad);
   gpu_test_set(gpu, NVC597_SET_POLYGON_STIPPLE, 0);

   /* 4d. Line stipple on row 5 (y = 5.5), width 1, pattern 0x0f0f:
    * a line from x = 2 to 14 covers the centres x = 2..13, fragment s =
    * x - 2 along it, drawn where bit s mod 16 is set: x 2..5 and 10..13.
    * As a strip 2 -> 6 -> 10 the count goes on across the vertex: the
    * second segment's x 6..9 are s 4..7, not drawn (a counter reset at
    * each segment would draw them).  Factor 2 (FACTOR 1) with pattern 1:
    * s / 2 = 0 only, x 2 and 3. */
   gpu_test_set(gpu, NVC597_SET_LINE_STIPPLE, 1);
   for (unsigned c = 0; c < 3; c++) {
      memset(mem + TARGET, 0, N * 64);
      gpu_test_set(gpu, NVC597_SET_LINE_STIPPLE_PARAMETERS,
                   c == 2 ? (1u << 8 | 1u) : (0x0f0fu << 8 | 0u));
      unsigned count = 2;
      if (c == 1) {
         pos(&vtx[0], 2, 5.5f), pos(&vtx[1], 6, 5.5f), pos(&vtx[2], 10, 5.5f);
         count = 3;
      } else {
         pos(&vtx[0], 2, 5.5f), pos(&vtx[1], 14, 5.5f);
      }
      CHECK(draw(gpu, NVC597_BEGIN_OP_LINE_STRIP, count, &ps), "line stipple: %s", last_log);
      bad = 0;
      for (unsigned y = 0; y < N; y++) {
         for (unsigned x = 0; x < N; x++) {
            bool want = y == 5 && (c == 2   ? x == 2 || x == 3
                                   : c == 1 ? x >= 2 && x <= 5
                                            : (x >= 2 && x <= 5) || (x >= 10 && x <= 13));
            bad += px(x, y)[0] != want;
         }
      }
      CHECK(bad == 0, "line stipple case %u: %u pixels wrong", c, bad);
   }
   gpu_test_set(gpu, NVC597_SET_LINE_STIPPLE, 0);

   /* 5. Blend: source (1, 0.5, 0, 0.25) over (0, 1, 1, 1) with SRC_ALPHA,
    * ONE_MINUS_SRC_ALPHA: r = 0.25, g = 0.125 + 0.75 = 0.875, b = 0.75,
    * a = 0.0625 + 0.75 = 0.8125; in 8 bits 64, 223, 191, 207. */
   for (unsigned i = 0; i < N * N; i++) {
      uint8_t c[4] = {0, 255, 255, 255};
      memcpy(mem + TARGET + i * 4, c, 4);
   }
   CHECK(program(1, 0.5f, 0, 0.25f, &ps), "program");
   blend(gpu, true, NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_SRC_ALPHA,
         NVC597_SET_BLEND_COLOR_DEST_COEFF_V_OGL_ONE_MINUS_SRC_ALPHA);
   pos(&vtx[0], 0, 0), pos(&vtx[1], 16, 0), pos(&vtx[2], 0, 16);
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, &ps), "blend");
   uint8_t *b = px(1, 1);
   CHECK(b[0] == 64 && b[1] == 223 && b[2] == 191 && b[3] == 207, "blend: %u %u %u %u", b[0], b[1],
         b[2], b[3]);
   /* Write mask: only G. */
   blend(gpu, false, 0, 0);
   gpu_test_set(gpu, NVC597_SET_CT_WRITE(0), 0x0010);
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, &ps), "mask");
   CHECK(b[0] == 64 && b[1] == 128 && b[2] == 191 && b[3] == 207, "write mask: %u %u %u %u", b[0],
         b[1], b[2], b[3]);
   gpu_test_set(gpu, NVC597_SET_CT_WRITE(0), 0x1111);

   /* Logic op XOR on the stored bytes, replacing blending: (1, 0, 1, 0)
    * packs to ff 00 ff 00; over 64 128 191 207 it gives 191 128 64 207. */
   CHECK(program(1, 0, 1, 0, &ps), "program");
   blend(gpu, true, NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_ONE,
         NVC597_SET_BLEND_COLOR_DEST_COEFF_V_OGL_ONE);
   gpu_test_set(gpu, NVC597_SET_LOGIC_OP, 1);
   gpu_test_set(gpu, NVC597_SET_LOGIC_OP_FUNC, NVC597_SET_LOGIC_OP_FUNC_V_XOR);
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, &ps), "logic op");
   CHECK(b[0] == 191 && b[1] == 128 && b[2] == 64 && b[3] == 207, "logic op XOR: %u %u %u %u", b[0],
         b[1], b[2], b[3]);
   gpu_test_set(gpu, NVC597_SET_LOGIC_OP, 0);
   blend(gpu, false, 0, 0);

   /* 6. Clears: R8G8B8A8_UNORM (0.5, 0, 1, 0.2) -> 128, 0, 255, 51 in the
    * scissor [4, 8) x [2, 3) only; then R32_FLOAT 0.75 R only. */
   memset(mem + TARGET, 0, N * 64);
   gpu_test_set(gpu, NVC597_SET_COLOR_CLEAR_VALUE(0), gpu_test_fu(0.5f));
   gpu_test_set(gpu, NVC597_SET_COLOR_CLEAR_VALUE(1), gpu_test_fu(0));
   gpu_test_set(gpu, NVC597_SET_COLOR_CLEAR_VALUE(2), gpu_test_fu(1));
   gpu_test_set(gpu, NVC597_SET_COLOR_CLEAR_VALUE(3), gpu_test_fu(0.2f));
   gpu_test_set(gpu, NVC597_SET_SCISSOR_ENABLE(0), 1);
   gpu_test_set(gpu, NVC597_SET_SCISSOR_HORIZONTAL(0), 8 << 16 | 4);
   gpu_test_set(gpu, NVC597_SET_SCISSOR_VERTICAL(0), 3 << 16 | 2);
   gpu_test_set(gpu, NVC597_SET_CLEAR_SURFACE_CONTROL, 1 << 8);
   gpu_3d_clear(gpu, 0, 0x3c);
   b = px(4, 2);
   CHECK(b[0] == 128 && b[1] == 0 && b[2] == 255 && b[3] == 51, "clear: %u %u %u %u", b[0], b[1],
         b[2], b[3]);
   CHECK(px(3, 2)[0] == 0 && px(8, 2)[0] == 0 && px(4, 3)[0] == 0 && px(7, 2)[0] == 128,
         "clear outside the scissor");
   gpu_test_set(gpu, NVC597_SET_SCISSOR_ENABLE(0), 0);
   target(gpu, NVC597_SET_COLOR_TARGET_FORMAT_V_RF32);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_WIDTH(0), 64);
   gpu_test_set(gpu, NVC597_SET_COLOR_CLEAR_VALUE(0), gpu_test_fu(0.75f));
   gpu_3d_clear(gpu, 0, 0x04); /* R only */
   float f;
   memcpy(&f, mem + TARGET + 5 * 64 + 4 * 3, 4);
   CHECK(f == 0.75f, "R32_FLOAT clear: %g", f);

   /* 7. Two targets (the second 16 x 16 RU32 at TARGET + 0x1000), outputs
    * 0 = 5 and 1 = 9: separate only with SET_CT_MRT_ENABLE and the PS
    * header's MRT_ENABLE; either off, output 0 goes to both. */
   target(gpu, NVC597_SET_COLOR_TARGET_FORMAT_V_RU32);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_A(1), (uint32_t)(VA >> 32));
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_B(1), TARGET + 0x1000);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_WIDTH(1), 64);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_HEIGHT(1), N);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_FORMAT(1), NVC597_SET_COLOR_TARGET_FORMAT_V_RU32);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_MEMORY(1), 1 << 12);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_THIRD_DIMENSION(1), 1);
   gpu_test_set(gpu, NVC597_SET_CT_SELECT, 2 | 0 << 4 | 1 << 7);
   gpu_test_set(gpu, NVC597_SET_CT_WRITE(1), 0x1111);
   static const char *const two[] = {"MOV R0, 0x5", "MOV R1, 0x0", "MOV R2, 0x0",
                                     "MOV R3, 0x0", "MOV R4, 0x9", "MOV R5, 0x0",
                                     "MOV R6, 0x0", "MOV R7, 0x0", "EXIT"};
   pos(&vtx[0], 0, 0), pos(&vtx[1], 16, 0), pos(&vtx[2], 0, 16);
   for (unsigned k = 0; k < 3; k++) {
      const bool method = k != 1, header = k != 2;
      CHECK(gpu_test_pixel_program(gpu, two, 9, CODE, &ps), "program");
      struct jade_sph_ps h;
      jade_sph_ps_unpack(ps.sph, &h);
      h.omap_red[1] = h.omap_green[1] = h.omap_blue[1] = h.omap_alpha[1] = 1;
      h.mrt_enable = header;
      jade_sph_ps_pack(ps.sph, &h);
      gpu_test_set(gpu, NVC597_SET_CT_MRT_ENABLE, method);
      memset(mem + TARGET, 0, 0x2000);
      CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, &ps), "MRT draw: %s", last_log);
      uint32_t t0, t1;
      memcpy(&t0, px(1, 1), 4);
      memcpy(&t1, px(1, 1) + 0x1000, 4);
      const uint32_t want1 = method && header ? 9 : 5;
      CHECK(t0 == 5 && t1 == want1, "MRT method %u header %u: targets %u %u, want 5 %u", method,
            header, t0, t1, want1);
   }

   /* 8. A pixel program with no output whose only effect is a store: run
    * only when its header says DOES_GLOBAL_STORE (otherwise the hardware
    * need not run it, and the model does not). */
   static const char *const store[] = {"MOV R2, 0x6000", "MOV R3, 0x1", "MOV R4, 0x2a",
                                       "STG.E.SYS [R2], R4", "EXIT"};
   for (unsigned k = 0; k < 2; k++) {
      CHECK(gpu_test_pixel_program(gpu, store, 5, CODE, &ps), "program");
      struct jade_sph_ps h;
      jade_sph_ps_unpack(ps.sph, &h);
      memset(h.omap_red, 0, sizeof(h.omap_red));
      memset(h.omap_green, 0, sizeof(h.omap_green));
      memset(h.omap_blue, 0, sizeof(h.omap_blue));
      memset(h.omap_alpha, 0, sizeof(h.omap_alpha));
      h.does_global_store = k;
      jade_sph_ps_pack(ps.sph, &h);
      memset(mem + 0x6000, 0, 4);
      CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, &ps), "store draw: %s", last_log);
      uint32_t got;
      memcpy(&got, mem + 0x6000, 4);
      CHECK(got == (k ? 0x2au : 0), "DOES_GLOBAL_STORE %u: the store left 0x%x", k, got);
   }

   /* 9. A PS header without IMAP_POSITION_W traps (NAK from_nir.rs, nvc0's
    * hdr[5]): the draw faults (last: the channel is dead after it). */
   CHECK(program(1, 0, 0, 1, &ps), "program");
   {
      struct jade_sph_ps h;
      jade_sph_ps_unpack(ps.sph, &h);
      h.imap_position_w = 0;
      jade_sph_ps_pack(ps.sph, &h);
   }
   CHECK(!draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, &ps) && strstr(last_log, "IMAP_POSITION_W"),
         "a header without IMAP_POSITION_W: %s", last_log);

   jade_gpu_destroy(gpu);
   printf("%s\n", failures ? "FAIL" : "PASS");
   return failures != 0;
}
