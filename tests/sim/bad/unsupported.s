# A geometry shader's vertex emit: the SM model has no geometry stage yet.
# expect: 3 unsupported instruction: OUT
[B------:R-:W0:-:S02] OUT.EMIT R1, R0, R2 ;
EXIT ;
