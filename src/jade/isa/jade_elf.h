/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Just enough ELF64 to find the sections of a CUDA cubin, with every
 * offset checked against the file size.
 */

#ifndef JADE_ELF_H
#define JADE_ELF_H

#include <stddef.h>
#include <stdint.h>

struct jade_elf_section {
   const char *name; /* points into the file data */
   uint32_t type;
   uint64_t offset;   /* file offset of the contents */
   uint64_t size;     /* bytes in the file (0 for NOBITS) */
   uint64_t mem_size; /* bytes in memory (NOBITS: .nv.shared.*) */
   uint32_t info;
   uint32_t link;
   uint64_t flags;
   uint64_t addralign;
   uint32_t index; /* in the section header table */
};

struct jade_elf_symbol {
   const char *name; /* points into the file data */
   uint64_t value;
   uint64_t size;
   uint8_t type; /* ELF64_ST_TYPE: STT_FUNC, ... (CUDA: 11 texture, 12 surface) */
   uint8_t bind; /* ELF64_ST_BIND: STB_LOCAL, STB_GLOBAL, STB_WEAK */
   uint8_t other;
   uint16_t shndx;
};

/* Fills up to max sections; returns the count, or -1 with a message. */
int jade_elf_sections(const uint8_t *data, size_t size, struct jade_elf_section *sections,
                      unsigned max, char *err, size_t err_size);

/* The symbols of the SYMTAB section among sections (count of them), in
 * table order: fills up to max; returns the count (0 without a symbol
 * table), or -1 with a message. */
int jade_elf_symbols(const uint8_t *data, size_t size, const struct jade_elf_section *sections,
                     unsigned count, struct jade_elf_symbol *symbols, unsigned max, char *err,
                     size_t err_size);

#endif /* JADE_ELF_H */
