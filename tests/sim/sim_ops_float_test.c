/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The float families of the functional model (sim_exec_float/fp64/half/
 * conv.c) against references written here with the host's IEEE
 * arithmetic (fesetround, fmaf, _Float16 conversions).  Each case is an
 * instruction in nvdisasm's syntax, assembled by jade_isa_parse, so the
 * encoding and decoding paths are the real ones; the reference takes the
 * modifiers from the text, not from the decoded fields.  32 lanes of
 * seeded random operands (special values, subnormals, random bits) per
 * round.  Exit status 1 on any mismatch.
 */

#include <fenv.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_ops_harness.h"

/* --- random operands ------------------------------------------------------ */

static const uint32_t f32_special[] = {
   0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0x40000000, 0x7f800000,
   0xff800000, 0x7fc00000, 0x7f800001, 0xffc00001, 0x00000001, 0x007fffff, 0x80000010,
   0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff, 0x3f800001, 0x3effffff, 0x4b000000,
   0xcf000000, 0x4f800000, 0x5f000000, 0x3fc00000, 0xbfc00000, 0x40200000, 0x3f7fffff,
};

static uint32_t
rand_f32(void)
{
   uint64_t r = rnd64();
   switch (r % 8) {
   case 0:
   case 1:
      return f32_special[(r >> 8) % (sizeof(f32_special) / 4)];
   case 2: {
      float f = (float)((int)((r >> 8) % 41) - 20) / ((r >> 16) & 1 ? 1 : 4);
      return sim_u32(f);
   }
   case 3: /* near 1: cancellation and rounding boundaries */
      return (uint32_t)(0x3f7ffff0 + ((r >> 8) % 32)) | (uint32_t)((r >> 40) & 1) << 31;
   case 4: /* small exponents: subnormal results */
      return (uint32_t)((r >> 8) & 0x027fffff) | (uint32_t)((r >> 40) & 1) << 31;
   default:
      return (uint32_t)(r >> 16);
   }
}

static uint64_t
rand_f64(void)
{
   uint64_t r = rnd64();
   switch (r % 8) {
   case 0: {
      static const uint64_t sp[] = {
         0,
         1ull << 63,
         0x3ff0000000000000ull,
         0xbff0000000000000ull,
         0x7ff0000000000000ull,
         0xfff0000000000000ull,
         0x7ff8000000000000ull,
         0x7ff0000000000001ull,
         1,
         0x000fffffffffffffull,
         0x7fefffffffffffffull,
         0x0010000000000000ull,
         0x3ff0000000000001ull,
      };
      return sp[(r >> 8) % (sizeof(sp) / 8)];
   }
   case 1:
      return sim_u64((double)((int)((r >> 8) % 41) - 20) / 8);
   case 2:
      return (r >> 8) & 0x801fffffffffffffull;
   default:
      return rnd64();
   }
}

static uint32_t
rand_f16pair(void)
{
   static const uint16_t sp[] = {0,      0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00,
                                 0x7e00, 0x7c01, 0x0001, 0x03ff, 0x0400, 0x7bff,
                                 0xfbff, 0x3c01, 0x3bff, 0x3800, 0x4000};
   uint32_t v = 0;
   for (int i = 0; i < 2; i++) {
      uint64_t r = rnd64();
      uint32_t h = r % 3 == 0 ? sp[(r >> 8) % (sizeof(sp) / 2)] : (uint32_t)(r >> 20) & 0xffff;
      v |= h << (16 * i);
   }
   return v;
}

static uint32_t
rand_int(void)
{
   uint64_t r = rnd64();
   static const uint32_t sp[] = {0,          1,          0xffffffff, 0x7fffffff, 0x80000000,
                                 0x00ffffff, 0x01000001, 0xff,       0x80,       0x7f,
                                 0xffff,     0x8000,     0x7fff};
   switch (r % 4) {
   case 0:
      return sp[(r >> 8) % (sizeof(sp) / 4)];
   case 1:
      return (uint32_t)((int)((r >> 8) % 2001) - 1000);
   default:
      return (uint32_t)(r >> 16);
   }
}

/* --- the machine ---------------------------------------------------------- */

enum kind { K_F32, K_F64, K_H2, K_INT };

static void
fill(enum kind k)
{
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      for (unsigned r = 0; r < 16; r += 2) {
         uint64_t v;
         switch (k) {
         case K_F32:
            v = rand_f32() | (uint64_t)rand_f32() << 32;
            break;
         case K_F64:
            v = rand_f64();
            break;
         case K_H2:
            v = rand_f16pair() | (uint64_t)rand_f16pair() << 32;
            break;
         default:
            v = rand_int() | (uint64_t)rand_int() << 32;
            break;
         }
         /* reuse some values across operands: equal compares, x - x */
         if (r >= 4 && rnd64() % 8 == 0)
            v = warp.r[2][lane] | (uint64_t)warp.r[3][lane] << 32;
         warp.r[r][lane] = (uint32_t)v;
         warp.r[r + 1][lane] = (uint32_t)(v >> 32);
      }
   }
   for (unsigned p = 0; p < 7; p++)
      warp.p[p] = (uint32_t)rnd64();
   warp.p[7] = ~0u;
   uint32_t c = k == K_F32 ? rand_f32() : k == K_H2 ? rand_f16pair() : rand_int();
   memcpy(cbank + 0x10, &c, 4);
   uint64_t d = rand_f64();
   memcpy(cbank + 0x18, &d, 8);
}

/* --- the operands as the text writes them --------------------------------- */

struct opnd {
   enum { O_REG, O_IMM, O_CBUF, O_PRED } kind;
   unsigned reg;
   bool neg, abs, not_;
   int swz; /* -1 none, else 0 H1_H0, 1 F32, 2 H0_H0, 3 H1_H1,
                          4 .H1 (an F16 conversion source's high half) */
   double imm;
   unsigned cb_off;
};

