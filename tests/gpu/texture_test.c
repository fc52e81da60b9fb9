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
 * pitch header, reads outside the image and the size query.  BC7 and BC6H
 * (BPTC) blocks against values worked out here from the block format
 * (the BC7 / BC6H definitions of the D3D11 functional spec and the Khronos
 * Data Format Specification 1.3, "BC7", "BC6H"): BC7 mode 6 and BC6H
 * mode 11 (unsigned and signed), every index of the 16 in one block.
 */

#include <math.h>
#include <stdlib.h>
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

/* Little-endian bit writer for a 128-bit block. */
static void
put_bits(uint8_t blk[16], unsigned *at, unsigned n, uint32_t v)
{
   for (unsigned i = 0; i < n; i++, (*at)++)
      blk[*at / 8] |= (uint8_t)((v >> i & 1) << (*at % 8));
}

/* The 4-bit index weights of BC6H and BC7. */
static const unsigned weights4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

/* Indices 0..15 for texels 0..15 (the anchor texel 0 with 3 bits). */
static void
put_indices(uint8_t blk[16], unsigned *at)
{
   for (unsigned i = 0; i < 16; i++)
      put_bits(blk, at, i ? 4 : 3, i);
}

/* BC7 mode 6: endpoints of 7 bits a channel and one p-bit each, RGBA. */
static const uint8_t bc7_c[2][4] = {{0x10, 0x20, 0x7f, 0x7f}, {0x70, 0x60, 0x00, 0x40}};
static const uint8_t bc7_p[2] = {1, 0};

static void
bc7_block(uint8_t blk[16])
{
   memset(blk, 0, 16);
   unsigned at = 0;
   put_bits(blk, &at, 7, 1u << 6); /* mode 6: bit 6 */
   for (unsigned c = 0; c < 4; c++)
      for (unsigned e = 0; e < 2; e++)
         put_bits(blk, &at, 7, bc7_c[e][c]);
   put_bits(blk, &at, 1, bc7_p[0]);
   put_bits(blk, &at, 1, bc7_p[1]);
   put_indices(blk, &at);
}

/* Texel i of that block: endpoints (c << 1 | p), weight weights4[i]. */
static void
bc7_texel(unsigned i, float out[4])
{
   for (unsigned c = 0; c < 4; c++) {
      const unsigned e0 = bc7_c[0][c] << 1 | bc7_p[0], e1 = bc7_c[1][c] << 1 | bc7_p[1];
      const unsigned w = weights4[i];
      out[c] = (float)(((64 - w) * e0 + w * e1 + 32) >> 6) / 255.0f;
   }
}

/* BC6H mode 11 (mode bits 00011): one region, 10-bit endpoints W and X
 * per channel, no deltas. */
static const int bc6_w[3] = {0, 512, 100}, bc6_x[3] = {1023, 256, 900};
static const int bc6_ws[3] = {-300, 511, 0}, bc6_xs[3] = {200, -511, 40};

static void
bc6_block(uint8_t blk[16], const int w[3], const int x[3])
{
   memset(blk, 0, 16);
   unsigned at = 0;
   put_bits(blk, &at, 5, 0x03);
   for (unsigned c = 0; c < 3; c++)
      put_bits(blk, &at, 10, (uint32_t)w[c] & 0x3ff);
   for (unsigned c = 0; c < 3; c++)
      put_bits(blk, &at, 10, (uint32_t)x[c] & 0x3ff);
   put_indices(blk, &at);
}

static float
half_to_float(unsigned h)
{
   const unsigned e = h >> 10 & 31, m = h & 1023;
   float v = e ? ldexpf((float)(m | 1024), (int)e - 25) : ldexpf((float)m, -24);
   return h & 0x8000 ? -v : v;
}

/* Texel i, channel c of a mode-11 block: unquantize the 10-bit endpoints,
 * interpolate, scale to a half float (unsigned: * 31 / 64; signed:
 * * 31 / 32 with the sign apart). */
