/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * jade-fuzz-nir: the NIR half of the compiler fuzzer (ci/fuzz-compiler).
 * Generates random compute shaders (fuzz_nir_gen.c), compiles each with
 * Jade in one of its compile modes, runs it on the SM75 model with the
 * hazard checker fatal and compares every output word with the reference
 * interpreter's (fuzz_nir_interp.c).  Each check runs in a forked child,
 * so that a crash or a hang (a time limit) is a result too.  A finding (a
 * crash, hang, compile error, model fault or hazard, a wrong word) is
 * reduced (instructions replaced by constants or their sources, branches
 * by one side, while the finding stays) and written to --out DIR as a
 * regression file (NAME.nir: a header line and the serialized NIR; NAME.txt:
 * the shader printed).
 *
 *   jade-fuzz-nir [--seed S] [--seconds N] [--programs N] [--size N]
 *                 [--16] [--out DIR] [--program K] [--print] [--timeout S]
 *                 [--keep-rejected]
 *   jade-fuzz-nir --replay FILE...
 *
 * Program K of seed S is the same program on every machine; --program K
 * runs only it.  --16 adds 16-bit integer arithmetic (Jade rejects it:
 * GL has none), --keep-rejected keeps clear refusals too.  --replay runs regression files: each must now pass.
 * Exit status: 0 when no program had a finding (and every replayed file
 * passes), 1 otherwise, 2 on bad usage.
 */

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fuzz_nir.h"
#include "jade/jade_compiler.h"
#include "jade_sim.h"
#include "nir_builder.h"
#include "nir_serialize.h"
#include "util/blob.h"
#include "util/ralloc.h"

/* Seconds one check may take (compile and run) before it is a hang
 * (--timeout). */
static unsigned check_timeout = 20;
/* Seconds the reducer spends on one finding at most. */
#define REDUCE_SECONDS 90

enum result_kind {
   RES_OK,
   RES_REJECTED,  /* a compile error that names what is unsupported */
   RES_REFERENCE, /* the reference cannot run it (the fuzzer's own limit) */
   RES_COMPILE_ERROR,
   RES_RUN_ERROR,
   RES_MISMATCH,
   RES_CRASH,
   RES_TIMEOUT,
   RES_KINDS
};
static const char *const kind_names[RES_KINDS] = {
   "ok", "rejected", "reference", "compile-error", "run-error", "mismatch", "crash", "timeout",
};

/* --keep-rejected: clear refusals are findings too (to keep one that a
 * fix made compile as a regression test). */
static bool keep_rejected;

static bool
is_finding(enum result_kind k)
{
   return k >= RES_COMPILE_ERROR || (keep_rejected && k == RES_REJECTED);
}

struct result {
   enum result_kind kind;
   char msg[512];
};

/* Compile modes (as exec_test's): 0 normal, 1 serial control bits, 2
 * booleans in GPRs, 3 a budget of 10 GPRs (spilling), 4 of 3 predicates. */
#define MODES 5
static const char *const mode_names[MODES] = {"normal", "serial", "bools-in-gprs", "spilling",
                                              "pred-spilling"};

static void
inputs(uint32_t *in, uint64_t seed)
{
   static const uint32_t special[] = {0,           1,           0xffffffffu, 0x80000000u,
                                      0x7fffffffu, 0x3f800000u, 0xbf800000u, 0x00000001u,
                                      0x80000001u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                      0x00800000u, 0x4f000000u, 0x5f000000u, 32};
   for (unsigned i = 0; i < FUZZ_THREADS * FUZZ_IN_WORDS; i++) {
      uint32_t r = fuzz_rand(&seed);
      in[i] = r % 4 == 0 ? special[(r >> 8) % ARRAY_SIZE(special)] : r % 4 == 1 ? r >> 20 : r;
   }
}

/* Compiles and runs s in this process; the child's work. */

/* Two NaNs of any payload: NIR leaves a NaN's bits open (so does GLSL),
 * and nir_opt_algebraic may put one NaN where another was (a select of a
 * NaN constant by `a == a` becomes a itself: 0x7fc00000 then reads
 * 0x7fffffff, the hardware's NaN). */
static bool
both_nans(uint32_t a, uint32_t b)
{
   return (a & 0x7fffffffu) > 0x7f800000u && (b & 0x7fffffffu) > 0x7f800000u;
}

