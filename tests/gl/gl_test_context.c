/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include "gl_test_context.h"

static EGLDisplay dpy = EGL_NO_DISPLAY;
static EGLContext ctx = EGL_NO_CONTEXT;

bool
gl_test_context_create(int major, int minor, bool core)
{
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
   dpy = get_platform_display
            ? get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
            : EGL_NO_DISPLAY;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) {
      fprintf(stderr, "EGL setup failed: 0x%x\n", eglGetError());
      return false;
   }
   const EGLint attribs[] = {
      EGL_CONTEXT_MAJOR_VERSION,
      major,
      EGL_CONTEXT_MINOR_VERSION,
      minor,
      EGL_CONTEXT_OPENGL_PROFILE_MASK,
      core ? EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT : EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
      EGL_NONE,
   };
   ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      fprintf(stderr, "no GL %d.%d %s context: 0x%x\n", major, minor,
              core ? "core" : "compatibility", eglGetError());
      return false;
   }
   return true;
}

int
gl_test_context_finish(void)
{
   /* While the context is current: after eglMakeCurrent(NO_CONTEXT),
    * glGetError has no context to ask and says GL_NO_ERROR. */
   glFinish();
   int errors = 0;
   for (GLenum e; (e = glGetError()) != GL_NO_ERROR && errors < 16; errors++)
      fprintf(stderr, "GL error 0x%04x\n", e);
   gl_test_context_destroy();
   return errors ? 2 : 0;
}

void
gl_test_context_destroy(void)
{
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
}

GLuint
gl_test_compile(GLenum stage, const char *src)
{
   GLuint s = glCreateShader(stage);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   GLint ok = 0;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[2048] = "";
      glGetShaderInfoLog(s, sizeof(log), NULL, log);
      fprintf(stderr, "shader compile failed: %s\n", log);
      glDeleteShader(s);
      return 0;
   }
   return s;
}

/* data[global index] = k times the index mirrored within the group. */
const char *const gl_test_shared_cs =
   "#version 330\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_storage_buffer_object : require\n"
   "layout(local_size_x = 64, local_size_y = 2) in;\n"
   "layout(std430, binding = 0) buffer B { uint data[]; };\n"
   "uniform uint k;\n"
   "shared uint s[128];\n"
   "void main() {\n"
   "   uint i = gl_LocalInvocationIndex;\n"
   "   s[i] = i * k;\n"
   "   barrier();\n"
   "   uvec3 g = gl_GlobalInvocationID;\n"
   "   data[g.x + gl_NumWorkGroups.x * 64u * g.y] = s[127u - i];\n"
   "}\n";

GLuint
gl_test_link(GLuint p)
{
   glLinkProgram(p);
   GLint ok = 0;
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[4096] = "";
      glGetProgramInfoLog(p, sizeof(log), NULL, log);
      fprintf(stderr, "link failed: %s\n", log);
      return 0;
   }
   glUseProgram(p);
   return p;
}

GLuint
gl_test_compute_program(const char *src)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, gl_test_compile(GL_COMPUTE_SHADER, src));
   return gl_test_link(p);
}

GLuint
gl_test_storage(unsigned words)
{
   GLuint b;
   glGenBuffers(1, &b);
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   glBufferData(GL_SHADER_STORAGE_BUFFER, words * 4, NULL, GL_DYNAMIC_COPY);
   static const GLuint junk = 0xdeadbeef;
   glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &junk);
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
   return b;
}

int
gl_test_main(int argc, char **argv, const struct gl_test_case *cases, unsigned count)
{
   for (unsigned i = 0; argc == 2 && i < count; i++) {
      if (!strcmp(argv[1], cases[i].name)) {
         if (!gl_test_context_create(3, 3, true))
            return 1;
         int failed = cases[i].run();
         int errors = gl_test_context_finish();
         return failed ? failed : errors;
      }
   }
   fprintf(stderr, "usage: %s CASE, CASE one of:", argv[0]);
   for (unsigned i = 0; i < count; i++)
      fprintf(stderr, " %s", cases[i].name);
   fprintf(stderr, "\n");
   return 2;
}

void
gl_test_draw_target(GLenum format, unsigned size, const float *verts, unsigned count, float clear)
{
   GLuint fb, rb, vao, vb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, format, (GLsizei)size, (GLsizei)size);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glViewport(0, 0, (GLsizei)size, (GLsizei)size);
   glClearColor(clear, clear, clear, clear);
   glClear(GL_COLOR_BUFFER_BIT);
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)count * 16, verts, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
}

bool
gl_test_barycentric(const double v[3][2], double X, double Y, double l[3])
{
   const double area =
      (v[1][0] - v[0][0]) * (v[2][1] - v[0][1]) - (v[1][1] - v[0][1]) * (v[2][0] - v[0][0]);
   for (unsigned k = 0; k < 3; k++) {
      const double *a = v[(k + 1) % 3], *b = v[(k + 2) % 3];
      l[k] = ((b[0] - a[0]) * (Y - a[1]) - (b[1] - a[1]) * (X - a[0])) / area;
   }
   return l[0] >= 0 && l[1] >= 0 && l[2] >= 0;
}
