/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The core of the model: state, memory, and the scheduler.
 *
 * Each lane has its own pc (Volta-style independent thread scheduling).
 * A warp issues the lowest pc among its ready lanes, for all ready lanes
 * at that pc: lanes that branched forward wait while the others catch up,
 * so structured code reconverges without help, and BSYNC/WARPSYNC only
 * have to hold lanes until their partners arrive.  The warps of a CTA run
 * in turn, a slice of instructions each, in a fixed order; CTAs run one
 * after the other.  Everything is deterministic.
 */

#include <stdlib.h>

#include "sim_private.h"

#define SIM_SLICE         64    /* instructions a warp runs before the next */
#define SIM_LOCAL_DEFAULT 16384 /* bytes of local memory per thread */

struct jade_sim *
jade_sim_create(const struct jade_sim_options *options)
{
   struct jade_sim *sim = calloc(1, sizeof(*sim));
   if (!sim)
      return NULL;
   if (options)
      sim->opt = *options;
   if (!sim->opt.max_instructions)
      sim->opt.max_instructions = 100000000ull;
   sim->log = sim->opt.log ? sim->opt.log : stderr;
   sim->next_addr = 0x100000000ull; /* keep 0 and small values unmapped */
   return sim;
}

void
jade_sim_destroy(struct jade_sim *sim)
{
   if (!sim)
      return;
   for (unsigned i = 0; i < sim->buffer_count; i++)
      free(sim->buffers[i].data);
   free(sim->buffers);
   for (unsigned i = 0; i < JADE_SIM_CONST_BANKS; i++)
      free(sim->cbuf[i]);
   free(sim->decoded);
   free(sim->code);
   for (unsigned i = 0; i < SIM_MAX_WARPS; i++) {
      free(sim->warp_pool[i]);
      free(sim->warp_local[i]);
   }
   free(sim);
}

const char *
jade_sim_message(const struct jade_sim *sim)
{
   return sim->message;
}

void
jade_sim_get_stats(const struct jade_sim *sim, struct jade_sim_stats *stats)
{
   *stats = sim->stats;
}

/* --- global memory ------------------------------------------------------- */

uint64_t
jade_sim_alloc(struct jade_sim *sim, uint64_t size, uint64_t align)
{
   if (align < 256)
      align = 256;
   if (align & (align - 1) || size > (1ull << 36))
      return 0;
   if (sim->buffer_count == sim->buffer_alloc) {
      unsigned n = sim->buffer_alloc ? sim->buffer_alloc * 2 : 16;
      struct sim_buffer *b = realloc(sim->buffers, n * sizeof(*b));
      if (!b)
         return 0;
      sim->buffers = b;
      sim->buffer_alloc = n;
   }
   uint8_t *data = calloc(1, size ? size : 1);
   if (!data)
      return 0;
   /* Buffers are placed in increasing order with a gap, so the array
    * stays sorted and an overrun does not land in the next buffer. */
   uint64_t addr = (sim->next_addr + align - 1) & ~(align - 1);
   sim->next_addr = addr + size + 0x10000;
   sim->buffers[sim->buffer_count++] = (struct sim_buffer){addr, size, data};
   return addr;
}

void
jade_sim_set_memory(struct jade_sim *sim,
                    void *(*translate)(void *data, uint64_t addr, uint64_t size), void *data)
{
   sim->translate = translate;
   sim->translate_data = data;
}

static uint8_t *
global_ptr(struct jade_sim *sim, uint64_t addr, uint64_t size)
{
   if (sim->translate)
      return sim->translate(sim->translate_data, addr, size);
   unsigned lo = 0, hi = sim->buffer_count;
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      const struct sim_buffer *b = &sim->buffers[mid];
      if (addr < b->addr)
         hi = mid;
      else if (addr - b->addr >= b->size)
         lo = mid + 1;
      else
         return size <= b->size - (addr - b->addr) ? b->data + (addr - b->addr) : NULL;
   }
   return NULL;
}

int
jade_sim_write(struct jade_sim *sim, uint64_t addr, const void *data, uint64_t size)
{
   uint8_t *p = global_ptr(sim, addr, size);
   if (!p)
      return -1;
   memcpy(p, data, size);
   return 0;
}

