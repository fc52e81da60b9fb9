/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Engine methods: every value is kept in the subchannel's method store
 * (later parts, and MME-style readers, take state from there); the methods
 * that act are run here.  Implemented: inline-to-memory (0x180..0x1b4 and
 * SET_I2M_SEMAPHORE_*, alike in TURING_A, TURING_COMPUTE_A and
 * KEPLER_INLINE_TO_MEMORY_B), the report semaphore (0x1b00..0x1b0c in 3D
 * and compute), constant-buffer loads and bind-group bindings (3D); the
 * 3D draws and CLEAR_SURFACE go to gpu_3d_method (gpu_3d_draw.c).  Any
 * other method that is not a SET_* state method is reported once by name
 * and counted.
 */

#include <string.h>

#include "nvidia/classes/cla140.h"
#include "nvidia/classes/clc597.h"
#include "nvidia/classes/clc5c0.h"

#include "util/macros.h"

#include "gpu_3d.h"
#include "gpu_private.h"

#define CLASS_3D      0xc597
#define CLASS_COMPUTE 0xc5c0
#define CLASS_I2M     0xa140

/* The I2M and report-semaphore methods sit at the same addresses in all
 * three classes (clc597.h, clc5c0.h, cla140.h); TURING_A's names stand
 * for them. */
#define M(subc, name) gpu->method[subc][NVC597_##name / 4]

void
gpu_unimplemented(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data)
{
   uint32_t cls = gpu->subc_class[subc];
   gpu->stats.unimplemented++;
   uint64_t key = (uint64_t)cls << 16 | mthd;
   if (_mesa_hash_table_u64_search(gpu->reported, key))
      return;
   _mesa_hash_table_u64_insert(gpu->reported, key, (void *)1);
   const char *name = gpu_method_name(cls, mthd);
   gpu_log(gpu,
           "method not implemented: %s (class 0x%04x, subchannel %u, method 0x%04x, "
           "data 0x%08x); reported once, counted",
           name ? name : "unknown to the class headers", cls, subc, mthd, data);
}

/* ------------------------------------------------------------ inline to memory */

static void
i2m_launch(struct jade_gpu *gpu, unsigned subc, uint32_t d)
{
   struct gpu_inline *in = &gpu->inl[subc];
   if (GPU_GET(d, NVC597_LAUNCH_DMA_DST_MEMORY_LAYOUT) !=
       NVC597_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH) {
      gpu_unimplemented(gpu, subc, NVC597_LAUNCH_DMA, d); /* block-linear destinations */
      in->active = false;
      return;
   }
   *in = (struct gpu_inline){
      .active = true,
      .dst = GPU_VA(M(subc, OFFSET_OUT_UPPER), NVC597_OFFSET_OUT_UPPER_VALUE, M(subc, OFFSET_OUT)),
      .line_bytes = M(subc, LINE_LENGTH_IN),
      .lines = M(subc, LINE_COUNT),
      .pitch = M(subc, PITCH_OUT),
   };
   if (!in->line_bytes || !in->lines)
      in->active = false;
}

static void
i2m_complete(struct jade_gpu *gpu, unsigned subc)
{
   uint32_t d = M(subc, LAUNCH_DMA);
   if (GPU_GET(d, NVC597_LAUNCH_DMA_COMPLETION_TYPE) !=
       NVC597_LAUNCH_DMA_COMPLETION_TYPE_RELEASE_SEMAPHORE)
      return;
   uint64_t va = GPU_VA(M(subc, SET_I2M_SEMAPHORE_A), NVC597_SET_I2M_SEMAPHORE_A_OFFSET_UPPER,
                        M(subc, SET_I2M_SEMAPHORE_B));
   gpu_release(gpu, va, M(subc, SET_I2M_SEMAPHORE_C),
               GPU_GET(d, NVC597_LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE) ==
                  NVC597_LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE_ONE_WORD,
               "the inline upload's semaphore");
}

/* A LOAD_INLINE_DATA word: up to 4 bytes of the current line (each line
 * starts on a new word of the stream). */
