/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Shader CSOs.  A shader is created from NIR (TGSI from Gallium's helpers is
 * translated first) and compiled once, here, so shader-db sees statistics
 * without drawing; it is never compiled again: linking and NOS patching
 * happen when a draw needs the pair (jade_program.c).
 * Statistics and compile errors go to the GL debug output.
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "compiler/nir/nir.h"
#include "nir/tgsi_to_nir.h"
#include "tgsi/tgsi_from_mesa.h"
#include "util/log.h"
#include "util/mesa-sha1.h"
#include "util/ralloc.h"
#include "util/os_time.h"
#include "util/u_atomic.h"
#include "util/u_debug.h"
#include "util/u_math.h"
#include "util/u_memory.h"

#include "jade/jade_compiler.h"
#include "jade_isa.h"

#include "jade_context.h"
#include "jade_debug.h"
#include "jade_disk_cache.h"
#include "jade_program.h"
#include "jade_shader.h"

static void
print_disassembly(const struct jade_shader_binary *bin)
{
   for (size_t i = 0; i + 16 <= bin->code_size; i += 16) {
      struct jade_isa_instr instr;
      char text[160] = "<unknown>";
      if (jade_isa_decode(&bin->code[i / 8], &instr) == 0)
         jade_isa_print(&instr, i, text, sizeof(text));
      fprintf(stderr, "   /*%04zx*/ %s\n", i, text);
   }
}

/* JADE_SHADER_DUMP=DIR: every compiled binary is written to DIR, named by
 * its SHA-1 and stage (tests disassemble them with nvdisasm). */
DEBUG_GET_ONCE_OPTION(shader_dump, "JADE_SHADER_DUMP", NULL)

static void
dump_binary(const struct jade_shader_binary *bin)
{
   const char *dir = debug_get_option_shader_dump();
   if (!dir)
      return;
   unsigned char sha1[20];
   char hex[41], path[4096];
   _mesa_sha1_compute(bin->code, bin->code_size, sha1);
   _mesa_sha1_format(hex, sha1);
   snprintf(path, sizeof(path), "%s/%s.%s.bin", dir, hex, _mesa_shader_stage_to_abbrev(bin->stage));
   FILE *f = fopen(path, "wb");
   if (!f || fwrite(bin->code, 1, bin->code_size, f) != bin->code_size)
      fprintf(stderr, "jade: JADE_SHADER_DUMP: cannot write %s\n", path);
   if (f)
      fclose(f);
}

/* The binary of `shader` (its position-clipping variant if ucp): from
 * the disk cache, or compiled from a copy of the shader's NIR (the CSO
 * keeps the original for variants to come).  Runs on a compiler thread
 * or the creating one, so it touches no context: its messages go to
 * `debug`.  A shader the compiler cannot handle gets a message, never a
 * crash; it then draws nothing. */
static void
build_binary(struct jade_screen *screen, struct util_debug_callback *debug,
             struct jade_shader *shader, bool ucp)
{
   struct jade_compiler_options options = {
      .serial = jade_debug(JADE_DEBUG_SERIAL),
      .max_gprs = jade_debug(JADE_DEBUG_SPILL) ? 16 : 0,
      .print_ir = jade_debug(JADE_DEBUG_IR),
      .validate = jade_debug(JADE_DEBUG_VALIDATE),
      .clip_from_position = ucp,
   };
   char *error = NULL;
   void **mem = ucp ? &shader->ucp_mem : &shader->mem;
   struct jade_shader_binary **binp = ucp ? &shader->ucp_bin : &shader->bin;
   uint8_t *depends = ucp ? &shader->ucp_patch_depends : &shader->patch_depends;
   *mem = ralloc_context(NULL);
   int64_t start = os_time_get_nano();

