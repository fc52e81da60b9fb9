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

/* The `rnd` field of FADD/FMUL/FFMA/D*, I2F, F2F. */
enum sim_rnd {
   SIM_RN = 0,
   SIM_RM = 1,
   SIM_RP = 2,
   SIM_RZ = 3,
};

/* A binary interchange format. */
struct sim_fp_fmt {
   int prec;       /* significand bits, with the implicit one */
   int emin, emax; /* exponent of the smallest/largest normal */
};

static const struct sim_fp_fmt sim_fp_f16 = {11, -14, 15};
static const struct sim_fp_fmt sim_fp_f32 = {24, -126, 127};
static const struct sim_fp_fmt sim_fp_f64 = {53, -1022, 1023};

#define SIM_NAN32 0x7fffffffu
#define SIM_NAN16 0x7fffu
#define SIM_NAN64 0x7fffffffffffffffull

static inline unsigned sim_fp_ebits(const struct sim_fp_fmt *f)
{
   return f->emax == 15 ? 5 : f->emax == 127 ? 8 : 11;
}

static inline uint64_t sim_fp_sign_bit(const struct sim_fp_fmt *f)
{
   return 1ull << (sim_fp_ebits(f) + f->prec - 1);
}

static inline uint64_t sim_fp_inf_bits(const struct sim_fp_fmt *f)
{
   return (uint64_t)(f->emax - f->emin + 2) << (f->prec - 1);
}

/* Rounds (-1)^neg * m * 2^e to the format; returns its bits.  Overflow
 * gives infinity or the largest finite value, as the mode says. */
static inline uint64_t sim_fp_round_int(bool neg, uint64_t m, int e, unsigned rnd,
                                        const struct sim_fp_fmt *f)
{
   uint64_t sign = neg ? sim_fp_sign_bit(f) : 0;
   if (m == 0)
      return sign;

   int lead = e + 63 - __builtin_clzll(m);   /* exponent of the leading bit */
   int qmin = f->emin - (f->prec - 1);
   int q = (lead > f->emin ? lead : f->emin) - (f->prec - 1);
   int shift = q - e;
   uint64_t kept;
   bool up = false;

   if (shift <= 0) {
      kept = m << -shift;    /* exact: fewer than prec bits */
   } else {
      uint64_t rem, half;
      if (shift >= 64) {
         kept = 0;
         rem = 1;           /* far below half an ulp, but not zero */
         half = UINT64_MAX;
      } else {
         kept = m >> shift;
         rem = m & ((1ull << shift) - 1);
         half = 1ull << (shift - 1);
      }
      switch (rnd) {
      case SIM_RN: up = rem > half || (rem == half && (kept & 1)); break;
      case SIM_RM: up = rem && neg; break;
      case SIM_RP: up = rem && !neg; break;
      default: break;
      }
   }
   /* kept < 2^(prec-1) only at q == qmin: a subnormal.  A carry out of the
    * significand moves into the exponent field by itself. */
   uint64_t bits = ((uint64_t)(q - qmin) << (f->prec - 1)) + kept + up;
   if (bits >= sim_fp_inf_bits(f)) {
      bool inf = rnd == SIM_RN || (rnd == SIM_RP && !neg) || (rnd == SIM_RM && neg);
      bits = inf ? sim_fp_inf_bits(f) : sim_fp_inf_bits(f) - 1;
   }
   return sign | bits;
}

/* Rounds a finite double (exact, or rounded to odd) to the format. */
static inline uint64_t sim_fp_round(double v, unsigned rnd, const struct sim_fp_fmt *f)
{
   uint64_t u;
   memcpy(&u, &v, 8);
   bool neg = u >> 63;
   int ef = (u >> 52) & 0x7ff;
   uint64_t m = u & ((1ull << 52) - 1);
   if (ef == 0x7ff) /* callers handle inf and NaN; keep the sign of inf */
      return (neg ? sim_fp_sign_bit(f) : 0) | sim_fp_inf_bits(f);
   if (ef)
      m |= 1ull << 52;
   else
      ef = 1;
   return sim_fp_round_int(neg, m, ef - 1075, rnd, f);
}

