/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#include "nv_device_info.h"
#include "util/log.h"

#include "jade_push.h"

#define JADE_PUSHBUF_SIZE_B (64 * 1024)

int
jade_pushbuf_init(struct jade_pushbuf *pb, struct jade_dev *dev)
{
   int ret = jade_bo_create(dev, JADE_PUSHBUF_SIZE_B, 0, JADE_BO_GART | JADE_BO_MAP, &pb->bo);
   if (ret)
      return ret;

   void *map;
   ret = jade_bo_map(pb->bo, &map);
   if (ret) {
      jade_bo_destroy(pb->bo);
      pb->bo = NULL;
      return ret;
   }
   pb->map = map;
   jade_pushbuf_reset(pb);
   return 0;
}

void
jade_pushbuf_fini(struct jade_pushbuf *pb)
{
   jade_bo_destroy(pb->bo);
   pb->bo = NULL;
   pb->map = NULL;
}

void
jade_pushbuf_reset(struct jade_pushbuf *pb)
{
   nv_push_init(&pb->push, pb->map, pb->bo->size_B / 4);
}

void
jade_pushbuf_print(const struct jade_pushbuf *pb, struct jade_dev *dev, FILE *fp)
{
   struct nv_device_info info = {
      .type = NV_DEVICE_TYPE_DIS,
      .device_id = dev->pci_device_id,
      .chipset = dev->chipset,
      .sm = 75,
      .cls_eng3d = dev->cls[JADE_ENGINE_3D],
      .cls_compute = dev->cls[JADE_ENGINE_COMPUTE],
      .cls_copy = dev->cls[JADE_ENGINE_COPY],
      .cls_m2mf = dev->cls[JADE_ENGINE_M2MF],
      .cls_eng2d = dev->cls[JADE_ENGINE_2D],
   };
   vk_push_print(fp, &pb->push, &info);
}
