// peers_box2d.cpp - Box2D 2.4 as a peer of the narrow-phase benchmark.
//
// C-callable (see common.h). Shapes and transforms are built once by
// b2pairs_build; the timed functions only loop over them, calling Box2D the
// way its contact code does: one b2Transform per shape, shapes in their own
// frame. Box2D keeps polygons "rounded" by b2_polygonRadius (0.01 here, in
// pixels), so at exact touching its answers may differ from ours.

#include <box2d/box2d.h>
#include <new>

#include "common.h"
#include "peers_box2d_shape.h"

struct B2Pairs {
    int n;
    ShapeKind kindA, kindB;
    b2CircleShape *circA, *circB;     // used when the kind is SHAPE_CIRCLE
    b2PolygonShape *polyA, *polyB;    // otherwise (a rectangle is a box)
    b2Transform *xfA, *xfB;
    b2AABB *boxA, *boxB;              // world AABBs, for the AABB test
};

extern "C" B2Pairs *b2pairs_build(const Shape *a, const Shape *b, int n)
{
    B2Pairs *set = new (std::nothrow) B2Pairs();
    if (set == nullptr || n <= 0) {
        delete set;
        return nullptr;
    }
    set->n = n;
    set->kindA = a[0].kind;
    set->kindB = b[0].kind;
    set->circA = new (std::nothrow) b2CircleShape[set->kindA == SHAPE_CIRCLE ? n : 0];
    set->circB = new (std::nothrow) b2CircleShape[set->kindB == SHAPE_CIRCLE ? n : 0];
    set->polyA = new (std::nothrow) b2PolygonShape[set->kindA == SHAPE_CIRCLE ? 0 : n];
    set->polyB = new (std::nothrow) b2PolygonShape[set->kindB == SHAPE_CIRCLE ? 0 : n];
    set->xfA = new (std::nothrow) b2Transform[n];
    set->xfB = new (std::nothrow) b2Transform[n];
    set->boxA = new (std::nothrow) b2AABB[n];
    set->boxB = new (std::nothrow) b2AABB[n];
    if (!set->circA || !set->circB || !set->polyA || !set->polyB || !set->xfA || !set->xfB ||
        !set->boxA || !set->boxB) {
        b2pairs_free(set);
        return nullptr;
    }
    for (int i = 0; i < n; ++i) {
        bool circleA = set->kindA == SHAPE_CIRCLE;
        bool circleB = set->kindB == SHAPE_CIRCLE;
        b2_shape_from(&a[i], circleA ? &set->circA[i] : nullptr, circleA ? nullptr : &set->polyA[i], &set->xfA[i]);
        b2_shape_from(&b[i], circleB ? &set->circB[i] : nullptr, circleB ? nullptr : &set->polyB[i], &set->xfB[i]);
        const b2Shape *sa = circleA ? static_cast<const b2Shape *>(&set->circA[i]) : &set->polyA[i];
        const b2Shape *sb = circleB ? static_cast<const b2Shape *>(&set->circB[i]) : &set->polyB[i];
        sa->ComputeAABB(&set->boxA[i], set->xfA[i], 0);
        sb->ComputeAABB(&set->boxB[i], set->xfB[i], 0);
    }
    return set;
}

extern "C" void b2pairs_free(B2Pairs *set)
{
    if (set == nullptr) {
        return;
    }
    delete[] set->circA;
    delete[] set->circB;
    delete[] set->polyA;
    delete[] set->polyB;
    delete[] set->xfA;
    delete[] set->xfB;
    delete[] set->boxA;
    delete[] set->boxB;
    delete set;
}

extern "C" long b2pairs_test_overlap(const B2Pairs *set)
{
    long hits = 0;
    const int n = set->n;
    const bool circleA = set->kindA == SHAPE_CIRCLE;
    const bool circleB = set->kindB == SHAPE_CIRCLE;
    for (int i = 0; i < n; ++i) {
        const b2Shape *sa = circleA ? static_cast<const b2Shape *>(&set->circA[i]) : &set->polyA[i];
        const b2Shape *sb = circleB ? static_cast<const b2Shape *>(&set->circB[i]) : &set->polyB[i];
        hits += b2TestOverlap(sa, 0, sb, 0, set->xfA[i], set->xfB[i]) ? 1 : 0;
    }
    return hits;
}

extern "C" long b2pairs_collide(const B2Pairs *set)
{
    long hits = 0;
    const int n = set->n;
    b2Manifold m;
    // One loop per kind pair, so no dispatch is timed.
    if (set->kindA == SHAPE_CIRCLE && set->kindB == SHAPE_CIRCLE) {
        for (int i = 0; i < n; ++i) {
            b2CollideCircles(&m, &set->circA[i], set->xfA[i], &set->circB[i], set->xfB[i]);
            hits += m.pointCount > 0 ? 1 : 0;
        }
    } else if (set->kindA == SHAPE_CIRCLE) {
        for (int i = 0; i < n; ++i) {
            b2CollidePolygonAndCircle(&m, &set->polyB[i], set->xfB[i], &set->circA[i], set->xfA[i]);
            hits += m.pointCount > 0 ? 1 : 0;
        }
    } else if (set->kindB == SHAPE_CIRCLE) {
        for (int i = 0; i < n; ++i) {
            b2CollidePolygonAndCircle(&m, &set->polyA[i], set->xfA[i], &set->circB[i], set->xfB[i]);
            hits += m.pointCount > 0 ? 1 : 0;
        }
    } else {
        for (int i = 0; i < n; ++i) {
            b2CollidePolygons(&m, &set->polyA[i], set->xfA[i], &set->polyB[i], set->xfB[i]);
            hits += m.pointCount > 0 ? 1 : 0;
        }
    }
    return hits;
}

extern "C" const char *b2pairs_collide_name(const B2Pairs *set)
{
    if (set->kindA == SHAPE_CIRCLE && set->kindB == SHAPE_CIRCLE) {
        return "b2CollideCircles";
    }
    if (set->kindA == SHAPE_CIRCLE || set->kindB == SHAPE_CIRCLE) {
        return "b2CollidePolygonAndCircle";
    }
    return "b2CollidePolygons";
}

extern "C" long b2pairs_aabb_overlap(const B2Pairs *set)
{
    long hits = 0;
    const int n = set->n;
    for (int i = 0; i < n; ++i) {
        hits += b2TestOverlap(set->boxA[i], set->boxB[i]) ? 1 : 0;
    }
    return hits;
}
