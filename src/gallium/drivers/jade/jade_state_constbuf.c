/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Constant buffers.  Gallium's buffer i of a stage is the shaders' c[i]
 * (GL uniforms are buffer 0); user buffers are uploaded first.  c[15] is
 * the driver's bank, laid out as the compiler reads it (docs/compiler.md,
 * "Binding scheme"): user clip planes, sample positions and per-pass
 * sample masks today (texture, image and storage buffer handles come with
 * those resources).  A stage's bank is its bind group's: vertex 0,
 * tessellation control 1, tessellation 2, geometry 3, pixel 4
 * (SET_PIPELINE_BINDING in jade_program.c).
 */

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_sample_positions.h"
#include "util/u_upload_mgr.h"

#include "jade_context.h"
#include "jade_resource.h"
#include "jade_state.h"

/* Graphics stage s reads bind group s (jade_program.h). */
static unsigned
bind_group(enum pipe_shader_type stage)
{
   return stage;
}

/* The stage's driver bank and inline regions (JADE_GFX_*). */
static unsigned
gfx_index(enum pipe_shader_type stage)
{
   switch (stage) {
   case PIPE_SHADER_FRAGMENT:
      return JADE_GFX_FS;
   case PIPE_SHADER_GEOMETRY:
      return JADE_GFX_GS;
   case PIPE_SHADER_TESS_CTRL:
      return JADE_GFX_TCS;
   case PIPE_SHADER_TESS_EVAL:
      return JADE_GFX_TES;
   default:
      return JADE_GFX_VS;
   }
}

static void
jade_set_constant_buffer(struct pipe_context *pctx, enum pipe_shader_type stage, uint index,
                         bool take_ownership, const struct pipe_constant_buffer *cb)
{
   struct jade_context *ctx = jade_context(pctx);
   if (index >= JADE_DRIVER_CBUF)
      return;
   /* The same buffer bound again (st/mesa rebinds every UBO of a program
    * it switches to): nothing to emit. */
   struct pipe_constant_buffer *cur = &ctx->state.constbuf[stage][index];
   if (cb && cb->buffer && !cb->user_buffer && cur->buffer == cb->buffer && !cur->user_buffer &&
       cur->buffer_offset == cb->buffer_offset && cur->buffer_size == cb->buffer_size) {
      if (take_ownership) {
         struct pipe_resource *extra = cb->buffer;
         pipe_resource_reference(&extra, NULL);
      }
      return;
   }
   util_copy_constant_buffer(cur, cb, take_ownership);
   if (cur->buffer)
      jade_resource(cur->buffer)->bound_as |= JADE_BOUND_CONSTANT;
   ctx->constbuf_dirty[stage] |= 1u << index;
   ctx->dirty |= JADE_DIRTY_CONSTBUF;
}

static void
jade_set_clip_state(struct pipe_context *pctx, const struct pipe_clip_state *clip)
{
   struct jade_context *ctx = jade_context(pctx);
   if (memcmp(&ctx->state.clip, clip, sizeof(*clip))) {
      ctx->state.clip = *clip;
      jade_bank_dirty(ctx, PIPE_SHADER_VERTEX, JADE_BANK_UCP);
      jade_bank_dirty(ctx, PIPE_SHADER_TESS_EVAL, JADE_BANK_UCP);
      jade_bank_dirty(ctx, PIPE_SHADER_GEOMETRY, JADE_BANK_UCP);
   }
}

static void
jade_set_min_samples(struct pipe_context *pctx, unsigned min_samples)
{
   struct jade_context *ctx = jade_context(pctx);
   if (ctx->state.min_samples != min_samples) {
      ctx->state.min_samples = min_samples;
      jade_bank_dirty(ctx, PIPE_SHADER_FRAGMENT, JADE_BANK_SAMPLES);
      ctx->dirty |= JADE_DIRTY_SAMPLES; /* SET_HYBRID_ANTI_ALIAS_CONTROL */
   }
}

