/*
 * lesson_4.c - Rectangle and rectangle, both upright.
 *
 * Two upright boxes overlap exactly when their shadows on the x axis
 * overlap AND their shadows on the y axis overlap. The shadows are drawn
 * along the bottom (x) and the left (y) of the canvas; a gap, where there is
 * one, is marked: one gap is enough to keep them apart.
 * Controls: arrows move the selected box, Tab selects the other.
 */
#include "lessons.h"
#include "lesson_4.h"
#include "i18n.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static bool build(World *w, int preset, void *state)
{
    (void)state;
    Body a, b;
    switch (preset) {
    case 0: a = body_rect(400.0f, 420.0f, 260.0f, 160.0f, 0.0f); b = body_rect(830.0f, 470.0f, 220.0f, 200.0f, 0.0f); break;
    case 1: a = body_rect(500.0f, 420.0f, 260.0f, 160.0f, 0.0f); b = body_rect(740.0f, 440.0f, 220.0f, 200.0f, 0.0f); break;
    case 2: a = body_rect(640.0f, 430.0f, 120.0f, 80.0f, 0.0f); b = body_rect(660.0f, 440.0f, 420.0f, 280.0f, 0.0f); break;
    case 3: a = body_rect(640.0f, 400.0f, 800.0f, 2.0f, 0.0f); b = body_rect(760.0f, 460.0f, 120.0f, 240.0f, 0.0f); break;
    default: return false;
    }
    world_clear(w);
    if (!world_add(w, &a) || !world_add(w, &b)) return false;
    w->selected = 0;
    return true;
}

typedef struct Picture {
    Aabb a, b;
    bool ox, oy, hit, tie;
    /* the collision pass's record for the pair (the HUD's "depth"): its
     * depth, and the axis its normal lies on (0 x, 1 y; -1 no contact) */
    float depth;
    int depth_axis;
} Picture;

/* The pair's contact as the collision pass recorded it (what the HUD's
 * pair line prints), or false when the pass found none. */
static bool recorded_contact(const App *app, Contact *ct)
{
    const World *w = &app->world;
    for (int k = 0; k < w->pair_count; k++) {
        const Pair *p = &w->pairs[k];
        if ((p->a == 0 && p->b == 1) || (p->a == 1 && p->b == 0)) { *ct = p->contact; return true; }
    }
    return false;
}

static bool picture(const App *app, Picture *q)
{
    const Shape *s0 = NULL, *s1 = NULL;
    if (!lesson_pair(app, &s0, &s1) || s0->kind != SHAPE_RECT || s1->kind != SHAPE_RECT) return false;
    Rect ra = s0->rect, rb = s1->rect;
    ra.angle = rb.angle = 0.0f;   /* the test ignores angles */
    q->a = (Aabb){ { ra.center.x - ra.half.x, ra.center.y - ra.half.y }, { ra.center.x + ra.half.x, ra.center.y + ra.half.y } };
    q->b = (Aabb){ { rb.center.x - rb.half.x, rb.center.y - rb.half.y }, { rb.center.x + rb.half.x, rb.center.y + rb.half.y } };
    q->ox = q->a.min.x <= q->b.max.x && q->b.min.x <= q->a.max.x;
    q->oy = q->a.min.y <= q->b.max.y && q->b.min.y <= q->a.max.y;
    q->hit = collide_aabb_aabb(ra, rb);
    /* the colours' verdict, where the test rounds a touch the other way */
    q->tie = lesson_colours_verdict(app, &q->hit);
    Contact ct;
    q->depth = 0.0f;
    q->depth_axis = -1;
    if (q->hit && recorded_contact(app, &ct)) {
        q->depth = ct.depth;
        q->depth_axis = fabsf(ct.normal.x) >= fabsf(ct.normal.y) ? 0 : 1;
    }
    return true;
}

/* The lesson's state: the picture, computed once per tick. */
typedef struct State { bool ok; Picture q; } State;

