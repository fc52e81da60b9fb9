#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check-glinfo.sh WRAPPER... GLINFO: the driver reports itself as Jade on
# a Turing chip with OpenGL >= 3.3 (core).
set -euo pipefail
out=$("$@")
echo "$out"
grep -q '^GL_VENDOR: NVIDIA$' <<<"$out"
grep -Eq '^GL_RENDERER: Jade \(TU1[01][0-9]\)$' <<<"$out"
version=$(sed -n 's/^GL_VERSION: \([0-9]*\.[0-9]*\).*/\1/p' <<<"$out")
[ -n "$version" ]
awk -v v="$version" 'BEGIN { split(v, p, "."); exit !(p[1] > 3 || (p[1] == 3 && p[2] >= 3)) }'
grep -Eq '^GL_NUM_EXTENSIONS: [1-9][0-9]*$' <<<"$out"
