/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Linked programs at draw time (docs/linkage.md).  A draw's vertex,
 * tessellation, geometry and fragment shaders and the non-orthogonal
 * state it runs under form a key;
 * a program for a key is linked once (jade_link: headers and patched code,
 * no compile), uploaded to the code heap and cached.  Changing only NOS
 * therefore costs a hash lookup, or a link on first use.
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "util/hash_table.h"
#include "util/log.h"
#include "util/os_time.h"
#include "util/ralloc.h"
#include "util/u_atomic.h"
#include "util/u_memory.h"
#include "util/u_framebuffer.h"
#include "util/u_prim.h"

#include "jade_attr.h"
#include "jade_isa.h"
#include "jade_sph.h"

#include "jade_context.h"
#include "jade_debug.h"
#include "jade_program.h"
#include "jade_shader.h"
#include "jade_state.h"

#define CODE_HEAP_SIZE_B (8u << 20)
#define SPH_SIZE_B       (JADE_SPH_WORDS * 4)

/* Whether the draw rasterises points, which point sprites replace
 * coordinates of: points drawn (or emitted by the geometry shader), or
 * polygons of a face in POINT polygon mode (GL 4.6 14.6.4: those are
 * rasterised as points, sprites included). */
static bool
draws_points(const struct jade_context *ctx, const struct pipe_draw_info *info,
             const struct pipe_rasterizer_state *rast)
{
   enum mesa_prim prim = info->mode;
   const struct jade_shader *tes = ctx->state.shader[PIPE_SHADER_TESS_EVAL];
   const struct jade_shader *gs = ctx->state.shader[PIPE_SHADER_GEOMETRY];
   if (gs && gs->bin)
      prim = (enum mesa_prim)gs->bin->gs.output_primitive;
   else if (tes && tes->bin)
      prim = tes->bin->tess.output_primitives ==
                   NVC597_SET_TESSELLATION_PARAMETERS_OUTPUT_PRIMITIVES_POINTS
                ? MESA_PRIM_POINTS
                : MESA_PRIM_TRIANGLES;
   if (prim == MESA_PRIM_POINTS)
      return true;
   return u_reduced_prim(prim) == MESA_PRIM_TRIANGLES &&
          (rast->fill_front == PIPE_POLYGON_MODE_POINT ||
           rast->fill_back == PIPE_POLYGON_MODE_POINT);
}

void
jade_nos_key(const struct jade_context *ctx, const struct pipe_draw_info *info,
             struct jade_link_key *key)
{
   memset(key, 0, sizeof(*key));
   if (!ctx->state.rasterizer)
      return;
   const struct pipe_rasterizer_state *rast = &ctx->state.rasterizer->base;
   key->flatshade = rast->flatshade;
   key->light_twoside = rast->light_twoside;
   key->persample = rast->force_persample_interp;
   key->clip_plane_enable = (uint8_t)rast->clip_plane_enable;
   key->clamp_vertex_color = rast->clamp_vertex_color;
   if (rast->point_quad_rasterization && draws_points(ctx, info, rast))
      key->sprite_coord_enable = (uint8_t)rast->sprite_coord_enable;
   key->stream_out = jade_stream_out_active(ctx);
}

static uint32_t
key_hash(const void *key)
{
   return _mesa_hash_data(key, sizeof(struct jade_program_key));
}

static bool
key_equal(const void *a, const void *b)
{
   return !memcmp(a, b, sizeof(struct jade_program_key));
}

int
jade_program_cache_init(struct jade_context *ctx)
{
   ctx->programs = _mesa_hash_table_create(NULL, key_hash, key_equal);
   if (!ctx->programs)
      return -1;
   return jade_code_heap_init(&ctx->code_heap, ctx->screen->dev, CODE_HEAP_SIZE_B);
}

