/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The model's internals, shared by the core (sim_core.c), the operand
 * accessors (sim_operands.c), the dependency checker (sim_hazard.c) and
 * the instruction semantics (sim_exec_*.c: one file per family).
 */

#ifndef SIM_PRIVATE_H
#define SIM_PRIVATE_H

#include <stdarg.h>
#include <string.h>

#include "jade_isa.h"
#include "jade_sim.h"
#include "sim_fp.h"

#define SIM_LANES     32
#define SIM_MAX_WARPS 32 /* 1024 threads a CTA */
#define SIM_SB_DEPTH  64 /* ops a scoreboard can count (DEPBAR's 6 bits) */
#define SIM_QUEUES    8  /* in-order completion queues (ISA op_info.queue) */

/* A lane's scheduling state. */
enum sim_lane_state {
   SIM_LANE_READY,
   SIM_LANE_EXITED,
   SIM_LANE_BSYNC,    /* waiting at BSYNC for the lanes of its barrier */
   SIM_LANE_WARPSYNC, /* waiting at WARPSYNC */
   SIM_LANE_BAR,      /* waiting at a CTA barrier */
   SIM_LANE_INACTIVE, /* never launched (partial warp) */
};

/* A write of a register by some lanes that a later read must respect:
 * a fixed-latency result becomes readable at ready_cycle; a variable-
 * latency one when its write scoreboard op completes (or, without a
 * scoreboard, after the op's bound or once a later op of its in-order
 * queue completed). */
struct sim_dep_write {
   uint32_t lanes; /* the lanes written; 0 = slot unused */
   uint64_t ready_cycle;
   uint64_t writer_pc;
   uint64_t writer_issue; /* the producer's issue cycle */
   uint16_t writer_op;
   bool observed; /* the first read was counted for calibration */
   uint8_t wr_sb; /* 7: none */
   uint32_t wr_seq;
   uint8_t queue; /* in-order completion queue, 0 = none */
   uint32_t queue_seq;
};

/* Per-warp dependency state of one register.  Divergent lanes may have
 * different writes in flight (an if/else writing the same register), so
 * two writes are kept: the newest, and an older one still pending for
 * lanes the newest did not write. */
struct sim_reg_dep {
   struct sim_dep_write w[2];
   uint32_t rd_lanes; /* lanes read by a variable-latency op ... */
   uint32_t rd_seq;   /* ... still pending on rd_sb */
   uint8_t rd_sb;
   uint64_t reader_pc;
};

/* The register files the dependency checker tracks. */
#define SIM_DEP_GPR   0
#define SIM_DEP_PRED  (SIM_DEP_GPR + 256)
#define SIM_DEP_UGPR  (SIM_DEP_PRED + 8)
#define SIM_DEP_UPRED (SIM_DEP_UGPR + 64)
#define SIM_DEP_COUNT (SIM_DEP_UPRED + 8)
#define SIM_TOUCH_MAX 64

struct sim_warp {
   unsigned id;                           /* within the CTA */
   uint32_t r[JADE_HW_RZ + 1][SIM_LANES]; /* r[reg][lane]; r[RZ] stays 0 */
   uint32_t p[JADE_HW_PT + 1];            /* bit per lane; p[PT] = all ones */
   uint32_t ur[JADE_HW_URZ + 1];
   uint8_t up; /* uniform predicates, bit 7 = UPT */
   /* Convergence barriers B0..B15: each lane keeps the mask it recorded
    * at its BSSY.  Disjoint branches may reuse a barrier (ptxas does), so
    * one warp-wide mask would let one branch's BSSY change what lanes of
    * the other branch, already waiting, wait for. */
   uint32_t b[16][SIM_LANES];
   uint64_t pc[SIM_LANES];
   uint8_t state[SIM_LANES];  /* enum sim_lane_state */
   uint8_t bar_id[SIM_LANES]; /* barrier waited on (BSYNC's or the CTA's) */
   uint32_t warpsync_mask[SIM_LANES];
   /* The last BAR.RED result this warp took part in (B2R.RESULT). */
   uint32_t bar_result;
   bool bar_result_pred;
   uint32_t tid[SIM_LANES][3];
   uint8_t *local; /* SIM_LANES * local_size bytes, or
                                       * NULL when local memory is in memory */

