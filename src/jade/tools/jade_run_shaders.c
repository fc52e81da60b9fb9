/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * jade-run-shaders: a shader-db style runner.  Compiles and links the
 * programs of piglit .shader_test files through EGL (surfaceless platform)
 * and prints the statistics the driver reports through the GL debug
 * callback, one line per shader stage:
 *
 *   FILE - STAGE shader: I inst, L loops, C cycles, S:F spills:fills, G gprs, B bytes
 *   FILE - STAGE shader: no statistics
 *   FILE - FAIL: REASON
 *   FILE - SKIP: REASON
 *   FILE - CRASH: REASON
 *
 * then a summary.  Figures a driver does not report are printed as "-".
 *
 *   jade-run-shaders [-j N] [--driver NAME] [--timeout S]
 *                    [--default-corpus DIR] [PATH...]
 *   jade-run-shaders --parse-messages < messages
 *
 * Each worker is a forked process with its own contexts; a worker that
 * crashes (or runs past the timeout) costs only the file it was on: it is
 * reported as CRASH and a new worker takes the rest of its files.  Output
 * is in the order of the sorted file list whatever -j is.
 *
 * JADE_RUN_SHADERS_CRASH_ON=TEXT makes a worker die (SIGSEGV) on the files
 * whose path contains TEXT: the runner's tests use it.
 *
 * Exit status 0 when the run completed (failed compiles are results), 1 when
 * the runner could not run (bad usage, no EGL display, unreadable path).
 */

#include <errno.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include "util/macros.h"
#include "util/os_file.h"
#include "util/ralloc.h"
#include "util/u_dynarray.h"

#include "jade_run_shaders.h"

/* Worker exit status when it cannot run at all (no EGL display). */
#define WORKER_SETUP_FAILED 3

/* ------------------------------------------------------------------------
 * The worker: GL contexts and one file at a time.
 */

enum ctx_kind { CTX_COMPAT, CTX_CORE, CTX_ES, CTX_NUM };
static const char *const ctx_kind_names[CTX_NUM] = {
   "compatibility profile",
   "core profile",
   "GL ES",
};

/* GL 1.0 entry points have no PFN types in glext.h. */
typedef const GLubyte *(GLAPIENTRY *rs_get_string)(GLenum name);
typedef void(GLAPIENTRY *rs_get_integerv)(GLenum pname, GLint *data);
typedef GLenum(GLAPIENTRY *rs_get_error)(void);
typedef void(GLAPIENTRY *rs_enable)(GLenum cap);

struct gl_funcs {
   rs_get_string GetString;
   PFNGLGETSTRINGIPROC GetStringi;
   rs_get_integerv GetIntegerv;
   rs_get_error GetError;
   rs_enable Enable;
   PFNGLDEBUGMESSAGECALLBACKPROC DebugMessageCallback;
   PFNGLDEBUGMESSAGECONTROLPROC DebugMessageControl;
   PFNGLCREATESHADERPROC CreateShader;
   PFNGLSHADERSOURCEPROC ShaderSource;
   PFNGLCOMPILESHADERPROC CompileShader;
   PFNGLGETSHADERIVPROC GetShaderiv;
   PFNGLGETSHADERINFOLOGPROC GetShaderInfoLog;
   PFNGLDELETESHADERPROC DeleteShader;
   PFNGLCREATEPROGRAMPROC CreateProgram;
   PFNGLATTACHSHADERPROC AttachShader;
   PFNGLPROGRAMPARAMETERIPROC ProgramParameteri;
   PFNGLLINKPROGRAMPROC LinkProgram;
   PFNGLGETPROGRAMIVPROC GetProgramiv;
   PFNGLGETPROGRAMINFOLOGPROC GetProgramInfoLog;
   PFNGLDELETEPROGRAMPROC DeleteProgram;
   /* --draw */
   PFNGLUSEPROGRAMPROC UseProgram;
   PFNGLGENVERTEXARRAYSPROC GenVertexArrays;
   PFNGLBINDVERTEXARRAYPROC BindVertexArray;
   void(GLAPIENTRY *DrawArrays)(GLenum mode, GLint first, GLsizei count);
   void(GLAPIENTRY *Finish)(void);
   PFNGLGENFRAMEBUFFERSPROC GenFramebuffers;
   PFNGLBINDFRAMEBUFFERPROC BindFramebuffer;
   PFNGLGENRENDERBUFFERSPROC GenRenderbuffers;
   PFNGLBINDRENDERBUFFERPROC BindRenderbuffer;
   PFNGLRENDERBUFFERSTORAGEPROC RenderbufferStorage;
   PFNGLFRAMEBUFFERRENDERBUFFERPROC FramebufferRenderbuffer;
   /* --draw: the context's vertex array and framebuffer, once made */
   GLuint draw_vao, draw_fbo;
};

struct ctx_info {
   bool tried, ok;
   EGLContext ctx;
   bool es;
   int gl;     /* version * 10 */
   int glsl;   /* version * 100 */
   char *exts; /* " name name ... " */
   struct gl_funcs fn;
};

static struct {
   EGLDisplay dpy;
   struct ctx_info ctx[CTX_NUM];
   int current;
   bool reported_driver;

   /* Statistics messages received while the current file compiled. */
   struct rs_stats msgs[64];
   int num_msgs;
} W = {.current = -1};

