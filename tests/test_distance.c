/*
 * test_distance.c - shapes_distance (GJK), its recorder and minkowski_hull
 * (src/distance.c).
 *
 * Hand-computed cases first, one commented block each. Then 100,000
 * fixed-seed pairs of every kind compared with distances computed here
 * independently, in double: the shapes' corners in double, then brute force
 * over every vertex-edge pair, after an intersection test (segments
 * crossing or a vertex inside). Every result must be within 1e-3 px of it
 * (plus a relative part for coordinates far from the canvas), its points
 * on their shapes and |point_b - point_a| its distance; distance 0 exactly
 * when shapes_collide says they collide.
 */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "collide.h"

#define EPS 1e-4f
#define PI_D 3.14159265358979323846

/* ---- Helpers --------------------------------------------------------- */

static Vec2 v2(double x, double y)
{
    Vec2 v = { (float)x, (float)y };
    return v;
}

static Shape circle(double x, double y, double r)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_CIRCLE;
    s.circle.center = v2(x, y);
    s.circle.radius = (float)r;
    return s;
}

static Shape rect(double x, double y, double hx, double hy, double angle)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_RECT;
    s.rect.center = v2(x, y);
    s.rect.half = v2(hx, hy);
    s.rect.angle = (float)angle;
    return s;
}

static Shape poly(int count, const double *xy)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_POLY;
    s.poly.count = count;
    for (int i = 0; i < count; ++i) {
        s.poly.verts[i] = v2(xy[2 * i], xy[2 * i + 1]);
    }
    return s;
}

static const Distance SENTINEL = { 123.0f, { 4.0f, 5.0f }, { 6.0f, 7.0f }, 89 };

static void assert_vec_near(Vec2 v, double x, double y, double eps)
{
    assert_float_equal(v.x, x, eps);
    assert_float_equal(v.y, y, eps);
}

/* ---- The reference, in double ---------------------------------------- */

typedef struct DVec { double x, y; } DVec;

/// A shape as its corners (a circle: its centre) and a radius, in double.
typedef struct DShape { DVec v[POLY_MAX_VERTS]; int count; double radius; } DShape;

static DVec dv(double x, double y)
{
    DVec v = { x, y };
    return v;
}
static DVec dsub(DVec a, DVec b) { return dv(a.x - b.x, a.y - b.y); }
static double ddot(DVec a, DVec b) { return a.x * b.x + a.y * b.y; }
static double dcross(DVec a, DVec b) { return a.x * b.y - a.y * b.x; }
static double dlen(DVec a) { return sqrt(ddot(a, a)); }

static DShape dshape(const Shape *s)
{
    DShape d;
    memset(&d, 0, sizeof d);
    if (s->kind == SHAPE_CIRCLE) {
        d.count = 1;
        d.v[0] = dv(s->circle.center.x, s->circle.center.y);
        d.radius = s->circle.radius;
    } else if (s->kind == SHAPE_RECT) {
        // the contract's corner formula, in double
        double c = cos((double)s->rect.angle);
        double sn = sin((double)s->rect.angle);
        const double lx[4] = { -1, 1, 1, -1 };
        const double ly[4] = { -1, -1, 1, 1 };
        d.count = 4;
        for (int i = 0; i < 4; ++i) {
            double x = lx[i] * s->rect.half.x;
            double y = ly[i] * s->rect.half.y;
            d.v[i] = dv(s->rect.center.x + x * c - y * sn, s->rect.center.y + x * sn + y * c);
        }
    } else {
        d.count = s->poly.count;
        for (int i = 0; i < d.count; ++i) {
            d.v[i] = dv(s->poly.verts[i].x, s->poly.verts[i].y);
        }
    }
    return d;
}

/// Distance from p to the segment [a, b] (a point when a == b).
static double point_segment(DVec p, DVec a, DVec b)
{
    DVec e = dsub(b, a);
    double len_sq = ddot(e, e);
    double t = len_sq > 0.0 ? ddot(dsub(p, a), e) / len_sq : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    return dlen(dsub(p, dv(a.x + t * e.x, a.y + t * e.y)));
}

static int orient(DVec a, DVec b, DVec c)
{
    double x = dcross(dsub(b, a), dsub(c, a));
    return (x > 0.0) - (x < 0.0);
}

static bool on_segment(DVec p, DVec a, DVec b)
{
    return fmin(a.x, b.x) <= p.x && p.x <= fmax(a.x, b.x) && fmin(a.y, b.y) <= p.y && p.y <= fmax(a.y, b.y);
}

/// Closed segments [a, b] and [c, d] meet (orientation tests, collinear
/// cases by bounding boxes).
static bool segments_meet(DVec a, DVec b, DVec c, DVec d)
{
    int o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
    if (o1 != o2 && o3 != o4 && o1 * o2 <= 0 && o3 * o4 <= 0) {
        return true;
    }
    return (o1 == 0 && on_segment(c, a, b)) || (o2 == 0 && on_segment(d, a, b)) ||
           (o3 == 0 && on_segment(a, c, d)) || (o4 == 0 && on_segment(b, c, d));
}

/// p strictly inside the hull of s's points (a shape with area), either winding.
static bool inside(const DShape *s, DVec p)
{
    if (s->count < 3) {
        return false;
    }
    int pos = 0, neg = 0;
    for (int i = 0; i < s->count; ++i) {
        int o = orient(s->v[i], s->v[(i + 1) % s->count], p);
        pos += o > 0;
        neg += o < 0;
    }
    return (pos == s->count) || (neg == s->count);
}

