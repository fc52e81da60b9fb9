/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Images on the executing shim (ci/with-jade --exec): compute shaders that
 * load, store and update block-linear images through the GPU model's
 * surface unit, results read back with glGetTexImage and a storage buffer
 * and checked exactly.  test-gl-exec-images CASE, CASE one of
 *   load-store  imageLoad of r32f and rgba32ui images, imageStore to rgba8,
 *               rgba32ui (read-modify-write of each texel), a 2D array
 *               (layered), level 1 of an r32f texture, imageLoad of one
 *               layer of an array bound unlayered and of a 3D image,
 *               imageSize of five bindings; 32 x 8 invocations over 29 x 7
 *               images, so some of them load and store outside (ignored,
 *               loads read 0);
 *   atomics     imageAtomicAdd, Max, Min, And, Or, Xor, Exchange and
 *               CompSwap on an r32ui image, Min and Max on an r32i one, from
 *               256 invocations, with the values they returned;
 *   cube        imageStore to every face of a cube and of a cube array
 *               (faces as layers), read back with glGetTexImage and with
 *               imageLoad; their imageSize.
 * Exits 0 when every word is right, 1 (with the first wrong ones) if not.
 */

#define GL_GLEXT_PROTOTYPES 1

#include <stdio.h>
#include <string.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include "gl_test_context.h"

#define W  29
#define H  7
#define GX 32 /* invocations across */
#define GY 8
#define N  (GX * GY)

static void
unit(GLuint prog, const char *name, GLint u)
{
   glUniform1i(glGetUniformLocation(prog, name), u);
}

static unsigned bad;

static void
expect(const char *what, unsigned i, GLuint got, GLuint want)
{
   if (got != want && bad++ < 12)
      fprintf(stderr, "%s[%u]: 0x%08x, want 0x%08x\n", what, i, got, want);
}

static GLuint
fbits(float f)
{
   GLuint u;
   memcpy(&u, &f, 4);
   return u;
}

static float
src_value(unsigned x, unsigned y)
{
   return (float)(x * 2 + y * 100) + 0.5f;
}
static float
vol_value(unsigned x, unsigned y, unsigned z)
{
   return (float)(x + 4 * y + 16 * z) + 0.25f;
}
#define SW 40
#define SH 20
#define SD 5
static float
slab_value(unsigned x, unsigned y, unsigned z)
{
   return (float)(x + 64 * y + 4096 * z) + 0.75f;
}

