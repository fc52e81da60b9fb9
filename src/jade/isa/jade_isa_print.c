/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The printer: nvdisasm's text for a decoded instruction, from the form's
 * syntax items.  Number formats follow nvdisasm exactly (signed hex for
 * some immediates, %.20g floats, "+INF " with its trailing space, ...).
 */

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "jade_isa.h"
#include "jade_isa_private.h"

struct out {
   char *buf;
   size_t size;
   size_t len;
   jade_isa_target_name_fn target_name; /* NULL: targets as addresses */
   void *target_data;
};

static void
put(struct out *o, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   const size_t room = o->len < o->size ? o->size - o->len : 0;
   const int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
   va_end(ap);
   if (n > 0)
      o->len += n;
}

/* nvdisasm's spelling of a double: specials by name, the rest as %.20g. */
static void
put_double(struct out *o, double d)
{
   if (isinf(d)) {
      put(o, "%sINF ", signbit(d) ? "-" : "+");
   } else if (isnan(d)) {
      put(o, "%sQNAN ", signbit(d) ? "-" : "+");
   } else if (d == 0) {
      put(o, signbit(d) ? "-0.0 " : "0");
   } else if (fabs(d) >= 1e9) {
      put(o, "%.20e", d);
   } else {
      put(o, "%.20g", d);
   }
}

static double
f32_value(uint32_t bits)
{
   float f;
   memcpy(&f, &bits, sizeof(f));
   return f;
}

static double
f16_value(uint32_t bits)
{
   const unsigned exp = (bits >> 10) & 0x1f, mant = bits & 0x3ff;
   const double d = exp == 0    ? ldexp(mant, -24)
                    : exp == 31 ? (mant ? NAN : INFINITY)
                                : ldexp(mant | 0x400, (int)exp - 25);
   return (bits >> 15) & 1 ? -d : d;
}

static double
f64hi_value(uint32_t bits)
{
   const uint64_t b = (uint64_t)bits << 32;
   double d;
   memcpy(&d, &b, sizeof(d));
   return d;
}

static void
put_value(struct out *o, uint8_t type, uint8_t width, uint64_t v, uint64_t pc)
{
   const struct jade_isa_reg_syntax *reg = jade_isa_reg_syntax(type);
   if (reg) {
      if (reg->zero && v == reg->zero_index)
         put(o, "%s", reg->zero);
      else
         put(o, "%s%u", reg->prefix, (unsigned)v);
      return;
   }

   switch (type) {
   case JADE_ISA_T_HEX:
      /* A signed field written in hex shows its own bits: [0xa10610]. */
      if (width < 64)
         v &= (1ull << width) - 1;
      put(o, "0x%llx", (unsigned long long)v);
      break;
   case JADE_ISA_T_SHEX: {
      /* Signed in the field's own width: a value may come in its unsigned
       * spelling (0xffffffff for -1 in a 32-bit immediate). */
      const bool negative = width < 64 && (v >> (width - 1)) & 1;
      const int64_t s = negative ? (int64_t)(v | ~0ull << width) : (int64_t)v;
      if (s < 0)
         put(o, "-0x%llx", (unsigned long long)-(uint64_t)s);
      else
         put(o, "0x%llx", (unsigned long long)s);
      break;
   }
   case JADE_ISA_T_F32:
      put_double(o, f32_value(v));
      break;
   case JADE_ISA_T_F64HI:
      /* nvdisasm names signalling NaNs for doubles only (quiet bit 51). */
      if (isnan(f64hi_value(v)) && !(v & (1u << 19)))
         put(o, "%sSNAN ", (v >> 31) & 1 ? "-" : "+");
      else
         put_double(o, f64hi_value(v));
      break;
   case JADE_ISA_T_F16:
      put_double(o, f16_value(v));
      break;
   case JADE_ISA_T_SREG:
      if (v < 256 && jade_isa_sreg_names[v])
         put(o, "%s", jade_isa_sreg_names[v]);
      else
         put(o, "SR%u", (unsigned)v);
      break;
   case JADE_ISA_T_REL: {
      /* Word offset from the end of the instruction. */
      const uint64_t target = pc + 16 + (int64_t)v * 4;
      const char *name = o->target_name ? o->target_name(target, o->target_data) : NULL;
      if (name)
         put(o, "`(%s)", name);
      else
         put(o, "0x%llx", (unsigned long long)target);
      break;
   }
   default:
      put(o, "?");
      break;
   }
}

