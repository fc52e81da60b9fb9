/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Execution tests of the compiler: compute shaders built in NIR with
 * nir_builder, compiled by Jade, run on the SM75 functional model with the
 * hazard checker fatal (the compiler's control bits must be right), and
 * their outputs checked against C references on seeded random inputs.
 * The model's MUFU is hardware-like (results off by up to the documented
 * error bounds, docs/sim.md), so words that MUFU produces are compared
 * within those bounds and all others bit for bit: code that needs exact
 * MUFU results fails.  EXEC_TEST_MUFU=exact|hw[:SEED] picks the mode
 * (exact: every word bit for bit, as the model's exact MUFU allows).
 *
 * Every shader: thread i = workgroup_id.x * 64 + local_invocation_id.x
 * reads in[i * in_words ...] and writes out[i * out_words ...]; the buffer
 * addresses are the 64-bit constants c[0][0x160] and c[0][0x168].
 */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jade/jade_compiler.h"
#include "jade_sim.h"
#include "nir.h"
#include "nir_builder.h"
#include "util/ralloc.h"

#define GROUP   64
#define GROUPS  2
#define THREADS (GROUP * GROUPS)
/* The initial contents of the test's two shader storage buffers. */
#define SSBO_PATTERN(k, i) (0x10000u * ((k) + 1) + (i))
/* The register budget of the spilling mode. */
#define SPILL_BUDGET 10
/* The fewest predicates the compiler allows (a PLOP3 reads three). */
#define PRED_BUDGET "3"

/* How a word that MUFU produced is compared with the correctly rounded
 * reference in the hardware-like mode: within `bound` ulps (steps between
 * the bits), or within a relative (of |ref|), absolute, or absolute-below-1-
 * relative-above (of max(1, |ref|)) error of 2^bound, plus half an ulp of
 * the reference for its own rounding.  TOL_EXACT (0): bit for bit. */
enum tol_kind { TOL_EXACT, TOL_ULP, TOL_REL, TOL_ABS, TOL_ABSREL };
struct tol {
   enum tol_kind kind;
   double bound;
};

/* The bounds of the model's hardware-like MUFU (docs/sim.md, from the PTX
 * ISA), for shaders whose result is one MUFU. */
#define TOL_RCP                                                                                    \
   {                                                                                               \
      TOL_ULP, 1                                                                                   \
   }
#define TOL_RSQ                                                                                    \
   {                                                                                               \
      TOL_REL, -22.9                                                                               \
   }
#define TOL_SQRT                                                                                   \
   {                                                                                               \
      TOL_REL, -23                                                                                 \
   }
#define TOL_LG2                                                                                    \
   {                                                                                               \
      TOL_ABSREL, -22                                                                              \
   }
#define TOL_EX2                                                                                    \
   {                                                                                               \
      TOL_ULP, 2                                                                                   \
   }
#define TOL_SIN                                                                                    \
   {                                                                                               \
      TOL_ABS, -20.5                                                                               \
   }

struct exec_case {
   const char *name;
   unsigned in_words, out_words;
   /* Builds out[] = f(in[]) for one thread; `in` holds in_words values. */
   void (*build)(nir_builder *b, nir_def **in, nir_def **out);
   void (*ref)(const uint32_t *in, uint32_t *out);
   /* Instead of ref, for results that depend on other threads: all
    * threads' outputs from all inputs. */
   void (*ref_all)(const uint32_t *in, uint32_t *out);
   /* Instead of comparing words: a check of all outputs (atomics, whose
    * per-thread results depend on the order). */
   bool (*check_all)(const uint32_t *in, const uint32_t *out);
   /* Table cases (one NIR ALU op): see alu_cases below. */
   const struct alu_case *alu;
   /* For families of cases: the member (see case_param). */
   unsigned param;
   /* Source alu_const - 1 is the constant ALU_CONST (immediate folding,
    * commuting); 0: none. */
   unsigned alu_const;
   /* Per output word (NULL: all exact). */
   const struct tol *tol;
   /* The shader's float controls left at GL's default, which flushes fp32
    * denormals (.FTZ, as NAK does); otherwise the case asks for
    * FLOAT_CONTROLS_DENORM_PRESERVE_FP32, the C references' IEEE floats. */
   bool ftz;
};

/* pi as a float; as an integer large, odd, and 27 as a shift count. */
#define ALU_CONST 0x40490fdbu

/* One NIR ALU op on 1-3 inputs, with its C reference.  Inputs are first
 * brought into the op's domain (the same way in NIR and in C). */
enum domain { ANY, NONZERO_B, POSITIVE, SMALL, BOOL_RESULT };
struct alu_case {
   const char *name;
   nir_op op;
   unsigned arity;
   enum domain domain;
   uint32_t (*ref)(uint32_t a, uint32_t b, uint32_t c);
   struct tol tol;
   /* A 32-bit float op that flushes denormal sources and results under the
    * default float controls: also run as NAME_ftz against
    * ref(flush(a), flush(b), flush(c)), its result flushed if a float. */
   bool flushes;
};

/* The member of a case family being built or checked. */
static unsigned case_param;

static nir_def *
thread_index(nir_builder *b)
{
   nir_def *wg = nir_channel(b, nir_load_workgroup_id(b), 0);
   nir_def *lid = nir_channel(b, nir_load_local_invocation_id(b), 0);
   return nir_iadd(b, nir_imul_imm(b, wg, GROUP), lid);
}

static nir_def *
buffer_address(nir_builder *b, unsigned param, nir_def *index, unsigned words)
{
   nir_def *base = nir_load_ubo(b, 1, 64, nir_imm_int(b, 0), nir_imm_int(b, 0x160 + 8 * param),
                                .align_mul = 8, .range = ~0);
   nir_def *offset = nir_u2u64(b, nir_imul_imm(b, index, 4 * words));
   return nir_iadd(b, base, offset);
}

static float f32(uint32_t u);
static uint32_t u32(float f);

/* The domain transform, in NIR and in C. */
static void
alu_domain(nir_builder *b, const struct alu_case *a, nir_def **in)
{
   switch (a->domain) {
   case NONZERO_B:
      in[1] = nir_ior_imm(b, in[1], 1);
      break;
   case POSITIVE:
      /* Exact: the C transform rounds twice, a fused FFMA would once. */
      b->exact = true;
      in[0] = nir_fadd_imm(b, nir_fabs(b, nir_fmul_imm(b, in[0], 1e-20f)), 0.25f);
      b->exact = false;
      break;
   case SMALL:
      in[0] = nir_fmul_imm(b, nir_i2f32(b, nir_ishr_imm(b, in[0], 26)), 0.75f);
      break;
   default:
      break;
   }
}

static void
alu_domain_c(const struct alu_case *a, uint32_t *in)
{
   switch (a->domain) {
   case NONZERO_B:
      in[1] |= 1;
      break;
   case POSITIVE:
      in[0] = u32(fabsf(f32(in[0]) * 1e-20f) + 0.25f);
      break;
   case SMALL:
      in[0] = u32((float)((int32_t)in[0] >> 26) * 0.75f);
      break;
   default:
      break;
   }
}

static void
build_alu(nir_builder *b, const struct alu_case *a, nir_def **in, nir_def **out)
{
   alu_domain(b, a, in);
   nir_def *r = nir_build_alu(b, a->op, in[0], a->arity > 1 ? in[1] : NULL,
                              a->arity > 2 ? in[2] : NULL, NULL);
   out[0] = r->bit_size == 1 ? nir_b2i32(b, r) : r;
}

static nir_shader *
build_shader(const struct exec_case *c)
{
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, jade_nir_options(), "%s", c->name);
   b.shader->info.workgroup_size[0] = GROUP;
   b.shader->info.workgroup_size[1] = 1;
   b.shader->info.workgroup_size[2] = 1;
   /* The kernels' c[0] (CUDA parameters at 0x160) is their default block:
    * the compiler must not renumber UBOs as it does for GL's. */
   b.shader->info.first_ubo_is_default_ubo = true;
   if (!c->ftz)
      b.shader->info.float_controls_execution_mode = FLOAT_CONTROLS_DENORM_PRESERVE_FP32;
   nir_def *index = thread_index(&b);
   nir_def *in[8], *out[8] = {0};
   nir_def *in_addr = buffer_address(&b, 0, index, c->in_words);
   for (unsigned w = 0; w < c->in_words; w++)
      in[w] = nir_load_global(&b, nir_iadd_imm(&b, in_addr, 4 * w), 4, 1, 32);
   case_param = c->param;
   if (c->alu) {
      if (c->alu_const)
         in[c->alu_const - 1] = nir_imm_int(&b, ALU_CONST);
      build_alu(&b, c->alu, in, out);
   } else {
      c->build(&b, in, out);
   }
   nir_def *out_addr = buffer_address(&b, 1, index, c->out_words);
   for (unsigned w = 0; w < c->out_words; w++)
      nir_store_global(&b, nir_iadd_imm(&b, out_addr, 4 * w), 4, out[w], 1);
   return b.shader;
}

/* --- the cases ----------------------------------------------------------- */

static void
b_int_mad(nir_builder *b, nir_def **in, nir_def **out)
{
   out[0] = nir_iadd_imm(b, nir_imul_imm(b, in[0], 3), 7);
   out[1] = nir_imul(b, in[0], in[1]);
   out[2] = nir_iadd(b, in[0], in[1]);
}
static void
r_int_mad(const uint32_t *in, uint32_t *out)
{
   out[0] = in[0] * 3 + 7;
   out[1] = in[0] * in[1];
   out[2] = in[0] + in[1];
}

static void
b_bits(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *s = nir_iand_imm(b, in[1], 31);
   out[0] =
      nir_iand_imm(b, nir_ixor(b, nir_ishl_imm(b, in[0], 3), nir_ushr_imm(b, in[0], 2)), 0xff00ff);
   out[1] = nir_ishl(b, in[0], s);
   out[2] = nir_ushr(b, in[0], s);
   out[3] = nir_ishr(b, in[0], s);
   out[4] = nir_ior(b, in[0], in[1]);
}
static void
r_bits(const uint32_t *in, uint32_t *out)
{
   unsigned s = in[1] & 31;
   out[0] = ((in[0] << 3) ^ (in[0] >> 2)) & 0xff00ff;
   out[1] = in[0] << s;
   out[2] = in[0] >> s;
   out[3] = (uint32_t)((int32_t)in[0] >> s);
   out[4] = in[0] | in[1];
}

