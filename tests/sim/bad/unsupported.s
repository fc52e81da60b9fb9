# A geometry shader's vertex emit outside a geometry launch (jade-sim runs
# compute grids): the SM model refuses it.
# expect: 3 unsupported instruction: OUT
[B------:R-:W0:-:S02] OUT.EMIT R1, R0, R2 ;
EXIT ;
