/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The IR validator, run after every pass (jade_pass.h).  Always: the CFG
 * edges are the ones the branches make and agree with each other; branch
 * targets and phi predecessors name blocks that exist; every register
 * operand's file is the one its field has in the op's encoding forms (the
 * ISA description's operand types), an ALU slot holds what some operand
 * form takes there, predicates are one register, immediates and constants
 * stand only in slots b and c.  Before
 * allocation: SSA (each value defined once, every use dominated by its
 * definition, a phi source by the end of its predecessor, phis first in
 * their block).  After allocation (s->allocated): no pseudo-op left,
 * registers in their file and aligned as the ISA wants, control bits in
 * range.  A broken rule is a compile error (JADE_ERROR_INVALID_IR) naming
 * the pass, the block, the instruction and the rule; the validator never
 * crashes on broken IR.
 */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "jade_ir.h"
#include "util/macros.h"
#include "util/memstream.h"
#include "util/ralloc.h"

struct validator {
   struct jade_ir_shader *s;
   const struct jade_block *block;
   const struct jade_instr *instr;
   /* Before allocation: where each value is first written. */
   int *def_block;
   unsigned *def_pos;
   struct jade_dominance *dom; /* NULL: one block */
   const struct jade_op_facts *facts;
};

static bool PRINTFLIKE(2, 3) fail(struct validator *v, const char *fmt, ...)
{
   struct jade_ir_shader *s = v->s;
   if (s->error)
      return false;
   char *what;
   va_list ap;
   va_start(ap, fmt);
   what = ralloc_vasprintf(s, fmt, ap);
   va_end(ap);
   char *text = NULL;
   size_t size = 0;
   struct u_memstream mem;
   if (v->instr && u_memstream_open(&mem, &text, &size)) {
      jade_instr_print(s, v->instr, u_memstream_get(&mem));
      u_memstream_close(&mem);
   }
   jade_ir_error_kind(s, JADE_ERROR_INVALID_IR, "invalid IR after %s: block %d: %s%s%s",
                      s->pass_name ? s->pass_name : "selection",
                      v->block ? (int)v->block->index : -1, what, text ? ": " : "",
                      text ? text : "");
   free(text);
   ralloc_free(what);
   return false;
}

static bool
block_ok(struct validator *v, unsigned index)
{
   return index < v->s->block_count && v->s->block_array[index];
}

/* The edges are the code's, and each edge is in both lists. */
static bool
check_edges(struct validator *v, const struct jade_block *block)
{
   struct jade_ir_shader *s = v->s;
   jade_foreach_instr (block, i) {
      if (i->target_block >= 0 && !block_ok(v, (unsigned)i->target_block)) {
         v->instr = i;
         return fail(v, "target block %d does not exist", i->target_block);
      }
   }
   v->instr = NULL;
   struct jade_block *succs[2];
   unsigned count = jade_block_code_succs(s, block, succs);
   if (count > 2)
      return fail(v, "more than two successors");
   bool same = count == block->succ_count;
   for (unsigned k = 0; k < count && same; k++)
      same = jade_block_has_succ(block, succs[k]);
   if (!same)
      return fail(v,
                  "successor edges (%u) are not the branches' (%u): a pass changed control "
                  "flow without jade_block_update_succs",
                  block->succ_count, count);
   for (unsigned k = 0; k < block->succ_count; k++) {
      const struct jade_block *succ = block->succs[k];
      unsigned n = 0;
      for (unsigned p = 0; p < succ->pred_count; p++)
         n += succ->preds[p] == block;
      if (n != 1)
         return fail(v, "block %u lists this block %u times as predecessor", succ->index, n);
   }
   for (unsigned p = 0; p < block->pred_count; p++) {
      const struct jade_block *pred = block->preds[p];
      if (!jade_block_has_succ(pred, block))
         return fail(v, "predecessor %u has no edge to this block", pred->index);
   }
   return true;
}

/* Register files against the encoding form; immediates and constants in
 * ALU slots only; predicates one register. */
static const char *
field_name(uint8_t field)
{
   return field == JADE_FIELD_NONE       ? "none"
          : field < JADE_ISA_FIELD_COUNT ? jade_isa_field_names[field]
                                         : "?";
}

/* The ALU slot kind an operand is (predicates are not slot operands). */
static int
slot_kind(const struct jade_ir_shader *s, const struct jade_operand *o)
{
   switch (o->kind) {
   case JADE_OPERAND_IMM:
      return JADE_ISA_SRC_IMM;
   case JADE_OPERAND_CBUF:
      return JADE_ISA_SRC_CBUF;
   case JADE_OPERAND_VALUE:
      return s->values[o->value]->file == JADE_FILE_GPR    ? JADE_ISA_SRC_GPR
             : s->values[o->value]->file == JADE_FILE_UGPR ? JADE_ISA_SRC_UGPR
                                                           : -1;
   default:
      return -1; /* the zero register: every register slot has it */
   }
}

static bool
check_operand_files(struct validator *v, const struct jade_instr *i)
{
   struct jade_ir_shader *s = v->s;
   const bool isa = !jade_op_is_pseudo(i->op);
   const bool alu = isa && v->facts->slot_kinds[i->op][0];
   for (unsigned k = 0; k < i->dst_count + i->src_count; k++) {
      const bool is_dst = k < i->dst_count;
      const struct jade_operand *o = is_dst ? &i->dst[k] : &i->src[k - i->dst_count];
      if (is_dst && o->kind != JADE_OPERAND_VALUE)
         return fail(v, "destination %u is not a value", k);
      if ((o->kind == JADE_OPERAND_IMM || o->kind == JADE_OPERAND_CBUF) &&
          o->field != JADE_ISA_F_B && o->field != JADE_ISA_F_C)
         return fail(v, "an immediate or constant in field %s", field_name(o->field));
      if (o->field != JADE_FIELD_NONE && o->field >= JADE_ISA_FIELD_COUNT)
         return fail(v, "operand field %u does not exist", o->field);
      if (o->kind == JADE_OPERAND_VALUE) {
         if (o->value >= s->value_count)
            return fail(v, "%%%u does not exist", o->value);
         const struct jade_value *val = s->values[o->value];
         if (o->count && o->comp + o->count > val->size)
            return fail(v, "component %u of %%%u is out of range", o->comp, o->value);
         if ((val->file == JADE_FILE_PRED || val->file == JADE_FILE_UPRED) && val->size != 1)
            return fail(v, "predicate %%%u is %u registers wide", o->value, val->size);
      }
      if (!isa || o->field == JADE_FIELD_NONE)
         continue;
      /* ALU slots take what some operand form of the op has there (the
       * emitted form is the one that takes them all, jade_instr_form);
       * other fields are registers of the file their type names. */
      const int slot = o->field == JADE_ISA_F_A   ? 0
                       : o->field == JADE_ISA_F_B ? 1
                       : o->field == JADE_ISA_F_C ? 2
                                                  : -1;
      if (alu && slot >= 0) {
         const int kind = slot_kind(s, o);
         if (kind >= 0 && !(v->facts->slot_kinds[i->op][slot] >> kind & 1))
            return fail(v, "no %s form takes this operand in slot %s", jade_op_name(i->op),
                        field_name(o->field));
         continue;
      }
      const int file = jade_op_field_file(v->facts, i->op, o->field);
      if (file == -2)
         return fail(v, "field %s is not in the %s forms", field_name(o->field),
                     jade_op_name(i->op));
      if (o->kind == JADE_OPERAND_VALUE && file >= 0 && file != s->values[o->value]->file)
         return fail(v, "%%%u (file %u) in field %s of file %u", o->value,
                     s->values[o->value]->file, field_name(o->field), file);
   }
   if (i->pred_value >= 0) {
      if ((unsigned)i->pred_value >= s->value_count)
         return fail(v, "guard %%%d does not exist", i->pred_value);
      unsigned file = s->values[i->pred_value]->file;
      if (file != JADE_FILE_PRED && file != JADE_FILE_UPRED)
         return fail(v, "guard %%%d is not a predicate", i->pred_value);
   }
   return true;
}

/* Whether value `val` is defined where instruction `pos` of `block` reads
 * it (at_end: a phi source, read at the end of `block`). */
static bool
def_dominates(struct validator *v, unsigned val, const struct jade_block *block, unsigned pos,
              bool at_end)
{
   int d = v->def_block[val];
   if (d < 0)
      return false;
   if (!v->dom) /* one block */
      return at_end || v->def_pos[val] < pos;
   if (v->dom->rpo[block->index] < 0)
      return true; /* unreachable code: nothing to check against */
   if ((unsigned)d == block->index)
      return at_end || v->def_pos[val] < pos;
   return jade_dominates(v->dom, (unsigned)d, block->index);
}

static bool
check_ssa_uses(struct validator *v, const struct jade_block *block, const struct jade_instr *i,
               unsigned pos, bool *phis_done)
{
   struct jade_ir_shader *s = v->s;
   if (i->op == JADE_OP_PHI) {
      if (*phis_done)
         return fail(v, "a phi after other instructions");
      for (unsigned k = 0; k < i->src_count; k++) {
         const struct jade_operand *o = &i->src[k];
         if (o->kind != JADE_OPERAND_VALUE)
            return fail(v, "phi source %u is not a value", k);
         if (o->pred_block < 0 || !block_ok(v, (unsigned)o->pred_block))
            return fail(v, "phi source %u from block %d, which does not exist", k, o->pred_block);
         const struct jade_block *pred = s->block_array[o->pred_block];
         bool is_pred = false;
         for (unsigned p = 0; p < block->pred_count; p++)
            is_pred |= block->preds[p] == pred;
         if (!is_pred)
            return fail(v, "phi source %u from block %u, not a predecessor", k, pred->index);
         if (!def_dominates(v, o->value, pred, 0, true))
            return fail(v, "phi source %%%u not defined at the end of block %u", o->value,
                        pred->index);
      }
      return true;
   }
   *phis_done = true;
   for (unsigned k = 0; k < i->src_count; k++) {
      const struct jade_operand *o = &i->src[k];
      if (o->kind == JADE_OPERAND_VALUE && !def_dominates(v, o->value, block, pos, false))
         return fail(v, "%%%u read where its definition does not dominate", o->value);
   }
   if (i->pred_value >= 0 && !def_dominates(v, (unsigned)i->pred_value, block, pos, false))
      return fail(v, "guard %%%d read where its definition does not dominate", i->pred_value);
   return true;
}

/* Definitions: each whole value once (a tuple may be written piece by
 * piece; its first write defines it). */
static bool
record_defs(struct validator *v, const struct jade_block *block, const struct jade_instr *i,
            unsigned pos)
{
   for (unsigned k = 0; k < i->dst_count; k++) {
      const struct jade_operand *o = &i->dst[k];
      if (v->def_block[o->value] >= 0) {
         if (!o->count)
            return fail(v, "%%%u defined twice", o->value);
         continue;
      }
      v->def_block[o->value] = (int)block->index;
      v->def_pos[o->value] = pos;
   }
   return true;
}

static bool
check_allocated(struct validator *v, const struct jade_instr *i)
{
   struct jade_ir_shader *s = v->s;
   if (i->op == JADE_OP_PHI)
      return fail(v, "PHI left after register allocation");
   if (jade_op_is_pseudo(i->op))
      return fail(v, "pseudo-op %u left after register allocation", i->op);
   for (unsigned k = 0; k < i->src_count + i->dst_count; k++) {
      const struct jade_operand *o = k < i->src_count ? &i->src[k] : &i->dst[k - i->src_count];
      if (o->kind != JADE_OPERAND_VALUE)
         continue;
      const struct jade_value *val = s->values[o->value];
      unsigned align = val->size == 3 ? 4 : val->size;
      if (val->reg + val->size > jade_file_regs((enum jade_file)val->file) || val->reg % align)
         return fail(v, "%%%u in registers %u..%u (file %u)", val->index, val->reg,
                     val->reg + val->size - 1, val->file);
   }
   const struct jade_isa_ctrl *c = &i->ctrl;
   if (c->stall < 1 || c->stall > 15 || c->wait_mask >= 64 ||
       (c->wr_sb >= JADE_HW_SCOREBOARDS && c->wr_sb != JADE_HW_NO_SCOREBOARD) ||
       (c->rd_sb >= JADE_HW_SCOREBOARDS && c->rd_sb != JADE_HW_NO_SCOREBOARD))
      return fail(v, "control bits out of range");
   return true;
}

bool
jade_ir_validate(struct jade_ir_shader *s)
{
   if (s->error)
      return false;
   void *mem = ralloc_context(NULL);
   struct validator v = {.s = s, .facts = jade_op_facts()};
   if (!s->allocated) {
      const unsigned values = s->value_count ? s->value_count : 1;
      v.def_block = ralloc_array(mem, int, values);
      v.def_pos = ralloc_array(mem, unsigned, values);
      memset(v.def_block, 0xff, values * sizeof(int));
   }
   /* Edges, operands and (before allocation) definitions, then the uses
    * against the definitions. */
   bool ok = true;
   jade_foreach_block (s, block) {
      v.block = block;
      if (!(ok = check_edges(&v, block)))
         break;
      unsigned pos = 0;
      jade_foreach_instr (block, i) {
         v.instr = i;
         ok = check_operand_files(&v, i) &&
              (s->allocated ? check_allocated(&v, i) : record_defs(&v, block, i, pos++));
         if (!ok)
            break;
      }
      if (!ok)
         break;
   }
   if (ok && !s->allocated) {
      if (s->block_count > 1)
         v.dom = jade_dominance_create(mem, s);
      jade_foreach_block (s, block) {
         v.block = block;
         unsigned pos = 0;
         bool phis_done = false;
         jade_foreach_instr (block, i) {
            v.instr = i;
            if (!(ok = check_ssa_uses(&v, block, i, pos++, &phis_done)))
               break;
         }
         if (!ok)
            break;
      }
   }
   ralloc_free(mem);
   return ok;
}
