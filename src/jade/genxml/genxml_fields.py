# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""The <field> elements of a genxml <struct>, as gen_pack.py and the
tests read them."""


def fields_of(struct):
    """[{name, start, end, count, stride, values}] of a struct element:
    bits start..end of element 0, element i shifted by i * stride (count 0:
    not an array), values the (name, value) pairs of <value> children."""
    out = []
    for f in struct.findall('field'):
        out.append({
            'name': f.get('name'),
            'start': int(f.get('start')),
            'end': int(f.get('end')),
            'count': int(f.get('count', '0')),
            'stride': int(f.get('stride', '0')),
            'values': [(v.get('name'), int(v.get('value'))) for v in f.findall('value')],
        })
    return out
