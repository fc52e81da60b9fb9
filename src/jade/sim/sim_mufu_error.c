/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * MUFU's rounding: the exact value a MUFU function gives (computed in
 * double by sim_exec_float.c) becomes the result bits here.
 *
 * JADE_SIM_MUFU_EXACT (the default) rounds it once (RN).
 * JADE_SIM_MUFU_HW stands in for hardware's approximations: the result is
 * moved off the exact value by up to the error bound NVIDIA documents for
 * the PTX instruction the function implements, never more, so code that
 * needs exact MUFU results fails on the model as it would on a GPU.  The
 * error is a function of the seed, the function and the input bits only
 * (not of the pc or lane): hardware gives the same result for the same
 * input everywhere, and code may rely on that (rematerialization, CSE).
 * Half of the results take the largest error in one direction or the
 * other (where bugs show), the others one between.
 *
 * Kept exact in both modes: inputs +-0, +-inf and NaN (the PTX ISA's
 * corner-case tables), results that are NaN or infinite, and zero results
 * under relative and ulp bounds; results keep the exact value's sign; SIN,
 * COS and TANH stay within [-1, 1]; fp32 subnormal results flush as
 * before (MUFU.F16 keeps them).
 */

#include "sim_private.h"

/* How far off a result may be from the exact value v: K ulps (of the
 * result; and at most K steps from the correctly rounded result),
 * relative b |v|, absolute b, or b max(1, |v|). */
enum bound_kind { BOUND_ULP, BOUND_REL, BOUND_ABS, BOUND_ABSREL };

struct mufu_bound {
   enum bound_kind kind;
   double b; /* ulps, or log2 of the bound */
};

/* By MUFU function (the ISA's numbering), from the PTX ISA (version 8.x,
 * section 9.7.3 "Floating Point Instructions" and 9.7.4 "Half Precision
 * Floating Point Instructions"):
 *  - 9.7.3.13 rcp.approx.f32: "The maximum ulp error is 1 across the full
 *    range of inputs";
 *  - 9.7.3.15 sqrt.approx.f32: maximum relative error 2^-23 over the
 *    positive finite range;
 *  - 9.7.3.16 rsqrt.approx.f32: maximum relative error 2^-22.9 over the
 *    positive finite range;
 *  - 9.7.3.18/19 sin/cos.approx.f32: maximum absolute error 2^-20.5 in
 *    [-2pi, 2pi] (2^-14.7 in [-100pi, 100pi], none defined beyond).  MUFU
 *    takes turns, so the range reduction that makes the larger figures is
 *    ptxas' FMUL; the model keeps 2^-20.5 for every argument;
 *  - 9.7.3.20 lg2.approx.f32: maximum absolute error 2^-22 for inputs in
 *    (0.5, 2), relative 2^-22 outside: 2^-22 max(1, |v|), as |log2 x| < 1
 *    exactly in (0.5, 2);
 *  - 9.7.3.21 ex2.approx.f32: "The maximum ulp error is 2 ulp from
 *    correctly rounded result across the full range of inputs";
 *  - 9.7.3.22 tanh.approx.f32: maximum relative error 2^-11;
 *  - 9.7.4.10 ex2.approx.f16: maximum relative error 2^-9.9;
 *  - 9.7.4.9 tanh.approx.f16: maximum absolute error 2^-10.987.
 * The other .F16 functions have no PTX instruction and no documented
 * bound: the model allows 1 half ulp.  RCP64H/RSQ64H (9.7.3.14
 * rcp.approx.ftz.f64, 9.7.3.17 rsqrt.approx.ftz.f64) document none
 * either ("a fast, gross approximation ... using the most-significant 20
 * bits of the mantissa"): the model allows 1 unit of the result's 20th
 * mantissa bit. */
static const struct mufu_bound bound_f32[JADE_ISA_V_FUNC_TANH + 1] = {
   [JADE_ISA_V_FUNC_COS] = {BOUND_ABS, -20.5}, [JADE_ISA_V_FUNC_SIN] = {BOUND_ABS, -20.5},
   [JADE_ISA_V_FUNC_EX2] = {BOUND_ULP, 2},     [JADE_ISA_V_FUNC_LG2] = {BOUND_ABSREL, -22},
   [JADE_ISA_V_FUNC_RCP] = {BOUND_ULP, 1},     [JADE_ISA_V_FUNC_RSQ] = {BOUND_REL, -22.9},
   [JADE_ISA_V_FUNC_SQRT] = {BOUND_REL, -23},  [JADE_ISA_V_FUNC_TANH] = {BOUND_REL, -11},
};

