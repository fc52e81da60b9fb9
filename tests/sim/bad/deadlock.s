# A CTA barrier waiting for 64 threads in a CTA of 32 can never complete.
# expect: 4 deadlock
[B------:R-:W-:-:S04] MOV R1, 0x40 ;
[B------:R-:W-:-:S04] BAR.SYNC 0x0, R1 ;
EXIT ;
