/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Register allocation: linear scan over live intervals.
 *
 * Blocks are laid out in list order and instructions numbered along it.
 * Liveness is solved on the control-flow graph (branch targets and
 * fall-through), then each value gets one interval from its first to its
 * last live point: the positions of its definitions and uses, and whole
 * blocks where it is live in or out (so a value live around a loop covers
 * the loop).  Values from NIR registers have several definitions; a write
 * of one register of a tuple does not end the tuple's liveness.  Intervals
 * are allocated in start order, first fit, tuples aligned to their size.
 * This is exact for straight-line SSA code and safe (conservative)
 * elsewhere.  Live-range splitting and spilling are still to come: a
 * shader that needs them fails with a message.
 */

#include <string.h>

#include "jade_compiler_private.h"
#include "util/bitset.h"
#include "util/ralloc.h"

#define GPR_LIMIT 253     /* R0..R252 usable */

static const unsigned file_regs[4] = {GPR_LIMIT, 7, 63, 7};

struct ra_block {
   struct jade_block *block;
   unsigned start, end;          /* instruction positions [start, end) */
   int succ[2];                  /* block list positions, -1 none */
   BITSET_WORD *use, *def, *live_in, *live_out;
};

static int
block_position(struct ra_block *rb, unsigned count, int index)
{
   for (unsigned i = 0; i < count; i++)
      if ((int)rb[i].block->index == index)
         return (int)i;
   return -1;
}

static void
find_successors(struct ra_block *rb, unsigned count)
{
   for (unsigned b = 0; b < count; b++) {
      rb[b].succ[0] = rb[b].succ[1] = -1;
      bool falls = true;
      unsigned n = 0;
      jade_foreach_instr(rb[b].block, i) {
         if (i->op == JADE_ISA_OP_BRA && i->target_block >= 0) {
            rb[b].succ[n++ & 1] = block_position(rb, count, i->target_block);
            if (jade_instr_is_unguarded(i))
               falls = false;
         } else if (i->op == JADE_ISA_OP_EXIT && jade_instr_is_unguarded(i)) {
            falls = false;
         }
      }
      if (falls && b + 1 < count && n < 2)
         rb[b].succ[n] = (int)b + 1;
   }
}

static void
solve_liveness(struct jade_shader *s, struct ra_block *rb, unsigned count)
{
   unsigned words = BITSET_WORDS(s->value_count);
   for (unsigned b = 0; b < count; b++) {
      rb[b].use = rzalloc_array(s, BITSET_WORD, words);
      rb[b].def = rzalloc_array(s, BITSET_WORD, words);
      rb[b].live_in = rzalloc_array(s, BITSET_WORD, words);
      rb[b].live_out = rzalloc_array(s, BITSET_WORD, words);
      /* Written in this block before being read: not a use.  Only a whole
       * write kills the value (a piece of a tuple leaves the rest live). */
      BITSET_WORD *written = rzalloc_array(s, BITSET_WORD, words);
      jade_foreach_instr(rb[b].block, i) {
         for (unsigned k = 0; k < i->src_count; k++) {
            uint32_t v = i->src[k].value;
            if (i->src[k].kind == JADE_OPERAND_VALUE && !BITSET_TEST(written, v))
               BITSET_SET(rb[b].use, v);
         }
         if (i->pred_value >= 0 && !BITSET_TEST(written, i->pred_value))
            BITSET_SET(rb[b].use, i->pred_value);
         for (unsigned k = 0; k < i->dst_count; k++) {
            BITSET_SET(written, i->dst[k].value);
            if (!i->dst[k].count)
               BITSET_SET(rb[b].def, i->dst[k].value);
         }
      }
   }
   bool changed = true;
   while (changed) {
      changed = false;
      for (int b = (int)count - 1; b >= 0; b--) {
         for (unsigned w = 0; w < words; w++) {
            BITSET_WORD out = 0;
            for (unsigned k = 0; k < 2; k++)
               if (rb[b].succ[k] >= 0)
                  out |= rb[rb[b].succ[k]].live_in[w];
            BITSET_WORD in = rb[b].use[w] | (out & ~rb[b].def[w]);
            if (out != rb[b].live_out[w] || in != rb[b].live_in[w]) {
               rb[b].live_out[w] = out;
               rb[b].live_in[w] = in;
               changed = true;
            }
         }
      }
   }
}

static void
extend(unsigned *start, unsigned *end, unsigned v, unsigned from, unsigned to)
{
   if (from < start[v])
      start[v] = from;
   if (to > end[v])
      end[v] = to;
}

