/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Vertex and fragment shader I/O (jade_sim_set_graphics): ALD and AST on
 * each thread's attribute words, IPA from plane equations.  The model has
 * no rasteriser: a test gives the planes a triangle would have.  A
 * geometry launch's ALD and AST are sim_exec_geometry.c's.
 */

#include "sim_private.h"

void
jade_sim_set_graphics(struct jade_sim *sim, const struct jade_sim_graphics *gfx)
{
   sim->gfx = gfx;
}

uint32_t
sim_thread_index(const struct sim_exec *x, unsigned lane)
{
   const struct jade_sim_grid *g = x->sim->grid;
   const uint32_t *c = x->cta->ctaid, *t = x->w->tid[lane];
   uint32_t per_cta = g->block[0] * g->block[1] * g->block[2];
   uint32_t cta = (c[2] * g->grid[1] + c[1]) * g->grid[0] + c[0];
   return cta * per_cta + (t[2] * g->block[1] + t[1]) * g->block[0] + t[0];
}

void
sim_mark_killed(struct sim_exec *x, unsigned lane)
{
   const struct jade_sim_graphics *gfx = x->sim->gfx;
   if (!gfx || !gfx->killed)
      return;
   uint32_t t = sim_thread_index(x, lane);
   if (t < gfx->threads)
      gfx->killed[t] = 1;
}

void
sim_save_exit_regs(struct sim_exec *x, unsigned lane)
{
   const struct jade_sim_graphics *gfx = x->sim->gfx;
   if (!gfx || !gfx->exit_regs)
      return;
   uint32_t t = sim_thread_index(x, lane);
   for (unsigned r = 0; t < gfx->threads && r < gfx->exit_reg_count; r++)
      gfx->exit_regs[t * gfx->exit_reg_count + r] = sim_gpr(x, r, lane);
}

/* Attribute word of a lane's access: a[oreg + addr] / 4, or -1. */
static int
attr_word(struct sim_exec *x, unsigned lane, enum jade_isa_field addr_field, unsigned k)
{
   unsigned oreg = (unsigned)sim_field(x, JADE_ISA_F_OREG);
   uint64_t addr = sim_field(x, addr_field) + (oreg == JADE_HW_RZ ? 0 : sim_gpr(x, oreg, lane));
   uint64_t w = addr / 4 + k;
   return addr % 4 || w >= JADE_SIM_ATTR_WORDS ? -1 : (int)w;
}

static bool
exec_ald_ast(struct sim_exec *x, bool store)
{
   const struct jade_sim_graphics *gfx = x->sim->gfx;
   unsigned n = (unsigned)sim_field(x, JADE_ISA_F_COMPS) + 1;
   unsigned reg = (unsigned)sim_field(x, store ? JADE_ISA_F_DATA : JADE_ISA_F_DST);
   bool out = !store && sim_field(x, JADE_ISA_F_OUT);
   if (gfx->geometry)
      return sim_geometry_ald_ast(x, store);
   if (!gfx->in || !gfx->out)
      return sim_stop(x, JADE_SIM_FAULT, "%s without attribute words (a pixel launch)",
                      store ? "AST" : "ALD");
   if (sim_field(x, JADE_ISA_F_PATCH))
      return sim_stop(x, JADE_SIM_UNSUPPORTED, "patch attributes (.P) are not modelled");
   sim_foreach_lane (x, lane) {
      uint32_t t = sim_thread_index(x, lane);
      if (t >= gfx->threads)
         return sim_stop(x, JADE_SIM_FAULT, "thread %u has no attribute space", t);
      for (unsigned k = 0; k < n; k++) {
         int w = attr_word(x, lane, JADE_ISA_F_ADDR, k);
         if (w < 0)
            return sim_stop(x, JADE_SIM_FAULT, "attribute address out of range");
         uint32_t *space = (store || out ? gfx->out : gfx->in) + t * JADE_SIM_ATTR_WORDS;
         if (store)
            space[w] = sim_gpr(x, reg + k, lane);
         else
            sim_set_gpr(x, reg + k, lane, space[w]);
      }
   }
   return true;
}

/* IPA interpolates at the pixel centre, at IPA.CENTROID the point the
 * launch gives (jade_sim_graphics.centroid), at IPA.OFFSET the centre
 * plus the offset register's two signed 16-bit halves, x low, in 1/4096
 * pixel (NAK nak_nir_lower_fs_inputs.c load_barycentric_offset packs
 * them so, PRMT 0x5410, from offsets clamped to [-0.5, 0.4375]). */
