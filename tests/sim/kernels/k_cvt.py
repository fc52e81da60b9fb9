# Conversions (cvt.ptx).
T = "conversions"

add("cvt", T, elementwise("cvt_f2i", 4, 48, ld(["%f10"], "f32") + """
	cvt.rni.s32.f32 %r20, %f10;
	cvt.rzi.s32.f32 %r21, %f10;
	cvt.rmi.s32.f32 %r22, %f10;
	cvt.rpi.s32.f32 %r23, %f10;
	cvt.rni.u32.f32 %r24, %f10;
	cvt.rzi.u32.f32 %r25, %f10;
	cvt.rzi.s64.f32 %rd20, %f10;
	cvt.rni.u64.f32 %rd21, %f10;
	cvt.rzi.ftz.s32.f32 %r26, %f10;
""" + st(["%%r%d" % i for i in range(20, 26)]) + """
	st.global.u64 [%rd4+24], %rd20;
	st.global.u64 [%rd4+32], %rd21;
	st.global.u32 [%rd4+40], %r26;
""", "f32 to 32/64-bit integers: rounding modes, saturation, NaN"))

add("cvt", T, elementwise("cvt_f2i_small", 4, 24, ld(["%f10"], "f32") + """
	cvt.rni.s8.f32 %h1, %f10;
	cvt.rzi.u8.f32 %h2, %f10;
	cvt.rni.s16.f32 %h3, %f10;
	cvt.rzi.u16.f32 %h4, %f10;
	cvt.rmi.s16.f32 %h5, %f10;
	cvt.rpi.u8.f32 %h6, %f10;
	st.global.u8 [%rd4], %h1;
	st.global.u8 [%rd4+4], %h2;
	st.global.u16 [%rd4+8], %h3;
	st.global.u16 [%rd4+12], %h4;
	st.global.u16 [%rd4+16], %h5;
	st.global.u8 [%rd4+20], %h6;
""", "f32 to 8/16-bit integers (stored as bytes/halves: the upper bits of\n"
    "the preset output words must survive)"))

add("cvt", T, elementwise("cvt_i2f", 16, 72, """
	ld.global.u32 %r10, [%rd3];
	ld.global.u64 %rd10, [%rd3+8];
	cvt.rn.f32.s32 %f20, %r10;
	cvt.rz.f32.s32 %f21, %r10;
	cvt.rm.f32.s32 %f22, %r10;
	cvt.rp.f32.s32 %f23, %r10;
	cvt.rn.f32.u32 %f24, %r10;
	cvt.rz.f32.u32 %f25, %r10;
	cvt.rn.f32.s64 %f26, %rd10;
	cvt.rz.f32.u64 %f27, %rd10;
	cvt.rm.f32.s64 %f28, %rd10;
	cvt.rp.f32.u64 %f29, %rd10;
	cvt.rn.f64.s64 %fd20, %rd10;
	cvt.rn.f64.u64 %fd21, %rd10;
	cvt.rz.f64.s64 %fd22, %rd10;
	cvt.rn.f64.s32 %fd23, %r10;
""" + st(["%%f%d" % i for i in range(20, 30)], "f32") + """
	st.global.f64 [%rd4+40], %fd20;
	st.global.f64 [%rd4+48], %fd21;
	st.global.f64 [%rd4+56], %fd22;
	st.global.f64 [%rd4+64], %fd23;
""", "32/64-bit integers to f32/f64 in the rounding modes"))

add("cvt", T, elementwise("cvt_f64_i", 8, 48, """
	ld.global.f64 %fd10, [%rd3];
	cvt.rni.s32.f64 %r20, %fd10;
	cvt.rzi.s32.f64 %r21, %fd10;
	cvt.rmi.u32.f64 %r22, %fd10;
	cvt.rpi.u32.f64 %r23, %fd10;
	cvt.rni.s64.f64 %rd20, %fd10;
	cvt.rzi.u64.f64 %rd21, %fd10;
	cvt.rmi.s64.f64 %rd22, %fd10;
	cvt.rpi.u64.f64 %rd23, %fd10;
""" + st(["%r20", "%r21", "%r22", "%r23"]) + """
	st.global.u64 [%rd4+16], %rd20;
	st.global.u64 [%rd4+24], %rd21;
	st.global.u64 [%rd4+32], %rd22;
	st.global.u64 [%rd4+40], %rd23;
""", "f64 to integers: rounding modes, saturation, NaN"))

