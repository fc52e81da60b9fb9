#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""check_sph_seed.py JADE_SPH SEED_TABLES NVIDIA_HEADER PREFIX: every field
of the seed spec's SPH tables (sph-seed-tables.txt: the Type 1 and Type 2
layouts, made of the word and map structs the other tables define) sits in
Jade's description at the same bits, whatever its name there, unless
NVIDIA's Turing header (SPH version 4) has no field there (it reserves the
bits or leaves them out): the seed is the 20-word header of earlier chips,
whose CRS stack size, DoesLoadOrStore / DoesFp64 and tessellation LOD map
bits Turing no longer has.  A seed field that overlaps another field of
NVIDIA's header fails.  Positions are
computed by laying the tables' fields out in order; reserved fields only
take their room.  (check_sph_positions.py checks every field of Jade's
description against NVIDIA's header.)"""

import re
import subprocess
import sys


def parse_tables(path):
    tables, name, rows = {}, None, None
    for line in open(path, encoding="utf-8"):
        m = re.match(r"Table \d+\. (.*?) Definition", line)
        if m:
            name, rows = m.group(1).replace("SPH ", "").replace(" ", ""), []
            tables[name] = rows
            continue
        if rows is None:
            continue
        cols = line.rstrip("\n").split("\t")
        if line.startswith("#"):
            continue
        if len(cols) == 3 and cols[1].isdigit():
            rows.append((cols[0], int(cols[1]), cols[2]))
        elif cols[0] in ("Field", "Name") or not line.strip():
            continue
        else:
            rows = None
    return tables


def leaves(tables, table, base, prefix):
    """(name, lo, hi) of every non-reserved leaf field of `table` at `base`."""
    out, bit = [], base
    for field, width, typ in tables[table]:
        m = re.match(r"(\w+)\[(\d+)\]$", field)
        count = int(m.group(2)) if m else 1
        fname = m.group(1) if m else field
        struct = typ[len("struct "):] if typ.startswith("struct ") else None
        elem = width // count
        for i in range(count):
            at = bit + i * elem
            label = f"{prefix}{fname}" + (f"[{i}]" if m else "")
            if struct:
                out += leaves(tables, struct, at, label + ".")
            elif typ != "-" and "Reserved" not in fname:
                out.append((label, at, at + elem - 1))
        bit += width
    return out


def jade_ranges(jade_sph, counts):
    out = {"vtg": set(), "ps": set()}
    text = subprocess.run([jade_sph, "--fields"], check=True, capture_output=True,
                          text=True).stdout
    for line in text.splitlines():
        t, name, lo, hi, count, stride = line.split()
        lo, hi, count, stride = int(lo), int(hi), int(count), int(stride)
        counts[(t, name)] = max(count, 1)
        for i in range(max(count, 1)):
            out[t].add((lo + i * stride, hi + i * stride))
    return out


def nvidia_fields(path, prefix, counts):
    """Bit ranges of the fields NVIDIA's header defines (reserved and
    padding left out; arrays expanded to their element count, which the
    header does not give: Jade's description's, same names), per type."""
    out = {"vtg": [], "ps": []}
    for line in open(path):
        m = re.match(r"^#define\s+" + prefix + r"(T[12])_(\w+?)(\(i\))?\s+MW\((.*)\)\s*$", line)
        if not m or m.group(2).startswith(("RESERVED", "PADDING")):
            continue
        t = "vtg" if m.group(1) == "T1" else "ps"
        if m.group(3):
            mm = re.match(r"\((\d+)\+\(i\)\*(\d+)\):\((\d+)\+\(i\)\*(\d+)\)", m.group(4))
            hi, stride, lo = int(mm.group(1)), int(mm.group(2)), int(mm.group(3))
            for i in range(counts.get((t, m.group(2).lower()), 1)):
                out[t].append((lo + i * stride, hi + i * stride))
        else:
            hi, lo = (int(x) for x in m.group(4).split(":"))
            out[t].append((lo, hi))
    return out


def main():
    jade_sph, seed, header, prefix = sys.argv[1:5]
    tables = parse_tables(seed)
    counts = {}
    have = jade_ranges(jade_sph, counts)
    theirs = nvidia_fields(header, prefix, counts)
    failures = checked = gone = 0
    for t, table in (("vtg", "Type1"), ("ps", "Type2")):
        fields = leaves(tables, table, 0, "")
        for name, lo, hi in fields:
            checked += 1
            if (lo, hi) in have[t]:
                continue
            if not any(a <= hi and lo <= b for a, b in theirs[t]):
                print(f"     {t} {name}: bits {lo}..{hi}, not in SPH version 4")
                gone += 1
                continue
            print(f"FAIL {t} {name}: bits {lo}..{hi} are no field of Jade's description")
            failures += 1
        print(f"{t}: {len(fields)} seed fields, {table} = {sum(w for _, w, _ in tables[table])} bits")
    print(f"{checked} seed field positions checked: {checked - gone - failures} in Jade's "
          f"description at the same bits, {gone} not in Turing's header, {failures} failed")
    return 1 if failures or checked < 500 else 0


if __name__ == "__main__":
    sys.exit(main())
