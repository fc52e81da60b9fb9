/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Register allocation's shared pieces: SSA liveness over the IR's CFG
 * (jade_ra_live.c), parallel copies (jade_ra_copies.c), spilling
 * (jade_ra_spill.c).  The allocator itself is jade_ra.c.
 */

#ifndef JADE_RA_H
#define JADE_RA_H

#include "jade_compiler_private.h"
#include "util/bitset.h"

/* Liveness of one block; its edges are the block's (succs, preds). */
struct jade_cfg_block {
   struct jade_block *block;
   BITSET_WORD *use, *def; /* local sets */
   BITSET_WORD *live_in;   /* phi destinations excluded */
   BITSET_WORD *live_out;  /* phi sources the successors take included */
   BITSET_WORD *phi_uses;  /* those phi sources */
};

struct jade_cfg {
   struct jade_cfg_block *blocks; /* in list (layout) order */
   unsigned count;
   unsigned *position; /* block index -> list position */
   unsigned words;     /* BITSET words over values */
};

/* Per instruction of a block: which of its value sources are last uses
 * (bit k: src[k]; the guard predicate apart) and which destinations are
 * not read afterwards. */
struct jade_instr_live {
   uint64_t kills;
   bool kills_pred;
   uint8_t dead_dsts;
};

/* The blocks in layout order, for liveness (the edges are the IR's). */
struct jade_cfg *jade_cfg_layout(struct jade_ir_shader *s);

/* A block's liveness. */
static inline struct jade_cfg_block *
jade_cfg_of(const struct jade_cfg *cfg, const struct jade_block *block)
{
   return &cfg->blocks[cfg->position[block->index]];
}

void jade_liveness(struct jade_ir_shader *s, struct jade_cfg *cfg);
/* Fills out[0..count-1] for the `count` instructions of block b. */
void jade_block_kills(struct jade_ir_shader *s, const struct jade_cfg *cfg, unsigned b,
                      struct jade_instr_live *out, unsigned count);

/* Spills general registers until no point needs more than `budget`
 * (jade_ra_spill.c); counts the STLs and LDLs it adds. */
bool jade_ra_spill(struct jade_ir_shader *s, unsigned budget, unsigned *spills, unsigned *fills);
/* Keeps predicates in general registers (SEL after the definition,
 * ISETP.NE before each use) until no point needs more than `budget`
 * predicates; returns how many it spilled.  An error (s->error) when a
 * point needs more than the budget even so. */
unsigned jade_ra_spill_preds(struct jade_ir_shader *s, unsigned budget);
/* The most general registers live at once (tuples aligned). */
unsigned jade_ra_pressure(struct jade_ir_shader *s);

/* One move of a parallel copy: register src to register dst, or, when
 * konst is set, that immediate, c[][] or RZ operand to dst (a constant load
 * again instead of a copy of the register it was loaded into: it reads no
 * register, so it goes after the register moves and is in no cycle). */
struct jade_copy {
   uint8_t file;
   uint8_t dst, src;
   const struct jade_operand *konst;
};

/* Emits the parallel copy `copies` (all reads before all writes) before
 * `before` (or at the end of `block` when NULL) as MOVs (PLOP3 for
 * predicates), cycles broken through `spare` (a general register free
 * there, -1: none) or else with three XORs. */
void jade_parallel_copy(struct jade_ir_shader *s, struct jade_block *block,
                        struct jade_instr *before, struct jade_copy *copies, unsigned count,
                        int spare);

/* A value standing for physical register `reg` (copies after allocation). */
struct jade_value *jade_phys_value(struct jade_ir_shader *s, enum jade_file file, unsigned reg);

#endif /* JADE_RA_H */
