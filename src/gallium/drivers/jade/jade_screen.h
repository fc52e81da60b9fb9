/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_SCREEN_H
#define JADE_SCREEN_H

/* Viewports and scissors: SET_VIEWPORT_*(j), SET_SCISSOR_*(j), j < 16
 * (clc597.h; NVK's NVK_MAX_VIEWPORTS, nvc0's NVC0_MAX_VIEWPORTS). */
#define JADE_MAX_VIEWPORTS 16

#include "pipe/p_screen.h"
#include "compiler/nir/nir.h"
#include "util/simple_mtx.h"
#include "util/slab.h"
#include "util/u_idalloc.h"
#include "util/u_queue.h"

#include "jade/jade_drm.h"
#include "jade_bo_cache.h"
#include "jade_public.h"

struct jade_screen {
   struct pipe_screen base;
   struct jade_dev *dev;
   struct jade_bo_cache bo_cache; /* buffer objects of destroyed buffers */
   char renderer[64];
   /* Buffer ids the threaded context tracks bindings by
    * (threaded_resource::buffer_id_unique). */
   struct util_idalloc_mt buffer_ids;
   struct slab_parent_pool transfer_pool; /* the threaded contexts' transfers */
   struct disk_cache *disk_cache;         /* compiled shaders (jade_disk_cache.c) */
   uint32_t disk_cache_hits;
   /* Compiler threads (jade_screen_queue_compile): shaders compile there
    * unless compile_threads is 0 (glMaxShaderCompilerThreadsKHR(0)).  The
    * lock keeps jobs from being added while the queue is made or remade
    * for a new thread count. */
   struct util_queue compile_queue;
   simple_mtx_t compile_queue_lock;
   unsigned compile_threads;
};

static inline struct jade_screen *
jade_screen(struct pipe_screen *pscreen)
{
   return (struct jade_screen *)pscreen;
}

void jade_screen_init_caps(struct jade_screen *screen);

/* Adds a compile to the compiler threads (made at the first); false if
 * there are none (compile_threads 0): the caller compiles. */
bool jade_screen_queue_compile(struct jade_screen *screen, void *job,
                               struct util_queue_fence *fence, util_queue_execute_func execute);

#endif /* JADE_SCREEN_H */
