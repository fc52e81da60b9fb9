/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Spilling general registers to local memory, and predicates to general
 * registers (the second half of this file), before allocation.
 *
 * On SSA the registers needed are the values live at once, so spilling
 * only has to bring that number under the budget.  The code is walked in
 * layout order counting live registers (as the allocator will see them);
 * at the first point over the budget, the live value whose next use is
 * furthest away (Belady) and that this instruction does not touch is
 * spilled: STL right after its definition, and every use reads a fresh
 * value loaded by LDL just before it (a phi source at the end of its
 * predecessor).  A spilled phi lives in memory: its predecessors store
 * their sources there, so it takes no register at its block's top.  Its long life becomes a short one and the walk starts
 * again.  Reloaded values are never spilled again.  Spill slots follow
 * the shader's own local memory (arrays indexed dynamically).
 */

#include <string.h>

#include "jade_ra.h"
#include "util/ralloc.h"

static unsigned
regs_of(const struct jade_value *v)
{
   return v->size == 3 ? 4 : v->size;
}

struct spill {
   struct jade_ir_shader *s;
   struct jade_cfg *cfg;
   bool *no_spill; /* reloads: never spilled again */
   unsigned no_spill_count;
   unsigned budget;
   unsigned *spills, *fills;
};

/* Layout positions of every read of each value (phi sources: the end of
 * their predecessor). */
struct uses {
   unsigned *first, *count, *pos;
};

static struct uses
collect_uses(struct jade_ir_shader *s, unsigned *instr_count)
{
   struct uses u = {
      .first = rzalloc_array(s, unsigned, s->value_count + 1),
      .count = rzalloc_array(s, unsigned, s->value_count),
   };
   unsigned *block_end = rzalloc_array(s, unsigned, s->block_count);
   unsigned pos = 0, total = 0;
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, i) {
         pos++;
         for (unsigned k = 0; k < i->src_count; k++)
            if (i->src[k].kind == JADE_OPERAND_VALUE) {
               u.count[i->src[k].value]++;
               total++;
            }
         if (i->pred_value >= 0) {
            u.count[i->pred_value]++;
            total++;
         }
      }
      block_end[block->index] = pos;
   }
   *instr_count = pos;
   for (unsigned v = 0; v < s->value_count; v++)
      u.first[v + 1] = u.first[v] + u.count[v];
   u.pos = ralloc_array(s, unsigned, total ? total : 1);
   unsigned *fill = rzalloc_array(s, unsigned, s->value_count);
   pos = 0;
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, i) {
         pos++;
         for (unsigned k = 0; k < i->src_count; k++) {
            const struct jade_operand *o = &i->src[k];
            if (o->kind != JADE_OPERAND_VALUE)
               continue;
            unsigned at = i->op == JADE_OP_PHI ? block_end[o->pred_block] : pos;
            u.pos[u.first[o->value] + fill[o->value]++] = at;
         }
         if (i->pred_value >= 0)
            u.pos[u.first[i->pred_value] + fill[i->pred_value]++] = pos;
      }
   }
   ralloc_free(fill);
   ralloc_free(block_end);
   return u;
}

static unsigned
next_use(const struct uses *u, unsigned v, unsigned pos)
{
   unsigned best = ~0u;
   for (unsigned k = u->first[v]; k < u->first[v] + u->count[v]; k++)
      if (u->pos[k] > pos && u->pos[k] < best)
         best = u->pos[k];
   return best;
}

static bool
touches(const struct jade_instr *i, unsigned v)
{
   for (unsigned k = 0; k < i->src_count; k++)
      if (i->src[k].kind == JADE_OPERAND_VALUE && i->src[k].value == v)
         return true;
   for (unsigned k = 0; k < i->dst_count; k++)
      if (i->dst[k].value == v)
         return true;
   return i->pred_value == (int32_t)v;
}

/* The STL/LDL type of a value of 1..4 words (3 takes 128 bits). */
static const unsigned type_of[5] = {JADE_ISA_V_TYPE_32, JADE_ISA_V_TYPE_32, JADE_ISA_V_STL_TYPE_64,
                                    JADE_ISA_V_TYPE_128, JADE_ISA_V_TYPE_128};

