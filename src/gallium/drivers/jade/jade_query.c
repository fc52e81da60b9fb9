/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Queries.  Hardware queries are report semaphores (SET_REPORT_SEMAPHORE_*
 * with OPERATION_REPORT_ONLY) written into the query's own buffer object:
 * a 16-byte report per counter at begin and at end (the counter, then the
 * timestamp), the result being the difference.  A result is available
 * once the batch carrying the end reports is done (jade_context_batch_done);
 * the object goes once its reports have landed.  Driver queries count the context's compiles, links,
 * link-cache hits and patched instructions (GALLIUM_HUD, and GL's
 * AMD_performance_monitor through st/mesa).
 */

#include <string.h>

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "util/os_time.h"
#include "util/log.h"
#include "util/u_atomic.h"
#include "util/u_memory.h"
#include "util/u_threaded_context.h"

#include "jade_context.h"
#include "jade_fence.h"
#include "jade_query.h"

#define REPORT_B    16
#define MAX_REPORTS 11 /* pipeline statistics */

struct jade_query {
   struct threaded_query threaded; /* first: the threaded context's part */
   enum pipe_query_type type;
   unsigned index;
   uint64_t begin, end; /* driver queries: the counter at begin and end */
   struct jade_bo *bo;  /* hardware queries: begin reports, then end reports */
   unsigned reports;    /* counters per snapshot */
   uint64_t batch;      /* the context batch that carries the end reports */
   bool ended;
};

enum jade_driver_query {
   JADE_QUERY_COMPILES = PIPE_QUERY_DRIVER_SPECIFIC,
   JADE_QUERY_LINKS,
   JADE_QUERY_LINK_CACHE_HITS,
   JADE_QUERY_PATCHES,
};

#define DRIVER_QUERY(n, t)                                                                         \
   {                                                                                               \
      .name = n, .query_type = t, .type = PIPE_DRIVER_QUERY_TYPE_UINT64,                           \
      .result_type = PIPE_DRIVER_QUERY_RESULT_TYPE_CUMULATIVE, .group_id = 0                       \
   }

static const struct pipe_driver_query_info driver_queries[] = {
   DRIVER_QUERY("jade-compiles", JADE_QUERY_COMPILES),
   DRIVER_QUERY("jade-links", JADE_QUERY_LINKS),
   DRIVER_QUERY("jade-link-cache-hits", JADE_QUERY_LINK_CACHE_HITS),
   DRIVER_QUERY("jade-patches", JADE_QUERY_PATCHES),
};

int
jade_get_driver_query_info(struct pipe_screen *pscreen, unsigned index,
                           struct pipe_driver_query_info *info)
{
   if (!info)
      return ARRAY_SIZE(driver_queries);
   if (index >= ARRAY_SIZE(driver_queries))
      return 0;
   *info = driver_queries[index];
   return 1;
}

int
jade_get_driver_query_group_info(struct pipe_screen *pscreen, unsigned index,
                                 struct pipe_driver_query_group_info *info)
{
   if (!info)
      return 1;
   if (index != 0)
      return 0;
   *info = (struct pipe_driver_query_group_info){
      .name = "Jade program linkage",
      .max_active_queries = ARRAY_SIZE(driver_queries),
      .num_queries = ARRAY_SIZE(driver_queries),
   };
   return 1;
}

static uint64_t
counter(const struct jade_context *ctx, unsigned type)
{
   switch (type) {
   case JADE_QUERY_COMPILES:
      return p_atomic_read(&ctx->counters.compiles);
   case JADE_QUERY_LINKS:
      return ctx->counters.links;
   case JADE_QUERY_LINK_CACHE_HITS:
      return ctx->counters.cache_hits;
   case JADE_QUERY_PATCHES:
      return ctx->counters.patches;
   default:
      return 0;
   }
}