static float
f32(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}
static uint32_t
u32(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static void
b_float(nir_builder *b, nir_def **in, nir_def **out)
{
   out[0] = nir_ffma(b, in[0], in[1], in[2]);
   out[1] = nir_fadd(b, in[0], in[1]);
   out[2] = nir_fmul(b, in[0], nir_imm_float(b, 2.5f));
}
static void
r_float(const uint32_t *in, uint32_t *out)
{
   out[0] = u32(fmaf(f32(in[0]), f32(in[1]), f32(in[2])));
   out[1] = u32(f32(in[0]) + f32(in[1]));
   out[2] = u32(f32(in[0]) * 2.5f);
}

static void
b_compare(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *a = in[0], *c = in[1];
   out[0] = nir_bcsel(b, nir_ilt(b, a, c), a, c);
   out[1] = nir_b2i32(b, nir_ult(b, a, c));
   out[2] = nir_b2i32(b, nir_ior(b, nir_ieq(b, nir_iand_imm(b, a, 3), nir_imm_int(b, 0)),
                                 nir_inot(b, nir_ige(b, c, nir_imm_int(b, 0)))));
   out[3] = nir_b2f32(b, nir_flt(b, a, c));
   out[4] = nir_b2i32(b, nir_ixor(b, nir_fge(b, a, c), nir_feq(b, a, a)));
   out[5] = nir_bcsel(b, nir_fneu(b, a, c), nir_imm_int(b, 7), c);
}
static void
r_compare(const uint32_t *in, uint32_t *out)
{
   uint32_t a = in[0], c = in[1];
   float fa = f32(a), fc = f32(c);
   out[0] = (int32_t)a < (int32_t)c ? a : c;
   out[1] = a < c;
   out[2] = (a & 3) == 0 || !((int32_t)c >= 0);
   out[3] = fa < fc ? 0x3f800000 : 0;
   out[4] = (fa >= fc) != (fa == fa);
   out[5] = fa != fc ? 7 : c;
}

static void
b_minmax(nir_builder *b, nir_def **in, nir_def **out)
{
   out[0] = nir_imin(b, in[0], in[1]);
   out[1] = nir_imax(b, in[0], in[1]);
   out[2] = nir_umin(b, in[0], in[1]);
   out[3] = nir_umax(b, in[0], in[1]);
   out[4] = nir_fmin(b, in[0], in[1]);
   out[5] = nir_fmax(b, in[0], in[1]);
   out[6] = nir_ineg(b, in[0]);
   out[7] = nir_iabs(b, in[1]);
}
static void
r_minmax(const uint32_t *in, uint32_t *out)
{
   int32_t a = (int32_t)in[0], c = (int32_t)in[1];
   out[0] = (uint32_t)(a < c ? a : c);
   out[1] = (uint32_t)(a > c ? a : c);
   out[2] = in[0] < in[1] ? in[0] : in[1];
   out[3] = in[0] > in[1] ? in[0] : in[1];
   out[4] = u32(fminf(f32(in[0]), f32(in[1])));
   out[5] = u32(fmaxf(f32(in[0]), f32(in[1])));
   out[6] = -in[0];
   out[7] = (uint32_t)(c < 0 ? -(int64_t)c : c);
}

static void
b_fmods(nir_builder *b, nir_def **in, nir_def **out)
{
   out[0] = nir_fneg(b, in[0]);
   out[1] = nir_fabs(b, in[0]);
   out[2] = nir_fsat(b, nir_fmul_imm(b, in[0], 1e-30));
   out[3] = nir_ffloor(b, in[1]);
   out[4] = nir_fceil(b, in[1]);
   out[5] = nir_ftrunc(b, in[1]);
   out[6] = nir_fround_even(b, in[1]);
}
static void
r_fmods(const uint32_t *in, uint32_t *out)
{
   float x = f32(in[0]), y = f32(in[1]);
   out[0] = in[0] ^ 0x80000000u;
   out[1] = in[0] & 0x7fffffffu;
   float m = x * 1e-30f;
   out[2] = u32(m > 1.0f ? 1.0f : m > 0.0f ? m : 0.0f);
   out[3] = u32(floorf(y));
   out[4] = u32(ceilf(y));
   out[5] = u32(truncf(y));
   out[6] = u32(nearbyintf(y));
}

/* A product that underflows compared with 0 (piglit's
 * glsl-1.20/execution/fs-underflow-mul-compare-zero): a in [2^-64, 2^-63),
 * b in [2^-63, 2^-62), so a * b * 2^-1 is below 2^-126 (a denormal or 0).
 * Under GL's default float controls (case underflow_ftz) the products are
 * 0 and the comparison false; with denormals preserved (underflow) not. */
static void
b_underflow(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *a = nir_ior_imm(b, nir_iand_imm(b, in[0], 0x007fffff), 0x1f800000);
   nir_def *c = nir_ior_imm(b, nir_iand_imm(b, in[1], 0x007fffff), 0x20000000);
   nir_def *p = nir_fmul_imm(b, nir_fmul(b, a, c), 0.5f);
   out[0] = p;
   out[1] = nir_b2i32(b, nir_flt(b, nir_imm_float(b, 0.0f), p));
}
static uint32_t flush32(uint32_t u);
static void
r_underflow_modes(const uint32_t *in, uint32_t *out, bool ftz)
{
   float a = f32((in[0] & 0x007fffff) | 0x1f800000), c = f32((in[1] & 0x007fffff) | 0x20000000);
   float ac = ftz ? f32(flush32(u32(a * c))) : a * c;
   float p = ftz ? f32(flush32(u32(ac * 0.5f))) : ac * 0.5f;
   out[0] = u32(p);
   out[1] = 0.0f < p;
}
static void
r_underflow(const uint32_t *in, uint32_t *out)
{
   r_underflow_modes(in, out, false);
}
static void
r_underflow_ftz(const uint32_t *in, uint32_t *out)
{
   r_underflow_modes(in, out, true);
}

/* Conversions: inputs scaled to stay in range (NIR leaves out-of-range
 * float-to-int conversions undefined). */
static void
b_convert(nir_builder *b, nir_def **in, nir_def **out)
{
   out[0] = nir_i2f32(b, in[0]);
   out[1] = nir_u2f32(b, in[0]);
   nir_def *f = nir_fmul_imm(b, nir_i2f32(b, nir_ishr_imm(b, in[1], 4)), 0.37f);
   out[2] = nir_f2i32(b, f);
   out[3] = nir_f2u32(b, nir_fabs(b, f));
}
static void
r_convert(const uint32_t *in, uint32_t *out)
{
   out[0] = u32((float)(int32_t)in[0]);
   out[1] = u32((float)in[0]);
   float f = (float)((int32_t)in[1] >> 4) * 0.37f;
   out[2] = (uint32_t)(int32_t)f;
   out[3] = (uint32_t)fabsf(f);
}

/* MUFU: the reference is the exact function rounded once, the words are
 * compared within the model's bounds (mufu_tol); inputs positive and
 * normal. */
static void
b_mufu(nir_builder *b, nir_def **in, nir_def **out)
{
   b->exact = true; /* the C reference rounds the product and the sum apart */
   nir_def *x = nir_fadd_imm(b, nir_fabs(b, nir_fmul_imm(b, in[0], 1e-20f)), 0.5f);
   b->exact = false;
   out[0] = nir_frcp(b, x);
   out[1] = nir_frsq(b, x);
   out[2] = nir_fsqrt(b, x);
   out[3] = nir_flog2(b, x);
   out[4] = nir_fexp2(b, nir_fmul_imm(b, x, 0.25f));
   out[5] = nir_fsin(b, x);
}
static const struct tol mufu_tol[] = {TOL_RCP, TOL_RSQ, TOL_SQRT, TOL_LG2, TOL_EX2, TOL_SIN};
static void
r_mufu(const uint32_t *in, uint32_t *out)
{
   float x = fabsf(f32(in[0]) * 1e-20f) + 0.5f;
   out[0] = u32((float)(1.0 / x));
   out[1] = u32((float)(1.0 / sqrt(x)));
   out[2] = u32((float)sqrt(x));
   out[3] = u32((float)log2(x));
   out[4] = u32((float)exp2(x * 0.25f));
   /* sin of whole quarter turns is exact in the model (0, +-1). */
   double turns = (double)(x * 0.15915494f);
   double frac = turns - floor(turns);
   double q = frac * 4;
   out[5] = q == floor(q) ? u32((float)(q == 1   ? 1
                                        : q == 3 ? -1
                                                 : 0))
                          : u32((float)sin(2.0 * M_PI * frac));
}

/* Control flow: values flow through local variables (phis after SSA). */
static nir_variable *
local(nir_builder *b, const char *name)
{
   return nir_local_variable_create(b->impl, glsl_uint_type(), name);
}

/* A chain long enough that NIR keeps a real branch (no select). */
static nir_def *
chain(nir_builder *b, nir_def *x, unsigned k)
{
   for (unsigned i = 0; i < 10; i++)
      x = nir_iadd_imm(b, nir_imul_imm(b, x, 3 + k), i + 1);
   return x;
}
static uint32_t
chain_ref(uint32_t x, unsigned k)
{
   for (unsigned i = 0; i < 10; i++)
      x = x * (3 + k) + i + 1;
   return x;
}

/* if/else whose then side holds a loop, so NIR keeps the branch. */
static void
b_ifelse(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_variable *v = local(b, "v"), *i = local(b, "i");
   nir_push_if(b, nir_ine_imm(b, nir_iand_imm(b, in[0], 1), 0));
   {
      nir_store_var(b, v, in[0], 1);
      nir_store_var(b, i, nir_imm_int(b, 0), 1);
      nir_push_loop(b);
      nir_def *iv = nir_load_var(b, i);
      nir_push_if(b, nir_uge(b, iv, nir_iand_imm(b, in[1], 3)));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      nir_store_var(b, v, nir_iadd(b, nir_imul_imm(b, nir_load_var(b, v), 3), iv), 1);
      nir_store_var(b, i, nir_iadd_imm(b, iv, 1), 1);
      nir_pop_loop(b, NULL);
   }
   nir_push_else(b, NULL);
   {
      nir_push_if(b, nir_ult(b, in[0], in[1]));
      nir_store_var(b, v, chain(b, in[1], 1), 1);
      nir_push_else(b, NULL);
      nir_store_var(b, v, chain(b, in[0], 2), 1);
      nir_pop_if(b, NULL);
   }
   nir_pop_if(b, NULL);
   out[0] = nir_load_var(b, v);
}
static void
r_ifelse(const uint32_t *in, uint32_t *out)
{
   uint32_t v;
   if (in[0] & 1) {
      v = in[0];
      for (uint32_t i = 0; i < (in[1] & 3); i++)
         v = v * 3 + i;
   } else {
      v = in[0] < in[1] ? chain_ref(in[1], 1) : chain_ref(in[0], 2);
   }
   out[0] = v;
}

/* A loop with a data-dependent trip count (lanes leave at different
 * times) and a break. */
static void
b_loop(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_variable *i = local(b, "i"), *sum = local(b, "sum");
   nir_store_var(b, i, nir_imm_int(b, 0), 1);
   nir_store_var(b, sum, in[1], 1);
   nir_def *n = nir_iand_imm(b, in[0], 15);
   nir_push_loop(b);
   {
      nir_def *iv = nir_load_var(b, i);
      nir_push_if(b, nir_uge(b, iv, n));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      nir_def *sv = nir_load_var(b, sum);
      nir_store_var(b, sum, nir_iadd(b, nir_imul_imm(b, sv, 5), nir_ixor(b, iv, in[0])), 1);
      nir_store_var(b, i, nir_iadd_imm(b, iv, 1), 1);
   }
   nir_pop_loop(b, NULL);
   out[0] = nir_load_var(b, sum);
   out[1] = nir_load_var(b, i);
}
static void
r_loop(const uint32_t *in, uint32_t *out)
{
   uint32_t sum = in[1], i, n = in[0] & 15;
   for (i = 0; i < n; i++)
      sum = sum * 5 + (i ^ in[0]);
   out[0] = sum;
   out[1] = i;
}

/* Nested loops with a continue (Collatz steps, bounded). */
static void
b_nested(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_variable *x = local(b, "x"), *steps = local(b, "steps"), *outer = local(b, "outer");
   nir_store_var(b, outer, nir_imm_int(b, 0), 1);
   nir_store_var(b, steps, nir_imm_int(b, 0), 1);
   nir_push_loop(b);
   {
      nir_def *o = nir_load_var(b, outer);
      nir_push_if(b, nir_uge_imm(b, o, 3));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      nir_store_var(b, outer, nir_iadd_imm(b, o, 1), 1);
      nir_store_var(b, x, nir_iadd_imm(b, nir_iand_imm(b, nir_iadd(b, in[0], o), 255), 1), 1);
      nir_push_loop(b);
      {
         nir_def *xv = nir_load_var(b, x);
         nir_push_if(b, nir_ieq_imm(b, xv, 1));
         nir_jump(b, nir_jump_break);
         nir_pop_if(b, NULL);
         nir_store_var(b, steps, nir_iadd_imm(b, nir_load_var(b, steps), 1), 1);
         nir_push_if(b, nir_ieq_imm(b, nir_iand_imm(b, xv, 1), 0));
         nir_store_var(b, x, nir_ushr_imm(b, xv, 1), 1);
         nir_jump(b, nir_jump_continue);
         nir_pop_if(b, NULL);
         nir_store_var(b, x, nir_iadd_imm(b, nir_imul_imm(b, xv, 3), 1), 1);
      }
      nir_pop_loop(b, NULL);
   }
   nir_pop_loop(b, NULL);
   out[0] = nir_load_var(b, steps);
}
static void
r_nested(const uint32_t *in, uint32_t *out)
{
   uint32_t steps = 0;
   for (uint32_t o = 0; o < 3; o++) {
      uint32_t x = ((in[0] + o) & 255) + 1;
      while (x != 1) {
         steps++;
         x = (x & 1) ? x * 3 + 1 : x >> 1;
      }
   }
   out[0] = steps;
}

/* Shared memory and barriers: a tree reduction of the workgroup (a loop
 * with a divergent if and a barrier in it) and a neighbour exchange. */
static void
b_shared(nir_builder *b, nir_def **in, nir_def **out)
{
   b->shader->info.shared_size = GROUP * 4;
   nir_def *lid = nir_channel(b, nir_load_local_invocation_id(b), 0);
   nir_def *addr = nir_imul_imm(b, lid, 4);
   nir_store_shared(b, in[0], addr, .write_mask = 1, .align_mul = 4);
   nir_barrier(b, .execution_scope = SCOPE_WORKGROUP, .memory_scope = SCOPE_WORKGROUP,
               .memory_semantics = NIR_MEMORY_ACQ_REL, .memory_modes = nir_var_mem_shared);
   out[1] = nir_load_shared(b, 1, 32, nir_imul_imm(b, nir_ixor(b, lid, nir_imm_int(b, 1)), 4),
                            .align_mul = 4);
   nir_barrier(b, .execution_scope = SCOPE_WORKGROUP, .memory_scope = SCOPE_WORKGROUP,
               .memory_semantics = NIR_MEMORY_ACQ_REL, .memory_modes = nir_var_mem_shared);
   nir_variable *step = local(b, "step");
   nir_store_var(b, step, nir_imm_int(b, GROUP / 2), 1);
   nir_push_loop(b);
   {
      nir_def *sv = nir_load_var(b, step);
      nir_push_if(b, nir_ieq_imm(b, sv, 0));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      nir_push_if(b, nir_ult(b, lid, sv));
      nir_def *other =
         nir_load_shared(b, 1, 32, nir_imul_imm(b, nir_iadd(b, lid, sv), 4), .align_mul = 4);
      nir_def *mine = nir_load_shared(b, 1, 32, addr, .align_mul = 4);
      nir_store_shared(b, nir_iadd(b, mine, other), addr, .write_mask = 1, .align_mul = 4);
      nir_pop_if(b, NULL);
      nir_barrier(b, .execution_scope = SCOPE_WORKGROUP, .memory_scope = SCOPE_WORKGROUP,
                  .memory_semantics = NIR_MEMORY_ACQ_REL, .memory_modes = nir_var_mem_shared);
      nir_store_var(b, step, nir_ushr_imm(b, sv, 1), 1);
   }
   nir_pop_loop(b, NULL);
   out[0] = nir_load_shared(b, 1, 32, nir_imm_int(b, 0), .align_mul = 4);
}
static void
r_shared(const uint32_t *in, uint32_t *out)
{
   for (unsigned g = 0; g < GROUPS; g++) {
      uint32_t sum = 0;
      for (unsigned t = 0; t < GROUP; t++)
         sum += in[g * GROUP + t];
      for (unsigned t = 0; t < GROUP; t++) {
         out[(g * GROUP + t) * 2] = sum;
         out[(g * GROUP + t) * 2 + 1] = in[g * GROUP + (t ^ 1)];
      }
   }
}

/* Shared atomics: each thread adds 1 to a counter (the values it gets
 * back are 0..63 in some order) and folds its input into a max, a min,
 * an or and an xor; thread 0 reads the results after a barrier. */
static void
b_atomics(nir_builder *b, nir_def **in, nir_def **out)
{
   b->shader->info.shared_size = 5 * 4;
   nir_def *lid = nir_channel(b, nir_load_local_invocation_id(b), 0);
   nir_push_if(b, nir_ieq_imm(b, lid, 0));
   for (unsigned k = 0; k < 5; k++)
      nir_store_shared(b, nir_imm_int(b, k == 2 ? -1 : 0), nir_imm_int(b, 4 * k), .write_mask = 1,
                       .align_mul = 4);
   nir_pop_if(b, NULL);
   nir_barrier(b, .execution_scope = SCOPE_WORKGROUP, .memory_scope = SCOPE_WORKGROUP,
               .memory_semantics = NIR_MEMORY_ACQ_REL, .memory_modes = nir_var_mem_shared);
   out[0] = nir_shared_atomic(b, 32, nir_imm_int(b, 0), nir_imm_int(b, 1),
                              .atomic_op = nir_atomic_op_iadd);
   nir_shared_atomic(b, 32, nir_imm_int(b, 4), in[0], .atomic_op = nir_atomic_op_imax);
   nir_shared_atomic(b, 32, nir_imm_int(b, 8), in[0], .atomic_op = nir_atomic_op_umin);
   nir_shared_atomic(b, 32, nir_imm_int(b, 12), in[0], .atomic_op = nir_atomic_op_ior);
   nir_shared_atomic(b, 32, nir_imm_int(b, 16), in[0], .atomic_op = nir_atomic_op_ixor);
   nir_barrier(b, .execution_scope = SCOPE_WORKGROUP, .memory_scope = SCOPE_WORKGROUP,
               .memory_semantics = NIR_MEMORY_ACQ_REL, .memory_modes = nir_var_mem_shared);
   for (unsigned k = 0; k < 5; k++)
      out[1 + k] = nir_load_shared(b, 1, 32, nir_imm_int(b, 4 * k), .align_mul = 4);
}
static bool
c_atomics(const uint32_t *in, const uint32_t *out)
{
   for (unsigned g = 0; g < GROUPS; g++) {
      bool seen[GROUP] = {false};
      int32_t max = INT32_MIN;
      uint32_t min = ~0u, or = 0, xor = 0;
      for (unsigned t = 0; t < GROUP; t++) {
         uint32_t v = in[g * GROUP + t], got = out[(g * GROUP + t) * 6];
         if (got >= GROUP || seen[got])
            return false;
         seen[got] = true;
         max = (int32_t)v > max ? (int32_t)v : max;
         min = v < min ? v : min;
         or |= v;
         xor ^= v;
      }
      for (unsigned t = 0; t < GROUP; t++) {
         const uint32_t *o = &out[(g * GROUP + t) * 6];
         if (o[1] != GROUP || o[2] != (uint32_t)max || o[3] != min || o[4] != or || o[5] != xor)
            return false;
      }
   }
   return true;
}

/* Integer division (lowered by NIR to multiplies, IMAD.HI among them). */
static void
b_divide(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *d = nir_ior_imm(b, nir_iand_imm(b, in[1], 0xffff), 1);
   nir_def *sd = nir_iadd_imm(b, nir_iand_imm(b, in[1], 0x7ff), -1000);
   sd = nir_bcsel(b, nir_ieq_imm(b, sd, 0), nir_imm_int(b, 7), sd);
   out[0] = nir_udiv(b, in[0], d);
   out[1] = nir_umod(b, in[0], d);
   out[2] = nir_idiv(b, in[0], sd);
   out[3] = nir_imod(b, in[0], sd);
   out[4] = nir_umul_high(b, in[0], in[1]);
   out[5] = nir_imul_high(b, in[0], in[1]);
}
static void
r_divide(const uint32_t *in, uint32_t *out)
{
   uint32_t d = (in[1] & 0xffff) | 1;
   int32_t sd = (int32_t)(in[1] & 0x7ff) - 1000;
   if (sd == 0)
      sd = 7;
   int32_t a = (int32_t)in[0];
   out[0] = in[0] / d;
   out[1] = in[0] % d;
   out[2] = (uint32_t)(a == INT32_MIN && sd == -1 ? a : a / sd);
   /* NIR's imod takes the divisor's sign. */
   int32_t r = a % sd;
   if (r && ((r < 0) != (sd < 0)))
      r += sd;
   out[3] = (uint32_t)r;
   out[4] = (uint32_t)(((uint64_t)in[0] * in[1]) >> 32);
   out[5] = (uint32_t)(((int64_t)(int32_t)in[0] * (int32_t)in[1]) >> 32);
}

/* Indexed constant-buffer loads (LDC with a register offset): a table in
 * c[3], filled by run_case. */
static void
b_ldc(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *idx = nir_imul_imm(b, nir_iand_imm(b, in[0], 15), 8);
   nir_def *v = nir_load_ubo(b, 2, 32, nir_imm_int(b, 3), idx, .align_mul = 4, .range = ~0);
   out[0] = nir_channel(b, v, 0);
   out[1] = nir_channel(b, v, 1);
   /* A constant offset: the ALU ops read c[3][0x8] and c[3][0xc] directly. */
   nir_def *w =
      nir_load_ubo(b, 2, 32, nir_imm_int(b, 3), nir_imm_int(b, 8), .align_mul = 4, .range = ~0);
   out[2] = nir_ixor(b, nir_iadd(b, in[0], nir_channel(b, w, 0)), nir_channel(b, w, 1));
   out[3] = nir_b2i32(b, nir_ult(b, in[0], nir_channel(b, w, 1)));
}
static void
r_ldc(const uint32_t *in, uint32_t *out)
{
   unsigned i = in[0] & 15;
   out[0] = 0x1000 + 2 * i;
   out[1] = 0x1000 + 2 * i + 1;
   out[2] = (in[0] + 0x1002) ^ 0x1003;
   out[3] = in[0] < 0x1003;
}

/* Derivatives across 2x2 quads of lanes (bit 0: x, bit 1: y). */
static void
b_derivs(nir_builder *b, nir_def **in, nir_def **out)
{
   out[0] = nir_ddx_fine(b, in[0]);
   out[1] = nir_ddy_fine(b, in[0]);
}
static void
r_derivs(const uint32_t *in, uint32_t *out)
{
   for (unsigned t = 0; t < THREADS; t++) {
      float v = f32(in[t]);
      float x = f32(in[t ^ 1]), y = f32(in[t ^ 2]);
      out[2 * t] = u32((t & 1) ? v - x : x - v);
      out[2 * t + 1] = u32((t & 2) ? v - y : y - v);
   }
}

/* --- one case per ALU op ------------------------------------------------- */

#define I(x) ((int32_t)(x))
#define F(x) f32(x)
static uint32_t
r_iadd(uint32_t a, uint32_t b, uint32_t c)
{
   return a + b;
}
static uint32_t
r_isub(uint32_t a, uint32_t b, uint32_t c)
{
   return a - b;
}
static uint32_t
r_imul(uint32_t a, uint32_t b, uint32_t c)
{
   return a * b;
}
static uint32_t
r_iand(uint32_t a, uint32_t b, uint32_t c)
{
   return a & b;
}
static uint32_t
r_ior(uint32_t a, uint32_t b, uint32_t c)
{
   return a | b;
}
static uint32_t
r_ixor(uint32_t a, uint32_t b, uint32_t c)
{
   return a ^ b;
}
static uint32_t
r_ishl(uint32_t a, uint32_t b, uint32_t c)
{
   return a << (b & 31);
}
static uint32_t
r_ushr(uint32_t a, uint32_t b, uint32_t c)
{
   return a >> (b & 31);
}
static uint32_t
r_ishr(uint32_t a, uint32_t b, uint32_t c)
{
   return (uint32_t)(I(a) >> (b & 31));
}
static uint32_t
r_imin(uint32_t a, uint32_t b, uint32_t c)
{
   return I(a) < I(b) ? a : b;
}
static uint32_t
r_imax(uint32_t a, uint32_t b, uint32_t c)
{
   return I(a) > I(b) ? a : b;
}
static uint32_t
r_umin(uint32_t a, uint32_t b, uint32_t c)
{
   return a < b ? a : b;
}
static uint32_t
r_umax(uint32_t a, uint32_t b, uint32_t c)
{
   return a > b ? a : b;
}
static uint32_t
r_udiv(uint32_t a, uint32_t b, uint32_t c)
{
   return a / b;
}
static uint32_t
r_umod(uint32_t a, uint32_t b, uint32_t c)
{
   return a % b;
}
static uint32_t
r_umulh(uint32_t a, uint32_t b, uint32_t c)
{
   return (uint32_t)(((uint64_t)a * b) >> 32);
}
static uint32_t
r_imulh(uint32_t a, uint32_t b, uint32_t c)
{
   return (uint32_t)(((int64_t)I(a) * I(b)) >> 32);
}
static uint32_t
r_inot(uint32_t a, uint32_t b, uint32_t c)
{
   return ~a;
}
static uint32_t
r_ineg(uint32_t a, uint32_t b, uint32_t c)
{
   return -a;
}
static uint32_t
r_iabs(uint32_t a, uint32_t b, uint32_t c)
{
   return I(a) < 0 ? -a : a;
}
static uint32_t
r_ieq(uint32_t a, uint32_t b, uint32_t c)
{
   return a == b;
}
static uint32_t
r_ine(uint32_t a, uint32_t b, uint32_t c)
{
   return a != b;
}
static uint32_t
r_ilt(uint32_t a, uint32_t b, uint32_t c)
{
   return I(a) < I(b);
}
static uint32_t
r_ige(uint32_t a, uint32_t b, uint32_t c)
{
   return I(a) >= I(b);
}
static uint32_t
r_ult(uint32_t a, uint32_t b, uint32_t c)
{
   return a < b;
}
static uint32_t
r_uge(uint32_t a, uint32_t b, uint32_t c)
{
   return a >= b;
}
static uint32_t
r_fadd(uint32_t a, uint32_t b, uint32_t c)
{
   return u32(F(a) + F(b));
}
static uint32_t
r_fsub(uint32_t a, uint32_t b, uint32_t c)
{
   return u32(F(a) - F(b));
}
static uint32_t
r_fmul(uint32_t a, uint32_t b, uint32_t c)
{
   return u32(F(a) * F(b));
}
static uint32_t
r_ffma(uint32_t a, uint32_t b, uint32_t c)
{
   return u32(fmaf(F(a), F(b), F(c)));
}
static uint32_t
r_fmin(uint32_t a, uint32_t b, uint32_t c)
{
   return u32(fminf(F(a), F(b)));
}
static uint32_t
r_fmax(uint32_t a, uint32_t b, uint32_t c)
{
   return u32(fmaxf(F(a), F(b)));
}
static uint32_t
r_feq(uint32_t a, uint32_t b, uint32_t c)
{
   return F(a) == F(b);
}
static uint32_t
r_fneu(uint32_t a, uint32_t b, uint32_t c)
{
   return F(a) != F(b);
}
static uint32_t
r_flt(uint32_t a, uint32_t b, uint32_t c)
{
   return F(a) < F(b);
}
static uint32_t
r_fge(uint32_t a, uint32_t b, uint32_t c)
{
   return F(a) >= F(b);
}
static uint32_t
r_fneg(uint32_t a, uint32_t b, uint32_t c)
{
   return a ^ 0x80000000u;
}
static uint32_t
r_brev(uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 32; i++)
      r |= (a >> i & 1) << (31 - i);
   return r;
}
static uint32_t
r_popc(uint32_t a, uint32_t b, uint32_t c)
{
   return (uint32_t)__builtin_popcount(a);
}
static uint32_t
r_ufind_msb(uint32_t a, uint32_t b, uint32_t c)
{
   return a ? 31 - __builtin_clz(a) : ~0u;
}
static uint32_t
r_ifind_msb(uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t v = I(a) < 0 ? ~a : a;
   return v ? 31 - __builtin_clz(v) : ~0u;
}
static uint32_t
r_find_lsb(uint32_t a, uint32_t b, uint32_t c)
{
   return a ? __builtin_ctz(a) : ~0u;
}
static uint32_t
r_fsign(uint32_t a, uint32_t b, uint32_t c)
{
   return u32(F(a) > 0 ? 1.0f : F(a) < 0 ? -1.0f : 0.0f);
}
static uint32_t
r_fabs(uint32_t a, uint32_t b, uint32_t c)
{
   return a & 0x7fffffffu;
}
static uint32_t
r_ffloor(uint32_t a, uint32_t b, uint32_t c)
{
   return u32(floorf(F(a)));
}
static uint32_t
r_fceil(uint32_t a, uint32_t b, uint32_t c)
{
   return u32(ceilf(F(a)));
}
static uint32_t
r_ftrunc(uint32_t a, uint32_t b, uint32_t c)
{
   return u32(truncf(F(a)));
}
static uint32_t
r_fround(uint32_t a, uint32_t b, uint32_t c)
{
   return u32(nearbyintf(F(a)));
}
static uint32_t
r_ffract(uint32_t a, uint32_t b, uint32_t c)
{
   return u32(F(a) - floorf(F(a)));
}
static uint32_t
r_frcp(uint32_t a, uint32_t b, uint32_t c)
{
   return u32((float)(1.0 / F(a)));
}
static uint32_t
r_fsqrt(uint32_t a, uint32_t b, uint32_t c)
{
   return u32((float)sqrt(F(a)));
}
static uint32_t
r_frsq(uint32_t a, uint32_t b, uint32_t c)
{
   return u32((float)(1.0 / sqrt(F(a))));
}
static uint32_t
r_flog2(uint32_t a, uint32_t b, uint32_t c)
{
   return u32((float)log2(F(a)));
}
static uint32_t
r_fexp2(uint32_t a, uint32_t b, uint32_t c)
{
   return u32((float)exp2(F(a)));
}
static uint32_t
r_i2f(uint32_t a, uint32_t b, uint32_t c)
{
   return u32((float)I(a));
}
static uint32_t
r_u2f(uint32_t a, uint32_t b, uint32_t c)
{
   return u32((float)a);
}
static uint32_t
r_f2i(uint32_t a, uint32_t b, uint32_t c)
{
   return (uint32_t)(int32_t)F(a);
}

