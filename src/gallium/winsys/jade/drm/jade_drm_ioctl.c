/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#include <errno.h>
#include <string.h>

#include <xf86drm.h>

#include "drm-uapi/nouveau_drm.h"
#include "util/log.h"

#include "jade_debug.h"
#include "jade_drm_ioctl.h"

static int
jade_ioctl_quiet(int fd, unsigned long command, void *arg, size_t size,
                 const char *name)
{
   int ret = drmCommandWriteRead(fd, command, arg, size);

   /* libdrm returns -errno, but be robust against a positive value. */
   if (ret > 0)
      ret = -ret;
   if (jade_debug(JADE_DEBUG_DRM))
      mesa_logi("jade: %s -> %d", name, ret);
   return ret;
}

int
jade_ioctl(int fd, unsigned long command, void *arg, size_t size,
           const char *name)
{
   int ret = jade_ioctl_quiet(fd, command, arg, size, name);
   if (ret)
      mesa_loge("jade: %s failed: %s", name, strerror(-ret));
   return ret;
}

int
jade_dev_get_param_quiet(int fd, uint64_t param, uint64_t *value)
{
   struct drm_nouveau_getparam gp = {.param = param};
   int ret = jade_ioctl_quiet(fd, DRM_NOUVEAU_GETPARAM, &gp, sizeof(gp),
                              "NOUVEAU_GETPARAM");
   if (ret == 0)
      *value = gp.value;
   return ret;
}
