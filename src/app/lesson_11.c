/*
 * lesson_11.c - Tunnelling: why fast small shapes pass through thin walls.
 *
 * Shape 0 is the wall (a rectangle), shape 1 the ball B (a circle) where it
 * is at tick 0; its radius line is its heading (Q / E turn it). Every tick
 * B moves `speed` px along the heading. Discrete testing asks
 * shapes_collide at each tick's end position (and at each sub-step's, when
 * a tick is cut into sub-steps): the ghosts show every position tested,
 * and at a high speed none of them overlaps the wall, so the collision is
 * missed. Continuous testing sweeps B from each tick's position to the
 * next (sweep_circle_shape_record): the ray of the centre against the wall
 * grown by B's radius (the Minkowski sum, drawn dashed), which stops B at
 * the time of impact. The HUD says how many sub-steps the speed needs: a
 * step no longer than the path's overlap with the grown wall (head-on:
 * the wall's thickness plus B's diameter) cannot jump over it.
 * Keys: + / - the speed, [ ] the sub-steps per tick, B discrete or
 * continuous. F2 slow (both catch it), F3 very fast (only continuous), F4
 * grazing the wall's end, F5 a thicker wall.
 */
#include "lessons.h"
#include "i18n.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* px per tick, the steps of + and - */
static const float SPEEDS[] = { 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 36, 40, 45, 50, 60, 75, 90, 120, 150, 200, 250, 300 };
#define N_SPEEDS ((int)(sizeof SPEEDS / sizeof SPEEDS[0]))
#define SUB_MAX 16
#define MAX_TICKS 200         /* ghosts drawn and ticks tested, at most */

typedef struct Preset { Vec2 ball; float r, heading_deg; Vec2 wall; float wall_w, wall_h; int speed_i; } Preset;

/* The wall 16 px thick at x = 700 (692..708), y 470..690; B of radius 16:
 * the grown wall spans x 676..724 (thickness + diameter = 48 px).
 * 0: 60 px a tick from x = 250: ticks 7 and 8 at x = 670 and 730, both
 *    clear of it: tunnelling.
 * 1: 12 px a tick from x = 560: tick 10 at x = 680 overlaps it.
 * 2: 150 px a tick, heading 8 degrees down: ticks 3 and 4 at x = 606, 754.
 * 3: 45 px a tick along y = 460, 10 px above the wall's top: B meets a
 *    corner's circle; the path is inside the grown wall for 16 + 2 sqrt(16^2
 *    - 10^2) = 41 px (x 679.5..720.5) < 45 < 48: the head-on rule says one
 *    sub-step, the path needs two; ticks 9 and 10 at x = 677 and 722 are
 *    1.2 and 2.0 px clear of the corners.
 * 4: the wall 60 px thick (654..746 grown) at 60 px a tick: tick 7 overlaps. */
static const Preset PRESETS[5] = {
    { { 250.0f, 580.0f }, 16.0f, 0.0f, { 700.0f, 580.0f }, 16.0f, 220.0f, 16 },
    { { 560.0f, 580.0f }, 16.0f, 0.0f, { 700.0f, 580.0f }, 16.0f, 220.0f, 7 },
    { { 160.0f, 500.0f }, 16.0f, 8.0f, { 700.0f, 580.0f }, 16.0f, 220.0f, 20 },
    { { 272.0f, 460.0f }, 16.0f, 0.0f, { 700.0f, 580.0f }, 16.0f, 220.0f, 14 },
    { { 250.0f, 580.0f }, 16.0f, 0.0f, { 700.0f, 580.0f }, 60.0f, 220.0f, 16 },
};

typedef struct State {
    /* the controls */
    int speed_i;               /* index into SPEEDS */
    int sub;                   /* sub-steps per tick, 1..SUB_MAX */
    bool continuous;           /* the picture: continuous testing (else discrete) */
    /* the picture, from prepare */
    bool ok;
    Rect wall;
    Circle ball;               /* at tick 0 */
    Vec2 dir;                  /* unit heading */
    Vec2 v;                    /* one tick's motion */
    float speed, step, thick, diam, rule;   /* px; rule = thick + diam */
    int need_rule;             /* sub-steps for a step <= rule */
    int ticks;                 /* positions 0..ticks on the path (the canvas) */
    /* the whole path through the grown wall, by two sweeps */
    bool path_hits;            /* the path meets the wall, not starting or ending on it */
    float chord;               /* how long the centre is inside the grown wall */
    int need_path;             /* sub-steps for a step <= chord */
    /* discrete testing */
    int tested;                /* positions tested (up to the first overlap) */
    bool caught;
    int caught_sample;         /* tick * sub + sub-step */
    Vec2 caught_at;
    float caught_depth;
    /* continuous testing: the first tick whose sweep touches */
    bool swept;
    int hit_tick;
    SweepHit hit;
    SweepRecord rec;
    int sweeps;                /* sweeps run (up to the hit) */
} State;

