/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The compiler's entry: NIR preparation, then the phases of
 * jade_compiler_private.h in order, then statistics.
 */

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "jade/jade_link.h"
#include "jade_compiler_private.h"
#include "nvidia/classes/clc597.h"
#include "nir.h"
#include "nir_builder.h"
#include "util/ralloc.h"

/* The NIR options st/mesa and the compiler use: what SM75 does natively
 * stays, what it lacks (or selection does not handle yet) is lowered. */
static const nir_shader_compiler_options jade_nir_compiler_options = {
   .lower_fdiv = true,
   .lower_flrp16 = true,
   .lower_flrp32 = true,
   .lower_flrp64 = true,
   .lower_fpow = true,
   .lower_fmod = true,
   .lower_scmp = true,
   .lower_isign = true,
   .lower_fsign = false, /* FSET.BF twice and an FADD (jade_isel_alu.c) */
   .lower_fdph = true,
   .lower_ldexp = true,
   .lower_bitfield_extract = true,
   .lower_bitfield_insert = true,
   .lower_uadd_carry = true,
   .lower_usub_borrow = true,
   .lower_pack_half_2x16 = true,
   .lower_pack_64_2x32 = true, /* to the split forms, one MOV a word */
   .lower_pack_unorm_2x16 = true,
   .lower_pack_snorm_2x16 = true,
   .lower_pack_unorm_4x8 = true,
   .lower_pack_snorm_4x8 = true,
   .lower_unpack_half_2x16 = true,
   .lower_unpack_unorm_2x16 = true,
   .lower_unpack_snorm_2x16 = true,
   .lower_unpack_unorm_4x8 = true,
   .lower_unpack_snorm_4x8 = true,
   .lower_extract_byte = true,
   .lower_extract_word = true,
   .lower_insert_byte = true,
   .lower_insert_word = true,
   .lower_hadd = true,
   .lower_uadd_sat = true,
   .lower_usub_sat = true,
   .lower_iadd_sat = true,
   .lower_cs_local_index_to_id = true,
   .lower_device_index_to_zero = true,
   /* Scalar ALU from st/mesa and the GLSL linker on.  A consequence, legal
    * under GL (GL 4.6 7.3.1: a uniform is active only if the linker finds
    * it used): piglit's glsl-1.50 compatibility/vs-gs-texcoord-array loses
    * its uniform n (docs/compiler.md, "Uniforms the GLSL linker removes");
    * false keeps it by accident and costs 7% more instructions. */
   .lower_to_scalar = true,
   .has_fsub = true,
   /* FFMA is fused (one rounding), which GL allows for non-precise math. */
   .fuse_ffma16 = true,
   .fuse_ffma32 = true,
   .fuse_ffma64 = true,
   .has_isub = true,
   .lower_int64_options = (nir_lower_int64_options) ~(nir_lower_iadd64),
   /* What DADD/DMUL/DFMA/DSETP/FRND.F64 and the conversions do not: from
    * them (nir_lower_doubles in prepare_nir). */
   .lower_doubles_options = nir_lower_drcp | nir_lower_dsqrt | nir_lower_drsq | nir_lower_dfract |
                            nir_lower_dmod | nir_lower_dsub | nir_lower_ddiv | nir_lower_dsign |
                            nir_lower_dminmax | nir_lower_dsat,
   .max_unroll_iterations = 32,
   /* Indexed inputs: ALD takes a register offset; IPA has no such form
    * nvdisasm knows, so fragment inputs are indexed through selects. */
   .support_indirect_inputs =
      BITFIELD_MASK(MESA_SHADER_STAGES) & ~BITFIELD_BIT(MESA_SHADER_FRAGMENT),
   .support_indirect_outputs = BITFIELD_MASK(MESA_SHADER_STAGES),
};

const nir_shader_compiler_options *
jade_nir_options(void)
{
   return &jade_nir_compiler_options;
}

/* The deepest nesting of ifs and loops under a control-flow list. */
static unsigned
cf_depth(struct exec_list *list)
{
   unsigned depth = 0;
   foreach_list_typed(nir_cf_node, node, node, list)
   {
      unsigned d = 0;
      if (node->type == nir_cf_node_if) {
         nir_if *nif = nir_cf_node_as_if(node);
         d = 1 + MAX2(cf_depth(&nif->then_list), cf_depth(&nif->else_list));
      } else if (node->type == nir_cf_node_loop) {
         d = 1 + cf_depth(&nir_cf_node_as_loop(node)->body);
      }
      depth = MAX2(depth, d);
   }
   return depth;
}

