/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Runs the kernels of tests/sim/kernels (PTX compiled by ptxas at -O0 and
 * -O3, cubins committed) on the SM75 functional model and checks their
 * outputs against plain C references written here, independently of the
 * model.  Usage: sim-kernels-test KERNELS_DIR [CASE-SUBSTRING]
 *
 * Each case: a kernel taking (u64 in, u64 out); `in` holds in_words words
 * per thread then in_extra words, `out` out_words per thread then
 * out_extra (preset by the case's gen, 0xa5a5a5a5 otherwise, so unwritten
 * words show).  The reference computes the whole expected `out` from `in`
 * and the preset `out`.  Outputs of atomics whose order is not defined go
 * through a canon function (sorting) on both sides before comparing.
 */

#define _GNU_SOURCE
#include <fenv.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jade_sim.h"

/* --- utilities ----------------------------------------------------------- */

struct rng {
   uint64_t s;
};

static uint64_t
rng64(struct rng *r)
{
   /* splitmix64 */
   uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

static uint32_t rng32(struct rng *r) { return rng64(r) >> 32; }
static unsigned rng_below(struct rng *r, unsigned n) { return rng32(r) % n; }

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static float f32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t u32f(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static double f64(uint64_t u) { double f; memcpy(&f, &u, 8); return f; }
static uint64_t u64f(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }

/* Hardware fp32 arithmetic returns the canonical NaN. */
static uint32_t
fcanon(float f)
{
   return isnan(f) ? 0x7fffffffu : u32f(f);
}

static uint64_t
get64(const uint32_t *w)
{
   return w[0] | (uint64_t)w[1] << 32;
}

static void
put64(uint32_t *w, uint64_t v)
{
   w[0] = (uint32_t)v;
   w[1] = (uint32_t)(v >> 32);
}

/* Integers: special values, small ones and ones of every magnitude. */
static uint32_t
gen_int(struct rng *r)
{
   static const uint32_t special[] = {
      0, 1, 2, 3, 0xffffffff, 0xfffffffe, 0x80000000, 0x7fffffff, 0x80000001,
      0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x10000, 0xff800000,
   };
   switch (rng_below(r, 8)) {
   case 0:
   case 1: return special[rng_below(r, ARRAY_SIZE(special))];
   case 2: return (uint32_t)((int)rng_below(r, 201) - 100);
   case 3:
   case 4: return rng32(r) >> rng_below(r, 32);
   case 5: return (uint32_t)-(int32_t)(rng32(r) >> rng_below(r, 32));
   default: return rng32(r);
   }
}

static uint64_t
gen_int64(struct rng *r)
{
   static const uint64_t special[] = {
      0, 1, 2, ~0ull, ~1ull, 1ull << 63, (1ull << 63) - 1, (1ull << 63) + 1,
      0xffffffffull, 0x100000000ull, 0xffffffff00000000ull, 0x80000000ull,
   };
   switch (rng_below(r, 8)) {
   case 0:
   case 1: return special[rng_below(r, ARRAY_SIZE(special))];
   case 2: return (uint64_t)((int64_t)rng_below(r, 201) - 100);
   case 3:
   case 4: return rng64(r) >> rng_below(r, 64);
   case 5: return -(rng64(r) >> rng_below(r, 64));
   default: return rng64(r);
   }
}

/* fp32: zeros, denormals, infinities, NaNs (quiet, signalling, negative),
 * extremes, values near 1 and fully random bits. */
static uint32_t
gen_f32(struct rng *r)
{
   static const uint32_t special[] = {
      0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x00400000,
      0x807fffff, 0x00800000, 0x80800000, 0x3f800000, 0xbf800000, 0x3f000000,
      0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001, 0x7fffffff,
      0x7f7fffff, 0xff7fffff, 0x4b800000, 0x3fffffff, 0x3f7fffff,
   };
   uint32_t sign = rng32(r) & 0x80000000u;
   switch (rng_below(r, 10)) {
   case 0:
   case 1: return special[rng_below(r, ARRAY_SIZE(special))];
   case 2: /* denormal or tiny */
      return sign | (rng32(r) >> (8 + rng_below(r, 3)));
   case 3:
   case 4:
   case 5:
   case 6: /* moderate exponents, so sums round */
      return sign | (120 + rng_below(r, 16)) << 23 | (rng32(r) & 0x7fffff);
   case 7: /* small integers and halves */
      return u32f((float)((int)rng_below(r, 41) - 20) * 0.5f);
   default: return rng32(r);
   }
}

static uint64_t
gen_f64(struct rng *r)
{
   static const uint64_t special[] = {
      0, 1ull << 63, 1, (1ull << 63) | 1, 0x000fffffffffffffull,
      0x0010000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
      0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull,
      0xfff8000000000001ull, 0x7ff0000000000001ull, 0x7fefffffffffffffull,
      0x3fe0000000000000ull, 0x47efffffe0000000ull, 0x41e0000000000000ull,
   };
   uint64_t sign = rng64(r) & (1ull << 63);
   switch (rng_below(r, 10)) {
   case 0:
   case 1: return special[rng_below(r, ARRAY_SIZE(special))];
   case 2: return sign | (rng64(r) >> (11 + rng_below(r, 3)));
   case 3:
   case 4:
   case 5:
   case 6:
      return sign | (uint64_t)(1015 + rng_below(r, 20)) << 52 |
             (rng64(r) & 0xfffffffffffffull);
   case 7: return u64f((double)((int)rng_below(r, 41) - 20) * 0.5);
   default: return rng64(r);
   }
}

/* Rounding modes of the references, as fenv modes. */
static const int rmodes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};

/* FTZ: denormal inputs and results become zeros of the same sign. */
static float
ftz(float f)
{
   return fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f;
}

/* --- int_arith ----------------------------------------------------------- */

static void
gen_ints(struct rng *r, uint32_t *in, unsigned count)
{
   for (unsigned i = 0; i < count; i++)
      in[i] = gen_int(r);
}

static void gen_int3(struct rng *r, uint32_t *in, uint32_t *out, unsigned n) { gen_ints(r, in, n * 3); }
static void gen_int4(struct rng *r, uint32_t *in, uint32_t *out, unsigned n) { gen_ints(r, in, n * 4); }

static void
ref_int_addsub(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      const uint32_t *a = &in[t * 4];
      uint32_t *o = &out[t * 14];
      o[0] = a[0] + a[1];
      o[1] = a[0] - a[1];
      uint64_t carry = 0, borrow = 0;
      for (unsigned w = 0; w < 4; w++) {
         uint64_t s = (uint64_t)a[w] + a[3 - w] + carry;
         o[2 + w] = (uint32_t)s;
         carry = s >> 32;
         uint64_t d = (uint64_t)a[w] - a[3 - w] - borrow;
         o[6 + w] = (uint32_t)d;
         borrow = (d >> 32) & 1;
      }
      o[10] = ((uint64_t)a[0] + a[1]) >> 32;
      o[11] = -a[0];
      o[12] = a[1] - a[0];
      o[13] = a[2] - a[3] - (a[1] < a[0]);
   }
}

static void
ref_int_mul(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 3], b = in[t * 3 + 1], c = in[t * 3 + 2];
      uint32_t *o = &out[t * 16];
      uint64_t wu = (uint64_t)a * b;
      int64_t ws = (int64_t)(int32_t)a * (int32_t)b;
      o[0] = a * b;
      o[1] = wu >> 32;
      o[2] = (uint64_t)ws >> 32;
      o[3] = a * b + c;
      put64(&o[4], wu);
      put64(&o[6], ws);
      o[8] = (uint32_t)(wu >> 32) + c;
      o[9] = (uint32_t)((uint64_t)ws >> 32) + c;
      o[10] = a * 9;
      o[11] = a * (uint32_t)-3;
      o[12] = ((uint64_t)a * 0xaaaaaaabu) >> 32;
      o[13] = a << 16;
      put64(&o[14], wu + c);
   }
}

/* No division by 0 and no INT_MIN / -1: PTX leaves them unspecified. */
static void
gen_divrem(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = gen_int(r), b;
      do {
         b = rng_below(r, 3) ? gen_int(r) : rng_below(r, 20) - 10;
      } while (b == 0 || (a == 0x80000000u && b == 0xffffffffu));
      in[t * 2] = a;
      in[t * 2 + 1] = b;
   }
}

static void
ref_int_divrem(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 2], b = in[t * 2 + 1];
      int32_t sa = a, sb = b;
      uint32_t *o = &out[t * 10];
      o[0] = a / b;
      o[1] = a % b;
      o[2] = sa / sb;
      o[3] = sa % sb;
      o[4] = a / 7;
      o[5] = a % 10;
      o[6] = sa / -5;
      o[7] = sa % 3;
      o[8] = sa / 16;
      o[9] = sa % 16;
   }
}

static void
ref_int_minmax(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 3], b = in[t * 3 + 1], c = in[t * 3 + 2];
      int32_t sa = a, sb = b;
      uint32_t *o = &out[t * 8];
      o[0] = sa < sb ? sa : sb;
      o[1] = sa > sb ? sa : sb;
      o[2] = a < b ? a : b;
      o[3] = a > b ? a : b;
      o[4] = sa < 0 ? -a : a; /* abs(INT_MIN) = INT_MIN */
      o[5] = a < 1000 ? a : 1000;
      o[6] = -c;
      o[7] = sa > -7 ? sa : -7;
   }
}

/* Shift amounts mostly 0..40, sometimes huge (unsigned, clamped). */
static void
gen_shift(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      in[t * 3] = gen_int(r);
      in[t * 3 + 1] = gen_int(r);
      in[t * 3 + 2] = rng_below(r, 4) ? rng_below(r, 41) : gen_int(r);
   }
}

static uint32_t
shf_l(uint32_t a, uint32_t b, unsigned s)
{
   return s == 0 ? b : s >= 32 ? a : (b << s) | (a >> (32 - s));
}

static uint32_t
shf_r(uint32_t a, uint32_t b, unsigned s)
{
   return s == 0 ? a : s >= 32 ? b : (a >> s) | (b << (32 - s));
}

static void
ref_int_shift(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 3], b = in[t * 3 + 1], c = in[t * 3 + 2];
      uint32_t *o = &out[t * 11];
      unsigned cl = c > 32 ? 32 : c;
      o[0] = cl >= 32 ? 0 : a << cl;
      o[1] = cl >= 32 ? 0 : a >> cl;
      o[2] = (uint32_t)((int32_t)a >> (cl >= 32 ? 31 : cl));
      o[3] = a << 5;
      o[4] = (uint32_t)((int32_t)a >> 31);
      o[5] = shf_l(a, b, c & 31);
      o[6] = shf_r(a, b, c & 31);
      o[7] = shf_l(a, b, cl);
      o[8] = shf_r(a, b, cl);
      o[9] = shf_l(a, b, 13);
      o[10] = shf_r(a, b, 20);
   }
}

static void
gen_bits(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      in[t * 4] = gen_int(r);
      in[t * 4 + 1] = gen_int(r);
      for (unsigned j = 2; j < 4; j++) {
         switch (rng_below(r, 6)) {
         case 0: in[t * 4 + j] = gen_int(r); break;
         case 1: in[t * 4 + j] = rng_below(r, 256); break;
         default: in[t * 4 + j] = rng_below(r, 34); break;
         }
      }
   }
}

/* PTX bfe/bfi: position and length are the low 8 bits of their operands. */
static uint32_t
bfe32(uint32_t a, uint32_t pos, uint32_t len, bool sign)
{
   pos &= 0xff;
   len &= 0xff;
   unsigned top = pos + len - 1 > 31 ? 31 : pos + len - 1;
   uint32_t sbit = sign && len ? (a >> top) & 1 : 0;
   uint32_t d = 0;
   for (unsigned i = 0; i < 32; i++) {
      uint32_t bit = (i < len && pos + i <= 31) ? (a >> (pos + i)) & 1 : sbit;
      d |= bit << i;
   }
   return d;
}

static uint32_t
bfi32(uint32_t a, uint32_t b, uint32_t pos, uint32_t len)
{
   pos &= 0xff;
   len &= 0xff;
   for (unsigned i = 0; i < len && pos + i <= 31; i++)
      b = (b & ~(1u << (pos + i))) | (((a >> i) & 1) << (pos + i));
   return b;
}

static int
msb32(uint32_t a)
{
   for (int i = 31; i >= 0; i--)
      if (a >> i & 1)
         return i;
   return -1;
}

static void
ref_int_bits(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 4], b = in[t * 4 + 1], c = in[t * 4 + 2],
               d = in[t * 4 + 3];
      uint32_t *o = &out[t * 11];
      o[0] = bfe32(a, c, d, false);
      o[1] = bfe32(a, c, d, true);
      o[2] = bfi32(a, b, c, d);
      o[3] = __builtin_popcount(a);
      o[4] = a ? __builtin_clz(a) : 32;
      uint32_t rev = 0;
      for (unsigned i = 0; i < 32; i++)
         rev |= ((a >> i) & 1) << (31 - i);
      o[5] = rev;
      o[6] = msb32(a);
      o[7] = msb32((int32_t)a < 0 ? ~a : a);
      o[8] = a ? (uint32_t)(31 - msb32(a)) : 0xffffffffu;
      o[9] = bfe32(a, 8, 12, false);
      o[10] = bfi32(a, b, 4, 9);
   }
}

