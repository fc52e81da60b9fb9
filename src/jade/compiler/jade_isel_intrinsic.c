/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of NIR intrinsics: shader I/O at attribute
 * addresses, system values, constant buffers, derivatives, barriers.
 */

#include "jade_attr.h"
#include "jade_isel.h"
#include "util/ralloc.h"

static void
mark(uint32_t *words, int addr)
{
   unsigned w = (unsigned)addr / 4;
   if (w < JADE_ATTR_WORDS)
      words[w / 32] |= 1u << (w % 32);
}

/* The vertex of a per-vertex access (a handle, a lane or the NIR vertex:
 * jade_nir_gs.c, jade_nir_tess.c), NULL for other I/O. */
static nir_def *
isel_io_vertex(nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case nir_intrinsic_load_per_vertex_input:
   case nir_intrinsic_load_per_vertex_output:
      return intr->src[0].ssa;
   case nir_intrinsic_store_per_vertex_output:
      return intr->src[1].ssa;
   default:
      return NULL;
   }
}

/* Whether an access is to the stage's outputs (stores, and a TCS reading
 * them back). */
static bool
isel_io_is_output(nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case nir_intrinsic_store_output:
   case nir_intrinsic_store_per_vertex_output:
   case nir_intrinsic_load_output:
   case nir_intrinsic_load_per_vertex_output:
      return true;
   default:
      return false;
   }
}

/* Patch I/O (ALD.P / AST.P, the patch space): what a TCS writes and a
 * TES reads without a vertex (nak_nir_lower_vtg_io.c's is_patch). */
static bool
isel_io_is_patch(const struct isel *c, nir_intrinsic_instr *intr)
{
   if (isel_io_vertex(intr))
      return false;
   return (c->s->stage == MESA_SHADER_TESS_CTRL && isel_io_is_output(intr)) ||
          (c->s->stage == MESA_SHADER_TESS_EVAL && !isel_io_is_output(intr));
}

/* The attribute address of a load_input/store_output component (of the
 * array's first slot when the slot is indexed dynamically: see
 * isel_io_index); patch I/O has patch-space addresses. */
static int
isel_io_address(struct isel *c, nir_intrinsic_instr *intr, bool output, unsigned comp)
{
   nir_src *offset = nir_get_io_offset_src(intr);
   unsigned slot_offset = offset && nir_src_is_const(*offset) ? nir_src_as_uint(*offset) : 0;
   int base;
   if (c->nir->info.stage == MESA_SHADER_VERTEX && !output)
      base = JADE_ATTR_GENERIC((int)nir_intrinsic_base(intr)); /* dense vertex attributes */
   else if (isel_io_is_patch(c, intr))
      base = jade_patch_address(nir_intrinsic_io_semantics(intr).location);
   else
      base = jade_varying_address(nir_intrinsic_io_semantics(intr).location);
   if (base < 0) {
      jade_ir_error(c->s, "varying slot %u has no attribute address",
                    nir_intrinsic_io_semantics(intr).location);
      return -1;
   }
   return base + 16 * (int)slot_offset + 4 * (int)(nir_intrinsic_component(intr) + comp);
}

/* A dynamically indexed I/O array: the byte offset of the slot in a
 * register (AL2P's offset, or the patch forms' a[reg + addr]), or NULL. */
static struct jade_value *
isel_io_index(struct isel *c, nir_intrinsic_instr *intr)
{
   nir_src *offset = nir_get_io_offset_src(intr);
   if (!offset || nir_src_is_const(*offset))
      return NULL;
   struct jade_value *r = isel_new_value(c, 32);
   jade_SHF(&c->b, jade_v(r), jade_v(isel_src(c, offset->ssa, 0)),
            jade_imm(4) /* 16 bytes a slot */, JADE_RZ, .type = JADE_ISA_V_SHF_TYPE_U32);
   return r;
}

/* The slots an access may touch: all of the array's when it is indexed. */
static unsigned
isel_io_slots(nir_intrinsic_instr *intr)
{
   nir_src *offset = nir_get_io_offset_src(intr);
   return offset && !nir_src_is_const(*offset) ? nir_intrinsic_io_semantics(intr).num_slots : 1;
}

/* Vertex-stage I/O: ALD from and AST to attribute memory, up to four
 * words at once (.64/.128 where the address allows; register tuples). */
/* The data of a VS colour store, each component through FADD x, -RZ (an
 * exact copy): the linker sets .SAT on those sites when GL clamps vertex
 * colours, so toggling the clamp never recompiles. */
static struct jade_value *
isel_color_store_data(struct isel *c, nir_def *data, unsigned first, unsigned n)
{
   struct jade_value *vals[4];
   for (unsigned w = 0; w < n; w++) {
      vals[w] = isel_new_value(c, 32);
      jade_FADD(&c->b, jade_v(vals[w]), jade_v(isel_src(c, data, first + w)), JADE_RZ, .b_neg = 1)
         ->site = JADE_SITE_COLOR_CLAMP;
   }
   return isel_gather(c, vals, n);
}

/* What a VS store tells the linker: each word's constant, if every store
 * of it writes the same one (the FS then reads an immediate and the word
 * is not transmitted). */
