/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Uploads land where the hardware reads them: texels go in through the
 * driver (a screen and context on the noop drm-shim, texture_subdata, the
 * path st/mesa takes for glTexSubImage), then the buffer object is read
 * raw, with no detiling, and every byte of it must be what the layout of
 * gob_ref.h says: a texel where the address equation puts it, zero
 * everywhere else.  A round trip through the driver's own tiler cannot
 * see a bug that is undone on the way back; this can.
 */

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "util/format/u_format.h"
#include "util/box.h"
#include "util/u_inlines.h"

#include "gob_ref.h"
#include "jade_public.h"
#include "jade_resource.h"

static const struct upload_case {
   const char *name;
   enum pipe_texture_target target;
   enum pipe_format format;
   unsigned w, h, d, layers, levels;
} cases[] = {
   {"rgba8 2d array", PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM, 67, 33, 1, 5, 7},
   {"r32f 2d", PIPE_TEXTURE_2D, PIPE_FORMAT_R32_FLOAT, 300, 140, 1, 1, 9},
   {"rgba16f cube", PIPE_TEXTURE_CUBE, PIPE_FORMAT_R16G16B16A16_FLOAT, 40, 40, 1, 6, 6},
   {"rgba8 3d", PIPE_TEXTURE_3D, PIPE_FORMAT_R8G8B8A8_UNORM, 19, 70, 9, 1, 7},
   {"r8 3d", PIPE_TEXTURE_3D, PIPE_FORMAT_R8_UNORM, 33, 17, 40, 1, 6},
   {"bc1 2d", PIPE_TEXTURE_2D, PIPE_FORMAT_DXT1_RGBA, 64, 40, 1, 1, 4},
};

/* Never zero, so that a texel missing from its place shows. */
static uint8_t
texel_byte(unsigned seed, unsigned level, unsigned z, unsigned y, unsigned x_B)
{
   uint32_t h = seed * 0x9e3779b1u ^ level * 0x85ebca6bu ^ z * 0xc2b2ae35u ^ y * 0x27d4eb2fu ^
                x_B * 0x165667b1u;
   h ^= h >> 15;
   h *= 0x2c1b3c6du;
   h ^= h >> 13;
   return (uint8_t)(h % 255 + 1);
}

struct level_data {
   unsigned nbx, nby, depth; /* blocks across, rows, slices or layers */
   uint8_t *bytes;           /* linear: what the level must hold */
};

static void
upload(struct pipe_context *pctx, struct pipe_resource *res, const struct upload_case *c,
       unsigned level, struct level_data *ld, unsigned bx, unsigned by, unsigned bz, unsigned nbx,
       unsigned nby, unsigned nz, unsigned seed)
{
   const unsigned bw = util_format_get_blockwidth(c->format);
   const unsigned bh = util_format_get_blockheight(c->format);
   const unsigned bB = util_format_get_blocksize(c->format);
   const unsigned stride = nbx * bB, layer_stride = stride * nby;
   uint8_t *src = malloc(layer_stride * nz);
   for (unsigned z = 0; z < nz; z++)
      for (unsigned y = 0; y < nby; y++)
         for (unsigned x = 0; x < stride; x++) {
            uint8_t v = texel_byte(seed, level, bz + z, by + y, bx * bB + x);
            src[z * layer_stride + y * stride + x] = v;
            ld->bytes[((bz + z) * ld->nby + by + y) * ld->nbx * bB + bx * bB + x] = v;
         }
   /* The box is in pixels; a partial last block still counts whole. */
   const unsigned lw = u_minify(c->w, level), lh = u_minify(c->h, level);
   struct pipe_box box;
   u_box_3d(bx * bw, by * bh, bz, MIN2(nbx * bw, lw - bx * bw), MIN2(nby * bh, lh - by * bh), nz,
            &box);
   pctx->texture_subdata(pctx, res, level, PIPE_MAP_WRITE, &box, src, stride, layer_stride);
   free(src);
}

