/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The compiler's phases, in pipeline order (docs/compiler.md).
 */

#ifndef JADE_COMPILER_PRIVATE_H
#define JADE_COMPILER_PRIVATE_H

#include "jade/jade_compiler.h"
#include "jade_ir.h"
#include "jade_pass.h"

struct nir_shader;
struct nir_builder;
struct nir_def;

/* GL I/O to attribute loads/stores, uniforms to constant buffers
 * (jade_nir_io.c); true if a VS got its clip distances from the user clip
 * planes (jade_nir_lower_clip_vertex). */
bool jade_nir_lower_io(struct nir_shader *nir, bool clip_from_position);

/* Geometry shaders: output handles, OUT and input vertex handles
 * (jade_nir_gs.c); called by jade_nir_lower_io after nir_lower_io. */
void jade_nir_lower_gs(struct nir_shader *nir);
/* Tessellation control and evaluation I/O and system values
 * (jade_nir_tess.c); called by jade_nir_lower_io after nir_lower_io. */
void jade_nir_lower_tess(struct nir_shader *nir);
/* The handle of input vertex `vertex` of the thread's primitive or patch
 * (ISBERD of the warp's input map, jade_nir_gs.c): the vertex operand of
 * ALD for the per-vertex inputs of GS, TCS and TES. */
struct nir_def *jade_nir_input_vertex(struct nir_builder *b, struct nir_def *vertex);
/* Sampler and uniform block arrays indexed dynamically, texture offsets
 * that are not constant (jade_nir_dynamic.c). */
bool jade_nir_lower_dynamic_indexing(struct nir_shader *nir);
/* Compute: gl_NumWorkGroups from the driver bank. */
void jade_nir_lower_compute_sysvals(struct nir_shader *nir);
/* Compute: UBOs outside c[0..6] through global memory. */
bool jade_nir_lower_compute_ubos(struct nir_shader *nir);

/* Convergence barriers B0..B15: one per level of if/loop nesting. */
#define JADE_CONVERGENCE_BARRIERS 16

/* The driver bank of a stage (its layout: jade_abi.h). */
#define JADE_DRIVER_CBUF_OF(stage)                                                                 \
   ((stage) == MESA_SHADER_COMPUTE ? JADE_DRIVER_CBUF_COMPUTE : JADE_DRIVER_CBUF)

/* gl_ClipVertex (or, with from_position, gl_Position when the VS writes
 * neither it nor gl_ClipDistance) to the eight clip distances against the
 * user clip planes in the driver's constants, computed only while
 * JADE_UCP_ENABLE is not 0; the linker keeps the enabled ones
 * (jade_nir_io.c).  Called by jade_nir_lower_io, after the UBO
 * renumbering. */
bool jade_nir_lower_clip_vertex(struct nir_shader *nir, bool from_position);

/* SSBOs to global memory at addresses from the driver's constants
 * (jade_nir_lower_ssbo.c). */
bool jade_nir_lower_ssbo(struct nir_shader *nir);

/* NIR -> Jade IR (instruction selection). */
/* bools_in_gpr: booleans as 0/~0 in GPRs between uses (the fallback when
 * predicates run out). */
struct jade_ir_shader *jade_from_nir(void *mem_ctx, struct nir_shader *nir, bool bools_in_gpr);
/* The IR optimizations (jade_opt.c): copies of whole values propagated
 * into their readers; the pieces of a tuple copied register by register
 * made one copy; instructions whose results nobody reads removed. */
void jade_opt_copy_propagate(struct jade_ir_shader *s);
void jade_opt_tuple_copies(struct jade_ir_shader *s);
void jade_opt_tuple_gathers(struct jade_ir_shader *s);
void jade_opt_split_attribute_loads(struct jade_ir_shader *s);
void jade_opt_dead_code(struct jade_ir_shader *s);
/* After allocation: a branch over a block that only branches becomes the
 * inverted branch (jade_opt.c). */
void jade_opt_branches(struct jade_ir_shader *s);
/* Constants, float modifiers and saturates folded into their users
 * (jade_opt_operands.c). */
void jade_opt_fold_operands(struct jade_ir_shader *s);
/* Pre-allocation list scheduling (jade_sched.c). */
void jade_schedule(struct jade_ir_shader *s);
/* Register allocation: values get physical registers. */
bool jade_ra(struct jade_ir_shader *s, const struct jade_compiler_options *options);
/* Dependency control bits: stalls, scoreboards, wait masks. */
void jade_ctrl(struct jade_ir_shader *s, const struct jade_compiler_options *options);
/* Encoding. */
bool jade_emit(struct jade_ir_shader *s);

#endif /* JADE_COMPILER_PRIVATE_H */