static void GLAPIENTRY
debug_callback(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
               const GLchar *message, const void *user)
{
   struct rs_stats stats;
   if (source != GL_DEBUG_SOURCE_SHADER_COMPILER || type != GL_DEBUG_TYPE_OTHER)
      return;
   if (W.num_msgs < (int)ARRAY_SIZE(W.msgs) && rs_stats_parse(message, &stats))
      W.msgs[W.num_msgs++] = stats;
}

static void *
get_proc(const char *name, const char *alt)
{
   void *p = (void *)eglGetProcAddress(name);
   if (!p && alt)
      p = (void *)eglGetProcAddress(alt);
   return p;
}

static bool
load_funcs(struct gl_funcs *fn, bool es)
{
#define LOAD(f) fn->f = (void *)get_proc("gl" #f, NULL)
   LOAD(GetString);
   LOAD(GetStringi);
   LOAD(GetIntegerv);
   LOAD(GetError);
   LOAD(Enable);
   LOAD(CreateShader);
   LOAD(ShaderSource);
   LOAD(CompileShader);
   LOAD(GetShaderiv);
   LOAD(GetShaderInfoLog);
   LOAD(DeleteShader);
   LOAD(CreateProgram);
   LOAD(AttachShader);
   LOAD(ProgramParameteri);
   LOAD(LinkProgram);
   LOAD(GetProgramiv);
   LOAD(GetProgramInfoLog);
   LOAD(DeleteProgram);
   LOAD(UseProgram);
   LOAD(GenVertexArrays);
   LOAD(BindVertexArray);
   LOAD(DrawArrays);
   LOAD(Finish);
   LOAD(GenFramebuffers);
   LOAD(BindFramebuffer);
   LOAD(GenRenderbuffers);
   LOAD(BindRenderbuffer);
   LOAD(RenderbufferStorage);
   LOAD(FramebufferRenderbuffer);
#undef LOAD
   /* GL ES before 3.2 has KHR_debug only with the suffix. */
   fn->DebugMessageCallback = get_proc(es ? "glDebugMessageCallbackKHR" : "glDebugMessageCallback",
                                       es ? "glDebugMessageCallback" : "glDebugMessageCallbackKHR");
   fn->DebugMessageControl = get_proc(es ? "glDebugMessageControlKHR" : "glDebugMessageControl",
                                      es ? "glDebugMessageControl" : "glDebugMessageControlKHR");
   return fn->GetString && fn->GetStringi && fn->GetIntegerv && fn->CreateShader &&
          fn->ShaderSource && fn->CompileShader && fn->GetShaderiv && fn->GetShaderInfoLog &&
          fn->CreateProgram && fn->AttachShader && fn->LinkProgram && fn->GetProgramiv &&
          fn->GetProgramInfoLog && fn->DeleteProgram && fn->DeleteShader && fn->GetError;
}

static void
clear_errors(const struct gl_funcs *fn)
{
   while (fn->GetError() != GL_NO_ERROR)
      ;
}

/* "4.3 (Core Profile) Mesa 25.0.7", "OpenGL ES 3.2 Mesa ...",
 * "OpenGL ES GLSL ES 3.20" -> version * scale; 0 if there is none.
 */
static int
parse_version_string(const GLubyte *string, int scale)
{
   if (!string)
      return 0;
   const char *s = (const char *)string;
   int version = rs_parse_version(s + strcspn(s, "0123456789"), scale);
   return version < 0 ? 0 : version;
}

static struct ctx_info *
make_current(enum ctx_kind kind, FILE *out)
{
   struct ctx_info *ci = &W.ctx[kind];
   if (!ci->tried) {
      ci->tried = true;
      ci->es = kind == CTX_ES;
      EGLint attribs[16], n = 0;
      attribs[n++] = EGL_CONTEXT_MAJOR_VERSION;
      attribs[n++] = kind == CTX_CORE ? 3 : 2;
      attribs[n++] = EGL_CONTEXT_MINOR_VERSION;
      attribs[n++] = kind == CTX_CORE ? 2 : 0;
      if (kind != CTX_ES) {
         attribs[n++] = EGL_CONTEXT_OPENGL_PROFILE_MASK;
         attribs[n++] = kind == CTX_CORE ? EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT
                                         : EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT;
      }
      attribs[n++] = EGL_CONTEXT_OPENGL_DEBUG;
      attribs[n++] = EGL_TRUE;
      attribs[n++] = EGL_NONE;

      if (!eglBindAPI(ci->es ? EGL_OPENGL_ES_API : EGL_OPENGL_API))
         return NULL;
      ci->ctx = eglCreateContext(W.dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
      if (ci->ctx == EGL_NO_CONTEXT)
         return NULL;
      if (!eglMakeCurrent(W.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ci->ctx) ||
          !load_funcs(&ci->fn, ci->es))
         return NULL;
      W.current = kind;

      const struct gl_funcs *fn = &ci->fn;
      ci->gl = parse_version_string(fn->GetString(GL_VERSION), 10);
      ci->glsl = parse_version_string(fn->GetString(GL_SHADING_LANGUAGE_VERSION), 100);

      GLint num = 0;
      fn->GetIntegerv(GL_NUM_EXTENSIONS, &num);
      ci->exts = ralloc_strdup(NULL, " ");
      for (GLint i = 0; ci->exts && i < num; i++) {
         if (!ralloc_asprintf_append(&ci->exts, "%s ",
                                     (const char *)fn->GetStringi(GL_EXTENSIONS, i)))
            return NULL;
      }
      if (!ci->exts)
         return NULL;

      if (fn->DebugMessageCallback) {
         fn->Enable(GL_DEBUG_OUTPUT);
         fn->Enable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
         fn->DebugMessageCallback(debug_callback, NULL);
         if (fn->DebugMessageControl)
            fn->DebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE);
      }
      clear_errors(fn);

      if (!W.reported_driver) {
         W.reported_driver = true;
         fprintf(out, "D %s\n", (const char *)fn->GetString(GL_RENDERER));
      }
      ci->ok = true;
   }
   if (!ci->ok)
      return NULL;
   if (W.current != (int)kind) {
      if (!eglMakeCurrent(W.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ci->ctx))
         return NULL;
      W.current = kind;
   }
   return ci;
}

