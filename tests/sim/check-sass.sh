#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Runs hand-written SASS on the functional model: each DIR/*.s is assembled
# by jade-asm and run by jade-sim (one warp, a 256-byte buffer as the first
# parameter, plus the jade-sim OPTIONS given).  The "# expect:" line of
# each file gives the exit code and, after it, text the output must hold.
# tests/sim/hazards: the dependency checker flags each broken case and
# accepts its corrected twin; tests/sim/bad: faults, unsupported
# instructions, endless loops and deadlocks stop with a message, never a
# crash or a hang.
#   check-sass.sh JADE_ASM JADE_SIM DIR [OPTIONS...]

set -u
asm=$1 sim=$2 dir=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -c 256 /dev/zero > "$tmp/buf.bin"
pass=0 fail=0
for s in "$dir"/*.s; do
   name=$(basename "$s" .s)
   expect=$(sed -n 's/^# expect: //p' "$s")
   code=${expect%% *}
   msg=""
   [ "$code" != "$expect" ] && msg=${expect#* }
   if ! "$asm" -o "$tmp/$name.bin" "$s" 2> "$tmp/asm.err"; then
      echo "FAIL $name: does not assemble: $(cat "$tmp/asm.err")"
      fail=$((fail + 1)); continue
   fi
   "$sim" --code "$tmp/$name.bin" --grid 1 --block 32 --arg "buf:$tmp/buf.bin" \
          --out-dir "$tmp" "$@" > "$tmp/out" 2>&1
   rc=$?
   if [ "$rc" != "$code" ]; then
      echo "FAIL $name: exit $rc, expected $code"; sed 's/^/    /' "$tmp/out"
      fail=$((fail + 1))
   elif [ -n "$msg" ] && ! grep -qF "$msg" "$tmp/out"; then
      echo "FAIL $name: no \"$msg\" in:"; sed 's/^/    /' "$tmp/out"
      fail=$((fail + 1))
   else
      echo "ok   $name"
      pass=$((pass + 1))
   fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
