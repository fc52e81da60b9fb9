/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of NIR integer ALU ops: arithmetic (with the
 * multiply-add, shift-add and three-input add fusions), shifts, bitwise
 * logic (LOP3 trees), min/max and bit counting.
 */

#include "jade_isel.h"

/* A NIR scalar as an operand. */
static struct jade_ref
scalar_ref(struct isel *c, nir_scalar s)
{
   return jade_v(isel_src(c, s.def, s.comp));
}

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
      if (!fusable(in, nir_op_imul) && !fusable(in, nir_op_ishl) && !fusable(in, nir_op_iadd))
         continue;
      nir_scalar a = nir_scalar_chase_alu_src(in, 0), b = nir_scalar_chase_alu_src(in, 1);
      if (fusable(in, nir_op_imul)) {
         jade_IMAD(&c->b, jade_v(dst), scalar_ref(c, a), scalar_ref(c, b), scalar_ref(c, other),
                   .signed_ = JADE_ISA_V_SIGNED_S32);
         return true;
      }
      if (fusable(in, nir_op_ishl)) {
         if (!nir_scalar_is_const(b) || (nir_scalar_as_uint(b) & 31) == 0)
            continue;
         jade_LEA(&c->b, jade_v(dst), scalar_ref(c, a), scalar_ref(c, other), JADE_RZ,
                  .shift = nir_scalar_as_uint(b) & 31);
         return true;
      }
      if (fusable(in, nir_op_iadd)) {
         jade_IADD3(&c->b, jade_v(dst), scalar_ref(c, a), scalar_ref(c, b), scalar_ref(c, other));
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
   struct jade_ref leaf[3];
   for (unsigned k = 0; k < 3; k++)
      leaf[k] = k < t.count ? scalar_ref(c, t.leaves[k]) : JADE_RZ;
   jade_LOP3(&c->b, jade_v(dst), leaf[0], leaf[1], leaf[2], .lut = lut, .p_not = 1);
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
      struct jade_value *a = isel_alu_src(c, alu, 1 - k);
      jade_IMAD_WIDE(&c->b, jade_v(dst), scalar_ref(c, nir_scalar_chase_alu_src(z, 0)), jade_imm(1),
                     jade_v(a));
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
   jade_IADD3(&c->b, jade_comp(dst, 0), a ? jade_comp(a, 0) : JADE_RZ, jade_comp(b, 0), JADE_RZ,
              .pd0 = jade_v(carry), .b_neg = negate_b);
   jade_IADD3(&c->b, jade_comp(dst, 1), a ? jade_comp(a, 1) : JADE_RZ, jade_comp(b, 1), JADE_RZ,
              .x = 1, .b_neg = negate_b, .cin0 = jade_v(carry),
              .cin1_not = 1 /* !PT: no second carry */);
}

