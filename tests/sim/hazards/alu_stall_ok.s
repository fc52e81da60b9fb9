# The same with enough stall cycles: no hazard.
# expect: 0
[B------:R-:W-:-:S04] MOV R2, c[0x0][0x160] ;
[B------:R-:W-:-:S04] MOV R3, c[0x0][0x164] ;
[B------:R-:W-:-:S04] IADD3 R4, RZ, 0x5, RZ ;
[B------:R-:W-:-:S04] IADD3 R5, R4, 0x1, RZ ;
[B------:R-:W-:-:S01] STG.E.SYS [R2], R5 ;
[B------:R-:W-:-:S05] EXIT ;
