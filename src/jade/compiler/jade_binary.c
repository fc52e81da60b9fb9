/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * A compiled binary as bytes, for the driver's disk cache: everything
 * jade_compile returns (code, statistics, I/O signature, patch sites,
 * header fields), so a binary read back links and patches as the one
 * compiled.  One field list, `transfer_binary`, both writes and reads,
 * so the two directions cannot drift apart.  What is read is checked
 * before it is trusted: a SHA-1 over the payload, then every count and
 * offset against the code it describes (a cache file can be truncated,
 * corrupted or written by another build).
 */

#include <string.h>

#include "compiler/shader_enums.h"
#include "util/blob.h"
#include "util/mesa-sha1.h"
#include "util/macros.h"
#include "util/ralloc.h"

#include "jade/jade_compiler.h"

/* 'JADB' and the layout's version: a change to the field list below
 * bumps it (the driver's build id keys the cache as well). */
#define BINARY_MAGIC   0x4244414au
#define BINARY_VERSION 1u
#define MAX_CODE_B     (16u << 20)
#define MAX_PATCHES    (1u << 16)

/* Writes to `w`, or reads from `r` (exactly one of them set). */
struct transfer {
   struct blob *w;
   struct blob_reader *r;
   bool bad; /* a value read is out of range */
};

static void
xfer_bytes(struct transfer *x, void *p, size_t n)
{
   if (x->w)
      blob_write_bytes(x->w, p, n);
   else
      blob_copy_bytes(x->r, p, n);
}

static void
xfer_u32(struct transfer *x, uint32_t *v)
{
   if (x->w)
      blob_write_uint32(x->w, *v);
   else
      *v = blob_read_uint32(x->r);
}

static void
xfer_words(struct transfer *x, uint32_t *v, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      xfer_u32(x, &v[i]);
}

static void
xfer_unsigned(struct transfer *x, unsigned *v)
{
   uint32_t u = *v;
   xfer_u32(x, &u);
   *v = u;
}

static void
xfer_u16(struct transfer *x, uint16_t *v)
{
   uint32_t u = *v;
   xfer_u32(x, &u);
   x->bad |= u > UINT16_MAX;
   *v = (uint16_t)u;
}

static void
xfer_u8(struct transfer *x, uint8_t *v)
{
   uint32_t u = *v;
   xfer_u32(x, &u);
   x->bad |= u > UINT8_MAX;
   *v = (uint8_t)u;
}

static void
xfer_bool(struct transfer *x, bool *v)
{
   uint32_t u = *v;
   xfer_u32(x, &u);
   x->bad |= u > 1;
   *v = u;
}

static void
xfer_io(struct transfer *x, struct jade_io_signature *io)
{
   xfer_words(x, io->inputs, ARRAY_SIZE(io->inputs));
   xfer_words(x, io->outputs, ARRAY_SIZE(io->outputs));
   xfer_words(x, io->const_outputs, ARRAY_SIZE(io->const_outputs));
   xfer_words(x, io->const_value, ARRAY_SIZE(io->const_value));
   xfer_bytes(x, io->interp, sizeof(io->interp));
   for (unsigned i = 0; i < ARRAY_SIZE(io->interp); i++)
      x->bad |= io->interp[i] > JADE_INTERP_FLAT;
   xfer_words(x, io->centroid, ARRAY_SIZE(io->centroid));
   xfer_words(x, io->shade_model, ARRAY_SIZE(io->shade_model));
   xfer_u32(x, &io->color_written);
   xfer_bool(x, &io->color_broadcast);
   xfer_bool(x, &io->depth_written);
   xfer_bool(x, &io->sample_mask_written);
   xfer_bool(x, &io->uses_sample_shading);
   xfer_bool(x, &io->uses_discard);
   xfer_bool(x, &io->uses_frag_coord);
   xfer_words(x, io->patch_inputs, ARRAY_SIZE(io->patch_inputs));
   xfer_words(x, io->patch_outputs, ARRAY_SIZE(io->patch_outputs));
   xfer_bool(x, &io->clip_from_planes);
}

/* A patch site names instructions of this code and attribute words. */
static bool
patch_fits(const struct jade_patch_site *p, size_t code_size)
{
   const bool mul_ok = p->mul_offset == JADE_PATCH_NO_MUL ||
                       (p->mul_offset % 16 == 0 && p->mul_offset + 16 <= code_size);
   return p->offset % 16 == 0 && p->offset + 16 <= code_size && mul_ok &&
          p->kind <= JADE_PATCH_COLOR_CLAMP && p->word + p->count <= JADE_ATTR_WORDS &&
          p->depends < JADE_DEP_CLAMP_COLOR << 1;
}

