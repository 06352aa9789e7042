/*
 * lesson_12.c - The Minkowski difference and GJK.
 *
 * A - B (every point of A minus every point of B) is drawn live on the
 * right, the origin O marked: the shapes overlap exactly when O lies in
 * A - B, and their distance is O's distance to it. GJK looks for O with
 * support points (the farthest point of A - B in a direction): a point, a
 * segment, a triangle, each reduced to its part nearest O, until a triangle
 * encloses O or no support point gets nearer. ] and [ step through the run
 * (it also steps by itself), A shows every step at once. Beside it SAT on
 * the same pair: its axis is the normal of a face of A - B, its gap or
 * overlap O's distance to that face's line.
 *
 * Every number and line comes from one shapes_distance_record run (and the
 * hull from minkowski_hull, sat_report for SAT) made in .prepare.
 * Controls: arrows move the selected shape, Q/E turn it, Tab switches.
 */
#include "sat_picture.h"   /* SAT_STEP_TICKS: its steps last as long as the SAT walk's */
#include "i18n.h"

#include <stdio.h>
#include <string.h>

/* Where the origin of A - B is drawn (canvas units); A - B at scale 1. */
static const Vec2 ORIGIN = { 800.0f, 470.0f };

typedef struct Gjk {
    /* the walk */
    bool all;                 /* A: every step at once */
    int step;                 /* 0..rec.count-1 */
    int ticks;
    /* the picture */
    bool ok;
    Shape a, b;
    GjkRecord rec;
    Vec2 hull[MINKOWSKI_MAX_VERTS];
    int hull_n;
    float radius;             /* the circles' radii: A - B is the hull grown by it */
    /* SAT on the same pair: the axis that decided, as a face of A - B */
    bool sat_ok;
    SatReport sat;
    int sat_axis;             /* the widest gap (apart) or the least overlap (colliding) */
    float sat_face;           /* that face's line: {w : dot(w, axis) = sat_face} */
    float sat_amount;         /* |sat_face|: the gap, or the overlap */
} Gjk;

static bool build(World *w, int preset, void *state)
{
    (void)state;
    Body a, b;
    switch (preset) {
    case 0: {
        const Vec2 q[4] = { { 430.0f, 380.0f }, { 560.0f, 400.0f }, { 545.0f, 540.0f }, { 420.0f, 520.0f } };
        const Vec2 t[3] = { { 200.0f, 390.0f }, { 340.0f, 460.0f }, { 230.0f, 560.0f } };
        a = body_poly(q, 4);
        b = body_poly(t, 3);
        break;
    }
    case 1: {
        /* touching: B's right edge lies on A's left edge */
        const Vec2 q[4] = { { 400.0f, 340.0f }, { 540.0f, 340.0f }, { 540.0f, 520.0f }, { 400.0f, 520.0f } };
        const Vec2 t[3] = { { 250.0f, 380.0f }, { 400.0f, 360.0f }, { 400.0f, 500.0f } };
        a = body_poly(q, 4);
        b = body_poly(t, 3);
        break;
    }
    case 2: {
        /* B inside A: O deep inside A - B */
        const Vec2 q[4] = { { 180.0f, 320.0f }, { 560.0f, 330.0f }, { 540.0f, 580.0f }, { 200.0f, 560.0f } };
        const Vec2 t[3] = { { 330.0f, 400.0f }, { 440.0f, 450.0f }, { 350.0f, 510.0f } };
        a = body_poly(q, 4);
        b = body_poly(t, 3);
        break;
    }
    case 3:
        /* a thin rectangle beside a triangle: the nearest point is a corner */
        a = body_rect(470.0f, 440.0f, 240.0f, 6.0f, 30.0f);
        {
            const Vec2 t[3] = { { 180.0f, 380.0f }, { 300.0f, 420.0f }, { 200.0f, 520.0f } };
            b = body_poly(t, 3);
        }
        break;
    case 4:
        /* a tiny circle beside a huge turned box: A - B is the box turned
         * half a turn, its corners rounded by the circle's radius */
        a = body_circle(530.0f, 470.0f, 14.0f);
        b = body_rect(300.0f, 470.0f, 340.0f, 200.0f, 15.0f);
        break;
    default: return false;
    }
    return lesson_set_pair(w, &a, &b);
}

