/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The header's attribute maps by word (jade_sph_attr.h).  Both kinds of
 * header list their map entries in attribute order: the system values
 * from a[0x05c], the generic vectors (one array a component), the words
 * from the colours to the vertex id, the texture coordinates (one array
 * a component), then the viewport masks and barycentrics.
 */

#include <stddef.h>

#include "jade_attr.h"
#include "jade_sph_attr.h"
#include "util/u_call_once.h"

#define W(addr)           JADE_ATTR_WORD(addr)
#define FIRST_SYSTEM_WORD W(JADE_ATTR_VPRS_TABLE_INDEX)
#define FIRST_FIXED_WORD  W(JADE_ATTR_COLOR_FRONT)
#define FIRST_LATE_WORD   W(JADE_ATTR_VIEWPORT_MASK)

/* One map's entries, grouped as above. */
struct map {
   uint32_t *system[W(JADE_ATTR_GENERIC(0)) - FIRST_SYSTEM_WORD];
   uint32_t *generic[4];
   uint32_t *fixed[W(JADE_ATTR_TEX_COORD(0)) - FIRST_FIXED_WORD];
   uint32_t *tex[4];
   uint32_t *late[JADE_ATTR_MAP_WORDS - FIRST_LATE_WORD];
};

static uint32_t *
entry(const struct map *m, unsigned w)
{
   if (w >= JADE_ATTR_MAP_WORDS || w < FIRST_SYSTEM_WORD)
      return NULL;
   if (jade_attr_is_system_value(w))
      return m->system[w - FIRST_SYSTEM_WORD];
   if (jade_attr_is_generic(w))
      return &m->generic[w % 4][(w - W(JADE_ATTR_GENERIC(0))) / 4];
   if (jade_attr_is_tex_coord(w))
      return &m->tex[w % 4][(w - W(JADE_ATTR_TEX_COORD(0))) / 4];
   if (w < FIRST_LATE_WORD)
      return m->fixed[w - FIRST_FIXED_WORD];
   return m->late[w - FIRST_LATE_WORD];
}

