/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * What the screen advertises: OpenGL 4.0 core with GLSL 4.00 (st/mesa
 * computes the version from the extensions: every one GL 4.0 lists, the
 * tessellation stages included); a cap is raised only when a test or the
 * corpus backs it (see the feature table in README.md).  Limits are Turing's hardware limits.
 */

#include <string.h>

#include "drm-uapi/drm.h"
#include "util/u_screen.h"

#include "jade_screen.h"

void
jade_screen_init_caps(struct jade_screen *screen)
{
   struct pipe_caps *caps = (struct pipe_caps *)&screen->base.caps;

   u_init_pipe_screen_caps(&screen->base, 1);

   /* dma-buf: the kernel's DRM_CAP_PRIME (u_init_pipe_screen_caps) less
    * what Jade cannot do.  Export is resource_get_handle (pitch-linear
    * images, which SHARED / SCANOUT ones are); there is no
    * resource_from_handle, so no import (with it the DRI frontend would
    * expose EGL_EXT_image_dma_buf_import and call a NULL hook). */
   caps->dmabuf &= DRM_PRIME_CAP_EXPORT;

   /* GLSL 4.00: st/mesa exposes ARB_gpu_shader5 with it (vertex streams,
    * interpolateAt*, dynamically indexed sampler and block arrays, gather
    * with offsets and components, precise, the bit and extended-integer
    * built-ins): piglit's arb_gpu_shader5 tests and binaries on --exec
    * (ci/piglit-exec's sample, ci/piglit-exec-shaders for all).  GLSL 4.10
    * and 4.20 (GL 4.1/4.2 with the viewport arrays and BPTC; st/mesa turns
    * on ARB_shader_precision at 4.10): nothing new for the compiler, the
    * features are extensions already exposed; piglit's arb_shader_precision
    * (312 of 312) and samples of glsl-4.10 (every 3rd: 226 of 226) and
    * glsl-4.20 (every 40th: 165 of 165) pass on --exec as on llvmpipe.
    * GLSL 4.30 (GL 4.3 with the cap below): a sample of 544 glsl-4.10 ..
    * 4.50 shader tests passes 539 of llvmpipe's 540 on --exec. */
   caps->glsl_feature_level = 430;
   /* ARB_robust_buffer_access_behavior, GL 4.3's last missing extension:
    * vertex fetch past SET_VERTEX_STREAM_SIZE reads zero (gpu_3d_vertex.c;
    * arb_robustness_draw-vbo-bounds), c[] reads past a bound size read
    * zero, SSBO accesses and compute's global UBO reads are checked
    * against the bank's size (jade_nir_lower_ssbo.c; compiler-exec
    * ssbo_robust), images use .IGN (gpu_surface.c). */
   caps->robust_buffer_access_behavior = true;
   /* GetGraphicsResetStatus (ARB_robustness, KHR_robustness): a failed
    * submission loses the context, guilty or innocent by what the kernel
    * answered (jade_context.c, reset_status_of); the fault-injection tests
    * (tests/gl/check_faults.py) see it reported. */
   caps->device_reset_status_query = true;
   /* ARB_gpu_shader_fp64, ARB_vertex_attrib_64bit: the compiler's double
    * support (exec tests on the model). */
   caps->doubles = true;
   /* The compatibility profile at the core profile's level, as
    * nvc0_screen.c does: GL 3.2 compatibility needs geometry shaders with
    * their compatibility built-ins (gl_FrontColor, gl_TexCoord[],
    * gl_ClipVertex written by the GS) and the fixed-function state
    * (vertex colour clamping, two-sided colour, flat shading, clip planes,
    * point sprites) applied to the GS's outputs: the linker patches the
    * last stage before the rasteriser, the GS when there is one
    * (docs/linkage.md). */
   caps->glsl_feature_level_compatibility = 430;
   caps->essl_feature_level = 300;

   /* Texturing. */
   caps->max_texture_2d_size = 16384;
   /* The sampler's border colour is not swizzled by the texture header:
    * the state tracker applies the view's swizzle (nvc0_screen.c sets the
    * same quirk). */
   caps->texture_border_color_quirk = PIPE_QUIRK_TEXTURE_BORDER_COLOR_SWIZZLE_NV50;
   caps->max_texture_cube_levels = 15;
   caps->max_texture_3d_levels = 12;
   caps->max_texture_array_layers = 2048;
   caps->min_texel_offset = -8;
   caps->max_texel_offset = 7;
   caps->max_texel_buffer_elements = 128 * 1024 * 1024;
   caps->texture_buffer_objects = true;
   caps->texture_buffer_offset_alignment = 16;
   caps->texture_multisample = true;
   caps->texture_swizzle = true;
   caps->texture_mirror_clamp = true;
   caps->texture_mirror_clamp_to_edge = true;
   caps->texture_float_linear = true;
   caps->texture_half_float_linear = true;
   /* ARB_texture_barrier: jade_texture_barrier waits for the writes and
    * drops the texture data cache (nvc0's SERIALIZE + TEX_CACHE_CTL). */
   caps->texture_barrier = true;
   caps->seamless_cube_map = true;
   caps->cube_map_array = true; /* layout, TIC CUBEMAP_ARRAY and TEX .dim 7 */
   caps->npot_textures = true;
   caps->anisotropic_filter = true;
   caps->fragment_shader_texture_lod = true;
   caps->fragment_shader_derivatives = true;
   caps->texture_query_lod = true; /* TMML (jade_isel_tex.c) */
   /* ARB_texture_gather with four components and ARB_gpu_shader5's gather
    * (TLD4 .R/.G/.B/.A, .DC, AOFFI offsets of 8 bits a component, the four
    * offsets of textureGatherOffsets as four TLD4s: nir_lower_tex); the
    * offset range is NVK's and nvc0's; piglit's 2198 textureGather runs
    * pass on --exec. */
   caps->max_texture_gather_components = 4;
   caps->min_texture_gather_offset = -32;
   caps->max_texture_gather_offset = 31;
   caps->texture_gather_sm5 = true;
   caps->sampler_view_target = true;
   caps->max_texture_anisotropy = 16.0f;
   caps->max_texture_lod_bias = 15.0f;
   caps->texture_transfer_modes = 0;

   /* Framebuffer and blending. */
   caps->max_render_targets = 8;
   caps->max_dual_source_render_targets = 1;
   caps->mixed_framebuffer_sizes = true;
   caps->mixed_color_depth_bits = true;
   caps->blend_equation_separate = true;
   caps->indep_blend_enable = true;
   caps->indep_blend_func = true;
   caps->fs_coord_origin_upper_left = true;
   caps->fs_coord_pixel_center_half_integer = true;
   caps->fragment_color_clamped = true;
   caps->fs_face_is_integer_sysval = true; /* gl_FrontFacing: load_front_face */
   caps->vertex_color_unclamped = true;
   /* Non-orthogonal state the driver handles without recompiling
    * (docs/linkage.md, the NOS table); flat shading, two-sided colour,
    * alpha test and user clip planes are u_screen's defaults. */
   caps->vertex_color_clamped = true;   /* patch: .SAT on colour copies */
   caps->force_persample_interp = true; /* patch: IPA at the sample */
   /* ARB_sample_shading: gl_SampleID / gl_SampleMaskIn (PIXLD),
    * gl_SamplePosition and the per-pass sample masks from the driver's
    * constants, gl_SampleMask in the header (docs/compiler.md). */
   caps->sample_shading = true;
   caps->depth_clip_disable = true;
   caps->conditional_render = true;
   caps->clear_scissored = true;

   /* Vertex processing and draws. */
   caps->max_vertex_buffers = 16;
   caps->max_vertex_attrib_stride = 2048;
   caps->max_vertex_element_src_offset = 2047;
   caps->vs_instanceid = true;
   caps->vertex_element_instance_divisor = true;
   caps->start_instance = true;
   caps->primitive_restart = true;
   caps->primitive_restart_fixed_index = true;
   caps->quads_follow_provoking_vertex_convention = true;
   caps->supported_prim_modes = BITFIELD_MASK(MESA_PRIM_COUNT);
   caps->supported_prim_modes_with_restart = BITFIELD_MASK(MESA_PRIM_COUNT);
   caps->max_varyings = 32;
   caps->max_stream_output_buffers = 4;
   caps->max_stream_output_separate_components = 128;
   caps->max_stream_output_interleaved_components = 128;
   caps->stream_output_pause_resume = true;
   caps->stream_output_interleave_buffers = true;
   /* ARB_transform_feedback3 / ARB_gpu_shader5 streams: OUT.EMIT's stream,
    * SET_STREAM_OUT_CONTROL_STREAM per buffer, queries by stream. */
   caps->max_vertex_streams = 4;
   caps->max_geometry_output_vertices = 1024;
   caps->max_geometry_total_output_components = 1024;
   /* Per-patch vectors of the tessellation stages: the 30 the patch space
    * holds after the factors (jade_attr.h JADE_ATTR_PATCH_GENERIC_COUNT;
    * nvc0_screen.c sets 30). */
   caps->max_shader_patch_varyings = 30;
   caps->max_viewports = JADE_MAX_VIEWPORTS; /* ARB_viewport_array */
   /* ARB_copy_image: resource_copy_region copies blocks through CPU maps
    * (jade_blit.c), whatever the two formats, when their block sizes
    * match. */
   caps->copy_between_compressed_and_plain_formats = true;
   /* ARB_framebuffer_no_attachments: the surface clip and the sample
    * mode come from the framebuffer's width, height and samples when it
    * has no attachment (jade_state_framebuffer.c). */
   caps->framebuffer_no_attachment = true;
   caps->viewport_subpixel_bits = 8;
   caps->rasterizer_subpixel_bits = 8;

   /* Queries. */
   caps->compute = true;
   caps->draw_indirect = true; /* read back: jade_draw.c */
   caps->multi_draw_indirect = true;
   caps->image_store_formatted = true;
   caps->nir_images_as_deref = false; /* index-based image intrinsics (jade_isel_image.c) */
   caps->shader_buffer_offset_alignment = 16;
   caps->max_shader_buffer_size = 1 << 27;
   caps->occlusion_query = true;
   caps->query_timestamp = true;
   caps->query_time_elapsed = true;
   caps->timer_resolution = 1000;

   /* Buffers. */
   caps->constant_buffer_offset_alignment = 256;
   caps->min_map_buffer_alignment = 64;
   caps->max_constant_buffer_size = 64 * 1024;

   /* Identity. */
   caps->vendor_id = 0x10de;
   caps->device_id = screen->dev->pci_device_id;
   caps->video_memory = screen->dev->vram_size_B >> 20;
   caps->uma = false;
   caps->endianness = PIPE_ENDIAN_LITTLE;

   /* Rasterisation limits. */
   caps->min_line_width = 1;
   caps->min_line_width_aa = 1;
   caps->min_point_size = 1;
   caps->min_point_size_aa = 1;
   caps->point_size_granularity = 0.1f;
   caps->line_width_granularity = 0.1f;
   caps->max_line_width = 10.0f;
   caps->max_line_width_aa = 10.0f;
   caps->max_point_size = 63.0f;
   caps->max_point_size_aa = 63.375f;
}
