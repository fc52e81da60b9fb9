/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Shader storage buffers and images, and the part of a stage's driver
 * bank that names the resources the shader reads: texture handles (word
 * 8 + unit), image handles (word 0x40 + unit: the index of a texture
 * header made for the image view) and storage buffer addresses (0x2a0 +
 * 16 i).  The layout is the compiler's (jade_abi.h).
 */

#include <string.h>

#include "util/log.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

#include "jade_context.h"
#include "jade_resource.h"
#include "jade_state.h"
#include "jade_texture.h"
#include "jade_tex_cache.h"
#include "jade_tic.h"

static void
jade_set_shader_buffers(struct pipe_context *pctx, enum pipe_shader_type stage, unsigned start,
                        unsigned count, const struct pipe_shader_buffer *buffers,
                        unsigned writable_bitmask)
{
   struct jade_context *ctx = jade_context(pctx);
   for (unsigned i = 0; i < count; i++) {
      struct pipe_shader_buffer *dst = &ctx->state.ssbo[stage][start + i];
      if (buffers && buffers[i].buffer) {
         pipe_resource_reference(&dst->buffer, buffers[i].buffer);
         jade_resource(dst->buffer)->bound_as |= JADE_BOUND_STORAGE;
         dst->buffer_offset = buffers[i].buffer_offset;
         dst->buffer_size = buffers[i].buffer_size;
      } else {
         pipe_resource_reference(&dst->buffer, NULL);
      }
   }
   unsigned n = MAX2(ctx->state.ssbo_count[stage], start + count);
   while (n && !ctx->state.ssbo[stage][n - 1].buffer)
      n--;
   ctx->state.ssbo_count[stage] = n;
   jade_tex_cache_rebound(ctx);
   jade_bank_dirty(ctx, stage, JADE_BANK_BUFFERS);
}

/* An image view as the texture header SULD/SUST/SUATOM read: the one
 * level and the layers it names. */
bool
jade_image_tic(const struct pipe_image_view *img, uint32_t dw[8])
{
   /* Cubes as 2D arrays of their faces, which is how the compiler
    * addresses them: the surface unit has no cubes (NVK nvk_image_view.c:
    * "For storage images, we can't have any cubes"; nvc0_tex.c
    * gm107_create_texture_view_from_image does the same), and a cube
    * header's depth counts cubes, not faces. */
   const enum pipe_texture_target target =
      img->resource->target == PIPE_TEXTURE_CUBE || img->resource->target == PIPE_TEXTURE_CUBE_ARRAY
         ? PIPE_TEXTURE_2D_ARRAY
         : img->resource->target;
   struct pipe_sampler_view view = {
      .format = img->format,
      .texture = img->resource,
      .target = target,
      .swizzle_r = PIPE_SWIZZLE_X,
      .swizzle_g = PIPE_SWIZZLE_Y,
      .swizzle_b = PIPE_SWIZZLE_Z,
      .swizzle_a = PIPE_SWIZZLE_W,
   };
   if (img->resource->target == PIPE_BUFFER) {
      view.u.buf.offset = img->u.buf.offset;
      view.u.buf.size = img->u.buf.size;
   } else {
      view.u.tex.first_level = view.u.tex.last_level = img->u.tex.level;
      view.u.tex.first_layer = img->u.tex.first_layer;
      view.u.tex.last_layer = img->u.tex.last_layer;
   }
   if (!jade_tic_build(&view, dw))
      return false;

   /* One slice of a 3D texture bound unlayered (GL's 2D view of a 3D
    * level, accessed with two coordinates): NVK's sliced 3D view
    * (nvk_image_view.c: image_single_level_view, then NIL tic.rs
    * _3DSliced): a 3D header of that level alone, one slice deep, at the
    * slice's GOB plane (NIL level_z_offset_B), with the level's block
    * sizes.  The whole-texture header would read slice 0.
    * Told by single_layer_view (GL's !Layered), not is_2d_view_of_3d:
    * st/mesa (st_atom_image.c st_convert_image) only ever sets that one to
    * true, in a stack array it does not clear, so a layered binding of an
    * array or a 3D texture after an unlayered 3D one can arrive with it
    * set (piglit arb_shader_image_load_store-layer, -semantics, -max-size
    * read every layer past the first as 0). */
   const struct jade_resource *res = jade_resource(img->resource);
   if (img->resource->target == PIPE_TEXTURE_3D && img->u.tex.single_layer_view &&
       res->layout.tiled) {
      const unsigned level = img->u.tex.level;
      const struct jade_layout_level *lvl = &res->layout.level[level];
      const uint64_t addr =
         res->bo->va + jade_layout_offset_B(&res->layout, level, 0, 0, 0, img->u.tex.first_layer);
      const unsigned width = u_minify(img->resource->width0, level);
      const unsigned height = u_minify(img->resource->height0, level);
      struct jade_tic_bl t;
      jade_tic_bl_unpack(dw, &t);
      t.address_bits48to9 = addr >> 9;
      t.gobs_per_block_height = lvl->tile_y_log2;
      t.gobs_per_block_depth = lvl->tile_z_log2;
      t.width_minus_one = width - 1;
      t.height_minus_one = (height - 1) & 0xffff;
      t.height_minus_one_bit16 = (height - 1) >> 16;
      t.depth_minus_one = t.depth_minus_one_bit14 = 0;
      t.max_mip_level = 0;
      t.res_view_min_mip_level = t.res_view_max_mip_level = 0;
      jade_tic_bl_pack(dw, &t);
   }
   return true;
}

