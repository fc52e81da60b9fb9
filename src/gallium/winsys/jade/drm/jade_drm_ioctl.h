/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Internal to the DRM layer: one ioctl helper that logs every failure with
 * the ioctl's name, so no caller can forget to.
 */

#ifndef JADE_DRM_IOCTL_H
#define JADE_DRM_IOCTL_H

#include <stddef.h>
#include <stdint.h>

struct jade_dev;

/* drmCommandWriteRead on a nouveau command; returns 0 or -errno and logs
 * failures as "jade: <name> failed: <error>". */
int jade_ioctl(int fd, unsigned long command, void *arg, size_t size,
               const char *name);

/* The same, for optional queries whose failure is expected and not logged. */
int jade_dev_get_param_quiet(int fd, uint64_t param, uint64_t *value);

/* Fills dev->cls[] from the classes the kernel offers a channel. */
int jade_dev_query_classes(struct jade_dev *dev);

#endif /* JADE_DRM_IOCTL_H */
