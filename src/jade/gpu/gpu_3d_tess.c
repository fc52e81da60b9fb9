/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The tessellation stage (gpu_3d.h), from the hardware's side: the
 * tessellation control program (SET_PIPELINE_SHADER TYPE
 * TESSELLATION_INIT), the fixed-function tessellator and the tessellation
 * program (TYPE TESSELLATION).  Where each rule comes from:
 * - a draw of topology PATCH (NVC597_BEGIN_OP_PATCH) is cut into patches
 *   of SET_PATCH.SIZE vertices (an incomplete last patch draws nothing,
 *   as an incomplete list primitive); SIZE 0 or past 32 (GL's and
 *   Vulkan's maxTessellationPatchSize on NVIDIA; NVK nvk_cmd_draw.c sends
 *   MAX2(1, patch_control_points)) faults.  Topology PATCH without the
 *   TESSELLATION stage, the TESSELLATION stage with another topology, and
 *   TESSELLATION_INIT without TESSELLATION fault (GL 4.6 10.5 and 11.2
 *   make the first two INVALID_OPERATION, so no driver sends them; what
 *   the GPU does is not documented: the model's checks, gpu_3d_draw.c);
 * - the programs' headers are type 1 (VTG) with SHADER_TYPE
 *   tessellation_init / tessellation (gpu_3d_stage.c).  A control
 *   program's THREADS_PER_INPUT_PRIMITIVE is its output control points,
 *   one thread each (NAK sph.rs set_threads_per_input_primitive with
 *   tcs_vertices_out), 1..32 else a fault; PER_PATCH_ATTRIBUTE_COUNT the
 *   per-patch words it may write (NAK: the end of the highest AST.P, at
 *   least the 6 factor words; at most the 128 words of the patch space,
 *   jade_attr.h, else a fault); IMAP / OMAP name the per-vertex words it
 *   reads and writes, words the OMAP does not name reach the tessellation
 *   program as 0.  A tessellation program's OMAP must name gl_TessCoord
 *   (a[0x2f0], a[0x2f4]): NAK from_nir.rs parse_shader, "Tessellation
 *   evaluation shaders MUST claim to read gl_TessCoord or the hardware
 *   will throw an SPH error": a fault here; its IMAP names the
 *   per-vertex (control point) words it reads;
 * - the control program: a patch a warp, its invocations in lanes 0..n-1
 *   (a patch is one subgroup: NAK nak_nir_workgroup_has_one_subgroup; a
 *   patch a warp makes lane = invocation, so NAK's store convention
 *   (AST on the invocation id) and load convention (ALD.O on SR_LANEID +
 *   vertex - SR_INVOCATION_ID, "all of the invocations for a given TCS
 *   dispatch going in a sequential range of lanes",
 *   nak_nir_lower_vtg_io.c) name the same control point).  Its input
 *   vertices are found as a geometry program's (SR_INVOCATION_INFO byte 0
 *   the patch's slot in the warp, here 0, byte 2 the vertices a patch;
 *   ISBERD on byte 0 * byte 2 + k; gpu_3d_geometry.c), gl_PatchVerticesIn
 *   is byte 1 of SR_PRIM_TYPE (NAK nak_nir.c load_patch_vertices_in; the
 *   other bits 0: unknown), gl_InvocationID SR_INVOCATION_ID, a[0x60]
 *   the patch's primitive id (read as any input: 0 unless the IMAP names
 *   word 0x18, as for the geometry stage).  The SM model's I/O contract is jade_sim.h
 *   struct jade_sim_tess;
 * - the tessellator is Mesa's (tessellator/p_tessellator.h, the D3D11
 *   reference tessellator), set by SET_TESSELLATION_PARAMETERS: DOMAIN_TYPE
 *   isoline / triangle / quad (MESA_PRIM_LINES / _TRIANGLES / _QUADS),
 *   SPACING integer / fractional odd / even (PIPE_TESS_SPACING_EQUAL /
 *   _FRACTIONAL_ODD / _EVEN), OUTPUT_PRIMITIVES points (point mode),
 *   lines, triangles cw or ccw.  NVIDIA's TRIANGLES_CW / CCW are D3D's
 *   TRIANGLE_CW / CCW: GL drivers send TRIANGLES_CW for GL's ccw (nvc0's
 *   codegen sets winding = !ccw and nvc0_program.c turns winding > 0 into
 *   the CW bit; NVK nvk_mme_set_tess_params flips CW / CCW for a
 *   lower-left origin), and Mesa's draw module gives the reference
 *   tessellator tes_vertex_order_cw = !GL's cw (draw_tess.c) for the same
 *   GL state: so TRIANGLES_CW is p_tess_init(..., true, ...).  Lines with
 *   a triangle or quad domain, triangles with an isoline domain and the
 *   reserved values fault (the model's checks; nvc0 sends lines only for
 *   isolines: "lines want the CW bit");
 * - the factors: the patch's per-patch words 0..3 (outer) and 4..5
 *   (inner) as floats, which the control program writes (NAK's
 *   NAK_ATTR_TESS_LOD / _INTERRIOR), in GL's order, which is the order
 *   the reference tessellator takes them (draw_tess.c passes
 *   gl_TessLevelOuter/Inner straight through); without a control program
 *   SET_TESSELLATION_LOD_U0_OR_DENSITY, _V0_OR_DETAIL, _U1_OR_W0, _V1 and
 *   SET_TG_LOD_INTERIOR_U / _V (nvc0's TESS_LEVEL_OUTER(4) / INNER(2),
 *   nvc0_state_validate.c), which the tessellation program then also
 *   reads as the patch's words 0..5 (GL's default levels).  A patch with
 *   a relevant outer factor <= 0 or NaN makes no points (GL 4.6 11.2.2,
 *   D3D11: the reference tessellator culls it);
 * - the tessellation program: a domain point a thread, the points of
 *   consecutive patches packed 32 a warp (several patches may share a
 *   warp: SR_INVOCATION_INFO byte 0 the thread's patch's slot in the
 *   warp, byte 2 its control points, ISBERD as above on the control
 *   program's outputs, or the patch's input vertices without one);
 *   gl_TessCoord ALD.O a[0x2f0] on SR_LANEID (NAK from_nir.rs
 *   load_tess_coord_xy), the patch's words ALD.P, gl_PrimitiveID a[0x60],
 *   gl_PatchVerticesIn byte 1 of SR_PRIM_TYPE; its outputs (the OMAP's
 *   words) make the vertices;
 * - output: each patch's primitives (the tessellator's index list) a run
 *   of points, lines or triangles, its primitive id the patch's for every
 *   primitive (GPU_3D_PRIMITIVE_ID_RUN; a geometry program's
 *   gl_PrimitiveIDIn is the patch's too), through the geometry stage when
 *   one is enabled, else gpu_3d_output (stream output, the rasteriser);
 * - counters: TI_INVOCATIONS the patches through a control program (NVK
 *   nvk_query_pool.c reports it for Vulkan's
 *   TESSELLATION_CONTROL_SHADER_PATCHES), TS_INVOCATIONS the tessellation
 *   program's threads (Vulkan's TESSELLATION_EVALUATION_SHADER_INVOCATIONS),
 *   TS_PRIMITIVES_GENERATED the tessellator's primitives (its name);
 * - local memory as the vertex stage's (gpu_3d_local_memory).
 * Indexed per-vertex I/O (AL2P, ALD/AST .PHYS) is the SM's
 * (sim_exec_attr.c; docs/gpu-model.md "Indexed attributes").  Not
 * modelled: the control program's SPH bits NAK sets for Kepler
 * (RESERVED_COMMON_B, bits 148..151) are not read.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nvidia/classes/clc597.h"
