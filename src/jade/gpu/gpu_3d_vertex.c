/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Vertex fetch and the vertex stage (gpu_3d.h), from the hardware's side.
 *
 * Fetch, where each rule comes from:
 * - SET_VERTEX_ATTRIBUTE_A(i) (clc597.h): STREAM 4:0, SOURCE 6:6, OFFSET
 *   20:7 (bytes into the stream's element), COMPONENT_BIT_WIDTHS 26:21,
 *   NUMERICAL_TYPE 29:27, SWAP_R_AND_B 31; attribute i is the vertex
 *   program's input a[0x80 + 16 i] (NAK nak_private.h
 *   NAK_ATTR_GENERIC_START and nak_attribute_attr_addr; codegen
 *   nvc0_program.c: in[].slot = (0x80 + n * 0x10 + c * 4) / 4);
 * - SOURCE INACTIVE: not fetched.  nvc0 calls the bit CONST and fills such
 *   attributes from VTX_ATTR_DEFINE/DATA (nvc0_vbo.c), methods TURING_A no
 *   longer has (0x114c is SET_MESH_CONTROL in clc597.h): the model reads
 *   them as a zero element in the attribute's format, (0, 0, 0, 1) for
 *   R32_G32_B32_A32 FLOAT (Jade programs them so, for the attributes no
 *   vertex element names; Gallium gives constant attributes as streams of
 *   stride 0);
 * - the component widths and numerical type name the element's layout;
 *   it is decoded with Mesa's util_format (u_format.h
 *   util_format_unpack_rgba) into 32-bit words: floats for FLOAT, UNORM,
 *   SNORM, USCALED and SSCALED, integers for UINT and SINT, missing
 *   components 0, 0, 0 and 1 (1.0 or integer 1), SWAP_R_AND_B exchanging
 *   the first and third (BGRA orders);
 * - SET_VERTEX_STREAM_A_FORMAT(j) STRIDE 11:0 and ENABLE, _LOCATION_A/B:
 *   the stream's address, SET_VERTEX_STREAM_SIZE_A/B(j): its size in bytes
 *   (on TURING_A a size, where earlier classes had a limit address: NVK
 *   nvk_cmd_draw.c nvk_mme_bind_vb emits SIZE_A/B = size_B from
 *   TURING_A on, LIMIT_A_A/B = addr + size - 1 before); an element not
 *   wholly inside the size, or of a disabled stream, reads as zero bytes
 *   (NVK points SET_VERTEX_STREAM_SUBSTITUTE_A/B at a zero page for what
 *   is not fetched, robust buffer access's zeros);
 * - SET_VERTEX_STREAM_INSTANCE_A(j).IS_INSTANCED: the element is
 *   instance / SET_VERTEX_STREAM_A_FREQUENCY(j) + SET_GLOBAL_BASE_INSTANCE_INDEX
 *   (GL's and Vulkan's instanced fetch; NVK and Jade program FREQUENCY with
 *   the divisor, and NVK's divisor 0 gives every instance the first
 *   element: so does the model), else the vertex's element (the draw's
 *   index or vertex number plus SET_GLOBAL_BASE_VERTEX_INDEX, gpu_3d_draw.c);
 * - the vertex id and instance id system values are a[0x2fc] and a[0x2f8]
 *   (NAK nak_private.h NAK_ATTR_VERTEX_ID, NAK_ATTR_INSTANCE_ID; the SPH's
 *   imap_vertex_id bit 351 and imap_instance_id bit 350); the instance id
 *   does not include the base instance (NVK's InstanceIndex adds
 *   draw.base_instance from its root descriptors).
 * - The VS SPH (type 1) says which input words are read: its IMAP entry
 *   for word w = a[] address / 4 (jade_sph_attr.h: imap_position_x for
 *   0x70, generic_imap_x[0] for 0x80, imap_vertex_id for 0x2fc); words it
 *   does not name read 0.  Outputs are the words its OMAP names
 *   (omap_position_x, generic_omap_x[0], omap_clip_distance0 for 0x2c0);
 *   the others reach the rasteriser as 0.
 *
 * The vertex stage: the program on the SM model, a thread a vertex, 32 a
 * warp, in launches of at most 1024 vertices (one CTA each); local memory
 * in SET_SHADER_LOCAL_MEMORY_A/B of the 3D class, its size a TPC's
 * SET_SHADER_LOCAL_MEMORY_C/D (as compute's NON_THROTTLED size, NVK
 * nvk_queue.c programs both from the same slm area), a thread's bytes the
 * SPH's SHADER_LOCAL_MEMORY_LOW_SIZE, laid out as gpu_compute.c says; the
 * generic local window SET_SHADER_LOCAL_MEMORY_WINDOW.
 */

