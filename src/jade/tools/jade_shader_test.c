/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * The parts of piglit's .shader_test format that shader-db uses: the
 * [require] section and the shader sections, up to [test].  The rules are
 * those of piglit's tests/shaders/shader_runner.c (process_test_script,
 * process_requirement, compile_glsl): a section starts with '[' in the
 * first column, text before the first section is ignored, a [require]
 * line the runner does not know is ignored, the only GLSL comparison is
 * ">=" (its version becomes the "#version" of a shader that has none),
 * and an unknown section is an error.
 */

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/macros.h"

#include "jade_run_shaders.h"

const char *const rs_stage_names[RS_NUM_STAGES] = {
   [RS_VERTEX] = "vertex",     [RS_TESS_CTRL] = "tess_ctrl", [RS_TESS_EVAL] = "tess_eval",
   [RS_GEOMETRY] = "geometry", [RS_FRAGMENT] = "fragment",   [RS_COMPUTE] = "compute",
};

static const struct {
   const char *name;
   enum rs_stage stage;
} shader_sections[] = {
   {"vertex shader", RS_VERTEX},
   {"tessellation control shader", RS_TESS_CTRL},
   {"tessellation evaluation shader", RS_TESS_EVAL},
   {"geometry shader", RS_GEOMETRY},
   {"fragment shader", RS_FRAGMENT},
   {"compute shader", RS_COMPUTE},
};

static void
set_reason(char *dst, const char *fmt, ...)
{
   if (dst[0])
      return; /* keep the first problem */
   va_list args;
   va_start(args, fmt);
   vsnprintf(dst, RS_REASON_LEN, fmt, args);
   va_end(args);
}

int
rs_glsl_to_gl(int glsl, bool es)
{
   if (es) {
      if (glsl <= 100)
         return 20;
      return glsl / 10; /* 300 -> 30, 310 -> 31, 320 -> 32 */
   }
   if (glsl <= 110)
      return 20;
   if (glsl <= 120)
      return 21;
   if (glsl <= 150)
      return 30 + (glsl - 130) / 10; /* 130 -> 30, 140 -> 31, 150 -> 32 */
   return glsl / 10;                 /* 330 -> 33, 400 -> 40, ... */
}

static char *
trim(char *s)
{
   while (isspace((unsigned char)*s))
      s++;
   char *end = s + strlen(s);
   while (end > s && isspace((unsigned char)end[-1]))
      *--end = '\0';
   return s;
}

int
rs_parse_version(const char *s, int scale)
{
   int major, minor;
   char minor_digits[8];
   if (sscanf(s, "%d.%7[0-9]", &major, minor_digits) != 2 || major < 1 || major > 9)
      return -1;
   minor = atoi(minor_digits);
   if (scale == 100 && strlen(minor_digits) == 1)
      minor *= 10;
   if (scale == 10 && strlen(minor_digits) == 2)
      minor /= 10;
   return major * scale + minor;
}

/* "[GLSL|GL] [ES|CORE|COMPAT] OP VERSION" */
static bool
parse_version_requirement(struct rs_test *test, char *line, int lineno)
{
   bool glsl = !strncmp(line, "GLSL", 4);
   char *rest = line + (glsl ? 4 : 2);
   if (!isspace((unsigned char)*rest))
      return false;
   rest = trim(rest);

   bool es = false;
   if (!strncmp(rest, "ES", 2) && isspace((unsigned char)rest[2])) {
      test->es = es = true;
      rest = trim(rest + 2);
   } else if (!glsl && !strncmp(rest, "CORE", 4)) {
      test->profile = 2;
      rest = trim(rest + 4);
   } else if (!glsl && !strncmp(rest, "COMPAT", 6)) {
      test->profile = 1;
      rest = trim(rest + 6);
   }

   char op[3] = {0};
   int n = 0;
   while (n < 2 && strchr("<>=", rest[n])) {
      op[n] = rest[n];
      n++;
   }
   int version = rs_parse_version(trim(rest + n), glsl ? 100 : 10);
   if (!n || version < 0) {
      set_reason(test->fail, "line %d: bad requirement \"%s\"", lineno, line);
      return true;
   }

   if (glsl) {
      /* piglit allows only ">=" for GLSL: the version may become the
       * shader's #version. */
      if (strcmp(op, ">=")) {
         set_reason(test->fail,
                    "line %d: unsupported GLSL version comparison "
                    "\"%s\"",
                    lineno, op);
         return true;
      }
      test->glsl_req = version;
      test->glsl_req_es = es;
   }

   int *min = glsl ? &test->glsl_min : &test->gl_min;
   int *max = glsl ? &test->glsl_max : &test->gl_max;
   if (!glsl && es)
      test->gl_req_es = true;
   if (!strcmp(op, ">=")) {
      if (version > *min)
         *min = version;
   } else if (!strcmp(op, ">")) {
      if (version + 1 > *min)
         *min = version + 1;
   } else if (!strcmp(op, "<=")) {
      *max = version;
   } else if (!strcmp(op, "<")) {
      *max = version - 1;
   } else {
      set_reason(test->fail, "line %d: bad requirement \"%s\"", lineno, line);
   }
   return true;
}

