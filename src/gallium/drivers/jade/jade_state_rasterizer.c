/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The rasterizer CSO: packed into TURING_A methods when it is created, so
 * binding it is a pointer swap and a draw after a bind copies the stream.
 * Methods and their values come from NVIDIA's class header (clc597.h);
 * nouveau's nvc0 and NVK set the same state (their choices noted where
 * they matter).  The non-orthogonal state the hardware handles by itself
 * is here too (docs/linkage.md, the NOS table): provoking vertex,
 * two-sided colour, fragment colour clamping, point sprites, user clip
 * planes; flat shading and vertex colour clamping are patches, so the
 * hardware's own are left off.
 */

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "util/u_math.h"
#include "util/u_memory.h"

#include "jade_context.h"
#include "jade_state.h"

static uint32_t
polygon_mode(unsigned mode)
{
   switch (mode) {
   case PIPE_POLYGON_MODE_POINT:
      return NVC597_SET_FRONT_POLYGON_MODE_V_POINT;
   case PIPE_POLYGON_MODE_LINE:
      return NVC597_SET_FRONT_POLYGON_MODE_V_LINE;
   default:
      return NVC597_SET_FRONT_POLYGON_MODE_V_FILL;
   }
}

static uint32_t
cull_face(unsigned face)
{
   switch (face) {
   case PIPE_FACE_FRONT:
      return NVC597_OGL_SET_CULL_FACE_V_FRONT;
   case PIPE_FACE_FRONT_AND_BACK:
      return NVC597_OGL_SET_CULL_FACE_V_FRONT_AND_BACK;
   default:
      return NVC597_OGL_SET_CULL_FACE_V_BACK;
   }
}

