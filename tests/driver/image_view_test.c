/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The texture headers Jade builds for image views (jade_image_tic, on the
 * noop drm-shim): their type, depth and address.  st/mesa (st_atom_image.c st_convert_image) sets
 * pipe_image_view::u.tex.is_2d_view_of_3d to true for a 3D texture bound
 * unlayered and never clears it, in a stack array it reuses: a later
 * layered binding of an array or of a 3D texture can arrive with it set.
 * Such a view must still get a header of all its layers or slices; GL's
 * 2D view of a 3D level (single_layer_view) one slice deep.  Cube images
 * get 2D-array headers of their faces.  Then the fields of sampler views'
 * headers that NIL sets alike everywhere (quality, sector promotion,
 * border size, DEPTH_TEXTURE clear), checked with jade_tic_build, and
 * NORMALIZED_COORDS: clear for rectangle views only.
 */

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_sampler.h"

#include "jade/jade_drm.h"
#include "jade_public.h"
#include "jade_resource.h"
#include "jade_texture.h"
#include "jade_tic.h"

static struct pipe_resource *
resource(struct pipe_screen *screen, enum pipe_texture_target target, unsigned w, unsigned h,
         unsigned d, unsigned layers)
{
   const struct pipe_resource templ = {
      .target = target,
      .format = PIPE_FORMAT_R32_FLOAT,
      .width0 = w,
      .height0 = h,
      .depth0 = d,
      .array_size = layers,
      .bind = PIPE_BIND_SHADER_IMAGE | PIPE_BIND_SAMPLER_VIEW,
   };
   return screen->resource_create(screen, &templ);
}

static const struct view_case {
   const char *name;
   enum pipe_texture_target target;
   unsigned d, layers;
   unsigned first, last;
   bool single_layer_view, is_2d_view_of_3d;
   unsigned want_type, want_depth;
} cases[] = {
   /* GL's 2D view of slice 2 of a 3D level: NVK's sliced 3D header. */
   {"3D bound unlayered", PIPE_TEXTURE_3D, 5, 1, 2, 2, true, true, JADE_TIC_BL_TEXTURE_TYPE_THREE_D,
    1},
   /* Layered bindings with the state tracker's stale flag. */
   {"3D bound layered", PIPE_TEXTURE_3D, 5, 1, 0, 4, false, true, JADE_TIC_BL_TEXTURE_TYPE_THREE_D,
    5},
   {"2D array bound layered", PIPE_TEXTURE_2D_ARRAY, 1, 6, 0, 5, false, true,
    JADE_TIC_BL_TEXTURE_TYPE_TWO_D_ARRAY, 6},
   {"1D array bound layered", PIPE_TEXTURE_1D_ARRAY, 1, 7, 0, 6, false, true,
    JADE_TIC_BL_TEXTURE_TYPE_ONE_D_ARRAY, 7},
   /* One layer of an array: the stale flag changes nothing either. */
   {"2D array layer 3", PIPE_TEXTURE_2D_ARRAY, 1, 6, 3, 3, true, true,
    JADE_TIC_BL_TEXTURE_TYPE_TWO_D_ARRAY, 1},
   /* Cubes: 2D arrays of their faces (the surface unit has no cubes: NVK
    * nvk_image_view.c, nvc0_tex.c). */
   {"cube bound layered", PIPE_TEXTURE_CUBE, 1, 6, 0, 5, false, false,
    JADE_TIC_BL_TEXTURE_TYPE_TWO_D_ARRAY, 6},
   {"cube array bound layered", PIPE_TEXTURE_CUBE_ARRAY, 1, 12, 0, 11, false, false,
    JADE_TIC_BL_TEXTURE_TYPE_TWO_D_ARRAY, 12},
   {"cube array face 7", PIPE_TEXTURE_CUBE_ARRAY, 1, 12, 7, 7, true, false,
    JADE_TIC_BL_TEXTURE_TYPE_TWO_D_ARRAY, 1},
};

/* A resource made from templ and the header of its default sampler view
 * in w; NULL (nothing to release) when either fails. */
