# Control flow and local memory (control.ptx).
T = "control flow and local memory"

add("control", T, elementwise("ctrl_ifelse", 8, 4, ld(["%r10", "%r11"]) + """
	and.b32 %r12, %r10, 1;
	setp.eq.u32 %p1, %r12, 0;
	@%p1 bra EVEN;
	and.b32 %r13, %r10, 2;
	setp.eq.u32 %p2, %r13, 0;
	@%p2 bra ODD_A;
	mad.lo.u32 %r20, %r10, 3, %r11;
	bra DONE;
ODD_A:
	xor.b32 %r20, %r10, %r11;
	bra DONE;
EVEN:
	setp.ge.s32 %p3, %r11, 0;
	@%p3 bra EVEN_B;
	sub.u32 %r20, %r11, %r10;
	bra DONE;
EVEN_B:
	add.u32 %r20, %r10, 100;
	and.b32 %r14, %r10, 4;
	setp.eq.u32 %p4, %r14, 0;
	@%p4 bra DONE;
	shl.b32 %r20, %r20, 1;
DONE:
	st.global.u32 [%rd4], %r20;
""", "nested divergent if/else"))

add("control", T, elementwise("ctrl_loop", 8, 12, ld(["%r10", "%r11"]) + """
	rem.u32 %r12, %r10, 50;
	mov.u32 %r20, %r11;
	mov.u32 %r21, 0;
	mov.u32 %r22, 0;
LOOP:
	setp.ge.u32 %p1, %r21, %r12;
	@%p1 bra END;
	// continue on multiples of 3
	rem.u32 %r13, %r21, 3;
	setp.eq.u32 %p2, %r13, 0;
	@%p2 bra NEXT;
	mad.lo.u32 %r20, %r20, 31, %r21;
	// inner loop: i & 3 steps
	and.b32 %r14, %r21, 3;
INNER:
	setp.eq.u32 %p4, %r14, 0;
	@%p4 bra INNER_END;
	xor.b32 %r22, %r22, %r20;
	shf.l.wrap.b32 %r22, %r22, %r22, 5;
	sub.u32 %r14, %r14, 1;
	bra INNER;
INNER_END:
	// break when the low byte hits 0x5a
	and.b32 %r15, %r20, 0xff;
	setp.eq.u32 %p3, %r15, 0x5a;
	@%p3 bra END;
NEXT:
	add.u32 %r21, %r21, 1;
	bra LOOP;
END:
""" + st(["%r20", "%r21", "%r22"]),
    "data-dependent loop with continue and break, and a nested loop"))

add("control", T, elementwise("ctrl_collatz", 4, 8, ld(["%r10"]) + """
	rem.u32 %r11, %r10, 10000;
	add.u32 %r11, %r11, 1;
	mov.u32 %r20, 0;
	mov.u32 %r21, %r11;
LOOP:
	setp.eq.u32 %p1, %r11, 1;
	@%p1 bra END;
	and.b32 %r12, %r11, 1;
	setp.eq.u32 %p2, %r12, 0;
	@%p2 bra HALF;
	mad.lo.u32 %r11, %r11, 3, 1;
	bra STEP;
HALF:
	shr.u32 %r11, %r11, 1;
STEP:
	max.u32 %r21, %r21, %r11;
	add.u32 %r20, %r20, 1;
	bra LOOP;
END:
""" + st(["%r20", "%r21"]), "Collatz steps: long divergent loops"))

add("control", T, elementwise("ctrl_exit", 4, 12, ld(["%r10"]) + """
	rem.u32 %r11, %r10, 3;
	setp.eq.u32 %p1, %r11, 0;
	@%p1 bra OUT;
	add.u32 %r20, %r10, 1;
	activemask.b32 %r21;
	and.b32 %r12, %r10, 8;
	setp.ne.u32 %p2, %r12, 0;
	vote.sync.ballot.b32 %r22, %p2, %r21;
""" + st(["%r20", "%r21", "%r22"]) + """
OUT:
""", "early exit of some lanes; activemask and ballot of the others"))

add("control", T, elementwise("ctrl_local", 8, 12, ld(["%r10", "%r11"]) + """
	mov.u64 %rd10, arr;
	mov.u32 %r12, 0;
FILL:
	mul.lo.u32 %r13, %r10, %r12;
	xor.b32 %r14, %r12, %r11;
	add.u32 %r13, %r13, %r14;
	mul.wide.u32 %rd11, %r12, 4;
	add.u64 %rd11, %rd10, %rd11;
	st.local.u32 [%rd11], %r13;
	add.u32 %r12, %r12, 1;
	setp.lt.u32 %p1, %r12, 32;
	@%p1 bra FILL;
	// arr[y & 31] += 5
	and.b32 %r15, %r11, 31;
	mul.wide.u32 %rd12, %r15, 4;
	add.u64 %rd12, %rd10, %rd12;
	ld.local.u32 %r16, [%rd12];
	add.u32 %r16, %r16, 5;
	st.local.u32 [%rd12], %r16;
	// arr[j] + arr[(7 j) & 31], j = (x >> 3) & 31
	shr.u32 %r17, %r10, 3;
	and.b32 %r17, %r17, 31;
	mul.lo.u32 %r18, %r17, 7;
	and.b32 %r18, %r18, 31;
	mul.wide.u32 %rd13, %r17, 4;
	add.u64 %rd13, %rd10, %rd13;
	mul.wide.u32 %rd14, %r18, 4;
	add.u64 %rd14, %rd10, %rd14;
	ld.local.u32 %r19, [%rd13];
	ld.local.u32 %r20, [%rd14];
	add.u32 %r21, %r19, %r20;
	// a 64-bit local access too
	and.b32 %r22, %r10, 15;
	mul.wide.u32 %rd15, %r22, 8;
	add.u64 %rd15, %rd10, %rd15;
	ld.local.u64 %rd16, [%rd15];
	cvt.u32.u64 %r23, %rd16;
	shr.u64 %rd17, %rd16, 32;
	cvt.u32.u64 %r24, %rd17;
	xor.b32 %r23, %r23, %r24;
""" + st(["%r21", "%r16", "%r23"]),
    "a local array indexed dynamically (local memory); at -O0 ptxas adds a\n"
    "stack check (S2R SR_LMEMHIOFF, BPT.TRAP)", "\t.local .align 8 .b8 arr[128];\n"))
