/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Register allocation on SSA (tree scan).
 *
 * The IR is in SSA form with PHIs, and the code is structured, so every
 * block's dominators come before it in layout order and the interference
 * graph is chordal: walking the blocks in layout order, starting each
 * block with exactly the registers of its live-in values taken, and
 * freeing a register at its value's last use, colours every value without
 * ever needing more registers than values live at once (tuples add
 * alignment).  A value keeps one register for its whole life.
 *
 * Copies are avoided by choosing well, not by a separate coalescer: a
 * value prefers the register of the value it copies (MOV), of its phi
 * partners, of the tuple it is gathered into, or the register the hardware
 * reads it from (fragment outputs at EXIT).  What is left is resolved
 * afterwards: PHIs become parallel copies at the end of their predecessors,
 * fragment outputs a parallel copy before EXIT (jade_ra_copies.c), and
 * moves between equal registers disappear.
 *
 * A shader whose pressure exceeds the register budget is spilled first
 * (jade_ra_spill.c): predicates to general registers, then general
 * registers to local memory; if tuple alignment still leaves a tuple no
 * room, the budget shrinks and spilling goes on.
 */

#include <assert.h>
#include <string.h>

#include "jade_ra.h"
#include "util/ralloc.h"
#include "util/u_debug.h"

struct ra {
   struct jade_ir_shader *s;
   struct jade_cfg *cfg;
   unsigned limit[4];
   bool *assigned; /* per value */
   int16_t *hint;  /* per value: preferred register, -1 none */
   /* Per value: the register of the fragment output it is made into
    * (through PHIs, or read only by the output's producer), -1 none;
    * weaker than the hints. */
   int16_t *output_hint;
   /* Per value: the tuple it is copied into (MOV T.k <- v) and k. */
   int32_t *gather_into;
   uint8_t *gather_comp;
   /* Per tuple value (4 a value): the value moved into each of its first
    * four registers, -1 none (a value gathered into several tuples has
    * only the first as gather_into). */
   int32_t *piece_src;
   /* Per value: the PHIs it is a source or the destination of, the last
    * one first, as a list through phi_links (index + 1; 0 ends it). */
   uint32_t *phi_first;
   struct phi_link {
      struct jade_instr *phi;
      uint32_t next;
   } * phi_links;
   unsigned phi_link_count;
   int32_t owner[4][256]; /* value in each register, -1 free */
   /* A second value in the register: a tuple sharing it with the value
    * gathered into it (both hold the same bits until one dies). */
   int32_t co_owner[4][256];
   unsigned max_gpr;
   bool out_of_gprs;
   /* Fragment outputs: the block of the EXIT that reads them from fixed
    * registers (-1: none), and per general register the position in that
    * block where the output EXIT reads from it is defined (-1: none) and
    * that output.  Other values keep off such a register when they would
    * still hold it there: the output could not land in it, and EXIT's
    * parallel copy would cost moves or swaps. */
   int exit_block;
   int16_t out_def[256];
   int32_t out_value[256];
   int16_t *exit_last_use; /* per value: its last reader in that block, -1 none */
   /* Per value: the constant load that defines it (jade_constant_loaded;
    * NULL: none), and its readers; a parallel copy loads such a value
    * again instead of copying it, and a load left without readers goes. */
   struct jade_instr **const_load;
   unsigned *uses;
   unsigned loads_counted; /* values when they were counted (copies add more) */
   int block, pos;         /* the block being allocated, the instruction in it */
   /* Per value, in the block being allocated (valid where stamp is the
    * block + 1): the position of its definition and of its last reader
    * (INT16_MAX: live out of the block). */
   uint32_t *stamp;
   int16_t *def_pos, *last_use;
   /* Per general register: a tuple's piece, not defined yet in this
    * block, that is to land in it (-1: none), and where it is defined.
    * Other values keep off the register where they would still hold it
    * there, so the piece can be computed in place (no gathering MOV). */
   int32_t *pending_piece;
   int16_t *pending_def;
};

static bool
range_free(const struct ra *ra, unsigned file, int reg, unsigned size)
{
   if (reg < 0 || reg % (size == 3 ? 4 : size) || reg + size > ra->limit[file])
      return false;
   for (unsigned k = 0; k < size; k++)
      if (ra->owner[file][reg + k] >= 0 || ra->co_owner[file][reg + k] >= 0)
         return false;
   return true;
}

/* Free for tuple t, or held by the value that is about to be moved into
 * that very register of t (the move becomes a no-op). */
