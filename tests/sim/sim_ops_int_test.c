/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The integer, logic, predicate, uniform-datapath and warp semantics of
 * the functional model (sim_exec_int.c, sim_exec_warp.c) against
 * references written here from the PTX ISA's definitions of the
 * instructions ptxas lowers to them.  Each case is an instruction in
 * nvdisasm's syntax, assembled by jade_isa_parse, so encoding and decoding
 * are the real ones; the reference takes modifiers and operands from the
 * text, never from the decoded fields.  32 lanes of seeded random operands
 * per round, with full and partial active masks; the whole register,
 * predicate and uniform state is compared, so a write to anything else
 * (or by an inactive lane) is a mismatch too.  Exit status 1 on any
 * mismatch.
 *
 * Where the SASS semantics come from (ptxas 11.8 -arch=sm_75 output read
 * with jade-disasm; Mesa NAK's constant folding, which NAK's hw_tests
 * check against real sm_70+ hardware, all destinations included):
 *
 * - IADD3: the 2-bit carry of the 34-bit sum is written as a thermometer:
 *   pd0 = sum >= 2^32, pd1 = sum >= 2^33 (NAK OpIAdd3/OpIAdd3X fold,
 *   hardware-tested with both overflow predicates).  -x adds ~x + 1 as a
 *   33-bit value (so -0 carries); .X's ~x is a bitwise not and both
 *   carry-ins are added.  ptxas only ever consumes the pair together
 *   (IADD3.X ..., P0, P1), which cannot tell orders apart.
 * - ISETP.EX: a == b gives the low-word predicate (ptxas chains 64-bit
 *   compares as ISETP.GE.U32 lo then ISETP.GE.AND.EX hi, P0; NAK's fold).
 *   The second destination is the complemented compare combined with p
 *   (as the float test assumes for FSETP).  .F/.T with .EX are not tested.
 * - mad.hi.u32 d,a,b,c becomes IMAD.HI.U32 d, a, b, R4 with R4 = RZ and
 *   R5 = c: the addend is a 64-bit pair and the high word of a*b + c64 is
 *   kept.  IMAD.WIDE adds the 64-bit pair likewise; mul.hi.u64 becomes
 *   IMAD.WIDE.U32 R8, P0, a, b, R6 whose P0 ptxas uses as bit 64 of the
 *   sum (IADD3.X R11, RZ, RZ, RZ, P0), then IMAD.WIDE.U32.X ..., P0: the
 *   carry-out of the 64-bit add, and .X adds a carry-in.
 * - SHF: NAK's fold (hardware-tested for every type, .W and .HI, shifts
 *   0..63): a 64-bit c:a shifted by min(b, bits) or b & (bits - 1), bits
 *   = 32 for .S32/.U32; .HI keeps the high word.  shf.l.clamp.b32 is
 *   SHF.L.U32.HI d, a, b(shift), c(high) and shf.r.wrap is SHF.R.W.U32.
 * - prmt.b32{.mode} d,a,b,c becomes PRMT{.MODE} d, a, c, b (selector in
 *   the middle slot); PTX's mode tables below.
 * - bfind{.shiftamt}.{u32,s32} becomes FLO{.U32}{.SH}; szext.{clamp,wrap}
 *   SGXT{.W}{.U32}; bmsk.{clamp,wrap} BMSK{.W}; min/max IMNMX with PT/!PT.
 * - LOP3.LUT P0, RZ, R6, 0x4, RZ, 0xc0, !PT is ptxas's bit test: with p =
 *   !PT and no .PAND, pd = result != 0.  Other p and .PAND: not tested.
 * - shfl.sync.idx d|p, a, b, c becomes SHFL.IDX P, d, a, b, c; vote.ballot
 *   VOTE.ANY R, PT, P.  VOTE's register result is tested only for .ANY.
 * - P2R with a = RZ and a mask within P0..P6 packs the predicates; R2P
 *   writes P0..P6 from the bits the mask selects (ptxas's predicate
 *   spills).  P2R's merge with a non-zero a, and bit 7, are not tested.
 * - sad.{u32,s32} d,a,b,c becomes VABSDIFF{.U32} d, a, b, c (pd left PT);
 *   match.{any,all}.sync.b64 MATCH.{ANY,ALL}.U64 on a register pair.
 * - Not tested (no evidence): FLO's predicate, VABSDIFF's predicate, IMAD.HI's and signed
 *   IMAD.WIDE's carry-out, LEA's carry-out with -a.
 */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_ops_harness.h"

/* --- random operands ------------------------------------------------------ */

static uint32_t
rand_int(void)
{
   static const uint32_t sp[] = {0,    1,          0xffffffff, 0x7fffffff, 0x80000000,
                                 2,    0xfffffffe, 0x80000001, 0xff,       0x80,
                                 0x7f, 0xffff,     0x8000,     0xffffff80};
   uint64_t r = rnd64();
   switch (r % 6) {
   case 0:
      return sp[(r >> 8) % (sizeof(sp) / 4)];
   case 1:
      return (uint32_t)((r >> 8) % 71); /* shift counts */
   case 2:
      return (uint32_t)((int)((r >> 8) % 201) - 100);
   default:
      return (uint32_t)(r >> 24);
   }
}

/* --- the machine ---------------------------------------------------------- */

#define NREG 24 /* registers and uniform registers the cases use */

/* The state a case may change; B is the state before the instruction. */
struct state {
   uint32_t r[NREG][SIM_LANES];
   uint32_t p[8];
   uint32_t ur[NREG];
   uint8_t up;
};
static struct state B;

