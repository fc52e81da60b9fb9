#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""Generates the SM75 instruction tables from sm75_isa.yaml.

    gen_isa.py sm75_isa.yaml OUT.h OUT.c

The description lists each instruction once.  ALU instructions name their
sources (a, b, c) and the operand forms they accept; this script expands
them into one table entry per form, placing each source where that form
puts it.  The C library (jade_isa.c) encodes, decodes, prints and parses by
interpreting the tables.  See docs/isa.md for the description's syntax.
"""

import re
import sys

import yaml

# Default widths and neutral values of the register-like types (the
# neutral registers from the description's hardware section: set_neutrals).
TYPE_INFO = {
    'gpr': (8, 255), 'ugpr': (8, 63), 'pred': (3, 7), 'upred': (3, 7),
    'bar': (4, 0), 'hex': (32, 0), 'shex': (32, 0), 'f32': (32, 0),
    'f64hi': (32, 0), 'f16': (16, 0), 'sreg': (8, 0), 'rel': (48, 0),
}

# ALU operand forms (bits 9..11): what the 32-bit slot at bit 32 holds.
# Bits 64..71 always hold a GPR.  Forms 1, 4, 5, 6 put source b in the
# 32-bit slot and c at 64; forms 2, 3, 7 the other way round.
ALU_SLOT32 = {1: 'gpr', 2: 'imm', 3: 'cbuf', 4: 'imm', 5: 'cbuf', 6: 'ugpr',
              7: 'ugpr'}
ALU_B_IN_SLOT32 = {1, 4, 5, 6}
# Where each source slot starts, and its negate and absolute-value bits.
SLOT_LO = {'r24': 24, 's32': 32, 's64': 64}
SLOT_MOD_BITS = {'r24': {'neg': 72, 'abs': 73}, 's64': {'neg': 75, 'abs': 74},
                 's32': {'neg': 63, 'abs': 62}}


class DescError(Exception):
    pass


def parse_loc(spec, what):
    """'gpr@16', 'hex@64:3+72:5', '80', '78:2' -> (type, [(lo, width)])"""
    spec = str(spec)
    typ = None
    if '@' in spec:
        typ, spec = spec.split('@', 1)
        if typ not in TYPE_INFO:
            raise DescError(f'{what}: unknown type {typ}')
    parts = []
    for piece in spec.split('+'):
        m = re.fullmatch(r'(\d+)(?::(\d+))?', piece.strip())
        if not m:
            raise DescError(f'{what}: bad location {spec}')
        lo = int(m.group(1))
        width = int(m.group(2)) if m.group(2) else (TYPE_INFO[typ][0] if typ else 1)
        parts.append((lo, width))
    return typ, parts


class Form:
    def __init__(self, op, alu_form):
        self.op = op
        self.alu_form = alu_form
        self.fields = {}   # name -> (type, parts, signed, default)
        self.fixed = []    # (lo, width, value)
        self.syntax = []   # [(conds, items)]
        self.shifts = {}   # name -> shift
        self.inverted = set()  # names of fields stored complemented
        self.unused_slots = []    # ALU register slots no source uses
        self.unused_type = 'gpr'  # their register file
        self.src_kind = {}        # ALU source -> gpr, ugpr, imm or cbuf
        self.reuse_of = {}        # source -> reuse flag index
        self.values = {}          # field -> {NAME: value} (`values:`)

    def add_field(self, name, typ, parts, default=None, signed=False, shift=0):
        if name in self.fields:
            raise DescError(f'{self.op}: field {name} defined twice')
        if default is None:
            default = TYPE_INFO[typ][1] if typ else 0
        self.fields[name] = (typ, parts, signed, default)
        if shift:
            self.shifts[name] = shift

    def bits(self):
        used = {}
        for name, (typ, parts, _, _) in self.fields.items():
            for lo, width in parts:
                for b in range(lo, lo + width):
                    if b in used:
                        raise DescError(f'{self.op} form {self.alu_form}: bit {b} '
                                        f'in {name} and {used[b]}')
                    used[b] = name
        for b in used:
            if b < 16 or b >= 105:
                raise DescError(f'{self.op}: bit {b} belongs to the common fields')
        fixed_bits = {}
        for lo, width, value in self.fixed:
            for b in range(lo, lo + width):
                bit = (value >> (b - lo)) & 1
                if b in used and used[b] != 'fixed':
                    raise DescError(f'{self.op} form {self.alu_form}: fixed bit {b} '
                                    f'also in {used[b]}')
                if fixed_bits.get(b, bit) != bit:
                    raise DescError(f'{self.op} form {self.alu_form}: bit {b} '
                                    f'fixed to both 0 and 1')
                fixed_bits[b] = bit
                used[b] = 'fixed'
        return used


def expand_alu(name, desc, form):
    """Places the ALU sources of `desc` for operand form `form`."""
    alu = desc['alu']
    srcs = alu['srcs']
    all_mods = alu.get('mods', [])
    mod_srcs = alu.get('mod_srcs', alu['srcs'])
    imm_type = alu.get('imm', 'hex')
    # The uniform datapath reads uniform registers where others read GPRs,
    # and always has bit 91 set.
    reg = alu.get('file', 'gpr')
    f = Form(name, form)
    if reg == 'ugpr':
        f.fixed.append((91, 1, 1))
    slot_of = {}
    if 'a' in srcs:
        slot_of['a'] = 'r24'
    rest = [s for s in srcs if s != 'a']
    if rest == ['c']:
        # A lone second source named c sits where c does (e.g. DADD).
        slot_of['c'] = 's64' if form in ALU_B_IN_SLOT32 else 's32'
    elif len(rest) == 1:
        slot_of[rest[0]] = 's32'
    elif len(rest) == 2:
        b, c = rest
        if form in ALU_B_IN_SLOT32:
            slot_of[b], slot_of[c] = 's32', 's64'
        else:
            slot_of[b], slot_of[c] = 's64', 's32'
    elif rest:
        raise DescError(f'{name}: at most three ALU sources')

    for src, slot in slot_of.items():
        kind = ALU_SLOT32[form] if slot == 's32' else 'gpr'
        f.src_kind[src] = reg if kind == 'gpr' else kind
        lo = SLOT_LO[slot]
        if src in mod_srcs and kind != 'imm':  # immediates carry no modifier bits
            for mod in all_mods:
                f.add_field(f'{src}_{mod}', None, [(SLOT_MOD_BITS[slot][mod], 1)])
        if kind == 'gpr':
            f.add_field(src, reg, [(lo, 8)])
        elif kind == 'ugpr':
            f.add_field(src, 'ugpr', [(lo, 8)])
            f.fixed.append((91, 1, 1))
        elif kind == 'imm':
            f.add_field(src, imm_type, [(lo, 32)], signed=(imm_type == 'shex'))
        else:
            # c[bank][offset]: a signed byte offset in words (bits 38..39
            # are kept as a hidden field).
            f.add_field(src + '_bank', 'hex', [(54, 5)])
            f.add_field(src + '_off', 'shex', [(40, 14)], signed=True, shift=2)
            f.add_field('_' + src + '_off_lo', 'hex', [(38, 2)])
            f.fixed.append((91, 1, 0))
    # Register slots no source uses (the 32-bit one only when it holds a GPR).
    for slot, lo in SLOT_LO.items():
        if slot not in slot_of.values() and (slot != 's32' or ALU_SLOT32[form] == 'gpr'):
            f.unused_slots.append((f'_r{lo}', lo))
    f.unused_type = reg
    return f


def add_unused_slots(f):
    """Unused ALU register slots become hidden fields, where no other field
    claims their bits, so that decoding and re-encoding preserves them."""
    used = f.bits()
    for name, lo in f.unused_slots:
        if not any(b in used for b in range(lo, lo + 8)):
            f.add_field(name, f.unused_type, [(lo, 8)])


# --- syntax templates ------------------------------------------------------

def parse_template(text, form, what):
    """Returns a list of items: ('text', s) | ('flag', field, s) |
    ('enum', field, [s...]) | ('value', field, type, width) |
    ('optional', field, type, prefix, neutral, not_field, width) |
    ('reuse', index)."""
    items = []
    pos = 0
    for m in re.finditer(r'\{([^}]*)\}', text):
        if m.start() > pos:
            items.append(('text', text[pos:m.start()]))
        pos = m.end()
        items.extend(parse_placeholder(m.group(1), form, what))
    if pos < len(text):
        items.append(('text', text[pos:]))
    return items


def field_width(form, name):
    """Bits a field's value spans, its scale included."""
    _, parts, _, _ = form.fields[name]
    return sum(w for _, w in parts) + form.shifts.get(name, 0)


