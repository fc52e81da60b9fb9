/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Dependency control bits, after register allocation: the stall count of
 * each instruction (cycles until the next one issues), scoreboards for
 * variable-latency results and for the sources those ops read late, and
 * the wait masks of their consumers.  The latencies are the ISA
 * description's table, the one the functional model checks against
 * (docs/sim.md), so the model's hazard checker judges this pass.
 *
 * Within a block it follows issue cycles exactly.  Across blocks, the
 * scoreboards still pending at a block's end flow to its successors: a
 * block starts from the merge of its predecessors' ends (every scoreboard
 * any of them left, per register), solved to a fixed point over loops, so
 * a consumer in another block waits for what it reads, not for everything.
 * Fixed latencies do not cross blocks: a block's last instruction stalls
 * until its results are ready (and until scoreboards it set count).
 */

#include <string.h>

#include "jade_ra.h"
#include "util/ralloc.h"

#define NO_SB     JADE_HW_NO_SCOREBOARD
#define REG_SLOTS (256 + 8 + 64 + 8)

/* What is pending, per register slot, with cycles relative to a point. */
struct ctrl_state {
   int64_t ready[REG_SLOTS];            /* fixed latency: readable from this cycle */
   uint8_t wr[REG_SLOTS];               /* scoreboards of pending writes (mask) */
   uint8_t rd[REG_SLOTS];               /* scoreboards of pending late reads (mask) */
   int64_t sb_set[JADE_HW_SCOREBOARDS]; /* issue cycle of the last op counted */
   uint8_t sb_busy;
};

static unsigned
slot_base(enum jade_file file)
{
   switch (file) {
   case JADE_FILE_GPR:
      return 0;
   case JADE_FILE_PRED:
      return 256;
   case JADE_FILE_UGPR:
      return 264;
   default:
      return 328;
   }
}

/* The register slots an operand covers (none for RZ/PT and non-registers). */
static unsigned
operand_slots(const struct jade_ir_shader *s, const struct jade_operand *o, unsigned *first)
{
   if (o->kind != JADE_OPERAND_VALUE)
      return 0;
   const struct jade_value *v = s->values[o->value];
   *first = slot_base(v->file) + v->reg + o->comp;
   return o->count ? o->count : v->size;
}

static void
state_init(struct ctrl_state *st)
{
   memset(st, 0, sizeof(*st));
   for (unsigned k = 0; k < JADE_HW_SCOREBOARDS; k++)
      st->sb_set[k] = INT64_MIN / 2;
}

static void
complete_sbs(struct ctrl_state *st, uint8_t mask)
{
   for (unsigned r = 0; r < REG_SLOTS; r++) {
      st->wr[r] &= ~mask;
      st->rd[r] &= ~mask;
   }
   st->sb_busy &= ~mask;
}

static unsigned
alloc_sb(const struct ctrl_state *st)
{
   for (unsigned sb = 0; sb < JADE_HW_SCOREBOARDS; sb++)
      if (!(st->sb_busy >> sb & 1))
         return sb;
   /* All busy: share the youngest (a scoreboard counts every op set on
    * it; whoever waits for one of them waits for all, later than needed
    * but without stalling here). */
   unsigned youngest = 0;
   for (unsigned sb = 1; sb < JADE_HW_SCOREBOARDS; sb++)
      if (st->sb_set[sb] > st->sb_set[youngest])
         youngest = sb;
   return youngest;
}

/* Control bits of one block from the state at its start (cycle 0); the
 * state at its end goes to *out, relative to the cycle after its last
 * instruction's stall. */
