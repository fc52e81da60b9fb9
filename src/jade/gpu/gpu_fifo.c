/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The channel: GPFIFO entries and pushbuffer method headers, as
 * clc46f.h (NVC46F_GP_ENTRY*, NVC46F_DMA_*) and open-gpu-doc's
 * dev_ram.ref.txt ("Host Pushbuffer Format") and dev_pbdma.ref.txt
 * describe them.
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvidia/classes/clc46f.h"
#include "util/os_time.h"

#include "gpu_dump.h"
#include "gpu_private.h"

struct jade_gpu *
jade_gpu_create(const struct jade_gpu_env *env)
{
   struct jade_gpu *gpu = calloc(1, sizeof(*gpu));
   if (!gpu)
      return NULL;
   gpu->env = *env;
   gpu_engine_init(gpu);
   gpu->reported = _mesa_hash_table_u64_create(NULL);
   if (!gpu->reported) {
      free(gpu);
      return NULL;
   }
   gpu_dump_init(gpu);
   return gpu;
}

void
jade_gpu_destroy(struct jade_gpu *gpu)
{
   if (!gpu)
      return;
   gpu_compute_destroy(gpu);
   gpu_3d_destroy(gpu);
   gpu_dump_destroy(gpu);
   gpu_tex_cache_destroy(gpu);
   _mesa_hash_table_u64_destroy(gpu->reported);
   free(gpu);
}

void
gpu_log(struct jade_gpu *gpu, const char *fmt, ...)
{
   char line[512];
   va_list args;
   va_start(args, fmt);
   vsnprintf(line, sizeof(line), fmt, args);
   va_end(args);
   if (gpu->env.log)
      gpu->env.log(gpu->env.data, line);
   else
      fprintf(stderr, "jade-gpu: %s\n", line);
}

void
gpu_fault(struct jade_gpu *gpu, uint64_t va, uint32_t size, bool write, const char *fmt, ...)
{
   if (gpu->fault.valid)
      return;
   gpu->fault.valid = true;
   gpu->fault.va = va;
   gpu->fault.size = size;
   gpu->fault.write = write;
   va_list args;
   va_start(args, fmt);
   vsnprintf(gpu->fault.what, sizeof(gpu->fault.what), fmt, args);
   va_end(args);
   char text[400];
   jade_gpu_fault_describe(&gpu->fault, text, sizeof(text));
   gpu_log(gpu, "fault: %s; the channel is killed", text);
   if (gpu->env.abort_on_fault)
      abort();
}

uint64_t
gpu_now_ns(struct jade_gpu *gpu)
{
   return gpu->env.now_ns ? gpu->env.now_ns(gpu->env.data) : (uint64_t)os_time_get_nano();
}

/* The next data word of the pending header. */
static void
pending_data(struct jade_gpu *gpu, uint32_t data)
{
   struct gpu_header *h = &gpu->pending;
   gpu_method(gpu, h->subc, h->mthd, data);
   h->left--;
   switch (h->sec_op) {
   case NVC46F_DMA_SEC_OP_INC_METHOD:
      h->mthd += 4;
      break;
   case NVC46F_DMA_SEC_OP_ONE_INC:
      /* The first word to the method, all later ones to the next. */
      h->sec_op = NVC46F_DMA_SEC_OP_NON_INC_METHOD;
      h->mthd += 4;
      break;
   default: /* non-incrementing */
      break;
   }
}

/* One header word; false at END_PB_SEGMENT or a fault. */
static bool
header(struct jade_gpu *gpu, uint64_t va, uint32_t w)
{
   struct gpu_header *h = &gpu->pending;
   unsigned sec_op = GPU_GET(w, NVC46F_DMA_SEC_OP);
   h->subc = GPU_GET(w, NVC46F_DMA_METHOD_SUBCHANNEL);

   switch (sec_op) {
   case NVC46F_DMA_SEC_OP_INC_METHOD:
   case NVC46F_DMA_SEC_OP_NON_INC_METHOD:
   case NVC46F_DMA_SEC_OP_ONE_INC:
      h->sec_op = sec_op;
      h->mthd = GPU_GET(w, NVC46F_DMA_METHOD_ADDRESS) * 4;
      h->left = GPU_GET(w, NVC46F_DMA_METHOD_COUNT); /* 0: a no-op header */
      return true;
   case NVC46F_DMA_SEC_OP_IMMD_DATA_METHOD:
      gpu_method(gpu, h->subc, GPU_GET(w, NVC46F_DMA_METHOD_ADDRESS) * 4,
                 GPU_GET(w, NVC46F_DMA_IMMD_DATA));
      return true;
   case NVC46F_DMA_SEC_OP_END_PB_SEGMENT:
      return false;
   case NVC46F_DMA_SEC_OP_GRP0_USE_TERT:
      if (GPU_GET(w, NVC46F_DMA_TERT_OP) != NVC46F_DMA_TERT_OP_GRP0_INC_METHOD) {
         /* SET/STORE/USE_SUB_DEV_MASK: one GPU, every mask selects it. */
         return true;
      }
      if (w == 0)
         return true;                           /* NVC46F_DMA_NOP */
      h->sec_op = NVC46F_DMA_SEC_OP_INC_METHOD; /* the old incrementing form */
      h->mthd = GPU_GET(w, NVC46F_DMA_METHOD_ADDRESS_OLD) * 4;
      h->left = GPU_GET(w, NVC46F_DMA_METHOD_COUNT_OLD);
      return true;
   case NVC46F_DMA_SEC_OP_GRP2_USE_TERT:
      if (GPU_GET(w, NVC46F_DMA_TERT_OP) == NVC46F_DMA_TERT_OP_GRP2_NON_INC_METHOD) {
         h->sec_op = NVC46F_DMA_SEC_OP_NON_INC_METHOD; /* the old form */
         h->mthd = GPU_GET(w, NVC46F_DMA_METHOD_ADDRESS_OLD) * 4;
         h->left = GPU_GET(w, NVC46F_DMA_METHOD_COUNT_OLD);
         return true;
      }
      break;
   default:
      break;
   }
   gpu_fault(gpu, va, 4, false, "an invalid method header 0x%08x", w);
   return false;
}

