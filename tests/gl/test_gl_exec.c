/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * GL programs whose results are read back and checked, for the executing
 * shim (ci/with-jade --exec): test-gl-exec CASE, CASE one of
 *   compute-fill     a storage buffer filled from gl_GlobalInvocationID;
 *   compute-shared   shared memory, a barrier and a uniform (the
 *                    gl-stream-compute shader), read back;
 *   compute-ubo      a uniform block read by a compute shader;
 *   compute-atomics  storage-buffer atomics and an atomic counter from
 *                    every invocation of several groups;
 *   compute-indirect a grid read from a buffer (glDispatchComputeIndirect);
 *   compute-texel-fetch  texelFetch and textureSize of block-linear textures
 *                    of several formats, levels, layers and slices;
 *   compute-local    an array indexed dynamically (local memory: LDL/STL
 *                    in the TLS buffer the driver programs) by every
 *                    invocation of several groups of four warps;
 *   compute-fault    a store far outside its buffer (a GPU fault that kills
 *                    the channel), then more work: the program must go on
 *                    and exit (the checker expects the fault and a failed
 *                    submission, nothing worse).
 * Exits 0 when every word is right, 1 (with the first wrong words) if not.
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdio.h>
#include <string.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include "gl_test_context.h"

static GLuint
program(const char *src)
{
   GLuint cs = gl_test_compile(GL_COMPUTE_SHADER, src);
   GLuint p = glCreateProgram();
   glAttachShader(p, cs);
   glLinkProgram(p);
   glUseProgram(p);
   return p;
}

static GLuint
storage(unsigned words)
{
   GLuint b;
   glGenBuffers(1, &b);
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   glBufferData(GL_SHADER_STORAGE_BUFFER, words * 4, NULL, GL_DYNAMIC_COPY);
   static const GLuint junk = 0xdeadbeef;
   glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &junk);
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
   return b;
}

/* Compares the buffer with want(i); prints the first few differences. */
static int
check(GLuint b, unsigned words, GLuint (*want)(unsigned))
{
   glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   const GLuint *got = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, words * 4, GL_MAP_READ_BIT);
   if (!got) {
      fprintf(stderr, "cannot map the result\n");
      return 1;
   }
   unsigned bad = 0;
   for (unsigned i = 0; i < words; i++) {
      if (got[i] != want(i) && bad++ < 8)
         fprintf(stderr, "word %u: 0x%08x, want 0x%08x\n", i, got[i], want(i));
   }
   glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
   fprintf(stderr, "exec-test: %u of %u words wrong\n", bad, words);
   return bad != 0;
}

/* data[i] = 3 i + 1 over a 160 x 4 grid of 32 x 2 groups (5 x 2 of them). */
static const char *const fill_src =
   "#version 330\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_storage_buffer_object : require\n"
   "layout(local_size_x = 32, local_size_y = 2) in;\n"
   "layout(std430, binding = 0) buffer B { uint data[]; };\n"
   "void main() {\n"
   "   uint i = gl_GlobalInvocationID.y * 160u + gl_GlobalInvocationID.x;\n"
   "   data[i] = i * 3u + 1u;\n"
   "}\n";

static GLuint want_fill(unsigned i) { return i * 3 + 1; }

static int
compute_fill(void)
{
   program(fill_src);
   GLuint b = storage(160 * 4);
   glDispatchCompute(5, 2, 1);
   return check(b, 160 * 4, want_fill);
}

/* s[i] = i * k (k = 3) in each group of 128; word g.x + 192 g.y reads
 * s[127 - i] of its own group. */
static GLuint
want_shared(unsigned w)
{
   unsigned x = w % 192, i = x % 64 + 64 * ((w / 192) % 2);
   return (127 - i) * 3;
}

