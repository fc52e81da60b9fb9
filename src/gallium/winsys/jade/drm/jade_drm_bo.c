/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Buffer objects: GEM allocation, CPU mapping, and binding into the GPU
 * virtual address space the device reserved with VM_INIT.  Jade allocates
 * GPU addresses itself (util_vma_heap) and tells the kernel with VM_BIND.
 */

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/mman.h>

#include <xf86drm.h>

#include "drm-uapi/nouveau_drm.h"
#include "util/log.h"
#include "util/u_math.h"
#include "util/u_memory.h"

#include "jade/jade_drm.h"
#include "jade_drm_ioctl.h"

#define JADE_PAGE_SIZE_B 4096
/* Large buffers use 64 KiB GPU pages; align their addresses to match. */
#define JADE_BIG_PAGE_SIZE_B (64 * 1024)

static int
jade_gem_close(struct jade_dev *dev, uint32_t handle)
{
   struct drm_gem_close req = {.handle = handle};
   int ret = drmIoctl(dev->fd, DRM_IOCTL_GEM_CLOSE, &req);
   if (ret) {
      ret = -errno;
      mesa_loge("jade: GEM_CLOSE of handle %u failed: %s", handle,
                strerror(errno));
   }
   return ret;
}

int
jade_gem_info(struct jade_dev *dev, uint32_t handle, uint64_t *size_B,
              uint64_t *map_offset)
{
   struct drm_nouveau_gem_info info = {.handle = handle};
   int ret = jade_ioctl(dev->fd, DRM_NOUVEAU_GEM_INFO, &info, sizeof(info),
                        "NOUVEAU_GEM_INFO");
   if (ret == 0) {
      *size_B = info.size;
      *map_offset = info.map_handle;
   }
   return ret;
}

static int
jade_vm_bind_op(struct jade_dev *dev, const struct drm_nouveau_vm_bind_op *op,
                const char *name)
{
   struct drm_nouveau_vm_bind req = {
      .op_count = 1,
      .op_ptr = (uintptr_t)op,
   };
   return jade_ioctl(dev->fd, DRM_NOUVEAU_VM_BIND, &req, sizeof(req), name);
}

int
jade_vm_bind(struct jade_dev *dev, uint32_t handle, uint64_t va,
             uint64_t size_B)
{
   const struct drm_nouveau_vm_bind_op op = {
      .op = DRM_NOUVEAU_VM_BIND_OP_MAP,
      .handle = handle,
      .addr = va,
      .range = size_B,
   };
   return jade_vm_bind_op(dev, &op, "NOUVEAU_VM_BIND(map)");
}

int
jade_vm_unbind(struct jade_dev *dev, uint64_t va, uint64_t size_B)
{
   const struct drm_nouveau_vm_bind_op op = {
      .op = DRM_NOUVEAU_VM_BIND_OP_UNMAP,
      .addr = va,
      .range = size_B,
   };
   return jade_vm_bind_op(dev, &op, "NOUVEAU_VM_BIND(unmap)");
}

static uint64_t
jade_va_alloc(struct jade_dev *dev, uint64_t size_B, uint64_t align_B)
{
   simple_mtx_lock(&dev->va_lock);
   uint64_t va = util_vma_heap_alloc(&dev->va_heap, size_B, align_B);
   simple_mtx_unlock(&dev->va_lock);
   return va;
}

static void
jade_va_free(struct jade_dev *dev, uint64_t va, uint64_t size_B)
{
   simple_mtx_lock(&dev->va_lock);
   util_vma_heap_free(&dev->va_heap, va, size_B);
   simple_mtx_unlock(&dev->va_lock);
}

int
jade_bo_create(struct jade_dev *dev, uint64_t size_B, uint64_t align_B,
               uint32_t flags, struct jade_bo **out)
{
   *out = NULL;

   if (size_B == 0) {
      mesa_loge("jade: cannot create a buffer of size 0");
      return -EINVAL;
   }
   if (!(flags & (JADE_BO_VRAM | JADE_BO_GART))) {
      mesa_loge("jade: a buffer needs a VRAM or GART domain");
      return -EINVAL;
   }
   if (align_B != 0 && !util_is_power_of_two_nonzero64(align_B)) {
      mesa_loge("jade: buffer alignment %" PRIu64 " is not a power of two",
                align_B);
      return -EINVAL;
   }

   const uint64_t page_B = size_B >= JADE_BIG_PAGE_SIZE_B ?
                           JADE_BIG_PAGE_SIZE_B : JADE_PAGE_SIZE_B;
   size_B = align64(size_B, page_B);
   align_B = MAX2(align_B, page_B);

   struct drm_nouveau_gem_new req = {
      .info.size = size_B,
      .align = align_B,
      .info.tile_flags = JADE_BO_KIND_OF(flags) << 8,
   };
   if (flags & JADE_BO_VRAM)
      req.info.domain |= NOUVEAU_GEM_DOMAIN_VRAM;
   if (flags & JADE_BO_GART)
      req.info.domain |= NOUVEAU_GEM_DOMAIN_GART;
   if (flags & JADE_BO_MAP)
      req.info.domain |= NOUVEAU_GEM_DOMAIN_MAPPABLE;

   int ret = jade_ioctl(dev->fd, DRM_NOUVEAU_GEM_NEW, &req, sizeof(req),
                        "NOUVEAU_GEM_NEW");
   if (ret)
      return ret;

   struct jade_bo *bo = CALLOC_STRUCT(jade_bo);
   if (!bo) {
      jade_gem_close(dev, req.info.handle);
      return -ENOMEM;
   }
   bo->dev = dev;
   bo->handle = req.info.handle;
   bo->flags = flags;
   bo->size_B = size_B;
   bo->map_offset = req.info.map_handle;

   bo->va = jade_va_alloc(dev, size_B, align_B);
   if (!bo->va) {
      mesa_loge("jade: out of GPU virtual address space for %" PRIu64
                " bytes", size_B);
      ret = -ENOMEM;
      goto fail_close;
   }

   ret = jade_vm_bind(dev, bo->handle, bo->va, size_B);
   if (ret)
      goto fail_va;

   *out = bo;
   return 0;

fail_va:
   jade_va_free(dev, bo->va, size_B);
fail_close:
   jade_gem_close(dev, bo->handle);
   FREE(bo);
   return ret;
}

int
jade_bo_map(struct jade_bo *bo, void **out)
{
   if (!bo->map) {
      if (!(bo->flags & JADE_BO_MAP)) {
         mesa_loge("jade: buffer %u was not created mappable", bo->handle);
         return -EINVAL;
      }
      void *map = mmap(NULL, bo->size_B, PROT_READ | PROT_WRITE, MAP_SHARED,
                       bo->dev->fd, bo->map_offset);
      if (map == MAP_FAILED) {
         int ret = -errno;
         mesa_loge("jade: mmap of buffer %u (%" PRIu64 " bytes) failed: %s",
                   bo->handle, bo->size_B, strerror(errno));
         return ret;
      }
      bo->map = map;
   }
   *out = bo->map;
   return 0;
}

void
jade_bo_destroy(struct jade_bo *bo)
{
   if (!bo)
      return;

   struct jade_dev *dev = bo->dev;
   if (bo->map)
      munmap(bo->map, bo->size_B);
   /* Only give the address back once the kernel has let go of it. */
   if (jade_vm_unbind(dev, bo->va, bo->size_B) == 0)
      jade_va_free(dev, bo->va, bo->size_B);
   jade_gem_close(dev, bo->handle);
   FREE(bo);
}
