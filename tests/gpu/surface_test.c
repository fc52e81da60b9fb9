/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The GPU model's surface unit on its own (jade_gpu_surface): images whose
 * texels the test places with its own address equation
 * (tests/driver/gob_ref.h: NIL's rules, Turing's colour GOB) and whose
 * headers it packs (jade_tic_*_pack, from clc597tex.h), with the sources
 * NIL gives each format (the format's own swizzle).  For several formats,
 * every texel of a block-linear 2D image loads as util_format unpacks its
 * bytes, and stores the bytes util_format packs; masks, a BGRA and an
 * alpha-only view (sources that reorder), the view's base level, a 2D
 * array, a 3D image, a buffer and a pitch header; atomics with the old
 * values they return; raw loads and stores; accesses outside the view
 * (dropped with .IGN, a fault with .TRAP).  Then the SM's side: a compute
 * launch (a hand-built QMD, SASS assembled here) whose SULD.D (32-bit and
 * .S8), SUST.P, SUATOM.EXCH and SURED reach the unit with the operands
 * NAK's encoding puts in the registers.
 */

#include <string.h>

#include "nvidia/classes/clc46f.h"
#include "nvidia/classes/clc5c0.h"
#include "util/format/u_format.h"

#include "gpu_test_asm.h"
#include "jade_tic.h"
#include "../driver/gob_ref.h"

#define VA_BASE 0x300000000ull
#define POOL    0x0000u
#define IMAGE   0x1000u
#define PB      0xf000u
#define IMAGE_B 0x6000u /* the launch's second image */
#define CODE    0x8000u
#define CBUF    0x9000u
#define QMD     0x9400u
#define OUT     0xa000u

#define W 19u
#define H 11u

/* The DIM field values (NAK sm70.rs set_image_dim). */
enum { DIM_1D, DIM_1D_BUFFER, DIM_1D_ARRAY, DIM_2D, DIM_2D_ARRAY, DIM_3D };

static struct jade_gpu *gpu;

/* The header's sources for a format: its own swizzle, as NIL's format
 * table gives them (R001 for one component, ...). */
static void
sources_of(enum pipe_format f, unsigned src[4])
{
   const struct util_format_description *d = util_format_description(f);
   const bool integer = util_format_is_pure_integer(f);
   for (unsigned c = 0; c < 4; c++) {
      unsigned s = d->swizzle[c];
      src[c] = s <= PIPE_SWIZZLE_W ? JADE_TIC_BL_X_SOURCE_IN_R + s
               : s == PIPE_SWIZZLE_1
                  ? (integer ? JADE_TIC_BL_X_SOURCE_IN_ONE_INT : JADE_TIC_BL_X_SOURCE_IN_ONE_FLOAT)
                  : JADE_TIC_BL_X_SOURCE_IN_ZERO;
   }
}

struct image {
   unsigned components, type; /* the header's layout and data type */
   enum pipe_format layout;   /* the layout's own format */
   enum pipe_format view;     /* what the sources make of it */
   unsigned w, h, d, levels, view_min, view_max, tex_type;
   struct ref_image ref;
};

static void
write_header(unsigned slot, struct image *img)
{
   const unsigned bpp = util_format_get_blocksize(img->layout);
   ref_layout(img->w, img->h, img->tex_type == JADE_TIC_BL_TEXTURE_TYPE_THREE_D ? img->d : 1,
              img->levels, 1, 1, bpp, &img->ref);
   unsigned src[4];
   sources_of(img->view, src);
   if (img->view == PIPE_FORMAT_B8G8R8A8_UNORM) {
      /* NIL: B8G8R8A8_UNORM is A8B8G8R8 with sources B G R A. */
      src[0] = JADE_TIC_BL_X_SOURCE_IN_B, src[1] = JADE_TIC_BL_X_SOURCE_IN_G;
      src[2] = JADE_TIC_BL_X_SOURCE_IN_R, src[3] = JADE_TIC_BL_X_SOURCE_IN_A;
   } else if (img->view == PIPE_FORMAT_A8_UNORM) {
      /* NIL: A8_UNORM is R8 with sources 0 0 0 R. */
      src[0] = src[1] = src[2] = JADE_TIC_BL_X_SOURCE_IN_ZERO;
      src[3] = JADE_TIC_BL_X_SOURCE_IN_R;
   }
   struct jade_tic_bl t;
   memset(&t, 0, sizeof(t));
   t.components = img->components;
   t.r_data_type = t.g_data_type = t.b_data_type = t.a_data_type = img->type;
   t.x_source = src[0], t.y_source = src[1], t.z_source = src[2], t.w_source = src[3];
   t.header_version = JADE_TIC_BL_HEADER_VERSION_SELECT_BLOCKLINEAR;
   t.address_bits48to9 = (VA_BASE + IMAGE) >> 9;
   t.gobs_per_block_height = img->ref.level[0].ty;
   t.gobs_per_block_depth = img->ref.level[0].tz;
   t.width_minus_one = img->w - 1;
   t.height_minus_one = img->h - 1;
   t.depth_minus_one = img->d - 1;
   t.texture_type = img->tex_type;
   t.max_mip_level = img->levels - 1;
   t.res_view_min_mip_level = img->view_min;
   t.res_view_max_mip_level = img->view_max;
   uint32_t w[8] = {0};
   jade_tic_bl_pack(w, &t);
   memcpy(mem + POOL + 32 * slot, w, 32);
}

/* Byte b of texel (x, y, z) of layer `layer` at level l. */
static uint8_t *
byte_at(const struct image *img, unsigned l, unsigned x, unsigned y, unsigned z, unsigned layer,
        unsigned b)
{
   const unsigned bpp = util_format_get_blocksize(img->layout);
   const struct ref_level *lv = &img->ref.level[l];
   return mem + IMAGE + layer * img->ref.layer_B + lv->offset_B +
          ref_offset(lv->row_B, lv->rows, lv->ty, lv->tz, x * bpp + b, y, z);
}

static uint8_t
pattern(unsigned x, unsigned y, unsigned l, unsigned b)
{
   return (uint8_t)(x * 37 + y * 101 + l * 53 + b * 11 + 1);
}

static bool
request(struct jade_sim_surface_request *req, uint32_t out[4], char *err)
{
   err[0] = 0;
   bool ok = jade_gpu_surface(gpu, 1, req, out, err, 200);
   if (!ok && !req->trap)
      printf("surface request failed: %s\n", err);
   return ok;
}

static bool
load(unsigned slot, unsigned dim, uint32_t x, uint32_t y, uint32_t z, uint32_t layer, unsigned mask,
     uint32_t out[4])
{
   struct jade_sim_surface_request req = {
      .handle = slot,
      .op = JADE_SIM_SURFACE_LOAD,
      .dim = dim,
      .coord = {x, y, z},
      .layer = layer,
      .mask = mask,
   };
   char err[200];
   return request(&req, out, err);
}

static bool
store(unsigned slot, unsigned dim, uint32_t x, uint32_t y, uint32_t z, uint32_t layer,
      unsigned mask, const uint32_t data[4])
{
   struct jade_sim_surface_request req = {
      .handle = slot,
      .op = JADE_SIM_SURFACE_STORE,
      .dim = dim,
      .coord = {x, y, z},
      .layer = layer,
      .mask = mask,
   };
   memcpy(req.data, data, sizeof(req.data));
   uint32_t out[4];
   char err[200];
   return request(&req, out, err);
}

/* The value a store writes into channel c of texel (x, y), as the
 * format's kind of register holds it. */
static uint32_t
value(enum pipe_format f, unsigned x, unsigned y, unsigned c)
{
   const struct util_format_description *d = util_format_description(f);
   const int i = util_format_get_first_non_void_channel(f);
   if (util_format_is_pure_uint(f))
      return x * 1000 + y * 10 + c * 77;
   if (util_format_is_pure_sint(f))
      return (uint32_t)((int)(x * 17) - (int)(y * 23) + (int)c * 5);
   float v = d->channel[i].type == UTIL_FORMAT_TYPE_FLOAT
                ? (float)(x * 3 + y * 5 + c) * 0.375f - 4.0f
                : (float)(x * 7 + y * 3 + c) / 40.0f - 0.5f;
   uint32_t u;
   memcpy(&u, &v, 4);
   return u;
}

static const struct {
   unsigned components, type;
   enum pipe_format layout, view;
} formats[] = {
   {JADE_TIC_BL_COMPONENTS_SIZES_A8B8G8R8, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM,
    PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_R32, JADE_TIC_BL_R_DATA_TYPE_NUM_UINT, PIPE_FORMAT_R32_UINT,
    PIPE_FORMAT_R32_UINT},
   {JADE_TIC_BL_COMPONENTS_SIZES_R32_G32_B32_A32, JADE_TIC_BL_R_DATA_TYPE_NUM_FLOAT,
    PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_R32G32B32A32_FLOAT},
   {JADE_TIC_BL_COMPONENTS_SIZES_R16_G16, JADE_TIC_BL_R_DATA_TYPE_NUM_FLOAT,
    PIPE_FORMAT_R16G16_FLOAT, PIPE_FORMAT_R16G16_FLOAT},
   {JADE_TIC_BL_COMPONENTS_SIZES_R8, JADE_TIC_BL_R_DATA_TYPE_NUM_SINT, PIPE_FORMAT_R8_SINT,
    PIPE_FORMAT_R8_SINT},
   {JADE_TIC_BL_COMPONENTS_SIZES_R16_G16_B16_A16, JADE_TIC_BL_R_DATA_TYPE_NUM_SNORM,
    PIPE_FORMAT_R16G16B16A16_SNORM, PIPE_FORMAT_R16G16B16A16_SNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_R32_G32, JADE_TIC_BL_R_DATA_TYPE_NUM_SINT, PIPE_FORMAT_R32G32_SINT,
    PIPE_FORMAT_R32G32_SINT},
   {JADE_TIC_BL_COMPONENTS_SIZES_A2B10G10R10, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM,
    PIPE_FORMAT_R10G10B10A2_UNORM, PIPE_FORMAT_R10G10B10A2_UNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_BF10GF11RF11, JADE_TIC_BL_R_DATA_TYPE_NUM_FLOAT,
    PIPE_FORMAT_R11G11B10_FLOAT, PIPE_FORMAT_R11G11B10_FLOAT},
   {JADE_TIC_BL_COMPONENTS_SIZES_A8B8G8R8, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM,
    PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8A8_UNORM},
   {JADE_TIC_BL_COMPONENTS_SIZES_R8, JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM, PIPE_FORMAT_R8_UNORM,
    PIPE_FORMAT_A8_UNORM},
};

static struct image
image_2d(unsigned k)
{
   return (struct image){
      .components = formats[k].components,
      .type = formats[k].type,
      .layout = formats[k].layout,
      .view = formats[k].view,
      .w = W,
      .h = H,
      .d = 1,
      .levels = 2,
      .view_min = 0,
      .view_max = 1,
      .tex_type = JADE_TIC_BL_TEXTURE_TYPE_TWO_D,
   };
}

/* Every texel of level 0 loads as util_format unpacks its bytes (RGBA,
 * R and RG masks), and stores what util_format packs. */
static unsigned
formats_test(void)
{
   unsigned texels = 0;
   for (unsigned k = 0; k < sizeof(formats) / sizeof(formats[0]); k++) {
      struct image img = image_2d(k);
      write_header(k, &img);
      const unsigned bpp = util_format_get_blocksize(img.layout);
      memset(mem + IMAGE, 0, PB - IMAGE);
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++)
            for (unsigned b = 0; b < bpp; b++)
               *byte_at(&img, 0, x, y, 0, 0, b) = pattern(x, y, 0, b);
      unsigned bad_load = 0, bad_mask = 0, bad_store = 0;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            uint8_t bytes[16];
            for (unsigned b = 0; b < bpp; b++)
               bytes[b] = pattern(x, y, 0, b);
            uint32_t want[4], got[4], r[4], rg[4];
            util_format_unpack_rgba(img.view, want, bytes, 1);
            if (!load(k, DIM_2D, x, y, 0, 0, 0xf, got) || memcmp(got, want, sizeof(want)))
               bad_load++;
            if (!load(k, DIM_2D, x, y, 0, 0, 1, r) || r[0] != want[0] || r[1] ||
                !load(k, DIM_2D, x, y, 0, 0, 3, rg) || rg[0] != want[0] || rg[1] != want[1] ||
                rg[2])
               bad_mask++;
            texels++;
         }
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            uint32_t data[4];
            for (unsigned c = 0; c < 4; c++)
               data[c] = value(img.view, x, y, c);
            if (!store(k, DIM_2D, x, y, 0, 0, 0xf, data))
               bad_store++;
         }
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            uint32_t data[4];
            for (unsigned c = 0; c < 4; c++)
               data[c] = value(img.view, x, y, c);
            uint8_t want[16] = {0};
            util_format_pack_rgba(img.view, want, data, 1);
            for (unsigned b = 0; b < bpp; b++) {
               if (*byte_at(&img, 0, x, y, 0, 0, b) != want[b]) {
                  bad_store++;
                  break;
               }
            }
         }
      CHECK(!bad_load && !bad_mask && !bad_store, "%s: %u loads, %u masked loads, %u stores wrong",
            util_format_name(img.view), bad_load, bad_mask, bad_store);
   }
   return texels;
}

