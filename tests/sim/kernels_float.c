/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The fp32, MUFU, conversion, fp64 and half kernels of the ptxas kernel test
 * (fp32, mufu, cvt, fp64, half: tests/sim/kernels), with their input generators and C
 * references, written independently of the model.
 */

#include "kernels_common.h"

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
   case F_ADD:
      r = x + y;
      break;
   case F_SUB:
      r = x - y;
      break;
   case F_MUL:
      r = x * y;
      break;
   case F_FMA:
      r = fmaf(x, y, z);
      break;
   default:
      r = x / y;
      break;
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

static void
gen_f32x2(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   gen_f32s(r, in, n * 2);
}

/* Like gen_cmpf: often equal or opposite operands (x - x, x + -x). */
static void
gen_f32pair(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   gen_cmpf(r, in, out, n);
}

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
      case 0:
         in[t] = gen_range(r, -150.0f, 130.0f);
         break;
      case 1:
         in[t] = gen_range(r, -2.0f, 2.0f);
         break;
      case 2:
         in[t] = gen_f32(r) & 0x7fffffff;
         break;
      default:
         in[t] = gen_f32(r);
         break;
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
         } while (fpclassify(f32(v)) == FP_SUBNORMAL || fabsf(f32(v)) > 0x1p126f ||
                  (v & 0x7f800000) == 0x00800000);
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
   static const float edges[] = {0x1p31f, 0x1p32f, 0x1p63f,  0x1p64f,
                                 128.0f,  256.0f,  32768.0f, 65536.0f};
   switch (rng_below(r, 6)) {
   case 0: {
      float e = edges[rng_below(r, ARRAY_SIZE(edges))];
      uint32_t u = u32f(e) + rng_below(r, 5) - 2;
      return rng_below(r, 2) ? u : u ^ 0x80000000u;
   }
   case 1:
      return u32f((float)((int)rng_below(r, 2001) - 1000) * 0.5f);
   case 2:
      return gen_range(r, -3e9f, 5e9f);
   case 3:
      return gen_range(r, -300.0f, 300.0f);
   default:
      return gen_f32(r);
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

/* Integer to float conversions in a rounding mode (rmodes[mode]). */
#define CONVERT_IN_MODE(name, dst_t, src_t)                                                        \
   static dst_t name(src_t v, int mode)                                                            \
   {                                                                                               \
      volatile src_t x = v;                                                                        \
      fesetround(rmodes[mode]);                                                                    \
      volatile dst_t r = (dst_t)x;                                                                 \
      fesetround(FE_TONEAREST);                                                                    \
      return r;                                                                                    \
   }
CONVERT_IN_MODE(f32_from_s64, float, int64_t)
CONVERT_IN_MODE(f32_from_u64, float, uint64_t)
CONVERT_IN_MODE(f64_from_s64, double, int64_t)
CONVERT_IN_MODE(f64_from_u64, double, uint64_t)

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
      case 1:
         v = u64f((double)((int)rng_below(r, 2001) - 1000) * 0.5);
         break;
      case 2:
         v = u64f(((double)rng64(r) - 0x1p63) * 0x1p-20 * (double)(1 << rng_below(r, 30)));
         break;
      default:
         v = gen_f64(r);
         break;
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
         d = u64f(rng_below(r, 2) ? 0x1.fffffep127 : 0x1p-126) + (rng64(r) >> 30) - (1ull << 33);
         break;
      case 1: /* f32 denormal range */
         d = u64f(ldexp((double)rng32(r), -150 - (int)rng_below(r, 30)));
         break;
      default:
         d = gen_f64(r);
         break;
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
   int q = (e - 1 < -14 ? -14 : e - 1) - 10; /* exponent of the last bit */
   long double s = ldexpl(a, -q);
   long double fl = floorl(s), frac = s - fl;
   bool up;
   switch (m) {
   case 0:
      up = frac > 0.5L || (frac == 0.5L && fmodl(fl, 2) == 1);
      break;
   case 1:
      up = false;
      break;
   case 2:
      up = sign && frac > 0;
      break;
   default:
      up = !sign && frac > 0;
      break;
   }
   uint32_t mant = (uint32_t)fl + up;
   if (mant == 2048) {
      mant = 1024;
      q++;
   }
   if (q > 5) { /* overflow */
      bool inf = m == 0 || (m == 2 && sign) || (m == 3 && !sign);
      return sign | (inf ? 0x7c00 : 0x7bff);
   }
   if (mant < 1024)
      return sign | mant; /* denormal (q == -24) */
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
   case 1:
      return special[rng_below(r, ARRAY_SIZE(special))];
   case 2:
      return sign | rng_below(r, 0x400);
   case 3:
   case 4:
   case 5:
      return sign | (12 + rng_below(r, 8)) << 10 | rng_below(r, 0x400);
   default:
      return rng32(r) & 0xffff;
   }
}

