/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Draws.  Program validation (issue 6) and state emission (issue 7) fill
 * this in; until then a draw records nothing, so it renders nothing.
 */

#include "jade_context.h"

static void
jade_draw_vbo(struct pipe_context *pctx, const struct pipe_draw_info *info,
              unsigned drawid_offset,
              const struct pipe_draw_indirect_info *indirect,
              const struct pipe_draw_start_count_bias *draws,
              unsigned num_draws)
{
}

static void
jade_texture_barrier(struct pipe_context *pctx, unsigned flags)
{
}

static void
jade_memory_barrier(struct pipe_context *pctx, unsigned flags)
{
}

void
jade_init_draw_functions(struct jade_context *ctx)
{
   ctx->base.draw_vbo = jade_draw_vbo;
   ctx->base.texture_barrier = jade_texture_barrier;
   ctx->base.memory_barrier = jade_memory_barrier;
}