/* A one-component store writes the component, zero in the others. */
static void
mask_store_test(void)
{
   struct image img = image_2d(0); /* RGBA8 unorm */
   write_header(0, &img);
   memset(mem + IMAGE, 0xff, PB - IMAGE);
   const float half = 0.5f;
   uint32_t data[4] = {0, 0, 0, 0};
   memcpy(&data[0], &half, 4);
   CHECK(store(0, DIM_2D, 4, 5, 0, 0, 1, data), "a .R store");
   CHECK(*byte_at(&img, 0, 4, 5, 0, 0, 0) == 128 && !*byte_at(&img, 0, 4, 5, 0, 0, 1) &&
            !*byte_at(&img, 0, 4, 5, 0, 0, 3),
         ".R store of 0.5 into RGBA8: %u %u %u %u", *byte_at(&img, 0, 4, 5, 0, 0, 0),
         *byte_at(&img, 0, 4, 5, 0, 0, 1), *byte_at(&img, 0, 4, 5, 0, 0, 2),
         *byte_at(&img, 0, 4, 5, 0, 0, 3));
}

/* The view's base level (RES_VIEW_MIN_MIP_LEVEL) is the level accessed. */
static void
level_test(void)
{
   struct image img = image_2d(1); /* R32UI */
   img.view_min = img.view_max = 1;
   write_header(3, &img);
   memset(mem + IMAGE, 0, PB - IMAGE);
   const uint32_t word = 0x12345678;
   memcpy(byte_at(&img, 1, 6, 2, 0, 0, 0), &word, 4);
   uint32_t v[4];
   CHECK(load(3, DIM_2D, 6, 2, 0, 0, 0xf, v) && v[0] == word && v[3] == 1,
         "level 1 of the view: 0x%x (w %u)", v[0], v[3]);
   CHECK(load(3, DIM_2D, W / 2, 0, 0, 0, 0xf, v) && !v[0] && v[3] == 1,
         "x past level 1's width: (0, 0, 0, 1)");
   const uint32_t put[4] = {0xcafe, 0, 0, 0};
   CHECK(store(3, DIM_2D, 8, 4, 0, 0, 1, put), "store at level 1");
   uint32_t got;
   memcpy(&got, byte_at(&img, 1, 8, 4, 0, 0, 0), 4);
   CHECK(got == 0xcafe, "store lands in level 1: 0x%x", got);
}