static void
block_ctrl(struct jade_ir_shader *s, struct jade_block *block, bool serial,
           const struct ctrl_state *in, struct ctrl_state *out)
{
   struct ctrl_state st = *in;
   struct jade_instr *prev = NULL;
   int64_t prev_issue = 0;
   jade_foreach_instr (block, instr) {
      const struct jade_isa_op_info *info = &jade_isa_op_info[instr->op];
      bool variable = info->latency == JADE_ISA_LATENCY_VARIABLE;
      uint8_t wait = 0;
      int64_t earliest = prev ? prev_issue + 1 : 0;
      unsigned first, n;

      /* Read after write, and the guard predicate. */
      for (unsigned i = 0; i <= instr->src_count; i++) {
         struct jade_operand guard = {0};
         const struct jade_operand *o = &guard;
         if (i < instr->src_count) {
            o = &instr->src[i];
         } else if (instr->pred_value >= 0) {
            guard = (struct jade_operand){.kind = JADE_OPERAND_VALUE,
                                          .value = (uint32_t)instr->pred_value};
         }
         n = operand_slots(s, o, &first);
         for (unsigned r = first; r < first + n; r++) {
            wait |= st.wr[r];
            if (st.ready[r] > earliest)
               earliest = st.ready[r];
         }
      }
      /* Write after a late read or a pending write. */
      for (unsigned i = 0; i < instr->dst_count; i++) {
         n = operand_slots(s, &instr->dst[i], &first);
         for (unsigned r = first; r < first + n; r++)
            wait |= st.rd[r] | st.wr[r];
      }

      unsigned sb = NO_SB;
      if (variable && info->scoreboards)
         sb = alloc_sb(&st);
      if (serial)
         wait = st.sb_busy;
      /* A scoreboard counts its op from the second cycle after it issued. */
      for (unsigned k = 0; k < JADE_HW_SCOREBOARDS; k++)
         if ((wait >> k & 1) && st.sb_set[k] + 2 > earliest)
            earliest = st.sb_set[k] + 2;
      if (serial && prev && prev_issue + 15 > earliest)
         earliest = prev_issue + 15;

      if (prev) {
         int64_t stall = earliest - prev_issue;
         prev->ctrl.stall = (uint8_t)(stall < 1 ? 1 : stall > 15 ? 15 : stall);
         prev_issue += prev->ctrl.stall;
      }
      instr->ctrl.wait_mask = wait;
      complete_sbs(&st, wait);

      if (sb != NO_SB) {
         /* One scoreboard counts both the late reads and the result. */
         bool reads = false, writes = false;
         for (unsigned i = 0; i < instr->src_count; i++) {
            n = operand_slots(s, &instr->src[i], &first);
            for (unsigned r = first; r < first + n; r++) {
               st.rd[r] |= 1u << sb;
               reads = true;
            }
         }
         for (unsigned i = 0; i < instr->dst_count; i++) {
            n = operand_slots(s, &instr->dst[i], &first);
            for (unsigned r = first; r < first + n; r++) {
               st.wr[r] |= 1u << sb;
               writes = true;
            }
         }
         if (reads && info->read_scoreboard)
            instr->ctrl.rd_sb = (uint8_t)sb;
         if (writes)
            instr->ctrl.wr_sb = (uint8_t)sb;
         if (instr->ctrl.rd_sb != NO_SB || instr->ctrl.wr_sb != NO_SB) {
            st.sb_busy |= 1u << sb;
            st.sb_set[sb] = prev_issue;
         }
      } else if (!variable) {
         for (unsigned i = 0; i < instr->dst_count; i++) {
            n = operand_slots(s, &instr->dst[i], &first);
            unsigned file = s->values[instr->dst[i].value]->file;
            for (unsigned r = first; r < first + n; r++)
               st.ready[r] = prev_issue + info->fixed_latency[file];
         }
      }
      prev = instr;
   }
   int64_t end = 0;
   if (prev) {
      /* The last instruction stalls until every fixed-latency result is
       * ready (a successor's first instruction has no stall of its own to
       * wait with) and until scoreboards set just before count, so that a
       * successor may wait on them at once. */
      int64_t stall = 1;
      for (unsigned r = 0; r < REG_SLOTS; r++)
         if (st.ready[r] > prev_issue + stall)
            stall = st.ready[r] - prev_issue;
      for (unsigned k = 0; k < JADE_HW_SCOREBOARDS; k++)
         if ((st.sb_busy >> k & 1) && st.sb_set[k] + 2 > prev_issue + stall)
            stall = st.sb_set[k] + 2 - prev_issue;
      if (serial)
         stall = 15;
      prev->ctrl.stall = (uint8_t)(stall > 15 ? 15 : stall < 1 ? 1 : stall);
      end = prev_issue + prev->ctrl.stall;
   }
   *out = st;
   for (unsigned r = 0; r < REG_SLOTS; r++)
      out->ready[r] = st.ready[r] > end ? st.ready[r] - end : 0;
   for (unsigned k = 0; k < JADE_HW_SCOREBOARDS; k++)
      out->sb_set[k] = st.sb_set[k] - end;
}

/* Merges a predecessor's end into a block's start; true if it grew. */
static bool
merge(struct ctrl_state *into, const struct ctrl_state *from)
{
   bool grew = false;
   for (unsigned r = 0; r < REG_SLOTS; r++) {
      if (from->ready[r] > into->ready[r]) {
         into->ready[r] = from->ready[r];
         grew = true;
      }
      if ((from->wr[r] | into->wr[r]) != into->wr[r] ||
          (from->rd[r] | into->rd[r]) != into->rd[r]) {
         into->wr[r] |= from->wr[r];
         into->rd[r] |= from->rd[r];
         grew = true;
      }
   }
   if ((from->sb_busy | into->sb_busy) != into->sb_busy) {
      into->sb_busy |= from->sb_busy;
      grew = true;
   }
   for (unsigned k = 0; k < JADE_HW_SCOREBOARDS; k++) {
      if (from->sb_set[k] > into->sb_set[k]) {
         into->sb_set[k] = from->sb_set[k];
         grew = true;
      }
   }
   return grew;
}

