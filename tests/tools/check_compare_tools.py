# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""check_compare_tools.py MODE TOP: the tools that compare Jade with nouveau
on the default corpus (TOP/ci/shaders; never the shader-db game corpus).

  compare        ci/compare-shaders: each stage's statistics lines are
                 ci/run-shaders' (so the dump nouveau needs changes nothing),
                 each side's code has one line per 16 bytes of that figure,
                 both layouts, a missing stage, a failed compile and a usage
                 error say so and exit 1 or 2; nouveau's statistics over the
                 corpus are the same with the dump turned on
  bench-compile  ci/bench-compile: its figures recomputed from ci/run-shaders'
                 output of both drivers (totals, geometric means,
                 worse/better/equal, GPRs above 64, the no-loop subset, the
                 biggest losses in order), --losses, --shader-db with a
                 stand-in checkout and with a directory that is not one
  bench-backend  ci/bench-backend on two small files: every figure there,
                 NIR plus backend is the driver compile, Jade's compile count
                 is its stage count (valgrind needed)
"""

import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracles  # noqa: E402

MODE, TOP = sys.argv[1], sys.argv[2]
CORPUS = os.path.join(TOP, 'ci', 'shaders')
LINE_RE = re.compile(r'^(?P<file>.*\.shader_test) - (?P<stage>\S+) shader: (?P<stats>\S+ inst, .*)$')
failures = []


def fail(msg):
    print(f'FAIL: {msg}')
    failures.append(msg)


def run(cmd, env=None, expect=0):
    env = dict(os.environ, **(env or {}))
    env.pop('SHADER_DB', None)
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env=env, cwd=TOP, errors='replace')
    if expect is not None and proc.returncode != expect:
        print(proc.stdout[-4000:], proc.stderr[-4000:])
        sys.exit(f'FAIL: {" ".join(cmd)}: exit status {proc.returncode}, not {expect}')
    return proc


def run_shaders(driver, paths, env=None):
    out = run([os.path.join(TOP, 'ci', 'run-shaders'), '--driver', driver, '-j', '2'] + paths,
              env).stdout
    stages = {}
    for line in out.splitlines():
        m = LINE_RE.match(line)
        if m:
            stages[(m['file'], m['stage'])] = m['stats']
    return out, stages


def figures(stats):
    m = re.match(r'(\S+) inst, (\S+) loops, .* (\S+) gprs, (\S+) bytes', stats)
    num = lambda v: int(v) if v.isdigit() else None
    return {'inst': num(m[1]), 'loops': num(m[2]), 'gprs': num(m[3]), 'bytes': num(m[4])}


def nouveau_available():
    if subprocess.run([os.path.join(TOP, 'ci', 'with-nouveau'), 'true'],
                      stderr=subprocess.DEVNULL).returncode != 0:
        sys.exit(oracles.missing('the nouveau build (ci/with-nouveau)'))


def check_compare():
    tool = os.path.join(TOP, 'ci', 'compare-shaders')
    path = 'ci/shaders/glsl150-gs-basic.shader_test'
    _, jade = run_shaders('jade', [path])
    _, nv = run_shaders('nouveau', [path])
    variants = [('columns', []), ('rows', [])]
    if oracles.tool('nvdisasm'):
        variants.append(('rows', ['--nvdisasm']))
    else:
        print('nvdisasm not found: --nvdisasm not checked')
    for layout, extra in variants:
        out = run([tool, '--layout', layout, path] + extra).stdout
        if extra and '<unknown' in out:
            fail(f'--nvdisasm: an unknown instruction: {out!r}')
        blocks = re.split(r'^== ', out, flags=re.M)[1:]
        stages = [b.splitlines()[0] for b in blocks]
        want = [f'{path} - {s} shader' for s in ('vertex', 'geometry', 'fragment')]
        if stages != want:
            fail(f'{layout}: stages {stages}, not {want}')
        for block, stage in zip(blocks, ('vertex', 'geometry', 'fragment')):
            lines = block.splitlines()
            if lines[1] != f'Jade: {jade[(path, stage)]}':
                fail(f'{layout} {stage}: Jade line {lines[1]!r}')
            if lines[2] != f'nouveau: {nv[(path, stage)]}':
                fail(f'{layout} {stage}: nouveau line {lines[2]!r}')
            jbytes = figures(jade[(path, stage)])['bytes']
            nbytes = figures(nv[(path, stage)])['bytes']
            if layout == 'rows':
                sides = re.split(r'^-- (?:Jade|nouveau)$', block, flags=re.M)[1:]
                code = [[x for x in s.splitlines() if re.match(r'^    /\*[0-9a-f]{4}\*/ ', x)]
                        for s in sides]
            else:
                # Jade's column, then nouveau's from where its heading starts.
                cut = lines[3].index('-- nouveau')
                left = [x[:cut].strip() for x in lines[4:] if x[:cut].strip()]
                right = [x[cut:].strip() for x in lines[4:] if x[cut:].strip()]
                code = [left, right]
            code = [[x.strip() for x in c] for c in code]
            if (len(code) != 2 or len(code[0]) != jbytes // 16 or len(code[1]) != nbytes // 16
                    or not all(re.match(r'^/\*[0-9a-f]{4}\*/ \S', x) for c in code for x in c)):
                fail(f'{layout} {stage}: {[len(c) for c in code]} code lines, '
                     f'not {jbytes // 16} and {nbytes // 16}')
            elif not code[1][-1].rstrip().endswith('EXIT ;') and stage != 'geometry':
                fail(f'{layout} {stage}: nouveau\'s code does not end in EXIT: {code[1][-1]}')

    out = run([tool, '--stage', 'cs', path], expect=1).stdout
    if 'has no compute shader' not in out:
        fail(f'a missing stage: {out!r}')
    bad = 'tests/tools/malformed/syntax-error.shader_test'
    out = run([tool, bad], expect=1).stdout
    if out.count('compile failed: 0:5(21): error: syntax error') != 2:
        fail(f'a failed compile: {out!r}')
    run([tool, '--stage', 'nonsense', path], expect=2)
    run([tool], expect=2)

    # The dump changes nothing that nouveau compiles.
    plain, _ = run_shaders('nouveau', ['ci/shaders'])
    dumped, _ = run_shaders('nouveau', ['ci/shaders'],
                            {'NV50_PROG_CHIPSET': '0x162', 'NV50_PROG_DEBUG': '8'})
    strip = lambda out: [x for x in out.splitlines() if ' - ' in x]
    if strip(plain) != strip(dumped):
        fail('nouveau\'s statistics change with NV50_PROG_DEBUG=8')


def table(out, title_re):
    """{row name: [columns]} of the table after the line matching title_re."""
    rows, inside = {}, False
    for line in out.splitlines():
        if re.match(title_re, line):
            inside = True
            continue
        if inside:
            if not line.strip():
                break
            m = re.match(r'^(.*?\S)\s{2,}(\S+(?:\s+\S+)*)$', line)
            if m:
                rows[m[1].strip()] = m[2].split()
    return rows


def check_bench_compile():
    tool = os.path.join(TOP, 'ci', 'bench-compile')
    _, jade = run_shaders('jade', ['ci/shaders'])
    _, nv = run_shaders('nouveau', ['ci/shaders'])
    out = run([tool, '-j', '2', '--losses', '3']).stdout
    print(out)
    js = {k: figures(v) for k, v in jade.items()}
    ns = {k: figures(v) for k, v in nv.items()}
    common = sorted(set(js) & set(ns))
    no_loops = [k for k in common if js[k]['loops'] == 0]
    if len(no_loops) == len(common):
        fail('the corpus has no stage with a loop: the no-loop column checks nothing')

    def expect(keys):
        rows = {'stages': str(len(keys))}
        for field, name in (('inst', 'instructions'), ('gprs', 'GPRs')):
            a = sum(js[k][field] for k in keys)
            b = sum(ns[k][field] for k in keys)
            rows[f'{name}: Jade'] = str(a)
            rows[f'{name}: nouveau'] = str(b)
            rows[f'{name}: Jade/nouveau (sum)'] = f'{a / b:.2f}'
            logs = [math.log(js[k][field] / ns[k][field]) for k in keys
                    if js[k][field] and ns[k][field]]
            rows[f'{name}: geomean of ratios'] = f'{math.exp(sum(logs) / len(logs)):.3f}'
            rows[f'{name}: worse/better/equal'] = '/'.join(str(sum(c(js[k][field], ns[k][field])
                                                                   for k in keys))
                                                           for c in (lambda x, y: x > y,
                                                                     lambda x, y: x < y,
                                                                     lambda x, y: x == y))
        over = lambda side, k: side[k]['gprs'] > 64
        rows['GPRs > 64: Jade'] = str(sum(over(js, k) for k in keys))
        rows['GPRs > 64: nouveau'] = str(sum(over(ns, k) for k in keys))
        rows['GPRs > 64: Jade only'] = str(sum(over(js, k) and not over(ns, k) for k in keys))
        rows['GPRs > 64: nouveau only'] = str(sum(over(ns, k) and not over(js, k) for k in keys))
        return rows

    printed = table(out, r'^\s+common\s+no loops$')
    for col, keys in ((0, common), (1, no_loops)):
        for name, value in expect(keys).items():
            got = printed.get(name, [None, None])[col]
            if got != value:
                fail(f'per-stage row {name!r}, column {col}: {got}, not {value}')
    if 'corpus: ci/shaders (' not in out:
        fail('the default corpus is not ci/shaders')
    totals = table(out, r'^\s+Jade\s+nouveau\s+Jade/nouveau$')
    if totals.get('stages compiled by both', [None])[0] != str(len(common)):
        fail(f'stages compiled by both: {totals.get("stages compiled by both")}')

    for field, name in (('inst', 'instructions'), ('gprs', 'GPRs')):
        losses = sorted(((js[k][field] - ns[k][field], js[k][field] / ns[k][field], k)
                         for k in common if js[k][field] > ns[k][field]),
                        key=lambda x: (-x[0], -x[1], x[2]))
        block = out.split(f'biggest losses by {name} ', 1)
        lines = block[1].split('\n\n')[0].splitlines()[2:] if len(block) == 2 else []
        want = [f'{js[k][field]:>7} {ns[k][field]:>7} {d:>+6} {r:>6.2f}  {k[1]:<9} '
                f'{os.path.relpath(k[0], "ci/shaders")}' for d, r, k in losses[:3]]
        if lines != want:
            fail(f'losses by {name}: {lines}, not {want}')

    if 'biggest losses' in run([tool, '--losses', '0', 'ci/shaders/glsl110-fs-loops.shader_test']).stdout:
        fail('--losses 0 still lists losses')
    with tempfile.TemporaryDirectory() as tmp:
        os.mkdir(os.path.join(tmp, 'shaders'))
        for name in ('glsl110-fs-loops.shader_test', 'glsl150-gs-basic.shader_test'):
            shutil.copy(os.path.join(CORPUS, name), os.path.join(tmp, 'shaders'))
        out = run([tool, '--shader-db', tmp]).stdout
        if f'corpus: {tmp}/shaders (2 programs)' not in out:
            fail(f'--shader-db: {out!r}')
        out = run([tool, '--shader-db', tmp, 'ci/shaders/glsl110-fs-loops.shader_test']).stdout
        if '(3 programs)' not in out:
            fail(f'--shader-db with a PATH: {out!r}')
        proc = run([tool, '--shader-db', os.path.join(tmp, 'shaders')], expect=None)
        if proc.returncode == 0 or 'not a shader-db checkout' not in proc.stderr:
            fail(f'--shader-db on a directory that is no checkout: {proc.returncode} {proc.stderr!r}')


def check_bench_backend():
    if not shutil.which('valgrind'):
        sys.exit(oracles.missing('valgrind'))
    files = ['ci/shaders/glsl110-fs-control-flow.shader_test',
             'ci/shaders/glsl150-gs-basic.shader_test']
    keep = tempfile.mkdtemp(prefix='check-bench-backend.')
    out = run([os.path.join(TOP, 'ci', 'bench-backend'), '-j', '2', '--keep', keep] + files).stdout
    print(out)
    # The entry functions' inclusive cost as callgrind_annotate sums it.
    annotated = {}
    for name in sorted(os.listdir(keep)):
        driver, _, pid = name.partition('.')
        if not pid.isdigit():
            continue
        text = run(['callgrind_annotate', '--inclusive=yes', os.path.join(keep, name)]).stdout
        entry = 'jade_compile.c:jade_compile ' if driver == 'jade' else ':nv50_ir_generate_code '
        for line in text.splitlines():
            if entry in line and '=>' not in line:
                annotated[driver] = annotated.get(driver, 0) + int(line.split()[0].replace(',', ''))
    shutil.rmtree(keep, ignore_errors=True)
    rows = table(out, r'^\s+Jade\s+nouveau\s+Jade/nouveau$')
    num = lambda name, col: float(rows[name][col].rstrip('%'))
    for name in ('whole run', 'driver compile (entry function)', '  its NIR passes',
                 '  backend (after NIR)', 'backend without validation'):
        key = name.strip()
        if key not in rows or num(key, 0) <= 0 or num(key, 1) <= 0:
            fail(f'row {key!r}: {rows.get(key)}')
            continue
        # The ratio is of the unrounded figures: allow for the rounding.
        a, b = num(key, 0), num(key, 1)
        slack = 0.05 / b + 0.05 * a / (b * b) + 0.006
        if len(rows[key]) != 3 or abs(float(rows[key][2]) - a / b) > slack:
            fail(f'row {key!r}: the ratio {rows[key]}')
    try:
        for col, driver in ((0, 'jade'), (1, 'nouveau')):
            got = num('driver compile (entry function)', col)
            if abs(annotated.get(driver, 0) / 1e6 - got) > 0.051:
                fail(f'{driver}: driver compile {got}, callgrind_annotate says '
                     f'{annotated.get(driver, 0) / 1e6:.2f}')
        for col in (0, 1):
            parts = num('its NIR passes', col) + num('backend (after NIR)', col)
            if abs(parts - num('driver compile (entry function)', col)) > 0.15:
                fail(f'column {col}: NIR and backend {parts}, not the driver compile')
        if rows['stages with statistics'][0] != '5' or rows['compiles (calls of the entry)'][0] != '5':
            fail(f'Jade: {rows["stages with statistics"]}, {rows["compiles (calls of the entry)"]}')
        if num('of which IR validation', 0) <= 0 or num('of which IR validation', 1) != 0:
            fail(f'validation: {rows["of which IR validation"]}')
    except KeyError as e:
        fail(f'row {e} missing')


nouveau_available()
{'compare': check_compare, 'bench-compile': check_bench_compile,
 'bench-backend': check_bench_backend}[MODE]()
if failures:
    sys.exit(1)
print(f'{MODE}: ok')
