/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The I/O signature the compiler records for the driver's SPH and
 * linkage (issue 6): a vertex and a fragment shader built in NIR with GL
 * variables, compiled, and their signatures checked word by word; then
 * the Shader Program Header each determines (jade_sph_build.c), checked
 * field by field through the generated unpacker.
 */

#include <stdio.h>
#include <string.h>

#include "jade/jade_compiler.h"
#include "jade/jade_link.h"
#include "jade_sph.h"
#include "nir.h"
#include "nir_builder.h"
#include "util/ralloc.h"

static unsigned failures;

static void
expect(bool ok, const char *what)
{
   printf("%s %s\n", ok ? "ok  " : "FAIL", what);
   failures += !ok;
}

static bool
word(const uint32_t *words, unsigned addr)
{
   return words[addr / 4 / 32] >> (addr / 4 % 32) & 1;
}

static unsigned
count(const uint32_t *words)
{
   unsigned n = 0;
   for (unsigned i = 0; i < JADE_ATTR_WORDS / 32; i++)
      n += __builtin_popcount(words[i]);
   return n;
}

static nir_variable *
var(nir_shader *s, nir_variable_mode mode, const struct glsl_type *type, int location,
    unsigned driver_location, enum glsl_interp_mode interp)
{
   nir_variable *v = nir_variable_create(s, mode, type, "v");
   v->data.location = location;
   v->data.driver_location = driver_location;
   v->data.interpolation = interp;
   return v;
}

static void
check_vertex(void *mem)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX, jade_nir_options(), "vs");
   nir_variable *in =
      var(b.shader, nir_var_shader_in, glsl_vec4_type(), VERT_ATTRIB_GENERIC0, 0, INTERP_MODE_NONE);
   nir_variable *pos =
      var(b.shader, nir_var_shader_out, glsl_vec4_type(), VARYING_SLOT_POS, 0, INTERP_MODE_NONE);
   nir_variable *tc =
      var(b.shader, nir_var_shader_out, glsl_vec_type(2), VARYING_SLOT_VAR1, 1, INTERP_MODE_NONE);
   nir_def *p = nir_load_var(&b, in);
   nir_store_var(&b, pos, p, 0xf);
   nir_store_var(&b, tc, nir_channels(&b, p, 0x3), 0x3);
   ralloc_steal(mem, b.shader);
   char *error;
   struct jade_shader_binary *bin = jade_compile(mem, b.shader, NULL, &error);
   expect(bin != NULL, "vertex shader compiles");
   if (!bin)
      return;
   expect(word(bin->io.inputs, 0x80) && word(bin->io.inputs, 0x8c) && count(bin->io.inputs) == 4,
          "VS reads the 4 words of vertex attribute 0 (a[0x80..0x8c]) and nothing else");
   expect(word(bin->io.outputs, 0x70) && word(bin->io.outputs, 0x7c),
          "VS writes position (a[0x70..0x7c])");
   expect(word(bin->io.outputs, 0x90) && word(bin->io.outputs, 0x94) &&
             !word(bin->io.outputs, 0x98) && count(bin->io.outputs) == 6,
          "VS writes generic 1 .xy (a[0x90], a[0x94]) and nothing else");

   uint32_t dw[JADE_SPH_WORDS];
   struct jade_sph_vtg h;
   jade_sph_vertex(bin, dw);
   jade_sph_vtg_unpack(dw, &h);
   expect(h.sph_type == JADE_SPH_VTG_SPH_TYPE_TYPE_01_VTG && h.version == 4 &&
             h.shader_type == JADE_SPH_VTG_SHADER_TYPE_VERTEX && h.sass_version == 1,
          "VS header: VTG, version 4, vertex, SASS version 1");
   expect(h.generic_imap_x[0] && h.generic_imap_y[0] && h.generic_imap_z[0] &&
             h.generic_imap_w[0] && !h.generic_imap_x[1] && !h.imap_position_x,
          "VS header Imap: generic 0 .xyzw only");
   expect(h.omap_position_x && h.omap_position_w && h.generic_omap_x[1] && h.generic_omap_y[1] &&
             !h.generic_omap_z[1] && !h.generic_omap_x[0],
          "VS header Omap: position and generic 1 .xy");
   expect(h.store_req_start == 0xff && h.store_req_end == 0 && h.shader_local_memory_low_size == 0,
          "VS header: no store requests, no local memory");
}