static bool
has_ext(const struct ctx_info *ci, const char *name)
{
   char word[160];
   snprintf(word, sizeof(word), " %s ", name);
   return strstr(ci->exts, word) != NULL;
}

static void
version_text(char *buf, unsigned size, int v, int scale)
{
   if (scale == 10)
      snprintf(buf, size, "%d.%d", v / 10, v % 10);
   else
      snprintf(buf, size, "%d.%02d", v / 100, v % 100);
}

/* Why the context cannot compile the test, or NULL. */
static const char *
unmet_requirement(const struct rs_test *test, const struct ctx_info *ci, char *buf, unsigned size)
{
   const char *gl = ci->es ? "GL ES" : "GL";
   const char *glsl = ci->es ? "GLSL ES" : "GLSL";
   char v[16];

   if (test->gl_min > ci->gl) {
      version_text(v, sizeof(v), test->gl_min, 10);
      snprintf(buf, size, "requires %s %s", gl, v);
      return buf;
   }
   if (test->glsl_min > ci->glsl) {
      version_text(v, sizeof(v), test->glsl_min, 100);
      snprintf(buf, size, "requires %s %s", glsl, v);
      return buf;
   }
   if (test->gl_max && ci->gl > test->gl_max) {
      version_text(v, sizeof(v), test->gl_max, 10);
      snprintf(buf, size, "requires %s <= %s", gl, v);
      return buf;
   }
   if (test->glsl_max && ci->glsl > test->glsl_max) {
      version_text(v, sizeof(v), test->glsl_max, 100);
      snprintf(buf, size, "requires %s <= %s", glsl, v);
      return buf;
   }
   for (int i = 0; i < test->num_exts; i++) {
      if (!has_ext(ci, test->exts[i])) {
         snprintf(buf, size, "requires %s", test->exts[i]);
         return buf;
      }
   }
   for (int i = 0; i < test->num_not_exts; i++) {
      if (has_ext(ci, test->not_exts[i])) {
         snprintf(buf, size, "requires no %s", test->not_exts[i]);
         return buf;
      }
   }

   for (int i = 0; i < test->num_shaders; i++) {
      bool ok = true;
      switch (test->shaders[i].stage) {
      case RS_GEOMETRY:
         ok = ci->gl >= 32 || has_ext(ci, "GL_OES_geometry_shader") ||
              has_ext(ci, "GL_EXT_geometry_shader");
         break;
      case RS_TESS_CTRL:
      case RS_TESS_EVAL:
         ok = ci->gl >= (ci->es ? 32 : 40) || has_ext(ci, "GL_ARB_tessellation_shader") ||
              has_ext(ci, "GL_OES_tessellation_shader") ||
              has_ext(ci, "GL_EXT_tessellation_shader");
         break;
      case RS_COMPUTE:
         ok = ci->gl >= (ci->es ? 31 : 43) || has_ext(ci, "GL_ARB_compute_shader");
         break;
      default:
         break;
      }
      if (!ok) {
         enum rs_stage stage = test->shaders[i].stage;
         snprintf(buf, size, "%s shaders unsupported",
                  stage == RS_TESS_CTRL || stage == RS_TESS_EVAL ? "tessellation"
                                                                 : rs_stage_names[stage]);
         return buf;
      }
   }
   if (test->sso &&
       !(ci->gl >= (ci->es ? 31 : 41) || has_ext(ci, "GL_ARB_separate_shader_objects") ||
         has_ext(ci, "GL_EXT_separate_shader_objects"))) {
      snprintf(buf, size, "separate shader objects unsupported");
      return buf;
   }
   return NULL;
}

static const GLenum gl_stage[RS_NUM_STAGES] = {
   [RS_VERTEX] = GL_VERTEX_SHADER,
   [RS_TESS_CTRL] = GL_TESS_CONTROL_SHADER,
   [RS_TESS_EVAL] = GL_TESS_EVALUATION_SHADER,
   [RS_GEOMETRY] = GL_GEOMETRY_SHADER,
   [RS_FRAGMENT] = GL_FRAGMENT_SHADER,
   [RS_COMPUTE] = GL_COMPUTE_SHADER,
};

/* The first non-empty line of an info log, made printable. */
static void
first_line(char *log, char *buf, unsigned size)
{
   char *line = log;
   while (*line == '\n' || *line == ' ' || *line == '\r')
      line++;
   unsigned n = 0;
   while (line[n] && line[n] != '\n' && n + 1 < size) {
      buf[n] = (unsigned char)line[n] < 0x20 ? ' ' : line[n];
      n++;
   }
   while (n && buf[n - 1] == ' ')
      n--;
   buf[n] = '\0';
   if (!n)
      snprintf(buf, size, "(empty info log)");
}

