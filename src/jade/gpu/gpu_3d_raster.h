/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * What the rasteriser (gpu_3d_raster.c), the pixel stage (gpu_3d_pixel.c),
 * the colour targets and per-fragment operations (gpu_3d_target.c) and
 * CLEAR_SURFACE (gpu_3d_clear.c) share.  Internal to those parts; the
 * pipeline's interface is gpu_3d.h.
 */

#ifndef GPU_3D_RASTER_H
#define GPU_3D_RASTER_H

#include "gpu_3d.h"
#include "gpu_texture.h"
#include "jade_sph.h"

#define GPU_3D_TARGETS 8

/* A pixel rectangle, [x0, x1) x [y0, y1). */
struct gpu_3d_rect {
   int32_t x0, y0, x1, y1;
};

static inline void
gpu_3d_rect_clip(struct gpu_3d_rect *r, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
   r->x0 = r->x0 > x0 ? r->x0 : x0;
   r->y0 = r->y0 > y0 ? r->y0 : y0;
   r->x1 = r->x1 < x1 ? r->x1 : x1;
   r->y1 = r->y1 < y1 ? r->y1 : y1;
}

static inline bool
gpu_3d_rect_empty(const struct gpu_3d_rect *r)
{
   return r->x0 >= r->x1 || r->y0 >= r->y1;
}

/* Colour target j as SET_COLOR_TARGET_*(j) programs it. */
struct gpu_3d_target {
   unsigned index;           /* j */
   struct gpu_tex_view view; /* laid out by gpu_tex_color_target */
   uint32_t layer0;          /* SET_COLOR_TARGET_LAYER */
   uint32_t third;           /* SET_COLOR_TARGET_THIRD_DIMENSION */
   bool is_3d;
};

/* The pipe format of a SET_COLOR_TARGET_FORMAT_V_* value, or NONE. */
enum pipe_format gpu_3d_color_format(uint32_t v);

/* SET_CT_SELECT: how many targets, and the physical target of slot s. */
unsigned gpu_3d_ct_count(const struct jade_gpu *gpu, unsigned subc);
unsigned gpu_3d_ct_target(const struct jade_gpu *gpu, unsigned subc, unsigned slot);

/* Reads target j; false (with a message in err) if it is disabled or its
 * format is not modelled (err[0] == 0: disabled, nothing to say). */
bool gpu_3d_target_read(struct jade_gpu *gpu, unsigned subc, unsigned j, struct gpu_3d_target *t,
                        char *err, size_t err_size);

/* The address of pixel (x, y) of render-target-array index `rt_index`
 * (added to SET_COLOR_TARGET_LAYER); false outside the target. */
bool gpu_3d_target_va(const struct gpu_3d_target *t, int32_t x, int32_t y, uint32_t rt_index,
                      uint64_t *va);

/* The rectangle every pixel write is clipped to: the surface clip, and
 * scissor 0 if `scissor` and SET_SCISSOR_ENABLE(0). */
struct gpu_3d_rect gpu_3d_clip_rect(const struct jade_gpu *gpu, unsigned subc, bool scissor);

/* The same with scissor i (SET_SCISSOR_*(i), i < GPU_3D_VIEWPORTS). */
struct gpu_3d_rect gpu_3d_clip_rect_vp(const struct jade_gpu *gpu, unsigned subc, bool scissor,
                                       unsigned i);

/* Logs `what` once per model (a fixed-function behaviour not modelled)
 * and counts it as unimplemented. */
void gpu_3d_not_modelled(struct jade_gpu *gpu, unsigned subc, unsigned key, const char *what);

/* One fragment's colour for shader output slot `slot` (four words: float
 * bits, or integers for integer targets) through SET_PS_SATURATE,
 * SET_CT_WRITE, blending (src1: the program's output 1 as float bits, the
 * dual-source blend's source 1, or NULL) and the target's format into
 * texel (x, y) of the target's sample surface (gpu_3d_sample_xy); false
 * after a fault. */
bool gpu_3d_fragment_out(struct jade_gpu *gpu, unsigned subc, unsigned slot,
                         const struct gpu_3d_target *t, int32_t x, int32_t y, uint32_t rt_index,
                         const uint32_t color[4], const uint32_t *src1);

/* The blend arithmetic of slot `slot` (SET_BLEND*, per target or common):
 * src, src1 (source 1) and dst as floats, the result in out (not yet
 * clamped or packed). */
void gpu_3d_blend(const struct jade_gpu *gpu, unsigned subc, unsigned slot, const float src[4],
                  const float src1[4], const float dst[4], float out[4]);

/* The zeta target and the per-fragment tests (gpu_3d_zeta.c). */
struct gpu_3d_zt_format;
struct gpu_3d_stencil {
   unsigned fail, zfail, zpass, func;
   uint8_t ref, func_mask, write_mask;
};
struct gpu_3d_zeta {
   bool enabled; /* SET_ZT_SELECT: a target */
   const struct gpu_3d_zt_format *fmt;
   struct gpu_tex_view view;
   uint32_t layer0, third;
   bool alpha_test, depth_test, depth_write, bounds, stencil;
   unsigned alpha_func, depth_func;
   float alpha_ref, bounds_min, bounds_max;
   double zmin[GPU_3D_VIEWPORTS]; /* the depth range of each viewport */
   double zmax[GPU_3D_VIEWPORTS];
   bool clamp_min, clamp_max;     /* clamp to it, or drop */
   struct gpu_3d_stencil face[2]; /* front, back */
};

/* Reads the zeta target and the tests' state; false (with a message in
 * err) if the target cannot be modelled. */
