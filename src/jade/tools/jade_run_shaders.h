/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * jade-run-shaders: the parts that need no GL (shader_test parsing,
 * jade_shader_test.c; the parsing of the drivers' statistics messages,
 * jade_shader_stats.c), used by the runner (jade_run_shaders.c).
 */

#ifndef JADE_RUN_SHADERS_H
#define JADE_RUN_SHADERS_H

#include <stdbool.h>
#include <stddef.h>

enum rs_stage {
   RS_VERTEX,
   RS_TESS_CTRL,
   RS_TESS_EVAL,
   RS_GEOMETRY,
   RS_FRAGMENT,
   RS_COMPUTE,
   RS_NUM_STAGES,
};

extern const char *const rs_stage_names[RS_NUM_STAGES];

#define RS_MAX_SHADERS 16
#define RS_MAX_EXTS    32
#define RS_REASON_LEN  256

struct rs_shader {
   enum rs_stage stage;
   char *source; /* NUL-terminated, owned by the test */
};

struct rs_test {
   /* A parse problem: the file is reported as FAIL (malformed) or SKIP
    * (something the runner does not handle, e.g. ARB assembly).  Empty when
    * the file can be compiled.
    */
   char fail[RS_REASON_LEN];
   char skip[RS_REASON_LEN];

   bool es;                /* GL ES context */
   int profile;            /* 0 any, 1 compatibility, 2 core */
   int gl_min, gl_max;     /* GL (or GL ES) version * 10; 0 none */
   int glsl_min, glsl_max; /* GLSL (or GLSL ES) version * 100; 0 none */
   /* The [require] section's "GLSL [ES] >= V": piglit gives a shader
    * without a #version the directive "#version V" (" es" after an ES
    * version other than 100).
    */
   int glsl_req;
   bool glsl_req_es, gl_req_es;
   bool sso;
   bool expect_link_error;    /* [test] says "link error" */
   unsigned long long rlimit; /* "rlimit N": address space, bytes; 0 none */
   bool passthrough_vs;

   int num_exts, num_not_exts;
   char *exts[RS_MAX_EXTS];     /* owned by the test */
   char *not_exts[RS_MAX_EXTS]; /* owned by the test */

   int num_shaders;
   struct rs_shader shaders[RS_MAX_SHADERS];

   char *text; /* the file's contents (sources point into it) */
};

/* Parses the contents of a .shader_test file; takes ownership of text
 * (malloc'ed, size bytes plus a terminating NUL).  Never fails: problems
 * are recorded in test->fail / test->skip.
 */
void rs_test_parse(struct rs_test *test, char *text, size_t size);
void rs_test_finish(struct rs_test *test);

/* The #version line piglit puts before a shader source that has no
 * "#version " (the test's GLSL requirement); "" when it has one.
 */
void rs_test_version_prefix(const struct rs_test *test, const char *source, char *buf,
                            unsigned size);

/* piglit's [vertex shader passthrough] source (before its prefix). */
extern const char rs_passthrough_vs[];

/* Maps a GLSL version (x100) to the GL version (x10) that introduced it. */
int rs_glsl_to_gl(int glsl, bool es);

/* "MAJOR.MINOR..." -> version * scale: "1.30" -> 130 (scale 100), "4.3"
 * -> 43 (scale 10); one minor digit means tens at scale 100, two mean
 * hundredths at scale 10.  -1 if s does not start with a version.
 */
int rs_parse_version(const char *s, int scale);

/* One shader's statistics, normalised from either driver's message.  -1
 * where the driver does not report the figure.
 */
struct rs_stats {
   enum rs_stage stage;
   long inst, loops, cycles, spills, fills, gprs, bytes, local, shared;
   /* "<word> <stage> shader: compile failed: REASON": the driver could not
    * compile a stage GL accepted; error holds REASON.
    */
   bool failed;
   char error[200];
};

/* Parses one GL debug message: shader-db form
 *   "<word> <stage> shader: N inst, N loops, N cycles, N:N spills:fills, ..."
 * (with optional ", N gprs", ", N bytes" ...), its failure form
 *   "<word> <stage> shader: compile failed: REASON"
 * or nouveau's (nvc0)
 *   "type: %d, local: %d, shared: %d, gpr: %d, inst: %d, bytes: %d, ..."
 * Returns false if the message is neither.
 */
bool rs_stats_parse(const char *msg, struct rs_stats *stats);

/* "N inst, N loops, N cycles, S:F spills:fills, N gprs, N bytes[, N local,
 * N shared]" with "-" for unknown figures.
 */
void rs_stats_format(const struct rs_stats *stats, char *buf, unsigned size);

#endif
