/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The pipe_context: its channel, pushbuffers, submission and flush.  State,
 * draws, clears, blits and queries are set up by their own files.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h> /* u_debug_cb.h uses memset */

#include "nvtypes.h"

#include "clc5c0.h"
#include "nv_push_clc597.h"
#include "nv_push_clc5c0.h"
#include "util/log.h"
#include "util/u_blitter.h"
#include "util/os_time.h"
#include "util/u_atomic.h"
#include "util/u_debug_cb.h"
#include "util/u_threaded_context.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/u_upload_mgr.h"

#include "jade_context.h"
#include "jade_debug.h"
#include "jade_fence.h"
#include "jade_resource.h"
#include "jade_state.h"

/* The 3D state whose reset value clc597.h does not document and that no
 * CSO of Jade's sets: programmed once a context, with the values of NVK's
 * nvk_push_draw_state_init (nvk_cmd_draw.c) and nvc0's screen init
 * (nvc0_screen.c), which both set it explicitly. */
static void
jade_emit_context_defaults(struct nv_push *p)
{
   /* gl_VertexID of glDrawArrays counts from `first` (nvk_cmd_draw.c:315,
    * nvc0_screen.c:626 VERTEX_ID_GEN_MODE_DRAW_ARRAYS_ADD_START). */
   P_IMMD(p, NVC597, SET_DA_OUTPUT, VERTEX_ID_USES_ARRAY_START_TRUE);
   /* gl_SampleMask narrows coverage under multisampling (nvk_cmd_draw.c:320;
    * nvc0_screen.c:630, 0x0300 = 3). */
   P_IMMD(p, NVC597, SET_PS_OUTPUT_SAMPLE_MASK_USAGE,
          {
             .enable = ENABLE_TRUE,
             .qualify_by_anti_alias_enable = QUALIFY_BY_ANTI_ALIAS_ENABLE_ENABLE,
          });
   /* The viewport transform applies (nvk_cmd_draw.c:445;
    * nvc0_screen.c:1231 VIEWPORT_TRANSFORM_EN). */
   P_IMMD(p, NVC597, SET_VIEWPORT_SCALE_OFFSET, ENABLE_TRUE);
   /* No ZCULL region: Jade sets up no ZCULL storage (nvk_cmd_draw.c:436;
    * nvc0_screen.c:1214 "deactivate ZCULL"). */
   P_IMMD(p, NVC597, SET_ACTIVE_ZCULL_REGION, 0x3f);
   /* The stages Jade never uses disabled, and the geometry stage until a
    * program has one (jade_program.c enables it; NVK nvk_cmd_draw.c:1594
    * disables unused types; nvc0_screen.c:1299-1310 GP/TEP_SELECT and
    * SP_SELECT(0), SP_SELECT(2)). */
   P_IMMD(p, NVC597, SET_PIPELINE_SHADER(NVC597_SET_PIPELINE_SHADER_TYPE_VERTEX_CULL_BEFORE_FETCH),
          {.enable = ENABLE_FALSE, .type = TYPE_VERTEX_CULL_BEFORE_FETCH});
   P_IMMD(p, NVC597, SET_PIPELINE_SHADER(NVC597_SET_PIPELINE_SHADER_TYPE_TESSELLATION_INIT),
          {.enable = ENABLE_FALSE, .type = TYPE_TESSELLATION_INIT});
   P_IMMD(p, NVC597, SET_PIPELINE_SHADER(NVC597_SET_PIPELINE_SHADER_TYPE_TESSELLATION),
          {.enable = ENABLE_FALSE, .type = TYPE_TESSELLATION});
   P_IMMD(p, NVC597, SET_PIPELINE_SHADER(NVC597_SET_PIPELINE_SHADER_TYPE_GEOMETRY),
          {.enable = ENABLE_FALSE, .type = TYPE_GEOMETRY});
   /* Vertices are boundary vertices: polygon-mode lines and points are
    * drawn (nvk_cmd_draw.c:510; nvc0_screen.c:1318 EDGEFLAG 1). */
   P_IMMD(p, NVC597, SET_EDGE_FLAG, V_TRUE);
   /* GL's point rules (nvk_cmd_draw.c:509; nvc0_screen.c:1315
    * POINT_RASTER_RULES_OGL). */
   P_IMMD(p, NVC597, SET_POINT_CENTER_MODE, V_OGL);
   /* y from the top, no flip (nvk_cmd_draw.c:427; nvc0_screen.c:1209
    * SCREEN_Y_CONTROL 0): Jade's viewport state flips y itself. */
   P_IMMD(p, NVC597, SET_WINDOW_ORIGIN,
          {
             .mode = MODE_UPPER_LEFT,
             .flip_y = FLIP_Y_FALSE,
          });
   /* GL's pixel centres at half-integers (nvk_cmd_draw.c:407). */
   P_IMMD(p, NVC597, SET_VIEWPORT_PIXEL, CENTER_AT_HALF_INTEGERS);
   /* Unwritten inputs read (0, 0, 0, 1) (nvk_cmd_draw.c:306;
    * nvc0_screen.c:624, 0x1610 = 0xe). */
   P_IMMD(p, NVC597, SET_ATTRIBUTE_DEFAULT,
          {
             .color_front_diffuse = COLOR_FRONT_DIFFUSE_VECTOR_0001,
             .color_front_specular = COLOR_FRONT_SPECULAR_VECTOR_0001,
             .generic_vector = GENERIC_VECTOR_VECTOR_0001,
             .fixed_fnc_texture = FIXED_FNC_TEXTURE_VECTOR_0001,
             .dx9_color0 = DX9_COLOR0_VECTOR_0001,
             .dx9_color1_to_color15 = DX9_COLOR1_TO_COLOR15_VECTOR_0000,
          });
   /* Blend options (nvk_cmd_draw.c:328-329; nvc0_screen.c:636-639, 0x0fdc
    * and 0x19c0 = 1): 0 x Inf blends as 0. */
   P_IMMD(p, NVC597, SET_BLEND_OPT_CONTROL, ALLOW_FLOAT_PIXEL_KILLS_TRUE);
   P_IMMD(p, NVC597, SET_BLEND_FLOAT_OPTION, ZERO_TIMES_ANYTHING_IS_ZERO_TRUE);
   /* Each target takes its own SET_CT_WRITE(i): jade_state_blend.c writes
    * all eight, the same mask in each unless the blend state has
    * independent masks.  nvc0 sends COLOR_MASK_COMMON = !independent
    * (nvc0_state.c:171); NVK enables it at init (nvk_cmd_draw.c:244) and
    * sets it per draw to whether the masks agree. */
   P_IMMD(p, NVC597, SET_SINGLE_CT_WRITE_CONTROL, ENABLE_FALSE);
   /* Shader header versions: both drivers declare 3/3 on Turing
    * (nvk_cmd_draw.c:281, nvc0_screen.c:603).  Jade's headers are version
    * 4, as NAK's for SM75 (nak/sph.rs), the combination NVK runs. */
   P_IMMD(p, NVC597, CHECK_SPH_VERSION,
          {
             .current = 3,
             .oldest_supported = 3,
          });
   /* Both declare AAM version 2 (nvk_cmd_draw.c; nvc0_screen.c 0x1794). */
   P_IMMD(p, NVC597, CHECK_AAM_VERSION,
          {
             .current = 2,
             .oldest_supported = 2,
          });
}