/* A denormal float as the zero of its sign (what .FTZ does to sources and
 * results). */
static uint32_t
flush32(uint32_t u)
{
   return (u & 0x7f800000u) == 0 ? u & 0x80000000u : u;
}

static const struct alu_case alu_cases[] = {
   {"iadd", nir_op_iadd, 2, ANY, r_iadd},
   {"isub", nir_op_isub, 2, ANY, r_isub},
   {"imul", nir_op_imul, 2, ANY, r_imul},
   {"iand", nir_op_iand, 2, ANY, r_iand},
   {"ior", nir_op_ior, 2, ANY, r_ior},
   {"ixor", nir_op_ixor, 2, ANY, r_ixor},
   {"ishl", nir_op_ishl, 2, ANY, r_ishl},
   {"ushr", nir_op_ushr, 2, ANY, r_ushr},
   {"ishr", nir_op_ishr, 2, ANY, r_ishr},
   {"imin", nir_op_imin, 2, ANY, r_imin},
   {"imax", nir_op_imax, 2, ANY, r_imax},
   {"umin", nir_op_umin, 2, ANY, r_umin},
   {"umax", nir_op_umax, 2, ANY, r_umax},
   {"udiv", nir_op_udiv, 2, NONZERO_B, r_udiv},
   {"umod", nir_op_umod, 2, NONZERO_B, r_umod},
   {"umul_high", nir_op_umul_high, 2, ANY, r_umulh},
   {"imul_high", nir_op_imul_high, 2, ANY, r_imulh},
   {"inot", nir_op_inot, 1, ANY, r_inot},
   {"ineg", nir_op_ineg, 1, ANY, r_ineg},
   {"iabs", nir_op_iabs, 1, ANY, r_iabs},
   {"ieq", nir_op_ieq, 2, ANY, r_ieq},
   {"ine", nir_op_ine, 2, ANY, r_ine},
   {"ilt", nir_op_ilt, 2, ANY, r_ilt},
   {"ige", nir_op_ige, 2, ANY, r_ige},
   {"ult", nir_op_ult, 2, ANY, r_ult},
   {"uge", nir_op_uge, 2, ANY, r_uge},
   {"fadd", nir_op_fadd, 2, ANY, r_fadd, .flushes = true},
   {"fsub", nir_op_fsub, 2, ANY, r_fsub, .flushes = true},
   {"fmul", nir_op_fmul, 2, ANY, r_fmul, .flushes = true},
   {"ffma", nir_op_ffma, 3, ANY, r_ffma, .flushes = true},
   {"fmin", nir_op_fmin, 2, ANY, r_fmin, .flushes = true},
   {"fmax", nir_op_fmax, 2, ANY, r_fmax, .flushes = true},
   {"feq", nir_op_feq, 2, ANY, r_feq, .flushes = true},
   {"fneu", nir_op_fneu, 2, ANY, r_fneu, .flushes = true},
   {"flt", nir_op_flt, 2, ANY, r_flt, .flushes = true},
   {"fge", nir_op_fge, 2, ANY, r_fge, .flushes = true},
   {"fsign", nir_op_fsign, 1, ANY, r_fsign},
   {"bitfield_reverse", nir_op_bitfield_reverse, 1, ANY, r_brev},
   {"bit_count", nir_op_bit_count, 1, ANY, r_popc},
   {"ufind_msb", nir_op_ufind_msb, 1, ANY, r_ufind_msb},
   {"ifind_msb", nir_op_ifind_msb, 1, ANY, r_ifind_msb},
   {"find_lsb", nir_op_find_lsb, 1, ANY, r_find_lsb},
   {"fneg", nir_op_fneg, 1, ANY, r_fneg, .flushes = true},
   {"fabs", nir_op_fabs, 1, ANY, r_fabs, .flushes = true},
   {"ffloor", nir_op_ffloor, 1, ANY, r_ffloor, .flushes = true},
   {"fceil", nir_op_fceil, 1, ANY, r_fceil, .flushes = true},
   {"ftrunc", nir_op_ftrunc, 1, ANY, r_ftrunc, .flushes = true},
   {"fround_even", nir_op_fround_even, 1, ANY, r_fround, .flushes = true},
   {"ffract", nir_op_ffract, 1, SMALL, r_ffract},
   {"frcp", nir_op_frcp, 1, POSITIVE, r_frcp, TOL_RCP},
   {"fsqrt", nir_op_fsqrt, 1, POSITIVE, r_fsqrt, TOL_SQRT},
   {"frsq", nir_op_frsq, 1, POSITIVE, r_frsq, TOL_RSQ},
   {"flog2", nir_op_flog2, 1, POSITIVE, r_flog2, TOL_LG2},
   {"fexp2", nir_op_fexp2, 1, SMALL, r_fexp2, TOL_EX2},
   {"i2f32", nir_op_i2f32, 1, ANY, r_i2f},
   {"u2f32", nir_op_u2f32, 1, ANY, r_u2f},
   {"f2i32", nir_op_f2i32, 1, SMALL, r_f2i},
};

