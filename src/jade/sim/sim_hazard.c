/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The dependency checker.  Per warp, it follows the issue cycle (the sum
 * of the stall counts so far) and, per register and predicate, when its
 * value may be read:
 *  - a fixed-latency result from its producer's issue cycle plus the
 *    producer's latency (jade_isa_op_info[].fixed_latency, data from the
 *    ISA description);
 *  - a variable-latency result once its write scoreboard has been waited
 *    on (a wait mask bit, or DEPBAR.LE counting it out); without one,
 *    after its class's bound, if any, or once a later op of its in-order
 *    queue has been waited on.
 * A register still being read by a variable-latency op that set a read
 * scoreboard must not be overwritten until that scoreboard is waited on.
 * Scoreboards are counters; operations complete in order per scoreboard,
 * which is what DEPBAR.LE assumes.
 */

#include "sim_private.h"

#define NO_SB JADE_HW_NO_SCOREBOARD

void
sim_hazard_reset(struct sim_warp *w)
{
   w->cycle = 0;
   for (unsigned k = 0; k < sizeof(w->dep_dirty) / sizeof(w->dep_dirty[0]); k++) {
      while (w->dep_dirty[k]) {
         const unsigned i = 64 * k + (unsigned)__builtin_ctzll(w->dep_dirty[k]);
         if (i < SIM_DEP_COUNT)
            w->dep[i] = (struct sim_reg_dep){.rd_sb = NO_SB};
         w->dep_dirty[k] &= w->dep_dirty[k] - 1;
      }
   }
   memset(w->sb_issued, 0, sizeof(w->sb_issued));
   memset(w->sb_done, 0, sizeof(w->sb_done));
   memset(w->sb_set_cycle, 0, sizeof(w->sb_set_cycle));
   memset(w->sb_ops, 0, sizeof(w->sb_ops));
   memset(w->q_issued, 0, sizeof(w->q_issued));
   memset(w->q_done, 0, sizeof(w->q_done));
}

static const char *
dep_name(unsigned i, char *buf, size_t size)
{
   if (i < SIM_DEP_PRED)
      snprintf(buf, size, "R%u", i);
   else if (i < SIM_DEP_UGPR)
      snprintf(buf, size, "P%u", i - SIM_DEP_PRED);
   else if (i < SIM_DEP_UPRED)
      snprintf(buf, size, "UR%u", i - SIM_DEP_UGPR);
   else
      snprintf(buf, size, "UP%u", i - SIM_DEP_UPRED);
   return buf;
}

static unsigned
dep_file(unsigned i)
{
   return i < SIM_DEP_PRED    ? JADE_ISA_FILE_GPR
          : i < SIM_DEP_UGPR  ? JADE_ISA_FILE_PRED
          : i < SIM_DEP_UPRED ? JADE_ISA_FILE_UGPR
                              : JADE_ISA_FILE_UPRED;
}