#include <stdlib.h>
#include <string.h>

#include "nvidia/classes/clc597.h"

#include "util/format/u_format.h"

#include "jade_attr.h"
#include "jade_sph.h"
#include "jade_sph_attr.h"

#include "gpu_3d.h"

#define ATTRIBUTES       32
#define STREAMS          16 /* SET_VERTEX_STREAM_A_FORMAT(0..15) */
#define GENERIC_WORD     JADE_ATTR_WORD(JADE_ATTR_GENERIC(0))
#define INSTANCE_ID_WORD JADE_ATTR_WORD(JADE_ATTR_INSTANCE_ID)
#define VERTEX_ID_WORD   JADE_ATTR_WORD(JADE_ATTR_VERTEX_ID)
#define VS_BATCH         1024 /* threads of a CTA */

#define T(x) NVC597_SET_VERTEX_ATTRIBUTE_A_NUMERICAL_TYPE_NUM_##x
#define W(x) NVC597_SET_VERTEX_ATTRIBUTE_A_COMPONENT_BIT_WIDTHS_##x
#define ROW(stem, flt)                                                                             \
   {                                                                                               \
      PIPE_FORMAT_##stem##_SNORM, PIPE_FORMAT_##stem##_UNORM, PIPE_FORMAT_##stem##_SINT,           \
         PIPE_FORMAT_##stem##_UINT, PIPE_FORMAT_##stem##_USCALED, PIPE_FORMAT_##stem##_SSCALED,    \
         flt                                                                                       \
   }

/* The util_format layout of a width code and numerical type (SNORM 1 ..
 * FLOAT 7), NONE if the pair names none; *bytes: the element's size.
 * NVIDIA's packed names go from the high bits down (A8B8G8R8 has R in
 * the low byte, as util's R8G8B8A8 in memory). */
