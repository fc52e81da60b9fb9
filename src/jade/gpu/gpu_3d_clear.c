/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * CLEAR_SURFACE (gpu_3d.h), from the hardware's side (clc597.h):
 * - MRT_SELECT names the slot of SET_CT_SELECT whose target is cleared
 *   (gpu_3d_target.c on slot and target indices: NVK's and nvc0's clears
 *   pass the attachment index with TARGETs = s); a slot at or past
 *   TARGET_COUNT clears no colour;
 * - R/G/B/A_ENABLE: the components written, the others keep their value;
 *   SET_CT_WRITE does not apply (nvc0 clears with 0x3c whatever the
 *   blend state's write mask, as Gallium's clear() asks; NVK passes
 *   vkCmdClearAttachments' aspects alone);
 * - the value: SET_COLOR_CLEAR_VALUE(0..3), float bits for float and
 *   normalised formats, integers for integer formats (NVK writes the
 *   VkClearColorValue's words as they are), packed by util_format;
 * - the layer: SET_COLOR_TARGET_LAYER + RT_ARRAY_INDEX (below
 *   THIRD_DIMENSION);
 * - the pixels: the target, within the surface clip
 *   (SET_SURFACE_CLIP_HORIZONTAL/VERTICAL), and as SET_CLEAR_SURFACE_
 *   CONTROL selects: scissor 0 when USE_SCISSOR0 and SET_SCISSOR_ENABLE(0),
 *   the clear rectangle (SET_CLEAR_RECT_*, max exclusive) when
 *   USE_CLEAR_RECT, viewport 0's clip rectangle when USE_VIEWPORT_CLIP0;
 * - Z_ENABLE/STENCIL_ENABLE: the zeta target's depth and stencil, in the
 *   same rectangle (gpu_3d_zeta.c);
 * - multisampled targets (SET_ANTI_ALIAS): every sample of each pixel of
 *   the rectangle, which is in pixels (the targets count samples).
 */

#include <string.h>

#include "nvidia/classes/clc597.h"
#include "util/format/u_format.h"

#include "gpu_3d_raster.h"
#include "gpu_dump.h"

#define M(subc, name) gpu->method[subc][NVC597_##name / 4]

/* The pixels a clear may write: the surface clip, scissor 0, the clear
 * rectangle and viewport 0's clip as SET_CLEAR_SURFACE_CONTROL selects. */
static struct gpu_3d_rect
clear_rect(struct jade_gpu *gpu, unsigned subc)
{
   uint32_t ctl = M(subc, SET_CLEAR_SURFACE_CONTROL);
   struct gpu_3d_rect r =
      gpu_3d_clip_rect(gpu, subc, GPU_GET(ctl, NVC597_SET_CLEAR_SURFACE_CONTROL_USE_SCISSOR0));
   if (GPU_GET(ctl, NVC597_SET_CLEAR_SURFACE_CONTROL_USE_CLEAR_RECT)) {
      uint32_t h = M(subc, SET_CLEAR_RECT_HORIZONTAL), v = M(subc, SET_CLEAR_RECT_VERTICAL);
      gpu_3d_rect_clip(&r, GPU_GET(h, NVC597_SET_CLEAR_RECT_HORIZONTAL_XMIN),
                       GPU_GET(v, NVC597_SET_CLEAR_RECT_VERTICAL_YMIN),
                       GPU_GET(h, NVC597_SET_CLEAR_RECT_HORIZONTAL_XMAX),
                       GPU_GET(v, NVC597_SET_CLEAR_RECT_VERTICAL_YMAX));
   }
   if (GPU_GET(ctl, NVC597_SET_CLEAR_SURFACE_CONTROL_USE_VIEWPORT_CLIP0)) {
      uint32_t h = gpu->method[subc][NVC597_SET_VIEWPORT_CLIP_HORIZONTAL(0) / 4];
      uint32_t v = gpu->method[subc][NVC597_SET_VIEWPORT_CLIP_VERTICAL(0) / 4];
      int32_t x0 = GPU_GET(h, NVC597_SET_VIEWPORT_CLIP_HORIZONTAL_X0);
      int32_t y0 = GPU_GET(v, NVC597_SET_VIEWPORT_CLIP_VERTICAL_Y0);
      gpu_3d_rect_clip(&r, x0, y0,
                       x0 + (int32_t)GPU_GET(h, NVC597_SET_VIEWPORT_CLIP_HORIZONTAL_WIDTH),
                       y0 + (int32_t)GPU_GET(v, NVC597_SET_VIEWPORT_CLIP_VERTICAL_HEIGHT));
   }
   return r;
}

void
gpu_3d_clear(struct jade_gpu *gpu, unsigned subc, uint32_t data)
{
   const bool z = GPU_GET(data, NVC597_CLEAR_SURFACE_Z_ENABLE);
   const bool s = GPU_GET(data, NVC597_CLEAR_SURFACE_STENCIL_ENABLE);
   unsigned mask = GPU_GET(data, NVC597_CLEAR_SURFACE_R_ENABLE) |
                   GPU_GET(data, NVC597_CLEAR_SURFACE_G_ENABLE) << 1 |
                   GPU_GET(data, NVC597_CLEAR_SURFACE_B_ENABLE) << 2 |
                   GPU_GET(data, NVC597_CLEAR_SURFACE_A_ENABLE) << 3;
   unsigned slot = GPU_GET(data, NVC597_CLEAR_SURFACE_MRT_SELECT);
   uint32_t rt_index = GPU_GET(data, NVC597_CLEAR_SURFACE_RT_ARRAY_INDEX);
   struct gpu_3d_rect r = clear_rect(gpu, subc);
   struct gpu_sample_grid g;
   if (!gpu_sample_grid(GPU_GET(M(subc, SET_ANTI_ALIAS), NVC597_SET_ANTI_ALIAS_SAMPLES), &g)) {
      gpu_3d_not_modelled(gpu, subc, 9, "CLEAR_SURFACE in this SET_ANTI_ALIAS mode");
      return;
   }
   r.x0 <<= g.x_log2, r.x1 <<= g.x_log2;
   r.y0 <<= g.y_log2, r.y1 <<= g.y_log2;
   if (z || s)
      gpu_3d_zeta_clear(gpu, subc, z, s, &r, rt_index);
   if (!mask || slot >= gpu_3d_ct_count(gpu, subc))
      return;

   struct gpu_3d_target t;
   char err[160];
   if (!gpu_3d_target_read(gpu, subc, gpu_3d_ct_target(gpu, subc, slot), &t, err, sizeof(err))) {
      if (err[0])
         gpu_3d_not_modelled(gpu, subc, 3, err);
      return;
   }
   gpu_3d_rect_clip(&r, 0, 0, t.view.width, t.view.height);
   if (gpu_3d_rect_empty(&r))
      return;
   gpu_dump_note_target(gpu, &t, rt_index);
   const enum pipe_format f = t.view.format;
   const unsigned bpp = t.view.bpp;
   uint32_t value[4];
   for (unsigned c = 0; c < 4; c++)
      value[c] = gpu->method[subc][NVC597_SET_COLOR_CLEAR_VALUE(c) / 4];
   uint8_t packed[16];
   util_format_pack_rgba(f, packed, value, 1);

   for (int32_t y = r.y0; y < r.y1; y++) {
      for (int32_t x = r.x0; x < r.x1; x++) {
         uint64_t va;
         if (!gpu_3d_target_va(&t, x, y, rt_index, &va))
            return; /* past THIRD_DIMENSION: the whole clear is */
         if (mask == 0xf) {
            if (!gpu_write(gpu, va, packed, bpp, "CLEAR_SURFACE"))
               return;
            continue;
         }
         uint8_t bytes[16];
         uint32_t old[4], out[4];
         if (!gpu_read(gpu, va, bytes, bpp, "CLEAR_SURFACE"))
            return;
         util_format_unpack_rgba(f, old, bytes, 1);
         for (unsigned c = 0; c < 4; c++)
            out[c] = mask >> c & 1 ? value[c] : old[c];
         util_format_pack_rgba(f, bytes, out, 1);
         if (!gpu_write(gpu, va, bytes, bpp, "CLEAR_SURFACE"))
            return;
      }
   }
}
