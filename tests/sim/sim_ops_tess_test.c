/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The tessellation I/O of the functional model (sim_exec_geometry.c,
 * jade_sim.h struct jade_sim_tess) one instruction at a time, on the
 * per-opcode harness's warp.  A control launch: SR_PRIM_TYPE, AST and
 * ALD.O on a control point of the thread's patch by lane (a store one
 * past the patch faults, a read gives 0), AST.P / ALD.O.P on the patch
 * space (a word past the header's count faults, indexed it is dropped;
 * ALD.P without .O faults), input vertices by ISBERD handle as a geometry
 * launch's (past the map: handle 0, reading 0), AL2P with AST.PHYS /
 * ALD.O.PHYS / ALD.PHYS on control points and inputs (out of range: 0,
 * dropped).  An evaluation launch:
 * gl_TessCoord by ALD.O a[0x2f0] on another lane (a lane past the launch
 * faults), ALD.P of the thread's patch (indexed past the space: 0; a
 * constant address past it faults), ALD.PHYS of control points, AST and
 * AST.PHYS and ALD.O of the outputs,
 * AST.P and ALD.O.P faulting; OUT faulting in both; SR_PRIM_TYPE outside
 * a tessellation launch unsupported.  Every expected value is written out
 * here from the rules in jade_sim.h.
 */

#include <stdio.h>
#include <string.h>

#include "sim_ops_harness.h"

static int failures;

#define CHECK(cond, ...)                                                                           \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         printf("FAIL %s:%d: ", __FILE__, __LINE__);                                               \
         printf(__VA_ARGS__);                                                                      \
         printf("\n");                                                                             \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

#define W       JADE_SIM_ATTR_WORDS
#define THREADS 64 /* two warps: patches 0 and 1 */
#define CP      3

static uint32_t vertices[2 * W];
static uint32_t map[2];
static uint32_t info[THREADS], iid[THREADS], pid[THREADS], prim_type[THREADS], patch[THREADS];
static uint32_t space[2 * JADE_SIM_PATCH_WORDS];
static uint32_t cps[2 * CP * W];
static float coord[THREADS][2];
static uint32_t out[THREADS * W];
static struct jade_sim_tess tess;
static struct jade_sim_geometry geo;
static struct jade_sim_graphics gfx;
static struct jade_sim_grid grid = {.grid = {1, 1, 1}, .block = {THREADS, 1, 1}};

/* Runs `text` on the lanes of `mask` of the harness's warp, which holds
 * threads base .. base + 31; false if it stopped (stop_msg says why). */
static bool
run(const char *text, unsigned base, uint32_t mask)
{
   struct jade_isa_instr in;
   if (!ops_assemble(text, &in)) {
      failures++;
      return false;
   }
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      warp.tid[lane][0] = base + lane;
      warp.tid[lane][1] = warp.tid[lane][2] = 0;
   }
   struct sim_exec x;
   ops_exec_init(&x, &in, mask);
   const bool attr = x.op == JADE_ISA_OP_ALD || x.op == JADE_ISA_OP_AST ||
                     x.op == JADE_ISA_OP_ALD_PHYS || x.op == JADE_ISA_OP_AST_PHYS ||
                     x.op == JADE_ISA_OP_AL2P;
   bool mine = attr                      ? sim_exec_attr(&x)
               : x.op == JADE_ISA_OP_S2R ? sim_exec_warp(&x)
                                         : sim_exec_geometry(&x);
   CHECK(mine || sim.status != JADE_SIM_OK, "%s: no family executes it", text);
   return sim.status == JADE_SIM_OK;
}

static void
set(unsigned reg, uint32_t (*f)(unsigned lane))
{
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[reg][lane] = f(lane);
}

static uint32_t
data(unsigned lane)
{
   return 7000 + lane;
}

static uint32_t
reverse3(unsigned lane)
{
   return lane < CP ? CP - 1 - lane : 0;
}

