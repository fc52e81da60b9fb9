/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Buffer objects of destroyed buffer resources, kept for the next buffer
 * of the same size: creating one costs GEM_NEW, VM_BIND and a mapping
 * (whose first writes fault), and GL orphans buffers all the time
 * (glBufferData per draw).  A kept object that work may reference is
 * reused only once the submission carrying that work is done.  (With
 * several contexts, work another context has not submitted yet is not
 * covered: per-object fences are still to come.)
 */

#ifndef JADE_BO_CACHE_H
#define JADE_BO_CACHE_H

#include <stdint.h>

#include "util/list.h"
#include "util/simple_mtx.h"

struct jade_bo;
struct jade_fence;

/* Work recorded but not yet submitted, as a whole: an object released
 * while such work may use it waits for the submission that carries it. */
struct jade_batch {
   int refcount;
   struct jade_fence *fence; /* NULL until submitted */
};

struct jade_bo_cache {
   simple_mtx_t lock;
   struct list_head entries; /* oldest first */
   struct list_head zombies; /* objects to destroy once their work is done */
   uint64_t total_B;
   struct jade_batch *pending; /* the work being recorded (NULL: none yet) */
};

void jade_bo_cache_init(struct jade_bo_cache *cache);
void jade_bo_cache_fini(struct jade_bo_cache *cache);

/* Records a submission (any context's): objects kept while it was being
 * recorded wait for `fence`. */
void jade_bo_cache_submitted(struct jade_bo_cache *cache, struct jade_fence *fence);

/* A kept object of exactly this size and these flags that the GPU is done
 * with, or NULL. */
struct jade_bo *jade_bo_cache_get(struct jade_bo_cache *cache, uint64_t size_B, uint32_t flags);

/* Keeps `bo` (or destroys it when too big); the oldest objects go when the
 * cache grows past its limit.  gpu_used: recorded work may reference it
 * (it then waits for that work's submission). */
void jade_bo_cache_put(struct jade_bo_cache *cache, struct jade_bo *bo, bool gpu_used);
/* Destroys `bo` (never reused: textures, exported objects) now if no
 * recorded work uses it, else once the submission carrying that work is
 * done. */
void jade_bo_cache_release(struct jade_bo_cache *cache, struct jade_bo *bo, bool gpu_used);

/* Destroys every kept object the GPU is done with (the kernel said it is
 * out of memory); returns the bytes given back. */
uint64_t jade_bo_cache_trim(struct jade_bo_cache *cache);

#endif /* JADE_BO_CACHE_H */
