/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * One soak iteration: every kind of object made, used, checked and
 * destroyed in the calling thread's context.  What the CPU wrote is
 * always checked (the noop shim keeps it); what the GPU wrote (pixels,
 * query results, compute output) only with gpu_results.
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include "soak.h"

const char *const soak_kind_names[SOAK_KINDS] = {
   [SOAK_CONTEXT] = "context",       [SOAK_BUFFER] = "buffer",   [SOAK_TEXTURE] = "texture",
   [SOAK_PROGRAM] = "program",       [SOAK_QUERY] = "query",     [SOAK_FENCE_WRITE] = "fence-write",
   [SOAK_FENCE_READ] = "fence-read", [SOAK_COMPUTE] = "compute",
};

/* Program variants per kind: enough that the compiler runs all the time,
 * few enough that whatever caches programs reaches a steady state. */
#define VARIANTS 8

static uint32_t
word(uint32_t seed, uint32_t i)
{
   return seed ^ (i * 2654435761u);
}

static void
check_gl(struct soak_thread *t, const char *what)
{
   for (GLenum e; (e = glGetError()) != GL_NO_ERROR;)
      soak_fail(t, "%s: GL error 0x%04x", what, e);
}

/* First differing word of n, or -1. */
static long
differs(const uint32_t *a, const uint32_t *b, size_t n)
{
   for (size_t i = 0; i < n; i++)
      if (a[i] != b[i])
         return (long)i;
   return -1;
}

static void
check_words(struct soak_thread *t, const char *what, const uint32_t *want, const uint32_t *got,
            size_t n)
{
   long i = differs(want, got, n);
   if (i >= 0)
      soak_fail(t, "%s: word %ld of %zu is 0x%08x, not 0x%08x", what, i, n, got[i], want[i]);
}

static GLuint
compile(struct soak_thread *t, GLenum stage, const char *src)
{
   GLuint s = glCreateShader(stage);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   GLint ok = 0;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      glGetShaderInfoLog(s, sizeof(log), NULL, log);
      soak_fail(t, "compile: %s", log);
   }
   return s;
}

/* A linked program of the shaders (deleted: the program keeps them), or
 * 0 with a failure counted. */
static GLuint
link(struct soak_thread *t, GLuint a, GLuint b)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, a);
   if (b)
      glAttachShader(p, b);
   glLinkProgram(p);
   glDeleteShader(a);
   if (b)
      glDeleteShader(b);
   GLint ok = 0;
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      glGetProgramInfoLog(p, sizeof(log), NULL, log);
      soak_fail(t, "link: %s", log);
      glDeleteProgram(p);
      return 0;
   }
   return p;
}

/* ------------------------------------------------------------- buffers */

static void
soak_buffer(struct soak_thread *t, uint32_t seed)
{
   const size_t n = 1024 + (t->iteration % 7) * 96;
   uint32_t *want = malloc(n * 4), *got = calloc(n, 4);
   for (size_t i = 0; i < n; i++)
      want[i] = word(seed, (uint32_t)i);
   GLuint b;
   glGenBuffers(1, &b);
   glBindBuffer(GL_COPY_WRITE_BUFFER, b);
   glBufferData(GL_COPY_WRITE_BUFFER, n * 4, want, GL_DYNAMIC_DRAW);
   uint32_t patch[16];
   for (unsigned i = 0; i < 16; i++)
      patch[i] = want[64 + i] = ~word(seed, i);
   glBufferSubData(GL_COPY_WRITE_BUFFER, 64 * 4, sizeof(patch), patch);

   const uint32_t *map = glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, n * 4, GL_MAP_READ_BIT);
   if (map) {
      check_words(t, "buffer map", want, map, n);
      glUnmapBuffer(GL_COPY_WRITE_BUFFER);
   } else {
      soak_fail(t, "buffer: no read mapping");
   }
   uint32_t *w = glMapBufferRange(GL_COPY_WRITE_BUFFER, 32, 16,
                                  GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
   if (w) {
      for (unsigned i = 0; i < 4; i++)
         w[i] = want[8 + i] = seed + i;
      glUnmapBuffer(GL_COPY_WRITE_BUFFER);
   } else {
      soak_fail(t, "buffer: no write mapping");
   }
   glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, n * 4, got);
   check_words(t, "buffer read back", want, got, n);
   glDeleteBuffers(1, &b);
   check_gl(t, "buffer");
   free(want);
   free(got);
   t->counts[SOAK_BUFFER]++;
}

