/*
 * lesson_2.c - Circle and rectangle: the three-part method.
 *
 * Around an upright rectangle the plane falls into three kinds of zone,
 * found from |dx| and |dy|, the circle centre's distance to the box centre
 * along each axis:
 *   part 1, the far zone:   |dx| > w/2 + r or |dy| > h/2 + r  -> apart
 *   part 2, the edge bands: |dx| <= w/2 or |dy| <= h/2        -> collide
 *   part 3, the corners:    (|dx| - w/2)^2 + (|dy| - h/2)^2 <= r^2
 * Each zone is drawn in its own colour and numbered; the zone holding the
 * circle's centre is lit. Controls: arrows move the circle.
 */
#include "lessons.h"
#include "i18n.h"

#include <stdio.h>
#include <string.h>

/* F1 the lesson; F2 touching the top edge; F3 the centre inside the box;
 * F4 a very thin box; F5 a tiny circle at the corner of a huge box. */
static const CircleBox PRESETS[5] = {
    { { 330.0f, 440.0f }, 75.0f, { 760.0f, 440.0f }, 320.0f, 170.0f },
    { { 700.0f, 280.0f }, 75.0f, { 760.0f, 440.0f }, 320.0f, 170.0f },
    { { 720.0f, 450.0f }, 50.0f, { 760.0f, 440.0f }, 320.0f, 170.0f },
    { { 500.0f, 400.0f }, 70.0f, { 640.0f, 440.0f }, 800.0f, 2.0f },
    { { 1093.0f, 216.0f }, 4.0f, { 640.0f, 430.0f }, 900.0f, 420.0f },
};

static bool build(World *w, int preset, void *state)
{
    (void)state;
    return lesson_build_circle_box(w, PRESETS, 5, preset);
}

typedef struct Picture { Circle c; Rect r; RegionReport rep; bool tie; } Picture;

static bool picture(const App *app, Picture *q)
{
    const Shape *a = NULL, *b = NULL;
    if (!lesson_pair(app, &a, &b) || a->kind != SHAPE_CIRCLE || b->kind != SHAPE_RECT) return false;
    q->c = a->circle;
    q->r = b->rect;
    q->r.angle = 0.0f; /* the method works on the upright box */
    /* the report is left untouched on bad input: part 0 then means nothing to draw */
    q->rep = (RegionReport){ 0 };
    collide_circle_aabb_regions_report(q->c, q->r, &q->rep);
    /* the colours' verdict, where the test rounds a touch the other way */
    q->tie = q->rep.hit != lesson_pair_collides(app);
    q->rep.hit = q->rep.hit != q->tie;
    return q->rep.part >= REGION_FAR && q->rep.part <= REGION_CORNER;
}

/* Every inequality the deciding part used, with its numbers, in the
 * order the test checks them (English; --state-out's "criterion"). */
static void region_criterion(const Picture *q, char *out, size_t n)
{
    const float r = q->c.radius, hw = q->r.half.x, hh = q->r.half.y;
    const RegionReport *p = &q->rep;
    switch (p->part) {
    case REGION_FAR:
        if (p->cx > r) snprintf(out, n, "far zone: |dx| = %.1f > w/2 + r = %.1f", (double)p->adx, (double)(hw + r));
        else snprintf(out, n, "far zone: |dy| = %.1f > h/2 + r = %.1f", (double)p->ady, (double)(hh + r));
        break;
    case REGION_EDGE:
        if (p->cx <= 0.0f)
            snprintf(out, n, "edge band: |dx| = %.1f <= w/2 = %.1f and |dy| = %.1f <= h/2 + r = %.1f", (double)p->adx,
                     (double)hw, (double)p->ady, (double)(hh + r));
        else
            snprintf(out, n, "edge band: |dy| = %.1f <= h/2 = %.1f and |dx| = %.1f <= w/2 + r = %.1f", (double)p->ady,
                     (double)hh, (double)p->adx, (double)(hw + r));
        break;
    case REGION_CORNER:
    default:
        snprintf(out, n, "corner: %.1f^2 + %.1f^2 = %.1f %s r^2 = %.1f", (double)p->cx, (double)p->cy,
                 (double)(p->cx * p->cx + p->cy * p->cy), p->hit ? "<=" : ">", (double)(r * r));
        break;
    }
}

