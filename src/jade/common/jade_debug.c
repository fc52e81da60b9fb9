/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#include <stdbool.h>

#include "util/u_debug.h"

#include "jade_debug.h"

static const struct debug_named_value jade_debug_options[] = {
   {"pb", JADE_DEBUG_PB, "Print each submitted pushbuffer, decoded with the class headers"},
   {"sync", JADE_DEBUG_SYNC, "Wait for the GPU after every submission"},
   {"drm", JADE_DEBUG_DRM, "Log every DRM ioctl Jade makes and its result"},
   {"nir", JADE_DEBUG_NIR, "Print the NIR handed to the compiler"},
   {"shaderdb", JADE_DEBUG_SHADERDB, "Print shader statistics to stderr"},
   {"ir", JADE_DEBUG_IR, "Print Jade IR after each compiler pass"},
   {"validate", JADE_DEBUG_VALIDATE,
    "Validate the compiler IR after each pass (release builds too)"},
   {"shaders", JADE_DEBUG_SHADERS, "Print each compiled shader's disassembly"},
   {"serial", JADE_DEBUG_SERIAL,
    "Make every instruction wait for everything (bisects dependency bugs)"},
   {"spill", JADE_DEBUG_SPILL, "Compile with a budget of 16 registers (exercises spilling)"},
   {"nos", JADE_DEBUG_NOS,
    "Log each link of a program, its NOS key and every patched instruction, and the "
    "compile/link/patch counters"},
   {"bindstats", JADE_DEBUG_BINDSTATS,
    "Print the time of each compile and of each link (with upload) and what the link removed "
    "(ci/bench-link)"},
   {"cache", JADE_DEBUG_CACHE,
    "Log each disk shader cache lookup (hit, miss, rejected entry) and store"},
   {"synccompile", JADE_DEBUG_SYNCCOMPILE,
    "Compile shaders on the thread that creates them, not on the compiler threads"},
   {"notc", JADE_DEBUG_NOTC, "No threaded context: the driver runs on the application's thread"},
   DEBUG_NAMED_VALUE_END,
};

DEBUG_GET_ONCE_FLAGS_OPTION(jade_debug, "JADE_DEBUG", jade_debug_options, 0)

uint64_t
jade_debug_flags(void)
{
   return debug_get_option_jade_debug();
}
