/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Operand folding: an ALU instruction reads a constant (immediate or
 * c[bank][offset]) or a negated / absolute float directly instead of
 * through the MOV or FADD that selection made for it, and a saturate
 * moves into the instruction that computes the value.  Commutative ops
 * swap sources a and b so that the folded operand lands in a slot that
 * can hold it.  Whether the result can be encoded is asked of the
 * instruction's forms (jade_ir_form.c): a fold the ISA lacks is undone.
 * The MOVs and FADDs left without uses go at dead-code elimination.
 */

#include "jade_compiler_private.h"
#include "util/ralloc.h"

struct fold {
   struct jade_ir_shader *s;
   struct jade_instr **def; /* the only definition of each SSA value */
   unsigned *def_block;     /* the index of the block it is in */
   unsigned *uses;
};

enum mod_kind { MODS_NONE, MODS_FLOAT, MODS_INT };

/* How an op's a/b/c sources take modifiers, and whether a and b commute. */
static enum mod_kind
op_mods(enum jade_isa_op op, bool *commutes)
{
   *commutes = true;
   switch (op) {
   case JADE_ISA_OP_FADD:
   case JADE_ISA_OP_FMUL:
   case JADE_ISA_OP_FFMA:
   case JADE_ISA_OP_FMNMX:
   case JADE_ISA_OP_FSETP:
   case JADE_ISA_OP_FSET:
      return MODS_FLOAT;
   case JADE_ISA_OP_IADD3:
      return MODS_INT;
   /* One source, b, which takes an immediate or c[][] as the two-source
    * ops' b does (sm75_isa.yaml forms 4 and 5; MUFU's in NAK's sm70.rs
    * encode_mufu too): MUFU R, c[0x0][0x40] instead of a MOV first. */
   case JADE_ISA_OP_MUFU:
   case JADE_ISA_OP_F2I:
   case JADE_ISA_OP_FRND:
      *commutes = false;
      return MODS_FLOAT;
   case JADE_ISA_OP_IABS:
   case JADE_ISA_OP_BREV:
      *commutes = false;
      return MODS_NONE;
   /* LEA's b: (a << shift) + b, -b an integer negation (without .X,
    * where it is ~b: not folded into). */
   case JADE_ISA_OP_LEA:
      *commutes = false;
      return MODS_INT;
   case JADE_ISA_OP_IMNMX:
   case JADE_ISA_OP_LOP3:
   case JADE_ISA_OP_IMAD:
      return MODS_NONE;
   /* ISETP does not commute: in a 64-bit comparison the low-word ISETP's
    * result is the borrow of a - b, which b < a would not give (equality
    * is symmetric: may_commute). */
   case JADE_ISA_OP_ISETP:
   case JADE_ISA_OP_FSEL:
   case JADE_ISA_OP_SEL:
   case JADE_ISA_OP_SHF:
   case JADE_ISA_OP_PRMT:
   case JADE_ISA_OP_MOV:
      *commutes = false;
      return MODS_NONE;
   default:
      *commutes = false;
      return (enum mod_kind) - 1; /* not folded into */
   }
}

static const enum jade_isa_field neg_field[3] = {JADE_ISA_F_A_NEG, JADE_ISA_F_B_NEG,
                                                 JADE_ISA_F_C_NEG};
static const enum jade_isa_field abs_field[3] = {JADE_ISA_F_A_ABS, JADE_ISA_F_B_ABS,
                                                 JADE_ISA_F_C_ABS};

static int
slot_of(const struct jade_operand *o)
{
   return o->field == JADE_ISA_F_A   ? 0
          : o->field == JADE_ISA_F_B ? 1
          : o->field == JADE_ISA_F_C ? 2
                                     : -1;
}

/* The source of instr in `field`, NULL when it has none. */
static struct jade_operand *
src_in(struct jade_instr *instr, enum jade_isa_field field)
{
   for (unsigned i = 0; i < instr->src_count; i++)
      if (instr->src[i].field == field)
         return &instr->src[i];
   return NULL;
}

static void
swap_fields(struct jade_instr *instr, enum jade_isa_field x, enum jade_isa_field y)
{
   uint64_t vx = jade_instr_field(instr, x, 0), vy = jade_instr_field(instr, y, 0);
   if (vx || vy) {
      jade_instr_set_field(instr, x, vy);
      jade_instr_set_field(instr, y, vx);
   }
}