/* The lesson's state: the picture, computed once per tick. */
typedef struct State { bool ok; Picture q; } State;

static void prepare(const App *app, void *state)
{
    State *st = state;
    st->ok = picture(app, &st->q);
}

/* A quarter disc at the corner, facing away from the box (sx, sy = ±1). */
static void quarter(Canvas *c, Vec2 corner, float r, float sx, float sy, Color fill, Color edge)
{
    Vec2 pts[22];
    pts[0] = corner;
    for (int i = 0; i <= 20; i++) {
        float t = 1.5707963f * (float)i / 20.0f;
        pts[i + 1] = (Vec2){ corner.x + sx * r * cosf(t), corner.y + sy * r * sinf(t) };
    }
    draw_poly_fill(c, pts, 22, fill);
    for (int i = 1; i < 21; i++) draw_line(c, pts[i], pts[i + 1], 2.5f, edge);
}

static void draw_under(const App *app, const void *state, Canvas *c)
{
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    const float r = q.c.radius, hw = q.r.half.x, hh = q.r.half.y;
    const float x0 = q.r.center.x - hw, x1 = q.r.center.x + hw, y0 = q.r.center.y - hh, y1 = q.r.center.y + hh;
    const float ex0 = x0 - r, ex1 = x1 + r, ey0 = y0 - r, ey1 = y1 + r;
    const Color far = app_color_gap(app), edge = app_color_hit(app), corner = app_color_accent(app);
    const RegionPart part = q.rep.part;
    const Uint8 dim = 34, lit = 72;
    /* which band or corner holds the centre */
    const float dx = q.c.center.x - q.r.center.x, dy = q.c.center.y - q.r.center.y;
    const float sx = dx < 0.0f ? -1.0f : 1.0f, sy = dy < 0.0f ? -1.0f : 1.0f;

    /* part 1: everything outside the box grown by r */
    Color f = lesson_alpha(far, part == REGION_FAR ? lit : 16);
    draw_box(c, 0.0f, 0.0f, CANVAS_W, ey0, f);
    draw_box(c, 0.0f, ey1, CANVAS_W, CANVAS_H - ey1, f);
    draw_box(c, 0.0f, ey0, ex0, ey1 - ey0, f);
    draw_box(c, ex1, ey0, CANVAS_W - ex1, ey1 - ey0, f);
    /* part 2: the cross of the two edge bands */
    bool vert = q.rep.adx <= hw;
    draw_box(c, x0, ey0, x1 - x0, ey1 - ey0, lesson_alpha(edge, part == REGION_EDGE && vert ? lit : dim));
    draw_box(c, ex0, y0, r, y1 - y0, lesson_alpha(edge, part == REGION_EDGE && !vert && sx < 0.0f ? lit : dim));
    draw_box(c, x1, y0, r, y1 - y0, lesson_alpha(edge, part == REGION_EDGE && !vert && sx > 0.0f ? lit : dim));
    /* part 3: the corner squares, each with its quarter circle of radius r */
    for (int k = 0; k < 4; k++) {
        float kx = (k & 1) ? 1.0f : -1.0f, ky = (k & 2) ? 1.0f : -1.0f;
        bool here = part == REGION_CORNER && kx == sx && ky == sy;
        float bx = kx > 0.0f ? x1 : ex0, by = ky > 0.0f ? y1 : ey0;
        draw_box(c, bx, by, r, r, lesson_alpha(corner, here ? 70 : 24));
        Vec2 cp = { kx > 0.0f ? x1 : x0, ky > 0.0f ? y1 : y0 };
        quarter(c, cp, r, kx, ky, lesson_alpha(corner, here ? 130 : 60), lesson_alpha(corner, 220));
    }
    /* the zone borders */
    Vec2 grown[4] = { { ex0, ey0 }, { ex1, ey0 }, { ex1, ey1 }, { ex0, ey1 } };
    draw_poly_outline(c, grown, 4, part == REGION_FAR ? 3.5f : 2.0f, far);
    draw_dashed_line(c, (Vec2){ x0, ey0 }, (Vec2){ x0, ey1 }, 1.5f, 8.0f, lesson_alpha(edge, 200));
    draw_dashed_line(c, (Vec2){ x1, ey0 }, (Vec2){ x1, ey1 }, 1.5f, 8.0f, lesson_alpha(edge, 200));
    draw_dashed_line(c, (Vec2){ ex0, y0 }, (Vec2){ ex1, y0 }, 1.5f, 8.0f, lesson_alpha(edge, 200));
    draw_dashed_line(c, (Vec2){ ex0, y1 }, (Vec2){ ex1, y1 }, 1.5f, 8.0f, lesson_alpha(edge, 200));
}

