#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Calibration of the latency table (docs/sim.md): runs the ptxas kernel
# suite and prints, per producer op and register file, the table's figure
# and the shortest distance at which ptxas's code read such a result
# without a scoreboard.
#   latency-report.sh build/tests/sim/sim-kernels-test tests/sim/kernels

JADE_SIM_LATENCY_REPORT=1 "$1" "$2" |
   awk '$3 == "table" && $5 == "shortest" {
           key = $1 " " $2
           if (!(key in min) || $7 < min[key]) min[key] = $7
           table[key] = $4
        }
        END {
           for (k in min) {
              split(k, f, " ")
              printf "%-12s %-5s table %3d  shortest read %3d\n", f[1], f[2], table[k], min[k]
           }
        }' | sort
