/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The 3D pipeline's parts and what passes between them (docs/gpu-model.md):
 *   gpu_3d_draw.c    BEGIN/END and the draw methods: vertices and indices,
 *                    instances, primitive restart
 *   gpu_3d_vertex.c  vertex fetch (SET_VERTEX_ATTRIBUTE_*, SET_VERTEX_STREAM_*)
 *                    and the vertex stage on the SM model
 *   gpu_3d_tess.c    the tessellation stage: the control program, Mesa's
 *                    tessellator, the tessellation program
 *   gpu_3d_geometry.c  the geometry stage: input primitives, the geometry
 *                    program on the SM model, its output strips
 *   gpu_3d_stage.c   a pipeline stage's program (SET_PIPELINE_*), its SPH and
 *                    its constant banks, bound to the SM model
 *   gpu_3d_raster.c  primitive assembly, clipping, viewport, rasterisation
 *   gpu_3d_pixel.c   the pixel stage (quads on the SM model) and the
 *                    per-fragment operations into the colour and zeta targets
 *   gpu_3d_clear.c   CLEAR_SURFACE
 *   gpu_3d_stream.c  stream output (transform feedback), the report
 *                    counters, conditional rendering (SET_RENDER_ENABLE_*)
 * Each takes the model's method store as the hardware's state, never the
 * driver's.
 */

#ifndef GPU_3D_H
#define GPU_3D_H

#include "jade_sim.h"

#include "gpu_private.h"

/* A vertex after the last pre-rasterisation stage: its output attribute
 * words, indexed by attribute address / 4 (position at 0x70..0x7c, clip
 * distances, varyings at 0x80.., as the SPH's output map names them). */
struct gpu_vertex {
   uint32_t a[JADE_SIM_ATTR_WORDS];
};

/* Where the pixel stage's primitive id (a[0x60]) of a run's primitives
 * comes from. */
enum gpu_3d_primitive_ids {
   GPU_3D_PRIMITIVE_ID_COUNT,  /* primitive_id, counting up a primitive */
   GPU_3D_PRIMITIVE_ID_RUN,    /* primitive_id for every primitive (a
                                  * geometry thread's strip: its input
                                  * primitive's; a tessellated patch's:
                                  * the patch's) */
   GPU_3D_PRIMITIVE_ID_VERTEX, /* the provoking vertex's a[0x60] (a
                                  * geometry program that writes it) */
};

/* One run of vertices of one topology (NVC597_BEGIN_OP_*) for one
 * instance, in the order the topology consumes them: a draw is split into
 * runs at every primitive restart, a geometry stage's output into a run a
 * strip (or a thread's points).  `stream` is the vertex stream (0 without
 * a geometry stage). */
/* Viewports and scissors: SET_VIEWPORT_*(j), SET_SCISSOR_*(j), j < 16
 * (clc597.h). */
#define GPU_3D_VIEWPORTS 16

struct gpu_3d_run {
   unsigned topology;
   const struct gpu_vertex *v;
   unsigned count;
   uint32_t instance;
   uint32_t primitive_id;
   enum gpu_3d_primitive_ids primitive_ids;
   unsigned stream;
   /* The last stage's OMAP names a[0x64], the render target array index
    * (NAK's NAK_ATTR_RT_ARRAY_INDEX): with SET_RT_LAYER's CONTROL
    * GEOMETRY_SHADER_SELECTS_LAYER, each primitive's layer is its
    * provoking vertex's word (gpu_3d_raster.c layer_of). */
   bool layer_from_vertex;
   /* The last stage's OMAP names a[0x68], the viewport index
    * (NAK_ATTR_VIEWPORT_INDEX): each primitive is drawn through viewport
    * and scissor (provoking vertex's word & 15) (gpu_3d_raster.c
    * viewport_of). */
   bool viewport_from_vertex;
};

/* How many primitives a run of `count` vertices of the topology holds
 * (gpu_3d_raster.c): what the primitive id counter advances by. */
unsigned gpu_3d_primitive_count(unsigned topology, unsigned count);

/* The rasteriser's entry (gpu_3d_raster_entry.c): assembles, clips,
 * rasterises the runs' primitives and shades their fragments, the pixel
 * stage set up once for all of them; false after a fault. */
bool gpu_3d_rasterize(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_run *runs,
                      unsigned count);

/* The last pre-rasterisation stage's runs (gpu_3d_draw.c): each through
 * stream output and the test hook, then those of the stream
 * SET_RASTER_INPUT selects to the rasteriser unless SET_RASTER_ENABLE is
 * FALSE; false after a fault. */
bool gpu_3d_output(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_run *runs,
                   unsigned count);

/* CLEAR_SURFACE (gpu_3d_clear.c): the targets it names, cleared within
 * the surface clip (and the scissor or clear rectangles the control
 * method selects). */
void gpu_3d_clear(struct jade_gpu *gpu, unsigned subc, uint32_t data);

/* A pipeline stage (NVC597_SET_PIPELINE_SHADER_TYPE_*) as programmed. */
struct gpu_3d_stage {
   bool enabled;
   uint64_t program;        /* SET_PIPELINE_PROGRAM_ADDRESS_A/B */
   uint32_t sph[32];        /* the Shader Program Header at program: 32
                               * words on TURING_A (NVK's and nvc0's
                               * TU102_SHADER_HEADER_SIZE, SPHV4) */
   uint64_t code;           /* the first instruction */
   unsigned register_count; /* SET_PIPELINE_REGISTER_COUNT */
   unsigned bind_group;     /* SET_PIPELINE_BINDING */
};

