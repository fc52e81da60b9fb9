#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs test-gl-nos under Jade with JADE_DEBUG=nos and checks the driver's
log step by step: after setup nothing is compiled; each NOS toggle links
(or hits the link cache, or keeps the program) as expected; every patched
instruction is a patch site rewritten into one of the intended forms.

usage: check_nos.py WITH_JADE TEST_GL_NOS
"""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import stack_log  # noqa: E402

# Per step: what the draw(s) must do ("link", "hit", "keep": neither, or
# a set of those allowed), the key fields the link must show, patterns
# that must (+) or must not (-) appear among the patched lines.
STEPS = {
    "base": ("keep", [], []),
    "flatshade": ("link", ["flatshade 1"],
                  [r"+FS .*IPA\.PASS (R\d+), a\[0x28.\] ; -> IPA\.CONSTANT \1",
                   r"+FS .*(FMUL (R\d+), \2, R\d+ ; -> FMUL \2, \2, 1 ;|"
                   r"FFMA\S* R\d+, -?R\d+, R\d+, \S+ ; -> FFMA\S* R\d+, -?R\d+, 1, )"]),
    "smooth-again": ("hit", ["flatshade 0"], []),
    "twoside": ("link", ["twoside 1"], [r"-a\[0x2a0\].* -> NOP"]),
    "clip-planes": ("link", ["clip 0x03"], [r"-a\[0x2c0\].* -> NOP"]),
    "point-sprite": ("link", ["sprite 0x01"], [r"+VS .*AST\.128 a\[0x300\].* -> NOP ;"]),
    "points-without-sprite": ("hit", ["sprite 0x00"], []),
    "vertex-color-unclamped": ("link", ["clamp 0"], [r"-FADD\.SAT"]),
    "fragment-color-unclamped": ({"hit", "keep"}, [], []),
    "alpha-test": ({"hit", "keep"}, [], []),
    "provoking-vertex": ({"hit", "keep"}, [], []),
    "msaa": ({"hit", "keep"}, [], []),
    "sample-shading": ("link", ["persample 1"],
                       [r"+FS .*IPA\.PASS (R\d+), (a\[0x[0-9a-f]+\]) ; -> IPA\.PASS\.CENTROID \1, \2 ;"]),
    "sample-shading-off": ("hit", ["persample 0"], []),
    "mrt-broadcast": ({"hit", "keep"}, [], []),
    "dual-source-setup": ("link", [], []),
    "dual-source": ({"hit", "keep"}, [], []),
    # gl_ClipVertex's distances run only with a plane enabled
    # (JADE_UCP_ENABLE): with none, their stores are left as they are.
    "clip-vertex-setup": ("link", ["clip 0x00"], [r"-a\[0x2c0\].* -> NOP",
                                                  r"-a\[0x2d0\].* -> NOP"]),
    "user-clip-plane": ("link", ["clip 0x01"], [r"-a\[0x2c0\].* -> NOP",
                                                 r"+VS .*AST\.128 a\[0x2d0\].* -> NOP ;"]),
    "no-colours-setup": ("link", [], []),
    # No site of this pair depends on these: the key leaves them out.
    "no-colours-flat-twoside-clamp": ({"hit", "keep"}, [], []),
    "back-to-base": ("hit", [], []),
    # A passthrough GS last before the rasteriser: the same patches, on
    # the GS's stores (the VS keeps every output the GS reads).
    "gs-setup": ("link", [], [r"+GS .*AST\S* a\[0x2a0\].* -> NOP ;", r"-VS 0x"]),
    "gs-flatshade": ("link", ["flatshade 1"],
                     [r"+FS .*IPA\.PASS (R\d+), a\[0x28.\] ; -> IPA\.CONSTANT \1", r"-VS 0x"]),
    "gs-twoside": ("link", ["twoside 1"], [r"-a\[0x2a0\].* -> NOP", r"-VS 0x"]),
    "gs-clip-planes": ("link", ["clip 0x03"], [r"-a\[0x2c0\].* -> NOP", r"-VS 0x"]),
    "gs-vertex-color-unclamped": ("link", ["clamp 0"], [r"-FADD\.SAT", r"-VS 0x"]),
    "gs-back-to-base": ("hit", [], []),
    # Passthrough tessellation stages: the TES is last and patched, the VS
    # and TCS keep their code.
    "tess-setup": ("link", [], [r"+TES .*AST\S* a\[0x2a0\].* -> NOP ;", r"-VS 0x"]),
    "tess-flatshade": ("link", ["flatshade 1"],
                       [r"+FS .*IPA\.PASS (R\d+), a\[0x28.\] ; -> IPA\.CONSTANT \1", r"-VS 0x"]),
    "tess-twoside": ("link", ["twoside 1"], [r"-a\[0x2a0\].* -> NOP", r"-VS 0x"]),
    "tess-clip-planes": ("link", ["clip 0x03"], [r"-a\[0x2c0\].* -> NOP", r"-VS 0x"]),
    "tess-vertex-color-unclamped": ("link", ["clamp 0"], [r"-FADD\.SAT", r"-VS 0x"]),
    "tess-back-to-base": ("hit", [], []),
}

# Per step, a method of the rasterizer state and a field value the step's
# stream must carry.
HW_METHODS = {
    "flatshade": ("SET_SHADE_MODE", ".V = OGL_FLAT"),
    "twoside": ("SET_TWO_SIDED_LIGHT", ".ENABLE = TRUE"),
    "clip-planes": ("SET_USER_CLIP_ENABLE", ".PLANE1 = TRUE"),
    "point-sprite": ("SET_POINT_SPRITE_SELECT", ".TEXTURE0 = GENERATE"),
    "fragment-color-unclamped": ("SET_PS_SATURATE", ".OUTPUT0 = FALSE"),
    "provoking-vertex": ("SET_PROVOKING_VERTEX", ".V = FIRST"),
    "alpha-test": ("SET_ALPHA_TEST", ".ENABLE = TRUE"),
    "dual-source": ("SET_BLEND_COLOR_DEST_COEFF", ".V = OGL_SRC1COLOR"),
    "user-clip-plane": ("SET_USER_CLIP_ENABLE", ".PLANE0 = TRUE"),
}

# The rewrites a link may make (docs/linkage.md, patch sites).
REWRITES = [
    r"AST\S* a\[0x[0-9a-f]+\], R\d+(, R\d+)? ; -> NOP ;",  # (a GS's: the vertex)
    r"IPA\S* (R\d+), a\[0x[0-9a-f]+\] ; -> MOV \1, 0x[0-9a-f]+ ;",
    r"IPA\.PASS(\S*) (R\d+), (a\[0x[0-9a-f]+\]) ; -> IPA\.CONSTANT \2, \3 ;",
    r"IPA\.PASS (R\d+), (a\[0x[0-9a-f]+\]) ; -> IPA\.PASS\.CENTROID \1, \2 ;",
    r"FMUL(\S*) (R\d+), (-?R\d+), R\d+ ; -> FMUL\1 \2, \3, 1 ;",
    # (the FMUL by w fused into an add: jade_opt_operands.c)
    r"FFMA(\S*) (R\d+), (-?R\d+), R\d+, ([^;]*) ; -> FFMA\1 \2, \3, 1, \4 ;",
    r"FFMA(\S*) (R\d+), (-?R\d+), R\d+, ([^;]*) ; -> FADD\S* \2, \3, \4 ;",
    r"(FADD|FMUL|FFMA)\S* ([^;]*) ; -> \1\S*\.SAT\S* \2 ;",
]


def main():
    with_jade, test = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "shim-report")
        env = stack_log.env(report, dict(os.environ, JADE_DEBUG="nos,pb"))
        run = subprocess.run([with_jade, test], env=env, capture_output=True, text=True,
                             timeout=300)
        stack = stack_log.problems(run.stderr, report)
    log = run.stderr.splitlines()
    failures = 0

    def check(ok, what):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + what)
        failures += not ok

    check(run.returncode == 0, f"test-gl-nos exits 0, no GL error (got {run.returncode})")
    check(not stack, "Jade loaded, no shim refusal, no failed submission" +
          (f" ({stack})" if stack else ""))

    steps, streams, current = {}, {}, None
    for line in log:
        m = re.match(r"nos-test: step (\S+)", line)
        if m:
            current = m.group(1)
            steps[current] = []
            streams[current] = []
        elif current and line.startswith("jade: nos:"):
            steps[current].append(line[len("jade: nos: "):])
        elif current and line.startswith("\t"):
            streams[current].append(line.strip())
        elif line.startswith("nos-test:"):
            print(line)

    # The hardware's share of the NOS (docs/linkage.md): the rasterizer's
    # methods in the step's submitted stream (JADE_DEBUG=pb).
    for name, (method, field) in HW_METHODS.items():
        text = streams.get(name, [])
        found = any(text[i].endswith("NVC597_" + method) and field in text[i + 1:i + 12]
                    for i in range(len(text)))
        check(found, f"{name}: the stream sets {method} {field}")

    for name, (want, key_fields, patterns) in STEPS.items():
        lines = steps.get(name)
        if lines is None:
            check(False, f"{name}: step ran")
            continue
        compiles = [l for l in lines if l.startswith("compile ")]
        links = [l for l in lines if l.startswith("link ")]
        hits = [l for l in lines if l.startswith("hit ")]
        did = "link" if links else "hit" if hits else "keep"
        allowed = want if isinstance(want, set) else {want}
        check(not compiles, f"{name}: nothing compiled")
        check(did in allowed, f"{name}: {did} (expected {' or '.join(sorted(allowed))})")
        head = (links or hits or [""])[0]
        for field in key_fields:
            check(field in head, f"{name}: key has '{field}'")
        patched = [l.strip() for l in lines if re.match(r"\s+(VS|TES|GS|FS) 0x", l)]
        for p in patterns:
            found = any(re.search(p[1:], l) for l in patched)
            check(found if p[0] == "+" else not found,
                  f"{name}: {'a' if p[0] == '+' else 'no'} patched line /{p[1:]}/")

    all_patched = [l.strip() for ls in steps.values() for l in ls
                   if re.match(r"\s+(VS|TES|GS|FS) 0x", l)]
    bad = [l for l in all_patched
           if "not a patch site" in l or
           not any(re.search(r, l.split(": ", 1)[1]) for r in REWRITES)]
    for l in bad[:10]:
        print("   unexpected rewrite:", l)
    check(all_patched and not bad,
          f"all {len(all_patched)} patched instructions are patch sites in an intended form")

    setup = steps.get("setup", [])
    ncompiles = sum(1 for l in setup if l.startswith("compile "))
    end = [l for l in log if "context destroyed" in l]
    m = re.search(r"(\d+) compiles, (\d+) links, (\d+) hits, (\d+) patches", end[-1] if end else "")
    check(bool(m) and int(m.group(1)) == ncompiles,
          f"compile counter at the end equals setup's ({ncompiles})")
    if m:
        print(f"   counters: {m.group(1)} compiles, {m.group(2)} links, {m.group(3)} hits, "
              f"{m.group(4)} patches")
    # The driver's own counters through GL (AMD_performance_monitor),
    # over every step after setup.
    m2 = [re.search(r"counters over the steps: (\d+) compiles, (\d+) links, (\d+) hits", l)
          for l in log]
    m2 = [m for m in m2 if m]
    after_setup = [l for name, ls in steps.items() if name != "setup" for l in ls]
    links = sum(1 for l in after_setup if l.startswith("link "))
    hits = sum(1 for l in after_setup if l.startswith("hit "))
    check(bool(m2) and int(m2[0][1]) == 0 and int(m2[0][2]) == links and int(m2[0][3]) == hits,
          f"driver queries (AMD_performance_monitor): 0 compiles, {links} links, {hits} hits "
          f"after setup" + (f" (got {m2[0][1]}, {m2[0][2]}, {m2[0][3]})" if m2 else " (none)"))
    print(f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
