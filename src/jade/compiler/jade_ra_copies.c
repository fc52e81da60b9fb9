/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Parallel copies after register allocation (phis at the end of each
 * predecessor, fragment outputs before EXIT): every source is read before
 * any destination is written.  A move whose destination no pending move
 * still reads goes first; when only cycles are left, a free general
 * register (the caller's `spare`) takes one destination's old value, which
 * opens the cycle: n + 1 moves for a cycle of n.  Without one (or for
 * predicates), one pair of registers is swapped with three XORs.
 * Constant loads (jade_copy.konst) come last: they read no register.
 */

#include "jade_ra.h"
#include "util/ralloc.h"

struct jade_value *
jade_phys_value(struct jade_ir_shader *s, enum jade_file file, unsigned reg)
{
   struct jade_value *v = jade_value_create(s, file, 1);
   v->reg = (uint8_t)reg;
   return v;
}

static void
emit_move(struct jade_ir_shader *s, struct jade_block *block, struct jade_instr *before,
          unsigned file, unsigned dst, unsigned src)
{
   struct jade_value *d = jade_phys_value(s, file, dst), *a = jade_phys_value(s, file, src);
   if (file == JADE_FILE_PRED) {
      struct jade_instr *i = jade_instr_create_before(s, block, before, JADE_ISA_OP_PLOP3);
      jade_instr_add_dst(i, JADE_ISA_F_PD0, d);
      jade_instr_add_src(i, JADE_ISA_F_A, a);
      jade_instr_add_src_zero(i, JADE_ISA_F_B);
      jade_instr_add_src_zero(i, JADE_ISA_F_C);
      jade_instr_set_field(i, JADE_ISA_F_LUT, 0xf0); /* a */
   } else {
      struct jade_instr *i = jade_instr_create_before(s, block, before, JADE_ISA_OP_MOV);
      jade_instr_add_dst(i, JADE_ISA_F_DST, d);
      jade_instr_add_src(i, JADE_ISA_F_B, a);
   }
}

/* x ^= y */
static void
emit_xor(struct jade_ir_shader *s, struct jade_block *block, struct jade_instr *before,
         unsigned file, unsigned x, unsigned y)
{
   struct jade_value *d = jade_phys_value(s, file, x), *a = jade_phys_value(s, file, x);
   struct jade_value *b = jade_phys_value(s, file, y);
   struct jade_instr *i = jade_instr_create_before(
      s, block, before, file == JADE_FILE_PRED ? JADE_ISA_OP_PLOP3 : JADE_ISA_OP_LOP3);
   jade_instr_add_dst(i, file == JADE_FILE_PRED ? JADE_ISA_F_PD0 : JADE_ISA_F_DST, d);
   jade_instr_add_src(i, JADE_ISA_F_A, a);
   jade_instr_add_src(i, JADE_ISA_F_B, b);
   jade_instr_add_src_zero(i, JADE_ISA_F_C);
   jade_instr_set_field(i, JADE_ISA_F_LUT, 0x3c); /* a ^ b */
   if (file != JADE_FILE_PRED)
      jade_instr_set_field(i, JADE_ISA_F_P_NOT, 1);
}

void
jade_parallel_copy(struct jade_ir_shader *s, struct jade_block *block, struct jade_instr *before,
                   struct jade_copy *copies, unsigned count, int spare)
{
   /* Moves to themselves are done already; constant loads wait at the
    * end of the array, which the register moves below never reach. */
   unsigned n = 0, loads = count;
   for (unsigned k = 0; k < loads;) {
      if (copies[k].konst) {
         struct jade_copy c = copies[k];
         copies[k] = copies[--loads];
         copies[loads] = c;
      } else {
         if (copies[k].dst != copies[k].src)
            copies[n++] = copies[k];
         k++;
      }
   }
   while (n) {
      bool progress = false;
      for (unsigned k = 0; k < n; k++) {
         bool read = false;
         for (unsigned j = 0; j < n && !read; j++)
            read = j != k && copies[j].file == copies[k].file && copies[j].src == copies[k].dst;
         if (read)
            continue;
         emit_move(s, block, before, copies[k].file, copies[k].dst, copies[k].src);
         copies[k] = copies[--n];
         progress = true;
         break;
      }
      if (progress)
         continue;
      /* Only cycles: save the first move's destination in the spare
       * register, and read it from there. */
      struct jade_copy c = copies[0];
      if (spare >= 0 && c.file == JADE_FILE_GPR) {
         emit_move(s, block, before, c.file, (unsigned)spare, c.dst);
         for (unsigned j = 0; j < n; j++)
            if (copies[j].file == c.file && copies[j].src == c.dst)
               copies[j].src = (uint8_t)spare;
         continue;
      }
      /* No spare: swap the first move's two registers. */
      emit_xor(s, block, before, c.file, c.dst, c.src);
      emit_xor(s, block, before, c.file, c.src, c.dst);
      emit_xor(s, block, before, c.file, c.dst, c.src);
      copies[0] = copies[--n];
      for (unsigned j = 0; j < n; j++) {
         if (copies[j].file != c.file)
            continue;
         if (copies[j].src == c.dst)
            copies[j].src = c.src;
         else if (copies[j].src == c.src)
            copies[j].src = c.dst;
      }
      for (unsigned j = 0; j < n;) {
         if (copies[j].dst == copies[j].src)
            copies[j] = copies[--n];
         else
            j++;
      }
   }
   for (unsigned k = loads; k < count; k++) {
      struct jade_instr *i = jade_instr_create_before(s, block, before, JADE_ISA_OP_MOV);
      jade_instr_add_dst(i, JADE_ISA_F_DST, jade_phys_value(s, JADE_FILE_GPR, copies[k].dst));
      jade_instr_add_src_copy(i, copies[k].konst);
   }
}
