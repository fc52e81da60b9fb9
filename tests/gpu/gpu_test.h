/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * What the GPU model's tests share: one 64 KiB block of "GPU memory" at
 * GPU_TEST_VA, the environment that maps it, a fixed clock, the last
 * diagnostic line, and CHECK.
 */

#ifndef GPU_TEST_H
#define GPU_TEST_H

#include <stdint.h>
#include <stdio.h>

#include "nvidia/classes/clc46f.h"
#include "nvidia/classes/clc5c0.h"

#include "jade_gpu.h"

#define MEM_SIZE 0x10000u

static uint8_t mem[MEM_SIZE];
static uint64_t mem_va; /* where mem is mapped */
static char last_log[512];
static unsigned logs;
static int failures;

#define CHECK(cond, ...)                                                                           \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         printf("FAIL %s:%d: ", __FILE__, __LINE__);                                               \
         printf(__VA_ARGS__);                                                                      \
         printf("\n");                                                                             \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

static void *
gpu_test_translate(void *data, uint64_t va, uint64_t size)
{
   if (va < mem_va || va - mem_va > MEM_SIZE || size > MEM_SIZE - (va - mem_va))
      return NULL;
   return mem + (va - mem_va);
}

static uint64_t
gpu_test_extent(void *data, uint64_t va)
{
   return va >= mem_va && va - mem_va < MEM_SIZE ? MEM_SIZE - (va - mem_va) : 0;
}

static uint64_t
gpu_test_now_ns(void *data)
{
   return 0x1122334455667788ull;
}

static void
gpu_test_log(void *data, const char *line)
{
   snprintf(last_log, sizeof(last_log), "%s", line);
   logs++;
}

/* A method header as clc46f.h lays it out (SEC_OP 31:29, COUNT 28:16,
 * SUBCHANNEL 15:13, dword ADDRESS 11:0), built here rather than with
 * nv_push so the decoder is not checked against the encoder it would share
 * a mistake with. */
static inline uint32_t
gpu_test_header(unsigned sec_op, unsigned count, unsigned subc, uint32_t mthd)
{
   return sec_op << 29 | count << 16 | subc << 13 | mthd >> 2;
}

/* An incrementing header: `count` words for mthd, mthd + 4, ... */
static inline uint32_t
gpu_test_inc(unsigned count, unsigned subc, uint32_t mthd)
{
   return gpu_test_header(1, count, subc, mthd);
}

/* The environment of a model whose memory is mem at va. */
static inline struct jade_gpu_env
gpu_test_env(uint64_t va)
{
   mem_va = va;
   return (struct jade_gpu_env){.translate = gpu_test_translate,
                                .extent = gpu_test_extent,
                                .now_ns = gpu_test_now_ns,
                                .log = gpu_test_log};
}

/* Binds the compute class on subchannel 1 with pools of 32 texture headers
 * at byte `tic` of mem and (unless tsc < 0) 32 samplers at `tsc`, through a
 * pushbuffer at byte `pb`. */
static inline bool
gpu_test_bind_pools(struct jade_gpu *gpu, uint32_t pb_at, uint32_t tic, int64_t tsc)
{
   uint32_t *pb = (uint32_t *)(mem + pb_at), n = 0;
   pb[n++] = gpu_test_inc(1, 1, NVC46F_SET_OBJECT);
   pb[n++] = 0xc5c0;
   pb[n++] = gpu_test_inc(3, 1, NVC5C0_SET_TEX_HEADER_POOL_A);
   pb[n++] = (uint32_t)((mem_va + tic) >> 32);
   pb[n++] = (uint32_t)(mem_va + tic);
   pb[n++] = 31;
   if (tsc >= 0) {
      pb[n++] = gpu_test_inc(3, 1, NVC5C0_SET_TEX_SAMPLER_POOL_A);
      pb[n++] = (uint32_t)((mem_va + (uint64_t)tsc) >> 32);
      pb[n++] = (uint32_t)(mem_va + (uint64_t)tsc);
      pb[n++] = 31;
   }
   return jade_gpu_run_segment(gpu, mem_va + pb_at, n);
}

#endif /* GPU_TEST_H */