/* a <op> b as b <op'> a. */
static void
commute_ab(struct jade_instr *instr)
{
   for (unsigned i = 0; i < instr->src_count; i++) {
      if (instr->src[i].field == JADE_ISA_F_A)
         instr->src[i].field = JADE_ISA_F_B;
      else if (instr->src[i].field == JADE_ISA_F_B)
         instr->src[i].field = JADE_ISA_F_A;
   }
   swap_fields(instr, JADE_ISA_F_A_NEG, JADE_ISA_F_B_NEG);
   swap_fields(instr, JADE_ISA_F_A_ABS, JADE_ISA_F_B_ABS);
   if (instr->op == JADE_ISA_OP_LOP3) {
      /* Truth-table index bit 2 is a, bit 1 is b. */
      unsigned lut = (unsigned)jade_instr_field(instr, JADE_ISA_F_LUT, 0), out = 0;
      for (unsigned k = 0; k < 8; k++) {
         unsigned swapped = (k & 1) | ((k >> 1) & 2) | ((k << 1) & 4);
         if (lut & (1u << k))
            out |= 1u << swapped;
      }
      jade_instr_set_field(instr, JADE_ISA_F_LUT, out);
   } else if (instr->op == JADE_ISA_OP_FSETP || instr->op == JADE_ISA_OP_FSET ||
              instr->op == JADE_ISA_OP_ISETP) {
      /* a < b is b > a: LT/GT and LE/GE, ordered and unordered; the others
       * are symmetric (ISETP's T is FSETP's NUM). */
      static const uint8_t reversed[16] = {
         [JADE_ISA_V_CMP_F] = JADE_ISA_V_CMP_F,
         [JADE_ISA_V_CMP_LT] = JADE_ISA_V_CMP_GT,
         [JADE_ISA_V_CMP_EQ] = JADE_ISA_V_CMP_EQ,
         [JADE_ISA_V_CMP_LE] = JADE_ISA_V_CMP_GE,
         [JADE_ISA_V_CMP_GT] = JADE_ISA_V_CMP_LT,
         [JADE_ISA_V_CMP_NE] = JADE_ISA_V_CMP_NE,
         [JADE_ISA_V_CMP_GE] = JADE_ISA_V_CMP_LE,
         [JADE_ISA_V_CMP_NUM] = JADE_ISA_V_CMP_NUM,
         [JADE_ISA_V_CMP_NAN] = JADE_ISA_V_CMP_NAN,
         [JADE_ISA_V_CMP_LTU] = JADE_ISA_V_CMP_GTU,
         [JADE_ISA_V_CMP_EQU] = JADE_ISA_V_CMP_EQU,
         [JADE_ISA_V_CMP_LEU] = JADE_ISA_V_CMP_GEU,
         [JADE_ISA_V_CMP_GTU] = JADE_ISA_V_CMP_LTU,
         [JADE_ISA_V_CMP_NEU] = JADE_ISA_V_CMP_NEU,
         [JADE_ISA_V_CMP_GEU] = JADE_ISA_V_CMP_LEU,
         [JADE_ISA_V_FSETP_CMP_T] = JADE_ISA_V_FSETP_CMP_T,
      };
      unsigned cmp = (unsigned)jade_instr_field(instr, JADE_ISA_F_CMP, 0);
      jade_instr_set_field(instr, JADE_ISA_F_CMP, reversed[cmp & 15]);
   }
}

/* The constant a single-register SSA value is: MOV v <- imm / c[][] / RZ. */
static const struct jade_operand *
constant_of(const struct fold *f, const struct jade_operand *o)
{
   if (o->kind != JADE_OPERAND_VALUE || o->count > 1 || o->comp)
      return NULL;
   return jade_constant_loaded(f->s, f->def[o->value]);
}

/* Replaces source i by constant k (keeping its slot); modifiers on an
 * immediate are applied to its bits (immediate forms have none). */
static void
put_constant(struct jade_instr *instr, unsigned i, const struct jade_operand *k, enum mod_kind mods)
{
   uint8_t field = instr->src[i].field;
   int slot = slot_of(&instr->src[i]);
   instr->src[i] = *k;
   instr->src[i].field = field;
   if (k->kind != JADE_OPERAND_IMM || slot < 0 || mods == MODS_NONE)
      return;
   bool neg = jade_instr_field(instr, neg_field[slot], 0);
   if (mods == MODS_FLOAT) {
      if (jade_instr_field(instr, abs_field[slot], 0))
         instr->src[i].value &= 0x7fffffffu;
      if (neg)
         instr->src[i].value ^= 0x80000000u;
      jade_instr_set_field(instr, abs_field[slot], 0);
   } else if (neg) {
      instr->src[i].value = -instr->src[i].value;
   }
   jade_instr_set_field(instr, neg_field[slot], 0);
}

/* Immediate zeros as RZ: any register slot takes it (ISETP's a, SEL's a,
 * a c that must be a register), and the 32-bit slot stays free for
 * another constant.  Float modifiers stay on it: -RZ is -0.0 as -(0.0). */
static const struct jade_operand zero_operand = {.kind = JADE_OPERAND_ZERO};

static bool
is_imm_zero(const struct jade_operand *o)
{
   return o->kind == JADE_OPERAND_IMM && o->value == 0;
}

/* Sources other than i that are immediate zeros become RZ (after a
 * commute moved one into a register slot). */
static void
zeros_to_rz(struct jade_instr *instr, unsigned i)
{
   for (unsigned j = 0; j < instr->src_count; j++) {
      if (j != i && slot_of(&instr->src[j]) >= 0 && is_imm_zero(&instr->src[j])) {
         uint8_t field = instr->src[j].field;
         instr->src[j] = zero_operand;
         instr->src[j].field = field;
      }
   }
}

/* Whether a and b may swap: the op commutes, or it is an equality ISETP
 * (symmetric, unlike the ordered ones: see op_mods). */
static bool
may_commute(const struct jade_instr *instr, bool commutes)
{
   if (commutes)
      return true;
   if (instr->op != JADE_ISA_OP_ISETP || jade_instr_field(instr, JADE_ISA_F_EX, 0))
      return false;
   const uint64_t cmp = jade_instr_field(instr, JADE_ISA_F_CMP, 0);
   return cmp == JADE_ISA_V_CMP_EQ || cmp == JADE_ISA_V_CMP_NE;
}

/* Source i as constant k where the instruction's forms allow it: in its
 * slot, else with a and b swapped (an immediate zero the swap moves into
 * a register slot as RZ); an immediate zero as RZ last. */
static bool
try_constant(struct fold *f, struct jade_instr *instr, unsigned i, const struct jade_operand *k,
             enum mod_kind mods, bool commutes, const struct jade_instr_copy *saved)
{
   put_constant(instr, i, k, mods);
   if (jade_instr_form(f->s, instr) >= 0)
      return true;
   if (may_commute(&saved->instr, commutes) && saved->src[i].field == JADE_ISA_F_A) {
      jade_instr_restore(instr, saved);
      commute_ab(instr);
      put_constant(instr, i, k, mods);
      if (jade_instr_form(f->s, instr) >= 0)
         return true;
      zeros_to_rz(instr, i);
      if (jade_instr_form(f->s, instr) >= 0)
         return true;
   }
   jade_instr_restore(instr, saved);
   return false;
}

