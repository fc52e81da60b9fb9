/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Stream output, the counters and conditional rendering
 * (gpu_3d_stream.c) against values worked out by hand: a 5-vertex
 * triangle strip captured into two buffers (strides 20 and 8 bytes, a
 * skipped word, one buffer starting 8 bytes in), the third triangle not
 * fitting buffer 0 and so written to neither, then two points of which
 * the first still fits; a buffer of stream 1 untouched; the write
 * pointers and STREAMING_* counters as report semaphores of both sizes;
 * CLEAR_REPORT_VALUE; SET_RENDER_ENABLE_C's compare modes.
 */

#include <inttypes.h>
#include <string.h>

#include "nvidia/classes/clc597.h"

#include "gpu_test.h"
#include "gpu_test_3d.h"
#include "gpu_3d.h"

#define VA     0x40000000ull
#define BUF0   0x1000u
#define BUF1   0x2000u
#define BUF2   0x3000u
#define REPORT 0x4000u
#define COND   0x5000u
#define FILL   0xdeadbeefu

static struct jade_gpu *gpu;
static struct gpu_vertex vtx[5];

static void
method(uint32_t mthd, uint32_t v)
{
   gpu_method(gpu, 0, mthd, v);
}

static uint32_t
word(uint32_t at)
{
   uint32_t v;
   memcpy(&v, mem + at, 4);
   return v;
}

/* Vertex k: position words 0x1c..0x1f = 100 k + c, generic 0 (0x20..) =
 * 1000 + 10 k + c. */
static uint32_t
pos(unsigned k, unsigned c)
{
   return 100 * k + c;
}

static uint32_t
gen(unsigned k, unsigned c)
{
   return 1000 + 10 * k + c;
}

static void
buffer(unsigned j, uint32_t at, uint32_t size, unsigned stream, uint32_t stride, unsigned count,
       uint32_t select0, uint32_t wp)
{
   method(NVC597_SET_STREAM_OUT_BUFFER_ENABLE(j), 1);
   method(NVC597_SET_STREAM_OUT_BUFFER_ADDRESS_A(j), (uint32_t)(VA >> 32));
   method(NVC597_SET_STREAM_OUT_BUFFER_ADDRESS_B(j), (uint32_t)VA + at);
   method(NVC597_SET_STREAM_OUT_BUFFER_SIZE(j), size);
   method(NVC597_SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER(j), wp);
   method(NVC597_SET_STREAM_OUT_CONTROL_STREAM(j), stream);
   method(NVC597_SET_STREAM_OUT_CONTROL_COMPONENT_COUNT(j), count);
   method(NVC597_SET_STREAM_OUT_CONTROL_STRIDE(j), stride);
   method(NVC597_SET_STREAM_OUT_LAYOUT_SELECT(j, 0), select0);
}

/* A report of `report` (sub report `sub`) at REPORT + at. */
static void
report(uint32_t at, uint32_t report, unsigned sub, bool one_word)
{
   method(NVC597_SET_REPORT_SEMAPHORE_A, (uint32_t)(VA >> 32));
   method(NVC597_SET_REPORT_SEMAPHORE_B, (uint32_t)VA + REPORT + at);
   method(NVC597_SET_REPORT_SEMAPHORE_C, 0x77);
   method(NVC597_SET_REPORT_SEMAPHORE_D, NVC597_SET_REPORT_SEMAPHORE_D_OPERATION_REPORT_ONLY |
                                            report << 23 | sub << 5 | (uint32_t)one_word << 28);
}

static uint64_t
u64_at(uint32_t at)
{
   uint64_t v;
   memcpy(&v, mem + at, 8);
   return v;
}

