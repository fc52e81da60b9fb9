/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The context's pushbuffer: methods are written with Mesa's nv_push helpers
 * (generated from NVIDIA's class headers) into a mapped buffer object and
 * handed to the kernel with EXEC.
 */

#ifndef JADE_PUSH_H
#define JADE_PUSH_H

#include "nv_push.h"

#include "jade/jade_drm.h"

/* Subchannel assignment, the same as nv_push.h's SUBC_* for older classes. */
#define SUBC_NVC5C0 1

struct jade_pushbuf {
   struct jade_bo *bo;
   uint32_t *map;
   struct nv_push push;
};

int jade_pushbuf_init(struct jade_pushbuf *pb, struct jade_dev *dev);
void jade_pushbuf_fini(struct jade_pushbuf *pb);

/* Resets the pushbuffer after a submission.  Call only once the GPU is
 * done with the previous contents. */
void jade_pushbuf_reset(struct jade_pushbuf *pb);

/* Prints the recorded methods, decoded (JADE_DEBUG=pb). */
void jade_pushbuf_print(const struct jade_pushbuf *pb, struct jade_dev *dev, FILE *fp);

#endif /* JADE_PUSH_H */