struct insn {
   char mods[16][12]; /* opcode suffixes */
   unsigned nmods;
   struct opnd op[6];
   unsigned nop;
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
   for (char *m = strchr(buf, '.'); m; m = strchr(m + 1, '.')) {
      size_t n = strcspn(m + 1, ".");
      snprintf(d->mods[d->nmods++], 12, "%.*s", (int)n, m + 1);
   }
   char *rest = sp + 1;
   char *semi = strrchr(rest, ';');
   if (semi)
      *semi = 0;
   for (char *t = strtok(rest, ","); t; t = strtok(NULL, ",")) {
      struct opnd *o = &d->op[d->nop++];
      o->swz = -1;
      while (*t == ' ')
         t++;
      if (*t == '-') {
         o->neg = true;
         t++;
      }
      if (*t == '!') {
         o->not_ = true;
         t++;
      }
      if (*t == '|') {
         o->abs = true;
         t++;
      }
      if (!strncmp(t, "RZ", 2)) {
         o->kind = O_REG;
         o->reg = JADE_HW_RZ;
         t += 2;
      } else if (t[0] == 'R') {
         o->kind = O_REG;
         o->reg = (unsigned)strtoul(t + 1, &t, 10);
      } else if (t[0] == 'P') {
         o->kind = O_PRED;
         o->reg = t[1] == 'T' ? 7 : (unsigned)(t[1] - '0');
         t += 2;
      } else if (t[0] == 'c') {
         /* c[bank][offset], or c[bank] [offset] for some half sources */
         o->kind = O_CBUF;
         o->cb_off = (unsigned)strtoul(strchr(t + 2, '[') + 1, &t, 16);
         t++;
      } else {
         o->kind = O_IMM;
         o->imm = strtod(t, &t);
         if (o->neg)
            o->imm = -o->imm;
         o->neg = false;
      }
      if (*t == '|')
         t++;
      if (!strncmp(t, ".H0_H0", 6))
         o->swz = 2;
      else if (!strncmp(t, ".H1_H1", 6))
         o->swz = 3;
      else if (!strncmp(t, ".F32", 4))
         o->swz = 1;
      else if (!strncmp(t, ".H1", 3))
         o->swz = 4;
   }
}

static int
rnd_of(const struct insn *d)
{
   if (has(d, "RM") || has(d, "FLOOR"))
      return FE_DOWNWARD;
   if (has(d, "RP") || has(d, "CEIL"))
      return FE_UPWARD;
   if (has(d, "RZ") || has(d, "TRUNC"))
      return FE_TOWARDZERO;
   return FE_TONEAREST;
}

static uint32_t
raw32(const struct opnd *o, unsigned lane)
{
   switch (o->kind) {
   case O_REG:
      return o->reg == JADE_HW_RZ ? 0 : warp.r[o->reg][lane];
   case O_IMM:
      return sim_u32((float)o->imm);
   default: {
      uint32_t v;
      memcpy(&v, cbank + o->cb_off, 4);
      return v;
   }
   }
}

static uint64_t
raw64(const struct opnd *o, unsigned lane)
{
   switch (o->kind) {
   case O_REG:
      return o->reg == JADE_HW_RZ ? 0
                                  : warp.r[o->reg][lane] | (uint64_t)warp.r[o->reg + 1][lane] << 32;
   case O_IMM:
      return sim_u64(o->imm) & 0xffffffff00000000ull;
   default: {
      uint64_t v;
      memcpy(&v, cbank + o->cb_off, 8);
      return v;
   }
   }
}

static bool
predv(const struct opnd *o, unsigned lane)
{
   return ((warp.p[o->reg] >> lane) & 1) != o->not_;
}

/* --- fp32 reference ------------------------------------------------------- */

static bool
isnan32(uint32_t u)
{
   return (u & 0x7fffffff) > 0x7f800000;
}

static uint32_t
flush(uint32_t u, bool ftz)
{
   if (ftz && (u & 0x7f800000) == 0)
      return u & 0x80000000;
   return u;
}

static float
fval(const struct opnd *o, unsigned lane, bool ftz)
{
   uint32_t u = raw32(o, lane);
   if (o->abs)
      u &= 0x7fffffff;
   if (o->neg)
      u ^= 0x80000000;
   return sim_f32(flush(u, ftz));
}

static uint32_t
fout(float r, bool ftz, bool sat)
{
   uint32_t u = sim_u32(r);
   if (isnan32(u))
      u = 0x7fffffff;
   u = flush(u, ftz);
   if (sat) {
      if (isnan32(u) || (u >> 31))
         u = 0;
      else if (sim_f32(u) > 1.0f)
         u = 0x3f800000;
   }
   return u;
}

static int
scale_of(const struct insn *d)
{
   static const char *n[] = {"D8", "D4", "D2", "", "M2", "M4", "M8"};
   for (int i = 0; i < 7; i++)
      if (i != 3 && has(d, n[i]))
         return i - 3;
   return 0;
}