static void
note_output_values(struct isel *c, nir_intrinsic_instr *intr, nir_def *data)
{
   struct jade_io_signature *io = &c->s->io;
   bool indexed = nir_get_io_offset_src(intr) && !nir_src_is_const(*nir_get_io_offset_src(intr));
   for (unsigned k = 0; k < data->num_components; k++) {
      if (!(nir_intrinsic_write_mask(intr) >> k & 1))
         continue;
      int addr = isel_io_address(c, intr, true, k);
      for (unsigned slot = 0; addr >= 0 && slot < isel_io_slots(intr); slot++) {
         unsigned w = (unsigned)(addr + 16 * (int)slot) / 4;
         if (w >= JADE_ATTR_WORDS)
            continue;
         nir_scalar s = nir_scalar_resolved(data, k);
         uint32_t bit = 1u << (w % 32);
         bool seen = io->const_outputs[w / 32] & bit;
         if (indexed || !nir_scalar_is_const(s) ||
             (seen && io->const_value[w] != nir_scalar_as_uint(s))) {
            c->varying_outputs[w / 32] |= bit;
         } else {
            io->const_outputs[w / 32] |= bit;
            io->const_value[w] = (uint32_t)nir_scalar_as_uint(s);
         }
      }
   }
}

/* Whether the stage's outputs reach the rasteriser (the linker's patch
 * sites: colour clamping, constant outputs). */
static bool
last_vertex_stage(const struct isel *c)
{
   return c->s->stage == MESA_SHADER_VERTEX || c->s->stage == MESA_SHADER_TESS_EVAL ||
          c->s->stage == MESA_SHADER_GEOMETRY;
}

static void
mark_patch(uint32_t *words, int addr)
{
   unsigned w = (unsigned)addr / 4;
   if (w < JADE_PATCH_WORDS)
      words[w / 32] |= 1u << (w % 32);
}

/* Whether a scalar is one register of a load's register tuple (a vector
 * attribute, memory load or texture result), which a tuple gathered for
 * a store can only copy. */
static bool
is_tuple_piece(nir_scalar s)
{
   if (s.def->num_components < 2)
      return false;
   nir_instr *p = s.def->parent_instr;
   if (p->type == nir_instr_type_tex)
      return true;
   if (p->type != nir_instr_type_intrinsic)
      return false;
   switch (nir_instr_as_intrinsic(p)->intrinsic) {
   case nir_intrinsic_load_input:
   case nir_intrinsic_load_per_vertex_input:
   case nir_intrinsic_load_output:
   case nir_intrinsic_load_per_vertex_output:
   case nir_intrinsic_load_global:
   case nir_intrinsic_load_global_constant:
   case nir_intrinsic_load_shared:
   case nir_intrinsic_load_scratch:
      return true;
   default:
      return false;
   }
}

/* Moves a store of data components k .. k+n-1 in one instruction costs,
 * the store included: none when they are, in order, registers c .. c+n-1
 * of one load's tuple with c a multiple of n (the store reads that
 * tuple's registers), else one per component that is a piece of some
 * tuple (the others can be computed into the gathered tuple). */
static unsigned
store_cost(nir_def *data, unsigned k, unsigned n)
{
   nir_scalar first = nir_scalar_resolved(data, k);
   bool in_place = is_tuple_piece(first) && first.comp % n == 0;
   unsigned pieces = is_tuple_piece(first);
   for (unsigned w = 1; w < n; w++) {
      nir_scalar s = nir_scalar_resolved(data, k + w);
      in_place = in_place && s.def == first.def && s.comp == first.comp + w;
      pieces += is_tuple_piece(s);
   }
   return 1 + (in_place ? 0 : pieces);
}

static unsigned
best_store_cost(nir_def *data, unsigned k, unsigned n)
{
   if (n == 1)
      return 1;
   return MIN2(store_cost(data, k, n),
               best_store_cost(data, k, n / 2) + best_store_cost(data, k + n / 2, n / 2));
}

/* How many of the n words an aligned store at component k may write it
 * should: halves when storing them apart costs fewer instructions than
 * gathering them (a vec2 and a vec4 the GLSL linker packed into
 * neighbouring slots: their loads' tuples stored as they are). */
static unsigned
store_words(nir_def *data, unsigned k, unsigned n)
{
   if (n == 1 || store_cost(data, k, n) <=
                    best_store_cost(data, k, n / 2) + best_store_cost(data, k + n / 2, n / 2))
      return n;
   return store_words(data, k, n / 2);
}

