/*
 * test_collide.c - hand-computed cases for the collision module
 * (src/collide.c, src/sat.c, src/vec2.h).
 *
 * One commented block per case; every float compared with a tolerance.
 * Shapes are closed: touching collides. Bad input gives false and leaves
 * every output untouched.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "broadphase.h"
#include "collide.h"
#include "vec2.h"

#define EPS 1e-4f
#define PI_F 3.14159265358979f
#define SQRT2_F 1.41421356f

/* ---- Helpers --------------------------------------------------------- */

static Circle circle(float x, float y, float r)
{
    Circle c = { { x, y }, r };
    return c;
}

static Rect rect(float x, float y, float hx, float hy, float angle)
{
    Rect r = { { x, y }, { hx, hy }, angle };
    return r;
}

static Poly poly3(float x0, float y0, float x1, float y1, float x2, float y2)
{
    Poly p = { 0 };
    p.count = 3;
    p.verts[0] = vec2_make(x0, y0);
    p.verts[1] = vec2_make(x1, y1);
    p.verts[2] = vec2_make(x2, y2);
    return p;
}

/// The axis-aligned box [x0, x1] x [y0, y1] as a polygon, positive area.
static Poly poly_box(float x0, float y0, float x1, float y1)
{
    Poly p = { 0 };
    p.count = 4;
    p.verts[0] = vec2_make(x0, y0);
    p.verts[1] = vec2_make(x1, y0);
    p.verts[2] = vec2_make(x1, y1);
    p.verts[3] = vec2_make(x0, y1);
    return p;
}

static Poly poly_reversed(Poly p)
{
    Poly r = p;
    for (int i = 0; i < p.count; ++i) {
        r.verts[i] = p.verts[p.count - 1 - i];
    }
    return r;
}

static Shape shape_circle(Circle c)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_CIRCLE;
    s.circle = c;
    return s;
}

static Shape shape_rect(Rect r)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_RECT;
    s.rect = r;
    return s;
}

static Shape shape_poly(Poly p)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_POLY;
    s.poly = p;
    return s;
}

static const Contact SENTINEL = { { 123.0f, -456.0f }, 789.0f };

static void assert_vec_near(Vec2 v, float x, float y, float eps)
{
    assert_float_equal(v.x, x, eps);
    assert_float_equal(v.y, y, eps);
}

static void assert_contact_untouched(Contact c)
{
    assert_true(memcmp(&c, &SENTINEL, sizeof c) == 0);
}

/// shapes_collide(a, b) hits with this normal and depth.
static void assert_contact(Shape a, Shape b, float nx, float ny, float depth)
{
    Contact c = SENTINEL;
    assert_true(shapes_collide(&a, &b, &c));
    assert_vec_near(c.normal, nx, ny, EPS);
    assert_float_equal(c.depth, depth, EPS);
}

/// shapes_collide(a, b) misses and leaves the contact alone.
static void assert_no_contact(Shape a, Shape b)
{
    Contact c = SENTINEL;
    assert_false(shapes_collide(&a, &b, &c));
    assert_contact_untouched(c);
}

/* ---- vec2.h ---------------------------------------------------------- */

static void test_vec2_basics(void **state)
{
    (void)state;
    // Test 1: add, sub, scale, dot, cross, length squared, perp
    Vec2 a = { 3.0f, 4.0f };
    Vec2 b = { -1.0f, 2.0f };
    assert_vec_near(vec2_add(a, b), 2.0f, 6.0f, EPS);
    assert_vec_near(vec2_sub(a, b), 4.0f, 2.0f, EPS);
    assert_vec_near(vec2_scale(a, 2.0f), 6.0f, 8.0f, EPS);
    assert_float_equal(vec2_dot(a, b), 5.0f, EPS);
    assert_float_equal(vec2_cross(a, b), 10.0f, EPS);
    assert_float_equal(vec2_length_sq(a), 25.0f, EPS);
    assert_vec_near(vec2_perp(a), -4.0f, 3.0f, EPS);
    // Test 2: x turned by +90 degrees is y (clockwise on screen), cross > 0
    assert_float_equal(vec2_cross(vec2_make(1.0f, 0.0f), vec2_make(0.0f, 1.0f)), 1.0f, EPS);
}

static void test_vec2_rotation(void **state)
{
    (void)state;
    // Test 1: rot_make(pi/2) turns x into y; the inverse turns it back
    Rot q = rot_make(PI_F / 2.0f);
    assert_vec_near(rot_apply(q, vec2_make(1.0f, 0.0f)), 0.0f, 1.0f, EPS);
    assert_vec_near(rot_inv_apply(q, vec2_make(0.0f, 1.0f)), 1.0f, 0.0f, EPS);
    // Test 2: apply then inverse is the identity at an odd angle
    Rot r = rot_make(-2.3f);
    Vec2 v = rot_inv_apply(r, rot_apply(r, vec2_make(3.0f, -7.0f)));
    assert_vec_near(v, 3.0f, -7.0f, EPS);
    // Test 3: the pair is cos/sin of the angle
    Rot s = rot_make(PI_F / 4.0f);
    assert_float_equal(s.c, SQRT2_F / 2.0f, EPS);
    assert_float_equal(s.s, SQRT2_F / 2.0f, EPS);
}

static void test_vec2_normalize(void **state)
{
    (void)state;
    float len = -1.0f;
    // Test 1: an ordinary vector
    assert_vec_near(vec2_normalize_or(vec2_make(3.0f, 4.0f), vec2_make(1.0f, 0.0f), &len), 0.6f, 0.8f, EPS);
    assert_float_equal(len, 5.0f, EPS);
    // Test 2: zero gives the fallback and length 0
    assert_vec_near(vec2_normalize_or(vec2_make(0.0f, 0.0f), vec2_make(0.0f, 1.0f), &len), 0.0f, 1.0f, EPS);
    assert_float_equal(len, 0.0f, EPS);
    // Test 3: tiny (squared length underflows) and huge (overflows) stay unit
    Vec2 t = vec2_normalize_or(vec2_make(3e-25f, 4e-25f), vec2_make(1.0f, 0.0f), &len);
    assert_vec_near(t, 0.6f, 0.8f, EPS);
    assert_float_equal(len / 5e-25f, 1.0f, EPS);
    Vec2 h = vec2_normalize_or(vec2_make(3e30f, -4e30f), vec2_make(1.0f, 0.0f), &len);
    assert_vec_near(h, 0.6f, -0.8f, EPS);
    assert_float_equal(len / 5e30f, 1.0f, EPS);
}

/* ---- collide_circle_circle ------------------------------------------- */

static void test_circle_circle(void **state)
{
    (void)state;
    // Test 1: overlapping (distance 4 < 2 + 3)
    assert_true(collide_circle_circle(circle(0, 0, 2), circle(4, 0, 3)));
    // Test 2: apart (distance 6 > 5)
    assert_false(collide_circle_circle(circle(0, 0, 2), circle(6, 0, 3)));
    // Test 3: tangent, a 3-4-5 offset: distance exactly 5 = 2 + 3
    assert_true(collide_circle_circle(circle(0, 0, 2), circle(3, 4, 3)));
    // Test 4: a hair further than tangent
    assert_false(collide_circle_circle(circle(0, 0, 2), circle(3, 4.01f, 3)));
    // Test 5: one inside the other, and identical circles
    assert_true(collide_circle_circle(circle(0, 0, 10), circle(1, 1, 1)));
    assert_true(collide_circle_circle(circle(5, 5, 3), circle(5, 5, 3)));
    // Test 6: zero radius: same point collides, distinct points do not
    assert_true(collide_circle_circle(circle(1, 2, 0), circle(1, 2, 0)));
    assert_false(collide_circle_circle(circle(1, 2, 0), circle(1, 2.001f, 0)));
    // Test 7: a point exactly on the other circle's edge
    assert_true(collide_circle_circle(circle(0, 0, 5), circle(3, 4, 0)));
    // Test 8: order does not matter
    assert_true(collide_circle_circle(circle(3, 4, 3), circle(0, 0, 2)));
}

static void test_circle_circle_bad_input(void **state)
{
    (void)state;
    // Test 1: NaN or infinity in any field, negative radius: false
    Circle ok = circle(0, 0, 5);
    assert_false(collide_circle_circle(circle(NAN, 0, 5), ok));
    assert_false(collide_circle_circle(circle(0, NAN, 5), ok));
    assert_false(collide_circle_circle(circle(0, 0, NAN), ok));
    assert_false(collide_circle_circle(ok, circle(INFINITY, 0, 5)));
    assert_false(collide_circle_circle(ok, circle(0, -INFINITY, 5)));
    assert_false(collide_circle_circle(ok, circle(0, 0, INFINITY)));
    assert_false(collide_circle_circle(ok, circle(0, 0, -1)));
    // Test 2: huge but finite values beyond the working range are bad input
    // too: their squares overflow (see COLLIDE_MAX_COORD)
    assert_false(collide_circle_circle(circle(3e38f, 3e38f, 1), circle(3e38f, 3e38f, 1)));
}

/* Two circles check their fields only when the arithmetic says they
 * overlap (a miss is false for bad input too): every field of either
 * circle of an overlapping pair (radii summing to 30 px, and to under a
 * pixel: the scaled path) made bad in turn must still give false, through
 * both entry points, and leave the contact untouched. */
static void test_circle_circle_bad_input_on_overlap(void **state)
{
    (void)state;
    const float bad[] = { NAN, INFINITY, -INFINITY, 1.5e8f, -1.5e8f, -1.0f };
    const float scale[] = { 1.0f, 1e-3f };
    for (size_t k = 0; k < sizeof scale / sizeof scale[0]; ++k) {
        float m = scale[k];
        Circle base[2] = { { { 100.0f * m, 50.0f * m }, 10.0f * m }, { { 110.0f * m, 55.0f * m }, 20.0f * m } };
        Shape sa = { .kind = SHAPE_CIRCLE, .circle = base[0] };
        Shape sb = { .kind = SHAPE_CIRCLE, .circle = base[1] };
        Contact c = { { 0.0f, 0.0f }, 0.0f };
        assert_true(shapes_collide(&sa, &sb, &c));
        assert_true(collide_circle_circle(base[0], base[1]));
        for (int which = 0; which < 2; ++which) {
            for (int field = 0; field < 3; ++field) {
                for (size_t v = 0; v < sizeof bad / sizeof bad[0]; ++v) {
                    if (field < 2 && bad[v] == -1.0f) {
                        continue;   /* -1 is a fine coordinate */
                    }
                    Circle cs[2] = { base[0], base[1] };
                    float *f = field == 0 ? &cs[which].center.x : (field == 1 ? &cs[which].center.y : &cs[which].radius);
                    *f = bad[v];
                    Shape a = { .kind = SHAPE_CIRCLE, .circle = cs[0] };
                    Shape b = { .kind = SHAPE_CIRCLE, .circle = cs[1] };
                    Contact out;
                    memset(&out, 0x77, sizeof out);
                    Contact untouched = out;
                    assert_false(collide_circle_circle(cs[0], cs[1]));
                    assert_false(shapes_collide(&a, &b, &out));
                    assert_false(shapes_collide(&b, &a, &out));
                    assert_memory_equal(&out, &untouched, sizeof out);
                }
            }
        }
    }
    // a negative radius the other one outweighs: r1 + r2 > 0, centres together
    assert_false(collide_circle_circle(circle(0, 0, -1), circle(0, 0, 5)));
}

/* Circle against a rectangle, the separating axis test's corner zone (the
 * centre past both edge lines) is decided by Pythagoras on the corner
 * offsets, the very numbers of the clamp method: so there shapes_collide
 * and collide_circle_rect agree bit for bit, at exact touching too. Over
 * 200,000 fixed-seed pairs (a quarter upright, half placed within 1e-3 px
 * of touching a corner, some radii under a pixel): that, and the verdict
 * the same without contact, with it, and with the recorder (sat_report). */