static bool
range_free_for_tuple(const struct ra *ra, const struct jade_value *t, int reg)
{
   if (reg < 0 || reg % (t->size == 3 ? 4 : t->size) || reg + t->size > ra->limit[t->file])
      return false;
   for (unsigned k = 0; k < t->size; k++) {
      int32_t o = ra->owner[t->file][reg + k];
      if (ra->co_owner[t->file][reg + k] >= 0 ||
          (o >= 0 && !(ra->gather_into[o] == (int32_t)t->index && ra->gather_comp[o] == k) &&
           !(k < 4 && ra->piece_src[4 * t->index + k] == o)))
         return false;
   }
   return true;
}

static void
occupy(struct ra *ra, struct jade_value *v)
{
   for (unsigned k = 0; k < v->size; k++) {
      int32_t *o = &ra->owner[v->file][v->reg + k];
      if (*o < 0)
         *o = (int32_t)v->index;
      else
         ra->co_owner[v->file][v->reg + k] = (int32_t)v->index;
   }
   if (v->file == JADE_FILE_GPR && v->reg + v->size > ra->max_gpr)
      ra->max_gpr = v->reg + v->size;
}

static void
release(struct ra *ra, const struct jade_value *v)
{
   for (unsigned k = 0; k < v->size; k++) {
      int32_t *o = &ra->owner[v->file][v->reg + k], *co = &ra->co_owner[v->file][v->reg + k];
      if (*o == (int32_t)v->index) {
         *o = *co;
         *co = -1;
      } else if (*co == (int32_t)v->index) {
         *co = -1;
      }
   }
}

/* Tuples are aligned to their size (3 to 4), as the ISA wants. */
static int
first_free(const struct ra *ra, unsigned file, unsigned size)
{
   unsigned align = size == 3 ? 4 : size;
   for (unsigned r = 0; r + size <= ra->limit[file]; r += align)
      if (range_free(ra, file, (int)r, size))
         return (int)r;
   return -1;
}

/* Whether v in registers reg.. would still hold one of them where the
 * fragment output EXIT reads from it is defined. */
static bool
holds_output_register(const struct ra *ra, const struct jade_value *v, int reg)
{
   if (v->file != JADE_FILE_GPR || ra->exit_block < 0 || ra->exit_last_use[v->index] < 0)
      return false;
   /* Defined before the exit block, or at this position in it. */
   const int def = ra->block == ra->exit_block ? ra->pos : -1;
   for (unsigned k = 0; k < v->size; k++) {
      const int d = ra->out_def[reg + k];
      if (d >= 0 && ra->out_value[reg + k] != (int32_t)v->index && def < d &&
          ra->exit_last_use[v->index] > d)
         return true;
   }
   return false;
}

/* Whether v in registers reg.. would still hold one of them where a
 * tuple's piece that is to land there is defined. */
static bool
holds_piece_register(const struct ra *ra, const struct jade_value *v, int reg)
{
   if (v->file != JADE_FILE_GPR)
      return false;
   const bool known = ra->stamp[v->index] == (uint32_t)ra->block + 1;
   const int last = known ? ra->last_use[v->index] : INT16_MAX;
   for (unsigned k = 0; k < v->size; k++) {
      const int32_t piece = ra->pending_piece[reg + k];
      if (piece >= 0 && piece != (int32_t)v->index && ra->pending_def[reg + k] > ra->pos &&
          last > ra->pending_def[reg + k])
         return true;
   }
   return false;
}

/* Free, and not a fragment output's or tuple piece's register v would
 * still hold. */
static bool
range_fits(const struct ra *ra, const struct jade_value *v, int reg)
{
   return range_free(ra, v->file, reg, v->size) && !holds_output_register(ra, v, reg) &&
          !holds_piece_register(ra, v, reg);
}

/* Tuple t placed at base: its pieces still to be defined in this block
 * are expected in their registers there. */
static void
expect_pieces(struct ra *ra, const struct jade_value *t, int base)
{
   for (unsigned k = 0; k < MIN2(t->size, 4) && base + k < 256; k++) {
      const int32_t p = ra->piece_src[4 * t->index + k];
      if (p < 0 || ra->assigned[p] || ra->stamp[p] != (uint32_t)ra->block + 1 ||
          ra->def_pos[p] <= ra->pos || ra->pending_def[base + k] > ra->pos)
         continue;
      ra->pending_piece[base + k] = p;
      ra->pending_def[base + k] = ra->def_pos[p];
   }
}

static int
first_fitting(const struct ra *ra, const struct jade_value *v)
{
   unsigned align = v->size == 3 ? 4 : v->size;
   for (unsigned r = 0; r + v->size <= ra->limit[v->file]; r += align)
      if (range_fits(ra, v, (int)r))
         return (int)r;
   return -1;
}

