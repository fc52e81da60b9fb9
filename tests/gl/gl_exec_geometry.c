/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Geometry shaders on the executing shim (ci/with-jade --exec):
 * test-gl-exec-geometry CASE, CASE one of
 *   points-to-quads  three points, each made a 2 x 2 pixel quad (a triangle
 *                    strip of 4 vertices) by the GS, coloured by
 *                    gl_PrimitiveIDIn and a per-vertex colour from the VS;
 *                    the GS's outputs captured by transform feedback and
 *                    counted by a primitives-generated query; read back
 *                    with glReadPixels;
 *   strips-and-cuts  a triangle in, a line strip of three segments cut
 *                    after the first (EndPrimitive), emitted from a loop
 *                    whose trip count comes from a uniform, drawn as
 *                    lines: the pixels of the two pieces and none of the
 *                    cut's gap;
 *   streams          ARB_gpu_shader5 vertex streams: three points in, the
 *                    GS emits one point to stream 0 and two to stream 1
 *                    (EmitStreamVertex, EndStreamPrimitive); transform
 *                    feedback captures stream 0 into buffer 0 and stream 1
 *                    into buffer 1 (gl_NextBuffer, ARB_transform_feedback3),
 *                    per-stream primitives-generated and -written queries
 *                    (glBeginQueryIndexed); stream 0 alone is rasterised;
 *                    then glDrawTransformFeedbackStream draws stream 1's six
 *                    captured vertices again (DRAW_AUTO) as points placed by
 *                    their value;
 *   viewport-index   ARB_viewport_array: a triangle in, four whole-screen
 *                    quads out with gl_ViewportIndex k = 0..3, viewport k
 *                    a quadrant of the target and scissor k that quadrant
 *                    or half of it; the fragment shader colours by the k
 *                    the GS passed and by gl_ViewportIndex
 *                    (ARB_fragment_layer_viewport): each quadrant has its
 *                    k, the scissored halves stay clear.
 * Every expected value is worked out by hand below.  Exits 0 when all is
 * right, 1 (with the first differences) if not.
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdio.h>
#include <string.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include "gl_test_context.h"

#define SIZE 16 /* the target: SIZE x SIZE pixels */

static GLuint
link(const char *vs, const char *gs, const char *fs, const char *const *xfb, unsigned xfb_count)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, gl_test_compile(GL_VERTEX_SHADER, vs));
   glAttachShader(p, gl_test_compile(GL_GEOMETRY_SHADER, gs));
   glAttachShader(p, gl_test_compile(GL_FRAGMENT_SHADER, fs));
   glBindAttribLocation(p, 0, "pos");
   glBindFragDataLocation(p, 0, "color");
   if (xfb_count)
      glTransformFeedbackVaryings(p, (GLsizei)xfb_count, xfb, GL_INTERLEAVED_ATTRIBS);
   return gl_test_link(p);
}

/* A SIZE x SIZE RGBA8 target, cleared to black, and a vertex buffer of
 * vec4 positions at attribute 0. */
static void
setup(const float *verts, unsigned count)
{
   gl_test_draw_target(GL_RGBA8, SIZE, verts, count, 0.0f);
}

/* Counts pixels of px (SIZE x SIZE RGBA8) that differ from want(x, y),
 * printing the first few. */
static unsigned
check_pixels(const GLubyte *px, void (*want)(unsigned x, unsigned y, GLubyte c[4]))
{
   unsigned bad = 0;
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         const GLubyte *c = &px[4 * (y * SIZE + x)];
         GLubyte w[4];
         want(x, y, w);
         if (memcmp(c, w, 4) && bad++ < 8)
            fprintf(stderr, "pixel (%u, %u): (%u, %u, %u, %u), want (%u, %u, %u, %u)\n", x, y, c[0],
                    c[1], c[2], c[3], w[0], w[1], w[2], w[3]);
      }
   }
   return bad;
}

/* ---- points-to-quads ---- */

static const char *const quads_vs = "#version 330\n"
                                    "in vec4 pos;\n"
                                    "out float shade;\n"
                                    "void main() {\n"
                                    "   gl_Position = pos;\n"
                                    "   shade = pos.z;\n" /* 0.2, 0.4, 1.0: the blue of the quad */
                                    "}\n";
