/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * IR optimisations after selection: copy propagation (selection splits
 * vectors and moves values between tuples with MOVs) and dead-code
 * elimination (phis included).
 */

#include "jade_compiler_private.h"
#include "util/bitscan.h"
#include "util/ralloc.h"

/* Ops with effects beyond their destinations. */
static bool
has_side_effects(const struct jade_instr *instr)
{
   if (instr->op == JADE_OP_PHI)
      return false;
   /* No destination: stores, branches, barriers, ... (predicate results
    * count: ISETP and PLOP3 have no register destination in the ISA). */
   if (instr->dst_count == 0)
      return true;
   switch (instr->op) {
   case JADE_ISA_OP_ATOM:
   case JADE_ISA_OP_ATOM_CAS:
   case JADE_ISA_OP_ATOMG:
   case JADE_ISA_OP_ATOMG_CAS:
   case JADE_ISA_OP_ATOMS:
   case JADE_ISA_OP_ATOMS_CAS:
   case JADE_ISA_OP_ATOM_UR:
   case JADE_ISA_OP_ATOMG_UR:
   case JADE_ISA_OP_SUATOM:
   case JADE_ISA_OP_SUATOM_CAS:
   case JADE_ISA_OP_SUATOM_B:
   case JADE_ISA_OP_SUATOM_CAS_B:
   case JADE_ISA_OP_BMOV_R:
   case JADE_ISA_OP_VOTE:
   case JADE_ISA_OP_VOTEU:
   case JADE_ISA_OP_OUT: /* emits a vertex, whether its handle is used or not */
      return true;
   default:
      return false;
   }
}

/* A plain copy of one whole register: MOV %d <- %s (or one register of a
 * tuple), both SSA. */
static bool
is_copy(const struct jade_ir_shader *s, const struct jade_instr *instr)
{
   if (instr->op != JADE_ISA_OP_MOV || instr->dst_count != 1 || instr->src_count != 1 ||
       instr->field_count || instr->pred_value >= 0)
      return false;
   const struct jade_operand *d = &instr->dst[0], *src = &instr->src[0];
   if (d->count || src->kind != JADE_OPERAND_VALUE)
      return false;
   const struct jade_value *dv = s->values[d->value], *sv = s->values[src->value];
   return dv->size == 1 && dv->file == sv->file && (src->count == 1 || sv->size == 1);
}

void
jade_opt_copy_propagate(struct jade_ir_shader *s)
{
   /* What each copied value stands for. */
   struct jade_operand *repl = rzalloc_array(s, struct jade_operand, s->value_count);
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, instr) {
         for (unsigned i = 0; i < instr->src_count; i++) {
            struct jade_operand *o = &instr->src[i];
            if (o->kind != JADE_OPERAND_VALUE || o->count)
               continue;
            const struct jade_operand *r = &repl[o->value];
            if (r->kind == JADE_OPERAND_VALUE && s->values[o->value]->size == 1) {
               o->value = r->value;
               o->comp = r->comp;
               o->count = r->count;
            }
         }
         if (is_copy(s, instr))
            repl[instr->dst[0].value] = instr->src[0];
      }
   }
}

/* A tuple filled with MOVs T.k <- U.(o+k) from one tuple U, every
 * register once, o a multiple of T's size (so U's registers from o are
 * aligned as T's would be), is a copy of those registers: its readers
 * read U there (a texture coordinate pair or a stored pair that are the
 * upper half of a 4-register load). */
