# Atomics and reductions (atomics.ptx).  Counters live after the
# per-thread outputs: at pout + N * OUTB, N = nctaid.x * ntid.x.
T = "atomics"


def counters(outb):
    """%rd5: the counters, after the N per-thread outputs of OUTB bytes."""
    return ("\tmov.u32 %r5, %nctaid.x;\n\tmul.lo.u32 %r5, %r5, %r2;\n" +
            addr("%rd5", "%rd2", "%r5", outb))


def cta_counters(sym, ty, inits):
    """Shared counters SYM (.TY words) that thread 0 sets to INITS before a
    barrier (%r6 their address, %p2 tid != 0), and the end of the kernel:
    after a barrier thread 0 copies them to the CTA's slot after the
    per-thread outputs (of 16 bytes).  Returns (start, end)."""
    size = int(ty[1:]) // 8
    reg = "%rd40" if size == 8 else "%r40"
    start = counters(16) + "\tmul.wide.u32 %%rd6, %%r1, %d;\n" % (len(inits) * size)
    start += "\tadd.u64 %%rd5, %%rd5, %%rd6;\n\tmov.u32 %%r6, %s;\n" % sym
    start += "\tsetp.ne.u32 %p2, %r3, 0;\n\t@%p2 bra INITDONE;\n"
    start += "".join("\tst.shared.%s [%%r6%s], %s;\n" % (ty, "+%d" % (i * size) if i else "", v)
                     for i, v in enumerate(inits))
    start += "INITDONE:\n\tbar.sync 0;\n"
    end = "\tbar.sync 0;\n\t@%p2 bra DONE;\n"
    end += "".join("\tld.shared.%s %s, [%%r6+%d];\n\tst.global.%s [%%rd5+%d], %s;\n"
                   % (ty, reg, i * size, ty, i * size, reg) for i in range(len(inits)))
    return start, end + "\nDONE:\n"


add("atomics", T, elementwise("atom_g32", 16, 28, counters(28) + ld(["%r10", "%r11", "%r12", "%r13"]) + """
	atom.global.add.u32 %r20, [%rd5], 1;
	atom.global.add.u32 %r40, [%rd5+4], %r10;
	atom.global.min.s32 %r41, [%rd5+8], %r10;
	atom.global.max.s32 %r42, [%rd5+12], %r10;
	atom.global.min.u32 %r43, [%rd5+16], %r10;
	atom.global.max.u32 %r44, [%rd5+20], %r10;
	atom.global.and.b32 %r45, [%rd5+24], %r11;
	atom.global.or.b32 %r46, [%rd5+28], %r12;
	atom.global.xor.b32 %r47, [%rd5+32], %r10;
	// order-dependent returns, kept (else ptxas makes RED) in an unchecked word
	xor.b32 %r40, %r40, %r41;
	xor.b32 %r40, %r40, %r42;
	xor.b32 %r40, %r40, %r43;
	xor.b32 %r40, %r40, %r44;
	xor.b32 %r40, %r40, %r45;
	xor.b32 %r40, %r40, %r46;
	xor.b32 %r40, %r40, %r47;
	st.global.u32 [%rd4+24], %r40;
	atom.global.inc.u32 %r22, [%rd5+36], 100;
	atom.global.dec.u32 %r23, [%rd5+40], 77;
	atom.global.exch.b32 %r24, [%rd5+44], %r10;
	// a counter incremented by a CAS loop
	ld.volatile.global.u32 %r30, [%rd5+48];
CAS:
	add.u32 %r31, %r30, 1;
	atom.global.cas.b32 %r32, [%rd5+48], %r30, %r31;
	setp.ne.u32 %p1, %r32, %r30;
	mov.u32 %r30, %r32;
	@%p1 bra CAS;
	// CAS on the thread's own slot: swaps when the slot equals y
	atom.global.cas.b32 %r25, [%rd4+16], %r13, %r10;
	st.global.u32 [%rd4], %r20;
	st.global.u32 [%rd4+4], %r22;
	st.global.u32 [%rd4+8], %r23;
	st.global.u32 [%rd4+12], %r24;
	st.global.u32 [%rd4+20], %r25;
""", "32-bit global atomics; returned values checked as multisets"))

add("atomics", T, elementwise("atom_g64", 32, 40, counters(40) + """
	ld.global.u64 %rd10, [%rd3];
	ld.global.u64 %rd11, [%rd3+8];
	ld.global.u64 %rd12, [%rd3+16];
	ld.global.f64 %fd10, [%rd3+24];
	atom.global.add.u64 %rd20, [%rd5], 1;
	atom.global.add.u64 %rd30, [%rd5+8], %rd10;
	atom.global.min.s64 %rd31, [%rd5+16], %rd10;
	atom.global.max.s64 %rd32, [%rd5+24], %rd10;
	atom.global.min.u64 %rd33, [%rd5+32], %rd10;
	atom.global.max.u64 %rd34, [%rd5+40], %rd10;
	atom.global.and.b64 %rd35, [%rd5+48], %rd11;
	atom.global.or.b64 %rd36, [%rd5+56], %rd10;
	atom.global.xor.b64 %rd37, [%rd5+64], %rd10;
	xor.b64 %rd30, %rd30, %rd31;
	xor.b64 %rd30, %rd30, %rd32;
	xor.b64 %rd30, %rd30, %rd33;
	xor.b64 %rd30, %rd30, %rd34;
	xor.b64 %rd30, %rd30, %rd35;
	xor.b64 %rd30, %rd30, %rd36;
	xor.b64 %rd30, %rd30, %rd37;
	atom.global.exch.b64 %rd22, [%rd5+72], %rd10;
	atom.global.add.f64 %fd20, [%rd5+80], %fd10;
	mov.b64 %rd38, %fd20;
	xor.b64 %rd30, %rd30, %rd38;
	st.global.u64 [%rd4+32], %rd30;
	atom.global.cas.b64 %rd23, [%rd4+16], %rd12, %rd10;
	st.global.u64 [%rd4], %rd20;
	st.global.u64 [%rd4+8], %rd22;
	st.global.u64 [%rd4+24], %rd23;
""", "64-bit global atomics, atom.add.f64 on exactly summable values"))