static void
program_destroy(struct jade_context *ctx, struct jade_program *prog)
{
   for (unsigned s = 0; s < JADE_GRAPHICS_STAGES; s++)
      jade_code_heap_free(&ctx->code_heap, &prog->code[s]);
   if (ctx->program == prog) {
      ctx->program = NULL;
      ctx->program_dirty = true;
   }
   FREE(prog);
}

void
jade_program_cache_fini(struct jade_context *ctx)
{
   if (ctx->programs) {
      hash_table_foreach (ctx->programs, entry)
         program_destroy(ctx, entry->data);
      _mesa_hash_table_destroy(ctx->programs, NULL);
      ctx->programs = NULL;
   }
   jade_code_heap_fini(&ctx->code_heap);
}

void
jade_program_cache_forget(struct jade_context *ctx, const struct jade_shader *shader)
{
   if (!ctx->programs)
      return;
   hash_table_foreach (ctx->programs, entry) {
      struct jade_program *prog = entry->data;
      bool uses = false;
      for (unsigned s = 0; s < JADE_GRAPHICS_STAGES; s++)
         uses = uses || prog->key.id[s] == shader->id;
      if (uses) {
         _mesa_hash_table_remove(ctx->programs, entry);
         program_destroy(ctx, prog);
      }
   }
}

/* ---- JADE_DEBUG=nos ---- */

static void
log_key(const char *what, const struct jade_program_key *key)
{
   const struct jade_link_key *n = &key->nos;
   fprintf(stderr,
           "jade: nos: %s VS %u + TCS %u + TES %u + GS %u + FS %u [flatshade %u, twoside %u, "
           "persample %u, sprite 0x%02x, clip 0x%02x, clamp %u]",
           what, key->id[PIPE_SHADER_VERTEX], key->id[PIPE_SHADER_TESS_CTRL],
           key->id[PIPE_SHADER_TESS_EVAL], key->id[PIPE_SHADER_GEOMETRY],
           key->id[PIPE_SHADER_FRAGMENT], n->flatshade, n->light_twoside, n->persample,
           n->sprite_coord_enable, n->clip_plane_enable, n->clamp_vertex_color);
}

static void
log_counters(const struct jade_context *ctx)
{
   fprintf(stderr,
           "jade: nos: counters: %" PRIu64 " compiles, %" PRIu64 " links, %" PRIu64
           " hits, %" PRIu64 " patches\n",
           p_atomic_read(&ctx->counters.compiles), ctx->counters.links, ctx->counters.cache_hits,
           ctx->counters.patches);
}

static void
disassemble(const uint64_t *code, unsigned at, char *buf, size_t size)
{
   struct jade_isa_instr instr;
   snprintf(buf, size, "<unknown>");
   if (jade_isa_decode(&code[at / 8], &instr) == 0)
      jade_isa_print(&instr, at, buf, size);
}

/* Every instruction the link changed, before and after. */
static void
log_patched(const char *stage, const struct jade_shader_binary *bin, const uint64_t *code)
{
   for (unsigned at = 0; at < bin->code_size; at += 16) {
      if (!memcmp(&bin->code[at / 8], &code[at / 8], 16))
         continue;
      char before[160], after[160];
      disassemble(bin->code, at, before, sizeof(before));
      disassemble(code, at, after, sizeof(after));
      bool site = false;
      for (unsigned k = 0; k < bin->patch_count; k++)
         site = site || bin->patches[k].offset == at || bin->patches[k].mul_offset == at;
      fprintf(stderr, "jade: nos:   %s 0x%04x: %s -> %s%s\n", stage, at, before, after,
              site ? "" : " (not a patch site!)");
   }
}

/* ---- linking and upload ---- */