static void hazard(struct sim_exec *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
hazard(struct sim_exec *x, const char *fmt, ...)
{
   struct jade_sim *sim = x->sim;
   char msg[256], text[160];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   jade_isa_print(x->in, x->pc, text, sizeof(text));
   sim->stats.hazards++;
   if (sim->opt.hazards == JADE_SIM_HAZARDS_FATAL) {
      sim_stop(x, JADE_SIM_HAZARD, "hazard: %s (%s)", msg, text);
   } else {
      fprintf(sim->log, "jade-sim: hazard at pc 0x%04llx: %s (%s)\n", (unsigned long long)x->pc,
              msg, text);
   }
}

static void
wait_scoreboard(struct sim_exec *x, unsigned sb, uint32_t keep, bool depbar)
{
   struct sim_warp *w = x->w;
   if (w->sb_issued[sb] <= w->sb_done[sb] + keep)
      return;
   /* A scoreboard counts an op only from the second cycle after it
    * issued: a wait mask in the very next cycle would miss it.  DEPBAR
    * is exempt: ptxas puts it right after the op (S2UR, stall 1). */
   if (!depbar && w->cycle < w->sb_set_cycle[sb] + 2)
      hazard(x, "waits on SB%u only %llu cycle(s) after it was set", sb,
             (unsigned long long)(w->cycle - w->sb_set_cycle[sb]));
   /* Completing an op completes the earlier ops of its queue. */
   for (uint32_t seq = w->sb_done[sb] + 1; seq <= w->sb_issued[sb] - keep; seq++) {
      const struct sim_sb_op *op = &w->sb_ops[sb][seq % SIM_SB_DEPTH];
      if (op->seq == seq && op->queue && w->q_done[op->queue] < op->queue_seq)
         w->q_done[op->queue] = op->queue_seq;
   }
   w->sb_done[sb] = w->sb_issued[sb] - keep;
}

void
sim_hazard_before(struct sim_exec *x)
{
   const struct jade_isa_ctrl *c = &x->in->ctrl;
   for (unsigned sb = 0; sb < JADE_HW_SCOREBOARDS; sb++)
      if (c->wait_mask >> sb & 1)
         wait_scoreboard(x, sb, 0, false);
   if (x->op == JADE_ISA_OP_DEPBAR) {
      unsigned sb = (unsigned)sim_field(x, JADE_ISA_F_SB);
      if (sb < JADE_HW_SCOREBOARDS)
         wait_scoreboard(x, sb, (uint32_t)sim_field(x, JADE_ISA_F_COUNT), true);
   }
}

/* A variable-latency result without a write scoreboard. */
static bool
unprotected(const struct sim_dep_write *d)
{
   return d->wr_sb == NO_SB && jade_isa_op_info[d->writer_op].latency == JADE_ISA_LATENCY_VARIABLE;
}

static void
record_calibration(struct sim_exec *x, struct sim_dep_write *d, unsigned file)
{
   if (d->observed || (!d->ready_cycle && !unprotected(d)))
      return;
   /* The shortest distance at which each producer's result is read
    * without a scoreboard. */
   uint64_t dist = x->w->cycle - d->writer_issue;
   uint8_t *min = &x->sim->latency_min[d->writer_op][file];
   if (!*min || dist < *min)
      *min = dist > 255 ? 255 : (uint8_t)dist;
   d->observed = true;
}

/* Whether a write has completed for any reader. */
static bool
write_done(const struct sim_warp *w, const struct sim_dep_write *d)
{
   if (!d->lanes)
      return true;
   if (d->wr_sb != NO_SB)
      return w->sb_done[d->wr_sb] >= d->wr_seq;
   if (unprotected(d))
      return (d->ready_cycle && w->cycle >= d->ready_cycle) ||
             (d->queue && w->q_done[d->queue] >= d->queue_seq);
   return w->cycle >= d->ready_cycle;
}

static void
check_read_write(struct sim_exec *x, unsigned i, struct sim_dep_write *d)
{
   struct sim_warp *w = x->w;
   char name[16];
   if (write_done(w, d)) {
      if (!unprotected(d) || !d->queue || w->q_done[d->queue] < d->queue_seq)
         record_calibration(x, d, dep_file(i));
      return;
   }
   dep_name(i, name, sizeof(name));
   if (d->wr_sb != NO_SB) {
      hazard(x, "reads %s before waiting on SB%u (written at pc 0x%04llx)", name, d->wr_sb,
             (unsigned long long)d->writer_pc);
   } else if (unprotected(d)) {
      hazard(x,
             "reads %s, written %llu cycle(s) before at pc 0x%04llx by a "
             "variable-latency op (%s) without a write scoreboard",
             name, (unsigned long long)(w->cycle - d->writer_issue),
             (unsigned long long)d->writer_pc, jade_isa_op_info[d->writer_op].name);
   } else {
      hazard(x, "reads %s %llu cycle(s) after pc 0x%04llx wrote it; %s needs %llu", name,
             (unsigned long long)(w->cycle - d->writer_issue), (unsigned long long)d->writer_pc,
             jade_isa_op_info[d->writer_op].name,
             (unsigned long long)(d->ready_cycle - d->writer_issue));
   }
   record_calibration(x, d, dep_file(i));
   d->lanes = 0; /* reported once */
}

/* Reads by `lanes` of register i. */
static void
check_read(struct sim_exec *x, unsigned i, uint32_t lanes)
{
   for (unsigned s = 0; s < 2; s++)
      if (x->w->dep[i].w[s].lanes & lanes)
         check_read_write(x, i, &x->w->dep[i].w[s]);
}

static void
check_write(struct sim_exec *x, unsigned i, uint32_t lanes)
{
   struct sim_warp *w = x->w;
   struct sim_reg_dep *r = &w->dep[i];
   char name[16];
   if ((r->rd_lanes & lanes) && r->rd_sb != NO_SB && w->sb_done[r->rd_sb] < r->rd_seq)
      hazard(x, "overwrites %s before SB%u says pc 0x%04llx has read it",
             dep_name(i, name, sizeof(name)), r->rd_sb, (unsigned long long)r->reader_pc);
   /* Write after write: a pending result could land after this one,
    * unless both complete in order on the same scoreboard. */
   for (unsigned s = 0; s < 2; s++) {
      struct sim_dep_write *d = &r->w[s];
      if (!(d->lanes & lanes) || d->wr_sb == NO_SB || write_done(w, d))
         continue;
      bool in_order = jade_isa_op_info[x->op].latency == JADE_ISA_LATENCY_VARIABLE &&
                      x->in->ctrl.wr_sb == d->wr_sb;
      if (!in_order)
         hazard(x,
                "overwrites %s while pc 0x%04llx may still write it (SB%u not "
                "waited on)",
                dep_name(i, name, sizeof(name)), (unsigned long long)d->writer_pc, d->wr_sb);
   }
}

void
sim_hazard_after(struct sim_exec *x)
{
   struct sim_warp *w = x->w;
   const struct jade_isa_ctrl *c = &x->in->ctrl;
   const struct jade_isa_op_info *info = &jade_isa_op_info[x->op];
   bool variable = info->latency == JADE_ISA_LATENCY_VARIABLE;
   /* Lanes a uniform register or predicate is read or written for: all. */
   uint32_t lanes = x->mask;

   /* The registers touched, in index order (the order checks report in). */
   uint16_t all[SIM_DEP_COUNT];
   const uint16_t *touched = x->touched;
   unsigned n = x->touched_count;
   if (n > SIM_TOUCH_MAX) {
      n = 0;
      for (unsigned i = 0; i < SIM_DEP_COUNT; i++)
         if (x->read[i] || x->written[i])
            all[n++] = (uint16_t)i;
      touched = all;
   } else {
      for (unsigned k = 1; k < n; k++) {
         uint16_t v = x->touched[k];
         unsigned j = k;
         for (; j > 0 && x->touched[j - 1] > v; j--)
            x->touched[j] = x->touched[j - 1];
         x->touched[j] = v;
      }
   }

   if (x->guard_dep && !x->read[x->guard_dep])
      check_read(x, x->guard_dep, x->group);
   for (unsigned k = 0; k < n; k++)
      if (x->read[touched[k]])
         check_read(x, touched[k], touched[k] >= SIM_DEP_UGPR ? ~0u : lanes);
   for (unsigned k = 0; k < n; k++)
      if (x->written[touched[k]])
         check_write(x, touched[k], touched[k] >= SIM_DEP_UGPR ? ~0u : lanes);

   uint32_t wr_seq = 0, rd_seq = 0, queue_seq = 0;
   if (variable && info->queue)
      queue_seq = ++w->q_issued[info->queue];
   if (variable && c->wr_sb < JADE_HW_SCOREBOARDS) {
      wr_seq = ++w->sb_issued[c->wr_sb];
      w->sb_set_cycle[c->wr_sb] = w->cycle;
      w->sb_ops[c->wr_sb][wr_seq % SIM_SB_DEPTH] =
         (struct sim_sb_op){wr_seq, info->queue, queue_seq};
   }
   if (variable && c->rd_sb < JADE_HW_SCOREBOARDS) {
      rd_seq = c->rd_sb == c->wr_sb ? wr_seq : ++w->sb_issued[c->rd_sb];
      w->sb_set_cycle[c->rd_sb] = w->cycle;
   }

   for (unsigned k = 0; k < n; k++) {
      const unsigned i = touched[k];
      struct sim_reg_dep *r = &w->dep[i];
      w->dep_dirty[i / 64] |= 1ull << (i % 64);
      uint32_t l = i >= SIM_DEP_UGPR ? ~0u : lanes;
      if (x->read[i] && rd_seq) {
         r->rd_sb = c->rd_sb;
         r->rd_seq = rd_seq;
         r->rd_lanes = l;
         r->reader_pc = x->pc;
      }
      if (!x->written[i])
         continue;
      /* Keep the previous write if it is still pending for other lanes. */
      if (!(r->w[0].lanes & ~l) || write_done(w, &r->w[0]))
         r->w[1] =
            r->w[1].lanes & ~l && !write_done(w, &r->w[1]) ? r->w[1] : (struct sim_dep_write){0};
      else
         r->w[1] = r->w[0];
      struct sim_dep_write *d = &r->w[0];
      *d = (struct sim_dep_write){
         .lanes = l,
         .writer_pc = x->pc,
         .writer_issue = w->cycle,
         .writer_op = (uint16_t)x->op,
         .wr_sb = NO_SB,
      };
      if (variable) {
         /* Without a write scoreboard, the result may be read only after
          * the op's bound, if the table gives one. */
         unsigned bound = info->fixed_latency[dep_file(i)];
         d->ready_cycle = !wr_seq && bound ? w->cycle + bound : 0;
         d->wr_sb = wr_seq ? c->wr_sb : NO_SB;
         d->wr_seq = wr_seq;
         d->queue = info->queue;
         d->queue_seq = queue_seq;
      } else {
         d->ready_cycle = w->cycle + info->fixed_latency[dep_file(i)];
      }
   }
}

void
jade_sim_print_latency_report(const struct jade_sim *sim, FILE *f)
{
   static const char *const files[] = {"gpr", "pred", "ugpr", "upred"};
   for (unsigned op = 0; op < JADE_ISA_OP_COUNT; op++) {
      for (unsigned file = 0; file < JADE_ISA_FILE_COUNT; file++) {
         if (!sim->latency_min[op][file])
            continue;
         fprintf(f, "%-12s %-5s table %2u  shortest read %2u\n", jade_isa_op_info[op].name,
                 files[file], jade_isa_op_info[op].fixed_latency[file], sim->latency_min[op][file]);
      }
   }
}
