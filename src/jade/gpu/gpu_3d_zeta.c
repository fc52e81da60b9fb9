/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The zeta target and the per-fragment operations on it (alpha test,
 * depth range, depth bounds, stencil, depth), from the hardware's side
 * (clc597.h).  Where each rule comes from:
 * - the target: SET_ZT_A/B (address), SET_ZT_FORMAT, SET_ZT_BLOCK_SIZE
 *   (GOBs, log2), SET_ZT_ARRAY_PITCH (4-byte units, as NVK and nvc0
 *   program it: "array_stride_B >> 2", "layer_stride >> 2"), SET_ZT_SIZE_A/B
 *   (width, height), SET_ZT_SIZE_C (layers, or one), SET_ZT_LAYER (the
 *   first layer; the render-target array index is added), SET_ZT_SELECT
 *   (TARGET_COUNT 0: no zeta target);
 * - formats by their names, the highest field first as for colour:
 *   Z24S8 has depth in bits 31:8 and stencil in 7:0, S8Z24 the reverse,
 *   X8Z24 no stencil, ZF32_X24S8 a float depth word and stencil in the low
 *   byte of the next; NIL (nil_formats.csv) and nvc0 (nv50_formats.c)
 *   pair them with the pipe formats these fields give.  The coverage
 *   formats (V8Z24, *_X16V8*) are refused;
 * - the byte order: the texture unit's colour GOB order
 *   (gpu_tex_color_target).  On Turing depth/stencil surfaces use a GOB
 *   layout of their own, which NIL (tiling.rs) names FermiZS without
 *   describing it; the model stands in the colour order, so that
 *   rendering depth and sampling it agree with each other but not
 *   necessarily with the hardware (docs/gpu-model.md, "Assumptions");
 * - the fragment's depth: the window z plane the rasteriser set up (a
 *   shader's depth output instead when the PS header's OMAP says so),
 *   then the depth range of SET_VIEWPORT_CLIP_CONTROL: Z_CLIP_RANGE picks
 *   [SET_VIEWPORT_CLIP_MIN_Z, MAX_Z] of viewport 0, [0, 1] or no limit
 *   (USE_FIELD: [0, 1] if MIN_Z_ZERO_MAX_Z_ONE, the viewport's otherwise),
 *   PIXEL_MIN_Z / PIXEL_MAX_Z clamp to it or drop the fragment (NVK
 *   nvk_cmd_draw.c programs CLAMP and clips depth in the geometry
 *   clipper); unsigned-normalised formats also clamp to [0, 1] and round
 *   to nearest (GL 4.6 2.3.5.2);
 * - alpha test (SET_ALPHA_TEST, SET_ALPHA_REF float, SET_ALPHA_FUNC) on
 *   output 0's alpha;
 * - depth bounds (SET_DEPTH_BOUNDS_TEST, _MIN, _MAX) on the depth stored
 *   at the pixel (EXT_depth_bounds_test);
 * - stencil (SET_STENCIL_TEST, _OP_FAIL/ZFAIL/ZPASS, _FUNC, _FUNC_REF,
 *   _FUNC_MASK, _MASK; the SET_BACK_STENCIL_* set for back faces when
 *   SET_TWO_SIDED_STENCIL_TEST): GL 4.6 17.3.5, OGL and D3D op values;
 * - depth (SET_DEPTH_TEST, SET_DEPTH_FUNC, SET_DEPTH_WRITE): GL 4.6 17.3.6;
 *   comparisons on the stored representation's value;
 * - tests run after the pixel shader, fragment by fragment in primitive
 *   order (late Z).  Early Z and ZCULL are optimisations the model does
 *   not need, except for a shader's side effects on fragments that fail:
 *   those still happen here;
 * - CLEAR_SURFACE's Z_ENABLE / STENCIL_ENABLE write SET_Z_CLEAR_VALUE and
 *   SET_STENCIL_CLEAR_VALUE (through SET_STENCIL_MASK if
 *   SET_CLEAR_SURFACE_CONTROL.RESPECT_STENCIL_MASK).
 * Multisampled targets are surfaces of samples (SET_ZT_SIZE_A/B count
 * samples, as for colour: gpu_3d_samples.c); the tests run once a
 * sample, at its texel.  Not modelled: compression.
 */

#include <math.h>
#include <string.h>

#include "nvidia/classes/clc597.h"
#include "util/format/u_format.h"
#include "util/macros.h"
#include "util/u_math.h"

#include "gpu_3d_raster.h"

#define M(subc, name) gpu->method[subc][NVC597_##name / 4]

static const struct gpu_3d_zt_format {
   uint32_t v; /* SET_ZT_FORMAT_V_* */
   unsigned bytes;
   uint8_t z_shift, z_bits; /* z_bits 0: no depth; 32: float */
   int8_t s_shift;          /* -1: no stencil */
   enum pipe_format rep;    /* the pipe format of these fields */
} zt_formats[] = {
   {NVC597_SET_ZT_FORMAT_V_Z16, 2, 0, 16, -1, PIPE_FORMAT_Z16_UNORM},
   {NVC597_SET_ZT_FORMAT_V_Z24S8, 4, 8, 24, 0, PIPE_FORMAT_S8_UINT_Z24_UNORM},
   {NVC597_SET_ZT_FORMAT_V_X8Z24, 4, 0, 24, -1, PIPE_FORMAT_Z24X8_UNORM},
   {NVC597_SET_ZT_FORMAT_V_S8Z24, 4, 0, 24, 24, PIPE_FORMAT_Z24_UNORM_S8_UINT},
   {NVC597_SET_ZT_FORMAT_V_S8, 1, 0, 0, 0, PIPE_FORMAT_S8_UINT},
   {NVC597_SET_ZT_FORMAT_V_ZF32, 4, 0, 32, -1, PIPE_FORMAT_Z32_FLOAT},
   {NVC597_SET_ZT_FORMAT_V_ZF32_X24S8, 8, 0, 32, 32, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT},
};

/* OGL (0x200 + n) and D3D (1 + n) comparison values to n: NEVER, LESS,
 * EQUAL, LEQUAL, GREATER, NOTEQUAL, GEQUAL, ALWAYS. */
static unsigned
func_of(uint32_t v)
{
   if (v >= 0x200 && v <= 0x207)
      return v - 0x200;
   if (v >= 1 && v <= 8)
      return v - 1;
   return 7;
}

/* OGL and D3D stencil ops to one set. */
enum sop { KEEP, ZERO, REPLACE, INCRSAT, DECRSAT, INVERT, INCR, DECR };

static enum sop
sop_of(uint32_t v)
{
   switch (v) {
   case NVC597_SET_STENCIL_OP_FAIL_V_OGL_ZERO:
      return ZERO;
   case NVC597_SET_STENCIL_OP_FAIL_V_OGL_REPLACE:
      return REPLACE;
   case NVC597_SET_STENCIL_OP_FAIL_V_OGL_INCRSAT:
      return INCRSAT;
   case NVC597_SET_STENCIL_OP_FAIL_V_OGL_DECRSAT:
      return DECRSAT;
   case NVC597_SET_STENCIL_OP_FAIL_V_OGL_INVERT:
      return INVERT;
   case NVC597_SET_STENCIL_OP_FAIL_V_OGL_INCR:
      return INCR;
   case NVC597_SET_STENCIL_OP_FAIL_V_OGL_DECR:
      return DECR;
   case NVC597_SET_STENCIL_OP_FAIL_V_D3D_KEEP ... NVC597_SET_STENCIL_OP_FAIL_V_D3D_DECR:
      return (enum sop)(v - NVC597_SET_STENCIL_OP_FAIL_V_D3D_KEEP);
   default:
      return KEEP;
   }
}

static uint8_t
stencil_op(enum sop op, uint8_t s, uint8_t ref)
{
   switch (op) {
   case ZERO:
      return 0;
   case REPLACE:
      return ref;
   case INCRSAT:
      return s == 0xff ? s : s + 1;
   case DECRSAT:
      return s == 0 ? s : s - 1;
   case INVERT:
      return ~s;
   case INCR:
      return s + 1;
   case DECR:
      return s - 1;
   default:
      return s;
   }
}

bool
gpu_3d_zeta_read(struct jade_gpu *gpu, unsigned subc, struct gpu_3d_zeta *z, char *err,
                 size_t err_size)
{
   const uint32_t *m = gpu->method[subc];
   memset(z, 0, sizeof(*z));
   err[0] = 0;

   /* The tests' state, with or without a target. */
   z->alpha_test = GPU_GET(M(subc, SET_ALPHA_TEST), NVC597_SET_ALPHA_TEST_ENABLE);
   z->alpha_func = func_of(M(subc, SET_ALPHA_FUNC));
   z->alpha_ref = uif(M(subc, SET_ALPHA_REF));
   const uint32_t ctl = M(subc, SET_VIEWPORT_CLIP_CONTROL);
   for (unsigned i = 0; i < GPU_3D_VIEWPORTS; i++) {
      double lo = uif(m[NVC597_SET_VIEWPORT_CLIP_MIN_Z(i) / 4]);
      double hi = uif(m[NVC597_SET_VIEWPORT_CLIP_MAX_Z(i) / 4]);
      switch (GPU_GET(ctl, NVC597_SET_VIEWPORT_CLIP_CONTROL_Z_CLIP_RANGE)) {
      case NVC597_SET_VIEWPORT_CLIP_CONTROL_Z_CLIP_RANGE_ZERO_ONE:
         lo = 0, hi = 1;
         break;
      case NVC597_SET_VIEWPORT_CLIP_CONTROL_Z_CLIP_RANGE_MINUS_INF_PLUS_INF:
         lo = -INFINITY, hi = INFINITY;
         break;
      case NVC597_SET_VIEWPORT_CLIP_CONTROL_Z_CLIP_RANGE_USE_FIELD_MIN_Z_ZERO_MAX_Z_ONE:
         if (GPU_GET(ctl, NVC597_SET_VIEWPORT_CLIP_CONTROL_MIN_Z_ZERO_MAX_Z_ONE))
            lo = 0, hi = 1;
         break;
      default:
         break;
      }
      z->zmin[i] = MIN2(lo, hi);
      z->zmax[i] = MAX2(lo, hi);
   }
   z->clamp_min = GPU_GET(ctl, NVC597_SET_VIEWPORT_CLIP_CONTROL_PIXEL_MIN_Z) ==
                  NVC597_SET_VIEWPORT_CLIP_CONTROL_PIXEL_MIN_Z_CLAMP;
   z->clamp_max = GPU_GET(ctl, NVC597_SET_VIEWPORT_CLIP_CONTROL_PIXEL_MAX_Z) ==
                  NVC597_SET_VIEWPORT_CLIP_CONTROL_PIXEL_MAX_Z_CLAMP;

   if (!GPU_GET(M(subc, SET_ZT_SELECT), NVC597_SET_ZT_SELECT_TARGET_COUNT))
      return true;
   const uint32_t fmt = GPU_GET(M(subc, SET_ZT_FORMAT), NVC597_SET_ZT_FORMAT_V);
   for (unsigned i = 0; i < ARRAY_SIZE(zt_formats); i++) {
      if (zt_formats[i].v == fmt)
         z->fmt = &zt_formats[i];
   }
   if (!z->fmt) {
      snprintf(err, err_size, "zeta target: SET_ZT_FORMAT 0x%02x not modelled", fmt);
      return false;
   }
   const uint32_t bs = M(subc, SET_ZT_BLOCK_SIZE);
   const uint32_t size_c = M(subc, SET_ZT_SIZE_C);
   const bool one = GPU_GET(size_c, NVC597_SET_ZT_SIZE_C_CONTROL) ==
                    NVC597_SET_ZT_SIZE_C_CONTROL_ARRAY_SIZE_IS_ONE;
   struct gpu_tex_target_desc d = {
      .address = GPU_VA(M(subc, SET_ZT_A), NVC597_SET_ZT_A_OFFSET_UPPER, M(subc, SET_ZT_B)),
      .format = z->fmt->rep,
      .width = GPU_GET(M(subc, SET_ZT_SIZE_A), NVC597_SET_ZT_SIZE_A_WIDTH),
      .height = GPU_GET(M(subc, SET_ZT_SIZE_B), NVC597_SET_ZT_SIZE_B_HEIGHT),
      .third = one ? 1 : GPU_GET(size_c, NVC597_SET_ZT_SIZE_C_THIRD_DIMENSION),
      .block_h_log2 = GPU_GET(bs, NVC597_SET_ZT_BLOCK_SIZE_HEIGHT),
      .block_d_log2 = GPU_GET(bs, NVC597_SET_ZT_BLOCK_SIZE_DEPTH),
      .array_pitch_B = (uint64_t)M(subc, SET_ZT_ARRAY_PITCH) * 4,
   };
   if (GPU_GET(bs, NVC597_SET_ZT_BLOCK_SIZE_WIDTH) != 0 || d.block_h_log2 > 5) {
      snprintf(err, err_size, "zeta target: block size 0x%x not modelled", bs);
      return false;
   }
   gpu_tex_color_target(&z->view, &d);
   z->third = d.third ? d.third : 1;
   z->layer0 = GPU_GET(M(subc, SET_ZT_LAYER), NVC597_SET_ZT_LAYER_OFFSET);
   z->enabled = true;

   z->depth_test = GPU_GET(M(subc, SET_DEPTH_TEST), NVC597_SET_DEPTH_TEST_ENABLE);
   z->depth_write = GPU_GET(M(subc, SET_DEPTH_WRITE), NVC597_SET_DEPTH_WRITE_ENABLE);
   z->depth_func = func_of(M(subc, SET_DEPTH_FUNC));
   z->bounds = GPU_GET(M(subc, SET_DEPTH_BOUNDS_TEST), NVC597_SET_DEPTH_BOUNDS_TEST_ENABLE);
   z->bounds_min = uif(M(subc, SET_DEPTH_BOUNDS_MIN));
   z->bounds_max = uif(M(subc, SET_DEPTH_BOUNDS_MAX));
   z->stencil = GPU_GET(M(subc, SET_STENCIL_TEST), NVC597_SET_STENCIL_TEST_ENABLE);
   const bool two =
      GPU_GET(M(subc, SET_TWO_SIDED_STENCIL_TEST), NVC597_SET_TWO_SIDED_STENCIL_TEST_ENABLE);
   struct gpu_3d_stencil *f = &z->face[0], *b = &z->face[1];
   f->fail = sop_of(M(subc, SET_STENCIL_OP_FAIL));
   f->zfail = sop_of(M(subc, SET_STENCIL_OP_ZFAIL));
   f->zpass = sop_of(M(subc, SET_STENCIL_OP_ZPASS));
   f->func = func_of(M(subc, SET_STENCIL_FUNC));
   f->ref = (uint8_t)M(subc, SET_STENCIL_FUNC_REF);
   f->func_mask = (uint8_t)M(subc, SET_STENCIL_FUNC_MASK);
   f->write_mask = (uint8_t)M(subc, SET_STENCIL_MASK);
   if (two) {
      b->fail = sop_of(M(subc, SET_BACK_STENCIL_OP_FAIL));
      b->zfail = sop_of(M(subc, SET_BACK_STENCIL_OP_ZFAIL));
      b->zpass = sop_of(M(subc, SET_BACK_STENCIL_OP_ZPASS));
      b->func = func_of(M(subc, SET_BACK_STENCIL_FUNC));
      b->ref = (uint8_t)M(subc, SET_BACK_STENCIL_FUNC_REF);
      b->func_mask = (uint8_t)M(subc, SET_BACK_STENCIL_FUNC_MASK);
      b->write_mask = (uint8_t)M(subc, SET_BACK_STENCIL_MASK);
   } else {
      *b = *f;
   }
   return true;
}

/* The stored depth value (as the comparisons see it) and stencil. */
static void
unpack(const struct gpu_3d_zt_format *f, uint64_t raw, double *depth, uint8_t *s)
{
   if (f->z_bits == 32)
      *depth = uif((uint32_t)(raw >> f->z_shift));
   else if (f->z_bits)
      *depth = (double)(raw >> f->z_shift & ((1ull << f->z_bits) - 1)) /
               (double)((1ull << f->z_bits) - 1);
   else
      *depth = 0;
   *s = f->s_shift >= 0 ? (uint8_t)(raw >> f->s_shift) : 0;
}

/* Depth d in the format's representation, and back (what the test sees). */
static uint64_t
depth_bits(const struct gpu_3d_zt_format *f, double d, double *stored)
{
   if (f->z_bits == 32) {
      *stored = (float)d;
      return fui((float)d);
   }
   const double max = (double)((1ull << f->z_bits) - 1);
   uint64_t u = (uint64_t)llround(CLAMP(d, 0.0, 1.0) * max);
   *stored = (double)u / max;
   return u;
}

static uint64_t
field_mask(unsigned shift, unsigned bits)
{
   return (bits >= 64 ? ~0ull : (1ull << bits) - 1) << shift;
}

bool
gpu_3d_zeta_fragment(struct jade_gpu *gpu, const struct gpu_3d_zeta *z, int32_t x, int32_t y,
                     uint32_t rt_index, unsigned viewport, float depth, float alpha, bool front,
                     bool *pass)
{
   *pass = false;
   if (z->alpha_test && !gpu_compare(z->alpha_func, alpha, z->alpha_ref))
      return true;
   double d = depth;
   if (isnan(d))
      d = 0;
   viewport &= GPU_3D_VIEWPORTS - 1;
   if (d < z->zmin[viewport]) {
      if (!z->clamp_min)
         return true;
      d = z->zmin[viewport];
   }
   if (d > z->zmax[viewport]) {
      if (!z->clamp_max)
         return true;
      d = z->zmax[viewport];
   }
   if (!z->enabled) {
      *pass = true;
      return true;
   }
   /* Render-target array index past the layers: no zeta write or test
    * (the colour write drops it the same way). */
   const uint32_t layer = z->layer0 + rt_index;
   uint64_t va;
   if (layer >= z->third ||
       !gpu_tex_texel_va(&z->view, 0, (uint32_t)x, (uint32_t)y, 0, layer, &va)) {
      *pass = !z->depth_test && !z->stencil;
      return true;
   }
   const struct gpu_3d_zt_format *f = z->fmt;
   uint64_t raw = 0;
   if (!gpu_read(gpu, va, &raw, f->bytes, "the zeta surface"))
      return false;
   double old_d;
   uint8_t s;
   unpack(f, raw, &old_d, &s);
   uint64_t out = raw;

   if (z->bounds && f->z_bits && (old_d < z->bounds_min || old_d > z->bounds_max))
      return true;

   const struct gpu_3d_stencil *st = &z->face[front ? 0 : 1];
   const bool has_s = f->s_shift >= 0 && z->stencil;
   bool ok = true;
   if (has_s) {
      ok = gpu_compare(st->func, st->ref & st->func_mask, s & st->func_mask);
   }
   double new_d = old_d;
   uint64_t zbits = 0;
   if (f->z_bits)
      zbits = depth_bits(f, d, &new_d);
   bool zpass = true;
   if (ok && f->z_bits && z->depth_test)
      zpass = gpu_compare(z->depth_func, new_d, old_d);
   if (has_s) {
      enum sop op = !ok ? st->fail : !zpass ? st->zfail : st->zpass;
      uint8_t ns = stencil_op(op, s, st->ref);
      ns = (uint8_t)((ns & st->write_mask) | (s & ~st->write_mask));
      out = (out & ~field_mask(f->s_shift, 8)) | (uint64_t)ns << f->s_shift;
   }
   if (ok && zpass && f->z_bits && z->depth_test && z->depth_write)
      out = (out & ~field_mask(f->z_shift, f->z_bits)) | zbits << f->z_shift;
   if (out != raw && !gpu_write(gpu, va, &out, f->bytes, "the zeta surface"))
      return false;
   *pass = ok && zpass;
   return true;
}

void
gpu_3d_zeta_clear(struct jade_gpu *gpu, unsigned subc, bool depth, bool stencil,
                  const struct gpu_3d_rect *rect, uint32_t rt_index)
{
   struct gpu_3d_zeta z;
   char err[160];
   if (!gpu_3d_zeta_read(gpu, subc, &z, err, sizeof(err))) {
      gpu_3d_not_modelled(gpu, subc, 6, err);
      return;
   }
   if (!z.enabled)
      return;
   const struct gpu_3d_zt_format *f = z.fmt;
   depth = depth && f->z_bits;
   stencil = stencil && f->s_shift >= 0;
   if (!depth && !stencil)
      return;
   double stored;
   const uint64_t zbits = depth ? depth_bits(f, uif(M(subc, SET_Z_CLEAR_VALUE)), &stored) : 0;
   const uint8_t sval = (uint8_t)M(subc, SET_STENCIL_CLEAR_VALUE);
   const uint8_t smask = GPU_GET(M(subc, SET_CLEAR_SURFACE_CONTROL),
                                 NVC597_SET_CLEAR_SURFACE_CONTROL_RESPECT_STENCIL_MASK)
                            ? (uint8_t)M(subc, SET_STENCIL_MASK)
                            : 0xff;
   struct gpu_3d_rect r = *rect;
   gpu_3d_rect_clip(&r, 0, 0, (int32_t)z.view.width, (int32_t)z.view.height);
   const uint32_t layer = z.layer0 + rt_index;
   if (layer >= z.third)
      return;
   for (int32_t y = r.y0; y < r.y1; y++) {
      for (int32_t x = r.x0; x < r.x1; x++) {
         uint64_t va, raw = 0;
         if (!gpu_tex_texel_va(&z.view, 0, (uint32_t)x, (uint32_t)y, 0, layer, &va))
            return;
         if (!gpu_read(gpu, va, &raw, f->bytes, "CLEAR_SURFACE"))
            return;
         if (depth)
            raw = (raw & ~field_mask(f->z_shift, f->z_bits)) | zbits << f->z_shift;
         if (stencil) {
            uint8_t s = (uint8_t)(raw >> f->s_shift);
            s = (uint8_t)((sval & smask) | (s & ~smask));
            raw = (raw & ~field_mask(f->s_shift, 8)) | (uint64_t)s << f->s_shift;
         }
         if (!gpu_write(gpu, va, &raw, f->bytes, "CLEAR_SURFACE"))
            return;
      }
   }
}
