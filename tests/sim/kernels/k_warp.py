# Warp-level operations (warp.ptx).
T = "warp-level operations"


def countdown(label, pred, done, op):
    """A loop doing OP %r13 times, then branching to DONE: a loop keeps
    ptxas from predicating the branch around it."""
    return ("%s:\n\tsetp.eq.u32 %s, %%r13, 0;\n\t@%s bra %s;\n\t%s;\n"
            "\tsub.u32 %%r13, %%r13, 1;\n\tbra %s;\n" % (label, pred, pred, done, op, label))


SHFL = {
    # mode: (c1, c2, b3, c3) -- c = (segmask << 8) | clamp
    "idx": ("0x1f", "0x181f", "20", "0x0f"),
    "up": ("0", "0x1800", "3", "0x4"),
    "down": ("0x1f", "0x181f", "2", "0x1c1f"),
    "bfly": ("0x1f", "0x181f", "16", "0x1f"),
}
for mode, (c1, c2, b3, c3) in SHFL.items():
    body = ld(["%r10", "%r11", "%r12"]) + """
	shfl.sync.{m}.b32 %r20|%p1, %r10, %r11, {c1}, 0xffffffff;
	shfl.sync.{m}.b32 %r21|%p2, %r10, %r11, {c2}, 0xffffffff;
	shfl.sync.{m}.b32 %r22|%p3, %r10, {b3}, {c3}, 0xffffffff;
	shfl.sync.{m}.b32 %r23|%p4, %r10, %r11, %r12, 0xffffffff;
""".format(m=mode, c1=c1, c2=c2, b3=b3, c3=c3)
    body += mask(["%p1", "%p2", "%p3", "%p4"], "%r24")
    body += st(["%r20", "%r21", "%r22", "%r23", "%r24"])
    add("warp", T, elementwise("shfl_" + mode, 12, 20, body,
        "shfl.sync.%s: lane operand from a register, several\n"
        "segment/clamp values (immediate and register), the predicate" % mode))

add("warp", T, elementwise("vote", 4, 28, ld(["%r10"]) + """
	activemask.b32 %r30;
	and.b32 %r11, %r10, 1;
	setp.ne.u32 %p1, %r11, 0;
	vote.sync.all.pred %p2, %p1, %r30;
	vote.sync.any.pred %p3, %p1, %r30;
	vote.sync.uni.pred %p4, %p1, %r30;
	vote.sync.ballot.b32 %r20, %p1, %r30;
	vote.sync.ballot.b32 %r21, !%p1, %r30;
	selp.u32 %r25, 1, 0, %p2;
	selp.u32 %r26, 1, 0, %p3;
	selp.u32 %r27, 1, 0, %p4;
	// a divergent branch: loops keep ptxas from predicating it
	shr.u32 %r13, %r10, 4;
	and.b32 %r13, %r13, 3;
	mov.u32 %r14, 0;
	and.b32 %r12, %r10, 2;
	setp.ne.u32 %p5, %r12, 0;
	@%p5 bra ELSE;
	activemask.b32 %r22;
	vote.sync.ballot.b32 %r23, %p1, %r22;
""" + countdown("L1", "%p6", "JOIN", "add.u32 %r14, %r14, 3") + """\
ELSE:
	activemask.b32 %r22;
	vote.sync.ballot.b32 %r23, !%p1, %r22;
""" + countdown("L2", "%p7", "JOIN", "add.u32 %r14, %r14, 5") + """\
JOIN:
	add.u32 %r23, %r23, %r14;
""" + st(["%r25", "%r26", "%r27", "%r20", "%r21", "%r22", "%r23"]),
    "vote.sync all/any/uni/ballot over the active lanes (partial warps),\n"
    "activemask and ballot inside a divergent branch"))

add("warp", T, elementwise("match", 16, 16, ld(["%r10"]) + """
	activemask.b32 %r30;
	match.any.sync.b32 %r20, %r10, %r30;
	match.all.sync.b32 %r21|%p1, %r10, %r30;
	selp.u32 %r22, 1, 0, %p1;
""" + st(["%r20", "%r21", "%r22"]),
    "match.any/all.sync.b32 over the active lanes"))

add("warp", T, elementwise("match64", 16, 16, """
	ld.global.u64 %rd10, [%rd3+8];
	activemask.b32 %r30;
	match.any.sync.b64 %r23, %rd10, %r30;
	match.all.sync.b64 %r24|%p1, %rd10, %r30;
	selp.u32 %r25, 1, 0, %p1;
""" + st(["%r23", "%r24", "%r25"]), "match.any/all.sync.b64"))

add("warp", T, elementwise("warp_diverge", 4, 16, ld(["%r10"]) + """
	activemask.b32 %r20;
	mov.u32 %r22, 0;
	shr.u32 %r13, %r10, 4;
	and.b32 %r13, %r13, 3;
	and.b32 %r11, %r10, 1;
	setp.ne.u32 %p1, %r11, 0;
	@!%p1 bra ELSE1;
	activemask.b32 %r21;
	and.b32 %r12, %r10, 2;
	setp.ne.u32 %p2, %r12, 0;
	@!%p2 bra ELSE2;
	activemask.b32 %r22;
""" + countdown("L1", "%p3", "J2", "add.u32 %r22, %r22, 0x100000") + """\
ELSE2:
	activemask.b32 %r22;
	not.b32 %r22, %r22;
""" + countdown("L2", "%p4", "J2", "xor.b32 %r22, %r22, 0x40000000") + """\
J2:
	bra J1;
ELSE1:
	activemask.b32 %r21;
""" + countdown("L3", "%p5", "J1", "add.u32 %r22, %r22, 7") + """\
J1:
	activemask.b32 %r23;
""" + st(["%r20", "%r21", "%r22", "%r23"]),
    "activemask in nested divergent branches (with loops, so that ptxas\n"
    "branches) and after they reconverge"))