/* The widest word tuple the alignment allows, at most `bytes`; narrower
 * types are left as they are (the selector reports them). */
static nir_mem_access_size_align
global_access_size_align(nir_intrinsic_op intrin, uint8_t bytes, uint8_t bit_size,
                         uint32_t align_mul, uint32_t align_offset, bool offset_is_const,
                         enum gl_access_qualifier access, const void *data)
{
   const uint32_t align = nir_combined_align(align_mul, align_offset);
   if (bytes < 4 || bit_size < 32)
      return (nir_mem_access_size_align){.num_components = MAX2(bytes * 8 / bit_size, 1),
                                         .bit_size = bit_size,
                                         .align = bit_size / 8,
                                         .shift = nir_mem_access_shift_method_scalar};
   unsigned n = 4;
   while (n > 1 && (4 * n > bytes || align < 4 * n))
      n /= 2;
   return (nir_mem_access_size_align){.num_components = n,
                                      .bit_size = 32,
                                      .align = 4 * n,
                                      .shift = nir_mem_access_shift_method_scalar};
}

/* Loads of the default uniform block at constant offsets may run
 * where the program would not have (ACCESS_CAN_SPECULATE, which
 * nir_opt_peephole_select asks for before flattening an if around one):
 * they read constant bank 0 inside the uniforms st/mesa bound there,
 * never memory that could fault.  Other blocks may be read from global
 * memory (docs/driver.md: UBOs past the constant banks) and stay where they
 * are. */
static bool
mark_uniform_loads_speculatable(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_load_ubo || !nir_src_is_const(intr->src[0]) ||
       nir_src_as_uint(intr->src[0]) != 0 || !nir_src_is_const(intr->src[1]) ||
       (nir_intrinsic_access(intr) & ACCESS_CAN_SPECULATE))
      return false;
   nir_intrinsic_set_access(intr, nir_intrinsic_access(intr) | ACCESS_CAN_SPECULATE);
   return true;
}

/* The ALU instructions of one side of an if (what nir_opt_peephole_select
 * counts: constants and loads cost no ALU), or a number over any limit
 * when it holds control flow. */
static unsigned
side_size(struct exec_list *list)
{
   if (!exec_list_is_singular(list))
      return UINT_MAX;
   nir_block *block =
      nir_cf_node_as_block(exec_node_data(nir_cf_node, exec_list_get_head(list), node));
   unsigned n = 0;
   nir_foreach_instr (instr, block)
      n += instr->type == nir_instr_type_alu;
   return n;
}

/* Divergent ifs with up to 12 ALU instructions a side are marked to be
 * flattened (nir_opt_peephole_select flattens a marked if whatever its
 * size): a warp whose lanes part runs both sides anyway, and the
 * flattened code saves the branches and the convergence barrier.  Ifs on
 * uniform conditions keep peephole_select's smaller limit, where the warp
 * runs one side.  Codegen decides alike (nv50_ir_peephole.cpp,
 * FlatteningPass::tryPredicateConditional: 12 a side, 4 on a constant
 * condition).  The analysis runs without LCSSA form: it only steers a
 * choice that is right either way. */
static void
mark_divergent_ifs_flat(nir_shader *nir)
{
   nir_divergence_analysis(nir);
   nir_foreach_block (block, nir_shader_get_entrypoint(nir)) {
      nir_if *nif = nir_block_get_following_if(block);
      if (nif && nif->control == nir_selection_control_none &&
          nir_src_is_divergent(&nif->condition) && side_size(&nif->then_list) <= 12 &&
          side_size(&nif->else_list) <= 12)
         nif->control = nir_selection_control_flatten;
   }
}

