/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The block-linear layout worked out from the documented rules alone
 * (docs/driver.md "Resources and layout", the rules NVK's nil_image.c
 * follows), never from jade_layout.c, so that the driver's tests can hold
 * its tiler and its choices against it:
 *  - a GOB is 64 B x 8 rows; inside it byte (x, y) is at bits
 *    x5 y2 x4 y1 y0 x3 x2 x1 x0 (high to low): Turing's colour GOB, as
 *    Mesa's NIL copies it (src/nouveau/nil/copy.rs, CopyGOBTuring2D), not
 *    the Tegra/Maxwell order (x4 and y1 swapped);
 *  - a block is 1 x 2^h x 2^d GOBs, GOBs ordered y then z; blocks row by
 *    row, then slice by slice;
 *  - level 0's block is the smallest power of two of GOBs covering it (at
 *    most 32), each level clamps it to less than twice its size;
 *  - levels follow one another; layers start on a level-0 block.
 * Single-sampled images only.
 */

#ifndef GOB_REF_H
#define GOB_REF_H

#include <stdbool.h>

/* The address equation written bit by bit from the GOB table.  row_B and
 * rows are the level's width in bytes and height in rows, both already
 * padded to whole blocks. */
static inline unsigned long long
ref_offset(unsigned row_B, unsigned rows, unsigned ty, unsigned tz, unsigned x, unsigned y,
           unsigned z)
{
   unsigned bit[9] = {x & 1,      x >> 1 & 1, x >> 2 & 1, x >> 3 & 1, y & 1,
                      y >> 1 & 1, x >> 4 & 1, y >> 2 & 1, x >> 5 & 1};
   unsigned in_gob = 0;
   for (unsigned b = 0; b < 9; b++)
      in_gob |= bit[b] << b;
   unsigned gob_x = x / 64, gob_y = y / 8;
   unsigned bh = 1u << ty, bd = 1u << tz;
   unsigned long long block_B = 512ull * bh * bd;
   unsigned long long blocks_per_row = row_B / 64,
                      blocks_per_slice = blocks_per_row * (rows / 8 / bh);
   unsigned long long block = (z / bd) * blocks_per_slice + (gob_y / bh) * blocks_per_row + gob_x;
   unsigned gob_in_block = (z % bd) * bh + gob_y % bh;
   return block * block_B + gob_in_block * 512ull + in_gob;
}

struct ref_level {
   unsigned long long offset_B;  /* from the start of a layer */
   unsigned row_B, rows, slices; /* padded to whole blocks */
   unsigned ty, tz;              /* block height and depth, log2 GOBs */
};

struct ref_image {
   struct ref_level level[16];
   unsigned long long layer_B; /* bytes from one layer to the next */
};

static inline unsigned
ref_log2_ceil(unsigned n)
{
   unsigned l = 0;
   while ((1u << l) < n)
      l++;
   return l;
}

static inline unsigned
ref_min(unsigned a, unsigned b)
{
   return a < b ? a : b;
}

/* w x h x d pixels (d > 1 only in 3D), in format blocks of bw x bh pixels
 * and bB bytes. */
static inline void
ref_layout(unsigned w, unsigned h, unsigned d, unsigned levels, unsigned bw, unsigned bh,
           unsigned bB, struct ref_image *img)
{
   unsigned long long at = 0;
   unsigned ty0 = 0, tz0 = 0;
   for (unsigned i = 0; i < levels; i++) {
      struct ref_level *lv = &img->level[i];
      unsigned lw = w >> i ? w >> i : 1, lh = h >> i ? h >> i : 1, ld = d >> i ? d >> i : 1;
      unsigned gob_cols = ((lw + bw - 1) / bw * bB + 63) / 64;
      unsigned gob_rows = ((lh + bh - 1) / bh + 7) / 8;
      if (i == 0) {
         ty0 = ref_min(ref_log2_ceil(gob_rows), 5);
         tz0 = ref_min(ref_log2_ceil(ld), 5);
      }
      lv->ty = ref_min(ty0, ref_log2_ceil(gob_rows));
      lv->tz = ref_min(tz0, ref_log2_ceil(ld));
      lv->row_B = gob_cols * 64;
      lv->rows = (gob_rows + (1u << lv->ty) - 1) >> lv->ty << lv->ty << 3;
      lv->slices = (ld + (1u << lv->tz) - 1) >> lv->tz << lv->tz;
      lv->offset_B = at;
      at += (unsigned long long)lv->row_B * lv->rows * lv->slices;
   }
   unsigned long long block0_B = 512ull << (ty0 + tz0);
   img->layer_B = (at + block0_B - 1) / block0_B * block0_B;
}

#endif /* GOB_REF_H */
