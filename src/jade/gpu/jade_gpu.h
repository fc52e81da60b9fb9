/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * A software Turing GPU that executes command streams, written from the
 * hardware's side: it reads GPFIFO entries, method headers and methods as
 * NVIDIA's class headers (src/nouveau/headers/nvidia/classes) and
 * open-gpu-doc describe them, never from the driver's code or layouts.
 * docs/gpu-model.md says which source each behaviour follows.
 *
 * This part is the front end: GPFIFO entries, every method header form,
 * subchannels bound by SET_OBJECT, a method store per subchannel, host
 * semaphores, the 3D/compute report semaphore, inline-to-memory uploads
 * and constant-buffer loads; compute launches (QMD V02_02) run on the SM
 * model (src/jade/sim).  Memory is reached through the caller's
 * translation of GPU virtual addresses (the shim's VM_BIND mappings); an
 * access outside them is a fault that stops the channel, as the kernel
 * kills a faulting channel.
 */

#ifndef JADE_GPU_H
#define JADE_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jade_sim.h"

#ifdef __cplusplus
extern "C" {
#endif

struct jade_gpu_env {
   void *data;
   /* A CPU pointer to [va, va + size) if all of it lies inside one
    * mapping, else NULL (a fault). */
   void *(*translate)(void *data, uint64_t va, uint64_t size);
   /* Bytes mapped from va to the end of its mapping (0 if unmapped): how
    * much code may follow a program address.  NULL: 64 KiB are tried. */
   uint64_t (*extent)(void *data, uint64_t va);
   /* Nanoseconds for timestamps (PTIMER); NULL: the host's monotonic clock. */
   uint64_t (*now_ns)(void *data);
   /* One line of diagnostics (no newline); NULL: stderr. */
   void (*log)(void *data, const char *line);
   /* The chip's TPCs (what the kernel reports as GRAPH_UNITS); 0: TU102's
    * 34.  The 3D class's local memory is sized for all of them. */
   unsigned tpc_count;

   /* Debugging (JADE_SIM_DEBUG in the executing shim). */
   bool trace_methods;  /* log every method write with its name */
   bool abort_on_fault; /* abort() at the first fault, for a debugger */
   int hazards;         /* the SM model's checker: enum jade_sim_hazard_mode */
   /* A directory (JADE_SIM_DUMP in the executing shim): at the end of
    * each submission every colour target it wrote is written there as a
    * PNG (gpu_dump.c, docs/debugging.md).  NULL: no dumps. */
   const char *dump_dir;
};

struct jade_gpu_fault {
   bool valid;
   uint64_t va;   /* the address the access started at */
   uint32_t size; /* bytes */
   bool write;
   char what[320]; /* the method or instruction that faulted */
};

struct jade_gpu_stats {
   uint64_t methods;             /* method writes decoded */
   uint64_t unimplemented;       /* of them, writes of methods the model lacks */
   uint64_t semaphore_releases;  /* host and report semaphores */
   uint64_t inline_bytes;        /* written by inline-to-memory */
   uint64_t constant_words;      /* written by LOAD_CONSTANT_BUFFER */
   uint64_t compute_launches;    /* QMDs run on the SM model */
   uint64_t thread_instructions; /* executed by the SM model */
};

struct jade_gpu;

struct jade_gpu *jade_gpu_create(const struct jade_gpu_env *env);
void jade_gpu_destroy(struct jade_gpu *gpu);

/* Runs one GPFIFO entry (GP_ENTRY0, GP_ENTRY1 as clc46f.h defines them):
 * the pushbuffer segment it points to, or a control entry.  False if the
 * channel faulted, now or before (a killed channel runs nothing more). */
bool jade_gpu_run_gp_entry(struct jade_gpu *gpu, uint32_t entry0, uint32_t entry1);

/* Runs a segment of `dwords` method words at `va` (what a GP entry points
 * to).  False as above. */
bool jade_gpu_run_segment(struct jade_gpu *gpu, uint64_t va, uint32_t dwords);

/* The end of a submission (an EXEC: its GP entries or segments have run):
 * with env.dump_dir, the colour targets the submission wrote are dumped
 * as PNG files.  Submissions are numbered over the whole process. */
void jade_gpu_end_submission(struct jade_gpu *gpu);

/* Whether PNG dumps are compiled in (libpng was found at build time). */
bool jade_gpu_dump_supported(void);

/* The first fault of the channel, or NULL. */
const struct jade_gpu_fault *jade_gpu_fault(const struct jade_gpu *gpu);

/* "write of 4 bytes at 0x... by WHAT", or "at 0x...: WHAT" for a fault that
 * is not a memory access. */
void jade_gpu_fault_describe(const struct jade_gpu_fault *f, char *buf, size_t size);

/* The class bound to a subchannel (0 if none) and the last value written
 * to one of its methods (byte address). */
uint32_t jade_gpu_subchannel_class(const struct jade_gpu *gpu, unsigned subc);
uint32_t jade_gpu_method_value(const struct jade_gpu *gpu, unsigned subc, uint32_t mthd);

const struct jade_gpu_stats *jade_gpu_stats(const struct jade_gpu *gpu);

/* The texture unit on its own (for tests): what TLD or TXQ (req->query)
 * returns for req, with the texture header pool of subchannel subc.  False
 * with a message in err on a bad header or a fault. */
bool jade_gpu_texel(struct jade_gpu *gpu, unsigned subc, const struct jade_sim_texel_request *req,
                    uint32_t texel[4], char *err, size_t err_size);

/* The surface unit on its own (for tests): what SULD, SUST, SUATOM or
 * SURED does for req (reading and writing the memory), with the texture
 * header pool of subchannel subc.  False with a message in err on a bad
 * header, a trap or a fault. */
bool jade_gpu_surface(struct jade_gpu *gpu, unsigned subc,
                      const struct jade_sim_surface_request *req, uint32_t out[4], char *err,
                      size_t err_size);

/* The constant buffer bound to slot `slot` of 3D bind group `group`
 * (BIND_GROUP_CONSTANT_BUFFER); false if none is. */
bool jade_gpu_constant_buffer(const struct jade_gpu *gpu, unsigned group, unsigned slot,
                              uint64_t *addr, uint32_t *size);

/* A run of vertices the 3D pipeline hands the rasteriser (tests): its
 * topology (NVC597_BEGIN_OP_*), its vertices' output attribute words in
 * the order the topology consumes them (JADE_SIM_ATTR_WORDS each, by
 * attribute address / 4), its instance, the primitive id of its first
 * primitive (of a geometry stage's strip: its input primitive's), its
 * vertex stream (a geometry stage's runs of every stream are handed on,
 * only those of SET_RASTER_INPUT's stream are rasterised). */
struct jade_gpu_run {
   unsigned topology;
   const uint32_t (*attr)[JADE_SIM_ATTR_WORDS];
   unsigned count;
   uint32_t instance;
   uint32_t primitive_id;
   unsigned stream;
};

/* Called with every run before it is rasterised; returning true takes
 * the run (it is not rasterised).  NULL: no hook. */
typedef bool (*jade_gpu_run_fn)(void *data, const struct jade_gpu_run *run);
void jade_gpu_set_run_hook(struct jade_gpu *gpu, jade_gpu_run_fn fn, void *data);

#ifdef __cplusplus
}
#endif

#endif /* JADE_GPU_H */