static bool
fold_constant(struct fold *f, struct jade_instr *instr, unsigned i, enum mod_kind mods,
              bool commutes)
{
   const struct jade_operand *k = constant_of(f, &instr->src[i]);
   if (!k)
      return false;
   /* LEA.X's negation is a complement, not the integer one put_constant
    * applies to an immediate. */
   if (instr->op == JADE_ISA_OP_LEA && jade_instr_field(instr, JADE_ISA_F_X, 0))
      return false;
   uint32_t old = instr->src[i].value;
   struct jade_instr_copy saved;
   jade_instr_save(&saved, instr);
   if (!try_constant(f, instr, i, k, mods, commutes, &saved) &&
       !(is_imm_zero(k) && try_constant(f, instr, i, &zero_operand, mods, commutes, &saved)))
      return false;
   f->uses[old]--;
   return true;
}

/* Whether a float op flushes denormals to zero (.FTZ; .FMZ also does). */
static bool
flushes_denormals(const struct jade_instr *i)
{
   if (i->op == JADE_ISA_OP_FMUL || i->op == JADE_ISA_OP_FFMA)
      return jade_instr_field(i, JADE_ISA_F_FMZ, JADE_ISA_V_FMZ_IEEE) != JADE_ISA_V_FMZ_IEEE;
   return jade_instr_field(i, JADE_ISA_F_FTZ, 0) != 0;
}

/* x = FADD -|y|, -RZ (selection's fneg/fabs): y and the modifiers; also
 * x = FADD -RZ, -|y| with y a constant, the shape constant folding gives
 * it when y is an immediate or c[][] (a takes registers only), so a
 * reader can take -c[][] in a slot of its own instead of x.  Adding -0 is
 * exact (y + -0 is y, -0 included).  An .FTZ on x is allowed where
 * `flushed`, the reader of x flushing its sources too (the flush then
 * happens there). */
static bool
float_mods_of(const struct fold *f, const struct jade_operand *o, struct jade_operand *y, bool *neg,
              bool *abs, bool flushed)
{
   if (o->kind != JADE_OPERAND_VALUE || o->count > 1 || o->comp)
      return false;
   const struct jade_instr *d = f->def[o->value];
   if (!d || d->op != JADE_ISA_OP_FADD || !jade_instr_is_unguarded(d) || d->src_count != 2 ||
       d->site)
      return false;
   const struct jade_operand *a = NULL, *b = NULL;
   for (unsigned k = 0; k < 2; k++) {
      if (d->src[k].field == JADE_ISA_F_A)
         a = &d->src[k];
      else if (d->src[k].field == JADE_ISA_F_B)
         b = &d->src[k];
   }
   if (!a || !b)
      return false;
   /* Which side is y, and the zero's sign (it must be -0). */
   const bool y_in_a = a->kind == JADE_OPERAND_VALUE && b->kind == JADE_OPERAND_ZERO;
   const bool y_in_b =
      a->kind == JADE_OPERAND_ZERO && (b->kind == JADE_OPERAND_IMM || b->kind == JADE_OPERAND_CBUF);
   if (!y_in_a && !y_in_b)
      return false;
   const enum jade_isa_field zero_neg = y_in_a ? JADE_ISA_F_B_NEG : JADE_ISA_F_A_NEG;
   const enum jade_isa_field zero_abs = y_in_a ? JADE_ISA_F_B_ABS : JADE_ISA_F_A_ABS;
   const enum jade_isa_field y_neg = y_in_a ? JADE_ISA_F_A_NEG : JADE_ISA_F_B_NEG;
   const enum jade_isa_field y_abs = y_in_a ? JADE_ISA_F_A_ABS : JADE_ISA_F_B_ABS;
   if (!jade_instr_field(d, zero_neg, 0) || jade_instr_field(d, zero_abs, 0))
      return false;
   for (unsigned k = 0; k < d->field_count; k++) {
      enum jade_isa_field fl = d->fields[k].field;
      if (d->fields[k].value && fl != y_neg && fl != y_abs && fl != zero_neg &&
          !(fl == JADE_ISA_F_FTZ && flushed))
         return false;
   }
   *y = y_in_a ? *a : *b;
   *neg = jade_instr_field(d, y_neg, 0);
   *abs = jade_instr_field(d, y_abs, 0);
   return true;
}

/* Whether an .FTZ on a modifier FADD x = -|y| may go when a reader of x
 * takes y with the modifiers itself: the reader flushes its sources too,
 * or it is MUFU or FSEL.  GLSL lets denormals be flushed or kept (GLSL
 * 4.60 and ES 3.00, "Range and Precision"), and MUFU flushes its source
 * anyway (the model's sim_exec_float.c; codegen folds negations into
 * MUFU alike, nv50_ir_peephole.cpp ModifierFolding). */
static bool
may_drop_flush(const struct jade_instr *i)
{
   return flushes_denormals(i) || i->op == JADE_ISA_OP_MUFU || i->op == JADE_ISA_OP_FSEL;
}

