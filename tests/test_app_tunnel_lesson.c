/*
 * test_app_tunnel_lesson.c - lesson 11 (tunnelling) against its own maths.
 *
 * Every number the lesson reports (--state-out "tunnel") is recomputed
 * here in double precision from the wall, B's start, radius, heading,
 * speed and sub-steps alone, with no call into the module:
 *   - discrete testing: every tick's and sub-step's position, the first one
 *     within B's radius of the wall (the distance to a box in its frame);
 *   - continuous testing: each tick's motion against the wall grown by the
 *     radius (the union of two boxes and four corner disks, entered at the
 *     smallest of their entries): the first tick that touches, its time of
 *     impact, B's centre then, the contact point, the normal, the feature
 *     (a grown edge or a corner's circle), the grown box's slab intervals;
 *   - the whole path's length inside the grown wall and the sub-steps that
 *     make a step no longer than it; the head-on rule (thickness + diameter).
 * Through the real binary: the lesson's scene and presets F2..F5 (each
 * meaning what it says: slow, very fast, grazing the end, a thicker wall),
 * and the keys (] sub-steps, + speed, B the mode). Through the App: 1,500
 * seeded random walls, balls, headings, speeds and sub-steps. A verdict is
 * compared only where it is clear: where B's radius grown or shrunk by
 * 0.01 px changes it, either verdict is right.
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
#include "app_drive.h"
#include "app/app.h"
#include "app/i18n.h"

static const double PI = 3.14159265358979323846;
static const double SPEEDS[] = { 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 36, 40, 45, 50, 60, 75, 90, 120, 150, 200, 250, 300 };
#define N_SPEEDS ((int)(sizeof SPEEDS / sizeof SPEEDS[0]))

typedef struct Wall { double cx, cy, hw, hh, angle; } Wall;
typedef struct Setup {
    Wall wall;
    double sx, sy, r, hx, hy, speed;
    int sub, ticks;
} Setup;

static void local(const Wall *w, double x, double y, double *lx, double *ly)
{
    double cs = cos(w->angle), sn = sin(w->angle), rx = x - w->cx, ry = y - w->cy;
    *lx = rx * cs + ry * sn;
    *ly = -rx * sn + ry * cs;
}
static void local_dir(const Wall *w, double x, double y, double *lx, double *ly)
{
    double cs = cos(w->angle), sn = sin(w->angle);
    *lx = x * cs + y * sn;
    *ly = -x * sn + y * cs;
}
static void world_of(const Wall *w, double lx, double ly, double *x, double *y)
{
    double cs = cos(w->angle), sn = sin(w->angle);
    *x = w->cx + lx * cs - ly * sn;
    *y = w->cy + lx * sn + ly * cs;
}

/* The distance from a point (wall frame) to the box; 0 inside. */
static double box_dist(const Wall *w, double lx, double ly)
{
    double dx = fmax(fabs(lx) - w->hw, 0.0), dy = fmax(fabs(ly) - w->hh, 0.0);
    return hypot(dx, dy);
}

/* Where the line o + t d (wall frame) is inside the box |x| <= hx, |y| <= hy. */
static void slab2(double ox, double oy, double dx, double dy, double hx, double hy, double *t0, double *t1)
{
    double lo = -INFINITY, hi = INFINITY, p[2] = { ox, oy }, d[2] = { dx, dy }, h[2] = { hx, hy };
    for (int k = 0; k < 2; k++) {
        if (d[k] == 0.0) {
            if (fabs(p[k]) > h[k]) { lo = INFINITY; hi = -INFINITY; }
            continue;
        }
        double a = (-h[k] - p[k]) / d[k], b = (h[k] - p[k]) / d[k];
        if (a > b) { double x = a; a = b; b = x; }
        lo = fmax(lo, a);
        hi = fmin(hi, b);
    }
    *t0 = lo;
    *t1 = hi;
}

