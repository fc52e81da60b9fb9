/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Instruction selection of control flow (structured if/else and loops
 * with BSSY/BSYNC/BREAK), phis, and the entry point.
 */

#include "jade_isel.h"
#include "util/ralloc.h"
#include "util/set.h"

/* A phi: its values now (the NIR block's first instructions), its sources
 * once every block is selected (a loop's back edge comes later). */
static bool
isel_phi(struct isel *c, nir_phi_instr *phi)
{
   nir_def *def = &phi->def;
   for (unsigned k = 0; k < def->num_components; k++) {
      struct jade_value *v = def->bit_size == 1 && c->bools_in_gpr
                                ? jade_value_create(c->s, JADE_FILE_GPR, 1)
                                : isel_new_value(c, def->bit_size);
      isel_set_def(c, def, k, v);
      /* PHIs head their block (a join block starts with BSYNC before the
       * NIR block's code). */
      struct jade_instr *first = NULL;
      jade_foreach_instr (c->block, j) {
         if (j->op != JADE_OP_PHI) {
            first = j;
            break;
         }
      }
      struct jade_builder b = jade_builder_at(c->s, first ? jade_before_instr(c->block, first)
                                                          : jade_after_block(c->block));
      jade_PHI(&b, jade_v(v));
   }
   return true;
}

/* The sources of every phi of a NIR block: each predecessor's value, from
 * the Jade block its code ends in. */
static bool
isel_phi_sources(struct isel *c, nir_function_impl *impl)
{
   nir_foreach_block (block, impl) {
      nir_foreach_phi(phi, block)
      {
         for (unsigned k = 0; k < phi->def.num_components; k++) {
            struct jade_value *dst = c->defs[phi->def.index][k];
            struct jade_instr *i = NULL;
            /* The PHI that defines dst. */
            jade_foreach_block (c->s, jb) {
               jade_foreach_instr (jb, ji) {
                  if (ji->op == JADE_OP_PHI && ji->dst[0].value == dst->index)
                     i = ji;
                  if (ji->op != JADE_OP_PHI)
                     break;
               }
               if (i)
                  break;
            }
            if (!i)
               return jade_ir_error(c->s, "a phi lost its instruction");
            nir_foreach_phi_src(src, phi)
            {
               if (i->src_count == JADE_MAX_SRCS)
                  return jade_ir_error(c->s, "a phi with more than %u predecessors", JADE_MAX_SRCS);
               struct jade_value *v = isel_src(c, src->src.ssa, k);
               if (v->file != dst->file) {
                  return jade_ir_error(c->s, "a phi source in another register file");
               }
               jade_phi_src(i, v, c->block_end[src->pred->index]);
            }
         }
      }
   }
   return !c->s->error;
}

static struct jade_instr *
isel_branch(struct isel *c, int target, struct jade_value *cond, bool cond_not)
{
   struct jade_instr *i = jade_BRA(&c->b);
   i->target_block = target;
   if (cond)
      jade_guard(i, cond, cond_not);
   return i;
}

static bool isel_cf_list(struct isel *c, struct exec_list *list);

/* Whether a block ends in an unconditional isel_branch (break, continue). */
static bool
isel_ends_in_jump(struct jade_block *block)
{
   if (list_is_empty(&block->instrs))
      return false;
   struct jade_instr *last = list_last_entry(&block->instrs, struct jade_instr, link);
   return last->op == JADE_ISA_OP_BRA && jade_instr_is_unguarded(last);
}

static bool
block_has_phis(nir_block *block)
{
   nir_instr *first = block ? nir_block_first_instr(block) : NULL;
   return first && first->type == nir_instr_type_phi;
}

/* The predicate of an if whose body becomes one guarded instruction (no
 * reconvergence barrier): a negated condition is its operand with the
 * guard's complement. */
static struct jade_value *
if_predicate(struct isel *c, nir_if *nif, bool *negate)
{
   nir_def *cond_def = nif->condition.ssa;
   *negate = false;
   nir_alu_instr *inot = nir_src_as_alu_instr(nif->condition);
   if (inot && inot->op == nir_op_inot && cond_def->bit_size == 1) {
      cond_def = inot->src[0].src.ssa;
      *negate = true;
   }
   return isel_bool_value(c, isel_src(c, cond_def, 0));
}

