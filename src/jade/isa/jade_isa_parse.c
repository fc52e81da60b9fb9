/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The assembler: nvdisasm's text back to fields, by matching the text
 * against the same syntax items the printer writes.  Every form whose
 * mnemonic fits is tried in turn; the first that matches the whole line
 * wins.
 */

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jade_isa.h"
#include "jade_isa_private.h"

static void
skip_spaces(const char **s)
{
   while (**s == ' ' || **s == '\t')
      (*s)++;
}

static bool
is_word_char(char c)
{
   return isalnum((unsigned char)c) || c == '_';
}

/* Literal text at *s.  A modifier (".FTZ") must end at a word boundary so
 * that ".E" does not match the start of ".EF". */
static bool
match_text(const char **s, const char *text)
{
   const size_t n = strlen(text);
   if (n == 0)
      return true;
   if (strncmp(*s, text, n) != 0)
      return false;
   if (is_word_char(text[n - 1]) && is_word_char((*s)[n]))
      return false;
   *s += n;
   return true;
}

static bool
parse_uint(const char **s, uint64_t *v, int base)
{
   char *end;
   errno = 0;
   const unsigned long long x = strtoull(*s, &end, base);
   if (end == *s || errno || is_word_char(*end))
      return false;
   *v = x;
   *s = end;
   return true;
}

static bool
parse_reg(const char **s, const struct jade_isa_reg_syntax *reg, uint64_t *v)
{
   if (reg->zero && match_text(s, reg->zero)) {
      *v = reg->zero_index;
      return true;
   }
   const size_t n = strlen(reg->prefix);
   if (strncmp(*s, reg->prefix, n) != 0 || !isdigit((unsigned char)(*s)[n]))
      return false;
   const char *p = *s + n;
   if (!parse_uint(&p, v, 10) || *v > reg->max_index)
      return false;
   *s = p;
   return true;
}

static bool
parse_hex(const char **s, bool allow_sign, uint64_t *v)
{
   bool neg = false;
   if (allow_sign && **s == '-') {
      neg = true;
      (*s)++;
   }
   if (strncmp(*s, "0x", 2) != 0)
      return false;
   const char *p = *s + 2;
   if (!parse_uint(&p, v, 16))
      return false;
   *s = p;
   if (neg)
      *v = -*v;
   return true;
}

static bool
parse_double(const char **s, double *d)
{
   static const struct {
      const char *text;
      double value;
   } specials[] = {
      {"+INF", INFINITY}, {"-INF", -INFINITY}, {"+QNAN", NAN}, {"-QNAN", -NAN}, {"-0.0", -0.0},
   };
   for (unsigned i = 0; i < sizeof(specials) / sizeof(specials[0]); i++) {
      if (match_text(s, specials[i].text)) {
         if (**s == ' ')
            (*s)++; /* nvdisasm writes a space after these */
         *d = specials[i].value;
         return true;
      }
   }
   char *end;
   *d = strtod(*s, &end);
   if (end == *s || is_word_char(*end))
      return false;
   *s = end;
   return true;
}

/* The IEEE half that is exactly d (NaNs: the quiet one), or -1. */
static int
half_bits(double d)
{
   const int sign = signbit(d) ? 0x8000 : 0;
   const double a = fabs(d);
   if (isnan(d))
      return sign | 0x7e00;
   if (isinf(d))
      return sign | 0x7c00;
   /* Subnormals (exponent field 0) are mant * 2^-24. */
   double mant = ldexp(a, 24);
   if (mant < 1024)
      return mant == floor(mant) ? sign | (int)mant : -1;
   for (int exp = 1; exp < 31; exp++) {
      mant = ldexp(a, 25 - exp) - 1024;
      if (mant >= 0 && mant < 1024)
         return mant == floor(mant) ? sign | exp << 10 | (int)mant : -1;
   }
   return -1;
}

