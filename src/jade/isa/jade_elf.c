/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#include <elf.h>
#include <stdio.h>
#include <string.h>

#include "jade_elf.h"

int
jade_elf_sections(const uint8_t *data, size_t size, struct jade_elf_section *sections, unsigned max,
                  char *err, size_t err_size)
{
   Elf64_Ehdr eh;
   if (size < sizeof(eh) || memcmp(data, ELFMAG, SELFMAG) != 0) {
      snprintf(err, err_size, "not an ELF file");
      return -1;
   }
   memcpy(&eh, data, sizeof(eh));
   if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB) {
      snprintf(err, err_size, "not a little-endian ELF64 file");
      return -1;
   }
   if (eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shoff > size ||
       (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr) > size - eh.e_shoff ||
       eh.e_shstrndx >= eh.e_shnum) {
      snprintf(err, err_size, "section header table out of bounds");
      return -1;
   }

   Elf64_Shdr strtab;
   memcpy(&strtab, data + eh.e_shoff + eh.e_shstrndx * sizeof(Elf64_Shdr), sizeof(strtab));
   if (strtab.sh_offset > size || strtab.sh_size > size - strtab.sh_offset || strtab.sh_size == 0 ||
       data[strtab.sh_offset + strtab.sh_size - 1] != 0) {
      snprintf(err, err_size, "section name table out of bounds");
      return -1;
   }

   unsigned count = 0;
   for (unsigned i = 0; i < eh.e_shnum && count < max; i++) {
      Elf64_Shdr sh;
      memcpy(&sh, data + eh.e_shoff + i * sizeof(Elf64_Shdr), sizeof(sh));
      if (sh.sh_name >= strtab.sh_size) {
         snprintf(err, err_size, "section %u: name out of bounds", i);
         return -1;
      }
      if (sh.sh_type != SHT_NOBITS && (sh.sh_offset > size || sh.sh_size > size - sh.sh_offset)) {
         snprintf(err, err_size, "section %u: contents out of bounds", i);
         return -1;
      }
      sections[count++] = (struct jade_elf_section){
         .name = (const char *)data + strtab.sh_offset + sh.sh_name,
         .type = sh.sh_type,
         .offset = sh.sh_offset,
         .size = sh.sh_type == SHT_NOBITS ? 0 : sh.sh_size,
         .mem_size = sh.sh_size,
         .info = sh.sh_info,
         .link = sh.sh_link,
      };
   }
   return count;
}
