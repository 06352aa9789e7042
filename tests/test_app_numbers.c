/*
 * test_app_numbers.c - what lessons 1, 2, 4, 5, 6-7, 8 and 9 write on screen, read
 * back from the frame's text log (DrawLog: every HUD line and canvas label
 * as drawn), against an independent computation here, in double precision,
 * from the shapes' own coordinates (World.shapes, what the module sees).
 *
 *   lesson 1: d, r1, r2, the gap label, the HUD's d, the sign, r1 + r2 and
 *             the verdict;
 *   lesson 4: both HUD interval lines, overlap/GAP on each axis, the verdict
 *             line, and the overlap or gap labelled on each axis;
 *   lesson 8: every row of the pair table (pair, test chosen, HIT depth or
 *             apart), the depth beside each arrow, the HUD's counts, all by
 *             brute force (a separating axis test written here);
 *   lesson 9: N, pairs tested (every pair: N(N-1)/2) and colliding, by
 *             brute force over all pairs, in both methods;
 *   lesson 2: the text panel's part, axis, inequality and numbers;
 *   lesson 5: the turn (-angle), C and C', |C'A'| against r;
 *   lessons 6, 7: the MTV's depth beside B's arrow and in the HUD.
 *
 * Over the presets and seeded random arrangements. Arrangements within
 * rounding of touching (|gap| < 0.01 px) are skipped: there the float
 * test and the double one may rightly disagree.
 */
#include <math.h>
#include <SDL_ttf.h>

#include "app/app.h"
#include "app/i18n.h"
#include "app/lessons.h"
#include "app/text.h"
#include "app_drive.h"
#include "lab_run.h"
#include "text_fixture.h"

/* ---- The frame and its texts ------------------------------------------- */

static TextFixture F;   /* text_fixture.h's, with its DrawLog */

static void frame_draw(App *app)
{
    view_fit(&app->view, 1280, 720);
    F.c.log = F.log;
    canvas_begin(&F.c, F.r, &app->view, F.text);
    app_draw(app, &F.c);
    text_frame_end(F.text);
}

/* The first text (hud: HUD or canvas label) starting with prefix, or NULL;
 * *from is where to go on searching. A text wrapped into several lines
 * comes back whole (its lines joined by a space). */
static const char *find_text(bool hud, const char *prefix, int *from)
{
    static char whole[4][1024];
    static int turn = 0;
    for (int i = from != NULL ? *from : 0; i < F.log->text_count; i++) {
        const DrawnText *t = &F.log->texts[i];
        if (t->hud == hud && t->line == 0 && strncmp(t->text, prefix, strlen(prefix)) == 0) {
            if (from != NULL) *from = i + 1;
            char *w = whole[turn++ % 4];
            snprintf(w, sizeof whole[0], "%s", t->text);
            for (int k = 1; k < t->lines && i + k < F.log->text_count; k++) {
                assert_int_equal(F.log->texts[i + k].line, k);
                size_t len = strlen(w);
                snprintf(w + len, sizeof whole[0] - len, " %s", F.log->texts[i + k].text);
            }
            return w;
        }
    }
    return NULL;
}

static int count_texts(bool hud, const char *prefix)
{
    int n = 0, from = 0;
    while (find_text(hud, prefix, &from) != NULL) n++;
    return n;
}

/* A value printed with %.Nf within half its last digit of the exact one
 * (and a hair more: the lab rounds a float). */
static void near_printed(double shown, double exact, double half_unit, const char *what)
{
    if (fabs(shown - exact) > half_unit + 1e-3 + 1e-6 * fabs(exact))
        fail_msg("%s: the screen shows %.3f, the shapes give %.4f", what, shown, exact);
}

/* Replaces the app's world by the n bodies (the lesson restarts on them). */
static void put(App *app, const Body *b, int n)
{
    World w;
    world_init(&w);
    for (int i = 0; i < n; i++) assert_true(world_add(&w, &b[i]));
    w.selected = 0;
    app_take_world(app, &w);
    world_free(&w);
    app_refresh(app);
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static double rnd(double lo, double hi)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return lo + (hi - lo) * (double)(rng >> 11) / 9007199254740992.0;
}

/* ---- Shapes in double, and a separating axis test ------------------------ */

typedef struct DShape { bool circle; double cx, cy, r; int n; double x[8], y[8]; } DShape;

static DShape dshape(const Shape *s)
{
    DShape d = { 0 };
    switch (s->kind) {
    case SHAPE_CIRCLE:
        d.circle = true;
        d.cx = s->circle.center.x;
        d.cy = s->circle.center.y;
        d.r = s->circle.radius;
        break;
    case SHAPE_RECT: {
        /* collide.h: the corner at (lx, ly) lies at centre + R(angle)(lx, ly) */
        double c = cos((double)s->rect.angle), sn = sin((double)s->rect.angle);
        static const double LX[4] = { -1, 1, 1, -1 }, LY[4] = { -1, -1, 1, 1 };
        d.n = 4;
        for (int i = 0; i < 4; i++) {
            double lx = LX[i] * s->rect.half.x, ly = LY[i] * s->rect.half.y;
            d.x[i] = s->rect.center.x + lx * c - ly * sn;
            d.y[i] = s->rect.center.y + lx * sn + ly * c;
        }
        break;
    }
    case SHAPE_POLY:
        d.n = s->poly.count;
        for (int i = 0; i < d.n; i++) {
            d.x[i] = s->poly.verts[i].x;
            d.y[i] = s->poly.verts[i].y;
        }
        break;
    }
    return d;
}

static void dproject(const DShape *s, double ux, double uy, double *lo, double *hi)
{
    if (s->circle) {
        double c = s->cx * ux + s->cy * uy;
        *lo = c - s->r;
        *hi = c + s->r;
        return;
    }
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int i = 0; i < s->n; i++) {
        double t = s->x[i] * ux + s->y[i] * uy;
        *lo = fmin(*lo, t);
        *hi = fmax(*hi, t);
    }
}