/* Returns the number of bytes off. */
static unsigned long long
check_case(struct pipe_screen *screen, struct pipe_context *pctx, unsigned ci)
{
   const struct upload_case *c = &cases[ci];
   const bool is_3d = c->target == PIPE_TEXTURE_3D;
   const unsigned bw = util_format_get_blockwidth(c->format);
   const unsigned bh = util_format_get_blockheight(c->format);
   const unsigned bB = util_format_get_blocksize(c->format);

   struct pipe_resource templ = {
      .target = c->target,
      .format = c->format,
      .width0 = c->w,
      .height0 = c->h,
      .depth0 = c->d,
      .array_size = c->layers,
      .last_level = c->levels - 1,
      .bind = PIPE_BIND_SAMPLER_VIEW,
      .usage = PIPE_USAGE_DEFAULT,
   };
   struct pipe_resource *res = screen->resource_create(screen, &templ);
   if (!res) {
      fprintf(stderr, "FAIL %s: resource_create refused\n", c->name);
      return 1;
   }

   struct ref_image ref;
   ref_layout(c->w, c->h, is_3d ? c->d : 1, c->levels, bw, bh, bB, &ref);
   const unsigned long long size_B = ref.layer_B * c->layers;

   /* The object itself, mapped raw: the driver's tiler is not involved.
    * Which object backs the resource is the one thing taken from the
    * driver (jade_resource.h); every offset, block size and stride below
    * comes from gob_ref.h, so a wrong choice fails as a wrong tiler does.
    * Zeroed first, so that a stray write shows. */
   struct jade_bo *bo = jade_resource(res)->bo;
   uint8_t *raw;
   if (jade_bo_map(bo, (void **)&raw) || bo->size_B < size_B) {
      fprintf(stderr, "FAIL %s: object of %llu B, the layout needs %llu\n", c->name,
              (unsigned long long)bo->size_B, size_B);
      pipe_resource_reference(&res, NULL);
      return 1;
   }
   memset(raw, 0, bo->size_B);

   /* Whole levels, then a box over level 0 off the GOB boundaries (the
    * edges of the tiler's GOB-row runs), written over the first data. */
   struct level_data ld[16] = {0};
   unsigned long long texel_bytes = 0;
   for (unsigned l = 0; l < c->levels; l++) {
      ld[l].nbx = DIV_ROUND_UP(u_minify(c->w, l), bw);
      ld[l].nby = DIV_ROUND_UP(u_minify(c->h, l), bh);
      ld[l].depth = is_3d ? u_minify(c->d, l) : c->layers;
      ld[l].bytes = calloc(1, (size_t)ld[l].nbx * bB * ld[l].nby * ld[l].depth);
      upload(pctx, res, c, l, &ld[l], 0, 0, 0, ld[l].nbx, ld[l].nby, ld[l].depth, ci);
      texel_bytes += (unsigned long long)ld[l].nbx * bB * ld[l].nby * ld[l].depth;
   }
   const unsigned bz = ld[0].depth > 2 ? 1 : 0;
   upload(pctx, res, c, 0, &ld[0], 3, 5, bz, MIN2(ld[0].nbx - 3, 21), MIN2(ld[0].nby - 5, 6),
          MIN2(ld[0].depth - bz, 2), ci + 100);

   /* What the object must hold, from the reference alone. */
   uint8_t *want = calloc(1, bo->size_B);
   for (unsigned l = 0; l < c->levels; l++) {
      const struct ref_level *lv = &ref.level[l];
      const unsigned row_B = ld[l].nbx * bB;
      for (unsigned z = 0; z < ld[l].depth; z++) {
         const unsigned long long base = (is_3d ? 0 : z * ref.layer_B) + lv->offset_B;
         for (unsigned y = 0; y < ld[l].nby; y++)
            for (unsigned x = 0; x < row_B; x++)
               want[base + ref_offset(lv->row_B, lv->rows, lv->ty, lv->tz, x, y, is_3d ? z : 0)] =
                  ld[l].bytes[(z * ld[l].nby + y) * row_B + x];
      }
   }

   unsigned long long off = 0, first = ~0ull;
   for (unsigned long long i = 0; i < bo->size_B; i++) {
      if (raw[i] != want[i]) {
         if (!off)
            first = i;
         off++;
      }
   }
   printf("%-14s %3ux%-3ux%-2u %u layers %u levels: %8llu texel bytes in %8llu B, "
          "%llu off\n",
          c->name, c->w, c->h, c->d, c->layers, c->levels, texel_bytes, size_B, off);
   if (off)
      fprintf(stderr,
              "FAIL %s: %llu bytes off the address equation, first at %llu "
              "(0x%02x, want 0x%02x)\n",
              c->name, off, first, raw[first], want[first]);

   free(want);
   for (unsigned l = 0; l < c->levels; l++)
      free(ld[l].bytes);
   pipe_resource_reference(&res, NULL);
   return off;
}

int
main(void)
{
   int fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
   struct pipe_screen *screen = fd >= 0 ? jade_screen_create(fd, NULL, NULL) : NULL;
   struct pipe_context *pctx = screen ? screen->context_create(screen, NULL, 0) : NULL;
   if (!pctx) {
      fprintf(stderr, "FAIL no Jade screen and context on the shim\n");
      return 1;
   }

   unsigned failed = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++)
      failed += check_case(screen, pctx, i) != 0;

   pctx->destroy(pctx);
   screen->destroy(screen);
   close(fd);
   printf("upload bytes: %u cases, %u failed\n", (unsigned)ARRAY_SIZE(cases), failed);
   return failed ? 1 : 0;
}
