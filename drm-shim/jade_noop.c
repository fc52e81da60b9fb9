/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * libjade_noop_drm_shim.so: stands in for the nouveau kernel driver of a
 * Turing GPU, on top of Mesa's drm-shim library (LD_PRELOAD).  It answers
 * the UAPI Jade uses (VM_INIT, VM_BIND, EXEC, GEM, NVIF class lists and
 * syncobjs) with the same validation the kernel does, and completes every
 * submission at once without executing it.  Anything it does not know is
 * reported on stderr and refused.
 *
 *   JADE_SHIM_CHIPSET=<hex>   chipset to report (default 162, TU102)
 *   JADE_SHIM_REPORT=<file>   append "PID channel" for every channel a
 *                             driver allocates and "PID refused: WHAT" for
 *                             every refusal, so that a test can tell that
 *                             Jade ran and the kernel never said no,
 *                             and at exit "PID buffers N bytes B", the
 *                             GEM buffers still live (jade_shim_buffers.c)
 *   JADE_SHIM_FAULT=<rules>   make the kernel say no: failing ioctls and
 *                             mmaps, killed channels, GPU faults
 *                             (jade_shim_fault.c)
 */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "drm-shim/drm_shim.h"
#include "drm-uapi/nouveau_drm.h"
#include "util/os_time.h"
#include "util/u_math.h"

#include "jade_shim.h"

bool drm_shim_driver_prefers_first_render_node = true;

struct jade_shim jade_shim;

/* One line appended to $JADE_SHIM_REPORT with a single write, so that
 * the processes of one test (forked workers) never interleave. */
