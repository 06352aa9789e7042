/*
 * test_app_gjk_lesson.c - the Minkowski difference and GJK lesson, end to
 * end: the real binary, headless, driven by input scripts, its
 * --state-out "gjk" report recomputed here in double precision from the
 * shapes the same document lists: A - B as the hull of every vertex
 * difference, the origin's distance to it (the distance between the
 * shapes), each step's support point as the farthest difference along its
 * direction, each simplex's point nearest the origin, SAT's axis as an
 * edge of A - B, and the walk through the steps with [ and ].
 * The binary is $CL_BUILD/collision-lab (CL_BUILD defaults to build).
 */
#include <math.h>
#include <SDL_ttf.h>

#include "app/app.h"
#include "app/lesson.h"
#include "lab_run.h"
#include "app_drive.h"

typedef struct { double x, y; } P;

static int gjk_lesson = -1;

static double at(json_t *arr, int i) { return json_number_value(json_array_get(arr, (size_t)i)); }
static P pt(json_t *arr) { return (P){ at(arr, 0), at(arr, 1) }; }
static double dot(P a, P b) { return a.x * b.x + a.y * b.y; }
static P sub(P a, P b) { return (P){ a.x - b.x, a.y - b.y }; }
static double len(P a) { return sqrt(dot(a, a)); }
static double cross(P o, P a, P b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

/* A shape of the state as points (a circle: its centre) and a radius. */
static int shape_points(json_t *s, P *out, double *radius)
{
    const char *kind = json_string_value(json_object_get(s, "kind"));
    *radius = 0.0;
    if (strcmp(kind, "circle") == 0) {
        out[0] = (P){ num(s, "x"), num(s, "y") };
        *radius = num(s, "r");
        return 1;
    }
    if (strcmp(kind, "rect") == 0) {
        double cx = num(s, "x"), cy = num(s, "y"), hw = 0.5 * num(s, "w"), hh = 0.5 * num(s, "h");
        double an = num(s, "angle_deg") * M_PI / 180.0, c = cos(an), sn = sin(an);
        static const double SX[4] = { -1, 1, 1, -1 }, SY[4] = { -1, -1, 1, 1 };
        for (int i = 0; i < 4; i++)
            out[i] = (P){ cx + c * SX[i] * hw - sn * SY[i] * hh, cy + sn * SX[i] * hw + c * SY[i] * hh };
        return 4;
    }
    json_t *pts = json_object_get(s, "points");
    int n = (int)json_array_size(pts);
    for (int i = 0; i < n; i++) out[i] = pt(json_array_get(pts, (size_t)i));
    return n;
}

static int cmp_p(const void *a, const void *b)
{
    const P *p = a, *q = b;
    return p->x < q->x ? -1 : p->x > q->x ? 1 : p->y < q->y ? -1 : p->y > q->y ? 1 : 0;
}

/* Andrew's monotone chain; collinear points dropped. */
static int hull_of(P *p, int n, P *h)
{
    qsort(p, (size_t)n, sizeof *p, cmp_p);
    int k = 0;
    for (int i = 0; i < n; i++) {
        while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 1e-9) k--;
        h[k++] = p[i];
    }
    for (int i = n - 2, t = k + 1; i >= 0; i--) {
        while (k >= t && cross(h[k - 2], h[k - 1], p[i]) <= 1e-9) k--;
        h[k++] = p[i];
    }
    return k > 1 ? k - 1 : k;
}

static double seg_dist(P q, P a, P b)
{
    P ab = sub(b, a);
    double l2 = dot(ab, ab), t = l2 > 0.0 ? dot(sub(q, a), ab) / l2 : 0.0;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    return len(sub(q, (P){ a.x + ab.x * t, a.y + ab.y * t }));
}

/* The origin's distance to the boundary of the hull h (counter-clockwise
 * in maths axes), and whether it is inside. */
static double origin_to_hull(const P *h, int n, bool *inside)
{
    P o = { 0.0, 0.0 };
    double best = n == 1 ? len(h[0]) : 1e300;
    bool in = n >= 3;
    for (int i = 0; i < n && n >= 2; i++) {
        P a = h[i], b = h[(i + 1) % n];
        double d = seg_dist(o, a, b);
        if (d < best) best = d;
        if (cross(a, b, o) < 0.0) in = false;
    }
    *inside = in;
    return best;
}