/* Adds a copy of name, unless it is listed already. */
static void
add_ext(struct rs_test *test, const char *name, bool negated, int lineno)
{
   int *count = negated ? &test->num_not_exts : &test->num_exts;
   char **list = negated ? test->not_exts : test->exts;
   for (int i = 0; i < *count; i++) {
      if (!strcmp(list[i], name))
         return;
   }
   if (*count == RS_MAX_EXTS) {
      set_reason(test->fail, "line %d: too many extensions", lineno);
      return;
   }
   char *copy = strdup(name);
   if (copy)
      list[(*count)++] = copy;
}

static void
parse_require_line(struct rs_test *test, char *line, int lineno)
{
   line = trim(line);
   if (!line[0] || line[0] == '#')
      return;

   if (!strncmp(line, "GL_", 3) || !strncmp(line, "!GL_", 4)) {
      bool negated = line[0] == '!';
      char *name = line + negated;
      name[strcspn(name, " \t")] = '\0';
      add_ext(test, name, negated, lineno);
      return;
   }
   if (!strncmp(line, "SPIRV", 5)) {
      /* "SPIRV YES" / "SPIRV ONLY": the test is about SPIR-V shaders. */
      if (!strstr(line, "NO"))
         set_reason(test->skip, "SPIR-V shader");
      return;
   }
   if (!strncmp(line, "rlimit", 6) && isspace((unsigned char)line[6])) {
      /* piglit sets the address-space limit before compiling. */
      test->rlimit = strtoull(line + 7, NULL, 0);
      return;
   }
   if (!strcmp(line, "SSO ENABLED")) {
      test->sso = true;
      return;
   }
   if (!strncmp(line, "GL", 2))
      parse_version_requirement(test, line, lineno);
   /* Anything else (SIZE, INT, rlimit, GL_MAX_* limits, comments, text
    * piglit does not know) says nothing about the compile: piglit ignores
    * what it does not know.
    */
}

/* "#version 150 core" / "#version 300 es" in a shader raises the GLSL
 * requirement; "#extension GL_X : require" adds an extension.
 */
static void
scan_shader_source(struct rs_test *test, char *source)
{
   for (char *line = source; line && *line;) {
      char *next = strchr(line, '\n');
      char *p = line;
      while (*p == ' ' || *p == '\t')
         p++;
      if (!strncmp(p, "#version", 8)) {
         int version = 0;
         char profile[16] = "";
         if (sscanf(p + 8, "%d %15s", &version, profile) >= 1) {
            if (!strcmp(profile, "es") || version == 100)
               test->es = true;
            if (!strcmp(profile, "compatibility"))
               test->profile = 1;
            if (version > test->glsl_min)
               test->glsl_min = version;
         }
      } else if (!strncmp(p, "#extension", 10)) {
         char name[128], behaviour[32];
         if (sscanf(p + 10, " %127[A-Za-z0-9_] : %31s", name, behaviour) == 2 &&
             !strcmp(behaviour, "require") && strncmp(name, "all", 3))
            add_ext(test, name, false, 0);
      }
      line = next ? next + 1 : NULL;
   }
}

/* Sections piglit knows that hold nothing to compile here. */
static bool
is_ignored_section(const char *name)
{
   static const char *const ignored[] = {"vertex data", "geometry layout"};
   for (unsigned i = 0; i < ARRAY_SIZE(ignored); i++) {
      if (!strcmp(name, ignored[i]))
         return true;
   }
   size_t len = strlen(name);
   const char *suffix = " shader specializations"; /* SPIR-V only */
   return len > strlen(suffix) && !strcmp(name + len - strlen(suffix), suffix);
}

/* Whether the [test] section holds piglit's "link error" command: the
 * program is meant not to link (piglit's negative linker tests pass when
 * linking fails). */
static bool
expects_link_error(const char *text)
{
   for (const char *line = text; line && *line;) {
      const char *end = strchrnul(line, '\n');
      while (line < end && isspace((unsigned char)*line))
         line++;
      const char *stop = end;
      while (stop > line && isspace((unsigned char)stop[-1]))
         stop--;
      if (stop - line == 10 && !strncmp(line, "link error", 10))
         return true;
      line = *end ? end + 1 : NULL;
   }
   return false;
}

