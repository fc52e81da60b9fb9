/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Geometry-shader I/O (jade_sim.h, struct jade_sim_geometry): ISBERD,
 * OUT, OUT.FINAL, the ALD/AST of a geometry launch and the system
 * registers SR_INVOCATION_ID / SR_INVOCATION_INFO.  How the compilers
 * use them, which is all the model goes by:
 * - inputs: NAK nak_nir_lower_vtg_io.c (the `vtx != NULL && !is_output`
 *   branch) and codegen nv50_ir_lowering_gm107.cpp
 *   GM107LoweringPass::handlePFETCH read SR_INVOCATION_INFO, take byte 0
 *   (the primitive's slot in the warp) times byte 2 (vertices a
 *   primitive) plus the vertex number, and give that to ISBERD, whose
 *   result is ALD's vertex operand;
 * - gl_PrimitiveIDIn: ALD a[0x60] with a vertex of 0 (NAK nak_nir.c
 *   nak_nir_lower_system_value_intrin, NAK_ATTR_PRIMITIVE_ID);
 * - outputs: NAK nak_nir_lower_gs_intrinsics.c starts a handle at 0,
 *   writes every output with AST on it, and replaces it by what each
 *   OUT.EMIT / OUT.CUT returns (from_nir.rs OpOut, with the stream id
 *   for both), OUT.FINAL on the last handle before the end; codegen
 *   nv50_ir_emit_gv100.cpp emitOUT gives the mode bits (78:2: 1 emit,
 *   2 cut, 3 both, 0 final).
 * The handles' encoding is the model's (jade_sim.h).  ISBERD, OUT and
 * ALD are variable-latency ops of the ISA description: the dependency
 * checker wants a scoreboard for their results as for any load.
 */

#include "jade_attr.h"
#include "sim_private.h"

#define PRIMITIVE_ID_WORD JADE_ATTR_WORD(JADE_ATTR_PRIMITIVE_ID)
#define STREAMS           4

_Static_assert(JADE_SIM_PATCH_WORDS == JADE_ATTR_PATCH_WORDS, "the patch space of jade_attr.h");

static const struct jade_sim_geometry *
geometry(const struct sim_exec *x)
{
   return x->sim->gfx ? x->sim->gfx->geometry : NULL;
}

/* The lane's thread, checked against the launch's slots. */
static bool
geometry_thread(struct sim_exec *x, unsigned lane, uint32_t *t)
{
   *t = sim_thread_index(x, lane);
   if (*t < x->sim->gfx->threads)
      return true;
   return sim_stop(x, JADE_SIM_FAULT, "geometry thread %u has no slot (%u threads)", *t,
                   x->sim->gfx->threads);
}

bool
sim_geometry_sreg(struct sim_exec *x, unsigned sr, unsigned lane, uint32_t *v)
{
   const struct jade_sim_geometry *gs = geometry(x);
   uint32_t t;
   if (!gs || (sr == JADE_ISA_SR_PRIM_TYPE && !gs->tess) || !geometry_thread(x, lane, &t))
      return false;
   switch (sr) {
   case JADE_ISA_SR_INVOCATION_ID:
      *v = gs->invocation_id[t];
      return true;
   case JADE_ISA_SR_PRIM_TYPE:
      *v = gs->tess->prim_type[t];
      return true;
   default:
      *v = gs->invocation_info[t];
      return true;
   }
}

/* The input vertex of a handle, or NULL after a fault.  Handle 0, the
 * table's first slot, holds no vertex: its words read 0 (what ISBERD
 * returns past the warp's map). */
static const uint32_t *
input_vertex(struct sim_exec *x, uint32_t handle)
{
   static const uint32_t none[JADE_SIM_ATTR_WORDS];
   const struct jade_sim_geometry *gs = geometry(x);
   const uint32_t slot = JADE_SIM_VERTEX_HANDLE(0);
   if (handle == 0)
      return none;
   if (handle >= slot && handle % slot == 0 && handle / slot - 1 < gs->vertex_count)
      return gs->vertices + (size_t)(handle / slot - 1) * JADE_SIM_ATTR_WORDS;
   sim_stop(x, JADE_SIM_FAULT,
            "ALD: 0x%x is no input vertex handle (%u vertices; "
            "handles come from ISBERD)",
            handle, gs->vertex_count);
   return NULL;
}

