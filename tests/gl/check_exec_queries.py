#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""check_exec_queries.py WITH_JADE TEST_GL_STREAMS: the queries and
transform-feedback cases on the executing shim (ci/with-jade --exec),
their results against values worked out by hand; the runs must be free
of shim refusals, GPU faults and failed submissions (tests/stack_log.py);
on the noop shim, which runs nothing, the same results read zero.

queries: the triangle (-0.75, -0.5), (1.25, -0.5), (0.25, 1.5) of a 32 x 32
viewport is window (4, 8), (36, 8), (20, 40); the scissor keeps x 4..19,
y 8..19, where row y holds the pixels from ceil(3.5 + (y - 7.5) / 2)
(the left edge, drawn by the top-left rule) to 19: 16 + 15 + 15 + 14 + 14
+ 13 + 13 + 12 + 12 + 11 + 11 + 10 = 156 samples.  The draw conditional on
that query renders the same 156; the one conditional on an empty query
renders nothing.  The time queries read the model's nanoseconds.

transform-feedback: one triangle captured interleaved (gl_Position, then
c: 8 floats a vertex): 1 primitive generated and written, the positions
as given (that program's offset uniform is left 0), the colours of the
UNORM bytes; glDrawTransformFeedback draws the 3 captured vertices' count
of the same vertex arrays: window (0, 0), (32, 0), (16, 32), whose rows
in the scissor hold the same 16 + 15 + ... + 10 = 156 samples (its left
edge x = y / 2 crosses each row as the other's x = 4 + (y - 8) / 2 does)."""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import stack_log  # noqa: E402

SAMPLES = 156
XFB_WORDS = [-1, -1, 0, 1, 1, 0, 0, 1,
             1, -1, 0, 1, 0, 1, 0, 1,
             0, 1, 0, 1, 0, 0, 1, 1]


def run(with_jade, test, case, exec_shim, report):
    cmd = [with_jade] + (["--exec"] if exec_shim else []) + [test, case]
    return subprocess.run(cmd, env=stack_log.env(report), capture_output=True, text=True,
                          timeout=120)


def main():
    with_jade, test = sys.argv[1:3]
    failures = 0

    def check(ok, what):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + what)
        failures += not ok

    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "shim-report")
        for exec_shim in (True, False):
            shim = "--exec" if exec_shim else "the noop shim"
            r = run(with_jade, test, "queries", exec_shim, report)
            problems = stack_log.problems(r.stderr, report)
            sys.stderr.write(r.stderr)
            check(r.returncode == 0, f"queries on {shim}: exits 0 (got {r.returncode})")
            check(not problems, f"queries on {shim}: no refusal, fault or failed submission "
                  f"({problems})")
            m = re.search(r"streams-test: samples (\d+) elapsed (\d+) timestamp (\d+) "
                          r"conditional (\d+) skipped (\d+)", r.stderr)
            check(m is not None, f"queries on {shim}: it prints its results")
            if m:
                samples, elapsed, stamp, cond, skipped = (int(x) for x in m.groups())
                if exec_shim:
                    check(samples == SAMPLES, f"{samples} samples passed, {SAMPLES} by hand")
                    check(stamp > 0, f"the timestamp query reads the model's clock ({stamp} ns)")
                    check(0 < elapsed < 10**10, f"the time-elapsed query is a duration "
                          f"({elapsed} ns)")
                    check(cond == SAMPLES, f"the draw conditional on it renders ({cond})")
                    check(skipped == 0, f"the draw conditional on an empty query does not "
                          f"({skipped})")
                else:
                    check((samples, elapsed, stamp, cond, skipped) == (0, 0, 0, 0, 0),
                          f"the noop shim leaves them zero ({m.groups()}): the check can tell")

            r = run(with_jade, test, "transform-feedback", exec_shim, report)
            problems = stack_log.problems(r.stderr, report)
            sys.stderr.write(r.stderr)
            check(r.returncode == 0, f"transform-feedback on {shim}: exits 0 "
                  f"(got {r.returncode})")
            check(not problems, f"transform-feedback on {shim}: no refusal, fault or failed "
                  f"submission ({problems})")
            m = re.search(r"streams-test: xfb generated (\d+) written (\d+) samples (\d+) "
                          r"words((?: \S+){24})", r.stderr)
            check(m is not None, f"transform-feedback on {shim}: it prints its results")
            if m:
                generated, written, samples = (int(x) for x in m.groups()[:3])
                words = [float(x) for x in m.group(4).split()]
                if exec_shim:
                    check(generated == 1 and written == 1,
                          f"1 primitive generated and written ({generated}, {written})")
                    check(words == XFB_WORDS, f"the captured words {words}")
                    check(samples == SAMPLES, f"glDrawTransformFeedback draws the captured "
                          f"count: {samples} samples")
                else:
                    check((generated, written, samples) == (0, 0, 0) and not any(words),
                          f"the noop shim captures nothing ({m.groups()[:3]})")
    print(f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