static void
transfer_binary(struct transfer *x, void *mem_ctx, struct jade_shader_binary *bin)
{
   xfer_unsigned(x, &bin->stage);
   x->bad |= bin->stage > MESA_SHADER_COMPUTE;
   xfer_unsigned(x, &bin->shared_size);
   xfer_unsigned(x, &bin->local_size);
   xfer_bool(x, &bin->writes_global);
   xfer_bool(x, &bin->accesses_global);

   struct jade_shader_stats *s = &bin->stats;
   xfer_unsigned(x, &s->instructions);
   xfer_unsigned(x, &s->loops);
   xfer_unsigned(x, &s->cycles);
   xfer_unsigned(x, &s->spills);
   xfer_unsigned(x, &s->fills);
   xfer_unsigned(x, &s->gprs);
   xfer_unsigned(x, &s->bytes);

   uint32_t code_size = bin->code_size;
   xfer_u32(x, &code_size);
   if (x->r) {
      x->bad |= !code_size || code_size % 16 || code_size > MAX_CODE_B;
      if (x->bad || x->r->overrun)
         return;
      bin->code_size = code_size;
      bin->code = ralloc_size(mem_ctx, code_size);
   }
   xfer_bytes(x, bin->code, code_size);

   xfer_io(x, &bin->io);

   xfer_unsigned(x, &bin->patch_count);
   if (x->r) {
      x->bad |= bin->patch_count > MAX_PATCHES;
      if (x->bad || x->r->overrun)
         return;
      bin->patches = rzalloc_array(mem_ctx, struct jade_patch_site, MAX2(bin->patch_count, 1));
   }
   for (unsigned i = 0; i < bin->patch_count; i++) {
      struct jade_patch_site *p = &bin->patches[i];
      xfer_u32(x, &p->offset);
      xfer_u32(x, &p->mul_offset);
      xfer_u8(x, &p->kind);
      xfer_u8(x, &p->count);
      xfer_u16(x, &p->word);
      xfer_u8(x, &p->depends);
      x->bad |= !patch_fits(p, bin->code_size);
   }

   xfer_words(x, bin->sph, ARRAY_SIZE(bin->sph));
   xfer_u8(x, &bin->gs.invocations);
   xfer_u8(x, &bin->gs.vertices_in);
   xfer_u8(x, &bin->gs.output_primitive);
   xfer_u8(x, &bin->gs.stream_mask);
   xfer_u16(x, &bin->gs.vertices_out);
   xfer_u8(x, &bin->tess.vertices_out);
   xfer_u8(x, &bin->tess.patch_words);
   xfer_u8(x, &bin->tess.domain);
   xfer_u8(x, &bin->tess.spacing);
   xfer_u8(x, &bin->tess.output_primitives);
}

void
jade_binary_serialize(struct blob *blob, const struct jade_shader_binary *bin)
{
   struct blob payload;
   blob_init(&payload);
   struct transfer x = {.w = &payload};
   transfer_binary(&x, NULL, (struct jade_shader_binary *)bin);

   unsigned char sha1[SHA1_DIGEST_LENGTH];
   _mesa_sha1_compute(payload.data, payload.size, sha1);
   blob_write_uint32(blob, BINARY_MAGIC);
   blob_write_uint32(blob, BINARY_VERSION);
   blob_write_uint32(blob, payload.size);
   blob_write_bytes(blob, sha1, sizeof(sha1));
   blob_write_bytes(blob, payload.data, payload.size);
   blob_finish(&payload);
}

struct jade_shader_binary *
jade_binary_deserialize(void *mem_ctx, const void *data, size_t size)
{
   struct blob_reader r;
   blob_reader_init(&r, data, size);
   const uint32_t magic = blob_read_uint32(&r);
   const uint32_t version = blob_read_uint32(&r);
   const uint32_t payload_size = blob_read_uint32(&r);
   const unsigned char *sha1 = blob_read_bytes(&r, SHA1_DIGEST_LENGTH);
   if (r.overrun || magic != BINARY_MAGIC || version != BINARY_VERSION ||
       payload_size != (size_t)(r.end - r.current))
      return NULL;

   unsigned char actual[SHA1_DIGEST_LENGTH];
   _mesa_sha1_compute(r.current, payload_size, actual);
   if (memcmp(sha1, actual, sizeof(actual)))
      return NULL;

   struct jade_shader_binary *bin = rzalloc(mem_ctx, struct jade_shader_binary);
   struct transfer x = {.r = &r};
   transfer_binary(&x, bin, bin);
   if (x.bad || r.overrun || r.current != r.end) {
      ralloc_free(bin);
      return NULL;
   }
   return bin;
}
