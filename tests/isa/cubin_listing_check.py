#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""The whole cubin listing: `jade-disasm --cubin` against `nvdisasm -c`.

    cubin_listing_check.py JADE_DISASM CUBIN...

For each cubin both listings must be identical line by line: the header
flags, the section and function headers (.section, .sectionflags,
.sectioninfo, .align, .global/.weak, .type, .size, .other), the labels
(.L_x_N, numbered as nvdisasm numbers them), the targets of branches,
calls and BSSY by label or function symbol, the indirect branches' target
comments and the SYMBOLS block.  (isa-ptxas-reverse compares the
instructions alone.)  Prints the first differing lines of each cubin that
differs and the totals.  Without nvdisasm: a failure in CI, a skip elsewhere
(tests/oracles.py).
"""

import difflib
import subprocess
import sys

import nvdisasm_oracle
from nvdisasm_oracle import NVDISASM


def main():
    rc = nvdisasm_oracle.missing()
    if rc is not None:
        return rc
    jade_disasm, cubins = sys.argv[1], sys.argv[2:]
    lines = same_files = 0
    bad = []
    for cubin in cubins:
        theirs = subprocess.run([NVDISASM, '-c', cubin], capture_output=True, text=True,
                                check=True).stdout.splitlines()
        r = subprocess.run([jade_disasm, '--cubin', cubin], capture_output=True, text=True)
        if r.returncode not in (0, 1):
            print(f'{cubin}: jade-disasm failed: {r.stderr}')
            return 1
        ours = r.stdout.splitlines()
        lines += len(theirs)
        if ours == theirs:
            same_files += 1
            continue
        diff = list(difflib.unified_diff(theirs, ours, 'nvdisasm -c', 'jade-disasm --cubin',
                                         n=1, lineterm=''))
        bad.append(cubin)
        print(f'DIFFERS {cubin}: {len(diff)} diff lines; the first:')
        for d in diff[:24]:
            print('   ', d)
    print(f'{len(cubins)} cubins ({lines} lines of nvdisasm -c): {same_files} identical, '
          f'{len(bad)} different')
    return 1 if bad or not cubins else 0


if __name__ == '__main__':
    sys.exit(main())
