# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""What a program run on Jade and the noop shim said went wrong.

Every GL test and the piglit sweep run their programs with
JADE_SHIM_REPORT pointing at a fresh file (env()), then ask problems()
about the program's stderr and that file.  A run has a problem when:
  - Jade never allocated a channel on the shim (no "channel" in the
    report): the driver did not load (it refused the device, or another
    driver ran);
  - the shim refused or did not emulate a request ("refused:" in the
    report, "jade-shim: ..." or Mesa's "DRM_SHIM: ..." on stderr);
  - the driver reports a failed submission or wait ("jade: submission
    failed", "jade: waiting for ... failed");
  - a sanitizer reported something (the sanitizer build, ci/sanitize: its
    reports abort, but a program may catch that or exit with LeakSanitizer's
    status).
The driver survives all of these (it reports and carries on), so a test
that does not look for them cannot fail on them.
"""

import os
import re

DRIVER_FAILURES = re.compile(r'jade: (submission failed|waiting for .*failed|context creation '
                             r'failed)')
SHIM_COMPLAINTS = re.compile(r'^(jade-shim: |DRM_SHIM: )')
SANITIZER_REPORTS = re.compile(r'^==\d+==ERROR: \w+Sanitizer|: runtime error: ')


def env(report, base=None):
    """The environment for a run whose shim writes to `report` (emptied)."""
    open(report, 'w').close()
    return dict(base if base is not None else os.environ, JADE_SHIM_REPORT=report)


def problems(stderr, report):
    """Problems of one run: [str], empty when there were none."""
    out = []
    lines = stderr.splitlines() if isinstance(stderr, str) else stderr
    try:
        with open(report) as f:
            reported = f.read().splitlines()
    except OSError:
        reported = []
    if not any(line.split(' ', 1)[-1] == 'channel' for line in reported):
        out.append('Jade allocated no channel on the shim: the driver did not load')
    refused = [line.split(' ', 1)[-1] for line in reported if ' refused: ' in line]
    out += [f'shim: {r}' for r in refused[:5]]
    said = [line for line in lines if SHIM_COMPLAINTS.match(line)]
    if said and not refused:
        out += [f'stderr: {line}' for line in said[:5]]
    out += [f'driver: {line.strip()}' for line in lines if DRIVER_FAILURES.search(line)][:5]
    out += [f'sanitizer: {line.strip()}' for line in lines if SANITIZER_REPORTS.search(line)][:5]
    return out
