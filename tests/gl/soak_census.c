/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * What the soak test's process holds: resident and virtual memory (from
 * /proc/self/status), open files, and the GEM buffers Jade's drm-shim
 * counts as live (its exported jade_shim_live_buffers, found because the
 * shim is preloaded; absent on any other driver).
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_DEFAULT */
#endif
#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "soak.h"

static int64_t
status_KiB(const char *text, const char *field)
{
   const char *at = strstr(text, field);
   long long v = -1;
   if (at)
      sscanf(at + strlen(field), " %lld", &v);
   return v;
}

static int
open_files(void)
{
   DIR *d = opendir("/proc/self/fd");
   if (!d)
      return -1;
   int n = 0;
   for (struct dirent *e; (e = readdir(d));)
      n += e->d_name[0] != '.';
   closedir(d);
   return n - 1; /* the directory's own */
}

void
soak_census_take(struct soak_census *c)
{
   char text[8192] = "";
   FILE *f = fopen("/proc/self/status", "r");
   if (f) {
      size_t n = fread(text, 1, sizeof(text) - 1, f);
      text[n] = 0;
      fclose(f);
   }
   c->rss_KiB = status_KiB(text, "VmRSS:");
   c->vmsize_KiB = status_KiB(text, "VmSize:");
   c->rss_anon_KiB = status_KiB(text, "RssAnon:");
   c->rss_shmem_KiB = status_KiB(text, "RssShmem:");
   c->fds = open_files();
   int64_t (*live)(int64_t *) =
      (int64_t(*)(int64_t *))dlsym(RTLD_DEFAULT, "jade_shim_live_buffers");
   c->buffer_B = -1;
   c->buffers = live ? live(&c->buffer_B) : -1;
}
