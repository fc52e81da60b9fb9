/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection: NIR (scalarised, lowered by jade_compile.c) to
 * Jade IR.  Each NIR component becomes one value: a register for 32 bits,
 * a register pair for 64.  Vector loads and stores use register tuples,
 * filled and split with moves that the optimiser will fold later.
 *
 * Today: straight-line compute code with integer and float arithmetic,
 * system values, constant-buffer loads and global memory.  Anything else
 * fails the compile with a message naming it.
 */

#include "jade_compiler_private.h"
#include "nir.h"
#include "util/ralloc.h"

struct isel {
   struct jade_shader *s;
   struct jade_block *block;
   nir_shader *nir;
   /* Per NIR def: one value per component. */
   struct jade_value ***defs;
   /* The innermost loop's blocks, for break and continue. */
   int loop_header, loop_exit;
   unsigned barrier_depth;   /* convergence barriers in use (B0..) */
   unsigned loop_barrier;    /* barrier depth at the innermost loop's entry */
   /* The instruction being built: constants its sources need are moved
    * into registers just before it. */
   struct jade_instr *current;
   /* Fragment shaders: the outputs (render target, component) and depth
    * collected from store_output, and 1/w for perspective inputs. */
   struct jade_value *fs_color[8][4];
   struct jade_value *fs_depth;
   struct jade_value *inv_w;
   struct jade_value *lane_id;   /* S2R SR_LANEID, for derivatives */
   /* Booleans live in GPRs (0 or ~0) and become predicates just before
    * each use: the fallback when a shader has more live booleans than the
    * 7 predicates (the allocator cannot spill predicates yet). */
   bool bools_in_gpr;
};

static struct jade_instr *
emit(struct isel *c, enum jade_isa_op op)
{
   c->current = jade_instr_create(c->s, c->block, op);
   return c->current;
}

/* An instruction placed before the one being built (for its sources). */
static struct jade_instr *
emit_before_current(struct isel *c, enum jade_isa_op op)
{
   struct jade_instr *i = jade_instr_create(c->s, c->block, op);
   if (c->current && c->current != i) {
      list_del(&i->link);
      list_addtail(&i->link, &c->current->link);
   }
   return i;
}

/* A value for a NIR def: 1-bit booleans live in predicates. */
static struct jade_value *
new_gpr(struct isel *c, unsigned bit_size)
{
   if (bit_size == 1)
      return jade_value_create(c->s, JADE_FILE_PRED, 1);
   return jade_value_create(c->s, JADE_FILE_GPR, bit_size == 64 ? 2 : 1);
}

static struct jade_value **
def_values(struct isel *c, nir_def *def)
{
   if (!c->defs[def->index]) {
      c->defs[def->index] = rzalloc_array(c->s, struct jade_value *, def->num_components);
   }
   return c->defs[def->index];
}

static void
set_def(struct isel *c, nir_def *def, unsigned comp, struct jade_value *v)
{
   def_values(c, def)[comp] = v;
}

static struct jade_value *
mov_imm(struct isel *c, uint32_t imm)
{
   struct jade_value *v = new_gpr(c, 32);
   struct jade_instr *i = emit_before_current(c, JADE_ISA_OP_MOV);
   jade_instr_add_dst(i, JADE_ISA_F_DST, v);
   jade_instr_add_src_imm(i, JADE_ISA_F_B, imm);
   return v;
}

/* The value of component `comp` of a NIR source; constants are moved into
 * registers (the caller folds immediates where the ISA takes them). */
static struct jade_value *
src_value(struct isel *c, nir_def *def, unsigned comp)
{
   struct jade_value *v = def_values(c, def)[comp];
   if (v)
      return v;
   nir_instr *parent = def->parent_instr;
   if (parent->type == nir_instr_type_load_const) {
      nir_load_const_instr *lc = nir_instr_as_load_const(parent);
      if (def->bit_size == 64) {
         v = new_gpr(c, 64);
         for (unsigned h = 0; h < 2; h++) {
            struct jade_instr *i = emit_before_current(c, JADE_ISA_OP_MOV);
            jade_instr_add_dst_comp(i, JADE_ISA_F_DST, v, h);
            jade_instr_add_src_imm(i, JADE_ISA_F_B, (uint32_t)(lc->value[comp].u64 >> (32 * h)));
         }
      } else {
         v = mov_imm(c, lc->value[comp].u32);
      }
      set_def(c, def, comp, v);
      return v;
   }
   jade_shader_error(c->s, "no value for a NIR source (unsupported producer)");
   return jade_value_create(c->s, JADE_FILE_GPR, def->bit_size == 64 ? 2 : 1);
}

static bool
src_const_u32(nir_alu_instr *alu, unsigned i, uint32_t *imm)
{
   nir_def *d = alu->src[i].src.ssa;
   if (d->bit_size != 32 || !nir_src_is_const(alu->src[i].src))
      return false;
   *imm = nir_src_comp_as_uint(alu->src[i].src, alu->src[i].swizzle[0]);
   return true;
}

static struct jade_value *
alu_src(struct isel *c, nir_alu_instr *alu, unsigned i)
{
   return src_value(c, alu->src[i].src.ssa, alu->src[i].swizzle[0]);
}

/* A 32-bit source loaded from a constant buffer at a constant offset:
 * the ALU instruction can read c[bank][offset] itself. */
static bool
src_cbuf(nir_alu_instr *alu, unsigned i, unsigned *bank, int32_t *offset)
{
   nir_def *d = alu->src[i].src.ssa;
   nir_intrinsic_instr *ld = nir_src_as_intrinsic(alu->src[i].src);
   if (!ld || ld->intrinsic != nir_intrinsic_load_ubo || d->bit_size != 32 ||
       !nir_src_is_const(ld->src[0]) || !nir_src_is_const(ld->src[1]))
      return false;
   *bank = nir_src_as_uint(ld->src[0]);
   *offset = (int32_t)(nir_src_as_uint(ld->src[1]) + 4 * alu->src[i].swizzle[0]);
   return *bank < 18 && *offset >= 0 && *offset < 65536;
}

/* A predicate result kept as 0 or ~0 in a GPR: SEL g, RZ, ~0, !p. */
static struct jade_value *
bool_to_gpr(struct isel *c, struct jade_value *p)
{
   struct jade_value *g = jade_value_create(c->s, JADE_FILE_GPR, 1);
   struct jade_instr *i = jade_instr_create(c->s, c->block, JADE_ISA_OP_SEL);
   jade_instr_add_dst(i, JADE_ISA_F_DST, g);
   jade_instr_add_src_zero(i, JADE_ISA_F_A);
   jade_instr_add_src_imm(i, JADE_ISA_F_B, 0xffffffffu);
   jade_instr_add_src(i, JADE_ISA_F_P, p);
   jade_instr_set_field(i, JADE_ISA_F_P_NOT, 1);
   return g;
}

/* A boolean source as a predicate: in bools_in_gpr mode, a fresh
 * ISETP.NE of the GPR form, right before its use. */
static struct jade_value *
bool_value(struct isel *c, struct jade_value *v)
{
   if (v->file == JADE_FILE_PRED)
      return v;
   struct jade_value *p = jade_value_create(c->s, JADE_FILE_PRED, 1);
   struct jade_instr *i = emit_before_current(c, JADE_ISA_OP_ISETP);
   jade_instr_add_dst(i, JADE_ISA_F_PD0, p);
   jade_instr_add_src(i, JADE_ISA_F_A, v);
   jade_instr_add_src_zero(i, JADE_ISA_F_B);
   jade_instr_set_field(i, JADE_ISA_F_CMP, 5);   /* NE */
   return p;
}

static struct jade_value *
bool_alu_src(struct isel *c, nir_alu_instr *alu, unsigned i)
{
   return bool_value(c, alu_src(c, alu, i));
}

/* Source b of a binary op: an immediate or a constant-buffer operand when
 * the NIR source is one. */
static void
add_b(struct isel *c, struct jade_instr *ji, nir_alu_instr *alu, unsigned i)
{
   uint32_t imm;
   unsigned bank;
   int32_t offset;
   if (src_const_u32(alu, i, &imm))
      jade_instr_add_src_imm(ji, JADE_ISA_F_B, imm);
   else if (src_cbuf(alu, i, &bank, &offset))
      jade_instr_add_src_cbuf(ji, JADE_ISA_F_B, bank, offset);
   else
      jade_instr_add_src(ji, JADE_ISA_F_B, alu_src(c, alu, i));
}

/* a + u2u64(z): one IMAD.WIDE.U32 dst, z, 1, a (addresses are built so). */
static bool
isel_iadd64_wide(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   for (unsigned k = 0; k < 2; k++) {
      nir_scalar z = nir_scalar_chase_alu_src(nir_get_scalar(&alu->def, 0), k);
      if (!nir_scalar_is_alu(z) || nir_scalar_alu_op(z) != nir_op_u2u64)
         continue;
      nir_scalar inner = nir_scalar_chase_alu_src(z, 0);
      struct jade_value *a = alu_src(c, alu, 1 - k);
      struct jade_value *zv = src_value(c, inner.def, inner.comp);
      struct jade_instr *i = emit(c, JADE_ISA_OP_IMAD_WIDE);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, zv);
      jade_instr_add_src_imm(i, JADE_ISA_F_B, 1);
      jade_instr_add_src(i, JADE_ISA_F_C, a);
      return true;
   }
   return false;
}