static uint32_t
prmt(uint32_t a, uint32_t b, uint32_t sel)
{
   uint64_t bytes = a | (uint64_t)b << 32;
   uint32_t d = 0;
   for (unsigned i = 0; i < 4; i++) {
      unsigned s = (sel >> (4 * i)) & 0xf;
      uint32_t byte = (bytes >> (8 * (s & 7))) & 0xff;
      if (s & 8)
         byte = (byte & 0x80) ? 0xff : 0;
      d |= byte << (8 * i);
   }
   return d;
}

/* The modes as default-mode selectors, indexed by c & 3. */
static const uint16_t prmt_modes[6][4] = {
   {0x3210, 0x4321, 0x5432, 0x6543}, /* f4e */
   {0x5670, 0x6701, 0x7012, 0x0123}, /* b4e */
   {0x0000, 0x1111, 0x2222, 0x3333}, /* rc8 */
   {0x3210, 0x3211, 0x3222, 0x3333}, /* ecl */
   {0x0000, 0x1110, 0x2210, 0x3210}, /* ecr */
   {0x1010, 0x3232, 0x1010, 0x3232}, /* rc16 */
};

static void
ref_int_prmt(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 3], b = in[t * 3 + 1], c = in[t * 3 + 2];
      uint32_t *o = &out[t * 10];
      o[0] = prmt(a, b, c);
      for (unsigned m = 0; m < 6; m++)
         o[1 + m] = prmt(a, b, prmt_modes[m][c & 3]);
      o[7] = prmt(a, 0, 0x0123);
      o[8] = prmt(a, b, 0x8880);
      o[9] = prmt(a, b, 0x5140);
   }
}

static void
ref_int_logic(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 3], b = in[t * 3 + 1], c = in[t * 3 + 2];
      uint32_t *o = &out[t * 9];
      o[0] = a & b;
      o[1] = a | b;
      o[2] = a ^ b;
      o[3] = ~a;
      o[4] = a == 0;
      o[5] = a ^ b ^ c;
      o[6] = (a & b) | (a & c) | (b & c);
      o[7] = (a & b) | (~a & c);
      o[8] = a & 0x0ff00ff0;
   }
}

static void
ref_int_madc(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      const uint32_t *v = &in[t * 4];
      uint32_t *o = &out[t * 4];
      unsigned __int128 s = (unsigned __int128)((uint64_t)v[0] * v[1]) +
                            ((uint64_t)v[3] << 32 | v[2]);
      o[0] = (uint32_t)s;
      o[1] = (uint32_t)(s >> 32);
      o[2] = (uint32_t)(s >> 64);
      uint64_t q = (uint64_t)v[0] * v[0] + ((uint64_t)v[2] << 32 | v[3]);
      o[3] = (uint32_t)q + (uint32_t)(q >> 32);
   }
}

static void
ref_int_sad(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 3], b = in[t * 3 + 1], c = in[t * 3 + 2];
      int32_t sa = a, sb = b;
      out[t * 2] = (a > b ? a - b : b - a) + c;
      out[t * 2 + 1] = (sa > sb ? a - b : b - a) + c;
   }
}

/* --- int64, setp --------------------------------------------------------- */

static void
gen_i64_arith(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      put64(&in[t * 6], gen_int64(r));
      put64(&in[t * 6 + 2], gen_int64(r));
      in[t * 6 + 4] = rng_below(r, 5) ? rng_below(r, 71) : gen_int(r);
   }
}

static uint64_t
mulhi64(uint64_t a, uint64_t b)
{
   return (uint64_t)(((unsigned __int128)a * b) >> 64);
}

static uint64_t
mulhi64s(int64_t a, int64_t b)
{
   return (uint64_t)(((__int128)a * b) >> 64);
}

static void
ref_i64_arith(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint64_t a = get64(&in[t * 6]), b = get64(&in[t * 6 + 2]);
      int64_t sa = a, sb = b;
      uint32_t s = in[t * 6 + 4];
      unsigned sc = s > 64 ? 64 : s;
      uint64_t o[14];
      o[0] = a + b;
      o[1] = a - b;
      o[2] = a * b;
      o[3] = mulhi64(a, b);
      o[4] = mulhi64s(sa, sb);
      o[5] = a * b + a;
      o[6] = sa < sb ? a : b;
      o[7] = a > b ? a : b;
      o[8] = sc >= 64 ? 0 : a << sc;
      o[9] = sc >= 64 ? 0 : a >> sc;
      o[10] = (uint64_t)(sa >> (sc >= 64 ? 63 : sc));
      o[11] = -a;
      o[12] = sa < 0 ? -a : a;
      o[13] = a ^ b;
      for (unsigned i = 0; i < 14; i++)
         put64(&out[t * 28 + 2 * i], o[i]);
   }
}

static void
gen_i64_divrem(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint64_t a = gen_int64(r), b;
      do {
         b = rng_below(r, 3) ? gen_int64(r) : (uint64_t)(int64_t)((int)rng_below(r, 20) - 10);
      } while (b == 0 || (a == 1ull << 63 && b == ~0ull));
      put64(&in[t * 4], a);
      put64(&in[t * 4 + 2], b);
   }
}

static void
ref_i64_divrem(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint64_t a = get64(&in[t * 4]), b = get64(&in[t * 4 + 2]);
      int64_t sa = a, sb = b;
      uint64_t o[6] = {a / b, a % b, sa / sb, sa % sb, a / 10, sa % 7};
      for (unsigned i = 0; i < 6; i++)
         put64(&out[t * 12 + 2 * i], o[i]);
   }
}

static void
gen_i64_bits(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      put64(&in[t * 4], gen_int64(r));
      /* ptxas builds 64-bit bfe/bfi from shifts by the whole operands, so
       * keep to fields inside the register */
      in[t * 4 + 2] = rng_below(r, 64);
      in[t * 4 + 3] = rng_below(r, 65 - in[t * 4 + 2]);
   }
}

static uint64_t
bfe64(uint64_t a, uint32_t pos, uint32_t len, bool sign)
{
   pos &= 0xff;
   len &= 0xff;
   unsigned top = pos + len - 1 > 63 ? 63 : pos + len - 1;
   uint64_t sbit = sign && len ? (a >> top) & 1 : 0;
   uint64_t d = 0;
   for (unsigned i = 0; i < 64; i++) {
      uint64_t bit = (i < len && pos + i <= 63) ? (a >> (pos + i)) & 1 : sbit;
      d |= bit << i;
   }
   return d;
}

static int
msb64(uint64_t a)
{
   for (int i = 63; i >= 0; i--)
      if (a >> i & 1)
         return i;
   return -1;
}

static void
ref_i64_bits(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint64_t a = get64(&in[t * 4]);
      uint32_t pos = in[t * 4 + 2], len = in[t * 4 + 3];
      uint32_t *o = &out[t * 12];
      o[0] = __builtin_popcountll(a);
      o[1] = a ? __builtin_clzll(a) : 64;
      uint64_t rev = 0;
      for (unsigned i = 0; i < 64; i++)
         rev |= ((a >> i) & 1) << (63 - i);
      put64(&o[2], rev);
      o[4] = msb64(a);
      o[5] = msb64((int64_t)a < 0 ? ~a : a);
      put64(&o[6], bfe64(a, pos, len, false));
      put64(&o[8], bfe64(a, pos, len, true));
      uint64_t f = ~a;
      for (unsigned i = 0; i < (len & 0xff) && (pos & 0xff) + i <= 63; i++) {
         unsigned p = (pos & 0xff) + i;
         f = (f & ~(1ull << p)) | (((a >> i) & 1) << p);
      }
      put64(&o[10], f);
   }
}

/* Comparison operands: often equal, so eq/le/ge get exercised. */
static void
gen_cmp32(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      in[t * 2] = gen_int(r);
      in[t * 2 + 1] = rng_below(r, 4) ? gen_int(r) : in[t * 2];
   }
}

static void
ref_setp_i32(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 2], b = in[t * 2 + 1];
      int32_t sa = a, sb = b;
      uint32_t *o = &out[t * 6];
      bool c[10] = {sa == sb, sa != sb, sa < sb, sa <= sb, sa > sb, sa >= sb,
                    a < b, a <= b, a > b, a >= b};
      o[0] = 0;
      for (unsigned i = 0; i < 10; i++)
         o[0] |= c[i] << i;
      bool p1 = a != 0;
      bool p2 = (sa < sb) && p1, p3 = (a > b) || p1, p4 = (sa == sb) ^ p1;
      bool p5 = (sa >= sb) && !p1, p6 = !(sa >= sb) && !p1;
      bool p[11] = {p2, p3, p4, p5, p6, p2 && p3, p2 || p4, p3 ^ p5, !p6,
                    a < 100, !(a < 100)};
      o[1] = 0;
      for (unsigned i = 0; i < 11; i++)
         o[1] |= p[i] << i;
      o[2] = sa < sb ? a : b;
      o[3] = sa < sb ? 0xffffffff : 0;
      o[4] = (a > b) && (sa < sb) ? 0xffffffff : 0;
      o[5] = sa < sb ? 0xffffffff : 7;
   }
}

static void
gen_cmp64(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint64_t a = gen_int64(r), b = gen_int64(r);
      switch (rng_below(r, 4)) {
      case 0: b = a; break;
      case 1: b = (a & 0xffffffff00000000ull) | (uint32_t)b; break; /* same high */
      case 2: b = (b & 0xffffffff00000000ull) | (uint32_t)a; break; /* same low */
      }
      put64(&in[t * 4], a);
      put64(&in[t * 4 + 2], b);
   }
}

static void
ref_setp_i64(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint64_t a = get64(&in[t * 4]), b = get64(&in[t * 4 + 2]);
      int64_t sa = a, sb = b;
      uint32_t *o = &out[t * 4];
      bool c[10] = {sa == sb, sa != sb, sa < sb, sa <= sb, sa > sb, sa >= sb,
                    a < b, a <= b, a > b, a >= b};
      o[0] = 0;
      for (unsigned i = 0; i < 10; i++)
         o[0] |= c[i] << i;
      put64(&o[2], sa < sb ? a : b);
   }
}

static void
gen_cmpf(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      in[t * 2] = gen_f32(r);
      switch (rng_below(r, 6)) {
      case 0: in[t * 2 + 1] = in[t * 2]; break;
      case 1: in[t * 2 + 1] = in[t * 2] ^ 0x80000000u; break;
      default: in[t * 2 + 1] = gen_f32(r); break;
      }
   }
}

static uint32_t
fcmp_mask(float a, float b, bool all)
{
   bool u = isnan(a) || isnan(b);
   bool c[14] = {!u && a == b, !u && a != b, !u && a < b, !u && a <= b,
                 !u && a > b, !u && a >= b, u || a == b, u || a != b,
                 u || a < b, u || a <= b, u || a > b, u || a >= b, !u, u};
   uint32_t m = 0;
   if (all) {
      for (unsigned i = 0; i < 14; i++)
         m |= c[i] << i;
   } else {
      /* eq lt le gtu num nan */
      m = c[0] | c[2] << 1 | c[3] << 2 | c[10] << 3 | c[12] << 4 | c[13] << 5;
   }
   return m;
}

static void
ref_setp_f32(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      float a = f32(in[t * 2]), b = f32(in[t * 2 + 1]);
      uint32_t *o = &out[t * 4];
      o[0] = fcmp_mask(a, b, true);
      o[1] = fcmp_mask(ftz(a), ftz(b), false);
      o[2] = a < b ? 0x3f800000 : 0;
      o[3] = a > b ? in[t * 2] : in[t * 2 + 1];
   }
}

/* --- fp32, mufu ---------------------------------------------------------- */

enum fop { F_ADD, F_SUB, F_MUL, F_FMA, F_DIV };

/* One fp32 operation in a rounding mode; volatile keeps the compiler from
 * evaluating it outside the mode. */
static float
fop32(enum fop op, float a, float b, float c, int mode)
{
   volatile float x = a, y = b, z = c;
   fesetround(rmodes[mode]);
   volatile float r;
   switch (op) {
   case F_ADD: r = x + y; break;
   case F_SUB: r = x - y; break;
   case F_MUL: r = x * y; break;
   case F_FMA: r = fmaf(x, y, z); break;
   default: r = x / y; break;
   }
   fesetround(FE_TONEAREST);
   return r;
}

static void
gen_f32s(struct rng *r, uint32_t *in, unsigned count)
{
   for (unsigned i = 0; i < count; i++)
      in[i] = gen_f32(r);
}

static void gen_f32x2(struct rng *r, uint32_t *in, uint32_t *out, unsigned n) { gen_f32s(r, in, n * 2); }

