/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Channels, the NVIF object calls Jade makes on them, and EXEC: every
 * submission is checked (channel, push count, pushes inside mapped memory,
 * known syncobjs) and then completes at once.
 */

#include <errno.h>
#include <stdio.h>

#include "drm-shim/drm_shim.h"
#include "drm-uapi/nouveau_drm.h"
#include "nvif/cl0080.h"
#include "nvif/ioctl.h"
#include "util/macros.h"

#include "jade_shim.h"

bool
jade_shim_channel_exists(uint32_t channel)
{
   return channel < JADE_SHIM_MAX_CHANNELS && jade_shim.channel_used[channel];
}

int
jade_shim_channel_alloc(int fd, unsigned long request, void *arg)
{
   struct drm_nouveau_channel_alloc *req = arg;
   int ret = -ENOSPC;

   simple_mtx_lock(&jade_shim.lock);
   jade_shim.vm_locked = true;
   for (unsigned i = 0; i < JADE_SHIM_MAX_CHANNELS; i++) {
      if (!jade_shim.channel_used[i]) {
         jade_shim.channel_used[i] = true;
         req->channel = i;
         req->pushbuf_domains = NOUVEAU_GEM_DOMAIN_VRAM | NOUVEAU_GEM_DOMAIN_GART;
         req->nr_subchan = 0;
         ret = 0;
         break;
      }
   }
   simple_mtx_unlock(&jade_shim.lock);
   if (!ret)
      jade_shim_report("channel"); /* a screen or context came up */
   return ret ? jade_shim_refuse("CHANNEL_ALLOC: out of channels", ret) : 0;
}

int
jade_shim_channel_free(int fd, unsigned long request, void *arg)
{
   struct drm_nouveau_channel_free *req = arg;
   int ret = 0;

   simple_mtx_lock(&jade_shim.lock);
   if (jade_shim_channel_exists(req->channel)) {
      jade_shim.channel_used[req->channel] = false;
      jade_shim.channel_killed[req->channel] = false;
      for (unsigned i = 0; i < JADE_SHIM_MAX_OBJECTS; i++) {
         if (jade_shim.objects[i] && jade_shim.object_channel[i] == req->channel)
            jade_shim.objects[i] = 0;
      }
      jade_shim_run_channel_freed(req->channel);
   } else
      ret = jade_shim_refuse("CHANNEL_FREE of an unknown channel", -ENOENT);
   simple_mtx_unlock(&jade_shim.lock);
   return ret;
}

static bool
class_offered(uint32_t oclass)
{
   for (unsigned i = 0; jade_shim.params.classes[i]; i++) {
      if (jade_shim.params.classes[i] == oclass)
         return true;
   }
   return false;
}

static int
nvif_sclass(struct nvif_ioctl_v0 *ioctl, unsigned size)
{
   struct nvif_ioctl_sclass_v0 *sclass = (void *)ioctl->data;
   unsigned count = 0;
   while (jade_shim.params.classes[count])
      count++;

   if (!jade_shim_channel_exists(ioctl->token))
      return jade_shim_refuse("NVIF SCLASS on an unknown channel", -ENOENT);

   const unsigned room = (size - sizeof(*ioctl) - sizeof(*sclass)) / sizeof(sclass->oclass[0]);
   for (unsigned i = 0; i < MIN3(count, sclass->count, room); i++) {
      sclass->oclass[i].oclass = jade_shim.params.classes[i];
      sclass->oclass[i].minver = -1;
      sclass->oclass[i].maxver = -1;
   }
   sclass->count = count;
   return 0;
}

static int
nvif_new(struct nvif_ioctl_v0 *ioctl)
{
   struct nvif_ioctl_new_v0 *new = (void *)ioctl->data;

   if (ioctl->route == 0xff && !jade_shim_channel_exists(ioctl->token))
      return jade_shim_refuse("NVIF NEW on an unknown channel", -ENOENT);
   if (ioctl->route == 0xff && !class_offered(new->oclass)) {
      jade_shim_complain("NVIF NEW of class 0x%04x, not offered", new->oclass);
      return -ENODEV;
   }

   for (unsigned i = 0; i < JADE_SHIM_MAX_OBJECTS; i++) {
      if (jade_shim.objects[i] == new->handle &&new->handle != 0)
         return jade_shim_refuse("NVIF NEW with a handle in use", -EEXIST);
   }
   for (unsigned i = 0; i < JADE_SHIM_MAX_OBJECTS; i++) {
      if (!jade_shim.objects[i]) {
         jade_shim.objects[i] = new->handle ? new->handle : ~0u;
         jade_shim.object_channel[i] = ioctl->route == 0xff ? ioctl->token : UINT32_MAX;
         return 0;
      }
   }
   return jade_shim_refuse("NVIF NEW: too many objects", -ENOSPC);
}