static const char *const load_store_src =
   "#version 330\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_storage_buffer_object : require\n"
   "#extension GL_ARB_shader_image_load_store : require\n"
   "#extension GL_ARB_shader_image_size : require\n"
   "layout(local_size_x = 8, local_size_y = 4) in;\n"
   "layout(std430, binding = 0) buffer B { uint data[]; };\n"
   "layout(r32f) readonly uniform image2D src_f;\n"
   "layout(r32f) writeonly uniform image2D lvl1;\n"
   "layout(rgba8) writeonly uniform image2D dst_c;\n"
   "layout(rgba32ui) uniform uimage2D u4;\n"
   "layout(rgba8) writeonly uniform image2DArray arr;\n"
   "layout(rgba8) readonly uniform image2D arr_layer;\n"
   "layout(r32f) readonly uniform image3D vol;\n"
   "layout(r32f) readonly uniform image2D vol_slice;\n"
   "void main() {\n"
   "   ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
   "   uint i = uint(p.y * 32 + p.x);\n"
   "   data[i] = floatBitsToUint(imageLoad(src_f, p).r);\n"
   "   imageStore(dst_c, p, vec4(float(p.x), float(p.y), float(p.x + p.y), 255.0) / 255.0);\n"
   "   uvec4 u = imageLoad(u4, p);\n"
   "   imageStore(u4, p, u * 3u + uvec4(1u, 2u, 3u, uint(p.x)));\n"
   "   imageStore(lvl1, p, vec4(float(7000 + p.x + p.y * 14), 0.0, 0.0, 0.0));\n"
   "   if (p.x < 15 && p.y < 4)\n"
   "      imageStore(arr, ivec3(p.x % 5, p.y, p.x / 5), vec4(float(p.x), float(p.y), 17.0, 255.0) "
   "/ 255.0);\n"
   "   vec4 l = imageLoad(arr_layer, p);\n"
   "   data[256u + i] = uint(l.r * 255.0 + 0.5) | uint(l.g * 255.0 + 0.5) << 8 |\n"
   "                    uint(l.b * 255.0 + 0.5) << 16 | uint(l.a * 255.0 + 0.5) << 24;\n"
   "   data[512u + i] = floatBitsToUint(imageLoad(vol, ivec3(p.x % 4, p.y % 4, p.x / 4)).r);\n"
   "   data[780u + i] = floatBitsToUint(imageLoad(vol_slice, p).r);\n"
   "   if (i == 0u) {\n"
   "      ivec2 s0 = imageSize(src_f), s1 = imageSize(lvl1), s2 = imageSize(arr_layer);\n"
   "      ivec3 s3 = imageSize(arr), s4 = imageSize(vol);\n"
   "      data[768] = uint(s0.x); data[769] = uint(s0.y);\n"
   "      data[770] = uint(s1.x); data[771] = uint(s1.y);\n"
   "      data[772] = uint(s2.x); data[773] = uint(s2.y);\n"
   "      data[774] = uint(s3.x); data[775] = uint(s3.y); data[776] = uint(s3.z);\n"
   "      data[777] = uint(s4.x); data[778] = uint(s4.y); data[779] = uint(s4.z);\n"
   "      ivec2 s5 = imageSize(vol_slice);\n"
   "      data[1036] = uint(s5.x); data[1037] = uint(s5.y);\n"
   "   }\n"
   "}\n";

static GLuint
texture(GLenum target, GLenum internal, unsigned levels, unsigned w, unsigned h, unsigned d)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(target, t);
   if (target == GL_TEXTURE_2D || target == GL_TEXTURE_CUBE_MAP)
      glTexStorage2D(target, levels, internal, w, h);
   else
      glTexStorage3D(target, levels, internal, w, h, d);
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   return t;
}

