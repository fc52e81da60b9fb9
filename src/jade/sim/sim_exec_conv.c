/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Conversions: F2I, I2F, F2F, FRND, I2I and the 64-bit F2I/I2F/F2F/FRND
 * opcodes.
 *
 * Types (fields dt, st): floats 1 F16 (the low 16 bits of a register),
 * 2 F32, 3 F64 (a register pair); integers 0 U8, 1 U16, 2 U32, 3 U64,
 * 4 S8, 5 S16, 6 S32, 7 S64 (narrow sources are the low bits of a
 * register, sign- or zero-extended; narrow results are written extended
 * to 32 bits; F16 results leave the high half 0).
 *
 * Exact semantics (all results correctly rounded in the encoded mode):
 *  - F2I rounds to an integer (RN even, FLOOR, CEIL, TRUNC) and saturates
 *    to the destination's range, as CUDA documents ("clamp to the end of
 *    the supported range").  NaN gives 0 with .NTZ and in the 64-bit
 *    opcode (ptxas emits .NTZ for every 32-bit cvt.*i, none on the 64-bit
 *    opcode, and PTX's cvt turns NaN into 0).  Without .NTZ the 32-bit
 *    opcode is assumed to give the destination's minimum (0 unsigned,
 *    INT_MIN signed), as older GPUs did: unverified.
 *  - I2F rounds the integer once in the encoded mode.
 *  - F2F rounds in the encoded mode; .FTZ flushes subnormal F32 inputs and
 *    results (not halves, not doubles).  NaN results are canonical
 *    (0x7fff, 0x7fffffff, 0x7fffffffffffffff: the last an assumption).
 *  - FRND rounds to an integral float (sign of zero kept: FLOOR of -0.5 is
 *    -1, CEIL of -0.5 is -0); FRND.F64 the same in double (no flush, NaN
 *    canonical as in F2F).
 *  - An F16 source of the 64-bit F2F is the low half of its register, or
 *    the high half with .H1 (field b_h).
 *  - I2I (cvt.sat.{u8,s8,u16,s16}.s32) clamps the S32 source to the
 *    destination's range; the result is written as that value in 32 bits
 *    (sign-extended for S8/S16).  The high bits are an assumption: ptxas
 *    re-extends or masks every I2I result before using it.
 */

#include <math.h>

#include "sim_fp.h"
#include "sim_private.h"

static const struct sim_fp_fmt *
fmt_of(unsigned t)
{
   return t == JADE_ISA_V_DT_F16 ? &sim_fp_f16 : t == JADE_ISA_V_DT_F64 ? &sim_fp_f64 : &sim_fp_f32;
}

/* A float source of type st with its modifiers, as an exact double. */
static double
conv_fsrc(struct sim_exec *x, unsigned st, bool ftz, unsigned lane)
{
   double v;
   if (st == JADE_ISA_V_ST_F64) {
      v = sim_f64(sim_src64(x, SIM_SRC_B, lane));
   } else if (st == JADE_ISA_V_ST_F16) {
      uint32_t r = sim_src(x, SIM_SRC_B, lane);
      v = sim_f16_to_d((sim_field(x, JADE_ISA_F_B_H) == JADE_ISA_V_B_H_H1 ? r >> 16 : r) & 0xffff);
   } else {
      v = (double)sim_f32(sim_flush32(sim_src(x, SIM_SRC_B, lane), ftz));
   }
   if (sim_src_abs(x, SIM_SRC_B))
      v = fabs(v);
   return sim_src_neg(x, SIM_SRC_B) ? -v : v;
}

static void
conv_write(struct sim_exec *x, unsigned lane, uint64_t v, bool wide)
{
   unsigned dst = (unsigned)sim_field(x, JADE_ISA_F_DST);
   if (wide)
      sim_set_gpr64(x, dst, lane, v);
   else
      sim_set_gpr(x, dst, lane, (uint32_t)v);
}

static unsigned
int_bits(unsigned t)
{
   return 8u << (t & 3);
}

/* F2I: v (any double) to integer type dt, saturating. */
static uint64_t
f2i(double v, unsigned dt, unsigned rnd, bool nan_zero)
{
   unsigned w = int_bits(dt);
   bool sgn = dt & 4;
   if (isnan(v)) {
      if (nan_zero || !sgn)
         return 0;
      return (~0ull << (w - 1)) & (w == 64 ? ~0ull : 0xffffffffull);
   }
   double r = sim_fp_rint(v, rnd);
   if (sgn) {
      double lim = ldexp(1.0, (int)w - 1);
      int64_t i;
      if (r >= lim)
         i = (int64_t)((1ull << (w - 1)) - 1);
      else if (r < -lim)
         i = w == 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
      else
         i = (int64_t)r;
      return w == 64 ? (uint64_t)i : (uint64_t)(uint32_t)(int32_t)i;
   }
   if (!(r > 0))
      return 0;
   if (r >= ldexp(1.0, (int)w))
      return w == 64 ? ~0ull : (1ull << w) - 1;
   return (uint64_t)r;
}