static bool
parse_value(const char **s, uint8_t type, uint64_t pc, uint64_t *v)
{
   const struct jade_isa_reg_syntax *reg = jade_isa_reg_syntax(type);
   if (reg)
      return parse_reg(s, reg, v);

   switch (type) {
   case JADE_ISA_T_HEX:
      return parse_hex(s, false, v);
   case JADE_ISA_T_SHEX:
      return parse_hex(s, true, v);
   case JADE_ISA_T_F32: {
      double d;
      if (!parse_double(s, &d))
         return false;
      const float f = d;
      if (!isnan(d) && (double)f != d)
         return false;
      uint32_t bits;
      memcpy(&bits, &f, sizeof(bits));
      if (isnan(d))
         bits = signbit(d) ? 0xffc00000u : 0x7fc00000u;
      *v = bits;
      return true;
   }
   case JADE_ISA_T_F16: {
      double d;
      if (!parse_double(s, &d))
         return false;
      const int h = half_bits(d);
      if (h < 0)
         return false;
      *v = h;
      return true;
   }
   case JADE_ISA_T_F64HI: {
      /* nvdisasm's name for a signalling double; any payload prints so. */
      const bool negative = **s == '-';
      if (match_text(s, negative ? "-SNAN" : "+SNAN")) {
         *v = negative ? 0xfff40000u : 0x7ff40000u;
         if (**s == ' ')
            (*s)++;
         return true;
      }
      double d;
      if (!parse_double(s, &d))
         return false;
      uint64_t bits;
      memcpy(&bits, &d, sizeof(bits));
      if (isnan(d))
         bits = signbit(d) ? 0xfff8000000000000ull : 0x7ff8000000000000ull;
      if (bits & 0xffffffffull)
         return false; /* only the high half is encoded */
      *v = bits >> 32;
      return true;
   }
   case JADE_ISA_T_SREG: {
      size_t best_len = 0;
      for (unsigned i = 0; i < 256; i++) {
         const char *name = jade_isa_sreg_names[i];
         if (!name)
            continue;
         const size_t n = strlen(name);
         if (n > best_len && strncmp(*s, name, n) == 0 && !is_word_char((*s)[n]) &&
             (*s)[n] != '.') {
            best_len = n;
            *v = i;
         }
      }
      if (best_len) {
         *s += best_len;
         return true;
      }
      /* Unnamed ones are written by number, as the printer does. */
      static const struct jade_isa_reg_syntax sr = {"SR", NULL, 0, 255};
      return parse_reg(s, &sr, v);
   }
   case JADE_ISA_T_REL: {
      uint64_t target;
      if (!parse_hex(s, false, &target))
         return false;
      const int64_t delta = (int64_t)(target - (pc + 16));
      if (delta % 4)
         return false;
      *v = (uint64_t)(delta / 4);
      return true;
   }
   default:
      return false;
   }
}

/* Tries one syntax of one form against the text after the guard. */
static bool
try_syntax(const char *s, uint64_t pc, unsigned form_idx, const struct jade_isa_syntax *syn,
           struct jade_isa_instr *instr)
{
   struct jade_isa_instr tmp;
   jade_isa_instr_init(&tmp, form_idx);
   tmp.pred = instr->pred;
   tmp.pred_not = instr->pred_not;
   tmp.ctrl = instr->ctrl;
   /* With bit 109 set the text says which operands are reused. */
   if (tmp.ctrl.yield)
      tmp.ctrl.reuse = 0;
   for (unsigned c = 0; c < syn->cond_count; c++) {
      if (syn->conds[c].op == JADE_ISA_COND_EQ)
         tmp.field[syn->conds[c].field] = syn->conds[c].value;
   }

