/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Memory semantics: loads and stores of every space and width, constant
 * loads, atomics and reductions.  Lanes access memory in lane order, so
 * atomics from one warp are applied deterministically.  Ordering
 * instructions (MEMBAR, ERRBAR, CCTL) have nothing to do: every access
 * completes when it executes.
 */

#include <math.h>

#include "sim_private.h"

enum space { SPACE_GLOBAL, SPACE_GENERIC, SPACE_SHARED, SPACE_LOCAL };

/* Access size in bytes of the `type` field of loads and stores: U8 S8 U16
 * S16 32 64 128 U.128. */
static unsigned
type_bytes(unsigned type)
{
   static const uint8_t bytes[8] = {1, 1, 2, 2, 4, 8, 16, 16};
   return bytes[type & 7];
}

static uint64_t
reg_addr(struct sim_exec *x, unsigned lane, bool wide)
{
   unsigned r = (unsigned)sim_field(x, JADE_ISA_F_ADDR);
   return wide ? sim_gpr64(x, r, lane) : sim_gpr(x, r, lane);
}

static uint64_t
ureg_addr(struct sim_exec *x, bool wide)
{
   unsigned r = (unsigned)sim_field(x, JADE_ISA_F_UR);
   return wide ? sim_ugpr64(x, r) : sim_ugpr(x, r);
}

static bool
has_ur(enum jade_isa_op op)
{
   switch (op) {
   case JADE_ISA_OP_LD_UR:
   case JADE_ISA_OP_ST_UR:
   case JADE_ISA_OP_ATOM_UR:
   case JADE_ISA_OP_LDG_UR:
   case JADE_ISA_OP_STG_UR:
   case JADE_ISA_OP_ATOMG_UR:
   case JADE_ISA_OP_RED_UR:
   case JADE_ISA_OP_QSPC_UR:
      return true;
   default:
      return false;
   }
}

/* The byte address a lane accesses. */
static uint64_t
address(struct sim_exec *x, unsigned lane, enum space space)
{
   int64_t ofs = (int64_t)sim_field(x, JADE_ISA_F_OFS);
   if (space == SPACE_SHARED || space == SPACE_LOCAL) {
      uint32_t a = (uint32_t)reg_addr(x, lane, false);
      /* Shared addresses may be scaled: .X4 .X8 .X16. */
      unsigned scale = space == SPACE_SHARED ? (unsigned)sim_field(x, JADE_ISA_F_SCALE) : 0;
      if (scale)
         a <<= scale + 1;
      return (uint32_t)(a + (int32_t)ofs);
   }
   bool wide = sim_field(x, JADE_ISA_F_E);
   uint64_t a = reg_addr(x, lane, wide);
   if (has_ur(x->op))
      a += ureg_addr(x, wide);
   a += (uint64_t)ofs;
   return wide ? a : (uint32_t)a;
}

/* Copies `size` bytes between a lane's memory of `space` at addr and data
 * (store: into memory); false after a fault. */
static bool
access(struct sim_exec *x, unsigned lane, enum space space, uint64_t addr, void *data,
       unsigned size, bool store)
{
   uint8_t *p;
   switch (space) {
   case SPACE_GENERIC:
      return sim_generic_access(x, lane, addr, data, size, size, store);
   case SPACE_LOCAL:
      return sim_local_access(x, lane, addr, data, size, size, store);
   case SPACE_GLOBAL:
      p = sim_global(x, addr, size, size);
      break;
   default:
      p = sim_shared(x, addr, size, size);
      break;
   }
   if (!p)
      return false;
   memcpy(store ? p : data, store ? data : p, size);
   return true;
}

/* The registers a value of `bytes` occupies must be aligned to its size. */
static bool
check_reg_tuple(struct sim_exec *x, unsigned reg, unsigned bytes)
{
   unsigned n = bytes > 4 ? bytes / 4 : 1;
   if (reg != JADE_HW_RZ && reg % n)
      return sim_stop(x, JADE_SIM_FAULT,
                      "register tuple R%u of %u registers is "
                      "misaligned",
                      reg, n);
   return true;
}

