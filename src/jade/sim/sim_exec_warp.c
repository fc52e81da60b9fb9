/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Warp-wide and system-register semantics: SHFL, VOTE, MATCH, S2R/CS2R,
 * and the moves between the vector and uniform datapaths.
 */

#include "sim_private.h"

/* System registers (the sreg names of the ISA description). */
static bool
sreg(struct sim_exec *x, unsigned sr, unsigned lane, uint32_t *v)
{
   struct sim_warp *w = x->w;
   switch (sr) {
   case JADE_ISA_SR_LANEID:
      *v = lane;
      return true;
   case JADE_ISA_SR_TID_X:
   case JADE_ISA_SR_TID_Y:
   case JADE_ISA_SR_TID_Z:
      *v = w->tid[lane][sr - JADE_ISA_SR_TID_X];
      return true;
   case JADE_ISA_SR_CTAID_X:
   case JADE_ISA_SR_CTAID_Y:
   case JADE_ISA_SR_CTAID_Z:
      *v = x->cta->ctaid[sr - JADE_ISA_SR_CTAID_X];
      return true;
   case JADE_ISA_SR_EQMASK:
      *v = 1u << lane;
      return true;
   case JADE_ISA_SR_LTMASK:
      *v = (1u << lane) - 1;
      return true;
   case JADE_ISA_SR_LEMASK:
      *v = (uint32_t)((2ull << lane) - 1);
      return true;
   case JADE_ISA_SR_GTMASK:
      *v = ~(uint32_t)((2ull << lane) - 1);
      return true;
   case JADE_ISA_SR_GEMASK:
      *v = ~((1u << lane) - 1);
      return true;
   /* The clock counts issue cycles of this warp; there is one SM. */
   case JADE_ISA_SR_CLOCK:
   case JADE_ISA_SR_CLOCKLO:
   case JADE_ISA_SR_GLOBALTIMERLO:
      *v = (uint32_t)w->cycle;
      return true;
   case JADE_ISA_SR_CLOCKHI:
   case JADE_ISA_SR_GLOBALTIMERHI:
      *v = (uint32_t)(w->cycle >> 32);
      return true;
   case JADE_ISA_SR_VIRTUALSMID:
   case JADE_ISA_SR_VIRTUALENGINEID:
      *v = 0;
      return true;
   /* The lowest stack address: -O0 code traps if R1 goes below it.  Local
    * memory starts at offset 0 of the local window. */
   case JADE_ISA_SR_LMEMHIOFF:
      *v = 0;
      return true;
   /* INVOCATION_ID, INVOCATION_INFO: a geometry or tessellation launch's,
    * PRIM_TYPE a tessellation launch's (NAK nak_private.h
    * NAK_SV_INVOCATION_ID, NAK_SV_INVOCATION_INFO, NAK_SV_PRIM_TYPE). */
   case JADE_ISA_SR_PRIM_TYPE:
   case JADE_ISA_SR_INVOCATION_ID:
   case JADE_ISA_SR_INVOCATION_INFO:
      return sim_geometry_sreg(x, sr, lane, v);
   case JADE_ISA_SRZ:
      *v = 0;
      return true;
   default:
      return false;
   }
}

static void
exec_s2r(struct sim_exec *x)
{
   unsigned sr = (unsigned)sim_field(x, JADE_ISA_F_SR);
   unsigned dst = (unsigned)sim_field(x, JADE_ISA_F_DST);
   /* CS2R without .32 (w64 set) reads 64 bits into a register pair. */
   bool wide = x->op == JADE_ISA_OP_CS2R && sim_field(x, JADE_ISA_F_W64) == JADE_ISA_V_W64_64;
   sim_foreach_lane (x, lane) {
      if (wide) {
         /* 64-bit reads: the clock, or zero (CS2R R, SRZ clears a pair). */
         bool clock = sr == 0x01 || sr == 0x50 || sr == 0x52;
         if (!clock && sr != 0xff) {
            sim_unsupported(x, "64-bit system register");
            return;
         }
         sim_set_gpr64(x, dst, lane, clock ? x->w->cycle : 0);
         continue;
      }
      uint32_t v;
      if (!sreg(x, sr, lane, &v)) {
         sim_unsupported(x, "system register");
         return;
      }
      if (x->op == JADE_ISA_OP_S2UR) {
         sim_set_ugpr(x, dst, v);
         return;
      }
      sim_set_gpr(x, dst, lane, v);
   }
}

static void
exec_vote(struct sim_exec *x)
{
   unsigned mode = (unsigned)sim_field(x, JADE_ISA_F_MODE);
   uint32_t ballot = 0;
   sim_foreach_lane (x, lane)
      if (sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane))
         ballot |= 1u << lane;
   bool r = mode == JADE_ISA_V_MODE_ALL   ? ballot == x->mask
            : mode == JADE_ISA_V_MODE_ANY ? ballot != 0
                                          : (ballot == x->mask || ballot == 0);
   unsigned dst = (unsigned)sim_field(x, JADE_ISA_F_DST);
   unsigned pd = (unsigned)sim_field(x, JADE_ISA_F_PD);
   if (x->op == JADE_ISA_OP_VOTEU) {
      if (x->mask) {
         sim_set_ugpr(x, dst, ballot);
         sim_set_upred(x, pd, r);
      }
      return;
   }
   sim_foreach_lane (x, lane) {
      sim_set_gpr(x, dst, lane, ballot);
      sim_set_pred(x, pd, lane, r);
   }
}

