/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The framebuffer: colour targets, the zeta target, the surface clip and
 * the multisample mode, emitted when they changed.  A target is the
 * surface's level of its resource; layered surfaces start at their first
 * layer (SET_*_LAYER) with the full layer count behind it.
 */

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "util/format/u_format.h"
#include "util/u_framebuffer.h"
#include "util/u_math.h"
#include "util/u_sample_positions.h"

#include "jade_context.h"
#include "jade_formats.h"
#include "jade_resource.h"
#include "jade_state.h"
#include "jade_tex_cache.h"

static void
jade_set_framebuffer_state(struct pipe_context *pctx, const struct pipe_framebuffer_state *fb)
{
   struct jade_context *ctx = jade_context(pctx);
   if (util_framebuffer_state_equal(&ctx->state.framebuffer, fb))
      return;
   util_copy_framebuffer_state(&ctx->state.framebuffer, fb);
   jade_tex_cache_rebound(ctx);
   ctx->dirty |= JADE_DIRTY_FRAMEBUFFER; /* and the passes, by its samples */
   /* The fragment bank holds sample positions and masks. */
   jade_bank_dirty(ctx, PIPE_SHADER_FRAGMENT, JADE_BANK_SAMPLES);
}

static uint32_t
anti_alias_mode(unsigned samples)
{
   switch (samples) {
   case 2:
      return NVC597_SET_ANTI_ALIAS_SAMPLES_MODE_2X1_D3D;
   case 4:
      return NVC597_SET_ANTI_ALIAS_SAMPLES_MODE_2X2;
   case 8:
      return NVC597_SET_ANTI_ALIAS_SAMPLES_MODE_4X2_D3D;
   default:
      return NVC597_SET_ANTI_ALIAS_SAMPLES_MODE_1X1;
   }
}

/* Layers (or 3D slices) the level has: the third dimension of a target. */
static unsigned
level_layers(const struct pipe_resource *pres, unsigned level)
{
   return pres->target == PIPE_TEXTURE_3D ? u_minify(pres->depth0, level) : pres->array_size;
}

static void
emit_color_target(struct jade_context *ctx, struct nv_push *p, unsigned i,
                  const struct pipe_surface *surf)
{
   if (!surf) {
      P_MTHD(p, NVC597, SET_COLOR_TARGET_A(i));
      P_NVC597_SET_COLOR_TARGET_A(p, i, 0);
      P_NVC597_SET_COLOR_TARGET_B(p, i, 0);
      P_NVC597_SET_COLOR_TARGET_WIDTH(p, i, 64);
      P_NVC597_SET_COLOR_TARGET_HEIGHT(p, i, 0);
      P_NVC597_SET_COLOR_TARGET_FORMAT(p, i, V_DISABLED);
      return;
   }

   struct jade_resource *res = jade_resource(surf->texture);
   const struct jade_layout *l = &res->layout;
   const unsigned level = surf->u.tex.level;
   const struct jade_layout_level *lvl = &l->level[level];
   const bool is_3d = res->base.target == PIPE_TEXTURE_3D;
   const uint64_t addr = jade_resource_address(res, level, 0);
   jade_resource_used(ctx, &res->base);

   P_MTHD(p, NVC597, SET_COLOR_TARGET_A(i));
   P_NVC597_SET_COLOR_TARGET_A(p, i, addr >> 32);
   P_NVC597_SET_COLOR_TARGET_B(p, i, (uint32_t)addr);
   if (l->tiled) {
      P_NVC597_SET_COLOR_TARGET_WIDTH(p, i, u_minify(res->base.width0, level) << l->ms_x_log2);
      P_NVC597_SET_COLOR_TARGET_HEIGHT(p, i, u_minify(res->base.height0, level) << l->ms_y_log2);
   } else {
      P_NVC597_SET_COLOR_TARGET_WIDTH(p, i, lvl->row_stride_B);
      P_NVC597_SET_COLOR_TARGET_HEIGHT(p, i, u_minify(res->base.height0, level));
   }
   P_NVC597_SET_COLOR_TARGET_FORMAT(p, i, jade_ct_format(surf->format));
   P_NVC597_SET_COLOR_TARGET_MEMORY(
      p, i,
      {
         .block_width = BLOCK_WIDTH_ONE_GOB,
         .block_height = lvl->tile_y_log2,
         .block_depth = lvl->tile_z_log2,
         .layout = l->tiled ? LAYOUT_BLOCKLINEAR : LAYOUT_PITCH,
         .third_dimension_control = is_3d
                                       ? THIRD_DIMENSION_CONTROL_THIRD_DIMENSION_DEFINES_DEPTH_SIZE
                                       : THIRD_DIMENSION_CONTROL_THIRD_DIMENSION_DEFINES_ARRAY_SIZE,
      });
   P_NVC597_SET_COLOR_TARGET_THIRD_DIMENSION(p, i, level_layers(&res->base, level));
   P_NVC597_SET_COLOR_TARGET_ARRAY_PITCH(p, i, l->array_stride_B >> 2);
   P_NVC597_SET_COLOR_TARGET_LAYER(p, i, surf->u.tex.first_layer);
}

