/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * gen_pack.py's fields up to 64 bits and its range checks (pack_test.xml):
 * 49- and 64-bit values cross word boundaries and come back; a value too
 * wide for its field fails the pack, which (in a child process) aborts
 * on the assert in a debug build and returns false without asserts.
 */

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jade_pack_test.h"

static int failures;

#define CHECK(cond)                                                                                \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond);                                \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

static void
check_wide_fields(void)
{
   struct jade_pack_test v = {
      .kind = 0xa,
      .address = 0x1fedcba987654ull, /* 49 bits */
      .flag = 1,
      .wide = 0x8123456789abcdefull,
   };
   uint32_t dw[JADE_PACK_TEST_WORDS];
   CHECK(jade_pack_test_pack(dw, &v));
   CHECK(dw[0] == 0xa);
   CHECK(dw[1] == 0xba987654u);
   CHECK(dw[2] == (0x1fedcu | 1u << 17));
   CHECK(dw[3] == 0x89abcdefu);
   CHECK(dw[4] == 0x81234567u);
   struct jade_pack_test back;
   jade_pack_test_unpack(dw, &back);
   CHECK(back.kind == v.kind && back.address == v.address && back.flag == v.flag &&
         back.wide == v.wide);
}

/* Packs an address one bit too wide for its field in a child: the child
 * exits 0 if the pack said it failed, 1 if it did not. */
static void
check_out_of_range(void)
{
   pid_t pid = fork();
   if (pid == 0) {
      struct jade_pack_test v = {.address = 1ull << 49};
      uint32_t dw[JADE_PACK_TEST_WORDS];
      _exit(jade_pack_test_pack(dw, &v) ? 1 : 0);
   }
   int status;
   CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
#ifdef NDEBUG
   CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
#else
   CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
#endif
   /* The largest value that fits passes. */
   struct jade_pack_test v = {.kind = 0xf, .address = (1ull << 49) - 1};
   uint32_t dw[JADE_PACK_TEST_WORDS];
   CHECK(jade_pack_test_pack(dw, &v));
}

int
main(void)
{
   check_wide_fields();
   check_out_of_range();
   if (failures)
      return 1;
   printf("pack checks: 64-bit fields and range checks ok\n");
   return 0;
}
