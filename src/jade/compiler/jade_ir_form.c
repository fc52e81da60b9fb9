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

#include <assert.h>
#include "jade_ir.h"
#include "util/macros.h"
#include "util/u_call_once.h"

/* More than the description has forms (asserted). */
#define JADE_ISA_FORM_TABLE_MAX 1024

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

/* Facts built once from the description: the forms of each op in table
 * order (counting sort), so the form search looks at the op's forms only;
 * per form and field whether the form has it and the register file its
 * operand type names (the first syntax item that writes it); the same per
 * op (from the first of its forms that has the field: an ALU op's operand
 * forms differ only in their a/b/c slots), and the operand kinds each
 * slot takes in some form (a bit per jade_isa_src_kind). */
static uint16_t op_forms[JADE_ISA_FORM_TABLE_MAX];
static uint16_t op_first[JADE_ISA_OP_COUNT + 1];
#define FIELD_FILE_KNOWN 0x40 /* low bits: file + 1 (0: not a register) */
static uint8_t form_field[JADE_ISA_FORM_TABLE_MAX][JADE_ISA_FIELD_COUNT];
static struct jade_op_facts op_facts;
static util_once_flag tables_once = UTIL_ONCE_FLAG_INIT;

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
      if (instr->fields[i].value &&
          !(form_field[form][instr->fields[i].field] & JADE_OP_FIELD_PRESENT))
         return false;
   return true;
}

static int
type_file(uint8_t type)
{
   switch (type) {
   case JADE_ISA_T_GPR:
      return JADE_FILE_GPR;
   case JADE_ISA_T_UGPR:
      return JADE_FILE_UGPR;
   case JADE_ISA_T_PRED:
      return JADE_FILE_PRED;
   case JADE_ISA_T_UPRED:
      return JADE_FILE_UPRED;
   default:
      return -1;
   }
}

static void
build_form_fields(unsigned form)
{
   const struct jade_isa_form *f = &jade_isa_forms[form];
   uint8_t *facts = form_field[form];
   for (unsigned i = 0; i < f->field_count; i++)
      facts[f->fields[i].field] |= JADE_OP_FIELD_PRESENT;
   for (unsigned n = 0; n < f->syntax_count; n++) {
      for (unsigned i = 0; i < f->syntax[n].item_count; i++) {
         const struct jade_isa_item *item = &f->syntax[n].items[i];
         if (item->field >= JADE_ISA_FIELD_COUNT || (facts[item->field] & FIELD_FILE_KNOWN) ||
             (item->kind != JADE_ISA_ITEM_VALUE && item->kind != JADE_ISA_ITEM_OPTIONAL))
            continue;
         facts[item->field] |= FIELD_FILE_KNOWN | (uint8_t)(type_file(item->type) + 1);
      }
   }
}

static void
build_tables(void)
{
   /* A description with more forms needs a bigger table here; release
    * builds then ignore the forms beyond it (emission reports their ops)
    * rather than write past it. */
   assert(jade_isa_form_count <= JADE_ISA_FORM_TABLE_MAX);
   const unsigned forms = MIN2(jade_isa_form_count, JADE_ISA_FORM_TABLE_MAX);
   unsigned count[JADE_ISA_OP_COUNT + 1] = {0};
   for (unsigned f = 0; f < forms; f++)
      count[jade_isa_forms[f].op + 1]++;
   for (unsigned op = 0; op < JADE_ISA_OP_COUNT; op++)
      count[op + 1] += count[op];
   for (unsigned op = 0; op <= JADE_ISA_OP_COUNT; op++)
      op_first[op] = (uint16_t)count[op];
   for (unsigned f = 0; f < forms; f++) {
      const enum jade_isa_op op = jade_isa_forms[f].op;
      op_forms[count[op]++] = (uint16_t)f;
      build_form_fields(f);
      for (unsigned field = 0; field < JADE_ISA_FIELD_COUNT; field++)
         if (!(op_facts.field[op][field] & JADE_OP_FIELD_PRESENT))
            op_facts.field[op][field] = form_field[f][field];
      for (unsigned slot = 0; jade_isa_forms[f].alu_form && slot < 3; slot++)
         op_facts.slot_kinds[op][slot] |= 1u << jade_isa_forms[f].src_kind[slot];
   }
}

const struct jade_op_facts *
jade_op_facts(void)
{
   util_call_once(&tables_once, build_tables);
   return &op_facts;
}

int
jade_instr_form(const struct jade_ir_shader *s, const struct jade_instr *instr)
{
   if (jade_op_is_pseudo(instr->op))
      return -1;
   util_call_once(&tables_once, build_tables);
   for (unsigned k = op_first[instr->op]; k < op_first[instr->op + 1]; k++) {
      const unsigned f = op_forms[k];
      if (jade_isa_forms[f].alu_form == 0 || form_fits(s, instr, f))
         return (int)f;
   }
   return -1;
}