static void init(void *state)
{
    Gjk *g = state;
    g->all = false;
    g->step = 0;
    g->ticks = 0;
}

/* SAT's deciding axis as a face of A - B: on axis n, A - B's shadow is
 * [a.min - b.max, a.max - b.min] and O's is 0. */
static void sat_face(Gjk *g)
{
    const SatReport *r = &g->sat;
    g->sat_axis = -1;
    float best = 0.0f;
    for (int i = 0; i < r->count; i++) {
        const SatAxis *ax = &r->axes[i];
        float lo = ax->a.min - ax->b.max, hi = ax->a.max - ax->b.min;
        float face, amount;
        if (!r->hit) {
            if (lo > 0.0f) { face = lo; amount = lo; }
            else if (hi < 0.0f) { face = hi; amount = -hi; }
            else continue;
            if (g->sat_axis < 0 || amount > best) { g->sat_axis = i; best = amount; g->sat_face = face; }
        } else if (i == r->min_axis) {
            /* the nearer of the two faces across O */
            if (hi <= -lo) { face = hi; amount = hi; }
            else { face = lo; amount = -lo; }
            g->sat_axis = i;
            best = amount;
            g->sat_face = face;
        }
    }
    g->sat_amount = best;
}

static void prepare(const App *app, void *state)
{
    Gjk *g = state;
    const Shape *a = NULL, *b = NULL;
    g->ok = lesson_pair(app, &a, &b) && shapes_distance_record(a, b, NULL, &g->rec) && g->rec.count > 0;
    if (!g->ok) return;
    g->a = *a;
    g->b = *b;
    g->hull_n = minkowski_hull(a, b, g->hull, &g->radius);
    g->sat_ok = sat_report(a, b, &g->sat);
    if (g->sat_ok) sat_face(g);
    if (g->step >= g->rec.count) { g->step = g->rec.count - 1; g->ticks = 0; }
    if (g->step < 0) g->step = 0;
}

static void update(App *app, void *state, float dt)
{
    (void)app;
    (void)dt;
    Gjk *g = state;
    if (!g->ok || g->all || g->step >= g->rec.count - 1) { g->ticks = 0; return; }
    if (++g->ticks >= SAT_STEP_TICKS) { g->step++; g->ticks = 0; }
}

static bool on_key(App *app, void *state, const Binding *b)
{
    (void)app;
    Gjk *g = state;
    if (!g->ok) return false;
    const int last = g->rec.count - 1;
    switch (b->action) {
    case ACT_AXIS_ALL: g->all = !g->all; break;
    case ACT_AXIS_NEXT:
        if (g->all) { g->all = false; g->step = 0; }
        else g->step = g->step >= last ? 0 : g->step + 1;
        break;
    case ACT_AXIS_PREV:
        if (g->all) { g->all = false; g->step = last; }
        else g->step = g->step <= 0 ? last : g->step - 1;
        break;
    default: return false;
    }
    g->ticks = 0;
    return true;
}

/* ---- Drawing -------------------------------------------------------------- */

static Vec2 at_o(Vec2 w) { return (Vec2){ ORIGIN.x + w.x, ORIGIN.y + w.y }; }

/* The outline of A - B as drawn: the hull, or the hull grown by radius
 * (the farthest point in each of n directions, pushed out by the radius). */
static int outline(const Gjk *g, Vec2 *out, int max)
{
    if (g->radius <= 0.0f) {
        for (int i = 0; i < g->hull_n && i < max; i++) out[i] = at_o(g->hull[i]);
        return g->hull_n < max ? g->hull_n : max;
    }
    int n = 0;
    for (int k = 0; k < max; k++) {
        float th = 6.2831853f * (float)k / (float)max;
        Vec2 u = { cosf(th), sinf(th) };
        int best = 0;
        float bd = -1e30f;
        for (int i = 0; i < g->hull_n; i++) {
            float d = g->hull[i].x * u.x + g->hull[i].y * u.y;
            if (d > bd) { bd = d; best = i; }
        }
        out[n++] = at_o((Vec2){ g->hull[best].x + u.x * g->radius, g->hull[best].y + u.y * g->radius });
    }
    return n;
}

