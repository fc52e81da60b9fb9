# An image load with no surface unit attached (jade_sim_set_surface_unit):
# the SM cannot answer it alone.
# expect: 3 SULD.P.B without a surface unit
[B------:R-:W0:-:S02] SULD.P.2D.STRONG.SYS.R.IGN R4, [R0], R2 ;
EXIT ;
