/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Jade IR: SM75 instructions on SSA values.
 *
 * An instruction is an ISA op (src/jade/isa) whose non-register fields
 * (modifiers, comparison, rounding, ...) live in the same struct
 * jade_isa_instr the encoder takes; its register operands are SSA values
 * (or, after register allocation, physical registers) that name the ISA
 * field they go to.  So the ISA description is the only statement of what
 * an instruction is: the IR adds values, blocks and control flow.
 * ALU sources may also be immediates or constant-buffer operands; the
 * operand form is chosen at emission from what the sources are.
 */

#ifndef JADE_IR_H
#define JADE_IR_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "jade_isa.h"
#include "jade/jade_compiler.h"
#include "util/list.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Register files of SSA values (the same order as jade_isa_reg_file). */
enum jade_file {
   JADE_FILE_GPR = JADE_ISA_FILE_GPR,
   JADE_FILE_PRED = JADE_ISA_FILE_PRED,
   JADE_FILE_UGPR = JADE_ISA_FILE_UGPR,
   JADE_FILE_UPRED = JADE_ISA_FILE_UPRED,
};

/* An SSA value: `size` consecutive registers of one file (a 64-bit value
 * is a 2-register tuple, a 128-bit load 4). */
struct jade_value {
   uint32_t index;
   uint8_t file;
   uint8_t size;
   uint8_t reg; /* physical register after RA (first of the tuple) */
};

enum jade_operand_kind {
   JADE_OPERAND_NONE,
   JADE_OPERAND_VALUE, /* an SSA value (or, after RA, its register) */
   JADE_OPERAND_ZERO,  /* RZ / PT / URZ: the neutral register */
   JADE_OPERAND_IMM,   /* a 32-bit immediate (ALU sources) */
   JADE_OPERAND_CBUF,  /* c[bank][offset] (ALU sources) */
};

/* 12 bytes: an instruction holds many (EXIT of a fragment shader reads
 * every output). */
struct jade_operand {
   uint8_t kind;  /* enum jade_operand_kind */
   uint8_t field; /* enum jade_isa_field: where it is encoded */
   /* Part of a tuple value: registers comp .. comp+count-1 (count 0: the
    * whole value).  A tuple may be written piece by piece (IADD3 then
    * IADD3.X for the halves of a 64-bit sum). */
   uint8_t comp, count;
   union {
      uint32_t value;      /* VALUE: value index; IMM: bits */
      int32_t cbuf_offset; /* CBUF: bytes */
   };
   /* A phi source: the index of the predecessor block it comes from. */
   int16_t pred_block;
   uint8_t cbuf_bank : 7; /* CBUF: c[0..17] */
   /* An EXIT source the hardware reads from register fixed_reg (fragment
    * outputs): register allocation puts it there. */
   uint8_t fixed : 1;
   uint8_t fixed_reg;
};
static_assert(sizeof(struct jade_operand) == 12, "operands stay small");

/* Blocks an operand can name (pred_block). */
#define JADE_MAX_BLOCKS INT16_MAX

/* Pseudo-ops beyond the ISA's, gone after register allocation:
 * PHI dst <- one source per predecessor block (at the top of a block). */
#define JADE_OP_PHI ((enum jade_isa_op)JADE_ISA_OP_COUNT)

static inline bool
jade_op_is_pseudo(enum jade_isa_op op)
{
   return op >= JADE_ISA_OP_COUNT;
}

static inline const char *
jade_op_name(enum jade_isa_op op)
{
   return op == JADE_OP_PHI ? "PHI" : jade_isa_op_info[op].name;
}

/* The most operands an instruction may have; each instruction holds as
 * many as it has (jade_ir.c sizes them from the ISA description and grows
 * them on demand). */
#define JADE_MAX_DSTS 3
#define JADE_MAX_SRCS 40 /* EXIT of a fragment shader reads its outputs */
/* The field of an operand that only keeps a value live (EXIT reads the
 * fragment outputs); it is not encoded. */
#define JADE_FIELD_NONE 0xff

#define JADE_MAX_FIELDS 12

/* A non-register field selection set (modifier, comparison, ...). */
struct jade_field_value {
   uint8_t field; /* enum jade_isa_field */
   uint64_t value;
};

