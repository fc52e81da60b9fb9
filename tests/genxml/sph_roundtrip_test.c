/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The generated SPH packers: random field values survive pack and unpack,
 * and each field packed alone sets exactly its own bits.
 */

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "jade_sph.h"

static uint32_t
rnd(uint64_t *s)
{
   *s = *s * 6364136223846793005ull + 1442695040888963407ull;
   return (uint32_t)(*s >> 33);
}

static uint32_t
mask_of(const struct jade_pack_field *f)
{
   unsigned w = f->end - f->start + 1;
   return w >= 32 ? ~0u : (1u << w) - 1;
}

/* Sets field k (element i) of a struct through the field table: the
 * struct's members are uint32_t in table order, arrays inline. */
static uint32_t *
member(void *s, const struct jade_pack_field *fields, unsigned k, unsigned i)
{
   uint32_t *p = s;
   for (unsigned j = 0; j < k; j++)
      p += fields[j].count ? fields[j].count : 1;
   return p + i;
}

#define CHECK_TYPE(T)                                                             \
   static unsigned check_##T(void)                                                \
   {                                                                                 \
      unsigned bad = 0;                                                              \
      uint64_t seed = 0x5eed;                                                        \
      const struct jade_pack_field *fields = jade_sph_##T##_fields;                \
      for (unsigned round = 0; round < 64; round++) {                                \
         struct jade_sph_##T a, b;                                                \
         memset(&a, 0, sizeof(a));                                                   \
         for (unsigned k = 0; k < jade_sph_##T##_field_count; k++)                \
            for (unsigned i = 0; i < (fields[k].count ? fields[k].count : 1); i++)   \
               *member(&a, fields, k, i) = rnd(&seed) & mask_of(&fields[k]);         \
         uint32_t dw[JADE_SPH_WORDS];                                                \
         jade_sph_##T##_pack(dw, &a);                                             \
         jade_sph_##T##_unpack(dw, &b);                                           \
         if (memcmp(&a, &b, sizeof(a))) {                                            \
            printf("FAIL " #T ": round trip %u\n", round);                        \
            bad++;                                                                   \
         }                                                                           \
      }                                                                              \
      for (unsigned k = 0; k < jade_sph_##T##_field_count; k++) {                 \
         struct jade_sph_##T a;                                                   \
         memset(&a, 0, sizeof(a));                                                   \
         unsigned last = fields[k].count ? fields[k].count - 1 : 0;                  \
         *member(&a, fields, k, last) = mask_of(&fields[k]);                         \
         uint32_t dw[JADE_SPH_WORDS];                                                \
         jade_sph_##T##_pack(dw, &a);                                             \
         unsigned lo = fields[k].start + last * fields[k].stride;                    \
         unsigned hi = fields[k].end + last * fields[k].stride;                      \
         for (unsigned bit = 0; bit < 32 * JADE_SPH_WORDS; bit++) {                  \
            bool set = dw[bit / 32] >> (bit % 32) & 1;                               \
            if (set != (bit >= lo && bit <= hi)) {                                   \
               printf("FAIL " #T ": %s sets bit %u\n", fields[k].name, bit);      \
               bad++;                                                                \
               break;                                                                \
            }                                                                        \
         }                                                                           \
      }                                                                              \
      printf("%s " #T ": %u fields\n", bad ? "FAIL" : "ok  ",                     \
             jade_sph_##T##_field_count);                                         \
      return bad;                                                                    \
   }

CHECK_TYPE(vtg)
CHECK_TYPE(ps)

int
main(void)
{
   unsigned bad = check_vtg() + check_ps();
   return bad ? 1 : 0;
}