static void
fill(unsigned round)
{
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      for (unsigned r = 0; r < NREG; r++)
         warp.r[r][lane] = rand_int();
      /* equal operands: x == y compares, x - x */
      if (rnd64() % 4 == 0)
         warp.r[2][lane] = warp.r[1][lane];
      if (rnd64() % 4 == 0)
         warp.r[5][lane] = warp.r[3][lane];
      warp.r[10][lane] = (uint32_t)(rnd64() % 71);
      warp.r[11][lane] = rnd64() % 4 ? (uint32_t)(rnd64() % 71) : (uint32_t)rnd64();
      /* shuffle lanes (some out of range) and clamp/segment words */
      warp.r[12][lane] = (uint32_t)(rnd64() % 40);
      static const uint32_t segs[] = {0x1f, 0x101f, 0x181f, 0x0, 0x1000, 0x1800, 0x1e1f};
      warp.r[13][lane] = rnd64() % 4 ? segs[rnd64() % 7] : (uint32_t)rnd64() & 0x1fff;
      /* match values: few distinct, or all the same */
      warp.r[9][lane] = round % 4 == 0 ? 0x1234 : (uint32_t)(rnd64() % 3);
   }
   /* 64-bit match values R14:R15: few distinct pairs, some equal only in
    * the low or only in the high word */
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      warp.r[14][lane] = warp.r[9][lane];
      warp.r[15][lane] = warp.r[9][(lane + 7) % SIM_LANES] << 16;
   }
   for (unsigned r = 0; r < NREG; r++)
      warp.ur[r] = rand_int();
   if (rnd64() % 4 == 0)
      warp.ur[2] = warp.ur[1];
   warp.ur[10] = (uint32_t)(rnd64() % 71);
   for (unsigned p = 0; p < 7; p++)
      warp.p[p] = (uint32_t)rnd64();
   /* all-true and all-false votes */
   warp.p[5] = round % 4 == 1 ? ~0u : round % 4 == 2 ? 0 : warp.p[5];
   warp.p[7] = ~0u;
   warp.up = (uint8_t)(rnd64() | 0x80);
   uint32_t c = rand_int();
   memcpy(cbank + 0x10, &c, 4);
   c = rand_int();
   memcpy(cbank + 0x14, &c, 4);
}

static void
save(struct state *s)
{
   for (unsigned r = 0; r < NREG; r++)
      memcpy(s->r[r], warp.r[r], sizeof(s->r[r]));
   memcpy(s->p, warp.p, sizeof(s->p));
   memcpy(s->ur, warp.ur, sizeof(s->ur));
   s->up = warp.up;
}

/* --- the operands as the text writes them --------------------------------- */

struct opnd {
   enum { O_R, O_UR, O_P, O_UP, O_IMM, O_CBUF, O_PR } kind;
   unsigned reg; /* 255 RZ, 63 URZ, 7 PT/UPT */
   bool neg, bnot, not_;
   uint32_t imm;
   unsigned cb_off;
};

struct insn {
   char op[12];
   char mods[8][8];
   unsigned nmods;
   struct opnd o[8];
   unsigned n;
};

static bool
has(const struct insn *d, const char *m)
{
   for (unsigned i = 0; i < d->nmods; i++)
      if (!strcmp(d->mods[i], m))
         return true;
   return false;
}

static void
parse_text(const char *text, struct insn *d)
{
   memset(d, 0, sizeof(*d));
   char buf[200];
   snprintf(buf, sizeof(buf), "%s", text);
   char *sp = strchr(buf, ' ');
   *sp = 0;
   char *dot = strchr(buf, '.');
   snprintf(d->op, sizeof(d->op), "%.*s", (int)(dot ? dot - buf : (long)strlen(buf)), buf);
   for (char *m = dot; m; m = strchr(m + 1, '.'))
      snprintf(d->mods[d->nmods++], 8, "%.*s", (int)strcspn(m + 1, "."), m + 1);
   char *rest = sp + 1, *semi = strrchr(rest, ';');
   if (semi)
      *semi = 0;
   for (char *t = strtok(rest, ","); t; t = strtok(NULL, ",")) {
      struct opnd *o = &d->o[d->n++];
      while (*t == ' ')
         t++;
      if (*t == '-') {
         o->neg = true;
         t++;
      }
      if (*t == '~') {
         o->bnot = true;
         t++;
      }
      if (*t == '!') {
         o->not_ = true;
         t++;
      }
      if (!strncmp(t, "URZ", 3)) {
         o->kind = O_UR;
         o->reg = JADE_HW_URZ;
      } else if (!strncmp(t, "UR", 2)) {
         o->kind = O_UR;
         o->reg = (unsigned)atoi(t + 2);
      } else if (!strncmp(t, "RZ", 2)) {
         o->kind = O_R;
         o->reg = JADE_HW_RZ;
      } else if (!strncmp(t, "PR", 2)) {
         o->kind = O_PR;
      } else if (t[0] == 'R') {
         o->kind = O_R;
         o->reg = (unsigned)atoi(t + 1);
      } else if (!strncmp(t, "UPT", 3)) {
         o->kind = O_UP;
         o->reg = 7;
      } else if (!strncmp(t, "UP", 2)) {
         o->kind = O_UP;
         o->reg = (unsigned)atoi(t + 2);
      } else if (!strncmp(t, "PT", 2)) {
         o->kind = O_P;
         o->reg = 7;
      } else if (t[0] == 'P') {
         o->kind = O_P;
         o->reg = (unsigned)atoi(t + 1);
      } else if (t[0] == 'c') {
         o->kind = O_CBUF;
         o->cb_off = (unsigned)strtoul(strstr(t, "][") + 2, NULL, 16);
      } else {
         o->kind = O_IMM;
         o->imm = (uint32_t)strtoul(t, NULL, 0);
         if (o->neg)
            o->imm = -o->imm;
         o->neg = false;
      }
   }
}

static bool
is_pred(const struct opnd *o)
{
   return o->kind == O_P || o->kind == O_UP;
}

/* Raw 32 bits of a source as it was before the instruction. */
static uint32_t
raw(const struct opnd *o, unsigned lane)
{
   switch (o->kind) {
   case O_R:
      return o->reg == JADE_HW_RZ ? 0 : B.r[o->reg][lane];
   case O_UR:
      return o->reg == JADE_HW_URZ ? 0 : B.ur[o->reg];
   case O_IMM:
      return o->imm;
   case O_CBUF: {
      uint32_t v;
      memcpy(&v, cbank + o->cb_off, 4);
      return v;
   }
   default:
      abort();
   }
}

static uint64_t
raw64(const struct opnd *o, unsigned lane)
{
   if (o->kind == O_CBUF) {
      uint64_t v;
      memcpy(&v, cbank + o->cb_off, 8);
      return v;
   }
   if ((o->kind == O_R && o->reg == JADE_HW_RZ) || (o->kind == O_UR && o->reg == JADE_HW_URZ))
      return 0;
   struct opnd hi = *o;
   hi.reg++;
   return raw(o, lane) | (uint64_t)raw(&hi, lane) << 32;
}