/* The least overlap over the axes that decide (edge normals; for a circle
 * the axis to the polygon's nearest vertex, or the centres' line): > 0 the
 * MTV depth, < 0 a gap. */
static double sat_double(const DShape *a, const DShape *b)
{
    if (a->circle && b->circle) return a->r + b->r - hypot(b->cx - a->cx, b->cy - a->cy);
    double axes[20][2];
    int k = 0;
    const DShape *ps[2] = { a, b };
    for (int s = 0; s < 2; s++) {
        const DShape *p = ps[s], *o = ps[1 - s];
        if (p->circle) {
            /* the axis from the centre to the other's nearest vertex */
            int best = 0;
            double bd = INFINITY;
            for (int i = 0; i < o->n; i++) {
                double dd = hypot(o->x[i] - p->cx, o->y[i] - p->cy);
                if (dd < bd) { bd = dd; best = i; }
            }
            if (bd > 0.0) {
                axes[k][0] = (o->x[best] - p->cx) / bd;
                axes[k][1] = (o->y[best] - p->cy) / bd;
                k++;
            }
            continue;
        }
        for (int i = 0; i < p->n; i++) {
            int j = (i + 1) % p->n;
            double ex = p->x[j] - p->x[i], ey = p->y[j] - p->y[i], len = hypot(ex, ey);
            if (len == 0.0) continue;
            axes[k][0] = ey / len;
            axes[k][1] = -ex / len;
            k++;
        }
    }
    double least = INFINITY;
    for (int i = 0; i < k; i++) {
        double alo, ahi, blo, bhi;
        dproject(a, axes[i][0], axes[i][1], &alo, &ahi);
        dproject(b, axes[i][0], axes[i][1], &blo, &bhi);
        least = fmin(least, fmin(ahi - blo, bhi - alo));
    }
    return least;
}

/* ---- Lesson 1 ------------------------------------------------------------ */

static void check_lesson1(App *app, const char *where)
{
    const Shape *s = app->world.shapes;
    double x1 = s[0].circle.center.x, y1 = s[0].circle.center.y, r1 = s[0].circle.radius;
    double x2 = s[1].circle.center.x, y2 = s[1].circle.center.y, r2 = s[1].circle.radius;
    double d = hypot(x2 - x1, y2 - y1), sum = r1 + r2;
    bool hit = d <= sum;
    frame_draw(app);
    char what[160];
    /* the HUD: d = ..  <= or >  r1 + r2 = ..  ->  verdict */
    const char *h = find_text(true, "d = ", NULL);
    if (h == NULL) fail_msg("%s: no HUD line d = ...", where);
    double hd = NAN, hs = NAN;
    char sign[16] = "";
    assert_int_equal(sscanf(h, "d = %lf %15s r₁ + r₂ = %lf", &hd, sign, &hs), 3);
    snprintf(what, sizeof what, "%s, HUD d", where);
    near_printed(hd, d, 0.05, what);
    snprintf(what, sizeof what, "%s, HUD r1 + r2", where);
    near_printed(hs, sum, 0.05, what);
    if (strcmp(sign, hit ? "≤" : ">") != 0) fail_msg("%s: HUD says d %s r1 + r2 for d = %.3f, r1 + r2 = %.3f", where, sign, d, sum);
    if (strstr(h, lesson_verdict(hit)) == NULL) fail_msg("%s: HUD verdict wrong: %s", where, h);
    /* the labels */
    double v = NAN;
    const char *t = find_text(false, "d = ", NULL);
    assert_non_null(t);
    assert_int_equal(sscanf(t, "d = %lf", &v), 1);
    snprintf(what, sizeof what, "%s, label d", where);
    near_printed(v, d, 0.05, what);
    t = find_text(false, "r₁ = ", NULL);
    assert_non_null(t);
    assert_int_equal(sscanf(t, "r₁ = %lf", &v), 1);
    snprintf(what, sizeof what, "%s, label r1", where);
    near_printed(v, r1, 0.5, what);
    t = find_text(false, "r₂ = ", NULL);
    assert_non_null(t);
    assert_int_equal(sscanf(t, "r₂ = %lf", &v), 1);
    snprintf(what, sizeof what, "%s, label r2", where);
    near_printed(v, r2, 0.5, what);
    t = find_text(false, "gap ", NULL);
    if (hit) {
        if (t != NULL) fail_msg("%s: colliding, yet a label says %s", where, t);
    } else {
        if (t == NULL) fail_msg("%s: apart (d - r1 - r2 = %.3f), no gap label", where, d - sum);
        assert_int_equal(sscanf(t, "gap %lf", &v), 1);
        snprintf(what, sizeof what, "%s, gap label", where);
        near_printed(v, d - sum, 0.05, what);
    }
    /* the report (--state-out) agrees */
    json_t *st = app_state_json(app), *c = json_object_get(st, "circles");
    assert_non_null(c);
    assert_float_equal(json_real_value(json_object_get(c, "distance")), d, 1e-3);
    assert_float_equal(json_real_value(json_object_get(c, "radius_sum")), sum, 1e-3);
    assert_int_equal(json_is_true(json_object_get(c, "hit")), hit);
    json_decref(st);
}

