/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Pre-allocation list scheduling, block by block, bottom-up, for
 * registers first.
 *
 * A block is cut into regions at instructions nothing may cross (control
 * flow, barriers, KILL, EXIT, votes, BMOV); PHIs stay on top.  Inside a
 * region an instruction depends on the definitions of what it reads (with
 * the producer's latency: the ISA description's fixed latencies, or
 * VARIABLE_LATENCY for loads and texture lookups), the writes of a tuple
 * stay in order, memory accesses keep their order where one of them
 * writes, and attribute accesses where their words meet.
 *
 * The scheduler works upwards from the region's end: the next
 * instruction is one whose readers are all placed.  Upwards, an
 * instruction makes its sources live and ends the values it defines, so
 * the register count of every choice is known exactly (a top-down
 * scheduler only guesses which value a read ends).  It takes the one
 * that adds the fewest registers.  Among equals, two policies are tried
 * and the one whose order needs fewer registers is kept (depth-first on
 * a tie), unless the order the region came in needs under 3/4 of that
 * (the margin covers what the count misses: tuple alignment).
 * Depth-first takes the instruction whose readers were placed last,
 * finishing one expression tree before starting another (as
 * Sethi-Ullman numbering would); latency-first takes one that is ready
 * (its readers are far enough below to cover its latency), then the one
 * with the longest latency path from the region's start, so texture and
 * memory loads rise as far as registers allow.  Two rules come before
 * both: the pieces of a tuple are written together, and with most
 * predicates live, what adds no predicate goes first (a spilled
 * predicate costs a SEL and an ISETP per use: jade_ra_spill.c).  Ties
 * keep the original order.
 *
 * Registers before latency, as issue 20 asks: on shader-db's game
 * corpus this took the registers Jade programs from 1.37x codegen's
 * (geometric mean per stage) to 1.00x, for 41% more stall cycles in the
 * static estimate (docs/compiler.md).
 */

#include <string.h>

#include "jade_ra.h"
#include "util/ralloc.h"

#define VARIABLE_LATENCY 24
#define PRED_LIMIT       (JADE_HW_PREDICATES - 2) /* 5 of the 7 predicates */

struct node {
   struct jade_instr *instr;
   unsigned index; /* original order in the region */
   /* The instructions this one reads from (or must follow), and those
    * reading from it (or that must follow it). */
   unsigned *preds, pred_count, pred_alloc;
   unsigned *succs, succ_count, succ_alloc;
   unsigned succs_left; /* readers not placed yet (upwards) */
   unsigned latency;    /* until a reader may issue */
   unsigned depth;      /* longest latency path from the region's start */
   uint64_t ready_at;   /* earliest cycle, counted upwards from the end */
   unsigned ready_seq;  /* placements made when its last reader was placed */
   bool done;
};

static bool
is_fence(const struct jade_instr *i)
{
   if (i->op == JADE_OP_PHI)
      return true;
   switch (i->op) {
   case JADE_ISA_OP_BRA:
   case JADE_ISA_OP_BSSY:
   case JADE_ISA_OP_BSYNC:
   case JADE_ISA_OP_BREAK:
   case JADE_ISA_OP_EXIT:
   case JADE_ISA_OP_KILL:
   case JADE_ISA_OP_BAR:
   case JADE_ISA_OP_MEMBAR:
   case JADE_ISA_OP_WARPSYNC:
   case JADE_ISA_OP_VOTE:
   case JADE_ISA_OP_VOTEU:
   case JADE_ISA_OP_BMOV_R:
   /* A vertex's attribute stores come before the OUT that emits it. */
   case JADE_ISA_OP_OUT:
   case JADE_ISA_OP_OUT_FINAL:
      return true;
   default:
      return !jade_instr_is_unguarded(i);
   }
}

enum mem_kind { MEM_NONE, MEM_READ, MEM_WRITE };

