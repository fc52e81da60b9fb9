# A texture fetch: the model does not execute textures yet.
# expect: 3 unsupported instruction: TEX
[B------:R-:W0:-:S02] TEX.SCR.LL RZ, R0, R0, R0, 0x0, 0x5c, 2D, 0x1 ;
EXIT ;
