#!/usr/bin/env python3
# Copyright © 2026 Jade authors
# SPDX-License-Identifier: MIT
"""Jade's C sources are as clang-format (the repository's .clang-format)
writes them: `clang-format --dry-run -Werror` on every tracked .c/.h of
Jade's own (src/jade, the Gallium driver, the shims, the tests).

    check_format.py TOP

To fix a failure: clang-format -i FILE (the command is in .clang-format).
Without clang-format the check fails in CI and skips elsewhere."""

import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracles  # noqa: E402

PATHS = ['src/jade/*.[ch]', 'src/gallium/drivers/jade/*.[ch]', 'drm-shim/*.[ch]', 'tests/*.[ch]']


def main():
    top = sys.argv[1]
    tool = shutil.which('clang-format') or shutil.which('clang-format-14')
    if not tool:
        return oracles.missing('clang-format')
    files = subprocess.run(['git', '-C', top, 'ls-files'] + PATHS, stdout=subprocess.PIPE,
                           text=True, check=True).stdout.split()
    if not files:
        print('check_format: no tracked sources (not a git checkout?)')
        return 1
    r = subprocess.run([tool, '--dry-run', '-Werror'] + files, cwd=top,
                       stderr=subprocess.PIPE, text=True)
    bad = sorted({line.split(':')[0] for line in r.stderr.splitlines()
                  if ': error:' in line})
    print(f'{len(files)} files checked, {len(bad)} not formatted')
    for f in bad:
        print(f'  {f}: clang-format -i {f}')
    return 1 if r.returncode else 0


if __name__ == '__main__':
    sys.exit(main())
