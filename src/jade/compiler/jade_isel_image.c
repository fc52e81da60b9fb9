/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of images: SULD.P (formatted load), SUST.P
 * (formatted store), SUATOM (atomics), TXQ (size).
 *
 * Image unit i's handle (its texture header, written by the driver) is
 * word JADE_IMAGE_HANDLE_WORD + i of the driver bank c[15]; the surface
 * instructions take it in a register (the "bindless" forms Mesa's NAK and
 * nouveau's codegen use on SM70+).  Coordinates go in a register tuple in
 * the image's order (x, y, then z or the layer; a cube is a 2D array of
 * faces).  Memory order strong, system scope; out-of-bounds accesses are
 * ignored (clamp .IGN), as NAK encodes them.
 *
 * The operand layout follows NAK; tests check the encodings with nvdisasm,
 * and the GPU model's surface unit runs them (gpu_surface.c, which takes
 * SULD.P/SUST.P to convert formats as NAK does).
 */

#include "jade_isel.h"

/* The dim field of the surface instructions (numbered alike: SULD.P.B's
 * names) and the coordinates each takes. */
static int
image_dim(const nir_intrinsic_instr *intr, unsigned *coords)
{
   bool array = nir_intrinsic_image_array(intr);
   switch (nir_intrinsic_image_dim(intr)) {
   case GLSL_SAMPLER_DIM_1D:
      *coords = array ? 2 : 1;
      return array ? JADE_ISA_V_DIM_1D_ARRAY : JADE_ISA_V_DIM_1D;
   case GLSL_SAMPLER_DIM_BUF:
      *coords = 1;
      return JADE_ISA_V_DIM_1D_BUFFER;
   case GLSL_SAMPLER_DIM_2D:
   case GLSL_SAMPLER_DIM_RECT:
      *coords = array ? 3 : 2;
      return array ? JADE_ISA_V_DIM_2D_ARRAY : JADE_ISA_V_SULD_P_B_DIM_2D;
   case GLSL_SAMPLER_DIM_CUBE:
      *coords = 3;
      return JADE_ISA_V_DIM_2D_ARRAY;
   case GLSL_SAMPLER_DIM_3D:
      *coords = 3;
      return JADE_ISA_V_SULD_P_B_DIM_3D;
   default:
      return -1;
   }
}

/* The handle of the image the intrinsic names, in a register. */
static struct jade_value *
image_handle(struct isel *c, nir_intrinsic_instr *intr)
{
   struct jade_value *h = isel_new_value(c, 32);
   unsigned bank = JADE_DRIVER_CBUF_OF(c->nir->info.stage);
   if (nir_src_is_const(intr->src[0])) {
      jade_MOV(
         &c->b, jade_v(h),
         jade_cbuf(bank, 4 * (JADE_IMAGE_HANDLE_WORD + (int32_t)nir_src_as_uint(intr->src[0]))));
      return h;
   }
   /* A dynamic image index: LDC c[15][4 * index + base]. */
   struct jade_value *off = isel_new_value(c, 32);
   jade_SHF(&c->b, jade_v(off), jade_v(isel_src(c, intr->src[0].ssa, 0)), jade_imm(2), JADE_RZ,
            .type = JADE_ISA_V_SHF_TYPE_U32 /* left */);
   jade_LDC(&c->b, jade_v(h), .addr = jade_v(off), .bank = bank, .ofs = 4 * JADE_IMAGE_HANDLE_WORD);
   return h;
}

/* The memory fields of every surface access: .STRONG.SYS, and
 * out-of-bounds accesses ignored (.IGN; the field's neutral value
 * is .TRAP and the builder takes a 0 for "neutral", so .IGN is set after
 * the call). */
#define SURFACE_SEM   JADE_ISA_V_SEM_STRONG
#define SURFACE_SCOPE JADE_ISA_V_SCOPE_SYS

static struct jade_instr *
ignore_out_of_bounds(struct jade_instr *i)
{
   return jade_set(i, JADE_ISA_F_CLAMP, JADE_ISA_V_CLAMP_IGN);
}

static struct jade_value *
coordinates(struct isel *c, nir_intrinsic_instr *intr, unsigned n)
{
   struct jade_value *vals[4];
   for (unsigned k = 0; k < n; k++)
      vals[k] = isel_src(c, intr->src[1].ssa, k);
   return isel_gather(c, vals, n);
}

static bool
isel_image_size(struct isel *c, nir_intrinsic_instr *intr)
{
   if (!nir_src_is_const(intr->src[0]))
      return jade_ir_error(c->s, "image size of a dynamic image index is not supported yet");
   unsigned n = intr->def.num_components;
   struct jade_value *dst0 = jade_value_create(c->s, JADE_FILE_GPR, MIN2(n, 2));
   struct jade_value *dst1 = n > 2 ? jade_value_create(c->s, JADE_FILE_GPR, n - 2) : NULL;
   jade_TXQ(&c->b, .dst0 = jade_v(dst0), .dst1 = jade_v_or_none(dst1),
            .src0 = JADE_RZ /* level 0 */, .bank = JADE_DRIVER_CBUF_OF(c->nir->info.stage),
            .idx = JADE_IMAGE_HANDLE_WORD + nir_src_as_uint(intr->src[0]),
            .query = JADE_ISA_V_QUERY_TEX_HEADER_DIMENSION, .mask = BITFIELD_MASK(n));
   isel_split(c, &intr->def, 0, dst0, MIN2(n, 2));
   if (dst1)
      isel_split(c, &intr->def, 2, dst1, n - 2);
   return true;
}

