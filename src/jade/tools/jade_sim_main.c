/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * jade-sim: runs a CUDA kernel from a cubin on the SM75 functional model.
 *
 *   jade-sim --cubin FILE --kernel NAME --grid X,Y,Z --block X,Y,Z
 *            [--shared BYTES] [--arg u32:V | s32:V | u64:V | f32:V | f64:V |
 *            buf:FILE | out:BYTES] ... [--out-dir DIR]
 *            [--hazards=warn|fatal|off] [--trace] [--max-instructions N]
 *            [--latency-report] [--mufu=exact|hw[:SEED]]
 *
 * or, for hand-written code (jade-asm's raw output, run from byte 0, with
 * the same launch constants as a kernel):
 *   jade-sim --code FILE --grid X,Y,Z --block X,Y,Z [options as above]
 *
 * Exit codes: 0 success, 1 bad usage or input, 3 unsupported instruction,
 * 4 fault, 5 hazard (with --hazards=fatal).
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jade_sim.h"

#define MAX_ARGS 64

struct buffer_arg {
   unsigned index; /* argument number */
   uint64_t addr, size;
};

static void
usage(void)
{
   fprintf(stderr,
           "usage: jade-sim (--cubin FILE --kernel NAME | --code FILE) --grid X,Y,Z --block X,Y,Z\n"
           "                [--shared BYTES] [--arg "
           "u32:V|s32:V|u64:V|f32:V|f64:V|buf:FILE|out:BYTES]...\n"
           "                [--out-dir DIR] [--hazards=warn|fatal|off] [--trace] "
           "[--max-instructions N]\n"
           "                [--latency-report] [--mufu=exact|hw[:SEED]]\n");
}

static int
fail(const char *fmt, const char *what)
{
   fprintf(stderr, "jade-sim: ");
   fprintf(stderr, fmt, what);
   fprintf(stderr, "\n");
   return 1;
}

static uint8_t *
read_file(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   uint8_t *data = NULL;
   size_t n = 0, cap = 0;
   for (;;) {
      if (n == cap) {
         cap = cap ? cap * 2 : 65536;
         uint8_t *d = realloc(data, cap);
         if (!d) {
            free(data);
            fclose(f);
            return NULL;
         }
         data = d;
      }
      size_t got = fread(data + n, 1, cap - n, f);
      n += got;
      if (got == 0)
         break;
   }
   fclose(f);
   *size = n;
   return data;
}

/* "X", "X,Y" or "X,Y,Z"; missing sizes are 1. */
static bool
parse_dim(const char *s, uint32_t out[3])
{
   out[0] = out[1] = out[2] = 1;
   for (unsigned i = 0; i < 3; i++) {
      char *end;
      errno = 0;
      unsigned long v = strtoul(s, &end, 0);
      if (end == s || errno || v == 0 || v > 0xffffffffu || *s == '-')
         return false;
      out[i] = (uint32_t)v;
      if (*end == 0)
         return true;
      if (*end != ',')
         return false;
      s = end + 1;
   }
   return false;
}

static bool
parse_number(const char *s, bool is_float, bool is_signed, uint64_t *bits, unsigned size)
{
   char *end;
   errno = 0;
   if (is_float) {
      double d = strtod(s, &end);
      if (size == 4) {
         float f = (float)d;
         uint32_t u;
         memcpy(&u, &f, 4);
         *bits = u;
      } else {
         memcpy(bits, &d, 8);
      }
   } else if (is_signed) {
      long long v = strtoll(s, &end, 0);
      if (size == 4 && (v < INT32_MIN || v > INT32_MAX))
         return false;
      *bits = (uint64_t)v;
   } else {
      if (*s == '-')
         return false;
      unsigned long long v = strtoull(s, &end, 0);
      if (size == 4 && v > 0xffffffffull)
         return false;
      *bits = v;
   }
   return end != s && *end == 0 && errno == 0;
}