static bool
atomic(unsigned slot, enum jade_sim_atomic_op op, enum jade_sim_atomic_type type, uint32_t x,
       uint32_t y, uint64_t operand, uint64_t *old)
{
   struct jade_sim_surface_request req = {
      .handle = slot,
      .op = JADE_SIM_SURFACE_ATOMIC,
      .dim = DIM_2D,
      .coord = {x, y},
      .atomic_op = op,
      .atomic_type = type,
      .data = {(uint32_t)operand, (uint32_t)(operand >> 32)},
   };
   uint32_t out[4];
   char err[200];
   bool ok = request(&req, out, err);
   *old = out[0] | (uint64_t)out[1] << 32;
   return ok;
}

static bool
cas(unsigned slot, bool wide, uint32_t x, uint32_t y, uint64_t cmp, uint64_t val, uint64_t *old)
{
   struct jade_sim_surface_request req = {
      .handle = slot,
      .op = JADE_SIM_SURFACE_CAS,
      .dim = DIM_2D,
      .coord = {x, y},
      .atomic_type = wide ? JADE_SIM_ATOM_U64 : JADE_SIM_ATOM_U32,
   };
   if (wide) {
      req.data[0] = (uint32_t)cmp, req.data[1] = (uint32_t)(cmp >> 32);
      req.data[2] = (uint32_t)val, req.data[3] = (uint32_t)(val >> 32);
   } else {
      req.data[0] = (uint32_t)cmp, req.data[1] = (uint32_t)val;
   }
   uint32_t out[4];
   char err[200];
   bool ok = request(&req, out, err);
   *old = out[0] | (uint64_t)out[1] << 32;
   return ok;
}