   /* Dependency checker. */
   uint64_t cycle; /* issue cycle of the next instruction */
   struct sim_reg_dep dep[SIM_DEP_COUNT];
   /* The dep[] entries set since the last reset: only they are reset
    * (a warp touches a few of them; resetting all was a tenth of a
    * pixel-heavy run). */
   uint64_t dep_dirty[(SIM_DEP_COUNT + 63) / 64];
   uint32_t sb_issued[JADE_HW_SCOREBOARDS];
   uint32_t sb_done[JADE_HW_SCOREBOARDS];
   uint64_t sb_set_cycle[JADE_HW_SCOREBOARDS];
   /* The ops counted on each scoreboard (by sequence), for completing
    * the earlier ops of their in-order queue. */
   struct sim_sb_op {
      uint32_t seq;
      uint8_t queue;
      uint32_t queue_seq;
   } sb_ops[JADE_HW_SCOREBOARDS][SIM_SB_DEPTH];
   uint32_t q_issued[SIM_QUEUES], q_done[SIM_QUEUES];
};

struct sim_cta {
   uint32_t ctaid[3];
   /* CTA barriers 0..15, zero between uses. */
   struct sim_cta_barrier {
      unsigned count;               /* expected threads; 0 = all live threads */
      unsigned arrived;             /* threads that arrived without waiting (BAR.ARV) */
      uint8_t red_op;               /* BAR.RED: 0 none, else 1 + POPC/AND/OR ... */
      unsigned red_total, red_true; /* ... over these threads, true ones */
   } bar[16];
   uint8_t *shared;
   uint32_t shared_size;
   struct sim_warp *warps[SIM_MAX_WARPS];
   unsigned warp_count;
   unsigned thread_count;
};

/* A global-memory buffer (the address space is sparse). */
struct sim_buffer {
   uint64_t addr, size;
   uint8_t *data;
};

/* Code is decoded once, when it is set. */
struct sim_decoded {
   struct jade_isa_instr instr;
   uint32_t gen; /* decoded at its first execution of program `gen`
                      * (jade_sim.code_gen): code windows are large (the
                      * GPU model hands over a whole code heap), so they
                      * are neither decoded nor cleared ahead */
   bool valid;
};

struct jade_sim {
   struct jade_sim_options opt;
   FILE *log;
   size_t code_size, code_cap; /* bytes; the buffers' capacity */
   uint32_t code_gen;          /* which program `decoded` holds */
   /* Warps kept from launch to launch (each is ~45 KiB; a launch a
    * submission is common), with their private local arrays. */
   struct sim_warp *warp_pool[SIM_MAX_WARPS];
   uint8_t *warp_local[SIM_MAX_WARPS];
   size_t warp_local_size[SIM_MAX_WARPS];
   uint8_t *code;                       /* the program's words (a copy) */
   struct sim_decoded *decoded;         /* per instruction, filled lazily
                                          * and kept from program to program
                                          * (no clearing, no new pages):
                                          * calloc'ed pages are only touched
                                          * where code runs */
   uint8_t *cbuf[JADE_SIM_CONST_BANKS]; /* lazily allocated, 64 KiB */
   struct sim_buffer *buffers;          /* sorted by address */
   unsigned buffer_count, buffer_alloc;
   uint64_t next_addr;
   const struct jade_sim_grid *grid;
   struct jade_sim_stats stats;
   uint64_t launch_instructions;
   /* struct sim_exec's read and written sets (zero between instructions). */
   uint8_t dep_read[SIM_DEP_COUNT], dep_written[SIM_DEP_COUNT];
   enum jade_sim_status status; /* set by sim_stop */
   char message[512];
   /* Calibration: shortest observed distance from a fixed-latency
    * producer's issue to a read of its result, per op and file. */
   uint8_t latency_min[JADE_ISA_OP_COUNT][JADE_ISA_FILE_COUNT];
   const struct jade_sim_graphics *gfx; /* NULL: no attribute space */
   void *(*translate)(void *data, uint64_t addr, uint64_t size);
   void *translate_data;
   uint64_t shared_window, local_window; /* of the current launch */
   unsigned gpr_limit;                   /* R0..gpr_limit-1 usable; 0: all */
   uint64_t local_warp_size;             /* a warp's local memory, in memory */
   jade_sim_texel_fn texel_fetch;        /* NULL: no texture unit */
   void *texel_data;
   jade_sim_surface_fn surface; /* NULL: no surface unit */
   void *surface_data;
};

