/*
 * test_properties.c - property tests of the collision module.
 *
 * Random shapes on the 1280x720 canvas (a fixed seed and our own PRNG, so
 * every run sees the same cases) are checked against each other and against
 * an independent reference written here in double precision:
 *   - the course's methods agree (regions / clamp / rotated / SAT / polygon),
 *   - every pair gives the same answer both ways,
 *   - verdicts and depths survive translating or rotating both shapes,
 *   - the contact is the minimum translation vector,
 *   - sat_report tells the same story as shapes_collide,
 *   - prepared shapes (shape_prepare, prepared_collide) answer as
 *     shapes_collide, to the bit.
 * Shape pairs are placed so that roughly half of them overlap; each property
 * prints how many collided and asserts that both sides are well covered.
 * A failure prints the property, seed, case index and both shapes.
 * CL_PROP_SEED=<number> in the environment runs another seed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "collide.h"

#define CASES 100000          /* cases per property */
#define SAT_CASES 1000000     /* the report's property (CL_SAT_CASES overrides) */
#define MINIMAL_CASES 20000   /* the minimality property probes 8 directions each */
#define MINIMAL_DIRS 8
#define CANVAS_W 1280.0
#define CANVAS_H 720.0
#define PI_D 3.14159265358979323846
#define NEAR_TOUCH 1e-3       /* |signed gap| below this: too close to call */
#define PUSH_OUT 1e-3         /* moving by depth + this separates */
#define PUSH_SHORT 1e-2       /* moving by depth - this does not */
#define DEPTH_TOL 1e-3        /* depth vs the reference; float rounding is ~2e-4 */

static uint64_t g_seed = 0xC0111DE5EEDull;

/* ---- PRNG: splitmix64, one independent stream per (property, case) ---- */

typedef struct Rng { uint64_t state; } Rng;

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t rng_next(Rng *r)
{
    r->state += 0x9E3779B97F4A7C15ull;
    return mix64(r->state);
}

