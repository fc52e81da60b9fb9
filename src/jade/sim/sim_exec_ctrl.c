/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Control flow: branches, calls, convergence barriers (BSSY/BSYNC/BREAK),
 * WARPSYNC, EXIT, BPT.TRAP and the CTA barrier (with B2R.RESULT).  A lane
 * that must wait keeps its pc at the waiting instruction and changes
 * state; the scheduler (sim_core.c) moves it past the instruction when it
 * is released.
 */

#include "sim_private.h"

static uint64_t
rel_target(const struct sim_exec *x)
{
   return x->pc + 16 + (uint64_t)((int64_t)sim_field(x, JADE_ISA_F_TARGET) * 4);
}

/* The branch's own predicate operand (BRA P0, target), ANDed with the
 * guard. */
static bool
branch_cond(struct sim_exec *x, unsigned lane)
{
   return sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane);
}

/* The executing lanes whose branch condition holds. */
static uint32_t
cond_lanes(struct sim_exec *x)
{
   uint32_t m = 0;
   sim_foreach_lane (x, lane)
      if (branch_cond(x, lane))
         m |= 1u << lane;
   return m;
}

static void
jump(struct sim_exec *x, uint64_t target)
{
   sim_foreach_lane (x, lane)
      if (branch_cond(x, lane))
         x->next_pc[lane] = target;
}

static void
wait_here(struct sim_exec *x, unsigned lane, enum sim_lane_state state)
{
   x->w->state[lane] = state;
   x->next_pc[lane] = x->pc;
}

static void
exec_indirect(struct sim_exec *x)
{
   int64_t ofs = (int64_t)sim_field(x, JADE_ISA_F_OFS);
   unsigned r = (unsigned)sim_field(x, JADE_ISA_F_R);
   sim_foreach_lane (x, lane) {
      if (!branch_cond(x, lane))
         continue;
      uint64_t v;
      if (x->op == JADE_ISA_OP_BRXU)
         v = sim_ugpr64(x, r);
      else
         v = sim_gpr64(x, r, lane);
      /* BRX is relative to the next instruction, JMX absolute. */
      x->next_pc[lane] = v + (uint64_t)ofs + (x->op == JADE_ISA_OP_JMX ? 0 : x->pc + 16);
   }
}

static void
exec_ret(struct sim_exec *x)
{
   unsigned r = (unsigned)sim_field(x, JADE_ISA_F_R);
   /* RET.REL: the register holds the return address relative to the
    * target operand (the function's section start); RET.ABS: absolute. */
   uint64_t base = x->op == JADE_ISA_OP_RET_REL
                      ? rel_target(x)
                      : (uint64_t)(int64_t)sim_field(x, JADE_ISA_F_TARGET);
   sim_foreach_lane (x, lane)
      if (branch_cond(x, lane))
         x->next_pc[lane] = sim_gpr64(x, r, lane) + base;
}

/* BAR.SYNC waits; BAR.ARV counts its threads as arrived and goes on;
 * BAR.RED waits and contributes its predicate to a reduction that
 * B2R.RESULT reads after the release. */
static void
exec_bar(struct sim_exec *x)
{
   unsigned mode = (unsigned)sim_field(x, JADE_ISA_F_MODE);
   unsigned id = (unsigned)sim_field(x, JADE_ISA_F_ID) & 15;
   struct sim_cta_barrier *bar = &x->cta->bar[id];
   if (mode > JADE_ISA_V_MODE_RED || !x->mask)
      return;
   if (x->op == JADE_ISA_OP_BAR_R)
      bar->count = sim_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_CNT), sim_first_lane(x));
   else if (mode == JADE_ISA_V_MODE_ARV)
      bar->count = (unsigned)sim_field(x, JADE_ISA_F_CNT);
   if (mode == JADE_ISA_V_MODE_ARV) {
      bar->arrived += (unsigned)__builtin_popcount(x->mask);
      return;
   }
   if (mode == JADE_ISA_V_MODE_RED)
      bar->red_op = (uint8_t)(1 + sim_field(x, JADE_ISA_F_REDOP));
   sim_foreach_lane (x, lane) {
      if (mode == JADE_ISA_V_MODE_RED) {
         bar->red_total++;
         bar->red_true += sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane);
      }
      wait_here(x, lane, SIM_LANE_BAR);
      x->w->bar_id[lane] = (uint8_t)id;
   }
}

/* B2R.RESULT: the result of the last BAR.RED the warp took part in (the
 * count of true predicates, and POPC: != 0, AND: all, OR: any in pd).  The
 * barrier-id form and .WARP are not modelled. */
static void
exec_b2r(struct sim_exec *x)
{
   if (sim_field(x, JADE_ISA_F_MODE) != JADE_ISA_V_MODE_RESULT) {
      sim_unsupported(x, "B2R other than .RESULT");
      return;
   }
   sim_foreach_lane (x, lane) {
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, x->w->bar_result);
      sim_set_pred(x, (unsigned)sim_field(x, JADE_ISA_F_PD), lane, x->w->bar_result_pred);
   }
}

/* BPT.TRAP (PTX trap and brkpt) stops the launch as a fault; the other
 * modes (PAUSE, INT, DRAIN, PAUSE_QUIET: debugger and preemption
 * handshakes) are refused as unsupported. */
