/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The SM's side of the surface unit (images): the bindless SULD.P, SUST.P
 * (formatted), SULD.D, SUST.D (raw), SUATOM, SUATOM.CAS and SURED, with
 * the handle in a register (bits 64..71), operands as NAK encodes them
 * (sm70.rs OpSuLd/OpSuSt/OpSuAtom::encode, from_nir.rs bindless_image_*):
 *   addr (bits 24..31)  the coordinates, consecutive registers: x, then y,
 *                       then z or the array layer (DIM 1D 0: x; 1D_BUFFER
 *                       1: x; 1D_ARRAY 2: x, layer; 2D 3: x, y; 2D_ARRAY
 *                       4: x, y, layer; 3D 5: x, y, z; get_image_coord
 *                       takes coord_comps() of them; cubes are 2D arrays
 *                       of faces, get_image_dim);
 *   data (bits 32..39)  SUST.P: the components the mask (bits 72..75: .R
 *                       1, .RG 3, RGBA 0xf) names; SUST.D: the type's
 *                       bytes (one to four registers); SUATOM/SURED: the
 *                       operand (a pair for 64-bit types); SUATOM.CAS: the
 *                       compared value, then the new one (NAK packs
 *                       [srcs[3], srcs[4]], AtomCmpSrc::Packed);
 *   dst (bits 16..23)   SULD.P: the masked components; SULD.D: the type's
 *                       bytes (U8/S8/U16/S16 extended to a register);
 *                       SUATOM: the old value;
 *   pd (bits 81..83)    set false: the model has no sparse residency
 *                       (NAK reads it only for sparse loads).
 * CLAMP (bits 59..60): 0 .IGN (what NAK and Jade emit: an access outside
 * the surface is dropped, a load reads zero), 2 .TRAP (a fault); 1, which
 * nvdisasm prints without a name, is not modelled.  Memory order, scope
 * and eviction priority need nothing in a model that runs one lane at a
 * time in lane order.  The bound forms (handle from c[bank][idx]) are not
 * modelled: NAK and Jade never emit them.  What a texel is, the caller's
 * surface unit says (jade_sim_set_surface_unit: the GPU model reads the
 * texture headers, gpu_surface.c).
 */

#include "sim_private.h"

void
jade_sim_set_surface_unit(struct jade_sim *sim, jade_sim_surface_fn fn, void *data)
{
   sim->surface = fn;
   sim->surface_data = data;
}

/* Coordinates each DIM takes, and whether the last one is a layer. */
static const struct {
   unsigned coords;
   bool array;
} dims[6] = {{1, false}, {1, false}, {2, true}, {2, false}, {3, true}, {3, false}};

/* SULD.D/SUST.D TYPE: U8 S8 U16 S16 32 64 128. */
static const unsigned raw_bytes[7] = {1, 1, 2, 2, 4, 8, 16};

static unsigned
mask_components(unsigned mask)
{
   return mask == 1 ? 1 : mask == 3 ? 2 : mask == 0xf ? 4 : 0;
}

static bool
is64(enum jade_sim_atomic_type t)
{
   return t == JADE_SIM_ATOM_U64 || t == JADE_SIM_ATOM_S64 || t == JADE_SIM_ATOM_SD64;
}

