/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * What the 3D pipeline's tests share (raster_test.c, clip_test.c,
 * zeta_test.c): float bits, a method written straight into the model's
 * state, a pixel program assembled into the tests' memory, and the n x n
 * pitch colour target with a viewport mapping clip x, y in [-1, 1] to
 * window [0, n) and depth [0, 1].
 */

#ifndef GPU_TEST_3D_H
#define GPU_TEST_3D_H

#include <stdint.h>
#include <string.h>

#include "nvidia/classes/clc597.h"

#include "gpu_3d.h"
#include "gpu_private.h"
#include "gpu_test_asm.h"
#include "gpu_test_context.h"
#include "jade_sph.h"

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

/* The context state a driver programs (gpu_test_context.h), written
 * into subchannel subc's store as if it had been sent. */
static inline void
gpu_test_3d_context(struct jade_gpu *gpu, unsigned subc)
{
   for (unsigned i = 0; i < GPU_TEST_CONTEXT_METHODS; i++)
      gpu->method[subc][gpu_test_context_state[i].mthd / 4] = gpu_test_context_state[i].value;
}

/* A model whose subchannel 0 holds TURING_A with the context state a
 * driver programs, over the tests' memory at va. */
static inline struct jade_gpu *
gpu_test_3d_create(uint64_t va)
{
   const struct jade_gpu_env env = gpu_test_env(va);
   struct jade_gpu *gpu = jade_gpu_create(&env);
   if (!gpu)
      return NULL;
   gpu->subc_class[0] = 0xc597;
   gpu_test_3d_context(gpu, 0);
   return gpu;
}

/* Colour target 0: n x n pixels of 4 bytes, pitch layout (WIDTH = the
 * pitch in bytes), at va; the sample masks open, surface clip, viewport 0 (window = ndc * n / 2
 * + n / 2, z = ndc * 0.5 + 0.5) and its depth range [0, 1]. */
static inline void
gpu_test_target(struct jade_gpu *gpu, uint64_t va, unsigned n, uint32_t format)
{
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_A(0), (uint32_t)(va >> 32));
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_B(0), (uint32_t)va);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_WIDTH(0), n * 4);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_HEIGHT(0), n);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_FORMAT(0), format);
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_MEMORY(0), 1 << 12); /* LAYOUT PITCH */
   gpu_test_set(gpu, NVC597_SET_COLOR_TARGET_THIRD_DIMENSION(0), 1);
   gpu_test_set(gpu, NVC597_SET_CT_SELECT, 1);
   gpu_test_set(gpu, NVC597_SET_CT_WRITE(0), 0x1111);
   gpu_test_set(gpu, NVC597_SET_CT_MRT_ENABLE, 1);
   /* Every sample of every quad pixel may be covered (a 0 mask, the
    * store's start, drops all: nvc0 and NVK program the four). */
   gpu_test_set(gpu, NVC597_SET_SAMPLE_MASK_X0_Y0, 0xffff);
   gpu_test_set(gpu, NVC597_SET_SAMPLE_MASK_X1_Y0, 0xffff);
   gpu_test_set(gpu, NVC597_SET_SAMPLE_MASK_X0_Y1, 0xffff);
   gpu_test_set(gpu, NVC597_SET_SAMPLE_MASK_X1_Y1, 0xffff);
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

/* `lines` assembled at byte `at` of the tests' memory as a pixel program
 * writing output 0 (its header: OMAP R, G, B, A of target 0; the caller
 * adds input maps), the instruction cache dropped since code changed. */
static inline bool
gpu_test_pixel_program(struct jade_gpu *gpu, const char *const *lines, unsigned n, uint32_t at,
                       struct gpu_3d_stage *ps)
{
   if (!gpu_test_assemble(lines, n, at))
      return false;
   gpu_method(gpu, 0, NVC597_INVALIDATE_SHADER_CACHES,
              1u << GPU_LO(NVC597_INVALIDATE_SHADER_CACHES_INSTRUCTION));
   memset(ps, 0, sizeof(*ps));
   /* IMAP_POSITION_W: every PS header has it (the hardware traps
    * without, NAK from_nir.rs). */
   struct jade_sph_ps h = {.sph_type = JADE_SPH_PS_SPH_TYPE_TYPE_02_PS,
                           .version = 3,
                           .shader_type = 5,
                           .imap_position_w = 1};
   h.omap_red[0] = h.omap_green[0] = h.omap_blue[0] = h.omap_alpha[0] = 1;
   jade_sph_ps_pack(ps->sph, &h);
   ps->enabled = true;
   ps->code = mem_va + at;
   ps->register_count = 16;
   return true;
}

#endif /* GPU_TEST_3D_H */