#include "tessellator/p_tessellator.h"

#include "jade_attr.h"
#include "jade_sph.h"
#include "jade_sph_attr.h"

#include "gpu_3d.h"

#define W            JADE_SIM_ATTR_WORDS
#define PW           JADE_SIM_PATCH_WORDS
#define LANES        32
#define MAX_WARPS    32   /* a launch: one CTA of 1024 threads */
#define MAX_PATCH    32   /* control points a patch, in and out */
#define CHUNK        32   /* patches a control launch: a warp each */
#define POINT_BUDGET 4096 /* domain points shaded at once (then handed on) */
#define MAP_WORDS    JADE_ATTR_MAP_WORDS
#define FACTOR_WORDS 6
#define COORD_U_WORD JADE_ATTR_WORD(JADE_ATTR_TESS_COORD_U)
#define COORD_V_WORD JADE_ATTR_WORD(JADE_ATTR_TESS_COORD_V)
#define PRIM_ID_WORD JADE_ATTR_WORD(JADE_ATTR_PRIMITIVE_ID)
#define LAYER_WORD   JADE_ATTR_WORD(JADE_ATTR_RT_ARRAY_INDEX)

#define M(name) gpu->method[subc][NVC597_##name / 4]

/* One patch's tessellation. */
struct patch_points {
   unsigned points, indices;
   float *u, *v;
   uint32_t *index;
};

