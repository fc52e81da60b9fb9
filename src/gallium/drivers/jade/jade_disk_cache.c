/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Compiled shaders kept on disk through Mesa's disk_cache (the cache
 * st/mesa keeps its NIR in too: pipe_screen::get_disk_shader_cache).  An
 * entry is keyed by the shader's serialised NIR and the compiler options
 * that change code, under a cache named by the driver's build id, so a
 * rebuilt driver never reads an older one's entries.  It holds the whole
 * binary (jade_binary_serialize): a hit links and patches exactly as the
 * compile would have.  An entry that does not read back whole is
 * removed and the shader compiled again.
 *
 * Mesa's switches apply: MESA_SHADER_CACHE_DISABLE, MESA_SHADER_CACHE_DIR,
 * MESA_SHADER_CACHE_MAX_SIZE.  JADE_DEBUG=cache logs every lookup.
 */

#include <stdio.h>

#include "compiler/nir/nir_serialize.h"
#include "util/blob.h"
#include "util/build_id.h"
#include "util/disk_cache.h"
#include "util/disk_cache_os.h"
#include "util/log.h"
#include "util/mesa-sha1.h"
#include "util/u_atomic.h"

#include "jade/jade_compiler.h"

#include "jade_debug.h"
#include "jade_disk_cache.h"
#include "jade_screen.h"

void
jade_disk_cache_init(struct jade_screen *screen)
{
#ifdef ENABLE_SHADER_CACHE
   /* disk_cache_create makes a cache that keeps nothing when the user
    * turned it off; no cache at all spares every compile its key. */
   if (!disk_cache_enabled())
      return;
   struct mesa_sha1 ctx;
   unsigned char sha1[SHA1_DIGEST_LENGTH];
   _mesa_sha1_init(&ctx);
   if (!disk_cache_get_function_identifier(jade_disk_cache_init, &ctx))
      return;
   _mesa_sha1_final(&ctx, sha1);
   char build_id[SHA1_DIGEST_STRING_LENGTH];
   _mesa_sha1_format(build_id, sha1);

   char name[32];
   snprintf(name, sizeof(name), "jade_%s", screen->dev->chip_name);
   screen->disk_cache = disk_cache_create(name, build_id, 0);
#endif
}

bool
jade_disk_cache_key(struct jade_screen *screen, const struct nir_shader *nir,
                    const struct jade_compiler_options *options, cache_key key)
{
   if (!screen->disk_cache)
      return false;
   struct blob blob;
   blob_init(&blob);
   nir_serialize(&blob, nir, true);
   /* The options that change what is compiled (print_ir and validate
    * only check or show the compile). */
   blob_write_uint8(&blob, options->serial);
   blob_write_uint8(&blob, options->bools_in_gprs);
   blob_write_uint8(&blob, options->clip_from_position);
   blob_write_uint32(&blob, options->max_gprs);
   const bool ok = !blob.out_of_memory;
   if (ok)
      disk_cache_compute_key(screen->disk_cache, blob.data, blob.size, key);
   blob_finish(&blob);
   return ok;
}

struct jade_shader_binary *
jade_disk_cache_load(struct jade_screen *screen, const cache_key key, void *mem_ctx)
{
   size_t size;
   void *data = disk_cache_get(screen->disk_cache, key, &size);
   if (!data) {
      if (jade_debug(JADE_DEBUG_CACHE))
         fprintf(stderr, "jade: cache: miss\n");
      return NULL;
   }
   struct jade_shader_binary *bin = jade_binary_deserialize(mem_ctx, data, size);
   free(data);
   if (!bin) {
      mesa_logw("jade: shader cache: an entry of %zu bytes does not read back whole (corrupt "
                "or truncated): removed, the shader is compiled again",
                size);
      disk_cache_remove(screen->disk_cache, key);
      return NULL;
   }
   p_atomic_inc(&screen->disk_cache_hits);
   if (jade_debug(JADE_DEBUG_CACHE))
      fprintf(stderr, "jade: cache: hit, %zu bytes\n", size);
   return bin;
}

void
jade_disk_cache_store(struct jade_screen *screen, const cache_key key,
                      const struct jade_shader_binary *bin)
{
   struct blob blob;
   blob_init(&blob);
   jade_binary_serialize(&blob, bin);
   if (!blob.out_of_memory) {
      disk_cache_put(screen->disk_cache, key, blob.data, blob.size, NULL);
      if (jade_debug(JADE_DEBUG_CACHE))
         fprintf(stderr, "jade: cache: stored %zu bytes\n", blob.size);
   }
   blob_finish(&blob);
}
