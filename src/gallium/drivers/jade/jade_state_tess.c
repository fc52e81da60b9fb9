/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Tessellation state.  The tessellator's domain, spacing and output
 * primitives are the bound TES's (its binary carries them as
 * SET_TESSELLATION_PARAMETERS values, GL's winding already turned into
 * the hardware's: include/jade/jade_compiler.h); the control points a
 * patch are SET_PATCH; the levels used when no TCS runs are
 * SET_TESSELLATION_LOD_* (outer) and SET_TG_LOD_INTERIOR_* (inner), as
 * nvc0 programs them (nvc0_3d.xml.h TESS_LEVEL_OUTER/INNER at the same
 * methods) with its TCS slot disabled.  Sent at the first draw with a
 * TES and whenever they change (NVK writes SET_PATCH at least 1: "the
 * hardware gets grumpy if we set this to 0").
 */

#include <string.h>

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "util/u_math.h"

#include "jade_context.h"
#include "jade_shader.h"
#include "jade_state.h"

static void
jade_set_patch_vertices(struct pipe_context *pctx, uint8_t patch_vertices)
{
   struct jade_context *ctx = jade_context(pctx);
   if (ctx->state.patch_vertices != patch_vertices) {
      ctx->state.patch_vertices = patch_vertices;
      ctx->dirty |= JADE_DIRTY_TESS;
   }
}

static void
jade_set_tess_state(struct pipe_context *pctx, const float default_outer_level[4],
                    const float default_inner_level[2])
{
   struct jade_context *ctx = jade_context(pctx);
   memcpy(ctx->state.tess_outer, default_outer_level, sizeof(ctx->state.tess_outer));
   memcpy(ctx->state.tess_inner, default_inner_level, sizeof(ctx->state.tess_inner));
   ctx->dirty |= JADE_DIRTY_TESS;
}

void
jade_emit_tess(struct jade_context *ctx)
{
   const struct jade_shader *tes = ctx->state.shader[PIPE_SHADER_TESS_EVAL];
   struct nv_push *p = jade_push_reserve(ctx, 12);
   P_IMMD(p, NVC597, SET_PATCH, MAX2(ctx->state.patch_vertices, 1));
   if (tes && tes->bin) {
      P_IMMD(p, NVC597, SET_TESSELLATION_PARAMETERS,
             {
                .domain_type = tes->bin->tess.domain,
                .spacing = tes->bin->tess.spacing,
                .output_primitives = tes->bin->tess.output_primitives,
             });
   }
   P_MTHD(p, NVC597, SET_TESSELLATION_LOD_U0_OR_DENSITY);
   P_NVC597_SET_TESSELLATION_LOD_U0_OR_DENSITY(p, fui(ctx->state.tess_outer[0]));
   P_NVC597_SET_TESSELLATION_LOD_V0_OR_DETAIL(p, fui(ctx->state.tess_outer[1]));
   P_NVC597_SET_TESSELLATION_LOD_U1_OR_W0(p, fui(ctx->state.tess_outer[2]));
   P_NVC597_SET_TESSELLATION_LOD_V1(p, fui(ctx->state.tess_outer[3]));
   P_NVC597_SET_TG_LOD_INTERIOR_U(p, fui(ctx->state.tess_inner[0]));
   P_NVC597_SET_TG_LOD_INTERIOR_V(p, fui(ctx->state.tess_inner[1]));
}

void
jade_init_tess_functions(struct jade_context *ctx)
{
   ctx->base.set_patch_vertices = jade_set_patch_vertices;
   ctx->base.set_tess_state = jade_set_tess_state;
   ctx->state.patch_vertices = 3; /* GL's GL_PATCH_VERTICES default */
   for (unsigned i = 0; i < 4; i++)
      ctx->state.tess_outer[i] = 1.0f;
   ctx->state.tess_inner[0] = ctx->state.tess_inner[1] = 1.0f;
   ctx->dirty |= JADE_DIRTY_TESS;
}
