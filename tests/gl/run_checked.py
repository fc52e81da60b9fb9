#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""run_checked.py [--expect-gpu-fault] [--no-driver-errors] WITH_JADE CMD [ARGS...]: runs CMD on
Jade and the noop shim and fails if it exits non-zero or if the run had a
problem tests/stack_log.py knows (Jade not loaded, a shim refusal, a failed
submission), even when CMD itself exits 0.

With --expect-gpu-fault (a program that makes the GPU model fault on
purpose) the run must instead show the fault killing the channel and the
driver reporting failed submissions, and still exit 0: surviving is what
is checked.

With --no-driver-errors any error the driver logged through Mesa's logger
("MESA: error: jade: ...") fails the run too: for programs (the soak, the
code heap test) whose dropped work the noop shim would not show."""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import stack_log  # noqa: E402


def main():
    args = sys.argv[1:]
    expect_fault = args[:1] == ['--expect-gpu-fault']
    if expect_fault:
        args = args[1:]
    no_driver_errors = args[:1] == ['--no-driver-errors']
    if no_driver_errors:
        args = args[1:]
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, 'shim-report')
        r = subprocess.run(args, env=stack_log.env(report), stderr=subprocess.PIPE,
                           text=True, errors='replace', timeout=300)
        sys.stderr.write(r.stderr)
        problems = stack_log.problems(r.stderr, report)
    if expect_fault:
        killed = [p for p in problems if 'killed by a GPU fault' in p]
        failed = [p for p in problems if 'submission failed' in p]
        problems = [p for p in problems if p not in killed and p not in failed and
                    'waiting for' not in p and 'killed by a GPU fault' not in p]
        if not killed:
            problems.append('the GPU model reported no fault killing the channel')
        if not failed:
            problems.append('the driver reported no failed submission after the fault')
    if no_driver_errors:
        logged = [line for line in r.stderr.splitlines() if line.startswith('MESA: error: jade:')]
        problems += [f'driver error: {line}' for line in logged[:5]]
    for p in problems:
        print('FAIL', p)
    if r.returncode:
        print(f'FAIL {os.path.basename(args[1])} exits {r.returncode}')
    return 1 if problems or r.returncode else 0


if __name__ == '__main__':
    sys.exit(main())
