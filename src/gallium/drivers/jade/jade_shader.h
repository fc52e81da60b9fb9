/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_SHADER_H
#define JADE_SHADER_H

#include <stdint.h>

#include "pipe/p_defines.h"
#include "util/u_debug.h"
#include "util/u_queue.h"

#include "jade_code_heap.h"

struct nir_shader;
struct jade_shader_binary;

/* A shader CSO: compiled once, at creation (jade_shader.c); linked with
 * the other stage and the NOS at draw time (jade_program.c). */
/* What transform feedback captures from a VS: per buffer, the attribute
 * word of each 32-bit component written (0xff: a gap), how many, the
 * vertex stride and the stream (SET_STREAM_OUT_*). */
struct jade_stream_out_layout {
   uint8_t select[4][128];
   uint8_t count[4];
   uint16_t stride_B[4];
   uint8_t stream[4];
   bool used;
};

struct jade_shader {
   uint32_t id; /* unique in the process: link cache keys */
   /* bin and what comes with it are final: compiled on a compiler thread
    * (jade_shader.c), waited for at the first bind. */
   struct util_queue_fence ready;
   struct jade_screen *screen;
   struct util_debug_callback debug; /* the creating context's: the compile's messages */
   enum pipe_shader_type stage;
   struct nir_shader *nir;
   void *mem;                      /* ralloc context of bin */
   struct jade_shader_binary *bin; /* NULL if the compile failed */
   uint8_t patch_depends;          /* its sites' enum jade_patch_dep, together */
   /* VS writing neither gl_ClipVertex nor gl_ClipDistance: the variant
    * clipping gl_Position against the user clip planes, compiled at the
    * first draw with a plane enabled (jade_shader_ucp_variant). */
   void *ucp_mem;
   struct jade_shader_binary *ucp_bin;
   uint8_t ucp_patch_depends;
   bool ucp_tried;
   struct jade_code_range code;      /* compute: the code, once uploaded */
   struct jade_stream_out_layout so; /* VS: transform feedback, if any */
};

struct jade_context;
struct jade_screen;

/* Waits for the shader's compile (NULL: nothing to wait for). */
void jade_shader_wait(struct jade_shader *shader);

/* Whether the VS needs the position-clipping variant to be clipped by
 * user clip planes: it writes gl_Position but no clip distance and no
 * gl_ClipVertex. */
bool jade_shader_needs_ucp_variant(const struct jade_shader *vs);

/* That variant, compiled on first use; NULL if its compile failed. */
const struct jade_shader_binary *jade_shader_ucp_variant(struct jade_context *ctx,
                                                         struct jade_shader *vs);

#endif /* JADE_SHADER_H */