static void prepare(const App *app, void *state)
{
    State *st = state;
    st->ok = picture(app, &st->q);
}

static const float AXIS_Y = LESSON4_AXIS_Y;   /* the x axis, above the bottom panels */
static const float AXIS_X = LESSON4_AXIS_X;   /* the y axis, along the left edge */
static const float BAR = LESSON4_BAR_OFF;     /* A's shadow this far before the axis, B's after it */

/* One axis: both shadows, the overlap or the gap, its label. horizontal:
 * the x axis (values are x), else the y axis (values are y). The common
 * part of the shadows is red only when the boxes collide (an overlap on
 * one axis of an apart pair is not a collision: it is drawn in ink). On
 * the axis of the recorded contact's normal, the label also says the
 * pair's depth, the number the HUD prints: the overlap there, or, when one
 * shadow holds the other, the longer way out past the nearer end. The other
 * axis of a colliding pair says its own push where it is not the overlap,
 * so the two can be compared: the depth is the smaller. */
static void axis_picture(const App *app, Canvas *c, const Picture *q, bool horizontal, float a0, float a1, float b0,
                         float b1)
{
    const Color ca = app_color_accent(app), cb = LESSON_INK, gap = app_color_gap(app);
    const Color hit = q->hit ? app_color_hit(app) : LESSON_INK_DIM;
    const float base = horizontal ? AXIS_Y : AXIS_X;
#define AT(t, off) (horizontal ? (Vec2){ (t), base + (off) } : (Vec2){ base + (off), (t) })
    if (horizontal) draw_line(c, (Vec2){ 0.0f, base }, (Vec2){ CANVAS_W, base }, 1.5f, LESSON_INK_DIM);
    else draw_line(c, (Vec2){ base, 0.0f }, (Vec2){ base, CANVAS_H }, 1.5f, LESSON_INK_DIM);
    draw_line(c, AT(a0, -BAR), AT(a1, -BAR), 8.0f, ca);
    draw_line(c, AT(b0, BAR), AT(b1, BAR), 8.0f, cb);
    /* labels keep off both shadows (what the picture is about) */
    canvas_avoid_line_strong(c, AT(a0, -BAR), AT(a1, -BAR), 12.0f);
    canvas_avoid_line_strong(c, AT(b0, BAR), AT(b1, BAR), 12.0f);
    float o0 = fmaxf(a0, b0), o1 = fminf(a1, b1);
    char text[128];
    Vec2 at;
    if (o0 <= o1) {
        draw_line(c, AT(o0, 0.0f), AT(o1, 0.0f), 5.0f, hit);
        const float depth = q->depth;
        /* how far B must move along this axis to leave A's shadow, the
         * shorter way: the overlap, or where one shadow holds the other,
         * out past the nearer end */
        const float push = fminf(a1 - b0, b1 - a0);
        if (q->depth_axis == (horizontal ? 0 : 1) && !lesson_touching(depth))
            snprintf(text, sizeof text,
                     tr(fabsf(depth - (o1 - o0)) < 0.05f ? "lesson4.overlap_depth" : "lesson4.overlap_push"),
                     (double)(o1 - o0), (double)depth);
        else if (q->hit && push - (o1 - o0) >= 0.5f)   /* the other axis's push, to compare with the depth */
            snprintf(text, sizeof text, tr("lesson4.overlap_out"), (double)(o1 - o0), (double)push);
        else
            snprintf(text, sizeof text, tr("lesson4.overlap"), (double)(o1 - o0));
    } else {
        draw_line(c, AT(o1, 0.0f), AT(o0, 0.0f), 6.0f, gap);
        draw_line(c, AT(o1, -16.0f), AT(o1, 16.0f), 2.5f, gap);
        draw_line(c, AT(o0, -16.0f), AT(o0, 16.0f), 2.5f, gap);
        snprintf(text, sizeof text, tr("lesson4.gap"), (double)(o0 - o1));
    }
    const Color tc = o0 <= o1 ? (q->hit ? hit : LESSON_INK) : gap;
    /* the amount beside the bars, never on them: on the x axis past the
     * bars' right end, level with them (left of their left end when the
     * canvas has no room on the right); on the y axis to their right */
    if (horizontal) {
        const float lo = fminf(a0, b0), hi = fmaxf(a1, b1);
        /* (the widest of its lines: a label of three lines measured as one
         * went left of the bars, far from them: blind review r11) */
        const float w = lesson_label_width(c, LESSON_LABEL, text);
        const bool right = hi + 16.0f + w + 12.0f <= CANVAS_W;
        if (o0 > o1) {
            /* a gap: its width over it, above A's bar (beside B's far end
             * it read as B's shadow's label: blind review r11) */
            at = (Vec2){ 0.5f * (o0 + o1), base - BAR - 26.0f };
            lesson_label_from(c, at, AT(0.5f * (o0 + o1), 0.0f), LESSON_LABEL, tc, ALIGN_CENTER, text);
        } else {
            at = (Vec2){ right ? hi + 16.0f : lo - 16.0f, base };
            lesson_label(c, at, LESSON_LABEL, tc, right ? ALIGN_LEFT : ALIGN_RIGHT, text);
        }
        /* the legend, at the other end: which shadow is whose (colours
         * alone do not say), each level with its own bar: A's over B's */
        const float lx = right ? lo - 16.0f : hi + 16.0f;
        const Align la = right ? ALIGN_RIGHT : ALIGN_LEFT;
        lesson_label_from(c, (Vec2){ lx, base - BAR - 1.0f }, AT(right ? a0 : a1, -BAR), LESSON_SMALL, ca, la,
                          tr("lesson4.shadow_a"));
        lesson_label_from(c, (Vec2){ lx, base + BAR + 1.0f }, AT(right ? b0 : b1, BAR), LESSON_SMALL, cb, la,
                          tr("lesson4.shadow_b"));
    } else {
        at = (Vec2){ base + BAR + 16.0f, 0.5f * (o0 + o1) };
        lesson_label(c, at, LESSON_LABEL, tc, ALIGN_LEFT, text);
    }
    /* a shadow under 6 px on screen gets a ring, so it is found */
    const float scale = c->view.zoom > 0.0f ? c->view.zoom : 1.0f;
    const float ends[2][2] = { { a0, a1 }, { b0, b1 } };
    for (int k = 0; k < 2; k++)
        if ((ends[k][1] - ends[k][0]) * scale < 6.0f) {
            Vec2 m = AT(0.5f * (ends[k][0] + ends[k][1]), k == 0 ? -BAR : BAR);
            draw_circle_outline(c, m, 12.0f / scale, 4.5f, LESSON_SHADE);
            draw_circle_outline(c, m, 12.0f / scale, 2.0f, k == 0 ? ca : cb);
        }
#undef AT
}

