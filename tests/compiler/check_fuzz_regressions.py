#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""The fuzzer's findings as regression tests.

    check_fuzz_regressions.py TOP JADE_FUZZ_NIR DIR

DIR/*.nir (jade-fuzz-nir's reduced findings) must each compile, run on the
model and match the reference interpreter (jade-fuzz-nir --replay);
DIR/*.shader_test (fuzz_glsl.py's) must each compile on Jade under the noop
shim with no crash, hang, validation failure or unclear driver error.
"""

import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz_glsl  # noqa: E402


def main():
    top, fuzz_nir, d = sys.argv[1:4]
    failed = 0
    nir = sorted(glob.glob(os.path.join(d, '*.nir')))
    if nir:
        r = subprocess.run([fuzz_nir, '--replay'] + nir)
        failed += r.returncode != 0
    glsl = sorted(glob.glob(os.path.join(d, '*.shader_test')))
    if glsl:
        res = fuzz_glsl.run_batch(top, glsl)
        for f in glsl:
            kind, reason = res.get(f, ('crash', 'no result from the runner'))
            bad = fuzz_glsl.is_finding(kind, reason)
            print(f'{"FAIL" if bad else "ok  "} {os.path.relpath(f, top)}: {kind}: {reason}')
            failed += bad
    print(f'{len(nir)} NIR and {len(glsl)} GLSL regressions, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