   for (unsigned i = 0; i < syn->item_count; i++) {
      const struct jade_isa_item *item = &syn->items[i];
      switch (item->kind) {
      case JADE_ISA_ITEM_TEXT:
         if (!match_text(&s, item->text))
            return false;
         break;
      case JADE_ISA_ITEM_FLAG:
         tmp.field[item->field] = match_text(&s, item->text);
         break;
      case JADE_ISA_ITEM_ENUM: {
         int best = -1;
         size_t best_len = 0;
         for (unsigned e = 0; e < item->enum_count; e++) {
            const char *text = item->enum_text[e];
            if (!text)
               continue;
            const char *p = s;
            if (match_text(&p, text) && (best < 0 || strlen(text) > best_len)) {
               best = e;
               best_len = strlen(text);
            }
         }
         if (best < 0)
            return false;
         tmp.field[item->field] = best;
         s += best_len;
         break;
      }
      case JADE_ISA_ITEM_VALUE:
         if (!parse_value(&s, item->type, pc, &tmp.field[item->field]))
            return false;
         break;
      case JADE_ISA_ITEM_REUSE:
         if (match_text(&s, ".reuse"))
            tmp.ctrl.reuse |= 1u << item->reuse;
         break;
      case JADE_ISA_ITEM_OPTIONAL: {
         const char *p = s;
         uint64_t v;
         bool negated = false;
         if (match_text(&p, item->text)) {
            if (item->not_field != JADE_ISA_NO_FIELD && *p == '!') {
               negated = true;
               p++;
            }
            if (parse_value(&p, item->type, pc, &v)) {
               tmp.field[item->field] = v;
               if (item->not_field != JADE_ISA_NO_FIELD)
                  tmp.field[item->not_field] = negated;
               s = p;
               break;
            }
         }
         tmp.field[item->field] = item->neutral;
         break;
      }
      }
   }
   skip_spaces(&s);
   if (*s)
      return false;

   /* An alias spelling only stands for the values it is defined for. */
   if (!jade_isa_syntax_applies(syn, &tmp))
      return false;

   /* The values must fit their fields. */
   uint64_t words[2];
   if (jade_isa_encode(&tmp, words))
      return false;
   *instr = tmp;
   return true;
}

int
jade_isa_parse(const char *text, uint64_t pc, struct jade_isa_instr *instr, char *err,
               size_t err_size)
{
   char line[512];
   snprintf(line, sizeof(line), "%s", text);

   /* Drop the terminator and surrounding space. */
   char *end = line + strlen(line);
   while (end > line && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' || end[-1] == '\r'))
      end--;
   if (end > line && end[-1] == ';')
      end--;
   while (end > line && (end[-1] == ' ' || end[-1] == '\t'))
      end--;
   *end = 0;

   const char *s = line;
   skip_spaces(&s);

   const struct jade_isa_ctrl ctrl = instr->ctrl;
   memset(instr, 0, sizeof(*instr));
   instr->ctrl = ctrl;
   instr->pred = JADE_HW_PT;
   if (*s == '@') {
      s++;
      if (*s == '!') {
         instr->pred_not = true;
         s++;
      }
      uint64_t p;
      if ((!parse_value(&s, JADE_ISA_T_PRED, pc, &p) &&
           !parse_value(&s, JADE_ISA_T_UPRED, pc, &p)) ||
          *s != ' ') {
         snprintf(err, err_size, "bad guard predicate in '%s'", line);
         return -1;
      }
      instr->pred = p;
      skip_spaces(&s);
   }

   /* The mnemonic: up to the first '.' or space. */
   size_t mlen = strcspn(s, ". ");
   bool known = false;
   for (unsigned f = 0; f < jade_isa_form_count; f++) {
      const struct jade_isa_form *form = &jade_isa_forms[f];
      for (unsigned k = 0; k < form->syntax_count; k++) {
         const struct jade_isa_syntax *syn = &form->syntax[k];
         const char *first = syn->item_count ? syn->items[0].text : NULL;
         if (!first || syn->items[0].kind != JADE_ISA_ITEM_TEXT || strncmp(first, s, mlen) != 0 ||
             (first[mlen] != 0 && first[mlen] != '.' && first[mlen] != ' '))
            continue;
         known = true;
         if (try_syntax(s, pc, f, syn, instr))
            return 0;
      }
   }

   if (known)
      snprintf(err, err_size, "operands or modifiers do not match any form: '%s'", line);
   else
      snprintf(err, err_size, "unknown instruction '%.*s'", (int)mlen, s);
   return -1;
}
