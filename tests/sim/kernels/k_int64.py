# 64-bit integer arithmetic (int64.ptx).
T = "64-bit integer arithmetic"

add("int64", T, elementwise("i64_arith", 24, 112, """
	ld.global.u64 %rd10, [%rd3];
	ld.global.u64 %rd11, [%rd3+8];
	ld.global.u32 %r10, [%rd3+16];
	add.u64 %rd20, %rd10, %rd11;
	sub.u64 %rd21, %rd10, %rd11;
	mul.lo.u64 %rd22, %rd10, %rd11;
	mul.hi.u64 %rd23, %rd10, %rd11;
	mul.hi.s64 %rd24, %rd10, %rd11;
	mad.lo.u64 %rd25, %rd10, %rd11, %rd10;
	min.s64 %rd26, %rd10, %rd11;
	max.u64 %rd27, %rd10, %rd11;
	shl.b64 %rd28, %rd10, %r10;
	shr.u64 %rd29, %rd10, %r10;
	shr.s64 %rd30, %rd10, %r10;
	neg.s64 %rd31, %rd10;
	abs.s64 %rd32, %rd10;
	xor.b64 %rd33, %rd10, %rd11;
""" + st(["%%rd%d" % i for i in range(20, 34)], "u64", size=8),
    "add/sub/mul.lo/mul.hi/mad, min/max, shifts by 0..70, neg, abs, xor"))

add("int64", T, elementwise("i64_divrem", 16, 48, """
	ld.global.u64 %rd10, [%rd3];
	ld.global.u64 %rd11, [%rd3+8];
	div.u64 %rd20, %rd10, %rd11;
	rem.u64 %rd21, %rd10, %rd11;
	div.s64 %rd22, %rd10, %rd11;
	rem.s64 %rd23, %rd10, %rd11;
	div.u64 %rd24, %rd10, 10;
	rem.s64 %rd25, %rd10, 7;
""" + st(["%%rd%d" % i for i in range(20, 26)], "u64", size=8),
    "64-bit div/rem (ptxas expands them); no division by 0 or INT64_MIN / -1"))

add("int64", T, elementwise("i64_bits", 16, 48, """
	ld.global.u64 %rd10, [%rd3];
	ld.global.u32 %r10, [%rd3+8];
	ld.global.u32 %r11, [%rd3+12];
	popc.b64 %r20, %rd10;
	clz.b64 %r21, %rd10;
	brev.b64 %rd20, %rd10;
	bfind.u64 %r22, %rd10;
	bfind.s64 %r23, %rd10;
	bfe.u64 %rd21, %rd10, %r10, %r11;
	bfe.s64 %rd22, %rd10, %r10, %r11;
	not.b64 %rd23, %rd10;
	bfi.b64 %rd24, %rd10, %rd23, %r10, %r11;
	st.global.u32 [%rd4], %r20;
	st.global.u32 [%rd4+4], %r21;
	st.global.u64 [%rd4+8], %rd20;
	st.global.u32 [%rd4+16], %r22;
	st.global.u32 [%rd4+20], %r23;
	st.global.u64 [%rd4+24], %rd21;
	st.global.u64 [%rd4+32], %rd22;
	st.global.u64 [%rd4+40], %rd24;
""", "popc/clz/brev/bfind/bfe/bfi on 64 bits"))