int
jade_sim_read(struct jade_sim *sim, uint64_t addr, void *data, uint64_t size)
{
   uint8_t *p = global_ptr(sim, addr, size);
   if (!p)
      return -1;
   memcpy(data, p, size);
   return 0;
}

/* --- code and constants -------------------------------------------------- */

int
jade_sim_set_code(struct jade_sim *sim, const void *code, size_t size)
{
   if (size % 16)
      return -1;
   /* The buffers are kept and grown, never cleared: a program's decoded
    * entries are those of its generation (a program a launch is common:
    * allocating and clearing a 1 MiB window each time was most of such a
    * run's time under MALLOC_PERTURB_). */
   if (size > sim->code_cap || !sim->code) {
      struct sim_decoded *dec = calloc(size / 16 + 1, sizeof(*dec));
      uint8_t *copy = malloc(size ? size : 1);
      if (!dec || !copy) {
         free(dec);
         free(copy);
         return -1;
      }
      free(sim->decoded);
      free(sim->code);
      sim->decoded = dec;
      sim->code = copy;
      sim->code_cap = size;
      sim->code_gen = 0;
   }
   if (++sim->code_gen == 0) {
      memset(sim->decoded, 0, (sim->code_cap / 16 + 1) * sizeof(*sim->decoded));
      sim->code_gen = 1;
   }
   memcpy(sim->code, code, size);
   sim->code_size = size;
   return 0;
}

int
jade_sim_set_const(struct jade_sim *sim, unsigned bank, uint32_t offset, const void *data,
                   uint32_t size)
{
   if (bank >= JADE_SIM_CONST_BANKS || offset > JADE_SIM_CONST_BANK_SIZE ||
       size > JADE_SIM_CONST_BANK_SIZE - offset)
      return -1;
   if (!sim->cbuf[bank]) {
      sim->cbuf[bank] = calloc(1, JADE_SIM_CONST_BANK_SIZE);
      if (!sim->cbuf[bank])
         return -1;
   }
   memcpy(sim->cbuf[bank] + offset, data, size);
   return 0;
}

/* --- stops and messages -------------------------------------------------- */

bool
sim_stop(struct sim_exec *x, enum jade_sim_status status, const char *fmt, ...)
{
   struct jade_sim *sim = x->sim;
   if (sim->status != JADE_SIM_OK)
      return false;
   sim->status = status;
   int n = snprintf(sim->message, sizeof(sim->message), "pc 0x%04llx: ", (unsigned long long)x->pc);
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(sim->message + n, sizeof(sim->message) - n, fmt, ap);
   va_end(ap);
   return false;
}

bool
sim_unsupported(struct sim_exec *x, const char *what)
{
   char text[160];
   jade_isa_print(x->in, x->pc, text, sizeof(text));
   return sim_stop(x, JADE_SIM_UNSUPPORTED, "unsupported instruction: %s (%s)", text, what);
}

/* --- shared, local and generic memory ------------------------------------ */

static bool
check_align(struct sim_exec *x, const char *space, uint64_t addr, unsigned align)
{
   if (addr & (align - 1))
      return sim_stop(x, JADE_SIM_FAULT,
                      "misaligned %s access: address 0x%llx, "
                      "alignment %u",
                      space, (unsigned long long)addr, align);
   return true;
}

void *
sim_global(struct sim_exec *x, uint64_t addr, unsigned size, unsigned align)
{
   if (!check_align(x, "global", addr, align))
      return NULL;
   uint8_t *p = global_ptr(x->sim, addr, size);
   if (!p)
      sim_stop(x, JADE_SIM_FAULT,
               "global access of %u bytes at 0x%llx is out of "
               "bounds",
               size, (unsigned long long)addr);
   return p;
}

void *
sim_shared(struct sim_exec *x, uint64_t addr, unsigned size, unsigned align)
{
   if (!check_align(x, "shared", addr, align))
      return NULL;
   if (addr >= x->cta->shared_size || size > x->cta->shared_size - addr) {
      sim_stop(x, JADE_SIM_FAULT,
               "shared access of %u bytes at 0x%llx is out of "
               "bounds (%u bytes)",
               size, (unsigned long long)addr, x->cta->shared_size);
      return NULL;
   }
   return x->cta->shared + addr;
}