/* The thread's output vertex of a handle: NULL past max_vertices (the
 * vertex is dropped) or after a fault (*ok false). */
static uint32_t *
output_vertex(struct sim_exec *x, uint32_t t, uint32_t handle, const char *op, bool *ok)
{
   const struct jade_sim_geometry *gs = geometry(x);
   *ok = true;
   if (gs->final[t]) {
      *ok = sim_stop(x, JADE_SIM_FAULT, "%s after OUT.FINAL (geometry thread %u)", op, t);
      return NULL;
   }
   if (handle != gs->handle[t]) {
      *ok = sim_stop(x, JADE_SIM_FAULT,
                     "%s: 0x%x is not geometry thread %u's output "
                     "vertex handle 0x%x (what its last OUT returned)",
                     op, handle, t, gs->handle[t]);
      return NULL;
   }
   if (handle >= gs->max_vertices)
      return NULL;
   return gs->out + ((size_t)t * gs->max_vertices + handle) * JADE_SIM_ATTR_WORDS;
}

/* A tessellation launch's ALD and AST (jade_sim.h struct jade_sim_tess). */
static bool
tess_ald_ast(struct sim_exec *x, bool store)
{
   const struct jade_sim_geometry *gs = geometry(x);
   const struct jade_sim_tess *ts = gs->tess;
   const char *stage = ts->evaluation ? "tessellation evaluation" : "tessellation control";
   const unsigned n = (unsigned)sim_field(x, JADE_ISA_F_COMPS) + 1;
   const unsigned reg = (unsigned)sim_field(x, store ? JADE_ISA_F_DATA : JADE_ISA_F_DST);
   const unsigned vtx = (unsigned)sim_field(x, JADE_ISA_F_VTX);
   const bool patch = sim_field(x, JADE_ISA_F_PATCH);
   const bool out = !store && sim_field(x, JADE_ISA_F_OUT);
   const char *op = sim_attr_op_name(x);
   if (patch && (ts->evaluation ? store || out : !store && !out))
      return sim_stop(x, JADE_SIM_FAULT, "%s in a %s launch (%s)", op, stage,
                      ts->evaluation ? "its per-patch words are inputs"
                                     : "a control program has no per-patch inputs");
   sim_foreach_lane (x, lane) {
      uint32_t t;
      if (!geometry_thread(x, lane, &t))
         return false;
      const uint32_t r = sim_gpr(x, vtx, lane);
      uint32_t *space = NULL;
      const uint32_t *in = NULL;
      if (patch) {
         space = ts->patch_space + (size_t)ts->patch[t] * JADE_SIM_PATCH_WORDS;
      } else if (!ts->evaluation && (store || out)) {
         /* A control point of the thread's patch, by its invocation's lane
          * (a patch a warp, from lane 0).  A program may read any
          * gl_out[i], i out of bounds too (undefined values: ALD.O of a
          * lane past the patch reads 0), but writes only its own
          * (gl_out[gl_InvocationID], GLSL 4.60 section 4.3.6: a compile
          * error otherwise), so an AST past the patch is a fault. */
         static uint32_t none[JADE_SIM_ATTR_WORDS];
         if (r >= ts->out_vertices && store)
            return sim_stop(x, JADE_SIM_FAULT,
                            "%s: vertex %u is no output control point of the thread's patch "
                            "(%u; tessellation control thread %u)",
                            op, r, ts->out_vertices, t);
         if (r >= ts->out_vertices)
            space = none;
         else
            space = ts->control_points +
                    ((size_t)ts->patch[t] * ts->out_vertices + r) * JADE_SIM_ATTR_WORDS;
      } else if (ts->evaluation && store) {
         space = ts->out + (size_t)t * JADE_SIM_ATTR_WORDS;
      }
      /* The address register is read once, before the words are
       * written (it may be one of them). */
      const uint64_t addr = sim_attr_addr(x, lane, JADE_ISA_F_ADDR);
      for (unsigned k = 0; k < n; k++) {
         int w = sim_attr_word(x, addr, k, patch ? JADE_SIM_PATCH_WORDS : JADE_SIM_ATTR_WORDS, op);
         if (w == SIM_ATTR_STOPPED)
            return false;
         if (store) {
            /* An indexed store past the header's words is dropped as
             * one past the space (sim_attr_word). */
            if (w >= 0 && patch && (uint32_t)w >= ts->patch_store_words &&
                sim_field(x, JADE_ISA_F_OREG) == JADE_HW_RZ)
               return sim_stop(x, JADE_SIM_FAULT,
                               "AST.P a[0x%x]: past the header's %u per-patch words", 4 * w,
                               ts->patch_store_words);
            if (w >= 0 && (!patch || (uint32_t)w < ts->patch_store_words))
               space[w] = sim_gpr(x, reg + k, lane);
         } else if (w < 0) {
            sim_set_gpr(x, reg + k, lane, 0);
         } else if (space) {
            sim_set_gpr(x, reg + k, lane, space[w]);
         } else if (out) {
            /* Evaluation: the domain point or the outputs of lane r. */
            const uint32_t u = (t / SIM_LANES) * SIM_LANES + r;
            if (r >= SIM_LANES || u >= x->sim->gfx->threads || (gs->idle && gs->idle[u]))
               return sim_stop(x, JADE_SIM_FAULT,
                               "ALD.O: lane %u holds no domain point (tessellation evaluation "
                               "thread %u)",
                               r, t);
            uint32_t v;
            if (w == JADE_ATTR_WORD(JADE_ATTR_TESS_COORD_U) ||
                w == JADE_ATTR_WORD(JADE_ATTR_TESS_COORD_V))
               memcpy(&v, &ts->tess_coord[u][w - JADE_ATTR_WORD(JADE_ATTR_TESS_COORD_U)], 4);
            else
               v = ts->out[(size_t)u * JADE_SIM_ATTR_WORDS + w];
            sim_set_gpr(x, reg + k, lane, v);
         } else if (w == PRIMITIVE_ID_WORD) {
            sim_set_gpr(x, reg + k, lane, gs->primitive_id[t]);
         } else {
            if (!in && !(in = input_vertex(x, r)))
               return false;
            sim_set_gpr(x, reg + k, lane, in[w]);
         }
      }
   }
   return true;
}

