/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection: values, operands and the helpers the other
 * jade_isel_*.c files share.
 */

#include "jade_isel.h"
#include "util/ralloc.h"

void
isel_set_block(struct isel *c, struct jade_block *block)
{
   c->block = block;
   c->b.cursor = jade_after_block(block);
}

/* Flush-to-zero on a 32-bit float op selected for a NIR float op, when the
 * shader flushes fp32 denormals (c->ftz32).  FMUL and FFMA say it in their
 * two-bit fmz field (1: .FTZ, 2: .FMZ, which also flushes), the others in
 * ftz.  The ops and the rule are NAK's (from_nir.rs: the fadd, fmul, ffma,
 * fmin/fmax, comparison, rounding, fsat and f2f/f2i cases take
 * float_ctl[type].ftz); helper sequences that are not one NIR float op keep
 * denormals, as NAK's builder helpers do. */
void
isel_ftz(struct isel *c, struct jade_instr *i)
{
   if (!c->ftz32)
      return;
   if (i->op == JADE_ISA_OP_FMUL || i->op == JADE_ISA_OP_FFMA) {
      if (jade_instr_field(i, JADE_ISA_F_FMZ, JADE_ISA_V_FMZ_IEEE) == JADE_ISA_V_FMZ_IEEE)
         jade_set(i, JADE_ISA_F_FMZ, JADE_ISA_V_FMZ_FTZ);
   } else {
      jade_set(i, JADE_ISA_F_FTZ, 1);
   }
}

/* A value for a NIR def: 1-bit booleans live in predicates. */
struct jade_value *
isel_new_value(struct isel *c, unsigned bit_size)
{
   if (bit_size == 1)
      return jade_value_create(c->s, JADE_FILE_PRED, 1);
   return jade_value_create(c->s, JADE_FILE_GPR, bit_size == 64 ? 2 : 1);
}

static struct jade_value **
isel_def_values(struct isel *c, nir_def *def)
{
   if (!c->defs[def->index]) {
      c->defs[def->index] = rzalloc_array(c->s, struct jade_value *, def->num_components);
   }
   return c->defs[def->index];
}

void
isel_set_def(struct isel *c, nir_def *def, unsigned comp, struct jade_value *v)
{
   isel_def_values(c, def)[comp] = v;
}

/* A NIR constant (or undefined value: zero) in registers, a MOV each
 * component. */
void
isel_constant(struct isel *c, nir_instr *instr)
{
   nir_def *def = instr->type == nir_instr_type_load_const ? &nir_instr_as_load_const(instr)->def
                                                           : &nir_instr_as_undef(instr)->def;
   for (unsigned comp = 0; comp < def->num_components; comp++) {
      uint64_t bits = 0;
      if (instr->type == nir_instr_type_load_const)
         bits = nir_instr_as_load_const(instr)->value[comp].u64;
      if (def->bit_size == 1) {
         /* A boolean: a predicate (PLOP3 with a constant table), or 0 / ~0
          * in a GPR in bools_in_gpr mode. */
         struct jade_value *b;
         if (c->bools_in_gpr) {
            b = jade_value_create(c->s, JADE_FILE_GPR, 1);
            jade_MOV(&c->b, jade_v(b), jade_imm(bits & 1 ? 0xffffffffu : 0));
         } else {
            b = isel_new_value(c, 1);
            jade_PLOP3(&c->b, jade_v(b), JADE_PT, JADE_PT, JADE_PT, .lut = bits & 1 ? 0xff : 0x00);
         }
         isel_set_def(c, def, comp, b);
         continue;
      }
      if (def->bit_size < 64)
         bits &= BITFIELD64_MASK(def->bit_size);
      /* The same 32-bit constant once per block. */
      if (def->bit_size == 32 && c->const_block == c->block) {
         struct jade_value *seen = NULL;
         for (unsigned k = 0; k < c->const_count && !seen; k++)
            if (c->const_bits[k] == (uint32_t)bits)
               seen = c->const_values[k];
         if (seen) {
            isel_set_def(c, def, comp, seen);
            continue;
         }
      }
      struct jade_value *v = isel_new_value(c, def->bit_size == 64 ? 64 : 32);
      if (def->bit_size == 32) {
         if (c->const_block != c->block) {
            c->const_block = c->block;
            c->const_count = 0;
         }
         if (c->const_count < ARRAY_SIZE(c->const_bits)) {
            c->const_bits[c->const_count] = (uint32_t)bits;
            c->const_values[c->const_count++] = v;
         }
      }
      for (unsigned h = 0; h < (def->bit_size == 64 ? 2u : 1u); h++)
         jade_MOV(&c->b, def->bit_size == 64 ? jade_comp(v, h) : jade_v(v),
                  jade_imm((uint32_t)(bits >> (32 * h))));
      isel_set_def(c, def, comp, v);
   }
}