/* Binds the engine classes to their subchannels.  The binding belongs to
 * the channel, so it is submitted once, when the context is created. */
static void
jade_emit_set_objects(struct jade_context *ctx)
{
   struct jade_dev *dev = ctx->screen->dev;
   struct nv_push *p = jade_push(ctx);

   P_MTHD(p, NVC597, SET_OBJECT);
   P_NVC597_SET_OBJECT(p, {
                             .class_id = dev->cls[JADE_ENGINE_3D],
                             .engine_id = 0,
                          });
   __push_mthd(p, SUBC_NVC5C0, NVC5C0_SET_OBJECT);
   P_INLINE_DATA(p, dev->cls[JADE_ENGINE_COMPUTE]);

   /* Where shared and local memory appear in the generic address space:
    * set even when unused, or a stray window can alias real buffers. */
   P_MTHD(p, NVC5C0, SET_SHADER_SHARED_MEMORY_WINDOW_A);
   P_NVC5C0_SET_SHADER_SHARED_MEMORY_WINDOW_A(p, 0);
   P_NVC5C0_SET_SHADER_SHARED_MEMORY_WINDOW_B(p, 0xfe000000);
   P_MTHD(p, NVC5C0, SET_SHADER_LOCAL_MEMORY_WINDOW_A);
   P_NVC5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A(p, 0);
   P_NVC5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_B(p, 0xff000000);
   P_IMMD(p, NVC597, SET_SHADER_LOCAL_MEMORY_WINDOW, 0xff000000);

   /* Draws render until a render condition says otherwise: the reset
    * value is not documented, so set it (NVK's nvk_push_draw_state_init
    * sets MODE_TRUE too; nvc0's screen init sets COND_MODE ALWAYS). */
   P_MTHD(p, NVC597, SET_RENDER_ENABLE_A);
   P_NVC597_SET_RENDER_ENABLE_A(p, 0);
   P_NVC597_SET_RENDER_ENABLE_B(p, 0);
   P_NVC597_SET_RENDER_ENABLE_C(p, MODE_TRUE);

   /* Fragment outputs go to their own targets only with this TRUE (and
    * the shader header's MRT_ENABLE, clear for gl_FragColor's broadcast):
    * nvc0's screen init (RT_SEPARATE_FRAG_DATA) and NVK's
    * nvk_push_draw_state_init set it too. */
   P_IMMD(p, NVC597, SET_CT_MRT_ENABLE, V_TRUE);

   jade_emit_context_defaults(p);
}

