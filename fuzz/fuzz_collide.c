/*
 * fuzz_collide.c - libFuzzer target: bytes -> shapes -> the collision module.
 *
 * The bytes become two shapes of any kind: good ones, garbage kinds, Poly
 * counts out of range, NaN, infinities, denormals and huge values. Then:
 *   - nothing crashes or reads out of bounds (ASan, UBSan);
 *   - for valid shapes (shape_is_valid, and a convex polygon), the verdict
 *     is symmetric: shapes_collide(a, b) == shapes_collide(b, a);
 *   - a hit fills a finite contact: unit normal, depth >= 0; no hit (and any
 *     bad shape, values beyond COLLIDE_MAX_COORD included) leaves the
 *     contact untouched, byte for byte;
 *   - a hit never joins shapes whose padded boxes (shape_aabb_padded) are
 *     apart; the contact-less call gives the same verdict;
 *   - sat_report's verdict is shapes_collide's;
 *   - prepared_collide on shape_prepare's shapes gives shapes_collide's
 *     verdict and contact to the bit, both ways round;
 *   - shapes_distance refuses exactly the bad shapes (its output untouched)
 *     and otherwise gives a finite distance >= 0 with finite points, 0
 *     exactly when shapes_collide says they collide (convex shapes);
 *   - broadphase_collide over a handful of shapes (the two and more from the
 *     remaining bytes) finds exactly the pairs brute force finds.
 *
 * `make fuzz` links it with libFuzzer; tests/test_fuzz_replay.c includes it
 * with FUZZ_ENTRY renamed and replays tests/corpus/collide/ in `make test`.
 */
#include <float.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broadphase.h"
#include "collide.h"
#include "fuzz_bytes.h"

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif

#define FUZZ_MANY 8

int FUZZ_ENTRY(const uint8_t *data, size_t size);

static void print_shape(const char *name, const Shape *s)
{
    if (s == NULL) return;
    // the union's floats as they lie (a Poly's count is an int: printed apart)
    float f[1 + 2 * POLY_MAX_VERTS];
    memcpy(f, &s->poly, sizeof f);
    fprintf(stderr, "  %s: kind %d count %d floats", name, (int)s->kind, s->poly.count);
    for (int i = 0; i < 1 + 2 * POLY_MAX_VERTS; i++) fprintf(stderr, " %.9g", (double)f[i]);
    fprintf(stderr, "\n");
}

/* A property failed: say which, then abort so libFuzzer keeps the input. */
static void fuzz_fail(const char *what, const Shape *a, const Shape *b)
{
    fprintf(stderr, "fuzz_collide: %s\n", what);
    print_shape("a", a);
    print_shape("b", b);
    abort();
}

/* ---- Bytes to values (fuzz_bytes.h) ------------------------------------- */

/* The values a float byte tag 1 picks (fuzz_bytes.h): the non-finite, signed
 * zeros, a denormal, and values far past COLLIDE_MAX_COORD. */
static const float COLLIDE_SPECIAL[8] = { NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 1e30f, 1e-40f, FLT_MAX };

/* ---- Properties --------------------------------------------------------- */

/* Valid input by the contract: known kind, finite fields, sizes >= 0, and a
 * polygon convex. */
static bool usable(const Shape *s)
{
    return shape_is_valid(s) && (s->kind != SHAPE_POLY || poly_is_convex(&s->poly));
}

/* Are the shapes' boxes apart by more than the rounding slack collide.h
 * documents? shape_aabb_padded grows each box by it; shapes_collide must
 * never say yes to shapes whose padded boxes do not meet (the broad phase
 * relies on it). Out-of-range shapes are bad input (COLLIDE_MAX_COORD). */
static bool boxes_apart(const Shape *sa, const Shape *sb)
{
    Aabb a = shape_aabb_padded(sa), b = shape_aabb_padded(sb);
    return a.min.x > b.max.x || b.min.x > a.max.x || a.min.y > b.max.y || b.min.y > a.max.y;
}

