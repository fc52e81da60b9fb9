/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of NIR comparisons, selects and booleans: 32-bit
 * integer and float comparisons into predicates, bcsel, boolean logic over
 * predicates (PLOP3) and booleans as numbers.
 */

#include "jade_isel.h"

/* ISETP/FSETP into a predicate: pd0 = a <cmp> b (AND PT). */
static void
isel_setp(struct isel *c, nir_alu_instr *alu, struct jade_value *dst, bool is_float, unsigned cmp,
          bool is_signed)
{
   struct jade_ref a = isel_alu_ref(c, alu, 0), b = isel_alu_b(c, alu, 1);
   if (is_float)
      isel_ftz(c, jade_FSETP(&c->b, jade_v(dst), a, b, .cmp = cmp));
   else
      jade_ISETP(&c->b, jade_v(dst), a, b, .cmp = cmp,
                 .signed_ = is_signed ? JADE_ISA_V_SIGNED_S32 : JADE_ISA_V_SIGNED_U32);
}

/* b2f32 of a 32-bit float comparison: FSET.BF computes its 1.0 or 0.0
 * (what FSETP + SEL would; NaN compares as in FSETP), and the comparison
 * goes when nothing else reads it (nvc0 selects FSET for it too). */
static bool
isel_fset(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   nir_scalar s = nir_scalar_chase_alu_src(nir_get_scalar(&alu->def, 0), 0);
   if (!nir_scalar_is_alu(s))
      return false;
   nir_alu_instr *cmp = nir_instr_as_alu(s.def->parent_instr);
   if (cmp->def.num_components != 1 || cmp->src[0].src.ssa->bit_size != 32)
      return false;
   unsigned cond;
   switch (cmp->op) {
   case nir_op_feq:
      cond = JADE_ISA_V_CMP_EQ;
      break;
   case nir_op_fneu:
      cond = JADE_ISA_V_CMP_NEU;
      break;
   case nir_op_flt:
      cond = JADE_ISA_V_CMP_LT;
      break;
   case nir_op_fge:
      cond = JADE_ISA_V_CMP_GE;
      break;
   default:
      return false;
   }
   isel_ftz(c, jade_FSET(&c->b, jade_v(dst), isel_alu_ref(c, cmp, 0), isel_alu_b(c, cmp, 1),
                         .p = JADE_PT, .cmp = cond));
   return true;
}

bool
isel_alu_cmp(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   nir_op op = alu->op;
   unsigned bits = alu->def.bit_size;
   unsigned src_bits = nir_op_infos[op].num_inputs ? alu->src[0].src.ssa->bit_size : 0;
   switch (op) {
   case nir_op_ieq:
   case nir_op_ine:
   case nir_op_ilt:
   case nir_op_ige:
   case nir_op_ult:
   case nir_op_uge:
      if (src_bits == 1 && (op == nir_op_ieq || op == nir_op_ine)) {
         /* Booleans: equality is XNOR, inequality XOR (c = PT). */
         isel_plop3(c, dst, isel_bool_alu_src(c, alu, 0), isel_bool_alu_src(c, alu, 1),
                    op == nir_op_ieq ? 0xc3 : 0x3c);
         return true;
      }
      if (src_bits != 32)
         return false;
      isel_setp(c, alu, dst, false,
                op == nir_op_ieq                       ? JADE_ISA_V_CMP_EQ
                : op == nir_op_ine                     ? JADE_ISA_V_CMP_NE
                : op == nir_op_ilt || op == nir_op_ult ? JADE_ISA_V_CMP_LT
                                                       : JADE_ISA_V_CMP_GE,
                op == nir_op_ilt || op == nir_op_ige);
      return true;
   case nir_op_feq:
   case nir_op_fneu:
   case nir_op_flt:
   case nir_op_fge:
      if (src_bits != 32)
         return false;
      isel_setp(c, alu, dst, true,
                op == nir_op_feq    ? JADE_ISA_V_CMP_EQ
                : op == nir_op_fneu ? JADE_ISA_V_CMP_NEU
                : op == nir_op_flt  ? JADE_ISA_V_CMP_LT
                                    : JADE_ISA_V_CMP_GE,
                false);
      return true;
   case nir_op_bcsel:
      if (bits == 1) {
         /* p ? a : b over predicates: LUT (p & a) | (!p & b). */
         struct jade_value *p = isel_bool_alu_src(c, alu, 0);
         struct jade_value *a = isel_bool_alu_src(c, alu, 1), *b = isel_bool_alu_src(c, alu, 2);
         jade_PLOP3(&c->b, jade_v(dst), jade_v(p), jade_v(a), jade_v(b), .lut = 0xca);
         return true;
      }
      if (bits == 64) {
         struct jade_value *p = isel_bool_alu_src(c, alu, 0);
         struct jade_value *a = isel_alu_src(c, alu, 1), *b = isel_alu_src(c, alu, 2);
         for (unsigned h = 0; h < 2; h++)
            jade_SEL(&c->b, jade_comp(dst, h), jade_comp(a, h), jade_comp(b, h), .p = jade_v(p));
         return true;
      }
      if (bits != 32)
         return false;
      isel_sel(c, dst, isel_bool_alu_src(c, alu, 0), isel_alu_src(c, alu, 1),
               isel_alu_src(c, alu, 2));
      return true;
   case nir_op_b2b32: {
      /* A boolean as 0 / ~0 in a GPR. */
      struct jade_value *p = isel_bool_alu_src(c, alu, 0);
      jade_SEL(&c->b, jade_v(dst), JADE_RZ, jade_imm(0xffffffffu), .p = jade_v(p), .p_not = 1);
      return true;
   }
   case nir_op_b2f32:
      if (isel_fset(c, alu, dst))
         return true;
      FALLTHROUGH;
   case nir_op_b2i32: {
      /* SEL dst, RZ, imm, !p: p ? imm : 0. */
      struct jade_value *p = isel_bool_alu_src(c, alu, 0);
      jade_SEL(&c->b, jade_v(dst), JADE_RZ, jade_imm(op == nir_op_b2i32 ? 1 : 0x3f800000),
               .p = jade_v(p), .p_not = 1);
      return true;
   }
   case nir_op_b2b1:
      if (src_bits == 1) {
         isel_plop3(c, dst, isel_bool_alu_src(c, alu, 0), NULL, 0xf0);
         return true;
      }
      if (src_bits != 32)
         return false;
      /* A 32-bit boolean: != 0. */
      jade_ISETP(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), JADE_RZ, .cmp = JADE_ISA_V_CMP_NE);
      return true;
   case nir_op_iand:
   case nir_op_ior:
   case nir_op_ixor:
      if (bits != 1)
         return false;
      isel_plop3(c, dst, isel_bool_alu_src(c, alu, 0), isel_bool_alu_src(c, alu, 1), isel_lut2(op));
      return true;
   case nir_op_inot:
      if (bits != 1)
         return false;
      isel_plop3(c, dst, isel_bool_alu_src(c, alu, 0), NULL, 0x0f);
      return true;
   default:
      return false;
   }
}
