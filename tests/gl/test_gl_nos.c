/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Non-orthogonal state through the whole stack: one program drawn while
 * each piece of NOS is toggled.  Run under ci/with-jade with
 * JADE_DEBUG=nos; check_nos.py reads the driver's log, in which this
 * program marks each step ("nos-test: step NAME"), and checks that no step
 * compiles anything and that each links (or not) with the patches it
 * should.
 *
 * test-gl-nos --images[=STEP,...] [--skip-images=STEP,...] (on the
 * executing shim, ci/with-jade --exec, or on any other GL) also clears the
 * target before each draw, reads back what each step drew (or the listed
 * ones, less those skipped) and compares it with the image worked out by
 * hand below (flat against smooth colours, the back colours of a
 * clockwise triangle, clamped and unclamped vertex and fragment colours,
 * the halves clip distances remove, point coordinates across a sprite,
 * the multisampled steps through a resolve, per-sample colours among
 * them): "nos-test: image STEP: N wrong" for each, exit 1 if any is.
 * The reads, resolves and clears compile blit programs on some drivers:
 * check_nos.py runs the program without them.
 */

#define GL_GLEXT_PROTOTYPES 1

#include <inttypes.h>
#include <stdbool.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include <EGL/egl.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include "gl_test_context.h"

static GLuint
shader(GLenum stage, const char *src)
{
   GLuint s = gl_test_compile(stage, src);
   if (!s)
      exit(1);
   return s;
}

/* dual_source: c0 and c1 the two sources of output 0; c1_first: c1 at
 * output 0 (c0 left to the linker, past the one draw buffer). */
static GLuint
program(const char *vs, const char *fs, bool dual_source, bool c1_first)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
   glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
   if (dual_source) {
      glBindFragDataLocationIndexed(p, 0, 0, "c0");
      glBindFragDataLocationIndexed(p, 0, 1, "c1");
   }
   if (c1_first)
      glBindFragDataLocation(p, 0, "c1");
   glLinkProgram(p);
   GLint ok;
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      fprintf(stderr, "nos-test: link failed\n");
      exit(1);
   }
   return p;
}

/* Colours front and back, a texture coordinate, two clip distances and a
 * generic varying; the FS reads the colour, the coordinate, the point
 * coordinate and the varying. */
static const char *vs_src = "#version 130\n"
                            "out vec4 v;\n"
                            "out float gl_ClipDistance[2];\n"
                            "void main() {\n"
                            "   gl_Position = gl_Vertex;\n"
                            "   gl_FrontColor = gl_Color;\n"
                            "   gl_BackColor = gl_Color.bgra;\n"
                            "   gl_TexCoord[0] = gl_MultiTexCoord0;\n"
                            "   gl_ClipDistance[0] = gl_Vertex.x;\n"
                            "   gl_ClipDistance[1] = gl_Vertex.y;\n"
                            "   v = gl_Vertex * 2.0;\n"
                            "}\n";

static const char *fs_src =
   "#version 130\n"
   "in vec4 v;\n"
   "void main() {\n"
   "   gl_FragColor = gl_Color + v + gl_TexCoord[0] + vec4(gl_PointCoord, 0.0, 0.0);\n"
   "}\n";

static const char *clip_vertex_vs_src = "#version 120\n"
                                        "varying vec4 v;\n"
                                        "void main() {\n"
                                        "   gl_Position = gl_Vertex;\n"
                                        "   gl_ClipVertex = gl_Vertex * 0.5;\n"
                                        "   v = gl_Vertex;\n"
                                        "}\n";

static const char *generic_vs_src = "#version 130\n"
                                    "out vec4 v;\n"
                                    "void main() {\n"
                                    "   gl_Position = gl_Vertex;\n"
                                    "   v = gl_Vertex * 2.0;\n"
                                    "}\n";

static const char *generic_fs_src = "#version 130\n"
                                    "in vec4 v;\n"
                                    "void main() {\n"
                                    "   gl_FragColor = v;\n"
                                    "}\n";

static const char *dual_fs_src = "#version 130\n"
                                 "in vec4 v;\n"
                                 "out vec4 c0, c1;\n"
                                 "void main() {\n"
                                 "   c0 = gl_Color;\n"
                                 "   c1 = v;\n"
                                 "}\n";

/* The main program with a passthrough geometry stage between its VS and
 * a copy of its FS: the GS is then the stage the NOS applies to (its
 * colours, clip distances and texture coordinate), and what is drawn is
 * what the main program draws. */
static const char *gs_src = "#version 150 compatibility\n"
                            "layout(triangles) in;\n"
                            "layout(triangle_strip, max_vertices = 3) out;\n"
                            "in vec4 v[];\n"
                            "out vec4 gv;\n"
                            "void main() {\n"
                            "   for (int k = 0; k < 3; k++) {\n"
                            "      gl_Position = gl_in[k].gl_Position;\n"
                            "      gl_FrontColor = gl_in[k].gl_FrontColor;\n"
                            "      gl_BackColor = gl_in[k].gl_BackColor;\n"
                            "      gl_TexCoord[0] = gl_in[k].gl_TexCoord[0];\n"
                            "      gl_ClipDistance[0] = gl_in[k].gl_ClipDistance[0];\n"
                            "      gl_ClipDistance[1] = gl_in[k].gl_ClipDistance[1];\n"
                            "      gv = v[k];\n"
                            "      EmitVertex();\n"
                            "   }\n"
                            "}\n";

static const char *gs_fs_src = "#version 150 compatibility\n"
                               "in vec4 gv;\n"
                               "void main() {\n"
                               "   gl_FragColor = gl_Color + gv + gl_TexCoord[0];\n"
                               "}\n";

/* The same with passthrough tessellation stages instead: the TCS copies
 * its patch of 3 and sets every level to 1, the TES interpolates at
 * gl_TessCoord, which for levels 1 makes the patch's own triangle; the TES
 * is then the stage the NOS applies to. */
#define TCS_COPY(out, in) "   gl_out[gl_InvocationID]." out " = gl_in[gl_InvocationID]." in ";\n"
static const char *tcs_src =
   "#version 400 compatibility\n"
   "layout(vertices = 3) out;\n"
   "in vec4 v[];\n"
   "out vec4 tv[];\n"
   "void main() {\n" TCS_COPY("gl_Position", "gl_Position")
      TCS_COPY("gl_FrontColor", "gl_FrontColor") TCS_COPY("gl_BackColor", "gl_BackColor") TCS_COPY(
         "gl_TexCoord[0]", "gl_TexCoord[0]") TCS_COPY("gl_ClipDistance[0]", "gl_ClipDistance[0]")
         TCS_COPY("gl_ClipDistance[1]",
                  "gl_ClipDistance[1]") "   tv[gl_InvocationID] = v[gl_InvocationID];\n"
                                        "   gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = 1.0;\n"
                                        "   gl_TessLevelOuter[2] = gl_TessLevelInner[0] = 1.0;\n"
                                        "}\n";

