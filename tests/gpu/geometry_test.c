/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The geometry stage (gpu_3d_geometry.c) through the 3D class's methods:
 * a vertex program (position from attribute 0, the vertex id into
 * a[0x80]) and hand-assembled geometry programs that find their input
 * vertices as NAK does (SR_INVOCATION_INFO byte 0 * byte 2 + k, ISBERD,
 * ALD on the handle) and emit with AST / OUT.  Each case's expected runs,
 * buffers, counters and pixels are written out here from the GL rules
 * (the input orders from piglit's primitive-types.c tables), never from
 * the model's code:
 *  1. triangles passed through (a strip's odd triangle (i + 1, i, i + 2)),
 *     an output word the header does not map arriving as 0;
 *  2. points in, triangle strips out with EMIT_THEN_CUT and CUT (an
 *     incomplete two-vertex strip drawing nothing);
 *  3. three invocations a triangle over two draws of one BEGIN (12
 *     primitives: a warp holds 10, the second warp takes one), the
 *     invocation id, gl_PrimitiveIDIn, an input word the IMAP does not name
 *     reading 0;
 *  4. the input orders of every topology a geometry program takes,
 *     triangle strips with adjacency included;
 *  5. vertices past MAX_OUTPUT_VERTEX_COUNT dropped;
 *  6. two streams into two stream-output buffers, only SET_RASTER_INPUT's
 *     stream rasterised;
 *  7. the pixel stage's primitive id: the input primitive's, or the
 *     a[0x60] the program writes;
 *  8. faults: an input handle that names no vertex; a thread that ends
 *     without OUT.FINAL;
 *  9. viewport arrays: a program writing a[0x68] = 17 + the input
 *     primitive id draws primitive k through viewport and scissor
 *     (17 + k) & 15 = 1 + k (viewport j moves the picture down 4 j rows,
 *     scissor 2 keeps the left half of its cell, scissor 0 would cut
 *     everything), and the pixel stage reads 17 + k at a[0x68].
 */

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "nvidia/classes/clc597.h"

#include "gpu_test_3d.h"
#include "gpu_test_asm.h"
#include "jade_sph.h"

#define VA       0x30000000ull
#define PB       0x0000u
#define VS       0x0400u
#define GS_AT(i) (0x0800u + 0x600u * (i)) /* 15 programs: 0x0800..0x6200 */
#define PS_VP    0x6400u                  /* reads a[0x68] */
#define PS_ID    0x6800u                  /* reads a[0x60] */
#define PS_GEN   0x6c00u                  /* reads a[0x80] */
#define STREAM   0x7000u                  /* 64 elements of 16 bytes */
#define SO0      0x8000u
#define SO1      0x8400u
#define REPORTS  0x9000u
#define TARGET   0xa000u /* 16 x 16 RU32 */
#define N        16
#define FILL     0xdeadbeefu

enum gs_program {
   GS_PASS,
   GS_STRIP,
   GS_INVOC,
   GS_ADJ6,
   GS_ADJ4,
   GS_ADJ3,
   GS_ADJ2,
   GS_MAX,
   GS_STREAMS,
   GS_QUAD,
   GS_QUAD_ID,
   GS_BAD,
   GS_NO_FINAL,
   GS_PASSTHROUGH,
   GS_QUAD_VP,
};

#define MAX_RUNS  64
#define MAX_VERTS 8

struct captured {
   unsigned topology, count, stream;
   uint32_t primitive_id;
   uint32_t a[MAX_VERTS][JADE_SIM_ATTR_WORDS];
};
static struct captured runs[MAX_RUNS];
static unsigned run_count;
static bool hook_takes = true;
static struct jade_gpu *gpu;

static bool
hook(void *data, const struct jade_gpu_run *r)
{
   if (run_count < MAX_RUNS) {
      struct captured *c = &runs[run_count];
      c->topology = r->topology;
      c->count = r->count;
      c->stream = r->stream;
      c->primitive_id = r->primitive_id;
      for (unsigned v = 0; v < r->count && v < MAX_VERTS; v++)
         memcpy(c->a[v], r->attr[v], sizeof(c->a[v]));
   }
   run_count++;
   return hook_takes;
}

static void
m(uint32_t mthd, uint32_t v)
{
   gpu_method(gpu, 0, mthd, v);
}

static void
m_va(uint32_t mthd_a, uint32_t mthd_b, uint32_t at)
{
   m(mthd_a, (uint32_t)((VA + at) >> 32));
   m(mthd_b, (uint32_t)(VA + at));
}

/* --- programs ------------------------------------------------------------- */

static char text[200][80];
static const char *lines[200];
static unsigned nlines;

static void
A(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(text[nlines], sizeof(text[nlines]), fmt, ap);
   va_end(ap);
   lines[nlines] = text[nlines];
   nlines++;
}

/* R3 = the thread's first input map entry (INVOCATION_INFO byte 0 *
 * byte 2, NAK's and codegen's sequence); R20 the output handle, 0. */
static void
prologue(void)
{
   nlines = 0;
   A("S2R R0, SR_INVOCATION_INFO");
   A("LOP3.LUT R1, R0, 0xff, RZ, 0xc0, !PT");
   A("SHF.R.U32.HI R2, RZ, 0x10, R0");
   A("LOP3.LUT R2, R2, 0xff, RZ, 0xc0, !PT");
   A("IMAD R3, R1, R2, RZ");
   A("MOV R20, RZ");
}

/* R5 = the handle of input vertex k. */
static void
vertex_handle(unsigned k)
{
   A("IADD3 R4, R3, 0x%x, RZ", k);
   A("ISBERD R5, [R4]");
}

static void
epilogue(void)
{
   A("OUT.FINAL R20");
   A("EXIT");
}

static struct jade_sph_vtg
gs_header(unsigned topology, unsigned max_vertices, unsigned invocations)
{
   struct jade_sph_vtg h = {
      .sph_type = JADE_SPH_VTG_SPH_TYPE_TYPE_01_VTG,
      .version = 4,
      .shader_type = JADE_SPH_VTG_SHADER_TYPE_GEOMETRY,
      .sass_version = 1,
      .output_topology = topology,
      .max_output_vertex_count = max_vertices,
      .threads_per_input_primitive = invocations,
      .stream_out_mask = 1,
      .imap_position_x = 1,
      .imap_position_y = 1,
      .imap_position_z = 1,
      .imap_position_w = 1,
      .omap_position_x = 1,
      .omap_position_y = 1,
      .omap_position_z = 1,
      .omap_position_w = 1,
   };
   h.generic_imap_x[0] = 1;
   h.generic_omap_x[0] = 1;
   return h;
}

static void
put_program(uint32_t at, const struct jade_sph_vtg *h)
{
   uint32_t dw[JADE_SPH_WORDS] = {0};
   jade_sph_vtg_pack(dw, h);
   memcpy(mem + at, dw, sizeof(dw));
   CHECK(gpu_test_assemble(lines, nlines, at + 0x80), "the program at 0x%x assembles", at);
}

static void
build_vs(void)
{
   nlines = 0;
   A("ALD.128 R0, a[0x80]");
   A("ALD R4, a[0x2fc]");
   A("AST.128 a[0x70], R0");
   A("AST a[0x80], R4");
   A("EXIT");
   struct jade_sph_vtg h = {
      .sph_type = JADE_SPH_VTG_SPH_TYPE_TYPE_01_VTG,
      .version = 4,
      .shader_type = JADE_SPH_VTG_SHADER_TYPE_VERTEX,
      .sass_version = 1,
      .imap_vertex_id = 1,
      .omap_position_x = 1,
      .omap_position_y = 1,
      .omap_position_z = 1,
      .omap_position_w = 1,
   };
   h.generic_imap_x[0] = h.generic_imap_y[0] = h.generic_imap_z[0] = h.generic_imap_w[0] = 1;
   h.generic_omap_x[0] = 1;
   put_program(VS, &h);
}

/* 1: each input vertex's position and a[0x80] out, a[0x84] = 0x1234
 * written but not mapped. */
static void
build_pass(void)
{
   prologue();
   for (unsigned k = 0; k < 3; k++) {
      vertex_handle(k);
      A("ALD.128 R8, a[0x70], R5");
      A("ALD R12, a[0x80], R5");
      A("MOV R13, 0x1234");
      A("AST.128 a[0x70], R8, R20");
      A("AST.64 a[0x80], R12, R20");
      A("OUT.EMIT R20, R20, RZ");
   }
   epilogue();
   const struct jade_sph_vtg h = gs_header(JADE_SPH_VTG_OUTPUT_TOPOLOGY_TRIANGLESTRIP, 3, 1);
   put_program(GS_AT(GS_PASS), &h);
}

/* 2: nine vertices a point, a[0x80] = 10 * vertex id + j; after j = 3
 * EMIT_THEN_CUT, after j = 5 a CUT. */
static void
build_strip(void)
{
   prologue();
   vertex_handle(0);
   A("ALD.128 R8, a[0x70], R5");
   A("ALD R12, a[0x80], R5");
   A("IMAD R12, R12, 0xa, RZ");
   for (unsigned j = 0; j < 9; j++) {
      A("IADD3 R13, R12, 0x%x, RZ", j);
      A("AST.128 a[0x70], R8, R20");
      A("AST a[0x80], R13, R20");
      A(j == 3 ? "OUT.EMIT_THEN_CUT R20, R20, RZ" : "OUT.EMIT R20, R20, RZ");
      if (j == 5)
         A("OUT.CUT R20, R20, RZ");
   }
   epilogue();
   const struct jade_sph_vtg h = gs_header(JADE_SPH_VTG_OUTPUT_TOPOLOGY_TRIANGLESTRIP, 9, 1);
   put_program(GS_AT(GS_STRIP), &h);
}

/* 3: three invocations, a point each: a[0x80..0x8c] = (invocation id,
 * a[0x80] of input vertex `invocation id`, a[0x60], a[0x74] (not in the
 * IMAP)). */
static void
build_invocations(void)
{
   prologue();
   A("S2R R6, SR_INVOCATION_ID");
   A("IADD3 R4, R3, R6, RZ");
   A("ISBERD R5, [R4]");
   A("ALD.128 R8, a[0x70], R5");
   A("MOV R16, R6");
   A("ALD R17, a[0x80], R5");
   A("ALD R18, a[0x60]");
   A("ALD R19, a[0x74], R5");
   A("AST.128 a[0x70], R8, R20");
   A("AST.128 a[0x80], R16, R20");
   A("OUT.EMIT R20, R20, RZ");
   epilogue();
   struct jade_sph_vtg h = gs_header(JADE_SPH_VTG_OUTPUT_TOPOLOGY_POINTLIST, 1, 3);
   h.imap_position_y = 0;
   h.imap_primitive_id = 1;
   h.generic_omap_y[0] = h.generic_omap_z[0] = h.generic_omap_w[0] = 1;
   put_program(GS_AT(GS_INVOC), &h);
}

/* 4: one point an input primitive of n vertices, a[0x80 + 4 k] = a[0x80]
 * of input vertex k. */
static void
build_order(enum gs_program p, unsigned n)
{
   prologue();
   for (unsigned k = 0; k < n; k++) {
      vertex_handle(k);
      A("ALD R%u, a[0x80], R5", 8 + k);
   }
   A("AST.128 a[0x80], R8, R20");
   A("AST.64 a[0x90], R12, R20");
   A("OUT.EMIT R20, R20, RZ");
   epilogue();
   struct jade_sph_vtg h = gs_header(JADE_SPH_VTG_OUTPUT_TOPOLOGY_POINTLIST, 1, 1);
   h.generic_omap_y[0] = h.generic_omap_z[0] = h.generic_omap_w[0] = 1;
   h.generic_omap_x[1] = h.generic_omap_y[1] = 1;
   put_program(GS_AT(p), &h);
}

/* 5: four vertices of a line strip (a[0x80] = 0..3) with room for two. */
static void
build_max(void)
{
   prologue();
   vertex_handle(0);
   A("ALD.128 R8, a[0x70], R5");
   for (unsigned j = 0; j < 4; j++) {
      A("MOV R13, 0x%x", j);
      A("AST.128 a[0x70], R8, R20");
      A("AST a[0x80], R13, R20");
      A("OUT.EMIT R20, R20, RZ");
   }
   epilogue();
   const struct jade_sph_vtg h = gs_header(JADE_SPH_VTG_OUTPUT_TOPOLOGY_LINESTRIP, 2, 1);
   put_program(GS_AT(GS_MAX), &h);
}

/* 6: four points one pixel apart (x += 0.125), a[0x80] = n, 100 + n,
 * 200 + n, 300 + n for vertex id n, on streams 0, 1, 1, 0. */
static void
build_streams(void)
{
   prologue();
   vertex_handle(0);
   A("ALD.128 R8, a[0x70], R5");
   A("ALD R12, a[0x80], R5");
   A("MOV R21, 0x1");
   for (unsigned j = 0; j < 4; j++) {
      A("IADD3 R13, R12, 0x%x, RZ", 100 * j);
      A("AST.128 a[0x70], R8, R20");
      A("AST a[0x80], R13, R20");
      A(j == 1 || j == 2 ? "OUT.EMIT R20, R20, R21" : "OUT.EMIT R20, R20, RZ");
      A("FADD R8, R8, 0.125");
   }
   epilogue();
   struct jade_sph_vtg h = gs_header(JADE_SPH_VTG_OUTPUT_TOPOLOGY_POINTLIST, 4, 1);
   h.stream_out_mask = 3;
   put_program(GS_AT(GS_STREAMS), &h);
}

/* 7: a quad (a strip of four) of +-0.25 (two pixels) around each point;
 * with `write_id`, a[0x60] = gl_PrimitiveIDIn + 100 on every vertex. */
static void
build_quad(enum gs_program p, bool write_id)
{
   prologue();
   vertex_handle(0);
   A("ALD.128 R8, a[0x70], R5");
   A("ALD R16, a[0x60]");
   A("IADD3 R17, R16, 0x64, RZ");
   static const char *const d[4][2] = {{"-0.25", "-0.25"},
                                       {"0.25", "-0.25"},
                                       {"-0.25", "0.25"},
                                       {"0.25", "0.25"}};
   for (unsigned c = 0; c < 4; c++) {
      A("FADD R12, R8, %s", d[c][0]);
      A("FADD R13, R9, %s", d[c][1]);
      A("MOV R14, R10");
      A("MOV R15, R11");
      A("AST.128 a[0x70], R12, R20");
      if (write_id)
         A("AST a[0x60], R17, R20");
      A("OUT.EMIT R20, R20, RZ");
   }
   epilogue();
   struct jade_sph_vtg h = gs_header(JADE_SPH_VTG_OUTPUT_TOPOLOGY_TRIANGLESTRIP, 4, 1);
   h.imap_primitive_id = 1;
   h.omap_primitive_id = write_id;
   put_program(GS_AT(p), &h);
}

/* 9: build_quad's quad with a[0x68] = 17 + the input primitive id. */
static void
build_quad_vp(void)
{
   prologue();
   vertex_handle(0);
   A("ALD.128 R8, a[0x70], R5");
   A("ALD R16, a[0x60]");
   A("IADD3 R17, R16, 0x11, RZ");
   static const char *const d[4][2] = {{"-0.25", "-0.25"},
                                       {"0.25", "-0.25"},
                                       {"-0.25", "0.25"},
                                       {"0.25", "0.25"}};
   for (unsigned c = 0; c < 4; c++) {
      A("FADD R12, R8, %s", d[c][0]);
      A("FADD R13, R9, %s", d[c][1]);
      A("MOV R14, R10");
      A("MOV R15, R11");
      A("AST.128 a[0x70], R12, R20");
      A("AST a[0x68], R17, R20");
      A("OUT.EMIT R20, R20, RZ");
   }
   epilogue();
   struct jade_sph_vtg h = gs_header(JADE_SPH_VTG_OUTPUT_TOPOLOGY_TRIANGLESTRIP, 4, 1);
   h.imap_primitive_id = 1;
   h.omap_viewport_index = 1;
   put_program(GS_AT(GS_QUAD_VP), &h);
}

/* 8: ALD on a handle no ISBERD returned; a program without OUT.FINAL. */
static void
build_faults(void)
{
   prologue();
   A("MOV R5, 0x1234");
   A("ALD R8, a[0x80], R5");
   epilogue();
   struct jade_sph_vtg h = gs_header(JADE_SPH_VTG_OUTPUT_TOPOLOGY_POINTLIST, 1, 1);
   put_program(GS_AT(GS_BAD), &h);
   prologue();
   vertex_handle(0);
   A("ALD.128 R8, a[0x70], R5");
   A("AST.128 a[0x70], R8, R20");
   A("OUT.EMIT R20, R20, RZ");
   A("EXIT");
   put_program(GS_AT(GS_NO_FINAL), &h);
   /* The same code under a header with the passthrough bit (NAK's
    * set_gs_passthrough_enable, SPH bit 24): a mode the model does not
    * run, so it must say so and draw nothing rather than run it as an
    * ordinary geometry shader. */
   struct jade_sph_vtg hp = h;
   hp.gs_passthrough_enable = 1;
   put_program(GS_AT(GS_PASSTHROUGH), &hp);
}

/* Pixel programs writing a[0x60] or a[0x80] (read flat) to R. */
static void
build_ps(uint32_t at, unsigned word)
{
   nlines = 0;
   A("IPA.CONSTANT R0, a[0x%x]", word);
   A("MOV R1, 0x0");
   A("MOV R2, 0x0");
   A("MOV R3, 0x0");
   A("EXIT");
   /* IMAP_POSITION_W: every PS header has it (the hardware traps
    * without, NAK from_nir.rs). */
   struct jade_sph_ps h = {.sph_type = JADE_SPH_PS_SPH_TYPE_TYPE_02_PS,
                           .version = 3,
                           .shader_type = 5,
                           .imap_position_w = 1};
   h.omap_red[0] = h.omap_green[0] = h.omap_blue[0] = h.omap_alpha[0] = 1;
   if (word == 0x80)
      h.generic_imap_x[0] = JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_CONSTANT;
   if (word == 0x68)
      h.imap_viewport_index = 1;
   uint32_t dw[JADE_SPH_WORDS] = {0};
   jade_sph_ps_pack(dw, &h);
   memcpy(mem + at, dw, sizeof(dw));
   CHECK(gpu_test_assemble(lines, nlines, at + 0x80), "the pixel program assembles");
}

/* Stream element k: (x, y, 0, 1).  Elements 40..42 sit at the centres of
 * the 4 x 4 cells at pixels (4 (k - 40) + 2, 2), 48..49 at pixel
 * (4 (k - 48), 1); the others at the origin. */
static void
build_stream(void)
{
   for (unsigned k = 0; k < 64; k++) {
      float p[4] = {0, 0, 0, 1};
      if (k >= 40 && k < 43)
         p[0] = 0.5f * (float)(k - 40) - 0.75f, p[1] = -0.75f;
      if (k >= 48 && k < 50)
         p[0] = 0.5f * (float)(k - 48) - 0.9375f, p[1] = -0.8125f;
      memcpy(mem + STREAM + 16 * k, p, 16);
   }
}

/* --- the pipeline ---------------------------------------------------------- */

static void
pipeline(void)
{
   uint32_t *pb = (uint32_t *)(mem + PB);
   pb[0] = gpu_test_inc(1, 0, NVC46F_SET_OBJECT);
   pb[1] = 0xc597;
   CHECK(jade_gpu_run_segment(gpu, VA + PB, 2), "SET_OBJECT");
   gpu_test_3d_context(gpu, 0);
   m(NVC597_SET_RENDER_ENABLE_C, NVC597_SET_RENDER_ENABLE_C_MODE_TRUE);
   m(NVC597_SET_PIPELINE_SHADER(1), 1 | NVC597_SET_PIPELINE_SHADER_TYPE_VERTEX << 4);
   m(NVC597_SET_PIPELINE_REGISTER_COUNT(1), 32);
   m(NVC597_SET_PIPELINE_BINDING(1), 0);
   m_va(NVC597_SET_PIPELINE_PROGRAM_ADDRESS_A(1), NVC597_SET_PIPELINE_PROGRAM_ADDRESS_B(1), VS);
   m(NVC597_SET_PIPELINE_SHADER(4), 1 | NVC597_SET_PIPELINE_SHADER_TYPE_GEOMETRY << 4);
   m(NVC597_SET_PIPELINE_REGISTER_COUNT(4), 32);
   m(NVC597_SET_PIPELINE_BINDING(4), 3);
   m(NVC597_SET_PIPELINE_SHADER(5), 1 | NVC597_SET_PIPELINE_SHADER_TYPE_PIXEL << 4);
   m(NVC597_SET_PIPELINE_REGISTER_COUNT(5), 16);
   m(NVC597_SET_PIPELINE_BINDING(5), 4);
   m(NVC597_SET_VERTEX_ATTRIBUTE_A(0),
     NVC597_SET_VERTEX_ATTRIBUTE_A_COMPONENT_BIT_WIDTHS_R32_G32_B32_A32 << 21 |
        NVC597_SET_VERTEX_ATTRIBUTE_A_NUMERICAL_TYPE_NUM_FLOAT << 27);
   m(NVC597_SET_VERTEX_STREAM_A_FORMAT(0), 16 | 1 << 12);
   m_va(NVC597_SET_VERTEX_STREAM_A_LOCATION_A(0), NVC597_SET_VERTEX_STREAM_A_LOCATION_B(0), STREAM);
   m(NVC597_SET_VERTEX_STREAM_SIZE_A(0), 0);
   m(NVC597_SET_VERTEX_STREAM_SIZE_B(0), 64 * 16);
   m(NVC597_SET_WINDOW_ORIGIN, NVC597_SET_WINDOW_ORIGIN_MODE_UPPER_LEFT);
   m(NVC597_SET_POINT_SIZE, gpu_test_fu(1.0f));
   gpu_test_target(gpu, VA + TARGET, N, NVC597_SET_COLOR_TARGET_FORMAT_V_RU32);
}

/* A case: its geometry and pixel programs, the code caches dropped, the
 * runs and the GS / VTG counters cleared. */
static void
begin_case(enum gs_program p, uint32_t ps)
{
   m_va(NVC597_SET_PIPELINE_PROGRAM_ADDRESS_A(4), NVC597_SET_PIPELINE_PROGRAM_ADDRESS_B(4),
        GS_AT(p));
   m_va(NVC597_SET_PIPELINE_PROGRAM_ADDRESS_A(5), NVC597_SET_PIPELINE_PROGRAM_ADDRESS_B(5), ps);
   m(NVC597_INVALIDATE_SHADER_CACHES, 1u << GPU_LO(NVC597_INVALIDATE_SHADER_CACHES_INSTRUCTION));
   static const uint32_t clear[] = {
      NVC597_CLEAR_REPORT_VALUE_TYPE_GS_INVOCATIONS,
      NVC597_CLEAR_REPORT_VALUE_TYPE_GS_PRIMITIVES_GENERATED,
      NVC597_CLEAR_REPORT_VALUE_TYPE_VTG_PRIMITIVES_OUT,
      NVC597_CLEAR_REPORT_VALUE_TYPE_STREAMING_PRIMITIVES_SUCCEEDED,
      NVC597_CLEAR_REPORT_VALUE_TYPE_STREAMING_PRIMITIVES_NEEDED,
   };
   for (unsigned i = 0; i < sizeof(clear) / sizeof(clear[0]); i++)
      m(NVC597_CLEAR_REPORT_VALUE, clear[i]);
   run_count = 0;
   memset(runs, 0, sizeof(runs));
}

static void
draw(unsigned topology, unsigned first, unsigned count)
{
   m(NVC597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST, first | count << 16 | topology << 28);
}

/* The counter `report` (of stream or buffer `sub`) as a report semaphore. */
static uint64_t
counter(uint32_t report, unsigned sub)
{
   m(NVC597_SET_REPORT_SEMAPHORE_A, (uint32_t)((VA + REPORTS) >> 32));
   m(NVC597_SET_REPORT_SEMAPHORE_B, (uint32_t)(VA + REPORTS));
   m(NVC597_SET_REPORT_SEMAPHORE_C, 0);
   m(NVC597_SET_REPORT_SEMAPHORE_D,
     NVC597_SET_REPORT_SEMAPHORE_D_OPERATION_REPORT_ONLY | report << 23 | sub << 5);
   uint64_t v;
   memcpy(&v, mem + REPORTS, 8);
   return v;
}

#define R(x) NVC597_SET_REPORT_SEMAPHORE_D_REPORT_##x

static void
expect_counters(const char *what, uint64_t invocations, uint64_t primitives, uint64_t vtg0)
{
   const uint64_t i = counter(R(GS_INVOCATIONS), 0), p = counter(R(GS_PRIMITIVES_GENERATED), 0);
   const uint64_t v = counter(R(VTG_PRIMITIVES_OUT), 0);
   CHECK(i == invocations && p == primitives && v == vtg0,
         "%s: GS_INVOCATIONS %" PRIu64 " (want %" PRIu64 "), GS_PRIMITIVES_GENERATED %" PRIu64
         " (want %" PRIu64 "), VTG_PRIMITIVES_OUT %" PRIu64 " (want %" PRIu64 ")",
         what, i, invocations, p, primitives, v, vtg0);
}

static uint32_t
word_at(uint32_t at)
{
   uint32_t v;
   memcpy(&v, mem + at, 4);
   return v;
}

static uint32_t
px(unsigned x, unsigned y)
{
   return word_at(TARGET + (y * N + x) * 4);
}

static void
ok_so_far(const char *what)
{
   char f[400] = "";
   if (jade_gpu_fault(gpu))
      jade_gpu_fault_describe(jade_gpu_fault(gpu), f, sizeof(f));
   CHECK(!jade_gpu_fault(gpu), "%s: no fault (%s; last log '%s')", what, f, last_log);
}

/* Run i: topology, vertex count, stream, primitive id, and a[w] of its
 * vertices. */
static void
expect_run(const char *what, unsigned i, unsigned topology, unsigned count, unsigned stream,
           uint32_t primitive_id, unsigned w, const uint32_t *want)
{
   if (i >= run_count || i >= MAX_RUNS) {
      CHECK(false, "%s: run %u missing (%u runs)", what, i, run_count);
      return;
   }
   const struct captured *c = &runs[i];
   CHECK(c->topology == topology && c->count == count && c->stream == stream &&
            c->primitive_id == primitive_id,
         "%s: run %u: topology %u, %u vertices, stream %u, primitive id %u; want %u, %u, %u, %u",
         what, i, c->topology, c->count, c->stream, c->primitive_id, topology, count, stream,
         primitive_id);
   for (unsigned v = 0; v < count && v < c->count && v < MAX_VERTS; v++)
      CHECK(c->a[v][w] == want[v], "%s: run %u vertex %u: a[0x%x] = %u, want %u", what, i, v, w * 4,
            c->a[v][w], want[v]);
}

/* --- the cases ------------------------------------------------------------- */

static void
case_pass(void)
{
   begin_case(GS_PASS, PS_ID);
   draw(NVC597_BEGIN_OP_TRIANGLE_STRIP, 0, 5);
   ok_so_far("pass-through");
   /* The strip's triangles as GL gives them to a geometry shader. */
   static const uint32_t order[3][3] = {{0, 1, 2}, {2, 1, 3}, {2, 3, 4}};
   CHECK(run_count == 3, "pass-through: %u runs, want 3", run_count);
   for (unsigned i = 0; i < 3; i++) {
      expect_run("pass-through", i, NVC597_BEGIN_OP_TRIANGLE_STRIP, 3, 0, i, 0x80 / 4, order[i]);
      for (unsigned v = 0; v < 3 && i < run_count; v++)
         CHECK(runs[i].a[v][0x84 / 4] == 0 && runs[i].a[v][0x7c / 4] == gpu_test_fu(1.0f),
               "pass-through run %u vertex %u: a[0x84] = 0x%x (not in the OMAP: 0), w = 0x%x", i, v,
               runs[i].a[v][0x84 / 4], runs[i].a[v][0x7c / 4]);
   }
   expect_counters("pass-through", 3, 3, 3);
}

static void
case_strip(void)
{
   begin_case(GS_STRIP, PS_ID);
   draw(NVC597_BEGIN_OP_POINTS, 3, 2);
   ok_so_far("strips");
   /* Per point n (vertex ids 3, 4): {10n .. 10n+3} (EMIT_THEN_CUT), {10n+4,
    * 10n+5} dropped (two vertices), {10n+6 .. 10n+8}. */
   CHECK(run_count == 4, "strips: %u runs, want 4", run_count);
   for (unsigned p = 0; p < 2; p++) {
      const uint32_t n = 10 * (3 + p);
      const uint32_t a[4] = {n, n + 1, n + 2, n + 3}, b[3] = {n + 6, n + 7, n + 8};
      expect_run("strips", 2 * p, NVC597_BEGIN_OP_TRIANGLE_STRIP, 4, 0, p, 0x80 / 4, a);
      expect_run("strips", 2 * p + 1, NVC597_BEGIN_OP_TRIANGLE_STRIP, 3, 0, p, 0x80 / 4, b);
   }
   /* 2 + 1 triangles a point. */
   expect_counters("strips", 2, 6, 6);
}

static void
case_invocations(void)
{
   begin_case(GS_INVOC, PS_ID);
   /* One BEGIN, two draws: triangle 0 (vertices 0..2), then 11 (3..35):
    * the primitive ids go on, 0..11. */
   m(NVC597_BEGIN, NVC597_BEGIN_OP_TRIANGLES);
   m(NVC597_SET_VERTEX_ARRAY_START, 0);
   m(NVC597_DRAW_VERTEX_ARRAY, 3);
   m(NVC597_SET_VERTEX_ARRAY_START, 3);
   m(NVC597_DRAW_VERTEX_ARRAY, 33);
   m(NVC597_END, 0);
   ok_so_far("invocations");
   CHECK(run_count == 36, "invocations: %u runs, want 36", run_count);
   for (unsigned p = 0; p < 12; p++) {
      for (unsigned i = 0; i < 3; i++) {
         const unsigned r = 3 * p + i;
         const uint32_t iid[1] = {i}, vid[1] = {3 * p + i}, pid[1] = {p}, zero[1] = {0};
         expect_run("invocations", r, NVC597_BEGIN_OP_POINTS, 1, 0, p, 0x80 / 4, iid);
         expect_run("invocations (input vertex)", r, NVC597_BEGIN_OP_POINTS, 1, 0, p, 0x84 / 4,
                    vid);
         expect_run("invocations (gl_PrimitiveIDIn)", r, NVC597_BEGIN_OP_POINTS, 1, 0, p, 0x88 / 4,
                    pid);
         expect_run("invocations (a word the IMAP does not name)", r, NVC597_BEGIN_OP_POINTS, 1, 0,
                    p, 0x8c / 4, zero);
      }
   }
   expect_counters("invocations", 36, 36, 36);
}

struct order_case {
   enum gs_program program;
   unsigned topology, count, prims, n;
   uint32_t want[4][6];
};

static void
case_orders(void)
{
   /* GL 4.6 10.1 / 11.3.1, 0-based; the adjacency strips from piglit's
    * primitive-types.c table (1-based there). */
   static const struct order_case cases[] = {
      {GS_ADJ6,
       NVC597_BEGIN_OP_TRIANGLESTRIP_ADJCY,
       12,
       4,
       6,
       {{0, 1, 2, 6, 4, 3}, {4, 0, 2, 5, 6, 8}, {4, 2, 6, 10, 8, 7}, {8, 4, 6, 9, 10, 11}}},
      {GS_ADJ6, NVC597_BEGIN_OP_TRIANGLESTRIP_ADJCY, 6, 1, 6, {{0, 1, 2, 5, 4, 3}}},
      {GS_ADJ6,
       NVC597_BEGIN_OP_TRIANGLESTRIP_ADJCY,
       9,
       2,
       6,
       {{0, 1, 2, 6, 4, 3}, {4, 0, 2, 5, 6, 7}}},
      {GS_ADJ6,
       NVC597_BEGIN_OP_TRIANGLELIST_ADJCY,
       12,
       2,
       6,
       {{0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}}},
      {GS_ADJ4, NVC597_BEGIN_OP_LINESTRIP_ADJCY, 5, 2, 4, {{0, 1, 2, 3}, {1, 2, 3, 4}}},
      {GS_ADJ4, NVC597_BEGIN_OP_LINELIST_ADJCY, 8, 2, 4, {{0, 1, 2, 3}, {4, 5, 6, 7}}},
      {GS_ADJ3, NVC597_BEGIN_OP_TRIANGLE_STRIP, 5, 3, 3, {{0, 1, 2}, {2, 1, 3}, {2, 3, 4}}},
      {GS_ADJ3, NVC597_BEGIN_OP_TRIANGLE_FAN, 5, 3, 3, {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}}},
      {GS_ADJ3, NVC597_BEGIN_OP_TRIANGLES, 6, 2, 3, {{0, 1, 2}, {3, 4, 5}}},
      {GS_ADJ2, NVC597_BEGIN_OP_LINE_LOOP, 3, 3, 2, {{0, 1}, {1, 2}, {2, 0}}},
      {GS_ADJ2, NVC597_BEGIN_OP_LINE_STRIP, 3, 2, 2, {{0, 1}, {1, 2}}},
      {GS_ADJ2, NVC597_BEGIN_OP_LINES, 5, 2, 2, {{0, 1}, {2, 3}}},
   };
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      const struct order_case *oc = &cases[c];
      char what[64];
      snprintf(what, sizeof(what), "input order (topology %u, %u vertices)", oc->topology,
               oc->count);
      begin_case(oc->program, PS_ID);
      draw(oc->topology, 0, oc->count);
      ok_so_far(what);
      CHECK(run_count == oc->prims, "%s: %u runs, want %u", what, run_count, oc->prims);
      for (unsigned p = 0; p < oc->prims && p < run_count; p++) {
         for (unsigned k = 0; k < oc->n; k++)
            CHECK(runs[p].a[0][0x80 / 4 + k] == oc->want[p][k],
                  "%s: primitive %u vertex %u is vertex %u, want %u", what, p, k,
                  runs[p].a[0][0x80 / 4 + k], oc->want[p][k]);
      }
      expect_counters(what, oc->prims, oc->prims, oc->prims);
   }
}

