/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Emission: Jade IR (after register allocation and control bits) to SM75
 * machine code, through the ISA description's encoder, the only encoder.
 */

#include "jade/jade_link.h"
#include "jade_compiler_private.h"
#include "compiler/shader_enums.h"
#include "jade_attr.h"
#include "util/ralloc.h"

static void
put_operand(const struct jade_ir_shader *s, struct jade_isa_instr *isa,
            const struct jade_operand *o)
{
   if (o->field == JADE_FIELD_NONE)
      return;
   switch (o->kind) {
   case JADE_OPERAND_VALUE:
      isa->field[o->field] = s->values[o->value]->reg + o->comp;
      break;
   case JADE_OPERAND_IMM:
      isa->field[o->field] = o->value;
      break;
   case JADE_OPERAND_CBUF:
      isa->field[o->field == JADE_ISA_F_B ? JADE_ISA_F_B_BANK : JADE_ISA_F_C_BANK] = o->cbuf_bank;
      isa->field[o->field == JADE_ISA_F_B ? JADE_ISA_F_B_OFF : JADE_ISA_F_C_OFF] =
         (uint64_t)(int64_t)o->cbuf_offset;
      break;
   default:
      break; /* ZERO: the field keeps its neutral value (RZ, PT, URZ) */
   }
}

/* The patch site of an attribute store or interpolation, if any. */
static void
record_patch_site(struct jade_ir_shader *s, const struct jade_instr *instr,
                  const struct jade_isa_instr *isa)
{
   struct jade_patch_site site = {
      .offset = instr->emit_index * 16,
      .mul_offset = JADE_PATCH_NO_MUL,
   };
   const struct jade_isa_op_info *info = &jade_isa_op_info[jade_isa_forms[isa->form].op];
   if (instr->site == JADE_SITE_COLOR_CLAMP) {
      site.kind = JADE_PATCH_COLOR_CLAMP;
   } else if (info == &jade_isa_op_info[JADE_ISA_OP_AST] && isa->field[JADE_ISA_F_OREG] == 255 &&
              !isa->field[JADE_ISA_F_PATCH] && s->stage != MESA_SHADER_TESS_CTRL) {
      /* Not a TCS's stores: its invocations read its outputs back (ALD.O),
       * and patch outputs are never dropped. */
      site.kind = JADE_PATCH_OUTPUT_STORE;
      site.word = (uint16_t)(isa->field[JADE_ISA_F_ADDR] / 4);
      site.count = (uint8_t)(isa->field[JADE_ISA_F_COMPS] + 1);
   } else if (info == &jade_isa_op_info[JADE_ISA_OP_IPA] && isa->field[JADE_ISA_F_OREG] == 255 &&
              isa->field[JADE_ISA_F_LOC] != JADE_ISA_V_LOC_OFFSET) {
      site.kind = JADE_PATCH_INPUT_LOAD;
      site.word = (uint16_t)(isa->field[JADE_ISA_F_ATTR] / 4);
      site.count = 1;
      if (instr->ipa_mul)
         site.mul_offset = instr->ipa_mul->emit_index * 16;
   } else {
      return;
   }
   /* Loads of system values too: sample shading moves them.  Stores of
    * system values stay as written (position, point size, layer,
    * viewport, primitive id). */
   for (unsigned k = 0; k < site.count; k++)
      if (site.kind == JADE_PATCH_OUTPUT_STORE && jade_attr_is_system_value(site.word + k))
         return;
   site.depends = jade_link_site_depends(&s->io, &site,
                                         isa->field[JADE_ISA_F_FREQ] == JADE_ISA_V_FREQ_PASS &&
                                            isa->field[JADE_ISA_F_LOC] == JADE_ISA_V_LOC_CENTER);
   s->patches = reralloc(s, s->patches, struct jade_patch_site, s->patch_count + 1);
   s->patches[s->patch_count++] = site;
}

bool
jade_emit(struct jade_ir_shader *s)
{
   /* Where each block starts, by block index (blocks are laid out in list
    * order, which is not index order). */
   uint64_t *block_pc = ralloc_array(s, uint64_t, s->block_count);
   unsigned count = 0;
   jade_foreach_block (s, block) {
      block_pc[block->index] = (uint64_t)count * 16;
      jade_foreach_instr (block, instr)
         instr->emit_index = count++;
   }
   /* ptxas ends code with a branch to itself: a fetch past EXIT stays put. */
   s->code = ralloc_array(s, uint64_t, 2 * (count + 1));
   unsigned n = 0;
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, instr) {
         int form = jade_instr_form(s, instr);
         if (form < 0) {
            return jade_ir_error(s, "no operand form of %s takes these sources",
                                 jade_isa_op_info[instr->op].name);
         }
         struct jade_isa_instr isa;
         jade_isa_instr_init(&isa, (unsigned)form);
         for (unsigned i = 0; i < instr->field_count; i++)
            isa.field[instr->fields[i].field] = instr->fields[i].value;
         for (unsigned i = 0; i < instr->dst_count; i++)
            put_operand(s, &isa, &instr->dst[i]);
         for (unsigned i = 0; i < instr->src_count; i++)
            put_operand(s, &isa, &instr->src[i]);
         if (instr->target_block >= 0) {
            int64_t target = (int64_t)block_pc[instr->target_block];
            isa.field[JADE_ISA_F_TARGET] = (uint64_t)((target - (int64_t)(n * 16 + 16)) / 4);
         }
         isa.pred = instr->pred_value >= 0 ? s->values[instr->pred_value]->reg : instr->pred;
         isa.pred_not = instr->pred_not;
         isa.ctrl = instr->ctrl;
         if (jade_isa_encode(&isa, &s->code[2 * n]) != 0) {
            return jade_ir_error(s, "%s: a field does not fit its bits",
                                 jade_isa_op_info[instr->op].name);
         }
         record_patch_site(s, instr, &isa);
         n++;
      }
   }
   /* BRA to itself. */
   struct jade_isa_instr self;
   jade_isa_instr_init(&self, (unsigned)jade_isa_find_form(JADE_ISA_OP_BRA, 0));
   self.field[JADE_ISA_F_TARGET] = (uint64_t)-4;
   self.ctrl.stall = 5;
   jade_isa_encode(&self, &s->code[2 * n]);
   s->code_words = 2 * (n + 1);
   ralloc_free(block_pc);
   return true;
}