static void
check_here(nir_shader *s, unsigned mode, uint64_t seed, struct result *r)
{
   void *mem = ralloc_context(NULL);
   uint32_t in[FUZZ_THREADS * FUZZ_IN_WORDS], out[FUZZ_THREADS * FUZZ_OUT_WORDS] = {0};
   uint32_t expect[FUZZ_THREADS * FUZZ_OUT_WORDS] = {0};
   inputs(in, seed);
   r->kind = RES_OK;
   r->msg[0] = 0;
   if (!fuzz_nir_interpret(s, in, expect, r->msg, sizeof(r->msg))) {
      r->kind = RES_REFERENCE;
      ralloc_free(mem);
      return;
   }

   nir_shader *nir = nir_shader_clone(mem, s);
   struct jade_compiler_options options = {.serial = mode == 1,
                                           .bools_in_gprs = mode == 2,
                                           .max_gprs = mode == 3 ? 10 : 0,
                                           .validate = true,
                                           .print_ir = getenv("FUZZ_IR") != NULL};
   if (mode == 4)
      setenv("JADE_MAX_PREDS", "3", 1);
   else
      unsetenv("JADE_MAX_PREDS");
   char *error = NULL;
   struct jade_shader_binary *bin = jade_compile(mem, nir, &options, &error);
   if (!bin) {
      /* Clear refusals: what Jade does not support, and the spilling
       * mode's artificial budget of 10 registers running out. */
      bool clear = error && (strstr(error, "unsupported") ||
                             (mode == 3 && strstr(error, "out of general registers")));
      r->kind = clear ? RES_REJECTED : RES_COMPILE_ERROR;
      snprintf(r->msg, sizeof(r->msg), "compile: %s", error ? error : "(no message)");
      ralloc_free(mem);
      return;
   }

   struct jade_sim_options opt = {.hazards = JADE_SIM_HAZARDS_FATAL,
                                  .log = stderr,
                                  .max_instructions = 50000000,
                                  .mufu = getenv("FUZZ_MUFU_HW") ? JADE_SIM_MUFU_HW
                                                                 : JADE_SIM_MUFU_EXACT,
                                  .mufu_seed = seed};
   struct jade_sim *sim = jade_sim_create(&opt);
   uint64_t in_addr = jade_sim_alloc(sim, sizeof(in), 256);
   uint64_t out_addr = jade_sim_alloc(sim, sizeof(out), 256);
   jade_sim_write(sim, in_addr, in, sizeof(in));
   struct jade_sim_cuda_params params = {0};
   jade_sim_cuda_param(&params, &in_addr, 8);
   jade_sim_cuda_param(&params, &out_addr, 8);
   struct jade_sim_cuda_kernel kernel = {.local_size = bin->local_size ? bin->local_size : 16,
                                         .shared_size = bin->shared_size};
   /* SSBO 0, its address and size in the compute driver bank c[7]
    * (docs/compiler.md, binding scheme). */
   uint32_t words[FUZZ_SSBO_WORDS];
   for (unsigned i = 0; i < FUZZ_SSBO_WORDS; i++)
      words[i] = FUZZ_SSBO_WORD(i);
   uint64_t ssbo_info[2] = {jade_sim_alloc(sim, sizeof(words), 256), sizeof(words)};
   jade_sim_write(sim, ssbo_info[0], words, sizeof(words));
   jade_sim_set_const(sim, 7, 0x2a0, ssbo_info, sizeof(ssbo_info));
   const uint32_t grid[3] = {FUZZ_GROUPS, 1, 1}, block[3] = {FUZZ_GROUP, 1, 1};
   enum jade_sim_status st = jade_sim_set_code(sim, bin->code, bin->code_size) == 0
                                ? jade_sim_cuda_launch(sim, &kernel, grid, block, 0, &params)
                                : JADE_SIM_ERROR;
   if (st != JADE_SIM_OK) {
      r->kind = RES_RUN_ERROR;
      snprintf(r->msg, sizeof(r->msg), "run: %s", jade_sim_message(sim));
   } else {
      jade_sim_read(sim, out_addr, out, sizeof(out));
      for (unsigned i = 0; i < FUZZ_THREADS * FUZZ_OUT_WORDS; i++) {
         if (out[i] != expect[i] && !both_nans(out[i], expect[i])) {
            r->kind = RES_MISMATCH;
            snprintf(r->msg, sizeof(r->msg),
                     "thread %u word %u: expected 0x%08x got 0x%08x (inputs 0x%08x 0x%08x "
                     "0x%08x 0x%08x)",
                     i / FUZZ_OUT_WORDS, i % FUZZ_OUT_WORDS, expect[i], out[i],
                     in[i / FUZZ_OUT_WORDS * FUZZ_IN_WORDS],
                     in[i / FUZZ_OUT_WORDS * FUZZ_IN_WORDS + 1],
                     in[i / FUZZ_OUT_WORDS * FUZZ_IN_WORDS + 2],
                     in[i / FUZZ_OUT_WORDS * FUZZ_IN_WORDS + 3]);
            break;
         }
      }
   }
   jade_sim_destroy(sim);
   ralloc_free(mem);
}