static uint32_t
own(unsigned lane)
{
   return lane;
}

static uint32_t
reverse32(unsigned lane)
{
   return 31 - lane;
}

static uint32_t
three(unsigned lane)
{
   return CP;
}

static uint32_t
forty(unsigned lane)
{
   return 40;
}

static uint32_t
f_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

int
main(void)
{
   ops_init(1);
   for (unsigned w = 0; w < W; w++)
      vertices[w] = 100 + w, vertices[W + w] = 200 + w;
   map[0] = JADE_SIM_VERTEX_HANDLE(1);
   map[1] = JADE_SIM_VERTEX_HANDLE(0);
   for (unsigned t = 0; t < THREADS; t++) {
      info[t] = 0 | 1u << 16;
      iid[t] = t % 32;
      pid[t] = 40 + t / 32;
      prim_type[t] = 5u << 8;
      patch[t] = t / 32;
      coord[t][0] = (float)t / 64;
      coord[t][1] = (float)t / 128;
   }
   tess = (struct jade_sim_tess){
      .evaluation = false,
      .prim_type = prim_type,
      .patch = patch,
      .patch_space = space,
      .patch_store_words = 10,
      .control_points = cps,
      .out_vertices = CP,
   };
   geo = (struct jade_sim_geometry){
      .tess = &tess,
      .vertices = vertices,
      .vertex_count = 2,
      .map = map,
      .map_entries = 1,
      .invocation_info = info,
      .invocation_id = iid,
      .primitive_id = pid,
   };
   gfx = (struct jade_sim_graphics){.threads = THREADS, .geometry = &geo};
   sim.gfx = &gfx;
   sim.grid = &grid;

   /* --- a control launch --- */
   CHECK(run("S2R R1, SR_PRIM_TYPE", 32, ~0u), "S2R PRIM_TYPE: %s", stop_msg);
   CHECK(warp.r[1][3] == 0x500, "SR_PRIM_TYPE 0x%x, want 0x500", warp.r[1][3]);
   /* Inputs as a geometry launch's: warp 1's map entry 0 is vertex 0. */
   warp.r[2][0] = 0;
   CHECK(run("ISBERD R3, [R2]", 32, 1), "ISBERD: %s", stop_msg);
   CHECK(run("ALD R4, a[0x80], R3", 32, 1), "ALD input: %s", stop_msg);
   CHECK(run("ALD R5, a[0x60]", 32, 1), "ALD a[0x60]: %s", stop_msg);
   CHECK(warp.r[4][0] == 100 + 0x20 && warp.r[5][0] == 41,
         "input word %u (want %u), primitive id %u (want 41)", warp.r[4][0], 100 + 0x20,
         warp.r[5][0]);

   /* Lanes 0..2 of patch 1 store a[0x90] on their control points, then
    * read control point 2 - lane's back. */
   set(20, data);
   set(6, own);
   set(7, reverse3);
   CHECK(run("AST a[0x90], R20, R6", 32, 0x7), "AST control point: %s", stop_msg);
   for (unsigned k = 0; k < CP; k++)
      CHECK(cps[(CP + k) * W + 0x24] == 7000 + k && cps[k * W + 0x24] == 0,
            "patch 1 control point %u: a[0x90] = %u (want %u), patch 0's %u", k,
            cps[(CP + k) * W + 0x24], 7000 + k, cps[k * W + 0x24]);
   CHECK(run("ALD.O R24, a[0x90], R7", 32, 0x7), "ALD.O control point: %s", stop_msg);
   for (unsigned lane = 0; lane < CP; lane++)
      CHECK(warp.r[24][lane] == 7000 + CP - 1 - lane, "lane %u: ALD.O read %u, want %u", lane,
            warp.r[24][lane], 7000 + CP - 1 - lane);
   set(8, three);
   CHECK(!run("AST a[0x90], R20, R8", 32, 1) && strstr(stop_msg, "no output control point"),
         "AST one past the patch's control points faults: %s", stop_msg);
   warp.r[9][0] = 0xdead;
   CHECK(run("ALD.O R9, a[0x90], R8", 32, 1), "ALD.O one past the patch: %s", stop_msg);
   CHECK(warp.r[9][0] == 0, "ALD.O one past the patch's control points reads 0: 0x%x",
         warp.r[9][0]);

   /* Indexed per-vertex I/O (AL2P + .PHYS): lane l of patch 1 stores
    * element l % 4 of a vec4 array at 0xa0 (component 1) on its control
    * point, reads control point k = 2 - l's element k % 4 back, and
    * element l % 4 of input vertex 0 (R3: warp 1's map entry); lane 1's
    * index is past the space (its store dropped, its reads 0). */
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      warp.r[32][lane] = lane == 1 ? 16u * 100 : 16 * (lane % 4);
      warp.r[33][lane] = lane == 1 ? 16u * 100 : 16 * ((CP - 1 - lane) % 4);
      warp.r[3][lane] = warp.r[3][0];
   }
   CHECK(run("AL2P.O R34, R32, 0xa4", 32, 0x7), "AL2P.O: %s", stop_msg);
   CHECK(run("AST.PHYS a[R34], R20, R6", 32, 0x7), "AST.PHYS control point: %s", stop_msg);
   CHECK(run("AL2P.O R35, R33, 0xa4", 32, 0x7), "AL2P.O: %s", stop_msg);
   CHECK(run("ALD.O.PHYS R36, a[R35], R7", 32, 0x7), "ALD.O.PHYS control point: %s", stop_msg);
   CHECK(run("AL2P R37, R32, 0xa4", 32, 0x7), "AL2P: %s", stop_msg);
   CHECK(run("ALD.PHYS R38, a[R37], R3", 32, 0x7), "ALD.PHYS input: %s", stop_msg);
   for (unsigned lane = 0; lane < CP; lane++) {
      const unsigned k = CP - 1 - lane; /* the control point read back */
      const unsigned w = 0x29 + 4 * (lane % 4), back = 0x29 + 4 * (k % 4);
      const uint32_t stored = lane == 1 ? 0 : 7000 + lane;
      CHECK(warp.r[34][lane] == 0xa4 + warp.r[32][lane], "lane %u: AL2P.O 0x%x", lane,
            warp.r[34][lane]);
      CHECK(cps[(CP + lane) * W + w] == stored, "lane %u: AST.PHYS a[0x%x] = %u, want %u", lane,
            4 * w, cps[(CP + lane) * W + w], stored);
      /* Control point k holds what lane k stored at its element k % 4. */
      const uint32_t want = lane == 1 ? 0 : 7000 + k;
      CHECK(warp.r[36][lane] == want, "lane %u: ALD.O.PHYS control point %u a[0x%x] = %u, want %u",
            lane, k, 4 * back, warp.r[36][lane], want);
      CHECK(warp.r[38][lane] == (lane == 1 ? 0 : 100 + w), "lane %u: ALD.PHYS input %u, want %u",
            lane, warp.r[38][lane], lane == 1 ? 0 : 100 + w);
   }
   /* A store to a control point past the patch is none GL allows. */
   CHECK(!run("AST.PHYS a[R34], R20, R8", 32, 1) && strstr(stop_msg, "no output control point"),
         "AST.PHYS one past the patch's control points faults: %s", stop_msg);

   /* ISBERD past the warp's map: handle 0, a vertex reading 0 (a control
    * program with more invocations than input vertices reading
    * gl_in[gl_InvocationID]). */
   warp.r[2][0] = 3;
   warp.r[4][0] = 0xdead;
   CHECK(run("ISBERD R3, [R2]", 32, 1), "ISBERD past the map: %s", stop_msg);
   CHECK(run("ALD R4, a[0x80], R3", 32, 1), "ALD of handle 0: %s", stop_msg);
   CHECK(warp.r[3][0] == 0 && warp.r[4][0] == 0, "ISBERD past the map: 0x%x, reads %u",
         warp.r[3][0], warp.r[4][0]);

   /* The patch space: AST.P then ALD.O.P; word 10 is past the header's
    * 10 words; ALD.P without .O is no control program's. */
   CHECK(run("AST.P.64 a[0x20], R20", 32, 0x2), "AST.P: %s", stop_msg);
   CHECK(space[JADE_SIM_PATCH_WORDS + 8] == 7001 && space[JADE_SIM_PATCH_WORDS + 9] == 0 &&
            space[8] == 0,
         "patch 1's words 8, 9: %u %u, patch 0's %u", space[JADE_SIM_PATCH_WORDS + 8],
         space[JADE_SIM_PATCH_WORDS + 9], space[8]);
   CHECK(run("ALD.O.P R10, a[0x20]", 32, ~0u), "ALD.O.P: %s", stop_msg);
   CHECK(warp.r[10][31] == 7001, "ALD.O.P read %u, want 7001", warp.r[10][31]);
   CHECK(!run("AST.P a[0x28], R20", 32, 1) && strstr(stop_msg, "past the header's"),
         "AST.P past PER_PATCH_ATTRIBUTE_COUNT faults: %s", stop_msg);
   /* Indexed, the same store is dropped (an array indexed out of bounds). */
   warp.r[39][0] = 0x8;
   CHECK(run("AST.P a[R39+0x20], R20", 32, 1), "AST.P indexed past the count: %s", stop_msg);
   CHECK(space[JADE_SIM_PATCH_WORDS + 10] == 0, "the dropped AST.P wrote %u",
         space[JADE_SIM_PATCH_WORDS + 10]);
   warp.r[39][0] = 0x4;
   CHECK(run("AST.P a[R39+0x20], R20", 32, 1) && space[JADE_SIM_PATCH_WORDS + 9] == 7000,
         "AST.P indexed: %s, word 9 = %u", stop_msg, space[JADE_SIM_PATCH_WORDS + 9]);
   space[JADE_SIM_PATCH_WORDS + 9] = 0;
   CHECK(!run("ALD.P R10, a[0x20]", 32, 1) && strstr(stop_msg, "no per-patch inputs"),
         "ALD.P without .O in a control launch faults: %s", stop_msg);
   CHECK(!run("OUT.EMIT R11, RZ, RZ", 32, 1) && strstr(stop_msg, "tessellation launch"),
         "OUT in a control launch faults: %s", stop_msg);

   /* --- an evaluation launch --- */
   tess.evaluation = true;
   tess.tess_coord = (const float(*)[2])coord;
   tess.out = out;
   space[8] = 0x88;
   set(30, reverse32);
   CHECK(run("ALD.O.64 R12, a[0x2f0], R30", 32, ~0u), "ALD.O tess coord: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      const unsigned u = 32 + 31 - lane;
      CHECK(warp.r[12][lane] == f_bits((float)u / 64) && warp.r[13][lane] == f_bits((float)u / 128),
            "lane %u: gl_TessCoord of lane %u: 0x%x 0x%x", lane, 31 - lane, warp.r[12][lane],
            warp.r[13][lane]);
   }
   CHECK(run("ALD.P R14, a[0x20]", 0, ~0u), "ALD.P patch 0: %s", stop_msg);
   CHECK(run("ALD.P R15, a[0x20]", 32, ~0u), "ALD.P patch 1: %s", stop_msg);
   CHECK(warp.r[14][5] == 0x88 && warp.r[15][5] == 7001, "ALD.P: patch 0 0x%x, patch 1 %u",
         warp.r[14][5], warp.r[15][5]);
   /* Indexed patch reads: past the 128 words 0 (both sides of a
    * `i < 16 ? a[i] : b[i - 16]` are read); a constant address past them
    * faults. */
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[18][lane] = lane == 6 ? (uint32_t)-0x40 : lane == 7 ? 0x200 : 0;
   CHECK(run("ALD.P R19, a[R18+0x20]", 32, ~0u), "ALD.P indexed: %s", stop_msg);
   CHECK(warp.r[19][5] == 7001 && warp.r[19][6] == 0 && warp.r[19][7] == 0,
         "ALD.P indexed: %u, out of range %u %u", warp.r[19][5], warp.r[19][6], warp.r[19][7]);
   /* The index register is read before the words it is among are
    * written: ALD.P.64 R18, a[R18 + 0x20] reads words 8 and 9. */
   space[JADE_SIM_PATCH_WORDS + 9] = 0x99;
   CHECK(run("ALD.P.64 R18, a[R18+0x20]", 32, ~0u), "ALD.P.64 onto its index: %s", stop_msg);
   CHECK(warp.r[18][5] == 7001 && warp.r[19][5] == 0x99,
         "ALD.P.64 R18, a[R18+0x20]: %u 0x%x, want 7001 0x99", warp.r[18][5], warp.r[19][5]);
   space[JADE_SIM_PATCH_WORDS + 9] = 0;
   CHECK(!run("ALD.P R19, a[0x200]", 32, 1) && strstr(stop_msg, "out of range"),
         "ALD.P at a constant address past the patch space faults: %s", stop_msg);
   /* Indexed control points: ALD.PHYS on an ISBERD handle (patch 1's
    * control point 0 is vertex 1 of the table here). */
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      warp.r[40][lane] = JADE_SIM_VERTEX_HANDLE(1);
      warp.r[41][lane] = lane == 8 ? 0x1000 : 0x80 + 4 * lane;
   }
   CHECK(run("ALD.PHYS R42, a[R41], R40", 32, ~0u), "ALD.PHYS control point: %s", stop_msg);
   CHECK(warp.r[42][3] == 200 + 0x23 && warp.r[42][8] == 0, "ALD.PHYS: %u, out of range %u",
         warp.r[42][3], warp.r[42][8]);
   /* The outputs by AST.PHYS. */
   CHECK(run("AST.PHYS a[R41], R20", 32, ~0u), "AST.PHYS output: %s", stop_msg);
   CHECK(out[(32 + 3) * W + 0x23] == 7003, "thread 35's output a[0x8c] = %u",
         out[(32 + 3) * W + 0x23]);
   CHECK(run("AST a[0x90], R20", 32, ~0u), "AST output: %s", stop_msg);
   CHECK(out[(32 + 4) * W + 0x24] == 7004, "thread 36's output a[0x90] = %u",
         out[(32 + 4) * W + 0x24]);
   CHECK(run("ALD.O R16, a[0x90], R30", 32, ~0u), "ALD.O output: %s", stop_msg);
   CHECK(warp.r[16][4] == 7027, "lane 4: ALD.O of lane 27's output: %u", warp.r[16][4]);
   set(31, forty);
   CHECK(!run("ALD.O R17, a[0x2f0], R31", 32, 1) && strstr(stop_msg, "holds no domain point"),
         "ALD.O of a lane past the warp faults: %s", stop_msg);
   CHECK(!run("AST.P a[0x20], R20", 32, 1) && strstr(stop_msg, "per-patch words are inputs"),
         "AST.P in an evaluation launch faults: %s", stop_msg);
   CHECK(!run("ALD.O.P R17, a[0x20]", 32, 1) && strstr(stop_msg, "per-patch words are inputs"),
         "ALD.O.P in an evaluation launch faults: %s", stop_msg);

   /* SR_PRIM_TYPE in a geometry launch: not the model's. */
   geo.tess = NULL;
   CHECK(!run("S2R R1, SR_PRIM_TYPE", 32, 1) && sim.status == JADE_SIM_UNSUPPORTED,
         "SR_PRIM_TYPE outside a tessellation launch is unsupported: %s", stop_msg);

   if (!failures)
      printf("tessellation I/O: ok\n");
   return failures ? 1 : 0;
}
