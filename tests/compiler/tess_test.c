/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Tessellation control (TCS) and evaluation (TES) shaders built in NIR
 * with GL variables, compiled (docs/compiler.md, "Tessellation"), and
 * checked: the instructions that carry the stages' I/O (found in the
 * printed code by regular expression), the I/O signature, the binary's
 * tessellation fields and the header fields of jade_sph_build.c through
 * the generated unpacker.  The binaries go to the directory given as
 * argv[1], where check_compile_only.py compares them with nvdisasm.
 *
 * What each instruction must be follows NAK (Mesa's
 * src/nouveau/compiler/nak_nir_lower_vtg_io.c, nak_nir.c, nak/from_nir.rs,
 * nak/sph.rs) and nvc0_program.c's nvc0_tcp_gen_header /
 * nvc0_tep_gen_header.
 */

#include <regex.h>
#include <stdio.h>
#include <string.h>

#include "jade/jade_compiler.h"
#include "jade/jade_link.h"
#include "jade_isa.h"
#include "jade_sph.h"
#include "nir.h"
#include "nir_builder.h"
#include "nvidia/classes/clc597.h"
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

static unsigned
count(const uint32_t *words, unsigned n)
{
   unsigned c = 0;
   for (unsigned i = 0; i < n / 32; i++)
      c += __builtin_popcount(words[i]);
   return c;
}

