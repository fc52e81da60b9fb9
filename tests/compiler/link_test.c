/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Bind-time linkage (jade_link.c): a matrix of VS/FS signatures and
 * non-orthogonal state, each linked and checked: the headers (through the
 * generated unpacker), the code at every patch site (disassembled), that
 * nothing but patch sites changed, and what the linked pair computes on
 * the functional model against GL's rules applied to the unpatched VS's
 * outputs.  The patched binaries go to argv[1] for check_compile_only.py
 * to compare with nvdisasm.
 */

#include <stdio.h>
#include <string.h>

#include <math.h>

#include "jade/jade_compiler.h"
#include "jade/jade_link.h"
#include "jade_isa.h"
#include "jade_sim.h"
#include "jade_attr.h"
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

/* A varying as the test declares it: slot, components written or read,
 * the FS's qualifier. */
struct io {
   int slot;
   unsigned mask;
   enum glsl_interp_mode interp;
   bool centroid;
};

static nir_variable *
var(nir_shader *s, nir_variable_mode mode, unsigned comps, int location, unsigned driver_location,
    const struct io *io)
{
   nir_variable *v = nir_variable_create(s, mode, glsl_vec_type(comps), "v");
   v->data.location = location;
   v->data.driver_location = driver_location;
   v->data.interpolation = io ? io->interp : INTERP_MODE_NONE;
   v->data.centroid = io && io->centroid;
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

/* A VS writing position and each output's components (from the vertex
 * attribute, so nothing is a constant). */
static struct jade_shader_binary *
make_vs(void *mem, const struct io *outs, unsigned n)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX, jade_nir_options(), "vs");
   nir_variable *in = var(b.shader, nir_var_shader_in, 4, VERT_ATTRIB_GENERIC0, 0, NULL);
   nir_variable *pos = var(b.shader, nir_var_shader_out, 4, VARYING_SLOT_POS, 0, NULL);
   nir_def *p = nir_load_var(&b, in);
   nir_store_var(&b, pos, p, 0xf);
   for (unsigned i = 0; i < n; i++) {
      nir_variable *v = var(b.shader, nir_var_shader_out, 4, outs[i].slot, i + 1, NULL);
      nir_store_var(&b, v, nir_fadd_imm(&b, p, (double)(i + 1)), outs[i].mask);
   }
   return compile(mem, &b);
}

/* Where the FS's sum starts: not 0, so that the first input's multiply
 * by w fuses into an add of an immediate (FFMA ipa, w, 0.25), which the
 * link makes an FADD for a flat or folded input. */
#define SUM_START 0.25f

/* An FS reading each input's components, their sum to colour 0. */
static struct jade_shader_binary *
make_fs(void *mem, const struct io *ins, unsigned n)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, jade_nir_options(), "fs");
   nir_variable *color = var(b.shader, nir_var_shader_out, 4, FRAG_RESULT_DATA0, 0, NULL);
   nir_def *sum = nir_imm_float(&b, SUM_START);
   for (unsigned i = 0; i < n; i++) {
      nir_variable *v = var(b.shader, nir_var_shader_in, 4, ins[i].slot, i, &ins[i]);
      nir_def *x = nir_load_var(&b, v);
      for (unsigned c = 0; c < 4; c++)
         if (ins[i].mask >> c & 1)
            sum = nir_fadd(&b, sum, nir_channel(&b, x, c));
   }
   nir_store_var(&b, color, nir_vec4(&b, sum, sum, sum, sum), 0xf);
   return compile(mem, &b);
}

struct linked {
   struct jade_shader_binary *vs, *fs;
   uint64_t *vcode, *fcode;
   struct jade_sph_vtg v;
   struct jade_sph_ps f;
   struct jade_link_stats st;
};

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
write_binary(const char *name, const char *stage, const uint64_t *code, size_t size)
{
   if (!out_dir)
      return;
   char path[4096];
   snprintf(path, sizeof(path), "%s/%s-%s.bin", out_dir, name, stage);
   FILE *f = fopen(path, "wb");
   if (f) {
      fwrite(code, 1, size, f);
      fclose(f);
   }
}

/* Every instruction that differs from the unpatched code is a patch site
 * (or the FMUL of one). */
static bool
only_sites_changed(const struct jade_shader_binary *bin, const uint64_t *code)
{
   for (size_t at = 0; at < bin->code_size; at += 16) {
      if (!memcmp(&code[at / 8], &bin->code[at / 8], 16))
         continue;
      bool site = false;
      for (unsigned k = 0; k < bin->patch_count; k++)
         site = site || bin->patches[k].offset == at || bin->patches[k].mul_offset == at;
      if (!site)
         return false;
   }
   return true;
}

/* ---- execution on the model ---- */

#define VERTS 3
#define PIX_W 4
#define PIX_H 4

/* The a[] byte address of the varyings the tests use. */
static unsigned
slot_address(int slot)
{
   if (slot >= VARYING_SLOT_VAR0 && slot < VARYING_SLOT_VAR0 + 32)
      return 0x80 + 16 * (slot - VARYING_SLOT_VAR0);
   if (slot >= VARYING_SLOT_TEX0 && slot <= VARYING_SLOT_TEX7)
      return 0x300 + 16 * (slot - VARYING_SLOT_TEX0);
   if (slot == VARYING_SLOT_COL0 || slot == VARYING_SLOT_COL1)
      return 0x280 + 16 * (slot - VARYING_SLOT_COL0);
   return 0;
}