/* One lane's bytes [addr, addr + size) of local memory, copied to or from
 * data.  In memory (the GPU's local-memory buffer, jade_sim_grid), a
 * thread's consecutive words lie 128 bytes apart, so an access of 8 or 16
 * bytes is two or four pieces; all are translated before any is copied,
 * so a fault leaves memory as it was. */
bool
sim_local_access(struct sim_exec *x, unsigned lane, uint64_t addr, void *data, unsigned size,
                 unsigned align, bool store)
{
   const struct jade_sim_grid *g = x->sim->grid;
   uint32_t local_size = g->local_size;
   if (!check_align(x, "local", addr, align))
      return false;
   if (addr >= local_size || size > local_size - addr)
      return sim_stop(x, JADE_SIM_FAULT,
                      "local access of %u bytes at 0x%llx is out of "
                      "bounds (%u bytes)",
                      size, (unsigned long long)addr, local_size);
   if (!g->local_in_memory) {
      uint8_t *p = x->w->local + (size_t)lane * local_size + addr;
      memcpy(store ? p : data, store ? data : p, size);
      return true;
   }
   uint8_t *piece[4];
   unsigned len[4], n = 0;
   const uint64_t area = g->local_memory_address + (uint64_t)x->w->id * x->sim->local_warp_size;
   for (uint64_t a = addr, end = addr + size; a < end && n < 4; a += len[n++]) {
      len[n] = (unsigned)(end - a < 4 - a % 4 ? end - a : 4 - a % 4);
      uint64_t va = area + a / 4 * 128 + lane * 4 + a % 4;
      piece[n] = global_ptr(x->sim, va, len[n]);
      if (!piece[n])
         return sim_stop(x, JADE_SIM_FAULT,
                         "local access of %u bytes at 0x%llx (warp %u, "
                         "lane %u) is out of bounds: its word at 0x%llx in the local-memory "
                         "buffer at 0x%llx is not mapped",
                         size, (unsigned long long)addr, x->w->id, lane, (unsigned long long)va,
                         (unsigned long long)g->local_memory_address);
   }
   uint8_t *d = data;
   for (unsigned i = 0; i < n; d += len[i++])
      memcpy(store ? piece[i] : d, store ? d : piece[i], len[i]);
   return true;
}

bool
sim_generic_access(struct sim_exec *x, unsigned lane, uint64_t addr, void *data, unsigned size,
                   unsigned align, bool store)
{
   uint8_t *p;
   if (addr - x->sim->shared_window < JADE_SIM_WINDOW_SIZE)
      p = sim_shared(x, addr - x->sim->shared_window, size, align);
   else if (addr - x->sim->local_window < JADE_SIM_WINDOW_SIZE)
      return sim_local_access(x, lane, addr - x->sim->local_window, data, size, align, store);
   else
      p = sim_global(x, addr, size, align);
   if (!p)
      return false;
   memcpy(store ? p : data, store ? data : p, size);
   return true;
}

/* --- execution ----------------------------------------------------------- */

typedef bool (*sim_exec_fn)(struct sim_exec *x);
static const sim_exec_fn exec_families[] = {
   sim_exec_ctrl, sim_exec_int,  sim_exec_float, sim_exec_fp64, sim_exec_half,    sim_exec_conv,
   sim_exec_mem,  sim_exec_warp, sim_exec_attr,  sim_exec_tex,  sim_exec_surface, sim_exec_geometry,
};

static void
trace(struct sim_exec *x)
{
   char text[160];
   jade_isa_print(x->in, x->pc, text, sizeof(text));
   fprintf(x->sim->log, "cta %u,%u,%u warp %u mask %08x  /*%04llx*/ %s\n", x->cta->ctaid[0],
           x->cta->ctaid[1], x->cta->ctaid[2], x->w->id, x->mask, (unsigned long long)x->pc, text);
}

