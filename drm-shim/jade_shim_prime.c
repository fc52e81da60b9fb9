/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * PRIME (dma-buf) export as the kernel does it.  Mesa's drm-shim core
 * answers DRM_CAP_PRIME with 1 (DRM_PRIME_CAP_IMPORT only) and has no
 * PRIME ioctls, while Linux's drm_getcap answers DRM_PRIME_CAP_IMPORT |
 * DRM_PRIME_CAP_EXPORT for every GEM driver, nouveau included
 * (drivers/gpu/drm/drm_ioctl.c).  u_init_pipe_screen_caps takes a
 * screen's caps.dmabuf from that answer, and GBM's DRI backend allocates
 * through the driver only with EXPORT (gbm_dri.c gbm_dri_bo_create, else a
 * dumb buffer, which a render node has not): without it a GBM window
 * surface has no buffers, its drawable is 0 x 0 and a context made current
 * on it starts with a 0 x 0 viewport (main/context.c check_init_viewport).
 *
 * Emulated: PRIME_HANDLE_TO_FD of a known handle gives a new file (a
 * memfd standing for the dma-buf; mapping it does not reach the buffer),
 * PRIME_FD_TO_HANDLE of a file exported from the same device file gives
 * the handle back (the kernel returns the importing file's handle of the
 * same GEM object).  A dma-buf from anywhere else is refused.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "drm-shim/drm_shim.h"
#include "util/hash_table.h"
#include "util/simple_mtx.h"

#include "jade_shim.h"

extern ioctl_fn_t core_ioctls[];

struct export
{
   struct shim_fd *shim_fd;
   uint32_t handle;
};

static ioctl_fn_t core_get_cap;
static struct hash_table_u64 *exports; /* st_ino of an exported file -> struct export */
static simple_mtx_t exports_lock = SIMPLE_MTX_INITIALIZER;

static int
get_cap(int fd, unsigned long request, void *arg)
{
   struct drm_get_cap *gc = arg;
   if (gc->capability == DRM_CAP_PRIME) {
      gc->value = DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT;
      return 0;
   }
   return core_get_cap(fd, request, arg);
}

static int
prime_handle_to_fd(int fd, unsigned long request, void *arg)
{
   struct drm_prime_handle *args = arg;
   struct shim_fd *shim_fd = drm_shim_fd_lookup(fd);
   if (args->flags & ~(DRM_CLOEXEC | DRM_RDWR))
      return jade_shim_refuse("PRIME_HANDLE_TO_FD with unknown flags", -EINVAL);
   struct shim_bo *bo = drm_shim_bo_lookup(shim_fd, args->handle);
   if (!bo)
      return jade_shim_refuse("PRIME_HANDLE_TO_FD of an unknown handle", -ENOENT);
   drm_shim_bo_put(bo);

   int out = memfd_create("jade-shim-dma-buf", (args->flags & DRM_CLOEXEC) ? MFD_CLOEXEC : 0);
   struct stat st;
   if (out < 0 || fstat(out, &st)) {
      const int err = errno;
      if (out >= 0)
         close(out);
      return jade_shim_refuse("PRIME_HANDLE_TO_FD: no file for the dma-buf", -err);
   }
   struct export *e = malloc(sizeof(*e));
   if (!e) {
      close(out);
      return -ENOMEM;
   }
   *e = (struct export){.shim_fd = shim_fd, .handle = args->handle};
   simple_mtx_lock(&exports_lock);
   free(_mesa_hash_table_u64_search(exports, st.st_ino));
   _mesa_hash_table_u64_insert(exports, st.st_ino, e);
   simple_mtx_unlock(&exports_lock);
   args->fd = out;
   return 0;
}

static int
prime_fd_to_handle(int fd, unsigned long request, void *arg)
{
   struct drm_prime_handle *args = arg;
   struct shim_fd *shim_fd = drm_shim_fd_lookup(fd);
   struct stat st;
   if (fstat(args->fd, &st))
      return jade_shim_refuse("PRIME_FD_TO_HANDLE of no file", -EBADF);
   simple_mtx_lock(&exports_lock);
   const struct export *e = _mesa_hash_table_u64_search(exports, st.st_ino);
   const bool ours = e && e->shim_fd == shim_fd;
   const uint32_t handle = ours ? e->handle : 0;
   simple_mtx_unlock(&exports_lock);
   if (!ours)
      return jade_shim_refuse("PRIME_FD_TO_HANDLE of a dma-buf this device file did not export "
                              "(not emulated)",
                              -EINVAL);
   struct shim_bo *bo = drm_shim_bo_lookup(shim_fd, handle);
   if (!bo)
      return jade_shim_refuse("PRIME_FD_TO_HANDLE of a dma-buf whose handle was closed "
                              "(not emulated)",
                              -EINVAL);
   drm_shim_bo_put(bo);
   args->handle = handle;
   return 0;
}

JADE_SHIM_IOCTL(prime_handle_to_fd, "PRIME_HANDLE_TO_FD")
JADE_SHIM_IOCTL(prime_fd_to_handle, "PRIME_FD_TO_HANDLE")

void
jade_shim_prime_init(void)
{
   exports = _mesa_hash_table_u64_create(NULL);
   core_get_cap = core_ioctls[_IOC_NR(DRM_IOCTL_GET_CAP)];
   core_ioctls[_IOC_NR(DRM_IOCTL_GET_CAP)] = get_cap;
   core_ioctls[_IOC_NR(DRM_IOCTL_PRIME_HANDLE_TO_FD)] = prime_handle_to_fd_ioctl;
   core_ioctls[_IOC_NR(DRM_IOCTL_PRIME_FD_TO_HANDLE)] = prime_fd_to_handle_ioctl;
}
