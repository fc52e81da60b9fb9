/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Queries.  The hardware query reports land with draws (issue 7); until
 * then nothing is rendered, so every hardware query ends at once with a
 * result of 0.  Driver queries count the context's compiles, links,
 * link-cache hits and patched instructions (GALLIUM_HUD, and GL's
 * AMD_performance_monitor through st/mesa).
 */

#include "util/u_memory.h"

#include "jade_context.h"
#include "jade_query.h"

struct jade_query {
   enum pipe_query_type type;
   uint64_t begin, end;   /* driver queries: the counter at begin and end */
};

enum jade_driver_query {
   JADE_QUERY_COMPILES = PIPE_QUERY_DRIVER_SPECIFIC,
   JADE_QUERY_LINKS,
   JADE_QUERY_LINK_CACHE_HITS,
   JADE_QUERY_PATCHES,
};

#define DRIVER_QUERY(n, t)                                                     \
   {.name = n, .query_type = t, .type = PIPE_DRIVER_QUERY_TYPE_UINT64,           \
    .result_type = PIPE_DRIVER_QUERY_RESULT_TYPE_CUMULATIVE, .group_id = 0}

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
   case JADE_QUERY_COMPILES: return ctx->counters.compiles;
   case JADE_QUERY_LINKS: return ctx->counters.links;
   case JADE_QUERY_LINK_CACHE_HITS: return ctx->counters.cache_hits;
   case JADE_QUERY_PATCHES: return ctx->counters.patches;
   default: return 0;
   }
}

static bool
is_driver_query(unsigned type)
{
   return type >= JADE_QUERY_COMPILES && type <= JADE_QUERY_PATCHES;
}

static struct pipe_query *
jade_create_query(struct pipe_context *pctx, unsigned type, unsigned index)
{
   struct jade_query *q = CALLOC_STRUCT(jade_query);
   if (q)
      q->type = type;
   return (struct pipe_query *)q;
}

static void
jade_destroy_query(struct pipe_context *pctx, struct pipe_query *q)
{
   FREE(q);
}

static bool
jade_begin_query(struct pipe_context *pctx, struct pipe_query *pq)
{
   struct jade_query *q = (struct jade_query *)pq;
   if (is_driver_query(q->type))
      q->begin = q->end = counter(jade_context(pctx), q->type);
   return true;
}

static bool
jade_end_query(struct pipe_context *pctx, struct pipe_query *pq)
{
   struct jade_query *q = (struct jade_query *)pq;
   if (is_driver_query(q->type))
      q->end = counter(jade_context(pctx), q->type);
   return true;
}

static bool
jade_get_query_result(struct pipe_context *pctx, struct pipe_query *pq,
                      bool wait, union pipe_query_result *result)
{
   struct jade_query *q = (struct jade_query *)pq;
   memset(result, 0, sizeof(*result));
   if (is_driver_query(q->type))
      result->u64 = q->end - q->begin;
   return true;
}

static void
jade_set_active_query_state(struct pipe_context *pctx, bool enable)
{
}

static void
jade_render_condition(struct pipe_context *pctx, struct pipe_query *q,
                      bool condition, enum pipe_render_cond_flag mode)
{
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
