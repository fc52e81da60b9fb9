/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The IR validator (jade_ir_validate.c) on small hand-built IR: valid IR
 * passes, and each rule fires, as a compile error (JADE_ERROR_INVALID_IR)
 * naming the pass and the rule, on IR broken in just that way.  And the
 * CFG edges after a pass that changes control flow (jade_opt_branches).
 */

#include <stdio.h>
#include <string.h>

#include "jade_compiler_private.h"
#include "util/ralloc.h"

static int failures;

#define CHECK(cond, ...)                                                                           \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         fprintf(stderr, "FAIL %s:%d: ", __func__, __LINE__);                                      \
         fprintf(stderr, __VA_ARGS__);                                                             \
         fprintf(stderr, "\n");                                                                    \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

static struct jade_ir_shader *
shader(void *mem)
{
   struct jade_ir_shader *s = jade_ir_shader_create(mem, 5 /* MESA_SHADER_COMPUTE */);
   s->pass_name = "test-pass";
   return s;
}

/* MOV v <- imm */
static struct jade_value *
mov_imm(struct jade_ir_shader *s, struct jade_block *b, uint32_t imm)
{
   struct jade_value *v = jade_value_create(s, JADE_FILE_GPR, 1);
   struct jade_instr *i = jade_instr_create(s, b, JADE_ISA_OP_MOV);
   jade_instr_add_dst(i, JADE_ISA_F_DST, v);
   jade_instr_add_src_imm(i, JADE_ISA_F_B, imm);
   return v;
}

/* FADD d <- a, b */
static struct jade_instr *
fadd(struct jade_ir_shader *s, struct jade_block *b, struct jade_value *x, struct jade_value *y)
{
   struct jade_value *d = jade_value_create(s, JADE_FILE_GPR, 1);
   struct jade_instr *i = jade_instr_create(s, b, JADE_ISA_OP_FADD);
   jade_instr_add_dst(i, JADE_ISA_F_DST, d);
   jade_instr_add_src(i, JADE_ISA_F_A, x);
   jade_instr_add_src(i, JADE_ISA_F_B, y);
   return i;
}

static struct jade_instr *
bra(struct jade_ir_shader *s, struct jade_block *b, struct jade_block *target,
    struct jade_value *cond)
{
   struct jade_instr *i = jade_instr_create(s, b, JADE_ISA_OP_BRA);
   i->target_block = (int32_t)target->index;
   if (cond)
      i->pred_value = (int32_t)cond->index;
   return i;
}

/* ISETP p <- a, b: a predicate. */
static struct jade_value *
isetp(struct jade_ir_shader *s, struct jade_block *b, struct jade_value *x)
{
   struct jade_value *p = jade_value_create(s, JADE_FILE_PRED, 1);
   struct jade_instr *i = jade_instr_create(s, b, JADE_ISA_OP_ISETP);
   jade_instr_set_field(i, JADE_ISA_F_CMP, JADE_ISA_V_CMP_NE);
   jade_instr_add_dst(i, JADE_ISA_F_PD0, p);
   jade_instr_add_src(i, JADE_ISA_F_A, x);
   jade_instr_add_src_zero(i, JADE_ISA_F_B);
   return p;
}

/* Validates; `rule` NULL: must pass, else must fail with a message that
 * names the pass and contains `rule`. */
static void
expect(struct jade_ir_shader *s, const char *test, const char *rule)
{
   bool ok = jade_ir_validate(s);
   if (!rule) {
      CHECK(ok && !s->error, "%s: valid IR refused: %s", test, s->error ? s->error : "");
      return;
   }
   CHECK(!ok && s->error, "%s: broken IR accepted (rule: %s)", test, rule);
   if (!s->error)
      return;
   CHECK(s->error_kind == JADE_ERROR_INVALID_IR, "%s: error kind %d", test, s->error_kind);
   CHECK(strstr(s->error, "after test-pass"), "%s: the message names no pass: %s", test, s->error);
   CHECK(strstr(s->error, rule), "%s: expected \"%s\", got: %s", test, rule, s->error);
}