/* Whether a shader compiled (GL_COMPILE_STATUS) or a program linked
 * (GL_LINK_STATUS); if not, the first line of its info log goes to buf.
 * The shader and program queries have the same signatures.
 */
static bool
check_status(GLuint obj, GLenum status, PFNGLGETSHADERIVPROC get_iv,
             PFNGLGETSHADERINFOLOGPROC get_log, char *buf, unsigned size)
{
   GLint ok = 0, len = 0;
   get_iv(obj, status, &ok);
   if (ok)
      return true;
   get_iv(obj, GL_INFO_LOG_LENGTH, &len);
   char *log = calloc(1, len + 1);
   if (log && len)
      get_log(obj, len, NULL, log);
   first_line(log ? log : "", buf, size);
   free(log);
   return false;
}

/* --draw: one draw with each linked program, so the driver binds it (its
 * bind-time work shows in the driver's own statistics). */
static bool draw_programs;

/* A draw of three vertices with `prog`, attributes unset: enough for the
 * driver to link and upload the program. */
static void
draw_once(struct gl_funcs *fn, GLuint prog)
{
   if (!fn->UseProgram || !fn->DrawArrays || !fn->GenFramebuffers)
      return;
   /* Surfaceless: draw into a small framebuffer of our own. */
   if (!fn->draw_fbo) {
      GLuint rb;
      fn->GenFramebuffers(1, &fn->draw_fbo);
      fn->BindFramebuffer(GL_FRAMEBUFFER, fn->draw_fbo);
      fn->GenRenderbuffers(1, &rb);
      fn->BindRenderbuffer(GL_RENDERBUFFER, rb);
      fn->RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
      fn->FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      if (fn->GenVertexArrays && fn->BindVertexArray) {
         fn->GenVertexArrays(1, &fn->draw_vao);
         fn->BindVertexArray(fn->draw_vao);
      }
   }
   fn->UseProgram(prog);
   fn->DrawArrays(GL_TRIANGLES, 0, 3);
   fn->UseProgram(0);
   clear_errors(fn);
}

/* Compiles and links one test's program; writes the records to out. */
static void
compile_test(const struct rs_test *test, FILE *out)
{
   char reason[RS_REASON_LEN];

   enum ctx_kind kind;
   if (test->es)
      kind = CTX_ES;
   else if (test->profile == 2)
      kind = CTX_CORE;
   else if (test->profile == 1)
      kind = CTX_COMPAT;
   else if (test->gl_min >= 31 || rs_glsl_to_gl(test->glsl_min, false) >= 31)
      kind = CTX_CORE;
   else
      kind = CTX_COMPAT;

   struct ctx_info *ci = make_current(kind, out);
   if (!ci && !test->profile && kind != CTX_ES)
      ci = make_current(kind == CTX_CORE ? CTX_COMPAT : CTX_CORE, out);
   if (!ci) {
      fprintf(out, "O SKIP: no %s context\nR SKIP no %s context\n", ctx_kind_names[kind],
              ctx_kind_names[kind]);
      return;
   }
   if (unmet_requirement(test, ci, reason, sizeof(reason))) {
      fprintf(out, "O SKIP: %s\nR SKIP %s\n", reason, reason);
      return;
   }

   const struct gl_funcs *fn = &ci->fn;
   GLuint prog = fn->CreateProgram();
   if (test->sso && fn->ProgramParameteri)
      fn->ProgramParameteri(prog, GL_PROGRAM_SEPARABLE, GL_TRUE);

   bool present[RS_NUM_STAGES] = {false};
   char prefix[64];
   int num = test->num_shaders + test->passthrough_vs;
   for (int i = 0; i < num; i++) {
      const char *source;
      enum rs_stage stage;
      if (i < test->num_shaders) {
         source = test->shaders[i].source;
         stage = test->shaders[i].stage;
      } else {
         source = rs_passthrough_vs;
         stage = RS_VERTEX;
      }
      present[stage] = true;

      /* As piglit's compile_glsl: the requirement's #version first. */
      rs_test_version_prefix(test, source, prefix, sizeof(prefix));
      const char *sources[2] = {prefix, source};
      GLuint sh = fn->CreateShader(gl_stage[stage]);
      fn->ShaderSource(sh, 2, sources, NULL);
      fn->CompileShader(sh);
      if (!check_status(sh, GL_COMPILE_STATUS, fn->GetShaderiv, fn->GetShaderInfoLog, reason,
                        sizeof(reason))) {
         fprintf(out, "O FAIL: %s shader: %s\nR FAIL %s shader compile error\n",
                 rs_stage_names[stage], reason, rs_stage_names[stage]);
         fn->DeleteShader(sh);
         fn->DeleteProgram(prog);
         clear_errors(fn);
         return;
      }
      fn->AttachShader(prog, sh);
      fn->DeleteShader(sh);
   }

   W.num_msgs = 0;
   fn->LinkProgram(prog);
   if (!check_status(prog, GL_LINK_STATUS, fn->GetProgramiv, fn->GetProgramInfoLog, reason,
                     sizeof(reason))) {
      /* A negative linker test: failing to link is what piglit expects. */
      if (test->expect_link_error)
         fprintf(out,
                 "O SKIP: link error, as the test expects: %s\n"
                 "R SKIP link error expected by the test\n",
                 reason);
      else
         fprintf(out, "O FAIL: link: %s\nR FAIL link error\n", reason);
   } else {
      /* One line per statistics message, in stage order; "no statistics"
       * for a stage the driver said nothing about; FAIL for a stage the
       * driver could not compile (the program then counts as failed).
       */
      int driver_failed = -1;
      for (int s = 0; s < RS_NUM_STAGES; s++) {
         bool seen = false;
         for (int m = 0; m < W.num_msgs; m++) {
            const struct rs_stats *st = &W.msgs[m];
            if ((int)st->stage != s)
               continue;
            seen = true;
            if (st->failed) {
               fprintf(out, "O FAIL: %s shader: driver: %s\nX %s\n", rs_stage_names[s], st->error,
                       st->error);
               if (driver_failed < 0)
                  driver_failed = s;
               continue;
            }
            char text[256];
            rs_stats_format(st, text, sizeof(text));
            fprintf(out, "O %s shader: %s\n", rs_stage_names[s], text);
            fprintf(out, "S %ld %ld %ld %ld %ld %ld %ld\n", st->inst, st->loops, st->cycles,
                    st->spills, st->fills, st->gprs, st->bytes);
         }
         if (present[s] && !seen) {
            fprintf(out, "O %s shader: no statistics\nW\n", rs_stage_names[s]);
         }
      }
      if (driver_failed >= 0)
         fprintf(out, "R FAIL %s shader driver compile failure\n", rs_stage_names[driver_failed]);
      else
         fprintf(out, "R OK\n");
      if (draw_programs && driver_failed < 0 && present[RS_VERTEX] && present[RS_FRAGMENT] &&
          !test->sso)
         draw_once(&ci->fn, prog);
   }
   fn->DeleteProgram(prog);
   clear_errors(fn);
}