static int
nvif_del(struct nvif_ioctl_v0 *ioctl)
{
   for (unsigned i = 0; i < JADE_SHIM_MAX_OBJECTS; i++) {
      if (jade_shim.objects[i] && jade_shim.objects[i] == ioctl->object) {
         jade_shim.objects[i] = 0;
         return 0;
      }
   }
   return jade_shim_refuse("NVIF DEL of an unknown object", -ENOENT);
}

static int
nvif_mthd(struct nvif_ioctl_v0 *ioctl)
{
   struct nvif_ioctl_mthd_v0 *mthd = (void *)ioctl->data;

   if (mthd->method != NV_DEVICE_V0_INFO) {
      jade_shim_complain("NVIF MTHD 0x%x is not emulated", mthd->method);
      return -EINVAL;
   }
   struct nv_device_info_v0 *info = (void *)mthd->data;
   info->chipset = jade_shim.params.chipset;
   info->platform = NV_DEVICE_INFO_V0_PCIE;
   info->ram_size = jade_shim.params.vram_size_B;
   info->ram_user = jade_shim.params.vram_size_B;
   return 0;
}

int
jade_shim_nvif(int fd, unsigned long request, void *arg)
{
   struct nvif_ioctl_v0 *ioctl = arg;
   const unsigned size = _IOC_SIZE(request);
   int ret;

   simple_mtx_lock(&jade_shim.lock);
   switch (ioctl->type) {
   case NVIF_IOCTL_V0_SCLASS:
      ret = nvif_sclass(ioctl, size);
      break;
   case NVIF_IOCTL_V0_NEW:
      ret = nvif_new(ioctl);
      break;
   case NVIF_IOCTL_V0_DEL:
      ret = nvif_del(ioctl);
      break;
   case NVIF_IOCTL_V0_MTHD:
      ret = nvif_mthd(ioctl);
      break;
   default:
      jade_shim_complain("NVIF ioctl type %u is not emulated", ioctl->type);
      ret = -EINVAL;
      break;
   }
   simple_mtx_unlock(&jade_shim.lock);
   return ret;
}

int
jade_shim_exec(int fd, unsigned long request, void *arg)
{
   struct drm_nouveau_exec *req = arg;
   const struct drm_nouveau_exec_push *pushes = (void *)(uintptr_t)req->push_ptr;
   const struct drm_nouveau_sync *waits = (void *)(uintptr_t)req->wait_ptr;
   const struct drm_nouveau_sync *sigs = (void *)(uintptr_t)req->sig_ptr;
   int ret = 0;

   simple_mtx_lock(&jade_shim.lock);
   if (!jade_shim_channel_exists(req->channel)) {
      ret = jade_shim_refuse("EXEC on an unknown channel", -ENOENT);
      goto out;
   }
   if (req->push_count > JADE_SHIM_EXEC_PUSH_MAX) {
      ret = jade_shim_refuse("EXEC with too many pushes", -EINVAL);
      goto out;
   }
   for (unsigned i = 0; i < req->push_count; i++) {
      if (pushes[i].va_len == 0 || (pushes[i].va_len & 3) ||
          !jade_shim_va_mapped(pushes[i].va, pushes[i].va_len)) {
         jade_shim_complain("EXEC push %u (0x%llx, %u bytes) is not "
                            "inside mapped memory",
                            i, (unsigned long long)pushes[i].va, pushes[i].va_len);
         ret = -EINVAL;
         goto out;
      }
   }
   for (unsigned i = 0; i < req->wait_count + req->sig_count; i++) {
      const struct drm_nouveau_sync *s =
         i < req->wait_count ? &waits[i] : &sigs[i - req->wait_count];
      if ((s->flags & DRM_NOUVEAU_SYNC_TYPE_MASK) != DRM_NOUVEAU_SYNC_SYNCOBJ) {
         ret = jade_shim_refuse("EXEC with a timeline sync (not emulated)", -EINVAL);
         goto out;
      }
      if (!jade_shim_syncobj_exists(s->handle)) {
         ret = jade_shim_refuse("EXEC with an unknown syncobj", -ENOENT);
         goto out;
      }
   }
   if (jade_shim_fault_kill_channel(req->channel))
      jade_shim.channel_killed[req->channel] = true;
   /* What nouveau answers once a channel is dead. */
   ret = jade_shim.channel_killed[req->channel]
            ? -ENODEV
            : jade_shim_run(req->channel, pushes, req->push_count);
   if (!ret)
      jade_shim.exec_count++;
out:
   simple_mtx_unlock(&jade_shim.lock);
   if (ret)
      return ret;

   /* The submission has run to its end (or was not run at all): it is
    * complete. */
   for (unsigned i = 0; i < req->sig_count; i++) {
      ret = jade_shim_syncobj_signal(sigs[i].handle);
      if (ret)
         return jade_shim_refuse("EXEC signalling an unknown syncobj", ret);
   }
   return 0;
}
