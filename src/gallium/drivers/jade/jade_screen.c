/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The pipe_screen: device identity, shader limits, formats and the hooks
 * that do not need a context.  Caps live in jade_screen_caps.c.
 */

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "drm-uapi/nouveau_drm.h"
#include "util/os_time.h"
#include "util/u_cpu_detect.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/u_screen.h"
#include "util/u_threaded_context.h"

#include "jade_context.h"
#include "jade_disk_cache.h"
#include "jade_fence.h"
#include "jade_formats.h"
#include "jade_resource.h"
#include "jade/jade_compiler.h"
#include "jade_query.h"
#include "jade_screen.h"
#include "jade_shader.h"

static const char *
jade_get_name(struct pipe_screen *pscreen)
{
   return jade_screen(pscreen)->renderer;
}

static const char *
jade_get_vendor(struct pipe_screen *pscreen)
{
   return "NVIDIA";
}

static int
jade_get_screen_fd(struct pipe_screen *pscreen)
{
   return jade_screen(pscreen)->dev->fd;
}

static int
jade_get_shader_param(struct pipe_screen *pscreen, enum pipe_shader_type shader,
                      enum pipe_shader_cap param)
{
   switch (shader) {
   case PIPE_SHADER_VERTEX:
   case PIPE_SHADER_TESS_CTRL:
   case PIPE_SHADER_TESS_EVAL:
   case PIPE_SHADER_GEOMETRY:
   case PIPE_SHADER_FRAGMENT:
   case PIPE_SHADER_COMPUTE:
      break;
   default:
      return 0;
   }
   switch (param) {
   case PIPE_SHADER_CAP_MAX_INSTRUCTIONS:
   case PIPE_SHADER_CAP_MAX_ALU_INSTRUCTIONS:
   case PIPE_SHADER_CAP_MAX_TEX_INSTRUCTIONS:
   case PIPE_SHADER_CAP_MAX_TEX_INDIRECTIONS:
      return 16384;
   case PIPE_SHADER_CAP_MAX_CONTROL_FLOW_DEPTH:
      return 16384;
   case PIPE_SHADER_CAP_MAX_INPUTS:
      /* 32 generic attribute vectors in and out of every stage. */
      return shader == PIPE_SHADER_COMPUTE ? 0 : shader == PIPE_SHADER_VERTEX ? 16 : 32;
   case PIPE_SHADER_CAP_MAX_OUTPUTS:
      return shader == PIPE_SHADER_COMPUTE ? 0 : shader == PIPE_SHADER_FRAGMENT ? 8 : 32;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFER0_SIZE:
      return 64 * 1024;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFERS:
      /* c[0..14] for the API, c[15] the driver's.  Compute launches bind
       * only c[0..7] (the QMD's slots; c[7] the driver's): its UBOs 7..14
       * are read from global memory. */
      return 15;
   case PIPE_SHADER_CAP_MAX_SHADER_BUFFERS:
      /* Addresses in each stage's driver bank (jade_state_shader_resources.c). */
      return JADE_MAX_SSBOS;
   case PIPE_SHADER_CAP_MAX_SHADER_IMAGES:
      return JADE_MAX_IMAGES;
   case PIPE_SHADER_CAP_MAX_TEMPS:
      return 128;
   case PIPE_SHADER_CAP_CONT_SUPPORTED:
   case PIPE_SHADER_CAP_INDIRECT_TEMP_ADDR:
   case PIPE_SHADER_CAP_INDIRECT_CONST_ADDR:
   case PIPE_SHADER_CAP_INTEGERS:
      return 1;
   case PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS:
   case PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS:
      return 16;
   case PIPE_SHADER_CAP_SUPPORTED_IRS:
      return 1 << PIPE_SHADER_IR_NIR;
   default:
      return 0;
   }
}

#define COMPUTE_CAP(type, ...)                                                                     \
   do {                                                                                            \
      const type values[] = {__VA_ARGS__};                                                         \
      if (ret)                                                                                     \
         memcpy(ret, values, sizeof(values));                                                      \
      return sizeof(values);                                                                       \
   } while (0)

