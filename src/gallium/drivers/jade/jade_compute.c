/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Compute: launch_grid builds a QMD (V02_02, the layout Mesa uses on
 * Turing; generated packer from clc3c0qmd.h) holding the program
 * address, block and grid sizes, shared memory and the constant buffers
 * c[0..6] (user) and c[7] (the driver bank: texture, image and storage
 * buffer handles as in the graphics banks, the grid size, and the
 * addresses of UBOs 7..14, which the compiler reads from global memory),
 * and hands it to TURING_COMPUTE_A with SEND_PCAS_A/B.
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "nvtypes.h"

#include "compiler/nir/nir.h"
#include "nv_push_clc597.h"
#include "nv_push_clc5c0.h"
#include "util/log.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_upload_mgr.h"

#include "jade/jade_compiler.h"

#include "jade_context.h"
#include "jade_debug.h"
#include "jade_qmd.h"
#include "jade_resource.h"
#include "jade_shader.h"
#include "jade_state.h"
#include "jade_tex_cache.h"

#define COMPUTE_USER_CBUFS 15 /* c[7..14] read from global memory */
#define QMD_ALIGN_B        256

/* The shared memory the SM sets aside, as the QMD encodes it: a size
 * the hardware offers (8..96 KiB), in 4 KiB units plus one. */
static unsigned
sm_config_shared(unsigned bytes)
{
   static const unsigned sizes_KiB[] = {8, 16, 32, 64, 96};
   unsigned kib = 96;
   for (unsigned i = 0; i < ARRAY_SIZE(sizes_KiB); i++) {
      if (bytes <= sizes_KiB[i] * 1024) {
         kib = sizes_KiB[i];
         break;
      }
   }
   return kib / 4 + 1;
}

/* The compute driver bank: texture handles of the compute stage and the
 * grid size. */
static bool
upload_driver_cbuf(struct jade_context *ctx, const struct pipe_grid_info *info, uint32_t *words,
                   uint64_t *va)
{
   jade_fill_resource_handles(ctx, PIPE_SHADER_COMPUTE, ~0u, words);
   memcpy(&words[JADE_CS_GRID_SIZE / 4], info->grid, 3 * sizeof(uint32_t));

   unsigned offset = 0;
   struct pipe_resource *res = NULL;
   u_upload_data(ctx->base.stream_uploader, 0, JADE_DRIVER_CBUF_SIZE, 256, words, &offset, &res);
   if (!res)
      return false;
   jade_resource_used(ctx, res);
   *va = jade_resource(res)->bo->va + offset;
   pipe_resource_reference(&res, NULL);
   return true;
}

/* Binds a constant buffer slot of the QMD (size in 16-byte units). */
static void
qmd_cbuf(struct jade_qmd *q, unsigned slot, uint64_t va, unsigned size_B)
{
   q->constant_buffer_valid[slot] = 1;
   q->constant_buffer_addr[slot] = va;
   q->constant_buffer_size_shifted4[slot] = DIV_ROUND_UP(MIN2(size_B, 65536), 16) & 0x1fff;
}

static bool
bind_user_cbufs(struct jade_context *ctx, struct jade_qmd *q, uint32_t *bank)
{
   for (unsigned i = 0; i < COMPUTE_USER_CBUFS; i++) {
      struct pipe_constant_buffer *cb = &ctx->state.constbuf[PIPE_SHADER_COMPUTE][i];
      if (!cb->buffer && !cb->user_buffer)
         continue;
      struct pipe_resource *res = NULL;
      unsigned offset = cb->buffer_offset;
      if (cb->user_buffer)
         u_upload_data(ctx->base.stream_uploader, 0, cb->buffer_size, 256, cb->user_buffer, &offset,
                       &res);
      else
         pipe_resource_reference(&res, cb->buffer);
      if (!res)
         return false;
      jade_resource_used(ctx, res);
      const uint64_t va = jade_resource(res)->bo->va + offset;
      if (i < JADE_DRIVER_CBUF_COMPUTE)
         qmd_cbuf(q, i, va, cb->buffer_size);
      /* Every UBO's address, not only those past the QMD's slots: the
       * compiler reads a dynamically indexed UBO (of any index) through
       * global memory (jade_nir_lower_compute_ubos).  Found on the GPU
       * model: UBO 1 indexed through an unfolded index read address 0. */
      bank[JADE_CS_UBO_INFO / 4 + 4 * i] = (uint32_t)va;
      bank[JADE_CS_UBO_INFO / 4 + 4 * i + 1] = va >> 32;
      bank[JADE_CS_UBO_INFO / 4 + 4 * i + 2] = cb->buffer_size;
      pipe_resource_reference(&res, NULL);
   }
   return true;
}

/* The grid of an indirect dispatch, read back after the work that may
 * write it (the command processor cannot patch a QMD on its own). */
static void
indirect_grid(struct jade_context *ctx, const struct pipe_grid_info *info, uint32_t grid[3])
{
   grid[0] = grid[1] = grid[2] = 0;
   pipe_buffer_read(&ctx->base, info->indirect, info->indirect_offset, 12, grid);
}