static bool
fits(const struct ra *ra, const struct jade_value *v, int reg, bool strict)
{
   return strict ? range_fits(ra, v, reg) : range_free(ra, v->file, reg, v->size);
}

static void
hint_partners(struct ra *ra, const struct jade_value *v)
{
   /* Phi partners take the same register if they can (of the last PHI
    * v is in). */
   const uint32_t last = ra->phi_first[v->index];
   const struct jade_instr *phi = last ? ra->phi_links[last - 1].phi : NULL;
   if (phi) {
      if (!ra->assigned[phi->dst[0].value] && ra->hint[phi->dst[0].value] < 0)
         ra->hint[phi->dst[0].value] = v->reg;
      for (unsigned k = 0; k < phi->src_count; k++)
         if (!ra->assigned[phi->src[k].value] && ra->hint[phi->src[k].value] < 0)
            ra->hint[phi->src[k].value] = v->reg;
   }
}

/* A register of a partner in any PHI v is a source of, already placed
 * (a value kept through nested ifs is a source of each one's PHI, and
 * the pushed hint is only the last PHI's): -1 when none fits. */
static int
placed_partner(const struct ra *ra, const struct jade_value *v, bool strict)
{
   for (uint32_t l = ra->phi_first[v->index]; l; l = ra->phi_links[l - 1].next) {
      const struct jade_instr *phi = ra->phi_links[l - 1].phi;
      if (phi->dst[0].value == v->index)
         continue;
      const struct jade_value *d = ra->s->values[phi->dst[0].value];
      if (ra->assigned[d->index] && fits(ra, v, d->reg, strict))
         return d->reg;
      for (unsigned k = 0; k < phi->src_count; k++) {
         const struct jade_value *w = ra->s->values[phi->src[k].value];
         if (w != v && ra->assigned[w->index] && w->file == v->file && w->size == v->size &&
             fits(ra, v, w->reg, strict))
            return w->reg;
      }
   }
   return -1;
}

/* Records that value v is in `phi`. */
static void
link_phi(struct ra *ra, uint32_t v, struct jade_instr *phi)
{
   for (uint32_t l = ra->phi_first[v]; l; l = ra->phi_links[l - 1].next)
      if (ra->phi_links[l - 1].phi == phi)
         return;
   ra->phi_links[ra->phi_link_count] = (struct phi_link){.phi = phi, .next = ra->phi_first[v]};
   ra->phi_first[v] = ++ra->phi_link_count;
}

/* The register v prefers (its copy source's, its hint, its place in a
 * tuple), -1 when none of them is free (or, `strict`, fits). */
static int
preferred_register(struct ra *ra, const struct jade_value *v, const struct jade_instr *instr,
                   bool strict)
{
   int reg = -1;
   const unsigned file = v->file;
   /* MOV v <- w: w's register (free if w died here). */
   if (instr && instr->op == JADE_ISA_OP_MOV && instr->src_count == 1 &&
       instr->src[0].kind == JADE_OPERAND_VALUE && !instr->field_count) {
      const struct jade_operand *o = &instr->src[0];
      const struct jade_value *w = ra->s->values[o->value];
      const struct jade_operand *d = &instr->dst[0];
      if (w->file == file && ra->assigned[w->index]) {
         int want = (int)w->reg + o->comp - d->comp;
         /* A tuple's first piece: the other registers may still hold
          * the values about to be moved into them. */
         if (fits(ra, v, want, strict) ||
             (v->size > 1 && d->count && range_free_for_tuple(ra, v, want) &&
              !(strict && holds_output_register(ra, v, want))))
            reg = want;
      }
   }
   if (reg < 0 && ra->hint[v->index] >= 0 && fits(ra, v, ra->hint[v->index], strict))
      reg = ra->hint[v->index];
   if (reg < 0)
      reg = placed_partner(ra, v, strict);
   if (reg < 0 && ra->output_hint[v->index] >= 0 && fits(ra, v, ra->output_hint[v->index], strict))
      reg = ra->output_hint[v->index];
   /* A tuple gathered from scalars: where they already are. */
   if (reg < 0 && v->size > 1 && ra->hint[v->index] >= 0 &&
       range_free_for_tuple(ra, v, ra->hint[v->index]) &&
       !(strict && holds_output_register(ra, v, ra->hint[v->index])))
      reg = ra->hint[v->index];
   /* Gathered into a tuple: a place in it, choosing the tuple's place now
    * when it has none. */
   if (reg < 0 && v->size == 1 && ra->gather_into[v->index] >= 0) {
      struct jade_value *t = ra->s->values[ra->gather_into[v->index]];
      unsigned k = ra->gather_comp[v->index];
      if (!ra->assigned[t->index]) {
         if (ra->hint[t->index] < 0) {
            int base = first_free(ra, t->file, t->size);
            if (base >= 0) {
               ra->hint[t->index] = (int16_t)base;
               expect_pieces(ra, t, base);
            }
         }
         if (ra->hint[t->index] >= 0 && fits(ra, v, ra->hint[t->index] + (int)k, strict))
            reg = ra->hint[t->index] + (int)k;
      }
   }
   return reg;
}

