/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The attribute address space of Turing shaders (a[] of ALD, AST, IPA),
 * a hardware fact stated once for the compiler, the linker, the driver
 * and the GPU model.  Byte addresses; word w is address 4 w.  The order
 * is the one of the Shader Program Header's input and output maps
 * (NVIDIA's clc797sph.h: IMAP_PRIMITIVE_ID .. IMAP_BARYCENTRIC2_W, one
 * entry a word), the names those of Mesa's NAK (src/nouveau/compiler/
 * nak_private.h, enum nak_attr) and nvc0 (nvc0_program.c,
 * nvc0_shader_input_address / nvc0_shader_output_address).
 */

#ifndef JADE_ATTR_H
#define JADE_ATTR_H

#include <stdbool.h>

/* The patch space of a tessellation control program's per-patch outputs
 * and a tessellation program's per-patch inputs (ALD.P / AST.P): the
 * tessellation factors first, then the generic patch vectors (NAK's
 * NAK_ATTR_TESS_LOD_*, NAK_ATTR_TESS_INTERRIOR_*, NAK_ATTR_PATCH_START;
 * nvc0_program.c counts "at least the TessFactors", 6 words, and 8 + 4 n
 * with n patch vectors, the header's PER_PATCH_ATTRIBUTE_COUNT). */
#define JADE_ATTR_TESS_LOD_OUTER(n)   (0x000 + 4 * (n))  /* left, right, bottom, top: n < 4 */
#define JADE_ATTR_TESS_LOD_INNER(n)   (0x010 + 4 * (n))  /* interior u, v: n < 2 */
#define JADE_ATTR_PATCH_GENERIC(n)    (0x020 + 16 * (n)) /* vec4 n */
#define JADE_ATTR_PATCH_GENERIC_COUNT 30                 /* GL's 120 per-patch components */
#define JADE_ATTR_PATCH_WORDS         (JADE_ATTR_PATCH_GENERIC(JADE_ATTR_PATCH_GENERIC_COUNT) / 4)

/* The per-vertex space (the header's maps). */
#define JADE_ATTR_VPRS_TABLE_INDEX    0x05c
#define JADE_ATTR_PRIMITIVE_ID        0x060
#define JADE_ATTR_RT_ARRAY_INDEX      0x064 /* gl_Layer */
#define JADE_ATTR_VIEWPORT_INDEX      0x068
#define JADE_ATTR_POINT_SIZE          0x06c
#define JADE_ATTR_POSITION            0x070              /* x, y, z, w */
#define JADE_ATTR_POSITION_W          0x07c              /* a fragment shader reads 1/w here */
#define JADE_ATTR_GENERIC(n)          (0x080 + 16 * (n)) /* vec4 n, n < 32 */
#define JADE_ATTR_GENERIC_COUNT       32
#define JADE_ATTR_COLOR_FRONT         0x280             /* diffuse, then specular at 0x290 */
#define JADE_ATTR_COLOR_BACK          0x2a0             /* diffuse, then specular at 0x2b0 */
#define JADE_ATTR_CLIP_DISTANCE(n)    (0x2c0 + 4 * (n)) /* n < 8 */
#define JADE_ATTR_CLIP_DISTANCE_COUNT 8
#define JADE_ATTR_POINT_SPRITE_S      0x2e0 /* the point coordinate */
#define JADE_ATTR_POINT_SPRITE_T      0x2e4
#define JADE_ATTR_FOG_COORD           0x2e8
#define JADE_ATTR_TESS_COORD_U        0x2f0
#define JADE_ATTR_TESS_COORD_V        0x2f4
#define JADE_ATTR_INSTANCE_ID         0x2f8
#define JADE_ATTR_VERTEX_ID           0x2fc
/* Ten texture coordinates (the header's TEX_IMAP_S(i) arrays run from
 * bit 352 to IMAP_VIEWPORT_MASK at 392, four bits each; nvc0 places the
 * viewport mask at 0x3a0): words 192..231. */
#define JADE_ATTR_TEX_COORD(n)    (0x300 + 16 * (n)) /* vec4 n, n < 10 */
#define JADE_ATTR_TEX_COORD_COUNT 10
#define JADE_ATTR_VIEWPORT_MASK   0x3a0
#define JADE_ATTR_BARYCENTRIC     0x3a8 /* six words to 0x3bc (NAK_ATTR_BARY_COORD_*) */
#define JADE_ATTR_FRONT_FACE      0x3fc /* read flat: non-zero for a front face */

/* The words the header's maps name: 0 .. 239 (a[0x000] .. a[0x3bc]). */
#define JADE_ATTR_MAP_WORDS 240

#define JADE_ATTR_WORD(addr) ((addr) / 4)

/* Which part of the address space word w is in. */
static inline bool
jade_attr_in(unsigned w, unsigned addr, unsigned bytes)
{
   return w >= addr / 4 && w < (addr + bytes) / 4;
}

static inline bool
jade_attr_is_generic(unsigned w)
{
   return jade_attr_in(w, JADE_ATTR_GENERIC(0), 16 * JADE_ATTR_GENERIC_COUNT);
}

static inline bool
jade_attr_is_front_color(unsigned w)
{
   return jade_attr_in(w, JADE_ATTR_COLOR_FRONT, 32);
}

static inline bool
jade_attr_is_back_color(unsigned w)
{
   return jade_attr_in(w, JADE_ATTR_COLOR_BACK, 32);
}

/* Front or back. */
static inline bool
jade_attr_is_color(unsigned w)
{
   return jade_attr_is_front_color(w) || jade_attr_is_back_color(w);
}

static inline bool
jade_attr_is_clip_distance(unsigned w)
{
   return jade_attr_in(w, JADE_ATTR_CLIP_DISTANCE(0), 4 * JADE_ATTR_CLIP_DISTANCE_COUNT);
}

static inline bool
jade_attr_is_tex_coord(unsigned w)
{
   return jade_attr_in(w, JADE_ATTR_TEX_COORD(0), 16 * JADE_ATTR_TEX_COORD_COUNT);
}

/* The system values before the generic vectors (primitive id, layer,
 * viewport, point size, position, ...). */
static inline bool
jade_attr_is_system_value(unsigned w)
{
   return w < JADE_ATTR_WORD(JADE_ATTR_GENERIC(0));
}

#endif /* JADE_ATTR_H */