static bool
fold_float_mods(struct fold *f, struct jade_instr *instr, unsigned i)
{
   struct jade_operand y;
   bool neg, abs;
   int slot = slot_of(&instr->src[i]);
   if (slot < 0 || !float_mods_of(f, &instr->src[i], &y, &neg, &abs, may_drop_flush(instr)))
      return false;
   struct jade_instr_copy saved;
   jade_instr_save(&saved, instr);
   bool outer_neg = jade_instr_field(instr, neg_field[slot], 0);
   bool outer_abs = jade_instr_field(instr, abs_field[slot], 0);
   /* op(|-|y||) is |y|; op(-(-|y|)) composes the signs. */
   bool new_abs = outer_abs || abs;
   bool new_neg = outer_abs ? outer_neg : outer_neg != neg;
   uint32_t old = instr->src[i].value;
   y.field = instr->src[i].field;
   instr->src[i] = y;
   if (y.kind == JADE_OPERAND_IMM) {
      /* Immediate forms have no modifiers: they go into the bits. */
      if (new_abs)
         instr->src[i].value &= 0x7fffffffu;
      if (new_neg)
         instr->src[i].value ^= 0x80000000u;
      new_neg = new_abs = false;
   }
   jade_instr_set_field(instr, neg_field[slot], new_neg);
   jade_instr_set_field(instr, abs_field[slot], new_abs);
   if (jade_instr_form(f->s, instr) >= 0) {
      f->uses[old]--;
      if (y.kind == JADE_OPERAND_VALUE)
         f->uses[y.value]++;
      return true;
   }
   jade_instr_restore(instr, &saved);
   return false;
}

/* SEL reading a value an FADD only negates or takes the absolute of
 * (fneg, fabs of a select's sides): FSEL, which takes the modifiers in
 * its slots and otherwise selects the bits as SEL does (sm75_isa.yaml;
 * the model's exec_fsel). */
static void
fold_sel_float_mods(struct fold *f, struct jade_instr *instr)
{
   bool any = false;
   for (unsigned i = 0; i < instr->src_count; i++) {
      struct jade_operand y;
      bool neg, abs;
      any = any || (slot_of(&instr->src[i]) >= 0 &&
                    float_mods_of(f, &instr->src[i], &y, &neg, &abs, true));
   }
   if (!any)
      return;
   instr->op = JADE_ISA_OP_FSEL;
   bool folded = false;
   if (jade_instr_form(f->s, instr) >= 0)
      for (unsigned i = 0; i < instr->src_count; i++)
         folded = fold_float_mods(f, instr, i) || folded;
   if (!folded)
      instr->op = JADE_ISA_OP_SEL;
}

/* x = FADD -y, -RZ left for readers that take no modifiers (stores, SEL
 * of another select, EXIT's outputs) where y is an FMUL read only here:
 * the FMUL computes x itself, (-a) * b, which is exact.  An .FTZ on the
 * negation needs the FMUL to flush its result too. */
static bool
fold_negation_into_product(struct fold *f, struct jade_instr *instr)
{
   if (instr->op != JADE_ISA_OP_FADD || instr->dst_count != 1 || instr->dst[0].count ||
       !f->uses[instr->dst[0].value] || f->def[instr->dst[0].value] != instr)
      return false;
   const struct jade_operand xo = {.kind = JADE_OPERAND_VALUE, .value = instr->dst[0].value};
   struct jade_operand y;
   bool neg, abs;
   if (!float_mods_of(f, &xo, &y, &neg, &abs, true) || !neg || abs ||
       y.kind != JADE_OPERAND_VALUE || y.count > 1 || y.comp || f->uses[y.value] != 1)
      return false;
   struct jade_instr *d = f->def[y.value];
   if (!d || d->op != JADE_ISA_OP_FMUL || d->site || d->dst_count != 1 || d->dst[0].count ||
       !jade_instr_is_unguarded(d) || jade_instr_field(d, JADE_ISA_F_SAT, 0) ||
       (jade_instr_field(instr, JADE_ISA_F_FTZ, 0) && !flushes_denormals(d)))
      return false;
   jade_instr_set_field(d, JADE_ISA_F_A_NEG, !jade_instr_field(d, JADE_ISA_F_A_NEG, 0));
   if (jade_instr_form(f->s, d) < 0) {
      jade_instr_set_field(d, JADE_ISA_F_A_NEG, !jade_instr_field(d, JADE_ISA_F_A_NEG, 0));
      return false;
   }
   const uint32_t x = instr->dst[0].value;
   d->dst[0].value = x;
   f->def[x] = d;
   f->def_block[x] = f->def_block[y.value];
   f->uses[y.value] = 0;
   list_del(&instr->link);
   return true;
}

/* x + z where x = ipa * w is a perspective input's multiply by 1/w (its
 * IPA's ipa_mul) read only here: FFMA ipa, w, z, which becomes that
 * IPA's multiply site (for a flat or folded input jade_link.c's
 * unmultiply makes it ipa * 1.0 + z, or FADD ipa, z where z is an
 * immediate or c[][]).  Codegen fuses these as well; an exact add
 * (precise) is not contracted. */
