/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Draws.  A draw validates the program (linked under its NOS,
 * jade_program.c), emits the state objects that changed (jade_state.c),
 * then the draw itself: BEGIN, the vertex range or the index buffer range,
 * END, once per instance.  Indirect draws read their parameters back
 * (draw_indirect: no MME macros yet); draws from transform feedback use
 * DRAW_AUTO with the byte count spliced in from memory (draw_auto).
 */

#include "nvtypes.h"

#include "nv_push_cl906f.h"
#include "nv_push_clc597.h"
#include "util/log.h"
#include "util/u_inlines.h"
#include "util/u_upload_mgr.h"

#include "jade_context.h"
#include "jade_program.h"
#include "jade_resource.h"
#include "jade_state.h"
#include "jade_tex_cache.h"

/* MESA_PRIM_* to BEGIN's primitive. */
static uint32_t
begin_op(enum mesa_prim mode)
{
#define OP(x) NVC597_BEGIN_OP_##x
   static const uint32_t ops[] = {
      [MESA_PRIM_POINTS] = OP(POINTS),
      [MESA_PRIM_LINES] = OP(LINES),
      [MESA_PRIM_LINE_LOOP] = OP(LINE_LOOP),
      [MESA_PRIM_LINE_STRIP] = OP(LINE_STRIP),
      [MESA_PRIM_TRIANGLES] = OP(TRIANGLES),
      [MESA_PRIM_TRIANGLE_STRIP] = OP(TRIANGLE_STRIP),
      [MESA_PRIM_TRIANGLE_FAN] = OP(TRIANGLE_FAN),
      [MESA_PRIM_QUADS] = OP(QUADS),
      [MESA_PRIM_QUAD_STRIP] = OP(QUAD_STRIP),
      [MESA_PRIM_POLYGON] = OP(POLYGON),
      [MESA_PRIM_LINES_ADJACENCY] = OP(LINELIST_ADJCY),
      [MESA_PRIM_LINE_STRIP_ADJACENCY] = OP(LINESTRIP_ADJCY),
      [MESA_PRIM_TRIANGLES_ADJACENCY] = OP(TRIANGLELIST_ADJCY),
      [MESA_PRIM_TRIANGLE_STRIP_ADJACENCY] = OP(TRIANGLESTRIP_ADJCY),
      [MESA_PRIM_PATCHES] = OP(PATCH),
   };
#undef OP
   return mode < ARRAY_SIZE(ops) ? ops[mode] : NVC597_BEGIN_OP_POINTS;
}

/* The index buffer: its address, size and index size; user indices are
 * uploaded first.  Returns false if there is none to draw from. */
static bool
emit_index_buffer(struct jade_context *ctx, const struct pipe_draw_info *info,
                  const struct pipe_draw_start_count_bias *draw, unsigned *start)
{
   struct pipe_resource *res = NULL;
   unsigned offset = 0;
   *start = draw->start;
   if (info->has_user_indices) {
      /* Only the range drawn, from its first index. */
      const uint8_t *src = (const uint8_t *)info->index.user + draw->start * info->index_size;
      u_upload_data(ctx->base.stream_uploader, 0, draw->count * info->index_size, info->index_size,
                    src, &offset, &res);
      *start = 0;
   } else {
      pipe_resource_reference(&res, info->index.resource);
   }
   if (!res)
      return false;
   struct jade_resource *r = jade_resource(res);
   jade_resource_used(ctx, res);
   uint64_t va = r->bo->va + offset;
   uint64_t size = res->width0 - offset;
   struct nv_push *p = jade_push_reserve(ctx, 12);
   P_MTHD(p, NVC597, SET_INDEX_BUFFER_A);
   P_NVC597_SET_INDEX_BUFFER_A(p, va >> 32);
   P_NVC597_SET_INDEX_BUFFER_B(p, va);
   P_MTHD(p, NVC597, SET_INDEX_BUFFER_SIZE_A);
   P_NVC597_SET_INDEX_BUFFER_SIZE_A(p, size >> 32);
   P_NVC597_SET_INDEX_BUFFER_SIZE_B(p, size);
   P_IMMD(p, NVC597, SET_INDEX_BUFFER_E,
          info->index_size == 1   ? INDEX_SIZE_ONE_BYTE
          : info->index_size == 2 ? INDEX_SIZE_TWO_BYTES
                                  : INDEX_SIZE_FOUR_BYTES);
   pipe_resource_reference(&res, NULL);
   return true;
}