static void
atomics_test(void)
{
   struct image img = image_2d(1); /* R32UI */
   write_header(4, &img);
   memset(mem + IMAGE, 0, PB - IMAGE);
   uint32_t *word = (uint32_t *)byte_at(&img, 0, 3, 2, 0, 0, 0);
   *word = 10;
   static const struct {
      enum jade_sim_atomic_op op;
      enum jade_sim_atomic_type type;
      uint32_t operand, old, now;
   } steps[] = {
      {JADE_SIM_ATOM_ADD, JADE_SIM_ATOM_U32, 5, 10, 15},
      {JADE_SIM_ATOM_MIN, JADE_SIM_ATOM_U32, 0xfffffff0u, 15, 15},
      {JADE_SIM_ATOM_MIN, JADE_SIM_ATOM_S32, 0xfffffffdu, 15, 0xfffffffdu},
      {JADE_SIM_ATOM_MAX, JADE_SIM_ATOM_S32, 7, 0xfffffffdu, 7},
      {JADE_SIM_ATOM_MAX, JADE_SIM_ATOM_U32, 0x80000000u, 7, 0x80000000u},
      {JADE_SIM_ATOM_MIN, JADE_SIM_ATOM_S32, 3, 0x80000000u, 0x80000000u},
      {JADE_SIM_ATOM_AND, JADE_SIM_ATOM_U32, 0xff000001u, 0x80000000u, 0x80000000u},
      {JADE_SIM_ATOM_OR, JADE_SIM_ATOM_U32, 0xf, 0x80000000u, 0x8000000fu},
      {JADE_SIM_ATOM_XOR, JADE_SIM_ATOM_U32, 0x3, 0x8000000fu, 0x8000000cu},
      {JADE_SIM_ATOM_EXCH, JADE_SIM_ATOM_U32, 99, 0x8000000cu, 99},
      {JADE_SIM_ATOM_INC, JADE_SIM_ATOM_U32, 100, 99, 100},
      {JADE_SIM_ATOM_INC, JADE_SIM_ATOM_U32, 100, 100, 0},
      {JADE_SIM_ATOM_DEC, JADE_SIM_ATOM_U32, 5, 0, 5},
      {JADE_SIM_ATOM_DEC, JADE_SIM_ATOM_U32, 5, 5, 4},
      {JADE_SIM_ATOM_ADD, JADE_SIM_ATOM_U32, 0xffffffffu, 4, 3},
   };
   for (unsigned i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
      uint64_t old = ~0ull;
      CHECK(atomic(4, steps[i].op, steps[i].type, 3, 2, steps[i].operand, &old) &&
               old == steps[i].old && *word == steps[i].now,
            "atomic step %u (op %u type %u, 0x%x): old 0x%llx (want 0x%x), now 0x%x (want 0x%x)", i,
            steps[i].op, steps[i].type, steps[i].operand, (unsigned long long)old, steps[i].old,
            *word, steps[i].now);
   }
   uint64_t old;
   CHECK(cas(4, false, 3, 2, 3, 42, &old) && old == 3 && *word == 42, "CAS that swaps");
   CHECK(cas(4, false, 3, 2, 3, 7, &old) && old == 42 && *word == 42, "CAS that does not");
   /* Only the addressed texel changed. */
   unsigned others = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         others += (x != 3 || y != 2) && *(uint32_t *)byte_at(&img, 0, x, y, 0, 0, 0);
   CHECK(!others, "atomics touched %u other texels", others);
   /* Outside: no change, 0 returned. */
   CHECK(atomic(4, JADE_SIM_ATOM_ADD, JADE_SIM_ATOM_U32, W, 2, 1, &old) && old == 0,
         "an atomic past the width returns 0");
   CHECK(cas(4, false, 3, H, 0, 5, &old) && old == 0, "a CAS past the height returns 0");

   /* 64-bit atomics on an R32G32_UINT texel (NIL's R64_UINT). */
   struct image img64 = {
      .components = JADE_TIC_BL_COMPONENTS_SIZES_R32_G32,
      .type = JADE_TIC_BL_R_DATA_TYPE_NUM_UINT,
      .layout = PIPE_FORMAT_R32G32_UINT,
      .view = PIPE_FORMAT_R32G32_UINT,
      .w = W,
      .h = H,
      .d = 1,
      .levels = 1,
      .tex_type = JADE_TIC_BL_TEXTURE_TYPE_TWO_D,
   };
   write_header(5, &img64);
   uint64_t *q = (uint64_t *)byte_at(&img64, 0, 7, 9, 0, 0, 0);
   *q = 0x00000001ffffffffull;
   CHECK(atomic(5, JADE_SIM_ATOM_ADD, JADE_SIM_ATOM_U64, 7, 9, 1, &old) &&
            old == 0x00000001ffffffffull && *q == 0x0000000200000000ull,
         "64-bit add carries");
   CHECK(atomic(5, JADE_SIM_ATOM_MIN, JADE_SIM_ATOM_S64, 7, 9, ~0ull, &old) &&
            old == 0x0000000200000000ull && *q == ~0ull,
         "64-bit signed min");
   CHECK(cas(5, true, 7, 9, ~0ull, 0x123456789abcdefull, &old) && old == ~0ull &&
            *q == 0x123456789abcdefull,
         "64-bit CAS");
   /* A 64-bit atomic does not fit a 4-byte texel. */
   char err[200];
   struct jade_sim_surface_request bad = {
      .handle = 4,
      .op = JADE_SIM_SURFACE_ATOMIC,
      .dim = DIM_2D,
      .atomic_type = JADE_SIM_ATOM_U64,
   };
   uint32_t out[4];
   CHECK(!jade_gpu_surface(gpu, 1, &bad, out, err, sizeof(err)) && strstr(err, "not modelled"),
         "a 64-bit atomic on R32UI is refused (%s)", err);
}

