/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The zeta unit (gpu_3d_zeta.c) against hand-computed values: a 16 x 16
 * zeta target of one GOB per block in the tests' memory, fragments handed
 * to gpu_3d_zeta_fragment one by one, CLEAR_SURFACE through the method
 * interface.  Addresses by hand: a 4-byte pixel (x, y) of the first GOB
 * row is at byte (4x % 16) + 16 (y % 4) + 64 (4x / 16 % 2) + 128 (y / 4 % 2)
 * + 256 (4x / 32) (the colour GOB order the model stands in for FermiZS),
 * a GOB of 64 B x 8 rows.  Cases: a Z24S8 depth test (LESS, write) on a
 * cleared surface with its stored 24-bit value; depth write off; the depth
 * range clamped or dropping; stencil ops (INCR wraps, INCRSAT saturates,
 * REPLACE through the write mask) with masked EQUAL tests; two-sided
 * stencil on a back face; stencil clear through RESPECT_STENCIL_MASK; ZF32
 * storing the float as it is; S8Z24's depth in the low 24 bits.
 */

#include <string.h>

#include "nvidia/classes/clc597.h"

#include "gpu_test.h"
#include "gpu_test_3d.h"
#include "gpu_3d_raster.h"

#define VA 0x100000000ull
#define ZT 0x8000u
#define N  16

static struct jade_gpu *gpu;

static void
set(uint32_t mthd, uint32_t v)
{
   gpu_test_set(gpu, mthd, v);
}

/* Pixel (x, y) of a 4-byte zeta target, first GOB row (y < 8). */
static uint32_t *
z4(unsigned x, unsigned y)
{
   unsigned b = 4 * x;
   return (uint32_t *)(mem + ZT + (b % 16) + 16 * (y % 4) + 64 * (b / 16 % 2) + 128 * (y / 4 % 2) +
                       256 * (b / 32));
}

static void
zeta(uint32_t format)
{
   set(NVC597_SET_ZT_A, (uint32_t)(VA >> 32));
   set(NVC597_SET_ZT_B, ZT);
   set(NVC597_SET_ZT_FORMAT, format);
   set(NVC597_SET_ZT_BLOCK_SIZE, 0);
   set(NVC597_SET_ZT_ARRAY_PITCH, 0x1000 >> 2);
   set(NVC597_SET_ZT_SIZE_A, N);
   set(NVC597_SET_ZT_SIZE_B, N);
   set(NVC597_SET_ZT_SIZE_C, 1 << 16); /* ARRAY_SIZE_IS_ONE */
   set(NVC597_SET_ZT_LAYER, 0);
   set(NVC597_SET_ZT_SELECT, 1);
   set(NVC597_SET_SURFACE_CLIP_HORIZONTAL, N << 16);
   set(NVC597_SET_SURFACE_CLIP_VERTICAL, N << 16);
   /* The depth range [0, 1], clamped. */
   set(NVC597_SET_VIEWPORT_CLIP_CONTROL, 1 << 3 | 1 << 4 | 2 << 16);
}

static bool
frag(unsigned x, unsigned y, float depth, bool front)
{
   struct gpu_3d_zeta z;
   char err[160];
   if (!gpu_3d_zeta_read(gpu, 0, &z, err, sizeof(err))) {
      printf("FAIL: zeta read: %s\n", err);
      failures++;
      return false;
   }
   bool pass = false;
   if (!gpu_3d_zeta_fragment(gpu, &z, (int32_t)x, (int32_t)y, 0, 0, depth, 1.0f, front, &pass)) {
      printf("FAIL: fragment faulted: %s\n", last_log);
      failures++;
   }
   return pass;
}

static void
clear(bool depth, bool stencil)
{
   gpu_method(gpu, 0, NVC597_CLEAR_SURFACE, (depth ? 1u : 0) | (stencil ? 2u : 0));
}

