/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * What the GL test programs share: a surfaceless EGL context and shader
 * compilation.
 */

#ifndef GL_TEST_CONTEXT_H
#define GL_TEST_CONTEXT_H

#include <stdbool.h>

#include <GL/gl.h>

/* Makes a GL major.minor context (core or compatibility profile) current
 * on the surfaceless platform; false (with a message) if it cannot. */
bool gl_test_context_create(int major, int minor, bool core);
void gl_test_context_destroy(void);

/* glFinish, then every pending GL error printed while the context is still
 * current, then the context destroyed: 0, or 2 if there were errors. */
int gl_test_context_finish(void);

/* A test program's cases: main runs the one argv[1] names in a GL 3.3
 * core context and returns its result (non-zero: failed), else the GL
 * errors left (2), or 2 for an unknown case. */
struct gl_test_case {
   const char *name;
   int (*run)(void);
};
int gl_test_main(int argc, char **argv, const struct gl_test_case *cases, unsigned count);

/* A compiled shader object, or 0 with the info log on stderr. */
GLuint gl_test_compile(GLenum stage, const char *src);

/* A compute shader with shared memory, a barrier and a uniform uint k,
 * writing data[] of binding 0 (gl-stream-compute and gl-exec-compute-shared). */
extern const char *const gl_test_shared_cs;

/* Links program p and makes it current; 0 (the log on stderr) if it
 * does not link. */
GLuint gl_test_link(GLuint p);

/* A compute program of src, linked (the log on stderr and 0 if not) and
 * in use. */
GLuint gl_test_compute_program(const char *src);

/* A storage buffer of `words` words of 0xdeadbeef at binding 0. */
GLuint gl_test_storage(unsigned words);

/* A size x size framebuffer of one `format` renderbuffer, bound, the
 * viewport on it, cleared to `clear` in every channel; a vertex array of
 * `count` vec4 positions `verts` at attribute 0, bound. */
void gl_test_draw_target(GLenum format, unsigned size, const float *verts, unsigned count,
                         float clear);

/* Barycentric weights l[] of the window-space triangle v at (X, Y), for
 * expected images; true when (X, Y) is inside or on an edge. */
bool gl_test_barycentric(const double v[3][2], double X, double Y, double l[3]);

#endif /* GL_TEST_CONTEXT_H */
