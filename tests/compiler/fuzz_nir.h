/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The NIR generator of the compiler fuzzer (ci/fuzz-compiler): random
 * well-formed compute shaders built with nir_builder, and a reference
 * interpreter that runs them per thread with NIR's own constant-folding
 * semantics (nir_eval_const_opcode).
 *
 * Every program: thread t = workgroup_id.x * FUZZ_GROUP +
 * local_invocation_id.x reads FUZZ_IN_WORDS words at in[t * FUZZ_IN_WORDS]
 * (global memory, the address the 64-bit constant c[0][0x160]) and SSBO 0
 * (FUZZ_SSBO_WORDS words), and writes FUZZ_OUT_WORDS words at
 * out[t * FUZZ_OUT_WORDS] (c[0][0x168]).
 */

#ifndef FUZZ_NIR_H
#define FUZZ_NIR_H

#include <stdbool.h>
#include <stdint.h>

#include "nir.h"

#define FUZZ_GROUP        32
#define FUZZ_GROUPS       2
#define FUZZ_THREADS      (FUZZ_GROUP * FUZZ_GROUPS)
#define FUZZ_IN_WORDS     4
#define FUZZ_OUT_WORDS    8
#define FUZZ_SSBO_WORDS   256
#define FUZZ_SSBO_WORD(i) (0x9e3779b9u * ((i) + 1))

/* The reference's fake buffer addresses (only their differences matter). */
#define FUZZ_IN_BASE  0x100000000ull
#define FUZZ_OUT_BASE 0x200000000ull

/* The float controls of every program: denormals preserved in both
 * widths, as the C-side semantics of nir_eval_const_opcode are then exact. */
#define FUZZ_FLOAT_CONTROLS                                                                        \
   (FLOAT_CONTROLS_DENORM_PRESERVE_FP32 | FLOAT_CONTROLS_DENORM_PRESERVE_FP64)

struct fuzz_gen_options {
   unsigned size; /* about this many ALU instructions */
   bool bits16;   /* 16-bit integer arithmetic too */
   bool bits64;   /* 64-bit integer and float arithmetic */
};

/* A random shader from seed, in SSA form (local variables lowered). */
nir_shader *fuzz_nir_generate(void *mem_ctx, uint64_t seed, const struct fuzz_gen_options *opt);

/* The generator's lowering to SSA, also for reduced shaders. */
void fuzz_nir_cleanup(nir_shader *s);

/* Runs the shader for every thread on in[FUZZ_THREADS * FUZZ_IN_WORDS],
 * writing out[FUZZ_THREADS * FUZZ_OUT_WORDS].  False with a message when
 * the shader has something the interpreter does not know, or runs too long. */
bool fuzz_nir_interpret(nir_shader *s, const uint32_t *in, uint32_t *out, char *err,
                        size_t err_size);

/* The PCG-style step the generator and the inputs use. */
static inline uint32_t
fuzz_rand(uint64_t *s)
{
   *s = *s * 6364136223846793005ull + 1442695040888963407ull;
   return (uint32_t)(*s >> 33);
}

#endif /* FUZZ_NIR_H */
