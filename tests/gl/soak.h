/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The soak test (soak.c): threads with shared GL contexts creating,
 * checking and destroying objects in a loop.  What its parts share.
 */

#ifndef SOAK_H
#define SOAK_H

#include <stdbool.h>
#include <stdint.h>

#include <EGL/egl.h>
#include <GL/gl.h>

/* What a thread's iteration does, one counter each. */
enum soak_kind {
   SOAK_CONTEXT,     /* a shared context made, used, destroyed */
   SOAK_BUFFER,      /* glBufferData/SubData/MapBufferRange, read back */
   SOAK_TEXTURE,     /* upload, read back through a framebuffer */
   SOAK_PROGRAM,     /* compile, link, draw, pixels read back */
   SOAK_QUERY,       /* samples passed and primitives generated of that draw */
   SOAK_FENCE_WRITE, /* a shared buffer written, a fence for another thread */
   SOAK_FENCE_READ,  /* another thread's fence waited for, its data read */
   SOAK_COMPUTE,     /* a compute dispatch, its buffer read back */
   SOAK_KINDS,
};

extern const char *const soak_kind_names[SOAK_KINDS];

/* One thread's fence handed to the next: the writer fills its slot of the
 * shared buffer, fences, and posts; the reader waits, checks, empties. */
struct soak_mailbox {
   GLsync sync;
   uint32_t stamp;
   bool full;
   bool gpu_written; /* by a compute dispatch (checkable where GPUs run) */
};

/* What every thread sees. */
struct soak_shared {
   EGLDisplay dpy;
   EGLContext root; /* the share group's first context (the main thread's) */
   GLuint buffer;   /* the shared buffer: one slot per thread */
   unsigned slot_B;
   unsigned threads;
   bool compute;     /* a GL 4.3 context: compute shaders */
   bool gpu_results; /* what the GPU wrote is checked (not on the noop shim) */
   unsigned kinds;   /* 1 << enum soak_kind: what an iteration does */
   bool *volatile stop;
};

/* A thread's state. */
struct soak_thread {
   struct soak_shared *shared;
   struct soak_mailbox *mailboxes; /* one per thread, indexed by thread */
   unsigned index;
   EGLContext ctx;
   uint64_t iteration;
   uint64_t counts[SOAK_KINDS];
   uint64_t failures;
};

/* A context in the share group (NULL shares with nothing), or
 * EGL_NO_CONTEXT. */
EGLContext soak_context_create(const struct soak_shared *s, EGLContext share);

/* One iteration of every kind.  Lock and counters: soak.c. */
void soak_iteration(struct soak_thread *t);

/* A failed check: counted, and the first ones printed. */
void soak_fail(struct soak_thread *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The mailboxes' lock (soak.c). */
void soak_mailbox_lock(void);
void soak_mailbox_unlock(void);

/* What the process holds (soak_census.c). */
struct soak_census {
   int64_t rss_KiB, vmsize_KiB;
   int64_t rss_anon_KiB, rss_shmem_KiB; /* of VmRSS: the heap's, mapped buffers' */
   int fds;
   int64_t buffers, buffer_B; /* live GEM buffers; -1: not under Jade's shim */
};
void soak_census_take(struct soak_census *c);

#endif /* SOAK_H */
