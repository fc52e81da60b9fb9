/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Small GL programs whose command streams check_streams.py reads back
 * (JADE_DEBUG=pb) for the state they must carry:  test-gl-streams CASE
 * [--pixels] with CASE one of: triangle, indexed-instanced, clear, mrt,
 * textured-quad, compute, indirect, transform-feedback, map-waits, queries.
 *
 * With --pixels (run on the executing shim, ci/with-jade --exec, or on
 * any other GL) the drawing cases also read back what they drew and
 * compare it with values worked out by hand below (pixel_checks); they
 * then clear their targets first, to a background of their own.  Without
 * it a case submits exactly the stream check_streams.py checks.  Exits 0
 * when all is right, 1 (with the first differences) if not.
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include "gl_test_context.h"

static GLuint
shader(GLenum stage, const char *src)
{
   return gl_test_compile(stage, src);
}

static const char *vs_src =
   "#version 330\n"
   "layout(location = 0) in vec4 pos;\n"
   "layout(location = 1) in vec4 color;\n"
   "uniform vec4 offset;\n"
   "out vec4 c;\n"
   "void main() { gl_Position = pos + offset + vec4(float(gl_InstanceID)); c = color; }\n";

static const char *fs_src = "#version 330\n"
                            "in vec4 c;\n"
                            "out vec4 o;\n"
                            "void main() { o = c; }\n";

/* geometry: a passthrough geometry stage (its own copy of the FS reads
 * the GS's output); tessellation: a passthrough TCS with every level 1
 * and a TES interpolating position and colour at gl_TessCoord, which for
 * levels 1 makes the patch's own triangle (its three corners).  Both draw
 * what "triangle" draws. */
static const char *gs_src = "#version 330\n"
                            "layout(triangles) in;\n"
                            "layout(triangle_strip, max_vertices = 3) out;\n"
                            "in vec4 c[];\n"
                            "out vec4 gc;\n"
                            "void main() {\n"
                            "   for (int k = 0; k < 3; k++) {\n"
                            "      gl_Position = gl_in[k].gl_Position;\n"
                            "      gc = c[k];\n"
                            "      EmitVertex();\n"
                            "   }\n"
                            "}\n";

static const char *gs_fs_src = "#version 330\n"
                               "in vec4 gc;\n"
                               "out vec4 o;\n"
                               "void main() { o = gc; }\n";

static const char *tcs_src =
   "#version 330\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "layout(vertices = 3) out;\n"
   "in vec4 c[];\n"
   "out vec4 tc[];\n"
   "void main() {\n"
   "   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
   "   tc[gl_InvocationID] = c[gl_InvocationID];\n"
   "   gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = 1.0;\n"
   "   gl_TessLevelInner[0] = 1.0;\n"
   "}\n";

static const char *tes_src =
   "#version 330\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "layout(triangles, equal_spacing, ccw) in;\n"
   "in vec4 tc[];\n"
   "out vec4 c;\n"
   "void main() {\n"
   "   vec3 w = gl_TessCoord;\n"
   "   gl_Position = w.x * gl_in[0].gl_Position + w.y * gl_in[1].gl_Position +\n"
   "                 w.z * gl_in[2].gl_Position;\n"
   "   c = w.x * tc[0] + w.y * tc[1] + w.z * tc[2];\n"
   "}\n";

/* A program of the VS, the given middle stages (0 ends the list) and a
 * FS, with the VS's offset uniform set as the main program's. */
static GLuint
program_of(const char *fs, GLenum stage0, const char *src0, GLenum stage1, const char *src1)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, shader(GL_VERTEX_SHADER, vs_src));
   if (stage0)
      glAttachShader(p, shader(stage0, src0));
   if (stage1)
      glAttachShader(p, shader(stage1, src1));
   glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
   glLinkProgram(p);
   GLint ok = 0;
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      glGetProgramInfoLog(p, sizeof(log), NULL, log);
      fprintf(stderr, "streams-test: link failed: %s\n", log);
   }
   glUseProgram(p);
   glUniform4f(glGetUniformLocation(p, "offset"), 0.25f, 0.5f, 0.0f, 0.0f);
   return p;
}

/* ---- --pixels: what the drawing cases leave in their targets ----
 *
 * The target is 32 x 32, the viewport too, the scissor x 4..19, y 8..19
 * (window coordinates, rows counted from the bottom as glReadPixels
 * returns them).  The vertex shader adds offset (0.25, 0.5, 0, 0) and
 * gl_InstanceID to every component of the position, w included, so
 * instance i draws pos (x, y) at NDC ((x + 0.25 + i) / (1 + i),
 * (y + 0.5 + i) / (1 + i)) and window 16 * (NDC + 1).  Vertex colours are
 * UNORM bytes, so 255 is exactly 1.0.
 *
 * Where a value is a triangle's interpolated colour at a pixel centre
 * (x + 0.5, y + 0.5), every pixel is compared with the plane of the
 * colours (the barycentric weights below, worked out for each triangle)
 * allowing 1 for rounding, and a few pixels, whose values lie away from
 * .5, are compared exactly with values worked out by hand.  No pixel
 * centre lies on an edge (margins noted where it is close). */

#define SIZE 32

/* What the drawing cases clear their targets to first: (0.2, 0.4, 0.6,
 * 0.8) is 51, 102, 153, 204 in UNORM8, no ties. */
