/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * A 3D pipeline stage's program (gpu_3d.h), from the hardware's side:
 * - SET_PIPELINE_SHADER(j) ENABLE and TYPE (clc597.h): the stage of type t
 *   is the enabled pipeline index whose TYPE is t (NVK nvk_shader.c and
 *   Jade both use index = type; the model looks at every index).  Its
 *   reset value is not documented: an index never programmed since
 *   SET_OBJECT may hold an enabled stage of any type whose program address
 *   is undefined, so a draw faults while any index is unknown
 *   (gpu_3d_reset.c; NVK nvk_cmd_draw.c and nvc0_screen.c disable the
 *   stages they do not use when their context starts);
 * - the SPH's VERSION: checked against CHECK_SPH_VERSION (gpu_3d_reset.c);
 * - SET_PIPELINE_PROGRAM_ADDRESS_A/B(j): on TURING_A the address of the
 *   Shader Program Header, the first instruction right after it: NVK
 *   (nvk_shader.c nvk_shader_upload: no header padding from TURING_A on,
 *   hdr_addr = upload_addr, code at hdr_size = TU102_SHADER_HEADER_SIZE,
 *   32 words; SET_PIPELINE_PROGRAM_ADDRESS_A/B = hdr_addr) and nvc0
 *   (nvc0_program.c nvc0_program_upload_code: code_pos = code_base +
 *   TU102_SHADER_HEADER_SIZE);
 * - SET_PIPELINE_REGISTER_COUNT(j).V: the registers allocated a thread,
 *   enforced as the compute QMD's REGISTER_COUNT_V is (the SM model's
 *   register_count: two of them hold the pc);
 * - SET_PIPELINE_BINDING(j).GROUP: the bind group whose constant buffers
 *   (BIND_GROUP_CONSTANT_BUFFER, gpu_engine.c) are the stage's c[0..17],
 *   copied into the SM model's banks as a compute launch copies the QMD's
 *   (gpu_compute.c load_constants): what memory holds when the stage
 *   starts, 0 past the bound size;
 * - textures and images through the texture and surface units on the 3D
 *   subchannel's pools, the sampler index by SET_SAMPLER_BINDING
 *   (VIA_HEADER_BINDING: the header's index, as the QMD's SAMPLER_INDEX
 *   VIA_HEADER_INDEX).
 * The SPH's fields are the generated jade_sph.h's (sph.xml, after NVIDIA's
 * open-gpu-doc "Shader Program Header" and NAK's sph.rs).
 */

#include <string.h>

#include "nvidia/classes/clc597.h"

#include "jade_sph.h"

#include "gpu_3d.h"

#define PIPELINE_INDICES 6

bool
gpu_3d_stage_read(struct jade_gpu *gpu, unsigned subc, unsigned type, struct gpu_3d_stage *stage)
{
   const uint32_t *m = gpu->method[subc];
   memset(stage, 0, sizeof(*stage));
   int j = -1;
   for (unsigned i = 0; i < PIPELINE_INDICES; i++) {
      if (!gpu_3d_known(gpu, subc, NVC597_SET_PIPELINE_SHADER(i),
                        "the stage may be enabled and run from an undefined program address"))
         return false;
      const uint32_t s = m[NVC597_SET_PIPELINE_SHADER(i) / 4];
      if (GPU_GET(s, NVC597_SET_PIPELINE_SHADER_ENABLE) &&
          GPU_GET(s, NVC597_SET_PIPELINE_SHADER_TYPE) == type) {
         j = (int)i;
         break;
      }
   }
   if (j < 0)
      return true; /* not enabled */
   stage->enabled = true;
   stage->program = GPU_VA(m[NVC597_SET_PIPELINE_PROGRAM_ADDRESS_A(j) / 4],
                           NVC597_SET_PIPELINE_PROGRAM_ADDRESS_A_UPPER,
                           m[NVC597_SET_PIPELINE_PROGRAM_ADDRESS_B(j) / 4]);
   stage->code = stage->program + sizeof(stage->sph);
   stage->register_count =
      GPU_GET(m[NVC597_SET_PIPELINE_REGISTER_COUNT(j) / 4], NVC597_SET_PIPELINE_REGISTER_COUNT_V);
   stage->bind_group =
      GPU_GET(m[NVC597_SET_PIPELINE_BINDING(j) / 4], NVC597_SET_PIPELINE_BINDING_GROUP);
   if (!gpu_read(gpu, stage->program, stage->sph, sizeof(stage->sph),
                 "SET_PIPELINE_PROGRAM_ADDRESS (reading the shader program header)"))
      return false;
   struct jade_sph_vtg h;
   jade_sph_vtg_unpack(stage->sph, &h);
   const unsigned want_sph = type == NVC597_SET_PIPELINE_SHADER_TYPE_PIXEL
                                ? JADE_SPH_VTG_SPH_TYPE_TYPE_02_PS
                                : JADE_SPH_VTG_SPH_TYPE_TYPE_01_VTG;
   /* The SPH's SHADER_TYPE uses the pipeline's numbering from 1
    * (VERTEX = 1 .. PIXEL = 5), as SET_PIPELINE_SHADER.TYPE does. */
   if (!gpu_3d_sph_version_ok(gpu, subc, stage->program, h.version))
      return false;
   if (h.sph_type != want_sph || h.shader_type != type) {
      gpu_fault(gpu, stage->program, sizeof(stage->sph), false,
                "the shader program header at SET_PIPELINE_PROGRAM_ADDRESS(%d) 0x%llx: SPH_TYPE "
                "%u, SHADER_TYPE %u for a stage of SET_PIPELINE_SHADER.TYPE %u",
                j, (unsigned long long)stage->program, h.sph_type, h.shader_type, type);
      return false;
   }
   if (stage->bind_group >= GPU_BIND_GROUPS) {
      gpu_fault(gpu, stage->program, 0, false, "SET_PIPELINE_BINDING(%d).GROUP %u: no such group",
                j, stage->bind_group);
      return false;
   }
   return true;
}

bool
gpu_3d_stage_bind(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_stage *stage)
{
   struct jade_sim *sim = gpu_sim(gpu);
   if (!sim)
      return false;
   static const uint8_t zero[JADE_SIM_CONST_BANK_SIZE];
   for (unsigned slot = 0; slot < GPU_CBUF_SLOTS && slot < JADE_SIM_CONST_BANKS; slot++) {
      const struct gpu_cbuf *cb = &gpu->cb3d[stage->bind_group][slot];
      if (!cb->valid)
         continue;
      uint32_t size = cb->size > JADE_SIM_CONST_BANK_SIZE ? JADE_SIM_CONST_BANK_SIZE : cb->size;
      const void *data = size ? gpu->env.translate(gpu->env.data, cb->addr, size) : NULL;
      if (size && !data) {
         gpu_fault(gpu, cb->addr, size, false, "constant buffer %u of bind group %u", slot,
                   stage->bind_group);
         return false;
      }
      if ((size && jade_sim_set_const(sim, slot, 0, data, size)) ||
          jade_sim_set_const(sim, slot, size, zero, JADE_SIM_CONST_BANK_SIZE - size))
         return false;
   }
   gpu_texture_bind(gpu, sim, subc,
                    gpu->method[subc][NVC597_SET_SAMPLER_BINDING / 4] ==
                       NVC597_SET_SAMPLER_BINDING_V_VIA_HEADER_BINDING);
   gpu_surface_bind(gpu, sim);
   return true;
}

bool
gpu_3d_local_memory(struct jade_gpu *gpu, unsigned subc, uint32_t low_size, unsigned threads,
                    const char *what, struct jade_sim_grid *g)
{
   const uint32_t *m = gpu->method[subc];
   /* C/D size the whole area, for every TPC (NVK nvk_queue.c programs
    * the area's size there, bytes_per_tpc * tpc_count; the compute class's
    * NON_THROTTLED size is a TPC's): an SM gets its share of a TPC's. */
   const uint64_t total =
      GPU_VA(m[NVC597_SET_SHADER_LOCAL_MEMORY_C / 4], NVC597_SET_SHADER_LOCAL_MEMORY_C_SIZE_UPPER,
             m[NVC597_SET_SHADER_LOCAL_MEMORY_D / 4]);
   const unsigned tpcs = gpu->env.tpc_count ? gpu->env.tpc_count : 34;
   g->local_size = low_size;
   g->local_in_memory = true;
   g->local_memory_address = GPU_VA(m[NVC597_SET_SHADER_LOCAL_MEMORY_A / 4],
                                    NVC597_SET_SHADER_LOCAL_MEMORY_A_ADDRESS_UPPER,
                                    m[NVC597_SET_SHADER_LOCAL_MEMORY_B / 4]);
   g->local_memory_size = total / tpcs / 2;
   g->local_memory_warp_size =
      (low_size * 32 + JADE_SIM_LOCAL_WARP_ALIGN - 1) & ~(JADE_SIM_LOCAL_WARP_ALIGN - 1);
   g->local_window = m[NVC597_SET_SHADER_LOCAL_MEMORY_WINDOW / 4];
   if (!g->local_size)
      return true;
   /* The sizes both drivers give the hardware: the whole area a multiple
    * of 128 KiB (NVK nvk_slm_area_ensure: "the hardware seems to require
    * this alignment for NV9097_SET_SHADER_LOCAL_MEMORY_D_SIZE_LOWER";
    * nvc0_screen_resize_tls_area aligns to 1 << 17), a warp's share
    * (SET_SHADER_LOCAL_MEMORY_E) a multiple of 512 (NVK, the same
    * words).  The model takes them as required. */
   const uint32_t per_warp = m[NVC597_SET_SHADER_LOCAL_MEMORY_E / 4];
   if ((total & 0x1ffff) || (per_warp & 0x1ff)) {
      gpu_fault(gpu, g->local_memory_address, 0, false,
                "%s uses local memory with "
                "SET_SHADER_LOCAL_MEMORY_C/D 0x%llx (not a multiple of 128 KiB) or _E 0x%x "
                "(not a multiple of 512)",
                what, (unsigned long long)total, per_warp);
      return false;
   }
   const uint64_t need = (uint64_t)g->local_memory_warp_size * ((threads + 31) / 32);
   if (need > g->local_memory_size) {
      gpu_fault(gpu, g->local_memory_address, 0, false,
                "local memory too small: %s's "
                "SHADER_LOCAL_MEMORY_LOW_SIZE 0x%x bytes a thread need 0x%llx bytes "
                "for %u threads, SET_SHADER_LOCAL_MEMORY_C/D (the area of %u TPCs) give an SM "
                "0x%llx",
                what, low_size, (unsigned long long)need, threads, tpcs,
                (unsigned long long)g->local_memory_size);
      return false;
   }
   return true;
}

bool
gpu_3d_launch(struct jade_gpu *gpu, const struct gpu_3d_stage *stage, const char *what,
              const struct jade_sim_grid *grid, const struct jade_sim_graphics *gfx)
{
   struct jade_sim *sim = gpu->sim;
   jade_sim_set_graphics(sim, gfx);
   struct jade_sim_stats before, after;
   jade_sim_get_stats(sim, &before);
   enum jade_sim_status st = jade_sim_launch(sim, grid);
   jade_sim_get_stats(sim, &after);
   jade_sim_set_graphics(sim, NULL);
   gpu->stats.thread_instructions += after.thread_instructions - before.thread_instructions;
   if (st == JADE_SIM_OK)
      return true;
   gpu_fault(gpu, stage->program, 0, false, "%s at 0x%llx: %s", what,
             (unsigned long long)stage->program, jade_sim_message(sim));
   return false;
}

bool
gpu_3d_stage_grid(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_stage *stage,
                  uint32_t low_size, unsigned threads, const char *what, struct jade_sim_grid *grid)
{
   uint64_t entry = 0;
   if (!gpu_sim(gpu) || !gpu_load_program(gpu, stage->code, &entry, what) ||
       !gpu_3d_stage_bind(gpu, subc, stage))
      return false;
   *grid = (struct jade_sim_grid){
      .grid = {1, 1, 1},
      .block = {threads, 1, 1},
      .entry = entry,
      .register_count = stage->register_count,
   };
   return gpu_3d_local_memory(gpu, subc, low_size, threads, what, grid);
}
