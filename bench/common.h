/*
 * common.h - what the benchmarks share: a fixed-seed random generator, a
 * monotonic clock, and the C interface of the peer shims
 * (bench/peers_box2d.cpp, bench/peers_chipmunk.c).
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
