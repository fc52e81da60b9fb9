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

struct nir_shader;

/* GL I/O to attribute loads/stores, uniforms to constant buffers
 * (jade_nir_io.c); the attribute address of a varying slot, or -1. */
void jade_nir_lower_io(struct nir_shader *nir);
/* Compute: gl_NumWorkGroups from the driver bank. */
void jade_nir_lower_compute_sysvals(struct nir_shader *nir);
/* Compute: UBOs outside c[0..6] through global memory. */
bool jade_nir_lower_compute_ubos(struct nir_shader *nir);

/* Convergence barriers B0..B15: one per level of if/loop nesting. */
#define JADE_CONVERGENCE_BARRIERS 16

/* The driver's constant bank and what it holds for the compiler
 * (docs/compiler.md, "Binding scheme"). */
#define JADE_DRIVER_CBUF 15          /* graphics stages */
#define JADE_DRIVER_CBUF_COMPUTE 7   /* the QMD binds only c[0..7] */
#define JADE_DRIVER_CBUF_OF(stage) \
   ((stage) == MESA_SHADER_COMPUTE ? JADE_DRIVER_CBUF_COMPUTE : JADE_DRIVER_CBUF)
#define JADE_TEX_HANDLE_WORD 8       /* texture unit u's handle: word 8 + u */
#define JADE_SSBO_INFO 0x2a0         /* SSBO i: 64-bit address at 0x2a0 + 16 i */
#define JADE_IMAGE_HANDLE_WORD 0x40  /* image unit i's handle: word 0x40 + i */
#define JADE_UCP_BASE 0x400          /* user clip plane i: vec4 at 0x400 + 16 i */
#define JADE_SAMPLE_POS 0x480        /* sample i's position in the pixel: vec2 at 0x480 + 8 i */
#define JADE_CS_GRID_SIZE 0x400      /* compute: gl_NumWorkGroups, uvec3 at 0x400 */
#define JADE_CS_UBO_INFO 0x440       /* compute: UBO i's 64-bit address at 0x440 + 16 i
                                      * (those not in c[0..6]) */
#define JADE_SAMPLE_MASKS 0x500      /* the samples the invocation of sample i shades:
                                      * word 0x500 + 4 i (all ones without sample shading) */

/* gl_ClipVertex to the eight clip distances against the user clip planes
 * in the driver's constants; the linker keeps the enabled ones
 * (jade_nir_io.c). */
bool jade_nir_lower_clip_vertex(struct nir_shader *nir);

/* SSBOs to global memory at addresses from the driver's constants
 * (jade_nir_lower_ssbo.c). */
bool jade_nir_lower_ssbo(struct nir_shader *nir);

/* NIR -> Jade IR (instruction selection). */
/* bools_in_gpr: booleans as 0/~0 in GPRs between uses (the fallback when
 * predicates run out). */
struct jade_shader *jade_from_nir(void *mem_ctx, struct nir_shader *nir, bool bools_in_gpr);
/* Copy propagation and dead-code elimination on the IR. */
void jade_optimize(struct jade_shader *s);
/* After allocation: a branch over a block that only branches becomes the
 * inverted branch (jade_opt.c). */
void jade_opt_branches(struct jade_shader *s);
/* Constants, float modifiers and saturates folded into their users
 * (jade_opt_operands.c; part of jade_optimize). */
void jade_opt_fold_operands(struct jade_shader *s);
/* Pre-allocation list scheduling (jade_sched.c). */
void jade_schedule(struct jade_shader *s, unsigned max_gprs);
/* Register allocation: values get physical registers. */
bool jade_ra(struct jade_shader *s, const struct jade_compiler_options *options);
/* Dependency control bits: stalls, scoreboards, wait masks. */
void jade_ctrl(struct jade_shader *s, const struct jade_compiler_options *options);
/* Encoding. */
bool jade_emit(struct jade_shader *s);

#endif /* JADE_COMPILER_PRIVATE_H */
