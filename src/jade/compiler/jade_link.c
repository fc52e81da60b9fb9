/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Linking a vertex and a fragment shader at bind time, by scalar
 * component (docs/linkage.md): each was compiled alone; here
 *  - a VS output store (AST) of generic words the FS reads none of becomes
 *    a NOP, and those words leave the VS header's Omap;
 *  - an FS input load (IPA) of a generic word the VS does not write
 *    becomes MOV dst, 0 (GL leaves such inputs undefined; 0 is what a
 *    missing attribute reads elsewhere), and the word leaves the FS Imap.
 * Both headers start from what each shader determines alone
 * (jade_sph_build.c).  Patching works on copies of the code at the patch
 * sites the compiler recorded; nothing is recompiled.
 */

#include <string.h>

#include "jade_compiler_private.h"
#include "jade_sph.h"

static bool
word_set(const uint32_t *words, unsigned w)
{
   return w < JADE_ATTR_WORDS && (words[w / 32] >> (w % 32) & 1);
}

static void
clear_bit(uint32_t *dw, unsigned bit, unsigned width)
{
   for (unsigned k = 0; k < width; k++, bit++)
      dw[bit / 32] &= ~(1u << (bit % 32));
}

static void
set_bit(uint32_t *dw, unsigned bit)
{
   dw[bit / 32] |= 1u << (bit % 32);
}

/* Re-encodes instruction `at` of `code` (two 64-bit words) as `isa`,
 * keeping its control bits' stall and wait mask; no scoreboard set (what
 * waited on one waits for nothing now). */
static void
rewrite(uint64_t *code, unsigned at, struct jade_isa_instr *isa,
        const struct jade_isa_ctrl *old, unsigned min_stall)
{
   isa->ctrl = *old;
   isa->ctrl.wr_sb = 7;
   isa->ctrl.rd_sb = 7;
   isa->ctrl.reuse = 0;
   if (isa->ctrl.stall < min_stall)
      isa->ctrl.stall = (uint8_t)min_stall;
   jade_isa_encode(isa, &code[at / 8]);
}

void
jade_link(const struct jade_shader_binary *vs, const struct jade_shader_binary *fs,
          uint32_t vs_sph[32], uint32_t fs_sph[32], uint64_t *vs_code, uint64_t *fs_code,
          struct jade_link_stats *stats)
{
   memset(stats, 0, sizeof(*stats));
   jade_sph_vertex(vs, vs_sph);
   jade_sph_fragment(fs, fs_sph);
   memcpy(vs_code, vs->code, vs->code_size);
   memcpy(fs_code, fs->code, fs->code_size);

   /* VS stores: kept if the FS reads any of their words.  The Omap of
    * generic words is rebuilt from what is still written. */
   for (unsigned w = 32; w < 96; w++)
      clear_bit(vs_sph, 400 + w, 1);
   uint32_t written[JADE_ATTR_WORDS / 32];
   memcpy(written, vs->io.outputs, sizeof(written));
   for (unsigned k = 0; k < vs->patch_count; k++) {
      const struct jade_patch_site *p = &vs->patches[k];
      if (p->kind != JADE_PATCH_OUTPUT_STORE)
         continue;
      bool read = false;
      for (unsigned w = p->word; w < p->word + p->count; w++)
         read = read || word_set(fs->io.inputs, w);
      if (read)
         continue;
      struct jade_isa_instr old, nop;
      jade_isa_decode(&vs_code[p->offset / 8], &old);
      jade_isa_instr_init(&nop, (unsigned)jade_isa_find_form(JADE_ISA_OP_NOP, 0));
      rewrite(vs_code, p->offset, &nop, &old.ctrl, 1);
      for (unsigned w = p->word; w < p->word + p->count; w++)
         written[w / 32] &= ~(1u << (w % 32));
      stats->stores_removed++;
   }

   for (unsigned w = 32; w < 96; w++)
      if (word_set(written, w))
         set_bit(vs_sph, 400 + w);

   /* FS loads of generic words no store feeds: MOV dst, 0.  A fixed
    * latency op has no scoreboard for its readers to wait on, so its
    * stall covers its latency. */
   for (unsigned k = 0; k < fs->patch_count; k++) {
      const struct jade_patch_site *p = &fs->patches[k];
      if (p->kind != JADE_PATCH_INPUT_LOAD || word_set(written, p->word))
         continue;
      struct jade_isa_instr old, mov;
      jade_isa_decode(&fs_code[p->offset / 8], &old);
      jade_isa_instr_init(&mov, (unsigned)jade_isa_find_form(JADE_ISA_OP_MOV, 4));
      mov.field[JADE_ISA_F_DST] = old.field[JADE_ISA_F_DST];
      mov.field[JADE_ISA_F_B] = 0;
      mov.pred = old.pred;
      mov.pred_not = old.pred_not;
      rewrite(fs_code, p->offset, &mov, &old.ctrl,
              jade_isa_op_info[JADE_ISA_OP_MOV].fixed_latency[JADE_ISA_FILE_GPR]);
      /* Out of the Imap: two bits a generic word. */
      clear_bit(fs_sph, 192 + 2 * (p->word - 32), 2);
      stats->inputs_defaulted++;
   }
}
