# Memory access widths and forms (memory.ptx).
T = "memory access widths"

add("memory", T, elementwise("mem_vec", 64, 64, """
	ld.global.v4.u32 {%r10, %r11, %r12, %r13}, [%rd3];
	ld.global.v2.u64 {%rd10, %rd11}, [%rd3+16];
	ld.global.nc.v4.f32 {%f10, %f11, %f12, %f13}, [%rd3+32];
	ld.global.v2.u32 {%r14, %r15}, [%rd3+48];
	ld.global.u64 %rd12, [%rd3+56];
	st.global.v4.u32 [%rd4], {%r13, %r12, %r11, %r10};
	st.global.v2.u64 [%rd4+16], {%rd11, %rd10};
	st.global.v4.f32 [%rd4+32], {%f13, %f12, %f11, %f10};
	st.global.v2.u32 [%rd4+48], {%r15, %r14};
	st.global.u64 [%rd4+56], %rd12;
""", "vector loads and stores (64/128-bit), ld.global.nc"))

add("memory", T, elementwise("mem_sub", 8, 32, """
	ld.global.u8 %r10, [%rd3];
	ld.global.s8 %r11, [%rd3+1];
	ld.global.u16 %r12, [%rd3+2];
	ld.global.s16 %r13, [%rd3+6];
	ld.global.s8 %rd10, [%rd3+5];
	ld.volatile.global.u32 %r14, [%rd3+4];
	st.global.u32 [%rd4], %r10;
	st.global.u32 [%rd4+4], %r11;
	st.global.u32 [%rd4+8], %r12;
	st.global.u32 [%rd4+12], %r13;
	st.global.u8 [%rd4+16], %r11;
	st.global.u8 [%rd4+17], %r10;
	st.global.u16 [%rd4+18], %r13;
	st.global.u64 [%rd4+24], %rd10;
	st.volatile.global.u16 [%rd4+20], %r14;
""", "8/16-bit loads (zero and sign extension, also to 64 bits) and\n"
    "stores; volatile accesses"))

add("memory", T, ".extern .shared .align 16 .b8 dyn[];\n\n" + elementwise("shm_dynamic", 4, 12, """
	ld.global.u32 %r10, [%rd3];
	mov.u32 %r5, dyn;
	shl.b32 %r6, %r3, 2;
	add.u32 %r7, %r5, %r6;
	st.shared.u32 [%r7], %r10;
	bar.sync 0;
	// dyn[ntid - 1 - tid]
	sub.u32 %r8, %r2, %r3;
	sub.u32 %r8, %r8, 1;
	shl.b32 %r8, %r8, 2;
	add.u32 %r8, %r5, %r8;
	ld.shared.u32 %r11, [%r8];
	// the aligned group of four around tid, as one 128-bit load
	and.b32 %r9, %r6, -16;
	add.u32 %r9, %r5, %r9;
	ld.shared.v4.u32 {%r12, %r13, %r14, %r15}, [%r9];
	add.u32 %r12, %r12, %r13;
	add.u32 %r12, %r12, %r14;
	add.u32 %r12, %r12, %r15;
	mov.u32 %r16, %dynamic_smem_size;
	st.global.u32 [%rd4], %r11;
	st.global.u32 [%rd4+4], %r12;
	st.global.u32 [%rd4+8], %r16;
""", "dynamic shared memory (.extern .shared), a 128-bit shared load,\n"
    "%dynamic_smem_size"))

add("memory", T, elementwise("sreg_misc", 4, 16, """
	mov.u32 %r10, %clock;
	mov.u64 %rd10, %clock64;
	mov.u32 %r11, %laneid;
	mov.u32 %r12, 32;
	mov.u32 %r13, %smid;
	mov.u32 %r14, %nsmid;
	membar.cta;
	membar.gl;
	mov.u32 %r15, %clock;
	mov.u64 %rd11, %clock64;
	// only relations can be checked
	sub.u32 %r16, %r15, %r10;
	setp.lt.u32 %p1, %r16, 1000000;
	setp.ge.u64 %p2, %rd11, %rd10;
	setp.lt.u32 %p3, %r11, %r12;
	setp.lt.u32 %p4, %r13, %r14;
	selp.u32 %r20, 1, 0, %p1;
	selp.u32 %r21, 1, 0, %p2;
	selp.u32 %r22, 1, 0, %p3;
	selp.u32 %r23, 1, 0, %p4;
""" + st(["%r20", "%r21", "%r22", "%r23"]),
    "%clock, %clock64 (monotonic), %smid < %nsmid; membar/fence"
    ))

add("memory", T, elementwise("fence", 4, 4, ld(["%r10"]) + """
	st.global.u32 [%rd4], %r10;
	fence.acq_rel.gpu;
	ld.global.u32 %r11, [%rd4];
	add.u32 %r11, %r11, 1;
	st.global.u32 [%rd4], %r11;
""", "fence.acq_rel.gpu between a store and a load"))