#define TES_MIX(x) "w.x * gl_in[0]." x " + w.y * gl_in[1]." x " + w.z * gl_in[2]." x
static const char *tes_src =
   "#version 400 compatibility\n"
   "layout(triangles, equal_spacing, ccw) in;\n"
   "in vec4 tv[];\n"
   "out vec4 gv;\n"
   "void main() {\n"
   "   vec3 w = gl_TessCoord;\n"
   "   gl_Position = " TES_MIX(
      "gl_Position") ";\n"
                     "   gl_FrontColor = " TES_MIX(
                        "gl_FrontColor") ";\n"
                                         "   gl_BackColor = " TES_MIX(
                                            "gl_BackColor") ";\n"
                                                            "   gl_TexCoord[0] = " TES_MIX(
                                                               "gl_TexCoord[0]") ";\n"
                                                                                 "   "
                                                                                 "gl_ClipDistance["
                                                                                 "0] = " TES_MIX(
                                                                                    "gl_"
                                                                                    "ClipDistance["
                                                                                    "0]") ";\n"
                                                                                          "   "
                                                                                          "gl_"
                                                                                          "ClipDist"
                                                                                          "ance[1] "
                                                                                          "="
                                                                                          " " TES_MIX(
                                                                                             "gl_"
                                                                                             "ClipD"
                                                                                             "istan"
                                                                                             "ce["
                                                                                             "1]") ";\n"
                                                                                                   "   gv = w.x * tv[0] + w.y * tv[1] + w.z * tv[2];\n"
                                                                                                   "}\n";

/* middle_src2: a second middle stage, or NULL. */
static GLuint
program_with(const char *vs, const char *middle_src, GLenum middle, const char *middle_src2,
             GLenum middle2, const char *fs)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
   glAttachShader(p, shader(middle, middle_src));
   if (middle_src2)
      glAttachShader(p, shader(middle2, middle_src2));
   glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
   glLinkProgram(p);
   GLint ok;
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      glGetProgramInfoLog(p, sizeof(log), NULL, log);
      fprintf(stderr, "nos-test: link failed: %s\n", log);
      exit(1);
   }
   return p;
}

/* The driver's counters through AMD_performance_monitor: one monitor over
 * every step after setup. */
static GLuint monitor, group, counters[4];
static const char *const counter_names[4] = {
   "jade-compiles",
   "jade-links",
   "jade-link-cache-hits",
   "jade-patches",
};

static PFNGLGETPERFMONITORGROUPSAMDPROC GetGroups;
static PFNGLGETPERFMONITORCOUNTERSAMDPROC GetCounters;
static PFNGLGETPERFMONITORCOUNTERSTRINGAMDPROC GetCounterString;
static PFNGLGENPERFMONITORSAMDPROC GenMonitors;
static PFNGLSELECTPERFMONITORCOUNTERSAMDPROC SelectCounters;
static PFNGLBEGINPERFMONITORAMDPROC BeginMonitor;
static PFNGLENDPERFMONITORAMDPROC EndMonitor;
static PFNGLGETPERFMONITORCOUNTERDATAAMDPROC GetCounterData;

static bool
monitor_begin(void)
{
#define LOAD(v, name) v = (void *)eglGetProcAddress(name)
   LOAD(GetGroups, "glGetPerfMonitorGroupsAMD");
   LOAD(GetCounters, "glGetPerfMonitorCountersAMD");
   LOAD(GetCounterString, "glGetPerfMonitorCounterStringAMD");
   LOAD(GenMonitors, "glGenPerfMonitorsAMD");
   LOAD(SelectCounters, "glSelectPerfMonitorCountersAMD");
   LOAD(BeginMonitor, "glBeginPerfMonitorAMD");
   LOAD(EndMonitor, "glEndPerfMonitorAMD");
   LOAD(GetCounterData, "glGetPerfMonitorCounterDataAMD");
#undef LOAD
   const char *exts = (const char *)glGetString(GL_EXTENSIONS);
   if (!exts || !strstr(exts, "GL_AMD_performance_monitor") || !GetGroups)
      return false;
   GLint ngroups;
   GLuint groups[8];
   GetGroups(&ngroups, 8, groups);
   for (GLint g = 0; g < ngroups; g++) {
      GLint n, max;
      GLuint ids[16];
      GetCounters(groups[g], &n, &max, 16, ids);
      unsigned found = 0;
      for (GLint i = 0; i < n; i++) {
         char name[64];
         GetCounterString(groups[g], ids[i], sizeof(name), NULL, name);
         for (unsigned k = 0; k < 4; k++) {
            if (!strcmp(name, counter_names[k])) {
               counters[k] = ids[i];
               found++;
            }
         }
      }
      if (found == 4) {
         group = groups[g];
         GenMonitors(1, &monitor);
         SelectCounters(monitor, GL_TRUE, group, 4, counters);
         BeginMonitor(monitor);
         return true;
      }
   }
   return false;
}

static void
monitor_end(void)
{
   EndMonitor(monitor);
   GLuint data[64];
   GLint written = 0;
   GetCounterData(monitor, GL_PERFMON_RESULT_AMD, sizeof(data), data, &written);
   uint64_t value[4] = {0};
   /* (group, counter, uint64 value) records. */
   for (GLint i = 0; i + 4 <= written / 4; i += 4) {
      uint64_t v;
      memcpy(&v, &data[i + 2], 8);
      for (unsigned k = 0; k < 4; k++)
         if (data[i + 1] == counters[k])
            value[k] = v;
   }
   fprintf(stderr,
           "nos-test: counters over the steps: %" PRIu64 " compiles, %" PRIu64 " links, %" PRIu64
           " hits, %" PRIu64 " patches\n",
           value[0], value[1], value[2], value[3]);
}

static void
step(const char *name)
{
   fflush(stdout);
   fprintf(stderr, "nos-test: step %s\n", name);
}