static void draw_over(const App *app, const void *state, Canvas *c)
{
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    const Color ca = lesson_alpha(app_color_accent(app), 150), cb = lesson_alpha(LESSON_INK, 120);
    /* guides: each box's sides dropped onto the axes */
    const float xs[4] = { q.a.min.x, q.a.max.x, q.b.min.x, q.b.max.x };
    const float ys[4] = { q.a.max.y, q.a.max.y, q.b.max.y, q.b.max.y };
    for (int i = 0; i < 4; i++) draw_dashed_line(c, (Vec2){ xs[i], ys[i] }, (Vec2){ xs[i], AXIS_Y }, 1.5f, 8.0f, i < 2 ? ca : cb);
    const float yv[4] = { q.a.min.y, q.a.max.y, q.b.min.y, q.b.max.y };
    const float xv[4] = { q.a.min.x, q.a.min.x, q.b.min.x, q.b.min.x };
    for (int i = 0; i < 4; i++) draw_dashed_line(c, (Vec2){ xv[i], yv[i] }, (Vec2){ AXIS_X, yv[i] }, 1.5f, 8.0f, i < 2 ? ca : cb);
    axis_picture(app, c, &q, true, q.a.min.x, q.a.max.x, q.b.min.x, q.b.max.x);
    axis_picture(app, c, &q, false, q.a.min.y, q.a.max.y, q.b.min.y, q.b.max.y);
    /* the boxes' names, A and B, are drawn where their numbers would be
     * (shape_letter, shape_numbers.c) */
}

