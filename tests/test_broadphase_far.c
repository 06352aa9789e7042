/*
 * test_broadphase_far.c - the broad phase far from the origin: exactly brute
 * force's pairs at +-1e8 (the module's working range), with a padding that
 * grows with the shapes and not with |x|, so a far scene of small shapes
 * stays a grid (candidates counted, never timed).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "broadphase.h"

static uint32_t rng = 0x12345678u;

static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static float range(float lo, float hi) { return lo + (hi - lo) * (float)(next() >> 8) * (1.0f / 16777216.0f); }

static Shape circle(float x, float y, float r)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_CIRCLE;
    s.circle = (Circle){ { x, y }, r };
    return s;
}

static Shape rect(float x, float y, float hx, float hy, float angle)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_RECT;
    s.rect = (Rect){ { x, y }, { hx, hy }, angle };
    return s;
}

static Shape poly(float x, float y, float r)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = SHAPE_POLY;
    s.poly.count = 3 + (int)(next() % 6);
    float start = range(0.0f, 6.2831853f);
    for (int i = 0; i < s.poly.count; i++) {
        float t = start + 6.2831853f * (float)i / (float)s.poly.count;
        s.poly.verts[i] = (Vec2){ x + r * cosf(t), y + r * sinf(t) };
    }
    return s;
}

static int cmp_pair(const void *pa, const void *pb)
{
    const ShapePair *a = pa, *b = pb;
    return a->a != b->a ? (a->a > b->a) - (a->a < b->a) : (a->b > b->b) - (a->b < b->b);
}

/* Exactly brute force's set; returns the count. */
static int check(const Shape *shapes, int n)
{
    int cap = 1 << 16, want_n = 0;
    ShapePair *want = malloc(sizeof *want * (size_t)cap);
    assert_non_null(want);
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            if (!shapes_collide(&shapes[i], &shapes[j], NULL)) continue;
            if (want_n == cap) {
                cap *= 2;
                want = realloc(want, sizeof *want * (size_t)cap);
                assert_non_null(want);
            }
            want[want_n++] = (ShapePair){ i, j };
        }
    }
    Broadphase *bp = broadphase_create();
    assert_non_null(bp);
    ShapePair *got = malloc(sizeof *got * (size_t)(want_n + 1));
    assert_non_null(got);
    int got_n = broadphase_collide(bp, shapes, n, got, want_n + 1);
    if (got_n != want_n) fail_msg("broad phase found %d pairs, brute force %d", got_n, want_n);
    qsort(got, (size_t)got_n, sizeof *got, cmp_pair);
    for (int k = 0; k < got_n; k++)
        if (got[k].a != want[k].a || got[k].b != want[k].b)
            fail_msg("pair %d differs: (%d, %d) against (%d, %d)", k, got[k].a, got[k].b, want[k].a, want[k].b);
    broadphase_destroy(bp);
    free(got);
    free(want);
    return want_n;
}

/* Test 1: mixed shapes packed around (+-1e8, +-1e8) and other far points,
 * many of them just touching or a rounding step apart. */
static void test_far_mixed(void **s)
{
    (void)s;
    const float at[][2] = { { 1e8f - 6000.0f, 1e8f - 6000.0f }, { -1e8f + 6000.0f, 1e8f - 6000.0f },
                            { -1e8f + 6000.0f, -1e8f + 6000.0f }, { 3.3e7f, -7.7e7f }, { 0.0f, 0.0f } };
    enum { N = 1200 };
    static Shape shapes[N];
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
        int total = 0;
        for (int i = 0; i < N; i++) {
            float x = at[k][0] + range(-2500.0f, 2500.0f), y = at[k][1] + range(-2500.0f, 2500.0f);
            float r = range(8.0f, 150.0f);
            switch (next() % 3) {
            case 0: shapes[i] = circle(x, y, r); break;
            case 1: shapes[i] = rect(x, y, r, range(4.0f, r), range(-3.2f, 3.2f)); break;
            default: shapes[i] = poly(x, y, r); break;
            }
        }
        total += check(shapes, N);
        // touching: each circle against one placed exactly r1 + r2 away,
        // then one float step nearer and one farther
        for (int i = 0; i + 1 < N; i += 2) {
            float r1 = range(8.0f, 64.0f), r2 = range(8.0f, 64.0f);
            float x = at[k][0] + range(-2500.0f, 2500.0f), y = at[k][1] + range(-2500.0f, 2500.0f);
            float d = r1 + r2;
            int step = (int)(next() % 3) - 1;
            float x2 = x + d;
            if (step < 0) x2 = nextafterf(x2, -INFINITY);
            if (step > 0) x2 = nextafterf(x2, INFINITY);
            shapes[i] = circle(x, y, r1);
            shapes[i + 1] = (i / 2) % 2 ? circle(x2, y, r2) : rect(x2 + r2 - r2, y, r2, r2, 0.0f);
        }
        total += check(shapes, N);
        assert_true(total > N / 4);   /* the scenes do hold pairs */
    }
}

/* Test 2: a line of touching circles at x = 1e8 and at the origin: the same
 * pairs, and far out the grid stays a grid (candidates a few per shape, not
 * every pair). */
static void test_far_line(void **s)
{
    (void)s;
    enum { N = 3000 };
    static Shape shapes[N];
    const float starts[] = { 0.0f, 1e8f - 200000.0f, -1e8f + 100.0f };
    for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++) {
        for (int i = 0; i < N; i++) shapes[i] = circle(starts[k] + 32.0f * (float)i, starts[k] * 0.5f, 16.0f);
        int pairs = check(shapes, N);
        assert_int_equal(pairs, N - 1);
        Broadphase *bp = broadphase_create();
        assert_non_null(bp);
        assert_int_equal(broadphase_collide(bp, shapes, N, NULL, 0), N - 1);
        long long cand = broadphase_candidates(bp);
        if (cand > 8LL * N) fail_msg("at x = %g: %lld candidates for %d shapes in a line", (double)starts[k], cand, N);
        broadphase_destroy(bp);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_far_mixed),
        cmocka_unit_test(test_far_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