static void
fuse_interpolation(struct fold *f, struct jade_block *block, struct jade_instr *instr)
{
   if (instr->op != JADE_ISA_OP_FADD || instr->exact || instr->site ||
       !jade_instr_is_unguarded(instr) || instr->dst_count != 1 || instr->dst[0].count ||
       instr->src_count != 2)
      return;
   for (unsigned i = 0; i < 2; i++) {
      const struct jade_operand *x = &instr->src[i], *z = &instr->src[1 - i];
      const int xs = slot_of(x), zs = slot_of(z);
      if (xs < 0 || zs < 0 || x->kind != JADE_OPERAND_VALUE || x->count > 1 || x->comp ||
          f->uses[x->value] != 1 || z->count > 1 ||
          (z->kind == JADE_OPERAND_VALUE && z->value == x->value) ||
          jade_instr_field(instr, abs_field[xs], 0))
         continue;
      struct jade_instr *m = f->def[x->value];
      if (!m || m->op != JADE_ISA_OP_FMUL || m->field_count || m->dst_count != 1 ||
          m->dst[0].count || !jade_instr_is_unguarded(m))
         continue;
      const struct jade_operand *a = src_in(m, JADE_ISA_F_A), *w = src_in(m, JADE_ISA_F_B);
      struct jade_instr *ipa = a && a->kind == JADE_OPERAND_VALUE ? f->def[a->value] : NULL;
      if (!ipa || ipa->op != JADE_ISA_OP_IPA || ipa->ipa_mul != m || !w ||
          w->kind != JADE_OPERAND_VALUE)
         continue;
      struct jade_instr *fma = jade_instr_create_before(f->s, block, instr, JADE_ISA_OP_FFMA);
      jade_instr_add_dst(fma, JADE_ISA_F_DST, f->s->values[instr->dst[0].value]);
      jade_instr_add_src_copy(fma, a);
      jade_instr_add_src_copy(fma, w);
      struct jade_operand c = *z;
      c.field = JADE_ISA_F_C;
      jade_instr_add_src_copy(fma, &c);
      if (jade_instr_field(instr, JADE_ISA_F_FTZ, 0))
         jade_instr_set_field(fma, JADE_ISA_F_FMZ, JADE_ISA_V_FMZ_FTZ);
      jade_instr_set_field(fma, JADE_ISA_F_SAT, jade_instr_field(instr, JADE_ISA_F_SAT, 0));
      jade_instr_set_field(fma, JADE_ISA_F_RND,
                           jade_instr_field(instr, JADE_ISA_F_RND, JADE_ISA_V_RND_RN));
      jade_instr_set_field(fma, JADE_ISA_F_A_NEG, jade_instr_field(instr, neg_field[xs], 0));
      jade_instr_set_field(fma, JADE_ISA_F_C_NEG, jade_instr_field(instr, neg_field[zs], 0));
      jade_instr_set_field(fma, JADE_ISA_F_C_ABS, jade_instr_field(instr, abs_field[zs], 0));
      if (jade_instr_form(f->s, fma) < 0) {
         list_del(&fma->link);
         return;
      }
      f->def[instr->dst[0].value] = fma;
      f->uses[x->value] = 0;
      ipa->ipa_mul = fma;
      list_del(&m->link);
      list_del(&instr->link);
      return;
   }
}

/* x = FADD.SAT y, -RZ with y computed once, by an op that saturates, and
 * used only here: the producer saturates and x becomes a copy of y (an
 * .FTZ on x only where the producer flushes its result too). */
static void
fold_saturate(struct fold *f, struct jade_instr *instr)
{
   struct jade_operand y;
   bool neg, abs;
   if (instr->op != JADE_ISA_OP_FADD || instr->dst_count != 1 ||
       !jade_instr_field(instr, JADE_ISA_F_SAT, 0))
      return;
   /* float_mods_of refuses SAT: test the shape without it. */
   struct jade_instr_copy plain;
   jade_instr_save(&plain, instr);
   jade_instr_set_field(&plain.instr, JADE_ISA_F_SAT, 0);
   struct jade_operand self = {.kind = JADE_OPERAND_VALUE, .value = instr->dst[0].value};
   struct jade_instr *saved_def = f->def[self.value];
   f->def[self.value] = &plain.instr;
   bool shape = float_mods_of(f, &self, &y, &neg, &abs, true);
   f->def[self.value] = saved_def;
   if (!shape || neg || abs || y.kind != JADE_OPERAND_VALUE || f->uses[y.value] != 1)
      return;
   struct jade_instr *p = f->def[y.value];
   if (!p || p->dst_count != 1 || !jade_instr_is_unguarded(p) ||
       (p->op != JADE_ISA_OP_FADD && p->op != JADE_ISA_OP_FMUL && p->op != JADE_ISA_OP_FFMA) ||
       jade_instr_field(p, JADE_ISA_F_SAT, 0) ||
       (flushes_denormals(instr) && !flushes_denormals(p)))
      return;
   jade_instr_set_field(p, JADE_ISA_F_SAT, 1);
   /* x = MOV y (copy propagation and dead code take it from here). */
   instr->op = JADE_ISA_OP_MOV;
   instr->field_count = 0;
   instr->src_count = 1;
   instr->src[0] = y;
   instr->src[0].field = JADE_ISA_F_B;
}

/* x = FADD y, -RZ marked as a colour clamp site, with y computed once by
 * an op that can saturate and used only here: the producer becomes the
 * site (the linker sets its .SAT) and x a copy of y, so clamping costs no
 * instruction. */
static void
fold_color_clamp(struct fold *f, struct jade_instr *instr)
{
   if (instr->site != JADE_SITE_COLOR_CLAMP || instr->op != JADE_ISA_OP_FADD ||
       instr->src_count != 2 || instr->src[0].kind != JADE_OPERAND_VALUE ||
       instr->src[0].count > 1 || instr->src[0].comp ||
       jade_instr_field(instr, JADE_ISA_F_A_NEG, 0) || jade_instr_field(instr, JADE_ISA_F_A_ABS, 0))
      return;
   struct jade_operand y = instr->src[0];
   struct jade_instr *p = f->def[y.value];
   if (!p || p->dst_count != 1 || !jade_instr_is_unguarded(p) || p->site || f->uses[y.value] != 1 ||
       (p->op != JADE_ISA_OP_FADD && p->op != JADE_ISA_OP_FMUL && p->op != JADE_ISA_OP_FFMA) ||
       jade_instr_field(p, JADE_ISA_F_SAT, 0))
      return;
   p->site = JADE_SITE_COLOR_CLAMP;
   instr->site = JADE_SITE_NONE;
   instr->op = JADE_ISA_OP_MOV;
   instr->field_count = 0;
   instr->src_count = 1;
   instr->src[0] = y;
   instr->src[0].field = JADE_ISA_F_B;
}