static void test_lesson1_numbers(void **s)
{
    (void)s;
    int checked = 0;
    for (int p = 0; p < 5; p++) {
        App app;
        assert_true(app_init(&app, 1));
        if (app_set_lesson(&app, 1, p)) {
            app_tick(&app);
            const Shape *sh = app.world.shapes;
            double d = hypot(sh[1].circle.center.x - sh[0].circle.center.x, sh[1].circle.center.y - sh[0].circle.center.y);
            if (fabs(d - sh[0].circle.radius - sh[1].circle.radius) >= 0.01) {   /* not the touching preset */
                char where[64];
                snprintf(where, sizeof where, "lesson 1, preset F%d", p + 1);
                check_lesson1(&app, where);
                checked++;
            }
        }
        app_free(&app);
    }
    App app;
    assert_true(app_init(&app, 1));
    int hits = 0;
    for (int k = 0; k < 300; k++) {
        Body b[2];
        double r1 = rnd(2.0, 200.0), r2 = rnd(2.0, 200.0);
        b[0] = body_circle((float)rnd(250.0, 1030.0), (float)rnd(260.0, 560.0), (float)r1);
        b[1] = body_circle((float)rnd(250.0, 1030.0), (float)rnd(260.0, 560.0), (float)r2);
        double d = hypot((double)b[1].pos.x - b[0].pos.x, (double)b[1].pos.y - b[0].pos.y);
        if (fabs(d - (double)b[0].radius - b[1].radius) < 0.01) continue;
        put(&app, b, 2);
        char where[64];
        snprintf(where, sizeof where, "lesson 1, random arrangement %d", k);
        check_lesson1(&app, where);
        hits += d <= (double)b[0].radius + b[1].radius;
        checked++;
    }
    app_free(&app);
    print_message("  lesson 1: %d arrangements, %d colliding\n", checked, hits);
    assert_true(hits > 20 && checked - hits > 20);
}

/* ---- Lesson 4 ------------------------------------------------------------ */

static void check_lesson4(App *app, const char *where)
{
    const Shape *s = app->world.shapes;
    double lo[2][2], hi[2][2];   /* [box][axis] */
    for (int i = 0; i < 2; i++) {
        lo[i][0] = (double)s[i].rect.center.x - s[i].rect.half.x;
        hi[i][0] = (double)s[i].rect.center.x + s[i].rect.half.x;
        lo[i][1] = (double)s[i].rect.center.y - s[i].rect.half.y;
        hi[i][1] = (double)s[i].rect.center.y + s[i].rect.half.y;
    }
    frame_draw(app);
    char what[160];
    bool over[2];
    static const char *const PREFIX[2] = { "x: A [", "y: A [" };
    for (int ax = 0; ax < 2; ax++) {
        over[ax] = lo[0][ax] <= hi[1][ax] && lo[1][ax] <= hi[0][ax];
        const char *h = find_text(true, PREFIX[ax], NULL);
        if (h == NULL) fail_msg("%s: no HUD line %s...", where, PREFIX[ax]);
        double v[4];
        char fmt[64];
        snprintf(fmt, sizeof fmt, "%c: A [%%lf, %%lf]  B [%%lf, %%lf]", "xy"[ax]);
        assert_int_equal(sscanf(h, fmt, &v[0], &v[1], &v[2], &v[3]), 4);
        const double want[4] = { lo[0][ax], hi[0][ax], lo[1][ax], hi[1][ax] };
        for (int e = 0; e < 4; e++) {
            snprintf(what, sizeof what, "%s, HUD %c interval end %d", where, "xy"[ax], e);
            near_printed(v[e], want[e], 0.5, what);
        }
        const char *word = tr(over[ax] ? "lesson4.overlaps" : "lesson4.has_gap");
        size_t lw = strlen(word), lh = strlen(h);
        if (lh < lw || strcmp(h + lh - lw, word) != 0) fail_msg("%s: HUD %s, expected it to end in %s", where, h, word);
    }
    bool hit = over[0] && over[1];
    const char *line = find_text(true, tr(hit ? "lesson4.both" : "lesson4.one_gap"), NULL);
    if (line == NULL || strstr(line, lesson_verdict(hit)) == NULL)
        fail_msg("%s: no HUD line \"%s ... %s\"", where, tr(hit ? "lesson4.both" : "lesson4.one_gap"), lesson_verdict(hit));
    /* each axis labels its overlap or its gap: two labels, each one of the two */
    double amount[2];
    for (int ax = 0; ax < 2; ax++)
        amount[ax] = fmin(hi[0][ax], hi[1][ax]) - fmax(lo[0][ax], lo[1][ax]);   /* < 0: a gap of -amount */
    int n_over = count_texts(false, "overlap "), n_gap = count_texts(false, "gap ");
    assert_int_equal(n_over, over[0] + over[1]);
    assert_int_equal(n_gap, 2 - over[0] - over[1]);
    bool used[2] = { false, false };
    for (int i = 0; i < F.log->text_count; i++) {
        const char *t = F.log->texts[i].text;
        bool is_gap = strncmp(t, "gap ", 4) == 0;
        if (F.log->texts[i].hud || (!is_gap && strncmp(t, "overlap ", 8) != 0)) continue;
        double v = NAN;
        assert_int_equal(sscanf(t, is_gap ? "gap %lf" : "overlap %lf", &v), 1);
        int match = -1;
        for (int ax = 0; ax < 2; ax++)
            if (!used[ax] && over[ax] == !is_gap && fabs(v - fabs(amount[ax])) <= 0.5 + 1e-3) match = ax;
        if (match < 0)
            fail_msg("%s: label \"%s\" matches neither axis (x %s %.3f, y %s %.3f)", where, t,
                     over[0] ? "overlap" : "gap", fabs(amount[0]), over[1] ? "overlap" : "gap", fabs(amount[1]));
        used[match] = true;
    }
    json_t *st = app_state_json(app), *iv = json_object_get(st, "intervals");
    assert_non_null(iv);
    assert_int_equal(json_is_true(json_object_get(iv, "x_overlap")), over[0]);
    assert_int_equal(json_is_true(json_object_get(iv, "y_overlap")), over[1]);
    assert_int_equal(json_is_true(json_object_get(iv, "hit")), hit);
    json_decref(st);
}

