/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Primitive assembly, clipping, viewport and rasterisation (gpu_3d.h).
 * Not written yet: a run reaching here is reported once as the draw
 * method the model does not implement.
 */

#include "nvidia/classes/clc597.h"

#include "gpu_3d.h"

bool
gpu_3d_rasterize(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_run *run)
{
   (void)run;
   gpu_unimplemented(gpu, subc, NVC597_BEGIN, run->topology);
   return true;
}