/* Like gen_cmpf: often equal or opposite operands (x - x, x + -x). */
static void gen_f32pair(struct rng *r, uint32_t *in, uint32_t *out, unsigned n) { gen_cmpf(r, in, out, n); }

/* fma operands; a third of the time c cancels most of a * b. */
static void
gen_f32fma(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t *v = &in[t * 3];
      v[0] = gen_f32(r);
      v[1] = gen_f32(r);
      if (rng_below(r, 3) == 0) {
         float p = -(f32(v[0]) * f32(v[1]));
         v[2] = u32f(p) + rng_below(r, 5) - 2;
         if (isnan(f32(v[2])))
            v[2] = gen_f32(r);
      } else {
         v[2] = gen_f32(r);
      }
   }
}

static void
ref_f32_add(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      float a = f32(in[t * 2]), b = f32(in[t * 2 + 1]);
      uint32_t *o = &out[t * 6];
      for (unsigned m = 0; m < 4; m++)
         o[m] = fcanon(fop32(F_ADD, a, b, 0, m));
      o[4] = fcanon(fop32(F_SUB, a, b, 0, 0));
      o[5] = fcanon(fop32(F_SUB, a, b, 0, 2));
   }
}

static void
ref_f32_mul(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      float a = f32(in[t * 2]), b = f32(in[t * 2 + 1]);
      for (unsigned m = 0; m < 4; m++)
         out[t * 4 + m] = fcanon(fop32(F_MUL, a, b, 0, m));
   }
}

static void
ref_f32_fma(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      float a = f32(in[t * 3]), b = f32(in[t * 3 + 1]), c = f32(in[t * 3 + 2]);
      for (unsigned m = 0; m < 4; m++)
         out[t * 4 + m] = fcanon(fop32(F_FMA, a, b, c, m));
   }
}

/* .sat clamps to [+0, 1]; NaN becomes +0. */
static float
sat(float f)
{
   if (isnan(f) || f <= 0.0f)
      return 0.0f;
   return f > 1.0f ? 1.0f : f;
}

static void
ref_f32_ftz_sat(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      const uint32_t *v = &in[t * 3];
      float a = f32(v[0]), b = f32(v[1]), c = f32(v[2]);
      float fa = ftz(a), fb = ftz(b), fc = ftz(c);
      uint32_t *o = &out[t * 10];
      o[0] = fcanon(ftz(fa + fb));
      o[1] = fcanon(ftz(fa * fb));
      o[2] = fcanon(ftz(fmaf(fa, fb, fc)));
      o[3] = fcanon(sat(a + b));
      o[4] = fcanon(sat(ftz(fa * fb)));
      o[5] = fcanon(sat(fmaf(a, b, c)));
      o[6] = v[0] ^ 0x80000000u;
      o[7] = v[0] & 0x7fffffffu;
      o[8] = u32f(fa) ^ 0x80000000u;
      o[9] = u32f(fa) & 0x7fffffffu;
   }
}

/* PTX min/max: a NaN operand yields the other one, two NaNs the
 * canonical NaN; -0 is below +0. */
static uint32_t
fminmax(uint32_t a, uint32_t b, bool max, bool flush)
{
   float fa = f32(a), fb = f32(b);
   if (flush) {
      fa = ftz(fa);
      fb = ftz(fb);
      a = u32f(fa);
      b = u32f(fb);
   }
   if (isnan(fa) && isnan(fb))
      return 0x7fffffff;
   if (isnan(fa))
      return b;
   if (isnan(fb))
      return a;
   if (fa == fb)
      return (max ? !(a >> 31) : (a >> 31)) ? a : b;
   return (max ? fa > fb : fa < fb) ? a : b;
}

static void
ref_f32_minmax(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 2], b = in[t * 2 + 1];
      uint32_t *o = &out[t * 4];
      o[0] = fminmax(a, b, false, false);
      o[1] = fminmax(a, b, true, false);
      o[2] = fminmax(a, b, false, true);
      o[3] = fminmax(a, b, true, true);
   }
}

static void
ref_f32_div(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      float a = f32(in[t * 2]), b = f32(in[t * 2 + 1]);
      out[t * 2] = fcanon(a / b);
      out[t * 2 + 1] = fcanon(ftz(ftz(a) / ftz(b)));
   }
}

static void
gen_f32_sqrt(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      in[t * 2] = gen_f32(r);
      if (rng_below(r, 2))
         in[t * 2] &= 0x7fffffff; /* mostly non-negative for sqrt */
   }
}

static void
ref_f32_sqrt_rcp(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      float a = f32(in[t * 2]);
      uint32_t *o = &out[t * 4];
      o[0] = fcanon(sqrtf(a));
      o[1] = fcanon(1.0f / a);
      o[2] = fcanon(ftz(sqrtf(ftz(a))));
      o[3] = fcanon(ftz(1.0f / ftz(a)));
   }
}

/* MUFU inputs: uniform in [-lo, hi) plus zeros, infinities and NaNs. */
static uint32_t
gen_range(struct rng *r, float lo, float hi)
{
   static const uint32_t special[] = {
      0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x3f800000,
   };
   if (rng_below(r, 16) == 0)
      return special[rng_below(r, ARRAY_SIZE(special))];
   return u32f(lo + (hi - lo) * (float)(rng32(r) >> 8) * (1.0f / 16777216.0f));
}

static void
gen_sincos(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++)
      in[t] = gen_range(r, -4 * (float)M_PI, 4 * (float)M_PI);
}

static void
ref_mufu_sincos(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      float x = f32(in[t]);
      uint32_t *o = &out[t * 4];
      o[0] = fcanon((float)sin(x));
      o[1] = fcanon((float)cos(x));
      o[2] = fcanon((float)sin(ftz(x)));
      o[3] = fcanon((float)cos(ftz(x)));
   }
}

static void
gen_ex2lg2(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      switch (rng_below(r, 4)) {
      case 0: in[t] = gen_range(r, -150.0f, 130.0f); break;
      case 1: in[t] = gen_range(r, -2.0f, 2.0f); break;
      case 2: in[t] = gen_f32(r) & 0x7fffffff; break;
      default: in[t] = gen_f32(r); break;
      }
   }
}

static void
ref_mufu_ex2lg2(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      float x = f32(in[t]);
      uint32_t *o = &out[t * 4];
      o[0] = fcanon((float)exp2(x));
      o[1] = fcanon(ftz((float)exp2(ftz(x))));
      o[2] = fcanon((float)log2(x));
      o[3] = fcanon((float)log2(ftz(x)));
   }
}

/* No denormals: div.approx is only specified for |b| in [2^-126, 2^126]. */
static void
gen_rcp_sqrt(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      for (unsigned j = 0; j < 2; j++) {
         uint32_t v;
         do {
            v = rng_below(r, 3) ? gen_range(r, -1000.0f, 1000.0f) : gen_f32(r);
         } while (fpclassify(f32(v)) == FP_SUBNORMAL ||
                  fabsf(f32(v)) > 0x1p126f || (v & 0x7f800000) == 0x00800000);
         in[t * 2 + j] = v;
      }
   }
}

static void
ref_mufu_rcp_sqrt(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      float x = f32(in[t * 2]), y = f32(in[t * 2 + 1]);
      uint32_t *o = &out[t * 7];
      o[0] = fcanon((float)(1.0 / x));
      o[1] = o[0];
      o[2] = fcanon((float)(1.0 / sqrt(x)));
      o[3] = fcanon((float)sqrt(x));
      o[4] = o[3];
      o[5] = fcanon((float)((double)y / x));
      o[6] = o[5];
   }
}

/* --- cvt ----------------------------------------------------------------- */

static double
rnd_int(double x, int mode)
{
   volatile double v = x;
   fesetround(rmodes[mode]);
   volatile double r = nearbyint(v);
   fesetround(FE_TONEAREST);
   return r;
}

/* PTX float-to-integer conversions saturate; NaN becomes 0. */
static int64_t
sat_s(double r, unsigned bits)
{
   double hi = ldexp(1.0, bits - 1);
   if (isnan(r))
      return 0;
   if (r >= hi)
      return bits == 64 ? INT64_MAX : (int64_t)hi - 1;
   if (r <= -hi)
      return bits == 64 ? INT64_MIN : -(int64_t)hi;
   return (int64_t)r;
}

static uint64_t
sat_u(double r, unsigned bits)
{
   double hi = ldexp(1.0, bits);
   if (isnan(r) || r <= 0)
      return 0;
   if (r >= hi)
      return bits == 64 ? UINT64_MAX : (uint64_t)hi - 1;
   return (uint64_t)r;
}

/* Values around the integer limits and halfway cases. */
static uint32_t
gen_f2i_value(struct rng *r)
{
   static const float edges[] = {0x1p31f, 0x1p32f, 0x1p63f, 0x1p64f, 128.0f,
                                 256.0f, 32768.0f, 65536.0f};
   switch (rng_below(r, 6)) {
   case 0: {
      float e = edges[rng_below(r, ARRAY_SIZE(edges))];
      uint32_t u = u32f(e) + rng_below(r, 5) - 2;
      return rng_below(r, 2) ? u : u ^ 0x80000000u;
   }
   case 1: return u32f((float)((int)rng_below(r, 2001) - 1000) * 0.5f);
   case 2: return gen_range(r, -3e9f, 5e9f);
   case 3: return gen_range(r, -300.0f, 300.0f);
   default: return gen_f32(r);
   }
}

static void
gen_f2i(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++)
      in[t] = gen_f2i_value(r);
}

static void
ref_cvt_f2i(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      double x = f32(in[t]);
      uint32_t *o = &out[t * 12];
      for (unsigned m = 0; m < 4; m++)
         o[m] = sat_s(rnd_int(x, m), 32);
      o[4] = sat_u(rnd_int(x, 0), 32);
      o[5] = sat_u(rnd_int(x, 1), 32);
      put64(&o[6], sat_s(rnd_int(x, 1), 64));
      put64(&o[8], sat_u(rnd_int(x, 0), 64));
      o[10] = sat_s(rnd_int(ftz(x), 1), 32);
   }
}

static void
ref_cvt_f2i_small(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      double x = f32(in[t]);
      uint32_t *o = &out[t * 6];
      o[0] = (o[0] & ~0xffu) | (sat_s(rnd_int(x, 0), 8) & 0xff);
      o[1] = (o[1] & ~0xffu) | (sat_u(rnd_int(x, 1), 8) & 0xff);
      o[2] = (o[2] & ~0xffffu) | (sat_s(rnd_int(x, 0), 16) & 0xffff);
      o[3] = (o[3] & ~0xffffu) | (sat_u(rnd_int(x, 1), 16) & 0xffff);
      o[4] = (o[4] & ~0xffffu) | (sat_s(rnd_int(x, 2), 16) & 0xffff);
      o[5] = (o[5] & ~0xffu) | (sat_u(rnd_int(x, 3), 8) & 0xff);
   }
}

static float
f32_from_s64(int64_t v, int mode)
{
   volatile int64_t x = v;
   fesetround(rmodes[mode]);
   volatile float r = (float)x;
   fesetround(FE_TONEAREST);
   return r;
}

static float
f32_from_u64(uint64_t v, int mode)
{
   volatile uint64_t x = v;
   fesetround(rmodes[mode]);
   volatile float r = (float)x;
   fesetround(FE_TONEAREST);
   return r;
}

static double
f64_from_s64(int64_t v, int mode)
{
   volatile int64_t x = v;
   fesetround(rmodes[mode]);
   volatile double r = (double)x;
   fesetround(FE_TONEAREST);
   return r;
}

static double
f64_from_u64(uint64_t v, int mode)
{
   volatile uint64_t x = v;
   fesetround(rmodes[mode]);
   volatile double r = (double)x;
   fesetround(FE_TONEAREST);
   return r;
}

static void
gen_i2f(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      in[t * 4] = gen_int(r);
      put64(&in[t * 4 + 2], gen_int64(r));
   }
}

static void
ref_cvt_i2f(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 4];
      uint64_t b = get64(&in[t * 4 + 2]);
      uint32_t *o = &out[t * 18];
      for (unsigned m = 0; m < 4; m++)
         o[m] = u32f(f32_from_s64((int32_t)a, m));
      o[4] = u32f(f32_from_u64(a, 0));
      o[5] = u32f(f32_from_u64(a, 1));
      o[6] = u32f(f32_from_s64(b, 0));
      o[7] = u32f(f32_from_u64(b, 1));
      o[8] = u32f(f32_from_s64(b, 2));
      o[9] = u32f(f32_from_u64(b, 3));
      put64(&o[10], u64f(f64_from_s64(b, 0)));
      put64(&o[12], u64f(f64_from_u64(b, 0)));
      put64(&o[14], u64f(f64_from_s64(b, 1)));
      put64(&o[16], u64f((double)(int32_t)a));
   }
}

