/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Compute launches: SEND_PCAS_A names a QMD (V02_02, clc3c0qmd.h, unpacked
 * with the generated jade_qmd_unpack), SEND_SIGNALING_PCAS_B.SCHEDULE
 * launches it on the SM model: grid and CTA sizes, shared memory,
 * constant banks c[0..7] from the QMD's slots (read at launch), the
 * program at PROGRAM_ADDRESS (through the instruction cache the 3D
 * stages share, gpu_load_program), the generic windows from
 * SET_SHADER_SHARED/LOCAL_MEMORY_WINDOW, the QMD's release semaphores
 * after it, REGISTER_COUNT_V enforced (two of the registers hold the pc: a
 * program touching R(count-2) or above faults), local memory in the
 * buffer of SET_SHADER_LOCAL_MEMORY_A/B (below); textures and images
 * through the texture and surface units (gpu_texture.c, gpu_surface.c).
 *
 * Local memory, where each rule comes from:
 * - the buffer's address is SET_SHADER_LOCAL_MEMORY_A/B, the area of a TPC
 *   SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A/B (clc5c0.h: SIZE_UPPER 7:0,
 *   SIZE_LOWER 31:0; TURING_COMPUTE_A has no _THROTTLED methods).  The
 *   header does not say what the size is of; NVK (nvk_queue.c, from
 *   nvk_slm_area_ensure's bytes_per_tpc) and nvc0 (nve4_compute.c: the
 *   buffer over GRAPH_UNITS' count, which is of TPCs) program the bytes a
 *   TPC uses, so the model takes it so: a TPC's two SMs (NVK's
 *   mp_per_tpc: two on Volta and later) share it, SM 0 first (the model's
 *   choice, as is the whole slot order below);
 * - NVK asserts the TPC size is a multiple of 32 KiB ("the hardware seems
 *   to require this alignment"): anything else faults;
 * - a warp's area is (LOW_SIZE + HIGH_SIZE) * 32 + CRS_SIZE of the QMD
 *   rounded up to 512 bytes (NVK nvk_slm_area_ensure; nvc0_screen.c
 *   nvc0_screen_resize_tls_area sizes it (lpos + lneg) * 32 + cstack);
 *   NAK and Jade leave HIGH_SIZE and CRS_SIZE 0 on Volta and later, so a
 *   warp's area holds LOW_SIZE bytes of each thread, from its start;
 * - within it, thread byte a of lane l is at (a / 4) * 128 + l * 4 + a % 4:
 *   "consecutive 32-bit words are accessed by consecutive thread IDs"
 *   (CUDA C Programming Guide, device memory accesses, local memory);
 * - the model runs a CTA at a time on SM 0, warp w of the CTA in warp slot
 *   w (the model's choice); the CTA's warps must fit SM 0's half of the TPC
 *   area or the launch faults, naming the methods' values.
 */

#include <string.h>

#include "nvidia/classes/clc597.h"
#include "nvidia/classes/clc5c0.h"

#include "jade_qmd.h"
#include "jade_sim.h"

#include "gpu_private.h"

#define CODE_MAX_B (1u << 20)

static void *
sim_translate(void *data, uint64_t addr, uint64_t size)
{
   struct jade_gpu *gpu = data;
   return gpu->env.translate(gpu->env.data, addr, size);
}

struct jade_sim *
gpu_sim(struct jade_gpu *gpu)
{
   if (!gpu->sim) {
      const struct jade_sim_options opt = {.hazards = gpu->env.hazards};
      gpu->sim = jade_sim_create(&opt);
      if (gpu->sim)
         jade_sim_set_memory(gpu->sim, sim_translate, gpu);
      else
         gpu_log(gpu, "no memory for the SM model");
   }
   return gpu->sim;
}

void
gpu_compute_destroy(struct jade_gpu *gpu)
{
   jade_sim_destroy(gpu->sim);
   gpu->sim = NULL;
}

/* The instruction cache: what is decoded is the code from code_va to the
 * end of its mapping (at most CODE_MAX_B), until INVALIDATE_SHADER_CACHES
 * drops it.  A program inside it (a compute kernel, a vertex or pixel
 * program of the same code heap) runs from there without decoding again:
 * code written after the last invalidation is not seen, as on the
 * hardware, whose drivers invalidate after every upload (NVK
 * nvk_queue.c, nvc0 nvc0_program_upload; Jade jade_program.c). */
bool
gpu_load_program(struct jade_gpu *gpu, uint64_t va, uint64_t *entry, const char *what)
{
   if (gpu->code_valid && va >= gpu->code_va && va - gpu->code_va < gpu->code_size) {
      *entry = va - gpu->code_va;
      return true;
   }
   uint64_t size = gpu->env.extent ? gpu->env.extent(gpu->env.data, va) : 0x10000;
   if (size > CODE_MAX_B)
      size = CODE_MAX_B;
   size &= ~15ull;
   const void *code = size ? gpu->env.translate(gpu->env.data, va, size) : NULL;
   if (!code) {
      gpu_fault(gpu, va, 16, false, "%s's first instruction", what);
      return false;
   }
   if (jade_sim_set_code(gpu->sim, code, size)) {
      gpu_log(gpu, "no memory to decode a program of %llu bytes", (unsigned long long)size);
      return false;
   }
   gpu->code_va = va;
   gpu->code_size = size;
   gpu->code_valid = true;
   *entry = 0;
   return true;
}

static bool
load_constants(struct jade_gpu *gpu, const struct jade_qmd *q)
{
   for (unsigned i = 0; i < 8; i++) {
      if (!q->constant_buffer_valid[i])
         continue;
      uint64_t va = q->constant_buffer_addr[i];
      uint32_t size = q->constant_buffer_size_shifted4[i] * 16;
      if (size > JADE_SIM_CONST_BANK_SIZE)
         size = JADE_SIM_CONST_BANK_SIZE;
      const void *data = size ? gpu->env.translate(gpu->env.data, va, size) : NULL;
      if (size && !data) {
         gpu_fault(gpu, va, size, false, "constant buffer %u of a QMD", i);
         return false;
      }
      /* Banks are copied whole: what a launch reads is what memory held
       * when it started (writes to a bound constant buffer during a launch
       * are undefined); past the bound size the bank reads 0. */
      static const uint8_t zero[JADE_SIM_CONST_BANK_SIZE];
      if ((size && jade_sim_set_const(gpu->sim, i, 0, data, size)) ||
          jade_sim_set_const(gpu->sim, i, size, zero, JADE_SIM_CONST_BANK_SIZE - size))
         return false;
   }
   return true;
}

/* Smallest compute local-memory area of a TPC (NVK nvk_slm_area_ensure),
 * and the SMs of a TPC (NVK mp_per_tpc_for_chipset: Volta and later). */
#define TPC_LOCAL_ALIGN 0x8000u
#define SMS_PER_TPC     2u

/* The local memory of SM 0 for a launch of q: its bytes in *sm_size, its
 * warp areas' size in *warp_size.  False after a fault: the buffer the
 * driver programmed cannot hold the CTA's warps. */
static bool
local_memory(struct jade_gpu *gpu, const uint32_t *m, const struct jade_qmd *q, uint64_t *sm_size,
             uint32_t *warp_size)
{
   const uint32_t size_a = m[NVC5C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A / 4];
   const uint32_t size_b = m[NVC5C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B / 4];
   const uint64_t tpc =
      GPU_VA(size_a, NVC5C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A_SIZE_UPPER, size_b);
   const uint64_t addr = GPU_VA(m[NVC5C0_SET_SHADER_LOCAL_MEMORY_A / 4],
                                NVC5C0_SET_SHADER_LOCAL_MEMORY_A_ADDRESS_UPPER,
                                m[NVC5C0_SET_SHADER_LOCAL_MEMORY_B / 4]);
   const uint64_t threads =
      (uint64_t)q->cta_thread_dimension0 * q->cta_thread_dimension1 * q->cta_thread_dimension2;
   const uint64_t warps = (threads + 31) / 32;
   const uint64_t per_warp =
      ((uint64_t)q->shader_local_memory_low_size + q->shader_local_memory_high_size) * 32 +
      q->shader_local_memory_crs_size;
   const uint64_t warp =
      (per_warp + JADE_SIM_LOCAL_WARP_ALIGN - 1) & ~(uint64_t)(JADE_SIM_LOCAL_WARP_ALIGN - 1);
   *sm_size = tpc / SMS_PER_TPC;
   *warp_size = (uint32_t)warp;
   if (!q->shader_local_memory_low_size)
      return true; /* nothing to hold: any local access is out of bounds */
   if (tpc % TPC_LOCAL_ALIGN) {
      gpu_fault(gpu, addr, 0, false,
                "local memory: SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A/B "
                "0x%x/0x%x give a TPC 0x%llx bytes, not a multiple of 0x%x",
                size_a, size_b, (unsigned long long)tpc, TPC_LOCAL_ALIGN);
      return false;
   }
   if (warp * warps > *sm_size) {
      gpu_fault(gpu, addr, 0, false,
                "local memory too small: the QMD's "
                "SHADER_LOCAL_MEMORY_LOW_SIZE 0x%x bytes a thread need 0x%llx bytes a warp, "
                "0x%llx for the CTA's %llu warps, but SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A/B "
                "0x%x/0x%x give a TPC 0x%llx bytes, an SM 0x%llx (the buffer at "
                "SET_SHADER_LOCAL_MEMORY_A/B 0x%llx)",
                q->shader_local_memory_low_size, (unsigned long long)warp,
                (unsigned long long)(warp * warps), (unsigned long long)warps, size_a, size_b,
                (unsigned long long)tpc, (unsigned long long)*sm_size, (unsigned long long)addr);
      return false;
   }
   return true;
}

/* The SM's shared-memory configuration a launch asks for: sizes in 4 KiB
 * units plus one (nvc0's and NAK's gv100_sm_config_smem_size), the CTA's
 * SHARED_MEMORY_SIZE within the target and min <= target <= max.  The two
 * validated drivers choose differently (nvc0 nve4_compute.c: min 8 KiB,
 * max 96 KiB; NAK qmd.rs: min = target = the CTA's, max the device's);
 * both meet this, and neither asks for a target below the CTA's size. */
static bool
shared_config(struct jade_gpu *gpu, uint64_t qmd_va, const struct jade_qmd *q)
{
   const unsigned min = q->min_sm_config_shared_mem_size, max = q->max_sm_config_shared_mem_size;
   const unsigned target = q->target_sm_config_shared_mem_size;
   const uint64_t target_B = target ? (uint64_t)(target - 1) * 4096 : 0;
   if (!min || min > target || target > max || q->shared_memory_size > target_B) {
      gpu_fault(gpu, qmd_va, 0, false,
                "the QMD's shared memory: SHARED_MEMORY_SIZE 0x%x bytes, "
                "SM configuration min %u / target %u / max %u (4 KiB units + 1): the CTA "
                "must fit the target, min <= target <= max",
                q->shared_memory_size, min, target, max);
      return false;
   }
   return true;
}

static void
launch(struct jade_gpu *gpu, unsigned subc)
{
   uint64_t qmd_va = (uint64_t)gpu->method[subc][NVC5C0_SEND_PCAS_A / 4] << 8;
   uint32_t words[64];
   if (!gpu_read(gpu, qmd_va, words, sizeof(words), "SEND_SIGNALING_PCAS_B (reading the QMD)"))
      return;
   struct jade_qmd q;
   jade_qmd_unpack(words, &q);
   if (q.qmd_major_version != 2 || q.qmd_version != 2) {
      gpu_unimplemented(gpu, subc, NVC5C0_SEND_SIGNALING_PCAS_B, q.qmd_major_version);
      return;
   }
   if (!gpu_sim(gpu) || !shared_config(gpu, qmd_va, &q))
      return;
   uint64_t program = q.program_address;
   uint64_t entry;
   if (!gpu_load_program(gpu, program, &entry, "the compute program") || !load_constants(gpu, &q))
      return;

   const uint32_t *m = gpu->method[subc];
   uint64_t local_sm_size;
   uint32_t local_warp_size;
   if (!local_memory(gpu, m, &q, &local_sm_size, &local_warp_size))
      return;
   const struct jade_sim_grid grid = {
      .grid = {q.cta_raster_width, q.cta_raster_height, q.cta_raster_depth},
      .block = {q.cta_thread_dimension0, q.cta_thread_dimension1, q.cta_thread_dimension2},
      .shared_size = q.shared_memory_size,
      .local_size = q.shader_local_memory_low_size,
      .local_in_memory = true,
      .local_memory_address = GPU_VA(m[NVC5C0_SET_SHADER_LOCAL_MEMORY_A / 4],
                                     NVC5C0_SET_SHADER_LOCAL_MEMORY_A_ADDRESS_UPPER,
                                     m[NVC5C0_SET_SHADER_LOCAL_MEMORY_B / 4]),
      .local_memory_size = local_sm_size,
      .local_memory_warp_size = local_warp_size,
      .entry = entry,
      .shared_window = GPU_VA(m[NVC5C0_SET_SHADER_SHARED_MEMORY_WINDOW_A / 4],
                              NVC5C0_SET_SHADER_SHARED_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER,
                              m[NVC5C0_SET_SHADER_SHARED_MEMORY_WINDOW_B / 4]),
      .local_window = GPU_VA(m[NVC5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A / 4],
                             NVC5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER,
                             m[NVC5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_B / 4]),
      .register_count = q.register_count_v,
   };
   /* The QMD's invalidations act before its CTAs read (clc3c0qmd.h
    * INVALIDATE_TEXTURE_HEADER_CACHE, _SAMPLER_CACHE, _DATA_CACHE). */
   gpu_tex_cache_qmd(gpu, q.invalidate_texture_header_cache, q.invalidate_texture_sampler_cache,
                     q.invalidate_texture_data_cache);
   gpu_texture_bind(gpu, gpu->sim, subc,
                    q.sampler_index == JADE_QMD_SAMPLER_INDEX_VIA_HEADER_INDEX);
   gpu_surface_bind(gpu, gpu->sim);
   struct jade_sim_stats before, after;
   jade_sim_get_stats(gpu->sim, &before);
   enum jade_sim_status st = jade_sim_launch(gpu->sim, &grid);
   jade_sim_get_stats(gpu->sim, &after);
   gpu->stats.compute_launches++;
   gpu->stats.thread_instructions += after.thread_instructions - before.thread_instructions;
   if (st != JADE_SIM_OK) {
      /* The SM stopped: a bad address, an instruction the model lacks, a
       * hang.  The kernel would see a GPU exception and kill the channel. */
      gpu_fault(gpu, program, 0, false, "the compute program at 0x%llx (QMD at 0x%llx): %s",
                (unsigned long long)program, (unsigned long long)qmd_va,
                jade_sim_message(gpu->sim));
      return;
   }
   if (q.semaphore_release_enable0)
      gpu_release(gpu, q.release0_address, q.release0_payload,
                  q.release0_structure_size == JADE_QMD_RELEASE0_STRUCTURE_SIZE_ONE_WORD,
                  "a QMD release semaphore");
   if (q.semaphore_release_enable1)
      gpu_release(gpu, q.release1_address, q.release1_payload,
                  q.release1_structure_size == JADE_QMD_RELEASE1_STRUCTURE_SIZE_ONE_WORD,
                  "a QMD release semaphore");
}

bool
gpu_compute_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data)
{
   uint32_t cls = gpu->subc_class[subc];
   if ((cls == 0xc5c0 && mthd == NVC5C0_INVALIDATE_SHADER_CACHES) ||
       (cls == 0xc5c0 && mthd == NVC5C0_INVALIDATE_SHADER_CACHES_NO_WFI) ||
       (cls == 0xc597 && mthd == NVC597_INVALIDATE_SHADER_CACHES) ||
       (cls == 0xc597 && mthd == NVC597_INVALIDATE_SHADER_CACHES_NO_WFI)) {
      /* INSTRUCTION is bit 0 in all four (clc597.h, clc5c0.h). */
      if (GPU_GET(data, NVC5C0_INVALIDATE_SHADER_CACHES_INSTRUCTION))
         gpu->code_valid = false;
      return true;
   }
   if (cls != 0xc5c0)
      return false;
   switch (mthd) {
   case NVC5C0_SEND_PCAS_A:
      return true; /* the QMD's address, kept in the store */
   case NVC5C0_SEND_SIGNALING_PCAS_B:
      /* INVALIDATE refers to the QMD's cached copy: the model reads it
       * afresh at every launch. */
      if (GPU_GET(data, NVC5C0_SEND_SIGNALING_PCAS_B_SCHEDULE))
         launch(gpu, subc);
      return true;
   default:
      return false;
   }
}
