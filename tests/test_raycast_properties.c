/*
 * test_raycast_properties.c - property tests of ray_cast_shape and
 * sweep_circle_shape on 100,000 fixed-seed cases each, every answer checked
 * against an independent reference written here in double precision: the
 * signed distance from a point to the shape (negative inside). For a convex
 * shape that distance is a convex function along any line, so its minimum
 * over a piece of the segment is found exactly by golden-section search: no
 * sampling gaps.
 *
 * Rays (origin near the shape, some inside; aimed so that about half hit):
 *   - a hit at fraction > 0 lies on the boundary (|distance| <= 1e-3 px),
 *     no earlier point of the segment is inside (min distance >= -1e-3),
 *     and the normal is outward (one pixel along it from the point is one
 *     pixel from the shape: the normal of a supporting line);
 *   - a hit at fraction 0 has its origin inside or on the shape;
 *   - a miss: no point of the segment is inside (min distance >= -1e-3);
 *   - point = origin + fraction * translation, unit normal, fraction in [0, 1].
 * Swept circles (radius 1..40, start near the shape, some touching):
 *   - toi > 0: the circle at toi touches (centre distance = r within 1e-3,
 *     shapes_collide with r + 1e-3 agrees), none before toi - 1e-3 overlaps
 *     (min centre distance >= r - 1e-3 on [0, toi - 1e-3]; shapes_collide
 *     with r - 1e-3 at toi - 1e-3 says apart), the contact point is on the
 *     boundary one radius from the centre along the normal, and the normal
 *     points from the shape to the circle (one pixel further along it, the
 *     centre is r + 1 from the shape);
 *   - toi 0: shapes_collide says touching, and the normal is its contact's
 *     reversed (or, within rounding, the distance is r);
 *   - a miss: the circle never overlaps on the way (min distance >= r - 1e-3;
 *     shapes_collide with r - 1e-3 at the closest moment says apart).
 * Both: the recording variant gives the same verdict and hit, byte for byte,
 * and its record agrees with it (the entry fraction is the last entering
 * slab / edge, the smallest root; the feature kind matches).
 * CL_PROP_SEED=<number> runs another seed; a failure prints the case.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <math.h>

#include "collide.h"

#define CASES 100000
#define CANVAS_W 1280.0
#define CANVAS_H 720.0
#define PI_D 3.14159265358979323846
#define TOL 1e-3              /* px: on the boundary, not inside */

static uint64_t g_seed = 0x5A7EC0DEull;

/* ---- PRNG: splitmix64, one stream per (property, case) ------------------- */

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

static double rng_unit(Rng *r) { return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }
static double rng_range(Rng *r, double lo, double hi) { return lo + (hi - lo) * rng_unit(r); }
static int rng_int(Rng *r, int lo, int hi) { return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1)); }

static Rng rng_for_case(int prop, int index)
{
    Rng r = { mix64(g_seed ^ mix64(((uint64_t)(unsigned)prop << 32) | (uint64_t)(unsigned)index)) };
    return r;
}

/* ---- Shapes ------------------------------------------------------------------ */

static Vec2 v2(double x, double y)
{
    Vec2 v = { (float)x, (float)y };
    return v;
}

/// A random shape of `kind` about c; *bound gets its bounding radius.
static Shape gen_shape(Rng *r, ShapeKind kind, Vec2 c, double *bound)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = kind;
    if (kind == SHAPE_CIRCLE) {
        s.circle.center = c;
        s.circle.radius = (float)rng_range(r, 5.0, 80.0);
        *bound = s.circle.radius;
    } else if (kind == SHAPE_RECT) {
        s.rect.center = c;
        s.rect.half = v2(rng_range(r, 2.0, 100.0), rng_range(r, 2.0, 100.0));
        // a quarter axis-aligned (angle 0: no trigonometry), the rest any angle
        s.rect.angle = rng_int(r, 0, 3) == 0 ? 0.0f : (float)rng_range(r, -PI_D, PI_D);
        *bound = hypot(s.rect.half.x, s.rect.half.y);
    } else {
        // jittered angles on an ellipse, turned: convex; either winding
        int n = rng_int(r, 3, POLY_MAX_VERTS);
        double radius = rng_range(r, 10.0, 80.0);
        double squash = rng_range(r, 0.4, 1.0);
        double turn = rng_range(r, 0.0, 2.0 * PI_D);
        bool reverse = rng_int(r, 0, 1) == 1;
        s.poly.count = n;
        for (int i = 0; i < n; ++i) {
            double t = 2.0 * PI_D * ((double)i + rng_range(r, -0.3, 0.3)) / (double)n;
            double lx = radius * cos(t);
            double ly = radius * squash * sin(t);
            int slot = reverse ? n - 1 - i : i;
            s.poly.verts[slot] = v2(c.x + lx * cos(turn) - ly * sin(turn), c.y + lx * sin(turn) + ly * cos(turn));
        }
        *bound = radius;
    }
    return s;
}