static bool
exec_f2i(struct sim_exec *x, bool op64)
{
   unsigned dt = (unsigned)sim_field(x, JADE_ISA_F_DT);
   unsigned st = (unsigned)sim_field(x, JADE_ISA_F_ST);
   unsigned rnd = (unsigned)sim_field(x, JADE_ISA_F_RND);
   bool ftz = sim_field(x, JADE_ISA_F_FTZ);
   bool nan_zero = op64 || sim_field(x, JADE_ISA_F_NTZ);
   if (st == JADE_ISA_V_ST_U8 || (!op64 && (st == JADE_ISA_V_ST_F64 || (dt & 3) == 3))) {
      sim_unsupported(x, "F2I type");
      return true;
   }
   sim_foreach_lane (x, lane) {
      double v = conv_fsrc(x, st, ftz, lane);
      if (sim_stopped(x))
         return true;
      conv_write(x, lane, f2i(v, dt, rnd, nan_zero), (dt & 3) == 3);
   }
   return true;
}

/* I2F: the integer source of type st, as sign and magnitude. */
static void
i2f_src(struct sim_exec *x, unsigned st, unsigned lane, bool *neg, uint64_t *mag)
{
   unsigned w = int_bits(st);
   uint64_t v = w == 64 ? sim_src64(x, SIM_SRC_B, lane) : sim_src(x, SIM_SRC_B, lane);
   if (w < 64)
      v &= (1ull << w) - 1;
   *neg = (st & 4) && (v >> (w - 1) & 1);
   if (*neg)
      v = (w == 64 ? 0 : 1ull << w) - v; /* two's complement magnitude */
   *mag = v;
}

static bool
exec_i2f(struct sim_exec *x)
{
   unsigned dt = (unsigned)sim_field(x, JADE_ISA_F_DT);
   unsigned st = (unsigned)sim_field(x, JADE_ISA_F_ST);
   unsigned rnd = (unsigned)sim_field(x, JADE_ISA_F_RND);
   if (dt == JADE_ISA_V_DT_U8 ||
       (x->op == JADE_ISA_OP_I2F && (dt == JADE_ISA_V_DT_F64 || (st & 3) == 3))) {
      sim_unsupported(x, "I2F type");
      return true;
   }
   sim_foreach_lane (x, lane) {
      bool neg;
      uint64_t mag;
      i2f_src(x, st, lane, &neg, &mag);
      if (sim_stopped(x))
         return true;
      conv_write(x, lane, sim_fp_round_int(neg, mag, 0, rnd, fmt_of(dt)), dt == JADE_ISA_V_DT_F64);
   }
   return true;
}

static bool
exec_f2f(struct sim_exec *x)
{
   unsigned dt = (unsigned)sim_field(x, JADE_ISA_F_DT);
   unsigned st = (unsigned)sim_field(x, JADE_ISA_F_ST);
   unsigned rnd = (unsigned)sim_field(x, JADE_ISA_F_RND);
   bool ftz = sim_field(x, JADE_ISA_F_FTZ);
   if (dt == JADE_ISA_V_DT_U8 || st == JADE_ISA_V_ST_U8) {
      sim_unsupported(x, "F2F type");
      return true;
   }
   sim_foreach_lane (x, lane) {
      double v = conv_fsrc(x, st, ftz && st == JADE_ISA_V_ST_F32, lane);
      if (sim_stopped(x))
         return true;
      conv_write(x, lane, sim_fp_result(v, rnd, ftz && dt == JADE_ISA_V_DT_F32, false, fmt_of(dt)),
                 dt == JADE_ISA_V_DT_F64);
   }
   return true;
}

static bool
exec_i2i(struct sim_exec *x)
{
   static const int32_t lo[4] = {0, -128, 0, -32768};
   static const int32_t hi[4] = {255, 127, 65535, 32767};
   unsigned dt = (unsigned)sim_field(x, JADE_ISA_F_DT); /* U8 S8 U16 S16 */
   sim_foreach_lane (x, lane) {
      int32_t v = (int32_t)sim_src(x, SIM_SRC_B, lane);
      v = v < lo[dt] ? lo[dt] : v > hi[dt] ? hi[dt] : v;
      conv_write(x, lane, (uint32_t)v, false);
   }
   return true;
}

/* FRND (t F32) and FRND.F64 (t F64): an integral value is exact in its
 * format. */
static bool
exec_frnd(struct sim_exec *x, unsigned t)
{
   unsigned rnd = (unsigned)sim_field(x, JADE_ISA_F_RND);
   bool ftz = sim_field(x, JADE_ISA_F_FTZ);
   sim_foreach_lane (x, lane) {
      double v = conv_fsrc(x, t, ftz, lane);
      if (sim_stopped(x))
         return true;
      conv_write(x, lane, sim_fp_round(sim_fp_rint(v, rnd), SIM_RND_RN, fmt_of(t)),
                 t == JADE_ISA_V_ST_F64);
   }
   return true;
}

bool
sim_exec_conv(struct sim_exec *x)
{
   switch (x->op) {
   case JADE_ISA_OP_F2I:
      return exec_f2i(x, false);
   case JADE_ISA_OP_F2I_64:
      return exec_f2i(x, true);
   case JADE_ISA_OP_I2F:
   case JADE_ISA_OP_I2F_64:
      return exec_i2f(x);
   case JADE_ISA_OP_F2F:
   case JADE_ISA_OP_F2F_64:
      return exec_f2f(x);
   case JADE_ISA_OP_FRND:
      return exec_frnd(x, JADE_ISA_V_ST_F32);
   case JADE_ISA_OP_FRND_64:
      return exec_frnd(x, JADE_ISA_V_ST_F64);
   case JADE_ISA_OP_I2I:
      return exec_i2i(x);
   default:
      return false;
   }
}