static bool
is_driver_query(unsigned type)
{
   return type >= JADE_QUERY_COMPILES && type <= JADE_QUERY_PATCHES;
}

/* The report semaphore operation for counter k of a query type. */
static bool
report_of(const struct jade_query *q, unsigned k, uint32_t *report, uint32_t *location,
          uint32_t *sub)
{
#define R(x) NVC597_SET_REPORT_SEMAPHORE_D_REPORT_##x
#define L(x) NVC597_SET_REPORT_SEMAPHORE_D_PIPELINE_LOCATION_##x
   static const uint32_t stats[MAX_REPORTS] = {
      R(DA_VERTICES_GENERATED),
      R(DA_PRIMITIVES_GENERATED),
      R(VS_INVOCATIONS),
      R(GS_INVOCATIONS),
      R(GS_PRIMITIVES_GENERATED),
      R(CLIPPER_INVOCATIONS),
      R(CLIPPER_PRIMITIVES_GENERATED),
      R(PS_INVOCATIONS),
      R(TI_INVOCATIONS),
      R(TS_INVOCATIONS),
      R(NONE) /* compute invocations: no counter */,
   };
   *sub = 0;
   *location = L(ALL);
   switch (q->type) {
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
      *report = R(ZPASS_PIXEL_CNT64);
      return true;
   case PIPE_QUERY_TIMESTAMP:
   case PIPE_QUERY_TIME_ELAPSED:
      *report = R(NONE); /* just the timestamp */
      return true;
   case PIPE_QUERY_PRIMITIVES_GENERATED:
      *report = R(VTG_PRIMITIVES_OUT);
      *location = L(STREAMING_OUTPUT);
      *sub = q->index;
      return true;
   case PIPE_QUERY_PRIMITIVES_EMITTED:
      *report = R(STREAMING_PRIMITIVES_SUCCEEDED);
      *location = L(STREAMING_OUTPUT);
      *sub = q->index;
      return true;
   case PIPE_QUERY_PIPELINE_STATISTICS:
      *report = stats[k];
      return true;
   case PIPE_QUERY_PIPELINE_STATISTICS_SINGLE:
      *report = stats[MIN2(q->index, MAX_REPORTS - 1)];
      return true;
   default:
      return false;
   }
#undef R
#undef L
}

static unsigned
reports_of(enum pipe_query_type type)
{
   return type == PIPE_QUERY_PIPELINE_STATISTICS ? MAX_REPORTS : 1;
}

void
jade_emit_report(struct jade_context *ctx, uint64_t va, uint32_t location, uint32_t report,
                 uint32_t sub, uint32_t payload)
{
   struct nv_push *p = jade_push_reserve(ctx, 6);
   P_MTHD(p, NVC597, SET_REPORT_SEMAPHORE_A);
   P_NVC597_SET_REPORT_SEMAPHORE_A(p, va >> 32);
   P_NVC597_SET_REPORT_SEMAPHORE_B(p, (uint32_t)va);
   P_NVC597_SET_REPORT_SEMAPHORE_C(p, payload);
   P_NVC597_SET_REPORT_SEMAPHORE_D(p, {
                                         .operation = OPERATION_REPORT_ONLY,
                                         .pipeline_location = location,
                                         .report = report,
                                         .sub_report = sub,
                                         .structure_size = STRUCTURE_SIZE_FOUR_WORDS,
                                      });
}

static void
emit_reports(struct jade_context *ctx, struct jade_query *q, bool end)
{
   for (unsigned k = 0; k < q->reports; k++) {
      uint32_t report, location, sub;
      if (!report_of(q, k, &report, &location, &sub))
         return;
      const uint64_t va = q->bo->va + ((end ? q->reports : 0) + k) * REPORT_B;
      jade_emit_report(ctx, va, location, report, sub, 0);
   }
}