/* A register for v, defined by `instr` (NULL: a PHI at the top). */
static bool
assign(struct ra *ra, struct jade_value *v, const struct jade_instr *instr)
{
   unsigned file = v->file;
   /* The preferred places, then any, where no fragment output needs the
    * registers; then the same wherever they are free. */
   int reg = preferred_register(ra, v, instr, true);
   if (reg < 0)
      reg = first_fitting(ra, v);
   if (reg < 0)
      reg = preferred_register(ra, v, instr, false);
   if (reg < 0)
      reg = first_free(ra, file, v->size);
   if (reg < 0 && file == JADE_FILE_GPR) {
      ra->out_of_gprs = true;
      return jade_ir_error(ra->s, "out of general registers");
   }
   if (reg < 0) {
      /* Predicates were spilled to the budget (jade_ra_spill_preds), so
       * only the uniform files can get here. */
      return jade_ir_error(ra->s, "out of %s registers%s",
                           file == JADE_FILE_PRED ? "predicate" : "uniform",
                           file == JADE_FILE_PRED ? "" : " (uniform registers do not spill)");
   }
   v->reg = (uint8_t)reg;
   ra->assigned[v->index] = true;
   occupy(ra, v);
   hint_partners(ra, v);
   /* Gathered into a tuple later: the tuple where this value already is. */
   if (v->size == 1 && ra->gather_into[v->index] >= 0) {
      const struct jade_value *t = ra->s->values[ra->gather_into[v->index]];
      int base = reg - (int)ra->gather_comp[v->index];
      if (!ra->assigned[t->index] && ra->hint[t->index] < 0 && base >= 0 &&
          base % (t->size == 3 ? 4 : t->size) == 0) {
         ra->hint[t->index] = (int16_t)base;
         expect_pieces(ra, t, base);
      }
   }
   return true;
}

/* Hints known before allocation: phi partners, gathers, EXIT's fixed
 * registers. */
static void
collect_hints(struct ra *ra)
{
   struct jade_ir_shader *s = ra->s;
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, i) {
         if (i->op == JADE_OP_PHI) {
            link_phi(ra, i->dst[0].value, i);
            for (unsigned k = 0; k < i->src_count; k++)
               link_phi(ra, i->src[k].value, i);
         } else if (i->op == JADE_ISA_OP_MOV && i->dst[0].count && i->src_count == 1 &&
                    i->src[0].kind == JADE_OPERAND_VALUE && !i->src[0].count &&
                    s->values[i->src[0].value]->size == 1) {
            if (i->dst[0].comp < 4)
               ra->piece_src[4 * i->dst[0].value + i->dst[0].comp] = (int32_t)i->src[0].value;
            if (ra->gather_into[i->src[0].value] >= 0)
               continue;
            ra->gather_into[i->src[0].value] = (int32_t)i->dst[0].value;
            ra->gather_comp[i->src[0].value] = i->dst[0].comp;
         } else if (i->op == JADE_ISA_OP_EXIT) {
            /* A piece of a tuple (a texture's result): the tuple where
             * that piece lands in its register. */
            for (unsigned k = 0; k < i->src_count; k++) {
               const struct jade_operand *o = &i->src[k];
               if (o->fixed && ra->hint[o->value] < 0 && o->fixed_reg >= o->comp)
                  ra->hint[o->value] = (int16_t)(o->fixed_reg - o->comp);
            }
         }
      }
   }
   /* The values a fragment output is made from aim for its register: the
    * sources of a PHI (an output set on both sides of an if, through
    * nested ifs), and a source read only by the instruction that computes
    * it (which can then write the register it reads).  Backwards, since
    * sources come first. */
   unsigned *uses = rzalloc_array(s, unsigned, s->value_count);
   jade_foreach_block (s, block)
      jade_foreach_instr (block, i)
         for (unsigned k = 0; k < i->src_count; k++)
            if (i->src[k].kind == JADE_OPERAND_VALUE)
               uses[i->src[k].value]++;
   list_for_each_entry_rev (struct jade_block, block, &s->blocks, link) {
      list_for_each_entry_rev (struct jade_instr, i, &block->instrs, link) {
         if (i->dst_count != 1)
            continue;
         const uint32_t d = i->dst[0].value;
         const int16_t h = ra->hint[d] >= 0 ? ra->hint[d] : ra->output_hint[d];
         const bool phi = i->op == JADE_OP_PHI;
         for (unsigned k = 0; h >= 0 && k < i->src_count; k++) {
            if (i->src[k].kind != JADE_OPERAND_VALUE)
               continue;
            const struct jade_value *w = s->values[i->src[k].value];
            if (ra->output_hint[w->index] < 0 && w->size == s->values[d]->size &&
                w->file == s->values[d]->file && (phi || uses[w->index] == 1))
               ra->output_hint[w->index] = h;
         }
      }
   }
   ralloc_free(uses);
}

