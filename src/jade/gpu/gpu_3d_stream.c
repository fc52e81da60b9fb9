/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Stream output (transform feedback), the 3D pipeline's report counters
 * and conditional rendering (gpu_3d.h), from the hardware's side
 * (clc597.h field names).  Where each rule comes from:
 * - capture happens after the last pre-rasterisation stage (the vertex
 *   stage, or the geometry stage when one is enabled: gpu_3d_geometry.c),
 *   before clipping, by primitive: the
 *   run's points, lines and triangles as the GL 4.6 spec's "Transform
 *   Feedback Primitive Capture" records them (strips, loops and fans as
 *   separate primitives; the vertex order the rasteriser assembles them
 *   in, gpu_3d_raster.c: strips' odd triangles (i + 1, i, i + 2), fans
 *   (0, i + 1, i + 2), a loop's closing line last, quads and polygons
 *   split into triangles); incomplete primitives are dropped by the draw;
 * - SET_STREAM_OUTPUT.ENABLE turns capture on; buffer j
 *   (SET_STREAM_OUT_BUFFER_ENABLE(j)) at ADDRESS_A/B(j), SIZE(j) bytes,
 *   takes the vertices of stream SET_STREAM_OUT_CONTROL_STREAM(j).SELECT
 *   (the run's stream: the one a geometry program emitted the vertices
 *   to, 0 without one; GL 4.6 "Transform Feedback" with
 *   ARB_transform_feedback3's streams); each vertex writes
 *   COMPONENT_COUNT(j) words, word k the vertex's attribute word
 *   SET_STREAM_OUT_LAYOUT_SELECT(j, k / 4) byte k % 4 names (attribute
 *   address / 4: NAK nak_nir.c nak_xfb_from_nir, attr_addr / 4 +
 *   component; NVK nvk_shader.c uploads the bytes as words), 0xff a word
 *   left as it is (NAK's and NVK's "= skip"; GL's gl_SkipComponents),
 *   at the buffer's write pointer, which then advances by
 *   SET_STREAM_OUT_CONTROL_STRIDE(j) bytes;
 * - SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER(j) sets the write pointer,
 *   bytes from ADDRESS (NVK loads it with the STREAMING_BYTE_COUNT it
 *   reported, nvk_mme_xfb_counter_load; nvc0 with the report's word at
 *   byte 4, nvc0_tfb_validate); it is kept across draws until loaded
 *   again;
 * - a primitive that does not fit in every enabled buffer of its stream
 *   (write pointer + vertices * stride past SIZE) is written to none of
 *   them (GL 4.6: "no vertices of that primitive are recorded in any
 *   buffer object"); STREAMING_PRIMITIVES_NEEDED counts the primitives
 *   while capture is on, _SUCCEEDED the ones written (nvc0 and NVK read
 *   their difference as the overflow predicate, NVK as
 *   VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT's two values), by stream;
 *   VTG_PRIMITIVES_OUT counts every primitive the run makes, capture on
 *   or off, by stream (GL's PRIMITIVES_GENERATED: NVK and Jade read it);
 * - SET_RASTER_ENABLE.V FALSE (rasterizer discard) ends a run there:
 *   nothing is rasterised (gpu_3d_draw.c);
 * - the counters (report semaphores of REPORT = ..., gpu_engine.c writes
 *   them): DA_VERTICES_GENERATED the vertices of the runs,
 *   DA_PRIMITIVES_GENERATED their primitives (gpu_3d_primitive_count),
 *   VS_INVOCATIONS the vertices shaded (every distinct index of a batch
 *   once: GL and Vulkan let an implementation share them), CLIPPER_
 *   INVOCATIONS the points, lines and triangles reaching the clipper,
 *   CLIPPER_PRIMITIVES_GENERATED those not wholly clipped or culled by
 *   clip and cull distances, PS_INVOCATIONS the covered pixels the pixel
 *   program runs for (not helpers), ZPASS_PIXEL_CNT(64) the samples (one
 *   a pixel: no multisampling is modelled) passing the per-fragment tests
 *   (gpu_3d_zeta.c) while SET_ZPASS_PIXEL_COUNT.ENABLE (NVK and Jade
 *   enable it around occlusion queries); GS_INVOCATIONS the geometry
 *   threads run (an input primitive's each invocation), GS_PRIMITIVES_
 *   GENERATED the points, lines and triangles they emitted, every stream
 *   (gpu_3d_geometry.c; NVK nvk_query_pool.c reports them for Vulkan's
 *   GEOMETRY_SHADER_INVOCATIONS and _PRIMITIVES statistics); TI_INVOCATIONS
 *   the patches through a tessellation control program, TS_INVOCATIONS
 *   the tessellation program's threads, TS_PRIMITIVES_GENERATED the
 *   tessellator's primitives (gpu_3d_tess.c; NVK reports the first two for
 *   Vulkan's TESSELLATION_CONTROL_SHADER_PATCHES and
 *   TESSELLATION_EVALUATION_SHADER_INVOCATIONS); other counters read 0; SUB_REPORT picks the stream (or, for
 *   STREAMING_BYTE_COUNT, the buffer: nvc0's TFB_BUFFER_OFFSET query is
 *   "indexed by TFB buffer", NVK reports sub_report = buffer);
 *   CLEAR_REPORT_VALUE.TYPE zeroes one (the streaming ones of all
 *   streams);
 * - SET_RENDER_ENABLE_C.MODE: FALSE renders nothing, TRUE everything,
 *   RENDER_IF_EQUAL / _NOT_EQUAL compare the 64-bit values at
 *   SET_RENDER_ENABLE_A/B and 16 bytes on (nvc0's SO overflow predicate
 *   data64[0] vs data64[2] under COND_MODE EQUAL / NOT_EQUAL; NVK's
 *   conditional rendering copies its value to a 16-byte aligned pair it
 *   compares the same way); CONDITIONAL is reported as not implemented
 *   (and renders); SET_RENDER_ENABLE_OVERRIDE ALWAYS_RENDER /
 *   NEVER_RENDER win over it.  Draws and CLEAR_SURFACE obey it.  The
 *   model's method store starts at 0, MODE FALSE: a channel must program
 *   it (NVK's nvk_push_draw_state_init and Jade's channel setup set
 *   MODE TRUE).
 * DRAW_AUTO (a draw of a buffer's vertices by its byte count) is a draw
 * method: gpu_3d_draw.c.  Not modelled: the REPORT_DWORD_NUMBER field.
 */

#include <string.h>

#include "nvidia/classes/clc597.h"

#include "gpu_3d.h"

#define M(name)     gpu->method[subc][NVC597_##name / 4]
#define MI(name, j) gpu->method[subc][NVC597_##name(j) / 4]

#define BUFFERS 4
#define STREAMS 4 /* vertex streams (SET_STREAM_OUT_CONTROL_STREAM_SELECT 1:0) */

struct so_buffer {
   bool on;
   uint64_t va;
   uint32_t size, stride, count;
   uint8_t select[128];
};

/* Points, lines and triangles of a run, each as its vertex numbers in the
 * order the rasteriser assembles them (gpu_3d_raster.c). */
static unsigned
base_primitive_count(unsigned topology, unsigned n)
{
   switch (topology) {
   case NVC597_BEGIN_OP_QUADS:
      return n / 4 * 2;
   case NVC597_BEGIN_OP_QUAD_STRIP:
      return n >= 4 ? (n - 2) / 2 * 2 : 0;
   case NVC597_BEGIN_OP_POLYGON:
      return n >= 3 ? n - 2 : 0;
   default:
      return gpu_3d_primitive_count(topology, n);
   }
}

static unsigned
base_primitive(unsigned topology, unsigned n, unsigned p, unsigned v[3])
{
   switch (topology) {
   case NVC597_BEGIN_OP_POINTS:
      v[0] = p;
      return 1;
   case NVC597_BEGIN_OP_LINES:
      v[0] = 2 * p, v[1] = 2 * p + 1;
      return 2;
   case NVC597_BEGIN_OP_LINE_STRIP:
   case NVC597_BEGIN_OP_LINE_LOOP:
      v[0] = p, v[1] = p + 1 < n ? p + 1 : 0;
      return 2;
   case NVC597_BEGIN_OP_TRIANGLES:
      v[0] = 3 * p, v[1] = 3 * p + 1, v[2] = 3 * p + 2;
      return 3;
   case NVC597_BEGIN_OP_TRIANGLE_STRIP:
      v[0] = p % 2 ? p + 1 : p, v[1] = p % 2 ? p : p + 1, v[2] = p + 2;
      return 3;
   case NVC597_BEGIN_OP_TRIANGLE_FAN:
   case NVC597_BEGIN_OP_POLYGON:
      v[0] = 0, v[1] = p + 1, v[2] = p + 2;
      return 3;
   case NVC597_BEGIN_OP_QUADS: {
      const unsigned q = 4 * (p / 2);
      v[0] = q, v[1] = q + 1 + p % 2, v[2] = q + 2 + p % 2;
      return 3;
   }
   case NVC597_BEGIN_OP_QUAD_STRIP: {
      const unsigned q = 2 * (p / 2);
      if (p % 2 == 0)
         v[0] = q, v[1] = q + 1, v[2] = q + 3;
      else
         v[0] = q, v[1] = q + 3, v[2] = q + 2;
      return 3;
   }
   default:
      return 0;
   }
}

static void
read_buffer(const struct jade_gpu *gpu, unsigned subc, unsigned j, unsigned stream,
            struct so_buffer *b)
{
   b->on = GPU_GET(MI(SET_STREAM_OUT_BUFFER_ENABLE, j), NVC597_SET_STREAM_OUT_BUFFER_ENABLE_V) &&
           GPU_GET(MI(SET_STREAM_OUT_CONTROL_STREAM, j),
                   NVC597_SET_STREAM_OUT_CONTROL_STREAM_SELECT) == stream;
   if (!b->on)
      return;
   b->va =
      GPU_VA(MI(SET_STREAM_OUT_BUFFER_ADDRESS_A, j), NVC597_SET_STREAM_OUT_BUFFER_ADDRESS_A_UPPER,
             MI(SET_STREAM_OUT_BUFFER_ADDRESS_B, j));
   b->size = MI(SET_STREAM_OUT_BUFFER_SIZE, j);
   b->stride = MI(SET_STREAM_OUT_CONTROL_STRIDE, j);
   b->count = GPU_GET(MI(SET_STREAM_OUT_CONTROL_COMPONENT_COUNT, j),
                      NVC597_SET_STREAM_OUT_CONTROL_COMPONENT_COUNT_MAX);
   if (b->count > 128)
      b->count = 128;
   for (unsigned w = 0; w < 32; w++) {
      const uint32_t sel = gpu->method[subc][NVC597_SET_STREAM_OUT_LAYOUT_SELECT(j, w) / 4];
      for (unsigned k = 0; k < 4; k++)
         b->select[4 * w + k] = (uint8_t)(sel >> (8 * k));
   }
}

/* One vertex into buffer b at its write pointer wp. */
static bool
write_vertex(struct jade_gpu *gpu, const struct so_buffer *b, uint32_t wp,
             const struct gpu_vertex *v)
{
   uint32_t words[128];
   unsigned k = 0;
   while (k < b->count) {
      /* A run of words to write, up to the next skipped one. */
      unsigned e = k;
      while (e < b->count && b->select[e] != 0xff) {
         words[e] = v->a[b->select[e]];
         e++;
      }
      if (e > k && !gpu_write(gpu, b->va + wp + 4 * k, &words[k], 4 * (e - k),
                              "stream output (SET_STREAM_OUT_BUFFER_ADDRESS)"))
         return false;
      k = e + 1;
   }
   return true;
}

bool
gpu_3d_stream_out(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_run *run)
{
   struct gpu_3d_counters *c = &gpu->counters3d;
   const unsigned prims = base_primitive_count(run->topology, run->count);
   const unsigned s = run->stream % STREAMS;
   c->vtg_primitives[s] += prims;
   if (!prims || !GPU_GET(M(SET_STREAM_OUTPUT), NVC597_SET_STREAM_OUTPUT_ENABLE))
      return true;
   struct so_buffer b[BUFFERS];
   for (unsigned j = 0; j < BUFFERS; j++)
      read_buffer(gpu, subc, j, s, &b[j]);
   for (unsigned p = 0; p < prims; p++) {
      unsigned v[3];
      const unsigned nv = base_primitive(run->topology, run->count, p, v);
      c->so_needed[s]++;
      bool fits = true;
      for (unsigned j = 0; j < BUFFERS && fits; j++)
         fits = !b[j].on || (uint64_t)c->so_write[j] + (uint64_t)nv * b[j].stride <= b[j].size;
      if (!fits)
         continue;
      for (unsigned j = 0; j < BUFFERS; j++) {
         if (!b[j].on)
            continue;
         for (unsigned i = 0; i < nv; i++) {
            if (!write_vertex(gpu, &b[j], c->so_write[j], &run->v[v[i]]))
               return false;
            c->so_write[j] += b[j].stride;
         }
      }
      c->so_succeeded[s]++;
   }
   return true;
}

bool
gpu_3d_render_enabled(struct jade_gpu *gpu, unsigned subc)
{
   if (gpu->fault.valid)
      return false;
   switch (GPU_GET(M(SET_RENDER_ENABLE_OVERRIDE), NVC597_SET_RENDER_ENABLE_OVERRIDE_MODE)) {
   case NVC597_SET_RENDER_ENABLE_OVERRIDE_MODE_ALWAYS_RENDER:
      return true;
   case NVC597_SET_RENDER_ENABLE_OVERRIDE_MODE_NEVER_RENDER:
      return false;
   default:
      break;
   }
   if (!gpu_3d_known(gpu, subc, NVC597_SET_RENDER_ENABLE_C,
                     "draws and clears may or may not render (gpu_3d_reset.c)"))
      return false;
   const unsigned mode = GPU_GET(M(SET_RENDER_ENABLE_C), NVC597_SET_RENDER_ENABLE_C_MODE);
   switch (mode) {
   case NVC597_SET_RENDER_ENABLE_C_MODE_FALSE:
      return false;
   case NVC597_SET_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL:
   case NVC597_SET_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL: {
      const uint64_t va = GPU_VA(M(SET_RENDER_ENABLE_A), NVC597_SET_RENDER_ENABLE_A_OFFSET_UPPER,
                                 M(SET_RENDER_ENABLE_B));
      uint64_t a, b;
      if (!gpu_read(gpu, va, &a, 8, "SET_RENDER_ENABLE_A/B (the first value)") ||
          !gpu_read(gpu, va + 16, &b, 8, "SET_RENDER_ENABLE_A/B (the second value)"))
         return false;
      return (a == b) == (mode == NVC597_SET_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL);
   }
   case NVC597_SET_RENDER_ENABLE_C_MODE_CONDITIONAL:
      gpu_unimplemented(gpu, subc, NVC597_SET_RENDER_ENABLE_C, mode);
      return true;
   default:
      return true;
   }
}

static void
clear_report(struct jade_gpu *gpu, uint32_t type)
{
   struct gpu_3d_counters *c = &gpu->counters3d;
   switch (type) {
   case NVC597_CLEAR_REPORT_VALUE_TYPE_ZPASS_PIXEL_CNT:
      c->zpass = 0;
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_DA_VERTICES_GENERATED:
      c->da_vertices = 0;
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_DA_PRIMITIVES_GENERATED:
      c->da_primitives = 0;
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_VS_INVOCATIONS:
      c->vs_invocations = 0;
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_CLIPPER_INVOCATIONS:
      c->clipper_invocations = 0;
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_CLIPPER_PRIMITIVES_GENERATED:
      c->clipper_primitives = 0;
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_PS_INVOCATIONS:
      c->ps_invocations = 0;
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_GS_INVOCATIONS:
      c->gs_invocations = 0;
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_GS_PRIMITIVES_GENERATED:
      c->gs_primitives = 0;
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_TI_INVOCATIONS:
      c->ti_invocations = 0;
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_TS_INVOCATIONS:
      c->ts_invocations = 0;
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_TS_PRIMITIVES_GENERATED:
      c->ts_primitives = 0;
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_VTG_PRIMITIVES_OUT:
      memset(c->vtg_primitives, 0, sizeof(c->vtg_primitives));
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_STREAMING_PRIMITIVES_SUCCEEDED:
      memset(c->so_succeeded, 0, sizeof(c->so_succeeded));
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_STREAMING_PRIMITIVES_NEEDED:
      memset(c->so_needed, 0, sizeof(c->so_needed));
      break;
   case NVC597_CLEAR_REPORT_VALUE_TYPE_TOTAL_STREAMING_PRIMITIVES_NEEDED_MINUS_SUCCEEDED:
      memcpy(c->so_needed, c->so_succeeded, sizeof(c->so_needed));
      break;
   default:
      break; /* counters the model does not keep: they read 0 */
   }
}

bool
gpu_3d_stream_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data)
{
   const uint32_t lwp0 = NVC597_SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER(0);
   if (mthd >= lwp0 && mthd <= NVC597_SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER(BUFFERS - 1) &&
       (mthd - lwp0) % 32 == 0) {
      gpu->counters3d.so_write[(mthd - lwp0) / 32] = data;
      return true;
   }
   /* State read at capture; handled here because the name table made
    * from the class header names only the (0, j) words of this (i, j)
    * array. */
   if (mthd >= NVC597_SET_STREAM_OUT_LAYOUT_SELECT(0, 0) &&
       mthd <= NVC597_SET_STREAM_OUT_LAYOUT_SELECT(BUFFERS - 1, 31))
      return true;
   if (mthd == NVC597_CLEAR_REPORT_VALUE) {
      clear_report(gpu, GPU_GET(data, NVC597_CLEAR_REPORT_VALUE_TYPE));
      return true;
   }
   return false;
}

uint64_t
gpu_3d_report_value(const struct jade_gpu *gpu, unsigned report, unsigned sub, bool *known)
{
   const struct gpu_3d_counters *c = &gpu->counters3d;
   const unsigned s = sub % BUFFERS;
   *known = true;
#define R(x) NVC597_SET_REPORT_SEMAPHORE_D_REPORT_##x
   switch (report) {
   case R(ZPASS_PIXEL_CNT):
   case R(ZPASS_PIXEL_CNT64):
      return c->zpass;
   case R(DA_VERTICES_GENERATED):
      return c->da_vertices;
   case R(DA_PRIMITIVES_GENERATED):
      return c->da_primitives;
   case R(VS_INVOCATIONS):
      return c->vs_invocations;
   case R(CLIPPER_INVOCATIONS):
      return c->clipper_invocations;
   case R(CLIPPER_PRIMITIVES_GENERATED):
      return c->clipper_primitives;
   case R(PS_INVOCATIONS):
      return c->ps_invocations;
   case R(VTG_PRIMITIVES_OUT):
      return c->vtg_primitives[s];
   case R(STREAMING_PRIMITIVES_SUCCEEDED):
      return c->so_succeeded[s];
   case R(STREAMING_PRIMITIVES_NEEDED):
      return c->so_needed[s];
   case R(STREAMING_PRIMITIVES_NEEDED_MINUS_SUCCEEDED):
      return c->so_needed[s] - c->so_succeeded[s];
   case R(TOTAL_STREAMING_PRIMITIVES_NEEDED_MINUS_SUCCEEDED): {
      uint64_t t = 0;
      for (unsigned i = 0; i < BUFFERS; i++)
         t += c->so_needed[i] - c->so_succeeded[i];
      return t;
   }
   case R(STREAMING_BYTE_COUNT):
      return c->so_write[s];
   case R(GS_INVOCATIONS):
      return c->gs_invocations;
   case R(GS_PRIMITIVES_GENERATED):
      return c->gs_primitives;
   case R(TI_INVOCATIONS):
      return c->ti_invocations;
   case R(TS_INVOCATIONS):
      return c->ts_invocations;
   case R(TS_PRIMITIVES_GENERATED):
      return c->ts_primitives;
   default:
      *known = false;
      return 0;
   }
#undef R
}
