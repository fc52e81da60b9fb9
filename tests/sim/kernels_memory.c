/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The shared memory, atomics and memory-width kernels of the ptxas kernel test
 * (shared, atomics, memory: tests/sim/kernels), with their input generators and C
 * references, written independently of the model.
 */

#include "kernels_common.h"

/* --- shared -------------------------------------------------------------- */

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
sort_col32(uint32_t *out, unsigned first, unsigned count, unsigned stride, unsigned col,
           uint32_t *extra)
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
sort_col64(uint32_t *out, unsigned first, unsigned count, unsigned stride, unsigned col,
           uint32_t *extra)
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

/* Counters 1-8 of atom_g32 and atom_s32 after a thread's add, signed and
 * unsigned min and max of x = v[0], and with v[1], or with v[2], xor x. */
static void
rmw_counters32(uint32_t *e, const uint32_t *v)
{
   uint32_t x = v[0];
   e[1] += x;
   e[2] = (int32_t)x < (int32_t)e[2] ? x : e[2];
   e[3] = (int32_t)x > (int32_t)e[3] ? x : e[3];
   e[4] = x < e[4] ? x : e[4];
   e[5] = x > e[5] ? x : e[5];
   e[6] &= v[1];
   e[7] |= v[2];
   e[8] ^= x;
}

static void
ref_atom_g32(const uint32_t *in, uint32_t *out, unsigned n)
{
   uint32_t *e = &out[n * 7];
   for (unsigned t = 0; t < n; t++) {
      const uint32_t *v = &in[t * 4];
      uint32_t *o = &out[t * 7];
      o[0] = e[0]++;
      rmw_counters32(e, v);
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
      7, 0, INT64_MAX, (uint64_t)INT64_MIN, ~0ull, 0, ~0ull, 0, 0, 0x1122334455667788ull, 0,
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
      uint32_t e[13] = {0, 0, 0x7fffffff, 0x80000000, 0xffffffff, 0, 0xffffffff,
                        0, 0, 7,          3,          0x1234,     0};
      for (unsigned i = 0; i < 128; i++) {
         unsigned t = cta * 128 + i;
         const uint32_t *v = &in[t * 4];
         uint32_t *o = &out[t * 4];
         o[0] = e[0]++;
         rmw_counters32(e, v);
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

/* --- memory ------------------------------------------------------------- */

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

/* --- the cases ----------------------------------------------------------- */

const struct kcase kernels_memory[] = {
   /* shared */
   {"shm_transpose",
    "shared",
    {2, 2, 1},
    {16, 16, 1},
    1,
    1,
    0,
    0,
    "x",
    0,
    0,
    GEN_INTS,
    ref_shm_transpose},
   {"shm_reduce", "shared", G1(3), G1(256), 1, 0, 0, 6, "", 0, 0, GEN_INTS, ref_shm_reduce},
   {"shm_scan", "shared", G1(2), G1(128), 1, 1, 0, 0, "x", 0, 0, GEN_INTS, ref_shm_scan},
   {"bar_red", "shared", G1(2), G1(128), 1, 3, 0, 0, "xxx", 0, 0, gen_bar_red, ref_bar_red},
   /* atomics: returned values compared as multisets (canon sorts them) */
   {"atom_g32", "atomics", G1(2), G1(128), 4, 7, 0, 13, "xxxxxx-", 0, 0, gen_atom_g32, ref_atom_g32,
    canon_atom_g32},
   {"atom_g64", "atomics", G1(2), G1(128), 8, 10, 0, 22, "xxxxxxxx--", 0, 0, gen_atom_g64,
    ref_atom_g64, canon_atom_g64},
   {"atom_s32", "atomics", G1(2), G1(128), 4, 4, 0, 26, "xxxx", 0, 0, gen_atom_s32, ref_atom_s32,
    canon_atom_s32},
   {"atom_s64", "atomics", G1(2), G1(128), 4, 4, 0, 24, "xxxx", 0, 0, gen_atom_s64, ref_atom_s64,
    canon_atom_s64},
   {"atom_f32", "atomics", G1(2), G1(128), 1, 1, 0, 3, "x", 0, 0, gen_atom_f32, ref_atom_f32},
   {"red_g", "atomics", G1(2), G1(128), 2, 1, 0, 11, "x", 0, 0, gen_red_g, ref_red_g},
   /* memory */
   {"mem_vec", "memory", G1(2), G1(64), 16, 16, 0, 0, "xxxxxxxxxxxxxxxx", 0, 0, GEN_INTS,
    ref_mem_vec},
   {"mem_sub", "memory", G1(2), G1(64), 2, 8, 0, 0, "xxxxxxxx", 0, 0, GEN_INTS, ref_mem_sub},
   {"shm_dynamic", "memory", G1(2), G1(64), 1, 3, 0, 0, "xxx", 0, 0, GEN_INTS, ref_shm_dynamic,
    NULL, NULL, 256},
   {"sreg_misc", "memory", G1(2), G1(64), 1, 4, 0, 0, "xxxx", 0, 0, GEN_INTS, ref_sreg_misc},
   {"fence", "memory", G1(2), G1(64), 1, 1, 0, 0, "x", 0, 0, GEN_INTS, ref_fence},
};
const unsigned kernels_memory_count = ARRAY_SIZE(kernels_memory);