static const float background[4] = {0.2f, 0.4f, 0.6f, 0.8f};
static const GLubyte bg8[4] = {51, 102, 153, 204};

static unsigned wrong;

/* No libm: |v|, and the integer part of v >= 0. */
static double
absd(double v)
{
   return v < 0 ? -v : v;
}

static double
whole(double v)
{
   return (double)(long)v;
}

static void
report(const char *what, unsigned x, unsigned y, const double got[4], const double want[4])
{
   if (wrong++ < 12)
      fprintf(stderr, "streams-test: %s pixel (%u, %u): (%g, %g, %g, %g), want (%g, %g, %g, %g)\n",
              what, x, y, got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
}

/* An RGBA8 pixel against want (0..255, rounded here) within tol. */
static void
expect8(const char *what, const GLubyte *px, unsigned x, unsigned y, const double want[4],
        double tol)
{
   const GLubyte *c = &px[4 * (y * SIZE + x)];
   double got[4], w[4];
   bool bad = false;
   for (unsigned k = 0; k < 4; k++) {
      got[k] = c[k];
      w[k] = whole(want[k] + 0.5);
      bad |= absd(got[k] - w[k]) > tol;
   }
   if (bad)
      report(what, x, y, got, w);
}

static void
expect8_exact(const char *what, const GLubyte *px, unsigned x, unsigned y, GLubyte r, GLubyte g,
              GLubyte b, GLubyte a)
{
   const double want[4] = {r, g, b, a};
   expect8(what, px, x, y, want, 0);
}

static void
read8(GLenum buffer, GLubyte *px)
{
   glReadBuffer(buffer);
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

static bool
in_scissor(unsigned x, unsigned y)
{
   return x >= 4 && x < 20 && y >= 8 && y < 20;
}

/* The triangle of vertices 0, 1, 2 at instance 0: NDC (-0.75, -0.5),
 * (1.25, -0.5), (0.25, 1.5), window A = (4, 8) red, B = (36, 8) green,
 * C = (20, 40) blue.  Its left edge A-C is X = Y / 2: a pixel centre
 * (x + 0.5, y + 0.5) is inside when 2x + 1 > y + 0.5, i.e. y <= 2x (never
 * on it: 2x + 0.5 is no integer); the right edge B-C, X = 40 - Y / 2, is
 * past x = 30 for Y < 20 and the bottom edge Y = 8 the scissor's: in the
 * scissor, rows 8..19 hold x from ceil(y / 2) to 19 (156 pixels,
 * check_exec_queries.py's sample count).  Barycentric weights:
 * C's = (Y - 8) / 32, B's = (X - 4 - 16 C's) / 32 = (X - Y / 2) / 32,
 * A's = 1 - B's - C's; the colour is (255 A's, 255 B's, 255 C's, 255).
 *
 * mrt's and textured-quad's programs leave the offset uniform 0 (only the
 * first program's is set): their triangle is at window A = (0, 0),
 * B = (32, 0), C = (16, 32), whose left edge is the same X = Y / 2 and
 * whose right and bottom edges are outside the scissor: the same pixels,
 * with C's = Y / 32 and B's = (X - 16 C's) / 32 = (X - Y / 2) / 32 as
 * before.  y0: 8 or 0, the row of A and B. */
static bool
triangle_weights(unsigned x, unsigned y, unsigned y0, double l[3])
{
   const double X = x + 0.5, Y = y + 0.5;
   l[2] = (Y - y0) / 32;
   l[1] = (X - Y / 2) / 32;
   l[0] = 1 - l[1] - l[2];
   return in_scissor(x, y) && y <= 2 * x;
}

/* The triangle's image in px, as triangle_weights works it out. */
static void
check_triangle_image(const char *what, const GLubyte *px, unsigned y0)
{
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         double l[3], want[4] = {bg8[0], bg8[1], bg8[2], bg8[3]};
         if (triangle_weights(x, y, y0, l)) {
            want[0] = 255 * l[0];
            want[1] = 255 * l[1];
            want[2] = 255 * l[2];
            want[3] = 255;
         }
         expect8(what, px, x, y, want, 1);
      }
   }
   if (y0 == 8) {
      /* (10, 12): centre (10.5, 12.5): C's 4.5 / 32 = 0.140625 (35.86),
       * B's (10.5 - 6.25) / 32 = 0.1328125 (33.87), A's 0.7265625
       * (185.27).  (18, 18): C's 10.5 / 32 = 0.328125 (83.67), B's
       * (18.5 - 9.25) / 32 = 0.2890625 (73.71), A's 0.3828125 (97.62).
       * (4, 8), the first pixel of the bottom row: C's 0.5 / 32 (3.98),
       * B's 0.25 / 32 (1.99), A's 0.9765625 (249.02). */
      expect8_exact(what, px, 10, 12, 185, 34, 36, 255);
      expect8_exact(what, px, 18, 18, 98, 74, 84, 255);
      expect8_exact(what, px, 4, 8, 249, 2, 4, 255);
   } else {
      /* (4, 8): C's 8.5 / 32 = 17/64 (67.73), B's 0.25 / 32 = 1/128
       * (1.99), A's 93/128 (185.27).  (15, 11): C's 11.5 / 32 = 23/64
       * (91.64), B's (15.5 - 5.75) / 32 = 39/128 (77.70), A's 43/128
       * (85.66).  (6, 10): C's 21/64 (83.67), B's (6.5 - 5.25) / 32 =
       * 5/128 (9.96), A's 81/128 (161.37). */
      expect8_exact(what, px, 4, 8, 185, 2, 68, 255);
      expect8_exact(what, px, 15, 11, 86, 78, 92, 255);
      expect8_exact(what, px, 6, 10, 161, 10, 84, 255);
   }
   /* (4, 9) is outside (9 > 2 * 4: its centre 4.5 is left of the edge's
    * 4.75), (3, 8) and (20, 12) outside the scissor. */
   expect8_exact(what, px, 4, 9, bg8[0], bg8[1], bg8[2], bg8[3]);
   expect8_exact(what, px, 3, 8, bg8[0], bg8[1], bg8[2], bg8[3]);
   expect8_exact(what, px, 20, 12, bg8[0], bg8[1], bg8[2], bg8[3]);
}

