/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * test-gl-code-heap: compute programs made, dispatched and deleted in one
 * context until more code has gone through it than the context's code
 * heap holds (8 MiB, jade_program.c): every dispatch must still run and
 * write what the shader computes.  Deleted programs' code comes back only
 * when the heap is full and the context has synchronised; a compute-only
 * context once never got it back, and every later dispatch was dropped
 * ("no room in the code heap for a compute shader").  On the executing
 * shim the results are checked (the GPU model's); on the noop shim, with
 * --cpu-results-only, that the driver logged no error (run_checked.py
 * --no-driver-errors).  First checked on llvmpipe (a few programs:
 * test-gl-code-heap [--cpu-results-only] [PROGRAMS]).
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include "gl_test_context.h"

/* Statements per shader (an IMAD and its constant, 32 bytes of code):
 * large programs, so that few compiles go past the heap's size. */
enum { STEPS = 1200, PROGRAMS = 240, WORDS = 64 };
static unsigned programs = PROGRAMS;
static bool check_results = true;

static uint32_t
constant(unsigned program, unsigned step)
{
   return step * 2654435761u + program;
}

/* x = global index; x = x * k + constant(program, j) for every step. */
static char *
shader_source(unsigned program)
{
   size_t cap = 512 + (size_t)STEPS * 40, n = 0;
   char *src = malloc(cap);
   n += snprintf(src + n, cap - n,
                 "#version 430\n"
                 "layout(local_size_x = %d) in;\n"
                 "layout(std430, binding = 0) buffer B { uint data[]; };\n"
                 "uniform uint k;\n"
                 "void main() {\n"
                 "   uint x = gl_GlobalInvocationID.x;\n",
                 WORDS);
   for (unsigned j = 0; j < STEPS; j++)
      n += snprintf(src + n, cap - n, "   x = x * k + %uu;\n", constant(program, j));
   snprintf(src + n, cap - n, "   data[gl_GlobalInvocationID.x] = x;\n}\n");
   return src;
}

static int
run(void)
{
   GLuint b = gl_test_storage(WORDS);
   const uint32_t k = 3;
   for (unsigned p = 0; p < programs; p++) {
      char *src = shader_source(p);
      GLuint prog = gl_test_compute_program(src);
      free(src);
      if (!prog)
         return 1;
      glUniform1ui(glGetUniformLocation(prog, "k"), k);
      glDispatchCompute(1, 1, 1);
      glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
      uint32_t got[WORDS];
      glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(got), got);
      for (unsigned i = 0; i < WORDS && check_results; i++) {
         uint32_t x = i;
         for (unsigned j = 0; j < STEPS; j++)
            x = x * k + constant(p, j);
         if (got[i] != x) {
            fprintf(stderr, "program %u: data[%u] is 0x%08x, not 0x%08x\n", p, i, got[i], x);
            return 1;
         }
      }
      glUseProgram(0);
      glDeleteProgram(prog);
   }
   glDeleteBuffers(1, &b);
   printf("%u compute programs of %d steps ran\n", programs, STEPS);
   return 0;
}

int
main(int argc, char **argv)
{
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--cpu-results-only"))
         check_results = false; /* the noop shim: run_checked --no-driver-errors checks */
      else
         programs = (unsigned)strtoul(argv[i], NULL, 10); /* fewer: llvmpipe compiles slowly */
   }
   if (!gl_test_context_create(4, 3, true))
      return 1;
   const int failed = run();
   const int errors = gl_test_context_finish();
   return failed ? failed : errors;
}