static void
emit_zeta_target(struct jade_context *ctx, struct nv_push *p, const struct pipe_surface *surf)
{
   if (!surf) {
      P_IMMD(p, NVC597, SET_ZT_SELECT, 0);
      return;
   }

   struct jade_resource *res = jade_resource(surf->texture);
   const struct jade_layout *l = &res->layout;
   const unsigned level = surf->u.tex.level;
   const struct jade_layout_level *lvl = &l->level[level];
   const uint64_t addr = jade_resource_address(res, level, 0);
   const unsigned layers = level_layers(&res->base, level);
   jade_resource_used(ctx, &res->base);

   P_MTHD(p, NVC597, SET_ZT_A);
   P_NVC597_SET_ZT_A(p, addr >> 32);
   P_NVC597_SET_ZT_B(p, (uint32_t)addr);
   P_NVC597_SET_ZT_FORMAT(p, jade_zt_format(surf->format));
   P_NVC597_SET_ZT_BLOCK_SIZE(p, {
                                    .width = WIDTH_ONE_GOB,
                                    .height = lvl->tile_y_log2,
                                    .depth = lvl->tile_z_log2,
                                 });
   P_NVC597_SET_ZT_ARRAY_PITCH(p, l->array_stride_B >> 2);
   P_MTHD(p, NVC597, SET_ZT_SIZE_A);
   P_NVC597_SET_ZT_SIZE_A(p, u_minify(res->base.width0, level) << l->ms_x_log2);
   P_NVC597_SET_ZT_SIZE_B(p, u_minify(res->base.height0, level) << l->ms_y_log2);
   P_NVC597_SET_ZT_SIZE_C(p, {
                                .third_dimension = layers,
                                .control = layers > 1 ? CONTROL_THIRD_DIMENSION_DEFINES_ARRAY_SIZE
                                                      : CONTROL_ARRAY_SIZE_IS_ONE,
                             });
   P_IMMD(p, NVC597, SET_ZT_LAYER, surf->u.tex.first_layer);
   P_IMMD(p, NVC597, SET_ZT_SELECT, 1);
}

void
jade_emit_framebuffer(struct jade_context *ctx)
{
   const struct pipe_framebuffer_state *fb = &ctx->state.framebuffer;
   struct nv_push *p = jade_push_reserve(ctx, 16 * PIPE_MAX_COLOR_BUFS + 40);

   for (unsigned i = 0; i < fb->nr_cbufs; i++)
      emit_color_target(ctx, p, i, fb->cbufs[i]);

   /* Targets in order: output i of the shader goes to target i. */
   P_MTHD(p, NVC597, SET_CT_SELECT);
   P_NVC597_SET_CT_SELECT(p, {
                                .target_count = fb->nr_cbufs,
                                .target0 = 0,
                                .target1 = 1,
                                .target2 = 2,
                                .target3 = 3,
                                .target4 = 4,
                                .target5 = 5,
                                .target6 = 6,
                                .target7 = 7,
                             });

   emit_zeta_target(ctx, p, fb->zsbuf);

   P_MTHD(p, NVC597, SET_SURFACE_CLIP_HORIZONTAL);
   P_NVC597_SET_SURFACE_CLIP_HORIZONTAL(p, {.x = 0, .width = fb->width});
   P_NVC597_SET_SURFACE_CLIP_VERTICAL(p, {.y = 0, .height = fb->height});
   const unsigned samples = util_framebuffer_get_num_samples(fb);
   P_IMMD(p, NVC597, SET_ANTI_ALIAS, anti_alias_mode(samples));

   /* Where the rasteriser samples: the positions GL_SAMPLE_POSITION and
    * gl_SamplePosition (the driver bank's JADE_SAMPLE_POS) report, in
    * sixteenths from the pixel's upper-left corner; entry n is sample
    * n % samples of the n / samples'th pixel of the pattern, all pixels
    * alike (NVK nvk_flush_ms_state and nvc0 gm200_validate_sample_locations
    * pack and always program them: the reset value is not documented). */
   uint32_t pos[4] = {0};
   for (unsigned n = 0; n < 16; n++) {
      float xy[2] = {0.5f, 0.5f};
      if (samples > 1)
         u_default_get_sample_position(&ctx->base, samples, n % samples, xy);
      const uint32_t x = MIN2((uint32_t)(xy[0] * 16.0f), 15);
      const uint32_t y = MIN2((uint32_t)(xy[1] * 16.0f), 15);
      pos[n / 4] |= (x | y << 4) << (8 * (n % 4));
   }
   P_MTHD(p, NVC597, SET_ANTI_ALIAS_SAMPLE_POSITIONS(0));
   P_INLINE_ARRAY(p, pos, 4);
}

void
jade_init_framebuffer_functions(struct jade_context *ctx)
{
   ctx->base.set_framebuffer_state = jade_set_framebuffer_state;
   /* GL_SAMPLE_POSITION: where the hardware samples (above). */
   ctx->base.get_sample_position = u_default_get_sample_position;
}