/* Where the line o + t d (wall frame) is inside the wall grown by g: the
 * union of the box widened, the box heightened and the four corner disks
 * (convex, so one interval: the smallest entry, the largest exit).
 * Returns false when the line misses it. */
static bool grown_interval(const Wall *w, double g, double ox, double oy, double dx, double dy, double *tin, double *tout)
{
    double lo = INFINITY, hi = -INFINITY, a, b;
    slab2(ox, oy, dx, dy, w->hw + g, w->hh, &a, &b);
    if (a <= b) { lo = fmin(lo, a); hi = fmax(hi, b); }
    slab2(ox, oy, dx, dy, w->hw, w->hh + g, &a, &b);
    if (a <= b) { lo = fmin(lo, a); hi = fmax(hi, b); }
    double dd = dx * dx + dy * dy;
    for (int sx = -1; sx <= 1; sx += 2)
        for (int sy = -1; sy <= 1; sy += 2) {
            double fx = ox - sx * w->hw, fy = oy - sy * w->hh;
            double bb = fx * dx + fy * dy, c = fx * fx + fy * fy - g * g, disc = bb * bb - dd * c;
            if (dd == 0.0 || disc < 0.0) continue;
            lo = fmin(lo, (-bb - sqrt(disc)) / dd);
            hi = fmax(hi, (-bb + sqrt(disc)) / dd);
        }
    *tin = lo;
    *tout = hi;
    return lo <= hi;
}

static void pos(const Setup *s, double ticks, double *x, double *y)
{
    *x = s->sx + ticks * s->speed * s->hx;
    *y = s->sy + ticks * s->speed * s->hy;
}

/* Discrete testing with radius r: the first overlapping sample, or -1. */
static int first_overlap(const Setup *s, double r)
{
    for (int k = 0; k <= s->ticks * s->sub; k++) {
        double x, y, lx, ly;
        pos(s, (double)k / s->sub, &x, &y);
        local(&s->wall, x, y, &lx, &ly);
        if (box_dist(&s->wall, lx, ly) <= r) return k;
    }
    return -1;
}

/* Continuous testing with radius r: the first tick whose motion touches
 * the grown wall (toi in [0, 1]), or -1. */
static int first_touch(const Setup *s, double r, double *toi)
{
    double dx, dy;
    local_dir(&s->wall, s->speed * s->hx, s->speed * s->hy, &dx, &dy);
    for (int k = 0; k < s->ticks; k++) {
        double x, y, lx, ly, tin, tout;
        pos(s, k, &x, &y);
        local(&s->wall, x, y, &lx, &ly);
        if (!grown_interval(&s->wall, r, lx, ly, dx, dy, &tin, &tout)) continue;
        if (tin <= 0.0 && tout >= 0.0) { *toi = 0.0; return k; }
        if (tin > 0.0 && tin <= 1.0) { *toi = tin; return k; }
    }
    return -1;
}

static double jget(json_t *a, size_t i) { return json_number_value(json_array_get(a, i)); }

/* The setup from a state document: the wall (shape 0), B (shape 1) and
 * the report's start, heading, speed, sub-steps and ticks. */
static Setup setup_of(json_t *doc)
{
    json_t *t = json_object_get(doc, "tunnel"), *w = shape(doc, 0), *b = shape(doc, 1);
    assert_non_null(t);
    Setup s;
    s.wall = (Wall){ num(w, "x"), num(w, "y"), num(w, "w") / 2.0, num(w, "h") / 2.0, num(w, "angle_deg") * PI / 180.0 };
    json_t *st = json_object_get(t, "start"), *hd = json_object_get(t, "heading");
    s.sx = jget(st, 0);
    s.sy = jget(st, 1);
    /* the start is B as the scene holds it */
    assert_true(fabs(s.sx - num(b, "x")) < 1e-3 && fabs(s.sy - num(b, "y")) < 1e-3);
    s.r = num(b, "r");
    assert_true(fabs(num(t, "radius") - s.r) < 1e-4);
    s.hx = jget(hd, 0);
    s.hy = jget(hd, 1);
    assert_true(fabs(hypot(s.hx, s.hy) - 1.0) < 1e-5);
    s.speed = num(t, "speed");
    s.sub = (int)json_integer_value(json_object_get(t, "substeps"));
    s.ticks = (int)json_integer_value(json_object_get(t, "ticks"));
    return s;
}

