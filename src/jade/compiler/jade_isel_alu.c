/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of NIR ALU ops.
 */

#include "jade_isel.h"
#include "util/ralloc.h"

/* A NIR scalar computed by a 32-bit ALU op whose only use is the
 * instruction being selected: it can be fused into it. */
static bool
fusable(nir_scalar s, nir_op op)
{
   return nir_scalar_is_alu(s) && nir_scalar_alu_op(s) == op && s.def->bit_size == 32 &&
          s.def->num_components == 1 && list_is_singular(&s.def->uses);
}

/* iadd of a single-use imul, shift by a constant, or iadd: one IMAD, LEA
 * or IADD3. */
static bool
isel_iadd_fused(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   nir_scalar root = nir_get_scalar(&alu->def, 0);
   for (unsigned k = 0; k < 2; k++) {
      nir_scalar in = nir_scalar_chase_alu_src(root, k);
      nir_scalar other = nir_scalar_chase_alu_src(root, 1 - k);
      struct jade_instr *i;
      if (fusable(in, nir_op_imul)) {
         nir_scalar a = nir_scalar_chase_alu_src(in, 0), b = nir_scalar_chase_alu_src(in, 1);
         i = isel_emit(c, JADE_ISA_OP_IMAD);
         jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
         jade_instr_add_src(i, JADE_ISA_F_A, isel_src(c, a.def, a.comp));
         jade_instr_add_src(i, JADE_ISA_F_B, isel_src(c, b.def, b.comp));
         jade_instr_add_src(i, JADE_ISA_F_C, isel_src(c, other.def, other.comp));
         jade_instr_set_field(i, JADE_ISA_F_SIGNED, JADE_ISA_V_SIGNED_S32);
         return true;
      }
      if (fusable(in, nir_op_ishl)) {
         nir_scalar a = nir_scalar_chase_alu_src(in, 0), sh = nir_scalar_chase_alu_src(in, 1);
         if (!nir_scalar_is_const(sh) || (nir_scalar_as_uint(sh) & 31) == 0)
            continue;
         i = isel_emit(c, JADE_ISA_OP_LEA);
         jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
         jade_instr_add_src(i, JADE_ISA_F_A, isel_src(c, a.def, a.comp));
         jade_instr_add_src(i, JADE_ISA_F_B, isel_src(c, other.def, other.comp));
         jade_instr_add_src_zero(i, JADE_ISA_F_C);
         jade_instr_set_field(i, JADE_ISA_F_SHIFT, nir_scalar_as_uint(sh) & 31);
         return true;
      }
      if (fusable(in, nir_op_iadd)) {
         nir_scalar a = nir_scalar_chase_alu_src(in, 0), b = nir_scalar_chase_alu_src(in, 1);
         i = isel_emit(c, JADE_ISA_OP_IADD3);
         jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
         jade_instr_add_src(i, JADE_ISA_F_A, isel_src(c, a.def, a.comp));
         jade_instr_add_src(i, JADE_ISA_F_B, isel_src(c, b.def, b.comp));
         jade_instr_add_src(i, JADE_ISA_F_C, isel_src(c, other.def, other.comp));
         return true;
      }
   }
   return false;
}

/* A tree of 32-bit and/or/xor/not with up to three distinct leaves: one
 * LOP3.  The truth table is the tree evaluated on the leaves' columns
 * (a 0xf0, b 0xcc, c 0xaa). */
struct lop_tree {
   nir_scalar leaves[3];
   unsigned count;
};

static bool lop_eval(struct lop_tree *t, nir_scalar s, bool root, unsigned depth, uint8_t *out);

static bool
lop_leaf(struct lop_tree *t, nir_scalar s, uint8_t *out)
{
   static const uint8_t column[3] = {0xf0, 0xcc, 0xaa};
   for (unsigned k = 0; k < t->count; k++) {
      if (nir_scalar_equal(t->leaves[k], s)) {
         *out = column[k];
         return true;
      }
   }
   if (t->count == 3)
      return false;
   t->leaves[t->count] = s;
   *out = column[t->count++];
   return true;
}

/* A source: expanded when it is a single-use logic op and the leaves fit,
 * else a leaf. */
static bool
lop_child(struct lop_tree *t, nir_scalar s, unsigned depth, uint8_t *out)
{
   struct lop_tree saved = *t;
   if (depth < 4 && lop_eval(t, s, false, depth + 1, out))
      return true;
   *t = saved;
   return lop_leaf(t, s, out);
}