# Reuse-cache flags (control bits 122..124) follow the operand, not the
# bits that encode it: nvdisasm reads source a through flag 0, b through 1
# and c through 2, wherever the operand form puts them (IMAD's b sits at bit
# 64 in forms 2, 3, 7 and still uses flag 1).  Other operands (addresses,
# data, ...) have none.  An entry's `reuse` key overrides this per source
# (`{b: 2}`: FADD's second source is read like FFMA's c; `{b: none}`) or
# for the whole entry (`none`).
REUSE_BY_NAME = {'a': 0, 'b': 1, 'c': 2}


def reuse_flags(name, desc):
    """{source name: reuse flag index} for one entry."""
    spec = desc.get('reuse', {})
    if spec == 'none':
        return {}
    if not isinstance(spec, dict):
        raise DescError(f'{name}: reuse must be none or a map')
    flags = dict(REUSE_BY_NAME)
    for src, idx in spec.items():
        if idx == 'none':
            flags.pop(src, None)
        elif idx in (0, 1, 2):
            flags[src] = idx
        else:
            raise DescError(f'{name}: reuse flag of {src} must be 0, 1, 2 or none')
    return flags


def unused_reuse_ignored(name, desc, forms):
    """What nvdisasm does with a reuse flag (0..2, bit 109 set) that no
    operand of the printed text carries: it refuses the encoding for ALU
    entries and for entries with reuse operands, and ignores it elsewhere
    (MUFU, conversions, memory, ...); `unused_reuse: refused|ignored`
    overrides.  Flag 3 is always ignored.  The random test sets only flags
    nvdisasm accepts."""
    policy = desc.get('unused_reuse')
    if policy is None:
        has_reuse = any(it[0] == 'reuse' for f in forms for _, items in f.syntax
                        for it in items)
        refused = has_reuse or ('alu' in desc and desc.get('reuse') != 'none')
        return not refused
    if policy not in ('refused', 'ignored'):
        raise DescError(f'{name}: unused_reuse must be refused or ignored')
    return policy == 'ignored'


