# fp32 arithmetic (fp32.ptx) and MUFU-based approximations (mufu.ptx).
T = "fp32 arithmetic"

add("fp32", T, elementwise("f32_add", 8, 24, ld(["%f10", "%f11"], "f32") + """
	add.rn.f32 %f20, %f10, %f11;
	add.rz.f32 %f21, %f10, %f11;
	add.rm.f32 %f22, %f10, %f11;
	add.rp.f32 %f23, %f10, %f11;
	sub.rn.f32 %f24, %f10, %f11;
	sub.rm.f32 %f25, %f10, %f11;
""" + st(["%%f%d" % i for i in range(20, 26)], "f32"), "add/sub in the four rounding modes"))

add("fp32", T, elementwise("f32_mul", 8, 16, ld(["%f10", "%f11"], "f32") + """
	mul.rn.f32 %f20, %f10, %f11;
	mul.rz.f32 %f21, %f10, %f11;
	mul.rm.f32 %f22, %f10, %f11;
	mul.rp.f32 %f23, %f10, %f11;
""" + st(["%%f%d" % i for i in range(20, 24)], "f32"), "mul in the four rounding modes"))

add("fp32", T, elementwise("f32_fma", 12, 16, ld(["%f10", "%f11", "%f12"], "f32") + """
	fma.rn.f32 %f20, %f10, %f11, %f12;
	fma.rz.f32 %f21, %f10, %f11, %f12;
	fma.rm.f32 %f22, %f10, %f11, %f12;
	fma.rp.f32 %f23, %f10, %f11, %f12;
""" + st(["%%f%d" % i for i in range(20, 24)], "f32"), "fma in the four rounding modes"))

add("fp32", T, elementwise("f32_ftz_sat", 12, 40, ld(["%f10", "%f11", "%f12"], "f32") + """
	add.rn.ftz.f32 %f20, %f10, %f11;
	mul.rn.ftz.f32 %f21, %f10, %f11;
	fma.rn.ftz.f32 %f22, %f10, %f11, %f12;
	add.rn.sat.f32 %f23, %f10, %f11;
	mul.rn.ftz.sat.f32 %f24, %f10, %f11;
	fma.rn.sat.f32 %f25, %f10, %f11, %f12;
	neg.f32 %f26, %f10;
	abs.f32 %f27, %f10;
	neg.ftz.f32 %f28, %f10;
	abs.ftz.f32 %f29, %f10;
""" + st(["%%f%d" % i for i in range(20, 30)], "f32"), ".ftz and .sat on add/mul/fma; neg, abs"))

add("fp32", T, elementwise("f32_minmax", 8, 16, ld(["%f10", "%f11"], "f32") + """
	min.f32 %f20, %f10, %f11;
	max.f32 %f21, %f10, %f11;
	min.ftz.f32 %f22, %f10, %f11;
	max.ftz.f32 %f23, %f10, %f11;
""" + st(["%%f%d" % i for i in range(20, 24)], "f32"), "min/max with NaNs, zeros of both signs, .ftz"))

add("fp32", T, elementwise("f32_div", 8, 8, ld(["%f10", "%f11"], "f32") + """
	div.rn.f32 %f20, %f10, %f11;
	div.rn.ftz.f32 %f21, %f10, %f11;
""" + st(["%f20", "%f21"], "f32"), "IEEE division (ptxas expands it, with a slow path)"))

add("fp32", T, elementwise("f32_sqrt_rcp", 8, 16, ld(["%f10"], "f32") + """
	sqrt.rn.f32 %f20, %f10;
	rcp.rn.f32 %f21, %f10;
	sqrt.rn.ftz.f32 %f22, %f10;
	rcp.rn.ftz.f32 %f23, %f10;
""" + st(["%%f%d" % i for i in range(20, 24)], "f32"), "IEEE sqrt and reciprocal (expanded by ptxas)"))

T = "MUFU-based approximations"
add("mufu", T, elementwise("mufu_sincos", 4, 16, ld(["%f10"], "f32") + """
	sin.approx.f32 %f20, %f10;
	cos.approx.f32 %f21, %f10;
	sin.approx.ftz.f32 %f22, %f10;
	cos.approx.ftz.f32 %f23, %f10;
""" + st(["%%f%d" % i for i in range(20, 24)], "f32"), "sin/cos.approx"))

add("mufu", T, elementwise("mufu_ex2lg2", 4, 16, ld(["%f10"], "f32") + """
	ex2.approx.f32 %f20, %f10;
	ex2.approx.ftz.f32 %f21, %f10;
	lg2.approx.f32 %f22, %f10;
	lg2.approx.ftz.f32 %f23, %f10;
""" + st(["%%f%d" % i for i in range(20, 24)], "f32"), "ex2/lg2.approx"))

add("mufu", T, elementwise("mufu_rcp_sqrt", 8, 28, ld(["%f10", "%f11"], "f32") + """
	rcp.approx.f32 %f20, %f10;
	rcp.approx.ftz.f32 %f21, %f10;
	rsqrt.approx.f32 %f22, %f10;
	sqrt.approx.f32 %f23, %f10;
	sqrt.approx.ftz.f32 %f24, %f10;
	div.approx.f32 %f25, %f11, %f10;
	div.full.f32 %f26, %f11, %f10;
""" + st(["%%f%d" % i for i in range(20, 27)], "f32"), "rcp/rsqrt/sqrt.approx, div.approx, div.full"))

add("mufu", T, elementwise("mufu_tanh", 4, 4, ld(["%f10"], "f32") + """
	tanh.approx.f32 %f20, %f10;
	st.global.f32 [%rd4], %f20;
""", "tanh.approx.f32 (MUFU.TANH, new in sm_75)"))

add("mufu", T, elementwise("mufu_ex2_f16", 4, 8, ld(["%r11"]) + """
	ex2.approx.f16x2 %r21, %r11;
	mov.b32 {%h1, %h2}, %r11;
	ex2.approx.f16 %h3, %h1;
	cvt.u32.u16 %r22, %h3;
	st.global.u32 [%rd4], %r21;
	st.global.u32 [%rd4+4], %r22;
""", "ex2.approx.f16x2/.f16"))