/* Arrays, 3D, buffers, pitch: where a store lands and what a load reads. */
static void
dimensions_test(void)
{
   memset(mem + IMAGE, 0, PB - IMAGE);
   /* A 2D array of 3 RGBA8 layers. */
   struct image arr = image_2d(0);
   arr.d = 3, arr.levels = 1, arr.view_max = 0, arr.tex_type = JADE_TIC_BL_TEXTURE_TYPE_TWO_D_ARRAY;
   write_header(6, &arr);
   const uint32_t ones[4] = {0x3f800000, 0, 0x3f800000, 0};
   CHECK(store(6, DIM_2D_ARRAY, 5, 7, 0, 2, 0xf, ones), "array store");
   CHECK(*byte_at(&arr, 0, 5, 7, 0, 2, 0) == 255 && *byte_at(&arr, 0, 5, 7, 0, 2, 2) == 255 &&
            !*byte_at(&arr, 0, 5, 7, 0, 1, 0),
         "the store is in layer 2");
   *byte_at(&arr, 0, 1, 1, 0, 1, 3) = 255;
   uint32_t v[4];
   CHECK(load(6, DIM_2D_ARRAY, 1, 1, 0, 1, 0xf, v) && v[3] == 0x3f800000 && !v[0],
         "array load of layer 1");
   CHECK(load(6, DIM_2D_ARRAY, 1, 1, 0, 3, 0xf, v) && !v[0] && !v[3], "layer 3 of 3: zero");
   /* A 2D access of an array header reads layer 0. */
   *byte_at(&arr, 0, 2, 2, 0, 0, 0) = 255;
   CHECK(load(6, DIM_2D, 2, 2, 0, 0, 1, v) && v[0] == 0x3f800000, "2D access of layer 0");
   /* The same memory through a CUBEMAP header (DEPTH 1: one cube, six
    * faces laid out as layers): the unit has no cubes, its array is the
    * header's DEPTH, so face 0 is reached and face 2 is outside (NVK
    * describes cube storage views as 2D arrays of the faces). */
   struct image cube = arr;
   cube.d = 1, cube.tex_type = JADE_TIC_BL_TEXTURE_TYPE_CUBEMAP;
   write_header(14, &cube);
   CHECK(load(14, DIM_2D_ARRAY, 2, 2, 0, 0, 1, v) && v[0] == 0x3f800000, "a cube header's layer 0");
   CHECK(load(14, DIM_2D_ARRAY, 5, 7, 0, 2, 1, v) && !v[0],
         "a cube header's face 2: outside its DEPTH of 1, zero");
   CHECK(store(14, DIM_2D_ARRAY, 6, 7, 0, 1, 0xf, ones) && !*byte_at(&arr, 0, 6, 7, 0, 1, 0),
         "a store to a cube header's face 1 is dropped");

   /* A 3D image: 8 x 8 x 4 R32UI. */
   memset(mem + IMAGE, 0, PB - IMAGE);
   struct image vol = image_2d(1);
   vol.w = vol.h = 8, vol.d = 4, vol.levels = 1, vol.view_max = 0;
   vol.tex_type = JADE_TIC_BL_TEXTURE_TYPE_THREE_D;
   write_header(7, &vol);
   const uint32_t val[4] = {0xabcdef, 0, 0, 0};
   CHECK(store(7, DIM_3D, 5, 6, 3, 0, 1, val), "3D store");
   uint32_t got;
   memcpy(&got, byte_at(&vol, 0, 5, 6, 3, 0, 0), 4);
   CHECK(got == 0xabcdef && vol.ref.level[0].tz == 2, "3D store lands at slice 3: 0x%x", got);
   CHECK(load(7, DIM_3D, 5, 6, 3, 0, 1, v) && v[0] == 0xabcdef, "3D load");
   CHECK(load(7, DIM_3D, 5, 6, 4, 0, 1, v) && !v[0], "slice 4 of 4: zero");

   /* A buffer: 100 R32F texels. */
   memset(mem + IMAGE, 0, PB - IMAGE);
   struct jade_tic_1d b;
   memset(&b, 0, sizeof(b));
   b.components = JADE_TIC_BL_COMPONENTS_SIZES_R32;
   b.r_data_type = b.g_data_type = b.b_data_type = b.a_data_type =
      JADE_TIC_BL_R_DATA_TYPE_NUM_FLOAT;
   b.x_source = JADE_TIC_BL_X_SOURCE_IN_R;
   b.y_source = b.z_source = JADE_TIC_BL_X_SOURCE_IN_ZERO;
   b.w_source = JADE_TIC_BL_X_SOURCE_IN_ONE_FLOAT;
   b.address_bits48to0 = VA_BASE + IMAGE + 64;
   b.header_version = JADE_TIC_1D_HEADER_VERSION_SELECT_ONE_D_BUFFER;
   b.width_minus_one_bits15to0 = 99;
   b.texture_type = JADE_TIC_1D_TEXTURE_TYPE_ONE_D_BUFFER;
   uint32_t w[8] = {0};
   jade_tic_1d_pack(w, &b);
   memcpy(mem + POOL + 32 * 8, w, 32);
   const uint32_t f[4] = {0x40490fdb, 0, 0, 0};
   CHECK(store(8, DIM_1D_BUFFER, 99, 0, 0, 0, 1, f), "buffer store");
   memcpy(&got, mem + IMAGE + 64 + 99 * 4, 4);
   CHECK(got == 0x40490fdb, "buffer texel 99: 0x%x", got);
   CHECK(load(8, DIM_1D_BUFFER, 99, 0, 0, 0, 0xf, v) && v[0] == 0x40490fdb && v[3] == 0x3f800000,
         "buffer load");
   CHECK(store(8, DIM_1D_BUFFER, 100, 0, 0, 0, 1, f), "buffer store past the end");
   memcpy(&got, mem + IMAGE + 64 + 100 * 4, 4);
   CHECK(got == 0, "texel 100 of 100 was not written");

   /* A pitch header: R32UI, 256-byte rows. */
   struct jade_tic_pitch p;
   memset(&p, 0, sizeof(p));
   p.components = JADE_TIC_BL_COMPONENTS_SIZES_R32;
   p.r_data_type = p.g_data_type = p.b_data_type = p.a_data_type = JADE_TIC_BL_R_DATA_TYPE_NUM_UINT;
   p.x_source = JADE_TIC_BL_X_SOURCE_IN_R;
   p.w_source = JADE_TIC_BL_X_SOURCE_IN_ONE_INT;
   p.header_version = JADE_TIC_BL_HEADER_VERSION_SELECT_PITCH;
   p.address_bits48to5 = (VA_BASE + IMAGE) >> 5;
   p.pitch_bits20to5 = 256 >> 5;
   p.width_minus_one = 63;
   p.height_minus_one = 15;
   p.texture_type = JADE_TIC_BL_TEXTURE_TYPE_TWO_D_NO_MIPMAP;
   jade_tic_pitch_pack(w, &p);
   memcpy(mem + POOL + 32 * 9, w, 32);
   const uint32_t word[4] = {0x5555aaaa, 0, 0, 0};
   CHECK(store(9, DIM_2D, 9, 7, 0, 0, 1, word), "pitch store");
   memcpy(&got, mem + IMAGE + 7 * 256 + 9 * 4, 4);
   CHECK(got == 0x5555aaaa, "pitch texel (9, 7): 0x%x", got);
}

