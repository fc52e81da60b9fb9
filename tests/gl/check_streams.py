#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_streams.py WITH_JADE TEST_GL_STREAMS CASE: runs one case of
test-gl-streams under Jade with JADE_DEBUG=pb and checks the decoded
stream it submitted for the state it must carry (not byte for byte): the
state in effect at each of the case's draws (the last value of every
method before it, AT_DRAWS) with field values, the number of draws, the
order of the methods whose order matters (SEQUENCES), and no method
outside NVIDIA's class definitions."""

import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import stack_log  # noqa: E402

GENXML = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "jade",
                      "genxml")

# (method, {field: value}): a method of the stream with these fields.
# The 3D state without a documented reset value that both drivers run on
# Turing set when their context starts (NVK nvk_push_draw_state_init in
# nvk_cmd_draw.c, nvc0's screen init in nvc0_screen.c): required in effect
# at every draw, clear and launch, with their values.
CONTEXT = [
    ("SET_DA_OUTPUT", {"VERTEX_ID_USES_ARRAY_START": "TRUE"}),
    ("SET_CT_MRT_ENABLE", {"V": "TRUE"}),
    ("SET_PS_OUTPUT_SAMPLE_MASK_USAGE", {"ENABLE": "TRUE",
                                         "QUALIFY_BY_ANTI_ALIAS_ENABLE": "ENABLE"}),
    ("SET_RENDER_ENABLE_C", {"MODE": "TRUE"}),
    ("SET_VIEWPORT_SCALE_OFFSET", {"ENABLE": "TRUE"}),
    ("SET_ACTIVE_ZCULL_REGION", {"ID": "(0x3f)"}),
    ("SET_PIPELINE_SHADER(0)", {"ENABLE": "FALSE", "TYPE": "VERTEX_CULL_BEFORE_FETCH"}),
    ("SET_PIPELINE_SHADER(2)", {"ENABLE": "FALSE", "TYPE": "TESSELLATION_INIT"}),
    ("SET_PIPELINE_SHADER(3)", {"ENABLE": "FALSE", "TYPE": "TESSELLATION"}),
    ("SET_PIPELINE_SHADER(4)", {"ENABLE": "FALSE", "TYPE": "GEOMETRY"}),
    ("SET_EDGE_FLAG", {"V": "TRUE"}),
    ("SET_POINT_CENTER_MODE", {"V": "OGL"}),
    ("SET_WINDOW_ORIGIN", {"MODE": "UPPER_LEFT", "FLIP_Y": "FALSE"}),
    ("SET_VIEWPORT_PIXEL", {"CENTER": "AT_HALF_INTEGERS"}),
    ("SET_ATTRIBUTE_DEFAULT", {"COLOR_FRONT_DIFFUSE": "VECTOR_0001",
                               "COLOR_FRONT_SPECULAR": "VECTOR_0001",
                               "GENERIC_VECTOR": "VECTOR_0001",
                               "FIXED_FNC_TEXTURE": "VECTOR_0001",
                               "DX9_COLOR0": "VECTOR_0001",
                               "DX9_COLOR1_TO_COLOR15": "VECTOR_0000"}),
    ("SET_BLEND_OPT_CONTROL", {"ALLOW_FLOAT_PIXEL_KILLS": "TRUE"}),
    ("SET_BLEND_FLOAT_OPTION", {"ZERO_TIMES_ANYTHING_IS_ZERO": "TRUE"}),
    # Jade writes all eight SET_CT_WRITE masks (nvc0's COLOR_MASK_COMMON
    # FALSE with independent masks).
    ("SET_SINGLE_CT_WRITE_CONTROL", {"ENABLE": "FALSE"}),
    # Both drivers declare 3/3 on Turing; NVK then runs NAK's version-4
    # headers, as Jade does.
    ("CHECK_SPH_VERSION", {"CURRENT": "(0x3)", "OLDEST_SUPPORTED": "(0x3)"}),
    ("CHECK_AAM_VERSION", {"CURRENT": "(0x2)", "OLDEST_SUPPORTED": "(0x2)"}),
    # Set from the rasterizer state; its reset value is not documented.
    ("SET_VIEWPORT_CLIP_CONTROL", {"PIXEL_MIN_Z": "CLAMP", "PIXEL_MAX_Z": "CLAMP"}),
]

COMMON = CONTEXT + [
    ("SET_PIPELINE_SHADER(1)", {"ENABLE": "TRUE", "TYPE": "VERTEX"}),
    ("SET_PIPELINE_SHADER(5)", {"ENABLE": "TRUE", "TYPE": "PIXEL"}),
    ("SET_VERTEX_ATTRIBUTE_A(0)", {"STREAM": "(0x0)", "SOURCE": "ACTIVE",
                                   "COMPONENT_BIT_WIDTHS": "R32_G32_B32_A32",
                                   "NUMERICAL_TYPE": "NUM_FLOAT"}),
    ("SET_VERTEX_ATTRIBUTE_A(1)", {"STREAM": "(0x1)", "SOURCE": "ACTIVE",
                                   "COMPONENT_BIT_WIDTHS": "R8_G8_B8_A8",
                                   "NUMERICAL_TYPE": "NUM_UNORM"}),
    ("SET_VERTEX_ATTRIBUTE_A(2)", {"SOURCE": "INACTIVE"}),
    ("SET_VERTEX_STREAM_A_FORMAT(0)", {"STRIDE": "(0x10)", "ENABLE": "TRUE"}),
    ("SET_VERTEX_STREAM_A_FORMAT(1)", {"STRIDE": "(0x4)", "ENABLE": "TRUE"}),
    ("SET_VERTEX_STREAM_A_FORMAT(2)", {"ENABLE": "FALSE"}),
    ("SET_PROVOKING_VERTEX", {"V": "LAST"}),
    ("SET_DEPTH_TEST", {"ENABLE": "FALSE"}),
    ("SET_CT_WRITE(0)", {"R_ENABLE": "TRUE", "A_ENABLE": "TRUE"}),
    ("SET_VIEWPORT_SCALE_X(0)", {"V": "16.000000f (0x41800000)"}),
    ("SET_VIEWPORT_OFFSET_Y(0)", {"V": "16.000000f (0x41800000)"}),
    ("SET_VIEWPORT_CLIP_HORIZONTAL(0)", {"X0": "(0x0)", "WIDTH": "(0x20)"}),
    ("SET_SCISSOR_ENABLE(0)", {"V": "TRUE"}),
    ("BIND_GROUP_CONSTANT_BUFFER(0)", {"VALID": "TRUE", "SHADER_SLOT": "(0xf)"}),
    ("BIND_GROUP_CONSTANT_BUFFER(4)", {"VALID": "TRUE", "SHADER_SLOT": "(0xf)"}),
    ("BIND_GROUP_CONSTANT_BUFFER(0)", {"VALID": "TRUE", "SHADER_SLOT": "(0x0)"}),
    ("SET_SCISSOR_HORIZONTAL(0)", {"XMIN": "(0x4)", "XMAX": "(0x14)"}),
    ("SET_SCISSOR_VERTICAL(0)", {"YMIN": "(0x8)", "YMAX": "(0x14)"}),
]

