#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check-run-shaders.sh MODE WRAPPER RUNNER DIR [EXPECTED]: runs
# jade-run-shaders on DIR under WRAPPER (ci/with-jade or ci/with-nouveau)
# and checks its report.
#   corpus     the summary parses, every file is accounted for, no CRASH,
#              some program reached the driver (compiled or failed); with
#              -j 2 the per-file lines are the same as with -j 1
#   stats      as corpus, and programs compiled, each stage with
#              statistics (nouveau)
#   malformed  the per-file lines are exactly EXPECTED (clean FAIL/SKIP)
#   crash      a worker killed on some files: CRASH lines for those, the
#              others still run, exit status 0
set -euo pipefail
mode=$1 wrapper=$2 runner=$3 dir=$4 expected=${5:-}

if [ "$mode" = stats ] && ! "$wrapper" true 2>/dev/null; then
  echo "SKIP: $wrapper cannot run (built without nouveau?)"
  [ "${CI:-}" = true ] && { echo "FAIL: in CI the nouveau build is required"; exit 1; }
  exit 77
fi

files=$(find "$dir" -name '*.shader_test' | wc -l)
run() {
  "$wrapper" "$runner" "$@" "$dir" 2>/dev/null
}

if [ "$mode" = crash ]; then
  out=$(JADE_RUN_SHADERS_CRASH_ON=glsl130 run -j 2)
else
  out=$(run)
fi
echo "$out"
lines=$(grep '\.shader_test - ' <<<"$out" | sed "s|^$dir/||")

summary=$(grep -E '^programs: [0-9]+ total, [0-9]+ compiled, [0-9]+ failed, [0-9]+ skipped, [0-9]+ crashed$' <<<"$out")
nums=($(grep -oE '[0-9]+' <<<"$summary"))
total=${nums[0]} compiled=${nums[1]} failed=${nums[2]} skipped=${nums[3]} crashed=${nums[4]}
[ "$total" -eq "$files" ] || { echo "FAIL: $total programs reported, $files files"; exit 1; }
[ $((compiled + failed + skipped + crashed)) -eq "$total" ] || { echo "FAIL: counts do not add up"; exit 1; }
grep -Eq '^totals: ' <<<"$out" || { echo "FAIL: no totals line"; exit 1; }
# Every file has at least one line, in sorted order.
reported=$(sed 's/ - .*//' <<<"$lines" | uniq)
[ "$(wc -l <<<"$reported")" -eq "$files" ] || { echo "FAIL: not one block per file"; exit 1; }
[ "$reported" = "$(sort <<<"$reported")" ] || { echo "FAIL: not in file order"; exit 1; }

case "$mode" in
  corpus|stats)
    [ "$crashed" -eq 0 ] && ! grep -q ' - CRASH' <<<"$lines" || { echo "FAIL: a worker crashed"; exit 1; }
    # Jade's compiler may still refuse everything (FAIL lines are data), but
    # something must have reached the driver.
    [ $((compiled + failed)) -gt 0 ] || { echo "FAIL: nothing was compiled"; exit 1; }
    parallel=$(run -j 2 | grep '\.shader_test - ' | sed "s|^$dir/||")
    [ "$parallel" = "$lines" ] || { echo "FAIL: -j 2 differs from -j 1"; diff <(echo "$lines") <(echo "$parallel"); exit 1; }
    if [ "$mode" = stats ]; then
      [ "$compiled" -gt 0 ] || { echo "FAIL: nothing compiled"; exit 1; }
      ! grep -q 'no statistics' <<<"$lines" || { echo "FAIL: stages without statistics"; exit 1; }
      grep -Eq ' shader: [0-9]+ inst, .* [0-9]+ gprs, ' <<<"$lines" || { echo "FAIL: no figures"; exit 1; }
    fi
    ;;
  malformed)
    diff -u "$expected" <(echo "$lines") || { echo "FAIL: output differs from $expected"; exit 1; }
    ;;
  crash)
    n=$(find "$dir" -name '*glsl130*.shader_test' | wc -l)
    [ "$crashed" -eq "$n" ] || { echo "FAIL: $crashed crashed, expected $n"; exit 1; }
    [ "$(grep -c ' - CRASH: signal 11' <<<"$lines")" -eq "$n" ] || { echo "FAIL: CRASH lines"; exit 1; }
    [ $((compiled + failed)) -gt 0 ] || { echo "FAIL: the run did not continue"; exit 1; }
    ;;
esac
echo "PASS"
