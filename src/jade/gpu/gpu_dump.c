/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * PNG dumps of the colour targets a submission wrote (gpu_dump.h), for
 * looking at a failing test's frames (docs/debugging.md):
 * - the 3D pipeline notes each target it writes (a fragment written by
 *   gpu_3d_fragment_out, a CLEAR_SURFACE): a small set a submission, keyed
 *   by address, format, size, layout and layer;
 * - at the end of a submission (jade_gpu_end_submission: an EXEC of the
 *   executing shim) every noted target is read back pixel by pixel at
 *   gpu_3d_target_va, the model's own addressing (block-linear GOBs or
 *   pitch rows, as the hardware lays the target out), and converted to
 *   8-bit RGBA: unorm, snorm and float components by util_format's unpack,
 *   clamped to [0, 1]; sRGB targets unpacked as their linear twin, so the
 *   file holds the stored (encoded) bytes, as a display shows them;
 *   integer components clamped to [0, 255]; components the format lacks
 *   0, alpha 1 (util_format's defaults);
 * - row 0 of the target (y = 0, the lowest addresses) is the PNG's top
 *   row; nothing is flipped.  Gallium stores a window-system framebuffer
 *   top row first, so it looks as on screen; an FBO (piglit's -fbo, every
 *   texture) holds GL's bottom row (window y = 0) at row 0, so it shows
 *   upside down;
 * - the file: DIR/<program>-<pid>-s<submission, 4 digits>-ct<j>-<W>x<H>.png,
 *   the submission counted from 1 over the whole process (every
 *   submission of every channel counts, also those that wrote nothing),
 *   <j> the SET_COLOR_TARGET_*(j) index, -<n> after it for the n-th
 *   distinct target (address, format, size, layout) of the same index in
 *   one submission, in the order they were first written, -l<layer>
 *   before the size for a layer (or 3D slice) other than 0;
 * - written with libpng's simplified API (libpng-manual.txt, "Simplified
 *   API": png_image_write_to_stdio); without libpng at build time the
 *   feature is compiled out and asking for it logs that once;
 * - an error (the directory not writable, a target no longer mapped, no
 *   memory) is logged once a model through the log callback and never
 *   faults the channel.
 */

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/format/u_format.h"
#include "util/u_atomic.h"
#include "util/u_process.h"

#include "gpu_3d_raster.h"
#include "gpu_dump.h"

#ifdef JADE_GPU_HAVE_PNG
#include <png.h>
#endif

/* Distinct targets a submission; more are logged once and left out. */
#define GPU_DUMP_TARGETS 16

struct gpu_dump_entry {
   struct gpu_3d_target t;
   uint32_t rt_index;
   uint32_t layer; /* SET_COLOR_TARGET_LAYER + rt_index */
};

struct gpu_dump {
   char *dir;
   bool dir_made;
   bool full_logged, error_logged;
   unsigned count, last;
   struct gpu_dump_entry e[GPU_DUMP_TARGETS];
};

/* Submissions of the whole process, so that no two channels' files share
 * a name. */
static uint32_t submissions;

void
gpu_dump_init(struct jade_gpu *gpu)
{
   const char *dir = gpu->env.dump_dir;
   if (!dir || !dir[0])
      return;
#ifdef JADE_GPU_HAVE_PNG
   struct gpu_dump *d = calloc(1, sizeof(*d));
   if (d)
      d->dir = strdup(dir);
   if (!d || !d->dir) {
      free(d);
      gpu_log(gpu, "PNG dumps into %s: out of memory; no dumps", dir);
      return;
   }
   gpu->dump = d;
#else
   gpu_log(gpu,
           "PNG dumps into %s (JADE_SIM_DUMP) are compiled out: libpng was not found "
           "when the GPU model was built (install libpng-dev and rebuild)",
           dir);
#endif
}

void
gpu_dump_destroy(struct jade_gpu *gpu)
{
   if (!gpu->dump)
      return;
   free(gpu->dump->dir);
   free(gpu->dump);
   gpu->dump = NULL;
}

static bool
same_target(const struct gpu_dump_entry *e, const struct gpu_3d_target *t, uint32_t layer)
{
   const struct gpu_tex_view *a = &e->t.view, *b = &t->view;
   return a->address == b->address && a->format == b->format && a->width == b->width &&
          a->height == b->height && a->memory == b->memory && a->pitch_B == b->pitch_B &&
          a->block_h_log2 == b->block_h_log2 && a->block_d_log2 == b->block_d_log2 &&
          a->layer_B == b->layer_B && e->t.is_3d == t->is_3d && e->layer == layer;
}

void
gpu_dump_note(struct jade_gpu *gpu, const struct gpu_3d_target *t, uint32_t rt_index)
{
   struct gpu_dump *d = gpu->dump;
   const uint32_t layer = t->layer0 + rt_index;
   /* The common case: the same target as the last fragment's. */
   if (d->count && same_target(&d->e[d->last], t, layer))
      return;
   for (unsigned i = 0; i < d->count; i++) {
      if (same_target(&d->e[i], t, layer)) {
         d->last = i;
         return;
      }
   }
   if (d->count == GPU_DUMP_TARGETS) {
      if (!d->full_logged)
         gpu_log(gpu,
                 "PNG dumps: more than %u colour targets written in one submission; "
                 "the others are not dumped (logged once)",
                 GPU_DUMP_TARGETS);
      d->full_logged = true;
      return;
   }
   d->last = d->count++;
   d->e[d->last] = (struct gpu_dump_entry){.t = *t, .rt_index = rt_index, .layer = layer};
}

#ifdef JADE_GPU_HAVE_PNG

static void PRINTFLIKE(2, 3) dump_error(struct jade_gpu *gpu, const char *fmt, ...)
{
   struct gpu_dump *d = gpu->dump;
   if (d->error_logged)
      return;
   d->error_logged = true;
   char line[400];
   va_list args;
   va_start(args, fmt);
   vsnprintf(line, sizeof(line), fmt, args);
   va_end(args);
   gpu_log(gpu, "PNG dumps: %s (logged once; dumps go on being tried)", line);
}

static uint8_t
unorm8(float v)
{
   if (!(v > 0)) /* NaN too */
      return 0;
   return v >= 1 ? 255 : (uint8_t)lrintf(v * 255.0f);
}

/* One texel of format f as 8-bit RGBA (the rules at the top). */
static void
texel_rgba8(enum pipe_format f, const void *bytes, uint8_t out[4])
{
   if (util_format_is_pure_integer(f)) {
      int32_t v[4];
      util_format_unpack_rgba(f, v, bytes, 1);
      const bool sint = util_format_is_pure_sint(f);
      for (unsigned c = 0; c < 4; c++) {
         if (sint)
            out[c] = v[c] < 0 ? 0 : v[c] > 255 ? 255 : (uint8_t)v[c];
         else
            out[c] = (uint32_t)v[c] > 255 ? 255 : (uint8_t)v[c];
      }
      return;
   }
   float v[4];
   util_format_unpack_rgba(util_format_linear(f), v, bytes, 1);
   for (unsigned c = 0; c < 4; c++)
      out[c] = unorm8(v[c]);
}

/* The file name of entry i of this submission. */
static void
file_name(const struct gpu_dump *d, unsigned i, uint32_t submission, char *buf, size_t size)
{
   const struct gpu_dump_entry *e = &d->e[i];
   char prog[64];
   const char *p = util_get_process_name();
   snprintf(prog, sizeof(prog), "%s", p && p[0] ? p : "unknown");
   for (char *c = prog; *c; c++) {
      if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
            *c == '.' || *c == '_' || *c == '+' || *c == '-'))
         *c = '_';
   }
   unsigned same = 0;
   for (unsigned j = 0; j < i; j++)
      same += d->e[j].t.index == e->t.index;
   char nth[16] = "", layer[24] = "";
   if (same)
      snprintf(nth, sizeof(nth), "-%u", same + 1);
   if (e->layer)
      snprintf(layer, sizeof(layer), "-l%u", e->layer);
   snprintf(buf, size, "%s/%s-%ld-s%04u-ct%u%s%s-%ux%u.png", d->dir, prog, (long)getpid(),
            submission, e->t.index, nth, layer, e->t.view.width, e->t.view.height);
}

