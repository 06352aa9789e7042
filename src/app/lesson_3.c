/*
 * lesson_3.c - Circle and rectangle: the closest point.
 *
 * Clamp the circle's centre C into the box, x into [left, right] and y into
 * [top, bottom]: the result A is the point of the box closest to C. They
 * collide when |CA| <= r. The three-part method of lesson 2 is run beside
 * it: both verdicts are shown, and they always agree.
 * Controls: arrows move the circle.
 */
#include "lessons.h"
#include "i18n.h"

#include <stdio.h>
#include <string.h>

/* The lesson's own arrangement, then F2 touching the right edge; F3 the centre inside the box;
 * F4 a very thin box; F5 a tiny circle at the corner of a huge box. */
static const CircleBox PRESETS[5] = {
    { { 450.0f, 300.0f }, 70.0f, { 790.0f, 470.0f }, 360.0f, 180.0f },
    { { 1015.0f, 440.0f }, 95.0f, { 760.0f, 440.0f }, 320.0f, 170.0f },
    { { 720.0f, 450.0f }, 50.0f, { 760.0f, 440.0f }, 320.0f, 170.0f },
    { { 500.0f, 380.0f }, 70.0f, { 640.0f, 440.0f }, 800.0f, 2.0f },
    { { 1093.0f, 216.0f }, 4.0f, { 640.0f, 430.0f }, 900.0f, 420.0f },
};

static bool build(World *w, int preset, void *state)
{
    (void)state;
    return lesson_build_circle_box(w, PRESETS, 5, preset);
}

typedef struct Picture { Circle c; Rect r; Vec2 a; float dist; bool hit, hit_regions, tie; RegionReport rep; } Picture;

static bool picture(const App *app, Picture *q)
{
    const Shape *s0 = NULL, *s1 = NULL;
    if (!lesson_pair(app, &s0, &s1) || s0->kind != SHAPE_CIRCLE || s1->kind != SHAPE_RECT) return false;
    q->c = s0->circle;
    q->r = s1->rect;
    q->r.angle = 0.0f;
    /* the closest point and the distance as the clamp test computed them */
    ClampReport cr = { 0 };
    q->hit = collide_circle_aabb_clamp_report(q->c, q->r, &cr);
    q->a = cr.closest;
    q->dist = cr.dist;
    q->rep = (RegionReport){ 0 };
    q->hit_regions = collide_circle_aabb_regions_report(q->c, q->r, &q->rep);
    /* the colours' verdict, where the test rounds a touch the other way */
    const bool world = lesson_pair_collides(app);
    q->tie = q->hit != world || q->hit_regions != world;
    q->hit = q->hit_regions = world;
    return true;
}

/* The lesson's state: the picture, computed once per tick. */
typedef struct State { bool ok; Picture q; } State;

static void prepare(const App *app, void *state)
{
    State *st = state;
    st->ok = picture(app, &st->q);
}

static void draw_under(const App *app, const void *state, Canvas *c)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    /* the clamp limits: the box's edges carried out across the canvas */
    const float x0 = q.r.center.x - q.r.half.x, x1 = q.r.center.x + q.r.half.x;
    const float y0 = q.r.center.y - q.r.half.y, y1 = q.r.center.y + q.r.half.y;
    const Color g = lesson_alpha(LESSON_INK_DIM, 110);
    lesson_line_across(c, (Vec2){ x0, y0 }, (Vec2){ 0.0f, 1.0f }, 1.5f, true, g);
    lesson_line_across(c, (Vec2){ x1, y0 }, (Vec2){ 0.0f, 1.0f }, 1.5f, true, g);
    lesson_line_across(c, (Vec2){ x0, y0 }, (Vec2){ 1.0f, 0.0f }, 1.5f, true, g);
    lesson_line_across(c, (Vec2){ x0, y1 }, (Vec2){ 1.0f, 0.0f }, 1.5f, true, g);
}

