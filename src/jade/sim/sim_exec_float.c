/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * fp32 semantics: FADD, FMUL, FFMA, FMNMX, FSETP, FSET, FSEL, FCHK, MUFU.
 *
 * Exact (bit for bit what IEEE 754 and NVIDIA's documented rules give):
 *  - FADD, FMUL, FFMA in all four rounding modes, single rounding (FFMA is
 *    fused), .FTZ (subnormal inputs and results -> sign-preserving zero; a
 *    result is flushed when it is subnormal after rounding), .FMZ (FTZ,
 *    and 0 * anything = 0 with the product's sign, even for inf/NaN),
 *    .SAT (clamp to [+0, 1], NaN -> +0), FMUL's .D8...M8 result scale
 *    (applied to the exact product, before the single rounding);
 *  - any NaN result is the canonical 0x7fffffff;
 *  - FMNMX (one NaN: the other operand; both: canonical NaN; -0 < +0),
 *    FSETP/FSET comparisons with ordered/unordered forms, FSEL.
 * Where hardware is approximate, the model is exact by default (with
 * JADE_SIM_MUFU_HW, MUFU results are off by up to the documented bounds
 * instead: sim_mufu_error.c):
 *  - MUFU.RCP/RSQ/SQRT/EX2/LG2/SIN/COS/TANH are computed in double by
 *    libm and rounded once to float (hardware: about 1-2 ulp, TANH and
 *    SIN/COS worse; ptxas' sequences tolerate any faithful result).
 *    MUFU flushes subnormal inputs and results (as the hardware does).
 *    MUFU.SIN/COS take revolutions: sin(2*pi*x) (ptxas multiplies by
 *    1/(2*pi) first).
 *  - MUFU.*.F16: the same functions on a half, rounded once to half; no
 *    flushing (see exec_mufu_f16).
 *  - MUFU.RCP64H/RSQ64H: the high word of the double 1/x or 1/sqrt(x) for
 *    the double whose high word is the source (low word 0), correctly
 *    rounded (hardware: an approximation from 20 mantissa bits); NaN gives
 *    0x7fffffff, subnormals flush.
 *  - FCHK: not documented; the model says "take the slow path" for any
 *    operand that is zero, subnormal, inf or NaN and for exponent ranges
 *    where the quotient or its reciprocal-based refinement might leave the
 *    normal range.  Both paths of ptxas' division give the IEEE quotient,
 *    so a conservative answer changes nothing observable.
 */

#include <math.h>

#include "sim_fp.h"
#include "sim_private.h"

/* A source's bits with its modifiers (immediates carry none). */
static uint32_t
fsrc(struct sim_exec *x, enum sim_src s, unsigned lane)
{
   return sim_fmod32(sim_src(x, s, lane), sim_src_neg(x, s), sim_src_abs(x, s));
}

static double
f32d(uint32_t u)
{
   return (double)sim_f32(u);
}

static uint32_t
fresult(double v, unsigned rnd, bool ftz, bool sat)
{
   return (uint32_t)sim_fp_result(v, rnd, ftz, sat, &sim_fp_f32);
}

static bool
fmz_flag(struct sim_exec *x, bool *ftz, bool *fmz)
{
   unsigned v = (unsigned)sim_field(x, JADE_ISA_F_FMZ);
   if (v > JADE_ISA_V_FMZ_FMZ) {
      sim_unsupported(x, "FTZ and FMZ together");
      return false;
   }
   *ftz = v != JADE_ISA_V_FMZ_IEEE;
   *fmz = v == JADE_ISA_V_FMZ_FMZ;
   return true;
}

/* a * b (exact in double), with FMZ's rule. */
static double
fmul_exact(uint32_t a, uint32_t b, bool fmz)
{
   if (fmz && ((a & 0x7fffffffu) == 0 || (b & 0x7fffffffu) == 0))
      return ((a ^ b) & 0x80000000u) ? -0.0 : 0.0;
   return f32d(a) * f32d(b);
}

static bool
exec_fadd(struct sim_exec *x)
{
   bool ftz = sim_field(x, JADE_ISA_F_FTZ), sat = sim_field(x, JADE_ISA_F_SAT);
   unsigned rnd = (unsigned)sim_field(x, JADE_ISA_F_RND);
   sim_foreach_lane (x, lane) {
      uint32_t a = sim_flush32(fsrc(x, SIM_SRC_A, lane), ftz);
      uint32_t b = sim_flush32(fsrc(x, SIM_SRC_B, lane), ftz);
      double v = sim_fp_add_rto(f32d(a), f32d(b), rnd);
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, fresult(v, rnd, ftz, sat));
   }
   return true;
}

static bool
exec_fmul(struct sim_exec *x)
{
   bool ftz, fmz, sat = sim_field(x, JADE_ISA_F_SAT);
   unsigned rnd = (unsigned)sim_field(x, JADE_ISA_F_RND);
   unsigned scale = (unsigned)sim_field(x, JADE_ISA_F_SCALE);
   if (!fmz_flag(x, &ftz, &fmz))
      return true;
   if (scale < JADE_ISA_V_SCALE_D8) {
      sim_unsupported(x, "FMUL scale 0");
      return true;
   }
   sim_foreach_lane (x, lane) {
      uint32_t a = sim_flush32(fsrc(x, SIM_SRC_A, lane), ftz);
      uint32_t b = sim_flush32(fsrc(x, SIM_SRC_B, lane), ftz);
      /* .D8 ... .M8 scale the exact product: no double range issue */
      double v = ldexp(fmul_exact(a, b, fmz), (int)scale - JADE_ISA_V_FMUL_SCALE_X1);
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, fresult(v, rnd, ftz, sat));
   }
   return true;
}

static bool
exec_ffma(struct sim_exec *x)
{
   bool ftz, fmz, sat = sim_field(x, JADE_ISA_F_SAT);
   unsigned rnd = (unsigned)sim_field(x, JADE_ISA_F_RND);
   if (!fmz_flag(x, &ftz, &fmz))
      return true;
   sim_foreach_lane (x, lane) {
      uint32_t a = sim_flush32(fsrc(x, SIM_SRC_A, lane), ftz);
      uint32_t b = sim_flush32(fsrc(x, SIM_SRC_B, lane), ftz);
      uint32_t c = sim_flush32(fsrc(x, SIM_SRC_C, lane), ftz);
      double v = sim_fp_add_rto(fmul_exact(a, b, fmz), f32d(c), rnd);
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, fresult(v, rnd, ftz, sat));
   }
   return true;
}