/// The edges of s: count edges of a polygon, one (degenerate) of a point.
static int edge_count(const DShape *s)
{
    return s->count;
}

/// Distance between the hulls of two point sets (0 if they meet).
static double hull_distance(const DShape *a, const DShape *b)
{
    bool meet = inside(a, b->v[0]) || inside(b, a->v[0]);
    double best = INFINITY;
    for (int i = 0; i < edge_count(a) && !meet; ++i) {
        DVec a0 = a->v[i], a1 = a->v[(i + 1) % a->count];
        for (int j = 0; j < edge_count(b); ++j) {
            DVec b0 = b->v[j], b1 = b->v[(j + 1) % b->count];
            if (segments_meet(a0, a1, b0, b1)) {
                meet = true;
                break;
            }
            best = fmin(best, fmin(fmin(point_segment(a0, b0, b1), point_segment(a1, b0, b1)),
                                   fmin(point_segment(b0, a0, a1), point_segment(b1, a0, a1))));
        }
    }
    return meet ? 0.0 : best;
}

/// The exact distance between two shapes, in double.
static double exact_distance(const Shape *a, const Shape *b)
{
    DShape da = dshape(a);
    DShape db = dshape(b);
    return fmax(0.0, hull_distance(&da, &db) - da.radius - db.radius);
}

/// How far p is from the shape (0 inside or on it), in double.
static double distance_to_shape(const Shape *s, Vec2 p)
{
    DShape d = dshape(s);
    DShape point;
    memset(&point, 0, sizeof point);
    point.count = 1;
    point.v[0] = dv(p.x, p.y);
    return fmax(0.0, hull_distance(&d, &point) - d.radius);
}

/// The largest |coordinate| plus extent the pair involves.
static double pair_scale(const Shape *a, const Shape *b)
{
    double m = 0.0;
    const Shape *s[2] = { a, b };
    for (int k = 0; k < 2; ++k) {
        DShape d = dshape(s[k]);
        for (int i = 0; i < d.count; ++i) {
            m = fmax(m, fmax(fabs(d.v[i].x), fabs(d.v[i].y)) + d.radius);
        }
    }
    return m;
}

/* ---- Hand-computed cases --------------------------------------------- */

static void test_circles(void **state)
{
    (void)state;
    // Test 1: two circles 5 apart on x, radii 1 and 2: a gap of 2 between
    // (1, 0) and (3, 0), and nothing to iterate
    Shape a = circle(0, 0, 1);
    Shape b = circle(5, 0, 2);
    Distance d = SENTINEL;
    assert_true(shapes_distance(&a, &b, &d));
    assert_float_equal(d.distance, 2.0f, EPS);
    assert_vec_near(d.point_a, 1, 0, EPS);
    assert_vec_near(d.point_b, 3, 0, EPS);
    assert_int_equal(d.iterations, 0);

    // Test 2: overlapping (centres 2 apart, radii 2 and 1): distance 0, one
    // common point on the line of centres within both discs
    a = circle(10, 10, 2);
    b = circle(10, 12, 1);
    assert_true(shapes_distance(&a, &b, &d));
    assert_true(d.distance == 0.0f);
    assert_true(memcmp(&d.point_a, &d.point_b, sizeof d.point_a) == 0);
    assert_float_equal(d.point_a.x, 10.0f, EPS);
    assert_in_range((long)lroundf(d.point_a.y * 100.0f), 1100, 1200);

    // Test 3: touching (3 + 2 = 5): distance 0 at the touching point (3, 4)
    a = circle(0, 0, 3);
    b = circle(6, 8, 7);
    assert_true(shapes_distance(&a, &b, &d));
    assert_true(d.distance == 0.0f);
    assert_vec_near(d.point_a, 1.8, 2.4, EPS);
    assert_vec_near(d.point_b, 1.8, 2.4, EPS);

    // Test 4: the pair reversed: the same distance, the points swapped
    a = circle(5, 0, 2);
    b = circle(0, 0, 1);
    assert_true(shapes_distance(&a, &b, &d));
    assert_float_equal(d.distance, 2.0f, EPS);
    assert_vec_near(d.point_a, 3, 0, EPS);
    assert_vec_near(d.point_b, 1, 0, EPS);
}