/* After an instruction: the values it wrote, in its first lane. */
static void
trace_results(struct sim_exec *x)
{
   if (!x->mask)
      return;
   unsigned lane = sim_first_lane(x);
   bool any = false;
   for (unsigned i = 0; i < SIM_DEP_COUNT; i++) {
      if (!x->written[i])
         continue;
      FILE *f = x->sim->log;
      fprintf(f, any ? ", " : "      lane %u: ", lane);
      any = true;
      if (i < SIM_DEP_PRED)
         fprintf(f, "R%u=0x%08x", i, x->w->r[i][lane]);
      else if (i < SIM_DEP_UGPR)
         fprintf(f, "P%u=%u", i - SIM_DEP_PRED, x->w->p[i - SIM_DEP_PRED] >> lane & 1);
      else if (i < SIM_DEP_UPRED)
         fprintf(f, "UR%u=0x%08x", i - SIM_DEP_UGPR, x->w->ur[i - SIM_DEP_UGPR]);
      else
         fprintf(f, "UP%u=%u", i - SIM_DEP_UPRED, x->w->up >> (i - SIM_DEP_UPRED) & 1);
   }
   if (any)
      fprintf(x->sim->log, "\n");
}

/* The guard: a predicate, or for the uniform datapath a uniform one. */
static uint32_t
guard_mask(struct sim_exec *x)
{
   const struct jade_isa_instr *in = x->in;
   if (in->pred == JADE_HW_PT && !in->pred_not)
      return x->group;
   /* Read directly, not through sim_pred: the guard is evaluated at issue,
    * so a read scoreboard does not cover it. */
   uint32_t m = 0;
   if (jade_isa_op_info[x->op].uniform) {
      x->guard_dep = SIM_DEP_UPRED + in->pred;
      bool v = ((x->w->up >> in->pred) & 1) != in->pred_not;
      return v ? x->group : 0;
   }
   x->guard_dep = SIM_DEP_PRED + in->pred;
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      if ((x->group >> lane & 1) && ((x->w->p[in->pred] >> lane) & 1) != in->pred_not)
         m |= 1u << lane;
   return m;
}

/* Executes one instruction for the lanes of `group` (all at `pc`). */

/* What a helper invocation must not do: store to global memory or a
 * surface, or run an atomic or reduction anywhere (the ISA description's
 * `memory:`).  Generic stores, which may reach the thread's own local
 * memory, are left alone (a pixel shader has no shared memory). */
static bool
writes_memory(enum jade_isa_op op)
{
   const unsigned space = jade_isa_op_info[op].memory.space;
   const unsigned access = jade_isa_op_info[op].memory.access;
   return access == JADE_ISA_MEM_ATOMIC ||
          (access == JADE_ISA_MEM_STORE && space != JADE_ISA_MEM_GENERIC);
}

/* The lanes of the warp that are helper invocations. */
static uint32_t
helper_lanes(const struct sim_exec *x)
{
   const struct jade_sim_graphics *gfx = x->sim->gfx;
   uint32_t m = 0;
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      uint32_t t = sim_thread_index(x, lane);
      if (t >= gfx->threads || (gfx->helper && gfx->helper[t]) || (gfx->killed && gfx->killed[t]))
         m |= 1u << lane;
   }
   return m;
}
/* The read and written sets back to zero for the next instruction. */
static void
clear_touched(struct sim_exec *x)
{
   if (x->touched_count > SIM_TOUCH_MAX) {
      memset(x->read, 0, SIM_DEP_COUNT);
      memset(x->written, 0, SIM_DEP_COUNT);
      return;
   }
   for (unsigned k = 0; k < x->touched_count; k++)
      x->read[x->touched[k]] = x->written[x->touched[k]] = 0;
}

