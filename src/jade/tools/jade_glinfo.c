/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * jade-glinfo: creates an OpenGL core context through EGL (surfaceless
 * platform, no window system) and prints what the driver reports.
 *
 *   jade-glinfo [--version MAJOR.MINOR] [--es] [--extensions]
 *
 * Exit status 0 if a context was created and made current, 1 otherwise.
 */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

static int
fail(const char *what)
{
   fprintf(stderr, "jade-glinfo: %s failed (EGL error 0x%04x)\n", what, eglGetError());
   return 1;
}

int
main(int argc, char **argv)
{
   int major = 3, minor = 3;
   bool es = false, list_extensions = false;

   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--extensions")) {
         list_extensions = true;
      } else if (!strcmp(argv[i], "--es")) {
         es = true;
         major = 3;
         minor = 0;
      } else if (!strcmp(argv[i], "--version") && i + 1 < argc &&
                 sscanf(argv[++i], "%d.%d", &major, &minor) == 2) {
         continue;
      } else {
         fprintf(stderr,
                 "usage: %s [--version MAJOR.MINOR] [--es] "
                 "[--extensions]\n",
                 argv[0]);
         return 2;
      }
   }

   PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
   if (!get_platform_display)
      return fail("eglGetProcAddress(eglGetPlatformDisplayEXT)");

   EGLDisplay dpy = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (dpy == EGL_NO_DISPLAY)
      return fail("eglGetPlatformDisplayEXT(surfaceless)");

   EGLint egl_major, egl_minor;
   if (!eglInitialize(dpy, &egl_major, &egl_minor))
      return fail("eglInitialize");

   if (!eglBindAPI(es ? EGL_OPENGL_ES_API : EGL_OPENGL_API))
      return fail("eglBindAPI");

   const EGLint attribs[] = {
      EGL_CONTEXT_MAJOR_VERSION,
      major,
      EGL_CONTEXT_MINOR_VERSION,
      minor,
      es ? EGL_NONE : EGL_CONTEXT_OPENGL_PROFILE_MASK,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
      EGL_NONE,
   };
   EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
   if (ctx == EGL_NO_CONTEXT)
      return fail("eglCreateContext");
   if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
      return fail("eglMakeCurrent");

   GLint num_extensions = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &num_extensions);

   printf("EGL_VERSION: %d.%d\n", egl_major, egl_minor);
   printf("GL_VENDOR: %s\n", (const char *)glGetString(GL_VENDOR));
   printf("GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));
   printf("GL_VERSION: %s\n", (const char *)glGetString(GL_VERSION));
   printf("GL_SHADING_LANGUAGE_VERSION: %s\n",
          (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION));
   printf("GL_NUM_EXTENSIONS: %d\n", num_extensions);
   if (list_extensions) {
      PFNGLGETSTRINGIPROC get_stringi = (PFNGLGETSTRINGIPROC)eglGetProcAddress("glGetStringi");
      for (GLint i = 0; get_stringi && i < num_extensions; i++)
         printf("  %s\n", (const char *)get_stringi(GL_EXTENSIONS, i));
   }

   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   return 0;
}
