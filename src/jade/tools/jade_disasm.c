/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * jade-disasm: SM75 machine code to nvdisasm-style text.
 *
 *   jade-disasm [options] FILE       raw binary (16 bytes an instruction)
 *   jade-disasm --hex [FILE|-]       hex words, two 64-bit words a line
 *   jade-disasm --cubin FILE         the .text.* sections of a CUDA ELF, as
 *                                    `nvdisasm -c` prints them: section and
 *                                    function headers, targets named by
 *                                    labels (.L_x_N) and function symbols
 *
 *   --ctrl    also print the control bits, as jade-asm reads them
 *   --raw     also print the two 64-bit words of each instruction
 *
 * Instructions the description does not know are printed as
 * "<unknown ...>" (never as something else); the exit status is then 1.
 */

#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/os_file.h"

#include "jade_asm_ctrl.h"
#include "jade_elf.h"
#include "jade_isa.h"

static bool print_ctrl, print_raw;
static unsigned unknown_count;

static void
print_instr(const uint64_t w[2], uint64_t pc)
{
   struct jade_isa_instr instr;
   char text[256];

   if (jade_isa_decode(w, &instr) == 0) {
      jade_isa_print(&instr, pc, text, sizeof(text));
   } else {
      snprintf(text, sizeof(text), "<unknown 0x%016" PRIx64 " 0x%016" PRIx64 ">", w[0], w[1]);
      unknown_count++;
      jade_isa_decode_ctrl(w, &instr.ctrl);
   }

   printf("        /*%04" PRIx64 "*/ ", pc);
   if (print_ctrl) {
      char ctrl[64];
      jade_asm_format_ctrl(&instr.ctrl, ctrl, sizeof(ctrl));
      printf("%s ", ctrl);
   }
   printf("%s", text);
   if (print_raw)
      printf("  /* 0x%016" PRIx64 " 0x%016" PRIx64 " */", w[0], w[1]);
   printf("\n");
}

static void
print_code(const uint8_t *code, size_t size)
{
   for (size_t off = 0; off + 16 <= size; off += 16) {
      uint64_t w[2];
      memcpy(w, code + off, 16);
      print_instr(w, off);
   }
}

/* The whole file (or stdin, "-"), NUL-terminated. */
static uint8_t *
read_file(const char *path, size_t *size)
{
   char *data = os_read_file(strcmp(path, "-") ? path : "/dev/stdin", size);
   if (!data) {
      /* os_read_file reports ENOMEM negated. */
      fprintf(stderr, "jade-disasm: %s: %s\n", path, strerror(abs(errno)));
      return NULL;
   }
   return (uint8_t *)data;
}

/* The three input formats: each prints what it finds and returns 0, or
 * reports malformed input and returns 2. */
static int
disasm_raw(const char *path, uint8_t *code, size_t size)
{
   if (size % 16) {
      fprintf(stderr,
              "jade-disasm: %s: %zu bytes is not a whole number of "
              "16-byte instructions (truncated at offset 0x%zx)\n",
              path, size, size & ~(size_t)15);
      return 2;
   }
   print_code(code, size);
   return 0;
}

static int
disasm_hex(const char *path, char *text)
{
   uint64_t pc = 0;
   unsigned line_no = 0;
   /* Not strtok: blank lines must still count for the line numbers. */
   for (char *line = text, *next; line; line = next) {
      next = strchr(line, '\n');
      if (next)
         *next++ = 0;
      line_no++;
      uint64_t w[2];
      char *p = line;
      while (isspace((unsigned char)*p))
         p++;
      if (!*p || *p == '#')
         continue;
      for (unsigned i = 0; i < 2; i++) {
         char *end;
         errno = 0;
         w[i] = strtoull(p, &end, 16);
         if (end == p || errno) {
            fprintf(stderr, "jade-disasm: %s:%u: expected two hex words\n", path, line_no);
            return 2;
         }
         p = end;
      }
      print_instr(w, pc);
      pc += 16;
   }
   return 0;
}

