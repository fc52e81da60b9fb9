/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Dynamic indexing that the bound forms of the hardware's instructions
 * cannot express (ARB_gpu_shader5 / GLSL 4.00: sampler arrays and uniform
 * block arrays indexed by dynamically uniform expressions, texture
 * offsets that are not constant):
 * - a texture instruction whose unit has a dynamic part
 *   (nir_tex_src_texture_offset / sampler_offset) becomes one instruction
 *   per unit the index may reach (the rest of its sampler array), the
 *   result selected by the index.  Texture and
 *   sampler indices are the same in GL (the combined units);
 * - a load_ubo whose block index is not constant becomes one load per
 *   block of the shader (num_ubos), selected the same way;
 * - a texture offset that is not constant is packed here, as the
 *   hardware reads it (4 bits a component for TEX/TLD/TXD, 8 for TLD4,
 *   x lowest: jade_isel_tex.c packed_offsets), into
 *   nir_tex_src_backend1, which selection uses as the offset register.
 * Selecting over every unit or block keeps the instructions outside
 * control flow (implicit derivatives stay valid) and works for indices
 * that are not uniform too; an index past the array reads unit or block
 * 0 of the array (GL leaves it undefined).  NAK indexes bindless handles
 * instead (nak_nir_lower_tex.c: TEX.B with the handle in a register);
 * the SM model does not execute the .B forms yet.
 */

#include "jade_compiler_private.h"
#include "nir.h"
#include "nir_builder.h"

static nir_def *
select_over(nir_builder *b, nir_def *index, unsigned count, nir_def **values)
{
   nir_def *r = values[0];
   for (unsigned i = 1; i < count; i++)
      r = nir_bcsel(b, nir_ieq_imm(b, index, i), values[i], r);
   return r;
}

#define MAX_SELECT 32

/* The units an index from `base` may reach: the rest of the sampler array
 * that holds unit `base` (its variable's binding and array size, as
 * nir_lower_samplers numbers units), so that no unit of another type
 * (a cube, a shadow or an integer sampler after the array) is sampled
 * with this instruction's form; without such a variable, up to the last
 * unit the shader uses. */
static unsigned
units_after(nir_shader *nir, unsigned base)
{
   nir_foreach_variable_with_modes (var, nir, nir_var_uniform) {
      const struct glsl_type *t = glsl_without_array(var->type);
      if (!glsl_type_is_sampler(t) && !glsl_type_is_texture(t))
         continue;
      const unsigned n = glsl_type_is_array(var->type) ? glsl_get_aoa_size(var->type) : 1;
      if (var->data.binding <= base && base < var->data.binding + n)
         return var->data.binding + n - base;
   }
   const unsigned last = BITSET_LAST_BIT(nir->info.textures_used);
   return last > base ? last - base : 1;
}

static bool
lower_tex(nir_builder *b, nir_tex_instr *tex)
{
   bool progress = false;
   b->cursor = nir_before_instr(&tex->instr);

   int off = nir_tex_instr_src_index(tex, nir_tex_src_offset);
   if (off >= 0) {
      nir_def *o = tex->src[off].src.ssa;
      bool constant = true;
      for (unsigned k = 0; k < o->num_components; k++)
         constant &= nir_scalar_is_const(nir_scalar_resolved(o, k));
      if (!constant) {
         const unsigned bits = tex->op == nir_texop_tg4 ? 8 : 4;
         nir_def *packed = nir_imm_int(b, 0);
         for (unsigned k = 0; k < o->num_components; k++)
            packed =
               nir_ior(b, packed,
                       nir_ishl_imm(b, nir_iand_imm(b, nir_channel(b, o, k), BITFIELD_MASK(bits)),
                                    bits * k));
         nir_tex_instr_remove_src(tex, off);
         nir_tex_instr_add_src(tex, nir_tex_src_backend1, packed);
         progress = true;
      }
   }

   int t = nir_tex_instr_src_index(tex, nir_tex_src_texture_offset);
   int s = nir_tex_instr_src_index(tex, nir_tex_src_sampler_offset);
   if (t < 0 && s < 0)
      return progress;
   nir_def *index = t >= 0 ? tex->src[t].src.ssa : tex->src[s].src.ssa;
   if (t >= 0)
      nir_tex_instr_remove_src(tex, t);
   s = nir_tex_instr_src_index(tex, nir_tex_src_sampler_offset);
   if (s >= 0)
      nir_tex_instr_remove_src(tex, s);

   const unsigned base = tex->texture_index;
   const unsigned count = CLAMP(units_after(b->shader, base), 1, MAX_SELECT);
   nir_def *values[MAX_SELECT];
   values[0] = &tex->def;
   b->cursor = nir_after_instr(&tex->instr);
   for (unsigned i = 1; i < count; i++) {
      nir_tex_instr *copy = nir_instr_as_tex(nir_instr_clone(b->shader, &tex->instr));
      copy->texture_index = base + i;
      copy->sampler_index = tex->sampler_index + i;
      nir_builder_instr_insert(b, &copy->instr);
      values[i] = &copy->def;
   }
   nir_def *r = select_over(b, index, count, values);
   nir_def_rewrite_uses_after(&tex->def, r, r->parent_instr);
   return true;
}

static bool
lower_ubo(nir_builder *b, nir_intrinsic_instr *intr)
{
   if (nir_src_is_const(intr->src[0]))
      return false;
   b->cursor = nir_after_instr(&intr->instr);
   const unsigned count = CLAMP(b->shader->info.num_ubos, 1, MAX_SELECT);
   nir_def *values[MAX_SELECT];
   for (unsigned i = 0; i < count; i++) {
      nir_intrinsic_instr *copy = nir_instr_as_intrinsic(nir_instr_clone(b->shader, &intr->instr));
      nir_def *block = nir_imm_int(b, i);
      nir_builder_instr_insert(b, &copy->instr);
      nir_src_rewrite(&copy->src[0], block);
      values[i] = &copy->def;
   }
   nir_def *r = select_over(b, intr->src[0].ssa, count, values);
   nir_def_replace(&intr->def, r);
   return true;
}

static bool
lower_instr(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type == nir_instr_type_tex)
      return lower_tex(b, nir_instr_as_tex(instr));
   if (instr->type == nir_instr_type_intrinsic &&
       nir_instr_as_intrinsic(instr)->intrinsic == nir_intrinsic_load_ubo)
      return lower_ubo(b, nir_instr_as_intrinsic(instr));
   return false;
}

bool
jade_nir_lower_dynamic_indexing(nir_shader *nir)
{
   return nir_shader_instructions_pass(nir, lower_instr, nir_metadata_control_flow, NULL);
}