static void draw_under(const App *app, const void *state, Canvas *c)
{
    const Gjk *g = state;
    if (!g->ok || g->hull_n <= 0) return;
    const Color acc = app_color_accent(app);
    Vec2 pts[96];
    int n = outline(g, pts, 96);
    if (n >= 3) draw_poly_fill(c, pts, n, lesson_alpha(acc, 45));
    if (n >= 2) draw_poly_outline(c, pts, n, 3.0f, acc);
    else if (n == 1) draw_dot(c, pts[0], 4.0f, acc);
    /* the hull of the corner differences inside a rounded one: what GJK walks on */
    if (g->radius > 0.0f && g->hull_n >= 2)
        for (int i = 0; i < g->hull_n; i++)
            draw_dashed_line(c, at_o(g->hull[i]), at_o(g->hull[(i + 1) % g->hull_n]), 1.5f, 6.0f,
                             lesson_alpha(acc, 170));
    /* every corner difference a_i - b_j is a point of A - B */
    for (int i = 0; i < g->hull_n; i++) draw_dot(c, at_o(g->hull[i]), 3.0f, lesson_alpha(acc, 200));
}

static void draw_simplex(Canvas *c, const GjkStep *s, float width, Color col)
{
    for (int i = 0; i < s->count; i++) {
        for (int j = i + 1; j < s->count; j++) lesson_halo_line(c, at_o(s->simplex[i].w), at_o(s->simplex[j].w), width, col);
        draw_dot(c, at_o(s->simplex[i].w), width + 2.0f, col);
    }
}

static Vec2 unit_or(Vec2 v, Vec2 or)
{
    float l = sqrtf(v.x * v.x + v.y * v.y);
    return l > 1e-12f ? (Vec2){ v.x / l, v.y / l } : or;
}

