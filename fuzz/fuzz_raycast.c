/*
 * fuzz_raycast.c - libFuzzer target: bytes -> a shape, a ray and a moving
 * circle -> ray_cast_shape and sweep_circle_shape (collide.h).
 *
 * The bytes give a shape of any kind (good ones, garbage kinds, Poly counts
 * out of range, NaN, infinities, denormals, huge values), an origin, a
 * translation and a circle, in fuzz_bytes.h's encoding (fuzz_collide.c's too). Then:
 *   - nothing crashes or reads out of bounds (ASan, UBSan);
 *   - bad input (shape_is_valid false, a ray or circle out of range) gives
 *     false and leaves the hit and the record untouched, byte for byte;
 *     so does a miss (the hit);
 *   - the recording variants give the same verdict and hit, byte for byte;
 *   - a hit is finite: fraction / toi in [0, 1], a unit normal, and
 *     point = origin + fraction * translation for the ray.
 *
 * `make fuzz-raycast` links it with libFuzzer; tests/test_fuzz_replay_raycast.c
 * includes it with FUZZ_ENTRY renamed and replays tests/corpus/raycast/ in
 * `make test`.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide.h"
#include "fuzz_bytes.h"

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif

int FUZZ_ENTRY(const uint8_t *data, size_t size);

/* ---- Bytes to values (fuzz_bytes.h) ------------------------------------- */

/* The values a float byte tag 1 picks (fuzz_bytes.h): the non-finite, signed
 * zeros, a denormal, and COLLIDE_MAX_COORD itself and twice it. */
static const float RAY_SPECIAL[8] = { NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 1e8f, 1e-40f, 2e8f };

/* ---- Properties ------------------------------------------------------------ */

static void ray_fail(const char *what, const Shape *s, Vec2 o, Vec2 d, float radius)
{
    float f[1 + 2 * POLY_MAX_VERTS];
    memcpy(f, &s->poly, sizeof f);
    fprintf(stderr, "fuzz_raycast: %s\n  shape: kind %d count %d floats", what, (int)s->kind, s->poly.count);
    for (int i = 0; i < 1 + 2 * POLY_MAX_VERTS; i++) fprintf(stderr, " %.9g", (double)f[i]);
    fprintf(stderr, "\n  origin (%.9g, %.9g) translation (%.9g, %.9g) radius %.9g\n", (double)o.x, (double)o.y,
            (double)d.x, (double)d.y, (double)radius);
    abort();
}

static bool in_range(Vec2 v, float bound)
{
    return fabsf(v.x) <= bound && fabsf(v.y) <= bound;
}

static bool unit(Vec2 n)
{
    return fabsf(n.x * n.x + n.y * n.y - 1.0f) <= 1e-3f;
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
    FuzzBytes b = { data, size, 0, RAY_SPECIAL };
    Shape s = fuzz_shape(&b);
    Vec2 o = fuzz_vec(&b);
    Vec2 d = fuzz_vec(&b);
    float radius = fuzz_float(&b);
    bool shape_ok = shape_is_valid(&s);
    bool ray_ok = in_range(o, COLLIDE_MAX_COORD) && in_range(d, 2.0f * COLLIDE_MAX_COORD);
    bool circle_ok = radius >= 0.0f && radius <= COLLIDE_MAX_COORD;

    // the ray
    RayHit h1, h2, blank;
    RayRecord rec, rec_blank;
    memset(&h1, 0xA5, sizeof h1);
    memset(&rec, 0xA5, sizeof rec);
    h2 = blank = h1;
    rec_blank = rec;
    bool hit1 = ray_cast_shape(&s, o, d, &h1);
    bool hit2 = ray_cast_shape_record(&s, o, d, &h2, &rec);
    if (hit1 != hit2 || memcmp(&h1, &h2, sizeof h1) != 0) ray_fail("ray: the recording variant differs", &s, o, d, 0);
    if (!shape_ok || !ray_ok) {
        if (hit1) ray_fail("ray: bad input hit", &s, o, d, 0);
        if (memcmp(&rec, &rec_blank, sizeof rec) != 0) ray_fail("ray: bad input wrote the record", &s, o, d, 0);
    }
    if (!hit1 && memcmp(&h1, &blank, sizeof h1) != 0) ray_fail("ray: a miss wrote the hit", &s, o, d, 0);
    if (hit1) {
        if (!(h1.fraction >= 0.0f && h1.fraction <= 1.0f)) ray_fail("ray: fraction outside [0, 1]", &s, o, d, 0);
        if (!isfinite(h1.point.x) || !isfinite(h1.point.y) || !unit(h1.normal))
            ray_fail("ray: point not finite or normal not unit", &s, o, d, 0);
        if (h1.point.x != o.x + d.x * h1.fraction || h1.point.y != o.y + d.y * h1.fraction)
            ray_fail("ray: point is not origin + fraction * translation", &s, o, d, 0);
        if (rec.hit != true) ray_fail("ray: the record says miss", &s, o, d, 0);
    }

    // the moving circle
    Circle c = { o, radius };
    SweepHit s1, s2, sblank;
    SweepRecord srec, srec_blank;
    memset(&s1, 0xA5, sizeof s1);
    memset(&srec, 0xA5, sizeof srec);
    s2 = sblank = s1;
    srec_blank = srec;
    bool touch1 = sweep_circle_shape(c, d, &s, &s1);
    bool touch2 = sweep_circle_shape_record(c, d, &s, &s2, &srec);
    if (touch1 != touch2 || memcmp(&s1, &s2, sizeof s1) != 0) ray_fail("sweep: the recording variant differs", &s, o, d, radius);
    if (!shape_ok || !ray_ok || !circle_ok) {
        if (touch1) ray_fail("sweep: bad input touched", &s, o, d, radius);
        if (memcmp(&srec, &srec_blank, sizeof srec) != 0) ray_fail("sweep: bad input wrote the record", &s, o, d, radius);
    }
    if (!touch1 && memcmp(&s1, &sblank, sizeof s1) != 0) ray_fail("sweep: a miss wrote the hit", &s, o, d, radius);
    if (touch1) {
        if (!(s1.toi >= 0.0f && s1.toi <= 1.0f)) ray_fail("sweep: toi outside [0, 1]", &s, o, d, radius);
        if (!isfinite(s1.point.x) || !isfinite(s1.point.y) || !unit(s1.normal))
            ray_fail("sweep: point not finite or normal not unit", &s, o, d, radius);
        if ((srec.feature == SWEEP_START) != (s1.toi == 0.0f && srec.feature == SWEEP_START))
            ray_fail("sweep: START with toi > 0", &s, o, d, radius);
        if (srec.feature == SWEEP_MISS) ray_fail("sweep: the record says miss", &s, o, d, radius);
    }
    return 0;
}
