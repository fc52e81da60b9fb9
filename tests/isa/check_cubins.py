#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""check_cubins.py DIR...: the committed cubins are ptxas's output for the
committed PTX beside them (DIR/X.ptx -> DIR/X.cubin at -O3, or X.O0.cubin
and X.O3.cubin), byte for byte: the ISA and model tests read NVIDIA's
code, not a stale copy of it.  ptxas is found by tests/oracles.py."""

import glob
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracles  # noqa: E402


def main():
    ptxas = oracles.tool('ptxas')
    if not ptxas:
        return oracles.missing('ptxas')
    checked, bad = 0, []
    with tempfile.TemporaryDirectory() as tmp:
        for d in sys.argv[1:]:
            for ptx in sorted(glob.glob(os.path.join(d, '*.ptx'))):
                stem = ptx[:-4]
                pairs = [(stem + '.cubin', 'O3')] if os.path.exists(stem + '.cubin') else \
                    [(f'{stem}.{o}.cubin', o) for o in ('O0', 'O3')]
                for cubin, opt in pairs:
                    out = os.path.join(tmp, 'k.cubin')
                    r = subprocess.run([ptxas, '-arch=sm_75', '-' + opt, ptx, '-o', out],
                                       capture_output=True, text=True)
                    checked += 1
                    if r.returncode:
                        bad.append(f'{ptx}: ptxas -{opt} failed: {r.stderr.strip()}')
                    elif not os.path.exists(cubin):
                        bad.append(f'{cubin}: missing')
                    elif open(out, 'rb').read() != open(cubin, 'rb').read():
                        bad.append(f'{cubin}: differs from ptxas -{opt} {ptx}')
    for b in bad:
        print('FAIL', b)
    print(f'{checked} cubins rebuilt with ptxas, {len(bad)} differ')
    return 1 if bad or not checked else 0


if __name__ == '__main__':
    sys.exit(main())