static void
gen_f64_i(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   static const double edges[] = {0x1p31, 0x1p32, 0x1p63, 0x1p64};
   for (unsigned t = 0; t < n; t++) {
      uint64_t v;
      switch (rng_below(r, 5)) {
      case 0:
         v = u64f(edges[rng_below(r, ARRAY_SIZE(edges))]) + rng_below(r, 5) - 2;
         if (rng_below(r, 2))
            v ^= 1ull << 63;
         break;
      case 1: v = u64f((double)((int)rng_below(r, 2001) - 1000) * 0.5); break;
      case 2: v = u64f(((double)rng64(r) - 0x1p63) * 0x1p-20 * (double)(1 << rng_below(r, 30))); break;
      default: v = gen_f64(r); break;
      }
      put64(&in[t * 2], v);
   }
}

static void
ref_cvt_f64_i(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      double x = f64(get64(&in[t * 2]));
      uint32_t *o = &out[t * 12];
      o[0] = sat_s(rnd_int(x, 0), 32);
      o[1] = sat_s(rnd_int(x, 1), 32);
      o[2] = sat_u(rnd_int(x, 2), 32);
      o[3] = sat_u(rnd_int(x, 3), 32);
      put64(&o[4], sat_s(rnd_int(x, 0), 64));
      put64(&o[6], sat_u(rnd_int(x, 1), 64));
      put64(&o[8], sat_s(rnd_int(x, 2), 64));
      put64(&o[10], sat_u(rnd_int(x, 3), 64));
   }
}

static void
gen_cvt_ff(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint64_t d;
      switch (rng_below(r, 4)) {
      case 0: /* around the f32 range limits */
         d = u64f(rng_below(r, 2) ? 0x1.fffffep127 : 0x1p-126) +
             (rng64(r) >> 30) - (1ull << 33);
         break;
      case 1: /* f32 denormal range */
         d = u64f(ldexp((double)rng32(r), -150 - (int)rng_below(r, 30)));
         break;
      default: d = gen_f64(r); break;
      }
      if (rng_below(r, 2))
         d ^= 1ull << 63;
      put64(&in[t * 4], d);
      in[t * 4 + 2] = rng_below(r, 2) ? gen_f2i_value(r) : gen_f32(r);
   }
}

static void
ref_cvt_ff(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      double d = f64(get64(&in[t * 4]));
      float x = f32(in[t * 4 + 2]);
      uint32_t *o = &out[t * 16];
      for (unsigned m = 0; m < 4; m++) {
         volatile double v = d;
         fesetround(rmodes[m]);
         volatile float r = (float)v;
         fesetround(FE_TONEAREST);
         o[m] = u32f(r);
      }
      o[4] = u32f(ftz(f32(o[0])));
      o[5] = u32f(nearbyintf(x));
      o[6] = u32f(truncf(x));
      o[7] = u32f(floorf(x));
      o[8] = u32f(ceilf(x));
      o[9] = u32f(sat(x));
      o[10] = u32f(ftz(x));
      put64(&o[12], u64f((double)x));
   }
}

/* --- f16 helpers --------------------------------------------------------- */

static long double
f16_value(uint16_t h)
{
   int e = (h >> 10) & 0x1f;
   long double m = h & 0x3ff;
   long double v;
   if (e == 31)
      v = m ? NAN : INFINITY;
   else if (e == 0)
      v = ldexpl(m, -24);
   else
      v = ldexpl(m + 1024, e - 25);
   return (h & 0x8000) ? -v : v;
}

/* Rounds x (exact) to f16 in rounding mode m (index into rmodes). */
static uint16_t
f16_round(long double x, int m)
{
   if (isnan(x))
      return 0x7fff;
   uint16_t sign = signbit(x) ? 0x8000 : 0;
   long double a = fabsl(x);
   if (isinf(a))
      return sign | 0x7c00;
   if (a == 0)
      return sign;
   int e;
   frexpl(a, &e);
   int q = (e - 1 < -14 ? -14 : e - 1) - 10;   /* exponent of the last bit */
   long double s = ldexpl(a, -q);
   long double fl = floorl(s), frac = s - fl;
   bool up;
   switch (m) {
   case 0: up = frac > 0.5L || (frac == 0.5L && fmodl(fl, 2) == 1); break;
   case 1: up = false; break;
   case 2: up = sign && frac > 0; break;
   default: up = !sign && frac > 0; break;
   }
   uint32_t mant = (uint32_t)fl + up;
   if (mant == 2048) {
      mant = 1024;
      q++;
   }
   if (q > 5) {   /* overflow */
      bool inf = m == 0 || (m == 2 && sign) || (m == 3 && !sign);
      return sign | (inf ? 0x7c00 : 0x7bff);
   }
   if (mant < 1024)
      return sign | mant;   /* denormal (q == -24) */
   return sign | (q + 25) << 10 | (mant - 1024);
}

static uint16_t
gen_f16(struct rng *r)
{
   static const uint16_t special[] = {
      0x0000, 0x8000, 0x0001, 0x03ff, 0x8200, 0x0400, 0x3c00, 0xbc00, 0x3800,
      0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7c01, 0x3bff, 0x3c01,
   };
   uint16_t sign = rng32(r) & 0x8000;
   switch (rng_below(r, 8)) {
   case 0:
   case 1: return special[rng_below(r, ARRAY_SIZE(special))];
   case 2: return sign | rng_below(r, 0x400);
   case 3:
   case 4:
   case 5: return sign | (12 + rng_below(r, 8)) << 10 | rng_below(r, 0x400);
   default: return rng32(r) & 0xffff;
   }
}

static void
gen_cvt_f16(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t *v = &in[t * 6];
      switch (rng_below(r, 3)) {
      case 0: /* within the f16 range, with bits below its precision */
         v[0] = (rng32(r) & 0x80000000u) | (100 + rng_below(r, 45)) << 23 |
                (rng32(r) & 0x7fffff);
         break;
      case 1: v[0] = gen_f2i_value(r); break;
      default: v[0] = gen_f32(r); break;
      }
      v[1] = rng_below(r, 2) ? gen_int(r) : (uint32_t)(int)rng_below(r, 140000) - 70000;
      put64(&v[2], gen_f64(r));
      v[4] = gen_f16(r);
   }
}

static void
ref_cvt_f16(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      const uint32_t *v = &in[t * 6];
      float x = f32(v[0]);
      uint16_t h = v[4];
      long double hv = f16_value(h);
      uint32_t *o = &out[t * 12];
      for (unsigned m = 0; m < 4; m++)
         o[m] = f16_round(x, m);
      o[4] = u32f((float)hv);
      o[8] = sat_s(rnd_int(hv, 0), 32);
      o[9] = f16_round((int32_t)v[1], 0);
      o[10] = f16_round(v[1], 1);
      o[11] = sat_u(rnd_int(hv, 1), 16);
   }
}

static void
ref_cvt_i2i(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 4];
      uint64_t b = get64(&in[t * 4 + 2]);
      int64_t sb = b;
      uint32_t *o = &out[t * 16];
      o[0] = (int8_t)a;
      o[1] = a & 0xff;
      o[2] = (int16_t)a;
      o[3] = a & 0xffff;
      o[6] = (o[6] & 0xffff0000u) | (a > 32767 ? 32767 : a);
      put64(&o[8], (int64_t)(int32_t)a);
      o[10] = sb > INT32_MAX ? INT32_MAX : sb < INT32_MIN ? INT32_MIN : sb;
      o[11] = sb > (int64_t)UINT32_MAX ? UINT32_MAX : sb < 0 ? 0 : sb;
      o[12] = b > INT32_MAX ? INT32_MAX : b;
      o[13] = (uint32_t)b;
      put64(&o[14], a);
   }
}

static void
gen_i2i(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      in[t * 4] = gen_int(r);
      put64(&in[t * 4 + 2], rng_below(r, 3) ? gen_int64(r) : (uint64_t)(int64_t)(int32_t)gen_int(r) + rng_below(r, 3) - 1);
   }
}

/* --- fp64, half ---------------------------------------------------------- */

static double
fop64(enum fop op, double a, double b, double c, int mode)
{
   volatile double x = a, y = b, z = c;
   fesetround(rmodes[mode]);
   volatile double r;
   switch (op) {
   case F_ADD: r = x + y; break;
   case F_SUB: r = x - y; break;
   case F_MUL: r = x * y; break;
   case F_FMA: r = fma(x, y, z); break;
   default: r = x / y; break;
   }
   fesetround(FE_TONEAREST);
   return r;
}

static double
sqrt64(double a, int mode)
{
   volatile double x = a;
   fesetround(rmodes[mode]);
   volatile double r = sqrt(x);
   fesetround(FE_TONEAREST);
   return r;
}

static void
gen_f64fma(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t *v = &in[t * 6];
      uint64_t a = gen_f64(r), b = gen_f64(r), c = gen_f64(r);
      if (rng_below(r, 3) == 0) {
         double p = -(f64(a) * f64(b));
         if (!isnan(p))
            c = u64f(p) + rng_below(r, 5) - 2;
      } else if (rng_below(r, 4) == 0) {
         b = a ^ (rng_below(r, 2) ? 1ull << 63 : 0);
      }
      put64(&v[0], a);
      put64(&v[2], b);
      put64(&v[4], c);
   }
}

static void
ref_f64_arith(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      double a = f64(get64(&in[t * 6])), b = f64(get64(&in[t * 6 + 2])),
             c = f64(get64(&in[t * 6 + 4]));
      uint32_t *o = &out[t * 28];
      for (unsigned m = 0; m < 4; m++) {
         put64(&o[2 * m], u64f(fop64(F_ADD, a, b, 0, m)));
         put64(&o[8 + 2 * m], u64f(fop64(F_MUL, a, b, 0, m)));
         put64(&o[16 + 2 * m], u64f(fop64(F_FMA, a, b, c, m)));
      }
      put64(&o[24], u64f(a - b));
      put64(&o[26], get64(&in[t * 6]) & ~(1ull << 63));
   }
}

static void
gen_f64x2(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint64_t a = gen_f64(r), b = gen_f64(r);
      switch (rng_below(r, 6)) {
      case 0: b = a; break;
      case 1: b = a ^ (1ull << 63); break;
      case 2: a &= ~(1ull << 63); break;
      }
      put64(&in[t * 4], a);
      put64(&in[t * 4 + 2], b);
   }
}

static void
ref_f64_divsqrt(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      double a = f64(get64(&in[t * 4])), b = f64(get64(&in[t * 4 + 2]));
      uint32_t *o = &out[t * 10];
      put64(&o[0], u64f(a / b));
      put64(&o[2], u64f(sqrt(a)));
      put64(&o[4], u64f(1.0 / a));
      put64(&o[6], u64f(b / a));
      put64(&o[8], u64f(sqrt64(a, 2)));
   }
}

static void
ref_f64_div_rz(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      double a = f64(get64(&in[t * 4])), b = f64(get64(&in[t * 4 + 2]));
      put64(&out[t * 2], u64f(fop64(F_DIV, a, b, 0, 1)));
   }
}

static uint64_t
fminmax64(uint64_t a, uint64_t b, bool max)
{
   double fa = f64(a), fb = f64(b);
   if (isnan(fa) && isnan(fb))
      return 0x7fffffffffffffffull;
   if (isnan(fa))
      return b;
   if (isnan(fb))
      return a;
   if (fa == fb)
      return (max ? !(a >> 63) : (a >> 63)) ? a : b;
   return (max ? fa > fb : fa < fb) ? a : b;
}

static void
ref_f64_cmp(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint64_t ua = get64(&in[t * 4]), ub = get64(&in[t * 4 + 2]);
      double a = f64(ua), b = f64(ub);
      bool u = isnan(a) || isnan(b);
      bool c[14] = {!u && a == b, !u && a != b, !u && a < b, !u && a <= b,
                    !u && a > b, !u && a >= b, u || a == b, u || a != b,
                    u || a < b, u || a <= b, u || a > b, u || a >= b, !u, u};
      uint32_t *o = &out[t * 8];
      o[0] = 0;
      for (unsigned i = 0; i < 14; i++)
         o[0] |= c[i] << i;
      put64(&o[2], fminmax64(ua, ub, false));
      put64(&o[4], fminmax64(ua, ub, true));
      put64(&o[6], ua ^ (1ull << 63));
   }
}

static uint16_t
h_ftz(uint16_t h)
{
   return (h & 0x7c00) == 0 ? h & 0x8000 : h;
}

/* One f16 operation, exact in long double, then rounded once. */
static uint16_t
hop(enum fop op, uint16_t a, uint16_t b, uint16_t c, bool flush, bool satf)
{
   if (flush) {
      a = h_ftz(a);
      b = h_ftz(b);
      c = h_ftz(c);
   }
   long double x = f16_value(a), y = f16_value(b), z = f16_value(c), r;
   switch (op) {
   case F_ADD: r = x + y; break;
   case F_SUB: r = x - y; break;
   case F_MUL: r = x * y; break;
   default: r = x * y + z; break;
   }
   uint16_t h = f16_round(r, 0);
   if (flush)
      h = h_ftz(h);
   if (satf) {
      if (isnan(f16_value(h)) || (h & 0x8000))
         h = 0;
      else if (f16_value(h) > 1)
         h = 0x3c00;
   }
   return h;
}