/* Local memory (spills, arrays indexed dynamically) for every thread the
 * GPU can run at once: per warp (512-byte aligned), per SM (32 warps on
 * Turing), per TPC (two SMs, 32 KiB aligned: the compute class's
 * NON_THROTTLED size is a TPC's), times the TPCs, 128 KiB aligned (the 3D
 * class's SET_SHADER_LOCAL_MEMORY_C/D).  The alignments are the ones NVK's
 * nvk_slm_area_ensure says the hardware seems to require (nvc0's
 * nvc0_screen_resize_tls_area aligns the total to 128 KiB too).  Grows
 * when a shader needs more; the old object goes once the work that used
 * it is done. */
#define TLS_WARPS_PER_SM 32
#define TLS_SMS_PER_TPC  2

bool
jade_context_ensure_tls(struct jade_context *ctx, unsigned bytes_per_thread)
{
   if (bytes_per_thread <= ctx->tls_per_thread)
      return true;
   struct jade_dev *dev = ctx->screen->dev;
   const unsigned per_thread = util_next_power_of_two(align(bytes_per_thread, 16));
   const uint64_t per_warp = align64((uint64_t)per_thread * 32, 512);
   const uint64_t per_tpc = align64(per_warp * TLS_WARPS_PER_SM * TLS_SMS_PER_TPC, 0x8000);
   const uint64_t size_B = align64(per_tpc * MAX2(dev->tpc_count, 1), 0x20000);

   struct jade_bo *bo;
   if (jade_bo_create(dev, size_B, 0, JADE_BO_VRAM, &bo)) {
      mesa_loge("jade: no memory for %u bytes of local memory per thread", per_thread);
      return false;
   }
   if (ctx->tls_bo)
      jade_bo_cache_release(&ctx->screen->bo_cache, ctx->tls_bo, true);
   ctx->tls_bo = bo;
   ctx->tls_per_thread = per_thread;

   struct nv_push *p = jade_push_reserve(ctx, 16);
   P_MTHD(p, NVC597, SET_SHADER_LOCAL_MEMORY_A);
   P_NVC597_SET_SHADER_LOCAL_MEMORY_A(p, bo->va >> 32);
   P_NVC597_SET_SHADER_LOCAL_MEMORY_B(p, (uint32_t)bo->va);
   P_NVC597_SET_SHADER_LOCAL_MEMORY_C(p, size_B >> 32);
   P_NVC597_SET_SHADER_LOCAL_MEMORY_D(p, (uint32_t)size_B);
   P_NVC597_SET_SHADER_LOCAL_MEMORY_E(p, (uint32_t)per_warp);
   P_MTHD(p, NVC5C0, SET_SHADER_LOCAL_MEMORY_A);
   P_NVC5C0_SET_SHADER_LOCAL_MEMORY_A(p, bo->va >> 32);
   P_NVC5C0_SET_SHADER_LOCAL_MEMORY_B(p, (uint32_t)bo->va);
   P_MTHD(p, NVC5C0, SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A);
   P_NVC5C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A(p, per_tpc >> 32);
   P_NVC5C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B(p, (uint32_t)per_tpc);
   P_NVC5C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C(p, 0xff);
   return true;
}

