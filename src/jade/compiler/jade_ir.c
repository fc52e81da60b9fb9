/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Building Jade IR: shaders, blocks, values and instructions.
 */

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "jade_ir.h"
#include "util/macros.h"
#include "util/ralloc.h"

struct jade_ir_shader *
jade_ir_shader_create(void *mem_ctx, unsigned stage)
{
   struct jade_ir_shader *s = rzalloc(mem_ctx, struct jade_ir_shader);
   s->mem_ctx = s;
   s->stage = stage;
   list_inithead(&s->blocks);
   return s;
}

struct jade_block *
jade_block_create(struct jade_ir_shader *s)
{
   struct jade_block *b = rzalloc(s, struct jade_block);
   list_inithead(&b->instrs);
   if (s->block_count == s->block_alloc) {
      s->block_alloc = s->block_alloc ? s->block_alloc * 2 : 16;
      s->block_array = reralloc(s, s->block_array, struct jade_block *, s->block_alloc);
   }
   b->index = s->block_count++;
   s->block_array[b->index] = b;
   if (b->index == JADE_MAX_BLOCKS)
      jade_ir_error(s, "more than %u blocks", JADE_MAX_BLOCKS);
   list_addtail(&b->link, &s->blocks);
   return b;
}

struct jade_value *
jade_value_create(struct jade_ir_shader *s, enum jade_file file, unsigned size)
{
   if (s->value_count == s->value_alloc) {
      s->value_alloc = s->value_alloc ? s->value_alloc * 2 : 64;
      s->values = reralloc(s, s->values, struct jade_value *, s->value_alloc);
   }
   struct jade_value *v = ralloc(s, struct jade_value);
   s->values[s->value_count] = v;
   *v = (struct jade_value){.index = s->value_count, .file = file, .size = size};
   s->value_count++;
   return v;
}

/* Room an instruction of `op` starts with: the ISA's register operands
 * (and a little more for selection's predicate and live-only operands);
 * the arrays grow on demand (EXIT, PHI). */
static void
initial_room(enum jade_isa_op op, unsigned *dsts, unsigned *srcs)
{
   if (jade_op_is_pseudo(op)) {
      *dsts = 1;
      *srcs = 2;
      return;
   }
   *dsts = MAX2(jade_isa_op_info[op].dst_count, 1);
   *srcs = jade_isa_op_info[op].src_count + 1;
}

#define INITIAL_FIELDS 2

struct jade_instr *
jade_instr_create(struct jade_ir_shader *s, struct jade_block *block, enum jade_isa_op op)
{
   unsigned dsts, srcs;
   initial_room(op, &dsts, &srcs);
   /* One allocation: the instruction, its fields (8-byte aligned), then
    * its operands. */
   struct jade_instr *instr =
      rzalloc_size(s, sizeof(struct jade_instr) + INITIAL_FIELDS * sizeof(struct jade_field_value) +
                         (dsts + srcs) * sizeof(struct jade_operand));
   instr->fields = (struct jade_field_value *)(instr + 1);
   instr->dst = (struct jade_operand *)(instr->fields + INITIAL_FIELDS);
   instr->src = instr->dst + dsts;
   instr->dst_alloc = (uint8_t)dsts;
   instr->src_alloc = (uint8_t)srcs;
   instr->field_alloc = INITIAL_FIELDS;
   instr->op = op;
   instr->pred = JADE_HW_PT;
   instr->pred_value = -1;
   instr->target_block = -1;
   instr->ctrl = (struct jade_isa_ctrl){.stall = 1,
                                        .wr_sb = JADE_HW_NO_SCOREBOARD,
                                        .rd_sb = JADE_HW_NO_SCOREBOARD};
   list_addtail(&instr->link, &block->instrs);
   return instr;
}

/* Doubles an array of `count` elements (`*alloc` of room), up to `max`. */
static void *
grow(struct jade_instr *instr, void *array, size_t size, unsigned count, uint8_t *alloc,
     unsigned max)
{
   unsigned room = MIN2(*alloc * 2u, max);
   assert(room > count);
   void *bigger = ralloc_size(instr, room * size);
   memcpy(bigger, array, count * size);
   *alloc = (uint8_t)room;
   return bigger;
}