/* The simplex's point nearest the origin (1..3 points). */
static double simplex_dist(const P *s, int n)
{
    P o = { 0.0, 0.0 };
    if (n == 1) return len(s[0]);
    if (n == 2) return seg_dist(o, s[0], s[1]);
    double c0 = cross(s[0], s[1], o), c1 = cross(s[1], s[2], o), c2 = cross(s[2], s[0], o);
    if ((c0 >= 0 && c1 >= 0 && c2 >= 0) || (c0 <= 0 && c1 <= 0 && c2 <= 0)) return 0.0;
    double d = seg_dist(o, s[0], s[1]);
    d = fmin(d, seg_dist(o, s[1], s[2]));
    return fmin(d, seg_dist(o, s[2], s[0]));
}

static bool is_one_of(P q, const P *pts, int n)
{
    for (int i = 0; i < n; i++)
        if (fabs(q.x - pts[i].x) < 1e-3 && fabs(q.y - pts[i].y) < 1e-3) return true;
    return false;
}

/* Runs the lesson with the script; returns the state. */
static json_t *run(const char *script, const char *lang)
{
    write_text("in.txt", script);
    assert_int_equal(lab("--headless --frames 3 --lesson %d --lang %s --input @in.txt --state-out @state.json", gjk_lesson,
                         lang),
                     0);
    json_t *st = lab_json("state.json");
    assert_int_equal((int)json_integer_value(json_object_get(st, "lesson")), gjk_lesson);
    return st;
}

/* Everything the report says, against the shapes; returns the distance. */
static double check_report(json_t *st, const char *what)
{
    json_t *g = json_object_get(st, "gjk");
    if (g == NULL) fail_msg("%s: no gjk report", what);
    P pa[16], pb[16], diff[256], h[256];
    double ra, rb;
    int na = shape_points(shape(st, 0), pa, &ra), nb = shape_points(shape(st, 1), pb, &rb);
    int nd = 0;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) diff[nd++] = sub(pa[i], pb[j]);
    P all[256];
    memcpy(all, diff, sizeof(P) * (size_t)nd);
    int nh = hull_of(diff, nd, h);
    double scale = 0.0;
    for (int i = 0; i < nd; i++) scale = fmax(scale, fmax(fabs(all[i].x), fabs(all[i].y)));
    const double tol = 1e-3 + 1e-5 * scale;

    /* A - B: the same hull (as a set of points), grown by ra + rb */
    json_t *hull = json_object_get(g, "hull");
    if ((int)json_array_size(hull) != nh) fail_msg("%s: hull of %d points, want %d", what, (int)json_array_size(hull), nh);
    for (int i = 0; i < nh; i++) {
        P q = pt(json_array_get(hull, (size_t)i));
        bool found = false;
        for (int k = 0; k < nh; k++) found |= fabs(q.x - h[k].x) < tol && fabs(q.y - h[k].y) < tol;
        if (!found) fail_msg("%s: hull point (%g, %g) is not a corner of A - B", what, q.x, q.y);
    }
    assert_float_equal(num(g, "radius"), ra + rb, 1e-3);

    /* the distance: the origin's to A - B; overlap exactly when it is inside */
    bool inside;
    double core = origin_to_hull(h, nh, &inside);
    double want = inside ? 0.0 : fmax(0.0, core - ra - rb);
    bool overlap = flag(g, "overlap");
    if (fabs(num(g, "distance") - want) > tol)
        fail_msg("%s: distance %.6f, the origin is %.6f from A - B", what, num(g, "distance"), want);
    if (want > tol) assert_false(overlap);
    if (inside && core > tol) assert_true(overlap);
    if (!inside && core - ra - rb < -tol) assert_true(overlap);
    /* the explanation and the colours say the same */
    json_t *ex = json_object_get(st, "explanation");
    assert_int_equal(json_is_true(json_object_get(ex, "verdict")), overlap);
    assert_int_equal(flag(shape(st, 0), "colliding"), overlap);
    /* the closest points, that far apart */
    P qa = pt(json_object_get(g, "point_a")), qb = pt(json_object_get(g, "point_b"));
    assert_float_equal(len(sub(qa, qb)), overlap ? 0.0 : want, tol);

    /* every step: a simplex of points of A - B (each a vertex difference),
     * its point nearest the origin, the support point farthest along d */
    json_t *steps = json_object_get(g, "steps");
    int ns = (int)json_array_size(steps);
    assert_true(ns >= 1 && ns <= 21);
    for (int k = 0; k < ns; k++) {
        json_t *s = json_array_get(steps, (size_t)k), *sx = json_object_get(s, "simplex");
        int n = (int)json_array_size(sx);
        assert_true(n >= 1 && n <= 3);
        P w[3];
        for (int i = 0; i < n; i++) {
            json_t *v = json_array_get(sx, (size_t)i);
            w[i] = pt(json_object_get(v, "w"));
            P a = pt(json_object_get(v, "a")), b = pt(json_object_get(v, "b"));
            assert_true(is_one_of(a, pa, na) && is_one_of(b, pb, nb));
            assert_float_equal(w[i].x, a.x - b.x, tol);
            assert_float_equal(w[i].y, a.y - b.y, tol);
        }
        P cl = pt(json_object_get(s, "closest"));
        assert_float_equal(len(cl), simplex_dist(w, n), tol);
        json_t *d = json_object_get(s, "direction");
        if (d != NULL) {
            P dir = pt(d), sup = pt(json_object_get(json_object_get(s, "support"), "w"));
            double best = -1e300;
            for (int i = 0; i < nd; i++) best = fmax(best, dot(all[i], dir));
            if (dot(sup, dir) < best - tol * len(dir))
                fail_msg("%s step %d: support (%g, %g) is not the farthest along d", what, k, sup.x, sup.y);
            assert_true(is_one_of(sup, all, nd));
        }
    }
    /* where it stopped */
    json_t *lastj = json_array_get(steps, (size_t)(ns - 1));
    const char *stop = json_string_value(json_object_get(g, "stop"));
    if (strcmp(stop, "enclosed") == 0) {
        assert_int_equal((int)json_array_size(json_object_get(lastj, "simplex")), 3);
        assert_true(overlap);
    } else if (!overlap) {
        assert_float_equal(len(pt(json_object_get(lastj, "closest"))) - ra - rb, want, tol);
    }
    assert_true(num(g, "step") >= 0 && num(g, "step") < ns);

    /* SAT beside it: its axis is an edge normal of A - B; overlapping, its
     * overlap is the origin's distance to the nearest edge; apart, its
     * widest gap is the origin's distance to an edge's line, at most GJK's */
    json_t *sat = json_object_get(g, "sat");
    assert_non_null(sat);
    P n = pt(json_object_get(sat, "axis"));
    double face = num(sat, "face"), amount = num(sat, "amount");
    assert_float_equal(fabs(face), amount, 1e-3);
    double lo = 1e300, hi = -1e300;
    for (int i = 0; i < nd; i++) { lo = fmin(lo, dot(all[i], n)); hi = fmax(hi, dot(all[i], n)); }
    lo -= ra + rb;
    hi += ra + rb;
    /* the face is where A - B ends along the axis */
    assert_true(fabs(face - lo) < tol || fabs(face - hi) < tol);
    assert_int_equal(flag(sat, "hit"), overlap);
    if (overlap) {
        if (ra + rb == 0.0) assert_float_equal(amount, core, 0.01);
    } else {
        assert_true(amount <= want + 0.01);
        assert_true(lo > -tol || hi < tol);   /* O outside A - B along the axis */
    }
    return want;
}

