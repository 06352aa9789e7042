/*
 * test_broadphase_record.c - the broad phase's record (broadphase_set_record,
 * what lesson 9 draws) is what the run did.
 *
 * A record watching shape w lists the candidates of w that the grid gave the
 * narrow phase, each with the narrow phase's verdict. Over every w of a
 * scene, the lists hold each candidate pair twice (once from each end), so
 * their lengths sum to twice broadphase_candidates: nothing tested is left
 * out, nothing untested is added. Each list holds every colliding partner
 * of w (brute force) with hit true, and hit equals shapes_collide for every
 * partner. The watched shape's cells cover its box at the recorded cell
 * edge, each of them is among the recorded entries' cells, and the cells of
 * all shapes add up to the recorded entries. A budget that stops the call
 * keeps the sum; a record too small for the list still counts it all; a
 * record changes no result.
 */
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "broadphase.h"

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

/* Lesson 9's mix (circles, turned boxes, triangles of 2.5..7 px) over the
 * canvas at `density` times its density, a few giants and bad shapes in. */
static Shape *make_scene(int n, float density, uint32_t seed)
{
    Shape *s = calloc((size_t)n, sizeof *s);
    assert_non_null(s);
    Rng r = { seed };
    float w = 1280.0f / sqrtf(density), h = 720.0f / sqrtf(density);
    for (int i = 0; i < n; i++) {
        float x = rng_range(&r, 0.0f, w), y = rng_range(&r, 0.0f, h), size = rng_range(&r, 2.5f, 7.0f);
        switch (i % 3) {
        case 0:
            s[i].kind = SHAPE_CIRCLE;
            s[i].circle.center = (Vec2){ x, y };
            s[i].circle.radius = size;
            break;
        case 1:
            s[i].kind = SHAPE_RECT;
            s[i].rect.center = (Vec2){ x, y };
            s[i].rect.half = (Vec2){ size, 0.5f * size };
            s[i].rect.angle = rng_range(&r, 0.0f, 3.14f);
            break;
        default:
            s[i].kind = SHAPE_POLY;
            s[i].poly.count = 3;
            s[i].poly.verts[0] = (Vec2){ x, y - size };
            s[i].poly.verts[1] = (Vec2){ x + size, y + size };
            s[i].poly.verts[2] = (Vec2){ x - size, y + 0.7f * size };
            break;
        }
    }
    if (n > 40) {
        s[7].kind = SHAPE_CIRCLE;   /* a giant: skips the grid, tested against every shape */
        s[7].circle.center = (Vec2){ 0.5f * w, 0.5f * h };
        s[7].circle.radius = 150.0f;
        s[11].kind = SHAPE_CIRCLE;  /* bad: takes part in no pair */
        s[11].circle.radius = -1.0f;
    }
    return s;
}

typedef struct Rec {
    BroadphaseRecord r;
    BroadphaseCell *cells;
    BroadphaseCandidate *cands;
} Rec;

static void rec_init(Rec *x, int cells_cap, int cands_cap)
{
    memset(x, 0, sizeof *x);
    x->cells = calloc((size_t)cells_cap, sizeof *x->cells);
    x->cands = calloc((size_t)cands_cap, sizeof *x->cands);
    assert_non_null(x->cells);
    assert_non_null(x->cands);
    x->r.cells = x->cells;
    x->r.cells_cap = cells_cap;
    x->r.cands = x->cands;
    x->r.cands_cap = cands_cap;
}

static void rec_free(Rec *x)
{
    free(x->cells);
    free(x->cands);
}

/* Every watch of a scene of n shapes (every `step`-th one when step > 1:
 * then only the per-shape checks). */