static bool
pv(const struct opnd *o, unsigned lane)
{
   bool v = o->reg == 7 ? true : o->kind == O_UP ? (B.up >> o->reg) & 1 : (B.p[o->reg] >> lane) & 1;
   return v != o->not_;
}

static void
set_r(struct state *e, const struct opnd *o, unsigned lane, uint32_t v)
{
   if (o->kind == O_UR) {
      if (o->reg != JADE_HW_URZ)
         e->ur[o->reg] = v;
   } else if (o->reg != JADE_HW_RZ) {
      e->r[o->reg][lane] = v;
   }
}

static void
set_r64(struct state *e, const struct opnd *o, unsigned lane, uint64_t v)
{
   struct opnd hi = *o;
   hi.reg++;
   if (o->reg == JADE_HW_RZ || o->reg == JADE_HW_URZ)
      return;
   set_r(e, o, lane, (uint32_t)v);
   set_r(e, &hi, lane, (uint32_t)(v >> 32));
}

static void
set_p(struct state *e, const struct opnd *o, unsigned lane, bool v)
{
   if (o->reg == 7)
      return;
   if (o->kind == O_UP)
      e->up = (uint8_t)((e->up & ~(1u << o->reg)) | (unsigned)v << o->reg);
   else
      e->p[o->reg] = (e->p[o->reg] & ~(1u << lane)) | (uint32_t)v << lane;
}

/* --- references ----------------------------------------------------------- */

static uint32_t
lut_ref(unsigned lut, uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 32; i++) {
      unsigned idx = (a >> i & 1) << 2 | (b >> i & 1) << 1 | (c >> i & 1);
      r |= (uint32_t)(lut >> idx & 1) << i;
   }
   return r;
}

/* setp's compare: cmp names in the mods. */
static bool
icmp_ref(const struct insn *d, uint32_t a, uint32_t b)
{
   bool u = has(d, "U32");
   int64_t x = u ? (int64_t)a : (int64_t)(int32_t)a;
   int64_t y = u ? (int64_t)b : (int64_t)(int32_t)b;
   if (has(d, "LT"))
      return x < y;
   if (has(d, "EQ"))
      return x == y;
   if (has(d, "LE"))
      return x <= y;
   if (has(d, "GT"))
      return x > y;
   if (has(d, "NE"))
      return x != y;
   if (has(d, "GE"))
      return x >= y;
   if (has(d, "T"))
      return true;
   if (has(d, "F"))
      return false;
   abort();
}

static bool
bop_ref(const struct insn *d, bool a, bool b)
{
   if (has(d, "OR"))
      return a || b;
   if (has(d, "XOR"))
      return a != b;
   return a && b;
}

/* PTX prmt: result byte i takes source byte tab[sel & 3][i] of {c, a}. */
static uint32_t
prmt_ref(const struct insn *d, uint32_t a, uint32_t sel, uint32_t c)
{
   static const struct {
      const char *name;
      uint8_t tab[4][4];
   } modes[] = {
      {"F4E", {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}}},
      {"B4E", {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}}},
      {"RC8", {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}},
      {"ECL", {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}}},
      {"ECR", {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}}},
      {"RC16", {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}},
   };
   uint8_t src[8];
   for (unsigned i = 0; i < 4; i++) {
      src[i] = (uint8_t)(a >> (8 * i));
      src[4 + i] = (uint8_t)(c >> (8 * i));
   }
   uint32_t r = 0;
   for (unsigned m = 0; m < 6; m++) {
      if (!has(d, modes[m].name))
         continue;
      for (unsigned i = 0; i < 4; i++)
         r |= (uint32_t)src[modes[m].tab[sel & 3][i]] << (8 * i);
      return r;
   }
   for (unsigned i = 0; i < 4; i++) {
      unsigned n = sel >> (4 * i) & 0xf;
      uint8_t byte = src[n & 7];
      if (n & 8)
         byte = byte & 0x80 ? 0xff : 0;
      r |= (uint32_t)byte << (8 * i);
   }
   return r;
}

static uint32_t
bfind_ref(uint32_t v, bool is_signed, bool shiftamt)
{
   if (is_signed && (v >> 31))
      v = ~v;
   for (int i = 31; i >= 0; i--)
      if (v >> i & 1)
         return shiftamt ? (uint32_t)(31 - i) : (uint32_t)i;
   return 0xffffffff;
}

/* PTX szext, as its pseudo-code says. */
static uint32_t
szext_ref(bool clamp, bool is_signed, uint32_t a, uint32_t b)
{
   uint32_t b1 = b & 0x1f;
   bool too_large = b >= 32 && clamp;
   uint32_t mask = too_large ? 0 : ~0u << b1;
   uint32_t sign_pos = (b1 - 1) & 0x1f;
   bool sign = !(b1 == 0 || too_large || !is_signed) && (a >> sign_pos & 1);
   return (a & ~mask) | (sign ? mask : 0);
}

/* PTX bmsk, as its pseudo-code says (shifts of 32 give 0). */
static uint32_t
bmsk_ref(bool clamp, uint32_t a, uint32_t b)
{
   uint32_t a1 = a & 0x1f, b1 = b & 0x1f, sum = a1 + b1;
   uint32_t mask0 = ~0u << a1;
   uint32_t mask1 = sum >= 32 ? 0 : ~0u << sum;
   bool ovf = sum >= 32;
   if (clamp) {
      if (a >= 32) {
         ovf = true;
         mask0 = 0;
      }
      if (b >= 32)
         ovf = true;
   }
   if (ovf)
      mask1 = 0;
   else if (b1 == 0)
      mask1 = ~0u;
   return mask0 & ~mask1;
}

static uint32_t
brev_ref(uint32_t v)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 32; i++)
      if (v & (1u << i))
         r |= 0x80000000u >> i;
   return r;
}

static unsigned
popc_ref(uint32_t v)
{
   unsigned n = 0;
   for (; v; v &= v - 1)
      n++;
   return n;
}

/* An ALU op of one lane (or, uniform, of the warp: lane is then unused).
 * d->op has the U of uniform twins stripped. */