/* ---- What is drawn ----
 *
 * A 32 x 32 viewport: window X = 16 (x + 1), Y = 16 (y + 1), rows from the
 * bottom (as glReadPixels returns them).  draw() draws vertices 0..5 as
 * two triangles in the quadrant x, y > 0 (window 16..32), where the
 * clip distances the main program writes (x and y) are positive:
 * ABC counter-clockwise, a front face, at window A = (17.25, 17.25),
 * B = (31.25, 17.25), C = (17.25, 24.25), and DEF clockwise, a back face,
 * at D = (17.25, 25.25), E = (17.25, 31.25), F = (31.25, 25.25); points,
 * vertex 6 alone at window (17, 17), 16 pixels wide: pixels 9..24 in x
 * and y.  draw_across() draws vertices 7..12 for the steps that clip:
 * the same shapes larger and across x = 0 and y = 0, A' = (2.25, 1.25),
 * B' = (26.25, 1.25), C' = (2.25, 13.25) and D' = (2.25, 18.25),
 * E' = (2.25, 30.25), F' = (26.25, 18.25).  (Disabled clip distances have
 * no effect (GLSL 1.30, 7.1), but the system's llvmpipe and softpipe,
 * Mesa 22.3, clip by them all the same: drawn where they are negative,
 * these checks could not be tried there.)
 *
 * Which pixel centres (X, Y) = (x + 0.5, y + 0.5) each triangle covers:
 * ABC: x >= 17, y >= 17 and, left of B-C (X + 2 Y < 65.75),
 * x + 2 y <= 64; DEF: x >= 17, y >= 25 and, left of E-F (3 X + 7 Y <
 * 270.5), 3 x + 7 y <= 265; A'B'C': x >= 2, y >= 1, x + 2 y <= 27;
 * D'E'F': x >= 2, y >= 18, x + 2 y <= 61.  No centre lies within 0.1
 * pixel of an edge (edges at .25, against centres at .5).  Barycentric
 * weights: ABC: B's = (X - 17.25) / 14, C's = (Y - 17.25) / 7, A's =
 * 1 - B's - C's; DEF: F's = (X - 17.25) / 14, E's = (Y - 25.25) / 6,
 * D's = 1 - E's - F's (A'B'C' and D'E'F': (X - 2.25) / 24 and
 * (Y - 1.25) / 12, (Y - 18.25) / 12).  The interpolated position at a
 * centre is its NDC, x = X / 16 - 1, y = Y / 16 - 1 (w = 1).
 *
 * The main program's fragment colour is gl_Color + v + gl_TexCoord[0] +
 * (gl_PointCoord, 0, 0) with v = 2 gl_Vertex: the texture coordinates
 * are -2 pos plus u in the third component (u: -1 at D, 1 at E, 0
 * elsewhere), so that v + gl_TexCoord[0] adds only u, which takes DEF's
 * blue out of range in both directions.  gl_PointCoord is undefined but
 * for sprites (GL 3.0 compatibility, 3.4.1): the red and green it adds to
 * are compared only for sprites; blue and alpha always. */
#define SIZE  32
#define VERTS 13
static const float pos[VERTS][4] = {
   {0.078125f, 0.078125f, 0, 1},   {0.953125f, 0.078125f, 0, 1},   {0.078125f, 0.515625f, 0, 1},
   {0.078125f, 0.578125f, 0, 1},   {0.078125f, 0.953125f, 0, 1},   {0.953125f, 0.578125f, 0, 1},
   {0.0625f, 0.0625f, 0, 1},       {-0.859375f, -0.921875f, 0, 1}, {0.640625f, -0.921875f, 0, 1},
   {-0.859375f, -0.171875f, 0, 1}, {-0.859375f, 0.140625f, 0, 1},  {-0.859375f, 0.890625f, 0, 1},
   {0.640625f, 0.140625f, 0, 1},
};
/* The front colours; the back colour is .bgra.  B's blue 2.0 is out of
 * range: 1.0 while CLAMP_VERTEX_COLOR clamps it.  No pixel centre's alpha
 * is within 0.008 of the alpha test's 0.5 (2 / 255: an implementation may
 * test UNORM8 alpha). */
#define FRONT_COLOURS                                                                              \
   {0.1f, 0.2f, 0.4f, 0.1f}, {0.3f, 0.5f, 2.0f, 0.88f}, {0.6f, 0.7f, 0.2f, 0.75f},                 \
      {0.2f, 0.3f, 0.1f, 0.3f}, {0.9f, 0.1f, 0.3f, 0.9f},                                          \
   {                                                                                               \
      0.4f, 0.8f, 0.6f, 0.58f                                                                      \
   }
static const float colour[VERTS][4] = {
   FRONT_COLOURS,
   {0.1f, 0.1f, 0.25f, 0.6f},
   FRONT_COLOURS,
};
static const float u_blue[VERTS] = {0, 0, 0, -1, 1, 0};
static const double window[4][3][2] = {
   {{17.25, 17.25}, {31.25, 17.25}, {17.25, 24.25}},
   {{17.25, 25.25}, {17.25, 31.25}, {31.25, 25.25}},
   {{2.25, 1.25}, {26.25, 1.25}, {2.25, 13.25}},
   {{2.25, 18.25}, {2.25, 30.25}, {26.25, 18.25}},
};

static bool images;
/* --images=STEP,... and --skip-images=STEP,...: comma-separated image
 * names to check only, or to leave unchecked. */
static const char *only_images, *skip_images;

static bool
listed(const char *list, const char *name)
{
   const size_t n = strlen(name);
   for (const char *p = list; p && *p;) {
      const char *end = strchr(p, ',');
      const size_t len = end ? (size_t)(end - p) : strlen(p);
      if (len == n && !strncmp(p, name, n))
         return true;
      p = end ? end + 1 : NULL;
   }
   return false;
}

static void
clear(void)
{
   if (images) {
      /* The background: (0.2, 0.4, 0.6, 0.8), 51, 102, 153, 204 in UNORM8. */
      glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
      glClear(GL_COLOR_BUFFER_BIT);
   }
}

static void
draw(GLenum mode)
{
   clear();
   if (mode == GL_POINTS)
      glDrawArrays(mode, 6, 1);
   else
      glDrawArrays(mode, 0, 6);
   glFlush();
}

static void
draw_across_as(GLenum mode)
{
   clear();
   glDrawArrays(mode, 7, 6);
   glFlush();
}

static void
draw_across(void)
{
   draw_across_as(GL_TRIANGLES);
}

/* ---- --images: each step's image against the one worked out ---- */

static const double background[4] = {0.2, 0.4, 0.6, 0.8};

/* What a step draws with. */
enum source {
   MAIN,       /* the main program: blue and alpha of gl_Color + u */
   SPRITES,    /* the main program's points */
   DUAL_C0,    /* dual_fs's c0 = gl_Color, no blending */
   DUAL_BLEND, /* c0 + destination * c1, c1 = v = 2 gl_Vertex */
   CLIP_V,     /* dual_fs's c1 = v = gl_Vertex at output 0 */
   GENERIC,    /* v = 2 gl_Vertex */
};
enum {
   FLAT = 1 << 0,    /* the provoking (last) vertex's colour */
   TWOSIDE = 1 << 1, /* DEF, back-facing, takes the back colour */
   VERTEX_UNCLAMPED = 1 << 2,
   CLIP_X = 1 << 3,     /* x >= 0 kept */
   CLIP_Y = 1 << 4,     /* y >= 0 kept */
   ALPHA_TEST = 1 << 5, /* alpha > 0.5 kept */
   FRAGMENT_UNCLAMPED = 1 << 6,
   SPRITE = 1 << 7,       /* points: coordinates replaced */
   MULTISAMPLED = 1 << 8, /* resolved: pixels partly covered skipped */
   ACROSS = 1 << 9,       /* draw_across's triangles */
   PER_SAMPLE = 1 << 10,  /* shaded at each sample's position */
};

