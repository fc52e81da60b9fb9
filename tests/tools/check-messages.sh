#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check-messages.sh RUNNER MESSAGES EXPECTED: the statistics parser turns
# nouveau's and shader-db style messages into the same record.
set -euo pipefail
diff -u "$3" <("$1" --parse-messages < "$2")
echo PASS
