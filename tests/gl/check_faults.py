#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""check_faults.py WITH_JADE TEST_GL_FAULTS [--set NAME] [--table] [--list]:
runs test-gl-faults (tests/gl/test_gl_faults.c) on Jade under
JADE_SHIM_FAULT rules (drm-shim/jade_shim_fault.c) and checks that the
driver survives each fault as GL says it must.

A set is a list of fault kinds.  For a kind injected once (nth=), a clean
run first counts the kind's events (the shim's "fault-events" line), and
then one run per event injects the fault there: every allocation, map and
submission of the workload fails once in turn (spread over at most
MAX_POINTS events).  Kinds that keep injecting (every=, rate=, after=) run
once per seed.  Every run must:
  - exit 0 (no crash, abort or hang; the program's own checks passed:
    data written before a fault reads back the same, no GL error but
    GL_OUT_OF_MEMORY and its consequences);
  - show the fault injected (the report's "injected:" lines), and for an
    ioctl each failure logged by the driver exactly once with the ioctl's
    name ("jade: NOUVEAU_GEM_NEW failed: ...");
  - for a lost submission (a failed EXEC, a killed channel, a GPU fault),
    report the reset GL must see: glGetGraphicsResetStatus says guilty
    (the kernel blamed this context's work: ENODEV, EINVAL) or innocent
    (EIO) in a context made with a lose-on-reset strategy (--robust), and
    none in one without (GL never notifies those); the driver logs
    "jade: context lost" once, and for a single fault a new context works;
  - for an allocation failure, not lose the context, and a new context
    works;
  - have no shim refusal other than the injected faults.
--table prints a row per kind (runs, injections, outcomes) for
docs/reliability.md.  --leaks runs one point per kind under valgrind
instead: no memory error and nothing definitely or indirectly lost.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import stack_log  # noqa: E402

# Events failed in turn per kind: on the noop shim every one of a clean
# run up to this many, on the executing shim (slower) fewer.
MAX_POINTS = {'noop': 64, 'exec': 24}
if os.environ.get('CHECK_FAULTS_POINTS'):  # fewer, for slow builds (ci/sanitize)
    MAX_POINTS = {k: int(os.environ['CHECK_FAULTS_POINTS']) for k in MAX_POINTS}

# name, shim, rule (NTH: the event to fail), expected outcome, test flags.
#   alloc:    no reset
#   fence:    no reset, but where a full pushbuffer must be submitted
#   guilty / innocent: that reset once the fault landed in a context
KINDS = {
    'noop': [
        ('gem-new-enomem', 'noop', 'ioctl=GEM_NEW:errno=ENOMEM:nth=NTH', 'alloc', []),
        # From the N-th on every GEM_NEW fails: the memory is gone for good.
        ('gem-new-enomem-after', 'noop', 'ioctl=GEM_NEW:errno=ENOMEM:after=NTH', 'alloc', []),
        ('vm-bind-enospc', 'noop', 'ioctl=VM_BIND:errno=ENOSPC:nth=NTH', 'alloc', []),
        ('mmap-fail', 'noop', 'mmap=fail:nth=NTH', 'alloc', []),
        # Without a fence a submission waits for the next flush, except
        # one that must empty a full pushbuffer mid-draw: that loses the
        # context.
        ('syncobj-create-enomem', 'noop', 'ioctl=SYNCOBJ_CREATE:errno=ENOMEM:nth=NTH', 'fence',
         []),
        ('channel-alloc-enospc', 'noop', 'ioctl=CHANNEL_ALLOC:errno=ENOSPC:nth=NTH', 'alloc', []),
        ('exec-eio', 'noop', 'ioctl=EXEC:errno=EIO:nth=NTH', 'innocent', []),
        ('exec-eio-robust', 'noop', 'ioctl=EXEC:errno=EIO:nth=NTH', 'innocent', ['--robust']),
        ('exec-einval-robust', 'noop', 'ioctl=EXEC:errno=EINVAL:nth=NTH', 'guilty',
         ['--robust']),
        ('channel-kill', 'noop', 'channel=kill:after=NTH', 'guilty', []),
        ('channel-kill-robust', 'noop', 'channel=kill:after=NTH', 'guilty', ['--robust']),
        ('exec-eio-every-50', 'noop', 'ioctl=EXEC:errno=EIO:every=50', 'innocent', []),
        ('any-ioctl-enomem-random', 'noop', 'ioctl=*:errno=ENOMEM:rate=0.02:seed=SEED', 'any',
         []),
    ],
    'exec': [
        ('exec-gpu-fault-push', 'sim', 'gpu=fault:nth=NTH', 'guilty', ['--pixels', '--robust']),
        ('exec-gpu-bad-access', 'sim', 'gpu=bad-access:nth=NTH', 'guilty',
         ['--pixels', '--robust']),
        ('exec-gem-new-enomem', 'sim', 'ioctl=GEM_NEW:errno=ENOMEM:nth=NTH', 'alloc',
         ['--pixels']),
        ('exec-exec-eio', 'sim', 'ioctl=EXEC:errno=EIO:nth=NTH', 'innocent',
         ['--pixels', '--robust']),
    ],
}
SEEDS = [1, 2, 3, 4, 5, 6]
# The shim's names and the driver's (jade_drm_*.c) for each ioctl.
DRIVER_NAME = {'GEM_NEW': 'NOUVEAU_GEM_NEW', 'VM_BIND': r'NOUVEAU_VM_BIND\((?:map|unmap)\)',
               'EXEC': 'NOUVEAU_EXEC', 'SYNCOBJ_CREATE': 'SYNCOBJ_CREATE',
               'CHANNEL_ALLOC': 'NOUVEAU_CHANNEL_ALLOC'}
RESULT = re.compile(r'^result: (.*)$', re.M)


VALGRIND = ['valgrind', '--leak-check=full', '--errors-for-leak-kinds=definite,indirect',
            '--show-leak-kinds=definite,indirect', '--error-exitcode=99', '--num-callers=20',
            '--suppressions=' + os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                                             'ci', 'valgrind.supp')]


def run(args, shim, rule, flags, valgrind=False):
    """(returncode, result dict, stderr, report lines) of one run."""
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, 'report')
        env = stack_log.env(report)
        env['JADE_SHIM_FAULT'] = rule
        cmd = [args.with_jade] + (['--exec'] if shim == 'sim' else []) + \
            (VALGRIND if valgrind else []) + [args.test] + flags
        try:
            r = subprocess.run(cmd, env=env, capture_output=True, text=True, errors='replace',
                               timeout=600)
            code, out, err = r.returncode, r.stdout, r.stderr
        except subprocess.TimeoutExpired as e:
            code, out, err = 'timeout', e.stdout or '', e.stderr or ''
            out = out if isinstance(out, str) else out.decode(errors='replace')
            err = err if isinstance(err, str) else err.decode(errors='replace')
        with open(report) as f:
            lines = f.read().splitlines()
    m = RESULT.search(out)
    result = {}
    if m:
        for field in m.group(1).split():
            if '=' in field:
                k, v = field.split('=', 1)
                result[k] = v
    return code, result, err, lines