static void
i2m_data(struct jade_gpu *gpu, unsigned subc, uint32_t data)
{
   struct gpu_inline *in = &gpu->inl[subc];
   if (!in->active) {
      gpu_unimplemented(gpu, subc, NVC597_LOAD_INLINE_DATA, data); /* data with no launch */
      return;
   }
   uint32_t words_per_line = (in->line_bytes + 3) / 4;
   uint64_t word = in->done; /* counted in stream words */
   uint32_t line = word / words_per_line, in_line = (word % words_per_line) * 4;
   uint32_t n = in->line_bytes - in_line < 4 ? in->line_bytes - in_line : 4;
   uint64_t va = in->dst + (uint64_t)line * in->pitch + in_line;
   if (!gpu_write(gpu, va, &data, n, "LOAD_INLINE_DATA"))
      return;
   gpu->stats.inline_bytes += n;
   if (++in->done == (uint64_t)words_per_line * in->lines) {
      in->active = false;
      i2m_complete(gpu, subc);
   }
}

static bool
i2m_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data)
{
   switch (mthd) {
   case NVC597_LAUNCH_DMA:
      i2m_launch(gpu, subc, data);
      return true;
   case NVC597_LOAD_INLINE_DATA:
      i2m_data(gpu, subc, data);
      return true;
   default:
      return false;
   }
}

/* ------------------------------------------------------------ report semaphore */

/* The four-word layouts (envytools' rnndb notes, which nvc0's query code
 * relies on): {payload, u32 value, u64 timestamp} for ZPASS_PIXEL_CNT and
 * STREAMING_BYTE_COUNT (nvc0_hw_get_query_result reads occlusion counts
 * as "u32 sequence, u32 count, u64 time" and TFB_BUFFER_OFFSET at data[1],
 * and nvc0_tfb_validate loads the write pointer from byte 4), {u64 value,
 * u64 timestamp} for the other counters (nvc0 "u64 count, u64 time" for
 * PRIMITIVES_GENERATED/EMITTED; NVK's struct nvk_query_report); one word:
 * the counter's low 32 bits (NVK's STREAMING_BYTE_COUNT into its counter
 * buffer).  The 3D counters are gpu_3d_stream.c's; the compute class's
 * and the ones the model keeps none of read 0. */
static void
report_semaphore(struct jade_gpu *gpu, unsigned subc, uint32_t d)
{
   uint64_t va = GPU_VA(M(subc, SET_REPORT_SEMAPHORE_A), NVC597_SET_REPORT_SEMAPHORE_A_OFFSET_UPPER,
                        M(subc, SET_REPORT_SEMAPHORE_B));
   uint32_t payload = M(subc, SET_REPORT_SEMAPHORE_C);
   unsigned op = GPU_GET(d, NVC597_SET_REPORT_SEMAPHORE_D_OPERATION);
   unsigned report = GPU_GET(d, NVC597_SET_REPORT_SEMAPHORE_D_REPORT);
   bool one_word = GPU_GET(d, NVC597_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE) ==
                   NVC597_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_ONE_WORD;

   if (op != NVC597_SET_REPORT_SEMAPHORE_D_OPERATION_RELEASE &&
       op != NVC597_SET_REPORT_SEMAPHORE_D_OPERATION_REPORT_ONLY) {
      gpu_unimplemented(gpu, subc, NVC597_SET_REPORT_SEMAPHORE_D, d); /* ACQUIRE, TRAP */
      return;
   }
   bool known = false;
   uint64_t value =
      gpu->subc_class[subc] == CLASS_3D
         ? gpu_3d_report_value(gpu, report, GPU_GET(d, NVC597_SET_REPORT_SEMAPHORE_D_SUB_REPORT),
                               &known)
         : 0;
   bool is_payload = op == NVC597_SET_REPORT_SEMAPHORE_D_OPERATION_RELEASE ||
                     report == NVC597_SET_REPORT_SEMAPHORE_D_REPORT_NONE;
   if (!is_payload && !known)
      gpu_unimplemented(gpu, subc, NVC597_SET_REPORT_SEMAPHORE_D, d); /* written as 0 */
   if (one_word) {
      uint32_t v = is_payload ? payload : (uint32_t)value;
      gpu_write(gpu, va, &v, 4, "SET_REPORT_SEMAPHORE_D (one word)");
   } else {
      uint64_t t = gpu_now_ns(gpu);
      uint32_t rec[4] = {0, 0, (uint32_t)t, (uint32_t)(t >> 32)};
      if (is_payload || report == NVC597_SET_REPORT_SEMAPHORE_D_REPORT_ZPASS_PIXEL_CNT ||
          report == NVC597_SET_REPORT_SEMAPHORE_D_REPORT_STREAMING_BYTE_COUNT) {
         rec[0] = payload;
         rec[1] = is_payload ? 0 : (uint32_t)value;
      } else {
         rec[0] = (uint32_t)value, rec[1] = (uint32_t)(value >> 32);
      }
      gpu_write(gpu, va, rec, 16, "SET_REPORT_SEMAPHORE_D (four words)");
   }
   gpu->stats.semaphore_releases++;
}

