/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Fragment-stage semantics the hardware decides, drawn on the executing
 * shim and read back: test-gl-exec-fragment CASE, CASE one of
 *   discard-loop     pixels that discard before a loop that would never
 *                    end for them (KILL demotes on the hardware: a
 *                    discard must also end the invocation), and a
 *                    storage-buffer count after a discard (stores of
 *                    discarded invocations have no effect);
 *   store-only       a fragment shader with no outputs whose only effect
 *                    is a storage-buffer atomic and an image store (the
 *                    header must say it stores, or the hardware need not
 *                    run it);
 *   point-coord-w    gl_PointCoord of point sprites drawn with w = 2 and
 *                    w = 0.25 (window-space coordinates, GL 4.6 14.4.1:
 *                    not divided by w);
 *   frag-coord-w     gl_FragCoord.w of a triangle with w = 2, 4 and 0.5 at
 *                    its vertices: 1 / w_clip, interpolated as GL 14.6.2
 *                    says (GL 4.6 15.2.2);
 *   centroid-w       a centroid input, 1 at every vertex, of a triangle
 *                    with w = 2, 4 and 0.5 on a 4-sample target: 1 at
 *                    every pixel, edge pixels too (the input and 1/w
 *                    interpolated at the same place).
 * All on a 16 x 16 framebuffer; every pixel checked against GL's
 * formulas.  Exits 0 when all are right, 1 (with the first wrong ones).
 */

#define GL_GLEXT_PROTOTYPES 1

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include "gl_test_context.h"

#define SIZE 16

static GLuint
program(const char *vs, const char *fs)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, gl_test_compile(GL_VERTEX_SHADER, vs));
   glAttachShader(p, gl_test_compile(GL_FRAGMENT_SHADER, fs));
   glBindAttribLocation(p, 0, "pos");
   return gl_test_link(p);
}

/* An RGBA32F framebuffer of SIZE x SIZE, cleared to `clear`; the vertex
 * array holds `count` vec4 positions. */
static void
target(const float *verts, unsigned count, float clear)
{
   gl_test_draw_target(GL_RGBA32F, SIZE, verts, count, clear);
}

/* A one-word storage buffer at binding 0, holding 0. */
static GLuint
counter_buffer(void)
{
   GLuint b = gl_test_storage(1);
   static const GLuint zero = 0;
   glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &zero);
   return b;
}

/* The buffer's word after the shaders' writes. */
static GLuint
counter_value(GLuint b)
{
   glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   GLuint v = 0;
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &v);
   return v;
}

static void
read_target(float px[SIZE * SIZE][4])
{
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_FLOAT, px);
}

static bool
near(float got, double want, double tol)
{
   return fabs(got - want) <= tol;
}

static const float quad[] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1, 1, 1, 0, 1};

static const char *const pass_vs = "#version 330\n"
                                   "in vec4 pos;\n"
                                   "void main() { gl_Position = pos; }\n";

/* Left half: discard, then a loop that would never end for those
 * pixels (n < 0) had the discard not ended them; right half: the loop's
 * count is written.  Pixels in the top rows discard before an atomic: the
 * count holds the others. */
static const char *const discard_fs = "#version 330\n"
                                      "#extension GL_ARB_shader_storage_buffer_object : require\n"
                                      "layout(std430) buffer counter { uint count; };\n"
                                      "out vec4 color;\n"
                                      "void main() {\n"
                                      "   int x = int(gl_FragCoord.x), y = int(gl_FragCoord.y);\n"
                                      "   if (y >= 12)\n"
                                      "      discard;\n"
                                      "   atomicAdd(count, 1u);\n"
                                      "   int n = x - 8;\n"
                                      "   if (n < 0)\n"
                                      "      discard;\n"
                                      "   int i = 0;\n"
                                      "   while (i != n)\n"
                                      "      i += 1;\n"
                                      "   color = vec4(float(i), 1.0, 0.0, 1.0);\n"
                                      "}\n";

static int
discard_loop(void)
{
   if (!program(pass_vs, discard_fs))
      return 1;
   target(quad, 4, 0.5f);
   GLuint counter = counter_buffer();
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   float px[SIZE * SIZE][4];
   read_target(px);
   unsigned bad = 0;
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         const float *c = px[y * SIZE + x];
         const bool kept = y < 12 && x >= 8;
         const float want_r = kept ? (float)(x - 8) : 0.5f, want_g = kept ? 1.0f : 0.5f;
         if ((c[0] != want_r || c[1] != want_g) && bad++ < 8)
            fprintf(stderr, "pixel (%u, %u): (%g, %g), want (%g, %g)\n", x, y, c[0], c[1], want_r,
                    want_g);
      }
   }
   const GLuint count = counter_value(counter);
   if (count != 12 * SIZE) {
      fprintf(stderr, "count %u, want %u (the discarded pixels' atomics had an effect?)\n", count,
              12 * SIZE);
      bad++;
   }
   fprintf(stderr, "exec-test: %u of %u wrong\n", bad, SIZE * SIZE + 1);
   return bad != 0;
}

