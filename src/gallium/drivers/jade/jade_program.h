/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Linked programs (docs/linkage.md): at draw time the bound vertex,
 * tessellation, geometry and fragment shaders are linked under the
 * current non-orthogonal state, their headers built and their code patched
 * (jade_link), uploaded to the code heap and cached by (shader ids, NOS
 * key); rebinding is a hash lookup and nothing is ever recompiled.
 */

#ifndef JADE_PROGRAM_H
#define JADE_PROGRAM_H

#include <stdbool.h>
#include <stdint.h>

#include "jade/jade_compiler.h"
#include "jade/jade_link.h"

#include "jade_code_heap.h"

struct hash_table;
struct jade_context;
struct jade_shader;
struct pipe_draw_info;

/* The graphics stages in pipeline order, indexed by enum pipe_shader_type
 * (VS 0, TCS 1, TES 2, GS 3, FS 4).  Stage s runs in pipeline slot s + 1
 * (NVC597_SET_PIPELINE_SHADER_TYPE_VERTEX .. _PIXEL; slot 0 is the
 * cull-before-fetch vertex slot) and reads bind group s, as Gallium binds
 * constant buffers per stage (nvc0_screen.c nvc0_screen_bind_cb_3d). */
#define JADE_GRAPHICS_STAGES 5

struct jade_program_key {
   uint32_t id[JADE_GRAPHICS_STAGES]; /* shader ids; 0: no such stage (TCS, TES, GS) */
   struct jade_link_key nos;
   bool vs_ucp; /* the VS's variant clipping gl_Position (jade_shader.h) */
};

struct jade_program {
   struct jade_program_key key;
   struct jade_code_range code[JADE_GRAPHICS_STAGES]; /* header + patched code of each stage */
   uint8_t gprs[JADE_GRAPHICS_STAGES];
   struct jade_link_stats stats;
};

/* Compiles, links, link-cache hits and instructions patched, per context
 * (JADE_DEBUG=nos logs them; driver queries expose them). */
struct jade_program_counters {
   uint64_t compiles;
   uint64_t links;
   uint64_t cache_hits;
   uint64_t patches;
};

/* The part of the bound state that changes a linked program: the NOS key
 * of a draw of `info` (point sprites apply to points only: drawn, emitted
 * by the GS, or polygons in POINT mode). */
void jade_nos_key(const struct jade_context *ctx, const struct pipe_draw_info *info,
                  struct jade_link_key *key);

int jade_program_cache_init(struct jade_context *ctx);
void jade_program_cache_fini(struct jade_context *ctx);

/* Drops every linked program made from `shader` (being deleted). */
void jade_program_cache_forget(struct jade_context *ctx, const struct jade_shader *shader);

/* Code (a stage's header and code, or a compute shader's) uploaded to the
 * context's code heap.  Makes room when it is full by synchronising
 * (ranges of deleted programs and shaders come back), then by dropping
 * every cached program (none is in use after that synchronisation). */
bool jade_program_upload(struct jade_context *ctx, const void *code, size_t size_B,
                         struct jade_code_range *out);

/* Makes the program for the bound shaders and the NOS of `info` current
 * (linking it on a cache miss) and records its state when it changed.
 * Returns false if the draw cannot be done (no shader, a shader that did
 * not compile, a stage Jade does not run yet, no room): it is skipped. */
bool jade_program_validate(struct jade_context *ctx, const struct pipe_draw_info *info);

#endif /* JADE_PROGRAM_H */
