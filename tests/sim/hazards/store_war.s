# A store's data register overwritten before its read scoreboard says the
# store has read it.
# expect: 5 overwrites R5 before SB1 says pc 0x0030 has read it
[B------:R-:W-:-:S04] MOV R2, c[0x0][0x160] ;
[B------:R-:W-:-:S04] MOV R3, c[0x0][0x164] ;
[B------:R-:W-:-:S04] MOV R5, 0x7 ;
[B------:R1:W-:-:S01] STG.E.SYS [R2], R5 ;
[B------:R-:W-:-:S04] MOV R5, 0x9 ;
[B-1----:R-:W-:-:S01] STG.E.SYS [R2+0x4], R5 ;
[B------:R-:W-:-:S05] EXIT ;
