/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Integer, logic, move and predicate semantics, for the vector datapath
 * and its uniform twins (UIADD3 is IADD3 on uniform registers, ...).
 */

#include "sim_private.h"

/* A uniform op computes once, for the warp. */
static bool
is_uniform(const struct sim_exec *x)
{
   return jade_isa_op_info[x->op].uniform;
}

#define foreach_value_lane(x, lane)                                                                \
   for (unsigned lane = 0; lane < SIM_LANES; lane++)                                               \
      if (((x)->mask >> lane & 1) && (!is_uniform(x) || lane == sim_first_lane(x)))

static void
set_dst(struct sim_exec *x, unsigned lane, uint32_t v)
{
   unsigned reg = (unsigned)sim_field(x, JADE_ISA_F_DST);
   if (is_uniform(x))
      sim_set_ugpr(x, reg, v);
   else
      sim_set_gpr(x, reg, lane, v);
}

static void
set_dst64(struct sim_exec *x, unsigned lane, uint64_t v)
{
   unsigned reg = (unsigned)sim_field(x, JADE_ISA_F_DST);
   if (is_uniform(x))
      sim_set_ugpr64(x, reg, v);
   else
      sim_set_gpr64(x, reg, lane, v);
}

static void
set_pred_field(struct sim_exec *x, enum jade_isa_field f, unsigned lane, bool v)
{
   unsigned p = (unsigned)sim_field(x, f);
   if (is_uniform(x))
      sim_set_upred(x, p, v);
   else
      sim_set_pred(x, p, lane, v);
}

static uint32_t
lut3(uint8_t lut, uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 8; i++) {
      if (!(lut >> i & 1))
         continue;
      r |= (i & 4 ? a : ~a) & (i & 2 ? b : ~b) & (i & 1 ? c : ~c);
   }
   return r;
}

/* An addend of IADD3 or LEA, wide enough for the carries out: -v is
 * ~v + 1 (2^32 for v = 0); with .X, ~ is a bitwise not (the carry-in does
 * the +1). */
static uint64_t
addend(uint32_t v, bool neg, bool ext)
{
   if (!neg)
      return v;
   return ext ? (uint32_t)~v : (uint64_t)(uint32_t)~v + 1;
}

static void
exec_iadd3(struct sim_exec *x)
{
   bool ext = sim_field(x, JADE_ISA_F_X);
   foreach_value_lane (x, lane) {
      uint64_t t[3];
      for (unsigned s = 0; s < 3; s++)
         t[s] = addend(sim_src(x, s, lane), sim_src_neg(x, s), ext);
      uint64_t cin = 0;
      if (ext)
         cin = sim_pred_src(x, JADE_ISA_F_CIN0, JADE_ISA_F_CIN0_NOT, lane) +
               sim_pred_src(x, JADE_ISA_F_CIN1, JADE_ISA_F_CIN1_NOT, lane);
      /* The sum's 2-bit carry as a thermometer: pd0 = sum >= 2^32, pd1 =
       * sum >= 2^33 (Mesa NAK's IADD3/IADD3.X fold, which its hw_tests
       * check on sm_70+ hardware, both predicates).  Not the carries of
       * a + b and then + c: a .X consumer adds both, so only a lone use
       * of either predicate tells them apart. */
      uint64_t sum = t[0] + t[1] + t[2] + cin;
      set_dst(x, lane, (uint32_t)sum);
      set_pred_field(x, JADE_ISA_F_PD0, lane, sum >= 1ull << 32);
      set_pred_field(x, JADE_ISA_F_PD1, lane, sum >= 2ull << 32);
   }
}

static void
exec_lop3(struct sim_exec *x)
{
   uint8_t lut = (uint8_t)sim_field(x, JADE_ISA_F_LUT);
   foreach_value_lane (x, lane) {
      uint32_t r = lut3(lut, sim_src(x, SIM_SRC_A, lane), sim_src(x, SIM_SRC_B, lane),
                        sim_src(x, SIM_SRC_C, lane));
      set_dst(x, lane, r);
      bool p = sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane);
      /* The predicate output: result != 0, or'ed (anded with .PAND) with p. */
      bool pd = sim_field(x, JADE_ISA_F_PAND) ? (r != 0) && p : (r != 0) || p;
      set_pred_field(x, JADE_ISA_F_PD, lane, pd);
   }
}

