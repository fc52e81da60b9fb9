/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * A GL workload for fault injection (tests/gl/check_faults.py runs it with
 * JADE_SHIM_FAULT rules): data written first, then a loop of the calls
 * that allocate, map and submit (buffers, textures, programs, draws,
 * compute, queries, fences), then checks.
 *
 *   - Before the loop, a buffer and a texture are written; after it, unless
 *     the context was lost, they must read back the same (nothing written
 *     before a fault is lost).
 *   - In the loop, GL_OUT_OF_MEMORY is what a failed allocation may say;
 *     any other error only counts as a consequence of one in the same
 *     iteration (a glBufferSubData into the buffer glBufferData could not
 *     make).
 *   - glGetGraphicsResetStatus is asked after every step; once it reports
 *     a reset the loop stops, more GL calls are made on the lost context
 *     (they must not crash), and a new context must work: its buffer and
 *     texture read back, and with --pixels (the executing shim) a triangle
 *     it draws reads back red.  A new context must work after a run
 *     without a reset too.
 *   - With --pixels, the first context's last draw must read back too when
 *     no reset happened.
 *   - A second context sharing the first one's objects, made before the
 *     loop and idle through it, must read the objects written before the
 *     faults back the same afterwards, lost first context or not, and see
 *     no reset of its own.
 *
 * Prints one line, "result: renderer=... oom=N reset=none|guilty|innocent|
 * unknown lost-calls=ok|- data=ok|not-written|bad|lost sibling=ok|reset|bad|none new-context=ok|
 * retried|bad errors=N", and exits 0 unless something was wrong (data bad,
 * an unexplained GL error, a reset status GL does not know); whether the
 * new context had to work is for the caller to say (it may not under a
 * rule that keeps injecting).
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#define ITERATIONS  12
#define DATA_WORDS  4096
#define TEX_SIZE    32
#define DRAW_SIZE   16
#define BURST_DRAWS 3000

static EGLDisplay dpy = EGL_NO_DISPLAY;
static bool pixels;
static bool robust;

static EGLContext
context_create_shared(EGLContext share)
{
   static const EGLint plain[] = {
      EGL_CONTEXT_MAJOR_VERSION,
      4,
      EGL_CONTEXT_MINOR_VERSION,
      3,
      EGL_CONTEXT_OPENGL_PROFILE_MASK,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
      EGL_NONE,
   };
   static const EGLint lose[] = {
      EGL_CONTEXT_MAJOR_VERSION,
      4,
      EGL_CONTEXT_MINOR_VERSION,
      3,
      EGL_CONTEXT_OPENGL_PROFILE_MASK,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
      EGL_CONTEXT_OPENGL_ROBUST_ACCESS,
      EGL_TRUE,
      EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY,
      EGL_LOSE_CONTEXT_ON_RESET,
      EGL_NONE,
   };
   EGLContext c = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, share, robust ? lose : plain);
   if (c == EGL_NO_CONTEXT) {
      fprintf(stderr, "eglCreateContext failed: 0x%x\n", eglGetError());
      return EGL_NO_CONTEXT;
   }
   if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
      fprintf(stderr, "eglMakeCurrent failed: 0x%x\n", eglGetError());
      eglDestroyContext(dpy, c);
      return EGL_NO_CONTEXT;
   }
   return c;
}

static EGLContext
context_create(void)
{
   return context_create_shared(EGL_NO_CONTEXT);
}

static void
context_destroy(EGLContext c)
{
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, c);
}

static uint32_t
pattern(unsigned i, uint32_t seed)
{
   return (i * 2654435761u) ^ seed;
}

/* The objects written before the faults and checked after them. */
struct kept {
   GLuint buffer, texture;
   uint32_t seed;
};

static void
kept_write(struct kept *k, uint32_t seed)
{
   static uint32_t words[DATA_WORDS];
   k->seed = seed;
   for (unsigned i = 0; i < DATA_WORDS; i++)
      words[i] = pattern(i, seed);
   glGenBuffers(1, &k->buffer);
   glBindBuffer(GL_COPY_WRITE_BUFFER, k->buffer);
   glBufferData(GL_COPY_WRITE_BUFFER, sizeof(words), words, GL_STATIC_DRAW);
   glGenTextures(1, &k->texture);
   glBindTexture(GL_TEXTURE_2D, k->texture);
   glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, TEX_SIZE, TEX_SIZE);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, TEX_SIZE, TEX_SIZE, GL_RGBA, GL_UNSIGNED_BYTE, words);
   glFinish();
}

