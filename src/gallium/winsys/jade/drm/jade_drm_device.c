/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Device open: checks the kernel driver, sets up the VM_BIND address space,
 * reads the chipset and memory sizes.  Jade requires the VM_BIND UAPI
 * (Linux 6.6+); the legacy relocation-based pushbuf path is not used.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xf86drm.h>

#include "drm-uapi/nouveau_drm.h"
#include "util/log.h"
#include "util/os_file.h"
#include "util/u_memory.h"

#include "jade/jade_drm.h"
#include "jade_drm_ioctl.h"

static const struct {
   uint16_t chipset;
   const char *name;
} jade_chipsets[] = {
   {0x162, "TU102"},
   {0x164, "TU104"},
   {0x166, "TU106"},
   {0x167, "TU117"},
   {0x168, "TU116"},
};

const char *
jade_chipset_name(uint16_t chipset)
{
   for (unsigned i = 0; i < ARRAY_SIZE(jade_chipsets); i++) {
      if (jade_chipsets[i].chipset == chipset)
         return jade_chipsets[i].name;
   }
   return NULL;
}

int
jade_dev_get_param(struct jade_dev *dev, uint64_t param, uint64_t *value)
{
   struct drm_nouveau_getparam gp = {.param = param};
   int ret = jade_ioctl(dev->fd, DRM_NOUVEAU_GETPARAM, &gp, sizeof(gp),
                        "NOUVEAU_GETPARAM");
   if (ret == 0)
      *value = gp.value;
   return ret;
}

static int
jade_dev_check_kernel(int fd)
{
   drmVersionPtr ver = drmGetVersion(fd);
   if (!ver) {
      /* Not a DRM device at all (errno may say nothing useful). */
      mesa_loge("jade: drmGetVersion failed: %s", strerror(errno));
      return -ENODEV;
   }

   int ret = 0;
   if (ver->name_len != 7 || strncmp(ver->name, "nouveau", 7) != 0) {
      mesa_loge("jade: kernel driver '%.*s' is not nouveau", ver->name_len,
                ver->name);
      ret = -ENODEV;
   }
   drmFreeVersion(ver);
   return ret;
}

int
jade_dev_create(int fd, struct jade_dev **out)
{
   *out = NULL;

   int ret = jade_dev_check_kernel(fd);
   if (ret)
      return ret;

   struct jade_dev *dev = CALLOC_STRUCT(jade_dev);
   if (!dev)
      return -ENOMEM;

   dev->fd = os_dupfd_cloexec(fd);
   if (dev->fd < 0) {
      ret = -errno;
      mesa_loge("jade: cannot duplicate the DRM fd: %s", strerror(errno));
      FREE(dev);
      return ret;
   }

   /* VM_INIT must come before any buffer or channel exists. */
   struct drm_nouveau_vm_init vm_init = {
      .kernel_managed_addr = JADE_VA_KERNEL_START_B,
      .kernel_managed_size = JADE_VA_END_B - JADE_VA_KERNEL_START_B,
   };
   ret = jade_ioctl(dev->fd, DRM_NOUVEAU_VM_INIT, &vm_init, sizeof(vm_init),
                    "NOUVEAU_VM_INIT");
   if (ret) {
      mesa_loge("jade: the kernel lacks the VM_BIND UAPI (Linux 6.6+)");
      goto fail;
   }

   uint64_t value;
   ret = jade_dev_get_param(dev, NOUVEAU_GETPARAM_CHIPSET_ID, &value);
   if (ret)
      goto fail;
   dev->chipset = value;
   dev->chip_name = jade_chipset_name(dev->chipset);
   if (!dev->chip_name) {
      mesa_loge("jade: chipset NV%03X is not supported "
                "(Jade drives Turing TU10x/TU11x)", dev->chipset);
      ret = -ENODEV;
      goto fail;
   }

   if ((ret = jade_dev_get_param(dev, NOUVEAU_GETPARAM_PCI_DEVICE, &value)))
      goto fail;
   dev->pci_device_id = value;
   if ((ret = jade_dev_get_param(dev, NOUVEAU_GETPARAM_FB_SIZE, &value)))
      goto fail;
   dev->vram_size_B = value;
   if ((ret = jade_dev_get_param(dev, NOUVEAU_GETPARAM_AGP_SIZE, &value)))
      goto fail;
   dev->gart_size_B = value;
   if ((ret = jade_dev_get_param(dev, NOUVEAU_GETPARAM_GRAPH_UNITS, &value)))
      goto fail;
   dev->gpc_count = value & 0xff;
   dev->tpc_count = (value >> 8) & 0xffff;

   /* Optional parameters: older kernels may not know them. */
   dev->bar_size_B = 0;
   if (jade_dev_get_param_quiet(dev->fd, NOUVEAU_GETPARAM_VRAM_BAR_SIZE,
                                &value) == 0)
      dev->bar_size_B = value;
   dev->max_push = NOUVEAU_GEM_MAX_PUSH;
   if (jade_dev_get_param_quiet(dev->fd, NOUVEAU_GETPARAM_EXEC_PUSH_MAX,
                                &value) == 0)
      dev->max_push = value;

   ret = jade_dev_query_classes(dev);
   if (ret)
      goto fail;

   simple_mtx_init(&dev->va_lock, mtx_plain);
   util_vma_heap_init(&dev->va_heap, JADE_VA_START_B,
                      JADE_VA_KERNEL_START_B - JADE_VA_START_B);

   *out = dev;
   return 0;

fail:
   close(dev->fd);
   FREE(dev);
   return ret;
}

void
jade_dev_destroy(struct jade_dev *dev)
{
   if (!dev)
      return;
   util_vma_heap_finish(&dev->va_heap);
   simple_mtx_destroy(&dev->va_lock);
   close(dev->fd);
   FREE(dev);
}
