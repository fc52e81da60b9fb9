/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The statistics messages drivers send through the GL debug callback
 * (util_debug_message(..., SHADER_INFO, ...)), normalised into one record.
 */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/macros.h"

#include "jade_run_shaders.h"

static void
stats_init(struct rs_stats *stats)
{
   stats->stage = RS_VERTEX;
   stats->inst = stats->loops = stats->cycles = -1;
   stats->spills = stats->fills = stats->gprs = stats->bytes = -1;
   stats->local = stats->shared = -1;
   stats->failed = false;
   stats->error[0] = '\0';
}

/* A figure: a decimal number, or -1 for anything else ("-", "?"). */
static long
figure(const char *s, const char **end)
{
   char *e;
   long v = strtol(s, &e, 10);
   if (e == s || v < 0) {
      while (*s && !isspace((unsigned char)*s) && *s != ',' && *s != ':')
         s++;
      *end = s;
      return -1;
   }
   *end = e;
   return v;
}

static bool
stage_from_word(const char *word, enum rs_stage *stage)
{
   static const struct {
      const char *prefix;
      enum rs_stage stage;
   } names[] = {
      {"vert", RS_VERTEX},         {"vs", RS_VERTEX},          {"tess_ctrl", RS_TESS_CTRL},
      {"tessctrl", RS_TESS_CTRL},  {"tcs", RS_TESS_CTRL},      {"hull", RS_TESS_CTRL},
      {"tess_eval", RS_TESS_EVAL}, {"tesseval", RS_TESS_EVAL}, {"tes", RS_TESS_EVAL},
      {"domain", RS_TESS_EVAL},    {"geom", RS_GEOMETRY},      {"gs", RS_GEOMETRY},
      {"frag", RS_FRAGMENT},       {"fs", RS_FRAGMENT},        {"pixel", RS_FRAGMENT},
      {"comp", RS_COMPUTE},        {"cs", RS_COMPUTE},         {"kernel", RS_COMPUTE},
      {"control", RS_TESS_CTRL},   {"ctrl", RS_TESS_CTRL},     {"evaluation", RS_TESS_EVAL},
      {"eval", RS_TESS_EVAL},
   };
   /* "MESA_SHADER_VERTEX" as well as "vertex" */
   if (!strncasecmp(word, "MESA_SHADER_", 12))
      word += 12;
   for (unsigned i = 0; i < ARRAY_SIZE(names); i++) {
      if (!strncasecmp(word, names[i].prefix, strlen(names[i].prefix))) {
         *stage = names[i].stage;
         return true;
      }
   }
   return false;
}

/* "<word> <stage> shader: I inst, L loops, C cycles, S:F spills:fills, ..." */
static bool
parse_shaderdb(const char *msg, struct rs_stats *stats)
{
   const char *colon = strstr(msg, " shader: ");
   if (!colon)
      return false;

   /* The stage is the last word before " shader:". */
   const char *word = colon;
   while (word > msg && !isspace((unsigned char)word[-1]))
      word--;
   char stage_word[32];
   unsigned len = colon - word;
   if (!len || len >= sizeof(stage_word))
      return false;
   memcpy(stage_word, word, len);
   stage_word[len] = '\0';
   if (!stage_from_word(stage_word, &stats->stage))
      return false;

   const char *p = colon + strlen(" shader: ");
   if (!strncmp(p, "compile failed", 14)) {
      p += 14;
      while (*p == ':' || *p == ' ')
         p++;
      stats->failed = true;
      snprintf(stats->error, sizeof(stats->error), "%s", *p ? p : "(no reason given)");
      for (char *c = stats->error; *c; c++) {
         if ((unsigned char)*c < 0x20)
            *c = ' ';
      }
      return true;
   }
   static const char *const fixed[] = {" inst, ", " loops, ", " cycles, "};
   long *fixed_dst[] = {&stats->inst, &stats->loops, &stats->cycles};
   for (unsigned i = 0; i < 3; i++) {
      *fixed_dst[i] = figure(p, &p);
      if (strncmp(p, fixed[i], strlen(fixed[i])))
         return false;
      p += strlen(fixed[i]);
   }
   stats->spills = figure(p, &p);
   if (*p++ != ':')
      return false;
   stats->fills = figure(p, &p);
   if (strncmp(p, " spills:fills", 13))
      return false;
   p += 13;

   /* Optional ", N name" pairs; unknown names are ignored. */
   while (!strncmp(p, ", ", 2)) {
      p += 2;
      long v = figure(p, &p);
      while (*p == ' ')
         p++;
      const char *name = p;
      while (*p && *p != ',')
         p++;
      unsigned n = p - name;
      if ((n == 4 && !strncasecmp(name, "gprs", 4)) || (n == 4 && !strncasecmp(name, "regs", 4)) ||
          (n == 9 && !strncasecmp(name, "registers", 9)))
         stats->gprs = v;
      else if (n == 5 && !strncmp(name, "bytes", 5))
         stats->bytes = v;
      else if (n == 11 && !strncmp(name, "local bytes", 11))
         stats->local = v;
      else if (n == 12 && !strncmp(name, "shared bytes", 12))
         stats->shared = v;
   }
   return true;
}

