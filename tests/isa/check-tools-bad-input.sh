#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check-tools-bad-input.sh JADE_DISASM JADE_ASM CUBIN: malformed input to the
# tools gives a clear error (naming the offset or line) and a non-zero exit,
# never a crash.
set -u
disasm=$1 asm=$2 cubin=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

expect() { # expect STATUS PATTERN -- CMD...
  local want=$1 pattern=$2; shift 3
  local out status
  out=$("$@" 2>&1); status=$?
  if [ "$status" -ne "$want" ] || ! grep -q -- "$pattern" <<<"$out"; then
    echo "FAIL: $* -> status $status, output: $out"
    fail=1
  fi
}

head -c 20 "$cubin" >"$tmp/trunc.bin"
head -c 100 "$cubin" >"$tmp/trunc.cubin"
printf '\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff' >"$tmp/unknown.bin"
printf 'NOP ;\nFADD R1, R2 ;\n' >"$tmp/bad.s"
printf 'FOO R1 ;\n' >"$tmp/unknown.s"
printf '[B------:R9:W-:-:S01] NOP ;\n' >"$tmp/badctrl.s"
printf 'zz\n' >"$tmp/bad.hex"
printf '# words\n\n0 0\n1\n' >"$tmp/short.hex"

expect 2 'truncated at offset 0x10' -- "$disasm" "$tmp/trunc.bin"
expect 2 'not an ELF file' -- "$disasm" --cubin "$tmp/trunc.bin"
expect 2 'out of bounds' -- "$disasm" --cubin "$tmp/trunc.cubin"
expect 1 '<unknown 0xffffffffffffffff' -- "$disasm" "$tmp/unknown.bin"
expect 2 ':1: expected two hex words' -- "$disasm" --hex "$tmp/bad.hex"
expect 2 ':4: expected two hex words' -- "$disasm" --hex "$tmp/short.hex"
expect 2 'No such file' -- "$disasm" "$tmp/missing.bin"
expect 1 ':2: operands or modifiers do not match' -- "$asm" -o "$tmp/out.bin" "$tmp/bad.s"
expect 1 ":1: unknown instruction 'FOO'" -- "$asm" -o "$tmp/out.bin" "$tmp/unknown.s"
expect 1 ':1: bad control bits' -- "$asm" -o "$tmp/out.bin" "$tmp/badctrl.s"
exit $fail