/* A local array indexed dynamically (NIR turns it into selects). */
static void
b_local_array(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_variable *arr =
      nir_local_variable_create(b->impl, glsl_array_type(glsl_uint_type(), 8, 0), "arr");
   nir_deref_instr *d = nir_build_deref_var(b, arr);
   for (unsigned i = 0; i < 8; i++)
      nir_store_deref(b, nir_build_deref_array_imm(b, d, i),
                      nir_iadd_imm(b, nir_imul_imm(b, in[1], i + 1), i), 1);
   nir_def *idx = nir_iand_imm(b, in[0], 7);
   nir_store_deref(b, nir_build_deref_array(b, d, nir_iand_imm(b, nir_iadd_imm(b, idx, 3), 7)),
                   in[0], 1);
   out[0] = nir_load_deref(b, nir_build_deref_array(b, d, idx));
   out[1] =
      nir_load_deref(b, nir_build_deref_array(b, d, nir_iand_imm(b, nir_iadd_imm(b, idx, 3), 7)));
}
static void
r_local_array(const uint32_t *in, uint32_t *out)
{
   uint32_t arr[8];
   for (unsigned i = 0; i < 8; i++)
      arr[i] = in[1] * (i + 1) + i;
   unsigned idx = in[0] & 7;
   arr[(idx + 3) & 7] = in[0];
   out[0] = arr[idx];
   out[1] = arr[(idx + 3) & 7];
}

/* An array too big for selects: local memory (LDL/STL .128), written and
 * read at dynamic indices. */
static void
b_local_memory(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_variable *arr =
      nir_local_variable_create(b->impl, glsl_array_type(glsl_uvec4_type(), 16, 0), "arr");
   nir_deref_instr *d = nir_build_deref_var(b, arr);
   for (unsigned i = 0; i < 16; i++) {
      nir_def *base = nir_iadd_imm(b, nir_imul_imm(b, in[1], i + 1), i);
      nir_store_deref(
         b, nir_build_deref_array_imm(b, d, i),
         nir_vec4(b, base, nir_ixor(b, base, in[0]), nir_imm_int(b, i), nir_iadd(b, base, in[0])),
         0xf);
   }
   nir_def *idx = nir_iand_imm(b, in[0], 15);
   nir_def *other = nir_iand_imm(b, nir_iadd_imm(b, idx, 5), 15);
   nir_store_deref(b, nir_build_deref_array(b, d, other), nir_vec4(b, in[0], in[1], idx, other),
                   0x5); /* .x and .z */
   nir_def *v0 = nir_load_deref(b, nir_build_deref_array(b, d, idx));
   nir_def *v1 = nir_load_deref(b, nir_build_deref_array(b, d, other));
   for (unsigned k = 0; k < 4; k++) {
      out[k] = nir_channel(b, v0, k);
      out[4 + k] = nir_channel(b, v1, k);
   }
}
static void
r_local_memory(const uint32_t *in, uint32_t *out)
{
   uint32_t arr[16][4];
   for (unsigned i = 0; i < 16; i++) {
      uint32_t base = in[1] * (i + 1) + i;
      arr[i][0] = base;
      arr[i][1] = base ^ in[0];
      arr[i][2] = i;
      arr[i][3] = base + in[0];
   }
   unsigned idx = in[0] & 15, other = (idx + 5) & 15;
   arr[other][0] = in[0];
   arr[other][2] = idx;
   for (unsigned k = 0; k < 4; k++) {
      out[k] = arr[idx][k];
      out[4 + k] = arr[other][k];
   }
}

/* Local memory in a loop: each iteration reads one element and writes
 * another (loads and stores must stay ordered). */