static int
compute_shared(void)
{
   GLuint p = program("#version 330\n"
                      "#extension GL_ARB_compute_shader : require\n"
                      "#extension GL_ARB_shader_storage_buffer_object : require\n"
                      "layout(local_size_x = 64, local_size_y = 2) in;\n"
                      "layout(std430, binding = 0) buffer B { uint data[]; };\n"
                      "uniform uint k;\n"
                      "shared uint s[128];\n"
                      "void main() {\n"
                      "   uint i = gl_LocalInvocationIndex;\n"
                      "   s[i] = i * k;\n"
                      "   barrier();\n"
                      "   uvec3 g = gl_GlobalInvocationID;\n"
                      "   data[g.x + gl_NumWorkGroups.x * 64u * g.y] = s[127u - i];\n"
                      "}\n");
   glUniform1ui(glGetUniformLocation(p, "k"), 3);
   GLuint b = storage(3 * 2 * 128);
   glDispatchCompute(3, 2, 1);
   return check(b, 3 * 2 * 128, want_shared);
}

static GLuint want_ubo(unsigned i) { return (i % 4 + 1) * 1000 + i; }

static int
compute_ubo(void)
{
   program("#version 330\n"
           "#extension GL_ARB_compute_shader : require\n"
           "#extension GL_ARB_shader_storage_buffer_object : require\n"
           "layout(local_size_x = 64) in;\n"
           "layout(std430, binding = 0) buffer B { uint data[]; };\n"
           "layout(std140, binding = 1) uniform U { uvec4 v; };\n"
           "void main() {\n"
           "   uint i = gl_GlobalInvocationID.x;\n"
           "   data[i] = v[i % 4u] + i;\n"
           "}\n");
   static const GLuint v[4] = {1000, 2000, 3000, 4000};
   GLuint u;
   glGenBuffers(1, &u);
   glBindBuffer(GL_UNIFORM_BUFFER, u);
   glBufferData(GL_UNIFORM_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glBindBufferBase(GL_UNIFORM_BUFFER, 1, u);
   GLuint b = storage(256);
   glDispatchCompute(4, 1, 1);
   return check(b, 256, want_ubo);
}

/* Word 0: atomicAdd of 1 from each of 4 x 64 invocations; word 1: atomicMax
 * of the global index; word 2: atomicOr of bit (index % 32); words 3 and
 * up: the atomic counter's value each invocation got, all different. */
static GLuint
want_atomics(unsigned i)
{
   return i == 0 ? 256 : i == 1 ? 255 : i == 2 ? 0xffffffffu : 0;
}

static int
compute_atomics(void)
{
   program("#version 330\n"
           "#extension GL_ARB_compute_shader : require\n"
           "#extension GL_ARB_shader_storage_buffer_object : require\n"
           "#extension GL_ARB_shader_atomic_counters : require\n"
           "layout(local_size_x = 64) in;\n"
           "layout(std430, binding = 0) buffer B { uint data[]; };\n"
           "layout(binding = 0) uniform atomic_uint counter;\n"
           "void main() {\n"
           "   uint i = gl_GlobalInvocationID.x;\n"
           "   atomicAdd(data[0], 1u);\n"
           "   atomicMax(data[1], i);\n"
           "   atomicOr(data[2], 1u << (i % 32u));\n"
           "   data[3u + i] = atomicCounterIncrement(counter);\n"
           "}\n");
   GLuint b = storage(3 + 256);
   static const GLuint zero[3] = {0, 0, 0};
   glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(zero), zero);
   GLuint ac;
   glGenBuffers(1, &ac);
   glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, ac);
   glBufferData(GL_ATOMIC_COUNTER_BUFFER, 4, zero, GL_DYNAMIC_COPY);
   glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, ac);
   glDispatchCompute(4, 1, 1);
   int bad = check(b, 3, want_atomics);
   /* The counter values: a permutation of 0..255, and the counter at 256. */
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   const GLuint *got = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 12, 256 * 4, GL_MAP_READ_BIT);
   unsigned char seen[256] = {0};
   unsigned dup = 0;
   for (unsigned i = 0; got && i < 256; i++)
      dup += got[i] >= 256 || seen[got[i]]++;
   glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
   glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, ac);
   const GLuint *cnt = glMapBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, 4, GL_MAP_READ_BIT);
   GLuint final = cnt ? *cnt : 0;
   glUnmapBuffer(GL_ATOMIC_COUNTER_BUFFER);
   fprintf(stderr, "exec-test: counter values: %u wrong or repeated, counter %u (want 256)\n",
           dup, final);
   return bad || dup || final != 256;
}