bool
isel_vtg_io(struct isel *c, nir_intrinsic_instr *intr, bool store)
{
   nir_def *data = store ? intr->src[0].ssa : &intr->def;
   if (data->bit_size != 32)
      return jade_ir_error(c->s, "%u-bit shader I/O is not supported yet", data->bit_size);
   /* The edge flag st/mesa passes through a VS has no attribute: the
    * hardware takes edge flags with the vertices (nvc0_program.c gives
    * TGSI_SEMANTIC_EDGEFLAG no slot); Jade does not send them yet, so
    * the store goes nowhere and every edge is drawn. */
   if (store && nir_intrinsic_io_semantics(intr).location == VARYING_SLOT_EDGE)
      return true;
   if (store && last_vertex_stage(c))
      note_output_values(c, intr, data);
   nir_def *vertex = isel_io_vertex(intr);
   const bool output = isel_io_is_output(intr);
   const bool patch = isel_io_is_patch(c, intr);
   struct jade_value *oreg = isel_io_index(c, intr);
   /* Indexed per-vertex I/O of every stage (a VS's attribute arrays and
    * outputs, a GS's gl_in[k].v[i] and outputs, the tessellation stages'
    * arrays) goes through the physical address AL2P makes, a word at a
    * time; patch I/O takes the offset register as it is (NAK's
    * nak_nir_lower_vtg_io.c: phys = !offset_is_const && !is_patch;
    * nvdisasm knows a[Rn+addr] only with .P).  An AST.PHYS is no
    * link-time patch site (jade_emit.c records only constant-address
    * ASTs): the linker never drops it, and the words it may write are all
    * in the signature's outputs (marked below). */
   const bool phys = oreg && !patch;
   for (unsigned k = 0; k < data->num_components;) {
      if (store && !(nir_intrinsic_write_mask(intr) >> k & 1)) {
         k++;
         continue;
      }
      int addr = isel_io_address(c, intr, store, k);
      if (addr < 0)
         return false;
      /* Words moved at once: 4 or 2 when the address is aligned to them
       * (and a store writes all of them). */
      unsigned n = 1, left = data->num_components - k;
      unsigned run = left;
      if (store) {
         run = 0;
         while (run < left && (nir_intrinsic_write_mask(intr) >> (k + run) & 1))
            run++;
      }
      if (phys)
         n = 1;
      else if (run >= 4 && addr % 16 == 0)
         n = 4;
      else if (run >= 2 && addr % 8 == 0)
         n = 2;
      const bool color = store && last_vertex_stage(c) && jade_attr_is_color(JADE_ATTR_WORD(addr));
      if (store && !color)
         n = store_words(data, k, n);
      for (unsigned slot = 0; slot < isel_io_slots(intr); slot++) {
         for (unsigned w = 0; w < n; w++) {
            const int a = addr + 16 * (int)slot + 4 * (int)w;
            if (patch)
               mark_patch(c->s->stage == MESA_SHADER_TESS_CTRL ? c->s->io.patch_outputs
                                                               : c->s->io.patch_inputs,
                          a);
            else if (store)
               mark(c->s->io.outputs, a);
            else if (!output)
               mark(c->s->io.inputs, a);
            /* A TCS reading outputs back reads what its stores wrote. */
         }
      }
      struct jade_value *v =
         color ? isel_color_store_data(c, data, k, n) : isel_mem_data(c, store, data, k, n);
      struct jade_ref vtx = vertex ? jade_v(isel_src(c, vertex, 0)) : JADE_NONE;
      if (phys) {
         struct jade_value *p = isel_new_value(c, 32);
         jade_AL2P(&c->b, jade_v(p), .oreg = jade_v(oreg), .addr = (uint64_t)addr, .out = output);
         if (store) {
            jade_AST_PHYS(&c->b, .oreg = jade_v(p), .data = jade_v(v), .vtx = vtx);
         } else {
            jade_ALD_PHYS(&c->b, jade_v(v), .oreg = jade_v(p), .vtx = vtx, .out = output);
            isel_mem_loaded(c, data, k, n, v);
         }
      } else if (store) {
         jade_AST(&c->b, .addr = (uint64_t)addr, .data = jade_v(v), .vtx = vtx,
                  .oreg = jade_v_or_none(oreg), .comps = n - 1, .patch = patch);
      } else {
         jade_ALD(&c->b, jade_v(v), .addr = (uint64_t)addr, .vtx = vtx,
                  .oreg = jade_v_or_none(oreg), .comps = n - 1, .patch = patch, .out = output);
         isel_mem_loaded(c, data, k, n, v);
      }
      k += n;
   }
   return true;
}

/* IPA of one attribute word: freq PASS (screen-linear) or CONSTANT
 * (flat); loc CENTER or CENTROID (also an index of inv_w), or OFFSET with
 * the offset register sofs.  *ipa (when not NULL): the IPA. */
static struct jade_value *
isel_ipa(struct isel *c, int addr, unsigned freq, unsigned loc, struct jade_value *sofs,
         struct jade_instr **ipa)
{
   struct jade_value *v = isel_new_value(c, 32);
   struct jade_instr *i =
      sofs ? jade_IPA(&c->b, jade_v(v), .attr = (uint64_t)addr, .freq = freq, .loc = loc,
                      .sofs = jade_v(sofs))
           : jade_IPA(&c->b, jade_v(v), .attr = (uint64_t)addr, .freq = freq, .loc = loc);
   if (ipa)
      *ipa = i;
   return v;
}

/* SM70+ IPA cannot divide by w: perspective inputs are multiplied by
 * 1/w = RCP(IPA.PASS a[0x7c]) interpolated where they are (loc: the
 * pixel CENTER or the CENTROID), as NAK does (nak_nir_lower_fs_inputs.c); a
 * centroid input divided by the pixel centre's w is off at edge pixels
 * (codegen does so).  Computed once a location, at the top of the shader. */
