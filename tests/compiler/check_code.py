#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""check_code.py TOP DIR: the code Jade makes for the shader tests of DIR.

Each .shader_test names what a stage's code must and must not hold, in
comment lines of its own:
    # check STAGE: REGEX        some instruction matches REGEX
    # check-not STAGE: REGEX    none does
    # check-gprs STAGE: N       it needs at most N registers (its
                                statistics line's gprs)
STAGE is the runner's word (vertex, fragment, ...).  The tests compile with
ci/run-shaders under JADE_DEBUG=shaders; the printed code (one block a
stage, each starting at /*0000*/) goes with the stages' statistics lines
in their order.  Catches an optimisation undone: rectangle lookups
normalised again, a fold lost, a schedule that inflates the registers."""

import os
import re
import subprocess
import sys

CHECK_RE = re.compile(r'^# (check|check-not|check-gprs) (\w+): (.*)$', re.M)
STATS_RE = re.compile(r'^\S+\.shader_test - (\w+) shader: \d+ inst.*, (\d+) gprs')
CODE_RE = re.compile(r'^\s*/\*([0-9a-f]{4})\*/ (.*?) ;?$')


def stages_code(top, path):
    env = dict(os.environ, JADE_DEBUG='shaders')
    r = subprocess.run([os.path.join(top, 'ci', 'run-shaders'), path], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, env=env)
    blocks, stages, gprs = [], [], {}
    for line in r.stdout.splitlines():
        m = CODE_RE.match(line)
        if m:
            if m[1] == '0000':
                blocks.append([])
            if blocks:
                blocks[-1].append(m[2])
            continue
        m = STATS_RE.match(line)
        if m:
            stages.append(m[1])
            gprs[m[1]] = int(m[2])
    if r.returncode or len(blocks) != len(stages) or not stages:
        return None, None, r.stdout
    return dict(zip(stages, blocks)), gprs, r.stdout


def main():
    top, where = sys.argv[1], sys.argv[2]
    failures = 0
    for name in sorted(os.listdir(where)):
        if not name.endswith('.shader_test'):
            continue
        path = os.path.join(where, name)
        checks = CHECK_RE.findall(open(path).read())
        code, gprs, out = stages_code(top, path)
        if code is None:
            print(f'FAIL {name}: no code for every stage\n{out[-2000:]}')
            failures += 1
            continue
        for kind, stage, regex in checks:
            lines = code.get(stage)
            if lines is None:
                print(f'FAIL {name}: no {stage} shader')
                failures += 1
                continue
            if kind == 'check-gprs':
                ok = gprs[stage] <= int(regex)
                print(f'{"ok  " if ok else "FAIL"} {name} {stage}: {gprs[stage]} gprs, '
                      f'at most {regex}')
            else:
                hits = [l for l in lines if re.search(regex, l)]
                ok = bool(hits) if kind == 'check' else not hits
                what = f'{name} {stage}: {"" if kind == "check" else "no "}/{regex}/'
                print(f'{"ok  " if ok else "FAIL"} {what}' + ('' if ok else f' ({hits[:3]})'))
            if not ok:
                failures += 1
                print('\n'.join('    ' + l for l in lines))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
