/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The vertex pipeline from a hand-built pushbuffer: two vertex streams in
 * three formats (R32G32 FLOAT, R8G8B8A8 UNORM with R and B swapped, an
 * instanced R16G16 SINT with divisor 2), a 16-bit index buffer with a
 * restart index, three instances through BEGIN.INSTANCE_ID, base vertex,
 * vertex id base and base instance, a vertex program (ALD/AST, a constant
 * from bind group 0) whose SPH names what it reads and writes, and an
 * array draw of the BEGIN_END_INSTANCE_FIRST form with elements past the
 * stream's size; then DRAW_AUTO (glDrawTransformFeedback's draw by a
 * byte count: SET_DRAW_AUTO_START 8, SET_DRAW_AUTO_STRIDE 12, a count
 * of 49 bytes: 3 vertices from vertex 0 whatever SET_VERTEX_ARRAY_START
 * says) whose data word comes from a second pushbuffer segment, as a
 * driver splices a report's word in (the pending method goes on across
 * segments), and a DRAW_AUTO of stride 0 that draws nothing.  Every
 * output word of every run is checked against values worked out by hand.
 */

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "nvidia/classes/clc597.h"

#include "gpu_test_asm.h"
#include "gpu_test_context.h"
#include "jade_sph.h"

#define VA_BASE 0x20000000ull
#define PB      0x0000
#define PROG    0x1000
#define STREAM0 0x2000
#define STREAM1 0x3000
#define CBUF    0x3800
#define INDEX   0x4000
#define REPORTS 0x4800
#define COUNT   0x4c00 /* DRAW_AUTO's byte count, a segment of its own */
#define PB_TAIL 0x4d00 /* what follows it */

#define MAX_RUNS  16
#define MAX_VERTS 8

struct captured {
   unsigned topology, count, instance;
   uint32_t a[MAX_VERTS][JADE_SIM_ATTR_WORDS];
};
static struct captured runs[MAX_RUNS];
static unsigned run_count;

static bool
hook(void *data, const struct jade_gpu_run *r)
{
   if (run_count < MAX_RUNS) {
      struct captured *c = &runs[run_count];
      c->topology = r->topology;
      c->count = r->count;
      c->instance = r->instance;
      for (unsigned v = 0; v < r->count && v < MAX_VERTS; v++)
         memcpy(c->a[v], r->attr[v], sizeof(c->a[v]));
   }
   run_count++;
   return true;
}

static uint32_t pbw[1024];
static unsigned pbn;

static void
m1(uint32_t mthd, uint32_t data)
{
   pbw[pbn++] = gpu_test_inc(1, 0, mthd);
   pbw[pbn++] = data;
}