int
main(void)
{
   gpu = gpu_test_3d_create(VA);
   for (unsigned i = 0; i < 0x3000 / 4; i++)
      memcpy(mem + BUF0 + 4 * i, &(uint32_t){FILL}, 4);
   for (unsigned k = 0; k < 5; k++) {
      for (unsigned c = 0; c < 4; c++) {
         vtx[k].a[0x1c + c] = pos(k, c);
         vtx[k].a[0x20 + c] = gen(k, c);
      }
   }

   /* Buffer 0: 150 bytes, 20 a vertex, words pos.x, (skip), gen.x, gen.y;
    * buffer 1: 8 a vertex from byte 8, pos.y, gen.y; buffer 2 takes
    * stream 1, which has no vertices without a geometry stage. */
   method(NVC597_SET_STREAM_OUTPUT, 1);
   buffer(0, BUF0, 150, 0, 20, 4, 0x21 << 24 | 0x20 << 16 | 0xff << 8 | 0x1c, 0);
   buffer(1, BUF1, 4096, 0, 8, 2, 0x21 << 8 | 0x1d, 8);
   buffer(2, BUF2, 4096, 1, 4, 1, 0x1c, 0);

   /* The strip's triangles (0, 1, 2), (2, 1, 3), (2, 3, 4): 9 vertices,
    * 180 bytes of buffer 0; the third (bytes 120..180) does not fit in 150. */
   const struct gpu_3d_run strip = {.topology = NVC597_BEGIN_OP_TRIANGLE_STRIP,
                                    .v = vtx,
                                    .count = 5};
   CHECK(gpu_3d_stream_out(gpu, 0, &strip), "the strip is captured");
   static const unsigned order[6] = {0, 1, 2, 2, 1, 3};
   for (unsigned i = 0; i < 6; i++) {
      const unsigned k = order[i];
      const uint32_t at = BUF0 + 20 * i;
      CHECK(word(at) == pos(k, 0) && word(at + 4) == FILL && word(at + 8) == gen(k, 0) &&
               word(at + 12) == gen(k, 1) && word(at + 16) == FILL,
            "buffer 0 vertex %u (strip vertex %u): %x %x %x %x %x", i, k, word(at), word(at + 4),
            word(at + 8), word(at + 12), word(at + 16));
      CHECK(word(BUF1 + 8 + 8 * i) == pos(k, 1) && word(BUF1 + 12 + 8 * i) == gen(k, 1),
            "buffer 1 vertex %u: %x %x", i, word(BUF1 + 8 + 8 * i), word(BUF1 + 12 + 8 * i));
   }
   CHECK(word(BUF0 + 120) == FILL, "the third triangle is not in buffer 0: %x", word(BUF0 + 120));
   CHECK(word(BUF1 + 56) == FILL, "nor in buffer 1 (the GL rule): %x", word(BUF1 + 56));
   CHECK(word(BUF1) == FILL && word(BUF1 + 4) == FILL, "buffer 1 starts at its write pointer");
   CHECK(word(BUF2) == FILL, "stream 1's buffer is untouched");

   /* The next draw goes on from the write pointers: two points, 20 bytes
    * each in buffer 0 from byte 120: the first fits (140 <= 150), the
    * second does not. */
   const struct gpu_3d_run points = {.topology = NVC597_BEGIN_OP_POINTS, .v = vtx + 3, .count = 2};
   CHECK(gpu_3d_stream_out(gpu, 0, &points), "the points are captured");
   CHECK(word(BUF0 + 120) == pos(3, 0) && word(BUF0 + 128) == gen(3, 0),
         "point 0 at byte 120: %x %x", word(BUF0 + 120), word(BUF0 + 128));
   CHECK(word(BUF0 + 140) == FILL, "point 1 does not fit: %x", word(BUF0 + 140));
   CHECK(word(BUF1 + 56) == pos(3, 1) && word(BUF1 + 64) == FILL, "buffer 1: %x %x",
         word(BUF1 + 56), word(BUF1 + 64));

   /* Reports: byte counts (four words {payload, count, ns}; one word),
    * primitives (four words {u64, ns}): 5 needed, 3 written, 5 generated. */
   report(0x00, NVC597_SET_REPORT_SEMAPHORE_D_REPORT_STREAMING_BYTE_COUNT, 0, false);
   report(0x10, NVC597_SET_REPORT_SEMAPHORE_D_REPORT_STREAMING_BYTE_COUNT, 1, true);
   report(0x20, NVC597_SET_REPORT_SEMAPHORE_D_REPORT_STREAMING_PRIMITIVES_SUCCEEDED, 0, false);
   report(0x30, NVC597_SET_REPORT_SEMAPHORE_D_REPORT_STREAMING_PRIMITIVES_NEEDED, 0, false);
   report(0x40, NVC597_SET_REPORT_SEMAPHORE_D_REPORT_VTG_PRIMITIVES_OUT, 0, false);
   report(0x50, NVC597_SET_REPORT_SEMAPHORE_D_REPORT_STREAMING_PRIMITIVES_NEEDED_MINUS_SUCCEEDED, 0,
          false);
   report(0x60, NVC597_SET_REPORT_SEMAPHORE_D_REPORT_STREAMING_PRIMITIVES_SUCCEEDED, 1, false);
   CHECK(word(REPORT) == 0x77 && word(REPORT + 4) == 140 &&
            u64_at(REPORT + 8) == gpu_test_now_ns(NULL),
         "buffer 0's byte count: %x %u", word(REPORT), word(REPORT + 4));
   CHECK(word(REPORT + 0x10) == 8 + 7 * 8 && word(REPORT + 0x14) == 0,
         "buffer 1's byte count, one word: %u", word(REPORT + 0x10));
   CHECK(u64_at(REPORT + 0x20) == 3, "3 primitives written: %" PRIu64, u64_at(REPORT + 0x20));
   CHECK(u64_at(REPORT + 0x30) == 5, "5 needed: %" PRIu64, u64_at(REPORT + 0x30));
   CHECK(u64_at(REPORT + 0x40) == 5, "5 generated: %" PRIu64, u64_at(REPORT + 0x40));
   CHECK(u64_at(REPORT + 0x50) == 2, "2 overflowed: %" PRIu64, u64_at(REPORT + 0x50));
   CHECK(u64_at(REPORT + 0x60) == 0, "stream 1: none: %" PRIu64, u64_at(REPORT + 0x60));

   /* Capture off: generated still counts, nothing is written. */
   method(NVC597_SET_STREAM_OUTPUT, 0);
   method(NVC597_SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER(1), 0x100);
   CHECK(gpu_3d_stream_out(gpu, 0, &strip), "a strip with capture off");
   CHECK(word(BUF1 + 0x100) == FILL, "nothing written with SET_STREAM_OUTPUT off");
   report(0x70, NVC597_SET_REPORT_SEMAPHORE_D_REPORT_VTG_PRIMITIVES_OUT, 0, false);
   report(0x80, NVC597_SET_REPORT_SEMAPHORE_D_REPORT_STREAMING_PRIMITIVES_NEEDED, 0, false);
   report(0x90, NVC597_SET_REPORT_SEMAPHORE_D_REPORT_STREAMING_BYTE_COUNT, 1, true);
   CHECK(u64_at(REPORT + 0x70) == 8 && u64_at(REPORT + 0x80) == 5 && word(REPORT + 0x90) == 0x100,
         "off: %" PRIu64 " generated, %" PRIu64 " needed, pointer 0x%x (loaded)",
         u64_at(REPORT + 0x70), u64_at(REPORT + 0x80), word(REPORT + 0x90));

   /* CLEAR_REPORT_VALUE zeroes one counter. */
   method(NVC597_CLEAR_REPORT_VALUE, NVC597_CLEAR_REPORT_VALUE_TYPE_VTG_PRIMITIVES_OUT);
   report(0xa0, NVC597_SET_REPORT_SEMAPHORE_D_REPORT_VTG_PRIMITIVES_OUT, 0, false);
   report(0xb0, NVC597_SET_REPORT_SEMAPHORE_D_REPORT_STREAMING_PRIMITIVES_SUCCEEDED, 0, false);
   CHECK(u64_at(REPORT + 0xa0) == 0 && u64_at(REPORT + 0xb0) == 3,
         "cleared: %" PRIu64 ", the others kept: %" PRIu64, u64_at(REPORT + 0xa0),
         u64_at(REPORT + 0xb0));

   /* Conditional rendering: 64-bit values at A/B and 16 bytes on. */
   uint64_t v[3] = {5, 0, 5};
   memcpy(mem + COND, v, sizeof(v));
   method(NVC597_SET_RENDER_ENABLE_A, (uint32_t)(VA >> 32));
   method(NVC597_SET_RENDER_ENABLE_B, (uint32_t)VA + COND);
   method(NVC597_SET_RENDER_ENABLE_C, NVC597_SET_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL);
   CHECK(gpu_3d_render_enabled(gpu, 0), "5 == 5 renders if equal");
   method(NVC597_SET_RENDER_ENABLE_C, NVC597_SET_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL);
   CHECK(!gpu_3d_render_enabled(gpu, 0), "5 == 5 does not render if not equal");
   v[2] = 6;
   memcpy(mem + COND, v, sizeof(v));
   CHECK(gpu_3d_render_enabled(gpu, 0), "5 != 6 renders if not equal");
   method(NVC597_SET_RENDER_ENABLE_OVERRIDE, NVC597_SET_RENDER_ENABLE_OVERRIDE_MODE_NEVER_RENDER);
   CHECK(!gpu_3d_render_enabled(gpu, 0), "NEVER_RENDER overrides");
   method(NVC597_SET_RENDER_ENABLE_OVERRIDE, 0);
   method(NVC597_SET_RENDER_ENABLE_C, NVC597_SET_RENDER_ENABLE_C_MODE_FALSE);
   CHECK(!gpu_3d_render_enabled(gpu, 0), "MODE FALSE");
   method(NVC597_SET_RENDER_ENABLE_C, NVC597_SET_RENDER_ENABLE_C_MODE_TRUE);
   CHECK(gpu_3d_render_enabled(gpu, 0), "MODE TRUE");

   CHECK(!jade_gpu_fault(gpu), "no fault (last log '%s')", last_log);
   CHECK(jade_gpu_stats(gpu)->unimplemented == 0, "every method implemented (last log '%s')",
         last_log);
   jade_gpu_destroy(gpu);
   printf("%d failed\n", failures);
   return failures ? 1 : 0;
}