static bool
jade_context_has_work(struct jade_context *ctx)
{
   return nv_push_dw_count(jade_push(ctx)) > 0;
}

/* A failed EXEC loses the context.  Whose fault it was, from what the
 * kernel said: nouveau kills only the channel whose work faulted or hung
 * and then answers ENODEV (nouveau_exec.c, nouveau_chan.c), and EINVAL,
 * EFAULT or ENOENT refuse what the submission itself holds; any other
 * error (EIO, ENOMEM, ...) is the kernel's or the GPU's own, not this
 * context's. */
static enum pipe_reset_status
reset_status_of(int err)
{
   switch (err) {
   case -ENODEV:
   case -EINVAL:
   case -EFAULT:
   case -ENOENT:
      return PIPE_GUILTY_CONTEXT_RESET;
   default:
      return PIPE_INNOCENT_CONTEXT_RESET;
   }
}

static void
jade_context_lose(struct jade_context *ctx, int err)
{
   if (ctx->reset != PIPE_NO_RESET)
      return;
   ctx->reset = reset_status_of(err);
   mesa_loge("jade: context lost (%s reset): %s",
             ctx->reset == PIPE_GUILTY_CONTEXT_RESET ? "guilty" : "innocent", strerror(-err));
   if (ctx->reset_cb.reset)
      ctx->reset_cb.reset(ctx->reset_cb.data, ctx->reset);
}

/* What a lost context hands out for a submission: a signalled fence, as
 * nothing of it will ever run.  The buffer cache hears the same, or the
 * objects the dropped work used would wait for it forever (and every
 * allocation after them would miss the cache). */
static void
lost_submission(struct jade_context *ctx, struct jade_fence **out_fence)
{
   jade_pushbuf_reset(&ctx->pushbufs[ctx->cur]);
   if (!ctx->lost_fence)
      ctx->lost_fence = jade_fence_create(ctx->screen->dev, true);
   if (ctx->lost_fence)
      jade_bo_cache_submitted(&ctx->screen->bo_cache, ctx->lost_fence);
   if (out_fence)
      jade_fence_reference(out_fence, ctx->lost_fence);
}

