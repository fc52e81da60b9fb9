# trap (and brkpt) is BPT.TRAP: lanes that reach it stop the launch as a
# fault.  A predicated-off trap does nothing.
# expect: 4 trap (BPT.TRAP 0x1)
S2R R0, SR_LANEID ;
ISETP.GE.U32.AND P0, PT, R0, 0x20, PT ;
@P0 BPT.TRAP 0x2 ;
BPT.TRAP 0x1 ;
EXIT ;