/* ------------------------------------------------------------ textures */

static void
soak_texture(struct soak_thread *t, uint32_t seed)
{
   const int w = 13 + (int)(t->iteration % 5) * 4, h = 9 + (int)(t->iteration % 3) * 5;
   uint32_t *want = malloc((size_t)w * h * 4), *got = calloc((size_t)w * h, 4);
   for (int i = 0; i < w * h; i++)
      want[i] = word(seed, (uint32_t)i);
   GLuint tex, fbo;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, want);
   uint32_t block[3 * 3];
   for (int i = 0; i < 9; i++)
      block[i] = ~seed + (uint32_t)i;
   glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 1, 3, 3, GL_RGBA, GL_UNSIGNED_BYTE, block);
   for (int y = 0; y < 3; y++)
      for (int x = 0; x < 3; x++)
         want[(1 + y) * w + 2 + x] = block[y * 3 + x];

   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      soak_fail(t, "texture: framebuffer incomplete");
   glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, got);
   check_words(t, "texture read back", want, got, (size_t)w * h);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &tex);
   check_gl(t, "texture");
   free(want);
   free(got);
   t->counts[SOAK_TEXTURE]++;
}

/* -------------------------------------------------- programs and queries */

enum { TARGET = 16 };

static void
soak_program(struct soak_thread *t)
{
   const unsigned v = (unsigned)(t->iteration % VARIANTS);
   static const char vs[] = "#version 330\n"
                            "layout(location = 0) in vec2 p;\n"
                            "void main() { gl_Position = vec4(p, 0.0, 1.0); }\n";
   char fs[256];
   snprintf(fs, sizeof(fs),
            "#version 330\n"
            "uniform vec4 c;\n"
            "out vec4 o;\n"
            "void main() { o = c + vec4(%u.0 / 255.0, 0.0, 0.0, 0.0); }\n",
            v);
   GLuint p = link(t, compile(t, GL_VERTEX_SHADER, vs), compile(t, GL_FRAGMENT_SHADER, fs));
   if (!p)
      return;
   glUseProgram(p);
   const unsigned r = 16 * (t->index % 8), g = (unsigned)(t->iteration * 7 % 256), b = 200;
   glUniform4f(glGetUniformLocation(p, "c"), r / 255.0f, g / 255.0f, b / 255.0f, 1.0f);

   GLuint fbo, rb, vao, vb, q[2];
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, TARGET, TARGET);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glViewport(0, 0, TARGET, TARGET);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   static const float tri[] = {-1, -1, 3, -1, -1, 3}; /* covers the target */
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);

   glGenQueries(2, q);
   glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   glBeginQuery(GL_PRIMITIVES_GENERATED, q[1]);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glEndQuery(GL_PRIMITIVES_GENERATED);
   glEndQuery(GL_SAMPLES_PASSED);

   uint8_t px[TARGET * TARGET * 4];
   glReadPixels(0, 0, TARGET, TARGET, GL_RGBA, GL_UNSIGNED_BYTE, px);
   GLuint samples = 0, prims = 0;
   glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &samples);
   glGetQueryObjectuiv(q[1], GL_QUERY_RESULT, &prims);
   if (t->shared->gpu_results) {
      const uint8_t want[4] = {(uint8_t)(r + v), (uint8_t)g, (uint8_t)b, 255};
      for (unsigned i = 0; i < TARGET * TARGET; i++) {
         const uint8_t *at = px + i * 4;
         bool same = true;
         for (unsigned k = 0; k < 4; k++)
            same &= abs((int)at[k] - (int)want[k]) <= 1;
         if (!same) {
            soak_fail(t, "draw: pixel %u is %u,%u,%u,%u, not %u,%u,%u,%u", i, at[0], at[1], at[2],
                      at[3], want[0], want[1], want[2], want[3]);
            break;
         }
      }
      if (samples != TARGET * TARGET || prims != 1)
         soak_fail(t, "queries: %u samples passed, %u primitives, not %u and 1", samples, prims,
                   TARGET * TARGET);
   }
   glDeleteQueries(2, q);
   glBindVertexArray(0);
   glDeleteVertexArrays(1, &vao);
   glDeleteBuffers(1, &vb);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(1, &rb);
   glUseProgram(0);
   glDeleteProgram(p);
   check_gl(t, "program");
   t->counts[SOAK_PROGRAM]++;
   t->counts[SOAK_QUERY]++;
}

