/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The compiler on several threads at once, as the driver's compiler
 * threads run it (jade_shader.c): random NIR compute programs (the
 * fuzzer's generator) compiled by 4 threads together, each in its own
 * order, must come out byte for byte as compiled one at a time, binaries
 * and statistics.  Under ThreadSanitizer (ci/tsan-compile) it is the check
 * that the compile path shares no mutable state.
 *
 * compiler-threads-test [PROGRAMS]
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_nir.h"
#include "jade/jade_compiler.h"
#include "c11/threads.h"
#include "util/mesa-sha1.h"
#include "util/ralloc.h"

#define THREADS 4

struct result {
   unsigned char sha1[SHA1_DIGEST_LENGTH]; /* of the code */
   struct jade_shader_stats stats;
   bool compiled;
};

static unsigned programs = 200;
static struct result *serial, *parallel[THREADS];

static void
compile_one(unsigned i, struct result *r)
{
   void *mem = ralloc_context(NULL);
   const struct fuzz_gen_options opt = {.size = 30 + i % 40, .bits64 = i % 3 == 0};
   nir_shader *s = fuzz_nir_generate(mem, 1000 + i, &opt);
   char *error = NULL;
   struct jade_shader_binary *bin = s ? jade_compile(mem, s, NULL, &error) : NULL;
   memset(r, 0, sizeof(*r));
   if (bin) {
      _mesa_sha1_compute(bin->code, bin->code_size, r->sha1);
      r->stats = bin->stats;
      r->compiled = true;
   }
   ralloc_free(mem);
}

static int
worker(void *arg)
{
   const unsigned t = (unsigned)(uintptr_t)arg;
   /* Every program once, from a different start each thread, odd threads
    * backwards. */
   for (unsigned n = 0; n < programs; n++) {
      const unsigned k = (n + t * 17) % programs;
      const unsigned i = t % 2 ? programs - 1 - k : k;
      compile_one(i, &parallel[t][i]);
   }
   return 0;
}

int
main(int argc, char **argv)
{
   if (argc > 1)
      programs = (unsigned)strtoul(argv[1], NULL, 10);
   glsl_type_singleton_init_or_ref();
   serial = calloc(programs, sizeof(*serial));
   for (unsigned i = 0; i < programs; i++)
      compile_one(i, &serial[i]);

   thrd_t threads[THREADS];
   for (unsigned t = 0; t < THREADS; t++)
      parallel[t] = calloc(programs, sizeof(*parallel[t]));
   for (unsigned t = 0; t < THREADS; t++) {
      thrd_create(&threads[t], worker, (void *)(uintptr_t)t);
   }
   for (unsigned t = 0; t < THREADS; t++)
      thrd_join(threads[t], NULL);

   unsigned compiled = 0, differ = 0;
   for (unsigned i = 0; i < programs; i++) {
      compiled += serial[i].compiled;
      for (unsigned t = 0; t < THREADS; t++) {
         if (memcmp(&serial[i], &parallel[t][i], sizeof(serial[i]))) {
            if (differ++ < 5)
               printf("FAIL program %u: thread %u's binary differs from the serial one\n", i, t);
         }
      }
   }
   printf("%s %u programs (%u compiled) on %d threads at once: %u binaries differ from the "
          "serial compile\n",
          differ || !compiled ? "FAIL" : "ok  ", programs, compiled, THREADS, differ);
   for (unsigned t = 0; t < THREADS; t++)
      free(parallel[t]);
   free(serial);
   glsl_type_singleton_decref();
   return differ || !compiled ? 1 : 0;
}
