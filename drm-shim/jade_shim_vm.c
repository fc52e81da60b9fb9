/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * VM_INIT and VM_BIND, with the kernel's rules: VM_INIT once and before any
 * buffer or channel; mappings page aligned, outside the kernel's region,
 * not overlapping, of existing buffers and within them; unmaps of exactly
 * an existing mapping.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "drm-shim/drm_shim.h"
#include "drm-uapi/nouveau_drm.h"

#include "jade_shim.h"

#define SHIM_PAGE_B 4096ull

int
jade_shim_vm_init(int fd, unsigned long request, void *arg)
{
   struct drm_nouveau_vm_init *req = arg;
   int ret = 0;

   simple_mtx_lock(&jade_shim.lock);
   if (jade_shim.vm_init || jade_shim.vm_locked) {
      ret = jade_shim_refuse("VM_INIT after VM_INIT or after buffers/channels", -ENOSYS);
   } else if (req->kernel_managed_size == 0 ||
              req->kernel_managed_addr + req->kernel_managed_size < req->kernel_managed_addr) {
      ret = jade_shim_refuse("VM_INIT with an empty or wrapping kernel region", -EINVAL);
   } else {
      jade_shim.vm_init = true;
      jade_shim.kernel_va = req->kernel_managed_addr;
      jade_shim.kernel_va_size_B = req->kernel_managed_size;
   }
   simple_mtx_unlock(&jade_shim.lock);
   return ret;
}

/* The mapping the last lookup found: the GPU model's accesses come in
 * runs on one buffer (a draw's pixels), and the walk below was a tenth of
 * a full-screen draw's time.  Forgotten when a mapping goes. */
static struct jade_shim_mapping *last_found;

static struct jade_shim_mapping *
find_mapping(uint64_t va)
{
   struct jade_shim_mapping *l = last_found;
   if (l && va >= l->va && va < l->va + l->range_B)
      return l;
   /* Mappings are few: a linear walk keeps this simple. */
   hash_table_u64_foreach (jade_shim.vm, entry) {
      struct jade_shim_mapping *m = entry.data;
      if (va >= m->va && va < m->va + m->range_B)
         return last_found = m;
   }
   return NULL;
}

static bool
overlaps_any(uint64_t va, uint64_t range_B)
{
   hash_table_u64_foreach (jade_shim.vm, entry) {
      struct jade_shim_mapping *m = entry.data;
      if (va < m->va + m->range_B && m->va < va + range_B)
         return true;
   }
   return false;
}

struct jade_shim_mapping *
jade_shim_mapping_of(uint64_t va, uint64_t size_B)
{
   struct jade_shim_mapping *m = find_mapping(va);
   return m && va + size_B >= va && va + size_B <= m->va + m->range_B ? m : NULL;
}

bool
jade_shim_va_mapped(uint64_t va, uint64_t size_B)
{
   return jade_shim_mapping_of(va, size_B) != NULL;
}

static int
vm_map(struct shim_fd *shim_fd, const struct drm_nouveau_vm_bind_op *op)
{
   if ((op->addr | op->range | op->bo_offset) & (SHIM_PAGE_B - 1))
      return jade_shim_refuse("VM_BIND map not page aligned", -EINVAL);
   if (op->range == 0)
      return jade_shim_refuse("VM_BIND map of size 0", -EINVAL);
   if (op->addr < jade_shim.kernel_va + jade_shim.kernel_va_size_B &&
       jade_shim.kernel_va < op->addr + op->range)
      return jade_shim_refuse("VM_BIND map inside the kernel's region", -EINVAL);
   if (overlaps_any(op->addr, op->range))
      return jade_shim_refuse("VM_BIND map overlaps an existing mapping", -EINVAL);

   struct shim_bo *bo = drm_shim_bo_lookup(shim_fd, op->handle);
   if (!bo)
      return jade_shim_refuse("VM_BIND map of an unknown handle", -ENOENT);
   const bool fits = op->bo_offset + op->range <= bo->size;
   const uint64_t mem_offset_B = bo->mem_addr + op->bo_offset;
   drm_shim_bo_put(bo);
   if (!fits)
      return jade_shim_refuse("VM_BIND map beyond the end of the buffer", -EINVAL);

   struct jade_shim_mapping *m = calloc(1, sizeof(*m));
   if (!m)
      return -ENOMEM;
   *m = (struct jade_shim_mapping){op->addr, op->range, op->handle, mem_offset_B};
   _mesa_hash_table_u64_insert(jade_shim.vm, op->addr, m);
   return 0;
}

static int
vm_unmap(const struct drm_nouveau_vm_bind_op *op)
{
   struct jade_shim_mapping *m = _mesa_hash_table_u64_search(jade_shim.vm, op->addr);
   if (!m || m->range_B != op->range)
      return jade_shim_refuse("VM_BIND unmap of something not mapped", -ENOENT);
   _mesa_hash_table_u64_remove(jade_shim.vm, op->addr);
   if (last_found == m)
      last_found = NULL;
   free(m);
   return 0;
}

int
jade_shim_vm_bind(int fd, unsigned long request, void *arg)
{
   struct drm_nouveau_vm_bind *req = arg;
   const struct drm_nouveau_vm_bind_op *ops = (void *)(uintptr_t)req->op_ptr;
   struct shim_fd *shim_fd = drm_shim_fd_lookup(fd);
   int ret = 0;

   if (!jade_shim.vm_init)
      return jade_shim_refuse("VM_BIND before VM_INIT", -ENOSYS);
   if (req->wait_count || req->sig_count)
      return jade_shim_refuse("VM_BIND with syncs is not emulated", -EINVAL);

   simple_mtx_lock(&jade_shim.lock);
   for (unsigned i = 0; i < req->op_count && ret == 0; i++) {
      switch (ops[i].op) {
      case DRM_NOUVEAU_VM_BIND_OP_MAP:
         if (ops[i].flags & DRM_NOUVEAU_VM_BIND_SPARSE)
            ret = jade_shim_refuse("sparse VM_BIND is not emulated", -EINVAL);
         else
            ret = vm_map(shim_fd, &ops[i]);
         break;
      case DRM_NOUVEAU_VM_BIND_OP_UNMAP:
         ret = vm_unmap(&ops[i]);
         break;
      default:
         ret = jade_shim_refuse("VM_BIND with an unknown op", -EINVAL);
         break;
      }
   }
   simple_mtx_unlock(&jade_shim.lock);
   return ret;
}