/* ISETP's comparison. */
static bool
int_cmp(unsigned cmp, bool is_signed, uint32_t a, uint32_t b)
{
   bool lt = is_signed ? (int32_t)a < (int32_t)b : a < b;
   bool eq = a == b;
   switch (cmp) {
   case JADE_ISA_V_CMP_F:
      return false;
   case JADE_ISA_V_CMP_LT:
      return lt;
   case JADE_ISA_V_CMP_EQ:
      return eq;
   case JADE_ISA_V_CMP_LE:
      return lt || eq;
   case JADE_ISA_V_CMP_GT:
      return !lt && !eq;
   case JADE_ISA_V_CMP_NE:
      return !eq;
   case JADE_ISA_V_CMP_GE:
      return !lt;
   default: /* T */
      return true;
   }
}

static void
exec_isetp(struct sim_exec *x)
{
   unsigned cmp = (unsigned)sim_field(x, JADE_ISA_F_CMP);
   bool is_signed = sim_field(x, JADE_ISA_F_SIGNED);
   unsigned bop = (unsigned)sim_field(x, JADE_ISA_F_BOP);
   bool ex = sim_field(x, JADE_ISA_F_EX);
   foreach_value_lane (x, lane) {
      uint32_t a = sim_src(x, SIM_SRC_A, lane), b = sim_src(x, SIM_SRC_B, lane);
      bool r = int_cmp(cmp, is_signed, a, b);
      if (ex) {
         /* .EX: the high words of a 64-bit compare; plo holds the result
          * of the same (unsigned) compare of the low words. */
         bool lo = sim_pred_src(x, JADE_ISA_F_PLO, JADE_ISA_F_PLO_NOT, lane);
         if (a == b)
            r = (cmp == JADE_ISA_V_CMP_F || cmp == JADE_ISA_V_ISETP_CMP_T) ? r : lo;
      }
      bool p = sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane);
      set_pred_field(x, JADE_ISA_F_PD0, lane, sim_bop(bop, r, p));
      set_pred_field(x, JADE_ISA_F_PD1, lane, sim_bop(bop, !r, p));
   }
}

static int64_t
ext32(uint32_t v, bool is_signed)
{
   return is_signed ? (int64_t)(int32_t)v : (int64_t)v;
}

/* The low 32 bits of a product do not depend on signedness. */
static void
exec_imad(struct sim_exec *x)
{
   foreach_value_lane (x, lane) {
      uint32_t a = sim_src(x, SIM_SRC_A, lane), b = sim_src(x, SIM_SRC_B, lane);
      uint32_t c = sim_src(x, SIM_SRC_C, lane);
      if (sim_src_neg(x, SIM_SRC_A))
         a = -a;
      if (sim_src_neg(x, SIM_SRC_B))
         b = -b;
      /* IMAD.X adds a carry-in, and its ~c is a bitwise not. */
      uint32_t cin = 0;
      if (sim_field(x, JADE_ISA_F_X)) {
         if (sim_src_neg(x, SIM_SRC_C))
            c = ~c;
         cin = sim_pred_src(x, JADE_ISA_F__CIN, JADE_ISA_F__CIN_NOT, lane);
      } else if (sim_src_neg(x, SIM_SRC_C)) {
         c = -c;
      }
      set_dst(x, lane, a * b + c + cin);
   }
}

/* VABSDIFF (PTX sad): |a - b| + c, a and b compared signed unless .U32;
 * the sum wraps.  ptxas leaves pd PT; what the hardware writes there is
 * not known, so another pd is refused. */
static void
exec_vabsdiff(struct sim_exec *x)
{
   bool is_signed = sim_field(x, JADE_ISA_F_SIGNED);
   if (sim_field(x, JADE_ISA_F_PD) != JADE_HW_PT) {
      sim_unsupported(x, "VABSDIFF with a predicate destination");
      return;
   }
   foreach_value_lane (x, lane) {
      int64_t a = ext32(sim_src(x, SIM_SRC_A, lane), is_signed);
      int64_t b = ext32(sim_src(x, SIM_SRC_B, lane), is_signed);
      uint32_t c = sim_src(x, SIM_SRC_C, lane);
      uint32_t d = (uint32_t)(a > b ? a - b : b - a);
      set_dst(x, lane, d + c);
   }
}

