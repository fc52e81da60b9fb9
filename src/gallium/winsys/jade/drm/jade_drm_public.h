/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#ifndef JADE_DRM_PUBLIC_H
#define JADE_DRM_PUBLIC_H

struct pipe_screen;
struct pipe_screen_config;

struct pipe_screen *jade_drm_screen_create(int fd,
                                           const struct pipe_screen_config *config);

#endif /* JADE_DRM_PUBLIC_H */
