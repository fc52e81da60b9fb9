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

bool
jade_nir_lower_ssbo(nir_shader *nir)
{
   bool progress = false;
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
   nir_def *addr = nir_iadd(b, base, nir_u2u64(b, intr->src[1].ssa));
   nir_def *v = nir_load_global_constant(b, addr, nir_intrinsic_align(intr),
                                         intr->def.num_components, intr->def.bit_size);
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
   NIR_PASS(progress, nir, nir_shader_intrinsics_pass, lower_compute_ubo, nir_metadata_control_flow,
            NULL);
   return progress;
}
