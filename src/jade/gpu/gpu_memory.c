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
