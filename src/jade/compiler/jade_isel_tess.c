/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of tessellation control (TCS) and evaluation
 * (TES) intrinsics, after jade_nir_tess.c: per-vertex and patch I/O
 * (isel_vtg_io: ALD/AST with a vertex, ALD.P/AST.P, ALD.O for a TCS
 * reading outputs back, AL2P + .PHYS when indexed), gl_TessCoord, and
 * what the stages share with geometry shaders (ISBERD, system
 * registers, gl_PrimitiveID: isel_gs).  NAK's from_nir.rs selects the
 * same intrinsics (OpALd, OpASt, OpAL2P, OpIsberd, OpS2R).
 */

#include "jade_attr.h"
#include "jade_isel.h"

bool
isel_tess(struct isel *c, nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case nir_intrinsic_load_per_vertex_input:
   case nir_intrinsic_load_per_vertex_output:
   case nir_intrinsic_load_output:
   case nir_intrinsic_load_input:
      return isel_vtg_io(c, intr, false);
   case nir_intrinsic_store_per_vertex_output:
   case nir_intrinsic_store_output:
      return isel_vtg_io(c, intr, true);
   case nir_intrinsic_load_tess_coord_xy: {
      /* u and v are a per-vertex output of the TES, indexed by lane
       * (NAK's from_nir.rs load_tess_coord_xy: S2R SR_LANEID, then
       * ALD.O a[0x2f0] of two words with that vertex); the header's omap
       * has them (jade_sph_build.c). */
      if (c->s->stage != MESA_SHADER_TESS_EVAL)
         return jade_ir_error(c->s, "gl_TessCoord outside a tessellation evaluation shader");
      struct jade_value *lane = isel_new_value(c, 32);
      isel_s2r(c, lane, JADE_ISA_SR_LANEID);
      struct jade_value *uv = jade_value_create(c->s, JADE_FILE_GPR, 2);
      jade_ALD(&c->b, jade_v(uv), .addr = JADE_ATTR_TESS_COORD_U, .vtx = jade_v(lane),
               .comps = JADE_ISA_V_COMPS_64, .out = 1);
      isel_mem_loaded(c, &intr->def, 0, 2, uv);
      return true;
   }
   case nir_intrinsic_load_tess_level_outer:
   case nir_intrinsic_load_tess_level_inner: {
      /* gl_TessLevelOuter/Inner as system values of a TES: its patch
       * space's factor words (a[0x000], a[0x010]), ALD.P as NAK reads
       * patch inputs. */
      if (c->s->stage != MESA_SHADER_TESS_EVAL)
         return jade_ir_error(c->s, "tessellation levels read outside a TES");
      const bool outer = intr->intrinsic == nir_intrinsic_load_tess_level_outer;
      const unsigned n = intr->def.num_components;
      if (intr->def.bit_size != 32 || n > (outer ? 4u : 2u))
         return jade_ir_error(c->s, "unexpected tessellation level load");
      const unsigned addr = outer ? JADE_ATTR_TESS_LOD_OUTER(0) : JADE_ATTR_TESS_LOD_INNER(0);
      for (unsigned w = 0; w < n; w++) {
         const unsigned word = addr / 4 + w;
         c->s->io.patch_inputs[word / 32] |= 1u << (word % 32);
      }
      /* Four, two or one word at once (.128 and .64 need the alignment
       * both bases have). */
      for (unsigned k = 0; k < n;) {
         const unsigned m = n - k >= 4 ? 4 : n - k >= 2 ? 2 : 1;
         struct jade_value *v = isel_mem_data(c, false, &intr->def, k, m);
         jade_ALD(&c->b, jade_v(v), .addr = addr + 4 * k, .patch = 1,
                  .comps = m == 4   ? JADE_ISA_V_COMPS_128
                           : m == 2 ? JADE_ISA_V_COMPS_64
                                    : JADE_ISA_V_COMPS_32);
         isel_mem_loaded(c, &intr->def, k, m, v);
         k += m;
      }
      return true;
   }
   case nir_intrinsic_isberd_nv:
   case nir_intrinsic_load_sysval_nv:
   case nir_intrinsic_load_invocation_id:
   case nir_intrinsic_load_primitive_id:
      return isel_gs(c, intr);
   default:
      return jade_ir_error(c->s, "unsupported NIR intrinsic %s in a tessellation shader",
                           nir_intrinsic_infos[intr->intrinsic].name);
   }
}