/* The EXIT that reads fragment outputs from fixed registers: where in its
 * block each output is defined and each value last read (ra->out_def,
 * ra->exit_last_use). */
static void
collect_output_registers(struct ra *ra)
{
   struct jade_ir_shader *s = ra->s;
   ra->exit_block = -1;
   memset(ra->out_def, 0xff, sizeof(ra->out_def));
   for (unsigned b = 0; b < ra->cfg->count && ra->exit_block < 0; b++) {
      jade_foreach_instr (ra->cfg->blocks[b].block, i) {
         for (unsigned k = 0; i->op == JADE_ISA_OP_EXIT && k < i->src_count; k++)
            if (i->src[k].fixed)
               ra->exit_block = (int)b;
      }
   }
   if (ra->exit_block < 0)
      return;
   int16_t *def = ralloc_array(s, int16_t, s->value_count);
   ra->exit_last_use = ralloc_array(s, int16_t, s->value_count);
   memset(def, 0xff, s->value_count * sizeof(*def));
   memset(ra->exit_last_use, 0xff, s->value_count * sizeof(*ra->exit_last_use));
   int16_t n = 0;
   jade_foreach_instr (ra->cfg->blocks[ra->exit_block].block, i) {
      for (unsigned k = 0; k < i->src_count; k++)
         if (i->src[k].kind == JADE_OPERAND_VALUE)
            ra->exit_last_use[i->src[k].value] = n;
      for (unsigned k = 0; k < i->dst_count; k++)
         if (def[i->dst[k].value] < 0)
            def[i->dst[k].value] = n;
      if (i->op == JADE_ISA_OP_EXIT) {
         for (unsigned k = 0; k < i->src_count; k++) {
            const struct jade_operand *o = &i->src[k];
            if (o->fixed && def[o->value] >= 0) {
               ra->out_def[o->fixed_reg] = def[o->value];
               ra->out_value[o->fixed_reg] = (int32_t)o->value;
            }
         }
      }
      if (n < INT16_MAX)
         n++;
   }
   ralloc_free(def);
}

/* Where each value of the block is defined and last read (ra->def_pos,
 * ra->last_use); no piece is expected yet. */
static void
note_positions(struct ra *ra, const struct jade_cfg_block *cb)
{
   const uint32_t stamp = (uint32_t)ra->block + 1;
   int16_t n = 0;
   jade_foreach_instr (cb->block, i) {
      for (unsigned k = 0; k < i->dst_count; k++) {
         const uint32_t v = i->dst[k].value;
         if (ra->stamp[v] != stamp) {
            ra->stamp[v] = stamp;
            ra->def_pos[v] = n;
            ra->last_use[v] = -1;
         }
      }
      /* A PHI's sources are read in the predecessors. */
      for (unsigned k = 0; i->op != JADE_OP_PHI && k < i->src_count; k++) {
         const uint32_t v = i->src[k].value;
         if (i->src[k].kind != JADE_OPERAND_VALUE)
            continue;
         if (ra->stamp[v] != stamp) {
            ra->stamp[v] = stamp;
            ra->def_pos[v] = -1;
         }
         ra->last_use[v] = n;
      }
      if (n < INT16_MAX - 1)
         n++;
   }
   unsigned v;
   BITSET_FOREACH_SET (v, cb->live_out, ra->s->value_count) {
      ra->stamp[v] = stamp;
      ra->last_use[v] = INT16_MAX;
   }
   memset(ra->pending_piece, 0xff, 256 * sizeof(*ra->pending_piece));
   memset(ra->pending_def, 0xff, 256 * sizeof(*ra->pending_def));
}