/// Uniform in [0, 1).
static double rng_unit(Rng *r)
{
    return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

static double rng_range(Rng *r, double lo, double hi)
{
    return lo + (hi - lo) * rng_unit(r);
}

/// Uniform integer in [lo, hi].
static int rng_int(Rng *r, int lo, int hi)
{
    return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

/// The stream of one case: hashing (seed, property, index) means a case can
/// be regenerated alone from the numbers a failure prints.
static Rng rng_for_case(int prop, int index)
{
    Rng r = { mix64(g_seed ^ mix64(((uint64_t)(unsigned)prop << 32) | (uint64_t)(unsigned)index)) };
    return r;
}

/* ---- Failure reports ---------------------------------------------------- */

typedef struct Case {
    const char *prop;
    int prop_id;
    int index;
    const Shape *a, *b;
} Case;

static void print_shape(FILE *f, const char *name, const Shape *s)
{
    if (s == NULL) {
        return;
    }
    if (s->kind == SHAPE_CIRCLE) {
        fprintf(f, "  %s = circle { center (%.9g, %.9g), radius %.9g }\n", name,
                (double)s->circle.center.x, (double)s->circle.center.y, (double)s->circle.radius);
    } else if (s->kind == SHAPE_RECT) {
        fprintf(f, "  %s = rect { center (%.9g, %.9g), half (%.9g, %.9g), angle %.9g }\n", name,
                (double)s->rect.center.x, (double)s->rect.center.y,
                (double)s->rect.half.x, (double)s->rect.half.y, (double)s->rect.angle);
    } else {
        fprintf(f, "  %s = poly { count %d,", name, s->poly.count);
        for (int i = 0; i < s->poly.count; i++) {
            fprintf(f, " (%.9g, %.9g)", (double)s->poly.verts[i].x, (double)s->poly.verts[i].y);
        }
        fprintf(f, " }\n");
    }
}

static void case_report(const Case *c, int line, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "\nproperty '%s' failed (test_properties.c:%d): ", c->prop, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n  seed 0x%llx (CL_PROP_SEED), property %d, case %d: rng_for_case(%d, %d)\n",
            (unsigned long long)g_seed, c->prop_id, c->index, c->prop_id, c->index);
    print_shape(stderr, "a", c->a);
    print_shape(stderr, "b", c->b);
}

/// Checks a property on one case; on failure prints how to reproduce it.
#define CHECK(cs, cond, ...)                                  \
    do {                                                      \
        if (!(cond)) {                                        \
            case_report((cs), __LINE__, __VA_ARGS__);         \
            fail();                                           \
        }                                                     \
    } while (0)

/// Prints the verdict counts and asserts both sides cover >= 20% of cases.
static void check_coverage(const char *prop, int hits, int misses, int skipped)
{
    int total = hits + misses + skipped;
    printf("  %-34s %6d cases: %6d colliding, %6d separate, %4d near touching skipped\n",
           prop, total, hits, misses, skipped);
    fflush(stdout);
    assert_true(total > 0);
    assert_true(5 * hits >= total);
    assert_true(5 * misses >= total);
}

/* ---- Shapes: generation and rigid motions (our own code) ---------------- */

static Vec2 v2(double x, double y)
{
    Vec2 v = { (float)x, (float)y };
    return v;
}

static Vec2 canvas_point(Rng *r, double margin)
{
    return v2(rng_range(r, margin, CANVAS_W - margin), rng_range(r, margin, CANVAS_H - margin));
}

/// Angles well outside [0, 2*pi), negative ones included.
static float random_angle(Rng *r)
{
    return (float)rng_range(r, -4.0 * PI_D, 4.0 * PI_D);
}

static Shape gen_circle(Rng *r, Vec2 c)
{
    Shape s = { .kind = SHAPE_CIRCLE };
    s.circle.center = c;
    s.circle.radius = (float)rng_range(r, 10.0, 80.0);
    return s;
}

static Shape gen_rect(Rng *r, Vec2 c)
{
    Shape s = { .kind = SHAPE_RECT };
    s.rect.center = c;
    s.rect.half = v2(rng_range(r, 5.0, 100.0), rng_range(r, 5.0, 100.0));
    s.rect.angle = random_angle(r);
    return s;
}

/// Our own convexity check: every turn strictly the same way.
static bool own_poly_convex(const Poly *p)
{
    int sign = 0;
    bool ok = p->count >= 3 && p->count <= POLY_MAX_VERTS;
    for (int i = 0; ok && i < p->count; i++) {
        Vec2 a = p->verts[i];
        Vec2 b = p->verts[(i + 1) % p->count];
        Vec2 c = p->verts[(i + 2) % p->count];
        double cross = ((double)b.x - a.x) * ((double)c.y - b.y) - ((double)b.y - a.y) * ((double)c.x - b.x);
        int s = cross > 1e-6 ? 1 : (cross < -1e-6 ? -1 : 0);
        if (s == 0 || (sign != 0 && s != sign)) {
            ok = false;
        }
        sign = s;
    }
    return ok;
}

/// Points on an ellipse at jittered, sorted parameter angles: convex, and the
/// centre stays strictly inside because no gap reaches pi. Either winding.
static Shape gen_poly(Rng *r, Vec2 c)
{
    Shape s = { .kind = SHAPE_POLY };
    for (int attempt = 0; attempt < 16; attempt++) {
        int n = rng_int(r, 3, POLY_MAX_VERTS);
        double rx = rng_range(r, 10.0, 90.0);
        double ry = rng_range(r, 10.0, 90.0);
        double phi = rng_range(r, 0.0, 2.0 * PI_D);
        double base = rng_range(r, 0.0, 2.0 * PI_D);
        bool reverse = (rng_next(r) & 1u) != 0;
        double cp = cos(phi), sp = sin(phi);
        s.poly.count = n;
        for (int k = 0; k < n; k++) {
            double t = base + ((double)k + 0.45 * rng_unit(r)) * 2.0 * PI_D / (double)n;
            double lx = rx * cos(t), ly = ry * sin(t);
            int slot = reverse ? n - 1 - k : k;
            s.poly.verts[slot] = v2(c.x + lx * cp - ly * sp, c.y + lx * sp + ly * cp);
        }
        if (own_poly_convex(&s.poly)) {
            break;
        }
    }
    assert_true(own_poly_convex(&s.poly));   /* the generator's own promise */
    return s;
}

static Shape gen_shape(Rng *r, ShapeKind kind, Vec2 c)
{
    Shape s = { .kind = SHAPE_CIRCLE };
    if (kind == SHAPE_CIRCLE) {
        s = gen_circle(r, c);
    } else if (kind == SHAPE_RECT) {
        s = gen_rect(r, c);
    } else {
        s = gen_poly(r, c);
    }
    return s;
}

/// A point of the shape that we move around: a centre or the first vertex.
static Vec2 ref_anchor(const Shape *s)
{
    Vec2 p = s->kind == SHAPE_CIRCLE ? s->circle.center
           : (s->kind == SHAPE_RECT ? s->rect.center : s->poly.verts[0]);
    return p;
}

static Shape shape_translated(const Shape *s, double dx, double dy)
{
    Shape t = *s;
    if (t.kind == SHAPE_CIRCLE) {
        t.circle.center = v2(t.circle.center.x + dx, t.circle.center.y + dy);
    } else if (t.kind == SHAPE_RECT) {
        t.rect.center = v2(t.rect.center.x + dx, t.rect.center.y + dy);
    } else {
        for (int i = 0; i < t.poly.count; i++) {
            t.poly.verts[i] = v2(t.poly.verts[i].x + dx, t.poly.verts[i].y + dy);
        }
    }
    return t;
}

/// p turned by `angle` about `pivot`, x towards y (clockwise on screen).
static Vec2 rotate_about(Vec2 p, Vec2 pivot, double angle)
{
    double c = cos(angle), s = sin(angle);
    double x = (double)p.x - pivot.x, y = (double)p.y - pivot.y;
    return v2(pivot.x + x * c - y * s, pivot.y + x * s + y * c);
}

static Shape shape_rotated(const Shape *s, Vec2 pivot, double angle)
{
    Shape t = *s;
    if (t.kind == SHAPE_CIRCLE) {
        t.circle.center = rotate_about(t.circle.center, pivot, angle);
    } else if (t.kind == SHAPE_RECT) {
        t.rect.center = rotate_about(t.rect.center, pivot, angle);
        t.rect.angle = (float)((double)t.rect.angle + angle);
    } else {
        for (int i = 0; i < t.poly.count; i++) {
            t.poly.verts[i] = rotate_about(t.poly.verts[i], pivot, angle);
        }
    }
    return t;
}

/* ---- The independent reference, in double precision --------------------
 * Each shape is a convex core (a point, or a polygon) grown by a radius.
 * The signed gap between two shapes is the distance between the cores minus
 * both radii when the cores are apart, or minus (core penetration + radii)
 * when they overlap. The core distance is brute force over vertex/edge
 * pairs; the core penetration is the least push over all edge normals,
 * exact for two convex polygons (or a point in a convex polygon). */

typedef struct RefShape {
    int n;                           /* 1: a point; 3..8: a polygon */
    double x[POLY_MAX_VERTS], y[POLY_MAX_VERTS];
    double r;
} RefShape;

static RefShape ref_from_shape(const Shape *s)
{
    RefShape q = { 0 };
    if (s->kind == SHAPE_CIRCLE) {
        q.n = 1;
        q.x[0] = s->circle.center.x;
        q.y[0] = s->circle.center.y;
        q.r = s->circle.radius;
    } else if (s->kind == SHAPE_RECT) {
        /* The header's corner formula, corners in rect_corners order. */
        static const double lx[4] = { -1.0, 1.0, 1.0, -1.0 };
        static const double ly[4] = { -1.0, -1.0, 1.0, 1.0 };
        double c = cos((double)s->rect.angle), sn = sin((double)s->rect.angle);
        q.n = 4;
        for (int i = 0; i < 4; i++) {
            double ox = lx[i] * s->rect.half.x, oy = ly[i] * s->rect.half.y;
            q.x[i] = s->rect.center.x + ox * c - oy * sn;
            q.y[i] = s->rect.center.y + ox * sn + oy * c;
        }
    } else {
        q.n = s->poly.count;
        for (int i = 0; i < q.n; i++) {
            q.x[i] = s->poly.verts[i].x;
            q.y[i] = s->poly.verts[i].y;
        }
    }
    return q;
}

/// Squared distance from p to the segment a-b.
static double seg_dist2(double px, double py, double ax, double ay, double bx, double by)
{
    double ex = bx - ax, ey = by - ay;
    double len2 = ex * ex + ey * ey;
    double t = len2 > 0.0 ? ((px - ax) * ex + (py - ay) * ey) / len2 : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    double dx = px - (ax + t * ex), dy = py - (ay + t * ey);
    return dx * dx + dy * dy;
}

/// Least distance from a vertex of p to an edge of q.
static double vertex_edge_dist2(const RefShape *p, const RefShape *q)
{
    double best = INFINITY;
    for (int i = 0; q->n >= 3 && i < p->n; i++) {
        for (int j = 0; j < q->n; j++) {
            int k = (j + 1) % q->n;
            double d2 = seg_dist2(p->x[i], p->y[i], q->x[j], q->y[j], q->x[k], q->y[k]);
            best = d2 < best ? d2 : best;
        }
    }
    return best;
}

/// The shape (core grown by its radius) projected onto axis (ax, ay).
static void ref_project(const RefShape *p, double ax, double ay, double *lo, double *hi)
{
    double mn = INFINITY, mx = -INFINITY;
    for (int i = 0; i < p->n; i++) {
        double d = p->x[i] * ax + p->y[i] * ay;
        mn = d < mn ? d : mn;
        mx = d > mx ? d : mx;
    }
    double len = sqrt(ax * ax + ay * ay);
    *lo = mn - p->r * len;
    *hi = mx + p->r * len;
}

/// Least push over the unit edge normals of p (cores only, no radii) that
/// parts a and b; negative when one of the normals separates them.
static double core_min_overlap(const RefShape *p, const RefShape *a, const RefShape *b)
{
    double best = INFINITY;
    for (int j = 0; p->n >= 3 && j < p->n; j++) {
        int k = (j + 1) % p->n;
        double nx = -(p->y[k] - p->y[j]), ny = p->x[k] - p->x[j];
        double len = sqrt(nx * nx + ny * ny);
        double amin = INFINITY, amax = -INFINITY, bmin = INFINITY, bmax = -INFINITY;
        nx /= len;
        ny /= len;
        for (int i = 0; i < a->n; i++) {
            double d = a->x[i] * nx + a->y[i] * ny;
            amin = d < amin ? d : amin;
            amax = d > amax ? d : amax;
        }
        for (int i = 0; i < b->n; i++) {
            double d = b->x[i] * nx + b->y[i] * ny;
            bmin = d < bmin ? d : bmin;
            bmax = d > bmax ? d : bmax;
        }
        /* The shorter push that parts them on this axis (not the length of
         * the overlap, which is smaller when one contains the other). */
        double push = fmin(amax - bmin, bmax - amin);
        best = push < best ? push : best;
    }
    return best;
}

/// Signed gap: > 0 the distance between the shapes, < 0 minus the depth of
/// the minimum translation.
static double ref_gap(const Shape *sa, const Shape *sb)
{
    RefShape a = ref_from_shape(sa);
    RefShape b = ref_from_shape(sb);
    double core = 0.0;
    if (a.n == 1 && b.n == 1) {
        core = sqrt((a.x[0] - b.x[0]) * (a.x[0] - b.x[0]) + (a.y[0] - b.y[0]) * (a.y[0] - b.y[0]));
    } else {
        double ov_a = core_min_overlap(&a, &a, &b);
        double ov_b = core_min_overlap(&b, &a, &b);
        double ov = ov_a < ov_b ? ov_a : ov_b;
        if (ov >= 0.0) {
            core = -ov;
        } else {
            double d2a = vertex_edge_dist2(&a, &b);
            double d2b = vertex_edge_dist2(&b, &a);
            core = sqrt(d2a < d2b ? d2a : d2b);
        }
    }
    return core - a.r - b.r;
}

/// The farthest the shape reaches from c in direction (dx, dy) (unit).
static double ref_support(const Shape *s, Vec2 c, double dx, double dy)
{
    RefShape q = ref_from_shape(s);
    double lo = 0.0, hi = 0.0;
    ref_project(&q, dx, dy, &lo, &hi);
    return hi - ((double)c.x * dx + (double)c.y * dy);
}

/// b0 (built around the origin) moved along a random direction from a's
/// centre ca, to a random fraction of their combined reach that way: about
/// half of the pairs overlap.
static Shape place_near(Rng *r, const Shape *a, Vec2 ca, const Shape *b0)
{
    Vec2 origin = { 0.0f, 0.0f };
    double dir = rng_range(r, 0.0, 2.0 * PI_D);
    double dx = cos(dir), dy = sin(dir);
    double reach = ref_support(a, ca, dx, dy) + ref_support(b0, origin, -dx, -dy);
    double t = rng_unit(r) * 1.75 * reach;
    return shape_translated(b0, (double)ca.x + dx * t, (double)ca.y + dy * t);
}

/// A random pair of the given kinds, about half of them overlapping.
static void gen_pair(Rng *r, ShapeKind ka, ShapeKind kb, Shape *a, Shape *b)
{
    Vec2 ca = canvas_point(r, 100.0);
    Vec2 origin = { 0.0f, 0.0f };
    *a = gen_shape(r, ka, ca);
    Shape b0 = gen_shape(r, kb, origin);
    *b = place_near(r, a, ca, &b0);
}

static ShapeKind combo_a(int combo) { return (ShapeKind)(combo / 3); }
static ShapeKind combo_b(int combo) { return (ShapeKind)(combo % 3); }

static const char *const KIND_NAME[3] = { "circle", "rect", "poly" };

/// The collide_* function the course uses for the pair (a, b); a rectangle
/// against a polygon goes through poly_from_rect.
static bool direct_verdict(const Shape *a, const Shape *b)
{
    bool hit = false;
    if (a->kind == SHAPE_CIRCLE && b->kind == SHAPE_CIRCLE) {
        hit = collide_circle_circle(a->circle, b->circle);
    } else if (a->kind == SHAPE_CIRCLE && b->kind == SHAPE_RECT) {
        hit = collide_circle_rect(a->circle, b->rect);
    } else if (a->kind == SHAPE_RECT && b->kind == SHAPE_CIRCLE) {
        hit = collide_circle_rect(b->circle, a->rect);
    } else if (a->kind == SHAPE_CIRCLE && b->kind == SHAPE_POLY) {
        hit = collide_circle_poly(a->circle, &b->poly);
    } else if (a->kind == SHAPE_POLY && b->kind == SHAPE_CIRCLE) {
        hit = collide_circle_poly(b->circle, &a->poly);
    } else if (a->kind == SHAPE_RECT && b->kind == SHAPE_RECT) {
        hit = collide_rect_rect(a->rect, b->rect);
    } else {
        Poly pa = a->kind == SHAPE_RECT ? poly_from_rect(a->rect) : a->poly;
        Poly pb = b->kind == SHAPE_RECT ? poly_from_rect(b->rect) : b->poly;
        hit = collide_poly_poly(&pa, &pb);
    }
    return hit;
}

static double vlen(Vec2 v)
{
    return sqrt((double)v.x * v.x + (double)v.y * v.y);
}

static bool near(double x, double y, double tol)
{
    return fabs(x - y) <= tol;
}

/* ---- Property 1: the two circle-AABB methods, and the rotated one ------- */

static void test_circle_aabb_methods_agree(void **state)
{
    (void)state;
    int hits = 0, misses = 0, skipped = 0;
    for (int i = 0; i < CASES; i++) {
        Rng r = rng_for_case(1, i);
        /* Place the circle against the box as the AABB methods see it (angle
         * 0), then turn the box: the AABB methods must ignore the angle. */
        Vec2 ca = canvas_point(&r, 100.0), origin = { 0.0f, 0.0f };
        Shape axis_aligned = gen_rect(&r, ca);
        axis_aligned.rect.angle = 0.0f;
        Shape c0 = gen_circle(&r, origin);
        Shape sc = place_near(&r, &axis_aligned, ca, &c0);
        Shape sr = axis_aligned;
        sr.rect.angle = random_angle(&r);
        Case cs = { "circle-AABB: regions == clamp == rect at angle 0", 1, i, &sc, &sr };
        double gap = ref_gap(&sc, &axis_aligned);
        if (fabs(gap) < NEAR_TOUCH) {
            skipped++;
            continue;
        }
        bool regions = collide_circle_aabb_regions(sc.circle, sr.rect);
        bool clamp = collide_circle_aabb_clamp(sc.circle, sr.rect);
        bool rotated0 = collide_circle_rect(sc.circle, axis_aligned.rect);
        RegionReport rep = { 0 };
        bool reported = collide_circle_aabb_regions_report(sc.circle, sr.rect, &rep);
        CHECK(&cs, regions == clamp, "regions %d, clamp %d", regions, clamp);
        CHECK(&cs, rotated0 == clamp, "collide_circle_rect at angle 0 %d, clamp %d", rotated0, clamp);
        CHECK(&cs, clamp == (gap <= 0.0), "clamp %d, reference gap %.6g", clamp, gap);
        CHECK(&cs, reported == regions && rep.hit == regions,
              "report returned %d hit %d, regions %d", reported, rep.hit, regions);
        CHECK(&cs, (rep.part == REGION_FAR && !rep.hit) || (rep.part == REGION_EDGE && rep.hit) ||
                   rep.part == REGION_CORNER,
              "report part %d with hit %d", (int)rep.part, rep.hit);
        if (clamp) {
            hits++;
        } else {
            misses++;
        }
    }
    check_coverage("circle-AABB methods", hits, misses, skipped);
}

/* ---- Property 2: rect-rect SAT against poly-poly on the corners --------- */

static void test_rect_rect_matches_poly_poly(void **state)
{
    (void)state;
    int hits = 0, misses = 0, skipped = 0;
    for (int i = 0; i < CASES; i++) {
        Rng r = rng_for_case(2, i);
        Shape a = { .kind = SHAPE_RECT }, b = { .kind = SHAPE_RECT };
        gen_pair(&r, SHAPE_RECT, SHAPE_RECT, &a, &b);
        Case cs = { "collide_rect_rect == collide_poly_poly(poly_from_rect)", 2, i, &a, &b };
        /* poly_from_rect must follow the header's corner formula. */
        Poly pa = poly_from_rect(a.rect), pb = poly_from_rect(b.rect);
        RefShape qa = ref_from_shape(&a);
        CHECK(&cs, pa.count == 4, "poly_from_rect count %d", pa.count);
        for (int k = 0; k < 4; k++) {
            CHECK(&cs, near(pa.verts[k].x, qa.x[k], 1e-3) && near(pa.verts[k].y, qa.y[k], 1e-3),
                  "poly_from_rect corner %d is (%.6f, %.6f), expected (%.6f, %.6f)",
                  k, (double)pa.verts[k].x, (double)pa.verts[k].y, qa.x[k], qa.y[k]);
        }
        double gap = ref_gap(&a, &b);
        if (fabs(gap) < NEAR_TOUCH) {
            skipped++;
            continue;
        }
        bool rr = collide_rect_rect(a.rect, b.rect);
        bool pp = collide_poly_poly(&pa, &pb);
        CHECK(&cs, rr == pp, "rect_rect %d, poly_poly %d", rr, pp);
        CHECK(&cs, rr == (gap <= 0.0), "rect_rect %d, reference gap %.6g", rr, gap);
        if (rr) {
            hits++;
        } else {
            misses++;
        }
    }
    check_coverage("rect_rect vs poly_poly", hits, misses, skipped);
}

/* ---- Property 3: circle-rect against circle-poly on the corners --------- */

static void test_circle_rect_matches_circle_poly(void **state)
{
    (void)state;
    int hits = 0, misses = 0, skipped = 0;
    for (int i = 0; i < CASES; i++) {
        Rng r = rng_for_case(3, i);
        Shape c = { .kind = SHAPE_CIRCLE }, rc = { .kind = SHAPE_RECT };
        gen_pair(&r, SHAPE_CIRCLE, SHAPE_RECT, &c, &rc);
        Case cs = { "collide_circle_rect == collide_circle_poly(poly_from_rect)", 3, i, &c, &rc };
        double gap = ref_gap(&c, &rc);
        if (fabs(gap) < NEAR_TOUCH) {
            skipped++;
            continue;
        }
        Poly p = poly_from_rect(rc.rect);
        bool cr = collide_circle_rect(c.circle, rc.rect);
        bool cp = collide_circle_poly(c.circle, &p);
        CHECK(&cs, cr == cp, "circle_rect %d, circle_poly %d", cr, cp);
        CHECK(&cs, cr == (gap <= 0.0), "circle_rect %d, reference gap %.6g", cr, gap);
        if (cr) {
            hits++;
        } else {
            misses++;
        }
    }
    check_coverage("circle_rect vs circle_poly", hits, misses, skipped);
}

/* ---- Property 4: AABB overlap against rect-rect at angle 0 -------------- */

static void test_aabb_aabb_matches_rect_rect_at_angle_0(void **state)
{
    (void)state;
    int hits = 0, misses = 0, skipped = 0;
    for (int i = 0; i < CASES; i++) {
        Rng r = rng_for_case(4, i);
        /* Place b against a at angle 0, then give both random angles that
         * collide_aabb_aabb must ignore. */
        Vec2 ca = canvas_point(&r, 100.0), origin = { 0.0f, 0.0f };
        Shape a0 = gen_rect(&r, ca), b0 = gen_rect(&r, origin);
        a0.rect.angle = 0.0f;
        b0.rect.angle = 0.0f;
        b0 = place_near(&r, &a0, ca, &b0);
        Shape a = a0, b = b0;
        a.rect.angle = random_angle(&r);
        b.rect.angle = random_angle(&r);
        Case cs = { "collide_aabb_aabb == collide_rect_rect at angle 0", 4, i, &a, &b };
        double gap = ref_gap(&a0, &b0);
        if (fabs(gap) < NEAR_TOUCH) {
            skipped++;
            continue;
        }
        bool aabb = collide_aabb_aabb(a.rect, b.rect);
        bool aabb_ba = collide_aabb_aabb(b.rect, a.rect);
        bool rr = collide_rect_rect(a0.rect, b0.rect);
        CHECK(&cs, aabb == rr, "aabb_aabb %d, rect_rect at angle 0 %d", aabb, rr);
        CHECK(&cs, aabb == aabb_ba, "aabb_aabb(a, b) %d, (b, a) %d", aabb, aabb_ba);
        CHECK(&cs, aabb == (gap <= 0.0), "aabb_aabb %d, reference gap %.6g", aabb, gap);
        if (aabb) {
            hits++;
        } else {
            misses++;
        }
    }
    check_coverage("aabb_aabb vs rect_rect at 0", hits, misses, skipped);
}

/* ---- Property 5: every pair gives the same answer both ways ------------- */

static void test_symmetry(void **state)
{
    (void)state;
    int hits = 0, misses = 0;
    int combo_hits[9] = { 0 }, combo_total[9] = { 0 };
    for (int i = 0; i < CASES; i++) {
        Rng r = rng_for_case(5, i);
        int combo = i % 9;
        Shape a = { .kind = SHAPE_CIRCLE }, b = { .kind = SHAPE_CIRCLE };
        gen_pair(&r, combo_a(combo), combo_b(combo), &a, &b);
        Case cs = { "symmetry", 5, i, &a, &b };
        Contact ab = { { 0.0f, 0.0f }, -1.0f }, ba = { { 0.0f, 0.0f }, -1.0f };
        bool hit_ab = shapes_collide(&a, &b, &ab);
        bool hit_ba = shapes_collide(&b, &a, &ba);
        bool direct_ab = direct_verdict(&a, &b);
        bool direct_ba = direct_verdict(&b, &a);
        /* Exact agreement is expected even at touching: the same pair. */
        CHECK(&cs, hit_ab == hit_ba, "shapes_collide(a, b) %d, (b, a) %d", hit_ab, hit_ba);
        CHECK(&cs, direct_ab == direct_ba, "collide_* (a, b) %d, (b, a) %d", direct_ab, direct_ba);
        if (fabs(ref_gap(&a, &b)) >= NEAR_TOUCH) {
            CHECK(&cs, direct_ab == hit_ab, "collide_* %d, shapes_collide %d", direct_ab, hit_ab);
        }
        if (hit_ab && hit_ba) {
            CHECK(&cs, near(ab.depth, ba.depth, 1e-3 + 1e-5 * ab.depth),
                  "depth (a, b) %.6g, (b, a) %.6g", (double)ab.depth, (double)ba.depth);
        }
        combo_total[combo]++;
        if (hit_ab) {
            hits++;
            combo_hits[combo]++;
        } else {
            misses++;
        }
    }
    for (int k = 0; k < 9; k++) {
        printf("    %-6s - %-6s %5d cases, %5d colliding\n", KIND_NAME[combo_a(k)], KIND_NAME[combo_b(k)],
               combo_total[k], combo_hits[k]);
        assert_true(5 * combo_hits[k] >= combo_total[k]);
        assert_true(5 * (combo_total[k] - combo_hits[k]) >= combo_total[k]);
    }
    check_coverage("symmetry (9 kind pairs)", hits, misses, 0);
}

/* ---- Property 6: translating or rotating both shapes changes nothing ---- */

static void test_rigid_motion_invariance(void **state)
{
    (void)state;
    int hits = 0, misses = 0, skipped = 0;
    for (int i = 0; i < CASES; i++) {
        Rng r = rng_for_case(6, i);
        int combo = i % 9;
        Shape a = { .kind = SHAPE_CIRCLE }, b = { .kind = SHAPE_CIRCLE };
        gen_pair(&r, combo_a(combo), combo_b(combo), &a, &b);
        /* Move a's centre anywhere on the canvas; turn about a canvas point. */
        Vec2 to = canvas_point(&r, 0.0);
        Vec2 from = ref_anchor(&a);
        double dx = (double)to.x - from.x, dy = (double)to.y - from.y;
        Vec2 pivot = canvas_point(&r, 0.0);
        double turn = rng_range(&r, -4.0 * PI_D, 4.0 * PI_D);
        Shape ta = shape_translated(&a, dx, dy), tb = shape_translated(&b, dx, dy);
        Shape ra = shape_rotated(&a, pivot, turn), rb = shape_rotated(&b, pivot, turn);
        Case cs = { "invariance under translation and rotation", 6, i, &a, &b };
        double gap = ref_gap(&a, &b);
        if (fabs(gap) < NEAR_TOUCH || fabs(ref_gap(&ta, &tb)) < NEAR_TOUCH ||
            fabs(ref_gap(&ra, &rb)) < NEAR_TOUCH) {
            skipped++;
            continue;
        }
        Contact c0 = { { 0.0f, 0.0f }, 0.0f }, ct = c0, cr = c0;
        bool hit = shapes_collide(&a, &b, &c0);
        bool hit_t = shapes_collide(&ta, &tb, &ct);
        bool hit_r = shapes_collide(&ra, &rb, &cr);
        CHECK(&cs, hit == hit_t, "before %d, translated by (%.3f, %.3f) %d", hit, dx, dy, hit_t);
        CHECK(&cs, hit == hit_r, "before %d, turned by %.6f about (%.3f, %.3f) %d",
              hit, turn, (double)pivot.x, (double)pivot.y, hit_r);
        CHECK(&cs, direct_verdict(&a, &b) == hit && direct_verdict(&ta, &tb) == hit &&
                   direct_verdict(&ra, &rb) == hit,
              "collide_* changed under the motion (translation (%.3f, %.3f), turn %.6f)", dx, dy, turn);
        if (hit) {
            double tol = DEPTH_TOL + 1e-5 * c0.depth;
            CHECK(&cs, near(c0.depth, ct.depth, tol), "depth %.6g, translated %.6g",
                  (double)c0.depth, (double)ct.depth);
            CHECK(&cs, near(c0.depth, cr.depth, tol), "depth %.6g, turned by %.6f: %.6g",
                  (double)c0.depth, turn, (double)cr.depth);
            hits++;
        } else {
            misses++;
        }
    }
    check_coverage("translation / rotation invariance", hits, misses, skipped);
}

/* ---- Property 7: the contact is the minimum translation vector ---------- */

static void test_contact_is_mtv(void **state)
{
    (void)state;
    int hits = 0, misses = 0, skipped = 0;
    for (int i = 0; i < CASES; i++) {
        Rng r = rng_for_case(7, i);
        int combo = i % 9;
        Shape a = { .kind = SHAPE_CIRCLE }, b = { .kind = SHAPE_CIRCLE };
        gen_pair(&r, combo_a(combo), combo_b(combo), &a, &b);
        Case cs = { "contact is the minimum translation", 7, i, &a, &b };
        const Contact sentinel = { { 123.0f, -456.0f }, -7.0f };
        Contact c = sentinel;
        bool hit = shapes_collide(&a, &b, &c);
        double gap = ref_gap(&a, &b);
        if (!hit) {
            CHECK(&cs, memcmp(&c, &sentinel, sizeof c) == 0, "no collision, yet contact was written");
        }
        if (fabs(gap) < NEAR_TOUCH) {
            skipped++;
            continue;
        }
        CHECK(&cs, hit == (gap <= 0.0), "shapes_collide %d, reference gap %.6g", hit, gap);
        if (!hit) {
            misses++;
            continue;
        }
        hits++;
        double n = vlen(c.normal);
        CHECK(&cs, isfinite(c.normal.x) && isfinite(c.normal.y) && isfinite(c.depth),
              "contact not finite: normal (%g, %g) depth %g",
              (double)c.normal.x, (double)c.normal.y, (double)c.depth);
        CHECK(&cs, near(n, 1.0, 1e-4), "normal (%.7f, %.7f) has length %.7f",
              (double)c.normal.x, (double)c.normal.y, n);
        CHECK(&cs, c.depth >= 0.0f, "depth %g < 0", (double)c.depth);
        CHECK(&cs, near(c.depth, -gap, DEPTH_TOL + 1e-5 * -gap),
              "depth %.6f, reference %.6f", (double)c.depth, -gap);
        /* Pushed out by depth + a hair: apart. */
        double push = (double)c.depth + PUSH_OUT;
        Shape out = shape_translated(&b, c.normal.x * push, c.normal.y * push);
        Contact unused = c;
        CHECK(&cs, !shapes_collide(&a, &out, &unused),
              "moving b by normal (%.6f, %.6f) * (depth %.6f + %g) leaves them colliding "
              "(reference gap after the move %.6g)",
              (double)c.normal.x, (double)c.normal.y, (double)c.depth, PUSH_OUT, ref_gap(&a, &out));
        if (c.depth > PUSH_SHORT) {
            double short_push = (double)c.depth - PUSH_SHORT;
            Shape still = shape_translated(&b, c.normal.x * short_push, c.normal.y * short_push);
            CHECK(&cs, shapes_collide(&a, &still, &unused),
                  "moving b by normal (%.6f, %.6f) * (depth %.6f - %g) separates them "
                  "(reference gap after the move %.6g)",
                  (double)c.normal.x, (double)c.normal.y, (double)c.depth, PUSH_SHORT,
                  ref_gap(&a, &still));
        }
    }
    check_coverage("contact is the MTV", hits, misses, skipped);
}

/* ---- Property 8: no shorter move in any direction separates ------------- */

static void test_depth_is_minimal(void **state)
{
    (void)state;
    int hits = 0, misses = 0, probes = 0;
    for (int i = 0; i < MINIMAL_CASES; i++) {
        Rng r = rng_for_case(8, i);
        int combo = i % 9;
        Shape a = { .kind = SHAPE_CIRCLE }, b = { .kind = SHAPE_CIRCLE };
        gen_pair(&r, combo_a(combo), combo_b(combo), &a, &b);
        Case cs = { "depth is minimal over directions", 8, i, &a, &b };
        Contact c = { { 0.0f, 0.0f }, 0.0f };
        if (!shapes_collide(&a, &b, &c)) {
            misses++;
            continue;
        }
        hits++;
        if (c.depth <= PUSH_SHORT) {
            continue;
        }
        double move = (double)c.depth - PUSH_SHORT;
        for (int k = 0; k < MINIMAL_DIRS; k++) {
            double t = rng_range(&r, 0.0, 2.0 * PI_D);
            Shape moved = shape_translated(&b, cos(t) * move, sin(t) * move);
            Contact unused = c;
            CHECK(&cs, shapes_collide(&a, &moved, &unused),
                  "depth %.6f, normal (%.6f, %.6f), but moving b by (depth - %g) along "
                  "(%.6f, %.6f) separates them (reference gap after the move %.6g)",
                  (double)c.depth, (double)c.normal.x, (double)c.normal.y, PUSH_SHORT,
                  cos(t), sin(t), ref_gap(&a, &moved));
            probes++;
        }
    }
    printf("    %d directions probed\n", probes);
    check_coverage("depth is minimal", hits, misses, 0);
}

/* ---- Property 9: sat_report agrees with shapes_collide ------------------ */

static int expected_axes(const Shape *a, const Shape *b)
{
    int count = 0;
    if (a->kind == SHAPE_CIRCLE && b->kind == SHAPE_CIRCLE) {
        count = 1;
    } else {
        const Shape *s[2] = { a, b };
        for (int k = 0; k < 2; k++) {
            count += s[k]->kind == SHAPE_RECT ? 2 : (s[k]->kind == SHAPE_POLY ? s[k]->poly.count : 1);
        }
    }
    return count;
}

/* Pairs for the report: besides gen_pair's, pairs within 1e-3 px of
 * touching, one shape inside the other, thin shapes and huge ones far from
 * the origin (mode = case % 5). */
enum { SAT_NORMAL, SAT_TOUCHING, SAT_INSIDE, SAT_THIN, SAT_HUGE, SAT_MODES };

/// s (built around the origin) scaled by (kx, ky) in the origin's frame:
/// affine, so a convex polygon stays convex. A circle takes kx.
static Shape shape_scaled(const Shape *s, double kx, double ky)
{
    Shape t = *s;
    if (t.kind == SHAPE_CIRCLE) {
        t.circle.center = v2(t.circle.center.x * kx, t.circle.center.y * kx);
        t.circle.radius = (float)(t.circle.radius * kx);
    } else if (t.kind == SHAPE_RECT) {
        t.rect.center = v2(t.rect.center.x * kx, t.rect.center.y * ky);
        t.rect.half = v2(t.rect.half.x * kx, t.rect.half.y * ky);
    } else {
        for (int i = 0; i < t.poly.count; i++) {
            t.poly.verts[i] = v2(t.poly.verts[i].x * kx, t.poly.verts[i].y * ky);
        }
    }
    return t;
}

static void gen_sat_pair(Rng *r, int mode, ShapeKind ka, ShapeKind kb, Shape *a, Shape *b)
{
    Vec2 origin = { 0.0f, 0.0f };
    Shape a0 = gen_shape(r, ka, origin);
    Shape b0 = gen_shape(r, kb, origin);
    if ((rng_next(r) & 3u) == 0) {
        // a quarter upright (the rectangles' angle-0 paths)
        if (ka == SHAPE_RECT) {
            a0.rect.angle = 0.0f;
        }
        if (kb == SHAPE_RECT) {
            b0.rect.angle = 0.0f;
        }
    }
    if (mode == SAT_THIN) {
        // squashed to 1/50 .. 1/1000 of their height (a circle shrinks)
        a0 = shape_scaled(&a0, ka == SHAPE_CIRCLE ? 0.02 : 1.0, rng_range(r, 0.001, 0.02));
        b0 = shape_scaled(&b0, kb == SHAPE_CIRCLE ? 0.02 : 1.0, rng_range(r, 0.001, 0.02));
    } else if (mode == SAT_HUGE) {
        a0 = shape_scaled(&a0, 1000.0, 1000.0);
        b0 = shape_scaled(&b0, 1000.0, 1000.0);
    } else if (mode == SAT_INSIDE) {
        b0 = shape_scaled(&b0, 0.2, 0.2);
    }
    Vec2 ca = mode == SAT_HUGE ? v2(rng_range(r, -3e6, 3e6), rng_range(r, -3e6, 3e6)) : canvas_point(r, 100.0);
    *a = shape_translated(&a0, ca.x, ca.y);
    double dir = rng_range(r, 0.0, 2.0 * PI_D);
    double dx = cos(dir), dy = sin(dir);
    double reach = ref_support(a, ca, dx, dy) + ref_support(&b0, origin, -dx, -dy);
    double t = rng_unit(r) * 1.75 * reach;
    if (mode == SAT_INSIDE) {
        t = rng_unit(r) * 0.1 * reach;
    }
    *b = shape_translated(&b0, (double)ca.x + dx * t, (double)ca.y + dy * t);
    if (mode == SAT_TOUCHING) {
        // secant steps on t until the reference gap is about 0, then a
        // nudge of at most 1e-3 px either way
        double t0 = reach;
        Shape s0 = shape_translated(&b0, (double)ca.x + dx * t0, (double)ca.y + dy * t0);
        double g0 = ref_gap(a, &s0);
        double t1 = 0.9 * reach;
        for (int k = 0; k < 8; k++) {
            Shape s1 = shape_translated(&b0, (double)ca.x + dx * t1, (double)ca.y + dy * t1);
            double g1 = ref_gap(a, &s1);
            if (g1 == g0 || fabs(g1) < 1e-5) {
                break;
            }
            double t2 = t1 - g1 * (t1 - t0) / (g1 - g0);
            t0 = t1;
            g0 = g1;
            t1 = t2;
        }
        t1 += rng_range(r, -1e-3, 1e-3);
        *b = shape_translated(&b0, (double)ca.x + dx * t1, (double)ca.y + dy * t1);
    }
    if (mode == SAT_INSIDE && (rng_next(r) & 1u) != 0) {
        Shape keep = *a;
        *a = *b;
        *b = keep;
    }
}

/// The largest |coordinate| + size in the pair: rounding scales with it.
static double pair_magnitude(const Shape *a, const Shape *b)
{
    double m = 0.0;
    const Shape *s[2] = { a, b };
    for (int k = 0; k < 2; k++) {
        RefShape q = ref_from_shape(s[k]);
        for (int i = 0; i < q.n; i++) {
            m = fmax(m, fabs(q.x[i]) + q.r);
            m = fmax(m, fabs(q.y[i]) + q.r);
        }
    }
    return m;
}

static int sat_cases(void)
{
    const char *env = getenv("CL_SAT_CASES");
    int n = env != NULL && *env != '\0' ? atoi(env) : SAT_CASES;
    return n > 0 ? n : SAT_CASES;
}

/* The report is the deciding code with its recorder on: its verdict and
 * contact are shapes_collide's to the bit; every interval it recorded is
 * checked against projections computed here, in double precision, on the
 * same axis; the separating axis really separates and comes after axes that
 * do not; the least overlap is the least and is the contact; and the
 * contact is the true minimum translation (the reference gap). */
static void test_sat_report_agrees(void **state)
{
    (void)state;
    int hits = 0, misses = 0, touching = 0;
    int mode_hits[SAT_MODES] = { 0 }, mode_total[SAT_MODES] = { 0 };
    const int cases = sat_cases();
    for (int i = 0; i < cases; i++) {
        Rng r = rng_for_case(9, i);
        int mode = i % SAT_MODES;
        int combo = (i / SAT_MODES) % 9;
        Shape a = { .kind = SHAPE_CIRCLE }, b = { .kind = SHAPE_CIRCLE };
        gen_sat_pair(&r, mode, combo_a(combo), combo_b(combo), &a, &b);
        Case cs = { "sat_report: the recorder of the deciding test", 9, i, &a, &b };
        SatReport rep;
        memset(&rep, 0x5a, sizeof rep);
        Contact c;
        memset(&c, 0x77, sizeof c);
        Contact untouched = c;
        bool hit = shapes_collide(&a, &b, &c);
        CHECK(&cs, sat_report(&a, &b, &rep), "sat_report refused a valid pair");
        /* 1. bit for bit the verdict and the contact of the run without recorder */
        CHECK(&cs, rep.hit == hit, "sat_report hit %d, shapes_collide %d", rep.hit, hit);
        if (hit) {
            CHECK(&cs, memcmp(&rep.contact, &c, sizeof c) == 0,
                  "contact with recorder (%.9g, %.9g) %.9g, without (%.9g, %.9g) %.9g",
                  (double)rep.contact.normal.x, (double)rep.contact.normal.y, (double)rep.contact.depth,
                  (double)c.normal.x, (double)c.normal.y, (double)c.depth);
        } else {
            CHECK(&cs, memcmp(&untouched, &c, sizeof c) == 0, "a miss wrote the contact");
        }
        CHECK(&cs, rep.count == expected_axes(&a, &b), "%d axes, expected %d", rep.count, expected_axes(&a, &b));
        /* 2. every axis against independent projections */
        double mag = pair_magnitude(&a, &b);
        double tol = 2e-3 + 4e-6 * mag;
        RefShape qa = ref_from_shape(&a), qb = ref_from_shape(&b);
        double push[SAT_MAX_AXES];
        for (int k = 0; k < rep.count; k++) {
            const SatAxis *ax = &rep.axes[k];
            double alo = 0.0, ahi = 0.0, blo = 0.0, bhi = 0.0;
            CHECK(&cs, near(vlen(ax->axis), 1.0, 1e-5), "axis %d (%.7f, %.7f) is not unit",
                  k, (double)ax->axis.x, (double)ax->axis.y);
            ref_project(&qa, ax->axis.x, ax->axis.y, &alo, &ahi);
            ref_project(&qb, ax->axis.x, ax->axis.y, &blo, &bhi);
            CHECK(&cs, near(ax->a.min, alo, tol) && near(ax->a.max, ahi, tol) &&
                       near(ax->b.min, blo, tol) && near(ax->b.max, bhi, tol),
                  "axis %d (%.6f, %.6f): recorded a [%.4f, %.4f] b [%.4f, %.4f], "
                  "projected here a [%.4f, %.4f] b [%.4f, %.4f]", k,
                  (double)ax->axis.x, (double)ax->axis.y, (double)ax->a.min, (double)ax->a.max,
                  (double)ax->b.min, (double)ax->b.max, alo, ahi, blo, bhi);
            push[k] = fmin(ahi - blo, bhi - alo);
            CHECK(&cs, near(ax->overlap, push[k], tol), "axis %d overlap %.6f, projected here %.6f",
                  k, (double)ax->overlap, push[k]);
        }
        /* 3. the separating axis separates; no axis before it does */
        if (!hit) {
            misses++;
            CHECK(&cs, rep.separating >= 0 && rep.separating < rep.count, "miss, separating %d",
                  rep.separating);
            CHECK(&cs, push[rep.separating] < tol, "separating axis %d: projected here they overlap by %.6f",
                  rep.separating, push[rep.separating]);
            for (int k = 0; k < rep.separating; k++) {
                CHECK(&cs, push[k] > -tol, "axis %d shows a gap of %.6f before the separating axis %d",
                      k, -push[k], rep.separating);
            }
            CHECK(&cs, rep.min_axis == -1, "miss, min_axis %d", rep.min_axis);
        } else {
            hits++;
            CHECK(&cs, rep.separating == -1, "hit, separating %d", rep.separating);
            for (int k = 0; k < rep.count; k++) {
                CHECK(&cs, push[k] > -tol, "hit, but axis %d shows a gap of %.6f", k, -push[k]);
            }
            /* 4. the least overlap: the least, along the contact normal */
            CHECK(&cs, rep.min_axis >= 0 && rep.min_axis < rep.count, "hit, min_axis %d", rep.min_axis);
            const SatAxis *m = &rep.axes[rep.min_axis];
            double along = (double)m->axis.x * c.normal.x + (double)m->axis.y * c.normal.y;
            CHECK(&cs, near(fabs(along), 1.0, 1e-6), "contact normal (%.6f, %.6f) is not along the least axis %d",
                  (double)c.normal.x, (double)c.normal.y, rep.min_axis);
            CHECK(&cs, near(c.depth, fmax(push[rep.min_axis], 0.0), tol),
                  "depth %.6f, least axis %d projected here %.6f", (double)c.depth, rep.min_axis,
                  push[rep.min_axis]);
            for (int k = 0; k < rep.count; k++) {
                CHECK(&cs, push[k] > push[rep.min_axis] - tol, "axis %d needs %.6f, less than the least (%d: %.6f)",
                      k, push[k], rep.min_axis, push[rep.min_axis]);
            }
            /* 5. and that is the true minimum translation */
            double gap = ref_gap(&a, &b);
            CHECK(&cs, near(c.depth, fmax(-gap, 0.0), tol), "depth %.6f, reference minimum translation %.6f",
                  (double)c.depth, -gap);
            mode_hits[mode]++;
        }
        if (mode == SAT_TOUCHING && fabs(ref_gap(&a, &b)) <= 1e-3) {
            touching++;
        }
        mode_total[mode]++;
    }
    static const char *const MODE_NAME[SAT_MODES] = { "random", "touching", "inside", "thin", "huge" };
    for (int k = 0; k < SAT_MODES; k++) {
        printf("    %-9s %7d cases, %7d colliding\n", MODE_NAME[k], mode_total[k], mode_hits[k]);
    }
    printf("    %d pairs within 1e-3 px of touching\n", touching);
    assert_true(5 * touching >= cases / SAT_MODES);
    check_coverage("sat_report", hits, misses, 0);
}

/* ---- Property 11: prepared shapes answer as shapes_collide, to the bit ----- */

/* shape_prepare once, prepared_collide per pair: the verdict and the
 * contact of shapes_collide to the bit, both ways round, with and without
 * the contact, on the report's pairs (touching, inside, thin, huge); one
 * prepared shape is kept and met again by the next pairs, as a physics step
 * uses it. Every tenth pair has one field made bad: both refuse it, the
 * contact untouched. */
static void test_prepared_agrees(void **state)
{
    (void)state;
    int hits = 0, misses = 0, bad = 0;
    const int cases = CASES;
    PreparedShape kept;
    Shape kept_shape = { .kind = SHAPE_CIRCLE };
    kept_shape.circle.center = v2(640.0, 360.0);
    kept_shape.circle.radius = 50.0f;
    assert_true(shape_prepare(&kept_shape, &kept));
    for (int i = 0; i < cases; i++) {
        Rng r = rng_for_case(11, i);
        int mode = i % SAT_MODES;
        int combo = (i / SAT_MODES) % 9;
        Shape a = { .kind = SHAPE_CIRCLE }, b = { .kind = SHAPE_CIRCLE };
        gen_sat_pair(&r, mode, combo_a(combo), combo_b(combo), &a, &b);
        bool make_bad = i % 10 == 9;
        if (make_bad) {
            // one field out of the working range, NaN, or a count or kind
            // outside theirs
            Shape *s = (rng_next(&r) & 1u) != 0 ? &a : &b;
            unsigned pick = (unsigned)(rng_next(&r) % 4u);
            if (pick == 0) {
                s->kind = (ShapeKind)7;
            } else if (s->kind == SHAPE_CIRCLE) {
                s->circle.radius = pick == 1 ? -1.0f : NAN;
            } else if (s->kind == SHAPE_RECT) {
                s->rect.half.y = pick == 1 ? -2.0f : (pick == 2 ? NAN : 2e8f);
            } else {
                s->poly.verts[s->poly.count - 1].x = pick == 1 ? INFINITY : NAN;
                if (pick == 3) {
                    s->poly.count = POLY_MAX_VERTS + 1;
                }
            }
        }
        Case cs = { "prepared_collide == shapes_collide", 11, i, &a, &b };
        PreparedShape pa, pb;
        memset(&pa, 0x5a, sizeof pa);
        memset(&pb, 0x5a, sizeof pb);
        bool va = shape_prepare(&a, &pa);
        bool vb = shape_prepare(&b, &pb);
        CHECK(&cs, va == shape_is_valid(&a) && vb == shape_is_valid(&b) && pa.valid == va && pb.valid == vb,
              "shape_prepare %d %d, shape_is_valid %d %d", va, vb, shape_is_valid(&a), shape_is_valid(&b));
        const Shape *s[2] = { &a, &b };
        const PreparedShape *p[2] = { &pa, &pb };
        for (int way = 0; way < 2; way++) {
            const Shape *x = s[way], *y = s[1 - way];
            const PreparedShape *px = p[way], *py = p[1 - way];
            Contact want, got;
            memset(&want, 0x77, sizeof want);
            memset(&got, 0x77, sizeof got);
            bool hit = shapes_collide(x, y, &want);
            bool phit = prepared_collide(px, py, &got);
            CHECK(&cs, phit == hit, "way %d: prepared %d, shapes_collide %d", way, phit, hit);
            CHECK(&cs, memcmp(&want, &got, sizeof want) == 0,
                  "way %d: contact prepared (%.9g, %.9g) %.9g, shapes_collide (%.9g, %.9g) %.9g", way,
                  (double)got.normal.x, (double)got.normal.y, (double)got.depth,
                  (double)want.normal.x, (double)want.normal.y, (double)want.depth);
            CHECK(&cs, prepared_collide(px, py, NULL) == shapes_collide(x, y, NULL), "way %d: verdicts without contact", way);
            // the kept shape, met again
            Contact kw, kg;
            memset(&kw, 0x11, sizeof kw);
            memset(&kg, 0x11, sizeof kg);
            bool khit = shapes_collide(&kept_shape, x, &kw);
            CHECK(&cs, prepared_collide(&kept, px, &kg) == khit && memcmp(&kw, &kg, sizeof kw) == 0,
                  "way %d: the kept shape disagrees", way);
        }
        if (make_bad) {
            bad++;
            CHECK(&cs, !(va && vb), "a bad field was accepted");
        } else if (shapes_collide(&a, &b, NULL)) {
            hits++;
        } else {
            misses++;
        }
        if (i % 97 == 0) {
            // now and then, the kept shape is this pair's a
            kept_shape = a;
            (void)shape_prepare(&kept_shape, &kept);
        }
    }
    // NULL anywhere: false, nothing written
    PreparedShape none;
    memset(&none, 0x5a, sizeof none);
    Contact c;
    memset(&c, 0x77, sizeof c);
    Contact c_copy = c;
    assert_false(shape_prepare(NULL, &none));
    assert_false(none.valid);
    assert_false(shape_prepare(&kept_shape, NULL));
    assert_false(prepared_collide(NULL, &kept, &c));
    assert_false(prepared_collide(&kept, NULL, &c));
    assert_false(prepared_collide(&none, &kept, &c));
    assert_true(memcmp(&c, &c_copy, sizeof c) == 0);
    printf("    %d bad pairs refused alike\n", bad);
    assert_true(bad > 0);
    check_coverage("prepared_collide", hits, misses, 0);
}

/* ---- Property 12: a circle just in front of a polygon's edge ------------ */

/* shapes_collide and collide_circle_poly tell a circle clearly in front of
 * one of a polygon's edges apart from its raw vertices, before building the
 * hull (sat.c's sat_circle_poly_apart); prepared_collide always runs the
 * hull's test. Circles placed in front of (or behind) a random edge at
 * r (1 + u) from its line, u from -1e-2 to 1e-2 and down to 1e-7 (around
 * that shortcut's margin, a few 1e-5 of the lengths), on convex polygons
 * of either winding, thin ones too, at scales 1e-3 to 1e4 and far from the
 * origin: the verdicts and contacts agree to the bit, both ways round. */
static void test_circle_poly_edge_margin(void **state)
{
    (void)state;
    int hits = 0, misses = 0;
    for (int i = 0; i < CASES; i++) {
        Rng r = rng_for_case(12, i);
        double scale = pow(10.0, rng_range(&r, -3.0, 4.0));
        Vec2 c = canvas_point(&r, 0.0);
        if (i % 8 == 0) {
            c = v2(rng_range(&r, -1e7, 1e7), rng_range(&r, -1e7, 1e7));
        }
        Shape p = gen_poly(&r, v2(0.0, 0.0));
        double squash = i % 5 == 0 ? 1e-3 : 1.0;
        for (int k = 0; k < p.poly.count; k++) {
            p.poly.verts[k] = v2(c.x + p.poly.verts[k].x * scale, c.y + p.poly.verts[k].y * scale * squash);
        }
        int n = p.poly.count;
        int k = rng_int(&r, 0, n - 1);
        Vec2 a = p.poly.verts[k], b = p.poly.verts[(k + 1) % n];
        double ex = (double)b.x - a.x, ey = (double)b.y - a.y;
        double len = sqrt(ex * ex + ey * ey);
        if (!(len > 0.0)) {
            continue;
        }
        double side = (rng_next(&r) & 1u) != 0 ? 1.0 : -1.0;
        double nx = side * ey / len, ny = -side * ex / len;
        double t = rng_range(&r, -0.2, 1.2);
        double radius = rng_range(&r, 0.0, 60.0) * scale;
        static const double us[] = { 1e-7, 1e-6, 1e-5, 3e-5, 1e-4, 1e-3, 1e-2 };
        double u = us[rng_int(&r, 0, 6)] * rng_range(&r, -1.0, 2.0);
        double dist = radius * (1.0 + u) + u * 1e-3 * len;
        Shape ci = { .kind = SHAPE_CIRCLE };
        ci.circle.center = v2(a.x + t * ex + nx * dist, a.y + t * ey + ny * dist);
        ci.circle.radius = (float)radius;
        Case cs = { "edge margin: raw == prepared", 12, i, &ci, &p };
        PreparedShape pc, pp;
        assert_true(shape_prepare(&ci, &pc));
        assert_true(shape_prepare(&p, &pp));
        const Shape *s[2] = { &ci, &p };
        const PreparedShape *ps[2] = { &pc, &pp };
        bool hit = false;
        for (int way = 0; way < 2; way++) {
            Contact want, got;
            memset(&want, 0x77, sizeof want);
            memset(&got, 0x77, sizeof got);
            bool h = shapes_collide(s[way], s[1 - way], &want);
            bool ph = prepared_collide(ps[way], ps[1 - way], &got);
            CHECK(&cs, h == ph && memcmp(&want, &got, sizeof want) == 0,
                  "way %d: shapes_collide %d (%.9g, %.9g) %.9g, prepared %d (%.9g, %.9g) %.9g", way, h,
                  (double)want.normal.x, (double)want.normal.y, (double)want.depth, ph, (double)got.normal.x,
                  (double)got.normal.y, (double)got.depth);
            CHECK(&cs, shapes_collide(s[way], s[1 - way], NULL) == ph, "way %d: verdict without contact", way);
            hit = h;
        }
        CHECK(&cs, collide_circle_poly(ci.circle, &p.poly) == hit, "collide_circle_poly disagrees");
        if (hit) {
            hits++;
        } else {
            misses++;
        }
    }
    check_coverage("circle in front of an edge", hits, misses, 0);
}

/* Regression: seed 122, case 4160 of the MTV property once found the
 * polygon's closest feature chosen by rounding (a circle nearly containing a
 * small hexagon, its centre 1.13 px from a vertex). Kept as a second seed. */
static void test_contact_is_mtv_seed_122(void **state)
{
    uint64_t keep = g_seed;
    g_seed = 122;
    test_contact_is_mtv(state);
    g_seed = keep;
}

int main(void)
{
    const char *seed = getenv("CL_PROP_SEED");
    if (seed != NULL && *seed != '\0') {
        g_seed = (uint64_t)strtoull(seed, NULL, 0);
    }
    printf("property tests, seed 0x%llx, %d cases per property\n", (unsigned long long)g_seed, CASES);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_circle_aabb_methods_agree),
        cmocka_unit_test(test_rect_rect_matches_poly_poly),
        cmocka_unit_test(test_circle_rect_matches_circle_poly),
        cmocka_unit_test(test_aabb_aabb_matches_rect_rect_at_angle_0),
        cmocka_unit_test(test_symmetry),
        cmocka_unit_test(test_rigid_motion_invariance),
        cmocka_unit_test(test_contact_is_mtv),
        cmocka_unit_test(test_contact_is_mtv_seed_122),
        cmocka_unit_test(test_depth_is_minimal),
        cmocka_unit_test(test_sat_report_agrees),
        cmocka_unit_test(test_prepared_agrees),
        cmocka_unit_test(test_circle_poly_edge_margin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
