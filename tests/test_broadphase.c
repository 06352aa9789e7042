/*
 * test_broadphase.c - the broad phase against brute force.
 *
 * Every scene is made from a fixed seed; the broad phase must return exactly
 * the pairs (a < b) for which shapes_collide is true, found by testing all
 * pairs: both lists are sorted and compared element by element. The scenes
 * cover the cases a grid gets wrong: clusters, everything overlapping, huge
 * and tiny shapes together, shapes on cell borders with equal box coordinates
 * and exact touching, points and segments, bad shapes mixed in, far and
 * extreme coordinates, and a Broadphase reused while N changes; and random
 * scenes across the working range that together reach every bucket of the
 * grid's hash table (broadphase_debug_bucket, a test-only introspection).
 */
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "broadphase.h"

/* ---- helpers ------------------------------------------------------------- */

/* xorshift32 with a fixed seed per scene */
typedef struct Rng { uint32_t s; } Rng;

static uint32_t rng_next(Rng *r)
{
    uint32_t x = r->s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    r->s = x;
    return x;
}

static float rng_range(Rng *r, float lo, float hi)
{
    return lo + (hi - lo) * (float)(rng_next(r) >> 8) * (1.0f / 16777216.0f);
}

static Shape make_circle(float x, float y, float r)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_CIRCLE;
    s.circle.center.x = x;
    s.circle.center.y = y;
    s.circle.radius = r;
    return s;
}

static Shape make_rect(float x, float y, float hx, float hy, float angle)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_RECT;
    s.rect.center.x = x;
    s.rect.center.y = y;
    s.rect.half.x = hx;
    s.rect.half.y = hy;
    s.rect.angle = angle;
    return s;
}

/* A convex polygon: `count` vertices at increasing angles on a circle. */
static Shape make_poly(Rng *rng, float x, float y, float r, int count)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_POLY;
    s.poly.count = count;
    for (int k = 0; k < count; k++) {
        float a = 6.2831853f * ((float)k + rng_range(rng, 0.0f, 0.6f)) / (float)count;
        s.poly.verts[k].x = x + r * cosf(a);
        s.poly.verts[k].y = y + r * sinf(a);
    }
    return s;
}

/* A random shape of size lo..hi around (x, y). */
static Shape make_any(Rng *rng, float x, float y, float lo, float hi)
{
    Shape s;
    uint32_t kind = rng_next(rng) % 3u;
    if (kind == 0u) {
        s = make_circle(x, y, rng_range(rng, lo, hi));
    } else if (kind == 1u) {
        s = make_rect(x, y, rng_range(rng, lo, hi), rng_range(rng, lo, hi),
                      rng_range(rng, -3.2f, 3.2f));
    } else {
        s = make_poly(rng, x, y, rng_range(rng, lo, hi), 3 + (int)(rng_next(rng) % 6u));
    }
    return s;
}

static int cmp_pair(const void *pa, const void *pb)
{
    const ShapePair *a = pa;
    const ShapePair *b = pb;
    int r = (a->a > b->a) - (a->a < b->a);
    return r != 0 ? r : (a->b > b->b) - (a->b < b->b);
}

/* Every colliding pair by testing all of them; the caller frees the list. */
static ShapePair *brute_pairs(const Shape *shapes, int n, int *count)
{
    size_t cap = 1024;
    size_t used = 0;
    ShapePair *pairs = malloc(cap * sizeof *pairs);
    assert_non_null(pairs);
    for (int a = 0; a < n; a++) {
        for (int b = a + 1; b < n; b++) {
            if (shapes_collide(&shapes[a], &shapes[b], NULL)) {
                if (used == cap) {
                    cap *= 2;
                    pairs = realloc(pairs, cap * sizeof *pairs);
                    assert_non_null(pairs);
                }
                pairs[used].a = a;
                pairs[used].b = b;
                used++;
            }
        }
    }
    *count = (int)used;
    return pairs;
}

/* The broad phase's pairs equal brute force's, as sets; returns the count. */
static int check_against_brute(Broadphase *bp, const Shape *shapes, int n)
{
    int expected = 0;
    ShapePair *want = brute_pairs(shapes, n, &expected);
    int cap = expected + 16;
    ShapePair *got = malloc((size_t)cap * sizeof *got);
    assert_non_null(got);
    int found = broadphase_collide(bp, shapes, n, got, cap);
    assert_int_equal(found, expected);
    for (int i = 0; i < found; i++) {
        assert_true(got[i].a < got[i].b);
        assert_true(got[i].a >= 0 && got[i].b < n);
    }
    qsort(got, (size_t)found, sizeof *got, cmp_pair);
    for (int i = 0; i < found; i++) {
        /* sorted, equal to the reference, so also free of duplicates */
        assert_int_equal(got[i].a, want[i].a);
        assert_int_equal(got[i].b, want[i].b);
    }
    free(got);
    free(want);
    return expected;
}

static Broadphase *new_bp(void)
{
    Broadphase *bp = broadphase_create();
    assert_non_null(bp);
    return bp;
}

/* ---- scenes ---------------------------------------------------------------- */