/* triangle, indirect and map-waits draw that triangle.  indirect: its
 * first command draws vertices 1..3 (window (36, 8), (20, 40), (36, 40)
 * and, at instance 1, (34, 20), (26, 36), (34, 36)): right of the
 * scissor; its second the 4 vertices from 0 at base instance 5, whose
 * gl_InstanceID is still 0 (the base instance is not added to it): the
 * triangle 0, 1, 2 again, vertex 3 left over.  map-waits draws it twice,
 * the second time with the colours from another buffer of the same bytes. */
static void
check_triangle(void)
{
   GLubyte px[SIZE * SIZE * 4];
   read8(GL_COLOR_ATTACHMENT0, px);
   check_triangle_image("colour", px, 8);
}

/* indexed-instanced: indices 0 1 2 2 1 3 from base vertex 1, 3 instances:
 * triangles (1, 2, 3) and (3, 2, 4).  Instance i is instance 0 scaled by
 * 1 / (1 + i) about window (32, 32) (NDC (1, 1)).  (1, 2, 3) is right of
 * the scissor at every instance: window (36, 8), (20, 40), (36, 40) at
 * instance 0, whose edge 1-2, X = 36 - (Y - 8) / 2, is past 30 below
 * Y = 20, and nearer (32, 32) after.  (3, 2, 4) with vertex 4 at
 * (-3.375, -3.5): vertex 3 (1, 1) colour (9, 9, 9, 9), vertex 2 (0, 1)
 * blue, vertex 4 (255, 160, 0, 255);
 *   instance 0: NDC (1.25, 1.5), (0.25, 1.5), (-3.125, -3)
 *               window (36, 40), (20, 40), (-34, -32);
 *   instance 1: NDC ((1 + 1.25) / 2, (1 + 1.5) / 2) = (1.125, 1.25),
 *               (0.625, 1.25), ((-3.375 + 1.25) / 2, (-3.5 + 1.5) / 2) =
 *               (-1.0625, -1): window (34, 36), (26, 36), (-1, 0);
 *   instance 2: NDC (3.25 / 3, 3.5 / 3), (2.25 / 3, 3.5 / 3),
 *               (-1.125 / 3, -1 / 3): window (33.33, 34.67),
 *               (28, 34.67), (10, 10.67);
 * all three long slivers reaching into the scissor from its lower left,
 * each drawn over the last: in rows 19 to 8 (the first column 4; 0, 1, 2
 * the instance drawn last, . the background)
 *   19 .00000000011122.     13 000001112.......
 *   18 00000000011122..     12 00001112........
 *   17 0000000011122...     11 000011..........
 *   16 000000011122....     10 00011...........
 *   15 00000001112.....      9 0011............
 *   14 0000001112......      8 011.............
 * (the nearest pixel centre to an edge is 0.063 pixel from it). */
static void
check_indexed_instanced(void)
{
   static const double tri[3][3][2] = {
      {{36, 40}, {20, 40}, {-34, -32}},
      {{34, 36}, {26, 36}, {-1, 0}},
      {{100.0 / 3, 104.0 / 3}, {28, 104.0 / 3}, {10, 32.0 / 3}},
   };
   static const double colour[3][4] = {{9, 9, 9, 9}, {0, 0, 255, 255}, {255, 160, 0, 255}};
   GLubyte px[SIZE * SIZE * 4];
   read8(GL_COLOR_ATTACHMENT0, px);
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         double want[4] = {bg8[0], bg8[1], bg8[2], bg8[3]}, l[3];
         for (unsigned i = 0; i < 3; i++) {
            if (in_scissor(x, y) && gl_test_barycentric(tri[i], x + 0.5, y + 0.5, l)) {
               for (unsigned k = 0; k < 4; k++)
                  want[k] = l[0] * colour[0][k] + l[1] * colour[1][k] + l[2] * colour[2][k];
            }
         }
         expect8("colour", px, x, y, want, 1);
      }
   }
   /* Weights of (3, 2, 4), from the edge functions of the window
    * vertices above (worked out as fractions):
    *   (10, 16), instance 0: (65/128, 191/1152, 47/144): R = 9 * 65/128 +
    *     255 * 47/144 = 87.80, G = 9 * 65/128 + 160 * 47/144 = 56.79,
    *     B = 9 * 65/128 + 255 * 191/1152 = 46.85, A = 9 * 65/128 +
    *     255 * (191/1152 + 47/144) = 130.08;
    *   (11, 15), instance 1: (7/64, 185/576, 41/72): R = 9 * 7/64 +
    *     255 * 41/72 = 146.19, G = 0.98 + 160 * 41/72 = 92.10,
    *     B = 0.98 + 255 * 185/576 = 82.89, A = 0.98 + 255 * (185/576 +
    *     41/72) = 228.09;
    *   (15, 16), instance 2: (27/128, 37/1152, 109/144): R = 1.90 +
    *     255 * 109/144 = 194.92, G = 1.90 + 160 * 109/144 = 123.01,
    *     B = 1.90 + 255 * 37/1152 = 10.09, A = 1.90 + 255 * (37/1152 +
    *     109/144) = 203.11. */
   expect8_exact("colour", px, 10, 16, 88, 57, 47, 130);
   expect8_exact("colour", px, 11, 15, 146, 92, 83, 228);
   expect8_exact("colour", px, 15, 16, 195, 123, 10, 203);
   /* Row 19's first pixel: instance 0's edge 2-4 passes it. */
   expect8_exact("colour", px, 4, 19, bg8[0], bg8[1], bg8[2], bg8[3]);
}

