/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Fragment programs built in NIR (no GLSL front end in between), compiled
 * by Jade and run on the SM75 functional model as the GPU model's pixel
 * stage launches them (graphics I/O, the planes set here).
 *
 * terminate: NIR's terminate must end the invocation.  On the hardware
 * KILL only demotes a lane (it runs on as a helper until EXIT: NAK lowers
 * terminate to demote + halt for that reason, nak_nir.c), and the model
 * does the same.  GLSL cannot show the difference, as Mesa's
 * gl_nir_lower_discard_flow makes every loop after a discard test a flag;
 * NIR from elsewhere can: here the discarded pixels would loop (almost)
 * forever after the terminate, the model's instruction limit stops the
 * launch, and the test fails.
 */

#include <stdio.h>
#include <string.h>

#include "jade/jade_compiler.h"
#include "jade_sim.h"
#include "nir.h"
#include "nir_builder.h"
#include "util/ralloc.h"

#define PIX_W   8
#define PIX_H   4
#define THREADS (PIX_W * PIX_H)

static unsigned failures;

static void
expect(bool ok, const char *what)
{
   printf("%s %s\n", ok ? "ok  " : "FAIL", what);
   failures += !ok;
}

/* x = gl_FragCoord.x; n = int(x) - 3; if (n < 0) terminate;
 * i = 0; while (i != n) i++; colour 0 = (i, 1, 0, 1). */
static struct jade_shader_binary *
make_terminate_fs(void *mem)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, jade_nir_options(), "fs");
   nir_variable *color =
      nir_variable_create(b.shader, nir_var_shader_out, glsl_vec4_type(), "color");
   color->data.location = FRAG_RESULT_DATA0;
   nir_def *x = nir_channel(&b, nir_load_frag_coord(&b), 0);
   nir_def *n = nir_iadd_imm(&b, nir_f2i32(&b, x), -3);
   nir_terminate_if(&b, nir_ilt_imm(&b, n, 0));
   nir_variable *i = nir_local_variable_create(b.impl, glsl_int_type(), "i");
   nir_store_var(&b, i, nir_imm_int(&b, 0), 1);
   nir_push_loop(&b);
   {
      nir_def *iv = nir_load_var(&b, i);
      nir_push_if(&b, nir_ieq(&b, iv, n));
      nir_jump(&b, nir_jump_break);
      nir_pop_if(&b, NULL);
      nir_store_var(&b, i, nir_iadd_imm(&b, iv, 1), 1);
   }
   nir_pop_loop(&b, NULL);
   nir_def *f = nir_i2f32(&b, nir_load_var(&b, i));
   nir_store_var(&b, color,
                 nir_vec4(&b, f, nir_imm_float(&b, 1), nir_imm_float(&b, 0), nir_imm_float(&b, 1)),
                 0xf);
   ralloc_steal(mem, b.shader);
   char *error = NULL;
   struct jade_shader_binary *bin = jade_compile(mem, b.shader, NULL, &error);
   if (!bin)
      printf("  compile: %s\n", error);
   return bin;
}

static void
test_terminate(void *mem)
{
   printf("-- terminate before a loop that does not end for the terminated pixels\n");
   struct jade_shader_binary *fs = make_terminate_fs(mem);
   if (!fs) {
      expect(false, "the FS compiles");
      return;
   }
   /* a[0x70] (gl_FragCoord.x) is the pixel's x: rows of PIX_W threads. */
   static float plane[JADE_SIM_ATTR_WORDS][3];
   plane[0x70 / 4][0] = 1.0f;
   plane[0x7c / 4][2] = 1.0f;
   uint32_t regs[THREADS * 4];
   uint8_t killed[THREADS] = {0};
   struct jade_sim_graphics gfx = {
      .threads = THREADS,
      .plane = (const float(*)[3])plane,
      .width = PIX_W,
      .exit_regs = regs,
      .exit_reg_count = 4,
      .killed = killed,
   };
   /* A million warp instructions: the surviving pixels need a few hundred. */
   struct jade_sim_options opt = {
      .hazards = JADE_SIM_HAZARDS_FATAL,
      .log = stdout,
      .max_instructions = 1000000,
   };
   struct jade_sim *sim = jade_sim_create(&opt);
   jade_sim_set_code(sim, fs->code, fs->code_size);
   jade_sim_set_graphics(sim, &gfx);
   struct jade_sim_grid grid = {.grid = {1, 1, 1}, .block = {THREADS, 1, 1}};
   enum jade_sim_status status = jade_sim_launch(sim, &grid);
   if (status != JADE_SIM_OK)
      printf("     model: %s\n", jade_sim_message(sim));
   jade_sim_destroy(sim);
   expect(status == JADE_SIM_OK, "the launch ends (the terminated pixels stop)");
   unsigned bad = 0;
   for (unsigned t = 0; t < THREADS && status == JADE_SIM_OK; t++) {
      const unsigned x = t % PIX_W;
      float r;
      memcpy(&r, &regs[4 * t], 4);
      const bool ok = x < 3 ? killed[t] : !killed[t] && r == (float)(x - 3);
      if (!ok && bad++ < 4)
         printf("     pixel %u: killed %u, red %g\n", t, killed[t], r);
   }
   expect(status == JADE_SIM_OK && !bad, "pixels with x < 3 are killed, the others count to x - 3");
}

int
main(void)
{
   glsl_type_singleton_init_or_ref();
   void *mem = ralloc_context(NULL);
   test_terminate(mem);
   ralloc_free(mem);
   glsl_type_singleton_decref();
   printf("%u failed\n", failures);
   return failures ? 1 : 0;
}