bool
isel_image(struct isel *c, nir_intrinsic_instr *intr)
{
   if (intr->intrinsic == nir_intrinsic_image_size)
      return isel_image_size(c, intr);
   unsigned ncoord;
   int dim = image_dim(intr, &ncoord);
   if (dim < 0 || nir_intrinsic_image_dim(intr) == GLSL_SAMPLER_DIM_MS)
      return jade_ir_error(c->s, "images of dimension %u are not supported yet",
                           nir_intrinsic_image_dim(intr));
   struct jade_value *handle = image_handle(c, intr);
   struct jade_value *coord = coordinates(c, intr, ncoord);
   switch (intr->intrinsic) {
   case nir_intrinsic_image_load: {
      if (intr->def.bit_size != 32)
         return jade_ir_error(c->s, "%u-bit image loads are not supported yet", intr->def.bit_size);
      /* R, RG or RGBA: the fewest covering the components read. */
      unsigned read = nir_def_components_read(&intr->def);
      unsigned n = read <= 1 ? 1 : read <= 3 ? 2 : 4;
      struct jade_value *dst =
         n == 1 ? isel_new_value(c, 32) : jade_value_create(c->s, JADE_FILE_GPR, n);
      ignore_out_of_bounds(jade_SULD_P_B(&c->b, jade_v(dst), .addr = jade_v(coord),
                                         .handle = jade_v(handle), .mask = BITFIELD_MASK(n),
                                         .dim = (unsigned)dim, .sem = SURFACE_SEM,
                                         .scope = SURFACE_SCOPE));
      if (n > 1)
         isel_split(c, &intr->def, 0, dst, MIN2(n, intr->def.num_components));
      else
         isel_set_def(c, &intr->def, 0, dst);
      return true;
   }
   case nir_intrinsic_image_store: {
      nir_def *data = intr->src[3].ssa;
      if (data->bit_size != 32)
         return jade_ir_error(c->s, "%u-bit image stores are not supported yet", data->bit_size);
      unsigned n = data->num_components >= 4 ? 4 : data->num_components >= 2 ? 2 : 1;
      struct jade_value *v = isel_mem_data(c, true, data, 0, n);
      ignore_out_of_bounds(jade_SUST_P_B(&c->b, .addr = jade_v(coord), .data = jade_v(v),
                                         .handle = jade_v(handle), .mask = BITFIELD_MASK(n),
                                         .dim = (unsigned)dim, .sem = SURFACE_SEM,
                                         .scope = SURFACE_SCOPE));
      return true;
   }
   case nir_intrinsic_image_atomic:
   case nir_intrinsic_image_atomic_swap: {
      if (intr->def.bit_size != 32)
         return jade_ir_error(c->s, "%u-bit image atomics are not supported yet",
                              intr->def.bit_size);
      bool swap = intr->intrinsic == nir_intrinsic_image_atomic_swap;
      unsigned op;
      bool is_signed;
      if (!isel_atomic_op(nir_intrinsic_atomic_op(intr), &op, &is_signed))
         return jade_ir_error(c->s, "image atomic operation %u is not supported yet",
                              nir_intrinsic_atomic_op(intr));
      unsigned type = is_signed ? JADE_ISA_V_SUATOM_B_TYPE_S32 : JADE_ISA_V_SUATOM_B_TYPE_U32;
      /* CAS takes the compared value and the new one packed in a pair. */
      struct jade_value *data = isel_src(c, intr->src[3].ssa, 0);
      if (swap) {
         struct jade_value *pair[2] = {data, isel_src(c, intr->src[4].ssa, 0)};
         data = isel_gather(c, pair, 2);
      }
      struct jade_value *dst = isel_new_value(c, 32);
      if (swap)
         ignore_out_of_bounds(jade_SUATOM_CAS_B(&c->b, jade_v(dst), .addr = jade_v(coord),
                                                .data = jade_v(data), .handle = jade_v(handle),
                                                .type = type, .dim = (unsigned)dim,
                                                .sem = SURFACE_SEM, .scope = SURFACE_SCOPE));
      else
         ignore_out_of_bounds(jade_SUATOM_B(&c->b, jade_v(dst), .addr = jade_v(coord),
                                            .data = jade_v(data), .handle = jade_v(handle),
                                            .op = op, .type = type, .dim = (unsigned)dim,
                                            .sem = SURFACE_SEM, .scope = SURFACE_SCOPE));
      isel_set_def(c, &intr->def, 0, dst);
      return true;
   }
   default:
      return jade_ir_error(c->s, "unsupported NIR intrinsic %s",
                           nir_intrinsic_infos[intr->intrinsic].name);
   }
}
