/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The pass runner: JADE_PASS(s, pass, args...) runs pass(s, args...)
 * unless an earlier pass failed, then prints the IR under JADE_DEBUG=ir
 * (s->print_ir) and validates it in debug builds and under
 * JADE_DEBUG=validate (s->validate).  A pass's own result is ignored: a
 * pass that fails records an error (jade_ir_error) and the rest are
 * skipped.  The passes and their order are in jade_compile.c.
 */

#ifndef JADE_PASS_H
#define JADE_PASS_H

#include "jade_ir.h"

/* Printing and validation after the pass s->pass_name (jade_pass.c). */
void jade_pass_done(struct jade_ir_shader *s);

#define JADE_PASS(s, pass, ...)                                                                    \
   do {                                                                                            \
      if (!(s)->error) {                                                                           \
         (s)->pass_name = #pass;                                                                   \
         pass((s), ##__VA_ARGS__);                                                                 \
         jade_pass_done(s);                                                                        \
      }                                                                                            \
   } while (0)

#endif /* JADE_PASS_H */
