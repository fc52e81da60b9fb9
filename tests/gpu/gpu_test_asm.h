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
#include "jade_qmd.h"

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

/* A QMD (V02_02) for one CTA of `threads` threads running the code at
 * byte `code` of mem with `regs` registers and c[0] = the 16 bytes at
 * byte `cbuf`; callers add what else their launch needs, then put it. */
static inline struct jade_qmd
gpu_test_qmd(uint32_t code, unsigned threads, unsigned regs, uint32_t cbuf)
{
   struct jade_qmd q;
   memset(&q, 0, sizeof(q));
   q.qmd_major_version = 2;
   q.qmd_version = 2;
   q.program_address = mem_va + code;
   q.cta_raster_width = q.cta_raster_height = q.cta_raster_depth = 1;
   q.cta_thread_dimension0 = threads;
   q.cta_thread_dimension1 = q.cta_thread_dimension2 = 1;
   q.register_count_v = regs;
   q.constant_buffer_valid[0] = 1;
   q.constant_buffer_addr[0] = mem_va + cbuf;
   q.constant_buffer_size_shifted4[0] = 1;
   /* No shared memory; the SM configurations nvc0 asks for (8 KiB min
    * and target, 96 KiB max: 4 KiB units + 1). */
   q.min_sm_config_shared_mem_size = q.target_sm_config_shared_mem_size = 3;
   q.max_sm_config_shared_mem_size = 25;
   return q;
}

/* Its release semaphore 0: one word, `payload`, at byte `at` of mem. */
static inline void
gpu_test_qmd_release(struct jade_qmd *q, uint32_t at, uint32_t payload)
{
   q->semaphore_release_enable0 = 1;
   q->release0_address = mem_va + at;
   q->release0_payload = payload;
   q->release0_structure_size = JADE_QMD_RELEASE0_STRUCTURE_SIZE_ONE_WORD;
}

/* Packs the QMD at byte `at` of mem. */
static inline void
gpu_test_put_qmd(const struct jade_qmd *q, uint32_t at)
{
   uint32_t words[64] = {0};
   jade_qmd_pack(words, q);
   memcpy(mem + at, words, sizeof(words));
}

#endif /* GPU_TEST_ASM_H */