/* p = PLOP3(x, PT, PT) computing !x: x, or NULL. */
static const struct jade_operand *
negation_of(const struct fold *f, const struct jade_operand *o)
{
   if (o->kind != JADE_OPERAND_VALUE || f->s->values[o->value]->file != JADE_FILE_PRED)
      return NULL;
   struct jade_instr *d = f->def[o->value];
   if (!d || d->op != JADE_ISA_OP_PLOP3 || d->dst_count != 1 || !jade_instr_is_unguarded(d) ||
       jade_instr_field(d, JADE_ISA_F_A_NOT, 0) || jade_instr_field(d, JADE_ISA_F_LUT, 0) != 0x0f)
      return NULL;
   const struct jade_operand *a = src_in(d, JADE_ISA_F_A), *b = src_in(d, JADE_ISA_F_B),
                             *c = src_in(d, JADE_ISA_F_C);
   if (!a || a->kind != JADE_OPERAND_VALUE || (b && b->kind != JADE_OPERAND_ZERO) ||
       (c && c->kind != JADE_OPERAND_ZERO) || jade_instr_field(d, JADE_ISA_F_B_NOT, 0) ||
       jade_instr_field(d, JADE_ISA_F_C_NOT, 0))
      return NULL;
   return a;
}

/* The field negating a predicate source in `field`, or 0 where it has none. */
static enum jade_isa_field
not_field(const struct jade_instr *instr, enum jade_isa_field field)
{
   switch (instr->op) {
   case JADE_ISA_OP_PLOP3:
      return field == JADE_ISA_F_A   ? JADE_ISA_F_A_NOT
             : field == JADE_ISA_F_B ? JADE_ISA_F_B_NOT
             : field == JADE_ISA_F_C ? JADE_ISA_F_C_NOT
                                     : 0;
   case JADE_ISA_OP_FSETP:
   case JADE_ISA_OP_ISETP:
   case JADE_ISA_OP_SEL:
   case JADE_ISA_OP_FSEL:
      return field == JADE_ISA_F_P ? JADE_ISA_F_P_NOT : 0;
   default:
      return 0;
   }
}

/* Readers of !x read x negated (a guard's @!, a source's .not), so the
 * PLOP3 computing !x goes at dead code when all of them can. */
static void
absorb_negations(struct fold *f, struct jade_instr *instr)
{
   if (instr->pred_value >= 0) {
      struct jade_operand g = {.kind = JADE_OPERAND_VALUE, .value = (uint32_t)instr->pred_value};
      const struct jade_operand *x = negation_of(f, &g);
      if (x && !x->count && !x->comp) {
         f->uses[instr->pred_value]--;
         instr->pred_value = (int32_t)x->value;
         instr->pred_not = !instr->pred_not;
         f->uses[x->value]++;
      }
   }
   for (unsigned i = 0; i < instr->src_count; i++) {
      const enum jade_isa_field nf = not_field(instr, instr->src[i].field);
      const struct jade_operand *x = nf ? negation_of(f, &instr->src[i]) : NULL;
      if (!x)
         continue;
      f->uses[instr->src[i].value]--;
      uint8_t field = instr->src[i].field;
      instr->src[i] = *x;
      instr->src[i].field = field;
      jade_instr_set_field(instr, nf, !jade_instr_field(instr, nf, 0));
      f->uses[x->value]++;
   }
}

/* !(a <cmp> b) as a comparison: float ones with NaN on the other side
 * (LT and GEU: cmp ^ 15), integer ones in 3 bits (LT and GE: cmp ^ 7). */
static void
invert_comparison(struct jade_instr *setp)
{
   const unsigned cmp = (unsigned)jade_instr_field(setp, JADE_ISA_F_CMP, 0);
   jade_instr_set_field(setp, JADE_ISA_F_CMP, setp->op == JADE_ISA_OP_FSETP ? cmp ^ 15 : cmp ^ 7);
}

/* The comparison now computes what the PLOP3 did: it takes the PLOP3's
 * result and place (what it reads is defined before), and the PLOP3 goes. */
static void
setp_replaces(struct fold *f, struct jade_instr *setp, struct jade_instr *plop)
{
   setp->dst[0] = plop->dst[0];
   f->def[plop->dst[0].value] = setp;
   list_del(&setp->link);
   list_add(&setp->link, &plop->link);
   list_del(&plop->link);
}

/* The comparison (FSETP/ISETP into one predicate, unguarded, not a
 * 64-bit chain's) that alone defines o, read only once and in `block`:
 * one the fold may rewrite and move down to its reader. */
static struct jade_instr *
single_use_setp(const struct fold *f, const struct jade_operand *o, const struct jade_block *block)
{
   if (o->kind != JADE_OPERAND_VALUE || f->uses[o->value] != 1 ||
       f->def_block[o->value] != block->index)
      return NULL;
   struct jade_instr *d = f->def[o->value];
   if (!d || (d->op != JADE_ISA_OP_FSETP && d->op != JADE_ISA_OP_ISETP) || d->dst_count != 1 ||
       !jade_instr_is_unguarded(d) || d->site || jade_instr_field(d, JADE_ISA_F_EX, 0))
      return NULL;
   return d;
}

/* p = !x where x is a comparison only p reads: the inverse comparison,
 * its combination by De Morgan (!(x AND y) is !x OR !y; !(x XOR y) is
 * !x XOR y), and the PLOP3 goes. */