static void test_lesson4_numbers(void **s)
{
    (void)s;
    int checked = 0, hits = 0;
    for (int p = 0; p < 5; p++) {
        App app;
        assert_true(app_init(&app, 4));
        if (app_set_lesson(&app, 4, p)) {
            app_tick(&app);
            char where[64];
            snprintf(where, sizeof where, "lesson 4, preset F%d", p + 1);
            check_lesson4(&app, where);
            checked++;
        }
        app_free(&app);
    }
    App app;
    assert_true(app_init(&app, 4));
    for (int k = 0; k < 300; k++) {
        Body b[2];
        for (int i = 0; i < 2; i++)
            b[i] = body_rect((float)rnd(200.0, 1080.0), (float)rnd(220.0, 560.0), (float)rnd(2.0, 420.0),
                             (float)rnd(2.0, 300.0), 0.0f);
        /* touching on an axis within rounding: drawn again */
        bool near = false;
        for (int ax = 0; ax < 2; ax++) {
            double ca = ax ? b[0].pos.y : b[0].pos.x, cb = ax ? b[1].pos.y : b[1].pos.x;
            double ha = ax ? b[0].half.y : b[0].half.x, hb = ax ? b[1].half.y : b[1].half.x;
            near |= fabs(fabs(cb - ca) - ha - hb) < 0.01;
        }
        if (near) continue;
        put(&app, b, 2);
        char where[64];
        snprintf(where, sizeof where, "lesson 4, random arrangement %d", k);
        check_lesson4(&app, where);
        hits += shapes_collide(&app.world.shapes[0], &app.world.shapes[1], NULL);
        checked++;
    }
    app_free(&app);
    print_message("  lesson 4: %d arrangements, %d colliding\n", checked, hits);
    assert_true(hits > 20 && checked - hits > 20);
}

/* ---- Lesson 8 ------------------------------------------------------------ */

/* The row's test: by the kinds, and for boxes by whether they are upright
 * (two upright boxes: the x and y intervals, lesson 4; a circle and an
 * upright box: the clamp alone, lesson 3) */
static const char *test_name(const Shape *a, const Shape *b)
{
    static const char *const KEY[3][3] = {
        { "lesson8.test_cc", "lesson8.test_cr", "lesson8.test_cp" },
        { "lesson8.test_cr", "lesson8.test_rr", "lesson8.test_rp" },
        { "lesson8.test_cp", "lesson8.test_rp", "lesson8.test_pp" },
    };
    const bool ua = a->kind != SHAPE_RECT || a->rect.angle == 0.0f, ub = b->kind != SHAPE_RECT || b->rect.angle == 0.0f;
    const int kinds = (int)a->kind + (int)b->kind;   /* circle 0, rect 1, poly 2 */
    if (kinds == 1 && ua && ub) return tr("lesson8.test_cr_upright");
    if (a->kind == SHAPE_RECT && b->kind == SHAPE_RECT && ua && ub) return tr("lesson8.test_rr_upright");
    return tr(KEY[a->kind][b->kind]);
}

/* Returns false (nothing checked) when a pair is within rounding of touching. */
static bool check_lesson8(App *app, const char *where)
{
    const World *w = &app->world;
    int n = w->count;
    double depth[12][12];
    int collide = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            DShape a = dshape(&w->shapes[i]), b = dshape(&w->shapes[j]);
            depth[i][j] = sat_double(&a, &b);
            if (fabs(depth[i][j]) < 0.01) return false;
            collide += depth[i][j] > 0.0;
        }
    frame_draw(app);
    const char *h = find_text(true, "", NULL);
    long long tested = -1;
    int coll = -1, from = 0;
    while ((h = find_text(true, "", &from)) != NULL)
        if (sscanf(h, "%lld pairs tested, %d collide", &tested, &coll) == 2) break;
    if (h == NULL) fail_msg("%s: no HUD line \"N pairs tested, N collide\"", where);
    assert_int_equal(tested, (long long)n * (n - 1) / 2);
    if (coll != collide) fail_msg("%s: HUD says %d collide, brute force finds %d", where, coll, collide);
    /* the table: a row per pair, in order */
    from = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            char pair[32];
            snprintf(pair, sizeof pair, "%d–%d", i + 1, j + 1);
            const char *row = find_text(true, pair, &from);
            if (row == NULL || strcmp(row, pair) != 0) fail_msg("%s: no table row %s", where, pair);
            const char *test = F.log->texts[from].text, *verdict = F.log->texts[from + 1].text;
            if (strcmp(test, test_name(&w->shapes[i], &w->shapes[j])) != 0)
                fail_msg("%s: row %s names the test \"%s\"", where, pair, test);
            double v = NAN;
            char what[160];
            snprintf(what, sizeof what, "%s, row %s depth", where, pair);
            if (depth[i][j] > 0.0) {
                if (sscanf(verdict, "HIT %lf", &v) != 1) fail_msg("%s: row %s says \"%s\", they collide", where, pair, verdict);
                near_printed(v, depth[i][j], 0.05, what);
            } else if (strcmp(verdict, tr("lesson8.row_apart")) != 0) {
                fail_msg("%s: row %s says \"%s\", they are %.3f apart", where, pair, verdict, -depth[i][j]);
            }
        }
    /* a depth label beside each arrow, "i–j: d px": the pair's names and
     * its depth, in px */
    double labels[66];
    int lpair[66][2];
    int nl = 0;
    from = 0;
    for (const char *t; (t = find_text(false, "", &from)) != NULL;) {
        double v = NAN;
        int a = 0, b = 0;
        char unit[8] = "";
        if (sscanf(t, "%d–%d: %lf %7s", &a, &b, &v, unit) == 4) {
            if (strcmp(unit, "px") != 0) fail_msg("%s: depth label \"%s\" not in px", where, t);
            lpair[nl][0] = a;
            lpair[nl][1] = b;
            labels[nl++] = v;
        }
    }
    assert_int_equal(nl, collide);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            if (depth[i][j] <= 0.0) continue;
            int found = -1;
            for (int k = 0; k < nl; k++)
                if (fabs(labels[k] - depth[i][j]) <= 0.05 + 1e-3 && lpair[k][0] == i + 1 && lpair[k][1] == j + 1) found = k;
            if (found < 0) fail_msg("%s: no arrow labelled with the depth %.3f of %d–%d", where, depth[i][j], i + 1, j + 1);
            labels[found] = NAN;
        }
    /* the report and the explanation agree */
    json_t *st = app_state_json(app), *tab = json_object_get(st, "pair_table");
    assert_int_equal((int)json_array_size(tab), n * (n - 1) / 2);
    size_t k;
    json_t *row;
    json_array_foreach(tab, k, row) {
        int a = (int)json_integer_value(json_object_get(row, "a")), b = (int)json_integer_value(json_object_get(row, "b"));
        assert_int_equal(json_is_true(json_object_get(row, "hit")), depth[a][b] > 0.0);
    }
    json_decref(st);
    Explanation ex;
    assert_true(app_explanation(app, &ex));
    assert_int_equal(ex.verdict, depth[ex.a][ex.b] > 0.0);
    bool says_apart = strstr(ex.criterion, ": apart") != NULL;
    if (says_apart == (depth[ex.a][ex.b] > 0.0)) fail_msg("%s: explanation \"%s\" for a depth of %.3f", where, ex.criterion, depth[ex.a][ex.b]);
    return true;
}