def events_of(lines):
    for line in lines:
        m = re.search(r"fault-events: rule '.*' events (\d+) injected (\d+)", line)
        if m:
            return int(m.group(1)), int(m.group(2))
    return 0, 0


def points(count, most):
    """At most `most` events of 1..count, spread evenly, the ends in."""
    if count <= most:
        return list(range(1, count + 1))
    return sorted({1 + round(i * (count - 1) / (most - 1)) for i in range(most)})


def check(kind, rule, code, result, err, lines):
    """Problems of one run: [str]."""
    _, shim, _, expect, _ = kind
    out = []
    if code != 0:
        out.append(f'exits {code}')
    if not result:
        out.append('printed no result line')
    injected = [line for line in lines if ' injected: ' in line]
    if not injected:
        out.append('no fault was injected')
    # Every GEM buffer is given back by the time the program has
    # terminated EGL (the shim's census at exit, jade_shim_buffers.c).
    left = [line for line in lines if re.search(r' buffers [1-9]\d* bytes ', line)]
    if left:
        out.append(f'GEM buffers left at exit: {left[0].split(" ", 1)[1]}')
    refused = [line.split(' ', 1)[-1] for line in lines if ' refused: ' in line]
    # A GPU fault is the model's report of the injected one.
    refused = [r for r in refused if not (shim == 'sim' and 'killed by a GPU fault' in r)]
    out += [f'shim refused: {r}' for r in refused[:3]]
    m = re.match(r'ioctl=(\w+):', rule)
    if m and m.group(1) in DRIVER_NAME:
        logged = re.findall(r'jade: %s(?![A-Z_])[^\n]*failed' % DRIVER_NAME[m.group(1)], err)
        if len(logged) != len(injected):
            out.append(f'{len(injected)} {m.group(1)} failures injected, {len(logged)} logged by '
                       f'the driver')
    lost = err.count('jade: context lost')
    reset = result.get('reset', 'none')
    single = 'nth=' in rule or 'channel=kill' in rule
    if expect == 'alloc' and (lost or reset != 'none'):
        out.append(f'an allocation failure lost the context (reset={reset})')
    if expect == 'fence' and lost and 'a full pushbuffer could not be submitted' not in err:
        out.append('a fence that could not be made lost the context outside a full pushbuffer')
    if expect in ('guilty', 'innocent'):
        if lost > 1 and single:
            out.append(f'"jade: context lost" logged {lost} times')
        if '--robust' not in kind[4]:
            # No reset notification strategy: GL never reports a reset
            # (ARB_robustness; Mesa's robustness.c), the driver only logs it.
            if reset != 'none':
                out.append(f'reset={reset} in a context that asked for no notification')
            if lost:
                result['lost-unseen'] = '1'
        elif reset != 'none' and reset != expect:
            out.append(f'reset={reset}, expected {expect}')
        elif lost and reset == 'none':
            # Lost where the program could not see it: a context being
            # destroyed, or the second one (new-context=retried).
            result['lost-unseen'] = '1'
    if single and result.get('new-context') == 'bad':
        out.append('a new context did not work after a single fault')
    if result.get('sibling') == 'bad':
        out.append('the idle context sharing the objects reads them back wrong')
    # A reset of the sibling is its own fault's (its flush when it stops
    # being current) only if the first context met none.
    if result.get('sibling') == 'reset' and not (single and reset == 'none'):
        out.append('the idle context sharing the objects was reset by another\'s fault')
    if result.get('data') == 'bad':
        out.append('data written before the fault read back wrong')
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('with_jade')
    ap.add_argument('test')
    ap.add_argument('--set', choices=sorted(KINDS), default='noop')
    ap.add_argument('--only', help='kinds whose name contains this')
    ap.add_argument('--table', action='store_true')
    ap.add_argument('--leaks', action='store_true',
                    help='one run per kind (its middle event) under valgrind: no memory error, '
                         'nothing definitely or indirectly lost')
    args = ap.parse_args()

    failures = 0
    rows = []
    for kind in KINDS[args.set]:
        name, shim, template, expect, flags = kind
        if args.only and args.only not in name:
            continue
        if 'NTH' in template:
            count, _ = events_of(run(args, shim, template.replace('NTH', '999999999'), flags)[3])
            if count == 0:
                print(f'FAIL {name}: a clean run has no event for the rule')
                failures += 1
                continue
            # after=N fires at event N + 1.
            last = count - 1 if 'after=NTH' in template else count
            rules = [template.replace('NTH', str(n)) for n in points(last, MAX_POINTS[args.set])]
            if args.leaks:
                rules = [rules[len(rules) // 2]]
        elif 'SEED' in template:
            count = None
            rules = [template.replace('SEED', str(s)) for s in SEEDS[:1 if args.leaks else None]]
        else:
            count = None
            rules = [template]
        tally = {'runs': 0, 'injected': 0, 'oom': 0, 'reset': 0, 'no-context': 0,
                 'lost-unseen': 0, 'retried': 0, 'failed': 0}
        for rule in rules:
            code, result, err, lines = run(args, shim, rule, flags, args.leaks)
            problems = check(kind, rule, code, result, err, lines)
            if args.leaks:
                m = re.search(r'ERROR SUMMARY: (\d+) errors', err)
                if not m:
                    problems.append('valgrind printed no error summary')
                elif m.group(1) != '0':
                    problems.append(f'valgrind: {m.group(1)} errors (memory errors or leaks)')
                    lines_ = err.splitlines()
                    first = next((i for i, line in enumerate(lines_) if re.search(
                        r'== (Invalid|Conditional|Use of|Syscall|Mismatched|.* lost in loss)',
                        line)), None)
                    if first is not None:
                        err = '\n'.join(lines_[first:first + 14])
                lost = re.search(r'definitely lost: ([\d,]+) bytes', err)
                result['definitely-lost'] = lost.group(1) if lost else '0'
            tally['runs'] += 1
            tally['injected'] += sum(1 for line in lines if ' injected: ' in line)
            tally['oom'] += int(result.get('oom', '0') != '0')
            tally['reset'] += int(result.get('reset', 'none') != 'none')
            tally['no-context'] += int(result.get('renderer') == 'none')
            tally['lost-unseen'] += int('lost-unseen' in result)
            tally['retried'] += int(result.get('new-context') == 'retried')
            if problems:
                tally['failed'] += 1
                failures += 1
                print(f'FAIL {name} [{rule}]: ' + '; '.join(problems))
                for line in err.splitlines()[-8:]:
                    print(f'    {line}')
            else:
                print(f'ok   {name} [{rule}]: ' +
                      ' '.join(f'{k}={v}' for k, v in result.items()))
        rows.append((name, template, count, tally))

    if args.table:
        print('| kind | rule | events | runs | injected | GL_OUT_OF_MEMORY | reset seen | '
              'no context | lost, not seen | new context retried | failed |')
        print('|---|---|---|---|---|---|---|---|---|---|---|')
        for name, template, count, t in rows:
            print(f"| {name} | `{template}` | {count if count else '-'} | {t['runs']} | "
                  f"{t['injected']} | {t['oom']} | {t['reset']} | {t['no-context']} | "
                  f"{t['lost-unseen']} | {t['retried']} | {t['failed']} |")
    total = sum(t['runs'] for _, _, _, t in rows)
    print(f'{total - failures} of {total} fault runs survived as they must')
    return 1 if failures or total == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
