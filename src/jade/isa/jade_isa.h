/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The SM75 instruction set, from one description (sm75_isa.yaml).
 * gen_isa.py turns the description into tables (sm75_isa_gen.[ch]); this
 * library's encoder, decoder, printer and assembler all interpret those
 * tables, so an instruction form is described exactly once.
 *
 * An instruction is 128 bits.  Bits 0..11 hold the opcode (for ALU ops,
 * bits 9..11 are the operand form), 12..15 the guard predicate, 105..125
 * the scheduling control bits; everything else belongs to the form.
 */

#ifndef JADE_ISA_H
#define JADE_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sm75_isa_gen.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Scheduling control bits, the same for every instruction. */
struct jade_isa_ctrl {
   uint8_t stall;     /* 105..108: cycles before the next instruction issues */
   bool yield;        /* 109 */
   uint8_t wr_sb;     /* 110..112: scoreboard set when the result is written, 7 = none */
   uint8_t rd_sb;     /* 113..115: scoreboard set when the sources are read, 7 = none */
   uint8_t wait_mask; /* 116..121: scoreboards to wait for before issuing */
   uint8_t reuse;     /* 122..125: operand reuse cache flags */
};

/* A decoded instruction: the form and the value of each of its fields,
 * indexed by enum jade_isa_field (fields the form lacks are 0). */
struct jade_isa_instr {
   uint16_t form; /* index into jade_isa_forms[] */
   uint8_t pred;  /* guard predicate, 7 = PT */
   bool pred_not;
   struct jade_isa_ctrl ctrl;
   uint64_t field[JADE_ISA_FIELD_COUNT];
};

enum jade_isa_latency {
   JADE_ISA_LATENCY_FIXED,    /* result ready after a fixed number of cycles */
   JADE_ISA_LATENCY_VARIABLE, /* result needs a scoreboard */
};

/* How a field's value is written in the text. */
enum jade_isa_type {
   JADE_ISA_T_NONE,  /* a field with no text of its own (flags, enums) */
   JADE_ISA_T_GPR,   /* R0..R254, RZ */
   JADE_ISA_T_UGPR,  /* UR0..UR62, URZ */
   JADE_ISA_T_PRED,  /* P0..P6, PT */
   JADE_ISA_T_UPRED, /* UP0..UP6, UPT */
   JADE_ISA_T_BAR,   /* B0..B15 */
   JADE_ISA_T_HEX,   /* 0x1f */
   JADE_ISA_T_SHEX,  /* signed: -0x10 */
   JADE_ISA_T_F32,   /* an IEEE single, as nvdisasm prints it */
   JADE_ISA_T_F64HI, /* the high 32 bits of an IEEE double */
   JADE_ISA_T_F16,   /* an IEEE half (immediates come in pairs) */
   JADE_ISA_T_SREG,  /* SR_TID.X, ... */
   JADE_ISA_T_REL,   /* branch target: signed word offset from the next instruction */
};

/* One piece of an instruction's text. */
enum jade_isa_item_kind {
   JADE_ISA_ITEM_TEXT,     /* literal text */
   JADE_ISA_ITEM_FLAG,     /* text when the field is non-zero */
   JADE_ISA_ITEM_ENUM,     /* text chosen by the field's value */
   JADE_ISA_ITEM_VALUE,    /* the field's value, written by its type */
   JADE_ISA_ITEM_OPTIONAL, /* text + value, only if not the neutral value */
   JADE_ISA_ITEM_REUSE,    /* ".reuse" when the operand's reuse flag is set */
};

struct jade_isa_item {
   uint8_t kind;                 /* enum jade_isa_item_kind */
   uint8_t field;                /* enum jade_isa_field */
   uint8_t type;                 /* enum jade_isa_type, for VALUE */
   uint8_t enum_count;           /* for ENUM */
   const char *text;             /* for TEXT, FLAG and OPTIONAL */
   const char *const *enum_text; /* for ENUM: NULL entries are invalid */
   uint64_t neutral;             /* for OPTIONAL */
   uint8_t not_field;            /* for OPTIONAL: its '!' flag, or JADE_ISA_NO_FIELD */
   uint8_t reuse;                /* for REUSE: reuse-cache flag index */
   uint8_t width;                /* for VALUE, OPTIONAL: bits of the field (a signed field
                          * written in hex shows only these) */
};

