/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Shader I/O for the hardware: GL variables become explicit loads and
 * stores at attribute addresses, uniforms become constant-buffer loads.
 *
 * Attribute addresses (the hardware's, jade_attr.h): vertex inputs are
 * dense vec4 slots from generic vector 0; each varying slot has its fixed
 * address (jade_varying_address).  Constant
 * buffers: Gallium's constant buffer i is c[i]; uniforms are constant
 * buffer 0 (nir_lower_uniforms_to_ubo).
 */

#include "jade_attr.h"
#include "jade_compiler_private.h"
#include "nir.h"
#include "nir_builder.h"

static int
type_size_vec4(const struct glsl_type *type, bool bindless)
{
   return glsl_count_attribute_slots(type, false);
}

static bool lower_ucp_load(nir_builder *b, nir_intrinsic_instr *intr, void *data);
static bool lower_sample_loads(nir_builder *b, nir_intrinsic_instr *intr, void *data);
static bool lower_interp_at(nir_builder *b, nir_intrinsic_instr *intr, void *data);

bool
jade_nir_lower_io(nir_shader *nir, bool clip_from_position)
{
   if (nir->info.stage == MESA_SHADER_COMPUTE) {
      /* Uniforms in c[0] like the other stages; c[7] is the driver's. */
      NIR_PASS(_, nir, nir_lower_uniforms_to_ubo, false, false);
      return false;
   }
   NIR_PASS(_, nir, nir_lower_uniforms_to_ubo, false, false);
   /* After the UBO renumbering above: c[15] is the driver's bank. */
   const bool clip_from_planes = jade_nir_lower_clip_vertex(nir, clip_from_position);
   /* gl_TessCoord: x and y from the hardware, z from them (1 - x - y
    * for triangles, else 0), as NAK does (nak_nir.c). */
   if (nir->info.stage == MESA_SHADER_TESS_EVAL)
      NIR_PASS(_, nir, nir_lower_tess_coord_z,
               nir->info.tess._primitive_mode == TESS_PRIMITIVE_TRIANGLES);
   /* 64-bit inputs and varyings as pairs of 32-bit words. */
   NIR_PASS(_, nir, nir_lower_io, nir_var_shader_in | nir_var_shader_out, type_size_vec4,
            nir_lower_io_use_interpolated_input_intrinsics | nir_lower_io_lower_64bit_to_32);
   jade_nir_lower_gs(nir);
   jade_nir_lower_tess(nir);
   NIR_PASS(_, nir, nir_shader_intrinsics_pass, lower_ucp_load, nir_metadata_control_flow, NULL);
   if (nir->info.stage == MESA_SHADER_FRAGMENT)
      NIR_PASS(_, nir, nir_shader_intrinsics_pass, lower_interp_at, nir_metadata_control_flow,
               NULL);
   NIR_PASS(_, nir, nir_shader_intrinsics_pass, lower_sample_loads, nir_metadata_control_flow,
            NULL);
   return clip_from_planes;
}

int
jade_varying_address(unsigned slot)
{
   if (slot >= VARYING_SLOT_VAR0 && slot < VARYING_SLOT_VAR0 + JADE_ATTR_GENERIC_COUNT)
      return JADE_ATTR_GENERIC(slot - VARYING_SLOT_VAR0);
   if (slot >= VARYING_SLOT_TEX0 && slot <= VARYING_SLOT_TEX7)
      return JADE_ATTR_TEX_COORD(slot - VARYING_SLOT_TEX0);
   switch (slot) {
   case VARYING_SLOT_POS:
      return JADE_ATTR_POSITION;
   case VARYING_SLOT_PSIZ:
      return JADE_ATTR_POINT_SIZE;
   case VARYING_SLOT_PRIMITIVE_ID:
      return JADE_ATTR_PRIMITIVE_ID;
   case VARYING_SLOT_LAYER:
      return JADE_ATTR_RT_ARRAY_INDEX;
   case VARYING_SLOT_VIEWPORT:
      return JADE_ATTR_VIEWPORT_INDEX;
   case VARYING_SLOT_COL0:
      return JADE_ATTR_COLOR_FRONT;
   case VARYING_SLOT_COL1:
      return JADE_ATTR_COLOR_FRONT + 16;
   case VARYING_SLOT_BFC0:
      return JADE_ATTR_COLOR_BACK;
   case VARYING_SLOT_BFC1:
      return JADE_ATTR_COLOR_BACK + 16;
   case VARYING_SLOT_CLIP_DIST0:
      return JADE_ATTR_CLIP_DISTANCE(0);
   case VARYING_SLOT_CLIP_DIST1:
      return JADE_ATTR_CLIP_DISTANCE(4);
   case VARYING_SLOT_PNTC:
      return JADE_ATTR_POINT_SPRITE_S;
   case VARYING_SLOT_FOGC:
      return JADE_ATTR_FOG_COORD;
   case VARYING_SLOT_CLIP_VERTEX:
      /* Where nvc0_program.c places it: generic vector 31's address. */
      return JADE_ATTR_GENERIC(31);
   default:
      return -1;
   }
}

int
jade_patch_address(unsigned slot)
{
   if (slot == VARYING_SLOT_TESS_LEVEL_OUTER)
      return JADE_ATTR_TESS_LOD_OUTER(0);
   if (slot == VARYING_SLOT_TESS_LEVEL_INNER)
      return JADE_ATTR_TESS_LOD_INNER(0);
   if (slot >= VARYING_SLOT_PATCH0 && slot < VARYING_SLOT_PATCH0 + JADE_ATTR_PATCH_GENERIC_COUNT)
      return JADE_ATTR_PATCH_GENERIC(slot - VARYING_SLOT_PATCH0);
   return -1;
}

static_assert(JADE_ATTR_PATCH_WORDS == JADE_PATCH_WORDS, "the patch space's words");

static bool
lower_ucp_load(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_load_user_clip_plane)
      return false;
   b->cursor = nir_before_instr(&intr->instr);
   unsigned offset = JADE_UCP_BASE + 16 * nir_intrinsic_ucp_id(intr);
   nir_def *plane =
      nir_load_ubo(b, 4, 32, nir_imm_int(b, JADE_DRIVER_CBUF), nir_imm_int(b, (int)offset),
                   .align_mul = 16, .range_base = offset, .range = 16);
   nir_def_replace(&intr->def, plane);
   return true;
}