bool
jade_program_upload(struct jade_context *ctx, const void *blob, size_t size_B,
                    struct jade_code_range *out)
{
   if (jade_code_heap_upload(&ctx->code_heap, blob, size_B, out))
      return true;
   jade_context_sync(ctx);
   jade_code_heap_reclaim(&ctx->code_heap);
   if (jade_code_heap_upload(&ctx->code_heap, blob, size_B, out))
      return true;
   hash_table_foreach (ctx->programs, entry) {
      _mesa_hash_table_remove(ctx->programs, entry);
      program_destroy(ctx, entry->data);
   }
   jade_code_heap_reclaim(&ctx->code_heap);
   return jade_code_heap_upload(&ctx->code_heap, blob, size_B, out);
}

/* A stage's header and code, uploaded (blob: SPH_SIZE_B + code bytes). */
static bool
upload_stage(struct jade_context *ctx, uint8_t *blob, const struct jade_shader_binary *bin,
             struct jade_code_range *out)
{
   return jade_program_upload(ctx, blob, SPH_SIZE_B + bin->code_size, out);
}

/* The last stage before the rasteriser (GS, else TES, else VS) is what
 * the FS is linked with: its outputs reach the rasteriser and the NOS
 * applies to them.  The stages before it feed the next one every output
 * they write, with their own headers and code (docs/linkage.md). */
static unsigned
last_stage(const struct jade_shader_binary *const bins[JADE_GRAPHICS_STAGES])
{
   return bins[PIPE_SHADER_GEOMETRY]    ? PIPE_SHADER_GEOMETRY
          : bins[PIPE_SHADER_TESS_EVAL] ? PIPE_SHADER_TESS_EVAL
                                        : PIPE_SHADER_VERTEX;
}

static const char *const stage_name[JADE_GRAPHICS_STAGES] = {"VS", "TCS", "TES", "GS", "FS"};

static struct jade_program *
link_program(struct jade_context *ctx, const struct jade_program_key *key,
             const struct jade_shader_binary *const bins[JADE_GRAPHICS_STAGES])
{
   const unsigned last = last_stage(bins);
   const struct jade_shader_binary *fs = bins[PIPE_SHADER_FRAGMENT];
   struct jade_program *prog = CALLOC_STRUCT(jade_program);
   uint8_t *blob[JADE_GRAPHICS_STAGES] = {0};
   bool ok = prog != NULL;
   for (unsigned s = 0; s < JADE_GRAPHICS_STAGES && ok; s++) {
      if (bins[s]) {
         blob[s] = MALLOC(SPH_SIZE_B + bins[s]->code_size);
         ok = blob[s] != NULL;
      }
   }
   if (!ok)
      goto fail;
   prog->key = *key;

   int64_t start = os_time_get_nano();
   int64_t populate_start = ctx->code_heap.populate_ns;
   for (unsigned s = 0; s < PIPE_SHADER_FRAGMENT; s++) {
      if (bins[s] && s != last) {
         memcpy(blob[s], bins[s]->sph, SPH_SIZE_B);
         memcpy(blob[s] + SPH_SIZE_B, bins[s]->code, bins[s]->code_size);
      }
   }
   uint8_t *lblob = blob[last], *fblob = blob[PIPE_SHADER_FRAGMENT];
   jade_link(&key->nos, bins[last], fs, (uint32_t *)lblob, (uint32_t *)fblob,
             (uint64_t *)(lblob + SPH_SIZE_B), (uint64_t *)(fblob + SPH_SIZE_B), &prog->stats);

   for (unsigned s = 0; s < JADE_GRAPHICS_STAGES; s++) {
      if (bins[s] && !upload_stage(ctx, blob[s], bins[s], &prog->code[s])) {
         for (unsigned k = 0; k < s; k++)
            jade_code_heap_free(&ctx->code_heap, &prog->code[k]);
         goto fail;
      }
      /* The programmed counts, with the two registers that hold the pc. */
      prog->gprs[s] = bins[s] ? (uint8_t)bins[s]->stats.gprs : 0;
   }
   if (jade_debug(JADE_DEBUG_BINDSTATS)) {
      const struct jade_link_stats *st = &prog->stats;
      unsigned instrs[JADE_GRAPHICS_STAGES];
      for (unsigned s = 0; s < JADE_GRAPHICS_STAGES; s++)
         instrs[s] = bins[s] ? bins[s]->stats.instructions : 0;
      fprintf(stderr,
              "jade: bindstats: link %" PRId64 " ns (%" PRId64 " ns writing fresh "
              "heap pages), %u stores removed, %u loads defaulted, %u loads constant, "
              "%u patches, %u+%u+%u+%u+%u instructions\n",
              os_time_get_nano() - start, ctx->code_heap.populate_ns - populate_start,
              st->stores_removed, st->inputs_defaulted, st->inputs_constant, st->patches, instrs[0],
              instrs[1], instrs[2], instrs[3], instrs[4]);
   }

   ctx->counters.links++;
   ctx->counters.patches += prog->stats.patches;
   ctx->code_uploaded = true;
   if (jade_debug(JADE_DEBUG_NOS)) {
      const struct jade_link_stats *st = &prog->stats;
      log_key("link", key);
      fprintf(stderr,
              ": %u patches (%u stores removed, %u inputs defaulted, %u constant, "
              "%u flat, %u per-sample, %u colours clamped)\n",
              st->patches, st->stores_removed, st->inputs_defaulted, st->inputs_constant,
              st->inputs_flat, st->inputs_persample, st->colors_clamped);
      log_patched(stage_name[last], bins[last], (const uint64_t *)(lblob + SPH_SIZE_B));
      log_patched("FS", fs, (const uint64_t *)(fblob + SPH_SIZE_B));
      log_counters(ctx);
   }
   for (unsigned s = 0; s < JADE_GRAPHICS_STAGES; s++)
      FREE(blob[s]);
   return prog;

fail:
   mesa_loge("jade: no room to upload a program (code heap of %u bytes full)", CODE_HEAP_SIZE_B);
   for (unsigned s = 0; s < JADE_GRAPHICS_STAGES; s++)
      FREE(blob[s]);
   FREE(prog);
   return NULL;
}

