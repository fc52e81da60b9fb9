#!/bin/sh
# Regenerates the PTX and the committed cubins (needs ptxas 11.8):
#   tests/sim/kernels/build_cubins.sh [stem...]
set -e
cd "$(dirname "$0")"
PTXAS=${PTXAS:-$(/usr/bin/python3 ../../oracles.py ptxas)}
python3 gen_ptx.py
if [ $# -eq 0 ]; then set -- $(ls *.ptx | sed 's/\.ptx$//'); fi
for f in "$@"; do
   for o in O0 O3; do
      "$PTXAS" -arch=sm_75 -$o "$f.ptx" -o "$f.$o.cubin"
   done
done