/* Whether the kept objects read back as written. */
static bool
kept_check(const struct kept *k)
{
   static uint32_t words[DATA_WORDS];
   memset(words, 0, sizeof(words));
   glBindBuffer(GL_COPY_READ_BUFFER, k->buffer);
   glGetBufferSubData(GL_COPY_READ_BUFFER, 0, sizeof(words), words);
   for (unsigned i = 0; i < DATA_WORDS; i++) {
      if (words[i] != pattern(i, k->seed)) {
         fprintf(stderr, "buffer word %u: 0x%08x, not 0x%08x\n", i, words[i], pattern(i, k->seed));
         return false;
      }
   }
   memset(words, 0, sizeof(words));
   GLuint fb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, k->texture, 0);
   glReadPixels(0, 0, TEX_SIZE, TEX_SIZE, GL_RGBA, GL_UNSIGNED_BYTE, words);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   for (unsigned i = 0; i < TEX_SIZE * TEX_SIZE; i++) {
      if (words[i] != pattern(i, k->seed)) {
         fprintf(stderr, "texel %u: 0x%08x, not 0x%08x\n", i, words[i], pattern(i, k->seed));
         return false;
      }
   }
   return true;
}

static GLuint
compile(GLenum stage, const char *src)
{
   GLuint s = glCreateShader(stage);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   return s;
}

static GLuint
program(const char *vs, const char *fs)
{
   GLuint p = glCreateProgram();
   GLuint v = compile(GL_VERTEX_SHADER, vs), f = compile(GL_FRAGMENT_SHADER, fs);
   glAttachShader(p, v);
   glAttachShader(p, f);
   glLinkProgram(p);
   glDeleteShader(v);
   glDeleteShader(f);
   return p;
}

static const char *const vs_src =
   "#version 430\n"
   "const vec2 v[3] = vec2[](vec2(-1, -1), vec2(3, -1), vec2(-1, 3));\n"
   "void main() { gl_Position = vec4(v[gl_VertexID], 0, 1); }\n";
/* i varies the program, so that every iteration compiles and links. */
static const char *const fs_fmt = "#version 430\n"
                                  "uniform sampler2D t;\n"
                                  "uniform float u;\n"
                                  "out vec4 c;\n"
                                  "void main() { c = vec4(1, 0, 0, 1) + %d.0 * texture(t, "
                                  "gl_FragCoord.xy).wzyx * 0.0 + u * 0.0; }\n";
static const char *const cs_src = "#version 430\n"
                                  "layout(local_size_x = 64) in;\n"
                                  "layout(std430, binding = 0) buffer B { uint d[]; };\n"
                                  "void main() { d[gl_GlobalInvocationID.x] *= 3u; }\n";

/* Draws the red triangle over a DRAW_SIZE square target; true if, with
 * --pixels, it reads back red everywhere (without, if it read back).
 * *no_target: the target could not be allocated.  Mesa's
 * glRenderbufferStorage says nothing when the driver cannot allocate
 * (renderbuffer_storage in main/fbobject.c leaves a 0 x 0 buffer), so
 * the size tells, and the incomplete framebuffer errors after it are its
 * consequences. */
static bool
draw_red(GLuint prog, GLuint texture, bool *no_target, unsigned draws)
{
   GLuint rb, fb, va;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, DRAW_SIZE, DRAW_SIZE);
   GLint width = 0;
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &width);
   if (width != DRAW_SIZE)
      *no_target = true;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glViewport(0, 0, DRAW_SIZE, DRAW_SIZE);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glGenVertexArrays(1, &va);
   glBindVertexArray(va);
   glUseProgram(prog);
   glBindTexture(GL_TEXTURE_2D, texture);
   /* BURST_DRAWS draws, each with new constants, fill a pushbuffer: a
    * submission the driver must make mid-draw. */
   const GLint u = glGetUniformLocation(prog, "u");
   for (unsigned i = 0; i < draws; i++) {
      glUniform1f(u, (float)i);
      glDrawArrays(GL_TRIANGLES, 0, 3);
   }
   static uint32_t px[DRAW_SIZE * DRAW_SIZE];
   memset(px, 0, sizeof(px));
   glReadPixels(0, 0, DRAW_SIZE, DRAW_SIZE, GL_RGBA, GL_UNSIGNED_BYTE, px);
   bool red = true;
   for (unsigned i = 0; i < DRAW_SIZE * DRAW_SIZE; i++)
      red &= px[i] == 0xff0000ffu;
   if (pixels && !red)
      fprintf(stderr, "the triangle reads back 0x%08x at (0, 0), not red\n", px[0]);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &rb);
   glDeleteVertexArrays(1, &va);
   return !pixels || red;
}

struct run {
   unsigned oom, unexplained;
   GLenum reset;
};