static void test_boxes_and_polygons(void **state)
{
    (void)state;
    Distance d = SENTINEL;

    // Test 1: circle left of a box, 3 px between its rim and the box's face
    Shape c = circle(0, 0, 1);
    Shape r = rect(5, 0, 1, 1, 0);
    assert_true(shapes_distance(&c, &r, &d));
    assert_float_equal(d.distance, 3.0f, EPS);
    assert_vec_near(d.point_a, 1, 0, EPS);
    assert_vec_near(d.point_b, 4, 0, EPS);
    assert_true(d.iterations >= 1);

    // Test 2: corner to corner: (1, 1) of the first box and (3, 4) of the
    // second, sqrt(13) apart
    Shape a = rect(0, 0, 1, 1, 0);
    Shape b = rect(4, 5, 1, 1, 0);
    assert_true(shapes_distance(&a, &b, &d));
    assert_float_equal(d.distance, sqrtf(13.0f), EPS);
    assert_vec_near(d.point_a, 1, 1, EPS);
    assert_vec_near(d.point_b, 3, 4, EPS);

    // Test 3: a box turned 45 degrees: its corner (0, -sqrt 2 * 2) points up
    // at a triangle whose bottom edge lies on y = -5
    double h = 2.0 * sqrt(2.0);
    a = rect(0, 0, 2, 2, PI_D / 4.0);
    const double tri[] = { -3, -5, 3, -5, 0, -9 };
    b = poly(3, tri);
    assert_true(shapes_distance(&a, &b, &d));
    assert_float_equal(d.distance, 5.0 - h, EPS);
    assert_vec_near(d.point_a, 0, -h, EPS);
    assert_vec_near(d.point_b, 0, -5, EPS);

    // Test 4: parallel faces 2 apart: any pair of facing points, 2 apart,
    // on the shared span x in [1, 2]
    const double sq1[] = { 0, 0, 2, 0, 2, 2, 0, 2 };
    const double sq2[] = { 1, 4, 3, 4, 3, 6, 1, 6 };
    a = poly(4, sq1);
    b = poly(4, sq2);
    assert_true(shapes_distance(&a, &b, &d));
    assert_float_equal(d.distance, 2.0f, EPS);
    assert_float_equal(d.point_a.y, 2.0f, EPS);
    assert_float_equal(d.point_b.y, 4.0f, EPS);
    assert_float_equal(d.point_a.x, d.point_b.x, EPS);
    assert_true(d.point_a.x >= 1.0f - EPS && d.point_a.x <= 2.0f + EPS);

    // Test 5: boxes sharing a face (touching): distance 0 and one point on
    // the shared face
    a = rect(0, 0, 1, 1, 0);
    b = rect(2, 0.5, 1, 1, 0);
    assert_true(shapes_distance(&a, &b, &d));
    assert_true(d.distance == 0.0f);
    assert_true(memcmp(&d.point_a, &d.point_b, sizeof d.point_a) == 0);
    assert_float_equal(d.point_a.x, 1.0f, EPS);
    assert_true(d.point_a.y >= -0.5f - EPS && d.point_a.y <= 1.0f + EPS);

    // Test 6: a circle deep inside a polygon: distance 0, the common point
    // inside both
    const double big[] = { -10, -10, 10, -10, 12, 5, -10, 10 };
    a = circle(1, 1, 2);
    b = poly(4, big);
    assert_true(shapes_distance(&a, &b, &d));
    assert_true(d.distance == 0.0f);
    assert_true(distance_to_shape(&a, d.point_a) < 1e-4);
    assert_true(distance_to_shape(&b, d.point_a) < 1e-4);

    // Test 7: the same polygon in the other winding: the same answer
    const double big_rev[] = { -10, 10, 12, 5, 10, -10, -10, -10 };
    Shape br = poly(4, big_rev);
    Shape far = circle(30, 0, 4);
    Distance d1 = SENTINEL, d2 = SENTINEL;
    assert_true(shapes_distance(&far, &b, &d1));
    assert_true(shapes_distance(&far, &br, &d2));
    assert_float_equal(d1.distance, d2.distance, EPS);
    assert_float_equal(d1.distance, exact_distance(&far, &b), EPS);
}

static void test_points_and_segments(void **state)
{
    (void)state;
    Distance d = SENTINEL;

    // Test 1: a point (radius 0) 3 above a horizontal segment (half height 0)
    Shape p = circle(0.5, -3, 0);
    Shape s = rect(0, 0, 2, 0, 0);
    assert_true(shapes_distance(&p, &s, &d));
    assert_float_equal(d.distance, 3.0f, EPS);
    assert_vec_near(d.point_a, 0.5, -3, EPS);
    assert_vec_near(d.point_b, 0.5, 0, EPS);

    // Test 2: past the segment's end: the distance to the end point (2, 0)
    p = circle(5, 4, 0);
    assert_true(shapes_distance(&p, &s, &d));
    assert_float_equal(d.distance, 5.0f, EPS);
    assert_vec_near(d.point_b, 2, 0, EPS);

    // Test 3: the point on the segment: touching, distance 0 at the point
    p = circle(1, 0, 0);
    assert_true(shapes_distance(&p, &s, &d));
    assert_true(d.distance == 0.0f);
    assert_vec_near(d.point_a, 1, 0, EPS);
    assert_true(shapes_collide(&p, &s, NULL));

    // Test 4: two distinct points do not touch; two equal ones do
    Shape q1 = circle(3, 4, 0);
    Shape q2 = circle(0, 0, 0);
    assert_true(shapes_distance(&q1, &q2, &d));
    assert_float_equal(d.distance, 5.0f, EPS);
    assert_true(shapes_distance(&q1, &q1, &d));
    assert_true(d.distance == 0.0f);
    assert_int_equal(d.iterations, 0);

    // Test 5: crossing segments (a turned zero-width box and a flat
    // polygon): distance 0 at the crossing (0, 0)
    Shape s1 = rect(0, 0, 3, 0, PI_D / 2.0);
    const double flat[] = { -2, 0, 0, 0, 2, 0 };
    Shape s2 = poly(3, flat);
    assert_true(shapes_distance(&s1, &s2, &d));
    assert_true(d.distance == 0.0f);
    assert_vec_near(d.point_a, 0, 0, EPS);

    // Test 6: parallel segments 1 apart
    Shape s3 = rect(1, 1, 2, 0, 0);
    assert_true(shapes_distance(&s2, &s3, &d));
    assert_float_equal(d.distance, 1.0f, EPS);
}

