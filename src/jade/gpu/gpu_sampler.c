/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The texture unit's samplers: TEX, TXD, TLD4 and TMML through the
 * sampler header (TSC, clc597tex.h, unpacked with jade_tsc_unpack) that
 * the handle's bits 31:20 select in the SET_TEX_SAMPLER_POOL_A..C pool (or
 * the texture header's index, QMD SAMPLER_INDEX / SET_SAMPLER_BINDING
 * "via header index").  NVIDIA documents the fields, not the arithmetic;
 * that follows the GL 4.6 specification (section 8.14, "Texture
 * Minification", eq. 8.4-8.9 and table 8.20 for the wraps), with
 * NVIDIA's parameters:
 * - coordinates are normalised unless the header's NORMALIZED_COORDS is
 *   0 or the sampler forces FLOAT_COORD_NORMALIZATION unnormalised;
 * - the LOD: log2 of the larger derivative length in texels of the view's
 *   base level, plus the sampler's MIP_LOD_BIAS (signed 5.8), the
 *   header's, and the instruction's bias; clamped to the sampler's
 *   MIN/MAX_LOD_CLAMP (4.8) and the header's MIN_LOD_CLAMP; levels from
 *   RES_VIEW_MIN_MIP_LEVEL to RES_VIEW_MAX_MIP_LEVEL;
 * - LZ is an explicit LOD of 0 (biased and clamped like LL: the Vulkan and
 *   GL rules NAK relies on when it turns a constant 0 into LZ);
 * - anisotropic filtering is approximated by one isotropic sample at the
 *   LOD of the longer axis divided by min(ratio, MAX_ANISOTROPY);
 * - depth compare (DEPTH_COMPARE, DEPTH_COMPARE_FUNC) per texel before
 *   filtering, against the reference clamped to [0, 1] for normalised
 *   formats, of the texel's depth component (R; G of Z24S8, where NIL's
 *   and nvc0's swizzles find it) before the header's swizzle, which
 *   spreads the result (a border colour: its R);
 * - the border colour (BORDER_COLOR_R..A, raw words) is used where the
 *   header's BORDER_SIZE says "sampler colour" and replaces the texel
 *   after the header's swizzle: the hardware does not swizzle it, which
 *   is why nvc0 sets PIPE_QUIRK_TEXTURE_BORDER_COLOR_SWIZZLE_NV50
 *   (nvc0_screen.c) and the state tracker swizzles it instead; a header
 *   with DEPTH_TEXTURE set spreads the border's R to all four (envytools
 *   rnndb gm200_texture.xml; NIL and nvc0 never set the bit);
 * - sRGB texels are decoded (before filtering) when the header's
 *   S_R_G_B_CONVERSION is set and the sampler's too (nvc0 and NVK set the
 *   sampler's bit in every sampler: nvc0_tex.c G80_TSC_0_SRGB_CONVERSION,
 *   nvk_sampler.c; the model treats it as the enable it is named for);
 * - array layers (16 bits, sim_exec_tex.c) past the header's DEPTH are
 *   clamped to the last (codegen: the hardware "will further clamp
 *   positive array indices to the maximum in the image descriptor");
 * - cube maps: the face by the major axis (GL table 8.19); no seamless
 *   filtering across faces yet (each face clamps to its edge);
 * - TLD4 gathers the 2x2 footprint of a linear sample at the base level
 *   in GL's order (i0 j1, i1 j1, i1 j0, i0 j0) after the swizzle;
 * - TMML returns (relative LOD, level accessed) as signed and unsigned
 *   8.8 fixed point, the order NAK reads (nak_nir_lower_tex.c).
 * - REDUCTION_FILTER min/max reduces the footprint per component;
 * - seamless cube filtering (CUBEMAP_INTERFACE_FILTERING) is not modelled:
 *   every face clamps to its own edges.
 * Integer formats are never filtered (GL: such textures are incomplete
 * with linear filters; the model samples the nearest texel).
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nvidia/classes/clc5c0.h"
#include "util/format/u_format.h"
#include "util/u_math.h"

#include "jade_sim.h"
#include "jade_tic.h"
#include "jade_tsc.h"

#include "gpu_texture.h"

struct sampler {
   unsigned wrap[3];
   bool compare;
   unsigned func;
   bool srgb, unnormalized;
   unsigned mag, min, mip;
   unsigned max_aniso; /* JADE_TSC_MAX_ANISOTROPY_* */
   unsigned reduction; /* JADE_TSC_REDUCTION_FILTER_* */
   float bias, min_lod, max_lod;
   uint32_t border[4];
};

static bool
read_sampler(struct jade_gpu *gpu, uint32_t index, struct sampler *s, char *err, size_t err_size)
{
   uint32_t w[8];
   if (!gpu_tex_cache_sampler(gpu, index, w, err, err_size))
      return false;
   struct jade_tsc t;
   jade_tsc_unpack(w, &t);
   s->wrap[0] = t.address_u, s->wrap[1] = t.address_v, s->wrap[2] = t.address_p;
   s->compare = t.depth_compare;
   s->func = t.depth_compare_func;
   s->srgb = t.s_r_g_b_conversion;
   s->unnormalized =
      t.float_coord_normalization == JADE_TSC_FLOAT_COORD_NORMALIZATION_FORCE_UNNORMALIZED_COORDS;
   s->mag = t.mag_filter, s->min = t.min_filter, s->mip = t.mip_filter;
   s->max_aniso = t.max_anisotropy;
   s->reduction = t.reduction_filter;
   s->bias = (float)((int32_t)(t.mip_lod_bias << 19) >> 19) / 256.0f;
   s->min_lod = t.min_lod_clamp / 256.0f;
   s->max_lod = t.max_lod_clamp / 256.0f;
   s->border[0] = t.border_color_r, s->border[1] = t.border_color_g;
   s->border[2] = t.border_color_b, s->border[3] = t.border_color_a;
   if (s->mag != JADE_TSC_MAG_FILTER_MAG_POINT && s->mag != JADE_TSC_MAG_FILTER_MAG_LINEAR) {
      snprintf(err, err_size, "sampler %u: magnification filter %u not modelled", index, s->mag);
      return false;
   }
   if (!s->min || !s->mip) {
      snprintf(err, err_size, "sampler %u: minification filter %u, mip filter %u invalid", index,
               s->min, s->mip);
      return false;
   }
   return true;
}

/* One sample's context: the view, the sampler, the level being read. */
struct fetcher {
   struct jade_gpu *gpu;
   const struct gpu_tex_view *v;
   const struct sampler *s;
   const struct jade_sim_texel_request *req;
   bool srgb;
   uint32_t layer;
   bool failed;     /* a texel read faulted */
   bool bad_border; /* a border texel the header does not take from the sampler */
};

/* A texel index along one axis after the wrap mode (size texels);
 * -1: the border. */
static int64_t
wrap_index(unsigned mode, int64_t i, int64_t size)
{
   switch (mode) {
   case JADE_TSC_ADDRESS_U_WRAP:
      return ((i % size) + size) % size;
   case JADE_TSC_ADDRESS_U_MIRROR: {
      int64_t p = ((i % (2 * size)) + 2 * size) % (2 * size);
      return p < size ? p : 2 * size - 1 - p;
   }
   case JADE_TSC_ADDRESS_U_CLAMP_TO_EDGE:
      return CLAMP(i, 0, size - 1);
   case JADE_TSC_ADDRESS_U_MIRROR_ONCE_CLAMP_TO_EDGE:
      return CLAMP(i < 0 ? -1 - i : i, 0, size - 1);
   case JADE_TSC_ADDRESS_U_MIRROR_ONCE_BORDER:
   case JADE_TSC_ADDRESS_U_MIRROR_ONCE_CLAMP_OGL:
      i = i < 0 ? -1 - i : i;
      return i < size ? i : -1;
   default: /* BORDER, CLAMP_OGL (the coordinate was clamped first) */
      return i >= 0 && i < size ? i : -1;
   }
}

/* GL's CLAMP: the coordinate (in texels) clamped to [0, size] first, so a
 * linear filter at the edge mixes in the border. */
static float
clamp_coordinate(unsigned mode, float u, float size)
{
   if (mode == JADE_TSC_ADDRESS_U_CLAMP_OGL)
      return CLAMP(u, 0.0f, size);
   if (mode == JADE_TSC_ADDRESS_U_MIRROR_ONCE_CLAMP_OGL)
      return MIN2(fabsf(u), size);
   return u;
}

static bool
compared(const struct fetcher *f)
{
   return f->s->compare && f->req->compare;
}

/* 1.0 or 0.0 as the comparison of the reference with depth d says. */
static uint32_t
depth_compare(const struct fetcher *f, uint32_t d)
{
   float ref = f->req->ref;
   if (!f->v->integer && !util_format_is_float(f->v->format))
      ref = CLAMP(ref, 0.0f, 1.0f);
   return fui(gpu_compare(f->s->func, ref, uif(d)) ? 1.0f : 0.0f);
}

/* Texel (i, j, k) of a level after the wraps: the swizzled value or the
 * border colour; depth compared if the sampler says so. */
static void
texel(struct fetcher *f, unsigned level, const int64_t idx[3], uint32_t out[4])
{
   const struct gpu_tex_view *v = f->v;
   const int64_t size[3] = {gpu_tex_minify(v->width, level), gpu_tex_minify(v->height, level),
                            gpu_tex_minify(v->depth, level)};
   const unsigned dims = f->req->cube ? 2 : f->req->dim;
   int64_t w[3] = {0, 0, 0};
   bool border = false;
   for (unsigned a = 0; a < dims; a++) {
      w[a] = wrap_index(f->s->wrap[a], idx[a], size[a]);
      border |= w[a] < 0;
   }
   uint64_t va;
   if (border) {
      if (v->border_size != JADE_TIC_BL_BORDER_SIZE_BORDER_SAMPLER_COLOR)
         f->bad_border = true; /* reported by the caller */
      memcpy(out, f->s->border, 4 * sizeof(uint32_t));
      /* DEPTH_TEXTURE "tells texture unit to smear border color from R to
       * RGBA channels" (envytools rnndb gm200_texture.xml, TIC word 3 bit
       * 27; g80_texture.xml says the same of G80's bit). */
      if (v->depth_texture)
         out[1] = out[2] = out[3] = out[0];
   } else if (!gpu_tex_texel_va(v, level, (uint32_t)w[0], (uint32_t)w[1], (uint32_t)w[2], f->layer,
                                &va)) {
      memset(out, 0, 4 * sizeof(uint32_t));
   } else {
      uint32_t rgba[4];
      if (!gpu_tex_read_texel(f->gpu, v, va, (uint32_t)w[0], (uint32_t)w[1], f->srgb, rgba)) {
         f->failed = true;
         memset(out, 0, 4 * sizeof(uint32_t));
         return;
      }
      if (compared(f)) {
         /* The depth component, compared before the swizzle, so that
          * the swizzle spreads the result: GL's depth texture modes
          * reach the header as swizzles (XXX1 for LUMINANCE, 000X for
          * ALPHA: st_sampler_view.c), which nvc0 relies on. */
         const unsigned z = gpu_tex_depth_component(v);
         rgba[z] = depth_compare(f, rgba[z]);
      }
      gpu_tex_swizzle(v, rgba, out);
      return;
   }
   /* The border colour: its R is the depth (GL 4.6 8.14.2). */
   if (compared(f))
      out[0] = depth_compare(f, out[0]);
}

/* The footprint's texel coordinates along one axis: nearest (i0 only) or
 * linear (i0, i0 + 1 and the weight of i0 + 1).  u includes the texel
 * offset (GL 4.6 8.14.2: u = s w + delta_u), so GL's CLAMP clamps the
 * offset coordinate. */
static void
axis(unsigned mode, float u, float size, bool linear, int64_t *i0, float *frac)
{
   u = clamp_coordinate(mode, u, size);
   if (!linear) {
      *i0 = (int64_t)floorf(u);
      /* GL's CLAMP with a nearest filter is clamp(coord, 0, size - 1)
       * (GL 4.6 compatibility, table 8.20): the clamped coordinate's
       * u = size is the last texel, not the border. */
      if ((mode == JADE_TSC_ADDRESS_U_CLAMP_OGL ||
           mode == JADE_TSC_ADDRESS_U_MIRROR_ONCE_CLAMP_OGL) &&
          *i0 >= (int64_t)size)
         *i0 = (int64_t)size - 1;
      *frac = 0.0f;
      return;
   }
   float t = u - 0.5f;
   *i0 = (int64_t)floorf(t);
   *frac = t - floorf(t);
}

/* The view's coordinates in texels of `level`. */
static void
texel_coords(const struct fetcher *f, unsigned level, const float s[3], float u[3])
{
   const struct gpu_tex_view *v = f->v;
   const bool norm = v->normalized && !f->s->unnormalized;
   const float size[3] = {gpu_tex_minify(v->width, level), gpu_tex_minify(v->height, level),
                          gpu_tex_minify(v->depth, level)};
   for (unsigned a = 0; a < 3; a++)
      u[a] = norm ? s[a] * size[a] : s[a];
}

/* A filtered value at one level: the nearest texel's words exactly, or
 * the linear blend of the footprint's (float bits). */
static void
filter_level(struct fetcher *f, unsigned level, const float s[3], bool linear, uint32_t out[4])
{
   const struct gpu_tex_view *v = f->v;
   const unsigned dims = f->req->cube ? 2 : f->req->dim;
   const float size[3] = {gpu_tex_minify(v->width, level), gpu_tex_minify(v->height, level),
                          gpu_tex_minify(v->depth, level)};
   float u[3];
   texel_coords(f, level, s, u);
   int64_t i0[3] = {0, 0, 0};
   float frac[3] = {0, 0, 0};
   for (unsigned a = 0; a < dims; a++) {
      axis(f->s->wrap[a], u[a] + (float)f->req->offset[a], size[a], linear, &i0[a], &frac[a]);
   }
   if (!linear) {
      texel(f, level, i0, out);
      return;
   }
   /* REDUCTION_FILTER min/max: the footprint's texels of non-zero weight
    * reduced per component instead of blended (Vulkan's
    * VK_SAMPLER_REDUCTION_MODE_MIN/MAX rule). */
   const bool reduce = f->s->reduction == JADE_TSC_REDUCTION_FILTER_RED_MINIMUM ||
                       f->s->reduction == JADE_TSC_REDUCTION_FILTER_RED_MAXIMUM;
   const bool take_min = f->s->reduction == JADE_TSC_REDUCTION_FILTER_RED_MINIMUM;
   bool first = true;
   float sum[4] = {0, 0, 0, 0};
   for (unsigned c = 0; c < 1u << dims; c++) {
      int64_t idx[3];
      float weight = 1.0f;
      for (unsigned a = 0; a < 3; a++) {
         const bool hi = a < dims && (c >> a & 1);
         idx[a] = i0[a] + hi;
         if (a < dims)
            weight *= hi ? frac[a] : 1.0f - frac[a];
      }
      if (reduce && weight == 0.0f)
         continue;
      uint32_t t[4];
      texel(f, level, idx, t);
      for (unsigned k = 0; k < 4; k++) {
         if (!reduce)
            sum[k] += weight * uif(t[k]);
         else if (first || (take_min ? uif(t[k]) < sum[k] : uif(t[k]) > sum[k]))
            sum[k] = uif(t[k]);
      }
      first = false;
   }
   for (unsigned k = 0; k < 4; k++)
      out[k] = fui(sum[k]);
}

/* GL's cube map face selection (table 8.19): the face and its (s, t). */
static unsigned
cube_face(const float d[3], float st[2])
{
   const float ax = fabsf(d[0]), ay = fabsf(d[1]), az = fabsf(d[2]);
   float sc, tc, ma;
   unsigned face;
   if (ax >= ay && ax >= az) {
      face = d[0] >= 0 ? 0 : 1;
      sc = d[0] >= 0 ? -d[2] : d[2];
      tc = -d[1];
      ma = ax;
   } else if (ay >= az) {
      face = d[1] >= 0 ? 2 : 3;
      sc = d[0];
      tc = d[1] >= 0 ? d[2] : -d[2];
      ma = ay;
   } else {
      face = d[2] >= 0 ? 4 : 5;
      sc = d[2] >= 0 ? d[0] : -d[0];
      tc = -d[1];
      ma = az;
   }
   st[0] = ma ? 0.5f * (sc / ma + 1.0f) : 0.5f;
   st[1] = ma ? 0.5f * (tc / ma + 1.0f) : 0.5f;
   return face;
}

/* λ' (eq. 8.6) before the level clamp, relative to the view's base. */
static float
lod_of(const struct fetcher *f)
{
   const struct jade_sim_texel_request *req = f->req;
   const struct gpu_tex_view *v = f->v;
   const struct sampler *s = f->s;
   float lambda;
   if (req->lod_mode == JADE_SIM_LOD_ZERO) {
      lambda = 0.0f;
   } else if (req->lod_mode == JADE_SIM_LOD_LEVEL) {
      lambda = req->lod_value;
   } else {
      const bool norm = v->normalized && !s->unnormalized;
      const unsigned base = v->view_min;
      const float size[3] = {gpu_tex_minify(v->width, base), gpu_tex_minify(v->height, base),
                             gpu_tex_minify(v->depth, base)};
      const unsigned dims = req->cube ? 2 : req->dim;
      float lx = 0, ly = 0;
      for (unsigned a = 0; a < dims; a++) {
         const float k = norm ? size[a] : 1.0f;
         lx += req->ddx[a] * k * req->ddx[a] * k;
         ly += req->ddy[a] * k * req->ddy[a] * k;
      }
      float rmax = sqrtf(MAX2(lx, ly)), rmin = sqrtf(MIN2(lx, ly));
      static const float aniso[8] = {1, 2, 4, 6, 8, 10, 12, 16};
      const float n = aniso[(v->header_opt ? v->max_anisotropy : s->max_aniso) & 7];
      if (s->min == JADE_TSC_MIN_FILTER_MIN_ANISO && n > 1 && rmin > 0)
         rmax /= MIN2(ceilf(rmax / rmin), n);
      lambda = rmax > 0 ? log2f(rmax) : -INFINITY;
      if (req->lod_mode == JADE_SIM_LOD_BIAS)
         lambda += req->lod_value;
   }
   lambda += v->header_opt ? v->lod_bias : s->bias;
   lambda = MAX2(lambda, MAX2(s->min_lod, v->min_lod_clamp));
   return MIN2(lambda, s->max_lod);
}

/* The levels a sample at λ' reads (relative to the base) and the weight
 * of the second; false: magnification. */
static bool
levels_of(const struct fetcher *f, float lambda, unsigned *l0, unsigned *l1, float *w1)
{
   const unsigned last = f->v->view_max - f->v->view_min;
   *l0 = *l1 = 0;
   *w1 = 0.0f;
   if (lambda <= 0.0f)
      return false;
   switch (f->s->mip) {
   case JADE_TSC_MIP_FILTER_MIP_POINT:
      *l0 = *l1 = lambda <= 0.5f ? 0 : MIN2((unsigned)(ceilf(lambda + 0.5f) - 1.0f), last);
      break;
   case JADE_TSC_MIP_FILTER_MIP_LINEAR: {
      const float l = MIN2(lambda, (float)last);
      *l0 = (unsigned)floorf(l);
      *l1 = MIN2(*l0 + 1, last);
      *w1 = l - floorf(l);
      break;
   }
   default:
      break;
   }
   return true;
}

static bool
sample(struct fetcher *f, const float s[3], uint32_t out[4])
{
   const float lambda = lod_of(f);
   unsigned l0, l1;
   float w1;
   const bool minify = levels_of(f, lambda, &l0, &l1, &w1);
   bool linear = minify ? f->s->min != JADE_TSC_MIN_FILTER_MIN_POINT
                        : f->s->mag == JADE_TSC_MAG_FILTER_MAG_LINEAR;
   /* Integers (not compared) are never filtered. */
   if (f->v->integer && !(f->s->compare && f->req->compare))
      linear = false, w1 = 0.0f;
   filter_level(f, f->v->view_min + l0, s, linear, out);
   if (w1 > 0.0f) {
      uint32_t hi[4];
      filter_level(f, f->v->view_min + l1, s, linear, hi);
      for (unsigned k = 0; k < 4; k++)
         out[k] = fui(uif(out[k]) * (1.0f - w1) + uif(hi[k]) * w1);
   }
   return !f->failed && !f->bad_border;
}

/* TLD4: the four texels of a linear footprint at the base level. */
static bool
gather(struct fetcher *f, const float s[3], uint32_t out[4])
{
   const unsigned level = f->v->view_min;
   const float size[2] = {gpu_tex_minify(f->v->width, level), gpu_tex_minify(f->v->height, level)};
   float u[3];
   texel_coords(f, level, s, u);
   int64_t i0[2];
   float frac[2];
   for (unsigned a = 0; a < 2; a++) {
      axis(f->s->wrap[a], u[a] + (float)f->req->offset[a], size[a], true, &i0[a], &frac[a]);
   }
   static const unsigned order[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
   for (unsigned k = 0; k < 4; k++) {
      const int64_t idx[3] = {i0[0] + order[k][0], i0[1] + order[k][1], 0};
      uint32_t t[4];
      texel(f, level, idx, t);
      out[k] = f->req->compare ? t[0] : t[f->req->component & 3];
   }
   return !f->failed && !f->bad_border;
}

/* TMML: (λ' relative to the base, the level a sample reads), 8.8. */
static void
query_lod(struct fetcher *f, uint32_t out[4])
{
   float lambda = lod_of(f);
   unsigned l0, l1;
   float w1, level = 0.0f;
   if (levels_of(f, lambda, &l0, &l1, &w1))
      level = f->s->mip == JADE_TSC_MIP_FILTER_MIP_LINEAR ? l0 + w1 : (float)l0;
   if (!isfinite(lambda))
      lambda = lambda < 0 ? -128.0f : 127.0f;
   lambda = CLAMP(lambda, -128.0f, 127.99f);
   out[0] = (uint32_t)(int32_t)(lambda * 256.0f) & 0xffff;
   out[1] = (uint32_t)(level * 256.0f) & 0xffff;
   out[2] = out[3] = 0;
}

bool
gpu_sampler_srgb(struct jade_gpu *gpu, uint32_t handle, bool *srgb, char *err, size_t err_size)
{
   const uint32_t tsc = gpu->tsc_via_header ? handle & 0xfffff : handle >> 20;
   struct sampler s;
   if (!read_sampler(gpu, tsc, &s, err, err_size))
      return false;
   *srgb = s.srgb;
   return true;
}

bool
gpu_sampler_request(struct jade_gpu *gpu, const struct gpu_tex_view *v,
                    const struct jade_sim_texel_request *req, uint32_t out[4], char *err,
                    size_t err_size)
{
   const uint32_t tsc = gpu->tsc_via_header ? req->handle & 0xfffff : req->handle >> 20;
   struct sampler s;
   if (!read_sampler(gpu, tsc, &s, err, err_size))
      return false;
   if (v->memory == GPU_TEX_BUFFER) {
      snprintf(err, err_size, "texture header %u: a buffer sampled through a sampler", v->tic);
      return false;
   }
   struct jade_sim_texel_request r = *req;
   float st[3] = {req->s[0], req->s[1], req->s[2]};
   /* A sampled layer past the header's is clamped to its last: "The
    * hardware will further clamp positive array indices to the maximum in
    * the image descriptor" (nv50_ir_lowering_nvc0.cpp; NAK clamps to
    * 0xffff only, nak_nir_lower_tex.c, and Vulkan wants the clamp).  TLD
    * reads such a layer as outside (gpu_texture.c). */
   const uint32_t layer = req->array ? MIN2(req->layer, MAX2(v->depth, 1) - 1) : 0;
   struct fetcher f =
      {.gpu = gpu, .v = v, .s = &s, .req = &r, .srgb = v->srgb && s.srgb, .layer = layer};
   if (req->cube) {
      if (!gpu_tex_is_cube(v)) {
         snprintf(err, err_size, "texture header %u: a cube lookup of texture type %u", v->tic,
                  v->type);
         return false;
      }
      /* The derivatives of the face coordinates: the direction's, on the
       * face's plane (an approximation: GL leaves it to the
       * implementation). */
      float face_st[2];
      const unsigned face = cube_face(req->s, face_st);
      const float ma = MAX3(fabsf(req->s[0]), fabsf(req->s[1]), fabsf(req->s[2]));
      for (unsigned a = 0; a < 3; a++) {
         r.ddx[a] = ma ? req->ddx[a] * 0.5f / ma : 0.0f;
         r.ddy[a] = ma ? req->ddy[a] * 0.5f / ma : 0.0f;
      }
      st[0] = face_st[0], st[1] = face_st[1], st[2] = 0;
      f.layer = layer * 6 + face;
   }
   bool ok = true;
   if (req->op == JADE_SIM_TEX_LOD) {
      query_lod(&f, out);
      return true;
   }
   if (req->op == JADE_SIM_TEX_GATHER)
      ok = gather(&f, st, out);
   else
      ok = sample(&f, st, out);
   if (f.failed)
      snprintf(err, err_size, "texture header %u: a texel read faulted", v->tic);
   else if (!ok)
      snprintf(err, err_size,
               "texture header %u: a border texel with BORDER_SIZE %u (texels "
               "of the image's own border, not modelled; the sampler's colour is %u)",
               v->tic, v->border_size, JADE_TIC_BL_BORDER_SIZE_BORDER_SAMPLER_COLOR);
   return ok;
}