static void
run_file(const char *path, FILE *out)
{
   /* For the runner's own tests: a worker that dies on a chosen file. */
   const char *crash = getenv("JADE_RUN_SHADERS_CRASH_ON");
   if (crash && crash[0] && strstr(path, crash)) {
      /* The default action, whatever handler a sanitizer installed. */
      signal(SIGSEGV, SIG_DFL);
      raise(SIGSEGV);
   }

   size_t size = 0;
   char *text = os_read_file(path, &size);
   const char *err = NULL;
   if (!text)
      err = strerror(abs(errno)); /* os_read_file reports ENOMEM negated */
   else if (size >= (64u << 20))
      err = "larger than 64 MiB";
   if (err) {
      fprintf(out, "O FAIL: cannot read: %s\nR FAIL unreadable file\n", err);
      free(text);
      return;
   }

   struct rs_test test;
   rs_test_parse(&test, text, size);
   if (test.fail[0])
      fprintf(out, "O FAIL: %s\nR FAIL malformed file\n", test.fail);
   else if (test.skip[0])
      fprintf(out, "O SKIP: %s\nR SKIP %s\n", test.skip, test.skip);
#ifdef __SANITIZE_ADDRESS__
   /* AddressSanitizer reserves terabytes of address space at start: no
    * RLIMIT_AS can hold after that (the sanitizer build, ci/sanitize).
    */
   else if (test.rlimit)
      fprintf(out, "O SKIP: rlimit under AddressSanitizer\nR SKIP rlimit under AddressSanitizer\n");
#endif
   else if (test.rlimit) {
      /* As piglit_set_rlimit, but only the soft limit, so that the
       * worker can lift it again for the next file. */
      struct rlimit old, lim;
      getrlimit(RLIMIT_AS, &old);
      lim = old;
      if (old.rlim_cur == RLIM_INFINITY || old.rlim_cur > test.rlimit)
         lim.rlim_cur = test.rlimit;
      setrlimit(RLIMIT_AS, &lim);
      compile_test(&test, out);
      setrlimit(RLIMIT_AS, &old);
   } else {
      compile_test(&test, out);
   }
   rs_test_finish(&test);
}

static unsigned timeout_s = 60;

/* Runs files[queue[pos..n-1]]; one block of records per file, ended by
 * "E", written to fd at once.
 */
static void
worker_main(int fd, char **files, const int *queue, int pos, int n)
{
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
   W.dpy = get_platform_display
              ? get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
              : EGL_NO_DISPLAY;
   if (W.dpy == EGL_NO_DISPLAY || !eglInitialize(W.dpy, NULL, NULL)) {
      fprintf(stderr,
              "jade-run-shaders: no EGL display (surfaceless): "
              "EGL error 0x%04x\n",
              eglGetError());
      _exit(WORKER_SETUP_FAILED);
   }

   for (; pos < n; pos++) {
      char *block = NULL;
      size_t len = 0;
      FILE *out = open_memstream(&block, &len);
      if (!out)
         _exit(WORKER_SETUP_FAILED);
      alarm(timeout_s);
      run_file(files[queue[pos]], out);
      alarm(0);
      fputs("E\n", out);
      fclose(out);
      for (size_t done = 0; done < len;) {
         ssize_t w = write(fd, block + done, len - done);
         if (w < 0 && errno == EINTR)
            continue;
         if (w <= 0)
            _exit(WORKER_SETUP_FAILED);
         done += w;
      }
      free(block);
   }
   /* No eglTerminate: exiting is enough and avoids teardown in the
    * driver counting against the last file.
    */
   _exit(0);
}