/* Source slots of ALU instructions. */
enum sim_src { SIM_SRC_A, SIM_SRC_B, SIM_SRC_C };

/* One instruction being executed by a group of lanes at the same pc. */
struct sim_exec {
   struct jade_sim *sim;
   struct sim_cta *cta;
   struct sim_warp *w;
   const struct jade_isa_instr *in;
   const struct jade_isa_form *form;
   enum jade_isa_op op;
   uint64_t pc;
   uint32_t group;              /* lanes at this pc (the guard not applied) */
   uint32_t mask;               /* lanes that execute: group and the guard */
   uint64_t next_pc[SIM_LANES]; /* set by control flow; pc + 16 by default */
   /* What the instruction touched, for the dependency checker
    * (indexed like struct sim_warp's dep[]): the launch's scratch arrays,
    * all zero between instructions, and the indexes set in them, in the
    * order first touched (more than SIM_TOUCH_MAX: look at all).  Only
    * those are checked and cleared: an instruction touches a handful of
    * the SIM_DEP_COUNT registers. */
   uint8_t *read;
   uint8_t *written;
   uint16_t touched[SIM_TOUCH_MAX];
   unsigned touched_count;
   unsigned guard_dep; /* the guard predicate's dep index, 0 = none */
};

/* Notes register `idx` (a dep index) in `set` (x->read or x->written). */
static inline void
sim_note(struct sim_exec *x, uint8_t *set, unsigned idx)
{
   if (!x->read[idx] && !x->written[idx]) {
      if (x->touched_count < SIM_TOUCH_MAX)
         x->touched[x->touched_count] = (uint16_t)idx;
      x->touched_count++;
   }
   set[idx] = 1;
}

/* Stops the launch: the first stop wins.  Returns false, for
 * `return sim_stop(...)` in exec functions. */
bool sim_stop(struct sim_exec *x, enum jade_sim_status status, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));
static inline bool
sim_stopped(const struct sim_exec *x)
{
   return x->sim->status != JADE_SIM_OK;
}
bool sim_unsupported(struct sim_exec *x, const char *what);

/* The boolean op (AND, OR, XOR) by which the compare-and-set ops combine
 * their result with a predicate.  The float ones refuse op 3 before any
 * lane runs; ISETP takes it as XOR. */
static inline bool
sim_bop(unsigned bop, bool a, bool b)
{
   return bop == JADE_ISA_V_BOP_AND ? a && b : bop == JADE_ISA_V_BOP_OR ? a || b : a != b;
}
static inline bool
sim_bop_supported(struct sim_exec *x, unsigned bop)
{
   return bop <= JADE_ISA_V_BOP_XOR || sim_unsupported(x, "boolean op 3");
}

#define sim_foreach_lane(x, lane)                                                                  \
   for (unsigned lane = 0; lane < SIM_LANES; lane++)                                               \
      if ((x)->mask & (1u << lane))

/* The lowest executing lane (0 when none executes). */
static inline unsigned
sim_first_lane(const struct sim_exec *x)
{
   return x->mask ? (unsigned)__builtin_ctz(x->mask) : 0;
}

static inline uint64_t
sim_field(const struct sim_exec *x, enum jade_isa_field f)
{
   return x->in->field[f];
}

/* --- operands (sim_operands.c): each read/write is noted for the
 * dependency checker ------------------------------------------------------ */

/* A register the launch's register count does not cover: stops the
 * launch (sim_operands.c). */
bool sim_gpr_beyond_count(struct sim_exec *x, unsigned reg);

/* Register reads and writes, noted for the dependency checker; inline:
 * every lane of every instruction goes through them. */
static inline uint32_t
sim_gpr(struct sim_exec *x, unsigned reg, unsigned lane)
{
   if (reg >= JADE_HW_RZ ||
       (x->sim->gpr_limit && reg >= x->sim->gpr_limit && sim_gpr_beyond_count(x, reg)))
      return 0;
   sim_note(x, x->read, SIM_DEP_GPR + reg);
   return x->w->r[reg][lane];
}