static bool on_canvas(const Setup *s, double ticks, double slack)
{
    double x, y, m = s->r + 40.0;
    pos(s, ticks, &x, &y);
    return x > -m - slack && x < 1280.0 + m + slack && y > -m - slack && y < 720.0 + m + slack;
}

typedef struct Clear { int discrete, continuous; } Clear;

/* Checks the report against the recomputation; counts the clear verdicts. */
static Clear check(json_t *doc, const char *what)
{
    Clear clear = { 0, 0 };
    Setup s = setup_of(doc);
    json_t *t = json_object_get(doc, "tunnel");
    /* the controls' numbers */
    bool known = false;
    for (int i = 0; i < N_SPEEDS; i++) known |= s.speed == SPEEDS[i];
    if (!known) fail_msg("%s: speed %g is not one of + and -'s", what, s.speed);
    assert_true(s.sub >= 1 && s.sub <= 16);
    assert_true(fabs(num(t, "step") - s.speed / s.sub) < 1e-4);
    double thick = 2.0 * fmin(s.wall.hw, s.wall.hh), rule = thick + 2.0 * s.r;
    assert_true(fabs(num(t, "thickness") - thick) < 1e-3);
    assert_true(fabs(num(t, "rule_width") - rule) < 1e-3);
    double q = s.speed / rule;
    if (fabs(q - round(q)) > 1e-4 && json_integer_value(json_object_get(t, "substeps_needed_head_on")) != (json_int_t)ceil(q))
        fail_msg("%s: head-on %g / %g px needs %d sub-steps, the lesson says %d", what, s.speed, rule, (int)ceil(q),
                 (int)json_integer_value(json_object_get(t, "substeps_needed_head_on")));
    /* the path: ticks until B has left the canvas (200 at most) */
    assert_true(s.ticks >= 1 && s.ticks <= 200);
    if (s.ticks > 1 && !on_canvas(&s, s.ticks - 1, 0.01)) fail_msg("%s: tick %d is off the canvas", what, s.ticks - 1);
    if (s.ticks < 200 && on_canvas(&s, s.ticks, -0.01)) fail_msg("%s: the path stops at tick %d on the canvas", what, s.ticks);

    /* discrete testing */
    json_t *d = json_object_get(t, "discrete");
    int k0 = first_overlap(&s, s.r), kg = first_overlap(&s, s.r + 0.01), ks = first_overlap(&s, s.r - 0.01);
    if (kg == ks) {
        clear.discrete++;
        if (flag(d, "caught") != (k0 >= 0)) fail_msg("%s: discrete caught %d, the maths %d", what, flag(d, "caught"), k0 >= 0);
        if (k0 >= 0) {
            int tick = (int)json_integer_value(json_object_get(d, "tick")), j = (int)json_integer_value(json_object_get(d, "substep"));
            if (tick * s.sub + j != k0) fail_msg("%s: caught at %d + %d/%d, the maths at sample %d", what, tick, j, s.sub, k0);
            assert_int_equal((int)json_integer_value(json_object_get(d, "tested")), k0 + 1);
            double x, y, lx, ly;
            pos(&s, (double)k0 / s.sub, &x, &y);
            json_t *p = json_object_get(d, "position");
            assert_true(fabs(jget(p, 0) - x) < 0.01 && fabs(jget(p, 1) - y) < 0.01);
            local(&s.wall, x, y, &lx, &ly);
            double dist = box_dist(&s.wall, lx, ly);
            if (dist > 0.0 && fabs(num(d, "depth") - (s.r - dist)) > 0.02)
                fail_msg("%s: depth %g, the maths %g", what, num(d, "depth"), s.r - dist);
        } else {
            assert_int_equal((int)json_integer_value(json_object_get(d, "tested")), s.ticks * s.sub + 1);
        }
    }

    /* continuous testing */
    json_t *c = json_object_get(t, "continuous");
    double toi = 0.0, toig = 0.0, tois = 0.0;
    int n0 = first_touch(&s, s.r, &toi), ng = first_touch(&s, s.r + 0.01, &toig), ns = first_touch(&s, s.r - 0.01, &tois);
    const bool hit = flag(c, "hit");
    if (ng == ns) {
        clear.continuous++;
        if (hit != (n0 >= 0)) fail_msg("%s: continuous hit %d, the maths %d", what, hit, n0 >= 0);
        if (n0 >= 0 && (int)json_integer_value(json_object_get(c, "tick")) != n0)
            fail_msg("%s: continuous tick %d, the maths %d", what, (int)json_integer_value(json_object_get(c, "tick")), n0);
    }
    if (hit) {
        int k = (int)json_integer_value(json_object_get(c, "tick"));
        double got = num(c, "toi");
        assert_true(got >= 0.0 && got <= 1.0);
        assert_true(fabs(num(c, "time") - (k + got)) < 1e-4);
        /* B's centre then: within 0.02 px of the grown wall's boundary, and
         * (when the tick is clear) the toi the maths gives */
        double x, y, lx, ly;
        pos(&s, k + got, &x, &y);
        json_t *cen = json_object_get(c, "center");
        if (fabs(jget(cen, 0) - x) > 0.02 || fabs(jget(cen, 1) - y) > 0.02)
            fail_msg("%s: centre (%g, %g) is not start + time * v (%g, %g)", what, jget(cen, 0), jget(cen, 1), x, y);
        local(&s.wall, x, y, &lx, &ly);
        double dist = box_dist(&s.wall, lx, ly);
        const char *feature = json_string_value(json_object_get(c, "feature"));
        assert_non_null(feature);
        if (strcmp(feature, "start") == 0) {
            assert_true(got == 0.0 && dist <= s.r + 0.02);
        } else {
            if (fabs(dist - s.r) > 0.02) fail_msg("%s: at toi B's centre is %g px from the wall, r = %g", what, dist, s.r);
            if (ng == ns && n0 == k && fabs(got - toi) * s.speed > 0.02)
                fail_msg("%s: toi %.6f, the maths %.6f", what, got, toi);
            /* the feature: an edge pushed out, or a corner's circle */
            double ex = fabs(lx) - s.wall.hw, ey = fabs(ly) - s.wall.hh;
            if (ex > 0.02 && ey > 0.02) assert_string_equal(feature, "vertex");
            if (ex < -0.02 || ey < -0.02) assert_string_equal(feature, "edge");
            /* the contact point: the wall's point nearest the centre; the
             * normal from it to the centre */
            double px, py;
            world_of(&s.wall, fmax(-s.wall.hw, fmin(s.wall.hw, lx)), fmax(-s.wall.hh, fmin(s.wall.hh, ly)), &px, &py);
            json_t *pt = json_object_get(c, "point"), *nm = json_object_get(c, "normal");
            if (hypot(jget(pt, 0) - px, jget(pt, 1) - py) > 0.05)
                fail_msg("%s: contact (%g, %g), the maths (%g, %g)", what, jget(pt, 0), jget(pt, 1), px, py);
            if (s.r > 0.5 && hypot(jget(nm, 0) - (x - px) / s.r, jget(nm, 1) - (y - py) / s.r) > 0.01)
                fail_msg("%s: normal (%g, %g), the maths (%g, %g)", what, jget(nm, 0), jget(nm, 1), (x - px) / s.r, (y - py) / s.r);
            /* the grown box's slabs for that tick's motion */
            double ox, oy, dx, dy;
            pos(&s, k, &x, &y);
            local(&s.wall, x, y, &ox, &oy);
            local_dir(&s.wall, s.speed * s.hx, s.speed * s.hy, &dx, &dy);
            json_t *sl = json_object_get(c, "grown_slabs");
            double h[2] = { s.wall.hw + s.r, s.wall.hh + s.r }, o[2] = { ox, oy }, dv[2] = { dx, dy };
            for (int a = 0; a < 2; a++) {
                json_t *js = json_array_get(sl, (size_t)a);
                if (!json_is_number(json_object_get(js, "t_enter")) || fabs(dv[a]) < 1e-9) continue;
                double t0 = (-h[a] - o[a]) / dv[a], t1 = (h[a] - o[a]) / dv[a];
                if (t0 > t1) { double z = t0; t0 = t1; t1 = z; }
                /* within 0.02 px along the motion near this tick; a slab
                 * met nearly edge-on has far ends (|t| in the thousands)
                 * that float rounding of the turned motion moves a lot:
                 * those only stay far */
                const double te = num(js, "t_enter"), tx = num(js, "t_exit");
                const bool bad_e = fabs(t0) < 3.0 ? fabs(te - t0) * s.speed > 0.02 : te * t0 <= 0.0 || fabs(te) < 2.9;
                const bool bad_x = fabs(t1) < 3.0 ? fabs(tx - t1) * s.speed > 0.02 : tx * t1 <= 0.0 || fabs(tx) < 2.9;
                if (bad_e || bad_x)
                    fail_msg("%s: slab %d [%g, %g], the maths [%g, %g]", what, a, num(js, "t_enter"), num(js, "t_exit"), t0, t1);
            }
        }
    }

    /* the whole path inside the grown wall */
    {
        double ox, oy, dx, dy, tin, tout, x, y;
        local(&s.wall, s.sx, s.sy, &ox, &oy);
        local_dir(&s.wall, s.ticks * s.speed * s.hx, s.ticks * s.speed * s.hy, &dx, &dy);
        const double len = s.ticks * s.speed;
        bool meets = grown_interval(&s.wall, s.r, ox, oy, dx, dy, &tin, &tout);
        bool crosses = meets && tin > 0.0 && tin <= 1.0 && tout < 1.0;
        json_t *po = json_object_get(t, "path_overlap");
        const bool clear_path = !meets || (fabs(tin) * len > 0.05 && fabs(1.0 - tout) * len > 0.05 && (tout - tin) * len > 0.05);
        (void)x; (void)y;
        if (clear_path) {
            if (crosses != json_is_number(po)) fail_msg("%s: path crosses %d, the lesson %d", what, crosses, json_is_number(po));
            if (crosses) {
                double chord = (tout - tin) * len;
                if (fabs(json_number_value(po) - chord) > 0.05)
                    fail_msg("%s: path inside for %g px, the maths %g", what, json_number_value(po), chord);
                double qq = s.speed / chord;
                if (fabs(qq - round(qq)) > 1e-3 &&
                    json_integer_value(json_object_get(t, "substeps_needed")) != (json_int_t)ceil(qq))
                    fail_msg("%s: the path needs %d sub-steps, the lesson says %d", what, (int)ceil(qq),
                             (int)json_integer_value(json_object_get(t, "substeps_needed")));
                /* the promise: as many sub-steps as that, and discrete testing catches B */
                if (s.sub >= (int)ceil(qq) && kg == ks && fabs(qq - round(qq)) > 1e-3 && !flag(d, "caught"))
                    fail_msg("%s: %d sub-steps (needed %d) and still missed", what, s.sub, (int)ceil(qq));
            }
        }
    }
    return clear;
}