void
jade_opt_tuple_copies(struct jade_ir_shader *s)
{
   int32_t *source = ralloc_array(s, int32_t, s->value_count);
   uint8_t *written = rzalloc_array(s, uint8_t, s->value_count);
   uint8_t *offset = rzalloc_array(s, uint8_t, s->value_count);
   for (unsigned v = 0; v < s->value_count; v++)
      source[v] = s->values[v]->size > 1 ? -1 : -2;
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, i) {
         for (unsigned k = 0; k < i->dst_count; k++) {
            const struct jade_operand *d = &i->dst[k];
            if (source[d->value] == -2)
               continue;
            const struct jade_operand *a = &i->src[0];
            const unsigned size = s->values[d->value]->size;
            const unsigned o = a->comp - d->comp;
            bool piece = i->op == JADE_ISA_OP_MOV && i->src_count == 1 && !i->field_count &&
                         jade_instr_is_unguarded(i) && d->count == 1 &&
                         a->kind == JADE_OPERAND_VALUE && a->count == 1 && a->comp >= d->comp &&
                         o % size == 0 && o + size <= s->values[a->value]->size &&
                         s->values[a->value]->file == s->values[d->value]->file &&
                         (source[d->value] == -1 ||
                          (source[d->value] == (int32_t)a->value && offset[d->value] == o)) &&
                         !(written[d->value] >> d->comp & 1);
            if (!piece) {
               source[d->value] = -2;
               continue;
            }
            source[d->value] = (int32_t)a->value;
            offset[d->value] = (uint8_t)o;
            written[d->value] |= 1u << d->comp;
         }
      }
   }
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, i) {
         for (unsigned k = 0; k < i->src_count; k++) {
            struct jade_operand *o = &i->src[k];
            if (o->kind != JADE_OPERAND_VALUE || source[o->value] < 0)
               continue;
            const struct jade_value *t = s->values[o->value];
            if (written[o->value] != (1u << t->size) - 1)
               continue;
            const struct jade_value *u = s->values[source[o->value]];
            if (u->size != t->size) {
               /* Registers of U: T's own, or the one of T it read. */
               o->comp = (uint8_t)(offset[o->value] + o->comp);
               o->count = o->count ? o->count : t->size;
            }
            o->value = u->index;
         }
      }
   }
   ralloc_free(offset);
   ralloc_free(source);
   ralloc_free(written);
}

/* An attribute load of n words whose tuple is read only a register at a
 * time, with more than n - 1 of its registers moved into other tuples
 * (a vec2 attribute stored in the odd words of an output vector): n
 * loads of a word each instead, which the allocator can place where the
 * moves went (n - 1 more loads, more than n - 1 moves fewer). */
void
jade_opt_split_attribute_loads(struct jade_ir_shader *s)
{
   uint8_t *moved = rzalloc_array(s, uint8_t, s->value_count);
   bool *whole = rzalloc_array(s, bool, s->value_count);
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, i) {
         for (unsigned k = 0; k < i->src_count; k++) {
            const struct jade_operand *o = &i->src[k];
            if (o->kind != JADE_OPERAND_VALUE || s->values[o->value]->size < 2)
               continue;
            if (o->count != 1)
               whole[o->value] = true;
            else if (i->op == JADE_ISA_OP_MOV && i->dst[0].count == 1 && o->comp < 8)
               moved[o->value] |= (uint8_t)(1u << o->comp);
         }
      }
   }
   /* Per value of the loads split, its words' new values. */
   const unsigned values = s->value_count;
   struct jade_value **word = rzalloc_array(s, struct jade_value *, 4 * values);
   bool any = false;
   jade_foreach_block (s, block) {
      jade_foreach_instr_safe (block, i) {
         if (i->op != JADE_ISA_OP_ALD || i->src_count || i->dst_count != 1 || i->dst[0].count ||
             !jade_instr_is_unguarded(i))
            continue;
         const struct jade_value *t = s->values[i->dst[0].value];
         if (t->size < 2 || t->size > 4 || whole[t->index] ||
             (unsigned)util_bitcount(moved[t->index]) <= t->size - 1)
            continue;
         const uint64_t addr = jade_instr_field(i, JADE_ISA_F_ADDR, 0);
         for (unsigned w = 0; w < t->size; w++) {
            struct jade_instr *ld = jade_instr_create_before(s, block, i, JADE_ISA_OP_ALD);
            for (unsigned f = 0; f < i->field_count; f++)
               jade_instr_set_field(ld, (enum jade_isa_field)i->fields[f].field,
                                    i->fields[f].value);
            jade_instr_set_field(ld, JADE_ISA_F_ADDR, addr + 4 * w);
            jade_instr_set_field(ld, JADE_ISA_F_COMPS, JADE_ISA_V_COMPS_32);
            word[4 * t->index + w] = jade_value_create(s, JADE_FILE_GPR, 1);
            jade_instr_add_dst(ld, JADE_ISA_F_DST, word[4 * t->index + w]);
         }
         list_del(&i->link);
         any = true;
      }
   }
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, i) {
         for (unsigned k = 0; any && k < i->src_count; k++) {
            struct jade_operand *o = &i->src[k];
            if (o->kind != JADE_OPERAND_VALUE || o->value >= values || o->comp >= 4 ||
                !word[4 * o->value + o->comp])
               continue;
            o->value = word[4 * o->value + o->comp]->index;
            o->comp = 0;
            o->count = 0;
         }
      }
   }
   ralloc_free(word);
   ralloc_free(whole);
   ralloc_free(moved);
}