static void
isel_iadd64(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   if (isel_iadd64_wide(c, alu, dst))
      return;
   struct jade_value *a = alu_src(c, alu, 0), *b = alu_src(c, alu, 1);
   struct jade_value *carry = jade_value_create(c->s, JADE_FILE_PRED, 1);
   struct jade_instr *lo = emit(c, JADE_ISA_OP_IADD3);
   jade_instr_add_dst_comp(lo, JADE_ISA_F_DST, dst, 0);
   jade_instr_add_dst(lo, JADE_ISA_F_PD0, carry);
   jade_instr_add_src_comp(lo, JADE_ISA_F_A, a, 0);
   jade_instr_add_src_comp(lo, JADE_ISA_F_B, b, 0);
   jade_instr_add_src_zero(lo, JADE_ISA_F_C);
   struct jade_instr *hi = emit(c, JADE_ISA_OP_IADD3);
   jade_instr_set_field(hi, JADE_ISA_F_X, 1);
   jade_instr_add_dst_comp(hi, JADE_ISA_F_DST, dst, 1);
   jade_instr_add_src_comp(hi, JADE_ISA_F_A, a, 1);
   jade_instr_add_src_comp(hi, JADE_ISA_F_B, b, 1);
   jade_instr_add_src_zero(hi, JADE_ISA_F_C);
   jade_instr_add_src(hi, JADE_ISA_F_CIN0, carry);
   jade_instr_set_field(hi, JADE_ISA_F_CIN1_NOT, 1);   /* !PT: no second carry */
}

/* LOP3 truth tables of a, b with c = RZ. */
#define LUT_AND 0xc0
#define LUT_OR  0xfc
#define LUT_XOR 0x3c


/* dst = a <op> b through FADD with modifiers: x + (-0) is x for every x,
 * so FADD with -RZ implements moves with neg/abs/sat. */
static void
fadd_mods(struct isel *c, struct jade_value *dst, struct jade_value *a, bool neg, bool abs,
          bool sat)
{
   struct jade_instr *i = emit(c, JADE_ISA_OP_FADD);
   jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
   jade_instr_add_src(i, JADE_ISA_F_A, a);
   jade_instr_add_src_zero(i, JADE_ISA_F_B);
   jade_instr_set_field(i, JADE_ISA_F_B_NEG, 1);
   if (neg)
      jade_instr_set_field(i, JADE_ISA_F_A_NEG, 1);
   if (abs)
      jade_instr_set_field(i, JADE_ISA_F_A_ABS, 1);
   if (sat)
      jade_instr_set_field(i, JADE_ISA_F_SAT, 1);
}

/* ISETP/FSETP into a predicate: pd0 = a <cmp> b (AND PT). */
static void
setp(struct isel *c, nir_alu_instr *alu, struct jade_value *dst, bool is_float,
     unsigned cmp, bool is_signed)
{
   struct jade_instr *i = emit(c, is_float ? JADE_ISA_OP_FSETP : JADE_ISA_OP_ISETP);
   jade_instr_add_dst(i, JADE_ISA_F_PD0, dst);
   jade_instr_add_src(i, JADE_ISA_F_A, alu_src(c, alu, 0));
   add_b(c, i, alu, 1);
   jade_instr_set_field(i, JADE_ISA_F_CMP, cmp);
   if (!is_float && is_signed)
      jade_instr_set_field(i, JADE_ISA_F_SIGNED, 1);
}

/* A predicate operation: pd0 = LUT(a, b, PT) over predicates. */
static void
plop3(struct isel *c, struct jade_value *dst, struct jade_value *a, struct jade_value *b,
      unsigned lut)
{
   struct jade_instr *i = emit(c, JADE_ISA_OP_PLOP3);
   jade_instr_add_dst(i, JADE_ISA_F_PD0, dst);
   jade_instr_add_src(i, JADE_ISA_F_A, a);
   if (b)
      jade_instr_add_src(i, JADE_ISA_F_B, b);
   else
      jade_instr_add_src_zero(i, JADE_ISA_F_B);
   jade_instr_add_src_zero(i, JADE_ISA_F_C);
   jade_instr_set_field(i, JADE_ISA_F_LUT, lut);
}

/* SEL dst, a, b, p: p ? a : b. */
static void
sel(struct isel *c, struct jade_value *dst, struct jade_value *p, struct jade_value *a,
    struct jade_value *b, bool b_is_imm, uint32_t b_imm)
{
   struct jade_instr *i = emit(c, JADE_ISA_OP_SEL);
   jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
   if (a)
      jade_instr_add_src(i, JADE_ISA_F_A, a);
   else
      jade_instr_add_src_zero(i, JADE_ISA_F_A);
   if (b_is_imm)
      jade_instr_add_src_imm(i, JADE_ISA_F_B, b_imm);
   else
      jade_instr_add_src(i, JADE_ISA_F_B, b);
   jade_instr_add_src(i, JADE_ISA_F_P, p);
}

/* MUFU of one source. */
static void
mufu(struct isel *c, struct jade_value *dst, struct jade_value *a, unsigned func)
{
   struct jade_instr *i = emit(c, JADE_ISA_OP_MUFU);
   jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
   jade_instr_add_src(i, JADE_ISA_F_B, a);
   jade_instr_set_field(i, JADE_ISA_F_FUNC, func);
}

/* One-source conversions and roundings (variable latency, XU). */
static void
unary(struct isel *c, enum jade_isa_op op, struct jade_value *dst, struct jade_value *a)
{
   struct jade_instr *i = emit(c, op);
   jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
   jade_instr_add_src(i, JADE_ISA_F_B, a);
}

static struct jade_instr *
last_instr(struct isel *c)
{
   return list_last_entry(&c->block->instrs, struct jade_instr, link);
}

/* MUFU function numbers (the ISA description's func enum). */
enum { MUFU_COS = 0, MUFU_SIN = 1, MUFU_EX2 = 2, MUFU_LG2 = 3, MUFU_RCP = 4, MUFU_RSQ = 5,
       MUFU_SQRT = 8 };
/* Comparison numbers of ISETP/FSETP. */
enum { CMP_LT = 1, CMP_EQ = 2, CMP_LE = 3, CMP_GT = 4, CMP_NE = 5, CMP_GE = 6, CMP_NEU = 13 };