/* Total order of non-NaN floats, with -0 below +0. */
static bool
flt_less(uint32_t a, uint32_t b)
{
   int32_t ka = (a & 0x80000000u) ? -(int32_t)(a & 0x7fffffffu) - 1 : (int32_t)a;
   int32_t kb = (b & 0x80000000u) ? -(int32_t)(b & 0x7fffffffu) - 1 : (int32_t)b;
   return ka < kb;
}

static bool
exec_fmnmx(struct sim_exec *x)
{
   bool ftz = sim_field(x, JADE_ISA_F_FTZ);
   sim_foreach_lane (x, lane) {
      uint32_t a = sim_flush32(fsrc(x, SIM_SRC_A, lane), ftz);
      uint32_t b = sim_flush32(fsrc(x, SIM_SRC_B, lane), ftz);
      bool min = sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane);
      uint32_t r;
      if (sim_isnan32(a) && sim_isnan32(b))
         r = SIM_NAN32;
      else if (sim_isnan32(a))
         r = b;
      else if (sim_isnan32(b))
         r = a;
      else
         r = flt_less(a, b) == min ? a : b;
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, r);
   }
   return true;
}

/* FSETP, FSET: the comparison of a and b for a lane. */
static bool
fset_cmp(struct sim_exec *x, unsigned lane)
{
   bool ftz = sim_field(x, JADE_ISA_F_FTZ);
   uint32_t a = sim_flush32(fsrc(x, SIM_SRC_A, lane), ftz);
   uint32_t b = sim_flush32(fsrc(x, SIM_SRC_B, lane), ftz);
   return sim_fp_compare((unsigned)sim_field(x, JADE_ISA_F_CMP), f32d(a), f32d(b));
}