bool gpu_3d_zeta_read(struct jade_gpu *gpu, unsigned subc, struct gpu_3d_zeta *z, char *err,
                      size_t err_size);

/* Alpha test, depth range, depth bounds, stencil and depth tests of one
 * fragment's sample of depth `depth` (output 0's alpha `alpha`) at
 * texel (x, y) of the sample surface (gpu_3d_sample_xy; the pixel when
 * single-sampled), the zeta surface updated; *pass: the colour is
 * written.  False after a fault. */
bool gpu_3d_zeta_fragment(struct jade_gpu *gpu, const struct gpu_3d_zeta *z, int32_t x, int32_t y,
                          uint32_t rt_index, unsigned viewport, float depth, float alpha,
                          bool front, bool *pass);

/* CLEAR_SURFACE of the zeta target's depth and/or stencil in rect. */
void gpu_3d_zeta_clear(struct jade_gpu *gpu, unsigned subc, bool depth, bool stencil,
                       const struct gpu_3d_rect *rect, uint32_t rt_index);

/* The multisample state of a run (gpu_3d_samples.c). */
struct gpu_3d_samples {
   struct gpu_sample_grid grid; /* SET_ANTI_ALIAS's mode */
   uint16_t all;                /* every sample of a pixel */
   bool multisample;            /* SET_ANTI_ALIAS_ENABLE, more than one sample:
                                   * coverage at each sample */
   float pos[16][2];            /* sample s in its pixel, from its corner */
   uint16_t quad_mask[4];       /* SET_SAMPLE_MASK_X*_Y*, (x & 1) | (y & 1) << 1 */
   unsigned passes;             /* shader invocations a pixel */
   uint16_t pass_mask[16];      /* the samples pass p shades */
   bool centroid_per_pass;
   bool alpha_to_coverage, alpha_to_one;
   bool z_at_center; /* SET_NONMULTISAMPLED_Z AT_PIXEL_CENTER */
};

/* Reads the multisample state; false (with a message in err, the state
 * usable as read) for a mode or pass count not modelled. */
bool gpu_3d_samples_read(struct jade_gpu *gpu, unsigned subc, struct gpu_3d_samples *ms, char *err,
                         size_t err_size);

/* Sample s of pixel (x, y): its texel in the targets' sample surfaces. */
static inline void
gpu_3d_sample_xy(const struct gpu_3d_samples *ms, int32_t x, int32_t y, unsigned s, int32_t *sx,
                 int32_t *sy)
{
   *sx = x * (1 << ms->grid.x_log2) + ms->grid.x[s];
   *sy = y * (1 << ms->grid.y_log2) + ms->grid.y[s];
}

/* The samples alpha to coverage keeps for output 0's alpha. */
uint16_t gpu_3d_alpha_coverage(const struct gpu_3d_samples *ms, float alpha);

/* Where IPA.CENTROID interpolates for the samples `set` of a pixel whose
 * coverage is `covered`, from the pixel's corner. */
void gpu_3d_centroid(const struct gpu_3d_samples *ms, uint16_t set, uint16_t covered, float out[2]);

/* Fragments of one primitive for the pixel stage: the launch rectangle
 * (x0, y0 even; even width and height), which samples of its pixels are
 * covered, the plane equation of every attribute word in the rectangle's
 * coordinates (a x + b y + c, x and y from the rectangle's corner). */
struct gpu_3d_fragments {
   struct gpu_3d_rect rect;
   const uint16_t *coverage; /* (x1 - x0) * (y1 - y0), row-major:
                                      * covered samples (bit s) */
   const float (*plane)[3];  /* JADE_SIM_ATTR_WORDS */
   uint32_t rt_index;
   unsigned viewport; /* the primitive's viewport (its depth range) */
};

/* What the pixel stage reads once a run (gpu_3d_pixel_begin): the
 * program, its header, the colour targets of SET_CT_SELECT's slots and the
 * zeta target with the tests' state. */
struct gpu_3d_pixel {
   const struct gpu_3d_stage *ps;
   uint64_t entry;
   struct jade_sph_ps h;
   unsigned slots;
   bool have[GPU_3D_TARGETS];
   struct gpu_3d_target targets[GPU_3D_TARGETS];
   struct gpu_3d_zeta zeta;
   struct gpu_3d_samples ms;
   bool sample_mask; /* the shader's sample mask output narrows coverage */
};

/* Loads the pixel program `ps` and reads its state; false after a fault. */
bool gpu_3d_pixel_begin(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_stage *ps,
                        struct gpu_3d_pixel *px);

/* Runs the pixel program on the fragments and writes its outputs through
 * the per-fragment operations; false after a fault. */
bool gpu_3d_shade(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_pixel *px,
                  const struct gpu_3d_fragments *f);

/* The run's primitives, with the pixel shader `ps` already bound to the
 * SM model (gpu_3d_stage_bind; the tests bind their own): assembly,
 * clipping, viewport, culling, rasterisation, gpu_3d_shade. */
bool gpu_3d_raster_run(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_run *run,
                       const struct gpu_3d_stage *ps);
/* The same for `count` runs, the rasteriser and pixel stage set up once
 * (the state the first run's setup reads holds for all). */
bool gpu_3d_raster_runs(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_run *runs,
                        unsigned count, const struct gpu_3d_stage *ps);

/* The interpolation of attribute word w that the PS header asks for
 * (JADE_SPH_PS_IMAP_*: 0 unused, 1 constant, 2 perspective, 3 screen
 * linear). */
struct jade_sph_ps;
unsigned gpu_3d_ps_imap(const struct jade_sph_ps *h, unsigned w);

#endif /* GPU_3D_RASTER_H */
