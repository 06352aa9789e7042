/*
 * test_app_raycast_lesson.c - lesson 10 (ray cast) against its own maths.
 *
 * Every number the lesson reports (--state-out "ray": per shape hit,
 * fraction, point, normal; the order; the first hit; the circle's roots,
 * the rectangle's slab intervals) is recomputed here in double precision
 * from the scene's coordinates alone, with no call into the module: the
 * quadratic, the slab method in the box's frame, Cyrus-Beck clipping.
 *   - through the real binary: lesson 10's own scene and its presets F2..F5
 *     (grazing a circle, through a vertex, starting inside, along an edge);
 *   - through the App: 3,000 seeded random origins, ends and box angles.
 * A verdict is compared only where it is clear: where growing and
 * shrinking the shape by 0.01 px changes it, the ray is a graze within
 * float rounding and either verdict is right (the fraction still must be).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <SDL_ttf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab_run.h"
#include "app/app.h"
#include "app/i18n.h"

static const double PI = 3.14159265358979323846;

/* A shape in double precision, from the scene's numbers. */
typedef struct DShape {
    int kind;                  /* 0 circle, 1 rect, 2 poly */
    double cx, cy, r;          /* circle; rect centre */
    double hw, hh, angle;      /* rect: half extents, radians */
    int n;                     /* poly */
    double px[16], py[16];
} DShape;

typedef struct DHit { bool hit, inside; double t; double enter, exit; } DHit;

/* The segment o + t d (t in [0, 1]) against s grown by g px. */
static DHit cast(const DShape *s, double ox, double oy, double dx, double dy, double g)
{
    DHit h = { false, false, 0.0, INFINITY, -INFINITY };
    double lo = -INFINITY, hi = INFINITY;
    if (s->kind == 0) {
        double r = s->r + g, fx = ox - s->cx, fy = oy - s->cy;
        double a = dx * dx + dy * dy, b = 2.0 * (fx * dx + fy * dy), c = fx * fx + fy * fy - r * r;
        if (c <= 0.0) { h.hit = h.inside = true; h.t = 0.0; }
        if (a == 0.0) return h;
        double disc = b * b - 4.0 * a * c;
        if (disc < 0.0) return h;
        lo = (-b - sqrt(disc)) / (2.0 * a);
        hi = (-b + sqrt(disc)) / (2.0 * a);
    } else if (s->kind == 1) {
        double cs = cos(s->angle), sn = sin(s->angle);
        double rx = ox - s->cx, ry = oy - s->cy;
        double lx = rx * cs + ry * sn, ly = -rx * sn + ry * cs;   /* R(-angle) */
        double ldx = dx * cs + dy * sn, ldy = -dx * sn + dy * cs;
        double half[2] = { s->hw + g, s->hh + g }, p[2] = { lx, ly }, d[2] = { ldx, ldy };
        if (fabs(lx) <= half[0] && fabs(ly) <= half[1]) { h.hit = h.inside = true; h.t = 0.0; }
        for (int k = 0; k < 2; k++) {
            if (d[k] == 0.0) {
                if (fabs(p[k]) > half[k]) { lo = INFINITY; hi = -INFINITY; }
                continue;
            }
            double t0 = (-half[k] - p[k]) / d[k], t1 = (half[k] - p[k]) / d[k];
            if (t0 > t1) { double x = t0; t0 = t1; t1 = x; }
            lo = fmax(lo, t0);
            hi = fmin(hi, t1);
        }
    } else {
        /* the winding from the signed area: outward normals either way */
        double area = 0.0;
        for (int i = 0; i < s->n; i++) {
            int j = (i + 1) % s->n;
            area += s->px[i] * s->py[j] - s->px[j] * s->py[i];
        }
        bool inside = true;
        for (int i = 0; i < s->n; i++) {
            int j = (i + 1) % s->n;
            double ex = s->px[j] - s->px[i], ey = s->py[j] - s->py[i], len = hypot(ex, ey);
            double nx = area > 0.0 ? ey / len : -ey / len, ny = area > 0.0 ? -ex / len : ex / len;
            /* inside the half-plane: n.(p - v) <= g */
            double num = g - (nx * (ox - s->px[i]) + ny * (oy - s->py[i])), den = nx * dx + ny * dy;
            if (num < 0.0) inside = false;
            if (den == 0.0) {
                if (num < 0.0) { lo = INFINITY; hi = -INFINITY; }
            } else if (den < 0.0) {
                lo = fmax(lo, num / den);
            } else {
                hi = fmin(hi, num / den);
            }
        }
        if (inside) { h.hit = h.inside = true; h.t = 0.0; }
    }
    h.enter = lo;
    h.exit = hi;
    if (!h.inside && lo <= hi && lo >= 0.0 && lo <= 1.0) { h.hit = true; h.t = lo; }
    return h;
}