static void init(void *state)
{
    State *st = state;
    st->speed_i = PRESETS[0].speed_i;
    st->sub = 1;
}

static bool build(World *w, int preset, void *state)
{
    State *st = state;
    if (preset < 0 || preset > 4) return false;
    const Preset *p = &PRESETS[preset];
    Body wall = body_rect(p->wall.x, p->wall.y, p->wall_w, p->wall_h, 0.0f);
    Body ball = body_circle(p->ball.x, p->ball.y, p->r);
    ball.angle = p->heading_deg * 3.14159265358979f / 180.0f;
    if (!lesson_set_pair(w, &wall, &ball)) return false;
    w->selected = 1;
    st->speed_i = p->speed_i;
    st->sub = 1;
    return true;
}

static Vec2 at(const State *st, float ticks)
{
    return (Vec2){ st->ball.center.x + ticks * st->v.x, st->ball.center.y + ticks * st->v.y };
}

static Shape ball_at(const State *st, Vec2 p)
{
    Shape s = { .kind = SHAPE_CIRCLE };
    s.circle = (Circle){ p, st->ball.radius };
    return s;
}

static bool on_path_canvas(const State *st, Vec2 p)
{
    const float m = st->ball.radius + 40.0f;
    return p.x > -m && p.x < CANVAS_W + m && p.y > -m && p.y < CANVAS_H + m;
}

static void prepare(const App *app, void *state)
{
    State *st = state;
    const World *w = &app->world;
    st->ok = false;
    if (w->count < 2 || w->shapes[0].kind != SHAPE_RECT || w->shapes[1].kind != SHAPE_CIRCLE) return;
    if (st->speed_i < 0 || st->speed_i >= N_SPEEDS) st->speed_i = 0;
    if (st->sub < 1 || st->sub > SUB_MAX) st->sub = 1;
    st->wall = w->shapes[0].rect;
    st->ball = w->shapes[1].circle;
    const float a = w->bodies[1].angle;
    st->dir = (Vec2){ cosf(a), sinf(a) };
    st->speed = SPEEDS[st->speed_i];
    st->v = (Vec2){ st->speed * st->dir.x, st->speed * st->dir.y };
    st->step = st->speed / (float)st->sub;
    st->thick = 2.0f * fminf(st->wall.half.x, st->wall.half.y);
    st->diam = 2.0f * st->ball.radius;
    st->rule = st->thick + st->diam;
    st->need_rule = st->rule > 0.0f ? (int)ceilf(st->speed / st->rule) : 0;
    /* the path: ticks until the ball has left the canvas */
    st->ticks = 1;
    while (st->ticks < MAX_TICKS && on_path_canvas(st, at(st, (float)st->ticks))) st->ticks++;
    const Shape *wall = &w->shapes[0];
    /* the whole path through the grown wall: the entry by a sweep forwards,
     * the exit by a sweep backwards from the path's end */
    Vec2 p0 = st->ball.center, pk = at(st, (float)st->ticks);
    Vec2 all = { pk.x - p0.x, pk.y - p0.y }, back = { -all.x, -all.y };
    SweepHit fwd, bwd;
    SweepRecord rf, rb;
    st->path_hits = false;
    st->chord = 0.0f;
    st->need_path = 0;
    if (sweep_circle_shape_record(st->ball, all, wall, &fwd, &rf) && rf.feature != SWEEP_START &&
        sweep_circle_shape_record((Circle){ pk, st->ball.radius }, back, wall, &bwd, &rb) && rb.feature != SWEEP_START) {
        st->path_hits = true;
        st->chord = (1.0f - fwd.toi - bwd.toi) * sqrtf(all.x * all.x + all.y * all.y);
        if (st->chord < 0.0f) st->chord = 0.0f;
        st->need_path = st->chord > 0.0f ? (int)ceilf(st->speed / st->chord) : 0;
    }
    /* discrete testing: every sub-step's position, in order, up to the first overlap */
    st->caught = false;
    st->tested = 0;
    const int samples = st->ticks * st->sub;
    for (int s = 0; s <= samples; s++) {
        Vec2 p = at(st, (float)s / (float)st->sub);
        Shape b = ball_at(st, p);
        Contact ct;
        st->tested++;
        if (shapes_collide(&b, wall, &ct)) {
            st->caught = true;
            st->caught_sample = s;
            st->caught_at = p;
            st->caught_depth = ct.depth;
            break;
        }
    }
    /* continuous testing: each tick's sweep, in order, up to the first touch */
    st->swept = false;
    st->sweeps = 0;
    for (int k = 0; k < st->ticks; k++) {
        st->sweeps++;
        memset(&st->rec, 0, sizeof st->rec);
        if (sweep_circle_shape_record((Circle){ at(st, (float)k), st->ball.radius }, st->v, wall, &st->hit, &st->rec)) {
            st->swept = true;
            st->hit_tick = k;
            break;
        }
    }
    st->ok = true;
}

