/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The SM's side of the texture unit: TLD (fetch), TXQ (query), TEX
 * (sample), TLD4 (gather), TXD (explicit derivatives) and TMML (LOD
 * query), bound: the handle (TIC index | TSC index << 20) is read from
 * c[bank][idx * 4], the instruction's bank (bits 54..58) and index (bits
 * 40..53), as codegen emits them (nv50_ir_emit_gv100.cpp, emitTEX: the aux
 * constant buffer's slot and tex.r).  Operands in consecutive registers as
 * NAK packs them (nak_nir_lower_tex.c):
 *   TEX, TLD4, TMML  src0 = [array index], coordinates;
 *                    src1 = [LOD or bias], [packed offsets], [depth reference]
 *   TLD              src0 = [array index], coordinates;
 *                    src1 = [sample index], [LOD], [packed offsets]
 *   TXD              src0 = coordinates, [array index in bits 15:0 | offsets
 *                    in bits 31:16 (PRMT 0x1054)]; src1 = ddx0, ddy0, ddx1, ddy1
 * The array index is 16 bits wide wherever it comes (bits 15:0 of its
 * word): TXD's shares the word with the offsets, codegen converts sampled
 * indices to U16 and clamps TLD's to 0xffff "considered out-of-bounds by
 * the hardware" (nv50_ir_lowering_nvc0.cpp), NAK likewise (umin 0xffff,
 * nak_nir_lower_tex.c), so bits 31:16 are not read.
 * Offsets are 4-bit signed fields (TLD4: 8-bit).  Results by the write mask
 * into dst0, dst0 + 1, then dst1, dst1 + 1 (sm70.rs, OpTld::encode).
 * Implicit LODs take the quad's coarse derivatives: lanes 4q..4q+3 are a
 * 2x2 quad, lane ^ 1 the horizontal and lane ^ 2 the vertical neighbour
 * (NAK's derivative lowering reads them so: nak_nir.c, quad shuffles with
 * xor 1 and xor 2).  What a texel is, the caller's texture unit says
 * (jade_sim_set_texture_unit: the GPU model reads the header pools).
 */

#include "sim_private.h"

void
jade_sim_set_texture_unit(struct jade_sim *sim, jade_sim_texel_fn fetch, void *data)
{
   sim->texel_fetch = fetch;
   sim->texel_data = data;
}

/* The dim field: 1D, 2D, 3D, CUBE, ARRAY_1D, ARRAY_2D, -, ARRAY_CUBE. */
static const struct {
   unsigned coords;
   bool array, cube, valid;
} dims[8] = {{1, false, false, true},
             {2, false, false, true},
             {3, false, false, true},
             {3, false, true, true},
             {1, true, false, true},
             {2, true, false, true},
             {0},
             {3, true, true, true}};

/* The LOD field of TEX and TLD: auto, LZ, LB, LL. */
static const enum jade_sim_tex_lod lod_modes[4] = {
   JADE_SIM_LOD_AUTO,
   JADE_SIM_LOD_ZERO,
   JADE_SIM_LOD_BIAS,
   JADE_SIM_LOD_LEVEL,
};

/* Writes the components the mask names, packed into dst0, dst0 + 1,
 * dst1, dst1 + 1. */
static void
write_masked(struct sim_exec *x, unsigned lane, const uint32_t v[4])
{
   const unsigned mask = (unsigned)sim_field(x, JADE_ISA_F_MASK);
   const unsigned dst0 = (unsigned)sim_field(x, JADE_ISA_F_DST0);
   const unsigned dst1 = (unsigned)sim_field(x, JADE_ISA_F_DST1);
   unsigned out = 0;
   for (unsigned c = 0; c < 4; c++) {
      if (!(mask & (1u << c)))
         continue;
      unsigned base = out < 2 ? dst0 : dst1;
      if (base != JADE_HW_RZ)
         sim_set_gpr(x, base + out % 2, lane, v[c]);
      out++;
   }
}

/* The bound handle: word idx of constant bank `bank`, the same for every
 * lane. */
static uint32_t
bound_handle(struct sim_exec *x)
{
   return sim_cbuf32(x, (unsigned)sim_field(x, JADE_ISA_F_BANK),
                     (int64_t)sim_field(x, JADE_ISA_F_IDX) * 4);
}

/* One lane's request to the texture unit, its result into the registers;
 * false (stopped) on the unit's error. */
static bool
lane_request(struct sim_exec *x, unsigned lane, const struct jade_sim_texel_request *req,
             uint32_t out[4])
{
   char err[200] = "";
   if (!x->sim->texel_fetch(x->sim->texel_data, req, out, err, sizeof(err)))
      return sim_stop(x, JADE_SIM_FAULT, "%s of handle 0x%x: %s", jade_isa_op_info[x->op].name,
                      req->handle, err);
   return true;
}

/* A register tuple read in order: the next word, 0 past RZ. */
struct tuple {
   unsigned base, next;
};

