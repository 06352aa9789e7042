/*
 * common.h - what the benchmarks share: a fixed-seed random generator, a
 * monotonic clock, the random shapes of bench_collide, bench_distance and
 * bench_raycast, callgrind's markers (no-ops without valgrind's header), and
 * the C interface of the peer shims (bench/peers_box2d.cpp,
 * bench/peers_chipmunk.c).
 *
 * A shim is built only when its library is installed; the benchmark then
 * gets -DHAVE_BOX2D / -DHAVE_CHIPMUNK (see bench/bench.mk). Each shim turns
 * our shapes into the library's own, prebuilt before any timing, and runs
 * the whole timed loop itself, so a peer pays no call into a C wrapper per
 * pair, exactly as our functions are called directly by the benchmark.
 */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <stdint.h>
#include <time.h>

#include "collide.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Fixed-seed random numbers (splitmix64): same data on every run ---- */

typedef struct BenchRng { uint64_t state; } BenchRng;

static inline uint64_t bench_rng_next(BenchRng *rng)
{
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// Uniform in [lo, hi).
static inline float bench_rng_range(BenchRng *rng, float lo, float hi)
{
    float u = (float)(bench_rng_next(rng) >> 40) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * u;
}

/* ---- Time ---------------------------------------------------------------- */

/// Seconds on the monotonic clock. A C file needs _POSIX_C_SOURCE >= 199309L
/// defined before its first #include.
static inline double bench_now(void)
{
    struct timespec ts = { 0, 0 };
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#ifndef __cplusplus

/* ---- Settings ------------------------------------------------------------ */

#include <stdlib.h>

/// The environment's whole number `name` (BENCH_N, BENCH_REPS), when it is
/// one from 1 to 100,000,000; else fallback.
static inline int bench_env_int(const char *name, int fallback)
{
    const char *value = getenv(name);
    int result = fallback;
    if (value != NULL && value[0] != '\0') {
        long parsed = strtol(value, NULL, 10);
        if (parsed > 0 && parsed <= 100000000L) {
            result = (int)parsed;
        }
    }
    return result;
}

/* ---- Random shapes on the canvas (bench_collide, _distance, _raycast) ---- */

#include <math.h>
#include <stdbool.h>
#include <string.h>

#define CANVAS_W 1280.0f
#define CANVAS_H 720.0f
#define BENCH_PI 3.14159265358979f

/// A shape of `kind` centred on `center`; returns its bounding radius.
/// Circles: radius 10..80. Rectangles: half extents 5..100, a random angle
/// (0 when `aligned`). Polygons: 3..8 vertices, jittered angles on an
/// ellipse, then turned (an affine image of a convex polygon inscribed in a
/// circle, so convex), in either winding. The draws, in this order, are what
/// every benchmark's fixed-seed data is made of: change them and the numbers
/// of earlier runs no longer compare.
static inline float bench_make_shape(BenchRng *rng, ShapeKind kind, bool aligned, Vec2 center, Shape *out)
{
    float bound = 0.0f;
    memset(out, 0, sizeof *out);
    out->kind = kind;
    if (kind == SHAPE_CIRCLE) {
        out->circle.center = center;
        out->circle.radius = bench_rng_range(rng, 10.0f, 80.0f);
        bound = out->circle.radius;
    } else if (kind == SHAPE_RECT) {
        out->rect.center = center;
        out->rect.half.x = bench_rng_range(rng, 5.0f, 100.0f);
        out->rect.half.y = bench_rng_range(rng, 5.0f, 100.0f);
        out->rect.angle = aligned ? 0.0f : bench_rng_range(rng, 0.0f, 2.0f * BENCH_PI);
        bound = sqrtf(out->rect.half.x * out->rect.half.x + out->rect.half.y * out->rect.half.y);
    } else {
        int count = 3 + (int)(bench_rng_next(rng) % (POLY_MAX_VERTS - 2));
        float radius = bench_rng_range(rng, 10.0f, 80.0f);
        float squash = bench_rng_range(rng, 0.5f, 1.0f);
        float turn = bench_rng_range(rng, 0.0f, 2.0f * BENCH_PI);
        float c = cosf(turn);
        float s = sinf(turn);
        bool reverse = (bench_rng_next(rng) & 1u) != 0u;   /* either winding */
        out->poly.count = count;
        for (int i = 0; i < count; ++i) {
            float t = 2.0f * BENCH_PI * ((float)i + bench_rng_range(rng, -0.35f, 0.35f)) / (float)count;
            float lx = radius * cosf(t);
            float ly = radius * squash * sinf(t);
            int slot = reverse ? count - 1 - i : i;
            out->poly.verts[slot].x = center.x + lx * c - ly * s;
            out->poly.verts[slot].y = center.y + lx * s + ly * c;
        }
        bound = radius;
    }
    return bound;
}

/// A random point on the 1280x720 canvas.
static inline Vec2 bench_canvas_point(BenchRng *rng)
{
    Vec2 p = { bench_rng_range(rng, 0.0f, CANVAS_W), bench_rng_range(rng, 0.0f, CANVAS_H) };
    return p;
}

/* ---- Callgrind: each contestant's loop dumped on its own ------------------ */

/* Under valgrind a benchmark runs each contestant once and dumps its loop
   alone (CALLGRIND_DUMP_STATS_AT); without valgrind's header these are
   no-ops and RUNNING_ON_VALGRIND is 0. */
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_HAVE_CALLGRIND 1
#endif
#endif
#ifndef BENCH_HAVE_CALLGRIND
#define BENCH_HAVE_CALLGRIND 0
#define RUNNING_ON_VALGRIND 0
#define CALLGRIND_ZERO_STATS
#define CALLGRIND_TOGGLE_COLLECT
#define CALLGRIND_DUMP_STATS_AT(label) ((void)(label))
#endif

#endif /* !__cplusplus */

/* ---- Box2D 2.4 shim (peers_box2d.cpp) ------------------------------------ */

/// Pairs a[i], b[i] as Box2D shapes and transforms. A circle is a
/// b2CircleShape at the origin of its transform; a rectangle a box
/// (SetAsBox) turned by its transform; a polygon a b2PolygonShape around its
/// centroid. Every pair of one set has the same kinds. NULL if out of memory.
typedef struct B2Pairs B2Pairs;
B2Pairs *b2pairs_build(const Shape *a, const Shape *b, int n);
void b2pairs_free(B2Pairs *set);
/// Pairs for which b2TestOverlap(shapeA, 0, shapeB, 0, xfA, xfB) holds (GJK).
long b2pairs_test_overlap(const B2Pairs *set);
/// Pairs whose manifold has a point: b2CollideCircles,
/// b2CollidePolygonAndCircle (the polygon first) or b2CollidePolygons.
long b2pairs_collide(const B2Pairs *set);
/// Which b2Collide* function b2pairs_collide calls for this set.
const char *b2pairs_collide_name(const B2Pairs *set);
/// Pairs whose world b2AABBs overlap: the inline b2TestOverlap(b2AABB, b2AABB).
long b2pairs_aabb_overlap(const B2Pairs *set);

/* ---- Chipmunk 7 shim (peers_chipmunk.c) ---------------------------------- */

/// Pairs a[i], b[i] as Chipmunk shapes, each on its own static body placed
/// at the shape's centre and angle, world data cached (cpShapeCacheBB).
typedef struct CpPairs CpPairs;
CpPairs *cppairs_build(const Shape *a, const Shape *b, int n);
void cppairs_free(CpPairs *set);
/// Pairs for which cpShapesCollide returns at least one contact point.
long cppairs_collide(const CpPairs *set);
/// Pairs whose cached cpBBs intersect (cpBBIntersects).
long cppairs_bb_intersects(const CpPairs *set);

#ifdef __cplusplus
}
#endif

#endif /* BENCH_COMMON_H */
