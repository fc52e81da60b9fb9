/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Small GL programs whose command streams check_streams.py reads back
 * (JADE_DEBUG=pb) for the state they must carry:  test-gl-streams CASE
 * with CASE one of: triangle, indexed-instanced, clear, mrt, textured-quad,
 * compute.
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdio.h>
#include <string.h>

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

static const char *fs_src =
   "#version 330\n"
   "in vec4 c;\n"
   "out vec4 o;\n"
   "void main() { o = c; }\n";

int
main(int argc, char **argv)
{
   const char *which = argc > 1 ? argv[1] : "";
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

   static const float pos[] = {-1, -1, 0, 1, 1, -1, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1};
   static const unsigned char color[] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 9};
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

   fprintf(stderr, "streams-test: case %s\n", which);
   if (!strcmp(which, "triangle")) {
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
      GLuint mrt = glCreateProgram();
      glAttachShader(mrt, shader(GL_VERTEX_SHADER, vs_src));
      glAttachShader(mrt, shader(GL_FRAGMENT_SHADER,
         "#version 330\n"
         "in vec4 c;\n"
         "layout(location = 0) out vec4 o0;\n"
         "layout(location = 1) out vec4 o1;\n"
         "layout(location = 2) out uint o2;\n"
         "void main() { o0 = c; o1 = c * 2.0; o2 = uint(c.x * 255.0); }\n"));
      glLinkProgram(mrt);
      glUseProgram(mrt);
      glDrawArrays(GL_TRIANGLES, 0, 3);
   } else if (!strcmp(which, "textured-quad")) {
      /* A mipmapped 64x64 RGBA8 texture, trilinear, clamped, sampled by the
       * fragment shader of a two-triangle strip. */
      static unsigned char texels[64 * 64 * 4];
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexStorage2D(GL_TEXTURE_2D, 7, GL_RGBA8, 64, 64);
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 64, 64, GL_RGBA, GL_UNSIGNED_BYTE, texels);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
      GLuint tp = glCreateProgram();
      glAttachShader(tp, shader(GL_VERTEX_SHADER, vs_src));
      glAttachShader(tp, shader(GL_FRAGMENT_SHADER,
         "#version 330\n"
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
      GLuint cs = shader(GL_COMPUTE_SHADER,
         gl_test_shared_cs);
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
      fprintf(stderr, "streams-test: samples %llu elapsed %llu timestamp %llu "
              "conditional %llu skipped %llu\n",
              (unsigned long long)samples, (unsigned long long)elapsed,
              (unsigned long long)stamp, (unsigned long long)rendered,
              (unsigned long long)skipped);
   } else {
      fprintf(stderr, "unknown case %s\n", which);
      return 1;
   }
   return gl_test_context_finish();
}