static void
b_local_loop(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_variable *arr =
      nir_local_variable_create(b->impl, glsl_array_type(glsl_uint_type(), 32, 0), "arr");
   nir_variable *j = nir_local_variable_create(b->impl, glsl_uint_type(), "j");
   nir_variable *acc = nir_local_variable_create(b->impl, glsl_uint_type(), "acc");
   nir_variable *k = nir_local_variable_create(b->impl, glsl_uint_type(), "k");
   nir_deref_instr *d = nir_build_deref_var(b, arr);
   for (unsigned i = 0; i < 32; i++)
      nir_store_deref(b, nir_build_deref_array_imm(b, d, i), nir_imul_imm(b, in[1], i), 1);
   nir_store_var(b, j, in[0], 1);
   nir_store_var(b, acc, nir_imm_int(b, 0), 1);
   nir_store_var(b, k, nir_imm_int(b, 0), 1);
   nir_push_loop(b);
   {
      nir_def *kv = nir_load_var(b, k);
      nir_push_if(b, nir_uge_imm(b, kv, 6));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      nir_def *jv = nir_load_var(b, j);
      nir_def *a =
         nir_iadd(b, nir_load_var(b, acc),
                  nir_load_deref(b, nir_build_deref_array(b, d, nir_iand_imm(b, jv, 31))));
      nir_store_var(b, acc, a, 1);
      nir_store_deref(b, nir_build_deref_array(b, d, nir_iand_imm(b, nir_iadd_imm(b, jv, 3), 31)),
                      a, 1);
      nir_store_var(b, j, nir_ixor(b, jv, nir_ushr_imm(b, a, 3)), 1);
      nir_store_var(b, k, nir_iadd_imm(b, kv, 1), 1);
   }
   nir_pop_loop(b, NULL);
   out[0] = nir_load_var(b, acc);
   out[1] = nir_load_deref(b, nir_build_deref_array(b, d, nir_iand_imm(b, in[1], 31)));
}
static void
r_local_loop(const uint32_t *in, uint32_t *out)
{
   uint32_t arr[32], j = in[0], acc = 0;
   for (unsigned i = 0; i < 32; i++)
      arr[i] = in[1] * i;
   for (unsigned k = 0; k < 6; k++) {
      acc += arr[j & 31];
      arr[(j + 3) & 31] = acc;
      j ^= acc >> 3;
   }
   out[0] = acc;
   out[1] = arr[in[1] & 31];
}

/* Operand folding: constants in source a (commuted to b), negations and
 * absolute values into their users, a saturate into its producer. */
static void
b_folding(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *x = nir_fmul_imm(b, nir_i2f32(b, nir_ishr_imm(b, in[0], 8)), 1.0f / 4096);
   nir_def *y = nir_fmul_imm(b, nir_i2f32(b, nir_ishr_imm(b, in[1], 8)), 1.0f / 8192);
   out[0] = nir_fmul(b, nir_fneg(b, x), y);
   out[1] = nir_fadd(b, nir_fabs(b, x), y);
   out[2] = nir_fsat(b, nir_ffma(b, x, y, nir_imm_float(b, 0.25f)));
   out[3] = nir_fmul(b, nir_imm_float(b, 3.0f), x);
   out[4] = nir_b2i32(b, nir_flt(b, nir_imm_float(b, 1.5f), x));
   out[5] = nir_iand(b, nir_imm_int(b, 0xff00), in[0]);
   out[6] = nir_fmul(b, nir_fneg(b, nir_fabs(b, x)), y);
   out[7] = nir_isub(b, nir_imm_int(b, 77), in[1]);
}
static void
r_folding(const uint32_t *in, uint32_t *out)
{
   float x = (float)((int32_t)in[0] >> 8) * (1.0f / 4096);
   float y = (float)((int32_t)in[1] >> 8) * (1.0f / 8192);
   out[0] = u32(-x * y);
   out[1] = u32(fabsf(x) + y);
   out[2] = u32(fminf(fmaxf(fmaf(x, y, 0.25f), 0.0f), 1.0f));
   out[3] = u32(3.0f * x);
   out[4] = 1.5f < x;
   out[5] = 0xff00 & in[0];
   out[6] = u32(-fabsf(x) * y);
   out[7] = 77 - in[1];
}

/* Fusions: IMAD (a*b+c), LEA ((a<<k)+b), IADD3 (a+b+c), LOP3 trees. */
static void
b_fusions(nir_builder *b, nir_def **in, nir_def **out)
{
   out[0] = nir_iadd(b, nir_imul(b, in[0], in[1]), in[2]);
   out[1] = nir_iadd(b, nir_ishl_imm(b, in[0], 5), in[1]);
   out[2] = nir_iadd(b, nir_iadd(b, in[0], in[1]), in[2]);
   out[3] = nir_ior(b, nir_iand(b, in[0], in[1]), nir_inot(b, in[2]));
   out[4] = nir_iand(b, nir_inot(b, nir_ixor(b, in[0], in[1])), in[2]);
   out[5] = nir_ixor(b, nir_ixor(b, in[0], in[1]), nir_ior(b, in[1], in[2]));
}
static void
r_fusions(const uint32_t *in, uint32_t *out)
{
   out[0] = in[0] * in[1] + in[2];
   out[1] = (in[0] << 5) + in[1];
   out[2] = in[0] + in[1] + in[2];
   out[3] = (in[0] & in[1]) | ~in[2];
   out[4] = ~(in[0] ^ in[1]) & in[2];
   out[5] = (in[0] ^ in[1]) ^ (in[1] | in[2]);
}

/* Shader storage buffers (as the GL front end makes them): a buffer
 * chosen per thread, load, store, load back, an atomic add. */
static void
b_ssbo(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *t = thread_index(b);
   nir_def *idx = nir_iand_imm(b, in[0], 1);
   nir_def *off = nir_imul_imm(b, t, 4);
   nir_def *v = nir_load_ssbo(b, 1, 32, idx, off, .align_mul = 4);
   nir_store_ssbo(b, nir_iadd(b, v, in[1]), idx, off, .write_mask = 1, .align_mul = 4);
   out[0] = v;
   out[1] = nir_load_ssbo(b, 1, 32, idx, off, .align_mul = 4);
   out[2] = nir_ssbo_atomic(b, 32, nir_imm_int(b, 1), off, nir_imm_int(b, 5),
                            .atomic_op = nir_atomic_op_iadd);
   out[3] = nir_load_ssbo(b, 1, 32, nir_imm_int(b, 1), off, .align_mul = 4);
}
static void
r_all_ssbo(const uint32_t *in, uint32_t *out)
{
   for (unsigned t = 0; t < THREADS; t++) {
      unsigned idx = in[2 * t] & 1;
      uint32_t v = SSBO_PATTERN(idx, t), stored = v + in[2 * t + 1];
      uint32_t b1 = idx ? stored : SSBO_PATTERN(1, t);
      out[4 * t + 0] = v;
      out[4 * t + 1] = stored;
      out[4 * t + 2] = b1;
      out[4 * t + 3] = b1 + 5;
   }
}

/* Robust buffer access (ARB_robust_buffer_access_behavior): buffer 0 is
 * 2 * THREADS words and buffer 1 follows it in memory (256-byte aligned,
 * 8 * THREADS bytes apart), so what passes buffer 0's end lands in buffer
 * 1 unless the compiler checks the bank's size.  A load past the end reads
 * 0, a store past it is dropped (buffer 1 keeps its words), an atomic far
 * past it (unmapped) returns 0 without a fault, and an offset whose
 * access would wrap 2^32 reads 0. */
static void
b_ssbo_robust(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *t = thread_index(b);
   nir_def *zero = nir_imm_int(b, 0), *one = nir_imm_int(b, 1);
   nir_def *past = nir_imul_imm(b, nir_iadd_imm(b, t, 2 * THREADS), 4);
   out[0] = nir_load_ssbo(b, 1, 32, zero, past, .align_mul = 4);
   nir_store_ssbo(b, nir_iadd_imm(b, in[1], 0xdead), zero, past, .write_mask = 1, .align_mul = 4);
   out[1] = nir_load_ssbo(b, 1, 32, one, nir_imul_imm(b, t, 4), .align_mul = 4);
   out[2] = nir_ssbo_atomic(b, 32, zero, nir_iadd_imm(b, past, 0x10000000), in[0],
                            .atomic_op = nir_atomic_op_iadd);
   out[3] = nir_load_ssbo(b, 1, 32, zero, nir_iadd_imm(b, nir_ishl_imm(b, in[0], 30), 0xfffffffc),
                          .align_mul = 4);
}
static void
r_all_ssbo_robust(const uint32_t *in, uint32_t *out)
{
   for (unsigned t = 0; t < THREADS; t++) {
      out[4 * t + 0] = 0;
      out[4 * t + 1] = SSBO_PATTERN(1, t);
      out[4 * t + 2] = 0;
      out[4 * t + 3] = 0;
   }
}

/* Family "nest": ifs nested case_param deep on their then-sides (one
 * convergence barrier each), each level with its own arithmetic. */
static void
b_nest_level(nir_builder *b, nir_def **in, nir_variable *v, unsigned level)
{
   if (level == case_param)
      return;
   nir_push_if(b, nir_ine_imm(b, nir_iand_imm(b, in[1], 1u << level), 0));
   {
      nir_store_var(b, v, nir_iadd_imm(b, nir_imul_imm(b, nir_load_var(b, v), 3), level), 1);
      b_nest_level(b, in, v, level + 1);
   }
   nir_push_else(b, NULL);
   nir_store_var(b, v, nir_ixor(b, nir_load_var(b, v), nir_imm_int(b, 0x1111 * (level + 1))), 1);
   nir_pop_if(b, NULL);
}
static void
b_nest(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_variable *v = local(b, "v");
   nir_store_var(b, v, in[0], 1);
   b_nest_level(b, in, v, 0);
   out[0] = nir_load_var(b, v);
}
static void
r_nest(const uint32_t *in, uint32_t *out)
{
   uint32_t v = in[0];
   for (unsigned level = 0; level < case_param; level++) {
      if (in[1] & (1u << level)) {
         v = v * 3 + level;
      } else {
         v ^= 0x1111 * (level + 1);
         break;
      }
   }
   out[0] = v;
}

/* Family "loops": a loop of data-dependent trip count with an if inside;
 * the member picks the count's range and the arithmetic. */
static void
b_loops(nir_builder *b, nir_def **in, nir_def **out)
{
   unsigned k = case_param;
   nir_variable *i = local(b, "i"), *acc = local(b, "acc"), *odd = local(b, "odd");
   nir_store_var(b, i, nir_imm_int(b, 0), 1);
   nir_store_var(b, acc, in[1], 1);
   nir_store_var(b, odd, nir_imm_int(b, 0), 1);
   nir_def *n = nir_iand_imm(b, in[0], 4 * k - 1);
   nir_push_loop(b);
   {
      nir_def *iv = nir_load_var(b, i);
      nir_push_if(b, nir_uge(b, iv, n));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      nir_def *a = nir_load_var(b, acc);
      nir_push_if(b, nir_ine_imm(b, nir_iand_imm(b, nir_ixor(b, a, iv), 1), 0));
      {
         nir_store_var(b, acc, nir_iadd_imm(b, nir_imul_imm(b, a, 2 * k + 1), k), 1);
         nir_store_var(b, odd, nir_iadd_imm(b, nir_load_var(b, odd), 1), 1);
      }
      nir_push_else(b, NULL);
      nir_store_var(b, acc, nir_ixor(b, nir_ushr_imm(b, a, k % 5 + 1), iv), 1);
      nir_pop_if(b, NULL);
      nir_store_var(b, i, nir_iadd_imm(b, iv, 1), 1);
   }
   nir_pop_loop(b, NULL);
   out[0] = nir_load_var(b, acc);
   out[1] = nir_load_var(b, odd);
}
static void
r_loops(const uint32_t *in, uint32_t *out)
{
   unsigned k = case_param;
   uint32_t acc = in[1], odd = 0, n = in[0] & (4 * k - 1);
   for (uint32_t i = 0; i < n; i++) {
      if ((acc ^ i) & 1) {
         acc = acc * (2 * k + 1) + k;
         odd++;
      } else {
         acc = (acc >> (k % 5 + 1)) ^ i;
      }
   }
   out[0] = acc;
   out[1] = odd;
}

/* Family "pressure": case_param values live at once (register pressure;
 * the spilling mode spills most of them). */
static void
b_pressure(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *v[64];
   for (unsigned k = 0; k < case_param; k++)
      v[k] = nir_iadd_imm(b, nir_imul_imm(b, in[k & 1], 2 * k + 3), k * 0x101);
   nir_def *x = in[0], *y = in[1];
   for (unsigned k = 0; k < case_param; k++) {
      x = nir_ixor(b, nir_imul(b, x, v[k]), v[case_param - 1 - k]);
      y = nir_iadd(b, y, nir_ishl_imm(b, v[k], k % 7));
   }
   out[0] = x;
   out[1] = y;
}
static void
r_pressure(const uint32_t *in, uint32_t *out)
{
   uint32_t v[64];
   for (unsigned k = 0; k < case_param; k++)
      v[k] = in[k & 1] * (2 * k + 3) + k * 0x101;
   uint32_t x = in[0], y = in[1];
   for (unsigned k = 0; k < case_param; k++) {
      x = (x * v[k]) ^ v[case_param - 1 - k];
      y = y + (v[k] << (k % 7));
   }
   out[0] = x;
   out[1] = y;
}

/* More live booleans than the 7 predicates (case_param of them): each is
 * read by a forward chain of selects, a backward one, an if (a branch on
 * two of them, all of them live across it) and a loop whose flag phi they
 * toggle, so predicates spill to general registers (and, in the spilling
 * modes, on to local memory). */