static struct jade_instr *
store(struct spill *sp, struct jade_block *block, struct jade_instr *before,
      const struct jade_value *v, unsigned slot)
{
   struct jade_instr *st = jade_instr_create_before(sp->s, block, before, JADE_ISA_OP_STL);
   jade_instr_add_src_zero(st, JADE_ISA_F_ADDR);
   jade_instr_add_src(st, JADE_ISA_F_DATA, v);
   jade_instr_set_field(st, JADE_ISA_F_OFS, slot);
   if (v->size > 1)
      jade_instr_set_field(st, JADE_ISA_F_TYPE, type_of[v->size]);
   (*sp->spills)++;
   return st;
}

static struct jade_value *
reload(struct spill *sp, struct jade_block *block, struct jade_instr *before,
       const struct jade_value *v, unsigned slot)
{
   /* LDL.128 writes four registers: a reload of three takes them all. */
   struct jade_value *r = jade_value_create(sp->s, JADE_FILE_GPR, regs_of(v));
   struct jade_instr *ld = jade_instr_create_before(sp->s, block, before, JADE_ISA_OP_LDL);
   jade_instr_add_dst(ld, JADE_ISA_F_DST, r);
   jade_instr_add_src_zero(ld, JADE_ISA_F_ADDR);
   jade_instr_set_field(ld, JADE_ISA_F_OFS, slot);
   if (v->size > 1)
      jade_instr_set_field(ld, JADE_ISA_F_TYPE, type_of[v->size]);
   sp->no_spill = rerzalloc(sp->s, sp->no_spill, bool, sp->no_spill_count, sp->s->value_count);
   sp->no_spill_count = sp->s->value_count;
   sp->no_spill[r->index] = true;
   (*sp->fills)++;
   return r;
}

/* A fresh copy of a spilled value for a read before `before` in `block`
 * (a phi source's: at its predecessor's end). */
typedef struct jade_value *(*fresh_fn)(void *data, struct jade_block *block,
                                       struct jade_instr *before);

/* Every read of value vi, but `skip`'s, rewritten to a fresh copy: a phi
 * source gets one at the end of its predecessor, any other instruction
 * one just before it for all its reads of vi (its guard too). */
static void
rewrite_reads(struct jade_ir_shader *s, unsigned vi, const struct jade_instr *skip, fresh_fn fresh,
              void *data)
{
   jade_foreach_block (s, block) {
      jade_foreach_instr_safe (block, i) {
         if (i == skip)
            continue;
         if (i->op == JADE_OP_PHI) {
            for (unsigned k = 0; k < i->src_count; k++) {
               if (i->src[k].value != vi)
                  continue;
               struct jade_block *pred = jade_block_by_index(s, (unsigned)i->src[k].pred_block);
               i->src[k].value = fresh(data, pred, jade_block_end_point(pred))->index;
            }
            continue;
         }
         struct jade_value *r = NULL;
         for (unsigned k = 0; k < i->src_count; k++) {
            struct jade_operand *o = &i->src[k];
            if (o->kind != JADE_OPERAND_VALUE || o->value != vi)
               continue;
            if (!r)
               r = fresh(data, block, i);
            o->value = r->index;
         }
         if (i->pred_value == (int32_t)vi) {
            if (!r)
               r = fresh(data, block, i);
            i->pred_value = (int32_t)r->index;
         }
      }
   }
}

struct reload_from_slot {
   struct spill *sp;
   const struct jade_value *v;
   unsigned slot;
};

static struct jade_value *
reload_fresh(void *data, struct jade_block *block, struct jade_instr *before)
{
   const struct reload_from_slot *f = data;
   return reload(f->sp, block, before, f->v, f->slot);
}

