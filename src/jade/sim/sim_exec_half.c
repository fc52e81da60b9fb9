/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Half-precision pairs: HADD2, HMUL2, HFMA2, HSETP2, HSET2 and their
 * immediate forms.
 *
 * Each 32-bit register holds two halves (H0 in bits 0..15, H1 above).  A
 * source's swizzle picks them: H1_H0 (each lane its own half), H0_H0,
 * H1_H1, or F32 (the register is a float, the same value in both lanes).
 * Modifiers (|x|, -x) apply per lane after the swizzle.
 *
 * Each lane's result is the exact value rounded once to the destination
 * (round to nearest even; halves have no rounding field): half, or with
 * .F32 a float holding lane 0's result.  The model computes in double
 * (products of halves or floats are exact there, sums are rounded to odd),
 * so HFMA2 is fused and an F32 source keeps its float precision; whether
 * the hardware rounds an F32 source to half first is not known.
 * .FTZ flushes subnormals of the operand's and the result's format, .FMZ
 * also makes 0 * anything = 0, .SAT clamps to [+0, 1] (NaN -> +0).  NaN
 * results are canonical: 0x7fff (0x7fffffff with .F32).
 *
 * HSETP2 and HSET2 compare each lane's halves (after swizzle, modifiers
 * and .FTZ's flush of subnormal inputs) as FSETP does: the unordered
 * conditions (.NAN, .LTU ... .GEU) hold when either half is NaN, the
 * ordered ones do not.  HSETP2 sets pd0 from the low halves and pd1 from
 * the high ones, each combined with p by the boolean op; with .H_AND pd0
 * gets (low && high) and pd1 its negation, then combined with p (NAK's
 * description of the bit; ptxas does not emit it).  HSET2 writes per half
 * 0xffff, or 1.0 with .BF, where the combined condition holds, else 0.
 */

#include <math.h>

#include "sim_fp.h"
#include "sim_private.h"

struct hsrc {
   uint32_t raw;
   unsigned swz; /* 0 H1_H0, 1 F32, 2 H0_H0, 3 H1_H1 */
   bool neg, abs;
};

static double
hlane(const struct hsrc *s, unsigned lane, bool ftz)
{
   double v;
   if (s->swz == 1) {
      v = (double)sim_f32(sim_flush32(s->raw, ftz));
   } else {
      bool hi = s->swz == 3 || (s->swz == 0 && lane);
      uint32_t h = hi ? s->raw >> 16 : s->raw & 0xffff;
      if (ftz)
         h = (uint32_t)sim_fp_flush(h, &sim_fp_f16);
      v = sim_f16_to_d(h);
   }
   if (s->abs)
      v = fabs(v);
   return s->neg ? -v : v;
}

/* Reads a register or constant source (immediates are built by the
 * callers). */
static struct hsrc
hsrc_alu(struct sim_exec *x, enum sim_src s, unsigned lane, enum jade_isa_field swz)
{
   struct hsrc r = {
      .swz = (unsigned)sim_field(x, swz),
      .neg = sim_src_neg(x, s),
      .abs = sim_src_abs(x, s),
   };
   if (sim_src_kind(x, s) == JADE_ISA_SRC_NONE)
      r.raw = sim_gpr(x, (unsigned)sim_field(x, sim_src_field(s)), lane);
   else
      r.raw = sim_src(x, s, lane);
   return r;
}

static struct hsrc
hsrc_imm(uint64_t hi, uint64_t lo)
{
   return (struct hsrc){.raw = (uint32_t)(hi << 16 | (lo & 0xffff))};
}

enum hop { HOP_ADD, HOP_MUL, HOP_FMA };

static double
hmul(double a, double b, bool fmz)
{
   if (fmz && (a == 0 || b == 0))
      return (signbit(a) != signbit(b)) ? -0.0 : 0.0;
   return a * b; /* exact */
}

static double
hadd(double a, double b)
{
   return sim_fp_add_rto(a, b, SIM_RND_RN);
}

static void
hexec_lane(struct sim_exec *x, enum hop op, const struct hsrc *s, unsigned lane)
{
   unsigned fmzf = (unsigned)sim_field(x, JADE_ISA_F_FMZ);
   bool ftz = sim_field(x, JADE_ISA_F_FTZ) || fmzf != JADE_ISA_V_FMZ_IEEE;
   bool fmz = fmzf == JADE_ISA_V_FMZ_FMZ;
   bool f32 = sim_field(x, JADE_ISA_F_F32), sat = sim_field(x, JADE_ISA_F_SAT);
   uint32_t out[2];
   for (unsigned h = 0; h < (f32 ? 1u : 2u); h++) {
      double a = hlane(&s[0], h, ftz), b = hlane(&s[1], h, ftz), v;
      switch (op) {
      case HOP_ADD:
         v = hadd(a, b);
         break;
      case HOP_MUL:
         v = hmul(a, b, fmz);
         break;
      default:
         v = hadd(hmul(a, b, fmz), hlane(&s[2], h, ftz));
         break;
      }
      out[h] = (uint32_t)sim_fp_result(v, SIM_RND_RN, ftz, sat, f32 ? &sim_fp_f32 : &sim_fp_f16);
   }
   uint32_t r = f32 ? out[0] : out[0] | out[1] << 16;
   sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, r);
}

