#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check-named-enums-fires.sh PYTHON CHECK_NAMED_ENUMS.py GEN_ISA.py DESC.yaml: the
# build's named-field check finds each form of a bare number (and names its
# FILE:LINE), and passes the same code written with the names.
set -u
python=$1 check=$2 gen=$3 desc=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bad" "$tmp/good"
cat >"$tmp/bad/bad.c" <<'C'
static void f(struct jade_instr *i, struct sim_exec *x, struct jade_isa_instr *isa, bool c)
{
   jade_instr_set_field(i, JADE_ISA_F_CMP, 5);
   jade_instr_set_field(i, JADE_ISA_F_ST, c ? 6 : JADE_ISA_V_ST_U32);
   isa->field[JADE_ISA_F_LOC] = 1;
   if (sim_field(x, JADE_ISA_F_MODE) != 3)
      return;
   unsigned mode = (unsigned)sim_field(x, JADE_ISA_F_MODE);
   switch (mode) {
   case 2:
      break;
   }
   if (mode == 1)
      return;
   jade_ISETP(b, p, a, z, .cmp = 5);
   jade_IMNMX(b, d, a, z, .signed_ = c ? JADE_ISA_V_SIGNED_S32 : 0);
   jade_set(i, JADE_ISA_F_SEM, 2);
   jade_SULD_P_B(b, d, .addr = a, .clamp = JADE_ISA_V_CLAMP_IGN);
}
C
sed -e 's/JADE_ISA_F_CMP, 5/JADE_ISA_F_CMP, JADE_ISA_V_CMP_NE/' \
    -e 's/c ? 6 :/c ? JADE_ISA_V_ST_S32 :/' \
    -e 's/LOC\] = 1/LOC] = JADE_ISA_V_LOC_CENTROID/' \
    -e 's/!= 3)/!= JADE_ISA_V_MODE_TRAP)/' \
    -e 's/case 2:/case JADE_ISA_V_MODE_DOWN:/' \
    -e 's/mode == 1/mode == JADE_ISA_V_MODE_UP/' \
    -e 's/\.cmp = 5/.cmp = JADE_ISA_V_CMP_NE/' \
    -e 's/: 0);/: JADE_ISA_V_SIGNED_U32);/' \
    -e 's/F_SEM, 2/F_SEM, JADE_ISA_V_SEM_STRONG/' \
    -e 's/\.clamp = JADE_ISA_V_CLAMP_IGN/.clamp = JADE_ISA_V_CLAMP_TRAP/' "$tmp/bad/bad.c" >"$tmp/good/good.c"
fail=0
out=$("$python" "$check" --stamp "$tmp/stamp.h" "$gen" "$desc" "$tmp/bad" 2>&1)
status=$?
for line in 3 4 5 6 10 13 15 16 17; do
  if ! grep -q "bad.c:$line: error: a named instruction field" <<<"$out"; then
    echo "FAIL: no error for bad.c:$line"
    fail=1
  fi
done
# A named value 0 where the builder reads 0 as a non-zero neutral value.
if ! grep -q "bad.c:18: error: jade_SULD_P_B(... .clamp = JADE_ISA_V_CLAMP_IGN)" <<<"$out"; then
  echo "FAIL: no error for bad.c:18 (.clamp = a 0 the builder reads as neutral)"
  fail=1
fi
if [ "$status" -ne 1 ] || [ -e "$tmp/stamp.h" ]; then
  echo "FAIL: status $status on bare numbers (want 1, no stamp)"
  fail=1
fi
if ! "$python" "$check" --stamp "$tmp/stamp.h" "$gen" "$desc" "$tmp/good" >/dev/null ||
   [ ! -e "$tmp/stamp.h" ]; then
  echo "FAIL: the same code by name does not pass"
  fail=1
fi
[ "$fail" -eq 0 ] && echo "the check finds all 9 bare numbers (set_field, builder calls, jade_set, tests, switches) and the lost 0 and passes them by name"
echo "$out" | sed 's/^/  /'
exit "$fail"