static void
pack(struct nv_push *p, const struct pipe_rasterizer_state *r)
{
   P_IMMD(p, NVC597, SET_PROVOKING_VERTEX, r->flatshade_first ? V_FIRST : V_LAST);
   P_IMMD(p, NVC597, SET_TWO_SIDED_LIGHT, r->light_twoside);
   /* Flat shading is a patch of the colour IPAs (IPA.CONSTANT), which do
    * not look at the shade mode; vertex colour clamping is a patch too. */
   P_IMMD(p, NVC597, SET_SHADE_MODE, r->flatshade ? V_OGL_FLAT : V_OGL_SMOOTH);
   P_IMMD(p, NVC597, SET_COLOR_CLAMP, ENABLE_FALSE);
   P_IMMD(p, NVC597, SET_PS_SATURATE,
          {
             .output0 = r->clamp_fragment_color,
             .output1 = r->clamp_fragment_color,
             .output2 = r->clamp_fragment_color,
             .output3 = r->clamp_fragment_color,
             .output4 = r->clamp_fragment_color,
             .output5 = r->clamp_fragment_color,
             .output6 = r->clamp_fragment_color,
             .output7 = r->clamp_fragment_color,
          });

   P_IMMD(p, NVC597, SET_RASTER_ENABLE, !r->rasterizer_discard);
   P_IMMD(p, NVC597, SET_ANTI_ALIAS_ENABLE, r->multisample);

   P_MTHD(p, NVC597, SET_FRONT_POLYGON_MODE);
   P_NVC597_SET_FRONT_POLYGON_MODE(p, polygon_mode(r->fill_front));
   P_NVC597_SET_BACK_POLYGON_MODE(p, polygon_mode(r->fill_back));
   P_IMMD(p, NVC597, OGL_SET_CULL, r->cull_face != PIPE_FACE_NONE);
   P_IMMD(p, NVC597, OGL_SET_FRONT_FACE, r->front_ccw ? V_CCW : V_CW);
   P_IMMD(p, NVC597, OGL_SET_CULL_FACE, cull_face(r->cull_face));
   P_IMMD(p, NVC597, SET_POLYGON_STIPPLE, r->poly_stipple_enable);

   /* Polygon offset: units doubled for 24-bit depth, as nvc0 does. */
   P_MTHD(p, NVC597, SET_POLY_OFFSET_POINT);
   P_NVC597_SET_POLY_OFFSET_POINT(p, r->offset_point);
   P_NVC597_SET_POLY_OFFSET_LINE(p, r->offset_line);
   P_NVC597_SET_POLY_OFFSET_FILL(p, r->offset_tri);
   P_IMMD(p, NVC597, SET_SLOPE_SCALE_DEPTH_BIAS, fui(r->offset_scale));
   P_IMMD(p, NVC597, SET_DEPTH_BIAS,
          fui(r->offset_units_unscaled ? r->offset_units : r->offset_units * 2.0f));
   P_IMMD(p, NVC597, SET_DEPTH_BIAS_CLAMP, fui(r->offset_clamp));
   /* GL's r depends on the depth format (GL 4.6 14.6.5), NVK's default
    * representation (nvk_cmd_draw.c); the reset value is not documented. */
   P_IMMD(p, NVC597, SET_DEPTH_BIAS_CONTROL, DEPTH_FORMAT_DEPENDENT_TRUE);

   /* Lines. */
   P_IMMD(p, NVC597, SET_ANTI_ALIASED_LINE, r->line_smooth);
   P_IMMD(p, NVC597, SET_LINE_WIDTH_FLOAT, fui(r->line_width));
   P_IMMD(p, NVC597, SET_ALIASED_LINE_WIDTH_FLOAT, fui(r->line_width));
   P_IMMD(p, NVC597, SET_LINE_STIPPLE, r->line_stipple_enable);
   P_IMMD(p, NVC597, SET_LINE_STIPPLE_PARAMETERS,
          {
             .factor = r->line_stipple_factor,
             .pattern = r->line_stipple_pattern,
          });

   /* Points: size from the shader or the state; sprites replace the
    * texture coordinates sprite_coord_enable names (the linker leaves
    * those coordinates to the rasteriser). */
   P_IMMD(p, NVC597, SET_ATTRIBUTE_POINT_SIZE, {.enable = r->point_size_per_vertex});
   P_IMMD(p, NVC597, SET_POINT_SIZE, fui(r->point_size));
   P_IMMD(p, NVC597, SET_ANTI_ALIASED_POINT, r->point_smooth);
   P_IMMD(p, NVC597, SET_POINT_SPRITE, r->point_quad_rasterization);
   const unsigned sprite = r->point_quad_rasterization ? r->sprite_coord_enable : 0;
   P_IMMD(p, NVC597, SET_POINT_SPRITE_SELECT,
          {
             .rmode = RMODE_ZERO,
             .origin =
                r->sprite_coord_mode == PIPE_SPRITE_COORD_UPPER_LEFT ? ORIGIN_TOP : ORIGIN_BOTTOM,
             .texture0 = sprite >> 0 & 1,
             .texture1 = sprite >> 1 & 1,
             .texture2 = sprite >> 2 & 1,
             .texture3 = sprite >> 3 & 1,
             .texture4 = sprite >> 4 & 1,
             .texture5 = sprite >> 5 & 1,
             .texture6 = sprite >> 6 & 1,
             .texture7 = sprite >> 7 & 1,
          });

   /* User clip planes: the distances the linker keeps are the ones
    * enabled here. */
   const unsigned clip = r->clip_plane_enable;
   P_IMMD(p, NVC597, SET_USER_CLIP_ENABLE,
          {
             .plane0 = clip >> 0 & 1,
             .plane1 = clip >> 1 & 1,
             .plane2 = clip >> 2 & 1,
             .plane3 = clip >> 3 & 1,
             .plane4 = clip >> 4 & 1,
             .plane5 = clip >> 5 & 1,
             .plane6 = clip >> 6 & 1,
             .plane7 = clip >> 7 & 1,
          });
   /* All of them clip: Jade exposes no cull distances (NVK sets OP CULL
    * for those); the method's reset value is not documented, so it is
    * programmed. */
   P_IMMD(p, NVC597, SET_USER_CLIP_OP,
          {
             .plane0 = PLANE0_CLIP,
             .plane1 = PLANE1_CLIP,
             .plane2 = PLANE2_CLIP,
             .plane3 = PLANE3_CLIP,
             .plane4 = PLANE4_CLIP,
             .plane5 = PLANE5_CLIP,
             .plane6 = PLANE6_CLIP,
             .plane7 = PLANE7_CLIP,
          });
   P_IMMD(p, NVC597, SET_VIEWPORT_Z_CLIP,
          r->clip_halfz ? RANGE_ZERO_TO_POSITIVE_W : RANGE_NEGATIVE_W_TO_POSITIVE_W);
   /* Depth clipping in the geometry clipper and depth clamping, as NVK
    * programs them on Volta and later (nvk_cmd_draw.c): the clipper cuts
    * at near and far unless depth clipping is off; fragment depths (a
    * shader's too) are clamped to the viewport's [MIN_Z, MAX_Z] when
    * depth clamping is on, otherwise only to the format's range.  The
    * reset value is not documented, so it is programmed (found by the
    * GPU model: depth_clamp, depth-clamp-range). */
   P_IMMD(p, NVC597, SET_VIEWPORT_CLIP_CONTROL,
          {
             .min_z_zero_max_z_one = MIN_Z_ZERO_MAX_Z_ONE_FALSE,
             .z_clip_range =
                r->depth_clamp ? Z_CLIP_RANGE_MIN_Z_MAX_Z : Z_CLIP_RANGE_MINUS_INF_PLUS_INF,
             .pixel_min_z = PIXEL_MIN_Z_CLAMP,
             .pixel_max_z = PIXEL_MAX_Z_CLAMP,
             .geometry_guardband = GEOMETRY_GUARDBAND_SCALE_256,
             .line_point_cull_guardband = LINE_POINT_CULL_GUARDBAND_SCALE_256,
             .geometry_clip =
                r->depth_clip_near ? GEOMETRY_CLIP_FRUSTUM_XYZ_CLIP : GEOMETRY_CLIP_FRUSTUM_XY_CLIP,
             .geometry_guardband_z =
                r->depth_clip_near ? GEOMETRY_GUARDBAND_Z_SCALE_1 : GEOMETRY_GUARDBAND_Z_SCALE_256,
          });
}