/* Test 1: lesson 9's setting, uniform over the canvas, N = 5,000. */
static void test_uniform_many(void **state)
{
    (void)state;
    Rng rng = {0x1234567u};
    int n = 5000;
    Shape *shapes = malloc((size_t)n * sizeof *shapes);
    assert_non_null(shapes);
    for (int i = 0; i < n; i++) {
        shapes[i] = make_any(&rng, rng_range(&rng, 0.0f, 1280.0f), rng_range(&rng, 0.0f, 720.0f), 3.0f, 12.0f);
    }
    Broadphase *bp = new_bp();
    int pairs = check_against_brute(bp, shapes, n);
    assert_true(pairs > 1000);   /* the scene does have work in it */
    broadphase_destroy(bp);
    free(shapes);
}

/* Test 2: tight clusters (many shapes per cell), and empty space between. */
static void test_clustered(void **state)
{
    (void)state;
    Rng rng = {0xBEEFu};
    int n = 2000;
    Shape *shapes = malloc((size_t)n * sizeof *shapes);
    assert_non_null(shapes);
    for (int i = 0; i < n; i++) {
        int c = i % 7;
        float cx = 100.0f + 160.0f * (float)c;
        float cy = 100.0f + 70.0f * (float)c;
        shapes[i] = make_any(&rng, cx + rng_range(&rng, -25.0f, 25.0f), cy + rng_range(&rng, -25.0f, 25.0f), 1.0f, 8.0f);
    }
    Broadphase *bp = new_bp();
    int pairs = check_against_brute(bp, shapes, n);
    assert_true(pairs > 10000);
    broadphase_destroy(bp);
    free(shapes);
}

/* Test 3: everything overlaps everything: n (n - 1) / 2 pairs. */
static void test_all_overlapping(void **state)
{
    (void)state;
    Rng rng = {99u};
    int n = 300;
    Shape *shapes = malloc((size_t)n * sizeof *shapes);
    assert_non_null(shapes);
    for (int i = 0; i < n; i++) {
        shapes[i] = make_any(&rng, 640.0f + rng_range(&rng, -5.0f, 5.0f), 360.0f + rng_range(&rng, -5.0f, 5.0f), 20.0f, 40.0f);
    }
    Broadphase *bp = new_bp();
    int pairs = check_against_brute(bp, shapes, n);
    assert_int_equal(pairs, n * (n - 1) / 2);
    broadphase_destroy(bp);
    free(shapes);
}

/* Test 4: huge shapes (spanning many cells, some the whole canvas) among
 * tiny and normal ones; also a scene of huge shapes only. */
static void test_huge_and_tiny(void **state)
{
    (void)state;
    Rng rng = {0xC0FFEEu};
    int n = 2000;
    Shape *shapes = malloc((size_t)n * sizeof *shapes);
    assert_non_null(shapes);
    for (int i = 0; i < n; i++) {
        float x = rng_range(&rng, 0.0f, 1280.0f);
        float y = rng_range(&rng, 0.0f, 720.0f);
        int kind = i % 10;
        if (kind == 0) {
            shapes[i] = make_any(&rng, x, y, 100.0f, 900.0f);     /* huge */
        } else if (kind < 5) {
            shapes[i] = make_any(&rng, x, y, 0.01f, 0.5f);        /* tiny */
        } else {
            shapes[i] = make_any(&rng, x, y, 3.0f, 12.0f);
        }
    }
    Broadphase *bp = new_bp();
    check_against_brute(bp, shapes, n);
    /* only huge shapes: every one in the huge list */
    int m = 150;
    for (int i = 0; i < m; i++) {
        shapes[i] = make_any(&rng, rng_range(&rng, -3000.0f, 3000.0f), rng_range(&rng, -3000.0f, 3000.0f), 300.0f, 1500.0f);
    }
    int pairs = check_against_brute(bp, shapes, m);
    assert_true(pairs > 100);
    /* a huge box with small boxes exactly touching its edges from outside,
       and circles touching its corners' sides */
    n = 0;
    shapes[n++] = make_rect(640.0f, 360.0f, 500.0f, 300.0f, 0.0f);   /* x 140..1140, y 60..660 */
    for (int i = 0; i < 40; i++) {
        float t = 140.0f + 25.0f * (float)i;
        shapes[n++] = make_rect(t, 50.0f, 4.0f, 10.0f, 0.0f);         /* bottom edge at y = 60 */
        shapes[n++] = make_rect(t, 670.0f, 4.0f, 10.0f, 0.0f);        /* top edge at y = 660 */
        shapes[n++] = make_circle(130.0f, 60.0f + 15.0f * (float)i, 10.0f);  /* touches x = 140 */
        shapes[n++] = make_circle(1150.0f, 60.0f + 15.0f * (float)i, 9.5f);  /* 0.5 px short */
    }
    pairs = check_against_brute(bp, shapes, n);
    assert_true(pairs >= 120);
    broadphase_destroy(bp);
    free(shapes);
}

/* Test 5: axis-aligned boxes on a lattice whose step is a power of two (so
 * box edges fall on cell borders), neighbours touching exactly, many equal
 * box coordinates; circles touching along x and y. */
