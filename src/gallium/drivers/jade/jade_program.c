/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Shader CSOs.  A shader is created from NIR (TGSI from Gallium's helpers is
 * translated first) and, once the compiler lands (issue 5), compiled once
 * here; linking and NOS patching happen at bind time (issue 6).
 */

#include <stdio.h>

#include "compiler/nir/nir.h"
#include "nir/tgsi_to_nir.h"
#include "tgsi/tgsi_from_mesa.h"
#include "util/u_memory.h"

#include "jade_context.h"
#include "jade_debug.h"
#include "jade_program.h"

static void *
jade_create_shader_state(struct pipe_context *pctx,
                         const struct pipe_shader_state *templ)
{
   struct jade_shader *shader = CALLOC_STRUCT(jade_shader);
   if (!shader)
      return NULL;

   nir_shader *nir = templ->type == PIPE_SHADER_IR_NIR ?
                     templ->ir.nir :
                     tgsi_to_nir(templ->tokens, pctx->screen, false);
   shader->nir = nir;
   shader->stage = pipe_shader_type_from_mesa(nir->info.stage);

   if (jade_debug(JADE_DEBUG_NIR))
      nir_print_shader(nir, stderr);
   return shader;
}

static void
jade_delete_shader_state(struct pipe_context *pctx, void *cso)
{
   struct jade_shader *shader = cso;
   ralloc_free(shader->nir);
   FREE(shader);
}

static void
jade_bind_shader(struct pipe_context *pctx, enum pipe_shader_type stage,
                 void *cso)
{
   jade_context(pctx)->state.shader[stage] = cso;
}

static void
jade_bind_vs_state(struct pipe_context *pctx, void *cso)
{
   jade_bind_shader(pctx, PIPE_SHADER_VERTEX, cso);
}

static void
jade_bind_gs_state(struct pipe_context *pctx, void *cso)
{
   jade_bind_shader(pctx, PIPE_SHADER_GEOMETRY, cso);
}

static void
jade_bind_fs_state(struct pipe_context *pctx, void *cso)
{
   jade_bind_shader(pctx, PIPE_SHADER_FRAGMENT, cso);
}

void
jade_init_program_functions(struct jade_context *ctx)
{
   struct pipe_context *pctx = &ctx->base;

   pctx->create_vs_state = jade_create_shader_state;
   pctx->bind_vs_state = jade_bind_vs_state;
   pctx->delete_vs_state = jade_delete_shader_state;
   pctx->create_gs_state = jade_create_shader_state;
   pctx->bind_gs_state = jade_bind_gs_state;
   pctx->delete_gs_state = jade_delete_shader_state;
   pctx->create_fs_state = jade_create_shader_state;
   pctx->bind_fs_state = jade_bind_fs_state;
   pctx->delete_fs_state = jade_delete_shader_state;
}