static void test_tiny_and_far(void **state)
{
    (void)state;
    Distance d = SENTINEL;

    // Test 1: boxes of 2e-30 px near (0, 0), 1e-30 apart: products of such
    // lengths underflow to 0 unless scaled first; the answer keeps its
    // precision
    Shape a = rect(0, 0, 1e-30, 1e-30, 0);
    Shape b = rect(3e-30, 0.5e-30, 1e-30, 1e-30, 0);
    assert_true(shapes_distance(&a, &b, &d));
    assert_float_equal(d.distance / 1e-30f, 1.0f, 1e-5f);
    assert_float_equal(d.point_a.x / 1e-30f, 1.0f, 1e-5f);
    assert_float_equal(d.point_b.x / 1e-30f, 2.0f, 1e-5f);

    // Test 2: found by fuzzing (tests/corpus/collide/regress-distance-*):
    // polygons of 1e-22 px at (0, 0) beside a big circle or a far vertex,
    // so not scaled up: subnormal products once gave infinite weights.
    // Finite now, and 0 exactly when shapes_collide says so
    const double speck8[] = { -1.06692781e-22, 1.64081017e-23, -1.07690949e-22, 7.43198165e-24,
                              -1.0781439e-22, 5.35087941e-24, -7.66748061e-23, -7.59838776e-23,
                              -7.61840526e-23, -7.64759122e-23, 7.98302497e-23, -7.2661593e-23,
                              6.62839618e-23, 8.51998303e-23, -9.00612645e-23, 5.95108715e-23 };
    const double speck5[] = { 2.58288364e-23, 7.82030553e-24, 2.54867895e-23, 8.87184055e-24,
                              -2.65958806e-23, 4.57657339e-24, -2.68061183e-23, 3.11736176e-24,
                              -2.68812652e-23, 2.38399366e-24 };
    const double sliver[] = { -0.03125, -7.96875, 0, 0, 0, 0, 0, 0 };
    Shape pairs[2][2] = { { poly(8, speck8), circle(3.53196297e-39, 1.89544877e-37, 13.8125) },
                          { poly(5, speck5), poly(4, sliver) } };
    for (int i = 0; i < 2; ++i) {
        for (int k = 0; k < 2; ++k) {
            const Shape *p = &pairs[i][k];
            const Shape *q = &pairs[i][1 - k];
            assert_true(shapes_distance(p, q, &d));
            assert_true(isfinite(d.distance) && isfinite(d.point_a.x) && isfinite(d.point_a.y) &&
                        isfinite(d.point_b.x) && isfinite(d.point_b.y));
            assert_true((d.distance == 0.0f) == shapes_collide(p, q, NULL));
        }
    }

    // Test 3: two unit boxes 0.5 apart near (1e7, 1e7): the distance keeps
    // the precision of their size, not of their coordinates (ulp 1 there)
    a = rect(1e7, 1e7, 1, 1, 0);
    b = rect(1e7 + 2.5, 1e7, 1, 1, 0.0);
    b.rect.center.x = a.rect.center.x + 2.5f;   /* float: exactly 1e7 + 2 or + 3 */
    double gap = (double)b.rect.center.x - (double)a.rect.center.x - 2.0;
    assert_true(shapes_distance(&a, &b, &d));
    assert_float_equal(d.distance, gap, 1e-6);
}

static void test_bad_input(void **state)
{
    (void)state;
    Shape good = circle(0, 0, 1);
    Shape bad[10];
    bad[0] = circle(NAN, 0, 1);
    bad[1] = circle(0, 0, -1);
    bad[2] = rect(0, 0, 1, 1, INFINITY);
    bad[3] = rect(0, 0, -1, 1, 0);
    const double tri[] = { 0, 0, 1, 0, 0, 1 };
    bad[4] = poly(3, tri);
    bad[4].poly.count = 2;
    bad[5] = poly(3, tri);
    bad[5].poly.count = POLY_MAX_VERTS + 1;
    bad[6] = circle(2e9, 0, 1);   /* beyond COLLIDE_MAX_COORD */
    bad[7] = good;
    bad[7].kind = (ShapeKind)7;
    bad[8] = poly(3, tri);
    bad[8].poly.verts[2].y = NAN;
    bad[9] = poly(3, tri);
    bad[9].poly.verts[1].x = -INFINITY;
    for (int i = 0; i < 10; ++i) {
        // Test: each bad shape on either side: false, out and record untouched
        Distance d = SENTINEL;
        GjkRecord rec;
        memset(&rec, 0xAB, sizeof rec);
        GjkRecord rec_copy = rec;
        assert_false(shapes_distance(&good, &bad[i], &d));
        assert_false(shapes_distance_record(&bad[i], &good, &d, &rec));
        assert_true(memcmp(&d, &SENTINEL, sizeof d) == 0);
        assert_true(memcmp(&rec, &rec_copy, sizeof rec) == 0);
        Vec2 hull[MINKOWSKI_MAX_VERTS] = { { 1.0f, 2.0f } };
        float radius = 5.0f;
        assert_int_equal(minkowski_hull(&bad[i], &good, hull, &radius), 0);
        assert_true(radius == 5.0f && hull[0].x == 1.0f && hull[0].y == 2.0f);
    }
    // Test: NULL shapes
    Distance d = SENTINEL;
    assert_false(shapes_distance(NULL, &good, &d));
    assert_false(shapes_distance(&good, NULL, &d));
    assert_true(memcmp(&d, &SENTINEL, sizeof d) == 0);
    // Test: a NULL output is allowed
    assert_true(shapes_distance(&good, &good, NULL));
}

