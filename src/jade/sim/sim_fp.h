/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Floating-point helpers of the float families (sim_exec_float.c,
 * sim_exec_fp64.c, sim_exec_half.c, sim_exec_conv.c).
 *
 * Results are rounded in software: an operation's exact value (or its
 * round-to-odd approximation in double, which has enough extra bits to
 * round once more correctly) is rounded to the destination format by
 * sim_fp_round(), in any of the four modes.  This keeps the model
 * independent of the host's rounding mode and of the compiler's
 * floating-point flags; only fp64 arithmetic uses the host's fenv.
 */

#ifndef SIM_FP_H
#define SIM_FP_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "jade_isa.h"

/* The `rnd` field of FADD/FMUL/FFMA/D*, I2F, F2F, by its names in the
 * description.  (Not JADE_HW_RZ: that is the zero register.) */
enum sim_rnd {
   SIM_RND_RN = JADE_ISA_V_RND_RN,
   SIM_RND_RM = JADE_ISA_V_RND_RM,
   SIM_RND_RP = JADE_ISA_V_RND_RP,
   SIM_RND_RZ = JADE_ISA_V_RND_RZ,
};

static inline float
sim_f32(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}
static inline uint32_t
sim_u32(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}
static inline double
sim_f64(uint64_t u)
{
   double f;
   memcpy(&f, &u, 8);
   return f;
}
static inline uint64_t
sim_u64(double f)
{
   uint64_t u;
   memcpy(&u, &f, 8);
   return u;
}

/* A binary interchange format. */
struct sim_fp_fmt {
   int prec;       /* significand bits, with the implicit one */
   int emin, emax; /* exponent of the smallest/largest normal */
};

static const struct sim_fp_fmt sim_fp_f16 = {11, -14, 15};
static const struct sim_fp_fmt sim_fp_f32 = {24, -126, 127};
static const struct sim_fp_fmt sim_fp_f64 = {53, -1022, 1023};

/* Canonical NaNs: every bit but the sign set. */
#define SIM_NAN32 0x7fffffffu
#define SIM_NAN64 0x7fffffffffffffffull

static inline unsigned
sim_fp_ebits(const struct sim_fp_fmt *f)
{
   return f->emax == 15 ? 5 : f->emax == 127 ? 8 : 11;
}

static inline uint64_t
sim_fp_sign_bit(const struct sim_fp_fmt *f)
{
   return 1ull << (sim_fp_ebits(f) + f->prec - 1);
}

static inline uint64_t
sim_fp_inf_bits(const struct sim_fp_fmt *f)
{
   return (uint64_t)(f->emax - f->emin + 2) << (f->prec - 1);
}

/* Rounds (-1)^neg * m * 2^e to the format; returns its bits.  Overflow
 * gives infinity or the largest finite value, as the mode says. */
static inline uint64_t
sim_fp_round_int(bool neg, uint64_t m, int e, unsigned rnd, const struct sim_fp_fmt *f)
{
   uint64_t sign = neg ? sim_fp_sign_bit(f) : 0;
   if (m == 0)
      return sign;

   int lead = e + 63 - __builtin_clzll(m); /* exponent of the leading bit */
   int qmin = f->emin - (f->prec - 1);
   int q = (lead > f->emin ? lead : f->emin) - (f->prec - 1);
   int shift = q - e;
   uint64_t kept;
   bool up = false;

   if (shift <= 0) {
      kept = m << -shift; /* exact: fewer than prec bits */
   } else {
      uint64_t rem, half;
      if (shift >= 64) {
         kept = 0;
         rem = 1; /* far below half an ulp, but not zero */
         half = UINT64_MAX;
      } else {
         kept = m >> shift;
         rem = m & ((1ull << shift) - 1);
         half = 1ull << (shift - 1);
      }
      switch (rnd) {
      case SIM_RND_RN:
         up = rem > half || (rem == half && (kept & 1));
         break;
      case SIM_RND_RM:
         up = rem && neg;
         break;
      case SIM_RND_RP:
         up = rem && !neg;
         break;
      default:
         break;
      }
   }
   /* kept < 2^(prec-1) only at q == qmin: a subnormal.  A carry out of the
    * significand moves into the exponent field by itself. */
   uint64_t bits = ((uint64_t)(q - qmin) << (f->prec - 1)) + kept + up;
   if (bits >= sim_fp_inf_bits(f)) {
      bool inf = rnd == SIM_RND_RN || (rnd == SIM_RND_RP && !neg) || (rnd == SIM_RND_RM && neg);
      bits = inf ? sim_fp_inf_bits(f) : sim_fp_inf_bits(f) - 1;
   }
   return sign | bits;
}

/* Rounds a double (exact, or rounded to odd) to the format; infinities
 * keep their sign, a NaN gives the canonical NaN. */