/* if (p) { v = ... } ; join: the then block does not dominate the join. */
struct diamond {
   struct jade_block *entry, *then_b, *else_b, *join;
   struct jade_value *p, *x;
};

static struct diamond
diamond(struct jade_ir_shader *s)
{
   struct diamond d;
   d.entry = jade_block_create(s);
   d.then_b = jade_block_create(s);
   d.else_b = jade_block_create(s);
   d.join = jade_block_create(s);
   d.x = mov_imm(s, d.entry, 1);
   d.p = isetp(s, d.entry, d.x);
   bra(s, d.entry, d.else_b, d.p)->pred_not = true;
   return d;
}

/* The then block's jump to the join, after its code; then the edges. */
static void
finish(struct jade_ir_shader *s, struct diamond *d)
{
   bra(s, d->then_b, d->join, NULL);
   jade_cfg_derive(s);
}

static void
test_valid(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct diamond d = diamond(s);
   struct jade_instr *a = fadd(s, d.then_b, d.x, d.x);
   struct jade_value *phi_dst = jade_value_create(s, JADE_FILE_GPR, 1);
   struct jade_instr *phi = jade_instr_create(s, d.join, JADE_OP_PHI);
   jade_instr_add_dst(phi, JADE_FIELD_NONE, phi_dst);
   jade_instr_add_phi_src(phi, s->values[a->dst[0].value], d.then_b->index);
   jade_instr_add_phi_src(phi, d.x, d.else_b->index);
   fadd(s, d.join, phi_dst, d.x);
   jade_instr_create(s, d.join, JADE_ISA_OP_EXIT);
   finish(s, &d);
   CHECK(d.entry->succ_count == 2 && d.entry->succs[0] == d.else_b && d.entry->succs[1] == d.then_b,
         "entry's successors");
   CHECK(d.join->pred_count == 2 && d.join->preds[0] == d.then_b && d.join->preds[1] == d.else_b,
         "join's predecessors");
   expect(s, "valid", NULL);
}

static void
test_use_before_def(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *b = jade_block_create(s);
   struct jade_value *later = jade_value_create(s, JADE_FILE_GPR, 1);
   struct jade_value *x = mov_imm(s, b, 1);
   fadd(s, b, x, later);
   struct jade_instr *def = jade_instr_create(s, b, JADE_ISA_OP_MOV);
   jade_instr_add_dst(def, JADE_ISA_F_DST, later);
   jade_instr_add_src_imm(def, JADE_ISA_F_B, 2);
   jade_cfg_derive(s);
   expect(s, "use before def", "does not dominate");
}

static void
test_not_dominated(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct diamond d = diamond(s);
   struct jade_instr *a = fadd(s, d.then_b, d.x, d.x);
   fadd(s, d.join, s->values[a->dst[0].value], d.x);
   finish(s, &d);
   expect(s, "not dominated", "does not dominate");
}

static void
test_phi_not_predecessor(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct diamond d = diamond(s);
   struct jade_value *phi_dst = jade_value_create(s, JADE_FILE_GPR, 1);
   struct jade_instr *phi = jade_instr_create(s, d.join, JADE_OP_PHI);
   jade_instr_add_dst(phi, JADE_FIELD_NONE, phi_dst);
   jade_instr_add_phi_src(phi, d.x, d.entry->index); /* not an edge */
   jade_instr_add_phi_src(phi, d.x, d.else_b->index);
   finish(s, &d);
   expect(s, "phi from a non-predecessor", "not a predecessor");
}

static void
test_phi_source_not_defined(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct diamond d = diamond(s);
   struct jade_instr *a = fadd(s, d.then_b, d.x, d.x);
   struct jade_value *phi_dst = jade_value_create(s, JADE_FILE_GPR, 1);
   struct jade_instr *phi = jade_instr_create(s, d.join, JADE_OP_PHI);
   jade_instr_add_dst(phi, JADE_FIELD_NONE, phi_dst);
   jade_instr_add_phi_src(phi, d.x, d.then_b->index);
   /* then's value from the else side, where it is not defined */
   jade_instr_add_phi_src(phi, s->values[a->dst[0].value], d.else_b->index);
   finish(s, &d);
   expect(s, "phi source undefined on its edge", "not defined at the end of block");
}