#define JADE_ISA_NO_FIELD 0xff
/* A condition on this "field" tests the control bits' reuse flags. */
#define JADE_ISA_COND_REUSE 0xfe

/* Where a field lives: up to two bit ranges (low part first). */
struct jade_isa_field_loc {
   uint8_t field; /* enum jade_isa_field */
   uint8_t lo[2];
   uint8_t width[2];
   bool is_signed;
   uint8_t shift; /* the value is stored shifted right (byte offsets in words) */
   uint64_t dflt; /* neutral value: RZ, PT, ... */
   bool inverted; /* stored complemented (LD's predicate: 0 is PT) */
};

enum jade_isa_cond_op {
   JADE_ISA_COND_EQ,
   JADE_ISA_COND_NE,
   JADE_ISA_COND_POW2, /* a power of two (IMAD.SHL) */
};

/* A condition on a field's value, for alias spellings. */
struct jade_isa_cond {
   uint8_t field;
   uint8_t op; /* enum jade_isa_cond_op */
   uint64_t value;
};

/* One way of writing a form; the first whose conditions hold is printed. */
struct jade_isa_syntax {
   const struct jade_isa_item *items;
   uint8_t item_count;
   const struct jade_isa_cond *conds;
   uint8_t cond_count;
};

/* What an ALU source slot holds in a given operand form. */
enum jade_isa_src_kind {
   JADE_ISA_SRC_NONE,
   JADE_ISA_SRC_GPR,
   JADE_ISA_SRC_UGPR,
   JADE_ISA_SRC_IMM,
   JADE_ISA_SRC_CBUF, /* fields <src>_bank and <src>_off */
};

/* Register files, for per-file latencies. */
enum jade_isa_reg_file {
   JADE_ISA_FILE_GPR,
   JADE_ISA_FILE_PRED,
   JADE_ISA_FILE_UGPR,
   JADE_ISA_FILE_UPRED,
   JADE_ISA_FILE_COUNT,
};

struct jade_isa_form {
   enum jade_isa_op op;
   uint8_t alu_form;        /* 1..7 for ALU forms, 0 otherwise */
   uint64_t fixed_mask[2];  /* bits that identify the form ... */
   uint64_t fixed_value[2]; /* ... and their values */
   const struct jade_isa_field_loc *fields;
   uint8_t field_count;
   const struct jade_isa_syntax *syntax;
   uint8_t syntax_count;
   uint8_t src_kind[3]; /* ALU sources a, b, c: enum jade_isa_src_kind */
};

/* Per opcode: what the compiler and the scheduler need. */
enum jade_isa_mem {
   JADE_ISA_MEM_NONE,
   JADE_ISA_MEM_GLOBAL,
   JADE_ISA_MEM_GENERIC,
   JADE_ISA_MEM_SURFACE,
   JADE_ISA_MEM_LOAD,
   JADE_ISA_MEM_STORE,
   JADE_ISA_MEM_ATOMIC,
};