/* ---- The recorder ---------------------------------------------------- */

/// Checks one record against its run: steps well formed, every support
/// point the farthest of A - B along its direction, the nearest point never
/// farther from the origin than the step before.
static void check_record(const Shape *a, const Shape *b, const GjkRecord *rec, const Distance *d)
{
    assert_true(rec->count >= 1 && rec->count <= GJK_MAX_ITERATIONS + 1);
    assert_true(memcmp(&rec->result, d, sizeof *d) == 0);
    assert_true(rec->overlap == (d->distance == 0.0f));
    int searches = 0;
    double prev = INFINITY;
    DShape da = dshape(a);
    DShape db = dshape(b);
    double scale = pair_scale(a, b) + 1.0;
    for (int k = 0; k < rec->count; ++k) {
        const GjkStep *st = &rec->steps[k];
        assert_true(st->count >= 1 && st->count <= 3);
        double wsum = 0.0;
        for (int i = 0; i < st->count; ++i) {
            const GjkVertex *v = &st->simplex[i];
            assert_true(v->index_a >= 0 && v->index_a < da.count);
            assert_true(v->index_b >= 0 && v->index_b < db.count);
            // the vertex's points are the shapes' corners it names
            assert_true(fabs(v->a.x - da.v[v->index_a].x) <= 1e-5 * scale);
            assert_true(fabs(v->b.y - db.v[v->index_b].y) <= 1e-5 * scale);
            assert_true(st->weight[i] >= 0.0f);
            wsum += st->weight[i];
        }
        assert_true(fabs(wsum - 1.0) < 1e-5);
        double dist = sqrt((double)st->closest.x * st->closest.x + (double)st->closest.y * st->closest.y);
        assert_true(dist <= prev + 1e-5 * scale);
        prev = dist;
        if (st->searched) {
            ++searches;
            // the support point: farthest of every a_i - b_j along the direction
            DVec dir = dv(st->direction.x, st->direction.y);
            double best = -INFINITY;
            for (int i = 0; i < da.count; ++i) {
                for (int j = 0; j < db.count; ++j) {
                    best = fmax(best, ddot(dsub(da.v[i], db.v[j]), dir));
                }
            }
            double got = ddot(dsub(dv(st->support.a.x, st->support.a.y), dv(st->support.b.x, st->support.b.y)), dir);
            assert_true(got >= best - 1e-5 * scale * dlen(dir));
        }
    }
    // the first simplex point was searched too (not for two circles): the
    // farthest of A - B along first_direction
    DVec first = dv(rec->first_direction.x, rec->first_direction.y);
    if (first.x != 0.0 || first.y != 0.0) {
        ++searches;
        double best = -INFINITY;
        for (int i = 0; i < da.count; ++i) {
            for (int j = 0; j < db.count; ++j) {
                best = fmax(best, ddot(dsub(da.v[i], db.v[j]), first));
            }
        }
        assert_true(ddot(dv(rec->steps[0].simplex[0].w.x, rec->steps[0].simplex[0].w.y), first) >=
                    best - 1e-5 * scale * dlen(first));
    }
    assert_int_equal(searches, d->iterations);
    assert_true(rec->stop >= GJK_STOP_POINTS && rec->stop <= GJK_STOP_MAX_ITERATIONS);
}

static void test_record(void **state)
{
    (void)state;
    // Test 1: two circles: one step, A - B is a single point, no search
    Shape a = circle(0, 0, 1);
    Shape b = circle(5, 0, 2);
    GjkRecord rec;
    Distance d = SENTINEL;
    assert_true(shapes_distance_record(&a, &b, &d, &rec));
    assert_int_equal(rec.count, 1);
    assert_int_equal(rec.stop, GJK_STOP_POINTS);
    assert_false(rec.steps[0].searched);
    assert_vec_near(rec.first_direction, 0, 0, EPS);
    assert_vec_near(rec.steps[0].simplex[0].w, -5, 0, EPS);
    assert_float_equal(rec.radius_a, 1.0f, EPS);
    assert_float_equal(rec.radius_b, 2.0f, EPS);
    check_record(&a, &b, &rec, &d);

    // Test 2: a point against a box: the first search looks from the point
    // towards the box's centre and finds corner 1 (1, -1) (the first of the
    // two corners facing the point); the search ends at that face
    a = circle(10, 0, 0);
    b = rect(0, 0, 1, 1, 0);
    assert_true(shapes_distance_record(&a, &b, &d, &rec));
    assert_vec_near(rec.first_direction, -10, 0, EPS);
    assert_int_equal(rec.steps[0].simplex[0].index_b, 1);
    assert_vec_near(rec.steps[0].simplex[0].b, 1, -1, EPS);
    assert_vec_near(rec.steps[0].simplex[0].w, 9, 1, EPS);
    assert_true(rec.steps[0].searched);
    assert_true(rec.stop == GJK_STOP_DUPLICATE || rec.stop == GJK_STOP_NO_PROGRESS);
    assert_float_equal(d.distance, 9.0f, EPS);
    const GjkStep *last = &rec.steps[rec.count - 1];
    assert_int_equal(last->count, 2);
    assert_vec_near(last->closest, 9, 0, EPS);
    check_record(&a, &b, &rec, &d);

    // Test 3: overlapping boxes: the last simplex is a triangle around the origin
    a = rect(0, 0, 2, 2, 0.3);
    b = rect(1, 1, 2, 2, -0.2);
    assert_true(shapes_distance_record(&a, &b, &d, &rec));
    assert_int_equal(rec.stop, GJK_STOP_ENCLOSED);
    assert_int_equal(rec.steps[rec.count - 1].count, 3);
    assert_true(rec.overlap);
    assert_false(rec.steps[rec.count - 1].searched);
    check_record(&a, &b, &rec, &d);

    // Test 4: the public function is the recorder without a record
    Distance plain = SENTINEL;
    assert_true(shapes_distance(&a, &b, &plain));
    assert_true(memcmp(&plain, &d, sizeof d) == 0);
}