/* The reuse-cache flag of an instruction's source field in its form (the
 * ISA description's REUSE items), or -1. */
static int
reuse_flag(const struct jade_ir_shader *s, const struct jade_instr *instr, unsigned field)
{
   int form = jade_instr_form(s, instr);
   if (form < 0)
      return -1;
   const struct jade_isa_syntax *syn = &jade_isa_forms[form].syntax[0];
   for (unsigned k = 0; k + 1 < syn->item_count; k++)
      if (syn->items[k].kind == JADE_ISA_ITEM_VALUE && syn->items[k].field == field &&
          syn->items[k + 1].kind == JADE_ISA_ITEM_REUSE)
         return syn->items[k + 1].reuse;
   return -1;
}

/* The single GPR an ALU source field reads, or -1. */
static int
source_gpr(const struct jade_ir_shader *s, const struct jade_instr *instr, unsigned field)
{
   for (unsigned k = 0; k < instr->src_count; k++) {
      const struct jade_operand *o = &instr->src[k];
      if (o->field != field || o->kind != JADE_OPERAND_VALUE)
         continue;
      const struct jade_value *v = s->values[o->value];
      if (v->file != JADE_FILE_GPR || (!o->count && v->size != 1) || o->count > 1)
         return -1;
      return v->reg + o->comp;
   }
   return -1;
}

/* Reuse flags: when the next instruction reads the same register through
 * the same operand port (flag), the first keeps it in the reuse cache,
 * unless it overwrites that register itself.  Yield (bit 109) on BAR and
 * BSYNC, as Mesa's NAK does (src/nouveau/compiler/nak/calc_instr_deps.rs;
 * the bit's polarity is not confirmed by any public document). */
static void
reuse_and_yield(struct jade_ir_shader *s, struct jade_block *block)
{
   static const unsigned fields[3] = {JADE_ISA_F_A, JADE_ISA_F_B, JADE_ISA_F_C};
   jade_foreach_instr (block, i) {
      if (i->op == JADE_ISA_OP_BAR || i->op == JADE_ISA_OP_BSYNC)
         i->ctrl.yield = true;
      if (i->link.next == &block->instrs || !jade_instr_is_unguarded(i))
         continue;
      struct jade_instr *j = list_entry(i->link.next, struct jade_instr, link);
      if (!jade_instr_is_unguarded(j))
         continue;
      int mine[3] = {-1, -1, -1}, next[3] = {-1, -1, -1};
      for (unsigned f = 0; f < 3; f++) {
         int flag = reuse_flag(s, i, fields[f]);
         if (flag >= 0 && flag < 3)
            mine[flag] = source_gpr(s, i, fields[f]);
         flag = reuse_flag(s, j, fields[f]);
         if (flag >= 0 && flag < 3)
            next[flag] = source_gpr(s, j, fields[f]);
      }
      for (unsigned flag = 0; flag < 3; flag++) {
         if (mine[flag] < 0 || mine[flag] != next[flag])
            continue;
         bool written = false;
         for (unsigned k = 0; k < i->dst_count && !written; k++) {
            unsigned first;
            unsigned n = operand_slots(s, &i->dst[k], &first);
            written = s->values[i->dst[k].value]->file == JADE_FILE_GPR &&
                      (unsigned)mine[flag] >= first && (unsigned)mine[flag] < first + n;
         }
         if (!written)
            i->ctrl.reuse |= 1u << flag;
      }
   }
}

void
jade_ctrl(struct jade_ir_shader *s, const struct jade_compiler_options *options)
{
   bool serial = options && options->serial;
   void *mem = ralloc_context(s);
   struct ctrl_state *in = ralloc_array(mem, struct ctrl_state, s->block_count);
   struct ctrl_state *out = ralloc_array(mem, struct ctrl_state, s->block_count);
   for (unsigned b = 0; b < s->block_count; b++) {
      state_init(&in[b]);
      state_init(&out[b]);
   }
   /* Block ends flow to their successors until nothing grows (the states
    * only grow: scoreboard sets by union, readiness by max). */
   bool changed = true;
   while (changed) {
      changed = false;
      jade_foreach_block (s, block) {
         block_ctrl(s, block, serial, &in[block->index], &out[block->index]);
         for (unsigned k = 0; k < block->succ_count; k++)
            changed |= merge(&in[block->succs[k]->index], &out[block->index]);
      }
   }
   jade_foreach_block (s, block)
      reuse_and_yield(s, block);
   ralloc_free(mem);
}
