/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The fuzzer's NIR generator (fuzz_nir.h): straight-line ALU code over
 * booleans and 16/32/64-bit values, loads from the input buffer and an
 * SSBO, if/else and bounded loops nested up to three deep with values
 * carried out of them in local variables (phis once lowered), breaks and
 * continues.  Only ops whose NIR semantics are exact and
 * implementation-independent: no MUFU ops (rcp, sqrt, exp2, ...), divisors
 * made odd, float-to-int conversions clamped into range, and every float
 * result canonicalised (NaN -> one fixed NaN) before its bits meet an
 * integer op or an output, since NaN payloads differ between the host and
 * the GPU, and other bits' NaNs made quiet before a float op uses them.
 * All float ops are exact (no fusing or reassociating), as the reference
 * evaluates them one by one; signed zeros, infinities and NaNs are kept
 * (fp_fast_math), denormals too (the shader's float controls).
 */

#include "fuzz_nir.h"

#include "nir_builder.h"

#include "jade/jade_compiler.h"

enum cls { C1, C16, C32, C64, NCLS };
static const unsigned cls_bits[NCLS] = {1, 16, 32, 64};

#define POOL_MAX  512
#define VARS      3
#define MAX_DEPTH 3

/* What made a value: its NaNs need canonicalising before an integer op
 * (a float op's) or a float op (other bits: signalling NaNs). */
enum origin { INT, FLT, ANY_OP };

struct value {
   nir_def *def;
   enum origin origin;
};

struct gen {
   nir_builder *b;
   uint64_t rng;
   const struct fuzz_gen_options *opt;
   struct value pool[NCLS][POOL_MAX];
   unsigned n[NCLS];
   nir_variable *vars[NCLS][VARS];
   int budget;
   unsigned loops;
};

static unsigned
below(struct gen *g, unsigned n)
{
   return n ? fuzz_rand(&g->rng) % n : 0;
}

static bool
chance(struct gen *g, unsigned percent)
{
   return below(g, 100) < percent;
}

static bool
cls_on(struct gen *g, enum cls c)
{
   return c == C1 || c == C32 || (c == C16 && g->opt->bits16) || (c == C64 && g->opt->bits64);
}

static void
push(struct gen *g, nir_def *d, enum origin origin)
{
   enum cls c = d->bit_size == 1 ? C1 : d->bit_size == 16 ? C16 : d->bit_size == 32 ? C32 : C64;
   if (g->n[c] < POOL_MAX)
      g->pool[c][g->n[c]++] = (struct value){d, origin};
}

/* A value of class c, recent ones more often (long dependency chains). */
static struct value
pick(struct gen *g, enum cls c)
{
   unsigned n = g->n[c];
   if (n == 0) {
      nir_def *z = nir_imm_intN_t(g->b, fuzz_rand(&g->rng), cls_bits[c]);
      return (struct value){z, INT};
   }
   if (n > 6 && chance(g, 50))
      return g->pool[c][n - 1 - below(g, 6)];
   return g->pool[c][below(g, n)];
}

/* NaN -> one NaN, so that the bits are the same on the host and the GPU. */
static nir_def *
canon(struct gen *g, struct value v)
{
   nir_builder *b = g->b;
   if (v.origin == INT || v.def->bit_size < 32)
      return v.def;
   nir_def *nan =
      v.def->bit_size == 64 ? nir_imm_int64(b, 0x7ff8000000000000ll) : nir_imm_int(b, 0x7fc00000);
   return nir_bcsel(b, nir_feq(b, v.def, v.def), v.def, nan);
}

/* Integer sources: canonical bits. */
static nir_def *
isrc(struct gen *g, enum cls c)
{
   return canon(g, pick(g, c));
}

/* Float sources: a float op's result as it is, other bits with their NaNs
 * made the one quiet NaN (a signalling NaN's fmin/fmax differ between C
 * and the GPU, and NIR leaves them undefined). */
static nir_def *
fsrc(struct gen *g, enum cls c)
{
   struct value v = pick(g, c);
   if (v.origin == FLT)
      return v.def;
   v.origin = ANY_OP;
   return canon(g, v);
}

static nir_def *
imm(struct gen *g, enum cls c)
{
   static const uint32_t special[] = {
      0,  1,           2,           3,           0xffffffffu, 0x80000000u, 0x7fffffffu, 31,
      32, 0x3f800000u, 0xbf800000u, 0x00800000u, 0x007fffffu, 0x7f800000u, 0x4b000000u};
   uint64_t v = chance(g, 60) ? special[below(g, ARRAY_SIZE(special))] : fuzz_rand(&g->rng);
   if (c == C64)
      v = chance(g, 50) ? (uint64_t)(int64_t)(int32_t)v : v << 32 | fuzz_rand(&g->rng);
   return nir_imm_intN_t(g->b, v, cls_bits[c]);
}

/* One ALU op with a result of class c (or a boolean). */
static void
gen_int32(struct gen *g)
{
   nir_builder *b = g->b;
   static const nir_op bin[] = {
      nir_op_iadd, nir_op_isub,      nir_op_imul,      nir_op_iand, nir_op_ior,  nir_op_ixor,
      nir_op_ishl, nir_op_ishr,      nir_op_ushr,      nir_op_imin, nir_op_imax, nir_op_umin,
      nir_op_umax, nir_op_umul_high, nir_op_imul_high, nir_op_udiv, nir_op_umod};
   /* No ifind_msb: Mesa 25.0's nir_opt_algebraic rewrites
    * ifind_msb(f2i32(a)) as ufind_msb(f2i32(fabs(a))), wrong for negative
    * powers of two (-1.0: -1, not 0), and folding finds that shape behind
    * x | (y - y) too; a Mesa bug every driver shares (compiler-exec tests
    * ifind_msb on its own). */
   static const nir_op un[] = {
      nir_op_inot,      nir_op_ineg,      nir_op_iabs,    nir_op_bitfield_reverse,
      nir_op_bit_count, nir_op_ufind_msb, nir_op_find_lsb};
   nir_def *r;
   unsigned k = below(g, 10);
   if (k < 6) {
      nir_op op = bin[below(g, ARRAY_SIZE(bin))];
      nir_def *x = isrc(g, C32), *y = chance(g, 25) ? imm(g, C32) : isrc(g, C32);
      if (op == nir_op_udiv || op == nir_op_umod)
         y = nir_ior_imm(b, y, 1);
      if (chance(g, 10) && op != nir_op_udiv && op != nir_op_umod)
         r = nir_build_alu2(b, op, y, x);
      else
         r = nir_build_alu2(b, op, x, y);
   } else if (k < 8) {
      r = nir_build_alu1(b, un[below(g, ARRAY_SIZE(un))], isrc(g, C32));
   } else if (k < 9) {
      r = nir_bcsel(b, pick(g, C1).def, isrc(g, C32), chance(g, 30) ? imm(g, C32) : isrc(g, C32));
   } else {
      r = nir_b2i32(b, pick(g, C1).def);
   }
   push(g, r, INT);
}

static void
gen_float(struct gen *g, enum cls c)
{
   nir_builder *b = g->b;
   static const nir_op bin[] = {nir_op_fadd, nir_op_fsub, nir_op_fmul, nir_op_fmin, nir_op_fmax};
   static const nir_op un[] = {nir_op_fneg,   nir_op_fabs,   nir_op_ffloor,
                               nir_op_fceil,  nir_op_ftrunc, nir_op_fround_even,
                               nir_op_ffract, nir_op_fsat,   nir_op_fsign};
   unsigned k = below(g, 10);
   nir_def *r;
   if (k < 5) {
      nir_def *x = fsrc(g, c), *y = chance(g, 25) ? imm(g, c) : fsrc(g, c);
      r = nir_build_alu2(b, bin[below(g, ARRAY_SIZE(bin))], x, y);
   } else if (k < 6) {
      r = nir_ffma(b, fsrc(g, c), fsrc(g, c), fsrc(g, c));
   } else if (k < 8 || c == C64) {
      nir_op op = un[below(g, ARRAY_SIZE(un))];
      /* fsign of a double: nir_opt_algebraic's nir_lower_dsign pattern
       * (Mesa 25.0) gives +0.0 for -0.0 even where the op keeps signed
       * zeros, a Mesa bug (GL does not keep them). */
      if (op == nir_op_fsign && c == C64)
         op = nir_op_ffloor;
      /* fround_even and ffract of doubles: nir_lower_doubles. */
      r = nir_build_alu1(b, op, fsrc(g, c));
      /* fneg and fabs only touch the sign: a signalling NaN stays one. */
      if (op == nir_op_fneg || op == nir_op_fabs) {
         push(g, r, ANY_OP);
         return;
      }
   } else if (k < 9) {
      r = chance(g, 50) ? nir_i2f32(b, isrc(g, C32)) : nir_u2f32(b, isrc(g, C32));
   } else {
      r = nir_b2f32(b, pick(g, C1).def);
   }
   push(g, r, FLT);
}

/* Float to integer: clamped into the range (out of range is undefined). */
static void
gen_f2i(struct gen *g)
{
   nir_builder *b = g->b;
   nir_def *x = fsrc(g, C32);
   if (chance(g, 50)) {
      x = nir_fmin(b, nir_fmax(b, x, nir_imm_float(b, -2.0e9f)), nir_imm_float(b, 2.0e9f));
      push(g, nir_f2i32(b, x), INT);
   } else {
      x = nir_fmin(b, nir_fmax(b, x, nir_imm_float(b, 0.0f)), nir_imm_float(b, 4.0e9f));
      push(g, nir_f2u32(b, x), INT);
   }
}

static void
gen_bool(struct gen *g)
{
   nir_builder *b = g->b;
   static const nir_op icmp[] = {nir_op_ieq, nir_op_ine, nir_op_ilt,
                                 nir_op_ige, nir_op_ult, nir_op_uge};
   static const nir_op fcmp[] = {nir_op_feq, nir_op_fneu, nir_op_flt, nir_op_fge};
   static const nir_op blog[] = {nir_op_iand, nir_op_ior, nir_op_ixor};
   unsigned k = below(g, 10);
   nir_def *r;
   enum cls c = cls_on(g, C64) && chance(g, 20) ? C64 : C32;
   if (k < 4)
      r = nir_build_alu2(b, icmp[below(g, ARRAY_SIZE(icmp))], isrc(g, c),
                         chance(g, 30) ? imm(g, c) : isrc(g, c));
   else if (k < 7)
      r = nir_build_alu2(b, fcmp[below(g, ARRAY_SIZE(fcmp))], fsrc(g, c), fsrc(g, c));
   else if (k < 9)
      r = nir_build_alu2(b, blog[below(g, ARRAY_SIZE(blog))], pick(g, C1).def, pick(g, C1).def);
   else
      r = chance(g, 50) ? nir_inot(b, pick(g, C1).def)
                        : nir_bcsel(b, pick(g, C1).def, pick(g, C1).def, pick(g, C1).def);
   push(g, r, INT);
}

static void
gen_int64(struct gen *g)
{
   nir_builder *b = g->b;
   static const nir_op bin[] = {nir_op_iadd, nir_op_isub, nir_op_imul, nir_op_iand, nir_op_ior,
                                nir_op_ixor, nir_op_imin, nir_op_imax, nir_op_umin, nir_op_umax};
   static const nir_op shift[] = {nir_op_ishl, nir_op_ishr, nir_op_ushr};
   unsigned k = below(g, 10);
   nir_def *r;
   if (k < 4) {
      r = nir_build_alu2(b, bin[below(g, ARRAY_SIZE(bin))], isrc(g, C64),
                         chance(g, 25) ? imm(g, C64) : isrc(g, C64));
   } else if (k < 5) {
      r = nir_build_alu2(b, shift[below(g, ARRAY_SIZE(shift))], isrc(g, C64), isrc(g, C32));
   } else if (k < 6) {
      r = chance(g, 50) ? nir_i2i64(b, isrc(g, C32)) : nir_u2u64(b, isrc(g, C32));
   } else if (k < 7) {
      r = nir_pack_64_2x32_split(b, isrc(g, C32), isrc(g, C32));
   } else if (k < 8) {
      r = nir_bcsel(b, pick(g, C1).def, isrc(g, C64), isrc(g, C64));
   } else if (k < 9) {
      nir_def *x = isrc(g, C64);
      push(g, chance(g, 50) ? nir_unpack_64_2x32_split_x(b, x) : nir_unpack_64_2x32_split_y(b, x),
           INT);
      return;
   } else {
      nir_def *x = chance(g, 50) ? nir_f2f64(b, fsrc(g, C32)) : fsrc(g, C64);
      if (chance(g, 50)) {
         push(g, nir_f2f32(b, x), FLT);
         return;
      }
      push(g, x, FLT);
      return;
   }
   push(g, r, INT);
}

static void
gen_int16(struct gen *g)
{
   nir_builder *b = g->b;
   static const nir_op bin[] = {nir_op_iadd, nir_op_isub, nir_op_imul, nir_op_iand,
                                nir_op_ior,  nir_op_ixor, nir_op_imin, nir_op_umax};
   unsigned k = below(g, 10);
   if (k < 3) {
      nir_def *x = isrc(g, C32);
      push(g, chance(g, 50) ? nir_u2u16(b, x) : nir_i2i16(b, x), INT);
   } else if (k < 8) {
      push(g, nir_build_alu2(b, bin[below(g, ARRAY_SIZE(bin))], isrc(g, C16), isrc(g, C16)), INT);
   } else {
      nir_def *x = isrc(g, C16);
      push(g, chance(g, 50) ? nir_u2u32(b, x) : nir_i2i32(b, x), INT);
   }
}

static void
gen_alu(struct gen *g)
{
   unsigned k = below(g, 100);
   if (k < 35)
      gen_int32(g);
   else if (k < 55)
      gen_float(g, C32);
   else if (k < 60)
      gen_f2i(g);
   else if (k < 75)
      gen_bool(g);
   else if (k < 87 && cls_on(g, C64))
      gen_int64(g);
   else if (k < 90 && cls_on(g, C64))
      gen_float(g, C64);
   else if (k < 95 && cls_on(g, C16))
      gen_int16(g);
   else
      gen_int32(g);
   g->budget--;
}

static nir_def *
thread_index(nir_builder *b)
{
   nir_def *wg = nir_channel(b, nir_load_workgroup_id(b), 0);
   nir_def *lid = nir_channel(b, nir_load_local_invocation_id(b), 0);
   return nir_iadd(b, nir_imul_imm(b, wg, FUZZ_GROUP), lid);
}

static nir_def *
buffer_address(nir_builder *b, unsigned param, nir_def *index, unsigned words)
{
   nir_def *base = nir_load_ubo(b, 1, 64, nir_imm_int(b, 0), nir_imm_int(b, 0x160 + 8 * param),
                                .align_mul = 8, .range = ~0);
   return nir_iadd(b, base, nir_u2u64(b, nir_imul_imm(b, index, 4 * words)));
}

static void gen_block(struct gen *g, unsigned depth, bool in_loop);

static void
gen_if(struct gen *g, unsigned depth, bool in_loop)
{
   nir_builder *b = g->b;
   unsigned saved[NCLS];
   memcpy(saved, g->n, sizeof(saved));
   nir_push_if(b, pick(g, C1).def);
   gen_block(g, depth + 1, in_loop);
   memcpy(g->n, saved, sizeof(saved));
   if (chance(g, 60)) {
      nir_push_else(b, NULL);
      gen_block(g, depth + 1, in_loop);
      memcpy(g->n, saved, sizeof(saved));
   }
   nir_pop_if(b, NULL);
}

/* A loop of at most 7 iterations: the counter is checked and stepped
 * first, so that breaks and continues anywhere keep it bounded. */
static void
gen_loop(struct gen *g, unsigned depth)
{
   nir_builder *b = g->b;
   g->loops++;
   nir_variable *i = nir_local_variable_create(b->impl, glsl_uint_type(), "i");
   nir_def *bound =
      chance(g, 40) ? nir_imm_int(b, 1 + below(g, 6)) : nir_iand_imm(b, isrc(g, C32), 7);
   nir_store_var(b, i, nir_imm_int(b, 0), 1);
   unsigned saved[NCLS];
   memcpy(saved, g->n, sizeof(saved));
   nir_push_loop(b);
   {
      nir_def *iv = nir_load_var(b, i);
      nir_push_if(b, nir_uge(b, iv, bound));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      nir_store_var(b, i, nir_iadd_imm(b, iv, 1), 1);
      push(g, iv, INT);
      gen_block(g, depth + 1, true);
   }
   nir_pop_loop(b, NULL);
   memcpy(g->n, saved, sizeof(saved));
}

static void
gen_var_store(struct gen *g)
{
   enum cls c = below(g, NCLS);
   if (!cls_on(g, c))
      c = C32;
   struct value v = pick(g, c);
   /* Loaded back as of either origin: the origin does not travel. */
   nir_store_var(g->b, g->vars[c][below(g, VARS)], v.def, 1);
}

static void
gen_var_load(struct gen *g)
{
   enum cls c = below(g, NCLS);
   if (!cls_on(g, c))
      c = C32;
   push(g, nir_load_var(g->b, g->vars[c][below(g, VARS)]), ANY_OP);
}

static void
gen_ssbo_load(struct gen *g)
{
   nir_builder *b = g->b;
   nir_def *off = nir_imul_imm(b, nir_iand_imm(b, isrc(g, C32), FUZZ_SSBO_WORDS - 1), 4);
   push(g, nir_load_ssbo(b, 1, 32, nir_imm_int(b, 0), off, .align_mul = 4), INT);
}

static void
gen_block(struct gen *g, unsigned depth, bool in_loop)
{
   unsigned len = 2 + below(g, 12);
   for (unsigned s = 0; s < len && g->budget > 0; s++) {
      unsigned k = below(g, 100);
      if (k < 8 && depth < MAX_DEPTH) {
         gen_if(g, depth, in_loop);
      } else if (k < 13 && depth < MAX_DEPTH && g->loops < 4) {
         gen_loop(g, depth);
      } else if (k < 21) {
         gen_var_store(g);
      } else if (k < 26) {
         gen_var_load(g);
      } else if (k < 29) {
         gen_ssbo_load(g);
      } else if (k < 32 && in_loop) {
         /* A jump ends its block: in an if of its own. */
         nir_push_if(g->b, pick(g, C1).def);
         nir_jump(g->b, chance(g, 60) ? nir_jump_break : nir_jump_continue);
         nir_pop_if(g->b, NULL);
      } else {
         gen_alu(g);
      }
   }
}

static const struct glsl_type *
cls_type(enum cls c)
{
   switch (c) {
   case C1:
      return glsl_bool_type();
   case C16:
      return glsl_uint16_t_type();
   case C64:
      return glsl_uint64_t_type();
   default:
      return glsl_uint_type();
   }
}

void
fuzz_nir_cleanup(nir_shader *s)
{
   nir_lower_vars_to_ssa(s);
   nir_opt_dce(s);
   nir_remove_dead_variables(s, nir_var_function_temp, NULL);
   nir_validate_shader(s, "fuzz_nir_cleanup");
}

nir_shader *
fuzz_nir_generate(void *mem_ctx, uint64_t seed, const struct fuzz_gen_options *opt)
{
   nir_builder builder = nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, jade_nir_options(),
                                                        "fuzz_%016llx", (unsigned long long)seed);
   nir_builder *b = &builder;
   ralloc_steal(mem_ctx, b->shader);
   b->shader->info.workgroup_size[0] = FUZZ_GROUP;
   b->shader->info.workgroup_size[1] = 1;
   b->shader->info.workgroup_size[2] = 1;
   b->shader->info.first_ubo_is_default_ubo = true;
   b->shader->info.float_controls_execution_mode = FUZZ_FLOAT_CONTROLS;
   b->exact = true;
   /* NIR may drop signed zeros, infinities and NaNs of an op without these
    * (fmul(a, 0.0) -> 0.0); the reference keeps them all. */
   b->fp_fast_math = FLOAT_CONTROLS_SIGNED_ZERO_INF_NAN_PRESERVE_FP32 |
                     FLOAT_CONTROLS_SIGNED_ZERO_INF_NAN_PRESERVE_FP64;

   struct gen *g = rzalloc(mem_ctx, struct gen);
   g->b = b;
   g->rng = seed;
   g->opt = opt;
   g->budget = (int)opt->size;

   nir_def *index = thread_index(b);
   push(g, index, INT);
   nir_def *in_addr = buffer_address(b, 0, index, FUZZ_IN_WORDS);
   for (unsigned w = 0; w < FUZZ_IN_WORDS; w++)
      push(g, nir_load_global(b, nir_iadd_imm(b, in_addr, 4 * w), 4, 1, 32), INT);
   if (cls_on(g, C64))
      push(g, nir_pack_64_2x32_split(b, g->pool[C32][1].def, g->pool[C32][2].def), INT);
   if (cls_on(g, C16))
      push(g, nir_u2u16(b, g->pool[C32][3].def), INT);
   push(g, nir_ilt(b, g->pool[C32][1].def, g->pool[C32][2].def), INT);
   for (enum cls c = 0; c < NCLS; c++) {
      for (unsigned v = 0; v < VARS; v++) {
         g->vars[c][v] = nir_local_variable_create(b->impl, cls_type(c), "v");
         if (cls_on(g, c))
            nir_store_var(b, g->vars[c][v], pick(g, c).def, 1);
      }
   }

   while (g->budget > 0)
      gen_block(g, 0, false);

   /* The outputs: recent values of every class, as 32-bit words. */
   nir_def *out_addr = buffer_address(b, 1, index, FUZZ_OUT_WORDS);
   for (unsigned w = 0; w < FUZZ_OUT_WORDS; w++) {
      enum cls c = w < 4 ? C32 : below(g, NCLS);
      if (!cls_on(g, c))
         c = C32;
      nir_def *v = canon(g, g->n[c] && w < 2 ? g->pool[c][g->n[c] - 1 - w] : pick(g, c));
      if (c == C1)
         v = nir_b2i32(b, v);
      else if (c == C16)
         v = nir_u2u32(b, v);
      else if (c == C64)
         v = nir_ixor(b, nir_unpack_64_2x32_split_x(b, v), nir_unpack_64_2x32_split_y(b, v));
      nir_store_global(b, nir_iadd_imm(b, out_addr, 4 * w), 4, v, 1);
   }
   nir_shader *s = b->shader;
   fuzz_nir_cleanup(s);
   return s;
}