/* SET_PIPELINE_* for one stage: index = type, as NVK does. */
static void
emit_stage(struct nv_push *p, unsigned type, const struct jade_code_range *code, uint8_t gprs,
           unsigned bind_group)
{
   P_IMMD(p, NVC597, SET_PIPELINE_SHADER(type),
          {
             .enable = ENABLE_TRUE,
             .type = type,
          });
   P_MTHD(p, NVC597, SET_PIPELINE_REGISTER_COUNT(type));
   P_NVC597_SET_PIPELINE_REGISTER_COUNT(p, type, gprs);
   P_NVC597_SET_PIPELINE_BINDING(p, type, bind_group);
   P_NVC597_SET_PIPELINE_PROGRAM_ADDRESS_A(p, type, code->va >> 32);
   P_NVC597_SET_PIPELINE_PROGRAM_ADDRESS_B(p, type, code->va);
}

static void
emit_program(struct jade_context *ctx)
{
   struct nv_push *p = jade_push_reserve(ctx, 32);
   if (ctx->code_uploaded) {
      /* New code may sit where the instruction cache saw other code. */
      P_IMMD(p, NVC597, INVALIDATE_SHADER_CACHES_NO_WFI,
             {
                .instruction = INSTRUCTION_TRUE,
             });
      ctx->code_uploaded = false;
   }
   /* Stage s in slot s + 1 with bind group s (jade_program.h); an absent
    * tessellation or geometry stage is disabled when it was last sent
    * enabled (nvc0_shader_state.c disables them the same way; the TCS slot
    * off runs the tessellator on SET_TESSELLATION_LOD_* and
    * SET_TG_LOD_INTERIOR_*, as nvc0 does with no TCS bound). */
   const struct jade_program *prog = ctx->program;
   for (unsigned s = 0; s < JADE_GRAPHICS_STAGES; s++) {
      const unsigned type = s + NVC597_SET_PIPELINE_SHADER_TYPE_VERTEX;
      if (prog->key.id[s]) {
         emit_stage(p, type, &prog->code[s], prog->gprs[s], s);
      } else if (ctx->stage_enabled & (1u << s)) {
         P_IMMD(p, NVC597, SET_PIPELINE_SHADER(type),
                {
                   .enable = ENABLE_FALSE,
                   .type = type,
                });
      }
   }
   ctx->stage_enabled = 0;
   for (unsigned s = 0; s < JADE_GRAPHICS_STAGES; s++)
      ctx->stage_enabled |= (prog->key.id[s] != 0) << s;
}