static void
execute(struct jade_sim *sim, struct sim_cta *cta, struct sim_warp *w, uint64_t pc, uint32_t group)
{
   /* Not a compound literal: zeroing the whole struct each instruction
    * is a measurable share of the model's time; every field is set here
    * or before it is read (next_pc below, touched[] up to touched_count). */
   struct sim_exec x;
   x.sim = sim;
   x.cta = cta;
   x.w = w;
   x.in = NULL;
   x.form = NULL;
   x.op = JADE_ISA_OP_COUNT;
   x.pc = pc;
   x.group = group;
   x.mask = 0;
   x.read = sim->dep_read;
   x.written = sim->dep_written;
   x.touched_count = 0;
   x.guard_dep = 0;
   if (pc % 16 || pc / 16 >= sim->code_size / 16) {
      sim_stop(&x, JADE_SIM_FAULT, "pc outside the code (%zu bytes)", sim->code_size);
      return;
   }
   struct sim_decoded *dec = &sim->decoded[pc / 16];
   uint64_t words[2];
   memcpy(words, sim->code + pc, 16);
   if (dec->gen != sim->code_gen) {
      dec->valid = jade_isa_decode(words, &dec->instr) == 0;
      dec->gen = sim->code_gen;
   }
   if (!dec->valid) {
      sim_stop(&x, JADE_SIM_UNSUPPORTED,
               "unknown instruction encoding "
               "0x%016llx 0x%016llx",
               (unsigned long long)words[0], (unsigned long long)words[1]);
      return;
   }
   x.in = &dec->instr;
   x.form = &jade_isa_forms[dec->instr.form];
   x.op = x.form->op;
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      x.next_pc[lane] = pc + 16;

   if (sim->opt.hazards != JADE_SIM_HAZARDS_OFF)
      sim_hazard_before(&x);
   x.mask = guard_mask(&x);
   if (sim->gfx && (sim->gfx->helper || sim->gfx->killed) && writes_memory(x.op))
      x.mask &= ~helper_lanes(&x);
   if (sim->opt.trace)
      trace(&x);

   bool handled = false;
   for (unsigned i = 0; i < sizeof(exec_families) / sizeof(exec_families[0]); i++) {
      if (exec_families[i](&x)) {
         handled = true;
         break;
      }
   }
   if (!handled)
      sim_unsupported(&x, "no semantics in the model");
   if (sim->status != JADE_SIM_OK)
      return;

   if (sim->opt.trace)
      trace_results(&x);
   if (sim->opt.hazards != JADE_SIM_HAZARDS_OFF)
      sim_hazard_after(&x);
   clear_touched(&x);
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      if (group >> lane & 1)
         w->pc[lane] = x.next_pc[lane];
   w->cycle += x.in->ctrl.stall ? x.in->ctrl.stall : 1;
   sim->stats.warp_instructions++;
   sim->stats.thread_instructions += __builtin_popcount(x.mask);
   if (++sim->launch_instructions > sim->opt.max_instructions)
      sim_stop(&x, JADE_SIM_FAULT, "instruction limit (%llu) reached",
               (unsigned long long)sim->opt.max_instructions);
}

/* Exited, or never launched: nobody waits for such a lane. */
static bool
lane_gone(uint8_t state)
{
   return state == SIM_LANE_EXITED || state == SIM_LANE_INACTIVE;
}

static uint32_t
lanes_in(const struct sim_warp *w, enum sim_lane_state s)
{
   uint32_t m = 0;
   for (unsigned lane = 0; lane < SIM_LANES; lane++)
      if (w->state[lane] == s)
         m |= 1u << lane;
   return m;
}

/* Releases lanes waiting at BSYNC or WARPSYNC whose partners have all
 * arrived (or exited).  Returns true if any lane was released. */
bool
sim_release_waits(struct sim_warp *w)
{
   uint32_t exited = 0, at_bsync[16] = {0};
   uint32_t at_warpsync = lanes_in(w, SIM_LANE_WARPSYNC);
   bool released = false;
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      if (lane_gone(w->state[lane]))
         exited |= 1u << lane;
      else if (w->state[lane] == SIM_LANE_BSYNC)
         at_bsync[w->bar_id[lane] & 15] |= 1u << lane;
   }
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      uint32_t need;
      /* A BSYNC waits for the lanes of its barrier at a BSYNC of the same
       * barrier; lanes waiting on another barrier are still elsewhere. */
      if (w->state[lane] == SIM_LANE_BSYNC)
         need = w->b[w->bar_id[lane] & 15][lane] & ~exited & ~at_bsync[w->bar_id[lane] & 15];
      else if (w->state[lane] == SIM_LANE_WARPSYNC)
         need = w->warpsync_mask[lane] & ~exited & ~at_warpsync;
      else
         continue;
      if (!need) {
         w->state[lane] = SIM_LANE_READY;
         w->pc[lane] += 16;
         released = true;
      }
   }
   return released;
}

