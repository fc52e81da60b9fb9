/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * CLEAR_SURFACE (gpu_3d.h).  Not written yet: reported once as a method
 * the model does not implement.
 */

#include "nvidia/classes/clc597.h"

#include "gpu_3d.h"

void
gpu_3d_clear(struct jade_gpu *gpu, unsigned subc, uint32_t data)
{
   gpu_unimplemented(gpu, subc, NVC597_CLEAR_SURFACE, data);
}