def value_items(name, form, what):
    if name + '_bank' in form.fields:  # a constant-buffer operand
        return [('text', 'c['), ('value', name + '_bank', 'hex', 5), ('text', ']['),
                ('value', name + '_off', 'shex', 16), ('text', ']')]
    if name + '_hi' in form.fields:  # a pair of halves, high one first
        return [('value', name + '_hi', 'f16', 16), ('text', ', '),
                ('value', name + '_lo', 'f16', 16)]
    if name not in form.fields:
        raise DescError(f'{what}: no field {name}')
    typ, parts = form.fields[name][0], form.fields[name][1]
    if typ is None:
        raise DescError(f'{what}: field {name} has no type to print')
    items = [('value', name, typ, field_width(form, name))]
    if typ == 'gpr' and name in form.reuse_of:
        items.append(('reuse', form.reuse_of[name]))
    return items


def parse_placeholder(body, form, what):
    # {,name} / { name} / {,!name} / {+name}: ", " (or " ", "+") and the
    # operand, only when it is not the neutral value (RZ, PT, 0) or is
    # negated.
    m = re.fullmatch(r'([, +])(!?)(\w+)', body)
    if m:
        name = m.group(3)
        if name not in form.fields:
            raise DescError(f'{what}: no field {name}')
        typ, _, _, default = form.fields[name]
        not_field = name + '_not' if m.group(2) else None
        if not_field and not_field not in form.fields:
            raise DescError(f'{what}: no field {not_field}')
        prefix = {',': ', ', ' ': ' ', '+': '+'}[m.group(1)]
        return [('optional', name, typ, prefix, default, not_field,
                 field_width(form, name))]
    # {name?TEXT}: TEXT when the field is set.
    m = re.fullmatch(r'(\w+)\?(.*)', body)
    if m:
        if m.group(1) not in form.fields:
            return []  # e.g. a modifier the immediate form lacks
        return [('flag', m.group(1), m.group(2))]
    # {name|A|B|...}: text chosen by value; '~' marks an invalid value.
    m = re.fullmatch(r'(\w+)\|(.*)', body)
    if m:
        if m.group(1) not in form.fields:
            raise DescError(f'{what}: no field {m.group(1)}')
        return [('enum', m.group(1), m.group(2).split('|'))]
    # {name:type}: the field written as another type (e.g. an address
    # offset written unsigned when there is no base register).
    m = re.fullmatch(r'(\w+):(\w+)', body)
    if m:
        if m.group(1) not in form.fields or m.group(2) not in TYPE_INFO:
            raise DescError(f'{what}: bad placeholder {{{body}}}')
        return [('value', m.group(1), m.group(2), field_width(form, m.group(1)))]
    # {-|a|}, {-a}, {|a|}, {!p}, {~a}, {a}: operand with its modifiers.
    m = re.fullmatch(r'([-!~]?)(\|?)(\w+)(\|?)', body)
    if not m:
        raise DescError(f'{what}: bad placeholder {{{body}}}')
    pre, abs1, name, abs2 = m.groups()
    items = []
    # '~' (bitwise not) uses the same bits as '-' on ALU sources.
    mod_field = {'-': '_neg', '!': '_not', '~': '_neg'}
    if pre and name + mod_field[pre] in form.fields:
        items.append(('flag', name + mod_field[pre], pre))
    has_abs = abs1 and name + '_abs' in form.fields
    if has_abs:
        items.append(('flag', name + '_abs', '|'))
    values = value_items(name, form, what)
    reuse = [it for it in values if it[0] == 'reuse']
    items.extend(it for it in values if it[0] != 'reuse')
    if has_abs:
        items.append(('flag', name + '_abs', '|'))
    return items + reuse


