/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection: NIR (prepared by jade_compile.c) to Jade IR.
 * Each NIR component becomes one value: a register for 32 bits, a pair for
 * 64, a predicate for a 1-bit boolean.  Vector loads and stores use
 * register tuples, filled and split with moves that jade_opt.c folds.
 * Anything not handled fails the compile with a message naming it.
 *
 *   jade_isel.c            values, operands, shared helpers
 *   jade_isel_alu.c        ALU ops: moves, then one of
 *   jade_isel_int.c          integer arithmetic, shifts, logic, bit counts
 *   jade_isel_float.c        32-bit float arithmetic, MUFU, rounding
 *   jade_isel_cmp.c          comparisons, selects, booleans
 *   jade_isel_conv.c         int/float conversions, 32/64-bit words
 *   jade_isel_fp64.c         64-bit float ops
 *   jade_isel_mem.c        global, shared and local memory, atomics
 *   jade_isel_tex.c        textures
 *   jade_isel_image.c      images
 *   jade_isel_intrinsic.c  shader I/O, system values, derivatives, barriers
 *   jade_isel_cf.c         control flow, phis, the entry point
 */

#ifndef JADE_ISEL_H
#define JADE_ISEL_H

#include "jade_builder.h"
#include "jade_compiler_private.h"
#include "nir.h"

struct isel {
   struct jade_ir_shader *s;
   /* Where instructions go: the builder's cursor, normally the end of
    * `block`, the block being selected (isel_set_block). */
   struct jade_builder b;
   struct jade_block *block;
   nir_shader *nir;
   /* Per NIR def: one value per component. */
   struct jade_value ***defs;
   /* Per NIR block: the index of the Jade block its code ends in (the
    * predecessor a phi source comes from). */
   unsigned *block_end;
   /* The innermost loop's blocks, for break and continue. */
   int loop_header, loop_exit;
   unsigned barrier_depth; /* convergence barriers in use (B0..) */
   /* The first barrier inside the innermost loop: those from it to
    * barrier_depth belong to the ifs a break or continue leaves. */
   unsigned loop_inner_barrier;
   /* The ifs and loops whose lanes may part (NIR's divergence analysis):
    * only they need a convergence barrier. */
   struct set *divergent_cf;
   /* Fragment shaders: the outputs (render target, component) and depth
    * collected from store_output, and 1/w for perspective inputs. */
   struct jade_value *fs_color[8][4];
   struct jade_value *fs_depth;
   struct jade_value *fs_sample_mask;
   struct jade_value *inv_w[2]; /* 1/w at the pixel and the centroid */
   struct jade_value *lane_id;  /* S2R SR_LANEID, for derivatives */
   /* Vertex outputs: attribute words some store writes with something
    * other than the constant the signature records (jade_isel_intrinsic.c). */
   uint32_t varying_outputs[JADE_ATTR_WORDS / 32];
   /* 32-bit constants already in registers in const_block. */
   struct jade_block *const_block;
   uint32_t const_bits[32];
   struct jade_value *const_values[32];
   unsigned const_count;
   /* Booleans live in GPRs (0 or ~0) and become predicates just before
    * each use: the fallback when a shader has more live booleans than the
    * 7 predicates (the allocator cannot spill predicates yet). */
   bool bools_in_gpr;
   /* 32-bit float ops from NIR flush denormal sources and results to zero
    * (.FTZ): NAK's default for fp32 (ShaderFloatControls::default() in
    * src/nouveau/compiler/nak/from_nir.rs), off only where the shader's
    * float controls ask to preserve fp32 denormals. */
   bool ftz32;
};

/* Selection continues at the end of `block`. */
void isel_set_block(struct isel *c, struct jade_block *block);
struct jade_value *isel_new_value(struct isel *c, unsigned bit_size);
void isel_set_def(struct isel *c, nir_def *def, unsigned comp, struct jade_value *v);
struct jade_value *isel_src(struct isel *c, nir_def *def, unsigned comp);
/* A memory address as a register plus the instruction's offset: an iadd
 * of a constant folds the constant into *offset when the sum stays in the
 * offset field's [lo, hi). */
struct jade_value *isel_address(struct isel *c, nir_def *addr, int64_t *offset, int64_t lo,
                                int64_t hi);
