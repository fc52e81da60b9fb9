/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Indexed attribute I/O of the vertex and geometry stages, built in NIR
 * with GL variables: a VS writing gl_TexCoord[i] and an indexed generic
 * output array and reading an indexed vertex attribute array, and a GS
 * reading gl_in[k].v[i] and writing an indexed output array.  A
 * non-constant per-vertex offset goes through AL2P and ALD.PHYS /
 * AST.PHYS a word at a time, as NAK does it in every stage (Mesa's
 * src/nouveau/compiler/nak_nir_lower_vtg_io.c: phys = !offset_is_const
 * && !is_patch; nak/sm70.rs OpAL2P, OpALd, OpASt): nvdisasm knows
 * a[Rn+addr] only with .P, the patch forms.  Checked: the instructions
 * (by regular expression over the printed code), the I/O signature (every
 * word an indexed access may touch), the link-time patch sites (an
 * indexed store is none), and a VS/FS link that must keep the indexed
 * stores and the words they write.  The binaries go to argv[1], where
 * check_compile_only.py compares them with nvdisasm.
 */

#include <regex.h>
#include <stdio.h>
#include <string.h>

#include "jade/jade_compiler.h"
#include "jade/jade_link.h"
#include "jade_attr.h"
#include "jade_isa.h"
#include "jade_sim.h"
#include "jade_sph.h"
#include "jade_sph_attr.h"
#include "nir.h"
#include "nir_builder.h"
#include "util/ralloc.h"

static unsigned failures;
static const char *out_dir;

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

/* Whether every word of [from, to) (byte addresses) is set. */
static bool
all_words(const uint32_t *words, unsigned from, unsigned to)
{
   for (unsigned a = from; a < to; a += 4)
      if (!word(words, a))
         return false;
   return true;
}

/* The code as text, one instruction a line (jade_isa_print). */
static char *
listing(void *mem, const uint64_t *code, size_t size)
{
   char *text = ralloc_strdup(mem, "");
   for (size_t i = 0; i < size / 16; i++) {
      struct jade_isa_instr instr;
      char buf[256] = "<unknown>";
      if (jade_isa_decode(&code[2 * i], &instr) == 0)
         jade_isa_print(&instr, 16 * i, buf, sizeof(buf));
      ralloc_asprintf_append(&text, "%s\n", buf);
   }
   return text;
}

/* Lines of `text` matching the extended regular expression `re`. */
static unsigned
matches(const char *text, const char *re)
{
   regex_t r;
   if (regcomp(&r, re, REG_EXTENDED | REG_NEWLINE | REG_NOSUB)) {
      printf("bad regular expression %s\n", re);
      failures++;
      return 0;
   }
   unsigned n = 0;
   for (const char *line = text; *line;) {
      const char *end = strchr(line, '\n');
      char buf[256];
      size_t len = end ? (size_t)(end - line) : strlen(line);
      snprintf(buf, sizeof(buf), "%.*s", (int)len, line);
      n += regexec(&r, buf, 0, NULL, 0) == 0;
      line += len + (end ? 1 : 0);
   }
   regfree(&r);
   return n;
}

static void
expect_code(const char *text, const char *re, const char *what)
{
   char buf[512];
   snprintf(buf, sizeof(buf), "%s (/%s/)", what, re);
   expect(matches(text, re) > 0, buf);
}

static void
expect_count(const char *text, const char *re, unsigned n, const char *what)
{
   char buf[512];
   unsigned got = matches(text, re);
   snprintf(buf, sizeof(buf), "%s (/%s/ %u times, got %u)", what, re, n, got);
   expect(got == n, buf);
}

static nir_variable *
var(nir_shader *s, nir_variable_mode mode, const struct glsl_type *type, int location,
    unsigned driver_location)
{
   nir_variable *v = nir_variable_create(s, mode, type, "v");
   v->data.location = location;
   v->data.driver_location = driver_location;
   return v;
}

static void
save(const uint64_t *code, size_t size, const char *name)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/%s.bin", out_dir, name);
   FILE *f = fopen(path, "wb");
   bool ok = f && fwrite(code, 1, size, f) == size;
   if (f)
      fclose(f);
   expect(ok, "binary written for nvdisasm");
}