/* The last line of the child's log that reads like an error (an
 * assertion's, Mesa's or the compiler's), its path stripped. */
static void
last_error_line(FILE *log, char *why, size_t size)
{
   char line[512];
   rewind(log);
   while (fgets(line, sizeof(line), log)) {
      if (!strstr(line, "Assertion") && !strstr(line, "rror") && !strstr(line, "abort"))
         continue;
      line[strcspn(line, "\n")] = 0;
      const char *l = strstr(line, "../");
      const char *slash = l ? strrchr(l, '/') : NULL;
      snprintf(why, size, "%.200s", slash ? slash + 1 : line);
   }
}

/* check_here in a child: crashes and hangs are results. */
static void
check(nir_shader *s, unsigned mode, uint64_t seed, struct result *r)
{
   int fds[2];
   fflush(stdout);
   fflush(stderr);
   if (pipe(fds)) {
      r->kind = RES_CRASH;
      snprintf(r->msg, sizeof(r->msg), "pipe: %s", strerror(errno));
      return;
   }
   /* The child's stderr: an assertion's message names a crash. */
   FILE *log = getenv("FUZZ_VERBOSE") ? NULL : tmpfile();
   pid_t pid = fork();
   if (pid == 0) {
      close(fds[0]);
      if (log)
         dup2(fileno(log), 2);
      alarm(check_timeout);
      struct result res;
      check_here(s, mode, seed, &res);
      ssize_t n = write(fds[1], &res, sizeof(res));
      _exit(n == sizeof(res) ? 0 : 3);
   }
   close(fds[1]);
   struct result res = {.kind = RES_CRASH};
   ssize_t n = read(fds[0], &res, sizeof(res));
   close(fds[0]);
   int status = 0;
   waitpid(pid, &status, 0);
   if (n == sizeof(res) && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
      *r = res;
      return;
   }
   if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
      r->kind = RES_TIMEOUT;
      snprintf(r->msg, sizeof(r->msg), "no result after %u s", check_timeout);
   } else {
      r->kind = RES_CRASH;
      char why[256] = "";
      if (log)
         last_error_line(log, why, sizeof(why));
      if (WIFSIGNALED(status))
         snprintf(r->msg, sizeof(r->msg), "%s%ssignal %d (%s)", why, why[0] ? ": " : "",
                  WTERMSIG(status), strsignal(WTERMSIG(status)));
      else
         snprintf(r->msg, sizeof(r->msg), "%s%sexit status %d", why, why[0] ? ": " : "",
                  WEXITSTATUS(status));
   }
   if (log)
      fclose(log);
}

/* --- the reducer ----------------------------------------------------------- */

/* Whether a candidate's result is still the finding: the same kind, and
 * for errors the same message up to its first digit (addresses and counts
 * may change), for wrong words the same message. */
static bool
same_finding(const struct result *a, const struct result *b)
{
   if (a->kind != b->kind)
      return false;
   /* A wrong word: the same word with the same wrong value (a reduction
    * that changes the values found something else). */
   if (a->kind == RES_MISMATCH || a->kind == RES_TIMEOUT)
      return !strcmp(a->msg, b->msg);
   size_t n = strcspn(a->msg, "0123456789");
   return n == strcspn(b->msg, "0123456789") && !strncmp(a->msg, b->msg, n);
}

/* The n-th instruction or if of s (walk order), or NULL. */
struct site {
   nir_instr *instr;
   nir_if *nif;
};

static bool
find_site(nir_function_impl *impl, unsigned n, struct site *site)
{
   unsigned i = 0;
   nir_foreach_block (block, impl) {
      nir_foreach_instr (instr, block) {
         if (i++ == n) {
            *site = (struct site){instr, NULL};
            return true;
         }
      }
      nir_if *nif = nir_block_get_following_if(block);
      if (nif && i++ == n) {
         *site = (struct site){NULL, nif};
         return true;
      }
   }
   return false;
}