static DShape from_json(json_t *js)
{
    DShape s;
    memset(&s, 0, sizeof s);
    const char *kind = json_string_value(json_object_get(js, "kind"));
    if (strcmp(kind, "circle") == 0) {
        s.kind = 0; s.cx = num(js, "x"); s.cy = num(js, "y"); s.r = num(js, "r");
    } else if (strcmp(kind, "rect") == 0) {
        s.kind = 1; s.cx = num(js, "x"); s.cy = num(js, "y");
        s.hw = num(js, "w") / 2.0; s.hh = num(js, "h") / 2.0; s.angle = num(js, "angle_deg") * PI / 180.0;
    } else {
        s.kind = 2;
        json_t *pts = json_object_get(js, "points");
        s.n = (int)json_array_size(pts);
        for (int i = 0; i < s.n && i < 16; i++) {
            s.px[i] = json_number_value(json_array_get(json_array_get(pts, (size_t)i), 0));
            s.py[i] = json_number_value(json_array_get(json_array_get(pts, (size_t)i), 1));
        }
    }
    return s;
}

static DShape from_shape(const Shape *sh)
{
    DShape s;
    memset(&s, 0, sizeof s);
    if (sh->kind == SHAPE_CIRCLE) {
        s.kind = 0; s.cx = sh->circle.center.x; s.cy = sh->circle.center.y; s.r = sh->circle.radius;
    } else if (sh->kind == SHAPE_RECT) {
        s.kind = 1; s.cx = sh->rect.center.x; s.cy = sh->rect.center.y;
        s.hw = sh->rect.half.x; s.hh = sh->rect.half.y; s.angle = sh->rect.angle;
    } else {
        s.kind = 2; s.n = sh->poly.count;
        for (int i = 0; i < s.n; i++) { s.px[i] = sh->poly.verts[i].x; s.py[i] = sh->poly.verts[i].y; }
    }
    return s;
}

static double jnum(json_t *a, size_t i) { return json_number_value(json_array_get(a, i)); }

/* Checks the report's "ray" against the shapes; returns how many verdicts
 * were clear (all fractions are checked). */
