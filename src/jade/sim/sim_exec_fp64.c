/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * fp64 semantics: DADD, DMUL, DFMA, DSETP.
 *
 * Exact: IEEE results in the four rounding modes (the host's fenv with
 * its hardware or libm fma), subnormals kept (fp64 has no FTZ).
 * NaNs: an input NaN propagates, quieted (a, then b, then c); a NaN
 * created by the operation (inf - inf, 0 * inf) is 0x7fffffffffffffff,
 * the fp32 canonical pattern widened.  NVIDIA documents the canonical NaN
 * only for fp32 (and says fp64 neg/abs pass NaNs unchanged), so the fp64
 * NaN payloads are an assumption, not a measured fact.
 */

#include <fenv.h>
#include <math.h>

#include "sim_fp.h"
#include "sim_private.h"

static const int host_mode[4] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};

static uint64_t
dmod(uint64_t u, bool neg, bool abs)
{
   if (abs)
      u &= ~(1ull << 63);
   if (neg)
      u ^= 1ull << 63;
   return u;
}

static uint64_t
dsrc(struct sim_exec *x, enum sim_src s, unsigned lane)
{
   return dmod(sim_src64(x, s, lane), sim_src_neg(x, s), sim_src_abs(x, s));
}

static bool
disnan(uint64_t u)
{
   return (u & ~(1ull << 63)) > 0x7ff0000000000000ull;
}

/* The NaN of a result: the first NaN input quieted, else a new one. */
static uint64_t
dnan(const uint64_t *in, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if (disnan(in[i]))
         return in[i] | (1ull << 51);
   }
   return SIM_NAN64;
}

enum dop { DOP_ADD, DOP_MUL, DOP_FMA };

/* The operation under the instruction's rounding mode; volatile keeps the
 * arithmetic between the mode changes whatever the compiler flags. */
static uint64_t
darith(enum dop op, const uint64_t *in, unsigned rnd)
{
   volatile double a = sim_f64(in[0]), b = sim_f64(in[1]);
   volatile double c = op == DOP_FMA ? sim_f64(in[2]) : 0.0;
   volatile double r;
   int old = fegetround();
   fesetround(host_mode[rnd & 3]);
   switch (op) {
   case DOP_ADD:
      r = a + b;
      break;
   case DOP_MUL:
      r = a * b;
      break;
   default:
      r = fma(a, b, c);
      break;
   }
   fesetround(old);
   double v = r;
   return isnan(v) ? dnan(in, op == DOP_FMA ? 3 : 2) : sim_u64(v);
}

static bool
exec_darith(struct sim_exec *x, enum dop op)
{
   unsigned rnd = (unsigned)sim_field(x, JADE_ISA_F_RND);
   unsigned dst = (unsigned)sim_field(x, JADE_ISA_F_DST);
   sim_foreach_lane (x, lane) {
      uint64_t in[3];
      in[0] = dsrc(x, SIM_SRC_A, lane);
      /* DADD's second source is the c slot */
      in[1] = dsrc(x, op == DOP_ADD ? SIM_SRC_C : SIM_SRC_B, lane);
      if (op == DOP_FMA)
         in[2] = dsrc(x, SIM_SRC_C, lane);
      if (sim_stopped(x))
         return true;
      sim_set_gpr64(x, dst, lane, darith(op, in, rnd));
   }
   return true;
}

/* DSETP.MIN/.MAX (cmp 0 and 15) are how ptxas builds min.f64/max.f64:
 * the first predicate says "a is the result" (the non-NaN operand, and
 * -0 below +0), the second "both are NaN" (ptxas then returns b's bits
 * made quiet).  Evidence: the SEL/FSEL/LOP3 sequence ptxas emits after
 * them for min.f64 and max.f64. */
static void
dsetp_minmax(bool max, uint64_t ua, uint64_t ub, bool *pick_a, bool *both_nan)
{
   double a = sim_f64(ua), b = sim_f64(ub);
   *both_nan = isnan(a) && isnan(b);
   if (isnan(a) || isnan(b)) {
      *pick_a = isnan(b);
   } else if (a == b) {
      bool a_neg = ua >> 63, b_neg = ub >> 63;
      *pick_a = max ? !a_neg || b_neg : a_neg || !b_neg;
   } else {
      *pick_a = max ? a > b : a < b;
   }
}

/* The comparison as FSETP's (sim_fp_compare), or MIN/MAX (above). */
static bool
exec_dsetp(struct sim_exec *x)
{
   unsigned cmp = (unsigned)sim_field(x, JADE_ISA_F_CMP);
   unsigned bop = (unsigned)sim_field(x, JADE_ISA_F_BOP);
   if (!sim_bop_supported(x, bop))
      return true;
   sim_foreach_lane (x, lane) {
      uint64_t ua = dsrc(x, SIM_SRC_A, lane), ub = dsrc(x, SIM_SRC_B, lane);
      if (sim_stopped(x))
         return true;
      bool p = sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane);
      bool pd0, pd1;
      if (cmp == JADE_ISA_V_CMP_MIN || cmp == JADE_ISA_V_CMP_MAX) {
         bool pick_a;
         dsetp_minmax(cmp == JADE_ISA_V_CMP_MAX, ua, ub, &pick_a, &pd1);
         pd0 = sim_bop(bop, pick_a, p);
      } else {
         bool c = sim_fp_compare(cmp, sim_f64(ua), sim_f64(ub));
         pd0 = sim_bop(bop, c, p);
         pd1 = sim_bop(bop, !c, p);
      }
      sim_set_pred(x, (unsigned)sim_field(x, JADE_ISA_F_PD0), lane, pd0);
      sim_set_pred(x, (unsigned)sim_field(x, JADE_ISA_F_PD1), lane, pd1);
   }
   return true;
}

bool
sim_exec_fp64(struct sim_exec *x)
{
   switch (x->op) {
   case JADE_ISA_OP_DADD:
      return exec_darith(x, DOP_ADD);
   case JADE_ISA_OP_DMUL:
      return exec_darith(x, DOP_MUL);
   case JADE_ISA_OP_DFMA:
      return exec_darith(x, DOP_FMA);
   case JADE_ISA_OP_DSETP:
      return exec_dsetp(x);
   default:
      return false;
   }
}