static void
b_bools(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *c[32];
   const unsigned n = case_param;
   for (unsigned k = 0; k < n; k++)
      c[k] = nir_ult(b, nir_ixor(b, in[0], nir_imm_int(b, (int)(k * 0x9e3779b9u))),
                     nir_iadd_imm(b, in[1], k * 0x7f4a7c15u));
   nir_def *x = nir_imm_int(b, 0);
   for (unsigned k = 0; k < n; k++)
      x = nir_bcsel(b, c[k], nir_iadd(b, x, nir_imul_imm(b, in[0], k + 1)), nir_ixor(b, x, in[1]));
   nir_def *y = nir_imm_int(b, 1);
   for (unsigned k = n; k-- > 0;)
      y = nir_bcsel(b, c[k], nir_iadd_imm(b, nir_imul_imm(b, y, 3), 1), nir_iadd_imm(b, y, 7));
   nir_variable *z = local(b, "z");
   nir_store_var(b, z, nir_imm_int(b, 5), 1);
   nir_push_if(b, nir_iand(b, c[1], nir_inot(b, c[n - 2])));
   {
      nir_def *t = nir_load_var(b, z);
      for (unsigned k = 0; k < n; k += 3)
         t = nir_bcsel(b, c[k], nir_ishl_imm(b, t, 1), nir_iadd_imm(b, t, (int64_t)k));
      nir_store_var(b, z, t, 1);
   }
   nir_pop_if(b, NULL);
   nir_def *zv = nir_load_var(b, z);
   for (unsigned k = 0; k < n; k++)
      zv = nir_bcsel(b, c[n - 1 - k], nir_iadd_imm(b, zv, 0x100 << (k % 8)), zv);
   out[2] = zv;
   /* A boolean phi around a loop: the flag toggles on c[i] (i < n). */
   nir_variable *flag = nir_local_variable_create(b->impl, glsl_bool_type(), "flag");
   nir_variable *i = local(b, "i");
   nir_store_var(b, flag, c[0], 1);
   nir_store_var(b, i, nir_imm_int(b, 0), 1);
   nir_def *trips = nir_iand_imm(b, in[0], 15);
   nir_push_loop(b);
   {
      nir_def *iv = nir_load_var(b, i);
      nir_push_if(b, nir_uge(b, iv, trips));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      nir_def *f = nir_load_var(b, flag);
      nir_def *ck = nir_ult(b, nir_ixor(b, in[0], nir_imul_imm(b, iv, 0x9e3779b9u)),
                            nir_iadd(b, in[1], nir_imul_imm(b, iv, 0x7f4a7c15u)));
      nir_store_var(b, flag, nir_ixor(b, f, ck), 1);
      nir_store_var(b, i, nir_iadd_imm(b, iv, 1), 1);
   }
   nir_pop_loop(b, NULL);
   nir_def *w = nir_b2i32(b, nir_load_var(b, flag));
   for (unsigned k = 0; k < n; k++)
      w = nir_ior(b, w, nir_ishl_imm(b, nir_b2i32(b, nir_ixor(b, c[k], c[(k + 5) % n])), k + 1));
   out[0] = x;
   out[1] = y;
   out[3] = w;
}
static void
r_bools(const uint32_t *in, uint32_t *out)
{
   bool c[32];
   const unsigned n = case_param;
   for (unsigned k = 0; k < n; k++)
      c[k] = (in[0] ^ (k * 0x9e3779b9u)) < in[1] + k * 0x7f4a7c15u;
   uint32_t x = 0;
   for (unsigned k = 0; k < n; k++)
      x = c[k] ? x + in[0] * (k + 1) : x ^ in[1];
   uint32_t y = 1;
   for (unsigned k = n; k-- > 0;)
      y = c[k] ? y * 3 + 1 : y + 7;
   uint32_t z = 5;
   if (c[1] && !c[n - 2])
      for (unsigned k = 0; k < n; k += 3)
         z = c[k] ? z << 1 : z + k;
   for (unsigned k = 0; k < n; k++)
      z = c[n - 1 - k] ? z + (0x100u << (k % 8)) : z;
   bool flag = c[0];
   for (uint32_t i = 0; i < (in[0] & 15); i++)
      flag ^= (in[0] ^ (i * 0x9e3779b9u)) < in[1] + i * 0x7f4a7c15u;
   uint32_t w = flag;
   for (unsigned k = 0; k < n; k++)
      w |= (uint32_t)(c[k] ^ c[(k + 5) % n]) << (k + 1);
   out[0] = x;
   out[1] = y;
   out[2] = z;
   out[3] = w;
}

/* 64-bit integer and 32-bit float atomics, each thread on its own slot
 * (the results do not depend on the order). */
static void
b_atomics_wide(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *t = thread_index(b);
   nir_def *off64 = nir_imul_imm(b, t, 8), *off32 = nir_imul_imm(b, t, 4);
   nir_def *zero = nir_imm_int(b, 0), *one = nir_imm_int(b, 1);
   nir_def *x = nir_pack_64_2x32_split(b, in[0], in[1]);
   nir_def *old = nir_ssbo_atomic(b, 64, zero, off64, x, .atomic_op = nir_atomic_op_iadd);
   out[0] = nir_unpack_64_2x32_split_x(b, old);
   out[1] = nir_unpack_64_2x32_split_y(b, old);
   nir_def *y = nir_pack_64_2x32_split(b, in[1], in[0]);
   old = nir_ssbo_atomic(b, 64, zero, off64, y, .atomic_op = nir_atomic_op_imin);
   out[2] = nir_unpack_64_2x32_split_y(b, old);
   old = nir_ssbo_atomic(b, 64, zero, off64, y, .atomic_op = nir_atomic_op_ixor);
   nir_def *now = nir_load_ssbo(b, 1, 64, zero, off64, .align_mul = 8);
   out[3] = nir_unpack_64_2x32_split_x(b, now);
   out[4] = nir_unpack_64_2x32_split_y(b, now);
   nir_def *f = nir_fmul_imm(b, nir_u2f32(b, nir_iand_imm(b, in[0], 0xffff)), 0.5f);
   out[5] = nir_ssbo_atomic(b, 32, one, off32, f, .atomic_op = nir_atomic_op_fadd);
   out[6] = nir_load_ssbo(b, 1, 32, one, off32, .align_mul = 4);
}
static void
r_all_atomics_wide(const uint32_t *in, uint32_t *out)
{
   for (unsigned t = 0; t < THREADS; t++) {
      const uint32_t *i = &in[2 * t];
      uint64_t m = (uint64_t)SSBO_PATTERN(0, 2 * t + 1) << 32 | SSBO_PATTERN(0, 2 * t);
      uint64_t x = (uint64_t)i[1] << 32 | i[0], y = (uint64_t)i[0] << 32 | i[1];
      uint32_t *o = &out[7 * t];
      o[0] = (uint32_t)m;
      o[1] = (uint32_t)(m >> 32);
      m += x;
      o[2] = (uint32_t)(m >> 32);
      m = (int64_t)y < (int64_t)m ? y : m;
      m ^= y;
      o[3] = (uint32_t)m;
      o[4] = (uint32_t)(m >> 32);
      /* The old word is a subnormal float that FTZ flushes to zero. */
      o[5] = SSBO_PATTERN(1, t);
      o[6] = u32((float)(i[0] & 0xffff) * 0.5f);
   }
}

/* Doubles: DADD, DMUL, DFMA, DSETP, FRND.F64, conversions, and min and
 * subtraction as nir_lower_doubles writes them. */
static void
b_fp64(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *a = nir_fmul_imm(b, nir_i2f64(b, nir_ishr_imm(b, in[0], 8)), 0.25);
   nir_def *c = nir_fadd_imm(b, nir_u2f64(b, nir_iand_imm(b, in[1], 0xffff)), 0.5);
   b->exact = true; /* the C reference rounds a product and a sum apart */
   nir_def *sum = nir_fadd(b, a, c);
   nir_def *prod = nir_fmul(b, a, c);
   b->exact = false;
   nir_def *fma = nir_ffma(b, a, c, a);
   out[0] = nir_unpack_64_2x32_split_x(b, sum);
   out[1] = nir_unpack_64_2x32_split_y(b, sum);
   out[2] = nir_unpack_64_2x32_split_x(b, fma);
   out[3] = nir_unpack_64_2x32_split_y(b, fma);
   out[4] = nir_f2f32(b, prod);
   out[5] = nir_b2i32(b, nir_flt(b, a, c));
   out[6] = nir_f2i32(b, nir_ffloor(b, nir_fmul_imm(b, a, 1.5)));
   nir_def *m = nir_fmin(b, a, nir_fsub(b, c, a));
   out[7] = nir_unpack_64_2x32_split_y(b, nir_fadd(b, m, nir_b2f64(b, nir_fge(b, m, a))));
}
static void
r_fp64(const uint32_t *in, uint32_t *out)
{
   double a = (double)((int32_t)in[0] >> 8) * 0.25, c = (double)(in[1] & 0xffff) + 0.5;
   double sum = a + c, prod = a * c, fma_ = fma(a, c, a);
   uint64_t u;
   memcpy(&u, &sum, 8);
   out[0] = (uint32_t)u;
   out[1] = (uint32_t)(u >> 32);
   memcpy(&u, &fma_, 8);
   out[2] = (uint32_t)u;
   out[3] = (uint32_t)(u >> 32);
   out[4] = u32((float)prod);
   out[5] = a < c;
   out[6] = (uint32_t)(int32_t)floor(a * 1.5);
   double m = fmin(a, c - a);
   double r = m + (m >= a ? 1.0 : 0.0);
   memcpy(&u, &r, 8);
   out[7] = (uint32_t)(u >> 32);
}

/* Double division, square root and reciprocal (nir_lower_doubles' Newton
 * iterations from the 32-bit MUFU estimates), checked through a float
 * (their last bits may differ from the correctly rounded double). */
static void
b_fp64_div(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *a = nir_fmul_imm(b, nir_i2f64(b, nir_ishr_imm(b, in[0], 8)), 0.25);
   nir_def *c = nir_fadd_imm(b, nir_u2f64(b, nir_iand_imm(b, in[1], 0xffff)), 0.5);
   out[0] = nir_f2f32(b, nir_fdiv(b, a, c));
   out[1] = nir_f2f32(b, nir_fsqrt(b, c));
   out[2] = nir_f2f32(b, nir_frcp(b, c));
}
static void
r_fp64_div(const uint32_t *in, uint32_t *out)
{
   double a = (double)((int32_t)in[0] >> 8) * 0.25, c = (double)(in[1] & 0xffff) + 0.5;
   out[0] = u32((float)(a / c));
   out[1] = u32((float)sqrt(c));
   out[2] = u32((float)(1.0 / c));
}

/* Phis that swap and rotate each iteration: parallel copies with cycles
 * (broken through a spare register, or three XORs without one). */
static void
b_phi_cycles(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_variable *x = local(b, "x"), *y = local(b, "y"), *z = local(b, "z"), *w = local(b, "w");
   nir_variable *i = local(b, "i");
   nir_store_var(b, x, in[0], 1);
   nir_store_var(b, y, in[1], 1);
   nir_store_var(b, z, nir_ixor(b, in[0], in[1]), 1);
   nir_store_var(b, w, nir_imm_int(b, 7), 1);
   nir_store_var(b, i, nir_imm_int(b, 0), 1);
   nir_def *n = nir_iadd_imm(b, nir_iand_imm(b, in[0], 7), 1);
   nir_push_loop(b);
   {
      nir_def *iv = nir_load_var(b, i);
      nir_push_if(b, nir_uge(b, iv, n));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      nir_def *xv = nir_load_var(b, x), *yv = nir_load_var(b, y);
      nir_def *zv = nir_load_var(b, z), *wv = nir_load_var(b, w);
      /* x, y = y, x (a 2-cycle); z, w, = w, z + 1 (a 2-cycle with a new value) */
      nir_store_var(b, x, yv, 1);
      nir_store_var(b, y, xv, 1);
      nir_store_var(b, z, wv, 1);
      nir_store_var(b, w, nir_iadd_imm(b, zv, 1), 1);
      nir_store_var(b, i, nir_iadd_imm(b, iv, 1), 1);
   }
   nir_pop_loop(b, NULL);
   out[0] = nir_load_var(b, x);
   out[1] = nir_load_var(b, y);
   out[2] = nir_load_var(b, z);
   out[3] = nir_load_var(b, w);
}
static void
r_phi_cycles(const uint32_t *in, uint32_t *out)
{
   uint32_t x = in[0], y = in[1], z = in[0] ^ in[1], w = 7, n = (in[0] & 7) + 1;
   for (uint32_t i = 0; i < n; i++) {
      uint32_t t = x;
      x = y;
      y = t;
      uint32_t u = z;
      z = w;
      w = u + 1;
   }
   out[0] = x;
   out[1] = y;
   out[2] = z;
   out[3] = w;
}