static struct pipe_resource *
view_header(struct pipe_screen *screen, struct pipe_context *pctx,
            const struct pipe_resource *templ, uint32_t w[8])
{
   struct pipe_resource *res = screen->resource_create(screen, templ);
   if (!res)
      return NULL;
   struct pipe_sampler_view tmpl;
   u_sampler_view_default_template(&tmpl, res, templ->format);
   tmpl.context = pctx;
   tmpl.texture = res;
   if (!jade_tic_build(&tmpl, w))
      pipe_resource_reference(&res, NULL);
   return res;
}

/* The fields of a sampler view's header that NIL (tic.rs nvb097_fill_tic)
 * sets the same in every block-linear header: quality and sector
 * promotion, DEPTH_TEXTURE clear (nvc0_tex.c never sets it either). */
static unsigned
sampler_view_fields(struct pipe_screen *screen, struct pipe_context *pctx, enum pipe_format format)
{
   const struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = format,
      .width0 = 16,
      .height0 = 16,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_SAMPLER_VIEW,
   };
   uint32_t w[8];
   struct pipe_resource *res = view_header(screen, pctx, &templ, w);
   if (!res) {
      printf("FAIL %s: no sampler view header\n", util_format_short_name(format));
      return 1;
   }
   struct jade_tic_bl t;
   jade_tic_bl_unpack(w, &t);
   const struct {
      const char *what;
      uint32_t got, want;
   } f[] = {
      {"lod_aniso_quality2", t.lod_aniso_quality2, 1},
      {"lod_aniso_quality", t.lod_aniso_quality, JADE_TIC_BL_LOD_ANISO_QUALITY_LOD_QUALITY_HIGH},
      {"lod_iso_quality", t.lod_iso_quality, JADE_TIC_BL_LOD_ISO_QUALITY_LOD_QUALITY_HIGH},
      {"aniso_coarse_spread_modifier", t.aniso_coarse_spread_modifier,
       JADE_TIC_BL_ANISO_COARSE_SPREAD_MODIFIER_SPREAD_MODIFIER_NONE},
      {"aniso_fine_spread_func", t.aniso_fine_spread_func,
       JADE_TIC_BL_ANISO_FINE_SPREAD_FUNC_SPREAD_FUNC_TWO},
      {"aniso_coarse_spread_func", t.aniso_coarse_spread_func,
       JADE_TIC_BL_ANISO_COARSE_SPREAD_FUNC_SPREAD_FUNC_ONE},
      {"sector_promotion", t.sector_promotion, JADE_TIC_BL_SECTOR_PROMOTION_PROMOTE_TO_2_V},
      {"border_size", t.border_size, JADE_TIC_BL_BORDER_SIZE_BORDER_SAMPLER_COLOR},
      {"depth_texture", t.depth_texture, 0},
   };
   unsigned failed = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(f); i++) {
      if (f[i].got != f[i].want) {
         printf("FAIL %s sampler view: %s %u, want %u\n", util_format_short_name(format), f[i].what,
                f[i].got, f[i].want);
         failed++;
      }
   }
   printf("%s %s sampler view: quality, sector promotion, border size, depth texture\n",
          failed ? "FAIL" : "ok  ", util_format_short_name(format));
   pipe_resource_reference(&res, NULL);
   return failed ? 1 : 0;
}

/* NORMALIZED_COORDS of sampler views' headers: clear for rectangle views,
 * which the compiler samples in texels (nvc0_tex.c's
 * NV50_TEXVIEW_SCALED_COORDS), set for 2D ones; block-linear and pitch
 * headers alike. */
static unsigned
normalized_coords(struct pipe_screen *screen, struct pipe_context *pctx,
                  enum pipe_texture_target target, bool linear)
{
   const struct pipe_resource templ = {
      .target = target,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = 13,
      .height0 = 7,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_SAMPLER_VIEW | (linear ? PIPE_BIND_LINEAR : 0),
   };
   uint32_t w[8];
   const char *name = target == PIPE_TEXTURE_RECT ? "rectangle" : "2D";
   struct pipe_resource *res = view_header(screen, pctx, &templ, w);
   if (!res) {
      printf("FAIL %s view: no header\n", name);
      return 1;
   }
   struct jade_tic_bl bl;
   struct jade_tic_pitch pitch;
   jade_tic_bl_unpack(w, &bl);
   jade_tic_pitch_unpack(w, &pitch);
   const bool is_pitch = bl.header_version == JADE_TIC_BL_HEADER_VERSION_SELECT_PITCH;
   const unsigned got = is_pitch ? pitch.normalized_coords : bl.normalized_coords;
   const unsigned want = target != PIPE_TEXTURE_RECT;
   const bool ok = is_pitch == linear && got == want;
   printf("%s %s %s view: NORMALIZED_COORDS %u (want %u)\n", ok ? "ok  " : "FAIL",
          linear ? "pitch" : "block-linear", name, got, want);
   pipe_resource_reference(&res, NULL);
   return ok ? 0 : 1;
}

