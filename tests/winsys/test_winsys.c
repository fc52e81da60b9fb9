/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The DRM device layer against the noop drm-shim: one case per run,
 *   test-winsys CASE
 * so that each is its own meson test (and can run with its own shim
 * environment, e.g. an unsupported chipset).
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "jade/jade_drm.h"

#define CHECK(cond)                                                                                \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                  \
         return 1;                                                                                 \
      }                                                                                            \
   } while (0)

#define CHECK_EQ(a, b)                                                                             \
   do {                                                                                            \
      long long _a = (long long)(a), _b = (long long)(b);                                          \
      if (_a != _b) {                                                                              \
         fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", __FILE__, __LINE__, #a, _a,   \
                 #b, _b);                                                                          \
         return 1;                                                                                 \
      }                                                                                            \
   } while (0)

static int
open_render_node(void)
{
   int fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
   if (fd < 0)
      fprintf(stderr, "cannot open the render node: %s\n", strerror(errno));
   return fd;
}

static struct jade_dev *
open_dev(void)
{
   int fd = open_render_node();
   if (fd < 0)
      return NULL;
   struct jade_dev *dev = NULL;
   int ret = jade_dev_create(fd, &dev);
   close(fd);
   if (ret)
      fprintf(stderr, "jade_dev_create: %s\n", strerror(-ret));
   return dev;
}

static int
test_device(void)
{
   struct jade_dev *dev = open_dev();
   CHECK(dev);
   CHECK_EQ(dev->chipset, 0x162);
   CHECK(!strcmp(dev->chip_name, "TU102"));
   CHECK(dev->vram_size_B > 0);
   CHECK(dev->gart_size_B > 0);
   CHECK(dev->gpc_count > 0 && dev->tpc_count > 0);
   CHECK_EQ(dev->cls[JADE_ENGINE_3D], 0xc597);
   CHECK_EQ(dev->cls[JADE_ENGINE_COMPUTE], 0xc5c0);
   CHECK_EQ(dev->cls[JADE_ENGINE_COPY], 0xc5b5);
   jade_dev_destroy(dev);
   return 0;
}

static int
test_bo_roundtrip(void)
{
   struct jade_dev *dev = open_dev();
   CHECK(dev);

   struct jade_bo *bo;
   CHECK_EQ(jade_bo_create(dev, 100000, 0, JADE_BO_VRAM | JADE_BO_MAP, &bo), 0);
   CHECK(bo->size_B >= 100000);
   CHECK(bo->va >= JADE_VA_START_B && bo->va + bo->size_B <= JADE_VA_KERNEL_START_B);
   CHECK_EQ(bo->va % 65536, 0); /* big buffers get big-page alignment */

   uint64_t size_B, map_offset;
   CHECK_EQ(jade_gem_info(dev, bo->handle, &size_B, &map_offset), 0);
   CHECK_EQ(size_B, bo->size_B);

   uint32_t *map;
   CHECK_EQ(jade_bo_map(bo, (void **)&map), 0);
   for (unsigned i = 0; i < 100000 / 4; i++)
      map[i] = i * 2654435761u;

   /* A second, independent mapping of the same buffer sees the data. */
   uint32_t *map2 = mmap(NULL, bo->size_B, PROT_READ, MAP_SHARED, dev->fd, bo->map_offset);
   CHECK(map2 != MAP_FAILED);
   for (unsigned i = 0; i < 100000 / 4; i++)
      CHECK_EQ(map2[i], (uint32_t)(i * 2654435761u));
   munmap(map2, bo->size_B);

   /* Two buffers never share GPU addresses. */
   struct jade_bo *bo2;
   CHECK_EQ(jade_bo_create(dev, 4096, 0, JADE_BO_GART | JADE_BO_MAP, &bo2), 0);
   CHECK(bo2->va + bo2->size_B <= bo->va || bo->va + bo->size_B <= bo2->va);

   jade_bo_destroy(bo2);
   jade_bo_destroy(bo);
   jade_dev_destroy(dev);
   return 0;
}

static int
test_bo_errors(void)
{
   struct jade_dev *dev = open_dev();
   CHECK(dev);

   struct jade_bo *bo = (void *)1;
   CHECK_EQ(jade_bo_create(dev, 0, 0, JADE_BO_VRAM, &bo), -EINVAL);
   CHECK(bo == NULL);
   CHECK_EQ(jade_bo_create(dev, 4096, 0, 0, &bo), -EINVAL);
   CHECK_EQ(jade_bo_create(dev, 4096, 3000, JADE_BO_VRAM, &bo), -EINVAL);

   /* Not created mappable: mapping is refused, not attempted. */
   CHECK_EQ(jade_bo_create(dev, 4096, 0, JADE_BO_VRAM, &bo), 0);
   void *map;
   CHECK_EQ(jade_bo_map(bo, &map), -EINVAL);

   /* The kernel (shim) refuses a bad handle, a double mapping, and an
    * unmap of something never mapped. */
   uint64_t size_B, map_offset;
   CHECK_EQ(jade_gem_info(dev, 0xdead, &size_B, &map_offset), -ENOENT);
   CHECK_EQ(jade_vm_bind(dev, 0xdead, JADE_VA_START_B, 4096), -ENOENT);
   CHECK_EQ(jade_vm_bind(dev, bo->handle, bo->va, 4096), -EINVAL);
   CHECK_EQ(jade_vm_bind(dev, bo->handle, JADE_VA_KERNEL_START_B, 4096), -EINVAL);
   CHECK_EQ(jade_vm_unbind(dev, JADE_VA_START_B, 4096), -ENOENT);

   jade_bo_destroy(bo);
   jade_dev_destroy(dev);
   return 0;
}

static int
test_submit(void)
{
   struct jade_dev *dev = open_dev();
   CHECK(dev);

   struct jade_channel *chan;
   CHECK_EQ(jade_channel_create(dev, &chan), 0);
   CHECK(chan->obj[JADE_ENGINE_3D] != 0);

   struct jade_bo *bo;
   CHECK_EQ(jade_bo_create(dev, 4096, 0, JADE_BO_GART | JADE_BO_MAP, &bo), 0);
   uint32_t *push;
   CHECK_EQ(jade_bo_map(bo, (void **)&push), 0);
   /* SET_OBJECT(TURING_A) on subchannel 0: a 1-dword incrementing method. */
   push[0] = 0x20010000;
   push[1] = dev->cls[JADE_ENGINE_3D];

   uint32_t fence;
   CHECK_EQ(jade_syncobj_create(dev, false, &fence), 0);
   /* Nothing was submitted: a wait for it times out. */
   CHECK_EQ(jade_syncobj_wait(dev, &fence, 1, 1000), -ETIME);

   const struct jade_push_range range = {bo->va, 8};
   CHECK_EQ(jade_channel_submit(chan, &range, 1, NULL, 0, fence), 0);
   CHECK_EQ(jade_syncobj_wait(dev, &fence, 1, 1000000000ull), 0);
   CHECK_EQ(jade_syncobj_wait(dev, &fence, 1, ~0ull), 0);

   /* A later submission waits on the first one. */
   uint32_t fence2;
   CHECK_EQ(jade_syncobj_create(dev, false, &fence2), 0);
   CHECK_EQ(jade_channel_submit(chan, &range, 1, &fence, 1, fence2), 0);
   CHECK_EQ(jade_syncobj_wait(dev, &fence2, 1, 1000000000ull), 0);

   CHECK(!jade_channel_killed(chan));

   jade_syncobj_destroy(dev, fence2);
   jade_syncobj_destroy(dev, fence);
   jade_bo_destroy(bo);
   jade_channel_destroy(chan);
   jade_dev_destroy(dev);
   return 0;
}

static int
test_submit_errors(void)
{
   struct jade_dev *dev = open_dev();
   CHECK(dev);
   struct jade_channel *chan;
   CHECK_EQ(jade_channel_create(dev, &chan), 0);

   /* A push outside any mapping is refused. */
   const struct jade_push_range unmapped = {JADE_VA_START_B, 64};
   CHECK_EQ(jade_channel_submit(chan, &unmapped, 1, NULL, 0, 0), -EINVAL);

   /* So is more pushes than the kernel allows. */
   struct jade_push_range many[257];
   memset(many, 0, sizeof(many));
   CHECK_EQ(jade_channel_submit(chan, many, dev->max_push + 1, NULL, 0, 0), -EINVAL);

   /* And an unknown syncobj. */
   struct jade_bo *bo;
   CHECK_EQ(jade_bo_create(dev, 4096, 0, JADE_BO_GART | JADE_BO_MAP, &bo), 0);
   const struct jade_push_range range = {bo->va, 8};
   CHECK_EQ(jade_channel_submit(chan, &range, 1, NULL, 0, 0x7777), -ENOENT);

   /* A wait on a syncobj that does not exist. */
   uint32_t bogus = 0x7777;
   CHECK_EQ(jade_syncobj_wait(dev, &bogus, 1, 1000), -ENOENT);

   jade_bo_destroy(bo);
   jade_channel_destroy(chan);
   jade_dev_destroy(dev);
   return 0;
}

static int
test_unsupported_chipset(void)
{
   /* Run with JADE_SHIM_CHIPSET=f0 (a Kepler): Jade must refuse it. */
   int fd = open_render_node();
   CHECK(fd >= 0);
   struct jade_dev *dev = (void *)1;
   CHECK_EQ(jade_dev_create(fd, &dev), -ENODEV);
   CHECK(dev == NULL);
   close(fd);
   return 0;
}

/* The same, with the shim initialised before libc has the environment
 * (as a sanitized program's runtime initialises it): an anonymous mmap
 * from the .preinit_array, which drm-shim wraps.
 */
static void
early_mmap(int argc, char **argv, char **envp)
{
   (void)envp;
   if (argc == 2 && !strcmp(argv[1], "unsupported-chipset-early-init")) {
      void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p != MAP_FAILED)
         munmap(p, 4096);
   }
}
__attribute__((section(".preinit_array"),
               used)) static void (*const early_init)(int, char **, char **) = early_mmap;

static int
test_not_nouveau(void)
{
   /* A file that is not a DRM device at all. */
   int fd = open("/dev/null", O_RDWR);
   CHECK(fd >= 0);
   struct jade_dev *dev;
   CHECK(jade_dev_create(fd, &dev) < 0);
   close(fd);
   return 0;
}

static const struct {
   const char *name;
   int (*run)(void);
} cases[] = {
   {"device", test_device},
   {"bo-roundtrip", test_bo_roundtrip},
   {"bo-errors", test_bo_errors},
   {"submit", test_submit},
   {"submit-errors", test_submit_errors},
   {"unsupported-chipset", test_unsupported_chipset},
   {"unsupported-chipset-early-init", test_unsupported_chipset},
   {"not-a-drm-device", test_not_nouveau},
};

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: %s CASE\n", argv[0]);
      return 2;
   }
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      if (!strcmp(argv[1], cases[i].name))
         return cases[i].run();
   }
   fprintf(stderr, "unknown case %s\n", argv[1]);
   return 2;
}