/* The 64-bit integer ops and the 32-bit ones. */
bool
isel_alu_int(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   nir_op op = alu->op;
   unsigned bits = alu->def.bit_size;
   switch (op) {
   case nir_op_iadd:
      if (bits == 64) {
         if (!isel_iadd64_wide(c, alu, dst))
            isel_add64_pair(c, dst, isel_alu_src(c, alu, 0), isel_alu_src(c, alu, 1), false);
         return true;
      }
      if (!isel_iadd_fused(c, alu, dst))
         jade_IADD3(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), isel_alu_b(c, alu, 1), JADE_RZ);
      return true;
   case nir_op_isub:
      if (bits == 64) {
         isel_add64_pair(c, dst, isel_alu_src(c, alu, 0), isel_alu_src(c, alu, 1), true);
         return true;
      }
      if (bits != 32)
         return false;
      /* a + -b (operand folding puts a constant b in the immediate with
       * its sign changed: immediates have no negation modifier). */
      jade_IADD3(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), isel_alu_ref(c, alu, 1), JADE_RZ,
                 .b_neg = 1);
      return true;
   case nir_op_ineg:
      if (bits == 64) {
         isel_add64_pair(c, dst, NULL, isel_alu_src(c, alu, 0), true);
         return true;
      }
      if (bits != 32)
         return false;
      jade_IADD3(&c->b, jade_v(dst), JADE_RZ, isel_alu_ref(c, alu, 0), JADE_RZ, .b_neg = 1);
      return true;
   case nir_op_imul:
      if (bits != 32)
         return false;
      jade_IMAD(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), isel_alu_b(c, alu, 1), JADE_RZ,
                .signed_ = JADE_ISA_V_SIGNED_S32);
      return true;
   case nir_op_umul_high:
   case nir_op_imul_high:
      if (bits != 32)
         return false;
      /* The high word of a*b + 0 (IMAD.HI adds a 64-bit pair: RZ). */
      jade_IMAD_HI(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), isel_alu_ref(c, alu, 1), JADE_RZ,
                   .signed_ =
                      op == nir_op_imul_high ? JADE_ISA_V_SIGNED_S32 : JADE_ISA_V_SIGNED_U32);
      return true;
   case nir_op_ishl:
   case nir_op_ushr:
   case nir_op_ishr: {
      if (bits != 32)
         return false;
      /* SHF funnels c:a; a left shift takes a, a right shift the high
       * word.  NIR masks the shift count to 0..31: SHF's .W wraps it the
       * same way. */
      bool left = op == nir_op_ishl;
      struct jade_ref x = isel_alu_ref(c, alu, 0);
      jade_SHF(&c->b, jade_v(dst), left ? x : JADE_RZ, isel_alu_b(c, alu, 1), left ? JADE_RZ : x,
               .hi = !left, .w = 1, .right = left ? JADE_ISA_V_RIGHT_L : JADE_ISA_V_RIGHT_R,
               .type = op == nir_op_ishr ? JADE_ISA_V_SHF_TYPE_S32 : JADE_ISA_V_SHF_TYPE_U32);
      return true;
   }
   case nir_op_iand:
   case nir_op_ior:
   case nir_op_ixor:
      if (bits != 32)
         return false;
      if (isel_lop3_tree(c, alu, dst))
         return true;
      jade_LOP3(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), isel_alu_b(c, alu, 1), JADE_RZ,
                .lut = isel_lut2(op), .p_not = 1);
      return true;
   case nir_op_inot:
      if (bits != 32)
         return false;
      if (!isel_lop3_tree(c, alu, dst))
         jade_LOP3(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), JADE_RZ, JADE_RZ, .lut = 0x0f,
                   .p_not = 1);
      return true;
   case nir_op_imin:
   case nir_op_imax:
   case nir_op_umin:
   case nir_op_umax:
      if (bits != 32)
         return false;
      /* The predicate picks: PT min, !PT max. */
      jade_IMNMX(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0), isel_alu_b(c, alu, 1), .p = JADE_PT,
                 .p_not = op == nir_op_imax || op == nir_op_umax,
                 .signed_ = op == nir_op_imin || op == nir_op_imax ? JADE_ISA_V_SIGNED_S32
                                                                   : JADE_ISA_V_SIGNED_U32);
      return true;
   case nir_op_iabs:
      if (bits != 32)
         return false;
      jade_IABS(&c->b, jade_v(dst), isel_alu_ref(c, alu, 0));
      return true;
   case nir_op_bitfield_reverse:
   case nir_op_bit_count:
   case nir_op_ufind_msb:
   case nir_op_ifind_msb: {
      if (bits != 32 || alu->src[0].src.ssa->bit_size != 32)
         return false;
      /* FLO .U32: -1 for 0; signed: the first bit unlike the sign, as
       * GLSL's findMSB. */
      struct jade_ref a = isel_alu_ref(c, alu, 0);
      if (op == nir_op_bitfield_reverse)
         jade_BREV(&c->b, jade_v(dst), a);
      else if (op == nir_op_bit_count)
         jade_POPC(&c->b, jade_v(dst), a);
      else
         jade_FLO(&c->b, jade_v(dst), a,
                  .signed_ =
                     op == nir_op_ifind_msb ? JADE_ISA_V_SIGNED_S32 : JADE_ISA_V_SIGNED_U32);
      return true;
   }
   case nir_op_find_lsb: {
      if (bits != 32)
         return false;
      /* The leading one of the reversed bits, as a shift amount. */
      struct jade_value *rev = isel_new_value(c, 32);
      jade_BREV(&c->b, jade_v(rev), isel_alu_ref(c, alu, 0));
      jade_FLO(&c->b, jade_v(dst), jade_v(rev), .sh = 1);
      return true;
   }
   default:
      return false;
   }
}