static int
compute_indirect(void)
{
   program(fill_src);
   GLuint b = storage(160 * 4);
   static const GLuint grid[3] = {5, 2, 1};
   GLuint ib;
   glGenBuffers(1, &ib);
   glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, ib);
   glBufferData(GL_DISPATCH_INDIRECT_BUFFER, sizeof(grid), grid, GL_STATIC_DRAW);
   glDispatchComputeIndirect(0);
   return check(b, 160 * 4, want_fill);
}

/* The texel value every test texture holds at (x, y, z) of level l. */
static GLuint
texel_at(unsigned x, unsigned y, unsigned z, unsigned l)
{
   return (x * 7 + y * 13 + z * 29 + l * 61) & 0xff;
}

static GLuint
want_texel_fetch(unsigned i)
{
   /* Words 16 and up: textureSize of each texture (levels 0, 1, 1, 1). */
   static const GLuint sizes[10] = {64, 40, 40, 25, 32, 20, 6, 32, 20, 2};
   if (i >= 16)
      return sizes[i - 16];
   /* 4 fetches a texture: (1, 2, 0, 0), (w-1, h-1, 0, 0), (3, 1, 1, 1) and
    * (5, 3, d-1, 0) of the textures in make_textures' order. */
   static const unsigned at[4][4] = {{1, 2, 0, 0}, {63, 39, 0, 0}, {3, 1, 1, 1}, {5, 3, 4, 0}};
   unsigned t = i / 4, k = i % 4, x = at[k][0], y = at[k][1], z = at[k][2], l = at[k][3];
   if (t == 1 && k == 1)
      x = 80, y = 50;           /* the R32F texture is 81 x 51 */
   if (t < 2)
      z = 0;                    /* 2D: no slice */
   if (t == 2 && k == 2)
      z = 2;                    /* layer 2 of the array */
   if (t == 2 && k == 3)
      z = 5;
   unsigned v = texel_at(x, y, z, l);
   return t == 1 ? v * 2 + 1 : v; /* R32F holds 2v+1 (as a float, read as an int) */
}

/* Fills level l of a texture: texel_at in every channel (float 2v+1 for
 * the R32F one). */
static void
fill(GLenum target, GLenum format, GLenum type, unsigned w, unsigned h, unsigned d,
     unsigned l, bool is_float)
{
   static GLuint words[96 * 64 * 8];
   static GLubyte bytes[96 * 64 * 8 * 4];
   for (unsigned z = 0; z < d; z++)
      for (unsigned y = 0; y < h; y++)
         for (unsigned x = 0; x < w; x++) {
            unsigned i = (z * h + y) * w + x, v = texel_at(x, y, z, l);
            if (is_float) {
               float f = (float)(v * 2 + 1);
               memcpy(&words[i], &f, 4);
            } else {
               memset(&bytes[4 * i], v, 4);
            }
         }
   const void *data = is_float ? (const void *)words : (const void *)bytes;
   if (target == GL_TEXTURE_2D)
      glTexSubImage2D(target, l, 0, 0, w, h, format, type, data);
   else
      glTexSubImage3D(target, l, 0, 0, 0, w, h, d, format, type, data);
}