/* Applies change `how` (0: zero, 1-3: source how-1, 4: true, 5: false) at
 * site n of a copy of s; NULL when it does not apply. */
static nir_shader *
mutate(void *mem, nir_shader *s, unsigned n, unsigned how)
{
   nir_shader *c = nir_shader_clone(mem, s);
   nir_function_impl *impl = nir_shader_get_entrypoint(c);
   struct site site;
   if (!find_site(impl, n, &site))
      return NULL;
   nir_builder b = nir_builder_at(nir_before_impl(impl));
   if (site.nif) {
      if (how < 4 || nir_src_is_const(site.nif->condition))
         return NULL;
      nir_src_rewrite(&site.nif->condition, nir_imm_bool(&b, how == 4));
   } else if (site.instr->type == nir_instr_type_intrinsic &&
              nir_instr_as_intrinsic(site.instr)->intrinsic == nir_intrinsic_store_global) {
      nir_intrinsic_instr *st = nir_instr_as_intrinsic(site.instr);
      if (how != 0 || nir_src_is_const(st->src[0]))
         return NULL;
      nir_src_rewrite(&st->src[0], nir_imm_int(&b, 0));
   } else {
      nir_def *d = nir_instr_def(site.instr);
      if (!d || site.instr->type == nir_instr_type_load_const || how >= 4 ||
          (site.instr->type == nir_instr_type_intrinsic &&
           nir_instr_as_intrinsic(site.instr)->intrinsic != nir_intrinsic_load_global &&
           nir_instr_as_intrinsic(site.instr)->intrinsic != nir_intrinsic_load_ssbo))
         return NULL;
      nir_def *repl;
      if (how == 0) {
         repl = nir_imm_zero(&b, d->num_components, d->bit_size);
      } else {
         if (site.instr->type != nir_instr_type_alu)
            return NULL;
         nir_alu_instr *alu = nir_instr_as_alu(site.instr);
         unsigned i = how - 1;
         if (i >= nir_op_infos[alu->op].num_inputs ||
             alu->src[i].src.ssa->bit_size != d->bit_size || d->num_components != 1)
            return NULL;
         b.cursor = nir_before_instr(site.instr);
         repl = nir_mov_alu(&b, alu->src[i], 1);
      }
      nir_def_rewrite_uses(d, repl);
   }
   nir_opt_dead_cf(c);
   nir_copy_prop(c);
   nir_opt_dce(c);
   nir_opt_dead_cf(c);
   nir_opt_dce(c);
   nir_validate_shader(c, "fuzz reducer");
   return c;
}

static unsigned
count_sites(nir_shader *s)
{
   unsigned n = 0;
   struct site site;
   while (find_site(nir_shader_get_entrypoint(s), n, &site))
      n++;
   return n;
}

static nir_shader *
reduce(void *mem, nir_shader *s, unsigned mode, uint64_t seed, const struct result *finding,
       unsigned *steps)
{
   time_t start = time(NULL);
   bool progress = true;
   *steps = 0;
   while (progress && time(NULL) - start < REDUCE_SECONDS) {
      progress = false;
      /* From the end: outputs and late code first, which frees earlier code. */
      for (int n = (int)count_sites(s) - 1; n >= 0 && time(NULL) - start < REDUCE_SECONDS; n--) {
         for (unsigned how = 0; how < 6; how++) {
            void *cmem = ralloc_context(mem);
            nir_shader *c = mutate(cmem, s, (unsigned)n, how);
            if (!c) {
               ralloc_free(cmem);
               continue;
            }
            struct result r;
            check(c, mode, seed, &r);
            if (same_finding(finding, &r)) {
               s = c;
               (*steps)++;
               progress = true;
               if (n > (int)count_sites(s))
                  n = (int)count_sites(s);
               break;
            }
            ralloc_free(cmem);
         }
      }
   }
   return s;
}

/* --- regression files ------------------------------------------------------ */

#define FILE_MAGIC "jade-fuzz-nir 1"

