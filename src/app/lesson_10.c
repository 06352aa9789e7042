/*
 * lesson_10.c - Ray cast.
 *
 * A segment from O to E against every other shape of the scene, each test
 * drawn the way ray_cast_shape_record ran it: the circle's quadratic (its
 * two roots on the line), the rectangle's two slabs in its own frame (the
 * interval of t inside each band and their overlap), each polygon edge's
 * entry or exit fraction (the latest entry and the earliest exit decide).
 * The first hit gets its point, normal and fraction; the HUD lists every
 * shape the segment passes through, in order.
 * O and E are the last two shapes of the world (small circles, drawn on
 * top): drag them with the mouse, or Tab to one and move it with the arrows.
 */
#include "lessons.h"
#include "i18n.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define RAY_MAX_SHAPES 12     /* the shapes the picture explains (the rest only counted) */
static const float HANDLE_R = 9.0f;

/* The scene's shapes, then O and E (last: on top, so always the one picked). */
static bool build(World *w, int preset, void *state)
{
    (void)state;
    Vec2 o, e;
    /* below the HUD's panel (the top half of the canvas) */
    Body circle = body_circle(330.0f, 520.0f, 75.0f);
    Body box = body_rect(640.0f, 540.0f, 200.0f, 110.0f, 25.0f);
    static const Vec2 quad[4] = { { 930.0f, 430.0f }, { 1090.0f, 470.0f }, { 1060.0f, 630.0f }, { 900.0f, 590.0f } };
    Body poly = body_poly(quad, 4);
    switch (preset) {
    case 0: o = (Vec2){ 150.0f, 460.0f }; e = (Vec2){ 1180.0f, 560.0f }; break;
    case 1: /* grazing the circle: the line y = 445 touches its top */
        o = (Vec2){ 150.0f, 445.0f }; e = (Vec2){ 560.0f, 445.0f }; break;
    case 2: /* through the polygon's vertex (930, 430), into it */
        o = (Vec2){ 830.0f, 380.0f }; e = (Vec2){ 1130.0f, 530.0f }; break;
    case 3: /* starting inside the rectangle */
        o = (Vec2){ 640.0f, 540.0f }; e = (Vec2){ 1180.0f, 660.0f }; break;
    case 4: /* along the polygon's bottom edge, (900, 590) to (1060, 630) */
        o = (Vec2){ 820.0f, 570.0f }; e = (Vec2){ 1140.0f, 650.0f }; break;
    default: return false;
    }
    Body ho = body_circle(o.x, o.y, HANDLE_R), he = body_circle(e.x, e.y, HANDLE_R);
    world_clear(w);
    if (!world_add(w, &circle) || !world_add(w, &box) || !world_add(w, &poly) || !world_add(w, &ho) ||
        !world_add(w, &he))
        return false;
    w->selected = 3;
    return true;
}

/* One shape's test. */
typedef struct Cast { int index; bool hit; RayHit h; RayRecord rec; } Cast;

typedef struct State {
    bool ok;
    Vec2 o, d;                 /* origin and translation (E - O) */
    int count;                 /* shapes tested (explained: min(count, RAY_MAX_SHAPES)) */
    int shown;
    Cast cast[RAY_MAX_SHAPES];
    int order[RAY_MAX_SHAPES]; /* the hits (indices into cast), by fraction */
    int hits;
} State;

