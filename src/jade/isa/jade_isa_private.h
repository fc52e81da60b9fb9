/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Shared by the ISA library's encoder, printer and assembler.
 */

#ifndef JADE_ISA_PRIVATE_H
#define JADE_ISA_PRIVATE_H

#include "jade_isa.h"

/* System register names by index (NULL: unnamed, printed as SR%d). */
extern const char *const jade_isa_sreg_names[256];

/* Whether a syntax's conditions hold for the instruction's fields. */
bool jade_isa_syntax_applies(const struct jade_isa_syntax *syn,
                             const struct jade_isa_instr *instr);


#endif /* JADE_ISA_PRIVATE_H */
