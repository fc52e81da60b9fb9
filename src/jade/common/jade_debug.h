/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * JADE_DEBUG=flag,flag,... : one table of debug flags for every part of
 * Jade (winsys, driver, compiler), parsed once with Mesa's u_debug.
 */

#ifndef JADE_DEBUG_H
#define JADE_DEBUG_H

#include <stdbool.h>
#include <stdint.h>

enum jade_debug_flag {
   JADE_DEBUG_PB = 1 << 0,           /* print every submitted pushbuffer, decoded */
   JADE_DEBUG_SYNC = 1 << 1,         /* wait for the GPU after every submission */
   JADE_DEBUG_DRM = 1 << 2,          /* log every ioctl and its result */
   JADE_DEBUG_NIR = 1 << 3,          /* print NIR handed to the compiler */
   JADE_DEBUG_SHADERDB = 1 << 4,     /* print shader statistics lines to stderr */
   JADE_DEBUG_IR = 1 << 5,           /* print Jade IR after each compiler pass */
   JADE_DEBUG_SHADERS = 1 << 6,      /* print each compiled shader's disassembly */
   JADE_DEBUG_SERIAL = 1 << 7,       /* every instruction waits for everything */
   JADE_DEBUG_SPILL = 1 << 8,        /* a register budget of 16: exercises spilling */
   JADE_DEBUG_NOS = 1 << 9,          /* log links, NOS keys, patches and counters */
   JADE_DEBUG_BINDSTATS = 1 << 10,   /* time each compile and link (ci/bench-link) */
   JADE_DEBUG_VALIDATE = 1 << 11,    /* validate the compiler IR after each pass */
   JADE_DEBUG_CACHE = 1 << 12,       /* log each disk shader cache lookup and store */
   JADE_DEBUG_SYNCCOMPILE = 1 << 13, /* compile on the creating thread, not the queue */
   JADE_DEBUG_NOTC = 1 << 14,        /* no threaded context (u_threaded_context) */
};

uint64_t jade_debug_flags(void);

static inline bool
jade_debug(enum jade_debug_flag flag)
{
   return (jade_debug_flags() & flag) != 0;
}

#endif /* JADE_DEBUG_H */