static enum mem_kind
mem_kind(const struct jade_instr *i)
{
   switch (i->op) {
   case JADE_ISA_OP_LDG:
   case JADE_ISA_OP_LDS:
   case JADE_ISA_OP_LDL:
   case JADE_ISA_OP_LD:
      return MEM_READ;
   case JADE_ISA_OP_STG:
   case JADE_ISA_OP_STS:
   case JADE_ISA_OP_STL:
   case JADE_ISA_OP_ST:
   case JADE_ISA_OP_ATOM:
   case JADE_ISA_OP_ATOM_CAS:
   case JADE_ISA_OP_ATOMG:
   case JADE_ISA_OP_ATOMG_CAS:
   case JADE_ISA_OP_ATOMS:
   case JADE_ISA_OP_ATOMS_CAS:
   case JADE_ISA_OP_RED:
      return MEM_WRITE;
   case JADE_ISA_OP_SULD:
   case JADE_ISA_OP_SULD_P:
   case JADE_ISA_OP_SULD_B:
   case JADE_ISA_OP_SULD_P_B:
      return MEM_READ;
   case JADE_ISA_OP_SUST:
   case JADE_ISA_OP_SUST_P:
   case JADE_ISA_OP_SUST_B:
   case JADE_ISA_OP_SUST_P_B:
   case JADE_ISA_OP_SUATOM:
   case JADE_ISA_OP_SUATOM_B:
   case JADE_ISA_OP_SUATOM_CAS:
   case JADE_ISA_OP_SUATOM_CAS_B:
   case JADE_ISA_OP_SURED_B:
      return MEM_WRITE;
   default:
      return MEM_NONE;
   }
}

/* The attribute words an AST writes or an ALD.O reads back (outputs;
 * input loads meet no store): only accesses whose words can meet keep
 * their order, so output stores move to where their data is ready.  An
 * address in a register (.PHYS) or another vertex's (TCS) meets all. */
struct attr_access {
   bool write, anywhere, patch;
   unsigned lo, hi; /* bytes [lo, hi) */
};

static bool
attr_access(const struct jade_instr *i, struct attr_access *a)
{
   bool phys = i->op == JADE_ISA_OP_AST_PHYS || i->op == JADE_ISA_OP_ALD_PHYS;
   if (i->op != JADE_ISA_OP_AST && i->op != JADE_ISA_OP_ALD && !phys)
      return false;
   a->write = i->op == JADE_ISA_OP_AST || i->op == JADE_ISA_OP_AST_PHYS;
   if (!a->write && !jade_instr_field(i, JADE_ISA_F_OUT, 0))
      return false;
   a->anywhere = phys;
   for (unsigned k = 0; k < i->src_count; k++)
      if (i->src[k].field == JADE_ISA_F_VTX && i->src[k].kind == JADE_OPERAND_VALUE)
         a->anywhere = true;
   a->patch = jade_instr_field(i, JADE_ISA_F_PATCH, 0);
   a->lo = (unsigned)jade_instr_field(i, JADE_ISA_F_ADDR, 0);
   a->hi = a->lo + 4 * ((unsigned)jade_instr_field(i, JADE_ISA_F_COMPS, 0) + 1);
   return true;
}

static bool
attr_meet(const struct attr_access *a, const struct attr_access *b)
{
   if (!a->write && !b->write)
      return false;
   if (a->anywhere || b->anywhere)
      return true;
   return a->patch == b->patch && a->lo < b->hi && b->lo < a->hi;
}

static unsigned
latency_of(const struct jade_instr *i)
{
   const struct jade_isa_op_info *info = &jade_isa_op_info[i->op];
   if (info->latency == JADE_ISA_LATENCY_VARIABLE)
      return VARIABLE_LATENCY;
   unsigned l = 1;
   for (unsigned f = 0; f < JADE_ISA_FILE_COUNT; f++)
      if (info->fixed_latency[f] > l)
         l = info->fixed_latency[f];
   return l;
}

