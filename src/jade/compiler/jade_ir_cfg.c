/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The control-flow graph kept in the IR: each block's successors and
 * predecessors.  Blocks are laid out in list order; a block's successors
 * are its branch targets and, unless it ends in an unguarded BRA or EXIT,
 * the next block (a BSSY's target is where lanes meet again, not an edge).
 * Selection creates blocks and branches only: jade_cfg_derive reads the
 * edges off the code once, after it; the passes that change control flow
 * keep them (the validator compares them with the code after each pass).
 * Dominance (for the validator's SSA check) is Cooper, Harvey and Kennedy,
 * "A Simple, Fast Dominance Algorithm" (2001), over reverse postorder.
 */

#include <string.h>

#include "jade_ir.h"
#include "util/ralloc.h"

unsigned
jade_block_code_succs(const struct jade_ir_shader *s, const struct jade_block *block,
                      struct jade_block *succs[2])
{
   unsigned count = 0;
   bool falls = true;
   jade_foreach_instr (block, i) {
      struct jade_block *target = NULL;
      if (i->op == JADE_ISA_OP_BRA && i->target_block >= 0) {
         target = jade_block_by_index(s, (unsigned)i->target_block);
         if (jade_instr_is_unguarded(i))
            falls = false;
      } else if (i->op == JADE_ISA_OP_EXIT && jade_instr_is_unguarded(i)) {
         falls = false;
      }
      if (!target || (count && succs[0] == target) || (count == 2 && succs[1] == target))
         continue;
      if (count == 2)
         return 3;
      succs[count++] = target;
   }
   if (falls && block->link.next != &s->blocks) {
      struct jade_block *next = list_entry(block->link.next, struct jade_block, link);
      if (count && (succs[0] == next || (count == 2 && succs[1] == next)))
         return count;
      if (count == 2)
         return 3;
      succs[count++] = next;
   }
   return count;
}

static void
add_pred(struct jade_block *to, struct jade_block *from)
{
   if (to->pred_count == to->pred_alloc) {
      to->pred_alloc = to->pred_alloc ? to->pred_alloc * 2 : 2;
      to->preds = reralloc(to, to->preds, struct jade_block *, to->pred_alloc);
   }
   to->preds[to->pred_count++] = from;
}

static void
remove_pred(struct jade_block *to, struct jade_block *from)
{
   for (unsigned k = 0; k < to->pred_count; k++) {
      if (to->preds[k] == from) {
         memmove(&to->preds[k], &to->preds[k + 1], (to->pred_count - k - 1) * sizeof(*to->preds));
         to->pred_count--;
         return;
      }
   }
   assert(!"no such edge");
}

static void
add_edge(struct jade_block *from, struct jade_block *to)
{
   assert(from->succ_count < 2);
   from->succs[from->succ_count++] = to;
   add_pred(to, from);
}

static void
remove_edge(struct jade_block *from, struct jade_block *to)
{
   for (unsigned k = 0; k < from->succ_count; k++) {
      if (from->succs[k] == to) {
         /* The others keep their order. */
         for (unsigned j = k + 1; j < from->succ_count; j++)
            from->succs[j - 1] = from->succs[j];
         from->succ_count--;
         remove_pred(to, from);
         return;
      }
   }
   assert(!"no such edge");
}

bool
jade_block_update_succs(struct jade_ir_shader *s, struct jade_block *block)
{
   while (block->succ_count)
      remove_edge(block, block->succs[block->succ_count - 1]);
   struct jade_block *succs[2];
   unsigned count = jade_block_code_succs(s, block, succs);
   if (count > 2)
      return jade_ir_error(s, "block %u has more than two successors", block->index);
   for (unsigned k = 0; k < count; k++)
      add_edge(block, succs[k]);
   return true;
}

void
jade_cfg_derive(struct jade_ir_shader *s)
{
   jade_foreach_block (s, block) {
      block->succ_count = 0;
      block->pred_count = 0;
   }
   jade_foreach_block (s, block) {
      if (!jade_block_update_succs(s, block))
         return;
   }
}

/* Postorder by depth-first search from the entry (iterative: deep loop
 * nests must not exhaust the stack). */
static void
postorder(const struct jade_ir_shader *s, unsigned *order, unsigned *count, bool *seen)
{
   struct frame {
      struct jade_block *block;
      unsigned next;
   } *stack = ralloc_array(NULL, struct frame, s->block_count + 1);
   unsigned depth = 0;
   struct jade_block *entry = list_first_entry(&s->blocks, struct jade_block, link);
   stack[depth++] = (struct frame){entry, 0};
   seen[entry->index] = true;
   while (depth) {
      struct frame *f = &stack[depth - 1];
      if (f->next < f->block->succ_count) {
         struct jade_block *succ = f->block->succs[f->next++];
         if (!seen[succ->index]) {
            seen[succ->index] = true;
            stack[depth++] = (struct frame){succ, 0};
         }
      } else {
         order[(*count)++] = f->block->index;
         depth--;
      }
   }
   ralloc_free(stack);
}

struct jade_dominance *
jade_dominance_create(void *mem_ctx, const struct jade_ir_shader *s)
{
   struct jade_dominance *d = rzalloc(mem_ctx, struct jade_dominance);
   const unsigned n = s->block_count ? s->block_count : 1;
   d->idom = ralloc_array(d, int, n);
   d->rpo = ralloc_array(d, int, n);
   d->order = ralloc_array(d, unsigned, n);
   for (unsigned b = 0; b < n; b++)
      d->idom[b] = d->rpo[b] = -1;
   if (list_is_empty(&s->blocks))
      return d;
   bool *seen = rzalloc_array(d, bool, n);
   unsigned *post = ralloc_array(d, unsigned, n);
   postorder(s, post, &d->count, seen);
   for (unsigned k = 0; k < d->count; k++) {
      d->order[k] = post[d->count - 1 - k];
      d->rpo[d->order[k]] = (int)k;
   }
   const unsigned entry = d->order[0];
   d->idom[entry] = (int)entry;
   bool changed = true;
   while (changed) {
      changed = false;
      for (unsigned k = 1; k < d->count; k++) {
         const struct jade_block *b = s->block_array[d->order[k]];
         int idom = -1;
         for (unsigned p = 0; p < b->pred_count; p++) {
            int q = (int)b->preds[p]->index;
            if (d->idom[q] < 0)
               continue; /* unreachable, or not processed yet */
            if (idom < 0) {
               idom = q;
               continue;
            }
            /* Intersect: walk both up to their common dominator. */
            int x = q, y = idom;
            while (x != y) {
               while (d->rpo[x] > d->rpo[y])
                  x = d->idom[x];
               while (d->rpo[y] > d->rpo[x])
                  y = d->idom[y];
            }
            idom = x;
         }
         if (idom != d->idom[b->index]) {
            d->idom[b->index] = idom;
            changed = true;
         }
      }
   }
   d->idom[entry] = -1;
   ralloc_free(seen);
   ralloc_free(post);
   return d;
}

bool
jade_dominates(const struct jade_dominance *d, unsigned a, unsigned b)
{
   if (d->rpo[a] < 0 || d->rpo[b] < 0)
      return false;
   for (int x = (int)b; x >= 0; x = d->idom[x])
      if (x == (int)a)
         return true;
   return false;
}