static uint64_t corner_rng_next(uint64_t *state)
{
    // splitmix64
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static float corner_rng_range(uint64_t *state, float lo, float hi)
{
    return lo + (hi - lo) * (float)((double)(corner_rng_next(state) >> 11) * 0x1p-53);
}

static void test_circle_rect_corner_zone_is_the_clamp(void **state)
{
    (void)state;
    uint64_t rng = 20261130u;
    int corner_cases = 0;
    int corner_hits = 0;
    for (int i = 0; i < 200000; ++i) {
        Rect r = rect(corner_rng_range(&rng, 0.0f, 1280.0f), corner_rng_range(&rng, 0.0f, 720.0f),
                      corner_rng_range(&rng, 0.0f, 100.0f), corner_rng_range(&rng, 0.0f, 100.0f),
                      (i & 3) == 0 ? 0.0f : corner_rng_range(&rng, -7.0f, 7.0f));
        float radius = (i % 10) == 0 ? corner_rng_range(&rng, 0.0f, 1.0f) : corner_rng_range(&rng, 1.0f, 80.0f);
        Vec2 local;
        if ((i & 1) == 0) {
            // about touching a corner: the corner plus radius along a
            // direction inside its zone, nudged by up to 1e-3 px
            float sx = (corner_rng_next(&rng) & 1u) ? 1.0f : -1.0f;
            float sy = (corner_rng_next(&rng) & 1u) ? 1.0f : -1.0f;
            float t = corner_rng_range(&rng, 0.01f, 1.5607f);
            float d = radius + corner_rng_range(&rng, -1e-3f, 1e-3f);
            local = vec2_make(sx * (r.half.x + d * cosf(t)), sy * (r.half.y + d * sinf(t)));
        } else {
            local = vec2_make(corner_rng_range(&rng, -1.5f, 1.5f) * (r.half.x + radius),
                              corner_rng_range(&rng, -1.5f, 1.5f) * (r.half.y + radius));
        }
        Circle c = { vec2_rotate_about(vec2_add(r.center, local), r.center, r.angle), radius };
        Shape sc = { .kind = SHAPE_CIRCLE, .circle = c };
        Shape sr = { .kind = SHAPE_RECT, .rect = r };
        Contact contact;
        bool plain = shapes_collide(&sc, &sr, NULL);
        bool with_contact = shapes_collide(&sc, &sr, &contact);
        bool swapped = shapes_collide(&sr, &sc, &contact);
        SatReport rep;
        assert_true(sat_report(&sc, &sr, &rep));
        if (plain != with_contact || plain != swapped || plain != rep.hit) {
            fail_msg("case %d: verdicts %d %d %d %d", i, plain, with_contact, swapped, rep.hit);
        }
        // the corner zone, in the frame the test computes
        Rot q = rot_make(r.angle);
        Vec2 l = rot_inv_apply(q, vec2_sub(c.center, r.center));
        if (fabsf(l.x) > r.half.x && fabsf(l.y) > r.half.y) {
            corner_cases++;
            corner_hits += plain;
            if (plain != collide_circle_rect(c, r)) {
                fail_msg("case %d: corner zone, separating axes %d, clamp %d", i, plain, !plain);
            }
        }
    }
    // both verdicts well represented
    assert_true(corner_cases > 60000);
    assert_true(corner_hits > corner_cases / 5 && corner_hits < corner_cases * 4 / 5);
}

/* ---- collide_circle_aabb_regions / _report --------------------------- */

static void test_regions_parts(void **state)
{
    (void)state;
    Rect box = rect(0, 0, 5, 5, 0);   /* w = h = 10 */
    RegionReport rep;

    // Test 1: part 1 on x: |dx| = 20 > 5 + 2, no collision
    memset(&rep, 0, sizeof rep);
    assert_false(collide_circle_aabb_regions_report(circle(20, 0, 2), box, &rep));
    assert_int_equal(rep.part, REGION_FAR);
    assert_false(rep.hit);
    assert_float_equal(rep.adx, 20.0f, EPS);
    assert_float_equal(rep.ady, 0.0f, EPS);
    // Test 2: part 1 on y (negative side): |dy| = 8 > 5 + 2
    assert_false(collide_circle_aabb_regions_report(circle(0, -8, 2), box, &rep));
    assert_int_equal(rep.part, REGION_FAR);
    assert_float_equal(rep.ady, 8.0f, EPS);
    // Test 3: part 2, x band: |dx| = 1 <= 5 (and |dy| = 6 <= 5 + 2)
    assert_true(collide_circle_aabb_regions_report(circle(1, 6, 2), box, &rep));
    assert_int_equal(rep.part, REGION_EDGE);
    assert_true(rep.hit);
    // Test 4: part 2, y band: |dy| = 0 <= 5, circle overlapping the right edge
    assert_true(collide_circle_aabb_regions_report(circle(-6, 0, 2), box, &rep));
    assert_int_equal(rep.part, REGION_EDGE);
    // Test 5: part 3 hit: corner offsets (1, 1), 1 + 1 <= 4
    assert_true(collide_circle_aabb_regions_report(circle(6, 6, 2), box, &rep));
    assert_int_equal(rep.part, REGION_CORNER);
    assert_true(rep.hit);
    assert_float_equal(rep.cx, 1.0f, EPS);
    assert_float_equal(rep.cy, 1.0f, EPS);
    // Test 6: part 3 miss: offsets (1.9, 1.9), 7.22 > 4 though neither is > 2
    assert_false(collide_circle_aabb_regions_report(circle(-6.9f, 6.9f, 2), box, &rep));
    assert_int_equal(rep.part, REGION_CORNER);
    assert_false(rep.hit);
    assert_float_equal(rep.cx, 1.9f, EPS);
    // Test 7: exactly on the band's border (|dx| = w/2): still part 2
    assert_true(collide_circle_aabb_regions_report(circle(5, 6, 2), box, &rep));
    assert_int_equal(rep.part, REGION_EDGE);
    assert_float_equal(rep.cx, 0.0f, EPS);
    // Test 8: the plain function agrees on all of them
    assert_false(collide_circle_aabb_regions(circle(20, 0, 2), box));
    assert_true(collide_circle_aabb_regions(circle(1, 6, 2), box));
    assert_true(collide_circle_aabb_regions(circle(6, 6, 2), box));
    assert_false(collide_circle_aabb_regions(circle(-6.9f, 6.9f, 2), box));
}

static void test_regions_touching(void **state)
{
    (void)state;
    Rect box = rect(10, 20, 5, 5, 0);
    RegionReport rep;
    // Test 1: circle touching the right edge: |dx| = 7 = 5 + 2, edge band
    assert_true(collide_circle_aabb_regions_report(circle(17, 20, 2), box, &rep));
    assert_int_equal(rep.part, REGION_EDGE);
    assert_false(collide_circle_aabb_regions(circle(17.01f, 20, 2), box));
    // Test 2: corner at exactly r, 3-4-5: offsets (3, 4), r = 5
    assert_true(collide_circle_aabb_regions_report(circle(18, 29, 5), box, &rep));
    assert_int_equal(rep.part, REGION_CORNER);
    assert_float_equal(rep.cx, 3.0f, EPS);
    assert_float_equal(rep.cy, 4.0f, EPS);
    // Test 3: the same corner with r a little short
    assert_false(collide_circle_aabb_regions_report(circle(18, 29, 4.99f), box, &rep));
    assert_int_equal(rep.part, REGION_CORNER);
    // Test 4: centre inside, and a circle containing the box
    assert_true(collide_circle_aabb_regions(circle(11, 21, 1), box));
    assert_true(collide_circle_aabb_regions(circle(10, 20, 100), box));
}

static void test_regions_degenerate_and_bad(void **state)
{
    (void)state;
    RegionReport rep;
    // Test 1: the angle is ignored, NaN included
    assert_true(collide_circle_aabb_regions(circle(6, 6, 2), rect(0, 0, 5, 5, NAN)));
    assert_true(collide_circle_aabb_regions(circle(6, 0, 2), rect(0, 0, 5, 5, 1.0f)));
    // Test 2: zero-size box (a point) against a zero-radius circle
    assert_true(collide_circle_aabb_regions(circle(3, 4, 0), rect(3, 4, 0, 0, 0)));
    assert_false(collide_circle_aabb_regions(circle(3, 4.5f, 0), rect(3, 4, 0, 0, 0)));
    // Test 3: a segment box (half height 0) and a circle touching it
    assert_true(collide_circle_aabb_regions(circle(0, 1, 1), rect(0, 0, 5, 0, 0)));
    assert_false(collide_circle_aabb_regions(circle(0, 1.01f, 1), rect(0, 0, 5, 0, 0)));
    // Test 4: bad input: false, report untouched
    RegionReport sentinel;
    memset(&sentinel, 0x5a, sizeof sentinel);
    const Circle bad_c[] = { circle(NAN, 0, 1), circle(0, INFINITY, 1), circle(0, 0, -1), circle(0, 0, NAN) };
    for (size_t i = 0; i < sizeof bad_c / sizeof bad_c[0]; ++i) {
        rep = sentinel;
        assert_false(collide_circle_aabb_regions(bad_c[i], rect(0, 0, 5, 5, 0)));
        assert_false(collide_circle_aabb_regions_report(bad_c[i], rect(0, 0, 5, 5, 0), &rep));
        assert_true(memcmp(&rep, &sentinel, sizeof rep) == 0);
    }
    const Rect bad_r[] = { rect(NAN, 0, 5, 5, 0), rect(0, -INFINITY, 5, 5, 0), rect(0, 0, -5, 5, 0),
                           rect(0, 0, 5, -0.5f, 0), rect(0, 0, INFINITY, 5, 0), rect(0, 0, 5, NAN, 0) };
    for (size_t i = 0; i < sizeof bad_r / sizeof bad_r[0]; ++i) {
        rep = sentinel;
        assert_false(collide_circle_aabb_regions(circle(0, 0, 1), bad_r[i]));
        assert_false(collide_circle_aabb_regions_report(circle(0, 0, 1), bad_r[i], &rep));
        assert_true(memcmp(&rep, &sentinel, sizeof rep) == 0);
    }
    // Test 5: a NULL report is fine
    assert_true(collide_circle_aabb_regions_report(circle(0, 0, 1), rect(0, 0, 5, 5, 0), NULL));
}

/* ---- collide_circle_aabb_clamp --------------------------------------- */

static void test_clamp(void **state)
{
    (void)state;
    Rect box = rect(0, 0, 5, 5, 0);
    // Test 1: the same cases as the three-part method, same answers
    assert_false(collide_circle_aabb_clamp(circle(20, 0, 2), box));
    assert_false(collide_circle_aabb_clamp(circle(0, -8, 2), box));
    assert_true(collide_circle_aabb_clamp(circle(1, 6, 2), box));
    assert_true(collide_circle_aabb_clamp(circle(6, 6, 2), box));
    assert_false(collide_circle_aabb_clamp(circle(-6.9f, 6.9f, 2), box));
    // Test 2: touching an edge and a corner at exactly r (3-4-5)
    assert_true(collide_circle_aabb_clamp(circle(7, 0, 2), box));
    assert_true(collide_circle_aabb_clamp(circle(8, 9, 5), box));
    assert_false(collide_circle_aabb_clamp(circle(8, 9, 4.99f), box));
    // Test 3: centre inside, circle around the box, point circle on the boundary
    assert_true(collide_circle_aabb_clamp(circle(0, 0, 1), box));
    assert_true(collide_circle_aabb_clamp(circle(0, 0, 50), box));
    assert_true(collide_circle_aabb_clamp(circle(5, 5, 0), box));
    assert_false(collide_circle_aabb_clamp(circle(5, 5.01f, 0), box));
    // Test 4: angle ignored (NaN too); bad input false
    assert_true(collide_circle_aabb_clamp(circle(6, 6, 2), rect(0, 0, 5, 5, NAN)));
    assert_false(collide_circle_aabb_clamp(circle(0, 0, -1), box));
    assert_false(collide_circle_aabb_clamp(circle(0, 0, 1), rect(0, 0, 5, NAN, 0)));
    assert_false(collide_circle_aabb_clamp(circle(0, 0, 1), rect(INFINITY, 0, 5, 5, 0)));
}

/* ---- collide_aabb_aabb ----------------------------------------------- */

static void test_aabb_aabb(void **state)
{
    (void)state;
    Rect a = rect(0, 0, 2, 1, 0);
    // Test 1: overlapping on both axes
    assert_true(collide_aabb_aabb(a, rect(3, 1, 2, 1, 0)));
    // Test 2: apart on x only, apart on y only
    assert_false(collide_aabb_aabb(a, rect(4.5f, 0, 0.4f, 5, 0)));
    assert_false(collide_aabb_aabb(a, rect(0, 3, 5, 1.9f, 0)));
    // Test 3: sharing an edge (x: 2 = 0 + 2 + 0) and sharing a corner
    assert_true(collide_aabb_aabb(a, rect(4, 0, 2, 1, 0)));
    assert_true(collide_aabb_aabb(a, rect(4, 2, 2, 1, 0)));
    assert_false(collide_aabb_aabb(a, rect(4.01f, 2, 2, 1, 0)));
    // Test 4: one inside the other, identical boxes
    assert_true(collide_aabb_aabb(rect(0, 0, 100, 100, 0), rect(10, -20, 1, 1, 0)));
    assert_true(collide_aabb_aabb(a, a));
    // Test 5: zero size: a point inside, two distinct points, the same point
    assert_true(collide_aabb_aabb(a, rect(1, 1, 0, 0, 0)));
    assert_false(collide_aabb_aabb(rect(1, 1, 0, 0, 0), rect(1, 1.5f, 0, 0, 0)));
    assert_true(collide_aabb_aabb(rect(1, 1, 0, 0, 0), rect(1, 1, 0, 0, 0)));
    // Test 6: angles ignored (NaN included)
    assert_true(collide_aabb_aabb(rect(0, 0, 2, 1, NAN), rect(4, 0, 2, 1, 7.0f)));
    // Test 7: bad input
    assert_false(collide_aabb_aabb(rect(NAN, 0, 1, 1, 0), a));
    assert_false(collide_aabb_aabb(a, rect(0, 0, -1, 1, 0)));
    assert_false(collide_aabb_aabb(a, rect(0, 0, 1, INFINITY, 0)));
    assert_false(collide_aabb_aabb(rect(0, -INFINITY, 1, 1, 0), a));
}

/* ---- collide_circle_rect --------------------------------------------- */

static void test_circle_rect_angles(void **state)
{
    (void)state;
    // Test 1: angle 0 behaves as the clamp method, touching included
    assert_true(collide_circle_rect(circle(7, 0, 2), rect(0, 0, 5, 5, 0)));
    assert_true(collide_circle_rect(circle(8, 9, 5), rect(0, 0, 5, 5, 0)));
    assert_false(collide_circle_rect(circle(8, 9, 4.99f), rect(0, 0, 5, 5, 0)));
    // Test 2: pi/4: the long axis of a 10x1 half-extent bar runs along (1, 1)
    Rect bar = rect(0, 0, 10, 1, PI_F / 4.0f);
    assert_true(collide_circle_rect(circle(7, 7, 0.5f), bar));
    assert_false(collide_circle_rect(circle(-7, 7, 0.5f), bar));
    // Test 3: pi/2: the bar stands vertical
    Rect up = rect(0, 0, 10, 1, PI_F / 2.0f);
    assert_true(collide_circle_rect(circle(0, 9, 0.1f), up));
    assert_false(collide_circle_rect(circle(9, 0, 0.1f), up));
    // Test 4: negative angle -pi/4 runs along (1, -1)
    Rect down = rect(0, 0, 10, 1, -PI_F / 4.0f);
    assert_true(collide_circle_rect(circle(7, -7, 0.5f), down));
    assert_false(collide_circle_rect(circle(7, 7, 0.5f), down));
    // Test 5: above 2 pi: same as pi/4
    Rect wrapped = rect(0, 0, 10, 1, PI_F / 4.0f + 2.0f * PI_F);
    assert_true(collide_circle_rect(circle(7, 7, 0.5f), wrapped));
    assert_false(collide_circle_rect(circle(-7, 7, 0.5f), wrapped));
    // Test 6: the turned corner: a square turned pi/4 has a corner at (sqrt2, 0)
    Rect diamond = rect(0, 0, 1, 1, PI_F / 4.0f);
    assert_true(collide_circle_rect(circle(SQRT2_F + 0.99f, 0, 1), diamond));
    assert_false(collide_circle_rect(circle(SQRT2_F + 1.01f, 0, 1), diamond));
    // Test 7: off-centre rectangle, centre inside
    assert_true(collide_circle_rect(circle(100, 50, 0.5f), rect(100, 50, 3, 2, 1.0f)));
}

static void test_circle_rect_thin_zero_bad(void **state)
{
    (void)state;
    // Test 1: thin 1000:1 rectangle turned pi/2
    Rect thin = rect(0, 0, 1000, 1, PI_F / 2.0f);
    assert_true(collide_circle_rect(circle(0, 999, 0.5f), thin));
    assert_false(collide_circle_rect(circle(2, 0, 0.5f), thin));
    assert_true(collide_circle_rect(circle(1.4f, 500, 0.5f), thin));
    // Test 2: a segment (half height 0) and a point rectangle
    assert_true(collide_circle_rect(circle(0, 1, 1), rect(0, 0, 5, 0, 0)));
    assert_false(collide_circle_rect(circle(0, 1.01f, 1), rect(0, 0, 5, 0, 0)));
    assert_true(collide_circle_rect(circle(0, 0, 0), rect(0, 0, 0, 0, 0.3f)));
    assert_false(collide_circle_rect(circle(0.1f, 0, 0), rect(0, 0, 0, 0, 0.3f)));
    // Test 3: bad input, the angle included
    assert_false(collide_circle_rect(circle(0, 0, 1), rect(0, 0, 1, 1, NAN)));
    assert_false(collide_circle_rect(circle(0, 0, 1), rect(0, 0, 1, 1, INFINITY)));
    assert_false(collide_circle_rect(circle(0, 0, 1), rect(0, 0, -1, 1, 0)));
    assert_false(collide_circle_rect(circle(0, 0, -1), rect(0, 0, 1, 1, 0)));
    assert_false(collide_circle_rect(circle(NAN, 0, 1), rect(0, 0, 1, 1, 0)));
}

/* ---- collide_rect_rect ----------------------------------------------- */

static void test_rect_rect(void **state)
{
    (void)state;
    // Test 1: axis-aligned overlap, and apart on x
    assert_true(collide_rect_rect(rect(0, 0, 2, 2, 0), rect(3, 0, 2, 2, 0)));
    assert_false(collide_rect_rect(rect(0, 0, 2, 2, 0), rect(4.1f, 0, 2, 2, 0)));
    // Test 2: sharing an edge, sharing a corner (touching collides)
    assert_true(collide_rect_rect(rect(0, 0, 2, 2, 0), rect(4, 0, 2, 2, 0)));
    assert_true(collide_rect_rect(rect(0, 0, 2, 2, 0), rect(4, 4, 2, 2, 0)));
    // Test 3: square against a diamond corner-first on x
    assert_true(collide_rect_rect(rect(0, 0, 1, 1, 0), rect(1 + SQRT2_F - 0.01f, 0, 1, 1, PI_F / 4.0f)));
    assert_false(collide_rect_rect(rect(0, 0, 1, 1, 0), rect(1 + SQRT2_F + 0.01f, 0, 1, 1, PI_F / 4.0f)));
    // Test 4: only b's axes separate: a's x and y intervals overlap
    assert_false(collide_rect_rect(rect(0, 0, 1, 1, 0), rect(2.3f, 2.3f, 1, 1, PI_F / 4.0f)));
    assert_false(collide_rect_rect(rect(2.3f, 2.3f, 1, 1, PI_F / 4.0f), rect(0, 0, 1, 1, 0)));
    // Test 5: one inside the other, identical rectangles
    assert_true(collide_rect_rect(rect(0, 0, 50, 50, 0.3f), rect(5, 5, 1, 2, 1.1f)));
    assert_true(collide_rect_rect(rect(1, 2, 3, 4, 0.5f), rect(1, 2, 3, 4, 0.5f)));
    // Test 6: angles pi/2, negative and above 2 pi give the same answers
    assert_true(collide_rect_rect(rect(0, 0, 10, 1, PI_F / 2.0f), rect(0, 10.5f, 1, 1, 0)));
    assert_false(collide_rect_rect(rect(0, 0, 10, 1, PI_F / 2.0f), rect(2.5f, 0, 1, 1, 0)));
    assert_false(collide_rect_rect(rect(0, 0, 1, 1, 0), rect(2.3f, 2.3f, 1, 1, -PI_F / 4.0f)));
    assert_false(collide_rect_rect(rect(0, 0, 1, 1, 0), rect(2.3f, 2.3f, 1, 1, PI_F / 4.0f + 4.0f * PI_F)));
    // Test 7: thin 1000:1 along the diagonal: a square on it, and one 7 px off it
    Rect thin = rect(0, 0, 1000, 1, PI_F / 4.0f);
    assert_true(collide_rect_rect(thin, rect(700, 700, 1, 1, 0)));
    assert_false(collide_rect_rect(thin, rect(700, 690, 1, 1, 0)));
    // Test 8: zero size: distinct points, same point, crossing segments,
    // collinear segments apart and touching end to end
    assert_false(collide_rect_rect(rect(0, 0, 0, 0, 0.2f), rect(0.5f, 0, 0, 0, 1.0f)));
    assert_true(collide_rect_rect(rect(3, 3, 0, 0, 0.2f), rect(3, 3, 0, 0, 1.0f)));
    assert_true(collide_rect_rect(rect(0, 0, 5, 0, 0), rect(0, 0, 5, 0, PI_F / 2.0f)));
    assert_false(collide_rect_rect(rect(0, 0, 1, 0, 0), rect(3, 0, 1, 0, 0)));
    assert_true(collide_rect_rect(rect(0, 0, 1, 0, 0), rect(2, 0, 1, 0, 0)));
    // Test 9: bad input
    assert_false(collide_rect_rect(rect(0, 0, 1, 1, NAN), rect(0, 0, 1, 1, 0)));
    assert_false(collide_rect_rect(rect(0, 0, 1, 1, 0), rect(0, 0, 1, -1, 0)));
    assert_false(collide_rect_rect(rect(0, INFINITY, 1, 1, 0), rect(0, 0, 1, 1, 0)));
    assert_false(collide_rect_rect(rect(0, 0, 1, 1, 0), rect(0, 0, NAN, 1, 0)));
}

/* ---- collide_circle_poly --------------------------------------------- */

static void test_circle_poly(void **state)
{
    (void)state;
    Poly sq = poly_box(0, 0, 10, 10);
    Poly sq_rev = poly_reversed(sq);
    // Test 1: overlapping an edge, apart from it, touching it (both windings)
    assert_true(collide_circle_poly(circle(5, -1, 2), &sq));
    assert_false(collide_circle_poly(circle(5, -2.01f, 2), &sq));
    assert_true(collide_circle_poly(circle(5, -2, 2), &sq));
    assert_true(collide_circle_poly(circle(5, -2, 2), &sq_rev));
    assert_false(collide_circle_poly(circle(5, -2.01f, 2), &sq_rev));
    // Test 2: the corner region, 3-4-5: only the nearest-vertex axis separates
    assert_true(collide_circle_poly(circle(13, 14, 5), &sq));
    assert_false(collide_circle_poly(circle(13, 14, 4.99f), &sq));
    assert_false(collide_circle_poly(circle(13, 14, 4.99f), &sq_rev));
    // Test 3: centre inside, the polygon inside the circle, a point inside/outside
    assert_true(collide_circle_poly(circle(5, 5, 1), &sq));
    assert_true(collide_circle_poly(circle(5, 5, 100), &sq));
    assert_true(collide_circle_poly(circle(3, 3, 0), &sq));
    assert_false(collide_circle_poly(circle(-0.1f, 3, 0), &sq));
    // Test 4: a triangle's slanted edge: (0,0) (10,0) (0,10); the circle at
    // (6, 6) is 2/sqrt2 = 1.414 from the hypotenuse
    Poly tri = poly3(0, 0, 10, 0, 0, 10);
    assert_true(collide_circle_poly(circle(6, 6, 1.42f), &tri));
    assert_false(collide_circle_poly(circle(6, 6, 1.41f), &tri));
    // Test 5: a flat polygon (collinear vertices) is a segment
    Poly seg = poly3(0, 0, 5, 0, 10, 0);
    assert_true(collide_circle_poly(circle(5, 1, 1), &seg));
    assert_false(collide_circle_poly(circle(5, 1.01f, 1), &seg));
    assert_false(collide_circle_poly(circle(12, 0, 1.5f), &seg));
    assert_true(collide_circle_poly(circle(12, 0, 2), &seg));
    // Test 6: bad input
    Poly bad = sq;
    assert_false(collide_circle_poly(circle(5, 5, 1), NULL));
    assert_false(collide_circle_poly(circle(5, 5, -1), &sq));
    assert_false(collide_circle_poly(circle(NAN, 5, 1), &sq));
    bad.count = 2;
    assert_false(collide_circle_poly(circle(5, 5, 1), &bad));
    bad.count = POLY_MAX_VERTS + 1;
    assert_false(collide_circle_poly(circle(5, 5, 1), &bad));
    bad = sq;
    bad.verts[2].y = INFINITY;
    assert_false(collide_circle_poly(circle(5, 5, 1), &bad));
    // Test 7: slots past count are never read (NaN there is fine)
    Poly tail = tri;
    tail.verts[5].x = NAN;
    assert_true(collide_circle_poly(circle(1, 1, 1), &tail));
}

/* ---- collide_poly_poly ----------------------------------------------- */

static void test_poly_poly(void **state)
{
    (void)state;
    Poly a = poly_box(0, 0, 10, 10);
    // Test 1: overlapping, apart, sharing an edge, sharing a corner
    Poly b = poly_box(5, 5, 15, 15);
    assert_true(collide_poly_poly(&a, &b));
    Poly c = poly_box(10.01f, 0, 20, 10);
    assert_false(collide_poly_poly(&a, &c));
    Poly d = poly_box(10, 0, 20, 10);
    assert_true(collide_poly_poly(&a, &d));
    Poly e = poly_box(10, 10, 20, 20);
    assert_true(collide_poly_poly(&a, &e));
    // Test 2: opposite windings give the same answers
    Poly b_rev = poly_reversed(b);
    Poly c_rev = poly_reversed(c);
    assert_true(collide_poly_poly(&a, &b_rev));
    assert_false(collide_poly_poly(&c_rev, &a));
    // Test 3: a triangle whose slanted edge alone separates it from a box
    Poly tri = poly3(0, 0, 10, 0, 0, 10);
    Poly box = poly_box(6, 6, 8, 8);
    assert_false(collide_poly_poly(&tri, &box));
    Poly box2 = poly_box(4.9f, 4.9f, 8, 8);
    assert_true(collide_poly_poly(&tri, &box2));
    // Test 4: one inside the other, identical polygons
    Poly inner = poly3(2, 2, 4, 2, 3, 4);
    assert_true(collide_poly_poly(&a, &inner));
    assert_true(collide_poly_poly(&inner, &a));
    assert_true(collide_poly_poly(&tri, &tri));
    // Test 5: flat polygons: collinear segments on one line apart (needs the
    // direction axis), overlapping, touching, crossing; a point on an edge
    Poly s1 = poly3(0, 0, 1, 0, 2, 0);
    Poly s2 = poly3(3, 0, 4, 0, 5, 0);
    Poly s3 = poly3(1.5f, 0, 3, 0, 4, 0);
    Poly s4 = poly3(2, 0, 4, 0, 5, 0);
    Poly s5 = poly3(1, -1, 1, 0, 1, 1);
    assert_false(collide_poly_poly(&s1, &s2));
    assert_true(collide_poly_poly(&s1, &s3));
    assert_true(collide_poly_poly(&s1, &s4));
    assert_true(collide_poly_poly(&s1, &s5));
    Poly on_edge = poly3(5, 0, 5, 0.001f, 5.001f, 0);
    assert_true(collide_poly_poly(&a, &on_edge));
    // Test 6: bad input
    Poly bad = a;
    assert_false(collide_poly_poly(NULL, &a));
    assert_false(collide_poly_poly(&a, NULL));
    bad.count = 0;
    assert_false(collide_poly_poly(&a, &bad));
    bad.count = -3;
    assert_false(collide_poly_poly(&bad, &a));
    bad.count = 9;
    assert_false(collide_poly_poly(&bad, &a));
    bad = a;
    bad.verts[0].x = NAN;
    assert_false(collide_poly_poly(&bad, &a));
}

/* ---- shapes_collide: contacts for the nine pairs --------------------- */

static void test_contact_circle_circle(void **state)
{
    (void)state;
    // Test 1: overlap 1 along +x
    assert_contact(shape_circle(circle(0, 0, 2)), shape_circle(circle(3, 0, 2)), 1, 0, 1);
    // Test 2: a 3-4-5 offset, overlap 1 along (0.6, 0.8)
    assert_contact(shape_circle(circle(0, 0, 3)), shape_circle(circle(3, 4, 3)), 0.6f, 0.8f, 1);
    // Test 3: tangent: depth 0
    assert_contact(shape_circle(circle(0, 0, 2)), shape_circle(circle(0, 5, 3)), 0, 1, 0);
    // Test 4: one inside the other: b leaves along the centre line by r1 + r2 - d
    assert_contact(shape_circle(circle(0, 0, 5)), shape_circle(circle(1, 0, 1)), 1, 0, 5);
    // Test 5: equal centres: any unit normal, depth r1 + r2
    Shape a = shape_circle(circle(7, 7, 2));
    Shape b = shape_circle(circle(7, 7, 3));
    Contact c = SENTINEL;
    assert_true(shapes_collide(&a, &b, &c));
    assert_float_equal(vec2_length_sq(c.normal), 1.0f, EPS);
    assert_float_equal(c.depth, 5.0f, EPS);
    // Test 6: apart
    assert_no_contact(shape_circle(circle(0, 0, 2)), shape_circle(circle(0, 5.01f, 3)));
}

static void test_contact_circle_rect(void **state)
{
    (void)state;
    // Test 1: circle left of a box: closest point (1, 0), b (the box) goes +x
    assert_contact(shape_circle(circle(0, 0, 2)), shape_rect(rect(3, 0, 2, 2, 0)), 1, 0, 1);
    // Test 2: the swapped pair: the normal flips
    assert_contact(shape_rect(rect(3, 0, 2, 2, 0)), shape_circle(circle(0, 0, 2)), -1, 0, 1);
    // Test 3: centre inside, nearest edge y = 5 at distance 2: depth 1 + 2,
    // the box moves up (-y)
    assert_contact(shape_circle(circle(0, 3, 1)), shape_rect(rect(0, 0, 10, 5, 0)), 0, -1, 3);
    // Test 4: the corner region, 3-4-5, depth 6 - 5
    assert_contact(shape_circle(circle(13, 14, 6)), shape_rect(rect(5, 5, 5, 5, 0)), -0.6f, -0.8f, 1);
    // Test 5: turned pi/2: the bar's long side now faces x; circle at (1.5, 0)
    // overlaps its right face (x = 1) by 0.5
    assert_contact(shape_circle(circle(1.5f, 0, 1)), shape_rect(rect(0, 0, 10, 1, PI_F / 2.0f)), -1, 0, 0.5f);
    // Test 6: the circle contains the box: still the shortest way out
    assert_contact(shape_circle(circle(0, 0, 10)), shape_rect(rect(0, 0, 1, 2, 0)), -1, 0, 11);
    // Test 7: apart
    assert_no_contact(shape_circle(circle(0, 0, 2)), shape_rect(rect(4.01f, 0, 2, 2, 0.0f)));
}

static void test_contact_circle_poly(void **state)
{
    (void)state;
    Shape sq = shape_poly(poly_box(0, 0, 10, 10));
    Shape sq_rev = shape_poly(poly_reversed(poly_box(0, 0, 10, 10)));
    // Test 1: below the bottom edge: closest (5, 0), the polygon goes +y
    assert_contact(shape_circle(circle(5, -1, 2)), sq, 0, 1, 1);
    assert_contact(shape_circle(circle(5, -1, 2)), sq_rev, 0, 1, 1);
    // Test 2: centre inside, 2 from the bottom edge: depth 1 + 2
    assert_contact(shape_circle(circle(5, 2, 1)), sq, 0, 1, 3);
    assert_contact(shape_circle(circle(5, 2, 1)), sq_rev, 0, 1, 3);
    // Test 3: the corner region, 3-4-5: normal towards the corner, depth 1
    assert_contact(shape_circle(circle(13, 14, 6)), sq, -0.6f, -0.8f, 1);
    // Test 4: the swapped pair flips the normal
    assert_contact(sq, shape_circle(circle(5, -1, 2)), 0, -1, 1);
    // Test 5: the circle contains the square: leave through the nearest edge
    assert_contact(shape_circle(circle(4, 5, 50)), sq, 1, 0, 54);
    // Test 6: touching the corner exactly: depth 0
    assert_contact(shape_circle(circle(13, 14, 5)), sq, -0.6f, -0.8f, 0);
    // Test 7: apart
    assert_no_contact(shape_circle(circle(13, 14, 4.99f)), sq);
}

static void test_contact_rect_rect(void **state)
{
    (void)state;
    // Test 1: overlap 1 on x, 3.5 on y: b goes +x by 1
    assert_contact(shape_rect(rect(0, 0, 2, 2, 0)), shape_rect(rect(3, 0.5f, 2, 2, 0)), 1, 0, 1);
    // Test 2: b inside a, near a's right side: 10 - 6 = 4 along +x
    assert_contact(shape_rect(rect(0, 0, 10, 10, 0)), shape_rect(rect(7, 0, 1, 1, 0)), 1, 0, 4);
    // Test 3: a inside b: b (the big one) leaves by moving -x
    assert_contact(shape_rect(rect(7, 0, 1, 1, 0)), shape_rect(rect(0, 0, 10, 10, 0)), -1, 0, 4);
    // Test 4: sharing an edge: depth 0
    assert_contact(shape_rect(rect(0, 0, 2, 2, 0)), shape_rect(rect(0, -4, 2, 2, 0)), 0, -1, 0);
    // Test 5: a diamond's corner 0.5 into a square's right face
    assert_contact(shape_rect(rect(0, 0, 1, 1, 0)), shape_rect(rect(0.5f + SQRT2_F, 0, 1, 1, PI_F / 4.0f)),
                   1, 0, 0.5f);
    // Test 6: apart
    assert_no_contact(shape_rect(rect(0, 0, 1, 1, 0)), shape_rect(rect(2.3f, 2.3f, 1, 1, PI_F / 4.0f)));
}

static void test_contact_rect_poly(void **state)
{
    (void)state;
    Shape r = shape_rect(rect(0, 0, 2, 2, 0));
    Shape p = shape_poly(poly_box(1, -1, 4, 1));
    // Test 1: rect then poly: the poly goes +x by 1
    assert_contact(r, p, 1, 0, 1);
    // Test 2: poly then rect: the rect goes -x by 1
    assert_contact(p, r, -1, 0, 1);
    // Test 3: a small triangle inside the rect, near its top (y = -2)
    Shape t = shape_poly(poly3(-0.5f, -1.5f, 0.5f, -1.5f, 0, -1));
    assert_contact(r, t, 0, -1, 1);
    // Test 4: apart
    assert_no_contact(r, shape_poly(poly_box(2.01f, -1, 4, 1)));
    assert_no_contact(shape_poly(poly_box(2.01f, -1, 4, 1)), r);
}

static void test_contact_poly_poly(void **state)
{
    (void)state;
    Shape a = shape_poly(poly_box(0, 0, 10, 10));
    // Test 1: overlap 1 on x
    assert_contact(a, shape_poly(poly_box(9, 2, 20, 8)), 1, 0, 1);
    // Test 2: overlap 2 on y from above, other winding
    assert_contact(a, shape_poly(poly_reversed(poly_box(3, -5, 6, 2))), 0, -1, 2);
    // Test 3: one inside the other, nearest the left side: 2 - 0 + ... b
    // spans x [1, 2]: b leaves -x by 2 (b.max - a.min)
    assert_contact(a, shape_poly(poly3(1, 4, 2, 4, 1.5f, 5)), -1, 0, 2);
    // Test 4: a triangle's slanted edge: box corner (4, 4) is 2/sqrt2 inside
    Shape tri = shape_poly(poly3(0, 0, 10, 0, 0, 10));
    assert_contact(tri, shape_poly(poly_box(4, 4, 8, 8)), SQRT2_F / 2.0f, SQRT2_F / 2.0f, SQRT2_F);
    // Test 5: identical: some axis with depth = the width along it (10)
    Contact c = SENTINEL;
    assert_true(shapes_collide(&a, &a, &c));
    assert_float_equal(vec2_length_sq(c.normal), 1.0f, EPS);
    assert_float_equal(c.depth, 10.0f, EPS);
    // Test 6: apart
    assert_no_contact(a, shape_poly(poly_box(10.01f, 0, 20, 10)));
}

static void test_contact_moves_apart(void **state)
{
    (void)state;
    // Test 1: for a pair of each kind, moving b by depth (+0.01) along the
    // normal separates them, and by depth - 0.01 does not
    Shape shapes[3] = {
        shape_circle(circle(0, 0, 3)),
        shape_rect(rect(2, 1, 3, 1.5f, 0.4f)),
        shape_poly(poly3(-1, -2, 4, 0, 0, 3)),
    };
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            Shape a = shapes[i];
            Shape b = shapes[j];
            Contact c = SENTINEL;
            assert_true(shapes_collide(&a, &b, &c));
            assert_float_equal(vec2_length_sq(c.normal), 1.0f, EPS);
            for (int k = 0; k < 2; ++k) {
                Shape moved = b;
                float t = k == 0 ? c.depth + 0.01f : c.depth - 0.01f;
                Vec2 d = vec2_scale(c.normal, t);
                if (moved.kind == SHAPE_CIRCLE) {
                    moved.circle.center = vec2_add(moved.circle.center, d);
                } else if (moved.kind == SHAPE_RECT) {
                    moved.rect.center = vec2_add(moved.rect.center, d);
                } else {
                    for (int v = 0; v < moved.poly.count; ++v) {
                        moved.poly.verts[v] = vec2_add(moved.poly.verts[v], d);
                    }
                }
                assert_int_equal(shapes_collide(&a, &moved, NULL), k == 1);
            }
        }
    }
}

