/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_FORMATS_H
#define JADE_FORMATS_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_defines.h"
#include "util/format/u_formats.h"

struct pipe_screen;

enum jade_format_usage {
   JADE_FMT_TEXTURE = 1 << 0, /* sampled */
   JADE_FMT_RENDER = 1 << 1,  /* colour target */
   JADE_FMT_BLEND = 1 << 2,   /* colour target that blends */
   JADE_FMT_ZS = 1 << 3,      /* depth/stencil target */
   JADE_FMT_VERTEX = 1 << 4,  /* vertex attribute */
   JADE_FMT_MSAA = 1 << 5,    /* may be multisampled */
};

/* The usages Jade supports for a format (0 if none). */
unsigned jade_format_usage(enum pipe_format format);

bool jade_is_format_supported(struct pipe_screen *pscreen, enum pipe_format format,
                              enum pipe_texture_target target, unsigned sample_count,
                              unsigned storage_sample_count, unsigned bindings);

/* How the hardware fetches a vertex format (SET_VERTEX_ATTRIBUTE_A's
 * fields, clc597.h values). */
struct jade_vertex_format {
   uint8_t component_bit_widths;
   uint8_t numerical_type;
   bool swap_r_and_b;
};

/* False if the hardware cannot fetch `format`. */
bool jade_vertex_format(enum pipe_format format, struct jade_vertex_format *out);

/* SET_COLOR_TARGET_FORMAT / SET_ZT_FORMAT values (0: not renderable). */
uint32_t jade_ct_format(enum pipe_format format);
uint32_t jade_zt_format(enum pipe_format format);

#endif /* JADE_FORMATS_H */
