# A load past the end of the 256-byte buffer argument.
# expect: 4 global access of 4 bytes at
MOV R2, c[0x0][0x160] ;
MOV R3, c[0x0][0x164] ;
[B------:R-:W0:-:S02] LDG.E.SYS R4, [R2+0x100] ;
EXIT ;