/* After a step: GL errors sorted, and whether the context was reset. */
static bool
step_done(struct run *r, bool *oom_this_iteration, const char *step)
{
   for (GLenum e; (e = glGetError()) != GL_NO_ERROR;) {
      if (e == GL_OUT_OF_MEMORY) {
         r->oom++;
         *oom_this_iteration = true;
      } else if (e == GL_CONTEXT_LOST) {
         /* Only a context with a lose-on-reset strategy says this. */
      } else if (!*oom_this_iteration) {
         fprintf(stderr, "%s: GL error 0x%04x with no allocation failure before it\n", step, e);
         r->unexplained++;
      }
   }
   r->reset = glGetGraphicsResetStatus();
   return r->reset != GL_NO_ERROR;
}

/* The calls that allocate, map and submit, ITERATIONS times or until a
 * reset. */
static void
workload(struct run *r, const struct kept *k)
{
   for (unsigned i = 0; i < ITERATIONS; i++) {
      bool oom = false;
      GLuint buf;
      glGenBuffers(1, &buf);
      glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
      glBufferData(GL_SHADER_STORAGE_BUFFER, (64 << (i % 8)) * 1024, NULL, GL_DYNAMIC_COPY);
      if (step_done(r, &oom, "glBufferData"))
         return;
      uint32_t *map = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 256 * 4,
                                       GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
      if (map) {
         for (unsigned w = 0; w < 256; w++)
            map[w] = w;
         glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
      }
      if (step_done(r, &oom, "glMapBufferRange"))
         return;

      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64 << (i % 4), 64, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   NULL);
      glGenerateMipmap(GL_TEXTURE_2D);
      if (step_done(r, &oom, "glTexImage2D"))
         return;

      char fs[512];
      snprintf(fs, sizeof(fs), fs_fmt, (int)i);
      GLuint prog = program(vs_src, fs);
      bool drew = draw_red(prog, k->texture, &oom, i == 0 ? BURST_DRAWS : 1);
      if (step_done(r, &oom, "draw"))
         return;
      if (!drew && !oom) {
         fprintf(stderr, "iteration %u: the triangle is not red\n", i);
         r->unexplained++;
      }

      GLuint cs = glCreateProgram();
      GLuint s = compile(GL_COMPUTE_SHADER, cs_src);
      glAttachShader(cs, s);
      glLinkProgram(cs);
      glDeleteShader(s);
      glUseProgram(cs);
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
      glDispatchCompute(4, 1, 1);
      glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
      if (step_done(r, &oom, "glDispatchCompute"))
         return;
      uint32_t back[4] = {0};
      glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 4, sizeof(back), back);
      if (step_done(r, &oom, "reading the compute result"))
         return;
      if (pixels && !oom && map && back[0] != 3) {
         fprintf(stderr, "iteration %u: compute wrote %u, not 3\n", i, back[0]);
         r->unexplained++;
      }

      GLuint q;
      glGenQueries(1, &q);
      glBeginQuery(GL_SAMPLES_PASSED, q);
      draw_red(prog, k->texture, &oom, 1);
      glEndQuery(GL_SAMPLES_PASSED);
      GLuint samples = 0;
      glGetQueryObjectuiv(q, GL_QUERY_RESULT, &samples);
      GLsync sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
      glClientWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ull);
      glDeleteSync(sync);
      if (step_done(r, &oom, "query and fence"))
         return;

      glDeleteQueries(1, &q);
      glDeleteProgram(prog);
      glDeleteProgram(cs);
      glDeleteTextures(1, &tex);
      glDeleteBuffers(1, &buf);
      glFinish();
      if (step_done(r, &oom, "glFinish"))
         return;
   }
}

static const char *
reset_name(GLenum status)
{
   switch (status) {
   case GL_NO_ERROR:
      return "none";
   case GL_GUILTY_CONTEXT_RESET:
      return "guilty";
   case GL_INNOCENT_CONTEXT_RESET:
      return "innocent";
   case GL_UNKNOWN_CONTEXT_RESET:
      return "unknown";
   default:
      return "bad-value";
   }
}

/* A new context works from scratch: its data reads back and it draws. */
static bool
new_context_try(void)
{
   EGLContext c = context_create();
   if (c == EGL_NO_CONTEXT)
      return false;
   struct kept k;
   kept_write(&k, 0x5eed);
   char fs[512];
   snprintf(fs, sizeof(fs), fs_fmt, 0);
   GLuint prog = program(vs_src, fs);
   bool no_target = false;
   bool ok = kept_check(&k) && draw_red(prog, k.texture, &no_target, 1) &&
             glGetGraphicsResetStatus() == GL_NO_ERROR && glGetError() == GL_NO_ERROR;
   context_destroy(c);
   return ok;
}

