#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""The GLSL half of the compiler fuzzer (ci/fuzz-compiler).

    fuzz_glsl.py TOP [--seed S] [--seconds N] [--programs N] [--out DIR]
                 [--corpus DIR]... [--batch N] [-j N]

Mutates the shaders of .shader_test files from the corpora (ci/shaders and
piglit's GLSL and compute tests; --corpus replaces them): operators, types,
constants, loop bounds, array sizes, built-in functions, and control flow
(statements wrapped in loops and ifs, duplicated, deleted), one to three
mutations a program.  The mutants are compiled on Jade under the noop shim
by ci/run-shaders (JADE_DEBUG=validate: the IR validated after every pass),
in batches.  A finding is a crash, an abort, an assertion, a hang (the
runner's timeout), a validation failure or a driver compile failure without
a clear message.  A mutant Mesa's front end rejects is not one, and neither
is a crash nouveau's build shares (Mesa's front end, not Jade).  Findings are
reduced (lines deleted while the finding stays) and written to --out DIR.

Program K of seed S is the same mutant on every machine with the same
corpus.  Exit status 1 when there was a finding.
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

SPEC_DIRS = ['glsl-1.10', 'glsl-1.20', 'glsl-1.30', 'glsl-1.40', 'glsl-1.50', 'glsl-3.30',
             'glsl-4.00', 'glsl-4.10', 'glsl-4.20', 'glsl-4.30', 'arb_compute_shader']
SECTION_RE = re.compile(r'^\[(vertex|fragment|geometry|compute|tessellation control|'
                        r'tessellation evaluation) shader\]\s*$')
LINE_RE = re.compile(r'^(?P<file>\S+\.shader_test) - (?P<what>.*)$')
# Driver failures whose message says what Jade lacks: results, not findings.
CLEAR_RE = re.compile(r'unsupported|not supported|too many|exceeds|out of|limit|deeper than')

OPERATORS = [['+', '-', '*', '/'], ['<', '<=', '>', '>=', '==', '!='], ['&&', '||', '^^'],
             ['&', '|', '^', '<<', '>>', '%']]
TYPES = [['float', 'int', 'uint', 'bool'], ['vec2', 'ivec2', 'uvec2', 'bvec2'],
         ['vec3', 'ivec3', 'uvec3', 'bvec3'], ['vec4', 'ivec4', 'uvec4', 'bvec4'],
         ['vec2', 'vec3', 'vec4'], ['mat2', 'mat3', 'mat4', 'mat2x3', 'mat4x2']]
FUNCS = [['sin', 'cos', 'tan', 'exp', 'log', 'exp2', 'log2', 'sqrt', 'inversesqrt', 'abs',
          'sign', 'floor', 'ceil', 'fract', 'trunc', 'round', 'roundEven', 'radians'],
         ['min', 'max', 'pow', 'mod', 'step', 'atan', 'distance', 'dot', 'reflect', 'ldexp'],
         ['findLSB', 'findMSB', 'bitCount', 'bitfieldReverse'],
         ['any', 'all', 'not'], ['length', 'normalize']]
INTS = ['0', '1', '-1', '2', '3', '7', '31', '32', '33', '255', '65535', '2147483647',
        '-2147483647', '1000000', '0u', '1u', '31u', '4294967295u', '2147483648u']
FLOATS = ['0.0', '-0.0', '1.0', '-1.0', '0.5', '1e38', '-1e38', '1e-38', '1e-45', '3.4e38',
          '(0.0/0.0)', '(1.0/0.0)', '16777217.0', '0.1']
BOUNDS = ['0', '1', '2', '17', '64', '255', '1000', '-1']
SIZES = ['1', '2', '3', '8', '33', '64', '257']
WRAPS = ['for (int fz_i{n} = 0; fz_i{n} < {k}; fz_i{n}++) {{ {s} }}',
         'do {{ {s} }} while (false);',
         'while (true) {{ {s} break; }}',
         'if (true) {{ {s} }} else {{ {s} }}',
         'for (int fz_i{n} = 0; fz_i{n} < {k}; fz_i{n}++) {{ if (fz_i{n} == 1) continue; {s} '
         'if (fz_i{n} > 2) break; }}',
         'switch ({k}) {{ case 0: {s} break; default: {s} break; }}',
         'for (int fz_i{n} = 0; fz_i{n} < {k}; fz_i{n}++) {{ {s} if (fz_i{n} > 1) {{ {s} break; }} '
         'else {{ continue; }} }}']

DECL_RE = re.compile(r'^(const\s+|uniform\s+|in\s+|out\s+|varying\s+|attribute\s+|flat\s+)*'
                     r'(highp\s+|mediump\s+|lowp\s+)?[A-Za-z_]\w*\s+[A-Za-z_]\w*\s*(\[.*\])?\s*(=|;|\[)')
TOKEN_RE = re.compile(r'\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+|'
                      r'0[xX][0-9a-fA-F]+u?|\d+u?|[A-Za-z_]\w*|&&|\|\||\^\^|<<|>>|[<>=!]=|\S')


def shader_lines(lines):
    """Indices of the GLSL lines of the shader sections (not #-directives)."""
    out, inside = [], False
    for i, line in enumerate(lines):
        if line.startswith('['):
            inside = bool(SECTION_RE.match(line))
            continue
        if inside and line.strip() and not line.lstrip().startswith(('#', '//', '/*', '*')):
            out.append(i)
    return out


def mutate_tokens(rng, line):
    """One token of the line replaced: an operator, a constant, a loop bound,
    an array size, a type or a built-in function (in that order of weight:
    type changes mostly make programs the front end rejects)."""
    toks = [(m.start(), m.end(), m.group()) for m in TOKEN_RE.finditer(line)]
    kinds = {'op': [], 'const': [], 'bound': [], 'type': [], 'func': []}
    for k, (s, e, t) in enumerate(toks):
        for group in OPERATORS:
            if t in group:
                kinds['op'].append((s, e, [x for x in group if x != t]))
        for group in TYPES:
            if t in group:
                kinds['type'].append((s, e, [x for x in group if x != t]))
        for group in FUNCS:
            if t in group:
                kinds['func'].append((s, e, [x for x in group if x != t]))
        if re.fullmatch(r'\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+', t):
            kinds['const'].append((s, e, FLOATS))
        elif re.fullmatch(r'0[xX][0-9a-fA-F]+u?|\d+u?', t):
            prev = toks[k - 1][2] if k else ''
            # The literal's own kind: unsigned ones stay unsigned.
            ints = [i for i in INTS if i.endswith('u') == t.endswith('u')]
            if prev == '[':
                kinds['bound'].append((s, e, SIZES))
            elif prev in ('<', '<=', '>', '>='):
                kinds['bound'].append((s, e, BOUNDS))
            else:
                kinds['const'].append((s, e, ints))
    weights = {'op': 30, 'const': 35, 'bound': 20, 'type': 7, 'func': 8}
    avail = [k for k in kinds if kinds[k]]
    if not avail:
        return None
    kind = rng.choices(avail, [weights[k] for k in avail])[0]
    s, e, repl = rng.choice(kinds[kind])
    return line[:s] + rng.choice(repl) + line[e:]


def mutate(rng, text):
    """One to three mutations of the shader text; None when nothing applies."""
    lines = text.split('\n')
    glsl = shader_lines(lines)
    if not glsl:
        return None
    done = 0
    for n in range(rng.randint(1, 3)):
        for _ in range(10):
            i = rng.choice(glsl)
            line = lines[i]
            kind = rng.random()
            stmt = line.strip()
            # Statements of a function body, not declarations (which a
            # wrapper would take out of scope, a copy redeclare).
            statement = stmt.endswith(';') and line.startswith((' ', '\t')) and \
                not stmt.startswith(('return', 'break', 'continue', 'case', 'default')) and \
                not DECL_RE.match(stmt)
            if kind < 0.55:
                new = mutate_tokens(rng, line)
            elif kind < 0.8 and statement:
                new = rng.choice(WRAPS).format(n=n, k=rng.choice(BOUNDS[1:6]), s=stmt)
            elif kind < 0.9 and statement:
                new = line + ' ' + stmt
            elif kind < 1.0 and statement:
                new = ''
            else:
                continue
            if new is not None and new != line:
                lines[i] = new
                done += 1
                break
    return '\n'.join(lines) if done else None


def collect(corpora):
    files = []
    for d in corpora:
        for root, _, names in os.walk(d):
            files += [os.path.join(root, n) for n in names if n.endswith('.shader_test')]
    return sorted(files)


def run_batch(top, paths, driver='jade', jobs=2, timeout=20):
    """{path: (kind, reason)} for the files compiled by ci/run-shaders."""
    env = dict(os.environ, JADE_DEBUG='validate')
    cmd = [os.path.join(top, 'ci', 'run-shaders'), '--driver', driver, '-j', str(jobs),
           '--timeout', str(timeout)] + paths
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                       env=env)
    if r.returncode:
        sys.exit(f'fuzz_glsl: {" ".join(cmd[:6])} ... failed ({r.returncode}):\n{r.stdout[-2000:]}')
    out = {}
    order = ('ok', 'skip', 'fail', 'driver', 'crash')
    for line in r.stdout.splitlines():
        m = LINE_RE.match(line)
        if not m:
            continue
        what = m['what']
        if what.startswith('CRASH'):
            kind = 'crash'
        elif what.startswith('FAIL') and ': driver: ' in what:
            kind = 'driver'
        elif what.startswith('FAIL'):
            kind = 'fail'
        elif what.startswith('SKIP'):
            kind = 'skip'
        else:
            kind = 'ok'
        prev = out.get(m['file'])
        if prev is None or order.index(kind) > order.index(prev[0]):
            out[m['file']] = (kind, what.split(': ', 1)[1] if ': ' in what else what)
    return out