static void test_cell_borders_and_touching(void **state)
{
    (void)state;
    Broadphase *bp = new_bp();
    static const float steps[] = {8.0f, 16.0f, 32.0f, 64.0f, 20.0f};
    for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++) {
        float step = steps[s];
        Shape shapes[40 * 20];
        int n = 0;
        for (int row = 0; row < 20; row++) {
            for (int col = 0; col < 40; col++) {
                float x = step * (float)col;
                float y = step * (float)row;
                if ((row + col) % 3 == 0) {
                    shapes[n++] = make_circle(x, y, 0.5f * step);          /* touches its neighbours */
                } else if ((row + col) % 3 == 1) {
                    shapes[n++] = make_rect(x, y, 0.5f * step, 0.5f * step, 0.0f);  /* shares edges */
                } else {
                    shapes[n++] = make_rect(x + 0.5f * step, y, 0.25f * step, 0.5f * step, 0.0f);
                }
            }
        }
        int pairs = check_against_brute(bp, shapes, n);
        assert_true(pairs >= n);   /* a lattice of touching shapes */
    }
    /* identical shapes: every pair of the copies collides */
    Shape same[64];
    for (int i = 0; i < 64; i++) {
        same[i] = make_rect(128.0f, 64.0f, 16.0f, 16.0f, 0.0f);
    }
    assert_int_equal(check_against_brute(bp, same, 64), 64 * 63 / 2);
    broadphase_destroy(bp);
}

/* Test 6: points (radius 0) and segments (a zero half extent), many on the
 * same spots, among normal shapes; then points only. */
static void test_zero_size(void **state)
{
    (void)state;
    Rng rng = {7u};
    int n = 1500;
    Shape *shapes = malloc((size_t)n * sizeof *shapes);
    assert_non_null(shapes);
    for (int i = 0; i < n; i++) {
        float x = (float)(rng_next(&rng) % 200u);
        float y = (float)(rng_next(&rng) % 100u);
        int kind = i % 4;
        if (kind == 0) {
            shapes[i] = make_circle(x, y, 0.0f);
        } else if (kind == 1) {
            shapes[i] = make_rect(x, y, rng_range(&rng, 0.0f, 6.0f), 0.0f, rng_range(&rng, 0.0f, 3.0f));
        } else if (kind == 2) {
            shapes[i] = make_rect(x, y, 0.0f, 0.0f, 0.0f);
        } else {
            shapes[i] = make_any(&rng, x, y, 1.0f, 4.0f);
        }
    }
    Broadphase *bp = new_bp();
    check_against_brute(bp, shapes, n);
    /* points only, on a small lattice: equal points collide, others not */
    for (int i = 0; i < 600; i++) {
        shapes[i] = make_circle((float)(i % 17), (float)(i % 13), 0.0f);
    }
    int pairs = check_against_brute(bp, shapes, 600);
    assert_true(pairs > 0);
    broadphase_destroy(bp);
    free(shapes);
}

/* Test 7: bad shapes mixed in take part in no pair, even where a good shape
 * lies right on top of them. */
static void test_bad_shapes(void **state)
{
    (void)state;
    Rng rng = {0xBADu};
    int n = 1200;
    Shape *shapes = malloc((size_t)n * sizeof *shapes);
    assert_non_null(shapes);
    for (int i = 0; i < n; i++) {
        float x = rng_range(&rng, 0.0f, 400.0f);
        float y = rng_range(&rng, 0.0f, 300.0f);
        shapes[i] = make_any(&rng, x, y, 3.0f, 12.0f);
        switch (i % 12) {
        case 0: shapes[i] = make_circle(NAN, y, 5.0f); break;
        case 1: shapes[i] = make_circle(x, y, -1.0f); break;
        case 2: shapes[i] = make_rect(x, y, 5.0f, -2.0f, 0.0f); break;
        case 3: shapes[i] = make_rect(x, y, 5.0f, 5.0f, INFINITY); break;
        case 4: shapes[i].kind = SHAPE_POLY; shapes[i].poly.count = 2; break;
        case 5: shapes[i].kind = SHAPE_POLY; shapes[i].poly.count = POLY_MAX_VERTS + 1; break;
        case 6: shapes[i].kind = (ShapeKind)7; break;
        case 7: shapes[i] = make_circle(x, INFINITY, 5.0f); break;
        default: break;
        }
    }
    Broadphase *bp = new_bp();
    int pairs = check_against_brute(bp, shapes, n);
    assert_true(pairs > 0);
    /* no pair names a bad shape */
    ShapePair *got = malloc((size_t)pairs * sizeof *got);
    assert_non_null(got);
    assert_int_equal(broadphase_collide(bp, shapes, n, got, pairs), pairs);
    for (int i = 0; i < pairs; i++) {
        assert_true(got[i].a % 12 > 7 && got[i].b % 12 > 7);
    }
    /* only bad shapes: nothing */
    for (int i = 0; i < 50; i++) {
        shapes[i] = make_circle(10.0f, 10.0f, NAN);
    }
    assert_int_equal(broadphase_collide(bp, shapes, 50, got, pairs), 0);
    free(got);
    broadphase_destroy(bp);
    free(shapes);
}