static void
case_max(void)
{
   begin_case(GS_MAX, PS_ID);
   draw(NVC597_BEGIN_OP_POINTS, 0, 1);
   ok_so_far("max vertices");
   static const uint32_t want[2] = {0, 1};
   CHECK(run_count == 1, "max vertices: %u runs, want 1", run_count);
   expect_run("max vertices", 0, NVC597_BEGIN_OP_LINE_STRIP, 2, 0, 0, 0x80 / 4, want);
   expect_counters("max vertices", 1, 1, 1);
}

static void
so_buffer(unsigned j, uint32_t at, unsigned stream)
{
   m(NVC597_SET_STREAM_OUT_BUFFER_ENABLE(j), 1);
   m_va(NVC597_SET_STREAM_OUT_BUFFER_ADDRESS_A(j), NVC597_SET_STREAM_OUT_BUFFER_ADDRESS_B(j), at);
   m(NVC597_SET_STREAM_OUT_BUFFER_SIZE(j), 0x400);
   m(NVC597_SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER(j), 0);
   m(NVC597_SET_STREAM_OUT_CONTROL_STREAM(j), stream);
   m(NVC597_SET_STREAM_OUT_CONTROL_COMPONENT_COUNT(j), 1);
   m(NVC597_SET_STREAM_OUT_CONTROL_STRIDE(j), 4);
   m(NVC597_SET_STREAM_OUT_LAYOUT_SELECT(j, 0), 0x80 / 4);
}