int
jade_context_submit(struct jade_context *ctx, struct jade_fence **out_fence)
{
   struct jade_dev *dev = ctx->screen->dev;
   struct jade_pushbuf *pb = &ctx->pushbufs[ctx->cur];

   if (out_fence)
      *out_fence = NULL;
   if (ctx->reset != PIPE_NO_RESET) {
      lost_submission(ctx, out_fence);
      return -ENODEV;
   }

   if (!jade_context_has_work(ctx)) {
      /* Nothing new: the last submission's fence (or a signalled one)
       * stands for everything recorded so far. */
      if (out_fence) {
         struct jade_fence *last = ctx->pushbuf_fence[ctx->cur ^ 1];
         if (last)
            jade_fence_reference(out_fence, last);
         else
            *out_fence = jade_fence_create(dev, true);
      }
      return 0;
   }

   struct jade_fence *fence = jade_fence_create(dev, false);
   if (!fence)
      return -ENOMEM;

   if (jade_debug(JADE_DEBUG_PB)) {
      fprintf(stderr, "jade: pushbuffer %u, %zu dwords\n", ctx->cur, nv_push_dw_count(&pb->push));
      jade_pushbuf_print(pb, dev, stderr);
   }

   /* The pushbuffer cut at its splices, the spliced words in between. */
   struct jade_push_range ranges[2 * JADE_PUSH_SPLICES + 1];
   unsigned n = 0, from = 0;
   for (unsigned i = 0; i < pb->splice_count; i++) {
      const struct jade_push_splice *s = &pb->splice[i];
      if (s->at_dw > from)
         ranges[n++] = (struct jade_push_range){pb->bo->va + from * 4, (s->at_dw - from) * 4};
      ranges[n++] = (struct jade_push_range){s->va, s->size_B, .no_prefetch = true};
      from = s->at_dw;
   }
   const uint32_t total = nv_push_dw_count(&pb->push);
   if (total > from)
      ranges[n++] = (struct jade_push_range){pb->bo->va + from * 4, (total - from) * 4};
   int ret = jade_channel_submit(ctx->channel, ranges, n, NULL, 0, fence->syncobj);
   if (ret) {
      /* The batch is lost, and with it the context: what the GPU holds of
       * its state is no longer what was recorded. */
      mesa_loge("jade: submission failed, %zu dwords dropped", nv_push_dw_count(&pb->push));
      jade_fence_reference(&fence, NULL);
      jade_context_lose(ctx, ret);
      lost_submission(ctx, out_fence);
      return ret;
   }

   jade_fence_reference(&ctx->pushbuf_fence[ctx->cur], fence);
   simple_mtx_lock(&ctx->batch_lock);
   jade_fence_reference(&ctx->batch_fence[ctx->batch_seq % JADE_BATCH_RING], fence);
   ctx->batch_seq++;
   simple_mtx_unlock(&ctx->batch_lock);
   jade_bo_cache_submitted(&ctx->screen->bo_cache, fence);

   if (jade_debug(JADE_DEBUG_SYNC) && !jade_fence_wait(fence, OS_TIMEOUT_INFINITE))
      mesa_loge("jade: waiting for a submission failed");

   /* Switch to the other pushbuffer once the GPU is done reading it. */
   ctx->cur ^= 1;
   struct jade_fence *prev = ctx->pushbuf_fence[ctx->cur];
   if (prev && !jade_fence_wait(prev, OS_TIMEOUT_INFINITE))
      mesa_loge("jade: waiting for a pushbuffer to be free failed");
   jade_pushbuf_reset(&ctx->pushbufs[ctx->cur]);

   if (out_fence)
      *out_fence = fence;
   else
      jade_fence_reference(&fence, NULL);
   return 0;
}

/* Submits because the pushbuffer must be emptied before more goes in.  A
 * submission can fail with its work still recorded (no fence could be
 * made for it): that work can neither stay nor run, so it is lost, and
 * the context with it. */
static void
submit_to_make_room(struct jade_context *ctx)
{
   int ret = jade_context_submit(ctx, NULL);
   if (ret && ctx->reset == PIPE_NO_RESET) {
      mesa_loge("jade: a full pushbuffer could not be submitted, %zu dwords dropped",
                nv_push_dw_count(jade_push(ctx)));
      jade_context_lose(ctx, ret);
      jade_pushbuf_reset(&ctx->pushbufs[ctx->cur]);
   }
}

