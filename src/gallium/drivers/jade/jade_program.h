/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_PROGRAM_H
#define JADE_PROGRAM_H

#include "pipe/p_defines.h"

struct nir_shader;
struct jade_shader_binary;

struct jade_shader {
   enum pipe_shader_type stage;
   struct nir_shader *nir;
   void *mem;                        /* ralloc context of bin */
   struct jade_shader_binary *bin;   /* NULL if the compile failed */
};

#endif /* JADE_PROGRAM_H */
