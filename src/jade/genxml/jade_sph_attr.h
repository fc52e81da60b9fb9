/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The Shader Program Header's attribute maps by attribute word
 * (jade_attr.h): the input map (IMAP) and output map (OMAP) of a VTG
 * header, one bit a word, and the input map of a PS header, one bit a
 * word for the system values, clip distances, point sprite, fog and ids,
 * and two (the interpolation, JADE_SPH_PS_IMAP_COLOR_DIFFUSE_RED_*) for
 * the generic vectors, colours, texture coordinates, viewport mask and
 * barycentrics (NVIDIA's clc797sph.h).  Each returns the generated
 * struct's member for word w, NULL where the map has no entry, so no
 * caller computes a bit position.
 */

#ifndef JADE_SPH_ATTR_H
#define JADE_SPH_ATTR_H

#include <stdbool.h>
#include <stdint.h>

#include "jade_sph.h"

#ifdef __cplusplus
extern "C" {
#endif

uint32_t *jade_sph_vtg_imap(struct jade_sph_vtg *h, unsigned w);
uint32_t *jade_sph_vtg_omap(struct jade_sph_vtg *h, unsigned w);
uint32_t *jade_sph_ps_imap(struct jade_sph_ps *h, unsigned w);

/* Whether the PS input map entry of word w is an interpolation (two
 * bits) rather than a bit. */
bool jade_sph_ps_imap_interpolated(unsigned w);

/* The value of word w's entry, 0 where the map has none. */
uint32_t jade_sph_vtg_imap_get(const struct jade_sph_vtg *h, unsigned w);
uint32_t jade_sph_vtg_omap_get(const struct jade_sph_vtg *h, unsigned w);
uint32_t jade_sph_ps_imap_get(const struct jade_sph_ps *h, unsigned w);

#ifdef __cplusplus
}
#endif

#endif /* JADE_SPH_ATTR_H */
