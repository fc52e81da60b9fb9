#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""The corpus test: piglit's GLSL shader tests through ci/run-shaders.

    check_corpus.py [--update] TOP DISASM SPEC_DIR SUBDIR...

Compiles every .shader_test under SPEC_DIR/SUBDIR... on Jade (and, for the
figure, on nouveau), and checks:
  - no program crashes;
  - every program that fails is listed in ci/jade-compile-fails.txt with a
    reason, and every program listed there still fails, for the reason
    listed (the list may only shrink: a fixed program must leave it, and
    one that fails for another reason is reported);
  - every binary Jade produced disassembles with nvdisasm exactly as Jade's
    printer prints it.
Programs with a tessellation stage count like the others (their number is
printed too).  --update rewrites the list from
this run (new failures get the runner's message as their reason).
A missing oracle (piglit's tests, nvdisasm, the nouveau build) fails in
CI and skips elsewhere (tests/oracles.py).
"""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracles  # noqa: E402

LINE_RE = re.compile(r'^(?P<file>\S+\.shader_test) - (?P<what>.*)$')
TESS_RE = re.compile(r'^\[tessellation (control|evaluation) shader( source)?\]', re.M)
# What the runner of the sanitizer build (ci/sanitize) says of a program
# with an rlimit, which it cannot keep: neither fixed nor failing.
ASAN_RLIMIT_SKIP = ('skip', 'rlimit under AddressSanitizer')


def run(top, driver, paths, env=None):
    cmd = [os.path.join(top, 'ci', 'run-shaders'), '--driver', driver, '-j', '2'] + paths
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       env=env)
    if r.returncode:
        sys.exit(f'check_corpus: {" ".join(cmd)} failed ({r.returncode}):\n{r.stdout[-2000:]}')
    outcome = {}
    for line in r.stdout.splitlines():
        m = LINE_RE.match(line)
        if not m:
            continue
        what = m['what']
        kind = ('crash' if what.startswith('CRASH') else 'fail' if what.startswith('FAIL')
                else 'skip' if what.startswith('SKIP') else 'ok')
        prev = outcome.get(m['file'])
        order = ('ok', 'skip', 'fail', 'crash')
        if prev is None or order.index(kind) > order.index(prev[0]):
            outcome[m['file']] = (kind, what.split(': ', 1)[1] if ': ' in what else what)
    return outcome


def read_expected(path):
    expected = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                line = line.rstrip('\n')
                if not line or line.startswith('#'):
                    continue
                name, _, reason = line.partition('\t')
                expected[name] = reason
    return expected


def write_expected(path, failures):
    with open(path, 'w') as f:
        f.write('# Programs of the corpus test (tests/compiler/check_corpus.py) that do not\n'
                '# compile on Jade, with the reason: a path relative to piglit\'s tests/spec,\n'
                '# a tab, the reason.  The list may only shrink.\n')
        for name in sorted(failures):
            f.write(f'{name}\t{failures[name]}\n')


def main():
    args = sys.argv[1:]
    update = '--update' in args
    args = [a for a in args if a != '--update']
    top, disasm, spec = args[0], args[1], args[2]
    subdirs = args[3:]
    if not os.path.isdir(spec):
        return oracles.missing(f"piglit's tests ({spec})")
    if subprocess.run([os.path.join(top, 'ci', 'with-nouveau'), 'true'],
                      capture_output=True).returncode:
        return oracles.missing('the nouveau build (ci/with-nouveau)')
    paths = [os.path.join(spec, d) for d in subdirs if os.path.isdir(os.path.join(spec, d))]
    expected_path = os.path.join(top, 'ci', 'jade-compile-fails.txt')
    expected = read_expected(expected_path)

    with tempfile.TemporaryDirectory() as dump:
        env = dict(os.environ, JADE_SHADER_DUMP=dump)
        jade = run(top, 'jade', paths, env)
        nouveau = run(top, 'nouveau', paths)

        def rel(f):
            return os.path.relpath(f, spec)

        def tess(f):
            with open(f, errors='replace') as t:
                return TESS_RE.search(t.read()) is not None

        problems = []
        failures = {}
        counts = {'ok': 0, 'fail': 0, 'skip': 0, 'crash': 0, 'tess': 0}
        both = nouveau_ok = attempted_nouveau_ok = 0
        for f, (kind, reason) in sorted(jade.items()):
            if kind == 'crash':
                # A crash is a problem unless listed as one: Mesa's GLSL
                # linker runs out of a test's own rlimit (as under piglit).
                listed = expected.get(rel(f))
                failures[rel(f)] = 'crash: ' + reason
                if listed != 'crash: ' + reason:
                    problems.append(f'{rel(f)}: crashed ({reason})' +
                                    (f', listed {listed!r}' if listed else ''))
                counts['crash'] += 1
                continue
            if tess(f):
                counts['tess'] += 1
            counts[kind] += 1
            if nouveau.get(f, ('?',))[0] == 'ok':
                nouveau_ok += 1
                both += kind == 'ok'
                attempted_nouveau_ok += kind != 'skip'
            if kind == 'fail':
                failures[rel(f)] = reason
                if rel(f) not in expected:
                    problems.append(f'{rel(f)}: fails and is not in ci/jade-compile-fails.txt: '
                                    f'{reason}')
                elif expected[rel(f)] != reason:
                    problems.append(f'{rel(f)}: fails for another reason than '
                                    f'ci/jade-compile-fails.txt says: {reason!r}, listed '
                                    f'{expected[rel(f)]!r}')
        for name in sorted(expected):
            f = os.path.join(spec, name)
            if f in jade and jade[f] == ASAN_RLIMIT_SKIP:
                continue
            if f in jade and jade[f][0] not in ('fail', 'crash'):
                problems.append(f'{name}: {jade[f][0]} now; remove it from '
                                f'ci/jade-compile-fails.txt')
            elif f not in jade and any(f.startswith(p + '/') for p in paths):
                problems.append(f'{name}: listed but not in the corpus any more')

        print(f'corpus: {len(jade)} programs: {counts["ok"]} compiled, {counts["fail"]} failed '
              f'(listed), {counts["skip"]} skipped (GL version or extension), '
              f'{counts["tess"]} of them with tessellation stages, '
              f'{counts["crash"]} crashed (listed)')
        if nouveau_ok:
            print(f'nouveau compiles {nouveau_ok} of these; Jade compiles {both} of them '
                  f'({100.0 * both / nouveau_ok:.1f}%)')
        if attempted_nouveau_ok:
            print(f'of the programs Jade does not skip, nouveau compiles '
                  f'{attempted_nouveau_ok}; Jade compiles {both} of them '
                  f'({100.0 * both / attempted_nouveau_ok:.1f}%)')

        dis = subprocess.run([sys.executable,
                              os.path.join(top, 'tests', 'isa', 'nvdisasm_oracle.py'),
                              'binaries', disasm, dump],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print(dis.stdout.rstrip())
        skipped = dis.returncode == oracles.SKIP
        if dis.returncode and not skipped:
            problems.append('binaries differ from nvdisasm, or nvdisasm is missing (above)')

    if update:
        write_expected(expected_path, failures)
        print(f'wrote {expected_path} ({len(failures)} programs)')
        problems = [p for p in problems if 'jade-compile-fails' not in p]
    for p in problems:
        print('PROBLEM', p)
    print(f'{len(problems)} problems')
    return 1 if problems else oracles.SKIP if skipped else 0


if __name__ == '__main__':
    sys.exit(main())
