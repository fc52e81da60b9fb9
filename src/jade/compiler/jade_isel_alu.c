/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of NIR ALU ops: moves of components, then the
 * op's selection by what it computes (jade_isel_int.c, jade_isel_float.c,
 * jade_isel_cmp.c, jade_isel_conv.c, jade_isel_fp64.c).
 */

#include "jade_isel.h"

bool
isel_alu(struct isel *c, nir_alu_instr *alu)
{
   unsigned bits = alu->def.bit_size;
   nir_op op = alu->op;

   if (op == nir_op_vec2 || op == nir_op_vec3 || op == nir_op_vec4 || op == nir_op_mov) {
      for (unsigned k = 0; k < alu->def.num_components; k++) {
         unsigned i = op == nir_op_mov ? 0 : k;
         unsigned swz = alu->src[i].swizzle[op == nir_op_mov ? k : 0];
         isel_set_def(c, &alu->def, k, isel_src(c, alu->src[i].src.ssa, swz));
      }
      return true;
   }
   if (op == nir_op_unpack_64_2x32) {
      /* The two words of a 64-bit value: its registers. */
      isel_split(c, &alu->def, 0, isel_alu_src(c, alu, 0), 2);
      return true;
   }
   if (alu->def.num_components != 1)
      return jade_ir_error(c->s, "vector ALU op %s (scalarisation missed it)",
                           nir_op_infos[op].name);

   struct jade_value *dst = isel_new_value(c, bits);
   isel_set_def(c, &alu->def, 0, dst);
   struct list_head *before = c->block->instrs.prev;
   if (((bits == 64 || alu->src[0].src.ssa->bit_size == 64) && isel_alu_fp64(c, alu, dst)) ||
       isel_alu_int(c, alu, dst) || isel_alu_conv(c, alu, dst) || isel_alu_float(c, alu, dst) ||
       isel_alu_cmp(c, alu, dst)) {
      /* What an exact op made stays uncontracted (jade_opt_operands.c). */
      for (struct list_head *l = before->next; alu->exact && l != &c->block->instrs; l = l->next)
         list_entry(l, struct jade_instr, link)->exact = true;
      /* A boolean kept in a GPR (bools_in_gpr): 0 or ~0. */
      if (bits == 1 && c->bools_in_gpr)
         isel_set_def(c, &alu->def, 0, isel_bool_to_gpr(c, dst));
      return true;
   }
   return jade_ir_error(c->s, "unsupported NIR ALU op %s (%u-bit)", nir_op_infos[op].name, bits);
}