bool
jade_ra(struct jade_shader *s, const struct jade_compiler_options *options)
{
   unsigned count = s->block_count;
   struct ra_block *rb = rzalloc_array(s, struct ra_block, count);
   unsigned b = 0, pos = 0;
   jade_foreach_block(s, block) {
      rb[b].block = block;
      rb[b].start = pos;
      jade_foreach_instr(block, i)
         pos += 2;   /* reads at 2n, writes at 2n + 1 */
      rb[b].end = pos;
      b++;
   }
   find_successors(rb, count);
   solve_liveness(s, rb, count);

   unsigned *start = ralloc_array(s, unsigned, s->value_count);
   unsigned *end = rzalloc_array(s, unsigned, s->value_count);
   for (unsigned v = 0; v < s->value_count; v++)
      start[v] = ~0u;
   for (b = 0; b < count; b++) {
      unsigned p = rb[b].start;
      jade_foreach_instr(rb[b].block, i) {
         for (unsigned k = 0; k < i->src_count; k++)
            if (i->src[k].kind == JADE_OPERAND_VALUE)
               extend(start, end, i->src[k].value, p, p);
         if (i->pred_value >= 0)
            extend(start, end, (unsigned)i->pred_value, p, p);
         for (unsigned k = 0; k < i->dst_count; k++)
            extend(start, end, i->dst[k].value, p + 1, p + 1);
         p += 2;
      }
      unsigned v;
      BITSET_FOREACH_SET(v, rb[b].live_in, s->value_count)
         extend(start, end, v, rb[b].start, rb[b].start);
      BITSET_FOREACH_SET(v, rb[b].live_out, s->value_count)
         extend(start, end, v, rb[b].end, rb[b].end);
   }
   /* Allocation in start order. */
   unsigned *order = ralloc_array(s, unsigned, s->value_count);
   unsigned n = 0;
   for (unsigned v = 0; v < s->value_count; v++)
      if (start[v] != ~0u)
         order[n++] = v;
   for (unsigned i = 1; i < n; i++) {
      unsigned v = order[i], j = i;
      while (j > 0 && start[order[j - 1]] > start[v]) {
         order[j] = order[j - 1];
         j--;
      }
      order[j] = v;
   }

   unsigned limit[4];
   memcpy(limit, file_regs, sizeof(limit));
   if (options && options->max_gprs && options->max_gprs < limit[JADE_FILE_GPR])
      limit[JADE_FILE_GPR] = options->max_gprs;
   unsigned busy_until[4][256];
   memset(busy_until, 0, sizeof(busy_until));
   bool any_busy[4][256];
   memset(any_busy, 0, sizeof(any_busy));

   /* Registers the hardware dictates (fragment outputs at EXIT): no other
    * value may hold them while they are live. */
   struct fixed { unsigned reg, start, end; } *fixed = ralloc_array(s, struct fixed, n + 1);
   unsigned fixed_count = 0;
   for (unsigned i = 0; i < n; i++) {
      const struct jade_value *val = s->values[order[i]];
      if (val->fixed_reg >= 0)
         fixed[fixed_count++] = (struct fixed){(unsigned)val->fixed_reg, start[val->index],
                                               end[val->index]};
   }

   unsigned max_gpr = 0;
   for (unsigned i = 0; i < n; i++) {
      struct jade_value *val = s->values[order[i]];
      unsigned st = start[val->index], en = end[val->index];
      if (val->fixed_reg >= 0) {
         val->reg = (uint8_t)val->fixed_reg;
         any_busy[val->file][val->reg] = true;
         if (en > busy_until[val->file][val->reg])
            busy_until[val->file][val->reg] = en;
         if ((unsigned)val->reg + 1 > max_gpr)
            max_gpr = val->reg + 1u;
         continue;
      }
      /* Free: no interval overlapping [st, en]; intervals are taken in
       * start order, so "busy until before st" is enough. */
      int reg = -1;
      for (unsigned r = 0; r + val->size <= limit[val->file]; r += val->size) {
         bool ok = true;
         for (unsigned k = 0; k < val->size && ok; k++) {
            ok = !any_busy[val->file][r + k] || busy_until[val->file][r + k] < st;
            for (unsigned f = 0; f < fixed_count && ok && val->file == JADE_FILE_GPR; f++)
               ok = fixed[f].reg != r + k || fixed[f].end < st || fixed[f].start > en;
         }
         if (ok) {
            reg = (int)r;
            break;
         }
      }
      if (reg < 0) {
         return jade_shader_error(s, "out of %s registers (spilling is not implemented yet)",
                                  val->file == JADE_FILE_GPR ? "general" :
                                  "predicate or uniform");
      }
      val->reg = (uint8_t)reg;
      for (unsigned k = 0; k < val->size; k++) {
         any_busy[val->file][reg + k] = true;
         busy_until[val->file][reg + k] = en;
      }
      if (val->file == JADE_FILE_GPR && (unsigned)reg + val->size > max_gpr)
         max_gpr = (unsigned)reg + val->size;
   }
   s->gpr_count = max_gpr;
   return true;
}