/* Test 8: far apart and extreme but valid coordinates (cells clamp). */
static void test_extreme_coordinates(void **state)
{
    (void)state;
    Rng rng = {31337u};
    int n = 600;
    Shape *shapes = malloc((size_t)n * sizeof *shapes);
    assert_non_null(shapes);
    for (int i = 0; i < n; i++) {
        float base = (i % 3 == 0) ? 1.0e7f : (i % 3 == 1) ? -1.0e7f : 0.0f;
        shapes[i] = make_any(&rng, base + rng_range(&rng, 0.0f, 300.0f), base + rng_range(&rng, 0.0f, 300.0f), 2.0f, 20.0f);
    }
    /* large, up to the module's working range COLLIDE_MAX_COORD (1e8) */
    shapes[0] = make_circle(0.0f, 0.0f, 1.0e8f);          /* covers all */
    shapes[1] = make_circle(1.0e8f, -1.0e8f, 1.0f);      /* at the bound */
    shapes[2] = make_rect(-9.0e7f, 0.0f, 1.0e7f, 1.0f, 0.0f);
    shapes[3] = make_rect(1.0e7f, 1.0e7f, 5.0e7f, 0.5f, 0.7f);
    /* a cluster far out, overlapping */
    for (int i = 10; i < 110; i++) {
        shapes[i] = make_circle(5.0e7f + rng_range(&rng, 0.0f, 4.0e5f), -5.0e7f + rng_range(&rng, 0.0f, 4.0e5f), 1.0e5f);
    }
    /* beyond the range: bad input, in no pair (brute force agrees) */
    shapes[4] = make_circle(1.0e12f, -1.0e12f, 1.0e6f);
    shapes[5] = make_rect(-1.0e18f, 0.0f, 1.0e17f, 1.0f, 0.0f);
    shapes[6] = make_circle(0.0f, 0.0f, 1.0e9f);
    Broadphase *bp = new_bp();
    int pairs = check_against_brute(bp, shapes, n);
    assert_true(pairs > 1000);
    broadphase_destroy(bp);
    free(shapes);
}

/* ---- the interface ----------------------------------------------------- */

/* Test 9: max_out: the count is the full count; the first max_out slots get
 * pairs of the full set, and nothing past them is written. */
static void test_max_out_truncation(void **state)
{
    (void)state;
    Rng rng = {4242u};
    int n = 800;
    Shape *shapes = malloc((size_t)n * sizeof *shapes);
    assert_non_null(shapes);
    for (int i = 0; i < n; i++) {
        shapes[i] = make_any(&rng, rng_range(&rng, 0.0f, 300.0f), rng_range(&rng, 0.0f, 300.0f), 3.0f, 12.0f);
    }
    int total = 0;
    ShapePair *want = brute_pairs(shapes, n, &total);
    assert_true(total > 100);
    Broadphase *bp = new_bp();
    /* count only */
    assert_int_equal(broadphase_collide(bp, shapes, n, NULL, 0), total);
    assert_int_equal(broadphase_collide(bp, shapes, n, NULL, 5), total);
    ShapePair one = {-7, -7};
    assert_int_equal(broadphase_collide(bp, shapes, n, &one, -3), total);
    assert_int_equal(one.a, -7);
    static const int limits[] = {1, 17, 100};
    for (size_t l = 0; l < sizeof limits / sizeof limits[0]; l++) {
        int max_out = limits[l];
        ShapePair *got = malloc((size_t)(max_out + 8) * sizeof *got);
        assert_non_null(got);
        for (int i = 0; i < max_out + 8; i++) {
            got[i].a = -1;
            got[i].b = -1;
        }
        assert_int_equal(broadphase_collide(bp, shapes, n, got, max_out), total);
        qsort(got, (size_t)max_out, sizeof *got, cmp_pair);
        for (int i = 0; i < max_out; i++) {
            assert_non_null(bsearch(&got[i], want, (size_t)total, sizeof *want, cmp_pair));
            if (i > 0) {
                assert_int_not_equal(cmp_pair(&got[i - 1], &got[i]), 0);   /* distinct */
            }
        }
        for (int i = max_out; i < max_out + 8; i++) {
            assert_int_equal(got[i].a, -1);
            assert_int_equal(got[i].b, -1);
        }
        free(got);
    }
    free(want);
    broadphase_destroy(bp);
    free(shapes);
}

/* Test 10: empty input; destroy(NULL). */
static void test_empty_input(void **state)
{
    (void)state;
    Broadphase *bp = new_bp();
    Shape one[2] = {make_circle(0.0f, 0.0f, 5.0f), make_circle(1.0f, 0.0f, 5.0f)};
    ShapePair out[4];
    assert_int_equal(broadphase_collide(bp, one, 0, out, 4), 0);
    assert_int_equal(broadphase_collide(bp, one, -5, out, 4), 0);
    assert_int_equal(broadphase_collide(bp, NULL, 10, out, 4), 0);
    assert_int_equal(broadphase_collide(bp, one, 1, out, 4), 0);
    assert_int_equal(broadphase_collide(bp, one, 2, out, 4), 1);
    assert_int_equal(out[0].a, 0);
    assert_int_equal(out[0].b, 1);
    broadphase_destroy(bp);
    broadphase_destroy(NULL);
}

/* Test 11: one Broadphase through growing, shrinking and moving scenes, and
 * the same call twice gives the same answer. */