static void
spill_value(struct spill *sp, unsigned vi)
{
   struct jade_ir_shader *s = sp->s;
   const struct jade_value *v = s->values[vi];
   unsigned bytes = 4 * regs_of(v);
   unsigned slot = (s->local_size + bytes - 1) / bytes * bytes;
   s->local_size = slot + bytes;

   /* STL after the last write (all writes of a value share a block; after
    * the PHIs when a PHI defines it). */
   struct jade_instr *last = NULL;
   struct jade_block *def_block = NULL;
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, i) {
         for (unsigned k = 0; k < i->dst_count; k++) {
            if (i->dst[k].value == vi) {
               last = i;
               def_block = block;
            }
         }
      }
   }
   /* Never chosen again (each round then makes progress): a tuple written
    * in pieces around the point stays live there after its STL. */
   sp->no_spill[vi] = true;
   struct jade_instr *st = NULL, *phi = NULL;
   if (last->op == JADE_OP_PHI) {
      /* A phi in memory: each predecessor stores its source at its end
       * (below, after the reloads other phis' sources may make of the old
       * value there: phis read before they write); the PHI goes, so the
       * value never needs a register at the block's top. */
      phi = last;
      list_del(&phi->link);
   } else {
      st = store(sp, def_block, NULL, v, slot);
      list_del(&st->link);
      list_add(&st->link, &last->link);
   }

   /* Every other read: a fresh value loaded just before it. */
   struct reload_from_slot from = {sp, v, slot};
   rewrite_reads(s, vi, st, reload_fresh, &from);
   for (unsigned k = 0; phi && k < phi->src_count; k++) {
      if (phi->src[k].value == vi)
         continue; /* the same value, in memory already */
      struct jade_block *pred = jade_block_by_index(s, (unsigned)phi->src[k].pred_block);
      store(sp, pred, jade_block_end_point(pred), s->values[phi->src[k].value], slot);
   }
}

/* Walks the code in layout order keeping the live values and the general
 * registers they take (as the allocator will: last uses freed, then
 * definitions taken); at() sees each instruction at that moment and stops
 * the walk by returning true. */
typedef bool (*pressure_fn)(void *data, unsigned block, const struct jade_instr *i, unsigned pos,
                            const BITSET_WORD *live, unsigned pressure);

/* The registers of `file` that v takes. */
static unsigned
regs_in(const struct jade_value *v, enum jade_file file)
{
   return v->file == file ? regs_of(v) : 0;
}

static void
walk_pressure(struct jade_ir_shader *s, struct jade_cfg *cfg, enum jade_file file, pressure_fn at,
              void *data)
{
   BITSET_WORD *live = ralloc_array(s, BITSET_WORD, cfg->words);
   unsigned pos = 0;
   bool stop = false;
   for (unsigned b = 0; b < cfg->count && !stop; b++) {
      struct jade_cfg_block *cb = &cfg->blocks[b];
      memcpy(live, cb->live_in, cfg->words * sizeof(BITSET_WORD));
      unsigned pressure = 0, v;
      BITSET_FOREACH_SET (v, live, s->value_count)
         pressure += regs_in(s->values[v], file);
      unsigned count = list_length(&cb->block->instrs);
      struct jade_instr_live *l = ralloc_array(s, struct jade_instr_live, count ? count : 1);
      jade_block_kills(s, cfg, b, l, count);
      unsigned n = 0;
      jade_foreach_instr (cb->block, i) {
         const struct jade_instr_live *il = &l[n++];
         pos++;
         if (i->op != JADE_OP_PHI) {
            for (unsigned k = 0; k < i->src_count; k++) {
               if (!(il->kills >> k & 1))
                  continue;
               const struct jade_value *sv = s->values[i->src[k].value];
               BITSET_CLEAR(live, sv->index);
               pressure -= regs_in(sv, file);
            }
            if (il->kills_pred) {
               BITSET_CLEAR(live, i->pred_value);
               pressure -= regs_in(s->values[i->pred_value], file);
            }
         }
         for (unsigned k = 0; k < i->dst_count; k++) {
            const struct jade_value *d = s->values[i->dst[k].value];
            if (!BITSET_TEST(live, d->index)) {
               BITSET_SET(live, d->index);
               pressure += regs_in(d, file);
            }
         }
         if (at(data, b, i, pos, live, pressure)) {
            stop = true;
            break;
         }
         for (unsigned k = 0; k < i->dst_count; k++) {
            const struct jade_value *d = s->values[i->dst[k].value];
            if ((il->dead_dsts >> k & 1) && BITSET_TEST(live, d->index)) {
               BITSET_CLEAR(live, d->index);
               pressure -= regs_in(d, file);
            }
         }
      }
      ralloc_free(l);
   }
   ralloc_free(live);
}

struct victim_search {
   struct spill *sp;
   struct uses uses;
   bool over;  /* a point over the budget was found */
   bool found; /* ... and a value to spill there */
   unsigned victim;
};

/* At the first point over the budget: the live value used furthest from
 * here that this instruction does not touch. */
