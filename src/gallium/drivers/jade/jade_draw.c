/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Draws.  Program validation links the bound shaders under the draw's
 * NOS and records the program state (jade_program.c); the rest of the
 * state and the draw methods themselves are issue 7's, so a draw renders
 * nothing yet.
 */

#include "jade_context.h"
#include "jade_program.h"
#include "jade_state.h"

static void
jade_draw_vbo(struct pipe_context *pctx, const struct pipe_draw_info *info,
              unsigned drawid_offset,
              const struct pipe_draw_indirect_info *indirect,
              const struct pipe_draw_start_count_bias *draws,
              unsigned num_draws)
{
   struct jade_context *ctx = jade_context(pctx);
   if (!num_draws || !jade_program_validate(ctx, info))
      return;
   jade_emit_dirty_state(ctx);
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
