# A texture fetch with no texture unit attached (jade_sim_set_texture_unit):
# the SM cannot answer it alone.
# expect: 3 TEX without a texture unit
[B------:R-:W0:-:S02] TEX.SCR.LL RZ, R0, R0, R0, 0x0, 0x5c, 2D, 0x1 ;
EXIT ;