static void test_shapes_collide_bad_input(void **state)
{
    (void)state;
    Shape good[3] = { shape_circle(circle(0, 0, 5)), shape_rect(rect(0, 0, 5, 5, 0)),
                      shape_poly(poly_box(-5, -5, 5, 5)) };
    Shape bad[14];
    int n = 0;
    bad[n++] = shape_circle(circle(NAN, 0, 5));
    bad[n++] = shape_circle(circle(0, 0, INFINITY));
    bad[n++] = shape_circle(circle(0, 0, -1));
    bad[n++] = shape_rect(rect(0, NAN, 5, 5, 0));
    bad[n++] = shape_rect(rect(0, 0, 5, 5, NAN));
    bad[n++] = shape_rect(rect(0, 0, 5, 5, -INFINITY));
    bad[n++] = shape_rect(rect(0, 0, -5, 5, 0));
    bad[n++] = shape_rect(rect(0, 0, 5, INFINITY, 0));
    bad[n++] = shape_poly(poly_box(-5, -5, 5, NAN));
    bad[n] = shape_poly(poly_box(-5, -5, 5, 5));
    bad[n++].poly.count = 2;
    bad[n] = shape_poly(poly_box(-5, -5, 5, 5));
    bad[n++].poly.count = POLY_MAX_VERTS + 1;
    bad[n] = shape_poly(poly_box(-5, -5, 5, 5));
    bad[n++].poly.count = -1;
    bad[n] = shape_circle(circle(0, 0, 5));
    bad[n++].kind = (ShapeKind)7;
    bad[n] = shape_circle(circle(0, 0, 5));
    bad[n++].kind = (ShapeKind)-1;
    // Test 1: every bad shape against every good one, both orders: false,
    // contact untouched
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < 3; ++j) {
            assert_no_contact(bad[i], good[j]);
            assert_no_contact(good[j], bad[i]);
        }
        assert_false(shape_is_valid(&bad[i]));
    }
    // Test 2: NULL shapes
    Contact c = SENTINEL;
    assert_false(shapes_collide(NULL, &good[0], &c));
    assert_false(shapes_collide(&good[0], NULL, &c));
    assert_false(shapes_collide(NULL, NULL, &c));
    assert_contact_untouched(c);
    // Test 3: NULL contact is allowed on a hit
    assert_true(shapes_collide(&good[0], &good[2], NULL));
    for (int j = 0; j < 3; ++j) {
        assert_true(shape_is_valid(&good[j]));
    }
    assert_false(shape_is_valid(NULL));
}