static Body random_body(void)
{
    double x = rnd(300.0, 900.0), y = rnd(250.0, 560.0);
    switch ((int)rnd(0.0, 3.0)) {
    case 0: return body_circle((float)x, (float)y, (float)rnd(10.0, 110.0));
    case 1:   /* one box in three upright: its pairs take other tests */
        return body_rect((float)x, (float)y, (float)rnd(20.0, 260.0), (float)rnd(20.0, 200.0),
                         rnd(0.0, 3.0) < 1.0 ? 0.0f : (float)rnd(-180.0, 180.0));
    default: {
        /* convex: points on a circle at increasing angles */
        int n = 3 + (int)rnd(0.0, 6.0);
        double r = rnd(30.0, 120.0), t0 = rnd(0.0, 2.0 * M_PI), step = 2.0 * M_PI / n;
        Vec2 pts[8];
        for (int i = 0; i < n; i++) {
            double t = t0 + step * (i + rnd(0.05, 0.95));
            pts[i] = (Vec2){ (float)(x + r * cos(t)), (float)(y + r * sin(t)) };
        }
        return body_poly(pts, n);
    }
    }
}

static void test_lesson8_table(void **s)
{
    (void)s;
    int checked = 0;
    for (int p = 0; p < 5; p++) {
        App app;
        assert_true(app_init(&app, 8));
        if (app_set_lesson(&app, 8, p)) {
            app_tick(&app);
            char where[64];
            snprintf(where, sizeof where, "lesson 8, preset F%d", p + 1);
            if (app.world.count <= 7) checked += check_lesson8(&app, where);
        }
        app_free(&app);
    }
    assert_true(checked >= 1);
    App app;
    assert_true(app_init(&app, 8));
    for (int k = 0; k < 150; k++) {
        Body b[6];
        int n = 2 + (int)rnd(0.0, 5.0);
        for (int i = 0; i < n; i++) b[i] = random_body();
        put(&app, b, n);
        char where[64];
        snprintf(where, sizeof where, "lesson 8, random scene %d (%d shapes)", k, n);
        checked += check_lesson8(&app, where);
    }
    app_free(&app);
    print_message("  lesson 8: %d scenes\n", checked);
    assert_true(checked >= 100);
}

/* ---- Lesson 9 ------------------------------------------------------------ */

static void check_lesson9(App *app, bool grid)
{
    const World *w = &app->world;
    int n = w->count, sure = 0, maybe = 0;
    DShape *d = malloc(sizeof *d * (size_t)n);
    assert_non_null(d);
    for (int i = 0; i < n; i++) d[i] = dshape(&w->shapes[i]);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double o = sat_double(&d[i], &d[j]);
            sure += o >= 0.01;
            maybe += fabs(o) < 0.01;
        }
    free(d);
    frame_draw(app);
    int shown_n = -1, coll = -1;
    long long tested = -1;
    const char *t = find_text(true, "N = ", NULL);
    assert_non_null(t);
    assert_int_equal(sscanf(t, "N = %d shapes", &shown_n), 1);
    assert_int_equal(shown_n, n);
    t = find_text(true, "Pairs tested: ", NULL);
    assert_non_null(t);
    assert_int_equal(sscanf(t, "Pairs tested: %lld colliding: %d", &tested, &coll), 2);
    assert_non_null(find_text(true, tr(grid ? "lesson9.method_grid" : "lesson9.method_all"), NULL));
    if (coll < sure || coll > sure + maybe)
        fail_msg("lesson 9 (%s, N = %d): %d colliding shown, brute force: %d (and %d within rounding)",
                 grid ? "grid" : "every pair", n, coll, sure, maybe);
    if (grid) {
        /* the grid offers a part of the pairs, every colliding one among them */
        assert_true(tested >= coll && tested < (long long)n * (n - 1) / 2);
    } else {
        assert_int_equal(tested, (long long)n * (n - 1) / 2);
    }
    print_message("  lesson 9, %s: N = %d, %lld pairs tested, %d colliding\n", grid ? "grid" : "every pair", n, tested, coll);
}