static void test_reuse_changing_n(void **state)
{
    (void)state;
    Rng rng = {555u};
    int max_n = 3000;
    Shape *shapes = malloc((size_t)max_n * sizeof *shapes);
    assert_non_null(shapes);
    for (int i = 0; i < max_n; i++) {
        shapes[i] = make_any(&rng, rng_range(&rng, 0.0f, 900.0f), rng_range(&rng, 0.0f, 500.0f), 3.0f, 12.0f);
    }
    Broadphase *bp = new_bp();
    static const int sizes[] = {10, 3000, 200, 1, 1500, 3000, 0, 700};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int first = check_against_brute(bp, shapes, sizes[k]);
        assert_int_equal(broadphase_collide(bp, shapes, sizes[k], NULL, 0), first);
        /* move everything a little and scale sizes: a new tick */
        for (int i = 0; i < max_n; i++) {
            if (shapes[i].kind == SHAPE_CIRCLE) {
                shapes[i].circle.center.x += 3.0f;
                shapes[i].circle.radius *= 1.1f;
            } else if (shapes[i].kind == SHAPE_RECT) {
                shapes[i].rect.center.y -= 2.0f;
                shapes[i].rect.angle += 0.3f;
            }
        }
    }
    broadphase_destroy(bp);
    free(shapes);
}

/* Test 12: a scene that is mostly points (particles, radius 0) keeps the
 * grid's cells sized by the real shapes. The points' boxes are only the
 * rounding slack wide (about 1e-3 px): were the cell sized by them, every
 * 10 px circle would cover millions of cells and be tested against every
 * shape, 100 times slower. 4,000 circles and 6,000 points: the narrow
 * phase must see about as many candidates as there are pairs. */
static void test_mostly_points(void **state)
{
    (void)state;
    Rng rng = {0x9017u};
    int n = 10000;
    int circles = 4000;
    Shape *shapes = malloc((size_t)n * sizeof *shapes);
    assert_non_null(shapes);
    for (int i = 0; i < n; i++) {
        float x = rng_range(&rng, 0.0f, 1280.0f);
        float y = rng_range(&rng, 0.0f, 720.0f);
        shapes[i] = make_circle(x, y, i < circles ? 5.0f : 0.0f);
    }
    Broadphase *bp = new_bp();
    /* exact first (a smaller scene, brute force is quadratic) */
    check_against_brute(bp, shapes + circles - 1000, 3000);
    /* the grid stays a grid: the narrow phase sees few more candidates than
     * there are pairs (counted, not timed: the old cell size, taken from
     * the points' padded boxes, sent every shape against every shape) */
    int pairs = broadphase_collide(bp, shapes, n, NULL, 0);
    long long candidates = broadphase_candidates(bp);
    print_message("  %d shapes, %d pairs, %lld candidates\n", n, pairs, candidates);
    assert_true(pairs > 0);
    assert_true(candidates < 4LL * pairs + n);
    broadphase_destroy(bp);
    free(shapes);
}

/* Test 14: broadphase_collide_contacts gives each written pair shapes_collide's
 * own contact, bit for bit (circle pairs, turned and upright rectangles,
 * polygons: each kind of pair computes its contact its own way), marks
 * exactly the shapes of colliding pairs, and with little room writes only
 * what fits, counting the rest. */
static void test_contacts(void **state)
{
    (void)state;
    Rng rng = {0xC0DAC7u};
    int n = 3000;
    Shape *shapes = malloc((size_t)n * sizeof *shapes);
    assert_non_null(shapes);
    for (int i = 0; i < n; i++) {
        float x = rng_range(&rng, 0.0f, 1280.0f);
        float y = rng_range(&rng, 0.0f, 720.0f);
        shapes[i] = i % 4 == 3 ? make_rect(x, y, rng_range(&rng, 2.0f, 12.0f), rng_range(&rng, 2.0f, 12.0f), 0.0f)
                               : make_any(&rng, x, y, 2.0f, 12.0f);
    }
    int expected = 0;
    ShapePair *want = brute_pairs(shapes, n, &expected);
    assert_true(expected > 500);
    ShapePair *got = malloc((size_t)expected * sizeof *got);
    Contact *contacts = malloc((size_t)expected * sizeof *contacts);
    bool *hit = calloc((size_t)n, sizeof *hit);
    bool *hit_want = calloc((size_t)n, sizeof *hit_want);
    assert_true(got != NULL && contacts != NULL && hit != NULL && hit_want != NULL);
    for (int k = 0; k < expected; k++) {
        hit_want[want[k].a] = hit_want[want[k].b] = true;
    }
    Broadphase *bp = new_bp();
    int found = broadphase_collide_contacts(bp, shapes, n, got, contacts, expected, hit);
    assert_int_equal(found, expected);
    int kinds[9] = { 0 };
    for (int k = 0; k < found; k++) {
        Contact c = { { -7.0f, -7.0f }, -7.0f };
        assert_true(shapes_collide(&shapes[got[k].a], &shapes[got[k].b], &c));
        assert_memory_equal(&c, &contacts[k], sizeof c);
        kinds[shapes[got[k].a].kind * 3 + shapes[got[k].b].kind]++;
    }
    for (int k = 0; k < 9; k++) {
        assert_true(kinds[k] > 10);   /* every kind of pair took part */
    }
    assert_memory_equal(hit, hit_want, (size_t)n * sizeof *hit);
    /* room for 10: the first 10 written with their contacts, nothing past */
    Contact sentinel = { { 123.0f, 456.0f }, 789.0f };
    for (int k = 0; k < 12; k++) {
        contacts[k] = sentinel;
    }
    assert_int_equal(broadphase_collide_contacts(bp, shapes, n, got, contacts, 10, NULL), expected);
    for (int k = 0; k < 10; k++) {
        Contact c;
        assert_true(shapes_collide(&shapes[got[k].a], &shapes[got[k].b], &c));
        assert_memory_equal(&c, &contacts[k], sizeof c);
    }
    assert_memory_equal(&contacts[10], &sentinel, sizeof sentinel);
    assert_memory_equal(&contacts[11], &sentinel, sizeof sentinel);
    /* no contacts asked for: the plain pairs */
    assert_int_equal(broadphase_collide_contacts(bp, shapes, n, got, NULL, expected, NULL), expected);
    broadphase_destroy(bp);
    free(hit_want);
    free(hit);
    free(contacts);
    free(got);
    free(want);
    free(shapes);
}