/* A quad of 2 x 2 pixels (0.25 wide in NDC on 16 pixels) centred on the
 * point: corners at +-0.125. */
static const char *const quads_gs =
   "#version 330\n"
   "layout(points) in;\n"
   "layout(triangle_strip, max_vertices = 4) out;\n"
   "in float shade[];\n"
   "out vec4 c;\n"
   "void main() {\n"
   "   for (int k = 0; k < 4; k++) {\n"
   "      vec2 d = vec2(k & 1, k >> 1) * 0.25 - 0.125;\n"
   "      gl_Position = vec4(gl_in[0].gl_Position.xy + d, 0.0, 1.0);\n"
   "      c = vec4(float(gl_PrimitiveIDIn + 1) * 0.2, 0.0, shade[0], 1.0);\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";
static const char *const quads_fs = "#version 330\n"
                                    "in vec4 c;\n"
                                    "out vec4 color;\n"
                                    "void main() { color = c; }\n";

/* The points: pixel centres 2 x 2 blocks at (2..3, 2..3), (8..9, 4..5),
 * (12..13, 12..13): the quad around NDC (x, y) covers pixels whose centres
 * lie within 0.125 of it, i.e. x = (px + 1 - 8) / 8 for the block
 * starting at px. */
static const float quad_points[3][4] = {
   {-0.625f, -0.625f, 0.2f, 1.0f},
   {0.125f, -0.375f, 0.4f, 1.0f},
   {0.625f, 0.625f, 1.0f, 1.0f},
};
static const unsigned quad_block[3][2] = {{2, 2}, {8, 4}, {12, 12}};

static void
want_quads(unsigned x, unsigned y, GLubyte c[4])
{
   /* 0.2, 0.4, 0.6 and 0.2, 0.4, 1.0 in unorm8: no ties to round. */
   static const GLubyte red[3] = {51, 102, 153};
   static const GLubyte blue[3] = {51, 102, 255};
   memset(c, 0, 4);
   for (unsigned q = 0; q < 3; q++) {
      if (x - quad_block[q][0] < 2 && y - quad_block[q][1] < 2) {
         c[0] = red[q];
         c[2] = blue[q];
         c[3] = 255;
      }
   }
}

static int
points_to_quads(void)
{
   static const char *const xfb[] = {"gl_Position"};
   if (!link(quads_vs, quads_gs, quads_fs, xfb, 1))
      return 1;
   setup(&quad_points[0][0], 3);
   /* Each strip of 4 is two triangles of 3 vertices of 4 floats. */
   GLuint tfb, query;
   glGenBuffers(1, &tfb);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, tfb);
   glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 3 * 6 * 16, NULL, GL_STREAM_READ);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, tfb);
   glGenQueries(1, &query);
   glBeginQuery(GL_PRIMITIVES_GENERATED, query);
   glBeginTransformFeedback(GL_TRIANGLES);
   glDrawArrays(GL_POINTS, 0, 3);
   glEndTransformFeedback();
   glEndQuery(GL_PRIMITIVES_GENERATED);

   GLubyte px[SIZE * SIZE * 4];
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, px);
   unsigned bad = check_pixels(px, want_quads);

   GLuint generated = 0;
   glGetQueryObjectuiv(query, GL_QUERY_RESULT, &generated);
   if (generated != 6 && bad++ < 8)
      fprintf(stderr, "primitives generated: %u, want 6 (two triangles a quad)\n", generated);

   /* Captured: per quad, triangles (v0, v1, v2) and (v2, v1, v3) of the
    * strip (GL 4.6 table 10.1, even and odd triangles of a strip as
    * transform feedback writes them: "vertices are written in the order
    * of the triangle's vertices, odd triangles (i + 1, i, i + 2)"). */
   const float *got =
      glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 3 * 6 * 16, GL_MAP_READ_BIT);
   static const unsigned order[6] = {0, 1, 2, 2, 1, 3};
   for (unsigned q = 0; got && q < 3; q++) {
      for (unsigned v = 0; v < 6; v++) {
         const unsigned k = order[v];
         const float dx = (float)(k & 1) * 0.25f - 0.125f, dy = (float)(k >> 1) * 0.25f - 0.125f;
         const float want[4] = {quad_points[q][0] + dx, quad_points[q][1] + dy, 0, 1};
         const float *g = got + 4 * (6 * q + v);
         if (memcmp(g, want, sizeof(want)) && bad++ < 8)
            fprintf(stderr, "captured quad %u vertex %u: (%g, %g, %g, %g), want (%g, %g, 0, 1)\n",
                    q, v, g[0], g[1], g[2], g[3], want[0], want[1]);
      }
   }
   if (!got && bad++ < 8)
      fprintf(stderr, "cannot map the transform feedback buffer\n");
   glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
   fprintf(stderr, "exec-test: %u wrong\n", bad);
   return bad != 0;
}

