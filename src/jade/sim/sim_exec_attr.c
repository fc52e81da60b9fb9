/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Vertex and fragment shader I/O (jade_sim_set_graphics): ALD and AST on
 * each thread's attribute words, IPA from plane equations.  The model has
 * no rasteriser: a test gives the planes a triangle would have.  AL2P
 * and the physical ALD / AST (.PHYS) of every stage.  A geometry or
 * tessellation launch's ALD and AST are sim_exec_geometry.c's.
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

/* Attribute addresses.  An access names byte a[Roreg + addr] (ALD, AST,
 * IPA) or a[Roreg] (ALD.PHYS, AST.PHYS: the physical address AL2P made);
 * the model's physical address is the attribute byte address itself
 * (docs/gpu-model.md, "Indexed attributes"), so AL2P Rd, Ra, addr makes
 * Ra + addr, in the input or (.O) output space as the load names it.  An
 * access whose address comes from a register and falls outside the space
 * is what GL lets a shader do (an array indexed out of bounds: undefined
 * values, GLSL 4.60 section 4.1.9, and no crash) and what the compilers
 * leave unguarded (NAK's nak_nir_lower_vtg_io.c, codegen's indirect
 * ALD / AST): it reads 0 and its store is dropped.  A constant address
 * outside the space, or any address off a word, is the compiler's
 * contract break and faults. */
uint64_t
sim_attr_addr(struct sim_exec *x, unsigned lane, enum jade_isa_field addr_field)
{
   const bool phys = x->op == JADE_ISA_OP_ALD_PHYS || x->op == JADE_ISA_OP_AST_PHYS;
   const unsigned oreg = (unsigned)sim_field(x, JADE_ISA_F_OREG);
   return (phys ? 0 : sim_field(x, addr_field)) +
          (oreg == JADE_HW_RZ ? 0 : (uint64_t)sim_gpr(x, oreg, lane));
}

int
sim_attr_word(struct sim_exec *x, uint64_t addr, unsigned k, unsigned limit, const char *op)
{
   const bool phys = x->op == JADE_ISA_OP_ALD_PHYS || x->op == JADE_ISA_OP_AST_PHYS;
   const bool indexed = phys || sim_field(x, JADE_ISA_F_OREG) != JADE_HW_RZ;
   const uint64_t w = addr / 4 + k;
   if (addr % 4) {
      sim_stop(x, JADE_SIM_FAULT, "%s: attribute address 0x%llx is not word-aligned", op,
               (unsigned long long)addr);
      return SIM_ATTR_STOPPED;
   }
   if (w < limit)
      return (int)w;
   if (indexed)
      return SIM_ATTR_OUTSIDE;
   sim_stop(x, JADE_SIM_FAULT, "%s: attribute address 0x%llx out of range (%u words)", op,
            (unsigned long long)(4 * w), limit);
   return SIM_ATTR_STOPPED;
}

const char *
sim_attr_op_name(const struct sim_exec *x)
{
   const bool phys = x->op == JADE_ISA_OP_ALD_PHYS || x->op == JADE_ISA_OP_AST_PHYS;
   const bool store = x->op == JADE_ISA_OP_AST || x->op == JADE_ISA_OP_AST_PHYS;
   const bool patch = sim_field(x, JADE_ISA_F_PATCH);
   const bool out = !store && sim_field(x, JADE_ISA_F_OUT);
   if (x->op != JADE_ISA_OP_ALD && x->op != JADE_ISA_OP_AST && !phys)
      return jade_isa_op_info[x->op].name;
   if (store)
      return patch ? "AST.P" : phys ? "AST.PHYS" : "AST";
   if (patch)
      return out ? "ALD.O.P" : "ALD.P";
   if (phys)
      return out ? "ALD.O.PHYS" : "ALD.PHYS";
   return out ? "ALD.O" : "ALD";
}

static bool
exec_ald_ast(struct sim_exec *x, bool store)
{
   const struct jade_sim_graphics *gfx = x->sim->gfx;
   unsigned n = (unsigned)sim_field(x, JADE_ISA_F_COMPS) + 1;
   unsigned reg = (unsigned)sim_field(x, store ? JADE_ISA_F_DATA : JADE_ISA_F_DST);
   bool out = !store && sim_field(x, JADE_ISA_F_OUT);
   const char *op = sim_attr_op_name(x);
   if (gfx->geometry)
      return sim_geometry_ald_ast(x, store);
   if (!gfx->in || !gfx->out)
      return sim_stop(x, JADE_SIM_FAULT, "%s without attribute words (a pixel launch)", op);
   if (sim_field(x, JADE_ISA_F_PATCH))
      return sim_stop(x, JADE_SIM_UNSUPPORTED, "patch attributes (.P) are not modelled");
   sim_foreach_lane (x, lane) {
      uint32_t t = sim_thread_index(x, lane);
      if (t >= gfx->threads)
         return sim_stop(x, JADE_SIM_FAULT, "thread %u has no attribute space", t);
      /* The address register is read once, before the words are
       * written (it may be one of them). */
      const uint64_t addr = sim_attr_addr(x, lane, JADE_ISA_F_ADDR);
      for (unsigned k = 0; k < n; k++) {
         int w = sim_attr_word(x, addr, k, JADE_SIM_ATTR_WORDS, op);
         if (w == SIM_ATTR_STOPPED)
            return false;
         uint32_t *space = (store || out ? gfx->out : gfx->in) + t * JADE_SIM_ATTR_WORDS;
         if (store) {
            if (w >= 0)
               space[w] = sim_gpr(x, reg + k, lane);
         } else {
            sim_set_gpr(x, reg + k, lane, w >= 0 ? space[w] : 0);
         }
      }
   }
   return true;
}

/* AL2P Rd, Ra, addr: the physical address of a[Ra + addr] (above); the
 * width and .O change nothing in the model's layout. */
static bool
exec_al2p(struct sim_exec *x)
{
   const unsigned oreg = (unsigned)sim_field(x, JADE_ISA_F_OREG);
   const uint32_t addr = (uint32_t)sim_field(x, JADE_ISA_F_ADDR);
   sim_foreach_lane (x, lane)
      sim_set_gpr(x, (unsigned)sim_field(x, JADE_ISA_F_DST), lane,
                  addr + (oreg == JADE_HW_RZ ? 0 : sim_gpr(x, oreg, lane)));
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
      int w =
         sim_attr_word(x, sim_attr_addr(x, lane, JADE_ISA_F_ATTR), 0, JADE_SIM_ATTR_WORDS, "IPA");
      if (w == SIM_ATTR_STOPPED)
         return false;
      static const float none[3];
      const float *pl = w >= 0 ? gfx->plane[w] : none;
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
   case JADE_ISA_OP_ALD_PHYS:
   case JADE_ISA_OP_AST_PHYS:
   case JADE_ISA_OP_IPA:
      if (!x->sim->gfx)
         return sim_stop(x, JADE_SIM_UNSUPPORTED, "%s without graphics I/O (jade_sim_set_graphics)",
                         jade_isa_op_info[x->op].name);
      return x->op == JADE_ISA_OP_IPA
                ? exec_ipa(x)
                : exec_ald_ast(x, x->op == JADE_ISA_OP_AST || x->op == JADE_ISA_OP_AST_PHYS);
   case JADE_ISA_OP_AL2P:
      return exec_al2p(x);
   default:
      return false;
   }
}