/* The code as text, one instruction a line (jade_isa_print). */
static char *
listing(void *mem, const struct jade_shader_binary *bin)
{
   char *text = ralloc_strdup(mem, "");
   for (size_t i = 0; i < bin->code_size / 16; i++) {
      struct jade_isa_instr instr;
      char buf[256] = "<unknown>";
      if (jade_isa_decode(&bin->code[2 * i], &instr) == 0)
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
expect_no_code(const char *text, const char *re, const char *what)
{
   char buf[512];
   snprintf(buf, sizeof(buf), "%s (no /%s/)", what, re);
   expect(matches(text, re) == 0, buf);
}

static nir_variable *
var(nir_shader *s, nir_variable_mode mode, const struct glsl_type *type, int location,
    unsigned driver_location, bool patch)
{
   nir_variable *v = nir_variable_create(s, mode, type, "v");
   v->data.location = location;
   v->data.driver_location = driver_location;
   v->data.patch = patch;
   return v;
}

static void
save(const struct jade_shader_binary *bin, const char *name)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/%s.bin", out_dir, name);
   FILE *f = fopen(path, "wb");
   bool ok = f && fwrite(bin->code, 1, bin->code_size, f) == bin->code_size;
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
   save(bin, name);
   return bin;
}

#define POS_WORD  (0x70 / 4)
#define GEN1_WORD (0x90 / 4)

/* A TCS of 4 output vertices: copies gl_Position from its input vertex,
 * writes a generic output, reads another invocation's output after
 * barrier(), writes the tessellation levels, a patch vector and an
 * indexed patch array, reads an indexed per-vertex input array, and
 * uses gl_PrimitiveID and gl_PatchVerticesIn. */
static void
check_tcs(void *mem, struct jade_io_signature *tcs_io)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_TESS_CTRL, jade_nir_options(), "tcs");
   b.shader->info.tess.tcs_vertices_out = 4;
   nir_variable *in_pos = var(b.shader, nir_var_shader_in, glsl_array_type(glsl_vec4_type(), 32, 0),
                              VARYING_SLOT_POS, 0, false);
   /* vec4 in_gen[][2] at generic 0 and 1. */
   nir_variable *in_gen = var(b.shader, nir_var_shader_in,
                              glsl_array_type(glsl_array_type(glsl_vec4_type(), 2, 0), 32, 0),
                              VARYING_SLOT_VAR0, 1, false);
   nir_variable *out_pos = var(b.shader, nir_var_shader_out,
                               glsl_array_type(glsl_vec4_type(), 4, 0), VARYING_SLOT_POS, 0, false);
   nir_variable *out_gen =
      var(b.shader, nir_var_shader_out, glsl_array_type(glsl_vec4_type(), 4, 0), VARYING_SLOT_VAR1,
          1, false);
   nir_variable *outer =
      var(b.shader, nir_var_shader_out, glsl_vec4_type(), VARYING_SLOT_TESS_LEVEL_OUTER, 2, true);
   nir_variable *inner =
      var(b.shader, nir_var_shader_out, glsl_vec_type(2), VARYING_SLOT_TESS_LEVEL_INNER, 3, true);
   nir_variable *patch0 =
      var(b.shader, nir_var_shader_out, glsl_vec4_type(), VARYING_SLOT_PATCH0, 4, true);
   nir_variable *parr = var(b.shader, nir_var_shader_out, glsl_array_type(glsl_float_type(), 4, 0),
                            VARYING_SLOT_PATCH1, 5, true);

   nir_def *id = nir_load_invocation_id(&b);
   nir_def *p = nir_load_deref(&b, nir_build_deref_array(&b, nir_build_deref_var(&b, in_pos), id));
   nir_store_deref(&b, nir_build_deref_array(&b, nir_build_deref_var(&b, out_pos), id), p, 0xf);
   nir_deref_instr *g = nir_build_deref_array(&b, nir_build_deref_var(&b, in_gen), id);
   nir_def *gv = nir_load_deref(&b, nir_build_deref_array(&b, g, nir_iand_imm(&b, id, 1)));
   nir_store_deref(&b, nir_build_deref_array(&b, nir_build_deref_var(&b, out_gen), id),
                   nir_fadd(&b, gv, p), 0xf);
   nir_barrier(&b, .execution_scope = SCOPE_WORKGROUP, .memory_scope = SCOPE_WORKGROUP,
               .memory_semantics = NIR_MEMORY_ACQ_REL, .memory_modes = nir_var_shader_out);
   nir_def *other = nir_iand_imm(&b, nir_iadd_imm(&b, id, 1), 3);
   nir_def *q =
      nir_load_deref(&b, nir_build_deref_array(&b, nir_build_deref_var(&b, out_gen), other));
   nir_def *prim = nir_u2f32(&b, nir_load_primitive_id(&b));
   nir_def *verts = nir_u2f32(&b, nir_load_patch_vertices_in(&b));
   nir_store_var(&b, patch0, nir_fadd(&b, q, nir_vec4(&b, prim, verts, prim, verts)), 0xf);
   nir_store_deref(&b, nir_build_deref_array(&b, nir_build_deref_var(&b, parr), id),
                   nir_u2f32(&b, id), 0x1);
   nir_store_var(&b, outer, nir_imm_vec4(&b, 1, 2, 3, 4), 0xf);
   nir_store_var(&b, inner, nir_imm_vec2(&b, 5, 6), 0x3);

   struct jade_shader_binary *bin = compile(mem, &b, "tcs");
   if (!bin)
      return;
   *tcs_io = bin->io;
   char *text = listing(mem, bin);
   printf("%s", text);
   expect_code(text, "^S2R R[0-9]+, SR_INVOCATION_INFO ;",
               "input vertices from SR_INVOCATION_INFO (slot * vertices + vertex)");
   expect_code(text, "^ISBERD R[0-9]+, \\[R[0-9]+\\] ;", "input vertex handle by ISBERD");
   expect_code(text, "^ALD.128 R[0-9]+, a\\[0x70\\], R[0-9]+ ;",
               "gl_in[gl_InvocationID].gl_Position: ALD.128 with the handle");
   expect_code(text, "^S2R R[0-9]+, SR_INVOCATION_ID ;", "gl_InvocationID: S2R SR_INVOCATION_ID");
   expect_code(text, "^AST.128 a\\[0x70\\], R[0-9]+, R[0-9]+ ;",
               "gl_out[gl_InvocationID].gl_Position: AST.128 with the vertex");
   expect_code(text, "^AL2P R[0-9]+, R[0-9]+, 0x80 ;",
               "indexed per-vertex input: AL2P of a[0x80] and the offset");
   expect_code(text, "^ALD.PHYS R[0-9]+, a\\[R[0-9]+\\], R[0-9]+ ;",
               "indexed per-vertex input: ALD.PHYS with the handle");
   expect_code(text, "^VOTE.ANY R[0-9]+, PT, PT ;", "barrier(): the active lanes (VOTE.ANY)");
   expect_code(text, "^WARPSYNC R[0-9]+ ;", "barrier(): WARPSYNC of the active lanes");
   expect_no_code(text, "^BAR", "barrier(): no CTA barrier");
   expect_code(text, "^S2R R[0-9]+, SR_LANEID ;", "other invocation's output: SR_LANEID");
   expect_code(text, "^ALD.O.128 R[0-9]+, a\\[0x90\\], R[0-9]+ ;",
               "other invocation's output: ALD.O.128 a[0x90] by lane");
   expect_code(text, "^AST.P.128 a\\[0x0\\], R[0-9]+ ;", "gl_TessLevelOuter: AST.P.128 a[0x0]");
   expect_code(text, "^AST.P.64 a\\[0x10\\], R[0-9]+ ;", "gl_TessLevelInner: AST.P.64 a[0x10]");
   expect_code(text, "^AST.P.128 a\\[0x20\\], R[0-9]+ ;", "patch vector 0: AST.P.128 a[0x20]");
   expect_code(text, "^AST.P a\\[R[0-9]+\\+0x30\\], R[0-9]+ ;",
               "indexed patch array: AST.P a[Rn+0x30], no vertex");
   expect_code(text, "^ALD R[0-9]+, a\\[0x60\\] ;", "gl_PrimitiveID: ALD a[0x60]");
   expect_code(text, "^S2R R[0-9]+, SR_PRIM_TYPE ;", "gl_PatchVerticesIn: SR_PRIM_TYPE");

   const struct jade_io_signature *io = &bin->io;
   expect(word(io->inputs, 0x70) && word(io->inputs, 0x7c) && word(io->inputs, 0x80) &&
             word(io->inputs, 0x9c) && word(io->inputs, 0x60) && count(io->inputs, 256) == 13,
          "TCS inputs: position, generic 0 and 1 (the indexed array), primitive id");
   expect(word(io->outputs, 0x70) && word(io->outputs, 0x9c) && !word(io->outputs, 0x80) &&
             count(io->outputs, 256) == 8,
          "TCS per-vertex outputs: position and generic 1, no patch words");
   expect(word(io->patch_outputs, 0x00) && word(io->patch_outputs, 0x14) &&
             !word(io->patch_outputs, 0x18) && word(io->patch_outputs, 0x20) &&
             word(io->patch_outputs, 0x2c) && word(io->patch_outputs, 0x30) &&
             word(io->patch_outputs, 0x60) && !word(io->patch_outputs, 0x64) &&
             count(io->patch_outputs, JADE_PATCH_WORDS) == 14,
          "TCS patch outputs: the 6 factors, patch vector 0, the array's 4 .x words");
   expect(bin->patch_count == 0, "TCS: no link-time patch sites (outputs are read back)");
   expect(bin->tess.vertices_out == 4, "bin->tess.vertices_out = 4");
   expect(bin->tess.patch_words == 0x60 / 4 + 1,
          "bin->tess.patch_words = 25 (one past the last patch word, NAK's count)");

   struct jade_sph_vtg h;
   jade_sph_vtg_unpack(bin->sph, &h);
   expect(h.sph_type == JADE_SPH_VTG_SPH_TYPE_TYPE_01_VTG && h.version == 4 &&
             h.shader_type == JADE_SPH_VTG_SHADER_TYPE_TESSELLATION_INIT,
          "TCS header: VTG, version 4, TESSELLATION_INIT");
   expect(h.per_patch_attribute_count == 25 && h.per_patch_attribute_count_low == 9 &&
             h.per_patch_attribute_count_high == 1,
          "TCS header: PER_PATCH_ATTRIBUTE_COUNT 25, nibbles 9 and 1 at bits 124 and 148");
   expect(h.threads_per_input_primitive == 4, "TCS header: 4 threads a patch");
   expect(h.store_req_start == POS_WORD && h.store_req_end == GEN1_WORD + 3,
          "TCS header: store requests over the outputs stored (position .. generic 1.w)");
   /* The same words as nvc0_tcp_gen_header writes them: hdr[0] =
    * 0x20061 | 2 << 10 (type 1, version 3 there, 4 here, and type 2),
    * hdr[1] = opcs << 24, hdr[2] = patch size << 24, for GM107+ hdr[3] =
    * (opcs & 0xf) << 28 and hdr[4] |= (opcs & 0xf0) << 16, with the store
    * request range at hdr[4] bits 12..19 and 24..31. */
   expect((bin->sph[0] & 0x3fff) == (0x81 | 2 << 10) && bin->sph[1] == 25u << 24 &&
             bin->sph[2] == 4u << 24 && bin->sph[3] == 9u << 28 &&
             bin->sph[4] == ((0x27u << 24) | (1u << 20) | (0x1cu << 12)),
          "TCS header words 0-4 as nvc0_tcp_gen_header places the fields");
   expect(h.imap_position_x && h.generic_imap_x[0] && h.generic_imap_w[1] && h.imap_primitive_id,
          "TCS header Imap: position, generic 0 and 1, primitive id");
   expect(h.omap_position_w && h.generic_omap_w[1] && !h.generic_omap_x[0] &&
             !h.omap_tessellation_evaluation_point_u,
          "TCS header Omap: position and generic 1 only");
}

