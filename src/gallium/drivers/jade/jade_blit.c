/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Blits: a plain copy when the blit is one (util_try_blit_via_copy_region,
 * through CPU mappings until a copy engine path exists), otherwise a draw
 * by Mesa's util_blitter with the context's state saved around it.
 */

#include "util/log.h"
#include "util/u_blitter.h"
#include "util/u_surface.h"

#include "jade_context.h"
#include "jade_texture.h"

static void
save_state(struct jade_context *ctx)
{
   struct blitter_context *b = ctx->blitter;
   struct jade_state *st = &ctx->state;
   util_blitter_save_vertex_buffers(b, st->vertex_buffers, st->vertex_buffer_count);
   util_blitter_save_vertex_elements(b, st->vertex_elements);
   util_blitter_save_vertex_shader(b, st->shader[PIPE_SHADER_VERTEX]);
   util_blitter_save_geometry_shader(b, st->shader[PIPE_SHADER_GEOMETRY]);
   util_blitter_save_tessctrl_shader(b, st->shader[PIPE_SHADER_TESS_CTRL]);
   util_blitter_save_tesseval_shader(b, st->shader[PIPE_SHADER_TESS_EVAL]);
   util_blitter_save_so_targets(b, st->so_target_count, st->so_targets, MESA_PRIM_UNKNOWN);
   util_blitter_save_rasterizer(b, st->rasterizer);
   util_blitter_save_viewport(b, &st->viewport);
   util_blitter_save_scissor(b, &st->scissor);
   util_blitter_save_fragment_shader(b, st->shader[PIPE_SHADER_FRAGMENT]);
   util_blitter_save_blend(b, st->blend);
   util_blitter_save_depth_stencil_alpha(b, st->zsa);
   util_blitter_save_stencil_ref(b, &st->stencil_ref);
   util_blitter_save_sample_mask(b, st->sample_mask, st->min_samples);
   util_blitter_save_framebuffer(b, &st->framebuffer);
   util_blitter_save_fragment_sampler_states(b, JADE_MAX_TEXTURE_UNITS,
                                             st->samplers[PIPE_SHADER_FRAGMENT]);
   util_blitter_save_fragment_sampler_views(b, JADE_MAX_TEXTURE_UNITS,
                                            st->views[PIPE_SHADER_FRAGMENT]);
   util_blitter_save_fragment_constant_buffer_slot(b, st->constbuf[PIPE_SHADER_FRAGMENT]);
   util_blitter_save_render_condition(b, st->render_cond_query, st->render_cond_cond,
                                      st->render_cond_mode);
}

static void
jade_blit(struct pipe_context *pctx, const struct pipe_blit_info *info)
{
   struct jade_context *ctx = jade_context(pctx);

   if (util_try_blit_via_copy_region(pctx, info, ctx->state.render_cond_query != NULL))
      return;
   if (!util_blitter_is_blit_supported(ctx->blitter, info)) {
      mesa_logw_once("jade: unsupported blit %s -> %s", util_format_short_name(info->src.format),
                     util_format_short_name(info->dst.format));
      return;
   }
   save_state(ctx);
   util_blitter_blit(ctx->blitter, info, NULL);
}

void
jade_init_blit_functions(struct jade_context *ctx)
{
   ctx->base.blit = jade_blit;
   ctx->base.resource_copy_region = util_resource_copy_region;
}
