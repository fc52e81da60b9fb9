/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#include <errno.h>
#include <string.h>

#include "jade/jade_drm.h"

#include "jade_code_heap.h"

/* Turing fetches a program from its header, which the first instruction
 * follows at 0x80; NVK aligns programs to 0x80 and so do we, with room
 * after the end for the instruction prefetcher. */
#define CODE_ALIGN_B 0x80
#define PREFETCH_PAD_B 0x100

int
jade_code_heap_init(struct jade_code_heap *heap, struct jade_dev *dev, uint64_t size_B)
{
   memset(heap, 0, sizeof(*heap));
   int ret = jade_bo_create(dev, size_B, 0, JADE_BO_VRAM | JADE_BO_MAP, &heap->bo);
   if (ret)
      return ret;
   void *map;
   ret = jade_bo_map(heap->bo, &map);
   if (ret) {
      jade_bo_destroy(heap->bo);
      heap->bo = NULL;
      return ret;
   }
   heap->map = map;
   /* The VMA allocator cannot hand out address 0: offsets start at the
    * first aligned unit. */
   util_vma_heap_init(&heap->vma, CODE_ALIGN_B, size_B - CODE_ALIGN_B);
   util_dynarray_init(&heap->zombies, NULL);
   return 0;
}

void
jade_code_heap_fini(struct jade_code_heap *heap)
{
   if (!heap->bo)
      return;
   util_vma_heap_finish(&heap->vma);
   util_dynarray_fini(&heap->zombies);
   jade_bo_destroy(heap->bo);
   heap->bo = NULL;
}

bool
jade_code_heap_upload(struct jade_code_heap *heap, const void *data, uint64_t size_B,
                      struct jade_code_range *out)
{
   uint64_t alloc_B = (size_B + PREFETCH_PAD_B + CODE_ALIGN_B - 1) & ~(uint64_t)(CODE_ALIGN_B - 1);
   uint64_t offset = util_vma_heap_alloc(&heap->vma, alloc_B, CODE_ALIGN_B);
   if (!offset)
      return false;
   memcpy(heap->map + offset, data, size_B);
   memset(heap->map + offset + size_B, 0, alloc_B - size_B);
   out->va = heap->bo->va + offset;
   out->size_B = alloc_B;
   heap->used_B += alloc_B;
   return true;
}

void
jade_code_heap_free(struct jade_code_heap *heap, const struct jade_code_range *range)
{
   util_dynarray_append(&heap->zombies, struct jade_code_range, *range);
}

void
jade_code_heap_reclaim(struct jade_code_heap *heap)
{
   util_dynarray_foreach(&heap->zombies, struct jade_code_range, r) {
      util_vma_heap_free(&heap->vma, r->va - heap->bo->va, r->size_B);
      heap->used_B -= r->size_B;
   }
   util_dynarray_clear(&heap->zombies);
}