struct jade_instr *
jade_instr_create_before(struct jade_ir_shader *s, struct jade_block *block,
                         struct jade_instr *before, enum jade_isa_op op)
{
   struct jade_instr *i = jade_instr_create(s, block, op);
   if (before) {
      list_del(&i->link);
      list_addtail(&i->link, &before->link);
   }
   return i;
}

void
jade_instr_save(struct jade_instr_copy *copy, const struct jade_instr *instr)
{
   copy->instr = *instr;
   copy->instr.dst = copy->dst;
   copy->instr.src = copy->src;
   copy->instr.fields = copy->fields;
   copy->instr.dst_alloc = JADE_MAX_DSTS;
   copy->instr.src_alloc = JADE_MAX_SRCS;
   copy->instr.field_alloc = JADE_MAX_FIELDS;
   memcpy(copy->dst, instr->dst, instr->dst_count * sizeof(*instr->dst));
   memcpy(copy->src, instr->src, instr->src_count * sizeof(*instr->src));
   memcpy(copy->fields, instr->fields, instr->field_count * sizeof(*instr->fields));
}

void
jade_instr_restore(struct jade_instr *instr, const struct jade_instr_copy *copy)
{
   struct jade_instr keep = *instr;
   *instr = copy->instr;
   instr->link = keep.link;
   instr->dst = keep.dst;
   instr->src = keep.src;
   instr->fields = keep.fields;
   instr->dst_alloc = keep.dst_alloc;
   instr->src_alloc = keep.src_alloc;
   instr->field_alloc = keep.field_alloc;
   /* The arrays only grow: what was saved fits. */
   assert(instr->dst_count <= instr->dst_alloc && instr->src_count <= instr->src_alloc &&
          instr->field_count <= instr->field_alloc);
   memcpy(instr->dst, copy->dst, instr->dst_count * sizeof(*instr->dst));
   memcpy(instr->src, copy->src, instr->src_count * sizeof(*instr->src));
   memcpy(instr->fields, copy->fields, instr->field_count * sizeof(*instr->fields));
}

void
jade_instr_set_field(struct jade_instr *instr, enum jade_isa_field field, uint64_t value)
{
   for (unsigned i = 0; i < instr->field_count; i++) {
      if (instr->fields[i].field == field) {
         instr->fields[i].value = value;
         return;
      }
   }
   assert(instr->field_count < JADE_MAX_FIELDS);
   if (instr->field_count == instr->field_alloc)
      instr->fields = grow(instr, instr->fields, sizeof(*instr->fields), instr->field_count,
                           &instr->field_alloc, JADE_MAX_FIELDS);
   instr->fields[instr->field_count].field = (uint8_t)field;
   instr->fields[instr->field_count].value = value;
   instr->field_count++;
}

uint64_t
jade_instr_field(const struct jade_instr *instr, enum jade_isa_field field, uint64_t dflt)
{
   for (unsigned i = 0; i < instr->field_count; i++)
      if (instr->fields[i].field == field)
         return instr->fields[i].value;
   return dflt;
}

static struct jade_operand *
add_src(struct jade_instr *instr, enum jade_isa_field field, uint8_t kind)
{
   assert(instr->src_count < JADE_MAX_SRCS);
   if (instr->src_count == instr->src_alloc)
      instr->src = grow(instr, instr->src, sizeof(*instr->src), instr->src_count, &instr->src_alloc,
                        JADE_MAX_SRCS);
   struct jade_operand *o = &instr->src[instr->src_count++];
   *o = (struct jade_operand){.kind = kind, .field = (uint8_t)field};
   return o;
}

void
jade_instr_add_phi_src(struct jade_instr *instr, const struct jade_value *value, unsigned pred)
{
   struct jade_operand *o = add_src(instr, JADE_FIELD_NONE, JADE_OPERAND_VALUE);
   o->value = value->index;
   assert(pred < JADE_MAX_BLOCKS);
   o->pred_block = (int16_t)pred;
}

/* A value operand; one register of a tuple when count is 1.  A single
 * register's only component is the whole value, so it gets no count and
 * copy propagation and the validator treat it as such. */
static struct jade_operand
value_operand(enum jade_isa_field field, const struct jade_value *value, unsigned comp,
              unsigned count)
{
   assert(comp + count <= value->size);
   bool whole = value->size == 1;
   return (struct jade_operand){.kind = JADE_OPERAND_VALUE,
                                .field = (uint8_t)field,
                                .value = value->index,
                                .comp = (uint8_t)(whole ? 0 : comp),
                                .count = (uint8_t)(whole ? 0 : count)};
}

