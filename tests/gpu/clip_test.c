/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * User clip and cull distances and the primitive id in the rasteriser
 * (gpu_3d_raster.c), against hand-computed values, without a vertex
 * stage: gpu_3d_raster_run on vertices filled here (window = ndc * 8 + 8
 * on a 16 x 16 pitch R32_UINT target, w = 1, so clip space and window
 * space are linear in each other), pixel programs assembled here.
 * Cases:
 * - a triangle (0, 0) (16, 0) (0, 16) with clip distance 0 = 8 - x:
 *   SET_USER_CLIP_ENABLE off, row 1 is x = 0..13 (the centre (14.5, 1.5)
 *   lies on the hypotenuse, a right edge); on, only x = 0..7 (centre 7.5:
 *   d = 0.5, 8.5: d = -0.5), row 9 (x 0..5) unchanged; OP CULL instead,
 *   the whole triangle (not every vertex is negative); a distance of -1
 *   everywhere culls it and clips it away; plane 3 (a[0x2cc]) cuts by its
 *   own word;
 * - a point with d = -0.25 is dropped, with d = 0 drawn; a line from
 *   x = 0 to x = 16 at y = 4.5 with d = 8 - x stops at x = 8 (pixels
 *   0..7); with d = -1 at both ends it is gone for CLIP and CULL;
 * - the primitive id a[0x60] (read with IPA.CONSTANT, written to the
 *   target): a triangle strip's triangles 0, 1, 2 from a run whose first
 *   id is 10 give 10, 11, 12; quads give one id per quad (both
 *   triangles); a fan; lines, a line strip, points; a polygon is one
 *   primitive; gpu_3d_primitive_count per topology (what the counter
 *   advances by run to run).
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
#define CLIPD  (0x2c0 / 4)

static struct gpu_vertex vtx[8];
static struct jade_gpu *gpu_of_test;

/* Vertex at window (x, y), every clip distance d. */
static void
pos(struct gpu_vertex *v, float x, float y, float d)
{
   float p[4] = {(x - 8) / 8, (y - 8) / 8, 0, 1};
   memset(v, 0, sizeof(*v));
   memcpy(&v->a[0x70 / 4], p, sizeof(p));
   for (unsigned i = 0; i < 8; i++)
      v->a[CLIPD + i] = gpu_test_fu(d);
}

static uint32_t
px(unsigned x, unsigned y)
{
   uint32_t v;
   memcpy(&v, mem + TARGET + y * 64 + x * 4, 4);
   return v;
}

static void
clear_target(void)
{
   memset(mem + TARGET, 0xff, N * 64); /* ~0: not drawn */
}

/* Assembles `lines` as the pixel program writing output 0's R. */
static bool
program(const char *const *lines, unsigned n, struct gpu_3d_stage *ps)
{
   return gpu_test_pixel_program(gpu_of_test, lines, n, CODE, ps);
}

static void
target(struct jade_gpu *gpu)
{
   gpu_test_target(gpu, VA + TARGET, N, NVC597_SET_COLOR_TARGET_FORMAT_V_RU32);
   gpu_test_set(gpu, NVC597_SET_LINE_WIDTH_FLOAT, gpu_test_fu(1.0f));
   gpu_test_set(gpu, NVC597_SET_POINT_SIZE, gpu_test_fu(1.0f));
}

static bool
draw(struct jade_gpu *gpu, unsigned topology, unsigned count, uint32_t first_id,
     const struct gpu_3d_stage *ps)
{
   const struct gpu_3d_run run = {.topology = topology,
                                  .v = vtx,
                                  .count = count,
                                  .primitive_id = first_id};
   return gpu_3d_raster_run(gpu, 0, &run, ps);
}

/* Pixels of row y drawn (not ~0), as a bit mask of x. */
static uint32_t
row(unsigned y)
{
   uint32_t m = 0;
   for (unsigned x = 0; x < N; x++)
      m |= (uint32_t)(px(x, y) != ~0u) << x;
   return m;
}

