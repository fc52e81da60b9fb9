/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Which encoding form an instruction takes.  An ALU op has one form per
 * operand layout (all registers; an immediate, constant-buffer operand or
 * uniform register in one slot); the form is the one whose slots hold what
 * the instruction's sources are, and which has every field selection set.
 * Emission encodes with it; the operand-folding pass asks it whether a
 * rewritten instruction can still be encoded.
 */

#include "jade_ir.h"

static bool
slot_accepts(const struct jade_ir_shader *s, uint8_t kind, const struct jade_operand *o)
{
   switch (o->kind) {
   case JADE_OPERAND_IMM:
      return kind == JADE_ISA_SRC_IMM;
   case JADE_OPERAND_CBUF:
      return kind == JADE_ISA_SRC_CBUF;
   case JADE_OPERAND_ZERO:
      return kind == JADE_ISA_SRC_GPR || kind == JADE_ISA_SRC_UGPR;
   case JADE_OPERAND_VALUE:
      switch (s->values[o->value]->file) {
      case JADE_FILE_GPR:
         return kind == JADE_ISA_SRC_GPR;
      case JADE_FILE_UGPR:
         return kind == JADE_ISA_SRC_UGPR;
      default:
         return true; /* predicates are not ALU slots */
      }
   default:
      return true;
   }
}

bool
jade_form_has_field(unsigned form, enum jade_isa_field field)
{
   const struct jade_isa_form *f = &jade_isa_forms[form];
   for (unsigned i = 0; i < f->field_count; i++)
      if (f->fields[i].field == field)
         return true;
   return false;
}

static bool
form_fits(const struct jade_ir_shader *s, const struct jade_instr *instr, unsigned form)
{
   const struct jade_isa_form *f = &jade_isa_forms[form];
   for (unsigned i = 0; i < instr->src_count; i++) {
      const struct jade_operand *o = &instr->src[i];
      int slot = o->field == JADE_ISA_F_A   ? 0
                 : o->field == JADE_ISA_F_B ? 1
                 : o->field == JADE_ISA_F_C ? 2
                                            : -1;
      if (slot >= 0 && !slot_accepts(s, f->src_kind[slot], o))
         return false;
   }
   /* A modifier the form cannot hold would be dropped silently. */
   for (unsigned i = 0; i < instr->field_count; i++)
      if (instr->fields[i].value && !jade_form_has_field(form, instr->fields[i].field))
         return false;
   return true;
}

int
jade_instr_form(const struct jade_ir_shader *s, const struct jade_instr *instr)
{
   for (unsigned f = 0; f < jade_isa_form_count; f++) {
      if (jade_isa_forms[f].op != instr->op)
         continue;
      if (jade_isa_forms[f].alu_form == 0 || form_fits(s, instr, f))
         return (int)f;
   }
   return -1;
}
