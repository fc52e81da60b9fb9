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
 *   compute-sample   texture/textureLod/textureGrad through sampler
 *                    objects: filters, mipmaps, wraps, border colour,
 *                    offsets, LOD bias and clamps, a cube map, an array,
 *                    a buffer texture, sRGB decode, a DXT1 texture;
 *   compute-texture-edges  a depth texture's border colour, array layers
 *                    past the last (texelFetch: 0; texture(): the last);
 *   compute-local    an array indexed dynamically (local memory: LDL/STL
 *                    in the TLS buffer the driver programs) by every
 *                    invocation of several groups of four warps;
 *   draw-flat-varyings  a draw whose flat int, uint and float varyings
 *                    (Inf- and NaN-like int bit patterns, an int array
 *                    packed with the others into every varying component)
 *                    must reach the FS unchanged, and whose FS compares an
 *                    underflowing product with 0 (fp32 denormals flushed,
 *                    as GL's default float controls are for Jade), read
 *                    back with glReadPixels;
 *   compute-robust   a store and a load 1 GiB outside the buffer (robust
 *                    buffer access: dropped, read as 0, no fault).
 * Exits 0 when every word is right, 1 (with the first wrong words) if not.
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdio.h>
#include <string.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include "gl_test_context.h"

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

static GLuint
want_fill(unsigned i)
{
   return i * 3 + 1;
}

static int
compute_fill(void)
{
   gl_test_compute_program(fill_src);
   GLuint b = gl_test_storage(160 * 4);
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
   GLuint p = gl_test_compute_program(gl_test_shared_cs);
   glUniform1ui(glGetUniformLocation(p, "k"), 3);
   GLuint b = gl_test_storage(3 * 2 * 128);
   glDispatchCompute(3, 2, 1);
   return check(b, 3 * 2 * 128, want_shared);
}

static GLuint
want_ubo(unsigned i)
{
   return (i % 4 + 1) * 1000 + i;
}

static int
compute_ubo(void)
{
   gl_test_compute_program("#version 330\n"
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
   GLuint b = gl_test_storage(256);
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
   gl_test_compute_program("#version 330\n"
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
   GLuint b = gl_test_storage(3 + 256);
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
   fprintf(stderr, "exec-test: counter values: %u wrong or repeated, counter %u (want 256)\n", dup,
           final);
   return bad || dup || final != 256;
}

static int
compute_indirect(void)
{
   gl_test_compute_program(fill_src);
   GLuint b = gl_test_storage(160 * 4);
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
      x = 80, y = 50; /* the R32F texture is 81 x 51 */
   if (t < 2)
      z = 0; /* 2D: no slice */
   if (t == 2 && k == 2)
      z = 2; /* layer 2 of the array */
   if (t == 2 && k == 3)
      z = 5;
   unsigned v = texel_at(x, y, z, l);
   return t == 1 ? v * 2 + 1 : v; /* R32F holds 2v+1 (as a float, read as an int) */
}

/* Fills level l of a texture: texel_at in every channel (float 2v+1 for
 * the R32F one). */
static void
fill(GLenum target, GLenum format, GLenum type, unsigned w, unsigned h, unsigned d, unsigned l,
     bool is_float)
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
   GLuint p = gl_test_compute_program(
      "#version 330\n"
      "#extension GL_ARB_compute_shader : require\n"
      "#extension GL_ARB_shader_storage_buffer_object : require\n"
      "layout(local_size_x = 1) in;\n"
      "layout(std430, binding = 0) buffer B { uint data[]; };\n"
      "uniform sampler2D rgba8;\n"
      "uniform sampler2D r32f;\n"
      "uniform sampler2DArray arr;\n"
      "uniform samplerBuffer tb;\n"
      "uniform sampler2D srgb;\n"
      "uniform sampler2D dxt;\n"
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
   GLuint b = gl_test_storage(26);
   glDispatchCompute(1, 1, 1);
   return check(b, 26, want_texel_fetch);
}

/* texture() and textureLod() from compute through sampler objects: filters,
 * mipmaps, wraps, the border colour, offsets, LOD bias and clamps, a cube.
 * Want values from GL 4.6's formulas (section 8.14) on texel_at, written
 * here, not taken from the model; results are scaled by 16 and rounded. */
#define SAMPLE_WORDS 22
static float
r32f_at(unsigned x, unsigned y, unsigned l)
{
   return (float)(texel_at(x, y, 0, l) * 2 + 1);
}

static GLuint
want_sample(unsigned i)
{
   float v = 0;
   switch (i) {
   case 0: /* bilinear at (10.25, 20.5) texels of level 0 */
      v = 0.75f * 0.5f * r32f_at(10, 20, 0) + 0.25f * 0.5f * r32f_at(11, 20, 0) +
          0.75f * 0.5f * r32f_at(10, 21, 0) + 0.25f * 0.5f * r32f_at(11, 21, 0);
      break;
   case 1:
      v = r32f_at(5, 7, 1);
      break; /* lod 1, nearest */
   case 2:
      v = 0.5f * (r32f_at(7, 9, 0) + r32f_at(3, 4, 1));
      break; /* lod 0.5, mip linear */
   case 3:
   case 4:
      v = r32f_at(12, 30, 0);
      break; /* repeat, mirror */
   case 5:
      v = r32f_at(80, 0, 0);
      break; /* clamp to edge */
   case 6:
      v = 0.25f;
      break; /* the border's red */
   case 7:
      v = r32f_at(23, 8, 0);
      break; /* offset (3, -2) */
   case 8:
      v = 20.0f / 255.0f;
      break; /* cube -X */
   case 9:
      v = 60.0f / 255.0f;
      break; /* cube -Z */
   case 10:
      v = r32f_at(40, 25, 0);
      break; /* implicit LOD outside a fragment shader: 0 */
   case 11:
      v = r32f_at(9, 9, 1);
      break; /* lod 0.25 + sampler bias 1: level 1 */
   case 12:
      v = r32f_at(8, 8, 0);
      break; /* lod 1 clamped by MAX_LOD 0 */
   case 13:
      v = r32f_at(2, 3, 0);
      break; /* nearest at (2, 3) */
   case 15:
      v = r32f_at(5, 7, 1);
      break; /* textureGrad: 2 texels a step, LOD 1 */
   case 16:
      v = (float)(texel_at(23, 8, 2, 0) * 2 + 1);
      break; /* textureGradOffset, layer 2 */
   case 17:
      v = 2 * 37 + 1;
      break; /* texelFetch of a buffer texture */
   case 18:
   case 19: /* sRGB 128 decoded (GL 4.6 eq. 8.14), by fetch and by sample */
      /* ((128 / 255 + 0.055) / 1.055) ^ 2.4 = 0.21586, scaled by 100 */
      return 22;
   case 20:
   case 21:
      v = 1.0f;
      break; /* DXT1: blue at (1, 0) of a block, red elsewhere */
   case 14:
      v = 0.0f;
      break; /* the border's green: 0, a red texture's (GL 4.6 8.14.2) */
   }
   return (GLuint)(v * 16.0f + 0.5f);
}

static int
compute_sample(void)
{
   GLuint p = gl_test_compute_program(
      "#version 330\n"
      "#extension GL_ARB_compute_shader : require\n"
      "#extension GL_ARB_shader_storage_buffer_object : require\n"
      "layout(local_size_x = 1) in;\n"
      "layout(std430, binding = 0) buffer B { uint data[]; };\n"
      "uniform sampler2D t[10];\n"
      "uniform samplerCube cube;\n"
      "uniform sampler2DArray arr;\n"
      "uniform samplerBuffer tb;\n"
      "uniform sampler2D srgb;\n"
      "uniform sampler2D dxt;\n"
      "uint q(float f) { return uint(f * 16.0 + 0.5); }\n"
      "vec2 at0(float x, float y) { return vec2(x / 81.0, y / 51.0); }\n"
      "vec2 at1(float x, float y) { return vec2(x / 40.0, y / 25.0); }\n"
      "void main() {\n"
      "   data[0] = q(textureLod(t[0], at0(10.75, 21.0), 0.0).r);\n"
      "   data[1] = q(textureLod(t[1], at1(5.5, 7.5), 1.0).r);\n"
      "   data[2] = q(textureLod(t[2], at1(3.5, 4.5), 0.5).r);\n"
      "   data[3] = q(textureLod(t[3], at0(12.5, 30.5) + vec2(1.0, 2.0), 0.0).r);\n"
      "   data[4] = q(textureLod(t[4], at0(-12.5, 30.5), 0.0).r);\n"
      "   data[5] = q(textureLod(t[5], vec2(1.7, -0.3), 0.0).r);\n"
      "   data[6] = q(textureLod(t[6], vec2(1.2, 0.5), 0.0).r);\n"
      "   data[7] = q(textureLodOffset(t[7], at0(20.5, 10.5), 0.0, ivec2(3, -2)).r);\n"
      "   data[8] = q(textureLod(cube, vec3(-1.0, 0.2, 0.1), 0.0).r);\n"
      "   data[9] = q(textureLod(cube, vec3(0.1, 0.2, -1.0), 0.0).r);\n"
      "   data[10] = q(texture(t[8], at0(40.5, 25.5)).r);\n"
      "   data[11] = q(textureLod(t[9], at1(9.5, 9.5), 0.25).r);\n"
      "   data[12] = q(textureLod(t[5], at0(8.5, 8.5), 1.0).r);\n"
      "   data[13] = q(textureLod(t[7], at0(2.5, 3.5), 0.0).r);\n"
      "   data[14] = q(textureLod(t[6], vec2(-0.2, 0.5), 0.0).g);\n"
      "   data[15] = q(textureGrad(t[1], at1(5.5, 7.5), vec2(2.0 / 81.0, 0.0),\n"
      "                            vec2(0.0, 1.0 / 51.0)).r);\n"
      "   data[16] = q(textureGradOffset(arr, vec3(at0(20.5, 10.5), 2.0), vec2(0.0),\n"
      "                                  vec2(0.0), ivec2(3, -2)).r);\n"
      "   data[17] = q(texelFetch(tb, 37).r);\n"
      "   data[18] = uint(texelFetch(srgb, ivec2(1, 1), 0).r * 100.0 + 0.5);\n"
      "   data[19] = uint(textureLod(srgb, vec2(0.375, 0.375), 0.0).r * 100.0 + 0.5);\n"
      "   data[20] = q(texelFetch(dxt, ivec2(5, 4), 0).b);\n"
      "   data[21] = q(texelFetch(dxt, ivec2(2, 3), 0).r);\n"
      "}\n");
   GLuint tex[3];
   glGenTextures(3, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexStorage2D(GL_TEXTURE_2D, 2, GL_R32F, 81, 51);
   fill(GL_TEXTURE_2D, GL_RED, GL_FLOAT, 81, 51, 1, 0, true);
   fill(GL_TEXTURE_2D, GL_RED, GL_FLOAT, 40, 25, 1, 1, true);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
   glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 8, 8);
   for (unsigned f = 0; f < 6; f++) {
      GLubyte face[8 * 8 * 4];
      memset(face, 10 * (f + 1), sizeof(face));
      glTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE,
                      face);
   }
   /* Units 0..9 share the R32F texture, each with its own sampler. */
   static const struct {
      GLint min, mag, wrap;
      float bias, max_lod;
   } samp[10] = {
      {GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR, GL_REPEAT, 0, 1000},
      {GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT, 0, 1000},
      {GL_NEAREST_MIPMAP_LINEAR, GL_NEAREST, GL_REPEAT, 0, 1000},
      {GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT, 0, 1000},
      {GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_MIRRORED_REPEAT, 0, 1000},
      {GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE, 0, 0},
      {GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_CLAMP_TO_BORDER, 0, 1000},
      {GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE, 0, 1000},
      {GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR, GL_REPEAT, 0, 1000},
      {GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT, 1.0f, 1000},
   };
   static const float border[4] = {0.25f, 0.5f, 0.75f, 1.0f};
   GLuint s[11];
   glGenSamplers(11, s);
   for (unsigned u = 0; u < 10; u++) {
      char name[8];
      snprintf(name, sizeof(name), "t[%u]", u);
      glUniform1i(glGetUniformLocation(p, name), u);
      glActiveTexture(GL_TEXTURE0 + u);
      glBindTexture(GL_TEXTURE_2D, tex[0]);
      glSamplerParameteri(s[u], GL_TEXTURE_MIN_FILTER, samp[u].min);
      glSamplerParameteri(s[u], GL_TEXTURE_MAG_FILTER, samp[u].mag);
      glSamplerParameteri(s[u], GL_TEXTURE_WRAP_S, samp[u].wrap);
      glSamplerParameteri(s[u], GL_TEXTURE_WRAP_T, samp[u].wrap);
      glSamplerParameterf(s[u], GL_TEXTURE_LOD_BIAS, samp[u].bias);
      glSamplerParameterf(s[u], GL_TEXTURE_MAX_LOD, samp[u].max_lod);
      glSamplerParameterfv(s[u], GL_TEXTURE_BORDER_COLOR, border);
      glBindSampler(u, s[u]);
   }
   glUniform1i(glGetUniformLocation(p, "cube"), 10);
   glActiveTexture(GL_TEXTURE10);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
   glSamplerParameteri(s[10], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glSamplerParameteri(s[10], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glBindSampler(10, s[10]);
   glUniform1i(glGetUniformLocation(p, "arr"), 11);
   glActiveTexture(GL_TEXTURE11);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex[2]);
   glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_R32F, 81, 51, 3);
   fill(GL_TEXTURE_2D_ARRAY, GL_RED, GL_FLOAT, 81, 51, 3, 0, true);
   glBindSampler(11, s[10]);
   /* A buffer texture: float 2 i + 1 at texel i. */
   static float tbo_data[64];
   for (unsigned i = 0; i < 64; i++)
      tbo_data[i] = (float)(2 * i + 1);
   GLuint tbo, tbo_tex;
   glGenBuffers(1, &tbo);
   glBindBuffer(GL_TEXTURE_BUFFER, tbo);
   glBufferData(GL_TEXTURE_BUFFER, sizeof(tbo_data), tbo_data, GL_STATIC_DRAW);
   glGenTextures(1, &tbo_tex);
   glActiveTexture(GL_TEXTURE12);
   glBindTexture(GL_TEXTURE_BUFFER, tbo_tex);
   glTexBuffer(GL_TEXTURE_BUFFER, GL_R32F, tbo);
   glUniform1i(glGetUniformLocation(p, "tb"), 12);
   /* An sRGB texture of 128s, 4 x 4. */
   GLuint srgb_tex;
   static GLubyte srgb_texels[4 * 4 * 4];
   memset(srgb_texels, 128, sizeof(srgb_texels));
   glGenTextures(1, &srgb_tex);
   glActiveTexture(GL_TEXTURE13);
   glBindTexture(GL_TEXTURE_2D, srgb_tex);
   glTexStorage2D(GL_TEXTURE_2D, 1, GL_SRGB8_ALPHA8, 4, 4);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, srgb_texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glUniform1i(glGetUniformLocation(p, "srgb"), 13);
   /* A DXT1 texture, 8 x 8 (2 x 2 blocks), each block: colour 0 red,
    * colour 1 blue (565), texel (1, 0) index 1, the others index 0. */
   static const GLubyte dxt_block[8] = {0x00, 0xf8, 0x1f, 0x00, 0x04, 0x00, 0x00, 0x00};
   GLubyte dxt_data[4 * 8];
   for (unsigned i = 0; i < 4; i++)
      memcpy(dxt_data + 8 * i, dxt_block, 8);
   GLuint dxt_tex;
   glGenTextures(1, &dxt_tex);
   glActiveTexture(GL_TEXTURE14);
   glBindTexture(GL_TEXTURE_2D, dxt_tex);
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 8, 8, 0,
                          sizeof(dxt_data), dxt_data);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glUniform1i(glGetUniformLocation(p, "dxt"), 14);
   GLuint b = gl_test_storage(SAMPLE_WORDS);
   glDispatchCompute(1, 1, 1);
   return check(b, SAMPLE_WORDS, want_sample);
}

/* Edges of texture headers: a depth texture's border colour, array
 * layers past the last for texelFetch (outside: 0, as codegen and NAK
 * make the hardware see it) and for texture() (clamped to the last
 * layer, GL 4.6 section 8.14.2). */
#define EDGE_WORDS 5
static GLuint
want_edges(unsigned i)
{
   switch (i) {
   case 0:
      return 16; /* the border's alpha: 1 (depth mode RED or LUMINANCE) */
   case 1:
      return 4; /* its depth (red): 0.25 */
   case 2:
      return 0; /* texelFetch of layer 65536 + 1 of 3: outside */
   case 3:
      return 0; /* texelFetch of layer 3 of 3: outside */
   default:
      return (GLuint)((texel_at(23, 8, 2, 0) * 2 + 1) * 16.0f + 0.5f); /* layer 9: 2 */
   }
}

static int
compute_edges(void)
{
   GLuint p = gl_test_compute_program(
      "#version 330\n"
      "#extension GL_ARB_compute_shader : require\n"
      "#extension GL_ARB_shader_storage_buffer_object : require\n"
      "layout(local_size_x = 1) in;\n"
      "layout(std430, binding = 0) buffer B { uint data[]; };\n"
      "uniform sampler2D depth;\n"
      "uniform sampler2DArray arr;\n"
      "uniform int big;\n"
      "uint q(float f) { return uint(f * 16.0 + 0.5); }\n"
      "void main() {\n"
      "   data[0] = q(textureLod(depth, vec2(1.5, 0.5), 0.0).a);\n"
      "   data[1] = q(textureLod(depth, vec2(1.5, 0.5), 0.0).r);\n"
      "   data[2] = q(texelFetch(arr, ivec3(23, 8, big + 1), 0).r);\n"
      "   data[3] = q(texelFetch(arr, ivec3(23, 8, 3), 0).r);\n"
      "   data[4] = q(textureLod(arr, vec3(23.5 / 81.0, 8.5 / 51.0, 9.0), 0.0).r);\n"
      "}\n");
   GLuint tex[2];
   glGenTextures(2, tex);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   static GLfloat depths[4 * 4];
   for (unsigned i = 0; i < 16; i++)
      depths[i] = 0.75f;
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                depths);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
   static const float border[4] = {0.25f, 0.5f, 0.75f, 0.5f};
   glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
   glUniform1i(glGetUniformLocation(p, "depth"), 0);
   glActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex[1]);
   glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_R32F, 81, 51, 3);
   fill(GL_TEXTURE_2D_ARRAY, GL_RED, GL_FLOAT, 81, 51, 3, 0, true);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glUniform1i(glGetUniformLocation(p, "arr"), 1);
   glUniform1i(glGetUniformLocation(p, "big"), 65536);
   GLuint b = gl_test_storage(EDGE_WORDS);
   glDispatchCompute(1, 1, 1);
   return check(b, EDGE_WORDS, want_edges);
}

