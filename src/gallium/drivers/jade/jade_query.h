/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_QUERY_H
#define JADE_QUERY_H

#include "pipe/p_defines.h"

struct pipe_screen;

/* The driver queries: the context's compile, link, link-cache hit and
 * patch counters (jade_query.c). */
int jade_get_driver_query_info(struct pipe_screen *pscreen, unsigned index,
                               struct pipe_driver_query_info *info);
int jade_get_driver_query_group_info(struct pipe_screen *pscreen, unsigned index,
                                     struct pipe_driver_query_group_info *info);

#endif /* JADE_QUERY_H */
