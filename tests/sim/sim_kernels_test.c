/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Runs the kernels of tests/sim/kernels (PTX compiled by ptxas at -O0 and
 * -O3, cubins committed) on the SM75 functional model and checks their
 * outputs against plain C references (kernels_*.c, one file per theme),
 * written independently of the model.  Usage: sim-kernels-test KERNELS_DIR [CASE-SUBSTRING]
 *
 * Each case: a kernel taking (u64 in, u64 out); `in` holds in_words words
 * per thread then in_extra words, `out` out_words per thread then
 * out_extra (preset by the case's gen, 0xa5a5a5a5 otherwise, so unwritten
 * words show).  The reference computes the whole expected `out` from `in`
 * and the preset `out`.  Outputs of atomics whose order is not defined go
 * through a canon function (sorting) on both sides before comparing.
 */

#include "kernels_common.h"

/* --- comparison ---------------------------------------------------------- */

static int64_t
ord32(uint32_t u)
{
   return (u & 0x80000000u) ? -(int64_t)(u & 0x7fffffff) : (int64_t)u;
}

static bool
f16_nan(uint32_t h)
{
   return (h & 0x7c00) == 0x7c00 && (h & 0x3ff);
}

static bool
word_ok(const struct kcase *c, char kind, const uint32_t *e, const uint32_t *g)
{
   switch (kind) {
   case 'f':
      if (isnan(f32(*e)))
         return isnan(f32(*g));
      return *e == *g;
   case 'd':
      if (isnan(f64(get64(e))))
         return isnan(f64(get64(g)));
      return get64(e) == get64(g);
   case 'D': {
      /* the pair was judged at its low word */
      if (isnan(f64(get64(e - 1))))
         return isnan(f64(get64(g - 1)));
      return *e == *g;
   }
   case 'h':
      for (unsigned s = 0; s < 32; s += 16) {
         uint32_t eh = (*e >> s) & 0xffff, gh = (*g >> s) & 0xffff;
         if (f16_nan(eh) ? !f16_nan(gh) : eh != gh)
            return false;
      }
      return true;
   case '-':
      return true;
   case 'k':
      for (unsigned s = 0; s < 32; s += 16) {
         uint32_t eh = (*e >> s) & 0xffff, gh = (*g >> s) & 0xffff;
         if (f16_nan(eh) || f16_nan(gh)) {
            if (f16_nan(eh) != f16_nan(gh))
               return false;
            continue;
         }
         /* sign-magnitude to a line, as ord32 */
         int oe = (eh & 0x8000) ? -(int)(eh & 0x7fff) : (int)eh;
         int og = (gh & 0x8000) ? -(int)(gh & 0x7fff) : (int)gh;
         if (abs(oe - og) > c->ulp)
            return false;
      }
      return true;
   case 'u':
   case 'v': {
      float ef = f32(*e), gf = f32(*g);
      if (isnan(ef))
         return isnan(gf);
      if (isinf(ef) || isnan(gf) || isinf(gf))
         return *e == *g;
      if (llabs(ord32(*e) - ord32(*g)) <= (long long)c->ulp)
         return true;
      return kind == 'u' && fabs((double)ef - (double)gf) <= c->abs_tol;
   }
   default:
      return *e == *g;
   }
}

static void *
read_file(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long len = ftell(f);
   fseek(f, 0, SEEK_SET);
   void *data = malloc(len > 0 ? len : 1);
   if (fread(data, 1, len, f) != (size_t)len) {
      free(data);
      data = NULL;
   }
   fclose(f);
   *size = len;
   return data;
}

static void
print_log(FILE *log)
{
   char line[512];
   unsigned lines = 0;
   rewind(log);
   while (fgets(line, sizeof(line), log) && lines++ < 8)
      printf("      log: %s", line);
}

enum result { PASS, FAIL, SKIP };

