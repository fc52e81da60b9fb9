#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""run_checked.py WITH_JADE CMD [ARGS...]: runs CMD on Jade and the noop
shim and fails if it exits non-zero or if the run had a problem
tests/stack_log.py knows (Jade not loaded, a shim refusal, a failed
submission), even when CMD itself exits 0."""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import stack_log  # noqa: E402


def main():
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, 'shim-report')
        r = subprocess.run(sys.argv[1:], env=stack_log.env(report), stderr=subprocess.PIPE,
                           text=True, errors='replace', timeout=300)
        sys.stderr.write(r.stderr)
        problems = stack_log.problems(r.stderr, report)
    for p in problems:
        print('FAIL', p)
    if r.returncode:
        print(f'FAIL {os.path.basename(sys.argv[2])} exits {r.returncode}')
    return 1 if problems or r.returncode else 0


if __name__ == '__main__':
    sys.exit(main())