/* ---- minkowski_hull --------------------------------------------------- */

static void test_minkowski_hull(void **state)
{
    (void)state;
    Vec2 h[MINKOWSKI_MAX_VERTS];
    float radius = -1.0f;

    // Test 1: two axis-aligned boxes: a box of the summed half extents
    // around ca - cb, 4 corners turning as rect_corners
    Shape a = rect(10, 0, 2, 1, 0);
    Shape b = rect(4, 2, 1, 3, 0);
    int n = minkowski_hull(&a, &b, h, &radius);
    assert_int_equal(n, 4);
    assert_float_equal(radius, 0.0f, EPS);
    Poly p = { 0 };
    p.count = n;
    for (int i = 0; i < n; ++i) {
        p.verts[i] = h[i];
        assert_float_equal(fabsf(h[i].x - 6.0f), 3.0f, EPS);
        assert_float_equal(fabsf(h[i].y + 2.0f), 4.0f, EPS);
    }
    assert_float_equal(poly_signed_area(&p), 6.0f * 8.0f, EPS);

    // Test 2: a triangle minus a circle: the triangle moved by -centre, radius r
    const double tri[] = { 0, 0, 4, 0, 0, 3 };
    a = poly(3, tri);
    b = circle(1, 1, 2.5);
    n = minkowski_hull(&a, &b, h, &radius);
    assert_int_equal(n, 3);
    assert_float_equal(radius, 2.5f, EPS);

    // Test 3: two circles: one point; a point and a segment: a segment
    a = circle(3, 3, 1);
    b = circle(1, 2, 1);
    assert_int_equal(minkowski_hull(&a, &b, h, NULL), 1);
    assert_vec_near(h[0], 2, 1, EPS);
    b = rect(0, 0, 2, 0, 0);
    assert_int_equal(minkowski_hull(&a, &b, h, NULL), 2);
}

/* ---- 100,000 pairs against the reference ------------------------------ */

typedef struct Rng { uint64_t state; } Rng;