struct ts {
   struct jade_gpu *gpu;
   unsigned subc;
   const struct gpu_3d_stage *tcs, *tes, *gs;
   const struct gpu_3d_run *run;
   struct jade_sph_vtg tcs_h, tes_h;
   unsigned in_vertices, out_vertices, patches, patch_store_words;
   unsigned out_topology, prim_vertices; /* NVC597_BEGIN_OP_*, vertices a primitive */
   bool writes_layer;
   uint8_t tcs_in[MAP_WORDS], tcs_out[MAP_WORDS], tes_in[MAP_WORDS], tes_out[MAP_WORDS];
   unsigned tcs_in_count, tcs_out_count, tes_in_count, tes_out_count;
   struct pipe_tessellator *tessellator;

   /* A chunk's (CHUNK patches) buffers. */
   uint32_t *space;          /* CHUNK * PW */
   uint32_t *control_points; /* CHUNK * MAX_PATCH vertices */
   struct patch_points pp[CHUNK];
};

static unsigned
map_words(const struct jade_sph_vtg *h, bool out, uint8_t *words)
{
   unsigned n = 0;
   for (unsigned w = 0; w < MAP_WORDS; w++) {
      if (out ? jade_sph_vtg_omap_get(h, w) : jade_sph_vtg_imap_get(h, w))
         words[n++] = (uint8_t)w;
   }
   return n;
}

static bool
header_fault(struct ts *s, const struct gpu_3d_stage *st, const char *what, unsigned v)
{
   gpu_fault(s->gpu, st->program, 0, false, "the %s program's header at 0x%llx: %s %u",
             st == s->tcs ? "tessellation control" : "tessellation",
             (unsigned long long)st->program, what, v);
   return false;
}

/* SET_PATCH, SET_TESSELLATION_PARAMETERS and the headers; false after a
 * fault. */