static void test_shapes_collide_matches_pair_tests(void **state)
{
    (void)state;
    // Test 1: shapes_collide answers as the matching collide_* function,
    // in both orders, on a touching and a near-touching case of each
    Circle c1 = circle(0, 0, 2);
    Circle c2 = circle(3, 4, 3);
    Rect r1 = rect(7, 0, 5, 5, 0);
    Rect r2 = rect(8, 9, 1, 1, 0.0f);
    Poly p1 = poly_box(-10, 2, 10, 4);
    for (int k = 0; k < 2; ++k) {
        float nudge = k == 0 ? 0.0f : 0.01f;
        Circle cm = circle(c2.center.x, c2.center.y + nudge, c2.radius);
        Shape sc1 = shape_circle(c1), scm = shape_circle(cm), sr1 = shape_rect(r1), sp1 = shape_poly(p1);
        Shape sr2 = shape_rect(rect(r2.center.x, r2.center.y + nudge, 1, 1, 0));
        assert_int_equal(shapes_collide(&sc1, &scm, NULL), collide_circle_circle(c1, cm));
        assert_int_equal(shapes_collide(&scm, &sr1, NULL), collide_circle_rect(cm, r1));
        assert_int_equal(shapes_collide(&sr1, &scm, NULL), collide_circle_rect(cm, r1));
        assert_int_equal(shapes_collide(&scm, &sp1, NULL), collide_circle_poly(cm, &p1));
        assert_int_equal(shapes_collide(&sp1, &scm, NULL), collide_circle_poly(cm, &p1));
        assert_int_equal(shapes_collide(&sr1, &sr2, NULL), collide_rect_rect(r1, sr2.rect));
        Poly pr = poly_from_rect(sr2.rect);
        Shape spr = shape_poly(pr);
        assert_int_equal(shapes_collide(&sp1, &spr, NULL), collide_poly_poly(&p1, &pr));
    }
}