/* if (c) break; / if (c) continue; with nothing else: the lanes that jump
 * leave, the others go on, so no reconvergence is needed:
 *    @c BREAK Bn (the ifs between the loop and here) ; @c BRA target
 * Only where neither the target nor the code after the if has phis (the
 * jumping block would then need copies on one edge only). */
static bool
isel_if_jump(struct isel *c, nir_if *nif)
{
   nir_block *then_b = nir_if_first_then_block(nif), *else_b = nir_if_first_else_block(nif);
   if (then_b != nir_if_last_then_block(nif) || else_b != nir_if_last_else_block(nif) ||
       !exec_list_is_empty(&else_b->instr_list))
      return false;
   nir_instr *only = nir_block_first_instr(then_b);
   if (!only || only != nir_block_last_instr(then_b) || only->type != nir_instr_type_jump)
      return false;
   nir_jump_instr *jump = nir_instr_as_jump(only);
   if ((jump->type != nir_jump_break && jump->type != nir_jump_continue) ||
       block_has_phis(then_b->successors[0]) ||
       block_has_phis(nir_cf_node_as_block(nir_cf_node_next(&nif->cf_node))))
      return false;
   bool negate;
   struct jade_value *cond = if_predicate(c, nif, &negate);
   for (unsigned bar = c->loop_inner_barrier; bar < c->barrier_depth; bar++)
      jade_guard(jade_BREAK(&c->b, .bar = bar), cond, negate);
   isel_branch(c, jump->type == nir_jump_break ? c->loop_exit : c->loop_header, cond, negate);
   c->block_end[then_b->index] = c->block->index;
   c->block_end[else_b->index] = c->block->index;
   /* The branch ends its block; the lanes that stay go on in a new one. */
   isel_set_block(c, jade_block_create(c->s));
   return true;
}

/* if (c) { demote; halt } (a discard: NIR's terminate_if lowered as NAK
 * lowers it) with nothing else: @c KILL ; @c EXIT, no reconvergence
 * needed (exited lanes never block a BSYNC: NAK nak_nir_lower_cf.c). */
static bool
isel_if_terminate(struct isel *c, nir_if *nif)
{
   nir_block *then_b = nir_if_first_then_block(nif), *else_b = nir_if_first_else_block(nif);
   if (then_b != nir_if_last_then_block(nif) || else_b != nir_if_last_else_block(nif) ||
       !exec_list_is_empty(&else_b->instr_list) ||
       block_has_phis(nir_cf_node_as_block(nir_cf_node_next(&nif->cf_node))))
      return false;
   nir_instr *first = nir_block_first_instr(then_b), *last = nir_block_last_instr(then_b);
   if (!first || first->type != nir_instr_type_intrinsic ||
       nir_instr_as_intrinsic(first)->intrinsic != nir_intrinsic_demote ||
       nir_instr_next(first) != last || last->type != nir_instr_type_jump ||
       nir_instr_as_jump(last)->type != nir_jump_halt)
      return false;
   bool negate;
   struct jade_value *cond = if_predicate(c, nif, &negate);
   c->s->io.uses_discard = true;
   jade_guard(jade_KILL(&c->b), cond, negate);
   jade_guard(jade_EXIT(&c->b), cond, negate);
   c->block_end[then_b->index] = c->block->index;
   c->block_end[else_b->index] = c->block->index;
   isel_set_block(c, jade_block_create(c->s));
   return true;
}

/* Opens a convergence barrier (BSSY Bn) where `needed`: *bssy is it, or
 * NULL without one; false (an error) past the 16 barriers. */
static bool
open_barrier(struct isel *c, bool needed, struct jade_instr **bssy)
{
   *bssy = NULL;
   if (!needed)
      return true;
   if (c->barrier_depth >= JADE_CONVERGENCE_BARRIERS)
      return jade_ir_error(c->s, "control flow nested deeper than %u", JADE_CONVERGENCE_BARRIERS);
   *bssy = jade_BSSY(&c->b, .bar = c->barrier_depth++);
   return true;
}

/* Closes the innermost barrier, if bssy opened one: the lanes meet at the
 * BSYNC that starts `join`. */
static void
close_barrier(struct isel *c, struct jade_instr *bssy, struct jade_block *join)
{
   if (!bssy)
      return;
   jade_BSYNC(&c->b, .bar = --c->barrier_depth);
   bssy->target_block = (int)join->index;
}

static bool if_needs_barrier(struct isel *c, nir_if *nif);

