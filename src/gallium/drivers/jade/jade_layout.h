/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Where the texels of an image live in memory: pure arithmetic, no
 * Gallium, so the unit tests check it against the hardware's formulas.
 *
 * Block-linear ("tiled") images are made of GOBs, 64 bytes x 8 rows
 * (512 B).  GOBs form blocks of 1 x 2^y x 2^z GOBs (the block height and
 * depth the texture header, colour target and zeta methods take); blocks
 * are laid out row by row, then slice by slice.  Each mip level keeps
 * the level-0 block size clamped to the level (what the hardware does
 * per LOD: less than twice the level in each dimension).  An array
 * layer holds all its levels; layers are a fixed stride apart.
 */

#ifndef JADE_LAYOUT_H
#define JADE_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#define JADE_LAYOUT_MAX_LEVELS 16
#define JADE_GOB_WIDTH_B       64
#define JADE_GOB_HEIGHT        8
#define JADE_GOB_SIZE_B        512

/* What the layout depends on: sizes in pixels, the format's block (a
 * compressed format's 4x4, 1x1 otherwise) and bytes per block. */
struct jade_layout_desc {
   uint32_t width, height, depth; /* depth > 1 only for 3D images */
   uint32_t array_size;           /* layers (6 per cube) */
   uint32_t levels;
   uint32_t samples; /* 1, 2, 4, 8 */
   uint32_t block_w, block_h, block_B;
   bool linear; /* pitch-linear: one 2D level, no layers */
   bool is_3d;  /* blocks may be deeper than one GOB */
};

struct jade_layout_level {
   uint64_t offset_B;     /* from the start of a layer */
   uint32_t row_stride_B; /* linear: bytes per row; tiled: aligned width */
   uint32_t rows;         /* tiled: rows the level takes, tile-aligned */
   uint32_t slices;       /* tiled: slices, tile-aligned */
   uint8_t tile_y_log2;   /* block height in GOBs, log2 */
   uint8_t tile_z_log2;   /* block depth in GOBs, log2 */
};

struct jade_layout {
   bool tiled;
   uint8_t ms_x_log2, ms_y_log2; /* samples as a 2D grid per pixel */
   uint32_t block_w, block_h, block_B;
   uint32_t levels;
   uint64_t array_stride_B; /* bytes between layers */
   uint64_t size_B;
   struct jade_layout_level level[JADE_LAYOUT_MAX_LEVELS];
};

/* Lays out an image; returns false if desc is out of range. */
bool jade_layout_init(const struct jade_layout_desc *desc, struct jade_layout *out);

/* The byte offset of byte x_B of row y (in blocks, samples included) of
 * slice z of a level in a layer. */
uint64_t jade_layout_offset_B(const struct jade_layout *l, unsigned level, unsigned layer,
                              uint32_t x_B, uint32_t y, uint32_t z);

/* Copies a box (x, y in blocks; w_B bytes wide, h rows, d slices or
 * layers from z) between an image at `image` and linear memory with the
 * given strides, in the direction `to_image`.  For 3D images z counts
 * slices, for the others layers. */
void jade_layout_copy(const struct jade_layout *l, uint8_t *image, unsigned level, uint32_t x,
                      uint32_t y, uint32_t z, uint32_t w_B, uint32_t h, uint32_t d, uint8_t *linear,
                      uint32_t stride_B, uint64_t layer_stride_B, bool to_image, bool is_3d);

#endif /* JADE_LAYOUT_H */