static void draw_over(const App *app, const void *state, Canvas *c)
{
    const Gjk *g = state;
    if (!g->ok) return;
    const GjkRecord *r = &g->rec;
    const Color acc = app_color_accent(app), hit = app_color_hit(app), gapc = app_color_gap(app);
    char text[128];
    const int last = r->count - 1, step = g->all ? last : g->step;
    const bool final = step >= last;

    /* O: a cross and its name */
    lesson_keep_clear(c, ORIGIN, 8.0f);
    draw_line(c, (Vec2){ ORIGIN.x - 14.0f, ORIGIN.y }, (Vec2){ ORIGIN.x + 14.0f, ORIGIN.y }, 3.0f, LESSON_INK);
    draw_line(c, (Vec2){ ORIGIN.x, ORIGIN.y - 14.0f }, (Vec2){ ORIGIN.x, ORIGIN.y + 14.0f }, 3.0f, LESSON_INK);
    lesson_label(c, (Vec2){ ORIGIN.x - 26.0f, ORIGIN.y + 26.0f }, LESSON_LABEL, LESSON_INK, ALIGN_CENTER, "O");

    /* SAT's face of A - B: the line dot(w, n) = face, and O's distance to it */
    if (g->sat_ok && g->sat_axis >= 0) {
        Vec2 n = g->sat.axes[g->sat_axis].axis, p = { n.x * g->sat_face, n.y * g->sat_face };
        Vec2 t = { -n.y, n.x };
        Vec2 f0 = at_o((Vec2){ p.x - t.x * 180.0f, p.y - t.y * 180.0f });
        Vec2 f1 = at_o((Vec2){ p.x + t.x * 180.0f, p.y + t.y * 180.0f });
        Color sc = g->sat.hit ? hit : gapc;
        lesson_halo_dashed(c, f0, f1, 2.0f, 10.0f, sc);
        lesson_halo_line(c, ORIGIN, at_o(p), 2.0f, sc);
        snprintf(text, sizeof text, tr(g->sat.hit ? "lesson12.sat_label_hit" : "lesson12.sat_label_gap"),
                 (double)g->sat_amount);
        lesson_label(c, at_o((Vec2){ p.x + t.x * 150.0f, p.y + t.y * 150.0f }), LESSON_SMALL, sc, ALIGN_CENTER, text);
    }

    /* the steps before this one, faint; every one in the all-steps view */
    for (int k = 0; k < step; k++) draw_simplex(c, &r->steps[k], 1.5f, lesson_alpha(LESSON_INK_DIM, 150));
    const GjkStep *s = &r->steps[step];
    draw_simplex(c, s, 4.0f, final && r->stop == GJK_STOP_ENCLOSED ? hit : LESSON_INK);
    /* the simplex's points on the shapes: a_i on A, b_i on B */
    for (int i = 0; i < s->count; i++) {
        draw_dot(c, s->simplex[i].a, 6.0f, LESSON_INK);
        draw_dot(c, s->simplex[i].b, 6.0f, LESSON_INK);
    }
    /* its point nearest O */
    if (s->count > 1 || !final) {
        draw_dot(c, at_o(s->closest), 6.0f, acc);
        lesson_halo_dashed(c, ORIGIN, at_o(s->closest), 2.0f, 6.0f, lesson_alpha(acc, 220));
    }

    if (s->searched) {
        /* the direction searched, from the nearest point towards O, and
         * what it found: a on A, b on B, a - b on A - B */
        Vec2 d = unit_or(s->direction, (Vec2){ 1.0f, 0.0f });
        Vec2 from = at_o(s->closest), to = { from.x + d.x * 90.0f, from.y + d.y * 90.0f };
        draw_arrow(c, from, to, 3.0f, gapc);
        lesson_label(c, (Vec2){ 0.5f * (from.x + to.x) - d.y * 20.0f, 0.5f * (from.y + to.y) + d.x * 20.0f }, LESSON_SMALL, gapc,
                     ALIGN_CENTER, "d");
        const GjkVertex *v = &s->support;
        lesson_halo_dashed(c, v->a, v->b, 2.0f, 8.0f, gapc);
        draw_dot(c, v->a, 8.0f, gapc);
        draw_dot(c, v->b, 8.0f, gapc);
        draw_dot(c, at_o(v->w), 9.0f, gapc);
        lesson_keep_clear(c, at_o(v->w), 9.0f);
        lesson_label(c, (Vec2){ v->a.x, v->a.y - 26.0f }, LESSON_SMALL, gapc, ALIGN_CENTER, "a");
        lesson_label(c, (Vec2){ v->b.x, v->b.y - 26.0f }, LESSON_SMALL, gapc, ALIGN_CENTER, "b");
        lesson_label(c, (Vec2){ at_o(v->w).x, at_o(v->w).y - 28.0f }, LESSON_SMALL, gapc, ALIGN_CENTER,
                     tr("lesson12.support"));
    }

    if (final) {
        if (r->overlap) {
            snprintf(text, sizeof text, tr("lesson12.inside"), lesson_verdict(true));
            lesson_label(c, (Vec2){ ORIGIN.x, ORIGIN.y + 40.0f }, LESSON_LABEL, hit, ALIGN_CENTER, text);
        } else {
            /* the distance: O to the nearest point of A - B, and between the shapes */
            Vec2 cl = s->closest, u = unit_or(cl, (Vec2){ 1.0f, 0.0f });
            float len = sqrtf(cl.x * cl.x + cl.y * cl.y) - g->radius;
            Vec2 e = at_o((Vec2){ u.x * len, u.y * len });
            lesson_halo_line(c, ORIGIN, e, 4.0f, acc);
            lesson_halo_line(c, r->result.point_a, r->result.point_b, 4.0f, acc);
            snprintf(text, sizeof text, tr("lesson12.distance_label"), (double)r->result.distance);
            lesson_label(c, (Vec2){ 0.5f * (ORIGIN.x + e.x), 0.5f * (ORIGIN.y + e.y) + 34.0f }, LESSON_LABEL, acc,
                         ALIGN_CENTER, text);
        }
    }
    /* A - B's name, above its top */
    if (g->hull_n > 0) {
        float top = 1e30f, cx = 0.0f;
        for (int i = 0; i < g->hull_n; i++) {
            if (g->hull[i].y < top) top = g->hull[i].y;
            cx += g->hull[i].x / (float)g->hull_n;
        }
        lesson_label(c, at_o((Vec2){ cx, top - g->radius - 24.0f }), LESSON_LABEL, acc, ALIGN_CENTER, "A − B");
    }
}