/* No colour output: every pixel counts itself and stores its position. */
static const char *const store_fs = "#version 330\n"
                                    "#extension GL_ARB_shader_storage_buffer_object : require\n"
                                    "#extension GL_ARB_shader_image_load_store : require\n"
                                    "layout(std430) buffer counter { uint count; };\n"
                                    "layout(r32ui) uniform writeonly uimage2D img;\n"
                                    "void main() {\n"
                                    "   ivec2 p = ivec2(gl_FragCoord.xy);\n"
                                    "   atomicAdd(count, 1u);\n"
                                    "   imageStore(img, p, uvec4(uint(p.y * 100 + p.x + 1)));\n"
                                    "}\n";

static int
store_only(void)
{
   GLuint p = program(pass_vs, store_fs);
   if (!p)
      return 1;
   target(quad, 4, 0.0f);
   GLuint counter = counter_buffer();
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, SIZE, SIZE);
   static GLuint zero[SIZE * SIZE];
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, SIZE, SIZE, GL_RED_INTEGER, GL_UNSIGNED_INT, zero);
   glBindImageTexture(0, tex, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
   glUniform1i(glGetUniformLocation(p, "img"), 0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
   unsigned bad = 0;
   const GLuint count = counter_value(counter);
   if (count != SIZE * SIZE) {
      fprintf(stderr, "count %u, want %u\n", count, SIZE * SIZE);
      bad++;
   }
   static GLuint got[SIZE * SIZE];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
   for (unsigned i = 0; i < SIZE * SIZE; i++) {
      GLuint want = (i / SIZE) * 100 + i % SIZE + 1;
      if (got[i] != want && bad++ < 8)
         fprintf(stderr, "texel (%u, %u): %u, want %u\n", i % SIZE, i / SIZE, got[i], want);
   }
   fprintf(stderr, "exec-test: %u of %u wrong\n", bad, SIZE * SIZE + 1);
   return bad != 0;
}

/* Two 8-pixel point sprites at w = 2 and w = 0.25, centred on pixel
 * corners (4, 8) and (12, 8) of the window. */
static const char *const point_vs = "#version 330\n"
                                    "in vec4 pos;\n"
                                    "void main() { gl_Position = pos; gl_PointSize = 8.0; }\n";
static const char *const point_fs = "#version 330\n"
                                    "out vec4 color;\n"
                                    "void main() { color = vec4(gl_PointCoord, 0.0, 1.0); }\n";

static int
point_coord_w(void)
{
   if (!program(point_vs, point_fs))
      return 1;
   static const float pts[] = {-0.5f * 2, 0, 0, 2, 0.5f * 0.25f, 0, 0, 0.25f};
   target(pts, 2, 0.5f);
   glEnable(GL_PROGRAM_POINT_SIZE);
   glDrawArrays(GL_POINTS, 0, 2);
   float px[SIZE * SIZE][4];
   read_target(px);
   unsigned bad = 0;
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         const float *c = px[y * SIZE + x];
         const unsigned cx = x < 8 ? 4 : 12;
         const bool inside = y >= 4 && y < 12 && x + 4 >= cx && x < cx + 4;
         /* GL 4.6 14.4.1: s = 1/2 + (x_f + 1/2 - x_w) / size, t with the
          * upper-left origin: 1/2 - (y_f + 1/2 - y_w) / size. */
         const double s = inside ? 0.5 + (x + 0.5 - cx) / 8.0 : 0.5;
         const double t = inside ? 0.5 - (y + 0.5 - 8.0) / 8.0 : 0.5;
         if ((!near(c[0], s, 1e-4) || !near(c[1], t, 1e-4)) && bad++ < 8)
            fprintf(stderr, "pixel (%u, %u): (%g, %g), want (%g, %g)\n", x, y, c[0], c[1], s, t);
      }
   }
   fprintf(stderr, "exec-test: %u of %u pixels wrong\n", bad, SIZE * SIZE);
   return bad != 0;
}

/* A triangle whose clip-space vertices have w = 2, 4 and 0.5. */
static const char *const fragcoord_fs =
   "#version 330\n"
   "out vec4 color;\n"
   "void main() { color = vec4(gl_FragCoord.w, 0.0, 0.0, 1.0); }\n";

