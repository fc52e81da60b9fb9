/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The Shader Program Header fields a compiled shader determines by itself
 * (its type, local memory, what it reads and writes), from its binary's
 * I/O signature.  The bind-time linker starts from these and adds what
 * depends on the other stage and the GL state (docs/linkage.md).
 *
 * Attribute word w (byte address 4 w) maps to the header as NVIDIA's SPH
 * lays it out (src/jade/genxml/sph.xml): a VTG header has one input bit
 * per word at bit 160 + w and one output bit at 400 + w; a PS header has
 * one bit per word for the system values (words 0..31), clip distances,
 * point sprite, fog and ids, and two bits (the interpolation) per word for
 * the generic vectors (words 32..159), colours (160..167) and texture
 * coordinates (192..231).
 */

#include <string.h>

#include "compiler/shader_enums.h"
#include "util/macros.h"

#include "jade/jade_link.h"
#include "jade_compiler_private.h"
#include "jade_sph.h"

static void
set_bits(uint32_t *dw, unsigned bit, unsigned width, uint32_t v)
{
   for (unsigned k = 0; k < width; k++, bit++, v >>= 1)
      if (v & 1)
         dw[bit / 32] |= 1u << (bit % 32);
}

static bool
word_set(const uint32_t *words, unsigned w)
{
   return words[w / 32] >> (w % 32) & 1;
}

/* The common words: type, version 4 (Turing's layout), SASS version 1,
 * local memory (16-byte aligned), the memory accesses.  DOES_GLOBAL_STORE
 * for any global or surface write, as NAK (sph.rs set_does_global_store
 * from writes_global_mem) and nvc0 (nvc0_program.c, hdr[0] bit 16) set
 * it: a header without it tells the hardware the program stores
 * nothing.  Bit 26 (DOES_LOAD_OR_STORE in SPH version 3; reserved in
 * NVIDIA's version 4 header, clc797sph.h) for any memory access, as NAK
 * sets it on SM75 too. */
static void
common(uint32_t *dw, unsigned sph_type, unsigned shader_type, const struct jade_shader_binary *bin)
{
   memset(dw, 0, JADE_SPH_WORDS * sizeof(uint32_t));
   set_bits(dw, 0, 5, sph_type);
   set_bits(dw, 5, 5, 4);
   set_bits(dw, 10, 4, shader_type);
   set_bits(dw, 17, 4, 1);
   unsigned local = (bin->local_size + 15) & ~15u;
   set_bits(dw, 32, 24, local);
   if (bin->writes_global)
      set_bits(dw, 16, 1, 1); /* DOES_GLOBAL_STORE */
   if (local || bin->accesses_global)
      set_bits(dw, 26, 1, 1); /* DOES_LOAD_OR_STORE */
}

/* The geometry shader's fields, through the generated packer. */
static void
geometry(uint32_t *dw, const struct jade_shader_binary *gs)
{
   struct jade_sph_vtg h;
   memset(&h, 0, sizeof(h));
   h.threads_per_input_primitive = MAX2(gs->gs.invocations, 1);
   h.max_output_vertex_count = gs->gs.vertices_out;
   h.stream_out_mask = gs->gs.stream_mask;
   h.output_topology = gs->gs.output_primitive == MESA_PRIM_POINTS
                          ? JADE_SPH_VTG_OUTPUT_TOPOLOGY_POINTLIST
                       : gs->gs.output_primitive == MESA_PRIM_LINE_STRIP
                          ? JADE_SPH_VTG_OUTPUT_TOPOLOGY_LINESTRIP
                          : JADE_SPH_VTG_OUTPUT_TOPOLOGY_TRIANGLESTRIP;
   uint32_t bits[JADE_SPH_WORDS];
   jade_sph_vtg_pack(bits, &h);
   for (unsigned i = 0; i < JADE_SPH_WORDS; i++)
      dw[i] |= bits[i];
}

void
jade_sph_vertex(const struct jade_shader_binary *vs, uint32_t dw[JADE_SPH_WORDS])
{
   const bool gs = vs->stage == MESA_SHADER_GEOMETRY;
   common(dw, JADE_SPH_VTG_SPH_TYPE_TYPE_01_VTG,
          gs ? JADE_SPH_VTG_SHADER_TYPE_GEOMETRY : JADE_SPH_VTG_SHADER_TYPE_VERTEX, vs);
   if (gs)
      geometry(dw, vs);
   /* No output is read back: no store requests (start past end). */
   set_bits(dw, 140, 8, 0xff);
   for (unsigned w = 0; w < 240 && w < JADE_ATTR_WORDS; w++) {
      if (word_set(vs->io.inputs, w))
         set_bits(dw, 160 + w, 1, 1);
      if (word_set(vs->io.outputs, w))
         set_bits(dw, 400 + w, 1, 1);
   }
}

/* Where PS input word w goes: its first bit and width (0: not in the
 * header). */
static unsigned
ps_input_bit(unsigned w, unsigned *width)
{
   *width = 1;
   if (w < 32)
      return 160 + w; /* system values, position */
   if (w < 160) {
      *width = 2;
      return 192 + 2 * (w - 32); /* generic vectors 0..31 */
   }
   if (w >= 160 && w < 168) {
      *width = 2;
      return 448 + 2 * (w - 160); /* colours */
   }
   if (w >= 176 && w < 192)
      return 464 + (w - 176); /* clip distances, sprite, fog, ids */
   if (w >= 192 && w < 232) {
      *width = 2;
      return 480 + 2 * (w - 192); /* texture coordinates */
   }
   *width = 0;
   return 0;
}

void
jade_sph_fragment(const struct jade_shader_binary *fs, uint32_t dw[JADE_SPH_WORDS])
{
   common(dw, JADE_SPH_PS_SPH_TYPE_TYPE_02_PS, JADE_SPH_PS_SHADER_TYPE_PIXEL, fs);
   /* Render targets as separate outputs, unless the shader writes
    * gl_FragColor: then MRT off sends output 0 to every enabled target. */
   if (!fs->io.color_broadcast)
      set_bits(dw, 14, 1, 1);
   if (fs->io.uses_discard)
      set_bits(dw, 15, 1, 1);
   /* The position's w in every PS header, read or not: without it the
    * hardware traps (NAK nak/from_nir.rs, "the hardware traps";
    * nvc0_program.c hdr[5] = 0x80000000). */
   set_bits(dw, 191, 1, 1);
   /* PS interpolation codes: 1 constant, 2 perspective, 3 screen linear. */
   static const uint8_t code[] = {
      [JADE_INTERP_NONE] = 0,
      [JADE_INTERP_PERSPECTIVE] = 2,
      [JADE_INTERP_LINEAR] = 3,
      [JADE_INTERP_FLAT] = 1,
   };
   for (unsigned w = 0; w < JADE_ATTR_WORDS; w++) {
      if (!word_set(fs->io.inputs, w))
         continue;
      unsigned width, bit = ps_input_bit(w, &width);
      if (width == 1)
         set_bits(dw, bit, 1, 1);
      else if (width == 2)
         set_bits(dw, bit, 2, code[fs->io.interp[w]] ? code[fs->io.interp[w]] : 2);
   }
   /* Outputs: four bits a render target (bit 576 + 4 t + c), depth. */
   for (unsigned k = 0; k < 32; k++)
      if (fs->io.color_written >> k & 1)
         set_bits(dw, 576 + k, 1, 1);
   if (fs->io.sample_mask_written)
      set_bits(dw, 608, 1, 1);
   if (fs->io.depth_written)
      set_bits(dw, 609, 1, 1);
}
