#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""check_sph_positions.py JADE_SPH NVIDIA_HEADER PREFIX [V3_HEADER V3_PREFIX]:
every field of Jade's SPH description (jade-sph --fields) sits where
NVIDIA's class header puts it, element by element, and every field of the
header (but reserved and padding bits) is in the description.  A field
the header lacks may come from the version 3 header (import_nvidia_sph.py
takes DOES_LOAD_OR_STORE from it), at the bits that one gives, or from
NAK (import_nvidia_sph.py's NAK_FIELDS: bit 24, the geometry passthrough
NAK's sph.rs sets, and the per-patch attribute count's nibbles at 124 and
148), at the bits NAK gives."""

import re
import subprocess
import sys


def nvidia_fields(path, prefix):
    out = {}
    for line in open(path):
        m = re.match(r'^#define\s+' + prefix + r'(T[12])_(\w+?)(\(i\))?\s+MW\((.*)\)\s*$', line)
        if not m:
            continue
        t = 'vtg' if m.group(1) == 'T1' else 'ps'
        name = m.group(2).lower()
        if name.startswith('reserved') or name.startswith('padding'):
            continue
        spec = m.group(4)
        if m.group(3):
            mm = re.match(r'\((\d+)\+\(i\)\*(\d+)\):\((\d+)\+\(i\)\*(\d+)\)', spec)
            hi, lo, stride = int(mm.group(1)), int(mm.group(3)), int(mm.group(2))
            out[(t, name)] = lambda i, hi=hi, lo=lo, s=stride: (lo + i * s, hi + i * s)
        else:
            hi, lo = (int(x) for x in spec.split(':'))
            out[(t, name)] = lambda i, hi=hi, lo=lo: (lo, hi)
    return out


# Fields no NVIDIA header names, where Mesa's nak/sph.rs sets them.
NAK = {('vtg', 'gs_passthrough_enable'): lambda i: (24, 24),
       # set_per_patch_attribute_count's nibbles (also nvc0_program.c's
       # nvc0_tcp_gen_header for GM107+).
       ('vtg', 'per_patch_attribute_count_low'): lambda i: (124, 127),
       ('vtg', 'per_patch_attribute_count_high'): lambda i: (148, 151)}


def main():
    tool, header, prefix = sys.argv[1:4]
    theirs = nvidia_fields(header, prefix)
    v3 = nvidia_fields(sys.argv[4], sys.argv[5]) if len(sys.argv) > 5 else {}
    v3.update(NAK)
    r = subprocess.run([tool, '--fields'], capture_output=True, text=True, check=True)
    ours = {}
    for line in r.stdout.splitlines():
        t, name, start, end, count, stride = line.split()
        ours[(t, name)] = (int(start), int(end), int(count), int(stride))
    bad = 0
    checked = 0
    for key, (start, end, count, stride) in ours.items():
        if key not in theirs and key not in v3:
            print(f'{key}: not in {header}')
            bad += 1
            continue
        for i in range(max(count, 1)):
            want = (theirs if key in theirs else v3)[key](i)
            got = (start + i * stride, end + i * stride)
            checked += 1
            if want != got:
                print(f'{key}[{i}]: bits {got}, NVIDIA says {want}')
                bad += 1
    for key in theirs:
        if key not in ours:
            print(f'{key}: in {header} but not in sph.xml')
            bad += 1
    print(f'{checked} field positions checked against {header}, {bad} wrong')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