static int
frag_coord_w(void)
{
   if (!program(pass_vs, fragcoord_fs))
      return 1;
   static const double ndc[3][2] = {{-1, -1}, {1, -1}, {-1, 1}};
   static const double w[3] = {2, 4, 0.5};
   float tri[12];
   for (unsigned k = 0; k < 3; k++) {
      tri[4 * k + 0] = (float)(ndc[k][0] * w[k]);
      tri[4 * k + 1] = (float)(ndc[k][1] * w[k]);
      tri[4 * k + 2] = 0;
      tri[4 * k + 3] = (float)w[k];
   }
   target(tri, 3, 0.0f);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   float px[SIZE * SIZE][4];
   read_target(px);
   const double win[3][2] = {{0, 0}, {SIZE, 0}, {0, SIZE}};
   unsigned bad = 0, inside = 0;
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         double l[3];
         /* Pixels on the diagonal edge are left out: the fill rule
          * decides them. */
         if (!gl_test_barycentric(win, x + 0.5, y + 0.5, l) || x + y == SIZE - 1)
            continue;
         inside++;
         /* 1/w is linear in window space. */
         const double want = l[0] / w[0] + l[1] / w[1] + l[2] / w[2];
         const float got = px[y * SIZE + x][0];
         if (!near(got, want, 1e-4 * want) && bad++ < 8)
            fprintf(stderr, "pixel (%u, %u): gl_FragCoord.w %g, want %g\n", x, y, got, want);
      }
   }
   fprintf(stderr, "exec-test: %u of %u pixels wrong\n", bad, inside);
   return bad != 0;
}

/* A centroid-qualified input that is 1 at every vertex, of a triangle with
 * w = 2, 4 and 0.5 drawn into a 4-sample target: perspective-correct
 * interpolation gives 1 wherever it is evaluated (GL 4.6 14.6.2), the
 * centroid of an edge pixel too, if the attribute and 1/w are interpolated
 * at the same place.  The resolved red over green (the coverage) is the
 * pixel's value.  (Debian's llvmpipe, Mesa 22.3, gives 1.014 at edge
 * pixels: it is not a reference here.) */
static const char *const centroid_vs = "#version 330\n"
                                       "in vec4 pos;\n"
                                       "centroid out float c;\n"
                                       "void main() { gl_Position = pos; c = pos.z + 1.0; }\n";
static const char *const centroid_fs = "#version 330\n"
                                       "centroid in float c;\n"
                                       "out vec4 color;\n"
                                       "void main() { color = vec4(c, 1.0, 0.0, 1.0); }\n";

static int
centroid_w(void)
{
   /* z = 0 at every vertex: c is 1 there (from an attribute, so that the
    * front end cannot see it is uniform and make it flat). */
   if (!program(centroid_vs, centroid_fs))
      return 1;
   /* Window positions off the pixel centres: the hypotenuse crosses edge
    * pixels away from their centres. */
   static const double win[3][2] = {{0.3, 0.3}, {16.3, 0.3}, {0.3, 16.3}};
   static const double w[3] = {2, 4, 0.5};
   float tri[12];
   for (unsigned k = 0; k < 3; k++) {
      tri[4 * k + 0] = (float)((win[k][0] / 8 - 1) * w[k]);
      tri[4 * k + 1] = (float)((win[k][1] / 8 - 1) * w[k]);
      tri[4 * k + 2] = 0;
      tri[4 * k + 3] = (float)w[k];
   }
   target(tri, 3, 0.0f);
   GLuint fb, rb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA32F, SIZE, SIZE);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   GLuint resolved, rrb;
   glGenFramebuffers(1, &resolved);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved);
   glGenRenderbuffers(1, &rrb);
   glBindRenderbuffer(GL_RENDERBUFFER, rrb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32F, SIZE, SIZE);
   glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rrb);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
   glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, resolved);
   float px[SIZE * SIZE][4];
   read_target(px);
   unsigned bad = 0, edge = 0, covered = 0;
   for (unsigned i = 0; i < SIZE * SIZE; i++) {
      const float *c = px[i];
      if (!(c[1] > 0))
         continue;
      covered++;
      edge += c[1] < 1;
      if (!near(c[0] / c[1], 1.0, 1e-5) && bad++ < 8)
         fprintf(stderr, "pixel (%u, %u): the input is %g (coverage %g), want 1\n", i % SIZE,
                 i / SIZE, c[0] / c[1], c[1]);
   }
   if (!edge) {
      fprintf(stderr, "no partly covered pixel\n");
      bad++;
   }
   fprintf(stderr, "exec-test: %u of %u pixels wrong (%u partly covered)\n", bad, covered, edge);
   return bad != 0;
}

static const struct gl_test_case cases[] = {
   {"discard-loop", discard_loop}, {"store-only", store_only}, {"point-coord-w", point_coord_w},
   {"frag-coord-w", frag_coord_w}, {"centroid-w", centroid_w},
};

int
main(int argc, char **argv)
{
   return gl_test_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
