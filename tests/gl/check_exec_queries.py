#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""check_exec_queries.py WITH_JADE TEST_GL_STREAMS: the queries case on the
executing shim (ci/with-jade --exec): the GPU model runs Jade's report
semaphores, so the time-elapsed and timestamp queries read back real
(non-zero) nanoseconds, where the noop shim leaves zeros; the run must
also be free of shim refusals, GPU faults and failed submissions
(tests/stack_log.py).  The occlusion count stays 0 until the model has a
3D pipeline to count samples with (issue 15)."""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import stack_log  # noqa: E402


def run(with_jade, test, exec_shim, report):
    cmd = [with_jade] + (["--exec"] if exec_shim else []) + [test, "queries"]
    r = subprocess.run(cmd, env=stack_log.env(report), capture_output=True, text=True,
                       timeout=120)
    m = re.search(r"streams-test: samples (\d+) elapsed (\d+) timestamp (\d+)", r.stderr)
    return r, tuple(int(x) for x in m.groups()) if m else None


def main():
    with_jade, test = sys.argv[1:3]
    failures = 0

    def check(ok, what):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + what)
        failures += not ok

    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "shim-report")
        r, got = run(with_jade, test, True, report)
        problems = stack_log.problems(r.stderr, report)
        sys.stderr.write(r.stderr)
        check(r.returncode == 0, f"the queries case exits 0 on --exec (got {r.returncode})")
        check(not problems, f"no refusal, fault or failed submission ({problems})")
        check(got is not None, "it prints its results")
        if got:
            samples, elapsed, stamp = got
            check(stamp > 0, f"the timestamp query reads the model's clock ({stamp} ns)")
            check(0 < elapsed < 10**10, f"the time-elapsed query is a duration ({elapsed} ns)")
            check(samples == 0, f"no samples counted without a 3D pipeline ({samples})")
        r, noop = run(with_jade, test, False, report)
        check(noop == (0, 0, 0), f"the noop shim leaves them zero ({noop}): the check can tell")
    print(f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