/* --------------------------------------------------------------- compute */

/* data[i] = stamp ^ i * 2654435761 (word()) + variant, 64 words a group. */
static GLuint
compute_program(struct soak_thread *t, unsigned variant)
{
   char cs[512];
   snprintf(cs, sizeof(cs),
            "#version 430\n"
            "layout(local_size_x = 64) in;\n"
            "layout(std430, binding = 0) buffer B { uint data[]; };\n"
            "uniform uint stamp;\n"
            "void main() {\n"
            "   uint i = gl_GlobalInvocationID.x;\n"
            "   data[i] = (stamp ^ (i * 2654435761u)) + %uu;\n"
            "}\n",
            variant);
   return link(t, compile(t, GL_COMPUTE_SHADER, cs), 0);
}

static void
soak_compute(struct soak_thread *t, uint32_t seed)
{
   const unsigned v = (unsigned)(t->iteration % VARIANTS),
                  groups = 1 + (unsigned)(t->iteration % 4);
   const size_t n = groups * 64;
   GLuint p = compute_program(t, v);
   if (!p)
      return;
   glUseProgram(p);
   glUniform1ui(glGetUniformLocation(p, "stamp"), seed);
   GLuint b;
   glGenBuffers(1, &b);
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   glBufferData(GL_SHADER_STORAGE_BUFFER, n * 4, NULL, GL_DYNAMIC_READ);
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
   glDispatchCompute(groups, 1, 1);
   glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   uint32_t got[4 * 64], want[4 * 64];
   glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, n * 4, got);
   if (t->shared->gpu_results) {
      for (size_t i = 0; i < n; i++)
         want[i] = word(seed, (uint32_t)i) + v;
      check_words(t, "compute", want, got, n);
   }
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
   glDeleteBuffers(1, &b);
   glUseProgram(0);
   glDeleteProgram(p);
   check_gl(t, "compute");
   t->counts[SOAK_COMPUTE]++;
}

/* ------------------------------------------------------ fences across threads */

enum { SLOT_WORDS = 64 };

/* Fills this thread's slot of the shared buffer (by the CPU, or where
 * GPUs run every other time by a compute dispatch), fences it and posts
 * the fence, unless the reader has not taken the last one yet. */
static void
soak_fence_write(struct soak_thread *t, uint32_t stamp)
{
   struct soak_mailbox *mb = &t->mailboxes[t->index];
   soak_mailbox_lock();
   const bool busy = mb->full;
   soak_mailbox_unlock();
   if (busy)
      return;
   const struct soak_shared *s = t->shared;
   const GLintptr at = (GLintptr)t->index * s->slot_B;
   const bool gpu = s->gpu_results && s->compute && (t->iteration & 1);
   if (gpu) {
      GLuint p = compute_program(t, 0);
      if (!p)
         return;
      glUseProgram(p);
      glUniform1ui(glGetUniformLocation(p, "stamp"), stamp);
      glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, s->buffer, at, SLOT_WORDS * 4);
      glDispatchCompute(1, 1, 1);
      glMemoryBarrier(GL_ALL_BARRIER_BITS);
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
      glUseProgram(0);
      glDeleteProgram(p);
   } else {
      uint32_t data[SLOT_WORDS];
      for (uint32_t i = 0; i < SLOT_WORDS; i++)
         data[i] = word(stamp, i);
      glBindBuffer(GL_COPY_WRITE_BUFFER, s->buffer);
      glBufferSubData(GL_COPY_WRITE_BUFFER, at, sizeof(data), data);
      glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
   }
   GLsync sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   glFlush(); /* so that another context's wait ends */
   check_gl(t, "fence write");
   soak_mailbox_lock();
   *mb = (struct soak_mailbox){.sync = sync, .stamp = stamp, .full = true, .gpu_written = gpu};
   soak_mailbox_unlock();
   t->counts[SOAK_FENCE_WRITE]++;
}

/* Takes the previous thread's fence, if it posted one: waits (on the GPU,
 * then on the CPU), reads that thread's slot, checks it. */