/* True if a VS computes its clip distances from the user clip planes. */
static bool
prepare_nir(nir_shader *nir, bool clip_from_position)
{
   /* Local arrays indexed dynamically: small ones become selects, then
    * SSA values; what is left lives in local memory (LDL/STL). */
   NIR_PASS(_, nir, nir_split_var_copies);
   NIR_PASS(_, nir, nir_lower_var_copies);
   NIR_PASS(_, nir, nir_lower_indirect_derefs, nir_var_function_temp, 8);
   NIR_PASS(_, nir, nir_lower_vars_to_ssa);
   NIR_PASS(_, nir, nir_remove_dead_variables, nir_var_function_temp, NULL);
   NIR_PASS(_, nir, nir_lower_vars_to_explicit_types, nir_var_function_temp,
            glsl_get_natural_size_align_bytes);
   NIR_PASS(_, nir, nir_lower_explicit_io, nir_var_function_temp, nir_address_format_32bit_offset);
   const bool clip_from_planes = jade_nir_lower_io(nir, clip_from_position);
   jade_nir_lower_compute_ubos(nir);
   /* Texture forms the hardware lacks: projectors, explicit derivatives
    * of cube, 3D and shadow lookups, four gather offsets; implicit LODs
    * outside fragment shaders (no quads to derive from: GL takes the base
    * level) become an explicit 0, as codegen and llvmpipe treat them (but
    * rectangles': jade_isel_tex.c).  Rectangles keep their texel
    * coordinates: their headers clear NORMALIZED_COORDS
    * (jade_texture_headers.c), as nvc0's do. */
   const nir_lower_tex_options tex_options = {
      .lower_invalid_implicit_lod = true,
      .lower_txp = ~0u,
      .lower_txd_cube_map = true,
      .lower_txd_3d = true,
      .lower_txd_shadow = true,
      .lower_tg4_offsets = true,
   };
   NIR_PASS(_, nir, nir_lower_tex, &tex_options);
   NIR_PASS(_, nir, jade_nir_lower_dynamic_indexing);
   /* Cube images have 2D-array headers of their faces (jade_image_tic):
    * their size is that array's, cubes counted from its faces, as NAK does
    * (nak_nir.c). */
   const nir_lower_image_options image_options = {.lower_cube_size = true};
   NIR_PASS(_, nir, nir_lower_image, &image_options);
   NIR_PASS(_, nir, nir_lower_compute_system_values, NULL);
   jade_nir_lower_compute_sysvals(nir);
   jade_nir_lower_ssbo(nir);
   NIR_PASS(_, nir, nir_lower_idiv, &(nir_lower_idiv_options){.allow_fp16 = false});
   /* 64-bit integer ops SM75 lacks become 32-bit ones (adds stay: IADD3.X). */
   NIR_PASS(_, nir, nir_lower_int64);
   NIR_PASS(_, nir, nir_lower_doubles, NULL, jade_nir_compiler_options.lower_doubles_options);
   /* ... which can make 64-bit integer ops of its own (dmin/dmax keeping
    * signed zeros compare the bits: 64-bit ieq). */
   NIR_PASS(_, nir, nir_lower_int64);
   /* discard ends the invocation, but KILL only demotes it (the lane runs
    * on as a helper): terminate becomes demote + halt (EXIT), as NAK
    * lowers it (nak_nir.c); codegen treats discard as demote too. */
   if (nir->info.stage == MESA_SHADER_FRAGMENT)
      NIR_PASS(_, nir, nir_lower_terminate_to_demote);
   NIR_PASS(_, nir, nir_lower_alu_to_scalar, NULL, NULL);
   bool progress;
   /* Bounded: nir_opt_dead_cf and nir_opt_dce can report progress forever
    * on a loop whose last block is unreachable (both sides of an if end in
    * a jump; the fuzzer's tests/compiler/fuzz-regressions/), and a compile
    * must end. */
   unsigned rounds = 0;
   do {
      progress = false;
      NIR_PASS(progress, nir, nir_copy_prop);
      NIR_PASS(progress, nir, nir_opt_dce);
      NIR_PASS(progress, nir, nir_opt_cse);
      NIR_PASS(progress, nir, nir_opt_algebraic);
      NIR_PASS(progress, nir, nir_opt_constant_folding);
      NIR_PASS(progress, nir, nir_opt_dead_cf);
      NIR_PASS(progress, nir, nir_opt_if, nir_opt_if_optimize_phi_true_false);
      /* Each round: folding makes offsets constant. */
      NIR_PASS(_, nir, nir_shader_intrinsics_pass, mark_uniform_loads_speculatable,
               nir_metadata_all, NULL);
      mark_divergent_ifs_flat(nir);
      NIR_PASS(progress, nir, nir_opt_peephole_select, 8, true, true);
   } while (progress && ++rounds < 64);
   /* Deeper than the 16 convergence barriers: flatten small ifs harder
    * (else-if chains nest one level per else). */
   for (unsigned pass = 0;
        pass < 8 && cf_depth(&nir_shader_get_entrypoint(nir)->body) > JADE_CONVERGENCE_BARRIERS;
        pass++) {
      NIR_PASS(_, nir, nir_opt_peephole_select, 64, true, true);
      NIR_PASS(_, nir, nir_opt_dce);
      NIR_PASS(_, nir, nir_opt_dead_cf);
   }
   /* Late patterns (a * b + c to FFMA, a + -b to FSUB), then cleanup. */
   do {
      progress = false;
      NIR_PASS(progress, nir, nir_opt_algebraic_late);
      if (progress) {
         NIR_PASS(_, nir, nir_opt_constant_folding);
         NIR_PASS(_, nir, nir_copy_prop);
         NIR_PASS(_, nir, nir_opt_dce);
         NIR_PASS(_, nir, nir_opt_cse);
      }
   } while (progress);
   /* Loads read only the components that are used. */
   NIR_PASS(_, nir, nir_opt_shrink_vectors, false);
   /* Global accesses the hardware has: 1, 2 or 4 words (.32, .64, .128)
    * as aligned, each store whole (write masks split); after shrinking, which leaves
    * loads of three words. */
   const nir_lower_mem_access_bit_sizes_options mem_options = {
      .callback = global_access_size_align,
      .modes = nir_var_mem_global | nir_var_mem_constant | nir_var_mem_ssbo,
   };
   NIR_PASS(_, nir, nir_lower_mem_access_bit_sizes, &mem_options);
   /* Select peepholes can make vector selects again. */
   NIR_PASS(_, nir, nir_lower_alu_to_scalar, NULL, NULL);
   NIR_PASS(_, nir, nir_copy_prop);
   NIR_PASS(_, nir, nir_opt_dce);
   /* Phis stay: selection makes them Jade PHIs, register allocation
    * (SSA-based) turns them into parallel copies. */
   NIR_PASS(_, nir, nir_lower_phis_to_scalar, true);
   return clip_from_planes;
}

