/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The IR validator, run after every pass.  Before allocation: operands
 * name values that exist, are defined before they are read (straight-line
 * code), and immediates and constants only stand where an ALU form can
 * take them.  After allocation (jade_ir_validate_allocated): no PHI is
 * left, every register operand lies in its file and tuples are aligned as
 * the ISA wants, and the control bits are in range.
 */

#include "jade_ir.h"
#include "util/ralloc.h"

bool
jade_ir_validate(struct jade_ir_shader *s)
{
   bool *defined = rzalloc_array(s, bool, s->value_count ? s->value_count : 1);
   bool ok = true;
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, instr) {
         const char *name = jade_op_name(instr->op);
         for (unsigned i = 0; i < instr->src_count && ok; i++) {
            const struct jade_operand *o = &instr->src[i];
            if ((o->kind == JADE_OPERAND_IMM || o->kind == JADE_OPERAND_CBUF) &&
                o->field != JADE_ISA_F_B && o->field != JADE_ISA_F_C)
               ok = jade_ir_error(s, "%s: an immediate or constant in field %s", name,
                                  o->field == JADE_FIELD_NONE ? "none"
                                                              : jade_isa_field_names[o->field]);
            if (o->kind != JADE_OPERAND_VALUE)
               continue;
            if (o->value >= s->value_count)
               ok = jade_ir_error(s, "%s: source %%%u does not exist", name, o->value);
            else if (!defined[o->value] && s->block_count == 1 && instr->op != JADE_OP_PHI)
               ok = jade_ir_error(s, "%s: source %%%u read before it is defined", name, o->value);
            else if (o->count && o->comp + o->count > s->values[o->value]->size)
               ok = jade_ir_error(s, "%s: component %u of %%%u is out of range", name, o->comp,
                                  o->value);
         }
         for (unsigned i = 0; i < instr->dst_count && ok; i++) {
            const struct jade_operand *o = &instr->dst[i];
            if (o->kind != JADE_OPERAND_VALUE || o->value >= s->value_count) {
               ok = jade_ir_error(s, "%s: a destination that is not a value", name);
               break;
            }
            /* A tuple may be written piece by piece, a whole value once. */
            if (defined[o->value] && !o->count)
               ok = jade_ir_error(s, "%s: %%%u defined twice", name, o->value);
            defined[o->value] = true;
         }
      }
   }
   return ok;
}

bool
jade_ir_validate_allocated(struct jade_ir_shader *s)
{
   /* Allocatable registers of each file: below RZ and the pc's two, below
    * PT, URZ, UPT. */
   static const unsigned file_regs[4] = {JADE_HW_RZ - JADE_HW_RESERVED_GPRS, JADE_HW_PT,
                                         JADE_HW_URZ, JADE_HW_UPT};
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, instr) {
         const char *name = jade_op_name(instr->op);
         if (jade_op_is_pseudo(instr->op))
            return jade_ir_error(s, "%s left after register allocation", name);
         for (unsigned k = 0; k < instr->src_count + instr->dst_count; k++) {
            const struct jade_operand *o =
               k < instr->src_count ? &instr->src[k] : &instr->dst[k - instr->src_count];
            if (o->kind != JADE_OPERAND_VALUE)
               continue;
            const struct jade_value *v = s->values[o->value];
            unsigned align = v->size == 3 ? 4 : v->size;
            if (v->reg + v->size > file_regs[v->file] || v->reg % align)
               return jade_ir_error(s, "%s: %%%u in registers %u..%u (file %u)", name, v->index,
                                    v->reg, v->reg + v->size - 1, v->file);
         }
         const struct jade_isa_ctrl *c = &instr->ctrl;
         if (c->stall < 1 || c->stall > 15 || c->wait_mask >= 64 ||
             (c->wr_sb > 5 && c->wr_sb != 7) || (c->rd_sb > 5 && c->rd_sb != 7))
            return jade_ir_error(s, "%s: control bits out of range", name);
      }
   }
   return true;
}