static void draw_over(const App *app, const void *state, Canvas *c)
{
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    const float r = q.c.radius, hw = q.r.half.x, hh = q.r.half.y;
    const Vec2 rc = q.r.center, cc = q.c.center;
    const Color far = app_color_gap(app), edge = app_color_hit(app), corner = app_color_accent(app);
    const RegionPart part = q.rep.part;
    const float sx = cc.x < rc.x ? -1.0f : 1.0f, sy = cc.y < rc.y ? -1.0f : 1.0f;
    char text[128];

    /* |dx| along the box's centre line, then |dy| up to the circle's centre */
    Vec2 knee = { cc.x, rc.y };
    draw_dashed_line(c, rc, knee, 2.5f, 10.0f, LESSON_INK);
    draw_dashed_line(c, knee, cc, 2.5f, 10.0f, LESSON_INK);
    /* part 3: Pythagoras, the corner to the centre, against r */
    Vec2 cp = { rc.x + (cc.x >= rc.x ? hw : -hw), rc.y + (cc.y >= rc.y ? hh : -hh) };
    if (part == REGION_CORNER) {
        draw_line(c, cp, cc, 4.0f, q.rep.hit ? edge : far);
        draw_dot(c, cp, 6.0f, corner);
    }
    draw_dot(c, cc, 6.0f, LESSON_INK);
    draw_dot(c, rc, 5.0f, LESSON_INK);

    /* the numbers first, by the lines they measure; both centres stay visible */
    lesson_keep_clear(c, cc, 6.0f);
    lesson_keep_clear(c, rc, 5.0f);
    snprintf(text, sizeof text, tr("lesson2.dx"), (double)q.rep.adx);
    lesson_label(c, (Vec2){ 0.5f * (rc.x + knee.x), rc.y - 22.0f }, LESSON_SMALL, LESSON_INK, ALIGN_CENTER, text);
    if (q.rep.ady > 1.0f) {
        snprintf(text, sizeof text, tr("lesson2.dy"), (double)q.rep.ady);
        lesson_label(c, (Vec2){ knee.x + (cc.x >= rc.x ? 12.0f : -12.0f), 0.5f * (knee.y + cc.y) }, LESSON_SMALL,
                     LESSON_INK, cc.x >= rc.x ? ALIGN_LEFT : ALIGN_RIGHT, text);
    }
    if (part == REGION_CORNER) {
        float d = sqrtf(q.rep.cx * q.rep.cx + q.rep.cy * q.rep.cy);
        snprintf(text, sizeof text, tr("lesson2.corner_len"), (double)d, q.rep.hit ? "≤" : ">", (double)r);
        lesson_label(c, (Vec2){ cc.x + sx * (r + 12.0f), cc.y }, LESSON_LABEL, q.rep.hit ? edge : far,
                     sx > 0.0f ? ALIGN_LEFT : ALIGN_RIGHT, text);
    }

    /* then the zone names, the deciding one marked and larger, off a
     * circle small enough to keep whole: the edge band's name in the band
     * across the box from the circle, the corner nearest the circle gets
     * the corner label, the far zone's label goes above the other half */
    if (r <= 100.0f) lesson_keep_clear(c, cc, r + 4.0f);
    const float ey_out = sy < 0.0f ? rc.y - hh - r - 24.0f : rc.y + hh + r + 24.0f;
    snprintf(text, sizeof text, "%s%s", part == REGION_EDGE ? "▶ " : "", tr("lesson2.zone_edge"));
    lesson_label(c, (Vec2){ rc.x, rc.y - sy * (hh + 0.5f * r) }, part == REGION_EDGE ? LESSON_LABEL : LESSON_SMALL,
                 LESSON_INK, ALIGN_CENTER, text);
    snprintf(text, sizeof text, "%s%s", part == REGION_FAR ? "▶ " : "", tr("lesson2.zone_far"));
    lesson_label(c, (Vec2){ rc.x - sx * 0.5f * hw, ey_out }, part == REGION_FAR ? LESSON_LABEL : LESSON_SMALL, far,
                 ALIGN_CENTER, text);
    snprintf(text, sizeof text, "%s%s", part == REGION_CORNER ? "▶ " : "", tr("lesson2.zone_corner"));
    lesson_label(c, (Vec2){ rc.x + sx * (hw + 0.5f * r), ey_out }, part == REGION_CORNER ? LESSON_LABEL : LESSON_SMALL,
                 corner, ALIGN_CENTER, text);
}