static bool
victim_at(void *data, unsigned block, const struct jade_instr *i, unsigned pos,
          const BITSET_WORD *live, unsigned pressure)
{
   struct victim_search *vs = data;
   struct jade_ir_shader *s = vs->sp->s;
   if (pressure <= vs->sp->budget)
      return false;
   vs->over = true;
   unsigned best = 0, v;
   BITSET_FOREACH_SET (v, live, s->value_count) {
      if (s->values[v]->file != JADE_FILE_GPR || vs->sp->no_spill[v] || touches(i, v))
         continue;
      unsigned d = next_use(&vs->uses, v, pos);
      if (!vs->found || d > best) {
         best = d;
         vs->victim = v;
         vs->found = true;
      }
   }
   /* Nothing here can go: the reloaded sources of a successor's phis are
    * piling up for its copies.  That phi goes to memory instead (its
    * source is then stored as soon as it is loaded). */
   const struct jade_cfg_block *cb = &vs->sp->cfg->blocks[block];
   for (unsigned k = 0; k < cb->block->succ_count && !vs->found; k++) {
      jade_foreach_instr (cb->block->succs[k], phi) {
         if (phi->op != JADE_OP_PHI)
            break;
         unsigned d = phi->dst[0].value;
         if (s->values[d]->file != JADE_FILE_GPR || vs->sp->no_spill[d])
            continue;
         for (unsigned n = 0; n < phi->src_count && !vs->found; n++) {
            if (phi->src[n].pred_block == (int)cb->block->index &&
                BITSET_TEST(live, phi->src[n].value)) {
               vs->victim = d;
               vs->found = true;
            }
         }
         if (vs->found)
            break;
      }
   }
   return true;
}

static bool
max_at(void *data, unsigned block, const struct jade_instr *i, unsigned pos,
       const BITSET_WORD *live, unsigned pressure)
{
   unsigned *max = data;
   if (pressure > *max)
      *max = pressure;
   return false;
}

/* The most general registers live at once. */
unsigned
jade_ra_pressure(struct jade_ir_shader *s)
{
   struct jade_cfg *cfg = jade_cfg_layout(s);
   jade_liveness(s, cfg);
   unsigned max = 0;
   walk_pressure(s, cfg, JADE_FILE_GPR, max_at, &max);
   ralloc_free(cfg);
   return max;
}

bool
jade_ra_spill(struct jade_ir_shader *s, unsigned budget, unsigned *spills, unsigned *fills)
{
   struct spill sp = {.s = s, .budget = budget, .spills = spills, .fills = fills};
   sp.no_spill = rzalloc_array(s, bool, s->value_count);
   sp.no_spill_count = s->value_count;
   bool over;
   for (;;) {
      sp.cfg = jade_cfg_layout(s);
      jade_liveness(s, sp.cfg);
      unsigned instr_count;
      struct victim_search vs = {.sp = &sp, .uses = collect_uses(s, &instr_count)};
      walk_pressure(s, sp.cfg, JADE_FILE_GPR, victim_at, &vs);
      ralloc_free(vs.uses.first);
      ralloc_free(vs.uses.count);
      ralloc_free(vs.uses.pos);
      ralloc_free(sp.cfg);
      over = vs.over;
      if (!vs.found)
         break;
      spill_value(&sp, vs.victim);
   }
   /* The last walk saw the code as it is now: over the budget with nothing
    * left to spill (the peak, for the message, only then). */
   if (over)
      return jade_ir_error(s,
                           "out of general registers: %u needed at one point even "
                           "after spilling (budget %u)",
                           jade_ra_pressure(s), budget);
   return true;
}

/* --- Predicates -----------------------------------------------------------
 *
 * SM75 has 7 predicate registers (P0-P6; PT reads as true).  Where more
 * predicates are live at once, the same walk in layout order picks, at the
 * first point over the budget, the live predicate used furthest from there
 * (Belady) and keeps it in a general register from its definition on, as
 * 0 or ~0, as NAK does (SpillPred in src/nouveau/compiler/nak/
 * spill_values.rs: OpSel to spill, OpISetP .ne to fill):
 *
 *    SEL g, RZ, 0xffffffff, !p          right after the definition
 *    ISETP.NE.AND r, PT, g, RZ, PT      before each use, a fresh value
 *
 * A predicate this instruction reads may go too when it stays live after
 * it (its reload dies here); one it defines may not.  A predicate phi
 * becomes a phi of general registers whose sources are converted at the
 * end of each predecessor.  Reloads are never spilled again.  This runs
 * before general registers are spilled, so when those are short too, g
 * itself goes to local memory like any other value.  The allocator and
 * the control bits see SEL and ISETP as any other ALU op.
 */