/* ---- The reference: signed distance in double ----------------------------- */

typedef struct Ref {
    bool circle;
    double cx, cy, r;
    int n;
    double x[POLY_MAX_VERTS], y[POLY_MAX_VERTS];
    double sigma;     /* +1 / -1: the polygon's winding */
} Ref;

static Ref ref_of(const Shape *s)
{
    Ref f;
    memset(&f, 0, sizeof f);
    if (s->kind == SHAPE_CIRCLE) {
        f.circle = true;
        f.cx = s->circle.center.x;
        f.cy = s->circle.center.y;
        f.r = s->circle.radius;
        return f;
    }
    if (s->kind == SHAPE_RECT) {
        // the corners as collide.h defines them (half extents turned by angle), in double
        double c = cos((double)s->rect.angle);
        double sn = sin((double)s->rect.angle);
        static const double LX[4] = { -1, 1, 1, -1 };
        static const double LY[4] = { -1, -1, 1, 1 };
        f.n = 4;
        for (int i = 0; i < 4; ++i) {
            double lx = LX[i] * s->rect.half.x;
            double ly = LY[i] * s->rect.half.y;
            f.x[i] = s->rect.center.x + lx * c - ly * sn;
            f.y[i] = s->rect.center.y + lx * sn + ly * c;
        }
    } else {
        f.n = s->poly.count;
        for (int i = 0; i < f.n; ++i) {
            f.x[i] = s->poly.verts[i].x;
            f.y[i] = s->poly.verts[i].y;
        }
    }
    double area2 = 0.0;
    for (int i = 0; i < f.n; ++i) {
        int j = (i + 1) % f.n;
        area2 += f.x[i] * f.y[j] - f.x[j] * f.y[i];
    }
    f.sigma = area2 >= 0.0 ? 1.0 : -1.0;
    return f;
}

/// Distance from p to the segment a-b.
static double seg_dist(double px, double py, double ax, double ay, double bx, double by)
{
    double ex = bx - ax, ey = by - ay;
    double len2 = ex * ex + ey * ey;
    double t = len2 > 0.0 ? ((px - ax) * ex + (py - ay) * ey) / len2 : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    return hypot(px - (ax + t * ex), py - (ay + t * ey));
}

/// Signed distance from (px, py) to the shape: negative inside.
static double ref_sd(const Ref *f, double px, double py)
{
    if (f->circle) {
        return hypot(px - f->cx, py - f->cy) - f->r;
    }
    bool inside = true;
    double d = INFINITY;
    for (int i = 0; i < f->n; ++i) {
        int j = (i + 1) % f->n;
        double cross = (f->x[j] - f->x[i]) * (py - f->y[i]) - (f->y[j] - f->y[i]) * (px - f->x[i]);
        inside = inside && f->sigma * cross >= 0.0;
        double di = seg_dist(px, py, f->x[i], f->y[i], f->x[j], f->y[j]);
        d = di < d ? di : d;
    }
    return inside ? -d : d;
}