static enum pipe_format
attribute_format(unsigned widths, unsigned type, unsigned *bytes)
{
   static const enum pipe_format r32x4[] = ROW(R32G32B32A32, PIPE_FORMAT_R32G32B32A32_FLOAT);
   static const enum pipe_format r32x3[] = ROW(R32G32B32, PIPE_FORMAT_R32G32B32_FLOAT);
   static const enum pipe_format r32x2[] = ROW(R32G32, PIPE_FORMAT_R32G32_FLOAT);
   static const enum pipe_format r32[] = ROW(R32, PIPE_FORMAT_R32_FLOAT);
   static const enum pipe_format r16x4[] = ROW(R16G16B16A16, PIPE_FORMAT_R16G16B16A16_FLOAT);
   static const enum pipe_format r16x3[] = ROW(R16G16B16, PIPE_FORMAT_R16G16B16_FLOAT);
   static const enum pipe_format r16x2[] = ROW(R16G16, PIPE_FORMAT_R16G16_FLOAT);
   static const enum pipe_format r16[] = ROW(R16, PIPE_FORMAT_R16_FLOAT);
   static const enum pipe_format r8x4[] = ROW(R8G8B8A8, PIPE_FORMAT_NONE);
   static const enum pipe_format r8x3[] = ROW(R8G8B8, PIPE_FORMAT_NONE);
   static const enum pipe_format r8x2[] = ROW(R8G8, PIPE_FORMAT_NONE);
   static const enum pipe_format r8[] = ROW(R8, PIPE_FORMAT_NONE);
   static const enum pipe_format a2b10g10r10[] = ROW(R10G10B10A2, PIPE_FORMAT_NONE);
   static const enum pipe_format a8[] = {
      PIPE_FORMAT_A8_SNORM, PIPE_FORMAT_A8_UNORM, PIPE_FORMAT_A8_SINT, PIPE_FORMAT_A8_UINT,
      PIPE_FORMAT_NONE,     PIPE_FORMAT_NONE,     PIPE_FORMAT_NONE};
   const enum pipe_format *row;
   unsigned size = 0;
   switch (widths) {
   case W(R32_G32_B32_A32):
      row = r32x4;
      break;
   case W(R32_G32_B32):
      row = r32x3;
      break;
   case W(R32_G32):
      row = r32x2;
      break;
   case W(R32):
      row = r32;
      break;
   case W(R16_G16_B16_A16):
      row = r16x4;
      break;
   case W(R16_G16_B16):
      row = r16x3;
      break;
   case W(R16_G16):
      row = r16x2;
      break;
   case W(R16):
      row = r16;
      break;
   case W(R8_G8_B8_A8):
   case W(A8B8G8R8):
      row = r8x4;
      break;
   case W(X8B8G8R8):
      row = r8x3;
      size = 4;
      break; /* X: not read, 1 */
   case W(R8_G8_B8):
      row = r8x3;
      break;
   case W(R8_G8):
   case W(G8R8):
      row = r8x2;
      break;
   case W(R8):
      row = r8;
      break;
   case W(A8):
      row = a8;
      break;
   case W(A2B10G10R10):
      row = a2b10g10r10;
      break;
   case W(B10G11R11):
      *bytes = 4;
      return type == T(FLOAT) ? PIPE_FORMAT_R11G11B10_FLOAT : PIPE_FORMAT_NONE;
   default:
      return PIPE_FORMAT_NONE;
   }
   if (type < T(SNORM) || type > T(FLOAT))
      return PIPE_FORMAT_NONE;
   enum pipe_format f = row[type - T(SNORM)];
   if (f != PIPE_FORMAT_NONE)
      *bytes = size ? size : util_format_get_blocksize(f);
   return f;
}
#undef ROW
#undef W

/* What a draw's fetch reads of the method store, once a draw. */
struct fetch_attr {
   bool read;    /* the SPH reads it */
   uint8_t mask; /* which of its four words */
   bool active;
   enum pipe_format format;
   unsigned bytes;
   bool swap_rb;
   unsigned stream, offset;
};

struct fetch_stream {
   bool enabled, instanced;
   uint64_t addr, size;
   uint32_t stride, frequency;
};

