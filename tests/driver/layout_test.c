/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Image layout (src/gallium/drivers/jade/jade_layout.c) against the
 * hardware's formulas, computed here independently:
 *  - a GOB is 64 B x 8 rows; inside it byte (x, y) is at bits
 *    x5 y2 x4 y1 y0 x3 x2 x1 x0 (high to low): Turing's colour GOB, as
 *    Mesa's NIL copies it (src/nouveau/nil/copy.rs, CopyGOBTuring2D), not
 *    the Tegra/Maxwell order (x4 and y1 swapped);
 *  - a block is 1 x 2^h x 2^d GOBs, GOBs ordered y then z; blocks row by
 *    row, then slice by slice;
 *  - each level clamps the block to less than twice its size;
 *  - samples widen a pixel to 2x1 (2), 2x2 (4), 4x2 (8);
 *  - layers hold all levels, a level-0 block apart at least.
 * Sizes below are worked out by hand in the comments.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gob_ref.h"
#include "jade_layout.h"

static unsigned failures, checks;

#define CHECK_EQ(what, got, want)                                                                  \
   do {                                                                                            \
      checks++;                                                                                    \
      unsigned long long g_ = (got), w_ = (want);                                                  \
      if (g_ != w_) {                                                                              \
         failures++;                                                                               \
         fprintf(stderr, "FAIL %s:%d %s: got %llu, want %llu\n", __FILE__, __LINE__, what, g_,     \
                 w_);                                                                              \
      }                                                                                            \
   } while (0)

static struct jade_layout
lay(unsigned w, unsigned h, unsigned d, unsigned layers, unsigned levels, unsigned samples,
    unsigned bw, unsigned bh, unsigned bB, int linear, int is_3d)
{
   struct jade_layout_desc desc = {w, h, d, layers, levels, samples, bw, bh, bB, linear, is_3d};
   struct jade_layout l;
   if (!jade_layout_init(&desc, &l)) {
      failures++;
      fprintf(stderr, "FAIL layout %ux%ux%u refused\n", w, h, d);
   }
   return l;
}

static void
test_2d_mips(void)
{
   /* 256x256 RGBA8, 9 levels.  Level 0: 1024 B x 256 rows = 32 GOB rows,
    * block 32 GOBs high: 262144 B.  Level 1: 512 B x 128 rows, block 16
    * high: 65536.  2: 256 x 64 (8): 16384.  3: 128 x 32 (4): 4096.  4: 64 x
    * 16 (2): 1024.  5..8: one GOB each (8x8 is 32 B wide -> 64).  */
   struct jade_layout l = lay(256, 256, 1, 1, 9, 1, 1, 1, 4, 0, 0);
   static const unsigned long long off[9] = {0,      262144, 327680, 344064, 348160,
                                             349184, 349696, 350208, 350720};
   static const unsigned ty[9] = {5, 4, 3, 2, 1, 0, 0, 0, 0};
   for (unsigned i = 0; i < 9; i++) {
      CHECK_EQ("2d level offset", l.level[i].offset_B, off[i]);
      CHECK_EQ("2d level block height", l.level[i].tile_y_log2, ty[i]);
      CHECK_EQ("2d level depth", l.level[i].tile_z_log2, 0);
   }
   /* 351232 B of levels, layers on a 16 KiB block: 22 blocks. */
   CHECK_EQ("2d array stride", l.array_stride_B, 360448);
   CHECK_EQ("2d size", l.size_B, 360448);
   /* Pixel (70, 45) of level 0: byte 280 -> block 4 (16384 B each), GOB 5
    * of the block, inside the GOB x=24 y=5 -> x0-3 8 + y0 16 + x4 64 +
    * y2 128 (Turing's colour GOB; the Tegra order gave 8 + 16 + 32 + 128). */
   CHECK_EQ("2d pixel offset", jade_layout_offset_B(&l, 0, 0, 280, 45, 0), 68312);
   /* Every byte of levels 0..4 against the reference equation. */
   for (unsigned i = 0; i < 5; i++) {
      const struct jade_layout_level *lv = &l.level[i];
      unsigned bad = 0;
      for (unsigned y = 0; y < (256u >> i); y++)
         for (unsigned x = 0; x < (1024u >> i); x++)
            bad +=
               jade_layout_offset_B(&l, i, 0, x, y, 0) !=
               lv->offset_B + ref_offset(lv->row_stride_B, lv->rows, lv->tile_y_log2, 0, x, y, 0);
      CHECK_EQ("2d level bytes off the reference", bad, 0);
   }
}