static int check_ray(json_t *ray, const DShape *shapes, int n, const char *what)
{
    json_t *o = json_object_get(ray, "origin"), *d = json_object_get(ray, "translation");
    double ox = jnum(o, 0), oy = jnum(o, 1), dx = jnum(d, 0), dy = jnum(d, 1);
    double len = hypot(dx, dy);
    json_t *list = json_object_get(ray, "shapes");
    assert_int_equal((int)json_array_size(list), n);
    int clear = 0;
    double best = INFINITY;
    int best_i = -1;
    for (int i = 0; i < n; i++) {
        json_t *js = json_array_get(list, (size_t)i);
        DHit h = cast(&shapes[i], ox, oy, dx, dy, 0.0);
        DHit grown = cast(&shapes[i], ox, oy, dx, dy, 0.01), shrunk = cast(&shapes[i], ox, oy, dx, dy, -0.01);
        bool got = flag(js, "hit");
        if (grown.hit == shrunk.hit) {
            clear++;
            if (got != h.hit) fail_msg("%s shape %d: lesson says hit %d, the maths %d", what, i, got, h.hit);
        }
        if (!got) continue;
        double f = num(js, "fraction");
        json_t *p = json_object_get(js, "point"), *nm = json_object_get(js, "normal");
        /* the entry fraction: between the shrunk and the grown shape's */
        double hi = grown.hit ? grown.t : h.t;
        double lo = shrunk.hit ? shrunk.t : (grown.hit ? fmin(grown.exit, 1.0) : 1.0);
        double tol = 0.02 / (len > 0.0 ? len : 1.0) + 1e-6;
        if (!(f >= hi - tol && f <= lo + tol))
            fail_msg("%s shape %d: fraction %.7f, the maths [%.7f, %.7f]", what, i, f, hi, lo);
        if (fabs(jnum(p, 0) - (ox + f * dx)) > 0.02 || fabs(jnum(p, 1) - (oy + f * dy)) > 0.02)
            fail_msg("%s shape %d: point (%g, %g) is not O + t d", what, i, jnum(p, 0), jnum(p, 1));
        assert_true(fabs(hypot(jnum(nm, 0), jnum(nm, 1)) - 1.0) < 1e-4);
        if (!flag(js, "inside") && grown.hit == shrunk.hit && fabs(h.enter - h.exit) * len > 0.05)
            assert_true(jnum(nm, 0) * dx + jnum(nm, 1) * dy <= 1e-4 * len);   /* faces the ray */
        if (f < best) { best = f; best_i = i; }
        /* the picture's numbers: the roots, the slabs */
        if (shapes[i].kind == 0 && json_object_get(js, "roots") != NULL && h.enter <= h.exit) {
            json_t *roots = json_object_get(js, "roots");
            assert_true(fabs(jnum(roots, 0) - h.enter) * len < 0.02);
            assert_true(fabs(jnum(roots, 1) - h.exit) * len < 0.02);
        }
        if (shapes[i].kind == 1 && h.enter <= h.exit) {
            assert_true(fabs(num(js, "t_enter") - h.enter) * len < 0.02);
            assert_true(fabs(num(js, "t_exit") - h.exit) * len < 0.02);
        }
    }
    /* the order: by fraction; the first hit: the smallest */
    json_t *order = json_object_get(ray, "order"), *first = json_object_get(ray, "first");
    double prev = -1.0;
    for (size_t k = 0; k < json_array_size(order); k++) {
        json_t *js = json_array_get(list, (size_t)json_integer_value(json_array_get(order, k)));
        assert_true(flag(js, "hit"));
        assert_true(num(js, "fraction") >= prev);
        prev = num(js, "fraction");
    }
    if (best_i < 0) {
        assert_true(json_is_null(first));
    } else {
        assert_true(json_is_object(first));
        assert_true(num(first, "fraction") == best);
    }
    return clear;
}

/* ---- Through the real binary: the lesson's scene and its presets -------- */

static void test_presets_through_binary(void **st)
{
    (void)st;
    /* what each preset is for, checked on the lab's own report */
    for (int p = 0; p <= 4; p++) {
        char script[128];
        if (p == 0) snprintf(script, sizeof script, "# lesson 10's own scene\n");
        else snprintf(script, sizeof script, "0 key down F%d\n1 key up F%d\n", p + 1, p + 1);
        write_text("in.txt", script);
        assert_int_equal(lab("--headless --frames 3 --lesson 10 --input @in.txt --state-out @s.json"), 0);
        json_t *doc = lab_json("s.json");
        json_t *ray = json_object_get(doc, "ray");
        assert_non_null(ray);
        json_t *shapes = json_object_get(doc, "shapes");
        int n = (int)json_array_size(shapes) - 2;   /* the last two: O and E */
        assert_int_equal(n, 3);
        DShape ds[3];
        for (int i = 0; i < n; i++) ds[i] = from_json(json_array_get(shapes, (size_t)i));
        /* O and E are the handles' centres */
        json_t *o = json_object_get(ray, "origin"), *d = json_object_get(ray, "translation");
        assert_true(jnum(o, 0) == num(shape(doc, n), "x") && jnum(o, 1) == num(shape(doc, n), "y"));
        assert_true(jnum(o, 0) + jnum(d, 0) == num(shape(doc, n + 1), "x"));
        check_ray(ray, ds, n, p == 0 ? "own scene" : "preset");
        json_t *first = json_object_get(ray, "first");
        json_t *list = json_object_get(ray, "shapes");
        switch (p) {
        case 0: /* through all three, circle, box, polygon */
            assert_int_equal(json_array_size(json_object_get(ray, "order")), 3);
            assert_int_equal(json_integer_value(json_object_get(first, "index")), 0);
            break;
        case 1: /* grazing: the discriminant is 0 and the point the top of the circle */
            assert_int_equal(json_integer_value(json_object_get(first, "index")), 0);
            assert_true(fabs(num(json_array_get(list, 0), "disc")) < 1.0);
            assert_true(fabs(jnum(json_object_get(first, "point"), 0) - ds[0].cx) < 0.05);
            assert_true(fabs(jnum(json_object_get(first, "point"), 1) - (ds[0].cy - ds[0].r)) < 0.05);
            break;
        case 2: /* through the polygon's first vertex */
            assert_int_equal(json_integer_value(json_object_get(first, "index")), 2);
            assert_true(hypot(jnum(json_object_get(first, "point"), 0) - ds[2].px[0],
                              jnum(json_object_get(first, "point"), 1) - ds[2].py[0]) < 0.05);
            break;
        case 3: /* starting inside the box: fraction 0, normal against the ray */
            assert_int_equal(json_integer_value(json_object_get(first, "index")), 1);
            assert_true(flag(json_array_get(list, 1), "inside"));
            assert_true(num(first, "fraction") == 0.0);
            break;
        case 4: /* along the polygon's edge from its vertex 3 */
            assert_int_equal(json_integer_value(json_object_get(first, "index")), 2);
            assert_true(hypot(jnum(json_object_get(first, "point"), 0) - ds[2].px[3],
                              jnum(json_object_get(first, "point"), 1) - ds[2].py[3]) < 0.05);
            break;
        }
        json_decref(doc);
    }
}