static void
m_va(uint32_t mthd_hi, uint32_t at)
{
   pbw[pbn++] = gpu_test_inc(2, 0, mthd_hi);
   pbw[pbn++] = (uint32_t)((VA_BASE + at) >> 32);
   pbw[pbn++] = (uint32_t)(VA_BASE + at);
}

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static float
bitsf(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static const char *const vs_code[] = {
   "ALD.64 R0, a[0x80]", "ALD.128 R4, a[0x90]",  "ALD.64 R8, a[0xa0]", "ALD R10, a[0x2fc]",
   "ALD R11, a[0x2f8]",  "MOV R12, c[0x0][0x0]", "AST.64 a[0x70], R0", "AST.128 a[0x80], R4",
   "AST.64 a[0x90], R8", "AST.64 a[0x98], R10",  "AST a[0xa0], R12",   "EXIT",
};

static void
build_program(void)
{
   struct jade_sph_vtg h = {
      .sph_type = JADE_SPH_VTG_SPH_TYPE_TYPE_01_VTG,
      .version = 4,
      .shader_type = JADE_SPH_VTG_SHADER_TYPE_VERTEX,
      .sass_version = 1,
      .imap_vertex_id = 1,
      .imap_instance_id = 1,
      .omap_position_x = 1,
      .omap_position_y = 1,
   };
   h.generic_imap_x[0] = h.generic_imap_y[0] = 1;
   h.generic_imap_x[1] = h.generic_imap_y[1] = h.generic_imap_z[1] = h.generic_imap_w[1] = 1;
   h.generic_imap_x[2] = h.generic_imap_y[2] = 1;
   h.generic_omap_x[0] = h.generic_omap_y[0] = h.generic_omap_z[0] = h.generic_omap_w[0] = 1;
   h.generic_omap_x[1] = h.generic_omap_y[1] = h.generic_omap_z[1] = h.generic_omap_w[1] = 1;
   h.generic_omap_x[2] = 1;
   uint32_t dw[JADE_SPH_WORDS] = {0};
   jade_sph_vtg_pack(dw, &h);
   memcpy(mem + PROG, dw, sizeof(dw));
   gpu_test_assemble(vs_code, sizeof(vs_code) / sizeof(vs_code[0]), PROG + 0x80);
}

/* Stream 0 element k: (k + 0.5, -k) as floats, then bytes
 * (0, 0x80, 255, 255 - 255 * (k & 1)). */
static void
build_streams(void)
{
   for (unsigned k = 0; k < 6; k++) {
      float xy[2] = {k + 0.5f, -(float)k};
      memcpy(mem + STREAM0 + 12 * k, xy, 8);
      const uint8_t c[4] = {0, 0x80, 255, (k & 1) ? 0 : 255};
      memcpy(mem + STREAM0 + 12 * k + 8, c, 4);
   }
   for (unsigned e = 0; e < 8; e++) {
      const int16_t v[2] = {(int16_t)(e * 100 - 50), (int16_t) - (int)e};
      memcpy(mem + STREAM1 + 4 * e, v, 4);
   }
   const uint32_t cb = 0x12345678;
   memcpy(mem + CBUF, &cb, 4);
   const uint16_t idx[7] = {0, 1, 2, 0xffff, 2, 1, 3};
   memcpy(mem + INDEX, idx, sizeof(idx));
}

static void
build_pushbuffer(void)
{
   pbn = 0;
   pbw[pbn++] = gpu_test_inc(1, 0, NVC46F_SET_OBJECT);
   pbw[pbn++] = 0xc597;
   for (unsigned i = 0; i < GPU_TEST_CONTEXT_METHODS; i++)
      m1(gpu_test_context_state[i].mthd, gpu_test_context_state[i].value);
   /* c[0] of bind group 0: 256 bytes at CBUF. */
   pbw[pbn++] = gpu_test_inc(3, 0, NVC597_SET_CONSTANT_BUFFER_SELECTOR_A);
   pbw[pbn++] = 256;
   pbw[pbn++] = (uint32_t)((VA_BASE + CBUF) >> 32);
   pbw[pbn++] = (uint32_t)(VA_BASE + CBUF);
   m1(NVC597_BIND_GROUP_CONSTANT_BUFFER(0), 1);
   /* The vertex program at index 1. */
   m1(NVC597_SET_PIPELINE_SHADER(1), 1 | NVC597_SET_PIPELINE_SHADER_TYPE_VERTEX << 4);
   m1(NVC597_SET_PIPELINE_REGISTER_COUNT(1), 16);
   m1(NVC597_SET_PIPELINE_BINDING(1), 0);
   m_va(NVC597_SET_PIPELINE_PROGRAM_ADDRESS_A(1), PROG);
   /* Attributes. */
   m1(NVC597_SET_VERTEX_ATTRIBUTE_A(0),
      0 | 0 << 7 | NVC597_SET_VERTEX_ATTRIBUTE_A_COMPONENT_BIT_WIDTHS_R32_G32 << 21 |
         NVC597_SET_VERTEX_ATTRIBUTE_A_NUMERICAL_TYPE_NUM_FLOAT << 27);
   m1(NVC597_SET_VERTEX_ATTRIBUTE_A(1),
      0 | 8 << 7 | NVC597_SET_VERTEX_ATTRIBUTE_A_COMPONENT_BIT_WIDTHS_R8_G8_B8_A8 << 21 |
         NVC597_SET_VERTEX_ATTRIBUTE_A_NUMERICAL_TYPE_NUM_UNORM << 27 | 1u << 31);
   m1(NVC597_SET_VERTEX_ATTRIBUTE_A(2),
      1 | 0 << 7 | NVC597_SET_VERTEX_ATTRIBUTE_A_COMPONENT_BIT_WIDTHS_R16_G16 << 21 |
         NVC597_SET_VERTEX_ATTRIBUTE_A_NUMERICAL_TYPE_NUM_SINT << 27);
   /* Streams: 0 per vertex (6 elements of 12 bytes), 1 per instance. */
   m1(NVC597_SET_VERTEX_STREAM_A_FORMAT(0), 12 | 1 << 12);
   m_va(NVC597_SET_VERTEX_STREAM_A_LOCATION_A(0), STREAM0);
   m1(NVC597_SET_VERTEX_STREAM_SIZE_A(0), 0);
   m1(NVC597_SET_VERTEX_STREAM_SIZE_B(0), 72);
   m1(NVC597_SET_VERTEX_STREAM_INSTANCE_A(0), 0);
   m1(NVC597_SET_VERTEX_STREAM_A_FORMAT(1), 4 | 1 << 12);
   m_va(NVC597_SET_VERTEX_STREAM_A_LOCATION_A(1), STREAM1);
   m1(NVC597_SET_VERTEX_STREAM_SIZE_A(1), 0);
   m1(NVC597_SET_VERTEX_STREAM_SIZE_B(1), 32);
   m1(NVC597_SET_VERTEX_STREAM_INSTANCE_A(1), 1);
   m1(NVC597_SET_VERTEX_STREAM_A_FREQUENCY(1), 2);
   /* Bases, restart, the index buffer. */
   m1(NVC597_SET_GLOBAL_BASE_VERTEX_INDEX, 1);
   m1(NVC597_SET_VERTEX_ID_BASE, 10);
   m1(NVC597_SET_GLOBAL_BASE_INSTANCE_INDEX, 3);
   m1(NVC597_SET_DA_PRIMITIVE_RESTART, 1);
   m1(NVC597_SET_DA_PRIMITIVE_RESTART_INDEX, 0xffff);
   m_va(NVC597_SET_INDEX_BUFFER_A, INDEX);
   m1(NVC597_SET_INDEX_BUFFER_SIZE_A, 0);
   m1(NVC597_SET_INDEX_BUFFER_SIZE_B, 14);
   m1(NVC597_SET_INDEX_BUFFER_E, NVC597_SET_INDEX_BUFFER_E_INDEX_SIZE_TWO_BYTES);
   for (unsigned i = 0; i < 3; i++) {
      m1(NVC597_BEGIN, NVC597_BEGIN_OP_TRIANGLE_STRIP |
                          (i ? NVC597_BEGIN_INSTANCE_ID_SUBSEQUENT : NVC597_BEGIN_INSTANCE_ID_FIRST)
                             << 26);
      m1(NVC597_SET_INDEX_BUFFER_F, 0);
      m1(NVC597_DRAW_INDEX_BUFFER, 7);
      m1(NVC597_END, 0);
   }
   m1(NVC597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST,
      1 | 6 << 16 | (uint32_t)NVC597_BEGIN_OP_TRIANGLES << 28);
   /* The vertex counters as four-word reports, 16 bytes apart. */
   static const uint32_t report[3] = {
      NVC597_SET_REPORT_SEMAPHORE_D_REPORT_DA_VERTICES_GENERATED,
      NVC597_SET_REPORT_SEMAPHORE_D_REPORT_DA_PRIMITIVES_GENERATED,
      NVC597_SET_REPORT_SEMAPHORE_D_REPORT_VS_INVOCATIONS,
   };
   for (unsigned r = 0; r < 3; r++) {
      pbw[pbn++] = gpu_test_inc(4, 0, NVC597_SET_REPORT_SEMAPHORE_A);
      pbw[pbn++] = (uint32_t)((VA_BASE + REPORTS + 16 * r) >> 32);
      pbw[pbn++] = (uint32_t)(VA_BASE + REPORTS + 16 * r);
      pbw[pbn++] = 0;
      pbw[pbn++] = NVC597_SET_REPORT_SEMAPHORE_D_OPERATION_REPORT_ONLY |
                   report[r] << 23; /* REPORT 27:23, STRUCTURE_SIZE 0: four words */
   }
   /* DRAW_AUTO: the header here, its word at COUNT, END at PB_TAIL. */
   m1(NVC597_SET_VERTEX_ARRAY_START, 4);
   m1(NVC597_SET_DRAW_AUTO_START, 8);
   m1(NVC597_SET_DRAW_AUTO_STRIDE, 12);
   m1(NVC597_BEGIN, NVC597_BEGIN_OP_TRIANGLES);
   pbw[pbn++] = gpu_test_inc(1, 0, NVC597_DRAW_AUTO);
   memcpy(mem + COUNT, &(uint32_t){8 + 3 * 12 + 5}, 4);
   uint32_t tail[] = {
      gpu_test_inc(1, 0, NVC597_END),
      0,
      gpu_test_inc(1, 0, NVC597_SET_DRAW_AUTO_STRIDE),
      0,
      gpu_test_inc(1, 0, NVC597_BEGIN),
      NVC597_BEGIN_OP_TRIANGLES,
      gpu_test_inc(1, 0, NVC597_DRAW_AUTO),
      1000,
      gpu_test_inc(1, 0, NVC597_END),
      0,
   };
   memcpy(mem + PB_TAIL, tail, sizeof(tail));
   memcpy(mem + PB, pbw, pbn * 4);
}

/* Vertex `n` (index or vertex number) of instance i: every word the
 * program writes and its SPH maps out, every other word 0. */
static void
expect_vertex(const struct captured *r, unsigned v, uint32_t n, uint32_t i, bool past_size)
{
   const uint32_t *a = r->a[v];
   const uint32_t k = n + 1;     /* SET_GLOBAL_BASE_VERTEX_INDEX */
   const uint32_t e = i / 2 + 3; /* FREQUENCY 2, base instance 3 */
   uint32_t want[JADE_SIM_ATTR_WORDS] = {0};
   if (!past_size) {
      want[0x70 / 4] = fbits(k + 0.5f);
      want[0x74 / 4] = fbits(-(float)k);
      /* Bytes (0, 0x80, 255, A) unorm, R and B swapped. */
      want[0x80 / 4] = fbits(1.0f);
      want[0x84 / 4] = fbits(128.0f / 255.0f);
      want[0x88 / 4] = fbits(0.0f);
      want[0x8c / 4] = fbits((k & 1) ? 0.0f : 1.0f);
   }
   want[0x90 / 4] = (uint32_t)(int32_t)(e * 100 - 50);
   want[0x94 / 4] = (uint32_t) - (int32_t)e;
   want[0x98 / 4] = n + 10; /* SET_VERTEX_ID_BASE */
   want[0x9c / 4] = i;
   want[0xa0 / 4] = 0x12345678;
   for (unsigned w = 0; w < JADE_SIM_ATTR_WORDS; w++) {
      bool ok = a[w] == want[w];
      if (w == 0x84 / 4 && !past_size) /* util_format's unorm8 to float */
         ok = fabsf(bitsf(a[w]) - 128.0f / 255.0f) < 1e-6f;
      CHECK(ok,
            "run topology %u instance %u vertex %u (index %u): a[0x%x] = 0x%08x, want "
            "0x%08x",
            r->topology, r->instance, v, n, w * 4, a[w], want[w]);
   }
}

int
main(void)
{
   const struct jade_gpu_env env = gpu_test_env(VA_BASE);
   struct jade_gpu *gpu = jade_gpu_create(&env);
   CHECK(gpu, "a model");
   if (!gpu)
      return 1;
   jade_gpu_set_run_hook(gpu, hook, NULL);
   build_program();
   build_streams();
   build_pushbuffer();
   bool ran = jade_gpu_run_segment(gpu, VA_BASE + PB, pbn) &&
              jade_gpu_run_segment(gpu, VA_BASE + COUNT, 1) &&
              jade_gpu_run_segment(gpu, VA_BASE + PB_TAIL, 10);
   char f[400] = "";
   if (jade_gpu_fault(gpu))
      jade_gpu_fault_describe(jade_gpu_fault(gpu), f, sizeof(f));
   CHECK(ran && !jade_gpu_fault(gpu), "the pushbuffer runs (%s; last log '%s')", f, last_log);
   CHECK(jade_gpu_stats(gpu)->unimplemented == 0, "every method implemented (last log '%s')",
         last_log);
   CHECK(strstr(last_log, "SET_DRAW_AUTO_STRIDE 0"), "the stride-0 DRAW_AUTO is logged: '%s'",
         last_log);

   /* Three instances of two strips (split at the restart index), then
    * the array draw: 2 triangles of vertex numbers 1..6. */
   CHECK(run_count == 8, "8 runs, not %u", run_count);
   static const uint32_t strip[2][3] = {{0, 1, 2}, {2, 1, 3}};
   for (unsigned r = 0; r < 6 && r < run_count; r++) {
      const struct captured *c = &runs[r];
      const unsigned i = r / 2;
      CHECK(c->topology == NVC597_BEGIN_OP_TRIANGLE_STRIP && c->count == 3 && c->instance == i,
            "run %u: topology %u, %u vertices, instance %u", r, c->topology, c->count, c->instance);
      for (unsigned v = 0; v < 3 && v < c->count; v++)
         expect_vertex(c, v, strip[r % 2][v], i, false);
   }
   if (run_count >= 7) {
      const struct captured *c = &runs[6];
      CHECK(c->topology == NVC597_BEGIN_OP_TRIANGLES && c->count == 6 && c->instance == 0,
            "the array draw: topology %u, %u vertices, instance %u", c->topology, c->count,
            c->instance);
      /* Vertex numbers 1..6 fetch elements 2..7 of a 6-element stream. */
      for (unsigned v = 0; v < 6 && v < c->count; v++)
         expect_vertex(c, v, 1 + v, 0, 1 + v + 1 >= 6);
   }
   /* DRAW_AUTO: (49 - 8) / 12 = 3 vertices, numbers 0..2 (not from
    * SET_VERTEX_ARRAY_START's 4), the base vertex and vertex id base
    * applied as for any array draw. */
   if (run_count >= 8) {
      const struct captured *c = &runs[7];
      CHECK(c->topology == NVC597_BEGIN_OP_TRIANGLES && c->count == 3 && c->instance == 0,
            "DRAW_AUTO: topology %u, %u vertices, instance %u", c->topology, c->count, c->instance);
      for (unsigned v = 0; v < 3 && v < c->count; v++)
         expect_vertex(c, v, v, 0, false);
   }
   /* The counters: three instances of two 3-vertex runs (the restart
    * splits the 7 indices), each vertex of a run shaded once, then 6
    * vertices of 2 triangles: 3 * 6 + 6 = 24 vertices, 3 * 2 + 2 = 8
    * primitives, 24 vertex shader invocations. */
   static const uint64_t want_count[3] = {24, 8, 24};
   for (unsigned r = 0; r < 3; r++) {
      uint64_t rec[2];
      memcpy(rec, mem + REPORTS + 16 * r, 16);
      CHECK(rec[0] == want_count[r] && rec[1] == gpu_test_now_ns(NULL),
            "report %u: %" PRIu64 " at %" PRIx64 ", not %" PRIu64, r, rec[0], rec[1],
            want_count[r]);
   }
   jade_gpu_destroy(gpu);
   if (!failures)
      printf("vertex pipeline: ok\n");
   return failures ? 1 : 0;
}
