/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * A binary as the disk cache keeps it (jade_binary.c): a compiled vertex
 * and fragment shader (with patch sites, an I/O signature and header
 * fields) read back field for field as compiled; every truncation, every
 * single flipped bit and a binary whose checksum holds but whose patch
 * site points past its code are all rejected.
 */

#include <stdio.h>
#include <string.h>

#include "jade/jade_compiler.h"
#include "nir.h"
#include "nir_builder.h"
#include "util/blob.h"
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

static nir_shader *
vertex_shader(void)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX, jade_nir_options(), "vs");
   nir_variable *in =
      var(b.shader, nir_var_shader_in, glsl_vec4_type(), VERT_ATTRIB_GENERIC0, 0, INTERP_MODE_NONE);
   nir_variable *pos =
      var(b.shader, nir_var_shader_out, glsl_vec4_type(), VARYING_SLOT_POS, 0, INTERP_MODE_NONE);
   nir_variable *col =
      var(b.shader, nir_var_shader_out, glsl_vec4_type(), VARYING_SLOT_COL0, 1, INTERP_MODE_NONE);
   nir_def *p = nir_load_var(&b, in);
   nir_store_var(&b, pos, p, 0xf);
   nir_store_var(&b, col, nir_fmul_imm(&b, p, 0.5), 0xf);
   return b.shader;
}

static nir_shader *
fragment_shader(void)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, jade_nir_options(), "fs");
   nir_variable *tc =
      var(b.shader, nir_var_shader_in, glsl_vec_type(2), VARYING_SLOT_VAR1, 0, INTERP_MODE_SMOOTH);
   nir_variable *col =
      var(b.shader, nir_var_shader_in, glsl_vec4_type(), VARYING_SLOT_COL0, 1, INTERP_MODE_NONE);
   nir_variable *out =
      var(b.shader, nir_var_shader_out, glsl_vec4_type(), FRAG_RESULT_DATA0, 0, INTERP_MODE_NONE);
   nir_def *t = nir_load_var(&b, tc), *c = nir_load_var(&b, col);
   nir_discard_if(&b, nir_flt_imm(&b, nir_channel(&b, t, 0), 0.5f));
   nir_store_var(&b, out,
                 nir_fadd(&b, c,
                          nir_vec4(&b, nir_channel(&b, t, 0), nir_channel(&b, t, 1),
                                   nir_imm_float(&b, 0), nir_imm_float(&b, 1))),
                 0xf);
   return b.shader;
}

static bool
same_binary(const struct jade_shader_binary *a, const struct jade_shader_binary *b)
{
   return a->code_size == b->code_size && !memcmp(a->code, b->code, a->code_size) &&
          a->stage == b->stage && a->shared_size == b->shared_size &&
          a->local_size == b->local_size && a->writes_global == b->writes_global &&
          a->accesses_global == b->accesses_global &&
          !memcmp(&a->stats, &b->stats, sizeof(a->stats)) &&
          !memcmp(&a->io, &b->io, sizeof(a->io)) && a->patch_count == b->patch_count &&
          (!a->patch_count ||
           !memcmp(a->patches, b->patches, a->patch_count * sizeof(*a->patches))) &&
          !memcmp(a->sph, b->sph, sizeof(a->sph)) && !memcmp(&a->gs, &b->gs, sizeof(a->gs)) &&
          !memcmp(&a->tess, &b->tess, sizeof(a->tess));
}

static void
check(void *mem, nir_shader *nir, const char *name)
{
   char what[160], *error = NULL;
   ralloc_steal(mem, nir);
   /* Compiled binaries are zero-filled where a struct has padding, so the
    * whole-struct comparisons above compare fields only. */
   struct jade_shader_binary *bin = jade_compile(mem, nir, NULL, &error);
   snprintf(what, sizeof(what), "%s compiles", name);
   expect(bin != NULL, what);
   if (!bin)
      return;

   struct blob blob;
   blob_init(&blob);
   jade_binary_serialize(&blob, bin);
   struct jade_shader_binary *back = jade_binary_deserialize(mem, blob.data, blob.size);
   snprintf(what, sizeof(what), "%s: %u patch sites, %zu bytes of code, read back field for field",
            name, bin->patch_count, bin->code_size);
   expect(back && same_binary(bin, back), what);

   unsigned truncations = 0, flips = 0;
   for (size_t n = 0; n < blob.size; n++)
      truncations += jade_binary_deserialize(mem, blob.data, n) == NULL;
   uint8_t *copy = malloc(blob.size);
   for (size_t i = 0; i < blob.size; i++) {
      for (unsigned bit = 0; bit < 8; bit++) {
         memcpy(copy, blob.data, blob.size);
         copy[i] ^= 1u << bit;
         flips += jade_binary_deserialize(mem, copy, blob.size) == NULL;
      }
   }
   snprintf(what, sizeof(what), "%s: all %zu truncations rejected (%u)", name, blob.size,
            truncations);
   expect(truncations == blob.size, what);
   snprintf(what, sizeof(what), "%s: all %zu single-bit flips rejected (%u)", name, blob.size * 8,
            flips);
   expect(flips == blob.size * 8, what);
   free(copy);
   blob_finish(&blob);

   /* A whole, checksummed entry that describes code it does not have. */
   if (bin->patch_count) {
      const uint32_t offset = bin->patches[0].offset;
      bin->patches[0].offset = bin->code_size;
      blob_init(&blob);
      jade_binary_serialize(&blob, bin);
      snprintf(what, sizeof(what), "%s: a patch site past the code is rejected", name);
      expect(!jade_binary_deserialize(mem, blob.data, blob.size), what);
      blob_finish(&blob);
      bin->patches[0].offset = offset;
   }
}

int
main(void)
{
   glsl_type_singleton_init_or_ref();
   void *mem = ralloc_context(NULL);
   check(mem, vertex_shader(), "VS");
   check(mem, fragment_shader(), "FS");
   ralloc_free(mem);
   glsl_type_singleton_decref();
   printf("%u failed\n", failures);
   return failures ? 1 : 0;
}