static Contact sentinel(void)
{
    Contact c;
    memset(&c, 0xA5, sizeof c);
    return c;
}

/* One ordered pair: the verdict, and the contact it fills or leaves alone. */
static bool check_pair(const Shape *a, const Shape *b)
{
    Contact c = sentinel(), untouched = sentinel();
    bool hit = shapes_collide(a, b, &c);
    if (!hit) {
        if (memcmp(&c, &untouched, sizeof c) != 0) fuzz_fail("no collision, yet the contact was written", a, b);
        return false;
    }
    if (!usable(a) || !usable(b)) {
        // bad input must say false; a non-convex polygon is bad input too, but
        // shapes_collide cannot afford the convexity test, so only report
        if (!shape_is_valid(a) || !shape_is_valid(b)) fuzz_fail("a bad shape collided", a, b);
        return true;
    }
    if (!isfinite(c.normal.x) || !isfinite(c.normal.y) || !isfinite(c.depth)) fuzz_fail("contact not finite", a, b);
    // touching shapes have touching boxes: what the broad phase relies on
    if (boxes_apart(a, b))
        fuzz_fail("collision between shapes whose bounding boxes do not overlap", a, b);
    float len2 = c.normal.x * c.normal.x + c.normal.y * c.normal.y;
    if (fabsf(len2 - 1.0f) > 1e-3f) fuzz_fail("contact normal not unit length", a, b);
    if (!(c.depth >= 0.0f)) fuzz_fail("contact depth < 0", a, b);
    return true;
}

/* shapes_distance on one ordered pair; `hit` is shapes_collide's verdict. */
static void check_distance(const Shape *a, const Shape *b, bool hit)
{
    Distance d, untouched;
    memset(&d, 0xA5, sizeof d);
    untouched = d;
    bool ok = shapes_distance(a, b, &d);
    if (ok != (shape_is_valid(a) && shape_is_valid(b))) fuzz_fail("shapes_distance: wrong verdict on validity", a, b);
    if (!ok) {
        if (memcmp(&d, &untouched, sizeof d) != 0) fuzz_fail("shapes_distance refused, yet wrote its output", a, b);
        return;
    }
    if (!isfinite(d.distance) || !(d.distance >= 0.0f) || !isfinite(d.point_a.x) || !isfinite(d.point_a.y) ||
        !isfinite(d.point_b.x) || !isfinite(d.point_b.y))
        fuzz_fail("shapes_distance: not finite or negative", a, b);
    if (d.iterations < 0 || d.iterations > GJK_MAX_ITERATIONS) fuzz_fail("shapes_distance: iterations out of range", a, b);
    if (usable(a) && usable(b) && (d.distance == 0.0f) != hit)
        fuzz_fail("shapes_distance: distance 0 and shapes_collide disagree", a, b);
}

static void check_two(const Shape *a, const Shape *b)
{
    bool ab = check_pair(a, b);
    bool ba = check_pair(b, a);
    check_distance(a, b, ab);
    check_distance(b, a, ba);
    if (usable(a) && usable(b) && ab != ba) fuzz_fail("verdict not symmetric", a, b);
    // the contact-less call answers the same
    if (shapes_collide(a, b, NULL) != ab) fuzz_fail("verdict differs with a NULL contact", a, b);
    // the lessons' axis-by-axis report reaches the same verdict
    SatReport rep;
    memset(&rep, 0x5A, sizeof rep);
    SatReport before = rep;
    bool reported = sat_report(a, b, &rep);
    if (!reported) {
        if (memcmp(&rep, &before, sizeof rep) != 0) fuzz_fail("sat_report refused, yet wrote its report", a, b);
        if (ab) fuzz_fail("sat_report refused a pair that collides", a, b);
    } else if (rep.hit != ab) {
        fuzz_fail("sat_report verdict != shapes_collide verdict", a, b);
    }
    // prepared shapes answer as shapes_collide, to the bit, both ways
    PreparedShape pa, pb;
    if (shape_prepare(a, &pa) != shape_is_valid(a) || shape_prepare(b, &pb) != shape_is_valid(b))
        fuzz_fail("shape_prepare and shape_is_valid disagree", a, b);
    Contact want = sentinel(), got = sentinel();
    bool phit = prepared_collide(&pa, &pb, &got);
    if (phit != shapes_collide(a, b, &want) || memcmp(&want, &got, sizeof want) != 0)
        fuzz_fail("prepared_collide(a, b) != shapes_collide(a, b)", a, b);
    want = sentinel();
    got = sentinel();
    phit = prepared_collide(&pb, &pa, &got);
    if (phit != shapes_collide(b, a, &want) || memcmp(&want, &got, sizeof want) != 0)
        fuzz_fail("prepared_collide(b, a) != shapes_collide(b, a)", a, b);
}

