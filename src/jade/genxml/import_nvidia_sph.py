#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""import_nvidia_sph.py HEADER PREFIX [V3_HEADER V3_PREFIX FIELD...] > sph.xml

Writes the Shader Program Header description (sph.xml) from NVIDIA's class
header in Mesa (src/nouveau/headers/nvidia/classes/clc797sph.h, prefix
NVC797_SPHV4): every field's bit range, arrays with their stride and
length (up to the next field), reserved and padding bits left out.  The
FIELDs named after V3_HEADER (the SPH version 3 header, cla097sph.h,
NVA097_SPHV3) are taken from it where version 4 reserves their bits:
DOES_LOAD_OR_STORE, which NAK sets on Turing too (sph.rs).  Bits no
NVIDIA header names are added from NAK (NAK_FIELDS).  Run
once to make the XML; tests/genxml/check_sph_positions.py checks the XML
against the same header, so an edit that moves a field is caught."""

import re
import sys

FIELD_RE = re.compile(r'^#define\s+(\w+?)(\(i\))?\s+MW\((.*)\)\s*$')
VALUE_RE = re.compile(r'^#define\s+(\w+)\s+(0x[0-9A-Fa-f]+)\s*$')


def parse(path, prefix):
    types = {}
    values = {}
    for line in open(path):
        m = FIELD_RE.match(line)
        if m and m.group(1).startswith(prefix):
            name, arr, spec = m.group(1), m.group(2), m.group(3)
            t = name[len(prefix):len(prefix) + 2]      # T1 / T2
            field = name[len(prefix) + 3:].lower()
            if arr:
                # (A+(i)*S):(B+(i)*S): bits B..A of element i
                mm = re.match(r'\((\d+)\+\(i\)\*(\d+)\):\((\d+)\+\(i\)\*(\d+)\)', spec)
                hi, stride, lo = int(mm.group(1)), int(mm.group(2)), int(mm.group(3))
            else:
                hi, lo = (int(x) for x in spec.split(':'))
                stride = 0
            types.setdefault(t, []).append([field, lo, hi, stride, 1])
            continue
        m = VALUE_RE.match(line)
        if m and m.group(1).startswith(prefix):
            values[m.group(1)[len(prefix):]] = int(m.group(2), 16)
    return types, values


def array_lengths(fields, total_bits):
    """Arrays interleaved with the same stride (X Y Z W) form a group; the
    group runs from its first base up to the next field outside it."""
    arrays = sorted((f for f in fields if f[3]), key=lambda f: f[1])
    groups = []
    for f in arrays:
        if groups and groups[-1][0][3] == f[3] and f[1] < groups[-1][0][1] + f[3]:
            groups[-1].append(f)
        else:
            groups.append([f])
    for g in groups:
        base = g[0][1]
        nxt = min([f[1] for f in fields if f not in g and f[1] > base] + [total_bits])
        for f in g:
            f[4] = (nxt - base) // f[3]


# Bits neither NVIDIA header defines (version 4 lists nothing at 21 and
# 23..25) that NAK programs (Mesa's
# src/nouveau/compiler/nak/sph.rs): (type, field, low bit, high bit).
NAK_FIELDS = [
    ('T1', 'gs_passthrough_enable', 24, 24),  # ShaderProgramHeader::set_gs_passthrough_enable
    # set_per_patch_attribute_count ("This is Kepler+"): the count's low
    # and high nibbles again, at version 3's RESERVED_COMMON_B (124..127)
    # and bits 148..151, where nvc0_program.c's nvc0_tcp_gen_header puts
    # them too for GM107+ ("blob still also uses the old position").
    ('T1', 'per_patch_attribute_count_low', 124, 127),
    ('T1', 'per_patch_attribute_count_high', 148, 151),
]


def add_nak_fields(types):
    for t, name, lo, hi in NAK_FIELDS:
        assert not any(f[1] <= hi and lo <= f[2] + f[3] * (f[4] - 1) for f in types[t]), name
        types[t].append([name, lo, hi, 0, 1])


def add_v3_fields(types, v3_path, v3_prefix, names):
    """The named v3 fields, in both types, where v4 has reserved bits."""
    v3, _ = parse(v3_path, v3_prefix)
    for t, fields in types.items():
        reserved = [f for f in fields if f[0].startswith('reserved')]
        for f in v3[t]:
            if f[0] in names:
                assert any(r[1] <= f[1] and f[2] <= r[2] for r in reserved), f
                fields.append(f)


def main():
    path, prefix = sys.argv[1], sys.argv[2]
    types, values = parse(path, prefix)
    if len(sys.argv) > 3:
        add_v3_fields(types, sys.argv[3], sys.argv[4], set(a.lower() for a in sys.argv[5:]))
    add_nak_fields(types)
    print('<?xml version="1.0"?>')
    print('<!-- Turing Shader Program Header (SPH v4, 32 words), made by')
    print('     src/jade/genxml/import_nvidia_sph.py from NVIDIA\'s clc797sph.h')
    print('     (and DOES_LOAD_OR_STORE from cla097sph.h, the version 3 header;')
    print('     GS_PASSTHROUGH_ENABLE, bit 24, and the per-patch attribute count\'s')
    print('     nibbles at 124 and 148 from NAK\'s sph.rs). -->')
    print('<genxml name="sph" words="32">')
    for t, name in (('T1', 'vtg'), ('T2', 'ps')):
        fields = types[t]
        array_lengths(fields, 32 * 32)
        print(f'  <struct name="sph_{name}" words="32">')
        for field, lo, hi, stride, count in sorted(fields, key=lambda f: f[1]):
            if field.startswith('reserved') or field.startswith('padding'):
                continue
            attrs = f'name="{field}" start="{lo}" end="{hi}"'
            if stride:
                attrs += f' count="{count}" stride="{stride}"'
            # A value of FIELD_X is FIELD's unless a longer field FIELD_X... owns it
            # (IMAP_BARYCENTRIC0_W_UNUSED belongs to IMAP_BARYCENTRIC0_W).
            longer = [g.upper() for g, *_ in fields
                      if g.upper().startswith(field.upper() + '_')]
            vals = [(k[len(t) + 1 + len(field.upper()) + 1:], v) for k, v in values.items()
                    if k.startswith(f'{t}_{field.upper()}_') and
                    not any(k.startswith(f'{t}_{g}_') for g in longer)]
            if vals and not stride and hi > lo:
                print(f'    <field {attrs}>')
                for vname, v in sorted(vals, key=lambda x: x[1]):
                    print(f'      <value name="{vname.lower()}" value="{v}"/>')
                print('    </field>')
            else:
                print(f'    <field {attrs}/>')
        print('  </struct>')
    print('</genxml>')


if __name__ == '__main__':
    main()
