/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * libjade_sim_drm_shim.so's EXEC: each push runs on the software Turing
 * (src/jade/gpu), synchronously, one model per channel (subchannel
 * bindings and method values live as long as the channel).  GPU virtual
 * addresses resolve through the VM_BIND mappings onto the buffers' memory
 * in drm-shim's memfd, mapped once, so the model reads and writes what the
 * CPU maps.  A fault kills the channel as the kernel would: that EXEC and
 * every later one fail with -ENODEV.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "drm-shim/drm_shim.h"
#include "drm-uapi/nouveau_drm.h"

#include "jade_gpu.h"
#include "jade_shim.h"

/* drm-shim's buffer memory (device.c: a memfd of SHIM_MEM_SIZE bytes). */
#define SHIM_MEM_B (4ull << 30)

static uint8_t *shim_mem;
static struct jade_gpu *gpus[JADE_SHIM_MAX_CHANNELS];

static void *
translate(void *data, uint64_t va, uint64_t size)
{
   struct jade_shim_mapping *m = jade_shim_mapping_of(va, size ? size : 1);
   if (!m)
      return NULL;
   return shim_mem + m->mem_offset_B + (va - m->va);
}

static uint64_t
extent(void *data, uint64_t va)
{
   struct jade_shim_mapping *m = jade_shim_mapping_of(va, 1);
   return m ? m->va + m->range_B - va : 0;
}

static void
log_line(void *data, const char *line)
{
   fprintf(stderr, "jade-gpu: channel %u: %s\n", (unsigned)(uintptr_t)data, line);
}

static struct jade_gpu *
gpu_of(uint32_t channel)
{
   if (!shim_mem) {
      void *p = mmap(NULL, SHIM_MEM_B, PROT_READ | PROT_WRITE, MAP_SHARED,
                     shim_device.mem_fd, 0);
      if (p == MAP_FAILED) {
         jade_shim_complain("cannot map drm-shim's buffer memory for the GPU model");
         return NULL;
      }
      shim_mem = p;
   }
   if (!gpus[channel]) {
      const struct jade_gpu_env env = {
         .data = (void *)(uintptr_t)channel,
         .translate = translate,
         .extent = extent,
         .log = log_line,
      };
      gpus[channel] = jade_gpu_create(&env);
   }
   return gpus[channel];
}

int
jade_shim_run(uint32_t channel, const struct drm_nouveau_exec_push *pushes, unsigned count)
{
   struct jade_gpu *gpu = gpu_of(channel);
   if (!gpu)
      return -ENOMEM;
   for (unsigned i = 0; i < count; i++) {
      if (!jade_gpu_run_segment(gpu, pushes[i].va, pushes[i].va_len / 4)) {
         const struct jade_gpu_fault *f = jade_gpu_fault(gpu);
         jade_shim_complain("channel %u killed by a GPU fault: %s of %u bytes at 0x%llx by %s",
                            channel, f->write ? "write" : "read", f->size,
                            (unsigned long long)f->va, f->what);
         return -ENODEV;
      }
   }
   return 0;
}

void
jade_shim_run_channel_freed(uint32_t channel)
{
   jade_gpu_destroy(gpus[channel]);
   gpus[channel] = NULL;
}

bool
jade_shim_run_channel_killed(uint32_t channel)
{
   return gpus[channel] && jade_gpu_fault(gpus[channel]);
}