static void
push_index(void *mem, unsigned **array, unsigned *count, unsigned *alloc, unsigned value)
{
   if (*count == *alloc) {
      *alloc = *alloc ? 2 * *alloc : 4;
      *array = reralloc(mem, *array, unsigned, *alloc);
   }
   (*array)[(*count)++] = value;
}

static void
add_edge(struct node *nodes, unsigned from, unsigned to)
{
   struct node *n = &nodes[from];
   for (unsigned k = 0; k < n->succ_count; k++)
      if (n->succs[k] == to)
         return;
   push_index(nodes, &n->succs, &n->succ_count, &n->succ_alloc, to);
   push_index(nodes, &nodes[to].preds, &nodes[to].pred_count, &nodes[to].pred_alloc, from);
   n->succs_left++;
}

/* How choices of equal cost are ordered.  DEPTH_FIRST: the one whose
 * readers were placed last (finish what was started: a subtree at a
 * time); LATENCY_FIRST: the one ready for latency; ORIGINAL: no choice,
 * the order the region came in, measured to compare. */
enum policy { DEPTH_FIRST, LATENCY_FIRST, ORIGINAL };

struct region {
   struct jade_ir_shader *s;
   struct node *nodes;
   unsigned count;
   /* Per value: writes of it in the region not scheduled yet (tuples are
    * written piece by piece), and whether it is live below the point
    * being scheduled. */
   uint8_t *writes_left, *writes;
   BITSET_WORD *live;
   unsigned pressure; /* general registers live */
   unsigned preds;    /* predicates live */
   enum policy policy;
};

static unsigned
regs_of(const struct jade_value *v)
{
   return v->file != JADE_FILE_GPR ? 0 : v->size == 3 ? 4 : v->size;
}

/* Whether operand k of i is the first operand of i naming its value. */
static bool
first_read(const struct jade_instr *i, unsigned k)
{
   for (unsigned j = 0; j < k; j++)
      if (i->src[j].kind == JADE_OPERAND_VALUE && i->src[j].value == i->src[k].value)
         return false;
   return true;
}

/* Registers scheduling i next (upwards) adds: its values not live below
 * it become live, the values whose first write it is die.  *preds gets
 * the same for predicates. */
static int
pressure_delta(const struct region *r, const struct jade_instr *i, int *preds)
{
   int delta = 0, pred_delta = 0;
   for (unsigned k = 0; k < i->src_count; k++) {
      const struct jade_operand *o = &i->src[k];
      if (o->kind != JADE_OPERAND_VALUE || BITSET_TEST(r->live, o->value) || !first_read(i, k))
         continue;
      const struct jade_value *v = r->s->values[o->value];
      delta += (int)regs_of(v);
      pred_delta += v->file == JADE_FILE_PRED;
   }
   if (i->pred_value >= 0 && !BITSET_TEST(r->live, i->pred_value))
      pred_delta++;
   for (unsigned k = 0; k < i->dst_count; k++) {
      const struct jade_value *v = r->s->values[i->dst[k].value];
      if (r->writes_left[v->index] == 1 && BITSET_TEST(r->live, v->index)) {
         delta -= (int)regs_of(v);
         pred_delta -= v->file == JADE_FILE_PRED;
      }
   }
   *preds = pred_delta;
   return delta;
}

/* Writes a piece of a tuple whose later pieces are scheduled: keeps a
 * tuple's pieces together, so it is not live half-written around other
 * code. */
static bool
continues_tuple(const struct region *r, const struct jade_instr *i)
{
   for (unsigned k = 0; k < i->dst_count; k++)
      if (i->dst[k].count && BITSET_TEST(r->live, i->dst[k].value) &&
          r->writes_left[i->dst[k].value] < r->writes[i->dst[k].value])
         return true;
   return false;
}

