# A load result read without waiting on its write scoreboard.
# expect: 5 reads R4 before waiting on SB0
[B------:R-:W-:-:S04] MOV R2, c[0x0][0x160] ;
[B------:R-:W-:-:S04] MOV R3, c[0x0][0x164] ;
[B------:R-:W0:-:S01] LDG.E.SYS R4, [R2] ;
[B------:R-:W-:-:S04] IADD3 R5, R4, 0x1, RZ ;
[B0-----:R-:W-:-:S01] STG.E.SYS [R2], R5 ;
[B------:R-:W-:-:S05] EXIT ;