/* The most instructions a warp whose lanes parted may run twice (each
 * part on its own) instead of meeting at a barrier first: BSSY and BSYNC
 * cost two instructions on every warp, parted or not, so a tail this
 * short costs less run twice by the warps that part. */
#define JADE_UNSYNCED_TAIL_MAX 8

/* What `instr` costs run by parted lanes, -1 when it needs the lanes
 * together (derivatives, implicit-lod texturing, anything reading other
 * lanes) or is not on the short list of per-lane work. */
static int
unsynced_cost(nir_instr *instr, gl_shader_stage stage)
{
   switch (instr->type) {
   case nir_instr_type_phi:
   case nir_instr_type_load_const:
   case nir_instr_type_undef:
      return 0;
   case nir_instr_type_alu:
      /* Gathers and copies are mostly where the allocator puts them. */
      return nir_op_is_vec_or_mov(nir_instr_as_alu(instr)->op) ? 0 : 1;
   case nir_instr_type_intrinsic:
      switch (nir_instr_as_intrinsic(instr)->intrinsic) {
      case nir_intrinsic_store_output:
         /* A fragment output is a register EXIT reads; a vertex output
          * one AST. */
         return stage == MESA_SHADER_FRAGMENT ? 0 : 1;
      case nir_intrinsic_load_ubo:
      case nir_intrinsic_load_input:
      case nir_intrinsic_load_interpolated_input:
      case nir_intrinsic_load_barycentric_pixel:
      case nir_intrinsic_load_barycentric_centroid:
      case nir_intrinsic_load_barycentric_sample:
      case nir_intrinsic_load_frag_coord:
      case nir_intrinsic_load_front_face:
         return 1;
      default:
         return -1;
      }
   default:
      return -1;
   }
}

/* What the code after `node` costs until its lanes next meet (a
 * barrier's BSYNC, or the shader's end), -1 when that code needs them
 * together first: per-lane straight-line work only.  Nothing but phis
 * (NAK's parent_scope_will_sync in nak_nir_lower_cf.c) costs 0.  Not in
 * a loop: its back edge would take parted lanes round again. */
static int
tail_cost(struct isel *c, nir_cf_node *node)
{
   nir_block *after = nir_cf_node_as_block(nir_cf_node_next(node));
   if (nir_cf_node_next(&after->cf_node))
      return -1;
   int cost = 0;
   nir_foreach_instr (instr, after) {
      const int k = unsynced_cost(instr, c->s->stage);
      if (k < 0)
         return -1;
      cost += k;
   }
   nir_cf_node *parent = node->parent;
   if (parent->type == nir_cf_node_function)
      return cost;
   if (parent->type != nir_cf_node_if)
      return -1;
   if (if_needs_barrier(c, nir_cf_node_as_if(parent)))
      return cost;
   const int rest = tail_cost(c, parent);
   return rest < 0 ? -1 : cost + rest;
}

/* Whether an if needs a convergence barrier (BSSY/BSYNC): only where
 * lanes may take different sides (a divergent condition), both sides can
 * reach the code after it, and that code needs the lanes together or is
 * longer than running it twice is worth (tail_cost; NAK keeps a barrier
 * wherever non-phi code follows, nak_nir_lower_cf.c).  A uniform if is a
 * plain branch: the warp takes one side whole.  Each barrier saved is two
 * instructions and a level of the 16 barriers' nesting. */
static bool
if_needs_barrier(struct isel *c, nir_if *nif)
{
   if (!_mesa_set_search(c->divergent_cf, nif))
      return false;
   nir_block *after = nir_cf_node_as_block(nir_cf_node_next(&nif->cf_node));
   if (after->predecessors->entries < 2)
      return false;
   /* Other stages share outputs between invocations: only phis may
    * follow unsynced there, as in NAK. */
   const unsigned stage = c->s->stage;
   const int max =
      stage == MESA_SHADER_VERTEX || stage == MESA_SHADER_FRAGMENT ? JADE_UNSYNCED_TAIL_MAX : 0;
   const int cost = tail_cost(c, &nif->cf_node);
   return cost < 0 || cost > max;
}

/* if/else; with a barrier, the lanes meet again at the join block's BSYNC.
 *    BSSY Bn, join ; @!cond BRA else ; then... ; BRA join ;
 *    else: else... ; join: BSYNC Bn */
