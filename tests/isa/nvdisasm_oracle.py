#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""Compares Jade's printer with NVIDIA's nvdisasm.

    nvdisasm_oracle.py fuzz ISA_CHECK SEED N    random instances of every form
    nvdisasm_oracle.py corpus CORPUS            the golden corpus's text
    nvdisasm_oracle.py binaries JADE_DISASM DIR every DIR/*.bin (compiled
                                                shaders) against jade-disasm
    nvdisasm_oracle.py make-corpus ISA_CHECK SEED N OUT
                                                writes a corpus with nvdisasm's
                                                text for random instances
    nvdisasm_oracle.py add-compiled JADE_DISASM DIR REGEX OUT
                                                appends to the corpus OUT one
                                                instruction of each shape
                                                (registers and most numbers
                                                aside) whose text
                                                matches REGEX in DIR/*.bin
                                                (compiled shaders), with
                                                nvdisasm's text

Without nvdisasm (found by tests/oracles.py) it fails in CI and skips
(77) elsewhere: it is a test oracle, not a dependency.
"""

import concurrent.futures
import os
import re
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracles  # noqa: E402

NVDISASM = oracles.tool('nvdisasm')


def run_nvdisasm(path, base=0):
    r = subprocess.run([NVDISASM, '-b', 'SM75', '-base', hex(base), path],
                       capture_output=True, text=True)
    got = []
    for line in r.stdout.splitlines():
        line = line.strip()
        if line.startswith('/*') and '*/' in line:
            got.append(line.split('*/', 1)[1].strip())
    return r.returncode, got, r.stderr


# NOP with stall 1, no scoreboards: stands in for refused instructions.
NOP = (0x0000000000007918, 0x000fc00000000000)

# Instructions per nvdisasm run: a refused instruction costs a rerun of its
# chunk, so chunks are small and run in parallel.
CHUNK = 256


def nvdisasm_chunk(words, base):
    """nvdisasm's text for each instruction; None where it refuses one.

    nvdisasm prints nothing at all when it meets an instruction it does not
    know, but names its address: put a NOP in its place (so that branch
    targets keep their addresses) and run again."""
    refused = set()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'code.bin')
        while True:
            with open(path, 'wb') as f:
                for i, (w0, w1) in enumerate(words):
                    f.write(struct.pack('<QQ', *(NOP if i in refused else (w0, w1))))
            rc, got, err = run_nvdisasm(path, base)
            if rc == 0:
                break
            m = re.search(r'at address 0x([0-9a-fA-F]+)', err)
            if not m:
                raise RuntimeError('nvdisasm failed: ' + err)
            refused.add((int(m.group(1), 16) - base) // 16)
    return [None if i in refused else t for i, t in enumerate(got)]


def nvdisasm(words):
    """nvdisasm's text for a program (addresses from 0), in chunks placed at
    their own base address."""
    words = list(words)
    starts = range(0, len(words), CHUNK)
    with concurrent.futures.ThreadPoolExecutor(max(2, os.cpu_count() or 1)) as ex:
        parts = ex.map(lambda i: nvdisasm_chunk(words[i:i + CHUNK], i * 16), starts)
    return [t for part in parts for t in part]


def normalise(text):
    # nvdisasm pads between the guard and the mnemonic; compare tokens.
    return ' '.join(text.split()) if text else text


def read_lines(lines):
    words, texts = [], []
    for line in lines:
        if not line.strip() or line.startswith('#'):
            continue
        hexes, text = line.rstrip('\n').split('\t', 1)
        w0, w1 = (int(x, 16) for x in hexes.split())
        words.append((w0, w1))
        texts.append(text)
    return words, texts


def compare(words, ours):
    theirs = nvdisasm(words)
    if not words or len(ours) != len(words) or len(theirs) != len(words):
        # A listing that lost or gained lines would shift every comparison
        # after it (and zip would hide the tail).
        print(f'{len(words)} instructions, {len(ours)} printed by Jade, '
              f'{len(theirs)} by nvdisasm: the listings do not line up')
        return 1
    bad = 0
    for (w0, w1), a, b in zip(words, ours, theirs):
        if b is None:
            print(f'nvdisasm refuses 0x{w0:016x} 0x{w1:016x} (we print {a!r})')
            bad += 1
        elif normalise(a) != normalise(b):
            print(f'0x{w0:016x} 0x{w1:016x}: ours {a!r}, nvdisasm {b!r}')
            bad += 1
    print(f'{len(words)} instructions compared with nvdisasm, {bad} differ')
    return 1 if bad else 0


def compare_binaries(disasm, directory):
    """Every compiled shader in `directory`: nvdisasm must accept each
    instruction and print what Jade's printer prints.  The binaries are
    concatenated so that both disassemblers see the same addresses (branch
    targets then read alike) and nvdisasm runs on large chunks."""
    names = sorted(n for n in os.listdir(directory) if n.endswith('.bin'))
    print(f'{len(names)} shader binaries')
    if not names:
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'all.bin')
        with open(path, 'wb') as out:
            for name in names:
                with open(os.path.join(directory, name), 'rb') as f:
                    out.write(f.read())
        size = os.path.getsize(path)
        r = subprocess.run([disasm, '--raw', path], capture_output=True, text=True)
    if r.returncode:
        print(f'jade-disasm failed: {r.stderr.strip()}')
        return 1
    words, ours = [], []
    for line in r.stdout.splitlines():
        m = re.match(r'\s*/\*[0-9a-f]+\*/\s*(.*?)\s*/\* (0x[0-9a-f]+) (0x[0-9a-f]+) \*/$', line)
        if m:
            words.append((int(m.group(2), 16), int(m.group(3), 16)))
            ours.append(m.group(1))
    if len(words) * 16 != size:
        print(f'jade-disasm listed {len(words)} instructions of {size // 16}')
        return 1
    return compare(words, ours)