/* Test 13: seeded random scenes anywhere in the working range: a random
 * offset of 1 to 1e8 px on each axis, either sign (so negative cells and
 * cells clamped far out), shapes sized with their distance from the origin
 * (at 1e8 a float's step is 8 px), half of them beside the one before
 * (overlapping it), the others anywhere in a square of room. Each must give exactly brute force's pairs. Across the
 * scenes every bucket of the grid's hash table must have held a candidate
 * pair, for each table size from 16 to 1,024 buckets: a loop that skipped
 * a bucket (the last, the first, one in between) would then lose pairs that
 * brute force finds. Scenes are made, from the seed, until that holds or
 * the budget of scenes is spent (then it fails, naming what was missed). */
#define COVER_MIN_BITS 4
#define COVER_MAX_BITS 10
static void test_random_offsets_every_bucket(void **state)
{
    (void)state;
    Rng rng = {0x5EEDB0Cu};
    const char *seed_env = getenv("CL_BP_SEED");
    if (seed_env != NULL && *seed_env != '\0') {
        rng.s = (uint32_t)strtoul(seed_env, NULL, 0);
        if (rng.s == 0u) {
            rng.s = 1u;
        }
    }
    print_message("  seed 0x%x (CL_BP_SEED=N tries another)\n", (unsigned)rng.s);
    /* used[bits][b]: bucket b of a table of 2^bits buckets held a candidate */
    static unsigned char used[COVER_MAX_BITS + 1][1 << COVER_MAX_BITS];
    memset(used, 0, sizeof used);
    int scenes_of[COVER_MAX_BITS + 1] = {0};
    bool size_done[COVER_MAX_BITS + 1] = {false};
    const int max_n = 1800;
    Shape *shapes = malloc((size_t)max_n * sizeof *shapes);
    assert_non_null(shapes);
    Broadphase *bp = new_bp();
    int scene = 0;
    int far_scenes = 0;
    int negative_scenes = 0;
    int direct_scenes = 0;
    long long total_pairs = 0;
    bool covered = false;
    for (; scene < 1000 && !covered; scene++) {
        /* aim at the table sizes still short of full coverage, in turn */
        int target = COVER_MIN_BITS + scene % (COVER_MAX_BITS - COVER_MIN_BITS + 1);
        for (int t = 0; t <= COVER_MAX_BITS - COVER_MIN_BITS && size_done[target]; t++) {
            target = target == COVER_MAX_BITS ? COVER_MIN_BITS : target + 1;
        }
        /* about 2.3 entries a shape, up to 2 entries a bucket: 2^bits
           buckets from 0.5..0.86 x 2^bits shapes */
        int n = (int)((float)(1 << target) * rng_range(&rng, 0.5f, 0.86f));
        if (n < 3) {
            n = 3;
        }
        if (n > max_n) {
            n = max_n;
        }
        /* the offset: 10^(0..8) px, either sign, on each axis */
        float ox = powf(10.0f, rng_range(&rng, 0.0f, 8.0f)) * ((rng_next(&rng) & 1u) ? -1.0f : 1.0f);
        float oy = powf(10.0f, rng_range(&rng, 0.0f, 8.0f)) * ((rng_next(&rng) & 1u) ? -1.0f : 1.0f);
        float far = fabsf(ox) > fabsf(oy) ? fabsf(ox) : fabsf(oy);
        /* shape size: 1..1000 px, and at least 1e-4 of the distance out */
        float size = powf(10.0f, rng_range(&rng, 0.0f, 3.0f));
        if (size < far * 1e-4f) {
            size = far * 1e-4f;
        }
        /* a square with room for every shape in a cell of its own: each
         * shape starts at a random place, or (half of them) beside the one
         * before, overlapping it: pairs spread over many cells. Every other
         * scene spreads its shapes 4 times as thinly, which the direct grid
         * would not cover in at most 4 cells an entry: the hash tables */
        float side = (scene % 2 != 0 ? 32.0f : 8.0f) * size * sqrtf((float)n);
        /* everything inside the working range (1e8), the offset pulled in */
        float room = COLLIDE_MAX_COORD - side - (float)n * size - 4.0f * size;
        ox = ox > room ? room : ox < -room ? -room : ox;
        oy = oy > room ? room : oy < -room ? -room : oy;
        far_scenes += fabsf(ox) > 1e7f || fabsf(oy) > 1e7f;
        negative_scenes += ox < 0.0f || oy < 0.0f;
        float x = ox;
        float y = oy;
        for (int i = 0; i < n; i++) {
            if (i == 0 || (rng_next(&rng) & 1u)) {
                x = ox + rng_range(&rng, 0.0f, side);
                y = oy + rng_range(&rng, 0.0f, side);
            } else {
                x += rng_range(&rng, -size, size);
                y += rng_range(&rng, -size, size);
            }
            shapes[i] = make_any(&rng, x, y, 0.3f * size, size);
            assert_true(shape_is_valid(&shapes[i]));
        }
        total_pairs += check_against_brute(bp, shapes, n);
        int nb = broadphase_debug_bucket(bp, 0, NULL, NULL);
        int bits = 0;
        while ((1 << bits) < nb) {
            bits++;
        }
        /* a hash table has a power-of-two size; a scene whose shapes fill
           the square they span gets the direct grid instead (one bucket per
           cell, any number of them: test_direct_grid_rows), checked against
           brute force above all the same */
        if ((1 << bits) != nb) {
            direct_scenes++;
            continue;
        }
        if (bits < COVER_MIN_BITS || bits > COVER_MAX_BITS) {
            continue;
        }
        scenes_of[bits]++;
        for (int b = 0; b < nb; b++) {
            int entries = 0;
            int cand = 0;
            assert_int_equal(broadphase_debug_bucket(bp, b, &entries, &cand), nb);
            used[bits][b] |= cand > 0;
        }
        size_done[bits] = true;
        for (int b = 0; b < nb && size_done[bits]; b++) {
            size_done[bits] = used[bits][b] != 0;
        }
        covered = true;
        for (int k = COVER_MIN_BITS; k <= COVER_MAX_BITS; k++) {
            covered = covered && size_done[k];
        }
    }
    print_message("  %d scenes (%d far out, %d with a negative offset, %d on a direct grid), %lld pairs\n", scene,
                  far_scenes, negative_scenes, direct_scenes, total_pairs);
    int missed = 0;
    for (int k = COVER_MIN_BITS; k <= COVER_MAX_BITS; k++) {
        int unused = 0;
        for (int b = 0; b < (1 << k); b++) {
            unused += !used[k][b];
        }
        print_message("  %4d buckets: %3d scenes, %d buckets never held a candidate%s\n", 1 << k, scenes_of[k],
                      unused, unused > 0 && !used[k][(1 << k) - 1] ? " (the last among them)" : "");
        missed += unused;
    }
    assert_int_equal(missed, 0);
    assert_true(far_scenes > 5 && negative_scenes > 5);
    broadphase_destroy(bp);
    free(shapes);
}