/// The minimum over t in [a, b] of ref_sd(o + t d) - offset (convex in t):
/// golden-section search, endpoints included; *at gets where.
static double min_along(const Ref *f, double ox, double oy, double dx, double dy, double a, double b,
                        double *at)
{
    const double g = 0.6180339887498949;
    double lo = a, hi = b;
    double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    double f1 = ref_sd(f, ox + x1 * dx, oy + x1 * dy);
    double f2 = ref_sd(f, ox + x2 * dx, oy + x2 * dy);
    for (int k = 0; k < 90 && hi - lo > 1e-12; ++k) {
        if (f1 <= f2) {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = ref_sd(f, ox + x1 * dx, oy + x1 * dy);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = ref_sd(f, ox + x2 * dx, oy + x2 * dy);
        }
    }
    double best = f1 < f2 ? f1 : f2;
    double where = f1 < f2 ? x1 : x2;
    double fa = ref_sd(f, ox + a * dx, oy + a * dy);
    double fb = ref_sd(f, ox + b * dx, oy + b * dy);
    if (fa < best) { best = fa; where = a; }
    if (fb < best) { best = fb; where = b; }
    if (at != NULL) *at = where;
    return best;
}

/* ---- Failure reports --------------------------------------------------------- */

static void print_shape(const Shape *s)
{
    if (s->kind == SHAPE_CIRCLE) {
        fprintf(stderr, "  shape = circle { (%.9g, %.9g), r %.9g }\n", (double)s->circle.center.x,
                (double)s->circle.center.y, (double)s->circle.radius);
    } else if (s->kind == SHAPE_RECT) {
        fprintf(stderr, "  shape = rect { (%.9g, %.9g), half (%.9g, %.9g), angle %.9g }\n",
                (double)s->rect.center.x, (double)s->rect.center.y, (double)s->rect.half.x,
                (double)s->rect.half.y, (double)s->rect.angle);
    } else {
        fprintf(stderr, "  shape = poly { %d:", s->poly.count);
        for (int i = 0; i < s->poly.count; ++i) {
            fprintf(stderr, " (%.9g, %.9g)", (double)s->poly.verts[i].x, (double)s->poly.verts[i].y);
        }
        fprintf(stderr, " }\n");
    }
}

typedef struct Case { const char *prop; int prop_id, index; const Shape *s; Vec2 o, d; float radius; } Case;

static void case_fail(const Case *c, int line, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "\nproperty '%s' failed (test_raycast_properties.c:%d): ", c->prop, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n  seed 0x%llx (CL_PROP_SEED), rng_for_case(%d, %d)\n", (unsigned long long)g_seed,
            c->prop_id, c->index);
    print_shape(c->s);
    fprintf(stderr, "  origin (%.9g, %.9g) translation (%.9g, %.9g) radius %.9g\n", (double)c->o.x,
            (double)c->o.y, (double)c->d.x, (double)c->d.y, (double)c->radius);
    fail();
}

#define CHECK(cs, cond, ...)                                \
    do {                                                    \
        if (!(cond)) case_fail((cs), __LINE__, __VA_ARGS__); \
    } while (0)

static void check_coverage(const char *prop, const int hits[3], const int starts[3], const int misses[3])
{
    static const char *const KIND[3] = { "circle", "rect", "poly" };
    for (int k = 0; k < 3; ++k) {
        int total = hits[k] + starts[k] + misses[k];
        printf("  %-6s %-6s %6d cases: %6d hit on the way, %5d at the start, %6d missed\n", prop, KIND[k],
               total, hits[k], starts[k], misses[k]);
        assert_true(hits[k] >= total / 4);
        assert_true(misses[k] >= total / 5);
        assert_true(starts[k] >= total / 50);
    }
}

/* ---- Rays ---------------------------------------------------------------------- */