/* A tuple gathered by MOVs from the same registers as one gathered
 * earlier in its block (texture coordinates shared by several lookups)
 * is that tuple again: its readers read the first, and dead code removes
 * the second gathering. */
#define GATHER_MAX 8 /* pieces tracked in `written` */

struct gather {
   int state; /* 0: no write seen, 1: MOV pieces so far, -1: not a gathering */
   uint8_t written;
   struct jade_block *block;
   unsigned first, last; /* positions of its first and last piece */
   uint32_t src[GATHER_MAX];
   uint8_t comp[GATHER_MAX];
};

static bool
same_gather(const struct jade_ir_shader *s, const struct gather *a, uint32_t av,
            const struct gather *b, uint32_t bv)
{
   unsigned size = s->values[av]->size;
   if (s->values[bv]->size != size || s->values[bv]->file != s->values[av]->file)
      return false;
   if (a->written != b->written)
      return false;
   for (unsigned k = 0; k < size; k++)
      if ((a->written >> k & 1) && (a->src[k] != b->src[k] || a->comp[k] != b->comp[k]))
         return false;
   return true;
}

void
jade_opt_tuple_gathers(struct jade_ir_shader *s)
{
   struct gather *g = rzalloc_array(s, struct gather, s->value_count);
   unsigned pos = 0;
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, i) {
         pos++;
         for (unsigned k = 0; k < i->dst_count; k++) {
            const struct jade_operand *d = &i->dst[k];
            const struct jade_value *t = s->values[d->value];
            struct gather *x = &g[d->value];
            if (t->size < 2 || t->size > GATHER_MAX || x->state < 0)
               continue;
            const struct jade_operand *a = &i->src[0];
            bool piece = i->op == JADE_ISA_OP_MOV && i->src_count == 1 && !i->field_count &&
                         jade_instr_is_unguarded(i) && d->count == 1 &&
                         a->kind == JADE_OPERAND_VALUE &&
                         (a->count == 1 || s->values[a->value]->size == 1) &&
                         !(x->written >> d->comp & 1) && (!x->state || x->block == block);
            if (!piece) {
               x->state = -1;
               continue;
            }
            if (!x->state) {
               x->state = 1;
               x->block = block;
               x->first = pos;
            }
            x->last = pos;
            x->written |= 1u << d->comp;
            x->src[d->comp] = a->value;
            x->comp[d->comp] = a->comp;
         }
      }
   }
   /* Each complete gathering is compared with the complete ones of its
    * block whose last piece comes before its first, found through chains
    * of the gatherings with the same first source. */
   int32_t *same = ralloc_array(s, int32_t, s->value_count);
   int32_t *head = ralloc_array(s, int32_t, s->value_count);
   int32_t *next = ralloc_array(s, int32_t, s->value_count);
   for (unsigned v = 0; v < s->value_count; v++)
      same[v] = head[v] = next[v] = -1;
   for (unsigned v = 0; v < s->value_count; v++) {
      const struct gather *x = &g[v];
      /* Pieces never written (a 3D coordinate's fourth) are undefined. */
      if (x->state != 1 || !(x->written & 1))
         continue;
      for (int32_t w = head[x->src[0]]; w >= 0 && same[v] < 0; w = next[w]) {
         const struct gather *y = &g[w];
         if (y->block == x->block && y->last < x->first && same_gather(s, x, v, y, (uint32_t)w))
            same[v] = w;
      }
      if (same[v] < 0) {
         next[v] = head[x->src[0]];
         head[x->src[0]] = (int32_t)v;
      }
   }
   jade_foreach_block (s, block)
      jade_foreach_instr (block, i)
         for (unsigned k = 0; k < i->src_count; k++)
            if (i->src[k].kind == JADE_OPERAND_VALUE && same[i->src[k].value] >= 0)
               i->src[k].value = (uint32_t)same[i->src[k].value];
   ralloc_free(g);
   ralloc_free(same);
   ralloc_free(head);
   ralloc_free(next);
}