bool
jade_gpu_run_segment(struct jade_gpu *gpu, uint64_t va, uint32_t dwords)
{
   if (gpu->fault.valid)
      return false;
   const uint32_t *words = gpu->env.translate(gpu->env.data, va, (uint64_t)dwords * 4);
   if (!words && dwords) {
      gpu_fault(gpu, va, dwords * 4, false, "a pushbuffer segment of %u dwords", dwords);
      return false;
   }
   for (uint32_t i = 0; i < dwords && !gpu->fault.valid; i++) {
      if (gpu->pending.left)
         pending_data(gpu, words[i]);
      else if (!header(gpu, va + 4ull * i, words[i]))
         break;
   }
   return !gpu->fault.valid;
}

bool
jade_gpu_run_gp_entry(struct jade_gpu *gpu, uint32_t entry0, uint32_t entry1)
{
   if (gpu->fault.valid)
      return false;
   uint32_t length = GPU_GET(entry1, NVC46F_GP_ENTRY1_LENGTH);
   if (!length) {
      /* A control entry: OPCODE in place of GET_HI. */
      switch (GPU_GET(entry1, NVC46F_GP_ENTRY1_OPCODE)) {
      case NVC46F_GP_ENTRY1_OPCODE_NOP:
         return true;
      case NVC46F_GP_ENTRY1_OPCODE_ILLEGAL:
         gpu_fault(gpu, 0, 0, false, "an ILLEGAL GPFIFO control entry");
         return false;
      default:
         /* GP_CRC/PB_CRC check the fetched data; the model fetches no
          * corrupt data. */
         return true;
      }
   }
   if (GPU_GET(entry1, NVC46F_GP_ENTRY1_LEVEL) != NVC46F_GP_ENTRY1_LEVEL_MAIN) {
      gpu_fault(gpu, 0, 0, false, "a SUBROUTINE GPFIFO entry (not modelled)");
      return false;
   }
   /* SYNC_WAIT only orders segment fetches: the model runs them in order. */
   uint64_t va = (uint64_t)GPU_GET(entry1, NVC46F_GP_ENTRY1_GET_HI) << 32 |
                 (uint64_t)GPU_GET(entry0, NVC46F_GP_ENTRY0_GET) << 2;
   return jade_gpu_run_segment(gpu, va, length);
}

void
jade_gpu_fault_describe(const struct jade_gpu_fault *f, char *buf, size_t size)
{
   if (f->size)
      snprintf(buf, size, "%s of %u bytes at 0x%llx by %s", f->write ? "write" : "read", f->size,
               (unsigned long long)f->va, f->what);
   else /* not a memory access: an SM exception, a bad header, ... */
      snprintf(buf, size, "at 0x%llx: %s", (unsigned long long)f->va, f->what);
}

const struct jade_gpu_fault *
jade_gpu_fault(const struct jade_gpu *gpu)
{
   return gpu->fault.valid ? &gpu->fault : NULL;
}

uint32_t
jade_gpu_subchannel_class(const struct jade_gpu *gpu, unsigned subc)
{
   return subc < GPU_SUBCHANNELS ? gpu->subc_class[subc] : 0;
}

uint32_t
jade_gpu_method_value(const struct jade_gpu *gpu, unsigned subc, uint32_t mthd)
{
   if (subc >= GPU_SUBCHANNELS || mthd / 4 >= GPU_METHODS)
      return 0;
   return gpu->method[subc][mthd / 4];
}

const struct jade_gpu_stats *
jade_gpu_stats(const struct jade_gpu *gpu)
{
   return &gpu->stats;
}