/* Runs up to `slice` instructions of a warp; returns how many ran. */
static unsigned
run_warp(struct jade_sim *sim, struct sim_cta *cta, struct sim_warp *w, unsigned slice)
{
   unsigned n = 0;
   while (n < slice && sim->status == JADE_SIM_OK) {
      uint32_t ready = lanes_in(w, SIM_LANE_READY);
      if (!ready) {
         if (sim_release_waits(w))
            continue;
         break;
      }
      uint64_t pc = UINT64_MAX;
      for (unsigned lane = 0; lane < SIM_LANES; lane++)
         if ((ready >> lane & 1) && w->pc[lane] < pc)
            pc = w->pc[lane];
      uint32_t group = 0;
      for (unsigned lane = 0; lane < SIM_LANES; lane++)
         if ((ready >> lane & 1) && w->pc[lane] == pc)
            group |= 1u << lane;
      execute(sim, cta, w, pc, group);
      n++;
   }
   return n;
}

/* The CTA barrier: released when every live thread of the CTA waits at
 * it (BAR.SYNC with a thread count: when that many have arrived). */
static bool
release_cta_barrier(struct sim_cta *cta)
{
   unsigned live = 0, waiting[16] = {0};
   for (unsigned i = 0; i < cta->warp_count; i++) {
      struct sim_warp *w = cta->warps[i];
      for (unsigned lane = 0; lane < SIM_LANES; lane++) {
         if (lane_gone(w->state[lane]))
            continue;
         live++;
         if (w->state[lane] == SIM_LANE_BAR)
            waiting[w->bar_id[lane] & 15]++;
      }
   }
   bool released = false;
   for (unsigned id = 0; id < 16; id++) {
      struct sim_cta_barrier *bar = &cta->bar[id];
      unsigned expected = bar->count ? bar->count : live;
      if (!waiting[id] || waiting[id] + bar->arrived < expected)
         continue;
      /* BAR.RED: POPC counts the true predicates, AND/OR combine them. */
      unsigned op = bar->red_op, t = bar->red_true;
      bool pred = op == 2 ? t == bar->red_total : t != 0;
      for (unsigned i = 0; i < cta->warp_count; i++) {
         struct sim_warp *w = cta->warps[i];
         for (unsigned lane = 0; lane < SIM_LANES; lane++) {
            if (w->state[lane] == SIM_LANE_BAR && w->bar_id[lane] == id) {
               w->state[lane] = SIM_LANE_READY;
               w->pc[lane] += 16;
               if (op) {
                  w->bar_result = t;
                  w->bar_result_pred = pred;
               }
            }
         }
      }
      *bar = (struct sim_cta_barrier){0};
      released = true;
   }
   return released;
}

static bool
cta_done(const struct sim_cta *cta)
{
   for (unsigned i = 0; i < cta->warp_count; i++)
      for (unsigned lane = 0; lane < SIM_LANES; lane++)
         if (!lane_gone(cta->warps[i]->state[lane]))
            return false;
   return true;
}

/* Whether thread t of the CTA is one a geometry launch leaves out (a
 * warp's lanes past its last primitive: jade_sim_geometry.idle). */
static bool
idle_thread(const struct jade_sim *sim, const struct sim_cta *cta, unsigned t)
{
   const struct jade_sim_geometry *gs = sim->gfx ? sim->gfx->geometry : NULL;
   if (!gs || !gs->idle)
      return false;
   const struct jade_sim_grid *g = sim->grid;
   const uint64_t cta_index =
      ((uint64_t)cta->ctaid[2] * g->grid[1] + cta->ctaid[1]) * g->grid[0] + cta->ctaid[0];
   const uint64_t i = cta_index * cta->thread_count + t;
   return i >= sim->gfx->threads || gs->idle[i];
}