static bool
cmp_ref(const struct insn *d, double a, double b)
{
   static const char *names[] = {"F",   "LT",  "EQ",  "LE",  "GT",  "NE",  "GE", "NUM", "NAN",
                                 "LTU", "EQU", "LEU", "GTU", "NEU", "GEU", "T",  "MIN", "MAX"};
   bool un = isnan(a) || isnan(b);
   for (int i = 0; i < 18; i++) {
      if (!has(d, names[i]))
         continue;
      switch (i) {
      case 0:
      case 16:
         return false;
      case 15:
      case 17:
         return true;
      case 1:
         return a < b;
      case 2:
         return a == b;
      case 3:
         return a <= b;
      case 4:
         return a > b;
      case 5:
         return !un && a != b;
      case 6:
         return a >= b;
      case 7:
         return !un;
      case 8:
         return un;
      case 9:
         return un || a < b;
      case 10:
         return un || a == b;
      case 11:
         return un || a <= b;
      case 12:
         return un || a > b;
      case 13:
         return a != b;
      case 14:
         return un || a >= b;
      }
   }
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

/* Expected results of one lane: dst words (or predicates). */
struct expect {
   uint32_t r[2];
   unsigned nr;
   bool p[2];
   unsigned np;
   unsigned ulp; /* tolerance (transcendental MUFU only) */
};

/* sin(2*pi*v), cos(2*pi*v) in long double, exact at multiples of 1/4 */
static long double
sin_rev_ref(long double v, bool cos_)
{
   if (isinf(v) || isnan(v))
      return NAN;
   if (v == 0)
      return cos_ ? 1 : v;
   long double t = fmodl(v, 1.0L); /* exact, in (-1, 1) */
   long double pi2 = 6.283185307179586476925286766559L;
   long double at = fabsl(t), s = t < 0 ? -1 : 1;
   if (at == 0 || at == 0.5L)
      return cos_ ? (at == 0 ? 1 : -1) : 0;
   if (at == 0.25L || at == 0.75L)
      return cos_ ? 0 : (at == 0.25L ? s : -s);
   return cos_ ? cosl(pi2 * t) : sinl(pi2 * t);
}

static void
ref_f32(const struct insn *d, const char *op, unsigned lane, struct expect *e)
{
   bool ftz = has(d, "FTZ") || has(d, "FMZ"), fmz = has(d, "FMZ"), sat = has(d, "SAT");
   int mode = rnd_of(d);
   const struct opnd *o = d->op;
   e->nr = 1;
   if (!strcmp(op, "FADD") || !strcmp(op, "FMUL") || !strcmp(op, "FFMA")) {
      volatile float a = fval(&o[1], lane, ftz), b = fval(&o[2], lane, ftz);
      volatile float c = !strcmp(op, "FFMA") ? fval(&o[3], lane, ftz) : 0;
      volatile float r;
      volatile double p = (double)a * b;
      if (fmz && (a == 0 || b == 0))
         p = signbit(a) != signbit(b) ? -0.0 : 0.0;
      fesetround(mode);
      if (!strcmp(op, "FADD"))
         r = a + b;
      else if (!strcmp(op, "FMUL"))
         r = (float)ldexp(p, scale_of(d));
      else if (fmz && (a == 0 || b == 0))
         r = fmaf((float)p, 1.0f, c); /* FMZ's zero product plus c */
      else
         r = fmaf(a, b, c);
      fesetround(FE_TONEAREST);
      e->r[0] = fout(r, ftz, sat);
   } else if (!strcmp(op, "FMNMX")) {
      uint32_t a = flush(sim_u32(fval(&o[1], lane, false)), ftz);
      uint32_t b = flush(sim_u32(fval(&o[2], lane, false)), ftz);
      bool min = predv(&o[3], lane);
      float fa = sim_f32(a), fb = sim_f32(b);
      uint32_t r;
      if (isnan32(a) && isnan32(b))
         r = 0x7fffffff;
      else if (isnan32(a))
         r = b;
      else if (isnan32(b))
         r = a;
      else if (fa == fb)
         r = (min ? (a | b) : (a & b)) & 0x80000000 ? (a | 0x80000000) : (a & 0x7fffffff);
      else
         r = (fa < fb) == min ? a : b;
      e->r[0] = r;
   } else if (!strcmp(op, "FSETP") || !strcmp(op, "FSET")) {
      float a = fval(&o[!strcmp(op, "FSET") ? 1 : 2], lane, ftz);
      float b = fval(&o[!strcmp(op, "FSET") ? 2 : 3], lane, ftz);
      bool c = cmp_ref(d, a, b), p = predv(&o[d->nop - 1], lane);
      if (!strcmp(op, "FSET")) {
         e->r[0] = bop_ref(d, c, p) ? 0x3f800000 : 0;
      } else {
         e->nr = 0;
         e->np = 2;
         e->p[0] = bop_ref(d, c, p);
         e->p[1] = bop_ref(d, !c, p);
      }
   } else if (!strcmp(op, "FSEL")) {
      e->r[0] = sim_u32(predv(&o[3], lane) ? fval(&o[1], lane, false) : fval(&o[2], lane, false));
   } else if (!strcmp(op, "MUFU")) {
      long double v = fval(&o[1], lane, true), r;
      const char *f = d->mods[0];
      if (!strcmp(f, "RCP"))
         r = 1.0f / (float)v;
      else if (!strcmp(f, "SQRT"))
         r = sqrtf((float)v);
      else if (!strcmp(f, "RSQ"))
         r = 1.0L / sqrtl(v);
      else if (!strcmp(f, "EX2"))
         r = exp2l(v);
      else if (!strcmp(f, "LG2"))
         r = log2l(v);
      else if (!strcmp(f, "TANH"))
         r = tanhl(v);
      else
         r = sin_rev_ref(v, !strcmp(f, "COS"));
      e->r[0] = fout((float)r, true, false);
      if (strcmp(f, "RCP") && strcmp(f, "SQRT"))
         e->ulp = 1;
   }
}

/* --- fp64 reference ------------------------------------------------------- */

static double
dval(const struct opnd *o, unsigned lane)
{
   uint64_t u = raw64(o, lane);
   if (o->abs)
      u &= ~(1ull << 63);
   if (o->neg)
      u ^= 1ull << 63;
   return sim_f64(u);
}

static bool
isnan64(uint64_t u)
{
   return (u & ~(1ull << 63)) > 0x7ff0000000000000ull;
}

static void
ref_f64(const struct insn *d, const char *op, unsigned lane, struct expect *e)
{
   const struct opnd *o = d->op;
   if (!strcmp(op, "DSETP")) {
      bool c = cmp_ref(d, dval(&o[2], lane), dval(&o[3], lane)), p = predv(&o[4], lane);
      e->np = 2;
      e->p[0] = bop_ref(d, c, p);
      e->p[1] = bop_ref(d, !c, p);
      return;
   }
   volatile double a = dval(&o[1], lane), b = dval(&o[2], lane);
   volatile double c = !strcmp(op, "DFMA") ? dval(&o[3], lane) : 0, r;
   fesetround(rnd_of(d));
   if (!strcmp(op, "DADD"))
      r = a + b;
   else if (!strcmp(op, "DMUL"))
      r = a * b;
   else
      r = fma(a, b, c);
   fesetround(FE_TONEAREST);
   uint64_t u = sim_u64(r);
   if (isnan(r)) {
      /* the first NaN input, quieted, or the new NaN */
      uint64_t in[3] = {sim_u64(a), sim_u64(b), sim_u64(c)};
      u = 0x7fffffffffffffffull;
      for (int i = 2; i >= 0; i--)
         if (isnan64(in[i]))
            u = in[i] | (1ull << 51);
   }
   e->nr = 2;
   e->r[0] = (uint32_t)u;
   e->r[1] = (uint32_t)(u >> 32);
}

/* --- half reference ------------------------------------------------------- */

static uint16_t
to_h(long double v, bool ftz)
{
   _Float16 h = (_Float16)v; /* round to nearest even */
   uint16_t u;
   memcpy(&u, &h, 2);
   if ((u & 0x7fff) > 0x7c00)
      return 0x7fff;
   if (ftz && (u & 0x7c00) == 0)
      u &= 0x8000;
   return u;
}

static long double
hval(const struct opnd *o, uint32_t raw, unsigned lane, bool ftz)
{
   long double v;
   if (o->swz == 1) {
      v = sim_f32(flush(raw, ftz));
   } else {
      int s = o->swz < 0 ? 0 : o->swz;
      uint16_t h = (s == 3 || (s == 0 && lane)) ? raw >> 16 : raw & 0xffff;
      if (ftz && (h & 0x7c00) == 0)
         h &= 0x8000;
      _Float16 f;
      memcpy(&f, &h, 2);
      v = f;
   }
   if (o->abs)
      v = fabsl(v);
   return o->neg ? -v : v;
}

/* The N half2 sources from text operand K on: each a register, constant or
 * an immediate pair (two text operands, high half first). */
static void
half_sources(const struct insn *d, unsigned k, unsigned n, unsigned lane, struct opnd *src,
             uint32_t *raw)
{
   const struct opnd *o = d->op;
   for (unsigned i = 0; i < n; i++) {
      src[i] = o[k];
      if (o[k].kind == O_IMM) {
         _Float16 hi = (_Float16)o[k].imm, lo = (_Float16)o[k + 1].imm;
         uint16_t uh, ul;
         memcpy(&uh, &hi, 2);
         memcpy(&ul, &lo, 2);
         raw[i] = (uint32_t)uh << 16 | ul;
         k += 2;
      } else {
         raw[i] = raw32(&o[k], lane);
         k++;
      }
   }
}

static void
ref_half(const struct insn *d, const char *op, unsigned lane, struct expect *e)
{
   bool ftz = has(d, "FTZ") || has(d, "FMZ"), fmz = has(d, "FMZ"), sat = has(d, "SAT");
   bool f32 = has(d, "F32");
   struct opnd src[3];
   uint32_t raw[3];
   half_sources(d, 1, !strcmp(op, "HFMA2") ? 3 : 2, lane, src, raw);
   uint32_t out = 0;
   for (unsigned h = 0; h < (f32 ? 1u : 2u); h++) {
      long double a = hval(&src[0], raw[0], h, ftz), b = hval(&src[1], raw[1], h, ftz), v;
      long double p = a * b;
      if (fmz && (a == 0 || b == 0))
         p = signbit(a) != signbit(b) ? -0.0L : 0.0L;
      if (!strcmp(op, "HADD2"))
         v = a + b;
      else if (!strcmp(op, "HMUL2"))
         v = p;
      else
         v = p + hval(&src[2], raw[2], h, ftz);
      if (f32) {
         out = fout((float)v, ftz, sat);
      } else {
         uint16_t r = to_h(v, ftz);
         if (sat) {
            if ((r & 0x7fff) > 0x7c00 || (r & 0x8000))
               r = 0;
            else if (r > 0x3c00)
               r = 0x3c00;
         }
         out |= (uint32_t)r << (16 * h);
      }
   }
   e->nr = 1;
   e->r[0] = out;
}

/* MUFU.*.F16 (ex2.approx.f16, tanh.approx.f16): the function of one half
 * (the low one, .H1 the high one; an immediate is a half), in long double,
 * rounded once to half (nearest even), subnormals kept, NaN 0x7fff; the
 * high 16 bits of the register are 0.  The model is exact where hardware
 * approximates (docs/sim.md): EX2, RCP and SQRT are compared exactly, the
 * others within 1 ulp (the model computes in double). */
static void
ref_mufu_f16(const struct insn *d, unsigned lane, struct expect *e)
{
   const struct opnd *o = &d->op[1];
   long double v;
   if (o->kind == O_IMM) {
      v = o->imm;
   } else {
      uint32_t raw = raw32(o, lane);
      uint16_t h = o->swz == 4 ? raw >> 16 : raw & 0xffff;
      _Float16 f;
      memcpy(&f, &h, 2);
      v = f;
      if (o->abs)
         v = fabsl(v);
      if (o->neg)
         v = -v;
   }
   const char *f = d->mods[0];
   long double r;
   if (!strcmp(f, "EX2"))
      r = exp2l(v);
   else if (!strcmp(f, "RCP"))
      r = 1.0L / v;
   else if (!strcmp(f, "SQRT"))
      r = sqrtl(v);
   else if (!strcmp(f, "RSQ"))
      r = 1.0L / sqrtl(v);
   else if (!strcmp(f, "LG2"))
      r = log2l(v);
   else if (!strcmp(f, "TANH"))
      r = tanhl(v);
   else
      r = sin_rev_ref(v, !strcmp(f, "COS"));
   e->nr = 1;
   e->r[0] = to_h(r, false);
   if (strcmp(f, "EX2") && strcmp(f, "RCP") && strcmp(f, "SQRT"))
      e->ulp = 1;
}

/* HSETP2/HSET2: each half compared as FSETP compares; .H_AND gives pd0
 * both halves' AND and pd1 its negation before p is combined. */
static void
ref_hset(const struct insn *d, const char *op, unsigned lane, struct expect *e)
{
   bool ftz = has(d, "FTZ"), to_pred = !strcmp(op, "HSETP2");
   struct opnd src[2];
   uint32_t raw[2];
   half_sources(d, to_pred ? 2 : 1, 2, lane, src, raw);
   bool p = predv(&d->op[d->nop - 1], lane), c[2];
   for (unsigned h = 0; h < 2; h++)
      c[h] = cmp_ref(d, hval(&src[0], raw[0], h, ftz), hval(&src[1], raw[1], h, ftz));
   if (to_pred) {
      if (has(d, "H_AND")) {
         c[0] = c[0] && c[1];
         c[1] = !c[0];
      }
      e->np = 2;
      e->p[0] = bop_ref(d, c[0], p);
      e->p[1] = bop_ref(d, c[1], p);
   } else {
      uint32_t one = has(d, "BF") ? 0x3c00 : 0xffff;
      e->nr = 1;
      e->r[0] = (bop_ref(d, c[0], p) ? one : 0) | (bop_ref(d, c[1], p) ? one : 0) << 16;
   }
}

/* --- conversion reference ------------------------------------------------- */

static int
type_of(const char *m)
{
   static const char *n[] = {"U8", "U16", "U32", "U64", "S8", "S16", "S32", "S64"};
   for (int i = 0; i < 8; i++)
      if (!strcmp(m, n[i]))
         return i;
   if (!strcmp(m, "F16"))
      return 16;
   if (!strcmp(m, "F32"))
      return 32;
   if (!strcmp(m, "F64"))
      return 64;
   return -1;
}

static void
types(const struct insn *d, const char *op, int *dt, int *st)
{
   int t[2], n = 0;
   for (unsigned i = 0; i < d->nmods; i++) {
      int v = type_of(d->mods[i]);
      if (v >= 0 && n < 2)
         t[n++] = v;
   }
   /* defaults: F2I .S32 from .F32, I2F .F32 from .S32, F2F as written */
   if (!strcmp(op, "F2I")) {
      *dt = 6;
      *st = 32;
      for (int i = 0; i < n; i++) {
         if (t[i] < 16)
            *dt = t[i];
         else
            *st = t[i];
      }
   } else if (!strcmp(op, "I2F")) {
      *dt = 32;
      *st = 6;
      for (int i = 0; i < n; i++) {
         if (t[i] < 16)
            *st = t[i];
         else
            *dt = t[i];
      }
   } else {
      *dt = t[0];
      *st = t[1];
   }
}

static long double
fsrc_ref(const struct opnd *o, int st, bool ftz, unsigned lane)
{
   long double v;
   if (st == 64) {
      v = sim_f64(raw64(o, lane));
   } else if (st == 16) {
      uint32_t r = raw32(o, lane);
      uint16_t h = (o->swz == 4 ? r >> 16 : r) & 0xffff;
      _Float16 f;
      memcpy(&f, &h, 2);
      v = f;
   } else {
      v = sim_f32(flush(raw32(o, lane), ftz));
   }
   if (o->abs)
      v = fabsl(v);
   return o->neg ? -v : v;
}

static void
put64(struct expect *e, uint64_t v, bool wide)
{
   e->nr = wide ? 2 : 1;
   e->r[0] = (uint32_t)v;
   e->r[1] = (uint32_t)(v >> 32);
}

static void
ref_conv(const struct insn *d, const char *op, unsigned lane, struct expect *e)
{
   int dt, st, mode = rnd_of(d);
   bool ftz = has(d, "FTZ");
   const struct opnd *o = &d->op[1];
   if (!strcmp(op, "FRND") && has(d, "F64")) {
      volatile double v = (double)fsrc_ref(o, 64, false, lane), r;
      fesetround(mode);
      r = nearbyint(v);
      fesetround(FE_TONEAREST);
      put64(e, isnan(r) ? 0x7fffffffffffffffull : sim_u64(r), true);
      return;
   }
   if (!strcmp(op, "I2I")) {
      /* the S32 source (an immediate is written as an integer) clamped */
      types(d, op, &dt, &st);
      int64_t v = o->kind == O_IMM ? (int64_t)o->imm : (int32_t)raw32(o, lane);
      unsigned w = 8u << (dt & 3);
      int64_t lo = dt & 4 ? -(1ll << (w - 1)) : 0;
      int64_t hi = dt & 4 ? (1ll << (w - 1)) - 1 : (1ll << w) - 1;
      v = v < lo ? lo : v > hi ? hi : v;
      put64(e, (uint32_t)(int32_t)v, false);
      return;
   }
   if (!strcmp(op, "FRND")) {
      volatile float v = (float)fsrc_ref(o, 32, ftz, lane), r;
      fesetround(mode);
      r = nearbyintf(v);
      fesetround(FE_TONEAREST);
      e->nr = 1;
      e->r[0] = isnan(r) ? 0x7fffffff : sim_u32(r);
      return;
   }
   types(d, op, &dt, &st);
   if (!strcmp(op, "F2I")) {
      long double v = fsrc_ref(o, st, ftz, lane);
      unsigned w = 8u << (dt & 3);
      bool sgn = dt & 4, wide = (dt & 3) == 3;
      uint64_t r;
      if (isnan(v)) {
         r = has(d, "NTZ") || wide || st == 64 || !sgn ? 0 : ~0ull << (w - 1);
      } else {
         volatile long double vv = v, ri;
         fesetround(mode);
         ri = nearbyintl(vv);
         fesetround(FE_TONEAREST);
         long double hi = sgn ? ldexpl(1, (int)w - 1) - 1 : ldexpl(1, (int)w) - 1;
         long double lo = sgn ? -ldexpl(1, (int)w - 1) : 0;
         if (ri > hi)
            ri = hi;
         if (ri < lo)
            ri = lo;
         r = sgn ? (uint64_t)(int64_t)ri : (uint64_t)ri;
      }
      if (!wide)
         r &= 0xffffffff;
      put64(e, r, wide);
   } else if (!strcmp(op, "I2F")) {
      unsigned w = 8u << (st & 3);
      uint64_t raw = w == 64 ? raw64(o, lane) : raw32(o, lane);
      if (w < 64)
         raw &= (1ull << w) - 1;
      volatile long double iv;
      if (st & 4) {
         int64_t s = w == 64 ? (int64_t)raw : (int64_t)(raw << (64 - w)) >> (64 - w);
         iv = s; /* exact in long double */
      } else {
         iv = raw;
      }
      fesetround(mode);
      if (dt == 64) {
         volatile double r = (double)iv;
         fesetround(FE_TONEAREST);
         put64(e, sim_u64(r), true);
      } else if (dt == 32) {
         volatile float r = (float)iv;
         fesetround(FE_TONEAREST);
         put64(e, sim_u32(r), false);
      } else {
         volatile _Float16 r = (_Float16)iv;
         fesetround(FE_TONEAREST);
         uint16_t u;
         memcpy(&u, (const void *)&r, 2);
         put64(e, u, false);
      }
   } else { /* F2F */
      volatile long double v = fsrc_ref(o, st, ftz && st == 32, lane);
      uint64_t r;
      fesetround(mode);
      if (dt == 64) {
         volatile double x = (double)v;
         r = isnan(x) ? 0x7fffffffffffffffull : sim_u64(x);
      } else if (dt == 32) {
         volatile float x = (float)v;
         r = isnan(x) ? 0x7fffffff : flush(sim_u32(x), ftz);
      } else {
         volatile _Float16 x = (_Float16)v;
         uint16_t u;
         memcpy(&u, (const void *)&x, 2);
         r = (u & 0x7fff) > 0x7c00 ? 0x7fff : u;
      }
      fesetround(FE_TONEAREST);
      put64(e, r, dt == 64);
   }
}

/* --- the cases ------------------------------------------------------------ */

struct tcase {
   enum kind kind;
   const char *text;
};

static const struct tcase cases[] = {
   {K_F32, "FADD R0, R2, R4 ;"},
   {K_F32, "FADD.FTZ R0, -R2, |R4| ;"},
   {K_F32, "FADD.RM R0, R2, -|R4| ;"},
   {K_F32, "FADD.RP.SAT R0, R2, R4 ;"},
   {K_F32, "FADD.FTZ.RZ R0, R2, R4 ;"},
   {K_F32, "FADD R0, R2, 1.5 ;"},
   {K_F32, "FADD.RM R0, R2, c[0x0][0x10] ;"},
   {K_F32, "FMUL R0, R2, R4 ;"},
   {K_F32, "FMUL.FTZ.RP R0, -R2, R4 ;"},
   {K_F32, "FMUL.FMZ.RZ R0, R2, |R4| ;"},
   {K_F32, "FMUL.D2.RM R0, R2, R4 ;"},
   {K_F32, "FMUL.M8.SAT R0, R2, R4 ;"},
   {K_F32, "FMUL.FMZ.D8 R0, R2, -0.25 ;"},
   {K_F32, "FFMA R0, R2, R4, R6 ;"},
   {K_F32, "FFMA.RZ R0, -R2, |R4|, R6 ;"},
   {K_F32, "FFMA.FTZ.RM R0, R2, R4, -R6 ;"},
   {K_F32, "FFMA.FMZ.RP.SAT R0, R2, R4, R6 ;"},
   {K_F32, "FFMA.FMZ R0, R2, R4, R6 ;"},
   {K_F32, "FFMA R0, R2, 3, R6 ;"},
   {K_F32, "FFMA.RM R0, R2, R4, c[0x0][0x10] ;"},
   {K_F32, "FMNMX R0, R2, R4, PT ;"},
   {K_F32, "FMNMX R0, R2, -R4, !PT ;"},
   {K_F32, "FMNMX.FTZ R0, |R2|, R4, P1 ;"},
   {K_F32, "FSETP.LT.AND P0, P1, R2, R4, PT ;"},
   {K_F32, "FSETP.EQ.OR P0, P1, R2, -R4, P2 ;"},
   {K_F32, "FSETP.LE.XOR P0, P1, R2, R4, !P2 ;"},
   {K_F32, "FSETP.GT.AND P2, P3, |R2|, R4, P1 ;"},
   {K_F32, "FSETP.NE.AND P0, P1, R2, R4, PT ;"},
   {K_F32, "FSETP.GE.FTZ.AND P0, P1, R2, R4, PT ;"},
   {K_F32, "FSETP.NUM.AND P0, P1, R2, R4, PT ;"},
   {K_F32, "FSETP.NAN.OR P0, P1, R2, R4, P3 ;"},
   {K_F32, "FSETP.LTU.AND P0, P1, R2, R4, PT ;"},
   {K_F32, "FSETP.EQU.AND P0, P1, R2, R4, PT ;"},
   {K_F32, "FSETP.LEU.AND P0, P1, R2, R4, PT ;"},
   {K_F32, "FSETP.GTU.FTZ.AND P0, P1, R2, R4, PT ;"},
   {K_F32, "FSETP.NEU.AND P0, P1, R2, R4, PT ;"},
   {K_F32, "FSETP.GEU.AND P0, P1, R2, R4, PT ;"},
   {K_F32, "FSETP.T.AND P0, P1, R2, R4, P2 ;"},
   {K_F32, "FSETP.F.OR P0, P1, R2, R4, P2 ;"},
   {K_F32, "FSETP.GT.AND P0, P1, R2, 0.5, PT ;"},
   {K_F32, "FSET.BF.LT.AND R0, R2, R4, PT ;"},
   {K_F32, "FSET.BF.NEU.FTZ.OR R0, -R2, R4, P1 ;"},
   {K_F32, "FSEL R0, R2, -R4, P1 ;"},
   {K_F32, "FSEL R0, |R2|, 2, !P2 ;"},
   {K_F32, "MUFU.RCP R0, R2 ;"},
   {K_F32, "MUFU.RCP R0, -|R2| ;"},
   {K_F32, "MUFU.SQRT R0, R2 ;"},
   {K_F32, "MUFU.RSQ R0, R2 ;"},
   {K_F32, "MUFU.EX2 R0, R2 ;"},
   {K_F32, "MUFU.LG2 R0, R2 ;"},
   {K_F32, "MUFU.SIN R0, R2 ;"},
   {K_F32, "MUFU.COS R0, R2 ;"},
   {K_F32, "MUFU.TANH R0, R2 ;"},
   {K_H2, "MUFU.EX2.F16 R0, R2 ;"},
   {K_H2, "MUFU.EX2.F16 R0, R2.H1 ;"},
   {K_H2, "MUFU.EX2.F16 R0, -|R2.H1| ;"},
   {K_H2, "MUFU.EX2.F16 R0, |R2| ;"},
   {K_H2, "MUFU.EX2.F16 R0, c[0x0] [0x10].H1 ;"},
   {K_H2, "MUFU.EX2.F16 R0, -0.5 ;"},
   {K_H2, "MUFU.EX2.F16 R0, 15.5 ;"},
   {K_H2, "MUFU.TANH.F16 R0, R2 ;"},
   {K_H2, "MUFU.RCP.F16 R0, -R2.H1 ;"},
   {K_H2, "MUFU.SQRT.F16 R0, R2 ;"},
   {K_H2, "MUFU.RSQ.F16 R0, R2 ;"},
   {K_H2, "MUFU.LG2.F16 R0, R2.H1 ;"},
   {K_H2, "MUFU.SIN.F16 R0, R2 ;"},
   {K_H2, "MUFU.COS.F16 R0, R2 ;"},
   {K_F64, "DADD R0, R2, R4 ;"},
   {K_F64, "DADD.RM R0, -R2, |R4| ;"},
   {K_F64, "DADD.RZ R0, R2, 1.5 ;"},
   {K_F64, "DADD.RP R0, R2, c[0x0][0x18] ;"},
   {K_F64, "DMUL R0, R2, R4 ;"},
   {K_F64, "DMUL.RP R0, R2, -R4 ;"},
   {K_F64, "DFMA R0, R2, R4, R6 ;"},
   {K_F64, "DFMA.RZ R0, -R2, R4, |R6| ;"},
   {K_F64, "DFMA.RM R0, R2, R4, R6 ;"},
   {K_F64, "DSETP.LT.AND P0, P1, R2, R4, PT ;"},
   {K_F64, "DSETP.NEU.OR P0, P1, R2, -R4, P2 ;"},
   {K_F64, "DSETP.GE.XOR P0, P1, |R2|, R4, !P3 ;"},
   {K_H2, "HADD2 R0, R2, R4 ;"},
   {K_H2, "HADD2 R0, -R2.H0_H0, |R4|.H1_H1 ;"},
   {K_H2, "HADD2.FTZ.SAT R0, R2, -R4 ;"},
   {K_H2, "HADD2.F32 R0, -RZ, R2.H0_H0 ;"},
   {K_H2, "HADD2.F32 R0, R2.H1_H1, -R4.H0_H0 ;"},
   {K_H2, "HMUL2 R0, R2, R4 ;"},
   {K_H2, "HMUL2.FMZ R0, R2.H1_H1, R4 ;"},
   {K_H2, "HMUL2.SAT R0, -|R2|, R4.H0_H0 ;"},
   {K_H2, "HFMA2 R0, R2, R4, R6 ;"},
   {K_H2, "HFMA2.FTZ R0, R2.H0_H0, -R4, |R6|.H1_H1 ;"},
   {K_H2, "HFMA2.FMZ.SAT R0, R2, R4, -R6 ;"},
   {K_H2, "HADD2 R0, R2, 1, -2 ;"},
   {K_H2, "HMUL2 R0, -R2.H1_H1, 0.5, 3 ;"},
   {K_H2, "HFMA2 R0, R2, 2, 0.25, R6 ;"},
   {K_H2, "HFMA2 R0, R2, -R4.H0_H0, -1, 1 ;"},
   {K_F32, "F2I R0, R2 ;"},
   {K_F32, "F2I.NTZ R0, R2 ;"},
   {K_F32, "F2I.U32.TRUNC.NTZ R0, R2 ;"},
   {K_F32, "F2I.FTZ.FLOOR.NTZ R0, -R2 ;"},
   {K_F32, "F2I.U8.CEIL.NTZ R0, |R2| ;"},
   {K_F32, "F2I.S16.TRUNC.NTZ R0, R2 ;"},
   {K_F32, "F2I.S8.NTZ R0, R2 ;"},
   {K_F32, "F2I.U16.FLOOR R0, R2 ;"},
   {K_F32, "F2I.S64.FLOOR R0, R2 ;"},
   {K_F32, "F2I.U64.TRUNC R0, R2 ;"},
   {K_H2, "F2I.F16.TRUNC.NTZ R0, R2 ;"},
   {K_F64, "F2I.F64.TRUNC R0, R2 ;"},
   {K_F64, "F2I.U32.F64 R0, R2 ;"},
   {K_F64, "F2I.S64.F64.CEIL R0, R2 ;"},
   {K_F64, "F2I.U64.F64.FLOOR R0, -R2 ;"},
   {K_INT, "I2F R0, R2 ;"},
   {K_INT, "I2F.U32.RP R0, R2 ;"},
   {K_INT, "I2F.RZ R0, R2 ;"},
   {K_INT, "I2F.S8.RM R0, R2 ;"},
   {K_INT, "I2F.U16 R0, R2 ;"},
   {K_INT, "I2F.F16 R0, R2 ;"},
   {K_INT, "I2F.F16.U32.RZ R0, R2 ;"},
   {K_INT, "I2F.S64 R0, R2 ;"},
   {K_INT, "I2F.U64.RM R0, R2 ;"},
   {K_INT, "I2F.F64 R0, R2 ;"},
   {K_INT, "I2F.F64.U64.RP R0, R2 ;"},
   {K_INT, "I2F.F64.S64.RZ R0, R2 ;"},
   {K_F32, "F2F.F16.F32 R0, R2 ;"},
   {K_F32, "F2F.F16.F32.RZ R0, -R2 ;"},
   {K_F32, "F2F.FTZ.F16.F32.RP R0, R2 ;"},
   {K_H2, "F2F.F32.F16 R0, R2 ;"},
   {K_H2, "F2F.F32.F16 R0, -|R2| ;"},
   {K_F64, "F2F.F32.F64 R0, R2 ;"},
   {K_F64, "F2F.FTZ.F32.F64.RM R0, R2 ;"},
   {K_F64, "F2F.F32.F64.RZ R0, -R2 ;"},
   {K_F32, "F2F.F64.F32 R0, R2 ;"},
   {K_F32, "F2F.FTZ.F64.F32 R0, |R2| ;"},
   {K_F32, "FRND R0, R2 ;"},
   {K_F32, "FRND.FLOOR R0, -R2 ;"},
   {K_F32, "FRND.CEIL R0, R2 ;"},
   {K_F32, "FRND.FTZ.TRUNC R0, |R2| ;"},
   {K_H2, "F2F.F64.F16 R0, R2 ;"},
   {K_H2, "F2F.F64.F16 R0, -|R2.H1| ;"},
   {K_H2, "F2F.F64.F16.RM R0, c[0x0] [0x10].H1 ;"},
   {K_F64, "F2F.F16.F64 R0, R2 ;"},
   {K_F64, "F2F.F16.F64.RM R0, -R2 ;"},
   {K_F64, "F2F.F16.F64.RP R0, |R2| ;"},
   {K_F64, "F2F.F16.F64.RZ R0, c[0x0][0x18] ;"},
   {K_F64, "FRND.F64 R0, R2 ;"},
   {K_F64, "FRND.F64.FLOOR R0, -R2 ;"},
   {K_F64, "FRND.F64.CEIL R0, |R2| ;"},
   {K_F64, "FRND.F64.TRUNC R0, c[0x0][0x18] ;"},
   {K_F64, "FRND.F64 R0, 2.5 ;"},
   {K_INT, "I2I.S8.S32.SAT R0, R2 ;"},
   {K_INT, "I2I.U8.S32.SAT R0, R2 ;"},
   {K_INT, "I2I.S16.S32.SAT R0, c[0x0][0x10] ;"},
   {K_INT, "I2I.U16.S32.SAT R0, R2 ;"},
   {K_INT, "I2I.S8.S32.SAT R0, -0x81 ;"},
   {K_INT, "I2I.U16.S32.SAT R0, 0x12345 ;"},
   {K_H2, "HSETP2.LT.AND P0, P1, R2, R4, PT ;"},
   {K_H2, "HSETP2.EQU.OR P0, P1, -R2.H0_H0, |R4|.H1_H1, P2 ;"},
   {K_H2, "HSETP2.GE.FTZ.XOR P2, P3, R2, -R4, !P1 ;"},
   {K_H2, "HSETP2.NAN.AND P0, P1, R2.F32, R4, PT ;"},
   {K_H2, "HSETP2.NEU.H_AND.AND P0, P1, R2, R4, P3 ;"},
   {K_H2, "HSETP2.GT.H_AND.OR P0, P1, R2, c[0x0] [0x10], !P2 ;"},
   {K_H2, "HSETP2.LEU.AND P0, P1, R2, 1, -0.5, PT ;"},
   {K_H2, "HSETP2.NUM.AND P0, P1, R2.H1_H1, R4, PT ;"},
   {K_H2, "HSET2.LT.AND R0, R2, R4, PT ;"},
   {K_H2, "HSET2.BF.GEU.FTZ.OR R0, R2.H1_H1, -R4, P1 ;"},
   {K_H2, "HSET2.BF.NE.AND R0, |R2|, c[0x0] [0x10].H0_H0, PT ;"},
   {K_H2, "HSET2.EQ.XOR R0, R2, 2, 0, !P3 ;"},
};

static void
reference(const struct insn *d, const char *op, enum kind k, unsigned lane, struct expect *e)
{
   memset(e, 0, sizeof(*e));
   if (!strcmp(op, "HSETP2") || !strcmp(op, "HSET2"))
      ref_hset(d, op, lane, e);
   else if (!strcmp(op, "MUFU") && has(d, "F16"))
      ref_mufu_f16(d, lane, e);
   else if (op[0] == 'H')
      ref_half(d, op, lane, e);
   else if (op[0] == 'D')
      ref_f64(d, op, lane, e);
   else if (!strcmp(op, "F2I") || !strcmp(op, "I2F") || !strcmp(op, "F2F") || !strcmp(op, "FRND") ||
            !strcmp(op, "I2I"))
      ref_conv(d, op, lane, e);
   else
      ref_f32(d, op, lane, e);
   (void)k;
}

static bool (*const families[])(struct sim_exec *) = {
   sim_exec_float,
   sim_exec_fp64,
   sim_exec_half,
   sim_exec_conv,
};

static unsigned
ulp_diff(uint32_t a, uint32_t b)
{
   if ((a ^ b) >> 31)
      return a == b ? 0 : ~0u;
   return a > b ? a - b : b - a;
}

static unsigned failures;

static void
report(const char *text, unsigned lane, const struct expect *e, const uint32_t *got,
       const bool *gotp)
{
   if (++failures > 400)
      return;
   printf("FAIL %s lane %u: a=%08x:%08x b=%08x:%08x c=%08x:%08x P=%x,%x,%x,%x\n", text, lane,
          warp.r[3][lane], warp.r[2][lane], warp.r[5][lane], warp.r[4][lane], warp.r[7][lane],
          warp.r[6][lane], (warp.p[0] >> lane) & 1, (warp.p[1] >> lane) & 1,
          (warp.p[2] >> lane) & 1, (warp.p[3] >> lane) & 1);
   for (unsigned i = 0; i < e->nr; i++)
      printf("   R%u: got %08x expected %08x\n", i, got[i], e->r[i]);
   for (unsigned i = 0; i < e->np; i++)
      printf("   pd%u: got %d expected %d\n", i, gotp[i], e->p[i]);
}

static unsigned
run_case(const struct tcase *tc, unsigned rounds, unsigned *lanes)
{
   struct jade_isa_instr in;
   if (!ops_assemble(tc->text, &in)) {
      failures++;
      return 0;
   }
   struct insn d;
   parse_text(tc->text, &d);
   char op[16];
   snprintf(op, sizeof(op), "%.*s", (int)strcspn(tc->text, ". "), tc->text);
   unsigned before = failures;

   for (unsigned round = 0; round < rounds; round++) {
      fill(tc->kind);
      struct sim_exec x;
      ops_exec_init(&x, &in, 0xffffffff);

      /* the source predicates and registers as they were */
      uint32_t p_before[8];
      memcpy(p_before, warp.p, sizeof(p_before));
      struct expect e[SIM_LANES];
      for (unsigned lane = 0; lane < SIM_LANES; lane++)
         reference(&d, op, tc->kind, lane, &e[lane]);
      memcpy(warp.p, p_before, sizeof(p_before));

      bool mine = false;
      for (unsigned f = 0; f < 4; f++) {
         if (families[f](&x)) {
            if (mine)
               printf("FAIL %s: claimed by two families\n", tc->text), failures++;
            mine = true;
         }
      }
      if (!mine || sim.status != JADE_SIM_OK) {
         printf("FAIL %s: %s\n", tc->text, mine ? stop_msg : "no family executes it");
         failures++;
         return 0;
      }
      for (unsigned lane = 0; lane < SIM_LANES; lane++) {
         uint32_t got[2] = {warp.r[0][lane], warp.r[1][lane]};
         bool gotp[2];
         bool bad = false;
         for (unsigned i = 0; i < e[lane].nr; i++) {
            if (got[i] != e[lane].r[i] &&
                !(e[lane].ulp && ulp_diff(got[i], e[lane].r[i]) <= e[lane].ulp))
               bad = true;
         }
         for (unsigned i = 0; i < e[lane].np; i++) {
            unsigned pd = d.op[i].reg;
            gotp[i] = pd == 7 ? e[lane].p[i] : (warp.p[pd] >> lane) & 1;
            if (gotp[i] != e[lane].p[i])
               bad = true;
         }
         if (bad)
            report(tc->text, lane, &e[lane], got, gotp);
         (*lanes)++;
      }
   }
   return failures - before;
}

int
main(int argc, char **argv)
{
   unsigned rounds = argc > 1 ? (unsigned)atoi(argv[1]) : 200;
   ops_init(0x9e3779b97f4a7c15ull);
   unsigned ncases = sizeof(cases) / sizeof(cases[0]), bad_cases = 0, lanes = 0;
   for (unsigned i = 0; i < ncases; i++)
      bad_cases += run_case(&cases[i], rounds, &lanes) != 0;
   printf("sim float ops: %u instruction cases, %u lane results compared, "
          "%u mismatches in %u cases\n",
          ncases, lanes, failures, bad_cases);
   return failures ? 1 : 0;
}