static bool
fetch_setup(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_stage *vs,
            struct fetch_attr *attr, struct fetch_stream *stream)
{
   const uint32_t *m = gpu->method[subc];
   for (unsigned s = 0; s < STREAMS; s++) {
      const uint32_t f = m[NVC597_SET_VERTEX_STREAM_A_FORMAT(s) / 4];
      stream[s] = (struct fetch_stream){
         .enabled = GPU_GET(f, NVC597_SET_VERTEX_STREAM_A_FORMAT_ENABLE),
         .stride = GPU_GET(f, NVC597_SET_VERTEX_STREAM_A_FORMAT_STRIDE),
         .addr = GPU_VA(m[NVC597_SET_VERTEX_STREAM_A_LOCATION_A(s) / 4],
                        NVC597_SET_VERTEX_STREAM_A_LOCATION_A_OFFSET_UPPER,
                        m[NVC597_SET_VERTEX_STREAM_A_LOCATION_B(s) / 4]),
         .size =
            GPU_VA(m[NVC597_SET_VERTEX_STREAM_SIZE_A(s) / 4], NVC597_SET_VERTEX_STREAM_SIZE_A_UPPER,
                   m[NVC597_SET_VERTEX_STREAM_SIZE_B(s) / 4]),
         .instanced = GPU_GET(m[NVC597_SET_VERTEX_STREAM_INSTANCE_A(s) / 4],
                              NVC597_SET_VERTEX_STREAM_INSTANCE_A_IS_INSTANCED),
         .frequency = m[NVC597_SET_VERTEX_STREAM_A_FREQUENCY(s) / 4],
      };
   }
   struct jade_sph_vtg h;
   jade_sph_vtg_unpack(vs->sph, &h);
   for (unsigned i = 0; i < ATTRIBUTES; i++) {
      const uint32_t a = m[NVC597_SET_VERTEX_ATTRIBUTE_A(i) / 4];
      struct fetch_attr *fa = &attr[i];
      memset(fa, 0, sizeof(*fa));
      for (unsigned c = 0; c < 4; c++)
         fa->mask |= jade_sph_vtg_imap_get(&h, GENERIC_WORD + 4 * i + c) << c;
      fa->read = fa->mask != 0;
      if (!fa->read)
         continue;
      fa->active = GPU_GET(a, NVC597_SET_VERTEX_ATTRIBUTE_A_SOURCE) ==
                   NVC597_SET_VERTEX_ATTRIBUTE_A_SOURCE_ACTIVE;
      fa->stream = GPU_GET(a, NVC597_SET_VERTEX_ATTRIBUTE_A_STREAM);
      fa->offset = GPU_GET(a, NVC597_SET_VERTEX_ATTRIBUTE_A_OFFSET);
      fa->swap_rb = GPU_GET(a, NVC597_SET_VERTEX_ATTRIBUTE_A_SWAP_R_AND_B);
      fa->format =
         attribute_format(GPU_GET(a, NVC597_SET_VERTEX_ATTRIBUTE_A_COMPONENT_BIT_WIDTHS),
                          GPU_GET(a, NVC597_SET_VERTEX_ATTRIBUTE_A_NUMERICAL_TYPE), &fa->bytes);
      if (fa->format == PIPE_FORMAT_NONE) {
         gpu_fault(gpu, 0, 0, false,
                   "SET_VERTEX_ATTRIBUTE_A(%u) 0x%08x: COMPONENT_BIT_WIDTHS "
                   "0x%x with NUMERICAL_TYPE %u is no vertex format the model knows",
                   i, a, GPU_GET(a, NVC597_SET_VERTEX_ATTRIBUTE_A_COMPONENT_BIT_WIDTHS),
                   GPU_GET(a, NVC597_SET_VERTEX_ATTRIBUTE_A_NUMERICAL_TYPE));
         return false;
      }
   }
   return true;
}

/* One attribute of one vertex into its four input words. */
static void
fetch_one(struct jade_gpu *gpu, const struct fetch_attr *fa, const struct fetch_stream *st,
          uint32_t element, uint32_t words[4])
{
   static const uint8_t zero[16];
   const void *src = zero;
   if (fa->active && st->enabled) {
      const uint64_t at = (uint64_t)element * st->stride + fa->offset;
      if (at + fa->bytes <= st->size) {
         const void *p = gpu->env.translate(gpu->env.data, st->addr + at, fa->bytes);
         if (p)
            src = p;
         else
            gpu_fault(gpu, st->addr + at, fa->bytes, false,
                      "vertex fetch (stream %u, element "
                      "%u)",
                      fa->stream, element);
      }
   }
   util_format_unpack_rgba(fa->format, words, src, 1);
   if (fa->swap_rb) {
      uint32_t t = words[0];
      words[0] = words[2];
      words[2] = t;
   }
}