static void
exec_load(struct sim_exec *x, enum space space)
{
   unsigned type = (unsigned)sim_field(x, JADE_ISA_F_TYPE);
   unsigned bytes = type_bytes(type);
   unsigned dst = (unsigned)sim_field(x, JADE_ISA_F_DST);
   if (sim_field(x, JADE_ISA_F_ZD)) {
      sim_unsupported(x, ".ZD loads");
      return;
   }
   if (!check_reg_tuple(x, dst, bytes))
      return;
   sim_foreach_lane (x, lane) {
      if ((x->op == JADE_ISA_OP_LD || x->op == JADE_ISA_OP_LD_UR) &&
          !sim_pred_src(x, JADE_ISA_F_PG, JADE_ISA_F_PG_NOT, lane))
         continue;
      uint8_t p[16];
      if (!access(x, lane, space, address(x, lane, space), p, bytes, false))
         return;
      uint32_t words[4] = {0};
      switch (type) {
      case JADE_ISA_V_TYPE_U8:
         words[0] = p[0];
         break;
      case JADE_ISA_V_TYPE_S8:
         words[0] = (uint32_t)(int32_t)(int8_t)p[0];
         break;
      case JADE_ISA_V_TYPE_U16: {
         uint16_t v;
         memcpy(&v, p, 2);
         words[0] = v;
         break;
      }
      case JADE_ISA_V_TYPE_S16: {
         int16_t v;
         memcpy(&v, p, 2);
         words[0] = (uint32_t)(int32_t)v;
         break;
      }
      default:
         memcpy(words, p, bytes);
         break;
      }
      for (unsigned i = 0; i < (bytes + 3) / 4; i++)
         sim_set_gpr(x, dst + i, lane, words[i]); /* RZ + i: none */
   }
}

static void
exec_store(struct sim_exec *x, enum space space)
{
   unsigned bytes = type_bytes((unsigned)sim_field(x, JADE_ISA_F_TYPE));
   unsigned data = (unsigned)sim_field(x, JADE_ISA_F_DATA);
   if (!check_reg_tuple(x, data, bytes))
      return;
   sim_foreach_lane (x, lane) {
      uint32_t words[4];
      for (unsigned i = 0; i < (bytes + 3) / 4; i++)
         words[i] = sim_gpr(x, data + i, lane); /* RZ + i: 0 */
      if (!access(x, lane, space, address(x, lane, space), words, bytes, true))
         return;
   }
}

static void
exec_ldc(struct sim_exec *x)
{
   unsigned type = (unsigned)sim_field(x, JADE_ISA_F_TYPE);
   unsigned bytes = type_bytes(type);
   unsigned bank = (unsigned)sim_field(x, JADE_ISA_F_BANK);
   bool uniform = jade_isa_op_info[x->op].uniform;
   unsigned dst = (unsigned)sim_field(x, JADE_ISA_F_DST);
   if (x->op == JADE_ISA_OP_LDC && sim_field(x, JADE_ISA_F_MODE) != JADE_ISA_V_MODE_NONE) {
      sim_unsupported(x, "indexed constant-bank modes");
      return;
   }
   sim_foreach_lane (x, lane) {
      int64_t off = (int64_t)sim_field(x, JADE_ISA_F_OFS);
      if (x->op == JADE_ISA_OP_LDC)
         off += (int32_t)sim_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_ADDR), lane);
      else if (x->op == JADE_ISA_OP_ULDC_INDEXED)
         off += (int32_t)sim_ugpr(x, (unsigned)sim_field(x, JADE_ISA_F_INDEX));
      if (off & (bytes - 1)) {
         sim_stop(x, JADE_SIM_FAULT, "misaligned constant-bank access c[0x%x][0x%llx]", bank,
                  (unsigned long long)off);
         return;
      }
      uint32_t words[2] = {sim_cbuf32(x, bank, off & ~3ll), 0};
      if (bytes == 8)
         words[1] = sim_cbuf32(x, bank, off + 4);
      unsigned shift = (unsigned)(off & 3) * 8;
      switch (type) {
      case JADE_ISA_V_TYPE_U8:
         words[0] = words[0] >> shift & 0xff;
         break;
      case JADE_ISA_V_TYPE_S8:
         words[0] = (uint32_t)(int32_t)(int8_t)(words[0] >> shift);
         break;
      case JADE_ISA_V_TYPE_U16:
         words[0] = words[0] >> shift & 0xffff;
         break;
      case JADE_ISA_V_TYPE_S16:
         words[0] = (uint32_t)(int32_t)(int16_t)(words[0] >> shift);
         break;
      default:
         break;
      }
      for (unsigned i = 0; i < (bytes == 8 ? 2u : 1u); i++) {
         if (uniform)
            sim_set_ugpr(x, dst + i, words[i]);
         else
            sim_set_gpr(x, dst + i, lane, words[i]);
      }
      if (uniform)
         break;
   }
}

