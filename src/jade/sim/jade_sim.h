/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * A functional model of an SM75 streaming multiprocessor: it executes SASS
 * decoded by the ISA description (src/jade/isa), warp by warp, and checks
 * the dependency control bits as it goes.  docs/sim.md describes the model.
 *
 * The core knows nothing about CUDA: code, constant banks and global
 * memory are set through this API.  jade_sim_cuda_* (below) adds what the
 * CUDA driver would do (cubin loading, the constant bank 0 layout, kernel
 * parameters).  Later the GPU model drives the same core for graphics.
 */

#ifndef JADE_SIM_H
#define JADE_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct jade_sim;

/* Results of a launch; the values are jade-sim's exit codes. */
enum jade_sim_status {
   JADE_SIM_OK = 0,
   JADE_SIM_ERROR = 1,       /* bad launch parameters or setup */
   JADE_SIM_UNSUPPORTED = 3, /* an instruction the model does not execute */
   JADE_SIM_FAULT = 4,       /* bad address, misaligned access, bad pc,
                               * instruction limit, deadlock */
   JADE_SIM_HAZARD = 5,      /* a dependency hazard, with hazards fatal */
};

enum jade_sim_hazard_mode {
   JADE_SIM_HAZARDS_OFF,
   JADE_SIM_HAZARDS_WARN,  /* report each hazard on the log, go on */
   JADE_SIM_HAZARDS_FATAL, /* stop at the first hazard */
};

/* MUFU's results (docs/sim.md, "Hardware-like MUFU"). */
enum jade_sim_mufu_mode {
   JADE_SIM_MUFU_EXACT, /* correctly rounded: the default */
   JADE_SIM_MUFU_HW,    /* off by up to the PTX ISA's documented error
                               * bound, a function of mufu_seed and the input */
};

struct jade_sim_options {
   enum jade_sim_hazard_mode hazards;
   bool trace;                /* print every executed instruction */
   FILE *log;                 /* hazards, trace, errors; NULL = stderr */
   uint64_t max_instructions; /* per launch, warp instructions; 0 = 100M */
   enum jade_sim_mufu_mode mufu;
   uint64_t mufu_seed; /* JADE_SIM_MUFU_HW: which errors */
};

struct jade_sim *jade_sim_create(const struct jade_sim_options *options);
void jade_sim_destroy(struct jade_sim *sim);

/* Global memory: a sparse 64-bit address space in which only allocated
 * buffers may be accessed.  jade_sim_alloc returns a zeroed buffer's
 * address (never 0), or 0 when out of memory. */
uint64_t jade_sim_alloc(struct jade_sim *sim, uint64_t size, uint64_t align);
/* 0, or -1 if any byte lies outside allocated memory. */
int jade_sim_write(struct jade_sim *sim, uint64_t addr, const void *data, uint64_t size);
int jade_sim_read(struct jade_sim *sim, uint64_t addr, void *data, uint64_t size);

/* Global memory from outside (the GPU model's virtual memory): when set,
 * every global access goes through translate, which returns a CPU pointer
 * to [addr, addr + size) or NULL (a fault), and jade_sim_alloc'ed buffers
 * are not seen. */
void jade_sim_set_memory(struct jade_sim *sim,
                         void *(*translate)(void *data, uint64_t addr, uint64_t size), void *data);

/* The program: code at byte address 0 of the code space.  Copies it. */
int jade_sim_set_code(struct jade_sim *sim, const void *code, size_t size);

/* Constant banks c[0]..c[17], 64 KiB each, zero until written. */
#define JADE_SIM_CONST_BANKS     18
#define JADE_SIM_CONST_BANK_SIZE 65536
int jade_sim_set_const(struct jade_sim *sim, unsigned bank, uint32_t offset, const void *data,
                       uint32_t size);

/* Where generic addresses see shared and local memory: 16 MiB windows. */
#define JADE_SIM_SHARED_WINDOW 0x00007f0000000000ull
#define JADE_SIM_LOCAL_WINDOW  0x00007e0000000000ull
#define JADE_SIM_WINDOW_SIZE   (1u << 24)

