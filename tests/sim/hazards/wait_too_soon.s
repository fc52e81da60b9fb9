# The load waited on in the next cycle: a scoreboard counts an op only
# from the second cycle after it issued (stall 1 is too short).
# expect: 5 waits on SB0 only 1 cycle(s) after it was set
[B------:R-:W-:-:S04] MOV R2, c[0x0][0x160] ;
[B------:R-:W-:-:S04] MOV R3, c[0x0][0x164] ;
[B------:R-:W0:-:S01] LDG.E.SYS R4, [R2] ;
[B0-----:R-:W-:-:S04] IADD3 R5, R4, 0x1, RZ ;
[B------:R-:W-:-:S01] STG.E.SYS [R2], R5 ;
[B------:R-:W-:-:S05] EXIT ;