static float
bc6_texel(bool sf, int w0, int x0, unsigned i)
{
   int e[2] = {w0, x0}, u[2];
   for (unsigned k = 0; k < 2; k++) {
      if (!sf) {
         u[k] = e[k] == 0 ? 0 : e[k] == 1023 ? 0xffff : ((e[k] << 16) + 0x8000) >> 10;
      } else {
         const int a = abs(e[k]);
         const int m = a == 0 ? 0 : a >= 511 ? 0x7fff : ((a << 15) + 0x4000) >> 9;
         u[k] = e[k] < 0 ? -m : m;
      }
   }
   const int wt = (int)weights4[i];
   const int v = ((64 - wt) * u[0] + wt * u[1] + 32) >> 6;
   if (!sf)
      return half_to_float((unsigned)(v * 31 >> 6));
   const int mag = (abs(v) * 31) >> 5;
   return half_to_float((unsigned)mag | (v < 0 ? 0x8000u : 0));
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

   /* BPTC: one hand-made block in every block of both levels; texel
    * (x, y) of a block is index 4 (y % 4) + x % 4. */
   for (unsigned k = 0; k < 3; k++) {
      const bool bc7 = k == 0, sf = k == 2;
      uint8_t blk[16];
      if (bc7)
         bc7_block(blk);
      else
         bc6_block(blk, sf ? bc6_ws : bc6_w, sf ? bc6_xs : bc6_x);
      struct ref_image img;
      ref_layout(W, H, 1, 2, 4, 4, 16, &img);
      memset(mem + IMAGE, 0, MEM_SIZE - IMAGE - 0x1000);
      for (unsigned l = 0; l < 2; l++) {
         const struct ref_level *lv = &img.level[l];
         for (unsigned by = 0; by < DIV_ROUND_UP(H >> l, 4); by++)
            for (unsigned bx = 0; bx < DIV_ROUND_UP(W >> l, 4); bx++)
               for (unsigned b = 0; b < 16; b++)
                  mem[IMAGE + lv->offset_B +
                      ref_offset(lv->row_B, lv->rows, lv->ty, lv->tz, bx * 16 + b, by, 0)] = blk[b];
      }
      const unsigned comp = bc7  ? JADE_TIC_BL_COMPONENTS_SIZES_BC7U
                            : sf ? JADE_TIC_BL_COMPONENTS_SIZES_BC6H_SF16
                                 : JADE_TIC_BL_COMPONENTS_SIZES_BC6H_UF16;
      const unsigned type =
         bc7 ? JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM : JADE_TIC_BL_R_DATA_TYPE_NUM_FLOAT;
      struct jade_tic_bl t = header(comp, type, img.level[0].ty);
      write_header(28 + k, &t);
      unsigned bad = 0;
      for (unsigned l = 0; l < 2; l++)
         for (unsigned y = 0; y < (H >> l); y++)
            for (unsigned x = 0; x < (W >> l); x++) {
               const unsigned i = 4 * (y % 4) + x % 4;
               float want[4] = {0, 0, 0, 1};
               if (bc7) {
                  bc7_texel(i, want);
               } else {
                  for (unsigned c = 0; c < 3; c++)
                     want[c] =
                        bc6_texel(sf, sf ? bc6_ws[c] : bc6_w[c], sf ? bc6_xs[c] : bc6_x[c], i);
               }
               uint32_t got[4];
               bool same = fetch(gpu, 28 + k, x, y, l, got);
               for (unsigned c = 0; c < 4 && same; c++)
                  same = fabsf(uif(got[c]) - want[c]) <= 1e-6f * fmaxf(1.0f, fabsf(want[c]));
               if (!same && bad++ < 4)
                  printf("%s: level %u texel (%u, %u): %g %g %g %g, want %g %g %g %g\n",
                         bc7  ? "BC7"
                         : sf ? "BC6H SF16"
                              : "BC6H UF16",
                         l, x, y, uif(got[0]), uif(got[1]), uif(got[2]), uif(got[3]), want[0],
                         want[1], want[2], want[3]);
               texels_seen++;
            }
      CHECK(!bad, "%s: %u texels wrong",
            bc7  ? "BC7 mode 6"
            : sf ? "BC6H SF16 mode 11"
                 : "BC6H UF16 mode 11",
            bad);
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
