/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The TURING_A state whose reset value is not documented, with the values
 * that NVK's nvk_push_draw_state_init and nvc0's screen init give it.  The
 * model faults on such state while it is unknown after SET_OBJECT
 * (gpu_3d_reset.c), so the tests program it as a driver does: no stage
 * except those a test enables, vertex ids from the array start, the
 * viewport transform on, upper-left origin, half-integer centres, OGL
 * points, edges drawn, the shader's sample mask used under anti-aliasing,
 * MRT on, per-target write masks, ZCULL off, SPH versions from 3.
 */

#ifndef GPU_TEST_CONTEXT_H
#define GPU_TEST_CONTEXT_H

#include <stdint.h>

#include "nvidia/classes/clc597.h"

struct gpu_test_method {
   uint32_t mthd, value;
};

static const struct gpu_test_method gpu_test_context_state[] = {
   {NVC597_SET_PIPELINE_SHADER(0), 0 << 4},
   {NVC597_SET_PIPELINE_SHADER(1), 1 << 4},
   {NVC597_SET_PIPELINE_SHADER(2), 2 << 4},
   {NVC597_SET_PIPELINE_SHADER(3), 3 << 4},
   {NVC597_SET_PIPELINE_SHADER(4), 4 << 4},
   {NVC597_SET_PIPELINE_SHADER(5), 5 << 4},
   {NVC597_SET_DA_OUTPUT, 1 << 12}, /* VERTEX_ID_USES_ARRAY_START */
   {NVC597_SET_CT_MRT_ENABLE, 1},
   {NVC597_SET_PS_OUTPUT_SAMPLE_MASK_USAGE, 3}, /* ENABLE, QUALIFY_BY_ANTI_ALIAS */
   {NVC597_SET_RENDER_ENABLE_C, NVC597_SET_RENDER_ENABLE_C_MODE_TRUE},
   {NVC597_SET_VIEWPORT_SCALE_OFFSET, 1},
   {NVC597_SET_VIEWPORT_CLIP_CONTROL, 0},
   {NVC597_SET_ACTIVE_ZCULL_REGION, 0x3f},
   {NVC597_SET_EDGE_FLAG, 1},
   {NVC597_SET_POINT_CENTER_MODE, NVC597_SET_POINT_CENTER_MODE_V_OGL},
   {NVC597_SET_WINDOW_ORIGIN, 0},
   {NVC597_SET_VIEWPORT_PIXEL, NVC597_SET_VIEWPORT_PIXEL_CENTER_AT_HALF_INTEGERS},
   {NVC597_SET_ATTRIBUTE_DEFAULT, 0xe},
   {NVC597_SET_BLEND_OPT_CONTROL, 1},
   {NVC597_SET_BLEND_FLOAT_OPTION, 1},
   {NVC597_SET_SINGLE_CT_WRITE_CONTROL, 0},
   {NVC597_CHECK_SPH_VERSION, 3u << 16 | 3},
   {NVC597_CHECK_AAM_VERSION, 2u << 16 | 2},
};

#define GPU_TEST_CONTEXT_METHODS                                                                   \
   (sizeof(gpu_test_context_state) / sizeof(gpu_test_context_state[0]))

#endif /* GPU_TEST_CONTEXT_H */