static void
case_streams(void)
{
   begin_case(GS_STREAMS, PS_GEN);
   for (unsigned i = 0; i < 0x800 / 4; i++)
      memcpy(mem + SO0 + 4 * i, &(uint32_t){FILL}, 4);
   memset(mem + TARGET, 0xff, N * N * 4);
   so_buffer(0, SO0, 0);
   so_buffer(1, SO1, 1);
   m(NVC597_SET_STREAM_OUTPUT, 1);
   m(NVC597_SET_RASTER_ENABLE, 1);
   m(NVC597_SET_RASTER_INPUT, 1);
   hook_takes = false;
   /* Vertex ids 48, 49 at pixels (0, 1) and (4, 1). */
   draw(NVC597_BEGIN_OP_POINTS, 48, 2);
   hook_takes = true;
   m(NVC597_SET_RASTER_INPUT, 0);
   m(NVC597_SET_RASTER_ENABLE, 0);
   m(NVC597_SET_STREAM_OUTPUT, 0);
   ok_so_far("streams");
   /* Per thread: stream 0's points {n, 300 + n}, stream 1's {100 + n,
    * 200 + n}. */
   CHECK(run_count == 4, "streams: %u runs, want 4", run_count);
   for (unsigned t = 0; t < 2; t++) {
      const uint32_t n = 48 + t, s0[2] = {n, 300 + n}, s1[2] = {100 + n, 200 + n};
      expect_run("streams", 2 * t, NVC597_BEGIN_OP_POINTS, 2, 0, t, 0x80 / 4, s0);
      expect_run("streams", 2 * t + 1, NVC597_BEGIN_OP_POINTS, 2, 1, t, 0x80 / 4, s1);
   }
   static const uint32_t so0[5] = {48, 348, 49, 349, FILL}, so1[5] = {148, 248, 149, 249, FILL};
   for (unsigned i = 0; i < 5; i++)
      CHECK(word_at(SO0 + 4 * i) == so0[i] && word_at(SO1 + 4 * i) == so1[i],
            "stream output word %u: %u and %u, want %u and %u", i, word_at(SO0 + 4 * i),
            word_at(SO1 + 4 * i), so0[i], so1[i]);
   /* Stream 1 only on the target: pixels (4t + 1, 1) and (4t + 2, 1). */
   for (unsigned t = 0; t < 2; t++) {
      const uint32_t n = 48 + t;
      CHECK(px(4 * t, 1) == ~0u && px(4 * t + 1, 1) == 100 + n && px(4 * t + 2, 1) == 200 + n &&
               px(4 * t + 3, 1) == ~0u,
            "streams: pixels %u..%u of row 1: 0x%x 0x%x 0x%x 0x%x", 4 * t, 4 * t + 3, px(4 * t, 1),
            px(4 * t + 1, 1), px(4 * t + 2, 1), px(4 * t + 3, 1));
   }
   const uint64_t v1 = counter(R(VTG_PRIMITIVES_OUT), 1);
   const uint64_t ok0 = counter(R(STREAMING_PRIMITIVES_SUCCEEDED), 0);
   const uint64_t ok1 = counter(R(STREAMING_PRIMITIVES_SUCCEEDED), 1);
   CHECK(v1 == 4 && ok0 == 4 && ok1 == 4,
         "streams: VTG_PRIMITIVES_OUT(1) %" PRIu64 ", STREAMING_PRIMITIVES_SUCCEEDED %" PRIu64
         " and %" PRIu64 ", want 4, 4, 4",
         v1, ok0, ok1);
   /* STREAMING_BYTE_COUNT's four words are {payload, count, ns}. */
   const uint32_t bytes0 = (uint32_t)(counter(R(STREAMING_BYTE_COUNT), 0) >> 32);
   const uint32_t bytes1 = (uint32_t)(counter(R(STREAMING_BYTE_COUNT), 1) >> 32);
   CHECK(bytes0 == 16 && bytes1 == 16, "streams: %u and %u bytes in the buffers, want 16", bytes0,
         bytes1);
   expect_counters("streams", 2, 8, 4);
   m(NVC597_SET_STREAM_OUT_BUFFER_ENABLE(0), 0);
   m(NVC597_SET_STREAM_OUT_BUFFER_ENABLE(1), 0);
}

