#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check-piglit-glinfo.sh WRAPPER...: piglit's own glinfo (through waffle on
# GBM) runs on Jade without crashing and sees the Jade renderer.
set -euo pipefail
glinfo=${PIGLIT_GLINFO:-/usr/lib/x86_64-linux-gnu/piglit/bin/glinfo}
if [ ! -x "$glinfo" ]; then
  echo "piglit's glinfo is not installed ($glinfo)" >&2
  exit 1
fi
out=$("$@" "$glinfo" 2>&1)
echo "$out"
grep -q 'Jade (TU1' <<<"$out"
