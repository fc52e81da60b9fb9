#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_named_enums.py [--stamp FILE --depfile FILE] GEN_ISA.py DESC.yaml DIR...

No C file under the DIRs sets an instruction field whose values the ISA
description names (JADE_ISA_NAMED_FIELDS of the generated header:
comparisons, MUFU functions, roundings, memory orders and scopes, texture
and surface modifiers, ...) from a bare number, compares one with a bare
number or switches on one with bare-number cases: they use
JADE_ISA_V_<FIELD>_<NAME>.  Prints each offending line as FILE:LINE and
exits 1 if there is one.

The build runs it (meson.build here: every library that uses the
ISA tables waits for it), writing --stamp when the tree is clean and
--depfile naming every file and directory it read, so that ninja runs it
again when one changes; test isa-named-enums runs it too.

Forms it finds (FIELD a named field, N a number such as 2, 0x1f or 3u):
    jade_instr_set_field(i, JADE_ISA_F_FIELD, N)   (any *set_field call)
    jade_instr_set_field(i, JADE_ISA_F_FIELD, c ? N : M)
    jade_set(i, JADE_ISA_F_FIELD, N)                (the builder's setter)
    jade_ISETP(b, ..., .field = N) / .field = c ? N : M   (a builder call;
                                                   a C keyword field: .signed_)
    x.field[JADE_ISA_F_FIELD] = N
    ... JADE_ISA_F_FIELD ...) == N / != N            (sim_field(...) == N)
    x.field[JADE_ISA_F_FIELD] == N / != N
    switch (... JADE_ISA_F_FIELD ...) { case N: ... }
and a builder call that gives a field whose neutral value is not 0 a
named value that is 0 (jade_SULD_P_B(..., .clamp = JADE_ISA_V_CLAMP_IGN)):
the builder reads a 0 there as "neutral", so that value must be set with
jade_set after the call.
"""

import os
import re
import sys

import yaml

NUMBER = r"(?:0x[0-9a-fA-F]+|\d+)[uU]?"


def description(gen, desc):
    """(the named fields, {value name: number}, {(builder call, member):
    neutral value}) from the description, read once with the generators'
    own code.  The last are the fields whose neutral value is not 0: the
    generated builder (gen_builder.py) reads a 0 in such a member as
    "neutral", so a named value 0 given there is lost."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(gen)))
    import gen_isa  # noqa: E402
    import gen_builder  # noqa: E402
    with open(desc) as f:
        forms, _ = gen_isa.build_forms(yaml.load(f, Loader=gen_isa.DescLoader))
    common, per_op, complete = gen_isa.named_values(forms)
    values = {}
    for field, names in common.items():
        for name, value in names.items():
            values[f"JADE_ISA_V_{gen_isa.c_ident(field)}_{name}"] = value
    for (op, field), names in per_op.items():
        for name, value in names.items():
            values[f"JADE_ISA_V_{gen_isa.c_ident(op)}_{gen_isa.c_ident(field)}_{name}"] = value
    neutrals = {}
    for form in forms:
        ident = "jade_" + form.op.replace(".", "_")
        for fname, (_, _, _, default) in form.fields.items():
            if default:
                neutrals.setdefault((ident, gen_builder.c_member(fname)), default)
    return sorted(f.upper() for f in complete), values, neutrals


def lost_zeros(path, values, neutrals):
    """(line, what) for each builder call that gives a member whose neutral
    value is not 0 a named value that is 0 (jade_set must set it)."""
    text = strip_comments(open(path, errors="replace").read())
    for call in re.finditer(r"\b(jade_[A-Z][A-Z0-9_]*)\(([^;]*?)\)\s*;", text):
        for m in re.finditer(r"\.(\w+)\s*=\s*(JADE_ISA_V_\w+)\b", call.group(2)):
            neutral = neutrals.get((call.group(1), m.group(1)))
            if neutral and values.get(m.group(2)) == 0:
                pos = call.start(2) + m.start()
                yield (text.count("\n", 0, pos) + 1,
                       f"{call.group(1)}(... .{m.group(1)} = {m.group(2)}): {m.group(2)} is 0, "
                       f"which the builder reads as the field's neutral value {neutral}; "
                       f"set it with jade_set after the call")


