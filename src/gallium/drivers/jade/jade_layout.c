/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Image layout: pitch-linear and block-linear (jade_layout.h).  The GOB
 * swizzle and the per-level block clamping follow the hardware's
 * documented behaviour (see docs/driver.md, "Resource layout").
 */

#include <string.h>

#include "util/macros.h"
#include "util/u_math.h"

#include "jade_layout.h"

/* Row pitch of pitch-linear images: the colour target unit needs 128 B. */
#define JADE_LINEAR_PITCH_ALIGN_B 128
#define JADE_MAX_TILE_LOG2        5

static void
sample_grid(uint32_t samples, uint8_t *x_log2, uint8_t *y_log2)
{
   /* 2 samples: 2x1, 4: 2x2, 8: 4x2, 16: 4x4 */
   unsigned s = util_logbase2(MAX2(samples, 1));
   *x_log2 = (s + 1) / 2;
   *y_log2 = s / 2;
}

bool
jade_layout_init(const struct jade_layout_desc *d, struct jade_layout *l)
{
   memset(l, 0, sizeof(*l));
   if (!d->levels || d->levels > JADE_LAYOUT_MAX_LEVELS || !d->block_B || !d->block_w ||
       !d->block_h || !util_is_power_of_two_nonzero(MAX2(d->samples, 1)) || d->samples > 16)
      return false;
   if (d->linear && d->samples > 1)
      return false;

   l->tiled = !d->linear;
   l->block_w = d->block_w;
   l->block_h = d->block_h;
   l->block_B = d->block_B;
   l->levels = d->levels;
   sample_grid(d->samples, &l->ms_x_log2, &l->ms_y_log2);

   uint8_t base_y = 0, base_z = 0;
   uint64_t layer_B = 0;
   for (unsigned i = 0; i < d->levels; i++) {
      struct jade_layout_level *lvl = &l->level[i];
      const uint32_t w_px = u_minify(d->width, i), h_px = u_minify(d->height, i);
      const uint32_t depth = d->is_3d ? u_minify(d->depth, i) : 1;
      const uint32_t width_B = DIV_ROUND_UP(w_px, d->block_w) * d->block_B << l->ms_x_log2;
      const uint32_t rows = DIV_ROUND_UP(h_px, d->block_h) << l->ms_y_log2;

      lvl->offset_B = layer_B;
      if (!l->tiled) {
         lvl->row_stride_B = align(width_B, JADE_LINEAR_PITCH_ALIGN_B);
         lvl->rows = rows;
         lvl->slices = depth;
         layer_B += (uint64_t)lvl->row_stride_B * rows * depth;
         layer_B = align64(layer_B, JADE_GOB_SIZE_B);
         continue;
      }

      const unsigned gob_rows = DIV_ROUND_UP(rows, JADE_GOB_HEIGHT);
      if (i == 0) {
         base_y = MIN2(JADE_MAX_TILE_LOG2, util_logbase2_ceil(gob_rows));
         base_z = d->is_3d ? MIN2(JADE_MAX_TILE_LOG2, util_logbase2_ceil(depth)) : 0;
      }
      lvl->tile_y_log2 = MIN2(base_y, util_logbase2_ceil(gob_rows));
      lvl->tile_z_log2 = MIN2(base_z, util_logbase2_ceil(depth));
      lvl->row_stride_B = align(width_B, JADE_GOB_WIDTH_B);
      lvl->rows = align(rows, JADE_GOB_HEIGHT << lvl->tile_y_log2);
      lvl->slices = align(depth, 1u << lvl->tile_z_log2);
      layer_B += (uint64_t)lvl->row_stride_B * lvl->rows * lvl->slices;
   }

   /* Layers start on a level-0 block. */
   const uint64_t block0_B = l->tiled ? (uint64_t)JADE_GOB_SIZE_B
                                           << (l->level[0].tile_y_log2 + l->level[0].tile_z_log2)
                                      : JADE_GOB_SIZE_B;
   l->array_stride_B = align64(layer_B, block0_B);
   l->size_B = l->array_stride_B * MAX2(d->array_size, 1);
   return true;
}