static bool
lop_eval(struct lop_tree *t, nir_scalar s, bool root, unsigned depth, uint8_t *out)
{
   if (!nir_scalar_is_alu(s) || s.def->bit_size != 32)
      return false;
   nir_op op = nir_scalar_alu_op(s);
   if (op != nir_op_iand && op != nir_op_ior && op != nir_op_ixor && op != nir_op_inot)
      return false;
   if (!root && (s.def->num_components != 1 || !list_is_singular(&s.def->uses)))
      return false;
   uint8_t a, b = 0;
   if (!lop_child(t, nir_scalar_chase_alu_src(s, 0), depth, &a))
      return false;
   if (op == nir_op_inot) {
      *out = (uint8_t)~a;
      return true;
   }
   if (!lop_child(t, nir_scalar_chase_alu_src(s, 1), depth, &b))
      return false;
   *out = op == nir_op_iand ? a & b : op == nir_op_ior ? a | b : a ^ b;
   return true;
}

static bool
isel_lop3_tree(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   struct lop_tree t = {.count = 0};
   uint8_t lut;
   if (!lop_eval(&t, nir_get_scalar(&alu->def, 0), true, 0, &lut))
      return false;
   /* Only worth it when it swallowed another op (else the plain path,
    * which also folds constants, does as well). */
   unsigned ops = nir_op_infos[alu->op].num_inputs;
   if (t.count <= ops && !(alu->op == nir_op_inot && t.count == 1 && lut != 0x0f))
      return false;
   static const enum jade_isa_field fields[3] = {JADE_ISA_F_A, JADE_ISA_F_B, JADE_ISA_F_C};
   struct jade_instr *i = isel_emit(c, JADE_ISA_OP_LOP3);
   jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
   for (unsigned k = 0; k < 3; k++) {
      if (k < t.count)
         jade_instr_add_src(i, fields[k], isel_src(c, t.leaves[k].def, t.leaves[k].comp));
      else
         jade_instr_add_src_zero(i, fields[k]);
   }
   jade_instr_set_field(i, JADE_ISA_F_LUT, lut);
   jade_instr_set_field(i, JADE_ISA_F_P_NOT, 1);
   return true;
}

/* a + u2u64(z): one IMAD.WIDE.U32 dst, z, 1, a (addresses are built so). */
static bool
isel_iadd64_wide(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   for (unsigned k = 0; k < 2; k++) {
      nir_scalar z = nir_scalar_chase_alu_src(nir_get_scalar(&alu->def, 0), k);
      if (!nir_scalar_is_alu(z) || nir_scalar_alu_op(z) != nir_op_u2u64)
         continue;
      nir_scalar inner = nir_scalar_chase_alu_src(z, 0);
      struct jade_value *a = isel_alu_src(c, alu, 1 - k);
      struct jade_value *zv = isel_src(c, inner.def, inner.comp);
      struct jade_instr *i = isel_emit(c, JADE_ISA_OP_IMAD_WIDE);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, zv);
      jade_instr_add_src_imm(i, JADE_ISA_F_B, 1);
      jade_instr_add_src(i, JADE_ISA_F_C, a);
      return true;
   }
   return false;
}

/* dst = a + (negate_b ? -b : b) on register pairs (a NULL: zero): IADD3 on
 * the low words with the carry out, IADD3.X on the high words.  With .X a
 * negated operand is its complement, which with the low word's borrow makes
 * the 64-bit negation. */
static void
isel_add64_pair(struct isel *c, struct jade_value *dst, struct jade_value *a, struct jade_value *b,
                bool negate_b)
{
   struct jade_value *carry = jade_value_create(c->s, JADE_FILE_PRED, 1);
   for (unsigned h = 0; h < 2; h++) {
      struct jade_instr *i = isel_emit(c, JADE_ISA_OP_IADD3);
      jade_instr_add_dst_comp(i, JADE_ISA_F_DST, dst, h);
      if (h == 0)
         jade_instr_add_dst(i, JADE_ISA_F_PD0, carry);
      if (a)
         jade_instr_add_src_comp(i, JADE_ISA_F_A, a, h);
      else
         jade_instr_add_src_zero(i, JADE_ISA_F_A);
      jade_instr_add_src_comp(i, JADE_ISA_F_B, b, h);
      if (negate_b)
         jade_instr_set_field(i, JADE_ISA_F_B_NEG, 1);
      jade_instr_add_src_zero(i, JADE_ISA_F_C);
      if (h == 1) {
         jade_instr_set_field(i, JADE_ISA_F_X, 1);
         jade_instr_add_src(i, JADE_ISA_F_CIN0, carry);
         jade_instr_set_field(i, JADE_ISA_F_CIN1_NOT, 1); /* !PT: no second carry */
      }
   }
}