struct jade_isa_op_info {
   const char *name;
   enum jade_isa_latency latency;
   uint8_t dst_count; /* register destinations */
   uint8_t src_count; /* register/immediate/cbuf sources */
   bool has_reg_form, has_imm_form, has_cbuf_form, has_ureg_form;
   bool scoreboards;     /* may set read/write scoreboards (nvdisasm refuses
                            * them on control flow and WARPSYNC) */
   bool uniform;         /* uniform datapath: the guard is a UP register */
   bool read_scoreboard; /* may set a read scoreboard (not BMOV B->R) */
   /* Fixed-latency ops: cycles from issue until an instruction reading the
    * result may issue, per destination file (latency_classes in the YAML;
    * the functional model's dependency checker and the scheduler share it). */
   uint8_t fixed_latency[JADE_ISA_FILE_COUNT];
   /* Variable-latency ops that complete in order share a queue (1..); 0:
    * no ordering is known. */
   uint8_t queue;
   /* With bit 109 set, nvdisasm accepts (and does not show) reuse flags
    * that no operand of the text carries; false: it refuses the encoding
    * (ALU ops).  Flag 3 is accepted everywhere. */
   bool reuse_ignored;
   /* nvdisasm writes "X;" rather than "X ;" when the stall count and the
    * wait mask are 0 and, for these ops, no scoreboard is set (variable
    * latency ops and the half-precision ALU; `sb_spacing` in the YAML). */
   bool sb_spacing;
   /* Memory instructions (`memory:` in the YAML): the space they reach and
    * whether they load, store or run an atomic (reductions included). */
   struct {
      uint8_t space;  /* enum jade_isa_mem: NONE, GLOBAL, GENERIC, SURFACE */
      uint8_t access; /* enum jade_isa_mem: NONE, LOAD, STORE, ATOMIC */
   } memory;
};

extern const struct jade_isa_form jade_isa_forms[];
extern const unsigned jade_isa_form_count;
extern const struct jade_isa_op_info jade_isa_op_info[JADE_ISA_OP_COUNT];
extern const char *const jade_isa_field_names[JADE_ISA_FIELD_COUNT];

/* Encoding: 0 on success, -1 if a field value does not fit its bits. */
int jade_isa_encode(const struct jade_isa_instr *instr, uint64_t out[2]);

/* Decoding: 0 on success, -1 if no form matches (instr->form is then
 * undefined). */
int jade_isa_decode(const uint64_t in[2], struct jade_isa_instr *instr);

/* Prints in nvdisasm's syntax, e.g. "@!P0 FADD.FTZ R1, -R2, c[0x0][0x10] ;".
 * pc (byte address of the instruction) resolves branch targets.  Returns
 * the length that the full text needs (like snprintf). */
int jade_isa_print(const struct jade_isa_instr *instr, uint64_t pc, char *buf, size_t size);

/* The same with branch, call and convergence-barrier targets named as
 * nvdisasm names them in a cubin, "`(NAME)": NAME is target_name(target
 * address, data), or the address as a number where that returns NULL. */
typedef const char *(*jade_isa_target_name_fn)(uint64_t target, void *data);
int jade_isa_print_named(const struct jade_isa_instr *instr, uint64_t pc,
                         jade_isa_target_name_fn target_name, void *data, char *buf, size_t size);

/* Assembles one instruction written in nvdisasm's syntax (the control bits
 * are not part of the text; they are left as given in instr->ctrl).
 * Returns 0, or -1 with a message in err. */
int jade_isa_parse(const char *text, uint64_t pc, struct jade_isa_instr *instr, char *err,
                   size_t err_size);

/* Control bits on their own (also set by jade_isa_encode). */
void jade_isa_encode_ctrl(const struct jade_isa_ctrl *ctrl, uint64_t out[2]);
void jade_isa_decode_ctrl(const uint64_t in[2], struct jade_isa_ctrl *ctrl);

/* Starts an instruction of form `form` with no guard, default control bits
 * (stall 1, no scoreboards) and every field at its neutral value (RZ, PT,
 * ...). */
void jade_isa_instr_init(struct jade_isa_instr *instr, unsigned form);

/* The syntax the printer uses: the first whose conditions hold. */
const struct jade_isa_syntax *jade_isa_select_syntax(const struct jade_isa_instr *instr);

/* The first form of op with the given ALU form (0 for non-ALU), or -1. */
int jade_isa_find_form(enum jade_isa_op op, unsigned alu_form);

#ifdef __cplusplus
}
#endif

#endif /* JADE_ISA_H */
