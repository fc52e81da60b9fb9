#!/bin/sh
# SPDX-License-Identifier: MIT
# check_sph_golden.sh JADE_SPH GOLDEN: jade-sph's text for a vertex and a
# fragment header (hand-made words) is the golden file's.
set -e
sph=$1
golden=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# VS: type 1, version 4, vertex, SASS 1; 64 bytes of local memory; store
# requests 0x1c..0x23; reads position.x and generic 0.x; writes position
# and generic 0.xy.
"$sph" 20481 40 0 0 2301c000 10000000 1 0 0 0 0 0 0 3f000 >> "$out"
# FS: type 2, version 4, pixel, MRT, kills; perspective generic 0.xy,
# constant generic 1.x; writes target 0.
"$sph" 2d482 0 0 0 0 0 10a 0 0 0 0 0 0 0 0 0 0 0 f >> "$out"
# TCS: tessellation init, 25 patch words (also as nibbles 9 and 1 at bits
# 124 and 148, NAK's sph.rs), 4 threads a patch, store requests
# 0x1c..0x27.
"$sph" 20881 19000000 4000000 90000000 2711c000 >> "$out"
# TES: tessellation, the domain point u and v in the Omap (word 18 bits
# 12 and 13, as nvc0_tep_gen_header sets them).
"$sph" 20c81 0 0 0 ff000 0 0 0 0 0 0 0 0 0 0 0 0 0 3000 >> "$out"
diff -u "$golden" "$out"
echo "jade-sph output matches $(basename "$golden")"