static void test_lesson9_counts(void **s)
{
    (void)s;
    App app;
    assert_true(app_init(&app, 9));
    for (int round = 0; round < 3; round++) {
        for (int t = 0; t < 20; t++) app_tick(&app);   /* the shapes move */
        check_lesson9(&app, true);
        tap(&app, SDLK_b);   /* every pair */
        app_tick(&app);
        check_lesson9(&app, false);
        tap(&app, SDLK_b);
        tap(&app, SDLK_MINUS);   /* half as many */
    }
    app_free(&app);
}

/* ---- Lesson 2: the text panel's inequalities ------------------------------ */

/* The part and axis the three-part method decides by, from the shapes in
 * double, and the HUD line(s) that must say so with these numbers. Returns
 * false when the arrangement is within rounding of a boundary. */
static bool check_lesson2(App *app, const char *where)
{
    const Shape *s = app->world.shapes;
    double r = s[0].circle.radius, hw = s[1].rect.half.x, hh = s[1].rect.half.y;
    double adx = fabs((double)s[0].circle.center.x - s[1].rect.center.x);
    double ady = fabs((double)s[0].circle.center.y - s[1].rect.center.y);
    double cx = adx - hw, cy = ady - hh;
    const double edges[5] = { cx - r, cy - r, cx, cy, hypot(cx, cy) - r };
    for (int i = 0; i < 5; i++)
        if (fabs(edges[i]) < 0.01) return false;
    frame_draw(app);
    /* find_text's own buffer: the inequalities are held together by
     * no-break spaces, read here as plain spaces (in place) */
    char *h = (char *)find_text(true, "Part ", NULL);
    if (h == NULL) fail_msg("%s: no HUD line \"Part ...\"", where);
    size_t o = 0;
    for (size_t k = 0; h[k] != '\0'; k++) {
        if ((unsigned char)h[k] == 0xC2 && (unsigned char)h[k + 1] == 0xA0) { h[o++] = ' '; k++; }
        else h[o++] = h[k];
    }
    h[o] = '\0';
    double v[5];
    char sign[16] = "", what[160];
    if (cx > r || cy > r) {
        bool x = cx > r;   /* the test looks at x first */
        assert_int_equal(sscanf(h, x ? "Part 1, far zone: |dx| = %lf > w/2 + r = %lf" : "Part 1, far zone: |dy| = %lf > h/2 + r = %lf",
                                &v[0], &v[1]), 2);
        const double want[2] = { x ? adx : ady, (x ? hw : hh) + r };
        for (int i = 0; i < 2; i++) {
            snprintf(what, sizeof what, "%s, far zone number %d of \"%s\"", where, i, h);
            near_printed(v[i], want[i], 0.05, what);
        }
    } else if (cx <= 0.0 || cy <= 0.0) {
        bool x = cx <= 0.0;
        if (sscanf(h, x ? "Part 2, edge band: |dx| = %lf ≤ w/2 = %lf and |dy| = %lf ≤ h/2 + r = %lf"
                        : "Part 2, edge band: |dx| = %lf ≤ w/2 + r = %lf and |dy| = %lf ≤ h/2 = %lf",
                   &v[0], &v[1], &v[2], &v[3]) != 4)
            fail_msg("%s: the centre is in the %s edge band, the HUD says \"%s\"", where, x ? "upper/lower" : "left/right", h);
        const double want[4] = { adx, x ? hw : hw + r, ady, x ? hh + r : hh };
        for (int i = 0; i < 4; i++) {
            snprintf(what, sizeof what, "%s, edge band number %d of \"%s\"", where, i, h);
            near_printed(v[i], want[i], 0.05, what);
        }
    } else {
        bool hit = cx * cx + cy * cy <= r * r;
        if (sscanf(h, "Part 3, corner: %lf² + %lf² = %lf %15s r² = %lf", &v[0], &v[1], &v[2], sign, &v[3]) != 5)
            fail_msg("%s: the centre is in a corner, the HUD says \"%s\"", where, h);
        const double want[4] = { cx, cy, cx * cx + cy * cy, r * r };
        const double half[4] = { 0.05, 0.05, 0.5 + 0.1 * (cx + cy), 0.5 };
        for (int i = 0; i < 4; i++) {
            snprintf(what, sizeof what, "%s, corner number %d of \"%s\"", where, i, h);
            near_printed(v[i], want[i], half[i], what);
        }
        if (strcmp(sign, hit ? "≤" : ">") != 0) fail_msg("%s: corner, the HUD says %s for %.3f vs %.3f", where, sign, want[2], want[3]);
        if (strstr(h, lesson_verdict(hit)) == NULL) fail_msg("%s: HUD verdict wrong: %s", where, h);
    }
    return true;
}

static void test_lesson2_text_panel(void **s)
{
    (void)s;
    App app;
    assert_true(app_init(&app, 2));
    int parts[3] = { 0, 0, 0 };
    for (int k = 0; k < 400; k++) {
        Body b[2];
        double rx = rnd(480.0, 800.0), ry = rnd(330.0, 470.0), w = rnd(20.0, 360.0), h = rnd(20.0, 220.0);
        double r = rnd(8.0, 110.0);
        b[0] = body_circle((float)(rx + rnd(-0.5 * w - 1.3 * r, 0.5 * w + 1.3 * r)),
                           (float)(ry + rnd(-0.5 * h - 1.3 * r, 0.5 * h + 1.3 * r)), (float)r);
        b[1] = body_rect((float)rx, (float)ry, (float)w, (float)h, 0.0f);
        put(&app, b, 2);
        char where[64];
        snprintf(where, sizeof where, "lesson 2, random arrangement %d", k);
        if (!check_lesson2(&app, where)) continue;
        json_t *st = app_state_json(&app);
        parts[(int)json_integer_value(json_object_get(json_object_get(st, "region"), "part")) - 1]++;
        json_decref(st);
    }
    app_free(&app);
    print_message("  lesson 2: far %d, edge band %d, corner %d\n", parts[0], parts[1], parts[2]);
    assert_true(parts[0] > 20 && parts[1] > 20 && parts[2] > 20);
}