/* clear: everything (0.25, 0.5, 0.75, 1): 63.75, 127.5, 191.25, 255 in
 * UNORM8, the green a tie (0.5 is the stream's value; either neighbour is
 * right); then the scissor (8, 4, 16, 8), x 8..23, y 4..11, red.  Depth
 * 0.5 and stencil 0x5a everywhere (D24: 0.5 * (2^24 - 1) is a tie too,
 * read back as a float within 1e-6). */
static void
check_clear(void)
{
   GLubyte px[SIZE * SIZE * 4];
   read8(GL_COLOR_ATTACHMENT0, px);
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         const bool red = x >= 8 && x < 24 && y >= 4 && y < 12;
         const double want[4] = {red ? 255 : 64, red ? 0 : 127.5, red ? 0 : 191, 255};
         /* 127.5 +- 0.5: 127 or 128. */
         const GLubyte *c = &px[4 * (y * SIZE + x)];
         double got[4] = {c[0], c[1], c[2], c[3]};
         bool bad = false;
         for (unsigned k = 0; k < 4; k++)
            bad |= absd(got[k] - want[k]) > (red || k != 1 ? 0 : 0.5);
         if (bad)
            report("colour", x, y, got, want);
      }
   }
   static float depth[SIZE * SIZE];
   static GLubyte stencil[SIZE * SIZE];
   glReadPixels(0, 0, SIZE, SIZE, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
   glReadPixels(0, 0, SIZE, SIZE, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, stencil);
   for (unsigned i = 0; i < SIZE * SIZE; i++) {
      if (absd(depth[i] - 0.5) > 1e-6 || stencil[i] != 0x5a) {
         const double got[4] = {depth[i], stencil[i], 0, 0}, want[4] = {0.5, 0x5a, 0, 0};
         report("depth, stencil", i % SIZE, i / SIZE, got, want);
      }
   }
}

/* mrt: the offset-0 triangle (triangle_weights, y0 0) through three
 * outputs: o0 = c to the RGBA8 target, o1 = 2 c to layer 2 of level 1 of
 * the RGBA16F array (unclamped: a float target), o2 = uint(255 c.x),
 * truncated, to R32UI. */
static void
check_mrt(void)
{
   GLubyte px[SIZE * SIZE * 4];
   read8(GL_COLOR_ATTACHMENT0, px);
   check_triangle_image("target 0", px, 0);

   static float f[SIZE * SIZE * 4];
   static GLuint u[SIZE * SIZE];
   glReadBuffer(GL_COLOR_ATTACHMENT1);
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_FLOAT, f);
   glReadBuffer(GL_COLOR_ATTACHMENT2);
   glReadPixels(0, 0, SIZE, SIZE, GL_RED_INTEGER, GL_UNSIGNED_INT, u);
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         double l[3], want[4] = {background[0], background[1], background[2], background[3]};
         double uwant = 7;
         const bool in = triangle_weights(x, y, 0, l);
         if (in) {
            want[0] = 2 * l[0];
            want[1] = 2 * l[1];
            want[2] = 2 * l[2];
            want[3] = 2;
            uwant = whole(255 * l[0]);
         }
         /* Half floats: 11 significant bits, 2^-10 of 2 at most. */
         const float *g = &f[4 * (y * SIZE + x)];
         const double got[4] = {g[0], g[1], g[2], g[3]};
         bool bad = false;
         for (unsigned k = 0; k < 4; k++)
            bad |= absd(got[k] - want[k]) > 2.5e-3;
         if (bad)
            report("target 1 (RGBA16F)", x, y, got, want);
         /* 255 c.x within 1 of the plane's (truncation of a rounded
          * interpolation). */
         if (absd(u[y * SIZE + x] - uwant) > (in ? 1 : 0)) {
            const double ug[4] = {u[y * SIZE + x]}, uw[4] = {uwant};
            report("target 2 (R32UI)", x, y, ug, uw);
         }
      }
   }
   /* (15, 11): 2 c = 2 (43/128, 39/128, 23/64, 1) = (0.671875,
    * 0.609375, 0.71875, 2), each exact in a half float; 255 c.x = 85.66:
    * 85 (truncated, not rounded).  (4, 8): 255 * 93/128 = 185.27: 185. */
   const float *g = &f[4 * (11 * SIZE + 15)];
   if (g[0] != 0.671875f || g[1] != 0.609375f || g[2] != 0.71875f || g[3] != 2.0f) {
      const double got[4] = {g[0], g[1], g[2], g[3]}, want[4] = {0.671875, 0.609375, 0.71875, 2};
      report("target 1 (RGBA16F), exactly", 15, 11, got, want);
   }
   if (u[11 * SIZE + 15] != 85 || u[8 * SIZE + 4] != 185) {
      const double got[4] = {u[11 * SIZE + 15], u[8 * SIZE + 4]}, want[4] = {85, 185};
      report("target 2 (R32UI) at (15, 11) and (4, 8)", 0, 0, got, want);
   }
}