static struct jade_value *
isel_inverse_w(struct isel *c, unsigned loc, struct jade_value *sofs)
{
   if (sofs) {
      /* At an offset: w there, where the input is read (NAK interpolates
       * a[0x7c] with the same IPA.OFFSET, load_frag_w). */
      mark(c->s->io.inputs, JADE_ATTR_POSITION_W);
      struct jade_value *w =
         isel_ipa(c, JADE_ATTR_POSITION_W, JADE_ISA_V_FREQ_PASS, loc, sofs, NULL);
      struct jade_value *r = isel_new_value(c, 32);
      jade_MUFU(&c->b, jade_v(r), jade_v(w), .func = JADE_ISA_V_FUNC_RCP);
      return r;
   }
   if (!c->inv_w[loc]) {
      struct jade_cursor saved = isel_at_shader_start(c);
      mark(c->s->io.inputs, JADE_ATTR_POSITION_W);
      struct jade_value *w =
         isel_ipa(c, JADE_ATTR_POSITION_W, JADE_ISA_V_FREQ_PASS, loc, NULL, NULL);
      c->inv_w[loc] = isel_new_value(c, 32);
      jade_MUFU(&c->b, jade_v(c->inv_w[loc]), jade_v(w), .func = JADE_ISA_V_FUNC_RCP);
      c->b.cursor = saved;
   }
   return c->inv_w[loc];
}

static bool
isel_fs_input(struct isel *c, nir_intrinsic_instr *intr)
{
   bool interpolated = intr->intrinsic == nir_intrinsic_load_interpolated_input;
   unsigned freq = interpolated ? JADE_ISA_V_FREQ_PASS : JADE_ISA_V_FREQ_CONSTANT;
   unsigned loc = JADE_ISA_V_LOC_CENTER;
   struct jade_value *sofs = NULL; /* IPA.OFFSET's offset register */
   bool perspective = false;
   if (interpolated) {
      nir_intrinsic_instr *bary = nir_src_as_intrinsic(intr->src[0]);
      if (!bary)
         return jade_ir_error(c->s, "interpolation without a barycentric intrinsic");
      enum glsl_interp_mode mode = nir_intrinsic_interp_mode(bary);
      perspective = mode == INTERP_MODE_SMOOTH || mode == INTERP_MODE_NONE;
      /* The sample qualifier makes the shader run per sample, where the
       * centroid is the sample's position (NAK does so). */
      if (bary->intrinsic == nir_intrinsic_load_barycentric_centroid ||
          bary->intrinsic == nir_intrinsic_load_barycentric_sample) {
         loc = JADE_ISA_V_LOC_CENTROID;
      } else if (bary->intrinsic == nir_intrinsic_load_barycentric_at_offset) {
         /* Component 0: the packed offset (jade_nir_io.c lower_interp_at). */
         loc = JADE_ISA_V_LOC_OFFSET;
         sofs = isel_src(c, bary->src[0].ssa, 0);
      } else if (bary->intrinsic != nir_intrinsic_load_barycentric_pixel) {
         return jade_ir_error(c->s, "unsupported barycentric %s",
                              nir_intrinsic_infos[bary->intrinsic].name);
      }
   }
   if (intr->def.bit_size != 32)
      return jade_ir_error(c->s, "%u-bit fragment inputs are not supported yet",
                           intr->def.bit_size);
   /* IPA has no register-indexed form nvdisasm knows: NIR lowers indexed
    * fragment inputs to selects (jade_nir_options). */
   nir_src *offset = nir_get_io_offset_src(intr);
   if (offset && !nir_src_is_const(*offset))
      return jade_ir_error(c->s, "indexed fragment inputs must be lowered by NIR");
   for (unsigned k = 0; k < intr->def.num_components; k++) {
      int addr = isel_io_address(c, intr, false, k);
      if (addr < 0)
         return false;
      for (unsigned slot = 0; slot < isel_io_slots(intr); slot++) {
         int a = addr + 16 * (int)slot;
         mark(c->s->io.inputs, a);
         if (loc == JADE_ISA_V_LOC_CENTROID)
            mark(c->s->io.centroid, a);
         if (a / 4 < JADE_ATTR_WORDS) {
            enum glsl_interp_mode mode = INTERP_MODE_FLAT;
            if (interpolated)
               mode = nir_intrinsic_interp_mode(nir_src_as_intrinsic(intr->src[0]));
            /* Colours without a qualifier follow glShadeModel: a NOS. */
            if (mode == INTERP_MODE_NONE && jade_attr_is_color(JADE_ATTR_WORD(a)))
               mark(c->s->io.shade_model, a);
            c->s->io.interp[a / 4] = !interpolated || mode == INTERP_MODE_FLAT ? JADE_INTERP_FLAT
                                     : mode == INTERP_MODE_NOPERSPECTIVE       ? JADE_INTERP_LINEAR
                                                                         : JADE_INTERP_PERSPECTIVE;
         }
      }
      struct jade_instr *ipa;
      struct jade_value *v = isel_ipa(c, addr, freq, loc, sofs, &ipa);
      /* gl_FragCoord as an input (a[0x70..0x7c]: x, y, z and 1/w of the
       * pixel) and gl_PointCoord (a[0x2e0], a[0x2e4], which the
       * rasteriser makes in window space: GL 4.6 14.4.1) are screen-linear
       * whatever their qualifier, as NAK reads them
       * (nak_nir_lower_fs_inputs.c; codegen multiplied gl_PointCoord by
       * w, which differs only for points with w != 1). */
      const bool screen_linear = jade_attr_in(JADE_ATTR_WORD(addr), JADE_ATTR_POSITION, 16) ||
                                 addr == JADE_ATTR_POINT_SPRITE_S ||
                                 addr == JADE_ATTR_POINT_SPRITE_T;
      if (perspective && !screen_linear) {
         struct jade_value *w = isel_inverse_w(c, loc, sofs);
         struct jade_value *p = isel_new_value(c, 32);
         ipa->ipa_mul = jade_FMUL(&c->b, jade_v(p), jade_v(v), jade_v(w));
         v = p;
      }
      isel_set_def(c, &intr->def, k, v);
   }
   return true;
}

