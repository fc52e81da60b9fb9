/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * State objects packed into method streams at create time, and the dirty
 * bits that make a draw emit only what changed.
 */

#ifndef JADE_STATE_H
#define JADE_STATE_H

#include <stdint.h>

#include "pipe/p_state.h"

struct jade_context;

enum jade_dirty {
   JADE_DIRTY_RASTERIZER = 1 << 0,
   JADE_DIRTY_ZSA = 1 << 1,
   JADE_DIRTY_STENCIL_REF = 1 << 2,
   JADE_DIRTY_BLEND = 1 << 3,
   JADE_DIRTY_BLEND_COLOR = 1 << 4,
   JADE_DIRTY_VERTEX_ELEMENTS = 1 << 5,
   JADE_DIRTY_VERTEX_BUFFERS = 1 << 6,
   JADE_DIRTY_VIEWPORT = 1 << 7,
   JADE_DIRTY_SCISSOR = 1 << 8,
   JADE_DIRTY_CONSTBUF = 1 << 9,
   JADE_DIRTY_DRIVER_CBUF = 1 << 10,
   JADE_DIRTY_FRAMEBUFFER = 1 << 11,
   JADE_DIRTY_STREAM_OUT = 1 << 12,
   JADE_DIRTY_SAMPLES = 1 << 13, /* sample mask, sample-shading passes */
   JADE_DIRTY_STIPPLE = 1 << 14, /* the polygon stipple pattern */
   JADE_DIRTY_TESS = 1 << 15,    /* patch size, tessellation parameters and levels */
};

/* Parts of a stage's driver bank (jade_state_constbuf.c). */
enum jade_bank_part {
   JADE_BANK_TEXTURES = 1 << 0, /* texture handles */
   JADE_BANK_BUFFERS = 1 << 1,  /* image handles, storage buffer addresses */
   JADE_BANK_UCP = 1 << 2,      /* user clip planes */
   JADE_BANK_SAMPLES = 1 << 3,  /* sample positions and pass masks */
   JADE_BANK_ALL = 0xf,
};

/* Marks part(s) of a stage's driver bank for rebuilding at the next draw
 * or launch. */
void jade_bank_dirty(struct jade_context *ctx, enum pipe_shader_type stage, unsigned parts);

/* The longest stream a rasterizer CSO packs to (checked by nv_push in
 * debug builds). */
#define JADE_RASTERIZER_DW 96

struct jade_rasterizer {
   struct pipe_rasterizer_state base;
   uint32_t dw[JADE_RASTERIZER_DW];
   unsigned dw_count;
};

void jade_init_rasterizer_functions(struct jade_context *ctx);

#define JADE_ZSA_DW 64

struct jade_zsa {
   struct pipe_depth_stencil_alpha_state base;
   uint32_t dw[JADE_ZSA_DW];
   unsigned dw_count;
};

void jade_init_zsa_functions(struct jade_context *ctx);

#define JADE_BLEND_DW 160

struct jade_blend {
   struct pipe_blend_state base;
   uint32_t dw[JADE_BLEND_DW];
   unsigned dw_count;
};

void jade_init_blend_functions(struct jade_context *ctx);

struct jade_vertex_elements {
   unsigned count;
   struct pipe_vertex_element elements[PIPE_MAX_ATTRIBS];
   uint32_t streams;                  /* vertex buffers the elements read */
   uint16_t stride[PIPE_MAX_ATTRIBS]; /* per vertex buffer */
   bool unsupported;                  /* an element the hardware cannot fetch */
   uint32_t dw[160];
   unsigned dw_count;
};

void jade_init_stream_out_functions(struct jade_context *ctx);
void jade_emit_stream_out(struct jade_context *ctx);
bool jade_stream_out_active(const struct jade_context *ctx);
bool jade_stream_out_count_va(struct jade_context *ctx, struct pipe_stream_output_target *t,
                              uint64_t *va, uint32_t *stride_B, uint32_t *seq);

void jade_init_framebuffer_functions(struct jade_context *ctx);
void jade_emit_framebuffer(struct jade_context *ctx);
/* The sample mask and the passes of sample shading (jade_state.c). */
void jade_emit_samples(struct jade_context *ctx);

void jade_init_viewport_functions(struct jade_context *ctx);
void jade_emit_viewport(struct jade_context *ctx);
void jade_emit_scissor(struct jade_context *ctx);

void jade_init_constbuf_functions(struct jade_context *ctx);
void jade_emit_constant_buffers(struct jade_context *ctx);
void jade_emit_driver_constants(struct jade_context *ctx);

/* Tessellation state (jade_state_tess.c): SET_PATCH, the bound TES's
 * SET_TESSELLATION_PARAMETERS and the levels used without a TCS. */
void jade_init_tess_functions(struct jade_context *ctx);
void jade_emit_tess(struct jade_context *ctx);

void jade_init_vertex_functions(struct jade_context *ctx);
void jade_emit_vertex_elements(struct jade_context *ctx);
void jade_emit_vertex_buffers(struct jade_context *ctx);
void jade_emit_blend_color(struct jade_context *ctx);
void jade_emit_stencil_ref(struct jade_context *ctx);

/* Emits the state objects whose dirty bits are set, and clears them. */
void jade_emit_dirty_state(struct jade_context *ctx);

#endif /* JADE_STATE_H */