static void
ref_alu(const struct insn *d, const char *op, unsigned lane, struct state *e)
{
   const struct opnd *o = d->o;
   if (!strcmp(op, "IADD3")) {
      /* dst[, pd0, pd1], a, b, c[, cin0, cin1] */
      static const struct opnd pt = {.kind = O_P, .reg = 7};
      bool x = has(d, "X");
      unsigned k = is_pred(&o[1]) ? 3 : 1;
      const struct opnd *pd0 = k == 3 ? &o[1] : &pt, *pd1 = k == 3 ? &o[2] : &pt;
      uint64_t sum = 0;
      for (unsigned s = k; s < k + 3; s++) {
         uint32_t v = raw(&o[s], lane);
         if (o[s].bnot)
            sum += (uint32_t)~v;
         else if (o[s].neg)
            sum += (uint64_t)(uint32_t)~v + 1;
         else
            sum += v;
      }
      if (x)
         sum += pv(&o[k + 3], lane) + pv(&o[k + 4], lane);
      set_r(e, &o[0], lane, (uint32_t)sum);
      set_p(e, pd0, lane, sum >= 1ull << 32);
      set_p(e, pd1, lane, sum >= 2ull << 32);
   } else if (!strcmp(op, "LOP3")) {
      unsigned k = is_pred(&o[0]) ? 1 : 0;
      uint32_t r =
         lut_ref(o[k + 4].imm, raw(&o[k + 1], lane), raw(&o[k + 2], lane), raw(&o[k + 3], lane));
      set_r(e, &o[k], lane, r);
      if (k) {
         if (has(d, "PAND") || pv(&o[k + 5], lane))
            abort(); /* not tested: see the top */
         set_p(e, &o[0], lane, r != 0);
      }
   } else if (!strcmp(op, "PLOP3")) {
      uint32_t a = pv(&o[2], lane), b = pv(&o[3], lane), c = pv(&o[4], lane);
      set_p(e, &o[0], lane, lut_ref(o[5].imm, a, b, c) & 1);
      set_p(e, &o[1], lane, lut_ref(o[6].imm, a, b, c) & 1);
   } else if (!strcmp(op, "ISETP")) {
      uint32_t a = raw(&o[2], lane), b = raw(&o[3], lane);
      bool r = icmp_ref(d, a, b);
      if (has(d, "EX") && a == b)
         r = pv(&o[5], lane);
      bool p = pv(&o[4], lane);
      set_p(e, &o[0], lane, bop_ref(d, r, p));
      set_p(e, &o[1], lane, bop_ref(d, !r, p));
   } else if (!strcmp(op, "IMNMX")) {
      uint32_t a = raw(&o[1], lane), b = raw(&o[2], lane);
      bool lt = has(d, "U32") ? a < b : (int32_t)a < (int32_t)b;
      bool min = pv(&o[3], lane);
      set_r(e, &o[0], lane, min ? (lt ? a : b) : (lt ? b : a));
   } else if (!strcmp(op, "IMAD") && (has(d, "WIDE") || has(d, "HI"))) {
      bool u = has(d, "U32"), x = has(d, "X");
      unsigned k = is_pred(&o[1]) ? 2 : 1;
      uint32_t a = raw(&o[k], lane), b = raw(&o[k + 1], lane);
      uint64_t prod = u ? (uint64_t)a * b : (uint64_t)((int64_t)(int32_t)a * (int32_t)b);
      uint64_t c = raw64(&o[k + 2], lane);
      if (o[k + 2].bnot)
         c = ~c;
      unsigned __int128 sum = (unsigned __int128)prod + c;
      if (x)
         sum += pv(&o[k + 3], lane);
      if (has(d, "HI"))
         set_r(e, &o[0], lane, (uint32_t)((uint64_t)sum >> 32));
      else
         set_r64(e, &o[0], lane, (uint64_t)sum);
      if (k == 2)
         set_p(e, &o[1], lane, (sum >> 64) != 0);
   } else if (!strcmp(op, "IMAD")) {
      uint32_t a = raw(&o[1], lane), b = raw(&o[2], lane), c = raw(&o[3], lane);
      uint32_t r = a * b;
      if (has(d, "X"))
         r += (o[3].bnot ? ~c : c) + pv(&o[4], lane);
      else
         r += o[3].neg ? 0u - c : c;
      set_r(e, &o[0], lane, r);
   } else if (!strcmp(op, "LEA")) {
      unsigned k = is_pred(&o[1]) ? 2 : 1;
      uint32_t a = raw(&o[k], lane), b = raw(&o[k + 1], lane);
      if (o[k].neg)
         a = 0u - a;
      uint64_t sum;
      if (has(d, "HI")) {
         uint64_t wide = (uint64_t)raw(&o[k + 2], lane) << 32 | a;
         unsigned s = o[k + 3].imm;
         sum = (uint64_t)(uint32_t)((wide << s) >> 32) + b;
         if (has(d, "X"))
            sum += pv(&o[k + 4], lane);
      } else {
         sum = (uint64_t)(uint32_t)(a << o[k + 2].imm) + b;
      }
      set_r(e, &o[0], lane, (uint32_t)sum);
      if (k == 2)
         set_p(e, &o[1], lane, sum >> 32);
   } else if (!strcmp(op, "SHF")) {
      bool s64 = has(d, "S64"), u64 = has(d, "U64"), s32 = has(d, "S32");
      unsigned bits = s64 || u64 ? 64 : 32;
      uint32_t s = raw(&o[2], lane);
      s = has(d, "W") ? s & (bits - 1) : (s < bits ? s : bits);
      uint64_t v = (uint64_t)raw(&o[3], lane) << 32 | raw(&o[1], lane), r;
      if (has(d, "L"))
         r = s >= 64 ? 0 : v << s;
      else if (s64 || s32)
         r = (uint64_t)((int64_t)v >> (s >= 64 ? 63 : s));
      else
         r = s >= 64 ? 0 : v >> s;
      set_r(e, &o[0], lane, has(d, "HI") ? (uint32_t)(r >> 32) : (uint32_t)r);
   } else if (!strcmp(op, "PRMT")) {
      set_r(e, &o[0], lane, prmt_ref(d, raw(&o[1], lane), raw(&o[2], lane), raw(&o[3], lane)));
   } else if (!strcmp(op, "FLO") || !strcmp(op, "POPC") || !strcmp(op, "BREV") ||
              !strcmp(op, "IABS") || !strcmp(op, "MOV")) {
      if (d->n != 2)
         abort(); /* FLO's predicate: not tested */
      uint32_t v = raw(&o[1], lane), r;
      if (o[1].bnot)
         v = ~v;
      if (!strcmp(op, "FLO"))
         r = bfind_ref(v, !has(d, "U32"), has(d, "SH"));
      else if (!strcmp(op, "POPC"))
         r = popc_ref(v);
      else if (!strcmp(op, "BREV"))
         r = brev_ref(v);
      else if (!strcmp(op, "IABS"))
         r = (int32_t)v < 0 ? 0u - v : v;
      else
         r = v;
      set_r(e, &o[0], lane, r);
   } else if (!strcmp(op, "SGXT")) {
      set_r(e, &o[0], lane,
            szext_ref(!has(d, "W"), !has(d, "U32"), raw(&o[1], lane), raw(&o[2], lane)));
   } else if (!strcmp(op, "BMSK")) {
      set_r(e, &o[0], lane, bmsk_ref(!has(d, "W"), raw(&o[1], lane), raw(&o[2], lane)));
   } else if (!strcmp(op, "VABSDIFF")) {
      /* PTX sad: d = c + ((a < b) ? b - a : a - b), compared as the type */
      uint32_t a = raw(&o[1], lane), b = raw(&o[2], lane), c = raw(&o[3], lane);
      bool lt = has(d, "U32") ? a < b : (int32_t)a < (int32_t)b;
      set_r(e, &o[0], lane, c + (lt ? b - a : a - b));
   } else if (!strcmp(op, "SEL")) {
      set_r(e, &o[0], lane, pv(&o[3], lane) ? raw(&o[1], lane) : raw(&o[2], lane));
   } else if (!strcmp(op, "P2R")) {
      uint32_t mask = raw(&o[3], lane), pr = 0;
      if (raw(&o[2], lane) != 0 || (mask & ~0x7fu))
         abort(); /* not tested: see the top */
      for (unsigned p = 0; p < 7; p++)
         pr |= (B.p[p] >> lane & 1) << p;
      set_r(e, &o[0], lane, pr & mask);
   } else if (!strcmp(op, "R2P")) {
      uint32_t v = raw(&o[1], lane), mask = raw(&o[2], lane);
      for (unsigned p = 0; p < 7; p++) {
         if (mask >> p & 1) {
            struct opnd pd = {.kind = O_P, .reg = p};
            set_p(e, &pd, lane, v >> p & 1);
         }
      }
   } else {
      fprintf(stderr, "no reference for %s\n", op);
      abort();
   }
}

