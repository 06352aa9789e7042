/*
 * peers_raycast.h - the C interface of bench/peers_box2d_raycast.cpp, Box2D
 * 2.4 as a peer of bench_raycast.c (built only when Box2D is installed: the
 * benchmark then gets -DHAVE_BOX2D, see bench/bench.mk).
 */
#ifndef BENCH_PEERS_RAYCAST_H
#define BENCH_PEERS_RAYCAST_H

#include "collide.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Case i: shapes[i] as a Box2D shape and transform (a circle a
/// b2CircleShape, a rectangle a box turned by its transform, a polygon a
/// b2PolygonShape about its vertex mean), the segment origin[i] ->
/// origin[i] + translation[i], and a circle of radius radius[i] moving
/// along it. Everything, TOI inputs and proxies included, is built here,
/// before any timing. NULL if out of memory.
typedef struct B2Casts B2Casts;
B2Casts *b2casts_build(const Shape *shapes, const Vec2 *origin, const Vec2 *translation, const float *radius,
                       int n);
void b2casts_free(B2Casts *set);
/// Cases for which b2Shape::RayCast (b2CircleShape / b2PolygonShape) hits;
/// *fraction_sum gets the sum of the hit fractions.
long b2casts_ray_cast(const B2Casts *set, double *fraction_sum);
/// Cases for which b2TimeOfImpact (the shape still, the circle moving)
/// reports e_touching or e_overlapped; *toi_sum gets the sum of their t.
long b2casts_time_of_impact(const B2Casts *set, double *toi_sum);

#ifdef __cplusplus
}
#endif

#endif /* BENCH_PEERS_RAYCAST_H */
