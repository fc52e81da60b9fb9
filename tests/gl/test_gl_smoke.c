/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * GL through the whole stack (EGL surfaceless -> st/mesa -> Jade -> DRM
 * layer -> drm-shim), one case per run:  test-gl-smoke CASE
 * Run it under ci/with-jade.  Nothing is drawn yet; these cases check the
 * paths that work without rendering: clears and read-back, buffer and
 * texture uploads, copies, fences, and that shaders and draws are accepted.
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include "gl_test_context.h"

#define CHECK(cond)                                                                                \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                  \
         return 1;                                                                                 \
      }                                                                                            \
   } while (0)

#define CHECK_GL() CHECK(glGetError() == GL_NO_ERROR)

/* A framebuffer with an RGBA8 colour and a depth/stencil renderbuffer. */
static GLuint
make_fbo(int w, int h)
{
   GLuint fbo, rb[2];
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, w, h);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   return fbo;
}

/* Texel data through block-linear images and back: every level of a
 * mipmapped 2D array and of a 3D texture, with odd sizes, uploaded with
 * glTexSubImage3D and read with glGetTexImage (transfers detile and tile
 * on the CPU).  Clears go through the hardware now: the golden stream
 * test "clear" checks them. */
static int
test_texture_roundtrip(void)
{
   static const struct {
      GLenum target;
      int w, h, d;
   } cases[] = {
      {GL_TEXTURE_2D_ARRAY, 67, 33, 5},
      {GL_TEXTURE_3D, 19, 70, 9},
   };
   for (unsigned c = 0; c < 2; c++) {
      const int w0 = cases[c].w, h0 = cases[c].h, d0 = cases[c].d;
      const bool is_3d = cases[c].target == GL_TEXTURE_3D;
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(cases[c].target, tex);
      int levels = 1;
      while ((w0 >> levels) || (h0 >> levels))
         levels++;
      glTexStorage3D(cases[c].target, levels, GL_RGBA8, w0, h0, d0);
      CHECK_GL();
      for (int l = 0; l < levels; l++) {
         const int w = w0 >> l ? w0 >> l : 1, h = h0 >> l ? h0 >> l : 1;
         const int d = is_3d ? (d0 >> l ? d0 >> l : 1) : d0;
         const size_t n = (size_t)w * h * d * 4;
         uint8_t *data = malloc(n), *back = calloc(1, n);
         for (size_t i = 0; i < n; i++)
            data[i] = (uint8_t)(i * 13 + l * 7 + c);
         glTexSubImage3D(cases[c].target, l, 0, 0, 0, w, h, d, GL_RGBA, GL_UNSIGNED_BYTE, data);
         glGetTexImage(cases[c].target, l, GL_RGBA, GL_UNSIGNED_BYTE, back);
         CHECK_GL();
         const bool same = !memcmp(data, back, n);
         if (!same)
            fprintf(stderr, "texture-roundtrip: case %u level %d differs\n", c, l);
         free(data);
         free(back);
         CHECK(same);
      }
      /* A sub-box of level 0 lands where it should. */
      uint8_t red[3 * 2 * 2 * 4];
      memset(red, 0xff, sizeof(red));
      glTexSubImage3D(cases[c].target, 0, 5, 7, 1, 3, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, red);
      const size_t n0 = (size_t)w0 * h0 * d0 * 4;
      uint8_t *all = malloc(n0);
      glGetTexImage(cases[c].target, 0, GL_RGBA, GL_UNSIGNED_BYTE, all);
      CHECK(all[((1 * h0 + 7) * w0 + 5) * 4] == 0xff);
      CHECK(all[((2 * h0 + 8) * w0 + 7) * 4 + 3] == 0xff);
      CHECK(all[((1 * h0 + 7) * w0 + 4) * 4] == (uint8_t)(((1 * h0 + 7) * w0 + 4) * 4 * 13 + c));
      free(all);
      glDeleteTextures(1, &tex);
   }
   return 0;
}

