/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of textures: TEX (sample), TLD (fetch), TLD4
 * (gather), TXD (explicit derivatives), TXQ (size and levels).
 *
 * Textures are bound: the handle of texture unit u (TIC | TSC << 20,
 * written by the driver) is word JADE_TEX_HANDLE_WORD + u of the driver
 * constant bank c[15]; the instruction names the word.  Operands go in two
 * register tuples (the order Mesa's NAK uses for SM70+:
 * src/nouveau/compiler/nak_nir_lower_tex.c, nak/sm70.rs):
 *   src0: [array index], coordinates                (TXD: coordinates, [array index | offsets << 16])
 *   src1: [sample index], [LOD or bias], [packed offsets], [depth reference]
 *                                                   (TXD: ddx0 ddy0 ddx1 ddy1 ...)
 * Results: the components the shader reads (the write mask), packed in
 * order into dst0 (two registers) and dst1 (the rest).
 * Projectors and the derivative forms the hardware lacks are lowered by
 * nir_lower_tex in jade_compile.c.  Rectangles are 2D lookups in texels:
 * their headers are unnormalised (jade_texture_headers.c).
 */

#include "jade_isel.h"

/* The dim field of the texture instructions (numbered alike: TEX's names;
 * no 3D array). */
static int
tex_dim(const nir_tex_instr *tex)
{
   switch (tex->sampler_dim) {
   case GLSL_SAMPLER_DIM_1D:
   case GLSL_SAMPLER_DIM_BUF:
      return tex->is_array ? JADE_ISA_V_DIM_ARRAY_1D : JADE_ISA_V_DIM_1D;
   case GLSL_SAMPLER_DIM_2D:
   case GLSL_SAMPLER_DIM_RECT:
   case GLSL_SAMPLER_DIM_MS:
   case GLSL_SAMPLER_DIM_EXTERNAL:
      return tex->is_array ? JADE_ISA_V_DIM_ARRAY_2D : JADE_ISA_V_TEX_DIM_2D;
   case GLSL_SAMPLER_DIM_3D:
      return tex->is_array ? -1 : JADE_ISA_V_TEX_DIM_3D;
   case GLSL_SAMPLER_DIM_CUBE:
      return tex->is_array ? JADE_ISA_V_DIM_ARRAY_CUBE : JADE_ISA_V_DIM_CUBE;
   default:
      return -1;
   }
}

/* An integer layer within the index's 16 bits: min(layer, 65535) unsigned,
 * so that one past them stays outside instead of wrapping into a valid
 * layer (NAK's umin 0xffff, nak_nir_lower_tex.c; codegen's MIN for TXF,
 * nv50_ir_lowering_nvc0.cpp; negative ones become 65535, outside too). */
static struct jade_value *
index_16(struct isel *c, struct jade_value *u)
{
   struct jade_value *r = isel_new_value(c, 32);
   jade_IMNMX(&c->b, jade_v(r), jade_v(u), jade_imm(0xffff), .p = JADE_PT /* min, unsigned */);
   return r;
}

/* A float array layer as the hardware's integer index:
 * min(u32(max(layer + 0.5, 0)), 65535). */
static struct jade_value *
array_index(struct isel *c, struct jade_value *layer)
{
   struct jade_value *t = isel_new_value(c, 32), *m = isel_new_value(c, 32);
   struct jade_value *u = isel_new_value(c, 32);
   jade_FADD(&c->b, jade_v(t), jade_v(layer), jade_imm(0x3f000000u) /* 0.5 */);
   jade_FMNMX(&c->b, jade_v(m), jade_v(t), jade_imm(0), .p = JADE_PT, .p_not = 1 /* max */);
   jade_F2I(&c->b, jade_v(u), jade_v(m), .dt = JADE_ISA_V_DT_U32, .rnd = JADE_ISA_V_RND_TRUNC,
            .ntz = 1);
   return index_16(c, u);
}

/* Constant texel offsets packed as the hardware reads them: `bits` per
 * component (4 for TEX/TLD/TXD, 8 for TLD4). */
static bool
packed_offsets(struct isel *c, nir_def *offset, unsigned bits, uint32_t *packed)
{
   *packed = 0;
   for (unsigned k = 0; k < offset->num_components; k++) {
      nir_scalar s = nir_scalar_resolved(offset, k);
      if (!nir_scalar_is_const(s))
         return jade_ir_error(c->s, "texture offsets that are not constant are not "
                                    "supported yet");
      *packed |= ((uint32_t)nir_scalar_as_int(s) & BITFIELD_MASK(bits)) << (bits * k);
   }
   return true;
}

static struct jade_value *
imm_value(struct isel *c, uint32_t imm)
{
   struct jade_value *v = isel_new_value(c, 32);
   jade_MOV(&c->b, jade_v(v), jade_imm(imm));
   return v;
}