static float
as_float(uint32_t bits)
{
   float f;
   memcpy(&f, &bits, 4);
   return f;
}

/* Runs `code` on the model with the hazard checker fatal. */
static bool
run(const uint64_t *code, size_t size, unsigned threads, struct jade_sim_graphics *gfx)
{
   struct jade_sim_options opt = {.hazards = JADE_SIM_HAZARDS_FATAL, .log = stdout};
   struct jade_sim *sim = jade_sim_create(&opt);
   jade_sim_set_code(sim, code, size);
   jade_sim_set_graphics(sim, gfx);
   struct jade_sim_grid grid = {.grid = {1, 1, 1}, .block = {threads, 1, 1}};
   enum jade_sim_status status = jade_sim_launch(sim, &grid);
   if (status != JADE_SIM_OK)
      printf("     model: %s\n", jade_sim_message(sim));
   jade_sim_destroy(sim);
   return status == JADE_SIM_OK;
}

/* The VS on three vertices: attribute 0 of vertex t is (t + 1, 2 t - 1,
 * 0.5 t, 1 - t); their output words. */
static bool
run_vs(const struct jade_shader_binary *vs, const uint64_t *code, uint32_t *out)
{
   static uint32_t in[VERTS * JADE_SIM_ATTR_WORDS];
   for (unsigned t = 0; t < VERTS; t++) {
      float a[4] = {t + 1.0f, 2.0f * t - 1.0f, 0.5f * t, 1.0f - t};
      memcpy(&in[t * JADE_SIM_ATTR_WORDS + 0x80 / 4], a, sizeof(a));
   }
   memset(out, 0, VERTS * JADE_SIM_ATTR_WORDS * 4);
   struct jade_sim_graphics gfx = {.threads = VERTS, .in = in, .out = out};
   return run(code, vs->code_size, VERTS, &gfx);
}

/* The PS header's interpolation code of input word w (0: not read, 1
 * constant, 2 perspective, 3 screen-linear). */
static unsigned
ps_code(const uint32_t *fh, unsigned w)
{
   unsigned bit;
   if (w >= 32 && w < 160)
      bit = 192 + 2 * (w - 32);
   else if (w >= 160 && w < 168)
      bit = 448 + 2 * (w - 160);
   else if (w >= 192 && w < 232)
      bit = 480 + 2 * (w - 192);
   else
      return 3;
   return fh[bit / 32] >> (bit % 32) & 3;
}

#define INV_W 0.5f /* every vertex at w = 2 */

/* What the rasteriser would set up, as the linked FS header asks: the
 * triangle's vertices sit at pixel coordinates (0, 0), (PIX_W, 0),
 * (0, PIX_H), all at w = 2; a perspective word's plane is that of value /
 * w (the shader multiplies by w), a linear word's that of the value; a
 * constant word's c is vertex 0's value (vertex 0 provokes). */
static void
planes(const uint32_t *out, const uint32_t *fh, float (*plane)[3])
{
   for (unsigned w = 0; w < JADE_SIM_ATTR_WORDS; w++) {
      float v0 = as_float(out[w]), v1 = as_float(out[JADE_SIM_ATTR_WORDS + w]);
      float v2 = as_float(out[2 * JADE_SIM_ATTR_WORDS + w]);
      float scale = ps_code(fh, w) == 2 ? INV_W : 1.0f;
      plane[w][0] = scale * (v1 - v0) / PIX_W;
      plane[w][1] = scale * (v2 - v0) / PIX_H;
      plane[w][2] = scale * v0;
   }
   plane[0x7c / 4][0] = plane[0x7c / 4][1] = 0.0f; /* 1 / w */
   plane[0x7c / 4][2] = INV_W;
}

/* What GL says the FS of `ins` computes at pixel p (the sum of the
 * components it reads) from the unpatched VS's outputs. */
static float
reference(const struct jade_link_key *key, const struct jade_shader_binary *vs, const uint32_t *out,
          const struct io *ins, unsigned nin, unsigned p)
{
   float px = (float)(p % PIX_W) + 0.5f, py = (float)(p / PIX_W) + 0.5f;
   float sum = SUM_START;
   for (unsigned i = 0; i < nin; i++) {
      unsigned base = slot_address(ins[i].slot);
      bool color = base >= 0x280 && base < 0x2a0;
      for (unsigned c = 0; c < 4; c++) {
         if (!(ins[i].mask >> c & 1))
            continue;
         unsigned w = base / 4 + c;
         if (!(vs->io.outputs[w / 32] >> (w % 32) & 1)) {
            bool one = c == 3 && (color || (base >= 0x300 && base < 0x380));
            sum += one ? 1.0f : 0.0f;
            continue;
         }
         float v[VERTS];
         for (unsigned t = 0; t < VERTS; t++) {
            v[t] = as_float(out[t * JADE_SIM_ATTR_WORDS + w]);
            if (color && key->clamp_vertex_color)
               v[t] = v[t] > 0.0f ? fminf(v[t], 1.0f) : 0.0f;
         }
         bool flat = ins[i].interp == INTERP_MODE_FLAT ||
                     (color && ins[i].interp == INTERP_MODE_NONE && key->flatshade);
         sum += flat ? v[0] : v[0] + (v[1] - v[0]) / PIX_W * px + (v[2] - v[0]) / PIX_H * py;
      }
   }
   return sum;
}

