/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Tessellation control (TCS) and tessellation evaluation (TES) I/O for
 * the hardware, after nir_lower_io, as NAK lowers it
 * (src/nouveau/compiler/nak_nir_lower_vtg_io.c, nak_nir.c's
 * nak_nir_lower_system_values):
 * - per-vertex inputs of both stages name their vertex by the handle
 *   ISBERD reads from the warp's input map, as in a geometry shader
 *   (jade_nir_input_vertex);
 * - a TCS reading per-vertex outputs (its own or another invocation's)
 *   names the vertex by lane: the hardware indexes a TCS's outputs by
 *   lane, the invocations of a patch in consecutive lanes, so vertex v is
 *   lane SR_LANEID + v - SR_INVOCATION_ID (NAK's tess_ctrl_output_vtx,
 *   from the blob's code); ALD.O;
 * - TCS per-vertex output stores keep the NIR vertex (gl_InvocationID),
 *   AST's vertex operand as NAK passes it;
 * - patch I/O (TCS outputs and TES inputs without a vertex) stays
 *   load_output / store_output / load_input: selection makes them
 *   ALD.P / AST.P without a vertex (jade_isel_intrinsic.c isel_vtg_io),
 *   the factors at a[0x000] / a[0x010], patch vectors from a[0x020]
 *   (jade_attr.h);
 * - gl_PatchVerticesIn is byte 1 of SR_PRIM_TYPE (NAK's
 *   load_patch_vertices_in);
 * - gl_TessCoord: nir_lower_tess_coord_z (before nir_lower_io) leaves
 *   load_tess_coord_xy, which selection reads as ALD.O.64 a[0x2f0] with
 *   the lane as vertex (NAK's from_nir.rs load_tess_coord_xy);
 * - gl_InvocationID (S2R SR_INVOCATION_ID), gl_PrimitiveID (ALD a[0x60])
 *   and barrier() (a warp-level sync of the running lanes:
 *   jade_isel_intrinsic.c) are
 *   selected directly.
 */

#include "jade_compiler_private.h"
#include "nir.h"
#include "nir_builder.h"

static nir_def *
sysval(nir_builder *b, unsigned sreg)
{
   return nir_load_sysval_nv(b, 32, .base = sreg, .access = ACCESS_CAN_REORDER);
}

static bool
lower_tess_intrinsic(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   b->cursor = nir_before_instr(&intr->instr);
   switch (intr->intrinsic) {
   case nir_intrinsic_load_per_vertex_input:
      nir_src_rewrite(&intr->src[0], jade_nir_input_vertex(b, intr->src[0].ssa));
      return true;
   case nir_intrinsic_load_per_vertex_output: {
      if (b->shader->info.stage != MESA_SHADER_TESS_CTRL)
         return false;
      nir_def *lane = sysval(b, JADE_ISA_SR_LANEID);
      nir_def *invocation = sysval(b, JADE_ISA_SR_INVOCATION_ID);
      nir_src_rewrite(&intr->src[0], nir_iadd(b, lane, nir_isub(b, intr->src[0].ssa, invocation)));
      return true;
   }
   case nir_intrinsic_load_patch_vertices_in:
      nir_def_replace(&intr->def, nir_extract_u8_imm(b, sysval(b, JADE_ISA_SR_PRIM_TYPE), 1));
      return true;
   default:
      return false;
   }
}

void
jade_nir_lower_tess(nir_shader *nir)
{
   if (nir->info.stage != MESA_SHADER_TESS_CTRL && nir->info.stage != MESA_SHADER_TESS_EVAL)
      return;
   NIR_PASS(_, nir, nir_shader_intrinsics_pass, lower_tess_intrinsic, nir_metadata_control_flow,
            NULL);
}