static void check_scene(int n, float density, uint32_t seed)
{
    Shape *s = make_scene(n, density, seed);
    Broadphase *bp = broadphase_create();
    assert_non_null(bp);
    ShapePair *out = malloc(sizeof *out * 65536);
    assert_non_null(out);
    int plain = broadphase_collide(bp, s, n, out, 65536);
    long long plain_cands = broadphase_candidates(bp);
    assert_true(plain >= 0);
    Rec x;
    rec_init(&x, 16 * n, n);
    broadphase_set_record(bp, &x.r);
    long long ends = 0, cells_sum = 0;
    int huge_seen = 0;
    for (int w = 0; w < n; w++) {
        x.r.watch = w;
        /* the record changes no result */
        assert_int_equal(broadphase_collide(bp, s, n, out, 65536), plain);
        assert_true(x.r.valid);
        assert_true(x.r.grid);
        assert_true(x.r.cell > 0.0f);
        assert_false(x.r.stopped);
        assert_true(x.r.candidates == plain_cands);
        assert_true(x.r.candidates == broadphase_candidates(bp));
        assert_true(x.r.watch_cands <= x.r.cands_cap);
        ends += x.r.watch_cands;
        /* each partner once, its verdict the narrow phase's, every colliding one there */
        bool *listed = calloc((size_t)n, sizeof *listed);
        assert_non_null(listed);
        for (long long k = 0; k < x.r.watch_cands; k++) {
            int o = x.cands[k].other;
            assert_true(o >= 0 && o < n && o != w);
            assert_false(listed[o]);
            listed[o] = true;
            assert_int_equal(x.cands[k].hit, shapes_collide(&s[w], &s[o], NULL));
        }
        for (int o = 0; o < n; o++)
            if (o != w && shapes_collide(&s[w], &s[o], NULL)) assert_true(listed[o]);
        free(listed);
        Aabb box = shape_aabb(&s[w]);
        if (!(box.min.x <= box.max.x)) {   /* a bad shape (collide.h: its box is empty) */
            assert_false(x.r.watch_in_grid);
            assert_int_equal(x.r.watch_cands, 0);
            continue;
        }
        if (!x.r.watch_in_grid) {   /* huge: no cells, tested against every shape */
            huge_seen++;
            continue;
        }
        /* its cells cover its box (grown by the rounding slack: < 0.1 px here) */
        float c = x.r.cell;
        assert_true((float)x.r.watch_x0 * c <= box.min.x + 0.01f);
        assert_true((float)x.r.watch_y0 * c <= box.min.y + 0.01f);
        assert_true((float)(x.r.watch_x1 + 1) * c >= box.max.x - 0.01f);
        assert_true((float)(x.r.watch_y1 + 1) * c >= box.max.y - 0.01f);
        long long covered = (long long)(x.r.watch_x1 - x.r.watch_x0 + 1) * (x.r.watch_y1 - x.r.watch_y0 + 1);
        assert_true(covered >= 1 && covered <= 32);
        cells_sum += covered;
        /* and each is in the table */
        assert_true(x.r.entries <= x.r.cells_cap);
        for (int cy = x.r.watch_y0; cy <= x.r.watch_y1; cy++)
            for (int cx = x.r.watch_x0; cx <= x.r.watch_x1; cx++) {
                bool found = false;
                for (long long e = 0; e < x.r.entries && !found; e++)
                    found = x.cells[e].cx == cx && x.cells[e].cy == cy;
                assert_true(found);
            }
    }
    /* every candidate pair twice, once from each end: exactly what was tested */
    assert_true(ends == 2 * plain_cands);
    assert_true(cells_sum == x.r.entries);
    assert_int_equal(huge_seen, x.r.huge);
    if (n > 40) assert_true(huge_seen >= 1);
    broadphase_set_record(bp, NULL);
    rec_free(&x);
    free(out);
    free(s);
    broadphase_destroy(bp);
}

/* Test 1: lesson 9's density, and four times it. */
static void test_record_is_the_run(void **state)
{
    (void)state;
    check_scene(600, 1.0f, 0x9e3779b9u);
    check_scene(400, 4.0f, 12345u);
}

/* Test 2: a budget that stops the call: the record says so and still holds
 * each tested candidate twice. */
static void test_record_with_budget(void **state)
{
    (void)state;
    const int n = 300;
    Shape *s = make_scene(n, 16.0f, 777u);
    Broadphase *bp = broadphase_create();
    assert_non_null(bp);
    broadphase_set_budget(bp, 200);
    Rec x;
    rec_init(&x, 16 * n, n);
    broadphase_set_record(bp, &x.r);
    long long ends = 0;
    for (int w = 0; w < n; w++) {
        x.r.watch = w;
        (void)broadphase_collide(bp, s, n, NULL, 0);
        assert_true(x.r.valid);
        assert_true(x.r.stopped);
        assert_true(broadphase_stopped(bp));
        assert_true(x.r.candidates == 200);
        ends += x.r.watch_cands;
    }
    assert_true(ends == 400);
    rec_free(&x);
    free(s);
    broadphase_destroy(bp);
}

/* Test 3: arrays smaller than the record: the counts are whole, nothing is
 * written past the room given (ASan), and no grid with fewer than two shapes. */
static void test_record_small_room(void **state)
{
    (void)state;
    const int n = 500;
    Shape *s = make_scene(n, 1.0f, 4242u);
    Broadphase *bp = broadphase_create();
    assert_non_null(bp);
    Rec x;
    rec_init(&x, 3, 1);
    broadphase_set_record(bp, &x.r);
    x.r.watch = 7;   /* the giant: many candidates */
    (void)broadphase_collide(bp, s, n, NULL, 0);
    assert_true(x.r.valid);
    assert_true(x.r.watch_cands > 1);
    assert_true(x.r.entries > 3);
    x.r.watch = -1;
    (void)broadphase_collide(bp, s, n, NULL, 0);
    assert_int_equal(x.r.watch_cands, 0);
    assert_false(x.r.watch_in_grid);
    (void)broadphase_collide(bp, s, 1, NULL, 0);
    assert_true(x.r.valid);
    assert_false(x.r.grid);
    assert_int_equal(x.r.entries, 0);
    (void)broadphase_collide(bp, NULL, 0, NULL, 0);
    assert_true(x.r.valid);
    assert_false(x.r.grid);
    rec_free(&x);
    free(s);
    broadphase_destroy(bp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_record_is_the_run),
        cmocka_unit_test(test_record_with_budget),
        cmocka_unit_test(test_record_small_room),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
