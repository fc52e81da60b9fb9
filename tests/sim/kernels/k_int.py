# Integer arithmetic (int_arith.ptx).  Included by gen_ptx.py.
T = "32-bit integer arithmetic"

add("int_arith", T, elementwise("int_addsub", 16, 56, ld(["%r10", "%r11", "%r12", "%r13"]) + """
	add.u32 %r20, %r10, %r11;
	sub.u32 %r21, %r10, %r11;
	// 128-bit {a,b,c,d} + {d,c,b,a}, word 0 lowest
	add.cc.u32 %r22, %r10, %r13;
	addc.cc.u32 %r23, %r11, %r12;
	addc.cc.u32 %r24, %r12, %r11;
	addc.u32 %r25, %r13, %r10;
	// 128-bit {a,b,c,d} - {d,c,b,a}
	sub.cc.u32 %r26, %r10, %r13;
	subc.cc.u32 %r27, %r11, %r12;
	subc.cc.u32 %r28, %r12, %r11;
	subc.u32 %r29, %r13, %r10;
	// carry out of a + b
	add.cc.u32 %r30, %r10, %r11;
	addc.u32 %r31, 0, 0;
	neg.s32 %r32, %r10;
	// sub of a borrow: {a} - {b} - borrow
	sub.cc.u32 %r33, %r11, %r10;
	subc.u32 %r34, %r12, %r13;
""" + st(["%r20", "%r21", "%r22", "%r23", "%r24", "%r25", "%r26", "%r27",
          "%r28", "%r29", "%r31", "%r32", "%r33", "%r34"]),
    "add/sub, carry chains (add.cc/addc/sub.cc/subc, mad.lo.cc/madc.hi), neg"))

add("int_arith", T, elementwise("int_mul", 12, 64, ld(["%r10", "%r11", "%r12"]) + """
	mul.lo.u32 %r20, %r10, %r11;
	mul.hi.u32 %r21, %r10, %r11;
	mul.hi.s32 %r22, %r10, %r11;
	mul.wide.u32 %rd10, %r10, %r11;
	mul.wide.s32 %rd11, %r10, %r11;
	mad.lo.u32 %r23, %r10, %r11, %r12;
	mad.hi.u32 %r24, %r10, %r11, %r12;
	mad.hi.s32 %r25, %r10, %r11, %r12;
	mul.lo.u32 %r26, %r10, 9;
	mul.lo.s32 %r27, %r10, -3;
	mul.hi.u32 %r28, %r10, -1431655765;
	mul.lo.u32 %r29, %r10, 65536;
	cvt.u64.u32 %rd12, %r12;
	mad.wide.u32 %rd13, %r10, %r11, %rd12;
	st.global.u32 [%rd4+0], %r20;
	st.global.u32 [%rd4+4], %r21;
	st.global.u32 [%rd4+8], %r22;
	st.global.u32 [%rd4+12], %r23;
	st.global.u64 [%rd4+16], %rd10;
	st.global.u64 [%rd4+24], %rd11;
	st.global.u32 [%rd4+32], %r24;
	st.global.u32 [%rd4+36], %r25;
	st.global.u32 [%rd4+40], %r26;
	st.global.u32 [%rd4+44], %r27;
	st.global.u32 [%rd4+48], %r28;
	st.global.u32 [%rd4+52], %r29;
	st.global.u64 [%rd4+56], %rd13;
""", "mul.lo/hi/wide (u32, s32), mad.lo/hi/wide, multiplies by constants"))

add("int_arith", T, elementwise("int_divrem", 8, 40, ld(["%r10", "%r11"]) + """
	div.u32 %r20, %r10, %r11;
	rem.u32 %r21, %r10, %r11;
	div.s32 %r22, %r10, %r11;
	rem.s32 %r23, %r10, %r11;
	div.u32 %r24, %r10, 7;
	rem.u32 %r25, %r10, 10;
	div.s32 %r26, %r10, -5;
	rem.s32 %r27, %r10, 3;
	div.s32 %r28, %r10, 16;
	rem.s32 %r29, %r10, 16;
""" + st(["%%r%d" % i for i in range(20, 30)]),
    "div/rem signed and unsigned (ptxas expands them); divisor never 0,\n"
    "never INT_MIN / -1 (both unspecified in PTX)"))

add("int_arith", T, elementwise("int_minmax", 12, 32, ld(["%r10", "%r11", "%r12"]) + """
	min.s32 %r20, %r10, %r11;
	max.s32 %r21, %r10, %r11;
	min.u32 %r22, %r10, %r11;
	max.u32 %r23, %r10, %r11;
	abs.s32 %r24, %r10;
	min.u32 %r25, %r10, 1000;
	neg.s32 %r26, %r12;
	max.s32 %r27, %r10, -7;
""" + st(["%%r%d" % i for i in range(20, 28)]), "min/max, abs, neg"))