void
jade_shim_report(const char *fmt, ...)
{
   const char *path = getenv("JADE_SHIM_REPORT");
   if (!path || !path[0])
      return;
   char line[512];
   int n = snprintf(line, sizeof(line), "%d ", (int)getpid());
   va_list args;
   va_start(args, fmt);
   n += vsnprintf(line + n, sizeof(line) - n - 1, fmt, args);
   va_end(args);
   n = MIN2(n, (int)sizeof(line) - 2);
   line[n++] = '\n';
   /* Not open(): drm-shim interposes it, and its state is gone once its
    * destructor has run, before the ones that report at exit. */
   int fd = syscall(SYS_openat, AT_FDCWD, path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
   if (fd >= 0) {
      if (write(fd, line, n) != n)
         fprintf(stderr, "jade-shim: cannot write %s\n", path);
      close(fd);
   }
}

void
jade_shim_complain(const char *fmt, ...)
{
   char what[400];
   va_list args;
   va_start(args, fmt);
   vsnprintf(what, sizeof(what), fmt, args);
   va_end(args);
   fprintf(stderr, "jade-shim: %s\n", what);
   jade_shim_report("refused: %s", what);
}

int
jade_shim_refuse(const char *what, int err)
{
   jade_shim_complain("%s: %s", what, strerror(-err));
   return err;
}

/* ------------------------------------------------------------------ GETPARAM */

static int
shim_getparam(int fd, unsigned long request, void *arg)
{
   struct drm_nouveau_getparam *gp = arg;
   const struct jade_shim_params *p = &jade_shim.params;

   switch (gp->param) {
   case NOUVEAU_GETPARAM_CHIPSET_ID:
      gp->value = p->chipset;
      return 0;
   case NOUVEAU_GETPARAM_PCI_VENDOR:
      gp->value = 0x10de;
      return 0;
   case NOUVEAU_GETPARAM_PCI_DEVICE:
      gp->value = p->pci_device_id;
      return 0;
   case NOUVEAU_GETPARAM_BUS_TYPE:
      gp->value = 2; /* PCIe */
      return 0;
   case NOUVEAU_GETPARAM_FB_SIZE:
      gp->value = p->vram_size_B;
      return 0;
   case NOUVEAU_GETPARAM_AGP_SIZE:
      gp->value = p->gart_size_B;
      return 0;
   case NOUVEAU_GETPARAM_VRAM_BAR_SIZE:
      gp->value = p->bar_size_B;
      return 0;
   case NOUVEAU_GETPARAM_VRAM_USED:
      gp->value = 0;
      return 0;
   case NOUVEAU_GETPARAM_GRAPH_UNITS:
      gp->value = p->gpc_count | (p->tpc_count << 8);
      return 0;
   case NOUVEAU_GETPARAM_PTIMER_TIME:
      gp->value = os_time_get_nano();
      return 0;
   case NOUVEAU_GETPARAM_HAS_BO_USAGE:
      gp->value = 1;
      return 0;
   case NOUVEAU_GETPARAM_EXEC_PUSH_MAX:
      gp->value = JADE_SHIM_EXEC_PUSH_MAX;
      return 0;
   case NOUVEAU_GETPARAM_HAS_VMA_TILEMODE:
      gp->value = 1;
      return 0;
   default:
      jade_shim_complain("unknown NOUVEAU_GETPARAM %llu", (unsigned long long)gp->param);
      return -EINVAL;
   }
}

/* ---------------------------------------------------------------------- GEM */

static int
shim_gem_new(int fd, unsigned long request, void *arg)
{
   struct shim_fd *shim_fd = drm_shim_fd_lookup(fd);
   struct drm_nouveau_gem_new *req = arg;

   if (req->info.size == 0)
      return jade_shim_refuse("GEM_NEW of size 0", -EINVAL);
   if (!(req->info.domain & (NOUVEAU_GEM_DOMAIN_VRAM | NOUVEAU_GEM_DOMAIN_GART)))
      return jade_shim_refuse("GEM_NEW without a VRAM or GART domain", -EINVAL);
   if (req->info.size > UINT32_MAX)
      return jade_shim_refuse("GEM_NEW larger than the shim's 4 GiB", -ENOMEM);

   struct shim_bo *bo = calloc(1, sizeof(*bo));
   if (!bo)
      return -ENOMEM;
   int ret = drm_shim_bo_init(bo, req->info.size);
   if (ret) {
      free(bo);
      return jade_shim_refuse("GEM_NEW: out of shim memory", ret);
   }

   req->info.handle = drm_shim_bo_get_handle(shim_fd, bo);
   req->info.map_handle = drm_shim_bo_get_mmap_offset(shim_fd, bo);
   req->info.offset = 0; /* VM_BIND clients place buffers themselves */
   jade_shim_buffer_made(bo);
   drm_shim_bo_put(bo);

   simple_mtx_lock(&jade_shim.lock);
   jade_shim.vm_locked = true;
   simple_mtx_unlock(&jade_shim.lock);
   return 0;
}

static int
shim_gem_info(int fd, unsigned long request, void *arg)
{
   struct shim_fd *shim_fd = drm_shim_fd_lookup(fd);
   struct drm_nouveau_gem_info *info = arg;

   struct shim_bo *bo = drm_shim_bo_lookup(shim_fd, info->handle);
   if (!bo)
      return jade_shim_refuse("GEM_INFO of an unknown handle", -ENOENT);
   info->map_handle = drm_shim_bo_get_mmap_offset(shim_fd, bo);
   info->size = bo->size;
   info->offset = 0;
   drm_shim_bo_put(bo);
   return 0;
}

/* The GPU is always idle: CPU access only needs a valid handle. */
static int
shim_check_handle(int fd, uint32_t handle, const char *what)
{
   struct shim_bo *bo = drm_shim_bo_lookup(drm_shim_fd_lookup(fd), handle);
   if (!bo)
      return jade_shim_refuse(what, -ENOENT);
   drm_shim_bo_put(bo);
   return 0;
}

static int
shim_gem_cpu_prep(int fd, unsigned long request, void *arg)
{
   const struct drm_nouveau_gem_cpu_prep *req = arg;
   return shim_check_handle(fd, req->handle, "GEM_CPU_PREP of an unknown handle");
}

static int
shim_gem_cpu_fini(int fd, unsigned long request, void *arg)
{
   const struct drm_nouveau_gem_cpu_fini *req = arg;
   return shim_check_handle(fd, req->handle, "GEM_CPU_FINI of an unknown handle");
}

static int
shim_gem_pushbuf(int fd, unsigned long request, void *arg)
{
   struct drm_nouveau_gem_pushbuf *req = arg;

   if (!jade_shim_channel_exists(req->channel))
      return jade_shim_refuse("GEM_PUSHBUF on an unknown channel", -ENOENT);
   /* Clients use an empty legacy pushbuf to ask whether the channel was
    * killed; real legacy submissions are not part of the VM_BIND model. */
   if (req->nr_push != 0)
      return jade_shim_refuse("legacy GEM_PUSHBUF submission (use EXEC)", -EINVAL);
   if (jade_shim.channel_killed[req->channel] || jade_shim_run_channel_killed(req->channel))
      return -ENODEV; /* what nouveau answers for a killed channel */
   req->vram_available = jade_shim.params.vram_size_B;
   req->gart_available = jade_shim.params.gart_size_B;
   return 0;
}

JADE_SHIM_IOCTL(shim_getparam, "GETPARAM")
JADE_SHIM_IOCTL(jade_shim_channel_alloc, "CHANNEL_ALLOC")
JADE_SHIM_IOCTL(jade_shim_channel_free, "CHANNEL_FREE")
JADE_SHIM_IOCTL(jade_shim_nvif, "NVIF")
JADE_SHIM_IOCTL(jade_shim_vm_init, "VM_INIT")
JADE_SHIM_IOCTL(jade_shim_vm_bind, "VM_BIND")
JADE_SHIM_IOCTL(jade_shim_exec, "EXEC")
JADE_SHIM_IOCTL(shim_gem_new, "GEM_NEW")
JADE_SHIM_IOCTL(shim_gem_pushbuf, "GEM_PUSHBUF")
JADE_SHIM_IOCTL(shim_gem_cpu_prep, "GEM_CPU_PREP")
JADE_SHIM_IOCTL(shim_gem_cpu_fini, "GEM_CPU_FINI")
JADE_SHIM_IOCTL(shim_gem_info, "GEM_INFO")

static ioctl_fn_t driver_ioctls[] = {
   [DRM_NOUVEAU_GETPARAM] = shim_getparam_ioctl,
   [DRM_NOUVEAU_CHANNEL_ALLOC] = jade_shim_channel_alloc_ioctl,
   [DRM_NOUVEAU_CHANNEL_FREE] = jade_shim_channel_free_ioctl,
   [DRM_NOUVEAU_NVIF] = jade_shim_nvif_ioctl,
   [DRM_NOUVEAU_VM_INIT] = jade_shim_vm_init_ioctl,
   [DRM_NOUVEAU_VM_BIND] = jade_shim_vm_bind_ioctl,
   [DRM_NOUVEAU_EXEC] = jade_shim_exec_ioctl,
   [DRM_NOUVEAU_GEM_NEW] = shim_gem_new_ioctl,
   [DRM_NOUVEAU_GEM_PUSHBUF] = shim_gem_pushbuf_ioctl,
   [DRM_NOUVEAU_GEM_CPU_PREP] = shim_gem_cpu_prep_ioctl,
   [DRM_NOUVEAU_GEM_CPU_FINI] = shim_gem_cpu_fini_ioctl,
   [DRM_NOUVEAU_GEM_INFO] = shim_gem_info_ioctl,
};

void
drm_shim_driver_init(void)
{
   simple_mtx_init(&jade_shim.lock, mtx_plain);
   jade_shim_params_init(&jade_shim.params);
   jade_shim.vm = _mesa_hash_table_u64_create(NULL);
   jade_shim_syncobj_init();
   jade_shim_prime_init();
   jade_shim_fault_init();
   jade_shim_buffers_init();

   shim_device.bus_type = DRM_BUS_PCI;
   shim_device.driver_name = "nouveau";
   shim_device.driver_ioctls = driver_ioctls;
   shim_device.driver_ioctl_count = ARRAY_SIZE(driver_ioctls);
   /* 1.4.0: the VM_BIND / EXEC UAPI. */
   shim_device.version_major = 1;
   shim_device.version_minor = 4;
   shim_device.version_patchlevel = 0;

   char pci_id[256];
   snprintf(pci_id, sizeof(pci_id),
            "DRIVER=nouveau\n"
            "PCI_CLASS=30000\n"
            "PCI_ID=10DE:%04X\n"
            "PCI_SUBSYS_ID=10DE:0000\n"
            "PCI_SLOT_NAME=0000:01:00.0\n",
            jade_shim.params.pci_device_id);
   drm_shim_override_file(pci_id, "/sys/dev/char/%d:%d/device/uevent", DRM_MAJOR,
                          render_node_minor);
   drm_shim_override_file("0x0\n", "/sys/dev/char/%d:%d/device/revision", DRM_MAJOR,
                          render_node_minor);
   drm_shim_override_file("0x10de", "/sys/dev/char/%d:%d/device/vendor", DRM_MAJOR,
                          render_node_minor);
   char device[16];
   snprintf(device, sizeof(device), "0x%04x", jade_shim.params.pci_device_id);
   drm_shim_override_file(device, "/sys/dev/char/%d:%d/device/device", DRM_MAJOR,
                          render_node_minor);
   drm_shim_override_file("0x10de", "/sys/dev/char/%d:%d/device/subsystem_vendor", DRM_MAJOR,
                          render_node_minor);
   drm_shim_override_file("0x0000", "/sys/dev/char/%d:%d/device/subsystem_device", DRM_MAJOR,
                          render_node_minor);
}
