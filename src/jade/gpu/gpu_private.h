/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The model's state, shared by its parts: the channel (gpu_fifo.c), the
 * host class (gpu_host.c), the engines' common methods (gpu_engine.c) and
 * memory (gpu_memory.c).
 */

#ifndef GPU_PRIVATE_H
#define GPU_PRIVATE_H

#include "jade_gpu.h"

#include "util/hash_table.h"

/* NVIDIA's field macros are "HI:LO"; (0 ? HI:LO) is LO, (1 ? HI:LO) is HI
 * (the DRF idiom of NVIDIA's own headers). */
#define GPU_LO(f) (0 ? f)
#define GPU_HI(f) (1 ? f)
#define GPU_GET(v, f)                                                                              \
   (((uint32_t)(v) >> GPU_LO(f)) & (0xffffffffu >> (31 - (GPU_HI(f) - GPU_LO(f)))))

/* A 40/49-bit address from a method pair: the upper word's field (its
 * width from the class header) above the lower word. */
#define GPU_VA(upper, upper_field, lower)                                                          \
   ((uint64_t)GPU_GET(upper, upper_field) << 32 | (uint32_t)(lower))

#define GPU_SUBCHANNELS 8
/* Method addresses are 12-bit dword indices (clc46f.h NVC46F_DMA_METHOD_ADDRESS). */
#define GPU_METHODS 4096

struct gpu_inline {
   /* Inline-to-memory in progress on a subchannel. */
   bool active;
   uint64_t dst;
   uint32_t line_bytes, lines, pitch;
   uint64_t done; /* bytes received */
};

/* A method header whose data has not all arrived: data may continue in
 * the next segment ([OGD-RAM] allows data in another PB segment). */
struct gpu_header {
   unsigned left; /* data words still to come; 0: none pending */
   unsigned subc;
   uint32_t mthd;   /* byte address of the next data word */
   unsigned sec_op; /* NVC46F_DMA_SEC_OP_* (old forms mapped to new) */
};

/* A constant buffer bound to a slot of a 3D bind group. */
struct gpu_cbuf {
   uint64_t addr;
   uint32_t size;
   bool valid;
};

#define GPU_BIND_GROUPS 5  /* BIND_GROUP_CONSTANT_BUFFER(0..4) */
#define GPU_CBUF_SLOTS  18 /* SHADER_SLOT is 5 bits; 18 banks (c[0..17]) */

struct jade_gpu {
   struct jade_gpu_env env;
   struct gpu_header pending;
   struct jade_gpu_fault fault;
   struct jade_gpu_stats stats;

   uint32_t subc_class[GPU_SUBCHANNELS];
   uint32_t method[GPU_SUBCHANNELS][GPU_METHODS];
   struct gpu_inline inl[GPU_SUBCHANNELS];
   struct gpu_cbuf cb3d[GPU_BIND_GROUPS][GPU_CBUF_SLOTS];

   /* The SM model for compute launches (created at the first), and the
    * program it holds decoded: the instruction cache, dropped by
    * INVALIDATE_SHADER_CACHES.INSTRUCTION. */
   struct jade_sim *sim;
   uint64_t code_va;
   uint64_t code_size; /* bytes decoded from code_va: programs inside run
                            * from there (gpu_load_program) */
   bool code_valid;
   unsigned tex_subc;                 /* whose texture header pool the launch reads */
   struct gpu_tex_caches *tex_caches; /* headers, samplers, texel lines (gpu_tex_cache.c) */
   unsigned tex_engine;               /* whose header and sampler caches: 0 3D, 1 compute */
   bool tsc_via_header;               /* sampler index = header index (QMD SAMPLER_INDEX,
                            * SET_SAMPLER_BINDING) instead of handle bits 31:20 */

   /* The 3D pipeline's draw in progress (gpu_3d_draw.c), the instance
    * counter of BEGIN.INSTANCE_ID, the primitive id counter of
    * BEGIN.PRIMITIVE_ID, the test hook on its runs. */
   struct gpu_3d_draw *draw3d;
   /* The vertex stage's input and output words, kept between batches
    * (gpu_3d_vertex.c): fresh pages for every batch cost more than the
    * shading. */
   uint32_t *vs_words;
   size_t vs_words_cap;
   uint32_t instance3d;
   uint32_t primitive3d;
   jade_gpu_run_fn run_hook;
   void *run_hook_data;

   /* The 3D pipeline's report counters and stream output write pointers
    * (gpu_3d_stream.c: what SET_REPORT_SEMAPHORE_D reports and
    * CLEAR_REPORT_VALUE clears). */
   struct gpu_3d_counters {
      uint64_t zpass; /* ZPASS_PIXEL_CNT(64) */
      uint64_t da_vertices, da_primitives, vs_invocations;
      uint64_t clipper_invocations, clipper_primitives, ps_invocations;
      uint64_t gs_invocations, gs_primitives;
      uint64_t ti_invocations, ts_invocations, ts_primitives; /* tessellation */
      uint64_t vtg_primitives[4];                             /* by stream */
      uint64_t so_succeeded[4], so_needed[4];
      uint32_t so_write[4]; /* by buffer: bytes from its ADDRESS */
   } counters3d;