static void
exec_shfl(struct sim_exec *x)
{
   unsigned mode = (unsigned)sim_field(x, JADE_ISA_F_MODE);
   unsigned src = (unsigned)sim_field(x, JADE_ISA_F_SRC);
   bool lane_reg = x->op == JADE_ISA_OP_SHFL || x->op == JADE_ISA_OP_SHFL_RR;
   bool mask_reg = x->op == JADE_ISA_OP_SHFL_RR || x->op == JADE_ISA_OP_SHFL_IR;
   uint32_t values[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      values[l] = x->w->r[src < JADE_HW_RZ ? src : 0][l] & (src < JADE_HW_RZ ? ~0u : 0);
   if (x->mask && src < JADE_HW_RZ)
      (void)sim_gpr(x, src, sim_first_lane(x)); /* note the read */
   uint32_t out[SIM_LANES];
   bool valid[SIM_LANES];
   sim_foreach_lane (x, lane) {
      uint32_t b = lane_reg ? sim_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_LANE), lane)
                            : (uint32_t)sim_field(x, JADE_ISA_F_LANE);
      uint32_t c = mask_reg ? sim_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_MASK), lane)
                            : (uint32_t)sim_field(x, JADE_ISA_F_MASK);
      /* PTX's shfl: c holds the clamp (bits 0..4) and segment mask (8..12). */
      int bval = b & 31, cval = c & 31, segmask = (c >> 8) & 31;
      int max_lane = ((int)lane & segmask) | (cval & ~segmask);
      int min_lane = (int)lane & segmask;
      int j;
      bool ok;
      switch (mode) {
      case JADE_ISA_V_MODE_IDX:
         j = min_lane | (bval & ~segmask);
         ok = j <= max_lane;
         break;
      case JADE_ISA_V_MODE_UP:
         j = (int)lane - bval;
         ok = j >= max_lane;
         break;
      case JADE_ISA_V_MODE_DOWN:
         j = (int)lane + bval;
         ok = j <= max_lane;
         break;
      default:
         j = (int)lane ^ bval;
         ok = j <= max_lane;
         break;
      }
      if (!ok)
         j = (int)lane;
      out[lane] = values[j & 31];
      valid[lane] = ok;
   }
   sim_foreach_lane (x, lane) {
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, out[lane]);
      sim_set_pred(x, (unsigned)sim_field(x, JADE_ISA_F_PD), lane, valid[lane]);
   }
}

/* MATCH compares a register, or with .U64 a register pair, across the
 * lanes issued together. */
static void
exec_match(struct sim_exec *x)
{
   bool any = sim_field(x, JADE_ISA_F_ANY);
   bool u64 = sim_field(x, JADE_ISA_F_U64);
   unsigned src = (unsigned)sim_field(x, JADE_ISA_F_SRC);
   uint64_t v[SIM_LANES] = {0};
   sim_foreach_lane (x, lane)
      v[lane] = u64 ? sim_gpr64(x, src, lane) : sim_gpr(x, src, lane);
   if (sim_stopped(x))
      return;
   bool all = true;
   sim_foreach_lane (x, lane)
      all = all && v[lane] == v[sim_first_lane(x)];
   sim_foreach_lane (x, lane) {
      uint32_t same = 0;
      sim_foreach_lane (x, other)
         if (v[other] == v[lane])
            same |= 1u << other;
      if (any) {
         sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, same);
      } else {
         sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, all ? x->mask : 0);
         sim_set_pred(x, (unsigned)sim_field(x, JADE_ISA_F_PD), lane, all);
      }
   }
}

bool
sim_exec_warp(struct sim_exec *x)
{
   switch (x->op) {
   case JADE_ISA_OP_S2R:
   case JADE_ISA_OP_CS2R:
   case JADE_ISA_OP_S2UR:
      exec_s2r(x);
      return true;
   case JADE_ISA_OP_VOTE:
   case JADE_ISA_OP_VOTEU:
      exec_vote(x);
      return true;
   case JADE_ISA_OP_SHFL:
   case JADE_ISA_OP_SHFL_II:
   case JADE_ISA_OP_SHFL_RR:
   case JADE_ISA_OP_SHFL_IR:
      exec_shfl(x);
      return true;
   case JADE_ISA_OP_MATCH:
      exec_match(x);
      return true;
   case JADE_ISA_OP_R2UR:
      /* The value of the first active lane (the source should be uniform). */
      if (x->mask)
         sim_set_ugpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST),
                      sim_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_SRC), sim_first_lane(x)));
      return true;
   default:
      return false;
   }
}
