/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The generated SPH, TIC, TSC and QMD packers (gen_pack.py): every field, every
 * element of an array, packed alone at its largest value sets exactly its
 * own bits and unpacks to the same value; random values survive pack and
 * unpack; and a TIC, a TSC and a QMD packed from known values give the
 * words written out by hand, with shifts taken from the bit numbers in
 * NVIDIA's clc597tex.h and clc3c0qmd.h (not from the XML, so a field the
 * importer put in the wrong place shows up here).
 */

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "jade_qmd.h"
#include "jade_sph.h"
#include "jade_tic.h"
#include "jade_tsc.h"

static uint64_t
mask_of(const struct jade_pack_field *f)
{
   unsigned w = f->end - f->start + 1;
   return w >= 64 ? ~0ull : (1ull << w) - 1;
}

static uint64_t
rnd(uint64_t *s)
{
   *s = *s * 6364136223846793005ull + 1442695040888963407ull;
   uint64_t hi = *s >> 33;
   *s = *s * 6364136223846793005ull + 1442695040888963407ull;
   return hi << 32 | *s >> 32;
}

/* Field k (element i) of a struct through the field table's offsets:
 * uint32_t members, uint64_t past 32 bits. */
static void
set_member(void *s, const struct jade_pack_field *f, unsigned i, uint64_t v)
{
   char *p = (char *)s + f->offset + i * f->size;
   if (f->size == 8) {
      memcpy(p, &v, 8);
   } else {
      uint32_t v32 = (uint32_t)v;
      memcpy(p, &v32, 4);
   }
}

static uint64_t
get_member(const void *s, const struct jade_pack_field *f, unsigned i)
{
   const char *p = (const char *)s + f->offset + i * f->size;
   uint64_t v = 0;
   uint32_t v32;
   if (f->size == 8) {
      memcpy(&v, p, 8);
   } else {
      memcpy(&v32, p, 4);
      v = v32;
   }
   return v;
}

/* Whether every field of a and b agrees (not memcmp: a uint64_t member
 * may leave padding). */
static bool
same_fields(const void *a, const void *b, const struct jade_pack_field *fields, unsigned count)
{
   for (unsigned k = 0; k < count; k++)
      for (unsigned i = 0; i < (fields[k].count ? fields[k].count : 1); i++)
         if (get_member(a, &fields[k], i) != get_member(b, &fields[k], i))
            return false;
   return true;
}

/* The bytes the field table's members take, which must be the struct's
 * (less the padding before a uint64_t member). */
static size_t
member_bytes(const struct jade_pack_field *fields, unsigned count)
{
   size_t n = 0;
   for (unsigned k = 0; k < count; k++)
      n += (size_t)(fields[k].count ? fields[k].count : 1) * fields[k].size;
   return n;
}

/* Exactly bits start..end of element i set in dw, nothing else. */
static unsigned
check_bits(const char *sname, const struct jade_pack_field *f, unsigned i, const uint32_t *dw,
           unsigned words)
{
   unsigned lo = f->start + i * f->stride, hi = f->end + i * f->stride;
   for (unsigned bit = 0; bit < 32 * words; bit++) {
      bool set = dw[bit / 32] >> (bit % 32) & 1;
      if (set != (bit >= lo && bit <= hi)) {
         printf("FAIL %s: %s[%u] (bits %u..%u) %s bit %u\n", sname, f->name, i, lo, hi,
                set ? "sets" : "does not set", bit);
         return 1;
      }
   }
   return 0;
}