static int
test_buffers(void)
{
   enum { N = 4096 };
   static uint32_t data[N], back[N];
   for (unsigned i = 0; i < N; i++)
      data[i] = i * 2654435761u;

   GLuint buf[2];
   glGenBuffers(2, buf);
   glBindBuffer(GL_COPY_READ_BUFFER, buf[0]);
   glBufferData(GL_COPY_READ_BUFFER, sizeof(data), data, GL_STATIC_DRAW);
   const uint32_t patch[4] = {1, 2, 3, 4};
   glBufferSubData(GL_COPY_READ_BUFFER, 64, sizeof(patch), patch);
   memcpy((uint8_t *)data + 64, patch, sizeof(patch));
   CHECK_GL();

   glGetBufferSubData(GL_COPY_READ_BUFFER, 0, sizeof(back), back);
   CHECK(!memcmp(data, back, sizeof(data)));

   /* Buffer-to-buffer copy, read back through a mapping. */
   glBindBuffer(GL_COPY_WRITE_BUFFER, buf[1]);
   glBufferData(GL_COPY_WRITE_BUFFER, sizeof(data), NULL, GL_STREAM_READ);
   glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 256, 0, 1024);
   const uint8_t *map = glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, 1024, GL_MAP_READ_BIT);
   CHECK(map);
   CHECK(!memcmp(map, (uint8_t *)data + 256, 1024));
   CHECK(glUnmapBuffer(GL_COPY_WRITE_BUFFER));

   /* Writing through a mapping. */
   uint32_t *wmap =
      glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, 16, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
   CHECK(wmap);
   wmap[0] = 0xcafe;
   CHECK(glUnmapBuffer(GL_COPY_WRITE_BUFFER));
   uint32_t first = 0;
   glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, 4, &first);
   CHECK(first == 0xcafe);
   CHECK_GL();
   glDeleteBuffers(2, buf);
   return 0;
}

static int
test_texture_upload(void)
{
   enum { W = 37, H = 19 }; /* odd sizes: rows are padded in the resource */
   static uint8_t texels[W * H * 4], back[W * H * 4];
   for (unsigned i = 0; i < sizeof(texels); i++)
      texels[i] = i * 7;

   GLuint tex, fbo;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   CHECK_GL();

   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK_GL();
   CHECK(!memcmp(texels, back, sizeof(back)));

   /* A sub-image update lands where it should. */
   const uint8_t red[4 * 4 * 4] = {[0 ... 63] = 0xff};
   glTexSubImage2D(GL_TEXTURE_2D, 0, 5, 6, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, red);
   glReadPixels(5, 6, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(back[0] == 0xff && back[3] == 0xff);
   glReadPixels(4, 6, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(back[0] == texels[(6 * W + 4) * 4]);
   CHECK_GL();
   return 0;
}

static int
test_fences(void)
{
   make_fbo(16, 16);
   glClear(GL_COLOR_BUFFER_BIT);
   GLsync sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   CHECK(sync);
   GLenum status = glClientWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ull);
   CHECK(status == GL_ALREADY_SIGNALED || status == GL_CONDITION_SATISFIED);
   glDeleteSync(sync);
   glFinish();
   CHECK_GL();
   return 0;
}

static int
test_shaders_and_draws_accepted(void)
{
   make_fbo(16, 16);
   GLuint vs =
      gl_test_compile(GL_VERTEX_SHADER, "#version 330 core\n"
                                        "layout(location = 0) in vec4 pos;\n"
                                        "out vec2 uv;\n"
                                        "void main() { uv = pos.xy; gl_Position = pos; }\n");
   GLuint fs = gl_test_compile(GL_FRAGMENT_SHADER, "#version 330 core\n"
                                                   "in vec2 uv;\n"
                                                   "uniform sampler2D tex;\n"
                                                   "out vec4 color;\n"
                                                   "void main() { color = texture(tex, uv); }\n");
   CHECK(vs && fs);
   GLuint prog = glCreateProgram();
   glAttachShader(prog, vs);
   glAttachShader(prog, fs);
   glLinkProgram(prog);
   GLint linked = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &linked);
   CHECK(linked);
   glUseProgram(prog);

   const float verts[] = {-1, -1, 0, 1, 3, -1, 0, 1, -1, 3, 0, 1};
   GLuint vao, vbo;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 4);
   glFinish();
   CHECK_GL();
   return 0;
}

static const struct gl_test_case cases[] = {
   {"texture-roundtrip", test_texture_roundtrip},
   {"buffers", test_buffers},
   {"texture-upload", test_texture_upload},
   {"fences", test_fences},
   {"shaders-and-draws-accepted", test_shaders_and_draws_accepted},
};

int
main(int argc, char **argv)
{
   return gl_test_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
