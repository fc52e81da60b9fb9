/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * test-gl-soak: load.  For a given time, threads (each with its own GL
 * context, all in one share group on one screen) loop making, checking
 * and destroying contexts, buffers, textures, programs, queries, fences
 * handed between threads, and compute dispatches (soak_work.c).  Fails
 * on a failed check, a GL error, or growth: memory and GEM buffers are
 * measured with every thread paused between iterations (nothing of
 * theirs alive but their contexts) after a warm-up and at the end, and
 * must not grow past the bounds; after eglTerminate the shim must hold
 * no buffer and the process no file it did not hold before EGL.
 *
 *   test-gl-soak [--seconds=S] [--threads=N] [--warmup=S] [--report-every=S]
 *                [--cpu-results-only] [--rss-growth-kib=K] [--buffer-growth=N]
 *                [--only=KIND,...]
 *
 * Defaults: 30 s, 4 threads, warm-up a fifth of the time, a report every
 * 10 s, RssAnon (the heap's part of VmRSS) growing by at most 4096 KiB,
 * GEM buffers by at most 16 (what Jade's buffer cache holds depends on
 * the threads' interleaving; a leak adds one an iteration, thousands).
 * --cpu-results-only: check only what the CPU wrote (the noop shim runs
 * nothing).  --only: some kinds only (soak_kind_names; program and query
 * are one draw), to tell which one leaks.  Runs on any driver (llvmpipe
 * checks the checks: EGL_PLATFORM=surfaceless with the system's Mesa);
 * live buffers are counted only under Jade's drm-shim (soak_census.c).
 */

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include "soak.h"

enum { MAX_THREADS = 16, MAX_PRINTED_FAILURES = 20 };

struct options {
   double seconds, warmup, report_every;
   unsigned threads;
   bool gpu_results;
   unsigned kinds;
   long rss_growth_KiB;
   long buffer_growth;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static bool pause_wanted, stop;
static unsigned paused, printed_failures;

static pthread_mutex_t mailbox_lock = PTHREAD_MUTEX_INITIALIZER;

void
soak_mailbox_lock(void)
{
   pthread_mutex_lock(&mailbox_lock);
}

void
soak_mailbox_unlock(void)
{
   pthread_mutex_unlock(&mailbox_lock);
}

void
soak_fail(struct soak_thread *t, const char *fmt, ...)
{
   t->failures++;
   pthread_mutex_lock(&lock);
   if (printed_failures++ < MAX_PRINTED_FAILURES) {
      va_list args;
      va_start(args, fmt);
      fprintf(stderr, "soak: FAIL thread %u iteration %llu: ", t->index,
              (unsigned long long)t->iteration);
      vfprintf(stderr, fmt, args);
      fprintf(stderr, "\n");
      va_end(args);
   }
   pthread_mutex_unlock(&lock);
}

EGLContext
soak_context_create(const struct soak_shared *s, EGLContext share)
{
   const EGLint attribs[] = {
      EGL_CONTEXT_MAJOR_VERSION,
      s->compute ? 4 : 3,
      EGL_CONTEXT_MINOR_VERSION,
      s->compute ? 3 : 3,
      EGL_CONTEXT_OPENGL_PROFILE_MASK,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
      EGL_NONE,
   };
   return eglCreateContext(s->dpy, EGL_NO_CONFIG_KHR, share, attribs);
}

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
sleep_for(double seconds)
{
   if (seconds <= 0)
      return;
   struct timespec ts = {(time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9)};
   while (nanosleep(&ts, &ts) && errno == EINTR)
      ;
}

/* Between iterations: nothing of the thread's is alive but its context.
 * Where the main thread measures, everything is finished first. */
static bool
pause_point(void)
{
   pthread_mutex_lock(&lock);
   const bool wanted = pause_wanted;
   pthread_mutex_unlock(&lock);
   if (wanted) {
      glFinish();
      pthread_mutex_lock(&lock);
      paused++;
      pthread_cond_broadcast(&cond);
      while (pause_wanted)
         pthread_cond_wait(&cond, &lock);
      paused--;
      pthread_mutex_unlock(&lock);
   }
   pthread_mutex_lock(&lock);
   const bool stopping = stop;
   pthread_mutex_unlock(&lock);
   return !stopping;
}

static void *
worker(void *arg)
{
   struct soak_thread *t = arg;
   const struct soak_shared *s = t->shared;
   /* The API is per thread: ES otherwise, whose contexts cannot share. */
   const bool current =
      eglBindAPI(EGL_OPENGL_API) && eglMakeCurrent(s->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, t->ctx);
   if (!current)
      soak_fail(t, "eglMakeCurrent: 0x%x", eglGetError());
   /* Without a context the thread still pauses when asked. */
   while (pause_point()) {
      if (current)
         soak_iteration(t);
      else
         sleep_for(0.01);
   }
   glFinish();
   eglMakeCurrent(s->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   return NULL;
}

static void
print_census(const char *label, double t0, const struct soak_thread *threads, unsigned n,
             const struct soak_census *c)
{
   uint64_t counts[SOAK_KINDS] = {0};
   for (unsigned i = 0; i < n; i++)
      for (unsigned k = 0; k < SOAK_KINDS; k++)
         counts[k] += threads[i].counts[k];
   printf("soak: %-8s %6.1f s  threads %u  iterations:", label, now() - t0, n);
   for (unsigned k = 0; k < SOAK_KINDS; k++)
      printf(" %s %llu", soak_kind_names[k], (unsigned long long)counts[k]);
   printf("  VmRSS %lld KiB (anon %lld, shmem %lld)  VmSize %lld KiB  fds %d",
          (long long)c->rss_KiB, (long long)c->rss_anon_KiB, (long long)c->rss_shmem_KiB,
          (long long)c->vmsize_KiB, c->fds);
   if (c->buffers >= 0)
      printf("  buffers %lld (%lld KiB)\n", (long long)c->buffers, (long long)c->buffer_B / 1024);
   else
      printf("  buffers n/a (not Jade's shim)\n");
   fflush(stdout);
}

/* Every thread between iterations, finished, then counted. */
static void
census_paused(unsigned threads, struct soak_census *c)
{
   pthread_mutex_lock(&lock);
   pause_wanted = true;
   while (paused < threads)
      pthread_cond_wait(&cond, &lock);
   glFinish();
   soak_census_take(c);
   pause_wanted = false;
   pthread_cond_broadcast(&cond);
   pthread_mutex_unlock(&lock);
}

/* --only=KIND,...: a mask of 1 << enum soak_kind. */
static bool
parse_kinds(const char *list, unsigned *kinds)
{
   *kinds = 0;
   for (const char *at = list; *at;) {
      const size_t n = strcspn(at, ",");
      unsigned k = 0;
      while (k < SOAK_KINDS &&
             (strlen(soak_kind_names[k]) != n || strncmp(at, soak_kind_names[k], n)))
         k++;
      if (k == SOAK_KINDS) {
         fprintf(stderr, "soak: unknown kind %.*s in --only\n", (int)n, at);
         return false;
      }
      *kinds |= 1u << k;
      if (k == SOAK_PROGRAM || k == SOAK_QUERY)
         *kinds |= 1u << SOAK_PROGRAM | 1u << SOAK_QUERY; /* one draw does both */
      at += n + (at[n] == ',');
   }
   return *kinds != 0;
}

static bool
parse_options(int argc, char **argv, struct options *o)
{
   *o = (struct options){.seconds = 30,
                         .warmup = -1,
                         .report_every = 10,
                         .threads = 4,
                         .gpu_results = true,
                         .kinds = (1u << SOAK_KINDS) - 1,
                         .rss_growth_KiB = 4096,
                         .buffer_growth = 16};
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      char *end = NULL;
#define VALUE(name) (!strncmp(a, name "=", strlen(name) + 1) ? a + strlen(name) + 1 : NULL)
      const char *v;
      if ((v = VALUE("--seconds")))
         o->seconds = strtod(v, &end);
      else if ((v = VALUE("--warmup")))
         o->warmup = strtod(v, &end);
      else if ((v = VALUE("--report-every")))
         o->report_every = strtod(v, &end);
      else if ((v = VALUE("--threads")))
         o->threads = (unsigned)strtoul(v, &end, 10);
      else if ((v = VALUE("--rss-growth-kib")))
         o->rss_growth_KiB = strtol(v, &end, 10);
      else if ((v = VALUE("--buffer-growth")))
         o->buffer_growth = strtol(v, &end, 10);
      else if ((v = VALUE("--only"))) {
         if (!parse_kinds(v, &o->kinds))
            return false;
      } else if (!strcmp(a, "--cpu-results-only"))
         o->gpu_results = false;
      else {
         fprintf(stderr, "soak: unknown argument %s\n", a);
         return false;
      }
#undef VALUE
      if (v && end && (end == v || *end)) {
         fprintf(stderr, "soak: bad value in %s\n", a);
         return false;
      }
   }
   if (o->threads < 1 || o->threads > MAX_THREADS || o->seconds <= 0 || o->report_every <= 0) {
      fprintf(stderr, "soak: --threads must be 1..%d, --seconds and --report-every above 0\n",
              MAX_THREADS);
      return false;
   }
   if (o->warmup < 0)
      o->warmup = o->seconds / 5;
   return true;
}

static EGLDisplay
open_display(void)
{
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
   EGLDisplay dpy = get_platform_display ? get_platform_display(EGL_PLATFORM_SURFACELESS_MESA,
                                                                EGL_DEFAULT_DISPLAY, NULL)
                                         : EGL_NO_DISPLAY;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) {
      fprintf(stderr, "soak: EGL setup failed: 0x%x\n", eglGetError());
      return EGL_NO_DISPLAY;
   }
   return dpy;
}

/* The share group's root context, current here, and the shared buffer. */
static bool
setup(struct soak_shared *s)
{
   s->compute = true;
   s->root = soak_context_create(s, EGL_NO_CONTEXT);
   if (s->root == EGL_NO_CONTEXT) {
      s->compute = false; /* GL 3.3: everything but compute */
      s->root = soak_context_create(s, EGL_NO_CONTEXT);
   }
   if (s->root == EGL_NO_CONTEXT ||
       !eglMakeCurrent(s->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, s->root)) {
      fprintf(stderr, "soak: no GL context: 0x%x\n", eglGetError());
      return false;
   }
   GLint align = 16;
   if (s->compute)
      glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &align);
   s->slot_B = 256;
   while (s->slot_B % (unsigned)align)
      s->slot_B += 256;
   glGenBuffers(1, &s->buffer);
   glBindBuffer(GL_COPY_WRITE_BUFFER, s->buffer);
   glBufferData(GL_COPY_WRITE_BUFFER, (GLsizeiptr)s->slot_B * s->threads, NULL, GL_DYNAMIC_DRAW);
   glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
   glFinish();
   printf("soak: %s, %s, threads %u, %s results checked\n", glGetString(GL_RENDERER),
          glGetString(GL_VERSION), s->threads, s->gpu_results ? "CPU and GPU" : "CPU");
   return glGetError() == GL_NO_ERROR;
}

static bool
check_growth(const char *what, long long before, long long after, long long bound, const char *unit)
{
   const bool ok = after - before <= bound;
   printf("soak: %s %s: %lld -> %lld %s (growth %lld, bound %lld)\n", ok ? "stable" : "FAIL", what,
          before, after, unit, after - before, bound);
   return ok;
}

int
main(int argc, char **argv)
{
   struct options o;
   if (!parse_options(argc, argv, &o))
      return 2;
   setvbuf(stdout, NULL, _IOLBF, 0);
   struct soak_census before_egl, first, baseline, end, last;
   soak_census_take(&before_egl);

   static struct soak_shared s;
   s.threads = o.threads;
   s.gpu_results = o.gpu_results;
   s.kinds = o.kinds;
   s.dpy = open_display();
   if (s.dpy == EGL_NO_DISPLAY || !setup(&s))
      return 1;

   static struct soak_thread threads[MAX_THREADS];
   static struct soak_mailbox mailboxes[MAX_THREADS];
   for (unsigned i = 0; i < o.threads; i++) {
      threads[i] = (struct soak_thread){.shared = &s, .mailboxes = mailboxes, .index = i};
      threads[i].ctx = soak_context_create(&s, s.root);
      if (threads[i].ctx == EGL_NO_CONTEXT) {
         fprintf(stderr, "soak: no context for thread %u: 0x%x\n", i, eglGetError());
         return 1;
      }
   }
   soak_census_take(&first);
   const double t0 = now();
   print_census("start", t0, threads, o.threads, &first);

   pthread_t ids[MAX_THREADS];
   for (unsigned i = 0; i < o.threads; i++)
      pthread_create(&ids[i], NULL, worker, &threads[i]);

   sleep_for(o.warmup);
   census_paused(o.threads, &baseline);
   print_census("warm", t0, threads, o.threads, &baseline);
   for (double next = now() + o.report_every; now() < t0 + o.seconds; next += o.report_every) {
      sleep_for((next < t0 + o.seconds ? next : t0 + o.seconds) - now());
      struct soak_census c;
      soak_census_take(&c);
      if (now() < t0 + o.seconds)
         print_census("running", t0, threads, o.threads, &c);
   }
   census_paused(o.threads, &end);
   print_census("end", t0, threads, o.threads, &end);

   pthread_mutex_lock(&lock);
   stop = true;
   pthread_mutex_unlock(&lock);
   uint64_t failures = 0;
   for (unsigned i = 0; i < o.threads; i++) {
      pthread_join(ids[i], NULL);
      failures += threads[i].failures;
   }
   /* Fences posted but not taken. */
   for (unsigned i = 0; i < o.threads; i++)
      if (mailboxes[i].full)
         glDeleteSync(mailboxes[i].sync);
   for (unsigned i = 0; i < o.threads; i++)
      eglDestroyContext(s.dpy, threads[i].ctx);
   glDeleteBuffers(1, &s.buffer);
   glFinish();
   for (GLenum e; (e = glGetError()) != GL_NO_ERROR; failures++)
      fprintf(stderr, "soak: FAIL GL error 0x%04x in the main thread\n", e);
   eglMakeCurrent(s.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(s.dpy, s.root);
   eglTerminate(s.dpy);
   eglReleaseThread();
   soak_census_take(&last);
   print_census("after", t0, threads, o.threads, &last);

   bool ok = failures == 0;
   printf("soak: %llu failed checks\n", (unsigned long long)failures);
   for (unsigned k = 0; k < SOAK_KINDS; k++) {
      uint64_t n = 0;
      for (unsigned i = 0; i < o.threads; i++)
         n += threads[i].counts[k];
      /* A reader may find nothing posted with one slow writer: every
       * kind must still have run at least once. */
      if (!n && (s.kinds & (1u << k)) && (k != SOAK_COMPUTE || s.compute)) {
         printf("soak: FAIL no %s iteration ran\n", soak_kind_names[k]);
         ok = false;
      }
   }
   /* The heap's part of VmRSS.  Its shared part is mapped buffers, whose
    * pages fill as they are written (each context's code heap is used
    * from one end to the other before freed ranges are reused,
    * jade_code_heap.c): bounded by the buffers, which are counted. */
   printf("soak: VmRSS (warm -> end): %lld -> %lld KiB, of it mapped buffers %lld -> %lld KiB\n",
          (long long)baseline.rss_KiB, (long long)end.rss_KiB, (long long)baseline.rss_shmem_KiB,
          (long long)end.rss_shmem_KiB);
   ok &= check_growth("RssAnon (warm -> end)", baseline.rss_anon_KiB, end.rss_anon_KiB,
                      o.rss_growth_KiB, "KiB");
   ok &= check_growth("open files (warm -> end)", baseline.fds, end.fds, 0, "");
   ok &= check_growth("open files (before EGL -> after eglTerminate)", before_egl.fds, last.fds, 0,
                      "");
   if (baseline.buffers >= 0) {
      ok &= check_growth("GEM buffers (warm -> end)", baseline.buffers, end.buffers,
                         o.buffer_growth, "");
      ok &= check_growth("GEM buffers (after eglTerminate)", 0, last.buffers, 0, "");
   }
   printf("soak: %s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