static uint32_t
next_word(struct sim_exec *x, struct tuple *t, unsigned lane)
{
   return t->base == JADE_HW_RZ ? 0 : sim_gpr(x, t->base + t->next++, lane);
}

static void
unpack_offsets(uint32_t packed, unsigned bits, unsigned n, int32_t out[3])
{
   for (unsigned k = 0; k < n && k < 3; k++)
      out[k] = (int32_t)(packed << (32 - bits * (k + 1))) >> (32 - bits);
}

/* The coordinates of every lane (float bits), read first so that each
 * lane's quad neighbours are at hand for implicit derivatives. */
struct lane_coords {
   float s[SIM_LANES][3];
};

static void
quad_derivatives(const struct lane_coords *lc, unsigned lane, unsigned n,
                 struct jade_sim_texel_request *req)
{
   const unsigned q = lane & ~3u;
   for (unsigned a = 0; a < n; a++) {
      req->ddx[a] = lc->s[q + 1][a] - lc->s[q][a];
      req->ddy[a] = lc->s[q + 2][a] - lc->s[q][a];
   }
}

static bool
exec_sample(struct sim_exec *x)
{
   const enum jade_isa_op op = x->op;
   const unsigned dim = (unsigned)sim_field(x, JADE_ISA_F_DIM) & 7;
   if (!dims[dim].valid)
      return sim_unsupported(x, "texture dimension");
   if (op == JADE_ISA_OP_TXD && (dims[dim].cube || dims[dim].coords > 2))
      return sim_unsupported(x, "TXD dimension");
   enum jade_sim_tex_op kind = op == JADE_ISA_OP_TLD4   ? JADE_SIM_TEX_GATHER
                               : op == JADE_ISA_OP_TMML ? JADE_SIM_TEX_LOD
                                                        : JADE_SIM_TEX_SAMPLE;
   enum jade_sim_tex_lod lod_mode = JADE_SIM_LOD_AUTO;
   bool offsets = false, dc = false;
   unsigned offset_bits = 4;
   if (op == JADE_ISA_OP_TEX) {
      const unsigned l = (unsigned)sim_field(x, JADE_ISA_F_LOD);
      if (l > JADE_ISA_V_LOD_LL)
         return sim_unsupported(x, "TEX LOD mode (LB.LC, LL.LC)");
      lod_mode = lod_modes[l];
      offsets = sim_field(x, JADE_ISA_F_AOFFI);
      dc = sim_field(x, JADE_ISA_F_DC);
   } else if (op == JADE_ISA_OP_TLD4) {
      const unsigned offs = (unsigned)sim_field(x, JADE_ISA_F_OFFS);
      if (offs > JADE_ISA_V_OFFS_AOFFI)
         return sim_unsupported(x, "TLD4 per-texel offsets (.PTP)");
      offsets = offs == JADE_ISA_V_OFFS_AOFFI;
      offset_bits = 8;
      dc = sim_field(x, JADE_ISA_F_DC);
      lod_mode = JADE_SIM_LOD_ZERO;
   } else if (op == JADE_ISA_OP_TXD) {
      offsets = sim_field(x, JADE_ISA_F_AOFFI);
      if (sim_field(x, JADE_ISA_F_LC))
         return sim_unsupported(x, "TXD with an LOD clamp (.LC)");
   }
   const unsigned n = dims[dim].coords;
   const unsigned src0 = (unsigned)sim_field(x, JADE_ISA_F_SRC0);
   const unsigned src1 = (unsigned)sim_field(x, JADE_ISA_F_SRC1);
   const uint32_t handle = bound_handle(x);

   struct lane_coords coords, *lc = &coords;
   uint32_t layer[SIM_LANES], extra[SIM_LANES];
   sim_foreach_lane (x, lane) {
      struct tuple t = {src0, 0};
      layer[lane] = extra[lane] = 0;
      if (dims[dim].array && op != JADE_ISA_OP_TXD)
         layer[lane] = next_word(x, &t, lane) & 0xffff;
      for (unsigned a = 0; a < n; a++)
         lc->s[lane][a] = sim_f32(next_word(x, &t, lane));
      if (op == JADE_ISA_OP_TXD && (dims[dim].array || offsets)) {
         extra[lane] = next_word(x, &t, lane);
         layer[lane] = extra[lane] & 0xffff;
      }
   }
   /* Quad neighbours outside the active mask keep whatever their
    * registers hold, as on the hardware; the model reads them too. */
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      if (x->mask & (1u << lane))
         continue;
      struct tuple t = {src0, dims[dim].array && op != JADE_ISA_OP_TXD};
      for (unsigned a = 0; a < n; a++)
         lc->s[lane][a] = sim_f32(next_word(x, &t, lane));
   }

   sim_foreach_lane (x, lane) {
      struct jade_sim_texel_request req = {
         .handle = handle,
         .op = kind,
         .dim = n,
         .array = dims[dim].array,
         .cube = dims[dim].cube,
         .layer = layer[lane],
         .lod_mode = lod_mode,
         .component = (unsigned)(op == JADE_ISA_OP_TLD4 ? sim_field(x, JADE_ISA_F_COMP) : 0),
      };
      memcpy(req.s, lc->s[lane], sizeof(req.s));
      struct tuple t = {src1, 0};
      if (op == JADE_ISA_OP_TXD) {
         for (unsigned a = 0; a < n; a++) {
            req.ddx[a] = sim_f32(next_word(x, &t, lane));
            req.ddy[a] = sim_f32(next_word(x, &t, lane));
         }
         if (offsets)
            unpack_offsets(extra[lane] >> 16, 4, n, req.offset);
         req.lod_mode = JADE_SIM_LOD_AUTO;
      } else {
         if (lod_mode == JADE_SIM_LOD_BIAS || lod_mode == JADE_SIM_LOD_LEVEL)
            req.lod_value = sim_f32(next_word(x, &t, lane));
         if (offsets)
            unpack_offsets(next_word(x, &t, lane), offset_bits, n, req.offset);
         if (dc) {
            req.compare = true;
            req.ref = sim_f32(next_word(x, &t, lane));
         }
         if (lod_mode == JADE_SIM_LOD_AUTO || lod_mode == JADE_SIM_LOD_BIAS)
            quad_derivatives(lc, lane, n, &req);
      }
      uint32_t v[4];
      if (!lane_request(x, lane, &req, v))
         return false;
      write_masked(x, lane, v);
   }
   return true;
}