static void
test_defined_twice(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *b = jade_block_create(s);
   struct jade_value *x = mov_imm(s, b, 1);
   struct jade_instr *i = jade_instr_create(s, b, JADE_ISA_OP_MOV);
   jade_instr_add_dst(i, JADE_ISA_F_DST, x);
   jade_instr_add_src_imm(i, JADE_ISA_F_B, 2);
   jade_cfg_derive(s);
   expect(s, "defined twice", "defined twice");
}

static void
test_wrong_file(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *b = jade_block_create(s);
   struct jade_value *x = mov_imm(s, b, 1);
   /* ISETP writing a general register where the form has a predicate */
   struct jade_value *g = jade_value_create(s, JADE_FILE_GPR, 1);
   struct jade_instr *i = jade_instr_create(s, b, JADE_ISA_OP_ISETP);
   jade_instr_add_dst(i, JADE_ISA_F_PD0, g);
   jade_instr_add_src(i, JADE_ISA_F_A, x);
   jade_instr_add_src_zero(i, JADE_ISA_F_B);
   jade_cfg_derive(s);
   expect(s, "general register in a predicate field", "in field pd0 of file");
}

static void
test_wide_predicate(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *b = jade_block_create(s);
   struct jade_value *x = mov_imm(s, b, 1);
   struct jade_value *p = jade_value_create(s, JADE_FILE_PRED, 2);
   struct jade_instr *i = jade_instr_create(s, b, JADE_ISA_OP_ISETP);
   jade_instr_add_dst(i, JADE_ISA_F_PD0, p);
   jade_instr_add_src(i, JADE_ISA_F_A, x);
   jade_instr_add_src_zero(i, JADE_ISA_F_B);
   jade_cfg_derive(s);
   expect(s, "two-register predicate", "2 registers wide");
}

static void
test_immediate_in_a(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *b = jade_block_create(s);
   struct jade_value *x = mov_imm(s, b, 1);
   struct jade_instr *i = fadd(s, b, x, x);
   i->src[0].kind = JADE_OPERAND_IMM;
   i->src[0].value = 0x3f800000;
   jade_cfg_derive(s);
   expect(s, "immediate in slot a", "an immediate or constant in field a");
}

static void
test_slot_kind(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *b = jade_block_create(s);
   struct jade_value *x = mov_imm(s, b, 1);
   /* a uniform register in FADD's slot a, which only general ones take
    * (operands are checked before definitions: u needs none here) */
   struct jade_value *u = jade_value_create(s, JADE_FILE_UGPR, 1);
   fadd(s, b, u, x);
   jade_cfg_derive(s);
   expect(s, "uniform register in slot a", "no FADD form takes this operand in slot a");
}

static void
test_field_not_in_form(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *b = jade_block_create(s);
   struct jade_value *x = mov_imm(s, b, 1);
   /* EXIT has no register field pd0 */
   struct jade_instr *i = jade_instr_create(s, b, JADE_ISA_OP_EXIT);
   jade_instr_add_src(i, JADE_ISA_F_PD0, x);
   jade_cfg_derive(s);
   expect(s, "a field the form lacks", "is not in the EXIT forms");
}

static void
test_stale_edges(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct diamond d = diamond(s);
   jade_instr_create(s, d.join, JADE_ISA_OP_EXIT);
   finish(s, &d);
   /* A pass makes the else block jump back to the entry, edges untold. */
   bra(s, d.else_b, d.entry, NULL);
   expect(s, "edges not updated", "are not the branches'");
}

static void
test_missing_predecessor(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct diamond d = diamond(s);
   finish(s, &d);
   /* An edge in one list only. */
   d.join->pred_count--;
   expect(s, "half an edge", "times as predecessor");
}

static void
test_missing_target(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *b = jade_block_create(s);
   jade_cfg_derive(s);
   struct jade_instr *i = jade_instr_create(s, b, JADE_ISA_OP_BRA);
   i->target_block = 7;
   expect(s, "branch to no block", "target block 7 does not exist");
}

