/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * What the winsys needs from the driver: nothing else is exported.
 */

#ifndef JADE_PUBLIC_H
#define JADE_PUBLIC_H

struct pipe_screen;
struct pipe_screen_config;
struct renderonly;

struct pipe_screen *jade_screen_create(int fd, const struct pipe_screen_config *config,
                                       struct renderonly *ro);

#endif /* JADE_PUBLIC_H */