void isel_constant(struct isel *c, nir_instr *instr);
struct jade_value *isel_alu_src(struct isel *c, nir_alu_instr *alu, unsigned i);
struct jade_value *isel_bool_to_gpr(struct isel *c, struct jade_value *p);
struct jade_value *isel_bool_value(struct isel *c, struct jade_value *v);
struct jade_value *isel_bool_alu_src(struct isel *c, nir_alu_instr *alu, unsigned i);
/* A 32-bit constant ALU source: its bits. */
bool isel_src_const_u32(nir_alu_instr *alu, unsigned i, uint32_t *imm);
/* Source i of an ALU op as an operand (its value). */
static inline struct jade_ref
isel_alu_ref(struct isel *c, nir_alu_instr *alu, unsigned i)
{
   return jade_v(isel_alu_src(c, alu, i));
}
/* Source i of an ALU op as the b operand: an immediate or a constant-buffer
 * operand when the NIR source is one, else its value. */
struct jade_ref isel_alu_b(struct isel *c, nir_alu_instr *alu, unsigned i);
void isel_plop3(struct isel *c, struct jade_value *dst, struct jade_value *a, struct jade_value *b,
                unsigned lut);
void isel_sel(struct isel *c, struct jade_value *dst, struct jade_value *p, struct jade_value *a,
              struct jade_value *b);
void isel_ftz(struct isel *c, struct jade_instr *i);
/* The LOP3/PLOP3 truth table of a two-input and/or/xor (a 0xf0, b 0xcc,
 * the third input unused). */
static inline unsigned
isel_lut2(nir_op op)
{
   return op == nir_op_iand ? 0xf0 & 0xcc : op == nir_op_ior ? 0xf0 | 0xcc : 0xf0 ^ 0xcc;
}

/* Moves the cursor to the start of the shader, where a value computed once
 * dominates every use; returns the cursor to restore. */
struct jade_cursor isel_at_shader_start(struct isel *c);
void isel_s2r(struct isel *c, struct jade_value *dst, unsigned sreg);
void isel_copy(struct isel *c, struct jade_value *dst, struct jade_value *src);
struct jade_value *isel_gather(struct isel *c, struct jade_value **vals, unsigned n);
void isel_split(struct isel *c, nir_def *def, unsigned first, struct jade_value *tuple, unsigned n);
struct jade_value *isel_mem_data(struct isel *c, bool store, nir_def *def, unsigned first,
                                 unsigned n);
/* The registers `v` a load wrote (isel_mem_data): components first ..
 * first+n-1 of `def`. */
void isel_mem_loaded(struct isel *c, nir_def *def, unsigned first, unsigned n,
                     struct jade_value *v);
const char *isel_instr_type_name(nir_instr_type type);
bool isel_alu(struct isel *c, nir_alu_instr *alu);
/* The ALU ops by what they compute (false: not this file's). */
bool isel_alu_int(struct isel *c, nir_alu_instr *alu, struct jade_value *dst);
bool isel_alu_float(struct isel *c, nir_alu_instr *alu, struct jade_value *dst);
bool isel_alu_cmp(struct isel *c, nir_alu_instr *alu, struct jade_value *dst);
bool isel_alu_conv(struct isel *c, nir_alu_instr *alu, struct jade_value *dst);
bool isel_alu_fp64(struct isel *c, nir_alu_instr *alu, struct jade_value *dst);
bool isel_global(struct isel *c, nir_intrinsic_instr *intr, bool store);
bool isel_windowed(struct isel *c, nir_intrinsic_instr *intr, bool store, bool local);
bool isel_atomic(struct isel *c, nir_intrinsic_instr *intr, bool shared, bool swap);
bool isel_atomic_op(nir_atomic_op aop, unsigned *op, bool *is_signed);
bool isel_tex(struct isel *c, nir_tex_instr *tex);
bool isel_image(struct isel *c, nir_intrinsic_instr *intr);
void isel_fs_exit(struct isel *c);
bool isel_intrinsic(struct isel *c, nir_intrinsic_instr *intr);
/* Attribute loads and stores of the vertex-processing stages (ALD, AST). */
bool isel_vtg_io(struct isel *c, nir_intrinsic_instr *intr, bool store);
/* Geometry-shader intrinsics (jade_isel_gs.c). */
bool isel_gs(struct isel *c, nir_intrinsic_instr *intr);
/* Tessellation control and evaluation intrinsics (jade_isel_tess.c). */
bool isel_tess(struct isel *c, nir_intrinsic_instr *intr);

#endif /* JADE_ISEL_H */
