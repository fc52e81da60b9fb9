/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * jade-disasm: SM75 machine code to nvdisasm-style text.
 *
 *   jade-disasm [options] FILE       raw binary (16 bytes an instruction)
 *   jade-disasm --hex [FILE|-]       hex words, two 64-bit words a line
 *   jade-disasm --cubin FILE         the .text.* sections of a CUDA ELF
 *
 *   --ctrl    also print the control bits, as jade-asm reads them
 *   --raw     also print the two 64-bit words of each instruction
 *
 * Instructions the description does not know are printed as
 * "<unknown ...>" (never as something else); the exit status is then 1.
 */

#include <ctype.h>
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

static int
disasm_cubin(const char *path, uint8_t *data, size_t size)
{
   struct jade_elf_section sections[256];
   char err[256];
   int count = jade_elf_sections(data, size, sections, 256, err, sizeof(err));
   if (count < 0) {
      fprintf(stderr, "jade-disasm: %s: %s\n", path, err);
      return 2;
   }
   for (int i = 0; i < count; i++) {
      if (strncmp(sections[i].name, ".text.", 6) != 0)
         continue;
      printf("\t.section\t%s\n", sections[i].name);
      if (sections[i].size % 16) {
         fprintf(stderr, "jade-disasm: %s: section %s is truncated\n", path, sections[i].name);
         return 2;
      }
      print_code(data + sections[i].offset, sections[i].size);
   }
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
