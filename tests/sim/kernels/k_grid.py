# Grids of 2D/3D blocks, special registers (grid.ptx); generic addressing
# (generic.ptx).
T = "multi-CTA grids and special registers"

SREGS = ["%tid.x", "%tid.y", "%tid.z", "%ntid.x", "%ntid.y", "%ntid.z",
         "%ctaid.x", "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y",
         "%nctaid.z", "%laneid", "%lanemask_eq", "%lanemask_lt",
         "%lanemask_le", "%lanemask_gt", "%lanemask_ge"]
body = "".join("\tmov.u32 %%r%d, %s;\n" % (20 + i, s) for i, s in enumerate(SREGS))
body += """	// linear CTA and thread indices
	mad.lo.u32 %r10, %r28, %r30, %r27;
	mad.lo.u32 %r10, %r10, %r29, %r26;
	mul.lo.u32 %r11, %r23, %r24;
	mul.lo.u32 %r11, %r11, %r25;
	mad.lo.u32 %r12, %r22, %r24, %r21;
	mad.lo.u32 %r12, %r12, %r23, %r20;
	mad.lo.u32 %r13, %r10, %r11, %r12;
	mul.wide.u32 %rd4, %r13, 72;
	add.u64 %rd4, %rd2, %rd4;
""" + st(["%%r%d" % (20 + i) for i in range(len(SREGS))])
for name in ["grid_2d", "grid_3d"]:
    add("grid", T, raw(name, body, "%tid/%ntid/%ctaid/%nctaid/%laneid/%lanemask_* into\n"
        "out[linear thread index]"))

T = "generic addressing"
add("generic", T, raw("gen_global", """
	// the parameters are global addresses used as generic pointers
	ld.param.u64 %rd5, [pin];
	ld.param.u64 %rd6, [pout];
	mov.u32 %r1, %ctaid.x;
	mov.u32 %r2, %ntid.x;
	mov.u32 %r3, %tid.x;
	mad.lo.u32 %r4, %r1, %r2, %r3;
	mul.wide.u32 %rd7, %r4, 8;
	add.u64 %rd7, %rd5, %rd7;
	mul.wide.u32 %rd8, %r4, 16;
	add.u64 %rd8, %rd6, %rd8;
	ld.u32 %r10, [%rd7];
	ld.u8 %r11, [%rd7+5];
	ld.s16 %r12, [%rd7+6];
	add.u32 %r13, %r10, %r11;
	st.u32 [%rd8], %r13;
	st.u32 [%rd8+4], %r12;
	st.u16 [%rd8+8], %r10;
	st.u8 [%rd8+11], %r10;
	ld.v2.u32 {%r14, %r15}, [%rd7];
	xor.b32 %r16, %r14, %r15;
	st.u32 [%rd8+12], %r16;
""", "generic ld/st of global memory"))

add("generic", T, elementwise("gen_shared", 4, 16, """
	ld.global.u32 %r10, [%rd3];
	mov.u64 %rd5, sbuf;
	cvta.shared.u64 %rd6, %rd5;
	mul.wide.u32 %rd7, %r3, 4;
	add.u64 %rd8, %rd6, %rd7;
	st.u32 [%rd8], %r10;
	bar.sync 0;
	// read the neighbour's word through the generic pointer
	add.u32 %r11, %r3, 1;
	rem.u32 %r11, %r11, %r2;
	mul.wide.u32 %rd9, %r11, 4;
	add.u64 %rd9, %rd6, %rd9;
	ld.u32 %r12, [%rd9];
	// back to a shared address
	cvta.to.shared.u64 %rd10, %rd9;
	ld.shared.u32 %r13, [%rd10];
	xor.b32 %r13, %r13, %r12;
	isspacep.shared %p1, %rd8;
	isspacep.global %p2, %rd8;
	isspacep.shared %p3, %rd3;
	isspacep.global %p4, %rd4;
""" + mask(["%p1", "%p2", "%p3", "%p4"], "%r14") + st(["%r12", "%r13", "%r14"]),
    "generic ld/st of shared memory (cvta.shared), cvta.to.shared,\n"
    "isspacep", "\t.shared .align 4 .b32 sbuf[128];\n"))

add("generic", T, elementwise("gen_mixed", 4, 8, """
	ld.global.u32 %r10, [%rd3];
	mov.u64 %rd5, sw;
	cvta.shared.u64 %rd6, %rd5;
	mul.wide.u32 %rd7, %r3, 4;
	add.u64 %rd6, %rd6, %rd7;
	cvta.global.u64 %rd8, %rd4;
	mul.wide.u32 %rd9, %r3, 4;
	add.u64 %rd9, %rd5, %rd9;
	st.shared.u32 [%rd9], 1000;
	// odd values use the thread's shared word, even ones its global word
	and.b32 %r11, %r10, 1;
	setp.ne.u32 %p1, %r11, 0;
	selp.b64 %rd10, %rd6, %rd8, %p1;
	st.u32 [%rd10], %r10;
	atom.add.u32 %r12, [%rd10], 7;
	ld.u32 %r13, [%rd10];
	st.global.u32 [%rd4], %r12;
	st.global.u32 [%rd4+4], %r13;
""", "a generic pointer per lane to shared or global memory; generic\n"
    "st/atom/ld through it", "\t.shared .align 4 .b32 sw[128];\n"))