static void
check_fragment(void *mem)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, jade_nir_options(), "fs");
   nir_variable *tc =
      var(b.shader, nir_var_shader_in, glsl_vec_type(2), VARYING_SLOT_VAR1, 0, INTERP_MODE_SMOOTH);
   nir_variable *k =
      var(b.shader, nir_var_shader_in, glsl_float_type(), VARYING_SLOT_VAR2, 1, INTERP_MODE_FLAT);
   nir_variable *lin = var(b.shader, nir_var_shader_in, glsl_float_type(), VARYING_SLOT_VAR3, 2,
                           INTERP_MODE_NOPERSPECTIVE);
   nir_variable *color =
      var(b.shader, nir_var_shader_out, glsl_vec4_type(), FRAG_RESULT_DATA0, 0, INTERP_MODE_NONE);
   nir_def *t = nir_load_var(&b, tc), *kv = nir_load_var(&b, k), *l = nir_load_var(&b, lin);
   nir_discard_if(&b, nir_flt_imm(&b, kv, 0.5f));
   nir_store_var(&b, color, nir_vec4(&b, nir_channel(&b, t, 0), nir_channel(&b, t, 1), kv, l), 0xf);
   ralloc_steal(mem, b.shader);
   char *error;
   struct jade_shader_binary *bin = jade_compile(mem, b.shader, NULL, &error);
   expect(bin != NULL, "fragment shader compiles");
   if (!bin) {
      printf("  %s\n", error);
      return;
   }
   expect(word(bin->io.inputs, 0x90) && word(bin->io.inputs, 0x94) &&
             bin->io.interp[0x90 / 4] == JADE_INTERP_PERSPECTIVE,
          "FS reads generic 1 .xy, perspective");
   expect(word(bin->io.inputs, 0xa0) && bin->io.interp[0xa0 / 4] == JADE_INTERP_FLAT,
          "FS reads generic 2 .x, flat");
   expect(word(bin->io.inputs, 0xb0) && bin->io.interp[0xb0 / 4] == JADE_INTERP_LINEAR,
          "FS reads generic 3 .x, linear");
   expect(word(bin->io.inputs, 0x7c), "FS reads position w (for 1/w)");
   expect(bin->io.color_written == 0xf && !bin->io.depth_written,
          "FS writes render target 0 .xyzw, no depth");
   expect(bin->io.uses_discard, "FS discards");

   uint32_t dw[JADE_SPH_WORDS];
   struct jade_sph_ps h;
   jade_sph_fragment(bin, dw);
   jade_sph_ps_unpack(dw, &h);
   expect(h.sph_type == JADE_SPH_PS_SPH_TYPE_TYPE_02_PS && h.version == 4 &&
             h.shader_type == JADE_SPH_PS_SHADER_TYPE_PIXEL && h.kills_pixels && h.mrt_enable,
          "FS header: PS, version 4, pixel, kills pixels, MRT");
   expect(h.generic_imap_x[1] == 2 && h.generic_imap_y[1] == 2 && h.generic_imap_z[1] == 0,
          "FS header Imap: generic 1 .xy perspective (2)");
   expect(h.generic_imap_x[2] == 1 && h.generic_imap_x[3] == 3,
          "FS header Imap: generic 2 .x constant (1), generic 3 .x screen-linear (3)");
   expect(h.imap_position_w && !h.imap_position_x, "FS header Imap: position w only");
   expect(h.omap_red[0] && h.omap_green[0] && h.omap_blue[0] && h.omap_alpha[0] && !h.omap_red[1] &&
             !h.omap_depth,
          "FS header Omap: target 0 RGBA, no depth");
}

int
main(void)
{
   glsl_type_singleton_init_or_ref();
   void *mem = ralloc_context(NULL);
   check_vertex(mem);
   check_fragment(mem);
   ralloc_free(mem);
   glsl_type_singleton_decref();
   printf("%u failed\n", failures);
   return failures ? 1 : 0;
}