/* The linked pair on the model against the reference. */
static void
check_execution(const struct jade_link_key *key, const struct jade_shader_binary *vs,
                const struct jade_shader_binary *fs, const uint64_t *vcode, const uint64_t *fcode,
                const uint32_t *fh, const struct io *ins, unsigned nin)
{
   static uint32_t ref_out[VERTS * JADE_SIM_ATTR_WORDS], out[VERTS * JADE_SIM_ATTR_WORDS];
   static float plane[JADE_SIM_ATTR_WORDS][3];
   uint32_t regs[PIX_W * PIX_H * 4];
   if (!run_vs(vs, vs->code, ref_out) || !run_vs(vs, vcode, out)) {
      expect(false, "the VS runs on the model (unpatched and patched)");
      return;
   }
   planes(out, fh, plane);
   struct jade_sim_graphics gfx = {
      .threads = PIX_W * PIX_H,
      .plane = (const float(*)[3])plane,
      .width = PIX_W,
      .exit_regs = regs,
      .exit_reg_count = 4,
   };
   if (!run(fcode, fs->code_size, PIX_W * PIX_H, &gfx)) {
      expect(false, "the patched FS runs on the model");
      return;
   }
   unsigned bad = 0;
   for (unsigned p = 0; p < PIX_W * PIX_H; p++) {
      float want = reference(key, vs, ref_out, ins, nin, p), got = as_float(regs[4 * p]);
      if (fabsf(got - want) > 1e-4f * fmaxf(1.0f, fabsf(want))) {
         if (!bad)
            printf("     pixel %u: got %g, want %g\n", p, got, want);
         bad++;
      }
   }
   expect(!bad, "on the model, every pixel matches GL's rules on the unpatched VS's outputs");
}

static bool
do_link(void *mem, const char *name, const struct jade_link_key *key, const struct io *outs,
        unsigned nout, const struct io *ins, unsigned nin, struct linked *l)
{
   printf("-- %s\n", name);
   memset(l, 0, sizeof(*l));
   l->vs = make_vs(mem, outs, nout);
   l->fs = make_fs(mem, ins, nin);
   if (!l->vs || !l->fs) {
      expect(false, "both shaders compile");
      return false;
   }
   uint32_t vh[JADE_SPH_WORDS], fh[JADE_SPH_WORDS];
   l->vcode = ralloc_size(mem, l->vs->code_size);
   l->fcode = ralloc_size(mem, l->fs->code_size);
   jade_link(key, l->vs, l->fs, vh, fh, l->vcode, l->fcode, &l->st);
   jade_sph_vtg_unpack(vh, &l->v);
   jade_sph_ps_unpack(fh, &l->f);
   expect(only_sites_changed(l->vs, l->vcode) && only_sites_changed(l->fs, l->fcode),
          "only patch sites changed");
   write_binary(name, "vs", l->vcode, l->vs->code_size);
   write_binary(name, "fs", l->fcode, l->fs->code_size);
   /* The rasteriser's own values (sprites, point coordinate) are not
    * modelled. */
   bool rasteriser = key->sprite_coord_enable;
   for (unsigned i = 0; i < nin; i++)
      rasteriser = rasteriser || ins[i].slot == VARYING_SLOT_PNTC;
   if (!rasteriser)
      check_execution(key, l->vs, l->fs, l->vcode, l->fcode, fh, ins, nin);
   return true;
}

/* The patched text of the VS store / FS load of attribute word `word`. */
static const char *
site_text(const struct jade_shader_binary *bin, const uint64_t *code, unsigned kind, unsigned word,
          bool mul)
{
   static char t[4][160];
   static unsigned next;
   char *buf = t[next++ % 4];
   snprintf(buf, 160, "<no site>");
   for (unsigned k = 0; k < bin->patch_count; k++) {
      const struct jade_patch_site *p = &bin->patches[k];
      if (p->kind != kind || word < p->word || word >= p->word + p->count)
         continue;
      if (mul && p->mul_offset == JADE_PATCH_NO_MUL)
         snprintf(buf, 160, "<no mul>");
      else
         text_at(code, mul ? p->mul_offset : p->offset, buf, 160);
   }
   return buf;
}

static bool
starts(const char *text, const char *prefix)
{
   return !strncmp(text, prefix, strlen(prefix));
}

/* A multiply site after the link made it multiply by 1: FMUL d, a, 1,
 * FFMA d, a, 1, c, or FADD d, a, k for FFMA d, a, w, k with k a constant
 * (jade_link.c, add_instead). */
static bool
by_one(const char *text)
{
   return (starts(text, "FMUL") && strstr(text, ", 1 ;")) ||
          (starts(text, "FFMA") && strstr(text, ", 1, ")) || starts(text, "FADD");
}