/* ---- Lesson 2: the band that lights up ------------------------------------ */

/* Pixels of the strip [x0, x1] x [y0, y1] (canvas = output pixels at
 * 1280x720) in the lit fill and in the unlit one, off the 80 px grid. */
static void strip_pixels(const Uint8 *px, double x0, double y0, double x1, double y1, const int lit[3],
                         const int dim[3], int *n_lit, int *n_dim)
{
    *n_lit = *n_dim = 0;
    for (int y = (int)ceil(y0) + 2; y <= (int)floor(y1) - 2; y++)
        for (int x = (int)ceil(x0) + 2; x <= (int)floor(x1) - 2; x++) {
            if (x % 80 <= 2 || x % 80 >= 78 || y % 80 <= 2 || y % 80 >= 78) continue;   /* the grid */
            const Uint8 *p = px + 4 * (y * 1280 + x);
            bool is_lit = true, is_dim = true;
            for (int k = 0; k < 3; k++) {
                is_lit &= abs(p[k] - lit[k]) <= 3;
                is_dim &= abs(p[k] - dim[k]) <= 3;
            }
            *n_lit += is_lit;
            *n_dim += is_dim;
        }
}

/* The circle's centre in each of the four edge strips (outside the box):
 * that strip is drawn in the edge zone's lit fill, the other three in its
 * unlit one. */
static void test_lesson2_lit_band(void **s)
{
    (void)s;
    App app;
    assert_true(app_init(&app, 2));
    const double rx = 640.0, ry = 420.0, w = 360.0, h = 200.0, r = 50.0;
    const double x0 = rx - w / 2, x1 = rx + w / 2, y0 = ry - h / 2, y1 = ry + h / 2;
    /* the strips: above, below, left, right of the box, r wide */
    const double strip[4][4] = { { x0, y0 - r, x1, y0 }, { x0, y1, x1, y1 + r }, { x0 - r, y0, x0, y1 }, { x1, y0, x1 + r, y1 } };
    /* centres: in the strip, off its middle so the circle leaves most of it */
    const double centre[4][2] = { { x0 + 40, y0 - 20 }, { x1 - 40, y1 + 25 }, { x0 - 20, y1 - 30 }, { x1 + 30, y0 + 30 } };
    static const char *const NAME[4] = { "upper", "lower", "left", "right" };
    Uint8 *px = malloc(1280 * 720 * 4);
    assert_non_null(px);
    for (int in = 0; in < 4; in++) {
        Body b[2] = { body_circle((float)centre[in][0], (float)centre[in][1], (float)r),
                      body_rect((float)rx, (float)ry, (float)w, (float)h, 0.0f) };
        put(&app, b, 2);
        json_t *st = app_state_json(&app), *reg = json_object_get(st, "region");
        assert_int_equal((int)json_integer_value(json_object_get(reg, "part")), 2);
        json_t *edge = json_array_get(json_object_get(st, "zones"), 1);
        assert_string_equal(json_string_value(json_object_get(edge, "name")), "edge");
        int lit[3], dim[3];
        for (int k = 0; k < 3; k++) {
            lit[k] = (int)json_integer_value(json_array_get(json_object_get(edge, "fill_lit"), (size_t)k));
            dim[k] = (int)json_integer_value(json_array_get(json_object_get(edge, "fill"), (size_t)k));
        }
        json_decref(st);
        frame_draw(&app);
        assert_int_equal(SDL_RenderReadPixels(F.r, NULL, SDL_PIXELFORMAT_RGBA32, px, 1280 * 4), 0);
        for (int k = 0; k < 4; k++) {
            int n_lit, n_dim;
            strip_pixels(px, strip[k][0], strip[k][1], strip[k][2], strip[k][3], lit, dim, &n_lit, &n_dim);
            if (k == in ? n_lit <= 4 * n_dim : n_dim <= 4 * n_lit)
                fail_msg("lesson 2, centre in the %s strip: the %s strip has %d lit and %d unlit pixels", NAME[in], NAME[k],
                         n_lit, n_dim);
        }
    }
    free(px);
    app_free(&app);
}

/* ---- Lesson 5: the turn -------------------------------------------------- */

static void check_lesson5(App *app, const char *where)
{
    const Shape *s = app->world.shapes;
    double th = s[1].rect.angle, c = cos(-th), sn = sin(-th);
    double px = (double)s[0].circle.center.x - s[1].rect.center.x, py = (double)s[0].circle.center.y - s[1].rect.center.y;
    double gx = s[1].rect.center.x + c * px - sn * py, gy = s[1].rect.center.y + sn * px + c * py;
    double lx = c * px - sn * py, ly = sn * px + c * py;
    double hw = s[1].rect.half.x, hh = s[1].rect.half.y, r = s[0].circle.radius;
    double ex = lx - fmax(-hw, fmin(hw, lx)), ey = ly - fmax(-hh, fmin(hh, ly)), dist = hypot(ex, ey);
    if (fabs(dist - r) < 0.01) return;
    frame_draw(app);
    const char *h = find_text(true, "Turn ", NULL);
    if (h == NULL) fail_msg("%s: no HUD line \"Turn ...\"", where);
    double v[5];
    char what[160];
    assert_int_equal(sscanf(h, "Turn %lf°: C (%lf, %lf) → C' (%lf, %lf)", &v[0], &v[1], &v[2], &v[3], &v[4]), 5);
    const double want[5] = { -th * 180.0 / M_PI, s[0].circle.center.x, s[0].circle.center.y, gx, gy };
    const double half[5] = { 0.05, 0.5, 0.5, 0.5, 0.5 };
    for (int i = 0; i < 5; i++) {
        snprintf(what, sizeof what, "%s, number %d of \"%s\"", where, i, h);
        near_printed(v[i], want[i], half[i], what);
    }
    h = find_text(true, "Upright box: ", NULL);
    assert_non_null(h);
    char sign[16] = "";
    assert_int_equal(sscanf(h, "Upright box: |C'A'| = %lf %15s r = %lf", &v[0], sign, &v[1]), 3);
    snprintf(what, sizeof what, "%s, |C'A'| of \"%s\"", where, h);
    near_printed(v[0], dist, 0.05, what);
    near_printed(v[1], r, 0.5, what);
    if (strcmp(sign, dist <= r ? "≤" : ">") != 0) fail_msg("%s: \"%s\" for |C'A'| = %.3f, r = %.3f", where, h, dist, r);
}

