#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""check_shader_cache.py WITH_JADE TEST_GL_COMPILE: the disk shader cache
(src/gallium/drivers/jade/jade_disk_cache.c) behaves exactly like a
compile.  test-gl-compile runs on the executing shim six times over one
cache directory: with the cache off, cold, warm, after every cache file
was corrupted or truncated, twice more (Mesa's database may need a run to
start over).  Each run must compute the
right results (checked against the CPU, and the same checksum every
time), print the same shader statistics and make byte-identical binaries
(JADE_SHADER_DUMP); the warm runs must take every Jade shader from the
cache; the corrupted one must survive, recompiling what it cannot read."""

import collections
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import stack_log  # noqa: E402

failures = 0


def check(ok, what):
    global failures
    print(('ok   ' if ok else 'FAIL ') + what)
    failures += not ok


def run(with_jade, prog, tmp, name, cache_on):
    dump = os.path.join(tmp, 'dump-' + name)
    os.mkdir(dump)
    report = os.path.join(tmp, 'report-' + name)
    env = stack_log.env(report, dict(os.environ, MESA_SHADER_CACHE_DIR=os.path.join(tmp, 'cache'),
                                     MESA_SHADER_CACHE_DISABLE='false' if cache_on else 'true',
                                     JADE_DEBUG='shaderdb,cache', JADE_SHADER_DUMP=dump))
    r = subprocess.run([with_jade, '--exec', prog, '--programs', '12'], env=env,
                       capture_output=True, text=True, errors='replace', timeout=600)
    problems = stack_log.problems(r.stderr, report)
    check(r.returncode == 0 and not problems,
          f'{name}: exits 0 with no stack problem' +
          (f' (exit {r.returncode}: {problems[:3]} {r.stderr[-2000:]})'
           if r.returncode or problems else ''))
    stats = sorted(line for line in r.stderr.splitlines() if line.startswith('SM75 '))
    cache = collections.Counter(m.group(1) for m in
                                re.finditer(r'^jade: cache: (\w+)', r.stderr, re.M))
    sums = re.findall(r'^results: checksum (0x[0-9a-f]+), checked$', r.stdout, re.M)
    return {'stats': stats, 'cache': cache, 'checksum': sums[0] if sums else None,
            'binaries': sorted(os.listdir(dump)), 'stderr': r.stderr}


def corrupt(cache_dir):
    """Every cache file: its middle half overwritten; the largest cut to half."""
    files = [os.path.join(d, f) for d, _, fs in os.walk(cache_dir) for f in fs]
    files = [f for f in files if os.path.getsize(f) > 0]
    largest = max(files, key=os.path.getsize)
    for f in files:
        with open(f, 'r+b') as fh:
            data = bytearray(fh.read())
            for i in range(len(data) // 4, 3 * len(data) // 4, 7):
                data[i] ^= 0x5a
            if f == largest:
                data = data[:len(data) // 2]
            fh.seek(0)
            fh.write(data)
            fh.truncate()
    return len(files)


def main():
    with_jade, prog = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as tmp:
        off = run(with_jade, prog, tmp, 'off', False)
        cold = run(with_jade, prog, tmp, 'cold', True)
        warm = run(with_jade, prog, tmp, 'warm', True)
        n = corrupt(os.path.join(tmp, 'cache'))
        bad = run(with_jade, prog, tmp, 'corrupted', True)
        after = run(with_jade, prog, tmp, 'after', True)
        again = run(with_jade, prog, tmp, 'warm-again', True)

    shaders = len(off['stats'])
    check(shaders >= 12, f'the cache-off run compiled {shaders} shaders (12 programs)')
    check(not off['cache'], 'cache off: no lookup')
    check(cold['cache']['stored'] == shaders and not cold['cache']['hit'],
          f"cold: every shader compiled and stored ({dict(cold['cache'])})")
    check(warm['cache']['hit'] == shaders and not warm['cache']['miss'],
          f"warm: every shader from the cache ({dict(warm['cache'])})")
    print(f"     corrupted {n} cache files: {dict(bad['cache'])}")
    rejected = bad['stderr'].count('does not read back whole')
    check(bad['cache']['hit'] + bad['cache']['miss'] + rejected >= shaders,
          f'corrupted: every shader looked up, {rejected} entries rejected by Jade')
    # Mesa's cache database zaps files it finds corrupt (util/mesa_cache_db.c),
    # which can take what the corrupted run stored with them: the run after
    # it refills the cache, the one after that must be warm again.
    print(f"     the run after: {dict(after['cache'])}")
    check(again['cache']['hit'] == shaders,
          f"two runs after the corrupted one: every shader from the cache "
          f"({dict(again['cache'])})")
    for r, name in ((cold, 'cold'), (warm, 'warm'), (bad, 'corrupted'), (after, 'after'),
                    (again, 'warm again')):
        check(r['stats'] == off['stats'], f'{name}: the same {shaders} statistics lines as uncached')
        check(r['binaries'] == off['binaries'],
              f"{name}: the same {len(off['binaries'])} binaries (SHA-1 names) as uncached")
        check(r['checksum'] is not None and r['checksum'] == off['checksum'],
              f"{name}: results checked, checksum {r['checksum']} (uncached {off['checksum']})")
    print(f'{failures} failed')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
