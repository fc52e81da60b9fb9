/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Fences are DRM syncobjs: EXEC signals one, the CPU waits on it.
 */

#include <errno.h>
#include <string.h>

#include <xf86drm.h>

#include "util/log.h"
#include "util/os_time.h"

#include "jade/jade_drm.h"

int
jade_syncobj_create(struct jade_dev *dev, bool signaled, uint32_t *out)
{
   int ret = drmSyncobjCreate(dev->fd,
                              signaled ? DRM_SYNCOBJ_CREATE_SIGNALED : 0, out);
   if (ret) {
      ret = -errno;
      mesa_loge("jade: SYNCOBJ_CREATE failed: %s", strerror(errno));
   }
   return ret;
}

void
jade_syncobj_destroy(struct jade_dev *dev, uint32_t syncobj)
{
   if (drmSyncobjDestroy(dev->fd, syncobj))
      mesa_loge("jade: SYNCOBJ_DESTROY of %u failed: %s", syncobj,
                strerror(errno));
}

int
jade_syncobj_wait(struct jade_dev *dev, const uint32_t *syncobjs,
                  unsigned count, uint64_t timeout_ns)
{
   /* The kernel wants an absolute CLOCK_MONOTONIC deadline. */
   int64_t deadline = timeout_ns >= INT64_MAX / 2 ?
                      INT64_MAX : os_time_get_absolute_timeout(timeout_ns);
   int ret = drmSyncobjWait(dev->fd, (uint32_t *)syncobjs, count, deadline,
                            DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL |
                            DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL);
   if (ret) {
      ret = -errno;
      if (ret != -ETIME)
         mesa_loge("jade: SYNCOBJ_WAIT failed: %s", strerror(errno));
   }
   return ret;
}