static inline void
sim_set_gpr(struct sim_exec *x, unsigned reg, unsigned lane, uint32_t v)
{
   if (reg >= JADE_HW_RZ ||
       (x->sim->gpr_limit && reg >= x->sim->gpr_limit && sim_gpr_beyond_count(x, reg)))
      return;
   sim_note(x, x->written, SIM_DEP_GPR + reg);
   x->w->r[reg][lane] = v;
}
uint64_t sim_gpr64(struct sim_exec *x, unsigned reg, unsigned lane);
void sim_set_gpr64(struct sim_exec *x, unsigned reg, unsigned lane, uint64_t v);
uint32_t sim_ugpr(struct sim_exec *x, unsigned reg);
void sim_set_ugpr(struct sim_exec *x, unsigned reg, uint32_t v);
/* Uniform register pairs (URZ reads 0 and takes no writes). */
uint64_t sim_ugpr64(struct sim_exec *x, unsigned reg);
void sim_set_ugpr64(struct sim_exec *x, unsigned reg, uint64_t v);
bool sim_pred(struct sim_exec *x, unsigned pred, unsigned lane);
void sim_set_pred(struct sim_exec *x, unsigned pred, unsigned lane, bool v);
bool sim_upred(struct sim_exec *x, unsigned pred);
void sim_set_upred(struct sim_exec *x, unsigned pred, bool v);

/* A predicate source given by a field and its negation field
 * (JADE_ISA_NO_FIELD for none). */
bool sim_pred_src(struct sim_exec *x, enum jade_isa_field f, unsigned not_f, unsigned lane);

/* An ALU source's raw 32 bits: register, immediate, constant or uniform
 * register, as the operand form says.  No modifiers applied. */
/* The fields of each source slot (slot a has no constant-bank fields). */
struct sim_src_fields {
   enum jade_isa_field value, bank, offset, neg, abs;
};
extern const struct sim_src_fields sim_src_fields[3];
uint32_t sim_cbuf32(struct sim_exec *x, unsigned bank, int64_t offset);

static inline uint32_t
sim_src(struct sim_exec *x, enum sim_src s, unsigned lane)
{
   unsigned v = (unsigned)x->in->field[sim_src_fields[s].value];
   switch (x->form->src_kind[s]) {
   case JADE_ISA_SRC_GPR:
      return sim_gpr(x, v, lane);
   case JADE_ISA_SRC_UGPR:
      return sim_ugpr(x, v);
   case JADE_ISA_SRC_IMM:
      return v;
   case JADE_ISA_SRC_CBUF:
      return sim_cbuf32(x, (unsigned)x->in->field[sim_src_fields[s].bank],
                        (int64_t)x->in->field[sim_src_fields[s].offset]);
   default:
      return 0;
   }
}
/* The 64-bit value of an ALU source: a register pair, c[][] pair, uniform
 * pair, or an immediate holding the high 32 bits (fp64 forms). */
uint64_t sim_src64(struct sim_exec *x, enum sim_src s, unsigned lane);
/* The field of a source slot, its modifier fields, and whether a modifier
 * bit is set (0 when the form has none). */
enum jade_isa_field sim_src_field(enum sim_src s);
bool sim_src_neg(const struct sim_exec *x, enum sim_src s);
bool sim_src_abs(const struct sim_exec *x, enum sim_src s);
/* A source's kind in this form (enum jade_isa_src_kind). */
static inline unsigned
sim_src_kind(const struct sim_exec *x, enum sim_src s)
{
   return x->form->src_kind[s];
}

/* Constant-bank read (out-of-range offsets read 0, as on hardware). */
uint32_t sim_cbuf32(struct sim_exec *x, unsigned bank, int64_t offset);

/* --- memory (sim_core.c) ------------------------------------------------- */

/* Global memory: pointer to `size` bytes at addr, or NULL after stopping
 * the launch with a fault (unallocated, or misaligned for `align`). */
void *sim_global(struct sim_exec *x, uint64_t addr, unsigned size, unsigned align);
/* Shared memory of the CTA, with the same checks. */
void *sim_shared(struct sim_exec *x, uint64_t addr, unsigned size, unsigned align);
/* Copies `size` bytes between data and a lane's local memory (store: into
 * memory), with the same checks; false after stopping the launch.  Local
 * memory may be in GPU memory, where a thread's words are not contiguous
 * (jade_sim_grid), so there is no pointer to it. */