/* ---- strips-and-cuts ---- */

static const char *const cuts_vs = "#version 330\n"
                                   "in vec4 pos;\n"
                                   "void main() { gl_Position = pos; }\n";
/* Row y = 0 of NDC (pixel row 8's top edge: lines at y = 0.0625 lie on
 * the centre of row 8): vertices at x = -0.875 + 0.5 k for k < n, with a
 * cut after k = 1: segments k 0-1 and 2-3 (the piece 1-2 is not drawn). */
static const char *const cuts_gs =
   "#version 330\n"
   "layout(triangles) in;\n"
   "layout(line_strip, max_vertices = 8) out;\n"
   "uniform int n;\n"
   "void main() {\n"
   "   for (int k = 0; k < n; k++) {\n"
   "      gl_Position = vec4(-0.875 + 0.5 * float(k), 0.0625, 0.0, 1.0);\n"
   "      EmitVertex();\n"
   "      if (k == 1)\n"
   "         EndPrimitive();\n"
   "   }\n"
   "}\n";
static const char *const cuts_fs = "#version 330\n"
                                   "out vec4 color;\n"
                                   "void main() { color = vec4(0.0, 1.0, 0.0, 1.0); }\n";

/* Pixel centres x + 0.5 of row 8 between the segment ends: x = -0.875 is
 * pixel 1's centre, -0.375 pixel 5's, 0.125 pixel 9's, 0.625 pixel 13's.
 * GL's diamond-exit rule draws a line's first pixel and not its last: 1..4
 * and 9..12. */
static void
want_cuts(unsigned x, unsigned y, GLubyte c[4])
{
   const bool lit = y == 8 && ((x >= 1 && x <= 4) || (x >= 9 && x <= 12));
   c[0] = 0;
   c[1] = lit ? 255 : 0;
   c[2] = 0;
   c[3] = lit ? 255 : 0;
}

static int
strips_and_cuts(void)
{
   GLuint p = link(cuts_vs, cuts_gs, cuts_fs, NULL, 0);
   if (!p)
      return 1;
   glUniform1i(glGetUniformLocation(p, "n"), 4);
   static const float tri[3][4] = {{0, 0, 0, 1}, {1, 0, 0, 1}, {0, 1, 0, 1}};
   setup(&tri[0][0], 3);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   GLubyte px[SIZE * SIZE * 4];
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, px);
   unsigned bad = check_pixels(px, want_cuts);
   fprintf(stderr, "exec-test: %u wrong\n", bad);
   return bad != 0;
}

/* ---- streams ---- */

static const char *const streams_gs =
   "#version 150\n"
   "#extension GL_ARB_gpu_shader5 : require\n"
   "layout(points) in;\n"
   "layout(points, max_vertices = 3) out;\n"
   "layout(stream = 0) out float a;\n"
   "layout(stream = 1) out float b;\n"
   "void main() {\n"
   "   gl_Position = gl_in[0].gl_Position;\n"
   "   a = 10.0 + float(gl_PrimitiveIDIn);\n"
   "   EmitStreamVertex(0);\n"
   "   for (int k = 0; k < 2; k++) {\n"
   "      b = 20.0 + 10.0 * float(k) + float(gl_PrimitiveIDIn);\n"
   "      EmitStreamVertex(1);\n"
   "      EndStreamPrimitive(1);\n"
   "   }\n"
   "}\n";
static const char *const streams_fs = "#version 330\n"
                                      "in float a;\n"
                                      "out vec4 color;\n"
                                      "void main() { color = vec4(0.0, a / 255.0, 0.0, 1.0); }\n";