static double
sat(double v)
{
   return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* The colour at pixel centre (X, Y): false where the background stays;
 * *mask: the components defined. */
static bool
expected(enum source src, unsigned flags, double X, double Y, double c[4], unsigned *mask)
{
   const double x = X / 16 - 1, y = Y / 16 - 1;
   *mask = 0xf;
   if (src == SPRITES) {
      if (X < 9 || X > 25 || Y < 9 || Y > 25)
         return false;
      const float *col = colour[6];
      /* v + gl_TexCoord[0] = 2 pos + texcoord = 0, or with the coordinates
       * replaced 2 pos + (s, t, 0, 1) = (0.125 + s, 0.125 + t, 0, 3); s
       * left to right, t = 0 at the top (POINT_SPRITE_COORD_ORIGIN
       * UPPER_LEFT): s = (X - 9) / 16, t = (25 - Y) / 16, and
       * gl_PointCoord adds them once more to red and green. */
      if (flags & SPRITE) {
         const double sc = (X - 9) / 16, tc = (25 - Y) / 16;
         c[0] = col[0] + 0.125 + 2 * sc;
         c[1] = col[1] + 0.125 + 2 * tc;
         c[2] = col[2];
         c[3] = col[3] + 3;
      } else {
         c[0] = c[1] = 0;
         c[2] = col[2];
         c[3] = col[3];
         *mask = 0xc;
      }
      for (unsigned k = 0; k < 4; k++)
         c[k] = sat(c[k]);
      return true;
   }
   const unsigned first = (flags & ACROSS) ? 2 : 0;
   double l[3];
   unsigned t;
   for (t = 0; t < 2 && !gl_test_barycentric(window[first + t], X, Y, l); t++)
      ;
   if (t == 2 || ((flags & CLIP_X) && x < 0) || ((flags & CLIP_Y) && y < 0))
      return false;
   double vc[3][4], u = 0;
   for (unsigned i = 0; i < 3; i++) {
      const unsigned v = (flags & ACROSS ? 7 : 0) + 3 * t + i;
      const float *col = colour[v];
      const bool back = (flags & TWOSIDE) && t == 1;
      for (unsigned k = 0; k < 4; k++) {
         vc[i][k] = back && k != 1 && k != 3 ? col[2 - k] : col[k];
         if (!(flags & VERTEX_UNCLAMPED))
            vc[i][k] = sat(vc[i][k]);
      }
      u += l[i] * u_blue[v];
   }
   for (unsigned k = 0; k < 4; k++)
      c[k] = (flags & FLAT) ? vc[2][k] : l[0] * vc[0][k] + l[1] * vc[1][k] + l[2] * vc[2][k];
   switch (src) {
   case MAIN:
      c[2] += u;
      *mask = 0xc;
      break;
   case DUAL_BLEND: {
      /* Sources clamped for a UNORM target: c1 = (2x, 2y, 0, 2). */
      const double c1[4] = {sat(2 * x), sat(2 * y), 0, 1};
      for (unsigned k = 0; k < 4; k++)
         c[k] = sat(c[k]) + background[k] * c1[k];
      break;
   }
   case CLIP_V:
      c[0] = x, c[1] = y, c[2] = 0, c[3] = 1;
      break;
   case GENERIC:
      c[0] = 2 * x, c[1] = 2 * y, c[2] = 0, c[3] = 2;
      break;
   default:
      break;
   }
   if ((flags & ALPHA_TEST) && !(c[3] > 0.5))
      return false;
   if (!(flags & FRAGMENT_UNCLAMPED)) {
      for (unsigned k = 0; k < 4; k++)
         c[k] = sat(c[k]);
   }
   return true;
}

/* For the resolved multisampled images: whether the pixel's square lies
 * wholly inside ABC or DEF (1: its four corners inside), wholly outside
 * both (0: for each, its corners all beyond one edge) or across an edge
 * (-1, not compared: which of its samples are covered depends on the
 * sample pattern). */
static int
covered_whole(unsigned x, unsigned y)
{
   bool outside = true;
   for (unsigned t = 0; t < 2; t++) {
      unsigned in = 0, beyond[3] = {0, 0, 0};
      for (unsigned k = 0; k < 4; k++) {
         double l[3];
         in += gl_test_barycentric(window[t], x + (k & 1), y + (k >> 1), l);
         for (unsigned e = 0; e < 3; e++)
            beyond[e] += l[e] < 0;
      }
      if (in == 4)
         return 1;
      outside &= beyond[0] == 4 || beyond[1] == 4 || beyond[2] == 4;
   }
   return outside ? 0 : -1;
}

static unsigned wrong;

static void
read_back(GLuint fb, GLenum attachment, GLint x, GLint y, GLsizei w, GLsizei h, GLenum type,
          void *out)
{
   GLint draw_fb;
   glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_fb);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
   glReadBuffer(attachment);
   glReadPixels(x, y, w, h, GL_RGBA, type, out);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)draw_fb);
}

/* A step's image from buffer `attachment` of framebuffer fb (resolved
 * first into a single-sampled one if MULTISAMPLED) against expected():
 * RGBA8 targets within 1 (rounding), float targets within 2e-3. */
static unsigned
compare(const char *name, GLuint fb, GLenum attachment, bool is_float, enum source src,
        unsigned flags, double tol)
{
   static float f[SIZE * SIZE * 4];
   static GLubyte b[SIZE * SIZE * 4];
   /* Shaded per sample, a resolved pixel is the mean of its samples'
    * UNORM8 colours, each the colour at the sample's position (where the
    * implementation says it places them).  For a colour linear in x and
    * y over a pattern centred on the pixel that is the centre's colour
    * but for rounding; not where the colour is clamped at 0 or 1 inside
    * the pixel (a few of DEF's pixels along its blue's 0 and 1 lines). */
   GLint samples = 1;
   GLfloat where[16][2] = {{0.5f, 0.5f}};
   if (flags & PER_SAMPLE) {
      glGetIntegerv(GL_SAMPLES, &samples);
      samples = samples < 1 ? 1 : samples > 16 ? 16 : samples;
      for (GLint i = 0; i < samples; i++)
         glGetMultisamplefv(GL_SAMPLE_POSITION, (GLuint)i, where[i]);
   }
   if (flags & MULTISAMPLED) {
      static GLuint resolve, rb;
      GLint draw_fb;
      glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_fb);
      if (!resolve) {
         glGenFramebuffers(1, &resolve);
         glGenRenderbuffers(1, &rb);
         glBindRenderbuffer(GL_RENDERBUFFER, rb);
         glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, SIZE, SIZE);
         glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolve);
         glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      }
      glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
      glReadBuffer(attachment);
      glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolve);
      glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)draw_fb);
      glBindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)draw_fb);
      fb = resolve;
      attachment = GL_COLOR_ATTACHMENT0;
   }
   read_back(fb, attachment, 0, 0, SIZE, SIZE, is_float ? GL_FLOAT : GL_UNSIGNED_BYTE,
             is_float ? (void *)f : (void *)b);

   unsigned bad = 0;
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         double c[4];
         unsigned mask;
         if ((flags & MULTISAMPLED) && covered_whole(x, y) < 0)
            continue;
         if (!expected(src, flags, x + 0.5, y + 0.5, c, &mask)) {
            for (unsigned k = 0; k < 4; k++)
               c[k] = background[k];
            mask = 0xf;
         } else if ((flags & PER_SAMPLE) && !is_float) {
            double sum[4] = {0, 0, 0, 0}, at[4];
            for (GLint i = 0; i < samples; i++) {
               expected(src, flags, x + where[i][0], y + where[i][1], at, &mask);
               for (unsigned k = 0; k < 4; k++)
                  sum[k] += (double)(long)(at[k] * 255 + 0.5);
            }
            for (unsigned k = 0; k < 4; k++)
               c[k] = sum[k] / samples / 255;
         }
         double got[4];
         bool differs = false;
         for (unsigned k = 0; k < 4; k++) {
            got[k] = is_float ? f[4 * (y * SIZE + x) + k] : b[4 * (y * SIZE + x) + k];
            if (!is_float)
               c[k] = (double)(long)(c[k] * 255 + 0.5);
            const double d = got[k] - c[k];
            if ((mask >> k & 1) && (d > tol || d < -tol))
               differs = true;
         }
         if (differs && bad++ < 6)
            fprintf(stderr,
                    "nos-test: image %s: pixel (%u, %u) (%g, %g, %g, %g), want "
                    "(%g, %g, %g, %g)%s\n",
                    name, x, y, got[0], got[1], got[2], got[3], c[0], c[1], c[2], c[3],
                    mask == 0xf ? "" : " (blue, alpha)");
      }
   }
   return bad;
}

