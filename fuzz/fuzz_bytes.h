/*
 * fuzz_bytes.h - the fuzz targets' one encoding of bytes as values
 * (fuzz_collide.c, fuzz_raycast.c; included, so the replay tests that
 * include a target get it too). Past the last byte every read is 0.
 *
 * A float is a tag byte, then:
 *   tag & 7 == 0   the next 4 bytes as a float's bit pattern (NaN payloads,
 *                  denormals, huge values);
 *   tag & 7 == 1   one of the target's 8 special values, (tag >> 3) & 7;
 *   otherwise      the next 2 bytes as a signed count of 1/32 px
 *                  (-1024..1024, where most collisions happen).
 * A shape is a kind byte k, then by k % 5: a circle (centre, radius), a
 * rectangle (centre, half extents, angle), a polygon of any vertices and any
 * count -1..10, a convex polygon (points on a circle at increasing angles),
 * else an unknown kind 3 + k / 5 with whatever the union holds.
 *
 * The saved corpora (tests/corpus/collide, tests/corpus/raycast) mean what
 * they mean through this encoding: change it and they test other inputs.
 */
#ifndef FUZZ_BYTES_H
#define FUZZ_BYTES_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "collide.h"

typedef struct FuzzBytes {
    const uint8_t *p;
    size_t n, i;
    const float *special;   /* the target's 8 special values */
} FuzzBytes;

static uint8_t fuzz_u8(FuzzBytes *b) { return b->i < b->n ? b->p[b->i++] : 0; }

static float fuzz_float(FuzzBytes *b)
{
    uint8_t tag = fuzz_u8(b);
    switch (tag & 7u) {
    case 0: {
        uint32_t u = (uint32_t)fuzz_u8(b) | (uint32_t)fuzz_u8(b) << 8 | (uint32_t)fuzz_u8(b) << 16 |
                     (uint32_t)fuzz_u8(b) << 24;
        float f = 0.0f;
        memcpy(&f, &u, sizeof f);
        return f;
    }
    case 1:
        return b->special[(tag >> 3) & 7u];
    default: {
        int16_t v = (int16_t)((uint16_t)fuzz_u8(b) | (uint16_t)fuzz_u8(b) << 8);
        return (float)v / 32.0f;
    }
    }
}

static Vec2 fuzz_vec(FuzzBytes *b)
{
    Vec2 v = { 0.0f, 0.0f };
    v.x = fuzz_float(b);
    v.y = fuzz_float(b);
    return v;
}

static Shape fuzz_shape(FuzzBytes *b)
{
    Shape s;
    memset(&s, 0, sizeof s);
    uint8_t k = fuzz_u8(b);
    switch (k % 5u) {
    case 0:
        s.kind = SHAPE_CIRCLE;
        s.circle.center = fuzz_vec(b);
        s.circle.radius = fuzz_float(b);
        break;
    case 1:
        s.kind = SHAPE_RECT;
        s.rect.center = fuzz_vec(b);
        s.rect.half = fuzz_vec(b);
        s.rect.angle = fuzz_float(b);
        break;
    case 2:
        s.kind = SHAPE_POLY;
        s.poly.count = (int)(fuzz_u8(b) % 12u) - 1;
        for (int i = 0; i < POLY_MAX_VERTS; i++) s.poly.verts[i] = fuzz_vec(b);
        break;
    case 3: {
        s.kind = SHAPE_POLY;
        Vec2 c = fuzz_vec(b);
        float r = fabsf(fuzz_float(b));
        int n = 3 + (int)(fuzz_u8(b) % 6u);
        float a0 = (float)fuzz_u8(b) * 0.0245f;
        float w[POLY_MAX_VERTS + 1];
        float total = 0.0f;
        for (int i = 0; i <= n; i++) {
            w[i] = 1.0f + (float)fuzz_u8(b);
            total += w[i];
        }
        float acc = 0.0f;
        s.poly.count = n;
        for (int i = 0; i < n; i++) {
            float a = a0 + 6.2831853f * acc / total;
            s.poly.verts[i] = (Vec2){ c.x + r * cosf(a), c.y + r * sinf(a) };
            acc += w[i];
        }
        break;
    }
    default:
        s.kind = (ShapeKind)(3u + k / 5u);
        s.poly.count = (int)fuzz_u8(b);
        for (int i = 0; i < POLY_MAX_VERTS; i++) s.poly.verts[i] = fuzz_vec(b);
        break;
    }
    return s;
}

#endif