/* Stream 1's values v drawn again: a red point at pixel (v - 18, 1). */
static const char *const redraw_vs = "#version 330\n"
                                     "in float v;\n"
                                     "void main() {\n"
                                     "   gl_Position = vec4((v - 18.0 + 0.5) / 8.0 - 1.0, "
                                     "1.5 / 8.0 - 1.0, 0.0, 1.0);\n"
                                     "}\n";
static const char *const redraw_fs = "#version 330\n"
                                     "out vec4 color;\n"
                                     "void main() { color = vec4(1.0, 0.0, 0.0, 1.0); }\n";

/* Points on pixel centres (4, 4), (8, 8), (12, 12). */
static const float stream_points[3][4] = {
   {-0.4375f, -0.4375f, 0, 1},
   {0.0625f, 0.0625f, 0, 1},
   {0.5625f, 0.5625f, 0, 1},
};

static void
want_streams(unsigned x, unsigned y, GLubyte c[4])
{
   memset(c, 0, 4);
   for (unsigned i = 0; i < 3; i++) {
      if (x == 4 + 4 * i && y == x) {
         c[1] = (GLubyte)(10 + i); /* a = 10 + the point's id, of 255 */
         c[3] = 255;
      }
   }
   /* The redraw: v = 20 + i and 30 + i at columns v - 18. */
   if (y == 1 && ((x >= 2 && x <= 4) || (x >= 12 && x <= 14))) {
      c[0] = c[3] = 255;
   }
}

static int
streams(void)
{
   static const char *const xfb[] = {"a", "gl_NextBuffer", "b"};
   if (!link(cuts_vs, streams_gs, streams_fs, xfb, 3))
      return 1;
   setup(&stream_points[0][0], 3);
   GLuint tfb[2], xfo, q[4];
   glGenTransformFeedbacks(1, &xfo);
   glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfo);
   glGenBuffers(2, tfb);
   for (unsigned i = 0; i < 2; i++) {
      glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, tfb[i]);
      glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 64, NULL, GL_STREAM_READ);
      glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, i, tfb[i]);
   }
   glGenQueries(4, q);
   glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 0, q[0]);
   glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 1, q[1]);
   glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 0, q[2]);
   glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 1, q[3]);
   glBeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, 3);
   glEndTransformFeedback();
   for (unsigned i = 0; i < 4; i++)
      glEndQueryIndexed(i < 2 ? GL_PRIMITIVES_GENERATED : GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN,
                        i % 2);

   unsigned bad = 0;
   static const GLuint want_q[4] = {3, 6, 3, 6};
   static const char *const q_name[4] = {"stream 0 generated", "stream 1 generated",
                                         "stream 0 written", "stream 1 written"};
   for (unsigned i = 0; i < 4; i++) {
      GLuint v = 0;
      glGetQueryObjectuiv(q[i], GL_QUERY_RESULT, &v);
      if (v != want_q[i] && bad++ < 8)
         fprintf(stderr, "%s: %u, want %u\n", q_name[i], v, want_q[i]);
   }
   /* Buffer 0: a = 10, 11, 12; buffer 1: b = 20, 30, 21, 31, 22, 32. */
   static const float want0[3] = {10, 11, 12}, want1[6] = {20, 30, 21, 31, 22, 32};
   float got[6] = {0};
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, tfb[0]);
   glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(want0), got);
   if (memcmp(got, want0, sizeof(want0)) && bad++ < 8)
      fprintf(stderr, "buffer 0 (stream 0): %g %g %g, want 10 11 12\n", got[0], got[1], got[2]);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, tfb[1]);
   glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(want1), got);
   if (memcmp(got, want1, sizeof(want1)) && bad++ < 8)
      fprintf(stderr, "buffer 1 (stream 1): %g %g %g %g %g %g, want 20 30 21 31 22 32\n", got[0],
              got[1], got[2], got[3], got[4], got[5]);

   /* Stream 1's vertices drawn again by their count (DRAW_AUTO). */
   GLuint redraw = glCreateProgram();
   glAttachShader(redraw, gl_test_compile(GL_VERTEX_SHADER, redraw_vs));
   glAttachShader(redraw, gl_test_compile(GL_FRAGMENT_SHADER, redraw_fs));
   glBindAttribLocation(redraw, 1, "v");
   glBindFragDataLocation(redraw, 0, "color");
   if (!gl_test_link(redraw))
      return 1;
   glBindBuffer(GL_ARRAY_BUFFER, tfb[1]);
   glVertexAttribPointer(1, 1, GL_FLOAT, GL_FALSE, 4, NULL);
   glEnableVertexAttribArray(1);
   glDisableVertexAttribArray(0);
   /* Exactly the six captured vertices (more would read past the
    * buffer: zeros, drawn off the target, so only the count shows them). */
   glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
   glDrawTransformFeedbackStream(GL_POINTS, xfo, 1);
   glEndQuery(GL_PRIMITIVES_GENERATED);
   GLuint drawn = 0;
   glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &drawn);
   if (drawn != 6 && bad++ < 8)
      fprintf(stderr, "glDrawTransformFeedbackStream drew %u points, want 6\n", drawn);

   GLubyte px[SIZE * SIZE * 4];
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, px);
   bad += check_pixels(px, want_streams);
   fprintf(stderr, "exec-test: %u wrong\n", bad);
   return bad != 0;
}