/* ---- sat_report ------------------------------------------------------ */

static void test_sat_report_rect_rect(void **state)
{
    (void)state;
    SatReport rep;
    // Test 1: apart on x: axes a0 (0,-1), a1 (1,0), b0, b1; the first gap is a1
    Shape a = shape_rect(rect(0, 0, 2, 1, 0));
    Shape b = shape_rect(rect(5, 0, 1, 1, 0));
    assert_true(sat_report(&a, &b, &rep));
    assert_false(rep.hit);
    assert_int_equal(rep.count, 4);
    assert_int_equal(rep.separating, 1);
    assert_int_equal(rep.min_axis, -1);
    assert_int_equal(rep.axes[0].source, SAT_FROM_A);
    assert_int_equal(rep.axes[0].edge, 0);
    assert_int_equal(rep.axes[1].edge, 1);
    assert_int_equal(rep.axes[2].source, SAT_FROM_B);
    assert_int_equal(rep.axes[3].edge, 1);
    assert_vec_near(rep.axes[0].axis, 0, -1, EPS);
    assert_vec_near(rep.axes[1].axis, 1, 0, EPS);
    assert_float_equal(rep.axes[1].a.min, -2.0f, EPS);
    assert_float_equal(rep.axes[1].a.max, 2.0f, EPS);
    assert_float_equal(rep.axes[1].b.min, 4.0f, EPS);
    assert_float_equal(rep.axes[1].b.max, 6.0f, EPS);
    assert_float_equal(rep.axes[1].overlap, -2.0f, EPS);
    assert_float_equal(rep.axes[0].overlap, 2.0f, EPS);
    // Test 2: overlapping by 1 on x: hit, min axis a1, contact as shapes_collide
    Shape b2 = shape_rect(rect(2, 0.5f, 1, 1, 0));
    Contact c = SENTINEL;
    assert_true(shapes_collide(&a, &b2, &c));
    assert_true(sat_report(&a, &b2, &rep));
    assert_true(rep.hit);
    assert_int_equal(rep.separating, -1);
    assert_true(rep.min_axis == 1 || rep.min_axis == 3);
    // b leaves along +x by 1 (its y overlap is 1.5): worked out by hand
    assert_vec_near(rep.contact.normal, 1.0f, 0.0f, EPS);
    assert_float_equal(rep.contact.depth, 1.0f, EPS);
    assert_vec_near(c.normal, 1.0f, 0.0f, EPS);
    assert_float_equal(c.depth, 1.0f, EPS);
    assert_float_equal(rep.axes[rep.min_axis].overlap, 1.0f, EPS);
    assert_float_equal(rep.axes[0].overlap, 1.5f, EPS);
    // Test 3: turned: every axis unit length; world intervals of a diamond
    Shape d = shape_rect(rect(10, 0, 1, 1, PI_F / 4.0f));
    assert_true(sat_report(&a, &d, &rep));
    for (int i = 0; i < rep.count; ++i) {
        assert_float_equal(vec2_length_sq(rep.axes[i].axis), 1.0f, EPS);
    }
    assert_float_equal(rep.axes[1].b.min, 10.0f - SQRT2_F, EPS);
    assert_float_equal(rep.axes[1].b.max, 10.0f + SQRT2_F, EPS);
}

