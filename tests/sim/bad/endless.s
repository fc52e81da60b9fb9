# A loop that never ends stops at the instruction limit.
# expect: 4 instruction limit
BRA 0x0 ;