static uint32_t
hop2(enum fop op, uint32_t a, uint32_t b, uint32_t c, bool flush, bool satf)
{
   return hop(op, a, b, c, flush, satf) |
          (uint32_t)hop(op, a >> 16, b >> 16, c >> 16, flush, satf) << 16;
}

static void
gen_f16x2(struct rng *r, uint32_t *in, uint32_t *out, unsigned n, unsigned words)
{
   for (unsigned i = 0; i < n * words; i++)
      in[i] = gen_f16(r) | (uint32_t)gen_f16(r) << 16;
}

static void gen_f16x2_3(struct rng *r, uint32_t *in, uint32_t *out, unsigned n) { gen_f16x2(r, in, out, n, 3); }
static void gen_f16x2_2(struct rng *r, uint32_t *in, uint32_t *out, unsigned n) { gen_f16x2(r, in, out, n, 2); }

static void
ref_f16x2_arith(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 3], b = in[t * 3 + 1], c = in[t * 3 + 2];
      uint32_t *o = &out[t * 10];
      o[0] = hop2(F_ADD, a, b, 0, false, false);
      o[1] = hop2(F_SUB, a, b, 0, false, false);
      o[2] = hop2(F_MUL, a, b, 0, false, false);
      o[3] = hop2(F_FMA, a, b, c, false, false);
      o[4] = hop2(F_FMA, a, b, c, false, true);
      o[5] = a ^ 0x80008000u;
      o[6] = a & 0x7fff7fffu;
      o[7] = hop2(F_ADD, a, b, 0, true, false);
      o[8] = hop(F_ADD, a, b, 0, false, false) |
             (uint32_t)hop(F_MUL, a >> 16, b >> 16, 0, false, false) << 16;
      o[9] = a >> 16 | a << 16;
   }
}

/* --- shared -------------------------------------------------------------- */

static void gen_int1(struct rng *r, uint32_t *in, uint32_t *out, unsigned n) { gen_ints(r, in, n); }

static void
ref_shm_transpose(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned r = 0; r < 32; r++)
      for (unsigned c = 0; c < 32; c++)
         out[c * 32 + r] = in[r * 32 + c];
}

static void
ref_shm_reduce(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned cta = 0; cta < n / 256; cta++) {
      uint32_t sum = 0, big = 0;
      for (unsigned i = 0; i < 256; i++) {
         sum += in[cta * 256 + i];
         big = in[cta * 256 + i] > big ? in[cta * 256 + i] : big;
      }
      out[cta * 2] = sum;
      out[cta * 2 + 1] = big;
   }
}

static void
ref_shm_scan(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned cta = 0; cta < n / 128; cta++) {
      uint32_t sum = 0;
      for (unsigned i = 0; i < 128; i++)
         out[cta * 128 + i] = sum += in[cta * 128 + i];
   }
}

/* CTA 0: all nonzero, all odd; CTA 1: mixed. */
static void
gen_bar_red(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++)
      in[t] = t < 128 ? gen_int(r) | 1 : gen_int(r) & ~(uint32_t)rng_below(r, 2);
}

static void
ref_bar_red(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned cta = 0; cta < n / 128; cta++) {
      uint32_t odd = 0, all_nz = 1, any_even = 0;
      for (unsigned i = 0; i < 128; i++) {
         uint32_t v = in[cta * 128 + i];
         odd += v & 1;
         all_nz &= v != 0;
         any_even |= !(v & 1);
      }
      for (unsigned i = 0; i < 128; i++) {
         out[(cta * 128 + i) * 3] = odd;
         out[(cta * 128 + i) * 3 + 1] = all_nz;
         out[(cta * 128 + i) * 3 + 2] = any_even;
      }
   }
}

/* --- atomics ------------------------------------------------------------- */

static int
cmp_u32(const void *a, const void *b)
{
   uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
   return x < y ? -1 : x > y;
}

static int
cmp_u64(const void *a, const void *b)
{
   uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
   return x < y ? -1 : x > y;
}

/* Sorts word `col` of threads [first, first + count) of an array with
 * `stride` words a thread, plus the extra word at *extra if not NULL. */
static void
sort_col32(uint32_t *out, unsigned first, unsigned count, unsigned stride,
           unsigned col, uint32_t *extra)
{
   unsigned m = count + (extra != NULL);
   uint32_t *v = malloc(m * 4);
   for (unsigned i = 0; i < count; i++)
      v[i] = out[(first + i) * stride + col];
   if (extra)
      v[count] = *extra;
   qsort(v, m, 4, cmp_u32);
   for (unsigned i = 0; i < count; i++)
      out[(first + i) * stride + col] = v[i];
   if (extra)
      *extra = v[count];
   free(v);
}

static void
sort_col64(uint32_t *out, unsigned first, unsigned count, unsigned stride,
           unsigned col, uint32_t *extra)
{
   unsigned m = count + (extra != NULL);
   uint64_t *v = malloc(m * 8);
   for (unsigned i = 0; i < count; i++)
      v[i] = get64(&out[(first + i) * stride + col]);
   if (extra)
      v[count] = get64(extra);
   qsort(v, m, 8, cmp_u64);
   for (unsigned i = 0; i < count; i++)
      put64(&out[(first + i) * stride + col], v[i]);
   if (extra)
      put64(extra, v[count]);
   free(v);
}

static uint32_t
atom_inc(uint32_t *p, uint32_t bound)
{
   uint32_t old = *p;
   *p = old >= bound ? 0 : old + 1;
   return old;
}

static uint32_t
atom_dec(uint32_t *p, uint32_t bound)
{
   uint32_t old = *p;
   *p = (old == 0 || old > bound) ? bound : old - 1;
   return old;
}

/* atom_g32: 7 words a thread (add 1, inc, dec, exch returns, own CAS
 * slot, its CAS return, unchecked), then 13 counters. */
static void
gen_atom_g32(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   static const uint32_t init[13] = {
      1000, 0, 0, 0, 0xffffffff, 0, 0xffffffff, 0, 0x5a5a5a5a, 5, 3, 0xabcdef, 10,
   };
   for (unsigned t = 0; t < n; t++) {
      uint32_t *v = &in[t * 4];
      v[0] = gen_int(r);
      v[1] = ~(1u << rng_below(r, 32)) & ~(rng_below(r, 4) ? 0 : 1u << rng_below(r, 32));
      v[2] = 1u << rng_below(r, 32);
      uint32_t slot = gen_int(r);
      out[t * 7 + 4] = slot;
      v[3] = rng_below(r, 2) ? slot : slot + 1;
   }
   memcpy(&out[n * 7], init, sizeof(init));
}

static void
ref_atom_g32(const uint32_t *in, uint32_t *out, unsigned n)
{
   uint32_t *e = &out[n * 7];
   for (unsigned t = 0; t < n; t++) {
      const uint32_t *v = &in[t * 4];
      uint32_t *o = &out[t * 7];
      o[0] = e[0]++;
      e[1] += v[0];
      e[2] = (int32_t)v[0] < (int32_t)e[2] ? v[0] : e[2];
      e[3] = (int32_t)v[0] > (int32_t)e[3] ? v[0] : e[3];
      e[4] = v[0] < e[4] ? v[0] : e[4];
      e[5] = v[0] > e[5] ? v[0] : e[5];
      e[6] &= v[1];
      e[7] |= v[2];
      e[8] ^= v[0];
      o[1] = atom_inc(&e[9], 100);
      o[2] = atom_dec(&e[10], 77);
      o[3] = e[11];
      e[11] = v[0];
      e[12]++;
      o[5] = o[4];
      if (o[4] == v[3])
         o[4] = v[0];
   }
}

static void
canon_atom_g32(uint32_t *out, unsigned n)
{
   sort_col32(out, 0, n, 7, 0, NULL);
   sort_col32(out, 0, n, 7, 1, NULL);
   sort_col32(out, 0, n, 7, 2, NULL);
   sort_col32(out, 0, n, 7, 3, &out[n * 7 + 11]);
}

/* atom_g64: 10 words a thread (add 1 and exch returns, own CAS slot, its
 * return, unchecked), then 11 64-bit counters. */
static void
gen_atom_g64(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   static const uint64_t init[11] = {
      7, 0, INT64_MAX, (uint64_t)INT64_MIN, ~0ull, 0, ~0ull, 0, 0,
      0x1122334455667788ull, 0,
   };
   for (unsigned t = 0; t < n; t++) {
      uint32_t *v = &in[t * 8];
      put64(&v[0], gen_int64(r));
      put64(&v[2], ~(1ull << rng_below(r, 64)));
      uint64_t slot = gen_int64(r);
      put64(&out[t * 10 + 4], slot);
      put64(&v[4], rng_below(r, 2) ? slot : slot ^ (1ull << rng_below(r, 64)));
      put64(&v[6], u64f((double)((int)rng_below(r, 401) - 200) * 0.25));
   }
   for (unsigned i = 0; i < 11; i++)
      put64(&out[n * 10 + 2 * i], init[i]);
}

static void
ref_atom_g64(const uint32_t *in, uint32_t *out, unsigned n)
{
   uint64_t e[11];
   for (unsigned i = 0; i < 11; i++)
      e[i] = get64(&out[n * 10 + 2 * i]);
   for (unsigned t = 0; t < n; t++) {
      const uint32_t *v = &in[t * 8];
      uint64_t a = get64(&v[0]), w = get64(&v[2]), y = get64(&v[4]);
      uint32_t *o = &out[t * 10];
      put64(&o[0], e[0]++);
      e[1] += a;
      e[2] = (int64_t)a < (int64_t)e[2] ? a : e[2];
      e[3] = (int64_t)a > (int64_t)e[3] ? a : e[3];
      e[4] = a < e[4] ? a : e[4];
      e[5] = a > e[5] ? a : e[5];
      e[6] &= w;
      e[7] |= a;
      e[8] ^= a;
      put64(&o[2], e[9]);
      e[9] = a;
      e[10] = u64f(f64(e[10]) + f64(get64(&v[6])));
      uint64_t slot = get64(&o[4]);
      put64(&o[6], slot);
      if (slot == y)
         put64(&o[4], a);
   }
   for (unsigned i = 0; i < 11; i++)
      put64(&out[n * 10 + 2 * i], e[i]);
}

static void
canon_atom_g64(uint32_t *out, unsigned n)
{
   sort_col64(out, 0, n, 10, 0, NULL);
   sort_col64(out, 0, n, 10, 2, &out[n * 10 + 18]);
}

/* atom_s32: 4 words a thread (add 1, inc, dec, exch returns), then 13
 * counters a CTA of 128 threads. */
static void
gen_atom_s32(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      in[t * 4] = gen_int(r);
      in[t * 4 + 1] = ~(1u << rng_below(r, 32));
      in[t * 4 + 2] = 1u << rng_below(r, 32);
   }
}

static void
ref_atom_s32(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned cta = 0; cta < n / 128; cta++) {
      uint32_t e[13] = {0, 0, 0x7fffffff, 0x80000000, 0xffffffff, 0,
                        0xffffffff, 0, 0, 7, 3, 0x1234, 0};
      for (unsigned i = 0; i < 128; i++) {
         unsigned t = cta * 128 + i;
         const uint32_t *v = &in[t * 4];
         uint32_t *o = &out[t * 4];
         o[0] = e[0]++;
         e[1] += v[0];
         e[2] = (int32_t)v[0] < (int32_t)e[2] ? v[0] : e[2];
         e[3] = (int32_t)v[0] > (int32_t)e[3] ? v[0] : e[3];
         e[4] = v[0] < e[4] ? v[0] : e[4];
         e[5] = v[0] > e[5] ? v[0] : e[5];
         e[6] &= v[1];
         e[7] |= v[2];
         e[8] ^= v[0];
         o[1] = atom_inc(&e[9], 50);
         o[2] = atom_dec(&e[10], 20);
         o[3] = e[11];
         e[11] = v[0];
         e[12] += 3;
      }
      memcpy(&out[n * 4 + cta * 13], e, sizeof(e));
   }
}

static void
canon_atom_s32(uint32_t *out, unsigned n)
{
   for (unsigned cta = 0; cta < n / 128; cta++) {
      for (unsigned col = 0; col < 3; col++)
         sort_col32(out, cta * 128, 128, 4, col, NULL);
      sort_col32(out, cta * 128, 128, 4, 3, &out[n * 4 + cta * 13 + 11]);
   }
}

/* atom_s64: add 1 and exch returns a thread, then 6 counters a CTA. */
static void
gen_atom_s64(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      put64(&in[t * 4], gen_int64(r));
      put64(&in[t * 4 + 2], ~(1ull << rng_below(r, 64)));
   }
}