   /* A compile printing its IR or validating it is asked for: no lookup. */
   cache_key key;
   const bool cached = jade_disk_cache_key(screen, shader->nir, &options, key);
   struct jade_shader_binary *bin = NULL;
   if (cached && !options.print_ir && !options.validate)
      bin = jade_disk_cache_load(screen, key, *mem);
   const bool hit = bin != NULL;
   if (!bin) {
      nir_shader *nir = nir_shader_clone(NULL, shader->nir);
      bin = jade_compile(*mem, nir, &options, &error);
      ralloc_free(nir);
      if (bin && cached)
         jade_disk_cache_store(screen, key, bin);
   }
   *binp = bin;
   int64_t ns = os_time_get_nano() - start;
   const char *stage = _mesa_shader_stage_to_abbrev(shader->nir->info.stage);
   if (jade_debug(JADE_DEBUG_BINDSTATS))
      fprintf(stderr, "jade: bindstats: compile %s %" PRId64 " ns%s\n", stage, ns,
              hit ? " (disk cache)" : "");
   if (jade_debug(JADE_DEBUG_NOS))
      fprintf(stderr, "jade: nos: compile %s %u%s%s\n", stage, shader->id,
              ucp ? " (clipping gl_Position against the user clip planes)" : "",
              hit ? " (from the disk cache)" : "");

   if (!bin) {
      util_debug_message(debug, SHADER_INFO, "SM75 %s shader: compile failed: %s", stage, error);
      /* Said once a shader, always: its draws or dispatches are skipped,
       * which a user must not have to guess. */
      if (jade_debug(JADE_DEBUG_SHADERDB))
         fprintf(stderr, "SM75 %s shader: compile failed: %s\n", stage, error);
      else
         mesa_loge("jade: %s shader %u: compile failed: %s (its draws and dispatches are "
                   "skipped)",
                   stage, shader->id, error);
      return;
   }
   for (unsigned k = 0; k < bin->patch_count; k++)
      *depends |= bin->patches[k].depends;
   /* The statistics are the binary's: a hit reports what the compile did. */
   char line[256];
   jade_shader_stats_format(bin, line, sizeof(line));
   util_debug_message(debug, SHADER_INFO, "%s", line);
   if (jade_debug(JADE_DEBUG_SHADERDB))
      fprintf(stderr, "%s\n", line);
   if (jade_debug(JADE_DEBUG_SHADERS))
      print_disassembly(bin);
   dump_binary(bin);
}

static void
compile_job(void *job, void *gdata, int thread_index)
{
   struct jade_shader *shader = job;
   build_binary(shader->screen, &shader->debug, shader, false);
}

/* On a compiler thread unless there is none, or what the compile says
 * must reach the caller before create returns (a synchronous GL debug
 * callback: shader-db reads its statistics there), or its output runs
 * over several lines (IR, disassembly) or must come in call order (the
 * NOS log). */
static bool
compile_on_queue(struct jade_context *ctx, struct jade_shader *shader)
{
   if (jade_debug(JADE_DEBUG_SYNCCOMPILE | JADE_DEBUG_IR | JADE_DEBUG_SHADERS | JADE_DEBUG_NOS) ||
       (ctx->base.debug.debug_message && !ctx->base.debug.async))
      return false;
   return jade_screen_queue_compile(ctx->screen, shader, &shader->ready, compile_job);
}

void
jade_shader_wait(struct jade_shader *shader)
{
   if (shader)
      util_queue_fence_wait(&shader->ready);
}

bool
jade_shader_needs_ucp_variant(const struct jade_shader *vs)
{
   const uint64_t written = vs->nir->info.outputs_written;
   return vs->bin && !vs->bin->io.clip_from_planes && (written & VARYING_BIT_POS) &&
          !(written & (VARYING_BIT_CLIP_VERTEX | VARYING_BIT_CLIP_DIST0 | VARYING_BIT_CLIP_DIST1));
}

