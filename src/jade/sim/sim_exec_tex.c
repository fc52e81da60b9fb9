/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The SM's side of the texture unit: bound TLD (texel fetches) and TXQ's
 * dimension query (src0 = the LOD; the results width, height, depth or
 * layers, levels, as NAK's txs/query_levels lowering reads them).  The
 * handle (TIC index | TSC index << 20) is read from c[bank][idx * 4], the
 * instruction's bank (bits 54..58) and index (bits 40..53), as codegen
 * emits them (nv50_ir_emit_gv100.cpp, emitTEX: the aux constant buffer's
 * slot and tex.r).  Operands in consecutive registers as NAK packs them
 * (nak_nir_lower_tex.c): src0 = [array index], coordinates; src1 = [sample
 * index], [LOD]; results by the write mask into dst0, dst0 + 1, then dst1,
 * dst1 + 1 (sm70.rs, OpTld::encode).  What a texel is, the caller's
 * texture unit says (jade_sim_set_texture_unit: the GPU model reads the
 * header pool).
 */

#include "sim_private.h"

void
jade_sim_set_texture_unit(struct jade_sim *sim, jade_sim_texel_fn fetch, void *data)
{
   sim->texel_fetch = fetch;
   sim->texel_data = data;
}

/* dim: 1D, 2D, 3D, -, ARRAY_1D, ARRAY_2D (the field's values). */
static const struct {
   unsigned coords;
   bool array, valid;
} dims[8] = {{1, false, true}, {2, false, true}, {3, false, true}, {0},
             {1, true, true}, {2, true, true}, {0}, {0}};

/* The LOD field: 1 LZ (level 0), 3 LL (level from src1). */
#define LOD_LZ 1
#define LOD_LL 3

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
      if (base != SIM_RZ)
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
lane_request(struct sim_exec *x, unsigned lane, const struct jade_sim_texel_request *req)
{
   uint32_t v[4];
   char err[200] = "";
   if (!x->sim->texel_fetch(x->sim->texel_data, req, v, err, sizeof(err)))
      return sim_stop(x, JADE_SIM_FAULT, "%s of handle 0x%x: %s",
                      jade_isa_op_info[x->op].name, req->handle, err);
   write_masked(x, lane, v);
   return true;
}

static bool
exec_tld(struct sim_exec *x)
{
   unsigned dim = (unsigned)sim_field(x, JADE_ISA_F_DIM);
   unsigned lod_mode = (unsigned)sim_field(x, JADE_ISA_F_LOD);
   if (!dims[dim & 7].valid || (lod_mode != LOD_LZ && lod_mode != LOD_LL) ||
       sim_field(x, JADE_ISA_F_AOFFI) || sim_field(x, JADE_ISA_F_CL))
      return sim_unsupported(x, "TLD form (dimension, LOD mode, offsets or clamps)");
   const bool ms = sim_field(x, JADE_ISA_F_MS);
   const unsigned src0 = (unsigned)sim_field(x, JADE_ISA_F_SRC0);
   const unsigned src1 = (unsigned)sim_field(x, JADE_ISA_F_SRC1);
   const uint32_t handle = bound_handle(x);

   sim_foreach_lane(x, lane) {
      struct jade_sim_texel_request req = {
         .handle = handle,
         .dim = dims[dim].coords,
         .array = dims[dim].array,
      };
      unsigned r = 0;
#define SRC(base) ((base) == SIM_RZ ? 0 : sim_gpr(x, (base) + r++, lane))
      if (req.array)
         req.layer = SRC(src0);
      for (unsigned c = 0; c < req.dim; c++)
         req.coord[c] = (int32_t)SRC(src0);
      r = 0;
      if (ms)
         req.sample = SRC(src1);
      if (lod_mode == LOD_LL)
         req.lod = (int32_t)SRC(src1);
#undef SRC
      if (!lane_request(x, lane, &req))
         return false;
   }
   return true;
}

static bool
exec_txq(struct sim_exec *x)
{
   if (sim_field(x, JADE_ISA_F_QUERY) != 0)
      return sim_unsupported(x, "TXQ query other than TEX_HEADER_DIMENSION");
   const unsigned src0 = (unsigned)sim_field(x, JADE_ISA_F_SRC0);
   const uint32_t handle = bound_handle(x);
   sim_foreach_lane(x, lane) {
      const struct jade_sim_texel_request req = {
         .handle = handle,
         .query = true,
         .lod = src0 == SIM_RZ ? 0 : (int32_t)sim_gpr(x, src0, lane),
      };
      if (!lane_request(x, lane, &req))
         return false;
   }
   return true;
}

bool
sim_exec_tex(struct sim_exec *x)
{
   if (x->op != JADE_ISA_OP_TLD && x->op != JADE_ISA_OP_TXQ)
      return false;
   if (!x->sim->texel_fetch)
      return sim_stop(x, JADE_SIM_UNSUPPORTED, "%s without a texture unit "
                      "(jade_sim_set_texture_unit)", jade_isa_op_info[x->op].name);
   return x->op == JADE_ISA_OP_TLD ? exec_tld(x) : exec_txq(x);
}
