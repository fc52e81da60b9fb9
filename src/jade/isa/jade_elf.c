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
         .flags = sh.sh_flags,
         .addralign = sh.sh_addralign,
         .index = i,
      };
   }
   return count;
}

int
jade_elf_symbols(const uint8_t *data, size_t size, const struct jade_elf_section *sections,
                 unsigned count, struct jade_elf_symbol *symbols, unsigned max, char *err,
                 size_t err_size)
{
   const struct jade_elf_section *symtab = NULL, *strtab = NULL;
   for (unsigned i = 0; i < count && !symtab; i++)
      if (sections[i].type == SHT_SYMTAB)
         symtab = &sections[i];
   if (!symtab)
      return 0;
   for (unsigned i = 0; i < count; i++)
      if (sections[i].index == symtab->link)
         strtab = &sections[i];
   if (!strtab || strtab->type != SHT_STRTAB || strtab->size == 0 ||
       data[strtab->offset + strtab->size - 1] != 0) {
      snprintf(err, err_size, "symbol name table missing or out of bounds");
      return -1;
   }
   unsigned n = 0;
   for (uint64_t off = 0; off + sizeof(Elf64_Sym) <= symtab->size && n < max;
        off += sizeof(Elf64_Sym)) {
      Elf64_Sym sym;
      memcpy(&sym, data + symtab->offset + off, sizeof(sym));
      if (sym.st_name >= strtab->size) {
         snprintf(err, err_size, "symbol %u: name out of bounds", n);
         return -1;
      }
      symbols[n++] = (struct jade_elf_symbol){
         .name = (const char *)data + strtab->offset + sym.st_name,
         .value = sym.st_value,
         .size = sym.st_size,
         .type = ELF64_ST_TYPE(sym.st_info),
         .bind = ELF64_ST_BIND(sym.st_info),
         .other = sym.st_other,
         .shndx = sym.st_shndx,
      };
   }
   return (int)n;
}
