/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Bind-time linkage of a VS/FS pair (jade_link.c): a VS that writes
 * generic vectors the FS does not read, an FS that reads one the VS does
 * not write.  Checked: the headers (through the generated unpacker) and
 * the patched code (disassembled at the patch sites).  The patched
 * binaries go to argv[1] for check_compile_only.py to compare with
 * nvdisasm.
 */

#include <stdio.h>
#include <string.h>

#include "jade/jade_compiler.h"
#include "jade_isa.h"
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

static struct jade_shader_binary *
compile(void *mem, nir_builder *b)
{
   ralloc_steal(mem, b->shader);
   char *error = NULL;
   struct jade_shader_binary *bin = jade_compile(mem, b->shader, NULL, &error);
   if (!bin)
      printf("  compile: %s\n", error);
   return bin;
}

/* The text of the instruction at byte `offset`. */
static void
text_at(const uint64_t *code, unsigned offset, char *buf, size_t size)
{
   struct jade_isa_instr instr;
   if (jade_isa_decode(&code[offset / 8], &instr) == 0)
      jade_isa_print(&instr, offset, buf, size);
   else
      snprintf(buf, size, "<unknown>");
}

static void
write_binary(const char *dir, const char *name, const uint64_t *code, size_t size)
{
   if (!dir)
      return;
   char path[4096];
   snprintf(path, sizeof(path), "%s/%s.bin", dir, name);
   FILE *f = fopen(path, "wb");
   if (f) {
      fwrite(code, 1, size, f);
      fclose(f);
   }
}

