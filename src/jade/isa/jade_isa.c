/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Encoder and decoder: both interpret the generated form tables.
 */

#include <string.h>

#include "jade_isa.h"
#include "jade_isa_private.h"

static inline uint64_t
get_bits(const uint64_t w[2], unsigned lo, unsigned width)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < width; i++) {
      const unsigned b = lo + i;
      v |= ((w[b / 64] >> (b % 64)) & 1ull) << i;
   }
   return v;
}

static inline void
set_bits(uint64_t w[2], unsigned lo, unsigned width, uint64_t v)
{
   for (unsigned i = 0; i < width; i++) {
      const unsigned b = lo + i;
      const uint64_t bit = 1ull << (b % 64);
      if ((v >> i) & 1)
         w[b / 64] |= bit;
      else
         w[b / 64] &= ~bit;
   }
}

static unsigned
field_width(const struct jade_isa_field_loc *loc)
{
   return loc->width[0] + loc->width[1];
}

void
jade_isa_encode_ctrl(const struct jade_isa_ctrl *ctrl, uint64_t out[2])
{
   set_bits(out, 105, 4, ctrl->stall);
   set_bits(out, 109, 1, ctrl->yield);
   set_bits(out, 110, 3, ctrl->wr_sb);
   set_bits(out, 113, 3, ctrl->rd_sb);
   set_bits(out, 116, 6, ctrl->wait_mask);
   set_bits(out, 122, 4, ctrl->reuse);
}

void
jade_isa_decode_ctrl(const uint64_t in[2], struct jade_isa_ctrl *ctrl)
{
   ctrl->stall = get_bits(in, 105, 4);
   ctrl->yield = get_bits(in, 109, 1);
   ctrl->wr_sb = get_bits(in, 110, 3);
   ctrl->rd_sb = get_bits(in, 113, 3);
   ctrl->wait_mask = get_bits(in, 116, 6);
   ctrl->reuse = get_bits(in, 122, 4);
}

int
jade_isa_encode(const struct jade_isa_instr *instr, uint64_t out[2])
{
   if (instr->form >= jade_isa_form_count)
      return -1;
   const struct jade_isa_form *form = &jade_isa_forms[instr->form];

   out[0] = form->fixed_value[0];
   out[1] = form->fixed_value[1];
   if (instr->pred > 7 || instr->ctrl.stall > 15 || instr->ctrl.wr_sb > 7 ||
       instr->ctrl.rd_sb > 7 || instr->ctrl.wait_mask > 63 || instr->ctrl.reuse > 15)
      return -1;
   set_bits(out, 12, 3, instr->pred);
   set_bits(out, 15, 1, instr->pred_not);
   jade_isa_encode_ctrl(&instr->ctrl, out);

   for (unsigned i = 0; i < form->field_count; i++) {
      const struct jade_isa_field_loc *loc = &form->fields[i];
      const unsigned width = field_width(loc);
      uint64_t v = instr->field[loc->field];

      if (loc->shift) {
         if (v & ((1ull << loc->shift) - 1))
            return -1;
         v = (uint64_t)((int64_t)v >> loc->shift);
      }

      /* Signed fields take any value that sign-extends back, or its
       * unsigned spelling (nvdisasm writes some signed immediates in hex). */
      if (width < 64) {
         const uint64_t mask = (1ull << width) - 1;
         if (loc->is_signed) {
            const int64_t sv = (int64_t)v;
            const int64_t min = -(1ll << (width - 1));
            const int64_t max = (1ll << (width - 1)) - 1;
            if ((sv < min || sv > max) && (v & ~mask))
               return -1;
            v &= mask;
         } else if (v & ~mask) {
            return -1;
         }
      }
      if (loc->inverted)
         v = ~v;
      set_bits(out, loc->lo[0], loc->width[0], v);
      if (loc->width[1])
         set_bits(out, loc->lo[1], loc->width[1], v >> loc->width[0]);
   }
   return 0;
}

static uint64_t
extract_field(const uint64_t in[2], const struct jade_isa_field_loc *loc)
{
   uint64_t v = get_bits(in, loc->lo[0], loc->width[0]);
   if (loc->width[1])
      v |= get_bits(in, loc->lo[1], loc->width[1]) << loc->width[0];
   const unsigned width = field_width(loc);
   if (loc->inverted)
      v = ~v & ((1ull << width) - 1);
   if (loc->is_signed && width < 64 && (v >> (width - 1)) & 1)
      v |= ~0ull << width;
   return v << loc->shift;
}

