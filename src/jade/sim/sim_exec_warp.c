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
   case 0x00:
      *v = lane;
      return true; /* LANEID */
   case 0x21:
   case 0x22:
   case 0x23:
      *v = w->tid[lane][sr - 0x21];
      return true;
   case 0x25:
   case 0x26:
   case 0x27:
      *v = x->cta->ctaid[sr - 0x25];
      return true;
   case 0x38:
      *v = 1u << lane;
      return true; /* EQMASK */
   case 0x39:
      *v = (1u << lane) - 1;
      return true; /* LTMASK */
   case 0x3a:
      *v = (uint32_t)((2ull << lane) - 1);
      return true; /* LEMASK */
   case 0x3b:
      *v = ~(uint32_t)((2ull << lane) - 1);
      return true; /* GTMASK */
   case 0x3c:
      *v = ~((1u << lane) - 1);
      return true; /* GEMASK */
   /* The clock counts issue cycles of this warp; there is one SM. */
   case 0x01:
   case 0x50:
   case 0x52:
      *v = (uint32_t)w->cycle;
      return true;
   case 0x51:
   case 0x53:
      *v = (uint32_t)(w->cycle >> 32);
      return true;
   case 0x43:
   case 0x44:
      *v = 0;
      return true; /* VIRTUALSMID/ENGINEID */
   /* The lowest stack address: -O0 code traps if R1 goes below it.  Local
    * memory starts at offset 0 of the local window. */
   case 0x37:
      *v = 0;
      return true; /* LMEMHIOFF */
   /* INVOCATION_ID, INVOCATION_INFO: a geometry launch's (NAK nak_private.h
    * NAK_SV_INVOCATION_ID, NAK_SV_INVOCATION_INFO). */
   case 0x11:
   case 0x1d:
      return sim_geometry_sreg(x, sr, lane, v);
   case 0xff:
      *v = 0;
      return true; /* SRZ */
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
