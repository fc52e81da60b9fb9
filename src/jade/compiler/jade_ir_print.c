/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Printing Jade IR (JADE_DEBUG=ir): one instruction a line, values as
 * %N (with their register after allocation), operands named by field.
 */

#include "jade_ir.h"

static const char *const file_prefix[] = {"r", "p", "ur", "up"};

static void
print_operand(const struct jade_ir_shader *s, const struct jade_operand *o, FILE *f)
{
   fprintf(f, "%s=", o->field == JADE_FIELD_NONE ? "live" : jade_isa_field_names[o->field]);
   switch (o->kind) {
   case JADE_OPERAND_VALUE: {
      if (o->value >= s->value_count) {
         fprintf(f, "%%%u(?)", o->value); /* broken IR, for the validator */
         break;
      }
      const struct jade_value *v = s->values[o->value];
      fprintf(f, "%%%u", v->index);
      if (o->count)
         fprintf(f, ".%u", o->comp);
      fprintf(f, "(%s%u", file_prefix[v->file], v->reg + o->comp);
      if (v->size > 1 && !o->count)
         fprintf(f, "..%u", v->reg + v->size - 1);
      fprintf(f, ")");
      if (o->field == JADE_FIELD_NONE && o->fixed)
         fprintf(f, "@r%u", o->fixed_reg);
      if (o->field == JADE_FIELD_NONE && o->pred_block >= 0 && !o->fixed)
         fprintf(f, "@block%d", o->pred_block);
      break;
   }
   case JADE_OPERAND_ZERO:
      fprintf(f, "zero");
      break;
   case JADE_OPERAND_IMM:
      fprintf(f, "0x%x", o->value);
      break;
   case JADE_OPERAND_CBUF:
      fprintf(f, "c[%u][0x%x]", o->cbuf_bank, o->cbuf_offset);
      break;
   default:
      fprintf(f, "?");
      break;
   }
}

void
jade_instr_print(const struct jade_ir_shader *s, const struct jade_instr *instr, FILE *f)
{
   fprintf(f, "%s", jade_op_name(instr->op));
   for (unsigned i = 0; i < instr->field_count; i++)
      fprintf(f, " .%s=%llu", jade_isa_field_names[instr->fields[i].field],
              (unsigned long long)instr->fields[i].value);
   for (unsigned i = 0; i < instr->dst_count; i++) {
      fprintf(f, i ? ", " : " ");
      print_operand(s, &instr->dst[i], f);
   }
   fprintf(f, " <-");
   for (unsigned i = 0; i < instr->src_count; i++) {
      fprintf(f, i ? ", " : " ");
      print_operand(s, &instr->src[i], f);
   }
   if (instr->target_block >= 0)
      fprintf(f, " -> block %d", instr->target_block);
   fprintf(f, "   [stall %u wr %u rd %u wait %02x]", instr->ctrl.stall, instr->ctrl.wr_sb,
           instr->ctrl.rd_sb, instr->ctrl.wait_mask);
}

void
jade_ir_print(const struct jade_ir_shader *s, FILE *f)
{
   jade_foreach_block (s, block) {
      fprintf(f, "block %u:", block->index);
      for (unsigned k = 0; k < block->pred_count; k++)
         fprintf(f, "%s%u", k ? ", " : "   preds ", block->preds[k]->index);
      for (unsigned k = 0; k < block->succ_count; k++)
         fprintf(f, "%s%u", k ? ", " : "   succs ", block->succs[k]->index);
      fprintf(f, "\n");
      jade_foreach_instr (block, instr) {
         fprintf(f, "   ");
         jade_instr_print(s, instr, f);
         fprintf(f, "\n");
      }
   }
}