/* Phis of a 64-bit value and of a boolean across a loop and an if. */
static void
b_phi_wide(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_variable *acc = nir_local_variable_create(b->impl, glsl_uint64_t_type(), "acc");
   nir_variable *flag = nir_local_variable_create(b->impl, glsl_bool_type(), "flag");
   nir_variable *i = local(b, "i");
   nir_store_var(b, acc, nir_pack_64_2x32_split(b, in[0], in[1]), 1);
   nir_store_var(b, flag, nir_imm_false(b), 1);
   nir_store_var(b, i, nir_imm_int(b, 0), 1);
   nir_def *n = nir_iand_imm(b, in[1], 15);
   nir_push_loop(b);
   {
      nir_def *iv = nir_load_var(b, i);
      nir_push_if(b, nir_uge(b, iv, n));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      nir_def *a = nir_load_var(b, acc);
      nir_push_if(b, nir_ieq_imm(b, nir_iand_imm(b, iv, 1), 0));
      {
         nir_store_var(b, acc, nir_iadd(b, a, nir_u2u64(b, nir_imul_imm(b, iv, 0x10001))), 1);
         nir_store_var(b, flag, nir_inot(b, nir_load_var(b, flag)), 1);
      }
      nir_push_else(b, NULL);
      {
         nir_store_var(b, acc, nir_isub(b, a, nir_u2u64(b, iv)), 1);
      }
      nir_pop_if(b, NULL);
      nir_store_var(b, i, nir_iadd_imm(b, iv, 1), 1);
   }
   nir_pop_loop(b, NULL);
   nir_def *a = nir_load_var(b, acc);
   out[0] = nir_unpack_64_2x32_split_x(b, a);
   out[1] = nir_unpack_64_2x32_split_y(b, a);
   out[2] = nir_b2i32(b, nir_load_var(b, flag));
   /* bcsel of booleans and a boolean as 0 / ~0 */
   nir_def *p = nir_ilt(b, in[0], in[1]), *q = nir_ieq_imm(b, nir_iand_imm(b, in[0], 3), 0);
   nir_def *sel = nir_bcsel(b, nir_load_var(b, flag), p, q);
   out[3] = nir_b2b32(b, sel);
}
static void
r_phi_wide(const uint32_t *in, uint32_t *out)
{
   uint64_t acc = (uint64_t)in[1] << 32 | in[0];
   bool flag = false;
   uint32_t n = in[1] & 15;
   for (uint32_t i = 0; i < n; i++) {
      if ((i & 1) == 0) {
         acc += (uint64_t)(i * 0x10001u);
         flag = !flag;
      } else {
         acc -= i;
      }
   }
   out[0] = (uint32_t)acc;
   out[1] = (uint32_t)(acc >> 32);
   out[2] = flag;
   bool p = (int32_t)in[0] < (int32_t)in[1], q = (in[0] & 3) == 0;
   out[3] = (flag ? p : q) ? 0xffffffffu : 0;
}

/* Vector memory: shared .64/.128 and global .128 through tuples. */
static void
b_vector_memory(nir_builder *b, nir_def **in, nir_def **out)
{
   b->shader->info.shared_size = GROUP * 16;
   nir_def *lid = nir_channel(b, nir_load_local_invocation_id(b), 0);
   nir_def *addr = nir_imul_imm(b, lid, 16);
   nir_def *v = nir_vec4(b, in[0], in[1], nir_iadd(b, in[0], in[1]), nir_imm_int(b, 0x1234));
   nir_store_shared(b, v, addr, .write_mask = 0xf, .align_mul = 16);
   nir_barrier(b, .execution_scope = SCOPE_WORKGROUP, .memory_scope = SCOPE_WORKGROUP,
               .memory_semantics = NIR_MEMORY_ACQ_REL, .memory_modes = nir_var_mem_shared);
   nir_def *other = nir_imul_imm(b, nir_ixor(b, lid, nir_imm_int(b, 1)), 16);
   nir_def *w = nir_load_shared(b, 4, 32, other, .align_mul = 16);
   nir_def *h = nir_load_shared(b, 2, 32, nir_iadd_imm(b, addr, 8), .align_mul = 8);
   out[0] = nir_channel(b, w, 0);
   out[1] = nir_channel(b, w, 1);
   out[2] = nir_channel(b, w, 2);
   out[3] = nir_channel(b, w, 3);
   out[4] = nir_channel(b, h, 0);
   out[5] = nir_channel(b, h, 1);
}
static void
r_all_vector_memory(const uint32_t *in, uint32_t *out)
{
   for (unsigned t = 0; t < THREADS; t++) {
      unsigned o = t ^ 1;
      const uint32_t *a = &in[2 * o], *mine = &in[2 * t];
      out[6 * t + 0] = a[0];
      out[6 * t + 1] = a[1];
      out[6 * t + 2] = a[0] + a[1];
      out[6 * t + 3] = 0x1234;
      out[6 * t + 4] = mine[0] + mine[1];
      out[6 * t + 5] = 0x1234;
   }
}

/* 64-bit integers (lowered by NIR to 32-bit ops where SM75 has none). */
static void
b_int64(nir_builder *b, nir_def **in, nir_def **out)
{
   nir_def *a = nir_pack_64_2x32_split(b, in[0], in[1]);
   nir_def *c = nir_pack_64_2x32_split(b, in[2], in[3]);
   nir_def *r[4] = {
      nir_imul(b, a, c),
      nir_ishl(b, a, nir_iand_imm(b, in[2], 63)),
      nir_ushr(b, a, nir_iand_imm(b, in[3], 63)),
      nir_isub(b, a, c),
   };
   for (unsigned k = 0; k < 4; k++) {
      out[2 * k] = nir_unpack_64_2x32_split_x(b, r[k]);
      out[2 * k + 1] = nir_unpack_64_2x32_split_y(b, r[k]);
   }
}
static void
r_int64(const uint32_t *in, uint32_t *out)
{
   uint64_t a = in[0] | (uint64_t)in[1] << 32, c = in[2] | (uint64_t)in[3] << 32;
   uint64_t r[4] = {a * c, a << (in[2] & 63), a >> (in[3] & 63), a - c};
   for (unsigned k = 0; k < 4; k++) {
      out[2 * k] = (uint32_t)r[k];
      out[2 * k + 1] = (uint32_t)(r[k] >> 32);
   }
}

static const struct exec_case cases[] = {
   {"int64", 4, 8, b_int64, r_int64},
   {"local_array", 2, 2, b_local_array, r_local_array},
   {"local_memory", 2, 8, b_local_memory, r_local_memory},
   {"local_loop", 2, 2, b_local_loop, r_local_loop},
   {"folding", 2, 8, b_folding, r_folding},
   {"fusions", 3, 6, b_fusions, r_fusions},
   {"nest2", 2, 1, b_nest, r_nest, .param = 2},
   {"nest4", 2, 1, b_nest, r_nest, .param = 4},
   {"nest6", 2, 1, b_nest, r_nest, .param = 6},
   {"nest8", 2, 1, b_nest, r_nest, .param = 8},
   {"nest10", 2, 1, b_nest, r_nest, .param = 10},
   {"nest12", 2, 1, b_nest, r_nest, .param = 12},
   {"nest14", 2, 1, b_nest, r_nest, .param = 14},
   {"nest16", 2, 1, b_nest, r_nest, .param = 16},
   {"loops1", 2, 2, b_loops, r_loops, .param = 1},
   {"loops2", 2, 2, b_loops, r_loops, .param = 2},
   {"loops3", 2, 2, b_loops, r_loops, .param = 3},
   {"loops4", 2, 2, b_loops, r_loops, .param = 4},
   {"loops5", 2, 2, b_loops, r_loops, .param = 5},
   {"loops6", 2, 2, b_loops, r_loops, .param = 6},
   {"loops7", 2, 2, b_loops, r_loops, .param = 7},
   {"loops8", 2, 2, b_loops, r_loops, .param = 8},
   {"pressure8", 2, 2, b_pressure, r_pressure, .param = 8},
   {"pressure16", 2, 2, b_pressure, r_pressure, .param = 16},
   {"pressure24", 2, 2, b_pressure, r_pressure, .param = 24},
   {"pressure32", 2, 2, b_pressure, r_pressure, .param = 32},
   {"pressure48", 2, 2, b_pressure, r_pressure, .param = 48},
   {"pressure64", 2, 2, b_pressure, r_pressure, .param = 64},
   {"bools8", 2, 4, b_bools, r_bools, .param = 8},
   {"bools16", 2, 4, b_bools, r_bools, .param = 16},
   {"bools30", 2, 4, b_bools, r_bools, .param = 30},
   {"ssbo", 2, 4, b_ssbo, NULL, r_all_ssbo},
   {"ssbo_robust", 2, 4, b_ssbo_robust, NULL, r_all_ssbo_robust},
   {"fp64", 2, 8, b_fp64, r_fp64},
   {"fp64_div", 2, 3, b_fp64_div, r_fp64_div},
   {"atomics_wide", 2, 7, b_atomics_wide, NULL, r_all_atomics_wide},
   {"phi_cycles", 2, 4, b_phi_cycles, r_phi_cycles},
   {"phi_wide", 2, 4, b_phi_wide, r_phi_wide},
   {"vector_memory", 2, 6, b_vector_memory, NULL, r_all_vector_memory},
   {"derivatives", 1, 2, b_derivs, NULL, r_derivs},
   {"indexed_constants", 1, 4, b_ldc, r_ldc},
   {"divide", 2, 6, b_divide, r_divide},
   {"shared_atomics", 1, 6, b_atomics, NULL, NULL, c_atomics},
   {"shared_reduce", 1, 2, b_shared, NULL, r_shared},
   {"ifelse", 2, 1, b_ifelse, r_ifelse},
   {"loop", 2, 2, b_loop, r_loop},
   {"nested_loops", 1, 1, b_nested, r_nested},
   {"int_mad", 2, 3, b_int_mad, r_int_mad},
   {"bits", 2, 5, b_bits, r_bits},
   {"float", 3, 3, b_float, r_float},
   {"compare", 2, 6, b_compare, r_compare},
   {"minmax", 2, 8, b_minmax, r_minmax},
   {"fmods", 2, 7, b_fmods, r_fmods},
   {"underflow", 2, 2, b_underflow, r_underflow},
   {"underflow_ftz", 2, 2, b_underflow, r_underflow_ftz, .ftz = true},
   {"convert", 2, 4, b_convert, r_convert},
   {"mufu", 1, 6, b_mufu, r_mufu, .tol = mufu_tol},
};

/* --- running ------------------------------------------------------------- */

static uint32_t
rnd(uint64_t *s)
{
   *s = *s * 6364136223846793005ull + 1442695040888963407ull;
   uint32_t v = (uint32_t)(*s >> 33);
   /* Floats: keep them finite and of moderate size, so that comparisons
    * are exact without NaN payload questions. */
   return v;
}

/* --- MUFU: the model's mode, comparisons within bounds ------------------ */

/* EXEC_TEST_MUFU: hardware-like from this seed (the default; the compile
 * modes add their number to it, so each runs with other errors), or exact. */
static enum jade_sim_mufu_mode mufu_mode = JADE_SIM_MUFU_HW;
static uint64_t mufu_seed = 0x6d756675;

/* Over all cases: words compared within a bound, those that were not the
 * exact value, and the worst error as a fraction of its bound. */
static struct {
   unsigned checked, differed;
   double worst;
   char worst_at[64];
} mufu_total;

/* A float's bits in an order where neighbours differ by 1 (both zeros 0). */
static int64_t
ordered(uint32_t u)
{
   return u & 0x80000000u ? -(int64_t)(u & 0x7fffffffu) : (int64_t)u;
}

/* The spacing of floats at x (the model flushes MUFU's subnormals). */
static double
ulp32(double x)
{
   if (x == 0)
      return 0x1p-149;
   int e = ilogb(x);
   return ldexp(1, (e > -126 ? e : -126) - 23);
}

/* The error of got against the correctly rounded ref as a fraction of the
 * bound (at most 1: within it).  Infinities and NaNs must match. */
static double
tol_fraction(const struct tol *t, uint32_t got, uint32_t ref)
{
   if (got == ref)
      return 0;
   double g = f32(got), r = f32(ref);
   if (t->kind == TOL_EXACT || !isfinite(g) || !isfinite(r))
      return INFINITY;
   if (t->kind == TOL_ULP) {
      int64_t d = ordered(got) - ordered(ref);
      return t->bound > 0 ? (double)(d < 0 ? -d : d) / t->bound : INFINITY;
   }
   double b = exp2(t->bound), ar = fabs(r);
   double allowed = t->kind == TOL_REL ? b * ar : t->kind == TOL_ABS ? b : b * fmax(1, ar);
   /* The reference is itself off by up to half an ulp; 2^-20 of slack for
    * the host's libm and the model's differing in their last bits. */
   return fabs(g - r) / ((allowed + 0.5 * ulp32(r)) * (1 + 0x1p-20));
}