struct pred_spill {
   struct jade_ir_shader *s;
   bool *no_spill; /* reloads */
   unsigned no_spill_count;
   unsigned budget;
};

static void
pred_no_spill(struct pred_spill *ps, const struct jade_value *v)
{
   ps->no_spill = rerzalloc(ps->s, ps->no_spill, bool, ps->no_spill_count, ps->s->value_count);
   ps->no_spill_count = ps->s->value_count;
   ps->no_spill[v->index] = true;
}

/* g = p ? ~0 : 0, before `before` (at the end of `block` when NULL). */
static struct jade_value *
pred_to_gpr(struct jade_ir_shader *s, struct jade_block *block, struct jade_instr *before,
            const struct jade_value *p, struct jade_instr **sel)
{
   struct jade_value *g = jade_value_create(s, JADE_FILE_GPR, 1);
   struct jade_instr *i = jade_instr_create_before(s, block, before, JADE_ISA_OP_SEL);
   jade_instr_add_dst(i, JADE_ISA_F_DST, g);
   jade_instr_add_src_zero(i, JADE_ISA_F_A);
   jade_instr_add_src_imm(i, JADE_ISA_F_B, 0xffffffffu);
   jade_instr_add_src(i, JADE_ISA_F_P, p);
   jade_instr_set_field(i, JADE_ISA_F_P_NOT, 1);
   if (sel)
      *sel = i;
   return g;
}

/* r = g != 0, a fresh predicate before `before`. */
static struct jade_value *
gpr_to_pred(struct pred_spill *ps, struct jade_block *block, struct jade_instr *before,
            const struct jade_value *g)
{
   struct jade_value *r = jade_value_create(ps->s, JADE_FILE_PRED, 1);
   struct jade_instr *i = jade_instr_create_before(ps->s, block, before, JADE_ISA_OP_ISETP);
   jade_instr_add_dst(i, JADE_ISA_F_PD0, r);
   jade_instr_add_src(i, JADE_ISA_F_A, g);
   jade_instr_add_src_zero(i, JADE_ISA_F_B);
   jade_instr_set_field(i, JADE_ISA_F_CMP, JADE_ISA_V_CMP_NE);
   pred_no_spill(ps, r);
   return r;
}

struct pred_from_gpr {
   struct pred_spill *ps;
   const struct jade_value *g;
};

static struct jade_value *
pred_fresh(void *data, struct jade_block *block, struct jade_instr *before)
{
   const struct pred_from_gpr *f = data;
   return gpr_to_pred(f->ps, block, before, f->g);
}

static void
spill_pred(struct pred_spill *ps, unsigned vi)
{
   struct jade_ir_shader *s = ps->s;
   struct jade_instr *def = NULL;
   struct jade_block *def_block = NULL;
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, i) {
         for (unsigned k = 0; k < i->dst_count; k++) {
            if (i->dst[k].value == vi) {
               def = i;
               def_block = block;
            }
         }
      }
   }
   const struct jade_value *v = s->values[vi];
   struct jade_value *g;
   struct jade_instr *sel = NULL, *remat = NULL;
   if (def->op == JADE_OP_PHI) {
      /* A phi of general registers: each source converted at the end of
       * its predecessor (the phi's own value, around a loop, is g). */
      g = jade_value_create(s, JADE_FILE_GPR, 1);
      def->dst[0].value = g->index;
      for (unsigned k = 0; k < def->src_count; k++) {
         struct jade_operand *o = &def->src[k];
         if (o->value == vi) {
            o->value = g->index;
            continue;
         }
         struct jade_block *pred = jade_block_by_index(s, (unsigned)o->pred_block);
         o->value =
            pred_to_gpr(s, pred, jade_block_end_point(pred), s->values[o->value], NULL)->index;
      }
   } else if (def->op == JADE_ISA_OP_ISETP && def->field_count == 1 &&
              jade_instr_field(def, JADE_ISA_F_CMP, 0) == JADE_ISA_V_CMP_NE &&
              def->src_count == 2 && def->dst_count == 1 && jade_instr_is_unguarded(def) &&
              def->src[0].kind == JADE_OPERAND_VALUE && !def->src[0].count &&
              s->values[def->src[0].value]->file == JADE_FILE_GPR &&
              s->values[def->src[0].value]->size == 1 && def->src[1].kind == JADE_OPERAND_ZERO) {
      /* Already a general register's test (ISETP.NE p, g, RZ: a boolean
       * kept in a GPR): every use tests g again, nothing is stored. */
      g = s->values[def->src[0].value];
      remat = def;
   } else {
      g = pred_to_gpr(s, def_block, NULL, v, &sel);
      list_del(&sel->link);
      list_add(&sel->link, &def->link);
   }

   /* Every read: a fresh predicate from g just before it (a phi source's
    * at the end of its predecessor). */
   struct pred_from_gpr from = {ps, g};
   rewrite_reads(s, vi, sel, pred_fresh, &from);
   if (remat)
      list_del(&remat->link);
}

