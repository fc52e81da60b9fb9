/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Geometry-shader I/O for the hardware, after nir_lower_io (NAK does the
 * same in src/nouveau/compiler/nak_nir_lower_gs_intrinsics.c and
 * nak_nir_lower_vtg_io.c; codegen in nv50_ir_lowering_gm107.cpp
 * handlePFETCH):
 * - the output vertex is named by a handle that starts at 0 and that
 *   every OUT returns anew: a variable here, so loops and branches carry
 *   it; output stores become store_per_vertex_output with the handle as
 *   their vertex (AST's vertex operand), EmitVertex and EndPrimitive
 *   emit_vertex_nv and end_primitive_nv (OUT.EMIT, OUT.CUT), and the
 *   shader ends with final_primitive_nv (OUT.FINAL); EmitStreamVertex(s)
 *   keeps its stream (OUT.EMIT's stream operand: NAK from_nir.rs OpOut),
 *   EndStreamPrimitive(s) of a stream other than 0 goes: those streams
 *   exist only for point output, where a cut does nothing;
 * - input vertex i of the thread's primitive is the handle ISBERD reads
 *   from the warp's input map at slot * vertices + i, both from
 *   JADE_ISA_SR_INVOCATION_INFO (byte 0: the primitive's slot in the warp, byte 2:
 *   vertices a primitive): the vertex operand of ALD.
 */

#include "jade_compiler_private.h"
#include "nir.h"
#include "nir_builder.h"

struct gs_state {
   nir_variable *handle;
};

nir_def *
jade_nir_input_vertex(nir_builder *b, nir_def *vertex)
{
   nir_def *info =
      nir_load_sysval_nv(b, 32, .base = JADE_ISA_SR_INVOCATION_INFO, .access = ACCESS_CAN_REORDER);
   nir_def *slot = nir_extract_u8_imm(b, info, 0);
   nir_def *vertices = nir_extract_u8_imm(b, info, 2);
   return nir_isberd_nv(b, nir_iadd(b, nir_imul(b, slot, vertices), vertex));
}

static bool
lower_gs_intrinsic(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   struct gs_state *st = data;
   b->cursor = nir_before_instr(&intr->instr);
   switch (intr->intrinsic) {
   case nir_intrinsic_load_per_vertex_input:
      nir_src_rewrite(&intr->src[0], jade_nir_input_vertex(b, intr->src[0].ssa));
      return true;
   case nir_intrinsic_store_output: {
      nir_def *handle = nir_load_var(b, st->handle);
      nir_intrinsic_instr *store =
         nir_intrinsic_instr_create(b->shader, nir_intrinsic_store_per_vertex_output);
      store->num_components = intr->num_components;
      store->src[0] = nir_src_for_ssa(intr->src[0].ssa);
      store->src[1] = nir_src_for_ssa(handle);
      store->src[2] = nir_src_for_ssa(intr->src[1].ssa);
      nir_intrinsic_set_base(store, nir_intrinsic_base(intr));
      nir_intrinsic_set_write_mask(store, nir_intrinsic_write_mask(intr));
      nir_intrinsic_set_component(store, nir_intrinsic_component(intr));
      nir_intrinsic_set_src_type(store, nir_intrinsic_src_type(intr));
      nir_intrinsic_set_io_semantics(store, nir_intrinsic_io_semantics(intr));
      nir_intrinsic_set_range(store, nir_intrinsic_range(intr));
      nir_builder_instr_insert(b, &store->instr);
      nir_instr_remove(&intr->instr);
      return true;
   }
   case nir_intrinsic_emit_vertex:
   case nir_intrinsic_end_primitive: {
      unsigned stream = nir_intrinsic_stream_id(intr);
      if (intr->intrinsic == nir_intrinsic_end_primitive && stream != 0 &&
          b->shader->info.gs.output_primitive == MESA_PRIM_POINTS) {
         /* Streams other than 0 only with points (GLSL 4.00 4.3.8.2
          * "Output Layout Qualifiers"; Mesa's linker checks it): nothing
          * to cut in a point list.  nvdisasm knows OUT.CUT only with RZ
          * in the stream slot, so none is emitted. */
         nir_instr_remove(&intr->instr);
         return true;
      }
      nir_def *handle = nir_load_var(b, st->handle);
      nir_def *next = intr->intrinsic == nir_intrinsic_emit_vertex
                         ? nir_emit_vertex_nv(b, 32, handle, .stream_id = stream)
                         : nir_end_primitive_nv(b, 32, handle, .stream_id = stream);
      nir_store_var(b, st->handle, next, 0x1);
      nir_instr_remove(&intr->instr);
      return true;
   }
   default:
      return false;
   }
}

void
jade_nir_lower_gs(nir_shader *nir)
{
   if (nir->info.stage != MESA_SHADER_GEOMETRY)
      return;
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   struct gs_state st = {
      .handle = nir_local_variable_create(impl, glsl_uint_type(), "gs_handle"),
   };
   nir_builder b = nir_builder_at(nir_before_impl(impl));
   nir_store_var(&b, st.handle, nir_imm_int(&b, 0), 0x1);
   nir_shader_intrinsics_pass(nir, lower_gs_intrinsic, nir_metadata_control_flow, &st);

   /* OUT.FINAL on every way out. */
   set_foreach (impl->end_block->predecessors, entry) {
      nir_block *pred = (nir_block *)entry->key;
      b.cursor = nir_after_block_before_jump(pred);
      nir_final_primitive_nv(&b, nir_load_var(&b, st.handle));
   }
   nir_metadata_preserve(impl, nir_metadata_none);
   NIR_PASS(_, nir, nir_lower_vars_to_ssa);
}
