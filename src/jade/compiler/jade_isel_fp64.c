/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of 64-bit float ops: DADD, DMUL, DFMA, DSETP,
 * FRND.F64, and the F2F/F2I/I2F forms with a 64-bit side.  A double is a
 * register pair (low word first).  What SM75 lacks (reciprocal, square
 * root, division, min/max, saturate, sign, fract) nir_lower_doubles
 * rewrites with these first (jade_compile.c).
 */

#include "jade_isel.h"

/* -x, |x|: the sign bit of the high word (LOP3), the low word as is. */
static void
sign_bit(struct isel *c, struct jade_value *dst, struct jade_value *x, bool abs)
{
   jade_MOV(&c->b, jade_comp(dst, 0), jade_comp(x, 0));
   jade_LOP3(&c->b, jade_comp(dst, 1), jade_comp(x, 1), jade_imm(abs ? 0x7fffffffu : 0x80000000u),
             JADE_RZ, .lut = isel_lut2(abs ? nir_op_iand : nir_op_ixor), .p_not = 1);
}

/* Whether the op is one of this file's; false when it is not (the caller
 * reports it), with dst its (already created) result. */
bool
isel_alu_fp64(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   nir_op op = alu->op;
   unsigned bits = alu->def.bit_size, src_bits = alu->src[0].src.ssa->bit_size;
   switch (op) {
   case nir_op_fadd:
      if (bits != 64)
         return false;
      /* DADD's second source is field c. */
      jade_DADD(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), isel_alu_ref(c, alu, 1));
      return true;
   case nir_op_fmul:
      if (bits != 64)
         return false;
      jade_DMUL(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), isel_alu_ref(c, alu, 1));
      return true;
   case nir_op_ffma:
      if (bits != 64)
         return false;
      jade_DFMA(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), isel_alu_ref(c, alu, 1),
                isel_alu_ref(c, alu, 2));
      return true;
   case nir_op_fneg:
   case nir_op_fabs:
      if (bits != 64)
         return false;
      sign_bit(c, dst, isel_alu_src(c, alu, 0), op == nir_op_fabs);
      return true;
   case nir_op_flt:
   case nir_op_fge:
   case nir_op_feq:
   case nir_op_fneu: {
      if (src_bits != 64)
         return false;
      /* Ordered LT/GE/EQ, unordered NE (NEU), as FSETP. */
      static const unsigned cmp[] = {[nir_op_flt] = JADE_ISA_V_CMP_LT,
                                     [nir_op_fge] = JADE_ISA_V_CMP_GE,
                                     [nir_op_feq] = JADE_ISA_V_CMP_EQ,
                                     [nir_op_fneu] = JADE_ISA_V_CMP_NEU};
      struct jade_value *p = dst;
      if (dst->file != JADE_FILE_PRED)
         p = jade_value_create(c->s, JADE_FILE_PRED, 1);
      jade_DSETP(&c->b, jade_v(p), isel_alu_ref(c, alu, 0), isel_alu_ref(c, alu, 1), .p = JADE_PT,
                 .cmp = cmp[op]);
      if (p != dst)
         isel_copy(c, dst, p);
      return true;
   }
   case nir_op_ftrunc:
   case nir_op_ffloor:
   case nir_op_fceil:
   case nir_op_fround_even:
      if (bits != 64)
         return false;
      jade_FRND_64(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0),
                   .rnd = op == nir_op_ffloor   ? JADE_ISA_V_RND_FLOOR
                          : op == nir_op_fceil  ? JADE_ISA_V_RND_CEIL
                          : op == nir_op_ftrunc ? JADE_ISA_V_RND_TRUNC
                                                : JADE_ISA_V_RND_RN);
      return true;
   case nir_op_f2f64:
      if (src_bits != 32)
         return false;
      /* .FTZ by the fp32 side's rule, as NAK's f2f */
      isel_ftz(c, jade_F2F_64(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), .dt = JADE_ISA_V_DT_F64,
                              .st = JADE_ISA_V_ST_F32));
      return true;
   case nir_op_f2f32:
      if (src_bits != 64)
         return false;
      isel_ftz(c, jade_F2F_64(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), .dt = JADE_ISA_V_DT_F32,
                              .st = JADE_ISA_V_ST_F64));
      return true;
   case nir_op_i2f64:
   case nir_op_u2f64:
      if (src_bits != 32)
         return false;
      jade_I2F_64(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), .dt = JADE_ISA_V_DT_F64,
                  .st = op == nir_op_i2f64 ? JADE_ISA_V_ST_S32 : JADE_ISA_V_ST_U32);
      return true;
   case nir_op_f2i32:
   case nir_op_f2u32:
      if (src_bits != 64)
         return false;
      jade_F2I_64(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0),
                  .dt = op == nir_op_f2i32 ? JADE_ISA_V_DT_S32 : JADE_ISA_V_DT_U32,
                  .st = JADE_ISA_V_ST_F64, .rnd = JADE_ISA_V_RND_TRUNC, .ntz = 1);
      return true;
   case nir_op_b2f64: {
      /* p ? 1.0 : 0.0: the high word 0x3ff00000 or 0, the low word 0. */
      struct jade_value *p = isel_bool_alu_src(c, alu, 0);
      jade_MOV(&c->b, jade_comp(dst, 0), jade_imm(0));
      jade_SEL(&c->b, jade_comp(dst, 1), JADE_RZ, jade_imm(0x3ff00000u), .p = jade_v(p),
               .p_not = 1);
      return true;
   }
   default:
      return false;
   }
}