static void
collect_stats(const struct jade_ir_shader *s, struct jade_shader_binary *bin)
{
   struct jade_shader_stats *st = &bin->stats;
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, instr) {
         st->instructions++;
         st->cycles += instr->ctrl.stall;
      }
   }
   /* At least 4, as NAK programs (nak/api.rs: max(4, num_gprs +
    * hw_reserved_gprs)): a thread needs registers besides the pc's. */
   st->gprs = MAX2(s->gpr_count + JADE_HW_RESERVED_GPRS, 4);
   st->spills = s->spills;
   st->fills = s->fills;
   st->loops = s->loop_count;
   st->bytes = (unsigned)bin->code_size;
}

/* Which global memory (and surface) accesses the final code makes, for
 * the SPH's DOES_GLOBAL_STORE and DOES_LOAD_OR_STORE (the ISA
 * description's `memory:`; generic accesses may reach global memory). */
static void
collect_memory_use(const struct jade_ir_shader *s, struct jade_shader_binary *bin)
{
   jade_foreach_block (s, block) {
      jade_foreach_instr (block, instr) {
         if (instr->op >= JADE_ISA_OP_COUNT)
            continue; /* IR-only ops (phis) */
         const unsigned access = jade_isa_op_info[instr->op].memory.access;
         if (access == JADE_ISA_MEM_NONE)
            continue;
         bin->accesses_global = true;
         if (access != JADE_ISA_MEM_LOAD)
            bin->writes_global = true;
      }
   }
}

/* Register allocation as a pass: it fails only with an error recorded. */
static void
allocate_registers(struct jade_ir_shader *s, const struct jade_compiler_options *options)
{
   if (!jade_ra(s, options) && !s->error)
      jade_ir_error(s, "register allocation failed");
}

/* NIR (prepared) to machine code in s->code, or s->error.  The backend's
 * passes, in order; each comment says why it stands where it does. */