static int
jade_get_compute_param(struct pipe_screen *pscreen, enum pipe_shader_ir ir,
                       enum pipe_compute_cap param, void *ret)
{
   struct jade_dev *dev = jade_screen(pscreen)->dev;
   switch (param) {
   case PIPE_COMPUTE_CAP_ADDRESS_BITS:
      COMPUTE_CAP(uint32_t, 64);
   case PIPE_COMPUTE_CAP_IR_TARGET:
      if (ret)
         strcpy(ret, "sm_75");
      return strlen("sm_75") + 1;
   case PIPE_COMPUTE_CAP_GRID_DIMENSION:
      COMPUTE_CAP(uint64_t, 3);
   case PIPE_COMPUTE_CAP_MAX_GRID_SIZE:
      /* QMD CTA_RASTER_WIDTH is 32 bits, HEIGHT and DEPTH 16. */
      COMPUTE_CAP(uint64_t, 0x7fffffff, 65535, 65535);
   case PIPE_COMPUTE_CAP_MAX_BLOCK_SIZE:
      COMPUTE_CAP(uint64_t, 1024, 1024, 64);
   case PIPE_COMPUTE_CAP_MAX_THREADS_PER_BLOCK:
      COMPUTE_CAP(uint64_t, 1024);
   case PIPE_COMPUTE_CAP_MAX_VARIABLE_THREADS_PER_BLOCK:
      COMPUTE_CAP(uint64_t, 0);
   case PIPE_COMPUTE_CAP_MAX_LOCAL_SIZE:
      /* Shared memory per block (Turing: up to 64 KiB of the SM's). */
      COMPUTE_CAP(uint64_t, 48 * 1024);
   case PIPE_COMPUTE_CAP_MAX_PRIVATE_SIZE:
      COMPUTE_CAP(uint64_t, 512 * 1024);
   case PIPE_COMPUTE_CAP_MAX_INPUT_SIZE:
      COMPUTE_CAP(uint64_t, 4096);
   case PIPE_COMPUTE_CAP_MAX_GLOBAL_SIZE:
   case PIPE_COMPUTE_CAP_MAX_MEM_ALLOC_SIZE:
      COMPUTE_CAP(uint64_t, dev->vram_size_B);
   case PIPE_COMPUTE_CAP_MAX_CLOCK_FREQUENCY:
      COMPUTE_CAP(uint32_t, 1500);
   case PIPE_COMPUTE_CAP_MAX_COMPUTE_UNITS:
      COMPUTE_CAP(uint32_t, 72);
   case PIPE_COMPUTE_CAP_IMAGES_SUPPORTED:
      COMPUTE_CAP(uint32_t, 1);
   case PIPE_COMPUTE_CAP_SUBGROUP_SIZES:
      COMPUTE_CAP(uint32_t, 32);
   case PIPE_COMPUTE_CAP_MAX_SUBGROUPS:
      COMPUTE_CAP(uint32_t, 32);
   default:
      return 0;
   }
}

static const void *
jade_get_compiler_options(struct pipe_screen *pscreen, enum pipe_shader_ir ir,
                          enum pipe_shader_type shader)
{
   return jade_nir_options();
}

static uint64_t
jade_get_timestamp(struct pipe_screen *pscreen)
{
   uint64_t value;
   if (jade_dev_get_param(jade_screen(pscreen)->dev, NOUVEAU_GETPARAM_PTIMER_TIME, &value) == 0)
      return value;
   return os_time_get_nano();
}

static void
jade_query_memory_info(struct pipe_screen *pscreen, struct pipe_memory_info *info)
{
   struct jade_dev *dev = jade_screen(pscreen)->dev;
   memset(info, 0, sizeof(*info));
   info->total_device_memory = dev->vram_size_B >> 10;
   info->avail_device_memory = dev->vram_size_B >> 10;
   info->total_staging_memory = dev->gart_size_B >> 10;
   info->avail_staging_memory = dev->gart_size_B >> 10;
}

/* Compiler threads: by default one fewer than the CPUs (the application's
 * thread has work of its own), at least one; glMaxShaderCompilerThreadsKHR
 * sets the count (0: compile on the creating thread; ~0: the default). */
#define JADE_MAX_COMPILE_THREADS 16

static unsigned
default_compile_threads(void)
{
   return CLAMP(util_get_cpu_caps()->nr_cpus - 1, 1, JADE_MAX_COMPILE_THREADS);
}

/* The queue is made at the first compile it runs (a program that
 * compiles only synchronously, shader-db under its debug callback, never
 * has the threads), and anew for a new count: util_queue grows a queue up
 * to the count it was made with, whatever it was adjusted to since. */
static void
jade_set_max_shader_compiler_threads(struct pipe_screen *pscreen, unsigned threads)
{
   struct jade_screen *screen = jade_screen(pscreen);
   threads =
      threads == UINT_MAX ? default_compile_threads() : MIN2(threads, JADE_MAX_COMPILE_THREADS);
   simple_mtx_lock(&screen->compile_queue_lock);
   if (threads != screen->compile_threads && util_queue_is_initialized(&screen->compile_queue)) {
      util_queue_finish(&screen->compile_queue);
      util_queue_destroy(&screen->compile_queue);
      /* util_queue_is_initialized looks at what destroy leaves behind. */
      memset(&screen->compile_queue, 0, sizeof(screen->compile_queue));
   }
   screen->compile_threads = threads;
   simple_mtx_unlock(&screen->compile_queue_lock);
}