struct jade_instr {
   struct list_head link;
   enum jade_isa_op op;
   uint8_t pred; /* guard predicate register (after RA), JADE_HW_PT: none */
   bool pred_not;
   /* A patch site other passes must keep as it is (enum jade_site). */
   uint8_t site;
   /* From a NIR instruction marked exact (precise, invariant): not to be
    * contracted with another (a*b + c stays two roundings). */
   bool exact;
   int32_t pred_value;        /* guard predicate SSA value, -1 = none */
   struct jade_isa_ctrl ctrl; /* set by the control-bits pass */
   /* Counts, and the room allocated for each array. */
   uint8_t dst_count, src_count, field_count;
   uint8_t dst_alloc, src_alloc, field_alloc;
   struct jade_operand *dst;
   struct jade_operand *src;
   /* Non-register fields set by selection (modifiers, comparison, ...);
    * every other field keeps its neutral value. */
   struct jade_field_value *fields;
   /* Targets of branches: a block index (resolved to a pc at emission). */
   int32_t target_block;
   uint32_t emit_index; /* position in the code, set by emission */
   /* A perspective input's IPA: the FMUL by w that is its only reader,
    * or the FFMA ipa * w + c it fused into (the linker rewrites both; see
    * jade_patch_site). */
   struct jade_instr *ipa_mul;
};
static_assert(sizeof(struct jade_instr) == 80, "instructions stay small: operands live apart");
static_assert(sizeof(struct jade_instr) % 8 == 0, "its fields follow it in one allocation");

/* An instruction with arrays of its own, to try a rewrite and go back:
 * a struct copy of an instruction would share its operands. */
struct jade_instr_copy {
   struct jade_instr instr; /* its arrays are the ones below */
   struct jade_operand dst[JADE_MAX_DSTS];
   struct jade_operand src[JADE_MAX_SRCS];
   struct jade_field_value fields[JADE_MAX_FIELDS];
};
void jade_instr_save(struct jade_instr_copy *copy, const struct jade_instr *instr);
/* instr as it was when saved (it keeps its place and its arrays). */
void jade_instr_restore(struct jade_instr *instr, const struct jade_instr_copy *copy);

enum jade_site {
   JADE_SITE_NONE,
   /* The FADD x, -RZ before a VS colour store (an exact copy), or the op
    * computing the colour once jade_opt_operands moved the site there:
    * .SAT when vertex colours are clamped (a NOS). */
   JADE_SITE_COLOR_CLAMP,
};

/* Whether an instruction has no guard (runs in every active lane). */
static inline bool
jade_instr_is_unguarded(const struct jade_instr *instr)
{
   return instr->pred_value < 0 && instr->pred == JADE_HW_PT && !instr->pred_not;
}

/* The value of a field set by selection, or `dflt`. */
uint64_t jade_instr_field(const struct jade_instr *instr, enum jade_isa_field field, uint64_t dflt);

/* Registers of each file a program may allocate (the ISA description's
 * hardware facts: R0..R252 below the pc's two and RZ, P0..P6 below PT). */
static inline unsigned
jade_file_regs(enum jade_file file)
{
   static const unsigned regs[4] = {JADE_HW_GPR_LIMIT, JADE_HW_PREDICATES, JADE_HW_UGPRS,
                                    JADE_HW_UPREDICATES};
   return regs[file];
}

/* A basic block.  Its CFG edges are kept here: derived from the branches
 * once after selection (jade_cfg_derive), then kept by every pass that
 * changes control flow (jade_block_update_succs);
 * the validator checks them against the code. */
struct jade_block {
   struct list_head link;
   struct list_head instrs;
   unsigned index;
   /* Branch targets in instruction order, then the fall-through block. */
   struct jade_block *succs[2];
   unsigned succ_count;
   /* In the order the edges were added (layout order after derivation). */
   struct jade_block **preds;
   unsigned pred_count, pred_alloc;
};

/* What kind of error stopped a compile. */
enum jade_error_kind {
   JADE_ERROR_NONE,
   JADE_ERROR_UNSUPPORTED,       /* anything the compiler cannot do */
   JADE_ERROR_OUT_OF_PREDICATES, /* more live booleans than predicates, even
                                  * after spilling: retry with booleans in
                                  * GPRs */
   JADE_ERROR_INVALID_IR,        /* a pass broke the IR (the validator) */
};