static void
gen_cvt_f16(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t *v = &in[t * 6];
      switch (rng_below(r, 3)) {
      case 0: /* within the f16 range, with bits below its precision */
         v[0] = (rng32(r) & 0x80000000u) | (100 + rng_below(r, 45)) << 23 | (rng32(r) & 0x7fffff);
         break;
      case 1:
         v[0] = gen_f2i_value(r);
         break;
      default:
         v[0] = gen_f32(r);
         break;
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
      put64(&in[t * 4 + 2], rng_below(r, 3)
                               ? gen_int64(r)
                               : (uint64_t)(int64_t)(int32_t)gen_int(r) + rng_below(r, 3) - 1);
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
   case F_ADD:
      r = x + y;
      break;
   case F_SUB:
      r = x - y;
      break;
   case F_MUL:
      r = x * y;
      break;
   case F_FMA:
      r = fma(x, y, z);
      break;
   default:
      r = x / y;
      break;
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
      case 0:
         b = a;
         break;
      case 1:
         b = a ^ (1ull << 63);
         break;
      case 2:
         a &= ~(1ull << 63);
         break;
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
      bool c[14] = {!u && a == b, !u && a != b,
                    !u && a < b,  !u && a <= b,
                    !u && a > b,  !u && a >= b,
                    u || a == b,  u || a != b,
                    u || a < b,   u || a <= b,
                    u || a > b,   u || a >= b,
                    !u,           u};
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
   case F_ADD:
      r = x + y;
      break;
   case F_SUB:
      r = x - y;
      break;
   case F_MUL:
      r = x * y;
      break;
   default:
      r = x * y + z;
      break;
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
   return hop(op, a, b, c, flush, satf) | (uint32_t)hop(op, a >> 16, b >> 16, c >> 16, flush, satf)
                                             << 16;
}

static void
gen_f16x2(struct rng *r, uint32_t *in, uint32_t *out, unsigned n, unsigned words)
{
   for (unsigned i = 0; i < n * words; i++)
      in[i] = gen_f16(r) | (uint32_t)gen_f16(r) << 16;
}

static void
gen_f16x2_3(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   gen_f16x2(r, in, out, n, 3);
}
static void
gen_f16x2_2(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   gen_f16x2(r, in, out, n, 2);
}

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
         al < bl,
         ah < bh,
         isnan(al) || isnan(bl) || al == bl,
         isnan(ah) || isnan(bh) || ah == bh,
         zal >= zbl,
         zah >= zbh,
         ah > bh,
         isnan(al) || isnan(bl),
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

const struct kcase kernels_float[] = {
   /* fp32: bit-exact, the canonical NaN 0x7fffffff for NaN results */
   {"f32_add", "fp32", G1(2), G1(128), 2, 6, 0, 0, "xxxxxx", 0, 0, gen_f32pair, ref_f32_add},
   {"f32_mul", "fp32", G1(2), G1(128), 2, 4, 0, 0, "xxxx", 0, 0, gen_f32x2, ref_f32_mul},
   {"f32_fma", "fp32", G1(2), G1(128), 3, 4, 0, 0, "xxxx", 0, 0, gen_f32fma, ref_f32_fma},
   /* neg/abs are bit operations on a NaN, whatever ptxas makes of them */
   {"f32_ftz_sat", "fp32", G1(2), G1(128), 3, 10, 0, 0, "xxxxxxffff", 0, 0, gen_f32fma,
    ref_f32_ftz_sat},
   {"f32_minmax", "fp32", G1(2), G1(128), 2, 4, 0, 0, "xxxx", 0, 0, gen_f32pair, ref_f32_minmax},
   {"f32_div", "fp32", G1(2), G1(128), 2, 2, 0, 0, "xx", 0, 0, gen_f32x2, ref_f32_div},
   {"f32_sqrt_rcp", "fp32", G1(2), G1(128), 2, 4, 0, 0, "xxxx", 0, 0, gen_f32_sqrt,
    ref_f32_sqrt_rcp},
   /* mufu: compared with the exact function.  sin/cos: PTX gives MUFU an
    * absolute error of 2^-20.9 on [-pi, pi]; ptxas first multiplies by
    * 1/(2 pi) with .RZ, an error of up to 2^-22 of |x| / (2 pi) in the
    * argument, so for |x| <= 4 pi we allow 2^-17 absolute. */
   {"mufu_sincos", "mufu", G1(2), G1(128), 1, 4, 0, 0, "uuuu", 2, 0x1p-17, gen_sincos,
    ref_mufu_sincos},
   /* ex2: PTX: 2 ulp over the full range.  lg2: PTX: absolute error 2^-22.6 near
    * 1 (where the result is near 0), else 2 ulp. */
   {"mufu_ex2lg2", "mufu", G1(2), G1(128), 1, 4, 0, 0, "vvuu", 2, 0x1p-21, gen_ex2lg2,
    ref_mufu_ex2lg2},
   /* rcp: PTX: 1 ulp; rsqrt: relative 2^-22.9; sqrt: relative 2^-23;
    * div.approx/div.full: 2 ulp, so 2 ulp for all of them. */
   {"mufu_rcp_sqrt", "mufu", G1(2), G1(128), 2, 7, 0, 0, "uuuuuuu", 2, 0, gen_rcp_sqrt,
    ref_mufu_rcp_sqrt},
   /* tanh: PTX: relative error 2^-10.987, about 2^12 ulp; whether
    * MUFU.TANH flushes subnormals is not documented (the model does), so
    * an absolute 2^-126 too */
   {"mufu_tanh", "mufu", G1(2), G1(128), 1, 1, 0, 0, "u", 4096, 0x1p-126, gen_tanh, ref_mufu_tanh},
   /* ex2.f16: PTX: relative error 2^-9.9, under 2 f16 ulp */
   {"mufu_ex2_f16", "mufu", G1(2), G1(128), 1, 2, 0, 0, "kk", 2, 0, gen_ex2_f16, ref_mufu_ex2_f16},
   /* cvt */
   {"cvt_f2i", "cvt", G1(2), G1(128), 1, 12, 0, 0, "xxxxxxxxxxxx", 0, 0, gen_f2i, ref_cvt_f2i},
   {"cvt_f2i_small", "cvt", G1(2), G1(128), 1, 6, 0, 0, "xxxxxx", 0, 0, gen_f2i, ref_cvt_f2i_small},
   {"cvt_i2f", "cvt", G1(2), G1(128), 4, 18, 0, 0, "xxxxxxxxxxxxxxxxxx", 0, 0, gen_i2f,
    ref_cvt_i2f},
   {"cvt_f64_i", "cvt", G1(2), G1(128), 2, 12, 0, 0, "xxxxxxxxxxxx", 0, 0, gen_f64_i,
    ref_cvt_f64_i},
   /* NaN payloads of f64 <-> f32 are not checked */
   {"cvt_ff", "cvt", G1(2), G1(128), 4, 16, 0, 0, "fffffffffffxdDxx", 0, 0, gen_cvt_ff, ref_cvt_ff},
   {"cvt_f16", "cvt", G1(2), G1(128), 6, 12, 0, 0, "hhhhfxxxxhhx", 0, 0, gen_cvt_f16, ref_cvt_f16},
   {"cvt_i2i", "cvt", G1(2), G1(128), 4, 16, 0, 0, "xxxxxxxxxxxxxxxx", 0, 0, gen_i2i, ref_cvt_i2i},
   {"cvt_narrow", "cvt", G1(2), G1(128), 4, 8, 0, 0, "xxxhdDdD", 0, 0, gen_cvt_narrow,
    ref_cvt_narrow},
   /* fp64: NaN payloads not checked */
   {"f64_arith", "fp64", G1(2), G1(128), 6, 28, 0, 0, "dDdDdDdDdDdDdDdDdDdDdDdDdDdD", 0, 0,
    gen_f64fma, ref_f64_arith},
   {"f64_divsqrt", "fp64", G1(2), G1(128), 4, 10, 0, 0, "dDdDdDdDdD", 0, 0, gen_f64x2,
    ref_f64_divsqrt},
   {"f64_div_rz", "fp64", G1(2), G1(128), 4, 2, 0, 0, "dD", 0, 0, gen_f64x2, ref_f64_div_rz},
   {"f64_cmp", "fp64", G1(2), G1(128), 4, 8, 0, 0, "xxdDdDdD", 0, 0, gen_f64x2, ref_f64_cmp},
   /* half: NaN payloads not checked */
   {"f16x2_arith", "half", G1(2), G1(128), 3, 10, 0, 0, "hhhhhhhhhx", 0, 0, gen_f16x2_3,
    ref_f16x2_arith},
   {"f16_cmp", "half", G1(2), G1(128), 2, 3, 0, 0, "xfx", 0, 0, gen_f16x2_2, ref_f16_cmp},
};
const unsigned kernels_float_count = ARRAY_SIZE(kernels_float);
