/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * DRM syncobjs with real state.  Mesa's drm-shim core only stubs them
 * (every syncobj is handle 1 and every wait succeeds), which would hide
 * fence bugs; the shim replaces those core entries with these.  A syncobj
 * is signalled when created so, by SIGNAL, or by an EXEC that signals it.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "drm-shim/drm_shim.h"
#include "util/hash_table.h"

#include "jade_shim.h"

/* Mesa's drm-shim core table of non-driver ioctls. */
extern ioctl_fn_t core_ioctls[];

enum syncobj_state {
   SYNCOBJ_UNSIGNALLED = 1, /* non-zero: stored as a hash table value */
   SYNCOBJ_SIGNALLED,
};

static struct hash_table_u64 *syncobjs;
static uint32_t next_handle = 1;

static enum syncobj_state
syncobj_get(uint32_t handle)
{
   return (uintptr_t)_mesa_hash_table_u64_search(syncobjs, handle);
}

static void
syncobj_set(uint32_t handle, enum syncobj_state state)
{
   _mesa_hash_table_u64_insert(syncobjs, handle, (void *)(uintptr_t)state);
}

static int
syncobj_create(int fd, unsigned long request, void *arg)
{
   struct drm_syncobj_create *req = arg;
   if (req->flags & ~DRM_SYNCOBJ_CREATE_SIGNALED)
      return jade_shim_refuse("SYNCOBJ_CREATE with unknown flags", -EINVAL);

   simple_mtx_lock(&jade_shim.lock);
   req->handle = next_handle++;
   syncobj_set(req->handle, (req->flags & DRM_SYNCOBJ_CREATE_SIGNALED) ? SYNCOBJ_SIGNALLED
                                                                       : SYNCOBJ_UNSIGNALLED);
   simple_mtx_unlock(&jade_shim.lock);
   return 0;
}

static int
syncobj_destroy(int fd, unsigned long request, void *arg)
{
   struct drm_syncobj_destroy *req = arg;
   int ret = 0;

   simple_mtx_lock(&jade_shim.lock);
   if (syncobj_get(req->handle))
      _mesa_hash_table_u64_remove(syncobjs, req->handle);
   else
      ret = jade_shim_refuse("SYNCOBJ_DESTROY of an unknown handle", -EINVAL);
   simple_mtx_unlock(&jade_shim.lock);
   return ret;
}

static int
syncobj_wait(int fd, unsigned long request, void *arg)
{
   struct drm_syncobj_wait *req = arg;
   const uint32_t *handles = (void *)(uintptr_t)req->handles;
   unsigned signalled = 0;
   int ret = 0;

   if (req->count_handles == 0)
      return jade_shim_refuse("SYNCOBJ_WAIT on no handles", -EINVAL);

   simple_mtx_lock(&jade_shim.lock);
   for (unsigned i = 0; i < req->count_handles; i++) {
      enum syncobj_state state = syncobj_get(handles[i]);
      if (!state) {
         ret = jade_shim_refuse("SYNCOBJ_WAIT on an unknown handle", -ENOENT);
         goto out;
      }
      if (state == SYNCOBJ_SIGNALLED) {
         if (signalled++ == 0)
            req->first_signaled = i;
      } else if (!(req->flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT)) {
         /* The kernel refuses to wait on a syncobj with no fence. */
         ret = -EINVAL;
         goto out;
      }
   }

   const bool wait_all = req->flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL;
   if (wait_all ? signalled < req->count_handles : signalled == 0) {
      /* Nothing will ever signal it: a real wait would time out. */
      ret = -ETIME;
   }
out:
   simple_mtx_unlock(&jade_shim.lock);
   return ret;
}

static int
syncobj_set_array(const struct drm_syncobj_array *req, enum syncobj_state state, const char *what)
{
   const uint32_t *handles = (void *)(uintptr_t)req->handles;
   int ret = 0;

   simple_mtx_lock(&jade_shim.lock);
   for (unsigned i = 0; i < req->count_handles && ret == 0; i++) {
      if (syncobj_get(handles[i]))
         syncobj_set(handles[i], state);
      else
         ret = jade_shim_refuse(what, -EINVAL);
   }
   simple_mtx_unlock(&jade_shim.lock);
   return ret;
}

static int
syncobj_reset(int fd, unsigned long request, void *arg)
{
   return syncobj_set_array(arg, SYNCOBJ_UNSIGNALLED, "SYNCOBJ_RESET of an unknown handle");
}

static int
syncobj_signal(int fd, unsigned long request, void *arg)
{
   return syncobj_set_array(arg, SYNCOBJ_SIGNALLED, "SYNCOBJ_SIGNAL of an unknown handle");
}

static int
syncobj_not_emulated(int fd, unsigned long request, void *arg)
{
   jade_shim_complain("syncobj ioctl 0x%x is not emulated", (unsigned)_IOC_NR(request));
   return -EINVAL;
}

int
jade_shim_syncobj_signal(uint32_t handle)
{
   int ret = 0;
   simple_mtx_lock(&jade_shim.lock);
   if (syncobj_get(handle))
      syncobj_set(handle, SYNCOBJ_SIGNALLED);
   else
      ret = -ENOENT;
   simple_mtx_unlock(&jade_shim.lock);
   return ret;
}

bool
jade_shim_syncobj_exists(uint32_t handle)
{
   return syncobj_get(handle) != 0;
}

JADE_SHIM_IOCTL(syncobj_create, "SYNCOBJ_CREATE")
JADE_SHIM_IOCTL(syncobj_destroy, "SYNCOBJ_DESTROY")
JADE_SHIM_IOCTL(syncobj_wait, "SYNCOBJ_WAIT")
JADE_SHIM_IOCTL(syncobj_reset, "SYNCOBJ_RESET")
JADE_SHIM_IOCTL(syncobj_signal, "SYNCOBJ_SIGNAL")
JADE_SHIM_IOCTL(syncobj_not_emulated, "SYNCOBJ_OTHER")

void
jade_shim_syncobj_init(void)
{
   syncobjs = _mesa_hash_table_u64_create(NULL);

   core_ioctls[_IOC_NR(DRM_IOCTL_SYNCOBJ_CREATE)] = syncobj_create_ioctl;
   core_ioctls[_IOC_NR(DRM_IOCTL_SYNCOBJ_DESTROY)] = syncobj_destroy_ioctl;
   core_ioctls[_IOC_NR(DRM_IOCTL_SYNCOBJ_WAIT)] = syncobj_wait_ioctl;
   core_ioctls[_IOC_NR(DRM_IOCTL_SYNCOBJ_RESET)] = syncobj_reset_ioctl;
   core_ioctls[_IOC_NR(DRM_IOCTL_SYNCOBJ_SIGNAL)] = syncobj_signal_ioctl;
   const unsigned not_emulated[] = {
      DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD,  DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE,
      DRM_IOCTL_SYNCOBJ_TRANSFER,      DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL,
      DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, DRM_IOCTL_SYNCOBJ_QUERY,
   };
   for (unsigned i = 0; i < ARRAY_SIZE(not_emulated); i++)
      core_ioctls[_IOC_NR(not_emulated[i])] = syncobj_not_emulated_ioctl;
}