static void prepare(const App *app, void *state)
{
    State *st = state;
    const World *w = &app->world;
    st->ok = false;
    if (w->count < 2) return;
    const Shape *so = &w->shapes[w->count - 2], *se = &w->shapes[w->count - 1];
    if (so->kind != SHAPE_CIRCLE || se->kind != SHAPE_CIRCLE) return;
    st->o = so->circle.center;
    st->d = (Vec2){ se->circle.center.x - st->o.x, se->circle.center.y - st->o.y };
    st->count = w->count - 2;
    st->shown = st->count < RAY_MAX_SHAPES ? st->count : RAY_MAX_SHAPES;
    st->hits = 0;
    for (int i = 0; i < st->shown; i++) {
        Cast *c = &st->cast[i];
        memset(c, 0, sizeof *c);
        c->index = i;
        if (!ray_cast_shape_record(&w->shapes[i], st->o, st->d, &c->h, &c->rec)) { c->hit = false; continue; }
        c->hit = c->rec.hit;
        if (!c->hit) continue;
        /* insertion by fraction (ties keep the world's order) */
        int k = st->hits++;
        while (k > 0 && st->cast[st->order[k - 1]].h.fraction > c->h.fraction) {
            st->order[k] = st->order[k - 1];
            k--;
        }
        st->order[k] = i;
    }
    st->ok = true;
}

static Vec2 at(const State *st, float t) { return (Vec2){ st->o.x + t * st->d.x, st->o.y + t * st->d.y }; }

static const char *name_of(const Shape *s)
{
    return s->kind == SHAPE_CIRCLE ? tr("shape.circle") : s->kind == SHAPE_RECT ? tr("shape.rect") : tr("shape.poly");
}

/* A fraction's point, if it is finite and near the canvas. */
static bool drawable(const State *st, float t, Vec2 *p)
{
    if (!isfinite(t)) return false;
    *p = at(st, t);
    return p->x > -2000.0f && p->x < 3300.0f && p->y > -2000.0f && p->y < 2700.0f;
}

/* The interval [t0, t1] of the line, drawn beside it (offset px to its left). */
static void interval(Canvas *c, const State *st, float t0, float t1, float offset, float width, Color col)
{
    float len = sqrtf(st->d.x * st->d.x + st->d.y * st->d.y);
    if (len <= 0.0f || !(t0 <= t1)) return;
    float lim = 4000.0f / len;
    t0 = fmaxf(t0, -lim);
    t1 = fminf(t1, lim);
    if (!(t0 <= t1)) return;
    Vec2 n = { -st->d.y / len * offset, st->d.x / len * offset };
    Vec2 a = at(st, t0), b = at(st, t1);
    draw_line(c, (Vec2){ a.x + n.x, a.y + n.y }, (Vec2){ b.x + n.x, b.y + n.y }, width, col);
}

static void tick(Canvas *c, const State *st, float t, float half, Color col)
{
    Vec2 p;
    float len = sqrtf(st->d.x * st->d.x + st->d.y * st->d.y);
    if (len <= 0.0f || !drawable(st, t, &p)) return;
    Vec2 n = { -st->d.y / len * half, st->d.x / len * half };
    draw_line(c, (Vec2){ p.x - n.x, p.y - n.y }, (Vec2){ p.x + n.x, p.y + n.y }, 3.0f, col);
}

static void draw_circle_test(const App *app, const State *st, const Cast *k, const Shape *s, Canvas *c)
{
    const RayRecord *r = &k->rec;
    const Color acc = app_color_accent(app);
    char text[64];
    /* the line's closest approach to the centre */
    float dd = st->d.x * st->d.x + st->d.y * st->d.y;
    if (dd <= 0.0f) return;
    float tm = ((s->circle.center.x - st->o.x) * st->d.x + (s->circle.center.y - st->o.y) * st->d.y) / dd;
    Vec2 m;
    if (!drawable(st, tm, &m)) return;
    draw_dashed_line(c, s->circle.center, m, 2.0f, 8.0f, lesson_alpha(LESSON_INK, 190));
    if (r->disc < 0.0f) {
        Vec2 lab = { 0.5f * (m.x + s->circle.center.x), 0.5f * (m.y + s->circle.center.y) };
        lesson_label(c, lab, LESSON_SMALL, LESSON_INK, ALIGN_CENTER, tr("lesson10.no_root"));
        return;
    }
    interval(c, st, r->root0, r->root1, 0.0f, 9.0f, lesson_alpha(acc, 150));
    const float roots[2] = { r->root0, r->root1 };
    for (int i = 0; i < 2; i++) {
        Vec2 p;
        if (!drawable(st, roots[i], &p)) continue;
        draw_dot(c, p, 6.0f, acc);
        lesson_keep_clear(c, p, 6.0f);
        snprintf(text, sizeof text, "t%s = %.3f", i == 0 ? "₁" : "₂", (double)roots[i]);
        lesson_label(c, (Vec2){ p.x, p.y + (i == 0 ? -30.0f : 30.0f) }, LESSON_SMALL, acc, ALIGN_CENTER, text);
        if (r->disc == 0.0f) break;
    }
}

