#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""gen_pack.py XML OUT.h OUT.c: C packers for the structs of a genxml file
(tic.xml, tsc.xml, qmd.xml, made by import_nvidia_struct.py).

For each <struct name="N" words="W">: struct jade_N with one uint32_t
member per field (arrays for the indexed ones, members in the order of the
field table), jade_N_pack / jade_N_unpack between it and the W words,
jade_N_print (the non-zero fields, with their value names), a field table
(jade_N_fields, struct jade_pack_field), JADE_N_WORDS and a
JADE_N_FIELD_VALUE macro per named value.  The shifts are worked out here,
so pack and unpack are straight-line code.  Generation fails on a field
wider than 32 bits, fields that overlap or leave the struct, and names
that are not C identifiers or collide."""

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
        # One uint32_t member per field: wider fields must be split in the XML.
        if width < 1 or width > 32:
            fail(f'{where}: {n} is {width} bits wide (1..32 allowed)')
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
    return f'0x{(1 << width) - 1:x}u'


def pack_lines(member, lo, hi):
    """dw |= member at bits lo..hi; a field may cross a word boundary."""
    width = hi - lo + 1
    w, s = lo // 32, lo % 32
    out = []
    if width == 32:
        val = member
    else:
        out.append(f'   assert({member} <= {mask_of(width)});')
        val = f'({member} & {mask_of(width)})'
    out.append(f'   dw[{w}] |= {val}' + (f' << {s};' if s else ';'))
    if s + width > 32:
        out.append(f'   dw[{w + 1}] |= {val} >> {32 - s};')
    return out


def unpack_line(member, lo, hi):
    width = hi - lo + 1
    w, s = lo // 32, lo % 32
    expr = f'dw[{w}] >> {s}' if s else f'dw[{w}]'
    if s + width > 32:
        expr = f'{expr} | dw[{w + 1}] << {32 - s}'
    # Masked unless the field ends at the top of its (last) word.
    if s + width != 32 and width != 32:
        expr = f'({expr}) & {mask_of(width)}' if s else f'{expr} & {mask_of(width)}'
    return f'   {member} = {expr};'


def main():
    xml, out_h, out_c = sys.argv[1:4]
    structs, common = load(xml)
    src = os.path.basename(xml)
    hname = os.path.basename(out_h)
    guard = re.sub(r'\W', '_', hname).upper()
    banner = f'/* Generated by src/jade/genxml/gen_pack.py from {src}: do not edit. */'

    h = [banner,
         f'#ifndef {guard}\n#define {guard}\n',
         '#include <stdint.h>\n#include <stdio.h>\n',
         '#ifdef __cplusplus\nextern "C" {\n#endif\n',
         '/* Every gen_pack.py header declares this type, so the guard lets them',
         ' * be included together. */',
         '#ifndef JADE_PACK_FIELD_DEFINED\n#define JADE_PACK_FIELD_DEFINED',
         '/* One field of a struct: bits start..end of element 0, element i',
         ' * shifted by i * stride (count 0: not an array). */',
         'struct jade_pack_field {\n   const char *name;\n   uint16_t start, end, count, stride;\n};',
         '#endif\n']
    c = [banner,
         '#include <assert.h>\n',
         f'#include "{hname}"\n',
         '/* A named value of field `field` (index into the field table). */',
         'struct pack_value {\n   uint16_t field;\n   uint32_t value;\n   const char *name;\n};\n',
         '''static uint32_t
get(const uint32_t *dw, unsigned start, unsigned end)
{
   unsigned w = start / 32, s = start % 32, width = end - start + 1;
   uint64_t bits = dw[w] >> s;
   if (s + width > 32)
      bits |= (uint64_t)dw[w + 1] << (32 - s);
   return width == 32 ? (uint32_t)bits : (uint32_t)bits & ((1u << width) - 1);
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
         uint32_t v = get(dw, fl->start + i * fl->stride, fl->end + i * fl->stride);
         if (!v)
            continue;
         const char *vname = NULL;
         for (unsigned j = 0; j < value_count && !vname; j++) {
            if (values[j].field == k && values[j].value == v)
               vname = values[j].name;
         }
         if (fl->count)
            fprintf(f, "   %s[%u] = 0x%x", fl->name, i, v);
         else
            fprintf(f, "   %s = 0x%x", fl->name, v);
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
            h.append(f'   uint32_t {f["name"]}{dim};   /* {note} */')
        h.append('};\n')
        h.append(f'/* dw: JADE_{up}_WORDS words, all written.  A value wider than its')
        h.append(' * field fails an assert (debug builds) or is cut to the field. */')
        h.append(f'void jade_{name}_pack(uint32_t *dw, const struct jade_{name} *v);')
        h.append(f'void jade_{name}_unpack(const uint32_t *dw, struct jade_{name} *v);')
        h.append(f'void jade_{name}_print(FILE *f, const uint32_t *dw);')
        h.append(f'extern const struct jade_pack_field jade_{name}_fields[];')
        h.append(f'extern const unsigned jade_{name}_field_count;\n')

        c.append(f'const struct jade_pack_field jade_{name}_fields[] = {{')
        for f in fields:
            c.append(f'   {{"{f["name"]}", {f["start"]}, {f["end"]}, {f["count"]}, {f["stride"]}}},')
        c.append('};')
        c.append(f'const unsigned jade_{name}_field_count = {len(fields)};\n')

        vals = [(k, v, vn) for k, f in enumerate(fields) for vn, v in f['values']]
        if vals:
            c.append(f'static const struct pack_value {name}_values[] = {{')
            for k, v, vn in vals:
                c.append(f'   {{{k}, {v}, "{vn}"}},')
            c.append('};\n')

        c.append(f'void\njade_{name}_pack(uint32_t *dw, const struct jade_{name} *v)\n{{')
        c.append(f'   for (unsigned w = 0; w < JADE_{up}_WORDS; w++)\n      dw[w] = 0;')
        for f in fields:
            for i, lo, hi in elements(f):
                member = f'v->{f["name"]}' + ('' if i is None else f'[{i}]')
                c.extend(pack_lines(member, lo, hi))
        c.append('}\n')

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
