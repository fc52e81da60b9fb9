/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Transform feedback: the bound targets (address, size, where writing
 * starts) and the VS's capture layout (jade_shader.c) as SET_STREAM_OUT_*
 * methods.  When targets are unbound or replaced, each reports how far it
 * was written (STREAMING_BYTE_COUNT, with a sequence payload) into its own
 * small buffer object; a target bound again to append (offset -1) or
 * drawn from (glDrawTransformFeedback: DRAW_AUTO, jade_draw.c) has the GPU
 * load that count itself: the host waits for the report's payload, then
 * the count is spliced into the method (jade_push.h), as nvc0 does
 * (nvc0_hw_query_pushbuf_submit); no CPU wait.
 */

#include <string.h>

#include "nvtypes.h"

#include "nv_push_cl906f.h"
#include "nv_push_clc597.h"
#include "util/log.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"

#include "jade_context.h"
#include "jade_query.h"
#include "jade_resource.h"
#include "jade_shader.h"
#include "jade_state.h"
#include "jade_tex_cache.h"

struct jade_so_target {
   struct pipe_stream_output_target base;
   struct jade_bo *offset_bo; /* the byte count report: {0, count, timestamp} */
   bool written;              /* a report was requested */
   uint32_t stride_B;         /* vertex stride of the last capture into it */
   uint32_t seq;              /* the last report's payload (word 0) */
};

static struct pipe_stream_output_target *
jade_create_stream_output_target(struct pipe_context *pctx, struct pipe_resource *res,
                                 unsigned offset_B, unsigned size_B)
{
   struct jade_so_target *t = CALLOC_STRUCT(jade_so_target);
   if (!t)
      return NULL;
   void *map;
   if (jade_bo_create(jade_context(pctx)->screen->dev, 4096, 0, JADE_BO_GART | JADE_BO_MAP,
                      &t->offset_bo)) {
      FREE(t);
      return NULL;
   }
   /* The report's payload starts below every sequence (draw_auto waits
    * for it). */
   if (!jade_bo_map(t->offset_bo, &map))
      memset(map, 0, 16);
   pipe_reference_init(&t->base.reference, 1);
   pipe_resource_reference(&t->base.buffer, res);
   t->base.context = pctx;
   t->base.buffer_offset = offset_B;
   t->base.buffer_size = size_B;
   return &t->base;
}

static void
jade_stream_output_target_destroy(struct pipe_context *pctx, struct pipe_stream_output_target *pt)
{
   struct jade_so_target *t = (struct jade_so_target *)pt;
   /* A report may be on its way: gone once its work is done.  pctx is the
    * target's context: a threaded one wrapping Jade's, with one. */
   jade_bo_cache_release(&jade_screen(pctx->screen)->bo_cache, t->offset_bo, t->written);
   pipe_resource_reference(&t->base.buffer, NULL);
   FREE(t);
}

/* Reports where each bound target's write pointer is. */
static void
pause_targets(struct jade_context *ctx)
{
   struct jade_state *st = &ctx->state;
   for (unsigned i = 0; i < st->so_target_count; i++) {
      struct jade_so_target *t = (struct jade_so_target *)st->so_targets[i];
      if (!t)
         continue;
      jade_emit_report(ctx, t->offset_bo->va,
                       NVC597_SET_REPORT_SEMAPHORE_D_PIPELINE_LOCATION_STREAMING_OUTPUT,
                       NVC597_SET_REPORT_SEMAPHORE_D_REPORT_STREAMING_BYTE_COUNT, i, ++t->seq);
      t->written = true;
   }
}

/* Where the GPU finds a target's last byte-count report (glDrawTransformFeedback:
 * word 1 is DRAW_AUTO's data, jade_draw.c; word 0 the payload `seq` once
 * it is written), and the vertex stride of the capture that filled it;
 * false if it was never captured into.  The report is
 * written when the target is unbound (pause_targets), before any draw
 * from it; its buffer lives as long as the target (released after the
 * GPU is done with it). */
bool
jade_stream_out_count_va(struct jade_context *ctx, struct pipe_stream_output_target *pt,
                         uint64_t *va, uint32_t *stride_B, uint32_t *seq)
{
   struct jade_so_target *t = (struct jade_so_target *)pt;
   if (!t->written)
      return false;
   *va = t->offset_bo->va;
   *stride_B = t->stride_B;
   *seq = t->seq;
   return true;
}

static void
jade_set_stream_output_targets(struct pipe_context *pctx, unsigned count,
                               struct pipe_stream_output_target **targets, const unsigned *offsets,
                               enum mesa_prim prim)
{
   struct jade_context *ctx = jade_context(pctx);
   struct jade_state *st = &ctx->state;

   jade_tex_cache_rebound(ctx);
   if (st->so_target_count)
      pause_targets(ctx);
   for (unsigned i = 0; i < PIPE_MAX_SO_BUFFERS; i++) {
      pipe_so_target_reference(&st->so_targets[i], i < count ? targets[i] : NULL);
      st->so_append[i] = false;
      if (i < count && targets[i]) {
         /* Appending (offset -1) goes on from the target's last report,
          * which the GPU loads itself (jade_emit_stream_out). */
         st->so_append[i] = offsets[i] == (unsigned)-1;
         st->so_start[i] = st->so_append[i] ? 0 : offsets[i];
      }
   }
   st->so_target_count = count;
   ctx->dirty |= JADE_DIRTY_STREAM_OUT;
   ctx->program_dirty = true; /* outputs only the capture reads must stay */
}