struct jade_sim_grid {
   uint32_t grid[3];     /* CTAs */
   uint32_t block[3];    /* threads per CTA (at most 1024) */
   uint32_t shared_size; /* bytes of shared memory per CTA */
   uint32_t local_size;  /* bytes of local memory per thread (private
                            * arrays: 0 = 16 KiB; in memory: exact) */
   uint64_t entry;       /* byte address of the first instruction */
   /* Where generic addresses see shared and local memory (the GPU's
    * SET_SHADER_SHARED/LOCAL_MEMORY_WINDOW); 0: JADE_SIM_*_WINDOW. */
   uint64_t shared_window, local_window;
   /* Registers allocated per thread as the hardware is programmed (QMD
    * REGISTER_COUNT_V, SET_PIPELINE_REGISTER_COUNT); 0: unchecked.  Two
    * of them hold the program counter on Volta and later (NAK's
    * hw_reserved_gprs, after the Volta whitepaper), so a program may use
    * R0..R(count-3); touching another register is a fault. */
   uint32_t register_count;
   /* Local memory (LDL/STL, generic addresses in the local window).  Not
    * local_in_memory: each thread has a private array of the model's (what
    * the CUDA and compiler tests use).  local_in_memory: it lives in global
    * memory (jade_sim_set_memory's translate), in the buffer the GPU's
    * driver programs (SET_SHADER_LOCAL_MEMORY_A/B), as the hardware keeps
    * it: the CTA runs on SM 0, warp w of the CTA in the w-th warp area
    * from local_memory_address, local_memory_warp_size bytes each (0:
    * local_size * 32 rounded up to 512 bytes, as NVK's nvk_slm_area
    * sizes it), and thread byte a of lane l at (a / 4) * 128 + l * 4 +
    * a % 4 of its warp's area ("consecutive 32-bit words are accessed by
    * consecutive thread IDs", CUDA C Programming Guide).  The CTA's warp
    * areas must fit in local_memory_size (the bytes SM 0 may use), or the
    * launch faults; an unmapped address faults as any other access. */
   bool local_in_memory;
   uint64_t local_memory_address;
   uint64_t local_memory_size;
   uint32_t local_memory_warp_size;
};

/* NVK's rounding of a warp's local memory (nvk_slm_area_ensure: "the
 * hardware seems to require this alignment"). */
#define JADE_SIM_LOCAL_WARP_ALIGN 512u

/* Runs every CTA of the grid to completion (one after the other; the warps
 * of a CTA cooperatively, in a fixed order).  Returns JADE_SIM_OK or the
 * reason it stopped; jade_sim_message() then says more. */
enum jade_sim_status jade_sim_launch(struct jade_sim *sim, const struct jade_sim_grid *grid);

/* Vertex and fragment shader I/O.  Thread t of a launch (CTA after CTA,
 * x fastest) has JADE_SIM_ATTR_WORDS input and output attribute words
 * (word = a[] byte address / 4): ALD reads its inputs (ALD.O its
 * outputs), AST writes its outputs.  IPA reads plane equations shared by
 * all threads: word w is plane[w][0] x + plane[w][1] y + plane[w][2] at
 * the thread's pixel centre (x = t % width + 0.5, y = t / width + 0.5),
 * at the centroid too; IPA.CONSTANT reads plane[w][2].  At EXIT the first
 * exit_reg_count registers of each thread are saved (where a fragment
 * shader leaves its outputs).  With `quads`, threads come in 2x2 quads
 * instead of rows (what derivatives need: lane ^ 1 is the horizontal, lane
 * ^ 2 the vertical neighbour, as NAK's derivative shuffles assume): thread
 * t is pixel (2 qx + (t & 1), 2 qy + (t >> 1 & 1)) of quad t / 4 = qy *
 * (width / 2) + qx (width even).  With `killed`, a thread that executes
 * KILL sets killed[t] (a fragment the pixel stage drops) and runs on as a
 * helper invocation (KILL demotes; EXIT ends the thread).  The arrays stay
 * the caller's. */
#define JADE_SIM_ATTR_WORDS 256

