/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Colour targets and the per-fragment operations into them, from the
 * hardware's side.  Where each rule comes from:
 * - a target is SET_COLOR_TARGET_A/B (address), WIDTH, HEIGHT, FORMAT,
 *   MEMORY (block width/height/depth in GOBs, LAYOUT, THIRD_DIMENSION_
 *   CONTROL), THIRD_DIMENSION, ARRAY_PITCH, LAYER (clc597.h).  ARRAY_PITCH
 *   counts 4-byte units and a pitch-layout target's WIDTH is its row pitch
 *   in bytes: how NVK (nvk_cmd_draw.c, nvk_CmdBeginRendering: "array_stride_B
 *   >> 2", linear "row_stride_B") and nvc0 (nvc0_state_validate.c
 *   validate_fb: "layer_stride >> 2", linear "pitch") program them.  Both
 *   program THIRD_DIMENSION = base layer + layer count and LAYER = base
 *   layer, the layer written being LAYER + the render-target array index
 *   (CLEAR_SURFACE's RT_ARRAY_INDEX, a shader's layer output), which must
 *   stay below THIRD_DIMENSION;
 * - block-linear targets are laid out by the texture unit's rules
 *   (gpu_tex_color_target, gpu_tex_texel_va: GOBs in Turing's colour byte
 *   order), so rendering into a texture and sampling it agree;
 * - formats: NVC597_SET_COLOR_TARGET_FORMAT_V_* by their names (components
 *   from the highest bits down: A8R8G8B8 is B, G, R, A from the lowest byte,
 *   PIPE_FORMAT_B8G8R8A8_UNORM; N snorm, S sint, U uint, F float, L sRGB,
 *   no letter unorm), packed and unpacked by Mesa's util_format; the
 *   Z/O-forced and the untyped R32 are refused;
 * - SET_CT_SELECT: TARGET_COUNT slots, slot s to target TARGETs.  Which
 *   index SET_CT_WRITE(i), SET_BLEND(i), SET_BLEND_PER_TARGET_*(i) and
 *   CLEAR_SURFACE.MRT_SELECT take is not documented; NVK and nvc0 program
 *   TARGETs = s, so either reading gives them the same result: the model
 *   takes the slot (the shader's output index);
 * - SET_SINGLE_CT_WRITE_CONTROL.ENABLE: SET_CT_WRITE(0) for every slot
 *   (its name; NVK enables it at init and chooses per draw, nvc0's
 *   COLOR_MASK_COMMON is TRUE unless the masks differ); never programmed
 *   after SET_OBJECT: a fault at the draw (gpu_3d_reset.c);
 * - SET_BLEND_FLOAT_OPTION.ZERO_TIMES_ANYTHING_IS_ZERO: mul();
 * - blending (SET_BLEND(i) enable; SET_BLEND_STATE_PER_TARGET choosing
 *   SET_BLEND_PER_TARGET_*(i) or the common SET_BLEND_* methods;
 *   SEPARATE_FOR_ALPHA off: alpha blends as colour does; the OGL and D3D
 *   op and coefficient values of clc597.h; SET_BLEND_CONST_*): the
 *   arithmetic of the GL 4.6 spec, 17.3.6: for unsigned- and signed-
 *   normalised targets the source, destination and constant are clamped to
 *   [0, 1] / [-1, 1] first; integer targets never blend; sRGB targets
 *   blend in linear (util_format's unpack decodes, its pack encodes).
 *   the SRC1* coefficients read source 1, the pixel program's output 1
 *   (the registers of colour output 1: NAK's dual-source outputs in
 *   nak_nir_lower_fs_outputs, nvc0's fp.num_colors 2), 0 if it has none;
 * - SET_PS_SATURATE: output i clamped before blending (saturate());
 * - write masks SET_CT_WRITE(i) R/G/B/A_ENABLE: the other components keep
 *   the target's value.
 * - logic ops (SET_LOGIC_OP, SET_LOGIC_OP_FUNC, GL's order from CLEAR to
 *   SET): on the packed source and destination, bit by bit, replacing
 *   blending; float targets ignore them (GL 4.6 17.3.9).
 * Depth, stencil and alpha test: gpu_3d_zeta.c.
 */

#include <math.h>
#include <string.h>

#include "nvidia/classes/clc597.h"
#include "util/format/u_format.h"
#include "util/macros.h"

#include "gpu_3d_raster.h"
#include "gpu_dump.h"

#define M(subc, name) gpu->method[subc][NVC597_##name / 4]

enum pipe_format
gpu_3d_color_format(uint32_t v)
{
#define F(nv, pipe)                                                                                \
   case NVC597_SET_COLOR_TARGET_FORMAT_V_##nv:                                                     \
      return PIPE_FORMAT_##pipe
   switch (v) {
      F(RF32_GF32_BF32_AF32, R32G32B32A32_FLOAT);
      F(RS32_GS32_BS32_AS32, R32G32B32A32_SINT);
      F(RU32_GU32_BU32_AU32, R32G32B32A32_UINT);
      F(RF32_GF32_BF32_X32, R32G32B32X32_FLOAT);
      F(RS32_GS32_BS32_X32, R32G32B32X32_SINT);
      F(RU32_GU32_BU32_X32, R32G32B32X32_UINT);
      F(R16_G16_B16_A16, R16G16B16A16_UNORM);
      F(RN16_GN16_BN16_AN16, R16G16B16A16_SNORM);
      F(RS16_GS16_BS16_AS16, R16G16B16A16_SINT);
      F(RU16_GU16_BU16_AU16, R16G16B16A16_UINT);
      F(RF16_GF16_BF16_AF16, R16G16B16A16_FLOAT);
      F(RF32_GF32, R32G32_FLOAT);
      F(RS32_GS32, R32G32_SINT);
      F(RU32_GU32, R32G32_UINT);
      F(RF16_GF16_BF16_X16, R16G16B16X16_FLOAT);
      F(A8R8G8B8, B8G8R8A8_UNORM);
      F(A8RL8GL8BL8, B8G8R8A8_SRGB);
      F(A2B10G10R10, R10G10B10A2_UNORM);
      F(AU2BU10GU10RU10, R10G10B10A2_UINT);
      F(A8B8G8R8, R8G8B8A8_UNORM);
      F(A8BL8GL8RL8, R8G8B8A8_SRGB);
      F(AN8BN8GN8RN8, R8G8B8A8_SNORM);
      F(AS8BS8GS8RS8, R8G8B8A8_SINT);
      F(AU8BU8GU8RU8, R8G8B8A8_UINT);
      F(R16_G16, R16G16_UNORM);
      F(RN16_GN16, R16G16_SNORM);
      F(RS16_GS16, R16G16_SINT);
      F(RU16_GU16, R16G16_UINT);
      F(RF16_GF16, R16G16_FLOAT);
      F(A2R10G10B10, B10G10R10A2_UNORM);
      F(BF10GF11RF11, R11G11B10_FLOAT);
      F(RS32, R32_SINT);
      F(RU32, R32_UINT);
      F(RF32, R32_FLOAT);
      F(X8R8G8B8, B8G8R8X8_UNORM);
      F(X8RL8GL8BL8, B8G8R8X8_SRGB);
      F(R5G6B5, B5G6R5_UNORM);
      F(A1R5G5B5, B5G5R5A1_UNORM);
      F(G8R8, R8G8_UNORM);
      F(GN8RN8, R8G8_SNORM);
      F(GS8RS8, R8G8_SINT);
      F(GU8RU8, R8G8_UINT);
      F(R16, R16_UNORM);
      F(RN16, R16_SNORM);
      F(RS16, R16_SINT);
      F(RU16, R16_UINT);
      F(RF16, R16_FLOAT);
      F(R8, R8_UNORM);
      F(RN8, R8_SNORM);
      F(RS8, R8_SINT);
      F(RU8, R8_UINT);
      F(A8, A8_UNORM);
      F(X1R5G5B5, B5G5R5X1_UNORM);
      F(X8B8G8R8, R8G8B8X8_UNORM);
      F(X8BL8GL8RL8, R8G8B8X8_SRGB);
      F(A16, A16_UNORM);
      F(AF16, A16_FLOAT);
      F(AF32, A32_FLOAT);
      F(A8R8, R8A8_UNORM);
      F(R16_A16, R16A16_UNORM);
      F(RF16_AF16, R16A16_FLOAT);
      F(RF32_AF32, R32A32_FLOAT);
      F(B8G8R8A8, A8R8G8B8_UNORM);
   default:
      return PIPE_FORMAT_NONE;
   }
#undef F
}

unsigned
gpu_3d_ct_count(const struct jade_gpu *gpu, unsigned subc)
{
   unsigned n = GPU_GET(M(subc, SET_CT_SELECT), NVC597_SET_CT_SELECT_TARGET_COUNT);
   return n > GPU_3D_TARGETS ? GPU_3D_TARGETS : n;
}

unsigned
gpu_3d_ct_target(const struct jade_gpu *gpu, unsigned subc, unsigned slot)
{
   /* TARGET0 at bits 6:4, each next 3 bits up (clc597.h). */
   return (M(subc, SET_CT_SELECT) >> (4 + 3 * slot)) & 7;
}

bool
gpu_3d_target_read(struct jade_gpu *gpu, unsigned subc, unsigned j, struct gpu_3d_target *t,
                   char *err, size_t err_size)
{
   const uint32_t *m = gpu->method[subc];
   err[0] = 0;
   uint32_t fmt =
      GPU_GET(m[NVC597_SET_COLOR_TARGET_FORMAT(j) / 4], NVC597_SET_COLOR_TARGET_FORMAT_V);
   if (fmt == NVC597_SET_COLOR_TARGET_FORMAT_V_DISABLED)
      return false;
   enum pipe_format f = gpu_3d_color_format(fmt);
   if (f == PIPE_FORMAT_NONE) {
      snprintf(err, err_size, "colour target %u: SET_COLOR_TARGET_FORMAT 0x%02x not modelled", j,
               fmt);
      return false;
   }
   uint32_t mem = m[NVC597_SET_COLOR_TARGET_MEMORY(j) / 4];
   struct gpu_tex_target_desc d = {
      .address = GPU_VA(m[NVC597_SET_COLOR_TARGET_A(j) / 4], NVC597_SET_COLOR_TARGET_A_OFFSET_UPPER,
                        m[NVC597_SET_COLOR_TARGET_B(j) / 4]),
      .format = f,
      .pitch = GPU_GET(mem, NVC597_SET_COLOR_TARGET_MEMORY_LAYOUT) ==
               NVC597_SET_COLOR_TARGET_MEMORY_LAYOUT_PITCH,
      .is_3d =
         GPU_GET(mem, NVC597_SET_COLOR_TARGET_MEMORY_THIRD_DIMENSION_CONTROL) ==
         NVC597_SET_COLOR_TARGET_MEMORY_THIRD_DIMENSION_CONTROL_THIRD_DIMENSION_DEFINES_DEPTH_SIZE,
      .width = GPU_GET(m[NVC597_SET_COLOR_TARGET_WIDTH(j) / 4], NVC597_SET_COLOR_TARGET_WIDTH_V),
      .height = GPU_GET(m[NVC597_SET_COLOR_TARGET_HEIGHT(j) / 4], NVC597_SET_COLOR_TARGET_HEIGHT_V),
      .third = GPU_GET(m[NVC597_SET_COLOR_TARGET_THIRD_DIMENSION(j) / 4],
                       NVC597_SET_COLOR_TARGET_THIRD_DIMENSION_V),
      .block_h_log2 = GPU_GET(mem, NVC597_SET_COLOR_TARGET_MEMORY_BLOCK_HEIGHT),
      .block_d_log2 = GPU_GET(mem, NVC597_SET_COLOR_TARGET_MEMORY_BLOCK_DEPTH),
      .array_pitch_B = (uint64_t)m[NVC597_SET_COLOR_TARGET_ARRAY_PITCH(j) / 4] * 4,
   };
   if (!d.pitch && GPU_GET(mem, NVC597_SET_COLOR_TARGET_MEMORY_BLOCK_WIDTH) != 0) {
      snprintf(err, err_size, "colour target %u: BLOCK_WIDTH %u GOBs not modelled", j,
               GPU_GET(mem, NVC597_SET_COLOR_TARGET_MEMORY_BLOCK_WIDTH));
      return false;
   }
   if (d.block_h_log2 > 5 || d.block_d_log2 > 5) {
      snprintf(err, err_size, "colour target %u: block height/depth %u/%u out of range", j,
               d.block_h_log2, d.block_d_log2);
      return false;
   }
   memset(t, 0, sizeof(*t));
   t->index = j;
   t->is_3d = d.is_3d;
   t->third = d.third ? d.third : 1;
   t->layer0 =
      GPU_GET(m[NVC597_SET_COLOR_TARGET_LAYER(j) / 4], NVC597_SET_COLOR_TARGET_LAYER_OFFSET);
   gpu_tex_color_target(&t->view, &d);
   return true;
}

bool
gpu_3d_target_va(const struct gpu_3d_target *t, int32_t x, int32_t y, uint32_t rt_index,
                 uint64_t *va)
{
   if (x < 0 || y < 0)
      return false;
   uint32_t layer = t->layer0 + rt_index;
   if (layer >= t->third)
      return false;
   return t->is_3d ? gpu_tex_texel_va(&t->view, 0, x, y, layer, 0, va)
                   : gpu_tex_texel_va(&t->view, 0, x, y, 0, layer, va);
}

struct gpu_3d_rect
gpu_3d_clip_rect(const struct jade_gpu *gpu, unsigned subc, bool scissor)
{
   return gpu_3d_clip_rect_vp(gpu, subc, scissor, 0);
}

struct gpu_3d_rect
gpu_3d_clip_rect_vp(const struct jade_gpu *gpu, unsigned subc, bool scissor, unsigned i)
{
   uint32_t h = M(subc, SET_SURFACE_CLIP_HORIZONTAL), v = M(subc, SET_SURFACE_CLIP_VERTICAL);
   int32_t x = GPU_GET(h, NVC597_SET_SURFACE_CLIP_HORIZONTAL_X);
   int32_t y = GPU_GET(v, NVC597_SET_SURFACE_CLIP_VERTICAL_Y);
   struct gpu_3d_rect r = {
      x,
      y,
      x + (int32_t)GPU_GET(h, NVC597_SET_SURFACE_CLIP_HORIZONTAL_WIDTH),
      y + (int32_t)GPU_GET(v, NVC597_SET_SURFACE_CLIP_VERTICAL_HEIGHT),
   };
   if (scissor &&
       GPU_GET(gpu->method[subc][NVC597_SET_SCISSOR_ENABLE(i) / 4], NVC597_SET_SCISSOR_ENABLE_V)) {
      uint32_t sh = gpu->method[subc][NVC597_SET_SCISSOR_HORIZONTAL(i) / 4];
      uint32_t sv = gpu->method[subc][NVC597_SET_SCISSOR_VERTICAL(i) / 4];
      /* XMAX and YMAX are exclusive (nvc0 and NVK program x + width). */
      gpu_3d_rect_clip(&r, GPU_GET(sh, NVC597_SET_SCISSOR_HORIZONTAL_XMIN),
                       GPU_GET(sv, NVC597_SET_SCISSOR_VERTICAL_YMIN),
                       GPU_GET(sh, NVC597_SET_SCISSOR_HORIZONTAL_XMAX),
                       GPU_GET(sv, NVC597_SET_SCISSOR_VERTICAL_YMAX));
   }
   return r;
}

void
gpu_3d_not_modelled(struct jade_gpu *gpu, unsigned subc, unsigned key, const char *what)
{
   gpu->stats.unimplemented++;
   uint64_t k = 0x3d0000000000ull | key;
   if (_mesa_hash_table_u64_search(gpu->reported, k))
      return;
   _mesa_hash_table_u64_insert(gpu->reported, k, (void *)1);
   gpu_log(gpu, "3D pipeline: %s is not modelled (subchannel %u); reported once, counted", what,
           subc);
}

/* ------------------------------------------------------------ blending */

enum factor {
   F_ZERO,
   F_ONE,
   F_SRC_COLOR,
   F_INV_SRC_COLOR,
   F_SRC_ALPHA,
   F_INV_SRC_ALPHA,
   F_DST_ALPHA,
   F_INV_DST_ALPHA,
   F_DST_COLOR,
   F_INV_DST_COLOR,
   F_SRC_ALPHA_SAT,
   F_CONST_COLOR,
   F_INV_CONST_COLOR,
   F_CONST_ALPHA,
   F_INV_CONST_ALPHA,
   F_SRC1_COLOR,
   F_INV_SRC1_COLOR,
   F_SRC1_ALPHA,
   F_INV_SRC1_ALPHA,
   F_UNKNOWN,
};

/* The source and destination coefficients share their values (clc597.h
 * SET_BLEND_COLOR_SOURCE_COEFF_V_*, the same for DEST and ALPHA). */
static enum factor
factor_of(uint32_t v)
{
   switch (v) {
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_ZERO:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_ZERO:
      return F_ZERO;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_ONE:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_ONE:
      return F_ONE;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_SRC_COLOR:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_SRCCOLOR:
      return F_SRC_COLOR;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_ONE_MINUS_SRC_COLOR:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_INVSRCCOLOR:
      return F_INV_SRC_COLOR;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_SRC_ALPHA:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_SRCALPHA:
      return F_SRC_ALPHA;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_ONE_MINUS_SRC_ALPHA:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_INVSRCALPHA:
      return F_INV_SRC_ALPHA;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_DST_ALPHA:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_DESTALPHA:
      return F_DST_ALPHA;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_ONE_MINUS_DST_ALPHA:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_INVDESTALPHA:
      return F_INV_DST_ALPHA;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_DST_COLOR:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_DESTCOLOR:
      return F_DST_COLOR;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_ONE_MINUS_DST_COLOR:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_INVDESTCOLOR:
      return F_INV_DST_COLOR;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_SRC_ALPHA_SATURATE:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_SRCALPHASAT:
      return F_SRC_ALPHA_SAT;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_CONSTANT_COLOR:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_BLENDFACTOR:
      return F_CONST_COLOR;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_ONE_MINUS_CONSTANT_COLOR:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_INVBLENDFACTOR:
      return F_INV_CONST_COLOR;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_CONSTANT_ALPHA:
      return F_CONST_ALPHA;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_ONE_MINUS_CONSTANT_ALPHA:
      return F_INV_CONST_ALPHA;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_SRC1COLOR:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_SRC1COLOR:
      return F_SRC1_COLOR;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_INVSRC1COLOR:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_INVSRC1COLOR:
      return F_INV_SRC1_COLOR;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_SRC1ALPHA:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_SRC1ALPHA:
      return F_SRC1_ALPHA;
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_OGL_INVSRC1ALPHA:
   case NVC597_SET_BLEND_COLOR_SOURCE_COEFF_V_D3D_INVSRC1ALPHA:
      return F_INV_SRC1_ALPHA;
   default:
      return F_UNKNOWN;
   }
}

/* Coefficient of component c (3: alpha); s1: source 1 (dual source). */
static float
coeff(enum factor f, unsigned c, const float s[4], const float d[4], const float k[4],
      const float s1[4])
{
   switch (f) {
   case F_SRC1_COLOR:
      return s1[c];
   case F_INV_SRC1_COLOR:
      return 1 - s1[c];
   case F_SRC1_ALPHA:
      return s1[3];
   case F_INV_SRC1_ALPHA:
      return 1 - s1[3];
   case F_ZERO:
      return 0;
   case F_ONE:
      return 1;
   case F_SRC_COLOR:
      return s[c];
   case F_INV_SRC_COLOR:
      return 1 - s[c];
   case F_SRC_ALPHA:
      return s[3];
   case F_INV_SRC_ALPHA:
      return 1 - s[3];
   case F_DST_ALPHA:
      return d[3];
   case F_INV_DST_ALPHA:
      return 1 - d[3];
   case F_DST_COLOR:
      return d[c];
   case F_INV_DST_COLOR:
      return 1 - d[c];
   case F_SRC_ALPHA_SAT:
      return c == 3 ? 1 : fminf(s[3], 1 - d[3]);
   case F_CONST_COLOR:
      return k[c];
   case F_INV_CONST_COLOR:
      return 1 - k[c];
   case F_CONST_ALPHA:
      return k[3];
   case F_INV_CONST_ALPHA:
      return 1 - k[3];
   default:
      return 0;
   }
}

/* A value times its coefficient.  SET_BLEND_FLOAT_OPTION
 * ZERO_TIMES_ANYTHING_IS_ZERO: a zero operand gives 0, even against an
 * infinity or a NaN (IEEE would give NaN); NVK and nvc0 set it TRUE. */
static float
mul(bool zero_wins, float v, float f)
{
   return zero_wins && (v == 0 || f == 0) ? 0.0f : v * f;
}

static float
combine(uint32_t op, bool zw, float s, float fs, float d, float fd)
{
   switch (op) {
   case NVC597_SET_BLEND_COLOR_OP_V_OGL_FUNC_SUBTRACT:
   case NVC597_SET_BLEND_COLOR_OP_V_D3D_SUBTRACT:
      return mul(zw, s, fs) - mul(zw, d, fd);
   case NVC597_SET_BLEND_COLOR_OP_V_OGL_FUNC_REVERSE_SUBTRACT:
   case NVC597_SET_BLEND_COLOR_OP_V_D3D_REVSUBTRACT:
      return mul(zw, d, fd) - mul(zw, s, fs);
   case NVC597_SET_BLEND_COLOR_OP_V_OGL_MIN:
   case NVC597_SET_BLEND_COLOR_OP_V_D3D_MIN:
      return fminf(s, d); /* no coefficients */
   case NVC597_SET_BLEND_COLOR_OP_V_OGL_MAX:
   case NVC597_SET_BLEND_COLOR_OP_V_D3D_MAX:
      return fmaxf(s, d);
   default:
      return mul(zw, s, fs) + mul(zw, d, fd); /* OGL_FUNC_ADD, D3D_ADD */
   }
}

void
gpu_3d_blend(const struct jade_gpu *gpu, unsigned subc, unsigned slot, const float src[4],
             const float src1[4], const float dst[4], float out[4])
{
   const uint32_t *m = gpu->method[subc];
   uint32_t cop, csrc, cdst, aop, asrc, adst;
   bool separate;
   if (GPU_GET(m[NVC597_SET_BLEND_STATE_PER_TARGET / 4],
               NVC597_SET_BLEND_STATE_PER_TARGET_ENABLE)) {
      separate = GPU_GET(m[NVC597_SET_BLEND_PER_TARGET_SEPARATE_FOR_ALPHA(slot) / 4],
                         NVC597_SET_BLEND_PER_TARGET_SEPARATE_FOR_ALPHA_ENABLE);
      cop = m[NVC597_SET_BLEND_PER_TARGET_COLOR_OP(slot) / 4];
      csrc = m[NVC597_SET_BLEND_PER_TARGET_COLOR_SOURCE_COEFF(slot) / 4];
      cdst = m[NVC597_SET_BLEND_PER_TARGET_COLOR_DEST_COEFF(slot) / 4];
      aop = m[NVC597_SET_BLEND_PER_TARGET_ALPHA_OP(slot) / 4];
      asrc = m[NVC597_SET_BLEND_PER_TARGET_ALPHA_SOURCE_COEFF(slot) / 4];
      adst = m[NVC597_SET_BLEND_PER_TARGET_ALPHA_DEST_COEFF(slot) / 4];
   } else {
      separate = GPU_GET(m[NVC597_SET_BLEND_SEPARATE_FOR_ALPHA / 4],
                         NVC597_SET_BLEND_SEPARATE_FOR_ALPHA_ENABLE);
      cop = m[NVC597_SET_BLEND_COLOR_OP / 4];
      csrc = m[NVC597_SET_BLEND_COLOR_SOURCE_COEFF / 4];
      cdst = m[NVC597_SET_BLEND_COLOR_DEST_COEFF / 4];
      aop = m[NVC597_SET_BLEND_ALPHA_OP / 4];
      asrc = m[NVC597_SET_BLEND_ALPHA_SOURCE_COEFF / 4];
      adst = m[NVC597_SET_BLEND_ALPHA_DEST_COEFF / 4];
   }
   if (!separate)
      aop = cop, asrc = csrc, adst = cdst;
   float k[4];
   for (unsigned c = 0; c < 4; c++)
      memcpy(&k[c], &m[NVC597_SET_BLEND_CONST_RED / 4 + c], 4);
   const bool zero_wins = GPU_GET(m[NVC597_SET_BLEND_FLOAT_OPTION / 4],
                                  NVC597_SET_BLEND_FLOAT_OPTION_ZERO_TIMES_ANYTHING_IS_ZERO);
   for (unsigned c = 0; c < 4; c++) {
      uint32_t op = c == 3 ? aop : cop;
      enum factor fs = factor_of(c == 3 ? asrc : csrc), fd = factor_of(c == 3 ? adst : cdst);
      out[c] = combine(op, zero_wins, src[c], coeff(fs, c, src, dst, k, src1), dst[c],
                       coeff(fd, c, src, dst, k, src1));
   }
}

static void
clamp4(float v[4], float lo, float hi)
{
   for (unsigned c = 0; c < 4; c++)
      v[c] = v[c] < lo ? lo : v[c] > hi ? hi : v[c];
}

/* GL's logic ops in the order of SET_LOGIC_OP_FUNC_V_CLEAR .. SET (the
 * GL enum order, GL 4.6 table 17.3), bit by bit on the stored values. */
static uint8_t
logic_op(unsigned op, uint8_t s, uint8_t d)
{
   switch (op) {
   case 0:
      return 0;
   case 1:
      return s & d;
   case 2:
      return s & ~d;
   case 3:
      return s;
   case 4:
      return ~s & d;
   case 5:
      return d;
   case 6:
      return s ^ d;
   case 7:
      return s | d;
   case 8:
      return ~(s | d);
   case 9:
      return ~(s ^ d);
   case 10:
      return ~d;
   case 11:
      return s | ~d;
   case 12:
      return ~s;
   case 13:
      return ~s | d;
   case 14:
      return ~(s & d);
   default:
      return 0xff;
   }
}

/* SET_PS_SATURATE: output `slot` clamped to [0, 1] (or [-1, 1] by its
 * CLAMP_RANGE) before blending, bits 4 slot and 4 slot + 1 (the field
 * pairs OUTPUT0/CLAMP_RANGE0 .. OUTPUT7 of clc597.h; nvc0 sets 0x11111111
 * for GL's fragment colour clamping, nvc0_state.c FRAG_COLOR_CLAMP_EN).
 * Integer targets are left alone. */
static void
saturate(const uint32_t *m, unsigned slot, const struct gpu_3d_target *t, float v[4])
{
   const uint32_t sat = m[NVC597_SET_PS_SATURATE / 4] >> (4 * slot);
   if (!(sat & 1) || t->view.integer)
      return;
   clamp4(v, sat & 2 ? -1.0f : 0.0f, 1.0f);
}

bool
gpu_3d_fragment_out(struct jade_gpu *gpu, unsigned subc, unsigned slot,
                    const struct gpu_3d_target *t, int32_t x, int32_t y, uint32_t rt_index,
                    const uint32_t in_color[4], const uint32_t *src1_bits)
{
   const uint32_t *m = gpu->method[subc];
   uint32_t color[4];
   memcpy(color, in_color, sizeof(color));
   float src1[4] = {0, 0, 0, 0};
   if (src1_bits)
      memcpy(src1, src1_bits, sizeof(src1));
   if (!t->view.integer) {
      float f[4];
      memcpy(f, color, sizeof(f));
      saturate(m, slot, t, f);
      memcpy(color, f, sizeof(f));
      saturate(m, 1, t, src1);
   }
   uint64_t va;
   if (!gpu_3d_target_va(t, x, y, rt_index, &va))
      return true;
   unsigned ws =
      GPU_GET(m[NVC597_SET_SINGLE_CT_WRITE_CONTROL / 4], NVC597_SET_SINGLE_CT_WRITE_CONTROL_ENABLE)
         ? 0
         : slot;
   uint32_t w = m[NVC597_SET_CT_WRITE(ws) / 4];
   unsigned mask =
      GPU_GET(w, NVC597_SET_CT_WRITE_R_ENABLE) | GPU_GET(w, NVC597_SET_CT_WRITE_G_ENABLE) << 1 |
      GPU_GET(w, NVC597_SET_CT_WRITE_B_ENABLE) << 2 | GPU_GET(w, NVC597_SET_CT_WRITE_A_ENABLE) << 3;
   if (!mask)
      return true;
   gpu_dump_note_target(gpu, t, rt_index);
   const enum pipe_format f = t->view.format;
   const unsigned bpp = t->view.bpp;
   /* A logic op replaces blending, on all but float targets. */
   const bool logic =
      GPU_GET(m[NVC597_SET_LOGIC_OP / 4], NVC597_SET_LOGIC_OP_ENABLE) && !util_format_is_float(f);
   bool blend =
      GPU_GET(m[NVC597_SET_BLEND(slot) / 4], NVC597_SET_BLEND_ENABLE) && !t->view.integer && !logic;
   uint8_t bytes[16];
   uint32_t out[4];
   memcpy(out, color, sizeof(out));
   if (blend || logic || mask != 0xf) {
      uint32_t dst[4];
      if (!gpu_read(gpu, va, bytes, bpp, "a colour target's pixel"))
         return false;
      util_format_unpack_rgba(f, dst, bytes, 1);
      if (logic) {
         uint8_t src[16];
         util_format_pack_rgba(f, src, color, 1);
         const unsigned op = m[NVC597_SET_LOGIC_OP_FUNC / 4] - NVC597_SET_LOGIC_OP_FUNC_V_CLEAR;
         for (unsigned b = 0; b < bpp; b++)
            src[b] = logic_op(op & 15, src[b], bytes[b]);
         util_format_unpack_rgba(f, out, src, 1);
      }
      if (blend) {
         float s[4], d[4], r[4];
         memcpy(s, color, sizeof(s));
         memcpy(d, dst, sizeof(d));
         if (util_format_is_unorm(f))
            clamp4(s, 0, 1), clamp4(d, 0, 1);
         else if (util_format_is_snorm(f))
            clamp4(s, -1, 1), clamp4(d, -1, 1);
         float s1[4];
         memcpy(s1, src1, sizeof(s1));
         if (util_format_is_unorm(f))
            clamp4(s1, 0, 1);
         else if (util_format_is_snorm(f))
            clamp4(s1, -1, 1);
         gpu_3d_blend(gpu, subc, slot, s, s1, d, r);
         memcpy(out, r, sizeof(out));
      }
      for (unsigned c = 0; c < 4; c++) {
         if (!(mask >> c & 1))
            out[c] = dst[c];
      }
   }
   util_format_pack_rgba(f, bytes, out, 1);
   return gpu_write(gpu, va, bytes, bpp, "a colour target's pixel");
}
