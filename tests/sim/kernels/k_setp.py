# Comparisons, predicate logic, selp (setp.ptx).
T = "setp, predicate logic and selp"


icmp = ["eq.s32", "ne.s32", "lt.s32", "le.s32", "gt.s32", "ge.s32",
        "lo.u32", "ls.u32", "hi.u32", "hs.u32"]
body = ld(["%r10", "%r11"])
for i, c in enumerate(icmp):
    body += "\tsetp.%s %%p%d, %%r10, %%r11;\n" % (c, i + 1)
body += mask(["%%p%d" % (i + 1) for i in range(len(icmp))], "%r20")
body += """	setp.ne.s32 %p1, %r10, 0;
	setp.lt.and.s32 %p2, %r10, %r11, %p1;
	setp.gt.or.u32 %p3, %r10, %r11, %p1;
	setp.eq.xor.s32 %p4, %r10, %r11, %p1;
	setp.ge.and.s32 %p5|%p6, %r10, %r11, !%p1;
	and.pred %p7, %p2, %p3;
	or.pred %p8, %p2, %p4;
	xor.pred %p9, %p3, %p5;
	not.pred %p10, %p6;
	setp.lt.u32 %p11|%p12, %r10, 100;
"""
body += mask(["%%p%d" % i for i in range(2, 13)], "%r21")
body += """	setp.lt.s32 %p1, %r10, %r11;
	selp.b32 %r22, %r10, %r11, %p1;
	set.lt.u32.s32 %r23, %r10, %r11;
	set.hi.and.u32.u32 %r24, %r10, %r11, %p1;
	selp.s32 %r25, -1, 7, %p1;
""" + st(["%r20", "%r21", "%r22", "%r23", "%r24", "%r25"])
add("setp", T, elementwise("setp_i32", 8, 24, body,
    "32-bit comparisons into a bit mask; .and/.or/.xor forms, p|q\n"
    "destinations, predicate logic, selp, set"))

icmp64 = ["eq.s64", "ne.s64", "lt.s64", "le.s64", "gt.s64", "ge.s64",
          "lo.u64", "ls.u64", "hi.u64", "hs.u64"]
body = "\tld.global.u64 %rd10, [%rd3];\n\tld.global.u64 %rd11, [%rd3+8];\n"
for i, c in enumerate(icmp64):
    body += "\tsetp.%s %%p%d, %%rd10, %%rd11;\n" % (c, i + 1)
body += mask(["%%p%d" % (i + 1) for i in range(len(icmp64))], "%r20")
body += """	setp.lt.s64 %p1, %rd10, %rd11;
	selp.b64 %rd20, %rd10, %rd11, %p1;
	st.global.u32 [%rd4], %r20;
	st.global.u64 [%rd4+8], %rd20;
"""
add("setp", T, elementwise("setp_i64", 16, 16, body,
    "64-bit comparisons into a bit mask, selp.b64"))

fcmp = ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu",
        "gtu", "geu", "num", "nan"]
body = ld(["%f10", "%f11"], "f32")
for i, c in enumerate(fcmp):
    body += "\tsetp.%s.f32 %%p%d, %%f10, %%f11;\n" % (c, i + 1)
body += mask(["%%p%d" % (i + 1) for i in range(len(fcmp))], "%r20")
fz = ["eq", "lt", "le", "gtu", "num", "nan"]
for i, c in enumerate(fz):
    body += "\tsetp.%s.ftz.f32 %%p%d, %%f10, %%f11;\n" % (c, i + 1)
body += mask(["%%p%d" % (i + 1) for i in range(len(fz))], "%r21")
body += """	set.lt.f32.f32 %f20, %f10, %f11;
	setp.gt.f32 %p1, %f10, %f11;
	selp.f32 %f21, %f10, %f11, %p1;
	st.global.u32 [%rd4], %r20;
	st.global.u32 [%rd4+4], %r21;
	st.global.f32 [%rd4+8], %f20;
	st.global.f32 [%rd4+12], %f21;
"""
add("setp", T, elementwise("setp_f32", 8, 16, body,
    "fp32 comparisons, ordered and unordered, with .ftz; set.f32, selp.f32"))