static bool
isel_alu_more(struct isel *c, nir_alu_instr *alu, struct jade_value *dst)
{
   nir_op op = alu->op;
   unsigned bits = alu->def.bit_size;
   unsigned src_bits = nir_op_infos[op].num_inputs ? alu->src[0].src.ssa->bit_size : 0;
   struct jade_instr *i;
   switch (op) {
   case nir_op_ieq: case nir_op_ine: case nir_op_ilt: case nir_op_ige:
   case nir_op_ult: case nir_op_uge:
      if (src_bits == 1 && (op == nir_op_ieq || op == nir_op_ine)) {
         /* Booleans: equality is XNOR, inequality XOR (c = PT). */
         plop3(c, dst, bool_alu_src(c, alu, 0), bool_alu_src(c, alu, 1),
               op == nir_op_ieq ? 0xc3 : 0x3c);
         return true;
      }
      if (src_bits != 32)
         return false;
      setp(c, alu, dst, false,
           op == nir_op_ieq ? CMP_EQ : op == nir_op_ine ? CMP_NE :
           op == nir_op_ilt || op == nir_op_ult ? CMP_LT : CMP_GE,
           op == nir_op_ilt || op == nir_op_ige);
      return true;
   case nir_op_feq: case nir_op_fneu: case nir_op_flt: case nir_op_fge:
      if (src_bits != 32)
         return false;
      setp(c, alu, dst, true,
           op == nir_op_feq ? CMP_EQ : op == nir_op_fneu ? CMP_NEU :
           op == nir_op_flt ? CMP_LT : CMP_GE, false);
      return true;
   case nir_op_bcsel:
      if (bits != 32)
         return false;
      sel(c, dst, bool_alu_src(c, alu, 0), alu_src(c, alu, 1), alu_src(c, alu, 2), false, 0);
      return true;
   case nir_op_b2i32:
   case nir_op_b2f32:
      /* SEL dst, RZ, imm, !p: p ? imm : 0. */
      sel(c, dst, bool_alu_src(c, alu, 0), NULL, NULL, true, op == nir_op_b2i32 ? 1 : 0x3f800000);
      jade_instr_set_field(last_instr(c), JADE_ISA_F_P_NOT, 1);
      return true;
   case nir_op_iand: case nir_op_ior: case nir_op_ixor:
      if (bits != 1)
         return false;
      plop3(c, dst, bool_alu_src(c, alu, 0), bool_alu_src(c, alu, 1),
            op == nir_op_iand ? 0xc0 : op == nir_op_ior ? 0xfc : 0x3c);
      return true;
   case nir_op_inot:
      if (bits == 1) {
         plop3(c, dst, bool_alu_src(c, alu, 0), NULL, 0x0f);
      } else if (bits == 32) {
         i = emit(c, JADE_ISA_OP_LOP3);
         jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
         jade_instr_add_src(i, JADE_ISA_F_A, alu_src(c, alu, 0));
         jade_instr_add_src_zero(i, JADE_ISA_F_B);
         jade_instr_add_src_zero(i, JADE_ISA_F_C);
         jade_instr_set_field(i, JADE_ISA_F_LUT, 0x0f);
         jade_instr_set_field(i, JADE_ISA_F_P_NOT, 1);
      } else {
         return false;
      }
      return true;
   case nir_op_imin: case nir_op_imax: case nir_op_umin: case nir_op_umax:
   case nir_op_fmin: case nir_op_fmax: {
      if (bits != 32)
         return false;
      bool is_float = op == nir_op_fmin || op == nir_op_fmax;
      bool is_max = op == nir_op_imax || op == nir_op_umax || op == nir_op_fmax;
      i = emit(c, is_float ? JADE_ISA_OP_FMNMX : JADE_ISA_OP_IMNMX);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, alu_src(c, alu, 0));
      add_b(c, i, alu, 1);
      jade_instr_add_src_zero(i, JADE_ISA_F_P);   /* PT: min, !PT: max */
      if (is_max)
         jade_instr_set_field(i, JADE_ISA_F_P_NOT, 1);
      if (op == nir_op_imin || op == nir_op_imax)
         jade_instr_set_field(i, JADE_ISA_F_SIGNED, 1);
      return true;
   }
   case nir_op_fneg: case nir_op_fabs: case nir_op_fsat:
      if (bits != 32)
         return false;
      fadd_mods(c, dst, alu_src(c, alu, 0), op == nir_op_fneg, op == nir_op_fabs,
                op == nir_op_fsat);
      return true;
   case nir_op_ineg:
      if (bits != 32)
         return false;
      i = emit(c, JADE_ISA_OP_IADD3);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src_zero(i, JADE_ISA_F_A);
      jade_instr_add_src(i, JADE_ISA_F_B, alu_src(c, alu, 0));
      jade_instr_set_field(i, JADE_ISA_F_B_NEG, 1);
      jade_instr_add_src_zero(i, JADE_ISA_F_C);
      return true;
   case nir_op_iabs:
      if (bits != 32)
         return false;
      unary(c, JADE_ISA_OP_IABS, dst, alu_src(c, alu, 0));
      return true;
   case nir_op_frcp: case nir_op_frsq: case nir_op_fsqrt: case nir_op_fexp2:
   case nir_op_flog2:
      if (bits != 32)
         return false;
      mufu(c, dst, alu_src(c, alu, 0),
           op == nir_op_frcp ? MUFU_RCP : op == nir_op_frsq ? MUFU_RSQ :
           op == nir_op_fsqrt ? MUFU_SQRT : op == nir_op_fexp2 ? MUFU_EX2 : MUFU_LG2);
      return true;
   case nir_op_fsin: case nir_op_fcos: {
      if (bits != 32)
         return false;
      /* MUFU.SIN/COS take turns: scale by 1/(2 pi) first, as ptxas does. */
      struct jade_value *t = new_gpr(c, 32);
      i = emit(c, JADE_ISA_OP_FMUL);
      jade_instr_add_dst(i, JADE_ISA_F_DST, t);
      jade_instr_add_src(i, JADE_ISA_F_A, alu_src(c, alu, 0));
      jade_instr_add_src_imm(i, JADE_ISA_F_B, 0x3e22f983);   /* 0.15915494 */
      mufu(c, dst, t, op == nir_op_fsin ? MUFU_SIN : MUFU_COS);
      return true;
   }
   case nir_op_i2f32: case nir_op_u2f32:
      if (src_bits != 32)
         return false;
      unary(c, JADE_ISA_OP_I2F, dst, alu_src(c, alu, 0));
      jade_instr_set_field(last_instr(c), JADE_ISA_F_ST, op == nir_op_i2f32 ? 6 : 2);
      return true;
   case nir_op_f2i32: case nir_op_f2u32:
      if (src_bits != 32)
         return false;
      unary(c, JADE_ISA_OP_F2I, dst, alu_src(c, alu, 0));
      jade_instr_set_field(last_instr(c), JADE_ISA_F_DT, op == nir_op_f2i32 ? 6 : 2);
      jade_instr_set_field(last_instr(c), JADE_ISA_F_RND, 3);   /* .TRUNC */
      jade_instr_set_field(last_instr(c), JADE_ISA_F_NTZ, 1);
      return true;
   case nir_op_umul_high:
   case nir_op_imul_high:
      if (bits != 32)
         return false;
      /* The high word of a*b + 0 (IMAD.HI adds a 64-bit pair: RZ). */
      i = emit(c, JADE_ISA_OP_IMAD_HI);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, alu_src(c, alu, 0));
      jade_instr_add_src(i, JADE_ISA_F_B, alu_src(c, alu, 1));
      jade_instr_add_src_zero(i, JADE_ISA_F_C);
      if (op == nir_op_imul_high)
         jade_instr_set_field(i, JADE_ISA_F_SIGNED, 1);
      return true;
   case nir_op_b2b1:
      if (src_bits == 1) {
         plop3(c, dst, bool_alu_src(c, alu, 0), NULL, 0xf0);
         return true;
      }
      if (src_bits != 32)
         return false;
      /* A 32-bit boolean: != 0. */
      i = emit(c, JADE_ISA_OP_ISETP);
      jade_instr_add_dst(i, JADE_ISA_F_PD0, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, alu_src(c, alu, 0));
      jade_instr_add_src_zero(i, JADE_ISA_F_B);
      jade_instr_set_field(i, JADE_ISA_F_CMP, CMP_NE);
      return true;
   case nir_op_ffract: {
      /* x - floor(x) */
      if (bits != 32)
         return false;
      struct jade_value *x = alu_src(c, alu, 0), *fl = new_gpr(c, 32);
      unary(c, JADE_ISA_OP_FRND, fl, x);
      jade_instr_set_field(last_instr(c), JADE_ISA_F_RND, 1);
      i = emit(c, JADE_ISA_OP_FADD);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, x);
      jade_instr_add_src(i, JADE_ISA_F_B, fl);
      jade_instr_set_field(i, JADE_ISA_F_B_NEG, 1);
      return true;
   }
   case nir_op_ffloor: case nir_op_fceil: case nir_op_ftrunc: case nir_op_fround_even:
      if (bits != 32)
         return false;
      unary(c, JADE_ISA_OP_FRND, dst, alu_src(c, alu, 0));
      jade_instr_set_field(last_instr(c), JADE_ISA_F_RND,
                           op == nir_op_ffloor ? 1 : op == nir_op_fceil ? 2 :
                           op == nir_op_ftrunc ? 3 : 0);
      return true;
   default:
      return false;
   }
}

static bool
isel_alu(struct isel *c, nir_alu_instr *alu)
{
   unsigned bits = alu->def.bit_size;
   nir_op op = alu->op;

   if (op == nir_op_vec2 || op == nir_op_vec3 || op == nir_op_vec4 || op == nir_op_mov) {
      for (unsigned k = 0; k < alu->def.num_components; k++) {
         unsigned i = op == nir_op_mov ? 0 : k;
         unsigned swz = alu->src[i].swizzle[op == nir_op_mov ? k : 0];
         set_def(c, &alu->def, k, src_value(c, alu->src[i].src.ssa, swz));
      }
      return true;
   }
   if (alu->def.num_components != 1)
      return jade_shader_error(c->s, "vector ALU op %s (scalarisation missed it)",
                               nir_op_infos[op].name);

   struct jade_value *dst = new_gpr(c, bits);
   set_def(c, &alu->def, 0, dst);
   struct jade_instr *i;
   switch (op) {
   case nir_op_iadd:
      if (bits == 64) {
         isel_iadd64(c, alu, dst);
         return true;
      }
      i = emit(c, JADE_ISA_OP_IADD3);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, alu_src(c, alu, 0));
      add_b(c, i, alu, 1);
      jade_instr_add_src_zero(i, JADE_ISA_F_C);
      return true;
   case nir_op_imul:
      if (bits != 32)
         break;
      i = emit(c, JADE_ISA_OP_IMAD);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, alu_src(c, alu, 0));
      add_b(c, i, alu, 1);
      jade_instr_add_src_zero(i, JADE_ISA_F_C);
      jade_instr_set_field(i, JADE_ISA_F_SIGNED, 1);
      return true;
   case nir_op_ishl:
   case nir_op_ushr:
   case nir_op_ishr: {
      if (bits != 32)
         break;
      bool left = op == nir_op_ishl;
      i = emit(c, JADE_ISA_OP_SHF);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      /* SHF funnels c:a; a left shift takes a, a right shift the high word. */
      if (left) {
         jade_instr_add_src(i, JADE_ISA_F_A, alu_src(c, alu, 0));
         jade_instr_add_src_zero(i, JADE_ISA_F_C);
      } else {
         jade_instr_add_src_zero(i, JADE_ISA_F_A);
         jade_instr_add_src(i, JADE_ISA_F_C, alu_src(c, alu, 0));
         jade_instr_set_field(i, JADE_ISA_F_HI, 1);
      }
      add_b(c, i, alu, 1);
      /* NIR masks the shift count to 0..31: SHF's .W wraps it the same way. */
      jade_instr_set_field(i, JADE_ISA_F_W, 1);
      jade_instr_set_field(i, JADE_ISA_F_RIGHT, !left);
      jade_instr_set_field(i, JADE_ISA_F_TYPE, op == nir_op_ishr ? 2 : 3); /* S32 / U32 */
      return true;
   }
   case nir_op_iand:
   case nir_op_ior:
   case nir_op_ixor:
      if (bits != 32)
         break;
      i = emit(c, JADE_ISA_OP_LOP3);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, alu_src(c, alu, 0));
      add_b(c, i, alu, 1);
      jade_instr_add_src_zero(i, JADE_ISA_F_C);
      jade_instr_set_field(i, JADE_ISA_F_LUT,
                           op == nir_op_iand ? LUT_AND : op == nir_op_ior ? LUT_OR : LUT_XOR);
      jade_instr_set_field(i, JADE_ISA_F_P_NOT, 1);
      return true;
   case nir_op_fadd:
   case nir_op_fmul:
      if (bits != 32)
         break;
      i = emit(c, op == nir_op_fadd ? JADE_ISA_OP_FADD : JADE_ISA_OP_FMUL);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, alu_src(c, alu, 0));
      add_b(c, i, alu, 1);
      return true;
   case nir_op_ffma:
      if (bits != 32)
         break;
      i = emit(c, JADE_ISA_OP_FFMA);
      jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
      jade_instr_add_src(i, JADE_ISA_F_A, alu_src(c, alu, 0));
      jade_instr_add_src(i, JADE_ISA_F_B, alu_src(c, alu, 1));
      jade_instr_add_src(i, JADE_ISA_F_C, alu_src(c, alu, 2));
      return true;
   case nir_op_u2u64:
   case nir_op_i2i64: {
      if (alu->src[0].src.ssa->bit_size != 32)
         break;
      struct jade_value *a = alu_src(c, alu, 0);
      i = emit(c, JADE_ISA_OP_MOV);
      jade_instr_add_dst_comp(i, JADE_ISA_F_DST, dst, 0);
      jade_instr_add_src(i, JADE_ISA_F_B, a);
      if (op == nir_op_u2u64) {
         i = emit(c, JADE_ISA_OP_MOV);
         jade_instr_add_dst_comp(i, JADE_ISA_F_DST, dst, 1);
         jade_instr_add_src_imm(i, JADE_ISA_F_B, 0);
      } else {
         i = emit(c, JADE_ISA_OP_SHF);   /* the sign, replicated */
         jade_instr_add_dst_comp(i, JADE_ISA_F_DST, dst, 1);
         jade_instr_add_src_zero(i, JADE_ISA_F_A);
         jade_instr_add_src_imm(i, JADE_ISA_F_B, 31);
         jade_instr_add_src(i, JADE_ISA_F_C, a);
         jade_instr_set_field(i, JADE_ISA_F_RIGHT, 1);
         jade_instr_set_field(i, JADE_ISA_F_HI, 1);
         jade_instr_set_field(i, JADE_ISA_F_TYPE, 2);
      }
      return true;
   }
   default:
      break;
   }
   if (isel_alu_more(c, alu, dst)) {
      if (bits == 1 && c->bools_in_gpr)
         set_def(c, &alu->def, 0, bool_to_gpr(c, dst));
      return true;
   }
   return jade_shader_error(c->s, "unsupported NIR ALU op %s (%u-bit)",
                            nir_op_infos[op].name, bits);
}