#define CHECK_FIELDS(T, WORDS)                                                                     \
   static unsigned check_fields_##T(void)                                                          \
   {                                                                                               \
      const struct jade_pack_field *fields = jade_##T##_fields;                                    \
      unsigned nfields = jade_##T##_field_count, bad = 0, elements = 0;                            \
      if (sizeof(struct jade_##T) < member_bytes(fields, nfields) ||                               \
          sizeof(struct jade_##T) > member_bytes(fields, nfields) + 4 * nfields) {                 \
         printf("FAIL " #T ": struct does not match its field table\n");                           \
         return 1;                                                                                 \
      }                                                                                            \
      for (unsigned k = 0; k < nfields; k++) {                                                     \
         unsigned n = fields[k].count ? fields[k].count : 1;                                       \
         for (unsigned i = 0; i < n; i++, elements++) {                                            \
            struct jade_##T a, b;                                                                  \
            uint32_t dw[WORDS];                                                                    \
            memset(&a, 0, sizeof(a));                                                              \
            memset(&b, 0xa5, sizeof(b));                                                           \
            memset(dw, 0xa5, sizeof(dw)); /* pack writes every word */                             \
            set_member(&a, &fields[k], i, mask_of(&fields[k]));                                    \
            jade_##T##_pack(dw, &a);                                                               \
            bad += check_bits(#T, &fields[k], i, dw, WORDS);                                       \
            jade_##T##_unpack(dw, &b);                                                             \
            if (!same_fields(&a, &b, fields, nfields)) {                                           \
               printf("FAIL " #T ": %s[%u] does not unpack\n", fields[k].name, i);                 \
               bad++;                                                                              \
            }                                                                                      \
         }                                                                                         \
      }                                                                                            \
      uint64_t seed = 0x5eed;                                                                      \
      for (unsigned round = 0; round < 64; round++) {                                              \
         struct jade_##T a, b;                                                                     \
         uint32_t dw[WORDS];                                                                       \
         for (unsigned k = 0; k < nfields; k++)                                                    \
            for (unsigned i = 0; i < (fields[k].count ? fields[k].count : 1); i++)                 \
               set_member(&a, &fields[k], i, rnd(&seed) & mask_of(&fields[k]));                    \
         jade_##T##_pack(dw, &a);                                                                  \
         jade_##T##_unpack(dw, &b);                                                                \
         if (!same_fields(&a, &b, fields, nfields)) {                                              \
            printf("FAIL " #T ": random round trip %u\n", round);                                  \
            bad++;                                                                                 \
         }                                                                                         \
      }                                                                                            \
      printf("%s " #T ": %u fields, %u elements\n", bad ? "FAIL" : "ok  ", nfields, elements);     \
      return bad;                                                                                  \
   }

CHECK_FIELDS(tic_bl, JADE_TIC_BL_WORDS)
CHECK_FIELDS(tic_pitch, JADE_TIC_PITCH_WORDS)
CHECK_FIELDS(tic_1d, JADE_TIC_1D_WORDS)
CHECK_FIELDS(sph_vtg, JADE_SPH_WORDS)
CHECK_FIELDS(sph_ps, JADE_SPH_WORDS)
CHECK_FIELDS(tsc, JADE_TSC_WORDS)
CHECK_FIELDS(qmd, JADE_QMD_WORDS)

/* The printer's output for dw holds each of the lines in want. */
static unsigned
check_print(const char *sname, void (*print)(FILE *, const uint32_t *), const uint32_t *dw,
            const char *const *want, unsigned nwant)
{
   char buf[8192];
   FILE *f = tmpfile();
   if (!f) {
      printf("FAIL %s: no tmpfile for the printer\n", sname);
      return 1;
   }
   print(f, dw);
   rewind(f);
   size_t n = fread(buf, 1, sizeof(buf) - 1, f);
   buf[n] = 0;
   fclose(f);
   unsigned bad = 0;
   for (unsigned k = 0; k < nwant; k++) {
      if (!strstr(buf, want[k])) {
         printf("FAIL %s: printer lacks \"%s\"; printed:\n%s", sname, want[k], buf);
         bad++;
      }
   }
   return bad;
}

static unsigned
compare(const char *sname, const uint32_t *got, const uint32_t *want, unsigned words)
{
   unsigned bad = 0;
   for (unsigned w = 0; w < words; w++) {
      if (got[w] != want[w]) {
         printf("FAIL %s: word %u is 0x%08x, hand-computed 0x%08x\n", sname, w, got[w], want[w]);
         bad++;
      }
   }
   return bad;
}

/* A 1920x1080 2D A8B8G8R8 UNORM block-linear texture at 0x1_2345_6600. */
static unsigned
check_known_tic(void)
{
   struct jade_tic_bl t, u;
   memset(&t, 0, sizeof(t));
   t.components = JADE_TIC_BL_COMPONENTS_SIZES_A8B8G8R8;
   t.r_data_type = JADE_TIC_BL_R_DATA_TYPE_NUM_UNORM;
   t.g_data_type = JADE_TIC_BL_G_DATA_TYPE_NUM_UNORM;
   t.b_data_type = JADE_TIC_BL_B_DATA_TYPE_NUM_UNORM;
   t.a_data_type = JADE_TIC_BL_A_DATA_TYPE_NUM_UNORM;
   t.x_source = JADE_TIC_BL_X_SOURCE_IN_R;
   t.y_source = JADE_TIC_BL_Y_SOURCE_IN_G;
   t.z_source = JADE_TIC_BL_Z_SOURCE_IN_B;
   t.w_source = JADE_TIC_BL_W_SOURCE_IN_A;
   t.address_bits48to9 = 0x123456600ull >> 9;
   t.header_version = JADE_TIC_BL_HEADER_VERSION_SELECT_BLOCKLINEAR;
   t.gobs_per_block_height = JADE_TIC_BL_GOBS_PER_BLOCK_HEIGHT_SIXTEEN_GOBS;
   t.lod_aniso_quality = JADE_TIC_BL_LOD_ANISO_QUALITY_LOD_QUALITY_HIGH;
   t.lod_iso_quality = JADE_TIC_BL_LOD_ISO_QUALITY_LOD_QUALITY_HIGH;
   t.width_minus_one = 1919;
   t.texture_type = JADE_TIC_BL_TEXTURE_TYPE_TWO_D;
   t.sector_promotion = JADE_TIC_BL_SECTOR_PROMOTION_PROMOTE_TO_2_V;
   t.height_minus_one = 1079;
   t.normalized_coords = 1;

   /* NVC597_TEXHEAD_BL_*: MW(hi:lo) is word lo / 32, shift lo % 32. */
   uint32_t want[8] = {0};
   want[0] |= 0x08u << 0;                      /* COMPONENTS 6:0 = SIZES_A8B8G8R8 0x08 */
   want[0] |= 0x2u << 7;                       /* R_DATA_TYPE 9:7 = NUM_UNORM 0x2 */
   want[0] |= 0x2u << 10;                      /* G_DATA_TYPE 12:10 */
   want[0] |= 0x2u << 13;                      /* B_DATA_TYPE 15:13 */
   want[0] |= 0x2u << 16;                      /* A_DATA_TYPE 18:16 */
   want[0] |= 0x2u << 19;                      /* X_SOURCE 21:19 = IN_R 0x2 */
   want[0] |= 0x3u << 22;                      /* Y_SOURCE 24:22 = IN_G 0x3 */
   want[0] |= 0x4u << 25;                      /* Z_SOURCE 27:25 = IN_B 0x4 */
   want[0] |= 0x5u << 28;                      /* W_SOURCE 30:28 = IN_A 0x5 */
   want[1] |= (0x23456600u >> 9) << (41 - 32); /* ADDRESS_BITS31TO9 63:41 */
   want[2] |= 0x1u << (64 - 64);               /* ADDRESS_BITS48TO32 80:64 */
   want[2] |= 0x3u << (85 - 64);               /* HEADER_VERSION 87:85 = SELECT_BLOCKLINEAR 0x3 */
   want[3] |= 0x4u << (99 - 96);               /* GOBS_PER_BLOCK_HEIGHT 101:99 = SIXTEEN_GOBS 0x4 */
   want[3] |= 0x1u << (113 - 96);              /* LOD_ANISO_QUALITY 113:113 = LOD_QUALITY_HIGH */
   want[3] |= 0x1u << (114 - 96);              /* LOD_ISO_QUALITY 114:114 = LOD_QUALITY_HIGH */
   want[4] |= 1919u << (128 - 128);            /* WIDTH_MINUS_ONE 144:128 */
   want[4] |= 0x1u << (151 - 128);             /* TEXTURE_TYPE 154:151 = TWO_D 0x1 */
   want[4] |= 0x1u << (155 - 128);             /* SECTOR_PROMOTION 156:155 = PROMOTE_TO_2_V 0x1 */
   want[5] |= 1079u << (160 - 160);            /* HEIGHT_MINUS_ONE 175:160 */
   want[5] |= 0x1u << (191 - 160);             /* NORMALIZED_COORDS 191:191 */

   uint32_t dw[JADE_TIC_BL_WORDS];
   jade_tic_bl_pack(dw, &t);
   unsigned bad = compare("known tic_bl", dw, want, JADE_TIC_BL_WORDS);
   jade_tic_bl_unpack(want, &u);
   if (!same_fields(&t, &u, jade_tic_bl_fields, jade_tic_bl_field_count)) {
      printf("FAIL known tic_bl: hand-computed words do not unpack to the struct\n");
      bad++;
   }
   static const char *const lines[] = {
      "   components = 0x8 (sizes_a8b8g8r8)\n",
      "   header_version = 0x3 (select_blocklinear)\n",
      "   texture_type = 0x1 (two_d)\n",
      "   width_minus_one = 0x77f\n",
   };
   bad += check_print("known tic_bl", jade_tic_bl_print, want, lines, 4);
   printf("%s known tic_bl (2D A8B8G8R8 1920x1080)\n", bad ? "FAIL" : "ok  ");
   return bad;
}

/* Clamp to edge, trilinear, 16x anisotropy, LEQUAL compare, border alpha 1.0. */
static unsigned
check_known_tsc(void)
{
   struct jade_tsc t, u;
   memset(&t, 0, sizeof(t));
   t.address_u = JADE_TSC_ADDRESS_U_CLAMP_TO_EDGE;
   t.address_v = JADE_TSC_ADDRESS_V_CLAMP_TO_EDGE;
   t.address_p = JADE_TSC_ADDRESS_P_CLAMP_TO_EDGE;
   t.depth_compare_func = JADE_TSC_DEPTH_COMPARE_FUNC_ZC_LEQUAL;
   t.max_anisotropy = JADE_TSC_MAX_ANISOTROPY_ANISO_16_TO_1;
   t.mag_filter = JADE_TSC_MAG_FILTER_MAG_LINEAR;
   t.min_filter = JADE_TSC_MIN_FILTER_MIN_LINEAR;
   t.mip_filter = JADE_TSC_MIP_FILTER_MIP_LINEAR;
   t.mip_lod_bias = 0x100;
   t.max_lod_clamp = 0xf00;
   t.border_color_a = 0x3f800000;

   /* NVC597_TEXSAMPn_*: word n, bits hi:lo of that word. */
   uint32_t want[8] = {0};
   want[0] |= 0x2u << 0;    /* TEXSAMP0_ADDRESS_U 2:0 = CLAMP_TO_EDGE 0x2 */
   want[0] |= 0x2u << 3;    /* TEXSAMP0_ADDRESS_V 5:3 */
   want[0] |= 0x2u << 6;    /* TEXSAMP0_ADDRESS_P 8:6 */
   want[0] |= 0x3u << 10;   /* TEXSAMP0_DEPTH_COMPARE_FUNC 12:10 = ZC_LEQUAL 0x3 */
   want[0] |= 0x7u << 20;   /* TEXSAMP0_MAX_ANISOTROPY 22:20 = ANISO_16_TO_1 0x7 */
   want[1] |= 0x2u << 0;    /* TEXSAMP1_MAG_FILTER 2:0 = MAG_LINEAR 0x2 */
   want[1] |= 0x2u << 4;    /* TEXSAMP1_MIN_FILTER 5:4 = MIN_LINEAR 0x2 */
   want[1] |= 0x3u << 6;    /* TEXSAMP1_MIP_FILTER 7:6 = MIP_LINEAR 0x3 */
   want[1] |= 0x100u << 12; /* TEXSAMP1_MIP_LOD_BIAS 24:12 */
   want[2] |= 0xf00u << 12; /* TEXSAMP2_MAX_LOD_CLAMP 23:12 */
   want[7] = 0x3f800000;    /* TEXSAMP7_BORDER_COLOR_A 31:0 */

   uint32_t dw[JADE_TSC_WORDS];
   jade_tsc_pack(dw, &t);
   unsigned bad = compare("known tsc", dw, want, JADE_TSC_WORDS);
   jade_tsc_unpack(want, &u);
   if (!same_fields(&t, &u, jade_tsc_fields, jade_tsc_field_count)) {
      printf("FAIL known tsc: hand-computed words do not unpack to the struct\n");
      bad++;
   }
   static const char *const lines[] = {
      "   address_u = 0x2 (clamp_to_edge)\n",
      "   mip_filter = 0x3 (mip_linear)\n",
      "   border_color_a = 0x3f800000\n",
   };
   bad += check_print("known tsc", jade_tsc_print, want, lines, 3);
   printf("%s known tsc (clamp, trilinear, aniso 16)\n", bad ? "FAIL" : "ok  ");
   return bad;
}

/* A 0x12345 x 7 x 1 grid of 64x2x1 threads, program at 0x1f_dead_be00,
 * constant buffers 0 and 1 valid, buffer 1 of 64 KiB at 0x12_89ab_c100
 * (and an address for buffer 7, so that all 8 are there). */
static unsigned
check_known_qmd(void)
{
   struct jade_qmd q, u;
   memset(&q, 0, sizeof(q));
   q.sm_global_caching_enable = 1;
   q.api_visible_call_limit = JADE_QMD_API_VISIBLE_CALL_LIMIT_NO_CHECK;
   q.cta_raster_width = 0x12345;
   q.cta_raster_height = 7;
   q.cta_raster_depth = 1;
   q.shared_memory_size = 0x1000;
   q.min_sm_config_shared_mem_size = 8 / 4 + 1;
   q.max_sm_config_shared_mem_size = 96 / 4 + 1;
   q.target_sm_config_shared_mem_size = 96 / 4 + 1;
   q.qmd_version = 2;
   q.qmd_major_version = 2;
   q.cta_thread_dimension0 = 64;
   q.cta_thread_dimension1 = 2;
   q.cta_thread_dimension2 = 1;
   q.constant_buffer_valid[0] = JADE_QMD_CONSTANT_BUFFER_VALID_TRUE;
   q.constant_buffer_valid[1] = JADE_QMD_CONSTANT_BUFFER_VALID_TRUE;
   q.register_count_v = 24;
   q.shader_local_memory_low_size = 0x800;
   q.barrier_count = 1;
   q.constant_buffer_addr[1] = 0x1289abc100ull;
   q.constant_buffer_size_shifted4[1] = 0x10000 >> 4;
   q.constant_buffer_addr[7] = 0x1000; /* the last of the 8 */
   q.program_address = 0x1fdeadbe00ull;

   /* NVC3C0_QMDV02_02_*: MW(hi:lo) is word lo / 32, shift lo % 32; the
    * constant buffer fields are MW((hi+(i)*64):(lo+(i)*64)). */
   uint32_t want[64] = {0};
   want[134 / 32] |= 0x1u << (134 - 128);    /* SM_GLOBAL_CACHING_ENABLE 134:134 */
   want[378 / 32] |= 0x1u << (378 - 352);    /* API_VISIBLE_CALL_LIMIT 378:378 = NO_CHECK */
   want[384 / 32] |= 0x12345u;               /* CTA_RASTER_WIDTH 415:384 */
   want[416 / 32] |= 7u << (416 - 416);      /* CTA_RASTER_HEIGHT 431:416 */
   want[448 / 32] |= 1u << (448 - 448);      /* CTA_RASTER_DEPTH 463:448 */
   want[544 / 32] |= 0x1000u << (544 - 544); /* SHARED_MEMORY_SIZE 561:544 */
   want[562 / 32] |= 3u << (562 - 544);      /* MIN_SM_CONFIG_SHARED_MEM_SIZE 568:562 */
   want[569 / 32] |= 25u << (569 - 544);     /* MAX_SM_CONFIG_SHARED_MEM_SIZE 575:569 */
   want[657 / 32] |= 25u << (657 - 640);     /* TARGET_SM_CONFIG_SHARED_MEM_SIZE 663:657 */
   want[576 / 32] |= 2u << (576 - 576);      /* QMD_VERSION 579:576 */
   want[580 / 32] |= 2u << (580 - 576);      /* QMD_MAJOR_VERSION 583:580 */
   want[592 / 32] |= 64u << (592 - 576);     /* CTA_THREAD_DIMENSION0 607:592 */
   want[608 / 32] |= 2u << (608 - 608);      /* CTA_THREAD_DIMENSION1 623:608 */
   want[624 / 32] |= 1u << (624 - 608);      /* CTA_THREAD_DIMENSION2 639:624 */
   want[640 / 32] |= 1u << (640 + 0 - 640);  /* CONSTANT_BUFFER_VALID(0) 640+i */
   want[641 / 32] |= 1u << (640 + 1 - 640);  /* CONSTANT_BUFFER_VALID(1) */
   want[648 / 32] |= 24u << (648 - 640);     /* REGISTER_COUNT_V 656:648 */
   want[928 / 32] |= 0x800u << (928 - 928);  /* SHADER_LOCAL_MEMORY_LOW_SIZE 951:928 */
   want[955 / 32] |= 1u << (955 - 928);      /* BARRIER_COUNT 959:955 */
   want[(1024 + 64) / 32] |= 0x89abc100u;    /* CONSTANT_BUFFER_ADDR_LOWER(1) 1055:1024 */
   want[(1056 + 64) / 32] |= 0x12u << (1056 + 64 - 1120); /* ..._ADDR_UPPER(1) 1072:1056 */
   /* CONSTANT_BUFFER_SIZE_SHIFTED4(1): bits 1075+64 .. 1087+64 */
   want[(1075 + 64) / 32] |= (0x10000u >> 4) << (1075 + 64 - 1120);
   want[(1024 + 7 * 64) / 32] |= 0x1000u;     /* CONSTANT_BUFFER_ADDR_LOWER(7) */
   want[1536 / 32] |= 0xdeadbe00u;            /* PROGRAM_ADDRESS_LOWER 1567:1536 */
   want[1568 / 32] |= 0x1fu << (1568 - 1568); /* PROGRAM_ADDRESS_UPPER 1584:1568 */

   uint32_t dw[JADE_QMD_WORDS];
   jade_qmd_pack(dw, &q);
   unsigned bad = compare("known qmd", dw, want, JADE_QMD_WORDS);
   jade_qmd_unpack(want, &u);
   if (!same_fields(&q, &u, jade_qmd_fields, jade_qmd_field_count)) {
      printf("FAIL known qmd: hand-computed words do not unpack to the struct\n");
      bad++;
   }
   static const char *const lines[] = {
      "   qmd_version = 0x2\n",
      "   api_visible_call_limit = 0x1 (no_check)\n",
      "   constant_buffer_valid[1] = 0x1 (true)\n",
      "   constant_buffer_size_shifted4[1] = 0x1000\n",
      "   program_address = 0x1fdeadbe00\n",
   };
   bad += check_print("known qmd", jade_qmd_print, want, lines, 5);
   printf("%s known qmd (grid 0x12345x7x1, block 64x2x1)\n", bad ? "FAIL" : "ok  ");
   return bad;
}

int
main(void)
{
   unsigned bad = 0;
   bad += check_fields_tic_bl();
   bad += check_fields_tic_pitch();
   bad += check_fields_tic_1d();
   bad += check_fields_sph_vtg();
   bad += check_fields_sph_ps();
   bad += check_fields_tsc();
   bad += check_fields_qmd();
   bad += check_known_tic();
   bad += check_known_tsc();
   bad += check_known_qmd();
   printf("%s: %u failure%s\n", bad ? "FAIL" : "PASS", bad, bad == 1 ? "" : "s");
   return bad ? 1 : 0;
}
