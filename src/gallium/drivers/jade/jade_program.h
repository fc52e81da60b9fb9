/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_PROGRAM_H
#define JADE_PROGRAM_H

#include "pipe/p_defines.h"

struct nir_shader;

struct jade_shader {
   enum pipe_shader_type stage;
   struct nir_shader *nir;
};

#endif /* JADE_PROGRAM_H */