void
rs_test_parse(struct rs_test *test, char *text, size_t size)
{
   memset(test, 0, sizeof(*test));
   test->text = text;

   if (!size) {
      set_reason(test->fail, "empty file");
      return;
   }
   if (memchr(text, '\0', size)) {
      set_reason(test->fail, "not a text file");
      return;
   }

   enum { NONE, REQUIRE, SHADER, IGNORED } state = NONE;
   bool seen_section = false, seen_require = false;
   int lineno = 0;
   char *line = text;
   while (line && *line) {
      char *next = strchr(line, '\n');
      if (next)
         *next = '\0';
      lineno++;

      for (char *c = line; *c; c++) {
         if ((unsigned char)*c < 0x20 && *c != '\t' && *c != '\r') {
            set_reason(test->fail, "line %d: not a text file", lineno);
            return;
         }
      }

      if (line[0] == '[') {
         char *end = strchr(line, ']');
         if (!end) {
            set_reason(test->fail, "line %d: unterminated section header", lineno);
            return;
         }
         *end = '\0';
         char *name = trim(line + 1);
         seen_section = true;
         state = IGNORED;

         if (!strcmp(name, "test")) {
            test->expect_link_error = next && expects_link_error(next + 1);
            break;
         }
         if (!strcmp(name, "require")) {
            state = REQUIRE;
            seen_require = true;
         } else if (!strcmp(name, "vertex shader passthrough")) {
            test->passthrough_vs = true;
         } else if (!strcmp(name, "vertex program") || !strcmp(name, "fragment program")) {
            set_reason(test->skip, "ARB assembly program");
         } else if (strstr(name, "spirv") || strstr(name, "SPIRV")) {
            set_reason(test->skip, "SPIR-V shader");
         } else if (is_ignored_section(name)) {
            state = IGNORED;
         } else if (!strcmp(name, "shader include") || !strcmp(name, "shader include paths")) {
            set_reason(test->skip, "shader include (ARB_shading_language_include)");
         } else {
            bool found = false;
            for (unsigned i = 0; i < ARRAY_SIZE(shader_sections); i++) {
               if (strcmp(name, shader_sections[i].name))
                  continue;
               found = true;
               if (test->num_shaders == RS_MAX_SHADERS) {
                  set_reason(test->fail, "line %d: too many shaders", lineno);
                  return;
               }
               struct rs_shader *shader = &test->shaders[test->num_shaders++];
               shader->stage = shader_sections[i].stage;
               /* The source starts on the next line; the terminating NUL
                * is written when the next section header is reached.
                */
               shader->source = next ? next + 1 : line + strlen(line);
               state = SHADER;
            }
            if (!found) {
               /* piglit: "Unknown section in test script". */
               set_reason(test->fail, "line %d: unknown section [%.40s]", lineno, name);
               return;
            }
         }
         /* End the previous shader's source at this header. */
         line[0] = '\0';
      } else if (state == REQUIRE) {
         parse_require_line(test, line, lineno);
      }
      /* Text before the first section: piglit ignores it (many tests
       * start with a comment that is not marked as one). */

      if (next && state == SHADER)
         *next = '\n'; /* shader sources keep their lines */
      line = next ? next + 1 : NULL;
   }

   if (!seen_section) {
      set_reason(test->fail, "no sections (not a shader_test file)");
      return;
   }
   if (line && *line)
      line[0] = '\0'; /* [test]: ends the last shader */

   if (!seen_require) {
      set_reason(test->fail, "[require] section missing");
      return;
   }
   if (test->glsl_req_es && !test->gl_req_es) {
      set_reason(test->fail, "a GLSL ES requirement without a GL ES one");
      return;
   }
   /* What is skipped (ARB programs, SPIR-V) need not have GLSL shaders. */
   if (test->skip[0])
      return;
   if (!test->num_shaders && !test->passthrough_vs) {
      set_reason(test->fail, "no shader sections");
      return;
   }

   for (int i = 0; i < test->num_shaders; i++) {
      char *src = test->shaders[i].source;
      if (!trim(src)[0]) {
         set_reason(test->fail, "empty %s shader", rs_stage_names[test->shaders[i].stage]);
         return;
      }
      scan_shader_source(test, src);
   }
   if (!test->glsl_req) {
      /* piglit's compile_glsl refuses to compile without one. */
      set_reason(test->fail, "GLSL version requirement missing");
      return;
   }
   if (!test->glsl_min)
      test->glsl_min = test->es ? 100 : 110;
}

const char rs_passthrough_vs[] = "#if __VERSION__ >= 130\n"
                                 "in vec4 piglit_vertex;\n"
                                 "#else\n"
                                 "attribute vec4 piglit_vertex;\n"
                                 "#endif\n"
                                 "void main() { gl_Position = piglit_vertex; }\n";

void
rs_test_version_prefix(const struct rs_test *test, const char *source, char *buf, unsigned size)
{
   if (strstr(source, "#version "))
      snprintf(buf, size, "%s", "");
   else
      snprintf(buf, size, "#version %d%s\n", test->glsl_req,
               test->glsl_req_es && test->glsl_req != 100 ? " es" : "");
}

void
rs_test_finish(struct rs_test *test)
{
   for (int i = 0; i < test->num_exts; i++)
      free(test->exts[i]);
   for (int i = 0; i < test->num_not_exts; i++)
      free(test->not_exts[i]);
   free(test->text);
   memset(test, 0, sizeof(*test));
}