struct nv_push *
jade_push_reserve(struct jade_context *ctx, unsigned dw)
{
   struct nv_push *p = jade_push(ctx);
   if ((size_t)(p->limit - p->end) < dw) {
      submit_to_make_room(ctx);
      p = jade_push(ctx);
   }
   return p;
}

/* Starts `mthd` with `words` data words the GPU reads from va when it gets
 * there (jade_push_splice): a value the GPU wrote earlier in the stream,
 * not known to the CPU.  The buffer behind va must stay until the
 * submission is done. */
void
jade_push_method_from(struct jade_context *ctx, unsigned subc, uint32_t mthd, uint64_t va,
                      unsigned words)
{
   struct jade_pushbuf *pb = &ctx->pushbufs[ctx->cur];
   if (pb->splice_count == JADE_PUSH_SPLICES)
      submit_to_make_room(ctx);
   pb = &ctx->pushbufs[ctx->cur];
   struct nv_push *p = jade_push_reserve(ctx, 1);
   pb = &ctx->pushbufs[ctx->cur];
   __push_mthd(p, subc, mthd);
   nv_push_update_count(p, words);
   pb->splice[pb->splice_count++] = (struct jade_push_splice){
      .at_dw = nv_push_dw_count(p),
      .va = va,
      .size_B = words * 4,
   };
   /* The next header is the next one's: nothing may add data to this one. */
   p->last_hdr = NULL;
}

void
jade_context_sync(struct jade_context *ctx)
{
   struct jade_fence *fence = NULL;
   /* A lost context's fence is signalled: there is nothing to wait for. */
   if (jade_context_submit(ctx, &fence) == 0 && fence &&
       !jade_fence_wait(fence, OS_TIMEOUT_INFINITE))
      mesa_loge("jade: waiting for the GPU failed");
   jade_fence_reference(&fence, NULL);
}

bool
jade_context_batch_done(struct jade_context *ctx, uint64_t batch, uint64_t timeout_ns)
{
   if (batch >= ctx->batch_seq && jade_context_submit(ctx, NULL))
      return ctx->reset != PIPE_NO_RESET; /* lost: nothing left to wait for */
   if (ctx->reset != PIPE_NO_RESET)
      return true;
   /* Submissions complete in order: a batch older than the ring is done
    * once the oldest one the ring holds is. */
   const uint64_t oldest = ctx->batch_seq > JADE_BATCH_RING ? ctx->batch_seq - JADE_BATCH_RING : 0;
   struct jade_fence *fence = ctx->batch_fence[MAX2(batch, oldest) % JADE_BATCH_RING];
   return !fence || jade_fence_wait(fence, timeout_ns);
}

bool
jade_context_submitted_fence(struct jade_context *ctx, uint64_t batch, struct jade_fence **fence)
{
   *fence = NULL;
   simple_mtx_lock(&ctx->batch_lock);
   const bool submitted = batch < ctx->batch_seq;
   if (submitted) {
      const uint64_t oldest =
         ctx->batch_seq > JADE_BATCH_RING ? ctx->batch_seq - JADE_BATCH_RING : 0;
      jade_fence_reference(fence, ctx->batch_fence[MAX2(batch, oldest) % JADE_BATCH_RING]);
   }
   simple_mtx_unlock(&ctx->batch_lock);
   return submitted;
}

void
jade_context_wait_batch(struct jade_context *ctx, uint64_t batch)
{
   if (!jade_context_batch_done(ctx, batch, OS_TIMEOUT_INFINITE))
      mesa_loge("jade: waiting for the GPU failed");
}