static bool
is_hw_query(unsigned type)
{
   switch (type) {
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
   case PIPE_QUERY_TIMESTAMP:
   case PIPE_QUERY_TIME_ELAPSED:
   case PIPE_QUERY_PRIMITIVES_GENERATED:
   case PIPE_QUERY_PRIMITIVES_EMITTED:
   case PIPE_QUERY_PIPELINE_STATISTICS:
   case PIPE_QUERY_PIPELINE_STATISTICS_SINGLE:
      return true;
   default:
      return false;
   }
}

static struct pipe_query *
jade_create_query(struct pipe_context *pctx, unsigned type, unsigned index)
{
   struct jade_context *ctx = jade_context(pctx);
   struct jade_query *q = CALLOC_STRUCT(jade_query);
   if (!q)
      return NULL;
   q->type = type;
   q->index = index;
   if (is_hw_query(type)) {
      q->reports = reports_of(type);
      if (jade_bo_create(ctx->screen->dev, 2 * q->reports * REPORT_B, 0, JADE_BO_GART | JADE_BO_MAP,
                         &q->bo)) {
         FREE(q);
         return NULL;
      }
      void *map;
      if (jade_bo_map(q->bo, &map) == 0)
         memset(map, 0, 2 * q->reports * REPORT_B);
   }
   return (struct pipe_query *)q;
}

static void
jade_destroy_query(struct pipe_context *pctx, struct pipe_query *pq)
{
   struct jade_query *q = (struct jade_query *)pq;
   /* Reports may still be on their way: gone once their work is done. */
   if (q->bo)
      jade_bo_cache_release(&jade_context(pctx)->screen->bo_cache, q->bo, true);
   FREE(q);
}

static bool
jade_begin_query(struct pipe_context *pctx, struct pipe_query *pq)
{
   struct jade_context *ctx = jade_context(pctx);
   struct jade_query *q = (struct jade_query *)pq;
   q->ended = false;
   if (is_driver_query(q->type)) {
      q->begin = q->end = counter(ctx, q->type);
      return true;
   }
   if (!q->bo)
      return true;
   if (q->type == PIPE_QUERY_OCCLUSION_COUNTER || q->type == PIPE_QUERY_OCCLUSION_PREDICATE ||
       q->type == PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE) {
      struct nv_push *p = jade_push_reserve(ctx, 2);
      P_IMMD(p, NVC597, SET_ZPASS_PIXEL_COUNT, ENABLE_TRUE);
   }
   if (q->type != PIPE_QUERY_TIMESTAMP)
      emit_reports(ctx, q, false);
   return true;
}

static bool
jade_end_query(struct pipe_context *pctx, struct pipe_query *pq)
{
   struct jade_context *ctx = jade_context(pctx);
   struct jade_query *q = (struct jade_query *)pq;
   if (is_driver_query(q->type)) {
      q->end = counter(ctx, q->type);
      return true;
   }
   if (!q->bo)
      return true;
   emit_reports(ctx, q, true);
   q->batch = ctx->batch_seq;
   q->ended = true;
   return true;
}

static bool
jade_get_query_result(struct pipe_context *pctx, struct pipe_query *pq, bool wait,
                      union pipe_query_result *result)
{
   struct jade_context *ctx = jade_context(pctx);
   struct jade_query *q = (struct jade_query *)pq;
   memset(result, 0, sizeof(*result));
   if (is_driver_query(q->type)) {
      result->u64 = q->end - q->begin;
      return true;
   }
   if (!q->bo || !q->ended)
      return true;

   /* With a threaded context this runs on the application's thread once
    * the flush after end_query has been run (threaded_query::flushed):
    * the batch is submitted then, and its fence alone is waited for. */
   const uint64_t timeout = wait ? OS_TIMEOUT_INFINITE : 0;
   struct jade_fence *fence;
   bool done;
   if (p_atomic_read(&ctx->reset) != PIPE_NO_RESET) {
      done = true; /* lost: nothing will complete it */
   } else if (jade_context_submitted_fence(ctx, q->batch, &fence)) {
      done = !fence || jade_fence_wait(fence, timeout);
      jade_fence_reference(&fence, NULL);
   } else {
      done = jade_context_batch_done(ctx, q->batch, timeout);
   }
   if (!done)
      return false;