/* Geometry launches (jade_sim_graphics.geometry): thread t is one
 * (input primitive, invocation) pair; the arrays below have a slot per
 * thread of the launch (gfx.threads).  The handles are the model's own
 * (the hardware's are opaque: NAK and codegen only pass ISBERD's result
 * to ALD and OUT's to AST and the next OUT):
 * - ISBERD Rd, [Ra] of a thread of warp w (threads 32 w .. 32 w + 31)
 *   returns map[w * map_entries + Ra] (the warp's input map; Ra past it
 *   returns 0: gl_in past its vertices is undefined in GL, no fault);
 *   the GPU fills it with JADE_SIM_VERTEX_HANDLE(i) for vertex i of the
 *   input table, i.e. the vertex's byte offset in the table after a first
 *   slot that holds none, so that 0 (RZ) names no vertex;
 * - ALD Rd, a[addr], Rvtx reads word addr / 4 of input vertex Rvtx
 *   (handle 0 reads 0; another handle that names none faults), except
 *   a[0x60], which reads the
 *   thread's primitive_id whatever the handle (NAK reads
 *   gl_PrimitiveIDIn with a vertex handle of 0);
 * - an output vertex's handle is the number of vertices its thread
 *   emitted before it (NAK starts the handle at 0): AST a[addr], Rdata,
 *   Rvtx and ALD.O write and read word addr / 4 of output vertex Rvtx,
 *   which must be the thread's current handle (else a fault); vertex k
 *   lies at out[(t * max_vertices + k) * JADE_SIM_ATTR_WORDS], and one past
 *   max_vertices is dropped (writes ignored, reads 0: GL leaves vertices
 *   past max_vertices undefined);
 * - OUT.EMIT Rd, Ra (the current handle), Rb (the stream, 0..3) records
 *   the vertex in emitted[t * max_vertices + k] (its stream, and
 *   JADE_SIM_EMIT_RESTART if its stream was cut since its last vertex),
 *   zeroes the next vertex's words (GL leaves them undefined) and
 *   returns its handle; OUT.CUT marks stream Rb cut and returns Ra;
 *   OUT.EMIT_THEN_CUT does both; OUT.FINAL sets final[t], after which
 *   no OUT may follow.  handle[t] counts the thread's OUT.EMITs.
 * SR_INVOCATION_INFO (0x1d) and SR_INVOCATION_ID (0x11) read
 * invocation_info[t] and invocation_id[t].  A thread with idle[t] set is
 * never launched (a warp's lanes past its last primitive). */
#define JADE_SIM_VERTEX_HANDLE(i) (((uint32_t)(i) + 1) * JADE_SIM_ATTR_WORDS * 4)
#define JADE_SIM_EMIT_STREAM      0x3u /* emitted[]: the vertex's stream */
#define JADE_SIM_EMIT_RESTART     0x4u /* emitted[]: a cut of its stream before it */
/* Tessellation launches (jade_sim_geometry.tess non-NULL): a geometry
 * launch's input side as above (vertices, map, ISBERD, ALD on a handle,
 * a[0x60] the thread's primitive_id, SR_INVOCATION_INFO / _ID, idle),
 * OUT faults, and per thread `patch[t]`, the index of its patch, whose
 * per-patch words are patch_space[patch[t] * JADE_SIM_PATCH_WORDS ..]
 * (the patch space: tessellation factors at words 0..5, patch vectors
 * from word 8: jade_attr.h JADE_ATTR_TESS_LOD_*, JADE_ATTR_PATCH_*);
 * SR_PRIM_TYPE (0x10) reads prim_type[t] (byte 1 the vertices of an input
 * patch: NAK's gl_PatchVerticesIn).  ALD.P / AST.P address the patch
 * space (their vertex operand is not read: NAK passes 0).
 * - A tessellation control launch (!evaluation): a patch a warp, thread
 *   t = lane = the invocation (SR_INVOCATION_ID, an output control
 *   point).  AST a[addr], Rdata, Rvtx writes word addr / 4 of control
 *   point Rvtx of the thread's patch, control_points[(patch[t] *
 *   out_vertices + Rvtx) * JADE_SIM_ATTR_WORDS + addr / 4]; ALD.O reads
 *   it the same way, Rvtx being the lane of the invocation that owns the
 *   control point (NAK's SR_LANEID + vertex - SR_INVOCATION_ID, which is
 *   the vertex itself when the patch starts at lane 0): Rvtx past
 *   out_vertices names no invocation of the patch: AST faults, ALD.O
 *   reads 0.  AST.P writes the patch's words below patch_store_words (the
 *   header's PER_PATCH_ATTRIBUTE_COUNT; past it a fault at a constant
 *   address, a dropped store register-indexed), ALD.O.P reads them (0
 *   where never written); ALD.P without .O faults (a control program has
 *   no per-patch inputs).  Stores are seen at once by every thread of the
 *   patch: with the SM model's lowest-pc-first issue, a thread past a
 *   barrier sees every store its patch made before it.
 * - A tessellation evaluation launch (evaluation): a domain point a
 *   thread, several patches a warp (SR_INVOCATION_INFO byte 0 the slot of
 *   the thread's patch in the warp's map, byte 2 its control points).
 *   ALD.P reads the thread's patch's words; ALD.O a[0x2f0] / a[0x2f4],
 *   Rvtx reads u / v of tess_coord[] of the thread in lane Rvtx of the
 *   warp (NAK reads gl_TessCoord with Rvtx = SR_LANEID), other ALD.O
 *   words that thread's outputs; AST (its vertex operand not read)
 *   writes word addr / 4 of out[t * JADE_SIM_ATTR_WORDS ..], as a vertex
 *   program's; AST.P and ALD.O.P fault. */
