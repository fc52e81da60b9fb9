/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Operand access for the instruction semantics.  Every register read or
 * written goes through here, so the dependency checker sees exactly what
 * each instruction touched.
 */

#include "sim_private.h"

/* A register the launch's register count does not cover (gpr_limit, 0:
 * no limit): the hardware allocates only the programmed count. */
bool
sim_gpr_beyond_count(struct sim_exec *x, unsigned reg)
{
   sim_stop(x, JADE_SIM_FAULT,
            "R%u is beyond the programmed register count %u "
            "(R0..R%u usable: two registers of each thread's allocation hold the pc)",
            reg, x->sim->gpr_limit + JADE_HW_RESERVED_GPRS, x->sim->gpr_limit - 1);
   return true;
}

/* Register pairs: an odd base register is not aligned; hardware raises an
 * illegal-instruction error, the model stops. */
uint64_t
sim_gpr64(struct sim_exec *x, unsigned reg, unsigned lane)
{
   if (reg >= JADE_HW_RZ)
      return 0;
   if (reg & 1) {
      sim_stop(x, JADE_SIM_FAULT, "misaligned register pair R%u", reg);
      return 0;
   }
   return sim_gpr(x, reg, lane) | (uint64_t)sim_gpr(x, reg + 1, lane) << 32;
}

void
sim_set_gpr64(struct sim_exec *x, unsigned reg, unsigned lane, uint64_t v)
{
   if (reg >= JADE_HW_RZ)
      return;
   if (reg & 1) {
      sim_stop(x, JADE_SIM_FAULT, "misaligned register pair R%u", reg);
      return;
   }
   sim_set_gpr(x, reg, lane, (uint32_t)v);
   sim_set_gpr(x, reg + 1, lane, (uint32_t)(v >> 32));
}

uint32_t
sim_ugpr(struct sim_exec *x, unsigned reg)
{
   if (reg >= JADE_HW_URZ)
      return 0;
   sim_note(x, x->read, SIM_DEP_UGPR + reg);
   return x->w->ur[reg];
}

void
sim_set_ugpr(struct sim_exec *x, unsigned reg, uint32_t v)
{
   if (reg >= JADE_HW_URZ)
      return;
   sim_note(x, x->written, SIM_DEP_UGPR + reg);
   x->w->ur[reg] = v;
}

uint64_t
sim_ugpr64(struct sim_exec *x, unsigned reg)
{
   return sim_ugpr(x, reg) | (uint64_t)sim_ugpr(x, reg + 1) << 32;
}

void
sim_set_ugpr64(struct sim_exec *x, unsigned reg, uint64_t v)
{
   sim_set_ugpr(x, reg, (uint32_t)v);
   sim_set_ugpr(x, reg + 1, (uint32_t)(v >> 32));
}

bool
sim_pred(struct sim_exec *x, unsigned pred, unsigned lane)
{
   if (pred >= JADE_HW_PT)
      return true;
   sim_note(x, x->read, SIM_DEP_PRED + pred);
   return (x->w->p[pred] >> lane) & 1;
}

void
sim_set_pred(struct sim_exec *x, unsigned pred, unsigned lane, bool v)
{
   if (pred >= JADE_HW_PT)
      return;
   sim_note(x, x->written, SIM_DEP_PRED + pred);
   if (v)
      x->w->p[pred] |= 1u << lane;
   else
      x->w->p[pred] &= ~(1u << lane);
}

bool
sim_upred(struct sim_exec *x, unsigned pred)
{
   if (pred >= JADE_HW_PT)
      return true;
   sim_note(x, x->read, SIM_DEP_UPRED + pred);
   return (x->w->up >> pred) & 1;
}

void
sim_set_upred(struct sim_exec *x, unsigned pred, bool v)
{
   if (pred >= JADE_HW_PT)
      return;
   sim_note(x, x->written, SIM_DEP_UPRED + pred);
   if (v)
      x->w->up |= 1u << pred;
   else
      x->w->up &= ~(1u << pred);
}

bool
sim_pred_src(struct sim_exec *x, enum jade_isa_field f, unsigned not_f, unsigned lane)
{
   bool v, neg = not_f != JADE_ISA_NO_FIELD && x->in->field[not_f];
   if (jade_isa_op_info[x->op].uniform)
      v = sim_upred(x, (unsigned)x->in->field[f]);
   else
      v = sim_pred(x, (unsigned)x->in->field[f], lane);
   return v != neg;
}

uint32_t
sim_cbuf32(struct sim_exec *x, unsigned bank, int64_t offset)
{
   if (bank >= JADE_SIM_CONST_BANKS || offset < 0 || offset + 4 > JADE_SIM_CONST_BANK_SIZE ||
       !x->sim->cbuf[bank])
      return 0;
   uint32_t v;
   memcpy(&v, x->sim->cbuf[bank] + (offset & ~3ll), 4);
   return v;
}

/* The fields of each source slot (slot a has no constant-bank fields). */
const struct sim_src_fields sim_src_fields[3] = {
   {JADE_ISA_F_A, JADE_ISA_F_A, JADE_ISA_F_A, JADE_ISA_F_A_NEG, JADE_ISA_F_A_ABS},
   {JADE_ISA_F_B, JADE_ISA_F_B_BANK, JADE_ISA_F_B_OFF, JADE_ISA_F_B_NEG, JADE_ISA_F_B_ABS},
   {JADE_ISA_F_C, JADE_ISA_F_C_BANK, JADE_ISA_F_C_OFF, JADE_ISA_F_C_NEG, JADE_ISA_F_C_ABS},
};

enum jade_isa_field
sim_src_field(enum sim_src s)
{
   return sim_src_fields[s].value;
}

bool
sim_src_neg(const struct sim_exec *x, enum sim_src s)
{
   return x->in->field[sim_src_fields[s].neg] != 0;
}

bool
sim_src_abs(const struct sim_exec *x, enum sim_src s)
{
   return x->in->field[sim_src_fields[s].abs] != 0;
}

uint64_t
sim_src64(struct sim_exec *x, enum sim_src s, unsigned lane)
{
   unsigned v = (unsigned)x->in->field[sim_src_fields[s].value];
   switch (x->form->src_kind[s]) {
   case JADE_ISA_SRC_GPR:
      return sim_gpr64(x, v, lane);
   case JADE_ISA_SRC_UGPR:
      return sim_ugpr64(x, v);
   case JADE_ISA_SRC_IMM:
      return (uint64_t)v << 32;
   case JADE_ISA_SRC_CBUF: {
      unsigned bank = (unsigned)x->in->field[sim_src_fields[s].bank];
      int64_t off = (int64_t)x->in->field[sim_src_fields[s].offset];
      return sim_cbuf32(x, bank, off) | (uint64_t)sim_cbuf32(x, bank, off + 4) << 32;
   }
   default:
      return 0;
   }
}