static void
s2r(struct isel *c, struct jade_value *dst, unsigned sreg)
{
   struct jade_instr *i = emit(c, JADE_ISA_OP_S2R);
   jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
   jade_instr_set_field(i, JADE_ISA_F_SR, sreg);
}

/* Global memory: a tuple of `comps` registers at a 64-bit address. */
static bool
isel_global(struct isel *c, nir_intrinsic_instr *intr, bool store)
{
   nir_def *data = store ? intr->src[0].ssa : &intr->def;
   nir_def *addr_def = intr->src[store ? 1 : 0].ssa;
   unsigned comps = data->num_components;
   if (data->bit_size != 32 || comps == 3)
      return jade_shader_error(c->s, "global %s of %ux%u bits", store ? "store" : "load",
                               comps, data->bit_size);
   /* base + constant: the constant goes in the instruction's signed 24-bit
    * offset. */
   int64_t offset = 0;
   nir_scalar addr_s = nir_scalar_resolved(addr_def, 0);
   if (nir_scalar_is_alu(addr_s) && nir_scalar_alu_op(addr_s) == nir_op_iadd) {
      for (unsigned k = 0; k < 2; k++) {
         nir_scalar other = nir_scalar_chase_alu_src(addr_s, 1 - k);
         nir_scalar cst = nir_scalar_chase_alu_src(addr_s, k);
         if (!nir_scalar_is_const(cst))
            continue;
         int64_t v = (int64_t)nir_scalar_as_uint(cst);
         if (v >= -(1 << 23) && v < (1 << 23)) {
            offset = v;
            addr_def = other.def;
            break;
         }
      }
   }
   struct jade_value *addr = src_value(c, addr_def, 0);
   static const unsigned type_of[5] = {0, 4, 5, 0, 6};   /* 32, 64, 128 bits */
   /* One word needs no tuple. */
   struct jade_value *tuple = comps == 1 ? (store ? src_value(c, data, 0) : new_gpr(c, 32))
                                         : jade_value_create(c->s, JADE_FILE_GPR, comps);
   if (store && comps > 1) {
      for (unsigned k = 0; k < comps; k++) {
         struct jade_instr *m = emit(c, JADE_ISA_OP_MOV);
         jade_instr_add_dst_comp(m, JADE_ISA_F_DST, tuple, k);
         jade_instr_add_src(m, JADE_ISA_F_B, src_value(c, data, k));
      }
   }
   struct jade_instr *i = emit(c, store ? JADE_ISA_OP_STG : JADE_ISA_OP_LDG);
   jade_instr_add_src(i, JADE_ISA_F_ADDR, addr);
   jade_instr_set_field(i, JADE_ISA_F_E, 1);
   jade_instr_set_field(i, JADE_ISA_F_TYPE, type_of[comps]);
   if (offset)
      jade_instr_set_field(i, JADE_ISA_F_OFS, (uint64_t)offset);
   if (store) {
      jade_instr_add_src(i, JADE_ISA_F_DATA, tuple);
      return true;
   }
   jade_instr_add_dst(i, JADE_ISA_F_DST, tuple);
   if (comps == 1) {
      set_def(c, &intr->def, 0, tuple);
      return true;
   }
   for (unsigned k = 0; k < comps; k++) {
      struct jade_value *v = new_gpr(c, 32);
      struct jade_instr *m = emit(c, JADE_ISA_OP_MOV);
      jade_instr_add_dst(m, JADE_ISA_F_DST, v);
      jade_instr_add_src_comp(m, JADE_ISA_F_B, tuple, k);
      set_def(c, &intr->def, k, v);
   }
   return true;
}

/* Shared memory: LDS/STS with a 32-bit address and the BASE offset. */
static bool
isel_shared(struct isel *c, nir_intrinsic_instr *intr, bool store)
{
   nir_def *data = store ? intr->src[0].ssa : &intr->def;
   nir_def *addr_def = intr->src[store ? 1 : 0].ssa;
   unsigned comps = data->num_components;
   if (data->bit_size != 32 || comps != 1)
      return jade_shader_error(c->s, "shared %s of %ux%u bits", store ? "store" : "load",
                               comps, data->bit_size);
   int64_t offset = nir_intrinsic_base(intr);
   if (nir_src_is_const(intr->src[store ? 1 : 0]))
      offset += (int64_t)nir_src_as_uint(intr->src[store ? 1 : 0]);
   struct jade_instr *i;
   struct jade_value *addr = nir_src_is_const(intr->src[store ? 1 : 0]) ? NULL :
                             src_value(c, addr_def, 0);
   struct jade_value *v = store ? src_value(c, data, 0) : new_gpr(c, 32);
   i = emit(c, store ? JADE_ISA_OP_STS : JADE_ISA_OP_LDS);
   if (addr)
      jade_instr_add_src(i, JADE_ISA_F_ADDR, addr);
   else
      jade_instr_add_src_zero(i, JADE_ISA_F_ADDR);
   if (offset)
      jade_instr_set_field(i, JADE_ISA_F_OFS, (uint64_t)offset);
   if (store) {
      jade_instr_add_src(i, JADE_ISA_F_DATA, v);
   } else {
      jade_instr_add_dst(i, JADE_ISA_F_DST, v);
      set_def(c, &intr->def, 0, v);
   }
   return true;
}

/* Atomics on shared (ATOMS) and global (ATOMG) memory, 32-bit.  The ISA's
 * op field: ADD MIN MAX INC DEC AND OR XOR EXCH; type U32 or S32. */
