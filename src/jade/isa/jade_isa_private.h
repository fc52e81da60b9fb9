/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Shared by the ISA library's encoder, printer and assembler.
 */

#ifndef JADE_ISA_PRIVATE_H
#define JADE_ISA_PRIVATE_H

#include "jade_isa.h"

/* How a register file is written: prefix + index, or the name of its
 * zero/true register (RZ, URZ, PT, UPT).  Shared by printer and parser. */
struct jade_isa_reg_syntax {
   const char *prefix;
   const char *zero; /* NULL: the file has none (B registers) */
   uint64_t zero_index;
   uint64_t max_index; /* highest ordinary register */
};

/* The register syntax of a register type, or NULL for other types. */
const struct jade_isa_reg_syntax *jade_isa_reg_syntax(uint8_t type);

/* System register names by index (NULL: unnamed, printed as SR%d). */
extern const char *const jade_isa_sreg_names[256];

/* Whether a syntax's conditions hold for the instruction's fields. */
bool jade_isa_syntax_applies(const struct jade_isa_syntax *syn, const struct jade_isa_instr *instr);

#endif /* JADE_ISA_PRIVATE_H */
