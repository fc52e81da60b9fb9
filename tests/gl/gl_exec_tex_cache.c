/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Texel fetches after the GPU wrote the texture, on the executing shim
 * (ci/with-jade --exec): the GPU's texture data cache is not updated by
 * writes (clc597.h/clc5c0.h INVALIDATE_TEXTURE_DATA_CACHE), so each case
 * first fetches every texel of an r32ui texture from a compute shader
 * (the lines are then cached), has the GPU write the texture, fetches
 * again in the same submission and checks every word.
 * test-gl-exec-tex-cache CASE, CASE one of
 *   image-store  a compute shader's imageStore, then
 *                glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
 *   clear        glClearBufferuiv of a framebuffer the texture is
 *                attached to (a framebuffer write: no barrier needed),
 *                fetched by draws (a fragment shader into two r32ui
 *                targets) instead of compute.
 * Exits 0 when every word is right, 1 (with the first wrong ones) if not.
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdio.h>
#include <string.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include "gl_test_context.h"

#define W 16
#define H 16
#define N (W * H)

static const char *const fetch_src =
   "#version 330\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_storage_buffer_object : require\n"
   "layout(local_size_x = 16, local_size_y = 16) in;\n"
   "layout(std430, binding = 0) buffer B { uint data[]; };\n"
   "uniform usampler2D t;\n"
   "uniform uint base;\n"
   "void main() {\n"
   "   ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
   "   data[base + uint(p.y * 16 + p.x)] = texelFetch(t, p, 0).r;\n"
   "}\n";

static const char *const store_src =
   "#version 330\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_image_load_store : require\n"
   "layout(local_size_x = 16, local_size_y = 16) in;\n"
   "layout(r32ui) writeonly uniform uimage2D img;\n"
   "void main() {\n"
   "   ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
   "   imageStore(img, p, uvec4(uint(5000 + p.y * 16 + p.x), 0u, 0u, 0u));\n"
   "}\n";

static GLuint fetch_prog, tex;

static void
setup(void)
{
   static GLuint v[N];
   for (unsigned i = 0; i < N; i++)
      v[i] = 1000 + i;
   glGenTextures(1, &tex);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, W, H);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, W, H, GL_RED_INTEGER, GL_UNSIGNED_INT, v);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   fetch_prog = gl_test_compute_program(fetch_src);
   glUniform1i(glGetUniformLocation(fetch_prog, "t"), 0);
   gl_test_storage(2 * N);
}

static void
fetch(unsigned base)
{
   glUseProgram(fetch_prog);
   glUniform1ui(glGetUniformLocation(fetch_prog, "base"), base);
   glDispatchCompute(1, 1, 1);
   glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
}

/* The first fetch read the upload, the second what the image store wrote. */
static int
check(const char *what)
{
   const GLuint *d = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 2 * N * 4, GL_MAP_READ_BIT);
   if (!d) {
      fprintf(stderr, "cannot map the result\n");
      return 1;
   }
   unsigned bad = 0;
   for (unsigned i = 0; i < 2 * N; i++) {
      const GLuint want = i < N ? 1000 + i : 5000 + i - N;
      if (d[i] != want && bad++ < 8)
         fprintf(stderr, "%s: word %u (%s fetch) 0x%x (%u), want %u\n", what, i,
                 i < N ? "first" : "second", d[i], d[i], want);
   }
   glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
   fprintf(stderr, "exec-tex-cache: %s: %u words wrong\n", what, bad);
   return bad != 0;
}

static int
image_store(void)
{
   setup();
   fetch(0);
   GLuint store = gl_test_compute_program(store_src);
   glBindImageTexture(0, tex, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
   glUniform1i(glGetUniformLocation(store, "img"), 0);
   glDispatchCompute(1, 1, 1);
   glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
   fetch(N);
   return check("image-store");
}

static const char *const quad_vs =
   "#version 330\n"
   "void main() {\n"
   "   vec2 p = vec2(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID & 2) * 2 - 1));\n"
   "   gl_Position = vec4(p, 0.0, 1.0);\n"
   "}\n";

static const char *const fetch_fs =
   "#version 330\n"
   "uniform usampler2D t;\n"
   "out uint o;\n"
   "void main() { o = texelFetch(t, ivec2(gl_FragCoord.xy), 0).r; }\n";

static GLuint
target(GLuint t)
{
   GLuint fb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fprintf(stderr, "an r32ui framebuffer is incomplete\n");
   return fb;
}

static GLuint
r32ui(void)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, W, H);
   return t;
}

/* Draws (a triangle over the 16 x 16 target) fetch the texture into r1,
 * the texture is cleared through a framebuffer, draws fetch it into r2:
 * all in one submission; r1 and r2 are read back after. */
static int
clear(void)
{
   setup();
   GLuint r[2] = {r32ui(), r32ui()};
   GLuint fb_r[2] = {target(r[0]), target(r[1])}, fb_t = target(tex);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   GLuint prog = glCreateProgram();
   glAttachShader(prog, gl_test_compile(GL_VERTEX_SHADER, quad_vs));
   glAttachShader(prog, gl_test_compile(GL_FRAGMENT_SHADER, fetch_fs));
   glLinkProgram(prog);
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "t"), 0);
   GLuint vao;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glViewport(0, 0, W, H);

   glBindFramebuffer(GL_FRAMEBUFFER, fb_r[0]);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glBindFramebuffer(GL_FRAMEBUFFER, fb_t);
   static const GLuint value[4] = {7777, 0, 0, 0};
   glClearBufferuiv(GL_COLOR, 0, value);
   glBindFramebuffer(GL_FRAMEBUFFER, fb_r[1]);
   glDrawArrays(GL_TRIANGLES, 0, 3);

   unsigned bad = 0;
   for (unsigned k = 0; k < 2; k++) {
      static GLuint d[N];
      glBindFramebuffer(GL_FRAMEBUFFER, fb_r[k]);
      glReadPixels(0, 0, W, H, GL_RED_INTEGER, GL_UNSIGNED_INT, d);
      for (unsigned i = 0; i < N; i++) {
         const GLuint want = k ? 7777 : 1000 + i;
         if (d[i] != want && bad++ < 8)
            fprintf(stderr, "clear: texel %u (%s fetch) 0x%x (%u), want %u\n", i,
                    k ? "second" : "first", d[i], d[i], want);
      }
   }
   fprintf(stderr, "exec-tex-cache: clear: %u words wrong\n", bad);
   return bad != 0;
}

static const struct gl_test_case cases[] = {
   {"image-store", image_store},
   {"clear", clear},
};

int
main(int argc, char **argv)
{
   return gl_test_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
