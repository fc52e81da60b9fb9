/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Programs for the GPU model's launch tests: SASS lines assembled with
 * the ISA description (jade_isa_parse/encode) into the tests' memory.
 */

#ifndef GPU_TEST_ASM_H
#define GPU_TEST_ASM_H

#include "gpu_test.h"
#include "jade_isa.h"

/* Assembles `count` lines at byte `at` of mem, every instruction with
 * serial control bits (it waits out the last); false (with a FAIL line)
 * if a line does not assemble. */
static inline bool
gpu_test_assemble(const char *const *lines, unsigned count, uint32_t at)
{
   for (unsigned i = 0; i < count; i++) {
      struct jade_isa_instr in;
      char err[200];
      jade_isa_instr_init(&in, 0);
      if (jade_isa_parse(lines[i], i * 16, &in, err, sizeof(err))) {
         printf("FAIL: %s does not assemble: %s\n", lines[i], err);
         return false;
      }
      in.ctrl = (struct jade_isa_ctrl){.stall = 15, .wr_sb = 7, .rd_sb = 7};
      uint64_t w[2];
      if (jade_isa_encode(&in, w)) {
         printf("FAIL: %s does not encode\n", lines[i]);
         return false;
      }
      memcpy(mem + at + i * 16, w, 16);
   }
   return true;
}

#endif /* GPU_TEST_ASM_H */