/// The record agrees with the hit it came with.
static void check_ray_record(const Case *cs, const RayRecord *rec, bool hit, const RayHit *h)
{
    CHECK(cs, rec->hit == hit && rec->kind == cs->s->kind, "record verdict");
    if (!hit) {
        CHECK(cs, rec->feature == -1, "record feature on a miss");
        return;
    }
    if (rec->inside) {
        CHECK(cs, h->fraction == 0.0f && rec->t_enter <= 0.0f && rec->t_exit >= 0.0f, "record inside");
        return;
    }
    CHECK(cs, h->fraction == fmaxf(rec->t_enter, 0.0f) && rec->t_enter <= rec->t_exit,
          "record entry %.9g, fraction %.9g", (double)rec->t_enter, (double)h->fraction);
    if (rec->kind == SHAPE_CIRCLE) {
        CHECK(cs, rec->disc >= 0.0f && rec->root0 == rec->t_enter && rec->root1 == rec->t_exit, "roots");
    } else if (rec->kind == SHAPE_RECT) {
        float enter = fmaxf(rec->slabs[0].t_enter, rec->slabs[1].t_enter);
        float exit = fminf(rec->slabs[0].t_exit, rec->slabs[1].t_exit);
        CHECK(cs, enter == rec->t_enter && exit == rec->t_exit, "slabs");
        int k = rec->slabs[0].t_enter >= rec->slabs[1].t_enter ? 0 : 1;
        CHECK(cs, rec->feature == rec->slabs[k].enter_edge && rec->feature >= 0, "slab edge");
    } else {
        float enter = -INFINITY, exit = INFINITY;
        for (int i = 0; i < rec->edge_count; ++i) {
            if (rec->edges[i].role == RAY_EDGE_ENTERS) enter = fmaxf(enter, rec->edges[i].t);
            if (rec->edges[i].role == RAY_EDGE_EXITS) exit = fminf(exit, rec->edges[i].t);
            CHECK(cs, rec->edges[i].role != RAY_EDGE_PARALLEL_OUT, "parallel outside on a hit");
        }
        CHECK(cs, rec->edge_count == cs->s->poly.count && enter == rec->t_enter && exit == rec->t_exit,
              "edges");
        CHECK(cs, rec->feature >= 0 && rec->edges[rec->feature].role == RAY_EDGE_ENTERS &&
                  rec->edges[rec->feature].t == rec->t_enter, "entered edge");
    }
}

static void test_ray_properties(void **state)
{
    (void)state;
    int hits[3] = { 0 }, starts[3] = { 0 }, misses[3] = { 0 };
    double worst_boundary = 0.0;
    for (int i = 0; i < CASES; ++i) {
        Rng r = rng_for_case(1, i);
        ShapeKind kind = (ShapeKind)(i % 3);
        Vec2 c = v2(rng_range(&r, 0.0, CANVAS_W), rng_range(&r, 0.0, CANVAS_H));
        double bound = 0.0;
        Shape s = gen_shape(&r, kind, c, &bound);
        // the origin up to 3 bounds away (some inside), aimed near the shape
        double a = rng_range(&r, 0.0, 2.0 * PI_D);
        double dist = bound * rng_range(&r, 0.2, 3.5);
        Vec2 o = v2(c.x + dist * cos(a), c.y + dist * sin(a));
        double b = rng_range(&r, 0.0, 2.0 * PI_D);
        double off = 1.6 * bound * sqrt(rng_unit(&r));
        double scale = rng_range(&r, 0.3, 1.7);
        Vec2 d = v2((c.x + off * cos(b) - o.x) * scale, (c.y + off * sin(b) - o.y) * scale);
        if (rng_int(&r, 0, 99) == 0) {
            d = v2(0.0, 0.0);   /* a point test */
        }
        Case cs = { "ray", 1, i, &s, o, d, 0.0f };
        Ref f = ref_of(&s);

        RayHit h, h2;
        RayRecord rec;
        memset(&h, 0x5A, sizeof h);
        memset(&h2, 0x5A, sizeof h2);
        bool hit = ray_cast_shape(&s, o, d, &h);
        bool hit2 = ray_cast_shape_record(&s, o, d, &h2, &rec);
        CHECK(&cs, hit == hit2 && memcmp(&h, &h2, sizeof h) == 0, "the recording variant differs");
        check_ray_record(&cs, &rec, hit, &h);

        double ox = o.x, oy = o.y, dx = d.x, dy = d.y;
        if (hit) {
            double t = h.fraction;
            CHECK(&cs, t >= 0.0 && t <= 1.0, "fraction %.9g", t);
            CHECK(&cs, fabs(h.point.x - (ox + t * dx)) <= TOL && fabs(h.point.y - (oy + t * dy)) <= TOL,
                  "point is not origin + fraction * translation");
            CHECK(&cs, fabs(hypot(h.normal.x, h.normal.y) - 1.0) <= 1e-5, "normal not unit");
            if (t > 0.0) {
                double sd = ref_sd(&f, h.point.x, h.point.y);
                worst_boundary = fmax(worst_boundary, fabs(sd));
                CHECK(&cs, fabs(sd) <= TOL, "hit point %.9g px off the boundary", sd);
                double before = min_along(&f, ox, oy, dx, dy, 0.0, t, NULL);
                CHECK(&cs, before >= -TOL, "a point before the hit is %.9g px inside", -before);
                double out = ref_sd(&f, h.point.x + h.normal.x, h.point.y + h.normal.y);
                CHECK(&cs, fabs(out - 1.0) <= 2.0 * TOL, "normal: 1 px along it is %.9g px out", out);
                hits[kind]++;
            } else {
                CHECK(&cs, ref_sd(&f, ox, oy) <= TOL, "fraction 0 but the origin is outside");
                double len = hypot(dx, dy);
                if (len > 0.0) {
                    CHECK(&cs, fabs(h.normal.x + dx / len) <= 1e-5 && fabs(h.normal.y + dy / len) <= 1e-5,
                          "inside: normal is not minus the direction");
                }
                starts[kind]++;
            }
        } else {
            CHECK(&cs, memcmp(&h, &h2, sizeof h) == 0, "miss: hit touched");
            double m = min_along(&f, ox, oy, dx, dy, 0.0, 1.0, NULL);
            CHECK(&cs, m >= -TOL, "missed, but the segment goes %.9g px inside", -m);
            misses[kind]++;
        }
    }
    printf("  ray: worst hit point off the boundary %.3g px\n", worst_boundary);
    check_coverage("ray", hits, starts, misses);
}