S32 = cta_counters("cnt", "u32", ["0", "0", "0x7fffffff", "0x80000000", "0xffffffff", "0",
                                  "0xffffffff", "0", "0", "7", "3", "0x1234", "0"])
add("atomics", T, elementwise("atom_s32", 16, 16, S32[0] + ld(["%r10", "%r11", "%r12"]) + """
	atom.shared.add.u32 %r20, [%r6], 1;
	atom.shared.add.u32 %r21, [%r6+4], %r10;
	atom.shared.min.s32 %r21, [%r6+8], %r10;
	atom.shared.max.s32 %r21, [%r6+12], %r10;
	atom.shared.min.u32 %r21, [%r6+16], %r10;
	atom.shared.max.u32 %r21, [%r6+20], %r10;
	atom.shared.and.b32 %r21, [%r6+24], %r11;
	atom.shared.or.b32 %r21, [%r6+28], %r12;
	atom.shared.xor.b32 %r21, [%r6+32], %r10;
	atom.shared.inc.u32 %r22, [%r6+36], 50;
	atom.shared.dec.u32 %r23, [%r6+40], 20;
	atom.shared.exch.b32 %r24, [%r6+44], %r10;
	ld.volatile.shared.u32 %r30, [%r6+48];
CAS:
	add.u32 %r31, %r30, 3;
	atom.shared.cas.b32 %r32, [%r6+48], %r30, %r31;
	setp.ne.u32 %p1, %r32, %r30;
	mov.u32 %r30, %r32;
	@%p1 bra CAS;
	st.global.u32 [%rd4], %r20;
	st.global.u32 [%rd4+4], %r22;
	st.global.u32 [%rd4+8], %r23;
	st.global.u32 [%rd4+12], %r24;
""" + S32[1], "32-bit shared atomics (CAS loop included); counters copied out per CTA",
    "\t.shared .align 8 .b32 cnt[16];\n"))

S64 = cta_counters("cnt64", "u64", ["0", "0", "0x7fffffffffffffff", "0", "-1", "5"])
add("atomics", T, elementwise("atom_s64", 16, 16, S64[0] + """\
	ld.global.u64 %rd10, [%rd3];
	ld.global.u64 %rd11, [%rd3+8];
	atom.shared.add.u64 %rd20, [%r6], 1;
	atom.shared.add.u64 %rd21, [%r6+8], %rd10;
	atom.shared.min.s64 %rd21, [%r6+16], %rd10;
	atom.shared.max.u64 %rd21, [%r6+24], %rd10;
	atom.shared.and.b64 %rd21, [%r6+32], %rd11;
	atom.shared.exch.b64 %rd22, [%r6+40], %rd10;
	st.global.u64 [%rd4], %rd20;
	st.global.u64 [%rd4+8], %rd22;
""" + S64[1], "64-bit shared atomics",
    "\t.shared .align 8 .b64 cnt64[6];\n"))

add("atomics", T, elementwise("atom_f32", 4, 4, counters(4) + """
	ld.global.f32 %f10, [%rd3];
	mov.u32 %r6, fsum;
	setp.ne.u32 %p2, %r3, 0;
	@%p2 bra INITDONE;
	st.shared.f32 [%r6], 0f00000000;
INITDONE:
	bar.sync 0;
	atom.global.add.f32 %f20, [%rd5], %f10;
	atom.shared.add.f32 %f21, [%r6], %f10;
	// the returned old value is a partial sum: only check it is one
	setp.ge.f32 %p3, %f20, 0fc7000000;
	selp.u32 %r20, 1, 0, %p3;
	st.global.u32 [%rd4], %r20;
	bar.sync 0;
	@%p2 bra DONE;
	ld.shared.f32 %f22, [%r6];
	mul.wide.u32 %rd6, %r1, 4;
	add.u64 %rd6, %rd5, %rd6;
	st.global.f32 [%rd6+4], %f22;
DONE:
""", "atom.add.f32, global and shared, on multiples of 1/8 (exact in any\n"
    "order)", "\t.shared .align 4 .f32 fsum;\n"))

add("atomics", T, elementwise("red_g", 8, 4, counters(4) + """
	ld.global.u32 %r10, [%rd3];
	ld.global.u32 %r11, [%rd3+4];
	red.global.add.u32 [%rd5], %r10;
	red.global.min.u32 [%rd5+4], %r10;
	red.global.max.s32 [%rd5+8], %r10;
	red.global.and.b32 [%rd5+12], %r11;
	red.global.or.b32 [%rd5+16], %r10;
	red.global.xor.b32 [%rd5+20], %r10;
	red.global.inc.u32 [%rd5+24], 9;
	red.global.dec.u32 [%rd5+28], 9;
	cvt.u64.u32 %rd10, %r10;
	red.global.add.u64 [%rd5+32], %rd10;
	and.b32 %r12, %r10, 0xff;
	cvt.rn.f32.u32 %f10, %r12;
	red.global.add.f32 [%rd5+40], %f10;
	st.global.u32 [%rd4], %r4;
""", "red (no return value) on global memory (RED)"))