void
jade_context_mark_bound(struct jade_context *ctx)
{
   if (ctx->marked_batch == ctx->batch_seq)
      return;
   ctx->marked_batch = ctx->batch_seq;
   struct jade_state *st = &ctx->state;
   for (unsigned i = 0; i < st->vertex_buffer_count; i++) {
      if (st->vertex_buffers[i].buffer.resource && !st->vertex_buffers[i].is_user_buffer)
         jade_resource_used(ctx, st->vertex_buffers[i].buffer.resource);
   }
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      for (unsigned i = 0; i < PIPE_MAX_CONSTANT_BUFFERS; i++) {
         if (st->constbuf[s][i].buffer)
            jade_resource_used(ctx, st->constbuf[s][i].buffer);
      }
      for (unsigned i = 0; i < JADE_MAX_TEXTURE_UNITS; i++) {
         if (st->views[s][i])
            jade_resource_used(ctx, st->views[s][i]->texture);
      }
      for (unsigned i = 0; i < JADE_MAX_IMAGES; i++) {
         if (st->images[s][i].resource)
            jade_resource_used(ctx, st->images[s][i].resource);
      }
      for (unsigned i = 0; i < JADE_MAX_SSBOS; i++) {
         if (st->ssbo[s][i].buffer)
            jade_resource_used(ctx, st->ssbo[s][i].buffer);
      }
   }
   for (unsigned i = 0; i < st->framebuffer.nr_cbufs; i++) {
      if (st->framebuffer.cbufs[i])
         jade_resource_used(ctx, st->framebuffer.cbufs[i]->texture);
   }
   if (st->framebuffer.zsbuf)
      jade_resource_used(ctx, st->framebuffer.zsbuf->texture);
   for (unsigned i = 0; i < st->so_target_count; i++) {
      if (st->so_targets[i])
         jade_resource_used(ctx, st->so_targets[i]->buffer);
   }
}

static void
jade_flush(struct pipe_context *pctx, struct pipe_fence_handle **pfence, unsigned flags)
{
   struct jade_context *ctx = jade_context(pctx);
   struct jade_fence *fence = NULL;

   jade_context_submit(ctx, pfence ? &fence : NULL);
   if (pfence) {
      jade_fence_reference((struct jade_fence **)pfence, NULL);
      *pfence = (struct pipe_fence_handle *)fence;
   }
}

static enum pipe_reset_status
jade_get_device_reset_status(struct pipe_context *pctx)
{
   struct jade_context *ctx = jade_context(pctx);
   /* The channel may have died since the last submission. */
   if (ctx->reset == PIPE_NO_RESET && jade_channel_killed(ctx->channel))
      jade_context_lose(ctx, -ENODEV);
   return ctx->reset;
}

static void
jade_set_device_reset_callback(struct pipe_context *pctx,
                               const struct pipe_device_reset_callback *cb)
{
   struct jade_context *ctx = jade_context(pctx);
   if (cb)
      ctx->reset_cb = *cb;
   else
      memset(&ctx->reset_cb, 0, sizeof(ctx->reset_cb));
}

static void
jade_context_destroy(struct pipe_context *pctx)
{
   struct jade_context *ctx = jade_context(pctx);

   /* The state tracker is going away: a loss found now is not its news. */
   memset(&ctx->reset_cb, 0, sizeof(ctx->reset_cb));
   if (ctx->channel)
      jade_context_sync(ctx);
   if (jade_debug(JADE_DEBUG_NOS))
      fprintf(stderr,
              "jade: nos: context destroyed: %" PRIu64 " compiles, %" PRIu64 " links, %" PRIu64
              " hits, %" PRIu64 " patches\n",
              p_atomic_read(&ctx->counters.compiles), ctx->counters.links, ctx->counters.cache_hits,
              ctx->counters.patches);
   if (ctx->blitter)
      util_blitter_destroy(ctx->blitter);
   if (ctx->tls_bo)
      jade_bo_cache_release(&ctx->screen->bo_cache, ctx->tls_bo, true);
   jade_program_cache_fini(ctx);
   if (ctx->cbuf_bo)
      jade_bo_destroy(ctx->cbuf_bo);

   jade_context_release_state(ctx);
   if (ctx->tic_pool.bo)
      jade_release_shader_resources(ctx);
   jade_descriptor_pools_fini(ctx);
   if (pctx->stream_uploader)
      u_upload_destroy(pctx->stream_uploader);

   for (unsigned i = 0; i < JADE_BATCH_RING; i++)
      jade_fence_reference(&ctx->batch_fence[i], NULL);
   jade_fence_reference(&ctx->lost_fence, NULL);
   for (unsigned i = 0; i < ARRAY_SIZE(ctx->pushbufs); i++) {
      jade_fence_reference(&ctx->pushbuf_fence[i], NULL);
      if (ctx->pushbufs[i].bo)
         jade_pushbuf_fini(&ctx->pushbufs[i]);
   }
   jade_channel_destroy(ctx->channel);
   simple_mtx_destroy(&ctx->batch_lock);
   FREE(ctx);
}