static inline double sim_fp_d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static inline uint64_t sim_fp_u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

/* a + b rounded to odd in double (exact values with at most a few more
 * bits than double round correctly from it), with IEEE's sign of an
 * exact zero sum in rounding mode rnd.  Uses the host's round-to-nearest
 * (TwoSum); a and b finite, no overflow. */
static inline double sim_fp_add_rto(double a, double b, unsigned rnd)
{
   double s = a + b;
   if (s == 0) {
      if (a == 0 && b == 0 && signbit(a) == signbit(b))
         return a;
      return rnd == SIM_RM ? -0.0 : 0.0;
   }
   double bb = s - a;
   double err = (a - (s - bb)) + (b - bb);
   uint64_t u = sim_fp_u(s);
   if (err != 0 && !(u & 1)) {
      /* the exact value lies beyond s (away from zero) or before it */
      if ((err > 0) == (s > 0))
         u++;
      else
         u--;
   }
   return sim_fp_d(u);
}

/* Subnormal bits of a format (not zero). */
static inline bool sim_fp_is_denorm(uint64_t bits, const struct sim_fp_fmt *f)
{
   uint64_t mag = bits & (sim_fp_sign_bit(f) - 1);
   return mag && mag < (1ull << (f->prec - 1));
}

/* Flush to sign-preserving zero. */
static inline uint64_t sim_fp_flush(uint64_t bits, const struct sim_fp_fmt *f)
{
   return sim_fp_is_denorm(bits, f) ? bits & sim_fp_sign_bit(f) : bits;
}

static inline uint32_t sim_flush32(uint32_t u, bool ftz)
{
   return ftz ? (uint32_t)sim_fp_flush(u, &sim_fp_f32) : u;
}

static inline bool sim_isnan32(uint32_t u)
{
   return (u & 0x7fffffffu) > 0x7f800000u;
}

static inline bool sim_isnan16(uint32_t u)
{
   return (u & 0x7fffu) > 0x7c00u;
}

/* A source's modifiers: absolute value first, then negation. */
static inline uint32_t sim_fmod32(uint32_t u, bool neg, bool abs)
{
   if (abs)
      u &= 0x7fffffffu;
   if (neg)
      u ^= 0x80000000u;
   return u;
}

/* .SAT: clamp to [+0, 1]; NaN gives +0. */
static inline uint32_t sim_sat32(uint32_t u)
{
   if (sim_isnan32(u) || (u & 0x80000000u))
      return 0;
   return u > 0x3f800000u ? 0x3f800000u : u;
}

static inline uint32_t sim_sat16(uint32_t u)
{
   if (sim_isnan16(u) || (u & 0x8000u))
      return 0;
   return u > 0x3c00u ? 0x3c00u : u;
}

/* Half -> double, exactly. */
static inline double sim_f16_to_d(uint32_t h)
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

/* Float/double -> half bits in the given mode (NaN -> canonical). */
static inline uint32_t sim_d_to_f16(double v, unsigned rnd)
{
   if (isnan(v))
      return SIM_NAN16;
   return (uint32_t)sim_fp_round(v, rnd, &sim_fp_f16);
}

/* Round a finite double to an integral value. */
static inline double sim_fp_rint(double v, unsigned mode /* RN, FLOOR, CEIL, TRUNC */)
{
   double r;
   switch (mode) {
   case 1: r = floor(v); break;
   case 2: r = ceil(v); break;
   case 3: r = trunc(v); break;
   default: {
      r = floor(v);
      double d = v - r;   /* exact */
      if (d > 0.5 || (d == 0.5 && fmod(r, 2.0) != 0))
         r += 1;
      break;
   }
   }
   return copysign(r, v);   /* -0.3 rounds to -0 */
}

#endif /* SIM_FP_H */
