/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Blits: a plain copy when the blit is one (util_try_blit_via_copy_region,
 * through CPU mappings until a copy engine path exists), otherwise a draw
 * by Mesa's util_blitter with the context's state saved around it.
 * Copies of multisampled resources are draws too: a mapping's box is in
 * pixels, the resource's samples lie in blocks of 2^ms_x x 2^ms_y texels
 * a pixel (jade_layout), so util_resource_copy_region would copy part of
 * the samples; util_blitter copies sample by sample (sample shading).
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
   util_blitter_save_viewport(b, &st->viewport[0]);
   util_blitter_save_scissor(b, &st->scissor[0]);
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

/* Stencil without shader stencil export (which util_blitter's stencil
 * blits need): the dst box's stencil cleared, then util_blitter's
 * fallback sets it a bit and a sample at a time (through the sample mask),
 * as freedreno's fd_blit_stencil_fallback does. */
static void
blit_stencil_fallback(struct jade_context *ctx, const struct pipe_blit_info *info)
{
   struct pipe_context *pctx = &ctx->base;
   struct pipe_surface templ, *view;
   util_blitter_default_dst_texture(&templ, info->dst.resource, info->dst.level, info->dst.box.z);
   view = pctx->create_surface(pctx, info->dst.resource, &templ);
   if (!view)
      return;
   save_state(ctx);
   util_blitter_clear_depth_stencil(ctx->blitter, view, PIPE_CLEAR_STENCIL, 0, 0, info->dst.box.x,
                                    info->dst.box.y, info->dst.box.width, info->dst.box.height);
   save_state(ctx);
   util_blitter_stencil_fallback(ctx->blitter, info->dst.resource, info->dst.level, &info->dst.box,
                                 info->src.resource, info->src.level, &info->src.box,
                                 info->scissor_enable ? &info->scissor : NULL);
   pipe_surface_reference(&view, NULL);
}

/* A blit that reinterprets the bits: one format for both sides, of the
 * resources' block size (st/mesa's copy between ARB_copy_image-compatible
 * formats blits with "canonical" UINT/UNORM formats, swizzled_copy in
 * st_cb_copyimage.c), unscaled, unflipped, every channel, nothing that
 * draws would add; a copy of the bytes, whatever the resources' own
 * formats (R32G32B32 ones are no render targets). */
static bool
blit_is_byte_copy(const struct jade_context *ctx, const struct pipe_blit_info *b)
{
   const enum pipe_format f = b->src.format, rs = b->src.resource->format,
                          rd = b->dst.resource->format;
   return f == b->dst.format && !util_format_is_depth_or_stencil(f) &&
          util_format_get_blocksize(f) == util_format_get_blocksize(rs) &&
          util_format_get_blocksize(f) == util_format_get_blocksize(rd) &&
          util_format_get_blockwidth(rs) == 1 && util_format_get_blockwidth(rd) == 1 &&
          util_format_get_blockheight(rs) == 1 && util_format_get_blockheight(rd) == 1 &&
          (b->mask & PIPE_MASK_RGBA) == PIPE_MASK_RGBA && b->src.box.width > 0 &&
          b->src.box.height > 0 && b->src.box.depth > 0 && b->src.box.width == b->dst.box.width &&
          b->src.box.height == b->dst.box.height && b->src.box.depth == b->dst.box.depth &&
          !b->scissor_enable && !b->alpha_blend && !b->window_rectangle_include &&
          !b->num_window_rectangles &&
          !(b->render_condition_enable && ctx->state.render_cond_query) &&
          b->src.resource->nr_samples <= 1 && b->dst.resource->nr_samples <= 1 &&
          b->src.resource->target != PIPE_BUFFER && b->dst.resource->target != PIPE_BUFFER;
}

static void
jade_blit(struct pipe_context *pctx, const struct pipe_blit_info *blit)
{
   struct jade_context *ctx = jade_context(pctx);

   if (util_try_blit_via_copy_region(pctx, blit, ctx->state.render_cond_query != NULL))
      return;
   if (blit_is_byte_copy(ctx, blit)) {
      util_resource_copy_region(pctx, blit->dst.resource, blit->dst.level, blit->dst.box.x,
                                blit->dst.box.y, blit->dst.box.z, blit->src.resource,
                                blit->src.level, &blit->src.box);
      return;
   }
   struct pipe_blit_info b = *blit;
   const struct pipe_blit_info *info = &b;
   if ((b.mask & PIPE_MASK_S) && !pctx->screen->caps.shader_stencil_export) {
      blit_stencil_fallback(ctx, &b);
      b.mask &= ~PIPE_MASK_S;
      if (!b.mask)
         return;
   }
   if (!util_blitter_is_blit_supported(ctx->blitter, info)) {
      mesa_logw_once("jade: unsupported blit %s -> %s", util_format_short_name(info->src.format),
                     util_format_short_name(info->dst.format));
      return;
   }
   save_state(ctx);
   util_blitter_blit(ctx->blitter, info, NULL);
}

static void
jade_resource_copy_region(struct pipe_context *pctx, struct pipe_resource *dst, unsigned dst_level,
                          unsigned dstx, unsigned dsty, unsigned dstz, struct pipe_resource *src,
                          unsigned src_level, const struct pipe_box *src_box)
{
   struct jade_context *ctx = jade_context(pctx);
   if (dst->nr_samples <= 1 && src->nr_samples <= 1) {
      util_resource_copy_region(pctx, dst, dst_level, dstx, dsty, dstz, src, src_level, src_box);
      return;
   }
   save_state(ctx);
   util_blitter_copy_texture(ctx->blitter, dst, dst_level, dstx, dsty, dstz, src, src_level,
                             src_box);
}

void
jade_init_blit_functions(struct jade_context *ctx)
{
   ctx->base.blit = jade_blit;
   ctx->base.resource_copy_region = jade_resource_copy_region;
}
