/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Bind-time linkage (docs/linkage.md): the Shader Program Headers of
 * compiled binaries, and a VS/FS pair linked for each other and the
 * non-orthogonal state by patching their code and headers; nothing is
 * compiled here.
 */

#ifndef JADE_LINK_H
#define JADE_LINK_H

#include <stdbool.h>
#include <stdint.h>

#include "jade/jade_compiler.h"

#ifdef __cplusplus
extern "C" {
#endif

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
   unsigned stores_removed;   /* VS output stores nothing downstream needs */
   unsigned inputs_defaulted; /* FS input loads the VS does not feed */
   unsigned inputs_constant;  /* FS input loads of VS constants, now immediates */
   unsigned inputs_flat;      /* FS colour loads made flat (flat shading) */
   unsigned inputs_persample; /* FS loads moved to the sample (sample shading) */
   unsigned colors_clamped;   /* VS colour components saturated */
   unsigned patches;          /* instructions rewritten, all kinds */
};

/* Links a vertex and a fragment shader under `key`: their headers
 * (vs_sph, fs_sph) and their code patched for each other and the NOS into
 * vs_code / fs_code (copies of the binaries' code, code_size bytes each,
 * patched in place).  Nothing is compiled. */
void jade_link(const struct jade_link_key *key, const struct jade_shader_binary *vs,
               const struct jade_shader_binary *fs, uint32_t vs_sph[32], uint32_t fs_sph[32],
               uint64_t *vs_code, uint64_t *fs_code, struct jade_link_stats *stats);

/* Which link inputs can change what `site` becomes (enum jade_patch_dep),
 * from the linker's own rules: emission records it with the site, so a
 * cache can tell which keys share a patched binary.  `io` is the
 * shader's signature; `centre` says whether an input load interpolates
 * at the pixel centre (what forced sample shading moves). */
uint8_t jade_link_site_depends(const struct jade_io_signature *io,
                               const struct jade_patch_site *site, bool centre);

#ifdef __cplusplus
}
#endif

#endif /* JADE_LINK_H */