/* The clip distances of clip vertex `v` against the enabled user clip
 * planes into dist[0..1], skipped when the driver's JADE_UCP_ENABLE word
 * is 0. */
static void
store_plane_distances(nir_builder *b, nir_def *v, nir_variable *dist[2])
{
   nir_def *enabled =
      nir_load_ubo(b, 1, 32, nir_imm_int(b, JADE_DRIVER_CBUF), nir_imm_int(b, JADE_UCP_ENABLE),
                   .align_mul = 4, .range_base = JADE_UCP_ENABLE, .range = 4);
   nir_push_if(b, nir_ine_imm(b, enabled, 0));
   nir_def *d[8];
   for (unsigned i = 0; i < 8; i++)
      d[i] = nir_fdot(b, nir_load_user_clip_plane(b, .ucp_id = i), v);
   nir_store_var(b, dist[0], nir_vec(b, d, 4), 0xf);
   nir_store_var(b, dist[1], nir_vec(b, d + 4, 4), 0xf);
   nir_pop_if(b, NULL);
}

/* User clip planes of a VS, TES or GS that writes no gl_ClipDistance: all
 * eight clip distances, dot(v, plane i) with the planes in the driver's
 * constants, v the clip vertex if the shader writes gl_ClipVertex, else,
 * in the driver's VS variant for that case (from_position), gl_Position:
 * the vertex nir_lower_clip_vs, llvmpipe's draw module and nvc0's codegen
 * (genUserClip, compiled when planes are enabled) clip when no clip
 * vertex is written, for which st/mesa passes eye-space planes;
 * fixed-function vertex processing and GLSL 1.10 shaders rely on it.
 * A VS or TES computes them at its end, a GS at each EmitVertex.
 * Which planes are enabled is NOS: the stores of disabled ones become
 * NOPs at link time instead of a recompile, and the whole computation is
 * skipped when the driver's JADE_UCP_ENABLE word (the enabled planes) is
 * 0, so a shader drawn without planes pays one test.  A VS also keeps
 * storing gl_ClipVertex (a[0x270], as nvc0_program.c places it) for a
 * geometry shader that reads gl_in[].gl_ClipVertex; the linker removes
 * that store when no GS follows.  The variables must still be there
 * (before nir_lower_io). */
