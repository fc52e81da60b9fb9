/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The context's code heap: one buffer the linked programs (header and
 * patched code) are uploaded to.  Space is handed out by Mesa's VMA
 * allocator; a range given back may still be read by submitted draws, so
 * it waits ("zombie") until the context has synchronised.
 */

#ifndef JADE_CODE_HEAP_H
#define JADE_CODE_HEAP_H

#include <stddef.h>
#include <stdint.h>

#include "util/u_dynarray.h"
#include "util/vma.h"

struct jade_bo;
struct jade_dev;

struct jade_code_heap {
   struct jade_bo *bo;
   uint8_t *map;
   struct util_vma_heap vma;
   struct util_dynarray zombies; /* struct jade_code_range */
   uint64_t used_B;
   uint64_t populated_B; /* pages below this offset are populated */
   int64_t populate_ns;  /* time spent populating, in all */
};

struct jade_code_range {
   uint64_t va;
   uint64_t size_B;
};

int jade_code_heap_init(struct jade_code_heap *heap, struct jade_dev *dev, uint64_t size_B);
void jade_code_heap_fini(struct jade_code_heap *heap);

/* Copies `size_B` bytes of `data` to a fresh range (aligned as programs
 * must be, with room for the instruction prefetch past the end).  Returns
 * false when the heap is full. */
bool jade_code_heap_upload(struct jade_code_heap *heap, const void *data, uint64_t size_B,
                           struct jade_code_range *out);

/* Gives a range back once the GPU can no longer read it: after the next
 * jade_code_heap_reclaim(). */
void jade_code_heap_free(struct jade_code_heap *heap, const struct jade_code_range *range);

/* Returns the ranges given back: call only when every submission that may
 * use them is done. */
void jade_code_heap_reclaim(struct jade_code_heap *heap);

#endif /* JADE_CODE_HEAP_H */
