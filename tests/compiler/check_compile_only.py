#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""check_compile_only.py TEST DISASM: runs the compile-only test (shaders
the model cannot run) into a temporary directory, then compares every
binary with nvdisasm.  Without nvdisasm: a failure in CI, a skip
elsewhere (tests/oracles.py)."""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    test, disasm = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as out:
        r = subprocess.run([test, out])
        if r.returncode:
            return 1
        oracle = os.path.join(HERE, '..', 'isa', 'nvdisasm_oracle.py')
        r = subprocess.run([sys.executable, oracle, 'binaries', disasm, out])
        return r.returncode


if __name__ == '__main__':
    sys.exit(main())