/* Compiled once, on the first draw that needs it: user clip planes with
 * a VS that gives no clip vertex are a compatibility corner (GLSL 1.30
 * leaves them undefined), and clipping the position in every VS would
 * cost every VS the distances' registers and code. */
const struct jade_shader_binary *
jade_shader_ucp_variant(struct jade_context *ctx, struct jade_shader *vs)
{
   if (!vs->ucp_tried) {
      vs->ucp_tried = true;
      p_atomic_inc(&ctx->counters.compiles);
      build_binary(ctx->screen, &ctx->base.debug, vs, true);
   }
   return vs->ucp_bin;
}

/* The stream output layout of a VS: Gallium numbers outputs in the order
 * of the varying slots the shader writes; the hardware selects attribute
 * words (address / 4). */
static void
stream_out_layout(const nir_shader *nir, const struct pipe_stream_output_info *info,
                  struct jade_stream_out_layout *so)
{
   unsigned slot_of[64], n = 0;
   uint64_t written = nir->info.outputs_written;
   while (written && n < 64)
      slot_of[n++] = u_bit_scan64(&written);

   memset(so->select, 0xff, sizeof(so->select));
   for (unsigned i = 0; i < info->num_outputs; i++) {
      const struct pipe_stream_output *o = &info->output[i];
      int addr = o->register_index < n ? jade_varying_address(slot_of[o->register_index]) : -1;
      const unsigned b = o->output_buffer;
      if (addr < 0 || b >= 4)
         continue;
      for (unsigned k = 0; k < o->num_components && o->dst_offset + k < 128; k++)
         so->select[b][o->dst_offset + k] = (uint8_t)(addr / 4 + o->start_component + k);
      so->count[b] = MAX2(so->count[b], MIN2(o->dst_offset + o->num_components, 128));
      so->stream[b] = o->stream;
      so->used = true;
   }
   for (unsigned b = 0; b < 4; b++)
      so->stride_B[b] = info->stride[b] * 4;
}

static void *
jade_create_shader_state(struct pipe_context *pctx, const struct pipe_shader_state *templ)
{
   struct jade_shader *shader = CALLOC_STRUCT(jade_shader);
   if (!shader)
      return NULL;

   nir_shader *nir = templ->type == PIPE_SHADER_IR_NIR
                        ? templ->ir.nir
                        : tgsi_to_nir(templ->tokens, pctx->screen, false);
   static uint32_t next_id;
   shader->id = p_atomic_inc_return(&next_id);
   shader->nir = nir;
   shader->stage = pipe_shader_type_from_mesa(nir->info.stage);
   if ((shader->stage == PIPE_SHADER_VERTEX || shader->stage == PIPE_SHADER_TESS_EVAL ||
        shader->stage == PIPE_SHADER_GEOMETRY) &&
       templ->stream_output.num_outputs)
      stream_out_layout(nir, &templ->stream_output, &shader->so);

   if (jade_debug(JADE_DEBUG_NIR))
      nir_print_shader(nir, stderr);
   struct jade_context *ctx = jade_context(pctx);
   p_atomic_inc(&ctx->counters.compiles);
   shader->screen = ctx->screen;
   shader->debug = ctx->base.debug;
   util_queue_fence_init(&shader->ready);
   if (!compile_on_queue(ctx, shader))
      build_binary(ctx->screen, &shader->debug, shader, false);
   return shader;
}

static void
jade_delete_shader_state(struct pipe_context *pctx, void *cso)
{
   struct jade_shader *shader = cso;
   jade_shader_wait(shader);
   util_queue_fence_destroy(&shader->ready);
   if (shader->code.size_B)
      jade_code_heap_free(&jade_context(pctx)->code_heap, &shader->code);
   else
      jade_program_cache_forget(jade_context(pctx), shader);
   ralloc_free(shader->mem);
   ralloc_free(shader->ucp_mem);
   ralloc_free(shader->nir);
   FREE(shader);
}

