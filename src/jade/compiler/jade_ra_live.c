/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * SSA liveness over the IR's CFG edges (jade_ir_cfg.c), for scheduling,
 * register allocation and spilling, solved with SSA phi semantics: a
 * PHI's destination is defined at the top of its block, its source from
 * block P is used at the end of P.  A tuple written piece by piece (IADD3
 * then IADD3.X for the halves of a 64-bit sum) is defined by its first
 * write; the later writes keep it live like uses, so nothing else takes
 * its registers in between.
 */

#include <string.h>

#include "jade_ra.h"
#include "util/ralloc.h"

/* use: read before written in the block (phi sources excluded);
 * def: written in the block, phi destinations included. */
static void
local_sets(struct jade_ir_shader *s, struct jade_cfg_block *cb, unsigned words)
{
   cb->use = rzalloc_array(s, BITSET_WORD, words);
   cb->def = rzalloc_array(s, BITSET_WORD, words);
   jade_foreach_instr (cb->block, i) {
      if (i->op != JADE_OP_PHI) {
         for (unsigned k = 0; k < i->src_count; k++) {
            uint32_t v = i->src[k].value;
            if (i->src[k].kind == JADE_OPERAND_VALUE && !BITSET_TEST(cb->def, v))
               BITSET_SET(cb->use, v);
         }
         if (i->pred_value >= 0 && !BITSET_TEST(cb->def, i->pred_value))
            BITSET_SET(cb->use, i->pred_value);
      }
      for (unsigned k = 0; k < i->dst_count; k++)
         BITSET_SET(cb->def, i->dst[k].value);
   }
}

/* Phi sources the successors of block `b` take from it. */
static void
add_phi_uses(const struct jade_cfg *cfg, unsigned b, BITSET_WORD *set)
{
   const struct jade_block *block = cfg->blocks[b].block;
   for (unsigned k = 0; k < block->succ_count; k++) {
      jade_foreach_instr (block->succs[k], i) {
         if (i->op != JADE_OP_PHI)
            break;
         for (unsigned n = 0; n < i->src_count; n++)
            if (i->src[n].pred_block == (int)block->index)
               BITSET_SET(set, i->src[n].value);
      }
   }
}

struct jade_cfg *
jade_cfg_layout(struct jade_ir_shader *s)
{
   struct jade_cfg *cfg = rzalloc(s, struct jade_cfg);
   cfg->count = s->block_count;
   cfg->blocks = rzalloc_array(cfg, struct jade_cfg_block, cfg->count);
   cfg->position = rzalloc_array(cfg, unsigned, s->block_count);
   cfg->words = BITSET_WORDS(s->value_count ? s->value_count : 1);
   unsigned b = 0;
   jade_foreach_block (s, block) {
      cfg->blocks[b].block = block;
      cfg->position[block->index] = b;
      b++;
   }
   return cfg;
}

void
jade_liveness(struct jade_ir_shader *s, struct jade_cfg *cfg)
{
   unsigned words = cfg->words;
   for (unsigned b = 0; b < cfg->count; b++) {
      struct jade_cfg_block *cb = &cfg->blocks[b];
      local_sets(s, cb, words);
      cb->live_in = rzalloc_array(cfg, BITSET_WORD, words);
      cb->live_out = rzalloc_array(cfg, BITSET_WORD, words);
      cb->phi_uses = rzalloc_array(cfg, BITSET_WORD, words);
      add_phi_uses(cfg, b, cb->phi_uses);
   }
   bool changed = true;
   while (changed) {
      changed = false;
      for (int b = (int)cfg->count - 1; b >= 0; b--) {
         struct jade_cfg_block *cb = &cfg->blocks[b];
         for (unsigned w = 0; w < words; w++) {
            BITSET_WORD out = cb->phi_uses[w];
            for (unsigned k = 0; k < cb->block->succ_count; k++)
               out |= jade_cfg_of(cfg, cb->block->succs[k])->live_in[w];
            BITSET_WORD in = cb->use[w] | (out & ~cb->def[w]);
            if (out != cb->live_out[w] || in != cb->live_in[w]) {
               cb->live_out[w] = out;
               cb->live_in[w] = in;
               changed = true;
            }
         }
      }
   }
}

void
jade_block_kills(struct jade_ir_shader *s, const struct jade_cfg *cfg, unsigned b,
                 struct jade_instr_live *out, unsigned count)
{
   const struct jade_cfg_block *cb = &cfg->blocks[b];
   BITSET_WORD *live = ralloc_array(s, BITSET_WORD, cfg->words);
   BITSET_WORD *written = rzalloc_array(s, BITSET_WORD, cfg->words);
   memcpy(live, cb->live_out, cfg->words * sizeof(BITSET_WORD));
   /* The first write of each value in this block: its definition. */
   struct jade_instr **first = rzalloc_array(s, struct jade_instr *, s->value_count);
   jade_foreach_instr (cb->block, i) {
      for (unsigned k = 0; k < i->dst_count; k++) {
         if (!BITSET_TEST(written, i->dst[k].value)) {
            BITSET_SET(written, i->dst[k].value);
            first[i->dst[k].value] = i;
         }
      }
   }
   unsigned n = count;
   list_for_each_entry_rev (struct jade_instr, i, &cb->block->instrs, link) {
      struct jade_instr_live *l = &out[--n];
      memset(l, 0, sizeof(*l));
      for (unsigned k = 0; k < i->dst_count; k++) {
         uint32_t v = i->dst[k].value;
         if (!BITSET_TEST(live, v))
            l->dead_dsts |= 1u << k;
         if (first[v] == i)
            BITSET_CLEAR(live, v);
         else
            BITSET_SET(live, v);
      }
      if (i->op == JADE_OP_PHI)
         continue;
      if (i->pred_value >= 0 && !BITSET_TEST(live, i->pred_value)) {
         l->kills_pred = true;
         BITSET_SET(live, i->pred_value);
      }
      for (int k = (int)i->src_count - 1; k >= 0; k--) {
         if (i->src[k].kind != JADE_OPERAND_VALUE)
            continue;
         uint32_t v = i->src[k].value;
         if (!BITSET_TEST(live, v)) {
            l->kills |= 1ull << k;
            BITSET_SET(live, v);
         }
      }
   }
   ralloc_free(live);
   ralloc_free(written);
   ralloc_free(first);
}