/* Selects `size` bytes at `va` (for a bind or an inline load). */
static void
select_cbuf(struct nv_push *p, uint64_t va, uint32_t size)
{
   P_MTHD(p, NVC597, SET_CONSTANT_BUFFER_SELECTOR_A);
   P_NVC597_SET_CONSTANT_BUFFER_SELECTOR_A(p, align(MIN2(size, 0x10000), 16));
   P_NVC597_SET_CONSTANT_BUFFER_SELECTOR_B(p, va >> 32);
   P_NVC597_SET_CONSTANT_BUFFER_SELECTOR_C(p, va);
}

/* Binds the selected buffer as c[slot] of a stage (valid false: unbinds). */
static void
bind_selected(struct nv_push *p, enum pipe_shader_type stage, unsigned slot, bool valid)
{
   P_IMMD(p, NVC597, BIND_GROUP_CONSTANT_BUFFER(bind_group(stage)),
          {
             .valid = valid,
             .shader_slot = slot,
          });
}

/* Binds `size` bytes at `va` as c[slot] of a stage (size 0: unbinds). */
static void
bind(struct nv_push *p, enum pipe_shader_type stage, unsigned slot, uint64_t va, uint32_t size)
{
   if (size)
      select_cbuf(p, va, size);
   bind_selected(p, stage, slot, size != 0);
}

/* Small user data goes through the command stream into the context's
 * own constant memory (LOAD_CONSTANT_BUFFER, ordered with the draws)
 * rather than a fresh upload buffer: no new pages to fault in per draw. */
static uint64_t
inline_region(const struct jade_context *ctx, unsigned region)
{
   return ctx->cbuf_bo->va + (uint64_t)region * JADE_INLINE_CBUF_B;
}

static void
load_inline(struct jade_context *ctx, uint64_t va, const void *data, uint32_t size)
{
   uint32_t dw = DIV_ROUND_UP(size, 4);
   struct nv_push *p = jade_push_reserve(ctx, 8 + dw);
   select_cbuf(p, va, size);
   P_1INC(p, NVC597, LOAD_CONSTANT_BUFFER_OFFSET);
   P_NVC597_LOAD_CONSTANT_BUFFER_OFFSET(p, 0);
   P_INLINE_ARRAY(p, (const uint32_t *)data, size / 4);
   if (size % 4) {
      uint32_t last = 0;
      memcpy(&last, (const uint8_t *)data + size / 4 * 4, size % 4);
      P_INLINE_DATA(p, last);
   }
}

/* The samples the invocation shading sample i (PIXLD.MY_INDEX) shades
 * when at least min_samples of `samples` are shaded apart: the
 * hardware's pass (jade_emit_samples: next_pow2(min_samples) passes) is a
 * block of the pixel's sample grid, halved in x, then y, then x, so
 * sample i's companions are those in its block, by where the mode puts
 * each sample (NIL image.rs sa_offset for 2X1_D3D, 2X2, 4X2_D3D).  That
 * gives NVK's tables (nvk_cmd_set_sample_layout: 2X2 in two passes 0x5 /
 * 0xa, 4X2_D3D 0xc5 / 0x3a, in four 0x81 0x12 0x44 0x28), not runs of
 * consecutive samples. */