/* Test 14: a scene whose shapes fill the square they span gets the direct
 * grid: one bucket per cell, row by row from the top-left cell to the
 * bottom-right one (any number of buckets, not a power of two). A pair of
 * small overlapping circles sits in each of those two corner cells, so a
 * pair loop that skipped the first or the last bucket would lose one (brute
 * force finds both); every bucket's candidates add up to the call's. And the
 * output is deterministic: the same shapes give the same pairs in the same
 * order, from a fresh Broadphase or one used before on other scenes. */
static void test_direct_grid_rows(void **state)
{
    (void)state;
    Rng rng = {0xD1EC7u};
    const int n = 4000;
    Shape *shapes = malloc((size_t)n * sizeof *shapes);
    assert_non_null(shapes);
    shapes[0] = make_circle(0.0f, 0.0f, 0.5f);
    shapes[1] = make_circle(0.2f, 0.3f, 0.5f);
    shapes[2] = make_circle(1010.0f, 1010.0f, 0.5f);
    shapes[3] = make_circle(1010.2f, 1009.9f, 0.5f);
    for (int i = 4; i < n; i++) {
        shapes[i] = make_any(&rng, rng_range(&rng, 15.0f, 995.0f), rng_range(&rng, 15.0f, 995.0f), 3.0f, 10.0f);
    }
    Broadphase *bp = new_bp();
    int pairs = check_against_brute(bp, shapes, n);
    assert_true(pairs > 1000);
    int nb = broadphase_debug_bucket(bp, 0, NULL, NULL);
    assert_true(nb > 1 && (nb & (nb - 1)) != 0);   /* a direct grid: cells, not a power of two */
    long long sum = 0;
    for (int b = 0; b < nb; b++) {
        int entries = 0;
        int cand = 0;
        assert_int_equal(broadphase_debug_bucket(bp, b, &entries, &cand), nb);
        assert_true(cand <= entries * (entries - 1) / 2);
        sum += cand;
    }
    assert_int_equal(sum, broadphase_candidates(bp));
    int first_cand = 0;
    int last_cand = 0;
    broadphase_debug_bucket(bp, 0, NULL, &first_cand);
    broadphase_debug_bucket(bp, nb - 1, NULL, &last_cand);
    assert_int_equal(first_cand, 1);   /* shapes 0 and 1 */
    assert_int_equal(last_cand, 1);    /* shapes 2 and 3 */

    /* the same order each time: this Broadphase again, after a thinly
       spread scene (a hash table) and a smaller one, and a fresh one */
    ShapePair *first = malloc((size_t)(pairs + 1) * sizeof *first);
    ShapePair *again = malloc((size_t)(pairs + 1) * sizeof *again);
    assert_non_null(first);
    assert_non_null(again);
    assert_int_equal(broadphase_collide(bp, shapes, n, first, pairs + 1), pairs);
    Shape *other = malloc((size_t)n * sizeof *other);
    assert_non_null(other);
    for (int i = 0; i < n; i++) {
        other[i] = make_any(&rng, rng_range(&rng, -1e5f, 1e5f), rng_range(&rng, -1e5f, 1e5f), 3.0f, 10.0f);
    }
    check_against_brute(bp, other, n);
    check_against_brute(bp, other, n / 3);
    assert_int_equal(broadphase_collide(bp, shapes, n, again, pairs + 1), pairs);
    assert_memory_equal(first, again, (size_t)pairs * sizeof *first);
    Broadphase *fresh = new_bp();
    memset(again, 0, (size_t)pairs * sizeof *again);
    assert_int_equal(broadphase_collide(fresh, shapes, n, again, pairs + 1), pairs);
    assert_memory_equal(first, again, (size_t)pairs * sizeof *first);
    broadphase_destroy(fresh);
    broadphase_destroy(bp);
    free(other);
    free(again);
    free(first);
    free(shapes);
}