static bool
isel_atomic(struct isel *c, nir_intrinsic_instr *intr, bool shared, bool swap)
{
   if (intr->def.bit_size != 32)
      return jade_shader_error(c->s, "%u-bit atomics are not supported yet",
                               intr->def.bit_size);
   nir_atomic_op aop = nir_intrinsic_atomic_op(intr);
   unsigned op, type = 0;
   switch (aop) {
   case nir_atomic_op_iadd: op = 0; break;
   case nir_atomic_op_imin: op = 1; type = 1; break;
   case nir_atomic_op_umin: op = 1; break;
   case nir_atomic_op_imax: op = 2; type = 1; break;
   case nir_atomic_op_umax: op = 2; break;
   case nir_atomic_op_iand: op = 5; break;
   case nir_atomic_op_ior: op = 6; break;
   case nir_atomic_op_ixor: op = 7; break;
   case nir_atomic_op_xchg: op = 8; break;
   case nir_atomic_op_cmpxchg: op = 0; break;
   default:
      return jade_shader_error(c->s, "atomic operation %u is not supported yet", aop);
   }
   struct jade_value *addr = src_value(c, intr->src[0].ssa, 0);
   struct jade_value *data = src_value(c, intr->src[1].ssa, 0);
   struct jade_value *data2 = swap ? src_value(c, intr->src[2].ssa, 0) : NULL;
   struct jade_value *dst = new_gpr(c, 32);
   enum jade_isa_op jop = shared ? (swap ? JADE_ISA_OP_ATOMS_CAS : JADE_ISA_OP_ATOMS)
                                 : (swap ? JADE_ISA_OP_ATOMG_CAS : JADE_ISA_OP_ATOMG);
   struct jade_instr *i = emit(c, jop);
   jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
   jade_instr_add_src(i, JADE_ISA_F_ADDR, addr);
   jade_instr_add_src(i, JADE_ISA_F_DATA, data);
   if (swap)
      jade_instr_add_src(i, JADE_ISA_F_DATA2, data2);
   else
      jade_instr_set_field(i, JADE_ISA_F_OP, op);
   jade_instr_set_field(i, JADE_ISA_F_TYPE, type);
   if (!shared) {
      jade_instr_set_field(i, JADE_ISA_F_E, 1);
      jade_instr_set_field(i, JADE_ISA_F_SEM, 2);     /* .STRONG */
      jade_instr_set_field(i, JADE_ISA_F_SCOPE, 2);   /* .GPU */
   }
   int base = shared ? nir_intrinsic_base(intr) : 0;
   if (base)
      jade_instr_set_field(i, JADE_ISA_F_OFS, (uint64_t)(int64_t)base);
   set_def(c, &intr->def, 0, dst);
   return true;
}

/* The attribute address of a load_input/store_output component. */
static int
io_address(struct isel *c, nir_intrinsic_instr *intr, bool output, unsigned comp)
{
   nir_src *offset = nir_get_io_offset_src(intr);
   if (!offset || !nir_src_is_const(*offset)) {
      jade_shader_error(c->s, "indirect shader I/O is not supported yet");
      return -1;
   }
   unsigned slot_offset = nir_src_as_uint(*offset);
   int base;
   if (c->nir->info.stage == MESA_SHADER_VERTEX && !output)
      base = 0x80 + 16 * (int)nir_intrinsic_base(intr);   /* dense vertex attributes */
   else
      base = jade_varying_address(nir_intrinsic_io_semantics(intr).location);
   if (base < 0) {
      jade_shader_error(c->s, "varying slot %u has no attribute address",
                        nir_intrinsic_io_semantics(intr).location);
      return -1;
   }
   return base + 16 * (int)slot_offset + 4 * (int)(nir_intrinsic_component(intr) + comp);
}

/* Vertex-stage I/O: ALD from and AST to attribute memory, a word each. */
static bool
isel_vtg_io(struct isel *c, nir_intrinsic_instr *intr, bool store)
{
   nir_def *data = store ? intr->src[0].ssa : &intr->def;
   if (data->bit_size != 32)
      return jade_shader_error(c->s, "%u-bit shader I/O is not supported yet", data->bit_size);
   for (unsigned k = 0; k < data->num_components; k++) {
      if (store && !(nir_intrinsic_write_mask(intr) >> k & 1))
         continue;
      int addr = io_address(c, intr, store, k);
      if (addr < 0)
         return false;
      struct jade_value *v = store ? src_value(c, data, k) : new_gpr(c, 32);
      struct jade_instr *i = emit(c, store ? JADE_ISA_OP_AST : JADE_ISA_OP_ALD);
      jade_instr_set_field(i, JADE_ISA_F_ADDR, (uint64_t)addr);
      if (store) {
         jade_instr_add_src(i, JADE_ISA_F_DATA, v);
      } else {
         jade_instr_add_dst(i, JADE_ISA_F_DST, v);
         set_def(c, &intr->def, k, v);
      }
   }
   return true;
}

/* IPA of one attribute word: freq 0 PASS (screen-linear), 1 CONSTANT
 * (flat); loc 1 centroid. */
static struct jade_value *
ipa(struct isel *c, int addr, unsigned freq, unsigned loc)
{
   struct jade_value *v = new_gpr(c, 32);
   struct jade_instr *i = emit(c, JADE_ISA_OP_IPA);
   jade_instr_add_dst(i, JADE_ISA_F_DST, v);
   jade_instr_set_field(i, JADE_ISA_F_ATTR, (uint64_t)addr);
   jade_instr_set_field(i, JADE_ISA_F_FREQ, freq);
   if (loc)
      jade_instr_set_field(i, JADE_ISA_F_LOC, loc);
   return v;
}

/* SM70+ IPA cannot divide by w: perspective inputs are multiplied by
 * 1/w = RCP(IPA.PASS a[0x7c]), computed once at the top of the shader. */
static struct jade_value *
inverse_w(struct isel *c)
{
   if (!c->inv_w) {
      struct jade_instr *saved = c->current;
      struct jade_block *saved_block = c->block;
      c->block = list_first_entry(&c->s->blocks, struct jade_block, link);
      c->current = NULL;
      struct jade_value *w = ipa(c, 0x7c, 0, 0);
      /* Hoist the pair to the shader's start: it dominates every use. */
      struct jade_instr *ipa_i = list_last_entry(&c->block->instrs, struct jade_instr, link);
      list_del(&ipa_i->link);
      list_add(&ipa_i->link, &c->block->instrs);
      c->inv_w = new_gpr(c, 32);
      struct jade_instr *rcp = emit(c, JADE_ISA_OP_MUFU);
      jade_instr_add_dst(rcp, JADE_ISA_F_DST, c->inv_w);
      jade_instr_add_src(rcp, JADE_ISA_F_B, w);
      jade_instr_set_field(rcp, JADE_ISA_F_FUNC, 4);   /* RCP */
      list_del(&rcp->link);
      list_add(&rcp->link, &ipa_i->link);
      c->block = saved_block;
      c->current = saved;
   }
   return c->inv_w;
}

static bool
isel_fs_input(struct isel *c, nir_intrinsic_instr *intr)
{
   bool interpolated = intr->intrinsic == nir_intrinsic_load_interpolated_input;
   unsigned freq = interpolated ? 0 : 1, loc = 0;
   bool perspective = false;
   if (interpolated) {
      nir_intrinsic_instr *bary = nir_src_as_intrinsic(intr->src[0]);
      if (!bary)
         return jade_shader_error(c->s, "interpolation without a barycentric intrinsic");
      enum glsl_interp_mode mode = nir_intrinsic_interp_mode(bary);
      perspective = mode == INTERP_MODE_SMOOTH || mode == INTERP_MODE_NONE;
      if (bary->intrinsic == nir_intrinsic_load_barycentric_centroid)
         loc = 1;
      else if (bary->intrinsic != nir_intrinsic_load_barycentric_pixel &&
               bary->intrinsic != nir_intrinsic_load_barycentric_sample)
         return jade_shader_error(c->s, "interpolation at an offset is not supported yet");
   }
   if (intr->def.bit_size != 32)
      return jade_shader_error(c->s, "%u-bit fragment inputs are not supported yet",
                               intr->def.bit_size);
   for (unsigned k = 0; k < intr->def.num_components; k++) {
      int addr = io_address(c, intr, false, k);
      if (addr < 0)
         return false;
      struct jade_value *v = ipa(c, addr, freq, loc);
      if (perspective) {
         struct jade_value *p = new_gpr(c, 32);
         struct jade_instr *i = emit(c, JADE_ISA_OP_FMUL);
         jade_instr_add_dst(i, JADE_ISA_F_DST, p);
         jade_instr_add_src(i, JADE_ISA_F_A, v);
         jade_instr_add_src(i, JADE_ISA_F_B, inverse_w(c));
         v = p;
      }
      set_def(c, &intr->def, k, v);
   }
   return true;
}

static bool
isel_fs_output(struct isel *c, nir_intrinsic_instr *intr)
{
   unsigned loc = nir_intrinsic_io_semantics(intr).location;
   nir_def *data = intr->src[0].ssa;
   if (data->bit_size != 32)
      return jade_shader_error(c->s, "%u-bit fragment outputs are not supported yet",
                               data->bit_size);
   nir_src *offset = nir_get_io_offset_src(intr);
   unsigned slot = offset && nir_src_is_const(*offset) ? nir_src_as_uint(*offset) : 0;
   for (unsigned k = 0; k < data->num_components; k++) {
      if (!(nir_intrinsic_write_mask(intr) >> k & 1))
         continue;
      struct jade_value *v = src_value(c, data, k);
      unsigned comp = nir_intrinsic_component(intr) + k;
      if (loc == FRAG_RESULT_DEPTH) {
         c->fs_depth = v;
      } else if (loc == FRAG_RESULT_COLOR || (loc >= FRAG_RESULT_DATA0 && loc < FRAG_RESULT_DATA0 + 8)) {
         unsigned rt = (loc == FRAG_RESULT_COLOR ? 0 : loc - FRAG_RESULT_DATA0) + slot;
         if (rt >= 8 || comp >= 4)
            return jade_shader_error(c->s, "fragment output out of range");
         c->fs_color[rt][comp] = v;
      } else {
         return jade_shader_error(c->s, "fragment output %u is not supported yet", loc);
      }
   }
   return true;
}

/* At EXIT, fragment outputs sit in the registers the header describes:
 * written render targets as consecutive vec4s from R0, then the sample
 * mask, then depth (turing-facts 1.5).  EXIT reads them, so they stay
 * live until it. */
