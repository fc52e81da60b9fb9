/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * isa-check: the ISA library's own checks.
 *
 *   isa-check fuzz SEED N     N random instances of every form: checks
 *                             decode(encode(x)) == x and prints
 *                             "W0 W1<TAB>text" lines for the nvdisasm oracle
 *   isa-check corpus FILE     golden corpus ("W0 W1<TAB>nvdisasm text"):
 *                             decode+print == text and
 *                             assemble(text) == words
 *   isa-check bad             malformed input gets errors, not crashes
 */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jade_isa.h"

static uint64_t rng_state;

static uint64_t
rng(void)
{
   /* splitmix64: small, seeded, reproducible */
   uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

/* The item that gives a field its text in a syntax, if any. */
static const struct jade_isa_item *
item_for_field(const struct jade_isa_syntax *syn, unsigned field)
{
   for (unsigned i = 0; i < syn->item_count; i++) {
      const struct jade_isa_item *it = &syn->items[i];
      if (it->kind != JADE_ISA_ITEM_TEXT && it->kind != JADE_ISA_ITEM_REUSE &&
          (it->field == field || (it->kind == JADE_ISA_ITEM_OPTIONAL && it->not_field == field)))
         return it;
   }
   return NULL;
}

static bool
is_cond_field(const struct jade_isa_form *form, unsigned field)
{
   for (unsigned s = 0; s < form->syntax_count; s++) {
      for (unsigned c = 0; c < form->syntax[s].cond_count; c++) {
         if (form->syntax[s].conds[c].field == field)
            return true;
      }
   }
   return false;
}

/* v cut to the field's width, sign-extended where the field is signed. */
static uint64_t
fit_field(uint64_t v, const struct jade_isa_field_loc *loc)
{
   const unsigned width = loc->width[0] + loc->width[1];
   if (width >= 64)
      return v;
   v &= (1ull << width) - 1;
   if (loc->is_signed && (v >> (width - 1)) & 1)
      v |= ~0ull << width;
   return v;
}

static uint64_t
random_value(const struct jade_isa_item *it, const struct jade_isa_field_loc *loc)
{
   if (it->kind == JADE_ISA_ITEM_FLAG ||
       (it->kind == JADE_ISA_ITEM_OPTIONAL && it->field != loc->field))
      return rng() & 1;
   if (it->kind == JADE_ISA_ITEM_ENUM) {
      for (;;) {
         const uint64_t v = rng() % it->enum_count;
         if (it->enum_text[v])
            return v;
      }
   }
   if (loc->shift) {
      /* A scaled field (constant-buffer byte offsets): any value of its
       * width, in units of its scale. */
      return fit_field(rng(), loc) << loc->shift;
   }
   switch (it->type) {
   case JADE_ISA_T_GPR:
      /* Favour the special RZ now and then. */
      return rng() % 8 == 0 ? 255 : rng() % 255;
   case JADE_ISA_T_UGPR:
      return rng() % 8 == 0 ? 63 : rng() % 63;
   case JADE_ISA_T_PRED:
   case JADE_ISA_T_UPRED:
      return rng() % 8;
   case JADE_ISA_T_REL:
      /* Instruction-aligned targets after the instruction (the oracle
       * disassembles from address 0, so earlier ones would be negative). */
      return (rng() % 256) * 4;
   case JADE_ISA_T_SHEX:
   case JADE_ISA_T_F32: {
      /* Small values and specials matter more than uniform noise. */
      static const uint32_t interesting[] = {
         0,          1,          2,          0xffffffff, 0x80000000, 0x7fffffff,
         0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x3f000000, 0x40490fdb,
      };
      const uint64_t pick = rng() % 3;
      return fit_field(pick == 0 ? interesting[rng() % 12] : pick == 1 ? rng() % 256 : rng(), loc);
   }
   default:
      return fit_field(rng(), loc);
   }
}

/* Reuse flags nvdisasm accepts.  Only with bit 109 set (what ptxas
 * emits; without it nvdisasm refuses many flag values and changes IMAD's
 * alias spellings).  With it, flag 3 is always accepted and never shown;
 * flags 0..2 are shown on the operands that carry them (the syntax's REUSE
 * items), in any combination.  A flag no operand of the text carries is
 * refused, or ignored where the op's reuse_ignored says so, and then only
 * one at a time.  Only accepted flags are drawn, so a refusal by nvdisasm
 * is a finding. */
static uint8_t
random_reuse(const struct jade_isa_syntax *syn, const struct jade_isa_op_info *info, bool yield)
{
   if (!yield || rng() % 2)
      return 0;
   uint8_t shown = 0;
   for (unsigned i = 0; i < syn->item_count; i++) {
      if (syn->items[i].kind == JADE_ISA_ITEM_REUSE)
         shown |= 1u << syn->items[i].reuse;
   }
   uint8_t reuse = rng() & (8 | shown);
   if (info->reuse_ignored && !shown && rng() % 2)
      reuse |= 1u << (rng() % 3);
   return reuse;
}

static void
random_instr_once(unsigned form_idx, struct jade_isa_instr *instr)
{
   const struct jade_isa_form *form = &jade_isa_forms[form_idx];
   jade_isa_instr_init(instr, form_idx);

   instr->pred = rng() % 4 == 0 ? rng() % 8 : 7;
   instr->pred_not = instr->pred != 7 && (rng() & 1);
   instr->ctrl.yield = rng() & 1;
   /* With bit 109 set nvdisasm refuses stalls of 0 and of 12 and more.
    * Without it a stall of 0 is fine (ptxas's padding NOPs): nvdisasm then
    * writes "X;" instead of "X ;" unless the wait mask is set. */
   instr->ctrl.stall = instr->ctrl.yield ? 1 + rng() % 11 : rng() % 16;
   /* Scoreboards only where there are registers to guard (nvdisasm
    * refuses them on EXIT and BRA). */
   const struct jade_isa_op_info *info = &jade_isa_op_info[form->op];
   const bool wr = info->scoreboards && info->dst_count;
   const bool rd =
      info->scoreboards && info->read_scoreboard && (info->dst_count || info->src_count);
   instr->ctrl.wr_sb = !wr || rng() % 8 == 7 ? 7 : rng() % 6;
   instr->ctrl.rd_sb = !rd || rng() % 8 == 7 ? 7 : rng() % 6;
   instr->ctrl.wait_mask = rng() % 4 ? rng() % 64 : 0;
   instr->ctrl.reuse = 0; /* drawn last, once the syntax is known */

   /* Choose the conditions first, then values for what that syntax prints:
    * fields it does not print keep their neutral value. */
   for (unsigned i = 0; i < form->field_count; i++) {
      const struct jade_isa_field_loc *loc = &form->fields[i];
      if (is_cond_field(form, loc->field) && rng() % 3 == 0) {
         /* Hit the alias spellings now and then. */
         const struct jade_isa_syntax *syn = &form->syntax[rng() % form->syntax_count];
         for (unsigned c = 0; c < syn->cond_count; c++) {
            if (syn->conds[c].field == loc->field && syn->conds[c].op == JADE_ISA_COND_EQ)
               instr->field[loc->field] = syn->conds[c].value;
         }
      }
   }
   for (unsigned i = 0; i < form->field_count; i++) {
      const struct jade_isa_field_loc *loc = &form->fields[i];
      const struct jade_isa_syntax *syn = jade_isa_select_syntax(instr);
      if (!syn) /* the neutral values fit no syntax: take the general one */
         syn = &form->syntax[form->syntax_count - 1];
      const struct jade_isa_item *it = item_for_field(syn, loc->field);
      if (it && !(is_cond_field(form, loc->field) && rng() % 2))
         instr->field[loc->field] = random_value(it, loc);
   }
   /* Fields the final syntax does not print go back to neutral. */
   const struct jade_isa_syntax *syn = jade_isa_select_syntax(instr);
   if (!syn)
      return;
   for (unsigned i = 0; i < form->field_count; i++) {
      const struct jade_isa_field_loc *loc = &form->fields[i];
      if (!item_for_field(syn, loc->field) && !is_cond_field(form, loc->field))
         instr->field[loc->field] = loc->dflt;
   }
   instr->ctrl.reuse = random_reuse(syn, info, instr->ctrl.yield);
   /* A syntax may depend on the reuse flags: draw again if it changed. */
   if (jade_isa_select_syntax(instr) != syn)
      instr->ctrl.reuse = 0;
}

/* Some random values leave no syntax (an encoding nvdisasm refuses, like
 * a store without an address register): draw again. */
static void
random_instr(unsigned form_idx, struct jade_isa_instr *instr)
{
   do {
      random_instr_once(form_idx, instr);
   } while (!jade_isa_select_syntax(instr));
}

static bool
same_instr(const struct jade_isa_instr *a, const struct jade_isa_instr *b)
{
   if (a->form != b->form || a->pred != b->pred || a->pred_not != b->pred_not ||
       memcmp(&a->ctrl, &b->ctrl, sizeof(a->ctrl)))
      return false;
   const struct jade_isa_form *form = &jade_isa_forms[a->form];
   for (unsigned i = 0; i < form->field_count; i++) {
      const unsigned f = form->fields[i].field;
      if (a->field[f] != b->field[f])
         return false;
   }
   return true;
}

static int
fuzz(uint64_t seed, unsigned n)
{
   int failures = 0;
   uint64_t pc = 0; /* the oracle disassembles the lines as one program */
   rng_state = seed;
   for (unsigned f = 0; f < jade_isa_form_count; f++) {
      for (unsigned i = 0; i < n; i++) {
         struct jade_isa_instr instr, back;
         uint64_t w[2];
         random_instr(f, &instr);
         if (jade_isa_encode(&instr, w)) {
            fprintf(stderr, "form %u (%s): encoding a random instance failed\n", f,
                    jade_isa_op_info[jade_isa_forms[f].op].name);
            failures++;
            continue;
         }
         if (jade_isa_decode(w, &back) || !same_instr(&instr, &back)) {
            fprintf(stderr,
                    "form %u (%s): decode(encode(x)) != x for "
                    "0x%016" PRIx64 " 0x%016" PRIx64 "\n",
                    f, jade_isa_op_info[jade_isa_forms[f].op].name, w[0], w[1]);
            failures++;
            continue;
         }
         char text[256];
         jade_isa_print(&instr, pc, text, sizeof(text));
         printf("0x%016" PRIx64 " 0x%016" PRIx64 "\t%s\n", w[0], w[1], text);
         pc += 16;
      }
   }
   return failures ? 1 : 0;
}

/* nvdisasm's text is ambiguous in a few places (a PT carry-out is left
 * out, so "IADD3 R1, P4, ..." may be either carry-out): another encoding
 * that prints the same text is as good. */
static bool
same_text(const uint64_t w[2], uint64_t pc, const char *expected)
{
   struct jade_isa_instr instr;
   char text[256];
   if (jade_isa_decode(w, &instr))
      return false;
   jade_isa_print(&instr, pc, text, sizeof(text));
   return strcmp(text, expected) == 0;
}

static int
check_corpus(const char *path)
{
   FILE *f = fopen(path, "r");
   if (!f) {
      perror(path);
      return 2;
   }
   char line[1024];
   unsigned line_no = 0, checked = 0, failures = 0;
   uint64_t pc = 0; /* the corpus is one program, as nvdisasm saw it */
   while (fgets(line, sizeof(line), f)) {
      line_no++;
      if (line[0] == '#' || line[0] == '\n')
         continue;
      uint64_t w[2];
      char *tab = strchr(line, '\t');
      if (!tab || sscanf(line, "%" SCNx64 " %" SCNx64, &w[0], &w[1]) != 2) {
         fprintf(stderr, "%s:%u: malformed line\n", path, line_no);
         failures++;
         continue;
      }
      char *expected = tab + 1;
      expected[strcspn(expected, "\n")] = 0;
      checked++;
      const uint64_t this_pc = pc;
      pc += 16;

      struct jade_isa_instr instr;
      char text[256];
      if (jade_isa_decode(w, &instr)) {
         fprintf(stderr, "%s:%u: decode failed: %s\n", path, line_no, expected);
         failures++;
         continue;
      }
      jade_isa_print(&instr, this_pc, text, sizeof(text));
      if (strcmp(text, expected)) {
         fprintf(stderr, "%s:%u: printed '%s', nvdisasm says '%s'\n", path, line_no, text,
                 expected);
         failures++;
      }

      struct jade_isa_instr parsed;
      char err[256];
      uint64_t back[2];
      jade_isa_decode_ctrl(w, &parsed.ctrl);
      if (jade_isa_parse(expected, this_pc, &parsed, err, sizeof(err)) ||
          jade_isa_encode(&parsed, back)) {
         fprintf(stderr, "%s:%u: assembling '%s' failed: %s\n", path, line_no, expected, err);
         failures++;
      } else if ((back[0] != w[0] || back[1] != w[1]) && !same_text(back, this_pc, expected)) {
         fprintf(stderr,
                 "%s:%u: '%s' assembles to 0x%016" PRIx64 " 0x%016" PRIx64 ", not 0x%016" PRIx64
                 " 0x%016" PRIx64 "\n",
                 path, line_no, expected, back[0], back[1], w[0], w[1]);
         failures++;
      }
   }
   fclose(f);
   printf("%u corpus lines, %u failures\n", checked, failures);
   return failures || !checked ? 1 : 0;
}

static int
check_bad_input(void)
{
   static const char *const bad[] = {
      "",
      "FOO R1 ;",
      "FADD R1, R2 ;",
      "FADD R1, R2, R3, R4 ;",
      "FADD R256, R2, R3 ;",
      "FADD R1, R2, 0.1 ;",
      "@P9 EXIT ;",
      "@P0EXIT ;",
      "IADD3 R1, R2, 0x1ffffffff, RZ ;",
      "MOV R1, c[0x20][0x0] ;",
      "BRA 0x2 ;",
      "S2R R1, SR_NOPE ;",
      "LOP3.LUT R1 ;",
   };
   int failures = 0;
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      struct jade_isa_instr instr;
      char err[256] = "";
      jade_isa_instr_init(&instr, 0);
      if (jade_isa_parse(bad[i], 0, &instr, err, sizeof(err)) == 0) {
         fprintf(stderr, "'%s' was accepted\n", bad[i]);
         failures++;
      } else if (!err[0]) {
         fprintf(stderr, "'%s' was refused without a message\n", bad[i]);
         failures++;
      }
   }
   /* An encoding no form claims is refused by the decoder. */
   const uint64_t unknown[2] = {0xfff, 0};
   struct jade_isa_instr instr;
   if (jade_isa_decode(unknown, &instr) == 0) {
      fprintf(stderr, "opcode 0xfff decoded\n");
      failures++;
   }
   return failures ? 1 : 0;
}

int
main(int argc, char **argv)
{
   if (argc == 4 && !strcmp(argv[1], "fuzz"))
      return fuzz(strtoull(argv[2], NULL, 0), strtoul(argv[3], NULL, 0));
   if (argc == 3 && !strcmp(argv[1], "corpus"))
      return check_corpus(argv[2]);
   if (argc == 2 && !strcmp(argv[1], "bad"))
      return check_bad_input();
   fprintf(stderr, "usage: isa-check fuzz SEED N | corpus FILE | bad\n");
   return 2;
}