/* SET_RT_LAYER: a geometry shader's gl_Layer (a[0x64]) selects the layer
 * of a layered framebuffer (CONTROL GEOMETRY_SHADER_SELECTS_LAYER, as NVK's
 * nvk_shader.c sets it for a last stage that writes the layer); otherwise
 * layer V = 0, since GL ignores gl_Layer when the framebuffer is not
 * layered (GL 4.6 9.8).  Sent when it changes, the first draw included
 * (NVK sets it at init: its reset value is not documented). */
static void
emit_rt_layer(struct jade_context *ctx)
{
   const struct jade_shader *gs = ctx->state.shader[PIPE_SHADER_GEOMETRY];
   const unsigned layer_word = JADE_ATTR_WORD(JADE_ATTR_RT_ARRAY_INDEX);
   const bool gs_layer = gs && gs->bin && jade_io_word(gs->bin->io.outputs, layer_word) &&
                         util_framebuffer_get_num_layers(&ctx->state.framebuffer) > 1;
   const uint8_t want = gs_layer ? 2 : 1;
   if (ctx->rt_layer_sent == want)
      return;
   ctx->rt_layer_sent = want;
   P_IMMD(jade_push_reserve(ctx, 2), NVC597, SET_RT_LAYER,
          {
             .v = 0,
             .control = gs_layer ? CONTROL_GEOMETRY_SHADER_SELECTS_LAYER : CONTROL_V_SELECTS_LAYER,
          });
}

/* NOS no site of the pair depends on cannot change the program: left out
 * of the key, so toggling it finds the same program. */
static void
mask_key(struct jade_link_key *nos, uint8_t deps)
{
   if (!(deps & JADE_DEP_FLATSHADE))
      nos->flatshade = false;
   if (!(deps & JADE_DEP_TWOSIDE))
      nos->light_twoside = false;
   if (!(deps & JADE_DEP_PERSAMPLE))
      nos->persample = false;
   if (!(deps & JADE_DEP_SPRITE))
      nos->sprite_coord_enable = 0;
   if (!(deps & JADE_DEP_CLIP_PLANES))
      nos->clip_plane_enable = 0;
   if (!(deps & JADE_DEP_CLAMP_COLOR))
      nos->clamp_vertex_color = false;
   if (!(deps & JADE_DEP_LINK))
      nos->stream_out = false;
}

static bool
usable(const struct jade_shader *shader)
{
   return shader && shader->bin;
}

