/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The tessellation stage (gpu_3d_tess.c) through the 3D class's methods:
 * a vertex program (position from attribute 0, the vertex id into
 * a[0x80]), hand-assembled tessellation control programs in NAK's forms
 * (input vertices by SR_INVOCATION_INFO byte 0 * byte 2 + k and ISBERD,
 * outputs by AST on the invocation id, another invocation's output by
 * ALD.O on SR_LANEID + vertex - SR_INVOCATION_ID, the factors and a patch
 * vector by AST.P) and tessellation programs (gl_TessCoord by ALD.O
 * a[0x2f0] on SR_LANEID, control points by ISBERD, the patch by ALD.P).
 * What each case expects is worked out here from GL's rules (GL 4.6
 * 11.2.2, "Tessellation Primitive Generation": the integer-spacing
 * domains, ccw meaning counter-clockwise in (u, v) with v up; NVIDIA's
 * TRIANGLES_CW being GL's ccw), never from the model's code:
 *  1. a quad patch, all factors 2: the 3 x 3 grid of (i/2, j/2), 8
 *     triangles covering the unit square once, counter-clockwise, each
 *     vertex's position the bilinear blend of the control points;
 *     the same in point mode: the 9 points once each;
 *  2. a triangle patch, all factors 3: 12 points (the outer ring's 9 on
 *     the edges at thirds, the inner ring's 3), 13 triangles covering the
 *     domain's area 1/2 once, counter-clockwise; TRIANGLES_CCW reverses
 *     every triangle;
 *  3. per patch: the patch vector the control program writes (0x1000 +
 *     gl_PrimitiveID) and the factors reaching the tessellation program,
 *     primitive ids by patch over two patches, gl_PatchVerticesIn;
 *  4. another invocation's output read in the control program, and a
 *     patch word one invocation writes inside a branch seen by all after
 *     the barrier (WARPSYNC);
 *  5. a culled patch (an outer factor 0): nothing drawn, its control
 *     program run, no domain points;
 *  6. no control program: the factors from SET_TESSELLATION_LOD_* and
 *     the patch's vertices as the control points, an isoline domain
 *     (density 2, detail 3: 2 lines at v = 0, 1/2 of 3 segments);
 *  7. the tessellation program feeding a geometry program;
 *  8. a quad patch rasterised: every pixel inside it covered once;
 *  9. stream output of a tessellated patch: each vertex's (u, v) captured
 *     in the order the run gives them;
 * 10. the spacings: factors 2.5 split an edge into 3 equal segments
 *     (integer: rounded up), 3 with a longer middle one (fractional odd),
 *     4 with two shorter ones (fractional even);
 * 11. two patches of factors 8 (81 points each: the second patch's
 *     points start in the first's third warp), every vertex where the
 *     bilinear blend of its own patch puts it; BAR.SYNC as the control
 *     program's barrier;
 * 12. the counters: TI_INVOCATIONS, TS_INVOCATIONS,
 *     TS_PRIMITIVES_GENERATED, VTG_PRIMITIVES_OUT;
 * 13. indexed I/O in NAK's forms (AL2P, then ALD.PHYS / AST.PHYS /
 *     ALD.O.PHYS: nak_nir_lower_vtg_io.c) in a control program of 4
 *     invocations on 3-vertex patches: invocation 3's ISBERD past the
 *     patch's vertices reads a vertex of zeros, an index past the
 *     attribute space reads 0 and its store is dropped, a control point
 *     past the patch reads 0 (GL: undefined values, never a fault);
 * 14. faults: PATCH without the tessellation stage, the stage with a
 *     triangle list, a tessellation program whose header does not name
 *     gl_TessCoord, a control point store past the patch's.
 */

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "nvidia/classes/clc597.h"

#include "gpu_test_3d.h"
#include "gpu_test_asm.h"
#include "jade_sph.h"

#define VA 0x30000000ull
#define PB 0x0000u
#define VS 0x0400u
/* 7 programs at 0x0800..0x23ff, the eighth (TCS_INDEXED) at 0x6800. */
#define TCS_AT(i) ((i) == TCS_INDEXED ? 0x6800u : 0x0800u + 0x400u * (i))
#define TES_AT(i) (0x2400u + 0x600u * (i)) /* 4 programs: 0x2400..0x3bff */
#define GS        0x4000u
#define PS        0x4400u
#define STREAM    0x4800u /* 64 elements of 16 bytes */
#define REPORTS   0x5800u
#define SO        0x5a00u /* 0x400 bytes of stream output */
#define TARGET    0x6000u /* 16 x 16 RU32 */
#define N         16

enum tcs_program {
   TCS_QUAD2,
   TCS_TRI3,
   TCS_CULL,
   TCS_BAD,
   TCS_QUAD1,
   TCS_QUAD25,
   TCS_QUAD8,
   TCS_INDEXED
};
enum tes_program { TES_QUAD, TES_TRI, TES_ISO, TES_NO_COORD, TES_COUNT };

#define MAX_RUNS  20
#define MAX_VERTS 512

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

static float
f_of(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
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
 * byte 2, NAK's sequence). */
static void
prologue(void)
{
   nlines = 0;
   A("S2R R0, SR_INVOCATION_INFO");
   A("LOP3.LUT R1, R0, 0xff, RZ, 0xc0, !PT");
   A("SHF.R.U32.HI R2, RZ, 0x10, R0");
   A("LOP3.LUT R2, R2, 0xff, RZ, 0xc0, !PT");
   A("IMAD R3, R1, R2, RZ");
}

static void
put_vtg(uint32_t at, const struct jade_sph_vtg *h)
{
   uint32_t dw[JADE_SPH_WORDS] = {0};
   jade_sph_vtg_pack(dw, h);
   memcpy(mem + at, dw, sizeof(dw));
   CHECK(gpu_test_assemble(lines, nlines, at + 0x80), "the program at 0x%x assembles", at);
}

static struct jade_sph_vtg
vtg_header(unsigned type)
{
   struct jade_sph_vtg h = {
      .sph_type = JADE_SPH_VTG_SPH_TYPE_TYPE_01_VTG,
      .version = 4,
      .shader_type = type,
      .sass_version = 1,
      .omap_position_x = 1,
      .omap_position_y = 1,
      .omap_position_z = 1,
      .omap_position_w = 1,
   };
   return h;
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
   struct jade_sph_vtg h = vtg_header(JADE_SPH_VTG_SHADER_TYPE_VERTEX);
   h.imap_vertex_id = 1;
   h.generic_imap_x[0] = h.generic_imap_y[0] = h.generic_imap_z[0] = h.generic_imap_w[0] = 1;
   h.generic_omap_x[0] = 1;
   put_vtg(VS, &h);
}

/* A control program of n invocations: control point i = input vertex i
 * (position, a[0x80] the vertex id), a[0x84] = a[0x80] of control point
 * n - 1 - i read back by ALD.O (NAK's lane arithmetic), a[0x88] =
 * gl_PatchVerticesIn, a[0x8c] = the patch word a[0x24] that invocation 0
 * alone writes (0x77, in a branch), read after WARPSYNC; factors outer[4],
 * inner[2]; patch vector a[0x20] = 0x1000 + gl_PrimitiveID.  `bad`: the
 * store of a[0x84] goes to control point n instead; `bar`: BAR.SYNC is
 * the join after the branch. */
static void
build_tcs(enum tcs_program p, unsigned n, const float outer[4], const float inner[2], bool bad,
          bool bar)
{
   prologue();
   A("S2R R6, SR_INVOCATION_ID");
   A("IADD3 R4, R3, R6, RZ");
   A("ISBERD R5, [R4]");
   A("ALD.128 R8, a[0x70], R5");
   A("ALD R12, a[0x80], R5");
   A("AST.128 a[0x70], R8, R6");
   A("AST a[0x80], R12, R6");
   /* vertex n - 1 - i's lane: SR_LANEID + vertex - SR_INVOCATION_ID */
   A("IADD3 R7, -R6, 0x%x, RZ", n - 1);
   A("S2R R13, SR_LANEID");
   A("IADD3 R14, R13, R7, RZ");
   A("IADD3 R14, R14, -R6, RZ");
   A("WARPSYNC 0xffffffff");
   A("ALD.O R15, a[0x80], R14");
   if (bad)
      A("MOV R6, 0x%x", n);
   A("AST a[0x84], R15, R6");
   A("S2R R16, SR_PRIM_TYPE");
   A("SHF.R.U32.HI R16, RZ, 0x8, R16");
   A("LOP3.LUT R16, R16, 0xff, RZ, 0xc0, !PT");
   A("AST a[0x88], R16, R6");
   for (unsigned i = 0; i < 4; i++)
      A("MOV R%u, 0x%x", 20 + i, gpu_test_fu(outer[i]));
   for (unsigned i = 0; i < 2; i++)
      A("MOV R%u, 0x%x", 24 + i, gpu_test_fu(inner[i]));
   A("AST.P.128 a[0x0], R20");
   A("AST.P.64 a[0x10], R24");
   A("ALD R26, a[0x60]");
   A("IADD3 R26, R26, 0x1000, RZ");
   A("AST.P a[0x20], R26");
   A("ISETP.NE.AND P0, PT, R6, RZ, PT");
   const unsigned bra = nlines;
   A("BRA P0, 0x0"); /* patched below */
   A("MOV R27, 0x77");
   A("AST.P a[0x24], R27");
   snprintf(text[bra], sizeof(text[bra]), "BRA P0, 0x%x", nlines * 16);
   /* The join: a warp barrier as NAK's, or (`bar`) a CTA barrier over
    * every patch of the launch. */
   A(bar ? "BAR.SYNC 0x0" : "WARPSYNC 0xffffffff");
   A("ALD.O.P R28, a[0x24]");
   A("AST a[0x8c], R28, R6");
   A("EXIT");
   struct jade_sph_vtg h = vtg_header(JADE_SPH_VTG_SHADER_TYPE_TESSELLATION_INIT);
   h.threads_per_input_primitive = n;
   h.per_patch_attribute_count = 10; /* factors, a[0x20], a[0x24] */
   h.imap_position_x = h.imap_position_y = h.imap_position_z = h.imap_position_w = 1;
   h.generic_imap_x[0] = 1;
   h.imap_primitive_id = 1;
   h.generic_omap_x[0] = h.generic_omap_y[0] = h.generic_omap_z[0] = h.generic_omap_w[0] = 1;
   put_vtg(TCS_AT(p), &h);
}

/* A control program of 4 invocations on 3-vertex patches, its per-vertex
 * I/O indexed by a register (AL2P + .PHYS, as NAK emits it for a
 * non-constant index; the index here 0, in R19): control point i = input
 * vertex i (position; a[0x80], the vertex id, by ALD.PHYS and AST.PHYS),
 * invocation 3's input vertex past the patch's 3 (ISBERD [3]); a[0x84] =
 * control point 3 - i's a[0x80] by ALD.O.PHYS; a[0x88] = 0x55 + an
 * ALD.PHYS 64 KiB past the space (0), whose AST.PHYS is dropped; a[0x8c]
 * = 0x66 + an ALD.O.PHYS of control point 7 (past the patch: 0); factors
 * 1; patch vector a[0x20] = 0x1000 + gl_PrimitiveID. */
static void
build_tcs_indexed(void)
{
   prologue();
   A("S2R R6, SR_INVOCATION_ID");
   A("IADD3 R4, R3, R6, RZ");
   A("ISBERD R5, [R4]");
   A("ALD.128 R8, a[0x70], R5");
   A("AST.128 a[0x70], R8, R6");
   A("LOP3.LUT R19, R6, 0x0, RZ, 0xc0, !PT");
   A("AL2P R20, R19, 0x80");
   A("ALD.PHYS R12, a[R20], R5");
   A("AL2P.O R21, R19, 0x80");
   A("AST.PHYS a[R21], R12, R6");
   A("IADD3 R7, -R6, 0x3, RZ");
   A("S2R R13, SR_LANEID");
   A("IADD3 R14, R13, R7, RZ");
   A("IADD3 R14, R14, -R6, RZ");
   A("WARPSYNC 0xffffffff");
   A("ALD.O.PHYS R15, a[R21], R14");
   A("AL2P.O R22, R19, 0x84");
   A("AST.PHYS a[R22], R15, R6");
   A("MOV R23, 0x10000");
   A("AL2P R24, R23, 0x80");
   A("ALD.PHYS R25, a[R24], R5");
   A("AL2P.O R26, R23, 0x80");
   A("AST.PHYS a[R26], R12, R6");
   A("IADD3 R25, R25, 0x55, RZ");
   A("AL2P.O R27, R19, 0x88");
   A("AST.PHYS a[R27], R25, R6");
   A("IADD3 R16, R13, 0x7, RZ");
   A("IADD3 R16, R16, -R6, RZ");
   A("ALD.O.PHYS R17, a[R21], R16");
   A("IADD3 R17, R17, 0x66, RZ");
   A("AL2P.O R28, R19, 0x8c");
   A("AST.PHYS a[R28], R17, R6");
   A("MOV R29, 0x3f800000");
   A("AST.P a[0x0], R29");
   A("AST.P a[0x4], R29");
   A("AST.P a[0x8], R29");
   A("AST.P a[0xc], R29");
   A("AST.P a[0x10], R29");
   A("AST.P a[0x14], R29");
   A("ALD R30, a[0x60]");
   A("IADD3 R30, R30, 0x1000, RZ");
   A("AST.P a[0x20], R30");
   A("EXIT");
   struct jade_sph_vtg h = vtg_header(JADE_SPH_VTG_SHADER_TYPE_TESSELLATION_INIT);
   h.threads_per_input_primitive = 4;
   h.per_patch_attribute_count = 9; /* factors, a[0x20] */
   h.imap_position_x = h.imap_position_y = h.imap_position_z = h.imap_position_w = 1;
   h.generic_imap_x[0] = 1;
   h.imap_primitive_id = 1;
   h.generic_omap_x[0] = h.generic_omap_y[0] = h.generic_omap_z[0] = h.generic_omap_w[0] = 1;
   put_vtg(TCS_AT(TCS_INDEXED), &h);
}

/* A tessellation program over k control points (3: barycentric, 4:
 * bilinear, 2: isoline, linear in u): position = the blend of their
 * positions; a[0x80] u, a[0x84] v, a[0x88] the patch word a[0x20],
 * a[0x8c] gl_PrimitiveID, a[0x90 + 4 j] control point j's a[0x80],
 * a[0xa0 + 4 j] its a[0x84], a[0xb0] outer factor 0 and a[0xb4] inner
 * factor 0 (ALD.P), a[0xb8] control point 0's a[0x88], a[0xbc] control
 * point k - 1's a[0x8c]. */
static void
build_tes(enum tes_program p, unsigned k, bool coord_in_header)
{
   prologue();
   A("S2R R30, SR_LANEID");
   A("ALD.O.64 R24, a[0x2f0], R30");
   A("FADD R20, -R24, 1.0");
   A("FADD R21, -R25, 1.0");
   if (k == 4) {
      A("FMUL R26, R20, R21");
      A("FMUL R27, R24, R21");
      A("FMUL R28, R24, R25");
      A("FMUL R29, R20, R25");
   } else if (k == 3) {
      A("MOV R26, R24");
      A("MOV R27, R25");
      A("FADD R28, R20, -R25");
   } else {
      A("MOV R26, R20");
      A("MOV R27, R24");
   }
   A("MOV R8, RZ");
   A("MOV R9, RZ");
   A("MOV R10, RZ");
   A("MOV R11, RZ");
   for (unsigned j = 0; j < k; j++) {
      A("IADD3 R4, R3, 0x%x, RZ", j);
      A("ISBERD R5, [R4]");
      A("ALD.128 R12, a[0x70], R5");
      for (unsigned c = 0; c < 4; c++)
         A("FFMA R%u, R%u, R%u, R%u", 8 + c, 12 + c, 26 + j, 8 + c);
      A("ALD.64 R16, a[0x80], R5");
      A("MOV R%u, R16", 36 + j);
      A("MOV R%u, R17", 40 + j);
      if (j == 0)
         A("ALD R48, a[0x88], R5");
      if (j == k - 1)
         A("ALD R49, a[0x8c], R5");
   }
   A("MOV R32, R24");
   A("MOV R33, R25");
   A("ALD.P R34, a[0x20]");
   A("ALD R35, a[0x60]");
   A("ALD.P R46, a[0x0]");
   A("ALD.P R47, a[0x10]");
   A("AST.128 a[0x70], R8");
   A("AST.128 a[0x80], R32");
   A("AST.128 a[0x90], R36");
   A("AST.128 a[0xa0], R40");
   A("AST.128 a[0xb0], R46");
   A("EXIT");
   struct jade_sph_vtg h = vtg_header(JADE_SPH_VTG_SHADER_TYPE_TESSELLATION);
   h.imap_position_x = h.imap_position_y = h.imap_position_z = h.imap_position_w = 1;
   h.generic_imap_x[0] = h.generic_imap_y[0] = h.generic_imap_z[0] = h.generic_imap_w[0] = 1;
   h.imap_primitive_id = 1;
   for (unsigned g = 0; g < 4; g++)
      h.generic_omap_x[g] = h.generic_omap_y[g] = h.generic_omap_z[g] = h.generic_omap_w[g] = 1;
   h.omap_tessellation_evaluation_point_u = coord_in_header;
   h.omap_tessellation_evaluation_point_v = coord_in_header;
   put_vtg(TES_AT(p), &h);
}

/* A geometry program passing each triangle through, a[0x80..0x8c] as
 * they come, a[0x90] = gl_PrimitiveIDIn + 0x500. */
static void
build_gs(void)
{
   prologue();
   A("MOV R20, RZ");
   A("ALD R18, a[0x60]");
   A("IADD3 R18, R18, 0x500, RZ");
   for (unsigned k = 0; k < 3; k++) {
      A("IADD3 R4, R3, 0x%x, RZ", k);
      A("ISBERD R5, [R4]");
      A("ALD.128 R8, a[0x70], R5");
      A("ALD.128 R12, a[0x80], R5");
      A("AST.128 a[0x70], R8, R20");
      A("AST.128 a[0x80], R12, R20");
      A("AST a[0x90], R18, R20");
      A("OUT.EMIT R20, R20, RZ");
   }
   A("OUT.FINAL R20");
   A("EXIT");
   struct jade_sph_vtg h = vtg_header(JADE_SPH_VTG_SHADER_TYPE_GEOMETRY);
   h.output_topology = JADE_SPH_VTG_OUTPUT_TOPOLOGY_TRIANGLESTRIP;
   h.max_output_vertex_count = 3;
   h.threads_per_input_primitive = 1;
   h.stream_out_mask = 1;
   h.imap_position_x = h.imap_position_y = h.imap_position_z = h.imap_position_w = 1;
   h.generic_imap_x[0] = h.generic_imap_y[0] = h.generic_imap_z[0] = h.generic_imap_w[0] = 1;
   h.imap_primitive_id = 1;
   h.generic_omap_x[0] = h.generic_omap_y[0] = h.generic_omap_z[0] = h.generic_omap_w[0] = 1;
   h.generic_omap_x[1] = 1;
   put_vtg(GS, &h);
}

/* A pixel program writing a[0x88] (read flat) to R. */
static void
build_ps(void)
{
   nlines = 0;
   A("IPA.CONSTANT R0, a[0x88]");
   A("MOV R1, 0x0");
   A("MOV R2, 0x0");
   A("MOV R3, 0x0");
   A("EXIT");
   struct jade_sph_ps h = {.sph_type = JADE_SPH_PS_SPH_TYPE_TYPE_02_PS,
                           .version = 3,
                           .shader_type = 5,
                           .imap_position_w = 1};
   h.omap_red[0] = h.omap_green[0] = h.omap_blue[0] = h.omap_alpha[0] = 1;
   h.generic_imap_z[0] = JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_CONSTANT;
   uint32_t dw[JADE_SPH_WORDS] = {0};
   jade_sph_ps_pack(dw, &h);
   memcpy(mem + PS, dw, sizeof(dw));
   CHECK(gpu_test_assemble(lines, nlines, PS + 0x80), "the pixel program assembles");
}

/* Element e's position (x, y, 0, 1). */
static void
element_position(unsigned e, float p[4])
{
   static const float sq[4][2] = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}};
   p[2] = 0;
   p[3] = 1;
   if (e >= 60) { /* 60..63: the square of pixels 4..11 */
      p[0] = sq[e - 60][0];
      p[1] = sq[e - 60][1];
   } else {
      p[0] = 0.0625f * (float)e - 0.75f;
      p[1] = 0.03125f * (float)((e * 7) % 11) - 0.25f;
   }
}

