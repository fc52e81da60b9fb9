/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * test-gl-gbm: GL on a GBM window surface, as piglit runs under
 * PIGLIT_PLATFORM=gbm (ci/jade-env.sh's default).  GBM's DRI backend
 * allocates a buffer through the driver only when the screen can export
 * dma-bufs (gbm_dri_bo_create; else a dumb buffer, which a render node
 * refuses), so this checks, in order: a scanout + rendering buffer is
 * made; it exports (gbm_bo_get_fd: Jade's resource_get_handle, the shim's
 * PRIME_HANDLE_TO_FD) and the dma-buf names the same GEM handle again
 * (PRIME_FD_TO_HANDLE); a window surface's context starts with the
 * surface's viewport (Mesa's check_init_viewport: 0 x 0 when the drawable
 * had no buffers); and a triangle over the viewport lands in the window's
 * back buffer (glReadPixels, on the executing shim).  libgbm is dlopened
 * (the one ci/jade-env.sh puts first: the built Mesa's), so the build
 * needs no gbm.pc.  Exits 0 on success.
 */

#define GL_GLEXT_PROTOTYPES 1

#include <dlfcn.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include "drm-uapi/drm.h"

/* gbm.h's values (src/gbm/main/gbm.h). */
#define FOURCC(a, b, c, d)                                                                         \
   ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24)
#define GBM_FORMAT_XRGB8888  FOURCC('X', 'R', '2', '4')
#define GBM_BO_USE_SCANOUT   (1 << 0)
#define GBM_BO_USE_RENDERING (1 << 2)

union gbm_handle {
   void *ptr;
   int32_t s32;
   uint32_t u32;
   int64_t s64;
   uint64_t u64;
};

static struct {
   void *(*create_device)(int fd);
   void (*device_destroy)(void *gbm);
   void *(*bo_create)(void *gbm, uint32_t w, uint32_t h, uint32_t format, uint32_t flags);
   void (*bo_destroy)(void *bo);
   union gbm_handle (*bo_get_handle)(void *bo);
   int (*bo_get_fd)(void *bo);
   void *(*surface_create)(void *gbm, uint32_t w, uint32_t h, uint32_t format, uint32_t flags);
   void (*surface_destroy)(void *s);
} gbm;

static bool
load_gbm(void)
{
   void *lib = dlopen("libgbm.so.1", RTLD_NOW);
   if (!lib) {
      fprintf(stderr, "no libgbm: %s\n", dlerror());
      return false;
   }
#define SYM(field, name)                                                                           \
   if (!(*(void **)&gbm.field = dlsym(lib, name))) {                                               \
      fprintf(stderr, "libgbm has no %s\n", name);                                                 \
      return false;                                                                                \
   }
   SYM(create_device, "gbm_create_device");
   SYM(device_destroy, "gbm_device_destroy");
   SYM(bo_create, "gbm_bo_create");
   SYM(bo_destroy, "gbm_bo_destroy");
   SYM(bo_get_handle, "gbm_bo_get_handle");
   SYM(bo_get_fd, "gbm_bo_get_fd");
   SYM(surface_create, "gbm_surface_create");
   SYM(surface_destroy, "gbm_surface_destroy");
#undef SYM
   return true;
}

enum { W = 64, H = 48 };

static GLuint
shader(GLenum stage, const char *src)
{
   GLuint s = glCreateShader(stage);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   GLint ok = 0;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024];
      glGetShaderInfoLog(s, sizeof(log), NULL, log);
      fprintf(stderr, "shader: %s\n", log);
   }
   return s;
}

/* A triangle over the whole viewport, green; 0 if the centre pixel of the
 * window's back buffer reads green. */
static int
draw_and_read(void)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, shader(GL_VERTEX_SHADER, "#version 130\n"
                                              "in vec4 pos;\n"
                                              "void main() { gl_Position = pos; }\n"));
   glAttachShader(p,
                  shader(GL_FRAGMENT_SHADER, "#version 130\n"
                                             "void main() { gl_FragColor = vec4(0, 1, 0, 1); }\n"));
   glBindAttribLocation(p, 0, "pos");
   glLinkProgram(p);
   glUseProgram(p);
   static const float verts[] = {-1, -1, 0, 1, 3, -1, 0, 1, -1, 3, 0, 1};
   GLuint vao, vbo;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   uint8_t px[4] = {0};
   glReadPixels(W / 2, H / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   if (px[0] != 0 || px[1] != 255 || px[2] != 0) {
      fprintf(stderr, "the window's centre pixel is %u %u %u, not the triangle's 0 255 0\n", px[0],
              px[1], px[2]);
      return 1;
   }
   return 0;
}