static void
ref_atom_s64(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned cta = 0; cta < n / 128; cta++) {
      uint64_t e[6] = {0, 0, INT64_MAX, 0, ~0ull, 5};
      for (unsigned i = 0; i < 128; i++) {
         unsigned t = cta * 128 + i;
         uint64_t a = get64(&in[t * 4]), w = get64(&in[t * 4 + 2]);
         put64(&out[t * 4], e[0]++);
         e[1] += a;
         e[2] = (int64_t)a < (int64_t)e[2] ? a : e[2];
         e[3] = a > e[3] ? a : e[3];
         e[4] &= w;
         put64(&out[t * 4 + 2], e[5]);
         e[5] = a;
      }
      for (unsigned i = 0; i < 6; i++)
         put64(&out[n * 4 + cta * 12 + 2 * i], e[i]);
   }
}

static void
canon_atom_s64(uint32_t *out, unsigned n)
{
   for (unsigned cta = 0; cta < n / 128; cta++) {
      sort_col64(out, cta * 128, 128, 4, 0, NULL);
      sort_col64(out, cta * 128, 128, 4, 2, &out[n * 4 + cta * 12 + 10]);
   }
}

/* Multiples of 1/8 below 32: every partial sum is exact. */
static void
gen_atom_f32(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++)
      in[t] = u32f((float)((int)rng_below(r, 401) - 200) * 0.125f);
   out[n] = 0;
}

static void
ref_atom_f32(const uint32_t *in, uint32_t *out, unsigned n)
{
   float total = 0;
   for (unsigned cta = 0; cta < n / 128; cta++) {
      float sum = 0;
      for (unsigned i = 0; i < 128; i++) {
         sum += f32(in[cta * 128 + i]);
         out[cta * 128 + i] = 1;
      }
      total += sum;
      out[n + 1 + cta] = u32f(sum);
   }
   out[n] = u32f(total);
}

static void
gen_red_g(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   static const uint32_t init[11] = {0, 0xffffffff, 0x80000000, 0xffffffff, 0, 0, 0, 0, 0, 0, 0};
   for (unsigned t = 0; t < n; t++) {
      in[t * 2] = gen_int(r);
      in[t * 2 + 1] = ~(1u << rng_below(r, 32));
   }
   memcpy(&out[n], init, sizeof(init));
}

static void
ref_red_g(const uint32_t *in, uint32_t *out, unsigned n)
{
   uint32_t *e = &out[n];
   uint64_t sum64 = 0;
   float fsum = 0;
   for (unsigned t = 0; t < n; t++) {
      uint32_t v = in[t * 2], w = in[t * 2 + 1];
      out[t] = t;
      e[0] += v;
      e[1] = v < e[1] ? v : e[1];
      e[2] = (int32_t)v > (int32_t)e[2] ? v : e[2];
      e[3] &= w;
      e[4] |= v;
      e[5] ^= v;
      atom_inc(&e[6], 9);
      atom_dec(&e[7], 9);
      sum64 += v;
      fsum += (float)(v & 0xff);
   }
   put64(&e[8], sum64);
   e[10] = u32f(fsum);
}

/* --- warp ---------------------------------------------------------------- */

/* Lanes of thread t's warp that exist, for 1D blocks of `block` threads. */
static uint32_t
warp_lanes(unsigned t, unsigned block)
{
   unsigned first = (t % block) / 32 * 32;
   unsigned count = block - first < 32 ? block - first : 32;
   return count == 32 ? 0xffffffffu : (1u << count) - 1;
}

enum shfl_mode { SHFL_IDX, SHFL_UP, SHFL_DOWN, SHFL_BFLY };

/* The PTX ISA's pseudocode for shfl.sync: the value read by `lane`, and
 * the predicate in *p. */
static uint32_t
shfl(const uint32_t *v, unsigned stride, unsigned lane, enum shfl_mode mode,
     uint32_t b, uint32_t c, bool *p)
{
   uint32_t bval = b & 0x1f, cval = c & 0x1f, seg = (c >> 8) & 0x1f;
   int max_lane = (lane & seg) | (cval & ~seg);
   int min_lane = lane & seg;
   int j;
   bool pval;
   switch (mode) {
   case SHFL_UP: j = (int)lane - (int)bval; pval = j >= max_lane; break;
   case SHFL_DOWN: j = lane + bval; pval = j <= max_lane; break;
   case SHFL_BFLY: j = lane ^ bval; pval = j <= max_lane; break;
   default: j = min_lane | (bval & ~seg); pval = j <= max_lane; break;
   }
   if (!pval)
      j = lane;
   *p = pval;
   return v[j * stride];
}

static void
gen_shfl(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   static const uint32_t cs[] = {0x1f, 0x181f, 0x101f, 0x1c1f, 0x1e1f, 0x0f,
                                 0x1807, 0, 0x1800, 0x1c00, 0x3, 0x1f1f};
   for (unsigned w = 0; w < n / 32; w++) {
      uint32_t c = cs[rng_below(r, ARRAY_SIZE(cs))];
      for (unsigned l = 0; l < 32; l++) {
         uint32_t *v = &in[(w * 32 + l) * 3];
         v[0] = rng32(r);
         v[1] = rng_below(r, 4) ? rng_below(r, 32) : rng32(r);
         v[2] = c;
      }
   }
}

static void
ref_shfl(const uint32_t *in, uint32_t *out, unsigned n, enum shfl_mode mode,
         uint32_t c1, uint32_t c2, uint32_t b3, uint32_t c3)
{
   for (unsigned w = 0; w < n / 32; w++) {
      const uint32_t *v = &in[w * 32 * 3];
      for (unsigned l = 0; l < 32; l++) {
         uint32_t *o = &out[(w * 32 + l) * 5];
         uint32_t b = v[l * 3 + 1], c = v[l * 3 + 2];
         bool p[4];
         o[0] = shfl(v, 3, l, mode, b, c1, &p[0]);
         o[1] = shfl(v, 3, l, mode, b, c2, &p[1]);
         o[2] = shfl(v, 3, l, mode, b3, c3, &p[2]);
         o[3] = shfl(v, 3, l, mode, b, c, &p[3]);
         o[4] = p[0] | p[1] << 1 | p[2] << 2 | p[3] << 3;
      }
   }
}

/* The constants of warp.ptx's shfl kernels (k_warp.py). */
static void ref_shfl_idx(const uint32_t *in, uint32_t *out, unsigned n) { ref_shfl(in, out, n, SHFL_IDX, 0x1f, 0x181f, 20, 0x0f); }
static void ref_shfl_up(const uint32_t *in, uint32_t *out, unsigned n) { ref_shfl(in, out, n, SHFL_UP, 0, 0x1800, 3, 0x4); }
static void ref_shfl_down(const uint32_t *in, uint32_t *out, unsigned n) { ref_shfl(in, out, n, SHFL_DOWN, 0x1f, 0x181f, 2, 0x1c1f); }
static void ref_shfl_bfly(const uint32_t *in, uint32_t *out, unsigned n) { ref_shfl(in, out, n, SHFL_BFLY, 0x1f, 0x181f, 16, 0x1f); }

/* vote/match: blocks of 80 threads, so the third warp has 16 lanes.  The
 * first warp of CTA 0 is uniform (all true, all equal). */
static void
gen_vote(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      in[t] = rng32(r);
      if (t < 32)
         in[t] |= 1;
      else if (t < 64)
         in[t] &= ~1u;
   }
}

static void
ref_vote(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t lanes = warp_lanes(t, 80), first = t - (t % 80) % 32;
      uint32_t ballot = 0, br = 0, br_ballot = 0;
      for (unsigned l = 0; l < 32; l++) {
         if (!(lanes >> l & 1))
            continue;
         uint32_t v = in[first + l];
         ballot |= (v & 1) << l;
         if ((v & 2) == (in[t] & 2)) {
            br |= 1u << l;
            br_ballot |= ((v & 1) ^ ((v >> 1) & 1)) << l;
         }
      }
      uint32_t *o = &out[t * 7];
      o[0] = ballot == lanes;
      o[1] = ballot != 0;
      o[2] = ballot == lanes || ballot == 0;
      o[3] = ballot;
      o[4] = ~ballot & lanes;
      o[5] = br;
      o[6] = br_ballot + ((in[t] >> 4) & 3) * (in[t] & 2 ? 5 : 3);
   }
}

static void
gen_match(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t *v = &in[t * 4];
      v[0] = t < 32 ? 0x77 : rng_below(r, 4) * 0x10001;
      v[2] = t < 32 ? 5 : rng_below(r, 3);
      v[3] = t < 32 ? 0x80000000 : rng_below(r, 2) << 31;
   }
}

static void
ref_match(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t lanes = warp_lanes(t, 80), first = t - (t % 80) % 32;
      uint32_t any = 0;
      for (unsigned l = 0; l < 32; l++)
         if ((lanes >> l & 1) && in[(first + l) * 4] == in[t * 4])
            any |= 1u << l;
      out[t * 4] = any;
      out[t * 4 + 1] = any == lanes ? lanes : 0;
      out[t * 4 + 2] = any == lanes;
   }
}

static void
ref_match64(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t lanes = warp_lanes(t, 80), first = t - (t % 80) % 32;
      uint32_t any = 0;
      for (unsigned l = 0; l < 32; l++)
         if ((lanes >> l & 1) &&
             get64(&in[(first + l) * 4 + 2]) == get64(&in[t * 4 + 2]))
            any |= 1u << l;
      out[t * 4] = any;
      out[t * 4 + 1] = any == lanes ? lanes : 0;
      out[t * 4 + 2] = any == lanes;
   }
}

/* warp_diverge: one CTA of 48 threads. */
static void
ref_warp_diverge(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t lanes = warp_lanes(t, 48), first = t - t % 32;
      uint32_t v = in[t], k = (v >> 4) & 3, same1 = 0, same2 = 0;
      for (unsigned l = 0; l < 32; l++) {
         if (!(lanes >> l & 1))
            continue;
         uint32_t u = in[first + l];
         if ((u & 1) == (v & 1))
            same1 |= 1u << l;
         if ((u & 3) == (v & 3))
            same2 |= 1u << l;
      }
      uint32_t *o = &out[t * 4];
      o[0] = lanes;
      o[1] = same1;
      if (!(v & 1))
         o[2] = 7 * k;
      else if (v & 2)
         o[2] = same2 + k * 0x100000;
      else
         o[2] = ~same2 ^ (k & 1 ? 0x40000000 : 0);
      o[3] = lanes;
   }
}

/* --- control, grid, generic ---------------------------------------------- */

static void gen_int2(struct rng *r, uint32_t *in, uint32_t *out, unsigned n) { gen_ints(r, in, n * 2); }

static void
ref_ctrl_ifelse(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t x = in[t * 2], y = in[t * 2 + 1], r;
      if (x & 1) {
         r = (x & 2) ? x * 3 + y : x ^ y;
      } else if ((int32_t)y < 0) {
         r = y - x;
      } else {
         r = x + 100;
         if (x & 4)
            r <<= 1;
      }
      out[t] = r;
   }
}

static void
ref_ctrl_loop(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t x = in[t * 2], acc = in[t * 2 + 1], h = 0, i;
      for (i = 0; i < x % 50; i++) {
         if (i % 3 == 0)
            continue;
         acc = acc * 31 + i;
         for (unsigned k = i & 3; k; k--) {
            h ^= acc;
            h = h << 5 | h >> 27;
         }
         if ((acc & 0xff) == 0x5a)
            break;
      }
      out[t * 3] = acc;
      out[t * 3 + 1] = i;
      out[t * 3 + 2] = h;
   }
}

static void
ref_ctrl_collatz(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t v = in[t] % 10000 + 1, steps = 0, big = v;
      while (v != 1) {
         v = (v & 1) ? 3 * v + 1 : v / 2;
         big = v > big ? v : big;
         steps++;
      }
      out[t * 2] = steps;
      out[t * 2 + 1] = big;
   }
}

/* 96 threads a CTA: whole warps. */
static void
ref_ctrl_exit(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      if (in[t] % 3 == 0)
         continue;
      uint32_t first = t - t % 32, active = 0, ballot = 0;
      for (unsigned l = 0; l < 32; l++) {
         if (in[first + l] % 3 == 0)
            continue;
         active |= 1u << l;
         ballot |= ((in[first + l] >> 3) & 1) << l;
      }
      out[t * 3] = in[t] + 1;
      out[t * 3 + 1] = active;
      out[t * 3 + 2] = ballot;
   }
}

static void
ref_ctrl_local(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t x = in[t * 2], y = in[t * 2 + 1], arr[32];
      for (uint32_t i = 0; i < 32; i++)
         arr[i] = x * i + (i ^ y);
      arr[y & 31] += 5;
      uint32_t j = (x >> 3) & 31, k = x & 15;
      out[t * 3] = arr[j] + arr[(7 * j) & 31];
      out[t * 3 + 1] = arr[y & 31];
      out[t * 3 + 2] = arr[2 * k] ^ arr[2 * k + 1];
   }
}