/* Reads stage `type`'s state and header; false (after a fault or a log
 * line) if it cannot run. */
bool gpu_3d_stage_read(struct jade_gpu *gpu, unsigned subc, unsigned type,
                       struct gpu_3d_stage *stage);

/* Loads the stage's program, its bind group's constant banks and the
 * texture and surface units into the SM model, ready for a launch. */
bool gpu_3d_stage_bind(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_stage *stage);

/* Local memory of a 3D-stage launch of `threads` threads (gpu_3d_stage.c):
 * in memory at SET_SHADER_LOCAL_MEMORY_A/B, LOW_SIZE bytes a thread from the
 * stage's SPH, warps of it aligned as compute's (gpu_compute.c), checked
 * against SET_SHADER_LOCAL_MEMORY_C/D; false after a fault. */
bool gpu_3d_local_memory(struct jade_gpu *gpu, unsigned subc, uint32_t low_size, unsigned threads,
                         const char *what, struct jade_sim_grid *g);

/* Sets up one launch of `threads` threads of a 3D stage's program in one
 * CTA: the program loaded, its bind group's banks and units bound (again
 * for every launch: the pixel stage binds its own in between), the
 * local memory of `low_size` bytes a thread (gpu_3d_local_memory); false
 * after a fault. */
bool gpu_3d_stage_grid(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_stage *stage,
                       uint32_t low_size, unsigned threads, const char *what,
                       struct jade_sim_grid *grid);

/* Runs one launch of a 3D stage's program on the SM model with its
 * graphics I/O, counting its thread instructions; a stop is a fault
 * ("<what> at <address>: <the SM's message>"), false. */
bool gpu_3d_launch(struct jade_gpu *gpu, const struct gpu_3d_stage *stage, const char *what,
                   const struct jade_sim_grid *grid, const struct jade_sim_graphics *gfx);

/* The vertex stage (gpu_3d_vertex.c): vertex fetch and the vertex program
 * `vs` for n vertices of one instance.  Vertex v reads element
 * element[v] of the per-vertex streams and instance / FREQUENCY +
 * SET_GLOBAL_BASE_INSTANCE_INDEX of the instanced ones, its vertex id
 * is vertex_id[v]; out[v] gets its output words.  False after a fault. */
bool gpu_3d_vertex_shade(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_stage *vs,
                         const uint32_t *element, const uint32_t *vertex_id, unsigned n,
                         uint32_t instance, struct gpu_vertex *out);

/* The geometry stage (gpu_3d_geometry.c): the run's input primitives
 * through the geometry program `gs`, whose output goes to gpu_3d_output;
 * false after a fault. */
bool gpu_3d_geometry_run(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_stage *gs,
                         const struct gpu_3d_run *run);

/* The tessellation stage (gpu_3d_tess.c): the PATCH run's patches
 * (SET_PATCH.SIZE vertices each) through the tessellation control program
 * `tcs` (when enabled), the tessellator and the tessellation program
 * `tes`, whose output goes to the geometry stage `gs` when enabled, else
 * to gpu_3d_output; false after a fault. */
bool gpu_3d_tess_run(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_stage *tcs,
                     const struct gpu_3d_stage *tes, const struct gpu_3d_stage *gs,
                     const struct gpu_3d_run *run);

/* Stream output (gpu_3d_stream.c): the run's primitives, as points,
 * lines and triangles, captured into the stream output buffers of the
 * run's stream when SET_STREAM_OUTPUT is enabled, and counted
 * (VTG_PRIMITIVES_OUT, STREAMING_PRIMITIVES_* of the stream); false after
 * a fault. */
bool gpu_3d_stream_out(struct jade_gpu *gpu, unsigned subc, const struct gpu_3d_run *run);

/* TURING_A state with no documented reset value (gpu_3d_reset.c): its
 * registers hold GPU_3D_UNKNOWN from SET_OBJECT until a driver writes
 * them.  The value has reserved bits set, so no driver packs it. */
#define GPU_3D_UNKNOWN 0xbad5e75eu
/* True if method mthd was programmed; otherwise a fault saying so and
 * `effect`, what its undefined value would do. */
bool gpu_3d_known(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, const char *effect);
/* The checks every draw makes on such state that has no modelled effect. */
bool gpu_3d_draw_state_known(struct jade_gpu *gpu, unsigned subc);
/* CHECK_SPH_VERSION, and a program header's VERSION against it. */
void gpu_3d_check_sph_version(struct jade_gpu *gpu, unsigned subc, uint32_t data);
bool gpu_3d_sph_version_ok(struct jade_gpu *gpu, unsigned subc, uint64_t va, unsigned version);

/* Whether draws and clears render now (SET_RENDER_ENABLE_A..C and
 * SET_RENDER_ENABLE_OVERRIDE); false also after a fault. */
bool gpu_3d_render_enabled(struct jade_gpu *gpu, unsigned subc);

/* SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER, SET_STREAM_OUT_LAYOUT_SELECT
 * and CLEAR_REPORT_VALUE; true
 * if handled. */
bool gpu_3d_stream_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data);

/* The counter a report semaphore of the 3D class reports (REPORT and
 * SUB_REPORT of SET_REPORT_SEMAPHORE_D); *known false for reports the
 * model keeps no counter for (they read 0). */
uint64_t gpu_3d_report_value(const struct jade_gpu *gpu, unsigned report, unsigned sub,
                             bool *known);

/* The 3D methods that act (BEGIN, END, the draws, CLEAR_SURFACE); true if
 * handled. */
bool gpu_3d_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data);

#endif /* GPU_3D_H */