/* Every launch with attribute words: AL2P Rd, Ra, addr makes Ra + addr,
 * the model's physical address (the attribute byte address), and ALD.PHYS
 * / AST.PHYS a[Rp] access that word as ALD / AST a[Rp] would (same
 * vertex operand, same .O).  An ALD, AST (.P, .PHYS) or IPA whose address
 * comes from a register and falls outside its space (JADE_SIM_ATTR_WORDS
 * words; a patch's JADE_SIM_PATCH_WORDS) reads 0 or drops its store; at a
 * constant address, or off a word, it faults (docs/gpu-model.md, "Indexed
 * attributes"). */
#define JADE_SIM_PATCH_WORDS 128
struct jade_sim_tess {
   bool evaluation;
   const uint32_t *prim_type; /* threads */
   const uint32_t *patch;     /* threads */
   uint32_t *patch_space;     /* patches * JADE_SIM_PATCH_WORDS */
   uint32_t patch_store_words;
   uint32_t *control_points; /* control: patches * out_vertices vertices */
   uint32_t out_vertices;
   const float (*tess_coord)[2]; /* evaluation: threads */
   uint32_t *out;                /* evaluation: threads * JADE_SIM_ATTR_WORDS */
};

struct jade_sim_geometry {
   const struct jade_sim_tess *tess; /* NULL: a geometry launch */
   const uint32_t *vertices;         /* vertex_count * JADE_SIM_ATTR_WORDS */
   uint32_t vertex_count;
   const uint32_t *map; /* warps * map_entries handles */
   uint32_t map_entries;
   const uint32_t *invocation_info; /* threads */
   const uint32_t *invocation_id;   /* threads */
   const uint32_t *primitive_id;    /* threads */
   const uint8_t *idle;             /* threads; NULL: none */
   uint32_t max_vertices;           /* output vertices a thread keeps */
   uint32_t *out;                   /* threads * max_vertices vertices;
                                       * vertex 0 of each thread zeroed by
                                       * the caller */
   uint8_t *emitted;                /* threads * max_vertices */
   uint32_t *handle;                /* threads, 0 at the launch */
   uint8_t *cut;                    /* threads: streams cut (bit s), 0 */
   uint8_t *final;                  /* threads, 0 */
};

struct jade_sim_graphics {
   uint32_t threads;
   uint32_t *in, *out;      /* threads * JADE_SIM_ATTR_WORDS words */
   const float (*plane)[3]; /* JADE_SIM_ATTR_WORDS planes */
   uint32_t width;          /* pixels a row */
   uint32_t *exit_regs;     /* threads * exit_reg_count */
   unsigned exit_reg_count;
   bool quads; /* 2x2 quads, not rows (above) */
   /* Pixel launches, per thread (NULL: a single-sampled pixel, covered,
    * centred): PIXLD.COVMASK's coverage of the thread's pixel, PIXLD.
    * MY_INDEX's sample, and where in its pixel (from the corner, 0.5 the
    * centre) IPA.CENTROID interpolates. */
   const uint16_t *covmask;
   const uint8_t *my_index;
   const float (*centroid)[2];
   uint8_t *killed; /* threads; NULL: not kept */
   /* threads; non-zero: a helper invocation (a quad's uncovered pixel, run
    * for derivatives), whose global-memory and surface stores, atomics
    * and reductions have no effect (GLSL 4.60 section 8.19, "Helper
    * invocations": "stores ... and atomic operations ... will have no
    * effect"); NULL: none. */
   const uint8_t *helper;
   /* A geometry launch (above); NULL: a vertex or pixel launch. */
   const struct jade_sim_geometry *geometry;
};

/* Sets (NULL: clears) the graphics I/O of the next launches. */
void jade_sim_set_graphics(struct jade_sim *sim, const struct jade_sim_graphics *gfx);