bool
sim_exec_surface(struct sim_exec *x)
{
   const enum jade_isa_op op = x->op;
   enum jade_sim_surface_op kind;
   switch (op) {
   case JADE_ISA_OP_SULD_P_B:
      kind = JADE_SIM_SURFACE_LOAD;
      break;
   case JADE_ISA_OP_SUST_P_B:
      kind = JADE_SIM_SURFACE_STORE;
      break;
   case JADE_ISA_OP_SULD_B:
      kind = JADE_SIM_SURFACE_LOAD_RAW;
      break;
   case JADE_ISA_OP_SUST_B:
      kind = JADE_SIM_SURFACE_STORE_RAW;
      break;
   case JADE_ISA_OP_SUATOM_B:
   case JADE_ISA_OP_SURED_B:
      kind = JADE_SIM_SURFACE_ATOMIC;
      break;
   case JADE_ISA_OP_SUATOM_CAS_B:
      kind = JADE_SIM_SURFACE_CAS;
      break;
   default:
      return false;
   }
   if (!x->sim->surface)
      return sim_stop(x, JADE_SIM_UNSUPPORTED,
                      "%s without a surface unit "
                      "(jade_sim_set_surface_unit)",
                      jade_isa_op_info[op].name);

   const unsigned dim = (unsigned)sim_field(x, JADE_ISA_F_DIM);
   const unsigned clamp = (unsigned)sim_field(x, JADE_ISA_F_CLAMP);
   if (dim > 5)
      return sim_unsupported(x, "surface dimension");
   if (clamp != JADE_ISA_V_CLAMP_IGN && clamp != JADE_ISA_V_CLAMP_TRAP)
      return sim_unsupported(x, "surface clamp mode 1");
   const bool formatted = kind == JADE_SIM_SURFACE_LOAD || kind == JADE_SIM_SURFACE_STORE;
   const bool raw = kind == JADE_SIM_SURFACE_LOAD_RAW || kind == JADE_SIM_SURFACE_STORE_RAW;
   const bool has_dst = op == JADE_ISA_OP_SULD_P_B || op == JADE_ISA_OP_SULD_B ||
                        op == JADE_ISA_OP_SUATOM_B || op == JADE_ISA_OP_SUATOM_CAS_B;
   const bool has_data =
      !has_dst || kind == JADE_SIM_SURFACE_ATOMIC || kind == JADE_SIM_SURFACE_CAS;

   struct jade_sim_surface_request base = {
      .op = kind,
      .dim = dim,
      .trap = clamp == JADE_ISA_V_CLAMP_TRAP,
      .byte_address = !formatted && sim_field(x, JADE_ISA_F_BA),
   };
   unsigned words = 0; /* registers of dst (loads, atomics) or data (stores) */
   unsigned data_words = 0;
   if (formatted) {
      base.mask = (unsigned)sim_field(x, JADE_ISA_F_MASK);
      words = data_words = mask_components(base.mask);
      if (!words)
         return sim_unsupported(x, "component mask");
   } else if (raw) {
      const unsigned type = (unsigned)sim_field(x, JADE_ISA_F_TYPE);
      if (type > 6)
         return sim_unsupported(x, "raw surface type");
      base.size = raw_bytes[type];
      words = data_words = base.size > 4 ? base.size / 4 : 1;
   } else {
      const unsigned type = (unsigned)sim_field(x, JADE_ISA_F_TYPE);
      if (kind == JADE_SIM_SURFACE_CAS) {
         /* .CAS types: 32 (U32), .S32, .64. */
         if (type > JADE_ISA_V_SUATOM_CAS_B_TYPE_64)
            return sim_unsupported(x, "SUATOM.CAS type");
         base.atomic_type = type == JADE_ISA_V_SUATOM_CAS_B_TYPE_64
                               ? JADE_SIM_ATOM_U64
                               : (enum jade_sim_atomic_type)type;
      } else {
         base.atomic_type = (enum jade_sim_atomic_type)type;
         base.atomic_op = (enum jade_sim_atomic_op)sim_field(x, JADE_ISA_F_OP);
         if (base.atomic_op > JADE_SIM_ATOM_EXCH)
            return sim_unsupported(x, "atomic operation");
      }
      words = is64(base.atomic_type) ? 2 : 1;
      data_words = kind == JADE_SIM_SURFACE_CAS ? 2 * words : words;
   }

   const unsigned addr = (unsigned)sim_field(x, JADE_ISA_F_ADDR);
   const unsigned handle = (unsigned)sim_field(x, JADE_ISA_F_HANDLE);
   const unsigned data = has_data ? (unsigned)sim_field(x, JADE_ISA_F_DATA) : JADE_HW_RZ;
   const unsigned dst = has_dst ? (unsigned)sim_field(x, JADE_ISA_F_DST) : JADE_HW_RZ;
   const unsigned pd = has_dst ? (unsigned)sim_field(x, JADE_ISA_F_PD) : JADE_HW_PT;

   sim_foreach_lane (x, lane) {
      struct jade_sim_surface_request req = base;
      req.handle = handle == JADE_HW_RZ ? 0 : sim_gpr(x, handle, lane);
      for (unsigned c = 0; c < dims[dim].coords; c++) {
         uint32_t v = addr == JADE_HW_RZ ? 0 : sim_gpr(x, addr + c, lane);
         if (dims[dim].array && c == dims[dim].coords - 1)
            req.layer = v;
         else
            req.coord[c] = v;
      }
      for (unsigned k = 0; k < data_words; k++)
         req.data[k] = data == JADE_HW_RZ ? 0 : sim_gpr(x, data + k, lane);
      uint32_t out[4] = {0, 0, 0, 0};
      char err[200] = "";
      if (!x->sim->surface(x->sim->surface_data, &req, out, err, sizeof(err)))
         return sim_stop(x, JADE_SIM_FAULT, "%s of handle 0x%x: %s", jade_isa_op_info[op].name,
                         req.handle, err);
      if (raw && req.op == JADE_SIM_SURFACE_LOAD_RAW) {
         const unsigned type = (unsigned)sim_field(x, JADE_ISA_F_TYPE);
         if (type == JADE_ISA_V_TYPE_S8)
            out[0] = (uint32_t)(int32_t)(int8_t)out[0];
         else if (type == JADE_ISA_V_TYPE_S16)
            out[0] = (uint32_t)(int32_t)(int16_t)out[0];
      }
      if (dst != JADE_HW_RZ) {
         for (unsigned k = 0; k < words; k++)
            sim_set_gpr(x, dst + k, lane, out[k]);
      }
      sim_set_pred(x, pd, lane, false);
   }
   return true;
}