static void
exec_bpt(struct sim_exec *x)
{
   unsigned code = (unsigned)sim_field(x, JADE_ISA_F_CODE);
   if (sim_field(x, JADE_ISA_F_MODE) != JADE_ISA_V_MODE_TRAP) {
      sim_unsupported(x, "BPT other than .TRAP");
      return;
   }
   if (x->mask)
      sim_stop(x, JADE_SIM_FAULT, "trap (BPT.TRAP 0x%x)", code);
}

static void
exec_bmov(struct sim_exec *x)
{
   unsigned bar = (unsigned)sim_field(x, JADE_ISA_F_BAR) & 15;
   sim_foreach_lane (x, lane) {
      if (x->op == JADE_ISA_OP_BMOV_R) {
         sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, x->w->b[bar][lane]);
         if (sim_field(x, JADE_ISA_F_CLEAR))
            x->w->b[bar][lane] = 0;
      } else {
         x->w->b[bar][lane] = sim_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_SRC), lane);
      }
   }
}

bool
sim_exec_ctrl(struct sim_exec *x)
{
   struct sim_warp *w = x->w;
   switch (x->op) {
   case JADE_ISA_OP_NOP:
   case JADE_ISA_OP_YIELD:
   case JADE_ISA_OP_DEPBAR: /* the dependency checker handles it */
      return true;
   case JADE_ISA_OP_EXIT:
      sim_foreach_lane (x, lane) {
         sim_save_exit_regs(x, lane);
         w->state[lane] = SIM_LANE_EXITED;
      }
      sim_release_waits(w);
      return true;
   case JADE_ISA_OP_KILL:
      /* KILL demotes: the lane's fragment is dropped, but the lane runs on
       * as a helper (its stores and atomics without effect) until it
       * exits.  Both compilers validated on Turing read it so: NAK emits
       * KILL for nir demote and lowers terminate to demote + EXIT
       * (nak_nir.c nir_lower_terminate_to_demote, from_nir.rs OpKill), and
       * reads the helper state back from SR_THREAD_KILL; codegen emits its
       * discard only with discard_is_demote (nv50_ir_from_nir.cpp). */
      if (!x->sim->gfx || !x->sim->gfx->killed) {
         sim_stop(x, JADE_SIM_FAULT, "KILL outside a pixel program");
         return true;
      }
      sim_foreach_lane (x, lane)
         sim_mark_killed(x, lane);
      return true;
   case JADE_ISA_OP_BRA:
   case JADE_ISA_OP_CALL_REL:
      jump(x, rel_target(x));
      return true;
   case JADE_ISA_OP_JMP:
   case JADE_ISA_OP_CALL_ABS:
      jump(x, sim_field(x, JADE_ISA_F_TARGET));
      return true;
   case JADE_ISA_OP_BRX:
   case JADE_ISA_OP_BRXU:
   case JADE_ISA_OP_JMX:
      exec_indirect(x);
      return true;
   case JADE_ISA_OP_RET_REL:
   case JADE_ISA_OP_RET_ABS:
      exec_ret(x);
      return true;
   case JADE_ISA_OP_BSSY: {
      /* The lanes that must meet again at the matching BSYNC. */
      uint32_t m = cond_lanes(x);
      for (unsigned lane = 0; lane < SIM_LANES; lane++)
         if (m >> lane & 1)
            w->b[sim_field(x, JADE_ISA_F_BAR) & 15][lane] = m;
      return true;
   }
   case JADE_ISA_OP_BREAK: {
      /* The breaking lanes leave the barrier: nobody waits for them. */
      uint32_t m = cond_lanes(x);
      for (unsigned lane = 0; lane < SIM_LANES; lane++)
         w->b[sim_field(x, JADE_ISA_F_BAR) & 15][lane] &= ~m;
      sim_release_waits(w);
      return true;
   }
   case JADE_ISA_OP_BSYNC:
      sim_foreach_lane (x, lane) {
         if (!branch_cond(x, lane))
            continue;
         wait_here(x, lane, SIM_LANE_BSYNC);
         w->bar_id[lane] = (uint8_t)sim_field(x, JADE_ISA_F_BAR);
      }
      return true;
   case JADE_ISA_OP_WARPSYNC: {
      sim_foreach_lane (x, lane) {
         if (!branch_cond(x, lane))
            continue;
         uint32_t m = sim_src(x, SIM_SRC_B, lane);
         if (!(m >> lane & 1)) {
            sim_stop(x, JADE_SIM_FAULT,
                     "WARPSYNC mask 0x%08x leaves out lane %u, "
                     "which executes it",
                     m, lane);
            return true;
         }
         wait_here(x, lane, SIM_LANE_WARPSYNC);
         w->warpsync_mask[lane] = m;
      }
      return true;
   }
   case JADE_ISA_OP_BAR:
   case JADE_ISA_OP_BAR_R:
      exec_bar(x);
      return true;
   case JADE_ISA_OP_BMOV_R:
   case JADE_ISA_OP_BMOV_B:
      exec_bmov(x);
      return true;
   case JADE_ISA_OP_B2R:
      exec_b2r(x);
      return true;
   case JADE_ISA_OP_BPT:
      exec_bpt(x);
      return true;
   default:
      return false;
   }
}