/* "ok", or "retried" when the first new context met the fault itself (a
 * single injected fault lands in one context only), else "bad". */
static const char *
new_context_works(void)
{
   return new_context_try() ? "ok" : new_context_try() ? "retried" : "bad";
}

int
main(int argc, char **argv)
{
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--pixels"))
         pixels = true;
      else if (!strcmp(argv[i], "--robust"))
         robust = true;
      else {
         fprintf(stderr, "usage: %s [--pixels] [--robust]\n", argv[0]);
         return 2;
      }
   }
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
   dpy = get_platform_display
            ? get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
            : EGL_NO_DISPLAY;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) {
      /* A fault while the screen came up: reported, and nothing crashed. */
      printf("result: renderer=none (EGL setup failed: 0x%x)\n", eglGetError());
      return 0;
   }
   const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
   if (robust && !strstr(exts, "EGL_EXT_create_context_robustness")) {
      fprintf(stderr, "no EGL_EXT_create_context_robustness\n");
      return 1;
   }

   EGLContext c = context_create();
   bool first_context = c != EGL_NO_CONTEXT;
   if (!first_context) {
      /* A fault while the context came up: the next one must work. */
      const char *works = new_context_works();
      printf("result: renderer=none (no context) new-context=%s\n", works);
      eglTerminate(dpy);
      return 0;
   }
   char renderer[128];
   snprintf(renderer, sizeof(renderer), "%s", (const char *)glGetString(GL_RENDERER));
   for (char *p = renderer; *p; p++)
      *p = *p == ' ' ? '_' : *p;

   struct kept k;
   struct run r = {0};
   bool oom = false;
   kept_write(&k, 0xc0ffee);
   step_done(&r, &oom, "writing the kept objects");
   /* A context sharing the first one's objects, idle while the first one
    * meets the faults: it must not be hurt by them. */
   EGLContext sibling = context_create_shared(c);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c);
   if (r.reset == GL_NO_ERROR)
      workload(&r, &k);

   const char *data = "lost", *lost_calls = "-", *new_ctx = "-";
   bool ok = r.unexplained == 0;
   if (r.reset == GL_NO_ERROR) {
      /* What was written before any fault reads back the same, when it
       * was written: an allocation failure while writing it says so. */
      bool same = kept_check(&k);
      /* Reading what could not be made says so (an incomplete framebuffer
       * for the texture): consequences of that allocation failure. */
      step_done(&r, &oom, "checking the kept objects");
      data = same ? "ok" : oom ? "not-written" : "bad";
      ok &= same || oom;
      char fs[512];
      snprintf(fs, sizeof(fs), fs_fmt, 99);
      GLuint prog = program(vs_src, fs);
      /* The context keeps working after the faults: it draws. */
      bool last_oom = false;
      bool drew = draw_red(prog, k.texture, &last_oom, 1);
      step_done(&r, &last_oom, "the last draw");
      if (r.reset == GL_NO_ERROR && !drew && !last_oom) {
         fprintf(stderr, "the last draw is not red\n");
         ok = false;
      }
   }
   if (r.reset != GL_NO_ERROR) {
      /* The lost context takes more calls without crashing. */
      struct run more = {0};
      workload(&more, &k);
      kept_check(&k);
      glFinish();
      while (glGetError() != GL_NO_ERROR)
         ;
      lost_calls = "ok";
      ok &= r.reset == GL_GUILTY_CONTEXT_RESET || r.reset == GL_INNOCENT_CONTEXT_RESET ||
            r.reset == GL_UNKNOWN_CONTEXT_RESET;
   }
   /* The sibling reads the objects written before the faults (they are
    * the same, lost context or not) and saw no reset of its own. */
   const char *sibling_state = "none";
   if (sibling != EGL_NO_CONTEXT) {
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, sibling);
      bool same = oom || kept_check(&k);
      bool no_reset = glGetGraphicsResetStatus() == GL_NO_ERROR;
      /* "reset": a submission of its own failed (making it current and
       * back flushes it), for the caller to tell from the first's. */
      sibling_state = !same ? "bad" : no_reset ? "ok" : "reset";
      context_destroy(sibling);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c);
   }
   /* Another context works, beside this one and after it. */
   new_ctx = new_context_works();
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c);
   context_destroy(c);
   eglTerminate(dpy);
   printf("result: renderer=%s oom=%u reset=%s lost-calls=%s data=%s sibling=%s new-context=%s "
          "errors=%u\n",
          renderer, r.oom, reset_name(r.reset), lost_calls, data, sibling_state, new_ctx,
          r.unexplained);
   return ok ? 0 : 1;
}