/* ---- Swept circles -------------------------------------------------------------- */

static bool collides_at(Vec2 center, double radius, const Shape *s)
{
    Shape c;
    memset(&c, 0, sizeof c);
    c.kind = SHAPE_CIRCLE;
    c.circle.center = center;
    c.circle.radius = (float)radius;
    return shapes_collide(&c, s, NULL);
}

static void test_sweep_properties(void **state)
{
    (void)state;
    int hits[3] = { 0 }, starts[3] = { 0 }, misses[3] = { 0 };
    double worst_touch = 0.0;
    for (int i = 0; i < CASES; ++i) {
        Rng r = rng_for_case(2, i);
        ShapeKind kind = (ShapeKind)(i % 3);
        Vec2 c = v2(rng_range(&r, 0.0, CANVAS_W), rng_range(&r, 0.0, CANVAS_H));
        double bound = 0.0;
        Shape s = gen_shape(&r, kind, c, &bound);
        float radius = (float)rng_range(&r, 1.0, 40.0);
        double a = rng_range(&r, 0.0, 2.0 * PI_D);
        double dist = (bound + radius) * rng_range(&r, 0.4, 3.0);
        Vec2 o = v2(c.x + dist * cos(a), c.y + dist * sin(a));
        double b = rng_range(&r, 0.0, 2.0 * PI_D);
        double off = 1.6 * (bound + radius) * sqrt(rng_unit(&r));
        double scale = rng_range(&r, 0.3, 1.7);
        Vec2 m = v2((c.x + off * cos(b) - o.x) * scale, (c.y + off * sin(b) - o.y) * scale);
        if (rng_int(&r, 0, 99) == 0) {
            m = v2(0.0, 0.0);   /* not moving */
        }
        Case cs = { "sweep", 2, i, &s, o, m, radius };
        Ref f = ref_of(&s);
        Circle circle = { o, radius };

        SweepHit h, h2;
        SweepRecord rec;
        memset(&h, 0x5A, sizeof h);
        memset(&h2, 0x5A, sizeof h2);
        bool hit = sweep_circle_shape(circle, m, &s, &h);
        bool hit2 = sweep_circle_shape_record(circle, m, &s, &h2, &rec);
        CHECK(&cs, hit == hit2 && memcmp(&h, &h2, sizeof h) == 0, "the recording variant differs");
        CHECK(&cs, (rec.feature != SWEEP_MISS) == hit, "record verdict");

        double ox = o.x, oy = o.y, mx = m.x, my = m.y, rr = radius;
        if (hit) {
            double t = h.toi;
            CHECK(&cs, t >= 0.0 && t <= 1.0, "toi %.9g", t);
            CHECK(&cs, fabs(hypot(h.normal.x, h.normal.y) - 1.0) <= 1e-5, "normal not unit");
            double px = ox + t * mx, py = oy + t * my;
            if (t > 0.0) {
                CHECK(&cs, rec.feature == SWEEP_CIRCLE || rec.feature == SWEEP_EDGE ||
                           rec.feature == SWEEP_VERTEX, "record feature %d", (int)rec.feature);
                CHECK(&cs, (rec.feature == SWEEP_CIRCLE) == (kind == SHAPE_CIRCLE), "circle feature");
                CHECK(&cs, rec.vertex_tested == (rec.feature == SWEEP_VERTEX) || rec.feature != SWEEP_VERTEX,
                      "vertex feature without a vertex test");
                // touches at toi: centre r from the shape
                double sd = ref_sd(&f, px, py) - rr;
                worst_touch = fmax(worst_touch, fabs(sd));
                CHECK(&cs, fabs(sd) <= TOL, "at toi the circle is %.9g px off touching", sd);
                CHECK(&cs, collides_at(v2(px, py), rr + TOL, &s), "shapes_collide: no touch at toi");
                // nothing earlier overlaps
                if (t > TOL) {
                    double before = min_along(&f, ox, oy, mx, my, 0.0, t - TOL, NULL) - rr;
                    CHECK(&cs, before >= -TOL, "before toi - 1e-3 the circle overlaps by %.9g", -before);
                    CHECK(&cs, !collides_at(v2(ox + (t - TOL) * mx, oy + (t - TOL) * my), rr - TOL, &s),
                          "shapes_collide: overlap at toi - 1e-3");
                }
                // the contact point: on the boundary, one radius back along the normal
                CHECK(&cs, fabs(ref_sd(&f, h.point.x, h.point.y)) <= TOL, "contact point off the boundary");
                CHECK(&cs, fabs(h.point.x + rr * h.normal.x - px) <= TOL &&
                           fabs(h.point.y + rr * h.normal.y - py) <= TOL, "contact point not r along the normal");
                // the normal: from the shape towards the circle
                double out = ref_sd(&f, px + h.normal.x, py + h.normal.y) - rr;
                CHECK(&cs, fabs(out - 1.0) <= 2.0 * TOL, "normal: 1 px along it the gap is %.9g", out);
                hits[kind]++;
            } else {
                CHECK(&cs, rec.feature == SWEEP_START, "toi 0 but feature %d", (int)rec.feature);
                Shape moving;
                memset(&moving, 0, sizeof moving);
                moving.kind = SHAPE_CIRCLE;
                moving.circle = circle;
                Contact ct;
                if (shapes_collide(&moving, &s, &ct)) {
                    CHECK(&cs, h.normal.x == -ct.normal.x && h.normal.y == -ct.normal.y,
                          "start: normal is not the contact reversed");
                } else {
                    CHECK(&cs, fabs(ref_sd(&f, ox, oy) - rr) <= TOL, "toi 0 but apart");
                }
                starts[kind]++;
            }
        } else {
            CHECK(&cs, memcmp(&h, &h2, sizeof h) == 0, "miss: hit touched");
            double at = 0.0;
            double gap = min_along(&f, ox, oy, mx, my, 0.0, 1.0, &at) - rr;
            CHECK(&cs, gap >= -TOL, "missed, but the circle overlaps by %.9g on the way", -gap);
            CHECK(&cs, !collides_at(v2(ox + at * mx, oy + at * my), rr - TOL, &s),
                  "shapes_collide: missed, but overlapping on the way");
            misses[kind]++;
        }
    }
    printf("  sweep: worst circle at toi off touching %.3g px\n", worst_touch);
    check_coverage("sweep", hits, starts, misses);
}

int main(void)
{
    const char *seed = getenv("CL_PROP_SEED");
    if (seed != NULL && seed[0] != '\0') {
        g_seed = strtoull(seed, NULL, 0);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ray_properties),
        cmocka_unit_test(test_sweep_properties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
