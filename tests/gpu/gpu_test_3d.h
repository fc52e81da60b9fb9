/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * What the 3D pipeline's tests share (raster_test.c, clip_test.c,
 * zeta_test.c, dump_test.c): float bits, a method written straight into
 * the model's state, and the 16 x 16 pitch colour target with a viewport
 * mapping clip x, y in [-1, 1] to window [0, 16) and depth [0, 1].
 */

#ifndef GPU_TEST_3D_H
#define GPU_TEST_3D_H

#include <stdint.h>
#include <string.h>

#include "nvidia/classes/clc597.h"

#include "gpu_private.h"

static inline uint32_t
gpu_test_fu(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* Method mthd of subchannel 0 set as if it had been sent. */
static inline void
gpu_test_set(struct jade_gpu *gpu, uint32_t mthd, uint32_t v)
{
   gpu->method[0][mthd / 4] = v;
}

/* Colour target 0: n x n pixels of 4 bytes, pitch layout (WIDTH = the
 * pitch in bytes), at va; surface clip, viewport 0 (window = ndc * n / 2
 * + n / 2, z = ndc * 0.5 + 0.5) and its depth range [0, 1]. */
static inline void
gpu_test_target(struct jade_gpu *gpu, uint64_t va, unsigned n, uint32_t format)
{
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_A(0), (uint32_t)(va >> 32));
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_B(0), (uint32_t)va);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_WIDTH(0), n * 4);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_HEIGHT(0), n);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_FORMAT(0), format);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_MEMORY(0), 1 << 12);   /* LAYOUT PITCH */
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_THIRD_DIMENSION(0), 1);
   gpu_test_set(gpu, NVC597_SET_CT_SELECT, 1);
   gpu_test_set(gpu, NVC597_SET_CT_WRITE(0), 0x1111);
   gpu_test_set(gpu, NVC597_SET_CT_MRT_ENABLE, 1);
   gpu_test_set(gpu, NVC597_SET_SURFACE_CLIP_HORIZONTAL, n << 16);
   gpu_test_set(gpu, NVC597_SET_SURFACE_CLIP_VERTICAL, n << 16);
   const float h = (float)n / 2;
   gpu_test_set(gpu, NVC597_SET_VIEWPORT_SCALE_X(0), gpu_test_fu(h));
   gpu_test_set(gpu, NVC597_SET_VIEWPORT_SCALE_Y(0), gpu_test_fu(h));
   gpu_test_set(gpu, NVC597_SET_VIEWPORT_OFFSET_X(0), gpu_test_fu(h));
   gpu_test_set(gpu, NVC597_SET_VIEWPORT_OFFSET_Y(0), gpu_test_fu(h));
   gpu_test_set(gpu, NVC597_SET_VIEWPORT_SCALE_Z(0), gpu_test_fu(0.5f));
   gpu_test_set(gpu, NVC597_SET_VIEWPORT_OFFSET_Z(0), gpu_test_fu(0.5f));
   /* The depth range (fragments outside it are dropped). */
   gpu_test_set(gpu, NVC597_SET_VIEWPORT_CLIP_MIN_Z(0), gpu_test_fu(0.0f));
   gpu_test_set(gpu, NVC597_SET_VIEWPORT_CLIP_MAX_Z(0), gpu_test_fu(1.0f));
}

#endif /* GPU_TEST_3D_H */
