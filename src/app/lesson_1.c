/*
 * lesson_1.c - Circle and circle.
 *
 * Two circles touch when the distance d between their centres is at most
 * r1 + r2. The picture lays both radii along the line between the centres:
 * apart, a gap is left between them; colliding, they overlap.
 * Controls: arrows move the selected circle, Tab selects the other.
 */
#include "lessons.h"
#include "i18n.h"

#include <stdio.h>
#include <string.h>

static bool build(World *w, int preset, void *state)
{
    (void)state;
    Body a, b;
    switch (preset) {
    case 0: a = body_circle(400.0f, 430.0f, 95.0f); b = body_circle(820.0f, 430.0f, 125.0f); break;
    case 1: a = body_circle(420.0f, 430.0f, 100.0f); b = body_circle(670.0f, 430.0f, 150.0f); break; /* d = r1 + r2 */
    case 2: a = body_circle(640.0f, 430.0f, 60.0f); b = body_circle(600.0f, 420.0f, 190.0f); break;  /* inside */
    case 4: a = body_circle(396.0f, 380.0f, 3.0f); b = body_circle(700.0f, 380.0f, 300.0f); break;   /* tiny vs huge, 1 px apart */
    default: return false;
    }
    world_clear(w);
    if (!world_add(w, &a) || !world_add(w, &b)) return false;
    w->selected = 0;
    return true;
}

typedef struct Picture { Vec2 c1, c2, u; float r1, r2, d; bool hit, tie; } Picture;