static struct jade_shader_binary *
compile(void *mem, nir_builder *b, const char *name)
{
   ralloc_steal(mem, b->shader);
   char *error = NULL;
   struct jade_shader_binary *bin = jade_compile(mem, b->shader, NULL, &error);
   char what[128];
   snprintf(what, sizeof(what), "%s compiles", name);
   expect(bin != NULL, what);
   if (!bin) {
      printf("  %s\n", error);
      return NULL;
   }
   save(bin->code, bin->code_size, name);
   return bin;
}

/* Whether a link-time patch site lies on an instruction printed as
 * `prefix...`. */
static bool
site_on(const struct jade_shader_binary *bin, const uint64_t *code, const char *prefix)
{
   for (unsigned k = 0; k < bin->patch_count; k++) {
      struct jade_isa_instr instr;
      char buf[256] = "";
      if (jade_isa_decode(&code[bin->patches[k].offset / 8], &instr) == 0)
         jade_isa_print(&instr, bin->patches[k].offset, buf, sizeof(buf));
      if (strncmp(buf, prefix, strlen(prefix)) == 0)
         return true;
   }
   return false;
}

#define TEX0 0x300 /* JADE_ATTR_TEX_COORD(0) */
#define GEN0 0x80  /* JADE_ATTR_GENERIC(0) */

/* The VS: i from vertex attribute 0, gl_TexCoord[i] = attr[1 + (i & 1)]
 * (an indexed attribute array: generic vertex attributes 1 and 2),
 * v[i & 3] = the position (generic outputs 0..3), v[0].y = 2.0 before
 * it (a constant store the linker may fold or drop, overlapping the
 * indexed one). */
static struct jade_shader_binary *
make_vs(void *mem)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX, jade_nir_options(), "vs");
   nir_variable *in0 = var(b.shader, nir_var_shader_in, glsl_vec4_type(), VERT_ATTRIB_GENERIC0, 0);
   nir_variable *in_arr = var(b.shader, nir_var_shader_in, glsl_array_type(glsl_vec4_type(), 2, 0),
                              VERT_ATTRIB_GENERIC1, 1);
   nir_variable *pos = var(b.shader, nir_var_shader_out, glsl_vec4_type(), VARYING_SLOT_POS, 0);
   nir_variable *tc = var(b.shader, nir_var_shader_out, glsl_array_type(glsl_vec4_type(), 8, 0),
                          VARYING_SLOT_TEX0, 1);
   nir_variable *gen = var(b.shader, nir_var_shader_out, glsl_array_type(glsl_vec4_type(), 4, 0),
                           VARYING_SLOT_VAR0, 2);
   nir_def *p = nir_load_var(&b, in0);
   nir_def *i = nir_f2u32(&b, nir_channel(&b, p, 3));
   nir_store_var(&b, pos, p, 0xf);
   nir_def *a = nir_load_deref(
      &b, nir_build_deref_array(&b, nir_build_deref_var(&b, in_arr), nir_iand_imm(&b, i, 1)));
   nir_store_deref(&b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, gen), 0),
                   nir_vec4(&b, nir_channel(&b, p, 0), nir_imm_float(&b, 2.0),
                            nir_channel(&b, p, 2), nir_channel(&b, p, 1)),
                   0xf);
   nir_store_deref(&b, nir_build_deref_array(&b, nir_build_deref_var(&b, tc), i), a, 0xf);
   nir_store_deref(
      &b, nir_build_deref_array(&b, nir_build_deref_var(&b, gen), nir_iand_imm(&b, i, 3)), p, 0xf);
   return compile(mem, &b, "vs-indexed");
}

/* The VS on the model (a vertex launch, hazard checker fatal), 4
 * threads: thread t's attribute 0 is (t + 1, 2 t, 3 t, t), so i = t;
 * attribute 1 (a[0x90]) 10 + word, attribute 2 (a[0xa0]) 20 + word.
 * Expected: gl_TexCoord[t] = attribute 1 + (t & 1), the other texture
 * coordinates untouched (0); v[t] = the attribute; v[0] = (x, 2, z, y)
 * unless t is 0 (then the indexed store after it wins). */