struct jade_ir_shader {
   void *mem_ctx;           /* ralloc context owning everything */
   unsigned stage;          /* gl_shader_stage */
   struct list_head blocks; /* in layout order */
   unsigned block_count;
   /* Blocks by index (branch targets, phi predecessors name blocks by
    * index). */
   struct jade_block **block_array;
   unsigned block_alloc;
   unsigned loop_count;
   /* Values are allocated one by one: selection keeps pointers to them
    * while it creates more. */
   struct jade_value **values;
   unsigned value_count, value_alloc;
   /* Local memory per thread: arrays indexed dynamically (from NIR), then
    * spill slots. */
   unsigned local_size;
   /* Results of register allocation and emission. */
   unsigned gpr_count;
   unsigned spills, fills; /* STLs and LDLs that spilling added */
   uint64_t *code;
   unsigned code_words;             /* 64-bit words, two per instruction */
   struct jade_patch_site *patches; /* recorded at emission */
   unsigned patch_count;
   /* What the shader reads and writes (filled by selection). */
   struct jade_io_signature io;
   /* Compile error: the first one stops the compile; its kind, for the
    * errors a caller can recover from (never parsed from the text). */
   char *error;
   enum jade_error_kind error_kind;
   /* The pass runner (jade_pass.h): the last pass run, whether to print
    * the IR and to validate it after each pass, and whether registers are
    * allocated (the validator's rules change). */
   const char *pass_name;
   bool print_ir, validate, allocated;
};

struct jade_ir_shader *jade_ir_shader_create(void *mem_ctx, unsigned stage);
struct jade_block *jade_block_create(struct jade_ir_shader *s);

/* A new SSA value of `size` registers. */
struct jade_value *jade_value_create(struct jade_ir_shader *s, enum jade_file file, unsigned size);

/* A new instruction of `op`, every field neutral, appended to `block`;
 * emission picks the operand form its sources need. */
struct jade_instr *jade_instr_create(struct jade_ir_shader *s, struct jade_block *block,
                                     enum jade_isa_op op);

/* The same, placed before `before` (at the end of `block` when NULL). */
struct jade_instr *jade_instr_create_before(struct jade_ir_shader *s, struct jade_block *block,
                                            struct jade_instr *before, enum jade_isa_op op);

void jade_instr_set_field(struct jade_instr *instr, enum jade_isa_field field, uint64_t value);
void jade_instr_add_dst(struct jade_instr *instr, enum jade_isa_field field,
                        const struct jade_value *value);
void jade_instr_add_src(struct jade_instr *instr, enum jade_isa_field field,
                        const struct jade_value *value);
/* One register of a tuple value (of a single-register value: the value). */
void jade_instr_add_dst_comp(struct jade_instr *instr, enum jade_isa_field field,
                             const struct jade_value *value, unsigned comp);
void jade_instr_add_src_comp(struct jade_instr *instr, enum jade_isa_field field,
                             const struct jade_value *value, unsigned comp);
void jade_instr_add_src_imm(struct jade_instr *instr, enum jade_isa_field field, uint32_t imm);
void jade_instr_add_src_cbuf(struct jade_instr *instr, enum jade_isa_field field, unsigned bank,
                             int32_t offset);
void jade_instr_add_src_zero(struct jade_instr *instr, enum jade_isa_field field);
/* A copy of operand o (its kind, field and contents). */
void jade_instr_add_src_copy(struct jade_instr *instr, const struct jade_operand *o);
/* The immediate, c[][] or RZ operand when instr is MOV v <- it, v one
 * general register (a constant load: as cheap to repeat as to copy);
 * NULL otherwise, or for no instruction. */
const struct jade_operand *jade_constant_loaded(const struct jade_ir_shader *s,
                                                const struct jade_instr *instr);
/* A phi source from predecessor block `pred`. */
void jade_instr_add_phi_src(struct jade_instr *instr, const struct jade_value *value,
                            unsigned pred);

/* The encoding form whose operand slots hold the instruction's sources and
 * which has every field it sets, or -1 (jade_ir_form.c). */