/* grid_2d/3d: 18 special registers a thread, at its linear index. */
static void
ref_grid(uint32_t *out, const uint32_t grid[3], const uint32_t block[3])
{
   uint32_t per_cta = block[0] * block[1] * block[2];
   for (uint32_t cz = 0; cz < grid[2]; cz++)
   for (uint32_t cy = 0; cy < grid[1]; cy++)
   for (uint32_t cx = 0; cx < grid[0]; cx++)
   for (uint32_t tz = 0; tz < block[2]; tz++)
   for (uint32_t ty = 0; ty < block[1]; ty++)
   for (uint32_t tx = 0; tx < block[0]; tx++) {
      uint32_t cta = (cz * grid[1] + cy) * grid[0] + cx;
      uint32_t tib = (tz * block[1] + ty) * block[0] + tx;
      uint32_t lane = tib % 32, eq = 1u << lane;
      uint32_t v[18] = {tx, ty, tz, block[0], block[1], block[2], cx, cy, cz,
                        grid[0], grid[1], grid[2], lane, eq, eq - 1,
                        eq | (eq - 1), ~(eq | (eq - 1)), ~(eq - 1)};
      memcpy(&out[(cta * per_cta + tib) * 18], v, sizeof(v));
   }
}

static void gen_nothing(struct rng *r, uint32_t *in, uint32_t *out, unsigned n) {}

static void
ref_grid_2d(const uint32_t *in, uint32_t *out, unsigned n)
{
   ref_grid(out, (uint32_t[3]){2, 3, 1}, (uint32_t[3]){16, 4, 1});
}

static void
ref_grid_3d(const uint32_t *in, uint32_t *out, unsigned n)
{
   ref_grid(out, (uint32_t[3]){2, 2, 2}, (uint32_t[3]){4, 4, 4});
}

static void
ref_gen_global(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t w0 = in[t * 2], w1 = in[t * 2 + 1];
      uint32_t *o = &out[t * 4];
      o[0] = w0 + ((w1 >> 8) & 0xff);
      o[1] = (int16_t)(w1 >> 16);
      o[2] = (o[2] & 0x00ff0000u) | (w0 & 0xffff) | (w0 & 0xff) << 24;
      o[3] = w0 ^ w1;
   }
}

static void
ref_gen_shared(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t *o = &out[t * 4];
      o[0] = in[t - t % 128 + (t + 1) % 128];
      o[1] = 0;
      o[2] = 9;
   }
}

static void
ref_gen_mixed(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      out[t * 2] = in[t];
      out[t * 2 + 1] = in[t] + 7;
   }
}

/* --- mufu extras --------------------------------------------------------- */

static void
gen_tanh(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++)
      in[t] = rng_below(r, 4) ? gen_range(r, -10.0f, 10.0f) : gen_f32(r);
}

static void
ref_mufu_tanh(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++)
      out[t] = fcanon((float)tanh(f32(in[t])));
}

static void
gen_ex2_f16(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++)
      in[t] = gen_f16(r) | (uint32_t)gen_f16(r) << 16;
}

static uint16_t
ex2_f16(uint16_t h)
{
   return f16_round(exp2l(f16_value(h)), 0);
}

static void
ref_mufu_ex2_f16(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      out[t * 2] = ex2_f16(in[t]) | (uint32_t)ex2_f16(in[t] >> 16) << 16;
      out[t * 2 + 1] = ex2_f16(in[t]);
   }
}

/* --- memory ------------------------------------------------------------- */

static void gen_int16(struct rng *r, uint32_t *in, uint32_t *out, unsigned n) { gen_ints(r, in, n * 16); }

static void
ref_mem_vec(const uint32_t *in, uint32_t *out, unsigned n)
{
   /* each group is stored in reverse order */
   static const uint8_t src[16] = {3, 2, 1, 0, 6, 7, 4, 5, 11, 10, 9, 8, 13, 12, 14, 15};
   for (unsigned t = 0; t < n; t++)
      for (unsigned i = 0; i < 16; i++)
         out[t * 16 + i] = in[t * 16 + src[i]];
}

static void
ref_mem_sub(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint8_t b[8];
      memcpy(b, &in[t * 2], 8);
      uint32_t *o = &out[t * 8];
      o[0] = b[0];
      o[1] = (int8_t)b[1];
      o[2] = b[2] | b[3] << 8;
      o[3] = (int16_t)(b[6] | b[7] << 8);
      o[4] = b[1] | b[0] << 8 | (uint32_t)(b[6] | b[7] << 8) << 16;
      o[5] = (o[5] & 0xffff0000u) | (in[t * 2 + 1] & 0xffff);
      put64(&o[6], (int64_t)(int8_t)b[5]);
   }
}

/* 64 threads a CTA, 256 bytes of dynamic shared memory. */
static void
ref_shm_dynamic(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      unsigned base = t - t % 64, tid = t % 64, q = base + (tid & ~3u);
      out[t * 3] = in[base + 63 - tid];
      out[t * 3 + 1] = in[q] + in[q + 1] + in[q + 2] + in[q + 3];
      out[t * 3 + 2] = 256;
   }
}

static void
ref_sreg_misc(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned i = 0; i < n * 4; i++)
      out[i] = 1;
}

static void
ref_fence(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++)
      out[t] = in[t] + 1;
}

/* --- cvt_narrow, f16_cmp ------------------------------------------------- */

static void
gen_cvt_narrow(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      in[t * 4] = rng_below(r, 2) ? gen_int(r) : (uint32_t)((int)rng_below(r, 140000) - 70000);
      if (rng_below(r, 4) == 0)
         in[t * 4] = (in[t * 4] & 0xffff0000u) | gen_f16(r);
      uint64_t d = gen_f64(r);
      if (rng_below(r, 2)) /* within the f16 range */
         d = u64f(ldexp((double)(int64_t)rng64(r), -63 + (int)rng_below(r, 40) - 24));
      put64(&in[t * 4 + 2], d);
   }
}

static void
ref_cvt_narrow(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      int32_t a = in[t * 4];
      double d = f64(get64(&in[t * 4 + 2]));
      uint32_t *o = &out[t * 8];
      int32_t s8 = a < -128 ? -128 : a > 127 ? 127 : a;
      int32_t u8 = a < 0 ? 0 : a > 255 ? 255 : a;
      int32_t u16 = a < 0 ? 0 : a > 65535 ? 65535 : a;
      o[0] = (o[0] & ~0xffu) | (s8 & 0xff);
      o[1] = (o[1] & ~0xffu) | u8;
      o[2] = (o[2] & ~0xffffu) | u16;
      o[3] = (o[3] & ~0xffffu) | f16_round(d, 0);
      put64(&o[4], u64f((double)f16_value(in[t * 4] & 0xffff)));
      put64(&o[6], u64f(nearbyint(d)));
   }
}

static void
ref_f16_cmp(const uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t a = in[t * 2], b = in[t * 2 + 1];
      long double al = f16_value(a), ah = f16_value(a >> 16);
      long double bl = f16_value(b), bh = f16_value(b >> 16);
      long double zal = f16_value(h_ftz(a)), zah = f16_value(h_ftz(a >> 16));
      long double zbl = f16_value(h_ftz(b)), zbh = f16_value(h_ftz(b >> 16));
      bool p[8] = {
         al < bl, ah < bh,
         isnan(al) || isnan(bl) || al == bl, isnan(ah) || isnan(bh) || ah == bh,
         zal >= zbl, zah >= zbh,
         ah > bh, isnan(al) || isnan(bl),
      };
      uint32_t *o = &out[t * 3];
      o[0] = 0;
      for (unsigned i = 0; i < 8; i++)
         o[0] |= p[i] << i;
      o[1] = u32f((float)ah);
      o[2] = 0;
   }
}


/* --- the cases ----------------------------------------------------------- */

struct kcase {
   const char *name;       /* kernel name, also the .entry */
   const char *file;       /* kernels/FILE.O0.cubin, .O3.cubin */
   uint32_t grid[3], block[3];
   unsigned in_words, out_words;   /* per thread */
   unsigned in_extra, out_extra;
   /* Per output word of a thread: x exact, f fp32 (any NaN for a NaN),
    * d fp64 low word and D high word (any NaN), h two halves (any NaN),
    * u fp32 within ulp or abs_tol (infinities exact, any NaN), v the same
    * within ulp only, k two halves within ulp (any NaN), - not checked.
    * Extra
    * words are exact. */
   const char *kinds;
   double ulp, abs_tol;
   void (*gen)(struct rng *r, uint32_t *in, uint32_t *out, unsigned n);
   void (*ref)(const uint32_t *in, uint32_t *out, unsigned n);
   void (*canon)(uint32_t *out, unsigned n);
   /* Set for kernels whose SASS the model cannot run yet: they are
    * skipped while loading fails or the launch reports unsupported. */
   const char *pending;
   uint32_t dyn_shared;   /* bytes of dynamic shared memory */
};