static bool
save(const char *dir, const char *name, nir_shader *s, unsigned mode, uint64_t seed,
     const struct result *r)
{
   char path[4096];
   mkdir(dir, 0777);
   snprintf(path, sizeof(path), "%s/%s.nir", dir, name);
   FILE *f = fopen(path, "wb");
   if (!f) {
      fprintf(stderr, "jade-fuzz-nir: cannot write %s: %s\n", path, strerror(errno));
      return false;
   }
   struct blob blob;
   blob_init(&blob);
   nir_serialize(&blob, s, false);
   fprintf(f, "%s mode=%u seed=0x%016llx\n", FILE_MAGIC, mode, (unsigned long long)seed);
   fwrite(blob.data, 1, blob.size, f);
   blob_finish(&blob);
   fclose(f);
   snprintf(path, sizeof(path), "%s/%s.txt", dir, name);
   f = fopen(path, "w");
   if (f) {
      fprintf(f, "# %s in mode %s: %s\n", kind_names[r->kind], mode_names[mode], r->msg);
      nir_print_shader(s, f);
      fclose(f);
   }
   return true;
}

static nir_shader *
load(void *mem, const char *path, unsigned *mode, uint64_t *seed)
{
   FILE *f = fopen(path, "rb");
   if (!f) {
      fprintf(stderr, "jade-fuzz-nir: cannot read %s: %s\n", path, strerror(errno));
      return NULL;
   }
   char header[256];
   unsigned long long sd = 0;
   if (!fgets(header, sizeof(header), f) ||
       strncmp(header, FILE_MAGIC " ", strlen(FILE_MAGIC) + 1) ||
       sscanf(header + strlen(FILE_MAGIC), " mode=%u seed=%llx", mode, &sd) != 2 ||
       *mode >= MODES) {
      fprintf(stderr, "jade-fuzz-nir: %s: not a regression file (no '%s' header)\n", path,
              FILE_MAGIC);
      fclose(f);
      return NULL;
   }
   *seed = sd;
   long start = ftell(f);
   fseek(f, 0, SEEK_END);
   long size = ftell(f) - start;
   fseek(f, start, SEEK_SET);
   void *data = malloc(size > 0 ? size : 1);
   bool ok = size > 0 && fread(data, 1, size, f) == (size_t)size;
   fclose(f);
   nir_shader *s = NULL;
   if (ok) {
      struct blob_reader reader;
      blob_reader_init(&reader, data, size);
      s = nir_deserialize(mem, jade_nir_options(), &reader);
      if (reader.overrun)
         s = NULL;
   }
   free(data);
   if (!s)
      fprintf(stderr, "jade-fuzz-nir: %s: the NIR does not deserialize\n", path);
   return s;
}

static int
replay(int argc, char **argv)
{
   unsigned failed = 0;
   for (int i = 0; i < argc; i++) {
      void *mem = ralloc_context(NULL);
      unsigned mode;
      uint64_t seed;
      nir_shader *s = load(mem, argv[i], &mode, &seed);
      struct result r = {.kind = RES_CRASH, .msg = "unreadable"};
      if (s)
         check(s, mode, seed, &r);
      bool ok = r.kind == RES_OK;
      printf("%s %s (%s): %s%s%s\n", ok ? "ok  " : "FAIL", argv[i], mode_names[s ? mode : 0],
             kind_names[r.kind], r.msg[0] ? ": " : "", r.msg);
      failed += !ok;
      ralloc_free(mem);
   }
   printf("%d replayed, %u failed\n", argc, failed);
   return failed ? 1 : 0;
}

/* Compile errors that name what is unsupported, by message. */
static struct {
   unsigned n;
   char msg[32][128];
   unsigned count[32];
} rejections;

static void
tally(void *unused, const char *msg)
{
   (void)unused;
   for (unsigned i = 0; i < rejections.n; i++) {
      if (!strncmp(rejections.msg[i], msg, sizeof(rejections.msg[i]) - 1)) {
         rejections.count[i]++;
         return;
      }
   }
   if (rejections.n < ARRAY_SIZE(rejections.msg)) {
      snprintf(rejections.msg[rejections.n], sizeof(rejections.msg[0]), "%.127s", msg);
      rejections.count[rejections.n++] = 1;
   }
}

/* --- the loop ----------------------------------------------------------------- */