/* Word w's tolerance in this run (NULL: bit for bit). */
static const struct tol *
word_tol(const struct exec_case *c, unsigned w)
{
   if (mufu_mode != JADE_SIM_MUFU_HW)
      return NULL;
   const struct tol *t = c->alu ? &c->alu->tol : c->tol ? &c->tol[w] : NULL;
   return t && t->kind != TOL_EXACT ? t : NULL;
}

/* Modes: 0 normal, 1 serial control bits, 2 booleans in GPRs, 3 a budget
 * of SPILL_BUDGET general registers, 4 of PRED_BUDGET predicates
 * (JADE_MAX_PREDS: predicates spill to general registers), 5 both (the
 * general registers holding predicates spill on to local memory). */
#define MODES 6
static bool
run_case(const struct exec_case *c, unsigned mode)
{
   bool serial = mode == 1;
   void *mem = ralloc_context(NULL);
   nir_shader *nir = build_shader(c);
   ralloc_steal(mem, nir);
   char *error;
   /* Mode 3: a register budget small enough that most cases spill. */
   struct jade_compiler_options options = {.serial = serial,
                                           .bools_in_gprs = mode == 2,
                                           .max_gprs = mode == 3 || mode == 5 ? SPILL_BUDGET : 0,
                                           .print_ir = getenv("EXEC_TEST_IR") != NULL};
   /* Modes 4 and 5: the compiler's own test hook for the predicate budget. */
   char *saved_preds = getenv("JADE_MAX_PREDS") ? strdup(getenv("JADE_MAX_PREDS")) : NULL;
   if (mode >= 4)
      setenv("JADE_MAX_PREDS", PRED_BUDGET, 1);
   struct jade_shader_binary *bin = jade_compile(mem, nir, &options, &error);
   if (saved_preds)
      setenv("JADE_MAX_PREDS", saved_preds, 1);
   else if (mode >= 4)
      unsetenv("JADE_MAX_PREDS");
   free(saved_preds);
   if (!bin) {
      printf("FAIL %s: compile: %s\n", c->name, error);
      ralloc_free(mem);
      return false;
   }

   uint32_t in[THREADS * 8], out[THREADS * 8], expect[THREADS * 8];
   uint64_t seed = 0x6a616465;
   for (const char *p = c->name; *p; p++)
      seed = seed * 131 + (unsigned char)*p;
   for (unsigned i = 0; i < THREADS * c->in_words; i++) {
      uint32_t v = rnd(&seed);
      in[i] = (v & 0x7f800000u) == 0x7f800000u ? v & 0x3fffffffu : v;
      /* Flushing cases: a denormal in every other thread's words, in turn. */
      if (c->ftz && i / c->in_words % 2 && i % c->in_words == i / c->in_words / 2 % c->in_words)
         in[i] &= 0x807fffffu;
   }
   if (c->alu) {
      for (unsigned t = 0; t < THREADS; t++) {
         uint32_t v[3] = {in[t * 3], in[t * 3 + 1], in[t * 3 + 2]};
         if (c->alu_const)
            v[c->alu_const - 1] = ALU_CONST;
         alu_domain_c(c->alu, v);
         if (c->ftz) {
            expect[t] = c->alu->ref(flush32(v[0]), flush32(v[1]), flush32(v[2]));
            if (nir_alu_type_get_base_type(nir_op_infos[c->alu->op].output_type) == nir_type_float)
               expect[t] = flush32(expect[t]);
         } else
            expect[t] = c->alu->ref(v[0], v[1], v[2]);
      }
   } else if (c->check_all) {
      /* checked after the run */
      case_param = c->param;
   } else if (c->ref_all) {
      case_param = c->param;
      c->ref_all(in, expect);
   } else {
      case_param = c->param;
      for (unsigned t = 0; t < THREADS; t++)
         c->ref(&in[t * c->in_words], &expect[t * c->out_words]);
   }

   struct jade_sim_options opt = {.hazards = JADE_SIM_HAZARDS_FATAL,
                                  .log = stdout,
                                  .mufu = mufu_mode,
                                  .mufu_seed = mufu_seed + mode};
   struct jade_sim *sim = jade_sim_create(&opt);
   uint64_t in_addr = jade_sim_alloc(sim, sizeof(in), 256);
   uint64_t out_addr = jade_sim_alloc(sim, sizeof(out), 256);
   jade_sim_write(sim, in_addr, in, sizeof(in));
   struct jade_sim_cuda_params params = {0};
   jade_sim_cuda_param(&params, &in_addr, 8);
   jade_sim_cuda_param(&params, &out_addr, 8);
   /* Local memory as the binary asks (arrays, spills). */
   struct jade_sim_cuda_kernel kernel = {.local_size = bin->local_size ? bin->local_size : 16,
                                         .shared_size = bin->shared_size};
   /* Two shader storage buffers (word i of buffer k: SSBO_PATTERN(k, i)),
    * their addresses in the compute driver bank c[7] where the compiler reads
    * them (docs/compiler.md, binding scheme). */
   uint64_t ssbo_info[2][2];
   for (unsigned k = 0; k < 2; k++) {
      uint32_t words[2 * THREADS];
      for (unsigned i = 0; i < 2 * THREADS; i++)
         words[i] = SSBO_PATTERN(k, i);
      uint64_t addr = jade_sim_alloc(sim, sizeof(words), 256);
      jade_sim_write(sim, addr, words, sizeof(words));
      ssbo_info[k][0] = addr;
      ssbo_info[k][1] = sizeof(words);
   }
   jade_sim_set_const(sim, 7, 0x2a0, ssbo_info, sizeof(ssbo_info));
   const uint32_t grid[3] = {GROUPS, 1, 1}, block[3] = {GROUP, 1, 1};
   /* c[3]: a table for the indexed-constant test. */
   uint32_t table[64];
   for (unsigned i = 0; i < 64; i++)
      table[i] = 0x1000 + i;
   jade_sim_set_const(sim, 3, 0, table, sizeof(table));
   bool ok = jade_sim_set_code(sim, bin->code, bin->code_size) == 0;
   enum jade_sim_status st =
      ok ? jade_sim_cuda_launch(sim, &kernel, grid, block, 0, &params) : JADE_SIM_ERROR;
   char stats[160];
   jade_shader_stats_format(bin, stats, sizeof(stats));
   if (st != JADE_SIM_OK) {
      printf("FAIL %s: run: %s\n", c->name, jade_sim_message(sim));
      ok = false;
   } else {
      jade_sim_read(sim, out_addr, out, sizeof(out));
      unsigned bad = 0;
      if (c->check_all) {
         bad = !c->check_all(in, out);
         if (bad)
            printf("  %s: the outputs do not add up\n", c->name);
         memcpy(expect, out, sizeof(out));
      }
      unsigned checked = 0, differed = 0, worst_word = 0;
      double worst = 0;
      for (unsigned i = 0; i < THREADS * c->out_words; i++) {
         unsigned w = i % c->out_words;
         const struct tol *t = word_tol(c, w);
         if (t) {
            double f = tol_fraction(t, out[i], expect[i]);
            checked++;
            differed += out[i] != expect[i];
            if (f > worst) {
               worst = f;
               worst_word = w;
            }
            if (f > 1 && bad++ < 4)
               printf("  %s: thread %u word %u: expected 0x%08x within its MUFU bound, got "
                      "0x%08x (%.3g times the bound)\n",
                      c->name, i / c->out_words, w, expect[i], out[i], f);
         } else if (out[i] != expect[i] && bad++ < 4) {
            printf("  %s: thread %u word %u: expected 0x%08x got 0x%08x\n", c->name,
                   i / c->out_words, w, expect[i], out[i]);
         }
      }
      if (checked) {
         printf("  %s: %u MUFU words checked against bounds, %u not exact, worst %.3f of a bound "
                "(word %u)\n",
                c->name, checked, differed, worst, worst_word);
         /* A mode that changes nothing would test nothing. */
         if (!differed && bad++ < 4)
            printf("  %s: the hardware-like MUFU gave only exact results\n", c->name);
         mufu_total.checked += checked;
         mufu_total.differed += differed;
         if (worst > mufu_total.worst) {
            mufu_total.worst = worst;
            snprintf(mufu_total.worst_at, sizeof(mufu_total.worst_at), "%s mode %u word %u",
                     c->name, mode, worst_word);
         }
      }
      ok = bad == 0;
      static const char *const mode_names[MODES] = {
         "", " serial", " bools-in-gprs", " spilling", " pred-spilling", " pred+gpr-spilling"};
      printf("%s %s%s (%s)\n", ok ? "ok  " : "FAIL", c->name, mode_names[mode], stats);
   }
   jade_sim_destroy(sim);
   ralloc_free(mem);
   return ok;
}

/* A shader the compiler cannot handle yet fails with a message naming
 * what it lacks, and nothing else happens. */
static bool
check_rejects(void)
{
   void *mem = ralloc_context(NULL);
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, jade_nir_options(), "rejects");
   nir_def *index = thread_index(&b);
   nir_def *v = nir_ufind_msb_rev(&b, index);
   nir_store_global(&b, buffer_address(&b, 1, index, 1), 4, v, 1);
   ralloc_steal(mem, b.shader);
   char *error = NULL;
   struct jade_shader_binary *bin = jade_compile(mem, b.shader, NULL, &error);
   bool ok = !bin && error && strstr(error, "unsupported NIR ALU op");
   printf("%s rejects (%s)\n", ok ? "ok  " : "FAIL", error ? error : "compiled");
   ralloc_free(mem);
   return ok;
}

int
main(void)
{
   glsl_type_singleton_init_or_ref();
   unsigned passed = 0, failed = 0;
   /* Each case also with JADE_DEBUG=serial's control bits (they must be
    * hazard-free too, or that mode cannot bisect anything), with the
    * booleans-in-GPRs fallback forced, with a budget of SPILL_BUDGET
    * registers (spilling), of PRED_BUDGET predicates, and of both. */
   const char *only = getenv("EXEC_TEST_ONLY");
   const char *mufu = getenv("EXEC_TEST_MUFU");
   if (mufu && !strcmp(mufu, "exact")) {
      mufu_mode = JADE_SIM_MUFU_EXACT;
   } else if (mufu && !strncmp(mufu, "hw:", 3)) {
      mufu_seed = strtoull(mufu + 3, NULL, 0);
   } else if (mufu && strcmp(mufu, "hw")) {
      fprintf(stderr, "EXEC_TEST_MUFU: exact, hw or hw:SEED\n");
      return 2;
   }
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      if (only && strcmp(only, cases[i].name))
         continue;
      for (unsigned mode = 0; mode < MODES; mode++) {
         if (run_case(&cases[i], mode))
            passed++;
         else
            failed++;
      }
   }
   /* One shader per ALU op, each on all threads, from seeded inputs. */
   for (unsigned i = 0; i < sizeof(alu_cases) / sizeof(alu_cases[0]); i++) {
      if (only && strcmp(only, alu_cases[i].name))
         continue;
      struct exec_case c = {.name = alu_cases[i].name,
                            .in_words = 3,
                            .out_words = 1,
                            .alu = &alu_cases[i]};
      if (run_case(&c, 0))
         passed++;
      else
         failed++;
      /* Again with a constant in the last source and in the first (an
       * immediate after folding, the first by commuting where the op
       * allows, else through a register). */
      for (unsigned k = 0; alu_cases[i].arity >= 2 && k < 2; k++) {
         char name[64];
         c.alu_const = k ? 1 : alu_cases[i].arity;
         snprintf(name, sizeof(name), "%s_const%u", alu_cases[i].name, c.alu_const - 1);
         c.name = name;
         if (run_case(&c, 0))
            passed++;
         else
            failed++;
      }
      /* Under GL's default float controls: denormals flushed. */
      if (alu_cases[i].flushes) {
         char name[64];
         snprintf(name, sizeof(name), "%s_ftz", alu_cases[i].name);
         c.name = name;
         c.alu_const = 0;
         c.ftz = true;
         if (run_case(&c, 0))
            passed++;
         else
            failed++;
      }
   }
   if (check_rejects())
      passed++;
   else
      failed++;
   glsl_type_singleton_decref();
   if (mufu_mode == JADE_SIM_MUFU_HW)
      printf("MUFU hardware-like, seed 0x%llx (+ mode): %u words checked against bounds, "
             "%u not exact, worst %.3f of a bound (%s)\n",
             (unsigned long long)mufu_seed, mufu_total.checked, mufu_total.differed,
             mufu_total.worst, mufu_total.worst_at);
   else
      printf("MUFU exact: every word bit for bit\n");
   printf("%u passed, %u failed\n", passed, failed);
   return failed ? 1 : 0;
}