bool sim_local_access(struct sim_exec *x, unsigned lane, uint64_t addr, void *data, unsigned size,
                      unsigned align, bool store);
/* The same for a generic address, resolved through the shared and local
 * windows. */
bool sim_generic_access(struct sim_exec *x, unsigned lane, uint64_t addr, void *data, unsigned size,
                        unsigned align, bool store);

/* Scheduling helpers (sim_core.c) for the control-flow semantics. */
bool sim_release_waits(struct sim_warp *w);

/* --- semantics (sim_exec_*.c): true if the op was theirs ----------------- */

bool sim_exec_int(struct sim_exec *x);
bool sim_exec_float(struct sim_exec *x);
bool sim_exec_fp64(struct sim_exec *x);
bool sim_exec_half(struct sim_exec *x);
bool sim_exec_conv(struct sim_exec *x);
bool sim_exec_mem(struct sim_exec *x);
bool sim_exec_warp(struct sim_exec *x);
bool sim_exec_ctrl(struct sim_exec *x);
bool sim_exec_attr(struct sim_exec *x);
bool sim_exec_tex(struct sim_exec *x);
bool sim_exec_surface(struct sim_exec *x);
bool sim_exec_geometry(struct sim_exec *x);
/* A lane's attribute byte address (a[Roreg + addr_field], .PHYS
 * a[Roreg]); read it before writing any destination, which may be Roreg. */
uint64_t sim_attr_addr(struct sim_exec *x, unsigned lane, enum jade_isa_field addr_field);
/* Word k from that address in a space of `limit` words: the word,
 * SIM_ATTR_OUTSIDE for a register-indexed access outside the space (it
 * reads 0, its store is dropped), or SIM_ATTR_STOPPED after a fault (a
 * constant address outside the space, an address off a word);
 * sim_exec_attr.c says why. */
#define SIM_ATTR_OUTSIDE (-1)
#define SIM_ATTR_STOPPED (-2)
int sim_attr_word(struct sim_exec *x, uint64_t addr, unsigned k, unsigned limit, const char *op);
/* The instruction's name, for messages. */
const char *sim_attr_op_name(const struct sim_exec *x);
/* A geometry launch's ALD and AST (sim_exec_geometry.c). */
bool sim_geometry_ald_ast(struct sim_exec *x, bool store);
/* SR_INVOCATION_ID (0x11) or SR_INVOCATION_INFO (0x1d) of a lane's
 * thread; false outside a geometry or tessellation launch.  SR_PRIM_TYPE
 * (0x10): false outside a tessellation launch. */
bool sim_geometry_sreg(struct sim_exec *x, unsigned sr, unsigned lane, uint32_t *v);
/* The launch-wide index of a lane's thread (graphics I/O). */
uint32_t sim_thread_index(const struct sim_exec *x, unsigned lane);
/* Saves the exit registers of the lane (EXIT with graphics I/O). */
void sim_save_exit_regs(struct sim_exec *x, unsigned lane);
/* Marks the lane's thread killed (KILL with graphics I/O). */
void sim_mark_killed(struct sim_exec *x, unsigned lane);

/* --- MUFU results (sim_mufu_error.c) ------------------------------------ */

/* The result bits of MUFU function `func` (the ISA's numbering) whose
 * input bits are `in` and exact value v: rounded once, or, with
 * JADE_SIM_MUFU_HW, off by up to the function's documented bound.  fp32
 * results flush subnormals; RCP64H/RSQ64H give the high word. */
uint32_t sim_mufu_f32(const struct jade_sim *sim, unsigned func, uint32_t in, double v);
uint32_t sim_mufu_f16(const struct jade_sim *sim, unsigned func, uint32_t in, double v);
uint32_t sim_mufu_64h(const struct jade_sim *sim, bool rsq, uint32_t in, double v);

/* --- dependency checker (sim_hazard.c) ----------------------------------- */

/* Before execution: wait masks, DEPBAR; after execution: reads checked
 * against the state before the instruction, then writes recorded. */
void sim_hazard_before(struct sim_exec *x);
void sim_hazard_after(struct sim_exec *x);
void sim_hazard_reset(struct sim_warp *w);

#endif /* SIM_PRIVATE_H */