/* ---- Keys ---------------------------------------------------------------- */

static bool on_key(App *app, void *state, const Binding *b)
{
    State *st = state;
    switch (b->action) {
    case ACT_MORE:
        if (st->speed_i + 1 < N_SPEEDS) st->speed_i++;
        else app_status(app, tr("lesson11.fastest"), (double)SPEEDS[N_SPEEDS - 1]);
        return true;
    case ACT_FEWER:
        if (st->speed_i > 0) st->speed_i--;
        return true;
    case ACT_AXIS_NEXT:
        if (st->sub < SUB_MAX) st->sub++;
        else app_status(app, tr("lesson11.most_substeps"), SUB_MAX);
        return true;
    case ACT_AXIS_PREV:
        if (st->sub > 1) st->sub--;
        return true;
    case ACT_BROADPHASE:
        st->continuous = !st->continuous;
        return true;
    default: return false;
    }
}

/* ---- Drawing ------------------------------------------------------------- */

static const char *feature_key(SweepFeature f)
{
    switch (f) {
    case SWEEP_START: return "lesson11.feature_start";
    case SWEEP_EDGE: return "lesson11.feature_edge";
    case SWEEP_VERTEX: return "lesson11.feature_vertex";
    case SWEEP_CIRCLE: return "lesson11.feature_circle";
    default: return "lesson11.feature_miss";
    }
}

/* The wall grown by r: its edges pushed out, a quarter circle at each corner. */
static int grown_outline(Rect r, float g, Vec2 *out, int max)
{
    Vec2 c[4];
    rect_corners(r, c);
    int n = 0;
    for (int i = 0; i < 4; i++) {
        Vec2 e0 = { c[i].x - c[(i + 3) % 4].x, c[i].y - c[(i + 3) % 4].y };
        Vec2 e1 = { c[(i + 1) % 4].x - c[i].x, c[(i + 1) % 4].y - c[i].y };
        Vec2 n0 = { e0.y, -e0.x }, n1 = { e1.y, -e1.x };
        /* outward: away from the centre */
        Vec2 m0 = { c[i].x - r.center.x, c[i].y - r.center.y };
        if (n0.x * m0.x + n0.y * m0.y < 0.0f) { n0.x = -n0.x; n0.y = -n0.y; }
        if (n1.x * m0.x + n1.y * m0.y < 0.0f) { n1.x = -n1.x; n1.y = -n1.y; }
        float a0 = atan2f(n0.y, n0.x), a1 = atan2f(n1.y, n1.x), d = a1 - a0;
        while (d > 3.14159265f) d -= 6.28318531f;
        while (d < -3.14159265f) d += 6.28318531f;
        for (int k = 0; k <= 8 && n < max; k++) {
            float t = a0 + d * (float)k / 8.0f;
            out[n++] = (Vec2){ c[i].x + g * cosf(t), c[i].y + g * sinf(t) };
        }
    }
    return n;
}

static void ghost(Canvas *c, Vec2 p, float r, float width, Color col)
{
    draw_circle_outline(c, p, r, width, col);
}

static void draw_under(const App *app, const void *state, Canvas *c)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return;
    /* the heading's line, dashed, across the canvas */
    lesson_line_across(c, st->ball.center, st->dir, 1.5f, true, lesson_alpha(LESSON_INK, 90));
    if (st->continuous) {
        Vec2 pts[40];
        int n = grown_outline(st->wall, st->ball.radius, pts, 40);
        draw_poly_fill(c, pts, n, lesson_alpha(app_color_accent(app), 40));
    }
}

