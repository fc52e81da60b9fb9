/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * GPU virtual memory: the caller translates an address range to the CPU
 * mapping of the buffer bound there (zero copy); an unmapped range is a
 * fault.
 */

#include <string.h>

#include "gpu_private.h"

bool
gpu_read(struct jade_gpu *gpu, uint64_t va, void *dst, uint32_t size, const char *what)
{
   const void *src = gpu->env.translate(gpu->env.data, va, size);
   if (!src) {
      gpu_fault(gpu, va, size, false, "%s", what);
      return false;
   }
   memcpy(dst, src, size);
   return true;
}

bool
gpu_write(struct jade_gpu *gpu, uint64_t va, const void *src, uint32_t size, const char *what)
{
   void *dst = gpu->env.translate(gpu->env.data, va, size);
   if (!dst) {
      gpu_fault(gpu, va, size, true, "%s", what);
      return false;
   }
   memcpy(dst, src, size);
   return true;
}

void
gpu_release(struct jade_gpu *gpu, uint64_t va, uint32_t payload, bool one_word, const char *what)
{
   if (one_word) {
      gpu_write(gpu, va, &payload, 4, what);
   } else {
      uint64_t t = gpu_now_ns(gpu);
      uint32_t rec[4] = {payload, 0, (uint32_t)t, (uint32_t)(t >> 32)};
      gpu_write(gpu, va, rec, 16, what);
   }
   gpu->stats.semaphore_releases++;
}