static void
isel_iadd64(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   if (!isel_iadd64_wide(c, alu, dst))
      isel_add64_pair(c, dst, isel_alu_src(c, alu, 0), isel_alu_src(c, alu, 1), false);
}

/* LOP3 truth tables of a, b with c = RZ. */
#define LUT_AND 0xc0

#define LUT_OR 0xfc

#define LUT_XOR 0x3c

/* dst = a <op> b through FADD with modifiers: x + (-0) is x for every x,
 * so FADD with -RZ implements moves with neg/abs/sat. */
static void
isel_fadd_mods(struct isel *c, struct jade_value *dst, struct jade_value *a, bool neg, bool abs,
               bool sat)
{
   struct jade_instr *i = isel_emit(c, JADE_ISA_OP_FADD);
   jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
   jade_instr_add_src(i, JADE_ISA_F_A, a);
   jade_instr_add_src_zero(i, JADE_ISA_F_B);
   jade_instr_set_field(i, JADE_ISA_F_B_NEG, 1);
   if (neg)
      jade_instr_set_field(i, JADE_ISA_F_A_NEG, 1);
   if (abs)
      jade_instr_set_field(i, JADE_ISA_F_A_ABS, 1);
   if (sat)
      jade_instr_set_field(i, JADE_ISA_F_SAT, 1);
   isel_ftz(c, i);
}

/* ISETP/FSETP into a predicate: pd0 = a <cmp> b (AND PT). */
static void
isel_setp(struct isel *c, nir_alu_instr *alu, struct jade_value *dst, bool is_float, unsigned cmp,
          bool is_signed)
{
   struct jade_instr *i = isel_emit(c, is_float ? JADE_ISA_OP_FSETP : JADE_ISA_OP_ISETP);
   jade_instr_add_dst(i, JADE_ISA_F_PD0, dst);
   jade_instr_add_src(i, JADE_ISA_F_A, isel_alu_src(c, alu, 0));
   isel_add_b(c, i, alu, 1);
   jade_instr_set_field(i, JADE_ISA_F_CMP, cmp);
   if (!is_float && is_signed)
      jade_instr_set_field(i, JADE_ISA_F_SIGNED, JADE_ISA_V_SIGNED_S32);
   if (is_float)
      isel_ftz(c, i);
}

/* MUFU of one source. */
static void
isel_mufu(struct isel *c, struct jade_value *dst, struct jade_value *a, unsigned func)
{
   struct jade_instr *i = isel_emit(c, JADE_ISA_OP_MUFU);
   jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
   jade_instr_add_src(i, JADE_ISA_F_B, a);
   jade_instr_set_field(i, JADE_ISA_F_FUNC, func);
}

/* One-source conversions and roundings (variable latency, XU). */
static void
isel_unary(struct isel *c, enum jade_isa_op op, struct jade_value *dst, struct jade_value *a)
{
   struct jade_instr *i = isel_emit(c, op);
   jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
   jade_instr_add_src(i, JADE_ISA_F_B, a);
}

