// peers_box2d_distance.cpp - Box2D 2.4's b2Distance as a peer of
// bench_distance (see peers_box2d_distance.h).
//
// Shapes, proxies and transforms are built once by b2dist_build, by
// peers_box2d_shape.h as for every Box2D shim (a circle at the origin of its transform, a
// rectangle a box turned by its transform, a polygon around its vertex
// mean); the timed function only loops, calling b2Distance the way Box2D's
// time-of-impact code does: a fresh b2SimplexCache (count 0, no warm start:
// shapes_distance keeps none either) and useRadii. A polygon proxy's radius
// (b2_polygonRadius, Box2D's skin) is set to 0, so both answer the same
// question: the distance between the exact shapes.

#include <box2d/box2d.h>
#include <box2d/b2_distance.h>
#include <new>

#include "peers_box2d_distance.h"
#include "peers_box2d_shape.h"

struct B2DistPairs {
    int n;
    b2CircleShape *circ;       // 2n: a[i] at 2i, b[i] at 2i + 1 (used for circles)
    b2PolygonShape *poly;      // 2n, the same (used for rectangles and polygons)
    b2DistanceProxy *proxy;    // 2n
    b2Transform *xf;           // 2n
};

// One of our shapes as a Box2D shape and a transform; the proxy points into
// the shape, which stays where it is until b2dist_free.
static void b2dist_convert(const Shape *s, b2CircleShape *circ, b2PolygonShape *poly, b2DistanceProxy *proxy,
                           b2Transform *xf)
{
    b2_shape_from(s, circ, poly, xf);
    if (s->kind == SHAPE_CIRCLE) {
        proxy->Set(circ, 0);
    } else {
        proxy->Set(poly, 0);
        proxy->m_radius = 0.0f;
    }
}

extern "C" B2DistPairs *b2dist_build(const Shape *a, const Shape *b, int n)
{
    B2DistPairs *set = new (std::nothrow) B2DistPairs();
    if (set == nullptr || n <= 0) {
        delete set;
        return nullptr;
    }
    set->n = n;
    set->circ = new (std::nothrow) b2CircleShape[2 * (size_t)n];
    set->poly = new (std::nothrow) b2PolygonShape[2 * (size_t)n];
    set->proxy = new (std::nothrow) b2DistanceProxy[2 * (size_t)n];
    set->xf = new (std::nothrow) b2Transform[2 * (size_t)n];
    if (!set->circ || !set->poly || !set->proxy || !set->xf) {
        b2dist_free(set);
        return nullptr;
    }
    for (int i = 0; i < n; ++i) {
        for (int k = 0; k < 2; ++k) {
            size_t j = 2 * (size_t)i + (size_t)k;
            b2dist_convert(k == 0 ? &a[i] : &b[i], &set->circ[j], &set->poly[j], &set->proxy[j], &set->xf[j]);
        }
    }
    return set;
}

extern "C" void b2dist_free(B2DistPairs *set)
{
    if (set == nullptr) {
        return;
    }
    delete[] set->circ;
    delete[] set->poly;
    delete[] set->proxy;
    delete[] set->xf;
    delete set;
}

extern "C" double b2dist_run(const B2DistPairs *set, int begin, int end, float *distances, long *iterations)
{
    double sum = 0.0;
    long iters = 0;
    for (int i = begin; i < end && i < set->n; ++i) {
        b2DistanceInput input;
        input.proxyA = set->proxy[2 * i];
        input.proxyB = set->proxy[2 * i + 1];
        input.transformA = set->xf[2 * i];
        input.transformB = set->xf[2 * i + 1];
        input.useRadii = true;
        b2SimplexCache cache;
        cache.count = 0;
        b2DistanceOutput output;
        b2Distance(&output, &cache, &input);
        sum += (double)output.distance;
        iters += output.iterations;
        distances[i] = output.distance;
    }
    *iterations = iters;
    return sum;
}