/* --- cubins, printed as nvdisasm -c prints them ------------------------
 *
 * nvdisasm names every branch, call and convergence-barrier target: a
 * function symbol by its name, any other address by a label .L_x_N.  Its
 * numbering (read off its output for the committed cubins, test
 * isa-disasm-cubin-listing): first the targets of the instructions in
 * section order, in the order they are met; then each indirect branch of
 * an EIATTR_INDIRECT_BRANCH_TARGETS record (the branch, then its targets);
 * then the end (value + size) of each function, in symbol-table order,
 * which takes a number even where a label or function already names the
 * address (and is then printed by that name).  Labels
 * at one address print the later-numbered forward targets first and the
 * backward targets (a loop's head, a self-branch) after them, in the order
 * they were met. */

#define EIATTR_INDIRECT_BRANCH_TARGETS 0x34
#define STT_CUDA_TEXTURE               11
#define STT_CUDA_SURFACE               12
#define STO_CUDA_ENTRY                 0x10

struct label {
   uint64_t addr;
   unsigned id;
};

struct indirect {
   uint64_t addr;         /* of the branch */
   unsigned first, count; /* its targets: cubin.targets[first..] */
};

struct text {
   const struct jade_elf_section *sec;
   struct label *labels; /* in printing order at each address */
   unsigned label_count, label_cap;
   struct indirect *indirect;
   unsigned indirect_count;
};

struct cubin {
   const uint8_t *data;
   const struct jade_elf_section *sections;
   unsigned section_count;
   const struct jade_elf_symbol *symbols;
   unsigned symbol_count;
   struct text texts[256];
   unsigned text_count;
   uint64_t *targets; /* the indirect branches' target addresses */
   unsigned target_count;
   unsigned next_label;
   /* The text being printed or scanned, and the pc of the instruction. */
   struct text *cur;
   uint64_t pc;
   bool scanning;
   char name[64];
};

static const struct jade_elf_symbol *
function_at(const struct cubin *cb, const struct text *t, uint64_t addr)
{
   for (unsigned i = 0; i < cb->symbol_count; i++) {
      const struct jade_elf_symbol *s = &cb->symbols[i];
      if (s->type == STT_FUNC && s->shndx == t->sec->index && s->value == addr)
         return s;
   }
   return NULL;
}

static int
label_at(const struct text *t, uint64_t addr)
{
   for (unsigned i = 0; i < t->label_count; i++)
      if (t->labels[i].addr == addr)
         return (int)t->labels[i].id;
   return -1;
}

/* A new label at addr: before the labels already there (a forward
 * target), or after them. */
static unsigned
add_label(struct cubin *cb, struct text *t, uint64_t addr, bool before)
{
   if (t->label_count == t->label_cap) {
      t->label_cap = t->label_cap ? 2 * t->label_cap : 16;
      t->labels = realloc(t->labels, t->label_cap * sizeof(*t->labels));
      if (!t->labels) {
         fprintf(stderr, "jade-disasm: out of memory\n");
         exit(2);
      }
   }
   unsigned pos = t->label_count;
   for (unsigned i = 0; i < t->label_count; i++) {
      if (t->labels[i].addr == addr) {
         pos = i;
         if (!before)
            while (pos < t->label_count && t->labels[pos].addr == addr)
               pos++;
         break;
      }
   }
   memmove(&t->labels[pos + 1], &t->labels[pos], (t->label_count - pos) * sizeof(*t->labels));
   t->labels[pos] = (struct label){addr, cb->next_label++};
   t->label_count++;
   return t->labels[pos].id;
}

static const char *
target_name(uint64_t target, void *data)
{
   struct cubin *cb = data;
   const struct jade_elf_symbol *f = function_at(cb, cb->cur, target);
   if (f)
      return f->name;
   int id = label_at(cb->cur, target);
   if (id < 0 && cb->scanning)
      id = (int)add_label(cb, cb->cur, target, target > cb->pc);
   if (id < 0)
      return NULL;
   snprintf(cb->name, sizeof(cb->name), ".L_x_%d", id);
   return cb->name;
}

static bool
decode_at(const struct text *t, const uint8_t *data, uint64_t off, struct jade_isa_instr *instr,
          uint64_t w[2])
{
   memcpy(w, data + t->sec->offset + off, 16);
   return jade_isa_decode(w, instr) == 0;
}