static uint32_t
pass_mask(unsigned samples, unsigned min_samples, unsigned i)
{
   static const uint8_t cell2[2][2] = {{1, 0}, {0, 0}};
   static const uint8_t cell4[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
   static const uint8_t cell8[8][2] = {
      {2, 0}, {1, 1}, {3, 1}, {1, 0}, {0, 1}, {0, 0}, {2, 1}, {3, 0},
   };
   if (samples <= 1 || min_samples <= 1 || i >= samples)
      return ~0u;
   const unsigned passes = MIN2(util_next_power_of_two(min_samples), samples);
   if (passes == 1)
      return ~0u;
   const uint8_t(*cell)[2] = samples == 8 ? cell8 : samples == 4 ? cell4 : cell2;
   unsigned bw = samples == 8 ? 4 : 2, bh = samples >= 4 ? 2 : 1;
   bool x = true;
   for (unsigned k = passes; k > 1; k /= 2, x = !x) {
      if ((x && bw > 1) || bh == 1)
         bw /= 2;
      else
         bh /= 2;
   }
   uint32_t mask = 0;
   for (unsigned s = 0; s < samples; s++) {
      if (cell[s][0] / bw == cell[i][0] / bw && cell[s][1] / bh == cell[i][1] / bh)
         mask |= 1u << s;
   }
   return mask;
}

void
jade_bank_dirty(struct jade_context *ctx, enum pipe_shader_type stage, unsigned parts)
{
   ctx->bank_dirty[stage] |= parts;
   ctx->dirty |= JADE_DIRTY_DRIVER_CBUF;
}

/* Rebuilds the parts of a stage's staged bank whose state changed. */
static void
stage_bank(struct jade_context *ctx, enum pipe_shader_type stage, uint32_t *words)
{
   const unsigned parts = ctx->bank_dirty[stage];
   if (parts & (JADE_BANK_TEXTURES | JADE_BANK_BUFFERS))
      jade_fill_resource_handles(ctx, stage, parts, words);
   if (parts & JADE_BANK_UCP) {
      memcpy((uint8_t *)words + JADE_UCP_BASE, ctx->state.clip.ucp, sizeof(ctx->state.clip.ucp));
      words[JADE_UCP_ENABLE / 4] = ctx->state.ucp_enable;
   }
   if (parts & JADE_BANK_SAMPLES) {
      unsigned samples = MAX2(ctx->state.framebuffer.samples, 1);
      for (unsigned i = 0; i < 16; i++) {
         float pos[2] = {0.5f, 0.5f};
         if (i < samples && samples > 1)
            u_default_get_sample_position(&ctx->base, samples, i, pos);
         memcpy((uint8_t *)words + JADE_SAMPLE_POS + 8 * i, pos, sizeof(pos));
         uint32_t mask = pass_mask(samples, ctx->state.min_samples, i);
         memcpy((uint8_t *)words + JADE_SAMPLE_MASKS + 4 * i, &mask, 4);
      }
   }
   ctx->bank_dirty[stage] = 0;
}

/* Loads and binds the driver bank; once bound, loads only the words that
 * differ from the last load (st/mesa re-sets clip planes, sample counts
 * and framebuffers often with the same values; a texture change is one
 * handle). */
static void
emit_driver_cbuf(struct jade_context *ctx, enum pipe_shader_type stage)
{
   const unsigned which = gfx_index(stage);
   uint32_t *staged = ctx->bank_staged[which];
   const unsigned parts = ctx->bank_dirty[stage];
   if (!parts && ctx->driver_cbuf_valid[which])
      return;
   stage_bank(ctx, stage, staged);
   const uint8_t *data = (const uint8_t *)staged;
   uint64_t va = inline_region(ctx, JADE_INLINE_CBUF_DRIVER + which);
   if (ctx->driver_cbuf_valid[which]) {
      /* Bound already: load only the words that changed (a texture
       * change is one handle). */
      uint32_t *old = (uint32_t *)ctx->driver_cbuf[which];
      const uint32_t *now = (const uint32_t *)data;
      /* Compare only the spans of the parts that were rebuilt. */
      static const struct {
         unsigned part, begin, end;
      } spans[] = {
         {JADE_BANK_TEXTURES, JADE_TEX_HANDLE_WORD, JADE_TEX_HANDLE_WORD + JADE_MAX_TEXTURE_UNITS},
         {JADE_BANK_BUFFERS, JADE_IMAGE_HANDLE_WORD, JADE_IMAGE_HANDLE_WORD + JADE_MAX_IMAGES},
         {JADE_BANK_BUFFERS, JADE_SSBO_INFO / 4, JADE_SSBO_INFO / 4 + 4 * JADE_MAX_SSBOS},
         {JADE_BANK_UCP, JADE_UCP_ENABLE / 4, JADE_UCP_ENABLE / 4 + 1},
         {JADE_BANK_UCP, JADE_UCP_BASE / 4, JADE_SAMPLE_POS / 4},
         {JADE_BANK_SAMPLES, JADE_SAMPLE_POS / 4, JADE_DRIVER_CBUF_SIZE / 4},
      };
      int first = -1, last = -1;
      for (unsigned k = 0; k < ARRAY_SIZE(spans); k++) {
         if (!(parts & spans[k].part))
            continue;
         for (unsigned w = spans[k].begin; w < spans[k].end; w++) {
            if (old[w] != now[w]) {
               old[w] = now[w];
               first = first < 0 || (int)w < first ? (int)w : first;
               last = MAX2(last, (int)w);
            }
         }
      }
      if (first < 0)
         return;
      const unsigned n = last - first + 1;
      struct nv_push *p = jade_push_reserve(ctx, 8 + n);
      select_cbuf(p, va, JADE_DRIVER_CBUF_SIZE);
      P_1INC(p, NVC597, LOAD_CONSTANT_BUFFER_OFFSET);
      P_NVC597_LOAD_CONSTANT_BUFFER_OFFSET(p, first * 4);
      P_INLINE_ARRAY(p, now + first, n);
      return;
   }
   memcpy(ctx->driver_cbuf[which], data, JADE_DRIVER_CBUF_SIZE);
   ctx->driver_cbuf_valid[which] = true;
   load_inline(ctx, va, data, JADE_DRIVER_CBUF_SIZE);
   bind_selected(jade_push_reserve(ctx, 2), stage, JADE_DRIVER_CBUF, true);
}

void
jade_emit_constant_buffers(struct jade_context *ctx)
{
   static const enum pipe_shader_type stages[] = {PIPE_SHADER_VERTEX, PIPE_SHADER_FRAGMENT,
                                                  PIPE_SHADER_GEOMETRY, PIPE_SHADER_TESS_CTRL,
                                                  PIPE_SHADER_TESS_EVAL};
   for (unsigned s = 0; s < ARRAY_SIZE(stages); s++) {
      enum pipe_shader_type stage = stages[s];
      u_foreach_bit (i, ctx->constbuf_dirty[stage]) {
         struct pipe_constant_buffer *cb = &ctx->state.constbuf[stage][i];
         struct pipe_resource *res = NULL;
         unsigned offset = cb->buffer_offset;
         if (cb->user_buffer && cb->buffer_size <= JADE_INLINE_CBUF_B &&
             i < JADE_INLINE_CBUF_SLOTS) {
            unsigned region = gfx_index(stage) * JADE_INLINE_CBUF_SLOTS + i;
            load_inline(ctx, inline_region(ctx, region), cb->user_buffer, cb->buffer_size);
            bind_selected(jade_push_reserve(ctx, 2), stage, i, true);
            continue;
         }
         if (cb->user_buffer) {
            u_upload_data(ctx->base.const_uploader, 0, cb->buffer_size, 256, cb->user_buffer,
                          &offset, &res);
         } else {
            pipe_resource_reference(&res, cb->buffer);
         }
         struct nv_push *p = jade_push_reserve(ctx, 8);
         if (res) {
            jade_resource_used(ctx, res);
            bind(p, stage, i, jade_resource(res)->bo->va + offset, cb->buffer_size);
         } else
            bind(p, stage, i, 0, 0);
         pipe_resource_reference(&res, NULL);
      }
      ctx->constbuf_dirty[stage] = 0;
   }
}

void
jade_emit_driver_constants(struct jade_context *ctx)
{
   emit_driver_cbuf(ctx, PIPE_SHADER_VERTEX);
   emit_driver_cbuf(ctx, PIPE_SHADER_FRAGMENT);
   static const enum pipe_shader_type optional[] = {PIPE_SHADER_GEOMETRY, PIPE_SHADER_TESS_CTRL,
                                                    PIPE_SHADER_TESS_EVAL};
   for (unsigned i = 0; i < ARRAY_SIZE(optional); i++) {
      if (ctx->state.shader[optional[i]])
         emit_driver_cbuf(ctx, optional[i]);
   }
}

void
jade_init_constbuf_functions(struct jade_context *ctx)
{
   ctx->base.set_constant_buffer = jade_set_constant_buffer;
   ctx->base.set_clip_state = jade_set_clip_state;
   ctx->base.set_min_samples = jade_set_min_samples;
}
