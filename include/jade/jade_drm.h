/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The DRM device layer: a thin wrapper around the nouveau kernel UAPI
 * (nouveau_drm.h) with the VM_INIT / VM_BIND / EXEC model.  Every function
 * that talks to the kernel returns 0 or a negative errno, and logs what
 * failed; nothing here aborts.  The same calls run against the real kernel
 * or against Jade's drm-shim.
 */

#ifndef JADE_DRM_H
#define JADE_DRM_H

#include <stdbool.h>
#include <stdint.h>

#include "util/simple_mtx.h"
#include "util/vma.h"

#ifdef __cplusplus
extern "C" {
#endif

/* GPU virtual address space split (the kernel gets the top half). */
#define JADE_VA_START_B          (1ull << 20)
#define JADE_VA_KERNEL_START_B   (1ull << 39)
#define JADE_VA_END_B            (1ull << 40)

/* Engines a channel may be created with.  Class ids come from the kernel. */
enum jade_engine {
   JADE_ENGINE_3D,
   JADE_ENGINE_COMPUTE,
   JADE_ENGINE_COPY,
   JADE_ENGINE_M2MF,
   JADE_ENGINE_2D,
   JADE_ENGINE_COUNT,
};

struct jade_dev {
   int fd;
   uint16_t chipset;          /* 0x162 for TU102 */
   const char *chip_name;     /* "TU102" */
   uint32_t pci_device_id;
   uint64_t vram_size_B;
   uint64_t gart_size_B;
   uint64_t bar_size_B;
   uint32_t gpc_count;
   uint32_t tpc_count;
   uint32_t max_push;         /* pushes per EXEC */

   /* Class ids the kernel offers, per engine (0 if missing). */
   uint32_t cls[JADE_ENGINE_COUNT];

   simple_mtx_t va_lock;
   struct util_vma_heap va_heap;
};

enum jade_bo_flags {
   JADE_BO_VRAM = 1 << 0,
   JADE_BO_GART = 1 << 1,
   JADE_BO_MAP = 1 << 2,      /* CPU-mappable */
};

/* The page table entry kind (NV_MMU_PTE_KIND_*, 0 = pitch) rides in bits
 * 8..15 of the flags: block-linear images need a kind that the memory
 * system swizzles (GEM_NEW takes it as tile_flags bits 8..15). */
#define JADE_BO_KIND(kind) ((uint32_t)(kind) << 8)
#define JADE_BO_KIND_OF(flags) (((flags) >> 8) & 0xff)

struct jade_bo {
   struct jade_dev *dev;
   uint32_t handle;
   uint32_t flags;
   uint64_t size_B;
   uint64_t va;               /* GPU virtual address (VM_BIND) */
   uint64_t map_offset;       /* mmap offset on the DRM fd */
   void *map;                 /* CPU mapping, NULL until jade_bo_map() */
};

struct jade_channel {
   struct jade_dev *dev;
   uint32_t id;
   /* Object handles bound on this channel, per engine (0 if not created). */
   uint32_t obj[JADE_ENGINE_COUNT];
};

/* One pushbuffer range to execute, by GPU address. */
struct jade_push_range {
   uint64_t va;
   uint32_t size_B;
   /* Fetched only once the work before it is done
    * (DRM_NOUVEAU_EXEC_PUSH_NO_PREFETCH): data the GPU wrote just before. */
   bool no_prefetch;
};

/* Supported chipsets: Turing TU10x/TU11x.  Returns NULL if unsupported. */
const char *jade_chipset_name(uint16_t chipset);

/* Opens the device behind fd (the fd is duplicated; the caller keeps its
 * own).  Fails with -ENODEV for a kernel driver that is not nouveau, a
 * kernel without VM_BIND, or a chipset Jade does not support. */
int jade_dev_create(int fd, struct jade_dev **out);
void jade_dev_destroy(struct jade_dev *dev);
int jade_dev_get_param(struct jade_dev *dev, uint64_t param, uint64_t *value);

/* Creates a buffer object and binds it into the device's GPU address
 * space.  size_B must be non-zero; align_B of 0 means the page size. */
int jade_bo_create(struct jade_dev *dev, uint64_t size_B, uint64_t align_B,
                   uint32_t flags, struct jade_bo **out);
/* Maps a JADE_BO_MAP buffer for the CPU (idempotent). */
int jade_bo_map(struct jade_bo *bo, void **out);
void jade_bo_destroy(struct jade_bo *bo);

/* Low-level wrappers, exposed for tests and error-path checks. */
int jade_gem_info(struct jade_dev *dev, uint32_t handle, uint64_t *size_B,
                  uint64_t *map_offset);
int jade_vm_bind(struct jade_dev *dev, uint32_t handle, uint64_t va,
                 uint64_t size_B);
int jade_vm_unbind(struct jade_dev *dev, uint64_t va, uint64_t size_B);

int jade_channel_create(struct jade_dev *dev, struct jade_channel **out);
void jade_channel_destroy(struct jade_channel *chan);
/* Submits pushes; waits on wait_syncobjs first and signals signal_syncobj
 * (0 for none) when the GPU is done. */
int jade_channel_submit(struct jade_channel *chan,
                        const struct jade_push_range *pushes,
                        unsigned push_count,
                        const uint32_t *wait_syncobjs, unsigned wait_count,
                        uint32_t signal_syncobj);
/* True once the kernel has killed the channel (GPU fault or hang). */
bool jade_channel_killed(struct jade_channel *chan);

/* Fences are DRM syncobjs. */
int jade_syncobj_create(struct jade_dev *dev, bool signaled, uint32_t *out);
void jade_syncobj_destroy(struct jade_dev *dev, uint32_t syncobj);
/* timeout_ns is relative; returns -ETIME on timeout. */
int jade_syncobj_wait(struct jade_dev *dev, const uint32_t *syncobjs,
                      unsigned count, uint64_t timeout_ns);

#ifdef __cplusplus
}
#endif

#endif /* JADE_DRM_H */
