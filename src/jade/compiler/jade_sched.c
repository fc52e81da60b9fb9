/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Pre-allocation list scheduling, block by block.
 *
 * A block is cut into regions at instructions nothing may cross (control
 * flow, barriers, KILL, EXIT, votes, BMOV); PHIs stay on top.  Inside a
 * region an instruction depends on the definitions of what it reads (with
 * the producer's latency: the ISA description's fixed latencies, or
 * VARIABLE_LATENCY for loads and texture lookups), the writes of a tuple
 * stay in order, and memory accesses keep their order where one of them
 * writes.  The list scheduler then issues, cycle by cycle, the ready
 * instruction with the longest latency path to the region's end (latency
 * first: texture and memory loads start early), unless the general
 * registers live exceed PRESSURE_LIMIT: then the one that frees the most
 * registers (pressure first: what a long shader with many loads needs).
 * Two rules come before both: the pieces of a tuple are written together,
 * and with most predicates live, what defines no new one goes first (a
 * spilled predicate costs a SEL and an ISETP per use: jade_ra_spill.c).
 * Ties keep the original order.
 */

#include <string.h>

#include "jade_ra.h"
#include "util/ralloc.h"

#define VARIABLE_LATENCY 24
#define PRESSURE_LIMIT   32
#define PRED_LIMIT       (JADE_HW_PREDICATES - 2) /* 5 of the 7 predicates */

