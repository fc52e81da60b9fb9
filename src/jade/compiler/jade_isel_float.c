/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of NIR 32-bit float ALU ops: arithmetic, source
 * modifiers, min/max, sign, the transcendental unit (MUFU) and rounding.
 * 64-bit floats are jade_isel_fp64.c's.
 */

#include "jade_isel.h"

/* dst = a with neg/abs/sat through FADD: x + (-0) is x for every x, so
 * FADD with -RZ implements moves with modifiers. */
static void
isel_fadd_mods(struct isel *c, struct jade_value *dst, struct jade_value *a, bool neg, bool abs,
               bool sat)
{
   isel_ftz(c, jade_FADD(&c->b, jade_v(dst), jade_v(a), JADE_RZ, .b_neg = 1, .a_neg = neg,
                         .a_abs = abs, .sat = sat));
}

bool
isel_alu_float(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   nir_op op = alu->op;
   if (alu->def.bit_size != 32 ||
       nir_alu_type_get_base_type(nir_op_infos[op].output_type) != nir_type_float)
      return false;
   struct jade_ref a = isel_alu_ref(c, alu, 0);
   switch (op) {
   case nir_op_fadd:
      isel_ftz(c, jade_FADD(&c->b, jade_v(dst), a, isel_alu_b(c, alu, 1)));
      return true;
   case nir_op_fmul:
      isel_ftz(c, jade_FMUL(&c->b, jade_v(dst), a, isel_alu_b(c, alu, 1)));
      return true;
   case nir_op_fsub:
      /* a + -b (operand folding puts a constant b in the immediate with
       * its sign changed: immediates have no negation modifier). */
      isel_ftz(c, jade_FADD(&c->b, jade_v(dst), a, isel_alu_ref(c, alu, 1), .b_neg = 1));
      return true;
   case nir_op_ffma:
      isel_ftz(c,
               jade_FFMA(&c->b, jade_v(dst), a, isel_alu_ref(c, alu, 1), isel_alu_ref(c, alu, 2)));
      return true;
   case nir_op_fneg:
   case nir_op_fabs:
   case nir_op_fsat:
      isel_fadd_mods(c, dst, isel_alu_src(c, alu, 0), op == nir_op_fneg, op == nir_op_fabs,
                     op == nir_op_fsat);
      return true;
   case nir_op_fmin:
   case nir_op_fmax:
      /* The predicate picks: PT min, !PT max. */
      isel_ftz(c, jade_FMNMX(&c->b, jade_v(dst), a, isel_alu_b(c, alu, 1), .p = JADE_PT,
                             .p_not = op == nir_op_fmax));
      return true;
   case nir_op_fsign: {
      /* (x > 0) - (x < 0) as floats: FSET.BF gives 1.0 or 0.0; a NaN
       * compares false both ways and gives 0. */
      struct jade_value *gt = isel_new_value(c, 32), *lt = isel_new_value(c, 32);
      jade_FSET(&c->b, jade_v(gt), a, JADE_RZ, .p = JADE_PT, .cmp = JADE_ISA_V_CMP_GT);
      jade_FSET(&c->b, jade_v(lt), a, JADE_RZ, .p = JADE_PT, .cmp = JADE_ISA_V_CMP_LT);
      if (!nir_alu_instr_is_signed_zero_preserve(alu)) {
         jade_FADD(&c->b, jade_v(dst), jade_v(gt), jade_v(lt), .b_neg = 1);
         return true;
      }
      /* Keeping signed zeros, NIR's fsign of -0.0 is -0.0 (the difference
       * is +0.0): a zero (not a NaN) gives itself. */
      struct jade_value *diff = isel_new_value(c, 32), *zero = isel_new_value(c, 1);
      jade_FADD(&c->b, jade_v(diff), jade_v(gt), jade_v(lt), .b_neg = 1);
      jade_FSETP(&c->b, jade_v(zero), a, JADE_RZ, .cmp = JADE_ISA_V_CMP_EQ);
      jade_SEL(&c->b, jade_v(dst), a, jade_v(diff), .p = jade_v(zero));
      return true;
   }
   case nir_op_frcp:
   case nir_op_frsq:
   case nir_op_fsqrt:
   case nir_op_fexp2:
   case nir_op_flog2:
      jade_MUFU(&c->b, jade_v(dst), a,
                .func = op == nir_op_frcp    ? JADE_ISA_V_FUNC_RCP
                        : op == nir_op_frsq  ? JADE_ISA_V_FUNC_RSQ
                        : op == nir_op_fsqrt ? JADE_ISA_V_FUNC_SQRT
                        : op == nir_op_fexp2 ? JADE_ISA_V_FUNC_EX2
                                             : JADE_ISA_V_FUNC_LG2);
      return true;
   case nir_op_fsin:
   case nir_op_fcos: {
      /* MUFU.SIN/COS take turns: scale by 1/(2 pi) first, as ptxas does. */
      struct jade_value *t = isel_new_value(c, 32);
      jade_FMUL(&c->b, jade_v(t), a, jade_imm(0x3e22f983) /* 0.15915494 */);
      jade_MUFU(&c->b, jade_v(dst), jade_v(t),
                .func = op == nir_op_fsin ? JADE_ISA_V_FUNC_SIN : JADE_ISA_V_FUNC_COS);
      return true;
   }
   case nir_op_ffloor:
   case nir_op_fceil:
   case nir_op_ftrunc:
   case nir_op_fround_even:
      isel_ftz(c, jade_FRND(&c->b, jade_v(dst), a,
                            .rnd = op == nir_op_ffloor   ? JADE_ISA_V_RND_FLOOR
                                   : op == nir_op_fceil  ? JADE_ISA_V_RND_CEIL
                                   : op == nir_op_ftrunc ? JADE_ISA_V_RND_TRUNC
                                                         : JADE_ISA_V_RND_RN));
      return true;
   case nir_op_ffract: {
      /* x - floor(x) */
      struct jade_value *fl = isel_new_value(c, 32);
      isel_ftz(c, jade_FRND(&c->b, jade_v(fl), a, .rnd = JADE_ISA_V_RND_FLOOR));
      isel_ftz(c, jade_FADD(&c->b, jade_v(dst), a, jade_v(fl), .b_neg = 1));
      return true;
   }
   default:
      return false;
   }
}
