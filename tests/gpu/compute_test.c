/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Compute launches on the GPU model from a hand-built QMD (packed with the
 * generated jade_qmd_pack, from NVIDIA's clc3c0qmd.h) and SASS assembled
 * here: the grid runs and writes memory, its constant bank comes from the
 * QMD's slot, its release semaphore follows; a register count that does
 * not cover the program's registers plus the pc's two faults; an unmapped
 * constant buffer faults.
 */

#include <stdio.h>
#include <string.h>

#include "nvidia/classes/clc46f.h"
#include "nvidia/classes/clc5c0.h"

#include "gpu_test_asm.h"

#define VA_BASE 0x200000000ull
#define CODE    0x2000u
#define CBUF    0x3000u
#define QMD     0x4000u
#define OUT     0x5000u
#define SEM     0x6000u
#define PB      0x8000u

/* out[tid] = tid, for every thread of the CTA. */
static const char *const program[] = {
   "S2R R0, SR_TID.X",         "MOV R2, c[0x0][0x0]",
   "MOV R3, c[0x0][0x4]",      "SHF.L.U32 R1, R0, 0x2, RZ",
   "IADD3 R2, P0, R2, R1, RZ", "IADD3.X R3, R3, RZ, RZ, P0, !PT",
   "STG.E.SYS [R2], R0",       "EXIT",
};

/* A QMD for one CTA of 64 threads of the program, c[0] = {OUT}. */
static void
write_qmd(unsigned register_count, uint64_t cbuf_va)
{
   struct jade_qmd q = gpu_test_qmd(CODE, 64, register_count, CBUF);
   /* c[0] anywhere, mapped or not (the fault case). */
   q.constant_buffer_addr[0] = cbuf_va;
   gpu_test_qmd_release(&q, SEM, 0x600d);
   gpu_test_put_qmd(&q, QMD);
}

static bool
launch(struct jade_gpu *gpu)
{
   uint32_t *pb = (uint32_t *)(mem + PB), n = 0;
   pb[n++] = gpu_test_inc(1, 1, NVC46F_SET_OBJECT);
   pb[n++] = 0xc5c0;
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
   if (!gpu_test_assemble(program, sizeof(program) / sizeof(program[0]), CODE))
      return NULL;
   return jade_gpu_create(&env);
}

int
main(void)
{
   /* R0..R3 and the pc's two: 6 registers. */
   struct jade_gpu *gpu = setup();
   if (!gpu)
      return 1;
   write_qmd(6, VA_BASE + CBUF);
   CHECK(launch(gpu), "the launch runs (%s)", last_log);
   bool ok = true;
   for (uint32_t i = 0; i < 64; i++) {
      uint32_t v;
      memcpy(&v, mem + OUT + 4 * i, 4);
      ok &= v == i;
   }
   CHECK(ok, "every thread wrote its index through c[0]'s address");
   uint32_t sem;
   memcpy(&sem, mem + SEM, 4);
   CHECK(sem == 0x600d, "the QMD's release semaphore follows the grid (0x%x)", sem);
   CHECK(jade_gpu_stats(gpu)->compute_launches == 1 &&
            jade_gpu_stats(gpu)->thread_instructions == 64 * 8,
         "one launch, 64 x 8 thread instructions (%llu)",
         (unsigned long long)jade_gpu_stats(gpu)->thread_instructions);
   jade_gpu_destroy(gpu);

   /* 5 registers: R3 is the pc's. */
   gpu = setup();
   write_qmd(5, VA_BASE + CBUF);
   CHECK(!launch(gpu), "a register count without the pc's two faults");
   const struct jade_gpu_fault *f = jade_gpu_fault(gpu);
   CHECK(f && strstr(f->what, "beyond the programmed register count 5"), "it says why: %s",
         f ? f->what : "");
   memcpy(&sem, mem + SEM, 4);
   CHECK(sem == 0xeeeeeeee, "no release after a faulting grid");
   jade_gpu_destroy(gpu);

   /* 16 KiB of shared memory a CTA with a target configuration of 8 KiB:
    * the QMD asks for what the SM cannot hold. */
   gpu = setup();
   {
      struct jade_qmd q = gpu_test_qmd(CODE, 64, 6, CBUF);
      q.shared_memory_size = 0x4000;
      gpu_test_put_qmd(&q, QMD);
   }
   CHECK(!launch(gpu) && strstr(jade_gpu_fault(gpu)->what, "SHARED_MEMORY_SIZE 0x4000"),
         "shared memory beyond the target configuration faults (%s)", last_log);
   jade_gpu_destroy(gpu);

   /* A constant buffer nothing is mapped at. */
   gpu = setup();
   write_qmd(6, 0x1000);
   CHECK(!launch(gpu) && jade_gpu_fault(gpu)->va == 0x1000 &&
            strstr(jade_gpu_fault(gpu)->what, "constant buffer 0"),
         "an unmapped constant buffer faults (%s)", last_log);
   jade_gpu_destroy(gpu);

   printf("%d failed\n", failures);
   return failures ? 1 : 0;
}