/* A TES: interpolates gl_Position of three input vertices by
 * gl_TessCoord, adds a patch vector and an outer level (as a patch input
 * variable, or as the system value), writes gl_PrimitiveID and
 * gl_PatchVerticesIn to a generic output. */
static void
check_tes(void *mem, const struct jade_io_signature *tcs_io, const char *name,
          enum tess_primitive_mode mode, enum gl_tess_spacing spacing, bool ccw, bool points,
          bool levels_as_sysval, unsigned domain, unsigned spacing_hw, unsigned prims)
{
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_TESS_EVAL, jade_nir_options(), "%s", name);
   b.shader->info.tess._primitive_mode = mode;
   b.shader->info.tess.spacing = spacing;
   b.shader->info.tess.ccw = ccw;
   b.shader->info.tess.point_mode = points;
   nir_variable *in_pos = var(b.shader, nir_var_shader_in, glsl_array_type(glsl_vec4_type(), 32, 0),
                              VARYING_SLOT_POS, 0, false);
   nir_variable *in_gen = var(b.shader, nir_var_shader_in, glsl_array_type(glsl_vec4_type(), 32, 0),
                              VARYING_SLOT_VAR1, 1, false);
   nir_variable *patch0 =
      var(b.shader, nir_var_shader_in, glsl_vec4_type(), VARYING_SLOT_PATCH0, 2, true);
   nir_variable *outer = NULL;
   if (!levels_as_sysval)
      outer =
         var(b.shader, nir_var_shader_in, glsl_vec4_type(), VARYING_SLOT_TESS_LEVEL_OUTER, 3, true);
   nir_variable *out_pos =
      var(b.shader, nir_var_shader_out, glsl_vec4_type(), VARYING_SLOT_POS, 0, false);
   nir_variable *out_gen =
      var(b.shader, nir_var_shader_out, glsl_vec4_type(), VARYING_SLOT_VAR2, 1, false);

   nir_def *tc = nir_load_tess_coord(&b);
   nir_def *sum = NULL;
   for (unsigned v = 0; v < 3; v++) {
      nir_def *p = nir_load_deref(
         &b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, in_pos), (int64_t)v));
      nir_def *t = nir_fmul(&b, p, nir_channel(&b, tc, v));
      sum = sum ? nir_fadd(&b, sum, t) : t;
   }
   nir_def *g =
      nir_load_deref(&b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, in_gen), 1));
   nir_def *lv = levels_as_sysval ? nir_load_tess_level_outer(&b) : nir_load_var(&b, outer);
   sum = nir_fadd(&b, sum, nir_fmul(&b, nir_load_var(&b, patch0), nir_channel(&b, lv, 1)));
   nir_store_var(&b, out_pos, nir_fadd(&b, sum, g), 0xf);
   nir_def *prim = nir_u2f32(&b, nir_load_primitive_id(&b));
   nir_def *verts = nir_u2f32(&b, nir_load_patch_vertices_in(&b));
   nir_store_var(&b, out_gen, nir_vec4(&b, prim, verts, nir_channel(&b, lv, 0), prim), 0xf);

   struct jade_shader_binary *bin = compile(mem, &b, name);
   if (!bin)
      return;
   char *text = listing(mem, bin);
   printf("%s", text);
   expect_code(text, "^S2R R[0-9]+, SR_LANEID ;", "gl_TessCoord: the lane (S2R SR_LANEID)");
   expect_code(text, "^ALD.O.64 R[0-9]+, a\\[0x2f0\\], R[0-9]+ ;",
               "gl_TessCoord: ALD.O.64 a[0x2f0] by lane");
   expect_code(text, "^ISBERD R[0-9]+, \\[R[0-9]+\\] ;", "input vertex handles by ISBERD");
   expect_code(text, "^ALD.128 R[0-9]+, a\\[0x70\\], R[0-9]+ ;",
               "gl_in[i].gl_Position: ALD.128 with the handle");
   expect_code(text, "^ALD.P.128 R[0-9]+, a\\[0x20\\] ;", "patch vector 0: ALD.P.128 a[0x20]");
   expect_code(text, "^ALD.P(.64|.128)? R[0-9]+, a\\[0x0\\] ;",
               "gl_TessLevelOuter: ALD.P from a[0x0]");
   expect_code(text, "^ALD R[0-9]+, a\\[0x60\\] ;", "gl_PrimitiveID: ALD a[0x60]");
   expect_code(text, "^S2R R[0-9]+, SR_PRIM_TYPE ;", "gl_PatchVerticesIn: SR_PRIM_TYPE");
   expect_no_code(text, "^AST.P", "no patch stores in a TES");

   const struct jade_io_signature *io = &bin->io;
   expect(word(io->inputs, 0x70) && word(io->inputs, 0x9c) && word(io->inputs, 0x60) &&
             count(io->inputs, 256) == 9,
          "TES inputs: position, generic 1, primitive id (not the patch words)");
   expect(word(io->patch_inputs, 0x00) && word(io->patch_inputs, 0x04) &&
             word(io->patch_inputs, 0x20) && word(io->patch_inputs, 0x2c) &&
             !word(io->patch_inputs, 0x10),
          "TES patch inputs: outer levels, patch vector 0");
   bool linked = true;
   for (unsigned w = 0; w < 256; w++)
      if (jade_io_word(io->inputs, w) && !jade_io_word(tcs_io->outputs, w) && w != 0x60 / 4)
         linked = false;
   for (unsigned w = 0; w < JADE_PATCH_WORDS; w++)
      if (jade_io_word(io->patch_inputs, w) && !jade_io_word(tcs_io->patch_outputs, w))
         linked = false;
   expect(linked, "TES per-vertex and patch inputs are TCS outputs at the same words");
   expect(word(io->outputs, 0x70) && word(io->outputs, 0xa0) && count(io->outputs, 256) == 8,
          "TES outputs: position and generic 2");
   expect(bin->tess.domain == domain && bin->tess.spacing == spacing_hw &&
             bin->tess.output_primitives == prims,
          "bin->tess: SET_TESSELLATION_PARAMETERS domain, spacing, output primitives");

   struct jade_sph_vtg h;
   jade_sph_vtg_unpack(bin->sph, &h);
   expect(h.sph_type == JADE_SPH_VTG_SPH_TYPE_TYPE_01_VTG &&
             h.shader_type == JADE_SPH_VTG_SHADER_TYPE_TESSELLATION,
          "TES header: VTG, TESSELLATION");
   expect(h.omap_tessellation_evaluation_point_u && h.omap_tessellation_evaluation_point_v,
          "TES header Omap: the tessellation coordinate u, v (NAK, nvc0)");
   expect((bin->sph[0] & 0x3fff) == (0x81 | 3 << 10) && (bin->sph[18] >> 12 & 3) == 3,
          "TES header words: type 3 in word 0, hdr[18] bits 12-13 as nvc0_tep_gen_header");
   expect(h.per_patch_attribute_count == 0 && h.threads_per_input_primitive == 0,
          "TES header: no patch count, no thread count");
   expect(h.imap_position_x && h.generic_imap_x[1] && h.imap_primitive_id && !h.generic_imap_x[0],
          "TES header Imap: position, generic 1, primitive id");
   expect(h.omap_position_x && h.generic_omap_w[2] && h.store_req_start == POS_WORD &&
             h.store_req_end == (0xa0 / 4) + 3,
          "TES header Omap: position, generic 2; store requests over them");
}