int
main(void)
{
   struct jade_gpu *gpu = gpu_test_3d_create(VA);
   gpu_of_test = gpu;
   target(gpu);
   struct gpu_3d_stage ps;

   /* A constant 7 in R. */
   static const char *const seven[] = {"MOV R0, 0x7", "MOV R1, 0x0", "MOV R2, 0x0", "MOV R3, 0x0",
                                       "EXIT"};
   CHECK(program(seven, 5, &ps), "program");

   /* 1. The triangle cut by distance 0 = 8 - x (vertex x = 0: 8, x = 16:
    * -8, linear across it). */
   pos(&vtx[0], 0, 0, 8), pos(&vtx[1], 16, 0, -8), pos(&vtx[2], 0, 16, 8);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   const uint32_t whole = row(1), whole9 = row(9);
   /* Row 1 (centre y 1.5): x + 1.5 < 16, x 0..13; the centre (14.5, 1.5) on
    * the hypotenuse is on a right edge, not drawn.  Row 9: x 0..5. */
   CHECK(whole == 0x3fff && whole9 == 0x3f, "unclipped rows 1, 9: 0x%x 0x%x", whole, whole9);
   gpu_test_set(gpu, NVC597_SET_USER_CLIP_ENABLE, 1); /* plane 0, OP CLIP */
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   CHECK(row(1) == 0xff, "clip distance 0 = 8 - x: row 1 is 0x%x, want x 0..7 (0xff)", row(1));
   CHECK(row(9) == 0x3f, "row 9 (inside plane 0 already): 0x%x, want 0x3f", row(9));
   CHECK(px(7, 1) == 7, "a clipped triangle's pixel holds %u", px(7, 1));
   /* OP CULL: not every vertex is outside, drawn whole. */
   gpu_test_set(gpu, NVC597_SET_USER_CLIP_OP, 1);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   CHECK(row(1) == whole, "cull distance with one vertex inside: row 1 0x%x, want 0x%x", row(1),
         whole);
   /* Every vertex outside: culled, and clipped away. */
   pos(&vtx[0], 0, 0, -1), pos(&vtx[1], 16, 0, -1), pos(&vtx[2], 0, 16, -1);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   CHECK(row(1) == 0 && row(5) == 0, "a culled triangle drew 0x%x", row(1));
   gpu_test_set(gpu, NVC597_SET_USER_CLIP_OP, 0);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   CHECK(row(1) == 0 && row(5) == 0, "a triangle clipped away drew 0x%x", row(1));
   /* Plane 3 reads a[0x2cc] alone: the others say -1, plane 3 = 8 - x. */
   pos(&vtx[0], 0, 0, -1), pos(&vtx[1], 16, 0, -1), pos(&vtx[2], 0, 16, -1);
   vtx[0].a[CLIPD + 3] = gpu_test_fu(8), vtx[1].a[CLIPD + 3] = gpu_test_fu(-8),
                    vtx[2].a[CLIPD + 3] = gpu_test_fu(8);
   gpu_test_set(gpu, NVC597_SET_USER_CLIP_ENABLE, 1 << 3);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   CHECK(row(1) == 0xff, "clip distance 3: row 1 0x%x, want 0xff", row(1));
   gpu_test_set(gpu, NVC597_SET_USER_CLIP_ENABLE, 0);

   /* 2. Points and lines, distance 0. */
   gpu_test_set(gpu, NVC597_SET_USER_CLIP_ENABLE, 1);
   pos(&vtx[0], 2.5f, 2.5f, -0.25f), pos(&vtx[1], 5.5f, 2.5f, 0);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_POINTS, 2, 0, &ps), "points: %s", last_log);
   CHECK(px(2, 2) == ~0u && px(5, 2) == 7, "points: d -0.25 drew %u, d 0 drew %u", px(2, 2),
         px(5, 2));
   pos(&vtx[0], 0, 4.5f, 8), pos(&vtx[1], 16, 4.5f, -8);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_LINES, 2, 0, &ps), "line: %s", last_log);
   CHECK(row(4) == 0xff, "a line cut at x = 8: row 4 0x%x, want 0xff", row(4));
   pos(&vtx[0], 0, 4.5f, -1), pos(&vtx[1], 16, 4.5f, -1);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_LINES, 2, 0, &ps), "line: %s", last_log);
   CHECK(row(4) == 0, "a line outside plane 0 drew 0x%x", row(4));
   gpu_test_set(gpu, NVC597_SET_USER_CLIP_OP, 1);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_LINES, 2, 0, &ps), "line: %s", last_log);
   CHECK(row(4) == 0, "a culled line drew 0x%x", row(4));
   gpu_test_set(gpu, NVC597_SET_USER_CLIP_OP, 0);
   gpu_test_set(gpu, NVC597_SET_USER_CLIP_ENABLE, 0);

   /* 3. The primitive id: R = a[0x60]. */
   static const char *const prim_id[] = {"IPA.CONSTANT R0, a[0x60]", "MOV R1, 0x0", "MOV R2, 0x0",
                                         "MOV R3, 0x0", "EXIT"};
   CHECK(program(prim_id, 5, &ps), "program");
   /* Strip over [0, 12) x [0, 4): triangle k is a half of cell k / 2. */
   for (unsigned i = 0; i < 8; i++)
      pos(&vtx[i], 4.0f * (float)(i / 2), i % 2 ? 4 : 0, 0);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLE_STRIP, 6, 10, &ps), "strip: %s", last_log);
   CHECK(px(1, 1) == 10 && px(3, 3) == 11 && px(5, 1) == 12 && px(7, 3) == 13,
         "strip ids %u %u %u %u, want 10 11 12 13", px(1, 1), px(3, 3), px(5, 1), px(7, 3));
   /* Quads [0, 4) and [4, 8) x [0, 4): one id a quad. */
   pos(&vtx[0], 0, 0, 0), pos(&vtx[1], 4, 0, 0), pos(&vtx[2], 4, 4, 0), pos(&vtx[3], 0, 4, 0);
   pos(&vtx[4], 4, 0, 0), pos(&vtx[5], 8, 0, 0), pos(&vtx[6], 8, 4, 0), pos(&vtx[7], 4, 4, 0);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_QUADS, 8, 0, &ps), "quads: %s", last_log);
   CHECK(px(3, 1) == 0 && px(1, 3) == 0 && px(7, 1) == 1 && px(5, 3) == 1,
         "quad ids %u %u %u %u, want 0 0 1 1", px(3, 1), px(1, 3), px(7, 1), px(5, 3));
   /* Fan around (0, 0): (8, 0) (8, 8) then (0, 8). */
   pos(&vtx[0], 0, 0, 0), pos(&vtx[1], 8, 0, 0), pos(&vtx[2], 8, 8, 0), pos(&vtx[3], 0, 8, 0);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLE_FAN, 4, 3, &ps), "fan: %s", last_log);
   CHECK(px(6, 2) == 3 && px(2, 6) == 4, "fan ids %u %u, want 3 4", px(6, 2), px(2, 6));
   /* The same four as a polygon: one primitive. */
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_POLYGON, 4, 5, &ps), "polygon: %s", last_log);
   CHECK(px(6, 2) == 5 && px(2, 6) == 5, "polygon ids %u %u, want 5 5", px(6, 2), px(2, 6));
   /* Lines at rows 1 and 5, then a strip of three vertices. */
   pos(&vtx[0], 0, 1.5f, 0), pos(&vtx[1], 8, 1.5f, 0);
   pos(&vtx[2], 0, 5.5f, 0), pos(&vtx[3], 8, 5.5f, 0);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_LINES, 4, 0, &ps), "lines: %s", last_log);
   CHECK(px(3, 1) == 0 && px(3, 5) == 1, "line ids %u %u, want 0 1", px(3, 1), px(3, 5));
   pos(&vtx[0], 0, 1.5f, 0), pos(&vtx[1], 8.5f, 1.5f, 0), pos(&vtx[2], 8.5f, 9.5f, 0);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_LINE_STRIP, 3, 0, &ps), "line strip: %s", last_log);
   CHECK(px(3, 1) == 0 && px(8, 5) == 1, "line strip ids %u %u, want 0 1", px(3, 1), px(8, 5));
   /* Points. */
   pos(&vtx[0], 1.5f, 1.5f, 0), pos(&vtx[1], 3.5f, 1.5f, 0), pos(&vtx[2], 5.5f, 1.5f, 0);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_POINTS, 3, 20, &ps), "points: %s", last_log);
   CHECK(px(1, 1) == 20 && px(3, 1) == 21 && px(5, 1) == 22, "point ids %u %u %u", px(1, 1),
         px(3, 1), px(5, 1));

   /* What a run advances the counter by. */
   static const struct {
      unsigned topology, n, want;
   } counts[] = {
      {NVC597_BEGIN_OP_POINTS, 5, 5},       {NVC597_BEGIN_OP_LINES, 5, 2},
      {NVC597_BEGIN_OP_LINE_STRIP, 4, 3},   {NVC597_BEGIN_OP_LINE_LOOP, 4, 4},
      {NVC597_BEGIN_OP_TRIANGLES, 7, 2},    {NVC597_BEGIN_OP_TRIANGLE_STRIP, 6, 4},
      {NVC597_BEGIN_OP_TRIANGLE_FAN, 5, 3}, {NVC597_BEGIN_OP_QUADS, 9, 2},
      {NVC597_BEGIN_OP_QUAD_STRIP, 7, 2},   {NVC597_BEGIN_OP_POLYGON, 5, 1},
      {NVC597_BEGIN_OP_LINE_STRIP, 1, 0},   {NVC597_BEGIN_OP_TRIANGLE_STRIP, 2, 0},
   };
   for (unsigned i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
      unsigned got = gpu_3d_primitive_count(counts[i].topology, counts[i].n);
      CHECK(got == counts[i].want, "topology %u of %u vertices: %u primitives, want %u",
            counts[i].topology, counts[i].n, got, counts[i].want);
   }

   /* 4. Two-sided colour: with SET_TWO_SIDED_LIGHT a back face's a[0x280]
    * reads the vertex's a[0x2a0] (flat here: the provoking vertex's). */
   static const char *const color[] = {"IPA.CONSTANT R0, a[0x280]", "MOV R1, 0x0", "MOV R2, 0x0",
                                       "MOV R3, 0x0", "EXIT"};
   CHECK(program(color, 5, &ps), "program");
   struct jade_sph_ps h;
   jade_sph_ps_unpack(ps.sph, &h);
   h.imap_color_diffuse_red = JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_CONSTANT;
   jade_sph_ps_pack(ps.sph, &h);
   /* (0,0) (8,0) (0,8) is clockwise on screen (rows down): a back face
    * with OGL_SET_FRONT_FACE CCW; the reverse order is a front face. */
   pos(&vtx[0], 0, 0, 0), pos(&vtx[1], 8, 0, 0), pos(&vtx[2], 0, 8, 0);
   pos(&vtx[3], 0, 0, 0), pos(&vtx[4], 0, 8, 0), pos(&vtx[5], 8, 0, 0);
   for (unsigned i = 0; i < 6; i++)
      vtx[i].a[0x280 / 4] = 1, vtx[i].a[0x2a0 / 4] = 2;
   gpu_test_set(gpu, NVC597_OGL_SET_FRONT_FACE, NVC597_OGL_SET_FRONT_FACE_V_CCW);
   gpu_test_set(gpu, NVC597_SET_TWO_SIDED_LIGHT, 1);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   CHECK(px(1, 1) == 2, "a back face with two-sided light reads the back colour: %u", px(1, 1));
   clear_target();
   vtx[0] = vtx[3], vtx[1] = vtx[4], vtx[2] = vtx[5];
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   CHECK(px(1, 1) == 1, "a front face reads the front colour: %u", px(1, 1));
   gpu_test_set(gpu, NVC597_SET_TWO_SIDED_LIGHT, 0);
   pos(&vtx[0], 0, 0, 0), pos(&vtx[1], 8, 0, 0), pos(&vtx[2], 0, 8, 0);
   vtx[0].a[0x280 / 4] = 1, vtx[0].a[0x2a0 / 4] = 2;
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   CHECK(px(1, 1) == 1, "without two-sided light a back face reads the front colour: %u", px(1, 1));

   /* 5. A screen-linear (noperspective) word across a clip: the vertices
    * (0,0) w 1, (16,0) w 4, (0,16) w 1 carry attr = window x and the
    * distance (8 - x) w, zero where the window x is 8.  The clip point on
    * the first edge is at t = 0.2 in clip space, window x 8: the word must
    * be 8 there (window-space parameter 0.5), so every pixel reads its
    * centre's x; a clip-space blend would give 3.2. */
   static const char *const pass[] = {"IPA.PASS R0, a[0x80]", "MOV R1, 0x0", "MOV R2, 0x0",
                                      "MOV R3, 0x0", "EXIT"};
   CHECK(program(pass, 5, &ps), "program");
   jade_sph_ps_unpack(ps.sph, &h);
   h.generic_imap_x[0] = JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_SCREEN_LINEAR;
   jade_sph_ps_pack(ps.sph, &h);
   const float vx[3] = {0, 16, 0}, vy[3] = {0, 0, 16}, vw[3] = {1, 4, 1};
   for (unsigned i = 0; i < 3; i++) {
      pos(&vtx[i], vx[i], vy[i], 0);
      float p[4] = {(vx[i] - 8) / 8 * vw[i], (vy[i] - 8) / 8 * vw[i], 0, vw[i]};
      memcpy(&vtx[i].a[0x70 / 4], p, sizeof(p));
      vtx[i].a[0x80 / 4] = gpu_test_fu(vx[i]);
      vtx[i].a[CLIPD] = gpu_test_fu((8 - vx[i]) * vw[i]);
   }
   gpu_test_set(gpu, NVC597_SET_USER_CLIP_ENABLE, 1);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   float got[3];
   const unsigned at[3] = {0, 3, 7};
   for (unsigned i = 0; i < 3; i++) {
      uint32_t b = px(at[i], 1);
      memcpy(&got[i], &b, 4);
      CHECK(fabsf(got[i] - (at[i] + 0.5f)) < 1e-3f,
            "noperspective after a clip: pixel (%u, 1) reads %f, want %f", at[i], got[i],
            at[i] + 0.5f);
   }
   gpu_test_set(gpu, NVC597_SET_USER_CLIP_ENABLE, 0);

   /* 6. Depth clipping by GEOMETRY_CLIP: a triangle at clip z = 2 (past
    * far) is cut away with FRUSTUM_XYZ_CLIP; with FRUSTUM_XY_CLIP it is
    * drawn, its depth clamped to the range (PIXEL_MAX_Z CLAMP). */
   CHECK(program(seven, 5, &ps), "program");
   pos(&vtx[0], 0, 0, 0), pos(&vtx[1], 8, 0, 0), pos(&vtx[2], 0, 8, 0);
   for (unsigned i = 0; i < 3; i++)
      vtx[i].a[0x78 / 4] = gpu_test_fu(2.0f);
   const uint32_t ctl = 1 << 3 | 1 << 4 | 1 << 16; /* clamp to [MIN_Z, MAX_Z] */
   gpu_test_set(gpu, NVC597_SET_VIEWPORT_CLIP_CONTROL,
                ctl | NVC597_SET_VIEWPORT_CLIP_CONTROL_GEOMETRY_CLIP_FRUSTUM_XYZ_CLIP << 11);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   CHECK(row(1) == 0, "past far with depth clipping: row 1 0x%x", row(1));
   gpu_test_set(gpu, NVC597_SET_VIEWPORT_CLIP_CONTROL,
                ctl | NVC597_SET_VIEWPORT_CLIP_CONTROL_GEOMETRY_CLIP_FRUSTUM_XY_CLIP << 11);
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   CHECK(px(1, 1) == 7, "past far without depth clipping, clamped: %u", px(1, 1));
   gpu_test_set(gpu, NVC597_SET_VIEWPORT_CLIP_CONTROL, 0);

   /* 7. Polygon offset: a triangle at window z 0.5 with SET_DEPTH_BIAS 2
    * and no zeta target (r = 2^-24): the fragment z read through a[0x78]
    * is 0.5 + 2^-23; SLOPE_SCALE 1 on a plane z = 0.5 + x / 64 adds 1/64. */
   static const char *const zpass[] = {"IPA.PASS R0, a[0x78]", "MOV R1, 0x0", "MOV R2, 0x0",
                                       "MOV R3, 0x0", "EXIT"};
   CHECK(program(zpass, 5, &ps), "program");
   pos(&vtx[0], 0, 0, 0), pos(&vtx[1], 8, 0, 0), pos(&vtx[2], 0, 8, 0);
   gpu_test_set(gpu, NVC597_SET_POLY_OFFSET_FILL, 1);
   gpu_test_set(gpu, NVC597_SET_DEPTH_BIAS, gpu_test_fu(2.0f));
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   uint32_t zb = px(1, 1);
   float z;
   memcpy(&z, &zb, 4);
   CHECK(z == 0.5f + 1.0f / (1 << 23), "units of r: z %.9g", z);
   for (unsigned i = 0; i < 3; i++) /* window z = 0.5 + x / 64: clip z = x / 32 */
      vtx[i].a[0x78 / 4] = gpu_test_fu(i == 1 ? 8.0f / 32 : 0.0f);
   gpu_test_set(gpu, NVC597_SET_DEPTH_BIAS, 0);
   gpu_test_set(gpu, NVC597_SET_SLOPE_SCALE_DEPTH_BIAS, gpu_test_fu(1.0f));
   clear_target();
   CHECK(draw(gpu, NVC597_BEGIN_OP_TRIANGLES, 3, 0, &ps), "draw: %s", last_log);
   zb = px(2, 1);
   memcpy(&z, &zb, 4);
   CHECK(fabsf(z - (0.5f + 2.5f / 64 + 1.0f / 64)) < 1e-6f, "slope: z %.9g, want %.9g", z,
         0.5f + 2.5f / 64 + 1.0f / 64);
   gpu_test_set(gpu, NVC597_SET_SLOPE_SCALE_DEPTH_BIAS, 0);
   gpu_test_set(gpu, NVC597_SET_POLY_OFFSET_FILL, 0);

   /* 8. Point sprites: a 4-pixel point at (8, 8) covers [6, 10); pixel
    * (6, 6)'s centre is 0.5 / 4 into it: a[0x2e0] (s) = 0.125, a[0x2e4]
    * (t) = 0.125 with ORIGIN TOP, 0.875 with BOTTOM. */
   static const char *const sprite[] = {"IPA.PASS R0, a[0x2e0]", "IPA.PASS R1, a[0x2e4]",
                                        "MOV R2, 0x0", "MOV R3, 0x0", "EXIT"};
   CHECK(program(sprite, 5, &ps), "program");
   jade_sph_ps_unpack(ps.sph, &h);
   h.imap_point_sprite_s = h.imap_point_sprite_t = 1;
   h.omap_green[0] = 1;
   jade_sph_ps_pack(ps.sph, &h);
   target(gpu);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_FORMAT(0), NVC597_SET_COLOR_TARGET_FORMAT_V_RF32_GF32);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_WIDTH(0), 128);
   gpu_test_set(gpu, NVC597_SET_POINT_SIZE, gpu_test_fu(4.0f));
   pos(&vtx[0], 8, 8, 0);
   for (unsigned origin = 0; origin < 2; origin++) {
      gpu_test_set(gpu, NVC597_SET_POINT_SPRITE, 1);
      gpu_test_set(gpu, NVC597_SET_POINT_SPRITE_SELECT, origin << 2);
      memset(mem + TARGET, 0, 128 * N);
      CHECK(draw(gpu, NVC597_BEGIN_OP_POINTS, 1, 0, &ps), "draw: %s", last_log);
      float st[2];
      memcpy(st, mem + TARGET + 6 * 128 + 6 * 8, 8);
      const float want_t = origin ? 0.125f : 0.875f;
      CHECK(st[0] == 0.125f && st[1] == want_t, "sprite origin %s: s %g t %g, want 0.125 %g",
            origin ? "TOP" : "BOTTOM", st[0], st[1], want_t);
   }
   gpu_test_set(gpu, NVC597_SET_POINT_SPRITE, 0);
   gpu_test_set(gpu, NVC597_SET_POINT_SIZE, gpu_test_fu(1.0f));

   jade_gpu_destroy(gpu);
   printf("%s\n", failures ? "FAIL" : "PASS");
   return failures != 0;
}