static bool
setup(struct ts *s)
{
   struct jade_gpu *gpu = s->gpu;
   const unsigned subc = s->subc;
   s->in_vertices = GPU_GET(M(SET_PATCH), NVC597_SET_PATCH_SIZE);
   if (!s->in_vertices || s->in_vertices > MAX_PATCH) {
      gpu_fault(gpu, 0, 0, false, "a PATCH draw with SET_PATCH.SIZE %u (1..%u control points)",
                s->in_vertices, MAX_PATCH);
      return false;
   }
   const uint32_t p = M(SET_TESSELLATION_PARAMETERS);
   const unsigned domain = GPU_GET(p, NVC597_SET_TESSELLATION_PARAMETERS_DOMAIN_TYPE);
   const unsigned spacing = GPU_GET(p, NVC597_SET_TESSELLATION_PARAMETERS_SPACING);
   const unsigned prims = GPU_GET(p, NVC597_SET_TESSELLATION_PARAMETERS_OUTPUT_PRIMITIVES);
   enum mesa_prim mode;
   switch (domain) {
   case NVC597_SET_TESSELLATION_PARAMETERS_DOMAIN_TYPE_ISOLINE:
      mode = MESA_PRIM_LINES;
      break;
   case NVC597_SET_TESSELLATION_PARAMETERS_DOMAIN_TYPE_TRIANGLE:
      mode = MESA_PRIM_TRIANGLES;
      break;
   case NVC597_SET_TESSELLATION_PARAMETERS_DOMAIN_TYPE_QUAD:
      mode = MESA_PRIM_QUADS;
      break;
   default:
      mode = MESA_PRIM_COUNT;
      break;
   }
   enum pipe_tess_spacing sp = PIPE_TESS_SPACING_EQUAL;
   if (spacing == NVC597_SET_TESSELLATION_PARAMETERS_SPACING_FRACTIONAL_ODD)
      sp = PIPE_TESS_SPACING_FRACTIONAL_ODD;
   else if (spacing == NVC597_SET_TESSELLATION_PARAMETERS_SPACING_FRACTIONAL_EVEN)
      sp = PIPE_TESS_SPACING_FRACTIONAL_EVEN;
   const bool isoline = mode == MESA_PRIM_LINES;
   const bool lines = prims == NVC597_SET_TESSELLATION_PARAMETERS_OUTPUT_PRIMITIVES_LINES;
   const bool points = prims == NVC597_SET_TESSELLATION_PARAMETERS_OUTPUT_PRIMITIVES_POINTS;
   if (mode == MESA_PRIM_COUNT || spacing > 2 || (!points && isoline != lines)) {
      gpu_fault(gpu, 0, 0, false,
                "SET_TESSELLATION_PARAMETERS 0x%x: DOMAIN_TYPE %u, SPACING %u, "
                "OUTPUT_PRIMITIVES %u is no tessellation the model knows (lines come "
                "from isolines only, triangles from triangle and quad domains)",
                p, domain, spacing, prims);
      return false;
   }
   s->out_topology = points  ? NVC597_BEGIN_OP_POINTS
                     : lines ? NVC597_BEGIN_OP_LINES
                             : NVC597_BEGIN_OP_TRIANGLES;
   s->prim_vertices = points ? 1 : lines ? 2 : 3;

   s->out_vertices = s->in_vertices;
   s->patch_store_words = 0;
   if (s->tcs->enabled) {
      jade_sph_vtg_unpack(s->tcs->sph, &s->tcs_h);
      s->out_vertices = s->tcs_h.threads_per_input_primitive;
      if (!s->out_vertices || s->out_vertices > MAX_PATCH)
         return header_fault(s, s->tcs, "THREADS_PER_INPUT_PRIMITIVE (1..32)", s->out_vertices);
      s->patch_store_words = s->tcs_h.per_patch_attribute_count;
      if (s->patch_store_words > PW)
         return header_fault(s, s->tcs, "PER_PATCH_ATTRIBUTE_COUNT (at most 128)",
                             s->patch_store_words);
      s->tcs_in_count = map_words(&s->tcs_h, false, s->tcs_in);
      s->tcs_out_count = map_words(&s->tcs_h, true, s->tcs_out);
   }
   jade_sph_vtg_unpack(s->tes->sph, &s->tes_h);
   if (!jade_sph_vtg_omap_get(&s->tes_h, COORD_U_WORD) ||
       !jade_sph_vtg_omap_get(&s->tes_h, COORD_V_WORD))
      return header_fault(s, s->tes,
                          "the OMAP does not name gl_TessCoord (a[0x2f0], a[0x2f4]), which NAK "
                          "says the hardware requires; OMAP bits",
                          (unsigned)jade_sph_vtg_omap_get(&s->tes_h, COORD_U_WORD) |
                             (unsigned)jade_sph_vtg_omap_get(&s->tes_h, COORD_V_WORD) << 1);
   s->tes_in_count = map_words(&s->tes_h, false, s->tes_in);
   s->tes_out_count = map_words(&s->tes_h, true, s->tes_out);
   s->writes_layer = jade_sph_vtg_omap_get(&s->tes_h, LAYER_WORD);
   s->patches = s->run->count / s->in_vertices;
   s->tessellator = p_tess_init(
      mode, sp, prims == NVC597_SET_TESSELLATION_PARAMETERS_OUTPUT_PRIMITIVES_TRIANGLES_CW, points);
   s->space = calloc(CHUNK * PW, sizeof(uint32_t));
   s->control_points = calloc((size_t)CHUNK * MAX_PATCH * W, sizeof(uint32_t));
   if (!s->tessellator || !s->space || !s->control_points) {
      gpu_log(gpu, "no memory for a tessellation stage");
      return false;
   }
   return true;
}