/* ---- Text ------------------------------------------------------------------ */

static const char *stop_key(GjkStop s)
{
    switch (s) {
    case GJK_STOP_POINTS: return "lesson12.stop_points";
    case GJK_STOP_ENCLOSED: return "lesson12.stop_enclosed";
    case GJK_STOP_ON_ORIGIN: return "lesson12.stop_on_origin";
    case GJK_STOP_DUPLICATE: return "lesson12.stop_duplicate";
    case GJK_STOP_NO_PROGRESS: return "lesson12.stop_no_progress";
    default: return "lesson12.stop_max";
    }
}

static const char *stop_name(GjkStop s)
{
    switch (s) {
    case GJK_STOP_POINTS: return "points";
    case GJK_STOP_ENCLOSED: return "enclosed";
    case GJK_STOP_ON_ORIGIN: return "on_origin";
    case GJK_STOP_DUPLICATE: return "duplicate";
    case GJK_STOP_NO_PROGRESS: return "no_progress";
    default: return "max_iterations";
    }
}

/* Support searches made up to and including step k: the first point's,
 * then one per searched step. */
static int searches_upto(const GjkRecord *r, int k)
{
    int n = r->stop != GJK_STOP_POINTS ? 1 : 0;
    for (int i = 0; i <= k && i < r->count; i++) n += r->steps[i].searched;
    return n;
}

static int hud(const App *app, const void *state, char lines[][160], int max)
{
    (void)app;
    const Gjk *g = state;
    if (!g->ok || max < 4) return 0;
    const GjkRecord *r = &g->rec;
    const int last = r->count - 1, step = g->all ? last : g->step;
    const GjkStep *s = &r->steps[step];
    int n = 0;
    static const char *const KINDS[4] = { "", "lesson12.simplex1", "lesson12.simplex2", "lesson12.simplex3" };
    float cd = sqrtf(s->closest.x * s->closest.x + s->closest.y * s->closest.y);
    if (g->all) snprintf(lines[n++], 160, tr("lesson12.all"), r->count, r->result.iterations);
    else snprintf(lines[n++], 160, tr("lesson12.step"), step + 1, r->count, tr(KINDS[s->count]), (double)cd);
    if (s->searched && !g->all) {
        Vec2 d = unit_or(s->direction, (Vec2){ 1.0f, 0.0f });
        snprintf(lines[n++], 160, tr("lesson12.search"), searches_upto(r, step), (double)d.x, (double)d.y,
                 (double)s->support.w.x, (double)s->support.w.y);
        if (step < last) {
            strncat(lines[n - 1], "  →  ", 159 - strlen(lines[n - 1]));
            strncat(lines[n - 1], tr("lesson12.added"), 159 - strlen(lines[n - 1]));
        }
    }
    if (step >= last) {
        /* why it stopped, then what that means */
        char result[112];
        if (r->overlap) snprintf(result, sizeof result, tr("lesson12.result_hit"), lesson_verdict(true));
        else snprintf(result, sizeof result, tr("lesson12.result_apart"), (double)r->result.distance, lesson_verdict(false));
        snprintf(lines[n++], 160, "%s  %s%s", tr(stop_key(r->stop)), result, lesson_tie_note(r->checked));
    }
    if (n < max && g->sat_ok && g->sat_axis >= 0)
        snprintf(lines[n++], 160, tr(g->sat.hit ? "lesson12.sat_hit" : "lesson12.sat_gap"), (double)g->sat_amount,
                 (double)r->result.distance);
    if (n < max) snprintf(lines[n++], 160, "%s", tr(g->all ? "lesson12.keys_all" : "lesson12.keys"));
    return n;
}