/* One draw of `count` vertices (or indices) from `start`, per instance. */
static void
emit_draw(struct jade_context *ctx, const struct pipe_draw_info *info, bool indexed, unsigned start,
          unsigned count)
{
   for (unsigned i = 0; i < info->instance_count; i++) {
      struct nv_push *p = jade_push_reserve(ctx, 8);
      P_IMMD(p, NVC597, BEGIN,
             {
                .op = begin_op(info->mode),
                .primitive_id = PRIMITIVE_ID_FIRST,
                .instance_id = i ? INSTANCE_ID_SUBSEQUENT : INSTANCE_ID_FIRST,
                .split_mode = SPLIT_MODE_NORMAL_BEGIN_NORMAL_END,
             });
      if (indexed) {
         P_MTHD(p, NVC597, SET_INDEX_BUFFER_F);
         P_NVC597_SET_INDEX_BUFFER_F(p, start);
         P_NVC597_DRAW_INDEX_BUFFER(p, count);
      } else {
         P_MTHD(p, NVC597, SET_VERTEX_ARRAY_START);
         P_NVC597_SET_VERTEX_ARRAY_START(p, start);
         P_NVC597_DRAW_VERTEX_ARRAY(p, count);
      }
      P_IMMD(p, NVC597, END, 0);
   }
}

/* glDrawTransformFeedback: DRAW_AUTO draws vertices 0 .. (BYTE_COUNT -
 * SET_DRAW_AUTO_START) / SET_DRAW_AUTO_STRIDE - 1 of the current
 * topology, the byte count read by the GPU from the target's last
 * STREAMING_BYTE_COUNT report (its word at byte 4), as nvc0 does
 * (nvc0_draw_stream_output: DRAW_TFB_BASE 0, DRAW_TFB_STRIDE, the
 * query's word 1 as DRAW_TFB_BYTES) and NVK (nvk_CmdDrawIndirectByteCountEXT);
 * the report is written before the draw in the same stream, with a
 * payload the host waits for (SEMAPHORED ACQ_GEQ) before it fetches the
 * count (NO_PREFETCH). */
static void
draw_auto(struct jade_context *ctx, const struct pipe_draw_info *info,
          struct pipe_stream_output_target *target)
{
   uint64_t va;
   uint32_t stride, seq;
   if (!jade_stream_out_count_va(ctx, target, &va, &stride, &seq) || !stride)
      return; /* never captured into: nothing to draw */
   struct nv_push *p = jade_push_reserve(ctx, 16);
   P_IMMD(p, NVC597, SET_GLOBAL_BASE_VERTEX_INDEX, 0);
   P_IMMD(p, NVC597, SET_VERTEX_ID_BASE, 0);
   P_IMMD(p, NVC597, SET_DRAW_AUTO_START, 0);
   P_IMMD(p, NVC597, SET_DRAW_AUTO_STRIDE, stride);
   /* The host waits for the report (its payload) before it fetches the
    * spliced count, as nvc0_hw_query_fifo_wait does before DRAW_TFB_BYTES. */
   P_MTHD(p, NV906F, SEMAPHOREA);
   P_NV906F_SEMAPHOREA(p, va >> 32);
   P_NV906F_SEMAPHOREB(p, (uint32_t)va >> 2);
   P_NV906F_SEMAPHOREC(p, seq);
   P_NV906F_SEMAPHORED(p,
                       {.operation = OPERATION_ACQ_GEQ, .acquire_switch = ACQUIRE_SWITCH_ENABLED});
   va += 4; /* the byte count */
   for (unsigned i = 0; i < info->instance_count; i++) {
      p = jade_push_reserve(ctx, 4);
      P_IMMD(p, NVC597, BEGIN,
             {
                .op = begin_op(info->mode),
                .primitive_id = PRIMITIVE_ID_FIRST,
                .instance_id = i ? INSTANCE_ID_SUBSEQUENT : INSTANCE_ID_FIRST,
                .split_mode = SPLIT_MODE_NORMAL_BEGIN_NORMAL_END,
             });
      jade_push_method_from(ctx, SUBC_NVC597, NVC597_DRAW_AUTO, va, 1);
      p = jade_push_reserve(ctx, 2);
      P_IMMD(p, NVC597, END, 0);
   }
}

static void jade_draw_vbo(struct pipe_context *pctx, const struct pipe_draw_info *info,
                          unsigned drawid_offset, const struct pipe_draw_indirect_info *indirect,
                          const struct pipe_draw_start_count_bias *draws, unsigned num_draws);