static bool
exec_fsetp(struct sim_exec *x)
{
   unsigned bop = (unsigned)sim_field(x, JADE_ISA_F_BOP);
   if (!sim_bop_supported(x, bop))
      return true;
   sim_foreach_lane (x, lane) {
      bool c = fset_cmp(x, lane);
      bool p = sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane);
      sim_set_pred(x, (unsigned)sim_field(x, JADE_ISA_F_PD0), lane, sim_bop(bop, c, p));
      sim_set_pred(x, (unsigned)sim_field(x, JADE_ISA_F_PD1), lane, sim_bop(bop, !c, p));
   }
   return true;
}

static bool
exec_fset(struct sim_exec *x)
{
   unsigned bop = (unsigned)sim_field(x, JADE_ISA_F_BOP);
   if (!sim_bop_supported(x, bop))
      return true;
   sim_foreach_lane (x, lane) {
      bool c = fset_cmp(x, lane);
      bool p = sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane);
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane,
                  sim_bop(bop, c, p) ? 0x3f800000u : 0);
   }
   return true;
}

static bool
exec_fsel(struct sim_exec *x)
{
   sim_foreach_lane (x, lane) {
      bool p = sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane);
      uint32_t r = p ? fsrc(x, SIM_SRC_A, lane) : fsrc(x, SIM_SRC_B, lane);
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, r);
   }
   return true;
}

/* FCHK: true when a / b needs the slow path (see the top comment). */
static bool
fchk(uint32_t a, uint32_t b)
{
   int ea = (int)((a >> 23) & 0xff), eb = (int)((b >> 23) & 0xff);
   if (ea == 0 || ea == 0xff || eb == 0 || eb == 0xff)
      return true;
   int eq = ea - eb; /* quotient's exponent, about */
   return eq <= -125 || eq >= 126 || eb >= 253 || ea <= 24 || ea >= 253;
}

static bool
exec_fchk(struct sim_exec *x)
{
   sim_foreach_lane (x, lane) {
      bool r = fchk(sim_src(x, SIM_SRC_A, lane), sim_src(x, SIM_SRC_B, lane));
      sim_set_pred(x, (unsigned)sim_field(x, JADE_ISA_F_PD), lane, r);
   }
   return true;
}

#define SIM_TWO_PI 6.283185307179586476925286766559

/* sin/cos of 2*pi*v revolutions: reduced exactly to a quarter turn, so
 * multiples of a quarter turn give exact 0 and +-1. */
static double
sin_rev(double v, bool cos_)
{
   if (isinf(v))
      return NAN;
   if (v == 0 && !cos_)
      return v;      /* sin(-0) = -0 */
   double t = 4 * v; /* quarter turns, exact */
   double n = nearbyint(t);
   double a = (t - n) * (SIM_TWO_PI / 4); /* t - n exact, in [-0.5, 0.5] */
   unsigned q = (unsigned)(int64_t)fmod(n, 4.0) + (cos_ ? 1 : 0);
   double r;
   switch (q & 3) {
   case 0:
      r = sin(a);
      break;
   case 1:
      r = cos(a);
      break;
   case 2:
      r = -sin(a);
      break;
   default:
      r = -cos(a);
      break;
   }
   return r == 0 ? 0.0 : r; /* zeros of a non-zero turn: +0 */
}

/* The functions mufu32 computes: not 6 and 7 (RCP64H and RSQ64H, decoded
 * as MUFU.64H) nor the unnamed 10 and up. */
static bool
mufu_supported(struct sim_exec *x, unsigned func)
{
   switch (func) {
   case JADE_ISA_V_FUNC_COS:
   case JADE_ISA_V_FUNC_SIN:
   case JADE_ISA_V_FUNC_EX2:
   case JADE_ISA_V_FUNC_LG2:
   case JADE_ISA_V_FUNC_RCP:
   case JADE_ISA_V_FUNC_RSQ:
   case JADE_ISA_V_FUNC_SQRT:
   case JADE_ISA_V_FUNC_TANH:
      return true;
   default:
      return sim_unsupported(x, "MUFU function");
   }
}

