/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The surface unit (images) from the hardware's side: the SM's SULD, SUST,
 * SUATOM and SURED (sim_exec_surface.c) reach texels through the texture
 * header their handle names, read and laid out by gpu_texture.c.  Where
 * each rule comes from:
 * - the handle's bits 19:0 are the header's index in the pool of
 *   SET_TEX_HEADER_POOL_A..C: NVK's storage image descriptor keeps
 *   image_index in bits 19:0 (nvk_descriptor_types.h) and hands the whole
 *   word to the instruction (nvk_nir_lower_descriptors.c,
 *   lower_image_intrin; the MSAA path extracts bits 19:0);
 * - the level is the header's RES_VIEW_MIN_MIP_LEVEL: NIL writes a view's
 *   base level there (tic.rs) and NVK's storage views of 2D images keep
 *   their base level only there, at the image's address
 *   (nvk_image_view.c), so the hardware must apply it;
 * - formatted access converts with the header's format: SULD.P returns
 *   the texel decoded (float bits for float and normalised formats,
 *   integers for integer ones, as util_format unpacks them), through the
 *   header's X/Y/Z/W sources; SUST.P packs the data (util_format_pack_rgba:
 *   its clamping and rounding) after the inverse of those sources.  Who
 *   converts, settled: the unit, as NAK assumes.  NVK exposes
 *   shaderStorageImageReadWithoutFormat (Maxwell and later) and
 *   WriteWithoutFormat (nvk_physical_device.c) and emits SULD.P/SUST.P for
 *   every load and store with no conversion of its own (from_nir.rs
 *   bindless_image_load/store); the sources matter because NIL's storage
 *   formats include B8G8R8A8_UNORM (A8B8G8R8 components, sources B G R A)
 *   and A8_UNORM (R8, sources 0 0 0 R) (nil_formats.csv, caps S), which
 *   read right only if the unit swizzles.  nouveau's codegen converts in
 *   the shader instead (nv50_ir_lowering_nvc0.cpp convertSurfaceFormat:
 *   a raw SULD.D of the texel's size), which the raw forms model;
 * - components a store's mask leaves out are stored as 0 (the model's
 *   choice: neither NAK nor Jade stores fewer components than the format
 *   has); the header's sRGB flag is ignored (no storage format is sRGB:
 *   nil_formats.csv; GL has no sRGB image formats);
 * - the raw forms move the type's bytes at the texel's address (.BA: x
 *   counts bytes), which must lie within one texel (codegen's SULD.D is
 *   the texel's size);
 * - atomics read, modify and write the 32- or 64-bit word at the texel's
 *   address, which must lie within the texel, and return the old value;
 *   the operations are CUDA's (atomicInc/atomicDec wrap at the operand),
 *   F32 adds flush subnormals (.FTZ.RN), as the SM model's ATOM does;
 * - an access outside the view (past its level's width, height or depth,
 *   its layers, a buffer's texel count) with CLAMP .IGN is dropped: a
 *   load reads a zero texel through the sources ((0, 0, 0, 1) for one
 *   component), stores and atomics write nothing, atomics return 0.  NVK
 *   relies on it: it exposes robustImageAccess2 (zero texels, missing
 *   components from the format) and NAK emits .IGN with no bounds check;
 *   GL's invalid image loads return zero in R, G, B.  .TRAP faults;
 * - the instruction's DIM says how many coordinates there are, the header
 *   what they index: a layer is checked against the header's
 *   DEPTH_MINUS_ONE + 1, z against a 3D header's depth; a mismatch (a 2D
 *   access of a 3D header) reads coordinates the header has as 0;
 * - the unit has no cube maps: a CUBEMAP or CUBEMAP_ARRAY header is read
 *   as a 2D array of its DEPTH layers, and that depth counts cubes
 *   (nvc0_tex.c "depth /= 6", NIL tic.rs normalize_extent), so faces
 *   past it are outside.  NVK: "For storage images, we can't have any
 *   cubes" (nvk_image_view.c, which makes them 2D arrays of the faces);
 *   nvc0 does the same (nvc0_tex.c gm107_create_texture_view_from_image).
 * Not modelled: FermiZS depth formats, MSAA (NVK rewrites MSAA images as
 * single-sampled ones, nil_msaa_image_as_sa), SD32/SD64 and F16x2 atomics,
 * F32 min/max.
 */

#include <string.h>

#include "util/format/u_format.h"

#include "jade_gpu.h"
#include "jade_sim.h"
#include "jade_tic.h"

#include "gpu_texture.h"

/* Coordinates each DIM takes (1D 0, 1D_BUFFER 1, 1D_ARRAY 2, 2D 3,
 * 2D_ARRAY 4, 3D 5). */
static const unsigned dim_coords[6] = {1, 1, 1, 2, 2, 3};

static float
f32(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static uint32_t
u32(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* A subnormal flushed to a zero of its sign. */
static uint32_t
flush(uint32_t u)
{
   return (u & 0x7f800000u) ? u : u & 0x80000000u;
}

static bool
atomic_result(enum jade_sim_atomic_op op, enum jade_sim_atomic_type type, uint64_t old,
              uint64_t data, uint64_t *result, char *err, size_t err_size)
{
   const bool wide = type == JADE_SIM_ATOM_U64 || type == JADE_SIM_ATOM_S64;
   const bool is_signed = type == JADE_SIM_ATOM_S32 || type == JADE_SIM_ATOM_S64;
   const uint64_t mask = wide ? ~0ull : 0xffffffffull;
   old &= mask, data &= mask;
   const int64_t so = wide ? (int64_t)old : (int32_t)old;
   const int64_t sd = wide ? (int64_t)data : (int32_t)data;
   if (type == JADE_SIM_ATOM_F32 && op == JADE_SIM_ATOM_ADD) {
      float r = f32(flush((uint32_t)old)) + f32(flush((uint32_t)data));
      *result = r != r ? 0x7fffffffu : flush(u32(r));
      return true;
   }
   if (type == JADE_SIM_ATOM_F32 && op == JADE_SIM_ATOM_EXCH) {
      *result = data;
      return true;
   }
   if (type != JADE_SIM_ATOM_U32 && type != JADE_SIM_ATOM_S32 && !wide) {
      snprintf(err, err_size, "atomic operation %u of type %u not modelled", op, type);
      return false;
   }
   switch (op) {
   case JADE_SIM_ATOM_ADD:
      *result = old + data;
      break;
   case JADE_SIM_ATOM_MIN:
      *result = (is_signed ? so < sd : old < data) ? old : data;
      break;
   case JADE_SIM_ATOM_MAX:
      *result = (is_signed ? so > sd : old > data) ? old : data;
      break;
   case JADE_SIM_ATOM_INC:
      *result = old >= data ? 0 : old + 1;
      break;
   case JADE_SIM_ATOM_DEC:
      *result = old == 0 || old > data ? data : old - 1;
      break;
   case JADE_SIM_ATOM_AND:
      *result = old & data;
      break;
   case JADE_SIM_ATOM_OR:
      *result = old | data;
      break;
   case JADE_SIM_ATOM_XOR:
      *result = old ^ data;
      break;
   case JADE_SIM_ATOM_EXCH:
      *result = data;
      break;
   default:
      snprintf(err, err_size, "atomic operation %u not modelled", op);
      return false;
   }
   *result &= mask;
   return true;
}

/* The data of a formatted store as the texel's components in memory order
 * (R, G, B, A of its layout): each takes the first output whose source it
 * is; outputs past the mask are 0. */
static void
unswizzle(const struct gpu_tex_view *v, const uint32_t *data, unsigned n, uint32_t rgba[4])
{
   memset(rgba, 0, 4 * sizeof(uint32_t));
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned k = 0; k < 4; k++) {
         if (v->source[k] == JADE_TIC_BL_X_SOURCE_IN_R + c) {
            rgba[c] = k < n ? data[k] : 0;
            break;
         }
      }
   }
}

static unsigned
access_bytes(const struct jade_sim_surface_request *req)
{
   switch (req->op) {
   case JADE_SIM_SURFACE_LOAD_RAW:
   case JADE_SIM_SURFACE_STORE_RAW:
      return req->size;
   case JADE_SIM_SURFACE_ATOMIC:
   case JADE_SIM_SURFACE_CAS:
      return req->atomic_type == JADE_SIM_ATOM_U64 || req->atomic_type == JADE_SIM_ATOM_S64 ||
                   req->atomic_type == JADE_SIM_ATOM_SD64
                ? 8
                : 4;
   default:
      return 0;
   }
}

static const char *const op_names[] = {"load",      "store",  "raw load",
                                       "raw store", "atomic", "compare-and-swap"};

static bool
surface_request(void *data, const struct jade_sim_surface_request *req, uint32_t out[4], char *err,
                size_t err_size)
{
   struct jade_gpu *gpu = data;
   memset(out, 0, 4 * sizeof(uint32_t));
   if (req->dim > 5) {
      snprintf(err, err_size, "surface dimension %u", req->dim);
      return false;
   }
   const struct gpu_tex_view *v = gpu_tex_view(gpu, req->handle & 0xfffff, err, err_size);
   if (!v)
      return false;
   if (v->null)
      return true; /* the null descriptor: zeros, nothing stored (gpu_texture.c) */
   const unsigned n = dim_coords[req->dim];
   uint32_t x = req->coord[0], y = n > 1 ? req->coord[1] : 0, z = n > 2 ? req->coord[2] : 0;
   uint32_t byte = 0;
   if (req->byte_address) {
      byte = x % v->bpp;
      x /= v->bpp;
   }
   const bool array = req->dim == 2 || req->dim == 4;
   const unsigned bytes = access_bytes(req);
   if (bytes && byte + bytes > v->bpp) {
      snprintf(err, err_size, "a %s of %u bytes at byte %u of a %u-byte texel (%s) not modelled",
               op_names[req->op], bytes, byte, v->bpp, util_format_name(v->format));
      return false;
   }

   uint64_t va;
   const bool outside_cube = array && gpu_tex_is_cube(v) && req->layer >= v->depth;
   if (outside_cube || !gpu_tex_texel_va(v, v->view_min, x, y, z, array ? req->layer : 0, &va)) {
      if (req->trap) {
         snprintf(err, err_size,
                  "%s of (%u, %u, %u) layer %u outside the %u x %u x %u "
                  "surface (%u layers) with .TRAP",
                  op_names[req->op], req->coord[0], req->coord[1], req->coord[2], req->layer,
                  v->width, v->height, v->depth, gpu_tex_is_cube(v) ? v->depth : gpu_tex_layers(v));
         return false;
      }
      if (req->op == JADE_SIM_SURFACE_LOAD) {
         const uint32_t zero[4] = {0, 0, 0, 0};
         uint32_t t[4];
         gpu_tex_swizzle(v, zero, t);
         unsigned k = 0;
         for (unsigned c = 0; c < 4; c++)
            if (req->mask & (1u << c))
               out[k++] = t[c];
      }
      return true;
   }
   va += byte;

   switch (req->op) {
   case JADE_SIM_SURFACE_LOAD: {
      uint32_t rgba[4], t[4];
      if (!gpu_tex_read(gpu, v, va, false, rgba)) {
         snprintf(err, err_size, "texel at 0x%llx unmapped", (unsigned long long)va);
         return false;
      }
      gpu_tex_swizzle(v, rgba, t);
      unsigned k = 0;
      for (unsigned c = 0; c < 4; c++)
         if (req->mask & (1u << c))
            out[k++] = t[c];
      return true;
   }
   case JADE_SIM_SURFACE_STORE: {
      const unsigned given = req->mask == 1 ? 1 : req->mask == 3 ? 2 : 4;
      uint32_t rgba[4];
      uint8_t texel[16] = {0};
      unswizzle(v, req->data, given, rgba);
      util_format_pack_rgba(v->format, texel, rgba, 1);
      if (!gpu_write(gpu, va, texel, v->bpp, "a surface store")) {
         snprintf(err, err_size, "texel at 0x%llx unmapped", (unsigned long long)va);
         return false;
      }
      return true;
   }
   case JADE_SIM_SURFACE_LOAD_RAW:
      if (!gpu_read(gpu, va, out, bytes, "a raw surface load")) {
         snprintf(err, err_size, "texel at 0x%llx unmapped", (unsigned long long)va);
         return false;
      }
      return true;
   case JADE_SIM_SURFACE_STORE_RAW:
      if (!gpu_write(gpu, va, req->data, bytes, "a raw surface store")) {
         snprintf(err, err_size, "texel at 0x%llx unmapped", (unsigned long long)va);
         return false;
      }
      return true;
   default: {
      /* Read, modify, write: nothing runs in between. */
      const bool wide = bytes == 8;
      uint64_t old = 0, result;
      if (!gpu_read(gpu, va, &old, bytes, "a surface atomic")) {
         snprintf(err, err_size, "texel at 0x%llx unmapped", (unsigned long long)va);
         return false;
      }
      const uint64_t d0 = wide ? req->data[0] | (uint64_t)req->data[1] << 32 : req->data[0];
      if (req->op == JADE_SIM_SURFACE_CAS) {
         const uint64_t d1 = wide ? req->data[2] | (uint64_t)req->data[3] << 32 : req->data[1];
         result = old == d0 ? d1 : old;
      } else if (!atomic_result(req->atomic_op, req->atomic_type, old, d0, &result, err,
                                err_size)) {
         return false;
      }
      if (!gpu_write(gpu, va, &result, bytes, "a surface atomic")) {
         snprintf(err, err_size, "texel at 0x%llx unmapped", (unsigned long long)va);
         return false;
      }
      out[0] = (uint32_t)old;
      out[1] = (uint32_t)(old >> 32);
      return true;
   }
   }
}

void
gpu_surface_bind(struct jade_gpu *gpu, struct jade_sim *sim)
{
   jade_sim_set_surface_unit(sim, surface_request, gpu);
}

bool
jade_gpu_surface(struct jade_gpu *gpu, unsigned subc, const struct jade_sim_surface_request *req,
                 uint32_t out[4], char *err, size_t err_size)
{
   gpu_tex_use_pool(gpu, subc);
   return surface_request(gpu, req, out, err, err_size);
}