/* The chunk's control program launch for patches [first, first + count)
 * (chunk-local q = patch - first): their control points and per-patch
 * words; false after a fault. */
static bool
control(struct ts *s, unsigned first, unsigned count)
{
   struct jade_gpu *gpu = s->gpu;
   const unsigned threads = count * LANES, n = s->in_vertices;
   uint32_t *table = calloc((size_t)count * n * W, sizeof(uint32_t));
   uint32_t *map = malloc((size_t)count * n * sizeof(uint32_t));
   uint32_t *info = calloc(threads, sizeof(uint32_t));
   uint32_t *iid = calloc(threads, sizeof(uint32_t));
   uint32_t *prim_type = calloc(threads, sizeof(uint32_t));
   uint32_t *pid = calloc(threads, sizeof(uint32_t));
   uint32_t *patch = calloc(threads, sizeof(uint32_t));
   uint8_t *idle = malloc(threads);
   uint32_t *cp = calloc((size_t)count * s->out_vertices * W, sizeof(uint32_t));
   bool ok = table && map && info && iid && prim_type && pid && patch && idle && cp;
   if (!ok)
      gpu_log(gpu, "no memory for a tessellation control launch");
   if (ok) {
      memset(idle, 1, threads);
      for (unsigned q = 0; q < count; q++) {
         for (unsigned k = 0; k < n; k++) {
            const unsigned i = q * n + k;
            const uint32_t *src = s->run->v[(first + q) * n + k].a;
            for (unsigned j = 0; j < s->tcs_in_count; j++)
               table[(size_t)i * W + s->tcs_in[j]] = src[s->tcs_in[j]];
            map[i] = JADE_SIM_VERTEX_HANDLE(i);
         }
         for (unsigned l = 0; l < s->out_vertices; l++) {
            const unsigned t = q * LANES + l;
            idle[t] = 0;
            info[t] = 0 | n << 16;
            iid[t] = l;
            prim_type[t] = n << 8;
            pid[t] = jade_sph_vtg_imap_get(&s->tcs_h, PRIM_ID_WORD)
                        ? s->run->primitive_id + first + q
                        : 0;
            patch[t] = q;
         }
      }
   }
   struct jade_sim_grid grid;
   ok = ok && gpu_3d_stage_grid(gpu, s->subc, s->tcs, s->tcs_h.shader_local_memory_low_size,
                                threads, "the tessellation control program", &grid);
   if (ok) {
      const struct jade_sim_tess tess = {
         .evaluation = false,
         .prim_type = prim_type,
         .patch = patch,
         .patch_space = s->space,
         .patch_store_words = s->patch_store_words,
         .control_points = cp,
         .out_vertices = s->out_vertices,
      };
      const struct jade_sim_geometry geo = {
         .tess = &tess,
         .vertices = table,
         .vertex_count = count * n,
         .map = map,
         .map_entries = n, /* a warp's: its patch's vertices */
         .invocation_info = info,
         .invocation_id = iid,
         .primitive_id = pid,
         .idle = idle,
      };
      const struct jade_sim_graphics gfx = {.threads = threads, .geometry = &geo};
      ok = gpu_3d_launch(gpu, s->tcs, "the tessellation control program", &grid, &gfx);
   }
   if (ok) {
      gpu->counters3d.ti_invocations += count;
      /* The words the OMAP names; the others reach the next stage as 0. */
      for (unsigned i = 0; i < count * s->out_vertices; i++) {
         uint32_t *dst = s->control_points + (size_t)i * W;
         const uint32_t *src = cp + (size_t)i * W;
         memset(dst, 0, W * sizeof(uint32_t));
         for (unsigned j = 0; j < s->tcs_out_count; j++)
            dst[s->tcs_out[j]] = src[s->tcs_out[j]];
      }
   }
   free(table);
   free(map);
   free(info);
   free(iid);
   free(prim_type);
   free(pid);
   free(patch);
   free(idle);
   free(cp);
   return ok;
}