static uint64_t rng_next(Rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double rng_range(Rng *r, double lo, double hi)
{
    return lo + (hi - lo) * ((double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0));
}

/// A random shape of `kind` around `c`, sized `size` (points and segments
/// now and then, flat polygons too).
static Shape random_shape(Rng *r, ShapeKind kind, DVec c, double size)
{
    Shape s;
    int variant = (int)(rng_next(r) % 16);
    if (kind == SHAPE_CIRCLE) {
        s = circle(c.x, c.y, variant == 0 ? 0.0 : rng_range(r, 0.1, 1.0) * size);
    } else if (kind == SHAPE_RECT) {
        double hx = rng_range(r, 0.05, 1.0) * size;
        double hy = variant == 0 ? 0.0 : rng_range(r, 0.05, 1.0) * size;
        s = rect(c.x, c.y, hx, hy, variant == 1 ? 0.0 : rng_range(r, -PI_D, PI_D));
    } else {
        // jittered angles on an ellipse, turned: convex; either winding
        int count = 3 + (int)(rng_next(r) % (POLY_MAX_VERTS - 2));
        double squash = variant == 0 ? 0.0 : rng_range(r, 0.3, 1.0);   /* 0: flat */
        double turn = rng_range(r, -PI_D, PI_D);
        bool reverse = (rng_next(r) & 1u) != 0u;
        double xy[2 * POLY_MAX_VERTS];
        for (int i = 0; i < count; ++i) {
            double t = 2.0 * PI_D * ((double)i + rng_range(r, -0.35, 0.35)) / (double)count;
            if (squash == 0.0) {
                t = PI_D * ((double)i + 0.5) / (double)count;   /* flat: a monotone run */
            }
            double lx = size * cos(t);
            double ly = size * squash * sin(t);
            int slot = reverse ? count - 1 - i : i;
            xy[2 * slot] = c.x + lx * cos(turn) - ly * sin(turn);
            xy[2 * slot + 1] = c.y + lx * sin(turn) + ly * cos(turn);
        }
        s = poly(count, xy);
    }
    return s;
}

typedef struct Stats { int pairs, overlaps, apart, checked_near; double worst; } Stats;

/// One pair against the reference; `base` is the coordinate offset (the
/// tolerance grows with it, relative to float's precision there).
static void check_pair(const Shape *a, const Shape *b, int index, Stats *st)
{
    Distance d = SENTINEL;
    GjkRecord rec;
    bool ok = shapes_distance_record(a, b, &d, &rec);
    double exact = exact_distance(a, b);
    double scale = pair_scale(a, b);
    // 1e-3 px, and beyond the canvas a few float ulps of the coordinates
    double tol = 1e-3 + 2e-6 * scale;
    bool collide = shapes_collide(a, b, NULL);
    double err = fabs((double)d.distance - exact);
    bool fine = ok && err <= tol && ((d.distance == 0.0f) == collide) && d.iterations >= 0 &&
                d.iterations <= GJK_MAX_ITERATIONS;
    double gap = sqrt(((double)d.point_b.x - d.point_a.x) * ((double)d.point_b.x - d.point_a.x) +
                      ((double)d.point_b.y - d.point_a.y) * ((double)d.point_b.y - d.point_a.y));
    double on_a = distance_to_shape(a, d.point_a);
    double on_b = distance_to_shape(b, d.point_b);
    fine = fine && fabs(gap - d.distance) <= tol && on_a <= tol && on_b <= tol;
    if (d.distance == 0.0f) {
        fine = fine && memcmp(&d.point_a, &d.point_b, sizeof d.point_a) == 0;
    }
    if (!fine) {
        fprintf(stderr, "pair %d: ok %d dist %.9g exact %.9g (tol %.3g) collide %d iter %d stop %d\n"
                        "  points (%.9g, %.9g) (%.9g, %.9g): gap %.9g, off a %.3g, off b %.3g\n",
                index, ok, (double)d.distance, exact, tol, collide, d.iterations, (int)rec.stop,
                (double)d.point_a.x, (double)d.point_a.y, (double)d.point_b.x, (double)d.point_b.y,
                gap, on_a, on_b);
        const Shape *s[2] = { a, b };
        for (int k = 0; k < 2; ++k) {
            DShape ds = dshape(s[k]);
            fprintf(stderr, "  shape %c kind %d r %.9g:", 'a' + k, (int)s[k]->kind, ds.radius);
            for (int i = 0; i < ds.count; ++i) {
                fprintf(stderr, " (%.9g, %.9g)", ds.v[i].x, ds.v[i].y);
            }
            fprintf(stderr, "\n");
        }
    }
    assert_true(fine);
    // one run in 64 also checks its record
    if ((index & 63) == 0) {
        check_record(a, b, &rec, &d);
    }
    st->pairs += 1;
    st->overlaps += d.distance == 0.0f;
    st->apart += d.distance > 0.0f;
    st->checked_near += rec.checked;
    st->worst = fmax(st->worst, err / tol);
}

/// `n` pairs of each of the 6 kind pairs (both orders) around `base`.
static void run_pairs(uint64_t seed, int n, double base, double spread, Stats *st)
{
    static const ShapeKind KINDS[3] = { SHAPE_CIRCLE, SHAPE_RECT, SHAPE_POLY };
    Rng r = { seed };
    int index = 0;
    for (int ka = 0; ka < 3; ++ka) {
        for (int kb = 0; kb < 3; ++kb) {
            for (int i = 0; i < n; ++i, ++index) {
                DVec ca = dv(base + rng_range(&r, 0.0, 1280.0), base + rng_range(&r, 0.0, 720.0));
                double sa = rng_range(&r, 5.0, 100.0);
                double sb = rng_range(&r, 5.0, 100.0);
                double ang = rng_range(&r, -PI_D, PI_D);
                double reach = (sa + sb) * rng_range(&r, 0.0, spread);
                DVec cb = dv(ca.x + reach * cos(ang), ca.y + reach * sin(ang));
                Shape a = random_shape(&r, KINDS[ka], ca, sa);
                Shape b = random_shape(&r, KINDS[kb], cb, sb);
                check_pair(&a, &b, index, st);
            }
        }
    }
}

static void test_random_pairs(void **state)
{
    (void)state;
    Stats st = { 0, 0, 0, 0, 0.0 };
    // 9 kind pairs (both orders) x 10,000 on the canvas = 90,000, then
    // 9 x 1,000 near (1e6, 1e6) and 9 x 120 near (1e7, 1e7) (relative
    // tolerance), 100,080 in all
    run_pairs(0xD157A4CEull, 10000, 0.0, 1.6, &st);
    run_pairs(0xFA4A0A1ull, 1000, 1e6, 1.6, &st);
    run_pairs(0xFA4A1000ull, 120, 1e7, 1.6, &st);
    fprintf(stderr, "  %d pairs: %d overlapping, %d apart, %d decided by shapes_collide; "
                    "worst error %.3f of the tolerance\n",
            st.pairs, st.overlaps, st.apart, st.checked_near, st.worst);
    assert_true(st.pairs >= 100000);
    // both verdicts well represented
    assert_true(st.overlaps > st.pairs / 5 && st.apart > st.pairs / 5);
}

/// Pairs made to touch within rounding: one shape moved along a random
/// direction until the reference says it just touches (bisection in
/// double), then nudged by a tiny amount either way. GJK's answer is then
/// within rounding of 0 and shapes_collide must decide.
static void test_near_touching(void **state)
{
    (void)state;
    static const ShapeKind KINDS[3] = { SHAPE_CIRCLE, SHAPE_RECT, SHAPE_POLY };
    Rng r = { 0x70C41E5ull };
    Stats st = { 0, 0, 0, 0, 0.0 };
    for (int i = 0; i < 3000; ++i) {
        ShapeKind ka = KINDS[rng_next(&r) % 3];
        ShapeKind kb = KINDS[rng_next(&r) % 3];
        DVec ca = dv(rng_range(&r, 200.0, 1000.0), rng_range(&r, 200.0, 500.0));
        double sa = rng_range(&r, 5.0, 100.0);
        double sb = rng_range(&r, 5.0, 100.0);
        double ang = rng_range(&r, -PI_D, PI_D);
        Rng shape_rng = { rng_next(&r) };
        // bisection on the offset along ang: lo overlaps, hi is apart
        double lo = 0.0, hi = 2.0 * (sa + sb) + 1.0;
        Shape a, b;
        for (int k = 0; k < 60; ++k) {
            double mid = 0.5 * (lo + hi);
            Rng rr = shape_rng;
            a = random_shape(&rr, ka, ca, sa);
            b = random_shape(&rr, kb, dv(ca.x + mid * cos(ang), ca.y + mid * sin(ang)), sb);
            if (exact_distance(&a, &b) > 0.0) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        double nudge = rng_range(&r, -1e-3, 1e-3);
        Rng rr = shape_rng;
        a = random_shape(&rr, ka, ca, sa);
        b = random_shape(&rr, kb, dv(ca.x + (lo + nudge) * cos(ang), ca.y + (lo + nudge) * sin(ang)), sb);
        check_pair(&a, &b, i, &st);
    }
    fprintf(stderr, "  %d near-touching pairs: %d overlapping, %d decided by shapes_collide\n",
            st.pairs, st.overlaps, st.checked_near);
    assert_true(st.checked_near > 100);
}

/// The hull's view agrees with GJK: the origin's distance to the hull,
/// minus the radii, is shapes_distance; every difference lies in the hull.
static void test_minkowski_against_distance(void **state)
{
    (void)state;
    static const ShapeKind KINDS[3] = { SHAPE_CIRCLE, SHAPE_RECT, SHAPE_POLY };
    Rng r = { 0x3141592ull };
    for (int i = 0; i < 5000; ++i) {
        ShapeKind ka = KINDS[rng_next(&r) % 3];
        ShapeKind kb = KINDS[rng_next(&r) % 3];
        DVec ca = dv(rng_range(&r, 0.0, 1280.0), rng_range(&r, 0.0, 720.0));
        double sa = rng_range(&r, 5.0, 100.0);
        double sb = rng_range(&r, 5.0, 100.0);
        double ang = rng_range(&r, -PI_D, PI_D);
        double reach = (sa + sb) * rng_range(&r, 0.0, 1.6);
        Shape a = random_shape(&r, ka, ca, sa);
        Shape b = random_shape(&r, kb, dv(ca.x + reach * cos(ang), ca.y + reach * sin(ang)), sb);
        Vec2 h[MINKOWSKI_MAX_VERTS];
        float radius = -1.0f;
        int n = minkowski_hull(&a, &b, h, &radius);
        assert_true(n >= 1 && n <= MINKOWSKI_MAX_VERTS);
        DShape da = dshape(&a), db = dshape(&b);
        double scale = pair_scale(&a, &b) + 1.0;
        // convex, turning positively
        for (int k = 0; n >= 3 && k < n; ++k) {
            DVec p0 = dv(h[k].x, h[k].y), p1 = dv(h[(k + 1) % n].x, h[(k + 1) % n].y),
                 p2 = dv(h[(k + 2) % n].x, h[(k + 2) % n].y);
            assert_true(dcross(dsub(p1, p0), dsub(p2, p1)) > -1e-6 * scale * scale);
        }
        // every difference inside or on it (n >= 3), or on the segment / point
        double worst_out = 0.0, origin_dist = INFINITY;
        bool origin_in = n >= 3;
        for (int k = 0; k < n; ++k) {
            DVec p0 = dv(h[k].x, h[k].y), p1 = dv(h[(k + 1) % n].x, h[(k + 1) % n].y);
            origin_dist = fmin(origin_dist, point_segment(dv(0, 0), p0, p1));
            origin_in = origin_in && dcross(dsub(p1, p0), dsub(dv(0, 0), p0)) >= 0.0;
            for (int ia = 0; ia < da.count && n >= 3; ++ia) {
                for (int ib = 0; ib < db.count; ++ib) {
                    double side = dcross(dsub(p1, p0), dsub(dsub(da.v[ia], db.v[ib]), p0)) / fmax(dlen(dsub(p1, p0)), 1e-30);
                    worst_out = fmax(worst_out, -side);
                }
            }
        }
        assert_true(worst_out <= 1e-5 * scale);
        double via_hull = fmax(0.0, (origin_in ? 0.0 : origin_dist) - radius);
        assert_float_equal(via_hull, exact_distance(&a, &b), 1e-3 + 1e-5 * scale);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_circles),
        cmocka_unit_test(test_boxes_and_polygons),
        cmocka_unit_test(test_points_and_segments),
        cmocka_unit_test(test_tiny_and_far),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_record),
        cmocka_unit_test(test_minkowski_hull),
        cmocka_unit_test(test_random_pairs),
        cmocka_unit_test(test_near_touching),
        cmocka_unit_test(test_minkowski_against_distance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