bool
gpu_3d_vertex_shade(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_stage *vs,
                    const uint32_t *element, const uint32_t *vertex_id, unsigned n,
                    uint32_t instance, struct gpu_vertex *out)
{
   if (!n)
      return true;
   struct fetch_attr attr[ATTRIBUTES];
   struct fetch_stream stream[STREAMS];
   if (!fetch_setup(gpu, subc, vs, attr, stream))
      return false;
   struct jade_sph_vtg h;
   jade_sph_vtg_unpack(vs->sph, &h);
   const uint32_t base_instance = gpu->method[subc][NVC597_SET_GLOBAL_BASE_INSTANCE_INDEX / 4];
   const bool want_iid = jade_sph_vtg_imap_get(&h, INSTANCE_ID_WORD);
   const bool want_vid = jade_sph_vtg_imap_get(&h, VERTEX_ID_WORD);
   bool written[JADE_ATTR_MAP_WORDS];
   for (unsigned k = 0; k < JADE_ATTR_MAP_WORDS; k++)
      written[k] = jade_sph_vtg_omap_get(&h, k);

   const size_t words = (size_t)n * JADE_SIM_ATTR_WORDS;
   if (gpu->vs_words_cap < 2 * words) {
      uint32_t *p = realloc(gpu->vs_words, 2 * words * sizeof(uint32_t));
      if (!p) {
         gpu_log(gpu, "no memory for %u vertices", n);
         return false;
      }
      gpu->vs_words = p;
      gpu->vs_words_cap = 2 * words;
   }
   uint32_t *in = gpu->vs_words, *o = gpu->vs_words + words;
   memset(in, 0, 2 * words * sizeof(uint32_t));
   for (unsigned v = 0; v < n && !gpu->fault.valid; v++) {
      uint32_t *w = in + (size_t)v * JADE_SIM_ATTR_WORDS;
      for (unsigned i = 0; i < ATTRIBUTES; i++) {
         if (!attr[i].read)
            continue;
         const struct fetch_stream *st = &stream[attr[i].stream];
         uint32_t e = element[v];
         if (st->instanced)
            e = (st->frequency ? instance / st->frequency : 0) + base_instance;
         uint32_t words[4];
         fetch_one(gpu, &attr[i], st, e, words);
         for (unsigned c = 0; c < 4; c++) {
            if (attr[i].mask >> c & 1)
               w[GENERIC_WORD + 4 * i + c] = words[c];
         }
      }
      if (want_iid)
         w[INSTANCE_ID_WORD] = instance;
      if (want_vid)
         w[VERTEX_ID_WORD] = vertex_id[v];
   }
   bool ok = !gpu->fault.valid;

   uint64_t entry = 0;
   struct jade_sim *sim = ok ? gpu_sim(gpu) : NULL;
   ok = sim && gpu_load_program(gpu, vs->code, &entry, "the vertex program") &&
        gpu_3d_stage_bind(gpu, subc, vs);
   for (unsigned first = 0; ok && first < n; first += VS_BATCH) {
      const unsigned count = n - first < VS_BATCH ? n - first : VS_BATCH;
      struct jade_sim_grid g = {
         .grid = {1, 1, 1},
         .block = {count, 1, 1},
         .entry = entry,
         .register_count = vs->register_count,
      };
      if (!gpu_3d_local_memory(gpu, subc, h.shader_local_memory_low_size, count,
                               "the vertex program", &g)) {
         ok = false;
         break;
      }
      const struct jade_sim_graphics gfx = {
         .threads = count,
         .in = in + (size_t)first * JADE_SIM_ATTR_WORDS,
         .out = o + (size_t)first * JADE_SIM_ATTR_WORDS,
      };
      ok = gpu_3d_launch(gpu, vs, "the vertex program", &g, &gfx);
   }
   if (ok) {
      for (unsigned v = 0; v < n; v++) {
         const uint32_t *w = o + (size_t)v * JADE_SIM_ATTR_WORDS;
         memset(out[v].a, 0, sizeof(out[v].a));
         for (unsigned k = 0; k < JADE_ATTR_MAP_WORDS; k++) {
            if (written[k])
               out[v].a[k] = w[k];
         }
      }
   }
   return ok;
}