void
jade_opt_dead_code(struct jade_ir_shader *s)
{
   unsigned *uses = rzalloc_array(s, unsigned, s->value_count);
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, instr) {
         for (unsigned i = 0; i < instr->src_count; i++)
            if (instr->src[i].kind == JADE_OPERAND_VALUE)
               uses[instr->src[i].value]++;
         if (instr->pred_value >= 0)
            uses[instr->pred_value]++;
      }
   }
   bool progress = true;
   while (progress) {
      progress = false;
      jade_foreach_block (s, block) {
         jade_foreach_instr_safe (block, instr) {
            if (has_side_effects(instr) || !instr->dst_count)
               continue;
            bool dead = true;
            for (unsigned i = 0; i < instr->dst_count && dead; i++) {
               const struct jade_value *v = s->values[instr->dst[i].value];
               dead = !uses[v->index];
            }
            if (!dead)
               continue;
            for (unsigned i = 0; i < instr->src_count; i++)
               if (instr->src[i].kind == JADE_OPERAND_VALUE)
                  uses[instr->src[i].value]--;
            if (instr->pred_value >= 0)
               uses[instr->pred_value]--;
            list_del(&instr->link);
            progress = true;
         }
      }
   }
}

/* Whether the code after `block` falls through to block `target`: it is
 * the next block, or only empty blocks come between. */
static bool
falls_through_to(const struct jade_ir_shader *s, const struct jade_block *block, int target)
{
   for (const struct list_head *l = block->link.next; l != &s->blocks; l = l->next) {
      const struct jade_block *next = list_entry(l, struct jade_block, link);
      if (next->index == (unsigned)target)
         return true;
      if (!list_is_empty(&next->instrs))
         return false;
   }
   return false;
}

/* A branch to where the code falls through anyway (a side of an if
 * whose other side's copies all coalesced, leaving it empty) goes. */
static void
remove_fallthrough_branches(struct jade_ir_shader *s)
{
   jade_foreach_block (s, block) {
      struct jade_instr *last = list_is_empty(&block->instrs)
                                   ? NULL
                                   : list_last_entry(&block->instrs, struct jade_instr, link);
      if (last && last->op == JADE_ISA_OP_BRA && falls_through_to(s, block, last->target_block)) {
         list_del(&last->link);
         jade_block_update_succs(s, block);
      }
   }
}

/* After allocation: a conditional branch over a block that only branches
 * (a loop's test at its bottom: @!p BRA exit ; BRA header ; exit:)
 * becomes the inverted branch to the second target (@p BRA header). */
void
jade_opt_branches(struct jade_ir_shader *s)
{
   /* Blocks some instruction names (branch, BSSY, ...): they keep their
    * code. */
   bool *targeted = rzalloc_array(s, bool, s->block_count);
   jade_foreach_block (s, block)
      jade_foreach_instr (block, i)
         if (i->target_block >= 0)
            targeted[i->target_block] = true;
   struct jade_block *a = NULL, *b = NULL;
   jade_foreach_block (s, c) {
      if (a && b && !targeted[b->index] && !list_is_empty(&a->instrs) &&
          list_is_singular(&b->instrs)) {
         struct jade_instr *cond = list_last_entry(&a->instrs, struct jade_instr, link);
         struct jade_instr *jump = list_first_entry(&b->instrs, struct jade_instr, link);
         if (cond->op == JADE_ISA_OP_BRA && !jade_instr_is_unguarded(cond) &&
             cond->target_block == (int)c->index && jump->op == JADE_ISA_OP_BRA &&
             jade_instr_is_unguarded(jump)) {
            cond->target_block = jump->target_block;
            cond->pred_not = !cond->pred_not;
            list_del(&jump->link);
            /* a now branches to the header, b falls through to c. */
            jade_block_update_succs(s, a);
            jade_block_update_succs(s, b);
         }
      }
      a = b;
      b = c;
   }
   ralloc_free(targeted);
   remove_fallthrough_branches(s);
}
