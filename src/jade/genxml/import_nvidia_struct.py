#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""import_nvidia_struct.py [-c FIELD=COUNT]... [-m LOW+HIGH=NAME]... -o OUT.xml HEADER PREFIX NAME WORDS [PREFIX NAME WORDS]...

Writes a genxml description (for gen_pack.py) of one or more structures of
an NVIDIA class header in Mesa (src/nouveau/headers/nvidia/classes): for
each PREFIX, the fields whose macros start with it, as struct NAME of
WORDS 32-bit words.  Three field styles:

  NVC597_TEXHEAD_BL_WIDTH_MINUS_ONE  MW(144:128)       bits of the whole struct
  NVC3C0_QMDV02_02_X(i)  MW((1055+(i)*64):(1024+(i)*64))  element i of an array
  NVC597_TEXSAMP1_MAG_FILTER  2:0                     word 1, bits 2..0 (the
                                                      prefix is then NVC597_TEXSAMP)

The header gives an array's stride but not its length, so every indexed
field needs -c NAME=COUNT (NAME upper case as in the header, shell
wildcards allowed: -c 'CONSTANT_BUFFER_*=8').  -m LOW+HIGH=NAME makes
one field NAME of two the header splits where HIGH starts right after
LOW (an address's lower and upper bits), so callers set the address
whole (gen_pack.py takes fields up to 64 bits).  The 0x... macros that
follow a field are its values.  Reserved and spare fields (and their
values) are left out.  Options have one dash only, so the command can be
quoted in the XML comment (which may not contain a double dash)."""

import fnmatch
import os
import re
import shlex
import sys

MW_RE = re.compile(r'^MW\((\d+):(\d+)\)$')
MW_ARRAY_RE = re.compile(r'^MW\(\((\d+)\+\(i\)\*(\d+)\):\((\d+)\+\(i\)\*(\d+)\)\)$')
WORD_RE = re.compile(r'^(\d+):(\d+)$')
DEFINE_RE = re.compile(r'^#define\s+(\w+?)(\(i\))?\s+(\S+)\s*$')
HEX_RE = re.compile(r'^0x[0-9A-Fa-f]+$')
# RESERVED1Y, QMD_RESERVED_B, CONSTANT_BUFFER_RESERVED_ADDR, QMD_SPARE_G;
# not RES_VIEW_MIN_MIP_LEVEL.
SKIP_RE = re.compile(r'(^|_)(RESERVED|SPARE)')

REPO = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..'))


def fail(msg):
    sys.stderr.write(f'import_nvidia_struct.py: {msg}\n')
    sys.exit(1)


def parse(path, prefix, words, counts, used):
    """Fields {name, lo, hi, count, stride, values} in header order; the
    -c patterns that matched are added to used."""
    fields = []
    cur = None          # the last field seen (reserved ones too), owner of values
    for n, line in enumerate(open(path), 1):
        m = DEFINE_RE.match(line)
        if not m or not m.group(1).startswith(prefix):
            continue
        rest, indexed, spec = m.group(1)[len(prefix):], m.group(2), m.group(3)
        word = None
        if not prefix.endswith('_'):
            # Per-word style: PREFIX<word>_NAME.
            mm = re.match(r'^(\d+)_(\w+)$', rest)
            if not mm:
                continue
            word, rest = int(mm.group(1)), mm.group(2)
        if HEX_RE.match(spec):
            if indexed:
                fail(f'{path}:{n}: indexed value {m.group(1)}')
            if cur is None or not rest.startswith(cur['name'] + '_') or \
                    (word is not None and word != cur['word']):
                fail(f'{path}:{n}: value {m.group(1)} does not follow its field')
            if cur['values'] is not None:
                cur['values'].append((rest[len(cur['name']) + 1:], int(spec, 16)))
            continue
        stride, count = 0, 0
        if word is not None:
            mm = WORD_RE.match(spec)
            if not mm or indexed:
                fail(f'{path}:{n}: {m.group(1)}: expected HI:LO')
            hi, lo = int(mm.group(1)) + 32 * word, int(mm.group(2)) + 32 * word
            if int(mm.group(1)) > 31:
                fail(f'{path}:{n}: {m.group(1)} runs past its word')
        elif indexed:
            mm = MW_ARRAY_RE.match(spec)
            if not mm or mm.group(2) != mm.group(4):
                fail(f'{path}:{n}: {m.group(1)}: expected MW((HI+(i)*S):(LO+(i)*S))')
            hi, stride, lo = int(mm.group(1)), int(mm.group(2)), int(mm.group(3))
        else:
            mm = MW_RE.match(spec)
            if not mm:
                fail(f'{path}:{n}: {m.group(1)}: expected MW(HI:LO)')
            hi, lo = int(mm.group(1)), int(mm.group(2))
        if hi < lo:
            fail(f'{path}:{n}: {m.group(1)}: bits {hi}:{lo}')
        skip = bool(SKIP_RE.search(rest))
        cur = {'name': rest, 'word': word, 'values': None if skip else []}
        if skip:
            continue
        if indexed:
            matches = [(pat, c) for pat, c in counts if fnmatch.fnmatchcase(rest, pat)]
            if not matches:
                fail(f'{path}:{n}: {m.group(1)}(i) is an array: give its length with -c {rest}=COUNT')
            used.add(matches[0][0])
            count = matches[0][1]
        cur.update(lo=lo, hi=hi, count=count, stride=stride)
        fields.append(cur)
    if not fields:
        fail(f'no fields with prefix {prefix} in {path}')
    check(fields, prefix, words)
    return fields


def merge(fields, merges, used):
    """Fields LOW and HIGH of each merge (HIGH right after LOW, arrays of
    the same shape) become one field NAME, without values."""
    for low, high, name in merges:
        lo = next((f for f in fields if f['name'] == low), None)
        hi = next((f for f in fields if f['name'] == high), None)
        if lo is None:
            continue  # another struct's merge
        if hi is None or hi['lo'] != lo['hi'] + 1 or \
                (lo['count'], lo['stride']) != (hi['count'], hi['stride']) or lo['values'] or \
                hi['values']:
            fail(f'-m {low}+{high}={name}: not two adjacent fields of the same shape')
        lo.update(name=name, hi=hi['hi'])
        fields.remove(hi)
        used.add((low, high, name))
    return fields


def check(fields, prefix, words):
    """Every bit of the struct in at most one field, all inside WORDS words
    (gen_pack.py checks again; here the header's names are at hand)."""
    owner = {}
    for f in fields:
        for i in range(max(f['count'], 1)):
            for b in range(f['lo'] + i * f['stride'], f['hi'] + i * f['stride'] + 1):
                if b >= 32 * words:
                    fail(f'{prefix}{f["name"]}' + (f'({i})' if f['count'] else '') + f' runs past {words} words')
                if b in owner:
                    fail(f'{prefix}{f["name"]} overlaps {prefix}{owner[b]} at bit {b}')
                owner[b] = f['name']


def xml_attr(s):
    return s.replace('&', '&amp;').replace('<', '&lt;').replace('"', '&quot;')


def main():
    args = sys.argv[1:]
    counts, merges, out = [], [], None
    while args and args[0].startswith('-'):
        if args[0] == '-c' and len(args) > 1 and '=' in args[1]:
            pat, c = args[1].rsplit('=', 1)
            counts.append((pat, int(c)))
        elif args[0] == '-m' and len(args) > 1 and re.match(r'^\w+\+\w+=\w+$', args[1]):
            pair, name = args[1].split('=')
            merges.append(tuple(pair.split('+')) + (name,))
        elif args[0] == '-o' and len(args) > 1:
            out = args[1]
        else:
            fail('usage: ' + __doc__.splitlines()[0])
        args = args[2:]
    if out is None or len(args) < 4 or (len(args) - 1) % 3:
        fail('usage: ' + __doc__.splitlines()[0])
    header, specs = args[0], [args[i:i + 3] for i in range(1, len(args), 3)]

    used = set()
    merged = set()
    structs = [(name, int(words), prefix,
                merge(parse(header, prefix, int(words), counts, used), merges, merged))
               for prefix, name, words in specs]
    for m in merges:
        if m not in merged:
            fail(f'-m {m[0]}+{m[1]}={m[2]}: no such fields')
    # A -c that matched no array is a typo, not a harmless extra.
    for pat, _ in counts:
        if pat not in used:
            fail(f'-c {pat}: no indexed field of that name')

    # The command as run from the repository root, writing the file where
    # it is kept, whatever the caller's directory and output: the file does
    # not depend on where it was made, so a copy made elsewhere can be
    # compared with the kept one byte for byte.
    rel = lambda p: os.path.relpath(os.path.realpath(p), REPO)
    cmd = ['/usr/bin/python3', 'src/jade/genxml/import_nvidia_struct.py']
    for pat, c in counts:
        cmd += ['-c', f'{pat}={c}']
    for low, high, name in merges:
        cmd += ['-m', f'{low}+{high}={name}']
    cmd += ['-o', 'src/jade/genxml/' + os.path.basename(out), rel(header)]
    for s in specs:
        cmd += s
    quoted = ' '.join(shlex.quote(a) for a in cmd)
    if '--' in quoted:
        fail('the command would hold "--", which an XML comment cannot')
    desc = ', '.join(f'{n} ({p}*, {w} words)' for n, w, p, _ in structs)

    lines = ['<?xml version="1.0"?>',
             f'<!-- {desc},',
             f'     made by src/jade/genxml/import_nvidia_struct.py from NVIDIA\'s',
             f'     {os.path.basename(header)}; reserved and spare fields left out.  Do not',
             '     edit: regenerate from the repository root with',
             f'       {quoted} -->',
             '<genxml>']
    for name, words, prefix, fields in structs:
        lines.append(f'  <struct name="{name}" words="{words}">')
        for f in sorted(fields, key=lambda f: f['lo']):
            attrs = f'name="{f["name"].lower()}" start="{f["lo"]}" end="{f["hi"]}"'
            if f['count']:
                attrs += f' count="{f["count"]}" stride="{f["stride"]}"'
            if f['values']:
                lines.append(f'    <field {attrs}>')
                for vname, v in f['values']:
                    lines.append(f'      <value name="{xml_attr(vname.lower())}" value="{v}"/>')
                lines.append('    </field>')
            else:
                lines.append(f'    <field {attrs}/>')
        lines.append('  </struct>')
    lines.append('</genxml>')
    with open(out, 'w') as fp:
        fp.write('\n'.join(lines) + '\n')


if __name__ == '__main__':
    main()