static void
ref_warp(const struct insn *d, uint32_t mask, struct state *e, uint32_t *dc)
{
   const struct opnd *o = d->o;
   if (!strcmp(d->op, "SHFL")) {
      /* PTX shfl.sync: c holds the clamp (bits 0..4) and the segment mask
       * (bits 8..12); an out-of-range source lane reads the lane itself. */
      for (unsigned lane = 0; lane < SIM_LANES; lane++) {
         if (!(mask >> lane & 1))
            continue;
         int bval = raw(&o[3], lane) & 0x1f, c = raw(&o[4], lane);
         int cval = c & 0x1f, segmask = (c >> 8) & 0x1f, l = (int)lane;
         int max_lane = (l & segmask) | (cval & ~segmask), min_lane = l & segmask, j;
         bool pval;
         if (has(d, "UP")) {
            j = l - bval;
            pval = j >= max_lane;
         } else if (has(d, "DOWN")) {
            j = l + bval;
            pval = j <= max_lane;
         } else if (has(d, "BFLY")) {
            j = l ^ bval;
            pval = j <= max_lane;
         } else {
            j = min_lane | (bval & ~segmask);
            pval = j <= max_lane;
         }
         if (!pval)
            j = l;
         set_p(e, &o[0], lane, pval);
         if (mask >> j & 1)
            set_r(e, &o[1], lane, raw(&o[2], (unsigned)j));
         else if (o[1].reg < NREG)
            dc[o[1].reg] |= 1u << lane; /* an inactive source: undefined */
      }
   } else if (!strcmp(d->op, "VOTE") || !strcmp(d->op, "VOTEU")) {
      unsigned k = d->n == 3 ? 1 : 0;
      uint32_t ballot = 0;
      for (unsigned lane = 0; lane < SIM_LANES; lane++)
         if ((mask >> lane & 1) && pv(&o[k + 1], lane))
            ballot |= 1u << lane;
      bool r = has(d, "ALL")   ? ballot == mask
               : has(d, "ANY") ? ballot != 0
                               : ballot == mask || ballot == 0;
      for (unsigned lane = 0; lane < SIM_LANES; lane++) {
         if (!(mask >> lane & 1))
            continue;
         if (k)
            set_r(e, &o[0], lane, ballot);
         set_p(e, &o[k], lane, r);
      }
   } else if (!strcmp(d->op, "MATCH")) {
      /* match.{any,all}.sync.{b32,b64}: .U64 compares register pairs */
      bool any = has(d, "ANY"), u64 = has(d, "U64");
      const struct opnd *src = &o[any ? 1 : 2], *dst = &o[any ? 0 : 1];
      uint64_t v[SIM_LANES];
      for (unsigned lane = 0; lane < SIM_LANES; lane++)
         v[lane] = u64 ? raw64(src, lane) : raw(src, lane);
      bool all = true;
      for (unsigned lane = 0; lane < SIM_LANES; lane++)
         for (unsigned l2 = 0; l2 < SIM_LANES; l2++)
            if ((mask >> lane & 1) && (mask >> l2 & 1) && v[lane] != v[l2])
               all = false;
      for (unsigned lane = 0; lane < SIM_LANES; lane++) {
         if (!(mask >> lane & 1))
            continue;
         uint32_t same = 0;
         for (unsigned l2 = 0; l2 < SIM_LANES; l2++)
            if ((mask >> l2 & 1) && v[l2] == v[lane])
               same |= 1u << l2;
         if (any) {
            set_r(e, dst, lane, same);
         } else {
            set_r(e, dst, lane, all ? mask : 0);
            set_p(e, &o[0], lane, all);
         }
      }
   } else {
      abort();
   }
}

/* --- the cases ------------------------------------------------------------ */

