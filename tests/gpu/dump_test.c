/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The PNG dumps of colour targets (src/jade/gpu/gpu_dump.c,
 * jade_gpu_env.dump_dir, JADE_SIM_DUMP in the shim), read back with
 * libpng's simplified API:
 * 1. one submission clears a 20 x 10 block-linear A8B8G8R8 target red,
 *    a clear rectangle of it green (alpha 0.5) and a 16 x 4 pitch RF32
 *    target to 0.5; after the pushbuffer ran (before the submission
 *    ends) one texel is poked blue at the address the tests' own equation
 *    gives (tests/driver/gob_ref.h, Turing's colour GOB): the pictures
 *    must show memory in the hardware's layout, row 0 at the top, named
 *    <program>-<pid>-s0001-ct<j>-<W>x<H>.png;
 * 2. a submission that writes nothing writes no file;
 * 3. an sRGB target (A8RL8GL8BL8, target 2 in slot 0) holds its stored
 *    bytes in the picture, named after target 2;
 * 4. a directory that cannot be made: one log line over two submissions,
 *    no fault;
 * 5. no directory: no files.
 */

#include <dirent.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nvidia/classes/clc597.h"

#include "gpu_test.h"
#include "../driver/gob_ref.h"

#define VA  0x100000000ull
#define PB  0xc000u
#define CT0 0x0000u /* 20 x 10 block-linear RGBA8: 2 x 2 GOBs */
#define CT1 0x1000u /* 16 x 4 pitch R32F, 64-byte rows */
#define CT2 0x2000u /* 4 x 2 pitch sRGB BGRA8 */
#define W0  20
#define H0  10

#define LO(f) (0 ? f)

static uint32_t *pb;
static uint32_t pbn;

static void
m(uint32_t mthd, uint32_t v)
{
   pb[pbn++] = gpu_test_inc(1, 0, mthd);
   pb[pbn++] = v;
}

static uint32_t
fu(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static void
pb_start(void)
{
   pb = (uint32_t *)(mem + PB);
   pbn = 0;
   pb[pbn++] = gpu_test_inc(1, 0, NVC46F_SET_OBJECT);
   pb[pbn++] = 0xc597;
   m(NVC597_SET_RENDER_ENABLE_C, NVC597_SET_RENDER_ENABLE_C_MODE_TRUE);
}

static void
target(unsigned j, uint32_t at, uint32_t format, uint32_t width, uint32_t height, bool pitch)
{
   m(NVC597_SET_COLOR_TARGET_A(j), (uint32_t)(VA >> 32));
   m(NVC597_SET_COLOR_TARGET_B(j), (uint32_t)VA + at);
   m(NVC597_SET_COLOR_TARGET_WIDTH(j), width);
   m(NVC597_SET_COLOR_TARGET_HEIGHT(j), height);
   m(NVC597_SET_COLOR_TARGET_FORMAT(j), format);
   /* Block-linear: one GOB a block (BLOCK_HEIGHT 0). */
   m(NVC597_SET_COLOR_TARGET_MEMORY(j),
     pitch ? 1u << LO(NVC597_SET_COLOR_TARGET_MEMORY_LAYOUT) : 0);
   m(NVC597_SET_COLOR_TARGET_THIRD_DIMENSION(j), 1);
   m(NVC597_SET_COLOR_TARGET_ARRAY_PITCH(j), 0x1000 >> 2);
   m(NVC597_SET_COLOR_TARGET_LAYER(j), 0);
}

static void
clear_value(float r, float g, float b, float a)
{
   m(NVC597_SET_COLOR_CLEAR_VALUE(0), fu(r));
   m(NVC597_SET_COLOR_CLEAR_VALUE(1), fu(g));
   m(NVC597_SET_COLOR_CLEAR_VALUE(2), fu(b));
   m(NVC597_SET_COLOR_CLEAR_VALUE(3), fu(a));
}

static void
clear(unsigned slot, unsigned rgba_mask)
{
   m(NVC597_CLEAR_SURFACE, rgba_mask << 2 | slot << LO(NVC597_CLEAR_SURFACE_MRT_SELECT));
}

static bool
run(struct jade_gpu *gpu)
{
   return jade_gpu_run_segment(gpu, VA + PB, pbn);
}

static char dir[64];

static unsigned
count_files(void)
{
   unsigned n = 0;
   DIR *d = opendir(dir);
   if (!d)
      return 0;
   for (struct dirent *e; (e = readdir(d));)
      n += e->d_name[0] != '.';
   closedir(d);
   return n;
}

/* The picture at dir/<name>, w x h RGBA8, into px; false if absent. */
static bool
read_png(const char *name, unsigned w, unsigned h, uint8_t *px)
{
   char path[256];
   snprintf(path, sizeof(path), "%s/%s", dir, name);
   png_image image;
   memset(&image, 0, sizeof(image));
   image.version = PNG_IMAGE_VERSION;
   if (!png_image_begin_read_from_file(&image, path)) {
      printf("FAIL: cannot read %s: %s\n", path, image.message);
      failures++;
      return false;
   }
   CHECK(image.width == w && image.height == h, "%s: %u x %u, not %u x %u", name, image.width,
         image.height, w, h);
   if (image.width != w || image.height != h) {
      png_image_free(&image);
      return false;
   }
   image.format = PNG_FORMAT_RGBA;
   if (!png_image_finish_read(&image, NULL, px, (png_int_32)(w * 4), NULL)) {
      printf("FAIL: cannot decode %s: %s\n", path, image.message);
      failures++;
      return false;
   }
   return true;
}

static void
check_px(const uint8_t *px, unsigned w, unsigned x, unsigned y, unsigned r, unsigned g, unsigned b,
         unsigned a, const char *what)
{
   const uint8_t *p = px + (y * w + x) * 4;
   CHECK(p[0] == r && p[1] == g && p[2] == b && p[3] == a,
         "%s: pixel (%u, %u) is %u %u %u %u, not %u %u %u %u", what, x, y, p[0], p[1], p[2], p[3],
         r, g, b, a);
}

int
main(void)
{
   if (!jade_gpu_dump_supported()) {
      printf("SKIP: the GPU model was built without libpng\n");
      return 77;
   }
   snprintf(dir, sizeof(dir), "/tmp/gpu-dump-test-XXXXXX");
   if (!mkdtemp(dir)) {
      perror("mkdtemp");
      return 1;
   }
   const long pid = (long)getpid();
   char name[128];

   struct jade_gpu_env env = gpu_test_env(VA);
   env.dump_dir = dir;
   struct jade_gpu *gpu = jade_gpu_create(&env);

   /* 1. Targets 0 and 1 in slots 0 and 1. */
   pb_start();
   target(0, CT0, NVC597_SET_COLOR_TARGET_FORMAT_V_A8B8G8R8, W0, H0, false);
   target(1, CT1, NVC597_SET_COLOR_TARGET_FORMAT_V_RF32, 64, 4, true);
   m(NVC597_SET_CT_SELECT, 2 | 0 << 4 | 1 << 7);
   m(NVC597_SET_SURFACE_CLIP_HORIZONTAL, 32u << 16);
   m(NVC597_SET_SURFACE_CLIP_VERTICAL, 16u << 16);
   m(NVC597_SET_CLEAR_SURFACE_CONTROL, 0);
   clear_value(1, 0, 0, 1);
   clear(0, 0xf);
   m(NVC597_SET_CLEAR_SURFACE_CONTROL, 1u << LO(NVC597_SET_CLEAR_SURFACE_CONTROL_USE_CLEAR_RECT));
   m(NVC597_SET_CLEAR_RECT_HORIZONTAL, 12u << 16 | 5); /* x in [5, 12) */
   m(NVC597_SET_CLEAR_RECT_VERTICAL, 6u << 16 | 2);    /* y in [2, 6) */
   clear_value(0, 1, 0, 0.5f);
   clear(0, 0xf);
   m(NVC597_SET_CLEAR_SURFACE_CONTROL, 0);
   clear_value(0.5f, 0, 0, 0);
   clear(1, 0x1); /* R only: G, B read 0 and alpha 1 from R32_FLOAT anyway */
   CHECK(run(gpu) && !jade_gpu_fault(gpu), "the clears run: %s", last_log);
   /* Texel (17, 9) of target 0 at the address of Turing's colour GOB. */
   const unsigned long long at = ref_offset(128, 16, 0, 0, 17 * 4, 9, 0);
   const uint8_t blue[4] = {0, 0, 255, 255};
   memcpy(mem + CT0 + at, blue, 4);
   CHECK(count_files() == 0, "nothing is written before the submission ends");
   jade_gpu_end_submission(gpu);
   CHECK(count_files() == 2, "two files after submission 1, not %u", count_files());

   uint8_t px[W0 * H0 * 4];
   snprintf(name, sizeof(name), "gpu-dump-test-%ld-s0001-ct0-20x10.png", pid);
   if (read_png(name, W0, H0, px)) {
      check_px(px, W0, 0, 0, 255, 0, 0, 255, "red clear, row 0");
      check_px(px, W0, 4, 2, 255, 0, 0, 255, "left of the rectangle");
      check_px(px, W0, 5, 2, 0, 255, 0, 128, "the rectangle's first pixel (top left)");
      check_px(px, W0, 11, 5, 0, 255, 0, 128, "the rectangle's last pixel");
      check_px(px, W0, 12, 5, 255, 0, 0, 255, "right of the rectangle");
      check_px(px, W0, 5, 6, 255, 0, 0, 255, "below the rectangle");
      check_px(px, W0, 17, 9, 0, 0, 255, 255, "the texel poked at its GOB address");
      check_px(px, W0, 19, 9, 255, 0, 0, 255, "the last pixel");
   }
   snprintf(name, sizeof(name), "gpu-dump-test-%ld-s0001-ct1-16x4.png", pid);
   if (read_png(name, 16, 4, px)) {
      check_px(px, 16, 0, 0, 128, 0, 0, 255, "R32F 0.5");
      check_px(px, 16, 15, 3, 128, 0, 0, 255, "R32F 0.5, last pixel");
   }

   /* 2. A submission that writes no target. */
   pb_start();
   CHECK(run(gpu), "an empty submission");
   jade_gpu_end_submission(gpu);
   CHECK(count_files() == 2, "no file for submission 2: %u files", count_files());

   /* 3. sRGB target 2 in slot 0, cleared to linear (0.5, 0.25, 1, 1):
    * the picture holds the encoded bytes, R G B A from B G R A memory. */
   pb_start();
   target(2, CT2, NVC597_SET_COLOR_TARGET_FORMAT_V_A8RL8GL8BL8, 16, 2, true);
   m(NVC597_SET_CT_SELECT, 1 | 2 << 4);
   clear_value(0.5f, 0.25f, 1, 1);
   clear(0, 0xf);
   CHECK(run(gpu) && !jade_gpu_fault(gpu), "the sRGB clear runs: %s", last_log);
   jade_gpu_end_submission(gpu);
   const uint8_t *s = mem + CT2;
   CHECK(s[2] >= 187 && s[2] <= 188 && s[0] == 255 && s[3] == 255,
         "sRGB clear stored %u %u %u %u (B G R A)", s[0], s[1], s[2], s[3]);
   snprintf(name, sizeof(name), "gpu-dump-test-%ld-s0003-ct2-4x2.png", pid);
   if (read_png(name, 4, 2, px))
      check_px(px, 4, 3, 1, s[2], s[1], s[0], s[3], "sRGB: the stored bytes");
   CHECK(count_files() == 3, "three files after submission 3, not %u", count_files());
   jade_gpu_destroy(gpu);

   /* 4. A directory that cannot be made (under a regular file). */
   char file[96], bad[128];
   snprintf(file, sizeof(file), "%s/not-a-dir", dir);
   FILE *f = fopen(file, "w");
   if (f)
      fclose(f);
   snprintf(bad, sizeof(bad), "%s/sub", file);
   env.dump_dir = bad;
   gpu = jade_gpu_create(&env);
   unsigned logs0 = logs;
   pb_start();
   target(0, CT0, NVC597_SET_COLOR_TARGET_FORMAT_V_A8B8G8R8, W0, H0, false);
   m(NVC597_SET_CT_SELECT, 1);
   m(NVC597_SET_SURFACE_CLIP_HORIZONTAL, 32u << 16);
   m(NVC597_SET_SURFACE_CLIP_VERTICAL, 16u << 16);
   clear_value(0, 0, 1, 1);
   clear(0, 0xf);
   for (unsigned i = 0; i < 2; i++) {
      CHECK(run(gpu) && !jade_gpu_fault(gpu), "a clear with an unwritable dump directory");
      jade_gpu_end_submission(gpu);
   }
   CHECK(logs == logs0 + 1 && strstr(last_log, "cannot write") && strstr(last_log, bad),
         "one log line for two failed dumps (%u): %s", logs - logs0, last_log);
   CHECK(run(gpu) && !jade_gpu_fault(gpu), "the channel lives on");
   jade_gpu_destroy(gpu);

   /* 5. No directory: nothing written. */
   env.dump_dir = NULL;
   gpu = jade_gpu_create(&env);
   CHECK(run(gpu), "a clear without dumps");
   jade_gpu_end_submission(gpu);
   CHECK(count_files() == 4, "no dump without a directory (%u files, with not-a-dir)",
         count_files());
   jade_gpu_destroy(gpu);

   /* Clean up. */
   DIR *d = opendir(dir);
   for (struct dirent *e; d && (e = readdir(d));) {
      if (e->d_name[0] == '.')
         continue;
      char p[512];
      snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
      unlink(p);
   }
   if (d)
      closedir(d);
   rmdir(dir);

   printf("%s\n", failures ? "FAIL" : "PASS");
   return failures != 0;
}