/* ------------------------------------------------------------ constant buffers */

/* The buffer SET_CONSTANT_BUFFER_SELECTOR_A..C name. */
static struct gpu_cbuf
selected_constant_buffer(const struct jade_gpu *gpu, unsigned subc)
{
   return (struct gpu_cbuf){
      .size = GPU_GET(M(subc, SET_CONSTANT_BUFFER_SELECTOR_A),
                      NVC597_SET_CONSTANT_BUFFER_SELECTOR_A_SIZE),
      .addr = GPU_VA(M(subc, SET_CONSTANT_BUFFER_SELECTOR_B),
                     NVC597_SET_CONSTANT_BUFFER_SELECTOR_B_ADDRESS_UPPER,
                     M(subc, SET_CONSTANT_BUFFER_SELECTOR_C)),
   };
}

/* Each word goes to the selected buffer at LOAD_CONSTANT_BUFFER_OFFSET,
 * which advances by 4 (the 16 data methods exist so that incrementing
 * packets work too). */
static void
load_constant(struct jade_gpu *gpu, unsigned subc, uint32_t data)
{
   struct gpu_cbuf sel = selected_constant_buffer(gpu, subc);
   uint32_t size = sel.size;
   uint64_t base = sel.addr;
   uint32_t offset =
      GPU_GET(M(subc, LOAD_CONSTANT_BUFFER_OFFSET), NVC597_LOAD_CONSTANT_BUFFER_OFFSET_V);
   M(subc, LOAD_CONSTANT_BUFFER_OFFSET) = offset + 4;
   if (offset + 4 > size) {
      /* What the hardware does past SIZE is not documented: the model drops
       * the word and says so. */
      gpu_log(gpu,
              "LOAD_CONSTANT_BUFFER past the selected size (offset 0x%x, size 0x%x): "
              "dropped",
              offset, size);
      gpu->stats.unimplemented++;
      return;
   }
   if (gpu_write(gpu, base + offset, &data, 4, "LOAD_CONSTANT_BUFFER"))
      gpu->stats.constant_words++;
}

/* BIND_GROUP_CONSTANT_BUFFER(j): the buffer the selector holds (size and
 * address) to slot SHADER_SLOT of group j, or the slot emptied. */
static void
bind_constant(struct jade_gpu *gpu, unsigned subc, unsigned group, uint32_t d)
{
   unsigned slot = GPU_GET(d, NVC597_BIND_GROUP_CONSTANT_BUFFER_SHADER_SLOT);
   if (slot >= GPU_CBUF_SLOTS) {
      gpu_unimplemented(gpu, subc, NVC597_BIND_GROUP_CONSTANT_BUFFER(group), d);
      return;
   }
   struct gpu_cbuf *cb = &gpu->cb3d[group][slot];
   *cb = selected_constant_buffer(gpu, subc);
   cb->valid = GPU_GET(d, NVC597_BIND_GROUP_CONSTANT_BUFFER_VALID);
}

bool
jade_gpu_constant_buffer(const struct jade_gpu *gpu, unsigned group, unsigned slot, uint64_t *addr,
                         uint32_t *size)
{
   if (group >= GPU_BIND_GROUPS || slot >= GPU_CBUF_SLOTS || !gpu->cb3d[group][slot].valid)
      return false;
   *addr = gpu->cb3d[group][slot].addr;
   *size = gpu->cb3d[group][slot].size;
   return true;
}

/* ------------------------------------------------------------ dispatch */

/* What a method nothing below handles is, from its class-header name:
 * state (SET_* and OGL_SET_*, and the operands of the methods that act,
 * read from the store when they do), an action with nothing to do here
 * (the model completes each method before the next and its memory is
 * coherent), or unimplemented. */
enum gpu_passive { PASSIVE_UNIMPLEMENTED, PASSIVE_STATE, PASSIVE_NOTHING_TO_DO };

