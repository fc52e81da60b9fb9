/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * test-gl-compile: many compute programs compiled in one go, the way an
 * application uses KHR_parallel_shader_compile: every program compiled
 * and linked first (glMaxShaderCompilerThreadsKHR(K) with --threads K),
 * GL_COMPLETION_STATUS_KHR polled until all are done, then each
 * dispatched and what it wrote checked against the CPU (on the executing
 * shim; --no-results on the noop one).  Prints the wall time of the
 * compiles, which ci/bench-compile-threads compares across thread
 * counts, and a checksum of everything written, which
 * tests/gl/check_shader_cache.py compares across cold, warm and
 * corrupted disk caches.
 *
 * test-gl-compile [--threads K] [--programs N] [--steps S] [--no-results]
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <EGL/egl.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include "gl_test_context.h"

enum { WORDS = 64 };
static unsigned programs = 24, steps = 200;
static int threads = -1;
static bool check_results = true;

static uint32_t
constant(unsigned program, unsigned step)
{
   return step * 2654435761u + program;
}

/* x = global index; then per step x = x * k + constant, or x ^ (x >> 7)
 * every third step: ALU work the backend schedules and allocates. */
static char *
shader_source(unsigned program)
{
   size_t cap = 512 + (size_t)steps * 48, n = 0;
   char *src = malloc(cap);
   n += snprintf(src + n, cap - n,
                 "#version 430\n"
                 "layout(local_size_x = %d) in;\n"
                 "layout(std430, binding = 0) buffer B { uint data[]; };\n"
                 "uniform uint k;\n"
                 "void main() {\n"
                 "   uint x = gl_GlobalInvocationID.x;\n",
                 WORDS);
   for (unsigned j = 0; j < steps; j++) {
      if (j % 3 == 2)
         n += snprintf(src + n, cap - n, "   x = x ^ (x >> 7u);\n");
      else
         n += snprintf(src + n, cap - n, "   x = x * k + %uu;\n", constant(program, j));
   }
   snprintf(src + n, cap - n, "   data[gl_GlobalInvocationID.x] = x;\n}\n");
   return src;
}

static uint32_t
expected(unsigned program, unsigned i, uint32_t k)
{
   uint32_t x = i;
   for (unsigned j = 0; j < steps; j++)
      x = j % 3 == 2 ? x ^ (x >> 7) : x * k + constant(program, j);
   return x;
}

static double
now_ms(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int
run(void)
{
   if (threads >= 0) {
      /* An extension entry point: libOpenGL does not export it. */
      PFNGLMAXSHADERCOMPILERTHREADSKHRPROC max_threads =
         (PFNGLMAXSHADERCOMPILERTHREADSKHRPROC)eglGetProcAddress("glMaxShaderCompilerThreadsKHR");
      if (!max_threads) {
         fprintf(stderr, "no glMaxShaderCompilerThreadsKHR\n");
         return 1;
      }
      max_threads((GLuint)threads);
   }
   GLuint *prog = calloc(programs, sizeof(*prog));
   const double start = now_ms();
   for (unsigned p = 0; p < programs; p++) {
      char *src = shader_source(p);
      GLuint s = glCreateShader(GL_COMPUTE_SHADER);
      glShaderSource(s, 1, (const char *const *)&src, NULL);
      glCompileShader(s);
      free(src);
      prog[p] = glCreateProgram();
      glAttachShader(prog[p], s);
      glLinkProgram(prog[p]);
      glDeleteShader(s);
   }
   const double submitted = now_ms();
   for (bool done = false; !done;) {
      done = true;
      for (unsigned p = 0; p < programs; p++) {
         GLint status = 0;
         glGetProgramiv(prog[p], GL_COMPLETION_STATUS_KHR, &status);
         done &= status == GL_TRUE;
      }
   }
   const double finished = now_ms();
   printf("compile: %u programs of %u steps, %.1f ms (%.1f ms until the last link returned), "
          "threads %d\n",
          programs, steps, finished - start, submitted - start, threads);

   GLuint b = gl_test_storage(WORDS);
   const uint32_t k = 3;
   uint32_t checksum = 0;
   int failed = 0;
   for (unsigned p = 0; p < programs && !failed; p++) {
      GLint linked = 0;
      glGetProgramiv(prog[p], GL_LINK_STATUS, &linked);
      if (!linked) {
         fprintf(stderr, "program %u does not link\n", p);
         failed = 1;
         break;
      }
      glUseProgram(prog[p]);
      glUniform1ui(glGetUniformLocation(prog[p], "k"), k);
      glDispatchCompute(1, 1, 1);
      glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
      uint32_t got[WORDS];
      glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(got), got);
      for (unsigned i = 0; i < WORDS; i++) {
         checksum = checksum * 31 + got[i];
         if (check_results && got[i] != expected(p, i, k)) {
            fprintf(stderr, "program %u: data[%u] is 0x%08x, not 0x%08x\n", p, i, got[i],
                    expected(p, i, k));
            failed = 1;
            break;
         }
      }
   }
   glUseProgram(0);
   for (unsigned p = 0; p < programs; p++)
      glDeleteProgram(prog[p]);
   free(prog);
   glDeleteBuffers(1, &b);
   printf("results: checksum 0x%08x%s\n", checksum, check_results ? ", checked" : "");
   return failed;
}

int
main(int argc, char **argv)
{
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--no-results"))
         check_results = false;
      else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
         threads = atoi(argv[++i]);
      else if (!strcmp(argv[i], "--programs") && i + 1 < argc)
         programs = (unsigned)strtoul(argv[++i], NULL, 10);
      else if (!strcmp(argv[i], "--steps") && i + 1 < argc)
         steps = (unsigned)strtoul(argv[++i], NULL, 10);
      else {
         fprintf(stderr, "usage: %s [--threads K] [--programs N] [--steps S] [--no-results]\n",
                 argv[0]);
         return 2;
      }
   }
   if (!gl_test_context_create(4, 3, true))
      return 1;
   const int failed = run();
   const int errors = gl_test_context_finish();
   return failed ? failed : errors;
}