   /* What a method write of each engine class does when no handler takes
 * it (enum gpu_passive), looked up once from the class headers' names. */
   uint8_t passive[3][GPU_METHODS];

   /* PNG dumps of the colour targets a submission writes (gpu_dump.c);
    * NULL: off. */
   struct gpu_dump *dump;

   /* (class << 16 | method) of methods reported as unimplemented once. */
   struct hash_table_u64 *reported;
};

void gpu_log(struct jade_gpu *gpu, const char *fmt, ...) PRINTFLIKE(2, 3);

/* A fault: the first one is kept and the channel stops. */
void gpu_fault(struct jade_gpu *gpu, uint64_t va, uint32_t size, bool write, const char *fmt, ...)
   PRINTFLIKE(5, 6);

/* Memory: false (after a fault naming `what`) if not all mapped. */
bool gpu_read(struct jade_gpu *gpu, uint64_t va, void *dst, uint32_t size, const char *what);
bool gpu_write(struct jade_gpu *gpu, uint64_t va, const void *src, uint32_t size, const char *what);

uint64_t gpu_now_ns(struct jade_gpu *gpu);

/* A semaphore release: the payload alone, or four words {payload, 0,
 * u64 ns timestamp} (the four-word layout of the I2M, QMD, legacy host
 * and report-semaphore releases of a payload). */
void gpu_release(struct jade_gpu *gpu, uint64_t va, uint32_t payload, bool one_word,
                 const char *what);

/* The method's name from the class headers ("NVC597_LAUNCH_DMA"), or NULL. */
const char *gpu_method_name(uint32_t cls, uint32_t mthd);

/* Fills gpu->passive (gpu_engine.c). */
void gpu_engine_init(struct jade_gpu *gpu);

/* One method write of subchannel `subc` (byte address `mthd`). */
void gpu_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data);

/* Host methods (below 0x100, NVC46F_*); true if handled. */
bool gpu_host_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data);

/* The engines' methods (3D, compute, inline-to-memory). */
void gpu_engine_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data);

/* Compute methods that act (SEND_PCAS_A/SEND_SIGNALING_PCAS_B,
 * INVALIDATE_SHADER_CACHES); true if handled. */
bool gpu_compute_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data);
void gpu_compute_destroy(struct jade_gpu *gpu);

/* The SM model, shared by compute launches and the 3D stages (created at
 * the first use; NULL after a log line if it cannot be). */
struct jade_sim *gpu_sim(struct jade_gpu *gpu);

/* Makes the program at va the SM model's: decoded from va unless it lies
 * inside what is decoded already (compute and 3D programs share the
 * instruction cache, dropped by INVALIDATE_SHADER_CACHES(_NO_WFI)
 * .INSTRUCTION); *entry: its byte address in the decoded code.  False
 * after a fault naming `what`. */
bool gpu_load_program(struct jade_gpu *gpu, uint64_t va, uint64_t *entry, const char *what);

/* The 3D draw state's end (gpu_3d_draw.c). */
void gpu_3d_destroy(struct jade_gpu *gpu);
/* TURING_A bound to subchannel subc: its undocumented state becomes
 * unknown (gpu_3d_reset.c). */
void gpu_3d_object_bound(struct jade_gpu *gpu, unsigned subc);

/* The texture unit for a launch of subchannel subc (gpu_texture.c). */
struct jade_sim;
void gpu_texture_bind(struct jade_gpu *gpu, struct jade_sim *sim, unsigned subc,
                      bool sampler_via_header);
/* The texture unit's caches (gpu_tex_cache.c): INVALIDATE_TEXTURE_HEADER_
 * CACHE, INVALIDATE_SAMPLER_CACHE, INVALIDATE_TEXTURE_DATA_CACHE (and
 * _NO_WFI) of both classes (true if handled); a QMD's INVALIDATE_TEXTURE_*
 * bits; the texel lines dropped at a submission's end; the end. */
bool gpu_tex_cache_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data);
void gpu_tex_cache_qmd(struct jade_gpu *gpu, bool headers, bool samplers, bool data);
void gpu_tex_cache_end_submission(struct jade_gpu *gpu);
void gpu_tex_cache_destroy(struct jade_gpu *gpu);
/* The surface unit for a launch, on the headers gpu_texture_bind chose
 * (gpu_surface.c). */
void gpu_surface_bind(struct jade_gpu *gpu, struct jade_sim *sim);

/* A method the model does not implement: reported once by name, counted. */
void gpu_unimplemented(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data);

/* A comparison the GPU makes in GL's order NEVER, LESS, EQUAL, LEQUAL,
 * GREATER, NOTEQUAL, GEQUAL, ALWAYS (0..7): the sampler's
 * DEPTH_COMPARE_FUNC (clc597tex.h ZC_*) and, less 0x200 (OGL) or 1 (D3D),
 * the 3D class's depth, stencil and alpha functions. */
static inline bool
gpu_compare(unsigned func, double a, double b)
{
   switch (func) {
   case 0:
      return false;
   case 1:
      return a < b;
   case 2:
      return a == b;
   case 3:
      return a <= b;
   case 4:
      return a > b;
   case 5:
      return a != b;
   case 6:
      return a >= b;
   default:
      return true;
   }
}

#endif /* GPU_PRIVATE_H */