/* A pixel of an RGBA8 image, exactly (-1: any). */
struct exact {
   unsigned x, y;
   int want[4];
};

static unsigned
compare_exact(const char *name, GLuint fb, const struct exact *px, unsigned count)
{
   unsigned bad = 0;
   for (unsigned i = 0; i < count; i++) {
      GLubyte c[4];
      read_back(fb, GL_COLOR_ATTACHMENT0, (GLint)px[i].x, (GLint)px[i].y, 1, 1, GL_UNSIGNED_BYTE,
                c);
      bool differs = false;
      for (unsigned k = 0; k < 4; k++)
         differs |= px[i].want[k] >= 0 && c[k] != px[i].want[k];
      if (differs && bad++ < 6)
         fprintf(stderr,
                 "nos-test: image %s: pixel (%u, %u) (%u, %u, %u, %u), worked out "
                 "(%d, %d, %d, %d)\n",
                 name, px[i].x, px[i].y, c[0], c[1], c[2], c[3], px[i].want[0], px[i].want[1],
                 px[i].want[2], px[i].want[3]);
   }
   return bad;
}

#define EXACT(...)                                                                                 \
   do {                                                                                            \
      static const struct exact px_[] = {__VA_ARGS__};                                             \
      bad += compare_exact(name, fb, px_, sizeof(px_) / sizeof(px_[0]));                           \
   } while (0)
#define BG                                                                                         \
   {                                                                                               \
      51, 102, 153, 204                                                                            \
   }

/* The image the step just drew into fb against expected() and the pixels
 * worked out by hand for it: "nos-test: image NAME: N wrong". */
