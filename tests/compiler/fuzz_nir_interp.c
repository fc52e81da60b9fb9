/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The fuzzer's reference (fuzz_nir.h): a NIR interpreter for the SSA
 * compute shaders the generator makes, one thread at a time.  ALU ops are
 * evaluated by nir_eval_const_opcode, the code NIR's constant folding
 * runs, so the reference has NIR's semantics and not Jade's.  Structured
 * control flow is walked as it nests; a block's phis take the values of
 * the block executed before it (its predecessor on this path).
 */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_nir.h"
#include "nir_constant_expressions.h"

/* Loop iterations per thread at most (the generator's loops run at most
 * 7 times each, nested 3 deep). */
#define MAX_ITERATIONS 100000

enum flow { FLOW_NEXT, FLOW_BREAK, FLOW_CONTINUE, FLOW_HALT };

struct interp {
   nir_const_value (*vals)[NIR_MAX_VEC_COMPONENTS];
   /* Per value: a NaN a float op made (its payload is the host's). */
   bool *nan;
   const uint32_t *in;
   uint32_t *out;
   unsigned wg, lid;
   nir_block *prev;
   unsigned iterations;
   char *err;
   size_t err_size;
   bool failed;
};

static enum flow
fail(struct interp *it, const char *what, const char *name)
{
   if (!it->failed)
      snprintf(it->err, it->err_size, "reference: %s%s%s", what, name ? " " : "", name ? name : "");
   it->failed = true;
   return FLOW_HALT;
}

static nir_const_value *
val(struct interp *it, nir_def *d)
{
   return it->vals[d->index];
}

static uint32_t
src32(struct interp *it, nir_src *s)
{
   return (uint32_t)val(it, s->ssa)[0].u64;
}

static uint64_t
src64(struct interp *it, nir_src *s)
{
   return val(it, s->ssa)[0].u64;
}

static bool
is_nan(nir_const_value v, unsigned bits)
{
   return bits == 64 ? isnan(v.f64) : bits == 32 ? isnan(v.f32) : false;
}

static bool
is_snan(nir_const_value v, unsigned bits)
{
   if (bits == 64)
      return isnan(v.f64) && !(v.u64 & (1ull << 51));
   return bits == 32 && isnan(v.f32) && !(v.u32 & (1u << 22));
}

/* Ops that move bits without looking at them: a float op's NaN may pass. */
static bool
moves_bits(nir_op op, unsigned src)
{
   switch (op) {
   case nir_op_mov:
   case nir_op_vec2:
   case nir_op_vec3:
   case nir_op_vec4:
   case nir_op_pack_64_2x32_split:
   case nir_op_unpack_64_2x32_split_x:
   case nir_op_unpack_64_2x32_split_y:
      return true;
   case nir_op_bcsel:
      return src > 0;
   default:
      return false;
   }
}

/* Whether d is f2i32(a) once NIR folds moves and x | 0, x ^ 0, x + 0. */
static bool
folds_to_f2i32(nir_def *d)
{
   for (unsigned depth = 0; depth < 16 && d->parent_instr->type == nir_instr_type_alu; depth++) {
      nir_alu_instr *alu = nir_instr_as_alu(d->parent_instr);
      if (alu->op == nir_op_f2i32)
         return true;
      if (alu->op == nir_op_mov) {
         d = alu->src[0].src.ssa;
         continue;
      }
      if (alu->op != nir_op_ior && alu->op != nir_op_ixor && alu->op != nir_op_iadd)
         return false;
      if (nir_src_is_const(alu->src[1].src) && nir_src_as_uint(alu->src[1].src) == 0)
         d = alu->src[0].src.ssa;
      else if (nir_src_is_const(alu->src[0].src) && nir_src_as_uint(alu->src[0].src) == 0)
         d = alu->src[1].src.ssa;
      else
         return false;
   }
   return false;
}