static void
write_entry(struct jade_gpu *gpu, unsigned i, uint32_t submission)
{
   struct gpu_dump *d = gpu->dump;
   const struct gpu_dump_entry *e = &d->e[i];
   const struct gpu_tex_view *v = &e->t.view;
   const uint32_t w = v->width, h = v->height;
   if (!w || !h || !v->bpp)
      return;
   uint8_t *rgba = calloc((size_t)w * h, 4);
   if (!rgba) {
      dump_error(gpu, "no memory for a %u x %u picture", w, h);
      return;
   }
   for (uint32_t y = 0; y < h; y++) {
      for (uint32_t x = 0; x < w; x++) {
         uint64_t va;
         if (!gpu_3d_target_va(&e->t, (int32_t)x, (int32_t)y, e->rt_index, &va))
            continue; /* outside the target's layers: left transparent black */
         const void *bytes = gpu->env.translate(gpu->env.data, va, v->bpp);
         if (!bytes) {
            dump_error(gpu,
                       "colour target %u (%u x %u at 0x%llx): pixel (%u, %u) at 0x%llx "
                       "is not mapped at the end of the submission; not dumped",
                       e->t.index, w, h, (unsigned long long)v->address, x, y,
                       (unsigned long long)va);
            free(rgba);
            return;
         }
         texel_rgba8(v->format, bytes, rgba + ((size_t)y * w + x) * 4);
      }
   }

   char path[4096];
   file_name(d, i, submission, path, sizeof(path));
   if (!d->dir_made) {
      mkdir(d->dir, 0777); /* one level; an error shows at fopen */
      d->dir_made = true;
   }
   FILE *f = fopen(path, "wb");
   if (!f) {
      dump_error(gpu, "cannot write %s: %s", path, strerror(errno));
      free(rgba);
      return;
   }
   png_image image;
   memset(&image, 0, sizeof(image));
   image.version = PNG_IMAGE_VERSION;
   image.width = w;
   image.height = h;
   image.format = PNG_FORMAT_RGBA;
   bool ok = png_image_write_to_stdio(&image, f, 0, rgba, (png_int_32)(w * 4), NULL);
   if (!ok)
      dump_error(gpu, "libpng could not write %s: %s", path, image.message);
   if (fclose(f) != 0 && ok)
      dump_error(gpu, "cannot write %s: %s", path, strerror(errno));
   png_image_free(&image);
   free(rgba);
}

#endif /* JADE_GPU_HAVE_PNG */

void
jade_gpu_end_submission(struct jade_gpu *gpu)
{
   const uint32_t submission = p_atomic_inc_return(&submissions);
   gpu_tex_cache_end_submission(gpu);
   struct gpu_dump *d = gpu->dump;
   if (!d)
      return;
#ifdef JADE_GPU_HAVE_PNG
   for (unsigned i = 0; i < d->count; i++)
      write_entry(gpu, i, submission);
#else
   (void)submission;
#endif
   d->count = d->last = 0;
}

bool
jade_gpu_dump_supported(void)
{
#ifdef JADE_GPU_HAVE_PNG
   return true;
#else
   return false;
#endif
}