static void
exec_imad_wide(struct sim_exec *x, bool hi)
{
   bool is_signed = sim_field(x, JADE_ISA_F_SIGNED);
   foreach_value_lane (x, lane) {
      /* The full product fits 64 bits: its bits do not depend on how
       * they are multiplied. */
      int64_t a = ext32(sim_src(x, SIM_SRC_A, lane), is_signed);
      int64_t b = ext32(sim_src(x, SIM_SRC_B, lane), is_signed);
      uint64_t prod = (uint64_t)a * (uint64_t)b;
      /* .X: a carry-in, and ~c is a bitwise not. */
      bool ext = sim_field(x, JADE_ISA_F_X), neg = sim_src_neg(x, SIM_SRC_C);
      uint64_t cin = ext ? sim_pred_src(x, JADE_ISA_F__CIN, JADE_ISA_F__CIN_NOT, lane) : 0;
      /* Both add a 64-bit c (a register pair); IMAD.HI keeps the high
       * word, so ptxas passes mad.hi's addend as the pair's high word. */
      uint64_t c = sim_src64(x, SIM_SRC_C, lane);
      if (neg)
         c = ext ? ~c : -c;
      unsigned __int128 sum = (unsigned __int128)prod + c + cin;
      if (hi)
         set_dst(x, lane, (uint32_t)((uint64_t)sum >> 32));
      else
         set_dst64(x, lane, (uint64_t)sum);
      /* The carry out of the 64-bit sum, for a following .X. */
      set_pred_field(x, JADE_ISA_F_PD, lane, (sum >> 64) != 0);
   }
}

static void
exec_lea(struct sim_exec *x)
{
   unsigned sh = (unsigned)sim_field(x, JADE_ISA_F_SHIFT);
   bool hi = sim_field(x, JADE_ISA_F_HI), ext = sim_field(x, JADE_ISA_F_X);
   foreach_value_lane (x, lane) {
      uint32_t a = sim_src(x, SIM_SRC_A, lane), b = sim_src(x, SIM_SRC_B, lane);
      uint32_t c = hi ? sim_src(x, SIM_SRC_C, lane) : 0;
      if (sim_src_neg(x, SIM_SRC_A))
         a = ext ? ~a : -a;
      uint64_t wide = (uint64_t)c << 32 | a;
      uint32_t shifted = hi ? (uint32_t)((wide << sh) >> 32) : a << sh;
      uint64_t sum = shifted + addend(b, sim_src_neg(x, SIM_SRC_B), ext);
      if (ext)
         sum += sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane);
      set_dst(x, lane, (uint32_t)sum);
      set_pred_field(x, JADE_ISA_F_PD, lane, (sum >> 32) != 0);
   }
}

static void
exec_shf(struct sim_exec *x)
{
   unsigned type = (unsigned)sim_field(x, JADE_ISA_F_TYPE);
   bool wrap = sim_field(x, JADE_ISA_F_W), right = sim_field(x, JADE_ISA_F_RIGHT);
   bool hi = sim_field(x, JADE_ISA_F_HI);
   bool is_signed = type == JADE_ISA_V_SHF_TYPE_S64 || type == JADE_ISA_V_SHF_TYPE_S32;
   unsigned bits = type == JADE_ISA_V_SHF_TYPE_S64 || type == JADE_ISA_V_SHF_TYPE_U64 ? 64 : 32;
   foreach_value_lane (x, lane) {
      uint32_t lo = sim_src(x, SIM_SRC_A, lane), s = sim_src(x, SIM_SRC_B, lane);
      uint32_t hiw = sim_src(x, SIM_SRC_C, lane);
      unsigned amount = wrap ? s & (bits - 1) : (s > bits ? bits : s);
      uint64_t v = (uint64_t)hiw << 32 | lo;
      uint64_t r;
      if (!right)
         r = amount >= 64 ? 0 : v << amount;
      else if (is_signed)
         r = amount >= 64 ? (uint64_t)((int64_t)v >> 63) : (uint64_t)((int64_t)v >> amount);
      else
         r = amount >= 64 ? 0 : v >> amount;
      set_dst(x, lane, hi ? (uint32_t)(r >> 32) : (uint32_t)r);
   }
}

static uint32_t
prmt(unsigned mode, uint32_t a, uint32_t sel, uint32_t c)
{
   uint64_t bytes = (uint64_t)c << 32 | a;
   uint32_t r = 0;
   if (mode == JADE_ISA_V_MODE_IDX) {
      for (unsigned i = 0; i < 4; i++) {
         unsigned s = sel >> (i * 4) & 0xf;
         uint32_t byte = bytes >> ((s & 7) * 8) & 0xff;
         if (s & 8)
            byte = byte & 0x80 ? 0xff : 0;
         r |= byte << (i * 8);
      }
      return r;
   }
   /* The PTX prmt modes, by the low two bits of the selector: nibble i
    * names the source byte of result byte i. */
   static const uint16_t modes[6][4] = {
      {0x3210, 0x4321, 0x5432, 0x6543}, /* f4e */
      {0x5670, 0x6701, 0x7012, 0x0123}, /* b4e */
      {0x0000, 0x1111, 0x2222, 0x3333}, /* rc8 */
      {0x3210, 0x3211, 0x3222, 0x3333}, /* ecl */
      {0x0000, 0x1110, 0x2210, 0x3210}, /* ecr */
      {0x1010, 0x3232, 0x1010, 0x3232}, /* rc16 */
   };
   if (mode > 6)
      return 0;
   uint16_t m = modes[mode - 1][sel & 3];
   for (unsigned i = 0; i < 4; i++)
      r |= (uint32_t)(bytes >> (((m >> (i * 4)) & 7) * 8) & 0xff) << (i * 8);
   return r;
}

