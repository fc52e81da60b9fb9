/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The integer, 64-bit integer and predicate kernels of the ptxas kernel test
 * (int_arith, int64, setp: tests/sim/kernels), with their input generators and C
 * references, written independently of the model.
 */

#include "kernels_common.h"

/* --- int_arith ----------------------------------------------------------- */

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
         case 0:
            in[t * 4 + j] = gen_int(r);
            break;
         case 1:
            in[t * 4 + j] = rng_below(r, 256);
            break;
         default:
            in[t * 4 + j] = rng_below(r, 34);
            break;
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
      uint32_t a = in[t * 4], b = in[t * 4 + 1], c = in[t * 4 + 2], d = in[t * 4 + 3];
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
      unsigned __int128 s =
         (unsigned __int128)((uint64_t)v[0] * v[1]) + ((uint64_t)v[3] << 32 | v[2]);
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
      bool c[10] = {sa == sb, sa != sb,          sa<sb, sa <= sb, sa> sb,
                    sa >= sb, a<b, a <= b, a> b, a >= b};
      o[0] = 0;
      for (unsigned i = 0; i < 10; i++)
         o[0] |= c[i] << i;
      bool p1 = a != 0;
      bool p2 = (sa < sb) && p1, p3 = (a > b) || p1, p4 = (sa == sb) ^ p1;
      bool p5 = (sa >= sb) && !p1, p6 = !(sa >= sb) && !p1;
      bool p[11] = {p2, p3, p4, p5, p6, p2 && p3, p2 || p4, p3 ^ p5, !p6, a < 100, !(a < 100)};
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
      case 0:
         b = a;
         break;
      case 1:
         b = (a & 0xffffffff00000000ull) | (uint32_t)b;
         break; /* same high */
      case 2:
         b = (b & 0xffffffff00000000ull) | (uint32_t)a;
         break; /* same low */
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
      bool c[10] = {sa == sb, sa != sb,          sa<sb, sa <= sb, sa> sb,
                    sa >= sb, a<b, a <= b, a> b, a >= b};
      o[0] = 0;
      for (unsigned i = 0; i < 10; i++)
         o[0] |= c[i] << i;
      put64(&o[2], sa < sb ? a : b);
   }
}

static uint32_t
fcmp_mask(float a, float b, bool all)
{
   bool u = isnan(a) || isnan(b);
   bool c[14] = {
      !u && a == b, !u && a != b, !u && a < b, !u && a <= b, !u && a > b, !u && a >= b, u || a == b,
      u || a != b,  u || a < b,   u || a <= b, u || a > b,   u || a >= b, !u,           u};
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

/* --- the cases ----------------------------------------------------------- */

const struct kcase kernels_int[] = {
   /* int_arith */
   {"int_addsub", "int_arith", G1(2), G1(128), 4, 14, 0, 0, "xxxxxxxxxxxxxx", 0, 0, GEN_INTS,
    ref_int_addsub},
   {"int_mul", "int_arith", G1(2), G1(128), 3, 16, 0, 0, "xxxxxxxxxxxxxxxx", 0, 0, GEN_INTS,
    ref_int_mul},
   {"int_divrem", "int_arith", G1(2), G1(128), 2, 10, 0, 0, "xxxxxxxxxx", 0, 0, gen_divrem,
    ref_int_divrem},
   {"int_minmax", "int_arith", G1(2), G1(128), 3, 8, 0, 0, "xxxxxxxx", 0, 0, GEN_INTS,
    ref_int_minmax},
   {"int_shift", "int_arith", G1(2), G1(128), 3, 11, 0, 0, "xxxxxxxxxxx", 0, 0, gen_shift,
    ref_int_shift},
   {"int_bits", "int_arith", G1(2), G1(128), 4, 11, 0, 0, "xxxxxxxxxxx", 0, 0, gen_bits,
    ref_int_bits},
   {"int_prmt", "int_arith", G1(2), G1(128), 3, 10, 0, 0, "xxxxxxxxxx", 0, 0, GEN_INTS,
    ref_int_prmt},
   {"int_logic", "int_arith", G1(2), G1(128), 3, 9, 0, 0, "xxxxxxxxx", 0, 0, GEN_INTS,
    ref_int_logic},
   {"int_madc", "int_arith", G1(2), G1(128), 4, 4, 0, 0, "xxxx", 0, 0, GEN_INTS, ref_int_madc},
   {"int_sad", "int_arith", G1(2), G1(128), 3, 2, 0, 0, "xx", 0, 0, GEN_INTS, ref_int_sad},
   /* int64 */
   {"i64_arith", "int64", G1(2), G1(128), 6, 28, 0, 0, "xxxxxxxxxxxxxxxxxxxxxxxxxxxx", 0, 0,
    gen_i64_arith, ref_i64_arith},
   {"i64_divrem", "int64", G1(2), G1(64), 4, 12, 0, 0, "xxxxxxxxxxxx", 0, 0, gen_i64_divrem,
    ref_i64_divrem},
   {"i64_bits", "int64", G1(2), G1(128), 4, 12, 0, 0, "xxxxxxxxxxxx", 0, 0, gen_i64_bits,
    ref_i64_bits},
   /* setp */
   {"setp_i32", "setp", G1(2), G1(128), 2, 6, 0, 0, "xxxxxx", 0, 0, gen_cmp32, ref_setp_i32},
   {"setp_i64", "setp", G1(2), G1(128), 4, 4, 0, 0, "xxxx", 0, 0, gen_cmp64, ref_setp_i64},
   {"setp_f32", "setp", G1(2), G1(128), 2, 4, 0, 0, "xxxx", 0, 0, gen_cmpf, ref_setp_f32},
};
const unsigned kernels_int_count = ARRAY_SIZE(kernels_int);
