/*
 * test_raycast.c - ray casts and swept circles (collide.h),
 * case by case: every expected value below was worked out by hand (the
 * comment beside it says how). The random property tests are in
 * test_raycast_properties.c.
 *
 * Covered: each shape kind, grazing rays, rays along an edge, through a
 * vertex, starting inside or on the boundary, zero translations, turned
 * rectangles, both polygon windings, a flat polygon; swept circles against
 * edges, corners and vertices, touching or overlapping at the start, zero
 * motion; what the recorders report; bad input.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <math.h>

#include "collide.h"

#define PI_F 3.14159265358979f

/* ---- Helpers --------------------------------------------------------------- */

static Vec2 v2(float x, float y)
{
    Vec2 v = { x, y };
    return v;
}

static Shape circle_shape(float x, float y, float r)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_CIRCLE;
    s.circle.center = v2(x, y);
    s.circle.radius = r;
    return s;
}

static Shape rect_shape(float x, float y, float hx, float hy, float angle)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_RECT;
    s.rect.center = v2(x, y);
    s.rect.half = v2(hx, hy);
    s.rect.angle = angle;
    return s;
}

static Shape poly_shape(int n, const float *xy)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_POLY;
    s.poly.count = n;
    for (int i = 0; i < n; ++i) {
        s.poly.verts[i] = v2(xy[2 * i], xy[2 * i + 1]);
    }
    return s;
}

/// The same polygon with its vertices in the other order.
static Shape poly_reversed(const Shape *s)
{
    Shape r = *s;
    for (int i = 0; i < s->poly.count; ++i) {
        r.poly.verts[i] = s->poly.verts[s->poly.count - 1 - i];
    }
    return r;
}

static Circle circ(float x, float y, float r)
{
    Circle c = { { x, y }, r };
    return c;
}

