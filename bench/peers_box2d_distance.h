/*
 * peers_box2d_distance.h - the C interface of bench/peers_box2d_distance.cpp:
 * Box2D 2.4's b2Distance beside shapes_distance (bench_distance.c). Built
 * only when Box2D is installed; the benchmark then gets -DHAVE_BOX2D.
 */
#ifndef BENCH_PEERS_BOX2D_DISTANCE_H
#define BENCH_PEERS_BOX2D_DISTANCE_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Pairs a[i], b[i] as Box2D shapes, b2DistanceProxy and b2Transform each,
/// polygon skins removed (radius 0). NULL if out of memory.
typedef struct B2DistPairs B2DistPairs;
B2DistPairs *b2dist_build(const Shape *a, const Shape *b, int n);
void b2dist_free(B2DistPairs *set);
/// b2Distance on pairs [begin, end) (empty cache, useRadii): the sum of
/// their distances; distances[i] gets pair i's, *iterations the summed
/// iterations.
double b2dist_run(const B2DistPairs *set, int begin, int end, float *distances, long *iterations);

#ifdef __cplusplus
}
#endif

#endif /* BENCH_PEERS_BOX2D_DISTANCE_H */