static void
check_vs_exec(const struct jade_shader_binary *vs)
{
   enum { THREADS = 4 };
   static uint32_t in[THREADS * JADE_SIM_ATTR_WORDS], out[THREADS * JADE_SIM_ATTR_WORDS];
   memset(in, 0, sizeof(in));
   memset(out, 0, sizeof(out));
   for (unsigned t = 0; t < THREADS; t++) {
      float *a = (float *)&in[t * JADE_SIM_ATTR_WORDS];
      float p[4] = {t + 1.0f, 2.0f * t, 3.0f * t, (float)t};
      memcpy(&a[GEN0 / 4], p, sizeof(p));
      for (unsigned w = 0; w < 4; w++) {
         a[(GEN0 + 16) / 4 + w] = 10.0f + w;
         a[(GEN0 + 32) / 4 + w] = 20.0f + w;
      }
   }
   struct jade_sim_options opt = {.hazards = JADE_SIM_HAZARDS_FATAL, .log = stdout};
   struct jade_sim *sim = jade_sim_create(&opt);
   jade_sim_set_code(sim, vs->code, vs->code_size);
   struct jade_sim_graphics gfx = {.threads = THREADS, .in = in, .out = out};
   jade_sim_set_graphics(sim, &gfx);
   struct jade_sim_grid grid = {.grid = {1, 1, 1}, .block = {THREADS, 1, 1}};
   enum jade_sim_status status = jade_sim_launch(sim, &grid);
   if (status != JADE_SIM_OK)
      printf("     model: %s\n", jade_sim_message(sim));
   jade_sim_destroy(sim);
   expect(status == JADE_SIM_OK, "VS runs on the model (AL2P, ALD.PHYS, AST.PHYS)");
   bool ok = true;
   for (unsigned t = 0; t < THREADS && status == JADE_SIM_OK; t++) {
      const float *o = (const float *)&out[t * JADE_SIM_ATTR_WORDS];
      float p[4] = {t + 1.0f, 2.0f * t, 3.0f * t, (float)t};
      float v0[4] = {p[0], 2.0f, p[2], p[1]};
      for (unsigned w = 0; w < 4; w++) {
         for (unsigned k = 0; k < 8; k++) {
            float want = k == t ? (t & 1 ? 20.0f : 10.0f) + w : 0.0f;
            if (o[(TEX0 + 16 * k) / 4 + w] != want) {
               printf("     thread %u: gl_TexCoord[%u][%u] = %g, not %g\n", t, k, w,
                      o[(TEX0 + 16 * k) / 4 + w], want);
               ok = false;
            }
         }
         for (unsigned k = 0; k < 4; k++) {
            float want = k == t ? p[w] : k == 0 ? v0[w] : 0.0f;
            if (o[(GEN0 + 16 * k) / 4 + w] != want) {
               printf("     thread %u: v[%u][%u] = %g, not %g\n", t, k, w,
                      o[(GEN0 + 16 * k) / 4 + w], want);
               ok = false;
            }
         }
      }
   }
   expect(ok, "VS on the model: gl_TexCoord[i] and v[i & 3] land in slot i, the rest untouched");
}

