/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Linking a vertex and a fragment shader at bind time, by scalar
 * component, under the current non-orthogonal state (docs/linkage.md).
 * Each shader was compiled alone; here
 *  - a VS output store (AST) none of whose words anything downstream needs
 *    becomes a NOP and its words leave the VS header's Omap: words the FS
 *    does not read, back colours without two-sided lighting, clip
 *    distances of disabled planes, texture coordinates the point sprite
 *    replaces;
 *  - an FS input load (IPA) of a word nothing feeds becomes a MOV of the
 *    GL default and leaves the FS Imap;
 *  - an FS input load of a word the VS always writes with one constant
 *    becomes a MOV of that constant: the word is not transmitted at all;
 *  - with flat shading, the IPA of a colour without a qualifier becomes
 *    IPA.CONSTANT (and its header code "constant");
 *  - with vertex colour clamping, the copies the compiler put before VS
 *    colour stores saturate;
 *  - with sample shading forced, centre interpolation moves to the
 *    centroid, which the hardware evaluates at the sample when it shades
 *    per sample (nouveau's codegen does the same).
 * A perspective input's IPA feeds one FMUL by w; when the IPA no longer
 * yields a value divided by w (flat, default), that FMUL multiplies by 1.0
 * instead.  Both headers start from what each shader determines alone
 * (jade_sph_build.c).  Patching works on copies of the code at the patch
 * sites the compiler recorded; nothing is recompiled.
 */

#include <string.h>

#include "jade/jade_link.h"
#include "jade_compiler_private.h"
#include "jade_attr.h"
#include "jade_sph.h"
#include "jade_sph_attr.h"

/* Attribute words with a meaning to the linker (jade_attr.h). */
#define W_GENERIC    JADE_ATTR_WORD(JADE_ATTR_GENERIC(0))
#define W_COLOR      JADE_ATTR_WORD(JADE_ATTR_COLOR_FRONT)
#define W_BACK_COLOR JADE_ATTR_WORD(JADE_ATTR_COLOR_BACK)
#define W_CLIP       JADE_ATTR_WORD(JADE_ATTR_CLIP_DISTANCE(0))
#define W_TEXCOORD   JADE_ATTR_WORD(JADE_ATTR_TEX_COORD(0))
#define W_FRONT_FACE JADE_ATTR_WORD(JADE_ATTR_FRONT_FACE)

/* Texture coordinate i is replaced by the point sprite's coordinate. */
static bool
sprite_replaced(const struct jade_link_key *key, unsigned w)
{
   return jade_attr_is_tex_coord(w) && (key->sprite_coord_enable >> ((w - W_TEXCOORD) / 4) & 1);
}

/* Whether the FS may read VS output word w as an immediate: the VS always
 * writes the same constant there, and nothing between the stages chooses
 * another value (the back colour of two-sided lighting, a point sprite). */
static bool
foldable(const struct jade_link_key *key, const struct jade_shader_binary *vs, unsigned w)
{
   return w >= W_GENERIC && jade_io_word(vs->io.const_outputs, w) && !sprite_replaced(key, w) &&
          !(key->light_twoside && jade_attr_is_color(w));
}

/* The constant of a folded word as the FS would have received it. */
static uint32_t
folded_value(const struct jade_link_key *key, const struct jade_shader_binary *vs, unsigned w)
{
   uint32_t bits = vs->io.const_value[w];
   if (key->clamp_vertex_color && jade_attr_is_color(w)) {
      float f;
      memcpy(&f, &bits, 4);
      f = f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f; /* NaN: 0, as .SAT */
      memcpy(&bits, &f, 4);
   }
   return bits;
}

/* Whether anything after the VS needs VS output word w transmitted. */
static bool
vs_word_needed(const struct jade_link_key *key, const struct jade_shader_binary *vs,
               const struct jade_shader_binary *fs, unsigned w)
{
   if (key->stream_out)
      return true; /* the stream output unit reads what the VS wrote */
   bool read = jade_io_word(fs->io.inputs, w) && !foldable(key, vs, w);
   if (jade_attr_is_back_color(w))
      return key->light_twoside && jade_io_word(fs->io.inputs, w - (W_BACK_COLOR - W_COLOR));
   if (jade_attr_is_clip_distance(w))
      return (key->clip_plane_enable >> (w - W_CLIP) & 1) || read;
   if (sprite_replaced(key, w))
      return false;
   return read;
}

/* Whether FS input word w gets a value: from the VS (`written`: what the
 * VS still stores) or from the rasteriser. */
static bool
fs_word_fed(const struct jade_link_key *key, const uint32_t *written, unsigned w)
{
   /* What the rasteriser provides: the position, the point coordinate and
    * the front-facing word are fed whatever the vertex stage writes. */
   if (jade_attr_is_system_value(w) || w == JADE_ATTR_WORD(JADE_ATTR_POINT_SPRITE_S) ||
       w == JADE_ATTR_WORD(JADE_ATTR_POINT_SPRITE_T) || w == W_FRONT_FACE ||
       sprite_replaced(key, w))
      return true;
   if (jade_attr_is_front_color(w) && key->light_twoside &&
       jade_io_word(written, w + (W_BACK_COLOR - W_COLOR)))
      return true;
   return jade_io_word(written, w);
}

/* GL's value for an input nothing writes: 0, and 1 for the w of colours
 * and texture coordinates (as for a vertex attribute never set). */
static uint32_t
default_value(unsigned w)
{
   bool vec_w = w % 4 == 3;
   if (vec_w && (jade_attr_is_color(w) || jade_attr_is_tex_coord(w)))
      return 0x3f800000;
   return 0;
}

uint8_t
jade_link_site_depends(const struct jade_io_signature *io, const struct jade_patch_site *site,
                       bool centre)
{
   if (site->kind == JADE_PATCH_COLOR_CLAMP)
      return JADE_DEP_CLAMP_COLOR;
   const bool load = site->kind == JADE_PATCH_INPUT_LOAD;
   uint8_t deps = 0;
   for (unsigned w = site->word; w < site->word + site->count; w++) {
      /* foldable, vs_word_needed, fs_word_fed: past the system values. */
      if (!jade_attr_is_system_value(w))
         deps |= JADE_DEP_LINK;
      /* foldable, fs_word_fed (two-sided), folded_value (clamping). */
      if (jade_attr_is_color(w))
         deps |= JADE_DEP_TWOSIDE | JADE_DEP_CLAMP_COLOR;
      if (jade_attr_is_clip_distance(w) && !load)
         deps |= JADE_DEP_CLIP_PLANES; /* vs_word_needed */
      if (jade_attr_is_tex_coord(w))
         deps |= JADE_DEP_SPRITE; /* sprite_replaced */
      if (load && jade_io_word(io->shade_model, w))
         deps |= JADE_DEP_FLATSHADE; /* link_fs */
   }
   if (load && centre)
      deps |= JADE_DEP_PERSAMPLE; /* link_fs */
   return deps;
}

/* Encodes `isa` over instruction `at` of `code`, keeping the old
 * control bits but no reuse flags (an operand changed; the reuse cache is
 * only a hint).  A fixed-latency replacement of a variable-latency op sets
 * no scoreboard (whoever waited on it now waits for nothing) and stalls
 * for its latency, since its readers have no scoreboard to wait on. */
static void
rewrite(uint64_t *code, unsigned at, struct jade_isa_instr *isa, const struct jade_isa_ctrl *old,
        bool drop_scoreboards)
{
   isa->ctrl = *old;
   isa->ctrl.reuse = 0;
   if (drop_scoreboards) {
      isa->ctrl.wr_sb = JADE_HW_NO_SCOREBOARD;
      isa->ctrl.rd_sb = JADE_HW_NO_SCOREBOARD;
      unsigned latency =
         jade_isa_op_info[jade_isa_forms[isa->form].op].fixed_latency[JADE_ISA_FILE_GPR];
      if (isa->ctrl.stall < latency)
         isa->ctrl.stall = (uint8_t)latency;
   }
   jade_isa_encode(isa, &code[at / 8]);
}

static enum jade_isa_op
op_at(const uint64_t *code, unsigned at, struct jade_isa_instr *isa)
{
   if (jade_isa_decode(&code[at / 8], isa) != 0)
      return JADE_ISA_OP_COUNT;
   return jade_isa_forms[isa->form].op;
}

/* FFMA ipa, w, k with k an immediate or c[][] (no form has both b and c
 * constant): ipa * 1 + k is the add FADD ipa, k, with the FFMA's
 * flushing, saturation, rounding and modifiers. */
static void
add_instead(uint64_t *code, const struct jade_patch_site *p, const struct jade_isa_instr *old,
            enum jade_isa_src_kind k, struct jade_link_stats *stats)
{
   /* FADD's b takes the slot FFMA's c has: forms 2 (immediate), 3 (c[][]). */
   int form = jade_isa_find_form(JADE_ISA_OP_FADD, k == JADE_ISA_SRC_IMM ? 2 : 3);
   if (form < 0 || jade_isa_forms[form].src_kind[1] != k)
      return;
   struct jade_isa_instr add;
   jade_isa_instr_init(&add, (unsigned)form);
   add.pred = old->pred;
   add.pred_not = old->pred_not;
   add.field[JADE_ISA_F_DST] = old->field[JADE_ISA_F_DST];
   add.field[JADE_ISA_F_A] = old->field[JADE_ISA_F_A];
   add.field[JADE_ISA_F_A_NEG] = old->field[JADE_ISA_F_A_NEG];
   add.field[JADE_ISA_F_A_ABS] = old->field[JADE_ISA_F_A_ABS];
   if (k == JADE_ISA_SRC_IMM) {
      add.field[JADE_ISA_F_B] = old->field[JADE_ISA_F_C];
   } else {
      add.field[JADE_ISA_F_B_BANK] = old->field[JADE_ISA_F_C_BANK];
      add.field[JADE_ISA_F_B_OFF] = old->field[JADE_ISA_F_C_OFF];
      add.field[JADE_ISA_F_B_NEG] = old->field[JADE_ISA_F_C_NEG];
      add.field[JADE_ISA_F_B_ABS] = old->field[JADE_ISA_F_C_ABS];
   }
   add.field[JADE_ISA_F_FTZ] = old->field[JADE_ISA_F_FMZ] != JADE_ISA_V_FMZ_IEEE;
   add.field[JADE_ISA_F_SAT] = old->field[JADE_ISA_F_SAT];
   add.field[JADE_ISA_F_RND] = old->field[JADE_ISA_F_RND];
   rewrite(code, p->mul_offset, &add, &old->ctrl, false);
   stats->patches++;
}

/* The FMUL by w after a perspective IPA (or the FFMA ipa * w + c it
 * fused into) multiplies by 1.0 instead: the IPA's new value is already
 * the final one.  Other fields (.SAT, .FTZ, the modifiers) stay. */
static void
unmultiply(uint64_t *code, const struct jade_patch_site *p, uint8_t ipa_dst,
           struct jade_link_stats *stats)
{
   struct jade_isa_instr old;
   const enum jade_isa_op op =
      p->mul_offset == JADE_PATCH_NO_MUL ? JADE_ISA_OP_COUNT : op_at(code, p->mul_offset, &old);
   if ((op != JADE_ISA_OP_FMUL && op != JADE_ISA_OP_FFMA) || old.field[JADE_ISA_F_A] != ipa_dst)
      return;
   const enum jade_isa_src_kind c = jade_isa_forms[old.form].src_kind[2];
   if (op == JADE_ISA_OP_FFMA && (c == JADE_ISA_SRC_IMM || c == JADE_ISA_SRC_CBUF)) {
      add_instead(code, p, &old, c, stats);
      return;
   }
   /* Form 4: b an immediate, c (FFMA's addend) a register, as the
    * compiler leaves it (jade_opt_operands.c, fuse_interpolation). */
   int form = jade_isa_find_form(op, 4);
   if (form < 0 || jade_isa_forms[form].src_kind[1] != JADE_ISA_SRC_IMM)
      return;
   struct jade_isa_instr one = old;
   one.form = (unsigned)form;
   one.field[JADE_ISA_F_B] = 0x3f800000;
   rewrite(code, p->mul_offset, &one, &old.ctrl, false);
   stats->patches++;
}

/* The VS: stores nothing needs become NOPs and their words leave the
 * Omap; `written` gets the words still stored. */
static void
link_vs(const struct jade_link_key *key, const struct jade_shader_binary *vs,
        const struct jade_shader_binary *fs, struct jade_sph_vtg *sph, uint64_t *code,
        uint32_t *written, struct jade_link_stats *stats)
{
   memcpy(written, vs->io.outputs, sizeof(vs->io.outputs));
   for (unsigned k = 0; k < vs->patch_count; k++) {
      const struct jade_patch_site *p = &vs->patches[k];
      if (p->kind != JADE_PATCH_OUTPUT_STORE)
         continue;
      bool needed = false;
      for (unsigned w = p->word; w < p->word + p->count; w++)
         needed = needed || vs_word_needed(key, vs, fs, w);
      if (needed)
         continue;
      /* Distances from the planes with no plane enabled: the code that
       * stores them does not run (JADE_UCP_ENABLE is 0), only the Omap
       * changes. */
      const bool skipped = vs->io.clip_from_planes && !key->clip_plane_enable &&
                           jade_attr_is_clip_distance(p->word) &&
                           jade_attr_is_clip_distance(p->word + p->count - 1);
      struct jade_isa_instr old, nop;
      if (!skipped && op_at(code, p->offset, &old) != JADE_ISA_OP_AST)
         continue;
      if (!skipped) {
         jade_isa_instr_init(&nop, (unsigned)jade_isa_find_form(JADE_ISA_OP_NOP, 0));
         rewrite(code, p->offset, &nop, &old.ctrl, true);
         stats->stores_removed++;
         stats->patches++;
      }
      for (unsigned w = p->word; w < p->word + p->count; w++) {
         written[w / 32] &= ~(1u << (w % 32));
         uint32_t *out = jade_sph_vtg_omap(sph, w);
         if (out)
            *out = 0;
      }
   }
   /* Vertex colour clamping: the copies before colour stores saturate. */
   for (unsigned k = 0; k < vs->patch_count && key->clamp_vertex_color; k++) {
      const struct jade_patch_site *p = &vs->patches[k];
      struct jade_isa_instr old;
      enum jade_isa_op op =
         p->kind == JADE_PATCH_COLOR_CLAMP ? op_at(code, p->offset, &old) : JADE_ISA_OP_COUNT;
      if (op != JADE_ISA_OP_FADD && op != JADE_ISA_OP_FMUL && op != JADE_ISA_OP_FFMA)
         continue;
      struct jade_isa_instr sat = old;
      sat.field[JADE_ISA_F_SAT] = 1;
      rewrite(code, p->offset, &sat, &old.ctrl, false);
      stats->colors_clamped++;
      stats->patches++;
   }
}

/* Takes input word w out of the FS Imap. */
static void
clear_imap(struct jade_sph_ps *sph, unsigned w)
{
   uint32_t *in = jade_sph_ps_imap(sph, w);
   if (in)
      *in = 0;
}

/* The IPA at site p becomes MOV dst, value (its FMUL by w, if any, a
 * multiply by 1). */
static void
load_immediate(uint64_t *code, const struct jade_patch_site *p, const struct jade_isa_instr *old,
               uint32_t value, struct jade_link_stats *stats)
{
   struct jade_isa_instr mov;
   jade_isa_instr_init(&mov, (unsigned)jade_isa_find_form(JADE_ISA_OP_MOV, 4));
   mov.field[JADE_ISA_F_DST] = old->field[JADE_ISA_F_DST];
   mov.field[JADE_ISA_F_B] = value;
   mov.pred = old->pred;
   mov.pred_not = old->pred_not;
   rewrite(code, p->offset, &mov, &old->ctrl, true);
   unmultiply(code, p, (uint8_t)old->field[JADE_ISA_F_DST], stats);
   stats->patches++;
}

static void
link_fs(const struct jade_link_key *key, const struct jade_shader_binary *vs,
        const struct jade_shader_binary *fs, const uint32_t *written, struct jade_sph_ps *sph,
        uint64_t *code, struct jade_link_stats *stats)
{
   for (unsigned k = 0; k < fs->patch_count; k++) {
      const struct jade_patch_site *p = &fs->patches[k];
      unsigned w = p->word;
      if (p->kind != JADE_PATCH_INPUT_LOAD)
         continue;
      bool fold = foldable(key, vs, w), fed = fs_word_fed(key, written, w);
      bool flat = key->flatshade && jade_io_word(fs->io.shade_model, w);
      /* Decoding is most of a link's cost: only sites that change. */
      struct jade_isa_instr old;
      if ((!fold && fed && !flat && !key->persample) ||
          op_at(code, p->offset, &old) != JADE_ISA_OP_IPA)
         continue;
      uint8_t dst = (uint8_t)old.field[JADE_ISA_F_DST];

      if (fold) {
         load_immediate(code, p, &old, folded_value(key, vs, w), stats);
         clear_imap(sph, w);
         stats->inputs_constant++;
         continue;
      }
      if (!fed) {
         load_immediate(code, p, &old, default_value(w), stats);
         clear_imap(sph, w);
         stats->inputs_defaulted++;
         continue;
      }

      bool constant = old.field[JADE_ISA_F_FREQ] == JADE_ISA_V_FREQ_CONSTANT;
      if (flat && !constant) {
         struct jade_isa_instr flat = old;
         flat.field[JADE_ISA_F_FREQ] = JADE_ISA_V_FREQ_CONSTANT;
         flat.field[JADE_ISA_F_LOC] = JADE_ISA_V_LOC_CENTER;
         rewrite(code, p->offset, &flat, &old.ctrl, false);
         unmultiply(code, p, dst, stats);
         uint32_t *in = jade_sph_ps_imap(sph, w);
         if (in)
            *in = JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_CONSTANT;
         stats->inputs_flat++;
         stats->patches++;
      } else if (key->persample && !constant &&
                 old.field[JADE_ISA_F_LOC] == JADE_ISA_V_LOC_CENTER) {
         struct jade_isa_instr sample = old;
         sample.field[JADE_ISA_F_LOC] = JADE_ISA_V_LOC_CENTROID;
         rewrite(code, p->offset, &sample, &old.ctrl, false);
         stats->inputs_persample++;
         stats->patches++;
      }
   }
}

void
jade_link(const struct jade_link_key *key, const struct jade_shader_binary *vs,
          const struct jade_shader_binary *fs, uint32_t vs_sph[32], uint32_t fs_sph[32],
          uint64_t *vs_code, uint64_t *fs_code, struct jade_link_stats *stats)
{
   memset(stats, 0, sizeof(*stats));
   memcpy(vs_code, vs->code, vs->code_size);
   memcpy(fs_code, fs->code, fs->code_size);

   /* The headers as the compiler made them, patched field by field. */
   struct jade_sph_vtg vh;
   struct jade_sph_ps fh;
   jade_sph_vtg_unpack(vs->sph, &vh);
   jade_sph_ps_unpack(fs->sph, &fh);
   uint32_t written[JADE_ATTR_WORDS / 32];
   link_vs(key, vs, fs, &vh, vs_code, written, stats);
   link_fs(key, vs, fs, written, &fh, fs_code, stats);
   jade_sph_vtg_pack(vs_sph, &vh);
   jade_sph_ps_pack(fs_sph, &fh);
}