/* textured-quad's texture: every level of the 64 x 64 RGBA8 texture in
 * four regions split at s = 0.5, t = 0.25 (texel centres: columns of
 * levels 0..5 and rows of levels 0..4 split exactly; the rest follow
 * their texels' centres), so that a lookup whose filter footprint stays inside
 * one region reads that region's colour exactly, whatever the level. */
static const GLubyte region[2][2][4] = {
   /* t < 0.25: s < 0.5, s >= 0.5 */
   {{200, 30, 60, 255}, {30, 200, 90, 255}},
   /* t >= 0.25 */
   {{120, 60, 220, 255}, {240, 240, 20, 255}},
};

static void
texture_pattern(unsigned n, GLubyte *texels)
{
   for (unsigned j = 0; j < n; j++) {
      for (unsigned i = 0; i < n; i++) {
         const double s = (i + 0.5) / n, t = (j + 0.5) / n;
         memcpy(&texels[4 * (j * n + i)], region[t >= 0.25][s >= 0.5], 4);
      }
   }
}

/* textured-quad: the strip's first triangle is the offset-0 one
 * (triangle_weights, y0 0), its second (vertices 2, 1, 3) right of the
 * scissor.  The coordinates are c.xy: s = A's weight, t = B's.  Across the triangle s falls by 1/32 a
 * pixel in x and 1/64 in y, t rises by 1/32 in x and falls by 1/64 in y:
 * 2 and 1.4 texels of level 0 a pixel, LOD log2(2 sqrt(2)) = 1.5, levels
 * 1 and 2 blended.  A bilinear footprint of level 3 reaches half a texel,
 * 1/16, from the coordinate: pixels whose s and t lie 0.07 or more from
 * the splits read their region's colour exactly (84 of the 156, in three
 * regions); the others, a mix of two or four, are drawn (alpha 255)
 * with each component between the regions'. */
static void
check_textured_quad(void)
{
   GLubyte px[SIZE * SIZE * 4];
   read8(GL_COLOR_ATTACHMENT0, px);
   unsigned exact = 0;
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         double l[3];
         if (!triangle_weights(x, y, 0, l)) {
            const double want[4] = {bg8[0], bg8[1], bg8[2], bg8[3]};
            expect8("texture", px, x, y, want, 0);
            continue;
         }
         const double s = l[0], t = l[1];
         if (absd(s - 0.5) >= 0.07 && absd(t - 0.25) >= 0.07) {
            const GLubyte *r = region[t >= 0.25][s >= 0.5];
            const double want[4] = {r[0], r[1], r[2], r[3]};
            expect8("texture", px, x, y, want, 0);
            exact++;
         } else {
            const GLubyte *c = &px[4 * (y * SIZE + x)];
            bool bad = c[3] != 255;
            for (unsigned k = 0; k < 3; k++) {
               const GLubyte lo = 30, hi = 240; /* the regions' extremes */
               bad |= c[k] < lo || c[k] > hi;
            }
            if (bad) {
               const double got[4] = {c[0], c[1], c[2], c[3]}, want[4] = {-1, -1, -1, 255};
               report("texture (a mix, between the regions)", x, y, got, want);
            }
         }
      }
   }
   /* (6, 9): centre (6.5, 9.5): C's 9.5 / 32 = 0.296875, B's (6.5 -
    * 4.75) / 32 = 0.0546875 = t, s = 1 - 0.0546875 - 0.296875 =
    * 0.6484375: region (s >= 0.5, t < 0.25).  (10, 17): C's 17.5 / 32 =
    * 0.546875, B's (10.5 - 8.75) / 32 = 0.0546875, s = 0.3984375: region
    * (s < 0.5, t < 0.25).  (19, 12): C's 12.5 / 32 = 0.390625, B's
    * (19.5 - 6.25) / 32 = 0.4140625, s = 0.1953125: region (s < 0.5,
    * t >= 0.25).  The regions' pixels, rows 19 down to 8 from column 4
    * (0: s < 0.5, t < 0.25; 1: s >= 0.5, t < 0.25; 2: s < 0.5, t >= 0.25;
    * ?: a mix; .: outside):
    *   19 ......000000????     13 ...????00????222
    *   18 .....000000????2     12 ..11????????2222
    *   17 .....000000????2     11 ..11????????2222
    *   16 ....??0000????22     10 .1111??????22222
    *   15 ....??0000????22      9 .1111??????22222
    *   14 ...????00????222      8 111111????222222 */
   expect8_exact("texture", px, 6, 9, 30, 200, 90, 255);
   expect8_exact("texture", px, 10, 17, 200, 30, 60, 255);
   expect8_exact("texture", px, 19, 12, 120, 60, 220, 255);
   if (exact != 84) {
      fprintf(stderr, "streams-test: %u pixels read one region, 84 worked out\n", exact);
      wrong++;
   }
}