static inline uint64_t
sim_fp_round(double v, unsigned rnd, const struct sim_fp_fmt *f)
{
   uint64_t u = sim_u64(v);
   bool neg = u >> 63;
   int ef = (u >> 52) & 0x7ff;
   uint64_t m = u & ((1ull << 52) - 1);
   if (ef == 0x7ff) {
      if (m)
         return sim_fp_sign_bit(f) - 1;
      return (neg ? sim_fp_sign_bit(f) : 0) | sim_fp_inf_bits(f);
   }
   if (ef)
      m |= 1ull << 52;
   else
      ef = 1;
   return sim_fp_round_int(neg, m, ef - 1075, rnd, f);
}

/* a + b rounded to odd in double (exact values with at most a few more
 * bits than double round correctly from it), with IEEE's sign of an
 * exact zero sum in rounding mode rnd.  Uses the host's round-to-nearest
 * (TwoSum); an infinite or NaN operand gives the host's sum.  No overflow:
 * the operands are floats or halves, or their products. */
static inline double
sim_fp_add_rto(double a, double b, unsigned rnd)
{
   double s = a + b;
   if (!isfinite(a) || !isfinite(b))
      return s;
   if (s == 0) {
      if (a == 0 && b == 0 && signbit(a) == signbit(b))
         return a;
      return rnd == SIM_RND_RM ? -0.0 : 0.0;
   }
   double bb = s - a;
   double err = (a - (s - bb)) + (b - bb);
   uint64_t u = sim_u64(s);
   if (err != 0 && !(u & 1)) {
      /* the exact value lies beyond s (away from zero) or before it */
      if ((err > 0) == (s > 0))
         u++;
      else
         u--;
   }
   return sim_f64(u);
}

/* Subnormal bits of a format (not zero). */
static inline bool
sim_fp_is_denorm(uint64_t bits, const struct sim_fp_fmt *f)
{
   uint64_t mag = bits & (sim_fp_sign_bit(f) - 1);
   return mag && mag < (1ull << (f->prec - 1));
}

/* Flush to sign-preserving zero. */
static inline uint64_t
sim_fp_flush(uint64_t bits, const struct sim_fp_fmt *f)
{
   return sim_fp_is_denorm(bits, f) ? bits & sim_fp_sign_bit(f) : bits;
}

static inline uint32_t
sim_flush32(uint32_t u, bool ftz)
{
   return ftz ? (uint32_t)sim_fp_flush(u, &sim_fp_f32) : u;
}

static inline bool
sim_isnan32(uint32_t u)
{
   return (u & 0x7fffffffu) > 0x7f800000u;
}

/* A source's modifiers: absolute value first, then negation. */
static inline uint32_t
sim_fmod32(uint32_t u, bool neg, bool abs)
{
   if (abs)
      u &= 0x7fffffffu;
   if (neg)
      u ^= 0x80000000u;
   return u;
}

/* .SAT: clamp to [+0, 1]; NaN gives +0. */
static inline uint64_t
sim_fp_sat(uint64_t u, const struct sim_fp_fmt *f)
{
   uint64_t one = (uint64_t)f->emax << (f->prec - 1);
   if (u & sim_fp_sign_bit(f) || u > sim_fp_inf_bits(f))
      return 0;
   return u > one ? one : u;
}

/* The result of an arithmetic op (its exact value, or that rounded to odd
 * in double): rounded to the format, then .FTZ's flush and .SAT. */
static inline uint64_t
sim_fp_result(double v, unsigned rnd, bool ftz, bool sat, const struct sim_fp_fmt *f)
{
   uint64_t r = sim_fp_round(v, rnd, f);
   if (ftz)
      r = sim_fp_flush(r, f);
   return sat ? sim_fp_sat(r, f) : r;
}

/* The comparison field of FSETP, DSETP, HSETP2 ...: bit 0 less, 1 equal,
 * 2 greater, 3 unordered (F=0, LT=1, ... NUM=7, NAN=8, LTU=9, ... T=15). */
static inline bool
sim_fp_compare(unsigned cmp, double a, double b)
{
   unsigned rel = isnan(a) || isnan(b) ? 8 : a < b ? 1 : a == b ? 2 : 4;
   return cmp & rel;
}

/* Half -> double, exactly. */
static inline double
sim_f16_to_d(uint32_t h)
{
   bool neg = h & 0x8000;
   unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;
   double v;
   if (e == 0x1f)
      v = m ? NAN : INFINITY;
   else if (e == 0)
      v = ldexp(m, -24);
   else
      v = ldexp(m | 0x400, (int)e - 25);
   return neg ? -v : v;
}

/* Rounds a double to an integral value (infinities and NaNs stay). */
static inline double
sim_fp_rint(double v, unsigned mode /* FRND's rnd */)
{
   double r;
   switch (mode) {
   case JADE_ISA_V_RND_FLOOR:
      r = floor(v);
      break;
   case JADE_ISA_V_RND_CEIL:
      r = ceil(v);
      break;
   case JADE_ISA_V_RND_TRUNC:
      r = trunc(v);
      break;
   default: {
      r = floor(v);
      double d = v - r; /* exact */
      if (d > 0.5 || (d == 0.5 && fmod(r, 2.0) != 0))
         r += 1;
      break;
   }
   }
   return copysign(r, v); /* -0.3 rounds to -0 */
}

#endif /* SIM_FP_H */