static bool
exec_ipa(struct sim_exec *x)
{
   const struct jade_sim_graphics *gfx = x->sim->gfx;
   unsigned freq = (unsigned)sim_field(x, JADE_ISA_F_FREQ);
   const unsigned loc = (unsigned)sim_field(x, JADE_ISA_F_LOC);
   if (freq > JADE_ISA_V_FREQ_CONSTANT || loc > JADE_ISA_V_LOC_OFFSET)
      return sim_stop(x, JADE_SIM_UNSUPPORTED, "IPA.STATE is not modelled");
   if (!gfx->plane || !gfx->width)
      return sim_stop(x, JADE_SIM_FAULT, "IPA without plane equations");
   sim_foreach_lane (x, lane) {
      uint32_t t = sim_thread_index(x, lane);
      int w = attr_word(x, lane, JADE_ISA_F_ATTR, 0);
      if (w < 0)
         return sim_stop(x, JADE_SIM_FAULT, "attribute address out of range");
      const float *pl = gfx->plane[w];
      uint32_t ix = t % gfx->width, iy = t / gfx->width;
      if (gfx->quads) {
         uint32_t q = t / 4, qw = gfx->width / 2 ? gfx->width / 2 : 1;
         ix = 2 * (q % qw) + (t & 1);
         iy = 2 * (q / qw) + (t >> 1 & 1);
      }
      float px = (float)ix + 0.5f, py = (float)iy + 0.5f;
      if (loc == JADE_ISA_V_LOC_CENTROID && gfx->centroid && t < gfx->threads) {
         px = (float)ix + gfx->centroid[t][0];
         py = (float)iy + gfx->centroid[t][1];
      } else if (loc == JADE_ISA_V_LOC_OFFSET) {
         const unsigned sofs = (unsigned)sim_field(x, JADE_ISA_F_SOFS);
         const uint32_t o = sofs == JADE_HW_RZ ? 0 : sim_gpr(x, sofs, lane);
         px += (float)(int16_t)(o & 0xffff) / 4096.0f;
         py += (float)(int16_t)(o >> 16) / 4096.0f;
      }
      float v = freq == JADE_ISA_V_FREQ_CONSTANT ? pl[2] : pl[0] * px + pl[1] * py + pl[2];
      uint32_t bits;
      memcpy(&bits, &v, 4);
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, bits);
   }
   return true;
}

/* PIXLD.COVMASK and .MY_INDEX: the launch's coverage and sample of the
 * thread (jade_sim_graphics.covmask, my_index); without them a covered
 * single-sampled pixel (1, 0). */
static bool
exec_pixld(struct sim_exec *x)
{
   const struct jade_sim_graphics *gfx = x->sim->gfx;
   const unsigned sel = (unsigned)sim_field(x, JADE_ISA_F_SEL);
   if (sel != JADE_ISA_V_SEL_COVMASK && sel != JADE_ISA_V_SEL_MY_INDEX)
      return sim_stop(x, JADE_SIM_UNSUPPORTED, "PIXLD mode %u is not modelled", sel);
   if (!gfx->plane)
      return sim_stop(x, JADE_SIM_FAULT, "PIXLD outside a pixel launch");
   sim_foreach_lane (x, lane) {
      uint32_t t = sim_thread_index(x, lane);
      uint32_t v;
      if (sel == JADE_ISA_V_SEL_COVMASK)
         v = gfx->covmask && t < gfx->threads ? gfx->covmask[t] : 1;
      else
         v = gfx->my_index && t < gfx->threads ? gfx->my_index[t] : 0;
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane, v);
   }
   return true;
}

bool
sim_exec_attr(struct sim_exec *x)
{
   switch (x->op) {
   case JADE_ISA_OP_PIXLD:
      if (!x->sim->gfx)
         return sim_stop(x, JADE_SIM_UNSUPPORTED, "PIXLD without graphics I/O");
      return exec_pixld(x);
   case JADE_ISA_OP_ALD:
   case JADE_ISA_OP_AST:
   case JADE_ISA_OP_IPA:
      if (!x->sim->gfx)
         return sim_stop(x, JADE_SIM_UNSUPPORTED, "%s without graphics I/O (jade_sim_set_graphics)",
                         jade_isa_op_info[x->op].name);
      return x->op == JADE_ISA_OP_IPA ? exec_ipa(x) : exec_ald_ast(x, x->op == JADE_ISA_OP_AST);
   default:
      return false;
   }
}