static void
case_primitive_id(enum gs_program p, uint32_t add)
{
   begin_case(p, PS_ID);
   memset(mem + TARGET, 0xff, N * N * 4);
   m(NVC597_SET_RASTER_ENABLE, 1);
   hook_takes = false;
   /* Three points (vertex ids 40..42), input primitive ids 0..2. */
   draw(NVC597_BEGIN_OP_POINTS, 40, 3);
   hook_takes = true;
   m(NVC597_SET_RASTER_ENABLE, 0);
   ok_so_far("primitive id");
   CHECK(run_count == 3, "primitive id: %u runs, want 3", run_count);
   for (unsigned k = 0; k < 3; k++) {
      /* Cell k covers pixels [4k, 4k + 4) x [0, 4). */
      const uint32_t want = k + add;
      CHECK(px(4 * k, 0) == want && px(4 * k + 1, 1) == want && px(4 * k + 3, 3) == want,
            "primitive id (+%u): cell %u: %u %u %u, want %u", add, k, px(4 * k, 0),
            px(4 * k + 1, 1), px(4 * k + 3, 3), want);
   }
   CHECK(px(13, 1) == ~0u && px(1, 5) == ~0u, "primitive id: outside the cells: 0x%x 0x%x",
         px(13, 1), px(1, 5));
}

