/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Channels (GPU command queues), their engine objects, and submission with
 * DRM_NOUVEAU_EXEC.  Engine objects are created through NVIF, the kernel's
 * object interface; class ids come from what the kernel lists, never from
 * a table of our own.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <xf86drm.h>

#include "drm-uapi/nouveau_drm.h"
#include "nvif/cl0080.h"
#include "nvif/class.h"
#include "nvif/ioctl.h"
#include "util/log.h"
#include "util/macros.h"
#include "util/u_memory.h"

#include "jade/jade_drm.h"
#include "jade_drm_ioctl.h"

#define JADE_MAX_CLASSES 16

/* The low byte of a class id names its engine (e.g. 0xc597 is TURING_A). */
static const uint8_t jade_engine_class_byte[JADE_ENGINE_COUNT] = {
   [JADE_ENGINE_3D] = 0x97,
   [JADE_ENGINE_COMPUTE] = 0xc0,
   [JADE_ENGINE_COPY] = 0xb5,
   [JADE_ENGINE_M2MF] = 0x40,
   [JADE_ENGINE_2D] = 0x2d,
};

static int
jade_channel_alloc(struct jade_dev *dev, uint32_t *id)
{
   struct drm_nouveau_channel_alloc req = {0};
   int ret = jade_ioctl(dev->fd, DRM_NOUVEAU_CHANNEL_ALLOC, &req, sizeof(req),
                        "NOUVEAU_CHANNEL_ALLOC");
   if (ret == 0)
      *id = req.channel;
   return ret;
}

static void
jade_channel_free(struct jade_dev *dev, uint32_t id)
{
   struct drm_nouveau_channel_free req = {.channel = id};
   jade_ioctl(dev->fd, DRM_NOUVEAU_CHANNEL_FREE, &req, sizeof(req),
              "NOUVEAU_CHANNEL_FREE");
}

static int
jade_channel_list_classes(struct jade_dev *dev, uint32_t channel,
                          uint32_t classes[JADE_MAX_CLASSES])
{
   struct {
      struct nvif_ioctl_v0 ioctl;
      struct nvif_ioctl_sclass_v0 sclass;
      struct nvif_ioctl_sclass_oclass_v0 list[JADE_MAX_CLASSES];
   } args = {
      .ioctl = {
         .type = NVIF_IOCTL_V0_SCLASS,
         .route = 0xff,
         .token = channel,
      },
      .sclass = {.count = JADE_MAX_CLASSES},
   };

   int ret = jade_ioctl(dev->fd, DRM_NOUVEAU_NVIF, &args, sizeof(args),
                        "NOUVEAU_NVIF(SCLASS)");
   if (ret)
      return ret;

   const unsigned count = MIN2(args.sclass.count, JADE_MAX_CLASSES);
   memset(classes, 0, JADE_MAX_CLASSES * sizeof(*classes));
   for (unsigned i = 0; i < count; i++)
      classes[i] = args.list[i].oclass;
   return 0;
}

int
jade_dev_query_classes(struct jade_dev *dev)
{
   uint32_t channel, classes[JADE_MAX_CLASSES];

   int ret = jade_channel_alloc(dev, &channel);
   if (ret)
      return ret;
   ret = jade_channel_list_classes(dev, channel, classes);
   jade_channel_free(dev, channel);
   if (ret)
      return ret;

   /* Several generations may be listed; take the newest of each engine. */
   for (unsigned e = 0; e < JADE_ENGINE_COUNT; e++) {
      dev->cls[e] = 0;
      for (unsigned i = 0; i < JADE_MAX_CLASSES; i++) {
         if ((classes[i] & 0xff) == jade_engine_class_byte[e])
            dev->cls[e] = MAX2(dev->cls[e], classes[i]);
      }
   }

   if (!dev->cls[JADE_ENGINE_3D] || !dev->cls[JADE_ENGINE_COMPUTE]) {
      mesa_loge("jade: the kernel offers no 3D or compute class "
                "(3D 0x%04x, compute 0x%04x)",
                dev->cls[JADE_ENGINE_3D], dev->cls[JADE_ENGINE_COMPUTE]);
      return -ENODEV;
   }
   return 0;
}

static int
jade_channel_object_new(struct jade_channel *chan, uint32_t handle,
                        uint32_t oclass)
{
   struct {
      struct nvif_ioctl_v0 ioctl;
      struct nvif_ioctl_new_v0 new;
   } args = {
      .ioctl = {
         .type = NVIF_IOCTL_V0_NEW,
         .route = 0xff,
         .token = chan->id,
      },
      .new = {
         .handle = handle,
         .oclass = oclass,
         .route = NVIF_IOCTL_V0_ROUTE_NVIF,
         .object = handle,
         .token = handle,
      },
   };
   return jade_ioctl(chan->dev->fd, DRM_NOUVEAU_NVIF, &args, sizeof(args),
                     "NOUVEAU_NVIF(NEW)");
}