static void
test_msaa(void)
{
   /* 4 samples 100x60 RGBA8: 200 x 120 samples; 800 B -> 832; 15 GOB rows
    * -> block 16 high, 128 rows: 106496 B. */
   struct jade_layout l = lay(100, 60, 1, 1, 1, 4, 1, 1, 4, 0, 0);
   CHECK_EQ("msaa grid x", l.ms_x_log2, 1);
   CHECK_EQ("msaa grid y", l.ms_y_log2, 1);
   CHECK_EQ("msaa row", l.level[0].row_stride_B, 832);
   CHECK_EQ("msaa rows", l.level[0].rows, 128);
   CHECK_EQ("msaa size", l.size_B, 106496);
   l = lay(100, 60, 1, 1, 1, 8, 1, 1, 4, 0, 0); /* 4x2: 1600 B -> 1600, 120 rows */
   CHECK_EQ("msaa8 row", l.level[0].row_stride_B, 1600);
   CHECK_EQ("msaa8 rows", l.level[0].rows, 128);
   l = lay(100, 60, 1, 1, 1, 2, 1, 1, 4, 0, 0); /* 2x1: 800 B -> 832, 60 rows -> 64 */
   CHECK_EQ("msaa2 rows", l.level[0].rows, 64);
   CHECK_EQ("msaa2 size", l.size_B, 832 * 64);
}

static void
test_3d(void)
{
   /* 32^3 R8: 64 B x 32 rows (block 4 GOBs high) x 32 slices (32 deep):
    * 65536.  Level 1 16^3: 64 x 16 (2 high) x 16 (16 deep): 16384. */
   struct jade_layout l = lay(32, 32, 32, 1, 2, 1, 1, 1, 1, 0, 1);
   CHECK_EQ("3d level0 ty", l.level[0].tile_y_log2, 2);
   CHECK_EQ("3d level0 tz", l.level[0].tile_z_log2, 5);
   CHECK_EQ("3d level1 offset", l.level[1].offset_B, 65536);
   CHECK_EQ("3d level1 ty", l.level[1].tile_y_log2, 1);
   CHECK_EQ("3d level1 tz", l.level[1].tile_z_log2, 4);
   /* The one layer still ends on a level-0 block (64 KiB here). */
   CHECK_EQ("3d size", l.size_B, 131072);
   unsigned bad = 0;
   for (unsigned z = 0; z < 32; z++)
      for (unsigned y = 0; y < 32; y++)
         for (unsigned x = 0; x < 32; x++)
            bad += jade_layout_offset_B(&l, 0, 0, x, y, z) != ref_offset(64, 32, 2, 5, x, y, z);
   CHECK_EQ("3d bytes off the reference", bad, 0);
   /* A 3D image too shallow for deep blocks: 64x64x3 -> depth 4 (block 4 deep). */
   l = lay(64, 64, 3, 1, 1, 1, 1, 1, 4, 0, 1);
   CHECK_EQ("3d shallow tz", l.level[0].tile_z_log2, 2);
   CHECK_EQ("3d shallow slices", l.level[0].slices, 4);
}

static void
test_cube_array(void)
{
   /* 2 cubes (12 layers) 64x64 RGBA16F, 2 levels: 512 B x 64 rows (block 8
    * high) = 32768; 256 x 32 (4 high) = 8192; 40960 is 10 level-0 blocks
    * of 4096. */
   struct jade_layout l = lay(64, 64, 1, 12, 2, 1, 1, 1, 8, 0, 0);
   CHECK_EQ("cube level1 offset", l.level[1].offset_B, 32768);
   CHECK_EQ("cube array stride", l.array_stride_B, 40960);
   CHECK_EQ("cube size", l.size_B, 12 * 40960);
   CHECK_EQ("cube layer 3 level 1", jade_layout_offset_B(&l, 1, 3, 0, 0, 0), 3 * 40960 + 32768);
   /* Odd sizes: 3 layers of 17x5 RGBA8, 1 level: 68 B -> 128, 5 rows ->
    * one GOB row: 1024 B a layer, on 512 B blocks. */
   l = lay(17, 5, 1, 3, 1, 1, 1, 1, 4, 0, 0);
   CHECK_EQ("odd row", l.level[0].row_stride_B, 128);
   CHECK_EQ("odd stride", l.array_stride_B, 1024);
}

