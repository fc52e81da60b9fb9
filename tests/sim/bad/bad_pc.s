# A branch out of the code.
# expect: 4 pc outside the code
BRA 0x1000 ;