bool
sim_geometry_ald_ast(struct sim_exec *x, bool store)
{
   const struct jade_sim_geometry *gs = geometry(x);
   if (gs->tess)
      return tess_ald_ast(x, store);
   const char *op = sim_attr_op_name(x);
   unsigned n = (unsigned)sim_field(x, JADE_ISA_F_COMPS) + 1;
   unsigned reg = (unsigned)sim_field(x, store ? JADE_ISA_F_DATA : JADE_ISA_F_DST);
   unsigned vtx = (unsigned)sim_field(x, JADE_ISA_F_VTX);
   bool out = store || sim_field(x, JADE_ISA_F_OUT);
   if (sim_field(x, JADE_ISA_F_PATCH))
      return sim_stop(x, JADE_SIM_UNSUPPORTED, "patch attributes (.P) are not modelled");
   sim_foreach_lane (x, lane) {
      uint32_t t;
      if (!geometry_thread(x, lane, &t))
         return false;
      const uint32_t handle = sim_gpr(x, vtx, lane);
      const uint32_t *in = NULL;
      uint32_t *o = NULL;
      bool ok = true;
      if (out)
         o = output_vertex(x, t, handle, op, &ok);
      if (!ok)
         return false;
      const uint64_t addr = sim_attr_addr(x, lane, JADE_ISA_F_ADDR);
      for (unsigned k = 0; k < n; k++) {
         int w = sim_attr_word(x, addr, k, JADE_SIM_ATTR_WORDS, op);
         if (w == SIM_ATTR_STOPPED)
            return false;
         if (store) {
            uint32_t v = sim_gpr(x, reg + k, lane);
            if (o && w >= 0)
               o[w] = v;
         } else if (w < 0) {
            sim_set_gpr(x, reg + k, lane, 0);
         } else if (out) {
            sim_set_gpr(x, reg + k, lane, o ? o[w] : 0);
         } else if (w == PRIMITIVE_ID_WORD) {
            sim_set_gpr(x, reg + k, lane, gs->primitive_id[t]);
         } else {
            if (!in && !(in = input_vertex(x, handle)))
               return false;
            sim_set_gpr(x, reg + k, lane, in[w]);
         }
      }
   }
   return true;
}

