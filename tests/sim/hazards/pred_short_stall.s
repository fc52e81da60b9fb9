# A predicate read by a guard two cycles after ISETP wrote it.
# expect: 5 reads P0 2 cycle(s) after pc 0x0020 wrote it; ISETP needs 4
[B------:R-:W-:-:S04] MOV R2, c[0x0][0x160] ;
[B------:R-:W-:-:S04] MOV R3, c[0x0][0x164] ;
[B------:R-:W-:-:S02] ISETP.NE.AND P0, PT, R2, RZ, PT ;
[B------:R-:W-:-:S04] @P0 STG.E.SYS [R2], R3 ;
[B------:R-:W-:-:S05] EXIT ;