int
jade_isa_print(const struct jade_isa_instr *instr, uint64_t pc, char *buf, size_t size)
{
   return jade_isa_print_named(instr, pc, NULL, NULL, buf, size);
}

int
jade_isa_print_named(const struct jade_isa_instr *instr, uint64_t pc,
                     jade_isa_target_name_fn target_name, void *data, char *buf, size_t size)
{
   struct out o = {buf, size, 0, target_name, data};
   if (size)
      buf[0] = 0;

   const struct jade_isa_syntax *syn =
      instr->form < jade_isa_form_count ? jade_isa_select_syntax(instr) : NULL;
   if (!syn) {
      put(&o, "<unknown>");
      return o.len;
   }

   if (instr->pred != JADE_HW_PT || instr->pred_not) {
      const bool uniform = jade_isa_op_info[jade_isa_forms[instr->form].op].uniform;
      put(&o, "@%s", instr->pred_not ? "!" : "");
      put_value(&o, uniform ? JADE_ISA_T_UPRED : JADE_ISA_T_PRED, 0, instr->pred, pc);
      put(&o, " ");
   }

   for (unsigned i = 0; i < syn->item_count; i++) {
      const struct jade_isa_item *item = &syn->items[i];
      const uint64_t v = instr->field[item->field];
      switch (item->kind) {
      case JADE_ISA_ITEM_TEXT:
         put(&o, "%s", item->text);
         break;
      case JADE_ISA_ITEM_FLAG:
         if (v)
            put(&o, "%s", item->text);
         break;
      case JADE_ISA_ITEM_ENUM:
         if (v < item->enum_count && item->enum_text[v])
            put(&o, "%s", item->enum_text[v]);
         else
            put(&o, ".INVALID%u", (unsigned)v);
         break;
      case JADE_ISA_ITEM_VALUE:
         put_value(&o, item->type, item->width, v, pc);
         break;
      case JADE_ISA_ITEM_REUSE:
         /* nvdisasm shows reuse flags only with control bit 109 set (the
          * two share an "opex" table; bit 109 clear is the yield state). */
         if (instr->ctrl.yield && (instr->ctrl.reuse >> item->reuse) & 1)
            put(&o, ".reuse");
         break;
      case JADE_ISA_ITEM_OPTIONAL: {
         const bool negated = item->not_field != JADE_ISA_NO_FIELD && instr->field[item->not_field];
         if (v != item->neutral || negated) {
            put(&o, "%s%s", item->text, negated ? "!" : "");
            put_value(&o, item->type, item->width, v, pc);
         }
         break;
      }
      }
   }
   /* nvdisasm drops the space before ';' when the control bits ask for no
    * wait at all (the padding NOPs and the final self-branch of ptxas
    * output): a stall count of 0, no scoreboard to wait for and, for ops
    * with sb_spacing (variable latency, half precision), none to set. */
   const struct jade_isa_ctrl *c = &instr->ctrl;
   const bool sets_sb = jade_isa_op_info[jade_isa_forms[instr->form].op].sb_spacing &&
                        (c->wr_sb != JADE_HW_NO_SCOREBOARD || c->rd_sb != JADE_HW_NO_SCOREBOARD);
   put(&o, c->stall || c->wait_mask || sets_sb ? " ;" : ";");
   return o.len;
}