static void
jade_bind_shader(struct pipe_context *pctx, enum pipe_shader_type stage, void *cso)
{
   struct jade_context *ctx = jade_context(pctx);
   /* The first bind waits for the compile; the binary is final after. */
   jade_shader_wait(cso);
   ctx->state.shader[stage] = cso;
   ctx->program_dirty = true;
}

static void
jade_bind_vs_state(struct pipe_context *pctx, void *cso)
{
   jade_bind_shader(pctx, PIPE_SHADER_VERTEX, cso);
}

static void
jade_bind_tcs_state(struct pipe_context *pctx, void *cso)
{
   jade_bind_shader(pctx, PIPE_SHADER_TESS_CTRL, cso);
}

static void
jade_bind_tes_state(struct pipe_context *pctx, void *cso)
{
   jade_bind_shader(pctx, PIPE_SHADER_TESS_EVAL, cso);
}

static void
jade_bind_gs_state(struct pipe_context *pctx, void *cso)
{
   jade_bind_shader(pctx, PIPE_SHADER_GEOMETRY, cso);
}

static void
jade_bind_fs_state(struct pipe_context *pctx, void *cso)
{
   jade_bind_shader(pctx, PIPE_SHADER_FRAGMENT, cso);
}

/* Compute shaders have no other stage to link with and no header: their
 * code is uploaded as is at the first launch (jade_compute.c). */
static void *
jade_create_compute_state(struct pipe_context *pctx, const struct pipe_compute_state *templ)
{
   if (templ->ir_type != PIPE_SHADER_IR_NIR && templ->ir_type != PIPE_SHADER_IR_TGSI)
      return NULL;
   const struct pipe_shader_state state = {
      .type = templ->ir_type,
      .tokens = templ->ir_type == PIPE_SHADER_IR_TGSI ? templ->prog : NULL,
      .ir.nir = templ->ir_type == PIPE_SHADER_IR_NIR ? (nir_shader *)templ->prog : NULL,
   };
   return jade_create_shader_state(pctx, &state);
}

static void
jade_bind_compute_state(struct pipe_context *pctx, void *cso)
{
   jade_shader_wait(cso);
   jade_context(pctx)->state.shader[PIPE_SHADER_COMPUTE] = cso;
}

static void
jade_get_compute_state_info(struct pipe_context *pctx, void *cso,
                            struct pipe_compute_state_object_info *info)
{
   struct jade_shader *cs = cso;
   jade_shader_wait(cs);
   info->max_threads = 1024;
   info->preferred_simd_size = 32;
   info->simd_sizes = 32;
   info->private_memory = cs->bin ? cs->bin->local_size : 0;
}

void
jade_init_shader_functions(struct jade_context *ctx)
{
   struct pipe_context *pctx = &ctx->base;

   pctx->create_vs_state = jade_create_shader_state;
   pctx->bind_vs_state = jade_bind_vs_state;
   pctx->delete_vs_state = jade_delete_shader_state;
   pctx->create_tcs_state = jade_create_shader_state;
   pctx->bind_tcs_state = jade_bind_tcs_state;
   pctx->delete_tcs_state = jade_delete_shader_state;
   pctx->create_tes_state = jade_create_shader_state;
   pctx->bind_tes_state = jade_bind_tes_state;
   pctx->delete_tes_state = jade_delete_shader_state;
   pctx->create_gs_state = jade_create_shader_state;
   pctx->bind_gs_state = jade_bind_gs_state;
   pctx->delete_gs_state = jade_delete_shader_state;
   pctx->create_fs_state = jade_create_shader_state;
   pctx->bind_fs_state = jade_bind_fs_state;
   pctx->delete_fs_state = jade_delete_shader_state;
   pctx->create_compute_state = jade_create_compute_state;
   pctx->bind_compute_state = jade_bind_compute_state;
   pctx->delete_compute_state = jade_delete_shader_state;
   pctx->get_compute_state_info = jade_get_compute_state_info;
}