/* Raw loads and stores: the type's bytes at the texel (.BA: x in bytes). */
static void
raw_test(void)
{
   struct image img = image_2d(2); /* RGBA32F: 16-byte texels */
   img.levels = 1, img.view_max = 0;
   write_header(10, &img);
   memset(mem + IMAGE, 0, PB - IMAGE);
   for (unsigned b = 0; b < 16; b++)
      *byte_at(&img, 0, 4, 3, 0, 0, b) = pattern(4, 3, 0, b);
   char err[200];
   uint32_t out[4], want[4];
   memcpy(want, byte_at(&img, 0, 4, 3, 0, 0, 0), 16);
   struct jade_sim_surface_request r = {
      .handle = 10,
      .op = JADE_SIM_SURFACE_LOAD_RAW,
      .dim = DIM_2D,
      .coord = {4, 3},
      .size = 16,
   };
   CHECK(request(&r, out, err) && !memcmp(out, want, 16), "raw 128-bit load");
   r.size = 1, r.byte_address = true, r.coord[0] = 4 * 16 + 5;
   CHECK(request(&r, out, err) && out[0] == pattern(4, 3, 0, 5), ".BA byte load: 0x%x", out[0]);
   struct jade_sim_surface_request s = {
      .handle = 10,
      .op = JADE_SIM_SURFACE_STORE_RAW,
      .dim = DIM_2D,
      .coord = {6, 1},
      .size = 8,
      .data = {0x11223344, 0x55667788},
   };
   CHECK(request(&s, out, err), "raw 64-bit store");
   uint32_t got[4];
   memcpy(got, byte_at(&img, 0, 6, 1, 0, 0, 0), 16);
   CHECK(got[0] == 0x11223344 && got[1] == 0x55667788 && !got[2], "raw store's bytes");
   /* Past the texel: refused. */
   r.byte_address = true, r.coord[0] = 4 * 16 + 12, r.size = 8;
   CHECK(!jade_gpu_surface(gpu, 1, &r, out, err, sizeof(err)) && strstr(err, "not modelled"),
         "a raw access across texels is refused (%s)", err);
}