def strip_comments(text):
    """The text with comments blanked (newlines kept, so lines still count)."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r"/\*.*?\*/|//[^\n]*", blank, text, flags=re.S)


def switch_bodies(text, fields):
    """(start, body) of each switch on a named field."""
    rx = re.compile(rf"\bswitch\s*\(([^{{;]*JADE_ISA_F_(?:{fields})\b[^{{;]*)\)\s*\{{")
    for m in rx.finditer(text):
        depth, pos = 1, m.end()
        while pos < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[pos], 0)
            pos += 1
        yield m.end(), text[m.end():pos]


def block_end(text, pos):
    """Where the block that holds pos ends."""
    depth = 0
    while pos < len(text):
        c = text[pos]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth < 0:
                return pos
        pos += 1
    return pos


def variable_uses(text, fields):
    """(pos, what) for each bare number a variable read from a named field
    (`unsigned mode = sim_field(x, JADE_ISA_F_MODE);`) meets in the rest of
    its block: `mode == 3`, `switch (mode) { case 3: }`."""
    rx = re.compile(rf"\b(\w+)\s*=[^;=][^;]*?\b(?:sim_field|jade_instr_field)\([^;]*?"
                    rf"JADE_ISA_F_(?:{fields})\b[^;]*;")
    for m in rx.finditer(text):
        var = m.group(1)
        scope = text[m.end():block_end(text, m.end())]
        for c in re.finditer(rf"\b{var}\s*[=!]=\s*{NUMBER}\b|{NUMBER}\s*[=!]=\s*{var}\b", scope):
            yield m.end() + c.start(), f"{var} (read from a named field): " + \
                " ".join(c.group(0).split())
        for sw in re.finditer(rf"\bswitch\s*\(\s*{var}\s*\)\s*\{{", scope):
            body = scope[sw.end():sw.end() + block_end(scope, sw.end()) - sw.end()]
            for c in re.finditer(rf"\bcase\s+{NUMBER}\s*:", body):
                yield m.end() + sw.end() + c.start(), f"switch on {var} (a named field): " + c.group(0)


def check_file(path, fields):
    text = strip_comments(open(path, errors="replace").read())
    field = rf"JADE_ISA_F_(?:{fields})\b"
    # The generated builder names a field in lower case (gen_builder.py).
    lower = "|".join(f.lower() + "_?" for f in fields.split("|"))
    named = rf"\bjade_[A-Z][A-Z0-9_]*\([^;]*?\.(?:{lower})\s*=\s*"
    rules = [
        re.compile(rf"(?:set_field|jade_set)\(\s*[^;]*?{field}\s*,\s*{NUMBER}\s*\)"),
        re.compile(rf"(?:set_field|jade_set)\(\s*[^;]*?{field}\s*,[^;\[\]]*?"
                   rf"(?:\?\s*{NUMBER}\s*:|:\s*{NUMBER}\s*\))"),
        re.compile(rf"{named}{NUMBER}\s*[,)]"),
        re.compile(rf"{named}[^,;()]*?\?\s*(?:{NUMBER}\s*:|[^,;()]*?:\s*{NUMBER}\s*[,)])"),
        re.compile(rf"\[\s*{field}\s*\]\s*=\s*{NUMBER}\s*;"),
        re.compile(rf"{field}[^;]*?[)\]]\s*[=!]=\s*{NUMBER}\b"),
    ]
    found = []
    for rx in rules:
        # Calls may span lines: match over the text, report the line.
        for m in rx.finditer(text):
            found.append((m.start(), " ".join(m.group(0).split())))
    for start, body in switch_bodies(text, fields):
        for m in re.finditer(rf"\bcase\s+{NUMBER}\s*:", body):
            found.append((start + m.start(), "switch on a named field: " + m.group(0)))
    found.extend(variable_uses(text, fields))
    return [(text.count("\n", 0, pos) + 1, what) for pos, what in sorted(found)]


def main():
    args = sys.argv[1:]
    stamp = depfile = None
    while args and args[0] in ("--stamp", "--depfile"):
        if args[0] == "--stamp":
            stamp = args[1]
        else:
            depfile = args[1]
        args = args[2:]
    gen, desc, dirs = args[0], args[1], args[2:]
    names, values, neutrals = description(gen, desc)
    fields = "|".join(names)
    found = 0
    read = [gen, desc, os.path.abspath(__file__),
            os.path.join(os.path.dirname(os.path.abspath(gen)), "gen_builder.py")]
    for d in dirs:
        for root, _, files in os.walk(d):
            read.append(root)
            for name in sorted(files):
                if not name.endswith((".c", ".h")):
                    continue
                path = os.path.join(root, name)
                read.append(path)
                shown = os.path.relpath(os.path.realpath(path))
                for line, what in check_file(path, fields):
                    print(f"{shown}:{line}: error: a named instruction field set or compared "
                          f"from a bare number (use JADE_ISA_V_<FIELD>_<NAME>): {what}")
                    found += 1
                for line, what in lost_zeros(path, values, neutrals):
                    print(f"{shown}:{line}: error: {what}")
                    found += 1
    print(f"{found} bare numbers in named instruction fields ({len(names)} fields: "
          f"{' '.join(names)})")
    if depfile:
        with open(depfile, "w") as f:
            target = stamp or "check"
            f.write(target.replace(" ", "\\ ") + ": " +
                    " ".join(p.replace(" ", "\\ ") for p in read) + "\n")
    if stamp:
        if found:
            if os.path.exists(stamp):
                os.unlink(stamp)
        else:
            with open(stamp, "w") as f:
                f.write(f"/* Generated by check_named_enums.py: {len(names)} named instruction "
                        f"fields, none set from a bare number. */\n")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
