/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Copies and blits.  Until the copy engine and util_blitter paths land
 * (issue 7), copies go through the CPU, and a blit is done only when it is
 * a plain copy; any other blit is reported and skipped.
 */

#include "util/log.h"
#include "util/u_surface.h"

#include "jade_context.h"

static void
jade_blit(struct pipe_context *pctx, const struct pipe_blit_info *info)
{
   if (util_try_blit_via_copy_region(pctx, info, false))
      return;

   mesa_logw_once("jade: scaled or converting blits are not implemented yet "
                  "(%s -> %s)", util_format_short_name(info->src.format),
                  util_format_short_name(info->dst.format));
}

void
jade_init_blit_functions(struct jade_context *ctx)
{
   ctx->base.blit = jade_blit;
   ctx->base.resource_copy_region = util_resource_copy_region;
}
