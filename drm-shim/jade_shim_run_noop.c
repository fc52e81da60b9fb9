/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * libjade_noop_drm_shim.so's EXEC: nothing runs; every submission is
 * complete at once (the fast path for shader-db and crash sweeps).
 */

#include "jade_shim.h"

const bool jade_shim_runs_gpu = false;

int
jade_shim_run(uint32_t channel, const struct drm_nouveau_exec_push *pushes, unsigned count)
{
   return 0;
}

void
jade_shim_run_channel_freed(uint32_t channel)
{
}

bool
jade_shim_run_channel_killed(uint32_t channel)
{
   return false;
}
