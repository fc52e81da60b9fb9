/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#include "util/os_time.h"
#include "util/u_memory.h"

#include "jade/jade_drm.h"

#include "jade_bo_cache.h"
#include "jade_fence.h"

#define MAX_OBJECT_B (4u << 20)
#define MAX_TOTAL_B  (64u << 20)

struct entry {
   struct list_head link;
   struct jade_bo *bo;
   struct jade_batch *batch; /* NULL: no work uses it */
};

static void
batch_unref(struct jade_batch *batch)
{
   if (batch && --batch->refcount == 0) {
      jade_fence_reference(&batch->fence, NULL);
      FREE(batch);
   }
}

/* Whether the GPU is done with the entry (wait: until it is). */
static bool
idle(struct entry *e, bool wait)
{
   if (!e->batch)
      return true;
   if (!e->batch->fence)
      return false; /* its work is not even submitted */
   return jade_fence_wait(e->batch->fence, wait ? OS_TIMEOUT_INFINITE : 0);
}

void
jade_bo_cache_init(struct jade_bo_cache *cache)
{
   simple_mtx_init(&cache->lock, mtx_plain);
   list_inithead(&cache->entries);
   list_inithead(&cache->zombies);
   cache->total_B = 0;
   cache->pending = NULL;
}

/* Destroys an entry's object, once the GPU is done with it if it can
 * tell; work never submitted cannot run any more (the context is gone or
 * will submit it with the object's address in it: then it would fault,
 * so such entries are only dropped at the end). */
static void
drop(struct jade_bo_cache *cache, struct entry *e)
{
   idle(e, true);
   list_del(&e->link);
   cache->total_B -= e->bo->size_B;
   batch_unref(e->batch);
   jade_bo_destroy(e->bo);
   FREE(e);
}

/* Destroys the zombies the GPU is done with. */
static void
reap(struct jade_bo_cache *cache)
{
   list_for_each_entry_safe (struct entry, e, &cache->zombies, link) {
      if (!idle(e, false))
         continue;
      list_del(&e->link);
      batch_unref(e->batch);
      jade_bo_destroy(e->bo);
      FREE(e);
   }
}

/* The batch of the work being recorded, created on demand (NULL: out of
 * memory). */
static struct jade_batch *
pending_batch(struct jade_bo_cache *cache)
{
   if (!cache->pending) {
      cache->pending = CALLOC_STRUCT(jade_batch);
      if (cache->pending)
         cache->pending->refcount = 1; /* the cache's */
   }
   return cache->pending;
}

/* An object that will not be reused: destroyed now if no work uses it,
 * else once the submission carrying that work is done. */
static void
defer_destroy(struct jade_bo_cache *cache, struct jade_bo *bo, bool gpu_used)
{
   struct entry *e = gpu_used ? CALLOC_STRUCT(entry) : NULL;
   struct jade_batch *batch = e ? pending_batch(cache) : NULL;
   if (!batch) {
      FREE(e);
      jade_bo_destroy(bo);
      return;
   }
   e->bo = bo;
   e->batch = batch;
   batch->refcount++;
   list_addtail(&e->link, &cache->zombies);
}

void
jade_bo_cache_release(struct jade_bo_cache *cache, struct jade_bo *bo, bool gpu_used)
{
   simple_mtx_lock(&cache->lock);
   reap(cache);
   defer_destroy(cache, bo, gpu_used);
   simple_mtx_unlock(&cache->lock);
}

void
jade_bo_cache_fini(struct jade_bo_cache *cache)
{
   list_for_each_entry_safe (struct entry, e, &cache->entries, link)
      drop(cache, e);
   list_for_each_entry_safe (struct entry, e, &cache->zombies, link) {
      idle(e, true);
      list_del(&e->link);
      batch_unref(e->batch);
      jade_bo_destroy(e->bo);
      FREE(e);
   }
   batch_unref(cache->pending);
   simple_mtx_destroy(&cache->lock);
}

uint64_t
jade_bo_cache_trim(struct jade_bo_cache *cache)
{
   uint64_t freed_B = 0;
   simple_mtx_lock(&cache->lock);
   list_for_each_entry_safe (struct entry, e, &cache->zombies, link) {
      if (idle(e, false))
         freed_B += e->bo->size_B;
   }
   reap(cache);
   list_for_each_entry_safe (struct entry, e, &cache->entries, link) {
      if (!idle(e, false))
         continue;
      freed_B += e->bo->size_B;
      drop(cache, e);
   }
   simple_mtx_unlock(&cache->lock);
   return freed_B;
}

void
jade_bo_cache_submitted(struct jade_bo_cache *cache, struct jade_fence *fence)
{
   simple_mtx_lock(&cache->lock);
   if (cache->pending) {
      jade_fence_reference(&cache->pending->fence, fence);
      batch_unref(cache->pending);
      cache->pending = NULL;
   }
   simple_mtx_unlock(&cache->lock);
}

struct jade_bo *
jade_bo_cache_get(struct jade_bo_cache *cache, uint64_t size_B, uint32_t flags)
{
   struct jade_bo *bo = NULL;
   simple_mtx_lock(&cache->lock);
   list_for_each_entry_safe (struct entry, e, &cache->entries, link) {
      if (e->bo->size_B != size_B || e->bo->flags != flags)
         continue;
      if (!idle(e, false))
         continue; /* the GPU may still read it */
      bo = e->bo;
      list_del(&e->link);
      cache->total_B -= size_B;
      batch_unref(e->batch);
      FREE(e);
      break;
   }
   simple_mtx_unlock(&cache->lock);
   return bo;
}

void
jade_bo_cache_put(struct jade_bo_cache *cache, struct jade_bo *bo, bool gpu_used)
{
   simple_mtx_lock(&cache->lock);
   reap(cache);
   struct entry *e = bo->size_B <= MAX_OBJECT_B ? CALLOC_STRUCT(entry) : NULL;
   if (!e) {
      defer_destroy(cache, bo, gpu_used); /* too big to keep */
      simple_mtx_unlock(&cache->lock);
      return;
   }
   e->bo = bo;
   if (gpu_used) {
      if (!pending_batch(cache)) {
         FREE(e);
         defer_destroy(cache, bo, gpu_used);
         simple_mtx_unlock(&cache->lock);
         return;
      }
      cache->pending->refcount++;
      e->batch = cache->pending;
   }
   list_addtail(&e->link, &cache->entries);
   cache->total_B += bo->size_B;
   /* Past the limit, the oldest go (waiting for their work if needed;
    * entries whose work is not submitted yet stay). */
   list_for_each_entry_safe (struct entry, old, &cache->entries, link) {
      if (cache->total_B <= MAX_TOTAL_B)
         break;
      if (!old->batch || old->batch->fence)
         drop(cache, old);
   }
   simple_mtx_unlock(&cache->lock);
}