struct pipe_context *
jade_context_create(struct pipe_screen *pscreen, void *priv, unsigned flags)
{
   struct jade_screen *screen = jade_screen(pscreen);
   struct jade_context *ctx = CALLOC_STRUCT(jade_context);
   if (!ctx)
      return NULL;

   struct pipe_context *pctx = &ctx->base;
   pctx->screen = pscreen;
   pctx->priv = priv;
   ctx->screen = screen;
   simple_mtx_init(&ctx->batch_lock, mtx_plain);

   if (jade_channel_create(screen->dev, &ctx->channel))
      goto fail;
   for (unsigned i = 0; i < ARRAY_SIZE(ctx->pushbufs); i++) {
      if (jade_pushbuf_init(&ctx->pushbufs[i], screen->dev))
         goto fail;
   }
   if (!jade_descriptor_pools_init(ctx))
      goto fail;
   jade_emit_set_objects(ctx);
   jade_emit_descriptor_pools(ctx);
   if (jade_context_submit(ctx, NULL))
      goto fail;
   if (jade_program_cache_init(ctx))
      goto fail;
   if (jade_bo_create(screen->dev, JADE_INLINE_CBUF_REGIONS * JADE_INLINE_CBUF_B, 0, JADE_BO_VRAM,
                      &ctx->cbuf_bo))
      goto fail;

   ctx->state.sample_mask = ~0u;
   ctx->dirty = ~0u; /* the first draw emits every piece of state */
   memset(ctx->bank_dirty, JADE_BANK_ALL, sizeof(ctx->bank_dirty));
   ctx->marked_batch = UINT64_MAX;

   pctx->destroy = jade_context_destroy;
   pctx->flush = jade_flush;
   pctx->get_device_reset_status = jade_get_device_reset_status;
   pctx->set_device_reset_callback = jade_set_device_reset_callback;

   pctx->stream_uploader = u_upload_create_default(pctx);
   if (!pctx->stream_uploader)
      goto fail;
   pctx->const_uploader = pctx->stream_uploader;

   jade_init_state_functions(ctx);
   jade_init_texture_functions(ctx);
   jade_init_shader_resource_functions(ctx);
   pctx->set_debug_callback = u_default_set_debug_callback;
   jade_init_shader_functions(ctx);
   jade_init_surface_functions(ctx);
   jade_init_draw_functions(ctx);
   jade_init_clear_functions(ctx);
   jade_init_blit_functions(ctx);
   jade_init_query_functions(ctx);
   jade_init_compute_functions(ctx);
   jade_init_resource_functions(pctx);

   ctx->blitter = util_blitter_create(pctx);
   if (!ctx->blitter)
      goto fail;

   /* GL's contexts prefer a threaded one (st_manager.c): the application's
    * thread records the calls, a driver thread runs them (docs/driver.md,
    * "Threads").  GALLIUM_THREAD=0 or JADE_DEBUG=notc turn it off. */
   if (!(flags & PIPE_CONTEXT_PREFER_THREADED) || jade_debug(JADE_DEBUG_NOTC))
      return pctx;
   const struct threaded_context_options options = {0};
   return threaded_context_create(pctx, &screen->transfer_pool, jade_replace_buffer_storage,
                                  &options, NULL);

fail:
   mesa_loge("jade: context creation failed");
   jade_context_destroy(pctx);
   return NULL;
}