/* ---- Through the real binary -------------------------------------------- */

static json_t *run(const char *script, const char *shot)
{
    write_text("in.txt", script);
    if (shot != NULL)
        assert_int_equal(lab("--headless --frames 24 --lesson 11 --input @in.txt --state-out @s.json --screenshot @%s", shot), 0);
    else assert_int_equal(lab("--headless --frames 24 --lesson 11 --input @in.txt --state-out @s.json"), 0);
    return lab_json("s.json");
}

static json_t *tun(json_t *doc, const char *part) { return json_object_get(json_object_get(doc, "tunnel"), part); }
static bool caught(json_t *doc) { return flag(tun(doc, "discrete"), "caught"); }
static bool swept(json_t *doc) { return flag(tun(doc, "continuous"), "hit"); }

static void test_presets_through_binary(void **st)
{
    (void)st;
    static const double SPEED[5] = { 60, 12, 150, 45, 60 };
    for (int p = 0; p <= 4; p++) {
        char script[160];
        if (p == 0) snprintf(script, sizeof script, "# lesson 11's own scene\n");
        else snprintf(script, sizeof script, "0 key down F%d\n1 key up F%d\n", p + 1, p + 1);
        char shot[32];
        snprintf(shot, sizeof shot, "p%d.png", p);
        json_t *doc = run(script, shot);
        check(doc, "preset");
        json_t *t = json_object_get(doc, "tunnel");
        assert_true(num(t, "speed") == SPEED[p]);
        assert_int_equal((int)json_integer_value(json_object_get(t, "substeps")), 1);
        assert_string_equal(json_string_value(json_object_get(t, "mode")), "discrete");
        /* B starts apart from the wall, and the explanation says so */
        json_t *ex = json_object_get(doc, "explanation");
        assert_non_null(ex);
        assert_false(flag(ex, "verdict"));
        switch (p) {
        case 0: /* tunnelling: 45 px steps over a 12 px wall and a 20 px ball */
        case 2: /* very fast */
            assert_false(caught(doc));
            assert_true(swept(doc));
            assert_string_equal(json_string_value(json_object_get(tun(doc, "continuous"), "feature")), "edge");
            assert_true(json_integer_value(json_object_get(t, "substeps_needed")) >= 2);
            break;
        case 1: /* slow: both catch it */
        case 4: /* the thicker wall catches it at the same speed as preset 0 */
            assert_true(caught(doc));
            assert_true(swept(doc));
            assert_int_equal((int)json_integer_value(json_object_get(t, "substeps_needed")), 1);
            /* discrete testing catches it later than the sweep's touch */
            assert_true(json_integer_value(json_object_get(tun(doc, "discrete"), "tick")) >
                        json_integer_value(json_object_get(tun(doc, "continuous"), "tick")));
            break;
        case 3: /* grazing the end: the head-on rule says 1 sub-step, the path needs 2 */
            assert_false(caught(doc));
            assert_true(swept(doc));
            assert_string_equal(json_string_value(json_object_get(tun(doc, "continuous"), "feature")), "vertex");
            assert_int_equal((int)json_integer_value(json_object_get(t, "substeps_needed_head_on")), 1);
            assert_int_equal((int)json_integer_value(json_object_get(t, "substeps_needed")), 2);
            assert_true(num(t, "path_overlap") < num(t, "rule_width"));
            break;
        }
        json_decref(doc);
    }
}

