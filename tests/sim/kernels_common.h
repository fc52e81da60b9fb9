/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Shared by the ptxas kernel test (sim_kernels_test.c) and its case files
 * (kernels_*.c): the PRNG and input generators, bit helpers, and the case
 * description.
 */

#ifndef KERNELS_COMMON_H
#define KERNELS_COMMON_H

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

static inline uint64_t
rng64(struct rng *r)
{
   /* splitmix64 */
   uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

static inline uint32_t
rng32(struct rng *r)
{
   return rng64(r) >> 32;
}
static inline unsigned
rng_below(struct rng *r, unsigned n)
{
   return rng32(r) % n;
}

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static inline float
f32(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}
static inline uint32_t
u32f(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}
static inline double
f64(uint64_t u)
{
   double f;
   memcpy(&f, &u, 8);
   return f;
}
static inline uint64_t
u64f(double f)
{
   uint64_t u;
   memcpy(&u, &f, 8);
   return u;
}

/* Hardware fp32 arithmetic returns the canonical NaN. */
static inline uint32_t
fcanon(float f)
{
   return isnan(f) ? 0x7fffffffu : u32f(f);
}

static inline uint64_t
get64(const uint32_t *w)
{
   return w[0] | (uint64_t)w[1] << 32;
}

static inline void
put64(uint32_t *w, uint64_t v)
{
   w[0] = (uint32_t)v;
   w[1] = (uint32_t)(v >> 32);
}

/* Integers: special values, small ones and ones of every magnitude. */
static inline uint32_t
gen_int(struct rng *r)
{
   static const uint32_t special[] = {
      0,    1,    2,    3,      0xffffffff, 0xfffffffe, 0x80000000, 0x7fffffff, 0x80000001,
      0x7f, 0x80, 0xff, 0x7fff, 0x8000,     0xffff,     0x10000,    0xff800000,
   };
   switch (rng_below(r, 8)) {
   case 0:
   case 1:
      return special[rng_below(r, ARRAY_SIZE(special))];
   case 2:
      return (uint32_t)((int)rng_below(r, 201) - 100);
   case 3:
   case 4:
      return rng32(r) >> rng_below(r, 32);
   case 5:
      return (uint32_t) - (int32_t)(rng32(r) >> rng_below(r, 32));
   default:
      return rng32(r);
   }
}

static inline uint64_t
gen_int64(struct rng *r)
{
   static const uint64_t special[] = {
      0,
      1,
      2,
      ~0ull,
      ~1ull,
      1ull << 63,
      (1ull << 63) - 1,
      (1ull << 63) + 1,
      0xffffffffull,
      0x100000000ull,
      0xffffffff00000000ull,
      0x80000000ull,
   };
   switch (rng_below(r, 8)) {
   case 0:
   case 1:
      return special[rng_below(r, ARRAY_SIZE(special))];
   case 2:
      return (uint64_t)((int64_t)rng_below(r, 201) - 100);
   case 3:
   case 4:
      return rng64(r) >> rng_below(r, 64);
   case 5:
      return -(rng64(r) >> rng_below(r, 64));
   default:
      return rng64(r);
   }
}

/* fp32: zeros, denormals, infinities, NaNs (quiet, signalling, negative),
 * extremes, values near 1 and fully random bits. */
static inline uint32_t
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
   case 1:
      return special[rng_below(r, ARRAY_SIZE(special))];
   case 2: /* denormal or tiny */
      return sign | (rng32(r) >> (8 + rng_below(r, 3)));
   case 3:
   case 4:
   case 5:
   case 6: /* moderate exponents, so sums round */
      return sign | (120 + rng_below(r, 16)) << 23 | (rng32(r) & 0x7fffff);
   case 7: /* small integers and halves */
      return u32f((float)((int)rng_below(r, 41) - 20) * 0.5f);
   default:
      return rng32(r);
   }
}

static inline uint64_t
gen_f64(struct rng *r)
{
   static const uint64_t special[] = {
      0,
      1ull << 63,
      1,
      (1ull << 63) | 1,
      0x000fffffffffffffull,
      0x0010000000000000ull,
      0x3ff0000000000000ull,
      0xbff0000000000000ull,
      0x7ff0000000000000ull,
      0xfff0000000000000ull,
      0x7ff8000000000000ull,
      0xfff8000000000001ull,
      0x7ff0000000000001ull,
      0x7fefffffffffffffull,
      0x3fe0000000000000ull,
      0x47efffffe0000000ull,
      0x41e0000000000000ull,
   };
   uint64_t sign = rng64(r) & (1ull << 63);
   switch (rng_below(r, 10)) {
   case 0:
   case 1:
      return special[rng_below(r, ARRAY_SIZE(special))];
   case 2:
      return sign | (rng64(r) >> (11 + rng_below(r, 3)));
   case 3:
   case 4:
   case 5:
   case 6:
      return sign | (uint64_t)(1015 + rng_below(r, 20)) << 52 | (rng64(r) & 0xfffffffffffffull);
   case 7:
      return u64f((double)((int)rng_below(r, 41) - 20) * 0.5);
   default:
      return rng64(r);
   }
}

/* Rounding modes of the references, as fenv modes. */
static const int rmodes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};

/* FTZ: denormal inputs and results become zeros of the same sign. */
static inline float
ftz(float f)
{
   return fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f;
}

static inline void
gen_cmpf(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   for (unsigned t = 0; t < n; t++) {
      in[t * 2] = gen_f32(r);
      switch (rng_below(r, 6)) {
      case 0:
         in[t * 2 + 1] = in[t * 2];
         break;
      case 1:
         in[t * 2 + 1] = in[t * 2] ^ 0x80000000u;
         break;
      default:
         in[t * 2 + 1] = gen_f32(r);
         break;
      }
   }
}

/* --- a case -------------------------------------------------------------- */

struct kcase {
   const char *name; /* kernel name, also the .entry */
   const char *file; /* kernels/FILE.O0.cubin, .O3.cubin */
   uint32_t grid[3], block[3];
   unsigned in_words, out_words; /* per thread */
   unsigned in_extra, out_extra;
   /* Per output word of a thread: x exact, f fp32 (any NaN for a NaN),
    * d fp64 low word and D high word (any NaN), h two halves (any NaN),
    * u fp32 within ulp or abs_tol (infinities exact, any NaN), v the same
    * within ulp only, k two halves within ulp (any NaN), - not checked.
    * Extra words are exact. */
   const char *kinds;
   double ulp, abs_tol;
   /* Inputs, and out presets; GEN_INTS: gen_int() for every input word. */
   void (*gen)(struct rng *r, uint32_t *in, uint32_t *out, unsigned n);
   void (*ref)(const uint32_t *in, uint32_t *out, unsigned n);
   void (*canon)(uint32_t *out, unsigned n);
   /* Set for kernels whose SASS the model cannot run yet: they are
    * skipped while loading fails or the launch reports unsupported. */
   const char *pending;
   uint32_t dyn_shared; /* bytes of dynamic shared memory */
};

#define G1(x)                                                                                      \
   {                                                                                               \
      x, 1, 1                                                                                      \
   }
#define GEN_INTS NULL

/* The cases of each theme (kernels_*.c). */
extern const struct kcase kernels_int[];
extern const unsigned kernels_int_count;
extern const struct kcase kernels_float[];
extern const unsigned kernels_float_count;
extern const struct kcase kernels_memory[];
extern const unsigned kernels_memory_count;
extern const struct kcase kernels_warp[];
extern const unsigned kernels_warp_count;

#endif /* KERNELS_COMMON_H */
