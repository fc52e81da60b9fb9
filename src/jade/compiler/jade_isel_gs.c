/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of geometry-shader intrinsics (after
 * jade_nir_gs.c): attribute access by vertex handle (ALD/AST with a vertex
 * operand), OUT for EmitVertex/EndPrimitive/the end, ISBERD for input
 * handles, system registers.  NAK's from_nir.rs selects the same
 * intrinsics the same way (OpOut, OpOutFinal, OpIsberd, OpALd).
 */

#include "jade_attr.h"
#include "jade_isel.h"

static bool
isel_out(struct isel *c, nir_intrinsic_instr *intr, unsigned mode)
{
   const unsigned stream = nir_intrinsic_stream_id(intr);
   if (stream >= 4)
      return jade_ir_error(c->s, "geometry shader stream %u (there are 4)", stream);
   /* OUT.CUT has no stream operand nvdisasm knows (it prints only RZ
    * there): jade_nir_gs.c drops the cuts of other streams, which exist
    * only for point output. */
   if (stream != 0 && mode != JADE_ISA_V_MODE_EMIT)
      return jade_ir_error(c->s, "geometry shader: a cut on stream %u", stream);
   /* The stream in a register (OUT's register form; NAK's OpOut takes it
    * as an immediate or a register). */
   struct jade_ref s = JADE_RZ;
   if (stream) {
      struct jade_value *sv = isel_new_value(c, 32);
      jade_MOV(&c->b, jade_v(sv), jade_imm(stream));
      s = jade_v(sv);
   }
   struct jade_value *next = isel_new_value(c, 32);
   jade_OUT(&c->b, jade_v(next), jade_v(isel_src(c, intr->src[0].ssa, 0)), s, .mode = mode);
   isel_set_def(c, &intr->def, 0, next);
   return true;
}

bool
isel_gs(struct isel *c, nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case nir_intrinsic_load_per_vertex_input:
      return isel_vtg_io(c, intr, false);
   case nir_intrinsic_store_per_vertex_output:
      return isel_vtg_io(c, intr, true);
   case nir_intrinsic_emit_vertex_nv:
      return isel_out(c, intr, JADE_ISA_V_MODE_EMIT);
   case nir_intrinsic_end_primitive_nv:
      return isel_out(c, intr, JADE_ISA_V_MODE_CUT);
   case nir_intrinsic_final_primitive_nv:
      jade_OUT_FINAL(&c->b, jade_v(isel_src(c, intr->src[0].ssa, 0)));
      return true;
   case nir_intrinsic_isberd_nv: {
      struct jade_value *v = isel_new_value(c, 32);
      jade_ISBERD(&c->b, jade_v(v), .addr = jade_v(isel_src(c, intr->src[0].ssa, 0)));
      isel_set_def(c, &intr->def, 0, v);
      return true;
   }
   case nir_intrinsic_load_sysval_nv:
   case nir_intrinsic_load_invocation_id: {
      struct jade_value *v = isel_new_value(c, 32);
      isel_s2r(c, v,
               intr->intrinsic == nir_intrinsic_load_invocation_id ? JADE_ISA_SR_INVOCATION_ID
                                                                   : nir_intrinsic_base(intr));
      isel_set_def(c, &intr->def, 0, v);
      return true;
   }
   case nir_intrinsic_load_primitive_id: {
      /* The primitive's own word: no vertex operand (NAK reads it so). */
      struct jade_value *v = isel_new_value(c, 32);
      jade_ALD(&c->b, jade_v(v), .addr = JADE_ATTR_PRIMITIVE_ID);
      c->s->io.inputs[JADE_ATTR_WORD(JADE_ATTR_PRIMITIVE_ID) / 32] |=
         1u << (JADE_ATTR_WORD(JADE_ATTR_PRIMITIVE_ID) % 32);
      isel_set_def(c, &intr->def, 0, v);
      return true;
   }
   default:
      return false;
   }
}