/* Each invocation fills a[64] in the order (i k + id) % 64 (k = 5, odd: a
 * permutation), then reads two of its words back: a dynamic index puts
 * the array in local memory, 256 bytes a thread. */
#define LOCAL_GROUPS     3
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
   GLuint p = gl_test_compute_program("#version 330\n"
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
   GLuint b = gl_test_storage(2 * LOCAL_GROUPS * LOCAL_GROUP_SIZE);
   glDispatchCompute(LOCAL_GROUPS, 1, 1);
   return check(b, 2 * LOCAL_GROUPS * LOCAL_GROUP_SIZE, want_local);
}

/* Robust buffer access (ARB_robust_buffer_access_behavior): a store 1 GiB
 * past the buffer is dropped and a load there reads 0, with no fault (the
 * model faulted on the store before the compiler checked SSBO bounds). */
static GLuint
want_robust(unsigned i)
{
   return i == 1 ? 7u : 0xdeadbeefu;
}

static int
compute_robust(void)
{
   gl_test_compute_program("#version 330\n"
                           "#extension GL_ARB_compute_shader : require\n"
                           "#extension GL_ARB_shader_storage_buffer_object : require\n"
                           "layout(local_size_x = 1) in;\n"
                           "layout(std430, binding = 0) buffer B { uint data[]; };\n"
                           "uniform uint far;\n"
                           "void main() { data[1] = data[far] + 7u; data[far] = 1u; }\n");
   GLint prog;
   glGetIntegerv(GL_CURRENT_PROGRAM, &prog);
   glUniform1ui(glGetUniformLocation(prog, "far"), 1u << 28); /* 1 GiB past the buffer */
   GLuint b = gl_test_storage(64);
   glDispatchCompute(1, 1, 1);
   return check(b, 64, want_robust);
}