/* The --pixels check of a drawing case: 0 when it drew what it should. */
static int
pixel_checks(const char *which)
{
   static const struct {
      const char *name;
      void (*check)(void);
   } cases[] = {
      {"triangle", check_triangle},
      {"indexed-instanced", check_indexed_instanced},
      {"clear", check_clear},
      {"mrt", check_mrt},
      {"textured-quad", check_textured_quad},
      {"indirect", check_triangle},
      {"map-waits", check_triangle},
      {"geometry", check_triangle},
      {"tessellation", check_triangle},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      if (!strcmp(which, cases[i].name)) {
         cases[i].check();
         fprintf(stderr, "streams-test: %s pixels on %s: %u wrong\n", which,
                 (const char *)glGetString(GL_RENDERER), wrong);
         return wrong != 0;
      }
   }
   fprintf(stderr, "streams-test: case %s draws nothing to check with --pixels\n", which);
   return 1;
}

int
main(int argc, char **argv)
{
   const char *which = argc > 1 ? argv[1] : "";
   const bool pixels = argc > 2 && !strcmp(argv[2], "--pixels");
   if (!gl_test_context_create(3, 3, true))
      return 1;
   GLuint fb, rb, vao, vbo[2], ibo;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 32, 32);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glViewport(0, 0, 32, 32);
   glEnable(GL_SCISSOR_TEST);
   glScissor(4, 8, 16, 12);

   GLuint prog = glCreateProgram();
   glAttachShader(prog, shader(GL_VERTEX_SHADER, vs_src));
   glAttachShader(prog, shader(GL_FRAGMENT_SHADER, fs_src));
   glLinkProgram(prog);
   glUseProgram(prog);
   glUniform4f(glGetUniformLocation(prog, "offset"), 0.25f, 0.5f, 0.0f, 0.0f);

   /* Vertex 4 is what indexed-instanced's base vertex 1 reaches with its
    * last index (3 + 1); it is drawn only there. */
   static const float pos[] = {-1, -1, 0, 1, 1, -1, 0,       1,     0, 1,
                               0,  1,  1, 1, 0, 1,  -3.375f, -3.5f, 0, 1};
   static const unsigned char color[] = {255, 0,   0, 255, 0, 255, 0,   255, 0, 0,
                                         255, 255, 9, 9,   9, 9,   255, 160, 0, 255};
   static const unsigned short idx[] = {0, 1, 2, 2, 1, 3};
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(2, vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo[0]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(pos), pos, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 16, NULL);
   glEnableVertexAttribArray(0);
   glBindBuffer(GL_ARRAY_BUFFER, vbo[1]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(color), color, GL_STATIC_DRAW);
   glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 4, NULL);
   glEnableVertexAttribArray(1);

   if (pixels) {
      glDisable(GL_SCISSOR_TEST);
      glClearColor(background[0], background[1], background[2], background[3]);
      glClear(GL_COLOR_BUFFER_BIT);
      glEnable(GL_SCISSOR_TEST);
   }
   fprintf(stderr, "streams-test: case %s\n", which);
   if (!strcmp(which, "triangle")) {
      glDrawArrays(GL_TRIANGLES, 0, 3);
   } else if (!strcmp(which, "geometry")) {
      /* With the geometry stage, then without: its slot goes off again. */
      program_of(gs_fs_src, GL_GEOMETRY_SHADER, gs_src, 0, NULL);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glUseProgram(prog);
      glDrawArrays(GL_TRIANGLES, 0, 3);
   } else if (!strcmp(which, "tessellation")) {
      program_of(fs_src, GL_TESS_CONTROL_SHADER, tcs_src, GL_TESS_EVALUATION_SHADER, tes_src);
      glPatchParameteri(GL_PATCH_VERTICES, 3);
      glDrawArrays(GL_PATCHES, 0, 3);
      glUseProgram(prog);
      glDrawArrays(GL_TRIANGLES, 0, 3);
   } else if (!strcmp(which, "indexed-instanced")) {
      glGenBuffers(1, &ibo);
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
      glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
      glDrawElementsInstancedBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 3, 1);
   } else if (!strcmp(which, "clear")) {
      /* Colour + packed depth/stencil, then a scissored colour clear. */
      GLuint zs;
      glGenRenderbuffers(1, &zs);
      glBindRenderbuffer(GL_RENDERBUFFER, zs);
      glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 32, 32);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, zs);
      glDisable(GL_SCISSOR_TEST);
      glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
      glClearDepth(0.5);
      glClearStencil(0x5a);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
      glEnable(GL_SCISSOR_TEST);
      glScissor(8, 4, 16, 8);
      glClearColor(1, 0, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
   } else if (!strcmp(which, "mrt")) {
      /* Three targets of different formats, the second one a layer of a
       * mipmapped array texture, drawn by one fragment shader. */
      GLuint tex[2];
      glGenTextures(2, tex);
      glBindTexture(GL_TEXTURE_2D_ARRAY, tex[0]);
      glTexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA16F, 64, 64, 4);
      glBindTexture(GL_TEXTURE_2D, tex[1]);
      glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, 32, 32);
      glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, tex[0], 1, 2);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT2, GL_TEXTURE_2D, tex[1], 0);
      const GLenum bufs[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2};
      glDrawBuffers(3, bufs);
      if (pixels) {
         static const GLuint seven[4] = {7};
         glDisable(GL_SCISSOR_TEST);
         glClearBufferfv(GL_COLOR, 1, background);
         glClearBufferuiv(GL_COLOR, 2, seven);
         glEnable(GL_SCISSOR_TEST);
      }
      GLuint mrt = glCreateProgram();
      glAttachShader(mrt, shader(GL_VERTEX_SHADER, vs_src));
      glAttachShader(mrt,
                     shader(GL_FRAGMENT_SHADER,
                            "#version 330\n"
                            "in vec4 c;\n"
                            "layout(location = 0) out vec4 o0;\n"
                            "layout(location = 1) out vec4 o1;\n"
                            "layout(location = 2) out uint o2;\n"
                            "void main() { o0 = c; o1 = c * 2.0; o2 = uint(c.x * 255.0); }\n"));
      glLinkProgram(mrt);
      glUseProgram(mrt);
      glDrawArrays(GL_TRIANGLES, 0, 3);
   } else if (!strcmp(which, "msaa")) {
      /* A 4x renderbuffer, glSampleMaski 0x5, every sample shaded apart:
       * the mode, the mask, the passes and the positions in the stream. */
      GLuint ms;
      glGenRenderbuffers(1, &ms);
      glBindRenderbuffer(GL_RENDERBUFFER, ms);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 32, 32);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, ms);
      glEnable(GL_SAMPLE_MASK);
      glSampleMaski(0, 0x5);
      glEnable(GL_SAMPLE_SHADING_ARB);
      PFNGLMINSAMPLESHADINGARBPROC min_sample_shading =
         (PFNGLMINSAMPLESHADINGARBPROC)eglGetProcAddress("glMinSampleShadingARB");
      min_sample_shading(1.0f);
      glDrawArrays(GL_TRIANGLES, 0, 3);
   } else if (!strcmp(which, "textured-quad")) {
      /* A mipmapped 64x64 RGBA8 texture, trilinear, clamped, sampled by the
       * fragment shader of a two-triangle strip; every level in four
       * regions (texture_pattern). */
      static unsigned char texels[64 * 64 * 4];
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexStorage2D(GL_TEXTURE_2D, 7, GL_RGBA8, 64, 64);
      for (unsigned level = 0; level < 7; level++) {
         texture_pattern(64 >> level, texels);
         glTexSubImage2D(GL_TEXTURE_2D, level, 0, 0, 64 >> level, 64 >> level, GL_RGBA,
                         GL_UNSIGNED_BYTE, texels);
      }
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
      GLuint tp = glCreateProgram();
      glAttachShader(tp, shader(GL_VERTEX_SHADER, vs_src));
      glAttachShader(tp, shader(GL_FRAGMENT_SHADER, "#version 330\n"
                                                    "uniform sampler2D t;\n"
                                                    "in vec4 c;\n"
                                                    "out vec4 o;\n"
                                                    "void main() { o = texture(t, c.xy); }\n"));
      glLinkProgram(tp);
      glUseProgram(tp);
      glUniform1i(glGetUniformLocation(tp, "t"), 0);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   } else if (!strcmp(which, "compute")) {
      /* Shared memory, a barrier, a storage buffer, a uniform and the
       * work group count, dispatched as 3 x 2 groups of 64 x 2. */
      GLuint cs = shader(GL_COMPUTE_SHADER, gl_test_shared_cs);
      GLuint cp = glCreateProgram();
      glAttachShader(cp, cs);
      glLinkProgram(cp);
      glUseProgram(cp);
      glUniform1ui(glGetUniformLocation(cp, "k"), 3);
      GLuint ssbo;
      glGenBuffers(1, &ssbo);
      glBindBuffer(GL_SHADER_STORAGE_BUFFER, ssbo);
      glBufferData(GL_SHADER_STORAGE_BUFFER, 3 * 2 * 128 * 4, NULL, GL_DYNAMIC_COPY);
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, ssbo);
      glDispatchCompute(3, 2, 1);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
   } else if (!strcmp(which, "indirect")) {
      /* Two draws from an indirect buffer: 3 vertices x 2 instances from
       * vertex 1, then 4 vertices x 1 instance (base instance 5). */
      static const GLuint cmds[] = {3, 2, 1, 0, 4, 1, 0, 5};
      GLuint ib;
      glGenBuffers(1, &ib);
      glBindBuffer(GL_DRAW_INDIRECT_BUFFER, ib);
      glBufferData(GL_DRAW_INDIRECT_BUFFER, sizeof(cmds), cmds, GL_STATIC_DRAW);
      glMultiDrawArraysIndirect(GL_TRIANGLES, NULL, 2, 16);
   } else if (!strcmp(which, "transform-feedback")) {
      /* gl_Position and c captured interleaved into one buffer, then the
       * captured vertices drawn again (glDrawTransformFeedback). */
      GLuint xp = glCreateProgram();
      glAttachShader(xp, shader(GL_VERTEX_SHADER, vs_src));
      glAttachShader(xp, shader(GL_FRAGMENT_SHADER, fs_src));
      const char *varyings[] = {"gl_Position", "c"};
      glTransformFeedbackVaryings(xp, 2, varyings, GL_INTERLEAVED_ATTRIBS);
      glLinkProgram(xp);
      glUseProgram(xp);
      GLuint tfb, xfb;
      glGenBuffers(1, &tfb);
      glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, tfb);
      glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 4096, NULL, GL_STREAM_COPY);
      glGenTransformFeedbacks(1, &xfb);
      glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb);
      glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, tfb);
      GLuint tq[3];
      glGenQueries(3, tq);
      glBeginQuery(GL_PRIMITIVES_GENERATED, tq[0]);
      glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, tq[1]);
      glBeginTransformFeedback(GL_TRIANGLES);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glEndTransformFeedback();
      glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
      glEndQuery(GL_PRIMITIVES_GENERATED);
      glBeginQuery(GL_SAMPLES_PASSED, tq[2]);
      glDrawTransformFeedback(GL_TRIANGLES, xfb);
      glEndQuery(GL_SAMPLES_PASSED);
      /* What was captured and counted (--exec: tests/gl/check_exec_queries.py). */
      GLuint generated = 9, written = 9, samples = 9;
      glGetQueryObjectuiv(tq[0], GL_QUERY_RESULT, &generated);
      glGetQueryObjectuiv(tq[1], GL_QUERY_RESULT, &written);
      glGetQueryObjectuiv(tq[2], GL_QUERY_RESULT, &samples);
      float got[24] = {0};
      glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(got), got);
      fprintf(stderr, "streams-test: xfb generated %u written %u samples %u words", generated,
              written, samples);
      for (unsigned i = 0; i < 24; i++)
         fprintf(stderr, " %g", got[i]);
      fprintf(stderr, "\n");
   } else if (!strcmp(which, "map-waits")) {
      /* A map waits for (and submits) only the batch that last used the
       * buffer: vbo[1] is drawn from in batch 1, submitted by glFlush;
       * batch 2 draws from a new buffer.  Mapping vbo[1]'s data must not
       * submit batch 2; mapping the new one must. */
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glFlush();
      GLuint other;
      glGenBuffers(1, &other);
      glBindBuffer(GL_ARRAY_BUFFER, other);
      glBufferData(GL_ARRAY_BUFFER, sizeof(color), color, GL_STATIC_DRAW);
      glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 4, NULL);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      fprintf(stderr, "streams-test: mark map-old\n");
      glBindBuffer(GL_ARRAY_BUFFER, vbo[1]);
      void *m = glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT);
      glUnmapBuffer(GL_ARRAY_BUFFER);
      fprintf(stderr, "streams-test: mark map-new\n");
      glBindBuffer(GL_ARRAY_BUFFER, other);
      void *n = glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT);
      glUnmapBuffer(GL_ARRAY_BUFFER);
      fprintf(stderr, "streams-test: mark done %d\n", m != NULL && n != NULL);
   } else if (!strcmp(which, "queries")) {
      /* An occlusion query around a draw, a draw conditional on it, a
       * time-elapsed query and a timestamp; a draw conditional on an
       * empty query; results read back (the noop shim completes every
       * submission: the reports are zero). */
      GLuint q[6];
      glGenQueries(6, q);
      glBeginQuery(GL_SAMPLES_PASSED, q[0]);
      glBeginQuery(GL_TIME_ELAPSED, q[1]);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glEndQuery(GL_TIME_ELAPSED);
      glEndQuery(GL_SAMPLES_PASSED);
      glBeginConditionalRender(q[0], GL_QUERY_WAIT);
      glBeginQuery(GL_SAMPLES_PASSED, q[3]);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glEndQuery(GL_SAMPLES_PASSED);
      glEndConditionalRender();
      glQueryCounter(q[2], GL_TIMESTAMP);
      glBeginQuery(GL_SAMPLES_PASSED, q[4]);
      glEndQuery(GL_SAMPLES_PASSED);
      glBeginConditionalRender(q[4], GL_QUERY_WAIT);
      glBeginQuery(GL_SAMPLES_PASSED, q[5]);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glEndQuery(GL_SAMPLES_PASSED);
      glEndConditionalRender();
      GLuint64 samples = 1, elapsed = 1, stamp = 1, rendered = 1, skipped = 1;
      glGetQueryObjectui64v(q[0], GL_QUERY_RESULT, &samples);
      glGetQueryObjectui64v(q[1], GL_QUERY_RESULT, &elapsed);
      glGetQueryObjectui64v(q[2], GL_QUERY_RESULT, &stamp);
      glGetQueryObjectui64v(q[3], GL_QUERY_RESULT, &rendered);
      glGetQueryObjectui64v(q[5], GL_QUERY_RESULT, &skipped);
      fprintf(stderr,
              "streams-test: samples %llu elapsed %llu timestamp %llu "
              "conditional %llu skipped %llu\n",
              (unsigned long long)samples, (unsigned long long)elapsed, (unsigned long long)stamp,
              (unsigned long long)rendered, (unsigned long long)skipped);
   } else {
      fprintf(stderr, "unknown case %s\n", which);
      return 1;
   }
   if (pixels) {
      const int bad = pixel_checks(which);
      const int errors = gl_test_context_finish();
      return bad ? 1 : errors;
   }
   return gl_test_context_finish();
}
