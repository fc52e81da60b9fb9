/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Queries.  The hardware query reports land with draws (issue 7); until
 * then nothing is rendered, so every query ends at once with a result of 0.
 */

#include "util/u_memory.h"

#include "jade_context.h"

struct jade_query {
   enum pipe_query_type type;
};

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
jade_begin_query(struct pipe_context *pctx, struct pipe_query *q)
{
   return true;
}

static bool
jade_end_query(struct pipe_context *pctx, struct pipe_query *q)
{
   return true;
}

static bool
jade_get_query_result(struct pipe_context *pctx, struct pipe_query *q,
                      bool wait, union pipe_query_result *result)
{
   memset(result, 0, sizeof(*result));
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