/* 9: viewport j (1..3) as viewport 0 (scale and offset N / 2) moved
 * down 4 j rows; scissor 2 (xmin 0, xmax 6) enabled, and scissor 0 (an
 * empty rectangle) that only a primitive through viewport 0 would meet. */
static void
case_viewports(void)
{
   begin_case(GS_QUAD_VP, PS_VP);
   memset(mem + TARGET, 0xff, N * N * 4);
   const float h = N / 2.0f;
   for (unsigned j = 1; j < 4; j++) {
      m(NVC597_SET_VIEWPORT_SCALE_X(j), gpu_test_fu(h));
      m(NVC597_SET_VIEWPORT_SCALE_Y(j), gpu_test_fu(h));
      m(NVC597_SET_VIEWPORT_SCALE_Z(j), gpu_test_fu(0.5f));
      m(NVC597_SET_VIEWPORT_OFFSET_X(j), gpu_test_fu(h));
      m(NVC597_SET_VIEWPORT_OFFSET_Y(j), gpu_test_fu(h + 4.0f * (float)j));
      m(NVC597_SET_VIEWPORT_OFFSET_Z(j), gpu_test_fu(0.5f));
      m(NVC597_SET_VIEWPORT_CLIP_MIN_Z(j), gpu_test_fu(0.0f));
      m(NVC597_SET_VIEWPORT_CLIP_MAX_Z(j), gpu_test_fu(1.0f));
      m(NVC597_SET_SCISSOR_ENABLE(j), j == 2);
   }
   m(NVC597_SET_SCISSOR_HORIZONTAL(2), 6u << 16 | 0);
   m(NVC597_SET_SCISSOR_VERTICAL(2), (uint32_t)N << 16 | 0);
   m(NVC597_SET_SCISSOR_ENABLE(0), 1);
   m(NVC597_SET_SCISSOR_HORIZONTAL(0), 0);
   m(NVC597_SET_SCISSOR_VERTICAL(0), 0);
   m(NVC597_SET_RASTER_ENABLE, 1);
   hook_takes = false;
   /* Three points (vertex ids 40..42), input primitive ids 0..2. */
   draw(NVC597_BEGIN_OP_POINTS, 40, 3);
   hook_takes = true;
   m(NVC597_SET_RASTER_ENABLE, 0);
   m(NVC597_SET_SCISSOR_ENABLE(0), 0);
   m(NVC597_SET_SCISSOR_ENABLE(2), 0);
   ok_so_far("viewports");
   for (unsigned k = 0; k < 3; k++) {
      /* Cell k: pixels [4k, 4k + 4) x [4 (k + 1), 4 (k + 2)), 17 + k. */
      const unsigned y0 = 4 * (k + 1);
      for (unsigned y = 0; y < N; y++) {
         for (unsigned x = 4 * k; x < 4 * k + 4; x++) {
            const bool in = y >= y0 && y < y0 + 4 && !(k == 1 && x >= 6);
            const uint32_t want = in ? 17 + k : ~0u;
            CHECK(px(x, y) == want, "viewports: cell %u pixel (%u, %u): 0x%x, want 0x%x", k, x, y,
                  px(x, y), want);
         }
      }
   }
}