static void
test_compressed_and_linear(void)
{
   /* DXT1 (4x4 blocks of 8 B) 64x64: 16 blocks = 128 B x 16 rows (block 2
    * GOBs high): 2048 B. */
   struct jade_layout l = lay(64, 64, 1, 1, 1, 1, 4, 4, 8, 0, 0);
   CHECK_EQ("dxt1 row", l.level[0].row_stride_B, 128);
   CHECK_EQ("dxt1 rows", l.level[0].rows, 16);
   CHECK_EQ("dxt1 size", l.size_B, 2048);
   /* Pitch-linear 100x7 RGBA8: 400 B rows -> 512 (128 B rule). */
   l = lay(100, 7, 1, 1, 1, 1, 1, 1, 4, 1, 0);
   CHECK_EQ("linear tiled", l.tiled, 0);
   CHECK_EQ("linear pitch", l.level[0].row_stride_B, 512);
   CHECK_EQ("linear offset", jade_layout_offset_B(&l, 0, 0, 12, 3, 0), 3 * 512 + 12);
   struct jade_layout_desc bad = {16, 16, 1, 1, 1, 4, 1, 1, 4, 1, 0};
   checks++;
   if (jade_layout_init(&bad, &l)) {
      failures++;
      fprintf(stderr, "FAIL a multisampled pitch-linear image was accepted\n");
   }
}

static void
test_copy_roundtrip(void)
{
   /* Linear -> block-linear -> linear over an unaligned box of a 3D level
    * and a layer of an array gives the data back, and touches only the box. */
   struct jade_layout l = lay(40, 24, 10, 1, 2, 1, 1, 1, 4, 0, 1);
   uint8_t *img = calloc(1, l.size_B);
   unsigned w = 13, h = 9, d = 3, stride = w * 4;
   uint8_t *src = malloc(stride * h * d), *dst = calloc(1, stride * h * d);
   for (unsigned i = 0; i < stride * h * d; i++)
      src[i] = (uint8_t)(i % 255 + 1); /* never 0 */
   jade_layout_copy(&l, img, 0, 5, 3, 2, w * 4, h, d, src, stride, stride * h, true, true);
   jade_layout_copy(&l, img, 0, 5, 3, 2, w * 4, h, d, dst, stride, stride * h, false, true);
   CHECK_EQ("3d copy round trip", memcmp(src, dst, stride * h * d), 0);
   unsigned nonzero = 0;
   for (unsigned long long i = 0; i < l.size_B; i++)
      nonzero += img[i] != 0;
   CHECK_EQ("3d copy bytes written", nonzero, stride * h * d);
   CHECK_EQ("3d texel (5,3,2)", img[jade_layout_offset_B(&l, 0, 0, 20, 3, 2)], src[0]);
   free(img);
   free(src);
   free(dst);
}

/* Whole GOB rows take a faster path than the edges: a box that starts
 * on a GOB boundary and has unaligned right edges lands byte for byte
 * where the address equation says, and comes back. */
static void
test_copy_gob_rows(void)
{
   struct jade_layout l = lay(100, 40, 1, 2, 1, 1, 1, 1, 4, 0, 0);
   uint8_t *img = calloc(1, l.size_B);
   const unsigned x = 16, y = 9, w = 70, h = 22, stride = w * 4; /* 64 B in, 280 B wide */
   uint8_t *src = malloc(stride * h), *dst = calloc(1, stride * h);
   for (unsigned i = 0; i < stride * h; i++)
      src[i] = (uint8_t)(i % 251 + 1);
   jade_layout_copy(&l, img, 0, x, y, 1, stride, h, 1, src, stride, 0, true, false);
   unsigned bad = 0;
   for (unsigned r = 0; r < h; r++)
      for (unsigned b = 0; b < stride; b++)
         bad += img[jade_layout_offset_B(&l, 0, 1, x * 4 + b, y + r, 0)] != src[r * stride + b];
   CHECK_EQ("gob-row copy bytes off the address equation", bad, 0);
   jade_layout_copy(&l, img, 0, x, y, 1, stride, h, 1, dst, stride, 0, false, false);
   CHECK_EQ("gob-row copy round trip", memcmp(src, dst, stride * h), 0);
   free(img);
   free(src);
   free(dst);
}

int
main(void)
{
   test_2d_mips();
   test_msaa();
   test_3d();
   test_cube_array();
   test_compressed_and_linear();
   test_copy_roundtrip();
   test_copy_gob_rows();
   printf("layout: %u checks, %u failed\n", checks, failures);
   return failures ? 1 : 0;
}