/* The EIATTR_INDIRECT_BRANCH_TARGETS records of .nv.info.FUNCTION (a
 * record: format byte, attribute byte; format 4 adds a 16-bit size and
 * that many bytes, the others a 16-bit value).  Their payload: the
 * branch's address, two 16-bit fields, a target count and the targets. */
static int
read_indirect(struct cubin *cb, struct text *t, const struct jade_elf_section *info, char *err,
              size_t err_size)
{
   const uint8_t *p = cb->data + info->offset, *end = p + info->size;
   while (p + 4 <= end) {
      uint8_t format = p[0], attr = p[1];
      uint16_t value;
      memcpy(&value, p + 2, 2);
      p += 4;
      if (format != 4)
         continue;
      if (value > end - p) {
         snprintf(err, err_size, "%s: attribute 0x%x out of bounds", info->name, attr);
         return -1;
      }
      const uint8_t *q = p, *qend = p + value;
      p = qend;
      if (attr != EIATTR_INDIRECT_BRANCH_TARGETS)
         continue;
      while (q + 12 <= qend) {
         uint32_t addr, count;
         memcpy(&addr, q, 4);
         memcpy(&count, q + 8, 4);
         q += 12;
         if (count > (size_t)(qend - q) / 4) {
            snprintf(err, err_size, "%s: indirect branch targets out of bounds", info->name);
            return -1;
         }
         t->indirect = realloc(t->indirect, (t->indirect_count + 1) * sizeof(*t->indirect));
         cb->targets = realloc(cb->targets, (cb->target_count + count) * sizeof(*cb->targets));
         if (!t->indirect || !cb->targets) {
            fprintf(stderr, "jade-disasm: out of memory\n");
            exit(2);
         }
         t->indirect[t->indirect_count++] = (struct indirect){addr, cb->target_count, count};
         for (uint32_t k = 0; k < count; k++, q += 4) {
            uint32_t target;
            memcpy(&target, q, 4);
            cb->targets[cb->target_count++] = target;
         }
      }
   }
   return 0;
}

static void
print_function(struct cubin *cb, const struct jade_elf_symbol *f)
{
   if (f->bind == STB_GLOBAL)
      printf("        .global         %s\n", f->name);
   else if (f->bind == STB_WEAK)
      printf("        .weak           %s\n", f->name);
   printf("        .type           %s,@function\n", f->name);
   const char *end = target_name(f->value + f->size, (void *)cb);
   if (end)
      printf("        .size           %s,(%s - %s)\n", f->name, end, f->name);
   if (f->other & STO_CUDA_ENTRY)
      printf("        .other          %s,@\"STO_CUDA_ENTRY STV_DEFAULT\"\n", f->name);
   printf("%s:\n", f->name);
}

static void
print_labels(const struct text *t, uint64_t addr)
{
   for (unsigned i = 0; i < t->label_count; i++)
      if (t->labels[i].addr == addr)
         printf(".L_x_%u:\n", t->labels[i].id);
}