static const char *const cases[] = {
   /* IADD3: negations, both carry-outs, immediates and constants */
   "IADD3 R0, R1, R2, R3 ;",
   "IADD3 R0, P0, P1, R1, R2, R3 ;",
   "IADD3 R0, P0, P1, -R1, R2, R3 ;",
   "IADD3 R0, P2, P3, R1, -R2, -R3 ;",
   "IADD3 R0, P0, P1, -R1, -R2, -R3 ;",
   "IADD3 R0, P0, P1, R1, R2, RZ ;",
   "IADD3 R0, P0, P1, R1, -R1, RZ ;",
   "IADD3 R0, P0, P1, R1, 0x7b, R3 ;",
   "IADD3 R0, P0, P1, R1, -0x7b, R3 ;",
   "IADD3 R0, P0, P1, R1, c[0x0][0x10], -R3 ;",
   "IADD3.X R0, R1, ~R2, RZ, P0, !P1 ;",
   "IADD3.X R0, P2, P3, R1, R2, R3, P0, P1 ;",
   "IADD3.X R0, P2, P3, ~R1, ~R2, ~R3, !P0, P1 ;",
   "IADD3.X R0, P2, P3, R1, RZ, RZ, PT, PT ;",
   /* LOP3 / PLOP3 */
   "LOP3.LUT R0, R1, R2, R3, 0x96, !PT ;",
   "LOP3.LUT R0, R1, R2, R3, 0xe8, !PT ;",
   "LOP3.LUT R0, R1, 0xff00ff, R3, 0x6a, !PT ;",
   "LOP3.LUT R0, R1, c[0x0][0x10], RZ, 0x3c, !PT ;",
   "LOP3.LUT P2, R0, R1, R2, R3, 0x96, !PT ;",
   "LOP3.LUT P0, RZ, R1, 0x4, RZ, 0xc0, !PT ;",
   "PLOP3.LUT P0, P1, P2, P3, P4, 0x80, 0x0 ;",
   "PLOP3.LUT P0, P1, !P2, P3, !P4, 0x96, 0xe8 ;",
   "PLOP3.LUT P6, P0, P0, PT, P6, 0xa8, 0x57 ;",
   /* ISETP, with 64-bit chaining */
   "ISETP.LT.AND P0, P1, R1, R2, PT ;",
   "ISETP.GE.U32.OR P0, P1, R1, R2, P2 ;",
   "ISETP.EQ.XOR P0, P1, R1, R2, !P2 ;",
   "ISETP.NE.U32.AND P2, P3, R1, 0x5, PT ;",
   "ISETP.GT.AND P0, P1, R1, -0x5, P4 ;",
   "ISETP.LE.U32.AND P0, P1, R1, c[0x0][0x10], PT ;",
   "ISETP.F.AND P0, P1, R1, R2, P3 ;",
   "ISETP.T.OR P0, P1, R1, R2, P3 ;",
   "ISETP.GE.U32.AND.EX P0, P1, R1, R2, P2, P3 ;",
   "ISETP.LT.AND.EX P0, P1, R1, R2, PT, !P3 ;",
   "ISETP.EQ.U32.OR.EX P0, P1, R1, R2, P2, P3 ;",
   "ISETP.NE.AND.EX P4, P5, R3, R5, PT, P6 ;",
   "ISETP.GT.U32.XOR.EX P0, P1, R1, R2, P2, P3 ;",
   "ISETP.LE.AND.EX P0, P1, R1, R2, PT, P3 ;",
   /* IMNMX */
   "IMNMX R0, R1, R2, PT ;",
   "IMNMX R0, R1, R2, !PT ;",
   "IMNMX.U32 R0, R1, R2, !PT ;",
   "IMNMX.U32 R0, R1, R2, P3 ;",
   "IMNMX R0, R1, -0x64, !P2 ;",
   /* IMAD and its wide forms */
   "IMAD R0, R1, R2, R3 ;",
   "IMAD R0, R1, R2, -R3 ;",
   "IMAD.U32 R0, R1, 0x1234567, R3 ;",
   "IMAD R0, R1, c[0x0][0x10], R3 ;",
   "IMAD.X R0, R1, R2, ~R3, P0 ;",
   "IMAD.X R0, R1, R2, R3, !P1 ;",
   "IMAD.WIDE.U32 R0, R2, R3, R4 ;",
   "IMAD.WIDE.U32 R0, P1, R2, R3, R4 ;",
   "IMAD.WIDE R0, R2, R3, R4 ;",
   "IMAD.WIDE R0, R2, -0x3, R4 ;",
   "IMAD.WIDE.U32.X R0, P1, R2, R3, R4, P0 ;",
   "IMAD.WIDE.U32.X R0, P1, R2, R3, ~R4, !P0 ;",
   "IMAD.HI.U32 R0, R2, R3, R4 ;",
   "IMAD.HI R0, R2, R3, R4 ;",
   "IMAD.HI.U32 R0, R2, R3, RZ ;",
   "IMAD.HI R0, R2, R3, RZ ;",
   "IMAD.HI.U32.X R0, R2, R3, R4, P0 ;",
   /* LEA */
   "LEA R0, R1, R2, 0x3 ;",
   "LEA R0, P0, R1, R2, 0x1f ;",
   "LEA R0, P2, R1, R2, 0x0 ;",
   "LEA R0, -R1, R2, 0x4 ;",
   "LEA.HI R0, R1, R2, R3, 0x5 ;",
   "LEA.HI R0, P0, R1, R2, R3, 0x1c ;",
   "LEA.HI.X R0, R1, R2, R3, 0x5, P0 ;",
   "LEA.HI.X R0, P1, R1, R2, R3, 0x2, !P0 ;",
   /* SHF: every type, both directions, .W and .HI */
   "SHF.L.U32 R0, R1, R10, R3 ;",
   "SHF.L.U32.HI R0, R1, R10, R3 ;",
   "SHF.L.W.U32.HI R0, R1, R11, R3 ;",
   "SHF.L.S32 R0, R1, R11, R3 ;",
   "SHF.L.U64.HI R0, R1, R10, R3 ;",
   "SHF.L.W.S64 R0, R1, R11, R3 ;",
   "SHF.R.U32 R0, R1, R10, R3 ;",
   "SHF.R.U32.HI R0, R1, R11, R3 ;",
   "SHF.R.W.U32 R0, R1, R11, R3 ;",
   "SHF.R.S32.HI R0, R1, R10, R3 ;",
   "SHF.R.W.S32.HI R0, R1, R11, R3 ;",
   "SHF.R.S32 R0, R1, R11, R3 ;",
   "SHF.R.U64 R0, R1, R10, R3 ;",
   "SHF.R.U64.HI R0, R1, R11, R3 ;",
   "SHF.R.S64 R0, R1, R10, R3 ;",
   "SHF.R.S64.HI R0, R1, R2, R3 ;",
   "SHF.R.W.S64.HI R0, R1, R11, R3 ;",
   "SHF.R.W.U64 R0, R1, R11, R3 ;",
   "SHF.L.U64.HI R0, R1, 0x21, R3 ;",
   "SHF.R.S32.HI R0, RZ, 0x1f, R3 ;",
   /* PRMT: every mode */
   "PRMT R0, R1, R2, R3 ;",
   "PRMT R0, R1, 0x7654, R3 ;",
   "PRMT R0, R1, 0x8880, RZ ;",
   "PRMT.F4E R0, R1, R2, R3 ;",
   "PRMT.B4E R0, R1, R2, R3 ;",
   "PRMT.RC8 R0, R1, R2, R3 ;",
   "PRMT.ECL R0, R1, R2, R3 ;",
   "PRMT.ECR R0, R1, R2, R3 ;",
   "PRMT.RC16 R0, R1, R2, R3 ;",
   /* unary */
   "FLO.U32 R0, R1 ;",
   "FLO R0, R1 ;",
   "FLO.U32.SH R0, R1 ;",
   "FLO.SH R0, R1 ;",
   "FLO.U32.SH R0, ~R1 ;",
   "FLO R0, ~R1 ;",
   "POPC R0, R1 ;",
   "POPC R0, ~R1 ;",
   "POPC R0, 0xf0f0 ;",
   "BREV R0, R1 ;",
   "IABS R0, R1 ;",
   "MOV R0, R1 ;",
   "MOV R0, 0xdeadbeef ;",
   "MOV R0, c[0x0][0x14] ;",
   /* sad */
   "VABSDIFF R0, R1, R2, R3 ;",
   "VABSDIFF.U32 R0, R1, R2, R3 ;",
   "VABSDIFF R0, R1, R1, R3 ;",
   "VABSDIFF R0, R1, 0x7b, R3 ;",
   "VABSDIFF.U32 R0, R1, 0x80000000, RZ ;",
   "VABSDIFF R0, R1, R2, 0xfffffff0 ;",
   "VABSDIFF.U32 R0, R1, c[0x0][0x10], R3 ;",
   "VABSDIFF R0, R1, R2, c[0x0][0x14] ;",
   /* bit fields */
   "SGXT R0, R1, R10 ;",
   "SGXT R0, R1, R11 ;",
   "SGXT.U32 R0, R1, R11 ;",
   "SGXT.W R0, R1, R11 ;",
   "SGXT.W.U32 R0, R1, R11 ;",
   "SGXT R0, R1, 0x8 ;",
   "BMSK R0, R10, R11 ;",
   "BMSK R0, R11, R10 ;",
   "BMSK.W R0, R11, R2 ;",
   "BMSK R0, R2, R1 ;",
   "BMSK R0, R10, 0x5 ;",
   /* predicates and selects */
   "P2R R0, PR, RZ, 0x7f ;",
   "P2R R0, PR, RZ, 0x15 ;",
   "R2P PR, R1, 0x7f ;",
   "R2P PR, R1, 0x2a ;",
   "R2P PR, R1, R2 ;",
   "SEL R0, R1, R2, P3 ;",
   "SEL R0, R1, 0x42, !P4 ;",
   /* the uniform datapath */
   "UIADD3 UR0, UP0, UP1, UR1, UR2, UR3 ;",
   "UIADD3 UR0, UP2, UP3, -UR1, UR2, -UR3 ;",
   "UIADD3 UR0, UP0, UP1, UR1, 0x80000000, UR3 ;",
   "UIADD3.X UR0, UP2, UP3, UR1, ~UR2, UR3, UP0, !UP1 ;",
   "ULOP3.LUT UR0, UR1, UR2, UR3, 0x96, !UPT ;",
   "ULOP3.LUT UR0, UR1, 0xf0f0, UR3, 0xfe, !UPT ;",
   "USHF.L.U32 UR0, UR1, UR10, UR3 ;",
   "USHF.R.S32.HI UR0, UR1, UR10, UR3 ;",
   "USHF.R.W.U64 UR0, UR1, UR4, UR3 ;",
   "USHF.L.U64.HI UR0, UR1, 0x11, UR3 ;",
   "UISETP.GE.AND UP0, UP1, UR1, UR2, UPT ;",
   "UISETP.LT.U32.OR UP0, UP1, UR1, 0x64, UP2 ;",
   "UISETP.NE.U32.AND.EX UP0, UP1, UR1, UR2, UPT, UP3 ;",
   "UISETP.GT.XOR.EX UP4, UP5, UR1, UR2, !UP2, UP3 ;",
   "ULEA UR0, UR1, UR2, 0x4 ;",
   "ULEA UR0, UP0, UR1, UR2, 0x1d ;",
   "ULEA.HI.X UR0, UP1, UR1, UR2, UR3, 0x7, UP0 ;",
   "UIMAD UR0, UR1, UR2, UR3 ;",
   "UIMAD UR0, UR1, 0x55, -UR3 ;",
   "UPRMT UR0, UR1, UR2, UR3 ;",
   "UPRMT UR0, UR1, 0x3210, UR3 ;",
   "UFLO.U32 UR0, UR1 ;",
   "UFLO.SH UR0, ~UR1 ;",
   "UPOPC UR0, UR1 ;",
   "UPOPC UR0, ~UR1 ;",
   "UBREV UR0, UR1 ;",
   "USEL UR0, UR1, UR2, UP3 ;",
   "USEL UR0, UR1, 0x7, !UP0 ;",
   "UMOV UR0, UR1 ;",
   "UMOV UR0, 0x12345678 ;",
   /* warp */
   "SHFL.IDX P0, R0, R1, R12, R13 ;",
   "SHFL.UP P0, R0, R1, R12, R13 ;",
   "SHFL.DOWN P0, R0, R1, R12, R13 ;",
   "SHFL.BFLY P0, R0, R1, R12, R13 ;",
   "SHFL.IDX P1, R0, R1, 0x3, 0x1f ;",
   "SHFL.IDX P1, R0, R1, 0x5, 0x181f ;",
   "SHFL.IDX P1, R0, R1, 0xf, 0x101f ;",
   "SHFL.UP P1, R0, R1, 0x1, 0x0 ;",
   "SHFL.UP P1, R0, R1, 0x2, 0x1800 ;",
   "SHFL.DOWN P1, R0, R1, 0x4, 0x101f ;",
   "SHFL.DOWN P1, R0, R1, 0x1, 0x1f ;",
   "SHFL.BFLY P1, R0, R1, 0x10, 0x1f ;",
   "SHFL.BFLY P1, R0, R1, 0x3, 0x181f ;",
   "SHFL.BFLY PT, R1, R1, 0x1, 0x1f ;",
   "SHFL.IDX P1, R0, R1, R12, 0x101f ;",
   "SHFL.DOWN P1, R0, R1, 0x2, R13 ;",
   "SHFL.UP P1, R0, R1, 0x8, R13 ;",
   "VOTE.ANY R0, P0, P5 ;",
   "VOTE.ANY R0, PT, PT ;",
   "VOTE.ANY R0, P1, !P5 ;",
   "VOTE.ALL P0, P5 ;",
   "VOTE.ALL P1, !P2 ;",
   "VOTE.EQ P0, P5 ;",
   "VOTE.EQ P2, P3 ;",
   "VOTEU.ANY UR0, UP0, P5 ;",
   "VOTEU.ALL UP1, P5 ;",
   "VOTEU.EQ UP2, !P5 ;",
   "MATCH.ANY R0, R9 ;",
   "MATCH.ANY R0, R1 ;",
   "MATCH.ALL P0, R0, R9 ;",
   "MATCH.ALL P1, R0, R2 ;",
   "MATCH.ANY.U64 R0, R14 ;",
   "MATCH.ANY.U64 R1, R2 ;",
   "MATCH.ALL.U64 P0, R0, R14 ;",
   "MATCH.ALL.U64 P2, R3, R4 ;",
   "MATCH.ANY.U64 R14, R14 ;",
};