/* A and B, so the shadows can be told apart without colour: A's in the
 * colour of its shadows */
static const char *shape_letter(const App *app, const void *state, int index, Color *col)
{
    const State *st = state;
    if (!st->ok || index < 0 || index > 1) return NULL;
    *col = index == 0 ? app_color_accent(app) : LESSON_INK;
    return tr(index == 0 ? "lesson4.a" : "lesson4.b");
}

static int hud(const App *app, const void *state, char lines[][160], int max)
{
    (void)app;
    const State *st = state;
    if (max < 3 || !st->ok) return 0;
    const Picture q = st->q;
    snprintf(lines[0], 160, tr("lesson4.hud_x"), (double)q.a.min.x, (double)q.a.max.x, (double)q.b.min.x,
             (double)q.b.max.x, tr(q.ox ? "lesson4.overlaps" : "lesson4.has_gap"));
    snprintf(lines[1], 160, tr("lesson4.hud_y"), (double)q.a.min.y, (double)q.a.max.y, (double)q.b.min.y,
             (double)q.b.max.y, tr(q.oy ? "lesson4.overlaps" : "lesson4.has_gap"));
    snprintf(lines[2], 160, "%s  →  %s%s", tr(q.hit ? "lesson4.both" : "lesson4.one_gap"), lesson_verdict(q.hit),
             lesson_tie_note(q.tie));
    return 3;
}

static void report(const App *app, const void *state, json_t *out)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    json_object_set_new(out, "intervals",
                        json_pack("{s:b, s:b, s:b}", "x_overlap", q.ox, "y_overlap", q.oy, "hit", q.hit));
}

static bool explain(const App *app, const void *state, Explanation *ex)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return false;
    const Picture q = st->q;
    *ex = (Explanation){ 0, 1, q.hit, "" };
    snprintf(ex->criterion, sizeof ex->criterion, "intervals: x %s, y %s", q.ox ? "overlap" : "gap",
             q.oy ? "overlap" : "gap");
    lesson_explain_tie(ex, q.tie);
    return true;
}

/* The shadows on the x axis (both bars, the overlap or the gap between
 * them and its ticks), as one box: the x axis runs just above the bottom
 * panels, and when the picture is fitted between the panels (render.c)
 * the verdict is read from them as much as from the boxes (a fitted
 * picture that kept only the boxes clear put B's bar under the status
 * panel and its legend above A's: vi, 1280x720). The y axis's shadows
 * lie level with the boxes themselves. */
static int picture_outline(const App *app, const void *state, Vec2 *out, int max)
{
    (void)app;
    const State *st = state;
    if (!st->ok || max < 4) return 0;
    const Picture q = st->q;
    const float x0 = fminf(q.a.min.x, q.b.min.x), x1 = fmaxf(q.a.max.x, q.b.max.x);
    const float y0 = AXIS_Y - BAR - 4.0f, y1 = AXIS_Y + BAR + 4.0f;   /* the bars are 8 wide */
    out[0] = (Vec2){ x0, y0 };
    out[1] = (Vec2){ x1, y0 };
    out[2] = (Vec2){ x1, y1 };
    out[3] = (Vec2){ x0, y1 };
    return 4;
}

const Lesson lesson_4 = {
    .key = "lesson4",
    .state_size = sizeof(State),
    .build = build,
    .prepare = prepare,
    .draw_over = draw_over,
    .hud = hud,
    .report = report,
    .explain = explain,
    .picture_outline = picture_outline,
    .shape_letter = shape_letter,
    .upright = true,
};