/* The keys: ] adds a sub-step (preset 0 and F4 are then caught), [ takes
 * it back; + and - walk the speeds; B shows continuous testing. */
static void test_keys_through_binary(void **st)
{
    (void)st;
    json_t *doc = run("0 key down ]\n0 key up ]\n", NULL);
    check(doc, "one more sub-step");
    assert_int_equal((int)json_integer_value(tun(doc, "substeps")), 2);
    assert_true(caught(doc));
    json_decref(doc);
    doc = run("0 key down F4\n0 key up F4\n1 key down ]\n1 key up ]\n", NULL);
    check(doc, "grazing, two sub-steps");
    assert_true(caught(doc));
    json_decref(doc);
    doc = run("0 key down ]\n0 key up ]\n1 key down [\n1 key up [\n1 key down [\n1 key up [\n", NULL);
    assert_int_equal((int)json_integer_value(tun(doc, "substeps")), 1);   /* never below 1 */
    assert_false(caught(doc));
    json_decref(doc);
    doc = run("0 key down =\n0 key up =\n1 key down =\n1 key up =\n", NULL);
    check(doc, "faster");
    assert_true(json_number_value(tun(doc, "speed")) == 90.0);
    json_decref(doc);
    doc = run("0 key down -\n0 key up -\n", NULL);
    check(doc, "slower");
    assert_true(json_number_value(tun(doc, "speed")) == 50.0);
    json_decref(doc);
    doc = run("0 key down B\n0 key up B\n", "cont.png");
    check(doc, "continuous");
    assert_string_equal(json_string_value(tun(doc, "mode")), "continuous");
    json_decref(doc);
    /* F2 slow: 12 px a tick, so turning B (Q held) keeps it aimed at the
     * wall for a while; sub-steps survive a turn */
    doc = run("0 key down F2\n0 key up F2\n1 key down ]\n1 key up ]\n2 key down Q\n20 key up Q\n", NULL);
    check(doc, "turned");
    assert_int_equal((int)json_integer_value(tun(doc, "substeps")), 2);
    assert_true(jget(tun(doc, "heading"), 1) < -0.1);   /* Q turns counter-clockwise on screen: up */
    json_decref(doc);
}