static void
exec_prmt(struct sim_exec *x)
{
   unsigned mode =
      x->op == JADE_ISA_OP_UPRMT ? JADE_ISA_V_MODE_IDX : (unsigned)sim_field(x, JADE_ISA_F_MODE);
   foreach_value_lane (x, lane)
      set_dst(x, lane,
              prmt(mode, sim_src(x, SIM_SRC_A, lane), sim_src(x, SIM_SRC_B, lane),
                   sim_src(x, SIM_SRC_C, lane)));
}

static uint32_t
flo(uint32_t v, bool is_signed, bool sh)
{
   if (is_signed && (int32_t)v < 0)
      v = ~v;
   if (!v)
      return 0xffffffffu;
   unsigned pos = 31 - (unsigned)__builtin_clz(v);
   return sh ? 31 - pos : pos;
}

static uint32_t
brev(uint32_t v)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 32; i++)
      r |= (v >> i & 1) << (31 - i);
   return r;
}

static void
exec_unary(struct sim_exec *x, enum jade_isa_op op)
{
   foreach_value_lane (x, lane) {
      uint32_t b = sim_src(x, SIM_SRC_B, lane);
      if (sim_src_neg(x, SIM_SRC_B))
         b = ~b; /* the ~ of POPC/FLO */
      uint32_t r;
      switch (op) {
      case JADE_ISA_OP_POPC:
         r = (uint32_t)__builtin_popcount(b);
         break;
      case JADE_ISA_OP_FLO:
         r = flo(b, sim_field(x, JADE_ISA_F_SIGNED), sim_field(x, JADE_ISA_F_SH));
         set_pred_field(x, JADE_ISA_F_PD, lane, b == 0);
         break;
      case JADE_ISA_OP_BREV:
         r = brev(b);
         break;
      case JADE_ISA_OP_IABS:
         r = (int32_t)b < 0 ? -b : b;
         break;
      default:
         r = b;
         break; /* MOV, UMOV */
      }
      set_dst(x, lane, r);
   }
}

static void
exec_two(struct sim_exec *x, enum jade_isa_op op)
{
   bool is_signed = sim_field(x, JADE_ISA_F_SIGNED), wrap = sim_field(x, JADE_ISA_F_W);
   foreach_value_lane (x, lane) {
      uint32_t a = sim_src(x, SIM_SRC_A, lane), b = sim_src(x, SIM_SRC_B, lane), r;
      switch (op) {
      case JADE_ISA_OP_SEL:
         r = sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane) ? a : b;
         break;
      case JADE_ISA_OP_IMNMX: {
         bool min = sim_pred_src(x, JADE_ISA_F_P, JADE_ISA_F_P_NOT, lane);
         bool lt = is_signed ? (int32_t)a < (int32_t)b : a < b;
         r = (lt == min) ? a : b;
         break;
      }
      case JADE_ISA_OP_SGXT: {
         unsigned n = wrap ? b & 31 : (b > 32 ? 32 : b);
         if (n == 0)
            r = 0;
         else if (n == 32)
            r = a;
         else if (is_signed)
            r = (uint32_t)((int32_t)(a << (32 - n)) >> (32 - n));
         else
            r = a & ((1u << n) - 1);
         break;
      }
      case JADE_ISA_OP_BMSK: {
         unsigned pos = wrap ? a & 31 : (a > 32 ? 32 : a);
         unsigned n = wrap ? b & 31 : (b > 32 ? 32 : b);
         uint64_t m = ((1ull << n) - 1) << pos;
         r = (uint32_t)m;
         break;
      }
      case JADE_ISA_OP_P2R: {
         uint32_t preds = 0;
         for (unsigned p = 0; p < JADE_HW_PREDICATES; p++)
            preds |= (uint32_t)sim_pred(x, p, lane) << p;
         r = (a & ~b) | (preds & b);
         break;
      }
      default:
         r = 0;
         break;
      }
      set_dst(x, lane, r);
   }
}