static bool
isel_fs_output(struct isel *c, nir_intrinsic_instr *intr)
{
   unsigned loc = nir_intrinsic_io_semantics(intr).location;
   nir_def *data = intr->src[0].ssa;
   if (data->bit_size != 32)
      return jade_ir_error(c->s, "%u-bit fragment outputs are not supported yet", data->bit_size);
   nir_src *offset = nir_get_io_offset_src(intr);
   unsigned slot = offset && nir_src_is_const(*offset) ? nir_src_as_uint(*offset) : 0;
   for (unsigned k = 0; k < data->num_components; k++) {
      if (!(nir_intrinsic_write_mask(intr) >> k & 1))
         continue;
      struct jade_value *v = isel_src(c, data, k);
      unsigned comp = nir_intrinsic_component(intr) + k;
      if (loc == FRAG_RESULT_DEPTH) {
         c->fs_depth = v;
         c->s->io.depth_written = true;
      } else if (loc == FRAG_RESULT_SAMPLE_MASK) {
         c->fs_sample_mask = v;
         c->s->io.sample_mask_written = true;
      } else if (loc == FRAG_RESULT_COLOR ||
                 (loc >= FRAG_RESULT_DATA0 && loc < FRAG_RESULT_DATA0 + 8)) {
         /* Dual-source blending's second colour (index 1) is output 1:
          * the hardware blends target 0 with output 1 as source 1 (NAK's
          * nak_fs_out_addr in nak_nir.c: NAK_FS_OUT_COLOR(location +
          * dual_source_blend_index)). */
         unsigned rt = (loc == FRAG_RESULT_COLOR ? 0 : loc - FRAG_RESULT_DATA0) + slot +
                       nir_intrinsic_io_semantics(intr).dual_source_blend_index;
         if (rt >= 8 || comp >= 4)
            return jade_ir_error(c->s, "fragment output out of range");
         c->fs_color[rt][comp] = v;
         c->s->io.color_written |= 1u << (4 * rt + comp);
         if (loc == FRAG_RESULT_COLOR)
            c->s->io.color_broadcast = true;
      } else {
         return jade_ir_error(c->s, "fragment output %u is not supported yet", loc);
      }
   }
   return true;
}

/* At EXIT, fragment outputs sit in the registers the header describes:
 * written render targets as consecutive vec4s from R0, then the sample
 * mask, then depth (turing-facts 1.5).  EXIT reads each output with the
 * register it must be in; register allocation moves them there (a
 * parallel copy before EXIT) and prefers them there from the start. */
/* A fresh register holding 0 (MOV). */
static struct jade_value *
isel_zero(struct isel *c)
{
   struct jade_value *zero = isel_new_value(c, 32);
   jade_MOV(&c->b, jade_v(zero), jade_imm(0));
   return zero;
}

void
isel_fs_exit(struct isel *c)
{
   struct jade_value *outs[34];
   uint8_t regs[34];
   unsigned n = 0, rts = 0;
   struct jade_value *zero = NULL; /* one MOV 0 for every output left unset */
   for (unsigned rt = 0; rt < 8; rt++) {
      bool written = false;
      for (unsigned k = 0; k < 4; k++)
         written = written || c->fs_color[rt][k];
      if (!written)
         continue;
      for (unsigned k = 0; k < 4; k++) {
         struct jade_value *v = c->fs_color[rt][k];
         if (!v)
            v = zero = zero ? zero : isel_zero(c);
         regs[n] = (uint8_t)(4 * rts + k);
         outs[n++] = v;
      }
      rts++;
   }
   if (c->fs_sample_mask) {
      regs[n] = (uint8_t)(4 * rts);
      outs[n++] = c->fs_sample_mask;
   }
   /* The sample mask and depth registers come together: the hardware
    * reads both when either is written (NAK's copy_fs_outputs_nv, "these
    * always come together", puts an undefined value in the other), so the
    * depth register must exist, within the register count. */
   struct jade_value *depth = c->fs_depth;
   if (c->fs_sample_mask && !depth)
      depth = zero ? zero : isel_zero(c);
   if (depth) {
      regs[n] = (uint8_t)(4 * rts + 1);
      outs[n++] = depth;
   }
   struct jade_instr *exit = jade_EXIT(&c->b);
   for (unsigned i = 0; i < n; i++)
      jade_add_fixed_src(exit, outs[i], regs[i]);
}

/* Derivatives from the 2x2 quad (lanes 4q..4q+3: bit 0 is x, bit 1 y):
 * the neighbour across the bit through SHFL.BFLY, d = other - v, and the
 * sign from which side of the pair this lane is.  Fine derivatives;
 * coarse ones are allowed to be fine. */