/* Test 1: each preset and moves from it, in each language. */
static void test_presets_and_moves(void **s)
{
    (void)s;
    static const char *const LANGS[3] = { "en", "zh-TW", "vi" };
    static const char *const MOVES[] = {
        "# as built\n",
        "0 key down Left\n20 key up Left\n",                       /* A towards B: 80 px */
        "0 key down Left\n30 key up Left\n30 key down q\n50 key up q\n",
        "0 key down Up\n25 key up Up\n",
        "0 key down e\n40 key up e\n",
    };
    int hits = 0, apart = 0;
    for (int p = 0; p <= 4; p++)
        for (int m = 0; m < 5; m++) {
            char script[512], what[64];
            snprintf(script, sizeof script, "%s%s", p == 0 ? "" : (const char *[]){ "", "0 key down F2\n0 key up F2\n",
                     "0 key down F3\n0 key up F3\n", "0 key down F4\n0 key up F4\n", "0 key down F5\n0 key up F5\n" }[p],
                     MOVES[m]);
            /* the moves run after the preset: shift their ticks by one */
            write_text("in.txt", script);
            snprintf(what, sizeof what, "preset %d move %d", p, m);
            char frames[16];
            snprintf(frames, sizeof frames, "%d", 70);
            assert_int_equal(lab("--headless --frames %s --lesson %d --lang %s --input @in.txt --state-out @state.json",
                                 frames, gjk_lesson, LANGS[(p + m) % 3]),
                             0);
            json_t *st = lab_json("state.json");
            double d = check_report(st, what);
            if (d > 0.0) apart++;
            else hits++;
            json_decref(st);
        }
    print_message("gjk lesson: %d arrangements apart, %d overlapping\n", apart, hits);
    assert_true(apart >= 5 && hits >= 5);
}

/* Test 2: the preset numbers the lesson is built around. Preset 0: the
 * nearest feature is an edge, so SAT's widest gap equals GJK's distance;
 * F4 (thin box, nearest at a corner): SAT's gap is smaller; F3 (B inside
 * A): a triangle encloses the origin. */
