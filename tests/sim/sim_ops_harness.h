/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Shared by the per-opcode tests (sim_ops_float_test.c, sim_ops_int_test.c):
 * they link the semantics files but not the core, so this provides the
 * core functions the semantics call, the one-warp machine a case runs on,
 * the operand PRNG and the assembling of a case.
 */

#ifndef SIM_OPS_HARNESS_H
#define SIM_OPS_HARNESS_H

#include <stdio.h>

#include "sim_private.h"

/* The machine: one warp of one CTA, constant bank 0 (JADE_SIM_CONST_BANK_SIZE
 * bytes at sim.cbuf[0]). */
extern struct jade_sim sim;
extern struct sim_warp warp;
extern struct sim_cta cta;
extern uint8_t cbank[JADE_SIM_CONST_BANK_SIZE];

/* The message of the last sim_stop. */
extern char stop_msg[256];

/* Seeds the PRNG and sets the machine up; first thing in main. */
void ops_init(uint64_t seed);

/* xorshift64. */
uint64_t rnd64(void);

/* Assembles TEXT (nvdisasm syntax) into IN; prints a FAIL line and returns
 * false if it does not assemble. */
bool ops_assemble(const char *text, struct jade_isa_instr *in);

/* An exec context for IN on the warp, MASK the lanes at its pc (all of
 * them executing), every lane's next pc 16; the stop status cleared. */
void ops_exec_init(struct sim_exec *x, const struct jade_isa_instr *in, uint32_t mask);

#endif /* SIM_OPS_HARNESS_H */