static struct jade_ir_shader *
compile_ir(void *mem_ctx, nir_shader *nir, const struct jade_compiler_options *options,
           bool bools_in_gpr)
{
   const bool print = options && options->print_ir;
   if (print)
      nir_print_shader(nir, stderr);
   struct jade_ir_shader *s = jade_from_nir(mem_ctx, nir, bools_in_gpr);
   s->print_ir = print;
   s->validate = options && options->validate;
   /* Selection makes blocks and branches; the edges come from them, once
    * (the IR printed after this pass is selection's, with its edges).
    * Every later pass reads them (and the validator checks them), and the
    * passes that change control flow keep them. */
   JADE_PASS(s, jade_cfg_derive);
   /* Copies first: folding and dead code then see the real producers. */
   JADE_PASS(s, jade_opt_copy_propagate);
   /* After propagation, which leaves tuples filled from one tuple. */
   JADE_PASS(s, jade_opt_tuple_copies);
   /* After propagation, which makes gatherings of the same values look
    * alike. */
   JADE_PASS(s, jade_opt_tuple_gathers);
   /* After both: the moves left are the ones a split load can save. */
   JADE_PASS(s, jade_opt_split_attribute_loads);
   /* Constants and modifiers into readers: needs the producers that
    * propagation exposed; before scheduling, which should see the
    * folded (fewer) instructions. */
   JADE_PASS(s, jade_opt_fold_operands);
   /* Saturates folded into producers leave copies. */
   JADE_PASS(s, jade_opt_copy_propagate);
   /* Last: what folding and propagation left unread goes. */
   JADE_PASS(s, jade_opt_dead_code);
   /* On SSA values, before allocation: it orders by latency under the
    * register budget allocation will have. */
   JADE_PASS(s, jade_schedule);
   /* Phis become copies, values registers: every later pass works on
    * physical registers (s->allocated). */
   JADE_PASS(s, allocate_registers, options);
   /* After allocation: the phi copies are in place, so a block that only
    * branches is known to stay one. */
   JADE_PASS(s, jade_opt_branches);
   /* Control bits last but emission: they depend on the final order and
    * registers (reuse flags) of every instruction. */
   JADE_PASS(s, jade_ctrl, options);
   /* Emission reads the IR and changes nothing in it: no pass. */
   if (!s->error)
      jade_emit(s);
   return s;
}

/* The tessellation fields of the binary (bin->tess): a TCS's patch size
 * and patch words, a TES's SET_TESSELLATION_PARAMETERS values. */
static void
tess_fields(const nir_shader *nir, struct jade_shader_binary *bin)
{
   if (nir->info.stage == MESA_SHADER_TESS_CTRL) {
      bin->tess.vertices_out = (uint8_t)nir->info.tess.tcs_vertices_out;
      /* One past the last patch word written or read back, at least the
       * six factors: NAK's per_patch_attribute_count (from_nir.rs: 6, then
       * the largest patch range end in words; nvc0_program.c counts 6, or
       * 8 + 4 n with n patch vectors). */
      unsigned words = 6;
      for (unsigned w = 0; w < JADE_PATCH_WORDS; w++)
         if (jade_io_word(bin->io.patch_outputs, w))
            words = MAX2(words, w + 1);
      bin->tess.patch_words = (uint8_t)words;
      return;
   }
   switch (nir->info.tess._primitive_mode) {
   case TESS_PRIMITIVE_ISOLINES:
      bin->tess.domain = NVC597_SET_TESSELLATION_PARAMETERS_DOMAIN_TYPE_ISOLINE;
      break;
   case TESS_PRIMITIVE_QUADS:
      bin->tess.domain = NVC597_SET_TESSELLATION_PARAMETERS_DOMAIN_TYPE_QUAD;
      break;
   default:
      bin->tess.domain = NVC597_SET_TESSELLATION_PARAMETERS_DOMAIN_TYPE_TRIANGLE;
      break;
   }
   switch (nir->info.tess.spacing) {
   case TESS_SPACING_FRACTIONAL_ODD:
      bin->tess.spacing = NVC597_SET_TESSELLATION_PARAMETERS_SPACING_FRACTIONAL_ODD;
      break;
   case TESS_SPACING_FRACTIONAL_EVEN:
      bin->tess.spacing = NVC597_SET_TESSELLATION_PARAMETERS_SPACING_FRACTIONAL_EVEN;
      break;
   default: /* equal, or unspecified: GL's default */
      bin->tess.spacing = NVC597_SET_TESSELLATION_PARAMETERS_SPACING_INTEGER;
      break;
   }
   /* Points and isolines as NAK's from_nir.rs chooses them; GL's ccw is
    * the hardware's TRIANGLES_CW: nvc0 sets its CW bit for codegen's
    * winding = !ccw (nvc0_program.c nvc0_tp_get_tess_mode), NVK flips CW
    * and CCW for GL's lower-left origin. */
   if (nir->info.tess.point_mode)
      bin->tess.output_primitives = NVC597_SET_TESSELLATION_PARAMETERS_OUTPUT_PRIMITIVES_POINTS;
   else if (nir->info.tess._primitive_mode == TESS_PRIMITIVE_ISOLINES)
      bin->tess.output_primitives = NVC597_SET_TESSELLATION_PARAMETERS_OUTPUT_PRIMITIVES_LINES;
   else if (nir->info.tess.ccw)
      bin->tess.output_primitives =
         NVC597_SET_TESSELLATION_PARAMETERS_OUTPUT_PRIMITIVES_TRIANGLES_CW;
   else
      bin->tess.output_primitives =
         NVC597_SET_TESSELLATION_PARAMETERS_OUTPUT_PRIMITIVES_TRIANGLES_CCW;
}

