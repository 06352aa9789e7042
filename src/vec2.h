/*
 * vec2.h - small vector and rotation math for the collision module.
 *
 * Everything is static inline on small structs passed by value. A rotation
 * is stored as its cosine and sine (Rot), built once with rot_make and then
 * applied as often as needed without calling cosf/sinf again.
 * Conventions as collide.h: y grows down, a positive angle turns x towards y
 * (clockwise on screen).
 */
#ifndef VEC2_H
#define VEC2_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#if defined(__SSE__) && (defined(__x86_64__) || defined(__SSE_MATH__))
#include <xmmintrin.h>
#endif

#include "collide.h"

/// A rotation as its cosine and sine: turning (x, y) gives
/// (c*x - s*y, s*x + c*y).
typedef struct Rot { float c, s; } Rot;

static inline Vec2 vec2_make(float x, float y)
{
    Vec2 v = { x, y };
    return v;
}

static inline Vec2 vec2_add(Vec2 a, Vec2 b) { return vec2_make(a.x + b.x, a.y + b.y); }
static inline Vec2 vec2_sub(Vec2 a, Vec2 b) { return vec2_make(a.x - b.x, a.y - b.y); }
static inline Vec2 vec2_scale(Vec2 v, float s) { return vec2_make(v.x * s, v.y * s); }
static inline Vec2 vec2_neg(Vec2 v) { return vec2_make(-v.x, -v.y); }

static inline float vec2_dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }

/// The z of the 3D cross product: > 0 when b is turned from a by a positive
/// angle (clockwise on screen).
static inline float vec2_cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }

static inline float vec2_length_sq(Vec2 v) { return v.x * v.x + v.y * v.y; }

/// v turned by +90 degrees: (-y, x).
static inline Vec2 vec2_perp(Vec2 v) { return vec2_make(-v.y, v.x); }

static inline float float_min(float a, float b) { return a < b ? a : b; }
static inline float float_max(float a, float b) { return a > b ? a : b; }
static inline float float_abs(float a) { return fabsf(a); }
static inline float float_clamp(float v, float lo, float hi)
{
    return float_min(float_max(v, lo), hi);
}

/// The square root of x, for x known to be >= 0 (not NaN). The sqrt
/// instruction alone: plain sqrtf keeps a libm call for negative x, to set
/// errno, unless built with -fno-math-errno, and gcc 12 called it even
/// where the range was known (the __builtin_unreachable hint below was not
/// enough inside shapes_collide). Both give the correctly rounded root.
static inline float float_sqrt_pos(float x)
{
#if defined(__SSE__) && (defined(__x86_64__) || defined(__SSE_MATH__))
    return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(x)));
#else
#if defined(__GNUC__)
    if (!(x >= 0.0f)) {
        __builtin_unreachable();
    }
#endif
    return sqrtf(x);
#endif
}

/// v scaled to unit length and its length in *length; `fallback` (and 0) when
/// v is zero. Correct for tiny and huge vectors too (no under/overflow).
static inline Vec2 vec2_normalize_or(Vec2 v, Vec2 fallback, float *length)
{
    Vec2 result = fallback;
    float len = 0.0f;
    float len_sq = vec2_length_sq(v);
    if (len_sq >= FLT_MIN && len_sq <= FLT_MAX) {
        // common case: the squared length is a normal float
        len = float_sqrt_pos(len_sq);
        result = vec2_scale(v, 1.0f / len);
    } else {
        // rescale by the larger component first, then normalise
        float m = float_max(float_abs(v.x), float_abs(v.y));
        if (m > 0.0f && m <= FLT_MAX) {
            Vec2 w = vec2_make(v.x / m, v.y / m);
            float wl = sqrtf(vec2_length_sq(w));
            result = vec2_scale(w, 1.0f / wl);
            len = m * wl;
        }
    }
    if (length != NULL) {
        *length = len;
    }
    return result;
}

/// The rotation by `angle` radians: one cosf/sinf pair, reused after.
/// Angle 0 (an axis-aligned box, the common case) skips the trigonometry:
/// cos 0 = 1 and sin 0 = 0 exactly, as cosf/sinf would give.
static inline Rot rot_make(float angle)
{
    Rot q = { 1.0f, 0.0f };
    if (angle != 0.0f) {
        q.c = cosf(angle);
        q.s = sinf(angle);
    }
    return q;
}

/// v turned by q.
static inline Vec2 rot_apply(Rot q, Vec2 v)
{
    return vec2_make(q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y);
}

/// v turned back by q (by -angle): world direction into the rotated frame.
static inline Vec2 rot_inv_apply(Rot q, Vec2 v)
{
    return vec2_make(q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y);
}

#endif /* VEC2_H */