bool
jade_program_validate(struct jade_context *ctx, const struct pipe_draw_info *info)
{
   struct jade_shader *vs = ctx->state.shader[PIPE_SHADER_VERTEX];
   const struct jade_shader *tcs = ctx->state.shader[PIPE_SHADER_TESS_CTRL];
   const struct jade_shader *tes = ctx->state.shader[PIPE_SHADER_TESS_EVAL];
   const struct jade_shader *gs = ctx->state.shader[PIPE_SHADER_GEOMETRY];
   const struct jade_shader *fs = ctx->state.shader[PIPE_SHADER_FRAGMENT];
   if (!usable(vs) || !usable(fs) || (gs && !usable(gs)) || (tcs && !usable(tcs)) ||
       (tes && !usable(tes)))
      return false;
   /* Patches go through the tessellator and nothing else does (GL 4.6
    * 10.1.15 and 11.2: Mesa rejects the other mixes before they get
    * here); a TCS without a TES runs nothing. */
   if ((info->mode == MESA_PRIM_PATCHES) != (tes != NULL)) {
      if (!ctx->warned_stages) {
         mesa_logw("jade: a draw of %s with%s a tessellation evaluation shader: skipped",
                   info->mode == MESA_PRIM_PATCHES ? "patches" : "other primitives",
                   tes ? "" : "out");
         ctx->warned_stages = true;
      }
      return false;
   }

   struct jade_program_key key;
   memset(&key, 0, sizeof(key));
   for (unsigned s = 0; s < JADE_GRAPHICS_STAGES; s++) {
      const struct jade_shader *sh = ctx->state.shader[s];
      key.id[s] = sh && (s != PIPE_SHADER_TESS_CTRL || tes) ? sh->id : 0;
   }
   jade_nos_key(ctx, info, &key.nos);
   /* User clip planes with a VS that gives no clip vertex: its variant
    * clipping gl_Position (jade_shader_ucp_variant).  With a geometry or
    * tessellation stage the planes clip its outputs: by its
    * gl_ClipVertex (jade_nir_lower_clip_vertex); a last stage writing
    * neither it nor gl_ClipDistance is not clipped (no position variant
    * for it). */
   const struct jade_shader *const last = gs ? gs : tes ? tes : vs;
   const struct jade_shader_binary *bins[JADE_GRAPHICS_STAGES] = {0};
   for (unsigned s = 0; s < JADE_GRAPHICS_STAGES; s++)
      bins[s] = key.id[s] ? ((const struct jade_shader *)ctx->state.shader[s])->bin : NULL;
   uint8_t last_depends = last->patch_depends;
   if (last == vs && key.nos.clip_plane_enable && jade_shader_needs_ucp_variant(vs)) {
      bins[PIPE_SHADER_VERTEX] = jade_shader_ucp_variant(ctx, vs);
      if (!bins[PIPE_SHADER_VERTEX])
         return false;
      last_depends = vs->ucp_patch_depends;
      key.vs_ucp = true;
   }
   mask_key(&key.nos, last_depends | fs->patch_depends);
   unsigned local_B = 0;
   for (unsigned s = 0; s < JADE_GRAPHICS_STAGES; s++)
      local_B = MAX2(local_B, bins[s] ? bins[s]->local_size : 0);
   if (local_B && !jade_context_ensure_tls(ctx, local_B))
      return false;

   /* The layer control depends on the GS and the framebuffer only. */
   if (ctx->program_dirty || (ctx->dirty & JADE_DIRTY_FRAMEBUFFER) || !ctx->rt_layer_sent)
      emit_rt_layer(ctx);
   if (ctx->program && !ctx->program_dirty && key_equal(&ctx->program->key, &key))
      return true;

   struct hash_entry *entry = _mesa_hash_table_search(ctx->programs, &key);
   struct jade_program *prog;
   if (entry) {
      prog = entry->data;
      ctx->counters.cache_hits++;
      if (jade_debug(JADE_DEBUG_NOS)) {
         log_key("hit", &key);
         fprintf(stderr, "\n");
         log_counters(ctx);
      }
   } else {
      prog = link_program(ctx, &key, bins);
      if (!prog)
         return false;
      _mesa_hash_table_insert(ctx->programs, &prog->key, prog);
   }

   if (prog != ctx->program || ctx->program_dirty) {
      if (!ctx->program || memcmp(ctx->program->key.id, prog->key.id, sizeof(prog->key.id)))
         ctx->dirty |= JADE_DIRTY_STREAM_OUT; /* the layout is the last stage's */
      if (tes)
         ctx->dirty |= JADE_DIRTY_TESS; /* the parameters are the TES's */
      ctx->program = prog;
      ctx->program_dirty = false;
      emit_program(ctx);
   }
   return true;
}