/* "MOV Rn, VALUE ;" for some register n: a load the link replaced with
 * that constant (VALUE as the printer writes it, e.g. "0x0"). */
static bool
is_mov_of(const char *text, const char *value)
{
   unsigned reg;
   int end = 0;
   char rest[64];
   if (sscanf(text, "MOV R%u, %n", &reg, &end) != 1 || !end)
      return false;
   snprintf(rest, sizeof(rest), "%s ;", value);
   return !strcmp(text + end, rest);
}

#define VS_STORE(l, addr) site_text((l)->vs, (l)->vcode, JADE_PATCH_OUTPUT_STORE, (addr) / 4, false)
#define FS_LOAD(l, addr)  site_text((l)->fs, (l)->fcode, JADE_PATCH_INPUT_LOAD, (addr) / 4, false)
#define FS_MUL(l, addr)   site_text((l)->fs, (l)->fcode, JADE_PATCH_INPUT_LOAD, (addr) / 4, true)

#define VAR(n)  (VARYING_SLOT_VAR0 + (n))
#define SMOOTH  INTERP_MODE_SMOOTH
#define FLAT    INTERP_MODE_FLAT
#define NOPERSP INTERP_MODE_NOPERSPECTIVE

static void
test_gaps(void *mem)
{
   const struct jade_link_key key = {0};
   const struct io outs[] = {{VAR(1), 0x3}, {VAR(2), 0x1}, {VAR(4), 0xf}};
   const struct io ins[] = {{VAR(1), 0x1, SMOOTH}, {VAR(3), 0x2, SMOOTH}, {VAR(4), 0x4, FLAT}};
   struct linked l;
   if (!do_link(mem, "gaps", &key, outs, 3, ins, 3, &l))
      return;
   expect(l.st.stores_removed == 1 && l.st.inputs_defaulted == 1,
          "one VS store removed (generic 2), one FS load defaulted (generic 3 .y)");
   expect(l.v.omap_position_x && l.v.omap_position_w, "VS Omap keeps position");
   expect(l.v.generic_omap_x[1] && l.v.generic_omap_y[1] && !l.v.generic_omap_x[2] &&
             l.v.generic_omap_x[4] && l.v.generic_omap_w[4],
          "VS Omap: generic 1 .xy and 4 .xyzw (stores kept whole), not generic 2");
   expect(l.f.generic_imap_x[1] == 2 && l.f.generic_imap_y[3] == 0 && l.f.generic_imap_z[4] == 1,
          "FS Imap: generic 1 .x perspective, 3 .y left out, 4 .z constant");
   expect(starts(VS_STORE(&l, 0xa0), "NOP"), "the AST of generic 2 is a NOP");
   expect(starts(VS_STORE(&l, 0x90), "AST"), "the AST of generic 1 stays");
   expect(is_mov_of(FS_LOAD(&l, 0xb4), "0x0"), "the IPA of generic 3 .y is a MOV of 0");
   expect(by_one(FS_MUL(&l, 0xb4)), "its multiply by w multiplies by 1");
   expect(starts(FS_LOAD(&l, 0xc8), "IPA.CONSTANT"), "generic 4 .z stays flat");
}

static void
test_all_slots(void *mem)
{
   const struct jade_link_key key = {0};
   struct io outs[32], ins[32];
   for (unsigned i = 0; i < 32; i++) {
      outs[i] = (struct io){VAR(i), 0xf};
      ins[i] = (struct io){VAR(i), 0x1, i % 2 ? NOPERSP : SMOOTH};
   }
   struct linked l;
   if (!do_link(mem, "all-slots", &key, outs, 32, ins, 32, &l))
      return;
   bool all = true;
   for (unsigned i = 0; i < 32; i++)
      all = all && l.v.generic_omap_x[i] && l.v.generic_omap_w[i] &&
            l.f.generic_imap_x[i] == (i % 2 ? 3u : 2u) && !l.f.generic_imap_y[i];
   expect(all, "32 generic vectors: all in the VS Omap, .x in the FS Imap (2 / 3 alternating)");
   expect(l.st.patches == 0, "nothing patched");
   expect((starts(FS_MUL(&l, 0x80), "FMUL") || starts(FS_MUL(&l, 0x80), "FFMA")) &&
             !strcmp(FS_MUL(&l, 0x90), "<no mul>"),
          "perspective inputs have their multiply site (FMUL, or the FFMA of an add it fused "
          "into), noperspective ones none");

   /* The FS reads only the even vectors: the odd stores go. */
   struct io even[16];
   for (unsigned i = 0; i < 16; i++)
      even[i] = (struct io){VAR(2 * i), 0x8, SMOOTH};
   if (!do_link(mem, "even-slots", &key, outs, 32, even, 16, &l))
      return;
   expect(l.st.stores_removed == 16 && l.st.inputs_defaulted == 0, "16 odd stores removed");
   expect(l.v.generic_omap_x[30] && !l.v.generic_omap_x[31] &&
             starts(VS_STORE(&l, 0x80 + 16 * 31), "NOP"),
          "generic 31 gone from the Omap and its AST a NOP; 30 kept");
}

