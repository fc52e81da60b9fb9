/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Shaders the functional model cannot run (it has no surfaces): images
 * (load, store, atomics, CAS, size; 1D/2D/3D/array/cube/buffer; constant
 * and dynamic image units).  They must compile; their binaries go to the
 * directory given as argv[1], where check_compile_only.py compares them
 * with nvdisasm.
 */

#include <stdio.h>
#include <stdlib.h>

#include "jade/jade_compiler.h"
#include "nir.h"
#include "nir_builder.h"
#include "util/ralloc.h"

struct image_case {
   const char *name;
   enum glsl_sampler_dim dim;
   bool array;
   bool dynamic_unit;
};

static const struct image_case cases[] = {
   {"image-1d", GLSL_SAMPLER_DIM_1D, false, false},
   {"image-1d-array", GLSL_SAMPLER_DIM_1D, true, false},
   {"image-2d", GLSL_SAMPLER_DIM_2D, false, false},
   {"image-2d-array", GLSL_SAMPLER_DIM_2D, true, true},
   {"image-3d", GLSL_SAMPLER_DIM_3D, false, false},
   {"image-cube", GLSL_SAMPLER_DIM_CUBE, false, true},
   {"image-buffer", GLSL_SAMPLER_DIM_BUF, false, false},
};

static nir_shader *
build(const struct image_case *ic)
{
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, jade_nir_options(), "%s", ic->name);
   b.shader->info.workgroup_size[0] = 64;
   b.shader->info.workgroup_size[1] = 1;
   b.shader->info.workgroup_size[2] = 1;
   nir_def *id = nir_channel(&b, nir_load_local_invocation_id(&b), 0);
   nir_def *coord =
      nir_vec4(&b, id, nir_iadd_imm(&b, id, 1), nir_iadd_imm(&b, id, 2), nir_imm_int(&b, 0));
   nir_def *unit = ic->dynamic_unit ? nir_iand_imm(&b, id, 3) : nir_imm_int(&b, 1);
   nir_def *zero = nir_imm_int(&b, 0);
   nir_def *v = nir_image_load(&b, 4, 32, unit, coord, zero, zero, .image_dim = ic->dim,
                               .image_array = ic->array, .dest_type = nir_type_uint32);
   nir_def *sum = nir_iadd(&b, nir_channel(&b, v, 0), nir_channel(&b, v, 3));
   nir_image_store(&b, unit, coord, zero, nir_vec4(&b, sum, v, sum, id), zero, .image_dim = ic->dim,
                   .image_array = ic->array, .src_type = nir_type_uint32);
   nir_def *old = nir_image_atomic(&b, 32, unit, coord, zero, sum, .image_dim = ic->dim,
                                   .image_array = ic->array, .format = PIPE_FORMAT_R32_UINT,
                                   .atomic_op = nir_atomic_op_iadd);
   nir_def *cas = nir_image_atomic_swap(&b, 32, unit, coord, zero, old, id, .image_dim = ic->dim,
                                        .image_array = ic->array, .format = PIPE_FORMAT_R32_UINT,
                                        .atomic_op = nir_atomic_op_cmpxchg);
   nir_def *mx = nir_image_atomic(&b, 32, unit, coord, zero, cas, .image_dim = ic->dim,
                                  .image_array = ic->array, .format = PIPE_FORMAT_R32_SINT,
                                  .atomic_op = nir_atomic_op_imax);
   unsigned size_comps = glsl_get_sampler_dim_coordinate_components(ic->dim) + (ic->array ? 1 : 0);
   if (ic->dim == GLSL_SAMPLER_DIM_CUBE)
      size_comps = ic->array ? 3 : 2;
   nir_def *size = nir_image_size(&b, size_comps, 32, nir_imm_int(&b, 2), zero,
                                  .image_dim = ic->dim, .image_array = ic->array);
   nir_image_store(
      &b, nir_imm_int(&b, 2), coord, zero,
      nir_vec4(&b, mx, nir_channel(&b, size, 0), nir_channel(&b, size, size_comps - 1), cas), zero,
      .image_dim = ic->dim, .image_array = ic->array, .src_type = nir_type_uint32);
   return b.shader;
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: %s DIR\n", argv[0]);
      return 2;
   }
   glsl_type_singleton_init_or_ref();
   unsigned failed = 0;
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      void *mem = ralloc_context(NULL);
      nir_shader *nir = build(&cases[k]);
      ralloc_steal(mem, nir);
      char *error = NULL;
      struct jade_shader_binary *bin = jade_compile(mem, nir, NULL, &error);
      if (!bin) {
         printf("FAIL %s: %s\n", cases[k].name, error);
         failed++;
      } else {
         char path[4096];
         snprintf(path, sizeof(path), "%s/%s.bin", argv[1], cases[k].name);
         FILE *f = fopen(path, "wb");
         if (!f || fwrite(bin->code, 1, bin->code_size, f) != bin->code_size) {
            printf("FAIL %s: cannot write %s\n", cases[k].name, path);
            failed++;
         } else {
            printf("ok   %s (%u instructions)\n", cases[k].name, bin->stats.instructions);
         }
         if (f)
            fclose(f);
      }
      ralloc_free(mem);
   }
   glsl_type_singleton_decref();
   return failed ? 1 : 0;
}
