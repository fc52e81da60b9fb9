/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The geometry-shader I/O of the functional model (sim_exec_geometry.c,
 * jade_sim.h struct jade_sim_geometry) one instruction at a time, on the
 * per-opcode harness's warp: SR_INVOCATION_INFO / SR_INVOCATION_ID,
 * ISBERD (the warp's input map, a second warp's part of it, an index past
 * it: handle 0), ALD of input vertices by handle (a[0x60] the primitive
 * id whatever the handle; handle 0 reads 0; a handle that names no vertex
 * faults), AL2P and ALD.PHYS on input vertices, AST.PHYS / ALD.O.PHYS on
 * the output vertex and a vertex launch's (out of range: 0, dropped; off
 * a word: a fault), AST and ALD.O on the
 * current output vertex (another handle faults), OUT.EMIT / OUT.CUT /
 * OUT.EMIT_THEN_CUT (the record of streams and restarts, the returned
 * handles, the next vertex zeroed, a vertex past max_vertices dropped, a
 * stream past 3), OUT.FINAL (and an OUT after it), and the ops outside a
 * geometry launch.  Every expected value is written out here from the
 * rules in jade_sim.h.  Also: the ISA description gives ISBERD, OUT,
 * OUT.FINAL variable latency, as ALD, so the dependency checker wants a
 * scoreboard for them.
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

#define VERTICES 3
#define MAX_OUT  2
#define THREADS  64

static uint32_t vertices[VERTICES * JADE_SIM_ATTR_WORDS];
static uint32_t map[2 * 4];
static uint32_t info[THREADS], iid[THREADS], pid[THREADS];
static uint32_t out[THREADS * MAX_OUT * JADE_SIM_ATTR_WORDS];
static uint8_t emitted[THREADS * MAX_OUT];
static uint32_t handle[THREADS];
static uint8_t cut[THREADS], final[THREADS];
static struct jade_sim_geometry geo;
static struct jade_sim_graphics gfx;
static struct jade_sim_grid grid = {.grid = {1, 1, 1}, .block = {THREADS, 1, 1}};

/* Runs `text` on all 32 lanes of the harness's warp, which holds threads
 * base .. base + 31; false if it stopped (stop_msg says why). */
static bool
run(const char *text, unsigned base, struct jade_isa_instr *patched)
{
   struct jade_isa_instr in;
   if (!patched && !ops_assemble(text, &in)) {
      failures++;
      return false;
   }
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      warp.tid[lane][0] = base + lane;
      warp.tid[lane][1] = warp.tid[lane][2] = 0;
   }
   struct sim_exec x;
   ops_exec_init(&x, patched ? patched : &in, ~0u);
   const bool attr = x.op == JADE_ISA_OP_ALD || x.op == JADE_ISA_OP_AST ||
                     x.op == JADE_ISA_OP_ALD_PHYS || x.op == JADE_ISA_OP_AST_PHYS ||
                     x.op == JADE_ISA_OP_AL2P;
   bool mine = attr                      ? sim_exec_attr(&x)
               : x.op == JADE_ISA_OP_S2R ? sim_exec_warp(&x)
                                         : sim_exec_geometry(&x);
   /* (sim_exec_attr answers false after a stop, as the core allows.) */
   CHECK(mine || sim.status != JADE_SIM_OK, "%s: no family executes it", text);
   return sim.status == JADE_SIM_OK;
}

static void
reset(void)
{
   memset(out, 0xee, sizeof(out)); /* not yet zeroed: OUT must do it */
   memset(emitted, 0, sizeof(emitted));
   memset(handle, 0, sizeof(handle));
   memset(cut, 0, sizeof(cut));
   memset(final, 0, sizeof(final));
   for (unsigned t = 0; t < THREADS; t++)
      memset(out + (size_t)t * MAX_OUT * JADE_SIM_ATTR_WORDS, 0, JADE_SIM_ATTR_WORDS * 4);
}

static uint32_t *
out_vertex(unsigned t, unsigned k)
{
   return out + ((size_t)t * MAX_OUT + k) * JADE_SIM_ATTR_WORDS;
}