/* The pictures differ where they should: discrete testing draws the ghost
 * of tick 9 past the wall (centre (790, 580), radius 16), continuous
 * testing stops B at the wall (centre (676, 580)), filled in the hit
 * colour, and draws no ghost past tick 8. */
static void test_pictures(void **st)
{
    (void)st;
    json_t *d0 = run("# discrete\n", "disc.png");
    json_decref(d0);
    json_t *d1 = run("0 key down B\n0 key up B\n", "cont.png");
    json_decref(d1);
    SDL_Surface *disc = lab_png("disc.png"), *cont = lab_png("cont.png");
    assert_non_null(disc);
    assert_non_null(cont);
    /* the top of tick 9's ghost outline */
    int brighter = 0;
    for (int y = 562; y <= 566; y++) {
        const Uint8 *a = px_at(disc, 790, y), *b = px_at(cont, 790, y);
        brighter += (a[0] + a[1] + a[2]) > (b[0] + b[1] + b[2]) + 150;
    }
    assert_true(brighter > 0);
    /* inside B at the time of impact: reddish only in the continuous picture */
    const Uint8 *c = px_at(cont, 676, 571), *d = px_at(disc, 676, 571);
    assert_true(c[0] > c[1] + 40 && c[0] > c[2] + 40);
    assert_false(d[0] > d[1] + 40 && d[0] > d[2] + 40);
    SDL_FreeSurface(disc);
    SDL_FreeSurface(cont);
}