static void
jade_channel_object_del(struct jade_channel *chan, uint32_t handle)
{
   struct {
      struct nvif_ioctl_v0 ioctl;
      struct nvif_ioctl_del del;
   } args = {
      .ioctl = {
         .type = NVIF_IOCTL_V0_DEL,
         .object = handle,
         .owner = NVIF_IOCTL_V0_OWNER_ANY,
         .route = 0x00,
      },
   };
   jade_ioctl(chan->dev->fd, DRM_NOUVEAU_NVIF, &args, sizeof(args),
              "NOUVEAU_NVIF(DEL)");
}

int
jade_channel_create(struct jade_dev *dev, struct jade_channel **out)
{
   *out = NULL;

   struct jade_channel *chan = CALLOC_STRUCT(jade_channel);
   if (!chan)
      return -ENOMEM;
   chan->dev = dev;

   int ret = jade_channel_alloc(dev, &chan->id);
   if (ret) {
      FREE(chan);
      return ret;
   }

   /* Object handles only need to be unique per client. */
   const uint32_t base = (0x4a00u + chan->id) << 16;
   for (unsigned e = 0; e < JADE_ENGINE_COUNT; e++) {
      if (!dev->cls[e])
         continue;
      const uint32_t handle = base | dev->cls[e];
      ret = jade_channel_object_new(chan, handle, dev->cls[e]);
      if (ret) {
         jade_channel_destroy(chan);
         return ret;
      }
      chan->obj[e] = handle;
   }

   *out = chan;
   return 0;
}

void
jade_channel_destroy(struct jade_channel *chan)
{
   if (!chan)
      return;
   for (unsigned e = 0; e < JADE_ENGINE_COUNT; e++) {
      if (chan->obj[e])
         jade_channel_object_del(chan, chan->obj[e]);
   }
   jade_channel_free(chan->dev, chan->id);
   FREE(chan);
}

int
jade_channel_submit(struct jade_channel *chan,
                    const struct jade_push_range *pushes, unsigned push_count,
                    const uint32_t *wait_syncobjs, unsigned wait_count,
                    uint32_t signal_syncobj)
{
   struct jade_dev *dev = chan->dev;

   if (push_count > dev->max_push) {
      mesa_loge("jade: %u pushes exceed the kernel's limit of %u per EXEC",
                push_count, dev->max_push);
      return -EINVAL;
   }

   struct drm_nouveau_exec_push *exec_pushes =
      calloc(MAX2(push_count, 1), sizeof(*exec_pushes));
   struct drm_nouveau_sync *waits = calloc(MAX2(wait_count, 1), sizeof(*waits));
   if (!exec_pushes || !waits) {
      free(exec_pushes);
      free(waits);
      return -ENOMEM;
   }
   for (unsigned i = 0; i < push_count; i++) {
      exec_pushes[i] = (struct drm_nouveau_exec_push){
         .va = pushes[i].va,
         .va_len = pushes[i].size_B,
         .flags = pushes[i].no_prefetch ? DRM_NOUVEAU_EXEC_PUSH_NO_PREFETCH : 0,
      };
   }
   for (unsigned i = 0; i < wait_count; i++) {
      waits[i] = (struct drm_nouveau_sync){
         .flags = DRM_NOUVEAU_SYNC_SYNCOBJ,
         .handle = wait_syncobjs[i],
      };
   }

   struct drm_nouveau_sync signal = {
      .flags = DRM_NOUVEAU_SYNC_SYNCOBJ,
      .handle = signal_syncobj,
   };

   struct drm_nouveau_exec req = {
      .channel = chan->id,
      .push_count = push_count,
      .push_ptr = (uintptr_t)exec_pushes,
      .wait_count = wait_count,
      .wait_ptr = (uintptr_t)waits,
      .sig_count = signal_syncobj ? 1 : 0,
      .sig_ptr = (uintptr_t)&signal,
   };
   int ret = jade_ioctl(dev->fd, DRM_NOUVEAU_EXEC, &req, sizeof(req),
                        "NOUVEAU_EXEC");
   free(exec_pushes);
   free(waits);
   return ret;
}

bool
jade_channel_killed(struct jade_channel *chan)
{
   /* An empty legacy pushbuf is a no-op, except that nouveau answers
    * -ENODEV once the channel has been killed. */
   struct drm_nouveau_gem_pushbuf req = {.channel = chan->id};
   int ret = drmCommandWriteRead(chan->dev->fd, DRM_NOUVEAU_GEM_PUSHBUF, &req,
                                 sizeof(req));
   /* ENODEV is the answer asked for; any other failure is reported. */
   if (ret && ret != -ENODEV)
      mesa_loge("jade: NOUVEAU_GEM_PUSHBUF failed: %s", strerror(-ret));
   return ret == -ENODEV;
}
