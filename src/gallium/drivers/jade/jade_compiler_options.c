/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The NIR options st/mesa and the GLSL linker see.  They describe what SM75
 * does natively (IADD3, funnel shifts, FMNMX with IEEE rules, ...) so NIR
 * lowers only what the hardware lacks.  The compiler (issue 5) owns these
 * once it exists.
 */

#include "jade_screen.h"

void
jade_screen_init_compiler_options(struct jade_screen *screen)
{
   screen->nir_options = (nir_shader_compiler_options){
      .lower_fdiv = true,
      .lower_flrp16 = true,
      .lower_flrp32 = true,
      .lower_flrp64 = true,
      .lower_fpow = true,
      .lower_fmod = true,
      .lower_bitfield_extract = true,
      .lower_bitfield_insert = true,
      .lower_uadd_carry = true,
      .lower_usub_borrow = true,
      .lower_scmp = true,
      .lower_isign = true,
      .lower_fsign = true,
      .lower_fdph = true,
      .lower_ldexp = true,
      .lower_pack_half_2x16 = true,
      .lower_pack_unorm_2x16 = true,
      .lower_pack_snorm_2x16 = true,
      .lower_pack_unorm_4x8 = true,
      .lower_pack_snorm_4x8 = true,
      .lower_unpack_half_2x16 = true,
      .lower_unpack_unorm_2x16 = true,
      .lower_unpack_snorm_2x16 = true,
      .lower_unpack_unorm_4x8 = true,
      .lower_unpack_snorm_4x8 = true,
      .lower_extract_byte = true,
      .lower_extract_word = true,
      .lower_insert_byte = true,
      .lower_insert_word = true,
      .lower_hadd = true,
      .lower_uadd_sat = true,
      .lower_usub_sat = true,
      .lower_iadd_sat = true,
      .lower_cs_local_index_to_id = true,
      .lower_device_index_to_zero = true,
      .lower_to_scalar = true,
      .has_fsub = true,
      .has_isub = true,
      .has_iadd3 = true,
      .has_imad32 = true,
      .has_rotate32 = true,
      .lower_int64_options = ~0,
      .lower_doubles_options = ~0,
      .max_unroll_iterations = 32,
      .support_indirect_inputs = BITFIELD_MASK(MESA_SHADER_STAGES),
      .support_indirect_outputs = BITFIELD_MASK(MESA_SHADER_STAGES),
   };
}