struct jade_shader_binary *
jade_compile(void *mem_ctx, nir_shader *nir, const struct jade_compiler_options *options,
             char **error)
{
   *error = NULL;
   const bool clip_from_planes = prepare_nir(nir, options && options->clip_from_position);

   void *tmp = ralloc_context(NULL);
   struct jade_ir_shader *s = compile_ir(tmp, nir, options, options && options->bools_in_gprs);
   if (s->error && s->error_kind == JADE_ERROR_OUT_OF_PREDICATES) {
      /* More live booleans than predicates: keep them in GPRs. */
      s = compile_ir(tmp, nir, options, true);
   }
   if (s->error) {
      *error = ralloc_asprintf(mem_ctx, "%s", s->error);
      ralloc_free(tmp);
      return NULL;
   }

   struct jade_shader_binary *bin = rzalloc(mem_ctx, struct jade_shader_binary);
   bin->code_size = (size_t)s->code_words * 8;
   bin->code = ralloc_array(bin, uint64_t, s->code_words);
   memcpy(bin->code, s->code, bin->code_size);
   bin->stage = nir->info.stage;
   bin->shared_size = nir->info.shared_size;
   bin->local_size = s->local_size;
   collect_stats(s, bin);
   collect_memory_use(s, bin);
   bin->io = s->io;
   bin->io.clip_from_planes = clip_from_planes;
   if (s->patch_count) {
      bin->patches = ralloc_array(bin, struct jade_patch_site, s->patch_count);
      memcpy(bin->patches, s->patches, s->patch_count * sizeof(*s->patches));
      bin->patch_count = s->patch_count;
   }
   /* The header as far as the shader alone decides it; linking starts
    * from a copy. */
   if (bin->stage == MESA_SHADER_GEOMETRY) {
      bin->gs.invocations = (uint8_t)nir->info.gs.invocations;
      bin->gs.vertices_in = (uint8_t)nir->info.gs.vertices_in;
      bin->gs.output_primitive = (uint8_t)nir->info.gs.output_primitive;
      bin->gs.stream_mask = (uint8_t)MAX2(nir->info.gs.active_stream_mask, 1);
      bin->gs.vertices_out = (uint16_t)nir->info.gs.vertices_out;
   }
   if (bin->stage == MESA_SHADER_TESS_CTRL || bin->stage == MESA_SHADER_TESS_EVAL)
      tess_fields(nir, bin);
   if (bin->stage == MESA_SHADER_VERTEX || bin->stage == MESA_SHADER_GEOMETRY ||
       bin->stage == MESA_SHADER_TESS_CTRL || bin->stage == MESA_SHADER_TESS_EVAL)
      jade_sph_vertex(bin, bin->sph);
   else if (bin->stage == MESA_SHADER_FRAGMENT)
      jade_sph_fragment(bin, bin->sph);
   ralloc_free(tmp);
   return bin;
}

void
jade_shader_stats_format(const struct jade_shader_binary *bin, char *buf, size_t size)
{
   const struct jade_shader_stats *st = &bin->stats;
   const char *stage = _mesa_shader_stage_to_abbrev(bin->stage);
   snprintf(buf, size,
            "SM75 %s shader: %u inst, %u loops, %u cycles, %u:%u spills:fills, "
            "%u gprs, %u bytes",
            stage, st->instructions, st->loops, st->cycles, st->spills, st->fills, st->gprs,
            st->bytes);
}