static void *
jade_create_rasterizer_state(struct pipe_context *pctx, const struct pipe_rasterizer_state *templ)
{
   struct jade_rasterizer *rast = CALLOC_STRUCT(jade_rasterizer);
   if (!rast)
      return NULL;
   rast->base = *templ;
   struct nv_push push;
   nv_push_init(&push, rast->dw, ARRAY_SIZE(rast->dw));
   pack(&push, templ);
   rast->dw_count = (unsigned)nv_push_dw_count(&push);
   return rast;
}

static void
jade_bind_rasterizer_state(struct pipe_context *pctx, void *cso)
{
   struct jade_context *ctx = jade_context(pctx);
   ctx->state.rasterizer = cso;
   ctx->dirty |= JADE_DIRTY_RASTERIZER;
   /* The VS's or GS's distances from clip planes run only with a plane
    * enabled (JADE_UCP_ENABLE, jade_nir_lower_clip_vertex). */
   const uint8_t ucp = cso ? (uint8_t)ctx->state.rasterizer->base.clip_plane_enable : 0;
   if (ucp != ctx->state.ucp_enable) {
      ctx->state.ucp_enable = ucp;
      jade_bank_dirty(ctx, PIPE_SHADER_VERTEX, JADE_BANK_UCP);
      jade_bank_dirty(ctx, PIPE_SHADER_TESS_EVAL, JADE_BANK_UCP);
      jade_bank_dirty(ctx, PIPE_SHADER_GEOMETRY, JADE_BANK_UCP);
   }
}

static void
jade_delete_rasterizer_state(struct pipe_context *pctx, void *cso)
{
   FREE(cso);
}

void
jade_init_rasterizer_functions(struct jade_context *ctx)
{
   ctx->base.create_rasterizer_state = jade_create_rasterizer_state;
   ctx->base.bind_rasterizer_state = jade_bind_rasterizer_state;
   ctx->base.delete_rasterizer_state = jade_delete_rasterizer_state;
}
