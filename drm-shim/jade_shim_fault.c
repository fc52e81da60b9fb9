/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Fault injection: $JADE_SHIM_FAULT makes the emulated kernel say no the
 * way a real one can (an ioctl failing with an errno, an mmap failing, a
 * channel killed, a GPU fault in the executing shim), so that the driver's
 * error paths run.  Rules, separated by ';', each "kind=what" then
 * conditions, all ':'-separated:
 *
 *   ioctl=NAME:errno=E     NAME as the UAPI spells it without the prefix
 *                          (GEM_NEW, EXEC, VM_BIND, CHANNEL_ALLOC, NVIF,
 *                          SYNCOBJ_CREATE, ...) or '*'; E a name (ENOMEM)
 *                          or a number; default EIO
 *   mmap=fail              mmap of a buffer fails (ENOMEM)
 *   channel=kill           the channel of the EXEC is killed before it
 *                          runs: that EXEC and every later one fail with
 *                          ENODEV, as nouveau answers for a dead channel
 *   gpu=fault              (executing shim) the EXEC's pushbuffer is at an
 *                          address with no mapping: the model faults on
 *                          the method fetch and the channel is killed
 *   gpu=bad-access         (executing shim) one of the model's memory
 *                          accesses (a shader's load or store, a vertex
 *                          fetch, a constant buffer, a method's address)
 *                          finds no mapping: the model faults there
 *
 * and when, counting the rule's own events (its ioctls, mmaps, EXECs or,
 * for gpu=bad-access, the model's memory accesses):
 *
 *   nth=N      the N-th only            every=N   every N-th
 *   after=N    every one after the N-th  rate=P    each with probability P
 *   seed=S     the seed of rate= (default $JADE_SHIM_FAULT_SEED, else 1)
 *   count=C    at most C injections (default 1 for nth= and channel=kill)
 *
 * e.g. JADE_SHIM_FAULT='ioctl=GEM_NEW:errno=ENOMEM:nth=3;channel=kill:after=10'.
 * Every injection is logged: "jade-shim: injected: ..." on stderr and an
 * "injected: ..." line in $JADE_SHIM_REPORT, with the caller's backtrace
 * under JADE_SHIM_FAULT_BACKTRACE=1.  A rule that cannot be parsed
 * is reported and the process exits: a test must not run without the
 * fault it asked for.  At exit each rule's counts go to the report:
 * "fault-events: rule 'RULE' events N injected M".
 */

#include <errno.h>
#include <execinfo.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "drm-shim/drm_shim.h"
#include "util/hash_table.h"
#include "util/u_debug.h"
#include "util/u_math.h"

#include "jade_shim.h"

#define MAX_RULES 16

enum fault_kind {
   FAULT_IOCTL,
   FAULT_MMAP,
   FAULT_CHANNEL_KILL,
   FAULT_GPU,
   FAULT_GPU_ACCESS,
};

struct fault_rule {
   enum fault_kind kind;
   char ioctl[32]; /* FAULT_IOCTL: the name, or "*" */
   int err;        /* a positive errno */
   uint64_t nth, every, after;
   double rate;
   uint64_t seed;
   uint64_t max_count;
   char text[160]; /* as written, for the log */

   uint64_t events, injected;
};

static struct fault_rule rules[MAX_RULES];
static unsigned rule_count;
static bool has_gpu_access_rules; /* the model's accesses are counted */

static const struct {
   const char *name;
   int value;
} errno_names[] = {
   {"ENOMEM", ENOMEM}, {"EIO", EIO},     {"ENOSPC", ENOSPC},       {"EINVAL", EINVAL},
   {"ENODEV", ENODEV}, {"EBUSY", EBUSY}, {"EAGAIN", EAGAIN},       {"EFAULT", EFAULT},
   {"ENOENT", ENOENT}, {"EPERM", EPERM}, {"EACCES", EACCES},       {"EINTR", EINTR},
   {"ENXIO", ENXIO},   {"E2BIG", E2BIG}, {"ETIMEDOUT", ETIMEDOUT}, {"ENOSYS", ENOSYS},
};

static const char *
errno_name(int err)
{
   for (unsigned i = 0; i < ARRAY_SIZE(errno_names); i++) {
      if (errno_names[i].value == err)
         return errno_names[i].name;
   }
   return "errno";
}

static void NORETURN
bad_rule(const char *rule, const char *why)
{
   fprintf(stderr, "jade-shim: JADE_SHIM_FAULT rule '%s': %s\n", rule, why);
   jade_shim_report("refused: JADE_SHIM_FAULT rule '%s': %s", rule, why);
   exit(2);
}

static uint64_t
parse_count(const char *rule, const char *value)
{
   char *end;
   unsigned long long n = strtoull(value, &end, 0);
   if (!value[0] || *end || n == 0)
      bad_rule(rule, "a count must be a positive integer");
   return n;
}

static void
parse_condition(struct fault_rule *r, const char *key, const char *value)
{
   if (!strcmp(key, "errno")) {
      char *end;
      long n = strtol(value, &end, 0);
      if (value[0] && !*end && n > 0) {
         r->err = n;
         return;
      }
      for (unsigned i = 0; i < ARRAY_SIZE(errno_names); i++) {
         if (!strcmp(value, errno_names[i].name)) {
            r->err = errno_names[i].value;
            return;
         }
      }
      bad_rule(r->text, "unknown errno");
   } else if (!strcmp(key, "nth")) {
      r->nth = parse_count(r->text, value);
   } else if (!strcmp(key, "every")) {
      r->every = parse_count(r->text, value);
   } else if (!strcmp(key, "after")) {
      r->after = parse_count(r->text, value);
   } else if (!strcmp(key, "count")) {
      r->max_count = parse_count(r->text, value);
   } else if (!strcmp(key, "seed")) {
      r->seed = strtoull(value, NULL, 0);
   } else if (!strcmp(key, "rate")) {
      char *end;
      r->rate = strtod(value, &end);
      if (*end || !(r->rate > 0 && r->rate <= 1))
         bad_rule(r->text, "rate must be in (0, 1]");
   } else {
      bad_rule(r->text, "unknown condition");
   }
}

static void
parse_rule(char *text)
{
   if (rule_count == MAX_RULES)
      bad_rule(text, "too many rules");
   struct fault_rule *r = &rules[rule_count++];
   snprintf(r->text, sizeof(r->text), "%s", text);
   r->err = EIO;
   const char *seed = jade_shim_getenv("JADE_SHIM_FAULT_SEED");
   r->seed = seed ? strtoull(seed, NULL, 0) : 1;

   char *save = NULL;
   bool first = true;
   for (char *pair = strtok_r(text, ":", &save); pair; pair = strtok_r(NULL, ":", &save)) {
      char *value = strchr(pair, '=');
      if (!value)
         bad_rule(r->text, "expected key=value");
      *value++ = '\0';
      if (first) {
         first = false;
         if (!strcmp(pair, "ioctl") && value[0] && strlen(value) < sizeof(r->ioctl)) {
            r->kind = FAULT_IOCTL;
            strcpy(r->ioctl, value);
         } else if (!strcmp(pair, "mmap") && !strcmp(value, "fail")) {
            r->kind = FAULT_MMAP;
            r->err = ENOMEM;
         } else if (!strcmp(pair, "channel") && !strcmp(value, "kill")) {
            r->kind = FAULT_CHANNEL_KILL;
         } else if (!strcmp(pair, "gpu") &&
                    (!strcmp(value, "fault") || !strcmp(value, "bad-access"))) {
            r->kind = !strcmp(value, "fault") ? FAULT_GPU : FAULT_GPU_ACCESS;
            if (!jade_shim_runs_gpu)
               bad_rule(r->text, "GPU faults need the executing shim "
                                 "(libjade_sim_drm_shim.so)");
         } else {
            bad_rule(r->text, "expected ioctl=NAME, mmap=fail, channel=kill, gpu=fault or "
                              "gpu=bad-access");
         }
      } else {
         parse_condition(r, pair, value);
      }
   }
   if (!r->nth && !r->every && !r->after && !r->rate)
      bad_rule(r->text, "say when: nth=, every=, after= or rate=");
   if (!r->max_count && (r->nth || r->kind == FAULT_CHANNEL_KILL))
      r->max_count = 1;
}

void
jade_shim_fault_init(void)
{
   const char *env = jade_shim_getenv("JADE_SHIM_FAULT");
   if (!env || !env[0])
      return;
   char *copy = strdup(env);
   char *save = NULL;
   for (char *rule = strtok_r(copy, ";", &save); rule; rule = strtok_r(NULL, ";", &save))
      parse_rule(rule);
   free(copy);
   for (unsigned i = 0; i < rule_count; i++) {
      if (rules[i].kind == FAULT_MMAP)
         jade_shim_fault_hook_mmap();
      has_gpu_access_rules |= rules[i].kind == FAULT_GPU_ACCESS;
   }
}

/* splitmix64: a few lines, and the same sequence on every machine. */
static double
next_random(uint64_t *state)
{
   uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   z ^= z >> 31;
   return (z >> 11) * (1.0 / 9007199254740992.0);
}

/* Counts an event of the rule and says whether it is injected now. */
static bool
rule_fires(struct fault_rule *r)
{
   const uint64_t n = ++r->events;
   if (r->max_count && r->injected >= r->max_count)
      return false;
   bool fire =
      (r->nth && n == r->nth) || (r->every && n % r->every == 0) || (r->after && n > r->after);
   if (r->rate && next_random(&r->seed) < r->rate)
      fire = true;
   if (fire)
      r->injected++;
   return fire;
}

static simple_mtx_t fault_lock = SIMPLE_MTX_INITIALIZER;

static struct fault_rule *
fire(enum fault_kind kind, const char *ioctl)
{
   struct fault_rule *hit = NULL;
   simple_mtx_lock(&fault_lock);
   for (unsigned i = 0; i < rule_count; i++) {
      struct fault_rule *r = &rules[i];
      if (r->kind != kind ||
          (kind == FAULT_IOCTL && strcmp(r->ioctl, "*") && strcmp(r->ioctl, ioctl)))
         continue;
      if (rule_fires(r) && !hit)
         hit = r;
   }
   simple_mtx_unlock(&fault_lock);
   return hit;
}

static void PRINTFLIKE(2, 3) log_injection(const struct fault_rule *r, const char *fmt, ...)
{
   char what[128];
   va_list args;
   va_start(args, fmt);
   vsnprintf(what, sizeof(what), fmt, args);
   va_end(args);
   fprintf(stderr, "jade-shim: injected: %s (rule '%s', event %llu)\n", what, r->text,
           (unsigned long long)r->events);
   /* JADE_SHIM_FAULT_BACKTRACE=1: who made the call that failed. */
   if (debug_get_bool_option("JADE_SHIM_FAULT_BACKTRACE", false)) {
      void *frames[32];
      backtrace_symbols_fd(frames, backtrace(frames, ARRAY_SIZE(frames)), STDERR_FILENO);
   }
   jade_shim_report("injected: %s (rule '%s', event %llu)", what, r->text,
                    (unsigned long long)r->events);
}

int
jade_shim_fault_ioctl(const char *name)
{
   if (!rule_count)
      return 0;
   struct fault_rule *r = fire(FAULT_IOCTL, name);
   if (!r)
      return 0;
   log_injection(r, "%s fails with %s", name, errno_name(r->err));
   return -r->err;
}

bool
jade_shim_fault_kill_channel(uint32_t channel)
{
   struct fault_rule *r = rule_count ? fire(FAULT_CHANNEL_KILL, NULL) : NULL;
   if (r)
      log_injection(r, "channel %u killed", channel);
   return r;
}

bool
jade_shim_fault_gpu_push(uint32_t channel)
{
   struct fault_rule *r = rule_count ? fire(FAULT_GPU, NULL) : NULL;
   if (r)
      log_injection(r, "the pushbuffer of an EXEC on channel %u is unmapped", channel);
   return r;
}

bool
jade_shim_fault_gpu_access(uint64_t va, uint64_t size_B)
{
   struct fault_rule *r = has_gpu_access_rules ? fire(FAULT_GPU_ACCESS, NULL) : NULL;
   if (r)
      log_injection(r, "the GPU's access of %llu bytes at 0x%llx finds no mapping",
                    (unsigned long long)size_B, (unsigned long long)va);
   return r;
}

/* How often each rule's event came and fired, so that a test can sweep
 * nth= over every event a clean run has. */
static void __attribute__((destructor)) report_events(void)
{
   for (unsigned i = 0; i < rule_count; i++) {
      jade_shim_report("fault-events: rule '%s' events %llu injected %llu", rules[i].text,
                       (unsigned long long)rules[i].events, (unsigned long long)rules[i].injected);
   }
}

/* mmap on the device file: Mesa's drm-shim maps the buffer whose mmap
 * offset it handed out (device.c, drm_shim_mmap); the same here, once a
 * rule has said whether this one fails.  Installed only for mmap rules,
 * through drm-shim's hook for device memory windows, covering every
 * offset. */
static void *
shim_mmap(size_t length, int prot, int flags, off64_t offset)
{
   struct fault_rule *r = fire(FAULT_MMAP, NULL);
   if (r) {
      log_injection(r, "mmap fails with ENOMEM");
      errno = r->err;
      return MAP_FAILED;
   }
   mtx_lock(&shim_device.mem_lock);
   struct shim_bo *bo = _mesa_hash_table_u64_search(shim_device.offset_map, offset);
   mtx_unlock(&shim_device.mem_lock);
   if (!bo || length > bo->size) {
      errno = EINVAL;
      return MAP_FAILED;
   }
   return mmap(NULL, length, prot, flags, shim_device.mem_fd, bo->mem_addr);
}

void
jade_shim_fault_hook_mmap(void)
{
   static bool hooked;
   if (!hooked)
      drm_shim_init_iomem_region(0, 1ull << 48, shim_mmap);
   hooked = true;
}
