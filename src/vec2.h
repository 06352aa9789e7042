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
#include <stdint.h>
#include <string.h>
#if defined(__SSE__) && (defined(__x86_64__) || defined(__SSE_MATH__))
#include <xmmintrin.h>
#endif
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif

#include "collide.h"

/// A rotation as its cosine and sine: turning (x, y) gives
/// (c*x - s*y, s*x + c*y). The public CollideRot (collide.h), which a
/// prepared shape keeps.
typedef CollideRot Rot;

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
#if defined(__GNUC__) && defined(__x86_64__)
    // the one instruction on the scalar register (the intrinsic's
    // _mm_set_ss costs a round trip through an integer register)
    float root;
    __asm__("sqrtss %1, %0" : "=x"(root) : "x"(x));
    return root;
#elif defined(__SSE__) && (defined(__x86_64__) || defined(__SSE_MATH__))
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
            float wl = float_sqrt_pos(vec2_length_sq(w));   /* >= 1: no libm call */
            result = vec2_scale(w, 1.0f / wl);
            len = m * wl;
        }
    }
    if (length != NULL) {
        *length = len;
    }
    return result;
}

/// vec2_normalize_or for a v whose squared length cannot overflow (each
/// component within about 1e18: two points of the working range, a
/// rescaled offset): the very same result, one compare fewer.
static inline Vec2 vec2_normalize_bounded(Vec2 v, Vec2 fallback, float *length)
{
    float len_sq = vec2_length_sq(v);
    if (len_sq >= FLT_MIN) {
        // common case, as vec2_normalize_or's (len_sq <= FLT_MAX here)
        float len = float_sqrt_pos(len_sq);
        if (length != NULL) {
            *length = len;
        }
        return vec2_scale(v, 1.0f / len);
    }
    return vec2_normalize_or(v, fallback, length);
}

/// rot_make's own computation for 0 < |angle| <= 1e5 (see below): for a
/// caller that keeps the libm branch out of line.
static inline Rot rot_make_near(float angle)
{
    Rot q = { 1.0f, 0.0f };
    const double shifter = 6755399441055744.0;   /* 1.5 * 2^52 */
    double x = (double)angle;
    double kr = x * 0.63661977236758134308 + shifter;   /* 2 / pi */
    uint64_t bits = 0;
    memcpy(&bits, &kr, sizeof bits);
    double kd = kr - shifter;
    double r = (x - kd * 1.57079632673412561417e+00) - kd * 6.07710050650619224932e-11;
    double r2 = r * r;
    double r4 = r2 * r2;
    double r8 = r4 * r4;
#if defined(__SSE2__) && defined(__GNUC__)
    // the two polynomials side by side (lane 0 sine, lane 1
    // cosine): the same double operations in the same order, each
    // lane its own (the sine's r8 term as c + r2 * 0, exactly c),
    // then both rounded to float in one conversion
    __m128d v2 = _mm_set1_pd(r2);
    __m128d pa = _mm_add_pd(_mm_set_pd(-0.5, -1.0 / 6.0), _mm_mul_pd(v2, _mm_set_pd(1.0 / 24.0, 1.0 / 120.0)));
    __m128d pb = _mm_add_pd(_mm_set_pd(-1.0 / 720.0, -1.0 / 5040.0),
                            _mm_mul_pd(v2, _mm_set_pd(1.0 / 40320.0, 1.0 / 362880.0)));
    __m128d pcc = _mm_add_pd(_mm_set_pd(-1.0 / 3628800.0, -1.0 / 39916800.0),
                             _mm_mul_pd(v2, _mm_set_pd(1.0 / 479001600.0, 0.0)));
    __m128d poly = _mm_add_pd(_mm_add_pd(pa, _mm_mul_pd(_mm_set1_pd(r4), pb)), _mm_mul_pd(_mm_set1_pd(r8), pcc));
    __m128d both = _mm_add_pd(_mm_set_pd(1.0, r), _mm_mul_pd(_mm_set_pd(r2, r * r2), poly));
    __m128 f = _mm_cvtpd_ps(both);
    float fs = _mm_cvtss_f32(f);
    float fc = _mm_cvtss_f32(_mm_shuffle_ps(f, f, _MM_SHUFFLE(1, 1, 1, 1)));
    // (float)-x is -(float)x: rounding to nearest is symmetric
    switch (bits & 3u) {
    case 0: q.c = fc; q.s = fs; break;
    case 1: q.c = -fs; q.s = fc; break;
    case 2: q.c = -fc; q.s = -fs; break;
    default: q.c = fs; q.s = -fc; break;
    }
#else
    double ps = (-1.0 / 6.0 + r2 * (1.0 / 120.0)) + r4 * (-1.0 / 5040.0 + r2 * (1.0 / 362880.0))
              + r8 * (-1.0 / 39916800.0);
    double pc = (-0.5 + r2 * (1.0 / 24.0)) + r4 * (-1.0 / 720.0 + r2 * (1.0 / 40320.0))
              + r8 * (-1.0 / 3628800.0 + r2 * (1.0 / 479001600.0));
    double sn = r + (r * r2) * ps;
    double cs = 1.0 + r2 * pc;
    switch (bits & 3u) {
    case 0: q.c = (float)cs; q.s = (float)sn; break;
    case 1: q.c = (float)-sn; q.s = (float)cs; break;
    case 2: q.c = (float)-cs; q.s = (float)-sn; break;
    default: q.c = (float)sn; q.s = (float)-cs; break;
    }
#endif
    return q;
}

/// The rotation by `angle` radians, computed once and applied as often as
/// needed. Angle 0 (an axis-aligned box, the common case) skips the
/// trigonometry: cos 0 = 1 and sin 0 = 0 exactly. Otherwise inline, with a
/// short dependency chain (no libm call, which was half the time of a
/// turned rectangle's ray cast and of circle-rect): the angle reduced by the
/// nearest multiple k of pi/2 in double (k rounded by adding and removing
/// 1.5 * 2^52, pi/2 split in two parts, so the reduction is exact to about
/// 1e-20 for |angle| <= 1e5), then Taylor polynomials in double on
/// [-pi/4, pi/4] evaluated in Estrin's order (truncation below 1e-11
/// relative), swapped and signed by k mod 4: correctly rounded on every
/// one of 136M sampled angles, where glibc's sincosf is an ulp off on
/// 0.14%. Beyond 1e5 rad, cosf and sinf.
static inline Rot rot_make(float angle)
{
    Rot q = { 1.0f, 0.0f };
    if (angle != 0.0f) {
        if (fabsf(angle) <= 1e5f) {
            q = rot_make_near(angle);
        } else {
            q.c = cosf(angle);
            q.s = sinf(angle);
        }
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