/* The VS passes uniforms through flat varyings, each behind a test of the
 * vertex position that never holds (so the linker cannot move the
 * uniforms, or the FS's comparisons, to the other stage: Mesa's
 * nir_opt_varyings would, making the FS's uniforms inactive; piglit's
 * glsl-1.30 interpolation tests do the same since 2023).  The FS compares
 * them with the same uniforms: green if all match. */
#define FLAT_INTS 60 /* with f and u: gl_MaxVaryingComponents (64) - 2 */
static const char *const flat_vs = "#version 330\n"
                                   "in vec4 pos;\n"
                                   "uniform int i_ref;\n"
                                   "uniform uint u_ref;\n"
                                   "uniform float f_ref;\n"
                                   "flat out int fi;\n"
                                   "flat out uint fu;\n"
                                   "flat out float ff;\n"
                                   "flat out int ia[60];\n"
                                   "void main() {\n"
                                   "   gl_Position = pos;\n"
                                   "   bool never = pos.x < -10.0;\n"
                                   "   fi = never ? 0 : i_ref;\n"
                                   "   fu = never ? 0u : u_ref;\n"
                                   "   ff = never ? 0.0 : f_ref;\n"
                                   "   for (int k = 0; k < 60; k++)\n"
                                   "      ia[k] = never ? 0 : i_ref + k * 0x01010101;\n"
                                   "}\n";