static void
init_warp(const struct jade_sim *sim, const struct sim_cta *cta, struct sim_warp *w, unsigned id,
          const struct jade_sim_grid *g, unsigned threads)
{
   /* The registers the launch may use (a register past its count faults:
    * sim_operands.c) and RZ; clearing all 256 a warp was most of a pixel
    * launch's time. */
   unsigned regs = g->register_count > JADE_HW_RESERVED_GPRS
                      ? g->register_count - JADE_HW_RESERVED_GPRS
                      : JADE_HW_RZ;
   regs = regs < JADE_HW_RZ ? regs : JADE_HW_RZ;
   memset(w->r, 0, regs * sizeof(w->r[0]));
   memset(w->r[JADE_HW_RZ], 0, sizeof(w->r[JADE_HW_RZ]));
   memset(&w->p, 0, offsetof(struct sim_warp, local) - offsetof(struct sim_warp, p));
   w->id = id;
   w->p[JADE_HW_PT] = ~0u;
   w->up = 1u << JADE_HW_PT;
   for (unsigned lane = 0; lane < SIM_LANES; lane++) {
      unsigned t = id * SIM_LANES + lane;
      w->pc[lane] = g->entry;
      if (t >= threads || idle_thread(sim, cta, t)) {
         w->state[lane] = SIM_LANE_INACTIVE;
         continue;
      }
      w->state[lane] = SIM_LANE_READY;
      w->tid[lane][0] = t % g->block[0];
      w->tid[lane][1] = t / g->block[0] % g->block[1];
      w->tid[lane][2] = t / (g->block[0] * g->block[1]);
   }
   sim_hazard_reset(w);
}

static enum jade_sim_status
run_cta(struct jade_sim *sim, struct sim_cta *cta)
{
   const struct jade_sim_grid *g = sim->grid;
   memset(cta->shared, 0, g->shared_size);
   for (unsigned i = 0; i < cta->warp_count; i++) {
      init_warp(sim, cta, cta->warps[i], i, g, cta->thread_count);
      /* Private arrays start at 0; memory keeps what it holds, as on the
       * hardware. */
      if (cta->warps[i]->local)
         memset(cta->warps[i]->local, 0, (size_t)SIM_LANES * g->local_size);
   }
   memset(cta->bar, 0, sizeof(cta->bar));

   while (sim->status == JADE_SIM_OK && !cta_done(cta)) {
      unsigned progress = 0;
      for (unsigned i = 0; i < cta->warp_count && sim->status == JADE_SIM_OK; i++)
         progress += run_warp(sim, cta, cta->warps[i], SIM_SLICE);
      if (sim->status != JADE_SIM_OK)
         break;
      if (release_cta_barrier(cta) || progress)
         continue;
      struct sim_exec x = {.sim = sim, .cta = cta, .w = cta->warps[0], .pc = cta->warps[0]->pc[0]};
      sim_stop(&x, JADE_SIM_FAULT,
               "deadlock: no lane of CTA %u,%u,%u can run "
               "(waiting at a barrier that cannot complete)",
               cta->ctaid[0], cta->ctaid[1], cta->ctaid[2]);
   }
   return sim->status;
}