def is_finding(kind, reason):
    if kind == 'crash':
        return True
    if kind == 'driver':
        return 'valid' in reason or not CLEAR_RE.search(reason)
    return False


def key(kind, reason):
    """What must stay the same while reducing: the kind and the message
    up to its first digit."""
    return kind, re.split(r'\d', reason, 1)[0]


def reduce(top, path, finding, tmp, seconds):
    """Deletes chunks of shader lines while the finding stays."""
    lines = open(path).read().split('\n')
    want = key(*finding)
    start = time.time()
    chunk = max(1, len(shader_lines(lines)) // 2)
    while chunk >= 1 and time.time() - start < seconds:
        glsl = shader_lines(lines)
        cands = []
        d = tempfile.mkdtemp(dir=tmp)
        for c in range(0, len(glsl), chunk):
            drop = set(glsl[c:c + chunk])
            cand = [line for i, line in enumerate(lines) if i not in drop]
            p = os.path.join(d, f'c{c:05d}.shader_test')
            with open(p, 'w') as f:
                f.write('\n'.join(cand))
            cands.append((p, cand))
        res = run_batch(top, [d])
        for p, cand in cands:
            if p in res and key(*res[p]) == want:
                lines = cand
                break
        else:
            chunk //= 2
        shutil.rmtree(d)
    return '\n'.join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('top')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--seconds', type=float, default=0)
    ap.add_argument('--programs', type=int, default=0)
    ap.add_argument('--out')
    ap.add_argument('--corpus', action='append')
    ap.add_argument('--spec', default='/usr/lib/x86_64-linux-gnu/piglit/tests/spec')
    ap.add_argument('--batch', type=int, default=48)
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('--reduce-seconds', type=float, default=120)
    a = ap.parse_args()
    if not a.seconds and not a.programs:
        a.programs = 100
    corpora = a.corpus or ([os.path.join(a.top, 'ci', 'shaders')] +
                           [os.path.join(a.spec, d) for d in SPEC_DIRS
                            if os.path.isdir(os.path.join(a.spec, d))])
    files = collect(corpora)
    if not files:
        sys.exit(f'fuzz_glsl: no .shader_test files under {" ".join(corpora)}')
    start = time.time()
    counts = {}
    findings = []
    k = 0
    tmp = tempfile.mkdtemp(prefix='jade-fuzz-glsl-')
    try:
        while (not a.programs or k < a.programs) and \
                (not a.seconds or time.time() - start < a.seconds):
            d = os.path.join(tmp, f'b{k:07d}')
            os.mkdir(d)
            batch = {}
            n = a.batch if not a.programs else min(a.batch, a.programs - k)
            for _ in range(n):
                rng = random.Random(a.seed * 1000003 + k)
                src = rng.choice(files)
                text = mutate(rng, open(src, errors='replace').read())
                if text is None:
                    counts['not mutable'] = counts.get('not mutable', 0) + 1
                else:
                    p = os.path.join(d, f'm{k:07d}.shader_test')
                    with open(p, 'w') as f:
                        f.write(text)
                    batch[p] = (k, src)
                k += 1
            res = run_batch(a.top, [d], jobs=a.j)
            suspects = []
            for p, (pk, src) in sorted(batch.items()):
                kind, reason = res.get(p, ('crash', 'no result from the runner'))
                if is_finding(kind, reason):
                    suspects.append((p, pk, src, kind, reason))
                else:
                    counts[kind] = counts.get(kind, 0) + 1
            # A crash nouveau's build shares is Mesa's front end, not Jade.
            nv = {}
            if suspects and subprocess.run([os.path.join(a.top, 'ci', 'with-nouveau'), 'true'],
                                           capture_output=True).returncode == 0:
                nv = run_batch(a.top, [s[0] for s in suspects], driver='nouveau', jobs=a.j)
            for p, pk, src, kind, reason in suspects:
                if kind == 'crash' and nv.get(p, ('',))[0] == 'crash':
                    counts['front-end crash'] = counts.get('front-end crash', 0) + 1
                    print(f'program {pk} ({os.path.relpath(src, a.top) if src.startswith(a.top) else src}):'
                          f' crashes on nouveau too (Mesa front end): {reason}')
                    continue
                counts['finding'] = counts.get('finding', 0) + 1
                print(f'program {pk} (mutant of {src}): {kind}: {reason}', flush=True)
                reduced = reduce(a.top, p, (kind, reason), tmp, a.reduce_seconds)
                findings.append(pk)
                if a.out:
                    os.makedirs(a.out, exist_ok=True)
                    name = os.path.join(a.out, f'glsl-{kind}-{a.seed}-{pk}.shader_test')
                    with open(name, 'w') as f:
                        f.write(f'# jade-fuzz-glsl: {kind}: {reason}\n'
                                f'# mutant {pk} of seed {a.seed} from {src}, reduced\n')
                        f.write(reduced)
                    print(f'  written: {name}')
            shutil.rmtree(d)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    summary = ', '.join(f'{v} {k2}' for k2, v in sorted(counts.items()))
    print(f'fuzz_glsl: seed {a.seed}: {k} programs from {len(files)} corpus files in '
          f'{time.time() - start:.1f} s: {summary}; {len(findings)} findings')
    return 1 if findings else 0


if __name__ == '__main__':
    sys.exit(main())