   const uint8_t *map;
   if (jade_bo_map(q->bo, (void **)&map))
      return false;
   uint64_t v[2][MAX_REPORTS][2]; /* [begin/end][counter][value, timestamp] */
   memcpy(v[0], map, q->reports * REPORT_B);
   memcpy(v[1], map + q->reports * REPORT_B, q->reports * REPORT_B);
   switch (q->type) {
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
      result->b = v[1][0][0] != v[0][0][0];
      break;
   case PIPE_QUERY_TIMESTAMP:
      result->u64 = v[1][0][1];
      break;
   case PIPE_QUERY_TIME_ELAPSED:
      result->u64 = v[1][0][1] - v[0][0][1];
      break;
   case PIPE_QUERY_PIPELINE_STATISTICS: {
      uint64_t d[MAX_REPORTS];
      for (unsigned k = 0; k < MAX_REPORTS; k++)
         d[k] = v[1][k][0] - v[0][k][0];
      result->pipeline_statistics = (struct pipe_query_data_pipeline_statistics){
         .ia_vertices = d[0],
         .ia_primitives = d[1],
         .vs_invocations = d[2],
         .gs_invocations = d[3],
         .gs_primitives = d[4],
         .c_invocations = d[5],
         .c_primitives = d[6],
         .ps_invocations = d[7],
         .hs_invocations = d[8],
         .ds_invocations = d[9],
         .cs_invocations = 0,
      };
      break;
   }
   default:
      result->u64 = v[1][0][0] - v[0][0][0];
      break;
   }
   return true;
}

static void
jade_set_active_query_state(struct pipe_context *pctx, bool enable)
{
}

/* Draws and clears that follow run only if the occlusion query's end
 * count differs from (condition false) or equals (true) its begin count:
 * the two reports sit 16 bytes apart, as the render-enable compare reads. */
static void
jade_render_condition(struct pipe_context *pctx, struct pipe_query *pq, bool condition,
                      enum pipe_render_cond_flag mode)
{
   struct jade_context *ctx = jade_context(pctx);
   struct jade_query *q = (struct jade_query *)pq;
   ctx->state.render_cond_query = pq;
   ctx->state.render_cond_cond = condition;
   ctx->state.render_cond_mode = mode;
   struct nv_push *p = jade_push_reserve(ctx, 6);
   if (!q || !q->bo || q->reports != 1 || q->type == PIPE_QUERY_TIMESTAMP ||
       q->type == PIPE_QUERY_TIME_ELAPSED) {
      P_MTHD(p, NVC597, SET_RENDER_ENABLE_C);
      P_NVC597_SET_RENDER_ENABLE_C(p, MODE_TRUE);
      return;
   }
   P_MTHD(p, NVC597, SET_RENDER_ENABLE_A);
   P_NVC597_SET_RENDER_ENABLE_A(p, q->bo->va >> 32);
   P_NVC597_SET_RENDER_ENABLE_B(p, (uint32_t)q->bo->va);
   P_NVC597_SET_RENDER_ENABLE_C(p, condition ? MODE_RENDER_IF_EQUAL : MODE_RENDER_IF_NOT_EQUAL);
}

void
jade_init_query_functions(struct jade_context *ctx)
{
   struct pipe_context *pctx = &ctx->base;
   pctx->create_query = jade_create_query;
   pctx->destroy_query = jade_destroy_query;
   pctx->begin_query = jade_begin_query;
   pctx->end_query = jade_end_query;
   pctx->get_query_result = jade_get_query_result;
   pctx->set_active_query_state = jade_set_active_query_state;
   pctx->render_condition = jade_render_condition;
}