/* Byte offset inside a GOB: bits x0-3, y0, y1, x4, y2, x5 from low to
 * high: Turing's colour GOB, as Mesa's NIL copies it (src/nouveau/nil/
 * copy.rs, CopyGOBTuring2D: 16-byte runs of rows 0-3 at 0x00-0x30, x 16 at
 * +0x40, rows 4-7 at +0x80, x 32 at +0x100; NVK runs on Turing).  Not the
 * Tegra/Maxwell order (y1 and x4 swapped) that Jade used before. */
static inline uint32_t
gob_offset(uint32_t x, uint32_t y)
{
   return (x & 15) | (y & 3) << 4 | (x & 16) << 2 | (y & 4) << 5 | (x & 32) << 3;
}

uint64_t
jade_layout_offset_B(const struct jade_layout *l, unsigned level, unsigned layer, uint32_t x_B,
                     uint32_t y, uint32_t z)
{
   const struct jade_layout_level *lvl = &l->level[level];
   uint64_t base = (uint64_t)layer * l->array_stride_B + lvl->offset_B;

   if (!l->tiled)
      return base + ((uint64_t)z * lvl->rows + y) * lvl->row_stride_B + x_B;

   const unsigned ty = lvl->tile_y_log2, tz = lvl->tile_z_log2;
   const uint32_t tile_h = JADE_GOB_HEIGHT << ty, tile_d = 1u << tz;
   const uint64_t block_B = (uint64_t)JADE_GOB_SIZE_B << (ty + tz);
   const uint32_t blocks_x = lvl->row_stride_B / JADE_GOB_WIDTH_B;
   const uint32_t blocks_y = lvl->rows / tile_h;

   const uint64_t block =
      ((uint64_t)(z / tile_d) * blocks_y + y / tile_h) * blocks_x + x_B / JADE_GOB_WIDTH_B;
   const uint32_t gob = ((z % tile_d) << ty) | ((y % tile_h) / JADE_GOB_HEIGHT);
   return base + block * block_B + (uint64_t)gob * JADE_GOB_SIZE_B +
          gob_offset(x_B % JADE_GOB_WIDTH_B, y % JADE_GOB_HEIGHT);
}

void
jade_layout_copy(const struct jade_layout *l, uint8_t *image, unsigned level, uint32_t x,
                 uint32_t y, uint32_t z, uint32_t w_B, uint32_t h, uint32_t d, uint8_t *linear,
                 uint32_t stride_B, uint64_t layer_stride_B, bool to_image, bool is_3d)
{
   const uint32_t x_B = x * l->block_B;

   for (uint32_t k = 0; k < d; k++) {
      const unsigned layer = is_3d ? 0 : z + k, slice = is_3d ? z + k : 0;
      for (uint32_t r = 0; r < h; r++) {
         uint8_t *lin = linear + k * layer_stride_B + (uint64_t)r * stride_B;
         if (!l->tiled) {
            uint8_t *img = image + jade_layout_offset_B(l, level, layer, x_B, y + r, slice);
            if (to_image)
               memcpy(img, lin, w_B);
            else
               memcpy(lin, img, w_B);
            continue;
         }
         /* A whole 64-byte GOB row is four 16-byte runs at +0, +64, +256
          * and +320 (bits x4 and x5); GOBs along a row are a block apart.
          * Edges go 16 bytes (or less) at a time. */
         const struct jade_layout_level *lvl = &l->level[level];
         const uint64_t block_B = (uint64_t)JADE_GOB_SIZE_B
                                  << (lvl->tile_y_log2 + lvl->tile_z_log2);
         uint8_t *row = image + jade_layout_offset_B(l, level, layer, 0, y + r, slice);
         for (uint32_t b = 0; b < w_B;) {
            const uint32_t xb = x_B + b;
            if ((xb & 63) == 0 && w_B - b >= 64) {
               static const uint16_t run[4] = {0, 64, 256, 320};
               uint8_t *gob = row + (xb / JADE_GOB_WIDTH_B) * block_B;
               for (unsigned k = 0; k < 4; k++) {
                  if (to_image)
                     memcpy(gob + run[k], lin + b + 16 * k, 16);
                  else
                     memcpy(lin + b + 16 * k, gob + run[k], 16);
               }
               b += 64;
               continue;
            }
            const uint32_t n = MIN2(16 - (xb & 15), w_B - b);
            uint8_t *img = image + jade_layout_offset_B(l, level, layer, xb, y + r, slice);
            if (to_image)
               memcpy(img, lin + b, n);
            else
               memcpy(lin + b, img, n);
            b += n;
         }
      }
   }
}