/* --- running them --------------------------------------------------------- */

static unsigned failures, case_failures;

static void
mismatch(const char *text, uint32_t mask, const char *what, unsigned idx, unsigned lane,
         uint32_t got, uint32_t want)
{
   failures++;
   if (++case_failures > 4)
      return;
   printf("FAIL %s mask %08x: %s%u lane %u: got %08x expected %08x"
          " (R1=%08x R2=%08x R3=%08x)\n",
          text, mask, what, idx, lane, got, want, B.r[1][lane], B.r[2][lane], B.r[3][lane]);
}

static unsigned
run_case(const char *text, unsigned rounds, unsigned *lanes)
{
   struct jade_isa_instr in;
   if (!ops_assemble(text, &in)) {
      failures++;
      return 1;
   }
   struct insn d;
   parse_text(text, &d);
   const struct jade_isa_form *form = &jade_isa_forms[in.form];
   bool uniform = jade_isa_op_info[form->op].uniform;
   bool warp_op = !strcmp(d.op, "SHFL") || !strcmp(d.op, "VOTE") || !strcmp(d.op, "VOTEU") ||
                  !strcmp(d.op, "MATCH");
   char op[12];
   snprintf(op, sizeof(op), "%s", d.op);
   if (uniform && op[0] == 'U' && strcmp(op, "UMOV") != 0)
      memmove(op, op + 1, strlen(op));
   if (!strcmp(op, "UMOV"))
      snprintf(op, sizeof(op), "MOV");
   unsigned before = failures;
   case_failures = 0;

   for (unsigned round = 0; round < rounds; round++) {
      fill(round);
      uint32_t mask = round % 3 == 0   ? ~0u
                      : round % 3 == 1 ? (uint32_t)rnd64() | 1u << (rnd64() % 32)
                                       : (uint32_t)((2ull << (rnd64() % 32)) - 1) << (rnd64() % 4);
      save(&B);
      struct state e = B;
      uint32_t dc[NREG] = {0};
      if (warp_op) {
         ref_warp(&d, mask, &e, dc);
      } else {
         for (unsigned lane = 0; lane < SIM_LANES; lane++) {
            if (!(mask >> lane & 1))
               continue;
            ref_alu(&d, op, lane, &e);
            if (uniform)
               break;
         }
      }

      struct sim_exec x;
      ops_exec_init(&x, &in, mask);
      bool a = sim_exec_int(&x), b = sim_exec_warp(&x);
      if (a + b != 1 || sim.status != JADE_SIM_OK) {
         printf("FAIL %s: %s\n", text,
                a + b == 0  ? "no family executes it"
                : a + b > 1 ? "two families"
                            : stop_msg);
         failures++;
         return 1;
      }

      for (unsigned r = 0; r < NREG; r++)
         for (unsigned lane = 0; lane < SIM_LANES; lane++)
            if (!(dc[r] >> lane & 1) && warp.r[r][lane] != e.r[r][lane])
               mismatch(text, mask, "R", r, lane, warp.r[r][lane], e.r[r][lane]);
      for (unsigned p = 0; p < 7; p++)
         for (unsigned lane = 0; lane < SIM_LANES; lane++)
            if ((warp.p[p] ^ e.p[p]) >> lane & 1)
               mismatch(text, mask, "P", p, lane, warp.p[p] >> lane & 1, e.p[p] >> lane & 1);
      for (unsigned r = 0; r < NREG; r++)
         if (warp.ur[r] != e.ur[r])
            mismatch(text, mask, "UR", r, 0, warp.ur[r], e.ur[r]);
      for (unsigned p = 0; p < 7; p++)
         if ((warp.up ^ e.up) >> p & 1)
            mismatch(text, mask, "UP", p, 0, warp.up >> p & 1, e.up >> p & 1);
      if (warp.p[7] != ~0u)
         mismatch(text, mask, "P", 7, 0, warp.p[7], ~0u);
      *lanes += uniform ? 1 : (unsigned)__builtin_popcount(mask);
   }
   return failures - before;
}

int
main(int argc, char **argv)
{
   unsigned rounds = argc > 1 ? (unsigned)atoi(argv[1]) : 120;
   setvbuf(stdout, NULL, _IOLBF, 0);
   ops_init(0x2545f4914f6cdd1dull);
   unsigned ncases = sizeof(cases) / sizeof(cases[0]), bad_cases = 0, lanes = 0;
   for (unsigned i = 0; i < ncases; i++)
      bad_cases += run_case(cases[i], rounds, &lanes) != 0;
   printf("sim int ops: %u lane results compared, %u cases failed\n", lanes, bad_cases);
   printf("%u cases, %u mismatches\n", ncases, failures);
   return failures ? 1 : 0;
}