static bool
isel_if(struct isel *c, nir_if *nif)
{
   if (isel_if_jump(c, nif) || isel_if_terminate(c, nif))
      return true;
   /* The condition before the BSSY, which the scheduler does not cross. */
   struct jade_value *cond = isel_bool_value(c, isel_src(c, nif->condition.ssa, 0));
   struct jade_instr *bssy;
   if (!open_barrier(c, if_needs_barrier(c, nif), &bssy))
      return false;
   struct jade_block *else_block = NULL, *join;
   struct jade_instr *to_else = isel_branch(c, -1, cond, true);
   isel_set_block(c, jade_block_create(c->s));
   if (!isel_cf_list(c, &nif->then_list))
      return false;
   struct jade_instr *to_join = NULL;
   if (!isel_ends_in_jump(c->block))
      to_join = isel_branch(c, -1, NULL, false);
   else_block = jade_block_create(c->s);
   isel_set_block(c, else_block);
   if (!isel_cf_list(c, &nif->else_list))
      return false;
   join = jade_block_create(c->s);
   isel_set_block(c, join);
   close_barrier(c, bssy, join);
   to_else->target_block = (int)else_block->index;
   if (to_join)
      to_join->target_block = (int)join->index;
   return true;
}

/* loop: BSSY Bn, exit ; header: body... ; BRA header ; exit: BSYNC Bn.
 * The barrier only where lanes may leave it apart (a divergent break or
 * continue, as NAK: nir_loop_is_divergent); otherwise the warp leaves
 * whole. */
static bool
isel_loop(struct isel *c, nir_loop *loop)
{
   if (nir_loop_has_continue_construct(loop))
      return jade_ir_error(c->s, "loops with a continue construct are not supported yet");
   struct jade_instr *bssy;
   if (!open_barrier(c, _mesa_set_search(c->divergent_cf, loop) != NULL, &bssy))
      return false;
   int saved_header = c->loop_header, saved_exit = c->loop_exit;
   unsigned saved_inner = c->loop_inner_barrier;
   c->loop_inner_barrier = c->barrier_depth;
   /* The exit block exists before the body (breaks branch to it) and
    * moves behind it once the body is done: blocks are laid out in list
    * order, branch targets name blocks by index. */
   struct jade_block *exit = jade_block_create(c->s);
   struct jade_block *header = jade_block_create(c->s);
   isel_set_block(c, header);
   c->loop_header = (int)header->index;
   c->loop_exit = (int)exit->index;
   if (!isel_cf_list(c, &loop->body))
      return false;
   /* A body that ends in a break or continue has no back edge of its own:
    * a second, unreachable BRA would make the block a predecessor of the
    * header (a critical edge for the header's phis). */
   if (!isel_ends_in_jump(c->block))
      isel_branch(c, (int)header->index, NULL, false);
   list_del(&exit->link);
   list_addtail(&exit->link, &c->s->blocks);
   isel_set_block(c, exit);
   close_barrier(c, bssy, exit);
   c->loop_header = saved_header;
   c->loop_exit = saved_exit;
   c->loop_inner_barrier = saved_inner;
   c->s->loop_count++;
   return true;
}

/* Lanes that leave the ifs around them for a loop's exit or header skip
 * those ifs' BSYNCs: BREAK takes them out of the barriers, so the lanes
 * that stay do not wait for them. */
static void
isel_break_inner_barriers(struct isel *c)
{
   for (unsigned bar = c->loop_inner_barrier; bar < c->barrier_depth; bar++)
      jade_BREAK(&c->b, .bar = bar);
}

static bool
isel_jump(struct isel *c, nir_jump_instr *jump)
{
   switch (jump->type) {
   case nir_jump_break:
      isel_break_inner_barriers(c);
      isel_branch(c, c->loop_exit, NULL, false);
      return true;
   case nir_jump_continue:
      isel_break_inner_barriers(c);
      isel_branch(c, c->loop_header, NULL, false);
      return true;
   case nir_jump_halt:
   case nir_jump_return:
      jade_EXIT(&c->b);
      return true;
   default:
      return jade_ir_error(c->s, "unsupported jump");
   }
}