# Per case: the state in effect at its draws (3D draws; CLEAR_SURFACE for
# clears; SEND_PCAS_A for compute launches), in the order the case makes
# them: (draws, [(method, {field: value})]) with draws "each" or a tuple of
# indices.  Compute methods are named COMPUTE:NAME.  The state is the last value of every method up to and
# including the draw's own methods (context set-up included: what the
# GPU would use).  DRAWS gives how many draws each case must make.
BEGIN_TRIANGLES = ("BEGIN", {"OP": "TRIANGLES", "INSTANCE_ID": "FIRST"})
AT_DRAWS = {
    "triangle": [
        ("each", COMMON + [BEGIN_TRIANGLES,
                           ("SET_VERTEX_ARRAY_START", {"V": "(0x0)"}),
                           ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"}),
                           ("SET_GLOBAL_BASE_INSTANCE_INDEX", {"V": "(0x0)"}),
                           # The base vertex applies to array draws too.
                           ("SET_GLOBAL_BASE_VERTEX_INDEX", {"V": "(0x0)"}),
                           ("SET_VERTEX_ID_BASE", {"V": "(0x0)"}),
                           ("SET_STREAM_OUTPUT", {"ENABLE": "FALSE"})]),
    ],
    "indexed-instanced": [
        ("each", COMMON + [("SET_INDEX_BUFFER_E", {"INDEX_SIZE": "TWO_BYTES"}),
                           ("SET_GLOBAL_BASE_VERTEX_INDEX", {"V": "(0x1)"}),
                           # gl_VertexID includes the base vertex: the
                           # vertex id base moves with it (NVK, nvc0).
                           ("SET_VERTEX_ID_BASE", {"V": "(0x1)"}),
                           ("SET_INDEX_BUFFER_F", {"FIRST": "(0x0)"}),
                           ("SET_INDEX_BUFFER_SIZE_B", {"LOWER": "(0xc)"}),
                           ("DRAW_INDEX_BUFFER", {"COUNT": "(0x6)"}),
                           ("BEGIN", {"OP": "TRIANGLES"})]),
        ((0,), [("BEGIN", {"INSTANCE_ID": "FIRST"})]),
        ((1, 2), [("BEGIN", {"INSTANCE_ID": "SUBSEQUENT"})]),
    ],
    "clear": [
        ("each", [c for c in CONTEXT if c[0] != "SET_VIEWPORT_CLIP_CONTROL"] + [
            ("SET_COLOR_TARGET_FORMAT(0)", {"V": "A8B8G8R8"}),
            ("SET_COLOR_TARGET_MEMORY(0)", {"LAYOUT": "BLOCKLINEAR", "BLOCK_HEIGHT": "FOUR_GOBS"}),
            ("SET_COLOR_TARGET_WIDTH(0)", {"V": "(0x20)"}),
            ("SET_COLOR_TARGET_HEIGHT(0)", {"V": "(0x20)"}),
            ("SET_CT_SELECT", {"TARGET_COUNT": "(0x1)", "TARGET0": "(0x0)"}),
            ("SET_ZT_FORMAT", {"V": "S8Z24"}),
            ("SET_ZT_BLOCK_SIZE", {"HEIGHT": "FOUR_GOBS"}),
            ("SET_ZT_SIZE_A", {"WIDTH": "(0x20)"}),
            ("SET_ZT_SIZE_B", {"HEIGHT": "(0x20)"}),
            ("SET_ZT_SELECT", {"TARGET_COUNT": "(0x1)"}),
            ("SET_SURFACE_CLIP_HORIZONTAL", {"WIDTH": "(0x20)"}),
            ("SET_SURFACE_CLIP_VERTICAL", {"HEIGHT": "(0x20)"}),
            ("SET_CLEAR_SURFACE_CONTROL", {"USE_CLEAR_RECT": "TRUE", "USE_SCISSOR0": "FALSE"}),
        ]),
        ((0, 1), [("SET_CLEAR_RECT_HORIZONTAL", {"XMIN": "(0x0)", "XMAX": "(0x20)"}),
                  ("SET_CLEAR_RECT_VERTICAL", {"YMIN": "(0x0)", "YMAX": "(0x20)"})]),
        ((0,), [("SET_COLOR_CLEAR_VALUE(0)", {"V": "(0x3e800000)"}),
                ("SET_COLOR_CLEAR_VALUE(1)", {"V": "(0x3f000000)"}),
                ("SET_COLOR_CLEAR_VALUE(2)", {"V": "(0x3f400000)"}),
                ("SET_COLOR_CLEAR_VALUE(3)", {"V": "(0x3f800000)"}),
                ("CLEAR_SURFACE", {"R_ENABLE": "TRUE", "G_ENABLE": "TRUE", "B_ENABLE": "TRUE",
                                   "A_ENABLE": "TRUE", "Z_ENABLE": "FALSE",
                                   "STENCIL_ENABLE": "FALSE", "MRT_SELECT": "(0x0)",
                                   "RT_ARRAY_INDEX": "(0x0)"})]),
        ((1,), [("SET_Z_CLEAR_VALUE", {"V": "0.500000f (0x3f000000)"}),
                ("SET_STENCIL_CLEAR_VALUE", {"V": "(0x5a)"}),
                ("CLEAR_SURFACE", {"Z_ENABLE": "TRUE", "STENCIL_ENABLE": "TRUE",
                                   "R_ENABLE": "FALSE", "A_ENABLE": "FALSE"})]),
        # The scissored clear: the rectangle is the scissor box.
        ((2,), [("SET_CLEAR_RECT_HORIZONTAL", {"XMIN": "(0x8)", "XMAX": "(0x18)"}),
                ("SET_CLEAR_RECT_VERTICAL", {"YMIN": "(0x4)", "YMAX": "(0xc)"}),
                ("SET_COLOR_CLEAR_VALUE(0)", {"V": "(0x3f800000)"}),
                ("SET_COLOR_CLEAR_VALUE(1)", {"V": "(0x0)"}),
                ("SET_COLOR_CLEAR_VALUE(2)", {"V": "(0x0)"}),
                ("SET_COLOR_CLEAR_VALUE(3)", {"V": "(0x3f800000)"}),
                ("CLEAR_SURFACE", {"R_ENABLE": "TRUE", "A_ENABLE": "TRUE", "Z_ENABLE": "FALSE",
                                   "STENCIL_ENABLE": "FALSE", "MRT_SELECT": "(0x0)"})]),
    ],
    "textured-quad": [
        ("each", COMMON + [
            ("SET_TEX_HEADER_POOL_C", {"MAXIMUM_INDEX": "(0xffff)"}),
            ("SET_TEX_SAMPLER_POOL_C", {"MAXIMUM_INDEX": "(0xfff)"}),
            ("SET_SAMPLER_BINDING", {"V": "INDEPENDENTLY"}),
            ("SET_BINDLESS_TEXTURE", {"CONSTANT_BUFFER_SLOT_SELECT": "(0xf)"}),
            ("BEGIN", {"OP": "TRIANGLE_STRIP", "INSTANCE_ID": "FIRST"}),
            ("SET_VERTEX_ARRAY_START", {"V": "(0x0)"}),
            ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x4)"}),
        ]),
    ],
    "compute": [
        ("each", [c for c in CONTEXT if c[0] != "SET_VIEWPORT_CLIP_CONTROL"] + [
            ("COMPUTE:SET_TEX_HEADER_POOL_C", {"MAXIMUM_INDEX": "(0xffff)"}),
            ("COMPUTE:SET_TEX_SAMPLER_POOL_C", {"MAXIMUM_INDEX": "(0xfff)"}),
            ("COMPUTE:SET_BINDLESS_TEXTURE", {"CONSTANT_BUFFER_SLOT_SELECT": "(0x7)"}),
            ("COMPUTE:SET_SHADER_SHARED_MEMORY_WINDOW_B", {"BASE_ADDRESS": "(0xfe000000)"}),
            ("COMPUTE:SET_SHADER_LOCAL_MEMORY_WINDOW_B", {"BASE_ADDRESS": "(0xff000000)"}),
            ("COMPUTE:SEND_SIGNALING_PCAS_B", {"INVALIDATE": "TRUE", "SCHEDULE": "TRUE"}),
            ("COMPUTE:INVALIDATE_SHADER_CACHES", {"INSTRUCTION": "TRUE"}),
        ]),
    ],
    "queries": [
        # Draws 1 and 2 are conditional (below); the first renders always.
        ("each", [c for c in COMMON if c[0] != "SET_RENDER_ENABLE_C"] +
         [BEGIN_TRIANGLES, ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"})]),
        ((0,), [("SET_RENDER_ENABLE_C", {"MODE": "TRUE"})]),
        # The first draw counts samples and renders unconditionally; the
        # second and third render if their query's reports differ.
        ((0,), [("SET_ZPASS_PIXEL_COUNT", {"ENABLE": "TRUE"}),
                ("SET_REPORT_SEMAPHORE_D", {"OPERATION": "REPORT_ONLY",
                                            "REPORT": "NONE"})]),
        ((1, 2), [("SET_RENDER_ENABLE_C", {"MODE": "RENDER_IF_NOT_EQUAL"})]),
    ],
    "indirect": [
        ("each", COMMON + [("BEGIN", {"OP": "TRIANGLES"})]),
        ((0, 1), [("SET_GLOBAL_BASE_INSTANCE_INDEX", {"V": "(0x0)"}),
                  ("SET_VERTEX_ARRAY_START", {"V": "(0x1)"}),
                  ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"})]),
        ((0,), [("BEGIN", {"INSTANCE_ID": "FIRST"})]),
        ((1,), [("BEGIN", {"INSTANCE_ID": "SUBSEQUENT"})]),
        ((2,), [("SET_GLOBAL_BASE_INSTANCE_INDEX", {"V": "(0x5)"}),
                ("BEGIN", {"INSTANCE_ID": "FIRST"}),
                ("SET_VERTEX_ARRAY_START", {"V": "(0x0)"}),
                ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x4)"})]),
    ],
    "transform-feedback": [
        # Position (a[0x70] = word 0x1c) then generic 0 (a[0x80], 0x20),
        # 8 words a vertex, into buffer 0 from its start.
        ((0,), COMMON + [
            BEGIN_TRIANGLES, ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"}),
            ("SET_STREAM_OUTPUT", {"ENABLE": "TRUE"}),
            ("SET_STREAM_OUT_BUFFER_ENABLE(0)", {"V": "TRUE"}),
            ("SET_STREAM_OUT_BUFFER_ENABLE(1)", {"V": "FALSE"}),
            ("SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER(0)", {"START_OFFSET": "(0x0)"}),
            ("SET_STREAM_OUT_CONTROL_STREAM(0)", {"SELECT": "(0x0)"}),
            ("SET_STREAM_OUT_CONTROL_COMPONENT_COUNT(0)", {"MAX": "(0x8)"}),
            ("SET_STREAM_OUT_CONTROL_STRIDE(0)", {"BYTES": "(0x20)"}),
            ("SET_STREAM_OUT_LAYOUT_SELECT(0,0)", {"ATTRIBUTE_NUMBER00": "(0x1c)",
                                                   "ATTRIBUTE_NUMBER01": "(0x1d)",
                                                   "ATTRIBUTE_NUMBER02": "(0x1e)",
                                                   "ATTRIBUTE_NUMBER03": "(0x1f)"}),
            ("SET_STREAM_OUT_LAYOUT_SELECT(0,1)", {"ATTRIBUTE_NUMBER00": "(0x20)",
                                                   "ATTRIBUTE_NUMBER01": "(0x21)",
                                                   "ATTRIBUTE_NUMBER02": "(0x22)",
                                                   "ATTRIBUTE_NUMBER03": "(0x23)"}),
        ]),
    ],
    "map-waits": [
        ("each", COMMON + [BEGIN_TRIANGLES, ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"})]),
    ],
    "mrt": [
        ("each", COMMON + [
            BEGIN_TRIANGLES, ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"}),
            ("SET_CT_SELECT", {"TARGET_COUNT": "(0x3)", "TARGET0": "(0x0)", "TARGET1": "(0x1)",
                               "TARGET2": "(0x2)"}),
            ("SET_COLOR_TARGET_FORMAT(0)", {"V": "A8B8G8R8"}),
            ("SET_COLOR_TARGET_FORMAT(1)", {"V": "RF16_GF16_BF16_AF16"}),
            ("SET_COLOR_TARGET_FORMAT(2)", {"V": "RU32"}),
            # Layer 2 of level 1 of a 64x64x4 RGBA16F array: 256 B x 32 rows
            # (4 GOBs high); a layer is 32 KiB + 8 KiB, the pitch in words.
            ("SET_COLOR_TARGET_WIDTH(1)", {"V": "(0x20)"}),
            ("SET_COLOR_TARGET_HEIGHT(1)", {"V": "(0x20)"}),
            ("SET_COLOR_TARGET_MEMORY(1)", {"BLOCK_HEIGHT": "FOUR_GOBS"}),
            ("SET_COLOR_TARGET_THIRD_DIMENSION(1)", {"V": "(0x4)"}),
            ("SET_COLOR_TARGET_ARRAY_PITCH(1)", {"V": "(0x2800)"}),
            ("SET_COLOR_TARGET_LAYER(1)", {"OFFSET": "(0x2)"}),
            ("SET_COLOR_TARGET_WIDTH(2)", {"V": "(0x20)"}),
            ("SET_COLOR_TARGET_HEIGHT(2)", {"V": "(0x20)"}),
            ("SET_CT_WRITE(1)", {"R_ENABLE": "TRUE", "A_ENABLE": "TRUE"}),
            ("SET_CT_WRITE(2)", {"R_ENABLE": "TRUE"}),
            # Outputs to their own targets: the method from channel setup.
            ("SET_CT_MRT_ENABLE", {"V": "TRUE"}),
        ]),
    ],
    "msaa": [
        ("each", COMMON + [
            BEGIN_TRIANGLES, ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"}),
            # 4x as 2X2: the target counts samples (32 x 32 pixels).
            ("SET_ANTI_ALIAS", {"SAMPLES": "MODE_2X2"}),
            ("SET_COLOR_TARGET_WIDTH(0)", {"V": "(0x40)"}),
            ("SET_COLOR_TARGET_HEIGHT(0)", {"V": "(0x40)"}),
            # glSampleMaski(0, 0x5) in every quad position.
            ("SET_SAMPLE_MASK_X0_Y0", {"V": "(0x5)"}),
            ("SET_SAMPLE_MASK_X1_Y1", {"V": "(0x5)"}),
            # glMinSampleShading(1.0): 4 passes, centroid per pass.
            ("SET_HYBRID_ANTI_ALIAS_CONTROL", {"PASSES": "(0x4)", "CENTROID": "PER_PASS"}),
            # D3D's 4x positions in sixteenths: (6,2) (14,6) (2,10) (10,14).
            ("SET_ANTI_ALIAS_SAMPLE_POSITIONS(0)", {"X0": "(0x6)", "Y0": "(0x2)",
                                                    "X1": "(0xe)", "Y1": "(0x6)",
                                                    "X2": "(0x2)", "Y2": "(0xa)",
                                                    "X3": "(0xa)", "Y3": "(0xe)"}),
            ("SET_CT_MRT_ENABLE", {"V": "TRUE"}),
        ]),
    ],
}
def without(state, *methods):
    """The state less the given methods (a case that sets them otherwise)."""
    return [m for m in state if m[0] not in methods]


# A draw with a geometry stage (slot 4, bind group 3 with its driver bank)
# and one after it without (the slot off again).
AT_DRAWS["geometry"] = [
    ((0,), without(COMMON, "SET_PIPELINE_SHADER(4)") + [
        ("SET_PIPELINE_SHADER(4)", {"ENABLE": "TRUE", "TYPE": "GEOMETRY"}),
        ("SET_PIPELINE_BINDING(4)", {"GROUP": "(0x3)"}),
        ("BIND_GROUP_CONSTANT_BUFFER(3)", {"VALID": "TRUE", "SHADER_SLOT": "(0xf)"}),
        BEGIN_TRIANGLES, ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"})]),
    ((1,), COMMON + [BEGIN_TRIANGLES, ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"})]),
]
# A tessellated draw: TCS in slot 2 (bind group 1), TES in slot 3 (group
# 2), a patch of 3 control points, the TES's domain and GL's ccw as the
# hardware's TRIANGLES_CW (include/jade/jade_compiler.h: codegen's and
# NVK's practice), drawn as PATCH; then a draw without them.
AT_DRAWS["tessellation"] = [
    ((0,), without(COMMON, "SET_PIPELINE_SHADER(2)", "SET_PIPELINE_SHADER(3)") + [
        ("SET_PIPELINE_SHADER(2)", {"ENABLE": "TRUE", "TYPE": "TESSELLATION_INIT"}),
        ("SET_PIPELINE_SHADER(3)", {"ENABLE": "TRUE", "TYPE": "TESSELLATION"}),
        ("SET_PIPELINE_BINDING(2)", {"GROUP": "(0x1)"}),
        ("SET_PIPELINE_BINDING(3)", {"GROUP": "(0x2)"}),
        ("BIND_GROUP_CONSTANT_BUFFER(1)", {"VALID": "TRUE", "SHADER_SLOT": "(0xf)"}),
        ("BIND_GROUP_CONSTANT_BUFFER(2)", {"VALID": "TRUE", "SHADER_SLOT": "(0xf)"}),
        ("SET_PATCH", {"SIZE": "(0x3)"}),
        ("SET_TESSELLATION_PARAMETERS", {"DOMAIN_TYPE": "TRIANGLE", "SPACING": "INTEGER",
                                         "OUTPUT_PRIMITIVES": "TRIANGLES_CW"}),
        ("BEGIN", {"OP": "PATCH", "INSTANCE_ID": "FIRST"}),
        ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"})]),
    ((1,), COMMON + [BEGIN_TRIANGLES, ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"})]),
]
DRAWS = {"geometry": 2, "tessellation": 2, "triangle": 1, "indexed-instanced": 3, "clear": 3, "textured-quad": 1, "compute": 1,
         "queries": 3, "indirect": 3, "map-waits": 2, "mrt": 1, "msaa": 1,
         # The capture, then glDrawTransformFeedback's DRAW_AUTO.
         "transform-feedback": 2}

# Per case: methods that must follow one another, in this order.
SEQUENCES = {
    "geometry": [
        ("SET_PIPELINE_SHADER(4)", {"ENABLE": "TRUE"}),
        ("BEGIN", {"OP": "TRIANGLES"}), ("DRAW_VERTEX_ARRAY", {}), ("END", {}),
        ("SET_PIPELINE_SHADER(4)", {"ENABLE": "FALSE"}),
        ("BEGIN", {"OP": "TRIANGLES"}), ("DRAW_VERTEX_ARRAY", {}), ("END", {}),
    ],
    "tessellation": [
        ("SET_PIPELINE_SHADER(2)", {"ENABLE": "TRUE"}),
        ("SET_PIPELINE_SHADER(3)", {"ENABLE": "TRUE"}),
        ("BEGIN", {"OP": "PATCH"}), ("DRAW_VERTEX_ARRAY", {}), ("END", {}),
        ("SET_PIPELINE_SHADER(2)", {"ENABLE": "FALSE"}),
        ("SET_PIPELINE_SHADER(3)", {"ENABLE": "FALSE"}),
        ("BEGIN", {"OP": "TRIANGLES"}), ("DRAW_VERTEX_ARRAY", {}), ("END", {}),
    ],
    "triangle": [
        ("BEGIN", {"OP": "TRIANGLES", "INSTANCE_ID": "FIRST"}),
        ("SET_VERTEX_ARRAY_START", {"V": "(0x0)"}),
        ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"}),
        ("END", {}),
    ],
    "indexed-instanced": [
        ("SET_INDEX_BUFFER_E", {"INDEX_SIZE": "TWO_BYTES"}),
        ("SET_GLOBAL_BASE_VERTEX_INDEX", {"V": "(0x1)"}),
        ("BEGIN", {"OP": "TRIANGLES", "INSTANCE_ID": "FIRST"}),
        ("DRAW_INDEX_BUFFER", {"COUNT": "(0x6)"}),
        ("END", {}),
        ("BEGIN", {"INSTANCE_ID": "SUBSEQUENT"}),
        ("DRAW_INDEX_BUFFER", {"COUNT": "(0x6)"}),
        ("END", {}),
        ("BEGIN", {"INSTANCE_ID": "SUBSEQUENT"}),
        ("DRAW_INDEX_BUFFER", {"COUNT": "(0x6)"}),
        ("END", {}),
    ],
    "clear": [
        ("SET_CLEAR_SURFACE_CONTROL", {"USE_CLEAR_RECT": "TRUE", "USE_SCISSOR0": "FALSE"}),
        ("SET_CLEAR_RECT_HORIZONTAL", {"XMIN": "(0x0)", "XMAX": "(0x20)"}),
        ("SET_CLEAR_RECT_VERTICAL", {"YMIN": "(0x0)", "YMAX": "(0x20)"}),
        ("SET_COLOR_CLEAR_VALUE(0)", {"V": "(0x3e800000)"}),
        ("SET_COLOR_CLEAR_VALUE(3)", {"V": "(0x3f800000)"}),
        ("CLEAR_SURFACE", {"R_ENABLE": "TRUE", "A_ENABLE": "TRUE", "Z_ENABLE": "FALSE",
                           "MRT_SELECT": "(0x0)"}),
        ("SET_Z_CLEAR_VALUE", {"V": "0.500000f (0x3f000000)"}),
        ("SET_STENCIL_CLEAR_VALUE", {"V": "(0x5a)"}),
        ("CLEAR_SURFACE", {"Z_ENABLE": "TRUE", "STENCIL_ENABLE": "TRUE", "R_ENABLE": "FALSE"}),
        # The scissored clear: the rectangle is the scissor box.
        ("SET_CLEAR_RECT_HORIZONTAL", {"XMIN": "(0x8)", "XMAX": "(0x18)"}),
        ("SET_CLEAR_RECT_VERTICAL", {"YMIN": "(0x4)", "YMAX": "(0xc)"}),
        ("SET_COLOR_CLEAR_VALUE(1)", {"V": "(0x0)"}),
        ("CLEAR_SURFACE", {"R_ENABLE": "TRUE", "Z_ENABLE": "FALSE"}),
    ],
    "textured-quad": [
        ("BEGIN", {"OP": "TRIANGLE_STRIP"}),
        ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x4)"}),
        ("END", {}),
    ],
    "compute": [
        ("COMPUTE:INVALIDATE_SHADER_CACHES", {"INSTRUCTION": "TRUE"}),
        ("COMPUTE:SEND_PCAS_A", {}),
        ("COMPUTE:SEND_SIGNALING_PCAS_B", {"INVALIDATE": "TRUE", "SCHEDULE": "TRUE"}),
        ("COMPUTE:WAIT_FOR_IDLE", {}),
        ("COMPUTE:INVALIDATE_SHADER_CACHES", {"DATA": "TRUE", "FLUSH_DATA": "TRUE"}),
    ],
    "map-waits": [
        ("BEGIN", {"OP": "TRIANGLES"}),
        ("END", {}),
    ],
    "transform-feedback": [
        # Position (a[0x70] = word 0x1c) then generic 0 (a[0x80], 0x20),
        # 8 words a vertex.
        ("SET_STREAM_OUT_BUFFER_ENABLE(0)", {"V": "TRUE"}),
        ("SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER(0)", {"START_OFFSET": "(0x0)"}),
        ("SET_STREAM_OUT_CONTROL_COMPONENT_COUNT(0)", {"MAX": "(0x8)"}),
        ("SET_STREAM_OUT_CONTROL_STRIDE(0)", {"BYTES": "(0x20)"}),
        ("SET_STREAM_OUT_LAYOUT_SELECT(0,0)", {"ATTRIBUTE_NUMBER00": "(0x1c)",
                                               "ATTRIBUTE_NUMBER03": "(0x1f)"}),
        ("SET_STREAM_OUT_LAYOUT_SELECT(0,1)", {"ATTRIBUTE_NUMBER00": "(0x20)",
                                               "ATTRIBUTE_NUMBER03": "(0x23)"}),
        ("SET_STREAM_OUTPUT", {"ENABLE": "TRUE"}),
        ("BEGIN", {"OP": "TRIANGLES"}),
        ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"}),
        ("END", {}),
        # Unbinding reports the write pointer; the draw from the captured
        # data is a DRAW_AUTO of 32-byte vertices whose byte count the GPU
        # reads from that report (a pushbuffer splice: jade_push.h).
        ("SET_REPORT_SEMAPHORE_D", {"REPORT": "STREAMING_BYTE_COUNT",
                                    "PIPELINE_LOCATION": "STREAMING_OUTPUT"}),
        ("SET_STREAM_OUTPUT", {"ENABLE": "FALSE"}),
        ("SET_DRAW_AUTO_START", {"BYTE_COUNT": "(0x0)"}),
        ("SET_DRAW_AUTO_STRIDE", {"V": "(0x20)"}),
        # The host waits for that report's payload before the count's fetch.
        ("NV906F_SEMAPHORED", {"OPERATION": "ACQ_GEQ"}),
        ("BEGIN", {"OP": "TRIANGLES"}),
        ("DRAW_AUTO", {}),
        ("END", {}),
    ],
    "indirect": [
        ("SET_GLOBAL_BASE_INSTANCE_INDEX", {"V": "(0x0)"}),
        ("BEGIN", {"OP": "TRIANGLES", "INSTANCE_ID": "FIRST"}),
        ("SET_VERTEX_ARRAY_START", {"V": "(0x1)"}),
        ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"}),
        ("END", {}),
        ("BEGIN", {"OP": "TRIANGLES", "INSTANCE_ID": "SUBSEQUENT"}),
        ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"}),
        ("END", {}),
        ("SET_GLOBAL_BASE_INSTANCE_INDEX", {"V": "(0x5)"}),
        ("BEGIN", {"OP": "TRIANGLES", "INSTANCE_ID": "FIRST"}),
        ("SET_VERTEX_ARRAY_START", {"V": "(0x0)"}),
        ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x4)"}),
        ("END", {}),
    ],
    "queries": [
        ("SET_ZPASS_PIXEL_COUNT", {"ENABLE": "TRUE"}),
        ("SET_REPORT_SEMAPHORE_D", {"OPERATION": "REPORT_ONLY", "REPORT": "ZPASS_PIXEL_CNT64",
                                    "STRUCTURE_SIZE": "FOUR_WORDS"}),
        ("SET_REPORT_SEMAPHORE_D", {"OPERATION": "REPORT_ONLY", "REPORT": "NONE"}),
        ("BEGIN", {"OP": "TRIANGLES"}),
        ("END", {}),
        ("SET_REPORT_SEMAPHORE_D", {"OPERATION": "REPORT_ONLY", "REPORT": "NONE"}),
        ("SET_REPORT_SEMAPHORE_D", {"REPORT": "ZPASS_PIXEL_CNT64"}),
        ("SET_RENDER_ENABLE_C", {"MODE": "RENDER_IF_NOT_EQUAL"}),
        ("BEGIN", {"OP": "TRIANGLES"}),
        ("END", {}),
        ("SET_RENDER_ENABLE_C", {"MODE": "TRUE"}),
        ("SET_REPORT_SEMAPHORE_D", {"OPERATION": "REPORT_ONLY", "REPORT": "NONE",
                                    "PIPELINE_LOCATION": "ALL"}),
    ],
    "mrt": [
        ("BEGIN", {"OP": "TRIANGLES"}),
        ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"}),
        ("END", {}),
    ],
    # The passes follow the target they count samples of.
    "msaa": [
        ("SET_ANTI_ALIAS", {"SAMPLES": "MODE_2X2"}),
        ("SET_HYBRID_ANTI_ALIAS_CONTROL", {"PASSES": "(0x4)"}),
        ("BEGIN", {"OP": "TRIANGLES"}),
        ("DRAW_VERTEX_ARRAY", {"COUNT": "(0x3)"}),
        ("END", {}),
    ],
}


CLASSES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "subprojects",
                       "mesa", "src", "nouveau", "headers", "nvidia", "classes")


def two_d_methods():
    """{method address: name} of TURING_A's two-index array methods, which
    nv_push's dumper prints as "unknown method" (it decodes one index)."""
    out = {}
    rx = re.compile(r"#define NVC597_(\w+)\(i,j\)\s+\((0x[0-9a-fA-F]+)\+\(i\)\*(\d+)"
                    r"\+\(j\)\*(\d+)\)")
    with open(os.path.join(CLASSES, "clc597.h")) as f:
        for line in f:
            m = rx.match(line)
            if not m:
                continue
            base, si, sj = int(m.group(2), 16), int(m.group(3)), int(m.group(4))
            for i in range(8):
                for j in range(si // sj):
                    out[base + i * si + j * sj] = f"{m.group(1)}({i},{j})"
    return out


TWO_D = two_d_methods()


def parse(lines):
    """[(method, {field: value})] from the dumper's text; a two-index
    method's value is split into its byte fields ATTRIBUTE_NUMBER00..03."""
    out = []
    for line in lines:
        m = re.match(r"\s+mthd ([0-9a-f]+) unknown method", line)
        if m and int(m.group(1), 16) in TWO_D:
            out.append((TWO_D[int(m.group(1), 16)], {}))
            continue
        m = re.match(r"\s+mthd [0-9a-f]+ (\S+)", line)
        if m:
            # 3D methods by their name, compute ones as COMPUTE:NAME (the
            # two classes share many names but not their state).
            name = re.sub(r"^NVC597_", "", m.group(1))
            out.append((re.sub(r"^NVC5C0_", "COMPUTE:", name), {}))
            continue
        m = re.match(r"\s+\.VALUE = 0x([0-9a-f]+)$", line)
        if m and out and out[-1][0] in TWO_D.values():
            v = int(m.group(1), 16)
            for k in range(4):
                out[-1][1][f"ATTRIBUTE_NUMBER{k:02d}"] = f"({(v >> (8 * k)) & 0xff:#x})"
            continue
        m = re.match(r"\s+\.(\w+) = (.*)$", line)
        if m and out:
            out[-1][1][m.group(1)] = m.group(2).strip()
    return out


def state_key(name, fields):
    """Where a method's value lives in the state: binding methods hold one
    value per slot."""
    if name.startswith("BIND_GROUP_CONSTANT_BUFFER(") and "SHADER_SLOT" in fields:
        return f"{name}[{fields['SHADER_SLOT']}]"
    return name


def is_draw(name):
    # A compute launch is SEND_PCAS_A (the QMD address) then
    # SEND_SIGNALING_PCAS_B (schedule it).
    return name.startswith("DRAW_") or name in ("CLEAR_SURFACE", "COMPUTE:SEND_SIGNALING_PCAS_B")


def states_at_draws(stream):
    """[(draw method, {state key: fields})]: the last value of every method
    up to and including each draw."""
    state, out = {}, []
    for name, fields in stream:
        key = state_key(name, fields)
        state[key] = fields
        if is_draw(name):
            out.append((name, dict(state)))
    return out


def check_draw_state(case, stream, after, check):
    """AT_DRAWS[case] against the state at each of the case's draws."""
    before = len(states_at_draws(stream)) - len(states_at_draws(after))
    draws = states_at_draws(stream)[before:]
    want = DRAWS[case]
    if want is not None:
        check(len(draws) == want, f"{want} draws (got {len(draws)}: {[d for d, _ in draws]})")
    for which, expected in AT_DRAWS[case]:
        indices = range(len(draws)) if which == "each" else which
        for i in indices:
            if i >= len(draws):
                check(False, f"draw {i} exists")
                continue
            state = draws[i][1]
            for name, fields in expected:
                got = state.get(state_key(name, fields), {})
                bad = {k: got.get(k) for k, v in fields.items() if got.get(k) != v}
                check(not bad, f"draw {i} ({draws[i][0]}): {name} {fields}" +
                      (f" (got {bad})" if bad else ""))
    return draws


def value(fields, key):
    m = re.search(r"\(0x([0-9a-f]+)\)", fields.get(key, ""))
    return int(m.group(1), 16) if m else None


def genxml_fields(xml, struct):
    """{field: (start, end)} of a struct in one of src/jade/genxml's files."""
    root = ET.parse(os.path.join(GENXML, xml)).getroot()
    for st in root.iter("struct"):
        if st.get("name") == struct:
            return {f.get("name"): (int(f.get("start")), int(f.get("end")))
                    for f in st.findall("field")}
    raise KeyError(struct)


def unpack(words, fields):
    bits = sum(w << (32 * i) for i, w in enumerate(words))
    return {n: (bits >> a) & ((1 << (b - a + 1)) - 1) for n, (a, b) in fields.items()}


def descriptors(stream):
    """The texture headers and samplers uploaded inline: (kind, slot, words)
    with kind 'tic' or 'tsc' (told by the cache invalidation that
    follows) and slot the index in its pool."""
    pools, out, i = {}, [], 0
    for name, fields in stream:
        if name in ("SET_TEX_HEADER_POOL_B", "SET_TEX_SAMPLER_POOL_B"):
            pools[name] = value(fields, "OFFSET_LOWER")
    while i < len(stream):
        name, fields = stream[i]
        if name == "OFFSET_OUT":
            dst, words, j = value(fields, "VALUE"), [], i + 1
            while j < len(stream) and stream[j][0] in ("LAUNCH_DMA", "LOAD_INLINE_DATA"):
                if stream[j][0] == "LOAD_INLINE_DATA":
                    words.append(value(stream[j][1], "V"))
                j += 1
            if j < len(stream) and len(words) == 8:
                kind = {"INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI": "tic",
                        "INVALIDATE_SAMPLER_CACHE_NO_WFI": "tsc"}.get(stream[j][0])
                base = pools.get("SET_TEX_HEADER_POOL_B" if kind == "tic" else
                                 "SET_TEX_SAMPLER_POOL_B")
                if kind and base is not None:
                    out.append((kind, (dst - base) // 32, words))
            i = j
        else:
            i += 1
    return out


def cbuf_words(stream):
    """Every constant-buffer load: (offset, [words])."""
    loads = []
    for name, fields in stream:
        if name == "LOAD_CONSTANT_BUFFER_OFFSET":
            loads.append((value(fields, "V"), []))
        elif name.startswith("LOAD_CONSTANT_BUFFER(") and loads:
            loads[-1][1].append(value(fields, "V"))
    return loads


def check_textured_quad(stream, check, log, draws, **_):
    """The sampled texture's header and sampler decode to what the GL
    program set up, and the fragment stage's driver bank binds them."""
    tic_fields = genxml_fields("tic.xml", "tic_bl")
    tsc_fields = genxml_fields("tsc.xml", "tsc")
    want_tic = {"components": 8, "header_version": 3, "texture_type": 1,
                "width_minus_one": 63, "height_minus_one": 63, "max_mip_level": 6,
                "gobs_per_block_height": 3, "res_view_max_mip_level": 6,
                "normalized_coords": 1, "x_source": 2, "y_source": 3, "z_source": 4,
                "w_source": 5, "r_data_type": 2}
    want_tsc = {"address_u": 2, "address_v": 1, "min_filter": 2, "mag_filter": 2,
                "mip_filter": 3}
    descs = descriptors(stream)
    tics = [(slot, unpack(w, tic_fields)) for k, slot, w in descs if k == "tic"]
    tscs = [(slot, unpack(w, tsc_fields)) for k, slot, w in descs if k == "tsc"]
    tic = next((t for t in tics if all(t[1][f] == v for f, v in want_tic.items())), None)
    tsc = next((t for t in tscs if all(t[1][f] == v for f, v in want_tsc.items())), None)
    check(tic is not None, f"a texture header uploaded with {want_tic}"
          + ("" if tic else f" (got {[t[1] for t in tics]})"))
    check(tsc is not None, f"a sampler uploaded with {want_tsc}"
          + ("" if tsc else f" (got {[t[1] for t in tscs]})"))
    if tic and tsc:
        handle = tic[0] | tsc[0] << 20
        bound = any(off is not None and off % 4 == 0 and 0 <= 8 - off // 4 < len(w) and
                    w[8 - off // 4] == handle for off, w in cbuf_words(stream))
        check(bound, f"a driver bank load holds handle {handle:#x} (tic {tic[0]}, tsc {tsc[0]}) "
              "for texture unit 0 (word 8)")
    check_descriptor_invalidates(stream, check)


def check_descriptor_invalidates(stream, check):
    """Each header or sampler cache invalidation after an upload reaches
    the compute class too: its caches are its own (NVK nvk_queue.c,
    nvc0 nve4_compute.c), and a launch would read stale entries."""
    names = [name for name, _ in stream]
    for cache in ("INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI", "INVALIDATE_SAMPLER_CACHE_NO_WFI"):
        at = [i for i, n in enumerate(names) if n == cache]
        check(at and all(i + 1 < len(names) and names[i + 1] == "COMPUTE:" + cache for i in at),
              f"every {cache} ({len(at)}) is followed by COMPUTE:{cache}")


def check_compute(stream, check, log, draws, **_):
    """The QMD the launch printed (JADE_DEBUG=pb) holds the dispatch, and
    SEND_PCAS_A points at it."""
    qmds, cur = [], None
    for line in log:
        m = re.match(r"jade: QMD at 0x([0-9a-f]+):", line)
        if m:
            cur = {"@": int(m.group(1), 16)}
            qmds.append(cur)
            continue
        m = re.match(r"   (\w+(?:\[\d+\])?) = 0x([0-9a-f]+)", line)
        if m and cur is not None:
            cur[m.group(1)] = int(m.group(2), 16)
        elif not line.startswith("   "):
            cur = None
    want = {"qmd_version": 2, "qmd_major_version": 2, "cta_raster_width": 3,
            "cta_raster_height": 2, "cta_raster_depth": 1, "cta_thread_dimension0": 64,
            "cta_thread_dimension1": 2, "cta_thread_dimension2": 1,
            "shared_memory_size": 0x200, "barrier_count": 1,
            "constant_buffer_valid[0]": 1, "constant_buffer_valid[7]": 1,
            "sm_global_caching_enable": 1, "api_visible_call_limit": 1}
    qmd = next((q for q in qmds if all(q.get(k) == v for k, v in want.items())), None)
    check(qmd is not None, f"a QMD with {want}" + ("" if qmd else f" (got {qmds})"))
    if qmd:
        check(qmd.get("program_address", 0) != 0 and qmd.get("register_count_v", 0) > 0,
              "the QMD has a program address and a register count")
        check(qmd.get("constant_buffer_size_shifted4[7]", 0) * 16 >= 0x410,
              "the driver bank c[7] reaches the grid size at 0x400")
        sent = [value(f, "QMD_ADDRESS_SHIFTED8") for n, f in stream
                if n == "COMPUTE:SEND_PCAS_A"]
        check(qmd["@"] >> 8 in sent, f"SEND_PCAS_A sends the QMD's address >> 8 ({sent})")


def check_map_waits(stream, check, log, draws, **_):
    """Submissions between the program's marks: none when mapping a buffer
    only an already-submitted batch used, one when mapping a buffer the
    batch being recorded uses."""
    def between(a, b):
        ia = next(i for i, l in enumerate(log) if l.startswith("streams-test: mark " + a))
        ib = next(i for i, l in enumerate(log) if l.startswith("streams-test: mark " + b))
        return sum(1 for l in log[ia:ib] if l.startswith("jade: pushbuffer"))
    old, new = between("map-old", "map-new"), between("map-new", "done")
    check(old == 0, f"mapping a buffer of a submitted batch submits nothing (got {old})")
    check(new == 1, f"mapping a buffer the current batch uses submits it (got {new})")
    check(any(l.startswith("streams-test: mark done 1") for l in log), "both maps succeed")
    # The second draw reads attribute 1 from the new buffer.
    if len(draws) == 2:
        where = [(d[1].get("SET_VERTEX_STREAM_A_LOCATION_A(1)"),
                  d[1].get("SET_VERTEX_STREAM_A_LOCATION_B(1)")) for d in draws]
        check(where[0] != where[1] and None not in where[1],
              f"the second draw's vertex stream 1 is another buffer ({where})")


EXTRA = {"textured-quad": check_textured_quad, "compute": check_compute,
         "map-waits": check_map_waits}


def matches(item, want):
    name, fields = item
    return name == want[0] and all(fields.get(k) == v for k, v in want[1].items())


def main():
    with_jade, test, case = sys.argv[1:4]
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "shim-report")
        env = stack_log.env(report, dict(os.environ, JADE_DEBUG="pb"))
        run = subprocess.run([with_jade, test, case], env=env, capture_output=True, text=True,
                             timeout=120)
        stack = stack_log.problems(run.stderr, report)
    log = run.stderr.splitlines()
    start = next((i for i, l in enumerate(log) if l.startswith("streams-test: case")), None)
    failures = 0

    def check(ok, what):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + what)
        failures += not ok

    check(run.returncode == 0, f"test-gl-streams {case} exits 0, no GL error "
          f"(got {run.returncode})")
    check(not stack, "Jade loaded, no shim refusal, no failed submission" +
          (f" ({stack})" if stack else ""))
    check(start is not None, "the case ran")
    stream = parse(log)
    after = parse(log[start:] if start is not None else [])
    unknown = [l for l in log if "unknown method" in l and
               int(re.search(r"mthd ([0-9a-f]+)", l).group(1), 16) not in TWO_D]
    check(not unknown, "no method outside the class definitions" +
          (f" ({unknown[:3]})" if unknown else ""))
    draws = check_draw_state(case, stream, after, check)
    if case in EXTRA:
        EXTRA[case](stream=stream, check=check, log=log, draws=draws)
    seq, k = SEQUENCES[case], 0
    for item in after:
        if k < len(seq) and matches(item, seq[k]):
            k += 1
    check(k == len(seq), f"the draw, in order: {' -> '.join(n for n, _ in seq)}"
          + ("" if k == len(seq) else f" (stopped before {seq[k][0]} {seq[k][1]})"))
    print(f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
