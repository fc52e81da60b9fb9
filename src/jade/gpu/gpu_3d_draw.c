/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * BEGIN/END and the draw methods (gpu_3d.h), from the hardware's side
 * (clc597.h field names):
 * - BEGIN.OP is the topology of the draws up to END; INSTANCE_ID FIRST
 *   sets the instance counter to 0, SUBSEQUENT adds one, UNCHANGED keeps
 *   it (NVK nvk_mme_build_draw_loop and Jade emit FIRST then SUBSEQUENT
 *   for each further instance); the instance's id is the counter (the
 *   base instance is not in it: gpu_3d_vertex.c);
 * - SET_VERTEX_ARRAY_START + DRAW_VERTEX_ARRAY.COUNT: vertex numbers
 *   START..START+COUNT-1; SET_INDEX_BUFFER_A/B (address), SIZE_A/B (bytes),
 *   E.INDEX_SIZE, F.FIRST + DRAW_INDEX_BUFFER.COUNT: indices FIRST.. of the
 *   buffer; DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST/SUBSEQUENT and
 *   DRAW_INDEX_BUFFER{32,16,8}_BEGIN_END_INSTANCE_FIRST/SUBSEQUENT: BEGIN
 *   with their TOPOLOGY and instance, the draw of their START/FIRST and
 *   COUNT, END; DRAW_INLINE_INDEX, _INDEX2X16 (EVEN then ODD) and
 *   _INDEX4X8 (INDEX0..3): indices in the pushbuffer, drawn at END (what
 *   nvc0's inline-index path sends between BEGIN and END);
 * - DRAW_AUTO.BYTE_COUNT draws vertex numbers 0 .. (BYTE_COUNT -
 *   SET_DRAW_AUTO_START) / SET_DRAW_AUTO_STRIDE - 1 (none when the
 *   start is past the count; a stride of 0 draws nothing and is logged):
 *   Vulkan's vkCmdDrawIndirectByteCountEXT ("(counterBufferValue -
 *   counterOffset) / vertexStride" vertices, from vertex 0), which NVK
 *   implements as SET_DRAW_AUTO_START = counterOffset, SET_DRAW_AUTO_STRIDE
 *   = vertexStride and DRAW_AUTO with the counter, without programming
 *   SET_VERTEX_ARRAY_START (nvk_mme_xfb_draw_indirect), and nvc0 as
 *   DRAW_TFB_BASE 0, DRAW_TFB_STRIDE, DRAW_TFB_BYTES (nvc0_draw_stream_output);
 * - each draw method is a sequence of its own (a strip does not go on
 *   from one DRAW_* to the next);
 * - the element a vertex fetches is its index (or vertex number) plus
 *   SET_GLOBAL_BASE_VERTEX_INDEX, its vertex id the same plus
 *   SET_VERTEX_ID_BASE: NVK (nvk_mme_build_set_draw_params) and nvc0
 *   (nvc0_draw_elements: VB_ELEMENT_BASE and VERTEX_ID_BASE) program both
 *   with the base vertex, and nvc0 zeroes both before array draws
 *   (nvc0_draw_arrays: "can we deactivate it for the VERTEX_BUFFER_FIRST
 *   command?"): the base applies to array draws too;
 * - SET_DA_OUTPUT.VERTEX_ID_USES_ARRAY_START: an array draw's vertex ids
 *   start at SET_VERTEX_ARRAY_START (TRUE) or at 0 (FALSE), the base
 *   added either way (its name; NVK sets TRUE, nvc0 VERTEX_ID_GEN_MODE
 *   DRAW_ARRAYS_ADD_START, which GL's gl_VertexID = first + i needs).  Its
 *   reset value is not documented: an array draw whose vertex program
 *   reads the vertex id faults while it is unknown (gpu_3d_reset.c);
 * - BEGIN.PRIMITIVE_ID FIRST sets the primitive id counter to 0,
 *   UNCHANGED keeps it (NVK and Jade send FIRST with every BEGIN, so ids
 *   start again with each instance, as GL 4.6 says of the primitive ID
 *   counter under geometry shader inputs); the *_BEGIN_END_* forms,
 *   which have no such field, are taken as FIRST (the model's reading);
 *   each run's primitives advance it by their count
 *   (gpu_3d_primitive_count), across list batches and primitive restarts
 *   ("restarting a primitive topology ... has no effect on the primitive
 *   ID counter", same section); LOAD_PRIMITIVE_ID and ADD_TO_PRIMITIVE_ID
 *   are not modelled (reported as unimplemented);
 * - SET_DA_PRIMITIVE_RESTART.ENABLE with _INDEX.V: an index equal to V
 *   (compared before the base vertex) ends the run and starts another of
 *   the same topology; it applies to index-buffer and inline draws.
 *   SET_DA_PRIMITIVE_RESTART_VERTEX_ARRAY (restart on array draws, which
 *   NVK keeps off) is reported as not implemented when enabled;
 * - an index past SET_INDEX_BUFFER_SIZE reads 0 (the model's choice,
 *   robust access's; logged once a draw).
 * Every vertex of a run is shaded once (repeated indices of a batch share
 * it, as the hardware's vertex cache lets them: GL and Vulkan leave the
 * count of vertex invocations to the implementation), in batches that
 * list topologies cut at primitive boundaries.  With a GEOMETRY stage
 * enabled the runs go through it (gpu_3d_geometry.c), which hands its
 * output on; without, they go on themselves (gpu_3d_output): to
 * gpu_3d_stream_out (transform feedback and the primitive counters), the
 * test hook, then those of the stream SET_RASTER_INPUT.STREAM_SELECT names
 * (clc597.h; NVK programs it with Vulkan's rasterization stream, GL's is
 * stream 0) to gpu_3d_rasterize unless SET_RASTER_ENABLE is FALSE;
 * CLEAR_SURFACE to gpu_3d_clear.  Draws and clears happen only while
 * gpu_3d_render_enabled (conditional rendering, gpu_3d_stream.c); the
 * runs' vertices and primitives and the shaded vertices are counted
 * (DA_VERTICES_GENERATED, DA_PRIMITIVES_GENERATED, VS_INVOCATIONS).
 * With the TESSELLATION stage enabled a draw's topology must be PATCH,
 * and PATCH needs that stage (TESSELLATION_INIT needs it too): else a
 * fault (GL 4.6 10.5 and 11.2 make such draws INVALID_OPERATION, so no
 * driver sends them and what the GPU does is undocumented: the model's
 * check).  PATCH runs are cut at patch boundaries (SET_PATCH.SIZE
 * vertices; an incomplete last patch draws nothing, as for lists), count
 * a primitive a patch (DA_PRIMITIVES_GENERATED, the primitive id
 * counter) and go through the tessellation stage (gpu_3d_tess.c), which
 * hands its output to the geometry stage or on.
 */

#include <stdlib.h>
#include <string.h>

#include "nvidia/classes/clc597.h"

#include "jade_sph.h"

#include "gpu_3d.h"

#define M(name) gpu->method[subc][NVC597_##name / 4]

#define LIST_BATCH 3072 /* vertices shaded at most at once, for lists */

struct gpu_3d_draw {
   bool begun;
   unsigned topology;
   uint32_t *inline_index;
   unsigned inline_count, inline_cap;
   bool inline_bad;
};

void
jade_gpu_set_run_hook(struct jade_gpu *gpu, jade_gpu_run_fn fn, void *data)
{
   gpu->run_hook = fn;
   gpu->run_hook_data = data;
}

void
gpu_3d_destroy(struct jade_gpu *gpu)
{
   if (gpu->draw3d)
      free(gpu->draw3d->inline_index);
   free(gpu->draw3d);
   gpu->draw3d = NULL;
   free(gpu->vs_words);
   gpu->vs_words = NULL;
   gpu->vs_words_cap = 0;
}

static struct gpu_3d_draw *
draw_state(struct jade_gpu *gpu)
{
   if (!gpu->draw3d)
      gpu->draw3d = calloc(1, sizeof(*gpu->draw3d));
   return gpu->draw3d;
}

/* Vertices of a primitive of a list topology; 0 for the connected ones. */
static unsigned
list_size(unsigned topology)
{
   switch (topology) {
   case NVC597_BEGIN_OP_POINTS:
      return 1;
   case NVC597_BEGIN_OP_LINES:
      return 2;
   case NVC597_BEGIN_OP_TRIANGLES:
      return 3;
   case NVC597_BEGIN_OP_QUADS:
      return 4;
   case NVC597_BEGIN_OP_LINELIST_ADJCY:
      return 4;
   case NVC597_BEGIN_OP_TRIANGLELIST_ADJCY:
      return 6;
   default:
      return 0;
   }
}

/* The programs of a draw's pre-rasterisation stages. */
struct draw_stages {
   struct gpu_3d_stage vs, tcs, tes, gs;
   unsigned patch_size; /* SET_PATCH.SIZE: a PATCH draw's vertices a patch */
   uint32_t vid_start;  /* taken off the vertex numbers for the vertex ids */
};

/* Whether the test hook takes the run (it is then not rasterised). */
static bool
hook_takes(struct jade_gpu *gpu, const struct gpu_3d_run *run)
{
   if (!gpu->run_hook)
      return false;
   const struct jade_gpu_run r = {
      .topology = run->topology,
      .attr = (const uint32_t(*)[JADE_SIM_ATTR_WORDS])run->v,
      .count = run->count,
      .instance = run->instance,
      .primitive_id = run->primitive_id,
      .stream = run->stream,
   };
   return gpu->run_hook(gpu->run_hook_data, &r);
}

bool
gpu_3d_output(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_run *runs, unsigned count)
{
   const unsigned raster_stream =
      GPU_GET(M(SET_RASTER_INPUT), NVC597_SET_RASTER_INPUT_STREAM_SELECT);
   /* SET_RASTER_ENABLE FALSE: rasterizer discard, after stream output. */
   const bool raster = GPU_GET(M(SET_RASTER_ENABLE), NVC597_SET_RASTER_ENABLE_V);
   /* Consecutive runs to rasterise go at once (one pixel stage setup). */
   unsigned first = 0, pending = 0;
   for (unsigned i = 0; i < count; i++) {
      if (!gpu_3d_stream_out(gpu, subc, &runs[i]))
         return false;
      if (hook_takes(gpu, &runs[i]) || !raster || runs[i].stream != raster_stream) {
         if (pending && !gpu_3d_rasterize(gpu, subc, &runs[first], pending))
            return false;
         pending = 0;
         continue;
      }
      if (!pending)
         first = i;
      pending++;
   }
   return !pending || gpu_3d_rasterize(gpu, subc, &runs[first], pending);
}

static bool
emit_run(struct jade_gpu *gpu, unsigned subc, const struct draw_stages *st, unsigned topology,
         const struct gpu_vertex *v, unsigned count)
{
   const struct gpu_3d_run run = {
      .topology = topology,
      .v = v,
      .count = count,
      .instance = gpu->instance3d,
      .primitive_id = gpu->primitive3d,
   };
   const bool patches = topology == NVC597_BEGIN_OP_PATCH;
   const unsigned prims =
      patches ? count / st->patch_size : gpu_3d_primitive_count(topology, count);
   gpu->primitive3d += prims;
   gpu->counters3d.da_vertices += count;
   gpu->counters3d.da_primitives += prims;
   if (patches)
      return gpu_3d_tess_run(gpu, subc, &st->tcs, &st->tes, &st->gs, &run);
   if (st->gs.enabled)
      return gpu_3d_geometry_run(gpu, subc, &st->gs, &run);
   return gpu_3d_output(gpu, subc, &run, 1);
}

/* Shades the vertices idx[0..n) (raw indices or vertex numbers) and hands
 * them on as one run. */
static bool
shade_batch(struct jade_gpu *gpu, unsigned subc, const struct draw_stages *st, unsigned topology,
            const uint32_t *idx, unsigned n)
{
   const struct gpu_3d_stage *vs = &st->vs;
   const uint32_t base_vertex = M(SET_GLOBAL_BASE_VERTEX_INDEX);
   const uint32_t vid_base = M(SET_VERTEX_ID_BASE) - st->vid_start;
   /* The distinct indices, by an open-addressed table. */
   unsigned cap = 16;
   while (cap < 2 * n)
      cap *= 2;
   uint32_t *slot = malloc(cap * sizeof(uint32_t)); /* unique + 1, 0: empty */
   uint32_t *map = malloc(n * sizeof(uint32_t));
   uint32_t *element = malloc(n * sizeof(uint32_t));
   uint32_t *vid = malloc(n * sizeof(uint32_t));
   uint32_t *uidx = malloc(n * sizeof(uint32_t));
   struct gpu_vertex *shaded = NULL, *ordered = NULL;
   bool ok = slot && map && element && vid && uidx;
   unsigned unique = 0;
   if (ok) {
      memset(slot, 0, cap * sizeof(uint32_t));
      for (unsigned i = 0; i < n; i++) {
         unsigned h = (idx[i] * 2654435761u) & (cap - 1);
         while (slot[h] && uidx[slot[h] - 1] != idx[i])
            h = (h + 1) & (cap - 1);
         if (!slot[h]) {
            uidx[unique] = idx[i];
            element[unique] = idx[i] + base_vertex;
            vid[unique] = idx[i] + vid_base;
            slot[h] = ++unique;
         }
         map[i] = slot[h] - 1;
      }
      shaded = malloc((size_t)unique * sizeof(*shaded));
      ok = shaded != NULL;
   }
   ok = ok && gpu_3d_vertex_shade(gpu, subc, vs, element, vid, unique, gpu->instance3d, shaded);
   if (ok)
      gpu->counters3d.vs_invocations += unique;
   if (ok && unique != n) {
      ordered = malloc((size_t)n * sizeof(*ordered));
      ok = ordered != NULL;
      for (unsigned i = 0; ok && i < n; i++)
         ordered[i] = shaded[map[i]];
   }
   if (ok)
      ok = emit_run(gpu, subc, st, topology, ordered ? ordered : shaded, n);
   else if (!gpu->fault.valid && !(slot && map && element && vid && uidx && shaded))
      gpu_log(gpu, "no memory for a draw of %u vertices", n);
   free(slot);
   free(map);
   free(element);
   free(vid);
   free(uidx);
   free(shaded);
   free(ordered);
   return ok;
}

/* A run (no restart inside) of n indices. */
static bool
draw_run(struct jade_gpu *gpu, unsigned subc, const struct draw_stages *st, unsigned topology,
         const uint32_t *idx, unsigned n)
{
   const unsigned p = topology == NVC597_BEGIN_OP_PATCH ? st->patch_size : list_size(topology);
   if (!p)
      return shade_batch(gpu, subc, st, topology, idx, n);
   n -= n % p; /* an incomplete last primitive draws nothing */
   const unsigned batch = LIST_BATCH - LIST_BATCH % p;
   for (unsigned at = 0; at < n; at += batch) {
      if (!shade_batch(gpu, subc, st, topology, idx + at, n - at < batch ? n - at : batch))
         return false;
   }
   return true;
}

/* Draws n indices (or vertex numbers) of the topology, split at restarts. */
static void
draw(struct jade_gpu *gpu, unsigned subc, unsigned topology, const uint32_t *idx, unsigned n,
     bool restart, bool array, uint32_t first)
{
   if (!n || gpu->fault.valid || !gpu_3d_render_enabled(gpu, subc) ||
       !gpu_3d_draw_state_known(gpu, subc))
      return;
   struct draw_stages st;
   struct gpu_3d_stage other;
   if (!gpu_3d_stage_read(gpu, subc, NVC597_SET_PIPELINE_SHADER_TYPE_VERTEX, &st.vs) ||
       !gpu_3d_stage_read(gpu, subc, NVC597_SET_PIPELINE_SHADER_TYPE_TESSELLATION_INIT, &st.tcs) ||
       !gpu_3d_stage_read(gpu, subc, NVC597_SET_PIPELINE_SHADER_TYPE_TESSELLATION, &st.tes) ||
       !gpu_3d_stage_read(gpu, subc, NVC597_SET_PIPELINE_SHADER_TYPE_GEOMETRY, &st.gs))
      return;
   const bool patches = topology == NVC597_BEGIN_OP_PATCH;
   if (patches != st.tes.enabled || (st.tcs.enabled && !st.tes.enabled)) {
      gpu_fault(gpu, 0, 0, false,
                "a draw of topology %u (PATCH is %u) with the TESSELLATION_INIT stage %s and "
                "the TESSELLATION stage %s: PATCH draws need the TESSELLATION stage, which "
                "takes only them, and TESSELLATION_INIT needs it",
                topology, NVC597_BEGIN_OP_PATCH, st.tcs.enabled ? "enabled" : "disabled",
                st.tes.enabled ? "enabled" : "disabled");
      return;
   }
   st.patch_size = GPU_GET(M(SET_PATCH), NVC597_SET_PATCH_SIZE);
   if (patches && (st.patch_size == 0 || st.patch_size > 32)) {
      gpu_fault(gpu, 0, 0, false, "a PATCH draw with SET_PATCH.SIZE %u (1..32 control points)",
                st.patch_size);
      return;
   }
   if (!st.vs.enabled) {
      gpu_fault(gpu, 0, 0, false,
                "a draw with no vertex program enabled "
                "(SET_PIPELINE_SHADER.TYPE VERTEX)");
      return;
   }
   st.vid_start = 0;
   if (array) {
      struct jade_sph_vtg h;
      jade_sph_vtg_unpack(st.vs.sph, &h);
      if (h.imap_vertex_id &&
          !gpu_3d_known(gpu, subc, NVC597_SET_DA_OUTPUT,
                        "an array draw's vertex ids may or may not start at the array start"))
         return;
      if (!GPU_GET(M(SET_DA_OUTPUT), NVC597_SET_DA_OUTPUT_VERTEX_ID_USES_ARRAY_START))
         st.vid_start = first;
   }
   static const unsigned unmodelled[] = {
      NVC597_SET_PIPELINE_SHADER_TYPE_VERTEX_CULL_BEFORE_FETCH,
   };
   for (unsigned i = 0; i < sizeof(unmodelled) / sizeof(unmodelled[0]); i++) {
      if (!gpu_3d_stage_read(gpu, subc, unmodelled[i], &other))
         return;
      if (other.enabled) {
         gpu_unimplemented(gpu, subc, NVC597_SET_PIPELINE_SHADER(0), unmodelled[i]);
         return;
      }
   }
   const uint32_t restart_index = M(SET_DA_PRIMITIVE_RESTART_INDEX);
   unsigned start = 0;
   for (unsigned i = 0; i <= n; i++) {
      if (i < n && !(restart && idx[i] == restart_index))
         continue;
      if (i > start && !draw_run(gpu, subc, &st, topology, idx + start, i - start))
         return;
      start = i + 1;
   }
}

static void
draw_arrays(struct jade_gpu *gpu, unsigned subc, unsigned topology, uint32_t first, uint32_t count)
{
   if (GPU_GET(M(SET_DA_PRIMITIVE_RESTART_VERTEX_ARRAY),
               NVC597_SET_DA_PRIMITIVE_RESTART_VERTEX_ARRAY_ENABLE) &&
       GPU_GET(M(SET_DA_PRIMITIVE_RESTART), NVC597_SET_DA_PRIMITIVE_RESTART_ENABLE)) {
      gpu_unimplemented(gpu, subc, NVC597_SET_DA_PRIMITIVE_RESTART_VERTEX_ARRAY, 1);
      return;
   }
   uint32_t *idx = malloc((size_t)count * sizeof(uint32_t));
   if (!idx && count) {
      gpu_log(gpu, "no memory for a draw of %u vertices", count);
      return;
   }
   for (uint32_t i = 0; i < count; i++)
      idx[i] = first + i;
   draw(gpu, subc, topology, idx, count, false, true, first);
   free(idx);
}

/* index_size: bytes (1, 2, 4). */
static void
draw_indexed(struct jade_gpu *gpu, unsigned subc, unsigned topology, uint32_t first, uint32_t count,
             unsigned index_size)
{
   const uint64_t va =
      GPU_VA(M(SET_INDEX_BUFFER_A), NVC597_SET_INDEX_BUFFER_A_ADDRESS_UPPER, M(SET_INDEX_BUFFER_B));
   const uint64_t size = GPU_VA(M(SET_INDEX_BUFFER_SIZE_A), NVC597_SET_INDEX_BUFFER_SIZE_A_UPPER,
                                M(SET_INDEX_BUFFER_SIZE_B));
   uint32_t *idx = malloc((size_t)count * sizeof(uint32_t));
   if (!idx && count) {
      gpu_log(gpu, "no memory for a draw of %u indices", count);
      return;
   }
   /* The indices inside the buffer, read at once. */
   const uint64_t from = (uint64_t)first * index_size;
   uint64_t inside = from < size ? (size - from) / index_size : 0;
   if (inside > count)
      inside = count;
   const uint8_t *src =
      inside ? gpu->env.translate(gpu->env.data, va + from, inside * index_size) : NULL;
   if (inside && !src) {
      gpu_fault(gpu, va + from, (uint32_t)(inside * index_size), false,
                "DRAW_INDEX_BUFFER (reading the indices)");
      free(idx);
      return;
   }
   for (uint64_t i = 0; i < inside; i++) {
      const uint8_t *s = src + i * index_size;
      idx[i] = index_size == 1   ? s[0]
               : index_size == 2 ? (uint32_t)(s[0] | s[1] << 8)
                                 : (uint32_t)(s[0] | s[1] << 8 | s[2] << 16 | (uint32_t)s[3] << 24);
   }
   if (inside < count) {
      gpu_log(gpu,
              "DRAW_INDEX_BUFFER: indices %llu..%u lie past SET_INDEX_BUFFER_SIZE 0x%llx "
              "bytes: read as 0",
              (unsigned long long)(first + inside), first + count - 1, (unsigned long long)size);
      memset(idx + inside, 0, (count - inside) * sizeof(uint32_t));
   }
   draw(gpu, subc, topology, idx, count,
        GPU_GET(M(SET_DA_PRIMITIVE_RESTART), NVC597_SET_DA_PRIMITIVE_RESTART_ENABLE), false, 0);
   free(idx);
}

static unsigned
index_bytes(uint32_t e)
{
   switch (GPU_GET(e, NVC597_SET_INDEX_BUFFER_E_INDEX_SIZE)) {
   case NVC597_SET_INDEX_BUFFER_E_INDEX_SIZE_ONE_BYTE:
      return 1;
   case NVC597_SET_INDEX_BUFFER_E_INDEX_SIZE_TWO_BYTES:
      return 2;
   default:
      return 4;
   }
}

static void
begin(struct jade_gpu *gpu, struct gpu_3d_draw *d, unsigned topology, unsigned instance_id,
      unsigned primitive_id)
{
   if (primitive_id == NVC597_BEGIN_PRIMITIVE_ID_FIRST)
      gpu->primitive3d = 0;
   d->begun = true;
   d->topology = topology;
   d->inline_count = 0;
   d->inline_bad = false;
   if (instance_id == NVC597_BEGIN_INSTANCE_ID_FIRST)
      gpu->instance3d = 0;
   else if (instance_id == NVC597_BEGIN_INSTANCE_ID_SUBSEQUENT)
      gpu->instance3d++;
}

static void
end(struct jade_gpu *gpu, unsigned subc, struct gpu_3d_draw *d)
{
   if (d->inline_count && !d->inline_bad)
      draw(gpu, subc, d->topology, d->inline_index, d->inline_count,
           GPU_GET(M(SET_DA_PRIMITIVE_RESTART), NVC597_SET_DA_PRIMITIVE_RESTART_ENABLE), false, 0);
   d->inline_count = 0;
   d->begun = false;
}

static void
inline_index(struct jade_gpu *gpu, struct gpu_3d_draw *d, uint32_t index)
{
   if (d->inline_count == d->inline_cap) {
      unsigned cap = d->inline_cap ? d->inline_cap * 2 : 256;
      uint32_t *p = realloc(d->inline_index, cap * sizeof(uint32_t));
      if (!p) {
         if (!d->inline_bad)
            gpu_log(gpu, "no memory for %u inline indices", cap);
         d->inline_bad = true;
         return;
      }
      d->inline_index = p;
      d->inline_cap = cap;
   }
   d->inline_index[d->inline_count++] = index;
}

/* DRAW_AUTO.BYTE_COUNT: the vertices a stream-output buffer holds, from
 * vertex 0 (the rule in this file's header). */
static void
draw_auto(struct jade_gpu *gpu, unsigned subc, struct gpu_3d_draw *d, uint32_t byte_count)
{
   const uint32_t start = GPU_GET(M(SET_DRAW_AUTO_START), NVC597_SET_DRAW_AUTO_START_BYTE_COUNT);
   const uint32_t stride = GPU_GET(M(SET_DRAW_AUTO_STRIDE), NVC597_SET_DRAW_AUTO_STRIDE_V);
   if (!stride) {
      gpu_log(gpu, "DRAW_AUTO with SET_DRAW_AUTO_STRIDE 0: nothing drawn");
      return;
   }
   const uint32_t count = byte_count > start ? (byte_count - start) / stride : 0;
   draw_arrays(gpu, subc, d->topology, 0, count);
}

/* The *_BEGIN_END_INSTANCE_* forms: TOPOLOGY 31:28, COUNT 27:16, START or
 * FIRST 15:0 in all of them. */
static void
begin_end(struct jade_gpu *gpu, unsigned subc, struct gpu_3d_draw *d, uint32_t data,
          bool subsequent, unsigned index_size)
{
   const unsigned topology =
      GPU_GET(data, NVC597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST_TOPOLOGY);
   const uint32_t first =
      GPU_GET(data, NVC597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST_START_INDEX);
   const uint32_t count = GPU_GET(data, NVC597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST_COUNT);
   begin(gpu, d, topology,
         subsequent ? NVC597_BEGIN_INSTANCE_ID_SUBSEQUENT : NVC597_BEGIN_INSTANCE_ID_FIRST,
         NVC597_BEGIN_PRIMITIVE_ID_FIRST);
   if (index_size)
      draw_indexed(gpu, subc, topology, first, count, index_size);
   else
      draw_arrays(gpu, subc, topology, first, count);
   end(gpu, subc, d);
}

bool
gpu_3d_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data)
{
   if (gpu->subc_class[subc] != 0xc597)
      return false;
   struct gpu_3d_draw *d;
   switch (mthd) {
   case NVC597_BEGIN:
   case NVC597_END:
   case NVC597_DRAW_VERTEX_ARRAY:
   case NVC597_DRAW_AUTO:
   case NVC597_DRAW_INDEX_BUFFER:
   case NVC597_DRAW_INLINE_INDEX:
   case NVC597_DRAW_INLINE_INDEX2X16:
   case NVC597_DRAW_INLINE_INDEX4X8:
   case NVC597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST:
   case NVC597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_SUBSEQUENT:
   case NVC597_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_FIRST:
   case NVC597_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST:
   case NVC597_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_FIRST:
   case NVC597_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_SUBSEQUENT:
   case NVC597_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_SUBSEQUENT:
   case NVC597_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_SUBSEQUENT:
      d = draw_state(gpu);
      if (!d) {
         gpu_log(gpu, "no memory for the 3D draw state");
         return true;
      }
      break;
   case NVC597_CLEAR_SURFACE:
      if (gpu_3d_render_enabled(gpu, subc))
         gpu_3d_clear(gpu, subc, data);
      return true;
   case NVC597_CHECK_SPH_VERSION:
      gpu_3d_check_sph_version(gpu, subc, data);
      return true;
   case NVC597_CHECK_AAM_VERSION:
      return true; /* kept as state: only required (gpu_3d_reset.c) */
   default:
      return gpu_3d_stream_method(gpu, subc, mthd, data);
   }

   switch (mthd) {
   case NVC597_BEGIN:
      if (GPU_GET(data, NVC597_BEGIN_INSTANCE_ITERATE_ENABLE))
         gpu_unimplemented(gpu, subc, NVC597_BEGIN, data);
      begin(gpu, d, GPU_GET(data, NVC597_BEGIN_OP), GPU_GET(data, NVC597_BEGIN_INSTANCE_ID),
            GPU_GET(data, NVC597_BEGIN_PRIMITIVE_ID));
      break;
   case NVC597_END:
      end(gpu, subc, d);
      break;
   case NVC597_DRAW_VERTEX_ARRAY:
      draw_arrays(gpu, subc, d->topology, M(SET_VERTEX_ARRAY_START), data);
      break;
   case NVC597_DRAW_AUTO:
      draw_auto(gpu, subc, d, data);
      break;
   case NVC597_DRAW_INDEX_BUFFER:
      draw_indexed(gpu, subc, d->topology, M(SET_INDEX_BUFFER_F), data,
                   index_bytes(M(SET_INDEX_BUFFER_E)));
      break;
   case NVC597_DRAW_INLINE_INDEX:
      inline_index(gpu, d, data);
      break;
   case NVC597_DRAW_INLINE_INDEX2X16:
      inline_index(gpu, d, GPU_GET(data, NVC597_DRAW_INLINE_INDEX2X16_EVEN));
      inline_index(gpu, d, GPU_GET(data, NVC597_DRAW_INLINE_INDEX2X16_ODD));
      break;
   case NVC597_DRAW_INLINE_INDEX4X8:
      inline_index(gpu, d, GPU_GET(data, NVC597_DRAW_INLINE_INDEX4X8_INDEX0));
      inline_index(gpu, d, GPU_GET(data, NVC597_DRAW_INLINE_INDEX4X8_INDEX1));
      inline_index(gpu, d, GPU_GET(data, NVC597_DRAW_INLINE_INDEX4X8_INDEX2));
      inline_index(gpu, d, GPU_GET(data, NVC597_DRAW_INLINE_INDEX4X8_INDEX3));
      break;
   case NVC597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST:
   case NVC597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_SUBSEQUENT:
      begin_end(gpu, subc, d, data, mthd == NVC597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_SUBSEQUENT,
                0);
      break;
   case NVC597_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_FIRST:
   case NVC597_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_SUBSEQUENT:
      begin_end(gpu, subc, d, data,
                mthd == NVC597_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_SUBSEQUENT, 4);
      break;
   case NVC597_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST:
   case NVC597_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_SUBSEQUENT:
      begin_end(gpu, subc, d, data,
                mthd == NVC597_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_SUBSEQUENT, 2);
      break;
   case NVC597_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_FIRST:
   case NVC597_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_SUBSEQUENT:
      begin_end(gpu, subc, d, data, mthd == NVC597_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_SUBSEQUENT,
                1);
      break;
   }
   return true;
}