static void
add_dst(struct jade_instr *instr, struct jade_operand o)
{
   assert(instr->dst_count < JADE_MAX_DSTS);
   if (instr->dst_count == instr->dst_alloc)
      instr->dst = grow(instr, instr->dst, sizeof(*instr->dst), instr->dst_count, &instr->dst_alloc,
                        JADE_MAX_DSTS);
   instr->dst[instr->dst_count++] = o;
}

void
jade_instr_add_dst(struct jade_instr *instr, enum jade_isa_field field,
                   const struct jade_value *value)
{
   add_dst(instr, value_operand(field, value, 0, 0));
}

void
jade_instr_add_src(struct jade_instr *instr, enum jade_isa_field field,
                   const struct jade_value *value)
{
   *add_src(instr, field, JADE_OPERAND_VALUE) = value_operand(field, value, 0, 0);
}

void
jade_instr_add_dst_comp(struct jade_instr *instr, enum jade_isa_field field,
                        const struct jade_value *value, unsigned comp)
{
   add_dst(instr, value_operand(field, value, comp, 1));
}

void
jade_instr_add_src_comp(struct jade_instr *instr, enum jade_isa_field field,
                        const struct jade_value *value, unsigned comp)
{
   *add_src(instr, field, JADE_OPERAND_VALUE) = value_operand(field, value, comp, 1);
}

void
jade_instr_add_src_imm(struct jade_instr *instr, enum jade_isa_field field, uint32_t imm)
{
   add_src(instr, field, JADE_OPERAND_IMM)->value = imm;
}

void
jade_instr_add_src_cbuf(struct jade_instr *instr, enum jade_isa_field field, unsigned bank,
                        int32_t offset)
{
   struct jade_operand *o = add_src(instr, field, JADE_OPERAND_CBUF);
   assert(bank < 128);
   o->cbuf_bank = bank;
   o->cbuf_offset = offset;
}

void
jade_instr_add_src_zero(struct jade_instr *instr, enum jade_isa_field field)
{
   add_src(instr, field, JADE_OPERAND_ZERO);
}

void
jade_instr_add_src_copy(struct jade_instr *instr, const struct jade_operand *o)
{
   struct jade_operand copy = *o;
   *add_src(instr, (enum jade_isa_field)o->field, o->kind) = copy;
}

const struct jade_operand *
jade_constant_loaded(const struct jade_ir_shader *s, const struct jade_instr *instr)
{
   if (!instr || instr->op != JADE_ISA_OP_MOV || instr->dst_count != 1 || instr->src_count != 1 ||
       instr->field_count || !jade_instr_is_unguarded(instr) || instr->dst[0].count)
      return NULL;
   const struct jade_value *v = s->values[instr->dst[0].value];
   const uint8_t kind = instr->src[0].kind;
   return v->file == JADE_FILE_GPR && v->size == 1 &&
                (kind == JADE_OPERAND_IMM || kind == JADE_OPERAND_CBUF || kind == JADE_OPERAND_ZERO)
             ? &instr->src[0]
             : NULL;
}

static bool
record_error(struct jade_ir_shader *s, enum jade_error_kind kind, const char *fmt, va_list ap)
{
   if (!s->error) {
      s->error = ralloc_vasprintf(s, fmt, ap);
      s->error_kind = kind;
   }
   return false;
}

bool
jade_ir_error(struct jade_ir_shader *s, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   record_error(s, JADE_ERROR_UNSUPPORTED, fmt, ap);
   va_end(ap);
   return false;
}

bool
jade_ir_error_kind(struct jade_ir_shader *s, enum jade_error_kind kind, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   record_error(s, kind, fmt, ap);
   va_end(ap);
   return false;
}

struct jade_instr *
jade_block_end_point(struct jade_block *block)
{
   struct jade_instr *at = NULL;
   list_for_each_entry_rev (struct jade_instr, i, &block->instrs, link) {
      if (i->op != JADE_ISA_OP_BRA && i->op != JADE_ISA_OP_BREAK && i->op != JADE_ISA_OP_BSSY)
         break;
      at = i;
   }
   return at;
}