/* The results of a texture instruction: the components in `mask`,
 * packed into dst0 (up to two registers) and dst1 (the rest, if any);
 * returns their number. */
static unsigned
tex_dsts(struct isel *c, unsigned mask, struct jade_value **dst0, struct jade_value **dst1)
{
   unsigned n = util_bitcount(mask);
   *dst0 = jade_value_create(c->s, JADE_FILE_GPR, MIN2(n, 2));
   *dst1 = n > 2 ? jade_value_create(c->s, JADE_FILE_GPR, n - 2) : NULL;
   return n;
}

static bool
isel_txq(struct isel *c, nir_tex_instr *tex)
{
   unsigned mask;
   struct jade_value *lod = NULL;
   int lod_src = nir_tex_instr_src_index(tex, nir_tex_src_lod);
   if (tex->op == nir_texop_txs) {
      mask = BITFIELD_MASK(tex->def.num_components);
      if (lod_src >= 0)
         lod = isel_src(c, tex->src[lod_src].src.ssa, 0);
   } else {
      mask = 1u << 3; /* the level count */
   }
   struct jade_value *dst0, *dst1;
   unsigned n = tex_dsts(c, mask, &dst0, &dst1);
   jade_TXQ(&c->b, .dst0 = jade_v(dst0), .dst1 = jade_v_or_none(dst1), .src0 = jade_v_or_zero(lod),
            .bank = JADE_DRIVER_CBUF_OF(c->nir->info.stage),
            .idx = JADE_TEX_HANDLE_WORD + tex->texture_index,
            .query = JADE_ISA_V_QUERY_TEX_HEADER_DIMENSION, .mask = mask);
   if (tex->op == nir_texop_txs) {
      isel_split(c, &tex->def, 0, dst0, MIN2(n, 2));
      if (dst1)
         isel_split(c, &tex->def, 2, dst1, n - 2);
   } else {
      isel_split(c, &tex->def, 0, dst0, 1);
   }
   return true;
}

/* x * (1 / 256) as a float, from x's low 16 bits, sign-extended or not. */
static struct jade_value *
fixed_8_8(struct isel *c, struct jade_value *x, bool is_signed)
{
   struct jade_value *t = isel_new_value(c, 32), *f = isel_new_value(c, 32);
   struct jade_value *r = isel_new_value(c, 32);
   /* PRMT: bytes 0 and 1, then byte 1's sign (mode .S when signed) twice. */
   jade_PRMT(&c->b, jade_v(t), jade_v(x), jade_imm(is_signed ? 0x9910 : 0x4410), JADE_RZ);
   jade_I2F(&c->b, jade_v(f), jade_v(t), .st = is_signed ? JADE_ISA_V_ST_S32 : JADE_ISA_V_ST_U32);
   jade_FMUL(&c->b, jade_v(r), jade_v(f), jade_imm(0x3b800000u) /* 1 / 256 */);
   return r;
}

/* textureQueryLod: TMML gives (relative LOD, level accessed) as 8.8 fixed
 * point in its two results, in the opposite order to NIR's (as Mesa's NAK
 * reads them); arrays want a layer, zero. */
static bool
isel_tmml(struct isel *c, nir_tex_instr *tex, int dim, nir_def *coord)
{
   struct jade_value *src0[4];
   unsigned n0 = 0;
   if (tex->is_array)
      src0[n0++] = imm_value(c, 0);
   for (unsigned k = 0; k < tex->coord_components && n0 < 4; k++)
      src0[n0++] = isel_src(c, coord, k);
   struct jade_value *s0 = isel_gather(c, src0, n0);
   struct jade_value *dst0, *dst1;
   tex_dsts(c, 0x3, &dst0, &dst1);
   jade_TMML(&c->b, .dst0 = jade_v(dst0), .src0 = jade_v(s0), .src1 = JADE_RZ,
             .bank = JADE_DRIVER_CBUF_OF(c->nir->info.stage),
             .idx = JADE_TEX_HANDLE_WORD + tex->texture_index, .dim = (unsigned)dim, .mask = 0x3);
   struct jade_value *words[2];
   for (unsigned k = 0; k < 2; k++) {
      words[k] = isel_new_value(c, 32);
      jade_MOV(&c->b, jade_v(words[k]), jade_comp(dst0, k));
   }
   isel_set_def(c, &tex->def, 0, fixed_8_8(c, words[1], false));
   isel_set_def(c, &tex->def, 1, fixed_8_8(c, words[0], true));
   return true;
}

/* A texture instruction's sources by what they are. */
struct tex_sources {
   nir_def *coord, *lod, *offset, *cmp, *ms, *ddx, *ddy;
   nir_def *packed_offset; /* offsets packed at run time (jade_nir_dynamic.c) */
   bool bias;              /* lod is a bias */
};