/* ---- Through the App: random rays ------------------------------------- */

static uint64_t rng = 0x5A7C0FFEEu;
static double rnd01(void)
{
    rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27;
    return (double)((rng * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0;
}

static void test_random_rays(void **st)
{
    (void)st;
    App app;
    assert_true(app_init(&app, 10));
    int n = app.world.count - 2, clear = 0, hits = 0, total = 0;
    for (int k = 0; k < 3000; k++) {
        World *w = &app.world;
        w->bodies[n].pos = (Vec2){ (float)(rnd01() * 1280.0), (float)(rnd01() * 720.0) };
        /* a third aimed past a shape (near its centre), a third short, a third level */
        Vec2 aim = w->bodies[k % n].pos, o = w->bodies[n].pos;
        aim.x += (float)(rnd01() * 160.0 - 80.0);
        aim.y += (float)(rnd01() * 160.0 - 80.0);
        float reach = (float)(0.3 + 1.2 * rnd01());
        Vec2 e = { o.x + reach * (aim.x - o.x), o.y + reach * (aim.y - o.y) };
        if (k % 3 == 1) e = (Vec2){ w->bodies[n].pos.x + (float)(rnd01() * 80.0 - 40.0), w->bodies[n].pos.y + 30.0f };
        if (k % 3 == 2) e = (Vec2){ w->bodies[n].pos.x + 500.0f, w->bodies[n].pos.y };
        w->bodies[n + 1].pos = e;
        w->bodies[1].angle = (float)(rnd01() * 2.0 * PI);
        app_tick(&app);
        DShape ds[3];
        for (int i = 0; i < n; i++) ds[i] = from_shape(&w->shapes[i]);
        json_t *doc = app_state_json(&app);
        json_t *ray = json_object_get(doc, "ray");
        assert_non_null(ray);
        clear += check_ray(ray, ds, n, "random");
        total += n;
        hits += (int)json_array_size(json_object_get(ray, "order"));
        json_decref(doc);
    }
    /* the cases must mean something: most verdicts clear, many hits */
    printf("random rays: %d of %d verdicts clear, %d hits\n", clear, total, hits);
    assert_true(clear > total * 9 / 10);
    assert_true(hits > 1000);
    app_free(&app);
}

static int setup(void **st) { (void)st; return lab_setup("raylesson", ""); }
static int teardown(void **st) { (void)st; return lab_teardown(); }

int main(void)
{
    char err[512];
    if (!i18n_set_language("en", err, sizeof err)) fprintf(stderr, "raylesson: %s\n", err);
    if (TTF_Init() != 0) fprintf(stderr, "raylesson: TTF_Init: %s\n", SDL_GetError());
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_presets_through_binary),
        cmocka_unit_test(test_random_rays),
    };
    int rc = cmocka_run_group_tests(tests, setup, teardown);
    i18n_shutdown();
    TTF_Quit();
    return rc;
}
