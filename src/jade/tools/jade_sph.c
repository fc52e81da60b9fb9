/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * jade-sph: prints a Shader Program Header field by field.
 *
 *   jade-sph WORD...        the header's 32-bit words in hex (missing ones
 *                           are zero); "-" or none: read them from stdin
 *   jade-sph --fields       every field of both header types with its bit
 *                           range (tests compare them with NVIDIA's header)
 */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jade_sph.h"

static void
list_fields(const char *type, const struct jade_pack_field *fields, unsigned count)
{
   for (unsigned k = 0; k < count; k++)
      printf("%s %s %u %u %u %u\n", type, fields[k].name, fields[k].start, fields[k].end,
             fields[k].count, fields[k].stride);
}

/* The header by its type (SPH_TYPE, bits 0..4), one non-zero field a
 * line; false if it is neither VTG nor PS. */
static bool
print_sph(FILE *f, const uint32_t dw[JADE_SPH_WORDS])
{
   switch (dw[0] & 31) {
   case JADE_SPH_VTG_SPH_TYPE_TYPE_01_VTG:
      fprintf(f, "SPH type 1 (VTG)\n");
      jade_sph_vtg_print(f, dw);
      return true;
   case JADE_SPH_PS_SPH_TYPE_TYPE_02_PS:
      fprintf(f, "SPH type 2 (PS)\n");
      jade_sph_ps_print(f, dw);
      return true;
   default:
      return false;
   }
}

int
main(int argc, char **argv)
{
   if (argc == 2 && !strcmp(argv[1], "--fields")) {
      list_fields("vtg", jade_sph_vtg_fields, jade_sph_vtg_field_count);
      list_fields("ps", jade_sph_ps_fields, jade_sph_ps_field_count);
      return 0;
   }
   uint32_t dw[JADE_SPH_WORDS] = {0};
   unsigned n = 0;
   char word[64];
   bool from_stdin = argc == 1 || (argc == 2 && !strcmp(argv[1], "-"));
   for (int a = 1; !from_stdin && a < argc; a++) {
      char *end;
      unsigned long v = strtoul(argv[a], &end, 16);
      if (*end || n == JADE_SPH_WORDS) {
         fprintf(stderr, "jade-sph: '%s' is not a header word (at most %u hex words)\n", argv[a],
                 JADE_SPH_WORDS);
         return 2;
      }
      dw[n++] = (uint32_t)v;
   }
   while (from_stdin && n < JADE_SPH_WORDS && scanf("%63s", word) == 1) {
      char *end;
      unsigned long v = strtoul(word, &end, 16);
      if (*end) {
         fprintf(stderr, "jade-sph: '%s' is not a hex word\n", word);
         return 2;
      }
      dw[n++] = (uint32_t)v;
   }
   if (!print_sph(stdout, dw)) {
      fprintf(stderr, "jade-sph: SPH_TYPE %u is neither 1 (VTG) nor 2 (PS)\n", dw[0] & 31);
      return 1;
   }
   return 0;
}
