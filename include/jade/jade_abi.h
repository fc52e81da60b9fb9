/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * What a compiled binary and the driver agree on: the attribute words a
 * shader reads and writes (its I/O signature), the places in its code the
 * bind-time linker may rewrite (patch sites), and the layout of the
 * driver's constant bank the code reads.
 */

#ifndef JADE_ABI_H
#define JADE_ABI_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a compiled shader reads and writes, for the Shader Program Header
 * and the linkage the driver builds at bind time (issue 6).  Attribute
 * words are addressed as in a[]: word = byte address / 4 (0x70 is
 * position x, 0x80 + 16 n generic vector n, ...). */
#define JADE_ATTR_WORDS 256
/* The patch space of ALD.P / AST.P (tessellation): the factors at words
 * 0..5, patch vector n at words 8 + 4 n, 30 of them (jade_attr.h,
 * JADE_ATTR_PATCH_WORDS). */
#define JADE_PATCH_WORDS 128

/* Whether word w is in a set of attribute words (inputs, outputs, ...). */
static inline bool
jade_io_word(const uint32_t *words, unsigned w)
{
   return w < JADE_ATTR_WORDS && (words[w / 32] >> (w % 32) & 1);
}

enum jade_interp {
   JADE_INTERP_NONE, /* not read */
   JADE_INTERP_PERSPECTIVE,
   JADE_INTERP_LINEAR, /* noperspective */
   JADE_INTERP_FLAT,
};

struct jade_io_signature {
   uint32_t inputs[JADE_ATTR_WORDS / 32];        /* attribute words read */
   uint32_t outputs[JADE_ATTR_WORDS / 32];       /* attribute words written (VTG) */
   uint32_t const_outputs[JADE_ATTR_WORDS / 32]; /* VS: words every store writes with
                                              * the same constant ... */
   uint32_t const_value[JADE_ATTR_WORDS];        /* ... this one (bits) */
   uint8_t interp[JADE_ATTR_WORDS];              /* FS: enum jade_interp per word */
   uint32_t centroid[JADE_ATTR_WORDS / 32];      /* FS: words interpolated at the centroid */
   uint32_t shade_model[JADE_ATTR_WORDS / 32];   /* FS: colour words whose interpolation
                                              * follows the shade model (GL's
                                              * flat shading: no qualifier) */
   uint32_t color_written;                       /* FS: bit 4 t + c: target t component c */
   bool color_broadcast;                         /* FS: gl_FragColor, written to every
                                              * bound colour buffer */
   bool depth_written;
   bool sample_mask_written; /* FS: gl_SampleMask */
   bool uses_sample_shading; /* FS: runs per sample by itself
                                              * (gl_SampleID, the sample
                                              * qualifier, ...) */
   bool uses_discard;
   bool uses_frag_coord;
   /* Tessellation: the patch space (a separate address space, words as
    * in JADE_PATCH_WORDS), which the per-vertex sets above leave out.
    * Patch words are never dropped at link time. */
   uint32_t patch_inputs[JADE_PATCH_WORDS / 32];  /* TES: patch words read */
   uint32_t patch_outputs[JADE_PATCH_WORDS / 32]; /* TCS: patch words written or
                                                   * read back */
   bool clip_from_planes;                         /* VS: the clip distances are its clip
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
   JADE_DEP_LINK = 1 << 0, /* what the other stage reads or writes */
   JADE_DEP_FLATSHADE = 1 << 1,
   JADE_DEP_TWOSIDE = 1 << 2,
   JADE_DEP_PERSAMPLE = 1 << 3,
   JADE_DEP_SPRITE = 1 << 4,
   JADE_DEP_CLIP_PLANES = 1 << 5,
   JADE_DEP_CLAMP_COLOR = 1 << 6,
};

struct jade_patch_site {
   uint32_t offset;     /* bytes from the start of the code */
   uint32_t mul_offset; /* INPUT_LOAD: the FMUL by w, or JADE_PATCH_NO_MUL */
   uint8_t kind;        /* enum jade_patch_kind */
   uint8_t count;       /* attribute words */
   uint16_t word;       /* the first attribute word (byte address / 4) */
   uint8_t depends;     /* enum jade_patch_dep: what can change the rewrite */
};

/* The driver's constant bank: what the compiled code reads for the driver
 * and the driver writes (docs/compiler.md, "Binding scheme").  Byte
 * offsets unless named _WORD. */
#define JADE_DRIVER_CBUF         15 /* graphics stages */
#define JADE_DRIVER_CBUF_COMPUTE 7  /* the QMD binds only c[0..7] */
#define JADE_DRIVER_CBUF_SIZE    0x540
#define JADE_TEX_HANDLE_WORD     8 /* texture unit u's handle (tic | tsc << 20): word 8 + u */
#define JADE_MAX_TEXTURE_UNITS   32
#define JADE_IMAGE_HANDLE_WORD   0x40 /* image unit i's handle (a TIC index): word 0x40 + i */
#define JADE_MAX_IMAGES          8
#define JADE_SSBO_INFO           0x2a0 /* SSBO i: 64-bit address, 32-bit size at 0x2a0 + 16 i */
#define JADE_MAX_SSBOS           16
#define JADE_UCP_ENABLE                                                                            \
   0x3f0                      /* the enabled user clip planes (clip_plane_enable):
                                      * a VS computing distances from the planes skips
                                      * them when 0 */
#define JADE_UCP_BASE   0x400 /* user clip plane i: vec4 at 0x400 + 16 i */
#define JADE_SAMPLE_POS 0x480 /* sample i's position in the pixel: vec2 at 0x480 + 8 i */
#define JADE_SAMPLE_MASKS                                                                          \
   0x500                        /* the samples the invocation of sample i shades:
                                      * word 0x500 + 4 i (all ones without sample shading) */
#define JADE_CS_GRID_SIZE 0x400 /* compute: gl_NumWorkGroups, uvec3 at 0x400 */
#define JADE_CS_UBO_INFO                                                                           \
   0x440 /* compute: UBO i's 64-bit address at 0x440 + 16 i
                                      * and its size in bytes at + 8 (every
                                      * UBO: those past c[0..6], and any
                                      * indexed dynamically, are read through it,
                                      * bounds-checked against that size) */

/* The attribute byte address of a varying slot (gl_varying_slot) in the
 * stages' shared layout (a[0x80 + 16 n] generic n, ...), -1 if none. */
int jade_varying_address(unsigned slot);

/* The patch-space byte address (ALD.P / AST.P) of a per-patch varying
 * slot: the tessellation factors (VARYING_SLOT_TESS_LEVEL_OUTER, _INNER)
 * and VARYING_SLOT_PATCH0 + n; -1 if none. */
int jade_patch_address(unsigned slot);

#ifdef __cplusplus
}
#endif

#endif /* JADE_ABI_H */
