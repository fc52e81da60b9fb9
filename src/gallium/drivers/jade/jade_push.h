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
/* Host methods (below 0x100) go to any subchannel: the 3D one. */
#define SUBC_NV906F 0

/* Data words the GPU reads from elsewhere in memory, between two parts of
 * the pushbuffer: a submission is the pushbuffer cut at each splice with
 * a GPFIFO entry of the spliced words in between, as nvc0 feeds a query
 * result to a method (nvc0_hw_query_pushbuf_submit: an IB entry of the
 * result's 4 bytes, NO_PREFETCH) and NVK a draw's byte count to
 * DRAW_AUTO before Turing (nvk_cmd_buffer_push_indirect).  A method
 * header counts the spliced words as its data (dev_ram.ref.txt: a
 * method's data may continue in the next pushbuffer segment). */
struct jade_push_splice {
   uint32_t at_dw; /* the pushbuffer's words before the splice */
   uint64_t va;    /* the words, read once the work before them is done */
   uint32_t size_B;
};

/* 2 * SPLICES + 1 GPFIFO entries a submission, within the kernel's limit
 * (NOUVEAU_GETPARAM_EXEC_PUSH_MAX: the shim's 64, nouveau's 512). */
#define JADE_PUSH_SPLICES 16

struct jade_pushbuf {
   struct jade_bo *bo;
   uint32_t *map;
   struct nv_push push;
   unsigned splice_count;
   struct jade_push_splice splice[JADE_PUSH_SPLICES];
};

int jade_pushbuf_init(struct jade_pushbuf *pb, struct jade_dev *dev);
void jade_pushbuf_fini(struct jade_pushbuf *pb);

/* Resets the pushbuffer after a submission.  Call only once the GPU is
 * done with the previous contents. */
void jade_pushbuf_reset(struct jade_pushbuf *pb);

/* Prints the recorded methods, decoded (JADE_DEBUG=pb). */
void jade_pushbuf_print(const struct jade_pushbuf *pb, struct jade_dev *dev, FILE *fp);

#endif /* JADE_PUSH_H */
