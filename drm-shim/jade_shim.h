/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Shared state of the Jade drm-shim (one emulated device per process).
 */

#ifndef JADE_SHIM_H
#define JADE_SHIM_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "util/hash_table.h"
#include "util/macros.h"
#include "util/simple_mtx.h"

#define JADE_SHIM_EXEC_PUSH_MAX 64
#define JADE_SHIM_MAX_CHANNELS  32
#define JADE_SHIM_MAX_OBJECTS   64

/* The parameters block: what the emulated GPU reports. */
struct jade_shim_params {
   uint16_t chipset;
   uint16_t pci_device_id;
   uint64_t vram_size_B;
   uint64_t gart_size_B;
   uint64_t bar_size_B;
   uint32_t gpc_count;
   uint32_t tpc_count;
   /* Classes a channel offers (0-terminated). */
   uint32_t classes[8];
};

struct jade_shim_mapping {
   uint64_t va;
   uint64_t range_B;
   uint32_t handle;
   /* Where the mapped bytes start in drm-shim's memfd (the buffer's
    * mem_addr + the bind's offset).  No reference is held: Mesa 25.0.7's
    * drm_shim_bo_put frees a buffer whenever a put leaves an extra
    * reference outstanding (it frees unless the count drops to exactly 0),
    * so a buffer closed while still bound is not kept alive as the kernel
    * would keep it. */
   uint64_t mem_offset_B;
};

struct jade_shim {
   simple_mtx_t lock;
   struct jade_shim_params params;

   /* VM_INIT */
   bool vm_init;
   bool vm_locked; /* a buffer or channel exists: VM_INIT is too late */
   uint64_t kernel_va;
   uint64_t kernel_va_size_B;
   /* VM_BIND mappings by start address */
   struct hash_table_u64 *vm;

   bool channel_used[JADE_SHIM_MAX_CHANNELS];
   uint32_t objects[JADE_SHIM_MAX_OBJECTS]; /* NVIF object handles, 0 = free */
   /* The channel each object was made on: freeing a channel destroys its
    * objects, as the kernel's channel teardown does. */
   uint32_t object_channel[JADE_SHIM_MAX_OBJECTS];
   /* Killed by a JADE_SHIM_FAULT rule: every EXEC fails with -ENODEV. */
   bool channel_killed[JADE_SHIM_MAX_CHANNELS];

   uint64_t exec_count;
};

extern struct jade_shim jade_shim;

/* The mapping holding [va, va + size_B) whole, or NULL.  Lock held. */
struct jade_shim_mapping *jade_shim_mapping_of(uint64_t va, uint64_t size_B);

/* What EXEC does with a validated submission's pushes, lock held: nothing
 * (jade_shim_run_noop.c, libjade_noop_drm_shim.so) or run them on the GPU
 * model (jade_shim_run_gpu.c, libjade_sim_drm_shim.so).  A negative errno
 * fails the EXEC (a channel the model killed). */
struct drm_nouveau_exec_push;
int jade_shim_run(uint32_t channel, const struct drm_nouveau_exec_push *pushes, unsigned count);
/* A channel is freed: the runner drops its state. */
void jade_shim_run_channel_freed(uint32_t channel);
/* Whether the runner killed the channel (a GPU fault). */
bool jade_shim_run_channel_killed(uint32_t channel);

void jade_shim_params_init(struct jade_shim_params *p);
/* getenv(), also when the shim initialises before libc has the environment
 * (jade_shim_params.c). */
const char *jade_shim_getenv(const char *name);

/* Fault injection ($JADE_SHIM_FAULT, jade_shim_fault.c).  Each call counts
 * one event of the rules of its kind and says whether a fault is injected
 * now (each injection is logged). */
void jade_shim_fault_init(void);
/* 0, or the negative errno the ioctl NAME fails with. */
int jade_shim_fault_ioctl(const char *name);
/* Whether the EXEC about to run on channel kills it first. */
bool jade_shim_fault_kill_channel(uint32_t channel);
/* Whether the EXEC about to run on channel finds its pushbuffer unmapped. */
bool jade_shim_fault_gpu_push(uint32_t channel);
/* Whether the GPU model's access of [va, va + size_B) finds no mapping. */
bool jade_shim_fault_gpu_access(uint64_t va, uint64_t size_B);
void jade_shim_fault_hook_mmap(void);
/* Whether this shim runs submissions (gpu= rules need it). */
extern const bool jade_shim_runs_gpu;

/* Reports a refused request on stderr ("jade-shim: WHAT: error") and
 * returns err (a negative errno) for the handler to return. */
int jade_shim_refuse(const char *what, int err);
/* "jade-shim: MESSAGE" on stderr and a "refused:" line in the report. */
void jade_shim_complain(const char *fmt, ...) PRINTFLIKE(1, 2);
/* A line in $JADE_SHIM_REPORT, if set. */
void jade_shim_report(const char *fmt, ...) PRINTFLIKE(1, 2);

/* Mesa's drm-shim core hands an ioctl handler's return value straight back
 * from ioctl().  The kernel's convention is -1 with errno set, which libdrm
 * relies on; the handlers return -errno and are wrapped with this. */
static inline int
jade_shim_syscall_result(int ret)
{
   if (ret < 0) {
      errno = -ret;
      return -1;
   }
   return ret;
}

/* The ioctl entry of `handler`, NAME being the UAPI's name of the ioctl
 * without its prefix (GEM_NEW): a JADE_SHIM_FAULT rule may fail it before
 * the handler runs (jade_shim_fault.c). */
#define JADE_SHIM_IOCTL(handler, NAME)                                                             \
   static int handler##_ioctl(int fd, unsigned long request, void *arg)                            \
   {                                                                                               \
      int injected = jade_shim_fault_ioctl(NAME);                                                  \
      return jade_shim_syscall_result(injected ? injected : handler(fd, request, arg));            \
   }

int jade_shim_vm_init(int fd, unsigned long request, void *arg);
int jade_shim_vm_bind(int fd, unsigned long request, void *arg);
/* True if [va, va + size_B) lies inside one mapping.  Caller holds lock. */
bool jade_shim_va_mapped(uint64_t va, uint64_t size_B);

int jade_shim_channel_alloc(int fd, unsigned long request, void *arg);
int jade_shim_channel_free(int fd, unsigned long request, void *arg);
bool jade_shim_channel_exists(uint32_t channel);
int jade_shim_nvif(int fd, unsigned long request, void *arg);
int jade_shim_exec(int fd, unsigned long request, void *arg);

void jade_shim_syncobj_init(void);
/* Signals a syncobj as a completed submission would; -ENOENT if unknown. */
int jade_shim_syncobj_signal(uint32_t handle);
bool jade_shim_syncobj_exists(uint32_t handle);

/* DRM_CAP_PRIME as the kernel answers it and PRIME export
 * (jade_shim_prime.c). */
void jade_shim_prime_init(void);

/* The live buffer census (jade_shim_buffers.c): init once, and every
 * buffer GEM_NEW made counted; Mesa's driver_bo_free hook uncounts it. */
struct shim_bo;
void jade_shim_buffers_init(void);
void jade_shim_buffer_made(const struct shim_bo *bo);

#endif /* JADE_SHIM_H */