/* ------------------------------------------------------------------------
 * The parent: the file list, the workers, the report.
 */

enum file_status { ST_PENDING, ST_OK, ST_FAIL, ST_SKIP, ST_CRASH };

struct file_result {
   enum file_status status;
   char *out; /* lines after "FILE - ", newline-separated (ralloc) */
};

struct reason_count {
   char *reason;
   int count;
};

/* A tally is a util_dynarray of struct reason_count. */
static void
tally_add(struct util_dynarray *t, const char *reason)
{
   util_dynarray_foreach(t, struct reason_count, item)
   {
      if (!strcmp(item->reason, reason)) {
         item->count++;
         return;
      }
   }
   util_dynarray_append(t, struct reason_count, ((struct reason_count){strdup(reason), 1}));
}

static int
compare_counts(const void *a, const void *b)
{
   const struct reason_count *x = a, *y = b;
   if (x->count != y->count)
      return y->count - x->count;
   return strcmp(x->reason, y->reason);
}

enum { F_INST, F_LOOPS, F_CYCLES, F_SPILLS, F_FILLS, F_GPRS, F_BYTES, F_NUM };

static struct {
   char **files;
   int num_files;
   struct file_result *results;
   int next_print;

   int counts[ST_CRASH + 1];
   int stages_with_stats, stages_without;
   long long sum[F_NUM];
   int known[F_NUM];
   struct util_dynarray failed, skipped, crashed;
   struct util_dynarray driver_errors; /* per stage the driver failed to compile */
   char driver[256];
} P;

struct worker {
   pid_t pid;
   int fd;
   int *queue;
   int num, pos;
   struct util_dynarray buf; /* records of the file in progress */
};

/* The file list while it is gathered (char *). */
static struct util_dynarray found_files;

static void
add_file(const char *path)
{
   util_dynarray_append(&found_files, char *, strdup(path));
}

static int
visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
   size_t len = strlen(path);
   if (type == FTW_F && len > 12 && !strcmp(path + len - 12, ".shader_test"))
      add_file(path);
   return 0;
}

