/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The texture unit's caches, and what empties them:
 * - texture headers (the views gpu_texture.c reads) and samplers (the
 *   words gpu_sampler.c decodes), one set for each engine class: the 3D
 *   class (TURING_A) and the compute class (TURING_COMPUTE_A) each have
 *   INVALIDATE_TEXTURE_HEADER_CACHE(_NO_WFI) and INVALIDATE_SAMPLER_CACHE
 *   (_NO_WFI) (clc597.h, clc5c0.h), and the validated drivers send them on
 *   both: NVK after binding its pools on each class (nvk_queue.c) and at
 *   the begin of every command buffer, for graphics
 *   (nvk_cmd_buffer_begin_graphics, nvk_cmd_draw.c) and for compute
 *   (nvk_cmd_buffer_begin_compute, nvk_cmd_dispatch.c); nvc0 flushes
 *   TIC/TSC through the compute class for compute (nve4_compute.c:
 *   TIC_FLUSH, TSC_FLUSH) and through the 3D class for draws
 *   (nvc0_tex.c).  Entries stay until invalidated (across submissions:
 *   NVK invalidates at every command buffer's begin), or until another
 *   entry takes their slot;
 * - texture data: lines of LINE_B bytes filled on texel reads (TEX, TLD,
 *   TLD4 through gpu_tex_read_texel; surface loads do not use it) and kept
 *   until INVALIDATE_TEXTURE_DATA_CACHE(_NO_WFI) on either class, or a
 *   QMD's INVALIDATE_TEXTURE_DATA_CACHE: one cache that both classes read.
 *   NVK invalidates it through the 3D class only, for compute readers too
 *   (nvk_cmd_invalidate_deps, nvk_cmd_buffer.c).  No write updates a
 *   line: colour and depth targets, stores, atomics and inline-to-memory
 *   leave what a line holds stale, which is why nvc0 invalidates it when a
 *   bound texture was written by the GPU (nvc0_tex.c, the resources'
 *   GPU_WRITING) and on PIPE_BARRIER_TEXTURE (nvc0_context.c), and NVK
 *   for SHADER_SAMPLED_READ in barriers.  Lines are dropped at the end of
 *   a submission (jade_gpu_end_submission): host writes are made visible
 *   to the device by the submission that follows them (Vulkan's "queue
 *   submission commands automatically perform a domain operation from
 *   host to device"), and neither NVK nor nvc0 invalidates texture data
 *   after the CPU writes a texture, the model's choice of where that
 *   happens.
 * LINES_ONE forms drop the entries of header, sampler or (data) the lines
 * filled through the header TAG names: nvc0 sends TEX_CACHE_CTL (the data
 * cache's 0x1338) and TIC_FLUSH with (header index << 4) | 1.
 */

#include <stdlib.h>
#include <string.h>

#include "nvidia/classes/clc597.h"
#include "nvidia/classes/clc5c0.h"
#include "util/macros.h"

#include "gpu_texture.h"

#define HEADER_SLOTS  16
#define SAMPLER_SLOTS 16
#define LINE_B        128
#define LINES         1024 /* direct mapped: 128 KiB */

struct tex_line {
   uint64_t key; /* the line's address + 1; 0: empty */
   uint32_t tag; /* the header it was last read through */
   uint8_t bytes[LINE_B];
};

struct tex_sampler {
   bool valid;
   uint32_t index;
   uint32_t w[8];
};

struct gpu_tex_caches {
   struct gpu_tex_view header[2][HEADER_SLOTS];
   struct tex_sampler sampler[2][SAMPLER_SLOTS];
   struct tex_line line[LINES];
};

static struct gpu_tex_caches *
caches(struct jade_gpu *gpu)
{
   if (!gpu->tex_caches)
      gpu->tex_caches = calloc(1, sizeof(struct gpu_tex_caches));
   return gpu->tex_caches;
}

void
gpu_tex_cache_destroy(struct jade_gpu *gpu)
{
   free(gpu->tex_caches);
   gpu->tex_caches = NULL;
}

bool
gpu_tex_cache_select(struct jade_gpu *gpu, unsigned subc)
{
   gpu->tex_engine = gpu->subc_class[subc] == 0xc5c0 ? 1 : 0;
   return caches(gpu) != NULL;
}

static void
drop_headers(struct gpu_tex_caches *c, unsigned engine, bool one, uint32_t tag)
{
   for (unsigned i = 0; i < HEADER_SLOTS; i++) {
      if (!one || c->header[engine][i].tic == tag)
         c->header[engine][i].valid = false;
   }
}

static void
drop_samplers(struct gpu_tex_caches *c, unsigned engine, bool one, uint32_t tag)
{
   for (unsigned i = 0; i < SAMPLER_SLOTS; i++) {
      if (!one || c->sampler[engine][i].index == tag)
         c->sampler[engine][i].valid = false;
   }
}

static void
drop_lines(struct gpu_tex_caches *c, bool one, uint32_t tag)
{
   for (unsigned i = 0; i < LINES; i++) {
      if (!one || c->line[i].tag == tag)
         c->line[i].key = 0;
   }
}

void
gpu_tex_cache_empty(struct jade_gpu *gpu)
{
   struct gpu_tex_caches *c = caches(gpu);
   if (!c)
      return;
   for (unsigned e = 0; e < 2; e++) {
      drop_headers(c, e, false, 0);
      drop_samplers(c, e, false, 0);
   }
   drop_lines(c, false, 0);
}

void
gpu_tex_cache_end_submission(struct jade_gpu *gpu)
{
   if (gpu->tex_caches)
      drop_lines(gpu->tex_caches, false, 0);
}

void
gpu_tex_cache_qmd(struct jade_gpu *gpu, bool headers, bool samplers, bool data)
{
   struct gpu_tex_caches *c = caches(gpu);
   if (!c)
      return;
   if (headers)
      drop_headers(c, 1, false, 0);
   if (samplers)
      drop_samplers(c, 1, false, 0);
   if (data)
      drop_lines(c, false, 0);
}

bool
gpu_tex_cache_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data)
{
   const uint32_t cls = gpu->subc_class[subc];
   enum { NONE, HEADERS, SAMPLERS, DATA } what = NONE;
   if (cls == 0xc597) {
      switch (mthd) {
      case NVC597_INVALIDATE_TEXTURE_HEADER_CACHE:
      case NVC597_INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI:
         what = HEADERS;
         break;
      case NVC597_INVALIDATE_SAMPLER_CACHE:
      case NVC597_INVALIDATE_SAMPLER_CACHE_NO_WFI:
         what = SAMPLERS;
         break;
      case NVC597_INVALIDATE_TEXTURE_DATA_CACHE:
      case NVC597_INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI:
         what = DATA;
         break;
      }
   } else if (cls == 0xc5c0) {
      switch (mthd) {
      case NVC5C0_INVALIDATE_TEXTURE_HEADER_CACHE:
      case NVC5C0_INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI:
         what = HEADERS;
         break;
      case NVC5C0_INVALIDATE_SAMPLER_CACHE:
      case NVC5C0_INVALIDATE_SAMPLER_CACHE_NO_WFI:
         what = SAMPLERS;
         break;
      case NVC5C0_INVALIDATE_TEXTURE_DATA_CACHE:
      case NVC5C0_INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI:
         what = DATA;
         break;
      }
   }
   if (what == NONE)
      return false;
   struct gpu_tex_caches *c = caches(gpu);
   if (!c)
      return true;
   /* LINES (0:0) and TAG (25:4) lie alike in all twelve (clc597.h,
    * clc5c0.h); the model runs one method at a time, so the _NO_WFI forms
    * act as the others. */
   const bool one = GPU_GET(data, NVC597_INVALIDATE_TEXTURE_DATA_CACHE_LINES) ==
                    NVC597_INVALIDATE_TEXTURE_DATA_CACHE_LINES_ONE;
   const uint32_t tag = GPU_GET(data, NVC597_INVALIDATE_TEXTURE_DATA_CACHE_TAG);
   const unsigned engine = cls == 0xc5c0 ? 1 : 0;
   if (what == HEADERS)
      drop_headers(c, engine, one, tag);
   else if (what == SAMPLERS)
      drop_samplers(c, engine, one, tag);
   else
      drop_lines(c, one, tag);
   return true;
}

struct gpu_tex_view *
gpu_tex_cache_header(struct jade_gpu *gpu, uint32_t tic)
{
   return &gpu->tex_caches->header[gpu->tex_engine][tic % HEADER_SLOTS];
}

bool
gpu_tex_cache_sampler(struct jade_gpu *gpu, uint32_t index, uint32_t w[8], char *err,
                      size_t err_size)
{
   struct tex_sampler *s = &gpu->tex_caches->sampler[gpu->tex_engine][index % SAMPLER_SLOTS];
   if (!s->valid || s->index != index) {
      s->valid = false;
      if (!gpu_tex_pool_entry(gpu, true, index, s->w, err, err_size))
         return false;
      s->index = index;
      s->valid = true;
   }
   memcpy(w, s->w, sizeof(s->w));
   return true;
}

bool
gpu_tex_cache_read(struct jade_gpu *gpu, uint32_t tag, uint64_t va, void *dst, uint32_t size)
{
   struct gpu_tex_caches *c = gpu->tex_caches;
   uint8_t *out = dst;
   while (size) {
      const uint64_t base = va & ~(uint64_t)(LINE_B - 1);
      const uint32_t off = (uint32_t)(va - base);
      const uint32_t n = MIN2(size, LINE_B - off);
      struct tex_line *l = &c->line[(base / LINE_B) % LINES];
      if (l->key != base + 1) {
         /* A line not all mapped is not cached: its texel is read, or
          * faults, on its own. */
         const void *src = gpu->env.translate(gpu->env.data, base, LINE_B);
         if (!src) {
            if (!gpu_read(gpu, va, out, n, "a texel"))
               return false;
            goto next;
         }
         memcpy(l->bytes, src, LINE_B);
         l->key = base + 1;
      }
      l->tag = tag;
      memcpy(out, l->bytes + off, n);
   next:
      out += n, va += n, size -= n;
   }
   return true;
}
