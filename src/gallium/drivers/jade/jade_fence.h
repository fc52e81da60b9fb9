/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_FENCE_H
#define JADE_FENCE_H

#include "util/u_inlines.h"

struct jade_dev;
struct pipe_screen;

/* A fence is one DRM syncobj that a submission signals. */
struct jade_fence {
   struct pipe_reference reference;
   struct jade_dev *dev;
   uint32_t syncobj;
   /* Seen signalled (a syncobj is never reset here): no more waits ask
    * the kernel. */
   bool signalled;
};

/* A fence whose syncobj is not yet submitted (or already signalled). */
struct jade_fence *jade_fence_create(struct jade_dev *dev, bool signaled);
void jade_fence_reference(struct jade_fence **dst, struct jade_fence *src);
/* timeout_ns: relative, PIPE_TIMEOUT_INFINITE to wait forever. */
bool jade_fence_wait(struct jade_fence *fence, uint64_t timeout_ns);

void jade_screen_init_fence_functions(struct pipe_screen *pscreen);

#endif /* JADE_FENCE_H */