static struct jade_gpu *
new_model(void)
{
   const struct jade_gpu_env env = gpu_test_env(VA);
   struct jade_gpu *g = jade_gpu_create(&env);
   CHECK(g, "a model");
   if (g)
      jade_gpu_set_run_hook(g, hook, NULL);
   return g;
}

static void
case_fault(enum gs_program p, const char *want)
{
   gpu = new_model();
   if (!gpu)
      return;
   pipeline();
   begin_case(p, PS_ID);
   draw(NVC597_BEGIN_OP_POINTS, 0, 1);
   char f[400] = "";
   if (jade_gpu_fault(gpu))
      jade_gpu_fault_describe(jade_gpu_fault(gpu), f, sizeof(f));
   CHECK(jade_gpu_fault(gpu) && strstr(f, want), "a fault naming '%s': '%s'", want, f);
   CHECK(run_count == 0, "nothing drawn after the fault: %u runs", run_count);
   jade_gpu_destroy(gpu);
}

/* A header the model does not run: reported (counted, logged), nothing
 * drawn, no fault. */
static void
case_not_modelled(enum gs_program p, const char *want)
{
   gpu = new_model();
   if (!gpu)
      return;
   pipeline();
   begin_case(p, PS_ID);
   draw(NVC597_BEGIN_OP_POINTS, 0, 1);
   CHECK(!jade_gpu_fault(gpu), "%s: no fault", want);
   CHECK(jade_gpu_stats(gpu)->unimplemented == 1 && strstr(last_log, want),
         "%s reported as not modelled: %u, last log '%s'", want,
         (unsigned)jade_gpu_stats(gpu)->unimplemented, last_log);
   CHECK(run_count == 0, "%s: nothing drawn: %u runs", want, run_count);
   jade_gpu_destroy(gpu);
}