static float
word_float(uint32_t v)
{
   float f;
   memcpy(&f, &v, 4);
   return f;
}

/* Patch q's domain points and primitives. */
static bool
tessellate(struct ts *s, unsigned q)
{
   const uint32_t *w = s->space + (size_t)q * PW;
   struct pipe_tessellation_factors f = {{0}};
   for (unsigned i = 0; i < 4; i++)
      f.outer_tf[i] = word_float(w[i]);
   for (unsigned i = 0; i < 2; i++)
      f.inner_tf[i] = word_float(w[4 + i]);
   struct pipe_tessellator_data d = {0};
   p_tessellate(s->tessellator, &f, &d);
   struct patch_points *pp = &s->pp[q];
   pp->points = d.num_domain_points;
   pp->indices = d.num_indices;
   pp->u = malloc((pp->points ? pp->points : 1) * sizeof(float));
   pp->v = malloc((pp->points ? pp->points : 1) * sizeof(float));
   pp->index = malloc((pp->indices ? pp->indices : 1) * sizeof(uint32_t));
   if (!pp->u || !pp->v || !pp->index) {
      gpu_log(s->gpu, "no memory for a patch of %u domain points", pp->points);
      return false;
   }
   memcpy(pp->u, d.domain_points_u, pp->points * sizeof(float));
   memcpy(pp->v, d.domain_points_v, pp->points * sizeof(float));
   memcpy(pp->index, d.indices, pp->indices * sizeof(uint32_t));
   for (unsigned i = 0; i < pp->indices; i++) {
      if (pp->index[i] >= pp->points) {
         gpu_log(s->gpu, "the tessellator made index %u of %u points", pp->index[i], pp->points);
         return false;
      }
   }
   return true;
}

/* The tessellation program's launch of `threads` domain points: thread t
 * is point pt[t] of chunk patch pq[t]; their outputs into out[]. */
static bool
evaluate_launch(struct ts *s, unsigned first, unsigned chunk, const uint32_t *table,
                const uint32_t *pq, const uint32_t *pt, unsigned threads, struct gpu_vertex *out)
{
   struct jade_gpu *gpu = s->gpu;
   const unsigned warps = (threads + LANES - 1) / LANES, slots = LANES * s->out_vertices;
   const unsigned all = warps * LANES;
   uint32_t *map = calloc((size_t)warps * slots, sizeof(uint32_t));
   uint32_t *info = calloc(all, sizeof(uint32_t));
   uint32_t *iid = calloc(all, sizeof(uint32_t));
   uint32_t *prim_type = calloc(all, sizeof(uint32_t));
   uint32_t *pid = calloc(all, sizeof(uint32_t));
   uint32_t *patch = calloc(all, sizeof(uint32_t));
   uint8_t *idle = malloc(all);
   float(*coord)[2] = calloc(all, sizeof(*coord));
   uint32_t *o = calloc((size_t)all * W, sizeof(uint32_t));
   bool ok = map && info && iid && prim_type && pid && patch && idle && coord && o;
   const bool read_id = jade_sph_vtg_imap_get(&s->tes_h, PRIM_ID_WORD);
   if (!ok)
      gpu_log(gpu, "no memory for a tessellation launch of %u points", threads);
   if (ok) {
      memset(idle, 1, all);
      for (unsigned w = 0; w < warps; w++) {
         unsigned used = 0;
         uint32_t slot_patch[LANES];
         for (unsigned l = 0; l < LANES; l++) {
            const unsigned t = w * LANES + l;
            if (t >= threads)
               break;
            const unsigned q = pq[t];
            unsigned slot = 0;
            while (slot < used && slot_patch[slot] != q)
               slot++;
            if (slot == used) {
               slot_patch[used++] = q;
               for (unsigned k = 0; k < s->out_vertices; k++)
                  map[(size_t)w * slots + slot * s->out_vertices + k] =
                     JADE_SIM_VERTEX_HANDLE(q * s->out_vertices + k);
            }
            idle[t] = 0;
            info[t] = slot | s->out_vertices << 16;
            prim_type[t] = s->out_vertices << 8;
            pid[t] = read_id ? s->run->primitive_id + first + q : 0;
            patch[t] = q;
            coord[t][0] = s->pp[q].u[pt[t]];
            coord[t][1] = s->pp[q].v[pt[t]];
         }
      }
   }
   struct jade_sim_grid grid;
   ok = ok && gpu_3d_stage_grid(gpu, s->subc, s->tes, s->tes_h.shader_local_memory_low_size, all,
                                "the tessellation program", &grid);
   if (ok) {
      const struct jade_sim_tess tess = {
         .evaluation = true,
         .prim_type = prim_type,
         .patch = patch,
         .patch_space = s->space,
         .out_vertices = s->out_vertices,
         .tess_coord = (const float(*)[2])coord,
         .out = o,
      };
      const struct jade_sim_geometry geo = {
         .tess = &tess,
         .vertices = table,
         .vertex_count = chunk * s->out_vertices,
         .map = map,
         .map_entries = slots,
         .invocation_info = info,
         .invocation_id = iid,
         .primitive_id = pid,
         .idle = idle,
      };
      const struct jade_sim_graphics gfx = {.threads = all, .geometry = &geo};
      ok = gpu_3d_launch(gpu, s->tes, "the tessellation program", &grid, &gfx);
   }
   if (ok) {
      gpu->counters3d.ts_invocations += threads;
      for (unsigned t = 0; t < threads; t++) {
         memset(out[t].a, 0, sizeof(out[t].a));
         for (unsigned j = 0; j < s->tes_out_count; j++)
            out[t].a[s->tes_out[j]] = o[(size_t)t * W + s->tes_out[j]];
      }
   }
   free(map);
   free(info);
   free(iid);
   free(prim_type);
   free(pid);
   free(patch);
   free(idle);
   free(coord);
   free(o);
   return ok;
}

