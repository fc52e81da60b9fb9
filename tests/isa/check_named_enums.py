#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_named_enums.py GEN_ISA.py DESC.yaml DIR...: no C file under the
DIRs sets an instruction field whose values the ISA description names
(JADE_ISA_NAMED_FIELDS of the generated header: comparisons, MUFU
functions, roundings, scopes, ...) from a bare number, with set_field or
as a builder call's named field (.cmp = 5), or compares one with a bare
number: they use JADE_ISA_V_<FIELD>_<NAME>.  Prints each
offending line; exits 1 if there is one."""

import os
import re
import subprocess
import sys
import tempfile


def named_fields(gen, desc):
    with tempfile.TemporaryDirectory() as tmp:
        h, c = os.path.join(tmp, "gen.h"), os.path.join(tmp, "gen.c")
        subprocess.run([sys.executable, gen, desc, h, c], check=True)
        m = re.search(r'#define JADE_ISA_NAMED_FIELDS "([^"]*)"', open(h).read())
    return [f.upper() for f in m.group(1).split()]


def main():
    gen, desc, dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
    fields = "|".join(named_fields(gen, desc))
    number = r"(?:0x[0-9a-fA-F]+|\d+)u?"
    bad_set = re.compile(rf"set_field\(\s*[^;]*?JADE_ISA_F_(?:{fields})\s*,\s*{number}\s*\)")
    bad_cmp = re.compile(rf"JADE_ISA_F_(?:{fields})\b[^;]*?\)\s*[=!]=\s*{number}\b")
    # The generated builder's calls name a field in lower case
    # (jade_ISETP(b, ..., .cmp = 5)), a C keyword with an underscore.
    lower = "|".join(f.lower() + "_?" for f in fields.split("|"))
    bad_builder = re.compile(rf"\bjade_[A-Z][A-Z0-9_]*\([^;]*?\.(?:{lower})\s*=\s*{number}\s*[,)]")
    found = 0
    for d in dirs:
        for root, _, files in os.walk(d):
            for name in sorted(files):
                if not name.endswith((".c", ".h")):
                    continue
                path = os.path.join(root, name)
                text = open(path).read()
                # Calls may span lines: match over the text, report the line.
                for rx in (bad_set, bad_cmp, bad_builder):
                    for m in rx.finditer(text):
                        line = text.count("\n", 0, m.start()) + 1
                        print(f"{path}:{line}: a named field from a bare number: "
                              f"{' '.join(m.group(0).split())}")
                        found += 1
    print(f"{found} bare numbers in named instruction fields ({fields.count('|') + 1} fields)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