static double
mufu32(unsigned func, double v)
{
   switch (func) {
   case JADE_ISA_V_FUNC_COS:
      return sin_rev(v, true);
   case JADE_ISA_V_FUNC_SIN:
      return sin_rev(v, false);
   case JADE_ISA_V_FUNC_EX2:
      return exp2(v);
   case JADE_ISA_V_FUNC_LG2:
      return log2(v);
   case JADE_ISA_V_FUNC_RCP:
      return 1.0 / v;
   case JADE_ISA_V_FUNC_RSQ:
      return 1.0 / sqrt(v);
   case JADE_ISA_V_FUNC_SQRT:
      return sqrt(v);
   default:
      return tanh(v);
   }
}

static bool
exec_mufu(struct sim_exec *x)
{
   unsigned func = (unsigned)sim_field(x, JADE_ISA_F_FUNC);
   if (!mufu_supported(x, func))
      return true;
   sim_foreach_lane (x, lane) {
      uint32_t b = sim_flush32(fsrc(x, SIM_SRC_B, lane), true);
      uint32_t r = sim_mufu_f32(x->sim, func, b, mufu32(func, f32d(b)));
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, r);
   }
   return true;
}

/* MUFU.F16: the same functions on a half (the low one, or the high one
 * with .H1; negate/absolute act on it), computed in double and rounded
 * once to half (RN); subnormal inputs and results are kept, as the PTX ISA
 * documents for ex2.approx.f16 and tanh.approx.f16, and a NaN result is
 * the canonical 0x7fff.  The half goes to the low 16 bits, the high ones
 * are 0 (ptxas relies on it: cvt.u32.u16 of the result is the register). */
static bool
exec_mufu_f16(struct sim_exec *x)
{
   unsigned func = (unsigned)sim_field(x, JADE_ISA_F_FUNC);
   if (!mufu_supported(x, func))
      return true;
   bool imm = x->op == JADE_ISA_OP_MUFU_F16_IMM;
   sim_foreach_lane (x, lane) {
      uint32_t h;
      if (imm) {
         h = (uint32_t)sim_field(x, JADE_ISA_F_B) & 0xffff;
      } else {
         h = sim_src(x, SIM_SRC_B, lane) >> (sim_field(x, JADE_ISA_F_B_H) ? 16 : 0) & 0xffff;
         if (sim_src_abs(x, SIM_SRC_B))
            h &= 0x7fff;
         if (sim_src_neg(x, SIM_SRC_B))
            h ^= 0x8000;
      }
      uint32_t r = sim_mufu_f16(x->sim, func, h, mufu32(func, sim_f16_to_d(h)));
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, r);
   }
   return true;
}

/* RCP64H/RSQ64H: the high word of the double result for the double whose
 * high word is the source. */
static uint32_t
mufu64h(struct sim_exec *x, bool rsq, uint32_t hi)
{
   double v = sim_f64(sim_fp_flush((uint64_t)hi << 32, &sim_fp_f64));
   return sim_mufu_64h(x->sim, rsq, hi, rsq ? 1.0 / sqrt(v) : 1.0 / v);
}

static bool
exec_mufu64h(struct sim_exec *x)
{
   bool rsq = sim_field(x, JADE_ISA_F_FUNC) == JADE_ISA_V_FUNC_RSQ64H;
   sim_foreach_lane (x, lane) {
      uint32_t r = mufu64h(x, rsq, fsrc(x, SIM_SRC_B, lane));
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, r);
   }
   return true;
}

bool
sim_exec_float(struct sim_exec *x)
{
   switch (x->op) {
   case JADE_ISA_OP_FADD:
      return exec_fadd(x);
   case JADE_ISA_OP_FMUL:
      return exec_fmul(x);
   case JADE_ISA_OP_FFMA:
      return exec_ffma(x);
   case JADE_ISA_OP_FMNMX:
      return exec_fmnmx(x);
   case JADE_ISA_OP_FSETP:
      return exec_fsetp(x);
   case JADE_ISA_OP_FSET:
      return exec_fset(x);
   case JADE_ISA_OP_FSEL:
      return exec_fsel(x);
   case JADE_ISA_OP_FCHK:
      return exec_fchk(x);
   case JADE_ISA_OP_MUFU:
      return exec_mufu(x);
   case JADE_ISA_OP_MUFU_64H:
      return exec_mufu64h(x);
   case JADE_ISA_OP_MUFU_F16:
   case JADE_ISA_OP_MUFU_F16_IMM:
      return exec_mufu_f16(x);
   default:
      return false;
   }
}