static bool picture(const App *app, Picture *pic)
{
    const Shape *a = NULL, *b = NULL;
    if (!lesson_pair(app, &a, &b) || a->kind != SHAPE_CIRCLE || b->kind != SHAPE_CIRCLE) return false;
    pic->c1 = a->circle.center;
    pic->c2 = b->circle.center;
    pic->r1 = a->circle.radius;
    pic->r2 = b->circle.radius;
    float dx = pic->c2.x - pic->c1.x, dy = pic->c2.y - pic->c1.y;
    pic->d = sqrtf(dx * dx + dy * dy);
    /* same centre: any direction will do for the picture */
    pic->u = pic->d > 1e-4f ? (Vec2){ dx / pic->d, dy / pic->d } : (Vec2){ 1.0f, 0.0f };
    pic->hit = collide_circle_circle(a->circle, b->circle);
    /* the colours' verdict, where the test rounds a touch the other way */
    pic->tie = lesson_colours_verdict(app, &pic->hit);
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
    Vec2 u = q.u, n = { -u.y, u.x };
    if (n.y > 0.0f) { n.x = -n.x; n.y = -n.y; }  /* n points up the screen */
    const Color acc = app_color_accent(app), gap = app_color_gap(app);
    char text[96];
    /* the labels leave both centres visible, and a small circle whole */
    lesson_keep_clear(c, q.c1, 5.0f);
    lesson_keep_clear(c, q.c2, 5.0f);
    if (fminf(q.r1, q.r2) <= 80.0f) lesson_keep_clear(c, q.r1 <= q.r2 ? q.c1 : q.c2, fminf(q.r1, q.r2) + 4.0f);

    /* d: the line between the centres, lifted a little above it */
    Vec2 d0 = { q.c1.x + n.x * 22.0f, q.c1.y + n.y * 22.0f }, d1 = { q.c2.x + n.x * 22.0f, q.c2.y + n.y * 22.0f };
    draw_line(c, q.c1, q.c2, 2.0f, lesson_alpha(LESSON_INK, 160));
    lesson_halo_line(c, d0, d1, 4.0f, acc);
    draw_line(c, (Vec2){ d0.x - n.x * 10.0f, d0.y - n.y * 10.0f }, (Vec2){ d0.x + n.x * 10.0f, d0.y + n.y * 10.0f }, 3.0f, acc);
    draw_line(c, (Vec2){ d1.x - n.x * 10.0f, d1.y - n.y * 10.0f }, (Vec2){ d1.x + n.x * 10.0f, d1.y + n.y * 10.0f }, 3.0f, acc);
    snprintf(text, sizeof text, tr("lesson1.d"), (double)q.d);
    Vec2 mid = { 0.5f * (d0.x + d1.x) + n.x * 26.0f, 0.5f * (d0.y + d1.y) + n.y * 26.0f };
    /* a label the placer moves keeps a leader to what it names: the
     * bar's middle, not the empty spot beside it (the blind review) */
    lesson_label_from(c, mid, (Vec2){ 0.5f * (d0.x + d1.x), 0.5f * (d0.y + d1.y) }, LESSON_LABEL, acc, ALIGN_CENTER, text);

    /* r1 from the first centre and r2 from the second, along the same line,
     * below it: a gap between them means apart, overlap means collide */
    Vec2 s1 = { q.c1.x - n.x * 22.0f, q.c1.y - n.y * 22.0f }, s2 = { q.c2.x - n.x * 22.0f, q.c2.y - n.y * 22.0f };
    Vec2 e1 = { s1.x + u.x * q.r1, s1.y + u.y * q.r1 }, e2 = { s2.x - u.x * q.r2, s2.y - u.y * q.r2 };
    lesson_halo_line(c, s1, e1, 6.0f, LESSON_INK);
    lesson_halo_line(c, s2, e2, 6.0f, lesson_alpha(LESSON_INK_DIM, 255));
    if (q.hit) {
        /* the stretch where r1 and r2 overlap */
        /* the overlap in the accent colour on a halo: not red on red circles */
        lesson_halo_line(c, e2, e1, 10.0f, acc);
    } else {
        lesson_halo_dashed(c, e1, e2, 4.0f, 8.0f, gap);
        snprintf(text, sizeof text, tr("lesson1.gap"), (double)(q.d - q.r1 - q.r2));
        Vec2 g = { 0.5f * (e1.x + e2.x) - n.x * 30.0f, 0.5f * (e1.y + e2.y) - n.y * 30.0f };
        lesson_label_from(c, g, (Vec2){ 0.5f * (e1.x + e2.x), 0.5f * (e1.y + e2.y) }, LESSON_SMALL, gap, ALIGN_CENTER, text);
    }
    snprintf(text, sizeof text, tr("lesson1.r1"), (double)q.r1);
    Vec2 l1 = { 0.5f * (s1.x + e1.x) - n.x * 26.0f, 0.5f * (s1.y + e1.y) - n.y * 26.0f };
    lesson_label_from(c, l1, (Vec2){ 0.5f * (s1.x + e1.x), 0.5f * (s1.y + e1.y) }, LESSON_SMALL, LESSON_INK, ALIGN_CENTER, text);
    snprintf(text, sizeof text, tr("lesson1.r2"), (double)q.r2);
    Vec2 l2 = { 0.5f * (s2.x + e2.x) - n.x * 26.0f, 0.5f * (s2.y + e2.y) - n.y * 26.0f };
    lesson_label_from(c, l2, (Vec2){ 0.5f * (s2.x + e2.x), 0.5f * (s2.y + e2.y) }, LESSON_SMALL, LESSON_INK, ALIGN_CENTER, text);
    /* the centres: a dot never hides a small circle (at most 0.4 of its
     * radius on screen), and a circle under 8 px on screen gets a ring
     * around it, so a tiny circle is found at a glance */
    const float zoom = c->view.zoom > 0.0f ? c->view.zoom : 1.0f;
    const Vec2 cs[2] = { q.c1, q.c2 };
    const float rs[2] = { q.r1, q.r2 };
    for (int k = 0; k < 2; k++) {
        const float on_screen = rs[k] * zoom;   /* in the units draw_dot takes */
        if (on_screen < 8.0f) {
            const float ring = rs[k] + 10.0f / zoom;
            const Vec2 o = cs[1 - k];
            const float dx = o.x - cs[k].x, dy = o.y - cs[k].y, dist = sqrtf(dx * dx + dy * dy);
            if (dist - rs[1 - k] > ring + 4.0f / zoom || !(dist > 0.0f)) {
                draw_circle_outline(c, cs[k], ring, 5.0f, LESSON_SHADE);
                draw_circle_outline(c, cs[k], ring, 2.0f, acc);
            } else {
                /* the other circle within the ring: the ring opens towards
                 * it, so it never crosses the other's outline (a ring
                 * across it made a 1 px gap look like touching: blind
                 * review r6, lesson 1 F5) */
                const float toward = atan2f(dy, dx), open = 1.2f;   /* half the opening, radians */
                const int N = 36;
                for (int pass = 0; pass < 2; pass++)
                    for (int j = 0; j < N; j++) {
                        const float t0 = toward + open + (6.2831853f - 2.0f * open) * (float)j / (float)N;
                        const float t1 = toward + open + (6.2831853f - 2.0f * open) * (float)(j + 1) / (float)N;
                        const Vec2 a = { cs[k].x + ring * cosf(t0), cs[k].y + ring * sinf(t0) };
                        const Vec2 b = { cs[k].x + ring * cosf(t1), cs[k].y + ring * sinf(t1) };
                        draw_line(c, a, b, pass == 0 ? 5.0f : 2.0f, pass == 0 ? LESSON_SHADE : acc);
                    }
            }
        }
        draw_dot(c, cs[k], lesson_center_dot(on_screen), acc);
    }
    /* a gap or an overlap of a few pixels on screen: magnified in an inset,
     * from the same two edge points along the centre line */
    const float between = q.d - q.r1 - q.r2;
    if (fabsf(between) * zoom < LESSON_INSET_BELOW) {
        Vec2 f = { q.c1.x + u.x * q.r1, q.c1.y + u.y * q.r1 }, t = { q.c2.x - u.x * q.r2, q.c2.y - u.y * q.r2 };
        if (q.hit && lesson_touching(-between)) snprintf(text, sizeof text, "%s", tr("lesson1.touch"));
        else snprintf(text, sizeof text, tr(q.hit ? "lesson1.overlap" : "lesson1.gap"), (double)fabsf(between));
        lesson_inset(app, c, f, t, fabsf(between) + 1.4f * fminf(fminf(q.r1, q.r2), 10.0f), q.hit ? acc : gap, false,
                     text);
    }
}