/* The value of component `comp` of a NIR source. */
struct jade_value *
isel_src(struct isel *c, nir_def *def, unsigned comp)
{
   struct jade_value *v = isel_def_values(c, def)[comp];
   if (v)
      return v;
   jade_ir_error(c->s, "no value for a NIR source (unsupported producer)");
   return jade_value_create(c->s, JADE_FILE_GPR, def->bit_size == 64 ? 2 : 1);
}

struct jade_value *
isel_address(struct isel *c, nir_def *addr, int64_t *offset, int64_t lo, int64_t hi)
{
   nir_scalar a = nir_scalar_resolved(addr, 0);
   if (nir_scalar_is_alu(a) && nir_scalar_alu_op(a) == nir_op_iadd) {
      for (unsigned k = 0; k < 2; k++) {
         nir_scalar cst = nir_scalar_chase_alu_src(a, k);
         if (!nir_scalar_is_const(cst))
            continue;
         int64_t v = addr->bit_size == 64 ? (int64_t)nir_scalar_as_uint(cst)
                                          : (int32_t)nir_scalar_as_uint(cst);
         if (*offset + v >= lo && *offset + v < hi) {
            nir_scalar base = nir_scalar_chase_alu_src(a, 1 - k);
            *offset += v;
            return isel_src(c, base.def, base.comp);
         }
         break;
      }
   }
   return isel_src(c, addr, 0);
}

bool
isel_src_const_u32(nir_alu_instr *alu, unsigned i, uint32_t *imm)
{
   nir_def *d = alu->src[i].src.ssa;
   if (d->bit_size != 32 || !nir_src_is_const(alu->src[i].src))
      return false;
   *imm = nir_src_comp_as_uint(alu->src[i].src, alu->src[i].swizzle[0]);
   return true;
}

struct jade_value *
isel_alu_src(struct isel *c, nir_alu_instr *alu, unsigned i)
{
   return isel_src(c, alu->src[i].src.ssa, alu->src[i].swizzle[0]);
}

/* A 32-bit source loaded from a constant buffer at a constant offset:
 * the ALU instruction can read c[bank][offset] itself. */
static bool
isel_src_cbuf(nir_alu_instr *alu, unsigned i, unsigned *bank, int32_t *offset)
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
struct jade_value *
isel_bool_to_gpr(struct isel *c, struct jade_value *p)
{
   struct jade_value *g = jade_value_create(c->s, JADE_FILE_GPR, 1);
   jade_SEL(&c->b, jade_v(g), JADE_RZ, jade_imm(0xffffffffu), .p = jade_v(p), .p_not = 1);
   return g;
}

/* A boolean source as a predicate: in bools_in_gpr mode, a fresh
 * ISETP.NE of the GPR form, right before its use (sources are selected
 * before the instruction that reads them is built). */
struct jade_value *
isel_bool_value(struct isel *c, struct jade_value *v)
{
   if (v->file == JADE_FILE_PRED)
      return v;
   struct jade_value *p = jade_value_create(c->s, JADE_FILE_PRED, 1);
   jade_ISETP(&c->b, jade_v(p), jade_v(v), JADE_RZ, .cmp = JADE_ISA_V_CMP_NE);
   return p;
}

struct jade_value *
isel_bool_alu_src(struct isel *c, nir_alu_instr *alu, unsigned i)
{
   return isel_bool_value(c, isel_alu_src(c, alu, i));
}

struct jade_ref
isel_alu_b(struct isel *c, nir_alu_instr *alu, unsigned i)
{
   uint32_t imm;
   unsigned bank;
   int32_t offset;
   if (isel_src_const_u32(alu, i, &imm))
      return jade_imm(imm);
   if (isel_src_cbuf(alu, i, &bank, &offset))
      return jade_cbuf(bank, offset);
   return jade_v(isel_alu_src(c, alu, i));
}