static bool
exec_isberd(struct sim_exec *x)
{
   const struct jade_sim_geometry *gs = geometry(x);
   if (!gs)
      return sim_unsupported(x, "outside a geometry launch");
   const unsigned dst = (unsigned)sim_field(x, JADE_ISA_F_DST);
   const unsigned addr = (unsigned)sim_field(x, JADE_ISA_F_ADDR);
   sim_foreach_lane (x, lane) {
      uint32_t t;
      if (!geometry_thread(x, lane, &t))
         return false;
      /* Past the warp's map: handle 0, a vertex whose words read 0 (a
       * control program reading gl_in[i] for i past gl_PatchVerticesIn,
       * which GL leaves undefined and NAK and codegen do not guard;
       * docs/gpu-model.md, "Indexed attributes"). */
      const uint32_t i = sim_gpr(x, addr, lane);
      sim_set_gpr(x, dst, lane,
                  i < gs->map_entries ? gs->map[(size_t)(t / SIM_LANES) * gs->map_entries + i] : 0);
   }
   return true;
}

/* One thread's OUT of `mode` (1 emit, 2 cut, 3 both) on stream s; the
 * handle it returns. */
static uint32_t
out_one(const struct jade_sim_geometry *gs, uint32_t t, unsigned mode, unsigned s)
{
   const uint32_t k = gs->handle[t];
   if (mode & 1) {
      if (k < gs->max_vertices) {
         gs->emitted[(size_t)t * gs->max_vertices + k] =
            (uint8_t)(s | (gs->cut[t] >> s & 1 ? JADE_SIM_EMIT_RESTART : 0));
         if (k + 1 < gs->max_vertices)
            memset(gs->out + ((size_t)t * gs->max_vertices + k + 1) * JADE_SIM_ATTR_WORDS, 0,
                   JADE_SIM_ATTR_WORDS * sizeof(uint32_t));
      }
      gs->cut[t] &= (uint8_t) ~(1u << s);
      gs->handle[t] = k + 1;
   }
   if (mode & 2)
      gs->cut[t] |= (uint8_t)(1u << s);
   return gs->handle[t];
}

static bool
exec_out(struct sim_exec *x, bool final)
{
   const struct jade_sim_geometry *gs = geometry(x);
   const char *name = jade_isa_op_info[x->op].name;
   if (!gs)
      return sim_unsupported(x, "outside a geometry launch");
   if (gs->tess)
      return sim_stop(x, JADE_SIM_FAULT,
                      "%s in a tessellation launch (only a geometry "
                      "program emits vertices)",
                      name);
   const unsigned mode = final ? JADE_ISA_V_MODE_FINAL : (unsigned)sim_field(x, JADE_ISA_F_MODE);
   uint32_t result[SIM_LANES];
   sim_foreach_lane (x, lane) {
      uint32_t t;
      if (!geometry_thread(x, lane, &t))
         return false;
      const uint32_t handle = final ? sim_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_A), lane)
                                    : sim_src(x, SIM_SRC_A, lane);
      bool ok;
      output_vertex(x, t, handle, name, &ok);
      if (!ok)
         return false;
      if (final) {
         gs->final[t] = 1;
         continue;
      }
      const uint32_t s = sim_src(x, SIM_SRC_B, lane);
      if (s >= STREAMS)
         return sim_stop(x, JADE_SIM_FAULT, "OUT: stream %u (there are 4)", s);
      if (mode == JADE_ISA_V_MODE_FINAL)
         return sim_stop(x, JADE_SIM_UNSUPPORTED, "OUT of mode 0 (OUT.FINAL has opcode 0x324)");
      result[lane] = out_one(gs, t, mode, s);
   }
   if (!final) {
      sim_foreach_lane (x, lane)
         sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, result[lane]);
   }
   return true;
}

bool
sim_exec_geometry(struct sim_exec *x)
{
   switch (x->op) {
   case JADE_ISA_OP_ISBERD:
      exec_isberd(x);
      return true;
   case JADE_ISA_OP_OUT:
   case JADE_ISA_OP_OUT_FINAL:
      exec_out(x, x->op == JADE_ISA_OP_OUT_FINAL);
      return true;
   default:
      return false;
   }
}