static bool
tex_sources(struct isel *c, nir_tex_instr *tex, struct tex_sources *t)
{
   *t = (struct tex_sources){0};
   for (unsigned s = 0; s < tex->num_srcs; s++) {
      nir_def *d = tex->src[s].src.ssa;
      switch (tex->src[s].src_type) {
      case nir_tex_src_coord:
         t->coord = d;
         break;
      case nir_tex_src_lod:
         t->lod = d;
         break;
      case nir_tex_src_bias:
         t->lod = d;
         t->bias = true;
         break;
      case nir_tex_src_offset:
         t->offset = d;
         break;
      case nir_tex_src_comparator:
         t->cmp = d;
         break;
      case nir_tex_src_ms_index:
         t->ms = d;
         break;
      case nir_tex_src_ddx:
         t->ddx = d;
         break;
      case nir_tex_src_ddy:
         t->ddy = d;
         break;
      case nir_tex_src_backend1:
         t->packed_offset = d;
         break;
      default:
         return jade_ir_error(c->s, "texture source type %u is not supported yet",
                              tex->src[s].src_type);
      }
   }
   return true;
}

/* The LOD mode of TEX/TLD: a constant zero LOD is LZ and needs no operand
 * (t->lod cleared); multisample fetches have no levels.  Implicit LODs
 * without quads to derive them from are the base level's, LZ: the ones
 * nir_lower_tex's lower_invalid_implicit_lod leaves, rectangles'. */
static unsigned
tex_lod_mode(nir_shader *nir, nir_tex_instr *tex, enum jade_isa_op op, struct tex_sources *t)
{
   if (tex->op == nir_texop_txf_ms) {
      t->lod = NULL;
      return JADE_ISA_V_LOD_LZ;
   }
   if (t->lod && !t->bias && nir_src_is_const(nir_src_for_ssa(t->lod)) &&
       nir_src_as_uint(nir_src_for_ssa(t->lod)) == 0) {
      t->lod = NULL;
      return JADE_ISA_V_LOD_LZ;
   }
   if (t->lod)
      return t->bias ? JADE_ISA_V_LOD_LB : JADE_ISA_V_LOD_LL;
   if (op == JADE_ISA_OP_TEX && !nir_shader_supports_implicit_lod(nir))
      return JADE_ISA_V_LOD_LZ;
   return op == JADE_ISA_OP_TLD ? JADE_ISA_V_LOD_LZ : JADE_ISA_V_LOD_AUTO;
}