static bool
exec_tld(struct sim_exec *x)
{
   unsigned dim = (unsigned)sim_field(x, JADE_ISA_F_DIM) & 7;
   unsigned lod_mode = (unsigned)sim_field(x, JADE_ISA_F_LOD);
   if (!dims[dim].valid || dims[dim].cube ||
       (lod_mode != JADE_ISA_V_LOD_LZ && lod_mode != JADE_ISA_V_LOD_LL) ||
       sim_field(x, JADE_ISA_F_CL))
      return sim_unsupported(x, "TLD form (dimension, LOD mode or clamp)");
   const bool ms = sim_field(x, JADE_ISA_F_MS);
   const bool offsets = sim_field(x, JADE_ISA_F_AOFFI);
   const unsigned src0 = (unsigned)sim_field(x, JADE_ISA_F_SRC0);
   const unsigned src1 = (unsigned)sim_field(x, JADE_ISA_F_SRC1);
   const uint32_t handle = bound_handle(x);

   sim_foreach_lane (x, lane) {
      struct jade_sim_texel_request req = {
         .handle = handle,
         .op = JADE_SIM_TEX_FETCH,
         .dim = dims[dim].coords,
         .array = dims[dim].array,
      };
      struct tuple t = {src0, 0};
      if (req.array)
         req.layer = next_word(x, &t, lane) & 0xffff; /* 16 bits, as above */
      for (unsigned c = 0; c < req.dim; c++)
         req.coord[c] = (int32_t)next_word(x, &t, lane);
      t = (struct tuple){src1, 0};
      if (ms)
         req.sample = next_word(x, &t, lane);
      if (lod_mode == JADE_ISA_V_LOD_LL)
         req.lod = (int32_t)next_word(x, &t, lane);
      if (offsets)
         unpack_offsets(next_word(x, &t, lane), 4, req.dim, req.offset);
      uint32_t v[4];
      if (!lane_request(x, lane, &req, v))
         return false;
      write_masked(x, lane, v);
   }
   return true;
}

static bool
exec_txq(struct sim_exec *x)
{
   const unsigned src0 = (unsigned)sim_field(x, JADE_ISA_F_SRC0);
   const uint32_t handle = bound_handle(x);
   sim_foreach_lane (x, lane) {
      const struct jade_sim_texel_request req = {
         .handle = handle,
         .op = JADE_SIM_TEX_QUERY,
         .query = (unsigned)sim_field(x, JADE_ISA_F_QUERY),
         .lod = src0 == JADE_HW_RZ ? 0 : (int32_t)sim_gpr(x, src0, lane),
      };
      uint32_t v[4];
      if (!lane_request(x, lane, &req, v))
         return false;
      write_masked(x, lane, v);
   }
   return true;
}

bool
sim_exec_tex(struct sim_exec *x)
{
   switch (x->op) {
   case JADE_ISA_OP_TLD:
   case JADE_ISA_OP_TXQ:
   case JADE_ISA_OP_TEX:
   case JADE_ISA_OP_TLD4:
   case JADE_ISA_OP_TXD:
   case JADE_ISA_OP_TMML:
      break;
   default:
      return false;
   }
   if (!x->sim->texel_fetch)
      return sim_stop(x, JADE_SIM_UNSUPPORTED,
                      "%s without a texture unit "
                      "(jade_sim_set_texture_unit)",
                      jade_isa_op_info[x->op].name);
   if (x->op == JADE_ISA_OP_TLD)
      return exec_tld(x);
   if (x->op == JADE_ISA_OP_TXQ)
      return exec_txq(x);
   return exec_sample(x);
}