static void draw_over(const App *app, const void *state, Canvas *c)
{
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    const Color acc = app_color_accent(app), hitc = app_color_hit(app), gap = app_color_gap(app);
    const Vec2 cc = q.c.center;
    char text[128];
    /* C to A: solid when within r, dashed when longer */
    Vec2 mid = { cc.x, cc.y + 34.0f }, on_seg = mid;
    if (q.dist > 0.5f) {
        /* in the accent colour on a dark halo: never red on a red circle */
        if (q.hit) lesson_halo_line(c, cc, q.a, 5.0f, acc);
        else lesson_halo_dashed(c, cc, q.a, 4.0f, 10.0f, gap);
        /* and r along the same line, from C, for comparison */
        float ux = (q.a.x - cc.x) / q.dist, uy = (q.a.y - cc.y) / q.dist;
        Vec2 nrm = { -uy, ux };
        /* the label goes on the side away from the box */
        Vec2 mid0 = { 0.5f * (cc.x + q.a.x), 0.5f * (cc.y + q.a.y) };
        if (nrm.x * (mid0.x - q.r.center.x) + nrm.y * (mid0.y - q.r.center.y) > 0.0f) { nrm.x = -nrm.x; nrm.y = -nrm.y; }
        Vec2 r0 = { cc.x + nrm.x * 14.0f, cc.y + nrm.y * 14.0f };
        Vec2 r1 = { r0.x + ux * q.c.radius, r0.y + uy * q.c.radius };
        lesson_halo_line(c, r0, r1, 3.0f, LESSON_INK);
        mid = (Vec2){ mid0.x - nrm.x * 34.0f, mid0.y - nrm.y * 34.0f };
        on_seg = mid0;
    }
    draw_dot(c, q.a, 8.0f, acc);
    draw_dot(c, cc, 6.0f, LESSON_INK);
    /* C and A named first, both points and a small circle left visible:
     * the length's label finds room around them */
    lesson_keep_clear(c, q.a, 8.0f);
    lesson_keep_clear(c, cc, 6.0f);
    if (q.dist > 0.5f) {
        /* each label's leader, when the placer moves it, goes to what it
         * names: the point, the segment's middle (not to the empty spot
         * beside them it asked for: the blind review) */
        lesson_label_from(c, (Vec2){ q.a.x + 14.0f, q.a.y + 16.0f }, q.a, LESSON_LABEL, acc, ALIGN_LEFT, "A");
        lesson_label_from(c, (Vec2){ cc.x - 14.0f, cc.y - 16.0f }, cc, LESSON_LABEL, LESSON_INK, ALIGN_RIGHT, "C");
        if (q.c.radius <= 100.0f) lesson_keep_clear(c, cc, q.c.radius + 4.0f);
        snprintf(text, sizeof text, tr("lesson3.len"), (double)q.dist, q.hit ? "≤" : ">", (double)q.c.radius);
        lesson_label_from(c, mid, on_seg, LESSON_LABEL, q.hit ? hitc : gap, ALIGN_CENTER, text);
    } else {
        /* one point, one label: "C is inside the box: A = C", beside it
         * (two names with two leaders read as two places) */
        lesson_label_from(c, (Vec2){ cc.x, cc.y - 26.0f }, cc, LESSON_LABEL, acc, ALIGN_CENTER, tr("lesson3.inside"));
    }
}

static int hud(const App *app, const void *state, char lines[][160], int max)
{
    (void)app;
    const State *st = state;
    if (max < 2 || !st->ok) return 0;
    const Picture q = st->q;
    snprintf(lines[0], 160, tr("lesson3.hud"), (double)q.a.x, (double)q.a.y, (double)q.dist, q.hit ? "≤" : ">",
             (double)q.c.radius, lesson_verdict(q.hit));
    strncat(lines[0], lesson_tie_note(q.tie), 159 - strlen(lines[0]));
    char part[32];
    snprintf(part, sizeof part, "lesson3.part%d", (int)q.rep.part % 4);
    snprintf(lines[1], 160, tr("lesson3.both"), lesson_verdict(q.hit), tr(part), lesson_verdict(q.hit_regions),
             tr(q.hit == q.hit_regions ? "lesson3.agree" : "lesson3.disagree"));
    return 2;
}

static void report(const App *app, const void *state, json_t *out)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    json_object_set_new(out, "closest_point", lesson_vec_json(q.a));
    json_object_set_new(out, "distance", json_real((double)q.dist));
    json_object_set_new(out, "hit", json_boolean(q.hit));
    json_object_set_new(out, "hit_regions", json_boolean(q.hit_regions));
}

static bool explain(const App *app, const void *state, Explanation *ex)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return false;
    const Picture q = st->q;
    *ex = (Explanation){ 0, 1, q.hit, "" };
    snprintf(ex->criterion, sizeof ex->criterion, "closest point: |CA| = %.1f %s r = %.1f", (double)q.dist,
             q.hit ? "<=" : ">", (double)q.c.radius);
    lesson_explain_tie(ex, q.tie);
    return true;
}

const Lesson lesson_3 = {
    .key = "lesson3",
    .state_size = sizeof(State),
    .build = build,
    .prepare = prepare,
    .draw_under = draw_under,
    .draw_over = draw_over,
    .hud = hud,
    .report = report,
    .explain = explain,
    .upright = true,
};
