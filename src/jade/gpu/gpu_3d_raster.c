/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Primitive assembly, clipping, viewport and rasterisation (gpu_3d.h,
 * gpu_3d_raster.h), from the hardware's side.  Where each rule comes from:
 * - topologies NVC597_BEGIN_OP_* (clc597.h); the vertices of each
 *   primitive and the provoking vertex (SET_PROVOKING_VERTEX FIRST/LAST)
 *   as the GL 4.6 compatibility spec's table 13.2 gives them (strips: odd
 *   triangles with their first two vertices swapped to keep the winding;
 *   fans: first-vertex convention i + 1; quads and polygons split into
 *   triangles); adjacency and patches are refused;
 * - the clip-space position is a[0x70..0x7c] of each vertex; primitives
 *   are clipped (Sutherland-Hodgman, attributes interpolated in clip
 *   space, screen-linear ones by the clip point's window-space parameter,
 *   GL's rule for noperspective values) against near and far as
 *   SET_VIEWPORT_Z_CLIP says (-w..w, or 0..w) when SET_VIEWPORT_CLIP_
 *   CONTROL.GEOMETRY_CLIP is FRUSTUM_XYZ_CLIP or FRUSTUM_Z_CLIP (NVK
 *   chooses FRUSTUM_XY_CLIP to turn depth clipping off; the other values
 *   are taken as no depth clip, the fragment depth range then clamps or
 *   drops: gpu_3d_zeta.c), against w > 0, and against a guard band (x and y within the
 *   window's +-32768): the model's stand-in for the hardware's guard band,
 *   whose size is not documented; what leaves the viewport is then cut at
 *   the pixels the viewport transform maps the clip volume to (the
 *   rectangle of SET_VIEWPORT_SCALE/OFFSET_X/Y(i) of the primitive's
 *   viewport), which is what x/y
 *   clipping would do;
 * - user clip distances: SET_USER_CLIP_ENABLE PLANEi enables distance i,
 *   the vertex's word at 0x2c0 + 4 i (NAK nak_private.h
 *   NAK_ATTR_CLIP_CULL_DIST_0..7); SET_USER_CLIP_OP PLANEi (bit 4 i) CLIP
 *   or CULL (NVK nvk_shader.c enables clip and cull distances alike and
 *   sets OP CULL for the cull ones).  A clip distance is one more plane
 *   of the polygon and line clipping (inside: d >= 0, interpolated in
 *   clip space with the other words: GL 4.6, "Primitive Clipping"); a
 *   point is dropped whole if one is negative (or NaN); a cull distance
 *   negative at every vertex of a primitive discards it (the same
 *   section; NaN is not negative);
 * - the primitive id: the run's first primitive has run->primitive_id
 *   (BEGIN.PRIMITIVE_ID's counter, gpu_3d_draw.c) and the others count up
 *   in the order the topology consumes vertices, one a point, line,
 *   triangle, quad (both its triangles) or polygon, a line loop's closing
 *   line last (GL 4.6's primitive ID counter, under geometry shader
 *   inputs, gl_PrimitiveIDIn);
 *   without a geometry stage (none is modelled) the pixel stage's a[0x60]
 *   is that id, read flat: NAK reads gl_PrimitiveID in a fragment shader
 *   at NAK_ATTR_PRIMITIVE_ID 0x060 with its system-value bit in the PS
 *   header's input map (from_nir.rs, FragmentIoInfo::mark_attr_read),
 *   which NVK relies on with no geometry shader;
 * - viewport i: window = ndc * SET_VIEWPORT_SCALE_*(i) + SET_VIEWPORT_OFFSET_*(i)
 *   (x, y, z) when SET_VIEWPORT_SCALE_OFFSET is enabled, window = ndc when
 *   it is not (its name; NVK and nvc0 enable it); the pixel's 1 / w_clip
 *   goes to a[0x7c];
 * - SET_WINDOW_ORIGIN.MODE LOWER_LEFT: y counted from the bottom of the
 *   surface clip (the model's reading; NVK programs UPPER_LEFT); FLIP_Y
 *   (nvc0's TRIANGLE_RAST_FLIP) is not modelled;
 * - SET_VIEWPORT_PIXEL CENTER_AT_HALF_INTEGERS: the pixel centres below
 *   (NVK and nvc0's GL half-pixel centres); AT_INTEGERS is not modelled;
 * - SET_POINT_CENTER_MODE OGL: the points below; D3D is not modelled;
 * - SET_EDGE_FLAG: the edge flag of every vertex (no stage writes one):
 *   FALSE drops the edges of LINE-mode polygons and the vertices of
 *   POINT-mode ones (GL 4.6 compatibility 14.6.4: only edges and vertices
 *   flagged as boundary are drawn); NVK and nvc0 set TRUE;
 * - these methods, SET_VIEWPORT_CLIP_CONTROL and SET_PIPELINE_SHADER have
 *   no documented reset value: used while never programmed since
 *   SET_OBJECT, they fault (gpu_3d_reset.c);
 * - culling and facing (OGL_SET_CULL, OGL_SET_CULL_FACE, OGL_SET_FRONT_FACE):
 *   with the area a = sum x_i y_(i+1) - x_(i+1) y_i of the window
 *   positions, rows counted downwards, a triangle is counter-clockwise if
 *   a < 0: NVK maps VK_FRONT_FACE_COUNTER_CLOCKWISE to OGL_SET_FRONT_FACE
 *   CCW (nvk_cmd_draw.c) with Vulkan's definition in framebuffer
 *   coordinates, and softpipe (sp_setup.c) agrees for Gallium's front_ccw;
 * - triangles: vertices snapped to 8 bits of subpixel precision (16.8
 *   fixed point, D3D11 functional spec 3.4.1; NVIDIA's hardware has 8),
 *   pixel centres at +0.5, a pixel covered if its centre is inside or on a
 *   top or left edge (D3D's top-left rule, rows counted downwards: a top
 *   edge is horizontal with the inside below it, a left edge one with the
 *   inside to its right), so a shared edge is drawn once;
 * - lines: the GL spec's non-antialiased wide line (14.5.2.2): a
 *   parallelogram of SET_LINE_WIDTH_FLOAT (SET_ALIASED_LINE_WIDTH_FLOAT when
 *   SET_ALIASED_LINE_WIDTH_ENABLE) across the minor axis, rasterised as two
 *   triangles by the rule above; width 1 lines are an approximation of
 *   the diamond-exit rule (the ends may differ by a pixel);
 * - points: a square of SET_POINT_SIZE (a[0x6c] when SET_ATTRIBUTE_POINT_SIZE
 *   enables it) centred on the vertex, by the same rule; its corners carry
 *   sprite coordinates (sprite_coords);
 * - SET_TWO_SIDED_LIGHT: a back-facing triangle's colour words
 *   0x280..0x29c read the back colours 0x2a0..0x2bc (nvc0's
 *   VERTEX_TWO_SIDE_ENABLE and Jade both leave the selection to the
 *   rasteriser); lines and points are front-facing;
 * - multisampling (gpu_3d_samples.c): with SET_ANTI_ALIAS_ENABLE and more
 *   than one sample, each sample's position is tested by the same rule
 *   (its bit of the pixel's coverage), else the pixel centre covers every
 *   sample; SET_SAMPLE_MASK_X*_Y* then narrows it.  Lines and points are
 *   the same quads, not GL's multisample rectangles and circles
 *   (approximate);
 * - viewports: each primitive is drawn through viewport i and scissor i,
 *   i its provoking vertex's a[0x68] when the last stage writes it
 *   (viewport_of), else 0: the transform of SET_VIEWPORT_SCALE/OFFSET_*(i),
 *   its rectangle and guard band, and pixels kept within the surface clip
 *   and scissor i (gpu_3d_clip_rect_vp); the depth range
 *   SET_VIEWPORT_CLIP_MIN/MAX_Z(i) (gpu_3d_zeta.c).
 * Approximate: clipping against distances interpolated linearly in clip
 * space, so a clipped edge may differ from the hardware's by its
 * rounding.  Polygon offset: depth_bias.  Polygon modes: polygon().  Polygon
 * stipple: stipple_bit().  Line stipple: line_stipple_bit().  Not
 * modelled: edge flags written by a shader.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nvidia/classes/clc597.h"
#include "util/u_math.h"

#include "jade_attr.h"
#include "jade_sph.h"

#include "gpu_3d_raster.h"

#define M(subc, name) gpu->method[subc][NVC597_##name / 4]
#define W             JADE_SIM_ATTR_WORDS
#define POS           JADE_ATTR_WORD(JADE_ATTR_POSITION)
#define FACE          JADE_ATTR_WORD(JADE_ATTR_FRONT_FACE)
#define PRIMID        JADE_ATTR_WORD(JADE_ATTR_PRIMITIVE_ID)
#define LAYER         JADE_ATTR_WORD(JADE_ATTR_RT_ARRAY_INDEX)
#define VIEWPORT      JADE_ATTR_WORD(JADE_ATTR_VIEWPORT_INDEX)
#define CLIP_DIST     JADE_ATTR_WORD(JADE_ATTR_CLIP_DISTANCE(0))
#define COLOR         JADE_ATTR_WORD(JADE_ATTR_COLOR_FRONT)
#define BACK_COLOR    JADE_ATTR_WORD(JADE_ATTR_COLOR_BACK)
#define FIXED_PLANES  7 /* near, far, w > 0, the guard band's four */
#define PLANES        (FIXED_PLANES + 8)
#define MAX_IN_POLY   32 /* input vertices of a polygon clipped whole */
#define MAX_POLY      (MAX_IN_POLY + PLANES)
#define GUARD         32768.0

/* A clip-space vertex: every attribute word as a float. */
struct cvert {
   float a[W];
};

/* A vertex in window space: position snapped, attributes (as floats). */
struct wvert {
   double x, y, z, invw;
   const float *a;
};

/* One of the 16 viewports (SET_VIEWPORT_*(j)) with scissor j: its
 * transform, the pixel rectangle (surface clip, scissor j, the viewport's
 * rectangle) and its guard band. */
struct viewport {
   double sx, sy, sz, ox, oy, oz;
   struct gpu_3d_rect clip;
   float gbx, gby; /* guard band, in ndc */
};

struct raster {
   struct jade_gpu *gpu;
   unsigned subc;
   struct gpu_3d_pixel px; /* the pixel stage's program and targets */
   uint8_t imap[W];
   struct viewport vp[GPU_3D_VIEWPORTS];
   unsigned viewport; /* of the primitive being drawn (viewport_of) */
   /* vp[viewport]'s transform, rectangle and guard band */
   double sx, sy, sz, ox, oy, oz;
   bool zero_to_w, lower_left, provoking_last;
   bool cull, cull_front, cull_back, front_ccw, two_sided;
   bool z_clip;                                    /* near and far clip (GEOMETRY_CLIP) */
   enum { PRIM_FILL, PRIM_LINE, PRIM_POINT } kind; /* drawn now (polygon offset) */
   uint32_t front_mode, back_mode;                 /* SET_FRONT/BACK_POLYGON_MODE (0: FILL) */
   bool stipple;                                   /* SET_POLYGON_STIPPLE */
   /* Line stipple (SET_LINE_STIPPLE, _PARAMETERS): the pattern, its
    * factor, the counter at the start of the line being drawn and where
    * that line starts along its major axis. */
   bool line_stipple;
   uint16_t stipple_pattern;
   unsigned stipple_factor;
   double stipple_count; /* fragments counted so far in the strip */
   double line_x0, line_y0, line_base;
   bool line_xmajor;
   int32_t flip_h; /* LOWER_LEFT: y = flip_h - row */
   struct gpu_3d_rect clip;
   uint32_t rt_index;
   float gbx, gby;            /* guard band, in ndc */
   uint8_t clip_planes;       /* user distances that clip (ENABLE, OP CLIP) */
   uint8_t cull_planes;       /* user distances that cull (ENABLE, OP CULL) */
   uint32_t primitive_id;     /* of the primitive being drawn */
   bool layer_from_vertex;    /* the run's gpu_3d_run.layer_from_vertex */
   bool viewport_from_vertex; /* the run's gpu_3d_run.viewport_from_vertex */
};

/* ------------------------------------------------------------ setup */

static void
vert_of(const struct gpu_vertex *v, struct cvert *c)
{
   for (unsigned w = 0; w < W; w++)
      c->a[w] = uif(v->a[w]);
}

/* The plane of values f[] at snapped positions, in the rectangle's frame. */
static void
plane_of(const struct wvert *v[3], const double f[3], const struct gpu_3d_rect *r, float out[3])
{
   double x0 = v[0]->x - r->x0, y0 = v[0]->y - r->y0;
   double x1 = v[1]->x - r->x0, y1 = v[1]->y - r->y0;
   double x2 = v[2]->x - r->x0, y2 = v[2]->y - r->y0;
   double det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
   if (det == 0) {
      out[0] = out[1] = 0;
      out[2] = (float)f[0];
      return;
   }
   double a = ((f[1] - f[0]) * (y2 - y0) - (f[2] - f[0]) * (y1 - y0)) / det;
   double b = ((x1 - x0) * (f[2] - f[0]) - (x2 - x0) * (f[1] - f[0])) / det;
   out[0] = (float)a;
   out[1] = (float)b;
   out[2] = (float)(f[0] - a * x0 - b * y0);
}

static inline int64_t
edge(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t px, int64_t py)
{
   return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

/* Polygon offset (GL 4.6 14.6.5): SET_POLY_OFFSET_FILL/LINE/POINT for
 * the kind of primitive being drawn, slope m = max(|dz/dx|, |dz/dy|) of the
 * z plane times SET_SLOPE_SCALE_DEPTH_BIAS, plus SET_DEPTH_BIAS units of r,
 * clamped by SET_DEPTH_BIAS_CLAMP (0: none).  r as Vulkan defines it for
 * NVK's two SET_DEPTH_BIAS_CONTROL settings (nvk_cmd_draw.c): with
 * DEPTH_FORMAT_DEPENDENT, 2^-n for the zeta target's n-bit unorm depth and
 * 2^(e - 23) for float depth (e the exponent of the primitive's largest
 * |z|); without, 2^-24. */
static double
depth_bias(const struct raster *R, const float zplane[3], const struct wvert *const v[3])
{
   const uint32_t *m = R->gpu->method[R->subc];
   const uint32_t enable = R->kind == PRIM_POINT  ? m[NVC597_SET_POLY_OFFSET_POINT / 4]
                           : R->kind == PRIM_LINE ? m[NVC597_SET_POLY_OFFSET_LINE / 4]
                                                  : m[NVC597_SET_POLY_OFFSET_FILL / 4];
   if (!(enable & 1))
      return 0;
   double r = 1.0 / (1 << 24);
   if (GPU_GET(m[NVC597_SET_DEPTH_BIAS_CONTROL / 4],
               NVC597_SET_DEPTH_BIAS_CONTROL_DEPTH_FORMAT_DEPENDENT) &&
       GPU_GET(m[NVC597_SET_ZT_SELECT / 4], NVC597_SET_ZT_SELECT_TARGET_COUNT)) {
      const uint32_t zf = GPU_GET(m[NVC597_SET_ZT_FORMAT / 4], NVC597_SET_ZT_FORMAT_V);
      if (zf == NVC597_SET_ZT_FORMAT_V_Z16) {
         r = 1.0 / (1 << 16);
      } else if (zf == NVC597_SET_ZT_FORMAT_V_ZF32 || zf == NVC597_SET_ZT_FORMAT_V_ZF32_X24S8) {
         double zmax = 0;
         for (unsigned i = 0; i < 3; i++)
            zmax = fmax(zmax, fabs(v[i]->z));
         int e;
         frexp(zmax, &e); /* zmax = f 2^e, f in [0.5, 1): exponent e - 1 */
         r = zmax > 0 ? ldexp(1.0, e - 1 - 23) : ldexp(1.0, -149);
      }
   }
   const double slope = fmax(fabs(zplane[0]), fabs(zplane[1]));
   double o =
      slope * uif(m[NVC597_SET_SLOPE_SCALE_DEPTH_BIAS / 4]) + r * uif(m[NVC597_SET_DEPTH_BIAS / 4]);
   const double clamp = uif(m[NVC597_SET_DEPTH_BIAS_CLAMP / 4]);
   if (clamp > 0)
      o = fmin(o, clamp);
   else if (clamp < 0)
      o = fmax(o, clamp);
   return o;
}

/* Rasterises one window-space triangle and shades its fragments; `flat`
 * holds the provoking vertex's words (as bits) for constant inputs. */
/* Polygon stipple (SET_POLYGON_STIPPLE, SET_POLYGON_STIPPLE_PATTERN(0..31)):
 * a filled polygon's pixel (x, y) is drawn if its bit of the 32 x 32
 * pattern is set, row y mod 32 counted as SET_WINDOW_ORIGIN counts rows
 * (from the bottom with LOWER_LEFT, as GL's window coordinates), column
 * x mod 32 at bit 8 (x / 8) + 7 - x mod 8 of the row's word: GL's
 * pattern rows, most significant bit first in each byte (the order
 * Gallium's pipe_poly_stipple words hold, read as u_pstipple.c does),
 * byte-swapped as nvc0 programs them (nvc0_state_validate.c,
 * nvc0_validate_stipple: util_bswap32).  Lines and points are not
 * stippled by it. */
static bool
stipple_bit(const struct raster *R, int32_t x, int32_t y)
{
   const int32_t row = R->lower_left ? R->flip_h - 1 - y : y;
   const uint32_t word = R->gpu->method[R->subc][NVC597_SET_POLYGON_STIPPLE_PATTERN(row & 31) / 4];
   const unsigned col = (unsigned)x & 31;
   return word >> (8 * (col / 8) + 7 - col % 8) & 1;
}

/* Line stipple (GL 4.6 compat 14.5.2.1): a line's fragment is drawn if
 * bit (s / factor) mod 16 of the 16-bit pattern is set, s the fragments
 * counted along the major axis from the start of the strip (or of each
 * line of GL_LINES, or each polygon's outline in LINE mode), here the
 * distance of the pixel centre from the line's start along that axis
 * plus the strip's count so far; SET_LINE_STIPPLE_PARAMETERS FACTOR is
 * factor - 1 (nvc0_state.c programs Gallium's line_stipple_factor, which
 * holds factor - 1, into the field; PATTERN 23:8).  The count starts at
 * the clipped line's start (approximate for lines clipped at their
 * start). */
static bool
line_stipple_bit(const struct raster *R, int32_t x, int32_t y)
{
   const double d = R->line_xmajor ? fabs(x + 0.5 - R->line_x0) : fabs(y + 0.5 - R->line_y0);
   const unsigned s = (unsigned)floor(R->line_base + d);
   return R->stipple_pattern >> (s / R->stipple_factor % 16) & 1;
}

static bool
triangle(struct raster *R, const struct wvert *v0, const struct wvert *v1, const struct wvert *v2,
         const struct gpu_vertex *flat, bool front)
{
   const struct wvert *v[3] = {v0, v1, v2};
   int64_t X[3], Y[3];
   for (unsigned i = 0; i < 3; i++) {
      X[i] = llround(v[i]->x * 256.0);
      Y[i] = llround(v[i]->y * 256.0);
   }
   int64_t area = edge(X[0], Y[0], X[1], Y[1], X[2], Y[2]);
   if (area == 0)
      return true;
   if (area < 0) { /* one orientation for the edge functions */
      int64_t tx = X[1], ty = Y[1];
      X[1] = X[2], Y[1] = Y[2], X[2] = tx, Y[2] = ty;
      const struct wvert *t = v[1];
      v[1] = v[2], v[2] = t;
   }
   /* Edge k runs from vertex k to k + 1; inside is E >= 0 (rows down). */
   int64_t bias[3];
   for (unsigned k = 0; k < 3; k++) {
      int64_t dx = X[(k + 1) % 3] - X[k], dy = Y[(k + 1) % 3] - Y[k];
      bool top_left = dy < 0 || (dy == 0 && dx > 0);
      bias[k] = top_left ? 0 : -1;
   }
   int64_t minx = X[0], maxx = X[0], miny = Y[0], maxy = Y[0];
   for (unsigned i = 1; i < 3; i++) {
      minx = X[i] < minx ? X[i] : minx, maxx = X[i] > maxx ? X[i] : maxx;
      miny = Y[i] < miny ? Y[i] : miny, maxy = Y[i] > maxy ? Y[i] : maxy;
   }
   struct gpu_3d_rect b = {
      (int32_t)((minx - 128) >> 8),
      (int32_t)((miny - 128) >> 8),
      (int32_t)((maxx - 128) >> 8) + 2,
      (int32_t)((maxy - 128) >> 8) + 2,
   };
   gpu_3d_rect_clip(&b, R->clip.x0, R->clip.y0, R->clip.x1, R->clip.y1);
   if (gpu_3d_rect_empty(&b))
      return true;
   /* Quad-aligned launch rectangle. */
   b.x0 &= ~1, b.y0 &= ~1;
   b.x1 = (b.x1 + 1) & ~1, b.y1 = (b.y1 + 1) & ~1;
   const int32_t w = b.x1 - b.x0, h = b.y1 - b.y0;
   uint16_t *covered = calloc((size_t)w * h, sizeof(uint16_t));
   if (!covered)
      return false;
   /* Where coverage is tested, in 16.8 from the pixel's corner: the centre
    * (every sample covered with it), or each sample's position. */
   const struct gpu_3d_samples *ms = &R->px.ms;
   const unsigned points = ms->multisample ? ms->grid.samples : 1;
   int64_t at[16][2];
   for (unsigned s = 0; s < points; s++) {
      at[s][0] = ms->multisample ? llroundf(ms->pos[s][0] * 256) : 128;
      at[s][1] = ms->multisample ? llroundf(ms->pos[s][1] * 256) : 128;
   }
   bool any = false;
   for (int32_t y = b.y0; y < b.y1; y++) {
      if (y < R->clip.y0 || y >= R->clip.y1)
         continue;
      for (int32_t x = b.x0; x < b.x1; x++) {
         if (x < R->clip.x0 || x >= R->clip.x1)
            continue;
         uint16_t mask = 0;
         for (unsigned s = 0; s < points; s++) {
            const int64_t px = (int64_t)x * 256 + at[s][0], py = (int64_t)y * 256 + at[s][1];
            bool in = true;
            for (unsigned k = 0; k < 3 && in; k++) {
               unsigned n = (k + 1) % 3;
               in = edge(X[k], Y[k], X[n], Y[n], px, py) + bias[k] >= 0;
            }
            mask |= in ? (ms->multisample ? 1u << s : ms->all) : 0;
         }
         /* SET_SAMPLE_MASK_X*_Y* by the pixel's place in its quad. */
         mask &= ms->quad_mask[(x & 1) | (y & 1) << 1];
         if (R->stipple && R->kind == PRIM_FILL && !stipple_bit(R, x, y))
            mask = 0;
         if (R->line_stipple && R->kind == PRIM_LINE && !line_stipple_bit(R, x, y))
            mask = 0;
         if (mask) {
            covered[(y - b.y0) * w + (x - b.x0)] = mask;
            any = true;
         }
      }
   }
   if (!any) {
      free(covered);
      return true;
   }

   /* Planes from the snapped positions. */
   struct wvert s[3];
   const struct wvert *sv[3];
   for (unsigned i = 0; i < 3; i++) {
      s[i] = *v[i];
      s[i].x = X[i] / 256.0;
      s[i].y = Y[i] / 256.0;
      sv[i] = &s[i];
   }
   float(*plane)[3] = calloc(W, sizeof(float[3]));
   if (!plane) {
      free(covered);
      return false;
   }
   for (unsigned word = 0; word < W; word++) {
      unsigned mode = R->imap[word];
      /* SET_TWO_SIDED_LIGHT: a back face's colour inputs (0x280..0x29c)
       * read the back colours the last stage wrote (0x2a0..0x2bc), the
       * selection nvc0 and Jade leave to the hardware. */
      const unsigned src = R->two_sided && !front && jade_attr_is_front_color(word)
                              ? word + (BACK_COLOR - COLOR)
                              : word;
      double f[3];
      if (word == POS) {
         plane[word][0] = 1, plane[word][2] = (float)b.x0;
         continue;
      }
      if (word == POS + 1) {
         if (R->lower_left)
            plane[word][1] = -1, plane[word][2] = (float)(R->flip_h - b.y0);
         else
            plane[word][1] = 1, plane[word][2] = (float)b.y0;
         continue;
      }
      if (word == FACE) {
         plane[word][2] = uif(front ? 0xffffffffu : 0);
         continue;
      }
      if (word == PRIMID) {
         plane[word][2] = uif(R->primitive_id);
         continue;
      }
      /* The pixel stage's a[0x64] and a[0x68] (NAK reads gl_Layer and
       * gl_ViewportIndex there, flat): what the last stage wrote at the
       * provoking vertex, as written (the model's assumption: the word
       * passes like any flat attribute, only the layer and viewport
       * selection read it as an index), 0 if it writes none (GL 4.6 7.1,
       * "Built-In Variables"). */
      if (word == LAYER || word == VIEWPORT) {
         const bool written = word == LAYER ? R->layer_from_vertex : R->viewport_from_vertex;
         plane[word][2] = uif(written ? flat->a[word] : 0);
         continue;
      }
      if (word == POS + 2 || word == POS + 3) {
         for (unsigned i = 0; i < 3; i++)
            f[i] = word == POS + 2 ? sv[i]->z : sv[i]->invw;
      } else if (mode == JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_CONSTANT) {
         plane[word][2] = uif(flat->a[src]);
         continue;
      } else if (mode == JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_PERSPECTIVE) {
         for (unsigned i = 0; i < 3; i++)
            f[i] = (double)sv[i]->a[src] * sv[i]->invw;
      } else if (mode == JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_SCREEN_LINEAR) {
         for (unsigned i = 0; i < 3; i++)
            f[i] = sv[i]->a[src];
      } else {
         continue;
      }
      plane_of(sv, f, &b, plane[word]);
   }
   plane[POS + 2][2] += (float)depth_bias(R, plane[POS + 2], sv);
   const struct gpu_3d_fragments frags = {
      .rect = b,
      .coverage = covered,
      .plane = (const float(*)[3])plane,
      .rt_index = R->rt_index,
      .viewport = R->viewport,
   };
   bool ok = gpu_3d_shade(R->gpu, R->subc, &R->px, &frags);
   free(plane);
   free(covered);
   return ok;
}

/* ------------------------------------------------------------ clipping */

/* Distance of a clip-space vertex to plane p (inside: >= 0): the fixed
 * planes from the position, then user clip distance p - FIXED_PLANES, the
 * vertex's word at 0x2c0 + 4 i, interpolated with the other words. */
static float
plane_dist(const struct raster *R, unsigned p, const struct cvert *c)
{
   const float *pos = &c->a[POS];
   const float x = pos[0], y = pos[1], z = pos[2], w = pos[3];
   switch (p) {
   case 0:
      return R->zero_to_w ? z : z + w; /* near */
   case 1:
      return w - z; /* far */
   case 2:
      return w - 1e-30f; /* w > 0 */
   case 3:
      return R->gbx * w - x;
   case 4:
      return R->gbx * w + x;
   case 5:
      return R->gby * w - y;
   case 6:
      return R->gby * w + y;
   default:
      return c->a[CLIP_DIST + p - FIXED_PLANES];
   }
}

/* Whether plane p clips: the fixed ones always, a user one if enabled
 * with OP CLIP. */
static bool
plane_clips(const struct raster *R, unsigned p)
{
   if (p < 2)
      return R->z_clip;
   return p < FIXED_PLANES || (R->clip_planes >> (p - FIXED_PLANES) & 1);
}

/* Whether the primitive of vertices v[0..n) is culled by a user cull
 * distance: one enabled with OP CULL that is negative at every vertex
 * (GL 4.6 "Primitive Clipping", Vulkan's cull distances; NaN is not
 * negative). */
static bool
culled(const struct raster *R, const struct cvert *v, unsigned n)
{
   for (unsigned i = 0; i < 8; i++) {
      if (!(R->cull_planes >> i & 1))
         continue;
      unsigned out = 0;
      for (unsigned k = 0; k < n; k++)
         out += v[k].a[CLIP_DIST + i] < 0;
      if (out == n)
         return true;
   }
   return false;
}

/* The point at t of edge a-b: words linear in clip space, except the
 * screen-linear ones (noperspective), which take the window-space
 * parameter of the same point, s = t w_b / ((1 - t) w_a + t w_b), so that
 * a clipped primitive interpolates them as the whole one would (GL 4.6
 * 13.7.1, "Clipping": noperspective values are interpolated in window
 * coordinates). */
static void
lerp(const struct raster *R, struct cvert *out, const struct cvert *a, const struct cvert *b,
     float t)
{
   const float wa = a->a[POS + 3], wb = b->a[POS + 3];
   const float den = (1 - t) * wa + t * wb;
   const float s = den != 0 ? t * wb / den : t;
   for (unsigned w = 0; w < W; w++) {
      /* A back colour is interpolated as the front one it stands for. */
      const unsigned m =
         jade_attr_is_back_color(w) ? R->imap[w - (BACK_COLOR - COLOR)] : R->imap[w];
      const float k =
         m == JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_SCREEN_LINEAR && (w < POS || w > POS + 3) ? s : t;
      out->a[w] = a->a[w] + (b->a[w] - a->a[w]) * k;
   }
}

/* Clips the polygon in[0..n) in place against every plane; the count. */
static unsigned
clip_polygon(const struct raster *R, struct cvert *poly, unsigned n, struct cvert *tmp)
{
   for (unsigned p = 0; p < PLANES && n; p++) {
      if (!plane_clips(R, p))
         continue;
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         const struct cvert *a = &poly[i], *b = &poly[(i + 1) % n];
         float da = plane_dist(R, p, a), db = plane_dist(R, p, b);
         if (da >= 0 && m < MAX_POLY)
            tmp[m++] = *a;
         if ((da >= 0) != (db >= 0) && m < MAX_POLY)
            lerp(R, &tmp[m++], a, b, da / (da - db));
      }
      memcpy(poly, tmp, m * sizeof(*tmp));
      n = m;
   }
   return n;
}

static void
to_window(const struct raster *R, const struct cvert *c, struct wvert *v)
{
   const float *p = &c->a[POS];
   double iw = 1.0 / p[3];
   v->x = p[0] * iw * R->sx + R->ox;
   v->y = p[1] * iw * R->sy + R->oy;
   v->z = p[2] * iw * R->sz + R->oz;
   if (R->lower_left)
      v->y = R->flip_h - v->y;
   v->invw = iw;
   v->a = c->a;
}

/* ------------------------------------------------------------ primitives */

static bool point_quad(struct raster *R, const struct wvert *v, const struct gpu_vertex *provoking,
                       bool front);
static bool line_quad(struct raster *R, const struct wvert *w0, const struct wvert *w1,
                      const struct gpu_vertex *provoking, bool front);

/* The clipped polygon wv[0..n) (n >= 3) after culling, as its face's
 * polygon mode says (GL 4.6 14.6.4, SET_FRONT/BACK_POLYGON_MODE): filled
 * (a fan of triangles), its edges as lines of the line width, or its
 * vertices as points of the point size, both keeping the polygon's
 * facing and offset by SET_POLY_OFFSET_LINE / _POINT.  Every edge of the
 * clipped polygon is drawn, those clipping made too, when SET_EDGE_FLAG is
 * TRUE; none when it is FALSE (one flag for every vertex). */
static bool
polygon(struct raster *R, const struct wvert *wv, unsigned n, const struct gpu_vertex *provoking,
        bool front)
{
   const uint32_t mode = front ? R->front_mode : R->back_mode;
   bool ok = true;
   if ((mode == NVC597_SET_FRONT_POLYGON_MODE_V_LINE ||
        mode == NVC597_SET_FRONT_POLYGON_MODE_V_POINT)) {
      if (!gpu_3d_known(R->gpu, R->subc, NVC597_SET_EDGE_FLAG,
                        "a LINE or POINT mode polygon's edges may or may not be drawn"))
         return false;
      if (!GPU_GET(R->gpu->method[R->subc][NVC597_SET_EDGE_FLAG / 4], NVC597_SET_EDGE_FLAG_V))
         return true;
   }
   if (mode == NVC597_SET_FRONT_POLYGON_MODE_V_LINE) {
      R->kind = PRIM_LINE;
      R->stipple_count = 0;
      for (unsigned i = 0; ok && i < n; i++)
         ok = line_quad(R, &wv[i], &wv[(i + 1) % n], provoking, front);
   } else if (mode == NVC597_SET_FRONT_POLYGON_MODE_V_POINT) {
      R->kind = PRIM_POINT;
      for (unsigned i = 0; ok && i < n; i++)
         ok = point_quad(R, &wv[i], provoking, front);
   } else {
      for (unsigned i = 1; ok && i + 1 < n; i++)
         ok = triangle(R, &wv[0], &wv[i], &wv[i + 1], provoking, front);
   }
   R->kind = PRIM_FILL;
   return ok;
}

/* The layer a primitive is drawn into (the render target array index):
 * SET_RT_LAYER.CONTROL GEOMETRY_SHADER_SELECTS_LAYER takes the provoking
 * vertex's a[0x64] when the last stage's OMAP names it (a geometry
 * program's gl_Layer; NAK_ATTR_RT_ARRAY_INDEX), V_SELECTS_LAYER the
 * method's V (NVK nvk_shader.c chooses CONTROL by whether the last stage
 * writes the layer; nvk_cmd_draw.c sets V for multiview). */
static uint32_t
layer_of(const struct raster *R, const struct gpu_vertex *provoking)
{
   const uint32_t m = R->gpu->method[R->subc][NVC597_SET_RT_LAYER / 4];
   if (GPU_GET(m, NVC597_SET_RT_LAYER_CONTROL) ==
       NVC597_SET_RT_LAYER_CONTROL_GEOMETRY_SHADER_SELECTS_LAYER)
      return R->layer_from_vertex ? provoking->a[JADE_ATTR_WORD(JADE_ATTR_RT_ARRAY_INDEX)] : 0;
   return GPU_GET(m, NVC597_SET_RT_LAYER_V);
}

/* The viewport (and scissor) a primitive is drawn through: the provoking
 * vertex's a[0x68] when the last stage's OMAP names it (a geometry
 * program's gl_ViewportIndex; NAK_ATTR_VIEWPORT_INDEX 0x068), its low four
 * bits (16 viewports, SET_VIEWPORT_*(j) in clc597.h; GL leaves an index
 * out of range undefined), else viewport 0.  No method enables it: NVK
 * (nvk_shader.c) and nvc0 only mark the output in the header's OMAP.
 * Makes it the current one: R->sx..oz, R->clip, R->gbx/gby. */
static void
viewport_of(struct raster *R, const struct gpu_vertex *provoking)
{
   unsigned i = 0;
   if (R->viewport_from_vertex)
      i = provoking->a[JADE_ATTR_WORD(JADE_ATTR_VIEWPORT_INDEX)] & (GPU_3D_VIEWPORTS - 1);
   const struct viewport *vp = &R->vp[i];
   R->viewport = i;
   R->sx = vp->sx, R->sy = vp->sy, R->sz = vp->sz;
   R->ox = vp->ox, R->oy = vp->oy, R->oz = vp->oz;
   R->clip = vp->clip;
   R->gbx = vp->gbx, R->gby = vp->gby;
}

/* The polygon of vertices v[0..n) (a triangle, a quad, a GL polygon):
 * culled by cull distances, clipped, its facing from its whole area,
 * drawn by polygon().  The clipper counters count it as the n - 2
 * triangles a filled polygon is drawn as. */
static bool
draw_polygon(struct raster *R, const struct gpu_vertex *const *v, unsigned n,
             const struct gpu_vertex *provoking)
{
   if (n < 3 || n > MAX_IN_POLY)
      return true;
   R->kind = PRIM_FILL;
   R->rt_index = layer_of(R, provoking);
   viewport_of(R, provoking);
   struct cvert *poly = malloc(2 * MAX_POLY * sizeof(struct cvert));
   if (!poly)
      return false;
   for (unsigned i = 0; i < n; i++)
      vert_of(v[i], &poly[i]);
   const unsigned triangles = n - 2;
   n = culled(R, poly, n) ? 0 : clip_polygon(R, poly, n, poly + MAX_POLY);
   bool ok = true;
   R->gpu->counters3d.clipper_invocations += triangles;
   if (n >= 3) {
      R->gpu->counters3d.clipper_primitives += triangles;
      struct wvert wv[MAX_POLY];
      for (unsigned i = 0; i < n; i++)
         to_window(R, &poly[i], &wv[i]);
      double area = 0;
      for (unsigned i = 0; i < n; i++) {
         const struct wvert *p = &wv[i], *q = &wv[(i + 1) % n];
         area += p->x * q->y - q->x * p->y;
      }
      /* Rows downwards: counter-clockwise is a negative area. */
      bool ccw = area < 0;
      bool front = ccw == R->front_ccw;
      if (area != 0 && !(R->cull && ((front && R->cull_front) || (!front && R->cull_back))))
         ok = polygon(R, wv, n, provoking, front);
   }
   free(poly);
   return ok;
}

static bool
draw_triangle(struct raster *R, const struct gpu_vertex *a, const struct gpu_vertex *b,
              const struct gpu_vertex *c, const struct gpu_vertex *provoking)
{
   const struct gpu_vertex *v[3] = {a, b, c};
   return draw_polygon(R, v, 3, provoking);
}

/* A quad of window positions p[4] carrying the attributes of a (corners
 * 0, 1) and b (corners 2, 3), drawn as two triangles facing as `front`
 * says (lines and points face front; a polygon's edges and vertices in
 * LINE and POINT mode keep the polygon's facing: GL 4.6 14.6.4). */
static bool
draw_quad(struct raster *R, struct wvert q[4], const struct gpu_vertex *provoking, bool front)
{
   return triangle(R, &q[0], &q[1], &q[2], provoking, front) &&
          triangle(R, &q[0], &q[2], &q[3], provoking, front);
}

/* The line w0-w1 in window space: GL's non-antialiased wide line, a
 * parallelogram of the line width across the minor axis. */
static bool
line_quad(struct raster *R, const struct wvert *w0, const struct wvert *w1,
          const struct gpu_vertex *provoking, bool front)
{
   const uint32_t *m = R->gpu->method[R->subc];
   float width =
      GPU_GET(m[NVC597_SET_ALIASED_LINE_WIDTH_ENABLE / 4], NVC597_SET_ALIASED_LINE_WIDTH_ENABLE_V)
         ? uif(m[NVC597_SET_ALIASED_LINE_WIDTH_FLOAT / 4])
         : uif(m[NVC597_SET_LINE_WIDTH_FLOAT / 4]);
   if (!(width > 0))
      width = 1;
   bool xmajor = fabs(w1->x - w0->x) >= fabs(w1->y - w0->y);
   double ox = xmajor ? 0 : width / 2, oy = xmajor ? width / 2 : 0;
   /* The start snapped as the rasteriser snaps vertices (1/256 pixel), so
    * a start on a pixel centre counts that pixel as fragment 0. */
   R->line_x0 = round(w0->x * 256) / 256;
   R->line_y0 = round(w0->y * 256) / 256;
   R->line_xmajor = xmajor;
   R->line_base = R->stipple_count;
   R->stipple_count += xmajor ? fabs(round(w1->x * 256) / 256 - R->line_x0)
                              : fabs(round(w1->y * 256) / 256 - R->line_y0);
   struct wvert q[4] = {*w0, *w0, *w1, *w1};
   q[0].x -= ox, q[0].y -= oy;
   q[1].x += ox, q[1].y += oy;
   q[2].x += ox, q[2].y += oy;
   q[3].x -= ox, q[3].y -= oy;
   /* GL's diamond exit draws a line's first pixel and not its last.  The
    * top-left rule gives that for lines going right or down (the start on
    * the included left/top edge); a line going left or up is moved by one
    * subpixel (1/256, what survives snapping) so that its start, not its
    * end, is inside. */
   const double step = 1.0 / 256;
   for (unsigned i = 0; i < 4; i++) {
      if (xmajor && w1->x < w0->x)
         q[i].x += step;
      else if (!xmajor && w1->y < w0->y)
         q[i].y += step;
   }
   return draw_quad(R, q, provoking, front);
}

static bool
draw_line(struct raster *R, const struct gpu_vertex *a, const struct gpu_vertex *b,
          const struct gpu_vertex *provoking)
{
   R->kind = PRIM_LINE;
   R->rt_index = layer_of(R, provoking);
   viewport_of(R, provoking);
   struct cvert *c = malloc(2 * sizeof(struct cvert));
   if (!c)
      return false;
   vert_of(a, &c[0]);
   vert_of(b, &c[1]);
   R->gpu->counters3d.clipper_invocations++;
   if (culled(R, c, 2)) {
      free(c);
      return true;
   }
   float t0 = 0, t1 = 1;
   for (unsigned p = 0; p < PLANES; p++) {
      if (!plane_clips(R, p))
         continue;
      float d0 = plane_dist(R, p, &c[0]), d1 = plane_dist(R, p, &c[1]);
      if (d0 < 0 && d1 < 0) {
         free(c);
         return true;
      }
      if (d0 < 0)
         t0 = fmaxf(t0, d0 / (d0 - d1));
      else if (d1 < 0)
         t1 = fminf(t1, d0 / (d0 - d1));
   }
   if (t0 >= t1) {
      free(c);
      return true;
   }
   struct cvert *e = malloc(2 * sizeof(struct cvert));
   if (!e) {
      free(c);
      return false;
   }
   R->gpu->counters3d.clipper_primitives++;
   lerp(R, &e[0], &c[0], &c[1], t0);
   lerp(R, &e[1], &c[0], &c[1], t1);
   struct wvert w0, w1;
   to_window(R, &e[0], &w0);
   to_window(R, &e[1], &w1);
   bool ok = line_quad(R, &w0, &w1, provoking, true);
   free(e);
   free(c);
   return ok;
}

/* A point's corner (right: s = 1, low: the larger window row) gets the
 * sprite coordinates: the point coordinate a[0x2e0], a[0x2e4] (what NAK
 * reads for gl_PointCoord) and, with SET_POINT_SPRITE, the texture
 * coordinates SET_POINT_SPRITE_SELECT.TEXTUREi says GENERATE: (s, t, r, 1)
 * with r by RMODE (0, the vertex's r, or s).  ORIGIN TOP puts t = 0 at
 * the corner with the smaller row, as NVK programs it for Vulkan's
 * upper-left point coordinates; BOTTOM at the larger. */
static void
sprite_coords(const struct raster *R, struct cvert *v, bool right, bool low)
{
   const uint32_t sel = R->gpu->method[R->subc][NVC597_SET_POINT_SPRITE_SELECT / 4];
   const bool top = GPU_GET(sel, NVC597_SET_POINT_SPRITE_SELECT_ORIGIN) ==
                    NVC597_SET_POINT_SPRITE_SELECT_ORIGIN_TOP;
   const float s = right ? 1.0f : 0.0f, t = low == top ? 1.0f : 0.0f;
   v->a[JADE_ATTR_WORD(JADE_ATTR_POINT_SPRITE_S)] = s;
   v->a[JADE_ATTR_WORD(JADE_ATTR_POINT_SPRITE_T)] = t;
   if (!GPU_GET(R->gpu->method[R->subc][NVC597_SET_POINT_SPRITE / 4],
                NVC597_SET_POINT_SPRITE_ENABLE))
      return;
   const unsigned rmode = GPU_GET(sel, NVC597_SET_POINT_SPRITE_SELECT_RMODE);
   for (unsigned i = 0; i < JADE_ATTR_TEX_COORD_COUNT; i++) {
      if (!(sel >> (3 + i) & 1))
         continue;
      float *tc = &v->a[JADE_ATTR_WORD(JADE_ATTR_TEX_COORD(i))];
      tc[2] = rmode == NVC597_SET_POINT_SPRITE_SELECT_RMODE_FROM_R   ? tc[2]
              : rmode == NVC597_SET_POINT_SPRITE_SELECT_RMODE_FROM_S ? s
                                                                     : 0.0f;
      tc[0] = s, tc[1] = t, tc[3] = 1.0f;
   }
}

/* The point at window position v (its attributes v->a): a square of the
 * point size (SET_POINT_SIZE, or a[0x6c] when SET_ATTRIBUTE_POINT_SIZE
 * enables it) centred on it, each corner with its sprite coordinates. */
static bool
point_quad(struct raster *R, const struct wvert *v, const struct gpu_vertex *provoking, bool front)
{
   const uint32_t *m = R->gpu->method[R->subc];
   if (!gpu_3d_known(R->gpu, R->subc, NVC597_SET_POINT_CENTER_MODE,
                     "points may follow OGL's or D3D's rules"))
      return false;
   if (m[NVC597_SET_POINT_CENTER_MODE / 4] != NVC597_SET_POINT_CENTER_MODE_V_OGL)
      gpu_3d_not_modelled(R->gpu, R->subc, 10, "SET_POINT_CENTER_MODE D3D (drawn as OGL)");
   float size = uif(m[NVC597_SET_POINT_SIZE / 4]);
   if (m[NVC597_SET_ATTRIBUTE_POINT_SIZE / 4] & 1)
      size = v->a[JADE_ATTR_WORD(JADE_ATTR_POINT_SIZE)];
   if (!(size > 0))
      size = 1;
   struct wvert q[4] = {*v, *v, *v, *v};
   double r = size / 2;
   q[0].x -= r, q[0].y -= r;
   q[1].x += r, q[1].y -= r;
   q[2].x += r, q[2].y += r;
   q[3].x -= r, q[3].y += r;
   /* Sprite coordinates: each corner its own words. */
   struct cvert *corner = malloc(4 * sizeof(struct cvert));
   if (!corner)
      return false;
   for (unsigned i = 0; i < 4; i++) {
      memcpy(corner[i].a, v->a, sizeof(corner[i].a));
      sprite_coords(R, &corner[i], i == 1 || i == 2, i >= 2);
      q[i].a = corner[i].a;
   }
   bool ok = draw_quad(R, q, provoking, front);
   free(corner);
   return ok;
}

static bool
draw_point(struct raster *R, const struct gpu_vertex *a)
{
   R->kind = PRIM_POINT;
   R->rt_index = layer_of(R, a);
   viewport_of(R, a);
   struct cvert *c = malloc(sizeof(struct cvert));
   if (!c)
      return false;
   vert_of(a, c);
   /* A point is kept whole or dropped: by near, far, w > 0 and the user
    * distances at its vertex (x and y are left to the pixel rectangle). */
   bool out = culled(R, c, 1);
   for (unsigned p = 0; p < PLANES && !out; p++)
      out = (p < 3 || p >= FIXED_PLANES) && plane_clips(R, p) && !(plane_dist(R, p, c) >= 0);
   R->gpu->counters3d.clipper_invocations++;
   if (out) {
      free(c);
      return true;
   }
   R->gpu->counters3d.clipper_primitives++;
   struct wvert v;
   to_window(R, c, &v);
   bool ok = point_quad(R, &v, a, true);
   free(c);
   return ok;
}

static bool
setup(struct raster *R, struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_stage *ps,
      uint32_t instance)
{
   memset(R, 0, sizeof(*R));
   R->gpu = gpu;
   R->subc = subc;
   if (!gpu_3d_known(gpu, subc, NVC597_SET_VIEWPORT_CLIP_CONTROL,
                     "depth clipping and clamping are undefined") ||
       !gpu_3d_known(gpu, subc, NVC597_SET_VIEWPORT_SCALE_OFFSET,
                     "the viewport transform may or may not apply") ||
       !gpu_3d_known(gpu, subc, NVC597_SET_WINDOW_ORIGIN,
                     "y may count from the top or the bottom") ||
       !gpu_3d_known(gpu, subc, NVC597_SET_VIEWPORT_PIXEL,
                     "pixel centres may lie at integers or half-integers"))
      return false;
   if (!gpu_3d_pixel_begin(gpu, subc, ps, &R->px))
      return false;
   for (unsigned w = 0; w < W; w++)
      R->imap[w] = gpu_3d_ps_imap(&R->px.h, w);
   if (GPU_GET(M(subc, SET_VIEWPORT_PIXEL), NVC597_SET_VIEWPORT_PIXEL_CENTER) ==
       NVC597_SET_VIEWPORT_PIXEL_CENTER_AT_INTEGERS)
      gpu_3d_not_modelled(gpu, subc, 11,
                          "SET_VIEWPORT_PIXEL CENTER_AT_INTEGERS (drawn with "
                          "centres at half-integers)");
   if (GPU_GET(M(subc, SET_WINDOW_ORIGIN), NVC597_SET_WINDOW_ORIGIN_FLIP_Y))
      gpu_3d_not_modelled(gpu, subc, 12, "SET_WINDOW_ORIGIN FLIP_Y (ignored)");
   R->zero_to_w = GPU_GET(M(subc, SET_VIEWPORT_Z_CLIP), NVC597_SET_VIEWPORT_Z_CLIP_RANGE) ==
                  NVC597_SET_VIEWPORT_Z_CLIP_RANGE_ZERO_TO_POSITIVE_W;
   R->provoking_last = GPU_GET(M(subc, SET_PROVOKING_VERTEX), NVC597_SET_PROVOKING_VERTEX_V) ==
                       NVC597_SET_PROVOKING_VERTEX_V_LAST;
   R->cull = GPU_GET(M(subc, OGL_SET_CULL), NVC597_OGL_SET_CULL_ENABLE);
   uint32_t face = M(subc, OGL_SET_CULL_FACE);
   R->cull_front =
      face == NVC597_OGL_SET_CULL_FACE_V_FRONT || face == NVC597_OGL_SET_CULL_FACE_V_FRONT_AND_BACK;
   R->cull_back =
      face == NVC597_OGL_SET_CULL_FACE_V_BACK || face == NVC597_OGL_SET_CULL_FACE_V_FRONT_AND_BACK;
   R->front_ccw = M(subc, OGL_SET_FRONT_FACE) != NVC597_OGL_SET_FRONT_FACE_V_CW;
   R->two_sided = GPU_GET(M(subc, SET_TWO_SIDED_LIGHT), NVC597_SET_TWO_SIDED_LIGHT_ENABLE);
   const unsigned gclip =
      GPU_GET(M(subc, SET_VIEWPORT_CLIP_CONTROL), NVC597_SET_VIEWPORT_CLIP_CONTROL_GEOMETRY_CLIP);
   R->z_clip = gclip == NVC597_SET_VIEWPORT_CLIP_CONTROL_GEOMETRY_CLIP_FRUSTUM_XYZ_CLIP ||
               gclip == NVC597_SET_VIEWPORT_CLIP_CONTROL_GEOMETRY_CLIP_FRUSTUM_Z_CLIP;
   R->lower_left = GPU_GET(M(subc, SET_WINDOW_ORIGIN), NVC597_SET_WINDOW_ORIGIN_MODE) ==
                   NVC597_SET_WINDOW_ORIGIN_MODE_LOWER_LEFT;
   /* LOWER_LEFT counts rows from the bottom of the surface clip (scissors
    * are in the same window coordinates and do not move it). */
   R->flip_h = gpu_3d_clip_rect(gpu, subc, false).y1;
   const bool scale_offset =
      GPU_GET(M(subc, SET_VIEWPORT_SCALE_OFFSET), NVC597_SET_VIEWPORT_SCALE_OFFSET_ENABLE);
   for (unsigned i = 0; i < GPU_3D_VIEWPORTS; i++) {
      struct viewport *vp = &R->vp[i];
      const uint32_t *m = gpu->method[subc];
      vp->sx = uif(m[NVC597_SET_VIEWPORT_SCALE_X(i) / 4]);
      vp->sy = uif(m[NVC597_SET_VIEWPORT_SCALE_Y(i) / 4]);
      vp->sz = uif(m[NVC597_SET_VIEWPORT_SCALE_Z(i) / 4]);
      vp->ox = uif(m[NVC597_SET_VIEWPORT_OFFSET_X(i) / 4]);
      vp->oy = uif(m[NVC597_SET_VIEWPORT_OFFSET_Y(i) / 4]);
      vp->oz = uif(m[NVC597_SET_VIEWPORT_OFFSET_Z(i) / 4]);
      if (!scale_offset) {
         vp->sx = vp->sy = vp->sz = 1;
         vp->ox = vp->oy = vp->oz = 0;
      }
      vp->clip = gpu_3d_clip_rect_vp(gpu, subc, true, i);
      /* The viewport's rectangle: where x/y clipping would cut. */
      double vx0 = vp->ox - fabs(vp->sx), vx1 = vp->ox + fabs(vp->sx);
      double vy0 = vp->oy - fabs(vp->sy), vy1 = vp->oy + fabs(vp->sy);
      if (R->lower_left) {
         double t = R->flip_h - vy1;
         vy1 = R->flip_h - vy0;
         vy0 = t;
      }
      gpu_3d_rect_clip(&vp->clip, (int32_t)ceil(vx0 - 0.5), (int32_t)ceil(vy0 - 0.5),
                       (int32_t)ceil(vx1 - 0.5), (int32_t)ceil(vy1 - 0.5));
      gpu_3d_rect_clip(&vp->clip, -32768, -32768, 32768, 32768);
      vp->gbx = fabs(vp->sx) > 0 ? (float)((GUARD - fabs(vp->ox)) / fabs(vp->sx)) : 1e30f;
      vp->gby = fabs(vp->sy) > 0 ? (float)((GUARD - fabs(vp->oy)) / fabs(vp->sy)) : 1e30f;
      if (vp->gbx < 1)
         vp->gbx = 1;
      if (vp->gby < 1)
         vp->gby = 1;
   }
   R->viewport_from_vertex = false;
   viewport_of(R, NULL);
   /* User clip distances: SET_USER_CLIP_ENABLE PLANEi (bit i) enables
    * distance i, SET_USER_CLIP_OP PLANEi (bit 4 i) makes it a cull
    * distance instead of a clip distance (NVK nvk_shader.c enables clip
    * and cull distances and sets OP CULL for the cull ones). */
   const uint32_t enable = M(subc, SET_USER_CLIP_ENABLE), op = M(subc, SET_USER_CLIP_OP);
   for (unsigned i = 0; i < 8; i++) {
      if (!(enable >> i & 1))
         continue;
      if (op >> (4 * i) & 1)
         R->cull_planes |= 1u << i;
      else
         R->clip_planes |= 1u << i;
   }
   /* What is not modelled is said, not silently drawn as something else
    * (0 before any method: the reset value is taken as fill). */
   R->front_mode = M(subc, SET_FRONT_POLYGON_MODE);
   R->back_mode = M(subc, SET_BACK_POLYGON_MODE);
   R->stipple = GPU_GET(M(subc, SET_POLYGON_STIPPLE), NVC597_SET_POLYGON_STIPPLE_ENABLE);
   R->line_stipple = GPU_GET(M(subc, SET_LINE_STIPPLE), NVC597_SET_LINE_STIPPLE_ENABLE);
   const uint32_t lsp = M(subc, SET_LINE_STIPPLE_PARAMETERS);
   R->stipple_factor = GPU_GET(lsp, NVC597_SET_LINE_STIPPLE_PARAMETERS_FACTOR) + 1;
   R->stipple_pattern = (uint16_t)GPU_GET(lsp, NVC597_SET_LINE_STIPPLE_PARAMETERS_PATTERN);
   (void)instance;
   return true;
}

unsigned
gpu_3d_primitive_count(unsigned topology, unsigned n)
{
   switch (topology) {
   case NVC597_BEGIN_OP_POINTS:
      return n;
   case NVC597_BEGIN_OP_LINES:
      return n / 2;
   case NVC597_BEGIN_OP_LINE_STRIP:
      return n >= 2 ? n - 1 : 0;
   case NVC597_BEGIN_OP_LINE_LOOP:
      return n >= 2 ? n : 0;
   case NVC597_BEGIN_OP_TRIANGLES:
      return n / 3;
   case NVC597_BEGIN_OP_TRIANGLE_STRIP:
   case NVC597_BEGIN_OP_TRIANGLE_FAN:
      return n >= 3 ? n - 2 : 0;
   case NVC597_BEGIN_OP_QUADS:
      return n / 4;
   case NVC597_BEGIN_OP_QUAD_STRIP:
      return n >= 4 ? (n - 2) / 2 : 0;
   case NVC597_BEGIN_OP_POLYGON:
      return n >= 3;
   case NVC597_BEGIN_OP_LINELIST_ADJCY:
      return n / 4;
   case NVC597_BEGIN_OP_LINESTRIP_ADJCY:
      return n >= 4 ? n - 3 : 0;
   case NVC597_BEGIN_OP_TRIANGLELIST_ADJCY:
      return n / 6;
   case NVC597_BEGIN_OP_TRIANGLESTRIP_ADJCY:
      return n >= 6 ? (n - 4) / 2 : 0;
   default:
      return 0; /* patches: SET_PATCH's size is not read */
   }
}

/* The pixel stage's primitive id of primitive i of the run, whose
 * provoking vertex is p (enum gpu_3d_primitive_ids). */
static uint32_t
primitive_id_of(const struct gpu_3d_run *run, unsigned i, const struct gpu_vertex *p)
{
   switch (run->primitive_ids) {
   case GPU_3D_PRIMITIVE_ID_RUN:
      return run->primitive_id;
   case GPU_3D_PRIMITIVE_ID_VERTEX:
      return p->a[PRIMID];
   default:
      return run->primitive_id + i;
   }
}

static bool
raster_one(struct raster *R, const struct gpu_3d_run *run)
{
   struct jade_gpu *gpu = R->gpu;
   const unsigned subc = R->subc;
   const struct gpu_vertex *v = run->v;
   const unsigned n = run->count;
   const bool last = R->provoking_last;
   bool ok = true;
   R->layer_from_vertex = run->layer_from_vertex;
   R->viewport_from_vertex = run->viewport_from_vertex;
   switch (run->topology) {
   case NVC597_BEGIN_OP_POINTS:
      for (unsigned i = 0; ok && i < n; i++) {
         R->primitive_id = primitive_id_of(run, i, &v[i]);
         ok = draw_point(R, &v[i]);
      }
      break;
   case NVC597_BEGIN_OP_LINES:
      for (unsigned i = 0; ok && i + 1 < n; i += 2) {
         const struct gpu_vertex *p = &v[last ? i + 1 : i];
         R->primitive_id = primitive_id_of(run, i / 2, p);
         R->stipple_count = 0;
         ok = draw_line(R, &v[i], &v[i + 1], p);
      }
      break;
   case NVC597_BEGIN_OP_LINE_STRIP:
   case NVC597_BEGIN_OP_LINE_LOOP:
      R->stipple_count = 0;
      for (unsigned i = 0; ok && i + 1 < n; i++) {
         const struct gpu_vertex *p = &v[last ? i + 1 : i];
         R->primitive_id = primitive_id_of(run, i, p);
         ok = draw_line(R, &v[i], &v[i + 1], p);
      }
      if (ok && run->topology == NVC597_BEGIN_OP_LINE_LOOP && n >= 2) {
         const struct gpu_vertex *p = &v[last ? 0 : n - 1];
         R->primitive_id = primitive_id_of(run, n - 1, p);
         ok = draw_line(R, &v[n - 1], &v[0], p);
      }
      break;
   case NVC597_BEGIN_OP_TRIANGLES:
      for (unsigned i = 0; ok && i + 2 < n; i += 3) {
         const struct gpu_vertex *p = &v[last ? i + 2 : i];
         R->primitive_id = primitive_id_of(run, i / 3, p);
         ok = draw_triangle(R, &v[i], &v[i + 1], &v[i + 2], p);
      }
      break;
   case NVC597_BEGIN_OP_TRIANGLE_STRIP:
      for (unsigned i = 0; ok && i + 2 < n; i++) {
         const struct gpu_vertex *p = &v[last ? i + 2 : i];
         R->primitive_id = primitive_id_of(run, i, p);
         ok = i % 2 ? draw_triangle(R, &v[i + 1], &v[i], &v[i + 2], p)
                    : draw_triangle(R, &v[i], &v[i + 1], &v[i + 2], p);
      }
      break;
   case NVC597_BEGIN_OP_TRIANGLE_FAN:
      for (unsigned i = 0; ok && i + 2 < n; i++) {
         const struct gpu_vertex *p = &v[last ? i + 2 : i + 1];
         R->primitive_id = primitive_id_of(run, i, p);
         ok = draw_triangle(R, &v[0], &v[i + 1], &v[i + 2], p);
      }
      break;
   case NVC597_BEGIN_OP_QUADS:
      for (unsigned i = 0; ok && i + 3 < n; i += 4) {
         const struct gpu_vertex *p = &v[last ? i + 3 : i];
         R->primitive_id = primitive_id_of(run, i / 4, p);
         const struct gpu_vertex *q[4] = {&v[i], &v[i + 1], &v[i + 2], &v[i + 3]};
         ok = draw_polygon(R, q, 4, p);
      }
      break;
   case NVC597_BEGIN_OP_QUAD_STRIP:
      for (unsigned i = 0; ok && i + 3 < n; i += 2) {
         const struct gpu_vertex *p = &v[last ? i + 3 : i];
         R->primitive_id = primitive_id_of(run, i / 2, p);
         const struct gpu_vertex *q[4] = {&v[i], &v[i + 1], &v[i + 3], &v[i + 2]};
         ok = draw_polygon(R, q, 4, p);
      }
      break;
   case NVC597_BEGIN_OP_POLYGON:
      R->primitive_id = n ? primitive_id_of(run, 0, &v[0]) : 0;
      if (n > MAX_IN_POLY) {
         /* More vertices than the clipper's polygon holds: a fan. */
         for (unsigned i = 0; ok && i + 2 < n; i++)
            ok = draw_triangle(R, &v[0], &v[i + 1], &v[i + 2], &v[0]);
      } else if (n >= 3) {
         const struct gpu_vertex *q[MAX_POLY];
         for (unsigned i = 0; i < n; i++)
            q[i] = &v[i];
         ok = draw_polygon(R, q, n, &v[0]);
      }
      break;
   default:
      gpu_3d_not_modelled(gpu, subc, 5, "adjacency and patch topologies");
      break;
   }
   return ok;
}

bool
gpu_3d_raster_runs(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_run *runs,
                   unsigned count, const struct gpu_3d_stage *ps)
{
   if (!count)
      return true;
   struct raster *R = malloc(sizeof(*R));
   if (!R)
      return false;
   if (!setup(R, gpu, subc, ps, runs[0].instance)) {
      free(R);
      return false;
   }
   bool ok = true;
   for (unsigned i = 0; ok && i < count; i++)
      ok = raster_one(R, &runs[i]);
   free(R);
   return ok;
}

bool
gpu_3d_raster_run(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_run *run,
                  const struct gpu_3d_stage *ps)
{
   return gpu_3d_raster_runs(gpu, subc, run, 1, ps);
}