static void
emit_fs_exit(struct isel *c)
{
   struct jade_value *outs[34];
   unsigned n = 0, rts = 0;
   for (unsigned rt = 0; rt < 8; rt++) {
      bool written = false;
      for (unsigned k = 0; k < 4; k++)
         written = written || c->fs_color[rt][k];
      if (!written)
         continue;
      for (unsigned k = 0; k < 4; k++) {
         struct jade_value *fixed = new_gpr(c, 32);
         fixed->fixed_reg = (int16_t)(4 * rts + k);
         struct jade_instr *m = emit(c, JADE_ISA_OP_MOV);
         jade_instr_add_dst(m, JADE_ISA_F_DST, fixed);
         if (c->fs_color[rt][k])
            jade_instr_add_src(m, JADE_ISA_F_B, c->fs_color[rt][k]);
         else
            jade_instr_add_src_imm(m, JADE_ISA_F_B, 0);
         outs[n++] = fixed;
      }
      rts++;
   }
   if (c->fs_depth) {
      struct jade_value *fixed = new_gpr(c, 32);
      fixed->fixed_reg = (int16_t)(4 * rts + 1);
      struct jade_instr *m = emit(c, JADE_ISA_OP_MOV);
      jade_instr_add_dst(m, JADE_ISA_F_DST, fixed);
      jade_instr_add_src(m, JADE_ISA_F_B, c->fs_depth);
      outs[n++] = fixed;
   }
   struct jade_instr *exit = emit(c, JADE_ISA_OP_EXIT);
   for (unsigned i = 0; i < n; i++)
      jade_instr_add_src(exit, JADE_FIELD_NONE, outs[i]);
}

/* Derivatives from the 2x2 quad (lanes 4q..4q+3: bit 0 is x, bit 1 y):
 * the neighbour across the bit through SHFL.BFLY, d = other - v, and the
 * sign from which side of the pair this lane is.  Fine derivatives;
 * coarse ones are allowed to be fine. */
static bool
isel_derivative(struct isel *c, nir_intrinsic_instr *intr)
{
   bool is_x = intr->intrinsic == nir_intrinsic_ddx || intr->intrinsic == nir_intrinsic_ddx_fine ||
               intr->intrinsic == nir_intrinsic_ddx_coarse;
   unsigned bit = is_x ? 1 : 2;
   if (intr->def.bit_size != 32)
      return jade_shader_error(c->s, "%u-bit derivatives are not supported yet",
                               intr->def.bit_size);
   if (!c->lane_id) {
      c->lane_id = new_gpr(c, 32);
      s2r(c, c->lane_id, 0x00);
   }
   struct jade_value *side = jade_value_create(c->s, JADE_FILE_PRED, 1);
   struct jade_value *junk = new_gpr(c, 32);
   struct jade_instr *i = emit(c, JADE_ISA_OP_LOP3);
   jade_instr_add_dst(i, JADE_ISA_F_DST, junk);
   jade_instr_add_dst(i, JADE_ISA_F_PD, side);
   jade_instr_add_src(i, JADE_ISA_F_A, c->lane_id);
   jade_instr_add_src_imm(i, JADE_ISA_F_B, bit);
   jade_instr_add_src_zero(i, JADE_ISA_F_C);
   jade_instr_set_field(i, JADE_ISA_F_LUT, 0xc0);   /* a & b; pd = result != 0 */
   jade_instr_set_field(i, JADE_ISA_F_P_NOT, 1);
   for (unsigned k = 0; k < intr->def.num_components; k++) {
      struct jade_value *v = src_value(c, intr->src[0].ssa, k);
      struct jade_value *other = new_gpr(c, 32), *d = new_gpr(c, 32), *r = new_gpr(c, 32);
      i = emit(c, JADE_ISA_OP_SHFL_II);
      jade_instr_add_dst(i, JADE_ISA_F_DST, other);
      jade_instr_add_src(i, JADE_ISA_F_SRC, v);
      jade_instr_set_field(i, JADE_ISA_F_LANE, bit);
      jade_instr_set_field(i, JADE_ISA_F_MASK, 0x1f);
      jade_instr_set_field(i, JADE_ISA_F_MODE, 3);   /* BFLY */
      i = emit(c, JADE_ISA_OP_FADD);
      jade_instr_add_dst(i, JADE_ISA_F_DST, d);
      jade_instr_add_src(i, JADE_ISA_F_A, other);
      jade_instr_add_src(i, JADE_ISA_F_B, v);
      jade_instr_set_field(i, JADE_ISA_F_B_NEG, 1);
      i = emit(c, JADE_ISA_OP_FSEL);   /* side ? -d : d */
      jade_instr_add_dst(i, JADE_ISA_F_DST, r);
      jade_instr_add_src(i, JADE_ISA_F_A, d);
      jade_instr_set_field(i, JADE_ISA_F_A_NEG, 1);
      jade_instr_add_src(i, JADE_ISA_F_B, d);
      jade_instr_add_src(i, JADE_ISA_F_P, side);
      set_def(c, &intr->def, k, r);
   }
   return true;
}

static bool
isel_intrinsic(struct isel *c, nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case nir_intrinsic_ddx: case nir_intrinsic_ddx_fine: case nir_intrinsic_ddx_coarse:
   case nir_intrinsic_ddy: case nir_intrinsic_ddy_fine: case nir_intrinsic_ddy_coarse:
      return isel_derivative(c, intr);
   default:
      break;
   }
   if (c->nir->info.stage == MESA_SHADER_FRAGMENT) {
      switch (intr->intrinsic) {
      case nir_intrinsic_load_input:
      case nir_intrinsic_load_interpolated_input:
         return isel_fs_input(c, intr);
      case nir_intrinsic_store_output:
         return isel_fs_output(c, intr);
      case nir_intrinsic_load_barycentric_pixel:
      case nir_intrinsic_load_barycentric_centroid:
      case nir_intrinsic_load_barycentric_sample:
         return true;   /* read by load_interpolated_input */
      case nir_intrinsic_terminate:
      case nir_intrinsic_demote:
         emit(c, JADE_ISA_OP_KILL);
         return true;
      case nir_intrinsic_terminate_if:
      case nir_intrinsic_demote_if: {
         /* @p KILL: the lanes whose condition holds stop (demoted lanes
          * stop too: derivatives after a demote are undefined anyway). */
         struct jade_value *cond = bool_value(c, src_value(c, intr->src[0].ssa, 0));
         struct jade_instr *k = emit(c, JADE_ISA_OP_KILL);
         k->pred_value = (int32_t)cond->index;
         return true;
      }
      case nir_intrinsic_load_frag_coord:
         for (unsigned k = 0; k < 4; k++)
            set_def(c, &intr->def, k, k < 3 ? ipa(c, 0x70 + 4 * k, 0, 0) : inverse_w(c));
         return true;
      default:
         break;
      }
   }
   switch (intr->intrinsic) {
   case nir_intrinsic_load_vertex_id:
   case nir_intrinsic_load_instance_id: {
      /* Vertex shaders read them from attribute memory. */
      struct jade_value *v = new_gpr(c, 32);
      struct jade_instr *i = emit(c, JADE_ISA_OP_ALD);
      jade_instr_set_field(i, JADE_ISA_F_ADDR,
                           intr->intrinsic == nir_intrinsic_load_vertex_id ? 0x2fc : 0x2f8);
      jade_instr_add_dst(i, JADE_ISA_F_DST, v);
      set_def(c, &intr->def, 0, v);
      return true;
   }
   case nir_intrinsic_load_input:
      if (c->nir->info.stage != MESA_SHADER_VERTEX)
         break;
      return isel_vtg_io(c, intr, false);
   case nir_intrinsic_store_output:
      if (c->nir->info.stage != MESA_SHADER_VERTEX)
         break;
      return isel_vtg_io(c, intr, true);
   case nir_intrinsic_shared_atomic:
      return isel_atomic(c, intr, true, false);
   case nir_intrinsic_shared_atomic_swap:
      return isel_atomic(c, intr, true, true);
   case nir_intrinsic_global_atomic:
      return isel_atomic(c, intr, false, false);
   case nir_intrinsic_global_atomic_swap:
      return isel_atomic(c, intr, false, true);
   case nir_intrinsic_load_shared:
      return isel_shared(c, intr, false);
   case nir_intrinsic_store_shared:
      return isel_shared(c, intr, true);
   case nir_intrinsic_barrier:
      /* Every access completes in order for the CTA once its lanes meet
       * (shared memory is coherent within the SM); a control barrier is
       * BAR.SYNC 0. */
      if (nir_intrinsic_execution_scope(intr) == SCOPE_WORKGROUP)
         emit(c, JADE_ISA_OP_BAR);
      else if (nir_intrinsic_memory_scope(intr) > SCOPE_WORKGROUP)
         jade_instr_set_field(emit(c, JADE_ISA_OP_MEMBAR), JADE_ISA_F_SCOPE, 2); /* .GPU */
      return true;
   case nir_intrinsic_load_subgroup_invocation: {
      struct jade_value *v = new_gpr(c, 32);
      s2r(c, v, 0x00);   /* SR_LANEID */
      set_def(c, &intr->def, 0, v);
      return true;
   }
   case nir_intrinsic_load_local_invocation_id:
   case nir_intrinsic_load_workgroup_id:
      for (unsigned k = 0; k < intr->def.num_components; k++) {
         struct jade_value *v = new_gpr(c, 32);
         /* SR_TID.X.. and SR_CTAID.X.. */
         s2r(c, v, (intr->intrinsic == nir_intrinsic_load_local_invocation_id ? 0x21 : 0x25) + k);
         set_def(c, &intr->def, k, v);
      }
      return true;
   case nir_intrinsic_load_ubo: {
      if (!nir_src_is_const(intr->src[0]))
         return jade_shader_error(c->s, "constant-buffer loads from a non-constant buffer "
                                  "index are not supported yet");
      if (!nir_src_is_const(intr->src[1])) {
         /* An indexed load: LDC dst, c[bank][offset + 4 k], a word each. */
         unsigned bank = nir_src_as_uint(intr->src[0]);
         if (intr->def.bit_size != 32)
            return jade_shader_error(c->s, "indexed %u-bit constant loads are not supported yet",
                                     intr->def.bit_size);
         struct jade_value *off = src_value(c, intr->src[1].ssa, 0);
         for (unsigned k = 0; k < intr->def.num_components; k++) {
            struct jade_value *v = new_gpr(c, 32);
            struct jade_instr *i = emit(c, JADE_ISA_OP_LDC);
            jade_instr_add_dst(i, JADE_ISA_F_DST, v);
            jade_instr_add_src(i, JADE_ISA_F_ADDR, off);
            jade_instr_set_field(i, JADE_ISA_F_BANK, bank);
            if (k)
               jade_instr_set_field(i, JADE_ISA_F_OFS, 4 * k);
            set_def(c, &intr->def, k, v);
         }
         return true;
      }
      unsigned bank = nir_src_as_uint(intr->src[0]);
      unsigned offset = nir_src_as_uint(intr->src[1]);
      unsigned words = intr->def.bit_size / 32;
      for (unsigned k = 0; k < intr->def.num_components; k++) {
         struct jade_value *v = new_gpr(c, intr->def.bit_size);
         for (unsigned w = 0; w < words; w++) {
            struct jade_instr *m = emit(c, JADE_ISA_OP_MOV);
            if (words > 1)
               jade_instr_add_dst_comp(m, JADE_ISA_F_DST, v, w);
            else
               jade_instr_add_dst(m, JADE_ISA_F_DST, v);
            jade_instr_add_src_cbuf(m, JADE_ISA_F_B, bank, (int32_t)(offset + 4 * (k * words + w)));
         }
         set_def(c, &intr->def, k, v);
      }
      return true;
   }
   case nir_intrinsic_load_global:
   case nir_intrinsic_load_global_constant:
      return isel_global(c, intr, false);
   case nir_intrinsic_store_global:
      return isel_global(c, intr, true);
   default:
      break;
   }
   return jade_shader_error(c->s, "unsupported NIR intrinsic %s",
                            nir_intrinsic_infos[intr->intrinsic].name);
}

