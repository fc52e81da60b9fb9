/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * pipe_fence_handle is a jade_fence: a reference-counted DRM syncobj.
 */

#include <errno.h>

#include "pipe/p_screen.h"
#include "util/u_atomic.h"
#include "util/u_memory.h"

#include "jade/jade_drm.h"
#include "jade_context.h"
#include "jade_fence.h"

struct jade_fence *
jade_fence_create(struct jade_dev *dev, bool signaled)
{
   struct jade_fence *fence = CALLOC_STRUCT(jade_fence);
   if (!fence)
      return NULL;
   if (jade_syncobj_create(dev, signaled, &fence->syncobj)) {
      FREE(fence);
      return NULL;
   }
   pipe_reference_init(&fence->reference, 1);
   fence->dev = dev;
   fence->signalled = signaled;
   return fence;
}

void
jade_fence_reference(struct jade_fence **dst, struct jade_fence *src)
{
   struct jade_fence *old = *dst;
   if (pipe_reference(old ? &old->reference : NULL, src ? &src->reference : NULL)) {
      jade_syncobj_destroy(old->dev, old->syncobj);
      FREE(old);
   }
   *dst = src;
}

bool
jade_fence_wait(struct jade_fence *fence, uint64_t timeout_ns)
{
   if (p_atomic_read(&fence->signalled))
      return true;
   if (jade_syncobj_wait(fence->dev, &fence->syncobj, 1, timeout_ns))
      return false;
   p_atomic_set(&fence->signalled, true);
   return true;
}

static void
jade_screen_fence_reference(struct pipe_screen *pscreen, struct pipe_fence_handle **dst,
                            struct pipe_fence_handle *src)
{
   jade_fence_reference((struct jade_fence **)dst, (struct jade_fence *)src);
}

static bool
jade_screen_fence_finish(struct pipe_screen *pscreen, struct pipe_context *pctx,
                         struct pipe_fence_handle *pfence, uint64_t timeout_ns)
{
   /* Fences are only handed out for submitted work, so there is nothing
    * to flush here. */
   return jade_fence_wait((struct jade_fence *)pfence, timeout_ns);
}

void
jade_screen_init_fence_functions(struct pipe_screen *pscreen)
{
   pscreen->fence_reference = jade_screen_fence_reference;
   pscreen->fence_finish = jade_screen_fence_finish;
}
