/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The GPU model's texture unit on its own (jade_gpu_texel): for each
 * component layout it decodes, a two-level block-linear 2D image whose
 * texels the test places with its own address equation
 * (tests/driver/gob_ref.h: NIL's rules, Turing's colour GOB) and whose
 * header it packs (jade_tic_bl_pack, from NVIDIA's clc597tex.h); every texel
 * must read back as util_format decodes the same bytes.  Also a swizzle, a
 * pitch header, reads outside the image and the size query.
 */

#include <string.h>

#include "nvidia/classes/clc46f.h"
#include "nvidia/classes/clc5c0.h"
#include "util/format/u_format.h"
#include "util/u_math.h"

#include "gpu_test.h"
#include "jade_tic.h"
#include "../driver/gob_ref.h"

#define VA_BASE 0x300000000ull
#define POOL    0x0000u
#define IMAGE   0x1000u
#define PB      0xf000u

static const struct {
   unsigned components, type;
   enum pipe_format format;
} cases[] = {
   {JADE_TIC_BL_COMPONENTS_SIZES_A8B8G8R8, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM,
    PIPE_FORMAT_R8G8B8A8_UNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_A8B8G8R8, JADE_TIC_BL_R_DATA_TYPE_NUM_SNORM,
    PIPE_FORMAT_R8G8B8A8_SNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_A8B8G8R8, JADE_TIC_BL_R_DATA_TYPE_NUM_UINT,
    PIPE_FORMAT_R8G8B8A8_UINT},
   {JADE_TIC_BL_COMPONENTS_SIZES_R32_G32_B32_A32, JADE_TIC_BL_R_DATA_TYPE_NUM_FLOAT,
    PIPE_FORMAT_R32G32B32A32_FLOAT},
   {JADE_TIC_BL_COMPONENTS_SIZES_R32_G32_B32_A32, JADE_TIC_BL_R_DATA_TYPE_NUM_SINT,
    PIPE_FORMAT_R32G32B32A32_SINT},
   {JADE_TIC_BL_COMPONENTS_SIZES_R16_G16_B16_A16, JADE_TIC_BL_R_DATA_TYPE_NUM_FLOAT,
    PIPE_FORMAT_R16G16B16A16_FLOAT},
   {JADE_TIC_BL_COMPONENTS_SIZES_R16_G16_B16_A16, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM,
    PIPE_FORMAT_R16G16B16A16_UNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_R32_G32, JADE_TIC_BL_R_DATA_TYPE_NUM_UINT,
    PIPE_FORMAT_R32G32_UINT},
   {JADE_TIC_BL_COMPONENTS_SIZES_A2B10G10R10, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM,
    PIPE_FORMAT_R10G10B10A2_UNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_R16_G16, JADE_TIC_BL_R_DATA_TYPE_NUM_SNORM,
    PIPE_FORMAT_R16G16_SNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_R32, JADE_TIC_BL_R_DATA_TYPE_NUM_FLOAT, PIPE_FORMAT_R32_FLOAT},
   {JADE_TIC_BL_COMPONENTS_SIZES_G8R8, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM, PIPE_FORMAT_R8G8_UNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_R16, JADE_TIC_BL_R_DATA_TYPE_NUM_SINT, PIPE_FORMAT_R16_SINT},
   {JADE_TIC_BL_COMPONENTS_SIZES_R8, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM, PIPE_FORMAT_R8_UNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_BF10GF11RF11, JADE_TIC_BL_R_DATA_TYPE_NUM_FLOAT,
    PIPE_FORMAT_R11G11B10_FLOAT},
};

#define W 19u
#define H 11u

static uint8_t
pattern(unsigned x, unsigned y, unsigned l, unsigned b)
{
   return (uint8_t)(x * 37 + y * 101 + l * 53 + b * 11 + 1);
}

static void
write_header(unsigned slot, const struct jade_tic_bl *t)
{
   uint32_t w[8] = {0};
   jade_tic_bl_pack(w, t);
   memcpy(mem + POOL + 32 * slot, w, 32);
}

static struct jade_tic_bl
header(unsigned components, unsigned type, unsigned ty0)
{
   struct jade_tic_bl t;
   memset(&t, 0, sizeof(t));
   t.components = components;
   t.r_data_type = t.g_data_type = t.b_data_type = t.a_data_type = type;
   t.x_source = JADE_TIC_BL_X_SOURCE_IN_R;
   t.y_source = JADE_TIC_BL_X_SOURCE_IN_G;
   t.z_source = JADE_TIC_BL_X_SOURCE_IN_B;
   t.w_source = JADE_TIC_BL_X_SOURCE_IN_A;
   t.header_version = JADE_TIC_BL_HEADER_VERSION_SELECT_BLOCKLINEAR;
   t.address_bits48to9 = (VA_BASE + IMAGE) >> 9;
   t.gobs_per_block_height = ty0;
   t.width_minus_one = W - 1;
   t.height_minus_one = H - 1;
   t.texture_type = JADE_TIC_BL_TEXTURE_TYPE_TWO_D;
   t.max_mip_level = 1;
   t.res_view_max_mip_level = 1; /* the view: both levels */
   return t;
}

static bool
fetch(struct jade_gpu *gpu, unsigned slot, int x, int y, int lod, uint32_t out[4])
{
   struct jade_sim_texel_request req = {
      .handle = slot,
      .dim = 2,
      .coord = {x, y},
      .lod = lod,
   };
   char err[200] = "";
   bool ok = jade_gpu_texel(gpu, 1, &req, out, err, sizeof(err));
   if (!ok)
      printf("texel fetch failed: %s\n", err);
   return ok;
}

int
main(void)
{
   const struct jade_gpu_env env = gpu_test_env(VA_BASE);
   struct jade_gpu *gpu = jade_gpu_create(&env);
   CHECK(gpu_test_bind_pools(gpu, PB, POOL, -1), "the pool binds");
   unsigned texels = 0, texels_seen = 0;

   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      const unsigned bpp = util_format_get_blocksize(cases[k].format);
      struct ref_image img;
      ref_layout(W, H, 1, 2, 1, 1, bpp, &img);
      memset(mem + IMAGE, 0, MEM_SIZE - IMAGE - 0x1000);
      for (unsigned l = 0; l < 2; l++) {
         const struct ref_level *lv = &img.level[l];
         for (unsigned y = 0; y < (H >> l); y++)
            for (unsigned x = 0; x < (W >> l); x++)
               for (unsigned b = 0; b < bpp; b++)
                  mem[IMAGE + lv->offset_B +
                      ref_offset(lv->row_B, lv->rows, lv->ty, lv->tz, x * bpp + b, y, 0)] =
                     pattern(x, y, l, b);
      }
      struct jade_tic_bl t = header(cases[k].components, cases[k].type, img.level[0].ty);
      write_header(k, &t);
      unsigned bad = 0;
      for (unsigned l = 0; l < 2; l++)
         for (unsigned y = 0; y < (H >> l); y++)
            for (unsigned x = 0; x < (W >> l); x++) {
               uint8_t bytes[16];
               for (unsigned b = 0; b < bpp; b++)
                  bytes[b] = pattern(x, y, l, b);
               uint32_t want[4], got[4];
               util_format_unpack_rgba(cases[k].format, want, bytes, 1);
               if (!fetch(gpu, k, x, y, l, got) || memcmp(got, want, sizeof(want)))
                  bad++;
               texels++;
            }
      CHECK(!bad, "%s: %u texels wrong", util_format_name(cases[k].format), bad);
   }

   /* Block-compressed layouts and the 16-bit packed ones: each texel as
    * util_format decodes its block (or pixel) from the same bytes, placed
    * by the test's equation in blocks of 4 x 4 texels. */
   static const struct {
      unsigned components, type;
      enum pipe_format format;
   } blocks[] = {
      {JADE_TIC_BL_COMPONENTS_SIZES_DXT1, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM, PIPE_FORMAT_DXT1_RGBA},
      {JADE_TIC_BL_COMPONENTS_SIZES_DXT45, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM,
       PIPE_FORMAT_DXT5_RGBA},
      {JADE_TIC_BL_COMPONENTS_SIZES_DXN2, JADE_TIC_BL_R_DATA_TYPE_NUM_SNORM,
       PIPE_FORMAT_RGTC2_SNORM},
      {JADE_TIC_BL_COMPONENTS_SIZES_B5G6R5, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM,
       PIPE_FORMAT_R5G6B5_UNORM},
      {JADE_TIC_BL_COMPONENTS_SIZES_A4B4G4R4, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM,
       PIPE_FORMAT_R4G4B4A4_UNORM},
   };
   for (unsigned k = 0; k < sizeof(blocks) / sizeof(blocks[0]); k++) {
      const enum pipe_format f = blocks[k].format;
      const unsigned bw = util_format_get_blockwidth(f), bh = util_format_get_blockheight(f);
      const unsigned bB = util_format_get_blocksize(f);
      struct ref_image img;
      ref_layout(W, H, 1, 2, bw, bh, bB, &img);
      memset(mem + IMAGE, 0, MEM_SIZE - IMAGE - 0x1000);
      for (unsigned l = 0; l < 2; l++) {
         const struct ref_level *lv = &img.level[l];
         for (unsigned by = 0; by < DIV_ROUND_UP(H >> l, bh); by++)
            for (unsigned bx = 0; bx < DIV_ROUND_UP(W >> l, bw); bx++)
               for (unsigned b = 0; b < bB; b++)
                  mem[IMAGE + lv->offset_B +
                      ref_offset(lv->row_B, lv->rows, lv->ty, lv->tz, bx * bB + b, by, 0)] =
                     pattern(bx, by, l, b);
      }
      struct jade_tic_bl t = header(blocks[k].components, blocks[k].type, img.level[0].ty);
      write_header(22 + k, &t);
      unsigned bad = 0;
      for (unsigned l = 0; l < 2; l++)
         for (unsigned y = 0; y < (H >> l); y++)
            for (unsigned x = 0; x < (W >> l); x++) {
               uint8_t bytes[16];
               for (unsigned b = 0; b < bB; b++)
                  bytes[b] = pattern(x / bw, y / bh, l, b);
               float texels[16][4];
               util_format_unpack_rgba_rect(f, texels, bw * 4 * sizeof(float), bytes, bB, bw, bh);
               uint32_t want[4], got[4];
               memcpy(want, texels[(y % bh) * bw + x % bw], sizeof(want));
               if (!fetch(gpu, 22 + k, x, y, l, got) || memcmp(got, want, sizeof(want)))
                  bad++;
               texels_seen++;
            }
      CHECK(!bad, "%s: %u texels wrong", util_format_name(f), bad);
   }

   /* Outside the image, its levels: zero.  The size query. */
   uint32_t v[4];
   CHECK(fetch(gpu, 0, W, 0, 0, v) && !v[0] && !v[1] && !v[2] && !v[3], "x past the width: 0");
   CHECK(fetch(gpu, 0, 0, 0, 2, v) && !v[0] && !v[3], "a level past the last: 0");
   struct jade_sim_texel_request q = {.handle = 0, .op = JADE_SIM_TEX_QUERY, .lod = 1};
   char err[200];
   CHECK(jade_gpu_texel(gpu, 1, &q, v, err, sizeof(err)) && v[0] == W / 2 && v[1] == H / 2 &&
            v[2] == 1 && v[3] == 2,
         "size query at level 1: %u x %u x %u, %u levels", v[0], v[1], v[2], v[3]);

   /* A swizzle: (B, 1.0, 0, R) of the RGBA8 unorm image (case 0's data
    * was overwritten: refill one texel through the equation). */
   {
      struct ref_image img;
      ref_layout(W, H, 1, 2, 1, 1, 4, &img);
      const struct ref_level *lv = &img.level[0];
      for (unsigned b = 0; b < 4; b++)
         mem[IMAGE + lv->offset_B +
             ref_offset(lv->row_B, lv->rows, lv->ty, lv->tz, 4 * 5 + b, 3, 0)] =
            (uint8_t)(b == 0   ? 255
                      : b == 2 ? 51
                               : 0);
      struct jade_tic_bl t =
         header(JADE_TIC_BL_COMPONENTS_SIZES_A8B8G8R8, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM, lv->ty);
      t.x_source = JADE_TIC_BL_X_SOURCE_IN_B;
      t.y_source = JADE_TIC_BL_X_SOURCE_IN_ONE_FLOAT;
      t.z_source = JADE_TIC_BL_X_SOURCE_IN_ZERO;
      t.w_source = JADE_TIC_BL_X_SOURCE_IN_R;
      write_header(20, &t);
      static const uint8_t px[4] = {255, 0, 51, 0};
      uint32_t rgba[4];
      util_format_unpack_rgba(PIPE_FORMAT_R8G8B8A8_UNORM, rgba, px, 1);
      CHECK(fetch(gpu, 20, 5, 3, 0, v) && v[0] == rgba[2] && v[1] == 0x3f800000 && !v[2] &&
               v[3] == rgba[0],
            "swizzle (B, 1, 0, R): %08x %08x %08x %08x", v[0], v[1], v[2], v[3]);
   }

   /* A pitch header: R32_UINT, 256-byte rows. */
   {
      struct jade_tic_pitch p;
      memset(&p, 0, sizeof(p));
      p.components = JADE_TIC_BL_COMPONENTS_SIZES_R32;
      p.r_data_type = p.g_data_type = p.b_data_type = p.a_data_type =
         JADE_TIC_BL_R_DATA_TYPE_NUM_UINT;
      p.x_source = JADE_TIC_BL_X_SOURCE_IN_R;
      p.w_source = JADE_TIC_BL_X_SOURCE_IN_ONE_INT;
      p.header_version = JADE_TIC_BL_HEADER_VERSION_SELECT_PITCH;
      p.address_bits48to5 = (VA_BASE + IMAGE) >> 5;
      p.pitch_bits20to5 = 256 >> 5;
      p.width_minus_one = 63;
      p.height_minus_one = 15;
      p.texture_type = JADE_TIC_BL_TEXTURE_TYPE_TWO_D_NO_MIPMAP;
      uint32_t w[8] = {0};
      jade_tic_pitch_pack(w, &p);
      memcpy(mem + POOL + 32 * 21, w, 32);
      uint32_t word = 0xabcd1234;
      memcpy(mem + IMAGE + 7 * 256 + 9 * 4, &word, 4);
      CHECK(fetch(gpu, 21, 9, 7, 0, v) && v[0] == word && v[3] == 1,
            "pitch texel (9, 7): 0x%x, w %u", v[0], v[3]);
   }

   /* An all-zero header: the null descriptor (NIL tic.rs, Volta+), whose
    * fetches, samples and size queries read zeros. */
   memset(mem + POOL + 32 * 22, 0, 32);
   memset(v, 0xff, sizeof(v));
   CHECK(fetch(gpu, 22, 3, 2, 0, v) && !v[0] && !v[1] && !v[2] && !v[3],
         "the null header reads %x %x %x %x", v[0], v[1], v[2], v[3]);
   struct jade_sim_texel_request nq = {.handle = 22, .op = JADE_SIM_TEX_QUERY, .dim = 2};
   memset(v, 0xff, sizeof(v));
   CHECK(jade_gpu_texel(gpu, 1, &nq, v, err, sizeof(err)) && !v[0] && !v[1],
         "the null header's size: %u x %u (%s)", v[0], v[1], err);

   /* A header past the pool's maximum index: an error, not a read. */
   struct jade_sim_texel_request far = {.handle = 40, .dim = 2};
   CHECK(!jade_gpu_texel(gpu, 1, &far, v, err, sizeof(err)) && strstr(err, "maximum index"),
         "header 40 of a 32-entry pool is refused (%s)", err);

   jade_gpu_destroy(gpu);
   printf("%u texels compared, %d failed\n", texels + texels_seen, failures);
   return failures ? 1 : 0;
}