def field_values(op, field, spec):
    """A field's `values: {NAME: value, ...}`: the names of values the
    syntax shows through `when` conditions (BAR.SYNC is mode 0), not
    through a {field|A|B|...} placeholder."""
    if not isinstance(spec, dict) or not spec:
        raise DescError(f'{op}.{field}: values must map names to numbers')
    out = {}
    for vname, value in spec.items():
        if not re.fullmatch(r'[A-Z][A-Z0-9_]*', str(vname)) or not isinstance(value, int):
            raise DescError(f'{op}.{field}: bad value {vname}: {value}')
        out[str(vname)] = value
    return out


def set_neutrals(hw):
    """RZ, URZ, PT, UPT: the values a register operand leaves out."""
    for typ, key in (('gpr', 'rz'), ('ugpr', 'urz'), ('pred', 'pt'), ('upred', 'upt')):
        TYPE_INFO[typ] = (TYPE_INFO[typ][0], int(hw[key]))


def build_forms(desc_all):
    set_neutrals(desc_all.get('hardware') or {})
    forms = []
    ops = []
    for name, desc in desc_all['instructions'].items():
        opcode = desc['opcode']
        if 'alu' in desc:
            form_list = [(f, expand_alu(name, desc, f)) for f in desc['alu']['forms']]
        else:
            form_list = [(0, Form(name, 0))]
        reuse_of = reuse_flags(name, desc)
        op_forms = []
        for alu_form, f in form_list:
            f.reuse_of = reuse_of
            code = opcode | (alu_form << 9) if alu_form else opcode
            f.fixed.append((0, 12, code))
            for fname, spec in (desc.get('fields') or {}).items():
                if isinstance(spec, dict):
                    typ, parts = parse_loc(spec['at'], f'{name}.{fname}')
                    f.add_field(fname, typ, parts, spec.get('default'),
                                spec.get('signed', False), spec.get('shift', 0))
                    if spec.get('inverted'):
                        f.inverted.add(fname)
                    if 'values' in spec:
                        f.values[fname] = field_values(name, fname, spec['values'])
                else:
                    typ, parts = parse_loc(spec, f'{name}.{fname}')
                    f.add_field(fname, typ, parts,
                                signed=(typ in ('shex', 'rel')))
            for fx in desc.get('fixed', []):
                m = re.fullmatch(r'(\d+)(?::(\d+))?=(\w+)', fx)
                if not m:
                    raise DescError(f'{name}: bad fixed bits {fx}')
                f.fixed.append((int(m.group(1)), int(m.group(2) or 1),
                                int(m.group(3), 0)))
            add_unused_slots(f)
            # Bits no field describes must be zero: an encoding that sets
            # one is something else, and decodes as unknown rather than
            # printing as this form without it.
            used = f.bits()
            f.fixed.extend((b, 1, 0) for b in range(16, 105) if b not in used)
            syntaxes = desc['syntax']
            if isinstance(syntaxes, str):
                syntaxes = [syntaxes]
            for s in syntaxes:
                if isinstance(s, dict):
                    if alu_form not in s.get('forms', [alu_form]):
                        continue
                    conds = s.get('when', {})
                    text = s['text']
                else:
                    conds, text = {}, s
                for cf in conds:
                    if cf not in f.fields and cf != 'reuse':
                        raise DescError(f'{name}: condition on unknown field {cf}')
                f.syntax.append((conds, parse_template(text, f, name)))
            if not f.syntax:
                raise DescError(f'{name} form {alu_form}: no syntax')
            forms.append(f)
            op_forms.append(f)
        for src in desc.get('reuse', {}) if isinstance(desc.get('reuse'), dict) else []:
            if not any(src in f.fields for f in op_forms):
                raise DescError(f'{name}: reuse names unknown source {src}')
        ops.append((name, desc, unused_reuse_ignored(name, desc, op_forms)))
    return forms, ops


