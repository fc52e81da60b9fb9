# Shared memory and barriers (shared.ptx).
T = "shared memory and barriers"

add("shared", T, raw("shm_transpose", """
	mov.u32 %r1, %ctaid.x;
	mov.u32 %r2, %ctaid.y;
	mov.u32 %r3, %tid.x;
	mov.u32 %r4, %tid.y;
	// in[(16 * ctaid.y + tid.y) * 32 + 16 * ctaid.x + tid.x]
	shl.b32 %r5, %r2, 4;
	add.u32 %r5, %r5, %r4;
	shl.b32 %r6, %r1, 4;
	add.u32 %r6, %r6, %r3;
	shl.b32 %r7, %r5, 5;
	add.u32 %r7, %r7, %r6;
	mul.wide.u32 %rd3, %r7, 4;
	add.u64 %rd3, %rd1, %rd3;
	ld.global.u32 %r8, [%rd3];
	// tile[tid.y][tid.x], rows of 17 words against bank conflicts
	mov.u32 %r9, tile;
	mad.lo.u32 %r10, %r4, 17, %r3;
	shl.b32 %r10, %r10, 2;
	add.u32 %r10, %r9, %r10;
	st.shared.u32 [%r10], %r8;
	bar.sync 0;
	// out[(16 * ctaid.x + tid.y) * 32 + 16 * ctaid.y + tid.x] = tile[tid.x][tid.y]
	mad.lo.u32 %r11, %r3, 17, %r4;
	shl.b32 %r11, %r11, 2;
	add.u32 %r11, %r9, %r11;
	ld.shared.u32 %r12, [%r11];
	shl.b32 %r13, %r1, 4;
	add.u32 %r13, %r13, %r4;
	shl.b32 %r14, %r2, 4;
	add.u32 %r14, %r14, %r3;
	shl.b32 %r15, %r13, 5;
	add.u32 %r15, %r15, %r14;
	mul.wide.u32 %rd4, %r15, 4;
	add.u64 %rd4, %rd2, %rd4;
	st.global.u32 [%rd4], %r12;
""", "32x32 transpose through a 16x17 shared tile: 2D blocks, bar.sync",
    "\t.shared .align 4 .b32 tile[272];\n"))

add("shared", T, raw("shm_reduce", INDEX + addr("%rd3", "%rd1", "%r4", 4) + """\
	ld.global.u32 %r5, [%rd3];
	mov.u32 %r6, sum;
	mov.u32 %r7, big;
	shl.b32 %r8, %r3, 2;
	add.u32 %r9, %r6, %r8;
	add.u32 %r10, %r7, %r8;
	st.shared.u32 [%r9], %r5;
	st.shared.u32 [%r10], %r5;
	bar.sync 0;
	shr.u32 %r11, %r2, 1;
LOOP:
	setp.ge.u32 %p1, %r3, %r11;
	@%p1 bra SKIP;
	shl.b32 %r12, %r11, 2;
	add.u32 %r13, %r9, %r12;
	add.u32 %r14, %r10, %r12;
	ld.shared.u32 %r15, [%r9];
	ld.shared.u32 %r16, [%r13];
	add.u32 %r15, %r15, %r16;
	st.shared.u32 [%r9], %r15;
	ld.shared.u32 %r17, [%r10];
	ld.shared.u32 %r18, [%r14];
	max.u32 %r17, %r17, %r18;
	st.shared.u32 [%r10], %r17;
SKIP:
	bar.sync 0;
	shr.u32 %r11, %r11, 1;
	setp.ne.u32 %p2, %r11, 0;
	@%p2 bra LOOP;
	setp.ne.u32 %p3, %r3, 0;
	@%p3 bra DONE;
	ld.shared.u32 %r20, [%r6];
	ld.shared.u32 %r21, [%r7];
	// out after the per-thread words: none here, so at 8 * ctaid
	mul.wide.u32 %rd4, %r1, 8;
	add.u64 %rd4, %rd2, %rd4;
	st.global.u32 [%rd4], %r20;
	st.global.u32 [%rd4+4], %r21;
DONE:
""", "tree reduction (sum and max) of each CTA in shared memory",
    "\t.shared .align 4 .b32 sum[256];\n\t.shared .align 4 .b32 big[256];\n"))

add("shared", T, raw("shm_scan", INDEX + addr("%rd3", "%rd1", "%r4", 4) + """\
	ld.global.u32 %r5, [%rd3];
	mov.u32 %r6, buf;
	shl.b32 %r8, %r3, 2;
	add.u32 %r9, %r6, %r8;
	st.shared.u32 [%r9], %r5;
	bar.sync 0;
	mov.u32 %r10, 1;
STEP:
	// x = s[tid] + (tid >= off ? s[tid - off] : 0); barrier; s[tid] = x
	ld.shared.u32 %r12, [%r9];
	setp.lt.u32 %p1, %r3, %r10;
	@%p1 bra STORE;
	shl.b32 %r13, %r10, 2;
	sub.u32 %r13, %r9, %r13;
	ld.shared.u32 %r14, [%r13];
	add.u32 %r12, %r12, %r14;
STORE:
	bar.sync 0;
	st.shared.u32 [%r9], %r12;
	bar.sync 0;
	shl.b32 %r10, %r10, 1;
	setp.lt.u32 %p2, %r10, %r2;
	@%p2 bra STEP;
	ld.shared.u32 %r18, [%r9];
	mul.wide.u32 %rd4, %r4, 4;
	add.u64 %rd4, %rd2, %rd4;
	st.global.u32 [%rd4], %r18;
""", "inclusive scan (bar.sync in a loop, around a divergent branch)",
    "\t.shared .align 4 .b32 buf[128];\n"))

add("shared", T, elementwise("bar_red", 4, 12, ld(["%r5"]) + """
	// barrier reductions
	and.b32 %r19, %r5, 1;
	setp.ne.u32 %p3, %r19, 0;
	bar.red.popc.u32 %r20, 1, %p3;
	setp.ne.u32 %p4, %r5, 0;
	bar.red.and.pred %p5, 2, %p4;
	setp.eq.u32 %p6, %r19, 0;
	bar.red.or.pred %p7, 3, %p6;
	selp.u32 %r21, 1, 0, %p5;
	selp.u32 %r22, 1, 0, %p7;
""" + st(["%r20", "%r21", "%r22"]),
    "bar.red.popc, bar.red.and/or on several barriers"))