static bool
fold_negated_setp(struct fold *f, struct jade_block *block, struct jade_instr *instr)
{
   struct jade_operand self = {.kind = JADE_OPERAND_VALUE};
   if (instr->dst_count != 1)
      return false;
   self.value = instr->dst[0].value;
   const struct jade_operand *x = negation_of(f, &self);
   struct jade_instr *setp = x ? single_use_setp(f, x, block) : NULL;
   if (!setp)
      return false;
   invert_comparison(setp);
   const unsigned bop = (unsigned)jade_instr_field(setp, JADE_ISA_F_BOP, JADE_ISA_V_BOP_AND);
   const struct jade_operand *pc = src_in(setp, JADE_ISA_F_P);
   const bool p_true =
      (!pc || pc->kind == JADE_OPERAND_ZERO) && !jade_instr_field(setp, JADE_ISA_F_P_NOT, 0);
   /* x AND PT: only the comparison turns. */
   if (bop != JADE_ISA_V_BOP_XOR && !(bop == JADE_ISA_V_BOP_AND && p_true)) {
      jade_instr_set_field(setp, JADE_ISA_F_BOP,
                           bop == JADE_ISA_V_BOP_AND ? JADE_ISA_V_BOP_OR : JADE_ISA_V_BOP_AND);
      jade_instr_set_field(setp, JADE_ISA_F_P_NOT, !jade_instr_field(setp, JADE_ISA_F_P_NOT, 0));
   }
   setp_replaces(f, setp, instr);
   return true;
}

/* A single-use comparison (single_use_setp) that combines nothing yet
 * (pd0 = a <cmp> b AND PT): it can take its reader's logic. */
static struct jade_instr *
plain_setp(const struct fold *f, const struct jade_operand *o, const struct jade_block *block)
{
   struct jade_instr *d = single_use_setp(f, o, block);
   if (!d || jade_instr_field(d, JADE_ISA_F_BOP, JADE_ISA_V_BOP_AND) != JADE_ISA_V_BOP_AND ||
       jade_instr_field(d, JADE_ISA_F_P_NOT, 0))
      return NULL;
   const struct jade_operand *pc = src_in(d, JADE_ISA_F_P);
   return pc && pc->kind != JADE_OPERAND_ZERO ? NULL : d;
}

/* p = PLOP3(x, y, PT) computing x AND / OR / XOR y, either side maybe
 * negated, where x is a comparison only p reads: the comparison combines
 * y itself (FSETP/ISETP's bop with y as its predicate source; a negated x
 * as the inverse comparison), as codegen's predicate folding does, and the
 * PLOP3 goes.  The comparison moves down to the PLOP3's place (y may be
 * computed between them).  Whether it folded (and the PLOP3 is gone). */
static bool
fold_predicate_logic(struct fold *f, struct jade_block *block, struct jade_instr *instr)
{
   if (instr->op != JADE_ISA_OP_PLOP3 || instr->dst_count != 1 || !jade_instr_is_unguarded(instr) ||
       jade_instr_field(instr, JADE_ISA_F_A_NOT, 0) || jade_instr_field(instr, JADE_ISA_F_B_NOT, 0))
      return false;
   struct jade_operand *a = src_in(instr, JADE_ISA_F_A), *b = src_in(instr, JADE_ISA_F_B),
                       *c = src_in(instr, JADE_ISA_F_C);
   const unsigned lut = (unsigned)jade_instr_field(instr, JADE_ISA_F_LUT, 0);
   /* c unread (PT): the table's index bit 0 does not matter. */
   if (!a || !b || (c && c->kind != JADE_OPERAND_ZERO) || ((lut ^ (lut >> 1)) & 0x55) ||
       b->kind != JADE_OPERAND_VALUE)
      return false;
   /* f(x, y) over the four (x, y) with x index bit 2, y bit 1. */
   unsigned table = 0;
   for (unsigned k = 0; k < 4; k++)
      table |= (lut >> (2 * k) & 1) << k; /* k = x << 1 | y */
   for (unsigned side = 0; side < 2; side++) {
      struct jade_operand *x = side ? b : a, *y = side ? a : b;
      struct jade_instr *setp = plain_setp(f, x, block);
      if (!setp || y->kind != JADE_OPERAND_VALUE)
         continue;
      for (unsigned bop = 0; bop < 3; bop++) {
         for (unsigned nx = 0; nx < 2; nx++) {
            for (unsigned ny = 0; ny < 2; ny++) {
               unsigned t = 0;
               for (unsigned k = 0; k < 4; k++) {
                  /* k's bit 1 is PLOP3's a, bit 0 its b. */
                  unsigned va = k >> 1 & 1, vb = k & 1;
                  unsigned vx = (side ? vb : va) ^ nx, vy = (side ? va : vb) ^ ny;
                  unsigned r = bop == JADE_ISA_V_BOP_AND  ? (vx & vy)
                               : bop == JADE_ISA_V_BOP_OR ? (vx | vy)
                                                          : (vx ^ vy);
                  t |= r << k;
               }
               if (t != table)
                  continue;
               if (nx)
                  invert_comparison(setp);
               jade_instr_set_field(setp, JADE_ISA_F_BOP, bop);
               jade_instr_set_field(setp, JADE_ISA_F_P_NOT, ny);
               struct jade_operand *pc = src_in(setp, JADE_ISA_F_P);
               struct jade_operand yv = *y;
               yv.field = JADE_ISA_F_P;
               if (pc)
                  *pc = yv;
               else
                  jade_instr_add_src(setp, JADE_ISA_F_P, f->s->values[y->value]);
               setp_replaces(f, setp, instr);
               return true;
            }
         }
      }
   }
   return false;
}

/* The constants of an instruction's ALU slots into it, the one the fewest
 * other instructions read first: where only one of two fits (FMUL c[][],
 * imm), the other stays in its register, and a constant many read keeps
 * one register for all of them while each folds its own (dolphin's
 * colour scaling: one MOV of 0.99609375 for eight FMULs by c[][], not
 * eight MOVs of the c[][]). */