static int
compute_texel_fetch(void)
{
   GLuint p = program("#version 330\n"
           "#extension GL_ARB_compute_shader : require\n"
           "#extension GL_ARB_shader_storage_buffer_object : require\n"
           "layout(local_size_x = 1) in;\n"
           "layout(std430, binding = 0) buffer B { uint data[]; };\n"
           "uniform sampler2D rgba8;\n"
           "uniform sampler2D r32f;\n"
           "uniform sampler2DArray arr;\n"
           "uniform sampler3D vol;\n"
           "uint u8(float f) { return uint(f * 255.0 + 0.5); }\n"
           "void main() {\n"
           "   data[0] = u8(texelFetch(rgba8, ivec2(1, 2), 0).r);\n"
           "   data[1] = u8(texelFetch(rgba8, ivec2(63, 39), 0).g);\n"
           "   data[2] = u8(texelFetch(rgba8, ivec2(3, 1), 1).b);\n"
           "   data[3] = u8(texelFetch(rgba8, ivec2(5, 3), 0).a);\n"
           "   data[4] = uint(texelFetch(r32f, ivec2(1, 2), 0).r);\n"
           "   data[5] = uint(texelFetch(r32f, ivec2(80, 50), 0).r);\n"
           "   data[6] = uint(texelFetch(r32f, ivec2(3, 1), 1).r);\n"
           "   data[7] = uint(texelFetch(r32f, ivec2(5, 3), 0).r);\n"
           "   data[8] = u8(texelFetch(arr, ivec3(1, 2, 0), 0).r);\n"
           "   data[9] = u8(texelFetch(arr, ivec3(63, 39, 0), 0).r);\n"
           "   data[10] = u8(texelFetch(arr, ivec3(3, 1, 2), 1).r);\n"
           "   data[11] = u8(texelFetch(arr, ivec3(5, 3, 5), 0).r);\n"
           "   data[12] = u8(texelFetch(vol, ivec3(1, 2, 0), 0).r);\n"
           "   data[13] = u8(texelFetch(vol, ivec3(63, 39, 0), 0).r);\n"
           "   data[14] = u8(texelFetch(vol, ivec3(3, 1, 1), 1).r);\n"
           "   data[15] = u8(texelFetch(vol, ivec3(5, 3, 4), 0).r);\n"
           "   ivec2 s0 = textureSize(rgba8, 0), s1 = textureSize(r32f, 1);\n"
           "   ivec3 s2 = textureSize(arr, 1), s3 = textureSize(vol, 1);\n"
           "   data[16] = uint(s0.x); data[17] = uint(s0.y);\n"
           "   data[18] = uint(s1.x); data[19] = uint(s1.y);\n"
           "   data[20] = uint(s2.x); data[21] = uint(s2.y); data[22] = uint(s2.z);\n"
           "   data[23] = uint(s3.x); data[24] = uint(s3.y); data[25] = uint(s3.z);\n"
           "}\n");
   GLuint tex[4];
   glGenTextures(4, tex);
   const char *names[4] = {"rgba8", "r32f", "arr", "vol"};
   for (unsigned t = 0; t < 4; t++) {
      glActiveTexture(GL_TEXTURE0 + t);
      glUniform1i(glGetUniformLocation(p, names[t]), t);
   }
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexStorage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 64, 40);
   fill(GL_TEXTURE_2D, GL_RGBA, GL_UNSIGNED_BYTE, 64, 40, 1, 0, false);
   fill(GL_TEXTURE_2D, GL_RGBA, GL_UNSIGNED_BYTE, 32, 20, 1, 1, false);
   glActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexStorage2D(GL_TEXTURE_2D, 2, GL_R32F, 81, 51);
   fill(GL_TEXTURE_2D, GL_RED, GL_FLOAT, 81, 51, 1, 0, true);
   fill(GL_TEXTURE_2D, GL_RED, GL_FLOAT, 40, 25, 1, 1, true);
   glActiveTexture(GL_TEXTURE2);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex[2]);
   glTexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA8, 64, 40, 6);
   fill(GL_TEXTURE_2D_ARRAY, GL_RGBA, GL_UNSIGNED_BYTE, 64, 40, 6, 0, false);
   fill(GL_TEXTURE_2D_ARRAY, GL_RGBA, GL_UNSIGNED_BYTE, 32, 20, 6, 1, false);
   glActiveTexture(GL_TEXTURE3);
   glBindTexture(GL_TEXTURE_3D, tex[3]);
   glTexStorage3D(GL_TEXTURE_3D, 2, GL_RGBA8, 64, 40, 5);
   fill(GL_TEXTURE_3D, GL_RGBA, GL_UNSIGNED_BYTE, 64, 40, 5, 0, false);
   fill(GL_TEXTURE_3D, GL_RGBA, GL_UNSIGNED_BYTE, 32, 20, 2, 1, false);
   for (unsigned t = 0; t < 4; t++) {
      GLenum target = t < 2 ? GL_TEXTURE_2D : t == 2 ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_3D;
      glActiveTexture(GL_TEXTURE0 + t);
      glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
      glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   }
   GLuint b = storage(26);
   glDispatchCompute(1, 1, 1);
   return check(b, 26, want_texel_fetch);
}

