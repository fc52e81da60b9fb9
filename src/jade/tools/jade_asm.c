/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * jade-asm: nvdisasm-style SM75 text to machine code.
 *
 *   jade-asm [-o OUT] [--hex] [FILE|-]
 *
 * One instruction a line, as nvdisasm or jade-disasm print it; a leading
 * address comment and trailing comments are ignored, "#" starts a comment
 * line.  Control bits may lead the line in the [B------:R-:W-:-:S01]
 * notation (jade-disasm --ctrl); without them an instruction gets stall 1,
 * no scoreboards.  Output: raw binary, or two hex words a line with --hex.
 * Errors name the line and stop the assembly (exit status 1).
 */

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jade_asm_ctrl.h"
#include "jade_isa.h"

static char *
strip_comments(char *line)
{
   /* A leading address comment, then anything after the ';'. */
   char *p = line;
   while (isspace((unsigned char)*p))
      p++;
   if (p[0] == '/' && p[1] == '*') {
      char *close = strstr(p, "*/");
      if (close)
         p = close + 2;
   }
   char *semi = strchr(p, ';');
   if (semi)
      semi[1] = 0;
   while (isspace((unsigned char)*p))
      p++;
   return p;
}

int
main(int argc, char **argv)
{
   const char *in_path = "-", *out_path = NULL;
   bool hex = false;

   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "-o") && i + 1 < argc) {
         out_path = argv[++i];
      } else if (!strcmp(argv[i], "--hex")) {
         hex = true;
      } else if (argv[i][0] == '-' && argv[i][1]) {
         fprintf(stderr, "usage: jade-asm [-o OUT] [--hex] [FILE|-]\n");
         return 2;
      } else {
         in_path = argv[i];
      }
   }

   FILE *in = strcmp(in_path, "-") ? fopen(in_path, "r") : stdin;
   if (!in) {
      fprintf(stderr, "jade-asm: %s: %s\n", in_path, strerror(errno));
      return 2;
   }
   FILE *out = out_path ? fopen(out_path, hex ? "w" : "wb") : stdout;
   if (!out) {
      fprintf(stderr, "jade-asm: %s: %s\n", out_path, strerror(errno));
      return 2;
   }

   char line[1024];
   unsigned line_no = 0;
   uint64_t pc = 0;
   int status = 0;
   while (fgets(line, sizeof(line), in)) {
      line_no++;
      char *text = strip_comments(line);
      if (!*text || *text == '#')
         continue;

      struct jade_isa_instr instr;
      jade_isa_instr_init(&instr, 0);
      if (*text == '[') {
         const char *p = text;
         if (jade_asm_parse_ctrl(&p, &instr.ctrl)) {
            fprintf(stderr, "jade-asm: %s:%u: bad control bits: %s\n", in_path, line_no, text);
            status = 1;
            break;
         }
         text = (char *)p;
      }

      char err[512];
      if (jade_isa_parse(text, pc, &instr, err, sizeof(err))) {
         fprintf(stderr, "jade-asm: %s:%u: %s\n", in_path, line_no, err);
         status = 1;
         break;
      }
      uint64_t w[2];
      if (jade_isa_encode(&instr, w)) {
         fprintf(stderr, "jade-asm: %s:%u: a value does not fit its field\n", in_path, line_no);
         status = 1;
         break;
      }
      if (hex)
         fprintf(out, "0x%016" PRIx64 " 0x%016" PRIx64 "\n", w[0], w[1]);
      else
         fwrite(w, sizeof(w), 1, out);
      pc += 16;
   }

   if (in != stdin)
      fclose(in);
   if (out != stdout && fclose(out)) {
      fprintf(stderr, "jade-asm: %s: %s\n", out_path, strerror(errno));
      status = 1;
   }
   return status;
}