/* Textures, bound: the handle of texture unit u (TIC | TSC << 20, written
 * by the driver) is word JADE_TEX_HANDLE_WORD + u of the driver constant
 * bank c[15].  Sources: coordinates in a register tuple (src0), the LOD or
 * bias in src1; results in two register pairs (dst0: r g, dst1: b a). */
#define JADE_DRIVER_CBUF 15
#define JADE_TEX_HANDLE_WORD 8

/* A tuple of the given values, filled with moves. */
static struct jade_value *
make_tuple(struct isel *c, struct jade_value **vals, unsigned n)
{
   if (n == 1)
      return vals[0];
   struct jade_value *t = jade_value_create(c->s, JADE_FILE_GPR, n == 3 ? 4 : n);
   for (unsigned k = 0; k < n; k++) {
      struct jade_instr *m = emit(c, JADE_ISA_OP_MOV);
      jade_instr_add_dst_comp(m, JADE_ISA_F_DST, t, k);
      jade_instr_add_src(m, JADE_ISA_F_B, vals[k]);
   }
   return t;
}

static bool
isel_tex(struct isel *c, nir_tex_instr *tex)
{
   static const unsigned dims[] = {
      [GLSL_SAMPLER_DIM_1D] = 0, [GLSL_SAMPLER_DIM_2D] = 1, [GLSL_SAMPLER_DIM_3D] = 2,
      [GLSL_SAMPLER_DIM_CUBE] = 3,
   };
   if (tex->is_array || tex->is_shadow || tex->sampler_dim > GLSL_SAMPLER_DIM_CUBE ||
       tex->texture_index != tex->sampler_index || tex->def.bit_size != 32)
      return jade_shader_error(c->s, "texture: arrays, shadows and this dimension are not "
                               "supported yet");
   enum jade_isa_op op;
   unsigned lod_mode = 0;
   switch (tex->op) {
   case nir_texop_tex: op = JADE_ISA_OP_TEX; break;
   case nir_texop_txl: op = JADE_ISA_OP_TEX; lod_mode = 3; break;   /* .LL */
   case nir_texop_txb: op = JADE_ISA_OP_TEX; lod_mode = 2; break;   /* .LB */
   case nir_texop_txf: op = JADE_ISA_OP_TLD; lod_mode = 3; break;   /* .LL */
   default:
      return jade_shader_error(c->s, "texture operation %u is not supported yet", tex->op);
   }
   struct jade_value *coords[4], *lod = NULL;
   unsigned ncoord = 0;
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      nir_def *d = tex->src[i].src.ssa;
      switch (tex->src[i].src_type) {
      case nir_tex_src_coord:
         for (unsigned k = 0; k < d->num_components; k++)
            coords[ncoord++] = src_value(c, d, k);
         break;
      case nir_tex_src_lod:
      case nir_tex_src_bias:
         lod = src_value(c, d, 0);
         break;
      default:
         return jade_shader_error(c->s, "texture source %u is not supported yet",
                                  tex->src[i].src_type);
      }
   }
   if (lod_mode && !lod)
      return jade_shader_error(c->s, "texture: a LOD operand is missing");
   struct jade_value *src0 = make_tuple(c, coords, ncoord);
   struct jade_value *dst0 = jade_value_create(c->s, JADE_FILE_GPR, 2);
   struct jade_value *dst1 = jade_value_create(c->s, JADE_FILE_GPR, 2);
   struct jade_instr *i = emit(c, op);
   jade_instr_add_dst(i, JADE_ISA_F_DST0, dst0);
   jade_instr_add_dst(i, JADE_ISA_F_DST1, dst1);
   jade_instr_add_src(i, JADE_ISA_F_SRC0, src0);
   if (lod)
      jade_instr_add_src(i, JADE_ISA_F_SRC1, lod);
   else
      jade_instr_add_src_zero(i, JADE_ISA_F_SRC1);
   jade_instr_set_field(i, JADE_ISA_F_BANK, JADE_DRIVER_CBUF);
   jade_instr_set_field(i, JADE_ISA_F_IDX, JADE_TEX_HANDLE_WORD + tex->texture_index);
   jade_instr_set_field(i, JADE_ISA_F_DIM, dims[tex->sampler_dim]);
   if (lod_mode)
      jade_instr_set_field(i, JADE_ISA_F_LOD, lod_mode);
   for (unsigned k = 0; k < tex->def.num_components && k < 4; k++) {
      struct jade_value *v = new_gpr(c, 32);
      struct jade_instr *m = emit(c, JADE_ISA_OP_MOV);
      jade_instr_add_dst(m, JADE_ISA_F_DST, v);
      jade_instr_add_src_comp(m, JADE_ISA_F_B, k < 2 ? dst0 : dst1, k & 1);
      set_def(c, &tex->def, k, v);
   }
   return true;
}

static const char *
instr_type_name(nir_instr_type type)
{
   switch (type) {
   case nir_instr_type_deref: return "variable dereference (shader I/O is not lowered yet)";
   case nir_instr_type_tex: return "texture";
   case nir_instr_type_call: return "function call";
   case nir_instr_type_jump: return "jump";
   case nir_instr_type_phi: return "phi";
   case nir_instr_type_parallel_copy: return "parallel copy";
   default: return "other";
   }
}


/* A copy of a value of either file (predicates through PLOP3). */
static void
copy_value(struct isel *c, struct jade_value *dst, struct jade_value *src)
{
   if (dst->file == JADE_FILE_GPR && src->file == JADE_FILE_PRED) {
      struct jade_value *g = bool_to_gpr(c, src);
      src = g;
   }
   if (dst->file == JADE_FILE_PRED && src->file == JADE_FILE_GPR)
      src = bool_value(c, src);
   if (dst->file == JADE_FILE_PRED) {
      plop3(c, dst, src, NULL, 0xf0);
      return;
   }
   for (unsigned h = 0; h < dst->size; h++) {
      struct jade_instr *i = emit(c, JADE_ISA_OP_MOV);
      if (dst->size > 1) {
         jade_instr_add_dst_comp(i, JADE_ISA_F_DST, dst, h);
         jade_instr_add_src_comp(i, JADE_ISA_F_B, src, h);
      } else {
         jade_instr_add_dst(i, JADE_ISA_F_DST, dst);
         jade_instr_add_src(i, JADE_ISA_F_B, src);
      }
   }
}

/* NIR registers (from out-of-SSA): a value per component, written by
 * store_reg and copied out by load_reg; they are the IR's only values with
 * more than one definition. */