/* Chunk patches [a, b) (of the chunk starting at patch `first`): their
 * domain points through the tessellation program, then their primitives
 * on; false after a fault. */
static bool
evaluate(struct ts *s, unsigned first, unsigned chunk, const uint32_t *table, unsigned a,
         unsigned b)
{
   struct jade_gpu *gpu = s->gpu;
   unsigned points = 0, vertices = 0;
   for (unsigned q = a; q < b; q++) {
      points += s->pp[q].points;
      vertices += s->pp[q].indices;
   }
   if (!points)
      return true;
   uint32_t *pq = malloc(points * sizeof(uint32_t));
   uint32_t *pt = malloc(points * sizeof(uint32_t));
   struct gpu_vertex *shaded = malloc((size_t)points * sizeof(struct gpu_vertex));
   struct gpu_vertex *v = malloc((size_t)(vertices ? vertices : 1) * sizeof(struct gpu_vertex));
   struct gpu_3d_run *runs = calloc(b - a, sizeof(struct gpu_3d_run));
   bool ok = pq && pt && shaded && v && runs;
   if (!ok)
      gpu_log(gpu, "no memory for %u tessellated points", points);
   unsigned n = 0;
   for (unsigned q = a; ok && q < b; q++) {
      for (unsigned i = 0; i < s->pp[q].points; i++, n++) {
         pq[n] = q;
         pt[n] = i;
      }
   }
   const unsigned batch = MAX_WARPS * LANES;
   for (unsigned at = 0; ok && at < points; at += batch)
      ok = evaluate_launch(s, first, chunk, table, pq + at, pt + at,
                           points - at < batch ? points - at : batch, shaded + at);
   unsigned count = 0, base = 0, nv = 0;
   for (unsigned q = a; ok && q < b; q++) {
      const struct patch_points *pp = &s->pp[q];
      const unsigned prims = pp->indices / s->prim_vertices;
      for (unsigned i = 0; i < pp->indices; i++)
         v[nv + i] = shaded[base + pp->index[i]];
      gpu->counters3d.ts_primitives += prims;
      if (prims)
         runs[count++] = (struct gpu_3d_run){
            .topology = s->out_topology,
            .v = v + nv,
            .count = pp->indices,
            .instance = s->run->instance,
            .primitive_id = s->run->primitive_id + first + q,
            .primitive_ids = GPU_3D_PRIMITIVE_ID_RUN,
            .layer_from_vertex = s->writes_layer,
         };
      base += pp->points;
      nv += pp->indices;
   }
   if (ok && s->gs->enabled) {
      for (unsigned i = 0; ok && i < count; i++)
         ok = gpu_3d_geometry_run(gpu, s->subc, s->gs, &runs[i]);
   } else if (ok && count) {
      ok = gpu_3d_output(gpu, s->subc, runs, count);
   }
   free(pq);
   free(pt);
   free(shaded);
   free(v);
   free(runs);
   return ok;
}