struct pred_victim_search {
   struct pred_spill *ps;
   struct uses uses;
   unsigned *writes; /* per value: the instructions writing it */
   bool over, found, untouched;
   unsigned victim, distance, pressure;
};

static bool
reads(const struct jade_instr *i, unsigned v)
{
   for (unsigned k = 0; k < i->src_count; k++)
      if (i->src[k].kind == JADE_OPERAND_VALUE && i->src[k].value == v)
         return true;
   return i->pred_value == (int32_t)v;
}

static bool
defines(const struct jade_instr *i, unsigned v)
{
   for (unsigned k = 0; k < i->dst_count; k++)
      if (i->dst[k].value == v)
         return true;
   return false;
}

/* At the first point over the budget: the live predicate used furthest
 * from here, one this instruction does not read first. */
static bool
pred_victim_at(void *data, unsigned block, const struct jade_instr *i, unsigned pos,
               const BITSET_WORD *live, unsigned pressure)
{
   struct pred_victim_search *vs = data;
   struct jade_ir_shader *s = vs->ps->s;
   if (pressure <= vs->ps->budget)
      return false;
   vs->over = true;
   vs->pressure = pressure;
   unsigned v;
   BITSET_FOREACH_SET (v, live, s->value_count) {
      /* Written once (a predicate written again under a guard keeps its
       * register), not defined here, not a reload. */
      if (s->values[v]->file != JADE_FILE_PRED || vs->ps->no_spill[v] || vs->writes[v] != 1 ||
          defines(i, v))
         continue;
      /* A phi's sources are read at the end of the predecessors. */
      bool untouched = i->op == JADE_OP_PHI || !reads(i, v);
      unsigned d = next_use(&vs->uses, v, pos);
      if (!vs->found || untouched > vs->untouched ||
          (untouched == vs->untouched && d > vs->distance)) {
         vs->found = true;
         vs->untouched = untouched;
         vs->distance = d;
         vs->victim = v;
      }
   }
   return true;
}

unsigned
jade_ra_spill_preds(struct jade_ir_shader *s, unsigned budget)
{
   struct pred_spill ps = {.s = s, .budget = budget};
   ps.no_spill = rzalloc_array(s, bool, s->value_count);
   ps.no_spill_count = s->value_count;
   unsigned spilled = 0;
   for (;;) {
      struct jade_cfg *cfg = jade_cfg_layout(s);
      jade_liveness(s, cfg);
      unsigned instr_count;
      struct pred_victim_search vs = {.ps = &ps, .uses = collect_uses(s, &instr_count)};
      vs.writes = rzalloc_array(s, unsigned, s->value_count);
      jade_foreach_block (s, block)
         jade_foreach_instr (block, i)
            for (unsigned k = 0; k < i->dst_count; k++)
               vs.writes[i->dst[k].value]++;
      walk_pressure(s, cfg, JADE_FILE_PRED, pred_victim_at, &vs);
      ralloc_free(vs.uses.first);
      ralloc_free(vs.uses.count);
      ralloc_free(vs.uses.pos);
      ralloc_free(vs.writes);
      ralloc_free(cfg);
      if (!vs.over)
         break;
      if (!vs.found) {
         jade_ir_error_kind(s, JADE_ERROR_OUT_OF_PREDICATES,
                            "out of predicate registers: %u live at one point even after "
                            "spilling (budget %u)",
                            vs.pressure, budget);
         break;
      }
      spill_pred(&ps, vs.victim);
      spilled++;
   }
   ralloc_free(ps.no_spill);
   return spilled;
}