static void draw_box_test(const App *app, const State *st, const Cast *k, Canvas *c)
{
    const RayRecord *r = &k->rec;
    const Color acc = app_color_accent(app);
    /* the two slabs' colours, darker on the light theme's white (F7) */
    const Color sx = app->light ? (Color){ 0, 92, 190, 255 } : (Color){ 110, 190, 255, 255 };
    const Color sy = app->light ? (Color){ 180, 84, 0, 255 } : (Color){ 255, 170, 80, 255 };
    Vec2 ax = r->box_axis, ay = { -ax.y, ax.x };
    Vec2 cen = r->box_center, h = r->box_half;
    float reach = h.x + h.y + 90.0f;
    /* the slab boundaries: the box's sides extended */
    for (int s = -1; s <= 1; s += 2) {
        Vec2 px = { cen.x + (float)s * h.x * ax.x, cen.y + (float)s * h.x * ax.y };
        Vec2 py = { cen.x + (float)s * h.y * ay.x, cen.y + (float)s * h.y * ay.y };
        draw_dashed_line(c, (Vec2){ px.x - reach * ay.x, px.y - reach * ay.y },
                         (Vec2){ px.x + reach * ay.x, px.y + reach * ay.y }, 2.0f, 9.0f, lesson_alpha(sx, 200));
        draw_dashed_line(c, (Vec2){ py.x - reach * ax.x, py.y - reach * ax.y },
                         (Vec2){ py.x + reach * ax.x, py.y + reach * ax.y }, 2.0f, 9.0f, lesson_alpha(sy, 200));
    }
    /* each slab's interval beside the line, the overlap on it */
    const Color cols[2] = { sx, sy };
    for (int i = 0; i < 2; i++) {
        const RaySlab *sl = &r->slabs[i];
        interval(c, st, sl->t_enter, sl->t_exit, i == 0 ? 9.0f : -9.0f, 6.0f, cols[i]);
        tick(c, st, sl->t_enter, 14.0f, cols[i]);
        tick(c, st, sl->t_exit, 14.0f, cols[i]);
    }
    if (r->t_enter <= r->t_exit) interval(c, st, r->t_enter, r->t_exit, 0.0f, 8.0f, lesson_alpha(acc, 200));
    char text[96];
    /* under the box: its lowest corner plus a line */
    Vec2 lab = { cen.x, cen.y + fabsf(h.x * ax.y) + fabsf(h.y * ay.y) + 26.0f };
    if (r->t_enter <= r->t_exit)
        snprintf(text, sizeof text, tr("lesson10.slab_overlap"), (double)r->t_enter, (double)r->t_exit);
    else snprintf(text, sizeof text, "%s", tr("lesson10.slab_none"));
    lesson_label(c, lab, LESSON_SMALL, acc, ALIGN_CENTER, text);
}