int jade_instr_form(const struct jade_ir_shader *s, const struct jade_instr *instr);
/* What the forms of each ISA op have, from the description (a table built
 * once): per field, whether some form has it and the register file its
 * operand type names; per ALU slot 0..2 (a, b, c), the operand kinds some
 * form takes there (a bit per enum jade_isa_src_kind; 0: not an ALU op). */
#define JADE_OP_FIELD_PRESENT 0x80
struct jade_op_facts {
   uint8_t field[JADE_ISA_OP_COUNT][JADE_ISA_FIELD_COUNT];
   uint8_t slot_kinds[JADE_ISA_OP_COUNT][3];
};
const struct jade_op_facts *jade_op_facts(void);

/* The file (enum jade_file) field `f` of `op` names, -1 when it is not a
 * register field, -2 when no form of op has it. */
static inline int
jade_op_field_file(const struct jade_op_facts *facts, enum jade_isa_op op, unsigned f)
{
   const uint8_t fact = facts->field[op][f];
   return fact & JADE_OP_FIELD_PRESENT ? (int)(fact & 0xf) - 1 : -2;
}

/* Where code that must run at the end of a block goes: before the
 * branches, BREAKs and BSSY that end it (NULL: at the very end). */
struct jade_instr *jade_block_end_point(struct jade_block *block);
/* The block with this index. */
static inline struct jade_block *
jade_block_by_index(const struct jade_ir_shader *s, unsigned index)
{
   return index < s->block_count ? s->block_array[index] : NULL;
}

/* CFG edges (jade_ir_cfg.c).  Selection need not make them:
 * jade_cfg_derive reads them off the branches once, and passes that
 * change control flow keep them. */
void jade_cfg_derive(struct jade_ir_shader *s);
/* Whether `succ` is one of the block's successors. */
static inline bool
jade_block_has_succ(const struct jade_block *block, const struct jade_block *succ)
{
   for (unsigned k = 0; k < block->succ_count; k++)
      if (block->succs[k] == succ)
         return true;
   return false;
}
/* The successors the code of `block` has (branch targets in instruction
 * order, then the next block unless it ends in an unguarded BRA or EXIT);
 * returns how many, or 3 when there would be more than two. */
unsigned jade_block_code_succs(const struct jade_ir_shader *s, const struct jade_block *block,
                               struct jade_block *succs[2]);
/* After a pass changed the branches of `block` (or what follows it): its
 * successor edges again as its code has them (false: more than two). */
bool jade_block_update_succs(struct jade_ir_shader *s, struct jade_block *block);

/* Dominance over the CFG edges, for the validator: blocks in reverse
 * postorder from the first block; unreachable ones have no dominator. */
struct jade_dominance {
   int *idom;       /* by block index: immediate dominator, -1 for the entry and unreachable */
   int *rpo;        /* by block index: position in reverse postorder, -1 = unreachable */
   unsigned *order; /* reverse postorder: block indices */
   unsigned count;  /* reachable blocks */
};
struct jade_dominance *jade_dominance_create(void *mem_ctx, const struct jade_ir_shader *s);
/* Whether block a dominates block b (every block dominates itself). */
bool jade_dominates(const struct jade_dominance *d, unsigned a, unsigned b);

/* Records the first error (JADE_ERROR_UNSUPPORTED, or `kind`) and
 * returns false. */
bool jade_ir_error(struct jade_ir_shader *s, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
bool jade_ir_error_kind(struct jade_ir_shader *s, enum jade_error_kind kind, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* Printing and validation (jade_ir_print.c, jade_ir_validate.c).  A failed
 * validation is an error (JADE_ERROR_INVALID_IR) naming the pass, the
 * instruction and the broken rule. */
void jade_ir_print(const struct jade_ir_shader *s, FILE *f);
void jade_instr_print(const struct jade_ir_shader *s, const struct jade_instr *instr, FILE *f);
bool jade_ir_validate(struct jade_ir_shader *s);

#define jade_foreach_block(s, b)   list_for_each_entry (struct jade_block, b, &(s)->blocks, link)
#define jade_foreach_instr(blk, i) list_for_each_entry (struct jade_instr, i, &(blk)->instrs, link)
#define jade_foreach_instr_safe(blk, i)                                                            \
   list_for_each_entry_safe (struct jade_instr, i, &(blk)->instrs, link)

#ifdef __cplusplus
}
#endif

#endif /* JADE_IR_H */