static void test_sat_report_other_pairs(void **state)
{
    (void)state;
    SatReport rep;
    Shape sq = shape_poly(poly_box(0, 0, 10, 10));
    Shape tri = shape_poly(poly3(20, 0, 30, 0, 20, 10));
    // Test 1: poly-poly: one axis per edge, a's then b's; outward unit axes
    assert_true(sat_report(&sq, &tri, &rep));
    assert_int_equal(rep.count, 7);
    assert_false(rep.hit);
    assert_int_equal(rep.separating, 1);   /* the square's right edge */
    assert_vec_near(rep.axes[1].axis, 1, 0, EPS);
    assert_float_equal(rep.axes[1].overlap, -10.0f, EPS);
    assert_int_equal(rep.axes[4].source, SAT_FROM_B);
    assert_int_equal(rep.axes[4].edge, 0);
    // Test 2: circle-poly: 4 edges then the nearest vertex (index 2: (10,10))
    Shape c = shape_circle(circle(13, 14, 4.99f));
    assert_true(sat_report(&c, &sq, &rep));
    assert_int_equal(rep.count, 5);
    assert_int_equal(rep.axes[4].source, SAT_FROM_CIRCLE);
    assert_int_equal(rep.axes[4].edge, 2);
    assert_int_equal(rep.separating, 4);
    assert_vec_near(rep.axes[4].axis, -0.6f, -0.8f, EPS);
    assert_false(rep.hit);
    // Test 3: poly-circle, touching: hit, sources A for the edges
    Shape ct = shape_circle(circle(13, 14, 5));
    Contact cc = SENTINEL;
    assert_true(shapes_collide(&sq, &ct, &cc));
    assert_true(sat_report(&sq, &ct, &rep));
    assert_true(rep.hit);
    assert_int_equal(rep.axes[0].source, SAT_FROM_A);
    assert_int_equal(rep.separating, -1);
    assert_true(rep.min_axis >= 0);
    // touching at the corner (10, 10): from the square towards the centre
    // (13, 14), (3, 4) / 5, depth 0; the least axis is that corner's
    assert_vec_near(rep.contact.normal, 0.6f, 0.8f, EPS);
    assert_float_equal(rep.contact.depth, 0.0f, EPS);
    assert_vec_near(cc.normal, 0.6f, 0.8f, EPS);
    assert_int_equal(rep.axes[rep.min_axis].source, SAT_FROM_CIRCLE);
    assert_int_equal(rep.axes[rep.min_axis].edge, 2);
    // Test 4: circle-circle: the single axis through the centres
    Shape c1 = shape_circle(circle(0, 0, 2));
    Shape c2 = shape_circle(circle(3, 4, 4));
    assert_true(sat_report(&c1, &c2, &rep));
    assert_int_equal(rep.count, 1);
    assert_true(rep.hit);
    assert_vec_near(rep.axes[0].axis, 0.6f, 0.8f, EPS);
    assert_float_equal(rep.axes[0].a.max, 2.0f, EPS);
    assert_float_equal(rep.axes[0].b.min, 1.0f, EPS);
    assert_float_equal(rep.axes[0].overlap, 1.0f, EPS);
    assert_float_equal(rep.contact.depth, 1.0f, EPS);
    // Test 5: circle-rect: 2 axes of the rectangle, then the nearest corner
    Shape r = shape_rect(rect(5, 5, 5, 5, 0));
    assert_true(sat_report(&c, &r, &rep));
    assert_int_equal(rep.count, 3);
    assert_int_equal(rep.axes[2].source, SAT_FROM_CIRCLE);
    assert_false(rep.hit);
    // Test 6: rect-poly: 2 + 3 axes
    assert_true(sat_report(&r, &tri, &rep));
    assert_int_equal(rep.count, 5);
    // Test 7: every pair, against verdicts worked out by hand: the square
    // and r (the same square) touch the circle at (10, 10) and hold each
    // other; the triangle (x >= 20) is 8.06 from the circle's centre, 10
    // from the squares
    Shape all[4] = { sq, tri, ct, r };
    const bool expect[4][4] = {
        { true, false, true, true },
        { false, true, false, false },
        { true, false, true, true },
        { true, false, true, true },
    };
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
            assert_true(sat_report(&all[i], &all[j], &rep));
            assert_int_equal(rep.hit, expect[i][j]);
            assert_int_equal(shapes_collide(&all[i], &all[j], NULL), expect[i][j]);
            assert_int_equal(rep.separating < 0, expect[i][j]);
        }
    }
}

static void test_sat_report_bad_input(void **state)
{
    (void)state;
    SatReport sentinel;
    SatReport rep;
    memset(&sentinel, 0x3c, sizeof sentinel);
    Shape good = shape_rect(rect(0, 0, 1, 1, 0));
    Shape bad1 = shape_rect(rect(0, 0, 1, 1, NAN));
    Shape bad2 = shape_circle(circle(0, 0, -2));
    Shape bad3 = shape_poly(poly_box(0, 0, 1, 1));
    bad3.poly.count = 1;
    // Test 1: bad shapes, NULL shapes: false, report untouched
    const Shape *bads[4] = { &bad1, &bad2, &bad3, NULL };
    for (int i = 0; i < 4; ++i) {
        rep = sentinel;
        assert_false(sat_report(bads[i], &good, &rep));
        assert_false(sat_report(&good, bads[i], &rep));
        assert_true(memcmp(&rep, &sentinel, sizeof rep) == 0);
    }
    // Test 2: a NULL report
    assert_false(sat_report(&good, &good, NULL));
}

/* ---- The helpers the lessons draw with ------------------------------- */

static void test_rect_corners_and_poly(void **state)
{
    (void)state;
    Vec2 c[4];
    // Test 1: angle 0: (-hx,-hy), (hx,-hy), (hx,hy), (-hx,hy) about the centre
    rect_corners(rect(10, 20, 3, 2, 0), c);
    assert_vec_near(c[0], 7, 18, EPS);
    assert_vec_near(c[1], 13, 18, EPS);
    assert_vec_near(c[2], 13, 22, EPS);
    assert_vec_near(c[3], 7, 22, EPS);
    // Test 2: pi/2: local x turns into +y
    rect_corners(rect(0, 0, 3, 2, PI_F / 2.0f), c);
    assert_vec_near(c[0], 2, -3, EPS);
    assert_vec_near(c[1], 2, 3, EPS);
    assert_vec_near(c[2], -2, 3, EPS);
    // Test 3: poly_from_rect: the same corners, 4 of them, positive area
    Poly p = poly_from_rect(rect(10, 20, 3, 2, 0));
    assert_int_equal(p.count, 4);
    assert_vec_near(p.verts[2], 13, 22, EPS);
    assert_float_equal(poly_signed_area(&p), 24.0f, EPS);
    // Test 4: a NULL output is ignored
    rect_corners(rect(0, 0, 1, 1, 0), NULL);
}

static void test_poly_area_centroid(void **state)
{
    (void)state;
    // Test 1: signed area by winding (positive: clockwise on screen)
    Poly sq = poly_box(0, 0, 2, 3);
    Poly sq_rev = poly_reversed(sq);
    assert_float_equal(poly_signed_area(&sq), 6.0f, EPS);
    assert_float_equal(poly_signed_area(&sq_rev), -6.0f, EPS);
    // Test 2: centroids: a right triangle, a box, far from the origin
    Poly tri = poly3(0, 0, 3, 0, 0, 3);
    assert_vec_near(poly_centroid(&tri), 1, 1, EPS);
    assert_vec_near(poly_centroid(&sq_rev), 1, 1.5f, EPS);
    Poly far = poly_box(10000, 10000, 10002, 10004);
    assert_vec_near(poly_centroid(&far), 10001, 10002, 1e-2f);
    // Test 3: a trapezoid (0,0) (4,0) (3,2) (1,2): area 6, centroid (2, 8/9)
    Poly trap = { 4, { { 0, 0 }, { 4, 0 }, { 3, 2 }, { 1, 2 } } };
    assert_float_equal(poly_signed_area(&trap), 6.0f, EPS);
    assert_vec_near(poly_centroid(&trap), 2.0f, 8.0f / 9.0f, EPS);
    // Test 4: flat polygon: zero area, the vertex mean
    Poly flat = poly3(0, 0, 3, 0, 9, 0);
    assert_float_equal(poly_signed_area(&flat), 0.0f, EPS);
    assert_vec_near(poly_centroid(&flat), 4, 0, EPS);
    // Test 5: bad input: zero
    assert_float_equal(poly_signed_area(NULL), 0.0f, EPS);
    assert_vec_near(poly_centroid(NULL), 0, 0, EPS);
    Poly bad = tri;
    bad.count = 12;
    assert_vec_near(poly_centroid(&bad), 0, 0, EPS);
}

static void test_poly_is_convex(void **state)
{
    (void)state;
    // Test 1: convex in both windings, a triangle
    Poly sq = poly_box(0, 0, 2, 2);
    Poly sq_rev = poly_reversed(sq);
    assert_true(poly_is_convex(&sq));
    assert_true(poly_is_convex(&sq_rev));
    Poly tri = poly3(0, 0, 3, 0, 0, 3);
    assert_true(poly_is_convex(&tri));
    // Test 2: a collinear vertex on an edge is allowed
    Poly mid = { 5, { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 2, 2 }, { 0, 2 } } };
    assert_true(poly_is_convex(&mid));
    // Test 3: concave (an arrow head)
    Poly arrow = { 4, { { 0, 0 }, { 4, 2 }, { 0, 4 }, { 1, 2 } } };
    assert_false(poly_is_convex(&arrow));
    // Test 4: a pentagram: every turn the same way, but it winds twice
    Poly star = { 5, { { 0, -10 }, { 5.878f, 8.09f }, { -9.511f, -3.09f }, { 9.511f, -3.09f }, { -5.878f, 8.09f } } };
    assert_false(poly_is_convex(&star));
    // Test 5: a bow tie (self crossing)
    Poly bow = { 4, { { 0, 0 }, { 2, 2 }, { 2, 0 }, { 0, 2 } } };
    assert_false(poly_is_convex(&bow));
    // Test 6: consecutive duplicate, zero area, doubling back
    Poly dup = { 4, { { 0, 0 }, { 2, 0 }, { 2, 0 }, { 0, 2 } } };
    assert_false(poly_is_convex(&dup));
    Poly flat = poly3(0, 0, 1, 0, 2, 0);
    assert_false(poly_is_convex(&flat));
    Poly back = { 4, { { 0, 0 }, { 2, 0 }, { 1, 0 }, { 1, 2 } } };
    assert_false(poly_is_convex(&back));
    // Test 7: bad input
    assert_false(poly_is_convex(NULL));
    Poly two = sq;
    two.count = 2;
    assert_false(poly_is_convex(&two));
    Poly nan = sq;
    nan.verts[1].y = NAN;
    assert_false(poly_is_convex(&nan));
}

static void test_shape_project_aabb_center(void **state)
{
    (void)state;
    Shape c = shape_circle(circle(3, 4, 2));
    Shape d = shape_rect(rect(0, 0, 1, 1, PI_F / 4.0f));
    Shape r90 = shape_rect(rect(1, 1, 3, 1, PI_F / 2.0f));
    Shape p = shape_poly(poly3(0, 0, 4, 0, 0, 6));
    // Test 1: projections on unit axes
    Interval iv = shape_project(&c, vec2_make(1, 0));
    assert_float_equal(iv.min, 1.0f, EPS);
    assert_float_equal(iv.max, 5.0f, EPS);
    iv = shape_project(&d, vec2_make(1, 0));
    assert_float_equal(iv.min, -SQRT2_F, EPS);
    assert_float_equal(iv.max, SQRT2_F, EPS);
    iv = shape_project(&p, vec2_make(0.6f, 0.8f));
    assert_float_equal(iv.min, 0.0f, EPS);
    assert_float_equal(iv.max, 4.8f, EPS);
    // Test 2: a non-unit axis scales (the circle by r |axis|)
    iv = shape_project(&c, vec2_make(0, 2));
    assert_float_equal(iv.min, 4.0f, EPS);
    assert_float_equal(iv.max, 12.0f, EPS);
    // Test 3: bad shape: {0, 0}
    Shape bad = shape_circle(circle(0, 0, -1));
    iv = shape_project(&bad, vec2_make(1, 0));
    assert_float_equal(iv.min, 0.0f, EPS);
    assert_float_equal(iv.max, 0.0f, EPS);
    iv = shape_project(NULL, vec2_make(1, 0));
    assert_float_equal(iv.max, 0.0f, EPS);
    // Test 4: bounding boxes
    Aabb b = shape_aabb(&c);
    assert_vec_near(b.min, 1, 2, EPS);
    assert_vec_near(b.max, 5, 6, EPS);
    b = shape_aabb(&d);
    assert_vec_near(b.min, -SQRT2_F, -SQRT2_F, EPS);
    assert_vec_near(b.max, SQRT2_F, SQRT2_F, EPS);
    b = shape_aabb(&r90);
    assert_vec_near(b.min, 0, -2, EPS);
    assert_vec_near(b.max, 2, 4, EPS);
    b = shape_aabb(&p);
    assert_vec_near(b.min, 0, 0, EPS);
    assert_vec_near(b.max, 4, 6, EPS);
    // Test 5: bad shape: an empty box (min > max)
    b = shape_aabb(&bad);
    assert_true(b.min.x > b.max.x && b.min.y > b.max.y);
    b = shape_aabb(NULL);
    assert_true(b.min.x > b.max.x);
    // Test 6: centres
    assert_vec_near(shape_center(&c), 3, 4, EPS);
    assert_vec_near(shape_center(&r90), 1, 1, EPS);
    assert_vec_near(shape_center(&p), 4.0f / 3.0f, 2, EPS);
    assert_vec_near(shape_center(NULL), 0, 0, EPS);
}