static void
build_dag(struct region *r)
{
   struct jade_ir_shader *s = r->s;
   unsigned *writer = ralloc_array(r->nodes, unsigned, s->value_count);
   memset(writer, 0xff, s->value_count * sizeof(unsigned));
   int last_write = -1;
   unsigned *reads = ralloc_array(r->nodes, unsigned, r->count);
   unsigned read_count = 0;
   struct attr_access *attrs = ralloc_array(r->nodes, struct attr_access, r->count);
   unsigned *attr_nodes = ralloc_array(r->nodes, unsigned, r->count);
   unsigned attr_count = 0;
   for (unsigned n = 0; n < r->count; n++) {
      struct jade_instr *i = r->nodes[n].instr;
      struct attr_access *a = &attrs[attr_count];
      if (attr_access(i, a)) {
         for (unsigned k = 0; k < attr_count; k++)
            if (attr_meet(&attrs[k], a))
               add_edge(r->nodes, attr_nodes[k], n);
         attr_nodes[attr_count++] = n;
      }
      for (unsigned k = 0; k < i->src_count; k++) {
         const struct jade_operand *o = &i->src[k];
         if (o->kind == JADE_OPERAND_VALUE && writer[o->value] != ~0u)
            add_edge(r->nodes, writer[o->value], n);
      }
      if (i->pred_value >= 0 && writer[i->pred_value] != ~0u)
         add_edge(r->nodes, writer[i->pred_value], n);
      for (unsigned k = 0; k < i->dst_count; k++) {
         uint32_t v = i->dst[k].value;
         if (writer[v] != ~0u)
            add_edge(r->nodes, writer[v], n); /* pieces of a tuple in order */
         writer[v] = n;
      }
      enum mem_kind m = mem_kind(i);
      if (m == MEM_READ) {
         if (last_write >= 0)
            add_edge(r->nodes, (unsigned)last_write, n);
         reads[read_count++] = n;
      } else if (m == MEM_WRITE) {
         if (last_write >= 0)
            add_edge(r->nodes, (unsigned)last_write, n);
         for (unsigned k = 0; k < read_count; k++)
            add_edge(r->nodes, reads[k], n);
         read_count = 0;
         last_write = (int)n;
      }
   }
   /* Depths: the longest latency path from the region's start to an
    * instruction's issue. */
   for (unsigned n = 0; n < r->count; n++) {
      struct node *nd = &r->nodes[n];
      nd->latency = latency_of(nd->instr);
      for (unsigned k = 0; k < nd->succ_count; k++) {
         struct node *sn = &r->nodes[nd->succs[k]];
         if (nd->depth + nd->latency > sn->depth)
            sn->depth = nd->depth + nd->latency;
      }
   }
}

/* What placing a candidate next costs: registers and predicates added,
 * and whether it continues a tuple. */
struct cost {
   int delta, preds;
   bool tuple;
};

static struct cost
cost_of(const struct region *r, const struct node *n)
{
   struct cost c;
   c.delta = pressure_delta(r, n->instr, &c.preds);
   c.tuple = continues_tuple(r, n->instr);
   return c;
}

/* Whether candidate a goes before b (upwards: is issued after b). */
static bool
better(const struct region *r, const struct node *a, const struct cost *ac, const struct node *b,
       const struct cost *bc, uint64_t cycle)
{
   if (ac->tuple != bc->tuple)
      return ac->tuple;
   if (r->preds >= PRED_LIMIT && ac->preds != bc->preds)
      return ac->preds < bc->preds;
   if (ac->delta != bc->delta)
      return ac->delta < bc->delta;
   if (r->policy == DEPTH_FIRST && a->ready_seq != b->ready_seq)
      return a->ready_seq > b->ready_seq;
   bool a_ready = a->ready_at <= cycle, b_ready = b->ready_at <= cycle;
   if (a_ready != b_ready)
      return a_ready;
   if (!a_ready && a->ready_at != b->ready_at)
      return a->ready_at < b->ready_at;
   if (a->depth != b->depth)
      return a->depth > b->depth;
   return a->index > b->index; /* the original order */
}

