"""Generates the compiler's IR builder (jade_builder.h) from sm75_isa.yaml.

    gen_builder.py sm75_isa.yaml OUT.h

One call per instruction of the description:

    jade_<OP>(b, DST, A, B, C, .modifier = value, .operand = ref, ...)

The signature rule, from the description alone:
  - positional: the destination (`dst`, or `pd0` for an op without one,
    such as ISETP or PLOP3), then the sources a, b, c the op has, in that
    order (the ALU operands; an operand form is chosen from what they are);
  - named, in any order after them: every other field the op's forms have
    (hidden fields, those starting with `_`, and the constant-buffer parts
    of a source excepted).  Register operands (gpr, ugpr, pred, upred: `p`,
    `pd1`, `cin0`, `addr`, `data`, ...) take a struct jade_ref, the other
    fields (`cmp`, `func`, `b_neg`, `lut`, `ofs`, ...) a number; a field
    left out, or given as 0, keeps its neutral value (for the few fields
    whose neutral value is not 0, marked in the generated struct, 0 is
    given with jade_set after the call).  A field named after
    a C keyword takes a trailing underscore (`.signed_`).

Destinations are added first, then sources, then fields, each in the order
of the op's syntax.  Each call is a static inline function (and a macro
that gathers the named part into a compound literal), so it costs what the
jade_instr_add_* / jade_instr_set_field calls it stands for.
"""

import os
import sys
import textwrap

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_isa  # noqa: E402

REG_TYPES = ('gpr', 'ugpr', 'pred', 'upred')
C_KEYWORDS = {'signed', 'unsigned', 'default', 'int', 'char', 'short', 'long', 'float',
              'double', 'const', 'static', 'case', 'switch', 'if', 'else', 'for', 'while',
              'do', 'break', 'continue', 'return', 'struct', 'union', 'enum', 'void',
              'volatile', 'register', 'extern', 'auto', 'goto', 'sizeof', 'typedef',
              'inline', 'restrict', 'bool'}


def c_member(name):
    return name + '_' if name in C_KEYWORDS else name


def syntax_order(forms):
    """Field names in the order the op's syntax templates print them
    (first appearance over its forms and templates), then the rest."""
    order = []
    for f in forms:
        for _, items in f.syntax:
            for it in items:
                if it[0] in ('value', 'optional', 'flag', 'enum'):
                    if it[1] not in order:
                        order.append(it[1])
    for f in forms:
        for name in sorted(f.fields):
            if name not in order:
                order.append(name)
    return order


def op_signature(name, forms):
    """(positional [(field, is_dst)], named [(field, is_ref, is_dst)])."""
    fields = {}
    for f in forms:
        for fname, (typ, _, _, _) in f.fields.items():
            fields.setdefault(fname, typ)
    cbuf_parts = set()
    for f in forms:
        for src in ('a', 'b', 'c'):
            if src + '_bank' in f.fields:
                cbuf_parts.update({src + '_bank', src + '_off', '_' + src + '_off_lo'})
    if 'dst' in fields:
        dst = 'dst'
    elif 'pd0' in fields:
        dst = 'pd0'
    else:
        dst = None
    positional = [(dst, True)] if dst else []
    positional += [(s, False) for s in ('a', 'b', 'c') if s in fields]
    taken = {p for p, _ in positional}
    named = []
    for fname in syntax_order(forms):
        if fname in taken or fname.startswith('_') or fname in cbuf_parts:
            continue
        is_ref = fields[fname] in REG_TYPES
        # Register operands the op writes: the destinations' names.
        is_dst = is_ref and (fname.startswith('dst') or fname.startswith('pd'))
        named.append((fname, is_ref, is_dst))
    return positional, named


def emit_op(h, name, forms):
    ident = name.replace('.', '_')
    positional, named = op_signature(name, forms)
    # The register form's general (last) template, operands only.
    items = forms[0].syntax[-1][1]
    text = ''.join(it[1] if it[0] == 'text' else '{' + it[1] + '}' for it in items
                   if it[0] in ('text', 'value', 'optional'))
    h.write(f'/* {text} */\n')
    h.write(f'struct jade_{ident}_mods {{\n   int _; /* makes an empty list valid */\n')
    defaults = {}
    for f in forms:
        for fname, (_, _, _, default) in f.fields.items():
            defaults.setdefault(fname, default)
    for fname, is_ref, _ in named:
        note = ''
        if not is_ref and defaults.get(fname):
            note = f' /* neutral {defaults[fname]}: 0 only with jade_set */'
        h.write(f'   {"struct jade_ref" if is_ref else "uint64_t"} {c_member(fname)};{note}\n')
    h.write('};\n\n')
    params = ''.join(f', struct jade_ref {p}' for p, _ in positional)
    sig = f'jade_{ident}_(struct jade_builder *bld{params}, struct jade_{ident}_mods m)'
    lines = textwrap.wrap(sig, 100, subsequent_indent=' ' * (len(ident) + 7),
                          break_long_words=False, break_on_hyphens=False)
    h.write('static inline struct jade_instr *\n' + '\n'.join(lines) + '\n{\n')
    h.write(f'   struct jade_instr *i = jade_build(bld, JADE_ISA_OP_{ident});\n')
    # Destinations by name (dst0 before dst1), sources in syntax order.
    dsts = [(f'{p}', p) for p, d in positional if d] + \
        sorted((f'm.{c_member(n)}', n) for n, r, d in named if r and d)
    srcs = [(f'{p}', p) for p, d in positional if not d] + \
        [(f'm.{c_member(n)}', n) for n, r, d in named if r and not d]
    for expr, fname in dsts:
        h.write(f'   jade_ref_dst(i, JADE_ISA_F_{fname.upper()}, {expr});\n')
    for expr, fname in srcs:
        h.write(f'   jade_ref_src(i, JADE_ISA_F_{fname.upper()}, {expr});\n')
    for fname, is_ref, _ in named:
        if not is_ref:
            h.write(f'   jade_ref_mod(i, JADE_ISA_F_{fname.upper()}, m.{c_member(fname)});\n')
    h.write('   return i;\n}\n')
    mparams = ''.join(f', {p}_' for p, _ in positional)
    h.write(f'#define jade_{ident}(b{mparams}, ...) \\\n'
            f'   jade_{ident}_(b{mparams}, (struct jade_{ident}_mods){{0, __VA_ARGS__}})\n\n')


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: gen_builder.py DESC.yaml OUT.h')
    with open(sys.argv[1]) as f:
        desc = yaml.load(f, Loader=gen_isa.DescLoader)
    try:
        forms, ops = gen_isa.build_forms(desc)
    except gen_isa.DescError as e:
        sys.exit(f'{sys.argv[1]}: {e}')
    by_op = {}
    for f in forms:
        by_op.setdefault(f.op, []).append(f)
    with open(sys.argv[2], 'w') as h:
        h.write('/* Generated by gen_builder.py from sm75_isa.yaml: do not edit.\n'
                ' * One builder call per instruction (the rule: gen_builder.py). */\n')
        h.write('#ifndef JADE_BUILDER_H\n#define JADE_BUILDER_H\n\n'
                '#include "jade_builder_base.h"\n\n')
        for name, *_ in ops:
            emit_op(h, name, by_op[name])
        h.write('#endif /* JADE_BUILDER_H */\n')


if __name__ == '__main__':
    main()