int
main(void)
{
   gpu = gpu_test_3d_create(VA);
   set(NVC597_SET_RENDER_ENABLE_C, NVC597_SET_RENDER_ENABLE_C_MODE_TRUE);

   /* 1. Z24S8 (depth in bits 31:8), cleared to 1.0 and stencil 0x5a:
    * LESS with writes keeps the nearer of 0.5, 0.75, 0.25; 0.5 is stored
    * as round(0.5 * (2^24 - 1)) = 0x800000. */
   zeta(NVC597_SET_ZT_FORMAT_V_Z24S8);
   set(NVC597_SET_Z_CLEAR_VALUE, gpu_test_fu(1.0f));
   set(NVC597_SET_STENCIL_CLEAR_VALUE, 0x5a);
   clear(true, true);
   CHECK(*z4(3, 2) == 0xffffff5a, "clear: 0x%08x", *z4(3, 2));
   CHECK(*z4(15, 7) == 0xffffff5a, "clear, last pixel of the GOB: 0x%08x", *z4(15, 7));
   set(NVC597_SET_DEPTH_TEST, 1);
   set(NVC597_SET_DEPTH_WRITE, 1);
   set(NVC597_SET_DEPTH_FUNC, NVC597_SET_DEPTH_FUNC_V_OGL_LESS);
   CHECK(frag(5, 2, 0.5f, true), "0.5 < 1.0 passes");
   CHECK(*z4(5, 2) == 0x8000005a, "0.5 stored: 0x%08x", *z4(5, 2));
   CHECK(!frag(5, 2, 0.75f, true), "0.75 fails");
   CHECK(*z4(5, 2) == 0x8000005a, "a failing fragment writes nothing: 0x%08x", *z4(5, 2));
   CHECK(frag(5, 2, 0.25f, true), "0.25 passes");
   CHECK(*z4(5, 2) >> 8 == 0x400000, "0.25 stored: 0x%08x", *z4(5, 2));
   CHECK(*z4(4, 2) == 0xffffff5a && *z4(6, 2) == 0xffffff5a, "neighbours untouched");

   /* 2. Depth writes off: the test still decides, memory keeps its value. */
   set(NVC597_SET_DEPTH_WRITE, 0);
   CHECK(frag(1, 1, 0.1f, true), "0.1 passes");
   CHECK(*z4(1, 1) == 0xffffff5a, "no depth write: 0x%08x", *z4(1, 1));

   /* 3. The depth range: 1.5 clamps to 1.0 (LEQUAL passes against 1.0);
    * with PIXEL_MAX_Z = CLIP it is dropped. */
   set(NVC597_SET_DEPTH_FUNC, NVC597_SET_DEPTH_FUNC_V_OGL_LEQUAL);
   CHECK(frag(2, 1, 1.5f, true), "1.5 clamps to 1.0");
   set(NVC597_SET_VIEWPORT_CLIP_CONTROL, 1 << 3 | 2 << 16);
   CHECK(!frag(2, 1, 1.5f, true), "1.5 clipped");
   set(NVC597_SET_VIEWPORT_CLIP_CONTROL, 1 << 3 | 1 << 4 | 2 << 16);
   set(NVC597_SET_DEPTH_TEST, 0);

   /* 4. Stencil: EQUAL 0x5a under mask 0xf0 (0x50 == 0x50), INCR on pass:
    * 0x5a -> 0x5b; at 0xff INCR wraps to 0, INCRSAT stays. */
   set(NVC597_SET_STENCIL_TEST, 1);
   set(NVC597_SET_STENCIL_FUNC, NVC597_SET_STENCIL_FUNC_V_OGL_EQUAL);
   set(NVC597_SET_STENCIL_FUNC_REF, 0x53);
   set(NVC597_SET_STENCIL_FUNC_MASK, 0xf0);
   set(NVC597_SET_STENCIL_MASK, 0xff);
   set(NVC597_SET_STENCIL_OP_FAIL, NVC597_SET_STENCIL_OP_FAIL_V_OGL_KEEP);
   set(NVC597_SET_STENCIL_OP_ZFAIL, NVC597_SET_STENCIL_OP_ZFAIL_V_OGL_KEEP);
   set(NVC597_SET_STENCIL_OP_ZPASS, NVC597_SET_STENCIL_OP_ZPASS_V_OGL_INCR);
   CHECK(frag(7, 3, 0.5f, true), "masked EQUAL passes");
   CHECK((*z4(7, 3) & 0xff) == 0x5b, "INCR: 0x%02x", *z4(7, 3) & 0xff);
   CHECK(*z4(7, 3) >> 8 == 0xffffff, "stencil alone leaves depth: 0x%08x", *z4(7, 3));
   set(NVC597_SET_STENCIL_FUNC, NVC597_SET_STENCIL_FUNC_V_OGL_ALWAYS);
   *z4(8, 3) = 0xffffffff;
   CHECK(frag(8, 3, 0.5f, true), "ALWAYS");
   CHECK((*z4(8, 3) & 0xff) == 0x00, "INCR wraps: 0x%02x", *z4(8, 3) & 0xff);
   *z4(8, 3) = 0xffffffff;
   set(NVC597_SET_STENCIL_OP_ZPASS, NVC597_SET_STENCIL_OP_ZPASS_V_D3D_INCRSAT);
   CHECK(frag(8, 3, 0.5f, true), "ALWAYS");
   CHECK((*z4(8, 3) & 0xff) == 0xff, "INCRSAT (D3D value) saturates: 0x%02x", *z4(8, 3) & 0xff);
   /* REPLACE 0x53 through write mask 0x0f over 0x5a: 0x53. Over 0xa0: 0xa3. */
   set(NVC597_SET_STENCIL_OP_ZPASS, NVC597_SET_STENCIL_OP_ZPASS_V_OGL_REPLACE);
   set(NVC597_SET_STENCIL_MASK, 0x0f);
   *z4(9, 3) = 0xffffffa0;
   CHECK(frag(9, 3, 0.5f, true), "ALWAYS");
   CHECK((*z4(9, 3) & 0xff) == 0xa3, "REPLACE through the write mask: 0x%02x", *z4(9, 3) & 0xff);
   /* A failing stencil test runs OP_FAIL (ZERO) and drops the fragment. */
   set(NVC597_SET_STENCIL_FUNC, NVC597_SET_STENCIL_FUNC_V_OGL_NEVER);
   set(NVC597_SET_STENCIL_OP_FAIL, NVC597_SET_STENCIL_OP_FAIL_V_OGL_ZERO);
   set(NVC597_SET_STENCIL_MASK, 0xff);
   CHECK(!frag(9, 3, 0.5f, true), "NEVER drops");
   CHECK((*z4(9, 3) & 0xff) == 0x00, "OP_FAIL ZERO: 0x%02x", *z4(9, 3) & 0xff);

   /* 5. Two-sided: a back face takes SET_BACK_STENCIL_* (DECR from 0x00
    * wraps to 0xff); without TWO_SIDED it takes the front set. */
   set(NVC597_SET_TWO_SIDED_STENCIL_TEST, 1);
   set(NVC597_SET_BACK_STENCIL_FUNC, NVC597_SET_STENCIL_FUNC_V_OGL_ALWAYS);
   set(NVC597_SET_BACK_STENCIL_OP_ZPASS, NVC597_SET_STENCIL_OP_ZPASS_V_OGL_DECR);
   set(NVC597_SET_BACK_STENCIL_MASK, 0xff);
   set(NVC597_SET_BACK_STENCIL_FUNC_MASK, 0xff);
   CHECK(frag(9, 3, 0.5f, false), "back face: ALWAYS");
   CHECK((*z4(9, 3) & 0xff) == 0xff, "back DECR wraps: 0x%02x", *z4(9, 3) & 0xff);
   set(NVC597_SET_TWO_SIDED_STENCIL_TEST, 0);
   CHECK(!frag(9, 3, 0.5f, false), "one-sided: the back face takes NEVER");
   set(NVC597_SET_STENCIL_TEST, 0);

   /* 6. A stencil clear through RESPECT_STENCIL_MASK (0x0f): 0xaa over
    * 0xff gives 0xfa; depth untouched. */
   *z4(0, 0) = 0x123456ff;
   set(NVC597_SET_STENCIL_MASK, 0x0f);
   set(NVC597_SET_STENCIL_CLEAR_VALUE, 0xaa);
   set(NVC597_SET_CLEAR_SURFACE_CONTROL, 1);
   clear(false, true);
   CHECK(*z4(0, 0) == 0x123456fa, "masked stencil clear: 0x%08x", *z4(0, 0));
   set(NVC597_SET_CLEAR_SURFACE_CONTROL, 0);

   /* 7. ZF32: the depth stored as the float it is. */
   zeta(NVC597_SET_ZT_FORMAT_V_ZF32);
   set(NVC597_SET_Z_CLEAR_VALUE, gpu_test_fu(1.0f));
   clear(true, false);
   set(NVC597_SET_DEPTH_TEST, 1);
   set(NVC597_SET_DEPTH_WRITE, 1);
   set(NVC597_SET_DEPTH_FUNC, NVC597_SET_DEPTH_FUNC_V_D3D_LESS);
   CHECK(frag(2, 6, 0.3f, true), "ZF32 0.3 < 1.0");
   CHECK(*z4(2, 6) == gpu_test_fu(0.3f), "ZF32 stored: 0x%08x", *z4(2, 6));

   /* 8. S8Z24: depth in bits 23:0, stencil above. */
   zeta(NVC597_SET_ZT_FORMAT_V_S8Z24);
   set(NVC597_SET_Z_CLEAR_VALUE, gpu_test_fu(0.5f));
   set(NVC597_SET_STENCIL_CLEAR_VALUE, 0x11);
   set(NVC597_SET_STENCIL_MASK, 0xff);
   clear(true, true);
   CHECK(*z4(1, 5) == 0x11800000, "S8Z24 clear: 0x%08x", *z4(1, 5));

   jade_gpu_destroy(gpu);
   printf("%s\n", failures ? "FAILED" : "ok");
   return failures != 0;
}