static void
test_colors(void *mem)
{
   const struct io outs[] = {{VARYING_SLOT_COL0, 0xf}, {VARYING_SLOT_BFC0, 0xf}};
   const struct io ins[] = {{VARYING_SLOT_COL0, 0xf, INTERP_MODE_NONE},
                            {VARYING_SLOT_COL1, 0x9, INTERP_MODE_NONE},
                            {VARYING_SLOT_TEX0, 0xc, SMOOTH}};
   struct linked l;
   struct jade_link_key key = {0};
   if (!do_link(mem, "colors", &key, outs, 2, ins, 3, &l))
      return;
   expect(starts(VS_STORE(&l, 0x2a0), "NOP") && !l.v.omap_color_back_diffuse_red,
          "one-sided: the back colour store is a NOP and out of the Omap");
   expect(l.v.omap_color_front_diffuse_red && starts(VS_STORE(&l, 0x280), "AST"),
          "the front colour stays");
   expect(starts(FS_LOAD(&l, 0x280), "IPA.PASS") && l.f.imap_color_diffuse_red == 2,
          "smooth shading: colour 0 perspective");
   expect(strstr(FS_LOAD(&l, 0x29c), "0x3f800000") && strstr(FS_LOAD(&l, 0x290), "0x0") &&
             !l.f.imap_color_specular_red && !l.f.imap_color_specular_alpha,
          "unwritten colour 1: .x defaults to 0, .w to 1, out of the Imap");
   expect(strstr(FS_LOAD(&l, 0x30c), "0x3f800000") && !l.f.tex_imap_q[0],
          "unwritten texture coordinate 0 .q defaults to 1");

   key.light_twoside = true;
   key.flatshade = true;
   if (!do_link(mem, "colors-twoside-flat", &key, outs, 2, ins, 3, &l))
      return;
   expect(starts(VS_STORE(&l, 0x2a0), "AST") && l.v.omap_color_back_diffuse_alpha,
          "two-sided: the back colour store stays, in the Omap");
   expect(starts(FS_LOAD(&l, 0x280), "IPA.CONSTANT") && by_one(FS_MUL(&l, 0x280)) &&
             l.f.imap_color_diffuse_red == 1 && l.f.imap_color_diffuse_alpha == 1,
          "flat shading: colour 0 IPA.CONSTANT, its multiply by 1, Imap constant");
   expect(l.st.inputs_flat == 4, "four colour loads made flat");
   bool deps_ok = true;
   for (unsigned k = 0; k < l.fs->patch_count; k++) {
      const struct jade_patch_site *p = &l.fs->patches[k];
      if (p->kind == JADE_PATCH_INPUT_LOAD && p->word >= 0x280 / 4 && p->word < 0x290 / 4)
         deps_ok = deps_ok &&
                   (p->depends &
                    (JADE_DEP_FLATSHADE | JADE_DEP_PERSAMPLE | JADE_DEP_LINK | JADE_DEP_TWOSIDE)) ==
                      (JADE_DEP_FLATSHADE | JADE_DEP_PERSAMPLE | JADE_DEP_LINK | JADE_DEP_TWOSIDE);
      if (p->kind == JADE_PATCH_INPUT_LOAD && p->word >= 0x300 / 4 && p->word < 0x310 / 4)
         deps_ok = deps_ok && (p->depends & JADE_DEP_SPRITE) && !(p->depends & JADE_DEP_FLATSHADE);
   }
   for (unsigned k = 0; k < l.vs->patch_count; k++) {
      const struct jade_patch_site *p = &l.vs->patches[k];
      if (p->kind == JADE_PATCH_COLOR_CLAMP)
         deps_ok = deps_ok && p->depends == JADE_DEP_CLAMP_COLOR;
   }
   expect(deps_ok,
          "sites name what they depend on: colour loads on the link, flat shading, "
          "sample shading and two-sided colour; coordinates on sprites; clamps on clamping");
   unsigned clamps = 0;
   for (unsigned k = 0; k < l.vs->patch_count; k++)
      clamps += l.vs->patches[k].kind == JADE_PATCH_COLOR_CLAMP;
   expect(clamps == 8 && l.st.colors_clamped == 0,
          "8 colour clamp sites (front and back colour), none saturated without clamping");
   unsigned copies = 0;
   for (size_t at = 0; at < l.vs->code_size; at += 16) {
      char t[160];
      text_at(l.vs->code, (unsigned)at, t, sizeof(t));
      copies += strstr(t, ", -RZ ;") != NULL;
   }
   expect(copies == 0, "the sites are the ops computing the colours: no copies added");

   key.clamp_vertex_color = true;
   if (!do_link(mem, "colors-clamped", &key, outs, 2, ins, 3, &l))
      return;
   bool all_sat = true;
   for (unsigned k = 0; k < l.vs->patch_count; k++) {
      char t[160];
      if (l.vs->patches[k].kind != JADE_PATCH_COLOR_CLAMP)
         continue;
      text_at(l.vcode, l.vs->patches[k].offset, t, sizeof(t));
      /* The opcode with .SAT among its modifiers (after .FTZ, which GL's
       * default float controls put on the ops of NIR float instructions). */
      const char *space = strchr(t, ' '), *sat = strstr(t, ".SAT");
      all_sat = all_sat && (starts(t, "FADD") || starts(t, "FMUL") || starts(t, "FFMA")) && sat &&
                space && sat < space;
   }
   expect(all_sat && l.st.colors_clamped == 8,
          "vertex colour clamping: the 8 ops computing the colours saturate");
   expect(is_mov_of(FS_LOAD(&l, 0x308), "0x0") && l.f.tex_imap_r[0] == 0,
          "flat shading leaves texture coordinates alone (coordinate 0 .r: unfed, 0)");
}

