/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The generated IR builder (jade_builder.h): a call makes the instruction
 * the jade_instr_add_* / jade_instr_set_field calls it stands for make
 * (operands in the same order, the same fields), a left-out modifier keeps
 * the neutral value, and the cursor places instructions as NIR's does
 * (before/after an instruction, start/end of a block).
 */

#include <stdio.h>
#include <string.h>

#include "jade_builder.h"
#include "util/ralloc.h"

static unsigned failures;

static void
expect(bool ok, const char *what)
{
   printf("%s %s\n", ok ? "ok  " : "FAIL", what);
   failures += !ok;
}

static bool
same_operand(const struct jade_operand *a, const struct jade_operand *b)
{
   return a->kind == b->kind && a->field == b->field && a->comp == b->comp &&
          a->count == b->count && a->value == b->value && a->cbuf_bank == b->cbuf_bank &&
          a->cbuf_offset == b->cbuf_offset;
}

static bool
same_instr(const struct jade_instr *a, const struct jade_instr *b)
{
   if (a->op != b->op || a->dst_count != b->dst_count || a->src_count != b->src_count ||
       a->field_count != b->field_count)
      return false;
   for (unsigned k = 0; k < a->dst_count; k++)
      if (!same_operand(&a->dst[k], &b->dst[k]))
         return false;
   for (unsigned k = 0; k < a->src_count; k++)
      if (!same_operand(&a->src[k], &b->src[k]))
         return false;
   for (unsigned k = 0; k < a->field_count; k++)
      if (jade_instr_field(b, a->fields[k].field, ~0ull) != a->fields[k].value)
         return false;
   return true;
}

/* The ops of a block, in order, as a string ("IADD3 MOV ..."). */
static const char *
block_ops(void *mem, struct jade_block *block)
{
   char *s = ralloc_strdup(mem, "");
   jade_foreach_instr (block, i)
      ralloc_asprintf_append(&s, "%s%s", *s ? " " : "", jade_op_name(i->op));
   return s;
}

int
main(void)
{
   void *mem = ralloc_context(NULL);
   struct jade_ir_shader *s = jade_ir_shader_create(mem, 0);
   struct jade_block *blk = jade_block_create(s);
   struct jade_value *d = jade_value_create(s, JADE_FILE_GPR, 2);
   struct jade_value *x = jade_value_create(s, JADE_FILE_GPR, 2);
   struct jade_value *y = jade_value_create(s, JADE_FILE_GPR, 1);
   struct jade_value *p = jade_value_create(s, JADE_FILE_PRED, 1);
   struct jade_builder b = jade_builder_at(s, jade_after_block(blk));

   /* IADD3.X dst.hi, x.hi, -y, RZ, p, !PT */
   struct jade_instr *old = jade_instr_create(s, blk, JADE_ISA_OP_IADD3);
   jade_instr_add_dst_comp(old, JADE_ISA_F_DST, d, 1);
   jade_instr_add_src_comp(old, JADE_ISA_F_A, x, 1);
   jade_instr_add_src(old, JADE_ISA_F_B, y);
   jade_instr_add_src_zero(old, JADE_ISA_F_C);
   jade_instr_add_src(old, JADE_ISA_F_CIN0, p);
   jade_instr_set_field(old, JADE_ISA_F_B_NEG, 1);
   jade_instr_set_field(old, JADE_ISA_F_X, 1);
   jade_instr_set_field(old, JADE_ISA_F_CIN1_NOT, 1);
   struct jade_instr *new = jade_IADD3(&b, jade_comp(d, 1), jade_comp(x, 1), jade_v(y), JADE_RZ,
                                       .x = 1, .b_neg = 1, .cin0 = jade_v(p), .cin1_not = 1);
   expect(same_instr(old, new), "IADD3.X: the same operands and fields as the calls it replaces");

   /* ISETP.NE.AND p, PT, y, 0x10, PT */
   old = jade_instr_create(s, blk, JADE_ISA_OP_ISETP);
   jade_instr_add_dst(old, JADE_ISA_F_PD0, p);
   jade_instr_add_src(old, JADE_ISA_F_A, y);
   jade_instr_add_src_imm(old, JADE_ISA_F_B, 0x10);
   jade_instr_set_field(old, JADE_ISA_F_CMP, JADE_ISA_V_CMP_NE);
   new = jade_ISETP(&b, jade_v(p), jade_v(y), jade_imm(0x10), .cmp = JADE_ISA_V_CMP_NE);
   expect(same_instr(old, new), "ISETP: destination, sources, comparison");

   /* MOV from a constant buffer; a left-out field is not set */
   old = jade_instr_create(s, blk, JADE_ISA_OP_MOV);
   jade_instr_add_dst_comp(old, JADE_ISA_F_DST, d, 0);
   jade_instr_add_src_cbuf(old, JADE_ISA_F_B, 3, 16);
   new = jade_MOV(&b, jade_comp(d, 0), jade_cbuf(3, 16));
   expect(same_instr(old, new) && new->field_count == 0, "MOV c[3][16]: no field set");
   expect(jade_instr_field(jade_set(new, JADE_ISA_F_MASK, 0), JADE_ISA_F_MASK, 15) == 0,
          "jade_set gives 0 to a field whose neutral value is not");

   /* Optional operands: none, or RZ/PT */
   new = jade_SEL(&b, jade_v(y), jade_v_or_zero(NULL), jade_imm(1), .p = jade_v_or_none(NULL));
   expect(new->src_count == 2 && new->src[0].kind == JADE_OPERAND_ZERO,
          "SEL: a NULL value is RZ or no operand");

   /* The cursor. */
   struct jade_block *c = jade_block_create(s);
   b = jade_builder_at(s, jade_after_block(c));
   struct jade_instr *mov = jade_MOV(&b, jade_v(y), jade_imm(0));
   jade_EXIT(&b);
   expect(!strcmp(block_ops(mem, c), "MOV EXIT"), "after a block: in order");
   b.cursor = jade_before_block(c);
   jade_IABS(&b, jade_v(y), jade_v(y));
   jade_POPC(&b, jade_v(y), jade_v(y));
   expect(!strcmp(block_ops(mem, c), "IABS POPC MOV EXIT"), "before a block: in order, first");
   b.cursor = jade_before_instr(c, mov);
   jade_BREV(&b, jade_v(y), jade_v(y));
   jade_FLO(&b, jade_v(y), jade_v(y));
   expect(!strcmp(block_ops(mem, c), "IABS POPC BREV FLO MOV EXIT"),
          "before an instruction: in order, before it");
   b.cursor = jade_after_instr(c, mov);
   jade_IMNMX(&b, jade_v(y), jade_v(y), JADE_RZ, .p = JADE_PT);
   jade_LOP3(&b, jade_v(y), jade_v(y), JADE_RZ, JADE_RZ, .lut = 0x0f);
   expect(!strcmp(block_ops(mem, c), "IABS POPC BREV FLO MOV IMNMX LOP3 EXIT"),
          "after an instruction: in order, after it");
   b.cursor = jade_after_block(c);
   jade_PHI(&b, jade_v(y));
   expect(!strcmp(block_ops(mem, c), "IABS POPC BREV FLO MOV IMNMX LOP3 EXIT PHI"),
          "after a block: at the very end");

   ralloc_free(mem);
   printf("%s\n", failures ? "FAILED" : "all passed");
   return failures ? 1 : 0;
}