int
main(int argc, char **argv)
{
   glsl_type_singleton_init_or_ref();
   void *mem = ralloc_context(NULL);

   /* VS: position, generic 1 .xy, generic 2 .x, generic 4 .xyzw. */
   nir_builder vb = nir_builder_init_simple_shader(MESA_SHADER_VERTEX, jade_nir_options(), "vs");
   nir_variable *in = var(vb.shader, nir_var_shader_in, glsl_vec4_type(), VERT_ATTRIB_GENERIC0, 0,
                          INTERP_MODE_NONE);
   nir_variable *pos = var(vb.shader, nir_var_shader_out, glsl_vec4_type(), VARYING_SLOT_POS, 0,
                           INTERP_MODE_NONE);
   nir_variable *g1 = var(vb.shader, nir_var_shader_out, glsl_vec_type(2), VARYING_SLOT_VAR1, 1,
                          INTERP_MODE_NONE);
   nir_variable *g2 = var(vb.shader, nir_var_shader_out, glsl_float_type(), VARYING_SLOT_VAR2, 2,
                          INTERP_MODE_NONE);
   nir_variable *g4 = var(vb.shader, nir_var_shader_out, glsl_vec4_type(), VARYING_SLOT_VAR4, 3,
                          INTERP_MODE_NONE);
   nir_def *p = nir_load_var(&vb, in);
   nir_store_var(&vb, pos, p, 0xf);
   nir_store_var(&vb, g1, nir_channels(&vb, p, 0x3), 0x3);
   nir_store_var(&vb, g2, nir_fmul_imm(&vb, nir_channel(&vb, p, 2), 3.0), 0x1);
   nir_store_var(&vb, g4, nir_fadd_imm(&vb, p, 1.0), 0xf);
   struct jade_shader_binary *vs = compile(mem, &vb);

   /* FS: generic 1 .x (smooth), generic 3 .y (not written), generic 4 .z
    * (flat). */
   nir_builder fb = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, jade_nir_options(), "fs");
   nir_variable *f1 = var(fb.shader, nir_var_shader_in, glsl_vec_type(2), VARYING_SLOT_VAR1, 0,
                          INTERP_MODE_SMOOTH);
   nir_variable *f3 = var(fb.shader, nir_var_shader_in, glsl_vec_type(2), VARYING_SLOT_VAR3, 1,
                          INTERP_MODE_SMOOTH);
   nir_variable *f4 = var(fb.shader, nir_var_shader_in, glsl_vec4_type(), VARYING_SLOT_VAR4, 2,
                          INTERP_MODE_FLAT);
   nir_variable *color = var(fb.shader, nir_var_shader_out, glsl_vec4_type(), FRAG_RESULT_DATA0,
                             0, INTERP_MODE_NONE);
   nir_def *a = nir_channel(&fb, nir_load_var(&fb, f1), 0);
   nir_def *c = nir_channel(&fb, nir_load_var(&fb, f3), 1);
   nir_def *d = nir_channel(&fb, nir_load_var(&fb, f4), 2);
   nir_store_var(&fb, color, nir_vec4(&fb, a, c, d, nir_fadd(&fb, a, c)), 0xf);
   struct jade_shader_binary *fs = compile(mem, &fb);
   expect(vs && fs, "both shaders compile");
   if (!vs || !fs)
      return 1;

   uint32_t vh[JADE_SPH_WORDS], fh[JADE_SPH_WORDS];
   uint64_t *vcode = ralloc_size(mem, vs->code_size), *fcode = ralloc_size(mem, fs->code_size);
   struct jade_link_stats st;
   jade_link(vs, fs, vh, fh, vcode, fcode, &st);
   expect(st.stores_removed == 1 && st.inputs_defaulted == 1,
          "one VS store removed (generic 2), one FS load defaulted (generic 3 .y)");

   struct jade_sph_vtg v;
   jade_sph_vtg_unpack(vh, &v);
   expect(v.omap_position_x && v.omap_position_w, "VS Omap keeps position");
   expect(v.generic_omap_x[1] && v.generic_omap_y[1] && !v.generic_omap_x[2] &&
          v.generic_omap_x[4] && v.generic_omap_w[4],
          "VS Omap: generic 1 .xy and 4 .xyzw (stores kept whole), not generic 2");
   struct jade_sph_ps f;
   jade_sph_ps_unpack(fh, &f);
   expect(f.generic_imap_x[1] == 2 && f.generic_imap_y[3] == 0 && f.generic_imap_z[4] == 1,
          "FS Imap: generic 1 .x perspective, 3 .y left out, 4 .z constant");

   /* The code at the patch sites. */
   bool nop = false, mov = false, others_same = true;
   for (unsigned k = 0; k < vs->patch_count; k++) {
      char t[160];
      text_at(vcode, vs->patches[k].offset, t, sizeof(t));
      if (vs->patches[k].word == 0xa0 / 4)
         nop = !strncmp(t, "NOP", 3);
      else
         others_same = others_same && !memcmp(&vcode[vs->patches[k].offset / 8],
                                               &vs->code[vs->patches[k].offset / 8], 16);
   }
   for (unsigned k = 0; k < fs->patch_count; k++) {
      char t[160];
      text_at(fcode, fs->patches[k].offset, t, sizeof(t));
      if (fs->patches[k].word == 0xb4 / 4)
         mov = !strncmp(t, "MOV", 3) && strstr(t, "0x0");
      printf("     fs site 0x%x (a[0x%x]): %s\n", fs->patches[k].offset, 4 * fs->patches[k].word, t);
   }
   expect(nop, "the AST of generic 2 is a NOP");
   expect(mov, "the IPA of generic 3 .y is MOV dst, 0x0");
   expect(others_same, "the other VS sites are unchanged");
   unsigned changed = 0;
   for (size_t i = 0; i < vs->code_size / 8; i++)
      changed += vcode[i] != vs->code[i];
   for (size_t i = 0; i < fs->code_size / 8; i++)
      changed += fcode[i] != fs->code[i];
   expect(changed <= 4, "only the patch sites' words changed");

   const char *dir = argc > 1 ? argv[1] : NULL;
   write_binary(dir, "linked-vs", vcode, vs->code_size);
   write_binary(dir, "linked-fs", fcode, fs->code_size);
   ralloc_free(mem);
   glsl_type_singleton_decref();
   printf("%u failed\n", failures);
   return failures ? 1 : 0;
}