static int
load_store(void)
{
   GLuint prog = gl_test_compute_program(load_store_src);
   static float f[W * H];
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         f[y * W + x] = src_value(x, y);
   GLuint src_f = texture(GL_TEXTURE_2D, GL_R32F, 2, W, H, 1);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, W, H, GL_RED, GL_FLOAT, f);
   static const float zero[W * H];
   glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, W / 2, H / 2, GL_RED, GL_FLOAT, zero);
   GLuint dst_c = texture(GL_TEXTURE_2D, GL_RGBA8, 1, W, H, 1);
   static GLuint u[W * H * 4];
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         GLuint *t = &u[4 * (y * W + x)];
         t[0] = x, t[1] = y, t[2] = x * y, t[3] = 7;
      }
   GLuint u4 = texture(GL_TEXTURE_2D, GL_RGBA32UI, 1, W, H, 1);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, W, H, GL_RGBA_INTEGER, GL_UNSIGNED_INT, u);
   static GLubyte zeros8[5 * 4 * 3 * 4];
   GLuint arr = texture(GL_TEXTURE_2D_ARRAY, GL_RGBA8, 1, 5, 4, 3);
   glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 5, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE, zeros8);
   static GLubyte as[9 * 6 * 3 * 4];
   for (unsigned i = 0; i < sizeof(as); i++)
      as[i] = (GLubyte)(i * 7 + 3);
   GLuint arr_src = texture(GL_TEXTURE_2D_ARRAY, GL_RGBA8, 1, 9, 6, 3);
   glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 9, 6, 3, GL_RGBA, GL_UNSIGNED_BYTE, as);
   static float v[4 * 4 * 4];
   for (unsigned z = 0; z < 4; z++)
      for (unsigned y = 0; y < 4; y++)
         for (unsigned x = 0; x < 4; x++)
            v[(z * 4 + y) * 4 + x] = vol_value(x, y, z);
   GLuint vol = texture(GL_TEXTURE_3D, GL_R32F, 1, 4, 4, 4);
   glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 4, GL_RED, GL_FLOAT, v);
   /* Several blocks wide and high, 5 slices in blocks 8 GOBs deep. */
   static float sl[SW * SH * SD];
   for (unsigned z = 0; z < SD; z++)
      for (unsigned y = 0; y < SH; y++)
         for (unsigned x = 0; x < SW; x++)
            sl[(z * SH + y) * SW + x] = slab_value(x, y, z);
   GLuint slab = texture(GL_TEXTURE_3D, GL_R32F, 1, SW, SH, SD);
   glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, SW, SH, SD, GL_RED, GL_FLOAT, sl);

   glBindImageTexture(0, src_f, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32F);
   glBindImageTexture(1, src_f, 1, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
   glBindImageTexture(2, dst_c, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
   glBindImageTexture(3, u4, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA32UI);
   glBindImageTexture(4, arr, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA8);
   glBindImageTexture(5, arr_src, 0, GL_FALSE, 2, GL_READ_ONLY, GL_RGBA8);
   glBindImageTexture(6, vol, 0, GL_TRUE, 0, GL_READ_ONLY, GL_R32F);
   glBindImageTexture(7, slab, 0, GL_FALSE, 3, GL_READ_ONLY, GL_R32F); /* slice 3 */
   unit(prog, "src_f", 0);
   unit(prog, "lvl1", 1);
   unit(prog, "dst_c", 2);
   unit(prog, "u4", 3);
   unit(prog, "arr", 4);
   unit(prog, "arr_layer", 5);
   unit(prog, "vol", 6);
   unit(prog, "vol_slice", 7);
   GLuint b = gl_test_storage(1038);
   glDispatchCompute(GX / 8, GY / 4, 1);
   glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);

   glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   const GLuint *d = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 1038 * 4, GL_MAP_READ_BIT);
   if (!d) {
      fprintf(stderr, "cannot map the result\n");
      return 1;
   }
   for (unsigned y = 0; y < GY; y++)
      for (unsigned x = 0; x < GX; x++) {
         const unsigned i = y * GX + x;
         /* Outside the image, loads read 0. */
         expect("r32f load", i, d[i], x < W && y < H ? fbits(src_value(x, y)) : 0);
         /* The texel's address only inside the layer: past it, past as[]. */
         GLuint want = 0;
         if (x < 9 && y < 6) {
            const GLubyte *t = &as[4 * ((2 * 6 + y) * 9 + x)];
            want = t[0] | t[1] << 8 | t[2] << 16 | (GLuint)t[3] << 24;
         }
         expect("array layer 2 load", i, d[256 + i], want);
         expect("3D load", i, d[512 + i], x / 4 < 4 ? fbits(vol_value(x % 4, y % 4, x / 4)) : 0);
         expect("3D slice load", i, d[780 + i], fbits(slab_value(x, y, 3)));
      }
   static const GLuint sizes[12] = {W, H, W / 2, H / 2, 9, 6, 5, 4, 3, 4, 4, 4};
   for (unsigned k = 0; k < 12; k++)
      expect("imageSize", k, d[768 + k], sizes[k]);
   expect("imageSize of the slice", 0, d[1036], SW);
   expect("imageSize of the slice", 1, d[1037], SH);
   glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);

   static GLubyte c[W * H * 4];
   glBindTexture(GL_TEXTURE_2D, dst_c);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, c);
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         const GLubyte *t = &c[4 * (y * W + x)];
         expect("rgba8 store", y * W + x, t[0] | t[1] << 8 | t[2] << 16 | (GLuint)t[3] << 24,
                x | y << 8 | (x + y) << 16 | 255u << 24);
      }
   static GLuint got_u[W * H * 4];
   glBindTexture(GL_TEXTURE_2D, u4);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got_u);
   for (unsigned i = 0; i < W * H; i++) {
      static const GLuint add[3] = {1, 2, 3};
      for (unsigned k = 0; k < 4; k++)
         expect("rgba32ui read-modify-write", 4 * i + k, got_u[4 * i + k],
                u[4 * i + k] * 3 + (k < 3 ? add[k] : i % W));
   }
   static float l1[(W / 2) * (H / 2)];
   glBindTexture(GL_TEXTURE_2D, src_f);
   glGetTexImage(GL_TEXTURE_2D, 1, GL_RED, GL_FLOAT, l1);
   for (unsigned y = 0; y < H / 2; y++)
      for (unsigned x = 0; x < W / 2; x++)
         expect("level-1 store", y * (W / 2) + x, fbits(l1[y * (W / 2) + x]),
                fbits((float)(7000 + x + y * 14)));
   static float l0[W * H];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, l0);
   for (unsigned i = 0; i < W * H; i++)
      expect("level 0 unchanged", i, fbits(l0[i]), fbits(f[i]));
   static GLubyte a[5 * 4 * 3 * 4];
   glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
   glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, a);
   for (unsigned z = 0; z < 3; z++)
      for (unsigned y = 0; y < 4; y++)
         for (unsigned x = 0; x < 5; x++) {
            const GLubyte *t = &a[4 * ((z * 4 + y) * 5 + x)];
            const unsigned px = z * 5 + x;
            expect("array store", (z * 4 + y) * 5 + x,
                   t[0] | t[1] << 8 | t[2] << 16 | (GLuint)t[3] << 24,
                   px | y << 8 | 17u << 16 | 255u << 24);
         }
   fprintf(stderr, "exec-images: load-store: %u words wrong\n", bad);
   return bad != 0;
}