int
main(void)
{
   if (!load_gbm())
      return 1;
   const int fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
   void *dev = fd >= 0 ? gbm.create_device(fd) : NULL;
   if (!dev) {
      fprintf(stderr, "no GBM device on /dev/dri/renderD128\n");
      return 1;
   }
   int failed = 0;

   void *bo =
      gbm.bo_create(dev, W, H, GBM_FORMAT_XRGB8888, GBM_BO_USE_SCANOUT | GBM_BO_USE_RENDERING);
   if (!bo) {
      fprintf(stderr, "gbm_bo_create(XRGB8888, SCANOUT | RENDERING) failed: the screen cannot "
                      "export dma-bufs (GBM fell back to a dumb buffer)\n");
      return 1;
   }
   const int buf = gbm.bo_get_fd(bo);
   struct drm_prime_handle back = {.fd = buf};
   if (buf < 0) {
      fprintf(stderr, "gbm_bo_get_fd failed\n");
      failed = 1;
   } else if (ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &back) ||
              back.handle != gbm.bo_get_handle(bo).u32) {
      fprintf(stderr, "the exported dma-buf names handle %u, not the buffer's %u\n", back.handle,
              gbm.bo_get_handle(bo).u32);
      failed = 1;
   }
   if (buf >= 0)
      close(buf);
   gbm.bo_destroy(bo);

   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR, dev, NULL);
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) {
      fprintf(stderr, "EGL on GBM: 0x%x\n", eglGetError());
      return 1;
   }
   const EGLint want[] = {EGL_RED_SIZE,
                          8,
                          EGL_GREEN_SIZE,
                          8,
                          EGL_BLUE_SIZE,
                          8,
                          EGL_SURFACE_TYPE,
                          EGL_WINDOW_BIT,
                          EGL_RENDERABLE_TYPE,
                          EGL_OPENGL_BIT,
                          EGL_NONE};
   EGLConfig configs[64];
   EGLint n = 0;
   eglChooseConfig(dpy, want, configs, 64, &n);
   /* The XRGB8888 one: the surface's format is the config's visual. */
   EGLConfig config = NULL;
   for (EGLint i = 0; i < n && !config; i++) {
      EGLint visual = 0;
      eglGetConfigAttrib(dpy, configs[i], EGL_NATIVE_VISUAL_ID, &visual);
      if ((uint32_t)visual == GBM_FORMAT_XRGB8888)
         config = configs[i];
   }
   if (!config) {
      fprintf(stderr, "no XRGB8888 window config (%d configs)\n", n);
      return 1;
   }
   void *surface =
      gbm.surface_create(dev, W, H, GBM_FORMAT_XRGB8888, GBM_BO_USE_SCANOUT | GBM_BO_USE_RENDERING);
   EGLSurface win =
      surface ? eglCreatePlatformWindowSurface(dpy, config, surface, NULL) : EGL_NO_SURFACE;
   EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, NULL);
   if (win == EGL_NO_SURFACE || ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, win, win, ctx)) {
      fprintf(stderr, "no window surface context: 0x%x\n", eglGetError());
      return 1;
   }
   GLint vp[4] = {-1, -1, -1, -1};
   glGetIntegerv(GL_VIEWPORT, vp);
   if (vp[0] != 0 || vp[1] != 0 || vp[2] != W || vp[3] != H) {
      fprintf(stderr, "the window's first viewport is %d %d %d %d, not 0 0 %d %d\n", vp[0], vp[1],
              vp[2], vp[3], W, H);
      failed = 1;
   }
   /* On the noop shim nothing is drawn: the pixels only on --exec. */
   const char *shim = getenv("LD_PRELOAD");
   if (shim && strstr(shim, "jade_sim_drm_shim"))
      failed |= draw_and_read();
   glFinish();
   for (GLenum e; (e = glGetError()) != GL_NO_ERROR; failed = 1)
      fprintf(stderr, "GL error 0x%04x\n", e);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, win);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   gbm.surface_destroy(surface);
   gbm.device_destroy(dev);
   close(fd);
   return failed;
}
