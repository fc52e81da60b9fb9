#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""The reverse check: NVIDIA's compiler output read by jade-disasm.

    cubin_check.py [--floor PCT] JADE_DISASM CUBIN...

Both disassemblers must list the same instructions: the same sections, the
same number of instructions in each, at the same addresses (an address only
one of them lists is a failure, not a gap in the description).  At every
address jade-disasm must print what nvdisasm prints, or say <unknown ...>
for a form the description lacks; printing something else is a failure.
Prints the coverage figure (the share of instructions printed
identically), which must reach PCT (default 100).  Without nvdisasm: a failure
in CI, a skip elsewhere (tests/oracles.py).
"""

import collections
import re
import subprocess
import sys

import nvdisasm_oracle
from nvdisasm_oracle import NVDISASM


def parse_listing(text, with_labels):
    """{section: [(addr, text)]}; `(label) targets resolved (.L_x_N labels
    and function symbols alike), so that a misnamed label shows as a wrong
    address."""
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
    rc = nvdisasm_oracle.missing()
    if rc is not None:
        return rc
    args = sys.argv[1:]
    floor = 100.0
    if args[:1] == ['--floor']:
        floor, args = float(args[1]), args[2:]
    jade_disasm, cubins = args[0], args[1:]
    total = same = unknown = 0
    misprints, misaligned = [], []
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
        ours = parse_listing(r.stdout, True)
        if list(ours) != list(theirs):
            misaligned.append(f'{cubin}: sections {list(ours)}, nvdisasm {list(theirs)}')
        for sec, insts in theirs.items():
            mine = dict(ours.get(sec, []))
            if sorted(mine) != [a for a, _ in insts]:
                only_ours = sorted(set(mine) - {a for a, _ in insts})
                only_theirs = sorted({a for a, _ in insts} - set(mine))
                misaligned.append(f'{cubin} {sec}: {len(mine)} instructions, nvdisasm '
                                  f'{len(insts)} (only ours: {only_ours[:4]}, only nvdisasm: '
                                  f'{only_theirs[:4]})')
            for addr, text in insts:
                total += 1
                got = mine.get(addr)
                if got == text:
                    same += 1
                elif got is not None and got.startswith('<unknown'):
                    unknown += 1
                    op = text.split()[1] if text.startswith('@') else text.split()[0]
                    unknown_ops[op.split('.')[0]] += 1
                else:
                    misprints.append(f'{cubin} {sec} 0x{addr:04x}: ours {got!r}, '
                                     f'nvdisasm {text!r}')
    for m in misprints:
        print('MISPRINT', m)
    for m in misaligned:
        print('MISALIGNED', m)
    print('not described yet:', ', '.join(f'{op} x{n}' for op, n in
                                          unknown_ops.most_common()) or 'none')
    pct = 100.0 * same / total if total else 0
    print(f'{total} instructions, {same} identical ({pct:.1f}%), '
          f'{unknown} not described, {len(misprints)} misprinted, '
          f'{len(misaligned)} sections listed differently')
    if pct < floor:
        print(f'FAIL coverage {pct:.1f}% is below the floor of {floor}%')
    return 1 if misprints or misaligned or pct < floor or not total else 0


if __name__ == '__main__':
    sys.exit(main())
