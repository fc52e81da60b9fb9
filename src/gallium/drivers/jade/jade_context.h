/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_CONTEXT_H
#define JADE_CONTEXT_H

#include "pipe/p_context.h"
#include "pipe/p_state.h"
#include "util/simple_mtx.h"

#include "jade_code_heap.h"
#include "jade_program.h"
#include "jade_push.h"
#include "jade_screen.h"
#include "jade_texture.h"

struct jade_fence;
struct jade_blend;
struct jade_vertex_elements;
struct jade_rasterizer;
struct jade_zsa;

/* Bound state: the CSOs (packed at creation) and what Gallium hands over
 * without a CSO, which is emitted from here when its dirty bit is set. */
struct jade_state {
   struct pipe_framebuffer_state framebuffer;
   /* ARB_viewport_array: SET_VIEWPORT_*(i) and SET_SCISSOR_*(i) */
   struct pipe_viewport_state viewport[JADE_MAX_VIEWPORTS];
   struct pipe_scissor_state scissor[JADE_MAX_VIEWPORTS];
   struct pipe_blend_color blend_color;
   struct pipe_stencil_ref stencil_ref;
   struct pipe_clip_state clip;
   uint8_t ucp_enable; /* the bound rasterizer's clip_plane_enable, in the
                          * VS bank (JADE_UCP_ENABLE) */
   struct pipe_poly_stipple stipple;
   /* Tessellation: control points a patch (pipe set_patch_vertices) and
    * the levels used when no TCS runs (set_tess_state: GL's
    * glPatchParameterfv defaults, 1.0 each). */
   uint8_t patch_vertices;
   float tess_outer[4], tess_inner[2];
   unsigned sample_mask;
   unsigned min_samples;

   struct jade_vertex_elements *vertex_elements;
   struct jade_blend *blend;
   struct jade_rasterizer *rasterizer;
   struct jade_zsa *zsa;
   void *shader[PIPE_SHADER_TYPES];
   void *samplers[PIPE_SHADER_TYPES][PIPE_MAX_SAMPLERS];
   struct pipe_sampler_view *views[PIPE_SHADER_TYPES][PIPE_MAX_SHADER_SAMPLER_VIEWS];
   unsigned view_count[PIPE_SHADER_TYPES]; /* views bound below this unit */
   struct pipe_constant_buffer constbuf[PIPE_SHADER_TYPES][PIPE_MAX_CONSTANT_BUFFERS];
   struct pipe_shader_buffer ssbo[PIPE_SHADER_TYPES][JADE_MAX_SSBOS];
   struct pipe_image_view images[PIPE_SHADER_TYPES][JADE_MAX_IMAGES];
   /* Slots bound below these (the texture-cache marks at every draw look
    * at no more). */
   unsigned ssbo_count[PIPE_SHADER_TYPES], image_count[PIPE_SHADER_TYPES];
   struct pipe_vertex_buffer vertex_buffers[PIPE_MAX_ATTRIBS];
   unsigned vertex_buffer_count;
   struct pipe_stream_output_target *so_targets[PIPE_MAX_SO_BUFFERS];
   unsigned so_target_count;
   unsigned so_start[PIPE_MAX_SO_BUFFERS]; /* where writing starts, bytes */
   bool so_append[PIPE_MAX_SO_BUFFERS];    /* ... or where the last report says */
   struct pipe_query *render_cond_query;   /* render condition (jade_query.c) */
   bool render_cond_cond;
   enum pipe_render_cond_flag render_cond_mode;
};

struct jade_context {
   struct pipe_context base;
   struct jade_screen *screen;
   struct jade_channel *channel;
   /* PIPE_NO_RESET until a submission fails (the kernel refused it or has
    * killed the channel); then the context is lost (GL_ARB_robustness):
    * nothing more is submitted and every wait returns at once, since
    * nothing will ever complete what was lost.  reset_cb tells the state
    * tracker. */
   enum pipe_reset_status reset;
   struct pipe_device_reset_callback reset_cb;
   struct jade_fence *lost_fence; /* signalled: what a lost context hands out */
   /* The texture-cache marks of the bound state are up to date
    * (jade_tex_cache.c): nothing bound changed since the last draw's. */
   bool tex_cache_clean;

   /* Two pushbuffers used in turn: one is recorded while the GPU may still
    * read the other.  Each keeps the fence of its last submission (NULL if
    * none); the one being reused is waited on first. */
   struct jade_pushbuf pushbufs[2];
   struct jade_fence *pushbuf_fence[2];
   unsigned cur;
   uint64_t batch_seq; /* submissions so far: the batch being recorded */
   /* batch_seq and batch_fence, read from the application's thread too
    * (jade_context_submitted_fence) with a threaded context. */
   simple_mtx_t batch_lock;
   /* The fences of the last submissions, by batch number modulo the ring
    * (maps wait for the batch that last used a resource). */
#define JADE_BATCH_RING 16
   struct jade_fence *batch_fence[JADE_BATCH_RING];
   uint64_t marked_batch; /* the batch bound resources were last marked in */