static int hud(const App *app, const void *state, char lines[][160], int max)
{
    (void)app;
    const State *st = state;
    if (max < 1 || !st->ok) return 0;
    const Picture q = st->q;
    float sum = q.r1 + q.r2;
    snprintf(lines[0], 160, tr("lesson1.hud"), (double)q.d, q.hit ? "≤" : ">", (double)sum, lesson_verdict(q.hit));
    strncat(lines[0], lesson_tie_note(q.tie), 159 - strlen(lines[0]));
    return 1;
}

static void report(const App *app, const void *state, json_t *out)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    json_object_set_new(out, "circles", json_pack("{s:f, s:f, s:b}", "distance", (double)q.d, "radius_sum",
                                                    (double)(q.r1 + q.r2), "hit", q.hit));
}

static bool explain(const App *app, const void *state, Explanation *ex)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return false;
    const Picture q = st->q;
    *ex = (Explanation){ 0, 1, q.hit, "" };
    snprintf(ex->criterion, sizeof ex->criterion, "centre distance: d = %.1f %s r1 + r2 = %.1f", (double)q.d,
             q.hit ? "<=" : ">", (double)(q.r1 + q.r2));
    lesson_explain_tie(ex, q.tie);
    return true;
}

const Lesson lesson_1 = {
    .key = "lesson1",
    .state_size = sizeof(State),
    .build = build,
    .prepare = prepare,
    .draw_over = draw_over,
    .hud = hud,
    .report = report,
    .explain = explain,
};
