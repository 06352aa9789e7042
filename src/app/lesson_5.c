/*
 * lesson_5.c - Circle and rotated rectangle.
 *
 * Turn the whole pair by -angle about the rectangle's centre: the rectangle
 * stands upright and only the circle's centre moves. In that frame lesson
 * 3's clamp decides. The turned copy (the ghost) is drawn dashed over the
 * original, with the clamp picture on it; the closest point is carried back
 * to the real rectangle too.
 * Controls: arrows move the selected shape, Q/E turn it, Tab switches.
 */
#include "lessons.h"
#include "i18n.h"

#include <math.h>
#include <stdio.h>
#include <string.h>


static bool build(World *w, int preset, void *state)
{
    (void)state;
    Body circle, rect;
    switch (preset) {
    case 0: circle = body_circle(380.0f, 330.0f, 65.0f); rect = body_rect(800.0f, 450.0f, 340.0f, 160.0f, 30.0f); break;
    case 1: {
        /* the circle touches the middle of the right side: centre at
         * rect centre + R(angle) (hw + r, 0) */
        float a = 30.0f * RAD_PER_DEG, d = 170.0f + 65.0f - 0.01f;  /* 0.01 px in: float rounding of the turn */
        circle = body_circle(700.0f + d * cosf(a), 420.0f + d * sinf(a), 65.0f);
        rect = body_rect(700.0f, 420.0f, 340.0f, 160.0f, 30.0f);
        break;
    }
    case 2: circle = body_circle(760.0f, 440.0f, 50.0f); rect = body_rect(800.0f, 450.0f, 340.0f, 160.0f, 30.0f); break;
    case 3: circle = body_circle(520.0f, 300.0f, 70.0f); rect = body_rect(640.0f, 430.0f, 800.0f, 2.0f, 25.0f); break;
    case 4: circle = body_circle(260.0f, 260.0f, 4.0f); rect = body_rect(700.0f, 440.0f, 760.0f, 300.0f, 15.0f); break;
    default: return false;
    }
    world_clear(w);
    if (!world_add(w, &circle) || !world_add(w, &rect)) return false;
    w->selected = 0;
    return true;
}

typedef struct Picture {
    Circle c; Rect r;
    Vec2 ghost;     /* the circle's centre turned into the rectangle's frame (world coordinates) */
    Vec2 a_local;   /* the clamp on the upright ghost box */
    Vec2 a_world;   /* the same point on the real rectangle */
    float dist;
    bool hit;
    bool tie;       /* the clamp rounded a touch the other way than the colours */
} Picture;

static bool picture(const App *app, Picture *q)
{
    const Shape *s0 = NULL, *s1 = NULL;
    if (!lesson_pair(app, &s0, &s1) || s0->kind != SHAPE_CIRCLE || s1->kind != SHAPE_RECT) return false;
    q->c = s0->circle;
    q->r = s1->rect;
    q->ghost = vec2_rotate_about(q->c.center, q->r.center, -q->r.angle);
    Rect up = q->r;
    up.angle = 0.0f;
    /* the clamp as collide_circle_rect computed it, in the box's frame */
    ClampReport cr = { 0 };
    q->hit = collide_circle_rect_report(q->c, q->r, &cr);
    q->a_local = (Vec2){ up.center.x + cr.closest_local.x, up.center.y + cr.closest_local.y };
    q->a_world = cr.closest;
    q->dist = cr.dist;
    /* the colours' verdict, where the test rounds a touch the other way */
    q->tie = lesson_colours_verdict(app, &q->hit);
    return true;
}

/* The lesson's state: the picture, computed once per tick. */
typedef struct State { bool ok; Picture q; } State;

static void prepare(const App *app, void *state)
{
    State *st = state;
    st->ok = picture(app, &st->q);
}