static void
check_vs(void *mem)
{
   printf("-- vertex shader\n");
   struct jade_shader_binary *vs = make_vs(mem);
   if (!vs)
      return;
   check_vs_exec(vs);
   char *text = listing(mem, vs->code, vs->code_size);
   printf("%s", text);
   expect_code(text, "^AL2P R[0-9]+, R[0-9]+, 0x90 ;",
               "indexed vertex attribute array: AL2P of a[0x90] (attribute 1)");
   expect_count(text, "^ALD.PHYS R[0-9]+, a\\[R[0-9]+\\] ;", 4,
                "indexed vertex attribute array: ALD.PHYS a word at a time");
   expect_code(text, "^AL2P.O R[0-9]+, R[0-9]+, 0x300 ;", "gl_TexCoord[i]: AL2P.O of a[0x300]");
   expect_code(text, "^AL2P.O R[0-9]+, R[0-9]+, 0x8c ;", "v[i & 3].w: AL2P.O of a[0x8c]");
   expect_count(text, "^AST.PHYS a\\[R[0-9]+\\], R[0-9]+ ;", 8,
                "gl_TexCoord[i], v[i & 3]: AST.PHYS a word at a time, no vertex");
   expect_count(text, "\\[R[0-9]+\\+0x", 0, "no a[Rn+addr] form (only patches have it)");
   expect_code(text, "^AST.128 a\\[0x70\\], R[0-9]+ ;", "gl_Position: AST.128 a[0x70] as before");
   expect_code(text, "^AST.128 a\\[0x80\\], R[0-9]+ ;", "v[0]: AST.128 a[0x80] as before");

   const struct jade_io_signature *io = &vs->io;
   expect(all_words(io->outputs, TEX0, TEX0 + 8 * 16) && all_words(io->outputs, GEN0, GEN0 + 64),
          "VS outputs: every word gl_TexCoord[i] and v[i & 3] may write");
   expect(all_words(io->inputs, GEN0 + 16, GEN0 + 48),
          "VS inputs: both slots of the indexed attribute array");
   expect(!word(io->const_outputs, GEN0 + 4),
          "v[0].y is not a constant output (the indexed store may overwrite it)");
   expect(!site_on(vs, vs->code, "AST.PHYS") && !site_on(vs, vs->code, "AL2P"),
          "no link-time patch site on an indexed store");
   expect(site_on(vs, vs->code, "AST.128 a[0x80]"),
          "the constant-offset store of v[0] keeps its patch site");

   /* Linked with an FS that reads gl_TexCoord[2] and v[1] only: the
    * indexed stores stay, and the words they may write that the FS
    * reads stay in the Omap and are not defaulted. */
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, jade_nir_options(), "fs");
   nir_variable *color = var(b.shader, nir_var_shader_out, glsl_vec4_type(), FRAG_RESULT_DATA0, 0);
   nir_variable *t2 = var(b.shader, nir_var_shader_in, glsl_vec4_type(), VARYING_SLOT_TEX2, 0);
   nir_variable *g1 = var(b.shader, nir_var_shader_in, glsl_vec4_type(), VARYING_SLOT_VAR1, 1);
   nir_store_var(&b, color, nir_fadd(&b, nir_load_var(&b, t2), nir_load_var(&b, g1)), 0xf);
   struct jade_shader_binary *fs = compile(mem, &b, "fs-indexed");
   if (!fs)
      return;
   struct jade_link_key key = {0};
   uint32_t vh[JADE_SPH_WORDS], fh[JADE_SPH_WORDS];
   uint64_t *vcode = ralloc_size(mem, vs->code_size), *fcode = ralloc_size(mem, fs->code_size);
   struct jade_link_stats st;
   jade_link(&key, vs, fs, vh, fh, vcode, fcode, &st);
   struct jade_sph_vtg v;
   struct jade_sph_ps f;
   jade_sph_vtg_unpack(vh, &v);
   jade_sph_ps_unpack(fh, &f);
   char *linked = listing(mem, vcode, vs->code_size);
   expect_count(linked, "^AST.PHYS a\\[R[0-9]+\\], R[0-9]+ ;", 8,
                "linked VS: every indexed store stays");
   expect(st.inputs_defaulted == 0 && st.inputs_constant == 0,
          "linked FS: no input defaulted or folded (the indexed stores feed them)");
   bool omap = true;
   for (unsigned w = 0; w < 4; w++) {
      omap = omap && jade_sph_vtg_omap(&v, JADE_ATTR_WORD(TEX0 + 32) + w) &&
             *jade_sph_vtg_omap(&v, JADE_ATTR_WORD(TEX0 + 32) + w);
      omap = omap && jade_sph_vtg_omap(&v, JADE_ATTR_WORD(GEN0 + 16) + w) &&
             *jade_sph_vtg_omap(&v, JADE_ATTR_WORD(GEN0 + 16) + w);
   }
   expect(omap, "linked VS Omap: gl_TexCoord[2] and v[1] transmitted");
   expect(matches(linked, "^AST.128 a\\[0x80\\]") == 0 && matches(linked, "^NOP") > 0,
          "linked VS: the store of v[0], which the FS does not read, is a NOP");
   save(vcode, vs->code_size, "vs-indexed-linked");
   save(fcode, fs->code_size, "fs-indexed-linked");
}

/* The GS: triangles in, a strip of 3 out; for each input vertex k,
 * o[k] = gl_in[k].v[j] + gl_in[k].gl_Position with j from the position's
 * w, gl_Position copied (constant offsets, as before). */
