/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#include <inttypes.h>

#include "nv_device_info.h"
#include "nv_push_clc597.h"
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
   pb->splice_count = 0;
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
   /* In pieces cut at the splices: a spliced method's header is printed
    * with where its data comes from (the dumper would read the next
    * header as its data). */
   uint32_t from = 0;
   for (unsigned i = 0; i <= pb->splice_count; i++) {
      const uint32_t to =
         i < pb->splice_count ? pb->splice[i].at_dw - 1 : (uint32_t)nv_push_dw_count(&pb->push);
      if (to > from) {
         struct nv_push piece = {.start = pb->push.start + from, .end = pb->push.start + to};
         vk_push_print(fp, &piece, &info);
      }
      if (i == pb->splice_count)
         break;
      const uint32_t hdr = pb->push.start[to];
      const uint32_t mthd = (hdr & 0xfff) << 2;
      const unsigned subc = (hdr >> 13) & 7;
      fprintf(fp, "[0x%08x] HDR %x subch %u spliced\n", to, hdr, subc);
      fprintf(fp, "\tmthd %04x %s\n", mthd, subc == 0 ? P_PARSE_NVC597_MTHD(mthd) : "");
      fprintf(fp, "\t\t(%u bytes read from 0x%" PRIx64 ")\n", pb->splice[i].size_B,
              pb->splice[i].va);
      from = to + 1;
   }
}
