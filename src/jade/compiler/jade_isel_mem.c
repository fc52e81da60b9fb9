/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of memory: global and shared loads and stores,
 * atomics (textures: jade_isel_tex.c).
 */

#include "jade_isel.h"
#include "util/ralloc.h"

/* Global memory: a tuple of `comps` registers (or one 64-bit value) at a
 * 64-bit address. */
bool
isel_global(struct isel *c, nir_intrinsic_instr *intr, bool store)
{
   nir_def *data = store ? intr->src[0].ssa : &intr->def;
   nir_def *addr_def = intr->src[store ? 1 : 0].ssa;
   unsigned comps = data->num_components;
   bool wide = data->bit_size == 64 && comps == 1; /* one 64-bit value: .64 */
   if ((data->bit_size != 32 && !wide) || comps == 3)
      return jade_ir_error(c->s, "global %s of %ux%u bits", store ? "store" : "load", comps,
                           data->bit_size);
   /* base + constant: the constant goes in the instruction's signed 24-bit
    * offset. */
   int64_t offset = 0;
   struct jade_value *addr = isel_address(c, addr_def, &offset, -(1 << 23), (1 << 23) - 16);
   static const unsigned type_of[5] =
      {[1] = JADE_ISA_V_TYPE_32, [2] = JADE_ISA_V_LDG_TYPE_64, [4] = JADE_ISA_V_TYPE_128};
   struct jade_value *tuple = wide ? (store ? isel_src(c, data, 0) : isel_new_value(c, 64))
                                   : isel_mem_data(c, store, data, 0, comps);
   unsigned type = type_of[wide ? 2 : comps];
   if (store) {
      jade_STG(&c->b, .addr = jade_v(addr), .data = jade_v(tuple), .e = 1, .type = type,
               .ofs = (uint64_t)offset);
   } else {
      jade_LDG(&c->b, jade_v(tuple), .addr = jade_v(addr), .e = 1, .type = type,
               .ofs = (uint64_t)offset);
      isel_mem_loaded(c, data, 0, wide ? 1 : comps, tuple);
   }
   return true;
}

/* Shared (LDS/STS) and local (LDL/STL) memory: a 32-bit address plus the
 * BASE offset and any constant added to the address, in the instruction's
 * offset.  Components go 4 or 2 at a time (.128, .64) where the access's
 * alignment allows, else one by one. */
bool
isel_windowed(struct isel *c, nir_intrinsic_instr *intr, bool store, bool local)
{
   nir_def *data = store ? intr->src[0].ssa : &intr->def;
   nir_src *addr_src = &intr->src[store ? 1 : 0];
   unsigned comps = data->num_components;
   if (data->bit_size != 32)
      return jade_ir_error(c->s, "%s %s of %ux%u bits", local ? "local" : "shared",
                           store ? "store" : "load", comps, data->bit_size);
   int64_t offset = nir_intrinsic_has_base(intr) ? nir_intrinsic_base(intr) : 0;
   struct jade_value *addr = NULL;
   if (nir_src_is_const(*addr_src))
      offset += (int64_t)nir_src_as_uint(*addr_src);
   else
      addr = isel_address(c, addr_src->ssa, &offset, -(1 << 23), (1 << 23) - 4 * (int64_t)comps);
   unsigned align = nir_intrinsic_align(intr);
   static const unsigned type_of[5] =
      {[1] = JADE_ISA_V_TYPE_32, [2] = JADE_ISA_V_LDG_TYPE_64, [4] = JADE_ISA_V_TYPE_128};
   for (unsigned k = 0; k < comps;) {
      if (store && !(nir_intrinsic_write_mask(intr) >> k & 1)) {
         k++;
         continue;
      }
      unsigned n = 1;
      for (unsigned try = 4; try >= 2 && n == 1; try /= 2) {
         bool all = true;
         for (unsigned w = 0; w < try && store && all; w++)
            all = k + w < comps && (nir_intrinsic_write_mask(intr) >> (k + w) & 1);
         if (k + try <= comps && all && align % (4 * try) == 0 && (4 * k) % (4 * try) == 0)
            n = try;
      }
      struct jade_value *v = isel_mem_data(c, store, data, k, n);
      struct jade_ref a = jade_v_or_zero(addr);
      uint64_t ofs = (uint64_t)(offset + 4 * (int64_t)k);
      unsigned type = n > 1 ? type_of[n] : 0;
      if (store && local) {
         jade_STL(&c->b, .addr = a, .data = jade_v(v), .ofs = ofs, .type = type);
      } else if (store) {
         jade_STS(&c->b, .addr = a, .data = jade_v(v), .ofs = ofs, .type = type);
      } else {
         if (local)
            jade_LDL(&c->b, jade_v(v), .addr = a, .ofs = ofs, .type = type);
         else
            jade_LDS(&c->b, jade_v(v), .addr = a, .ofs = ofs, .type = type);
         isel_mem_loaded(c, data, k, n, v);
      }
      k += n;
   }
   return true;
}

/* Atomics on shared (ATOMS) and global (ATOMG) memory, 32 and 64-bit
 * integers and 32-bit float add.  The ISA's op field: ADD MIN MAX INC DEC
 * AND OR XOR EXCH. */