bool
isel_tex(struct isel *c, nir_tex_instr *tex)
{
   if (tex->texture_index != tex->sampler_index && tex->op != nir_texop_txf &&
       tex->op != nir_texop_txf_ms && tex->op != nir_texop_txs && tex->op != nir_texop_query_levels)
      return jade_ir_error(c->s, "texture: separate sampler and texture units are not "
                                 "supported yet");
   if (tex->def.bit_size != 32)
      return jade_ir_error(c->s, "texture: %u-bit results are not supported yet",
                           tex->def.bit_size);
   if (tex->op == nir_texop_txs || tex->op == nir_texop_query_levels)
      return isel_txq(c, tex);

   int dim = tex_dim(tex);
   if (dim < 0)
      return jade_ir_error(c->s, "texture: sampler dimension %u%s is not supported",
                           tex->sampler_dim, tex->is_array ? " (array)" : "");

   struct tex_sources t;
   if (!tex_sources(c, tex, &t))
      return false;
   nir_def *coord = t.coord, *offset = t.offset, *cmp = t.cmp, *ms = t.ms;

   enum jade_isa_op op;
   switch (tex->op) {
   case nir_texop_tex:
   case nir_texop_txb:
   case nir_texop_txl:
      op = JADE_ISA_OP_TEX;
      break;
   case nir_texop_txf:
   case nir_texop_txf_ms:
      op = JADE_ISA_OP_TLD;
      break;
   case nir_texop_tg4:
      op = JADE_ISA_OP_TLD4;
      break;
   case nir_texop_txd:
      op = JADE_ISA_OP_TXD;
      break;
   case nir_texop_lod:
      return isel_tmml(c, tex, dim, coord);
   default:
      return jade_ir_error(c->s, "texture operation %u is not supported yet", tex->op);
   }

   unsigned lod_mode = tex_lod_mode(c->nir, tex, op, &t);
   nir_def *lod = t.lod;

   struct jade_value *src0[4], *src1[8];
   unsigned n0 = 0, n1 = 0;
   unsigned coords = tex->coord_components - (tex->is_array ? 1 : 0);
   struct jade_value *layer = NULL;
   if (tex->is_array) {
      layer = isel_src(c, coord, coords);
      layer = tex->op != nir_texop_txf && tex->op != nir_texop_txf_ms ? array_index(c, layer)
                                                                      : index_16(c, layer);
   }
   uint32_t packed = 0;
   if (offset && !packed_offsets(c, offset, op == JADE_ISA_OP_TLD4 ? 8 : 4, &packed))
      return false;
   /* The offsets' register: the constant packed here, or packed at run
    * time by NIR. */
   struct jade_value *offsets = NULL;
   if (t.packed_offset)
      offsets = isel_src(c, t.packed_offset, 0);
   else if (offset)
      offsets = imm_value(c, op == JADE_ISA_OP_TXD ? packed & 0xffff : packed);

   if (op == JADE_ISA_OP_TXD) {
      for (unsigned k = 0; k < coords; k++)
         src0[n0++] = isel_src(c, coord, k);
      if (offsets) {
         /* The layer in the low half, the offsets in the high half (NAK's
          * PRMT 0x1054 of offsets and layer, nak_nir_lower_tex.c). */
         struct jade_value *v = isel_new_value(c, 32);
         jade_PRMT(&c->b, jade_v(v), jade_v(offsets), jade_imm(0x1054), jade_v_or_zero(layer));
         src0[n0++] = v;
      } else if (layer) {
         src0[n0++] = layer;
      }
      for (unsigned k = 0; k < coords; k++) {
         src1[n1++] = isel_src(c, t.ddx, k);
         src1[n1++] = isel_src(c, t.ddy, k);
      }
   } else {
      if (layer)
         src0[n0++] = layer;
      for (unsigned k = 0; k < coords; k++)
         src0[n0++] = isel_src(c, coord, k);
      if (ms)
         src1[n1++] = isel_src(c, ms, 0);
      if (lod)
         src1[n1++] = isel_src(c, lod, 0);
      if (offsets)
         src1[n1++] = offsets;
      if (cmp)
         src1[n1++] = isel_src(c, cmp, 0);
   }
   if (n0 > 4 || n1 > 4)
      return jade_ir_error(c->s, "texture: too many operands");

   /* The components read; a shadow lookup returns one. */
   unsigned mask = nir_def_components_read(&tex->def) & 0xf;
   if (!mask)
      mask = 1;

   struct jade_value *s0 = isel_gather(c, src0, n0);
   struct jade_value *s1 = n1 ? isel_gather(c, src1, n1) : NULL;
   struct jade_value *dst0, *dst1;
   tex_dsts(c, mask, &dst0, &dst1);
   struct jade_ref d0 = jade_v(dst0), d1 = jade_v_or_none(dst1);
   struct jade_ref r0 = jade_v(s0), r1 = jade_v_or_zero(s1);
   unsigned bank = JADE_DRIVER_CBUF_OF(c->nir->info.stage);
   unsigned idx = JADE_TEX_HANDLE_WORD + tex->texture_index;
   switch (op) {
   case JADE_ISA_OP_TEX:
      jade_TEX(&c->b, .dst0 = d0, .dst1 = d1, .src0 = r0, .src1 = r1, .bank = bank, .idx = idx,
               .dim = (unsigned)dim, .mask = mask, .lod = lod_mode, .aoffi = offsets != NULL,
               .dc = cmp != NULL);
      break;
   case JADE_ISA_OP_TLD:
      jade_TLD(&c->b, .dst0 = d0, .dst1 = d1, .src0 = r0, .src1 = r1, .bank = bank, .idx = idx,
               .dim = (unsigned)dim, .mask = mask, .lod = lod_mode, .aoffi = offsets != NULL,
               .ms = ms != NULL);
      break;
   case JADE_ISA_OP_TLD4:
      jade_TLD4(&c->b, .dst0 = d0, .dst1 = d1, .src0 = r0, .src1 = r1, .bank = bank, .idx = idx,
                .dim = (unsigned)dim, .mask = mask,
                .offs = offsets ? JADE_ISA_V_OFFS_AOFFI : JADE_ISA_V_OFFS_NONE, .dc = cmp != NULL,
                .comp = tex->component);
      break;
   default:
      jade_TXD(&c->b, .dst0 = d0, .dst1 = d1, .src0 = r0, .src1 = r1, .bank = bank, .idx = idx,
               .dim = (unsigned)dim, .mask = mask, .aoffi = offsets != NULL);
      break;
   }

   /* Packed results back to the NIR components they stand for. */
   unsigned k = 0;
   u_foreach_bit (comp, mask) {
      struct jade_value *v = isel_new_value(c, 32);
      jade_MOV(&c->b, jade_v(v), jade_comp(k < 2 ? dst0 : dst1, k % 2));
      isel_set_def(c, &tex->def, comp, v);
      k++;
   }
   return true;
}
