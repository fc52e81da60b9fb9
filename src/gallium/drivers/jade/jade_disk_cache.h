/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_DISK_CACHE_H
#define JADE_DISK_CACHE_H

#include <stdbool.h>

#include "util/disk_cache.h"

struct jade_screen;
struct nir_shader;
struct jade_compiler_options;
struct jade_shader_binary;

/* The screen's disk cache (screen->disk_cache, NULL when Mesa's is off). */
void jade_disk_cache_init(struct jade_screen *screen);

/* The key of what compiling `nir` with `options` makes; false if there is
 * no cache. */
bool jade_disk_cache_key(struct jade_screen *screen, const struct nir_shader *nir,
                         const struct jade_compiler_options *options, cache_key key);

/* The binary stored under `key` (ralloc'ed on mem_ctx), or NULL: none, or
 * an entry that did not read back whole (then removed). */
struct jade_shader_binary *jade_disk_cache_load(struct jade_screen *screen, const cache_key key,
                                                void *mem_ctx);

void jade_disk_cache_store(struct jade_screen *screen, const cache_key key,
                           const struct jade_shader_binary *bin);

#endif /* JADE_DISK_CACHE_H */