static void
check_gs(void *mem)
{
   printf("-- geometry shader\n");
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_GEOMETRY, jade_nir_options(), "gs");
   b.shader->info.gs.vertices_in = 3;
   b.shader->info.gs.input_primitive = MESA_PRIM_TRIANGLES;
   b.shader->info.gs.output_primitive = MESA_PRIM_TRIANGLE_STRIP;
   b.shader->info.gs.vertices_out = 3;
   b.shader->info.gs.invocations = 1;
   b.shader->info.gs.active_stream_mask = 1;
   nir_variable *in_pos = var(b.shader, nir_var_shader_in, glsl_array_type(glsl_vec4_type(), 3, 0),
                              VARYING_SLOT_POS, 0);
   nir_variable *in_v =
      var(b.shader, nir_var_shader_in,
          glsl_array_type(glsl_array_type(glsl_vec4_type(), 3, 0), 3, 0), VARYING_SLOT_VAR0, 1);
   nir_variable *out_pos = var(b.shader, nir_var_shader_out, glsl_vec4_type(), VARYING_SLOT_POS, 0);
   nir_variable *out_o = var(b.shader, nir_var_shader_out, glsl_array_type(glsl_vec4_type(), 3, 0),
                             VARYING_SLOT_VAR4, 1);
   for (unsigned k = 0; k < 3; k++) {
      nir_def *p = nir_load_deref(
         &b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, in_pos), (int64_t)k));
      nir_def *j = nir_umin(&b, nir_f2u32(&b, nir_channel(&b, p, 3)), nir_imm_int(&b, 2));
      nir_deref_instr *vk =
         nir_build_deref_array_imm(&b, nir_build_deref_var(&b, in_v), (int64_t)k);
      nir_def *x = nir_load_deref(&b, nir_build_deref_array(&b, vk, j));
      nir_store_var(&b, out_pos, p, 0xf);
      nir_def *o = nir_iadd_imm(&b, j, k);
      nir_store_deref(&b,
                      nir_build_deref_array(&b, nir_build_deref_var(&b, out_o),
                                            nir_umin(&b, o, nir_imm_int(&b, 2))),
                      nir_fadd(&b, x, p), 0xf);
      nir_emit_vertex(&b, 0);
   }
   nir_end_primitive(&b, 0);
   struct jade_shader_binary *gs = compile(mem, &b, "gs-indexed");
   if (!gs)
      return;
   char *text = listing(mem, gs->code, gs->code_size);
   printf("%s", text);
   expect_code(text, "^ISBERD R[0-9]+, \\[R[0-9]+\\] ;", "input vertex handles by ISBERD");
   expect_code(text, "^ALD.128 R[0-9]+, a\\[0x70\\], R[0-9]+ ;",
               "gl_in[k].gl_Position: ALD.128 with the handle, as before");
   expect_code(text, "^AL2P R[0-9]+, R[0-9]+, 0x80 ;", "gl_in[k].v[j]: AL2P of a[0x80]");
   expect_count(text, "^ALD.PHYS R[0-9]+, a\\[R[0-9]+\\], R[0-9]+ ;", 12,
                "gl_in[k].v[j]: ALD.PHYS with the handle, a word at a time");
   expect_code(text, "^AL2P.O R[0-9]+, R[0-9]+, 0xc0 ;", "o[...]: AL2P.O of a[0xc0]");
   expect_count(text, "^AST.PHYS a\\[R[0-9]+\\], R[0-9]+(, R[0-9]+)? ;", 12,
                "o[...]: AST.PHYS on the output vertex (RZ: the first), a word at a time");
   expect_count(text, "\\[R[0-9]+\\+0x", 0, "no a[Rn+addr] form (only patches have it)");
   expect_code(text, "^AST.128 a\\[0x70\\], R[0-9]+(, R[0-9]+)? ;",
               "gl_Position: AST.128 on the output vertex, as before");
   expect(all_words(gs->io.inputs, GEN0, GEN0 + 48), "GS inputs: the whole of v[3]");
   expect(all_words(gs->io.outputs, GEN0 + 64, GEN0 + 112), "GS outputs: the whole of o[3]");
   expect(!site_on(gs, gs->code, "AST.PHYS"), "no link-time patch site on an indexed store");
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: %s DIR\n", argv[0]);
      return 2;
   }
   out_dir = argv[1];
   glsl_type_singleton_init_or_ref();
   void *mem = ralloc_context(NULL);
   check_vs(mem);
   check_gs(mem);
   ralloc_free(mem);
   glsl_type_singleton_decref();
   printf("%u failed\n", failures);
   return failures ? 1 : 0;
}