add("int_arith", T, elementwise("int_shift", 12, 44, ld(["%r10", "%r11", "%r12"]) + """
	shl.b32 %r20, %r10, %r12;
	shr.u32 %r21, %r10, %r12;
	shr.s32 %r22, %r10, %r12;
	shl.b32 %r23, %r10, 5;
	shr.s32 %r24, %r10, 31;
	shf.l.wrap.b32 %r25, %r10, %r11, %r12;
	shf.r.wrap.b32 %r26, %r10, %r11, %r12;
	shf.l.clamp.b32 %r27, %r10, %r11, %r12;
	shf.r.clamp.b32 %r28, %r10, %r11, %r12;
	shf.l.wrap.b32 %r29, %r10, %r11, 13;
	shf.r.clamp.b32 %r30, %r10, %r11, 20;
""" + st(["%%r%d" % i for i in range(20, 31)]),
    "shifts by register amounts 0..40 and larger (PTX clamps to 32),\n"
    "funnel shifts wrap and clamp"))

add("int_arith", T, elementwise("int_bits", 16, 44, ld(["%r10", "%r11", "%r12", "%r13"]) + """
	bfe.u32 %r20, %r10, %r12, %r13;
	bfe.s32 %r21, %r10, %r12, %r13;
	bfi.b32 %r22, %r10, %r11, %r12, %r13;
	popc.b32 %r23, %r10;
	clz.b32 %r24, %r10;
	brev.b32 %r25, %r10;
	bfind.u32 %r26, %r10;
	bfind.s32 %r27, %r10;
	bfind.shiftamt.u32 %r28, %r10;
	bfe.u32 %r29, %r10, 8, 12;
	bfi.b32 %r30, %r10, %r11, 4, 9;
""" + st(["%%r%d" % i for i in range(20, 31)]),
    "bit field extract/insert (positions and lengths 0..255), popc, clz,\n"
    "brev, bfind"))

add("int_arith", T, elementwise("int_prmt", 12, 40, ld(["%r10", "%r11", "%r12"]) + """
	prmt.b32 %r20, %r10, %r11, %r12;
	prmt.b32.f4e %r21, %r10, %r11, %r12;
	prmt.b32.b4e %r22, %r10, %r11, %r12;
	prmt.b32.rc8 %r23, %r10, %r11, %r12;
	prmt.b32.ecl %r24, %r10, %r11, %r12;
	prmt.b32.ecr %r25, %r10, %r11, %r12;
	prmt.b32.rc16 %r26, %r10, %r11, %r12;
	prmt.b32 %r27, %r10, 0, 0x0123;
	prmt.b32 %r28, %r10, %r11, 0x8880;
	prmt.b32 %r29, %r10, %r11, 0x5140;
""" + st(["%%r%d" % i for i in range(20, 30)]), "byte permute, all modes"))

add("int_arith", T, elementwise("int_logic", 12, 36, ld(["%r10", "%r11", "%r12"]) + """
	and.b32 %r20, %r10, %r11;
	or.b32 %r21, %r10, %r11;
	xor.b32 %r22, %r10, %r11;
	not.b32 %r23, %r10;
	cnot.b32 %r24, %r10;
	lop3.b32 %r25, %r10, %r11, %r12, 0x96;
	lop3.b32 %r26, %r10, %r11, %r12, 0xe8;
	lop3.b32 %r27, %r10, %r11, %r12, 0xca;
	and.b32 %r28, %r10, 0xff00ff0;
""" + st(["%%r%d" % i for i in range(20, 29)]), "and/or/xor/not/cnot, lop3"))

add("int_arith", T, elementwise("int_madc", 16, 16, ld(["%r10", "%r11", "%r12", "%r13"]) + """
	// 64-bit a * b + {c, d} by mad.lo.cc / madc.hi, and a carry out
	mad.lo.cc.u32 %r20, %r10, %r11, %r12;
	madc.hi.cc.u32 %r21, %r10, %r11, %r13;
	addc.u32 %r22, 0, 0;
	// 64-bit a * a + {d, c}
	mad.lo.cc.u32 %r23, %r10, %r10, %r13;
	madc.hi.u32 %r24, %r10, %r10, %r12;
	add.u32 %r23, %r23, %r24;
""" + st(["%r20", "%r21", "%r22", "%r23"]), "carry chains through mad.lo.cc/madc.hi"))

add("int_arith", T, elementwise("int_sad", 12, 8, ld(["%r10", "%r11", "%r12"]) + """
	sad.u32 %r20, %r10, %r11, %r12;
	sad.s32 %r21, %r10, %r11, %r12;
""" + st(["%r20", "%r21"]), "sad (VABSDIFF)"))