static void test_rotate_and_closest_points(void **state)
{
    (void)state;
    // Test 1: (2, 1) about (1, 1) by pi/2 is (1, 2); by -pi/2 it is (1, 0)
    assert_vec_near(vec2_rotate_about(vec2_make(2, 1), vec2_make(1, 1), PI_F / 2.0f), 1, 2, EPS);
    assert_vec_near(vec2_rotate_about(vec2_make(2, 1), vec2_make(1, 1), -PI_F / 2.0f), 1, 0, EPS);
    assert_vec_near(vec2_rotate_about(vec2_make(2, 1), vec2_make(1, 1), 2.0f * PI_F), 2, 1, EPS);
    // Test 2: aabb closest point: outside beside an edge, at a corner, inside
    Rect box = rect(0, 0, 2, 1, 5.0f);   /* angle ignored */
    assert_vec_near(aabb_closest_point(box, vec2_make(5, 0.5f)), 2, 0.5f, EPS);
    assert_vec_near(aabb_closest_point(box, vec2_make(-5, -7)), -2, -1, EPS);
    Vec2 in = vec2_make(0.3f, -0.7f);
    Vec2 q = aabb_closest_point(box, in);
    assert_true(q.x == in.x && q.y == in.y);
    // Test 3: rect closest point at pi/2: the long side runs along y
    Rect up = rect(0, 0, 2, 1, PI_F / 2.0f);
    assert_vec_near(rect_closest_point(up, vec2_make(5, 0)), 1, 0, EPS);
    assert_vec_near(rect_closest_point(up, vec2_make(0, 9)), 0, 2, EPS);
    q = rect_closest_point(up, in);
    assert_true(q.x == in.x && q.y == in.y);
    // Test 4: polygon closest point: inside, beside an edge, at a vertex
    Poly tri = poly3(0, 0, 10, 0, 0, 10);
    Vec2 pin = vec2_make(1, 1);
    q = poly_closest_point(&tri, pin);
    assert_true(q.x == pin.x && q.y == pin.y);
    assert_vec_near(poly_closest_point(&tri, vec2_make(4, -3)), 4, 0, EPS);
    assert_vec_near(poly_closest_point(&tri, vec2_make(7, 7)), 5, 5, EPS);
    assert_vec_near(poly_closest_point(&tri, vec2_make(-2, -3)), 0, 0, EPS);
    Poly tri_rev = poly_reversed(tri);
    assert_vec_near(poly_closest_point(&tri_rev, vec2_make(12, -1)), 10, 0, EPS);
    // Test 5: a bad polygon gives the point back
    assert_vec_near(poly_closest_point(NULL, vec2_make(3, 4)), 3, 4, EPS);
}

/* ---- The working range: COLLIDE_MAX_COORD --------------------------- */

/// Every kind of shape with `v` in one field at a time: each must be
/// accepted (ok) or rejected everywhere alike, contact left alone if so.
static void check_range_value(float v, bool ok)
{
    const Shape good = shape_circle(circle(0, 0, 5));
    Shape s[8];
    s[0] = shape_circle(circle(v, 0, v));
    s[1] = shape_circle(circle(0, -v, v));
    s[2] = shape_circle(circle(0, 0, v));
    s[3] = shape_rect(rect(-v, 0, v, 5, 0.0f));
    s[4] = shape_rect(rect(0, 0, v, 5, 0.0f));
    s[5] = shape_rect(rect(0, 0, 5, v, 0.3f));
    s[6] = shape_poly(poly3(0, 0, v, 0, 0, 10));
    s[7] = shape_poly(poly3(0, 0, 10, 0, 0, -v));
    for (int i = 0; i < 8; ++i) {
        // the validity check, and the box it gives (empty when bad)
        assert_int_equal(shape_is_valid(&s[i]), ok);
        Aabb box = shape_aabb(&s[i]);
        Aabb padded = shape_aabb_padded(&s[i]);
        assert_int_equal(box.min.x <= box.max.x, ok);
        assert_int_equal(padded.min.x <= padded.max.x, ok);
        // every such shape touches `good` (it contains or reaches the
        // origin), so the verdict is exactly whether it was accepted
        Contact c = SENTINEL;
        assert_int_equal(shapes_collide(&s[i], &good, &c), ok);
        assert_int_equal(shapes_collide(&good, &s[i], NULL), ok);
        if (!ok) {
            assert_contact_untouched(c);
        } else {
            assert_true(isfinite(c.depth) && c.depth >= 0.0f);
            assert_float_equal(c.normal.x * c.normal.x + c.normal.y * c.normal.y, 1.0f, 1e-5f);
        }
        SatReport rep;
        assert_int_equal(sat_report(&s[i], &good, &rep), ok);
    }
    // the dedicated tests agree
    assert_int_equal(collide_circle_circle(circle(v, 0, v), circle(0, 0, 5)), ok);
    assert_int_equal(collide_circle_aabb_clamp(circle(0, 0, v), rect(0, 0, 5, 5, 0)), ok);
    assert_int_equal(collide_circle_aabb_regions(circle(0, 0, 5), rect(0, 0, 5, v, 0)), ok);
    assert_int_equal(collide_aabb_aabb(rect(0, 0, 5, 5, 0), rect(0, 0, v, 5, 0)), ok);
    assert_int_equal(collide_circle_rect(circle(0, 0, 5), rect(0, 0, 5, v, 1.0f)), ok);
    assert_int_equal(collide_rect_rect(rect(0, 0, 5, 5, 0.2f), rect(0, 0, v, 5, 0.4f)), ok);
    Poly tri = poly3(0, 0, v, 0, 0, 10);
    Poly small = poly3(-1, -1, 1, -1, 0, 1);
    assert_int_equal(collide_circle_poly(circle(0, 0, 5), &tri), ok);
    assert_int_equal(collide_poly_poly(&small, &tri), ok);
}

static void test_working_range(void **state)
{
    (void)state;
    float beyond = nextafterf(COLLIDE_MAX_COORD, INFINITY);
    // Test 1: the bound itself is accepted, the next float beyond it is not
    check_range_value(COLLIDE_MAX_COORD, true);
    check_range_value(beyond, false);
    // Test 2: 1e9, 3e38 and infinity are bad input: false, contact untouched
    check_range_value(1e9f, false);
    check_range_value(3e38f, false);
    check_range_value(INFINITY, false);
    // Test 3: at the bound the answers are still right: circles 16 and 8
    // with centres 16 px apart at (1e8, 1e8) (multiples of the ulp, 8)
    Shape a = shape_circle(circle(1e8f, 1e8f, 16));
    Shape b = shape_circle(circle(1e8f - 16.0f, 1e8f, 8));
    assert_contact(a, b, -1.0f, 0.0f, 8.0f);
    // ... and 32 px apart they miss
    Shape far = shape_circle(circle(1e8f - 32.0f, 1e8f, 8));
    assert_no_contact(a, far);
    // Test 4: at opposite ends of the range, far apart: no overflow, no hit
    // (the case fuzzing found at 2e38 answered yes)
    Shape left = shape_rect(rect(-1e8f, 0, 1e8f, 1e8f, 0.7f));
    Shape right = shape_poly(poly3(1e8f, 0, 1e8f, 1e8f, 0.99e8f, 1e8f));
    Contact c = SENTINEL;
    assert_false(shapes_collide(&left, &right, &c));
    assert_contact_untouched(c);
    // Test 5: the broad phase leaves out-of-range shapes out: of two
    // overlapping pairs only the in-range one is found
    Shape many[4] = {
        shape_circle(circle(0, 0, 5)), shape_circle(circle(4, 0, 5)),
        shape_circle(circle(1e9f, 0, 5)), shape_circle(circle(1e9f, 0, 5)),
    };
    Broadphase *bp = broadphase_create();
    assert_non_null(bp);
    ShapePair pairs[6];
    assert_int_equal(broadphase_collide(bp, many, 4, pairs, 6), 1);
    assert_int_equal(pairs[0].a, 0);
    assert_int_equal(pairs[0].b, 1);
    broadphase_destroy(bp);
}

/* ---- Rounding slack: shape_aabb_padded -------------------------------- */

static void test_aabb_padded(void **state)
{
    (void)state;
    // Test 1: a box grown on every side by the documented slack
    Shape c = shape_circle(circle(1000, -200, 24));
    Aabb box = shape_aabb(&c);
    Aabb pad = shape_aabb_padded(&c);
    float slack = COLLIDE_REL_TOLERANCE * (1024.0f + 48.0f) + COLLIDE_ABS_TOLERANCE;
    assert_float_equal(box.min.x - pad.min.x, slack, 1e-4f);
    assert_float_equal(pad.max.y - box.max.y, slack, 1e-4f);
    assert_true(pad.min.x < box.min.x && pad.max.x > box.max.x);
    // Test 2: tiny shapes still get the absolute floor
    Shape dot = shape_circle(circle(0, 1e-30f, 0));
    Aabb tiny = shape_aabb_padded(&dot);
    assert_true(tiny.min.y < 0.0f && tiny.max.y >= COLLIDE_ABS_TOLERANCE);
    // Test 3: a bad shape gives the empty box of shape_aabb
    Shape bad = shape_circle(circle(NAN, 0, 1));
    Aabb empty = shape_aabb_padded(&bad);
    assert_true(empty.min.x > empty.max.x && empty.min.y > empty.max.y);
}

/* ---- The fast paths give the general answers ------------------------- */

static void test_fast_paths(void **state)
{
    (void)state;
    // Test 1: axis-aligned rectangles (no trigonometry): the contact along
    // the axis of least overlap, y on a tie, from a towards b
    Shape a = shape_rect(rect(0, 0, 10, 10, 0));
    assert_contact(a, shape_rect(rect(18, 3, 10, 10, 0)), 1.0f, 0.0f, 2.0f);
    assert_contact(a, shape_rect(rect(-3, -17, 10, 10, 0)), 0.0f, -1.0f, 3.0f);
    assert_contact(a, shape_rect(rect(15, 15, 10, 10, 0)), 0.0f, 1.0f, 5.0f);
    assert_true(collide_rect_rect(rect(0, 0, 10, 10, 0), rect(20, 0, 10, 10, 0)));
    assert_no_contact(a, shape_rect(rect(20.01f, 0, 10, 10, 0)));
    // ... and the same answer as a hair of rotation (the general test)
    assert_contact(a, shape_rect(rect(18, 3, 10, 10, 1e-7f)), 1.0f, 0.0f, 2.0f);
    // Test 2: circle against polygon, both windings: the linear test's
    // verdicts at an edge, at a vertex (the nearest-vertex axis) and inside
    Poly box = poly_box(0, 0, 10, 10);
    Poly rev = poly_reversed(box);
    for (int w = 0; w < 2; ++w) {
        const Poly *p = w == 0 ? &box : &rev;
        assert_true(collide_circle_poly(circle(13, 5, 3), p));        /* touches edge x = 10 */
        assert_false(collide_circle_poly(circle(13.01f, 5, 3), p));
        assert_true(collide_circle_poly(circle(13, 14, 5), p));       /* 3-4-5 to corner (10, 10) */
        assert_false(collide_circle_poly(circle(13, 14, 4.99f), p));  /* inside both edge bands */
        assert_true(collide_circle_poly(circle(5, 5, 0), p));         /* centre inside */
    }
    // Test 3: a flat polygon (a segment as 3 collinear points): the circle
    // on either side of it, and beyond its end along its own line
    Poly seg = poly3(0, 0, 5, 0, 10, 0);
    assert_true(collide_circle_poly(circle(5, 2, 2), &seg));
    assert_true(collide_circle_poly(circle(5, -2, 2), &seg));
    assert_false(collide_circle_poly(circle(5, -2.01f, 2), &seg));
    assert_false(collide_circle_poly(circle(12.5f, 0, 2), &seg));
    // Test 4: polygons: one-sided separations, either winding, one inside
    // the other, and collinear segments that only their own direction parts
    Poly tri = poly3(12, 0, 20, 5, 12, 10);
    Poly tri_rev = poly_reversed(tri);
    assert_false(collide_poly_poly(&box, &tri));
    assert_false(collide_poly_poly(&rev, &tri_rev));
    Poly inner = poly3(2, 2, 8, 2, 5, 8);
    assert_true(collide_poly_poly(&box, &inner));
    assert_true(collide_poly_poly(&inner, &rev));
    Poly seg2 = poly3(11, 0, 15, 0, 20, 0);
    Poly seg3 = poly3(10, 0, 15, 0, 20, 0);
    assert_false(collide_poly_poly(&seg, &seg2));
    assert_true(collide_poly_poly(&seg, &seg3));
    // contact: a triangle inside the box leaves it the shortest way, up
    // through y = 0 (6 px; down 9, sideways 8)
    Poly low = poly3(2, 1, 8, 1, 5, 6);
    assert_contact(shape_poly(box), shape_poly(low), 0.0f, -1.0f, 6.0f);
    assert_contact(shape_poly(low), shape_poly(rev), 0.0f, 1.0f, 6.0f);
}