/* Enumerated modifiers must name a valid value in the printed syntax. */
static bool
enums_valid(const struct jade_isa_instr *instr, const struct jade_isa_syntax *syn)
{
   for (unsigned i = 0; i < syn->item_count; i++) {
      const struct jade_isa_item *item = &syn->items[i];
      if (item->kind != JADE_ISA_ITEM_ENUM)
         continue;
      const uint64_t v = instr->field[item->field];
      if (v >= item->enum_count || !item->enum_text[v])
         return false;
   }
   return true;
}

bool
jade_isa_syntax_applies(const struct jade_isa_syntax *syn, const struct jade_isa_instr *instr)
{
   bool match = true;
   for (unsigned c = 0; c < syn->cond_count; c++) {
      const struct jade_isa_cond *cond = &syn->conds[c];
      const uint64_t v =
         cond->field == JADE_ISA_COND_REUSE ? instr->ctrl.reuse : instr->field[cond->field];
      switch (cond->op) {
      case JADE_ISA_COND_EQ:
         match &= v == cond->value;
         break;
      case JADE_ISA_COND_NE:
         match &= v != cond->value;
         break;
      case JADE_ISA_COND_POW2:
         match &= v != 0 && (v & (v - 1)) == 0;
         break;
      }
   }
   return match;
}

const struct jade_isa_syntax *
jade_isa_select_syntax(const struct jade_isa_instr *instr)
{
   const struct jade_isa_form *form = &jade_isa_forms[instr->form];
   for (unsigned s = 0; s < form->syntax_count; s++) {
      if (jade_isa_syntax_applies(&form->syntax[s], instr))
         return &form->syntax[s];
   }
   return NULL;
}

int
jade_isa_decode(const uint64_t in[2], struct jade_isa_instr *instr)
{
   int best = -1, best_bits = -1;

   /* The most specific matching form wins. */
   for (unsigned f = 0; f < jade_isa_form_count; f++) {
      const struct jade_isa_form *form = &jade_isa_forms[f];
      if ((in[0] & form->fixed_mask[0]) != form->fixed_value[0] ||
          (in[1] & form->fixed_mask[1]) != form->fixed_value[1])
         continue;
      const int bits =
         __builtin_popcountll(form->fixed_mask[0]) + __builtin_popcountll(form->fixed_mask[1]);
      if (bits > best_bits) {
         best = f;
         best_bits = bits;
      }
   }
   if (best < 0)
      return -1;

   memset(instr, 0, sizeof(*instr));
   instr->form = best;
   instr->pred = get_bits(in, 12, 3);
   instr->pred_not = get_bits(in, 15, 1);
   jade_isa_decode_ctrl(in, &instr->ctrl);

   const struct jade_isa_form *form = &jade_isa_forms[best];
   for (unsigned i = 0; i < form->field_count; i++)
      instr->field[form->fields[i].field] = extract_field(in, &form->fields[i]);

   const struct jade_isa_syntax *syn = jade_isa_select_syntax(instr);
   if (!syn || !enums_valid(instr, syn))
      return -1;
   return 0;
}

void
jade_isa_instr_init(struct jade_isa_instr *instr, unsigned form_idx)
{
   memset(instr, 0, sizeof(*instr));
   instr->form = form_idx;
   instr->pred = JADE_HW_PT;
   instr->ctrl.stall = 1;
   instr->ctrl.wr_sb = JADE_HW_NO_SCOREBOARD;
   instr->ctrl.rd_sb = JADE_HW_NO_SCOREBOARD;
   if (form_idx >= jade_isa_form_count)
      return;
   const struct jade_isa_form *form = &jade_isa_forms[form_idx];
   for (unsigned i = 0; i < form->field_count; i++)
      instr->field[form->fields[i].field] = form->fields[i].dflt;
}

const struct jade_isa_reg_syntax *
jade_isa_reg_syntax(uint8_t type)
{
   static const struct jade_isa_reg_syntax files[] = {
      [JADE_ISA_T_GPR] = {"R", "RZ", JADE_HW_RZ, JADE_HW_RZ - 1},
      [JADE_ISA_T_UGPR] = {"UR", "URZ", JADE_HW_URZ, JADE_HW_URZ - 1},
      [JADE_ISA_T_PRED] = {"P", "PT", JADE_HW_PT, JADE_HW_PT - 1},
      [JADE_ISA_T_UPRED] = {"UP", "UPT", JADE_HW_UPT, JADE_HW_UPT - 1},
      [JADE_ISA_T_BAR] = {"B", NULL, 0, 15},
   };
   if (type >= sizeof(files) / sizeof(files[0]) || !files[type].prefix)
      return NULL;
   return &files[type];
}

int
jade_isa_find_form(enum jade_isa_op op, unsigned alu_form)
{
   for (unsigned f = 0; f < jade_isa_form_count; f++) {
      if (jade_isa_forms[f].op == op && jade_isa_forms[f].alu_form == alu_form)
         return f;
   }
   return -1;
}