static bool
isel_block(struct isel *c, nir_block *block)
{
   nir_foreach_instr (instr, block) {
      bool ok = true;
      switch (instr->type) {
      case nir_instr_type_alu:
         ok = isel_alu(c, nir_instr_as_alu(instr));
         break;
      case nir_instr_type_intrinsic: {
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         ok = isel_intrinsic(c, intr);
         break;
      }
      case nir_instr_type_jump:
         ok = isel_jump(c, nir_instr_as_jump(instr));
         break;
      case nir_instr_type_tex:
         ok = isel_tex(c, nir_instr_as_tex(instr));
         break;
      case nir_instr_type_phi:
         ok = isel_phi(c, nir_instr_as_phi(instr));
         break;
      case nir_instr_type_load_const:
      case nir_instr_type_undef:
         /* Where NIR has them (that block dominates every use); the uses
          * that take an immediate fold them and the MOVs go at DCE. */
         isel_constant(c, instr);
         break;
      default:
         ok = jade_ir_error(c->s, "unsupported NIR instruction: %s",
                            isel_instr_type_name(instr->type));
         break;
      }
      if (!ok || c->s->error)
         return false;
   }
   c->block_end[block->index] = c->block->index;
   return true;
}

static bool
isel_cf_list(struct isel *c, struct exec_list *list)
{
   foreach_list_typed(nir_cf_node, node, node, list)
   {
      bool ok;
      switch (node->type) {
      case nir_cf_node_block:
         ok = isel_block(c, nir_cf_node_as_block(node));
         break;
      case nir_cf_node_if:
         ok = isel_if(c, nir_cf_node_as_if(node));
         break;
      case nir_cf_node_loop:
         ok = isel_loop(c, nir_cf_node_as_loop(node));
         break;
      default:
         ok = jade_ir_error(c->s, "unsupported control flow");
         break;
      }
      if (!ok || c->s->error)
         return false;
   }
   return true;
}

/* The ifs whose condition and the loops whose breaks or continues may
 * differ between a warp's lanes.  NIR's divergence analysis wants LCSSA
 * form (a value leaving a loop its lanes leave apart differs between
 * them); the single-source phis that form adds are removed again once the
 * answers are recorded, as selection would keep them as copies and they
 * would hide `if (c) break;` (isel_if_jump). */
static struct set *
find_divergent_cf(void *mem_ctx, nir_shader *nir)
{
   struct set *divergent = _mesa_pointer_set_create(mem_ctx);
   nir_convert_to_lcssa(nir, false, false);
   nir_divergence_analysis(nir);
   nir_foreach_block (block, nir_shader_get_entrypoint(nir)) {
      nir_if *nif = nir_block_get_following_if(block);
      nir_loop *loop = nir_block_get_following_loop(block);
      if (nif && nir_src_is_divergent(&nif->condition))
         _mesa_set_add(divergent, nif);
      if (loop && nir_loop_is_divergent(loop))
         _mesa_set_add(divergent, loop);
   }
   nir_opt_remove_phis(nir);
   return divergent;
}

struct jade_ir_shader *
jade_from_nir(void *mem_ctx, nir_shader *nir, bool bools_in_gpr)
{
   struct isel c = {
      .nir = nir,
      .bools_in_gpr = bools_in_gpr,
      .ftz32 = !(nir->info.float_controls_execution_mode & FLOAT_CONTROLS_DENORM_PRESERVE_FP32),
   };
   c.s = jade_ir_shader_create(mem_ctx, nir->info.stage);
   c.s->local_size = nir->scratch_size;
   if (nir->info.stage == MESA_SHADER_FRAGMENT)
      c.s->io.uses_sample_shading = nir->info.fs.uses_sample_shading;
   /* First: it adds and removes phis (and so SSA defs). */
   c.divergent_cf = find_divergent_cf(c.s, nir);
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   c.defs = rzalloc_array(c.s, struct jade_value **, impl->ssa_alloc);
   nir_metadata_require(impl, nir_metadata_block_index);
   c.block_end = rzalloc_array(c.s, unsigned, impl->num_blocks);
   c.b.s = c.s;
   isel_set_block(&c, jade_block_create(c.s));

   c.loop_header = c.loop_exit = -1;
   if (!isel_cf_list(&c, &impl->body) || !isel_phi_sources(&c, impl))
      return c.s;
   if (nir->info.stage == MESA_SHADER_FRAGMENT)
      isel_fs_exit(&c);
   else
      jade_EXIT(&c.b);
   for (unsigned k = 0; k < JADE_ATTR_WORDS / 32; k++)
      c.s->io.const_outputs[k] &= ~c.varying_outputs[k];
   return c.s;
}