static bool
isel_alu_more(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   nir_op op = alu->op;
   unsigned bits = alu->def.bit_size;
   unsigned src_bits = nir_op_infos[op].num_inputs ? alu->src[0].src.ssa->bit_size : 0;
   struct jade_instr *i;
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
         i = isel_emit(c, JADE_ISA_OP_PLOP3);
         jade_instr_add_dst(i, JADE_ISA_F_PD0, dst);
         jade_instr_add_src(i, JADE_ISA_F_A, p);
         jade_instr_add_src(i, JADE_ISA_F_B, a);
         jade_instr_add_src(i, JADE_ISA_F_C, b);
         jade_instr_set_field(i, JADE_ISA_F_LUT, 0xca);
         return true;
      }
      if (bits == 64) {
         struct jade_value *p = isel_bool_alu_src(c, alu, 0);
         struct jade_value *a = isel_alu_src(c, alu, 1), *b = isel_alu_src(c, alu, 2);
         for (unsigned h = 0; h < 2; h++) {
            i = isel_emit(c, JADE_ISA_OP_SEL);
            jade_instr_add_dst_comp(i, JADE_ISA_F_DST, dst, h);
            jade_instr_add_src_comp(i, JADE_ISA_F_A, a, h);
            jade_instr_add_src_comp(i, JADE_ISA_F_B, b, h);
            jade_instr_add_src(i, JADE_ISA_F_P, p);
         }
         return true;
      }
      if (bits != 32)
         return false;
      isel_sel(c, dst, isel_bool_alu_src(c, alu, 0), isel_alu_src(c, alu, 1),
               isel_alu_src(c, alu, 2), false, 0);
      return true;
   case nir_op_b2b32: {
      /* A boolean as 0 / ~0 in a GPR. */
      struct jade_value *p = isel_bool_alu_src(c, alu, 0);
      i = isel_emit(c, JADE_ISA_OP_SEL);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src_zero(i, JADE_ISA_F_A);
      jade_instr_add_src_imm(i, JADE_ISA_F_B, 0xffffffffu);
      jade_instr_add_src(i, JADE_ISA_F_P, p);
      jade_instr_set_field(i, JADE_ISA_F_P_NOT, 1);
      return true;
   }
   case nir_op_b2i32:
   case nir_op_b2f32:
      /* SEL dst, RZ, imm, !p: p ? imm : 0. */
      isel_sel(c, dst, isel_bool_alu_src(c, alu, 0), NULL, NULL, true,
               op == nir_op_b2i32 ? 1 : 0x3f800000);
      jade_instr_set_field(isel_last_instr(c), JADE_ISA_F_P_NOT, 1);
      return true;
   case nir_op_iand:
   case nir_op_ior:
   case nir_op_ixor:
      if (bits != 1)
         return false;
      isel_plop3(c, dst, isel_bool_alu_src(c, alu, 0), isel_bool_alu_src(c, alu, 1),
                 op == nir_op_iand  ? 0xc0
                 : op == nir_op_ior ? 0xfc
                                    : 0x3c);
      return true;
   case nir_op_inot:
      if (bits == 1) {
         isel_plop3(c, dst, isel_bool_alu_src(c, alu, 0), NULL, 0x0f);
      } else if (bits == 32 && isel_lop3_tree(c, alu, dst)) {
         return true;
      } else if (bits == 32) {
         i = isel_emit(c, JADE_ISA_OP_LOP3);
         jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
         jade_instr_add_src(i, JADE_ISA_F_A, isel_alu_src(c, alu, 0));
         jade_instr_add_src_zero(i, JADE_ISA_F_B);
         jade_instr_add_src_zero(i, JADE_ISA_F_C);
         jade_instr_set_field(i, JADE_ISA_F_LUT, 0x0f);
         jade_instr_set_field(i, JADE_ISA_F_P_NOT, 1);
      } else {
         return false;
      }
      return true;
   case nir_op_imin:
   case nir_op_imax:
   case nir_op_umin:
   case nir_op_umax:
   case nir_op_fmin:
   case nir_op_fmax: {
      if (bits != 32)
         return false;
      bool is_float = op == nir_op_fmin || op == nir_op_fmax;
      bool is_max = op == nir_op_imax || op == nir_op_umax || op == nir_op_fmax;
      i = isel_emit(c, is_float ? JADE_ISA_OP_FMNMX : JADE_ISA_OP_IMNMX);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, isel_alu_src(c, alu, 0));
      isel_add_b(c, i, alu, 1);
      jade_instr_add_src_zero(i, JADE_ISA_F_P); /* PT: min, !PT: max */
      if (is_max)
         jade_instr_set_field(i, JADE_ISA_F_P_NOT, 1);
      if (op == nir_op_imin || op == nir_op_imax)
         jade_instr_set_field(i, JADE_ISA_F_SIGNED, JADE_ISA_V_SIGNED_S32);
      if (is_float)
         isel_ftz(c, i);
      return true;
   }
   case nir_op_fneg:
   case nir_op_fabs:
   case nir_op_fsat:
      if (bits != 32)
         return false;
      isel_fadd_mods(c, dst, isel_alu_src(c, alu, 0), op == nir_op_fneg, op == nir_op_fabs,
                     op == nir_op_fsat);
      return true;
   case nir_op_ineg:
      if (bits == 64) {
         isel_add64_pair(c, dst, NULL, isel_alu_src(c, alu, 0), true);
         return true;
      }
      if (bits != 32)
         return false;
      i = isel_emit(c, JADE_ISA_OP_IADD3);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src_zero(i, JADE_ISA_F_A);
      jade_instr_add_src(i, JADE_ISA_F_B, isel_alu_src(c, alu, 0));
      jade_instr_set_field(i, JADE_ISA_F_B_NEG, 1);
      jade_instr_add_src_zero(i, JADE_ISA_F_C);
      return true;
   case nir_op_bitfield_reverse:
   case nir_op_bit_count:
   case nir_op_ufind_msb:
   case nir_op_ifind_msb:
      if (bits != 32 || alu->src[0].src.ssa->bit_size != 32)
         return false;
      /* BREV, POPC, FLO (.U32: -1 for 0; signed: the first bit unlike the
       * sign, as GLSL's findMSB). */
      isel_unary(c,
                 op == nir_op_bitfield_reverse ? JADE_ISA_OP_BREV
                 : op == nir_op_bit_count      ? JADE_ISA_OP_POPC
                                               : JADE_ISA_OP_FLO,
                 dst, isel_alu_src(c, alu, 0));
      if (op == nir_op_ifind_msb)
         jade_instr_set_field(isel_last_instr(c), JADE_ISA_F_SIGNED, JADE_ISA_V_SIGNED_S32);
      return true;
   case nir_op_find_lsb: {
      if (bits != 32)
         return false;
      /* The leading one of the reversed bits, as a shift amount. */
      struct jade_value *rev = isel_new_value(c, 32);
      isel_unary(c, JADE_ISA_OP_BREV, rev, isel_alu_src(c, alu, 0));
      isel_unary(c, JADE_ISA_OP_FLO, dst, rev);
      jade_instr_set_field(isel_last_instr(c), JADE_ISA_F_SH, 1);
      return true;
   }
   case nir_op_iabs:
      if (bits != 32)
         return false;
      isel_unary(c, JADE_ISA_OP_IABS, dst, isel_alu_src(c, alu, 0));
      return true;
   case nir_op_frcp:
   case nir_op_frsq:
   case nir_op_fsqrt:
   case nir_op_fexp2:
   case nir_op_flog2:
      if (bits != 32)
         return false;
      isel_mufu(c, dst, isel_alu_src(c, alu, 0),
                op == nir_op_frcp    ? JADE_ISA_V_FUNC_RCP
                : op == nir_op_frsq  ? JADE_ISA_V_FUNC_RSQ
                : op == nir_op_fsqrt ? JADE_ISA_V_FUNC_SQRT
                : op == nir_op_fexp2 ? JADE_ISA_V_FUNC_EX2
                                     : JADE_ISA_V_FUNC_LG2);
      return true;
   case nir_op_fsin:
   case nir_op_fcos: {
      if (bits != 32)
         return false;
      /* MUFU.SIN/COS take turns: scale by 1/(2 pi) first, as ptxas does. */
      struct jade_value *t = isel_new_value(c, 32);
      i = isel_emit(c, JADE_ISA_OP_FMUL);
      jade_instr_add_dst(i, JADE_ISA_F_DST, t);
      jade_instr_add_src(i, JADE_ISA_F_A, isel_alu_src(c, alu, 0));
      jade_instr_add_src_imm(i, JADE_ISA_F_B, 0x3e22f983); /* 0.15915494 */
      isel_mufu(c, dst, t, op == nir_op_fsin ? JADE_ISA_V_FUNC_SIN : JADE_ISA_V_FUNC_COS);
      return true;
   }
   case nir_op_i2f32:
   case nir_op_u2f32:
      if (src_bits != 32)
         return false;
      isel_unary(c, JADE_ISA_OP_I2F, dst, isel_alu_src(c, alu, 0));
      jade_instr_set_field(isel_last_instr(c), JADE_ISA_F_ST,
                           op == nir_op_i2f32 ? JADE_ISA_V_ST_S32 : JADE_ISA_V_ST_U32);
      return true;
   case nir_op_f2i32:
   case nir_op_f2u32:
      if (src_bits != 32)
         return false;
      isel_unary(c, JADE_ISA_OP_F2I, dst, isel_alu_src(c, alu, 0));
      jade_instr_set_field(isel_last_instr(c), JADE_ISA_F_DT,
                           op == nir_op_f2i32 ? JADE_ISA_V_DT_S32 : JADE_ISA_V_DT_U32);
      jade_instr_set_field(isel_last_instr(c), JADE_ISA_F_RND, JADE_ISA_V_RND_TRUNC);
      jade_instr_set_field(isel_last_instr(c), JADE_ISA_F_NTZ, 1);
      isel_ftz(c, isel_last_instr(c));
      return true;
   case nir_op_umul_high:
   case nir_op_imul_high:
      if (bits != 32)
         return false;
      /* The high word of a*b + 0 (IMAD.HI adds a 64-bit pair: RZ). */
      i = isel_emit(c, JADE_ISA_OP_IMAD_HI);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, isel_alu_src(c, alu, 0));
      jade_instr_add_src(i, JADE_ISA_F_B, isel_alu_src(c, alu, 1));
      jade_instr_add_src_zero(i, JADE_ISA_F_C);
      if (op == nir_op_imul_high)
         jade_instr_set_field(i, JADE_ISA_F_SIGNED, JADE_ISA_V_SIGNED_S32);
      return true;
   case nir_op_b2b1:
      if (src_bits == 1) {
         isel_plop3(c, dst, isel_bool_alu_src(c, alu, 0), NULL, 0xf0);
         return true;
      }
      if (src_bits != 32)
         return false;
      /* A 32-bit boolean: != 0. */
      i = isel_emit(c, JADE_ISA_OP_ISETP);
      jade_instr_add_dst(i, JADE_ISA_F_PD0, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, isel_alu_src(c, alu, 0));
      jade_instr_add_src_zero(i, JADE_ISA_F_B);
      jade_instr_set_field(i, JADE_ISA_F_CMP, JADE_ISA_V_CMP_NE);
      return true;
   case nir_op_ffract: {
      /* x - floor(x) */
      if (bits != 32)
         return false;
      struct jade_value *x = isel_alu_src(c, alu, 0), *fl = isel_new_value(c, 32);
      isel_unary(c, JADE_ISA_OP_FRND, fl, x);
      jade_instr_set_field(isel_last_instr(c), JADE_ISA_F_RND, JADE_ISA_V_RND_FLOOR);
      isel_ftz(c, isel_last_instr(c));
      i = isel_emit(c, JADE_ISA_OP_FADD);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, x);
      jade_instr_add_src(i, JADE_ISA_F_B, fl);
      jade_instr_set_field(i, JADE_ISA_F_B_NEG, 1);
      isel_ftz(c, i);
      return true;
   }
   case nir_op_ffloor:
   case nir_op_fceil:
   case nir_op_ftrunc:
   case nir_op_fround_even:
      if (bits != 32)
         return false;
      isel_unary(c, JADE_ISA_OP_FRND, dst, isel_alu_src(c, alu, 0));
      jade_instr_set_field(isel_last_instr(c), JADE_ISA_F_RND,
                           op == nir_op_ffloor   ? JADE_ISA_V_RND_FLOOR
                           : op == nir_op_fceil  ? JADE_ISA_V_RND_CEIL
                           : op == nir_op_ftrunc ? JADE_ISA_V_RND_TRUNC
                                                 : JADE_ISA_V_RND_RN);
      isel_ftz(c, isel_last_instr(c));
      return true;
   default:
      return false;
   }
}