static void test_preset_cases(void **s)
{
    (void)s;
    json_t *st = run("# as built\n", "en");
    double d = check_report(st, "preset 0");
    json_t *g = json_object_get(st, "gjk");
    assert_true(d > 50.0);
    assert_float_equal(num(json_object_get(g, "sat"), "amount"), d, 0.01);
    json_decref(st);

    st = run("0 key down F4\n0 key up F4\n", "en");
    d = check_report(st, "F4");
    g = json_object_get(st, "gjk");
    assert_true(num(json_object_get(g, "sat"), "amount") < d - 1.0);
    json_decref(st);

    st = run("0 key down F3\n0 key up F3\n", "en");
    check_report(st, "F3");
    g = json_object_get(st, "gjk");
    assert_string_equal(json_string_value(json_object_get(g, "stop")), "enclosed");
    json_decref(st);

    st = run("0 key down F5\n0 key up F5\n", "en");
    check_report(st, "F5");
    g = json_object_get(st, "gjk");
    assert_true(num(g, "radius") > 0.0);
    json_decref(st);
}

/* Test 3: ] steps forward round the run, [ back, A every step at once. */
static void test_walk_keys(void **s)
{
    (void)s;
    json_t *st = run("0 key down F3\n0 key up F3\n", "en");
    int count = (int)json_array_size(json_object_get(json_object_get(st, "gjk"), "steps"));
    json_decref(st);
    assert_true(count >= 2);
    for (int k = 0; k <= count; k++) {
        char script[1024] = "0 key down F3\n0 key up F3\n";
        for (int i = 0; i < k; i++) strcat(script, "1 key down ]\n1 key up ]\n");
        st = run(script, "en");
        json_t *g = json_object_get(st, "gjk");
        assert_int_equal((int)num(g, "step"), k % count);
        assert_false(flag(g, "all"));
        json_decref(st);
    }
    st = run("0 key down F3\n0 key up F3\n1 key down [\n1 key up [\n", "en");
    assert_int_equal((int)num(json_object_get(st, "gjk"), "step"), count - 1);
    json_decref(st);
    st = run("0 key down F3\n0 key up F3\n1 key down a\n1 key up a\n", "en");
    assert_true(flag(json_object_get(st, "gjk"), "all"));
    json_decref(st);
}

/* Test 4: the picture: Space takes a real part of it away, and A - B is
 * drawn where the report puts it: the pixel at the middle of its hull
 * (away from the origin) changes with Space. */
static void test_picture(void **s)
{
    (void)s;
    write_text("none.txt", "# nothing\n");
    write_text("space.txt", "0 key down Space\n0 key up Space\n");
    assert_int_equal(lab("--headless --frames 3 --lesson %d --input @none.txt --screenshot @on.png --state-out @state.json",
                         gjk_lesson),
                     0);
    assert_int_equal(lab("--headless --frames 3 --lesson %d --input @space.txt --screenshot @off.png", gjk_lesson), 0);
    SDL_Surface *on = lab_png("on.png"), *off = lab_png("off.png");
    long diff = 0;
    for (int y = 200; y < 640; y++)
        for (int x = 0; x < 1280; x++) diff += memcmp(px_at(on, x, y), px_at(off, x, y), 3) != 0;
    if (diff < 3000) fail_msg("the explanation changes only %ld pixels", diff);
    json_t *st = lab_json("state.json"), *g = json_object_get(st, "gjk"), *hull = json_object_get(g, "hull");
    P o = pt(json_object_get(g, "origin_at")), c = { 0.0, 0.0 };
    int n = (int)json_array_size(hull);
    for (int i = 0; i < n; i++) {
        P q = pt(json_array_get(hull, (size_t)i));
        c.x += q.x / n;
        c.y += q.y / n;
    }
    int x = (int)lround(o.x + c.x), y = (int)lround(o.y + c.y);
    assert_true(x > 0 && x < 1280 && y > 200 && y < 640);
    assert_true(memcmp(px_at(on, x, y), px_at(off, x, y), 3) != 0);
    json_decref(st);
    SDL_FreeSurface(on);
    SDL_FreeSurface(off);
}

static int setup(void **s)
{
    (void)s;
    gjk_lesson = lesson_by_key("lesson12");
    if (gjk_lesson < 0) return -1;
    return lab_setup("gjk", "");
}

static int teardown(void **s)
{
    (void)s;
    return lab_teardown();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_presets_and_moves),
        cmocka_unit_test(test_preset_cases),
        cmocka_unit_test(test_walk_keys),
        cmocka_unit_test(test_picture),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