def compiled_instructions(disasm, directory):
    """(words, Jade's text) of every instruction of DIR/*.bin."""
    out = []
    for name in sorted(n for n in os.listdir(directory) if n.endswith('.bin')):
        r = subprocess.run([disasm, '--raw', os.path.join(directory, name)],
                           capture_output=True, text=True, check=True)
        for line in r.stdout.splitlines():
            m = re.match(r'\s*/\*[0-9a-f]+\*/\s*(.*?)\s*/\* (0x[0-9a-f]+) (0x[0-9a-f]+) \*/$', line)
            if m:
                out.append(((int(m.group(2), 16), int(m.group(3), 16)), m.group(1)))
    return out


KEPT_VALUES = (0x0, 0x10, 0x60, 0x2f0, 0xffffffff)


def add_compiled(disasm, directory, regex, corpus):
    """Compiled instructions of each shape matching `regex`, once, with
    nvdisasm's text (the corpus holds nvdisasm's text, never ours)."""
    seen = set()
    picked = []
    for words, text in compiled_instructions(disasm, directory):
        shape = re.sub(r'\bR[0-9]+\b', 'R', normalise(text))
        # Addresses and immediates alike, but for those with a meaning of
        # their own (the tessellation factors, the primitive id, the
        # tessellation coordinate, a whole mask).
        shape = re.sub(r'0x[0-9a-f]+', lambda m: m.group(0) if int(m.group(0), 16) in KEPT_VALUES
                       else 'X', shape)
        if re.search(regex, text) and shape not in seen:
            seen.add(shape)
            picked.append(words)
    theirs = nvdisasm(picked)
    with open(corpus, 'a') as f:
        for (w0, w1), t in zip(picked, theirs):
            if t is not None:
                f.write(f'0x{w0:016x} 0x{w1:016x}\t{t}\n')
    print(f'{len(picked)} instructions appended')
    return 0 if all(t is not None for t in theirs) else 1


def fuzz_lines(isa_check, seed, n):
    r = subprocess.run([isa_check, 'fuzz', seed, n], capture_output=True, text=True)
    if r.returncode:
        sys.stderr.write(r.stderr)
        sys.exit(1)
    return r.stdout.splitlines()


def missing():
    """None when nvdisasm is there, else the exit status the caller returns
    (a failure in CI, a skip elsewhere)."""
    return None if NVDISASM else oracles.missing('nvdisasm')


def main():
    rc = missing()
    if rc is not None:
        return rc
    mode = sys.argv[1]
    if mode == 'fuzz':
        words, ours = read_lines(fuzz_lines(*sys.argv[2:5]))
        return compare(words, ours)
    if mode == 'corpus':
        with open(sys.argv[2]) as f:
            words, texts = read_lines(f)
        return compare(words, texts)
    if mode == 'binaries':
        return compare_binaries(sys.argv[2], sys.argv[3])
    if mode == 'add-compiled':
        return add_compiled(*sys.argv[2:6])
    if mode == 'make-corpus':
        words, ours = read_lines(fuzz_lines(*sys.argv[2:5]))
        theirs = nvdisasm(words)
        with open(sys.argv[5], 'w') as f:
            f.write('# SM75 golden corpus: instruction words and nvdisasm\'s text\n'
                    '# (CUDA 11.8), made by tests/isa/nvdisasm_oracle.py make-corpus.\n')
            for (w0, w1), t in zip(words, theirs):
                if t is not None:
                    f.write(f'0x{w0:016x} 0x{w1:016x}\t{t}\n')
        return 0
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main())