bool
isel_alu(struct isel *c, nir_alu_instr *alu)
{
   unsigned bits = alu->def.bit_size;
   nir_op op = alu->op;

   if (op == nir_op_vec2 || op == nir_op_vec3 || op == nir_op_vec4 || op == nir_op_mov) {
      for (unsigned k = 0; k < alu->def.num_components; k++) {
         unsigned i = op == nir_op_mov ? 0 : k;
         unsigned swz = alu->src[i].swizzle[op == nir_op_mov ? k : 0];
         isel_set_def(c, &alu->def, k, isel_src(c, alu->src[i].src.ssa, swz));
      }
      return true;
   }
   if (op == nir_op_unpack_64_2x32) {
      /* The two words of a 64-bit value: its registers. */
      struct jade_value *v = isel_alu_src(c, alu, 0);
      for (unsigned k = 0; k < 2; k++) {
         struct jade_value *w = isel_new_value(c, 32);
         struct jade_instr *m = isel_emit(c, JADE_ISA_OP_MOV);
         jade_instr_add_dst(m, JADE_ISA_F_DST, w);
         jade_instr_add_src_comp(m, JADE_ISA_F_B, v, k);
         isel_set_def(c, &alu->def, k, w);
      }
      return true;
   }
   if (alu->def.num_components != 1)
      return jade_ir_error(c->s, "vector ALU op %s (scalarisation missed it)",
                           nir_op_infos[op].name);

   struct jade_value *dst = isel_new_value(c, bits);
   isel_set_def(c, &alu->def, 0, dst);
   if ((bits == 64 || alu->src[0].src.ssa->bit_size == 64) && isel_alu_fp64(c, alu, dst)) {
      if (bits == 1 && c->bools_in_gpr)
         isel_set_def(c, &alu->def, 0, isel_bool_to_gpr(c, dst));
      return true;
   }
   struct jade_instr *i;
   switch (op) {
   case nir_op_iadd:
      if (bits == 64) {
         isel_iadd64(c, alu, dst);
         return true;
      }
      if (isel_iadd_fused(c, alu, dst))
         return true;
      i = isel_emit(c, JADE_ISA_OP_IADD3);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, isel_alu_src(c, alu, 0));
      isel_add_b(c, i, alu, 1);
      jade_instr_add_src_zero(i, JADE_ISA_F_C);
      return true;
   case nir_op_imul:
      if (bits != 32)
         break;
      i = isel_emit(c, JADE_ISA_OP_IMAD);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, isel_alu_src(c, alu, 0));
      isel_add_b(c, i, alu, 1);
      jade_instr_add_src_zero(i, JADE_ISA_F_C);
      jade_instr_set_field(i, JADE_ISA_F_SIGNED, JADE_ISA_V_SIGNED_S32);
      return true;
   case nir_op_ishl:
   case nir_op_ushr:
   case nir_op_ishr: {
      if (bits != 32)
         break;
      bool left = op == nir_op_ishl;
      i = isel_emit(c, JADE_ISA_OP_SHF);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      /* SHF funnels c:a; a left shift takes a, a right shift the high word. */
      if (left) {
         jade_instr_add_src(i, JADE_ISA_F_A, isel_alu_src(c, alu, 0));
         jade_instr_add_src_zero(i, JADE_ISA_F_C);
      } else {
         jade_instr_add_src_zero(i, JADE_ISA_F_A);
         jade_instr_add_src(i, JADE_ISA_F_C, isel_alu_src(c, alu, 0));
         jade_instr_set_field(i, JADE_ISA_F_HI, 1);
      }
      isel_add_b(c, i, alu, 1);
      /* NIR masks the shift count to 0..31: SHF's .W wraps it the same way. */
      jade_instr_set_field(i, JADE_ISA_F_W, 1);
      jade_instr_set_field(i, JADE_ISA_F_RIGHT, !left);
      jade_instr_set_field(i, JADE_ISA_F_TYPE,
                           op == nir_op_ishr ? JADE_ISA_V_SHF_TYPE_S32 : JADE_ISA_V_SHF_TYPE_U32);
      return true;
   }
   case nir_op_iand:
   case nir_op_ior:
   case nir_op_ixor:
      if (bits != 32)
         break;
      if (isel_lop3_tree(c, alu, dst))
         return true;
      i = isel_emit(c, JADE_ISA_OP_LOP3);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, isel_alu_src(c, alu, 0));
      isel_add_b(c, i, alu, 1);
      jade_instr_add_src_zero(i, JADE_ISA_F_C);
      jade_instr_set_field(i, JADE_ISA_F_LUT,
                           op == nir_op_iand  ? LUT_AND
                           : op == nir_op_ior ? LUT_OR
                                              : LUT_XOR);
      jade_instr_set_field(i, JADE_ISA_F_P_NOT, 1);
      return true;
   case nir_op_fadd:
   case nir_op_fmul:
      if (bits != 32)
         break;
      i = isel_emit(c, op == nir_op_fadd ? JADE_ISA_OP_FADD : JADE_ISA_OP_FMUL);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, isel_alu_src(c, alu, 0));
      isel_add_b(c, i, alu, 1);
      isel_ftz(c, i);
      return true;
   case nir_op_fsub:
   case nir_op_isub:
      if (op == nir_op_isub && bits == 64) {
         isel_add64_pair(c, dst, isel_alu_src(c, alu, 0), isel_alu_src(c, alu, 1), true);
         return true;
      }
      if (bits != 32)
         break;
      /* a + -b (operand folding puts a constant b in the immediate with
       * its sign changed: immediates have no negation modifier). */
      i = isel_emit(c, op == nir_op_fsub ? JADE_ISA_OP_FADD : JADE_ISA_OP_IADD3);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, isel_alu_src(c, alu, 0));
      jade_instr_add_src(i, JADE_ISA_F_B, isel_alu_src(c, alu, 1));
      jade_instr_set_field(i, JADE_ISA_F_B_NEG, 1);
      if (op == nir_op_isub)
         jade_instr_add_src_zero(i, JADE_ISA_F_C);
      else
         isel_ftz(c, i);
      return true;
   case nir_op_fsign: {
      if (bits != 32)
         break;
      /* (x > 0) - (x < 0) as floats: FSET.BF gives 1.0 or 0.0; a NaN
       * compares false both ways and gives 0. */
      struct jade_value *x = isel_alu_src(c, alu, 0);
      struct jade_value *gt = isel_new_value(c, 32), *lt = isel_new_value(c, 32);
      for (unsigned k = 0; k < 2; k++) {
         i = isel_emit(c, JADE_ISA_OP_FSET);
         jade_instr_add_dst(i, JADE_ISA_F_DST, k ? lt : gt);
         jade_instr_add_src(i, JADE_ISA_F_A, x);
         jade_instr_add_src_zero(i, JADE_ISA_F_B);
         jade_instr_add_src_zero(i, JADE_ISA_F_P); /* AND PT */
         jade_instr_set_field(i, JADE_ISA_F_CMP, k ? JADE_ISA_V_CMP_LT : JADE_ISA_V_CMP_GT);
      }
      i = isel_emit(c, JADE_ISA_OP_FADD);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, gt);
      jade_instr_add_src(i, JADE_ISA_F_B, lt);
      jade_instr_set_field(i, JADE_ISA_F_B_NEG, 1);
      return true;
   }
   case nir_op_ffma:
      if (bits != 32)
         break;
      i = isel_emit(c, JADE_ISA_OP_FFMA);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, isel_alu_src(c, alu, 0));
      jade_instr_add_src(i, JADE_ISA_F_B, isel_alu_src(c, alu, 1));
      jade_instr_add_src(i, JADE_ISA_F_C, isel_alu_src(c, alu, 2));
      isel_ftz(c, i);
      return true;
   case nir_op_pack_64_2x32_split:
      for (unsigned h = 0; h < 2; h++) {
         i = isel_emit(c, JADE_ISA_OP_MOV);
         jade_instr_add_dst_comp(i, JADE_ISA_F_DST, dst, h);
         jade_instr_add_src(i, JADE_ISA_F_B, isel_alu_src(c, alu, h));
      }
      return true;
   case nir_op_unpack_64_2x32_split_x:
   case nir_op_unpack_64_2x32_split_y:
      i = isel_emit(c, JADE_ISA_OP_MOV);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src_comp(i, JADE_ISA_F_B, isel_alu_src(c, alu, 0),
                              op == nir_op_unpack_64_2x32_split_y);
      return true;
   case nir_op_u2u64:
   case nir_op_i2i64: {
      if (alu->src[0].src.ssa->bit_size != 32)
         break;
      struct jade_value *a = isel_alu_src(c, alu, 0);
      i = isel_emit(c, JADE_ISA_OP_MOV);
      jade_instr_add_dst_comp(i, JADE_ISA_F_DST, dst, 0);
      jade_instr_add_src(i, JADE_ISA_F_B, a);
      if (op == nir_op_u2u64) {
         i = isel_emit(c, JADE_ISA_OP_MOV);
         jade_instr_add_dst_comp(i, JADE_ISA_F_DST, dst, 1);
         jade_instr_add_src_imm(i, JADE_ISA_F_B, 0);
      } else {
         i = isel_emit(c, JADE_ISA_OP_SHF); /* the sign, replicated */
         jade_instr_add_dst_comp(i, JADE_ISA_F_DST, dst, 1);
         jade_instr_add_src_zero(i, JADE_ISA_F_A);
         jade_instr_add_src_imm(i, JADE_ISA_F_B, 31);
         jade_instr_add_src(i, JADE_ISA_F_C, a);
         jade_instr_set_field(i, JADE_ISA_F_RIGHT, JADE_ISA_V_RIGHT_R);
         jade_instr_set_field(i, JADE_ISA_F_HI, 1);
         jade_instr_set_field(i, JADE_ISA_F_TYPE, JADE_ISA_V_SHF_TYPE_S32);
      }
      return true;
   }
   default:
      break;
   }
   if (isel_alu_more(c, alu, dst)) {
      if (bits == 1 && c->bools_in_gpr)
         isel_set_def(c, &alu->def, 0, isel_bool_to_gpr(c, dst));
      return true;
   }
   return jade_ir_error(c->s, "unsupported NIR ALU op %s (%u-bit)", nir_op_infos[op].name, bits);
}