static void
build_stream(void)
{
   for (unsigned e = 0; e < 64; e++) {
      float p[4];
      element_position(e, p);
      memcpy(mem + STREAM + 16 * e, p, 16);
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
   m(NVC597_SET_PIPELINE_SHADER(2), 0 | NVC597_SET_PIPELINE_SHADER_TYPE_TESSELLATION_INIT << 4);
   m(NVC597_SET_PIPELINE_REGISTER_COUNT(2), 40);
   m(NVC597_SET_PIPELINE_BINDING(2), 1);
   m(NVC597_SET_PIPELINE_SHADER(3), 1 | NVC597_SET_PIPELINE_SHADER_TYPE_TESSELLATION << 4);
   m(NVC597_SET_PIPELINE_REGISTER_COUNT(3), 64);
   m(NVC597_SET_PIPELINE_BINDING(3), 2);
   m(NVC597_SET_PIPELINE_SHADER(4), 0 | NVC597_SET_PIPELINE_SHADER_TYPE_GEOMETRY << 4);
   m(NVC597_SET_PIPELINE_REGISTER_COUNT(4), 32);
   m(NVC597_SET_PIPELINE_BINDING(4), 3);
   m_va(NVC597_SET_PIPELINE_PROGRAM_ADDRESS_A(4), NVC597_SET_PIPELINE_PROGRAM_ADDRESS_B(4), GS);
   m(NVC597_SET_PIPELINE_SHADER(5), 1 | NVC597_SET_PIPELINE_SHADER_TYPE_PIXEL << 4);
   m(NVC597_SET_PIPELINE_REGISTER_COUNT(5), 16);
   m(NVC597_SET_PIPELINE_BINDING(5), 4);
   m_va(NVC597_SET_PIPELINE_PROGRAM_ADDRESS_A(5), NVC597_SET_PIPELINE_PROGRAM_ADDRESS_B(5), PS);
   m(NVC597_SET_VERTEX_ATTRIBUTE_A(0),
     NVC597_SET_VERTEX_ATTRIBUTE_A_COMPONENT_BIT_WIDTHS_R32_G32_B32_A32 << 21 |
        NVC597_SET_VERTEX_ATTRIBUTE_A_NUMERICAL_TYPE_NUM_FLOAT << 27);
   m(NVC597_SET_VERTEX_STREAM_A_FORMAT(0), 16 | 1 << 12);
   m_va(NVC597_SET_VERTEX_STREAM_A_LOCATION_A(0), NVC597_SET_VERTEX_STREAM_A_LOCATION_B(0), STREAM);
   m(NVC597_SET_VERTEX_STREAM_SIZE_A(0), 0);
   m(NVC597_SET_VERTEX_STREAM_SIZE_B(0), 64 * 16);
   m(NVC597_SET_WINDOW_ORIGIN, NVC597_SET_WINDOW_ORIGIN_MODE_UPPER_LEFT);
   gpu_test_target(gpu, VA + TARGET, N, NVC597_SET_COLOR_TARGET_FORMAT_V_RU32);
}

#define TP(domain, spacing, prims)                                                                 \
   (NVC597_SET_TESSELLATION_PARAMETERS_DOMAIN_TYPE_##domain |                                      \
    NVC597_SET_TESSELLATION_PARAMETERS_SPACING_##spacing << 4 |                                    \
    NVC597_SET_TESSELLATION_PARAMETERS_OUTPUT_PRIMITIVES_##prims << 8)

/* A case: its control program (or none: -1), tessellation program,
 * patch size and tessellation parameters; the caches dropped, the runs
 * and counters cleared. */
static void
begin_case(int tcs, enum tes_program tes, unsigned patch, uint32_t params, bool gs)
{
   if (tcs >= 0)
      m_va(NVC597_SET_PIPELINE_PROGRAM_ADDRESS_A(2), NVC597_SET_PIPELINE_PROGRAM_ADDRESS_B(2),
           TCS_AT(tcs));
   m(NVC597_SET_PIPELINE_SHADER(2),
     (tcs >= 0) | NVC597_SET_PIPELINE_SHADER_TYPE_TESSELLATION_INIT << 4);
   m_va(NVC597_SET_PIPELINE_PROGRAM_ADDRESS_A(3), NVC597_SET_PIPELINE_PROGRAM_ADDRESS_B(3),
        TES_AT(tes));
   m(NVC597_SET_PIPELINE_SHADER(4), gs | NVC597_SET_PIPELINE_SHADER_TYPE_GEOMETRY << 4);
   m(NVC597_SET_PATCH, patch);
   m(NVC597_SET_TESSELLATION_PARAMETERS, params);
   m(NVC597_INVALIDATE_SHADER_CACHES, 1u << GPU_LO(NVC597_INVALIDATE_SHADER_CACHES_INSTRUCTION));
   static const uint32_t clear[] = {
      NVC597_CLEAR_REPORT_VALUE_TYPE_TI_INVOCATIONS,
      NVC597_CLEAR_REPORT_VALUE_TYPE_TS_INVOCATIONS,
      NVC597_CLEAR_REPORT_VALUE_TYPE_TS_PRIMITIVES_GENERATED,
      NVC597_CLEAR_REPORT_VALUE_TYPE_VTG_PRIMITIVES_OUT,
      NVC597_CLEAR_REPORT_VALUE_TYPE_DA_PRIMITIVES_GENERATED,
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

#define R(x) NVC597_SET_REPORT_SEMAPHORE_D_REPORT_##x

static uint64_t
counter(uint32_t report)
{
   m(NVC597_SET_REPORT_SEMAPHORE_A, (uint32_t)((VA + REPORTS) >> 32));
   m(NVC597_SET_REPORT_SEMAPHORE_B, (uint32_t)(VA + REPORTS));
   m(NVC597_SET_REPORT_SEMAPHORE_C, 0);
   m(NVC597_SET_REPORT_SEMAPHORE_D,
     NVC597_SET_REPORT_SEMAPHORE_D_OPERATION_REPORT_ONLY | report << 23);
   uint64_t v;
   memcpy(&v, mem + REPORTS, 8);
   return v;
}

static void
expect_counters(const char *what, uint64_t patches, uint64_t points, uint64_t prims, uint64_t vtg)
{
   const uint64_t ti = counter(R(TI_INVOCATIONS)), ts = counter(R(TS_INVOCATIONS));
   const uint64_t tp = counter(R(TS_PRIMITIVES_GENERATED)), v = counter(R(VTG_PRIMITIVES_OUT));
   CHECK(ti == patches && ts == points && tp == prims && v == vtg,
         "%s: TI_INVOCATIONS %" PRIu64 " (want %" PRIu64 "), TS_INVOCATIONS %" PRIu64
         " (want %" PRIu64 "), TS_PRIMITIVES_GENERATED %" PRIu64 " (want %" PRIu64
         "), VTG_PRIMITIVES_OUT %" PRIu64 " (want %" PRIu64 ")",
         what, ti, patches, ts, points, tp, prims, v, vtg);
}

static void
ok_so_far(const char *what)
{
   char f[400] = "";
   if (jade_gpu_fault(gpu))
      jade_gpu_fault_describe(jade_gpu_fault(gpu), f, sizeof(f));
   CHECK(!jade_gpu_fault(gpu), "%s: no fault (%s; last log '%s')", what, f, last_log);
}

/* --- what GL says ------------------------------------------------------------ */

static float
va_u(const uint32_t *a)
{
   return f_of(a[0x80 / 4]);
}

static float
va_v(const uint32_t *a)
{
   return f_of(a[0x84 / 4]);
}

/* Twice the signed area of triangle (a, b, c) in (u, v), v up. */
static float
area2(const uint32_t *a, const uint32_t *b, const uint32_t *c)
{
   return (va_u(b) - va_u(a)) * (va_v(c) - va_v(a)) - (va_u(c) - va_u(a)) * (va_v(b) - va_v(a));
}

/* The reference tessellator places points in 16.16 fixed point (D3D11's
 * tessellator: tessellator.cpp's FXP), so a third is 0.333328. */
static bool
near(float a, float b)
{
   return fabsf(a - b) < 1e-4f;
}

/* The position a vertex must have: the blend of control points' (their
 * elements' positions, elements[j]) by the domain's weights. */
static void
expect_position(const char *what, const uint32_t *a, unsigned k, const unsigned *elements)
{
   const float u = va_u(a), v = va_v(a);
   float w[4];
   if (k == 4) {
      w[0] = (1 - u) * (1 - v), w[1] = u * (1 - v), w[2] = u * v, w[3] = (1 - u) * v;
   } else {
      w[0] = u, w[1] = v, w[2] = 1 - u - v;
   }
   for (unsigned c = 0; c < 2; c++) {
      float want = 0;
      for (unsigned j = 0; j < k; j++) {
         float p[4];
         element_position(elements[j], p);
         want += w[j] * p[c];
      }
      CHECK(fabsf(f_of(a[0x70 / 4 + c]) - want) < 1e-4f,
            "%s: the vertex at (%g, %g): position %c %g, want %g", what, u, v, "xy"[c],
            f_of(a[0x70 / 4 + c]), want);
   }
}

/* Run r's triangles: all of the given winding (+1 ccw, -1 cw), their
 * areas summing to `area`; every vertex on the domain (u, v >= 0, and u +
 * v <= 1 for triangles) and, for quads, on the grid of 1/n. */
static void
expect_triangles(const char *what, unsigned r, unsigned tris, int winding, float area, unsigned k,
                 unsigned grid)
{
   const struct captured *c = &runs[r];
   CHECK(c->topology == NVC597_BEGIN_OP_TRIANGLES && c->count == 3 * tris,
         "%s: run %u: topology %u, %u vertices; want triangles, %u", what, r, c->topology, c->count,
         3 * tris);
   float sum = 0;
   for (unsigned t = 0; t < tris && 3 * t + 2 < MAX_VERTS && t * 3 < c->count; t++) {
      const float a2 = area2(c->a[3 * t], c->a[3 * t + 1], c->a[3 * t + 2]);
      CHECK(a2 * (float)winding > 0, "%s: triangle %u: twice its (u, v) area %g, want %s", what, t,
            a2, winding > 0 ? "> 0 (counter-clockwise)" : "< 0 (clockwise)");
      sum += fabsf(a2) / 2;
   }
   CHECK(near(sum, area), "%s: the triangles' area %g, want %g", what, sum, area);
   for (unsigned i = 0; i < c->count && i < MAX_VERTS; i++) {
      const float u = va_u(c->a[i]), v = va_v(c->a[i]);
      bool on = u >= -1e-6f && v >= -1e-6f && u <= 1 + 1e-6f && v <= 1 + 1e-6f;
      if (k == 3)
         on = on && u + v <= 1 + 1e-5f;
      if (grid)
         on = on && near(u * (float)grid, roundf(u * (float)grid)) &&
              near(v * (float)grid, roundf(v * (float)grid));
      CHECK(on, "%s: vertex %u at (%g, %g) is not a point of the domain%s", what, i, u, v,
            grid ? "'s grid" : "");
   }
}

/* The distinct (u, v) among run r's vertices. */
static unsigned
distinct_points(unsigned r)
{
   const struct captured *c = &runs[r];
   unsigned n = 0;
   for (unsigned i = 0; i < c->count && i < MAX_VERTS; i++) {
      bool seen = false;
      for (unsigned j = 0; j < i && !seen; j++)
         seen = c->a[j][0x80 / 4] == c->a[i][0x80 / 4] && c->a[j][0x84 / 4] == c->a[i][0x84 / 4];
      n += !seen;
   }
   return n;
}

/* --- the cases ------------------------------------------------------------- */

static void
case_quad(void)
{
   begin_case(TCS_QUAD2, TES_QUAD, 4, TP(QUAD, INTEGER, TRIANGLES_CW), false);
   draw(NVC597_BEGIN_OP_PATCH, 8, 4);
   ok_so_far("quad");
   CHECK(run_count == 1, "quad: %u runs, want 1", run_count);
   if (!run_count)
      return;
   CHECK(runs[0].primitive_id == 0, "quad: primitive id %u", runs[0].primitive_id);
   /* Factors 2: (2 + 1)^2 points, 2 * 2^2 triangles. */
   expect_triangles("quad", 0, 8, +1, 1.0f, 4, 2);
   CHECK(distinct_points(0) == 9, "quad: %u distinct points, want 9", distinct_points(0));
   static const unsigned el[4] = {8, 9, 10, 11};
   for (unsigned i = 0; i < runs[0].count && i < MAX_VERTS; i++)
      expect_position("quad", runs[0].a[i], 4, el);
   expect_counters("quad", 1, 9, 8, 8);
}

/* Point mode (OUTPUT_PRIMITIVES POINTS): the quad's 9 points, once each. */
static void
case_points(void)
{
   const char *what = "points";
   begin_case(TCS_QUAD2, TES_QUAD, 4, TP(QUAD, INTEGER, POINTS), false);
   draw(NVC597_BEGIN_OP_PATCH, 8, 4);
   ok_so_far(what);
   CHECK(run_count == 1, "%s: %u runs, want 1", what, run_count);
   if (!run_count)
      return;
   const struct captured *c = &runs[0];
   CHECK(c->topology == NVC597_BEGIN_OP_POINTS && c->count == 9 && distinct_points(0) == 9,
         "%s: topology %u, %u vertices, %u distinct; want points, 9, 9", what, c->topology,
         c->count, distinct_points(0));
   for (unsigned i = 0; i < c->count && i < MAX_VERTS; i++) {
      const float u = va_u(c->a[i]), v = va_v(c->a[i]);
      CHECK(near(2 * u, roundf(2 * u)) && near(2 * v, roundf(2 * v)) && u >= 0 && u <= 1 &&
               v >= 0 && v <= 1,
            "%s: point (%g, %g) off the grid of halves", what, u, v);
   }
   expect_counters(what, 1, 9, 9, 9);
}

static void
case_triangle(bool ccw)
{
   const char *what = ccw ? "triangle (TRIANGLES_CCW)" : "triangle (TRIANGLES_CW)";
   begin_case(TCS_TRI3, TES_TRI, 3,
              ccw ? TP(TRIANGLE, INTEGER, TRIANGLES_CCW) : TP(TRIANGLE, INTEGER, TRIANGLES_CW),
              false);
   draw(NVC597_BEGIN_OP_PATCH, 20, 3);
   ok_so_far(what);
   CHECK(run_count == 1, "%s: %u runs, want 1", what, run_count);
   if (!run_count)
      return;
   /* Level 3: the outer ring's 9 points and the inner ring's 3 (level 1):
    * 9 + 3 triangles between them, 1 inside. */
   expect_triangles(what, 0, 13, ccw ? -1 : +1, 0.5f, 3, 0);
   CHECK(distinct_points(0) == 12, "%s: %u distinct points, want 12", what, distinct_points(0));
   /* The outer edges split in thirds: u = 0, v = 0 and w = 0 each hold 4. */
   unsigned edge[3] = {0, 0, 0};
   const struct captured *c = &runs[0];
   for (unsigned i = 0; i < c->count && i < MAX_VERTS; i++) {
      bool first = true;
      for (unsigned j = 0; j < i && first; j++)
         first = memcmp(&c->a[j][0x80 / 4], &c->a[i][0x80 / 4], 8) != 0;
      if (!first)
         continue;
      const float u = va_u(c->a[i]), v = va_v(c->a[i]), w = 1 - u - v;
      edge[0] += near(u, 0), edge[1] += near(v, 0), edge[2] += near(w, 0);
      if (near(u, 0) || near(v, 0) || near(w, 0))
         CHECK(near(3 * u, roundf(3 * u)) && near(3 * v, roundf(3 * v)),
               "%s: edge point (%g, %g) not at a third", what, u, v);
   }
   CHECK(edge[0] == 4 && edge[1] == 4 && edge[2] == 4,
         "%s: points on the edges u, v, w = 0: %u %u %u, want 4 each", what, edge[0], edge[1],
         edge[2]);
   static const unsigned el[3] = {20, 21, 22};
   for (unsigned i = 0; i < c->count && i < MAX_VERTS; i++)
      expect_position(what, c->a[i], 3, el);
   expect_counters(what, 1, 12, 13, 13);
}

/* Two quad patches (factors 1: 2 triangles each) of elements 30..37:
 * per patch its primitive id, the patch vector, the factors, the control
 * points' vertex ids, the neighbour's and the barrier-ordered words. */
static void
case_patch_data(void)
{
   const char *what = "patch data";
   begin_case(TCS_QUAD1, TES_QUAD, 4, TP(QUAD, INTEGER, TRIANGLES_CW), false);
   draw(NVC597_BEGIN_OP_PATCH, 30, 9); /* the ninth vertex: no patch */
   ok_so_far(what);
   CHECK(run_count == 2, "%s: %u runs, want 2", what, run_count);
   for (unsigned p = 0; p < 2 && p < run_count; p++) {
      const struct captured *c = &runs[p];
      CHECK(c->primitive_id == p && c->count == 6, "%s: run %u: primitive id %u, %u vertices", what,
            p, c->primitive_id, c->count);
      for (unsigned i = 0; i < c->count && i < MAX_VERTS; i++) {
         const uint32_t *a = c->a[i];
         CHECK(a[0x88 / 4] == 0x1000 + p && a[0x8c / 4] == p,
               "%s: patch %u: patch vector 0x%x (want 0x%x), gl_PrimitiveID %u", what, p,
               a[0x88 / 4], 0x1000 + p, a[0x8c / 4]);
         CHECK(f_of(a[0xb0 / 4]) == 1.0f && f_of(a[0xb4 / 4]) == 1.0f,
               "%s: the factors the tessellation program reads: %g %g", what, f_of(a[0xb0 / 4]),
               f_of(a[0xb4 / 4]));
         CHECK(a[0xb8 / 4] == 4, "%s: gl_PatchVerticesIn %u, want 4", what, a[0xb8 / 4]);
         CHECK(a[0xbc / 4] == 0x77,
               "%s: the patch word invocation 0 wrote before the barrier: 0x%x, want 0x77", what,
               a[0xbc / 4]);
         for (unsigned j = 0; j < 4; j++) {
            const uint32_t vid = 30 + 4 * p + j, other = 30 + 4 * p + 3 - j;
            CHECK(a[0x90 / 4 + j] == vid && a[0xa0 / 4 + j] == other,
                  "%s: patch %u control point %u: vertex %u (want %u), its neighbour's %u "
                  "(want %u)",
                  what, p, j, a[0x90 / 4 + j], vid, a[0xa0 / 4 + j], other);
         }
      }
   }
   const uint64_t da = counter(R(DA_PRIMITIVES_GENERATED));
   CHECK(da == 2, "%s: DA_PRIMITIVES_GENERATED %" PRIu64 ", want 2 (patches)", what, da);
   expect_counters(what, 2, 8, 4, 4);
}

/* Case 13: a quad patch (factors 1) from the 3-vertex patch of elements
 * 44..46 through TCS_INDEXED. */
static void
case_indexed(void)
{
   const char *what = "indexed control point I/O";
   begin_case(TCS_INDEXED, TES_QUAD, 3, TP(QUAD, INTEGER, TRIANGLES_CW), false);
   draw(NVC597_BEGIN_OP_PATCH, 44, 3);
   ok_so_far(what);
   CHECK(run_count == 1, "%s: %u runs, want 1", what, run_count);
   if (!run_count)
      return;
   const struct captured *c = &runs[0];
   CHECK(c->count == 6, "%s: %u vertices, want 6", what, c->count);
   /* Control point j's vertex id: 44 + j, the fourth's input vertex
    * (past the patch) reads 0; a[0x84] the vertex id of control point
    * 3 - j. */
   static const uint32_t vid[4] = {44, 45, 46, 0};
   for (unsigned i = 0; i < c->count && i < MAX_VERTS; i++) {
      const uint32_t *a = c->a[i];
      for (unsigned j = 0; j < 4; j++)
         CHECK(a[0x90 / 4 + j] == vid[j] && a[0xa0 / 4 + j] == vid[3 - j],
               "%s: control point %u: a[0x80] %u (want %u), a[0x84] %u (want %u)", what, j,
               a[0x90 / 4 + j], vid[j], a[0xa0 / 4 + j], vid[3 - j]);
      CHECK(a[0xb8 / 4] == 0x55 && a[0xbc / 4] == 0x66,
            "%s: an index past the space read 0x%x (want 0x55 = 0x55 + 0), a control point "
            "past the patch 0x%x (want 0x66 = 0x66 + 0)",
            what, a[0xb8 / 4], a[0xbc / 4]);
      CHECK(a[0x88 / 4] == 0x1000, "%s: patch vector 0x%x", what, a[0x88 / 4]);
   }
   expect_counters(what, 1, 4, 2, 2);
}

static void
case_culled(void)
{
   begin_case(TCS_CULL, TES_QUAD, 4, TP(QUAD, INTEGER, TRIANGLES_CW), false);
   draw(NVC597_BEGIN_OP_PATCH, 8, 4);
   ok_so_far("culled patch");
   CHECK(run_count == 0, "culled patch: %u runs, want 0", run_count);
   expect_counters("culled patch", 1, 0, 0, 0);
}

/* No control program: SET_TESSELLATION_LOD_*, isolines of density 2,
 * detail 3 from the patch's two vertices. */
static void
case_no_tcs(void)
{
   const char *what = "isolines without a control program";
   begin_case(-1, TES_ISO, 2, TP(ISOLINE, INTEGER, LINES), false);
   m(NVC597_SET_TESSELLATION_LOD_U0_OR_DENSITY, gpu_test_fu(2.0f));
   m(NVC597_SET_TESSELLATION_LOD_V0_OR_DETAIL, gpu_test_fu(3.0f));
   m(NVC597_SET_TESSELLATION_LOD_U1_OR_W0, gpu_test_fu(5.0f));
   m(NVC597_SET_TESSELLATION_LOD_V1, gpu_test_fu(5.0f));
   m(NVC597_SET_TG_LOD_INTERIOR_U, gpu_test_fu(7.0f));
   m(NVC597_SET_TG_LOD_INTERIOR_V, gpu_test_fu(7.0f));
   draw(NVC597_BEGIN_OP_PATCH, 40, 2);
   ok_so_far(what);
   CHECK(run_count == 1, "%s: %u runs, want 1", what, run_count);
   if (!run_count)
      return;
   const struct captured *c = &runs[0];
   CHECK(c->topology == NVC597_BEGIN_OP_LINES && c->count == 12,
         "%s: topology %u, %u vertices; want lines, 12 (6 segments)", what, c->topology, c->count);
   /* Each segment joins (i/3, v) and ((i + 1)/3, v), v = 0 or 1/2. */
   unsigned per_v[2] = {0, 0};
   for (unsigned s = 0; s < c->count / 2 && 2 * s + 1 < MAX_VERTS; s++) {
      const uint32_t *a = c->a[2 * s], *b = c->a[2 * s + 1];
      const float du = fabsf(va_u(b) - va_u(a));
      CHECK(near(du, 1.0f / 3) && va_v(a) == va_v(b) && (va_v(a) == 0 || va_v(a) == 0.5f),
            "%s: segment %u from (%g, %g) to (%g, %g)", what, s, va_u(a), va_v(a), va_u(b),
            va_v(b));
      per_v[va_v(a) == 0.5f]++;
   }
   CHECK(per_v[0] == 3 && per_v[1] == 3, "%s: segments at v = 0 and 1/2: %u %u, want 3 each", what,
         per_v[0], per_v[1]);
   for (unsigned i = 0; i < c->count && i < MAX_VERTS; i++) {
      const uint32_t *a = c->a[i];
      CHECK(a[0x90 / 4] == 40 && a[0x94 / 4] == 41 && f_of(a[0xb0 / 4]) == 2.0f &&
               f_of(a[0xb4 / 4]) == 7.0f,
            "%s: control points %u %u (want the patch's vertices 40 41), factors %g %g (want "
            "SET_TESSELLATION_LOD_U0 2, SET_TG_LOD_INTERIOR_U 7)",
            what, a[0x90 / 4], a[0x94 / 4], f_of(a[0xb0 / 4]), f_of(a[0xb4 / 4]));
   }
   expect_counters(what, 0, 8, 6, 6);
}

static void
case_geometry(void)
{
   const char *what = "into a geometry program";
   begin_case(TCS_QUAD2, TES_QUAD, 4, TP(QUAD, INTEGER, TRIANGLES_CW), true);
   m(NVC597_CLEAR_REPORT_VALUE, NVC597_CLEAR_REPORT_VALUE_TYPE_GS_INVOCATIONS);
   draw(NVC597_BEGIN_OP_PATCH, 12, 8);
   ok_so_far(what);
   /* 2 patches x 8 triangles, each its own strip out of the GS. */
   CHECK(run_count == 16, "%s: %u runs, want 16", what, run_count);
   for (unsigned r = 0; r < run_count && r < MAX_RUNS; r++) {
      const struct captured *c = &runs[r];
      const unsigned p = r / 8;
      CHECK(c->topology == NVC597_BEGIN_OP_TRIANGLE_STRIP && c->count == 3,
            "%s: run %u: topology %u, %u vertices", what, r, c->topology, c->count);
      CHECK(c->a[0][0x90 / 4] == 0x500 + p && c->a[0][0x88 / 4] == 0x1000 + p,
            "%s: run %u: gl_PrimitiveIDIn + 0x500 = 0x%x, patch vector 0x%x (patch %u)", what, r,
            c->a[0][0x90 / 4], c->a[0][0x88 / 4], p);
      const float a2 = area2(c->a[0], c->a[1], c->a[2]);
      CHECK(a2 > 0, "%s: run %u: twice its (u, v) area %g", what, r, a2);
   }
   const uint64_t gi = counter(R(GS_INVOCATIONS));
   CHECK(gi == 16, "%s: GS_INVOCATIONS %" PRIu64 ", want 16", what, gi);
   expect_counters(what, 2, 18, 16, 16);
}

static uint32_t
px(unsigned x, unsigned y)
{
   uint32_t v;
   memcpy(&v, mem + TARGET + (y * N + x) * 4, 4);
   return v;
}

/* The square [-0.5, 0.5]^2 (elements 60..63) as a quad patch, factors 2:
 * pixels 4..11 x 4..11 (centres inside) get 0x1000 (patch vector of
 * patch 0), the others keep the clear value. */
static void
case_raster(void)
{
   const char *what = "rasterised";
   begin_case(TCS_QUAD2, TES_QUAD, 4, TP(QUAD, INTEGER, TRIANGLES_CW), false);
   memset(mem + TARGET, 0xff, N * N * 4);
   m(NVC597_SET_RASTER_ENABLE, 1);
   hook_takes = false;
   draw(NVC597_BEGIN_OP_PATCH, 60, 4);
   hook_takes = true;
   m(NVC597_SET_RASTER_ENABLE, 0);
   ok_so_far(what);
   unsigned wrong = 0;
   for (unsigned y = 0; y < N; y++) {
      for (unsigned x = 0; x < N; x++) {
         const bool in = x >= 4 && x < 12 && y >= 4 && y < 12;
         if (px(x, y) != (in ? 0x1000u : ~0u)) {
            if (!wrong)
               CHECK(false, "%s: pixel (%u, %u) = 0x%x, want 0x%x", what, x, y, px(x, y),
                     in ? 0x1000u : ~0u);
            wrong++;
         }
      }
   }
   CHECK(!wrong, "%s: %u pixels wrong", what, wrong);
}

/* A quad patch of factors 1 (2 triangles) into stream output buffer 0,
 * a[0x80] and a[0x84] (u, v) a vertex, while the hook sees the run. */
static void
case_stream_out(void)
{
   const char *what = "stream output";
   begin_case(TCS_QUAD1, TES_QUAD, 4, TP(QUAD, INTEGER, TRIANGLES_CW), false);
   m(NVC597_CLEAR_REPORT_VALUE, NVC597_CLEAR_REPORT_VALUE_TYPE_STREAMING_PRIMITIVES_SUCCEEDED);
   memset(mem + SO, 0xab, 0x400);
   m(NVC597_SET_STREAM_OUT_BUFFER_ENABLE(0), 1);
   m_va(NVC597_SET_STREAM_OUT_BUFFER_ADDRESS_A(0), NVC597_SET_STREAM_OUT_BUFFER_ADDRESS_B(0), SO);
   m(NVC597_SET_STREAM_OUT_BUFFER_SIZE(0), 0x400);
   m(NVC597_SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER(0), 0);
   m(NVC597_SET_STREAM_OUT_CONTROL_STREAM(0), 0);
   m(NVC597_SET_STREAM_OUT_CONTROL_COMPONENT_COUNT(0), 2);
   m(NVC597_SET_STREAM_OUT_CONTROL_STRIDE(0), 8);
   m(NVC597_SET_STREAM_OUT_LAYOUT_SELECT(0, 0), 0x80 / 4 | (0x84 / 4) << 8);
   m(NVC597_SET_STREAM_OUTPUT, 1);
   draw(NVC597_BEGIN_OP_PATCH, 8, 4);
   m(NVC597_SET_STREAM_OUTPUT, 0);
   m(NVC597_SET_STREAM_OUT_BUFFER_ENABLE(0), 0);
   ok_so_far(what);
   CHECK(run_count == 1 && runs[0].count == 6, "%s: %u runs, %u vertices; want 1, 6", what,
         run_count, run_count ? runs[0].count : 0);
   if (run_count != 1 || runs[0].count != 6)
      return;
   expect_triangles(what, 0, 2, +1, 1.0f, 4, 1);
   for (unsigned i = 0; i < 6; i++) {
      uint32_t w[2];
      memcpy(w, mem + SO + 8 * i, 8);
      CHECK(w[0] == runs[0].a[i][0x80 / 4] && w[1] == runs[0].a[i][0x84 / 4],
            "%s: captured vertex %u: (%g, %g), the run's (%g, %g)", what, i, f_of(w[0]), f_of(w[1]),
            va_u(runs[0].a[i]), va_v(runs[0].a[i]));
   }
   uint32_t past;
   memcpy(&past, mem + SO + 48, 4);
   CHECK(past == 0xabababab, "%s: a word past the 6 vertices written: 0x%x", what, past);
   const uint64_t ok = counter(R(STREAMING_PRIMITIVES_SUCCEEDED));
   CHECK(ok == 2, "%s: STREAMING_PRIMITIVES_SUCCEEDED %" PRIu64 ", want 2", what, ok);
}

/* The points of run r on the edge u = 0, by v. */
static unsigned
edge_points(unsigned r, float *v)
{
   const struct captured *c = &runs[r];
   unsigned n = 0;
   for (unsigned i = 0; i < c->count && i < MAX_VERTS; i++) {
      if (!near(va_u(c->a[i]), 0))
         continue;
      bool seen = false;
      for (unsigned j = 0; j < n && !seen; j++)
         seen = v[j] == va_v(c->a[i]);
      if (!seen && n < 16)
         v[n++] = va_v(c->a[i]);
   }
   for (unsigned i = 1; i < n; i++) /* sort */
      for (unsigned j = i; j > 0 && v[j - 1] > v[j]; j--) {
         const float t = v[j];
         v[j] = v[j - 1];
         v[j - 1] = t;
      }
   return n;
}

/* GL 4.6 11.2.2: factor 2.5 on the edge u = 0 under each spacing. */
static void
case_spacing(uint32_t params, const char *what, unsigned segments)
{
   begin_case(TCS_QUAD25, TES_QUAD, 4, params, false);
   draw(NVC597_BEGIN_OP_PATCH, 8, 4);
   ok_so_far(what);
   CHECK(run_count == 1, "%s: %u runs, want 1", what, run_count);
   if (!run_count)
      return;
   const unsigned tris = runs[0].count / 3;
   expect_triangles(what, 0, tris, +1, 1.0f, 4, 0);
   float v[16];
   const unsigned n = edge_points(0, v);
   CHECK(n == segments + 1, "%s: %u points on the edge u = 0, want %u", what, n, segments + 1);
   if (n != segments + 1)
      return;
   float len[16];
   for (unsigned i = 0; i < segments; i++)
      len[i] = v[i + 1] - v[i];
   for (unsigned i = 0; i < segments; i++)
      CHECK(near(len[i], len[segments - 1 - i]), "%s: segments %u and %u: %g and %g (symmetric)",
            what, i, segments - 1 - i, len[i], len[segments - 1 - i]);
   if (strstr(what, "integer")) {
      for (unsigned i = 0; i < segments; i++)
         CHECK(near(len[i], 1.0f / 3), "%s: segment %u: %g, want a third", what, i, len[i]);
      return;
   }
   /* n - 2 equal segments and two equal shorter ones (where the short ones
    * lie GL leaves to the implementation, symmetric as checked above). */
   float sorted[16];
   memcpy(sorted, len, sizeof(len));
   for (unsigned i = 1; i < segments; i++)
      for (unsigned j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
         const float t = sorted[j];
         sorted[j] = sorted[j - 1];
         sorted[j - 1] = t;
      }
   bool ok = near(sorted[0], sorted[1]) && sorted[2] > sorted[1] + 0.01f;
   for (unsigned i = 3; i < segments; i++)
      ok = ok && near(sorted[i], sorted[2]);
   CHECK(ok, "%s: segment lengths %g %g %g %g: want two equal short ones and %u equal others", what,
         len[0], len[1], len[2], segments > 3 ? len[3] : 0.0f, segments - 2);
}

/* Patches 0 and 1 of elements 44..51, factors 8: (8 + 1)^2 points and
 * 2 * 8^2 triangles each. */
static void
case_big(void)
{
   const char *what = "two patches of factors 8";
   begin_case(TCS_QUAD8, TES_QUAD, 4, TP(QUAD, INTEGER, TRIANGLES_CW), false);
   draw(NVC597_BEGIN_OP_PATCH, 44, 8);
   ok_so_far(what);
   CHECK(run_count == 2, "%s: %u runs, want 2", what, run_count);
   for (unsigned p = 0; p < 2 && p < run_count; p++) {
      expect_triangles(what, p, 128, +1, 1.0f, 4, 8);
      CHECK(distinct_points(p) == 81, "%s: patch %u: %u distinct points, want 81", what, p,
            distinct_points(p));
      const unsigned el[4] = {44 + 4 * p, 45 + 4 * p, 46 + 4 * p, 47 + 4 * p};
      for (unsigned i = 0; i < runs[p].count && i < MAX_VERTS; i++) {
         expect_position(what, runs[p].a[i], 4, el);
         CHECK(runs[p].a[i][0x88 / 4] == 0x1000 + p && runs[p].a[i][0x90 / 4] == 44 + 4 * p &&
                  runs[p].a[i][0xbc / 4] == 0x77,
               "%s: patch %u vertex %u: patch vector 0x%x, control point 0 %u, the word "
               "invocation 0 wrote before BAR.SYNC 0x%x",
               what, p, i, runs[p].a[i][0x88 / 4], runs[p].a[i][0x90 / 4], runs[p].a[i][0xbc / 4]);
      }
   }
   expect_counters(what, 2, 162, 256, 256);
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

/* A fresh model whose draw of `topology` must fault naming `want`. */
static void
case_fault(int tcs, enum tes_program tes, bool tes_on, unsigned topology, const char *want)
{
   gpu = new_model();
   if (!gpu)
      return;
   pipeline();
   begin_case(tcs, tes, 4, TP(QUAD, INTEGER, TRIANGLES_CW), false);
   if (!tes_on)
      m(NVC597_SET_PIPELINE_SHADER(3), 0 | NVC597_SET_PIPELINE_SHADER_TYPE_TESSELLATION << 4);
   draw(topology, 8, 4);
   char f[400] = "";
   if (jade_gpu_fault(gpu))
      jade_gpu_fault_describe(jade_gpu_fault(gpu), f, sizeof(f));
   CHECK(jade_gpu_fault(gpu) && strstr(f, want), "a fault naming '%s': '%s'", want, f);
   CHECK(run_count == 0, "nothing drawn after the fault: %u runs", run_count);
   jade_gpu_destroy(gpu);
}

int
main(void)
{
   gpu = new_model();
   if (!gpu)
      return 1;
   static const float two[4] = {2, 2, 2, 2}, three[4] = {3, 3, 3, 3}, one[4] = {1, 1, 1, 1};
   static const float cull[4] = {2, 0, 2, 2}, f25[4] = {2.5f, 2.5f, 2.5f, 2.5f};
   static const float eight[4] = {8, 8, 8, 8};
   build_vs();
   build_tcs(TCS_QUAD2, 4, two, two, false, false);
   build_tcs(TCS_TRI3, 3, three, three, false, false);
   build_tcs(TCS_CULL, 4, cull, two, false, false);
   build_tcs(TCS_BAD, 4, two, two, true, false);
   build_tcs(TCS_QUAD1, 4, one, one, false, false);
   build_tcs(TCS_QUAD25, 4, f25, f25, false, false);
   build_tcs(TCS_QUAD8, 4, eight, eight, false, true);
   build_tcs_indexed();
   build_tes(TES_QUAD, 4, true);
   build_tes(TES_TRI, 3, true);
   build_tes(TES_ISO, 2, true);
   build_tes(TES_NO_COORD, 4, false);
   build_gs();
   build_ps();
   build_stream();
   pipeline();

   case_quad();
   case_points();
   case_triangle(false);
   case_triangle(true);
   case_patch_data();
   case_culled();
   case_indexed();
   case_no_tcs();
   case_geometry();
   case_raster();
   case_stream_out();
   case_spacing(TP(QUAD, INTEGER, TRIANGLES_CW), "factor 2.5, integer spacing", 3);
   case_spacing(TP(QUAD, FRACTIONAL_ODD, TRIANGLES_CW), "factor 2.5, fractional odd spacing", 3);
   case_spacing(TP(QUAD, FRACTIONAL_EVEN, TRIANGLES_CW), "factor 2.5, fractional even spacing", 4);
   case_big();
   CHECK(jade_gpu_stats(gpu)->unimplemented == 0, "every method implemented (last log '%s')",
         last_log);
   jade_gpu_destroy(gpu);

   case_fault(TCS_QUAD2, TES_QUAD, false, NVC597_BEGIN_OP_PATCH, "PATCH draws need");
   case_fault(TCS_QUAD2, TES_QUAD, true, NVC597_BEGIN_OP_TRIANGLES, "PATCH draws need");
   case_fault(TCS_QUAD2, TES_NO_COORD, true, NVC597_BEGIN_OP_PATCH, "gl_TessCoord");
   case_fault(TCS_BAD, TES_QUAD, true, NVC597_BEGIN_OP_PATCH, "no output control point");

   if (!failures)
      printf("tessellation stage: ok\n");
   return failures ? 1 : 0;
}
