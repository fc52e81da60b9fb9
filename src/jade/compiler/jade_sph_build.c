/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The Shader Program Header fields a compiled shader determines by itself
 * (its type, local memory, what it reads and writes), from its binary's
 * I/O signature.  The bind-time linker starts from these and adds what
 * depends on the other stage and the GL state (docs/linkage.md).
 *
 * Everything goes through the generated packer (jade_sph.h, sph.xml) and
 * the header's attribute maps by word (jade_sph_attr.h): no bit position
 * is written here.
 */

#include <string.h>

#include "compiler/shader_enums.h"
#include "util/macros.h"

#include "jade/jade_link.h"
#include "jade_compiler_private.h"
#include "jade_sph.h"
#include "jade_sph_attr.h"

/* The common words: type, version 4 (Turing's layout), SASS version 1,
 * local memory (16-byte aligned), the memory accesses.  DOES_GLOBAL_STORE
 * for any global or surface write, as NAK (sph.rs set_does_global_store
 * from writes_global_mem) and nvc0 (nvc0_program.c, hdr[0] bit 16) set
 * it: a header without it tells the hardware the program stores
 * nothing.  DOES_LOAD_OR_STORE (SPH version 3's; NVIDIA's version 4
 * header, clc797sph.h, reserves the bit and sph.xml takes it from
 * cla097sph.h) for any memory access, as NAK sets it on SM75 too.  A
 * macro: both header types have these fields. */
#define COMMON_FIELDS(h, type, shader, bin)                                                        \
   do {                                                                                            \
      (h)->sph_type = (type);                                                                      \
      (h)->version = 4;                                                                            \
      (h)->shader_type = (shader);                                                                 \
      (h)->sass_version = 1;                                                                       \
      (h)->shader_local_memory_low_size = local_size(bin);                                         \
      (h)->does_global_store = (bin)->writes_global;                                               \
      (h)->does_load_or_store = local_size(bin) || (bin)->accesses_global;                         \
   } while (0)

static unsigned
local_size(const struct jade_shader_binary *bin)
{
   return (bin->local_size + 15) & ~15u;
}

/* The geometry shader's fields. */
static void
geometry(struct jade_sph_vtg *h, const struct jade_shader_binary *gs)
{
   h->threads_per_input_primitive = MAX2(gs->gs.invocations, 1);
   h->max_output_vertex_count = gs->gs.vertices_out;
   h->stream_out_mask = gs->gs.stream_mask;
   h->output_topology = gs->gs.output_primitive == MESA_PRIM_POINTS
                           ? JADE_SPH_VTG_OUTPUT_TOPOLOGY_POINTLIST
                        : gs->gs.output_primitive == MESA_PRIM_LINE_STRIP
                           ? JADE_SPH_VTG_OUTPUT_TOPOLOGY_LINESTRIP
                           : JADE_SPH_VTG_OUTPUT_TOPOLOGY_TRIANGLESTRIP;
}

/* The tessellation stages' fields (NAK's sph.rs and from_nir.rs,
 * nvc0_program.c's nvc0_tcp_gen_header / nvc0_tep_gen_header). */
static void
tessellation(struct jade_sph_vtg *h, const struct jade_shader_binary *ts)
{
   /* Store requests: the per-vertex output words the program stores
    * (NAK's mark_store_req on every AST, in words, the end inclusive);
    * for a TCS they cover the outputs its invocations read back (ALD.O),
    * the range nvc0 gives as "parallel output read address". */
   for (unsigned w = 0; w < JADE_ATTR_WORDS; w++) {
      if (!jade_io_word(ts->io.outputs, w))
         continue;
      h->store_req_start = MIN2(h->store_req_start, w);
      h->store_req_end = MAX2(h->store_req_end, w);
   }
   if (ts->stage == MESA_SHADER_TESS_CTRL) {
      /* The count in words, and again in the two nibbles NAK's
       * set_per_patch_attribute_count ("This is Kepler+") and nvc0 for
       * GM107+ write (sph.xml per_patch_attribute_count_low/_high). */
      h->per_patch_attribute_count = ts->tess.patch_words;
      h->per_patch_attribute_count_low = ts->tess.patch_words & 0xf;
      h->per_patch_attribute_count_high = ts->tess.patch_words >> 4;
      h->threads_per_input_primitive = ts->tess.vertices_out;
   } else {
      /* The domain point is an output of the TES's, in the omap whether
       * read or not (NAK's from_nir.rs: "the hardware requires it be in
       * the SPH"; nvc0 sets hdr[18] bits 12 and 13 in every TES header). */
      h->omap_tessellation_evaluation_point_u = 1;
      h->omap_tessellation_evaluation_point_v = 1;
   }
}