/* The stage transform feedback captures: the last before rasterisation. */
static const struct jade_shader *
captured_stage(const struct jade_state *st)
{
   return st->shader[PIPE_SHADER_GEOMETRY]    ? st->shader[PIPE_SHADER_GEOMETRY]
          : st->shader[PIPE_SHADER_TESS_EVAL] ? st->shader[PIPE_SHADER_TESS_EVAL]
                                              : st->shader[PIPE_SHADER_VERTEX];
}

bool
jade_stream_out_active(const struct jade_context *ctx)
{
   const struct jade_shader *vs = captured_stage(&ctx->state);
   return ctx->state.so_target_count && vs && vs->so.used;
}

void
jade_emit_stream_out(struct jade_context *ctx)
{
   struct jade_state *st = &ctx->state;
   const struct jade_shader *vs = captured_stage(st);
   const bool active = jade_stream_out_active(ctx);
   struct nv_push *p;

   for (unsigned b = 0; b < 4 && active; b++) {
      struct pipe_stream_output_target *t = b < st->so_target_count ? st->so_targets[b] : NULL;
      p = jade_push_reserve(ctx, 56);
      if (!t || !vs->so.count[b]) {
         P_IMMD(p, NVC597, SET_STREAM_OUT_BUFFER_ENABLE(b), V_FALSE);
         continue;
      }
      jade_resource_used(ctx, t->buffer);
      ((struct jade_so_target *)t)->stride_B = vs->so.stride_B[b];
      const uint64_t va = jade_resource(t->buffer)->bo->va + t->buffer_offset;
      P_MTHD(p, NVC597, SET_STREAM_OUT_BUFFER_ENABLE(b));
      P_NVC597_SET_STREAM_OUT_BUFFER_ENABLE(p, b, V_TRUE);
      P_NVC597_SET_STREAM_OUT_BUFFER_ADDRESS_A(p, b, va >> 32);
      P_NVC597_SET_STREAM_OUT_BUFFER_ADDRESS_B(p, b, (uint32_t)va);
      P_NVC597_SET_STREAM_OUT_BUFFER_SIZE(p, b, t->buffer_size);
      struct jade_so_target *jt = (struct jade_so_target *)t;
      if (st->so_append[b] && jt->written) {
         /* The write pointer from the target's last byte-count report,
          * loaded by the GPU once the report is written (the host waits
          * for its payload; the word is spliced in: jade_push.h), as nvc0
          * loads it from its query (nvc0_tfb_validate) and NVK from its
          * counter buffer (nvk_mme_xfb_counter_load). */
         P_MTHD(p, NV906F, SEMAPHOREA);
         P_NV906F_SEMAPHOREA(p, jt->offset_bo->va >> 32);
         P_NV906F_SEMAPHOREB(p, (uint32_t)jt->offset_bo->va >> 2);
         P_NV906F_SEMAPHOREC(p, jt->seq);
         P_NV906F_SEMAPHORED(
            p, {.operation = OPERATION_ACQ_GEQ, .acquire_switch = ACQUIRE_SWITCH_ENABLED});
         jade_push_method_from(ctx, SUBC_NVC597, NVC597_SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER(b),
                               jt->offset_bo->va + 4, 1);
         p = jade_push_reserve(ctx, 40);
      } else {
         P_MTHD(p, NVC597, SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER(b));
         P_NVC597_SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER(p, b, st->so_start[b]);
      }
      P_MTHD(p, NVC597, SET_STREAM_OUT_CONTROL_STREAM(b));
      P_NVC597_SET_STREAM_OUT_CONTROL_STREAM(p, b, vs->so.stream[b]);
      P_NVC597_SET_STREAM_OUT_CONTROL_COMPONENT_COUNT(p, b, vs->so.count[b]);
      P_NVC597_SET_STREAM_OUT_CONTROL_STRIDE(p, b, vs->so.stride_B[b]);
      /* Four attribute selects a word, as many words as components. */
      const unsigned words = DIV_ROUND_UP(vs->so.count[b], 4);
      P_MTHD(p, NVC597, SET_STREAM_OUT_LAYOUT_SELECT(b, 0));
      for (unsigned w = 0; w < words; w++) {
         uint32_t v;
         memcpy(&v, &vs->so.select[b][4 * w], 4);
         P_INLINE_DATA(p, v);
      }
   }
   p = jade_push_reserve(ctx, 2);
   P_IMMD(p, NVC597, SET_STREAM_OUTPUT, active ? ENABLE_TRUE : ENABLE_FALSE);
}

void
jade_init_stream_out_functions(struct jade_context *ctx)
{
   ctx->base.create_stream_output_target = jade_create_stream_output_target;
   ctx->base.stream_output_target_destroy = jade_stream_output_target_destroy;
   ctx->base.set_stream_output_targets = jade_set_stream_output_targets;
}