int
main(int argc, char **argv)
{
   const char *cubin_path = NULL, *kernel_name = NULL, *code_path = NULL, *out_dir = ".";
   uint32_t grid[3] = {0}, block[3] = {0}, shared = 0;
   bool have_grid = false, have_block = false, latency_report = false;
   struct jade_sim_options opt = {.hazards = JADE_SIM_HAZARDS_WARN};
   const char *args[MAX_ARGS];
   unsigned arg_count = 0;

   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;
      if (!strcmp(a, "--cubin") && v) {
         cubin_path = v;
         i++;
      } else if (!strcmp(a, "--code") && v) {
         code_path = v;
         i++;
      } else if (!strcmp(a, "--kernel") && v) {
         kernel_name = v;
         i++;
      } else if (!strcmp(a, "--grid") && v) {
         if (!parse_dim(v, grid))
            return fail("bad --grid %s (X,Y,Z, each at least 1)", v);
         have_grid = true;
         i++;
      } else if (!strcmp(a, "--block") && v) {
         if (!parse_dim(v, block))
            return fail("bad --block %s (X,Y,Z, each at least 1)", v);
         have_block = true;
         i++;
      } else if (!strcmp(a, "--shared") && v) {
         uint64_t s;
         if (!parse_number(v, false, false, &s, 4))
            return fail("bad --shared %s", v);
         shared = (uint32_t)s;
         i++;
      } else if (!strcmp(a, "--arg") && v) {
         if (arg_count == MAX_ARGS)
            return fail("too many arguments (at most %s)", "64");
         args[arg_count++] = v;
         i++;
      } else if (!strcmp(a, "--out-dir") && v) {
         out_dir = v;
         i++;
      } else if (!strcmp(a, "--hazards=warn")) {
         opt.hazards = JADE_SIM_HAZARDS_WARN;
      } else if (!strcmp(a, "--hazards=off")) {
         opt.hazards = JADE_SIM_HAZARDS_OFF;
      } else if (!strcmp(a, "--hazards=fatal")) {
         opt.hazards = JADE_SIM_HAZARDS_FATAL;
      } else if (!strcmp(a, "--trace")) {
         opt.trace = true;
      } else if (!strcmp(a, "--max-instructions") && v) {
         uint64_t n;
         if (!parse_number(v, false, false, &n, 8) || !n)
            return fail("bad --max-instructions %s", v);
         opt.max_instructions = n;
         i++;
      } else if (!strcmp(a, "--mufu=exact")) {
         opt.mufu = JADE_SIM_MUFU_EXACT;
      } else if (!strncmp(a, "--mufu=hw", 9) && (!a[9] || a[9] == ':')) {
         /* MUFU results off by up to the documented bounds (docs/sim.md) */
         opt.mufu = JADE_SIM_MUFU_HW;
         if (a[9] && !parse_number(a + 10, false, false, &opt.mufu_seed, 8))
            return fail("bad --mufu seed %s", a + 10);
      } else if (!strcmp(a, "--latency-report")) {
         latency_report = true;
      } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
         usage();
         return 0;
      } else {
         usage();
         return fail("unknown or incomplete option %s", a);
      }
   }
   if (!(cubin_path && kernel_name) == !code_path || !have_grid || !have_block) {
      usage();
      return 1;
   }

   const char *path = code_path ? code_path : cubin_path;
   size_t cubin_size;
   uint8_t *cubin = read_file(path, &cubin_size);
   if (!cubin)
      return fail("cannot read %s", path);

   struct jade_sim *sim = jade_sim_create(&opt);
   if (!sim)
      return fail("out of memory%s", "");
   struct jade_sim_cuda_kernel kernel = {.local_size = JADE_SIM_CUDA_LOCAL_SIZE,
                                         .param_size = JADE_SIM_CUDA_PARAM_MAX};
   char err[256];
   if (code_path) {
      if (jade_sim_set_code(sim, cubin, cubin_size) != 0)
         return fail("%s: the code size is not a multiple of 16 bytes", path);
   } else if (jade_sim_cuda_load(sim, cubin, cubin_size, kernel_name, &kernel, err, sizeof(err)) !=
              0) {
      fprintf(stderr, "jade-sim: %s: %s\n", path, err);
      return 1;
   }

   struct jade_sim_cuda_params params = {0};
   struct buffer_arg buffers[MAX_ARGS];
   unsigned buffer_count = 0;
   for (unsigned i = 0; i < arg_count; i++) {
      const char *a = args[i];
      const char *colon = strchr(a, ':');
      if (!colon)
         return fail("bad --arg %s (TYPE:VALUE)", a);
      size_t tlen = (size_t)(colon - a);
      const char *val = colon + 1;
      uint64_t bits = 0;
      if (tlen == 3 && (!strncmp(a, "u32", 3) || !strncmp(a, "s32", 3) || !strncmp(a, "f32", 3))) {
         if (!parse_number(val, a[0] == 'f', a[0] == 's', &bits, 4))
            return fail("bad number in --arg %s", a);
         uint32_t w = (uint32_t)bits;
         jade_sim_cuda_param(&params, &w, 4);
      } else if (tlen == 3 && (!strncmp(a, "u64", 3) || !strncmp(a, "f64", 3))) {
         if (!parse_number(val, a[0] == 'f', false, &bits, 8))
            return fail("bad number in --arg %s", a);
         jade_sim_cuda_param(&params, &bits, 8);
      } else if (tlen == 3 && !strncmp(a, "buf", 3)) {
         size_t size;
         uint8_t *data = read_file(val, &size);
         if (!data)
            return fail("cannot read %s", val);
         uint64_t addr = jade_sim_alloc(sim, size, 256);
         if (!addr || jade_sim_write(sim, addr, data, size) != 0)
            return fail("cannot allocate a buffer for %s", val);
         free(data);
         buffers[buffer_count++] = (struct buffer_arg){i, addr, size};
         jade_sim_cuda_param(&params, &addr, 8);
      } else if (tlen == 3 && !strncmp(a, "out", 3)) {
         if (!parse_number(val, false, false, &bits, 8) || bits > (1ull << 32))
            return fail("bad size in --arg %s", a);
         uint64_t addr = jade_sim_alloc(sim, bits, 256);
         if (!addr)
            return fail("cannot allocate %s bytes", val);
         buffers[buffer_count++] = (struct buffer_arg){i, addr, bits};
         jade_sim_cuda_param(&params, &addr, 8);
      } else {
         return fail("unknown argument type in --arg %s", a);
      }
   }
   if (params.size > kernel.param_size)
      fprintf(stderr, "jade-sim: warning: %u bytes of arguments, the kernel takes %u\n",
              params.size, kernel.param_size);

   enum jade_sim_status status = jade_sim_cuda_launch(sim, &kernel, grid, block, shared, &params);
   if (status != JADE_SIM_OK)
      fprintf(stderr, "jade-sim: %s\n", jade_sim_message(sim));

   int rc = status;
   for (unsigned i = 0; i < buffer_count && status == JADE_SIM_OK; i++) {
      char path[4096];
      snprintf(path, sizeof(path), "%s/arg%u.bin", out_dir, buffers[i].index);
      uint8_t *data = malloc(buffers[i].size ? buffers[i].size : 1);
      FILE *f = fopen(path, "wb");
      if (!data || !f || jade_sim_read(sim, buffers[i].addr, data, buffers[i].size) ||
          fwrite(data, 1, buffers[i].size, f) != buffers[i].size) {
         fprintf(stderr, "jade-sim: cannot write %s\n", path);
         rc = 1;
      }
      if (f)
         fclose(f);
      free(data);
   }

   struct jade_sim_stats stats;
   jade_sim_get_stats(sim, &stats);
   fprintf(stderr, "jade-sim: %llu warp instructions, %llu thread instructions, %u hazards\n",
           (unsigned long long)stats.warp_instructions,
           (unsigned long long)stats.thread_instructions, stats.hazards);
   if (latency_report)
      jade_sim_print_latency_report(sim, stdout);
   jade_sim_destroy(sim);
   free(cubin);
   return rc;
}