#define G1(x) {x, 1, 1}
static const struct kcase cases[] = {
   /* int_arith */
   {"int_addsub", "int_arith", G1(2), G1(128), 4, 14, 0, 0, "xxxxxxxxxxxxxx", 0, 0, gen_int4, ref_int_addsub},
   {"int_mul", "int_arith", G1(2), G1(128), 3, 16, 0, 0, "xxxxxxxxxxxxxxxx", 0, 0, gen_int3, ref_int_mul},
   {"int_divrem", "int_arith", G1(2), G1(128), 2, 10, 0, 0, "xxxxxxxxxx", 0, 0, gen_divrem, ref_int_divrem},
   {"int_minmax", "int_arith", G1(2), G1(128), 3, 8, 0, 0, "xxxxxxxx", 0, 0, gen_int3, ref_int_minmax},
   {"int_shift", "int_arith", G1(2), G1(128), 3, 11, 0, 0, "xxxxxxxxxxx", 0, 0, gen_shift, ref_int_shift},
   {"int_bits", "int_arith", G1(2), G1(128), 4, 11, 0, 0, "xxxxxxxxxxx", 0, 0, gen_bits, ref_int_bits},
   {"int_prmt", "int_arith", G1(2), G1(128), 3, 10, 0, 0, "xxxxxxxxxx", 0, 0, gen_int3, ref_int_prmt},
   {"int_logic", "int_arith", G1(2), G1(128), 3, 9, 0, 0, "xxxxxxxxx", 0, 0, gen_int3, ref_int_logic},
   {"int_madc", "int_arith", G1(2), G1(128), 4, 4, 0, 0, "xxxx", 0, 0, gen_int4, ref_int_madc},
   {"int_sad", "int_arith", G1(2), G1(128), 3, 2, 0, 0, "xx", 0, 0, gen_int3, ref_int_sad},
   /* int64 */
   {"i64_arith", "int64", G1(2), G1(128), 6, 28, 0, 0, "xxxxxxxxxxxxxxxxxxxxxxxxxxxx", 0, 0, gen_i64_arith, ref_i64_arith},
   {"i64_divrem", "int64", G1(2), G1(64), 4, 12, 0, 0, "xxxxxxxxxxxx", 0, 0, gen_i64_divrem, ref_i64_divrem},
   {"i64_bits", "int64", G1(2), G1(128), 4, 12, 0, 0, "xxxxxxxxxxxx", 0, 0, gen_i64_bits, ref_i64_bits},
   /* setp */
   {"setp_i32", "setp", G1(2), G1(128), 2, 6, 0, 0, "xxxxxx", 0, 0, gen_cmp32, ref_setp_i32},
   {"setp_i64", "setp", G1(2), G1(128), 4, 4, 0, 0, "xxxx", 0, 0, gen_cmp64, ref_setp_i64},
   {"setp_f32", "setp", G1(2), G1(128), 2, 4, 0, 0, "xxxx", 0, 0, gen_cmpf, ref_setp_f32},
   /* fp32: bit-exact, the canonical NaN 0x7fffffff for NaN results */
   {"f32_add", "fp32", G1(2), G1(128), 2, 6, 0, 0, "xxxxxx", 0, 0, gen_f32pair, ref_f32_add},
   {"f32_mul", "fp32", G1(2), G1(128), 2, 4, 0, 0, "xxxx", 0, 0, gen_f32x2, ref_f32_mul},
   {"f32_fma", "fp32", G1(2), G1(128), 3, 4, 0, 0, "xxxx", 0, 0, gen_f32fma, ref_f32_fma},
   /* neg/abs are bit operations on a NaN, whatever ptxas makes of them */
   {"f32_ftz_sat", "fp32", G1(2), G1(128), 3, 10, 0, 0, "xxxxxxffff", 0, 0, gen_f32fma, ref_f32_ftz_sat},
   {"f32_minmax", "fp32", G1(2), G1(128), 2, 4, 0, 0, "xxxx", 0, 0, gen_f32pair, ref_f32_minmax},
   {"f32_div", "fp32", G1(2), G1(128), 2, 2, 0, 0, "xx", 0, 0, gen_f32x2, ref_f32_div},
   {"f32_sqrt_rcp", "fp32", G1(2), G1(128), 2, 4, 0, 0, "xxxx", 0, 0, gen_f32_sqrt, ref_f32_sqrt_rcp},
   /* mufu: compared with the exact function.  sin/cos: PTX gives MUFU an
    * absolute error of 2^-20.9 on [-pi, pi]; ptxas first multiplies by
    * 1/(2 pi) with .RZ, an error of up to 2^-22 of |x| / (2 pi) in the
    * argument, so for |x| <= 4 pi we allow 2^-17 absolute. */
   {"mufu_sincos", "mufu", G1(2), G1(128), 1, 4, 0, 0, "uuuu", 2, 0x1p-17, gen_sincos, ref_mufu_sincos},
   /* ex2: PTX: 2 ulp over the full range.  lg2: PTX: absolute error 2^-22.6 near
    * 1 (where the result is near 0), else 2 ulp. */
   {"mufu_ex2lg2", "mufu", G1(2), G1(128), 1, 4, 0, 0, "vvuu", 2, 0x1p-21, gen_ex2lg2, ref_mufu_ex2lg2},
   /* rcp: PTX: 1 ulp; rsqrt: relative 2^-22.9; sqrt: relative 2^-23;
    * div.approx/div.full: 2 ulp, so 2 ulp for all of them. */
   {"mufu_rcp_sqrt", "mufu", G1(2), G1(128), 2, 7, 0, 0, "uuuuuuu", 2, 0, gen_rcp_sqrt, ref_mufu_rcp_sqrt},
   /* tanh: PTX: relative error 2^-10.987, about 2^12 ulp; whether
    * MUFU.TANH flushes subnormals is not documented (the model does), so
    * an absolute 2^-126 too */
   {"mufu_tanh", "mufu", G1(2), G1(128), 1, 1, 0, 0, "u", 4096, 0x1p-126, gen_tanh, ref_mufu_tanh},
   /* ex2.f16: PTX: relative error 2^-9.9, under 2 f16 ulp */
   {"mufu_ex2_f16", "mufu", G1(2), G1(128), 1, 2, 0, 0, "kk", 2, 0, gen_ex2_f16, ref_mufu_ex2_f16},
   /* cvt */
   {"cvt_f2i", "cvt", G1(2), G1(128), 1, 12, 0, 0, "xxxxxxxxxxxx", 0, 0, gen_f2i, ref_cvt_f2i},
   {"cvt_f2i_small", "cvt", G1(2), G1(128), 1, 6, 0, 0, "xxxxxx", 0, 0, gen_f2i, ref_cvt_f2i_small},
   {"cvt_i2f", "cvt", G1(2), G1(128), 4, 18, 0, 0, "xxxxxxxxxxxxxxxxxx", 0, 0, gen_i2f, ref_cvt_i2f},
   {"cvt_f64_i", "cvt", G1(2), G1(128), 2, 12, 0, 0, "xxxxxxxxxxxx", 0, 0, gen_f64_i, ref_cvt_f64_i},
   /* NaN payloads of f64 <-> f32 are not checked */
   {"cvt_ff", "cvt", G1(2), G1(128), 4, 16, 0, 0, "fffffffffffxdDxx", 0, 0, gen_cvt_ff, ref_cvt_ff},
   {"cvt_f16", "cvt", G1(2), G1(128), 6, 12, 0, 0, "hhhhfxxxxhhx", 0, 0, gen_cvt_f16, ref_cvt_f16},
   {"cvt_i2i", "cvt", G1(2), G1(128), 4, 16, 0, 0, "xxxxxxxxxxxxxxxx", 0, 0, gen_i2i, ref_cvt_i2i},
   {"cvt_narrow", "cvt", G1(2), G1(128), 4, 8, 0, 0, "xxxhdDdD", 0, 0, gen_cvt_narrow, ref_cvt_narrow},
   /* fp64: NaN payloads not checked */
   {"f64_arith", "fp64", G1(2), G1(128), 6, 28, 0, 0, "dDdDdDdDdDdDdDdDdDdDdDdDdDdD", 0, 0, gen_f64fma, ref_f64_arith},
   {"f64_divsqrt", "fp64", G1(2), G1(128), 4, 10, 0, 0, "dDdDdDdDdD", 0, 0, gen_f64x2, ref_f64_divsqrt},
   {"f64_div_rz", "fp64", G1(2), G1(128), 4, 2, 0, 0, "dD", 0, 0, gen_f64x2, ref_f64_div_rz},
   {"f64_cmp", "fp64", G1(2), G1(128), 4, 8, 0, 0, "xxdDdDdD", 0, 0, gen_f64x2, ref_f64_cmp},
   /* half: NaN payloads not checked */
   {"f16x2_arith", "half", G1(2), G1(128), 3, 10, 0, 0, "hhhhhhhhhx", 0, 0, gen_f16x2_3, ref_f16x2_arith},
   {"f16_cmp", "half", G1(2), G1(128), 2, 3, 0, 0, "xfx", 0, 0, gen_f16x2_2, ref_f16_cmp},
   /* shared */
   {"shm_transpose", "shared", {2, 2, 1}, {16, 16, 1}, 1, 1, 0, 0, "x", 0, 0, gen_int1, ref_shm_transpose},
   {"shm_reduce", "shared", G1(3), G1(256), 1, 0, 0, 6, "", 0, 0, gen_int1, ref_shm_reduce},
   {"shm_scan", "shared", G1(2), G1(128), 1, 1, 0, 0, "x", 0, 0, gen_int1, ref_shm_scan},
   {"bar_red", "shared", G1(2), G1(128), 1, 3, 0, 0, "xxx", 0, 0, gen_bar_red, ref_bar_red},
   /* atomics: returned values compared as multisets (canon sorts them) */
   {"atom_g32", "atomics", G1(2), G1(128), 4, 7, 0, 13, "xxxxxx-", 0, 0, gen_atom_g32, ref_atom_g32, canon_atom_g32},
   {"atom_g64", "atomics", G1(2), G1(128), 8, 10, 0, 22, "xxxxxxxx--", 0, 0, gen_atom_g64, ref_atom_g64, canon_atom_g64},
   {"atom_s32", "atomics", G1(2), G1(128), 4, 4, 0, 26, "xxxx", 0, 0, gen_atom_s32, ref_atom_s32, canon_atom_s32},
   {"atom_s64", "atomics", G1(2), G1(128), 4, 4, 0, 24, "xxxx", 0, 0, gen_atom_s64, ref_atom_s64, canon_atom_s64},
   {"atom_f32", "atomics", G1(2), G1(128), 1, 1, 0, 3, "x", 0, 0, gen_atom_f32, ref_atom_f32},
   {"red_g", "atomics", G1(2), G1(128), 2, 1, 0, 11, "x", 0, 0, gen_red_g, ref_red_g},
   /* warp */
   {"shfl_idx", "warp", G1(2), G1(64), 3, 5, 0, 0, "xxxxx", 0, 0, gen_shfl, ref_shfl_idx},
   {"shfl_up", "warp", G1(2), G1(64), 3, 5, 0, 0, "xxxxx", 0, 0, gen_shfl, ref_shfl_up},
   {"shfl_down", "warp", G1(2), G1(64), 3, 5, 0, 0, "xxxxx", 0, 0, gen_shfl, ref_shfl_down},
   {"shfl_bfly", "warp", G1(2), G1(64), 3, 5, 0, 0, "xxxxx", 0, 0, gen_shfl, ref_shfl_bfly},
   {"vote", "warp", G1(2), G1(80), 1, 7, 0, 0, "xxxxxxx", 0, 0, gen_vote, ref_vote},
   {"match", "warp", G1(2), G1(80), 4, 4, 0, 0, "xxxx", 0, 0, gen_match, ref_match},
   {"match64", "warp", G1(2), G1(80), 4, 4, 0, 0, "xxxx", 0, 0, gen_match, ref_match64},
   {"warp_diverge", "warp", G1(1), G1(48), 1, 4, 0, 0, "xxxx", 0, 0, gen_int1, ref_warp_diverge},
   /* control */
   {"ctrl_ifelse", "control", G1(2), G1(128), 2, 1, 0, 0, "x", 0, 0, gen_int2, ref_ctrl_ifelse},
   {"ctrl_loop", "control", G1(2), G1(128), 2, 3, 0, 0, "xxx", 0, 0, gen_int2, ref_ctrl_loop},
   {"ctrl_collatz", "control", G1(2), G1(64), 1, 2, 0, 0, "xx", 0, 0, gen_int1, ref_ctrl_collatz},
   {"ctrl_exit", "control", G1(2), G1(96), 1, 3, 0, 0, "xxx", 0, 0, gen_int1, ref_ctrl_exit},
   {"ctrl_local", "control", G1(2), G1(64), 2, 3, 0, 0, "xxx", 0, 0, gen_int2, ref_ctrl_local},
   /* grid */
   {"grid_2d", "grid", {2, 3, 1}, {16, 4, 1}, 0, 18, 0, 0, "xxxxxxxxxxxxxxxxxx", 0, 0, gen_nothing, ref_grid_2d},
   {"grid_3d", "grid", {2, 2, 2}, {4, 4, 4}, 0, 18, 0, 0, "xxxxxxxxxxxxxxxxxx", 0, 0, gen_nothing, ref_grid_3d},
   /* generic */
   {"gen_global", "generic", G1(2), G1(64), 2, 4, 0, 0, "xxxx", 0, 0, gen_int2, ref_gen_global},
   {"gen_shared", "generic", G1(2), G1(128), 1, 4, 0, 0, "xxxx", 0, 0, gen_int1, ref_gen_shared},
   {"gen_mixed", "generic", G1(2), G1(128), 1, 2, 0, 0, "xx", 0, 0, gen_int1, ref_gen_mixed},
   /* memory */
   {"mem_vec", "memory", G1(2), G1(64), 16, 16, 0, 0, "xxxxxxxxxxxxxxxx", 0, 0, gen_int16, ref_mem_vec},
   {"mem_sub", "memory", G1(2), G1(64), 2, 8, 0, 0, "xxxxxxxx", 0, 0, gen_int2, ref_mem_sub},
   {"shm_dynamic", "memory", G1(2), G1(64), 1, 3, 0, 0, "xxx", 0, 0, gen_int1, ref_shm_dynamic, NULL, NULL, 256},
   {"sreg_misc", "memory", G1(2), G1(64), 1, 4, 0, 0, "xxxx", 0, 0, gen_int1, ref_sreg_misc},
   {"fence", "memory", G1(2), G1(64), 1, 1, 0, 0, "x", 0, 0, gen_int1, ref_fence},
};

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
run_case(const char *dir, const struct kcase *c, const char *opt,
         const uint32_t *in, const uint32_t *init, const uint32_t *expect,
         unsigned n)
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
      printf("skip %s -%s: %s (%s)\n", c->name, opt, c->pending,
             jade_sim_message(sim));
      res = SKIP;
      goto out;
   }
   if (status != JADE_SIM_OK) {
      printf("FAIL %s -%s: launch status %d: %s\n", c->name, opt, status,
             jade_sim_message(sim));
      print_log(log);
      goto out;
   }
   if (after.hazards != before.hazards) {
      printf("FAIL %s -%s: %u hazards\n", c->name, opt,
             after.hazards - before.hazards);
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
            printf("  %s -%s: thread %u word %u: expected 0x%08x got 0x%08x; in:",
                   c->name, opt, t, i % c->out_words, expect[i], got[i]);
            for (unsigned j = 0; j < c->in_words && j < 8; j++)
               printf(" 0x%08x", in[t * c->in_words + j]);
            printf("\n");
         } else {
            printf("  %s -%s: extra word %u: expected 0x%08x got 0x%08x\n",
                   c->name, opt, i - c->out_words * n, expect[i], got[i]);
         }
      }
   }
   if (bad) {
      printf("FAIL %s -%s: %u of %u words differ\n", c->name, opt, bad,
             out_count);
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
   unsigned passed = 0, failed = 0, skipped = 0;
   for (unsigned ci = 0; ci < ARRAY_SIZE(cases); ci++) {
      const struct kcase *c = &cases[ci];
      if (argc > 2 && !strstr(c->name, argv[2]))
         continue;
      unsigned n = c->grid[0] * c->grid[1] * c->grid[2] *
                   c->block[0] * c->block[1] * c->block[2];
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
      c->gen(&r, in, init, n);
      memcpy(expect, init, out_count * 4);
      c->ref(in, expect, n);
      fesetround(FE_TONEAREST);
      if (c->canon)
         c->canon(expect, n);

      static const char *const opts[] = {"O0", "O3"};
      for (unsigned o = 0; o < 2; o++) {
         switch (run_case(argv[1], c, opts[o], in, init, expect, n)) {
         case PASS: passed++; break;
         case SKIP: skipped++; break;
         default: failed++; break;
         }
         fflush(stdout);
      }
      free(in);
      free(init);
      free(expect);
   }
   printf("%u passed, %u failed, %u skipped\n", passed, failed, skipped);
   return failed ? 1 : 0;
}