static void
jade_set_shader_images(struct pipe_context *pctx, enum pipe_shader_type stage, unsigned start,
                       unsigned count, unsigned unbind_trailing,
                       const struct pipe_image_view *images)
{
   struct jade_context *ctx = jade_context(pctx);
   for (unsigned i = 0; i < count + unbind_trailing; i++) {
      const unsigned slot = start + i;
      struct pipe_image_view *dst = &ctx->state.images[stage][slot];
      const struct pipe_image_view *src = images && i < count ? &images[i] : NULL;

      /* The same view again (state trackers re-set every slot when one
       * changes): its header stays. */
      if (src && src->resource && dst->resource == src->resource && dst->format == src->format &&
          dst->access == src->access && dst->shader_access == src->shader_access &&
          !memcmp(&dst->u, &src->u, sizeof(dst->u)))
         continue;
      if (dst->resource) {
         jade_descriptor_free(&ctx->tic_pool, ctx->image_tic[stage][slot]);
         pipe_resource_reference(&dst->resource, NULL);
      }
      if (!src || !src->resource)
         continue;

      uint32_t tic[8], index;
      if (!jade_image_tic(src, tic)) {
         mesa_loge("jade: no texture header encoding for image format %s",
                   util_format_name(src->format));
         continue;
      }
      if (!jade_descriptor_alloc(&ctx->tic_pool, &index)) {
         mesa_loge("jade: the texture header pool is full");
         continue;
      }
      jade_descriptor_upload(ctx, &ctx->tic_pool, index, tic, false);
      jade_resource(src->resource)->has_views = true; /* its address is in a header */
      *dst = *src;
      dst->resource = NULL;
      pipe_resource_reference(&dst->resource, src->resource);
      ctx->image_tic[stage][slot] = index;
   }
   unsigned n = MAX2(ctx->state.image_count[stage], start + count + unbind_trailing);
   while (n && !ctx->state.images[stage][n - 1].resource)
      n--;
   ctx->state.image_count[stage] = n;
   jade_tex_cache_rebound(ctx);
   jade_bank_dirty(ctx, stage, JADE_BANK_BUFFERS);
}

void
jade_fill_resource_handles(struct jade_context *ctx, enum pipe_shader_type stage, unsigned parts,
                           uint32_t *words)
{
   for (unsigned u = 0; u < JADE_MAX_TEXTURE_UNITS && (parts & JADE_BANK_TEXTURES); u++)
      words[JADE_TEX_HANDLE_WORD + u] = jade_texture_handle(ctx, stage, u);
   if (!(parts & JADE_BANK_BUFFERS))
      return;
   for (unsigned i = 0; i < JADE_MAX_IMAGES; i++) {
      struct pipe_image_view *img = &ctx->state.images[stage][i];
      words[JADE_IMAGE_HANDLE_WORD + i] = 0;
      if (!img->resource)
         continue;
      jade_resource_used(ctx, img->resource);
      words[JADE_IMAGE_HANDLE_WORD + i] = ctx->image_tic[stage][i];
   }
   for (unsigned i = 0; i < JADE_MAX_SSBOS; i++) {
      struct pipe_shader_buffer *sb = &ctx->state.ssbo[stage][i];
      memset(&words[JADE_SSBO_INFO / 4 + 4 * i], 0, 16);
      if (!sb->buffer)
         continue;
      jade_resource_used(ctx, sb->buffer);
      const uint64_t va = jade_resource(sb->buffer)->bo->va + sb->buffer_offset;
      words[JADE_SSBO_INFO / 4 + 4 * i] = (uint32_t)va;
      words[JADE_SSBO_INFO / 4 + 4 * i + 1] = va >> 32;
      words[JADE_SSBO_INFO / 4 + 4 * i + 2] = sb->buffer_size;
   }
}

void
jade_release_shader_resources(struct jade_context *ctx)
{
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      for (unsigned i = 0; i < JADE_MAX_SSBOS; i++)
         pipe_resource_reference(&ctx->state.ssbo[s][i].buffer, NULL);
      for (unsigned i = 0; i < JADE_MAX_IMAGES; i++) {
         if (ctx->state.images[s][i].resource) {
            jade_descriptor_free(&ctx->tic_pool, ctx->image_tic[s][i]);
            pipe_resource_reference(&ctx->state.images[s][i].resource, NULL);
         }
      }
   }
}

void
jade_init_shader_resource_functions(struct jade_context *ctx)
{
   ctx->base.set_shader_buffers = jade_set_shader_buffers;
   ctx->base.set_shader_images = jade_set_shader_images;
}