static enum gpu_passive
classify(uint32_t cls, uint32_t mthd)
{
   static const char *const operands[] = {
      "LINE_LENGTH_IN", "LINE_COUNT", "OFFSET_OUT_UPPER",
      "OFFSET_OUT",     "PITCH_OUT",  "LOAD_CONSTANT_BUFFER_OFFSET",
   };
   static const char *const no_ops[] = {"NO_OPERATION", "WAIT_FOR_IDLE", "PIPE_NOP", "SET_OBJECT"};
   const char *name = gpu_method_name(cls, mthd);
   const char *bare = name ? strchr(name, '_') : NULL; /* after "NVC597" */
   if (!bare)
      return PASSIVE_UNIMPLEMENTED;
   bare++;
   for (unsigned i = 0; i < ARRAY_SIZE(no_ops); i++) {
      if (!strcmp(bare, no_ops[i]))
         return PASSIVE_NOTHING_TO_DO;
   }
   if (!strncmp(bare, "INVALIDATE_", 11))
      return PASSIVE_NOTHING_TO_DO;
   if (!strncmp(bare, "SET_", 4) || !strncmp(bare, "OGL_SET_", 8))
      return PASSIVE_STATE;
   for (unsigned i = 0; i < ARRAY_SIZE(operands); i++) {
      if (!strcmp(bare, operands[i]))
         return PASSIVE_STATE;
   }
   return PASSIVE_UNIMPLEMENTED;
}

static const uint32_t engine_classes[3] = {CLASS_3D, CLASS_COMPUTE, CLASS_I2M};

void
gpu_engine_init(struct jade_gpu *gpu)
{
   for (unsigned c = 0; c < ARRAY_SIZE(engine_classes); c++) {
      for (uint32_t m = 0; m < GPU_METHODS; m++)
         gpu->passive[c][m] = classify(engine_classes[c], m * 4);
   }
}

/* Index of an engine class in gpu->passive, or -1. */
static int
engine_index(uint32_t cls)
{
   for (unsigned c = 0; c < ARRAY_SIZE(engine_classes); c++) {
      if (engine_classes[c] == cls)
         return c;
   }
   return -1;
}

void
gpu_engine_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data)
{
   uint32_t cls = gpu->subc_class[subc];
   gpu->method[subc][mthd / 4] = data;

   const int engine = engine_index(cls);
   if (engine >= 0 && i2m_method(gpu, subc, mthd, data))
      return;
   if (gpu_tex_cache_method(gpu, subc, mthd, data))
      return;
   if (gpu_compute_method(gpu, subc, mthd, data))
      return;
   if (gpu_3d_method(gpu, subc, mthd, data))
      return;
   if ((cls == CLASS_3D || cls == CLASS_COMPUTE) && mthd == NVC597_SET_REPORT_SEMAPHORE_D) {
      report_semaphore(gpu, subc, data);
      return;
   }
   if (cls == CLASS_3D && mthd >= NVC597_LOAD_CONSTANT_BUFFER(0) &&
       mthd <= NVC597_LOAD_CONSTANT_BUFFER(15)) {
      load_constant(gpu, subc, data);
      return;
   }
   if (cls == CLASS_3D && mthd >= NVC597_BIND_GROUP_CONSTANT_BUFFER(0) &&
       mthd <= NVC597_BIND_GROUP_CONSTANT_BUFFER(GPU_BIND_GROUPS - 1) &&
       (mthd - NVC597_BIND_GROUP_CONSTANT_BUFFER(0)) % 32 == 0) {
      bind_constant(gpu, subc, (mthd - NVC597_BIND_GROUP_CONSTANT_BUFFER(0)) / 32, data);
      return;
   }
   if (engine >= 0 && gpu->passive[engine][mthd / 4] != PASSIVE_UNIMPLEMENTED)
      return; /* stored above; the parts that use it read it there */
   gpu_unimplemented(gpu, subc, mthd, data);
}

void
gpu_method(struct jade_gpu *gpu, unsigned subc, uint32_t mthd, uint32_t data)
{
   gpu->stats.methods++;
   if (gpu->env.trace_methods) {
      const char *name = gpu_method_name(mthd < 0x100 ? 0xc46f : gpu->subc_class[subc], mthd);
      gpu_log(gpu, "subchannel %u: %s (0x%04x) = 0x%08x", subc, name ? name : "?", mthd, data);
   }
   if (mthd / 4 >= GPU_METHODS)
      return;
   if (gpu_host_method(gpu, subc, mthd, data))
      return;
   gpu_engine_method(gpu, subc, mthd, data);
}