/* What NIR leaves undefined (or Mesa gets wrong) stops the reference, so
 * that neither the generator nor the reducer can make a program whose
 * reference result means nothing: division by zero, float-to-int out of
 * range or of NaN, signalling NaNs into fmin/fmax, a float op's NaN bits
 * into an integer op or an output. */
static const char *
undefined(struct interp *it, nir_alu_instr *alu, nir_const_value **srcs, bool *nan_out)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   *nan_out = false;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      unsigned bits = alu->src[i].src.ssa->bit_size;
      bool tainted = it->nan[alu->src[i].src.ssa->index];
      if (moves_bits(alu->op, i)) {
         /* A select passes on the NaN of the source it takes. */
         if (alu->op != nir_op_bcsel || srcs[0][0].b == (i == 1))
            *nan_out |= tainted;
         continue;
      }
      /* C's fminf(sNaN, x) is a NaN, the GPU's x (other ops give a NaN
       * either way, comparisons are quiet). */
      bool minmax = alu->op == nir_op_fmin || alu->op == nir_op_fmax || alu->op == nir_op_fsat;
      if (nir_alu_type_get_base_type(info->input_types[i]) == nir_type_float) {
         if (!minmax)
            continue;
         for (unsigned c = 0; c < nir_ssa_alu_instr_src_components(alu, i); c++)
            if (is_snan(srcs[i][c], bits))
               return "a signalling NaN into fmin, fmax or fsat";
      } else if (tainted) {
         return "a float op's NaN bits into an integer op";
      }
   }
   nir_const_value a = srcs[0][0], b = info->num_inputs > 1 ? srcs[1][0] : (nir_const_value){0};
   unsigned bits = alu->src[0].src.ssa->bit_size;
   switch (alu->op) {
   case nir_op_udiv:
   case nir_op_umod:
   case nir_op_idiv:
   case nir_op_imod:
   case nir_op_irem:
      if ((bits == 64 ? b.u64 : b.u32) == 0)
         return "division by zero";
      break;
   case nir_op_f2i32:
   case nir_op_f2u32: {
      double x = bits == 64 ? a.f64 : a.f32;
      bool sign = alu->op == nir_op_f2i32;
      if (isnan(x) || trunc(x) < (sign ? -2147483648.0 : 0.0) ||
          trunc(x) > (sign ? 2147483647.0 : 4294967295.0))
         return "a float-to-int conversion out of range";
      break;
   }
   case nir_op_ifind_msb:
      /* nir_opt_algebraic (Mesa 25.0) makes ufind_msb(f2i32(fabs(a))) of
       * it, wrong for negative powers of two: a Mesa bug, not Jade's. */
      if (folds_to_f2i32(alu->src[0].src.ssa))
         return "ifind_msb(f2i32(a)) (Mesa's nir_opt_algebraic rewrites it wrongly)";
      break;
   default:
      break;
   }
   return NULL;
}

static void
exec_alu(struct interp *it, nir_alu_instr *alu)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   nir_const_value srcs[NIR_ALU_MAX_INPUTS][NIR_MAX_VEC_COMPONENTS];
   nir_const_value *src_ptrs[NIR_ALU_MAX_INPUTS];
   /* The bit size of the unsized types, as nir_opt_constant_folding
    * finds it. */
   unsigned bit_size = 0;
   if (!nir_alu_type_get_type_size(info->output_type))
      bit_size = alu->def.bit_size;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      if (!bit_size && !nir_alu_type_get_type_size(info->input_types[i]))
         bit_size = alu->src[i].src.ssa->bit_size;
      nir_const_value *v = val(it, alu->src[i].src.ssa);
      unsigned n = nir_ssa_alu_instr_src_components(alu, i);
      for (unsigned c = 0; c < n; c++)
         srcs[i][c] = v[alu->src[i].swizzle[c]];
      src_ptrs[i] = srcs[i];
   }
   if (!bit_size)
      bit_size = 32;
   nir_const_value *dest = val(it, &alu->def);
   memset(dest, 0, sizeof(nir_const_value) * alu->def.num_components);
   bool nan = false;
   const char *ub = undefined(it, alu, src_ptrs, &nan);
   if (ub) {
      fail(it, "undefined:", ub);
      return;
   }
   nir_eval_const_opcode(alu->op, dest, alu->def.num_components, bit_size, src_ptrs,
                         FUZZ_FLOAT_CONTROLS);
   if (nir_alu_type_get_base_type(info->output_type) == nir_type_float)
      for (unsigned c = 0; c < alu->def.num_components; c++)
         nan |= is_nan(dest[c], alu->def.bit_size);
   it->nan[alu->def.index] = nan;
}