bool
jade_nir_lower_clip_vertex(nir_shader *nir, bool from_position)
{
   /* A TES, which may be the last stage before the rasteriser, as a VS
    * (at its end; it keeps the clip vertex for a GS after it). */
   const bool gs = nir->info.stage == MESA_SHADER_GEOMETRY;
   if (nir->info.stage != MESA_SHADER_VERTEX && nir->info.stage != MESA_SHADER_TESS_EVAL && !gs)
      return false;
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   nir_shader_gather_info(nir, impl);
   if (nir->info.outputs_written & (VARYING_BIT_CLIP_DIST0 | VARYING_BIT_CLIP_DIST1))
      return false;
   nir_variable *cv =
      nir_find_variable_with_location(nir, nir_var_shader_out, VARYING_SLOT_CLIP_VERTEX);
   nir_variable *pos = nir_find_variable_with_location(nir, nir_var_shader_out, VARYING_SLOT_POS);
   nir_variable *pos_out = NULL, *cv_out = NULL;
   if (!cv && (!pos || !from_position || gs))
      return false;
   if (!cv) {
      /* The position is the clip vertex: its variable becomes a
       * temporary, read at the end for the distances and for a copy of
       * it, the position output (outputs cannot be read back here). */
      pos_out = nir_variable_clone(pos, nir);
      nir_shader_add_variable(nir, pos_out);
      cv = pos;
   } else if (!gs && !(nir->info.outputs_written & VARYING_BIT_VAR(31))) {
      /* Kept unless generic vector 31, at the same address, is written. */
      cv_out = nir_variable_clone(cv, nir);
      nir_shader_add_variable(nir, cv_out);
   }
   /* The clip vertex itself becomes a plain temporary (a VS copies it
    * to its output at the end). */
   cv->data.mode = nir_var_shader_temp;
   nir_fixup_deref_modes(nir);

   nir_variable *dist[2];
   for (unsigned k = 0; k < 2; k++) {
      dist[k] = nir_variable_create(nir, nir_var_shader_out, glsl_vec4_type(),
                                    k ? "gl_ClipDistance1" : "gl_ClipDistance0");
      dist[k]->data.location = VARYING_SLOT_CLIP_DIST0 + k;
   }
   nir->info.clip_distance_array_size = 8;

   nir_builder b = nir_builder_create(impl);
   if (gs) {
      nir_foreach_block (block, impl) {
         nir_foreach_instr_safe (instr, block) {
            if (instr->type != nir_instr_type_intrinsic ||
                nir_instr_as_intrinsic(instr)->intrinsic != nir_intrinsic_emit_vertex)
               continue;
            b.cursor = nir_before_instr(instr);
            store_plane_distances(&b, nir_load_var(&b, cv), dist);
         }
      }
   } else {
      assert(impl->end_block->predecessors->entries == 1);
      b.cursor = nir_after_impl(impl);
      nir_def *v = nir_load_var(&b, cv);
      if (pos_out)
         nir_store_var(&b, pos_out, v, 0xf);
      if (cv_out)
         nir_store_var(&b, cv_out, v, 0xf);
      store_plane_distances(&b, v, dist);
   }
   nir_metadata_preserve(impl, nir_metadata_none);

   NIR_PASS(_, nir, nir_lower_global_vars_to_local);
   NIR_PASS(_, nir, nir_lower_vars_to_ssa);
   nir_shader_gather_info(nir, impl);
   return true;
}

static nir_def *
driver_load(nir_builder *b, unsigned comps, nir_def *offset, unsigned align)
{
   return nir_load_ubo(b, comps, 32, nir_imm_int(b, JADE_DRIVER_CBUF), offset, .align_mul = align,
                       .range = ~0u);
}

/* gl_SamplePosition from the driver's table (it depends on the sample
 * count: data, not code); gl_SampleMaskIn narrowed to the samples this
 * invocation shades: PIXLD.COVMASK gives the whole pixel's coverage.  A
 * shader that runs per sample by itself keeps its own sample's bit; any
 * other ANDs the driver's mask for the pass, all ones unless sample
 * shading is on (a NOS handled by table contents, so nothing recompiles). */
