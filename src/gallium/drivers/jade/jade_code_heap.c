/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#include <errno.h>
#include <string.h>

#include "jade/jade_drm.h"

#include "util/macros.h"
#include "util/os_time.h"

#include "jade_code_heap.h"

/* Turing fetches a program from its header, which the first instruction
 * follows at 0x80; NVK aligns programs to 0x80 and so do we, with room
 * after the end for the instruction prefetcher. */
#define CODE_ALIGN_B   0x80
#define PREFETCH_PAD_B 0x100

/* The first CPU write to a page of a fresh buffer costs a fault (6-12 us
 * on the CI machines, more than a whole link: ci/bench-link), and
 * MADV_POPULATE_WRITE does not avoid it there.  So pages are written
 * ahead, a chunk at a time: the first chunk when the context is created,
 * the next ones when uploads reach them. */
#define POPULATE_CHUNK_B (128u << 10)

/* Touches the pages up to `end_B` (rounded up to a chunk). */
static void
populate(struct jade_code_heap *heap, uint64_t end_B)
{
   uint64_t end = (end_B + POPULATE_CHUNK_B - 1) & ~(uint64_t)(POPULATE_CHUNK_B - 1);
   end = MIN2(end, heap->bo->size_B);
   int64_t start = os_time_get_nano();
   memset(heap->map + heap->populated_B, 0, end - heap->populated_B);
   heap->populate_ns += os_time_get_nano() - start;
   heap->populated_B = end;
}

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
   heap->vma.alloc_high = false; /* populated pages are used first */
   populate(heap, 1);
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
   if (offset + alloc_B > heap->populated_B)
      populate(heap, offset + alloc_B);
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
   /* A program's absent stages hold empty ranges: nothing to give back
    * (util_vma_heap_free asserts on a size of 0). */
   if (range->size_B)
      util_dynarray_append(&heap->zombies, struct jade_code_range, *range);
}

void
jade_code_heap_reclaim(struct jade_code_heap *heap)
{
   util_dynarray_foreach(&heap->zombies, struct jade_code_range, r)
   {
      util_vma_heap_free(&heap->vma, r->va - heap->bo->va, r->size_B);
      heap->used_B -= r->size_B;
   }
   util_dynarray_clear(&heap->zombies);
}