static uint64_t
program_seed(uint64_t seed, uint64_t k)
{
   /* splitmix64 of (seed, k): neighbouring programs unrelated. */
   uint64_t z = seed * 0x9e3779b97f4a7c15ull + k + 1;
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

static void
usage(void)
{
   fprintf(stderr, "usage: jade-fuzz-nir [--seed S] [--seconds N] [--programs N] [--size N]\n"
                   "                     [--16] [--out DIR] [--program K] [--print] [--timeout S]\n"
                   "                     [--keep-rejected]\n"
                   "       jade-fuzz-nir --replay FILE...\n");
   exit(2);
}

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
   uint64_t seed = 1, only = UINT64_MAX, programs = UINT64_MAX;
   double seconds = 0;
   const char *out_dir = NULL;
   bool print = false, verbose = getenv("FUZZ_VERBOSE") != NULL;
   struct fuzz_gen_options gen = {.size = 0, .bits16 = false, .bits64 = true};
   glsl_type_singleton_init_or_ref();
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      bool more = i + 1 < argc;
      char *end = NULL;
      if (!strcmp(a, "--replay"))
         return replay(argc - i - 1, argv + i + 1);
      else if (!strcmp(a, "--seed") && more)
         seed = strtoull(argv[++i], &end, 0);
      else if (!strcmp(a, "--seconds") && more)
         seconds = strtod(argv[++i], &end);
      else if (!strcmp(a, "--programs") && more)
         programs = strtoull(argv[++i], &end, 0);
      else if (!strcmp(a, "--program") && more)
         only = strtoull(argv[++i], &end, 0);
      else if (!strcmp(a, "--size") && more)
         gen.size = (unsigned)strtoul(argv[++i], &end, 0);
      else if (!strcmp(a, "--out") && more)
         out_dir = argv[++i];
      else if (!strcmp(a, "--timeout") && more)
         check_timeout = (unsigned)strtoul(argv[++i], &end, 0);
      else if (!strcmp(a, "--keep-rejected"))
         keep_rejected = true;
      else if (!strcmp(a, "--16"))
         gen.bits16 = true;
      else if (!strcmp(a, "--print"))
         print = true;
      else
         usage();
      if (end && *end)
         usage();
   }
   if (!seconds && programs == UINT64_MAX && only == UINT64_MAX)
      programs = 100;

   unsigned counts[RES_KINDS] = {0};
   unsigned findings = 0;
   double start = now();
   uint64_t k = only != UINT64_MAX ? only : 0;
   for (; only != UINT64_MAX ? k == only : k < programs; k++) {
      if (seconds && now() - start >= seconds)
         break;
      uint64_t ps = program_seed(seed, k);
      void *mem = ralloc_context(NULL);
      struct fuzz_gen_options o = gen;
      if (!o.size)
         o.size = 20 + ps % 180;
      nir_shader *s = fuzz_nir_generate(mem, ps, &o);
      unsigned mode = (ps >> 40) % 8 < 4 ? 0 : 1 + (ps >> 44) % (MODES - 1);
      if (print)
         nir_print_shader(s, stdout);
      struct result r;
      check(s, mode, ps, &r);
      counts[r.kind]++;
      if (r.kind == RES_REJECTED)
         tally(NULL, r.msg);
      if (only != UINT64_MAX || is_finding(r.kind) || r.kind == RES_REFERENCE || verbose)
         printf("program %llu (seed 0x%016llx, %s): %s%s%s\n", (unsigned long long)k,
                (unsigned long long)ps, mode_names[mode], kind_names[r.kind], r.msg[0] ? ": " : "",
                r.msg);
      if (is_finding(r.kind)) {
         findings++;
         unsigned steps;
         double t0 = now();
         nir_shader *red = reduce(mem, s, mode, ps, &r, &steps);
         printf("  reduced in %u steps (%.0f s): %u -> %u instructions\n", steps, now() - t0,
                count_sites(s), count_sites(red));
         if (out_dir) {
            char name[128];
            snprintf(name, sizeof(name), "%s-%llx-%llu", kind_names[r.kind],
                     (unsigned long long)seed, (unsigned long long)k);
            if (save(out_dir, name, red, mode, ps, &r))
               printf("  written: %s/%s.nir\n", out_dir, name);
         }
         if (print)
            nir_print_shader(red, stdout);
      }
      ralloc_free(mem);
   }
   double t = now() - start;
   printf("jade-fuzz-nir: seed %llu: %llu programs in %.1f s:", (unsigned long long)seed,
          (unsigned long long)(k - (only != UINT64_MAX ? only : 0)), t);
   for (unsigned i = 0; i < RES_KINDS; i++)
      if (counts[i])
         printf(" %u %s", counts[i], kind_names[i]);
   printf("; %u findings\n", findings);
   for (unsigned i = 0; i < rejections.n; i++)
      printf("  rejected %u times: %s\n", rejections.count[i], rejections.msg[i]);
   glsl_type_singleton_decref();
   return findings ? 1 : 0;
}
