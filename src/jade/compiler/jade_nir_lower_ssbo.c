/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Shader storage buffers as global memory.  nir_lower_ssbo turns SSBO
 * loads, stores and atomics into global ones at load_ssbo_address(i) +
 * offset; here that address comes from the driver's constant bank:
 * c[15][JADE_SSBO_INFO + 16 i] holds buffer i's 64-bit address and, at + 8,
 * its size in bytes (what get_ssbo_size, GLSL's length() of an unsized
 * array, reads).  A dynamic buffer index reads the table with LDC.
 */

#include "jade_compiler_private.h"
#include "nir.h"
#include "nir_builder.h"

static bool
lower_address(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   const bool size = intr->intrinsic == nir_intrinsic_get_ssbo_size;
   if (intr->intrinsic != nir_intrinsic_load_ssbo_address && !size)
      return false;
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *offset =
      nir_iadd_imm(b, nir_imul_imm(b, intr->src[0].ssa, 16), JADE_SSBO_INFO + (size ? 8 : 0));
   const unsigned bank = JADE_DRIVER_CBUF_OF(b->shader->info.stage);
   nir_def *addr =
      nir_load_ubo(b, 1, size ? 32 : 64, nir_imm_int(b, bank), offset, .align_mul = 8, .range = ~0);
   nir_def_replace(&intr->def, addr);
   return true;
}

/* Robust buffer access (ARB_robust_buffer_access_behavior; GL 4.6 core
 * 6.4): an access not wholly inside buffer i's size (the bank's size,
 * what the driver bound: 0 for no buffer) is not made; a load or atomic
 * returns zero, a store is discarded.  Global memory has no bounds of its
 * own (NVK bounds-checks SSBOs in the shader too, with
 * nir_address_format_64bit_bounded_global), and an address past the
 * buffer may be unmapped.  Mesa's nir_lower_robust_access would clamp
 * the offset to 0, which still reads address 0 of an unbound buffer. */
static bool
bound_access(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   unsigned index_src, offset_src, bytes;
   switch (intr->intrinsic) {
   case nir_intrinsic_load_ssbo:
      index_src = 0, offset_src = 1;
      bytes = intr->def.num_components * intr->def.bit_size / 8;
      break;
   case nir_intrinsic_store_ssbo:
      index_src = 1, offset_src = 2;
      bytes = intr->num_components * nir_src_bit_size(intr->src[0]) / 8;
      break;
   case nir_intrinsic_ssbo_atomic:
   case nir_intrinsic_ssbo_atomic_swap:
      index_src = 0, offset_src = 1;
      bytes = intr->def.bit_size / 8;
      break;
   default:
      return false;
   }
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *size = nir_get_ssbo_size(b, intr->src[index_src].ssa);
   nir_def *offset = intr->src[offset_src].ssa;
   /* offset + bytes <= size, without wrapping */
   nir_def *valid = nir_iand(b, nir_uge_imm(b, size, bytes),
                             nir_uge(b, nir_iadd_imm(b, size, -(int64_t)bytes), offset));
   const bool has_dest = nir_intrinsic_infos[intr->intrinsic].has_dest;
   nir_def *zero = has_dest ? nir_imm_zero(b, intr->def.num_components, intr->def.bit_size) : NULL;
   nir_push_if(b, valid);
   nir_instr *copy = nir_instr_clone(b->shader, &intr->instr);
   nir_builder_instr_insert(b, copy);
   nir_pop_if(b, NULL);
   if (has_dest)
      nir_def_rewrite_uses(&intr->def, nir_if_phi(b, &nir_instr_as_intrinsic(copy)->def, zero));
   nir_instr_remove(&intr->instr);
   return true;
}

bool
jade_nir_lower_ssbo(nir_shader *nir)
{
   bool progress = false;
   NIR_PASS(progress, nir, nir_shader_intrinsics_pass, bound_access, nir_metadata_none, NULL);
   NIR_PASS(progress, nir, nir_lower_ssbo, NULL);
   NIR_PASS(progress, nir, nir_shader_intrinsics_pass, lower_address, nir_metadata_control_flow,
            NULL);
   return progress;
}

/* Compute launches bind only c[0..7] (the QMD's slots) and c[7] is the
 * driver's: UBOs from 7 up, and any UBO indexed dynamically, are read
 * from global memory at the address the driver bank holds for them.
 * Runs before any load of the driver bank exists. */
static bool
lower_compute_ubo(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_load_ubo)
      return false;
   nir_src *index = &intr->src[0];
   if (nir_src_is_const(*index) && nir_src_as_uint(*index) < JADE_DRIVER_CBUF_COMPUTE)
      return false;
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *info = nir_iadd_imm(b, nir_imul_imm(b, index->ssa, 16), JADE_CS_UBO_INFO);
   nir_def *base = nir_load_ubo(b, 1, 64, nir_imm_int(b, JADE_DRIVER_CBUF_COMPUTE), info,
                                .align_mul = 8, .range = ~0);
   nir_def *offset = intr->src[1].ssa;
   nir_def *addr = nir_iadd(b, base, nir_u2u64(b, offset));
   /* Robust access: a read not wholly inside the UBO's bound size (0 when
    * none is bound) is not made and returns zero, as c[] reads past a
    * constant buffer's size do (gpu-model.md; NVK's
    * nir_address_format_64bit_bounded_global for UBOs it reads from
    * global memory). */
   const unsigned bytes = intr->def.num_components * intr->def.bit_size / 8;
   nir_def *size = nir_load_ubo(b, 1, 32, nir_imm_int(b, JADE_DRIVER_CBUF_COMPUTE),
                                nir_iadd_imm(b, info, 8), .align_mul = 8, .range = ~0);
   nir_def *valid = nir_iand(b, nir_uge_imm(b, size, bytes),
                             nir_uge(b, nir_iadd_imm(b, size, -(int64_t)bytes), offset));
   /* The zero before the if: after it, it would precede the phi. */
   nir_def *zero = nir_imm_zero(b, intr->def.num_components, intr->def.bit_size);
   nir_push_if(b, valid);
   nir_def *v = nir_load_global_constant(b, addr, nir_intrinsic_align(intr),
                                         intr->def.num_components, intr->def.bit_size);
   nir_pop_if(b, NULL);
   v = nir_if_phi(b, v, zero);
   nir_def_replace(&intr->def, v);
   return true;
}

bool
jade_nir_lower_compute_ubos(nir_shader *nir)
{
   if (nir->info.stage != MESA_SHADER_COMPUTE)
      return false;
   bool progress = false;
   /* Indices renumbered by nir_lower_uniforms_to_ubo are iadds until folded. */
   NIR_PASS(_, nir, nir_opt_constant_folding);
   NIR_PASS(progress, nir, nir_shader_intrinsics_pass, lower_compute_ubo, nir_metadata_none, NULL);
   return progress;
}