#define assert_near(a, b, tol)                                                            \
    do {                                                                                  \
        double a_ = (double)(a), b_ = (double)(b);                                        \
        if (!(fabs(a_ - b_) <= (tol))) {                                                  \
            fail_msg("%s = %.9g, expected %.9g (+-%g)", #a, a_, b_, (double)(tol));      \
        }                                                                                 \
    } while (0)

#define assert_vec_near(v, ex, ey, tol) \
    do {                                \
        assert_near((v).x, (ex), tol);  \
        assert_near((v).y, (ey), tol);  \
    } while (0)

/// Casts and checks the hit: fraction, point, normal.
static void expect_ray(const Shape *s, Vec2 o, Vec2 d, float fraction, Vec2 point, Vec2 normal, double tol)
{
    RayHit hit;
    memset(&hit, 0, sizeof hit);
    assert_true(ray_cast_shape(s, o, d, &hit));
    assert_near(hit.fraction, fraction, tol);
    assert_vec_near(hit.point, point.x, point.y, tol * 1000.0);
    assert_vec_near(hit.normal, normal.x, normal.y, tol);
    // the recording variant agrees, byte for byte
    RayHit again;
    RayRecord rec;
    memset(&again, 0, sizeof again);
    assert_true(ray_cast_shape_record(s, o, d, &again, &rec));
    assert_memory_equal(&hit, &again, sizeof hit);
    assert_true(rec.hit);
}

static void expect_ray_miss(const Shape *s, Vec2 o, Vec2 d)
{
    RayHit hit;
    memset(&hit, 0x5A, sizeof hit);
    RayHit before = hit;
    assert_false(ray_cast_shape(s, o, d, &hit));
    assert_memory_equal(&hit, &before, sizeof hit);
    RayRecord rec;
    assert_false(ray_cast_shape_record(s, o, d, &hit, &rec));
    assert_false(rec.hit);
    assert_memory_equal(&hit, &before, sizeof hit);
}

static void expect_sweep(Circle c, Vec2 motion, const Shape *s, float toi, Vec2 point, Vec2 normal, double tol)
{
    SweepHit hit;
    memset(&hit, 0, sizeof hit);
    assert_true(sweep_circle_shape(c, motion, s, &hit));
    assert_near(hit.toi, toi, tol);
    assert_vec_near(hit.point, point.x, point.y, tol * 1000.0);
    assert_vec_near(hit.normal, normal.x, normal.y, tol);
    SweepHit again;
    SweepRecord rec;
    memset(&again, 0, sizeof again);
    assert_true(sweep_circle_shape_record(c, motion, s, &again, &rec));
    assert_memory_equal(&hit, &again, sizeof hit);
    assert_int_not_equal(rec.feature, SWEEP_MISS);
}

static void expect_sweep_miss(Circle c, Vec2 motion, const Shape *s)
{
    SweepHit hit;
    memset(&hit, 0x5A, sizeof hit);
    SweepHit before = hit;
    assert_false(sweep_circle_shape(c, motion, s, &hit));
    assert_memory_equal(&hit, &before, sizeof hit);
    SweepRecord rec;
    assert_false(sweep_circle_shape_record(c, motion, s, &hit, &rec));
    assert_int_equal(rec.feature, SWEEP_MISS);
}

/* ---- Ray against a circle ---------------------------------------------------- */

/* Circle (100, 100) r 50; rays along y = 100 from x = 0. */
static void test_ray_circle(void **state)
{
    (void)state;
    Shape c = circle_shape(100.0f, 100.0f, 50.0f);
    // enters at x = 50: 50 / 200 of the way, normal pointing back at the origin
    expect_ray(&c, v2(0, 100), v2(200, 0), 0.25f, v2(50, 100), v2(-1, 0), 1e-6);
    // the same from below: enters at y = 150
    expect_ray(&c, v2(100, 300), v2(0, -400), 0.375f, v2(100, 150), v2(0, 1), 1e-6);
    // too short: ends at x = 40; exactly long enough: fraction 1
    expect_ray_miss(&c, v2(0, 100), v2(40, 0));
    expect_ray(&c, v2(0, 100), v2(50, 0), 1.0f, v2(50, 100), v2(-1, 0), 1e-6);
    // pointing away
    expect_ray_miss(&c, v2(0, 100), v2(-200, 0));
    // the circle behind the segment's end is not hit either
    expect_ray_miss(&c, v2(300, 100), v2(50, 0));
}

/* A circle under a pixel (its own code path, lengths scaled up first):
 * (10, 20) r 0.5, rays along y = 20. The segment must reach it: one ending
 * 0.5 px short misses, as does one ending 4 px short (a hit there would be
 * at fraction 1.45 of the segment). */
static void test_ray_tiny_circle(void **state)
{
    (void)state;
    Shape c = circle_shape(10.0f, 20.0f, 0.5f);
    expect_ray(&c, v2(0, 20), v2(19, 0), 0.5f, v2(9.5f, 20), v2(-1, 0), 1e-6);
    expect_ray(&c, v2(0, 20), v2(9.5f, 0), 1.0f, v2(9.5f, 20), v2(-1, 0), 1e-6);
    expect_ray_miss(&c, v2(0, 20), v2(9.0f, 0));
    expect_ray_miss(&c, v2(0, 20), v2(9.5f / 1.45f, 0));
    expect_ray_miss(&c, v2(0, 20), v2(-19, 0));
    expect_ray_miss(&c, v2(0, 20.6f), v2(19, 0));
}

/* Grazing: the line y = 150 is tangent at (100, 150); y = 150.01 misses. */
static void test_ray_circle_grazing(void **state)
{
    (void)state;
    Shape c = circle_shape(100.0f, 100.0f, 50.0f);
    expect_ray(&c, v2(0, 150), v2(200, 0), 0.5f, v2(100, 150), v2(0, 1), 1e-6);
    expect_ray_miss(&c, v2(0, 150.01f), v2(200, 0));
    // a zero-radius circle is a point: hit only through it
    Shape p = circle_shape(10.0f, 20.0f, 0.0f);
    expect_ray(&p, v2(0, 20), v2(40, 0), 0.25f, v2(10, 20), v2(-1, 0), 1e-6);
    expect_ray_miss(&p, v2(0, 20.001f), v2(40, 0));
}

/* Starting inside or on the boundary: fraction 0, normal minus the direction. */
static void test_ray_circle_inside(void **state)
{
    (void)state;
    Shape c = circle_shape(100.0f, 100.0f, 50.0f);
    expect_ray(&c, v2(110, 100), v2(0, 30), 0.0f, v2(110, 100), v2(0, -1), 1e-6);
    // on the boundary, leaving: still fraction 0
    expect_ray(&c, v2(150, 100), v2(10, 0), 0.0f, v2(150, 100), v2(-1, 0), 1e-6);
    // a zero translation is a point test: inside, the shortest way out
    expect_ray(&c, v2(120, 100), v2(0, 0), 0.0f, v2(120, 100), v2(1, 0), 1e-6);
    expect_ray(&c, v2(100, 70), v2(0, 0), 0.0f, v2(100, 70), v2(0, -1), 1e-6);
    expect_ray_miss(&c, v2(151, 100), v2(0, 0));
}

/* ---- Ray against a rectangle ---------------------------------------------- */

/* Box centre (100, 100), half (50, 25): x in [50, 150], y in [75, 125]. */
static void test_ray_rect(void **state)
{
    (void)state;
    Shape r = rect_shape(100.0f, 100.0f, 50.0f, 25.0f, 0.0f);
    // from the left: x = 50 at 50 / 100
    expect_ray(&r, v2(0, 100), v2(100, 0), 0.5f, v2(50, 100), v2(-1, 0), 1e-6);
    // from the right, the top, the bottom
    expect_ray(&r, v2(200, 110), v2(-100, 0), 0.5f, v2(150, 110), v2(1, 0), 1e-6);
    expect_ray(&r, v2(60, 0), v2(0, 150), 0.5f, v2(60, 75), v2(0, -1), 1e-6);
    expect_ray(&r, v2(140, 225), v2(0, -200), 0.5f, v2(140, 125), v2(0, 1), 1e-6);
    // diagonal: (0, 0) + t (200, 200) meets the slab x >= 50 at t = 0.25 and
    // y >= 75 at t = 0.375: the later one is the entry, through the top
    expect_ray(&r, v2(0, 0), v2(200, 200), 0.375f, v2(75, 75), v2(0, -1), 1e-6);
    // the slabs' intervals do not overlap: x in [0.25, 0.75] (t for x 50..150),
    // y in [0.875, 1.125] for (0, -100) + t (200, 200): no t in both
    expect_ray_miss(&r, v2(0, -100), v2(200, 200));
    expect_ray_miss(&r, v2(0, 100), v2(-100, 0));
    expect_ray_miss(&r, v2(0, 100), v2(49, 0));
}

/* Along an edge (the closed box includes it), just outside it, through a
   vertex only. */
static void test_ray_rect_edges_and_vertices(void **state)
{
    (void)state;
    Shape r = rect_shape(100.0f, 100.0f, 50.0f, 25.0f, 0.0f);
    // along the top edge y = 75: enters at the corner (50, 75) through the x slab
    expect_ray(&r, v2(0, 75), v2(200, 0), 0.25f, v2(50, 75), v2(-1, 0), 1e-6);
    expect_ray_miss(&r, v2(0, 74.99f), v2(200, 0));
    // the unit square's corner (-1, -1) on the line x + y = -2 (touching only
    // there): t = 0.5 in both slabs
    Shape sq = rect_shape(0.0f, 0.0f, 1.0f, 1.0f, 0.0f);
    expect_ray(&sq, v2(-3, 1), v2(4, -4), 0.5f, v2(-1, -1), v2(-1, 0), 1e-6);
    expect_ray_miss(&sq, v2(-3.01f, 1), v2(4, -4));
    // inside; on the boundary; a point test inside (nearest side: the right)
    expect_ray(&r, v2(100, 100), v2(0, -10), 0.0f, v2(100, 100), v2(0, 1), 1e-6);
    expect_ray(&r, v2(150, 125), v2(10, 10), 0.0f, v2(150, 125), v2(-0.70710678f, -0.70710678f), 1e-6);
    expect_ray(&r, v2(145, 100), v2(0, 0), 0.0f, v2(145, 100), v2(1, 0), 1e-6);
    expect_ray_miss(&r, v2(151, 100), v2(0, 0));
    // a zero-size box is a point, a zero-height one a segment
    Shape pt = rect_shape(10.0f, 10.0f, 0.0f, 0.0f, 0.0f);
    expect_ray(&pt, v2(0, 10), v2(20, 0), 0.5f, v2(10, 10), v2(-1, 0), 1e-6);
    Shape seg = rect_shape(10.0f, 10.0f, 5.0f, 0.0f, 0.0f);
    expect_ray(&seg, v2(10, 0), v2(0, 20), 0.5f, v2(10, 10), v2(0, -1), 1e-6);
    expect_ray_miss(&seg, v2(16, 0), v2(0, 20));
}

/* Turned rectangles: the slabs in the rectangle's frame. */
static void test_ray_rect_rotated(void **state)
{
    (void)state;
    // half (50, 20) turned 90 degrees: 40 wide, 100 tall about (200, 200)
    Shape r = rect_shape(200.0f, 200.0f, 50.0f, 20.0f, PI_F / 2.0f);
    expect_ray(&r, v2(200, 100), v2(0, 100), 0.5f, v2(200, 150), v2(0, -1), 1e-5);
    expect_ray(&r, v2(100, 200), v2(100, 0), 0.8f, v2(180, 200), v2(-1, 0), 1e-5);
    expect_ray_miss(&r, v2(100, 140), v2(200, 0));
    // a square of half 10 turned 45 degrees: a diamond, corner (0, -10 sqrt 2)
    // straight above its centre: the ray from (0, -100) down meets it at
    // y = -14.1421356, fraction (100 - 14.1421356) / 200 = 0.429289322
    Shape d = rect_shape(0.0f, 0.0f, 10.0f, 10.0f, PI_F / 4.0f);
    RayHit hit;
    assert_true(ray_cast_shape(&d, v2(0, -100), v2(0, 200), &hit));
    assert_near(hit.fraction, 0.429289322, 1e-6);
    assert_vec_near(hit.point, 0.0, -14.1421356, 1e-4);
    // the normal is one of the two faces' at the corner: (+-1, -1) / sqrt 2
    assert_near(fabs(hit.normal.x), 0.70710678, 1e-5);
    assert_near(hit.normal.y, -0.70710678, 1e-5);
    // through a face: from (-100, 0) rightwards, the diamond's left corner
    // at x = -14.14; from (-100, -5): the face x - y... enters where
    // -x - y = ... |x| + |y| = 14.1421356 with y = -5: x = -9.1421356
    assert_true(ray_cast_shape(&d, v2(-100, -5), v2(200, 0), &hit));
    assert_near(hit.fraction, (100.0 - 9.1421356) / 200.0, 1e-6);
    assert_vec_near(hit.normal, -0.70710678, -0.70710678, 1e-5);
}

/* ---- Ray against a polygon --------------------------------------------------- */

static const float TRI[] = { 0, 0, 100, 0, 0, 100 };

/* The triangle (0,0) (100,0) (0,100), in both windings. */
static void test_ray_poly(void **state)
{
    (void)state;
    Shape t0 = poly_shape(3, TRI);
    Shape t1 = poly_reversed(&t0);
    const Shape *both[2] = { &t0, &t1 };
    for (int w = 0; w < 2; ++w) {
        const Shape *t = both[w];
        // from above, from the left, onto the hypotenuse x + y = 100
        expect_ray(t, v2(50, -50), v2(0, 100), 0.5f, v2(50, 0), v2(0, -1), 1e-6);
        expect_ray(t, v2(-50, 50), v2(100, 0), 0.5f, v2(0, 50), v2(-1, 0), 1e-6);
        expect_ray(t, v2(100, 100), v2(-100, -100), 0.5f, v2(50, 50), v2(0.70710678f, 0.70710678f), 1e-6);
        // misses: beside it, short of it, away from it
        expect_ray_miss(t, v2(120, -50), v2(0, 100));
        expect_ray_miss(t, v2(50, -50), v2(0, 49));
        expect_ray_miss(t, v2(50, -50), v2(0, -100));
        // parallel to the hypotenuse, outside it (x + y = 110)
        expect_ray_miss(t, v2(110, 0), v2(-110, 110));
        // along the edge y = 0: enters through x = 0 at the corner (0, 0)
        expect_ray(t, v2(-50, 0), v2(200, 0), 0.25f, v2(0, 0), v2(-1, 0), 1e-6);
        expect_ray_miss(t, v2(-50, -0.01f), v2(200, 0));
        // through the vertex (100, 0) only: the line (100 + s, s)
        RayHit hit;
        assert_true(ray_cast_shape(t, v2(50, -50), v2(100, 100), &hit));
        assert_near(hit.fraction, 0.5, 1e-6);
        assert_vec_near(hit.point, 100.0, 0.0, 1e-4);
        expect_ray_miss(t, v2(50.01f, -50), v2(100, 100));
        // inside; on the boundary leaving it; point tests
        expect_ray(t, v2(10, 10), v2(30, 40), 0.0f, v2(10, 10), v2(-0.6f, -0.8f), 1e-6);
        expect_ray(t, v2(50, 0), v2(0, -10), 0.0f, v2(50, 0), v2(0, 1), 1e-6);
        expect_ray(t, v2(10, 20), v2(0, 0), 0.0f, v2(10, 20), v2(-1, 0), 1e-6);
        expect_ray_miss(t, v2(60, 60), v2(0, 0));
    }
}

/* A regular hexagon of circumradius 20 about (0, 0), a vertex at (20, 0):
   the ray from the right along y = 0 meets that vertex at 80 / 200. */
static void test_ray_poly_hexagon(void **state)
{
    (void)state;
    float xy[12];
    for (int i = 0; i < 6; ++i) {
        xy[2 * i] = 20.0f * cosf((float)i * PI_F / 3.0f);
        xy[2 * i + 1] = 20.0f * sinf((float)i * PI_F / 3.0f);
    }
    Shape h = poly_shape(6, xy);
    RayHit hit;
    assert_true(ray_cast_shape(&h, v2(100, 0), v2(-200, 0), &hit));
    assert_near(hit.fraction, 0.4, 1e-6);
    assert_vec_near(hit.point, 20.0, 0.0, 1e-4);
    // straight down onto the top face (y = -17.3205081 between x = -10 and 10)
    expect_ray(&h, v2(5, -100), v2(0, 200), (100.0f - 17.3205081f) / 200.0f, v2(5, -17.3205081f), v2(0, -1), 1e-5);
}

/* A flat polygon (collinear vertices) is a segment. */
static void test_ray_poly_flat(void **state)
{
    (void)state;
    static const float FLAT[] = { 0, 0, 50, 0, 100, 0 };
    Shape f = poly_shape(3, FLAT);
    expect_ray(&f, v2(50, -50), v2(0, 100), 0.5f, v2(50, 0), v2(0, -1), 1e-6);
    expect_ray(&f, v2(-50, 0), v2(100, 0), 0.5f, v2(0, 0), v2(-1, 0), 1e-6);
    expect_ray_miss(&f, v2(101, -50), v2(0, 100));
    RayRecord rec;
    assert_true(ray_cast_shape_record(&f, v2(50, -50), v2(0, 100), NULL, &rec));
    assert_true(rec.flat);
    assert_int_equal(rec.feature, -1);
}

/* ---- The recorder of the ray --------------------------------------------- */

static void test_ray_record(void **state)
{
    (void)state;
    RayRecord rec;
    // circle: roots at x = 50 and x = 150 of 0..200: 0.25 and 0.75; r^2 - 0 = 2500
    Shape c = circle_shape(100.0f, 100.0f, 50.0f);
    assert_true(ray_cast_shape_record(&c, v2(0, 100), v2(200, 0), NULL, &rec));
    assert_int_equal(rec.kind, SHAPE_CIRCLE);
    assert_near(rec.root0, 0.25, 1e-6);
    assert_near(rec.root1, 0.75, 1e-6);
    assert_near(rec.disc, 2500.0, 1e-2);
    assert_false(rec.inside);
    assert_int_equal(rec.feature, -1);
    // a line that misses: the distance is 60, so disc = 2500 - 3600 < 0
    assert_false(ray_cast_shape_record(&c, v2(0, 160), v2(200, 0), NULL, &rec));
    assert_near(rec.disc, -1100.0, 1e-2);
    // roots behind the origin: a miss with both roots negative
    assert_false(ray_cast_shape_record(&c, v2(200, 100), v2(100, 0), NULL, &rec));
    assert_near(rec.root0, -1.5, 1e-6);
    assert_near(rec.root1, -0.5, 1e-6);

    // box: x slab [0.5, 1.5] (x 50..150 of 0 + 100 t), y slab parallel inside
    Shape r = rect_shape(100.0f, 100.0f, 50.0f, 25.0f, 0.0f);
    assert_true(ray_cast_shape_record(&r, v2(0, 100), v2(100, 0), NULL, &rec));
    assert_int_equal(rec.kind, SHAPE_RECT);
    assert_near(rec.slabs[0].t_enter, 0.5, 1e-6);
    assert_near(rec.slabs[0].t_exit, 1.5, 1e-6);
    assert_false(rec.slabs[0].parallel);
    assert_int_equal(rec.slabs[0].enter_edge, 3);   /* the left side */
    assert_true(rec.slabs[1].parallel);
    assert_true(isinf(rec.slabs[1].t_enter) && rec.slabs[1].t_enter < 0.0f);
    assert_true(isinf(rec.slabs[1].t_exit) && rec.slabs[1].t_exit > 0.0f);
    assert_near(rec.t_enter, 0.5, 1e-6);
    assert_near(rec.t_exit, 1.5, 1e-6);
    assert_int_equal(rec.feature, 3);
    assert_vec_near(rec.local_origin, -100.0, 0.0, 1e-6);
    assert_vec_near(rec.box_half, 50.0, 25.0, 0.0);
    // parallel outside the y slab: the line misses
    assert_false(ray_cast_shape_record(&r, v2(0, 200), v2(100, 0), NULL, &rec));
    assert_true(rec.slabs[1].parallel);
    assert_true(rec.slabs[1].t_enter > rec.slabs[1].t_exit);
    // from above: the top (edge 0) entered at 0.5; x slab parallel
    assert_true(ray_cast_shape_record(&r, v2(60, 0), v2(0, 150), NULL, &rec));
    assert_int_equal(rec.slabs[1].enter_edge, 0);
    assert_int_equal(rec.feature, 0);

    // triangle (0,0) (100,0) (0,100), ray (50, -50) + t (0, 100): edge 0
    // (y = 0) entered at 0.5; edge 1 (the hypotenuse) left at 1.0; edge 2
    // (x = 0) parallel, inside
    Shape t = poly_shape(3, TRI);
    assert_true(ray_cast_shape_record(&t, v2(50, -50), v2(0, 100), NULL, &rec));
    assert_int_equal(rec.kind, SHAPE_POLY);
    assert_int_equal(rec.edge_count, 3);
    assert_int_equal(rec.edges[0].role, RAY_EDGE_ENTERS);
    assert_near(rec.edges[0].t, 0.5, 1e-6);
    assert_int_equal(rec.edges[1].role, RAY_EDGE_EXITS);
    assert_near(rec.edges[1].t, 1.0, 1e-6);
    assert_int_equal(rec.edges[2].role, RAY_EDGE_PARALLEL_IN);
    assert_int_equal(rec.feature, 0);
    assert_near(rec.t_enter, 0.5, 1e-6);
    assert_near(rec.t_exit, 1.0, 1e-6);
    // the reversed winding (0,100) (100,0) (0,0): y = 0 is edge 1
    Shape tr = poly_reversed(&t);
    assert_true(ray_cast_shape_record(&tr, v2(50, -50), v2(0, 100), NULL, &rec));
    assert_int_equal(rec.edges[1].role, RAY_EDGE_ENTERS);
    assert_int_equal(rec.edges[0].role, RAY_EDGE_EXITS);
    assert_int_equal(rec.feature, 1);
    // parallel to x = 0, left of it: that edge is PARALLEL_OUT, a miss
    assert_false(ray_cast_shape_record(&t, v2(-10, -50), v2(0, 100), NULL, &rec));
    assert_int_equal(rec.edges[2].role, RAY_EDGE_PARALLEL_OUT);
    assert_int_equal(rec.feature, -1);
    // inside
    assert_true(ray_cast_shape_record(&t, v2(10, 10), v2(10, 0), NULL, &rec));
    assert_true(rec.inside);
    assert_true(rec.t_enter <= 0.0f && rec.t_exit >= 0.0f);
    // a point test
    assert_true(ray_cast_shape_record(&t, v2(10, 10), v2(0, 0), NULL, &rec));
    assert_true(rec.point_test);
}

/* ---- Swept circles ------------------------------------------------------------ */

/* Against a circle: the circle of both radii summed. */
static void test_sweep_circle(void **state)
{
    (void)state;
    Shape c = circle_shape(60.0f, 0.0f, 20.0f);
    // r 10 from (0, 0) along x: centres 30 apart at x = 30, toi 0.3; the
    // contact point between them at x = 40
    expect_sweep(circ(0, 0, 10), v2(100, 0), &c, 0.3f, v2(40, 0), v2(-1, 0), 1e-6);
    // grazing: the line y = 30 is at the summed radius: touches at x = 60
    expect_sweep(circ(0, 30, 10), v2(100, 0), &c, 0.6f, v2(60, 20), v2(0, 1), 1e-6);
    expect_sweep_miss(circ(0, 30.01f, 10), v2(100, 0), &c);
    // short of it, away from it
    expect_sweep_miss(circ(0, 0, 10), v2(29, 0), &c);
    expect_sweep_miss(circ(0, 0, 10), v2(-100, 0), &c);
    SweepRecord rec;
    assert_true(sweep_circle_shape_record(circ(0, 0, 10), v2(100, 0), &c, NULL, &rec));
    assert_int_equal(rec.feature, SWEEP_CIRCLE);
    assert_near(rec.grown.root0, 0.3, 1e-6);
    assert_near(rec.grown.root1, 0.9, 1e-6);
}

/* Against a box (100, 0) half (20, 20): x in [80, 120], y in [-20, 20]. */
static void test_sweep_rect(void **state)
{
    (void)state;
    Shape r = rect_shape(100.0f, 0.0f, 20.0f, 20.0f, 0.0f);
    SweepRecord rec;
    // face on: the centre reaches x = 70 at toi 0.7; contact (80, 0)
    expect_sweep(circ(0, 0, 10), v2(100, 0), &r, 0.7f, v2(80, 0), v2(-1, 0), 1e-6);
    assert_true(sweep_circle_shape_record(circ(0, 0, 10), v2(100, 0), &r, NULL, &rec));
    assert_int_equal(rec.feature, SWEEP_EDGE);
    assert_int_equal(rec.index, 3);
    assert_near(rec.grown.slabs[0].t_enter, 0.7, 1e-6);
    assert_vec_near(rec.grown.box_half, 30.0, 30.0, 0.0);
    // the corner circle: along y = -26, 6 above the top; the corner
    // (80, -20) is reached when the centre is 8 short of x = 80: toi 0.72,
    // normal (-8, -6) / 10
    expect_sweep(circ(0, -26, 10), v2(100, 0), &r, 0.72f, v2(80, -20), v2(-0.8f, -0.6f), 1e-6);
    assert_true(sweep_circle_shape_record(circ(0, -26, 10), v2(100, 0), &r, NULL, &rec));
    assert_int_equal(rec.feature, SWEEP_VERTEX);
    assert_int_equal(rec.index, 0);
    assert_true(rec.vertex_tested);
    assert_vec_near(rec.vertex, 80.0, -20.0, 0.0);
    assert_near(rec.vertex_ray.root0, 0.72, 1e-6);
    // grazing the corner: y = -30 is tangent to the corner circle at x = 80
    expect_sweep(circ(0, -30, 10), v2(100, 0), &r, 0.8f, v2(80, -20), v2(0, -1), 1e-6);
    // along y = -30.5: 10.5 from the corner, a miss
    expect_sweep_miss(circ(0, -30.5f, 10), v2(100, 0), &r);
    // through the grown box's corner square x in [70, 80], y in [-30, -20]
    // (along x + y = 45, e.g. (72, -27)) but 15 / sqrt 2 = 10.6 from the
    // corner (80, -20): a miss
    expect_sweep_miss(circ(85, -40, 10), v2(-30, 30), &r);
    // from below onto the bottom face: centre to y = 30 at toi 0.5
    expect_sweep(circ(110, 80, 10), v2(0, -100), &r, 0.5f, v2(110, 20), v2(0, 1), 1e-6);
    // zero motion, apart: no touch
    expect_sweep_miss(circ(0, 0, 10), v2(0, 0), &r);
}

/* Touching or overlapping at the start: toi 0, normal as shapes_collide's
   contact reversed, point on the box where that contact pushes. */
static void test_sweep_start(void **state)
{
    (void)state;
    Shape r = rect_shape(100.0f, 0.0f, 20.0f, 20.0f, 0.0f);
    // exactly touching the left face, moving in, moving away, not moving
    expect_sweep(circ(70, 0, 10), v2(50, 0), &r, 0.0f, v2(80, 0), v2(-1, 0), 1e-6);
    expect_sweep(circ(70, 0, 10), v2(-50, 0), &r, 0.0f, v2(80, 0), v2(-1, 0), 1e-6);
    expect_sweep(circ(70, 0, 10), v2(0, 0), &r, 0.0f, v2(80, 0), v2(-1, 0), 1e-6);
    // overlapping by 5
    expect_sweep(circ(75, 0, 10), v2(0, 30), &r, 0.0f, v2(80, 0), v2(-1, 0), 1e-6);
    // centre inside, nearest the top (gap 5): out through the top
    expect_sweep(circ(100, -15, 10), v2(30, 0), &r, 0.0f, v2(100, -20), v2(0, -1), 1e-6);
    SweepRecord rec;
    assert_true(sweep_circle_shape_record(circ(75, 0, 10), v2(0, 30), &r, NULL, &rec));
    assert_int_equal(rec.feature, SWEEP_START);
    assert_int_equal(rec.index, -1);
    // the normal is shapes_collide's reversed, whatever the shape
    Shape cs = circle_shape(60.0f, 0.0f, 20.0f);
    Shape t = poly_shape(3, TRI);
    Shape tilted = rect_shape(100.0f, 0.0f, 20.0f, 10.0f, 0.3f);
    const Shape *shapes[3] = { &cs, &t, &tilted };
    Circle starts[3] = { circ(35, 10, 10), circ(30, -5, 10), circ(85, 5, 8) };
    for (int i = 0; i < 3; ++i) {
        Shape moving = circle_shape(starts[i].center.x, starts[i].center.y, starts[i].radius);
        Contact contact;
        assert_true(shapes_collide(&moving, shapes[i], &contact));
        SweepHit hit;
        assert_true(sweep_circle_shape(starts[i], v2(40, 7), shapes[i], &hit));
        assert_true(hit.toi == 0.0f);
        assert_true(hit.normal.x == -contact.normal.x && hit.normal.y == -contact.normal.y);
    }
    // in the grown box's corner square but apart from the box: not touching,
    // and moving away, no touch
    expect_sweep_miss(circ(72, -28, 10), v2(-10, -10), &r);
    // ... and moving towards the corner: the corner circle decides. From
    // (72, -28), 8 and 8 off the corner (80, -20); along (1, 0): the corner
    // circle x = 80 - sqrt(100 - 64) = 74 is reached at toi 2 / 10
    expect_sweep(circ(72, -28, 10), v2(10, 0), &r, 0.2f, v2(80, -20), v2(-0.6f, -0.8f), 1e-6);
}

/* Against the triangle (0,0) (100,0) (0,100): edges pushed out by r,
   vertex circles beyond their ends. */
static void test_sweep_poly(void **state)
{
    (void)state;
    Shape t0 = poly_shape(3, TRI);
    Shape t1 = poly_reversed(&t0);
    const Shape *both[2] = { &t0, &t1 };
    for (int w = 0; w < 2; ++w) {
        const Shape *t = both[w];
        SweepRecord rec;
        // onto edge y = 0: the centre reaches y = -10 at toi 0.4
        expect_sweep(circ(50, -50, 10), v2(0, 100), t, 0.4f, v2(50, 0), v2(0, -1), 1e-6);
        assert_true(sweep_circle_shape_record(circ(50, -50, 10), v2(0, 100), t, NULL, &rec));
        assert_int_equal(rec.feature, SWEEP_EDGE);
        assert_int_equal(rec.index, w == 0 ? 0 : 1);
        // along y = -5 from x = 130 leftwards: past the hypotenuse's end,
        // the vertex (100, 0)'s circle at x = 100 + sqrt(100 - 25) = 108.660254:
        // toi 0.21339746, normal (8.660254, -5) / 10
        expect_sweep(circ(130, -5, 10), v2(-100, 0), t, 0.21339746f, v2(100, 0),
                     v2(0.8660254f, -0.5f), 1e-6);
        assert_true(sweep_circle_shape_record(circ(130, -5, 10), v2(-100, 0), t, NULL, &rec));
        assert_int_equal(rec.feature, SWEEP_VERTEX);
        assert_int_equal(rec.index, 1);
        assert_vec_near(rec.vertex, 100.0, 0.0, 0.0);
        // onto the hypotenuse, face on: centre (100, 100) along (-1, -1)
        // reaches x + y = 100 + 10 sqrt 2 at toi (100 - 10 sqrt 2) / 200
        expect_sweep(circ(100, 100, 10), v2(-100, -100), t, (100.0f - 14.1421356f) / 200.0f, v2(50, 50),
                     v2(0.70710678f, 0.70710678f), 1e-6);
        // passing the vertex (100, 0) at 11: a miss
        expect_sweep_miss(circ(130, -11, 10), v2(-30, 0), t);
        expect_sweep_miss(circ(111, 50, 10), v2(0, -100), t);
        // touching at the start (edge y = 0 at distance 10)
        expect_sweep(circ(50, -10, 10), v2(0, -100), t, 0.0f, v2(50, 0), v2(0, -1), 1e-6);
    }
}

/* Turned rectangle and flat polygon. */
static void test_sweep_rotated_and_flat(void **state)
{
    (void)state;
    // half (50, 20) turned 90 degrees about (200, 200): y in [150, 250]
    Shape r = rect_shape(200.0f, 200.0f, 50.0f, 20.0f, PI_F / 2.0f);
    expect_sweep(circ(200, 0, 10), v2(0, 200), &r, 0.7f, v2(200, 150), v2(0, -1), 1e-5);
    // the segment (0,0)-(100,0) as a flat triangle: from above onto it,
    // and onto its end's circle
    static const float FLAT[] = { 0, 0, 50, 0, 100, 0 };
    Shape f = poly_shape(3, FLAT);
    expect_sweep(circ(50, -50, 10), v2(0, 100), &f, 0.4f, v2(50, 0), v2(0, -1), 1e-6);
    expect_sweep(circ(150, -6, 10), v2(-100, 0), &f, 0.42f, v2(100, 0), v2(0.8f, -0.6f), 1e-6);
}

/* ---- Bad input: false, outputs untouched ----------------------------------- */

static void test_bad_input(void **state)
{
    (void)state;
    Shape good[3] = { circle_shape(0, 0, 10), rect_shape(0, 0, 10, 10, 0), poly_shape(3, TRI) };
    Shape bad[10];
    bad[0] = circle_shape(NAN, 0, 10);
    bad[1] = circle_shape(0, 0, -1);
    bad[2] = circle_shape(0, INFINITY, 10);
    bad[3] = rect_shape(0, 0, -1, 10, 0);
    bad[4] = rect_shape(0, 0, 10, 10, NAN);
    bad[5] = rect_shape(0, 0, 10, INFINITY, 0);
    bad[6] = poly_shape(3, TRI);
    bad[6].poly.count = 2;
    bad[7] = poly_shape(3, TRI);
    bad[7].poly.count = POLY_MAX_VERTS + 1;
    bad[8] = poly_shape(3, TRI);
    bad[8].poly.verts[1].x = NAN;
    bad[9] = good[0];
    bad[9].kind = (ShapeKind)7;
    RayHit rh, rh0;
    SweepHit sh, sh0;
    RayRecord rr, rr0;
    SweepRecord sr, sr0;
    memset(&rh, 0x5A, sizeof rh);
    memset(&sh, 0x5A, sizeof sh);
    memset(&rr, 0x5A, sizeof rr);
    memset(&sr, 0x5A, sizeof sr);
    rh0 = rh;
    sh0 = sh;
    rr0 = rr;
    sr0 = sr;
    Vec2 o = v2(-50, 0);
    Vec2 d = v2(100, 0);
    for (int i = 0; i < 10; ++i) {
        assert_false(ray_cast_shape(&bad[i], o, d, &rh));
        assert_false(ray_cast_shape_record(&bad[i], o, d, &rh, &rr));
        assert_false(sweep_circle_shape(circ(-50, 0, 5), d, &bad[i], &sh));
        assert_false(sweep_circle_shape_record(circ(-50, 0, 5), d, &bad[i], &sh, &sr));
    }
    assert_false(ray_cast_shape(NULL, o, d, &rh));
    assert_false(ray_cast_shape_record(NULL, o, d, &rh, &rr));
    assert_false(sweep_circle_shape(circ(-50, 0, 5), d, NULL, &sh));
    assert_false(sweep_circle_shape_record(circ(-50, 0, 5), d, NULL, &sh, &sr));
    // a bad ray or motion, a bad moving circle, beyond the working range
    Vec2 bad_vecs[6] = { { NAN, 0 }, { 0, INFINITY }, { -INFINITY, 0 }, { 2e8f, 0 }, { 0, -1.5e8f }, { 0, NAN } };
    for (int k = 0; k < 3; ++k) {
        for (int i = 0; i < 6; ++i) {
            // bad origins (2e8 and 1.5e8 are beyond the range)
            assert_false(ray_cast_shape(&good[k], bad_vecs[i], d, &rh));
            assert_false(sweep_circle_shape(circ(bad_vecs[i].x, bad_vecs[i].y, 5), d, &good[k], &sh));
            // bad translations (2e8 and 1.5e8 are fine ones)
            if (i < 3 || i == 5) {
                assert_false(ray_cast_shape(&good[k], o, bad_vecs[i], &rh));
                assert_false(sweep_circle_shape(circ(-50, 0, 5), bad_vecs[i], &good[k], &sh));
            }
        }
        assert_false(ray_cast_shape(&good[k], o, v2(4.1e8f, 0), &rh));
        assert_false(sweep_circle_shape(circ(-50, 0, -1), d, &good[k], &sh));
        assert_false(sweep_circle_shape(circ(-50, 0, NAN), d, &good[k], &sh));
        assert_false(sweep_circle_shape(circ(-50, 0, INFINITY), d, &good[k], &sh));
        assert_false(sweep_circle_shape_record(circ(-50, 0, -1), d, &good[k], &sh, &sr));
        assert_false(ray_cast_shape_record(&good[k], o, v2(NAN, 0), &rh, &rr));
    }
    assert_memory_equal(&rh, &rh0, sizeof rh);
    assert_memory_equal(&sh, &sh0, sizeof sh);
    assert_memory_equal(&rr, &rr0, sizeof rr);
    assert_memory_equal(&sr, &sr0, sizeof sr);
    // the edge of the range is fine: a translation of 3e8 from 1e8
    RayHit ok;
    assert_true(ray_cast_shape(&good[0], v2(1e8f, 0), v2(-2e8f, 0), &ok));
    assert_near(ok.fraction, 0.5 - 10.0 / 2e8, 1e-6);
    // a NULL hit is allowed: the verdict alone
    assert_true(ray_cast_shape(&good[0], o, d, NULL));
    assert_true(sweep_circle_shape(circ(-50, 0, 5), d, &good[1], NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ray_circle),
        cmocka_unit_test(test_ray_tiny_circle),
        cmocka_unit_test(test_ray_circle_grazing),
        cmocka_unit_test(test_ray_circle_inside),
        cmocka_unit_test(test_ray_rect),
        cmocka_unit_test(test_ray_rect_edges_and_vertices),
        cmocka_unit_test(test_ray_rect_rotated),
        cmocka_unit_test(test_ray_poly),
        cmocka_unit_test(test_ray_poly_hexagon),
        cmocka_unit_test(test_ray_poly_flat),
        cmocka_unit_test(test_ray_record),
        cmocka_unit_test(test_sweep_circle),
        cmocka_unit_test(test_sweep_rect),
        cmocka_unit_test(test_sweep_start),
        cmocka_unit_test(test_sweep_poly),
        cmocka_unit_test(test_sweep_rotated_and_flat),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