static int
compare_paths(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
flush_results(void)
{
   while (P.next_print < P.num_files && P.results[P.next_print].status != ST_PENDING) {
      struct file_result *r = &P.results[P.next_print];
      const char *file = P.files[P.next_print];
      for (char *line = r->out; line && *line;) {
         char *nl = strchr(line, '\n');
         printf("%s - %.*s\n", file, nl ? (int)(nl - line) : (int)strlen(line), line);
         line = nl ? nl + 1 : NULL;
      }
      ralloc_free(r->out);
      r->out = NULL;
      P.next_print++;
   }
   fflush(stdout);
}

/* A complete block of records for files[index]. */
static void
commit_block(int index, char *block)
{
   struct file_result *r = &P.results[index];
   r->status = ST_FAIL;
   for (char *line = block; line && *line;) {
      char *nl = strchr(line, '\n');
      if (nl)
         *nl = '\0';
      switch (line[0]) {
      case 'D':
         if (!P.driver[0])
            snprintf(P.driver, sizeof(P.driver), "%s", line + 2);
         break;
      case 'O':
         ralloc_asprintf_append(&r->out, "%s\n", line + 2);
         break;
      case 'S': {
         long v[F_NUM];
         if (sscanf(line + 2, "%ld %ld %ld %ld %ld %ld %ld", &v[0], &v[1], &v[2], &v[3], &v[4],
                    &v[5], &v[6]) == F_NUM) {
            for (int f = 0; f < F_NUM; f++) {
               if (v[f] >= 0) {
                  P.sum[f] += v[f];
                  P.known[f]++;
               }
            }
            P.stages_with_stats++;
         }
         break;
      }
      case 'W':
         P.stages_without++;
         break;
      case 'X':
         tally_add(&P.driver_errors, line + 2);
         break;
      case 'R':
         if (!strncmp(line, "R OK", 4)) {
            r->status = ST_OK;
         } else if (!strncmp(line, "R FAIL ", 7)) {
            r->status = ST_FAIL;
            tally_add(&P.failed, line + 7);
         } else if (!strncmp(line, "R SKIP ", 7)) {
            r->status = ST_SKIP;
            tally_add(&P.skipped, line + 7);
         }
         break;
      default:
         break;
      }
      line = nl ? nl + 1 : NULL;
   }
   P.counts[r->status]++;
}

static void
commit_crash(int index, int wstatus)
{
   char text[128];
   if (WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGALRM)
      snprintf(text, sizeof(text), "timeout (%u s)", timeout_s);
   else if (WIFSIGNALED(wstatus))
      snprintf(text, sizeof(text), "signal %d (%s)", WTERMSIG(wstatus),
               strsignal(WTERMSIG(wstatus)));
   else
      snprintf(text, sizeof(text), "worker exited with status %d", WEXITSTATUS(wstatus));
   struct file_result *r = &P.results[index];
   r->status = ST_CRASH;
   ralloc_free(r->out);
   r->out = ralloc_asprintf(NULL, "CRASH: %s\n", text);
   P.counts[ST_CRASH]++;
   tally_add(&P.crashed, WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGALRM ? "timeout" : text);
}

static bool
spawn(struct worker *w, struct worker *all, int num_workers)
{
   int fds[2];
   if (pipe(fds))
      return false;
   fflush(stdout);
   fflush(stderr);
   pid_t pid = fork();
   if (pid < 0) {
      close(fds[0]);
      close(fds[1]);
      return false;
   }
   if (pid == 0) {
      close(fds[0]);
      for (int i = 0; i < num_workers; i++) {
         if (all[i].fd >= 0)
            close(all[i].fd);
      }
      /* Whatever the driver prints goes to stderr, never into the report. */
      dup2(STDERR_FILENO, STDOUT_FILENO);
      signal(SIGPIPE, SIG_DFL);
      worker_main(fds[1], P.files, w->queue, w->pos, w->num);
   }
   close(fds[1]);
   w->pid = pid;
   w->fd = fds[0];
   util_dynarray_clear(&w->buf);
   return true;
}

/* Processes the complete blocks in w->buf. */
static void
drain(struct worker *w)
{
   char *buf = w->buf.data;
   size_t len = w->buf.size, start = 0;
   for (;;) {
      /* A block ends with a line "E". */
      char *end = NULL;
      for (size_t i = start; i + 1 < len; i++) {
         if (buf[i] == 'E' && buf[i + 1] == '\n' && (i == start || buf[i - 1] == '\n')) {
            end = buf + i;
            break;
         }
      }
      if (!end)
         break;
      *end = '\0';
      commit_block(w->queue[w->pos], buf + start);
      w->pos++;
      start = end + 2 - buf;
   }
   memmove(buf, buf + start, len - start);
   w->buf.size = len - start;
}

static int
run_workers(int num_workers)
{
   struct worker *workers = calloc(num_workers, sizeof(*workers));
   if (!workers)
      return 1;
   for (int i = 0; i < num_workers; i++) {
      workers[i].fd = -1;
      workers[i].queue = malloc(P.num_files * sizeof(int));
      if (!workers[i].queue)
         return 1;
   }
   for (int i = 0; i < P.num_files; i++) {
      struct worker *w = &workers[i % num_workers];
      w->queue[w->num++] = i;
   }
   for (int i = 0; i < num_workers; i++) {
      if (!spawn(&workers[i], workers, num_workers)) {
         fprintf(stderr, "jade-run-shaders: fork: %s\n", strerror(errno));
         return 1;
      }
   }

   int active = num_workers;
   int status = 0;
   while (active) {
      struct pollfd pfd[num_workers];
      int map[num_workers], n = 0;
      for (int i = 0; i < num_workers; i++) {
         if (workers[i].fd >= 0) {
            pfd[n].fd = workers[i].fd;
            pfd[n].events = POLLIN;
            map[n++] = i;
         }
      }
      if (poll(pfd, n, -1) < 0) {
         if (errno == EINTR)
            continue;
         return 1;
      }
      for (int k = 0; k < n; k++) {
         if (!pfd[k].revents)
            continue;
         struct worker *w = &workers[map[k]];
         char *space = util_dynarray_ensure_cap(&w->buf, w->buf.size + 4096);
         if (!space)
            abort();
         ssize_t got = read(w->fd, space, w->buf.capacity - w->buf.size);
         if (got < 0 && errno == EINTR)
            continue;
         if (got > 0) {
            w->buf.size += got;
            drain(w);
            flush_results();
            continue;
         }

         /* The worker is gone. */
         close(w->fd);
         w->fd = -1;
         int wstatus = 0;
         while (waitpid(w->pid, &wstatus, 0) < 0 && errno == EINTR)
            ;
         if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == WORKER_SETUP_FAILED) {
            status = 1;
            active--;
            continue;
         }
         if (w->pos < w->num && !(WIFEXITED(wstatus) && !WEXITSTATUS(wstatus))) {
            commit_crash(w->queue[w->pos], wstatus);
            w->pos++;
            flush_results();
         }
         if (w->pos < w->num) {
            if (!spawn(w, workers, num_workers)) {
               fprintf(stderr, "jade-run-shaders: fork: %s\n", strerror(errno));
               return 1;
            }
         } else {
            active--;
         }
      }
   }
   for (int i = 0; i < num_workers; i++) {
      free(workers[i].queue);
      util_dynarray_fini(&workers[i].buf);
   }
   free(workers);
   return status;
}

static void
print_figure(const char *sep, int f, const char *name)
{
   if (P.known[f])
      printf("%s%lld %s", sep, P.sum[f], name);
   else
      printf("%s- %s", sep, name);
}

static void
print_tally(const char *what, struct util_dynarray *t)
{
   /* qsort's array may not be NULL, even empty (an empty tally's is). */
   if (t->size)
      qsort(t->data, util_dynarray_num_elements(t, struct reason_count),
            sizeof(struct reason_count), compare_counts);
   util_dynarray_foreach(t, struct reason_count, item)
      printf("%s %d: %s\n", what, item->count, item->reason);
}