static void
jade_launch_grid(struct pipe_context *pctx, const struct pipe_grid_info *info_in)
{
   struct jade_context *ctx = jade_context(pctx);
   struct jade_shader *cs = ctx->state.shader[PIPE_SHADER_COMPUTE];
   if (!cs || !cs->bin)
      return; /* no shader, or one whose compile failed (reported then) */

   struct pipe_grid_info info = *info_in;
   if (info.indirect)
      indirect_grid(ctx, &info, info.grid);
   if (!info.grid[0] || !info.grid[1] || !info.grid[2])
      return;

   if (!cs->code.size_B) {
      /* Through the program cache: a full heap gets the code of deleted
       * shaders back (a compute-only context otherwise never would). */
      if (!jade_program_upload(ctx, cs->bin->code, cs->bin->code_size, &cs->code)) {
         mesa_loge("jade: no room in the code heap for a compute shader");
         return;
      }
      ctx->code_uploaded = true;
   }

   if (cs->bin->local_size && !jade_context_ensure_tls(ctx, cs->bin->local_size))
      return;
   const unsigned shared_B = align(cs->bin->shared_size + info.variable_shared_mem, 256);
   struct jade_qmd q = {
      .qmd_version = 2,
      .qmd_major_version = 2,
      .sm_global_caching_enable = 1,
      .api_visible_call_limit = JADE_QMD_API_VISIBLE_CALL_LIMIT_NO_CHECK,
      .sampler_index = JADE_QMD_SAMPLER_INDEX_INDEPENDENTLY,
      .cta_raster_width = info.grid[0],
      .cta_raster_height = info.grid[1],
      .cta_raster_depth = info.grid[2],
      .cta_thread_dimension0 = info.block[0],
      .cta_thread_dimension1 = info.block[1],
      .cta_thread_dimension2 = info.block[2],
      .shared_memory_size = shared_B,
      .min_sm_config_shared_mem_size = sm_config_shared(8 * 1024),
      .max_sm_config_shared_mem_size = sm_config_shared(96 * 1024),
      .target_sm_config_shared_mem_size = sm_config_shared(shared_B),
      .register_count_v = cs->bin->stats.gprs, /* with the pc's two */
      .shader_local_memory_low_size = align(cs->bin->local_size, 16),
      .barrier_count = cs->nir->info.uses_control_barrier ? 1 : 0,
      .program_address = cs->code.va,
   };

   jade_context_mark_bound(ctx);
   uint64_t driver_va;
   uint32_t bank[JADE_DRIVER_CBUF_SIZE / 4] = {0};
   if (!bind_user_cbufs(ctx, &q, bank) || !upload_driver_cbuf(ctx, &info, bank, &driver_va)) {
      mesa_loge("jade: out of memory for a compute launch's constants");
      return;
   }
   qmd_cbuf(&q, JADE_DRIVER_CBUF_COMPUTE, driver_va, JADE_DRIVER_CBUF_SIZE);

   uint32_t words[JADE_QMD_WORDS];
   jade_qmd_pack(words, &q);
   unsigned offset = 0;
   struct pipe_resource *qres = NULL;
   u_upload_data(ctx->base.stream_uploader, 0, sizeof(words), QMD_ALIGN_B, words, &offset, &qres);
   if (!qres) {
      mesa_loge("jade: out of memory for a QMD");
      return;
   }
   jade_resource_used(ctx, qres);
   const uint64_t qmd_va = jade_resource(qres)->bo->va + offset;
   pipe_resource_reference(&qres, NULL);
   if (jade_debug(JADE_DEBUG_PB)) {
      fprintf(stderr, "jade: QMD at 0x%" PRIx64 ":\n", qmd_va);
      jade_qmd_print(stderr, words);
   }

   jade_tex_cache_launch(ctx);
   struct nv_push *p = jade_push_reserve(ctx, 8);
   if (ctx->code_uploaded) {
      P_IMMD(p, NVC5C0, INVALIDATE_SHADER_CACHES,
             {
                .instruction = INSTRUCTION_TRUE,
                .constant = CONSTANT_TRUE,
             });
      ctx->code_uploaded = false;
   }
   P_MTHD(p, NVC5C0, SEND_PCAS_A);
   P_NVC5C0_SEND_PCAS_A(p, qmd_va >> 8);
   P_IMMD(p, NVC5C0, SEND_SIGNALING_PCAS_B,
          {
             .invalidate = INVALIDATE_TRUE,
             .schedule = SCHEDULE_TRUE,
          });
}

/* Shader writes visible to what comes after: the next launch or draw
 * waits for this one, and stale cached data is dropped. */
static void
jade_memory_barrier(struct pipe_context *pctx, unsigned flags)
{
   struct jade_context *ctx = jade_context(pctx);
   if (!flags)
      return;
   struct nv_push *p = jade_push_reserve(ctx, 6);
   P_IMMD(p, NVC5C0, WAIT_FOR_IDLE, 0);
   P_IMMD(p, NVC5C0, INVALIDATE_SHADER_CACHES,
          {
             .data = DATA_TRUE,
             .constant = CONSTANT_TRUE,
             .flush_data = FLUSH_DATA_TRUE,
          });
   P_IMMD(p, NVC597, WAIT_FOR_IDLE, 0);
   /* Texel fetches of what shaders wrote: the texture data cache is not
    * the shader data cache (nvc0_memory_barrier: TEX_CACHE_CTL on
    * PIPE_BARRIER_TEXTURE). */
   if (flags & PIPE_BARRIER_TEXTURE)
      jade_tex_cache_invalidate(ctx);
}

void
jade_init_compute_functions(struct jade_context *ctx)
{
   ctx->base.launch_grid = jade_launch_grid;
   ctx->base.memory_barrier = jade_memory_barrier;
}