static bool
isel_reg(struct isel *c, nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case nir_intrinsic_decl_reg: {
      if (nir_intrinsic_num_array_elems(intr))
         return jade_shader_error(c->s, "register arrays are not supported yet");
      unsigned bits = nir_intrinsic_bit_size(intr);
      unsigned n = nir_intrinsic_num_components(intr);
      struct jade_value **vals = rzalloc_array(c->s, struct jade_value *, n);
      for (unsigned k = 0; k < n; k++) {
         vals[k] = bits == 1 && c->bools_in_gpr ? jade_value_create(c->s, JADE_FILE_GPR, 1)
                                                : new_gpr(c, bits);
         vals[k]->multi_def = true;
      }
      c->defs[intr->def.index] = vals;
      return true;
   }
   case nir_intrinsic_load_reg: {
      struct jade_value **reg = c->defs[intr->src[0].ssa->index];
      for (unsigned k = 0; k < intr->def.num_components; k++) {
         struct jade_value *v = jade_value_create(c->s, reg[k]->file, reg[k]->size);
         copy_value(c, v, reg[k]);
         set_def(c, &intr->def, k, v);
      }
      return true;
   }
   case nir_intrinsic_store_reg: {
      struct jade_value **reg = c->defs[intr->src[1].ssa->index];
      unsigned mask = nir_intrinsic_write_mask(intr);
      for (unsigned k = 0; k < intr->src[0].ssa->num_components; k++)
         if (mask >> k & 1)
            copy_value(c, reg[k], src_value(c, intr->src[0].ssa, k));
      return true;
   }
   default:
      return jade_shader_error(c->s, "indirect register access is not supported yet");
   }
}

static struct jade_instr *
branch(struct isel *c, int target, struct jade_value *cond, bool cond_not)
{
   struct jade_instr *i = emit(c, JADE_ISA_OP_BRA);
   i->target_block = target;
   if (cond) {
      i->pred_value = (int32_t)cond->index;
      i->pred_not = cond_not;
   }
   return i;
}

static struct jade_instr *
barrier_op(struct isel *c, enum jade_isa_op op, unsigned bar, int target)
{
   struct jade_instr *i = emit(c, op);
   jade_instr_set_field(i, JADE_ISA_F_BAR, bar);
   i->target_block = target;
   return i;
}

static bool isel_cf_list(struct isel *c, struct exec_list *list);

/* Whether a block ends in an unconditional branch (break, continue). */
static bool
ends_in_jump(struct jade_block *block)
{
   if (list_is_empty(&block->instrs))
      return false;
   struct jade_instr *last = list_last_entry(&block->instrs, struct jade_instr, link);
   return last->op == JADE_ISA_OP_BRA && last->pred_value < 0;
}

/* if/else: the lanes meet again at the join block's BSYNC.
 *    BSSY Bn, join ; @!cond BRA else ; then... ; BRA join ;
 *    else: else... ; join: BSYNC Bn */
static bool
isel_if(struct isel *c, nir_if *nif)
{
   if (c->barrier_depth >= 16)
      return jade_shader_error(c->s, "control flow nested deeper than 16");
   unsigned bar = c->barrier_depth++;
   struct jade_value *cond = bool_value(c, src_value(c, nif->condition.ssa, 0));
   struct jade_block *else_block = NULL, *join;
   struct jade_instr *bssy = barrier_op(c, JADE_ISA_OP_BSSY, bar, -1);
   struct jade_instr *to_else = branch(c, -1, cond, true);
   c->block = jade_block_create(c->s);
   if (!isel_cf_list(c, &nif->then_list))
      return false;
   struct jade_instr *to_join = NULL;
   if (!ends_in_jump(c->block))
      to_join = branch(c, -1, NULL, false);
   else_block = c->block = jade_block_create(c->s);
   if (!isel_cf_list(c, &nif->else_list))
      return false;
   join = c->block = jade_block_create(c->s);
   barrier_op(c, JADE_ISA_OP_BSYNC, bar, -1);
   bssy->target_block = (int)join->index;
   to_else->target_block = (int)else_block->index;
   if (to_join)
      to_join->target_block = (int)join->index;
   c->barrier_depth--;
   return true;
}

/* loop: BSSY Bn, exit ; header: body... ; BRA header ; exit: BSYNC Bn */
static bool
isel_loop(struct isel *c, nir_loop *loop)
{
   if (nir_loop_has_continue_construct(loop))
      return jade_shader_error(c->s, "loops with a continue construct are not supported yet");
   if (c->barrier_depth >= 16)
      return jade_shader_error(c->s, "control flow nested deeper than 16");
   unsigned bar = c->barrier_depth++;
   struct jade_instr *bssy = barrier_op(c, JADE_ISA_OP_BSSY, bar, -1);
   int saved_header = c->loop_header, saved_exit = c->loop_exit;
   unsigned saved_barrier = c->loop_barrier;
   c->loop_barrier = bar;
   /* The exit block exists before the body (breaks branch to it) and
    * moves behind it once the body is done: blocks are laid out in list
    * order, branch targets name blocks by index. */
   struct jade_block *exit = jade_block_create(c->s);
   struct jade_block *header = c->block = jade_block_create(c->s);
   c->loop_header = (int)header->index;
   c->loop_exit = (int)exit->index;
   if (!isel_cf_list(c, &loop->body))
      return false;
   branch(c, (int)header->index, NULL, false);
   list_del(&exit->link);
   list_addtail(&exit->link, &c->s->blocks);
   c->block = exit;
   barrier_op(c, JADE_ISA_OP_BSYNC, bar, -1);
   bssy->target_block = (int)exit->index;
   c->loop_header = saved_header;
   c->loop_exit = saved_exit;
   c->loop_barrier = saved_barrier;
   c->barrier_depth--;
   c->s->loop_count++;
   return true;
}

/* Lanes that leave the ifs around them for a loop's exit or header skip
 * those ifs' BSYNCs: BREAK takes them out of the barriers, so the lanes
 * that stay do not wait for them. */
static void
break_inner_barriers(struct isel *c)
{
   for (unsigned bar = c->loop_barrier + 1; bar < c->barrier_depth; bar++)
      barrier_op(c, JADE_ISA_OP_BREAK, bar, -1);
}

static bool
isel_jump(struct isel *c, nir_jump_instr *jump)
{
   switch (jump->type) {
   case nir_jump_break:
      break_inner_barriers(c);
      branch(c, c->loop_exit, NULL, false);
      return true;
   case nir_jump_continue:
      break_inner_barriers(c);
      branch(c, c->loop_header, NULL, false);
      return true;
   case nir_jump_halt:
   case nir_jump_return:
      emit(c, JADE_ISA_OP_EXIT);
      return true;
   default:
      return jade_shader_error(c->s, "unsupported jump");
   }
}

static bool
isel_block(struct isel *c, nir_block *block)
{
   nir_foreach_instr(instr, block) {
      bool ok = true;
      switch (instr->type) {
      case nir_instr_type_alu:
         ok = isel_alu(c, nir_instr_as_alu(instr));
         break;
      case nir_instr_type_intrinsic: {
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic == nir_intrinsic_decl_reg ||
             intr->intrinsic == nir_intrinsic_load_reg ||
             intr->intrinsic == nir_intrinsic_store_reg ||
             intr->intrinsic == nir_intrinsic_load_reg_indirect ||
             intr->intrinsic == nir_intrinsic_store_reg_indirect)
            ok = isel_reg(c, intr);
         else
            ok = isel_intrinsic(c, intr);
         break;
      }
      case nir_instr_type_jump:
         ok = isel_jump(c, nir_instr_as_jump(instr));
         break;
      case nir_instr_type_tex:
         ok = isel_tex(c, nir_instr_as_tex(instr));
         break;
      case nir_instr_type_load_const:
      case nir_instr_type_undef:
         break;   /* materialised where used */
      default:
         ok = jade_shader_error(c->s, "unsupported NIR instruction: %s",
                                instr_type_name(instr->type));
         break;
      }
      c->current = NULL;
      if (!ok || c->s->error)
         return false;
   }
   return true;
}

static bool
isel_cf_list(struct isel *c, struct exec_list *list)
{
   foreach_list_typed(nir_cf_node, node, node, list) {
      bool ok;
      switch (node->type) {
      case nir_cf_node_block:
         ok = isel_block(c, nir_cf_node_as_block(node));
         break;
      case nir_cf_node_if:
         ok = isel_if(c, nir_cf_node_as_if(node));
         break;
      case nir_cf_node_loop:
         ok = isel_loop(c, nir_cf_node_as_loop(node));
         break;
      default:
         ok = jade_shader_error(c->s, "unsupported control flow");
         break;
      }
      if (!ok || c->s->error)
         return false;
   }
   return true;
}

struct jade_shader *
jade_from_nir(void *mem_ctx, nir_shader *nir, bool bools_in_gpr)
{
   struct isel c = {.nir = nir, .bools_in_gpr = bools_in_gpr};
   c.s = jade_shader_create(mem_ctx, nir->info.stage);
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   c.defs = rzalloc_array(c.s, struct jade_value **, impl->ssa_alloc);
   c.block = jade_block_create(c.s);

   c.loop_header = c.loop_exit = -1;
   if (!isel_cf_list(&c, &impl->body))
      return c.s;
   if (nir->info.stage == MESA_SHADER_FRAGMENT)
      emit_fs_exit(&c);
   else
      jade_instr_create(c.s, c.block, JADE_ISA_OP_EXIT);
   return c.s;
}
