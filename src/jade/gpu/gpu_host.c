/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Host methods (byte addresses below 0x100 on any subchannel): SET_OBJECT
 * and the semaphores of TURING_CHANNEL_GPFIFO_A (clc46f.h), with the
 * semantics of open-gpu-doc dev_pbdma.ref.txt ("SEM_EXECUTE", "WFI").
 * The model runs a submission to its end before anything else runs, so an
 * acquire that does not succeed at once can never succeed: it is reported
 * as a fault (the kernel would time the channel out).
 */

#include "nvidia/classes/clc46f.h"

#include "gpu_private.h"

#define HOST(m) gpu->method[subc][NVC46F_##m / 4]

static bool
acquire_ok(unsigned op, uint64_t mem, uint64_t payload)
{
   switch (op) {
   case NVC46F_SEM_EXECUTE_OPERATION_ACQUIRE:
      return mem == payload;
   case NVC46F_SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ:
      return mem >= payload;
   case NVC46F_SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ:
      return (int64_t)(mem - payload) >= 0;
   case NVC46F_SEM_EXECUTE_OPERATION_ACQ_AND:
      return (mem & payload) != 0;
   case NVC46F_SEM_EXECUTE_OPERATION_ACQ_NOR:
      return ~(mem | payload) != 0;
   default:
      return false;
   }
}

/* SEM_EXECUTE's REDUCTION on `v` (dev_pbdma.ref.txt: INC wraps to 0 at
 * the payload, DEC to the payload at 0). */
static uint64_t
reduce(unsigned op, bool is_signed, bool wide, uint64_t v, uint64_t p)
{
   int64_t sv = wide ? (int64_t)v : (int32_t)v, sp = wide ? (int64_t)p : (int32_t)p;
   switch (op) {
   case NVC46F_SEMAPHORED_REDUCTION_MIN:
      return is_signed ? (uint64_t)(sv < sp ? sv : sp) : (v < p ? v : p);
   case NVC46F_SEMAPHORED_REDUCTION_MAX:
      return is_signed ? (uint64_t)(sv > sp ? sv : sp) : (v > p ? v : p);
   case NVC46F_SEMAPHORED_REDUCTION_XOR:
      return v ^ p;
   case NVC46F_SEMAPHORED_REDUCTION_AND:
      return v & p;
   case NVC46F_SEMAPHORED_REDUCTION_OR:
      return v | p;
   case NVC46F_SEMAPHORED_REDUCTION_ADD:
      return v + p;
   case NVC46F_SEMAPHORED_REDUCTION_INC:
      return v >= p ? 0 : v + 1;
   default: /* DEC */
      return v == 0 || v > p ? p : v - 1;
   }
}

static void
sem_execute(struct jade_gpu *gpu, unsigned subc, uint32_t d)
{
   uint64_t va = GPU_VA(HOST(SEM_ADDR_HI), NVC46F_SEM_ADDR_HI_OFFSET,
                        GPU_GET(HOST(SEM_ADDR_LO), NVC46F_SEM_ADDR_LO_OFFSET) << 2);
   bool wide = GPU_GET(d, NVC46F_SEM_EXECUTE_PAYLOAD_SIZE);
   uint64_t payload = HOST(SEM_PAYLOAD_LO) | (wide ? (uint64_t)HOST(SEM_PAYLOAD_HI) << 32 : 0);
   unsigned op = GPU_GET(d, NVC46F_SEM_EXECUTE_OPERATION);
   uint32_t size = wide ? 8 : 4;
   uint64_t mem = 0;

   if (op == NVC46F_SEM_EXECUTE_OPERATION_RELEASE) {
      if (GPU_GET(d, NVC46F_SEM_EXECUTE_RELEASE_TIMESTAMP)) {
         /* 16 bytes: the payload zero-extended, then the timestamp. */
         uint64_t rec[2] = {payload, gpu_now_ns(gpu)};
         gpu_write(gpu, va, rec, 16, "SEM_EXECUTE RELEASE (with timestamp)");
      } else {
         gpu_write(gpu, va, &payload, size, "SEM_EXECUTE RELEASE");
      }
      gpu->stats.semaphore_releases++;
      return;
   }
   if (!gpu_read(gpu, va, &mem, size, "SEM_EXECUTE"))
      return;
   if (op == NVC46F_SEM_EXECUTE_OPERATION_REDUCTION) {
      mem = reduce(GPU_GET(d, NVC46F_SEM_EXECUTE_REDUCTION),
                   GPU_GET(d, NVC46F_SEM_EXECUTE_REDUCTION_FORMAT) ==
                      NVC46F_SEM_EXECUTE_REDUCTION_FORMAT_SIGNED,
                   wide, mem, payload);
      gpu_write(gpu, va, &mem, size, "SEM_EXECUTE REDUCTION");
      return;
   }
   if (!acquire_ok(op, mem, payload))
      gpu_fault(gpu, va, size, false,
                "SEM_EXECUTE acquire (op %u) of 0x%llx, memory holds 0x%llx: nothing else "
                "can release it",
                op, (unsigned long long)payload, (unsigned long long)mem);
}