int
main(void)
{
   int fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
   struct pipe_screen *screen = fd >= 0 ? jade_screen_create(fd, NULL, NULL) : NULL;
   if (!screen) {
      fprintf(stderr, "FAIL no Jade screen on the shim\n");
      return 1;
   }

   unsigned failed = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      const struct view_case *c = &cases[i];
      struct pipe_resource *res = resource(
         screen, c->target, 16, c->target == PIPE_TEXTURE_1D_ARRAY ? 1 : 16, c->d, c->layers);
      struct pipe_image_view view;
      memset(&view, 0, sizeof(view));
      view.resource = res;
      view.format = PIPE_FORMAT_R32_FLOAT;
      view.access = view.shader_access = PIPE_IMAGE_ACCESS_READ_WRITE;
      view.u.tex.first_layer = c->first;
      view.u.tex.last_layer = c->last;
      view.u.tex.single_layer_view = c->single_layer_view;
      view.u.tex.is_2d_view_of_3d = c->is_2d_view_of_3d;
      uint32_t w[8];
      if (!res || !jade_image_tic(&view, w)) {
         printf("FAIL %s: no header\n", c->name);
         failed++;
         pipe_resource_reference(&res, NULL);
         continue;
      }
      struct jade_tic_bl t;
      jade_tic_bl_unpack(w, &t);
      const unsigned depth = (t.depth_minus_one | t.depth_minus_one_bit14 << 14) + 1;
      const uint64_t addr = t.address_bits48to9 << 9;
      /* Arrays start at the first layer; a layered 3D view at the
       * texture; a 3D slice at its GOB plane: 16 rows of 64 bytes are 2
       * GOBs high, one block holds those and 8 planes (5 slices), so slice
       * z starts 2 z GOBs (1024 z bytes) in. */
      const struct jade_resource *jr = jade_resource(res);
      const uint64_t want_addr = c->target != PIPE_TEXTURE_3D
                                    ? jade_resource_address(jr, 0, c->first)
                                 : c->single_layer_view ? jr->bo->va + 1024ull * c->first
                                                        : jr->bo->va;
      const bool ok = t.header_version == JADE_TIC_BL_HEADER_VERSION_SELECT_BLOCKLINEAR &&
                      t.texture_type == c->want_type && depth == c->want_depth && addr == want_addr;
      printf("%s %s: type %u depth %u address +0x%" PRIx64 " (want %u %u +0x%" PRIx64 ")\n",
             ok ? "ok  " : "FAIL", c->name, t.texture_type, depth, addr - jr->bo->va, c->want_type,
             c->want_depth, want_addr - jr->bo->va);
      failed += !ok;
      pipe_resource_reference(&res, NULL);
   }

   static const enum pipe_format sampled[] = {PIPE_FORMAT_R8G8B8A8_UNORM,
                                              PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_FORMAT_Z32_FLOAT};
   struct pipe_context *pctx = screen->context_create(screen, NULL, 0);
   for (unsigned i = 0; i < ARRAY_SIZE(sampled); i++)
      failed += sampler_view_fields(screen, pctx, sampled[i]);
   for (unsigned linear = 0; linear < 2; linear++) {
      failed += normalized_coords(screen, pctx, PIPE_TEXTURE_RECT, linear);
      failed += normalized_coords(screen, pctx, PIPE_TEXTURE_2D, linear);
   }
   if (pctx)
      pctx->destroy(pctx);

   screen->destroy(screen);
   close(fd);
   printf("image views: %u cases, %u failed\n",
          (unsigned)(ARRAY_SIZE(cases) + ARRAY_SIZE(sampled) + 4), failed);
   return failed ? 1 : 0;
}