static bool
lower_sample_loads(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic == nir_intrinsic_load_sample_pos) {
      b->cursor = nir_before_instr(&intr->instr);
      nir_def *offset = nir_iadd_imm(b, nir_imul_imm(b, nir_load_sample_id(b), 8), JADE_SAMPLE_POS);
      nir_def_replace(&intr->def, driver_load(b, 2, offset, 8));
      return true;
   }
   if (intr->intrinsic != nir_intrinsic_load_sample_mask_in)
      return false;
   b->cursor = nir_after_instr(&intr->instr);
   nir_def *id = nir_load_sample_id(b);
   nir_def *mask =
      b->shader->info.fs.uses_sample_shading
         ? nir_ishl(b, nir_imm_int(b, 1), id)
         : driver_load(b, 1, nir_iadd_imm(b, nir_imul_imm(b, id, 4), JADE_SAMPLE_MASKS), 4);
   nir_def *narrowed = nir_iand(b, &intr->def, mask);
   nir_def_rewrite_uses_after(&intr->def, narrowed, narrowed->parent_instr);
   return true;
}

/* interpolateAtOffset and interpolateAtSample (ARB_gpu_shader5) as
 * IPA.OFFSET, whose offset register holds two signed 16-bit halves, x low,
 * in 1/4096 pixel from the centre (NAK nak_nir_lower_fs_inputs.c
 * load_barycentric_offset; the SM model reads them so, sim_exec_attr.c).
 * Offsets are clamped to GL's [MIN, MAX]_FRAGMENT_INTERPOLATION_OFFSET,
 * [-0.5, 0.4375]; a sample's offset is its position in the driver's table
 * (0..1 from the pixel's corner, as gl_SamplePosition) less 0.5.  After
 * this pass every load_barycentric_at_offset's component 0 is that
 * register (component 1 is 0) and load_barycentric_at_sample is gone. */
static bool
lower_interp_at(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_load_barycentric_at_offset &&
       intr->intrinsic != nir_intrinsic_load_barycentric_at_sample)
      return false;
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *offset;
   if (intr->intrinsic == nir_intrinsic_load_barycentric_at_sample) {
      nir_def *at = nir_iadd_imm(b, nir_imul_imm(b, intr->src[0].ssa, 8), JADE_SAMPLE_POS);
      offset = nir_fadd_imm(b, driver_load(b, 2, at, 8), -0.5);
   } else {
      offset = nir_fclamp(b, intr->src[0].ssa, nir_imm_float(b, -0.5f), nir_imm_float(b, 0.4375f));
   }
   nir_def *fixed = nir_f2i32(b, nir_fmul_imm(b, offset, 4096.0));
   nir_def *packed = nir_ior(b, nir_iand_imm(b, nir_channel(b, fixed, 0), 0xffff),
                             nir_ishl_imm(b, nir_channel(b, fixed, 1), 16));
   nir_def *reg = nir_vec2(b, packed, nir_imm_int(b, 0));
   if (intr->intrinsic == nir_intrinsic_load_barycentric_at_offset) {
      nir_src_rewrite(&intr->src[0], reg);
      return true;
   }
   nir_def *bary =
      nir_load_barycentric_at_offset(b, 32, reg, .interp_mode = nir_intrinsic_interp_mode(intr));
   nir_def_replace(&intr->def, bary);
   return true;
}

/* gl_NumWorkGroups from the compute driver bank (the launch writes it). */
static bool
lower_num_workgroups(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_load_num_workgroups)
      return false;
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *v = nir_load_ubo(b, 3, 32, nir_imm_int(b, JADE_DRIVER_CBUF_COMPUTE),
                             nir_imm_int(b, JADE_CS_GRID_SIZE), .align_mul = 16, .range = ~0);
   nir_def_replace(&intr->def, v);
   return true;
}

void
jade_nir_lower_compute_sysvals(nir_shader *nir)
{
   if (nir->info.stage != MESA_SHADER_COMPUTE)
      return;
   NIR_PASS(_, nir, nir_shader_intrinsics_pass, lower_num_workgroups, nir_metadata_control_flow,
            NULL);
}