static void draw_poly_test(const App *app, const State *st, const Cast *k, const Shape *s, Canvas *c)
{
    const RayRecord *r = &k->rec;
    if (r->flat) { draw_box_test(app, st, k, c); return; }
    const Color in = app->light ? (Color){ 0, 120, 50, 255 } : (Color){ 120, 220, 140, 255 };
    const Color out = app->light ? (Color){ 190, 30, 30, 255 } : (Color){ 255, 120, 120, 255 };
    const Poly *p = &s->poly;
    for (int i = 0; i < r->edge_count && i < p->count; i++) {
        const RayEdge *e = &r->edges[i];
        if (e->role == RAY_EDGE_PARALLEL_IN || e->role == RAY_EDGE_PARALLEL_OUT) continue;
        Vec2 a = p->verts[i], b = p->verts[(i + 1) % p->count];
        /* the edge's line, extended to where the ray crosses it */
        Vec2 q;
        if (!drawable(st, e->t, &q)) continue;
        const Color col = e->role == RAY_EDGE_ENTERS ? in : out;
        Vec2 m = { 0.5f * (a.x + b.x), 0.5f * (a.y + b.y) };
        draw_dashed_line(c, m, q, 1.5f, 7.0f, lesson_alpha(col, 150));
        const bool decides = (e->role == RAY_EDGE_ENTERS && e->t == r->t_enter) ||
                             (e->role == RAY_EDGE_EXITS && e->t == r->t_exit);
        draw_dot(c, q, decides ? 7.0f : 4.5f, col);
    }
    if (r->t_enter <= r->t_exit)
        interval(c, st, r->t_enter, r->t_exit, 0.0f, 8.0f, lesson_alpha(app_color_accent(app), 200));
    char text[96];
    Vec2 lab = { p->verts[0].x, p->verts[0].y - 30.0f };
    float top = 1e30f;
    for (int i = 0; i < p->count; i++) if (p->verts[i].y < top) { top = p->verts[i].y; lab.x = p->verts[i].x; }
    lab.y = top - 30.0f;
    if (r->t_enter <= r->t_exit)
        snprintf(text, sizeof text, tr("lesson10.poly_clip"), (double)r->t_enter, (double)r->t_exit);
    else snprintf(text, sizeof text, "%s", tr("lesson10.poly_none"));
    lesson_label(c, lab, LESSON_SMALL, app_color_accent(app), ALIGN_CENTER, text);
}

static void draw_under(const App *app, const void *state, Canvas *c)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return;
    /* the whole line, dashed, and the segment O..E solid */
    float len = sqrtf(st->d.x * st->d.x + st->d.y * st->d.y);
    if (len > 0.0f) lesson_line_across(c, st->o, st->d, 1.5f, true, lesson_alpha(LESSON_INK, 120));
    draw_line(c, st->o, at(st, 1.0f), 3.0f, LESSON_INK);
}

static void draw_over(const App *app, const void *state, Canvas *c)
{
    const State *st = state;
    if (!st->ok) return;
    const World *w = &app->world;
    const Color hitc = app_color_hit(app);
    char text[96];
    for (int i = 0; i < st->shown; i++) {
        const Cast *k = &st->cast[i];
        const Shape *s = &w->shapes[i];
        if (k->rec.point_test) continue;
        if (s->kind == SHAPE_CIRCLE) draw_circle_test(app, st, k, s, c);
        else if (s->kind == SHAPE_RECT) draw_box_test(app, st, k, c);
        else draw_poly_test(app, st, k, s, c);
    }
    /* the hits in order: each entry point, the first with its normal */
    for (int j = st->hits - 1; j >= 0; j--) {
        const Cast *k = &st->cast[st->order[j]];
        if (j == 0) {
            Vec2 tip = { k->h.point.x + 60.0f * k->h.normal.x, k->h.point.y + 60.0f * k->h.normal.y };
            draw_arrow(c, k->h.point, tip, 4.0f, hitc);
            draw_dot(c, k->h.point, 9.0f, hitc);
            lesson_keep_clear(c, k->h.point, 9.0f);
            lesson_keep_clear(c, tip, 6.0f);
            snprintf(text, sizeof text, tr("lesson10.first_label"), (double)k->h.fraction);
            lesson_label(c, (Vec2){ k->h.point.x + 16.0f, k->h.point.y + 28.0f }, LESSON_LABEL, hitc, ALIGN_LEFT, text);
            lesson_label(c, (Vec2){ tip.x + 8.0f * k->h.normal.x, tip.y + 22.0f * (k->h.normal.y >= 0.0f ? 1.0f : -1.0f) },
                         LESSON_SMALL, hitc, ALIGN_CENTER, "n");
        } else {
            draw_dot(c, k->h.point, 7.0f, lesson_alpha(hitc, 200));
        }
    }
    /* O and E */
    Vec2 e = at(st, 1.0f);
    lesson_keep_clear(c, st->o, HANDLE_R);
    lesson_keep_clear(c, e, HANDLE_R);
    lesson_label(c, (Vec2){ st->o.x - 16.0f, st->o.y - 22.0f }, LESSON_LABEL, LESSON_INK, ALIGN_RIGHT, "O (t = 0)");
    lesson_label(c, (Vec2){ e.x + 16.0f, e.y - 22.0f }, LESSON_LABEL, LESSON_INK, ALIGN_LEFT, "E (t = 1)");
}