static json_t *vertex_json(const GjkVertex *v)
{
    return json_pack("{s:o, s:o, s:o}", "a", lesson_vec_json(v->a), "b", lesson_vec_json(v->b), "w", lesson_vec_json(v->w));
}

static void report(const App *app, const void *state, json_t *out)
{
    (void)app;
    const Gjk *g = state;
    if (!g->ok) return;
    const GjkRecord *r = &g->rec;
    json_t *steps = json_array(), *hull = json_array();
    for (int k = 0; k < r->count; k++) {
        const GjkStep *s = &r->steps[k];
        json_t *simplex = json_array();
        for (int i = 0; i < s->count; i++) json_array_append_new(simplex, vertex_json(&s->simplex[i]));
        json_t *o = json_pack("{s:o, s:o}", "simplex", simplex, "closest", lesson_vec_json(s->closest));
        if (s->searched) {
            json_object_set_new(o, "direction", lesson_vec_json(s->direction));
            json_object_set_new(o, "support", vertex_json(&s->support));
        }
        json_array_append_new(steps, o);
    }
    for (int i = 0; i < g->hull_n; i++) json_array_append_new(hull, lesson_vec_json(g->hull[i]));
    json_t *o = json_pack("{s:o, s:o, s:f, s:o, s:s, s:b, s:b, s:f, s:i, s:o, s:o, s:i, s:b}", "origin_at",
                          lesson_vec_json(ORIGIN), "hull", hull, "radius", (double)g->radius, "steps", steps, "stop",
                          stop_name(r->stop), "overlap", r->overlap, "checked", r->checked, "distance",
                          (double)r->result.distance, "iterations", r->result.iterations, "point_a",
                          lesson_vec_json(r->result.point_a), "point_b", lesson_vec_json(r->result.point_b), "step",
                          g->all ? r->count - 1 : g->step, "all", g->all);
    if (g->sat_ok && g->sat_axis >= 0)
        json_object_set_new(o, "sat", json_pack("{s:b, s:i, s:o, s:f, s:f}", "hit", g->sat.hit, "axis_index", g->sat_axis,
                                                "axis", lesson_vec_json(g->sat.axes[g->sat_axis].axis), "face",
                                                (double)g->sat_face, "amount", (double)g->sat_amount));
    json_object_set_new(out, "gjk", o);
}

static bool explain(const App *app, const void *state, Explanation *ex)
{
    (void)app;
    const Gjk *g = state;
    if (!g->ok) return false;
    const GjkRecord *r = &g->rec;
    *ex = (Explanation){ 0, 1, r->overlap, "" };
    if (r->overlap)
        snprintf(ex->criterion, sizeof ex->criterion, "GJK: the origin is in A - B (stop: %s, %d support searches)",
                 stop_name(r->stop), r->result.iterations);
    else
        snprintf(ex->criterion, sizeof ex->criterion, "GJK: the origin is %.1f from A - B (stop: %s, %d support searches)",
                 (double)r->result.distance, stop_name(r->stop), r->result.iterations);
    if (r->checked) strncat(ex->criterion, " (touching, within rounding)", sizeof ex->criterion - 1 - strlen(ex->criterion));
    return true;
}

/* A - B as drawn, then the origin: what the verdict is read from. */
static int picture_outline(const App *app, const void *state, Vec2 *out, int max)
{
    (void)app;
    const Gjk *g = state;
    if (!g->ok || max < 2) return 0;
    int n = outline(g, out, max - 1 < 48 ? max - 1 : 48);
    out[n++] = ORIGIN;
    return n;
}

const Lesson lesson_12 = {
    .key = "lesson12",
    .state_size = sizeof(Gjk),
    .init = init,
    .build = build,
    .update = update,
    .prepare = prepare,
    .draw_under = draw_under,
    .draw_over = draw_over,
    .hud = hud,
    .report = report,
    .on_key = on_key,
    .explain = explain,
    .picture_outline = picture_outline,
};