/* A TES writing gl_ClipVertex (GL's compatibility profile) as the last
 * stage before the rasteriser: clip distances against the user clip
 * planes at its end, as a VS computes them (jade_nir_lower_clip_vertex),
 * and the clip vertex kept at a[0x270] for a GS after it. */
static void
check_tes_clip_vertex(void *mem)
{
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_TESS_EVAL, jade_nir_options(), "tes-clip-vertex");
   b.shader->info.tess._primitive_mode = TESS_PRIMITIVE_QUADS;
   b.shader->info.tess.spacing = TESS_SPACING_EQUAL;
   nir_variable *in_pos = var(b.shader, nir_var_shader_in, glsl_array_type(glsl_vec4_type(), 32, 0),
                              VARYING_SLOT_POS, 0, false);
   nir_variable *out_pos =
      var(b.shader, nir_var_shader_out, glsl_vec4_type(), VARYING_SLOT_POS, 0, false);
   nir_variable *out_cv =
      var(b.shader, nir_var_shader_out, glsl_vec4_type(), VARYING_SLOT_CLIP_VERTEX, 1, false);
   nir_def *p =
      nir_load_deref(&b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, in_pos), 0));
   nir_def *tc = nir_load_tess_coord(&b);
   nir_store_var(&b, out_pos, nir_fadd(&b, p, nir_channel(&b, tc, 0)), 0xf);
   nir_store_var(&b, out_cv, nir_fmul(&b, p, nir_channel(&b, tc, 1)), 0xf);
   struct jade_shader_binary *bin = compile(mem, &b, "tes-clip-vertex");
   if (!bin)
      return;
   char *text = listing(mem, bin);
   expect(bin->io.clip_from_planes, "TES with gl_ClipVertex: clip distances from the planes");
   expect(word(bin->io.outputs, 0x2c0) && word(bin->io.outputs, 0x2dc),
          "TES with gl_ClipVertex: writes the 8 clip distances (a[0x2c0..0x2dc])");
   expect(word(bin->io.outputs, 0x270) && word(bin->io.outputs, 0x27c),
          "TES with gl_ClipVertex: keeps it at a[0x270] for a GS");
   expect_code(text, "^AST.128 a\\[0x2c0\\], R[0-9]+ ;", "clip distances 0-3 stored");
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
   struct jade_io_signature tcs_io;
   memset(&tcs_io, 0, sizeof(tcs_io));
   check_tcs(mem, &tcs_io);
   /* GL's ccw is the hardware's TRIANGLES_CW (jade_compiler.h). */
   check_tes(mem, &tcs_io, "tes-triangles-ccw", TESS_PRIMITIVE_TRIANGLES,
             TESS_SPACING_FRACTIONAL_ODD, true, false, false,
             NVC597_SET_TESSELLATION_PARAMETERS_DOMAIN_TYPE_TRIANGLE,
             NVC597_SET_TESSELLATION_PARAMETERS_SPACING_FRACTIONAL_ODD,
             NVC597_SET_TESSELLATION_PARAMETERS_OUTPUT_PRIMITIVES_TRIANGLES_CW);
   check_tes(mem, &tcs_io, "tes-quads-cw", TESS_PRIMITIVE_QUADS, TESS_SPACING_EQUAL, false, false,
             true, NVC597_SET_TESSELLATION_PARAMETERS_DOMAIN_TYPE_QUAD,
             NVC597_SET_TESSELLATION_PARAMETERS_SPACING_INTEGER,
             NVC597_SET_TESSELLATION_PARAMETERS_OUTPUT_PRIMITIVES_TRIANGLES_CCW);
   check_tes(mem, &tcs_io, "tes-isolines-points", TESS_PRIMITIVE_ISOLINES,
             TESS_SPACING_FRACTIONAL_EVEN, true, true, false,
             NVC597_SET_TESSELLATION_PARAMETERS_DOMAIN_TYPE_ISOLINE,
             NVC597_SET_TESSELLATION_PARAMETERS_SPACING_FRACTIONAL_EVEN,
             NVC597_SET_TESSELLATION_PARAMETERS_OUTPUT_PRIMITIVES_POINTS);
   check_tes_clip_vertex(mem);
   ralloc_free(mem);
   glsl_type_singleton_decref();
   printf("%u failed\n", failures);
   return failures ? 1 : 0;
}