static bool
isel_derivative(struct isel *c, nir_intrinsic_instr *intr)
{
   bool is_x = intr->intrinsic == nir_intrinsic_ddx || intr->intrinsic == nir_intrinsic_ddx_fine ||
               intr->intrinsic == nir_intrinsic_ddx_coarse;
   unsigned bit = is_x ? 1 : 2;
   if (intr->def.bit_size != 32)
      return jade_ir_error(c->s, "%u-bit derivatives are not supported yet", intr->def.bit_size);
   if (!c->lane_id) {
      /* At the shader's start: a later derivative in another branch reads
       * it too. */
      struct jade_cursor saved = isel_at_shader_start(c);
      c->lane_id = isel_new_value(c, 32);
      isel_s2r(c, c->lane_id, JADE_ISA_SR_LANEID);
      c->b.cursor = saved;
   }
   struct jade_value *side = jade_value_create(c->s, JADE_FILE_PRED, 1);
   struct jade_value *junk = isel_new_value(c, 32);
   /* a & b; pd = result != 0 */
   jade_LOP3(&c->b, jade_v(junk), jade_v(c->lane_id), jade_imm(bit), JADE_RZ, .pd = jade_v(side),
             .lut = isel_lut2(nir_op_iand), .p_not = 1);
   for (unsigned k = 0; k < intr->def.num_components; k++) {
      struct jade_value *v = isel_src(c, intr->src[0].ssa, k);
      struct jade_value *other = isel_new_value(c, 32), *d = isel_new_value(c, 32),
                        *r = isel_new_value(c, 32);
      jade_SHFL_II(&c->b, jade_v(other), .src = jade_v(v), .lane = bit, .mask = 0x1f,
                   .mode = JADE_ISA_V_MODE_BFLY);
      jade_FADD(&c->b, jade_v(d), jade_v(other), jade_v(v), .b_neg = 1);
      /* side ? -d : d */
      jade_FSEL(&c->b, jade_v(r), jade_v(d), jade_v(d), .a_neg = 1, .p = jade_v(side));
      isel_set_def(c, &intr->def, k, r);
   }
   return true;
}

/* The fragment stage's own intrinsics (inputs, outputs, discard, the
 * rasteriser's values); false with no error: not one of them. */
static bool
isel_fs_intrinsic(struct isel *c, nir_intrinsic_instr *intr, bool *handled)
{
   *handled = true;
   switch (intr->intrinsic) {
   case nir_intrinsic_load_input:
   case nir_intrinsic_load_interpolated_input:
      return isel_fs_input(c, intr);
   case nir_intrinsic_store_output:
      return isel_fs_output(c, intr);
   case nir_intrinsic_load_barycentric_pixel:
   case nir_intrinsic_load_barycentric_centroid:
   case nir_intrinsic_load_barycentric_sample:
   case nir_intrinsic_load_barycentric_at_offset:
      return true; /* read by load_interpolated_input */
   case nir_intrinsic_demote:
      c->s->io.uses_discard = true;
      jade_KILL(&c->b);
      return true;
   case nir_intrinsic_demote_if: {
      /* @p KILL: the lanes whose condition holds are demoted (their
       * fragment dropped; they run on as helpers).  terminate reaches
       * here only as demote + halt (jade_compile.c). */
      c->s->io.uses_discard = true;
      struct jade_value *cond = isel_bool_value(c, isel_src(c, intr->src[0].ssa, 0));
      jade_guard(jade_KILL(&c->b), cond, false);
      return true;
   }
   case nir_intrinsic_load_front_face: {
      /* a[0x3fc], read flat, is non-zero for front faces (no SPH bit). */
      struct jade_value *face = isel_ipa(c, JADE_ATTR_FRONT_FACE, JADE_ISA_V_FREQ_CONSTANT,
                                         JADE_ISA_V_LOC_CENTER, NULL, NULL);
      struct jade_value *p = jade_value_create(c->s, JADE_FILE_PRED, 1);
      jade_ISETP(&c->b, jade_v(p), jade_v(face), JADE_RZ, .cmp = JADE_ISA_V_CMP_NE);
      isel_set_def(c, &intr->def, 0, c->bools_in_gpr ? isel_bool_to_gpr(c, p) : p);
      return true;
   }
   case nir_intrinsic_load_frag_coord: {
      /* At the sample when the shader runs per sample (NAK does so).
       * All four screen-linear: a[0x7c] holds 1/w_clip, which is what
       * gl_FragCoord.w is (NAK's nak_nir_lower_fs_inputs.c reads
       * a[0x70..0x7c] so; perspective inputs multiply by its RCP). */
      unsigned loc =
         c->nir->info.fs.uses_sample_shading ? JADE_ISA_V_LOC_CENTROID : JADE_ISA_V_LOC_CENTER;
      c->s->io.uses_frag_coord = true;
      for (unsigned k = 0; k < 4; k++)
         mark(c->s->io.inputs, JADE_ATTR_POSITION + 4 * k);
      for (unsigned k = 0; k < 4; k++)
         isel_set_def(
            c, &intr->def, k,
            isel_ipa(c, JADE_ATTR_POSITION + 4 * k, JADE_ISA_V_FREQ_PASS, loc, NULL, NULL));
      return true;
   }
   case nir_intrinsic_load_sample_id:
   case nir_intrinsic_load_sample_mask_in: {
      /* PIXLD.MY_INDEX: the sample this invocation shades;
       * PIXLD.COVMASK: the pixel's coverage (narrowed to the
       * invocation's samples by jade_nir_lower_samples). */
      struct jade_value *v = isel_new_value(c, 32);
      jade_PIXLD(&c->b, jade_v(v),
                 .sel = intr->intrinsic == nir_intrinsic_load_sample_id ? JADE_ISA_V_SEL_MY_INDEX
                                                                        : JADE_ISA_V_SEL_COVMASK);
      isel_set_def(c, &intr->def, 0, v);
      return true;
   }
   default:
      *handled = false;
      return false;
   }
}