/* A predicate operation: pd0 = LUT(a, b, PT) over predicates. */
void
isel_plop3(struct isel *c, struct jade_value *dst, struct jade_value *a, struct jade_value *b,
           unsigned lut)
{
   jade_PLOP3(&c->b, jade_v(dst), jade_v(a), jade_v_or_zero(b), JADE_PT, .lut = lut);
}

/* SEL dst, a, b, p: p ? a : b. */
void
isel_sel(struct isel *c, struct jade_value *dst, struct jade_value *p, struct jade_value *a,
         struct jade_value *b)
{
   jade_SEL(&c->b, jade_v(dst), jade_v_or_zero(a), jade_v(b), .p = jade_v(p));
}

struct jade_cursor
isel_at_shader_start(struct isel *c)
{
   struct jade_cursor saved = c->b.cursor;
   c->b.cursor = jade_before_block(list_first_entry(&c->s->blocks, struct jade_block, link));
   return saved;
}

void
isel_s2r(struct isel *c, struct jade_value *dst, unsigned sreg)
{
   jade_S2R(&c->b, jade_v(dst), .sr = sreg);
}

/* A copy of a value of either file (predicates through PLOP3). */
void
isel_copy(struct isel *c, struct jade_value *dst, struct jade_value *src)
{
   if (dst->file == JADE_FILE_GPR && src->file == JADE_FILE_PRED) {
      struct jade_value *g = isel_bool_to_gpr(c, src);
      src = g;
   }
   if (dst->file == JADE_FILE_PRED && src->file == JADE_FILE_GPR)
      src = isel_bool_value(c, src);
   if (dst->file == JADE_FILE_PRED) {
      isel_plop3(c, dst, src, NULL, 0xf0);
      return;
   }
   for (unsigned h = 0; h < dst->size; h++)
      jade_MOV(&c->b, jade_comp(dst, h), jade_comp(src, h));
}

/* A register tuple of n single-register values (memory data, texture
 * coordinates), filled with moves; three registers are aligned to four,
 * the fourth left to other values. */
struct jade_value *
isel_gather(struct isel *c, struct jade_value **vals, unsigned n)
{
   if (n == 1)
      return vals[0];
   struct jade_value *t = jade_value_create(c->s, JADE_FILE_GPR, n);
   for (unsigned k = 0; k < n; k++)
      jade_MOV(&c->b, jade_comp(t, k), jade_v(vals[k]));
   return t;
}

/* The data of a memory access to components first .. first+n-1 of `def`:
 * what a store reads (one register, or a tuple gathered from them), or a
 * new register / tuple for a load to write. */
struct jade_value *
isel_mem_data(struct isel *c, bool store, nir_def *def, unsigned first, unsigned n)
{
   if (!store)
      return n == 1 ? isel_new_value(c, 32) : jade_value_create(c->s, JADE_FILE_GPR, n);
   struct jade_value *vals[4];
   for (unsigned w = 0; w < n; w++)
      vals[w] = isel_src(c, def, first + w);
   return isel_gather(c, vals, n);
}

void
isel_mem_loaded(struct isel *c, nir_def *def, unsigned first, unsigned n, struct jade_value *v)
{
   if (n > 1)
      isel_split(c, def, first, v, n);
   else
      isel_set_def(c, def, first, v);
}

/* Components first .. first+n-1 of a NIR def from the registers of a tuple,
 * one value each, so that later passes see scalars. */
void
isel_split(struct isel *c, nir_def *def, unsigned first, struct jade_value *tuple, unsigned n)
{
   for (unsigned k = 0; k < n; k++) {
      struct jade_value *v = isel_new_value(c, 32);
      jade_MOV(&c->b, jade_v(v), jade_comp(tuple, k));
      isel_set_def(c, def, first + k, v);
   }
}

const char *
isel_instr_type_name(nir_instr_type type)
{
   switch (type) {
   case nir_instr_type_deref:
      return "variable dereference (shader I/O is not lowered yet)";
   case nir_instr_type_tex:
      return "texture";
   case nir_instr_type_call:
      return "function call";
   case nir_instr_type_jump:
      return "jump";
   case nir_instr_type_phi:
      return "phi";
   case nir_instr_type_parallel_copy:
      return "parallel copy";
   default:
      return "other";
   }
}