static bool
allocate_block(struct ra *ra, unsigned b)
{
   struct jade_ir_shader *s = ra->s;
   struct jade_cfg_block *cb = &ra->cfg->blocks[b];
   memset(ra->owner, 0xff, sizeof(ra->owner));
   memset(ra->co_owner, 0xff, sizeof(ra->co_owner));
   unsigned v;
   BITSET_FOREACH_SET (v, cb->live_in, s->value_count) {
      if (!ra->assigned[v])
         return jade_ir_error(s,
                              "register allocation: %%%u is live into block %u "
                              "before its definition",
                              v, cb->block->index);
      occupy(ra, s->values[v]);
   }
   unsigned count = list_length(&cb->block->instrs);
   struct jade_instr_live *live = ralloc_array(s, struct jade_instr_live, count ? count : 1);
   jade_block_kills(s, ra->cfg, b, live, count);
   unsigned n = 0;
   ra->block = (int)b;
   note_positions(ra, cb);
   jade_foreach_instr (cb->block, i) {
      ra->pos = (int)MIN2(n, INT16_MAX);
      const struct jade_instr_live *l = &live[n++];
      if (i->op != JADE_OP_PHI) {
         for (unsigned k = 0; k < i->src_count; k++)
            if (l->kills >> k & 1)
               release(ra, s->values[i->src[k].value]);
         if (l->kills_pred)
            release(ra, s->values[i->pred_value]);
      }
      for (unsigned k = 0; k < i->dst_count; k++) {
         struct jade_value *d = s->values[i->dst[k].value];
         if (!ra->assigned[d->index] && !assign(ra, d, i->op == JADE_OP_PHI ? NULL : i))
            return false;
      }
      for (unsigned k = 0; k < i->dst_count; k++)
         if (l->dead_dsts >> k & 1)
            release(ra, s->values[i->dst[k].value]);
   }
   ralloc_free(live);
   return true;
}

static void
add_copies(struct jade_ir_shader *s, struct jade_copy *copies, unsigned *n,
           const struct jade_value *dst, unsigned dst_comp, const struct jade_operand *src,
           unsigned size)
{
   const struct jade_value *sv = s->values[src->value];
   for (unsigned k = 0; k < size; k++)
      copies[(*n)++] = (struct jade_copy){.file = dst->file,
                                          .dst = (uint8_t)(dst->reg + dst_comp + k),
                                          .src = (uint8_t)(sv->reg + src->comp + k)};
}

/* A general register under the count already used that neither the values
 * in `live` nor the copies touch, so breaking a copy cycle through it
 * costs no register; -1 when there is none. */
static int
spare_register(const struct ra *ra, const BITSET_WORD *live, const struct jade_copy *copies,
               unsigned n)
{
   BITSET_DECLARE(used, 256) = {0};
   unsigned v;
   if (live) {
      /* The liveness sets' size: copies made since added values. */
      BITSET_FOREACH_SET (v, live, ra->cfg->words * BITSET_WORDBITS) {
         const struct jade_value *x = ra->s->values[v];
         if (x->file == JADE_FILE_GPR)
            for (unsigned k = 0; k < x->size; k++)
               BITSET_SET(used, x->reg + k);
      }
   }
   for (unsigned k = 0; k < n; k++) {
      if (copies[k].file != JADE_FILE_GPR)
         continue;
      BITSET_SET(used, copies[k].dst);
      BITSET_SET(used, copies[k].src);
   }
   for (unsigned r = 0; r < ra->max_gpr; r++)
      if (!BITSET_TEST(used, r))
         return (int)r;
   return -1;
}

/* The constant loads and every value's readers, before the copies. */
static void
collect_constant_loads(struct ra *ra)
{
   struct jade_ir_shader *s = ra->s;
   ra->const_load = rzalloc_array(s, struct jade_instr *, s->value_count);
   ra->uses = rzalloc_array(s, unsigned, s->value_count);
   ra->loads_counted = s->value_count;
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, i) {
         for (unsigned k = 0; k < i->src_count; k++)
            if (i->src[k].kind == JADE_OPERAND_VALUE)
               ra->uses[i->src[k].value]++;
         if (i->pred_value >= 0)
            ra->uses[i->pred_value]++;
         if (jade_constant_loaded(s, i))
            ra->const_load[i->dst[0].value] = i;
      }
   }
}

/* A move of value v's register `src` into `dst` for a parallel copy: the
 * constant load again when v is one and the registers differ. */
static struct jade_copy
copy_of(struct ra *ra, const struct jade_value *v, unsigned dst, unsigned src)
{
   const struct jade_instr *load = v->index < ra->loads_counted ? ra->const_load[v->index] : NULL;
   if (load && dst != src) {
      ra->uses[v->index]--;
      return (struct jade_copy){.file = v->file,
                                .dst = (uint8_t)dst,
                                .src = (uint8_t)dst,
                                .konst = &load->src[0]};
   }
   return (struct jade_copy){.file = v->file, .dst = (uint8_t)dst, .src = (uint8_t)src};
}

