/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Control bits written as text, in the notation SASS hackers use
 * (maxas/turingas): [B0-2---:R1:W-:Y:S04]
 *   B  the wait mask, one place per scoreboard (digit = wait, '-' = not)
 *   R  read scoreboard set by this instruction ('-' = none)
 *   W  write scoreboard set by this instruction ('-' = none)
 *   Y  yield bit ('-' when clear)
 *   S  stall cycles, two digits
 *   U  reuse flags in hex, only when non-zero (":U3")
 */

#ifndef JADE_ASM_CTRL_H
#define JADE_ASM_CTRL_H

#include <stddef.h>

#include "jade_isa.h"

void jade_asm_format_ctrl(const struct jade_isa_ctrl *ctrl, char *buf, size_t size);

/* Parses "[...]" at *s and advances past it; returns 0 or -1. */
int jade_asm_parse_ctrl(const char **s, struct jade_isa_ctrl *ctrl);

#endif /* JADE_ASM_CTRL_H */