/* Where B's label for tick k goes: beside its ghost, away from the path. */
static Vec2 beside(const State *st, Vec2 p, float side)
{
    Vec2 n = { -st->dir.y, st->dir.x };
    if (n.y > 0.0f) { n.x = -n.x; n.y = -n.y; }   /* above the path first */
    float d = st->ball.radius + 22.0f;
    return (Vec2){ p.x + side * d * n.x, p.y + side * d * n.y };
}

static void draw_discrete(const App *app, const State *st, Canvas *c)
{
    const Color ink = LESSON_INK, hitc = app_color_hit(app), acc = app_color_accent(app);
    const float r = st->ball.radius;
    const int last = st->caught ? st->caught_sample : st->ticks * st->sub;
    char text[128];
    for (int s = 1; s <= last; s++) {
        Vec2 p = at(st, (float)s / (float)st->sub);
        const bool tick = s % st->sub == 0;
        if (s == last && st->caught) continue;
        if (tick) ghost(c, p, r, 2.0f, lesson_alpha(ink, 170));
        else ghost(c, p, r, 1.0f, lesson_alpha(acc, 140));
        draw_dot(c, p, tick ? 3.0f : 2.0f, tick ? ink : acc);
    }
    if (st->caught) {
        draw_circle_fill(c, st->caught_at, r, lesson_alpha(hitc, 170));
        ghost(c, st->caught_at, r, 3.0f, hitc);
        lesson_keep_clear(c, st->caught_at, r);
        const int k = st->caught_sample / st->sub, j = st->caught_sample % st->sub;
        snprintf(text, sizeof text, tr("lesson11.caught_label"), k, j, st->sub, (double)st->caught_depth);
        lesson_label(c, beside(st, st->caught_at, 1.0f), LESSON_LABEL, hitc, ALIGN_CENTER, text);
    } else if (st->swept) {
        /* the two ticks either side of the wall, named */
        const int k = st->hit_tick;
        Vec2 p0 = at(st, (float)k), p1 = at(st, (float)(k + 1));
        ghost(c, p0, r, 3.0f, ink);
        ghost(c, p1, r, 3.0f, ink);
        lesson_keep_clear(c, p0, r);
        lesson_keep_clear(c, p1, r);
        snprintf(text, sizeof text, tr("lesson11.tick_label"), k);
        lesson_label(c, beside(st, p0, 1.0f), LESSON_LABEL, ink, ALIGN_CENTER, text);
        snprintf(text, sizeof text, tr("lesson11.tick_label"), k + 1);
        lesson_label(c, beside(st, p1, 1.0f), LESSON_LABEL, ink, ALIGN_CENTER, text);
        snprintf(text, sizeof text, tr("lesson11.missed_label"), (double)st->step, (double)st->chord);
        Vec2 mid = { 0.5f * (p0.x + p1.x), 0.5f * (p0.y + p1.y) };
        lesson_label(c, beside(st, mid, -1.6f), LESSON_LABEL, hitc, ALIGN_CENTER, text);
    }
}