static void
test_qualifiers(void *mem)
{
   const struct io outs[] = {{VAR(0), 0xf}, {VAR(1), 0xf}, {VAR(2), 0xf}};
   const struct io ins[] = {{VAR(0), 0x1, NOPERSP},
                            {VAR(1), 0x1, SMOOTH, true},
                            {VAR(2), 0x1, FLAT}};
   struct jade_link_key key = {0};
   struct linked l;
   if (!do_link(mem, "qualifiers", &key, outs, 3, ins, 3, &l))
      return;
   expect(l.f.generic_imap_x[0] == 3 && l.f.generic_imap_x[1] == 2 && l.f.generic_imap_x[2] == 1,
          "the FS qualifiers decide (the VS has none): linear, perspective, constant");
   expect(strstr(FS_LOAD(&l, 0x90), "CENTROID") != NULL,
          "centroid input interpolated at the centroid");

   key.persample = true;
   if (!do_link(mem, "qualifiers-persample", &key, outs, 3, ins, 3, &l))
      return;
   expect(strstr(FS_LOAD(&l, 0x80), "CENTROID") && starts(FS_LOAD(&l, 0xa0), "IPA.CONSTANT") &&
             !strstr(FS_LOAD(&l, 0xa0), "CENTROID"),
          "sample shading: centre interpolation moved to the sample, flat untouched");
   expect(l.st.inputs_persample >= 1, "loads moved to the sample counted");
}

static void
test_clip_and_sprites(void *mem)
{
   const struct io outs[] = {{VARYING_SLOT_CLIP_DIST0, 0xf},
                             {VARYING_SLOT_CLIP_DIST1, 0xf},
                             {VARYING_SLOT_TEX0, 0xf},
                             {VARYING_SLOT_TEX1, 0xf}};
   const struct io ins[] = {{VARYING_SLOT_TEX0, 0x3, SMOOTH},
                            {VARYING_SLOT_TEX1, 0x3, SMOOTH},
                            {VARYING_SLOT_TEX2, 0x3, SMOOTH},
                            {VARYING_SLOT_PNTC, 0x3, SMOOTH}};
   struct jade_link_key key = {.clip_plane_enable = 0x01};
   struct linked l;
   if (!do_link(mem, "clip-plane0", &key, outs, 4, ins, 4, &l))
      return;
   expect(starts(VS_STORE(&l, 0x2c0), "AST") && starts(VS_STORE(&l, 0x2d0), "NOP") &&
             l.v.omap_clip_distance0 && !l.v.omap_clip_distance4,
          "clip plane 0 on: distances 0-3 stored, 4-7 a NOP and out of the Omap");
   expect(starts(FS_LOAD(&l, 0x2e0), "IPA") && l.f.imap_point_sprite_s && l.f.imap_point_sprite_t,
          "the point coordinate is read from the rasteriser, never defaulted");
   expect(is_mov_of(FS_LOAD(&l, 0x320), "0x0"),
          "texture coordinate 2 (unwritten, no sprite) defaults to 0 (.s)");

   key = (struct jade_link_key){.sprite_coord_enable = 0x6};
   if (!do_link(mem, "sprites", &key, outs, 4, ins, 4, &l))
      return;
   expect(starts(VS_STORE(&l, 0x2c0), "NOP") && starts(VS_STORE(&l, 0x2d0), "NOP"),
          "no clip plane: both clip distance stores are NOPs");
   expect(starts(VS_STORE(&l, 0x300), "AST") && starts(VS_STORE(&l, 0x310), "NOP"),
          "sprite on texture coordinate 1: its store goes, coordinate 0's stays");
   expect(
      starts(FS_LOAD(&l, 0x320), "IPA") && l.f.tex_imap_s[2] == 2,
      "texture coordinate 2, replaced by the sprite, is loaded though the VS does not write it");
}

/* Constant VS outputs: the FS reads immediates, nothing is transmitted
 * for them. */