/* --- atomics ------------------------------------------------------------- */

/* ATOM/ATOMG/RED type field. */
enum atom_type {
   AT_U32 = JADE_ISA_V_ATOMG_TYPE_U32,
   AT_S32 = JADE_ISA_V_ATOMG_TYPE_S32,
   AT_U64 = JADE_ISA_V_ATOMG_TYPE_64,
   AT_F32 = JADE_ISA_V_TYPE_F32_FTZ_RN,
   AT_F16X2 = JADE_ISA_V_TYPE_F16X2_RN,
   AT_S64 = JADE_ISA_V_ATOMG_TYPE_S64,
   AT_F64 = JADE_ISA_V_TYPE_F64_RN,
};

static bool
atom_op(struct sim_exec *x, unsigned op, enum atom_type type, uint64_t old, uint64_t data,
        uint64_t *result)
{
   bool is64 = type == AT_U64 || type == AT_S64 || type == AT_F64;
   bool is_signed = type == AT_S32 || type == AT_S64;
   uint64_t mask = is64 ? ~0ull : 0xffffffffull;
   int64_t so = is64 ? (int64_t)old : (int64_t)(int32_t)old;
   int64_t sd = is64 ? (int64_t)data : (int64_t)(int32_t)data;
   if (type == AT_F32 && op == JADE_ISA_V_OP_ADD) {
      float r =
         sim_f32(sim_flush32((uint32_t)old, true)) + sim_f32(sim_flush32((uint32_t)data, true));
      *result = isnan(r) ? SIM_NAN32 : sim_flush32(sim_u32(r), true);
      return true;
   }
   if (type == AT_F64 && op == JADE_ISA_V_OP_ADD) {
      *result = sim_u64(sim_f64(old) + sim_f64(data));
      return true;
   }
   if (type == AT_F32 || type == AT_F64 || type == AT_F16X2)
      return sim_unsupported(x, "this atomic operation on floats");
   switch (op) {
   case JADE_ISA_V_OP_ADD:
      *result = old + data;
      break;
   case JADE_ISA_V_OP_MIN:
      *result = is_signed ? (so < sd ? old : data) : ((old & mask) < (data & mask) ? old : data);
      break;
   case JADE_ISA_V_OP_MAX:
      *result = is_signed ? (so > sd ? old : data) : ((old & mask) > (data & mask) ? old : data);
      break;
   case JADE_ISA_V_OP_INC:
      *result = (old & mask) >= (data & mask) ? 0 : old + 1;
      break;
   case JADE_ISA_V_OP_DEC:
      *result = ((old & mask) == 0 || (old & mask) > (data & mask)) ? data : old - 1;
      break;
   case JADE_ISA_V_OP_AND:
      *result = old & data;
      break;
   case JADE_ISA_V_OP_OR:
      *result = old | data;
      break;
   case JADE_ISA_V_OP_XOR:
      *result = old ^ data;
      break;
   case JADE_ISA_V_OP_EXCH:
      *result = data;
      break;
   default:
      return sim_unsupported(x, "atomic operation");
   }
   *result &= mask;
   return true;
}

static void
exec_atomic(struct sim_exec *x, enum space space, bool cas, bool has_dst)
{
   bool shared = space == SPACE_SHARED;
   unsigned type = (unsigned)sim_field(x, JADE_ISA_F_TYPE);
   /* ATOMS has only U32, S32 and 64 (unsigned). */
   bool is64 = type == AT_U64 || (!shared && (type == AT_S64 || type == AT_F64));
   unsigned bytes = is64 ? 8 : 4;
   unsigned op = cas ? 0 : (unsigned)sim_field(x, JADE_ISA_F_OP);
   unsigned dst = has_dst ? (unsigned)sim_field(x, JADE_ISA_F_DST) : JADE_HW_RZ;
   unsigned data = (unsigned)sim_field(x, JADE_ISA_F_DATA);
   unsigned data2 = cas ? (unsigned)sim_field(x, JADE_ISA_F_DATA2) : JADE_HW_RZ;
   /* ATOMS.CAST returns success instead of the old value. */
   bool cast = x->op == JADE_ISA_OP_ATOMS_CAS && (sim_field(x, JADE_ISA_F_MODE) & 1);
   if (!check_reg_tuple(x, dst, bytes) || !check_reg_tuple(x, data, bytes) ||
       !check_reg_tuple(x, data2, bytes))
      return;
   sim_foreach_lane (x, lane) {
      uint64_t d = is64 ? sim_gpr64(x, data, lane) : sim_gpr(x, data, lane);
      uint64_t d2 = is64 ? sim_gpr64(x, data2, lane) : sim_gpr(x, data2, lane);
      /* Read, modify, write: nothing runs in between. */
      uint64_t a = address(x, lane, space), old = 0, result;
      if (!access(x, lane, space, a, &old, bytes, false))
         return;
      if (cas) {
         result = old == d ? d2 : old;
      } else if (!atom_op(x, op, (enum atom_type)type, old, d, &result)) {
         return;
      }
      if (!access(x, lane, space, a, &result, bytes, true))
         return;
      uint64_t ret = cast ? (old == d) : old;
      if (is64)
         sim_set_gpr64(x, dst, lane, ret);
      else
         sim_set_gpr(x, dst, lane, (uint32_t)ret);
   }
}