static void draw_over(const App *app, const void *state, Canvas *c)
{
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    const Color ghost = lesson_alpha(LESSON_INK, 210), acc = app_color_accent(app);
    const Color hitc = app_color_hit(app), gap = app_color_gap(app);
    char text[128];
    /* the ghost: the upright box and the moved circle, dashed */
    Rect up = q.r;
    up.angle = 0.0f;
    Vec2 k[4];
    rect_corners(up, k);
    for (int i = 0; i < 4; i++) draw_dashed_line(c, k[i], k[(i + 1) % 4], 2.5f, 10.0f, ghost);
    Vec2 ring[48];
    for (int i = 0; i < 48; i++) {
        float t = 6.2831853f * (float)i / 48.0f;
        ring[i] = (Vec2){ q.ghost.x + q.c.radius * cosf(t), q.ghost.y + q.c.radius * sinf(t) };
    }
    for (int i = 0; i < 48; i += 2) draw_line(c, ring[i], ring[(i + 1) % 48], 2.5f, ghost);
    /* the turn: an arc from the real centre to the ghost's */
    float ang = -q.r.angle;
    const bool turned = fabsf(ang) > 0.01f;
    if (turned) {
        Vec2 prev = q.c.center;
        for (int i = 1; i <= 24; i++) {
            Vec2 p = vec2_rotate_about(q.c.center, q.r.center, ang * (float)i / 24.0f);
            if (i == 24) draw_arrow(c, prev, p, 2.5f, acc);
            else draw_line(c, prev, p, 2.5f, acc);
            prev = p;
        }
    }
    /* lesson 3's clamp, on the ghost */
    if (q.dist > 0.5f) {
        /* in the accent colour on a dark halo: never red on a red shape */
        if (q.hit) lesson_halo_line(c, q.ghost, q.a_local, 5.0f, acc);
        else lesson_halo_dashed(c, q.ghost, q.a_local, 4.0f, 10.0f, gap);
    }
    /* the real box's outline over the circle that covers it (red on red
     * otherwise: a thin box vanishes under the circle) */
    if (q.hit) {
        Vec2 rk[4];
        rect_corners(q.r, rk);
        for (int i = 0; i < 4; i++) lesson_halo_line(c, rk[i], rk[(i + 1) % 4], 2.5f, hitc);
    }
    /* and back on the real rectangle */
    lesson_halo_line(c, q.c.center, q.a_world, 2.0f, lesson_alpha(LESSON_INK, 200));
    draw_dot(c, q.a_local, 8.0f, acc);
    draw_dot(c, q.ghost, 6.0f, LESSON_INK);
    draw_dot(c, q.a_world, 7.0f, acc);
    draw_dot(c, q.c.center, 6.0f, LESSON_INK);

    /* no name and no inset covers a point */
    lesson_keep_clear(c, q.c.center, 6.0f);
    lesson_keep_clear(c, q.a_world, 7.0f);
    lesson_keep_clear(c, q.ghost, 6.0f);
    lesson_keep_clear(c, q.a_local, 8.0f);
    /* the names, the real pair first, then the ghost's, then the numbers:
     * each finds room around the ones before, and no point is covered.
     * A name's gap from its point is the window's pixels (/ px): a picture
     * fitted between the panels is smaller, its names are not (vi F4 at
     * 1280x720: the gap in canvas units put "A" on A's kept-clear dot, and
     * the placer moved it 35 px away) */
    const float px = c->view.zoom > 0.0f ? c->view.zoom : 1.0f;
    if (q.dist <= 0.5f) {
        /* C inside the box: the clamp leaves it where it is, so A is C and
         * A' is C' (four names on two points would pile up): one label
         * each, on the side away from the other point */
        Vec2 d = { q.c.center.x - q.ghost.x, q.c.center.y - q.ghost.y };
        float len = sqrtf(d.x * d.x + d.y * d.y);
        Vec2 u = len > 1.0f ? (Vec2){ d.x / len, d.y / len } : (Vec2){ 0.0f, -1.0f };
        Align al = u.x > 0.35f ? ALIGN_LEFT : u.x < -0.35f ? ALIGN_RIGHT : ALIGN_CENTER;
        Align al2 = u.x > 0.35f ? ALIGN_RIGHT : u.x < -0.35f ? ALIGN_LEFT : ALIGN_CENTER;
        /* just outside the circle (a name inside a small one crosses its
         * outline), its leader from the point itself */
        const float off = q.c.radius + 18.0f / px;
        lesson_label_from(c, (Vec2){ q.c.center.x + u.x * off, q.c.center.y + u.y * off }, q.c.center, LESSON_LABEL,
                          LESSON_INK, al, "C = A");
        lesson_label_from(c, (Vec2){ q.ghost.x - u.x * off, q.ghost.y - u.y * off }, q.ghost, LESSON_LABEL, LESSON_INK,
                          al2, "C' = A'");
    } else {
        /* a name moved off its place gets its leader from the point itself */
        lesson_label_from(c, (Vec2){ q.c.center.x - 14.0f / px, q.c.center.y - 16.0f / px }, q.c.center, LESSON_LABEL,
                          LESSON_INK, ALIGN_RIGHT, "C");
        /* A beyond its point, on the line from C through A (away from C's
         * own name and the circle's middle), its leader from A itself */
        Vec2 ua = { q.a_world.x - q.c.center.x, q.a_world.y - q.c.center.y };
        float la = sqrtf(ua.x * ua.x + ua.y * ua.y);
        ua = la > 1.0f ? (Vec2){ ua.x / la, ua.y / la } : (Vec2){ 0.7071f, -0.7071f };
        const Align aal = ua.x > 0.35f ? ALIGN_LEFT : ua.x < -0.35f ? ALIGN_RIGHT : ALIGN_CENTER;
        lesson_label_from(c, (Vec2){ q.a_world.x + ua.x * 18.0f / px, q.a_world.y + ua.y * 22.0f / px }, q.a_world,
                          LESSON_LABEL, acc, aal, "A");
        lesson_label_from(c, (Vec2){ q.ghost.x - 14.0f / px, q.ghost.y - 16.0f / px }, q.ghost, LESSON_LABEL, LESSON_INK,
                          ALIGN_RIGHT, "C'");
        lesson_label_from(c, (Vec2){ q.a_local.x + 14.0f / px, q.a_local.y + 16.0f / px }, q.a_local, LESSON_LABEL, acc,
                          ALIGN_LEFT, "A'");
    }
    if (q.dist > 0.5f) {
        snprintf(text, sizeof text, tr("lesson5.len"), (double)q.dist, q.hit ? "≤" : ">", (double)q.c.radius);
        Vec2 mid = { 0.5f * (q.ghost.x + q.a_local.x), 0.5f * (q.ghost.y + q.a_local.y) + 26.0f };
        /* moved by the placer, its leader goes to the segment's middle */
        const Vec2 on_seg = { 0.5f * (q.ghost.x + q.a_local.x), 0.5f * (q.ghost.y + q.a_local.y) };
        lesson_label_from(c, mid, on_seg, LESSON_LABEL, q.hit ? hitc : gap, ALIGN_CENTER, text);
    }
    /* |C'A'| against r decided by a few pixels on screen: magnified in an
     * inset (as lessons 1 and 2), on the real pair, where the distances
     * are the same: from A to the circle's edge on the line from C
     * (after the points' names, before the turn's and the ghost's,
     * which then keep out of it) */
    const float zoom = c->view.zoom > 0.0f ? c->view.zoom : 1.0f;
    if (q.dist > 0.5f && fabsf(q.dist - q.c.radius) * zoom < LESSON_INSET_BELOW) {
        Vec2 u = { (q.a_world.x - q.c.center.x) / q.dist, (q.a_world.y - q.c.center.y) / q.dist };
        Vec2 rim = { q.c.center.x + u.x * q.c.radius, q.c.center.y + u.y * q.c.radius };
        /* what the inset's bar measures, A to the rim: r - |C'A'| in, or
         * |C'A'| - r apart (it said "66.1 <= r = 70" over a bar of 3.9:
         * blind review r11, lesson 5 F4) */
        const float diff = q.dist - q.c.radius;
        snprintf(text, sizeof text, tr(q.hit ? "lesson5.inset_in" : "lesson5.inset_gap"), (double)fabsf(diff));
        lesson_inset(app, c, q.a_world, rim, fabsf(q.dist - q.c.radius) + 10.0f, q.hit ? acc : gap, !q.hit, text);
    }
    if (turned) {
        /* beside the arc's middle, on its outer side (away from the
         * box's centre, where C and C' have their names) */
        Vec2 m = vec2_rotate_about(q.c.center, q.r.center, 0.5f * ang);
        Vec2 o = { m.x - q.r.center.x, m.y - q.r.center.y };
        float ol = sqrtf(o.x * o.x + o.y * o.y);
        o = ol > 1.0f ? (Vec2){ o.x / ol, o.y / ol } : (Vec2){ 0.0f, -1.0f };
        Align al = o.x > 0.35f ? ALIGN_LEFT : o.x < -0.35f ? ALIGN_RIGHT : ALIGN_CENTER;
        /* an arc inside the circle (a short turn) gets its label outside it */
        float mc = sqrtf((m.x - q.c.center.x) * (m.x - q.c.center.x) + (m.y - q.c.center.y) * (m.y - q.c.center.y));
        float off = mc < q.c.radius ? q.c.radius - mc + 14.0f : 16.0f;
        snprintf(text, sizeof text, tr("lesson5.turn"), (double)(ang / RAD_PER_DEG));
        lesson_label_from(c, (Vec2){ m.x + o.x * off, m.y + o.y * (off + 8.0f) }, m, LESSON_SMALL, acc, al, text);
    }
    /* the note on the dashed pair: moved, its leader goes to the dashed
     * box's top edge (it went to the spot above it, which the turned box
     * may cross: the blind review read it as naming the solid box) */
    lesson_label_from(c, (Vec2){ up.center.x, up.center.y - up.half.y - 22.0f }, (Vec2){ up.center.x, up.center.y - up.half.y },
                      LESSON_SMALL, LESSON_INK, ALIGN_CENTER, tr("lesson5.ghost"));
}