static void
test_constants(void *mem)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX, jade_nir_options(), "vs");
   nir_variable *in = var(b.shader, nir_var_shader_in, 4, VERT_ATTRIB_GENERIC0, 0, NULL);
   nir_variable *pos = var(b.shader, nir_var_shader_out, 4, VARYING_SLOT_POS, 0, NULL);
   nir_variable *g0 = var(b.shader, nir_var_shader_out, 4, VAR(0), 1, NULL);
   nir_variable *g1 = var(b.shader, nir_var_shader_out, 4, VAR(1), 2, NULL);
   nir_variable *col = var(b.shader, nir_var_shader_out, 4, VARYING_SLOT_COL0, 3, NULL);
   nir_def *p = nir_load_var(&b, in);
   nir_store_var(&b, pos, p, 0xf);
   nir_store_var(&b, g0,
                 nir_vec4(&b, nir_channel(&b, p, 0), nir_imm_float(&b, 2.0), nir_channel(&b, p, 2),
                          nir_imm_float(&b, 0.5)),
                 0xf);
   nir_store_var(&b, g1, nir_imm_vec4(&b, 1.0, 1.0, 1.0, 1.0), 0xf);
   nir_store_var(&b, col, nir_imm_vec4(&b, 3.0, -1.0, 0.25, 1.0), 0xf);
   struct jade_shader_binary *vs = compile(mem, &b);
   const struct io ins[] = {{VAR(0), 0x3, SMOOTH},
                            {VAR(1), 0xf, FLAT},
                            {VARYING_SLOT_COL0, 0x3, INTERP_MODE_NONE}};
   struct jade_shader_binary *fs = make_fs(mem, ins, 3);
   printf("-- constants\n");
   if (!vs || !fs) {
      expect(false, "both shaders compile");
      return;
   }
   expect(vs->io.const_outputs[(0x84 / 4) / 32] >> ((0x84 / 4) % 32) & 1 &&
             !(vs->io.const_outputs[(0x80 / 4) / 32] >> ((0x80 / 4) % 32) & 1) &&
             vs->io.const_value[0x84 / 4] == 0x40000000,
          "signature: generic 0 .y is the constant 2.0, .x is not constant");
   struct jade_link_key key = {.clamp_vertex_color = true};
   uint32_t vh[JADE_SPH_WORDS], fh[JADE_SPH_WORDS];
   uint64_t *vcode = ralloc_size(mem, vs->code_size), *fcode = ralloc_size(mem, fs->code_size);
   struct jade_link_stats st;
   jade_link(&key, vs, fs, vh, fh, vcode, fcode, &st);
   struct jade_sph_vtg v;
   struct jade_sph_ps f;
   jade_sph_vtg_unpack(vh, &v);
   jade_sph_ps_unpack(fh, &f);
   expect(is_mov_of(site_text(fs, fcode, JADE_PATCH_INPUT_LOAD, 0x84 / 4, false), "0x40000000") &&
             starts(site_text(fs, fcode, JADE_PATCH_INPUT_LOAD, 0x80 / 4, false), "IPA"),
          "FS: generic 0 .y is MOV 2.0, .x still interpolated");
   expect(is_mov_of(site_text(fs, fcode, JADE_PATCH_INPUT_LOAD, 0x90 / 4, false), "0x3f800000") &&
             is_mov_of(site_text(fs, fcode, JADE_PATCH_INPUT_LOAD, 0x9c / 4, false), "0x3f800000"),
          "FS: generic 1 (flat, constant 1.0) is MOV 1.0");
   expect(is_mov_of(site_text(fs, fcode, JADE_PATCH_INPUT_LOAD, 0x280 / 4, false), "0x3f800000") &&
             is_mov_of(site_text(fs, fcode, JADE_PATCH_INPUT_LOAD, 0x284 / 4, false), "0x0"),
          "FS: clamped constant colour (3, -1) reads (1, 0)");
   expect(f.generic_imap_x[0] == 2 && !f.generic_imap_y[0] && !f.generic_imap_x[1] &&
             !f.imap_color_diffuse_red,
          "FS Imap: only generic 0 .x is transmitted");
   expect(starts(site_text(vs, vcode, JADE_PATCH_OUTPUT_STORE, 0x90 / 4, false), "NOP") &&
             starts(site_text(vs, vcode, JADE_PATCH_OUTPUT_STORE, 0x280 / 4, false), "NOP") &&
             !v.generic_omap_x[1] && !v.omap_color_front_diffuse_red,
          "VS: the all-constant stores (generic 1, colour 0) are NOPs and out of the Omap");
   expect(starts(site_text(vs, vcode, JADE_PATCH_OUTPUT_STORE, 0x80 / 4, false), "AST") &&
             v.generic_omap_x[0],
          "VS: generic 0 (x varies) is still stored");
   check_execution(&key, vs, fs, vcode, fcode, fh, ins, 3);
   expect(st.inputs_constant == 7,
          "7 FS loads became immediates (generic 0 .y, generic 1, colour .xy)");
   write_binary("constants", "vs", vcode, vs->code_size);
   write_binary("constants", "fs", fcode, fs->code_size);
}

/* gl_ClipVertex with user clip planes: the compiler computes all eight
 * distances from the planes in c[15]; the enabled ones are kept. */
