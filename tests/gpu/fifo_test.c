/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The GPU model's front end on hand-built pushbuffers: every method header
 * form, subchannels, data split across segments, GPFIFO entries, host and
 * report semaphores, inline uploads, constant-buffer loads, faults, and an
 * unimplemented method reported once by name.  Headers come from
 * gpu_test_header (clc46f.h's layout, not nv_push).
 */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvidia/classes/cla140.h"
#include "nvidia/classes/clc46f.h"
#include "nvidia/classes/clc597.h"
#include "nvidia/classes/clc5c0.h"

#include "gpu_test.h"

#define VA_BASE 0x100000000ull

static uint32_t
rd32(uint32_t off)
{
   uint32_t v;
   memcpy(&v, mem + off, 4);
   return v;
}

/* Pushbuffers are built in the model's memory from offset 0x8000. */
static uint32_t *pb;
static uint32_t pb_len;

static void
pb_reset(void)
{
   pb = (uint32_t *)(mem + 0x8000);
   pb_len = 0;
}

static void
emit(uint32_t w)
{
   pb[pb_len++] = w;
}

static void
inc(unsigned subc, uint32_t m, unsigned n)
{
   emit(gpu_test_header(1, n, subc, m));
}
static void
non_inc(unsigned subc, uint32_t m, unsigned n)
{
   emit(gpu_test_header(3, n, subc, m));
}
static void
one_inc(unsigned subc, uint32_t m, unsigned n)
{
   emit(gpu_test_header(5, n, subc, m));
}
static void
immd(unsigned subc, uint32_t m, uint32_t v)
{
   emit(gpu_test_header(4, v, subc, m));
}

static void
mthd1(unsigned subc, uint32_t m, uint32_t v)
{
   inc(subc, m, 1);
   emit(v);
}

static struct jade_gpu *
new_gpu(void)
{
   memset(mem, 0xee, sizeof(mem));
   logs = 0;
   last_log[0] = '\0';
   const struct jade_gpu_env env = gpu_test_env(VA_BASE);
   struct jade_gpu *gpu = jade_gpu_create(&env);
   pb_reset();
   mthd1(0, NVC46F_SET_OBJECT, 0xc597);
   mthd1(1, NVC46F_SET_OBJECT, 0xc5c0);
   mthd1(2, NVC46F_SET_OBJECT, 0xa140);
   return gpu;
}

static bool
run(struct jade_gpu *gpu)
{
   bool ok = jade_gpu_run_segment(gpu, VA_BASE + 0x8000, pb_len);
   pb_reset();
   return ok;
}

static void
test_subchannels_and_forms(void)
{
   struct jade_gpu *gpu = new_gpu();
   /* Incrementing: A, B, C of the report semaphore in one packet. */
   inc(0, NVC597_SET_REPORT_SEMAPHORE_A, 3);
   emit(VA_BASE >> 32);
   emit(0x100);
   emit(0xcafe0001);
   /* RELEASE, one word. */
   mthd1(0, NVC597_SET_REPORT_SEMAPHORE_D,
         NVC597_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_ONE_WORD << 28);
   /* Immediate: a 13-bit payload, then a release on the compute class. */
   mthd1(1, NVC5C0_SET_REPORT_SEMAPHORE_A, VA_BASE >> 32);
   mthd1(1, NVC5C0_SET_REPORT_SEMAPHORE_B, 0x110);
   immd(1, NVC5C0_SET_REPORT_SEMAPHORE_C, 0x1abc);
   mthd1(1, NVC5C0_SET_REPORT_SEMAPHORE_D, 1u << 28);
   CHECK(run(gpu), "the segment runs");
   CHECK(jade_gpu_subchannel_class(gpu, 0) == 0xc597 &&
            jade_gpu_subchannel_class(gpu, 1) == 0xc5c0 &&
            jade_gpu_subchannel_class(gpu, 2) == 0xa140,
         "SET_OBJECT binds subchannels");
   CHECK(rd32(0x100) == 0xcafe0001, "incrementing packet + one-word release: 0x%08x", rd32(0x100));
   CHECK(rd32(0x104) == 0xeeeeeeee, "a one-word release writes one word");
   CHECK(rd32(0x110) == 0x1abc, "immediate data on subchannel 1: 0x%08x", rd32(0x110));
   CHECK(jade_gpu_method_value(gpu, 1, NVC5C0_SET_REPORT_SEMAPHORE_C) == 0x1abc &&
            jade_gpu_method_value(gpu, 0, NVC597_SET_REPORT_SEMAPHORE_C) == 0xcafe0001,
         "each subchannel keeps its own method values");

   /* Four words: {payload, 0, timestamp} for a payload release. */
   mthd1(0, NVC597_SET_REPORT_SEMAPHORE_B, 0x120);
   mthd1(0, NVC597_SET_REPORT_SEMAPHORE_D, 0);
   /* REPORT_ONLY of a 64-bit counter (VTG_PRIMITIVES_OUT, 0x12): {u64 0, ts}. */
   mthd1(0, NVC597_SET_REPORT_SEMAPHORE_B, 0x130);
   mthd1(0, NVC597_SET_REPORT_SEMAPHORE_D, 2 | 0x12u << 23);
   CHECK(run(gpu), "four-word reports run");
   CHECK(rd32(0x120) == 0xcafe0001 && rd32(0x124) == 0 && rd32(0x128) == 0x55667788 &&
            rd32(0x12c) == 0x11223344,
         "four-word release: payload, 0, timestamp");
   CHECK(rd32(0x130) == 0 && rd32(0x134) == 0 && rd32(0x138) == 0x55667788,
         "four-word 64-bit counter report: value, timestamp");

   /* Old forms: incrementing (SEC_OP 0, address 12:2, count 28:18) and
    * non-incrementing (SEC_OP 2), and the NOP word. */
   emit(0);
   emit(1u << 18 | NVC597_SET_REPORT_SEMAPHORE_C);
   emit(0x01d0);
   CHECK(run(gpu), "old incrementing form runs");
   CHECK(jade_gpu_method_value(gpu, 0, NVC597_SET_REPORT_SEMAPHORE_C) == 0x01d0,
         "old incrementing form: 0x%x",
         jade_gpu_method_value(gpu, 0, NVC597_SET_REPORT_SEMAPHORE_C));
   emit(2u << 29 | 2u << 18 | NVC597_SET_REPORT_SEMAPHORE_C);
   emit(5);
   emit(6);
   CHECK(run(gpu) && jade_gpu_method_value(gpu, 0, NVC597_SET_REPORT_SEMAPHORE_C) == 6 &&
            jade_gpu_method_value(gpu, 0, NVC597_SET_REPORT_SEMAPHORE_D) == (2 | 0x12u << 23),
         "old non-incrementing form writes one method");

   /* END_PB_SEGMENT stops the segment. */
   emit(7u << 29);
   mthd1(0, NVC597_SET_REPORT_SEMAPHORE_C, 0x77);
   CHECK(run(gpu) && jade_gpu_method_value(gpu, 0, NVC597_SET_REPORT_SEMAPHORE_C) == 6,
         "nothing after END_PB_SEGMENT runs");
   CHECK(logs == 0, "no report for implemented methods (got '%s')", last_log);
   jade_gpu_destroy(gpu);
}

static void
test_inline_upload(void)
{
   struct jade_gpu *gpu = new_gpu();
   /* Two lines of 10 bytes, 32 bytes apart, through the I2M class; each
    * line is 3 words of the stream (the last padded). */
   mthd1(2, NVA140_OFFSET_OUT_UPPER, VA_BASE >> 32);
   mthd1(2, NVA140_OFFSET_OUT, 0x200);
   mthd1(2, NVA140_LINE_LENGTH_IN, 10);
   mthd1(2, NVA140_LINE_COUNT, 2);
   mthd1(2, NVA140_PITCH_OUT, 32);
   /* The completion semaphore, one word. */
   inc(2, NVA140_SET_I2M_SEMAPHORE_A, 3);
   emit(VA_BASE >> 32);
   emit(0x300);
   emit(0x5e4a);
   one_inc(2, NVA140_LAUNCH_DMA, 7);
   emit(NVC597_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH |
        NVC597_LAUNCH_DMA_COMPLETION_TYPE_RELEASE_SEMAPHORE << 4 |
        NVC597_LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE_ONE_WORD << 12);
   for (uint32_t i = 0; i < 6; i++)
      emit(0x03020100u + 0x04040404u * i);
   CHECK(run(gpu), "the upload runs");
   bool ok = true;
   for (unsigned b = 0; b < 10; b++) {
      ok &= mem[0x200 + b] == b;
      ok &= mem[0x220 + b] == 12 + b; /* line 1 starts with stream word 3 */
   }
   CHECK(ok, "the two lines land at OFFSET_OUT and OFFSET_OUT + PITCH_OUT");
   CHECK(mem[0x20a] == 0xee && mem[0x22a] == 0xee && mem[0x21f] == 0xee,
         "nothing beyond LINE_LENGTH_IN is written");
   CHECK(rd32(0x300) == 0x5e4a, "the completion semaphore is released (0x%08x)", rd32(0x300));
   CHECK(jade_gpu_stats(gpu)->inline_bytes == 20, "20 bytes counted");

   /* The same through the 3D class, data split across two segments: the
    * header (count 2) ends the first. */
   mthd1(0, NVC597_OFFSET_OUT_UPPER, VA_BASE >> 32);
   mthd1(0, NVC597_OFFSET_OUT, 0x400);
   mthd1(0, NVC597_LINE_LENGTH_IN, 8);
   mthd1(0, NVC597_LINE_COUNT, 1);
   mthd1(0, NVC597_LAUNCH_DMA, NVC597_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH);
   non_inc(0, NVC597_LOAD_INLINE_DATA, 2);
   CHECK(run(gpu), "a segment ending inside a packet runs");
   pb = (uint32_t *)(mem + 0x9000);
   emit(0xaaaaaaaa);
   emit(0xbbbbbbbb);
   CHECK(jade_gpu_run_segment(gpu, VA_BASE + 0x9000, 2), "its data segment runs");
   CHECK(rd32(0x400) == 0xaaaaaaaa && rd32(0x404) == 0xbbbbbbbb,
         "data in the next segment belongs to the pending header");
   pb_reset();
   jade_gpu_destroy(gpu);
}

static void
test_constant_buffer(void)
{
   struct jade_gpu *gpu = new_gpu();
   inc(0, NVC597_SET_CONSTANT_BUFFER_SELECTOR_A, 3);
   emit(0x100);
   emit(VA_BASE >> 32);
   emit(0x1000);
   /* Increment-once: the offset, then every word to LOAD_CONSTANT_BUFFER(0). */
   one_inc(0, NVC597_LOAD_CONSTANT_BUFFER_OFFSET, 4);
   emit(0x10);
   emit(11);
   emit(22);
   emit(33);
   /* Incrementing over LOAD_CONSTANT_BUFFER(0..1): the offset goes on. */
   inc(0, NVC597_LOAD_CONSTANT_BUFFER(0), 2);
   emit(44);
   emit(55);
   CHECK(run(gpu), "constant loads run");
   CHECK(rd32(0x1010) == 11 && rd32(0x1014) == 22 && rd32(0x1018) == 33 && rd32(0x101c) == 44 &&
            rd32(0x1020) == 55 && rd32(0x100c) == 0xeeeeeeee,
         "words at selector + offset, the offset advancing by 4");
   CHECK(jade_gpu_stats(gpu)->constant_words == 5, "5 words counted");
   /* Binding the selected buffer to slot 3 of group 4 (the fragment
    * stage's), then emptying slot 3 of group 0. */
   mthd1(0, NVC597_BIND_GROUP_CONSTANT_BUFFER(4), 1 | 3u << 4);
   mthd1(0, NVC597_BIND_GROUP_CONSTANT_BUFFER(0), 0 | 3u << 4);
   CHECK(run(gpu), "bindings run");
   uint64_t addr = 0;
   uint32_t size = 0;
   CHECK(jade_gpu_constant_buffer(gpu, 4, 3, &addr, &size) && addr == VA_BASE + 0x1000 &&
            size == 0x100,
         "group 4 slot 3 holds the selected buffer");
   CHECK(!jade_gpu_constant_buffer(gpu, 0, 3, &addr, &size), "group 0 slot 3 is empty");
   /* Past the selected size: dropped and reported. */
   one_inc(0, NVC597_LOAD_CONSTANT_BUFFER_OFFSET, 2);
   emit(0x100);
   emit(99);
   CHECK(run(gpu) && rd32(0x1100) == 0xeeeeeeee && strstr(last_log, "past the selected size"),
         "a word past SIZE is dropped with a report ('%s')", last_log);
   jade_gpu_destroy(gpu);
}

static void
test_host_semaphores(void)
{
   struct jade_gpu *gpu = new_gpu();
   /* SEM_EXECUTE release, 32-bit then 64-bit with timestamp. */
   inc(0, NVC46F_SEM_ADDR_LO, 4);
   emit(0x500);
   emit(VA_BASE >> 32);
   emit(0x12345678);
   emit(0x9abcdef0);
   mthd1(0, NVC46F_SEM_EXECUTE, NVC46F_SEM_EXECUTE_OPERATION_RELEASE);
   mthd1(0, NVC46F_SEM_ADDR_LO, 0x510);
   mthd1(0, NVC46F_SEM_EXECUTE, NVC46F_SEM_EXECUTE_OPERATION_RELEASE | 1u << 24 | 1u << 25);
   CHECK(run(gpu), "releases run");
   CHECK(rd32(0x500) == 0x12345678 && rd32(0x504) == 0xeeeeeeee, "32-bit release");
   CHECK(rd32(0x510) == 0x12345678 && rd32(0x514) == 0x9abcdef0 && rd32(0x518) == 0x55667788 &&
            rd32(0x51c) == 0x11223344,
         "64-bit release with timestamp: payload then time");
   /* Reductions: ADD, then INC wrapping at the payload. */
   mthd1(0, NVC46F_SEM_ADDR_LO, 0x500);
   mthd1(0, NVC46F_SEM_PAYLOAD_LO, 2);
   mthd1(0, NVC46F_SEM_EXECUTE, NVC46F_SEM_EXECUTE_OPERATION_REDUCTION | 5u << 27 | 1u << 31);
   CHECK(run(gpu) && rd32(0x500) == 0x1234567a, "REDUCTION ADD: 0x%08x", rd32(0x500));
   mthd1(0, NVC46F_SEM_PAYLOAD_LO, 0x1234567a);
   mthd1(0, NVC46F_SEM_EXECUTE, NVC46F_SEM_EXECUTE_OPERATION_REDUCTION | 6u << 27 | 1u << 31);
   CHECK(run(gpu) && rd32(0x500) == 0, "REDUCTION INC wraps to 0 at the payload");
   /* Acquires: one that holds, then the legacy release, then one that
    * can never be satisfied: a fault, and the channel is dead. */
   mthd1(0, NVC46F_SEM_PAYLOAD_LO, 0);
   mthd1(0, NVC46F_SEM_EXECUTE, NVC46F_SEM_EXECUTE_OPERATION_ACQUIRE);
   inc(0, NVC46F_SEMAPHOREA, 4);
   emit(VA_BASE >> 32);
   emit(0x520);
   emit(0x4242);
   emit(NVC46F_SEMAPHORED_OPERATION_RELEASE | NVC46F_SEMAPHORED_RELEASE_SIZE_4BYTE << 24);
   CHECK(run(gpu) && rd32(0x520) == 0x4242, "a satisfied acquire, a legacy 4-byte release");
   mthd1(0, NVC46F_SEM_PAYLOAD_LO, 7);
   mthd1(0, NVC46F_SEM_EXECUTE, NVC46F_SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ);
   CHECK(!run(gpu), "an acquire nothing can satisfy faults");
   const struct jade_gpu_fault *f = jade_gpu_fault(gpu);
   CHECK(f && f->va == VA_BASE + 0x500 && strstr(f->what, "acquire"), "the fault names it");
   mthd1(0, NVC597_SET_REPORT_SEMAPHORE_C, 1);
   CHECK(!run(gpu), "a killed channel runs nothing");
   jade_gpu_destroy(gpu);
}

static void
test_gp_entries_and_faults(void)
{
   struct jade_gpu *gpu = new_gpu();
   CHECK(run(gpu), "set-up");
   mthd1(0, NVC597_SET_REPORT_SEMAPHORE_C, 0x99);
   uint64_t va = VA_BASE + 0x8000;
   uint32_t e0 = (uint32_t)va, e1 = (uint32_t)(va >> 32) | pb_len << 10;
   CHECK(jade_gpu_run_gp_entry(gpu, e0, e1), "a GP entry runs its segment");
   CHECK(jade_gpu_method_value(gpu, 0, NVC597_SET_REPORT_SEMAPHORE_C) == 0x99,
         "GET/GET_HI/LENGTH decoded");
   CHECK(jade_gpu_run_gp_entry(gpu, 0, NVC46F_GP_ENTRY1_OPCODE_NOP), "a control NOP entry");
   pb_reset();

   /* An unimplemented method: reported once by its class-header name,
    * counted every time. */
   mthd1(0, NVC597_DRAW_ZERO_INDEX, 3);
   mthd1(0, NVC597_DRAW_ZERO_INDEX, 3);
   CHECK(run(gpu), "unimplemented methods do not stop the channel");
   CHECK(logs == 1 && strstr(last_log, "NVC597_DRAW_ZERO_INDEX"),
         "reported once by name (%u reports, '%s')", logs, last_log);
   CHECK(jade_gpu_stats(gpu)->unimplemented == 2, "counted twice");
   /* A method of an unbound subchannel is unimplemented too. */
   mthd1(5, 0x200, 1);
   CHECK(run(gpu) && logs == 2, "an unbound subchannel's method is reported");

   /* An inline upload to an unmapped address faults with its address. */
   mthd1(0, NVC597_OFFSET_OUT_UPPER, 0x7f);
   mthd1(0, NVC597_OFFSET_OUT, 0x1000);
   mthd1(0, NVC597_LINE_LENGTH_IN, 4);
   mthd1(0, NVC597_LINE_COUNT, 1);
   mthd1(0, NVC597_LAUNCH_DMA, NVC597_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH);
   mthd1(0, NVC597_LOAD_INLINE_DATA, 1);
   CHECK(!run(gpu), "the faulting segment stops");
   const struct jade_gpu_fault *f = jade_gpu_fault(gpu);
   CHECK(f && f->va == 0x7f00001000ull && f->write && strstr(f->what, "LOAD_INLINE_DATA"),
         "fault at 0x%" PRIx64 " by '%s'", f ? f->va : 0, f ? f->what : "");
   CHECK(!jade_gpu_run_gp_entry(gpu, 0, NVC46F_GP_ENTRY1_OPCODE_NOP), "and stays dead");
   jade_gpu_destroy(gpu);

   /* A segment outside memory, an ILLEGAL entry, a reserved header. */
   gpu = new_gpu();
   pb_reset();
   CHECK(!jade_gpu_run_segment(gpu, 0x42000, 4) && jade_gpu_fault(gpu)->va == 0x42000,
         "an unmapped segment faults");
   jade_gpu_destroy(gpu);
   gpu = new_gpu();
   pb_reset();
   CHECK(!jade_gpu_run_gp_entry(gpu, 0, NVC46F_GP_ENTRY1_OPCODE_ILLEGAL), "ILLEGAL faults");
   jade_gpu_destroy(gpu);
   gpu = new_gpu();
   pb_reset();
   emit(6u << 29);
   CHECK(!run(gpu) && strstr(jade_gpu_fault(gpu)->what, "invalid method header"),
         "a reserved SEC_OP faults");
   jade_gpu_destroy(gpu);
}

int
main(void)
{
   test_subchannels_and_forms();
   test_inline_upload();
   test_constant_buffer();
   test_host_semaphores();
   test_gp_entries_and_faults();
   printf("%d failed\n", failures);
   return failures ? 1 : 0;
}