/* Outside the view: .IGN drops the access, .TRAP faults. */
static void
outside_test(void)
{
   struct image img = image_2d(1); /* R32UI */
   write_header(11, &img);
   memset(mem + IMAGE, 0x77, PB - IMAGE);
   static uint8_t before[PB - IMAGE];
   memcpy(before, mem + IMAGE, sizeof(before));
   uint32_t v[4];
   CHECK(load(11, DIM_2D, W, 0, 0, 0, 0xf, v) && !v[0] && !v[1] && !v[2] && v[3] == 1,
         "past the width: (0, 0, 0, 1): %x %x %x %x", v[0], v[1], v[2], v[3]);
   CHECK(load(11, DIM_2D, 0xffffffffu, 3, 0, 0, 1, v) && !v[0], "x = -1: 0");
   CHECK(load(11, DIM_2D, 0, H, 0, 0, 1, v) && !v[0], "past the height: 0");
   CHECK(load(11, DIM_2D_ARRAY, 0, 0, 0, 1, 1, v) && !v[0], "layer 1 of a 2D header: 0");
   CHECK(load(11, DIM_3D, 0, 0, 1, 0, 1, v) && !v[0], "z 1 of a 2D header: 0");
   const uint32_t d[4] = {1, 2, 3, 4};
   CHECK(store(11, DIM_2D, W, 0, 0, 0, 0xf, d) && store(11, DIM_2D, 0, 0xfffffff0u, 0, 0, 1, d),
         "stores outside");
   uint64_t old;
   CHECK(atomic(11, JADE_SIM_ATOM_EXCH, JADE_SIM_ATOM_U32, 0, H + 3, 5, &old) && old == 0,
         "an exchange outside returns 0");
   CHECK(!memcmp(before, mem + IMAGE, sizeof(before)), "nothing outside was written");
   /* The same with .TRAP: a fault. */
   struct jade_sim_surface_request t = {
      .handle = 11,
      .op = JADE_SIM_SURFACE_LOAD,
      .dim = DIM_2D,
      .coord = {W, 0},
      .mask = 1,
      .trap = true,
   };
   char err[200];
   CHECK(!request(&t, v, err) && strstr(err, ".TRAP"), ".TRAP faults (%s)", err);
   t.coord[0] = W - 1;
   CHECK(request(&t, v, err) && v[0] == 0x77777777, "inside with .TRAP: 0x%x", v[0]);
   /* A header past the pool's maximum index. */
   t.handle = 40;
   CHECK(!jade_gpu_surface(gpu, 1, &t, v, err, sizeof(err)) && strstr(err, "maximum index"),
         "header 40 of a 32-entry pool is refused (%s)", err);
   /* Bits above 19 of the handle are not the index (NVK's descriptor). */
   t.handle = 11 | 0x5u << 20;
   CHECK(request(&t, v, err) && v[0] == 0x77777777, "handle bits 31:20 ignored");
}

/* Lane t: R8 = a(t, 0) raw, R11 = its low byte sign-extended (.S8),
 * b(t, 0) = R8 + 1 (SUST.P .R), R10 = the old value of an exchange of t
 * at a(0, 1), a(1, 1) += t (SURED); R8, R10, R11 to out[4 t ...]. */