static bool
exec_intrinsic(struct interp *it, nir_intrinsic_instr *intr)
{
   nir_const_value *d = nir_intrinsic_infos[intr->intrinsic].has_dest ? val(it, &intr->def) : NULL;
   switch (intr->intrinsic) {
   case nir_intrinsic_load_workgroup_id:
      d[0].u64 = it->wg;
      d[1].u64 = d[2].u64 = 0;
      return true;
   case nir_intrinsic_load_local_invocation_id:
      d[0].u64 = it->lid;
      d[1].u64 = d[2].u64 = 0;
      return true;
   case nir_intrinsic_load_ubo: {
      uint32_t off = src32(it, &intr->src[1]);
      if (src32(it, &intr->src[0]) != 0 || (off != 0x160 && off != 0x168) ||
          intr->def.bit_size != 64)
         return false;
      d[0].u64 = off == 0x160 ? FUZZ_IN_BASE : FUZZ_OUT_BASE;
      return true;
   }
   case nir_intrinsic_load_global: {
      uint64_t a = src64(it, &intr->src[0]);
      if (intr->def.bit_size != 32 || intr->def.num_components != 1 || a < FUZZ_IN_BASE ||
          a >= FUZZ_IN_BASE + 4 * FUZZ_THREADS * FUZZ_IN_WORDS || a % 4)
         return false;
      d[0].u64 = it->in[(a - FUZZ_IN_BASE) / 4];
      return true;
   }
   case nir_intrinsic_load_ssbo: {
      uint32_t off = src32(it, &intr->src[1]);
      if (src32(it, &intr->src[0]) != 0 || off % 4 || off >= 4 * FUZZ_SSBO_WORDS ||
          intr->def.bit_size != 32 || intr->def.num_components != 1)
         return false;
      d[0].u64 = FUZZ_SSBO_WORD(off / 4);
      return true;
   }
   case nir_intrinsic_store_global: {
      uint64_t a = src64(it, &intr->src[1]);
      uint64_t w = (a - FUZZ_OUT_BASE) / 4;
      if (intr->src[0].ssa->bit_size != 32 || intr->src[0].ssa->num_components != 1 ||
          a < FUZZ_OUT_BASE || w >= FUZZ_THREADS * FUZZ_OUT_WORDS || a % 4)
         return false;
      if (it->nan[intr->src[0].ssa->index])
         return false;
      it->out[w] = src32(it, &intr->src[0]);
      return true;
   }
   default:
      return false;
   }
}