static void
print_text(struct cubin *cb, struct text *t)
{
   const struct jade_elf_section *sec = t->sec;
   printf("\n\n//--------------------- %-25s --------------------------\n", sec->name);
   printf("\t.section\t%s,\"ax\",@progbits\n", sec->name);
   if ((sec->flags >> 20) & 0x7f)
      printf("\t.sectionflags\t@\"SHF_BARRIERS=%u\"\n", (unsigned)(sec->flags >> 20) & 0x7f);
   printf("\t.sectioninfo\t@\"SHI_REGISTERS=%u\"\n", sec->info >> 24);
   printf("\t.align\t%" PRIu64 "\n", sec->addralign);
   cb->cur = t;
   cb->scanning = false;
   for (uint64_t off = 0; off + 16 <= sec->size; off += 16) {
      const struct jade_elf_symbol *f = function_at(cb, t, off);
      if (f)
         print_function(cb, f);
      if (off == 0)
         printf("%s:\n", sec->name);
      print_labels(t, off);

      struct jade_isa_instr instr;
      uint64_t w[2];
      char text[512];
      cb->pc = off;
      if (decode_at(t, cb->data, off, &instr, w)) {
         jade_isa_print_named(&instr, off, target_name, cb, text, sizeof(text));
      } else {
         snprintf(text, sizeof(text), "<unknown 0x%016" PRIx64 " 0x%016" PRIx64 ">", w[0], w[1]);
         unknown_count++;
         jade_isa_decode_ctrl(w, &instr.ctrl);
      }
      /* nvdisasm right-aligns the predicate in a column of its own. */
      const char *rest = text, *pred = "";
      char pred_buf[16] = "";
      if (text[0] == '@') {
         const char *space = strchr(text, ' ');
         if (space && (size_t)(space - text) < sizeof(pred_buf)) {
            memcpy(pred_buf, text, space - text);
            pred_buf[space - text] = 0;
            pred = pred_buf;
            rest = space + 1;
         }
      }
      printf("        /*%04" PRIx64 "*/%18s ", off, pred);
      if (print_ctrl) {
         char ctrl[64];
         jade_asm_format_ctrl(&instr.ctrl, ctrl, sizeof(ctrl));
         printf("%s ", ctrl);
      }
      const struct indirect *ind = NULL;
      for (unsigned i = 0; i < t->indirect_count; i++)
         if (t->indirect[i].addr == off)
            ind = &t->indirect[i];
      if (ind) {
         /* The targets as a comment, from the ELF's records. */
         size_t len = strlen(rest);
         while (len && (rest[len - 1] == ';' || rest[len - 1] == ' '))
            len--;
         printf("%-40.*s(*\"BRANCH_TARGETS ", (int)len, rest);
         for (unsigned k = 0; k < ind->count; k++)
            printf("%s.L_x_%d", k ? "," : "", label_at(t, cb->targets[ind->first + k]));
         printf("\"*);");
      } else {
         printf("%s", rest);
      }
      if (print_raw)
         printf("  /* 0x%016" PRIx64 " 0x%016" PRIx64 " */", w[0], w[1]);
      printf("\n");
   }
   print_labels(t, sec->size);
}