/* The control points the tessellation program reads (its IMAP's words)
 * of the chunk's patches. */
static uint32_t *
evaluation_table(struct ts *s, unsigned first, unsigned count)
{
   uint32_t *table = calloc((size_t)count * s->out_vertices * W, sizeof(uint32_t));
   if (!table) {
      gpu_log(s->gpu, "no memory for %u patches' control points", count);
      return NULL;
   }
   for (unsigned i = 0; i < count * s->out_vertices; i++) {
      const uint32_t *src = s->tcs->enabled ? s->control_points + (size_t)i * W
                                            : s->run->v[first * s->in_vertices + i].a;
      for (unsigned j = 0; j < s->tes_in_count; j++)
         table[(size_t)i * W + s->tes_in[j]] = src[s->tes_in[j]];
   }
   return table;
}

static bool
chunk(struct ts *s, unsigned first, unsigned count)
{
   struct jade_gpu *gpu = s->gpu;
   const unsigned subc = s->subc;
   memset(s->space, 0, CHUNK * PW * sizeof(uint32_t));
   if (s->tcs->enabled) {
      if (!control(s, first, count))
         return false;
   } else {
      static const uint32_t lod[FACTOR_WORDS] = {
         NVC597_SET_TESSELLATION_LOD_U0_OR_DENSITY,
         NVC597_SET_TESSELLATION_LOD_V0_OR_DETAIL,
         NVC597_SET_TESSELLATION_LOD_U1_OR_W0,
         NVC597_SET_TESSELLATION_LOD_V1,
         NVC597_SET_TG_LOD_INTERIOR_U,
         NVC597_SET_TG_LOD_INTERIOR_V,
      };
      for (unsigned q = 0; q < count; q++) {
         for (unsigned i = 0; i < FACTOR_WORDS; i++)
            s->space[q * PW + i] = gpu->method[subc][lod[i] / 4];
      }
   }
   bool ok = true;
   for (unsigned q = 0; ok && q < count; q++)
      ok = tessellate(s, q);
   uint32_t *table = ok ? evaluation_table(s, first, count) : NULL;
   ok = ok && table;
   /* Groups of patches of at most POINT_BUDGET points (or one patch). */
   for (unsigned a = 0; ok && a < count;) {
      unsigned b = a, points = 0;
      while (b < count && (b == a || points + s->pp[b].points <= POINT_BUDGET))
         points += s->pp[b++].points;
      ok = evaluate(s, first, count, table, a, b);
      a = b;
   }
   free(table);
   for (unsigned q = 0; q < count; q++) {
      free(s->pp[q].u);
      free(s->pp[q].v);
      free(s->pp[q].index);
      memset(&s->pp[q], 0, sizeof(s->pp[q]));
   }
   return ok;
}

bool
gpu_3d_tess_run(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_stage *tcs,
                const struct gpu_3d_stage *tes, const struct gpu_3d_stage *gs,
                const struct gpu_3d_run *run)
{
   struct ts s = {.gpu = gpu, .subc = subc, .tcs = tcs, .tes = tes, .gs = gs, .run = run};
   bool ok = setup(&s);
   for (unsigned first = 0; ok && first < s.patches; first += CHUNK)
      ok = chunk(&s, first, s.patches - first < CHUNK ? s.patches - first : CHUNK);
   if (s.tessellator)
      p_tess_destroy(s.tessellator);
   free(s.space);
   free(s.control_points);
   return ok;
}