static int hud(const App *app, const void *state, char lines[][160], int max)
{
    (void)app;
    const State *st = state;
    if (max < 1 || !st->ok) return 0;
    const Picture q = st->q;
    const float r = q.c.radius, hw = q.r.half.x, hh = q.r.half.y;
    const char *v = lesson_verdict(q.rep.hit);
    switch (q.rep.part) {
    case REGION_FAR:
        if (q.rep.adx > hw + r) snprintf(lines[0], 160, tr("lesson2.far_x"), (double)q.rep.adx, (double)(hw + r), v);
        else snprintf(lines[0], 160, tr("lesson2.far_y"), (double)q.rep.ady, (double)(hh + r), v);
        break;
    case REGION_EDGE:
        if (q.rep.adx <= hw) snprintf(lines[0], 160, tr("lesson2.edge_x"), (double)q.rep.adx, (double)hw, v);
        else snprintf(lines[0], 160, tr("lesson2.edge_y"), (double)q.rep.ady, (double)hh, v);
        break;
    case REGION_CORNER:
    default:
        snprintf(lines[0], 160, tr("lesson2.corner"), (double)q.rep.cx, (double)q.rep.cy,
                 (double)(q.rep.cx * q.rep.cx + q.rep.cy * q.rep.cy), q.rep.hit ? "≤" : ">", (double)(r * r), v);
        break;
    }
    strncat(lines[0], lesson_tie_note(q.tie), 159 - strlen(lines[0]));
    return 1;
}

static void report(const App *app, const void *state, json_t *out)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    static const char *const NAMES[4] = { "", "far", "edge", "corner" };
    int part = (int)q.rep.part;
    json_object_set_new(out, "region",
                        json_pack("{s:i, s:s, s:b, s:f, s:f}", "part", part, "name",
                                  part >= 1 && part <= 3 ? NAMES[part] : "", "hit", q.rep.hit, "adx",
                                  (double)q.rep.adx, "ady", (double)q.rep.ady));
}

static bool explain(const App *app, const void *state, Explanation *ex)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return false;
    const Picture q = st->q;
    *ex = (Explanation){ 0, 1, q.rep.hit, "" };
    region_criterion(&q, ex->criterion, sizeof ex->criterion);
    if (q.tie) strncat(ex->criterion, " (touching, within rounding)", sizeof ex->criterion - 1 - strlen(ex->criterion));
    return true;
}

const Lesson lesson_2 = {
    .key = "lesson2",
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
