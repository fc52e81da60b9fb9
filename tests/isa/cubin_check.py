#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""The reverse check: NVIDIA's compiler output read by jade-disasm.

    cubin_check.py JADE_DISASM CUBIN...

For every instruction of every .text section, jade-disasm must print what
nvdisasm prints, or say <unknown ...> for a form the description lacks;
printing something else is a failure.  Prints the coverage figure (the
share of instructions printed identically).  Exit 77 without nvdisasm.
"""

import collections
import re
import subprocess
import sys

import nvdisasm_oracle
from nvdisasm_oracle import NVDISASM


def parse_listing(text, with_labels):
    """{section: [(addr, text)]}; nvdisasm's `(label) targets resolved
    (.L_x_N labels and function symbols alike)."""
    sections = collections.OrderedDict()
    labels = {}
    pending = []
    cur = None
    for line in text.splitlines():
        m = re.match(r'\s*\.section\s+(\.text\.[^,\s]+)', line)
        if m:
            cur = m.group(1)
            sections.setdefault(cur, [])
            continue
        m = re.match(r'^([.$\w]+):\s*$', line)
        if m and with_labels:
            pending.append(m.group(1))
            continue
        m = re.match(r'\s*/\*([0-9a-f]+)\*/\s*(.*)$', line)
        if m and cur:
            addr = int(m.group(1), 16)
            for lab in pending:
                labels[(cur, lab)] = addr
            pending = []
            # (*"BRANCH_TARGETS ..."*) comes from ELF metadata, not the
            # instruction: compare without it.
            text = re.sub(r'\(\*.*?\*\)', ' ', m.group(2))
            sections[cur].append((addr, ' '.join(text.split())))
    if with_labels:
        # A label after the last instruction names the end of the section.
        for sec, insts in sections.items():
            end = insts[-1][0] + 16 if insts else 0
            for lab in pending:
                labels.setdefault((sec, lab), end)
        for sec, insts in sections.items():
            sections[sec] = [
                (a, re.sub(r'`\(([^)]+)\)',
                           lambda m: hex(labels.get((sec, m.group(1)), 0)), t))
                for a, t in insts]
    return sections


def main():
    if nvdisasm_oracle.missing():
        return 77
    jade_disasm, cubins = sys.argv[1], sys.argv[2:]
    total = same = unknown = 0
    misprints = []
    unknown_ops = collections.Counter()
    for cubin in cubins:
        theirs = parse_listing(subprocess.run(
            [NVDISASM, '-c', cubin], capture_output=True, text=True,
            check=True).stdout, True)
        r = subprocess.run([jade_disasm, '--cubin', cubin], capture_output=True,
                           text=True)
        if r.returncode not in (0, 1):
            print(f'{cubin}: jade-disasm failed: {r.stderr}')
            return 1
        ours = parse_listing(r.stdout, False)
        for sec, insts in theirs.items():
            mine = dict(ours.get(sec, []))
            for addr, text in insts:
                total += 1
                got = mine.get(addr)
                if got == text:
                    same += 1
                elif got is None or got.startswith('<unknown'):
                    unknown += 1
                    op = text.split()[1] if text.startswith('@') else text.split()[0]
                    unknown_ops[op.split('.')[0]] += 1
                else:
                    misprints.append(f'{cubin} {sec} 0x{addr:04x}: ours {got!r}, '
                                     f'nvdisasm {text!r}')
    for m in misprints:
        print('MISPRINT', m)
    print('not described yet:', ', '.join(f'{op} x{n}' for op, n in
                                          unknown_ops.most_common()) or 'none')
    pct = 100.0 * same / total if total else 0
    print(f'{total} instructions, {same} identical ({pct:.1f}%), '
          f'{unknown} not described, {len(misprints)} misprinted')
    return 1 if misprints else 0


if __name__ == '__main__':
    sys.exit(main())