/* A VTG map: `map` is imap or omap in the member names. */
#define VTG_MAP(h, map)                                                                            \
   {                                                                                               \
      .system = {&h->map##_vprs_table_index, &h->map##_primitive_id, &h->map##_rt_array_index,     \
                 &h->map##_viewport_index,   &h->map##_point_size,   &h->map##_position_x,         \
                 &h->map##_position_y,       &h->map##_position_z,   &h->map##_position_w},        \
      .generic = {h->generic_##map##_x, h->generic_##map##_y, h->generic_##map##_z,                \
                  h->generic_##map##_w},                                                           \
      .fixed = {&h->map##_color_front_diffuse_red,                                                 \
                &h->map##_color_front_diffuse_green,                                               \
                &h->map##_color_front_diffuse_blue,                                                \
                &h->map##_color_front_diffuse_alpha,                                               \
                &h->map##_color_front_specular_red,                                                \
                &h->map##_color_front_specular_green,                                              \
                &h->map##_color_front_specular_blue,                                               \
                &h->map##_color_front_specular_alpha,                                              \
                &h->map##_color_back_diffuse_red,                                                  \
                &h->map##_color_back_diffuse_green,                                                \
                &h->map##_color_back_diffuse_blue,                                                 \
                &h->map##_color_back_diffuse_alpha,                                                \
                &h->map##_color_back_specular_red,                                                 \
                &h->map##_color_back_specular_green,                                               \
                &h->map##_color_back_specular_blue,                                                \
                &h->map##_color_back_specular_alpha,                                               \
                &h->map##_clip_distance0,                                                          \
                &h->map##_clip_distance1,                                                          \
                &h->map##_clip_distance2,                                                          \
                &h->map##_clip_distance3,                                                          \
                &h->map##_clip_distance4,                                                          \
                &h->map##_clip_distance5,                                                          \
                &h->map##_clip_distance6,                                                          \
                &h->map##_clip_distance7,                                                          \
                &h->map##_point_sprite_s,                                                          \
                &h->map##_point_sprite_t,                                                          \
                &h->map##_fog_coordinate,                                                          \
                NULL,                                                                              \
                &h->map##_tessellation_evaluation_point_u,                                         \
                &h->map##_tessellation_evaluation_point_v,                                         \
                &h->map##_instance_id,                                                             \
                &h->map##_vertex_id},                                                              \
      .tex = {h->tex_##map##_s, h->tex_##map##_t, h->tex_##map##_r, h->tex_##map##_q},             \
      .late = {&h->map##_viewport_mask,  &h->map##_viewport_mask2, &h->map##_barycentric0,         \
               &h->map##_barycentric1,   &h->map##_barycentric2,   &h->map##_barycentric0_w,       \
               &h->map##_barycentric1_w, &h->map##_barycentric2_w},                                \
   }

/* A PS header has no entries for the back colours: the rasteriser picks
 * front or back into the front colours' words. */
static void
ps_map(struct jade_sph_ps *h, struct map *m)
{
   *m = (struct map){
      .system = {&h->imap_vprs_table_index, &h->imap_primitive_id, &h->imap_rt_array_index,
                 &h->imap_viewport_index, &h->imap_point_size, &h->imap_position_x,
                 &h->imap_position_y, &h->imap_position_z, &h->imap_position_w},
      .generic = {h->generic_imap_x, h->generic_imap_y, h->generic_imap_z, h->generic_imap_w},
      .fixed = {&h->imap_color_diffuse_red,
                &h->imap_color_diffuse_green,
                &h->imap_color_diffuse_blue,
                &h->imap_color_diffuse_alpha,
                &h->imap_color_specular_red,
                &h->imap_color_specular_green,
                &h->imap_color_specular_blue,
                &h->imap_color_specular_alpha,
                [16] = &h->imap_clip_distance0,
                &h->imap_clip_distance1,
                &h->imap_clip_distance2,
                &h->imap_clip_distance3,
                &h->imap_clip_distance4,
                &h->imap_clip_distance5,
                &h->imap_clip_distance6,
                &h->imap_clip_distance7,
                &h->imap_point_sprite_s,
                &h->imap_point_sprite_t,
                &h->imap_fog_coordinate,
                NULL,
                &h->imap_tessellation_evaluation_point_u,
                &h->imap_tessellation_evaluation_point_v,
                &h->imap_instance_id,
                &h->imap_vertex_id},
      .tex = {h->tex_imap_s, h->tex_imap_t, h->tex_imap_r, h->tex_imap_q},
      .late = {&h->imap_viewport_mask, &h->imap_viewport_mask2, &h->imap_barycentric0,
               &h->imap_barycentric1, &h->imap_barycentric2, &h->imap_barycentric0_w,
               &h->imap_barycentric1_w, &h->imap_barycentric2_w},
   };
}

/* Each map's entries as byte offsets into the header struct (+1; 0: no
 * entry), found once from the member addresses of a header at 0. */
static uint16_t vtg_imap_at[JADE_ATTR_MAP_WORDS], vtg_omap_at[JADE_ATTR_MAP_WORDS],
   ps_imap_at[JADE_ATTR_MAP_WORDS];
static util_once_flag tables_once = UTIL_ONCE_FLAG_INIT;

static void
fill(uint16_t *at, const struct map *m, const void *base)
{
   for (unsigned w = 0; w < JADE_ATTR_MAP_WORDS; w++) {
      const uint32_t *e = entry(m, w);
      at[w] = e ? (uint16_t)((const char *)e - (const char *)base + 1) : 0;
   }
}

static void
build_tables(void)
{
   static struct jade_sph_vtg vtg;
   static struct jade_sph_ps ps;
   struct jade_sph_vtg *h = &vtg;
   const struct map imap = VTG_MAP(h, imap), omap = VTG_MAP(h, omap);
   fill(vtg_imap_at, &imap, &vtg);
   fill(vtg_omap_at, &omap, &vtg);
   struct map psmap;
   ps_map(&ps, &psmap);
   fill(ps_imap_at, &psmap, &ps);
}

static uint32_t *
at(const uint16_t *table, void *h, unsigned w)
{
   util_call_once(&tables_once, build_tables);
   return w < JADE_ATTR_MAP_WORDS && table[w] ? (uint32_t *)((char *)h + table[w] - 1) : NULL;
}

uint32_t *
jade_sph_vtg_imap(struct jade_sph_vtg *h, unsigned w)
{
   return at(vtg_imap_at, h, w);
}

uint32_t *
jade_sph_vtg_omap(struct jade_sph_vtg *h, unsigned w)
{
   return at(vtg_omap_at, h, w);
}

uint32_t *
jade_sph_ps_imap(struct jade_sph_ps *h, unsigned w)
{
   return at(ps_imap_at, h, w);
}

bool
jade_sph_ps_imap_interpolated(unsigned w)
{
   return jade_attr_is_generic(w) || jade_attr_is_front_color(w) || jade_attr_is_tex_coord(w) ||
          (w >= FIRST_LATE_WORD && w < JADE_ATTR_MAP_WORDS);
}

static uint32_t
get(const uint16_t *table, const void *h, unsigned w)
{
   const uint32_t *e = at(table, (void *)h, w);
   return e ? *e : 0;
}

uint32_t
jade_sph_vtg_imap_get(const struct jade_sph_vtg *h, unsigned w)
{
   return get(vtg_imap_at, h, w);
}

uint32_t
jade_sph_vtg_omap_get(const struct jade_sph_vtg *h, unsigned w)
{
   return get(vtg_omap_at, h, w);
}

uint32_t
jade_sph_ps_imap_get(const struct jade_sph_ps *h, unsigned w)
{
   return get(ps_imap_at, h, w);
}
