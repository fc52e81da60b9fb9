/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The Jade compiler: NIR in, SM75 machine code out (docs/compiler.md).
 * The driver calls it at create time; tests call it directly.  What the
 * binary shares with the driver (its I/O, patch sites, the driver's
 * constant bank) is in jade_abi.h; linking two binaries in jade_link.h.
 */

#ifndef JADE_COMPILER_H
#define JADE_COMPILER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jade/jade_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

struct nir_shader;
struct nir_shader_compiler_options;

struct jade_compiler_options {
   bool serial;          /* every instruction waits for everything (JADE_DEBUG=serial) */
   bool print_ir;        /* print the IR to stderr after each pass (JADE_DEBUG=ir) */
   bool validate;        /* validate the IR after each pass in release builds too
                          * (JADE_DEBUG=validate; debug builds always do) */
   bool bools_in_gprs;   /* always keep booleans in GPRs (the fallback when
                          * predicates run out; tests force it) */
   unsigned max_gprs;    /* register budget; 0 = the hardware's 253 */
   bool clip_from_position; /* VS without gl_ClipVertex or gl_ClipDistance:
                             * clip distances of gl_Position against the user
                             * clip planes (the driver's variant for
                             * glClipPlane with such a shader) */
};

struct jade_shader_stats {
   unsigned instructions;
   unsigned loops;
   unsigned cycles;      /* static estimate: issue + stall cycles, loops once */
   unsigned spills, fills;
   /* The register count the hardware is programmed with (QMD
    * REGISTER_COUNT_V, SET_PIPELINE_REGISTER_COUNT): R0..R(gprs-3) used
    * plus the two that hold the pc (JADE_HW_RESERVED_GPRS, the ISA
    * description's hardware section); what nouveau's shader-db reports
    * too. */
   unsigned gprs;
   unsigned bytes;
};

struct jade_shader_binary {
   uint64_t *code;       /* two 64-bit words an instruction */
   size_t code_size;     /* bytes */
   unsigned stage;       /* gl_shader_stage */
   unsigned shared_size; /* bytes of shared memory (compute) */
   unsigned local_size;  /* bytes of local memory per thread (arrays indexed
                          * dynamically; the SPH and the local-memory window
                          * need it) */
   bool writes_global;   /* stores, atomics or reductions to global memory
                          * or surfaces (SPH DOES_GLOBAL_STORE) */
   bool accesses_global; /* any global or surface access */
   struct jade_shader_stats stats;
   struct jade_io_signature io;
   struct jade_patch_site *patches;   /* in code order */
   unsigned patch_count;
   uint32_t sph[32];     /* VS/GS/FS: the header fields the shader alone fixes
                          * (jade_sph_vertex / jade_sph_fragment) */
   struct {
      uint8_t invocations;        /* threads an input primitive */
      uint8_t vertices_in;        /* vertices of an input primitive */
      uint8_t output_primitive;   /* enum mesa_prim: points, line or triangle strips */
      uint8_t stream_mask;        /* streams it emits to */
      uint16_t vertices_out;      /* vertices an invocation emits at most */
   } gs;
   /* Tessellation control (TCS) and tessellation (TES) programs. */
   struct {
      uint8_t vertices_out;   /* TCS: output control points = threads a patch */
      uint8_t patch_words;    /* TCS: per-patch output words written (header
                               * PER_PATCH_ATTRIBUTE_COUNT) */
      /* TES: SET_TESSELLATION_PARAMETERS as NVIDIA's header names it
       * (NVC597_SET_TESSELLATION_PARAMETERS_DOMAIN_TYPE_*, _SPACING_*,
       * _OUTPUT_PRIMITIVES_*), GL's winding already turned into the
       * hardware's (GL's ccw is TRIANGLES_CW: the domain's v axis points
       * the other way, as nvc0 (codegen's winding = !ccw) and NVK (lower
       * left origin flips CW/CCW) program it). */
      uint8_t domain;
      uint8_t spacing;
      uint8_t output_primitives;
   } tess;
};

/* The NIR options st/mesa and the compiler use. */
const struct nir_shader_compiler_options *jade_nir_options(void);

/* Compiles `nir` (consumed: it is lowered in place).  Returns NULL and an
 * error message (ralloc'ed on mem_ctx) if the shader cannot be compiled;
 * never aborts.  The binary is ralloc'ed on mem_ctx. */
struct jade_shader_binary *jade_compile(void *mem_ctx, struct nir_shader *nir,
                                        const struct jade_compiler_options *options,
                                        char **error);

/* The binary as bytes (the driver's disk cache, jade_binary.c), and
 * back: NULL unless the bytes are a whole, unaltered binary of this
 * layout (checksum, counts and offsets checked).  The result is ralloc'ed
 * on mem_ctx. */
struct blob;
void jade_binary_serialize(struct blob *blob, const struct jade_shader_binary *bin);
struct jade_shader_binary *jade_binary_deserialize(void *mem_ctx, const void *data, size_t size);

/* "SM75 CS shader: 12 inst, 0 loops, 40 cycles, 0:0 spills:fills, 8 gprs,
 * 192 bytes": the shader-db line. */
void jade_shader_stats_format(const struct jade_shader_binary *bin, char *buf,
                              size_t size);

#ifdef __cplusplus
}
#endif

#endif /* JADE_COMPILER_H */