static int hud(const App *app, const void *state, char lines[][160], int max)
{
    (void)app;
    const State *st = state;
    if (max < 2 || !st->ok) return 0;
    const Picture q = st->q;
    snprintf(lines[0], 160, tr("lesson5.hud_turn"), (double)(-q.r.angle / RAD_PER_DEG), (double)q.c.center.x,
             (double)q.c.center.y, (double)q.ghost.x, (double)q.ghost.y);
    snprintf(lines[1], 160, tr("lesson5.hud_clamp"), (double)q.dist, q.hit ? "≤" : ">", (double)q.c.radius,
             lesson_verdict(q.hit));
    strncat(lines[1], lesson_tie_note(q.tie), 159 - strlen(lines[1]));
    return 2;
}

static void report(const App *app, const void *state, json_t *out)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    /* in the rectangle's own frame: origin at its centre, x along its width */
    Vec2 lc = { q.ghost.x - q.r.center.x, q.ghost.y - q.r.center.y };
    Vec2 la = { q.a_local.x - q.r.center.x, q.a_local.y - q.r.center.y };
    json_object_set_new(out, "local_center", lesson_vec_json(lc));
    json_object_set_new(out, "local_closest_point", lesson_vec_json(la));
    json_object_set_new(out, "closest_point", lesson_vec_json(q.a_world));
    json_object_set_new(out, "distance", json_real((double)q.dist));
    json_object_set_new(out, "hit", json_boolean(q.hit));
}

static bool explain(const App *app, const void *state, Explanation *ex)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return false;
    const Picture q = st->q;
    *ex = (Explanation){ 0, 1, q.hit, "" };
    snprintf(ex->criterion, sizeof ex->criterion, "closest point in the box's frame: |C'A'| = %.1f %s r = %.1f",
             (double)q.dist, q.hit ? "<=" : ">", (double)q.c.radius);
    lesson_explain_tie(ex, q.tie);
    return true;
}

const Lesson lesson_5 = {
    .key = "lesson5",
    .state_size = sizeof(State),
    .build = build,
    .prepare = prepare,
    .draw_over = draw_over,
    .hud = hud,
    .report = report,
    .explain = explain,
};