static const char *const program[] = {
   "S2R R0, SR_TID.X",
   "MOV R2, c[0x0][0x8]",
   "MOV R3, c[0x0][0xc]",
   "MOV R4, R0",
   "MOV R5, RZ",
   "SULD.D.2D.STRONG.SYS.IGN R8, [R4], R2",
   "SULD.D.2D.S8.STRONG.SYS.IGN R11, [R4], R2",
   "IADD3 R9, R8, 0x1, RZ",
   "SUST.P.2D.STRONG.SYS.R.IGN [R4], R9, R3",
   "MOV R6, RZ",
   "MOV R7, 0x1",
   "SUATOM.D.2D.EXCH.STRONG.SYS.IGN R10, [R6], R0, R2",
   "MOV R12, 0x1",
   "MOV R13, 0x1",
   "SURED.D.2D.ADD.STRONG.SYS.IGN [R12], R0, R2",
   "MOV R14, c[0x0][0x0]",
   "MOV R15, c[0x0][0x4]",
   "SHF.L.U32 R1, R0, 0x4, RZ",
   "IADD3 R14, P0, R14, R1, RZ",
   "IADD3.X R15, R15, RZ, RZ, P0, !PT",
   "STG.E.SYS [R14], R8",
   "STG.E.SYS [R14+0x4], R10",
   "STG.E.SYS [R14+0x8], R11",
   "EXIT",
};

static void
sm_test(void)
{
   if (!gpu_test_assemble(program, sizeof(program) / sizeof(program[0]), CODE)) {
      failures++;
      return;
   }
   /* Images a (slot 12) and b (slot 13): R32UI, 32 x 2, at IMAGE, IMAGE_B. */
   struct image a = image_2d(1);
   a.w = 32, a.h = 2, a.levels = 1, a.view_max = 0;
   write_header(12, &a);
   struct image b = a;
   write_header(13, &b);
   uint32_t w[8];
   memcpy(w, mem + POOL + 32 * 13, 32);
   struct jade_tic_bl t;
   jade_tic_bl_unpack(w, &t);
   t.address_bits48to9 = (VA_BASE + IMAGE_B) >> 9;
   jade_tic_bl_pack(w, &t);
   memcpy(mem + POOL + 32 * 13, w, 32);
   memset(mem + IMAGE, 0, IMAGE_B - IMAGE);
   memset(mem + IMAGE_B, 0xee, CODE - IMAGE_B);
   for (unsigned x = 0; x < 32; x++) {
      const uint32_t v = 0x01000000u * x + 0x7b + x * 3; /* low bytes 0x7b..0xd8 */
      memcpy(byte_at(&a, 0, x, 0, 0, 0, 0), &v, 4);
   }
   const uint32_t first = 0x5eed, sum0 = 1000;
   memcpy(byte_at(&a, 0, 0, 1, 0, 0, 0), &first, 4);
   memcpy(byte_at(&a, 0, 1, 1, 0, 0, 0), &sum0, 4);

   const uint64_t out = VA_BASE + OUT;
   const uint32_t cb[4] = {(uint32_t)out, (uint32_t)(out >> 32), 12, 13};
   memcpy(mem + CBUF, cb, sizeof(cb));
   const struct jade_qmd q = gpu_test_qmd(CODE, 32, 24, CBUF);
   gpu_test_put_qmd(&q, QMD);
   uint32_t *pb = (uint32_t *)(mem + PB), n = 0;
   pb[n++] = gpu_test_inc(1, 1, NVC5C0_SEND_PCAS_A);
   pb[n++] = (uint32_t)((VA_BASE + QMD) >> 8);
   pb[n++] = gpu_test_inc(1, 1, NVC5C0_SEND_SIGNALING_PCAS_B);
   pb[n++] = 3; /* INVALIDATE | SCHEDULE */
   CHECK(jade_gpu_run_segment(gpu, VA_BASE + PB, n) && !jade_gpu_fault(gpu), "the launch runs (%s)",
         last_log);

   unsigned bad = 0;
   for (unsigned x = 0; x < 32; x++) {
      uint32_t got[3], v, bv;
      memcpy(got, mem + OUT + 16 * x, 12);
      memcpy(&v, byte_at(&a, 0, x, 0, 0, 0, 0), 4);
      memcpy(&bv, byte_at(&b, 0, x, 0, 0, 0, 0) - IMAGE + IMAGE_B, 4);
      const uint32_t old = x == 0 ? first : x - 1;
      if (got[0] != v || got[1] != old || got[2] != (uint32_t)(int32_t)(int8_t)v || bv != v + 1) {
         if (bad++ < 4)
            printf("lane %u: raw 0x%x (0x%x), exch 0x%x (0x%x), s8 0x%x, b 0x%x\n", x, got[0], v,
                   got[1], old, got[2], bv);
      }
   }
   uint32_t last, sum;
   memcpy(&last, byte_at(&a, 0, 0, 1, 0, 0, 0), 4);
   memcpy(&sum, byte_at(&a, 0, 1, 1, 0, 0, 0), 4);
   CHECK(!bad && last == 31 && sum == sum0 + 496,
         "the SM's surface instructions: %u lanes wrong, exchange left %u, reduction %u", bad, last,
         sum);
}

int
main(void)
{
   const struct jade_gpu_env env = gpu_test_env(VA_BASE);
   gpu = jade_gpu_create(&env);
   CHECK(gpu_test_bind_pools(gpu, PB, POOL, -1), "the pool binds");
   unsigned texels = formats_test();
   mask_store_test();
   level_test();
   atomics_test();
   dimensions_test();
   raw_test();
   outside_test();
   sm_test();
   jade_gpu_destroy(gpu);
   printf("%u texels of %u formats loaded and stored, %d checks failed\n", texels,
          (unsigned)(sizeof(formats) / sizeof(formats[0])), failures);
   return failures ? 1 : 0;
}