   struct jade_state state;
   uint32_t dirty;                             /* enum jade_dirty: state objects to emit */
   uint16_t constbuf_dirty[PIPE_SHADER_TYPES]; /* constant buffers to bind */
   /* The driver bank c[15] of the vertex, fragment and geometry stages
    * (JADE_GFX_*) as last uploaded (jade_state_constbuf.c): texture
    * handles differ per stage. */
#define JADE_GFX_VS     0
#define JADE_GFX_FS     1
#define JADE_GFX_GS     2
#define JADE_GFX_TCS    3
#define JADE_GFX_TES    4
#define JADE_GFX_STAGES 5
   uint8_t driver_cbuf[JADE_GFX_STAGES][JADE_DRIVER_CBUF_SIZE];
   bool driver_cbuf_valid[JADE_GFX_STAGES];
   /* What the banks should hold, rebuilt part by part (enum
    * jade_bank_part, per stage) when the state behind a part changes. */
   uint32_t bank_staged[JADE_GFX_STAGES][JADE_DRIVER_CBUF_SIZE / 4];
   uint8_t bank_dirty[PIPE_SHADER_TYPES];
   /* Texture headers and samplers (jade_texture.c). */
   struct jade_descriptor_pool tic_pool, tsc_pool;
   uint32_t image_tic[PIPE_SHADER_TYPES][JADE_MAX_IMAGES]; /* headers made for images */
   /* Constant memory filled through the command stream: a region per
    * (stage, slot) for small user buffers, one for the driver bank. */
#define JADE_INLINE_CBUF_B       4096
#define JADE_INLINE_CBUF_SLOTS   15
#define JADE_INLINE_CBUF_DRIVER  (JADE_GFX_STAGES * JADE_INLINE_CBUF_SLOTS) /* + JADE_GFX_* */
#define JADE_INLINE_CBUF_REGIONS (JADE_INLINE_CBUF_DRIVER + JADE_GFX_STAGES)
   struct jade_bo *cbuf_bo;

   /* Linked programs (jade_program.c): cache by (shader ids, NOS key), the
    * heap their code lives in, the one the last draw used. */
   struct hash_table *programs;
   struct jade_code_heap code_heap;
   struct jade_program *program;
   bool program_dirty; /* a shader was bound: look the program up */
   bool code_uploaded; /* invalidate the instruction cache first */
   bool warned_stages;
   uint8_t stage_enabled; /* graphics stages (bit s, jade_program.h) last sent enabled */
   uint8_t rt_layer_sent; /* SET_RT_LAYER as last sent: 0 never, 1 V = 0, 2 the GS's */
   /* Viewports and scissors changed since last emitted (a bit each), and
    * the rasterizer bits they were emitted with: 0 never, 1 off, 2 on
    * (halfz for the depth range, scissor for SET_SCISSOR_ENABLE). */
   uint16_t viewports_dirty, scissors_dirty;
   uint8_t vp_halfz_sent, scissor_enable_sent;
   struct jade_program_counters counters;
   struct blitter_context *blitter; /* util_blitter: blits that draw */
   struct jade_bo *tls_bo;          /* local memory of every thread */
   unsigned tls_per_thread;         /* bytes a thread has in it */
};

static inline struct jade_context *
jade_context(struct pipe_context *pctx)
{
   return (struct jade_context *)pctx;
}

static inline struct nv_push *
jade_push(struct jade_context *ctx)
{
   return &ctx->pushbufs[ctx->cur].push;
}

/* The pushbuffer, with room for `dw` more dwords (submitting what is
 * recorded if there is not). */
struct nv_push *jade_push_reserve(struct jade_context *ctx, unsigned dw);
void jade_push_method_from(struct jade_context *ctx, unsigned subc, uint32_t mthd, uint64_t va,
                           unsigned words);

struct pipe_context *jade_context_create(struct pipe_screen *pscreen, void *priv, unsigned flags);

/* Submits what the context has recorded.  *fence (if not NULL) holds a
 * fence for that submission, on failure a signalled one (a lost context's
 * work never completes: nothing may wait for it), or NULL if none could
 * be made; the caller owns it either way. */
int jade_context_submit(struct jade_context *ctx, struct jade_fence **fence);

/* Submits and waits: everything the GPU was asked to do is done. */
void jade_context_sync(struct jade_context *ctx);

/* Whether batch `batch` has been submitted; if so *fence holds a
 * reference to its fence (NULL: long done).  Safe on any thread. */
bool jade_context_submitted_fence(struct jade_context *ctx, uint64_t batch,
                                  struct jade_fence **fence);

/* Waits until the GPU is done with batch `batch` (submitting it first if
 * it is the one being recorded). */
void jade_context_wait_batch(struct jade_context *ctx, uint64_t batch);
/* Whether the GPU is done with batch `batch` within timeout_ns (0: now),
 * submitting it first if it is the one being recorded. */
bool jade_context_batch_done(struct jade_context *ctx, uint64_t batch, uint64_t timeout_ns);

/* Marks every bound resource as used by the batch being recorded, once
 * per batch: bindings outlive the batch that emitted them. */
void jade_context_mark_bound(struct jade_context *ctx);

/* Local memory for `bytes_per_thread` in every thread (false: none). */
bool jade_context_ensure_tls(struct jade_context *ctx, unsigned bytes_per_thread);

void jade_init_state_functions(struct jade_context *ctx);
void jade_context_release_state(struct jade_context *ctx);
void jade_init_shader_functions(struct jade_context *ctx);
void jade_init_draw_functions(struct jade_context *ctx);
void jade_init_clear_functions(struct jade_context *ctx);
void jade_init_blit_functions(struct jade_context *ctx);
void jade_init_query_functions(struct jade_context *ctx);
void jade_init_compute_functions(struct jade_context *ctx);
void jade_init_surface_functions(struct jade_context *ctx);

#endif /* JADE_CONTEXT_H */
