/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The warp-wide, control-flow, grid and generic-addressing kernels of the ptxas kernel test
 * (warp, control, grid, generic: tests/sim/kernels), with their input generators and C
 * references, written independently of the model.
 */

#include "kernels_common.h"

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
shfl(const uint32_t *v, unsigned stride, unsigned lane, enum shfl_mode mode, uint32_t b, uint32_t c,
     bool *p)
{
   uint32_t bval = b & 0x1f, cval = c & 0x1f, seg = (c >> 8) & 0x1f;
   int max_lane = (lane & seg) | (cval & ~seg);
   int min_lane = lane & seg;
   int j;
   bool pval;
   switch (mode) {
   case SHFL_UP:
      j = (int)lane - (int)bval;
      pval = j >= max_lane;
      break;
   case SHFL_DOWN:
      j = lane + bval;
      pval = j <= max_lane;
      break;
   case SHFL_BFLY:
      j = lane ^ bval;
      pval = j <= max_lane;
      break;
   default:
      j = min_lane | (bval & ~seg);
      pval = j <= max_lane;
      break;
   }
   if (!pval)
      j = lane;
   *p = pval;
   return v[j * stride];
}

static void
gen_shfl(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
   static const uint32_t cs[] = {0x1f,   0x181f, 0x101f, 0x1c1f, 0x1e1f, 0x0f,
                                 0x1807, 0,      0x1800, 0x1c00, 0x3,    0x1f1f};
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
ref_shfl(const uint32_t *in, uint32_t *out, unsigned n, enum shfl_mode mode, uint32_t c1,
         uint32_t c2, uint32_t b3, uint32_t c3)
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
static void
ref_shfl_idx(const uint32_t *in, uint32_t *out, unsigned n)
{
   ref_shfl(in, out, n, SHFL_IDX, 0x1f, 0x181f, 20, 0x0f);
}
static void
ref_shfl_up(const uint32_t *in, uint32_t *out, unsigned n)
{
   ref_shfl(in, out, n, SHFL_UP, 0, 0x1800, 3, 0x4);
}
static void
ref_shfl_down(const uint32_t *in, uint32_t *out, unsigned n)
{
   ref_shfl(in, out, n, SHFL_DOWN, 0x1f, 0x181f, 2, 0x1c1f);
}
static void
ref_shfl_bfly(const uint32_t *in, uint32_t *out, unsigned n)
{
   ref_shfl(in, out, n, SHFL_BFLY, 0x1f, 0x181f, 16, 0x1f);
}

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

/* match.any/all over the active lanes of the value at input word WORD
 * (64 bits when wide). */
static void
match_ref(const uint32_t *in, uint32_t *out, unsigned n, unsigned word, bool wide)
{
   for (unsigned t = 0; t < n; t++) {
      uint32_t lanes = warp_lanes(t, 80), first = t - (t % 80) % 32;
      const uint32_t *mine = &in[t * 4 + word];
      uint32_t any = 0;
      for (unsigned l = 0; l < 32; l++) {
         const uint32_t *theirs = &in[(first + l) * 4 + word];
         if ((lanes >> l & 1) && (wide ? get64(theirs) == get64(mine) : *theirs == *mine))
            any |= 1u << l;
      }
      out[t * 4] = any;
      out[t * 4 + 1] = any == lanes ? lanes : 0;
      out[t * 4 + 2] = any == lanes;
   }
}

static void
ref_match(const uint32_t *in, uint32_t *out, unsigned n)
{
   match_ref(in, out, n, 0, false);
}

static void
ref_match64(const uint32_t *in, uint32_t *out, unsigned n)
{
   match_ref(in, out, n, 2, true);
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
                     uint32_t v[18] = {
                        tx,   ty, tz,     block[0],      block[1],         block[2],
                        cx,   cy, cz,     grid[0],       grid[1],          grid[2],
                        lane, eq, eq - 1, eq | (eq - 1), ~(eq | (eq - 1)), ~(eq - 1)};
                     memcpy(&out[(cta * per_cta + tib) * 18], v, sizeof(v));
                  }
}

static void
gen_nothing(struct rng *r, uint32_t *in, uint32_t *out, unsigned n)
{
}

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

/* --- the cases ----------------------------------------------------------- */

const struct kcase kernels_warp[] = {
   /* warp */
   {"shfl_idx", "warp", G1(2), G1(64), 3, 5, 0, 0, "xxxxx", 0, 0, gen_shfl, ref_shfl_idx},
   {"shfl_up", "warp", G1(2), G1(64), 3, 5, 0, 0, "xxxxx", 0, 0, gen_shfl, ref_shfl_up},
   {"shfl_down", "warp", G1(2), G1(64), 3, 5, 0, 0, "xxxxx", 0, 0, gen_shfl, ref_shfl_down},
   {"shfl_bfly", "warp", G1(2), G1(64), 3, 5, 0, 0, "xxxxx", 0, 0, gen_shfl, ref_shfl_bfly},
   {"vote", "warp", G1(2), G1(80), 1, 7, 0, 0, "xxxxxxx", 0, 0, gen_vote, ref_vote},
   {"match", "warp", G1(2), G1(80), 4, 4, 0, 0, "xxxx", 0, 0, gen_match, ref_match},
   {"match64", "warp", G1(2), G1(80), 4, 4, 0, 0, "xxxx", 0, 0, gen_match, ref_match64},
   {"warp_diverge", "warp", G1(1), G1(48), 1, 4, 0, 0, "xxxx", 0, 0, GEN_INTS, ref_warp_diverge},
   /* control */
   {"ctrl_ifelse", "control", G1(2), G1(128), 2, 1, 0, 0, "x", 0, 0, GEN_INTS, ref_ctrl_ifelse},
   {"ctrl_loop", "control", G1(2), G1(128), 2, 3, 0, 0, "xxx", 0, 0, GEN_INTS, ref_ctrl_loop},
   {"ctrl_collatz", "control", G1(2), G1(64), 1, 2, 0, 0, "xx", 0, 0, GEN_INTS, ref_ctrl_collatz},
   {"ctrl_exit", "control", G1(2), G1(96), 1, 3, 0, 0, "xxx", 0, 0, GEN_INTS, ref_ctrl_exit},
   {"ctrl_local", "control", G1(2), G1(64), 2, 3, 0, 0, "xxx", 0, 0, GEN_INTS, ref_ctrl_local},
   /* grid */
   {"grid_2d",
    "grid",
    {2, 3, 1},
    {16, 4, 1},
    0,
    18,
    0,
    0,
    "xxxxxxxxxxxxxxxxxx",
    0,
    0,
    gen_nothing,
    ref_grid_2d},
   {"grid_3d",
    "grid",
    {2, 2, 2},
    {4, 4, 4},
    0,
    18,
    0,
    0,
    "xxxxxxxxxxxxxxxxxx",
    0,
    0,
    gen_nothing,
    ref_grid_3d},
   /* generic */
   {"gen_global", "generic", G1(2), G1(64), 2, 4, 0, 0, "xxxx", 0, 0, GEN_INTS, ref_gen_global},
   {"gen_shared", "generic", G1(2), G1(128), 1, 4, 0, 0, "xxxx", 0, 0, GEN_INTS, ref_gen_shared},
   {"gen_mixed", "generic", G1(2), G1(128), 1, 2, 0, 0, "xx", 0, 0, GEN_INTS, ref_gen_mixed},
};
const unsigned kernels_warp_count = ARRAY_SIZE(kernels_warp);