static void draw_continuous(const App *app, const State *st, Canvas *c)
{
    const Color ink = LESSON_INK, hitc = app_color_hit(app), acc = app_color_accent(app);
    const float r = st->ball.radius;
    char text[128];
    /* the grown wall, dashed: where B's centre may not go */
    Vec2 pts[40];
    int n = grown_outline(st->wall, r, pts, 40);
    for (int i = 0; i < n; i++) draw_dashed_line(c, pts[i], pts[(i + 1) % n], 2.0f, 7.0f, acc);
    const int end = st->swept ? st->hit_tick : st->ticks;
    for (int k = 1; k <= end; k++) {
        Vec2 p = at(st, (float)k);
        ghost(c, p, r, 2.0f, lesson_alpha(ink, 150));
        draw_dot(c, p, 3.0f, ink);
    }
    if (!st->swept) return;
    const int k = st->hit_tick;
    Vec2 p0 = at(st, (float)k), p1 = at(st, (float)(k + 1));
    /* where discrete testing would have put B next: faint */
    ghost(c, p1, r, 1.5f, lesson_alpha(ink, 90));
    /* the sweep: the centre's ray from tick k to tick k + 1 */
    draw_line(c, p0, p1, 3.0f, ink);
    const SweepRecord *rec = &st->rec;
    /* the grown box's slab interval on the ray, when the ray reached it */
    if (rec->feature != SWEEP_START && rec->grown.t_enter <= rec->grown.t_exit) {
        float t0 = fmaxf(rec->grown.t_enter, 0.0f), t1 = fminf(rec->grown.t_exit, 1.0f);
        if (t0 <= t1) {
            Vec2 a = { p0.x + t0 * st->v.x, p0.y + t0 * st->v.y }, b = { p0.x + t1 * st->v.x, p0.y + t1 * st->v.y };
            draw_line(c, a, b, 7.0f, lesson_alpha(acc, 170));
        }
    }
    if (rec->vertex_tested) {
        draw_dashed_line(c, rec->vertex, (Vec2){ rec->vertex.x + r, rec->vertex.y }, 1.5f, 4.0f, acc);
        draw_circle_outline(c, rec->vertex, r, 2.0f, acc);
        draw_dot(c, rec->vertex, 4.0f, acc);
    }
    /* B at the time of impact, the contact point and the normal */
    Vec2 b = { p0.x + st->hit.toi * st->v.x, p0.y + st->hit.toi * st->v.y };
    draw_circle_fill(c, b, r, lesson_alpha(hitc, 160));
    ghost(c, b, r, 3.0f, hitc);
    Vec2 tip = { st->hit.point.x + 50.0f * st->hit.normal.x, st->hit.point.y + 50.0f * st->hit.normal.y };
    draw_arrow(c, st->hit.point, tip, 3.0f, hitc);
    draw_dot(c, st->hit.point, 6.0f, ink);
    lesson_keep_clear(c, b, r);
    lesson_keep_clear(c, st->hit.point, 6.0f);
    lesson_keep_clear(c, p0, r);
    /* the time as the tick it falls in and the share of it gone: "tick 7 + 0.100" */
    snprintf(text, sizeof text, tr("lesson11.toi_label"), k, (double)st->hit.toi);
    lesson_label(c, beside(st, b, 1.0f), LESSON_LABEL, hitc, ALIGN_CENTER, text);
    snprintf(text, sizeof text, tr("lesson11.tick_label"), k);
    lesson_label(c, beside(st, p0, -1.0f), LESSON_SMALL, ink, ALIGN_CENTER, text);
    snprintf(text, sizeof text, "%s", tr(feature_key(rec->feature)));
    Vec2 fl = rec->feature == SWEEP_VERTEX ? rec->vertex : st->hit.point;
    lesson_label(c, (Vec2){ fl.x + 40.0f, fl.y + 40.0f }, LESSON_SMALL, acc, ALIGN_LEFT, text);
}

static void draw_over(const App *app, const void *state, Canvas *c)
{
    const State *st = state;
    if (!st->ok) return;
    if (st->continuous) draw_continuous(app, st, c);
    else draw_discrete(app, st, c);
    /* B at tick 0, named, its heading */
    Vec2 p = st->ball.center;
    Vec2 tip = { p.x + (st->ball.radius + 26.0f) * st->dir.x, p.y + (st->ball.radius + 26.0f) * st->dir.y };
    draw_arrow(c, p, tip, 3.0f, LESSON_INK);
    lesson_keep_clear(c, p, st->ball.radius);
    char text[64];
    snprintf(text, sizeof text, tr("lesson11.b_label"), 0);
    lesson_label(c, beside(st, p, 1.0f), LESSON_LABEL, LESSON_INK, ALIGN_CENTER, text);
    /* the wall's thickness, beside its bottom right corner */
    snprintf(text, sizeof text, tr("lesson11.wall_label"), (double)st->thick);
    const float ex = fabsf(st->wall.half.x * cosf(st->wall.angle)) + fabsf(st->wall.half.y * sinf(st->wall.angle));
    const float ey = fabsf(st->wall.half.x * sinf(st->wall.angle)) + fabsf(st->wall.half.y * cosf(st->wall.angle));
    lesson_label(c, (Vec2){ st->wall.center.x + ex + 16.0f, st->wall.center.y + ey - 14.0f }, LESSON_SMALL, LESSON_INK,
                 ALIGN_LEFT, text);
}

/* ---- HUD, report, explanation -------------------------------------------- */