static const char *const atomics_src =
   "#version 330\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_storage_buffer_object : require\n"
   "#extension GL_ARB_shader_image_load_store : require\n"
   "layout(local_size_x = 8, local_size_y = 4) in;\n"
   "layout(std430, binding = 0) buffer B { uint data[]; };\n"
   "layout(r32ui) coherent uniform uimage2D c;\n"
   "layout(r32i) coherent uniform iimage2D s;\n"
   "void main() {\n"
   "   ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
   "   uint i = uint(p.y * 32 + p.x);\n"
   "   data[i] = imageAtomicAdd(c, ivec2(0, 0), 1u);\n"
   "   imageAtomicMax(c, ivec2(1, 0), uint(p.x * 100 + p.y));\n"
   "   data[256u + i] = imageAtomicCompSwap(c, ivec2(2, 0), 0u, i + 1u);\n"
   "   data[512u + i] = imageAtomicExchange(c, ivec2(3, 0), i);\n"
   "   imageAtomicAnd(c, ivec2(4, 0), ~(1u << (i % 32u)));\n"
   "   imageAtomicOr(c, ivec2(5, 0), 1u << (i % 32u));\n"
   "   imageAtomicXor(c, ivec2(6, 0), i * 2654435761u);\n"
   "   imageAtomicMin(c, ivec2(7, 0), i + 5u);\n"
   "   imageAtomicMin(s, ivec2(0, 0), -int(i));\n"
   "   imageAtomicMax(s, ivec2(1, 0), int(i) - 300);\n"
   "   imageAtomicAdd(c, ivec2(0, 1), 1u);\n" /* outside the 8 x 1 image */
   "}\n";

