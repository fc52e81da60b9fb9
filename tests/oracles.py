# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""Where the test oracles are, and what a test does without one.

NVIDIA's nvdisasm and ptxas are oracles, never dependencies: ci/setup
extracts them into $JADE_CACHE/cuda/bin (default ~/.cache/jade).  Every
script finds them with tool(), in this order: $JADE_NVDISASM/$JADE_PTXAS,
$JADE_CACHE/cuda/bin, ~/.cache/jade/cuda/bin, $PATH.

An oracle that is missing (nvdisasm, ptxas, piglit, the nouveau build) is a
failure in CI (CI=true): a check that quietly stops checking is worse than
one that fails.  Elsewhere the test skips (exit 77) after saying why.
"""

import os
import shutil
import sys

SKIP = 77


def tool(name):
    """The path of nvdisasm or ptxas, or None."""
    override = os.environ.get('JADE_' + name.upper())
    if override:
        return override if os.access(override, os.X_OK) else None
    caches = [os.environ.get('JADE_CACHE'), os.path.expanduser('~/.cache/jade')]
    for cache in caches:
        if cache:
            path = os.path.join(cache, 'cuda', 'bin', name)
            if os.access(path, os.X_OK):
                return path
    return shutil.which(name)


def missing(what):
    """The exit status for a test whose oracle `what` is absent: 1 in CI,
    SKIP elsewhere.  Says which on stdout."""
    if os.environ.get('CI') == 'true':
        print(f'{what} not found: a missing oracle fails in CI (CI=true)')
        return 1
    print(f'{what} not found: skipped (a failure in CI)')
    return SKIP


def require(name):
    """tool(name), or exit as missing() says."""
    path = tool(name)
    if not path:
        sys.exit(missing(f'{name} (JADE_{name.upper()}, $JADE_CACHE/cuda/bin, '
                         f'~/.cache/jade/cuda/bin, PATH)'))
    return path


if __name__ == '__main__':
    # oracles.py NAME: the path of nvdisasm or ptxas, for shell scripts.
    found = tool(sys.argv[1])
    if not found:
        sys.exit(f'{sys.argv[1]} not found (run ci/setup)')
    print(found)
