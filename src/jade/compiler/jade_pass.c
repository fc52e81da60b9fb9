/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * What the pass runner (jade_pass.h) does after each pass.
 */

#include "jade_pass.h"

/* Debug builds validate after every pass; release builds when asked. */
#ifdef NDEBUG
#define VALIDATE_ALWAYS false
#else
#define VALIDATE_ALWAYS true
#endif

void
jade_pass_done(struct jade_ir_shader *s)
{
   if (s->error)
      return;
   if (s->print_ir) {
      fprintf(stderr, "--- Jade IR after %s\n", s->pass_name);
      jade_ir_print(s, stderr);
   }
   if (VALIDATE_ALWAYS || s->validate)
      jade_ir_validate(s);
}
