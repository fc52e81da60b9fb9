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

static GLuint
program(const char *vs, const char *fs, bool dual_source)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
   glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
   if (dual_source) {
      glBindFragDataLocationIndexed(p, 0, 0, "c0");
      glBindFragDataLocationIndexed(p, 0, 1, "c1");
   }
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
static const char *vs_src =
   "#version 130\n"
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

static const char *clip_vertex_vs_src =
   "#version 120\n"
   "varying vec4 v;\n"
   "void main() {\n"
   "   gl_Position = gl_Vertex;\n"
   "   gl_ClipVertex = gl_Vertex * 0.5;\n"
   "   v = gl_Vertex;\n"
   "}\n";

static const char *generic_vs_src =
   "#version 130\n"
   "out vec4 v;\n"
   "void main() {\n"
   "   gl_Position = gl_Vertex;\n"
   "   v = gl_Vertex * 2.0;\n"
   "}\n";

static const char *generic_fs_src =
   "#version 130\n"
   "in vec4 v;\n"
   "void main() {\n"
   "   gl_FragColor = v;\n"
   "}\n";

static const char *dual_fs_src =
   "#version 130\n"
   "in vec4 v;\n"
   "out vec4 c0, c1;\n"
   "void main() {\n"
   "   c0 = gl_Color;\n"
   "   c1 = v;\n"
   "}\n";

/* The driver's counters through AMD_performance_monitor: one monitor over
 * every step after setup. */
static GLuint monitor, group, counters[4];
static const char *const counter_names[4] = {
   "jade-compiles", "jade-links", "jade-link-cache-hits", "jade-patches",
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
   fprintf(stderr, "nos-test: counters over the steps: %" PRIu64 " compiles, %" PRIu64
           " links, %" PRIu64 " hits, %" PRIu64 " patches\n", value[0], value[1], value[2],
           value[3]);
}

static void
step(const char *name)
{
   fflush(stdout);
   fprintf(stderr, "nos-test: step %s\n", name);
}

static void
draw(GLenum mode)
{
   glDrawArrays(mode, 0, 3);
   glFlush();
}

static GLuint
fbo(int samples, int targets)
{
   GLuint fb, rb[2];
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glGenRenderbuffers(targets, rb);
   for (int t = 0; t < targets; t++) {
      glBindRenderbuffer(GL_RENDERBUFFER, rb[t]);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, 32, 32);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + t, GL_RENDERBUFFER, rb[t]);
   }
   static const GLenum bufs[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   glDrawBuffers(targets, bufs);
   return fb;
}

int
main(void)
{
   if (!gl_test_context_create(3, 0, false))
      return 1;
   step("setup");
   GLuint prog = program(vs_src, fs_src, false);
   GLuint dual = program(vs_src, dual_fs_src, true);
   GLuint clip_vertex = program(clip_vertex_vs_src, dual_fs_src, false);
   GLuint generic = program(generic_vs_src, generic_fs_src, false);
   static const float verts[] = {-1, -1, 0, 1, 1, -1, 0, 1, 0, 1, 0, 1};
   GLuint vbo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW);
   glVertexPointer(4, GL_FLOAT, 0, NULL);
   glEnableClientState(GL_VERTEX_ARRAY);
   glColor4f(1, 0, 0, 1);
   GLuint single = fbo(0, 1);
   glUseProgram(prog);
   draw(GL_TRIANGLES);

   bool monitored = monitor_begin();
   if (!monitored)
      fprintf(stderr, "nos-test: no AMD_performance_monitor group with Jade's counters\n");

   step("base");
   draw(GL_TRIANGLES);

   step("flatshade");
   glShadeModel(GL_FLAT);
   draw(GL_TRIANGLES);
   step("smooth-again");
   glShadeModel(GL_SMOOTH);
   draw(GL_TRIANGLES);

   step("twoside");
   glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
   draw(GL_TRIANGLES);
   glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);

   step("clip-planes");
   glEnable(GL_CLIP_DISTANCE0);
   glEnable(GL_CLIP_DISTANCE1);
   draw(GL_TRIANGLES);
   glDisable(GL_CLIP_DISTANCE0);
   glDisable(GL_CLIP_DISTANCE1);

   step("point-sprite");
   glEnable(GL_POINT_SPRITE);
   glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
   draw(GL_POINTS);
   step("points-without-sprite");
   glDisable(GL_POINT_SPRITE);
   draw(GL_POINTS);

   step("vertex-color-unclamped");
   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   draw(GL_TRIANGLES);
   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);

   step("fragment-color-unclamped");
   glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
   draw(GL_TRIANGLES);
   glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FIXED_ONLY);

   step("alpha-test");
   glEnable(GL_ALPHA_TEST);
   glAlphaFunc(GL_GREATER, 0.5f);
   draw(GL_TRIANGLES);
   glDisable(GL_ALPHA_TEST);

   step("provoking-vertex");
   glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
   draw(GL_TRIANGLES);
   glProvokingVertex(GL_LAST_VERTEX_CONVENTION);

   step("msaa");
   GLuint ms = fbo(4, 1);
   draw(GL_TRIANGLES);

   step("sample-shading");
   PFNGLMINSAMPLESHADINGARBPROC min_sample_shading =
      (void *)eglGetProcAddress("glMinSampleShadingARB");
   if (min_sample_shading) {
      glEnable(GL_SAMPLE_SHADING_ARB);
      min_sample_shading(1.0f);
   }
   draw(GL_TRIANGLES);
   step("sample-shading-off");
   glDisable(GL_SAMPLE_SHADING_ARB);
   draw(GL_TRIANGLES);

   step("mrt-broadcast");
   GLuint mrt = fbo(0, 2);
   draw(GL_TRIANGLES);

   step("dual-source-setup");
   glBindFramebuffer(GL_FRAMEBUFFER, single);
   glUseProgram(dual);
   draw(GL_TRIANGLES);
   step("dual-source");
   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_SRC1_COLOR);
   draw(GL_TRIANGLES);
   glDisable(GL_BLEND);

   step("clip-vertex-setup");
   glUseProgram(clip_vertex);
   draw(GL_TRIANGLES);
   step("user-clip-plane");
   static const double plane[4] = {1, 0, 0, 0};
   glClipPlane(GL_CLIP_PLANE0, plane);
   glEnable(GL_CLIP_PLANE0);
   draw(GL_TRIANGLES);
   glDisable(GL_CLIP_PLANE0);

   step("no-colours-setup");
   glUseProgram(generic);
   draw(GL_TRIANGLES);
   step("no-colours-flat-twoside-clamp");
   glShadeModel(GL_FLAT);
   glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   draw(GL_TRIANGLES);
   glShadeModel(GL_SMOOTH);
   glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);

   step("back-to-base");
   glUseProgram(prog);
   draw(GL_TRIANGLES);

   step("end");
   if (monitored)
      monitor_end();
   glDeleteFramebuffers(1, &ms);
   glDeleteFramebuffers(1, &mrt);
   /* Destroying the context makes the driver print its counters. */
   return gl_test_context_finish();
}