static void
exec_r2p(struct sim_exec *x)
{
   foreach_value_lane (x, lane) {
      uint32_t a = sim_src(x, SIM_SRC_A, lane), b = sim_src(x, SIM_SRC_B, lane);
      for (unsigned p = 0; p < JADE_HW_PREDICATES; p++)
         if (b >> p & 1)
            sim_set_pred(x, p, lane, a >> p & 1);
   }
}

static void
exec_plop3(struct sim_exec *x)
{
   uint8_t lut = (uint8_t)sim_field(x, JADE_ISA_F_LUT);
   uint8_t lut2 = (uint8_t)sim_field(x, JADE_ISA_F_LUT2);
   foreach_value_lane (x, lane) {
      uint32_t a = sim_pred_src(x, JADE_ISA_F_A, JADE_ISA_F_A_NOT, lane);
      uint32_t b = sim_pred_src(x, JADE_ISA_F_B, JADE_ISA_F_B_NOT, lane);
      uint32_t c = sim_pred_src(x, JADE_ISA_F_C, JADE_ISA_F_C_NOT, lane);
      set_pred_field(x, JADE_ISA_F_PD0, lane, lut3(lut, a, b, c) & 1);
      set_pred_field(x, JADE_ISA_F_PD1, lane, lut3(lut2, a, b, c) & 1);
   }
}

bool
sim_exec_int(struct sim_exec *x)
{
   switch (x->op) {
   case JADE_ISA_OP_MOV:
   case JADE_ISA_OP_UMOV:
   case JADE_ISA_OP_IABS:
   case JADE_ISA_OP_POPC:
   case JADE_ISA_OP_UPOPC:
   case JADE_ISA_OP_FLO:
   case JADE_ISA_OP_UFLO:
   case JADE_ISA_OP_BREV:
   case JADE_ISA_OP_UBREV: {
      enum jade_isa_op op = x->op == JADE_ISA_OP_UMOV    ? JADE_ISA_OP_MOV
                            : x->op == JADE_ISA_OP_UPOPC ? JADE_ISA_OP_POPC
                            : x->op == JADE_ISA_OP_UFLO  ? JADE_ISA_OP_FLO
                            : x->op == JADE_ISA_OP_UBREV ? JADE_ISA_OP_BREV
                                                         : x->op;
      exec_unary(x, op);
      return true;
   }
   case JADE_ISA_OP_UMOV_I:
      foreach_value_lane (x, lane)
         set_dst(x, lane, (uint32_t)sim_field(x, JADE_ISA_F_IMM));
      return true;
   case JADE_ISA_OP_SEL:
   case JADE_ISA_OP_USEL:
      exec_two(x, JADE_ISA_OP_SEL);
      return true;
   case JADE_ISA_OP_IMNMX:
   case JADE_ISA_OP_SGXT:
   case JADE_ISA_OP_BMSK:
   case JADE_ISA_OP_P2R:
      exec_two(x, x->op);
      return true;
   case JADE_ISA_OP_R2P:
      exec_r2p(x);
      return true;
   case JADE_ISA_OP_IADD3:
   case JADE_ISA_OP_UIADD3:
      exec_iadd3(x);
      return true;
   case JADE_ISA_OP_LOP3:
   case JADE_ISA_OP_ULOP3:
      exec_lop3(x);
      return true;
   case JADE_ISA_OP_PLOP3:
      exec_plop3(x);
      return true;
   case JADE_ISA_OP_ISETP:
   case JADE_ISA_OP_UISETP:
      exec_isetp(x);
      return true;
   case JADE_ISA_OP_IMAD:
   case JADE_ISA_OP_UIMAD:
      exec_imad(x);
      return true;
   case JADE_ISA_OP_IMAD_WIDE:
      exec_imad_wide(x, false);
      return true;
   case JADE_ISA_OP_IMAD_HI:
      exec_imad_wide(x, true);
      return true;
   case JADE_ISA_OP_LEA:
   case JADE_ISA_OP_ULEA:
      exec_lea(x);
      return true;
   case JADE_ISA_OP_SHF:
   case JADE_ISA_OP_USHF:
      exec_shf(x);
      return true;
   case JADE_ISA_OP_PRMT:
   case JADE_ISA_OP_UPRMT:
      exec_prmt(x);
      return true;
   case JADE_ISA_OP_VABSDIFF:
      exec_vabsdiff(x);
      return true;
   default:
      return false;
   }
}