static void
image(const char *name, GLuint fb, unsigned targets, bool is_float, enum source src, unsigned flags)
{
   if (!images)
      return;
   if ((only_images && !listed(only_images, name)) || listed(skip_images, name)) {
      fprintf(stderr, "nos-test: image %s: not checked\n", name);
      return;
   }
   unsigned bad = 0;
   for (unsigned t = 0; t < targets; t++)
      bad += compare(name, fb, GL_COLOR_ATTACHMENT0 + t, is_float, src, flags, is_float ? 2e-3 : 1);
   /* The pixels worked out (UNORM8: 255 v rounded; none near a tie):
    *   P = (22, 20) in ABC: centre (22.5, 20.5): B's 5.25 / 14 = 3/8,
    *       C's 3.25 / 7 = 13/28, A's 1 - 3/8 - 13/28 = 9/56; x, y there
    *       0.40625, 0.28125;
    *   R = (17, 17) in ABC: B's 0.25 / 14 = 1/56, C's 0.25 / 7 = 1/28,
    *       A's 53/56;
    *   Q = (22, 26) in DEF: centre (22.5, 26.5): F's 5.25 / 14 = 3/8,
    *       E's 1.25 / 6 = 5/24, D's 1 - 3/8 - 5/24 = 5/12; x, y 0.40625,
    *       0.65625; u = -5/12 + 5/24 = -5/24;
    *   Q' = (19, 21) in D'E'F': centre (19.5, 21.5): F's 17.25 / 24 =
    *       23/32, E's 3.25 / 12 = 13/48, D's 1/96; x, y 0.21875, 0.34375;
    *   (9, 3) in A'B'C', x, y < 0; (8, 24) in D'E'F', x < 0. */
   const bool single = !(flags & MULTISAMPLED) && !is_float;
   const unsigned nos = flags & (FLAT | TWOSIDE | VERTEX_UNCLAMPED | ALPHA_TEST);
   if (single && src == MAIN && !(flags & ACROSS)) {
      /* Smooth: P: blue 0.4 * 9/56 + 1.0 * 3/8 + 0.2 * 13/28 = 0.532143
       * (135.70), alpha 0.1 * 9/56 + 0.88 * 3/8 + 0.75 * 13/28 = 0.694286
       * (177.04); Q: blue 0.1 * 5/12 + 0.3 * 5/24 + 0.6 * 3/8 - 5/24 =
       * 0.120833 (30.81), alpha 0.3 * 5/12 + 0.9 * 5/24 + 0.58 * 3/8 =
       * 0.53 (135.15). */
      if (!nos)
         EXACT({22, 20, {-1, -1, 136, 177}}, {22, 26, {-1, -1, 31, 135}});
      /* The last vertex's colour: C's blue 0.2 (51.0) and alpha 0.75
       * (191.25) all over ABC; F's blue 0.6 + u (smooth: a texture
       * coordinate) = 0.391667 (99.88) and alpha 0.58 (147.9) at Q. */
      if (nos == FLAT)
         EXACT({22, 20, {-1, -1, 51, 191}}, {17, 17, {-1, -1, 51, 191}},
               {22, 26, {-1, -1, 100, 148}});
      /* ABC front as before; DEF back: blue the front's red,
       * 0.2 * 5/12 + 0.9 * 5/24 + 0.4 * 3/8 - 5/24 = 0.2125 (54.19). */
      if (nos == TWOSIDE)
         EXACT({22, 20, {-1, -1, 136, 177}}, {22, 26, {-1, -1, 54, 135}});
      /* B's blue 2.0 interpolated: 0.4 * 9/56 + 2.0 * 3/8 + 0.2 * 13/28 =
       * 0.907143 (231.32) at P, where the clamped 1.0 gives 135.70. */
      if (nos == VERTEX_UNCLAMPED)
         EXACT({22, 20, {-1, -1, 231, 177}}, {22, 26, {-1, -1, 31, 135}});
      /* R's alpha 0.1 * 53/56 + 0.88 * 1/56 + 0.75 * 1/28 = 0.137143 fails
       * alpha > 0.5, P's 0.69 and Q's 0.53 pass. */
      if (nos == ALPHA_TEST)
         EXACT({17, 17, BG}, {22, 20, {-1, -1, 136, 177}}, {22, 26, {-1, -1, 31, 135}});
   }
   if (single && src == MAIN && flags == (ACROSS | CLIP_X | CLIP_Y)) {
      /* (9, 3) (y < 0) and (8, 24) (x < 0) clipped away; Q' (x, y > 0)
       * kept: blue 0.1 * 1/96 + 0.3 * 13/48 + 0.6 * 23/32 = 0.513542
       * (130.95), alpha 0.3 * 1/96 + 0.9 * 13/48 + 0.58 * 23/32 = 0.66375
       * (169.26) (no u in these). */
      EXACT({9, 3, BG}, {8, 24, BG}, {19, 21, {-1, -1, 131, 169}});
   }
   if (single && src == SPRITES && (flags & SPRITE)) {
      /* Red 0.1 + 0.125 + 2 s, green 0.1 + 0.125 + 2 t, blue 0.25 (63.75),
       * alpha 1: (9, 24): s = 0.5 / 16, t = (25 - 24.5) / 16: 0.2875
       * (73.31) both; (12, 20): s = 3.5 / 16: 0.6625 (168.94), t = 4.5 /
       * 16: 0.7875 (200.81); (14, 23): s = 5.5 / 16: 0.9125 (232.69), t =
       * 1.5 / 16: 0.4125 (105.19); (20, 10): s = 11.5 / 16, t = 14.5 / 16:
       * over 1.  (8, 17), (25, 17), (17, 8), (17, 25) outside. */
      EXACT({9, 24, {73, 73, 64, 255}}, {12, 20, {169, 201, 64, 255}},
            {14, 23, {233, 105, 64, 255}}, {20, 10, {255, 255, 64, 255}}, {8, 17, BG}, {25, 17, BG},
            {17, 8, BG}, {17, 25, BG});
   }
   if (single && src == SPRITES && !(flags & SPRITE)) {
      /* The square without coordinates: blue 0.25, alpha 0.6 (153.0). */
      EXACT({12, 20, {-1, -1, 64, 153}}, {8, 17, BG});
   }
   if (single && src == DUAL_C0) {
      /* P: red 0.1 * 9/56 + 0.3 * 3/8 + 0.6 * 13/28 = 0.407143 (103.82),
       * green 0.2 * 9/56 + 0.5 * 3/8 + 0.7 * 13/28 = 0.544643 (138.88);
       * Q: red 0.2 * 5/12 + 0.9 * 5/24 + 0.4 * 3/8 = 0.420833 (107.31),
       * green 0.3 * 5/12 + 0.1 * 5/24 + 0.8 * 3/8 = 0.445833 (113.69),
       * blue 0.1 * 5/12 + 0.3 * 5/24 + 0.6 * 3/8 = 0.329167 (83.94): no u. */
      EXACT({22, 20, {104, 139, 136, 177}}, {22, 26, {107, 114, 84, 135}});
   }
   if (single && src == DUAL_BLEND) {
      /* c0 + destination * c1, c1 = (2x, 2y, 0, 2) clamped: Q: (0.8125, 1,
       * 0, 1): green 0.445833 + 0.4 = 0.845833 (215.69), blue c0's,
       * alpha over 1; red 0.420833 + 0.2 * 0.8125 = 0.583333 (148.75)
       * left to compare() (the blend unit's product rounds). */
      EXACT({22, 26, {-1, 216, 84, 255}}, {22, 20, {-1, -1, 136, 255}});
   }
   if (single && src == CLIP_V) {
      /* v = gl_Vertex: Q' (0.21875, 0.34375, 0, 1): (55.78, 87.66, 0, 255);
       * (9, 3) negative: (0, 0, 0, 255); (8, 24) (-0.46875, 0.53125):
       * (0, 135.47, 0, 255); both clipped away with x >= 0. */
      if (flags & CLIP_X)
         EXACT({19, 21, {56, 88, 0, 255}}, {9, 3, BG}, {8, 24, BG});
      else
         EXACT({19, 21, {56, 88, 0, 255}}, {9, 3, {0, 0, 0, 255}}, {8, 24, {0, 135, 0, 255}});
   }
   if (single && src == GENERIC) {
      /* v = 2 gl_Vertex: P (0.8125, 0.5625, 0, 2): (207.19, 143.44, 0,
       * 255); Q (0.8125, 1.3125, 0, 2): (207, 255, 0, 255); the NOS toggled
       * leave a generic varying alone. */
      EXACT({22, 20, {207, 143, 0, 255}}, {22, 26, {207, 255, 0, 255}});
   }
   if ((flags & PER_SAMPLE) && src == MAIN) {
      /* (18, 27) in DEF: blue = 0.1 D's + 0.3 E's + 0.6 F's - D's + E's =
       * -0.9 + 2.2 E's + 1.5 F's, E's = (Y - 25.25) / 6, F's = (X - 17.25)
       * / 14.  At the centre (18.5, 27.5): -0.9 + 2.2 * 0.375 + 1.5 *
       * 0.089286 = 0.058929 (15.03).  At the standard 4-sample positions
       * (0.375, 0.125), (0.875, 0.375), (0.125, 0.625), (0.625, 0.875):
       * E's 0.3125, 0.354167, 0.395833, 0.4375 and F's 0.080357, 0.116071,
       * 0.0625, 0.098214: -0.091964 (0), 0.053274 (13.58), 0.064583
       * (16.47), 0.209821 (53.50: 53 or 54): resolved (83 or 84) / 4, 21. */
      GLint samples = 0;
      GLfloat at[4][2];
      glGetIntegerv(GL_SAMPLES, &samples);
      for (GLint i = 0; i < 4 && samples == 4; i++)
         glGetMultisamplefv(GL_SAMPLE_POSITION, (GLuint)i, at[i]);
      static const GLfloat standard[4][2] = {
         {0.375f, 0.125f},
         {0.875f, 0.375f},
         {0.125f, 0.625f},
         {0.625f, 0.875f},
      };
      GLubyte c[4];
      if (samples == 4 && !memcmp(at, standard, sizeof(at))) {
         GLint draw_fb;
         glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_fb);
         /* Resolved into a framebuffer of its own. */
         static GLuint one, rb;
         if (!one) {
            glGenFramebuffers(1, &one);
            glGenRenderbuffers(1, &rb);
            glBindRenderbuffer(GL_RENDERBUFFER, rb);
            glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, SIZE, SIZE);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, one);
            glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                      rb);
         }
         glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
         glReadBuffer(GL_COLOR_ATTACHMENT0);
         glBindFramebuffer(GL_DRAW_FRAMEBUFFER, one);
         glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT, GL_NEAREST);
         glBindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)draw_fb);
         read_back(one, GL_COLOR_ATTACHMENT0, 18, 27, 1, 1, GL_UNSIGNED_BYTE, c);
         if (c[2] != 21) {
            fprintf(stderr,
                    "nos-test: image %s: pixel (18, 27) blue %u, worked out 21 from "
                    "the samples (15 shaded once)\n",
                    name, c[2]);
            bad++;
         }
      } else {
         fprintf(stderr,
                 "nos-test: image %s: %d samples, not at the standard positions: "
                 "(18, 27) not worked out\n",
                 name, samples);
      }
   }
   if (is_float && src == MAIN) {
      /* DEF's blue out of range both ways, clamped or not. */
      static const struct {
         unsigned x, y;
         float blue, alpha;
      } px[] = {
         /* (18, 30): E's (30.5 - 25.25) / 6 = 7/8, F's 1.25 / 14 = 5/56,
          * D's 1/28: blue 0.1/28 + 0.3 * 7/8 + 0.6 * 5/56 - 1/28 + 7/8 =
          * 1.158929, alpha 0.3/28 + 0.9 * 7/8 + 0.58 * 5/56 = 0.85. */
         {18, 30, 1.158929f, 0.85f},
         /* (22, 25): E's 0.25 / 6 = 1/24, F's 3/8, D's 7/12: blue
          * 0.1 * 7/12 + 0.3/24 + 0.6 * 3/8 - 7/12 + 1/24 = -0.245833,
          * alpha 0.3 * 7/12 + 0.9/24 + 0.58 * 3/8 = 0.43. */
         {22, 25, -0.245833f, 0.43f},
      };
      for (unsigned i = 0; i < 2; i++) {
         float c[4];
         read_back(fb, GL_COLOR_ATTACHMENT0, (GLint)px[i].x, (GLint)px[i].y, 1, 1, GL_FLOAT, c);
         const float want = (flags & FRAGMENT_UNCLAMPED) ? px[i].blue : (float)sat(px[i].blue);
         const float db = c[2] - want, da = c[3] - px[i].alpha;
         if (db > 1e-4f || db < -1e-4f || da > 1e-4f || da < -1e-4f) {
            fprintf(stderr,
                    "nos-test: image %s: pixel (%u, %u) blue %g alpha %g, worked out "
                    "%g, %g\n",
                    name, px[i].x, px[i].y, c[2], c[3], want, px[i].alpha);
            bad++;
         }
      }
   }
   fprintf(stderr, "nos-test: image %s: %u wrong\n", name, bad);
   wrong += bad != 0;
}