static void
test_clip_vertex(void *mem)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX, jade_nir_options(), "vs");
   nir_variable *in = var(b.shader, nir_var_shader_in, 4, VERT_ATTRIB_GENERIC0, 0, NULL);
   nir_variable *pos = var(b.shader, nir_var_shader_out, 4, VARYING_SLOT_POS, 0, NULL);
   nir_variable *cv = var(b.shader, nir_var_shader_out, 4, VARYING_SLOT_CLIP_VERTEX, 1, NULL);
   nir_def *p = nir_load_var(&b, in);
   nir_store_var(&b, pos, p, 0xf);
   nir_store_var(&b, cv, nir_fmul_imm(&b, p, 0.5), 0xf);
   struct jade_shader_binary *vs = compile(mem, &b);
   const struct io ins[] = {{VAR(0), 0x1, SMOOTH}};
   struct jade_shader_binary *fs = make_fs(mem, ins, 1);
   printf("-- clip-vertex\n");
   if (!vs || !fs) {
      expect(false, "both shaders compile");
      return;
   }
   unsigned planes = 0, clip_vertex_stores = 0;
   for (size_t at = 0; at < vs->code_size; at += 16) {
      char t[160];
      text_at(vs->code, (unsigned)at, t, sizeof(t));
      planes += strstr(t, "c[0xf][0x4") != NULL;
      clip_vertex_stores += strstr(t, "a[0x270]") != NULL;
   }
   expect(planes >= 8, "the planes are read from c[15][0x400..0x47f]");
   expect(clip_vertex_stores == 1, "gl_ClipVertex itself is stored once, at a[0x270] (for a "
                                   "geometry shader reading gl_in[].gl_ClipVertex)");
   const struct jade_link_key key = {.clip_plane_enable = 0x0f};
   uint32_t vh[JADE_SPH_WORDS], fh[JADE_SPH_WORDS];
   uint64_t *vcode = ralloc_size(mem, vs->code_size), *fcode = ralloc_size(mem, fs->code_size);
   struct jade_link_stats st;
   jade_link(&key, vs, fs, vh, fh, vcode, fcode, &st);
   struct jade_sph_vtg v;
   jade_sph_vtg_unpack(vh, &v);
   expect(starts(site_text(vs, vcode, JADE_PATCH_OUTPUT_STORE, 0x2c0 / 4, false), "AST") &&
             starts(site_text(vs, vcode, JADE_PATCH_OUTPUT_STORE, 0x2d0 / 4, false), "NOP") &&
             v.omap_clip_distance3 && !v.omap_clip_distance4,
          "planes 0-3 enabled: distances 0-3 stored, 4-7 a NOP and out of the Omap");
   expect(starts(site_text(vs, vcode, JADE_PATCH_OUTPUT_STORE, 0x270 / 4, false), "NOP") &&
             !v.generic_omap_w[31],
          "linked with an FS, the clip vertex store is a NOP and a[0x270] out of the Omap");
   write_binary("clip-vertex", "vs", vcode, vs->code_size);
}

/* The hardware has ten texture coordinates, words 192..231 (jade_attr.h:
 * the header's TEX_IMAP arrays have ten entries), not GL's eight: every
 * one of their words depends on the point sprite state and has a
 * two-bit PS input map entry in tex_imap_*; the viewport mask after them
 * is neither. */
static void
test_texcoord_range(void)
{
   struct jade_io_signature io;
   memset(&io, 0, sizeof(io));
   struct jade_sph_ps h;
   memset(&h, 0, sizeof(h));
   bool ok = true;
   for (unsigned w = JADE_ATTR_WORD(JADE_ATTR_TEX_COORD(0));
        w <= JADE_ATTR_WORD(JADE_ATTR_VIEWPORT_MASK); w++) {
      const bool tex = w < JADE_ATTR_WORD(JADE_ATTR_VIEWPORT_MASK);
      struct jade_patch_site store = {.kind = JADE_PATCH_OUTPUT_STORE, .word = w, .count = 1};
      struct jade_patch_site load = {.kind = JADE_PATCH_INPUT_LOAD, .word = w, .count = 1};
      ok &= !!(jade_link_site_depends(&io, &store, false) & JADE_DEP_SPRITE) == tex;
      ok &= !!(jade_link_site_depends(&io, &load, false) & JADE_DEP_SPRITE) == tex;
      const unsigned i = (w - JADE_ATTR_WORD(JADE_ATTR_TEX_COORD(0))) / 4;
      const uint32_t *want = !tex         ? &h.imap_viewport_mask
                             : w % 4 == 0 ? &h.tex_imap_s[i]
                             : w % 4 == 1 ? &h.tex_imap_t[i]
                             : w % 4 == 2 ? &h.tex_imap_r[i]
                                          : &h.tex_imap_q[i];
      ok &= jade_sph_ps_imap(&h, w) == want && jade_sph_ps_imap_interpolated(w);
   }
   expect(ok, "texture coordinates 0-9 (words 192..231): sprite-dependent sites, "
              "two-bit tex_imap entries; the viewport mask (232) neither");
}

int
main(int argc, char **argv)
{
   glsl_type_singleton_init_or_ref();
   void *mem = ralloc_context(NULL);
   out_dir = argc > 1 ? argv[1] : NULL;

   test_gaps(mem);
   test_all_slots(mem);
   test_colors(mem);
   test_qualifiers(mem);
   test_clip_and_sprites(mem);
   test_clip_vertex(mem);
   test_constants(mem);
   test_texcoord_range();

   ralloc_free(mem);
   glsl_type_singleton_decref();
   printf("%u failed\n", failures);
   return failures ? 1 : 0;
}
