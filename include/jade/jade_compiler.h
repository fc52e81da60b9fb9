/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The Jade compiler: NIR in, SM75 machine code out (docs/compiler.md).
 * The driver calls it at create time; tests call it directly.
 */

#ifndef JADE_COMPILER_H
#define JADE_COMPILER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct nir_shader;
struct nir_shader_compiler_options;

struct jade_compiler_options {
   bool serial;          /* every instruction waits for everything (JADE_DEBUG=serial) */
   bool print_ir;        /* print the IR to stderr after each phase (JADE_DEBUG=ir) */
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

/* What a compiled shader reads and writes, for the Shader Program Header
 * and the linkage the driver builds at bind time (issue 6).  Attribute
 * words are addressed as in a[]: word = byte address / 4 (0x70 is
 * position x, 0x80 + 16 n generic vector n, ...). */
#define JADE_ATTR_WORDS 256

enum jade_interp {
   JADE_INTERP_NONE,          /* not read */
   JADE_INTERP_PERSPECTIVE,
   JADE_INTERP_LINEAR,        /* noperspective */
   JADE_INTERP_FLAT,
};

struct jade_io_signature {
   uint32_t inputs[JADE_ATTR_WORDS / 32];    /* attribute words read */
   uint32_t outputs[JADE_ATTR_WORDS / 32];   /* attribute words written (VTG) */
   uint32_t const_outputs[JADE_ATTR_WORDS / 32];/* VS: words every store writes with
                                              * the same constant ... */
   uint32_t const_value[JADE_ATTR_WORDS];    /* ... this one (bits) */
   uint8_t interp[JADE_ATTR_WORDS];          /* FS: enum jade_interp per word */
   uint32_t centroid[JADE_ATTR_WORDS / 32];  /* FS: words interpolated at the centroid */
   uint32_t shade_model[JADE_ATTR_WORDS / 32];/* FS: colour words whose interpolation
                                              * follows the shade model (GL's
                                              * flat shading: no qualifier) */
   uint32_t color_written;                   /* FS: bit 4 t + c: target t component c */
   bool color_broadcast;                     /* FS: gl_FragColor, written to every
                                              * bound colour buffer */
   bool depth_written;
   bool sample_mask_written;                 /* FS: gl_SampleMask */
   bool uses_sample_shading;                 /* FS: runs per sample by itself
                                              * (gl_SampleID, the sample
                                              * qualifier, ...) */
   bool uses_discard;
   bool uses_frag_coord;
   bool clip_from_planes;                    /* VS: the clip distances are its clip
                                              * vertex (or position) against the user
                                              * clip planes, computed and stored only
                                              * while c[15][JADE_UCP_ENABLE] is not 0 */
};

/* A place in the code the bind-time linker may rewrite (docs/linkage.md):
 * plain data, so a binary with its sites can be cached on disk.  What a
 * site becomes depends on the other stage and the NOS (jade_link.c). */
enum jade_patch_kind {
   /* AST of attribute words [word, word + count) that are not system
    * values: a NOP when nothing downstream needs any of them (the next
    * stage does not read them, back colours without two-sided lighting,
    * clip distances of disabled planes, texture coordinates replaced by
    * point sprites). */
   JADE_PATCH_OUTPUT_STORE,
   /* IPA of attribute word `word`: MOV of the GL default when the
    * previous stage does not write it; IPA.CONSTANT with flat shading (a
    * colour without a qualifier); centroid location (the sample's, with
    * sample shading on) when sample shading is forced.  A perspective
    * input's IPA feeds one FMUL by w at `mul_offset`, which becomes a
    * multiply by 1.0 whenever the IPA no longer yields a value divided by
    * w. */
   JADE_PATCH_INPUT_LOAD,
   /* The op computing a VS colour output (FADD/FMUL/FFMA), or an FADD
    * x, -RZ copy before the store when no such op can: .SAT when vertex
    * colours are clamped (ARB_color_buffer_float's GL_CLAMP_VERTEX_COLOR). */
   JADE_PATCH_COLOR_CLAMP,
};

#define JADE_PATCH_NO_MUL UINT32_MAX

/* What a patch site's rewrite depends on: the other stage, and each field
 * of struct jade_link_key. */
enum jade_patch_dep {
   JADE_DEP_LINK = 1 << 0,        /* what the other stage reads or writes */
   JADE_DEP_FLATSHADE = 1 << 1,
   JADE_DEP_TWOSIDE = 1 << 2,
   JADE_DEP_PERSAMPLE = 1 << 3,
   JADE_DEP_SPRITE = 1 << 4,
   JADE_DEP_CLIP_PLANES = 1 << 5,
   JADE_DEP_CLAMP_COLOR = 1 << 6,
};

struct jade_patch_site {
   uint32_t offset;      /* bytes from the start of the code */
   uint32_t mul_offset;  /* INPUT_LOAD: the FMUL by w, or JADE_PATCH_NO_MUL */
   uint8_t kind;         /* enum jade_patch_kind */
   uint8_t count;        /* attribute words */
   uint16_t word;        /* the first attribute word (byte address / 4) */
   uint8_t depends;      /* enum jade_patch_dep: what can change the rewrite */
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
};

/* The NIR options st/mesa and the compiler use. */
/* The driver's constant bank: what the compiled code reads for the driver
 * and the driver writes (docs/compiler.md, "Binding scheme").  Byte
 * offsets unless named _WORD. */
#define JADE_DRIVER_CBUF 15          /* graphics stages */
#define JADE_DRIVER_CBUF_COMPUTE 7   /* the QMD binds only c[0..7] */
#define JADE_DRIVER_CBUF_SIZE 0x540
#define JADE_TEX_HANDLE_WORD 8       /* texture unit u's handle (tic | tsc << 20): word 8 + u */
#define JADE_MAX_TEXTURE_UNITS 32
#define JADE_IMAGE_HANDLE_WORD 0x40  /* image unit i's handle (a TIC index): word 0x40 + i */
#define JADE_MAX_IMAGES 8
#define JADE_SSBO_INFO 0x2a0         /* SSBO i: 64-bit address, 32-bit size at 0x2a0 + 16 i */
#define JADE_MAX_SSBOS 16
#define JADE_UCP_ENABLE 0x3f0        /* the enabled user clip planes (clip_plane_enable):
                                      * a VS computing distances from the planes skips
                                      * them when 0 */
#define JADE_UCP_BASE 0x400          /* user clip plane i: vec4 at 0x400 + 16 i */
#define JADE_SAMPLE_POS 0x480        /* sample i's position in the pixel: vec2 at 0x480 + 8 i */
#define JADE_SAMPLE_MASKS 0x500      /* the samples the invocation of sample i shades:
                                      * word 0x500 + 4 i (all ones without sample shading) */
#define JADE_CS_GRID_SIZE 0x400      /* compute: gl_NumWorkGroups, uvec3 at 0x400 */
#define JADE_CS_UBO_INFO 0x440       /* compute: UBO i's 64-bit address at 0x440 + 16 i
                                      * (every UBO: those past c[0..6], and any
                                      * indexed dynamically, are read through it) */

const struct nir_shader_compiler_options *jade_nir_options(void);

/* The attribute byte address of a varying slot (gl_varying_slot) in the
 * stages' shared layout (a[0x80 + 16 n] generic n, ...), -1 if none. */
int jade_varying_address(unsigned slot);

/* The Shader Program Header (32 words) of a vertex or geometry / a
 * fragment shader as far as the shader alone determines it
 * (jade_sph_build.c): type, local memory, attributes read and written,
 * interpolation, outputs, the geometry shader's output topology,
 * vertex count and invocations. */
void jade_sph_vertex(const struct jade_shader_binary *vs, uint32_t dw[32]);
void jade_sph_fragment(const struct jade_shader_binary *fs, uint32_t dw[32]);

/* The non-orthogonal state that reaches a linked VS/FS pair: the part
 * of the GL state that changes code or headers (docs/linkage.md has the
 * whole table, with what the hardware does by itself).  Part of the link
 * cache key. */
struct jade_link_key {
   bool flatshade;              /* colour inputs without a qualifier are flat */
   bool light_twoside;          /* back colours reach the rasteriser */
   bool persample;              /* interpolation at each sample (sample shading) */
   uint8_t sprite_coord_enable; /* texture coordinates replaced by the point
                                 * coordinate (point sprites) */
   uint8_t clip_plane_enable;   /* clip distances the rasteriser uses */
   bool clamp_vertex_color;     /* VS colour outputs clamped to [0, 1] */
   bool stream_out;             /* transform feedback captures VS outputs:
                                 * every store stays */
};

/* What linking a VS/FS pair changed (jade_link.c). */
struct jade_link_stats {
   unsigned stores_removed;    /* VS output stores nothing downstream needs */
   unsigned inputs_defaulted;  /* FS input loads the VS does not feed */
   unsigned inputs_constant;   /* FS input loads of VS constants, now immediates */
   unsigned inputs_flat;       /* FS colour loads made flat (flat shading) */
   unsigned inputs_persample;  /* FS loads moved to the sample (sample shading) */
   unsigned colors_clamped;    /* VS colour components saturated */
   unsigned patches;           /* instructions rewritten, all kinds */
};

/* Links a vertex and a fragment shader under `key`: their headers
 * (vs_sph, fs_sph) and their code patched for each other and the NOS into
 * vs_code / fs_code (copies of the binaries' code, code_size bytes each,
 * patched in place).  Nothing is compiled. */
void jade_link(const struct jade_link_key *key, const struct jade_shader_binary *vs,
               const struct jade_shader_binary *fs, uint32_t vs_sph[32], uint32_t fs_sph[32],
               uint64_t *vs_code, uint64_t *fs_code, struct jade_link_stats *stats);

/* Compiles `nir` (consumed: it is lowered in place).  Returns NULL and an
 * error message (ralloc'ed on mem_ctx) if the shader cannot be compiled;
 * never aborts.  The binary is ralloc'ed on mem_ctx. */
struct jade_shader_binary *jade_compile(void *mem_ctx, struct nir_shader *nir,
                                        const struct jade_compiler_options *options,
                                        char **error);

/* "SM75 CS shader: 12 inst, 0 loops, 40 cycles, 0:0 spills:fills, 8 gprs,
 * 192 bytes": the shader-db line. */
void jade_shader_stats_format(const struct jade_shader_binary *bin, char *buf,
                              size_t size);

#ifdef __cplusplus
}
#endif

#endif /* JADE_COMPILER_H */