static void test_lesson5_turn(void **s)
{
    (void)s;
    App app;
    assert_true(app_init(&app, 5));
    for (int k = 0; k < 200; k++) {
        Body b[2];
        double rx = rnd(500.0, 780.0), ry = rnd(350.0, 460.0);
        b[0] = body_circle((float)(rx + rnd(-250.0, 250.0)), (float)(ry + rnd(-150.0, 150.0)), (float)rnd(10.0, 90.0));
        b[1] = body_rect((float)rx, (float)ry, (float)rnd(30.0, 320.0), (float)rnd(30.0, 200.0), (float)rnd(-179.0, 179.0));
        put(&app, b, 2);
        char where[64];
        snprintf(where, sizeof where, "lesson 5, random arrangement %d", k);
        check_lesson5(&app, where);
    }
    app_free(&app);
}

/* ---- Lessons 6 and 7: the MTV's depth ------------------------------------- */

/* With the walk shown whole (A), a colliding pair shows "MTV d px" beside
 * B's arrow and the HUD says how far B moves: both the double SAT depth. */
static bool check_mtv(App *app, const char *where)
{
    DShape a = dshape(&app->world.shapes[0]), b = dshape(&app->world.shapes[1]);
    double depth = sat_double(&a, &b);
    if (fabs(depth) < 0.01) return false;
    frame_draw(app);
    const char *t = find_text(false, "MTV", NULL);
    if (depth < 0.0) {
        if (t != NULL) fail_msg("%s: apart by %.3f, yet a label says %s", where, -depth, t);
        return true;
    }
    if (t == NULL) fail_msg("%s: colliding (depth %.3f), no MTV label", where, depth);
    double v = NAN;
    assert_int_equal(sscanf(t, "MTV\u00a0%lf\u00a0px", &v), 1);
    char what[160];
    snprintf(what, sizeof what, "%s, label \"%s\"", where, t);
    near_printed(v, depth, 0.05, what);
    const char *h = find_text(true, "Minimum\u00a0translation", NULL);
    if (h == NULL) fail_msg("%s: colliding, no HUD line on the minimum translation", where);
    const char *m = strstr(h, "move ");
    assert_non_null(m);
    char who[16];
    assert_int_equal(sscanf(m, "move %15s %lf", who, &v), 2);
    snprintf(what, sizeof what, "%s, HUD \"%s\"", where, h);
    near_printed(v, depth, 0.05, what);
    return true;
}

static void test_sat_mtv_depth(void **s)
{
    (void)s;
    int hits = 0, checked = 0;
    for (int n = 6; n <= 7; n++) {
        App app;
        assert_true(app_init(&app, n));
        Body b[2] = { app.world.bodies[0], app.world.bodies[1] };
        for (int k = 0; k < 100; k++) {
            b[0].pos = (Vec2){ (float)rnd(450.0, 650.0), (float)rnd(330.0, 480.0) };
            b[1].pos = (Vec2){ (float)(b[0].pos.x + rnd(-260.0, 260.0)), (float)(b[0].pos.y + rnd(-150.0, 150.0)) };
            b[0].angle = (float)rnd(-M_PI, M_PI);
            b[1].angle = (float)rnd(-M_PI, M_PI);
            put(&app, b, 2);
            tap(&app, SDLK_a);   /* the walk shown whole */
            app_tick(&app);
            char where[64];
            snprintf(where, sizeof where, "lesson %d, random arrangement %d", n, k);
            if (check_mtv(&app, where)) {
                checked++;
                DShape da = dshape(&app.world.shapes[0]), db = dshape(&app.world.shapes[1]);
                hits += sat_double(&da, &db) > 0.0;
            }
        }
        app_free(&app);
    }
    print_message("  lessons 6 and 7: %d arrangements, %d colliding\n", checked, hits);
    assert_true(hits > 20 && checked - hits > 20);
}

/* ---- Fixture ------------------------------------------------------------- */

static int setup(void **s)
{
    (void)s;
    if (lab_setup("numbers", "") != 0 || text_setup("numbers") != 0) return -1;
    if (!text_fixture_open(&F)) return -1;   /* without a font no text is drawn at all */
    F.log = calloc(1, sizeof *F.log);
    return F.log != NULL ? 0 : -1;
}

static int teardown(void **s)
{
    (void)s;
    text_fixture_close(&F);
    text_teardown();
    return lab_teardown();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lesson1_numbers),
        cmocka_unit_test(test_lesson2_text_panel),
        cmocka_unit_test(test_lesson2_lit_band),
        cmocka_unit_test(test_lesson4_numbers),
        cmocka_unit_test(test_lesson5_turn),
        cmocka_unit_test(test_lesson8_table),
        cmocka_unit_test(test_lesson9_counts),
        cmocka_unit_test(test_sat_mtv_depth),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