/* ---- Tiny shapes: the answers of the pixel scale ---------------------- */

/* A circle beyond an end of the polygon's edge that faces it most: the end
 * is the nearest point only when the centre is past the end's other edge
 * too. With collinear vertices (here the square's top edge split at x = 1)
 * two edges face the centre equally; the first one's end (1, 2) is not the
 * nearest point, the foot (0.5, 2) on the next edge is. Both windings, and
 * the contact. */
static void test_circle_beyond_collinear_edge(void **state)
{
    (void)state;
    Poly ccw = { 5, { { 0, 0 }, { 2, 0 }, { 2, 2 }, { 1, 2 }, { 0, 2 } } };
    Poly cw = { 5, { { 0, 2 }, { 1, 2 }, { 2, 2 }, { 2, 0 }, { 0, 0 } } };
    const Poly *polys[2] = { &ccw, &cw };
    for (int w = 0; w < 2; ++w) {
        // 0.5 above the top edge, 0.71 from the vertex (1, 2)
        assert_true(collide_circle_poly(circle(0.5f, 2.5f, 0.6f), polys[w]));
        assert_false(collide_circle_poly(circle(0.5f, 2.5f, 0.4f), polys[w]));
        Contact k = SENTINEL;
        assert_true(shapes_collide(&(Shape){ .kind = SHAPE_CIRCLE, .circle = circle(0.5f, 2.5f, 0.6f) },
                                   &(Shape){ .kind = SHAPE_POLY, .poly = *polys[w] }, &k));
        assert_vec_near(k.normal, 0.0f, -1.0f, EPS);
        assert_float_equal(k.depth, 0.1f, 1e-5f);
        // and past a true corner: (2, 2) is the nearest point
        assert_true(collide_circle_poly(circle(2.3f, 2.4f, 0.51f), polys[w]));
        assert_false(collide_circle_poly(circle(2.3f, 2.4f, 0.49f), polys[w]));
    }
}

/// Equal ways out on several axes: the contact takes the first of them in
/// test order (a's edges from edge 0, then b's), whichever path decides
/// (shapes_collide, prepared_collide: four edges at a time where SSE2 is
/// there) and whatever the winding. A square given with its edge midpoints
/// as vertices (8 edges, two blocks of four), centred on a circle or on a
/// copy of itself: every edge has the same way out.
static void test_first_of_equal_ways(void **state)
{
    (void)state;
    Poly ccw = { 8, { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 2, 1 }, { 2, 2 }, { 1, 2 }, { 0, 2 }, { 0, 1 } } };
    Poly cw = poly_reversed(ccw);
    // edge 0's outward normal: (0, -1) as given; reversed, edge 0 runs
    // from (0, 1) to (0, 2): (-1, 0)
    const Poly *polys[2] = { &ccw, &cw };
    const Vec2 edge0[2] = { { 0.0f, -1.0f }, { -1.0f, 0.0f } };
    for (int w = 0; w < 2; ++w) {
        Shape c = shape_circle(circle(1.0f, 1.0f, 0.5f));
        Shape p = shape_poly(*polys[w]);
        Shape q = shape_poly(*polys[w]);
        PreparedShape pc;
        PreparedShape pp;
        PreparedShape pq;
        assert_true(shape_prepare(&c, &pc));
        assert_true(shape_prepare(&p, &pp));
        assert_true(shape_prepare(&q, &pq));
        // circle first: the polygon owns the axis, b moves along -n
        Contact k = SENTINEL;
        Contact kp = SENTINEL;
        assert_true(shapes_collide(&c, &p, &k));
        assert_true(prepared_collide(&pc, &pp, &kp));
        assert_true(memcmp(&k, &kp, sizeof k) == 0);
        assert_vec_near(k.normal, -edge0[w].x, -edge0[w].y, 0.0f);
        assert_float_equal(k.depth, 1.5f, 0.0f);
        // polygon first: along n
        assert_true(shapes_collide(&p, &c, &k));
        assert_true(prepared_collide(&pp, &pc, &kp));
        assert_true(memcmp(&k, &kp, sizeof k) == 0);
        assert_vec_near(k.normal, edge0[w].x, edge0[w].y, 0.0f);
        assert_float_equal(k.depth, 1.5f, 0.0f);
        // the square on itself: a's edge 0 before every other edge of
        // a and of b (all with way 2)
        assert_true(shapes_collide(&p, &q, &k));
        assert_true(prepared_collide(&pp, &pq, &kp));
        assert_true(memcmp(&k, &kp, sizeof k) == 0);
        assert_vec_near(k.normal, edge0[w].x, edge0[w].y, 0.0f);
        assert_float_equal(k.depth, 2.0f, 0.0f);
    }
}

static void test_tiny_scales(void **state)
{
    (void)state;
    // Test 1: two distinct points 1e-30 px apart (radius 0): their squared
    // distance underflows to 0 in float, yet distinct points never collide
    Circle p = circle(0, 0, 0);
    Circle q = circle(1e-30f, 0, 0);
    assert_false(collide_circle_circle(p, q));
    assert_no_contact(shape_circle(p), shape_circle(q));
    // ... the same point twice does
    assert_true(collide_circle_circle(q, q));
    // Test 2: a point against a zero-size rectangle (a point too), at angle
    // 0 and turned, and against a corner of a box: apart
    Rect dot = rect(1e-30f, 1e-30f, 0, 0, 0);
    assert_false(collide_circle_rect(p, dot));
    assert_false(collide_circle_aabb_clamp(p, dot));
    assert_false(collide_circle_aabb_regions(p, dot));
    assert_no_contact(shape_circle(p), shape_rect(dot));
    assert_no_contact(shape_rect(rect(1e-30f, 0, 0, 0, 0.3f)), shape_circle(p));
    // Test 3: a tiny circle 1e-30 whose corner offsets (0.8e-30, 0.8e-30)
    // are 1.13e-30 away: every method says apart, as at pixel scale
    Circle c = circle(1.8e-30f, 1.8e-30f, 1e-30f);
    Rect box = rect(0, 0, 1e-30f, 1e-30f, 0);
    assert_false(collide_circle_aabb_regions(c, box));
    assert_false(collide_circle_aabb_clamp(c, box));
    assert_false(collide_circle_rect(c, box));
    assert_false(collide_circle_circle(c, circle(1.8e-30f, 0.6e-30f, 0.1e-30f)));
    // ... and 0.6e-30 away on each axis (0.85e-30) they touch
    Circle d = circle(1.6e-30f, 1.6e-30f, 1e-30f);
    assert_true(collide_circle_aabb_regions(d, box));
    assert_true(collide_circle_aabb_clamp(d, box));
    assert_true(collide_circle_rect(d, box));
    // Test 4: the contact of tiny overlapping circles is still unit and
    // in scale: centres 3e-30 apart, radii 2e-30 each, depth 1e-30
    Contact k = SENTINEL;
    assert_true(shapes_collide(&(Shape){ .kind = SHAPE_CIRCLE, .circle = circle(0, 0, 2e-30f) },
                               &(Shape){ .kind = SHAPE_CIRCLE, .circle = circle(0, 3e-30f, 2e-30f) }, &k));
    assert_vec_near(k.normal, 0.0f, 1.0f, EPS);
    assert_float_equal(k.depth * 1e30f, 1.0f, 1e-4f);
    // Test 5: circle against polygon multiplies four lengths (a cross
    // product, squared): at 1e-12 px they underflowed and a point 0.5e-12
    // left of the triangle (1,0), (2,0), (1,1) x 1e-12 touched it. Every
    // scale gives the answer of the pixel scale
    for (int k2 = 0; k2 < 4; ++k2) {
        const float scale[4] = { 1.0f, 1e-6f, 1e-12f, 1e-30f };
        float u = scale[k2];
        Poly tri = poly3(1 * u, 0, 2 * u, 0, 1 * u, 1 * u);
        assert_false(collide_circle_poly(circle(0.5f * u, 0.5f * u, 0), &tri));
        assert_false(collide_circle_poly(circle(0.5f * u, 0.5f * u, 0.49f * u), &tri));
        assert_true(collide_circle_poly(circle(0.5f * u, 0.5f * u, 0.51f * u), &tri));
        assert_true(collide_circle_poly(circle(1.5f * u, 0.25f * u, 0), &tri));
        assert_no_contact(shape_circle(circle(0.5f * u, 0.5f * u, 0)), shape_poly(tri));
    }
    // ... and the case fuzzing found: a point 3.6e-12 px from an octagon
    // about 1.5e-11 px wide (the broad phase rightly left the pair out)
    Poly oct = { 8, { { -1.41828164e-11f, -6.47414934e-12f }, { -9.24449146e-12f, -7.0937878e-12f },
                      { -5.06321764e-12f, -4.39416255e-12f }, { -3.5954629e-12f, 3.61538707e-13f },
                      { -5.52800253e-12f, 4.9480719e-12f }, { -9.95658417e-12f, 7.21934882e-12f },
                      { -1.48090169e-11f, 6.11261259e-12f }, { -1.78148017e-11f, 2.14571872e-12f } } };
    assert_false(collide_circle_poly(circle(0, 0, 0), &oct));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vec2_basics),
        cmocka_unit_test(test_vec2_rotation),
        cmocka_unit_test(test_vec2_normalize),
        cmocka_unit_test(test_circle_circle),
        cmocka_unit_test(test_circle_circle_bad_input),
        cmocka_unit_test(test_circle_circle_bad_input_on_overlap),
        cmocka_unit_test(test_circle_rect_corner_zone_is_the_clamp),
        cmocka_unit_test(test_regions_parts),
        cmocka_unit_test(test_regions_touching),
        cmocka_unit_test(test_regions_degenerate_and_bad),
        cmocka_unit_test(test_clamp),
        cmocka_unit_test(test_aabb_aabb),
        cmocka_unit_test(test_circle_rect_angles),
        cmocka_unit_test(test_circle_rect_thin_zero_bad),
        cmocka_unit_test(test_rect_rect),
        cmocka_unit_test(test_circle_poly),
        cmocka_unit_test(test_poly_poly),
        cmocka_unit_test(test_contact_circle_circle),
        cmocka_unit_test(test_contact_circle_rect),
        cmocka_unit_test(test_contact_circle_poly),
        cmocka_unit_test(test_contact_rect_rect),
        cmocka_unit_test(test_contact_rect_poly),
        cmocka_unit_test(test_contact_poly_poly),
        cmocka_unit_test(test_contact_moves_apart),
        cmocka_unit_test(test_shapes_collide_bad_input),
        cmocka_unit_test(test_shapes_collide_matches_pair_tests),
        cmocka_unit_test(test_sat_report_rect_rect),
        cmocka_unit_test(test_sat_report_other_pairs),
        cmocka_unit_test(test_sat_report_bad_input),
        cmocka_unit_test(test_rect_corners_and_poly),
        cmocka_unit_test(test_poly_area_centroid),
        cmocka_unit_test(test_poly_is_convex),
        cmocka_unit_test(test_shape_project_aabb_center),
        cmocka_unit_test(test_rotate_and_closest_points),
        cmocka_unit_test(test_working_range),
        cmocka_unit_test(test_aabb_padded),
        cmocka_unit_test(test_fast_paths),
        cmocka_unit_test(test_tiny_scales),
        cmocka_unit_test(test_circle_beyond_collinear_edge),
        cmocka_unit_test(test_first_of_equal_ways),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
