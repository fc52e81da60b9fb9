/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The rasteriser's entry (gpu_3d.h): the pixel stage's program
 * (SET_PIPELINE_*(PIXEL), read and bound by gpu_3d_stage.c), then the runs
 * through gpu_3d_raster.c.  Apart from it so that the tests, which bind a
 * pixel program of their own, link the rasteriser without the stages.
 */

#include "nvidia/classes/clc597.h"

#include "gpu_3d_raster.h"

bool
gpu_3d_rasterize(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_run *runs, unsigned count)
{
   if (!count)
      return true;
   struct gpu_3d_stage ps;
   if (!gpu_3d_stage_read(gpu, subc, NVC597_SET_PIPELINE_SHADER_TYPE_PIXEL, &ps))
      return false;
   if (!ps.enabled) {
      /* No pixel program: nothing reaches the colour targets. */
      gpu_3d_not_modelled(gpu, subc, 6, "drawing without a pixel program");
      return true;
   }
   if (!gpu_3d_stage_bind(gpu, subc, &ps))
      return false;
   return gpu_3d_raster_runs(gpu, subc, runs, count, &ps);
}
