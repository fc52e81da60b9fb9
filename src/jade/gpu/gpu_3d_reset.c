/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * TURING_A state whose value after SET_OBJECT nobody documents (gpu_3d.h).
 * clc597.h gives no reset values.  Both drivers validated on Turing program
 * the methods below explicitly when their context starts, NVK in
 * nvk_push_draw_state_init (nvk_cmd_draw.c) and nvc0 at screen init
 * (nvc0_screen.c).  So the model does not take them as 0: SET_OBJECT of
 * TURING_A sets them to GPU_3D_UNKNOWN, and the parts that use one fault
 * while it is still unknown ("SET_xxx never programmed").  A driver that
 * relies on the power-on value then fails on the model as it could on the
 * GPU.  Methods that neither driver sets keep the model's 0.
 *
 * Where the model models the method's effect, the check is made where the
 * method is used (gpu_3d_draw.c, gpu_3d_raster.c, gpu_3d_pixel.c,
 * gpu_3d_stage.c, gpu_3d_stream.c).  Three methods have no effect the
 * model can show, and gpu_3d_draw_state_known checks them at every draw
 * (with CHECK_SPH_VERSION and CHECK_AAM_VERSION):
 * - SET_ACTIVE_ZCULL_REGION: the model has no ZCULL.  An undefined region
 *   could cull with stale ZCULL data, which is not a behaviour anyone can
 *   rely on, so the model only requires the method to have been sent
 *   (NVK and nvc0 send 0x3f, no region).
 * - SET_BLEND_OPT_CONTROL.ALLOW_FLOAT_PIXEL_KILLS: the name says it lets
 *   the hardware drop float pixels whose blend leaves the target as it
 *   was.  That is an optimisation with no visible result, so the method
 *   is only required (both drivers send TRUE).
 * - SET_ATTRIBUTE_DEFAULT: what a pixel shader reads from inputs that no
 *   earlier stage wrote.  GL leaves such reads undefined, and the model
 *   gives them 0.  Only required (both send 0xe, nvc0's magic 0x1610).
 * - CHECK_AAM_VERSION: documented only by its name; both drivers declare
 *   CURRENT 2, OLDEST 2 (nvk_cmd_draw.c, nvc0_screen.c's 0x1794), so it is
 *   required, its value not interpreted.
 * SET_BLEND_FLOAT_OPTION is modelled (gpu_3d_target.c's blend).
 *
 * CHECK_SPH_VERSION (CURRENT 15:0, OLDEST_SUPPORTED 31:16) is not
 * documented beyond its name.  NVK and nvc0 both send CURRENT 3, OLDEST 3
 * on Turing.  nvc0 writes version 3 in its headers (nvc0_program.c, 0x20061
 * in word 0, VERSION at bits 9:5 in cla097sph.h), and NAK writes version 4
 * for SM75 (nak/sph.rs ShaderProgramHeader::new).  NVK runs NAK's
 * version-4 headers on Turing after declaring CURRENT 3, so the hardware
 * does not refuse a header newer than CURRENT.  The model's reading: the
 * driver declares the oldest header version it writes, and a program's
 * header must be at least that version, and one that TU102 runs (3 or 4,
 * the versions the two drivers' Turing headers carry).  The declaration
 * must name a range (OLDEST <= CURRENT) that contains a version TU102 runs.
 */

#include "nvidia/classes/clc597.h"

#include "gpu_3d.h"

#define M(name) gpu->method[subc][NVC597_##name / 4]

/* The SPH versions TU102 runs (see above). */
#define SPH_VERSION_MIN 3
#define SPH_VERSION_MAX 4

static const uint32_t unknown_at_reset[] = {
   NVC597_SET_DA_OUTPUT,
   NVC597_SET_CT_MRT_ENABLE,
   NVC597_SET_PS_OUTPUT_SAMPLE_MASK_USAGE,
   NVC597_SET_RENDER_ENABLE_C,
   NVC597_SET_VIEWPORT_SCALE_OFFSET,
   NVC597_SET_VIEWPORT_CLIP_CONTROL,
   NVC597_SET_ACTIVE_ZCULL_REGION,
   NVC597_SET_PIPELINE_SHADER(0),
   NVC597_SET_PIPELINE_SHADER(1),
   NVC597_SET_PIPELINE_SHADER(2),
   NVC597_SET_PIPELINE_SHADER(3),
   NVC597_SET_PIPELINE_SHADER(4),
   NVC597_SET_PIPELINE_SHADER(5),
   NVC597_SET_EDGE_FLAG,
   NVC597_SET_POINT_CENTER_MODE,
   NVC597_SET_WINDOW_ORIGIN,
   NVC597_SET_VIEWPORT_PIXEL,
   NVC597_SET_ATTRIBUTE_DEFAULT,
   NVC597_SET_BLEND_OPT_CONTROL,
   NVC597_SET_BLEND_FLOAT_OPTION,
   NVC597_SET_SINGLE_CT_WRITE_CONTROL,
   NVC597_CHECK_SPH_VERSION,
   NVC597_CHECK_AAM_VERSION,
};

void
gpu_3d_object_bound(struct jade_gpu *gpu, unsigned subc)
{
   for (unsigned i = 0; i < sizeof(unknown_at_reset) / sizeof(unknown_at_reset[0]); i++)
      gpu->method[subc][unknown_at_reset[i] / 4] = GPU_3D_UNKNOWN;
}

bool
gpu_3d_known(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, const char *effect)
{
   if (gpu->method[subc][mthd / 4] != GPU_3D_UNKNOWN)
      return true;
   const char *name = gpu_method_name(0xc597, mthd);
   gpu_fault(gpu, 0, 0, false,
             "%s never programmed since SET_OBJECT: its reset value is not documented "
             "(NVK and nvc0 set it when their context starts), and %s",
             name ? name : "a TURING_A method", effect);
   return false;
}

bool
gpu_3d_draw_state_known(struct jade_gpu *gpu, unsigned subc)
{
   return gpu_3d_known(gpu, subc, NVC597_SET_ACTIVE_ZCULL_REGION,
                       "ZCULL would use an undefined region") &&
          gpu_3d_known(gpu, subc, NVC597_SET_BLEND_OPT_CONTROL,
                       "the blend optimisation is undefined") &&
          gpu_3d_known(gpu, subc, NVC597_SET_ATTRIBUTE_DEFAULT,
                       "the defaults of unwritten attributes are undefined") &&
          gpu_3d_known(gpu, subc, NVC597_CHECK_SPH_VERSION,
                       "the shader header version was never declared") &&
          gpu_3d_known(gpu, subc, NVC597_CHECK_AAM_VERSION, "the AAM version was never declared");
}

void
gpu_3d_check_sph_version(struct jade_gpu *gpu, unsigned subc, uint32_t data)
{
   const unsigned current = GPU_GET(data, NVC597_CHECK_SPH_VERSION_CURRENT);
   const unsigned oldest = GPU_GET(data, NVC597_CHECK_SPH_VERSION_OLDEST_SUPPORTED);
   if (oldest > current || oldest > SPH_VERSION_MAX || current < SPH_VERSION_MIN)
      gpu_fault(gpu, 0, 0, false,
                "CHECK_SPH_VERSION CURRENT %u OLDEST_SUPPORTED %u: no shader header version "
                "TU102 runs (%u..%u) in the range",
                current, oldest, SPH_VERSION_MIN, SPH_VERSION_MAX);
}

bool
gpu_3d_sph_version_ok(struct jade_gpu *gpu, unsigned subc, uint64_t va, unsigned version)
{
   if (!gpu_3d_known(gpu, subc, NVC597_CHECK_SPH_VERSION,
                     "the shader header version was never declared"))
      return false;
   const unsigned oldest = GPU_GET(M(CHECK_SPH_VERSION), NVC597_CHECK_SPH_VERSION_OLDEST_SUPPORTED);
   if (version >= SPH_VERSION_MIN && version <= SPH_VERSION_MAX && version >= oldest)
      return true;
   gpu_fault(gpu, va, 0, false,
             "the shader program header at 0x%llx has VERSION %u: TU102 runs %u..%u and "
             "CHECK_SPH_VERSION declared OLDEST_SUPPORTED %u",
             (unsigned long long)va, version, SPH_VERSION_MIN, SPH_VERSION_MAX, oldest);
   return false;
}