/* Test 15: a budget (broadphase_set_budget) stops the call after that many
 * candidates; the pairs it gives (their contacts too) are then the first of
 * the full call's list, in the same order, and broadphase_stopped says so.
 * The narrow phase takes the candidates in small batches (their shapes
 * fetched meanwhile): a stop in the middle of one must still give every
 * candidate counted before it. */
static void test_budget_prefix(void **state)
{
    (void)state;
    Rng rng = {0xB0D9E7u};
    const int n = 3000;
    Shape *shapes = malloc((size_t)n * sizeof *shapes);
    assert_non_null(shapes);
    for (int i = 0; i < n; i++) {
        shapes[i] = make_any(&rng, rng_range(&rng, 0.0f, 900.0f), rng_range(&rng, 0.0f, 600.0f), 3.0f, 12.0f);
    }
    Broadphase *bp = new_bp();
    int pairs = check_against_brute(bp, shapes, n);
    long long cand = broadphase_candidates(bp);
    assert_true(pairs > 500 && cand >= pairs);
    assert_false(broadphase_stopped(bp));
    ShapePair *full = malloc((size_t)pairs * sizeof *full);
    ShapePair *part = malloc((size_t)pairs * sizeof *part);
    Contact *full_c = malloc((size_t)pairs * sizeof *full_c);
    Contact *part_c = malloc((size_t)pairs * sizeof *part_c);
    assert_non_null(full);
    assert_non_null(part);
    assert_non_null(full_c);
    assert_non_null(part_c);
    assert_int_equal(broadphase_collide_contacts(bp, shapes, n, full, full_c, pairs, NULL), pairs);
    /* budgets 1..100 and the last few up to the candidates and past: one
       more candidate gives at most one more pair */
    int prev = 0;
    long long prev_budget = 0;
    for (long long budget = 1; budget <= cand + 1; budget = budget == 100 ? cand - 4 : budget + 1) {
        broadphase_set_budget(bp, budget);
        int got = broadphase_collide_contacts(bp, shapes, n, part, part_c, pairs, NULL);
        long long used = broadphase_candidates(bp);
        assert_true(got >= 0 && got <= pairs);
        if (budget >= cand) {
            assert_false(broadphase_stopped(bp));
            assert_int_equal(got, pairs);
            assert_int_equal(used, cand);
        } else {
            /* the candidate cap, not the looks, stopped it */
            assert_true(broadphase_stopped(bp));
            assert_int_equal(used, budget);
        }
        if (budget == prev_budget + 1) {
            assert_true(got >= prev && got <= prev + 1);
        }
        prev = got;
        prev_budget = budget;
        /* the first `got` of the full list, with the same contacts */
        assert_memory_equal(part, full, (size_t)got * sizeof *part);
        assert_memory_equal(part_c, full_c, (size_t)got * sizeof *part_c);
    }
    broadphase_set_budget(bp, 0);
    assert_int_equal(broadphase_collide(bp, shapes, n, part, pairs), pairs);
    assert_false(broadphase_stopped(bp));
    assert_memory_equal(part, full, (size_t)pairs * sizeof *part);
    broadphase_destroy(bp);
    free(part_c);
    free(full_c);
    free(part);
    free(full);
    free(shapes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uniform_many),
        cmocka_unit_test(test_clustered),
        cmocka_unit_test(test_all_overlapping),
        cmocka_unit_test(test_huge_and_tiny),
        cmocka_unit_test(test_cell_borders_and_touching),
        cmocka_unit_test(test_zero_size),
        cmocka_unit_test(test_bad_shapes),
        cmocka_unit_test(test_extreme_coordinates),
        cmocka_unit_test(test_max_out_truncation),
        cmocka_unit_test(test_empty_input),
        cmocka_unit_test(test_reuse_changing_n),
        cmocka_unit_test(test_mostly_points),
        cmocka_unit_test(test_random_offsets_every_bucket),
        cmocka_unit_test(test_contacts),
        cmocka_unit_test(test_direct_grid_rows),
        cmocka_unit_test(test_budget_prefix),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