/* nvc0_program_translate():
 * "type: %d, local: %d, shared: %d, gpr: %d, inst: %d, bytes: %d, cached: %zd"
 * (type is the pipe shader type; local is the TLS size in bytes, which is
 * where nouveau spills).
 */
static bool
parse_nouveau(const char *msg, struct rs_stats *stats)
{
   int type, local, shared, gpr, inst, bytes;
   if (sscanf(msg,
              "type: %d, local: %d, shared: %d, gpr: %d, inst: %d, "
              "bytes: %d",
              &type, &local, &shared, &gpr, &inst, &bytes) != 6)
      return false;
   if (type < 0 || type >= RS_NUM_STAGES)
      return false;
   /* PIPE_SHADER_* has the order of gl_shader_stage, as enum rs_stage. */
   stats->stage = (enum rs_stage)type;
   stats->local = local;
   stats->shared = shared;
   stats->gprs = gpr;
   stats->inst = inst;
   stats->bytes = bytes;
   return true;
}

bool
rs_stats_parse(const char *msg, struct rs_stats *stats)
{
   /* parse_nouveau writes nothing unless it recognises the message. */
   stats_init(stats);
   return parse_nouveau(msg, stats) || parse_shaderdb(msg, stats);
}

/* Appends "<sep>N<name>" to buf at *at, "-" for an unknown figure. */
static void
put(char *buf, unsigned size, unsigned *at, const char *sep, long v, const char *name)
{
   if (*at >= size)
      return;
   if (v < 0)
      *at += snprintf(buf + *at, size - *at, "%s-%s", sep, name);
   else
      *at += snprintf(buf + *at, size - *at, "%s%ld%s", sep, v, name);
}

void
rs_stats_format(const struct rs_stats *stats, char *buf, unsigned size)
{
   if (stats->failed) {
      snprintf(buf, size, "compile failed: %s", stats->error);
      return;
   }
   unsigned at = 0;
   buf[0] = '\0';
   put(buf, size, &at, "", stats->inst, " inst");
   put(buf, size, &at, ", ", stats->loops, " loops");
   put(buf, size, &at, ", ", stats->cycles, " cycles");
   put(buf, size, &at, ", ", stats->spills, "");
   put(buf, size, &at, ":", stats->fills, " spills:fills");
   put(buf, size, &at, ", ", stats->gprs, " gprs");
   put(buf, size, &at, ", ", stats->bytes, " bytes");
   /* Only where the driver gives them (nouveau). */
   if (stats->local >= 0)
      put(buf, size, &at, ", ", stats->local, " local bytes");
   if (stats->shared >= 0)
      put(buf, size, &at, ", ", stats->shared, " shared bytes");
}
