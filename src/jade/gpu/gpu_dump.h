/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * PNG dumps of colour targets (gpu_dump.c; jade_gpu_env.dump_dir, which
 * the executing shim sets from JADE_SIM_DUMP): the 3D pipeline notes every
 * target it writes, and at the end of a submission each noted target is
 * read back through the model's own addressing and written as a PNG.
 */

#ifndef GPU_DUMP_H
#define GPU_DUMP_H

#include "util/macros.h"

#include "gpu_private.h"

struct gpu_3d_target;

/* At jade_gpu_create: gpu->dump set if env.dump_dir asks for dumps (and
 * libpng was there at build time; else a log line says it is not). */
void gpu_dump_init(struct jade_gpu *gpu);
void gpu_dump_destroy(struct jade_gpu *gpu);

void gpu_dump_note(struct jade_gpu *gpu, const struct gpu_3d_target *t, uint32_t rt_index);

/* A draw's fragment or a clear wrote target t at render-target-array
 * index rt_index: remember it for this submission's dump.  Nothing (one
 * test) when dumps are off. */
static inline void
gpu_dump_note_target(struct jade_gpu *gpu, const struct gpu_3d_target *t, uint32_t rt_index)
{
   if (unlikely(gpu->dump))
      gpu_dump_note(gpu, t, rt_index);
}

#endif /* GPU_DUMP_H */