/* ---- viewport-index ---- */

static const char *const vpi_gs =
   "#version 330\n"
   "#extension GL_ARB_viewport_array : require\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 16) out;\n"
   "flat out int k_out;\n"
   "void main() {\n"
   "   for (int k = 0; k < 4; k++) {\n"
   "      for (int c = 0; c < 4; c++) {\n"
   "         gl_Position = vec4((c & 1) != 0 ? 1.0 : -1.0, (c & 2) != 0 ? 1.0 : -1.0, 0.0, 1.0);\n"
   "         gl_ViewportIndex = k;\n"
   "         k_out = k;\n"
   "         EmitVertex();\n"
   "      }\n"
   "      EndPrimitive();\n"
   "   }\n"
   "}\n";
static const char *const vpi_fs = "#version 330\n"
                                  "#extension GL_ARB_fragment_layer_viewport : require\n"
                                  "flat in int k_out;\n"
                                  "out vec4 color;\n"
                                  "void main() {\n"
                                  "   color = vec4(float(k_out) * 51.0 / 255.0, "
                                  "float(gl_ViewportIndex) * 51.0 / 255.0, 1.0, 1.0);\n"
                                  "}\n";

/* Viewport k: quadrant (k & 1, k >> 1) of the 16 x 16 target (GL's window
 * coordinates, y up, as glReadPixels returns rows); scissor 1 keeps
 * x < 12 of its quadrant, scissor 3 y < 12, the others the quadrant. */
static void
want_vpi(unsigned x, unsigned y, GLubyte c[4])
{
   const unsigned k = (x >= 8) + 2 * (y >= 8);
   const bool lit = !(k == 1 && x >= 12) && !(k == 3 && y >= 12);
   c[0] = c[1] = lit ? (GLubyte)(51 * k) : 0;
   c[2] = c[3] = lit ? 255 : 0;
}

static int
viewport_index(void)
{
   GLuint p = link(cuts_vs, vpi_gs, vpi_fs, NULL, 0);
   if (!p)
      return 1;
   static const float tri[3][4] = {{0, 0, 0, 1}, {1, 0, 0, 1}, {0, 1, 0, 1}};
   setup(&tri[0][0], 3);
   for (unsigned k = 0; k < 4; k++) {
      const float x = 8.0f * (float)(k & 1), y = 8.0f * (float)(k >> 1);
      glViewportIndexedf(k, x, y, 8.0f, 8.0f);
      glScissorIndexed(k, (GLint)x, (GLint)y, k == 1 ? 4 : 8, k == 3 ? 4 : 8);
   }
   glEnable(GL_SCISSOR_TEST);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glDisable(GL_SCISSOR_TEST);
   GLubyte px[SIZE * SIZE * 4];
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, px);
   unsigned bad = check_pixels(px, want_vpi);
   fprintf(stderr, "exec-test: %u wrong\n", bad);
   return bad != 0 || glGetError() != GL_NO_ERROR;
}

static const struct gl_test_case cases[] = {
   {"points-to-quads", points_to_quads},
   {"strips-and-cuts", strips_and_cuts},
   {"streams", streams},
   {"viewport-index", viewport_index},
};

int
main(int argc, char **argv)
{
   return gl_test_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