/* Registers and predicates of the live values. */
static void
count_live(struct region *r)
{
   unsigned v;
   r->pressure = r->preds = 0;
   BITSET_FOREACH_SET (v, r->live, r->s->value_count) {
      r->pressure += regs_of(r->s->values[v]);
      r->preds += r->s->values[v]->file == JADE_FILE_PRED;
   }
}

/* Bottom-up list scheduling: from the region's end, the next instruction
 * upwards is one whose readers are all placed (better()).  Fills order[]
 * (top first). */
static unsigned
order_region(struct region *r, struct node **order, const BITSET_WORD *live_below)
{
   memcpy(r->live, live_below, BITSET_WORDS(r->s->value_count) * sizeof(BITSET_WORD));
   count_live(r);
   for (unsigned n = 0; n < r->count; n++) {
      struct node *nd = &r->nodes[n];
      nd->done = false;
      nd->succs_left = nd->succ_count;
      nd->ready_at = 0;
      nd->ready_seq = 0;
      for (unsigned k = 0; k < nd->instr->dst_count; k++)
         r->writes_left[nd->instr->dst[k].value] = r->writes[nd->instr->dst[k].value];
   }
   unsigned peak = r->pressure;
   uint64_t cycle = 0;
   for (unsigned placed = 0; placed < r->count; placed++) {
      struct node *best = NULL;
      struct cost best_cost = {0};
      if (r->policy == ORIGINAL) {
         /* Edges only run forwards in the region: the last unplaced
          * instruction is always free to go. */
         best = &r->nodes[r->count - 1 - placed];
         best_cost = cost_of(r, best);
      }
      for (unsigned n = 0; n < r->count && r->policy != ORIGINAL; n++) {
         struct node *nd = &r->nodes[n];
         if (nd->done || nd->succs_left)
            continue;
         struct cost c = cost_of(r, nd);
         if (!best || better(r, nd, &c, best, &best_cost, cycle)) {
            best = nd;
            best_cost = c;
         }
      }
      /* Across the instruction: what is live below and what it defines. */
      unsigned across = r->pressure;
      for (unsigned k = 0; k < best->instr->dst_count; k++) {
         const struct jade_value *v = r->s->values[best->instr->dst[k].value];
         if (!BITSET_TEST(r->live, v->index))
            across += regs_of(v);
      }
      r->pressure = (unsigned)MAX2((int)r->pressure + best_cost.delta, 0);
      r->preds = (unsigned)MAX2((int)r->preds + best_cost.preds, 0);
      peak = MAX2(peak, MAX2(across, r->pressure));
      best->done = true;
      order[r->count - 1 - placed] = best;
      if (best->ready_at > cycle)
         cycle = best->ready_at;
      cycle++;
      struct jade_instr *i = best->instr;
      for (unsigned k = 0; k < i->dst_count; k++) {
         uint32_t v = i->dst[k].value;
         if (r->writes_left[v] && --r->writes_left[v] == 0)
            BITSET_CLEAR(r->live, v);
      }
      for (unsigned k = 0; k < i->src_count; k++)
         if (i->src[k].kind == JADE_OPERAND_VALUE)
            BITSET_SET(r->live, i->src[k].value);
      if (i->pred_value >= 0)
         BITSET_SET(r->live, i->pred_value);
      /* What this reads may issue once its latency is covered. */
      for (unsigned k = 0; k < best->pred_count; k++) {
         struct node *p = &r->nodes[best->preds[k]];
         if (--p->succs_left == 0)
            p->ready_seq = placed + 1;
         if (cycle - 1 + p->latency > p->ready_at)
            p->ready_at = cycle - 1 + p->latency;
      }
   }
   return peak;
}

