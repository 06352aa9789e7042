// peers_box2d_raycast.cpp - Box2D 2.4 as a peer of bench_raycast.c.
//
// C-callable (see peers_raycast.h). Shapes, transforms, ray inputs, distance
// proxies and TOI inputs are built once by b2casts_build; the timed
// functions only loop over them, calling Box2D the way its world does: a
// shape in its own frame with a b2Transform (b2Shape::RayCast), and
// b2TimeOfImpact on two proxies and two sweeps (the shape's still, the
// circle's a straight line without rotation).

#include <box2d/box2d.h>
#include <box2d/b2_time_of_impact.h>
#include <new>

#include "peers_box2d_shape.h"
#include "peers_raycast.h"

struct B2Casts {
    int n;
    ShapeKind kind;
    b2CircleShape *circ;      // kind SHAPE_CIRCLE
    b2PolygonShape *poly;     // otherwise (a rectangle is a box)
    b2Transform *xf;
    b2RayCastInput *ray;
    b2CircleShape *moving;    // the swept circles, about their own origin
    b2TOIInput *toi;
};

extern "C" B2Casts *b2casts_build(const Shape *shapes, const Vec2 *origin, const Vec2 *translation,
                                  const float *radius, int n)
{
    B2Casts *set = new (std::nothrow) B2Casts();
    if (set == nullptr || n <= 0) {
        delete set;
        return nullptr;
    }
    set->n = n;
    set->kind = shapes[0].kind;
    bool circle = set->kind == SHAPE_CIRCLE;
    set->circ = new (std::nothrow) b2CircleShape[circle ? n : 0];
    set->poly = new (std::nothrow) b2PolygonShape[circle ? 0 : n];
    set->xf = new (std::nothrow) b2Transform[n];
    set->ray = new (std::nothrow) b2RayCastInput[n];
    set->moving = new (std::nothrow) b2CircleShape[n];
    set->toi = new (std::nothrow) b2TOIInput[n];
    if (!set->circ || !set->poly || !set->xf || !set->ray || !set->moving || !set->toi) {
        b2casts_free(set);
        return nullptr;
    }
    for (int i = 0; i < n; ++i) {
        b2_shape_from(&shapes[i], circle ? &set->circ[i] : nullptr, circle ? nullptr : &set->poly[i], &set->xf[i]);
        b2Vec2 p1(origin[i].x, origin[i].y);
        b2Vec2 d(translation[i].x, translation[i].y);
        set->ray[i].p1 = p1;
        set->ray[i].p2 = p1 + d;
        set->ray[i].maxFraction = 1.0f;
        // the moving circle: a proxy about its own origin, a sweep without turning
        set->moving[i].m_p.SetZero();
        set->moving[i].m_radius = radius[i];
        b2TOIInput &in = set->toi[i];
        const b2Shape *shape = circle ? static_cast<const b2Shape *>(&set->circ[i]) : &set->poly[i];
        in.proxyA.Set(shape, 0);
        in.proxyB.Set(&set->moving[i], 0);
        in.sweepA.localCenter.SetZero();
        in.sweepA.c0 = in.sweepA.c = set->xf[i].p;
        in.sweepA.a0 = in.sweepA.a = set->xf[i].q.GetAngle();
        in.sweepA.alpha0 = 0.0f;
        in.sweepB.localCenter.SetZero();
        in.sweepB.c0 = p1;
        in.sweepB.c = p1 + d;
        in.sweepB.a0 = in.sweepB.a = 0.0f;
        in.sweepB.alpha0 = 0.0f;
        in.tMax = 1.0f;
    }
    return set;
}

extern "C" void b2casts_free(B2Casts *set)
{
    if (set == nullptr) {
        return;
    }
    delete[] set->circ;
    delete[] set->poly;
    delete[] set->xf;
    delete[] set->ray;
    delete[] set->moving;
    delete[] set->toi;
    delete set;
}

extern "C" long b2casts_ray_cast(const B2Casts *set, double *fraction_sum)
{
    long hits = 0;
    double sum = 0.0;
    const int n = set->n;
    b2RayCastOutput out;
    // one loop per kind, so no dispatch is timed
    if (set->kind == SHAPE_CIRCLE) {
        for (int i = 0; i < n; ++i) {
            if (set->circ[i].RayCast(&out, set->ray[i], set->xf[i], 0)) {
                hits += 1;
                sum += (double)out.fraction;
            }
        }
    } else {
        for (int i = 0; i < n; ++i) {
            if (set->poly[i].RayCast(&out, set->ray[i], set->xf[i], 0)) {
                hits += 1;
                sum += (double)out.fraction;
            }
        }
    }
    *fraction_sum = sum;
    return hits;
}

extern "C" long b2casts_time_of_impact(const B2Casts *set, double *toi_sum)
{
    long hits = 0;
    double sum = 0.0;
    const int n = set->n;
    b2TOIOutput out;
    for (int i = 0; i < n; ++i) {
        b2TimeOfImpact(&out, &set->toi[i]);
        if (out.state == b2TOIOutput::e_touching || out.state == b2TOIOutput::e_overlapped) {
            hits += 1;
            sum += (double)out.t;
        }
    }
    *toi_sum = sum;
    return hits;
}