/* Indirect draws, by reading their parameters back once the work that
 * may write them is done (the 3D class draws indirectly only through
 * macros, which Jade does not load yet).  Correct, not fast. */
static void
draw_indirect(struct jade_context *ctx, const struct pipe_draw_info *info, unsigned drawid_offset,
              const struct pipe_draw_indirect_info *indirect)
{
   struct pipe_context *pctx = &ctx->base;
   unsigned count = indirect->draw_count;
   if (indirect->indirect_draw_count) {
      uint32_t n = 0;
      pipe_buffer_read(pctx, indirect->indirect_draw_count, indirect->indirect_draw_count_offset, 4,
                       &n);
      count = MIN2(count, n);
   }
   const bool indexed = info->index_size != 0;
   const unsigned words = indexed ? 5 : 4;
   const unsigned stride = indirect->stride ? indirect->stride : words * 4;
   for (unsigned d = 0; d < count; d++) {
      uint32_t args[5] = {0};
      pipe_buffer_read(pctx, indirect->buffer, indirect->offset + d * stride, words * 4, args);
      struct pipe_draw_info one = *info;
      one.instance_count = args[1];
      one.start_instance = args[words - 1];
      const struct pipe_draw_start_count_bias draw = {
         .start = args[2],
         .count = args[0],
         .index_bias = indexed ? (int32_t)args[3] : 0,
      };
      jade_draw_vbo(pctx, &one, drawid_offset + d, NULL, &draw, 1);
   }
}

static void
jade_draw_vbo(struct pipe_context *pctx, const struct pipe_draw_info *info, unsigned drawid_offset,
              const struct pipe_draw_indirect_info *indirect,
              const struct pipe_draw_start_count_bias *draws, unsigned num_draws)
{
   struct jade_context *ctx = jade_context(pctx);
   if (!num_draws || !info->instance_count || !jade_program_validate(ctx, info))
      return;
   jade_tex_cache_draw(ctx);
   if (indirect && indirect->buffer) {
      draw_indirect(ctx, info, drawid_offset, indirect);
      return;
   }
   if (ctx->state.vertex_elements && ctx->state.vertex_elements->unsupported)
      return; /* an attribute format the hardware cannot fetch */
   jade_emit_dirty_state(ctx);
   jade_context_mark_bound(ctx);

   bool indexed = info->index_size != 0;
   struct nv_push *p = jade_push_reserve(ctx, 8);
   P_IMMD(p, NVC597, SET_GLOBAL_BASE_INSTANCE_INDEX, info->start_instance);
   P_IMMD(p, NVC597, SET_DA_PRIMITIVE_RESTART, indexed && info->primitive_restart);
   if (indexed && info->primitive_restart)
      P_IMMD(p, NVC597, SET_DA_PRIMITIVE_RESTART_INDEX, info->restart_index);

   if (indirect && indirect->count_from_stream_output) {
      draw_auto(ctx, info, indirect->count_from_stream_output);
      return;
   }
   for (unsigned d = 0; d < num_draws; d++) {
      if (!draws[d].count)
         continue;
      unsigned start = draws[d].start;
      if (indexed && !emit_index_buffer(ctx, info, &draws[d], &start))
         continue;
      /* The base vertex moves both the fetched element and the vertex id
       * (gl_VertexID includes it), and applies to array draws too: NVK
       * (nvk_mme_build_set_draw_params) and nvc0 (nvc0_draw_elements,
       * nvc0_draw_arrays zeroing both) program the two together. */
      const uint32_t bias = indexed ? (uint32_t)draws[d].index_bias : 0;
      p = jade_push_reserve(ctx, 4);
      P_IMMD(p, NVC597, SET_GLOBAL_BASE_VERTEX_INDEX, bias);
      P_IMMD(p, NVC597, SET_VERTEX_ID_BASE, bias);
      emit_draw(ctx, info, indexed, start, draws[d].count);
   }
}

/* Rendering that samples what was just rendered: wait for the writes,
 * then drop stale texture data. */
static void
jade_texture_barrier(struct pipe_context *pctx, unsigned flags)
{
   struct nv_push *p = jade_push_reserve(jade_context(pctx), 4);
   P_IMMD(p, NVC597, WAIT_FOR_IDLE, 0);
   P_IMMD(p, NVC597, INVALIDATE_TEXTURE_DATA_CACHE, {.lines = LINES_ALL});
}

void
jade_init_draw_functions(struct jade_context *ctx)
{
   ctx->base.draw_vbo = jade_draw_vbo;
   ctx->base.texture_barrier = jade_texture_barrier;
}