/* The legacy SEMAPHOREA..D (what nvc0 uses for GPU-side query waits). */
static void
semaphore_d(struct jade_gpu *gpu, unsigned subc, uint32_t d)
{
   uint64_t va = GPU_VA(HOST(SEMAPHOREA), NVC46F_SEMAPHOREA_OFFSET_UPPER,
                        GPU_GET(HOST(SEMAPHOREB), NVC46F_SEMAPHOREB_OFFSET_LOWER) << 2);
   uint32_t payload = HOST(SEMAPHOREC), mem = 0;
   switch (GPU_GET(d, NVC46F_SEMAPHORED_OPERATION)) {
   case NVC46F_SEMAPHORED_OPERATION_RELEASE:
      gpu_release(gpu, va, payload,
                  GPU_GET(d, NVC46F_SEMAPHORED_RELEASE_SIZE) ==
                     NVC46F_SEMAPHORED_RELEASE_SIZE_4BYTE,
                  "SEMAPHORED RELEASE");
      return;
   case NVC46F_SEMAPHORED_OPERATION_ACQUIRE:
   case NVC46F_SEMAPHORED_OPERATION_ACQ_GEQ:
   case NVC46F_SEMAPHORED_OPERATION_ACQ_AND: {
      if (!gpu_read(gpu, va, &mem, 4, "SEMAPHORED acquire"))
         return;
      unsigned op = GPU_GET(d, NVC46F_SEMAPHORED_OPERATION);
      bool ok = op == NVC46F_SEMAPHORED_OPERATION_ACQUIRE   ? mem == payload
                : op == NVC46F_SEMAPHORED_OPERATION_ACQ_GEQ ? (int32_t)(mem - payload) >= 0
                                                            : (mem & payload) != 0;
      if (!ok)
         gpu_fault(gpu, va, 4, false,
                   "SEMAPHORED acquire of 0x%x, memory holds 0x%x: nothing else can release it",
                   payload, mem);
      return;
   }
   case NVC46F_SEMAPHORED_OPERATION_REDUCTION:
      if (!gpu_read(gpu, va, &mem, 4, "SEMAPHORED REDUCTION"))
         return;
      mem =
         (uint32_t)reduce(GPU_GET(d, NVC46F_SEMAPHORED_REDUCTION),
                          GPU_GET(d, NVC46F_SEMAPHORED_FORMAT) == NVC46F_SEMAPHORED_FORMAT_SIGNED,
                          false, mem, payload);
      gpu_write(gpu, va, &mem, 4, "SEMAPHORED REDUCTION");
      return;
   default:
      gpu_unimplemented(gpu, subc, NVC46F_SEMAPHORED, d);
   }
}

bool
gpu_host_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data)
{
   if (mthd >= 0x100)
      return false;
   gpu->method[subc][mthd / 4] = data;
   switch (mthd) {
   case NVC46F_SET_OBJECT:
      /* Host only checks the class; the engine takes it too.  A 3D
       * object newly bound starts with its undocumented state unknown
       * (gpu_3d_reset.c); binding the same class again keeps the state. */
      if (GPU_GET(data, NVC46F_SET_OBJECT_NVCLASS) == 0xc597 && gpu->subc_class[subc] != 0xc597)
         gpu_3d_object_bound(gpu, subc);
      gpu->subc_class[subc] = GPU_GET(data, NVC46F_SET_OBJECT_NVCLASS);
      return true;
   case NVC46F_SEMAPHORED:
      semaphore_d(gpu, subc, data);
      return true;
   case NVC46F_SEM_EXECUTE:
      sem_execute(gpu, subc, data);
      return true;
   case NVC46F_ILLEGAL:
      gpu_fault(gpu, 0, 0, false, "the ILLEGAL host method (data 0x%x)", data);
      return true;
   case NVC46F_SEMAPHOREA:
   case NVC46F_SEMAPHOREB:
   case NVC46F_SEMAPHOREC:
   case NVC46F_SEM_ADDR_LO:
   case NVC46F_SEM_ADDR_HI:
   case NVC46F_SEM_PAYLOAD_LO:
   case NVC46F_SEM_PAYLOAD_HI:
   case NVC46F_MEM_OP_A:
   case NVC46F_MEM_OP_B:
   case NVC46F_MEM_OP_C:
      return true; /* operands, kept in the method store */
   case NVC46F_NOP:
   case NVC46F_NON_STALL_INTERRUPT:
   case NVC46F_MEM_OP_D: /* membars and cache/TLB invalidations: memory is coherent */
   case NVC46F_SET_REFERENCE:
   case NVC46F_WFI: /* every method has finished when the next one starts */
   case NVC46F_YIELD:
      return true;
   default:
      gpu_unimplemented(gpu, subc, mthd, data);
      return true;
   }
}