static int hud(const App *app, const void *state, char lines[][160], int max)
{
    const State *st = state;
    const World *w = &app->world;
    if (!st->ok || max < 3) return 0;
    int n = 0;
    snprintf(lines[n++], 160, tr("lesson10.hud_ray"), (double)st->o.x, (double)st->o.y, (double)(st->o.x + st->d.x),
             (double)(st->o.y + st->d.y));
    if (st->hits == 0) {
        snprintf(lines[n++], 160, "%s", tr("lesson10.hud_miss"));
    } else {
        const Cast *k = &st->cast[st->order[0]];
        snprintf(lines[n++], 160, tr("lesson10.hud_first"), name_of(&w->shapes[k->index]), k->index + 1,
                 (double)k->h.fraction, (double)k->h.point.x, (double)k->h.point.y, (double)k->h.normal.x,
                 (double)k->h.normal.y);
        char list[160];
        snprintf(list, sizeof list, "%s", tr("lesson10.hud_order"));
        for (int j = 0; j < st->hits; j++) {
            const Cast *h = &st->cast[st->order[j]];
            char item[64];
            snprintf(item, sizeof item, "%s%s %d (%.3f)", j ? ", " : " ", name_of(&w->shapes[h->index]), h->index + 1,
                     (double)h->h.fraction);
            if (strlen(list) + strlen(item) < sizeof list) strcat(list, item);
        }
        snprintf(lines[n++], 160, "%s", list);
    }
    /* how each kind decided (the first of each kind) */
    for (int kind = SHAPE_CIRCLE; kind <= SHAPE_POLY && n < max; kind++) {
        for (int i = 0; i < st->shown; i++) {
            const Cast *k = &st->cast[i];
            const RayRecord *r = &k->rec;
            if (w->shapes[i].kind != (ShapeKind)kind || r->point_test) continue;
            if (kind == SHAPE_CIRCLE) {
                if (r->disc < 0.0f) snprintf(lines[n++], 160, tr("lesson10.hud_circle_none"), (double)r->disc);
                else snprintf(lines[n++], 160, tr("lesson10.hud_circle"), (double)r->disc, (double)r->root0,
                              (double)r->root1);
            } else if (kind == SHAPE_RECT || r->flat) {
                snprintf(lines[n++], 160, tr("lesson10.hud_slabs"), (double)r->slabs[0].t_enter,
                         (double)r->slabs[0].t_exit, (double)r->slabs[1].t_enter, (double)r->slabs[1].t_exit);
            } else {
                snprintf(lines[n++], 160, tr("lesson10.hud_poly"), (double)r->t_enter, (double)r->t_exit);
            }
            break;
        }
    }
    return n;
}

static json_t *real(float v) { return isfinite(v) ? json_real((double)v) : json_string(v > 0 ? "inf" : "-inf"); }

