#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The functional model on bad code: faults, unsupported instructions,
# endless loops and deadlocks stop the run with a message and an exit code,
# never a crash or a hang.  Each tests/sim/bad/*.s says, in its "# expect:"
# line, the exit code and the message it must print.
#   check-bad-code.sh JADE_ASM JADE_SIM DIR

set -u
asm=$1 sim=$2 dir=$3
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
          --out-dir "$tmp" --hazards=off --max-instructions 100000 > "$tmp/out" 2>&1
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