/* The broad phase against brute force on a handful of shapes. */
static void check_broadphase(const Shape *s, int n)
{
    // a polygon that passes shape_is_valid but is not convex (or has equal
    // vertices) is outside the contract: shapes_collide may then say yes to
    // shapes whose boxes are far apart, which the grid never asks about
    for (int i = 0; i < n; i++) {
        if (shape_is_valid(&s[i]) && !usable(&s[i])) return;
    }
    static Broadphase *bp = NULL;   /* kept between inputs, as the lab keeps it */
    if (bp == NULL) bp = broadphase_create();
    if (bp == NULL) return;
    bool brute[FUZZ_MANY][FUZZ_MANY];
    memset(brute, 0, sizeof brute);
    int expect = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (shapes_collide(&s[i], &s[j], NULL)) { brute[i][j] = true; expect++; }
    ShapePair out[FUZZ_MANY * FUZZ_MANY];
    int got = broadphase_collide(bp, s, n, out, FUZZ_MANY * FUZZ_MANY);
    if (got < 0) return;  /* out of memory is allowed */
    bool seen[FUZZ_MANY][FUZZ_MANY];
    memset(seen, 0, sizeof seen);
    for (int k = 0; k < got; k++) {
        int a = out[k].a, b = out[k].b;
        if (a < 0 || b >= n || a >= b) fuzz_fail("broadphase pair out of range or a >= b", NULL, NULL);
        if (seen[a][b]) fuzz_fail("broadphase repeated a pair", &s[a], &s[b]);
        if (!brute[a][b]) fuzz_fail("broadphase found a pair brute force does not", &s[a], &s[b]);
        seen[a][b] = true;
    }
    if (got == expect) return;
    // a pair the grid missed: exactly the set is the contract
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            if (!brute[i][j] || seen[i][j]) continue;
            fprintf(stderr, "broadphase: %d pairs, brute force: %d; missed %d-%d\n", got, expect, i, j);
            fuzz_fail("broadphase missed a pair brute force finds", &s[i], &s[j]);
        }
    }
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
    FuzzBytes b = { data, size, 0, COLLIDE_SPECIAL };
    Shape s[FUZZ_MANY];
    memset(s, 0, sizeof s);
    s[0] = fuzz_shape(&b);
    s[1] = fuzz_shape(&b);
    check_two(&s[0], &s[1]);
    // NULL shapes are bad input too
    Contact c = sentinel(), untouched = sentinel();
    if (shapes_collide(NULL, &s[0], &c) || shapes_collide(&s[0], NULL, &c) ||
        memcmp(&c, &untouched, sizeof c) != 0)
        fuzz_fail("a NULL shape collided or wrote the contact", &s[0], NULL);
    // a few more shapes from what is left, for the broad phase
    int n = 2;
    while (n < FUZZ_MANY && b.i < b.n) s[n++] = fuzz_shape(&b);
    check_broadphase(s, n);
    return 0;
}