/* ---- Through the App: random setups -------------------------------------- */

static uint64_t rng = 0x7A11E1B0u;
static double rnd01(void)
{
    rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27;
    return (double)((rng * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0;
}

static void test_random_setups(void **st)
{
    (void)st;
    static App app;
    assert_true(app_init(&app, 11));
    app.headless = true;
    int cases = 0, caught_n = 0, missed_n = 0, swept_n = 0, vertex_n = 0;
    Clear clear = { 0, 0 };
    for (int k = 0; k < 1500; k++) {
        World *w = &app.world;
        Body *wall = &w->bodies[0], *ball = &w->bodies[1];
        wall->pos = (Vec2){ (float)(400.0 + rnd01() * 500.0), (float)(380.0 + rnd01() * 260.0) };
        /* thin walls mostly (the lesson's case), some thick */
        wall->half = (Vec2){ (float)(1.0 + rnd01() * (k % 3 == 0 ? 40.0 : 8.0)), (float)(30.0 + rnd01() * 150.0) };
        wall->angle = rnd01() < 0.3 ? 0.0f : (float)(rnd01() * 2.0 * PI);
        ball->radius = (float)(2.0 + rnd01() * (k % 3 == 1 ? 25.0 : 10.0));
        ball->pos = (Vec2){ (float)(60.0 + rnd01() * 300.0), (float)(380.0 + rnd01() * 300.0) };
        /* aimed near the wall, or anywhere */
        double ax = wall->pos.x + (rnd01() - 0.5) * 2.5 * wall->half.y - ball->pos.x;
        double ay = wall->pos.y + (rnd01() - 0.5) * 2.5 * wall->half.y - ball->pos.y;
        ball->angle = k % 5 == 4 ? (float)(rnd01() * 2.0 * PI) : (float)atan2(ay, ax);
        /* the slowest speed and one sub-step (the keys stop there), then
         * up to a speed of the list and 1..4 sub-steps (1..16 now and then) */
        for (int i = 0; i < N_SPEEDS; i++) tap(&app, SDLK_MINUS);
        for (int i = 0; i < 16; i++) tap(&app, SDLK_LEFTBRACKET);
        int speed_i = 6 + (int)(rnd01() * (N_SPEEDS - 6)), sub = 1 + (int)(rnd01() * (k % 7 == 0 ? 16.0 : 4.0));
        for (int i = 0; i < speed_i; i++) tap(&app, SDLK_EQUALS);
        for (int i = 1; i < sub; i++) tap(&app, SDLK_RIGHTBRACKET);
        if (rnd01() < 0.1) tap(&app, SDLK_b);
        app_tick(&app);
        json_t *doc = app_state_json(&app);
        Clear c = check(doc, "random");
        /* what the keys asked for */
        assert_true(num(json_object_get(doc, "tunnel"), "speed") == SPEEDS[speed_i]);
        assert_int_equal((int)json_integer_value(json_object_get(json_object_get(doc, "tunnel"), "substeps")), sub);
        clear.discrete += c.discrete;
        clear.continuous += c.continuous;
        json_t *t = json_object_get(doc, "tunnel");
        caught_n += flag(json_object_get(t, "discrete"), "caught");
        bool sw = flag(json_object_get(t, "continuous"), "hit");
        swept_n += sw;
        missed_n += sw && !flag(json_object_get(t, "discrete"), "caught");
        if (sw) vertex_n += strcmp(json_string_value(json_object_get(json_object_get(t, "continuous"), "feature")), "vertex") == 0;
        cases++;
        json_decref(doc);
        /* the explanation: the pair at tick 0, shapes_collide's verdict */
        Explanation ex;
        assert_true(app_explanation(&app, &ex));
        assert_true(ex.a == 0 && ex.b == 1);
        assert_true(ex.verdict == shapes_collide(&w->shapes[0], &w->shapes[1], NULL));
    }
    printf("random setups: %d, clear %d discrete %d continuous; caught %d, swept %d, tunnelled %d, corner %d\n", cases,
           clear.discrete, clear.continuous, caught_n, swept_n, missed_n, vertex_n);
    /* the cases mean something: clear, and every outcome often */
    assert_true(clear.discrete > cases * 9 / 10 && clear.continuous > cases * 9 / 10);
    assert_true(caught_n > 100 && missed_n > 100 && vertex_n > 20);
    app_free(&app);
}

static int setup(void **st) { (void)st; return lab_setup("tunnel", ""); }
static int teardown(void **st) { (void)st; return lab_teardown(); }

int main(void)
{
    char err[512];
    if (!i18n_set_language("en", err, sizeof err)) fprintf(stderr, "tunnel: %s\n", err);
    if (TTF_Init() != 0) fprintf(stderr, "tunnel: TTF_Init: %s\n", SDL_GetError());
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_presets_through_binary),
        cmocka_unit_test(test_keys_through_binary),
        cmocka_unit_test(test_pictures),
        cmocka_unit_test(test_random_setups),
    };
    int rc = cmocka_run_group_tests(tests, setup, teardown);
    i18n_shutdown();
    TTF_Quit();
    return rc;
}
