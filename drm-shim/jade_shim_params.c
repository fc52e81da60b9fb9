/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The emulated GPU: a Turing board by default, another chipset by
 * JADE_SHIM_CHIPSET (any value, so that tests can check how Jade refuses
 * chips it does not support).
 */

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nvtypes.h"

#include "cl902d.h"
#include "cla140.h"
#include "clc597.h"
#include "clc5b5.h"
#include "clc5c0.h"
#include "util/macros.h"

#include "jade_shim.h"

static const struct {
   uint16_t chipset;
   uint16_t pci_device_id;
   uint32_t gpc_count, tpc_count;
} boards[] = {
   {0x162, 0x1e04, 6, 34}, /* TU102: RTX 2080 Ti */
   {0x164, 0x1e82, 6, 23}, /* TU104: RTX 2080 */
   {0x166, 0x1f02, 3, 18}, /* TU106: RTX 2070 */
   {0x167, 0x1f82, 2, 7},  /* TU117: GTX 1650 */
   {0x168, 0x2182, 3, 12}, /* TU116: GTX 1660 Ti */
};

/* drm-shim initialises on the first call it wraps, which can come before
 * libc's own initialisation has set the environment: the runtime of a
 * program built with AddressSanitizer starts from the program's
 * .preinit_array, and its first mmap initialises the shim, when getenv()
 * finds nothing.  The kernel's copy of the initial environment is there
 * already.
 */
const char *
jade_shim_getenv(const char *name)
{
   extern char **environ;
   if (environ)
      return getenv(name);

   static char initial[64 << 10];
   static size_t initial_B;
   static bool initial_read;
   if (!initial_read) {
      initial_read = true;
      int fd = open("/proc/self/environ", O_RDONLY | O_CLOEXEC);
      if (fd >= 0) {
         ssize_t n;
         while (initial_B < sizeof(initial) - 1 &&
                (n = read(fd, initial + initial_B, sizeof(initial) - 1 - initial_B)) > 0)
            initial_B += n;
         close(fd);
      }
   }
   size_t len = strlen(name);
   for (size_t i = 0; i < initial_B; i += strlen(initial + i) + 1) {
      if (!strncmp(initial + i, name, len) && initial[i + len] == '=')
         return initial + i + len + 1;
   }
   return NULL;
}

void
jade_shim_params_init(struct jade_shim_params *p)
{
   const char *env = jade_shim_getenv("JADE_SHIM_CHIPSET");
   p->chipset = env ? strtol(env, NULL, 16) : 0x162;
   p->pci_device_id = 0x1e04;
   p->gpc_count = 6;
   p->tpc_count = 34;
   for (unsigned i = 0; i < ARRAY_SIZE(boards); i++) {
      if (boards[i].chipset == p->chipset) {
         p->pci_device_id = boards[i].pci_device_id;
         p->gpc_count = boards[i].gpc_count;
         p->tpc_count = boards[i].tpc_count;
      }
   }
   p->vram_size_B = 8ull << 30;
   p->gart_size_B = 4ull << 30;
   p->bar_size_B = 256ull << 20;

   /* What nouveau lists for a Turing channel. */
   const uint32_t turing[] = {
      TURING_A, TURING_COMPUTE_A, TURING_DMA_COPY_A, KEPLER_INLINE_TO_MEMORY_B, FERMI_TWOD_A, 0,
   };
   for (unsigned i = 0; i < ARRAY_SIZE(turing); i++)
      p->classes[i] = turing[i];
}