static void
schedule_region(struct region *r, struct jade_block *block, struct jade_instr *before)
{
   build_dag(r);
   size_t words = BITSET_WORDS(r->s->value_count);
   BITSET_WORD *live_below = ralloc_array(r->nodes, BITSET_WORD, words);
   memcpy(live_below, r->live, words * sizeof(BITSET_WORD));
   /* Both policies; the one needing fewer registers wins, depth-first's
    * on a tie.  Greedy choices can need far more registers than the order
    * the region came in (an unrolled loop of lookups: each step's
    * cheapest choice starts another iteration), so that order is kept
    * when it needs under 3/4 of what they do.  r->live ends as the winner left it (live above
    * the region). */
   struct node **orders[3];
   unsigned peaks[3];
   for (unsigned p = 0; p < 3; p++) {
      orders[p] = ralloc_array(r->nodes, struct node *, r->count);
      r->policy = (enum policy)p;
      peaks[p] = order_region(r, orders[p], live_below);
   }
   enum policy best = peaks[ORIGINAL] * 4 < 3 * MIN2(peaks[DEPTH_FIRST], peaks[LATENCY_FIRST])
                         ? ORIGINAL
                      : peaks[DEPTH_FIRST] <= peaks[LATENCY_FIRST] ? DEPTH_FIRST
                                                                   : LATENCY_FIRST;
   if (best != ORIGINAL) {
      r->policy = best;
      order_region(r, orders[best], live_below);
   }
   struct node **order = orders[best];
   for (unsigned n = 0; n < r->count; n++) {
      struct jade_instr *i = order[n]->instr;
      list_del(&i->link);
      if (before)
         list_addtail(&i->link, &before->link);
      else
         list_addtail(&i->link, &block->instrs);
   }
}

/* Liveness across one instruction that is not scheduled, upwards. */
static void
step_live(struct region *r, const struct jade_instr *i)
{
   for (unsigned k = 0; k < i->dst_count; k++)
      BITSET_CLEAR(r->live, i->dst[k].value);
   for (unsigned k = 0; k < i->src_count; k++)
      if (i->src[k].kind == JADE_OPERAND_VALUE)
         BITSET_SET(r->live, i->src[k].value);
   if (i->pred_value >= 0)
      BITSET_SET(r->live, i->pred_value);
}

void
jade_schedule(struct jade_ir_shader *s)
{
   struct jade_cfg *cfg = jade_cfg_layout(s);
   jade_liveness(s, cfg);
   struct region r = {.s = s};
   r.writes_left = rzalloc_array(cfg, uint8_t, s->value_count);
   r.writes = rzalloc_array(cfg, uint8_t, s->value_count);
   r.live = rzalloc_array(cfg, BITSET_WORD, cfg->words);
   for (unsigned b = 0; b < cfg->count; b++) {
      struct jade_block *block = cfg->blocks[b].block;
      struct jade_instr **all =
         ralloc_array(cfg, struct jade_instr *, list_length(&block->instrs) + 1);
      unsigned total = 0;
      jade_foreach_instr (block, i)
         all[total++] = i;
      all[total] = NULL;
      /* Regions (runs of instructions between fences) from the block's
       * end upwards, with what is live below each. */
      memcpy(r.live, cfg->blocks[b].live_out, cfg->words * sizeof(BITSET_WORD));
      unsigned end = total;
      for (int k = (int)total - 1; k >= -1; k--) {
         struct jade_instr *fence = k >= 0 ? all[k] : NULL;
         if (fence && !is_fence(fence))
            continue;
         unsigned first = (unsigned)(k + 1);
         r.count = end - first;
         if (r.count > 1) {
            void *mem = ralloc_context(cfg);
            r.nodes = rzalloc_array(mem, struct node, r.count);
            for (unsigned n = 0; n < r.count; n++) {
               struct jade_instr *x = all[first + n];
               r.nodes[n].instr = x;
               r.nodes[n].index = n;
               for (unsigned m = 0; m < x->dst_count; m++)
                  r.writes[x->dst[m].value] = ++r.writes_left[x->dst[m].value];
            }
            schedule_region(&r, block, all[end]);
            ralloc_free(mem);
         } else if (r.count == 1) {
            step_live(&r, all[first]);
         }
         if (fence)
            step_live(&r, fence);
         end = (unsigned)k;
      }
      ralloc_free(all);
   }
   ralloc_free(cfg);
}
