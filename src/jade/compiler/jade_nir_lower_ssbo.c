/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Shader storage buffers as global memory.  nir_lower_ssbo turns SSBO
 * loads, stores and atomics into global ones at load_ssbo_address(i) +
 * offset; here that address comes from the driver's constant bank:
 * c[15][JADE_SSBO_INFO + 16 i] holds buffer i's 64-bit address (its size
 * follows, for bounds checks to come).  A dynamic buffer index reads the
 * table with LDC.
 */

#include "jade_compiler_private.h"
#include "nir.h"
#include "nir_builder.h"

static bool
lower_address(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_load_ssbo_address)
      return false;
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *offset = nir_iadd_imm(b, nir_imul_imm(b, intr->src[0].ssa, 16), JADE_SSBO_INFO);
   nir_def *addr = nir_load_ubo(b, 1, 64, nir_imm_int(b, JADE_DRIVER_CBUF), offset,
                                .align_mul = 8, .range = ~0);
   nir_def_replace(&intr->def, addr);
   return true;
}

bool
jade_nir_lower_ssbo(nir_shader *nir)
{
   bool progress = false;
   NIR_PASS(progress, nir, nir_lower_ssbo, NULL);
   if (progress)
      NIR_PASS(_, nir, nir_shader_intrinsics_pass, lower_address, nir_metadata_control_flow,
               NULL);
   return progress;
}