/* The texture unit outside the SM (e.g. the GPU model reading texture
 * headers and samplers from memory) answers one lane's request at a time:
 * fetches (TLD), queries (TXQ), filtered samples (TEX, TXD), gathers (TLD4)
 * and LOD queries (TMML).  The SM gathers the operands and, for implicit
 * LODs, the quad's derivatives; the unit does the rest.  It returns four
 * components (float bits for float and normalised formats, integers for
 * integer ones; TMML: its two 8.8 fixed-point words) or false with a
 * message (a fault). */
enum jade_sim_tex_op {
   JADE_SIM_TEX_FETCH,  /* integer texel coordinates at a level */
   JADE_SIM_TEX_QUERY,  /* TXQ: `query` (its QUERY field) at level `lod` */
   JADE_SIM_TEX_SAMPLE, /* float coordinates through the sampler */
   JADE_SIM_TEX_GATHER, /* the 2x2 footprint's `component` */
   JADE_SIM_TEX_LOD,    /* the LOD a sample would use */
};

/* How a sample's level of detail is chosen (the instructions' LOD field). */
enum jade_sim_tex_lod {
   JADE_SIM_LOD_AUTO,  /* from the derivatives */
   JADE_SIM_LOD_ZERO,  /* level 0 (of the view) */
   JADE_SIM_LOD_BIAS,  /* from the derivatives, plus lod_value */
   JADE_SIM_LOD_LEVEL, /* lod_value */
};

struct jade_sim_texel_request {
   uint32_t handle; /* TIC index | TSC index << 20 */
   enum jade_sim_tex_op op;
   unsigned query;
   unsigned dim; /* coordinates: 1, 2 or 3 (a cube: 3) */
   bool array, cube;
   int32_t coord[3];     /* FETCH */
   float s[3];           /* SAMPLE, GATHER, LOD */
   float ddx[3], ddy[3]; /* d s / dx, d s / dy (AUTO, BIAS, TXD) */
   uint32_t layer, sample;
   int32_t lod; /* FETCH, QUERY: the level */
   enum jade_sim_tex_lod lod_mode;
   float lod_value; /* BIAS, LEVEL */
   bool compare;    /* depth compare against ref */
   float ref;
   int32_t offset[3];  /* texel offsets (AOFFI, TLD4 .PTP) */
   unsigned component; /* GATHER: 0..3 */
};
typedef bool (*jade_sim_texel_fn)(void *data, const struct jade_sim_texel_request *req,
                                  uint32_t texel[4], char *err, size_t err_size);
void jade_sim_set_texture_unit(struct jade_sim *sim, jade_sim_texel_fn fetch, void *data);

/* The surface unit outside the SM (e.g. the GPU model reading texture
 * headers from memory) answers one lane's image access at a time: the
 * bindless SULD, SUST, SUATOM and SURED (the handle in a register, as NAK
 * emits them).  The SM reads the operands as the instruction names them
 * (sim_exec_surface.c); the unit finds the texel, converts, and does the
 * read-modify-write of atomics.  It returns what the destination takes
 * (formatted loads: the components the mask names, float bits for float
 * and normalised formats, integers for integer ones; raw loads: the bytes,
 * little-endian; atomics: the old value) or false with a message (a
 * fault: a bad header, a trap, an unmapped address). */
enum jade_sim_surface_op {
   JADE_SIM_SURFACE_LOAD,      /* SULD.P: formatted, `mask` components */
   JADE_SIM_SURFACE_STORE,     /* SUST.P */
   JADE_SIM_SURFACE_LOAD_RAW,  /* SULD.D: `size` bytes of the texel */
   JADE_SIM_SURFACE_STORE_RAW, /* SUST.D */
   JADE_SIM_SURFACE_ATOMIC,    /* SUATOM, SURED: atomic_op, atomic_type */
   JADE_SIM_SURFACE_CAS,       /* SUATOM.CAS */
};

/* SUATOM's and SURED's OP field (NAK sm70.rs set_atom_op). */
enum jade_sim_atomic_op {
   JADE_SIM_ATOM_ADD,
   JADE_SIM_ATOM_MIN,
   JADE_SIM_ATOM_MAX,
   JADE_SIM_ATOM_INC,
   JADE_SIM_ATOM_DEC,
   JADE_SIM_ATOM_AND,
   JADE_SIM_ATOM_OR,
   JADE_SIM_ATOM_XOR,
   JADE_SIM_ATOM_EXCH,
};

