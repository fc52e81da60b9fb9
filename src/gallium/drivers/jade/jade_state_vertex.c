/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Vertex fetch: the vertex elements CSO packs its 32 attribute words
 * (SET_VERTEX_ATTRIBUTE_A: stream, offset, format) and the streams'
 * instancing at create time; the streams themselves (address, size,
 * stride) are emitted at draw when the buffers or the elements changed.
 * Attribute i is the vertex shader's input a[0x80 + 16 i] (the compiler's
 * dense vertex inputs).
 */

#include "nvtypes.h"

#include "nv_push_clc597.h"
#include "util/u_helpers.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"

#include "jade_context.h"
#include "jade_formats.h"
#include "jade_resource.h"
#include "jade_state.h"

#define JADE_VERTEX_ATTRIBS 32
#define JADE_VERTEX_STREAMS 16

static void *
jade_create_vertex_elements_state(struct pipe_context *pctx, unsigned count,
                                  const struct pipe_vertex_element *elements)
{
   struct jade_vertex_elements *ve = CALLOC_STRUCT(jade_vertex_elements);
   if (!ve)
      return NULL;
   ve->count = count;
   memcpy(ve->elements, elements, count * sizeof(*elements));

   struct nv_push push, *p = &push;
   nv_push_init(p, ve->dw, ARRAY_SIZE(ve->dw));
   uint32_t divisor[JADE_VERTEX_STREAMS] = {0};
   for (unsigned i = 0; i < JADE_VERTEX_ATTRIBS; i++) {
      const struct pipe_vertex_element *e = i < count ? &elements[i] : NULL;
      struct jade_vertex_format f;
      if (e && e->vertex_buffer_index < JADE_VERTEX_STREAMS &&
          jade_vertex_format(e->src_format, &f)) {
         P_IMMD(p, NVC597, SET_VERTEX_ATTRIBUTE_A(i),
                {
                   .stream = e->vertex_buffer_index,
                   .source = SOURCE_ACTIVE,
                   .offset = e->src_offset,
                   .component_bit_widths = f.component_bit_widths,
                   .numerical_type = f.numerical_type,
                   .swap_r_and_b = f.swap_r_and_b,
                });
         ve->streams |= 1u << e->vertex_buffer_index;
         ve->stride[e->vertex_buffer_index] = e->src_stride;
         divisor[e->vertex_buffer_index] = e->instance_divisor;
      } else {
         if (e)
            ve->unsupported = true;
         /* Not fetched: the attribute reads as constant. */
         P_IMMD(p, NVC597, SET_VERTEX_ATTRIBUTE_A(i),
                {
                   .source = SOURCE_INACTIVE,
                   .component_bit_widths = COMPONENT_BIT_WIDTHS_R32_G32_B32_A32,
                   .numerical_type = NUMERICAL_TYPE_NUM_FLOAT,
                });
      }
   }
   for (unsigned s = 0; s < JADE_VERTEX_STREAMS; s++) {
      if (!(ve->streams >> s & 1))
         continue;
      P_IMMD(p, NVC597, SET_VERTEX_STREAM_INSTANCE_A(s), divisor[s] != 0);
      P_IMMD(p, NVC597, SET_VERTEX_STREAM_A_FREQUENCY(s), divisor[s]);
   }
   ve->dw_count = (unsigned)nv_push_dw_count(p);
   return ve;
}

static void
jade_bind_vertex_elements_state(struct pipe_context *pctx, void *cso)
{
   struct jade_context *ctx = jade_context(pctx);
   ctx->state.vertex_elements = cso;
   ctx->dirty |= JADE_DIRTY_VERTEX_ELEMENTS | JADE_DIRTY_VERTEX_BUFFERS;
}

static void
jade_delete_vertex_elements_state(struct pipe_context *pctx, void *cso)
{
   FREE(cso);
}

static void
jade_set_vertex_buffers(struct pipe_context *pctx, unsigned count,
                        const struct pipe_vertex_buffer *buffers)
{
   struct jade_context *ctx = jade_context(pctx);
   struct jade_state *st = &ctx->state;
   util_set_vertex_buffers_count(st->vertex_buffers, &st->vertex_buffer_count, buffers, count,
                                 true);
   for (unsigned i = 0; i < st->vertex_buffer_count; i++) {
      if (st->vertex_buffers[i].buffer.resource && !st->vertex_buffers[i].is_user_buffer)
         jade_resource(st->vertex_buffers[i].buffer.resource)->bound_as |= JADE_BOUND_VERTEX;
   }
   ctx->dirty |= JADE_DIRTY_VERTEX_BUFFERS;
}

void
jade_emit_vertex_elements(struct jade_context *ctx)
{
   const struct jade_vertex_elements *ve = ctx->state.vertex_elements;
   struct nv_push *p = jade_push_reserve(ctx, ve->dw_count);
   nv_push_raw(p, (uint32_t *)ve->dw, ve->dw_count);
}

/* Each stream the elements use: where it is, how big, its stride; the
 * others off.  A stream without a buffer is off too (its attributes read
 * as zero). */
void
jade_emit_vertex_buffers(struct jade_context *ctx)
{
   const struct jade_vertex_elements *ve = ctx->state.vertex_elements;
   struct nv_push *p = jade_push_reserve(ctx, JADE_VERTEX_STREAMS * 9);
   for (unsigned s = 0; s < JADE_VERTEX_STREAMS; s++) {
      const struct pipe_vertex_buffer *vb =
         s < ctx->state.vertex_buffer_count ? &ctx->state.vertex_buffers[s] : NULL;
      bool used = ve && (ve->streams >> s & 1) && vb && vb->buffer.resource && !vb->is_user_buffer;
      if (!used) {
         P_IMMD(p, NVC597, SET_VERTEX_STREAM_A_FORMAT(s), {.enable = ENABLE_FALSE});
         continue;
      }
      struct jade_resource *res = jade_resource(vb->buffer.resource);
      jade_resource_used(ctx, &res->base);
      uint64_t va = res->bo->va + vb->buffer_offset;
      uint64_t size =
         vb->buffer_offset < res->base.width0 ? res->base.width0 - vb->buffer_offset : 0;
      P_MTHD(p, NVC597, SET_VERTEX_STREAM_A_FORMAT(s));
      P_NVC597_SET_VERTEX_STREAM_A_FORMAT(p, s,
                                          {
                                             .stride = ve->stride[s],
                                             .enable = ENABLE_TRUE,
                                          });
      P_NVC597_SET_VERTEX_STREAM_A_LOCATION_A(p, s, va >> 32);
      P_NVC597_SET_VERTEX_STREAM_A_LOCATION_B(p, s, va);
      P_MTHD(p, NVC597, SET_VERTEX_STREAM_SIZE_A(s));
      P_NVC597_SET_VERTEX_STREAM_SIZE_A(p, s, size >> 32);
      P_NVC597_SET_VERTEX_STREAM_SIZE_B(p, s, size);
   }
}

void
jade_init_vertex_functions(struct jade_context *ctx)
{
   ctx->base.create_vertex_elements_state = jade_create_vertex_elements_state;
   ctx->base.bind_vertex_elements_state = jade_bind_vertex_elements_state;
   ctx->base.delete_vertex_elements_state = jade_delete_vertex_elements_state;
   ctx->base.set_vertex_buffers = jade_set_vertex_buffers;
}
