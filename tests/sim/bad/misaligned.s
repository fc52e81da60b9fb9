# A 64-bit load from an address that is only 4-byte aligned.
# expect: 4 misaligned global access
MOV R2, c[0x0][0x160] ;
MOV R3, c[0x0][0x164] ;
[B------:R-:W0:-:S02] LDG.E.64.SYS R4, [R2+0x4] ;
EXIT ;