struct node {
   struct jade_instr *instr;
   unsigned index; /* original order in the region */
   unsigned preds_left;
   unsigned *succs, succ_count, succ_alloc;
   unsigned latency;  /* until a reader may issue */
   unsigned height;   /* longest latency path to the region's end */
   uint64_t ready_at; /* earliest issue cycle */
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
   case JADE_ISA_OP_AST:
   case JADE_ISA_OP_AST_PHYS:
      return MEM_WRITE;
   case JADE_ISA_OP_ALD:
   case JADE_ISA_OP_ALD_PHYS:
      return MEM_READ; /* attribute outputs are read back by ALD.O */
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
add_edge(struct node *nodes, unsigned from, unsigned to)
{
   struct node *n = &nodes[from];
   for (unsigned k = 0; k < n->succ_count; k++)
      if (n->succs[k] == to)
         return;
   if (n->succ_count == n->succ_alloc) {
      n->succ_alloc = n->succ_alloc ? 2 * n->succ_alloc : 4;
      n->succs = reralloc(nodes, n->succs, unsigned, n->succ_alloc);
   }
   n->succs[n->succ_count++] = to;
   nodes[to].preds_left++;
}

struct region {
   struct jade_ir_shader *s;
   unsigned limit; /* general registers before pressure comes first */
   struct node *nodes;
   unsigned count;
   /* Per value: uses left in the region, and whether it outlives it. */
   unsigned *uses_left;
   BITSET_WORD *live_after;
   BITSET_WORD *defined; /* defined so far (first writes seen) */
};

static unsigned
regs_of(const struct jade_value *v)
{
   return v->file != JADE_FILE_GPR ? 0 : v->size == 3 ? 4 : v->size;
}

/* Predicates an instruction defines minus those it frees. */
static int
pred_growth(const struct region *r, const struct jade_instr *i)
{
   int growth = 0;
   for (unsigned k = 0; k < i->dst_count; k++) {
      const struct jade_value *v = r->s->values[i->dst[k].value];
      if (v->file == JADE_FILE_PRED && !BITSET_TEST(r->defined, v->index))
         growth++;
   }
   for (unsigned k = 0; k < i->src_count; k++) {
      const struct jade_operand *o = &i->src[k];
      if (o->kind == JADE_OPERAND_VALUE && r->s->values[o->value]->file == JADE_FILE_PRED &&
          r->uses_left[o->value] == 1 && !BITSET_TEST(r->live_after, o->value))
         growth--;
   }
   if (i->pred_value >= 0 && r->uses_left[i->pred_value] == 0 &&
       !BITSET_TEST(r->live_after, i->pred_value))
      growth--;
   return growth;
}

/* Writes the rest of a tuple already begun: keeps a tuple's pieces
 * together, so it is not live half-written around other code. */
static bool
continues_tuple(const struct region *r, const struct jade_instr *i)
{
   for (unsigned k = 0; k < i->dst_count; k++)
      if (i->dst[k].count && BITSET_TEST(r->defined, i->dst[k].value))
         return true;
   return false;
}

/* Registers an instruction would free minus those it would take. */
static int
pressure_gain(const struct region *r, const struct jade_instr *i)
{
   int gain = 0;
   for (unsigned k = 0; k < i->src_count; k++) {
      const struct jade_operand *o = &i->src[k];
      if (o->kind != JADE_OPERAND_VALUE)
         continue;
      /* Count a value once, at its last read here. */
      bool again = false;
      for (unsigned j = k + 1; j < i->src_count && !again; j++)
         again = i->src[j].kind == JADE_OPERAND_VALUE && i->src[j].value == o->value;
      if (!again && r->uses_left[o->value] == 1 && !BITSET_TEST(r->live_after, o->value))
         gain += (int)regs_of(r->s->values[o->value]);
   }
   for (unsigned k = 0; k < i->dst_count; k++)
      if (!BITSET_TEST(r->defined, i->dst[k].value))
         gain -= (int)regs_of(r->s->values[i->dst[k].value]);
   return gain;
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
   for (unsigned n = 0; n < r->count; n++) {
      struct jade_instr *i = r->nodes[n].instr;
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
   /* Heights, from the end. */
   for (int n = (int)r->count - 1; n >= 0; n--) {
      struct node *nd = &r->nodes[n];
      nd->latency = latency_of(nd->instr);
      nd->height = nd->latency;
      for (unsigned k = 0; k < nd->succ_count; k++) {
         unsigned h = nd->latency + r->nodes[nd->succs[k]].height;
         if (h > nd->height)
            nd->height = h;
      }
   }
}

/* General registers live when the region starts: what it reads or leaves
 * live, less what it defines. */
static unsigned
initial_pressure(const struct region *r)
{
   struct jade_ir_shader *s = r->s;
   BITSET_WORD *in = rzalloc_array(r->nodes, BITSET_WORD, BITSET_WORDS(s->value_count));
   memcpy(in, r->live_after, BITSET_WORDS(s->value_count) * sizeof(BITSET_WORD));
   for (unsigned n = 0; n < r->count; n++) {
      const struct jade_instr *i = r->nodes[n].instr;
      for (unsigned k = 0; k < i->src_count; k++)
         if (i->src[k].kind == JADE_OPERAND_VALUE)
            BITSET_SET(in, i->src[k].value);
   }
   for (unsigned n = 0; n < r->count; n++) {
      const struct jade_instr *i = r->nodes[n].instr;
      for (unsigned k = 0; k < i->dst_count; k++)
         BITSET_CLEAR(in, i->dst[k].value);
   }
   unsigned pressure = 0, v;
   BITSET_FOREACH_SET (v, in, s->value_count)
      pressure += regs_of(s->values[v]);
   ralloc_free(in);
   return pressure;
}

static void
schedule_region(struct region *r, struct jade_block *block, struct jade_instr *before)
{
   build_dag(r);
   unsigned pressure = initial_pressure(r), preds = 0;
   uint64_t cycle = 0;
   for (unsigned left = r->count; left; left--) {
      int best = -1;
      int best_gain = 0;
      for (unsigned n = 0; n < r->count; n++) {
         struct node *nd = &r->nodes[n];
         if (nd->done || nd->preds_left)
            continue;
         if (best < 0) {
            best = (int)n;
            best_gain = pressure_gain(r, nd->instr);
            continue;
         }
         struct node *b = &r->nodes[best];
         int gain = pressure_gain(r, nd->instr);
         int pg = pred_growth(r, nd->instr), b_pg = pred_growth(r, b->instr);
         bool cont = continues_tuple(r, nd->instr), b_cont = continues_tuple(r, b->instr);
         bool better;
         if (cont != b_cont) {
            better = cont;
         } else if (preds >= PRED_LIMIT && pg != b_pg) {
            better = pg < b_pg;
         } else if (pressure > r->limit && gain != best_gain) {
            better = gain > best_gain;
         } else {
            bool ready = nd->ready_at <= cycle, b_ready = b->ready_at <= cycle;
            if (ready != b_ready)
               better = ready;
            else if (!ready && nd->ready_at != b->ready_at)
               better = nd->ready_at < b->ready_at;
            else
               better = nd->height > b->height;
         }
         if (better) {
            best = (int)n;
            best_gain = gain;
         }
      }
      struct node *nd = &r->nodes[best];
      nd->done = true;
      if (nd->ready_at > cycle)
         cycle = nd->ready_at;
      cycle++;
      pressure = (unsigned)MAX2((int)pressure - best_gain, 0);
      preds = (unsigned)MAX2((int)preds + pred_growth(r, nd->instr), 0);
      struct jade_instr *i = nd->instr;
      for (unsigned k = 0; k < i->src_count; k++)
         if (i->src[k].kind == JADE_OPERAND_VALUE)
            r->uses_left[i->src[k].value]--;
      for (unsigned k = 0; k < i->dst_count; k++)
         BITSET_SET(r->defined, i->dst[k].value);
      for (unsigned k = 0; k < nd->succ_count; k++) {
         struct node *sn = &r->nodes[nd->succs[k]];
         sn->preds_left--;
         if (cycle - 1 + nd->latency > sn->ready_at)
            sn->ready_at = cycle - 1 + nd->latency;
      }
      list_del(&i->link);
      if (before)
         list_addtail(&i->link, &before->link);
      else
         list_addtail(&i->link, &block->instrs);
   }
}

void
jade_schedule(struct jade_ir_shader *s, unsigned max_gprs)
{
   /* With a small budget (JADE_DEBUG=spill), pressure comes first sooner. */
   unsigned limit = max_gprs && max_gprs < PRESSURE_LIMIT ? max_gprs / 2 : PRESSURE_LIMIT;
   struct jade_cfg *cfg = jade_cfg_layout(s);
   jade_liveness(s, cfg);
   for (unsigned b = 0; b < cfg->count; b++) {
      struct jade_block *block = cfg->blocks[b].block;
      /* Regions: runs of instructions between fences. */
      struct jade_instr *first = NULL;
      unsigned count = 0;
      struct jade_instr **all =
         ralloc_array(cfg, struct jade_instr *, list_length(&block->instrs) + 1);
      unsigned total = 0;
      jade_foreach_instr (block, i)
         all[total++] = i;
      all[total] = NULL;
      for (unsigned k = 0; k <= total; k++) {
         struct jade_instr *i = all[k];
         if (i && !is_fence(i)) {
            if (!count)
               first = i;
            count++;
            continue;
         }
         if (count > 1) {
            void *mem = ralloc_context(cfg);
            struct region r = {.s = s, .count = count, .limit = limit};
            r.nodes = rzalloc_array(mem, struct node, count);
            r.uses_left = rzalloc_array(mem, unsigned, s->value_count);
            r.live_after = rzalloc_array(mem, BITSET_WORD, cfg->words);
            r.defined = rzalloc_array(mem, BITSET_WORD, cfg->words);
            unsigned n = 0;
            for (struct jade_instr *x = first; n < count;
                 x = list_entry(x->link.next, struct jade_instr, link))
               r.nodes[n++].instr = x;
            /* Live after the region: used after it in the block, or live
             * out of the block. */
            memcpy(r.live_after, cfg->blocks[b].live_out, cfg->words * sizeof(BITSET_WORD));
            for (unsigned j = k; j < total; j++) {
               struct jade_instr *x = all[j];
               for (unsigned m = 0; m < x->src_count; m++)
                  if (x->src[m].kind == JADE_OPERAND_VALUE)
                     BITSET_SET(r.live_after, x->src[m].value);
               if (x->pred_value >= 0)
                  BITSET_SET(r.live_after, x->pred_value);
            }
            for (n = 0; n < count; n++) {
               struct jade_instr *x = r.nodes[n].instr;
               for (unsigned m = 0; m < x->src_count; m++)
                  if (x->src[m].kind == JADE_OPERAND_VALUE)
                     r.uses_left[x->src[m].value]++;
            }
            schedule_region(&r, block, i);
            ralloc_free(mem);
         }
         count = 0;
      }
   }
   ralloc_free(cfg);
}