static void
exec_qspc(struct sim_exec *x)
{
   unsigned space = (unsigned)sim_field(x, JADE_ISA_F_SPACE);
   sim_foreach_lane (x, lane) {
      uint64_t a = address(x, lane, SPACE_GLOBAL);
      bool shared = a - x->sim->shared_window < JADE_SIM_WINDOW_SIZE;
      bool local = a - x->sim->local_window < JADE_SIM_WINDOW_SIZE;
      bool in = space == JADE_ISA_V_SPACE_G   ? !shared && !local
                : space == JADE_ISA_V_SPACE_L ? local
                                              : shared;
      sim_set_pred(x, (unsigned)sim_field(x, JADE_ISA_F_PD), lane, in);
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, 0);
   }
}

bool
sim_exec_mem(struct sim_exec *x)
{
   switch (x->op) {
   case JADE_ISA_OP_LDG:
   case JADE_ISA_OP_LDG_UR:
      exec_load(x, SPACE_GLOBAL);
      return true;
   case JADE_ISA_OP_LD:
   case JADE_ISA_OP_LD_UR:
      exec_load(x, SPACE_GENERIC);
      return true;
   case JADE_ISA_OP_LDS:
      exec_load(x, SPACE_SHARED);
      return true;
   case JADE_ISA_OP_LDL:
      exec_load(x, SPACE_LOCAL);
      return true;
   case JADE_ISA_OP_STG:
   case JADE_ISA_OP_STG_UR:
      exec_store(x, SPACE_GLOBAL);
      return true;
   case JADE_ISA_OP_ST:
   case JADE_ISA_OP_ST_UR:
      exec_store(x, SPACE_GENERIC);
      return true;
   case JADE_ISA_OP_STS:
      exec_store(x, SPACE_SHARED);
      return true;
   case JADE_ISA_OP_STL:
      exec_store(x, SPACE_LOCAL);
      return true;
   case JADE_ISA_OP_LDC:
   case JADE_ISA_OP_ULDC:
   case JADE_ISA_OP_ULDC_INDEXED:
      exec_ldc(x);
      return true;
   case JADE_ISA_OP_ATOMG:
   case JADE_ISA_OP_ATOMG_UR:
      exec_atomic(x, SPACE_GLOBAL, false, true);
      return true;
   case JADE_ISA_OP_ATOM:
   case JADE_ISA_OP_ATOM_UR:
      exec_atomic(x, SPACE_GENERIC, false, true);
      return true;
   case JADE_ISA_OP_RED:
   case JADE_ISA_OP_RED_UR:
      exec_atomic(x, SPACE_GENERIC, false, false);
      return true;
   case JADE_ISA_OP_ATOMS:
      exec_atomic(x, SPACE_SHARED, false, true);
      return true;
   case JADE_ISA_OP_ATOMG_CAS:
      exec_atomic(x, SPACE_GLOBAL, true, true);
      return true;
   case JADE_ISA_OP_ATOM_CAS:
      exec_atomic(x, SPACE_GENERIC, true, true);
      return true;
   case JADE_ISA_OP_ATOMS_CAS:
      exec_atomic(x, SPACE_SHARED, true, true);
      return true;
   case JADE_ISA_OP_QSPC:
   case JADE_ISA_OP_QSPC_UR:
      exec_qspc(x);
      return true;
   case JADE_ISA_OP_MEMBAR:
   case JADE_ISA_OP_ERRBAR:
   case JADE_ISA_OP_CCTL:
      return true;
   default:
      return false;
   }
}