static void
soak_fence_read(struct soak_thread *t)
{
   const struct soak_shared *s = t->shared;
   const unsigned from = (t->index + s->threads - 1) % s->threads;
   struct soak_mailbox *mb = &t->mailboxes[from];
   soak_mailbox_lock();
   const struct soak_mailbox got = *mb;
   soak_mailbox_unlock();
   if (!got.full)
      return;
   glWaitSync(got.sync, 0, GL_TIMEOUT_IGNORED);
   const GLenum status = glClientWaitSync(got.sync, GL_SYNC_FLUSH_COMMANDS_BIT, 10000000000ull);
   if (status != GL_ALREADY_SIGNALED && status != GL_CONDITION_SATISFIED)
      soak_fail(t, "fence of thread %u: wait returned 0x%04x", from, status);
   uint32_t data[SLOT_WORDS], want[SLOT_WORDS];
   glBindBuffer(GL_COPY_READ_BUFFER, s->buffer);
   glGetBufferSubData(GL_COPY_READ_BUFFER, (GLintptr)from * s->slot_B, sizeof(data), data);
   glBindBuffer(GL_COPY_READ_BUFFER, 0);
   if (!got.gpu_written || s->gpu_results) {
      for (uint32_t i = 0; i < SLOT_WORDS; i++)
         want[i] = word(got.stamp, i);
      check_words(t, got.gpu_written ? "shared slot (GPU-written)" : "shared slot", want, data,
                  SLOT_WORDS);
   }
   glDeleteSync(got.sync);
   check_gl(t, "fence read");
   soak_mailbox_lock();
   mb->full = false;
   mb->sync = NULL;
   soak_mailbox_unlock();
   t->counts[SOAK_FENCE_READ]++;
}

/* ------------------------------------------------------------- contexts */

/* A new context in the share group: a buffer made there is read back in
 * the thread's own context (one namespace), then the context goes. */
static void
soak_context(struct soak_thread *t, uint32_t seed)
{
   const struct soak_shared *s = t->shared;
   EGLContext ctx = soak_context_create(s, s->root);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(s->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      soak_fail(t, "context: none made (0x%x)", eglGetError());
      if (ctx != EGL_NO_CONTEXT)
         eglDestroyContext(s->dpy, ctx);
      eglMakeCurrent(s->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, t->ctx);
      return;
   }
   uint32_t want[256], got[256] = {0};
   for (uint32_t i = 0; i < 256; i++)
      want[i] = word(seed, i);
   GLuint b;
   glGenBuffers(1, &b);
   glBindBuffer(GL_COPY_WRITE_BUFFER, b);
   glBufferData(GL_COPY_WRITE_BUFFER, sizeof(want), want, GL_STATIC_DRAW);
   glFinish();
   check_gl(t, "context");
   eglMakeCurrent(s->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, t->ctx);
   eglDestroyContext(s->dpy, ctx);

   glBindBuffer(GL_COPY_READ_BUFFER, b);
   glGetBufferSubData(GL_COPY_READ_BUFFER, 0, sizeof(got), got);
   check_words(t, "buffer of a destroyed shared context", want, got, 256);
   glBindBuffer(GL_COPY_READ_BUFFER, 0);
   glDeleteBuffers(1, &b);
   check_gl(t, "context's buffer");
   t->counts[SOAK_CONTEXT]++;
}

void
soak_iteration(struct soak_thread *t)
{
   const uint32_t seed = word(t->index * 0x10001u + 1, (uint32_t)t->iteration);
   const unsigned kinds = t->shared->kinds;
   if (kinds & (1u << SOAK_CONTEXT))
      soak_context(t, seed);
   if (kinds & (1u << SOAK_BUFFER))
      soak_buffer(t, seed);
   if (kinds & (1u << SOAK_TEXTURE))
      soak_texture(t, seed);
   if (kinds & (1u << SOAK_PROGRAM))
      soak_program(t);
   if (kinds & (1u << SOAK_FENCE_WRITE))
      soak_fence_write(t, seed ^ 0x5a5a5a5a);
   if ((kinds & (1u << SOAK_COMPUTE)) && t->shared->compute)
      soak_compute(t, seed);
   if (kinds & (1u << SOAK_FENCE_READ))
      soak_fence_read(t);
   t->iteration++;
}