/* a, b and eps as piglit's glsl-1.20 fs-underflow-mul-compare-zero
 * writes them: (2^-61 + eps) (2^-28 + eps) eps is 2^-149 with denormals,
 * 0 when they are flushed. */
static const char *const flat_fs =
   "#version 330\n"
   "uniform int i_ref;\n"
   "uniform uint u_ref;\n"
   "uniform float f_ref;\n"
   "uniform float a, b, eps;\n"
   "flat in int fi;\n"
   "flat in uint fu;\n"
   "flat in float ff;\n"
   "flat in int ia[60];\n"
   "out vec4 color;\n"
   "void main() {\n"
   "   bool ok = fi == i_ref && fu == u_ref && ff == f_ref;\n"
   "   for (int k = 0; k < 60; k++)\n"
   "      ok = ok && ia[k] == i_ref + k * 0x01010101;\n"
   "   float r = (abs(a) + eps) * (abs(b) + eps) * eps;\n"
   "   color = vec4(ok ? 0.0 : 1.0, ok ? 1.0 : 0.0, 0.0 < r ? 1.0 : 0.0, 1.0);\n"
   "}\n";

static int
draw_flat_varyings(void)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, gl_test_compile(GL_VERTEX_SHADER, flat_vs));
   glAttachShader(p, gl_test_compile(GL_FRAGMENT_SHADER, flat_fs));
   glBindAttribLocation(p, 0, "pos");
   glBindFragDataLocation(p, 0, "color");
   glLinkProgram(p);
   GLint linked;
   glGetProgramiv(p, GL_LINK_STATUS, &linked);
   if (!linked) {
      fprintf(stderr, "link failed\n");
      return 1;
   }
   glUseProgram(p);
   static const char *const names[] = {"i_ref", "u_ref", "f_ref", "a", "b", "eps"};
   GLint loc[6];
   for (unsigned k = 0; k < 6; k++) {
      loc[k] = glGetUniformLocation(p, names[k]);
      if (loc[k] < 0) {
         fprintf(stderr, "uniform %s inactive\n", names[k]);
         return 1;
      }
   }
   glUniform1f(loc[3], 0.000000000000000000433681f);
   glUniform1f(loc[4], 0.0000000037252902984619140625f);
   glUniform1f(loc[5], 0.000000000000000000433681f);

   GLuint fb, rb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glViewport(0, 0, 4, 4);
   static const float quad[] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1, 1, 1, 0, 1};
   GLuint vao, vb;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);

   /* Int bit patterns of floats: Inf, -Inf, a NaN, -NaN, 1.0, INT_MIN. */
   static const GLint ints[] = {0,          -1,
                                0x7f800000, (GLint)0xff800000,
                                0x7fc00000, (GLint)0xffc00000,
                                0x3f800000, (GLint)0x80000000};
   unsigned bad = 0;
   for (unsigned k = 0; k < sizeof(ints) / sizeof(ints[0]); k++) {
      glUniform1i(loc[0], ints[k]);
      glUniform1ui(loc[1], 0xfedcba98u ^ (GLuint)ints[k]);
      glUniform1f(loc[2], 3.1415926f + (float)k);
      glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      GLubyte px[4 * 4 * 4];
      glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
      for (unsigned i = 0; i < 16; i++) {
         const GLubyte *c = &px[4 * i];
         if ((c[0] != 0 || c[1] != 255 || c[2] != 0 || c[3] != 255) && bad++ < 8)
            fprintf(stderr, "int 0x%08x pixel %u: (%u, %u, %u, %u), want (0, 255, 0, 255)%s\n",
                    (unsigned)ints[k], i, c[0], c[1], c[2], c[3],
                    c[2] ? " (the product did not flush to 0)" : "");
      }
   }
   fprintf(stderr, "exec-test: %u of %u pixels wrong\n", bad,
           16 * (unsigned)(sizeof(ints) / sizeof(ints[0])));
   return bad != 0;
}

static const struct gl_test_case cases[] = {
   {"compute-fill", compute_fill},
   {"compute-shared", compute_shared},
   {"compute-ubo", compute_ubo},
   {"compute-atomics", compute_atomics},
   {"compute-indirect", compute_indirect},
   {"compute-texel-fetch", compute_texel_fetch},
   {"compute-local", compute_local},
   {"compute-sample", compute_sample},
   {"compute-texture-edges", compute_edges},
   {"compute-robust", compute_robust},
   {"draw-flat-varyings", draw_flat_varyings},
};

int
main(int argc, char **argv)
{
   return gl_test_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