void
jade_sph_vertex(const struct jade_shader_binary *vs, uint32_t dw[JADE_SPH_WORDS])
{
   const bool gs = vs->stage == MESA_SHADER_GEOMETRY;
   const bool tess = vs->stage == MESA_SHADER_TESS_CTRL || vs->stage == MESA_SHADER_TESS_EVAL;
   struct jade_sph_vtg h;
   memset(&h, 0, sizeof(h));
   COMMON_FIELDS(&h, JADE_SPH_VTG_SPH_TYPE_TYPE_01_VTG,
                 gs                                   ? JADE_SPH_VTG_SHADER_TYPE_GEOMETRY
                 : vs->stage == MESA_SHADER_TESS_CTRL ? JADE_SPH_VTG_SHADER_TYPE_TESSELLATION_INIT
                 : vs->stage == MESA_SHADER_TESS_EVAL ? JADE_SPH_VTG_SHADER_TYPE_TESSELLATION
                                                      : JADE_SPH_VTG_SHADER_TYPE_VERTEX,
                 vs);
   if (gs)
      geometry(&h, vs);
   /* No output is read back: no store requests (start past end). */
   h.store_req_start = 0xff;
   if (tess)
      tessellation(&h, vs);
   for (unsigned w = 0; w < JADE_ATTR_WORDS; w++) {
      uint32_t *in = jade_sph_vtg_imap(&h, w), *out = jade_sph_vtg_omap(&h, w);
      if (in && jade_io_word(vs->io.inputs, w))
         *in = 1;
      if (out && jade_io_word(vs->io.outputs, w))
         *out = 1;
   }
   jade_sph_vtg_pack(dw, &h);
}

void
jade_sph_fragment(const struct jade_shader_binary *fs, uint32_t dw[JADE_SPH_WORDS])
{
   struct jade_sph_ps h;
   memset(&h, 0, sizeof(h));
   COMMON_FIELDS(&h, JADE_SPH_PS_SPH_TYPE_TYPE_02_PS, JADE_SPH_PS_SHADER_TYPE_PIXEL, fs);
   /* Render targets as separate outputs, unless the shader writes
    * gl_FragColor: then MRT off sends output 0 to every enabled target. */
   h.mrt_enable = !fs->io.color_broadcast;
   h.kills_pixels = fs->io.uses_discard;
   /* The position's w in every PS header, read or not: without it the
    * hardware traps (NAK nak/from_nir.rs, "the hardware traps";
    * nvc0_program.c hdr[5] = 0x80000000). */
   h.imap_position_w = 1;
   static const uint8_t code[] = {
      [JADE_INTERP_NONE] = JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_PERSPECTIVE,
      [JADE_INTERP_PERSPECTIVE] = JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_PERSPECTIVE,
      [JADE_INTERP_LINEAR] = JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_SCREEN_LINEAR,
      [JADE_INTERP_FLAT] = JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_CONSTANT,
   };
   for (unsigned w = 0; w < JADE_ATTR_WORDS; w++) {
      uint32_t *in = jade_sph_ps_imap(&h, w);
      if (in && jade_io_word(fs->io.inputs, w))
         *in = jade_sph_ps_imap_interpolated(w) ? code[fs->io.interp[w]] : 1;
   }
   /* Outputs: four bits a render target (red, green, blue, alpha), depth. */
   for (unsigned t = 0; t < 8; t++) {
      const unsigned rgba = fs->io.color_written >> (4 * t);
      h.omap_red[t] = rgba & 1;
      h.omap_green[t] = rgba >> 1 & 1;
      h.omap_blue[t] = rgba >> 2 & 1;
      h.omap_alpha[t] = rgba >> 3 & 1;
   }
   h.omap_sample_mask = fs->io.sample_mask_written;
   h.omap_depth = fs->io.depth_written;
   jade_sph_ps_pack(dw, &h);
}