static enum flow
exec_block(struct interp *it, nir_block *block)
{
   /* Phis read their sources all before any is written. */
   nir_const_value phi_vals[64][NIR_MAX_VEC_COMPONENTS];
   unsigned nphis = 0;
   bool phi_nan[64];
   nir_foreach_phi(phi, block)
   {
      nir_phi_src *s = it->prev ? nir_phi_get_src_from_block(phi, it->prev) : NULL;
      if (!s || nphis == ARRAY_SIZE(phi_vals))
         return fail(it, "a phi without a source from the executed predecessor", NULL);
      phi_nan[nphis] = it->nan[s->src.ssa->index];
      memcpy(phi_vals[nphis++], val(it, s->src.ssa), sizeof(phi_vals[0]));
   }
   nphis = 0;
   nir_foreach_phi(phi, block)
   {
      it->nan[phi->def.index] = phi_nan[nphis];
      memcpy(val(it, &phi->def), phi_vals[nphis++], sizeof(phi_vals[0]));
   }

   it->prev = block;
   nir_foreach_instr (instr, block) {
      switch (instr->type) {
      case nir_instr_type_phi:
         break;
      case nir_instr_type_alu:
         exec_alu(it, nir_instr_as_alu(instr));
         if (it->failed)
            return FLOW_HALT;
         break;
      case nir_instr_type_load_const: {
         nir_load_const_instr *lc = nir_instr_as_load_const(instr);
         memcpy(val(it, &lc->def), lc->value, sizeof(nir_const_value) * lc->def.num_components);
         break;
      }
      case nir_instr_type_undef: {
         nir_undef_instr *u = nir_instr_as_undef(instr);
         memset(val(it, &u->def), 0, sizeof(nir_const_value) * u->def.num_components);
         break;
      }
      case nir_instr_type_intrinsic: {
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (!exec_intrinsic(it, intr))
            return fail(it, "unknown or out-of-range intrinsic (or a float op's NaN stored)",
                        nir_intrinsic_infos[intr->intrinsic].name);
         break;
      }
      case nir_instr_type_jump: {
         nir_jump_instr *j = nir_instr_as_jump(instr);
         if (j->type == nir_jump_break)
            return FLOW_BREAK;
         if (j->type == nir_jump_continue)
            return FLOW_CONTINUE;
         if (j->type == nir_jump_return || j->type == nir_jump_halt)
            return FLOW_HALT;
         return fail(it, "unknown jump", NULL);
      }
      default:
         return fail(it, "unknown instruction type", NULL);
      }
   }
   return FLOW_NEXT;
}

static enum flow
exec_cf_list(struct interp *it, struct exec_list *list)
{
   foreach_list_typed(nir_cf_node, node, node, list)
   {
      enum flow f = FLOW_NEXT;
      switch (node->type) {
      case nir_cf_node_block:
         f = exec_block(it, nir_cf_node_as_block(node));
         break;
      case nir_cf_node_if: {
         nir_if *nif = nir_cf_node_as_if(node);
         bool cond = val(it, nif->condition.ssa)[0].b;
         f = exec_cf_list(it, cond ? &nif->then_list : &nif->else_list);
         break;
      }
      case nir_cf_node_loop: {
         nir_loop *loop = nir_cf_node_as_loop(node);
         if (nir_loop_has_continue_construct(loop))
            return fail(it, "a loop with a continue construct", NULL);
         for (;;) {
            f = exec_cf_list(it, &loop->body);
            if (f == FLOW_HALT)
               return f;
            if (f == FLOW_BREAK) {
               f = FLOW_NEXT;
               break;
            }
            if (++it->iterations > MAX_ITERATIONS)
               return fail(it, "too many loop iterations", NULL);
         }
         break;
      }
      default:
         return fail(it, "unknown control flow", NULL);
      }
      if (f != FLOW_NEXT)
         return f;
   }
   return FLOW_NEXT;
}

bool
fuzz_nir_interpret(nir_shader *s, const uint32_t *in, uint32_t *out, char *err, size_t err_size)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(s);
   nir_index_ssa_defs(impl);
   struct interp it = {.in = in, .out = out, .err = err, .err_size = err_size};
   it.vals = calloc(impl->ssa_alloc + 1, sizeof(*it.vals));
   it.nan = calloc(impl->ssa_alloc + 1, sizeof(*it.nan));
   for (unsigned t = 0; t < FUZZ_THREADS && !it.failed; t++) {
      it.wg = t / FUZZ_GROUP;
      it.lid = t % FUZZ_GROUP;
      it.prev = NULL;
      it.iterations = 0;
      exec_cf_list(&it, &impl->body);
   }
   free(it.vals);
   free(it.nan);
   return !it.failed;
}