static const struct mufu_bound bound_f16[JADE_ISA_V_FUNC_TANH + 1] = {
   [JADE_ISA_V_FUNC_COS] = {BOUND_ULP, 1},    [JADE_ISA_V_FUNC_SIN] = {BOUND_ULP, 1},
   [JADE_ISA_V_FUNC_EX2] = {BOUND_REL, -9.9}, [JADE_ISA_V_FUNC_LG2] = {BOUND_ULP, 1},
   [JADE_ISA_V_FUNC_RCP] = {BOUND_ULP, 1},    [JADE_ISA_V_FUNC_RSQ] = {BOUND_ULP, 1},
   [JADE_ISA_V_FUNC_SQRT] = {BOUND_ULP, 1},   [JADE_ISA_V_FUNC_TANH] = {BOUND_ABS, -10.987},
};

/* splitmix64's finalizer. */
static uint64_t
mix(uint64_t z)
{
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

static uint64_t
error_hash(const struct jade_sim *sim, unsigned func, unsigned width, uint32_t in)
{
   return mix(sim->opt.mufu_seed ^ mix((uint64_t)func << 40 | (uint64_t)width << 32 | in));
}

/* Where in [-1, 1] of the bound the result goes: the ends half the time. */
static double
error_fraction(uint64_t h)
{
   switch (h & 3) {
   case 0:
      return 1;
   case 1:
      return -1;
   default:
      return (double)(h >> 11) * 0x1p-52 - 1;
   }
}

static double
fmt_value(uint64_t bits, const struct sim_fp_fmt *f)
{
   return f == &sim_fp_f16 ? sim_f16_to_d((uint32_t)bits) : (double)sim_f32((uint32_t)bits);
}

/* The spacing of the format's numbers at |x| (nonzero, finite). */
static double
fmt_ulp(double x, const struct sim_fp_fmt *f)
{
   int e = ilogb(x);
   return ldexp(1, (e > f->emin ? e : f->emin) - (f->prec - 1));
}

static bool
special_input(uint64_t in, const struct sim_fp_fmt *f)
{
   uint64_t mag = in & (sim_fp_sign_bit(f) - 1);
   return mag == 0 || mag >= sim_fp_inf_bits(f);
}

/* r may stand for v: within d of it, of its sign, and within [-1, 1]
 * where the function is. */
static bool
acceptable(uint64_t r, double v, double d, bool unit, const struct sim_fp_fmt *f)
{
   double rv = fmt_value(r, f);
   if (!isfinite(rv) || fabs(rv - v) > d || (unit && fabs(rv) > 1))
      return false;
   return v == 0 || !(r & sim_fp_sign_bit(f)) == !signbit(v);
}

static uint64_t
round_fmt(double t, unsigned rnd, bool ftz, const struct sim_fp_fmt *f)
{
   uint64_t r = sim_fp_round(t, rnd, f);
   return ftz ? sim_fp_flush(r, f) : r;
}

/* A relative or absolute bound d: aim at v + u d, take the nearest
 * number there, else the one on v's side, else the exact result. */
static uint64_t
perturb_within(uint64_t exact, double v, double d, double u, bool unit, bool ftz,
               const struct sim_fp_fmt *f)
{
   double t = v + u * d;
   uint64_t r = round_fmt(t, SIM_RND_RN, ftz, f);
   if (acceptable(r, v, d, unit, f))
      return r;
   r = round_fmt(t, t > v ? SIM_RND_RM : SIM_RND_RP, ftz, f);
   return acceptable(r, v, d, unit, f) ? r : exact;
}

/* An ulp bound: k steps from the correctly rounded result (|k| <= K),
 * fewer if that lands more than K ulps from v. */
static uint64_t
perturb_ulps(uint64_t exact, double v, unsigned K, uint64_t h, bool unit, bool ftz,
             const struct sim_fp_fmt *f)
{
   int k = (h & 3) < 2 ? (int)K : (int)((h >> 11) % (K + 1));
   if (h & 4)
      k = -k;
   uint64_t sign = exact & sim_fp_sign_bit(f), mag = exact & ~sign;
   uint64_t lowest = ftz ? 1ull << (f->prec - 1) : 1;
   for (; k; k += k > 0 ? -1 : 1) {
      int64_t m = (int64_t)mag + k;
      if (m < (int64_t)lowest || (uint64_t)m >= sim_fp_inf_bits(f))
         continue;
      uint64_t r = sign | (uint64_t)m;
      double rv = fmt_value(r, f);
      if (fabs(rv - v) <= K * fmt_ulp(rv, f) && acceptable(r, v, INFINITY, unit, f))
         return r;
   }
   return exact;
}

/* RCP of a significand of all ones (2 - 2^(1-prec) times a power of two):
 * ptxas' rcp.rn/div.rn refine MUFU.RCP with one FMA step, which gives the
 * correctly rounded quotient from any faithful reciprocal except there
 * (1/b lies just above a midpoint; Markstein's theorem).  Those sequences
 * are right on hardware, so its RCP is exact there. */
static bool
rcp_needs_exact(unsigned func, uint64_t in, const struct sim_fp_fmt *f)
{
   uint64_t m = (1ull << (f->prec - 1)) - 1;
   return func == JADE_ISA_V_FUNC_RCP && (in & m) == m;
}

static uint64_t
mufu_result(const struct jade_sim *sim, unsigned func, uint64_t in, double v, bool ftz,
            const struct sim_fp_fmt *f, const struct mufu_bound *table)
{
   uint64_t exact = round_fmt(v, SIM_RND_RN, ftz, f);
   if (sim->opt.mufu != JADE_SIM_MUFU_HW || func > JADE_ISA_V_FUNC_TANH || special_input(in, f) ||
       rcp_needs_exact(func, in, f))
      return exact;
   double ev = fmt_value(exact, f);
   if (isnan(ev) || isinf(ev) ||
       (ev == 0 && table[func].kind != BOUND_ABS && table[func].kind != BOUND_ABSREL))
      return exact;

   const struct mufu_bound *b = &table[func];
   bool unit =
      func == JADE_ISA_V_FUNC_COS || func == JADE_ISA_V_FUNC_SIN || func == JADE_ISA_V_FUNC_TANH;
   uint64_t h = error_hash(sim, func, f->prec, (uint32_t)in);
   double d;
   switch (b->kind) {
   case BOUND_ULP:
      return perturb_ulps(exact, v, (unsigned)b->b, h, unit, ftz, f);
   case BOUND_REL:
      d = exp2(b->b) * fabs(v);
      break;
   case BOUND_ABS:
      d = exp2(b->b);
      break;
   default:
      d = exp2(b->b) * fmax(1, fabs(v));
      break;
   }
   return perturb_within(exact, v, d, error_fraction(h), unit, ftz, f);
}

uint32_t
sim_mufu_f32(const struct jade_sim *sim, unsigned func, uint32_t in, double v)
{
   return (uint32_t)mufu_result(sim, func, in, v, true, &sim_fp_f32, bound_f32);
}

uint32_t
sim_mufu_f16(const struct jade_sim *sim, unsigned func, uint32_t in, double v)
{
   return (uint32_t)mufu_result(sim, func, in, v, false, &sim_fp_f16, bound_f16);
}

/* The high word of a double: the exact one is v's (truncated, subnormals
 * flushed); hardware-like, possibly the next one up or down where that is
 * within 1 unit of its last bit (2^-20 of the leading one) of v. */
uint32_t
sim_mufu_64h(const struct jade_sim *sim, bool rsq, uint32_t in, double v)
{
   if (isnan(v))
      return SIM_NAN32;
   uint32_t exact = (uint32_t)(sim_fp_flush(sim_u64(v), &sim_fp_f64) >> 32);
   uint32_t mag = exact & 0x7fffffffu;
   if (sim->opt.mufu != JADE_SIM_MUFU_HW || special_input((uint64_t)in << 32, &sim_fp_f64) ||
       mag < 0x00100000u || mag >= 0x7ff00000u)
      return exact;
   uint64_t h = error_hash(sim, rsq ? 7 : 6, 64, in);
   int k = h & 4 ? -1 : 1;
   if ((h & 3) == 3)
      return exact;
   uint32_t m = mag + k;
   if (m < 0x00100000u || m >= 0x7ff00000u)
      return exact;
   uint32_t r = (exact & 0x80000000u) | m;
   double rv = sim_f64((uint64_t)r << 32);
   return fabs(rv - v) <= ldexp(1, ilogb(rv) - 20) ? r : exact;
}