int
main(void)
{
   ops_init(1);
   /* Vertex i's word w = 1000 i + w; a primitive of two vertices per slot:
    * warp 0's map entries {v0, v1, v2, v0}, warp 1's {v2, v1, v0, v2}. */
   for (unsigned i = 0; i < VERTICES; i++)
      for (unsigned w = 0; w < JADE_SIM_ATTR_WORDS; w++)
         vertices[i * JADE_SIM_ATTR_WORDS + w] = 1000 * i + w;
   static const unsigned which[8] = {0, 1, 2, 0, 2, 1, 0, 2};
   for (unsigned e = 0; e < 8; e++)
      map[e] = JADE_SIM_VERTEX_HANDLE(which[e]);
   for (unsigned t = 0; t < THREADS; t++) {
      info[t] = (t % 2) | 2u << 16;
      iid[t] = t / 2 % 3;
      pid[t] = 500 + t;
   }
   geo = (struct jade_sim_geometry){
      .vertices = vertices,
      .vertex_count = VERTICES,
      .map = map,
      .map_entries = 4,
      .invocation_info = info,
      .invocation_id = iid,
      .primitive_id = pid,
      .max_vertices = MAX_OUT,
      .out = out,
      .emitted = emitted,
      .handle = handle,
      .cut = cut,
      .final = final,
   };
   gfx = (struct jade_sim_graphics){.threads = THREADS, .geometry = &geo};
   sim.gfx = &gfx;
   sim.grid = &grid;
   reset();

   /* System registers. */
   CHECK(run("S2R R1, SR_INVOCATION_INFO", 32, NULL), "S2R INFO: %s", stop_msg);
   CHECK(run("S2R R2, SR_INVOCATION_ID", 32, NULL), "S2R ID: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      const unsigned t = 32 + lane;
      CHECK(warp.r[1][lane] == ((t & 1) | 0x20000) && warp.r[2][lane] == t / 2 % 3,
            "lane %u: info 0x%x id %u", lane, warp.r[1][lane], warp.r[2][lane]);
   }

   /* ISBERD: entry R1 of the warp's map; warp 1 (threads 32..63) reads
    * entries 4..7. */
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[1][lane] = lane % 4;
   CHECK(run("ISBERD R3, [R1]", 0, NULL), "ISBERD: %s", stop_msg);
   CHECK(run("ISBERD R4, [R1]", 32, NULL), "ISBERD warp 1: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      CHECK(warp.r[3][lane] == (which[lane % 4] + 1) * 1024u &&
               warp.r[4][lane] == (which[4 + lane % 4] + 1) * 1024u,
            "lane %u: handles 0x%x 0x%x", lane, warp.r[3][lane], warp.r[4][lane]);
   }
   /* Past the map: handle 0, whose words read 0 (gl_in[i] past the
    * input's vertices: undefined in GL, no fault). */
   warp.r[1][5] = 4;
   CHECK(run("ISBERD R3, [R1]", 0, NULL), "ISBERD past the map: %s", stop_msg);
   CHECK(warp.r[3][5] == 0 && warp.r[3][4] == (which[0] + 1) * 1024u,
         "an index past the map gives handle 0: 0x%x (lane 4 0x%x)", warp.r[3][5], warp.r[3][4]);

   /* ALD by handle: words 0x80..0x8c of vertex which[lane % 4]; a[0x60]
    * the thread's primitive id, with the handle or RZ. */
   CHECK(run("ALD.128 R8, a[0x80], R4", 32, NULL), "ALD.128: %s", stop_msg);
   CHECK(run("ALD R12, a[0x60], R4", 32, NULL), "ALD a[0x60]: %s", stop_msg);
   CHECK(run("ALD R13, a[0x60]", 0, NULL), "ALD a[0x60] without a vertex: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      const unsigned v = which[4 + lane % 4];
      for (unsigned c = 0; c < 4; c++)
         CHECK(warp.r[8 + c][lane] == 1000 * v + 0x20 + c, "lane %u: word %u = %u", lane, 0x20 + c,
               warp.r[8 + c][lane]);
      CHECK(warp.r[12][lane] == 532 + lane && warp.r[13][lane] == 500 + lane,
            "lane %u: primitive ids %u %u", lane, warp.r[12][lane], warp.r[13][lane]);
   }
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[5][lane] = JADE_SIM_VERTEX_HANDLE(VERTICES);
   CHECK(!run("ALD R6, a[0x80], R5", 0, NULL) && strstr(stop_msg, "no input vertex handle"),
         "a handle past the table faults: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[6][lane] = 0xdead;
   CHECK(run("ALD R6, a[0x80]", 0, NULL), "ALD on handle 0: %s", stop_msg);
   CHECK(warp.r[6][7] == 0, "handle 0 (RZ) names the empty slot, whose words read 0: 0x%x",
         warp.r[6][7]);
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[5][lane] = JADE_SIM_VERTEX_HANDLE(0) + 4;
   CHECK(!run("ALD R6, a[0x80], R5", 0, NULL) && strstr(stop_msg, "no input vertex handle"),
         "a handle off a vertex faults: %s", stop_msg);

   /* Indexed inputs: AL2P makes a[R40 + 0x80] (the model's physical
    * address: the byte address), ALD.PHYS reads it on the vertex; lane l
    * indexes element l % 6 of a vec4 array at 0x80 (elements 4, 5 and
    * lanes with R40 = -16 are out of the 1 KiB space only for lanes whose
    * index is past it: a[0x80 + 16 * 60]); out of range reads 0. */
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[40][lane] = lane == 9 ? 16u * 60 : lane == 10 ? (uint32_t)-0x90 : 16 * (lane % 6);
   CHECK(run("AL2P R41, R40, 0x84", 32, NULL), "AL2P: %s", stop_msg);
   CHECK(run("AL2P.O R42, R40, 0x84", 32, NULL), "AL2P.O: %s", stop_msg);
   CHECK(run("ALD.PHYS R43, a[R41], R4", 32, NULL), "ALD.PHYS: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      const unsigned v = which[4 + lane % 4];
      const uint32_t want_addr = 0x84 + warp.r[40][lane];
      const uint32_t want = lane == 9 || lane == 10 ? 0 : 1000 * v + 0x21 + 4 * (lane % 6);
      CHECK(warp.r[41][lane] == want_addr && warp.r[42][lane] == want_addr,
            "lane %u: AL2P 0x%x, AL2P.O 0x%x, want 0x%x", lane, warp.r[41][lane], warp.r[42][lane],
            want_addr);
      CHECK(warp.r[43][lane] == want, "lane %u: ALD.PHYS read %u, want %u", lane, warp.r[43][lane],
            want);
   }
   CHECK(run("AL2P R44, RZ, 0x3fc", 0, NULL) && warp.r[44][3] == 0x3fc, "AL2P RZ: %s 0x%x",
         stop_msg, warp.r[44][3]);
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[45][lane] = 0x82;
   CHECK(!run("ALD.PHYS R46, a[R45], R4", 32, NULL) && strstr(stop_msg, "word-aligned"),
         "ALD.PHYS off a word faults: %s", stop_msg);
   /* A register-indexed ALD reads 0 out of range, too. */
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[45][lane] = lane == 2 ? 0x400 : 0;
   CHECK(run("ALD R46, a[R45+0x80], R4", 32, NULL), "ALD indexed: %s", stop_msg);
   CHECK(warp.r[46][2] == 0 && warp.r[46][1] == 1000 * which[5] + 0x20,
         "ALD a[R+0x80] out of range reads 0: %u, in range %u", warp.r[46][2], warp.r[46][1]);

   /* AST and ALD.O on the current output vertex (handle 0 = RZ). */
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      warp.r[20][lane] = 7000 + lane;
      warp.r[21][lane] = 8000 + lane;
      warp.r[22][lane] = lane % 4 == 3 ? 1 : 0; /* streams */
   }
   CHECK(run("AST.64 a[0x90], R20", 0, NULL), "AST: %s", stop_msg);
   CHECK(run("ALD.O R24, a[0x94]", 0, NULL), "ALD.O: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      CHECK(out_vertex(lane, 0)[0x24] == 7000 + lane && out_vertex(lane, 0)[0x25] == 8000 + lane &&
               warp.r[24][lane] == 8000 + lane,
            "lane %u: output words %u %u, read back %u", lane, out_vertex(lane, 0)[0x24],
            out_vertex(lane, 0)[0x25], warp.r[24][lane]);
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[23][lane] = 1;
   CHECK(!run("AST a[0x90], R20, R23", 0, NULL) && strstr(stop_msg, "not geometry thread"),
         "AST to a handle that is not the current one faults: %s", stop_msg);
   /* AST.PHYS / ALD.O.PHYS on the current output vertex: lane l writes
    * a[0xa0 + 4 (l % 4)]; lane 9's address is past the space (dropped). */
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[47][lane] = lane == 9 ? 0x400 : 0xa0 + 4 * (lane % 4);
   CHECK(run("AST.PHYS a[R47], R20", 0, NULL), "AST.PHYS: %s", stop_msg);
   CHECK(run("ALD.O.PHYS R48, a[R47]", 0, NULL), "ALD.O.PHYS: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      const uint32_t want = lane == 9 ? 0 : 7000 + lane;
      CHECK((lane == 9 || out_vertex(lane, 0)[0x28 + lane % 4] == want) && warp.r[48][lane] == want,
            "lane %u: AST.PHYS wrote %u, ALD.O.PHYS read %u, want %u", lane,
            out_vertex(lane, 0)[0x28 + lane % 4], warp.r[48][lane], want);
   }
   CHECK(out_vertex(9, 0)[0x28 + 1] == 0, "lane 9's dropped store wrote nowhere: %u",
         out_vertex(9, 0)[0x29]);

   /* OUT.EMIT on stream R22: records the vertex, returns handle 1, zeroes
    * vertex 1.  Then OUT.CUT (stream 0), OUT.EMIT: the vertex restarts on
    * stream 0 only; the third vertex (handle 2 = max_vertices) is
    * dropped; OUT.EMIT_THEN_CUT leaves stream 1 cut. */
   CHECK(run("OUT.EMIT R30, RZ, R22", 0, NULL), "OUT.EMIT: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      CHECK(warp.r[30][lane] == 1 && handle[lane] == 1 &&
               emitted[lane * MAX_OUT] == (lane % 4 == 3) && out_vertex(lane, 1)[0x24] == 0 &&
               out_vertex(lane, 1)[0] == 0,
            "lane %u: handle %u/%u, record 0x%x, vertex 1 word 0x24 0x%x", lane, warp.r[30][lane],
            handle[lane], emitted[lane * MAX_OUT], out_vertex(lane, 1)[0x24]);
   CHECK(run("OUT.CUT R31, R30, RZ", 0, NULL), "OUT.CUT: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      CHECK(warp.r[31][lane] == 1 && cut[lane] == 1, "lane %u: cut returns %u, cut 0x%x", lane,
            warp.r[31][lane], cut[lane]);
   CHECK(run("OUT.EMIT R32, R31, R22", 0, NULL), "OUT.EMIT 2: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      /* Stream 0 was cut: lanes emitting on 0 restart; stream 1's lanes
       * keep the cut of stream 0 pending. */
      const uint8_t want = lane % 4 == 3 ? 1 : JADE_SIM_EMIT_RESTART;
      CHECK(warp.r[32][lane] == 2 && emitted[lane * MAX_OUT + 1] == want &&
               cut[lane] == (lane % 4 == 3 ? 1 : 0),
            "lane %u: second vertex 0x%x (want 0x%x), cut 0x%x", lane, emitted[lane * MAX_OUT + 1],
            want, cut[lane]);
   }
   CHECK(run("AST a[0x90], R20, R32", 0, NULL), "AST past max_vertices: %s", stop_msg);
   CHECK(run("ALD.O R33, a[0x90], R32", 0, NULL), "ALD.O past max_vertices: %s", stop_msg);
   CHECK(run("OUT.EMIT_THEN_CUT R34, R32, R22", 0, NULL), "OUT.EMIT_THEN_CUT: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      const uint8_t s = lane % 4 == 3 ? 1 : 0;
      /* The dropped AST wrote nowhere: the next thread's vertex 0 keeps
       * what the first AST wrote. */
      CHECK(warp.r[33][lane] == 0 && warp.r[34][lane] == 3 && handle[lane] == 3 &&
               cut[lane] == (s ? 3 : 1) &&
               (lane == 31 || out_vertex(lane + 1, 0)[0x24] == 7001 + lane),
            "lane %u: dropped vertex read %u, handle %u, cut 0x%x", lane, warp.r[33][lane],
            warp.r[34][lane], cut[lane]);
   }
   /* A cut of stream 2 (the text shows RZ only: the field set by hand). */
   struct jade_isa_instr cut2;
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[22][lane] = 2;
   if (ops_assemble("OUT.CUT R35, R34, RZ", &cut2)) {
      cut2.field[JADE_ISA_F_B] = 22;
      CHECK(run("OUT.CUT R35, R34, R22", 0, &cut2), "OUT.CUT stream R22: %s", stop_msg);
      for (unsigned lane = 0; lane < SIM_LANES; lane++)
         CHECK(warp.r[35][lane] == 3 && (cut[lane] & 4), "lane %u: stream 2 cut: 0x%x", lane,
               cut[lane]);
   }
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[22][lane] = 4;
   CHECK(!run("OUT.EMIT R36, R34, R22", 0, NULL) && strstr(stop_msg, "stream 4"),
         "stream 4 faults: %s", stop_msg);
   CHECK(!run("OUT.EMIT R36, RZ, RZ", 0, NULL) && strstr(stop_msg, "not geometry thread"),
         "OUT on a stale handle faults: %s", stop_msg);

   /* OUT.FINAL, then no more OUT. */
   CHECK(run("OUT.FINAL R34", 0, NULL), "OUT.FINAL: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      CHECK(final[lane] == 1 && final[32 + lane] == 0, "lane %u: final %u", lane, final[lane]);
   CHECK(!run("OUT.EMIT R36, R34, RZ", 0, NULL) && strstr(stop_msg, "after OUT.FINAL"),
         "OUT after OUT.FINAL faults: %s", stop_msg);

   /* Outside a geometry launch. */
   gfx.geometry = NULL;
   CHECK(!run("ISBERD R3, [R1]", 0, NULL) && sim.status == JADE_SIM_UNSUPPORTED,
         "ISBERD outside a geometry launch: %s", stop_msg);
   CHECK(!run("OUT.FINAL RZ", 0, NULL) && sim.status == JADE_SIM_UNSUPPORTED,
         "OUT.FINAL outside a geometry launch: %s", stop_msg);
   CHECK(!run("S2R R1, SR_INVOCATION_ID", 0, NULL), "SR_INVOCATION_ID outside: %s", stop_msg);

   /* A vertex launch's indexed I/O: ALD.PHYS on the thread's inputs,
    * AST.PHYS / ALD.O.PHYS on its outputs, out of range 0 / dropped. */
   static uint32_t vin[THREADS * JADE_SIM_ATTR_WORDS], vout[THREADS * JADE_SIM_ATTR_WORDS];
   for (unsigned i = 0; i < THREADS * JADE_SIM_ATTR_WORDS; i++)
      vin[i] = 3 * i;
   gfx.in = vin;
   gfx.out = vout;
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      warp.r[50][lane] = lane == 3 ? (uint32_t)-16 : 0x80 + 16 * (lane % 8);
   CHECK(run("ALD.PHYS R51, a[R50]", 32, NULL), "vertex ALD.PHYS: %s", stop_msg);
   CHECK(run("AST.PHYS a[R50], R20", 32, NULL), "vertex AST.PHYS: %s", stop_msg);
   CHECK(run("ALD.O.PHYS R52, a[R50]", 32, NULL), "vertex ALD.O.PHYS: %s", stop_msg);
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      const unsigned t = 32 + lane, w = 0x20 + 4 * (lane % 8);
      const uint32_t in_want = lane == 3 ? 0 : 3 * (t * JADE_SIM_ATTR_WORDS + w);
      const uint32_t out_want = lane == 3 ? 0 : 7000 + lane;
      CHECK(warp.r[51][lane] == in_want && warp.r[52][lane] == out_want &&
               (lane == 3 || vout[t * JADE_SIM_ATTR_WORDS + w] == out_want),
            "lane %u: vertex ALD.PHYS %u (want %u), ALD.O.PHYS %u (want %u)", lane,
            warp.r[51][lane], in_want, warp.r[52][lane], out_want);
   }

   static const enum jade_isa_op variable[] = {
      JADE_ISA_OP_ISBERD,   JADE_ISA_OP_OUT,      JADE_ISA_OP_OUT_FINAL, JADE_ISA_OP_ALD,
      JADE_ISA_OP_ALD_PHYS, JADE_ISA_OP_AST_PHYS, JADE_ISA_OP_AL2P,
   };
   for (unsigned i = 0; i < sizeof(variable) / sizeof(variable[0]); i++)
      CHECK(jade_isa_op_info[variable[i]].latency == JADE_ISA_LATENCY_VARIABLE,
            "%s is variable-latency", jade_isa_op_info[variable[i]].name);

   printf("sim geometry ops: %d failures\n", failures);
   return failures ? 1 : 0;
}