# --- C output --------------------------------------------------------------

def c_str(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def item_initializer(it, enum_table, types):
    """The C initializer of one syntax item (see struct jade_isa_item)."""
    kind = it[0]
    if kind == 'text':
        fields = {'text': c_str(it[1])}
    elif kind == 'flag':
        fields = {'field': f'JADE_ISA_F_{it[1].upper()}', 'text': c_str(it[2])}
    elif kind == 'enum':
        fields = {'field': f'JADE_ISA_F_{it[1].upper()}', 'enum_count': len(it[2]),
                  'enum_text': enum_table}
    elif kind == 'optional':
        _, name, typ, prefix, neutral, not_field, width = it
        fields = {'field': f'JADE_ISA_F_{name.upper()}', 'type': types[typ],
                  'text': c_str(prefix), 'neutral': f'{neutral}ull',
                  'not_field': (f'JADE_ISA_F_{not_field.upper()}' if not_field
                                else 'JADE_ISA_NO_FIELD'),
                  'width': width}
    elif kind == 'reuse':
        fields = {'reuse': it[1]}
    else:
        fields = {'field': f'JADE_ISA_F_{it[1].upper()}', 'type': types[it[2]],
                  'width': it[3]}
    fields = {'kind': f'JADE_ISA_ITEM_{kind.upper()}', **fields}
    return ', '.join(f'.{k} = {v}' for k, v in fields.items())


SRC_KINDS = {None: 'NONE', 'gpr': 'GPR', 'ugpr': 'UGPR', 'imm': 'IMM', 'cbuf': 'CBUF'}
REG_FILES = ['gpr', 'pred', 'ugpr', 'upred']


def src_kinds(f):
    return ', '.join('JADE_ISA_SRC_' + SRC_KINDS[f.src_kind.get(s)] for s in 'abc')


def fixed_latencies(name, desc, classes):
    """Cycles from issue until a dependent instruction may issue, per
    destination register file.  For a variable-latency op: the bound after
    which its result may be read without a write scoreboard (0: never)."""
    if desc.get('latency', 'fixed') != 'fixed' and 'latency_class' not in desc:
        return [0] * len(REG_FILES)
    cls = desc.get('latency_class', 'alu')
    if cls not in classes:
        raise DescError(f'{name}: unknown latency class {cls}')
    return [classes[cls].get(rf, 0) for rf in REG_FILES]


def completion_queue(desc, classes):
    """1 + the index of the op's in-order completion queue, or 0."""
    queues = sorted({c['queue'] for c in classes.values() if 'queue' in c})
    cls = classes.get(desc.get('latency_class', 'alu'), {})
    return queues.index(cls['queue']) + 1 if 'queue' in cls else 0


def enum_text(text):
    """What a {field|A|B|...} value prints: '=NAME' (a value printed as
    nothing, named NAME) prints nothing."""
    return '' if text.startswith('=') else text


def enum_name(text):
    """'.LT' -> 'LT', '.RCP64H' -> 'RCP64H', '=RN' -> 'RN'; None for the
    empty text (an unnamed value) and '~' (an invalid one)."""
    if text in ('', '~'):
        return None
    name = re.sub(r'[^A-Za-z0-9]+', '_', text.lstrip('=')).strip('_').upper()
    return name or None


def named_values(forms):
    """{field: {NAME: value}} from the syntax templates' {field|A|B|...}
    (a value's name is its text) and the fields' `values:`.  A name that
    means different values in different instructions is kept as
    OP_FIELD_NAME for each of them instead (per_op)."""
    seen = {}   # (field, NAME) -> {value: set(ops)}
    enum_fields, unnamed, printed = set(), set(), set()
    for f in forms:
        for _, items in f.syntax:
            for it in items:
                if it[0] != 'enum':
                    if it[0] in ('value', 'optional', 'flag'):
                        printed.add(it[1])
                    continue
                enum_fields.add(it[1])
                for value, text in enumerate(it[2]):
                    name = enum_name(text)
                    if name:
                        seen.setdefault((it[1], name), {}).setdefault(value, set()).add(f.op)
                    elif text == '':
                        unnamed.add(it[1])
        for field, values in f.values.items():
            enum_fields.add(field)
            for name, value in values.items():
                seen.setdefault((field, name), {}).setdefault(value, set()).add(f.op)
    common, per_op = {}, {}
    # Fields every value of which is named wherever the syntax shows them,
    # and never printed as a number or a flag: code must set them by name.
    # (A field with an unnamed value reads better as a flag.)
    complete = enum_fields - unnamed - printed
    for (field, name), values in sorted(seen.items()):
        if len(values) == 1:
            common.setdefault(field, {})[name] = next(iter(values))
        else:
            for value, op_set in values.items():
                for op in op_set:
                    per_op.setdefault((op, field), {})[name] = value
    return common, per_op, complete


def c_ident(text):
    return re.sub(r'[^A-Za-z0-9]', '_', text).upper()


def emit_named_values(h, forms, sregs):
    """The enum fields' values by name (JADE_ISA_V_CMP_NE, JADE_ISA_V_FUNC_RCP;
    JADE_ISA_V_<OP>_<FIELD>_<NAME> where a name differs between
    instructions) and the
    system registers (JADE_ISA_SR_TID_X), so code never sets an enum field
    from a bare number (tests/isa/check_named_enums.py)."""
    common, per_op, complete = named_values(forms)
    h.write('/* Enum field values by the names the syntax gives them. */\n')
    for field in sorted(common):
        h.write(f'enum jade_isa_v_{field} {{\n')
        for name, value in sorted(common[field].items(), key=lambda kv: (kv[1], kv[0])):
            h.write(f'   JADE_ISA_V_{c_ident(field)}_{name} = {value},\n')
        h.write('};\n')
    for (op, field) in sorted(per_op):
        for name, value in sorted(per_op[(op, field)].items(), key=lambda kv: (kv[1], kv[0])):
            h.write(f'#define JADE_ISA_V_{c_ident(op)}_{c_ident(field)}_{name} {value}\n')
    h.write('\n/* System registers (S2R, CS2R). */\nenum jade_isa_sreg {\n')
    for idx, sname in sorted((sregs or {}).items()):
        h.write(f'   JADE_ISA_{c_ident(sname)} = 0x{idx:x},\n')
    h.write('};\n\n')
    h.write('/* Fields whose values have names (the check on bare numbers). */\n')
    h.write('#define JADE_ISA_NAMED_FIELDS "' + ' '.join(sorted(complete)) + '"\n\n')


MEMORY_SPACES = ('global', 'generic', 'surface')
MEMORY_ACCESSES = ('load', 'store', 'atomic')


def memory_access(name, desc):
    """`memory: SPACE ACCESS` as {JADE_ISA_MEM_<SPACE>, JADE_ISA_MEM_<ACCESS>}."""
    spec = desc.get('memory')
    if spec is None:
        return '{JADE_ISA_MEM_NONE, JADE_ISA_MEM_NONE}'
    words = str(spec).split()
    if len(words) != 2 or words[0] not in MEMORY_SPACES or words[1] not in MEMORY_ACCESSES:
        raise DescError(f'{name}: memory must be "SPACE ACCESS" ({MEMORY_SPACES}, '
                        f'{MEMORY_ACCESSES})')
    return '{' + ', '.join('JADE_ISA_MEM_' + w.upper() for w in words) + '}'


def emit_hardware(h, hw):
    """The description's `hardware:` facts as JADE_HW_<NAME>."""
    need = ('rz', 'urz', 'pt', 'upt', 'reserved_gprs', 'scoreboards', 'no_scoreboard')
    for k in need:
        if k not in (hw or {}):
            raise DescError(f'hardware: {k} missing')
    h.write('/* Register-file facts (the description\'s hardware section). */\n')
    for k, v in hw.items():
        h.write(f'#define JADE_HW_{k.upper()} {int(v)}\n')
    # What follows from them: the zero register and the true predicate
    # are the last of their files.
    derived = {
        'gpr_limit': (int(hw['rz']) - int(hw['reserved_gprs']),
                      'R0..GPR_LIMIT-1 a program may use (RZ and the pc registers above)'),
        'ugprs': (int(hw['urz']), 'UR0..UGPRS-1 allocatable (URZ above)'),
        'predicates': (int(hw['pt']), 'P0..PREDICATES-1 allocatable (PT above)'),
        'upredicates': (int(hw['upt']), 'UP0..UPREDICATES-1 allocatable (UPT above)'),
    }
    for k, (v, what) in derived.items():
        if k in hw:
            raise DescError(f'hardware: {k} follows from the others')
        h.write(f'#define JADE_HW_{k.upper()} {v} /* {what} */\n')
    h.write('\n')


def emit(forms, ops, sregs, out_h, out_c, lat_classes, hw=None):
    field_names = sorted({n for f in forms for n in f.fields})
    fid = {n: i for i, n in enumerate(field_names)}
    if len(field_names) > 255:
        raise DescError('too many field names')

    with open(out_h, 'w') as h:
        h.write('/* Generated by gen_isa.py from sm75_isa.yaml: do not edit. */\n')
        h.write('#ifndef SM75_ISA_GEN_H\n#define SM75_ISA_GEN_H\n\n')
        h.write('enum jade_isa_op {\n')
        for name, *_ in ops:
            h.write(f'   JADE_ISA_OP_{name.replace(".", "_")},\n')
        h.write('   JADE_ISA_OP_COUNT,\n};\n\n')
        h.write('enum jade_isa_field {\n')
        for n in field_names:
            h.write(f'   JADE_ISA_F_{n.upper()},\n')
        h.write('   JADE_ISA_FIELD_COUNT,\n};\n\n')
        emit_named_values(h, forms, sregs)
        emit_hardware(h, hw)
        h.write('#endif\n')

    with open(out_c, 'w') as c:
        c.write('/* Generated by gen_isa.py from sm75_isa.yaml: do not edit. */\n')
        c.write('#include "jade_isa.h"\n\n')
        c.write('const char *const jade_isa_field_names[JADE_ISA_FIELD_COUNT] = {\n')
        for n in field_names:
            c.write(f'   {c_str(n)},\n')
        c.write('};\n\n')
        types = {t: 'JADE_ISA_T_' + t.upper() for t in TYPE_INFO}
        for i, f in enumerate(forms):
            c.write(f'static const struct jade_isa_field_loc form{i}_fields[] = {{\n')
            for n, (typ, parts, signed, default) in sorted(f.fields.items()):
                lo = [p[0] for p in parts] + [0] * (2 - len(parts))
                w = [p[1] for p in parts] + [0] * (2 - len(parts))
                c.write(f'   {{JADE_ISA_F_{n.upper()}, {{{lo[0]}, {lo[1]}}}, '
                        f'{{{w[0]}, {w[1]}}}, {"true" if signed else "false"}, '
                        f'{f.shifts.get(n, 0)}, {default}ull, '
                        f'{"true" if n in f.inverted else "false"}}},\n')
            c.write('};\n')
            for j, (conds, items) in enumerate(f.syntax):
                for k, it in enumerate(items):
                    if it[0] == 'enum':
                        vals = ', '.join('NULL' if v == '~' else c_str(enum_text(v))
                                         for v in it[2])
                        c.write(f'static const char *const form{i}_s{j}_e{k}[] = {{{vals}}};\n')
                c.write(f'static const struct jade_isa_item form{i}_s{j}[] = {{\n')
                for k, it in enumerate(items):
                    c.write(f'   {{{item_initializer(it, f"form{i}_s{j}_e{k}", types)}}},\n')
                c.write('};\n')
                if conds:
                    c.write(f'static const struct jade_isa_cond form{i}_s{j}_c[] = {{\n')
                    for cf, cv in conds.items():
                        fref = ('JADE_ISA_COND_REUSE' if cf == 'reuse'
                                else f'JADE_ISA_F_{cf.upper()}')
                        if cv == 'pow2':
                            op, val = 'POW2', 0
                        elif isinstance(cv, str) and cv.startswith('!'):
                            op, val = 'NE', int(cv[1:], 0)
                        else:
                            op, val = 'EQ', int(cv)
                        c.write(f'   {{{fref}, JADE_ISA_COND_{op}, {val}ull}},\n')
                    c.write('};\n')
            c.write(f'static const struct jade_isa_syntax form{i}_syntax[] = {{\n')
            for j, (conds, items) in enumerate(f.syntax):
                cref = f'form{i}_s{j}_c' if conds else 'NULL'
                c.write(f'   {{form{i}_s{j}, {len(items)}, {cref}, {len(conds)}}},\n')
            c.write('};\n\n')

        c.write('const struct jade_isa_form jade_isa_forms[] = {\n')
        for i, f in enumerate(forms):
            mask = [0, 0]
            value = [0, 0]
            for lo, width, v in f.fixed:
                for b in range(width):
                    bit = lo + b
                    mask[bit // 64] |= 1 << (bit % 64)
                    if (v >> b) & 1:
                        value[bit // 64] |= 1 << (bit % 64)
            c.write(f'   {{JADE_ISA_OP_{f.op.replace(".", "_")}, {f.alu_form}, '
                    f'{{0x{mask[0]:x}ull, 0x{mask[1]:x}ull}}, '
                    f'{{0x{value[0]:x}ull, 0x{value[1]:x}ull}}, '
                    f'form{i}_fields, {len(f.fields)}, form{i}_syntax, {len(f.syntax)}, '
                    f'{{{src_kinds(f)}}}}},\n')
        c.write('};\n')
        c.write(f'const unsigned jade_isa_form_count = {len(forms)};\n\n')

        c.write('const char *const jade_isa_sreg_names[256] = {\n')
        for idx, sname in sorted((sregs or {}).items()):
            c.write(f'   [{idx}] = {c_str(sname)},\n')
        c.write('};\n\n')
        c.write('const struct jade_isa_op_info jade_isa_op_info[JADE_ISA_OP_COUNT] = {\n')
        for name, desc, reuse_ignored in ops:
            lat = desc.get('latency', 'fixed')
            if lat not in ('fixed', 'variable'):
                raise DescError(f'{name}: latency must be fixed or variable')
            alu_forms = set(desc['alu']['forms']) if 'alu' in desc else set()
            srcs = len(desc['alu']['srcs']) if 'alu' in desc else desc.get('srcs', 0)
            c.write(f'   [JADE_ISA_OP_{name.replace(".", "_")}] = {{{c_str(name)}, '
                    f'JADE_ISA_LATENCY_{lat.upper()}, {desc.get("dsts", 0)}, {srcs}, '
                    f'{"true" if alu_forms & {1} or not alu_forms else "false"}, '
                    f'{"true" if alu_forms & {2, 4} else "false"}, '
                    f'{"true" if alu_forms & {3, 5} else "false"}, '
                    f'{"true" if alu_forms & {6, 7} else "false"}, '
                    f'{"true" if desc.get("scoreboards", True) else "false"}, '
                    f'{"true" if desc.get("uniform", False) else "false"}, '
                    f'{"true" if desc.get("read_scoreboard", True) else "false"}, '
                    f'{{{", ".join(str(x) for x in fixed_latencies(name, desc, lat_classes))}}}, '
                    f'{completion_queue(desc, lat_classes)}, '
                    f'{"true" if reuse_ignored else "false"}, '
                    f'{"true" if desc.get("sb_spacing", lat == "variable") else "false"}, '
                    f'{memory_access(name, desc)}}},\n')
        c.write('};\n')


class DescLoader(yaml.SafeLoader):
    """YAML 1.1 reads 78:2 as a base-60 number; bit ranges need it as text."""


DescLoader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != 'tag:yaml.org,2002:int']
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
DescLoader.add_implicit_resolver(
    'tag:yaml.org,2002:int',
    re.compile(r'^(?:[-+]?0x[0-9a-fA-F]+|[-+]?[0-9]+)$'),
    list('-+0123456789'))


def main():
    if len(sys.argv) != 4:
        sys.exit('usage: gen_isa.py DESC.yaml OUT.h OUT.c')
    with open(sys.argv[1]) as f:
        desc = yaml.load(f, Loader=DescLoader)
    try:
        forms, ops = build_forms(desc)
        emit(forms, ops, desc.get('sregs'), sys.argv[2], sys.argv[3],
             desc.get('latency_classes') or {}, desc.get('hardware'))
    except DescError as e:
        sys.exit(f'{sys.argv[1]}: {e}')


if __name__ == '__main__':
    main()