static void
test_pseudo_after_allocation(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct diamond d = diamond(s);
   struct jade_value *phi_dst = jade_value_create(s, JADE_FILE_GPR, 1);
   struct jade_instr *phi = jade_instr_create(s, d.join, JADE_OP_PHI);
   jade_instr_add_dst(phi, JADE_FIELD_NONE, phi_dst);
   jade_instr_add_phi_src(phi, d.x, d.then_b->index);
   jade_instr_add_phi_src(phi, d.x, d.else_b->index);
   finish(s, &d);
   s->allocated = true;
   expect(s, "phi after allocation", "PHI left after register allocation");
}

static void
test_phi_after_code(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct diamond d = diamond(s);
   fadd(s, d.join, d.x, d.x);
   struct jade_instr *phi = jade_instr_create(s, d.join, JADE_OP_PHI);
   jade_instr_add_dst(phi, JADE_FIELD_NONE, jade_value_create(s, JADE_FILE_GPR, 1));
   jade_instr_add_phi_src(phi, d.x, d.then_b->index);
   jade_instr_add_phi_src(phi, d.x, d.else_b->index);
   finish(s, &d);
   expect(s, "phi after code", "a phi after other instructions");
}

static void
test_guard_not_predicate(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *b = jade_block_create(s);
   struct jade_value *x = mov_imm(s, b, 1);
   fadd(s, b, x, x)->pred_value = (int32_t)x->index;
   jade_cfg_derive(s);
   expect(s, "general register as guard", "is not a predicate");
}

static void
test_component_out_of_range(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *b = jade_block_create(s);
   struct jade_value *x = mov_imm(s, b, 1);
   struct jade_instr *i = fadd(s, b, x, x);
   i->src[1].comp = 1;
   i->src[1].count = 1;
   jade_cfg_derive(s);
   expect(s, "component 1 of a single register", "component 1 of");
}

static void
test_allocated_rules(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *b = jade_block_create(s);
   struct jade_value *pair = jade_value_create(s, JADE_FILE_GPR, 2);
   struct jade_instr *i = jade_instr_create(s, b, JADE_ISA_OP_MOV);
   jade_instr_add_dst_comp(i, JADE_ISA_F_DST, pair, 0);
   jade_instr_add_src_imm(i, JADE_ISA_F_B, 1);
   jade_cfg_derive(s);
   s->allocated = true;
   pair->reg = 3; /* a pair starts at an even register */
   expect(s, "misaligned pair", "in registers 3..4");

   s = shader(mem);
   b = jade_block_create(s);
   mov_imm(s, b, 1);
   jade_cfg_derive(s);
   s->allocated = true;
   list_first_entry(&b->instrs, struct jade_instr, link)->ctrl.stall = 0;
   expect(s, "stall 0", "control bits out of range");
}

/* The pass runner: a broken pass is an error naming it; later passes do
 * not run. */
static void
break_ir(struct jade_ir_shader *s)
{
   struct jade_block *b = list_first_entry(&s->blocks, struct jade_block, link);
   struct jade_instr *i = list_first_entry(&b->instrs, struct jade_instr, link);
   i->dst[0].kind = JADE_OPERAND_ZERO;
}

static void
count_runs(struct jade_ir_shader *s, unsigned *runs)
{
   (void)s;
   (*runs)++;
}

static void
test_pass_runner(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *b = jade_block_create(s);
   mov_imm(s, b, 1);
   jade_instr_create(s, b, JADE_ISA_OP_EXIT);
   s->validate = true;
   unsigned runs = 0;
   JADE_PASS(s, jade_cfg_derive);
   JADE_PASS(s, count_runs, &runs);
   CHECK(!s->error && runs == 1, "valid passes: %s", s->error ? s->error : "");
   JADE_PASS(s, break_ir);
   JADE_PASS(s, count_runs, &runs);
   CHECK(s->error && s->error_kind == JADE_ERROR_INVALID_IR && strstr(s->error, "after break_ir"),
         "the broken pass named: %s", s->error ? s->error : "(no error)");
   CHECK(runs == 1, "a pass ran after a failed one");
}