/* System values read from attribute memory (VS) or special registers
 * (lanes, threads, workgroups); false with no error: not one of them. */
static bool
isel_system_value(struct isel *c, nir_intrinsic_instr *intr, bool *handled)
{
   *handled = true;
   switch (intr->intrinsic) {
   case nir_intrinsic_load_vertex_id:
   case nir_intrinsic_load_instance_id: {
      /* Vertex shaders read them from attribute memory. */
      struct jade_value *v = isel_new_value(c, 32);
      int addr = intr->intrinsic == nir_intrinsic_load_vertex_id ? JADE_ATTR_VERTEX_ID
                                                                 : JADE_ATTR_INSTANCE_ID;
      mark(c->s->io.inputs, addr);
      jade_ALD(&c->b, jade_v(v), .addr = (uint64_t)addr);
      isel_set_def(c, &intr->def, 0, v);
      return true;
   }
   case nir_intrinsic_load_subgroup_invocation: {
      struct jade_value *v = isel_new_value(c, 32);
      isel_s2r(c, v, JADE_ISA_SR_LANEID);
      isel_set_def(c, &intr->def, 0, v);
      return true;
   }
   case nir_intrinsic_load_local_invocation_id:
   case nir_intrinsic_load_workgroup_id:
      for (unsigned k = 0; k < intr->def.num_components; k++) {
         struct jade_value *v = isel_new_value(c, 32);
         /* SR_TID.X.. and SR_CTAID.X.. */
         isel_s2r(c, v,
                  (intr->intrinsic == nir_intrinsic_load_local_invocation_id
                      ? JADE_ISA_SR_TID_X
                      : JADE_ISA_SR_CTAID_X) +
                     k);
         isel_set_def(c, &intr->def, k, v);
      }
      return true;
   default:
      *handled = false;
      return false;
   }
}

/* A constant-buffer load: MOVs from c[bank][offset] for a constant offset,
 * LDC from a register for an indexed one. */
static bool
isel_load_ubo(struct isel *c, nir_intrinsic_instr *intr)
{
   if (!nir_src_is_const(intr->src[0]))
      return jade_ir_error(c->s, "constant-buffer loads from a non-constant buffer "
                                 "index are not supported yet");
   if (!nir_src_is_const(intr->src[1])) {
      /* An indexed load: LDC dst, c[bank][offset + size k], a component
       * each (LDC.64 for 64-bit ones), a constant added to the offset in
       * the instruction's (kept to the field's positive half: nvc0 and
       * NAK fold the same). */
      unsigned bank = nir_src_as_uint(intr->src[0]);
      unsigned bits = intr->def.bit_size;
      if (bits != 32 && bits != 64)
         return jade_ir_error(c->s, "indexed %u-bit constant loads are not supported yet", bits);
      unsigned size = bits / 8 * intr->def.num_components;
      int64_t base = 0;
      struct jade_value *off = isel_address(c, intr->src[1].ssa, &base, 0, 0x8000 - size);
      for (unsigned k = 0; k < intr->def.num_components; k++) {
         struct jade_value *v = isel_new_value(c, bits);
         jade_LDC(&c->b, jade_v(v), .addr = jade_v(off), .bank = bank,
                  .type = bits == 64 ? JADE_ISA_V_LDC_TYPE_64 : JADE_ISA_V_TYPE_32,
                  .ofs = (uint64_t)(base + bits / 8 * k));
         isel_set_def(c, &intr->def, k, v);
      }
      return true;
   }
   unsigned bank = nir_src_as_uint(intr->src[0]);
   unsigned offset = nir_src_as_uint(intr->src[1]);
   unsigned words = intr->def.bit_size / 32;
   for (unsigned k = 0; k < intr->def.num_components; k++) {
      struct jade_value *v = isel_new_value(c, intr->def.bit_size);
      for (unsigned w = 0; w < words; w++)
         jade_MOV(&c->b, jade_comp(v, w), jade_cbuf(bank, (int32_t)(offset + 4 * (k * words + w))));
      isel_set_def(c, &intr->def, k, v);
   }
   return true;
}