/* Constant loads whose every reader now loads the constant itself. */
static void
remove_unread_loads(struct ra *ra)
{
   for (unsigned v = 0; v < ra->loads_counted; v++)
      if (ra->const_load[v] && !ra->uses[v])
         list_del(&ra->const_load[v]->link);
}

/* PHIs to parallel copies at the end of each predecessor. */
static void
resolve_phis(struct ra *ra)
{
   struct jade_ir_shader *s = ra->s;
   struct jade_cfg *cfg = ra->cfg;
   for (unsigned b = 0; b < cfg->count; b++) {
      struct jade_cfg_block *cb = &cfg->blocks[b];
      unsigned phis = 0;
      jade_foreach_instr (cb->block, i) {
         if (i->op != JADE_OP_PHI)
            break;
         phis++;
      }
      if (!phis)
         continue;
      for (unsigned p = 0; p < cb->block->pred_count; p++) {
         struct jade_block *pred = cb->block->preds[p];
         /* Structured code has no critical edges: a predecessor of a block
          * with phis has no other successor its copies could disturb. */
         assert(pred->succ_count == 1);
         struct jade_copy *copies = ralloc_array(s, struct jade_copy, 2 * phis);
         unsigned n = 0;
         jade_foreach_instr (cb->block, i) {
            if (i->op != JADE_OP_PHI)
               break;
            const struct jade_value *d = s->values[i->dst[0].value];
            for (unsigned k = 0; k < i->src_count; k++) {
               const struct jade_operand *o = &i->src[k];
               if (o->pred_block != (int)pred->index)
                  continue;
               const struct jade_value *sv = s->values[o->value];
               if (d->size == 1 && sv->size == 1)
                  copies[n++] = copy_of(ra, sv, d->reg, sv->reg);
               else
                  add_copies(s, copies, &n, d, 0, o, d->size);
            }
         }
         int spare = spare_register(ra, jade_cfg_of(cfg, pred)->live_out, copies, n);
         jade_parallel_copy(s, pred, jade_block_end_point(pred), copies, n, spare);
         ralloc_free(copies);
      }
      jade_foreach_instr_safe (cb->block, i) {
         if (i->op != JADE_OP_PHI)
            break;
         list_del(&i->link);
      }
   }
}

/* Fragment outputs into the registers EXIT reads them from. */
static void
resolve_exits(struct ra *ra)
{
   struct jade_ir_shader *s = ra->s;
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, i) {
         if (i->op != JADE_ISA_OP_EXIT)
            continue;
         struct jade_copy copies[2 * JADE_MAX_SRCS];
         unsigned n = 0;
         for (unsigned k = 0; k < i->src_count; k++) {
            struct jade_operand *o = &i->src[k];
            if (!o->fixed)
               continue;
            const struct jade_value *v = s->values[o->value];
            copies[n++] = v->size == 1 ? copy_of(ra, v, o->fixed_reg, v->reg)
                                       : (struct jade_copy){.file = v->file,
                                                            .dst = o->fixed_reg,
                                                            .src = (uint8_t)(v->reg + o->comp)};
            /* EXIT reads the register itself. */
            struct jade_value *r = jade_phys_value(s, JADE_FILE_GPR, o->fixed_reg);
            o->value = r->index;
            o->comp = o->count = 0;
            if (o->fixed_reg + 1u > ra->max_gpr)
               ra->max_gpr = o->fixed_reg + 1u;
         }
         /* EXIT's other sources (not moved) keep their registers: counted
          * as copies to themselves, which the copy drops. */
         for (unsigned k = 0; k < i->src_count; k++) {
            const struct jade_operand *o = &i->src[k];
            if (o->fixed || o->kind != JADE_OPERAND_VALUE)
               continue;
            const struct jade_value *v = s->values[o->value];
            for (unsigned c = 0; c < v->size && n < ARRAY_SIZE(copies); c++)
               copies[n++] = (struct jade_copy){.file = v->file,
                                                .dst = (uint8_t)(v->reg + c),
                                                .src = (uint8_t)(v->reg + c)};
         }
         jade_parallel_copy(s, block, i, copies, n, spare_register(ra, NULL, copies, n));
      }
   }
}

/* MOVs between equal registers. */
static void
remove_identity_moves(struct jade_ir_shader *s)
{
   jade_foreach_block (s, block) {
      jade_foreach_instr_safe (block, i) {
         if (i->op != JADE_ISA_OP_MOV || i->src_count != 1 || i->field_count ||
             i->src[0].kind != JADE_OPERAND_VALUE || !jade_instr_is_unguarded(i))
            continue;
         const struct jade_value *d = s->values[i->dst[0].value];
         const struct jade_value *a = s->values[i->src[0].value];
         if (d->file == a->file && d->reg + i->dst[0].comp == a->reg + i->src[0].comp &&
             (i->dst[0].count || d->size == 1))
            list_del(&i->link);
      }
   }
}