/* jade_opt_branches: a: @!p BRA c ; b: BRA a ; c: EXIT becomes
 * a: @p BRA a ; b: (empty) ; c: EXIT, and the edges follow:
 * a -> {a, b}, b -> {c}. */
static void
test_edges_after_opt_branches(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *entry = jade_block_create(s);
   struct jade_block *a = jade_block_create(s);
   struct jade_block *b = jade_block_create(s);
   struct jade_block *c = jade_block_create(s);
   struct jade_value *x = mov_imm(s, entry, 1);
   struct jade_value *p = isetp(s, a, x);
   bra(s, a, c, p)->pred_not = true;
   bra(s, b, a, NULL);
   jade_instr_create(s, c, JADE_ISA_OP_EXIT);
   s->validate = true;
   JADE_PASS(s, jade_cfg_derive);
   CHECK(a->succ_count == 2 && a->succs[0] == c && a->succs[1] == b, "a's edges before");
   CHECK(b->succ_count == 1 && b->succs[0] == a, "b's edges before");
   JADE_PASS(s, jade_opt_branches);
   CHECK(!s->error, "opt_branches left invalid IR: %s", s->error ? s->error : "");
   CHECK(list_is_empty(&b->instrs), "the jump is gone");
   CHECK(a->succ_count == 2 && a->succs[0] == a && a->succs[1] == b, "a's edges after");
   CHECK(b->succ_count == 1 && b->succs[0] == c, "b's edges after");
   CHECK(c->pred_count == 1 && c->preds[0] == b, "c's predecessors after");
   bool a_preds_a = false;
   for (unsigned k = 0; k < a->pred_count; k++)
      a_preds_a |= a->preds[k] == a;
   CHECK(a->pred_count == 2 && a_preds_a, "a's predecessors after");
}

/* An EXIT reading the 40 values a fragment shader may write: operands
 * grow past the room an instruction starts with. */
static void
test_operands_grow(void *mem)
{
   struct jade_ir_shader *s = shader(mem);
   struct jade_block *b = jade_block_create(s);
   struct jade_instr *exit = jade_instr_create(s, b, JADE_ISA_OP_EXIT);
   struct jade_value *v[JADE_MAX_SRCS];
   for (unsigned k = 0; k < JADE_MAX_SRCS; k++) {
      v[k] = mov_imm(s, b, k);
      jade_instr_add_src(exit, JADE_FIELD_NONE, v[k]);
      exit->src[exit->src_count - 1].fixed = true;
      exit->src[exit->src_count - 1].fixed_reg = (uint8_t)k;
   }
   /* the MOVs before the EXIT */
   list_del(&exit->link);
   list_addtail(&exit->link, &b->instrs);
   CHECK(exit->src_count == JADE_MAX_SRCS, "EXIT has %u sources", exit->src_count);
   for (unsigned k = 0; k < JADE_MAX_SRCS; k++)
      CHECK(exit->src[k].value == v[k]->index && exit->src[k].fixed && exit->src[k].fixed_reg == k,
            "source %u kept", k);
   jade_cfg_derive(s);
   expect(s, "wide EXIT", NULL);
}

int
main(void)
{
   void (*tests[])(void *) = {
      test_valid,
      test_use_before_def,
      test_not_dominated,
      test_phi_not_predecessor,
      test_phi_source_not_defined,
      test_defined_twice,
      test_wrong_file,
      test_wide_predicate,
      test_immediate_in_a,
      test_slot_kind,
      test_field_not_in_form,
      test_stale_edges,
      test_missing_predecessor,
      test_missing_target,
      test_pseudo_after_allocation,
      test_phi_after_code,
      test_guard_not_predicate,
      test_component_out_of_range,
      test_allocated_rules,
      test_pass_runner,
      test_edges_after_opt_branches,
      test_operands_grow,
   };
   for (unsigned t = 0; t < sizeof(tests) / sizeof(tests[0]); t++) {
      void *mem = ralloc_context(NULL);
      tests[t](mem);
      ralloc_free(mem);
   }
   if (failures)
      fprintf(stderr, "%d failures\n", failures);
   else
      printf("ir-validate: all rules fire, edges kept\n");
   return failures ? 1 : 0;
}
