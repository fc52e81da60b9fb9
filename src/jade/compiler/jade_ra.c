/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Register allocation.  Today: one pass over straight-line SSA code (a
 * single block), in order: a value's registers are freed after its last
 * use and taken by the next definition, tuples aligned to their size.
 * This is exact for straight-line code (an SSA interval graph is chordal,
 * so first-fit in definition order needs no more registers than the
 * pressure, save for tuple alignment).  Control flow, live-range splitting
 * and spilling come next (docs/compiler.md); a shader that needs them
 * fails to compile with a message.
 */

#include <string.h>

#include "jade_compiler_private.h"
#include "util/ralloc.h"

#define GPR_LIMIT 253     /* R0..R252 usable; ptxas never allocates more */

static const unsigned file_regs[4] = {GPR_LIMIT, 7, 63, 7};

static int
find_free(const uint8_t *used, unsigned limit, unsigned size)
{
   for (unsigned r = 0; r + size <= limit; r += size) {
      bool ok = true;
      for (unsigned i = 0; i < size && ok; i++)
         ok = !used[r + i];
      if (ok)
         return (int)r;
   }
   return -1;
}

bool
jade_ra(struct jade_shader *s, const struct jade_compiler_options *options)
{
   if (s->block_count != 1)
      return jade_shader_error(s, "control flow is not supported by the register "
                               "allocator yet");
   struct jade_block *block = list_first_entry(&s->blocks, struct jade_block, link);

   /* The last instruction reading each value. */
   const struct jade_instr **last_use = rzalloc_array(s, const struct jade_instr *,
                                                      s->value_count);
   jade_foreach_instr(block, instr) {
      for (unsigned i = 0; i < instr->src_count; i++)
         if (instr->src[i].kind == JADE_OPERAND_VALUE)
            last_use[instr->src[i].value] = instr;
      if (instr->pred_value >= 0)
         last_use[instr->pred_value] = instr;
   }

   bool *allocated = rzalloc_array(s, bool, s->value_count);
   unsigned limit[4];
   memcpy(limit, file_regs, sizeof(limit));
   if (options && options->max_gprs && options->max_gprs < limit[JADE_FILE_GPR])
      limit[JADE_FILE_GPR] = options->max_gprs;

   uint8_t used[4][256];
   memset(used, 0, sizeof(used));
   unsigned max_gpr = 0;
   jade_foreach_instr(block, instr) {
      /* Sources dying here free their registers first: a definition may
       * take them (the hardware reads sources before writing). */
      for (unsigned i = 0; i <= instr->src_count; i++) {
         int32_t idx = i < instr->src_count ?
                       (instr->src[i].kind == JADE_OPERAND_VALUE ? (int32_t)instr->src[i].value : -1) :
                       instr->pred_value;
         if (idx < 0 || last_use[idx] != instr)
            continue;
         const struct jade_value *v = &s->values[idx];
         for (unsigned r = 0; r < v->size; r++)
            used[v->file][v->reg + r] = 0;
      }
      for (unsigned i = 0; i < instr->dst_count; i++) {
         struct jade_value *v = &s->values[instr->dst[i].value];
         if (allocated[v->index])
            continue;   /* a tuple written piece by piece */
         allocated[v->index] = true;
         int reg = find_free(used[v->file], limit[v->file], v->size);
         if (reg < 0) {
            return jade_shader_error(s, "out of %s registers (spilling is not "
                                     "implemented yet)",
                                     v->file == JADE_FILE_GPR ? "general" : "predicate/uniform");
         }
         v->reg = (uint8_t)reg;
         /* A value nobody reads is dead at once. */
         for (unsigned r = 0; r < v->size; r++)
            used[v->file][reg + r] = last_use[v->index] != NULL;
         if (v->file == JADE_FILE_GPR && reg + v->size > max_gpr)
            max_gpr = reg + v->size;
      }
   }
   s->gpr_count = max_gpr;
   return true;
}
