/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The live GEM buffer census: how many buffers GEM_NEW made that are not
 * freed yet, and their bytes.  A soak test (tests/gl/soak.c) reads it
 * while it runs through jade_shim_live_buffers() (the shim is preloaded:
 * dlsym(RTLD_DEFAULT, ...) finds it), and at exit the shim appends
 * "PID buffers N bytes B" to $JADE_SHIM_REPORT (only in processes that
 * made a buffer), so that a leak of buffers shows in a number.
 */

#include <inttypes.h>
#include <stdlib.h>

#include "drm-shim/drm_shim.h"
#include "util/u_atomic.h"

#include "jade_shim.h"

static int64_t live_count, live_bytes, made_count;
static void (*next_bo_free)(struct shim_bo *bo);

static void
buffer_freed(struct shim_bo *bo)
{
   p_atomic_dec(&live_count);
   p_atomic_add(&live_bytes, -(int64_t)bo->size);
   if (next_bo_free)
      next_bo_free(bo);
}

static void
report_at_exit(void)
{
   if (p_atomic_read(&made_count))
      jade_shim_report("buffers %" PRId64 " bytes %" PRId64, p_atomic_read(&live_count),
                       p_atomic_read(&live_bytes));
}

void
jade_shim_buffers_init(void)
{
   next_bo_free = shim_device.driver_bo_free;
   shim_device.driver_bo_free = buffer_freed;
   atexit(report_at_exit);
}

void
jade_shim_buffer_made(const struct shim_bo *bo)
{
   p_atomic_inc(&made_count);
   p_atomic_inc(&live_count);
   p_atomic_add(&live_bytes, (int64_t)bo->size);
}

/* Exported (the shim's other symbols are hidden) for programs to ask. */
__attribute__((visibility("default"))) int64_t
jade_shim_live_buffers(int64_t *bytes)
{
   if (bytes)
      *bytes = p_atomic_read(&live_bytes);
   return p_atomic_read(&live_count);
}