/* The hardware operation of an integer atomic (ATOMS, ATOMG, SUATOM
 * number them alike; a compare-and-swap is its own form, its op field
 * unused), and whether it compares signed; false: not one the hardware
 * has. */
bool
isel_atomic_op(nir_atomic_op aop, unsigned *op, bool *is_signed)
{
   *is_signed = aop == nir_atomic_op_imin || aop == nir_atomic_op_imax;
   switch (aop) {
   case nir_atomic_op_iadd:
   case nir_atomic_op_cmpxchg:
      *op = JADE_ISA_V_OP_ADD;
      return true;
   case nir_atomic_op_imin:
   case nir_atomic_op_umin:
      *op = JADE_ISA_V_OP_MIN;
      return true;
   case nir_atomic_op_imax:
   case nir_atomic_op_umax:
      *op = JADE_ISA_V_OP_MAX;
      return true;
   case nir_atomic_op_iand:
      *op = JADE_ISA_V_OP_AND;
      return true;
   case nir_atomic_op_ior:
      *op = JADE_ISA_V_OP_OR;
      return true;
   case nir_atomic_op_ixor:
      *op = JADE_ISA_V_OP_XOR;
      return true;
   case nir_atomic_op_xchg:
      *op = JADE_ISA_V_OP_EXCH; /* .EXCH (NAK set_atom_op) */
      return true;
   default:
      return false;
   }
}

bool
isel_atomic(struct isel *c, nir_intrinsic_instr *intr, bool shared, bool swap)
{
   unsigned bits = intr->def.bit_size;
   if (bits != 32 && bits != 64)
      return jade_ir_error(c->s, "%u-bit atomics are not supported yet", bits);
   /* ATOMS, ATOMG and their CAS forms number the types alike; S64 and
    * F32.FTZ.RN are ATOMG's alone. */
   STATIC_ASSERT(JADE_ISA_V_ATOMS_TYPE_64 == JADE_ISA_V_ATOMG_TYPE_64 &&
                 JADE_ISA_V_ATOMS_CAS_TYPE_64 == JADE_ISA_V_ATOMG_TYPE_64 &&
                 JADE_ISA_V_ATOMG_CAS_TYPE_64 == JADE_ISA_V_ATOMG_TYPE_64 &&
                 JADE_ISA_V_ATOMS_TYPE_S32 == JADE_ISA_V_ATOMG_TYPE_S32);
   bool wide = bits == 64;
   unsigned u = wide ? JADE_ISA_V_ATOMG_TYPE_64 : JADE_ISA_V_ATOMG_TYPE_U32;
   unsigned sgn = wide ? JADE_ISA_V_ATOMG_TYPE_S64 : JADE_ISA_V_ATOMG_TYPE_S32;
   nir_atomic_op aop = nir_intrinsic_atomic_op(intr);
   unsigned op, type;
   bool is_signed = false;
   if (aop == nir_atomic_op_fadd) {
      if (wide || shared)
         return jade_ir_error(c->s, "%s float atomics are not supported yet",
                              shared ? "shared" : "64-bit");
      op = JADE_ISA_V_OP_ADD;
      type = JADE_ISA_V_TYPE_F32_FTZ_RN;
   } else if (isel_atomic_op(aop, &op, &is_signed)) {
      type = is_signed ? sgn : u;
   } else {
      return jade_ir_error(c->s, "atomic operation %u is not supported yet", aop);
   }
   if (shared && type == JADE_ISA_V_ATOMG_TYPE_S64)
      return jade_ir_error(c->s, "signed 64-bit shared atomics do not exist on SM75");
   struct jade_value *addr = isel_src(c, intr->src[0].ssa, 0);
   struct jade_value *data = isel_src(c, intr->src[1].ssa, 0);
   struct jade_value *data2 = swap ? isel_src(c, intr->src[2].ssa, 0) : NULL;
   struct jade_value *dst = isel_new_value(c, bits);
   struct jade_ref d = jade_v(dst), a = jade_v(addr), v = jade_v(data);
   /* Global atomics: .STRONG.GPU. */
   const unsigned sem = JADE_ISA_V_SEM_STRONG, scope = JADE_ISA_V_SCOPE_GPU;
   if (shared && swap)
      jade_ATOMS_CAS(&c->b, d, .addr = a, .data = v, .data2 = jade_v(data2), .type = type,
                     .ofs = (uint64_t)(int64_t)nir_intrinsic_base(intr));
   else if (shared)
      jade_ATOMS(&c->b, d, .addr = a, .data = v, .op = op, .type = type,
                 .ofs = (uint64_t)(int64_t)nir_intrinsic_base(intr));
   else if (swap)
      jade_ATOMG_CAS(&c->b, d, .addr = a, .data = v, .data2 = jade_v(data2), .type = type, .e = 1,
                     .sem = sem, .scope = scope);
   else
      jade_ATOMG(&c->b, d, .addr = a, .data = v, .op = op, .type = type, .e = 1, .sem = sem,
                 .scope = scope);
   isel_set_def(c, &intr->def, 0, dst);
   return true;
}