static void report(const App *app, const void *state, json_t *out)
{
    const State *st = state;
    const World *w = &app->world;
    if (!st->ok) return;
    json_t *ray = json_object();
    json_object_set_new(ray, "origin", lesson_vec_json(st->o));
    json_object_set_new(ray, "translation", lesson_vec_json(st->d));
    json_t *shapes = json_array();
    for (int i = 0; i < st->shown; i++) {
        const Cast *k = &st->cast[i];
        const RayRecord *r = &k->rec;
        json_t *o = json_object();
        json_object_set_new(o, "index", json_integer(i));
        json_object_set_new(o, "kind", json_string(w->shapes[i].kind == SHAPE_CIRCLE ? "circle"
                                                   : w->shapes[i].kind == SHAPE_RECT ? "rect" : "poly"));
        json_object_set_new(o, "hit", json_boolean(k->hit));
        json_object_set_new(o, "inside", json_boolean(r->inside));
        if (k->hit) {
            json_object_set_new(o, "fraction", json_real((double)k->h.fraction));
            json_object_set_new(o, "point", lesson_vec_json(k->h.point));
            json_object_set_new(o, "normal", lesson_vec_json(k->h.normal));
        }
        json_object_set_new(o, "t_enter", real(r->t_enter));
        json_object_set_new(o, "t_exit", real(r->t_exit));
        if (w->shapes[i].kind == SHAPE_CIRCLE) {
            json_object_set_new(o, "disc", json_real((double)r->disc));
            if (r->disc >= 0.0f) json_object_set_new(o, "roots", json_pack("[o, o]", real(r->root0), real(r->root1)));
        } else if (w->shapes[i].kind == SHAPE_RECT || r->flat) {
            json_t *sl = json_array();
            for (int j = 0; j < 2; j++)
                json_array_append_new(sl, json_pack("{s:o, s:o}", "t_enter", real(r->slabs[j].t_enter), "t_exit",
                                                    real(r->slabs[j].t_exit)));
            json_object_set_new(o, "slabs", sl);
        } else {
            json_t *ed = json_array();
            static const char *const roles[4] = { "enters", "exits", "parallel_in", "parallel_out" };
            for (int j = 0; j < r->edge_count; j++)
                json_array_append_new(ed, json_pack("{s:o, s:s}", "t", real(r->edges[j].t), "role",
                                                    roles[r->edges[j].role & 3]));
            json_object_set_new(o, "edges", ed);
        }
        json_array_append_new(shapes, o);
    }
    json_object_set_new(ray, "shapes", shapes);
    json_t *order = json_array();
    for (int j = 0; j < st->hits; j++) json_array_append_new(order, json_integer(st->cast[st->order[j]].index));
    json_object_set_new(ray, "order", order);
    if (st->hits > 0) {
        const Cast *k = &st->cast[st->order[0]];
        json_object_set_new(ray, "first", json_pack("{s:i, s:f, s:o, s:o}", "index", k->index, "fraction",
                                                    (double)k->h.fraction, "point", lesson_vec_json(k->h.point),
                                                    "normal", lesson_vec_json(k->h.normal)));
    } else {
        json_object_set_new(ray, "first", json_null());
    }
    json_object_set_new(out, "ray", ray);
}

/* The last two shapes are the ray's ends, O and E (build, prepare). */
static const char *handle_name(const App *app, int index)
{
    const World *w = &app->world;
    if (w->count < 2 || index < w->count - 2 || index >= w->count) return NULL;
    if (w->shapes[w->count - 2].kind != SHAPE_CIRCLE || w->shapes[w->count - 1].kind != SHAPE_CIRCLE) return NULL;
    return index == w->count - 2 ? "lesson10.handle_o" : "lesson10.handle_e";
}

const Lesson lesson_10 = {
    .key = "lesson10",
    .state_size = sizeof(State),
    .build = build,
    .prepare = prepare,
    .draw_under = draw_under,
    .draw_over = draw_over,
    .hud = hud,
    .report = report,
    .handle_name = handle_name,
};