static int
atomics(void)
{
   GLuint prog = gl_test_compute_program(atomics_src);
   static const GLuint init[8] = {0, 0, 0, 1000, 0xffffffffu, 0, 0, 0xffffffffu};
   GLuint c = texture(GL_TEXTURE_2D, GL_R32UI, 1, 8, 1, 1);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 1, GL_RED_INTEGER, GL_UNSIGNED_INT, init);
   static const GLint sinit[2] = {0, -1000};
   GLuint s = texture(GL_TEXTURE_2D, GL_R32I, 1, 2, 1, 1);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 1, GL_RED_INTEGER, GL_INT, sinit);
   glBindImageTexture(0, c, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
   glBindImageTexture(1, s, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32I);
   unit(prog, "c", 0);
   unit(prog, "s", 1);
   GLuint b = gl_test_storage(3 * N);
   glDispatchCompute(GX / 8, GY / 4, 1);
   glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);

   GLuint got[8];
   glBindTexture(GL_TEXTURE_2D, c);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
   GLint sgot[2];
   glBindTexture(GL_TEXTURE_2D, s);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_INT, sgot);
   GLuint x = 0;
   for (unsigned i = 0; i < N; i++)
      x ^= i * 2654435761u;
   expect("add", 0, got[0], N);
   expect("max", 1, got[1], 31 * 100 + 7);
   expect("and", 4, got[4], 0);
   expect("or", 5, got[5], 0xffffffffu);
   expect("xor", 6, got[6], x);
   expect("min", 7, got[7], 5);
   expect("signed min", 0, (GLuint)sgot[0], (GLuint) - (N - 1));
   expect("signed max", 1, (GLuint)sgot[1], (GLuint)(N - 1 - 300));

   glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   const GLuint *d = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 3 * N * 4, GL_MAP_READ_BIT);
   if (!d) {
      fprintf(stderr, "cannot map the result\n");
      return 1;
   }
   /* The adds returned 0..N-1, each once. */
   unsigned char seen[N + 1];
   memset(seen, 0, sizeof(seen));
   unsigned dup = 0;
   for (unsigned i = 0; i < N; i++)
      dup += d[i] >= N || seen[d[i]]++;
   expect("add results repeated or out of range", 0, dup, 0);
   /* One CompSwap found 0 and wrote its i + 1; every other one found that. */
   unsigned winners = 0, winner = 0;
   for (unsigned i = 0; i < N; i++) {
      if (d[N + i] == 0)
         winners++, winner = i;
   }
   expect("CompSwap winners", 0, winners, 1);
   expect("CompSwap result", 2, got[2], winner + 1);
   for (unsigned i = 0; i < N; i++)
      if (i != winner)
         expect("CompSwap returned", i, d[N + i], winner + 1);
   /* The exchanges returned 1000 and every i but the last one written. */
   memset(seen, 0, sizeof(seen));
   dup = 0;
   for (unsigned i = 0; i < N; i++) {
      GLuint r = d[2 * N + i] == 1000 ? N : d[2 * N + i];
      dup += r > N || seen[r]++;
   }
   dup += got[3] >= N || seen[got[3]]++;
   expect("exchange results repeated or out of range", 0, dup, 0);
   glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
   fprintf(stderr, "exec-images: atomics: %u words wrong\n", bad);
   return bad != 0;
}

/* Cube images: every face of a cube and of a two-cube array, stored with
 * imageStore (a face is the layer coordinate, GL 4.6 table 8.27), read back
 * with glGetTexImage, and loaded again with imageLoad into a buffer. */
#define CUBE_SIZE 4
static GLuint
cube_value(unsigned x, unsigned y, unsigned layer)
{
   return 1000 * (layer + 1) + 10 * y + x;
}