/* Each invocation fills a[64] in the order (i k + id) % 64 (k = 5, odd: a
 * permutation), then reads two of its words back: a dynamic index puts
 * the array in local memory, 256 bytes a thread. */
#define LOCAL_GROUPS 3
#define LOCAL_GROUP_SIZE 128

static GLuint
want_local(unsigned w)
{
   unsigned id = w / 2, a[64];
   for (unsigned i = 0; i < 64; i++)
      a[(i * 5 + id) % 64] = i * 1000 + id;
   return w % 2 ? a[(id + 17) % 64] : a[id * 3 % 64];
}

static int
compute_local(void)
{
   GLuint p = program("#version 330\n"
                      "#extension GL_ARB_compute_shader : require\n"
                      "#extension GL_ARB_shader_storage_buffer_object : require\n"
                      "layout(local_size_x = 128) in;\n"
                      "layout(std430, binding = 0) buffer B { uint data[]; };\n"
                      "uniform uint k;\n"
                      "void main() {\n"
                      "   uint id = gl_GlobalInvocationID.x;\n"
                      "   uint a[64];\n"
                      "   for (uint i = 0u; i < 64u; i++)\n"
                      "      a[(i * k + id) % 64u] = i * 1000u + id;\n"
                      "   data[2u * id] = a[id * 3u % 64u];\n"
                      "   data[2u * id + 1u] = a[(id + 17u) % 64u];\n"
                      "}\n");
   glUniform1ui(glGetUniformLocation(p, "k"), 5);
   GLuint b = storage(2 * LOCAL_GROUPS * LOCAL_GROUP_SIZE);
   glDispatchCompute(LOCAL_GROUPS, 1, 1);
   return check(b, 2 * LOCAL_GROUPS * LOCAL_GROUP_SIZE, want_local);
}

static int
compute_fault(void)
{
   program("#version 330\n"
           "#extension GL_ARB_compute_shader : require\n"
           "#extension GL_ARB_shader_storage_buffer_object : require\n"
           "layout(local_size_x = 1) in;\n"
           "layout(std430, binding = 0) buffer B { uint data[]; };\n"
           "uniform uint far;\n"
           "void main() { data[far] = 1u; }\n");
   GLint prog;
   glGetIntegerv(GL_CURRENT_PROGRAM, &prog);
   glUniform1ui(glGetUniformLocation(prog, "far"), 1u << 28); /* 1 GiB past the buffer */
   GLuint b = storage(64);
   glDispatchCompute(1, 1, 1);
   glFinish();
   /* The channel is dead: what follows must fail quietly, not crash. */
   glDispatchCompute(1, 1, 1);
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   const void *m = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 64, GL_MAP_READ_BIT);
   if (m)
      glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
   glFinish();
   fprintf(stderr, "exec-test: survived the fault\n");
   return 0;
}

static const struct gl_test_case cases[] = {
   {"compute-fill", compute_fill},
   {"compute-shared", compute_shared},
   {"compute-ubo", compute_ubo},
   {"compute-atomics", compute_atomics},
   {"compute-indirect", compute_indirect},
   {"compute-texel-fetch", compute_texel_fetch},
   {"compute-local", compute_local},
   {"compute-fault", compute_fault},
};

int
main(int argc, char **argv)
{
   return gl_test_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