int
main(void)
{
   gpu = new_model();
   if (!gpu)
      return 1;
   build_vs();
   build_pass();
   build_strip();
   build_invocations();
   build_order(GS_ADJ6, 6);
   build_order(GS_ADJ4, 4);
   build_order(GS_ADJ3, 3);
   build_order(GS_ADJ2, 2);
   build_max();
   build_streams();
   build_quad(GS_QUAD, false);
   build_quad(GS_QUAD_ID, true);
   build_quad_vp();
   build_faults();
   build_ps(PS_ID, 0x60);
   build_ps(PS_GEN, 0x80);
   build_ps(PS_VP, 0x68);
   build_stream();
   pipeline();

   case_pass();
   case_strip();
   case_invocations();
   case_orders();
   case_max();
   case_streams();
   case_primitive_id(GS_QUAD, 0);
   case_primitive_id(GS_QUAD_ID, 100);
   case_viewports();
   CHECK(jade_gpu_stats(gpu)->unimplemented == 0, "every method implemented (last log '%s')",
         last_log);
   jade_gpu_destroy(gpu);

   case_fault(GS_BAD, "no input vertex handle");
   case_fault(GS_NO_FINAL, "without OUT.FINAL");
   case_not_modelled(GS_PASSTHROUGH, "passthrough");

   if (!failures)
      printf("geometry stage: ok\n");
   return failures ? 1 : 0;
}