static const char *const cube_src =
   "#version 330\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_image_load_store : require\n"
   "#extension GL_ARB_shader_storage_buffer_object : require\n"
   "#extension GL_ARB_texture_cube_map_array : require\n"
   "#extension GL_ARB_shader_image_size : require\n"
   "layout(local_size_x = 4, local_size_y = 4, local_size_z = 1) in;\n"
   "layout(r32ui) uniform uimageCube cube;\n"
   "layout(r32ui) uniform uimageCubeArray cubes;\n"
   "layout(std430, binding = 0) buffer B { uint data[]; };\n"
   "uniform uint pass;\n"
   "uint value(uvec3 p) { return 1000u * (p.z + 1u) + 10u * p.y + p.x; }\n"
   "void main() {\n"
   "   uvec3 p = gl_GlobalInvocationID;\n"
   "   uint i = (p.z * 4u + p.y) * 4u + p.x;\n"
   "   if (pass == 0u) {\n"
   "      if (p.z < 6u) imageStore(cube, ivec3(p), uvec4(value(p)));\n"
   "      imageStore(cubes, ivec3(p), uvec4(value(p) + 100000u));\n"
   "   } else {\n"
   "      data[i] = p.z < 6u ? imageLoad(cube, ivec3(p)).x : 0u;\n"
   "      data[192u + i] = imageLoad(cubes, ivec3(p)).x;\n"
   "      if (i == 0u) {\n"
   "         data[384] = uint(imageSize(cube).x); data[385] = uint(imageSize(cube).y);\n"
   "         ivec3 s = imageSize(cubes);\n"
   "         data[386] = uint(s.x); data[387] = uint(s.y); data[388] = uint(s.z);\n"
   "      }\n"
   "   }\n"
   "}\n";

static int
cube(void)
{
   GLuint prog = gl_test_compute_program(cube_src);
   const unsigned n = CUBE_SIZE;
   GLuint one = texture(GL_TEXTURE_CUBE_MAP, GL_R32UI, 1, n, n, 0);
   GLuint two = texture(GL_TEXTURE_CUBE_MAP_ARRAY, GL_R32UI, 1, n, n, 12);
   glBindImageTexture(0, one, 0, GL_TRUE, 0, GL_READ_WRITE, GL_R32UI);
   glBindImageTexture(1, two, 0, GL_TRUE, 0, GL_READ_WRITE, GL_R32UI);
   unit(prog, "cube", 0);
   unit(prog, "cubes", 1);
   GLuint b = gl_test_storage(2 * 192 + 5);
   glUniform1ui(glGetUniformLocation(prog, "pass"), 0);
   glDispatchCompute(1, 1, 12);
   glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
   glUniform1ui(glGetUniformLocation(prog, "pass"), 1);
   glDispatchCompute(1, 1, 12);
   glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   static GLuint texels[12 * CUBE_SIZE * CUBE_SIZE];
   for (unsigned f = 0; f < 6; f++) {
      glBindTexture(GL_TEXTURE_CUBE_MAP, one);
      glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RED_INTEGER, GL_UNSIGNED_INT,
                    texels + f * n * n);
   }
   for (unsigned i = 0; i < 6 * n * n; i++)
      expect("cube texel", i, texels[i], cube_value(i % n, i / n % n, i / (n * n)));
   glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, two);
   glGetTexImage(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
   for (unsigned i = 0; i < 12 * n * n; i++)
      expect("cube array texel", i, texels[i], cube_value(i % n, i / n % n, i / (n * n)) + 100000);
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   const GLuint *d =
      glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, (2 * 192 + 5) * 4, GL_MAP_READ_BIT);
   if (!d) {
      fprintf(stderr, "cannot map the result\n");
      return 1;
   }
   for (unsigned i = 0; i < 192; i++) {
      const GLuint v = cube_value(i % n, i / n % n, i / (n * n));
      expect("cube imageLoad", i, d[i], i < 6 * n * n ? v : 0);
      expect("cube array imageLoad", i, d[192 + i], v + 100000);
   }
   /* imageSize: the faces' size, and the cubes of the array (2). */
   static const GLuint sizes[5] = {CUBE_SIZE, CUBE_SIZE, CUBE_SIZE, CUBE_SIZE, 2};
   for (unsigned i = 0; i < 5; i++)
      expect("imageSize", i, d[384 + i], sizes[i]);
   glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
   fprintf(stderr, "exec-images: cube: %u words wrong\n", bad);
   return bad != 0;
}

static const struct gl_test_case cases[] = {
   {"load-store", load_store},
   {"atomics", atomics},
   {"cube", cube},
};

int
main(int argc, char **argv)
{
   return gl_test_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