/* One allocation attempt; false (without an error) when general registers
 * ran out, which more spilling fixes. */
static bool
allocate(struct jade_ir_shader *s, const unsigned limit[4], bool *out_of_gprs)
{
   struct ra ra = {.s = s};
   memcpy(ra.limit, limit, sizeof(ra.limit));
   unsigned values = s->value_count;
   ra.assigned = rzalloc_array(s, bool, values);
   ra.hint = ralloc_array(s, int16_t, values);
   ra.output_hint = ralloc_array(s, int16_t, values);
   ra.gather_into = ralloc_array(s, int32_t, values);
   ra.gather_comp = rzalloc_array(s, uint8_t, values);
   ra.piece_src = ralloc_array(s, int32_t, 4 * values);
   memset(ra.piece_src, 0xff, 4 * values * sizeof(int32_t));
   unsigned phi_operands = 0;
   jade_foreach_block (s, block)
      jade_foreach_instr (block, i)
         if (i->op == JADE_OP_PHI)
            phi_operands += 1 + i->src_count;
   ra.phi_first = rzalloc_array(s, uint32_t, values);
   ra.phi_links = ralloc_array(s, struct phi_link, phi_operands ? phi_operands : 1);
   ra.stamp = rzalloc_array(s, uint32_t, values);
   ra.def_pos = ralloc_array(s, int16_t, values);
   ra.last_use = ralloc_array(s, int16_t, values);
   ra.pending_piece = ralloc_array(s, int32_t, 256);
   ra.pending_def = ralloc_array(s, int16_t, 256);
   for (unsigned v = 0; v < values; v++) {
      ra.hint[v] = -1;
      ra.output_hint[v] = -1;
      ra.gather_into[v] = -1;
   }
   collect_hints(&ra);

   ra.cfg = jade_cfg_layout(s);
   jade_liveness(s, ra.cfg);
   collect_output_registers(&ra);
   for (unsigned b = 0; b < ra.cfg->count; b++) {
      if (!allocate_block(&ra, b)) {
         *out_of_gprs = ra.out_of_gprs;
         return false;
      }
   }
   collect_constant_loads(&ra);
   resolve_phis(&ra);
   resolve_exits(&ra);
   remove_unread_loads(&ra);
   remove_identity_moves(s);
   s->gpr_count = ra.max_gpr;
   s->allocated = true;
   return true;
}

bool
jade_ra(struct jade_ir_shader *s, const struct jade_compiler_options *options)
{
   unsigned limit[4];
   for (unsigned f = 0; f < 4; f++)
      limit[f] = jade_file_regs((enum jade_file)f);
   if (options && options->max_gprs && options->max_gprs < limit[JADE_FILE_GPR])
      limit[JADE_FILE_GPR] = options->max_gprs;
   /* Registers EXIT reads fragment outputs from must exist. */
   jade_foreach_block (s, block)
      jade_foreach_instr (block, i)
         for (unsigned k = 0; k < i->src_count; k++)
            if (i->op == JADE_ISA_OP_EXIT && i->src[k].fixed &&
                i->src[k].fixed_reg + 1u > limit[JADE_FILE_GPR])
               limit[JADE_FILE_GPR] = i->src[k].fixed_reg + 1u;

   /* Predicates first: what they spill lives in general registers.
    * JADE_MAX_PREDS=N shrinks their budget, so that ordinary shaders
    * exercise predicate spilling (tests, piglit runs); not under 3, the
    * predicates one PLOP3 reads. */
   unsigned preds = (unsigned)debug_get_num_option("JADE_MAX_PREDS", 0);
   if (preds && preds < limit[JADE_FILE_PRED])
      limit[JADE_FILE_PRED] = MAX2(preds, 3);
   jade_ra_spill_preds(s, limit[JADE_FILE_PRED]);
   if (s->error)
      return false;

   /* Spill to the budget; when tuple alignment still leaves no room, to
    * a smaller one. */
   unsigned budget = limit[JADE_FILE_GPR];
   for (;;) {
      if (jade_ra_pressure(s) > budget && !jade_ra_spill(s, budget, &s->spills, &s->fills))
         return false;
      bool out_of_gprs = false;
      if (allocate(s, limit, &out_of_gprs))
         return true;
      if (!out_of_gprs || budget <= 4)
         return false;
      ralloc_free(s->error);
      s->error = NULL;
      s->error_kind = JADE_ERROR_NONE;
      budget -= 2;
   }
}