bool
isel_intrinsic(struct isel *c, nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case nir_intrinsic_ddx:
   case nir_intrinsic_ddx_fine:
   case nir_intrinsic_ddx_coarse:
   case nir_intrinsic_ddy:
   case nir_intrinsic_ddy_fine:
   case nir_intrinsic_ddy_coarse:
      return isel_derivative(c, intr);
   default:
      break;
   }
   bool handled, ok;
   if (c->nir->info.stage == MESA_SHADER_FRAGMENT) {
      ok = isel_fs_intrinsic(c, intr, &handled);
      if (handled)
         return ok;
   }
   ok = isel_system_value(c, intr, &handled);
   if (handled)
      return ok;
   const bool tess =
      c->nir->info.stage == MESA_SHADER_TESS_CTRL || c->nir->info.stage == MESA_SHADER_TESS_EVAL;
   if (tess) {
      switch (intr->intrinsic) {
      case nir_intrinsic_load_input:
      case nir_intrinsic_store_output:
      case nir_intrinsic_load_output:
      case nir_intrinsic_load_per_vertex_input:
      case nir_intrinsic_load_per_vertex_output:
      case nir_intrinsic_store_per_vertex_output:
      case nir_intrinsic_load_tess_coord_xy:
      case nir_intrinsic_load_tess_level_outer:
      case nir_intrinsic_load_tess_level_inner:
      case nir_intrinsic_isberd_nv:
      case nir_intrinsic_load_sysval_nv:
      case nir_intrinsic_load_invocation_id:
      case nir_intrinsic_load_primitive_id:
         return isel_tess(c, intr);
      default:
         break;
      }
   }
   switch (intr->intrinsic) {
   case nir_intrinsic_load_input:
      if (c->nir->info.stage != MESA_SHADER_VERTEX)
         break;
      return isel_vtg_io(c, intr, false);
   case nir_intrinsic_store_output:
      if (c->nir->info.stage != MESA_SHADER_VERTEX)
         break;
      return isel_vtg_io(c, intr, true);
   case nir_intrinsic_load_per_vertex_input:
   case nir_intrinsic_store_per_vertex_output:
   case nir_intrinsic_emit_vertex_nv:
   case nir_intrinsic_end_primitive_nv:
   case nir_intrinsic_final_primitive_nv:
   case nir_intrinsic_isberd_nv:
   case nir_intrinsic_load_sysval_nv:
   case nir_intrinsic_load_invocation_id:
   case nir_intrinsic_load_primitive_id:
      if (c->nir->info.stage != MESA_SHADER_GEOMETRY)
         break;
      return isel_gs(c, intr);
   case nir_intrinsic_shared_atomic:
      return isel_atomic(c, intr, true, false);
   case nir_intrinsic_shared_atomic_swap:
      return isel_atomic(c, intr, true, true);
   case nir_intrinsic_global_atomic:
      return isel_atomic(c, intr, false, false);
   case nir_intrinsic_global_atomic_swap:
      return isel_atomic(c, intr, false, true);
   case nir_intrinsic_load_shared:
      return isel_windowed(c, intr, false, false);
   case nir_intrinsic_store_shared:
      return isel_windowed(c, intr, true, false);
   case nir_intrinsic_load_scratch:
      return isel_windowed(c, intr, false, true);
   case nir_intrinsic_store_scratch:
      return isel_windowed(c, intr, true, true);
   case nir_intrinsic_barrier:
      /* Every access completes in order for the CTA once its lanes meet
       * (shared memory is coherent within the SM); a control barrier is
       * BAR.SYNC 0.  A TCS patch is one warp's consecutive lanes (NAK's
       * nak_nir_workgroup_has_one_subgroup in nak_nir.c: "Tessellation only
       * ever has one subgroup per workgroup", so its barrier() becomes a
       * subgroup one, and NAK's warp-convergence guarantee makes that
       * nothing): here a WARPSYNC of the warp's active lanes (VOTE.ANY of
       * PT), which makes them converge there under independent thread
       * scheduling and keeps the scheduler from moving output stores and
       * loads across it (both are fences, jade_sched.c).  Not a mask of
       * all lanes: a warp holds whole patches, and lanes past them are
       * not running, which a WARPSYNC mask may not name (CUDA's
       * __syncwarp rules).  GLSL allows barrier() only in a TCS's main()
       * outside control flow, where every running lane has reconverged
       * (BSSY/BSYNC), so the active lanes are all of them. */
      if (nir_intrinsic_execution_scope(intr) == SCOPE_WORKGROUP &&
          c->nir->info.stage == MESA_SHADER_TESS_CTRL) {
         struct jade_value *active = isel_new_value(c, 32);
         jade_VOTE(&c->b, jade_v(active), .mode = JADE_ISA_V_MODE_ANY);
         jade_WARPSYNC(&c->b, jade_v(active));
      } else if (nir_intrinsic_execution_scope(intr) == SCOPE_WORKGROUP)
         jade_BAR(&c->b);
      else if (nir_intrinsic_memory_scope(intr) > SCOPE_WORKGROUP)
         jade_MEMBAR(&c->b, .scope = JADE_ISA_V_SCOPE_GPU);
      return true;
   case nir_intrinsic_load_ubo:
      return isel_load_ubo(c, intr);
   case nir_intrinsic_image_load:
   case nir_intrinsic_image_store:
   case nir_intrinsic_image_atomic:
   case nir_intrinsic_image_atomic_swap:
   case nir_intrinsic_image_size:
      return isel_image(c, intr);
   case nir_intrinsic_load_global:
   case nir_intrinsic_load_global_constant:
      return isel_global(c, intr, false);
   case nir_intrinsic_store_global:
      return isel_global(c, intr, true);
   default:
      break;
   }
   return jade_ir_error(c->s, "unsupported NIR intrinsic %s",
                        nir_intrinsic_infos[intr->intrinsic].name);
}