static void
fold_constants(struct fold *f, struct jade_instr *instr, enum mod_kind mods, bool commutes)
{
   unsigned order[JADE_MAX_SRCS], n = 0;
   for (unsigned i = 0; i < instr->src_count; i++) {
      if (slot_of(&instr->src[i]) < 0)
         continue;
      unsigned k = n++;
      const unsigned uses_i =
         instr->src[i].kind == JADE_OPERAND_VALUE ? f->uses[instr->src[i].value] : 0;
      for (; k > 0; k--) {
         const struct jade_operand *o = &instr->src[order[k - 1]];
         if ((o->kind == JADE_OPERAND_VALUE ? f->uses[o->value] : 0) <= uses_i)
            break;
         order[k] = order[k - 1];
      }
      order[k] = i;
   }
   for (unsigned k = 0; k < n; k++)
      fold_constant(f, instr, order[k], mods, commutes);
}

/* Immediates loaded into registers in the block being folded (one MOV a
 * block for each, shared by its readers there). */
#define IMM_CACHE_SIZE 16
struct imm_cache {
   unsigned count;
   uint32_t bits[IMM_CACHE_SIZE];
   uint32_t value[IMM_CACHE_SIZE];
};

/* x <op> imm where x is a c[][] loaded into a register for this reader
 * alone: the immediate in a register instead, the c[][] in the slot.
 * Several readers of one immediate (fract(u * 0.99609375) over a vec4
 * uniform) then share one MOV, where each had its own of the c[][]. */
static void
fold_cbuf_for_imm(struct fold *f, struct jade_block *block, struct jade_instr *instr,
                  enum mod_kind mods, bool commutes, struct imm_cache *cache)
{
   for (unsigned i = 0; i < instr->src_count; i++) {
      const struct jade_operand *k = constant_of(f, &instr->src[i]);
      if (slot_of(&instr->src[i]) < 0 || !k || k->kind != JADE_OPERAND_CBUF ||
          f->uses[instr->src[i].value] != 1)
         continue;
      for (unsigned j = 0; j < instr->src_count; j++) {
         if (j == i || slot_of(&instr->src[j]) < 0 || instr->src[j].kind != JADE_OPERAND_IMM)
            continue;
         const uint32_t bits = instr->src[j].value;
         int w = -1;
         for (unsigned c = 0; c < cache->count; c++)
            if (cache->bits[c] == bits)
               w = (int)cache->value[c];
         struct jade_instr *mov = NULL;
         if (w < 0) {
            struct jade_value *v = jade_value_create(f->s, JADE_FILE_GPR, 1);
            mov = jade_instr_create_before(f->s, block, instr, JADE_ISA_OP_MOV);
            jade_instr_add_dst(mov, JADE_ISA_F_DST, v);
            jade_instr_add_src_imm(mov, JADE_ISA_F_B, bits);
            w = (int)v->index;
            f->def[w] = mov;
            f->def_block[w] = block->index;
         }
         struct jade_instr_copy saved;
         jade_instr_save(&saved, instr);
         instr->src[j] = (struct jade_operand){.kind = JADE_OPERAND_VALUE,
                                               .field = instr->src[j].field,
                                               .value = (uint32_t)w};
         f->uses[w]++;
         if (fold_constant(f, instr, i, mods, commutes)) {
            if (mov && cache->count < IMM_CACHE_SIZE) {
               cache->bits[cache->count] = bits;
               cache->value[cache->count++] = (uint32_t)w;
            }
            return;
         }
         f->uses[w]--;
         jade_instr_restore(instr, &saved);
         if (mov)
            list_del(&mov->link);
      }
   }
}

void
jade_opt_fold_operands(struct jade_ir_shader *s)
{
   /* Room for the values folding makes: one immediate per instruction
    * at most (fold_cbuf_for_imm). */
   unsigned room = s->value_count;
   jade_foreach_block (s, block)
      jade_foreach_instr (block, instr)
         room++;
   struct fold f = {
      .s = s,
      .def = rzalloc_array(s, struct jade_instr *, room),
      .def_block = rzalloc_array(s, unsigned, room),
      .uses = rzalloc_array(s, unsigned, room),
   };
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, instr) {
         for (unsigned i = 0; i < instr->dst_count; i++) {
            const struct jade_value *v = s->values[instr->dst[i].value];
            if (!instr->dst[i].count) {
               f.def[v->index] = instr;
               f.def_block[v->index] = block->index;
            }
         }
         for (unsigned i = 0; i < instr->src_count; i++)
            if (instr->src[i].kind == JADE_OPERAND_VALUE)
               f.uses[instr->src[i].value]++;
         if (instr->pred_value >= 0)
            f.uses[instr->pred_value]++;
      }
   }
   jade_foreach_block (s, block) {
      struct imm_cache cache = {0};
      jade_foreach_instr_safe (block, instr) {
         absorb_negations(&f, instr);
         if (fold_negated_setp(&f, block, instr) || fold_predicate_logic(&f, block, instr))
            continue;
         bool commutes;
         enum mod_kind mods = op_mods(instr->op, &commutes);
         if (mods == (enum mod_kind) - 1)
            continue;
         if (mods == MODS_FLOAT) {
            fold_saturate(&f, instr);
            fold_color_clamp(&f, instr);
         }
         if (mods == MODS_FLOAT)
            for (unsigned i = 0; i < instr->src_count; i++)
               if (slot_of(&instr->src[i]) >= 0)
                  fold_float_mods(&f, instr, i);
         if (instr->op == JADE_ISA_OP_SEL)
            fold_sel_float_mods(&f, instr);
         fold_constants(&f, instr, mods, commutes);
         fold_cbuf_for_imm(&f, block, instr, mods, commutes, &cache);
      }
   }
   /* Negations no reader could take; interpolations into their adds. */
   jade_foreach_block (s, block) {
      jade_foreach_instr_safe (block, instr) {
         if (!fold_negation_into_product(&f, instr))
            fuse_interpolation(&f, block, instr);
      }
   }
}