static bool
exec_half(struct sim_exec *x, enum hop op)
{
   if (sim_field(x, JADE_ISA_F_FMZ) > JADE_ISA_V_FMZ_FMZ) {
      sim_unsupported(x, "FTZ and FMZ together");
      return true;
   }
   sim_foreach_lane (x, lane) {
      struct hsrc s[3] = {{0}}; /* s[2]: HFMA2 only */
      s[0] = hsrc_alu(x, SIM_SRC_A, lane, JADE_ISA_F_A_SWZ);
      switch (x->op) {
      case JADE_ISA_OP_HADD2_IMM:
      case JADE_ISA_OP_HMUL2_IMM:
      case JADE_ISA_OP_HFMA2_IMM:
         s[1] = hsrc_imm(sim_field(x, JADE_ISA_F_B_HI), sim_field(x, JADE_ISA_F_B_LO));
         break;
      default:
         s[1] = hsrc_alu(x, SIM_SRC_B, lane, JADE_ISA_F_B_SWZ);
         break;
      }
      if (op == HOP_FMA) {
         if (x->op == JADE_ISA_OP_HFMA2_IMMC)
            s[2] = hsrc_imm(sim_field(x, JADE_ISA_F_C_HI), sim_field(x, JADE_ISA_F_C_LO));
         else
            s[2] = hsrc_alu(x, SIM_SRC_C, lane, JADE_ISA_F_C_SWZ);
      }
      hexec_lane(x, op, s, lane);
   }
   return true;
}

static bool
exec_hset(struct sim_exec *x, bool to_pred)
{
   unsigned cmp = (unsigned)sim_field(x, JADE_ISA_F_CMP);
   unsigned bop = (unsigned)sim_field(x, JADE_ISA_F_BOP);
   bool ftz = sim_field(x, JADE_ISA_F_FTZ);
   bool imm = x->op == JADE_ISA_OP_HSETP2_IMM || x->op == JADE_ISA_OP_HSET2_IMM;
   if (!sim_bop_supported(x, bop))
      return true;
   sim_foreach_lane (x, lane) {
      struct hsrc a = hsrc_alu(x, SIM_SRC_A, lane, JADE_ISA_F_A_SWZ);
      struct hsrc b = imm ? hsrc_imm(sim_field(x, JADE_ISA_F_B_HI), sim_field(x, JADE_ISA_F_B_LO))
                          : hsrc_alu(x, SIM_SRC_B, lane, JADE_ISA_F_B_SWZ);
      bool c[2];
      for (unsigned h = 0; h < 2; h++)
         c[h] = sim_fp_compare(cmp, hlane(&a, h, ftz), hlane(&b, h, ftz));
      bool p = sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane);
      if (to_pred) {
         if (sim_field(x, JADE_ISA_F_H_AND)) {
            c[0] = c[0] && c[1];
            c[1] = !c[0];
         }
         sim_set_pred(x, (unsigned)sim_field(x, JADE_ISA_F_PD0), lane, sim_bop(bop, c[0], p));
         sim_set_pred(x, (unsigned)sim_field(x, JADE_ISA_F_PD1), lane, sim_bop(bop, c[1], p));
      } else {
         uint32_t one = sim_field(x, JADE_ISA_F_BF) ? 0x3c00u : 0xffffu, r = 0;
         for (unsigned h = 0; h < 2; h++)
            r |= (sim_bop(bop, c[h], p) ? one : 0) << (16 * h);
         sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, r);
      }
   }
   return true;
}

bool
sim_exec_half(struct sim_exec *x)
{
   switch (x->op) {
   case JADE_ISA_OP_HSETP2:
   case JADE_ISA_OP_HSETP2_IMM:
      return exec_hset(x, true);
   case JADE_ISA_OP_HSET2:
   case JADE_ISA_OP_HSET2_IMM:
      return exec_hset(x, false);
   case JADE_ISA_OP_HADD2:
   case JADE_ISA_OP_HADD2_IMM:
      return exec_half(x, HOP_ADD);
   case JADE_ISA_OP_HMUL2:
   case JADE_ISA_OP_HMUL2_IMM:
      return exec_half(x, HOP_MUL);
   case JADE_ISA_OP_HFMA2:
   case JADE_ISA_OP_HFMA2_IMM:
   case JADE_ISA_OP_HFMA2_IMMC:
      return exec_half(x, HOP_FMA);
   default:
      return false;
   }
}
