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

#include "util/u_debug.h"

#include "jade_gpu.h"
#include "jade_sim.h"
#include "jade_shim.h"

enum {
   SIM_DEBUG_METHODS = 1 << 0,
   SIM_DEBUG_FAULTS = 1 << 1,
   SIM_DEBUG_HAZARDS = 1 << 2,
   SIM_DEBUG_HAZARDS_FATAL = 1 << 3,
   SIM_DEBUG_STATS = 1 << 4,
};

static const struct debug_named_value sim_debug_flags[] = {
   {"methods", SIM_DEBUG_METHODS, "Trace every method with its class-header name and value"},
   {"faults", SIM_DEBUG_FAULTS, "Abort at the first GPU fault (run under a debugger)"},
   {"hazards", SIM_DEBUG_HAZARDS, "Run the SM model's dependency checker, warning on stderr"},
   {"hazards-fatal", SIM_DEBUG_HAZARDS_FATAL, "The checker on; a hazard is a GPU fault"},
   {"stats", SIM_DEBUG_STATS, "Print each channel's methods, launches and instructions at exit"},
   DEBUG_NAMED_VALUE_END};

/* drm-shim's buffer memory (device.c: a memfd of SHIM_MEM_SIZE bytes). */
#define SHIM_MEM_B (4ull << 30)

const bool jade_shim_runs_gpu = true;

static uint8_t *shim_mem;
/* A gpu=fault rule's EXEC: none of its accesses finds a mapping. */
static bool fail_all;
static struct jade_gpu *gpus[JADE_SHIM_MAX_CHANNELS];
static bool print_stats_at_exit;

static void
print_stats(uint32_t channel)
{
   const struct jade_gpu_stats *st = jade_gpu_stats(gpus[channel]);
   fprintf(stderr,
           "jade-gpu: channel %u: %llu methods (%llu not implemented), %llu compute "
           "launches, %llu thread instructions, %llu semaphore releases, %llu inline bytes, "
           "%llu constant words\n",
           channel, (unsigned long long)st->methods, (unsigned long long)st->unimplemented,
           (unsigned long long)st->compute_launches, (unsigned long long)st->thread_instructions,
           (unsigned long long)st->semaphore_releases, (unsigned long long)st->inline_bytes,
           (unsigned long long)st->constant_words);
}

static void __attribute__((destructor)) print_all_stats(void)
{
   for (uint32_t c = 0; print_stats_at_exit && c < JADE_SHIM_MAX_CHANNELS; c++) {
      if (gpus[c])
         print_stats(c);
   }
}

static void *
translate(void *data, uint64_t va, uint64_t size)
{
   if (fail_all || jade_shim_fault_gpu_access(va, size))
      return NULL;
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
      void *p = mmap(NULL, SHIM_MEM_B, PROT_READ | PROT_WRITE, MAP_SHARED, shim_device.mem_fd, 0);
      if (p == MAP_FAILED) {
         jade_shim_complain("cannot map drm-shim's buffer memory for the GPU model");
         return NULL;
      }
      shim_mem = p;
   }
   if (!gpus[channel]) {
      uint64_t flags = debug_get_flags_option("JADE_SIM_DEBUG", sim_debug_flags, 0);
      const struct jade_gpu_env env = {
         .data = (void *)(uintptr_t)channel,
         .translate = translate,
         .extent = extent,
         .log = log_line,
         .tpc_count = jade_shim.params.tpc_count,
         .trace_methods = flags & SIM_DEBUG_METHODS,
         .abort_on_fault = flags & SIM_DEBUG_FAULTS,
         .hazards = flags & SIM_DEBUG_HAZARDS_FATAL ? JADE_SIM_HAZARDS_FATAL
                    : flags & SIM_DEBUG_HAZARDS     ? JADE_SIM_HAZARDS_WARN
                                                    : JADE_SIM_HAZARDS_OFF,
         /* JADE_SIM_DUMP=DIR: the colour targets of every EXEC as PNGs. */
         .dump_dir = getenv("JADE_SIM_DUMP"),
      };
      gpus[channel] = jade_gpu_create(&env);
      if (flags & SIM_DEBUG_STATS)
         print_stats_at_exit = true;
   }
   return gpus[channel];
}

static int
run_pushes(struct jade_gpu *gpu, uint32_t channel, const struct drm_nouveau_exec_push *pushes,
           unsigned count)
{
   for (unsigned i = 0; i < count; i++) {
      if (!jade_gpu_run_segment(gpu, pushes[i].va, pushes[i].va_len / 4)) {
         char text[400];
         jade_gpu_fault_describe(jade_gpu_fault(gpu), text, sizeof(text));
         jade_shim_complain("channel %u killed by a GPU fault: %s", channel, text);
         /* What the targets held when it faulted is worth a look too. */
         jade_gpu_end_submission(gpu);
         return -ENODEV;
      }
   }
   jade_gpu_end_submission(gpu);
   return 0;
}

int
jade_shim_run(uint32_t channel, const struct drm_nouveau_exec_push *pushes, unsigned count)
{
   struct jade_gpu *gpu = gpu_of(channel);
   if (!gpu)
      return -ENOMEM;
   fail_all = jade_shim_fault_gpu_push(channel);
   int ret = run_pushes(gpu, channel, pushes, count);
   fail_all = false;
   return ret;
}

void
jade_shim_run_channel_freed(uint32_t channel)
{
   if (print_stats_at_exit && gpus[channel])
      print_stats(channel);
   jade_gpu_destroy(gpus[channel]);
   gpus[channel] = NULL;
}

bool
jade_shim_run_channel_killed(uint32_t channel)
{
   return gpus[channel] && jade_gpu_fault(gpus[channel]);
}
