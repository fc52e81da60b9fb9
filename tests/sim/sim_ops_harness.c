/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The per-opcode tests' stand-ins for the core (sim_ops_harness.h).
 */

#include <stdarg.h>
#include <string.h>

#include "sim_ops_harness.h"

struct jade_sim sim;
struct sim_warp warp;
struct sim_cta cta;
uint8_t cbank[JADE_SIM_CONST_BANK_SIZE];
char stop_msg[256];

static uint64_t rng_state;

bool
sim_stop(struct sim_exec *x, enum jade_sim_status status, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(stop_msg, sizeof(stop_msg), fmt, ap);
   va_end(ap);
   if (x->sim->status == JADE_SIM_OK)
      x->sim->status = status;
   return false;
}

bool
sim_unsupported(struct sim_exec *x, const char *what)
{
   return sim_stop(x, JADE_SIM_UNSUPPORTED, "unsupported: %s", what);
}

/* No waits to release: a case is one instruction. */
bool
sim_release_waits(struct sim_warp *w)
{
   (void)w;
   return false;
}

void
ops_init(uint64_t seed)
{
   rng_state = seed;
   sim.cbuf[0] = cbank;
   sim.log = stderr;
}

uint64_t
rnd64(void)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 7;
   rng_state ^= rng_state << 17;
   return rng_state;
}

bool
ops_assemble(const char *text, struct jade_isa_instr *in)
{
   char err[200];
   memset(in, 0, sizeof(*in));
   /* the control bits: a plain stall, no scoreboards */
   in->ctrl = (struct jade_isa_ctrl){.stall = 1,
                                     .wr_sb = JADE_HW_NO_SCOREBOARD,
                                     .rd_sb = JADE_HW_NO_SCOREBOARD};
   if (jade_isa_parse(text, 0, in, err, sizeof(err))) {
      printf("FAIL %s: does not assemble: %s\n", text, err);
      return false;
   }
   return true;
}

void
ops_exec_init(struct sim_exec *x, const struct jade_isa_instr *in, uint32_t mask)
{
   memset(x, 0, sizeof(*x));
   x->sim = &sim;
   x->cta = &cta;
   x->w = &warp;
   x->in = in;
   x->form = &jade_isa_forms[in->form];
   x->op = x->form->op;
   x->pc = 0;
   x->group = x->mask = mask;
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      x->next_pc[lane] = 16;
   memset(sim.dep_read, 0, sizeof(sim.dep_read));
   memset(sim.dep_written, 0, sizeof(sim.dep_written));
   x->read = sim.dep_read;
   x->written = sim.dep_written;
   sim.status = JADE_SIM_OK;
}