add("cvt", T, elementwise("cvt_ff", 16, 64, """
	ld.global.f64 %fd10, [%rd3];
	ld.global.f32 %f10, [%rd3+8];
	cvt.rn.f32.f64 %f20, %fd10;
	cvt.rz.f32.f64 %f21, %fd10;
	cvt.rm.f32.f64 %f22, %fd10;
	cvt.rp.f32.f64 %f23, %fd10;
	cvt.rn.ftz.f32.f64 %f24, %fd10;
	cvt.rni.f32.f32 %f25, %f10;
	cvt.rzi.f32.f32 %f26, %f10;
	cvt.rmi.f32.f32 %f27, %f10;
	cvt.rpi.f32.f32 %f28, %f10;
	cvt.sat.f32.f32 %f29, %f10;
	cvt.ftz.f32.f32 %f30, %f10;
	cvt.f64.f32 %fd20, %f10;
""" + st(["%%f%d" % i for i in range(20, 31)], "f32") + """
	st.global.f64 [%rd4+48], %fd20;
""", "f64 <-> f32 in the rounding modes, overflow, .ftz; f32 and f64\n"
    "rounding to integral values; cvt.sat"))

add("cvt", T, elementwise("cvt_f16", 24, 48, """
	ld.global.f32 %f10, [%rd3];
	ld.global.u32 %r11, [%rd3+4];
	ld.global.f64 %fd10, [%rd3+8];
	ld.global.u16 %h10, [%rd3+16];
	cvt.rn.f16.f32 %h1, %f10;
	cvt.rz.f16.f32 %h2, %f10;
	cvt.rm.f16.f32 %h3, %f10;
	cvt.rp.f16.f32 %h4, %f10;
	cvt.f32.f16 %f20, %h10;
	cvt.rni.s32.f16 %r20, %h10;
	cvt.rn.f16.s32 %h6, %r11;
	cvt.rz.f16.u32 %h7, %r11;
	cvt.rzi.u16.f16 %h8, %h10;
""" + "".join("\tcvt.u32.u16 %%r%d, %%h%d;\n" % (30 + i, i) for i in range(1, 9)) + """
	st.global.u32 [%rd4], %r31;
	st.global.u32 [%rd4+4], %r32;
	st.global.u32 [%rd4+8], %r33;
	st.global.u32 [%rd4+12], %r34;
	st.global.f32 [%rd4+16], %f20;
""" + st(["%r20", "%r36", "%r37", "%r38"], first=8), "f16 <-> f32/f64/integers"))

add("cvt", T, elementwise("cvt_i2i", 16, 64, """
	ld.global.u32 %r10, [%rd3];
	ld.global.u64 %rd10, [%rd3+8];
	cvt.s32.s8 %r20, %r10;
	cvt.u32.u8 %r21, %r10;
	cvt.s32.s16 %r22, %r10;
	cvt.u32.u16 %r23, %r10;
	cvt.sat.s16.u32 %h3, %r10;
	cvt.s64.s32 %rd20, %r10;
	cvt.sat.s32.s64 %r24, %rd10;
	cvt.sat.u32.s64 %r25, %rd10;
	cvt.sat.s32.u64 %r26, %rd10;
	cvt.u32.u64 %r27, %rd10;
	cvt.u64.u32 %rd21, %r10;
""" + st(["%r20", "%r21", "%r22", "%r23"]) + """
	st.global.u16 [%rd4+24], %h3;
	st.global.u64 [%rd4+32], %rd20;
""" + st(["%r24", "%r25", "%r26", "%r27"], first=10) + """\
	st.global.u64 [%rd4+56], %rd21;
""", "integer to integer: extension, truncation, saturation"))

# ptxas makes I2I.SAT, F2F.F16.F64, F2F.F64.F16 and FRND.F64 of these.
add("cvt", T, elementwise("cvt_narrow", 16, 32, """
	ld.global.u32 %r10, [%rd3];
	ld.global.f64 %fd10, [%rd3+8];
	cvt.sat.s8.s32 %h1, %r10;
	cvt.sat.u8.s32 %h2, %r10;
	cvt.sat.u16.s32 %h4, %r10;
	cvt.rn.f16.f64 %h5, %fd10;
	cvt.f64.f16 %fd20, %r10;
	cvt.rni.f64.f64 %fd21, %fd10;
	st.global.u8 [%rd4], %h1;
	st.global.u8 [%rd4+4], %h2;
	st.global.u16 [%rd4+8], %h4;
	st.global.u16 [%rd4+12], %h5;
	st.global.f64 [%rd4+16], %fd20;
	st.global.f64 [%rd4+24], %fd21;
""", "saturating narrowing, f16 <-> f64, f64 rounding to integral"))
