/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Local memory in the buffer of SET_SHADER_LOCAL_MEMORY_A/B on the GPU
 * model (docs/gpu-model.md): a hand-built QMD launches 64 threads (two
 * warps) that store and load local memory with STL/LDL of every width and
 * a generic access in the local window; every byte must land at the
 * address the tests work out on their own from the documented organisation
 * ("consecutive 32-bit words are accessed by consecutive thread IDs", CUDA
 * C Programming Guide; a warp's area LOW_SIZE * 32 rounded up to 512, NVK
 * nvk_slm_area_ensure; warps one after the other from the buffer's start).
 * Faults: a TPC size the CTA does not fit in (or nothing programmed), a
 * TPC size that is not a multiple of 32 KiB, an access past LOW_SIZE, a
 * buffer that is not mapped, a program with local accesses whose QMD
 * declares none.
 */

#include <stdio.h>
#include <string.h>

#include "nvidia/classes/clc46f.h"
#include "nvidia/classes/clc5c0.h"

#include "gpu_test_asm.h"

#define VA_BASE     0x200000000ull
#define CODE        0x2000u
#define CODE_BEYOND 0x2800u
#define CBUF        0x3000u
#define QMD         0x4000u
#define OUT         0x5000u /* 16 words a thread */
#define SEM         0x6000u
#define PB          0x8000u
#define TLS         0xa000u /* the local-memory buffer */
#define WINDOW      0xff000000u

#define THREADS   64
#define LOW_SIZE  0x30u /* 48 bytes a thread: words 0..11 */
#define WARP_AREA 1536u /* 48 * 32, a multiple of 512 */

/* Every thread t: local words 0 = t + 0x1000; 2, 3 = t + 0x2000, + 0x3000
 * (STL.64); 4..7 = t + 0x4000 .. + 0x7000 (STL.128); byte 0x2d = t
 * (STL.U8); word 10 = t + 0x1000 through the generic window (ST); then all
 * loaded back (LDL of each width, LD) into out[16 t ..]. */
static const char *const program[] = {
   "S2R R0, SR_TID.X",
   "MOV R4, c[0x0][0x0]",
   "MOV R5, c[0x0][0x4]",
   "IADD3 R1, R0, 0x1000, RZ",
   "IADD3 R2, R0, 0x2000, RZ",
   "IADD3 R3, R0, 0x3000, RZ",
   "IADD3 R8, R0, 0x4000, RZ",
   "IADD3 R9, R0, 0x5000, RZ",
   "IADD3 R10, R0, 0x6000, RZ",
   "IADD3 R11, R0, 0x7000, RZ",
   "MOV R22, 0xff000000",
   "MOV R23, RZ",
   "STL [RZ], R1",
   "STL.64 [0x8], R2",
   "STL.128 [0x10], R8",
   "STL.U8 [0x2d], R0",
   "ST.E.SYS [R22+0x28], R1",
   "LDL R12, [RZ]",
   "LDL.64 R14, [0x8]",
   "LDL.128 R16, [0x10]",
   "LDL.U8 R20, [0x2d]",
   "LD.E.SYS R21, [R22+0x28]",
   "IMAD.WIDE.U32 R6, R0, 0x40, R4",
   "STG.E.SYS [R6], R12",
   "STG.E.SYS [R6+0x4], R14",
   "STG.E.SYS [R6+0x8], R15",
   "STG.E.SYS [R6+0xc], R16",
   "STG.E.SYS [R6+0x10], R17",
   "STG.E.SYS [R6+0x14], R18",
   "STG.E.SYS [R6+0x18], R19",
   "STG.E.SYS [R6+0x1c], R20",
   "STG.E.SYS [R6+0x20], R21",
   "EXIT",
};

/* One word just past LOW_SIZE. */
static const char *const beyond[] = {
   "STL [0x30], RZ",
   "EXIT",
};

static void
write_qmd(uint32_t code, uint32_t low_size)
{
   struct jade_qmd q = gpu_test_qmd(code, THREADS, 32, CBUF);
   q.shader_local_memory_low_size = low_size;
   gpu_test_qmd_release(&q, SEM, 0x600d);
   gpu_test_put_qmd(&q, QMD);
}

/* The driver's side: the buffer at tls_va, tpc_size bytes a TPC (program
 * nothing when tls_va is 0), the local window, then the launch. */
static bool
launch(struct jade_gpu *gpu, uint64_t tls_va, uint64_t tpc_size)
{
   uint32_t *pb = (uint32_t *)(mem + PB), n = 0;
   pb[n++] = gpu_test_inc(1, 1, NVC46F_SET_OBJECT);
   pb[n++] = 0xc5c0;
   if (tls_va) {
      pb[n++] = gpu_test_inc(2, 1, NVC5C0_SET_SHADER_LOCAL_MEMORY_A);
      pb[n++] = (uint32_t)(tls_va >> 32);
      pb[n++] = (uint32_t)tls_va;
      pb[n++] = gpu_test_inc(3, 1, NVC5C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A);
      pb[n++] = (uint32_t)(tpc_size >> 32);
      pb[n++] = (uint32_t)tpc_size;
      pb[n++] = 0xff; /* MAX_SM_COUNT */
   }
   pb[n++] = gpu_test_inc(2, 1, NVC5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A);
   pb[n++] = 0;
   pb[n++] = WINDOW;
   pb[n++] = gpu_test_inc(1, 1, NVC5C0_SEND_PCAS_A);
   pb[n++] = (uint32_t)((VA_BASE + QMD) >> 8);
   pb[n++] = gpu_test_inc(1, 1, NVC5C0_SEND_SIGNALING_PCAS_B);
   pb[n++] = 3; /* INVALIDATE | SCHEDULE */
   return jade_gpu_run_segment(gpu, VA_BASE + PB, n);
}

static struct jade_gpu *
setup(void)
{
   memset(mem, 0xee, sizeof(mem));
   last_log[0] = '\0';
   uint64_t out = VA_BASE + OUT;
   memcpy(mem + CBUF, &out, 8);
   const struct jade_gpu_env env = gpu_test_env(VA_BASE);
   if (!gpu_test_assemble(program, sizeof(program) / sizeof(program[0]), CODE) ||
       !gpu_test_assemble(beyond, sizeof(beyond) / sizeof(beyond[0]), CODE_BEYOND))
      return NULL;
   return jade_gpu_create(&env);
}

static uint32_t
word_at(uint32_t offset)
{
   uint32_t v;
   memcpy(&v, mem + offset, 4);
   return v;
}

/* Thread t's local word k, as the documented organisation places it. */
static uint32_t
local_word(unsigned t, unsigned k)
{
   return word_at(TLS + t / 32 * WARP_AREA + k * 128 + t % 32 * 4);
}

static const char *
fault_text(struct jade_gpu *gpu)
{
   const struct jade_gpu_fault *f = jade_gpu_fault(gpu);
   return f ? f->what : "";
}

int
main(void)
{
   /* A TPC of 32 KiB, 16 KiB for SM 0: two warps of 1536 bytes fit. */
   struct jade_gpu *gpu = setup();
   if (!gpu)
      return 1;
   write_qmd(CODE, LOW_SIZE);
   CHECK(launch(gpu, VA_BASE + TLS, 0x8000), "the launch runs (%s)", fault_text(gpu));
   unsigned bad_out = 0, bad_tls = 0, bad_gap = 0;
   for (unsigned t = 0; t < THREADS; t++) {
      const uint32_t want[9] = {t + 0x1000, t + 0x2000, t + 0x3000, t + 0x4000, t + 0x5000,
                                t + 0x6000, t + 0x7000, t,          t + 0x1000};
      for (unsigned i = 0; i < 9; i++)
         bad_out += word_at(OUT + t * 64 + i * 4) != want[i];
      /* Words 0, 2..7, 10 and byte 1 of word 11; 1, 8, 9 untouched. */
      const uint32_t tls[12] = {t + 0x1000, 0xeeeeeeee, t + 0x2000, t + 0x3000,
                                t + 0x4000, t + 0x5000, t + 0x6000, t + 0x7000,
                                0xeeeeeeee, 0xeeeeeeee, t + 0x1000, 0xeeee00ee | t << 8};
      for (unsigned k = 0; k < 12; k++) {
         if (local_word(t, k) != tls[k] && bad_tls++ < 4)
            printf("thread %u word %u at +0x%x: 0x%08x, want 0x%08x\n", t, k,
                   t / 32 * WARP_AREA + k * 128 + t % 32 * 4, local_word(t, k), tls[k]);
      }
   }
   for (uint32_t o = 2 * WARP_AREA; o < 0x1000; o += 4)
      bad_gap += word_at(TLS + o) != 0xeeeeeeee;
   CHECK(!bad_out, "every width loads back what was stored (%u words wrong)", bad_out);
   CHECK(!bad_tls,
         "every local byte lies at (a / 4) * 128 + lane * 4 + a %% 4 of its warp's "
         "1536-byte area (%u words wrong)",
         bad_tls);
   CHECK(!bad_gap, "nothing past the two warps' areas is written (%u words)", bad_gap);
   CHECK(word_at(SEM) == 0x600d, "the release follows the grid");
   jade_gpu_destroy(gpu);

   /* No buffer programmed at all. */
   gpu = setup();
   write_qmd(CODE, LOW_SIZE);
   CHECK(!launch(gpu, 0, 0), "a launch needing local memory faults when none is programmed");
   CHECK(strstr(fault_text(gpu), "local memory too small") &&
            strstr(fault_text(gpu), "SHADER_LOCAL_MEMORY_LOW_SIZE 0x30") &&
            strstr(fault_text(gpu), "NON_THROTTLED_A/B 0x0/0x0"),
         "it says why: %s", fault_text(gpu));
   CHECK(word_at(SEM) == 0xeeeeeeee && word_at(OUT) == 0xeeeeeeee, "nothing ran");
   jade_gpu_destroy(gpu);

   /* 0x110 bytes a thread: 8704 a warp, 17408 for two > 16 KiB. */
   gpu = setup();
   write_qmd(CODE, 0x110);
   CHECK(!launch(gpu, VA_BASE + TLS, 0x8000), "a CTA that does not fit SM 0's half faults");
   CHECK(strstr(fault_text(gpu), "0x4400 for the CTA's 2 warps") &&
            strstr(fault_text(gpu), "NON_THROTTLED_A/B 0x0/0x8000"),
         "it says why: %s", fault_text(gpu));
   jade_gpu_destroy(gpu);
   /* 0x100: 8192 a warp, exactly 16 KiB. */
   gpu = setup();
   write_qmd(CODE, 0x100);
   CHECK(launch(gpu, VA_BASE + TLS, 0x8000) && word_at(OUT + 63 * 64) == 63 + 0x1000,
         "a CTA filling SM 0's half exactly runs (%s)", fault_text(gpu));
   CHECK(word_at(TLS + 8192 + 31 * 4) == 63 + 0x1000, "warp 1 starts 8192 bytes in");
   jade_gpu_destroy(gpu);

   /* A TPC size NVK says the hardware cannot take. */
   gpu = setup();
   write_qmd(CODE, LOW_SIZE);
   CHECK(!launch(gpu, VA_BASE + TLS, 0xc000) && strstr(fault_text(gpu), "not a multiple of 0x8000"),
         "a TPC size that is not a multiple of 32 KiB faults (%s)", fault_text(gpu));
   jade_gpu_destroy(gpu);

   /* Past the thread's LOW_SIZE bytes. */
   gpu = setup();
   write_qmd(CODE_BEYOND, LOW_SIZE);
   CHECK(!launch(gpu, VA_BASE + TLS, 0x8000) &&
            strstr(fault_text(gpu), "local access of 4 bytes at 0x30 is out of bounds (48 bytes)"),
         "an access past SHADER_LOCAL_MEMORY_LOW_SIZE faults (%s)", fault_text(gpu));
   jade_gpu_destroy(gpu);

   /* A program with local accesses whose QMD declares none. */
   gpu = setup();
   write_qmd(CODE, 0);
   CHECK(!launch(gpu, 0, 0) &&
            strstr(fault_text(gpu), "local access of 4 bytes at 0x0 is out of bounds (0 bytes)"),
         "with LOW_SIZE 0 any local access faults (%s)", fault_text(gpu));
   jade_gpu_destroy(gpu);

   /* A buffer nothing is mapped at. */
   gpu = setup();
   write_qmd(CODE, LOW_SIZE);
   CHECK(!launch(gpu, 0x100000000ull, 0x8000) &&
            strstr(fault_text(gpu), "word at 0x100000000 in the local-memory buffer at "
                                    "0x100000000 is not mapped"),
         "an unmapped buffer faults at the first access (%s)", fault_text(gpu));
   jade_gpu_destroy(gpu);

   printf("%d failed\n", failures);
   return failures ? 1 : 0;
}
