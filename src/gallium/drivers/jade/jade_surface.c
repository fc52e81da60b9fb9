/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Surfaces: a view of one level and a range of layers of a texture, used
 * as a render target or depth/stencil buffer.
 */

#include "util/u_inlines.h"
#include "util/u_memory.h"

#include "jade_context.h"

static struct pipe_surface *
jade_create_surface(struct pipe_context *pctx, struct pipe_resource *pres,
                    const struct pipe_surface *templ)
{
   struct pipe_surface *surf = CALLOC_STRUCT(pipe_surface);
   if (!surf)
      return NULL;

   const unsigned level = templ->u.tex.level;
   pipe_reference_init(&surf->reference, 1);
   pipe_resource_reference(&surf->texture, pres);
   surf->context = pctx;
   surf->format = templ->format;
   surf->u = templ->u;
   surf->width = u_minify(pres->width0, level);
   surf->height = u_minify(pres->height0, level);
   surf->nr_samples = templ->nr_samples;
   return surf;
}

static void
jade_surface_destroy(struct pipe_context *pctx, struct pipe_surface *surf)
{
   pipe_resource_reference(&surf->texture, NULL);
   FREE(surf);
}

void
jade_init_surface_functions(struct jade_context *ctx)
{
   ctx->base.create_surface = jade_create_surface;
   ctx->base.surface_destroy = jade_surface_destroy;
}