static GLuint
fbo(int samples, int targets, GLenum format)
{
   GLuint fb, rb[2];
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glGenRenderbuffers(targets, rb);
   for (int t = 0; t < targets; t++) {
      glBindRenderbuffer(GL_RENDERBUFFER, rb[t]);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, 32, 32);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + t, GL_RENDERBUFFER, rb[t]);
   }
   static const GLenum bufs[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   glDrawBuffers(targets, bufs);
   return fb;
}

int
main(int argc, char **argv)
{
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--images")) {
         images = true;
      } else if (!strncmp(argv[i], "--images=", 9)) {
         images = true;
         only_images = argv[i] + 9;
      } else if (!strncmp(argv[i], "--skip-images=", 14)) {
         skip_images = argv[i] + 14;
      } else {
         fprintf(stderr, "usage: %s [--images[=STEP,...]] [--skip-images=STEP,...]\n", argv[0]);
         return 2;
      }
   }
   if (!gl_test_context_create(3, 2, false))
      return 1;
   step("setup");
   GLuint prog = program(vs_src, fs_src, false, false);
   GLuint with_gs = program_with(vs_src, gs_src, GL_GEOMETRY_SHADER, NULL, 0, gs_fs_src);
   GLuint with_tess = program_with(vs_src, tcs_src, GL_TESS_CONTROL_SHADER, tes_src,
                                   GL_TESS_EVALUATION_SHADER, gs_fs_src);
   GLuint dual = program(vs_src, dual_fs_src, true, false);
   GLuint clip_vertex = program(clip_vertex_vs_src, dual_fs_src, false, true);
   GLuint generic = program(generic_vs_src, generic_fs_src, false, false);
   GLuint vbo[3];
   glGenBuffers(3, vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo[0]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(pos), pos, GL_STATIC_DRAW);
   glVertexPointer(4, GL_FLOAT, 0, NULL);
   glEnableClientState(GL_VERTEX_ARRAY);
   glBindBuffer(GL_ARRAY_BUFFER, vbo[1]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(colour), colour, GL_STATIC_DRAW);
   glColorPointer(4, GL_FLOAT, 0, NULL);
   glEnableClientState(GL_COLOR_ARRAY);
   float texcoord[VERTS][4];
   for (unsigned i = 0; i < VERTS; i++) {
      for (unsigned k = 0; k < 4; k++)
         texcoord[i][k] = -2 * pos[i][k] + (k == 2 ? u_blue[i] : 0);
   }
   glBindBuffer(GL_ARRAY_BUFFER, vbo[2]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(texcoord), texcoord, GL_STATIC_DRAW);
   glTexCoordPointer(4, GL_FLOAT, 0, NULL);
   glEnableClientState(GL_TEXTURE_COORD_ARRAY);
   glPointSize(16);
   GLuint single = fbo(0, 1, GL_RGBA8);
   GLuint floating = fbo(0, 1, GL_RGBA32F);
   glBindFramebuffer(GL_FRAMEBUFFER, single);
   glViewport(0, 0, SIZE, SIZE);
   glUseProgram(prog);
   draw(GL_TRIANGLES);
   image("setup", single, 1, false, MAIN, 0);

   bool monitored = monitor_begin();
   if (!monitored)
      fprintf(stderr, "nos-test: no AMD_performance_monitor group with Jade's counters\n");

   step("base");
   draw(GL_TRIANGLES);
   image("base", single, 1, false, MAIN, 0);

   step("flatshade");
   glShadeModel(GL_FLAT);
   draw(GL_TRIANGLES);
   image("flatshade", single, 1, false, MAIN, FLAT);
   step("smooth-again");
   glShadeModel(GL_SMOOTH);
   draw(GL_TRIANGLES);
   image("smooth-again", single, 1, false, MAIN, 0);

   step("twoside");
   glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
   draw(GL_TRIANGLES);
   image("twoside", single, 1, false, MAIN, TWOSIDE);
   glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);

   step("clip-planes");
   glEnable(GL_CLIP_DISTANCE0);
   glEnable(GL_CLIP_DISTANCE1);
   draw_across();
   image("clip-planes", single, 1, false, MAIN, ACROSS | CLIP_X | CLIP_Y);
   glDisable(GL_CLIP_DISTANCE0);
   glDisable(GL_CLIP_DISTANCE1);

   step("point-sprite");
   glEnable(GL_POINT_SPRITE);
   glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
   draw(GL_POINTS);
   image("point-sprite", single, 1, false, SPRITES, SPRITE);
   step("points-without-sprite");
   glDisable(GL_POINT_SPRITE);
   draw(GL_POINTS);
   image("points-without-sprite", single, 1, false, SPRITES, 0);

   step("vertex-color-unclamped");
   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   draw(GL_TRIANGLES);
   image("vertex-color-unclamped", single, 1, false, MAIN, VERTEX_UNCLAMPED);
   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);

   /* A float target, where clamping shows: unclamped, then clamped. */
   step("fragment-color-unclamped");
   glBindFramebuffer(GL_FRAMEBUFFER, floating);
   glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
   draw(GL_TRIANGLES);
   image("fragment-color-unclamped", floating, 1, true, MAIN, FRAGMENT_UNCLAMPED);
   glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE);
   draw(GL_TRIANGLES);
   image("fragment-color-clamped", floating, 1, true, MAIN, 0);
   glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FIXED_ONLY);
   glBindFramebuffer(GL_FRAMEBUFFER, single);

   step("alpha-test");
   glEnable(GL_ALPHA_TEST);
   glAlphaFunc(GL_GREATER, 0.5f);
   draw(GL_TRIANGLES);
   image("alpha-test", single, 1, false, MAIN, ALPHA_TEST);
   glDisable(GL_ALPHA_TEST);

   /* Smooth shading: the provoking vertex changes nothing drawn. */
   step("provoking-vertex");
   glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
   draw(GL_TRIANGLES);
   image("provoking-vertex", single, 1, false, MAIN, 0);
   glProvokingVertex(GL_LAST_VERTEX_CONVENTION);

   /* Resolved, the pixels wholly inside are the single-sampled colours
    * (every covered sample holds the one shaded at the centre); shaded
    * per sample, the mean of the colours at the samples, which differs
    * from the centre's where the colour is clamped inside the pixel
    * (compare(), and (18, 27) in image()). */
   step("msaa");
   GLuint ms = fbo(4, 1, GL_RGBA8);
   draw(GL_TRIANGLES);
   image("msaa", ms, 1, false, MAIN, MULTISAMPLED);

   step("sample-shading");
   PFNGLMINSAMPLESHADINGARBPROC min_sample_shading =
      (void *)eglGetProcAddress("glMinSampleShadingARB");
   if (min_sample_shading) {
      glEnable(GL_SAMPLE_SHADING_ARB);
      min_sample_shading(1.0f);
   }
   draw(GL_TRIANGLES);
   image("sample-shading", ms, 1, false, MAIN, MULTISAMPLED | PER_SAMPLE);
   step("sample-shading-off");
   glDisable(GL_SAMPLE_SHADING_ARB);
   draw(GL_TRIANGLES);
   image("sample-shading-off", ms, 1, false, MAIN, MULTISAMPLED);

   step("mrt-broadcast");
   GLuint mrt = fbo(0, 2, GL_RGBA8);
   draw(GL_TRIANGLES);
   image("mrt-broadcast", mrt, 2, false, MAIN, 0);

   step("dual-source-setup");
   glBindFramebuffer(GL_FRAMEBUFFER, single);
   glUseProgram(dual);
   draw(GL_TRIANGLES);
   image("dual-source-setup", single, 1, false, DUAL_C0, 0);
   step("dual-source");
   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_SRC1_COLOR);
   draw(GL_TRIANGLES);
   image("dual-source", single, 1, false, DUAL_BLEND, 0);
   glDisable(GL_BLEND);

   step("clip-vertex-setup");
   glUseProgram(clip_vertex);
   draw_across();
   image("clip-vertex-setup", single, 1, false, CLIP_V, ACROSS);
   step("user-clip-plane");
   static const double plane[4] = {1, 0, 0, 0};
   glClipPlane(GL_CLIP_PLANE0, plane);
   glEnable(GL_CLIP_PLANE0);
   draw_across();
   image("user-clip-plane", single, 1, false, CLIP_V, ACROSS | CLIP_X);
   glDisable(GL_CLIP_PLANE0);

   step("no-colours-setup");
   glUseProgram(generic);
   draw(GL_TRIANGLES);
   image("no-colours-setup", single, 1, false, GENERIC, 0);
   step("no-colours-flat-twoside-clamp");
   glShadeModel(GL_FLAT);
   glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   draw(GL_TRIANGLES);
   image("no-colours-flat-twoside-clamp", single, 1, false, GENERIC, 0);
   glShadeModel(GL_SMOOTH);
   glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);

   step("back-to-base");
   glUseProgram(prog);
   draw(GL_TRIANGLES);
   image("back-to-base", single, 1, false, MAIN, 0);

   /* The same NOS with the geometry stage last before the rasteriser:
    * its outputs are patched, the VS is left as compiled. */
   step("gs-setup");
   glUseProgram(with_gs);
   draw(GL_TRIANGLES);
   image("gs-setup", single, 1, false, MAIN, 0);
   step("gs-flatshade");
   glShadeModel(GL_FLAT);
   draw(GL_TRIANGLES);
   image("gs-flatshade", single, 1, false, MAIN, FLAT);
   glShadeModel(GL_SMOOTH);
   step("gs-twoside");
   glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
   draw(GL_TRIANGLES);
   image("gs-twoside", single, 1, false, MAIN, TWOSIDE);
   glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
   step("gs-clip-planes");
   glEnable(GL_CLIP_DISTANCE0);
   glEnable(GL_CLIP_DISTANCE1);
   draw_across();
   image("gs-clip-planes", single, 1, false, MAIN, ACROSS | CLIP_X | CLIP_Y);
   glDisable(GL_CLIP_DISTANCE0);
   glDisable(GL_CLIP_DISTANCE1);
   step("gs-vertex-color-unclamped");
   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   draw(GL_TRIANGLES);
   image("gs-vertex-color-unclamped", single, 1, false, MAIN, VERTEX_UNCLAMPED);
   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);
   step("gs-back-to-base");
   draw(GL_TRIANGLES);
   image("gs-back-to-base", single, 1, false, MAIN, 0);

   /* And with the tessellation stages: the TES is patched, the VS and the
    * TCS are left as compiled.  Drawn as patches of 3, which the TES
    * turns back into the same triangles (flat shading's provoking vertex
    * is the tessellator's choice: that image is not compared). */
   glPatchParameteri(GL_PATCH_VERTICES, 3);
   step("tess-setup");
   glUseProgram(with_tess);
   draw(GL_PATCHES);
   image("tess-setup", single, 1, false, MAIN, 0);
   step("tess-flatshade");
   glShadeModel(GL_FLAT);
   draw(GL_PATCHES);
   glShadeModel(GL_SMOOTH);
   step("tess-twoside");
   glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
   draw(GL_PATCHES);
   image("tess-twoside", single, 1, false, MAIN, TWOSIDE);
   glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
   step("tess-clip-planes");
   glEnable(GL_CLIP_DISTANCE0);
   glEnable(GL_CLIP_DISTANCE1);
   draw_across_as(GL_PATCHES);
   image("tess-clip-planes", single, 1, false, MAIN, ACROSS | CLIP_X | CLIP_Y);
   glDisable(GL_CLIP_DISTANCE0);
   glDisable(GL_CLIP_DISTANCE1);
   step("tess-vertex-color-unclamped");
   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   draw(GL_PATCHES);
   image("tess-vertex-color-unclamped", single, 1, false, MAIN, VERTEX_UNCLAMPED);
   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);
   step("tess-back-to-base");
   draw(GL_PATCHES);
   image("tess-back-to-base", single, 1, false, MAIN, 0);

   step("end");
   if (monitored)
      monitor_end();
   glDeleteFramebuffers(1, &ms);
   glDeleteFramebuffers(1, &mrt);
   glDeleteFramebuffers(1, &floating);
   if (images)
      fprintf(stderr, "nos-test: images on %s: %u steps wrong\n",
              (const char *)glGetString(GL_RENDERER), wrong);
   /* Destroying the context makes the driver print its counters. */
   const int errors = gl_test_context_finish();
   return wrong ? 1 : errors;
}