/* When B is between a slab's two sides, in words: "for t in [0.250, 0.750]",
 * or "for every t" when it moves along the slab inside it (-inf .. inf,
 * never shown to a student as such), "for no t" when never. */
static void slab_words(const RaySlab *s, char *out, size_t outlen)
{
    if (!(s->t_enter <= s->t_exit)) snprintf(out, outlen, "%s", tr("lesson11.t_never"));
    else if (!isfinite(s->t_enter) && !isfinite(s->t_exit)) snprintf(out, outlen, "%s", tr("lesson11.t_every"));
    else if (!isfinite(s->t_exit)) snprintf(out, outlen, tr("lesson11.t_from"), (double)s->t_enter);
    else if (!isfinite(s->t_enter)) snprintf(out, outlen, tr("lesson11.t_until"), (double)s->t_exit);
    else snprintf(out, outlen, tr("lesson11.t_in"), (double)s->t_enter, (double)s->t_exit);
}

static int hud(const App *app, const void *state, char lines[][160], int max)
{
    (void)app;
    const State *st = state;
    if (!st->ok || max < 6) return 0;
    int n = 0;
    snprintf(lines[n++], 160, tr("lesson11.hud_speed"), (double)st->speed, (double)(st->speed * (float)TICK_HZ), st->sub,
             (double)st->step);
    if (st->path_hits)
        snprintf(lines[n++], 160, tr("lesson11.hud_needed"), st->need_rule, (double)st->thick, (double)st->diam,
                 st->need_path, (double)st->chord);
    else snprintf(lines[n++], 160, tr("lesson11.hud_needed_no_path"), st->need_rule, (double)st->thick, (double)st->diam);
    if (st->caught)
        snprintf(lines[n++], 160, tr("lesson11.hud_caught"), st->tested, st->caught_sample / st->sub,
                 st->caught_sample % st->sub, st->sub, (double)st->caught_depth);
    else snprintf(lines[n++], 160, tr("lesson11.hud_missed"), st->tested);
    if (st->swept) {
        const RayRecord *g = &st->rec.grown;
        if (st->rec.feature == SWEEP_START)
            snprintf(lines[n++], 160, tr("lesson11.hud_sweep_start"), st->hit_tick);
        else {
            char slab[2][64];
            for (int a = 0; a < 2; a++) slab_words(&g->slabs[a], slab[a], sizeof slab[a]);
            snprintf(lines[n++], 160, tr("lesson11.hud_sweep"), st->hit_tick, st->hit_tick + 1, slab[0], slab[1]);
        }
        snprintf(lines[n++], 160, tr("lesson11.hud_toi"), tr(feature_key(st->rec.feature)), st->hit_tick,
                 (double)st->hit.toi, (double)st->hit.point.x, (double)st->hit.point.y);
    } else {
        snprintf(lines[n++], 160, tr("lesson11.hud_sweep_none"), st->sweeps);
    }
    snprintf(lines[n++], 160, "%s", tr(st->continuous ? "lesson11.mode_continuous" : "lesson11.mode_discrete"));
    return n;
}

static json_t *real(float v) { return isfinite(v) ? json_real((double)v) : json_string(v > 0 ? "inf" : "-inf"); }

static const char *feature_name(SweepFeature f)
{
    static const char *const names[5] = { "miss", "start", "circle", "edge", "vertex" };
    return (unsigned)f < 5u ? names[f] : "miss";
}