enum jade_sim_status
jade_sim_launch(struct jade_sim *sim, const struct jade_sim_grid *grid)
{
   struct jade_sim_grid g = *grid;
   sim->status = JADE_SIM_OK;
   sim->message[0] = 0;
   sim->launch_instructions = 0;
   /* A launch stopped mid-instruction leaves its sets as they were. */
   memset(sim->dep_read, 0, sizeof(sim->dep_read));
   memset(sim->dep_written, 0, sizeof(sim->dep_written));
   if (!g.local_size && !g.local_in_memory)
      g.local_size = SIM_LOCAL_DEFAULT;
   uint64_t threads = (uint64_t)g.block[0] * g.block[1] * g.block[2];
   if (!threads || threads > SIM_MAX_WARPS * SIM_LANES || !g.grid[0] || !g.grid[1] || !g.grid[2] ||
       g.shared_size > JADE_SIM_WINDOW_SIZE ||
       g.local_size > JADE_SIM_WINDOW_SIZE / (g.local_in_memory ? 1 : SIM_LANES)) {
      snprintf(sim->message, sizeof(sim->message),
               "bad launch: block %ux%ux%u, "
               "grid %ux%ux%u, %u bytes shared, %u bytes local",
               g.block[0], g.block[1], g.block[2], g.grid[0], g.grid[1], g.grid[2], g.shared_size,
               g.local_size);
      return sim->status = JADE_SIM_ERROR;
   }
   sim->grid = &g;
   sim->shared_window = g.shared_window ? g.shared_window : JADE_SIM_SHARED_WINDOW;
   sim->local_window = g.local_window ? g.local_window : JADE_SIM_LOCAL_WINDOW;
   if (g.register_count && g.register_count <= JADE_HW_RESERVED_GPRS) {
      snprintf(sim->message, sizeof(sim->message),
               "bad launch: a register count of %u "
               "leaves no register besides the pc's two",
               g.register_count);
      return sim->status = JADE_SIM_ERROR;
   }
   sim->gpr_limit = g.register_count ? g.register_count - JADE_HW_RESERVED_GPRS : 0;

   struct sim_cta cta = {.shared_size = g.shared_size, .thread_count = (unsigned)threads};
   cta.warp_count = (unsigned)((threads + SIM_LANES - 1) / SIM_LANES);
   if (g.local_in_memory) {
      /* Warp areas as NVK sizes them (nvk_slm_area_ensure), unless the
       * caller has the hardware's programmed one (3D: SET_SHADER_LOCAL_
       * MEMORY_E); the CTA's warps must fit what SM 0 may use. */
      const uint64_t align = JADE_SIM_LOCAL_WARP_ALIGN;
      sim->local_warp_size = g.local_memory_warp_size
                                ? g.local_memory_warp_size
                                : ((uint64_t)g.local_size * SIM_LANES + align - 1) & ~(align - 1);
      uint64_t need = sim->local_warp_size * cta.warp_count;
      if (g.local_size && (need > g.local_memory_size ||
                           sim->local_warp_size < (uint64_t)g.local_size * SIM_LANES)) {
         snprintf(sim->message, sizeof(sim->message),
                  "local memory too small: %u warps "
                  "of %u bytes a thread need %llu bytes (%llu a warp) at 0x%llx, there "
                  "are %llu",
                  cta.warp_count, g.local_size, (unsigned long long)need,
                  (unsigned long long)sim->local_warp_size,
                  (unsigned long long)g.local_memory_address,
                  (unsigned long long)g.local_memory_size);
         if (sim->opt.log != NULL)
            fprintf(sim->log, "jade-sim: %s\n", sim->message);
         sim->grid = NULL;
         return sim->status = JADE_SIM_FAULT;
      }
   }
   cta.shared = calloc(1, g.shared_size ? g.shared_size : 1);
   bool ok = cta.shared != NULL;
   for (unsigned i = 0; i < cta.warp_count && ok; i++) {
      if (!sim->warp_pool[i]) {
         sim->warp_pool[i] = calloc(1, sizeof(struct sim_warp));
         /* Every dependency entry dirty once: the first reset sets them. */
         if (sim->warp_pool[i])
            memset(sim->warp_pool[i]->dep_dirty, 0xff, sizeof(sim->warp_pool[i]->dep_dirty));
      }
      struct sim_warp *w = cta.warps[i] = sim->warp_pool[i];
      if (w && !g.local_in_memory && sim->warp_local_size[i] < (size_t)SIM_LANES * g.local_size) {
         free(sim->warp_local[i]);
         sim->warp_local[i] = malloc((size_t)SIM_LANES * g.local_size);
         sim->warp_local_size[i] = sim->warp_local[i] ? (size_t)SIM_LANES * g.local_size : 0;
      }
      if (w)
         w->local = g.local_in_memory ? NULL : sim->warp_local[i];
      ok = w && (g.local_in_memory || w->local);
   }
   if (!ok) {
      snprintf(sim->message, sizeof(sim->message), "out of memory");
      sim->status = JADE_SIM_ERROR;
   }

   for (uint32_t z = 0; z < g.grid[2] && sim->status == JADE_SIM_OK; z++)
      for (uint32_t y = 0; y < g.grid[1] && sim->status == JADE_SIM_OK; y++)
         for (uint32_t xx = 0; xx < g.grid[0] && sim->status == JADE_SIM_OK; xx++) {
            cta.ctaid[0] = xx;
            cta.ctaid[1] = y;
            cta.ctaid[2] = z;
            run_cta(sim, &cta);
         }

   free(cta.shared);
   sim->grid = NULL;
   if (sim->status != JADE_SIM_OK && sim->opt.log != NULL)
      fprintf(sim->log, "jade-sim: %s\n", sim->message);
   return sim->status;
}
