/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of NIR conversions between 32-bit integers and
 * floats, and of 32-bit words to and from 64-bit values (the 64-bit float
 * conversions are jade_isel_fp64.c's).
 */

#include "jade_isel.h"

bool
isel_alu_conv(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   nir_op op = alu->op;
   unsigned src_bits = nir_op_infos[op].num_inputs ? alu->src[0].src.ssa->bit_size : 0;
   switch (op) {
   case nir_op_i2f32:
   case nir_op_u2f32:
      if (src_bits != 32)
         return false;
      jade_I2F(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0),
               .st = op == nir_op_i2f32 ? JADE_ISA_V_ST_S32 : JADE_ISA_V_ST_U32);
      return true;
   case nir_op_f2i32:
   case nir_op_f2u32:
      if (src_bits != 32)
         return false;
      isel_ftz(c, jade_F2I(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0),
                           .dt = op == nir_op_f2i32 ? JADE_ISA_V_DT_S32 : JADE_ISA_V_DT_U32,
                           .rnd = JADE_ISA_V_RND_TRUNC, .ntz = 1));
      return true;
   case nir_op_pack_64_2x32_split:
      for (unsigned h = 0; h < 2; h++)
         jade_MOV(&c->b, jade_comp(dst, h), isel_alu_ref(c, alu, h));
      return true;
   case nir_op_unpack_64_2x32_split_x:
   case nir_op_unpack_64_2x32_split_y:
      jade_MOV(&c->b, jade_v(dst),
               jade_comp(isel_alu_src(c, alu, 0), op == nir_op_unpack_64_2x32_split_y));
      return true;
   case nir_op_u2u64:
   case nir_op_i2i64: {
      if (src_bits != 32)
         return false;
      struct jade_value *a = isel_alu_src(c, alu, 0);
      jade_MOV(&c->b, jade_comp(dst, 0), jade_v(a));
      if (op == nir_op_u2u64)
         jade_MOV(&c->b, jade_comp(dst, 1), jade_imm(0));
      else /* the sign, replicated */
         jade_SHF(&c->b, jade_comp(dst, 1), JADE_RZ, jade_imm(31), jade_v(a),
                  .right = JADE_ISA_V_RIGHT_R, .hi = 1, .type = JADE_ISA_V_SHF_TYPE_S32);
      return true;
   }
   default:
      return false;
   }
}
