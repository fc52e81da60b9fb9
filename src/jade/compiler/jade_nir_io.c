/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Shader I/O for the hardware: GL variables become explicit loads and
 * stores at attribute addresses, uniforms become constant-buffer loads.
 *
 * Attribute addresses (../shared/docs/turing-facts.md, section 2): vertex
 * inputs are dense vec4 slots from 0x80; varyings have fixed addresses
 * (position 0x70, generics 0x80 + 16 n, colours 0x280, ...).  Constant
 * buffers: Gallium's constant buffer i is c[i]; uniforms are constant
 * buffer 0 (nir_lower_uniforms_to_ubo).
 */

#include "jade_compiler_private.h"
#include "nir.h"

static int
type_size_vec4(const struct glsl_type *type, bool bindless)
{
   return glsl_count_attribute_slots(type, false);
}

void
jade_nir_lower_io(nir_shader *nir)
{
   if (nir->info.stage == MESA_SHADER_COMPUTE)
      return;
   /* 64-bit inputs and varyings as pairs of 32-bit words. */
   NIR_PASS(_, nir, nir_lower_io, nir_var_shader_in | nir_var_shader_out, type_size_vec4,
            nir_lower_io_use_interpolated_input_intrinsics | nir_lower_io_lower_64bit_to_32);
   NIR_PASS(_, nir, nir_lower_uniforms_to_ubo, false, false);
}

int
jade_varying_address(unsigned slot)
{
   if (slot >= VARYING_SLOT_VAR0 && slot < VARYING_SLOT_VAR0 + 32)
      return 0x80 + 16 * (slot - VARYING_SLOT_VAR0);
   if (slot >= VARYING_SLOT_TEX0 && slot <= VARYING_SLOT_TEX7)
      return 0x300 + 16 * (slot - VARYING_SLOT_TEX0);
   switch (slot) {
   case VARYING_SLOT_POS: return 0x70;
   case VARYING_SLOT_PSIZ: return 0x6c;
   case VARYING_SLOT_PRIMITIVE_ID: return 0x60;
   case VARYING_SLOT_LAYER: return 0x64;
   case VARYING_SLOT_VIEWPORT: return 0x68;
   case VARYING_SLOT_COL0: return 0x280;
   case VARYING_SLOT_COL1: return 0x290;
   case VARYING_SLOT_BFC0: return 0x2a0;
   case VARYING_SLOT_BFC1: return 0x2b0;
   case VARYING_SLOT_CLIP_DIST0: return 0x2c0;
   case VARYING_SLOT_CLIP_DIST1: return 0x2d0;
   case VARYING_SLOT_PNTC: return 0x2e0;
   case VARYING_SLOT_FOGC: return 0x2e8;
   case VARYING_SLOT_CLIP_VERTEX: return 0x270;
   default: return -1;
   }
}
