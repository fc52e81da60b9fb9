/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * test-gl-orphan MODE: 64 one-pixel points drawn from one buffer object
 * whose contents are replaced before each draw, the ways applications
 * stream data, each draw queued behind the others:
 *   buffer-data    glBufferData(NULL) then glBufferSubData of the vertex
 *   map-invalidate glMapBufferRange(GL_MAP_INVALIDATE_BUFFER_BIT)
 *   ubo            the vertex in one buffer; the colour in a uniform
 *                  buffer orphaned with glBufferData(data) each draw
 * Each point must come out with its own colour: a draw that read the data
 * of a later one (storage replaced under work still queued, or a map of
 * the new storage not waiting for the GPU) shows.  With the threaded
 * context these are its buffer invalidations (replace_buffer_storage),
 * without it (JADE_DEBUG=notc) the driver's own storage swaps.  Checked
 * on the executing shim; first checked on llvmpipe.
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include "gl_test_context.h"

#define SIZE   8
#define POINTS (SIZE * SIZE)

static const char *const vs_src = "#version 330\n"
                                  "layout(location = 0) in vec4 pos;\n"
                                  "layout(location = 1) in vec4 col;\n"
                                  "out vec4 c;\n"
                                  "void main() { gl_Position = pos; c = col; }\n";
static const char *const fs_src = "#version 330\n"
                                  "in vec4 c;\n"
                                  "out vec4 o;\n"
                                  "void main() { o = c; }\n";
static const char *const ubo_vs_src = "#version 330\n"
                                      "layout(location = 0) in vec4 pos;\n"
                                      "layout(std140) uniform U { vec4 col; };\n"
                                      "out vec4 c;\n"
                                      "void main() { gl_Position = pos; c = col; }\n";

static void
vertex(unsigned i, float v[8])
{
   v[0] = 2.0f * ((float)(i % SIZE) + 0.5f) / SIZE - 1.0f;
   v[1] = 2.0f * ((float)(i / SIZE) + 0.5f) / SIZE - 1.0f;
   v[2] = 0.0f;
   v[3] = 1.0f;
   v[4] = (float)((i * 37) % 256) / 255.0f;
   v[5] = (float)((i * 11 + 5) % 256) / 255.0f;
   v[6] = (float)i / (POINTS - 1);
   v[7] = 1.0f;
}

static int
run(const char *mode)
{
   const bool ubo = !strcmp(mode, "ubo");
   const bool map = !strcmp(mode, "map-invalidate");
   if (!ubo && !map && strcmp(mode, "buffer-data")) {
      fprintf(stderr, "unknown mode %s\n", mode);
      return 2;
   }
   GLuint p = glCreateProgram();
   glAttachShader(p, gl_test_compile(GL_VERTEX_SHADER, ubo ? ubo_vs_src : vs_src));
   glAttachShader(p, gl_test_compile(GL_FRAGMENT_SHADER, fs_src));
   if (!gl_test_link(p))
      return 1;
   static const float none[4];
   gl_test_draw_target(GL_RGBA8, SIZE, none, 1, 0.0f);
   GLuint ub = 0;
   if (ubo) {
      glGenBuffers(1, &ub);
      glBindBufferBase(GL_UNIFORM_BUFFER, 0, ub);
      glUniformBlockBinding(p, glGetUniformBlockIndex(p, "U"), 0);
   } else {
      glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 32, (void *)16);
      glEnableVertexAttribArray(1);
      glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 32, NULL);
   }

   for (unsigned i = 0; i < POINTS; i++) {
      float v[8];
      vertex(i, v);
      if (ubo) {
         glBufferData(GL_ARRAY_BUFFER, 16, v, GL_STREAM_DRAW);
         glBufferData(GL_UNIFORM_BUFFER, 16, v + 4, GL_STREAM_DRAW);
      } else if (map) {
         if (!i)
            glBufferData(GL_ARRAY_BUFFER, sizeof(v), NULL, GL_STREAM_DRAW);
         float *m = glMapBufferRange(GL_ARRAY_BUFFER, 0, sizeof(v),
                                     GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
         if (!m) {
            fprintf(stderr, "map %u failed\n", i);
            return 1;
         }
         memcpy(m, v, sizeof(v));
         glUnmapBuffer(GL_ARRAY_BUFFER);
      } else {
         glBufferData(GL_ARRAY_BUFFER, sizeof(v), NULL, GL_STREAM_DRAW);
         glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(v), v);
      }
      glDrawArrays(GL_POINTS, 0, 1);
   }

   static unsigned char px[SIZE * SIZE][4];
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, px);
   unsigned bad = 0;
   for (unsigned i = 0; i < POINTS; i++) {
      float v[8];
      vertex(i, v);
      for (unsigned k = 0; k < 4; k++) {
         const int want = (int)(v[4 + k] * 255.0f + 0.5f);
         if (abs(px[i][k] - want) > 1) {
            if (bad++ < 8)
               fprintf(stderr, "pixel (%u, %u) channel %u: %u, want %d\n", i % SIZE, i / SIZE, k,
                       px[i][k], want);
            break;
         }
      }
   }
   fprintf(stderr, "orphan-test %s: %u of %u points wrong\n", mode, bad, POINTS);
   glDeleteBuffers(1, &ub);
   glDeleteProgram(p);
   return bad != 0;
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: %s buffer-data|map-invalidate|ubo\n", argv[0]);
      return 2;
   }
   if (!gl_test_context_create(3, 3, true))
      return 1;
   const int failed = run(argv[1]);
   const int errors = gl_test_context_finish();
   return failed ? failed : errors;
}