bool
jade_screen_queue_compile(struct jade_screen *screen, void *job, struct util_queue_fence *fence,
                          util_queue_execute_func execute)
{
   simple_mtx_lock(&screen->compile_queue_lock);
   struct util_queue *queue = &screen->compile_queue;
   if (screen->compile_threads && !util_queue_is_initialized(queue)) {
      const unsigned flags =
         UTIL_QUEUE_INIT_RESIZE_IF_FULL | UTIL_QUEUE_INIT_SET_FULL_THREAD_AFFINITY;
      if (!util_queue_init(queue, "jade_compile", 64, screen->compile_threads, flags, NULL))
         screen->compile_threads = 0; /* on the creating thread from now on */
   }
   const bool queued = screen->compile_threads != 0;
   if (queued)
      util_queue_add_job(queue, job, fence, execute, NULL, 0);
   simple_mtx_unlock(&screen->compile_queue_lock);
   return queued;
}

static bool
jade_is_parallel_shader_compilation_finished(struct pipe_screen *pscreen, void *shader,
                                             enum pipe_shader_type type)
{
   return util_queue_fence_is_signalled(&((struct jade_shader *)shader)->ready);
}

static struct disk_cache *
jade_get_disk_shader_cache(struct pipe_screen *pscreen)
{
   return jade_screen(pscreen)->disk_cache;
}

static void
jade_screen_destroy(struct pipe_screen *pscreen)
{
   struct jade_screen *screen = jade_screen(pscreen);
   if (util_queue_is_initialized(&screen->compile_queue)) {
      util_queue_finish(&screen->compile_queue);
      util_queue_destroy(&screen->compile_queue);
   }
   simple_mtx_destroy(&screen->compile_queue_lock);
   disk_cache_destroy(screen->disk_cache);
   util_idalloc_mt_fini(&screen->buffer_ids);
   slab_destroy_parent(&screen->transfer_pool);
   jade_bo_cache_fini(&screen->bo_cache);
   jade_dev_destroy(screen->dev);
   FREE(screen);
}

struct pipe_screen *
jade_screen_create(int fd, const struct pipe_screen_config *config, struct renderonly *ro)
{
   struct jade_screen *screen = CALLOC_STRUCT(jade_screen);
   if (!screen)
      return NULL;

   jade_bo_cache_init(&screen->bo_cache);
   util_idalloc_mt_init_tc(&screen->buffer_ids);
   slab_create_parent(&screen->transfer_pool, sizeof(struct threaded_transfer), 16);
   if (jade_dev_create(fd, &screen->dev)) {
      util_idalloc_mt_fini(&screen->buffer_ids);
      slab_destroy_parent(&screen->transfer_pool);
      slab_destroy_parent(&screen->transfer_pool);
      FREE(screen);
      return NULL;
   }

   snprintf(screen->renderer, sizeof(screen->renderer), "Jade (%s)", screen->dev->chip_name);
   jade_disk_cache_init(screen);
   simple_mtx_init(&screen->compile_queue_lock, mtx_plain);

   struct pipe_screen *pscreen = &screen->base;
   pscreen->destroy = jade_screen_destroy;
   pscreen->get_name = jade_get_name;
   pscreen->get_vendor = jade_get_vendor;
   pscreen->get_device_vendor = jade_get_vendor;
   pscreen->get_screen_fd = jade_get_screen_fd;
   pscreen->get_shader_param = jade_get_shader_param;
   pscreen->get_compute_param = jade_get_compute_param;
   pscreen->get_compiler_options = jade_get_compiler_options;
   pscreen->get_timestamp = jade_get_timestamp;
   pscreen->query_memory_info = jade_query_memory_info;
   pscreen->is_format_supported = jade_is_format_supported;
   pscreen->context_create = jade_context_create;
   pscreen->get_disk_shader_cache = jade_get_disk_shader_cache;
   pscreen->set_max_shader_compiler_threads = jade_set_max_shader_compiler_threads;
   pscreen->is_parallel_shader_compilation_finished = jade_is_parallel_shader_compilation_finished;
   /* Before the caps: u_screen enables AMD_performance_monitor from them. */
   pscreen->get_driver_query_info = jade_get_driver_query_info;
   pscreen->get_driver_query_group_info = jade_get_driver_query_group_info;

   jade_screen_init_resource_functions(pscreen);
   jade_screen_init_fence_functions(pscreen);
   jade_screen_init_caps(screen);
   jade_set_max_shader_compiler_threads(pscreen, UINT_MAX);

   return pscreen;
}
