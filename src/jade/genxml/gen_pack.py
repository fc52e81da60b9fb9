#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""gen_pack.py XML OUT.h OUT.c: C packers for the structs of a genxml file
(tic.xml, tsc.xml, qmd.xml, made by import_nvidia_struct.py).

For each <struct name="N" words="W">: struct jade_N with one member per
field, uint32_t up to 32 bits and uint64_t up to 64 (arrays for the
indexed ones, members in the order of the field table), jade_N_pack /
jade_N_unpack between it and the W words, jade_N_print (the non-zero
fields, with their value names), a field table (jade_N_fields, struct
jade_pack_field), JADE_N_WORDS and a JADE_N_FIELD_VALUE macro per named
value.  The shifts are worked out here, so pack and unpack are
straight-line code.  jade_N_pack checks every value against its field's
width: one that does not fit is reported on stderr and fails an assert
(debug builds); without asserts the pack returns false with the value
cut to the field.  Generation fails on a field wider than 64 bits, fields
that overlap or leave the struct, and names that are not C identifiers
or collide."""

import os
import re
import sys
import xml.etree.ElementTree as ET

from genxml_fields import fields_of

IDENT_RE = re.compile(r'^[a-z_][a-z0-9_]*$')
C_KEYWORDS = set('''auto break case char const continue default do double else enum
extern float for goto if inline int long register restrict return short signed
sizeof static struct switch typedef union unsigned void volatile while'''.split())


def fail(msg):
    sys.stderr.write(f'gen_pack.py: {msg}\n')
    sys.exit(1)


def load(path):
    """[(name, words, fields)] of the file's structs, and the file's common
    (name, words) when its root names one (<genxml name="sph" words="32">:
    JADE_SPH_WORDS for structures of one size)."""
    root = ET.parse(path).getroot()
    structs = []
    for s in root.findall('struct'):
        name, words = s.get('name'), int(s.get('words'))
        if not IDENT_RE.match(name):
            fail(f'{path}: struct name {name!r} is not a C identifier')
        fields = fields_of(s)
        check(path, name, words, fields)
        structs.append((name, words, fields))
    if not structs:
        fail(f'{path}: no <struct>')
    common = None
    if root.get('name'):
        common = (root.get('name'), int(root.get('words')))
        if any(w != common[1] for _, w, _ in structs):
            fail(f'{path}: a struct is not {common[1]} words long')
    return structs, common


def elements(f):
    """(index or None, start, end) of each element of a field."""
    if not f['count']:
        return [(None, f['start'], f['end'])]
    return [(i, f['start'] + i * f['stride'], f['end'] + i * f['stride'])
            for i in range(f['count'])]


def check(path, sname, words, fields):
    where = f'{path}: {sname}'
    owner, names = {}, set()
    for f in fields:
        n = f['name']
        if not IDENT_RE.match(n) or n in C_KEYWORDS:
            fail(f'{where}: field name {n!r} is not usable as a C member')
        if n in names:
            fail(f'{where}: field {n} twice')
        names.add(n)
        width = f['end'] - f['start'] + 1
        # One uint32_t or uint64_t member per field.
        if width < 1 or width > 64:
            fail(f'{where}: {n} is {width} bits wide (1..64 allowed)')
        if f['count'] and f['stride'] < 1 or not f['count'] and f['stride']:
            fail(f'{where}: {n}: count {f["count"]}, stride {f["stride"]}')
        for i, lo, hi in elements(f):
            label = n if i is None else f'{n}[{i}]'
            for b in range(lo, hi + 1):
                if b >= 32 * words:
                    fail(f'{where}: {label} runs past {words} words')
                if b in owner:
                    fail(f'{where}: {label} overlaps {owner[b]} at bit {b}')
                owner[b] = label
        vnames = set()
        for vn, v in f['values']:
            if not re.match(r'^[a-z0-9_]+$', vn) or vn in vnames:
                fail(f'{where}: {n}: value name {vn!r}')
            vnames.add(vn)
            if v < 0 or v >> width:
                fail(f'{where}: {n}: value {vn} = {v} does not fit {width} bits')


def mask_of(width):
    return f'0x{(1 << width) - 1:x}' + ('ull' if width > 32 else 'u')


def ctype(width):
    return 'uint64_t' if width > 32 else 'uint32_t'


def pieces(lo, hi):
    """(word, shift in the word, first value bit, bits) of each word a
    field at bits lo..hi touches."""
    out = []
    b = lo
    while b <= hi:
        w, s = b // 32, b % 32
        n = min(32 - s, hi - b + 1)
        out.append((w, s, b - lo, n))
        b += n
    return out


def pack_lines(sname, fname, member, lo, hi):
    """Checks member against the field's width, then ORs it in at bits
    lo..hi; a field may cross word boundaries."""
    width = hi - lo + 1
    out = []
    if width in (32, 64):
        val = member
    else:
        out.append(f'   ok &= fits("{sname}", "{fname}", {member}, {width});')
        val = f'({member} & {mask_of(width)})'
    for w, s, first, n in pieces(lo, hi):
        part = f'{val} >> {first}' if first else val
        if width > 32 or first:
            part = f'(uint32_t)({part})'
        out.append(f'   dw[{w}] |= {part}' + (f' << {s};' if s else ';'))
    return out


def unpack_line(member, lo, hi):
    width = hi - lo + 1
    t = ctype(width)
    terms = []
    for w, s, first, n in pieces(lo, hi):
        term = f'dw[{w}] >> {s}' if s else f'dw[{w}]'
        if s + n != 32:
            term = f'({term}) & {mask_of(n)}' if s else f'{term} & {mask_of(n)}'
        if first:
            cast = f'({t})' if t == 'uint64_t' else ''
            term = f'{cast}({term}) << {first}'
        elif t == 'uint64_t':
            term = f'(uint64_t)({term})'
        terms.append(term)
    return f'   {member} = {" | ".join(terms)};'


def main():
    xml, out_h, out_c = sys.argv[1:4]
    structs, common = load(xml)
    src = os.path.basename(xml)
    hname = os.path.basename(out_h)
    guard = re.sub(r'\W', '_', hname).upper()
    banner = f'/* Generated by src/jade/genxml/gen_pack.py from {src}: do not edit. */'

    h = [banner,
         f'#ifndef {guard}\n#define {guard}\n',
         '#include <stdbool.h>\n#include <stdint.h>\n#include <stdio.h>\n',
         '#ifdef __cplusplus\nextern "C" {\n#endif\n',
         '/* Every gen_pack.py header declares this type, so the guard lets them',
         ' * be included together. */',
         '#ifndef JADE_PACK_FIELD_DEFINED\n#define JADE_PACK_FIELD_DEFINED',
         '/* One field of a struct: bits start..end of element 0, element i',
         ' * shifted by i * stride (count 0: not an array); its member at byte',
         ' * `offset` of the struct, `size` bytes an element (4 or 8). */',
         'struct jade_pack_field {\n   const char *name;\n   uint16_t start, end, count, stride;\n   uint16_t offset, size;\n};',
         '#endif\n']
    c = [banner,
         '#include <assert.h>\n#include <inttypes.h>\n#include <stddef.h>\n',
         f'#include "{hname}"\n',
         '/* A named value of field `field` (index into the field table). */',
         'struct pack_value {\n   uint16_t field;\n   uint32_t value;\n   const char *name;\n};\n',
         '''/* Whether v fits `width` bits; a value that does not is a caller's bug:
 * reported, and an assert in debug builds. */
static bool
fits(const char *sname, const char *fname, uint64_t v, unsigned width)
{
   if (!(v >> width))
      return true;
   fprintf(stderr, "jade_%s_pack: %s = 0x%" PRIx64 " does not fit %u bits\\n", sname, fname, v,
           width);
   assert(!"a packed value does not fit its field");
   return false;
}

static uint64_t
get(const uint32_t *dw, unsigned start, unsigned end)
{
   uint64_t bits = 0;
   for (unsigned b = start; b <= end; b++)
      bits |= (uint64_t)(dw[b / 32] >> (b % 32) & 1) << (b - start);
   return bits;
}

/* The non-zero fields, one a line, with the value's name where it has one. */
static void
print_fields(FILE *f, const uint32_t *dw, const struct jade_pack_field *fields,
             unsigned field_count, const struct pack_value *values, unsigned value_count)
{
   for (unsigned k = 0; k < field_count; k++) {
      const struct jade_pack_field *fl = &fields[k];
      unsigned n = fl->count ? fl->count : 1;
      for (unsigned i = 0; i < n; i++) {
         uint64_t v = get(dw, fl->start + i * fl->stride, fl->end + i * fl->stride);
         if (!v)
            continue;
         const char *vname = NULL;
         for (unsigned j = 0; j < value_count && !vname; j++) {
            if (values[j].field == k && values[j].value == v)
               vname = values[j].name;
         }
         if (fl->count)
            fprintf(f, "   %s[%u] = 0x%" PRIx64, fl->name, i, v);
         else
            fprintf(f, "   %s = 0x%" PRIx64, fl->name, v);
         if (vname)
            fprintf(f, " (%s)", vname);
         fputc('\\n', f);
      }
   }
}
''']

    macros = set()

    def define(name, value):
        if name in macros:
            fail(f'{xml}: macro {name} defined twice')
        macros.add(name)
        h.append(f'#define {name} {value}')

    if common:
        define(f'JADE_{common[0].upper()}_WORDS', common[1])
    for name, words, fields in structs:
        up = name.upper()
        define(f'JADE_{up}_WORDS', words)
        for f in fields:
            for vn, v in f['values']:
                define(f'JADE_{up}_{f["name"].upper()}_{vn.upper()}', v)
        h.append(f'\nstruct jade_{name} {{')
        for f in fields:
            dim = f'[{f["count"]}]' if f['count'] else ''
            note = f'bits {f["start"]}..{f["end"]}'
            if f['count']:
                note += f', stride {f["stride"]}'
            if f['values']:
                note += f', JADE_{up}_{f["name"].upper()}_*'
            h.append(f'   {ctype(f["end"] - f["start"] + 1)} {f["name"]}{dim};   /* {note} */')
        h.append('};\n')
        h.append(f'/* dw: JADE_{up}_WORDS words, all written.  A value wider than its')
        h.append(' * field is reported and fails an assert (debug builds); without')
        h.append(' * asserts it is cut to the field and the pack returns false. */')
        h.append(f'bool jade_{name}_pack(uint32_t *dw, const struct jade_{name} *v);')
        h.append(f'void jade_{name}_unpack(const uint32_t *dw, struct jade_{name} *v);')
        h.append(f'void jade_{name}_print(FILE *f, const uint32_t *dw);')
        h.append(f'extern const struct jade_pack_field jade_{name}_fields[];')
        h.append(f'extern const unsigned jade_{name}_field_count;\n')

        c.append(f'const struct jade_pack_field jade_{name}_fields[] = {{')
        for f in fields:
            size = 8 if f['end'] - f['start'] >= 32 else 4
            c.append(f'   {{"{f["name"]}", {f["start"]}, {f["end"]}, {f["count"]}, {f["stride"]}, '
                     f'offsetof(struct jade_{name}, {f["name"]}), {size}}},')
        c.append('};')
        c.append(f'const unsigned jade_{name}_field_count = {len(fields)};\n')

        vals = [(k, v, vn) for k, f in enumerate(fields) for vn, v in f['values']]
        if vals:
            c.append(f'static const struct pack_value {name}_values[] = {{')
            for k, v, vn in vals:
                c.append(f'   {{{k}, {v}, "{vn}"}},')
            c.append('};\n')

        c.append(f'bool\njade_{name}_pack(uint32_t *dw, const struct jade_{name} *v)\n{{')
        c.append('   bool ok = true;')
        c.append(f'   for (unsigned w = 0; w < JADE_{up}_WORDS; w++)\n      dw[w] = 0;')
        for f in fields:
            for i, lo, hi in elements(f):
                member = f'v->{f["name"]}' + ('' if i is None else f'[{i}]')
                label = f["name"] + ('' if i is None else f'[{i}]')
                c.extend(pack_lines(name, label, member, lo, hi))
        c.append('   return ok;\n}\n')

        c.append(f'void\njade_{name}_unpack(const uint32_t *dw, struct jade_{name} *v)\n{{')
        for f in fields:
            for i, lo, hi in elements(f):
                member = f'v->{f["name"]}' + ('' if i is None else f'[{i}]')
                c.append(unpack_line(member, lo, hi))
        c.append('}\n')

        c.append(f'void\njade_{name}_print(FILE *f, const uint32_t *dw)\n{{')
        c.append(f'   print_fields(f, dw, jade_{name}_fields, jade_{name}_field_count, ' +
                 (f'{name}_values, {len(vals)});' if vals else 'NULL, 0);'))
        c.append('}\n')

    h.append(f'#ifdef __cplusplus\n}}\n#endif\n\n#endif /* {guard} */')
    with open(out_h, 'w') as fp:
        fp.write('\n'.join(h) + '\n')
    with open(out_c, 'w') as fp:
        fp.write('\n'.join(c).rstrip('\n') + '\n')


if __name__ == '__main__':
    main()