/* Their TYPE field (NAK set_atom_type; SUATOM.CAS's .64 is U64 here). */
enum jade_sim_atomic_type {
   JADE_SIM_ATOM_U32,
   JADE_SIM_ATOM_S32,
   JADE_SIM_ATOM_U64,
   JADE_SIM_ATOM_F32,
   JADE_SIM_ATOM_F16X2,
   JADE_SIM_ATOM_S64,
   JADE_SIM_ATOM_SD32,
   JADE_SIM_ATOM_SD64,
};

struct jade_sim_surface_request {
   uint32_t handle; /* the handle register: TIC index in bits 19:0 */
   enum jade_sim_surface_op op;
   unsigned dim;      /* the DIM field: 1D 0, 1D_BUFFER 1, 1D_ARRAY 2,
                              * 2D 3, 2D_ARRAY 4, 3D 5 */
   uint32_t coord[3]; /* x, y, z (3D) as the registers hold them;
                              * 0 where the dimension has none */
   uint32_t layer;    /* 1D_ARRAY, 2D_ARRAY */
   unsigned mask;     /* LOAD, STORE: 1 (R), 3 (RG) or 0xf (RGBA) */
   unsigned size;     /* LOAD_RAW, STORE_RAW: 1, 2, 4, 8 or 16 bytes */
   bool byte_address; /* .BA: coord[0] counts bytes, not texels */
   bool trap;         /* CLAMP .TRAP: an access outside the surface
                              * faults; .IGN: it is dropped (loads read 0) */
   enum jade_sim_atomic_op atomic_op;
   enum jade_sim_atomic_type atomic_type;
   /* STORE: the components by the mask; STORE_RAW: the bytes; ATOMIC: the
    * operand (64-bit: low word first); CAS: the compared value, then the
    * new one (one or two words each). */
   uint32_t data[4];
};
typedef bool (*jade_sim_surface_fn)(void *data, const struct jade_sim_surface_request *req,
                                    uint32_t out[4], char *err, size_t err_size);
void jade_sim_set_surface_unit(struct jade_sim *sim, jade_sim_surface_fn fn, void *data);

/* The last error or stop message ("" if none). */
const char *jade_sim_message(const struct jade_sim *sim);

struct jade_sim_stats {
   uint64_t warp_instructions; /* executed, since create */
   uint64_t thread_instructions;
   unsigned hazards; /* reported, since create */
};
void jade_sim_get_stats(const struct jade_sim *sim, struct jade_sim_stats *stats);

/* For calibrating the latency table: per fixed-latency op and register
 * file, the table's latency and the shortest distance (in issue cycles)
 * at which the executed code read such a result. */
void jade_sim_print_latency_report(const struct jade_sim *sim, FILE *f);

/* --- What the CUDA driver would do -------------------------------------- */

struct jade_sim_cuda_kernel {
   uint32_t shared_size; /* static shared memory (.nv.shared.NAME) */
   uint32_t param_size;  /* bytes of parameters (from .nv.constant0.NAME) */
   uint32_t local_size;  /* per thread: JADE_SIM_CUDA_LOCAL_SIZE */
};

/* Local memory per thread: more than any kernel of the test suite needs. */
#define JADE_SIM_CUDA_LOCAL_SIZE 16384

/* Loads kernel `name` of a cubin: code from .text.NAME, constant banks from
 * .nv.constantN and .nv.constantN.NAME.  0, or -1 with a message. */
int jade_sim_cuda_load(struct jade_sim *sim, const void *cubin, size_t size, const char *name,
                       struct jade_sim_cuda_kernel *kernel, char *err, size_t err_size);

/* CUDA's parameter block: each parameter aligned to its size, from
 * c[0][0x160]. */
#define JADE_SIM_CUDA_PARAM_BASE 0x160
#define JADE_SIM_CUDA_PARAM_MAX  4096
struct jade_sim_cuda_params {
   uint8_t data[JADE_SIM_CUDA_PARAM_MAX];
   uint32_t size;
};
void jade_sim_cuda_param(struct jade_sim_cuda_params *params, const void *value, uint32_t size);

/* Writes the launch constants (ntid, nctaid, windows, stack) and the
 * parameters into c[0], then launches the kernel loaded last. */
enum jade_sim_status jade_sim_cuda_launch(struct jade_sim *sim,
                                          const struct jade_sim_cuda_kernel *kernel,
                                          const uint32_t grid[3], const uint32_t block[3],
                                          uint32_t dynamic_shared,
                                          const struct jade_sim_cuda_params *params);

#ifdef __cplusplus
}
#endif

#endif /* JADE_SIM_H */
