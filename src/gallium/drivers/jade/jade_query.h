/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_QUERY_H
#define JADE_QUERY_H

#include <stdint.h>

#include "pipe/p_defines.h"

struct pipe_screen;

/* The driver queries: the context's compile, link, link-cache hit and
 * patch counters (jade_query.c). */
int jade_get_driver_query_info(struct pipe_screen *pscreen, unsigned index,
                               struct pipe_driver_query_info *info);
int jade_get_driver_query_group_info(struct pipe_screen *pscreen, unsigned index,
                                     struct pipe_driver_query_group_info *info);

struct jade_context;

/* A four-word report ({payload, counter `report` of pipeline `location`,
 * the timestamp}) written to va when the pipeline gets there
 * (SET_REPORT_SEMAPHORE_*, NVC597_SET_REPORT_SEMAPHORE_D_* values). */
void jade_emit_report(struct jade_context *ctx, uint64_t va, uint32_t location, uint32_t report,
                      uint32_t sub, uint32_t payload);

#endif /* JADE_QUERY_H */
