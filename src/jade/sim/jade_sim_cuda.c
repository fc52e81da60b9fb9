/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * What the CUDA driver does for a launch: find a kernel's code and
 * constants in a cubin, lay out its parameters, and fill the launch
 * constants of c[0] the way ptxas-generated code expects them on SM75:
 *   c[0][0x00..0x08] ntid.xyz        c[0][0x0c..0x14] nctaid.xyz
 *   c[0][0x18] shared window (64-bit)  c[0][0x20] local window (64-bit)
 *   c[0][0x28] initial stack pointer (R1), the top of local memory
 *   c[0][0x2c] dynamic shared memory size   c[0][0x10c] number of SMs
 *   c[0][0x160...] the parameters
 */

#include <stdlib.h>

#include "jade_elf.h"
#include "sim_private.h"

static bool
starts_with(const char *s, const char *prefix)
{
   return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* ".nv.constantN" or ".nv.constantN.NAME": the bank, or -1. */
static int
const_bank(const char *sec, const char *name)
{
   if (!starts_with(sec, ".nv.constant"))
      return -1;
   char *end;
   long bank = strtol(sec + strlen(".nv.constant"), &end, 10);
   if (end == sec + strlen(".nv.constant") || bank < 0 || bank >= JADE_SIM_CONST_BANKS)
      return -1;
   if (*end == 0 || (*end == '.' && strcmp(end + 1, name) == 0))
      return (int)bank;
   return -1;
}

int
jade_sim_cuda_load(struct jade_sim *sim, const void *cubin, size_t size, const char *name,
                   struct jade_sim_cuda_kernel *kernel, char *err, size_t err_size)
{
   struct jade_elf_section sections[512];
   int count = jade_elf_sections(cubin, size, sections, 512, err, err_size);
   if (count < 0)
      return -1;
   const uint8_t *data = cubin;
   char text_name[256], rel_name[256], rela_name[256], shared_name[256];
   snprintf(text_name, sizeof(text_name), ".text.%s", name);
   snprintf(rel_name, sizeof(rel_name), ".rel.text.%s", name);
   snprintf(rela_name, sizeof(rela_name), ".rela.text.%s", name);
   snprintf(shared_name, sizeof(shared_name), ".nv.shared.%s", name);

   *kernel = (struct jade_sim_cuda_kernel){.local_size = JADE_SIM_CUDA_LOCAL_SIZE};
   const struct jade_elf_section *text = NULL;
   for (int i = 0; i < count; i++) {
      const struct jade_elf_section *s = &sections[i];
      if (strcmp(s->name, text_name) == 0)
         text = s;
      if (strcmp(s->name, rel_name) == 0 || strcmp(s->name, rela_name) == 0) {
         snprintf(err, err_size,
                  "kernel %s has relocations, which the model does "
                  "not apply",
                  name);
         return -1;
      }
      if (strcmp(s->name, shared_name) == 0)
         kernel->shared_size = (uint32_t)s->mem_size;
      int bank = const_bank(s->name, name);
      if (bank == 0 && strcmp(s->name, ".nv.constant0") != 0) {
         kernel->param_size =
            s->size > JADE_SIM_CUDA_PARAM_BASE ? (uint32_t)(s->size - JADE_SIM_CUDA_PARAM_BASE) : 0;
      } else if (bank > 0 && s->type != 8 /* SHT_NOBITS */) {
         if (jade_sim_set_const(sim, (unsigned)bank, 0, data + s->offset, (uint32_t)s->size) != 0) {
            snprintf(err, err_size, "section %s does not fit a constant bank", s->name);
            return -1;
         }
      }
   }
   if (!text) {
      snprintf(err, err_size, "no kernel named %s (no section %s)", name, text_name);
      return -1;
   }
   if (jade_sim_set_code(sim, data + text->offset, text->size) != 0) {
      snprintf(err, err_size, "%s: code size %llu is not a multiple of 16", text_name,
               (unsigned long long)text->size);
      return -1;
   }
   return 0;
}

void
jade_sim_cuda_param(struct jade_sim_cuda_params *params, const void *value, uint32_t size)
{
   uint32_t align = size >= 8 ? 8 : size;
   uint32_t off = (params->size + align - 1) & ~(align - 1);
   if (off + size > sizeof(params->data))
      return;
   memcpy(params->data + off, value, size);
   params->size = off + size;
}

enum jade_sim_status
jade_sim_cuda_launch(struct jade_sim *sim, const struct jade_sim_cuda_kernel *kernel,
                     const uint32_t grid[3], const uint32_t block[3], uint32_t dynamic_shared,
                     const struct jade_sim_cuda_params *params)
{
   uint32_t words[10] = {block[0], block[1], block[2], grid[0], grid[1], grid[2]};
   uint64_t windows[2] = {JADE_SIM_SHARED_WINDOW, JADE_SIM_LOCAL_WINDOW};
   memcpy(&words[6], windows, sizeof(windows));
   /* c[0][0x28]: the stack pointer; 0x2c: %dynamic_smem_size; 0x10c:
    * %nsmid (the model is one SM). */
   uint32_t stack[2] = {kernel->local_size, dynamic_shared}, nsmid = 1;
   if (jade_sim_set_const(sim, 0, 0, words, sizeof(words)) ||
       jade_sim_set_const(sim, 0, 0x28, stack, sizeof(stack)) ||
       jade_sim_set_const(sim, 0, 0x10c, &nsmid, 4) ||
       jade_sim_set_const(sim, 0, JADE_SIM_CUDA_PARAM_BASE, params->data, params->size)) {
      snprintf(sim->message, sizeof(sim->message), "parameters do not fit c[0]");
      return JADE_SIM_ERROR;
   }
   struct jade_sim_grid g = {
      .grid = {grid[0], grid[1], grid[2]},
      .block = {block[0], block[1], block[2]},
      .shared_size = kernel->shared_size + dynamic_shared,
      .local_size = kernel->local_size,
   };
   return jade_sim_launch(sim, &g);
}