static int
disasm_cubin(const char *path, uint8_t *data, size_t size)
{
   static struct jade_elf_section sections[1024];
   static struct jade_elf_symbol symbols[4096];
   char err[256];
   int count = jade_elf_sections(data, size, sections, 1024, err, sizeof(err));
   int nsym = count < 0 ? -1
                        : jade_elf_symbols(data, size, sections, (unsigned)count, symbols, 4096,
                                           err, sizeof(err));
   if (count < 0 || nsym < 0) {
      fprintf(stderr, "jade-disasm: %s: %s\n", path, err);
      return 2;
   }
   static struct cubin cb;
   cb = (struct cubin){
      .data = data,
      .sections = sections,
      .section_count = (unsigned)count,
      .symbols = symbols,
      .symbol_count = (unsigned)nsym,
   };
   for (int i = 0; i < count && cb.text_count < 256; i++) {
      if (strncmp(sections[i].name, ".text.", 6) != 0)
         continue;
      if (sections[i].size % 16) {
         fprintf(stderr, "jade-disasm: %s: section %s is truncated\n", path, sections[i].name);
         return 2;
      }
      cb.texts[cb.text_count++] = (struct text){.sec = &sections[i]};
   }

   /* The labels, numbered as nvdisasm numbers them. */
   for (unsigned i = 0; i < cb.text_count; i++) {
      struct text *t = &cb.texts[i];
      cb.cur = t;
      cb.scanning = true;
      for (uint64_t off = 0; off + 16 <= t->sec->size; off += 16) {
         struct jade_isa_instr instr;
         uint64_t w[2];
         char text[512];
         cb.pc = off;
         if (decode_at(t, data, off, &instr, w))
            jade_isa_print_named(&instr, off, target_name, &cb, text, sizeof(text));
      }
   }
   for (unsigned i = 0; i < cb.text_count; i++) {
      struct text *t = &cb.texts[i];
      for (int k = 0; k < count; k++) {
         if (strncmp(sections[k].name, ".nv.info.", 9) == 0 && sections[k].info == t->sec->index &&
             read_indirect(&cb, t, &sections[k], err, sizeof(err)) < 0) {
            fprintf(stderr, "jade-disasm: %s: %s\n", path, err);
            return 2;
         }
      }
      for (unsigned j = 0; j < t->indirect_count; j++) {
         const struct indirect *ind = &t->indirect[j];
         if (label_at(t, ind->addr) < 0)
            add_label(&cb, t, ind->addr, false);
         for (unsigned k = 0; k < ind->count; k++)
            if (label_at(t, cb.targets[ind->first + k]) < 0)
               add_label(&cb, t, cb.targets[ind->first + k], false);
      }
   }
   /* Each function's end takes a number, whether or not an earlier label
    * or a function already names the address (that name is printed). */
   for (unsigned i = 0; i < cb.symbol_count; i++) {
      for (unsigned j = 0; j < cb.text_count; j++) {
         struct text *t = &cb.texts[j];
         const struct jade_elf_symbol *f = &symbols[i];
         if (f->type != STT_FUNC || f->shndx != t->sec->index)
            continue;
         const uint64_t end = f->value + f->size;
         if (label_at(t, end) < 0 && !function_at(&cb, t, end))
            add_label(&cb, t, end, false);
         else
            cb.next_label++;
      }
   }

   Elf64_Ehdr eh;
   memcpy(&eh, data, sizeof(eh));
   printf("\t.headerflags\t@\"");
   if (eh.e_flags & 0x100)
      printf("EF_CUDA_TEXMODE_UNIFIED ");
   if (eh.e_flags & 0x400)
      printf("EF_CUDA_64BIT_ADDRESS ");
   printf("EF_CUDA_SM%u EF_CUDA_VIRTUAL_SM(EF_CUDA_SM%u)\"\n", eh.e_flags & 0xff,
          (eh.e_flags >> 16) & 0xff);
   printf("\t.elftype\t@\"%s\"\n", eh.e_type == ET_EXEC ? "ET_EXEC" : "ET_REL");
   for (unsigned i = 0; i < cb.text_count; i++)
      print_text(&cb, &cb.texts[i]);

   bool header = false;
   for (unsigned i = 0; i < cb.symbol_count; i++) {
      if (symbols[i].type != STT_CUDA_TEXTURE && symbols[i].type != STT_CUDA_SURFACE)
         continue;
      if (!header)
         printf("\n\n//--------------------- SYMBOLS --------------------------\n\n");
      header = true;
      printf("\t.type\t\t%s,@\"%s\"\n", symbols[i].name,
             symbols[i].type == STT_CUDA_SURFACE ? "STT_CUDA_SURFACE" : "STT_CUDA_TEXTURE");
   }
   for (unsigned i = 0; i < cb.text_count; i++) {
      free(cb.texts[i].labels);
      free(cb.texts[i].indirect);
   }
   free(cb.targets);
   return 0;
}

int
main(int argc, char **argv)
{
   enum { RAW, HEX, CUBIN } mode = RAW;
   const char *path = NULL;

   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--hex"))
         mode = HEX;
      else if (!strcmp(argv[i], "--cubin"))
         mode = CUBIN;
      else if (!strcmp(argv[i], "--ctrl"))
         print_ctrl = true;
      else if (!strcmp(argv[i], "--raw"))
         print_raw = true;
      else if (argv[i][0] == '-' && argv[i][1])
         goto usage;
      else if (!path)
         path = argv[i];
      else
         goto usage;
   }
   if (!path && mode != HEX)
      goto usage;

   if (!path)
      path = "-";

   size_t size;
   uint8_t *data = read_file(path, &size);
   if (!data)
      return 2;
   int status;
   switch (mode) {
   case HEX:
      status = disasm_hex(path, (char *)data);
      break;
   case CUBIN:
      status = disasm_cubin(path, data, size);
      break;
   default:
      status = disasm_raw(path, data, size);
      break;
   }
   free(data);
   return status ? status : unknown_count ? 1 : 0;

usage:
   fprintf(stderr, "usage: jade-disasm [--ctrl] [--raw] FILE\n"
                   "       jade-disasm [--ctrl] [--raw] --hex [FILE|-]\n"
                   "       jade-disasm [--ctrl] [--raw] --cubin FILE\n");
   return 2;
}