static void
print_summary(int num_workers, double seconds)
{
   printf("\n");
   printf("driver: %s\n", P.driver[0] ? P.driver : "(no context created)");
   printf("programs: %d total, %d compiled, %d failed, %d skipped, "
          "%d crashed\n",
          P.num_files, P.counts[ST_OK], P.counts[ST_FAIL], P.counts[ST_SKIP], P.counts[ST_CRASH]);
   printf("stages: %d with statistics, %d without\n", P.stages_with_stats, P.stages_without);
   printf("totals:");
   print_figure(" ", F_INST, "inst");
   print_figure(", ", F_LOOPS, "loops");
   print_figure(", ", F_CYCLES, "cycles");
   if (P.known[F_SPILLS] || P.known[F_FILLS])
      printf(", %lld:%lld spills:fills", P.sum[F_SPILLS], P.sum[F_FILLS]);
   else
      printf(", -:- spills:fills");
   print_figure(", ", F_GPRS, "gprs");
   print_figure(", ", F_BYTES, "bytes");
   printf("\n");
   print_tally("failed", &P.failed);
   print_tally("skipped", &P.skipped);
   print_tally("crashed", &P.crashed);
   print_tally("driver error", &P.driver_errors);
   printf("time: %.2f s, %d worker%s\n", seconds, num_workers, num_workers == 1 ? "" : "s");
}

/* --parse-messages: the statistics parser on its own, for tests. */
static int
parse_messages(void)
{
   char line[4096];
   while (fgets(line, sizeof(line), stdin)) {
      line[strcspn(line, "\n")] = '\0';
      struct rs_stats stats;
      if (rs_stats_parse(line, &stats)) {
         char text[256];
         rs_stats_format(&stats, text, sizeof(text));
         printf("%s shader: %s\n", rs_stage_names[stats.stage], text);
      } else {
         printf("ignored\n");
      }
   }
   return 0;
}

static void
usage(void)
{
   fprintf(stderr, "usage: jade-run-shaders [-j N] [--driver NAME] [--timeout S] [--draw]\n"
                   "                        [--default-corpus DIR] [PATH...]\n"
                   "       jade-run-shaders --parse-messages < messages\n");
}

/* The command line's paths go to paths[] (argc entries). */
static int
run_command_line(int argc, char **argv, const char **paths)
{
   int jobs = 1;
   const char *default_corpus = NULL;
   const char *driver = NULL;
   int num_paths = 0;
   bool options_done = false;

   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      if (options_done || a[0] != '-' || !a[1]) {
         paths[num_paths++] = a;
      } else if (!strcmp(a, "--parse-messages")) {
         return parse_messages();
      } else if (!strcmp(a, "-j") && i + 1 < argc) {
         jobs = atoi(argv[++i]);
      } else if (!strncmp(a, "-j", 2) && a[2]) {
         jobs = atoi(a + 2);
      } else if (!strcmp(a, "--driver") && i + 1 < argc) {
         driver = argv[++i];
      } else if (!strcmp(a, "--draw")) {
         draw_programs = true;
      } else if (!strcmp(a, "--timeout") && i + 1 < argc) {
         timeout_s = atoi(argv[++i]);
      } else if (!strcmp(a, "--default-corpus") && i + 1 < argc) {
         default_corpus = argv[++i];
      } else if (!strcmp(a, "--")) {
         options_done = true;
      } else {
         usage();
         return 1;
      }
   }
   if (jobs < 1 || jobs > 256 || !timeout_s) {
      usage();
      return 1;
   }

   /* shader-db's settings: no cache (every run compiles), no driver
    * thread.
    */
   setenv("MESA_SHADER_CACHE_DISABLE", "true", 0);
   setenv("GALLIUM_THREAD", "0", 0);
   setenv("mesa_glthread", "false", 0);
   if (driver)
      setenv("MESA_LOADER_DRIVER_OVERRIDE", driver, 1);
   if (driver && !strcmp(driver, "nouveau"))
      setenv("NOUVEAU_CHIPSET", "162", 0);

   if (!num_paths && default_corpus)
      paths[num_paths++] = default_corpus;
   if (!num_paths) {
      usage();
      return 1;
   }

   for (int i = 0; i < num_paths; i++) {
      struct stat st;
      if (stat(paths[i], &st)) {
         fprintf(stderr, "jade-run-shaders: %s: %s\n", paths[i], strerror(errno));
         return 1;
      }
      if (S_ISDIR(st.st_mode)) {
         if (nftw(paths[i], visit, 16, FTW_PHYS)) {
            fprintf(stderr, "jade-run-shaders: %s: cannot walk\n", paths[i]);
            return 1;
         }
      } else {
         add_file(paths[i]);
      }
   }
   P.files = found_files.data;
   P.num_files = util_dynarray_num_elements(&found_files, char *);
   if (P.num_files > 1)
      qsort(P.files, P.num_files, sizeof(char *), compare_paths);
   P.results = calloc(P.num_files ? P.num_files : 1, sizeof(*P.results));
   if (!P.results)
      return 1;

   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   int num_workers = jobs < P.num_files ? jobs : P.num_files;
   int status = num_workers ? run_workers(num_workers) : 0;
   clock_gettime(CLOCK_MONOTONIC, &t1);
   flush_results();

   if (status) {
      fprintf(stderr, "jade-run-shaders: the run did not complete\n");
      return 1;
   }
   print_summary(num_workers, (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
   return 0;
}

int
main(int argc, char **argv)
{
   const char **paths = calloc(argc, sizeof(char *));
   if (!paths)
      return 1;
   int status = run_command_line(argc, argv, paths);
   free(paths);
   return status;
}