static void report(const App *app, const void *state, json_t *out)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return;
    json_t *t = json_object();
    json_object_set_new(t, "mode", json_string(st->continuous ? "continuous" : "discrete"));
    json_object_set_new(t, "start", lesson_vec_json(st->ball.center));
    json_object_set_new(t, "heading", lesson_vec_json(st->dir));
    json_object_set_new(t, "radius", json_real((double)st->ball.radius));
    json_object_set_new(t, "speed", json_real((double)st->speed));
    json_object_set_new(t, "substeps", json_integer(st->sub));
    json_object_set_new(t, "step", json_real((double)st->step));
    json_object_set_new(t, "thickness", json_real((double)st->thick));
    json_object_set_new(t, "rule_width", json_real((double)st->rule));
    json_object_set_new(t, "substeps_needed_head_on", json_integer(st->need_rule));
    json_object_set_new(t, "ticks", json_integer(st->ticks));
    if (st->path_hits) {
        json_object_set_new(t, "path_overlap", json_real((double)st->chord));
        json_object_set_new(t, "substeps_needed", json_integer(st->need_path));
    } else {
        json_object_set_new(t, "path_overlap", json_null());
        json_object_set_new(t, "substeps_needed", json_null());
    }
    json_t *d = json_object();
    json_object_set_new(d, "tested", json_integer(st->tested));
    json_object_set_new(d, "caught", json_boolean(st->caught));
    if (st->caught) {
        json_object_set_new(d, "tick", json_integer(st->caught_sample / st->sub));
        json_object_set_new(d, "substep", json_integer(st->caught_sample % st->sub));
        json_object_set_new(d, "position", lesson_vec_json(st->caught_at));
        json_object_set_new(d, "depth", json_real((double)st->caught_depth));
    }
    json_object_set_new(t, "discrete", d);
    json_t *cj = json_object();
    json_object_set_new(cj, "sweeps", json_integer(st->sweeps));
    json_object_set_new(cj, "hit", json_boolean(st->swept));
    if (st->swept) {
        const SweepRecord *r = &st->rec;
        Vec2 p0 = at(st, (float)st->hit_tick);
        json_object_set_new(cj, "tick", json_integer(st->hit_tick));
        json_object_set_new(cj, "toi", json_real((double)st->hit.toi));
        json_object_set_new(cj, "time", json_real((double)((float)st->hit_tick + st->hit.toi)));
        json_object_set_new(cj, "center", lesson_vec_json((Vec2){ p0.x + st->hit.toi * st->v.x, p0.y + st->hit.toi * st->v.y }));
        json_object_set_new(cj, "point", lesson_vec_json(st->hit.point));
        json_object_set_new(cj, "normal", lesson_vec_json(st->hit.normal));
        json_object_set_new(cj, "feature", json_string(feature_name(r->feature)));
        json_object_set_new(cj, "index", json_integer(r->index));
        json_t *sl = json_array();
        for (int j = 0; j < 2; j++)
            json_array_append_new(sl, json_pack("{s:o, s:o}", "t_enter", real(r->grown.slabs[j].t_enter), "t_exit",
                                                real(r->grown.slabs[j].t_exit)));
        json_object_set_new(cj, "grown_slabs", sl);
        json_object_set_new(cj, "grown_t", json_pack("[o, o]", real(r->grown.t_enter), real(r->grown.t_exit)));
        if (r->vertex_tested) {
            json_object_set_new(cj, "vertex", lesson_vec_json(r->vertex));
            json_object_set_new(cj, "vertex_roots", json_pack("[o, o]", real(r->vertex_ray.root0), real(r->vertex_ray.root1)));
        }
    }
    json_object_set_new(t, "continuous", cj);
    json_object_set_new(out, "tunnel", t);
}

/* The pair (wall, B at tick 0) and whether they touch there, as discrete
 * testing's first position decided (shapes_collide); the criterion walks what the
 * lesson ran, in order: the positions discrete testing tried, then the
 * sweeps up to the first touch. */
static bool explain(const App *app, const void *state, Explanation *ex)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return false;
    const bool start = st->caught && st->caught_sample == 0;   /* shapes_collide at tick 0 */
    *ex = (Explanation){ 0, 1, start, "" };
    char disc[72], cont[72];
    if (st->caught)
        snprintf(disc, sizeof disc, "discrete: %d positions, tick %d+%d/%d overlaps", st->tested, st->caught_sample / st->sub,
                 st->caught_sample % st->sub, st->sub);
    else snprintf(disc, sizeof disc, "discrete: %d positions, none overlaps", st->tested);
    if (!st->swept) snprintf(cont, sizeof cont, "sweeps: %d, no touch", st->sweeps);
    else snprintf(cont, sizeof cont, "sweep %d: %s at toi %.3f", st->hit_tick, feature_name(st->rec.feature),
                  (double)st->hit.toi);
    snprintf(ex->criterion, sizeof ex->criterion, "B at tick 0: %s; %s; %s", start ? "touching" : "apart", disc, cont);
    return true;
}

const Lesson lesson_11 = {
    .key = "lesson11",
    .state_size = sizeof(State),
    .init = init,
    .build = build,
    .prepare = prepare,
    .draw_under = draw_under,
    .draw_over = draw_over,
    .hud = hud,
    .report = report,
    .on_key = on_key,
    .explain = explain,
    .hud_bottom = 390.0f,   /* the missed step's label and B's, above the paths (y 460 and down) */
};
