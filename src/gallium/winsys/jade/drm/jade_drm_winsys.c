/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Entry point from Mesa's pipe-loader: one screen per device, shared by
 * every context on that fd (u_pipe_screen_lookup_or_create).
 */

#include <stddef.h>

#include "util/u_screen.h"

#include "jade_drm_public.h"
#include "jade/jade_public.h"

struct pipe_screen *
jade_drm_screen_create(int fd, const struct pipe_screen_config *config)
{
   return u_pipe_screen_lookup_or_create(fd, config, NULL, jade_screen_create);
}