/* Runs one case at one optimisation level. */
static enum result
run_case(const char *dir, const struct kcase *c, const char *opt, const uint32_t *in,
         const uint32_t *init, const uint32_t *expect, unsigned n)
{
   unsigned in_count = c->in_words * n + c->in_extra;
   unsigned out_count = c->out_words * n + c->out_extra;
   char path[1024];
   snprintf(path, sizeof(path), "%s/%s.%s.cubin", dir, c->file, opt);
   size_t size;
   void *cubin = read_file(path, &size);
   if (!cubin) {
      printf("FAIL %s -%s: cannot read %s\n", c->name, opt, path);
      return FAIL;
   }

   FILE *log = tmpfile();
   struct jade_sim_options o = {
      .hazards = JADE_SIM_HAZARDS_WARN,
      .log = log,
   };
   struct jade_sim *sim = jade_sim_create(&o);
   struct jade_sim_cuda_kernel k;
   char err[256];
   enum result res = FAIL;
   uint32_t *got = malloc((out_count + 1) * 4);

   if (jade_sim_cuda_load(sim, cubin, size, c->name, &k, err, sizeof(err))) {
      if (c->pending) {
         printf("skip %s -%s: %s (%s)\n", c->name, opt, c->pending, err);
         res = SKIP;
         goto out;
      }
      printf("FAIL %s -%s: load: %s\n", c->name, opt, err);
      goto out;
   }
   uint64_t in_addr = jade_sim_alloc(sim, in_count * 4 + 4, 256);
   uint64_t out_addr = jade_sim_alloc(sim, out_count * 4 + 4, 256);
   jade_sim_write(sim, in_addr, in, in_count * 4);
   jade_sim_write(sim, out_addr, init, out_count * 4);

   struct jade_sim_cuda_params params = {0};
   jade_sim_cuda_param(&params, &in_addr, 8);
   jade_sim_cuda_param(&params, &out_addr, 8);

   struct jade_sim_stats before, after;
   jade_sim_get_stats(sim, &before);
   enum jade_sim_status status =
      jade_sim_cuda_launch(sim, &k, c->grid, c->block, c->dyn_shared, &params);
   jade_sim_get_stats(sim, &after);
   if (status == JADE_SIM_UNSUPPORTED && c->pending) {
      printf("skip %s -%s: %s (%s)\n", c->name, opt, c->pending, jade_sim_message(sim));
      res = SKIP;
      goto out;
   }
   if (status != JADE_SIM_OK) {
      printf("FAIL %s -%s: launch status %d: %s\n", c->name, opt, status, jade_sim_message(sim));
      print_log(log);
      goto out;
   }
   if (after.hazards != before.hazards) {
      printf("FAIL %s -%s: %u hazards\n", c->name, opt, after.hazards - before.hazards);
      print_log(log);
      goto out;
   }

   jade_sim_read(sim, out_addr, got, out_count * 4);
   if (c->canon)
      c->canon(got, n);
   unsigned bad = 0;
   for (unsigned i = 0; i < out_count; i++) {
      bool per_thread = i < c->out_words * n;
      char kind = per_thread ? c->kinds[i % c->out_words] : 'x';
      if (word_ok(c, kind, &expect[i], &got[i]))
         continue;
      if (bad++ < 5) {
         if (per_thread) {
            unsigned t = i / c->out_words;
            printf("  %s -%s: thread %u word %u: expected 0x%08x got 0x%08x; in:", c->name, opt, t,
                   i % c->out_words, expect[i], got[i]);
            for (unsigned j = 0; j < c->in_words && j < 8; j++)
               printf(" 0x%08x", in[t * c->in_words + j]);
            printf("\n");
         } else {
            printf("  %s -%s: extra word %u: expected 0x%08x got 0x%08x\n", c->name, opt,
                   i - c->out_words * n, expect[i], got[i]);
         }
      }
   }
   if (bad) {
      printf("FAIL %s -%s: %u of %u words differ\n", c->name, opt, bad, out_count);
      goto out;
   }
   res = PASS;
   printf("ok   %s -%s\n", c->name, opt);

out:
   /* Calibration figures for docs/sim.md (tests/sim/latency-report.sh). */
   if (getenv("JADE_SIM_LATENCY_REPORT"))
      jade_sim_print_latency_report(sim, stdout);
   free(got);
   jade_sim_destroy(sim);
   fclose(log);
   free(cubin);
   return res;
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s KERNELS_DIR [CASE-SUBSTRING]\n", argv[0]);
      return 2;
   }
   static const struct {
      const struct kcase *cases;
      const unsigned *count;
   } themes[] = {
      {kernels_int, &kernels_int_count},
      {kernels_float, &kernels_float_count},
      {kernels_memory, &kernels_memory_count},
      {kernels_warp, &kernels_warp_count},
   };
   unsigned passed = 0, failed = 0, skipped = 0;
   for (unsigned ti = 0; ti < ARRAY_SIZE(themes); ti++) {
      for (unsigned ci = 0; ci < *themes[ti].count; ci++) {
         const struct kcase *c = &themes[ti].cases[ci];
         if (argc > 2 && !strstr(c->name, argv[2]))
            continue;
         unsigned n =
            c->grid[0] * c->grid[1] * c->grid[2] * c->block[0] * c->block[1] * c->block[2];
         unsigned in_count = c->in_words * n + c->in_extra;
         unsigned out_count = c->out_words * n + c->out_extra;
         uint32_t *in = calloc(in_count + 1, 4);
         uint32_t *init = malloc((out_count + 1) * 4);
         uint32_t *expect = malloc((out_count + 1) * 4);
         for (unsigned i = 0; i < out_count; i++)
            init[i] = 0xa5a5a5a5;

         /* A fixed seed per case, from its name. */
         struct rng r = {0x6a616465};
         for (const char *s = c->name; *s; s++)
            r.s = r.s * 131 + (unsigned char)*s;
         if (c->gen)
            c->gen(&r, in, init, n);
         else
            for (unsigned i = 0; i < c->in_words * n; i++)
               in[i] = gen_int(&r);
         memcpy(expect, init, out_count * 4);
         c->ref(in, expect, n);
         fesetround(FE_TONEAREST);
         if (c->canon)
            c->canon(expect, n);

         static const char *const opts[] = {"O0", "O3"};
         for (unsigned o = 0; o < 2; o++) {
            switch (run_case(argv[1], c, opts[o], in, init, expect, n)) {
            case PASS:
               passed++;
               break;
            case SKIP:
               skipped++;
               break;
            default:
               failed++;
               break;
            }
            fflush(stdout);
         }
         free(in);
         free(init);
         free(expect);
      }
   }
   printf("%u passed, %u failed, %u skipped\n", passed, failed, skipped);
   return failed ? 1 : 0;
}
