/*
 * lessons.c - the drawing helpers the lessons share, and the separating
 * axis picture of lessons 6 and 7.
 */
#include "lessons.h"
#include "i18n.h"

#include <stdio.h>
#include <string.h>

/* ---- Shared helpers ----------------------------------------------------- */

const Color LESSON_INK = { 236, 238, 242, 255 };
const Color LESSON_INK_DIM = { 170, 176, 190, 255 };
const Color LESSON_SHADE = { 10, 12, 16, 190 };

bool lesson_pair(const App *app, const Shape **a, const Shape **b)
{
    if (app->world.count < 2) return false;
    *a = &app->world.shapes[0];
    *b = &app->world.shapes[1];
    return true;
}

bool lesson_set_pair(World *w, const Body *a, const Body *b)
{
    world_clear(w);
    if (!world_add(w, a) || !world_add(w, b)) return false;
    w->selected = 0;
    return true;
}

bool lesson_build_circle_box(World *w, const CircleBox *presets, int count, int preset)
{
    if (preset < 0 || preset >= count) return false;
    const CircleBox *p = &presets[preset];
    Body circle = body_circle(p->c.x, p->c.y, p->r), box = body_rect(p->box.x, p->box.y, p->w, p->h, 0.0f);
    return lesson_set_pair(w, &circle, &box);
}

Color lesson_alpha(Color c, Uint8 alpha)
{
    c.a = alpha;
    return c;
}

Color lesson_over(Color fg, Color bg)
{
    const float a = (float)fg.a / 255.0f;
#define MIX(f, b) (Uint8)lroundf((float)(b) + a * ((float)(f) - (float)(b)))
    return (Color){ MIX(fg.r, bg.r), MIX(fg.g, bg.g), MIX(fg.b, bg.b), 255 };
#undef MIX
}

static float channel_linear(Uint8 v)
{
    float c = (float)v / 255.0f;
    return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

static float luminance(Color c)
{
    return 0.2126f * channel_linear(c.r) + 0.7152f * channel_linear(c.g) + 0.0722f * channel_linear(c.b);
}

float lesson_contrast(Color a, Color b)
{
    float la = luminance(a), lb = luminance(b);
    return (fmaxf(la, lb) + 0.05f) / (fminf(la, lb) + 0.05f);
}

static const Color HALO = { 0, 0, 0, 215 };

void lesson_halo_line(Canvas *c, Vec2 a, Vec2 b, float width, Color col)
{
    draw_line(c, a, b, width + 4.0f, HALO);
    draw_line(c, a, b, width, col);
}

void lesson_halo_dashed(Canvas *c, Vec2 a, Vec2 b, float width, float dash, Color col)
{
    draw_dashed_line(c, a, b, width + 4.0f, dash, HALO);
    draw_dashed_line(c, a, b, width, dash, col);
}

bool lesson_pair_collides(const App *app)
{
    const World *w = &app->world;
    for (int k = 0; k < w->pair_count; k++)
        if ((w->pairs[k].a == 0 && w->pairs[k].b == 1) || (w->pairs[k].a == 1 && w->pairs[k].b == 0)) return true;
    return false;
}

const char *lesson_tie_note(bool tie)
{
    return tie ? tr("lesson.tie") : "";
}

const char *lesson_verdict(bool hit)
{
    return tr(hit ? "lesson.collide" : "lesson.apart");
}

void lesson_label(Canvas *c, Vec2 at, float size, Color col, Align align, const char *text)
{
    if (text == NULL || text[0] == '\0') return;
    /* the box in output pixels: text keeps its size under the lesson zoom */
    const float fit = c->view.fit;
    float w = measure_hud_text(c, size, text) * fit, h = 1.25f * size * fit, pad = 5.0f * fit;
    if (!(w > 0.0f)) return;   /* no font: nothing to place */
    Vec2 s = view_to_screen(&c->view, at);
    float x = align == ALIGN_CENTER ? s.x - 0.5f * w : align == ALIGN_RIGHT ? s.x - w : s.x;
    float y = s.y - 0.5f * h;
    ScreenBox want = { x - pad, y - 0.5f * pad, x + w + pad, y + h + 0.5f * pad, 0.0f };
    ScreenBox got = canvas_place_label(c, want, s);
    Vec2 lo = view_to_canvas(&c->view, (Vec2){ got.x0, got.y0 }), hi = view_to_canvas(&c->view, (Vec2){ got.x1, got.y1 });
    Vec2 l0 = s, l1 = s;
    if (canvas_label_leader(c, s, got, &l0, &l1)) {
        /* moved away: a thin leader from where it belongs to its box */
        Vec2 p = view_to_canvas(&c->view, l0), q = view_to_canvas(&c->view, l1);
        draw_line(c, p, q, 3.5f, LESSON_SHADE);
        draw_line(c, p, q, 1.5f, lesson_alpha(col, 220));
        if (l0.x == s.x && l0.y == s.y) draw_dot(c, p, 2.5f, col);   /* not when it starts at a label */
    }
    draw_box(c, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, LESSON_SHADE);
    draw_text(c, view_to_canvas(&c->view, (Vec2){ got.x0 + pad, got.y0 + 0.5f * pad + 0.06f * h }), size, col,
              ALIGN_LEFT, text);
}

void lesson_keep_clear(Canvas *c, Vec2 p, float r)
{
    canvas_keep_out_disc(c, p, r);
}

/* The line through p along dir (a unit vector), clipped to the canvas:
 * false when it misses the canvas. */
static bool line_across_canvas(Vec2 p, Vec2 dir, Vec2 *a_out, Vec2 *b_out)
{
    const float far = 4.0f * (CANVAS_W + CANVAS_H);   /* past every corner */
    Vec2 a = { p.x - dir.x * far, p.y - dir.y * far }, b = { p.x + dir.x * far, p.y + dir.y * far };
    float t0 = 0.0f, t1 = 0.0f;
    if (!segment_clip(a, b, (Vec2){ 0.0f, 0.0f }, (Vec2){ CANVAS_W, CANVAS_H }, &t0, &t1)) return false;
    *a_out = (Vec2){ a.x + (b.x - a.x) * t0, a.y + (b.y - a.y) * t0 };
    *b_out = (Vec2){ a.x + (b.x - a.x) * t1, a.y + (b.y - a.y) * t1 };
    return true;
}

void lesson_line_across(Canvas *c, Vec2 p, Vec2 dir, float width, bool dashed, Color col)
{
    Vec2 a, b;
    if (!line_across_canvas(p, dir, &a, &b)) return;
    if (dashed) draw_dashed_line(c, a, b, width, 12.0f, col);
    else draw_line(c, a, b, width, col);
}

json_t *lesson_vec_json(Vec2 v)
{
    return json_pack("[f,f]", (double)v.x, (double)v.y);
}

/* ---- The separating axis picture ---------------------------------------- */

static Vec2 on_axis(Vec2 n, Vec2 p, float t, float k)
{
    /* the point whose projection on n is t, on the line dot(x, p) = k */
    return (Vec2){ n.x * t + p.x * k, n.y * t + p.y * k };
}

/* The HUD panels app.c reserved before the lesson draws (the keep-outs
 * without a radius), in canvas units and grown by a margin: the axes and
 * their shadows stay out from under them. */
#define SAT_PANELS 8
typedef struct Panels { int count; Vec2 lo[SAT_PANELS], hi[SAT_PANELS]; } Panels;

static Panels hud_panels(const Canvas *c, float margin)
{
    Panels pn = { 0, { { 0.0f, 0.0f } }, { { 0.0f, 0.0f } } };
    for (int i = 0; i < c->keep_out_count && pn.count < SAT_PANELS; i++) {
        ScreenBox b = c->keep_out[i];
        if (b.r > 0.0f) continue;   /* a disc: a point kept clear, not a panel */
        Vec2 lo = view_to_canvas(&c->view, (Vec2){ b.x0, b.y0 }), hi = view_to_canvas(&c->view, (Vec2){ b.x1, b.y1 });
        pn.lo[pn.count] = (Vec2){ fminf(lo.x, hi.x) - margin, fminf(lo.y, hi.y) - margin };
        pn.hi[pn.count] = (Vec2){ fmaxf(lo.x, hi.x) + margin, fmaxf(lo.y, hi.y) + margin };
        pn.count++;
    }
    return pn;
}

/* The part of segment a-b inside panel i as t0 < t1 along it. */
static bool panel_clip(const Panels *pn, int i, Vec2 a, Vec2 b, float *t0, float *t1)
{
    return segment_clip(a, b, pn->lo[i], pn->hi[i], t0, t1);
}

static bool panels_hold(const Panels *pn, Vec2 q)
{
    for (int i = 0; i < pn->count; i++)
        if (q.x >= pn->lo[i].x && q.x <= pn->hi[i].x && q.y >= pn->lo[i].y && q.y <= pn->hi[i].y) return true;
    return false;
}

/* Segment a-b split where panels cover it: the parts in the open, as
 * [t0, t1] pairs along it in order; returns how many. */
static int panel_free_parts(const Panels *pn, Vec2 a, Vec2 b, float t0[SAT_PANELS + 1], float t1[SAT_PANELS + 1])
{
    float c0[SAT_PANELS], c1[SAT_PANELS];
    int m = 0;
    for (int i = 0; i < pn->count; i++) {
        float u0 = 0.0f, u1 = 0.0f;
        if (!panel_clip(pn, i, a, b, &u0, &u1)) continue;
        int j = m++;   /* insertion sort on where the cover starts */
        while (j > 0 && c0[j - 1] > u0) { c0[j] = c0[j - 1]; c1[j] = c1[j - 1]; j--; }
        c0[j] = u0;
        c1[j] = u1;
    }
    int n = 0;
    float t = 0.0f;
    for (int i = 0; i < m; i++) {
        if (c0[i] > t) { t0[n] = t; t1[n] = c0[i]; n++; }
        t = fmaxf(t, c1[i]);
    }
    if (t < 1.0f) { t0[n] = t; t1[n] = 1.0f; n++; }
    return n;
}

/* A line of the picture, drawn only where no panel covers it; dash > 0
 * dashes it. */
static void panel_line(Canvas *c, const Panels *pn, Vec2 a, Vec2 b, float width, float dash, Color col)
{
    float t0[SAT_PANELS + 1], t1[SAT_PANELS + 1];
    int n = panel_free_parts(pn, a, b, t0, t1);
    const float dx = b.x - a.x, dy = b.y - a.y;
    for (int i = 0; i < n; i++) {
        Vec2 p = { a.x + dx * t0[i], a.y + dy * t0[i] }, q = { a.x + dx * t1[i], a.y + dy * t1[i] };
        if (dash > 0.0f) draw_dashed_line(c, p, q, width, dash, col);
        else draw_line(c, p, q, width, col);
    }
}

/* How far a point lies outside the part of the canvas the panels leave;
 * top is where the lesson's panel ends (lower with an axis in focus: its
 * HUD has a line more). */
static float outside_below(Vec2 q, float top)
{
    const float x0 = 40.0f, x1 = CANVAS_W - 40.0f, y1 = CANVAS_H - 80.0f;
    float dx = q.x < x0 ? x0 - q.x : q.x > x1 ? q.x - x1 : 0.0f;
    float dy = q.y < top ? top - q.y : q.y > y1 ? q.y - y1 : 0.0f;
    return dx + dy;
}

static float outside(Vec2 q) { return outside_below(q, 200.0f); }

/* Where axis i's line goes: beside both shapes (never across them), on the
 * side with room, each axis a little further out so they stay apart. The
 * axis in focus (alone at full strength) takes the best place for itself.
 * What a panel still covers is clipped when drawn (panel_line). */
static float axis_offset(const Shape *a, const Shape *b, const SatAxis *ax, int i, bool focused, float *side)
{
    Vec2 n = ax->axis, p = { -n.y, n.x };
    Interval pa = shape_project(a, p), pb = shape_project(b, p);
    float lo = fminf(pa.min, pb.min), hi = fmaxf(pa.max, pb.max);
    /* in focus: the whole line with its arrow, not only the shadows */
    const float ext = focused ? 44.0f : 0.0f;
    float tlo = fminf(ax->a.min, ax->b.min) - ext, thi = fmaxf(ax->a.max, ax->b.max) + ext;
    const float offs[3] = { 40.0f + 22.0f * (float)i, 40.0f + 10.0f * (float)i, 36.0f };
    /* further out moves a steep axis down, clear of the lesson's panel */
    const float offs_focus[6] = { 44.0f, 70.0f, 100.0f, 140.0f, 180.0f, 230.0f };
    const float top = focused ? 245.0f : 200.0f;
    float best = 0.0f, best_score = INFINITY;
    for (int o = 0; o < (focused ? 6 : 3); o++)
        for (int s = 0; s < 2; s++) {
            float off = focused ? offs_focus[o] : offs[o];
            float k = s == 0 ? hi + off : lo - off;
            /* ties go to alternate sides, so the axes spread around the pair */
            float score = outside_below(on_axis(n, p, tlo, k), top) + outside_below(on_axis(n, p, thi, k), top) +
                          0.01f * (float)o + (focused || s == i % 2 ? 0.0f : 0.5f);
            if (score < best_score) { best_score = score; best = k; *side = s == 0 ? 1.0f : -1.0f; }
        }
    return best;
}

float lesson_sat_push(const SatAxis *ax)
{
    /* b leaves a by moving past a's far end or past its near end: the
     * shorter way. Without containment this is the overlap itself. */
    return fminf(ax->a.max - ax->b.min, ax->b.max - ax->a.min);
}

static void sat_axis_text(const SatReport *r, int i, AxisNamer names, char *out, size_t n)
{
    const SatAxis *ax = &r->axes[i];
    char name[16] = "";
    names(NULL, ax, name, NULL);
    if (ax->overlap < 0.0f)
        snprintf(out, n, tr(i == r->separating ? "sat.axis_separates" : "sat.axis_gap"), name, (double)-ax->overlap);
    else
        snprintf(out, n, tr(r->hit && i == r->min_axis ? "sat.axis_least" : "sat.axis_overlap"), name,
                 (double)lesson_sat_push(ax));
}

int lesson_sat_focus(const SatPicture *p)
{
    return p->axis_focus >= 0 && p->axis_focus < p->r.count ? p->axis_focus : -1;
}

bool lesson_sat_on_key(App *app, void *state, const Binding *b)
{
    (void)app;
    SatPicture *p = state;
    if (!p->ok) return false;
    if (b->action != ACT_AXIS_NEXT && b->action != ACT_AXIS_PREV) return false;
    /* -1 (all axes), 0, 1, ..., count - 1, and round again */
    const int count = p->r.count;
    int f = p->axis_focus >= 0 && p->axis_focus < count ? p->axis_focus : -1;
    f += b->action == ACT_AXIS_NEXT ? 1 : -1;
    if (f >= count) f = -1;
    if (f < -1) f = count - 1;
    p->axis_focus = f;
    return true;
}

void lesson_sat_prepare(const App *app, void *state)
{
    SatPicture *p = state;
    const Shape *a = NULL, *b = NULL;
    p->ok = lesson_pair(app, &a, &b) && p->fits(a, b) && sat_report(a, b, &p->r);
    if (p->ok) {
        p->a = *a;
        p->b = *b;
    }
}

/* The shape's points that cast the ends of its shadow on n: every vertex
 * within half a pixel of the least (ends 0) or greatest projection. */
static int shadow_casters(const Shape *s, Vec2 n, int end, Vec2 out[POLY_MAX_VERTS])
{
    Vec2 v[POLY_MAX_VERTS];
    int count = 0;
    if (s->kind == SHAPE_RECT) { rect_corners(s->rect, v); count = 4; }
    else if (s->kind == SHAPE_POLY) { count = s->poly.count; for (int i = 0; i < count; i++) v[i] = s->poly.verts[i]; }
    else {
        float sg = end == 0 ? -1.0f : 1.0f;
        out[0] = (Vec2){ s->circle.center.x + sg * n.x * s->circle.radius, s->circle.center.y + sg * n.y * s->circle.radius };
        return 1;
    }
    float best = end == 0 ? INFINITY : -INFINITY;
    for (int i = 0; i < count; i++) {
        float t = v[i].x * n.x + v[i].y * n.y;
        best = end == 0 ? fminf(best, t) : fmaxf(best, t);
    }
    int m = 0;
    for (int i = 0; i < count; i++)
        if (fabsf(v[i].x * n.x + v[i].y * n.y - best) < 0.5f) out[m++] = v[i];
    return m;
}

/* The shadow of s on the axis line (n, k): a faint band from the shape to
 * its interval, the projectors from the casting vertices, and dots on them. */
static void draw_projectors(Canvas *c, const Panels *pn, const Shape *s, Vec2 n, Vec2 p, Interval iv, float k,
                            Color col)
{
    Vec2 lo[POLY_MAX_VERTS], hi[POLY_MAX_VERTS];
    int nlo = shadow_casters(s, n, 0, lo), nhi = shadow_casters(s, n, 1, hi);
    if (nlo == 0 || nhi == 0) return;
    Vec2 e0 = on_axis(n, p, iv.min, k), e1 = on_axis(n, p, iv.max, k);
    const Vec2 band[4] = { lo[0], hi[0], e1, e0 };
    draw_poly_fill(c, band, 4, lesson_alpha(col, 34));
    for (int i = 0; i < nlo; i++) {
        panel_line(c, pn, lo[i], e0, 1.5f, 0.0f, lesson_alpha(col, 190));
        draw_dot(c, lo[i], 5.0f, col);
    }
    for (int i = 0; i < nhi; i++) {
        panel_line(c, pn, hi[i], e1, 1.5f, 0.0f, lesson_alpha(col, 190));
        draw_dot(c, hi[i], 5.0f, col);
    }
}

void lesson_sat_draw_over(const App *app, const void *state, Canvas *c)
{
    const SatPicture *sp = state;
    if (!sp->ok) return;
    const Shape *a = &sp->a, *b = &sp->b;
    const SatReport *r = &sp->r;
    const AxisNamer names = sp->names;
    const Color col_a = app_color_accent(app), col_b = LESSON_INK;
    const Color gap = app_color_gap(app), hit = app_color_hit(app);
    /* the axis that decided, and the one [ ] stepped to (-1: all alike) */
    const int decides = r->hit ? r->min_axis : r->separating;
    const int focus = lesson_sat_focus(sp);
    /* the panels app.c will draw over the picture: no axis runs under one */
    const Panels pn = hud_panels(c, 6.0f);
    /* the labels wait until every line is drawn, so no line crosses one */
    struct { Vec2 at; float size; Color col; Align al; char text[96]; } labels[SAT_MAX_AXES + 1];
    int nl = 0;
    /* the focused axis last, so the faded ones stay under it */
    for (int j = 0; j < r->count; j++) {
        int i = focus < 0 ? j : (j + focus + 1) % r->count;
        const SatAxis *ax = &r->axes[i];
        const bool faded = focus >= 0 && i != focus, bold = i == focus;
        const Uint8 fa = faded ? 60 : 255;   /* the faded axes' alpha */
        Vec2 n = ax->axis, p = { -n.y, n.x };
        float side = 1.0f;
        float k = axis_offset(a, b, ax, i, bold, &side);
        bool has_gap = ax->overlap < 0.0f;
        float tlo = fminf(ax->a.min, ax->b.min), thi = fmaxf(ax->a.max, ax->b.max);
        /* the shadows: a on the shapes' side of the line, b on the far side */
        float sa = (bold ? -8.0f : -6.0f) * side, sb = -sa;
        if (bold) {
            draw_projectors(c, &pn, a, n, p, ax->a, k + sa, col_a);
            draw_projectors(c, &pn, b, n, p, ax->b, k + sb, col_b);
        }
        /* the axis, a little longer than both shadows, its arrow showing
         * the direction: dashed where it shows a gap, solid where they overlap */
        Color axc = lesson_alpha(has_gap ? gap : LESSON_INK_DIM, faded ? 70 : bold ? 255 : 220);
        float aw = bold ? 4.0f : faded ? 1.5f : i == decides && focus < 0 ? 3.0f : 2.0f;
        Vec2 l0 = on_axis(n, p, tlo - 40.0f, k), l1 = on_axis(n, p, thi + 40.0f, k);
        panel_line(c, &pn, l0, l1, aw, has_gap ? 10.0f : 0.0f, axc);
        Vec2 tail = on_axis(n, p, thi + 30.0f, k), tip = on_axis(n, p, thi + 48.0f, k);
        if (!panels_hold(&pn, tail) && !panels_hold(&pn, tip)) draw_arrow(c, tail, tip, bold ? 3.0f : 2.0f, axc);
        float sw = bold ? 10.0f : faded ? 4.0f : 7.0f;
        panel_line(c, &pn, on_axis(n, p, ax->a.min, k + sa), on_axis(n, p, ax->a.max, k + sa), sw, 0.0f,
                   lesson_alpha(col_a, fa));
        panel_line(c, &pn, on_axis(n, p, ax->b.min, k + sb), on_axis(n, p, ax->b.max, k + sb), sw, 0.0f,
                   lesson_alpha(col_b, fa));
        /* the overlap in the hit colour, or the gap in the gap colour */
        float o0 = fmaxf(ax->a.min, ax->b.min), o1 = fminf(ax->a.max, ax->b.max);
        float tick = bold ? 16.0f : 12.0f;
        if (has_gap) {
            panel_line(c, &pn, on_axis(n, p, o1, k), on_axis(n, p, o0, k), bold ? 6.0f : 5.0f, 0.0f, lesson_alpha(gap, fa));
            panel_line(c, &pn, on_axis(n, p, o1, k - tick), on_axis(n, p, o1, k + tick), 2.5f, 0.0f, lesson_alpha(gap, fa));
            panel_line(c, &pn, on_axis(n, p, o0, k - tick), on_axis(n, p, o0, k + tick), 2.5f, 0.0f, lesson_alpha(gap, fa));
        } else {
            /* in focus, with ticks at its ends like the gap's */
            panel_line(c, &pn, on_axis(n, p, o0, k), on_axis(n, p, o1, k), bold ? 6.0f : 4.0f, 0.0f, lesson_alpha(hit, fa));
            if (bold) {
                panel_line(c, &pn, on_axis(n, p, o0, k - tick), on_axis(n, p, o0, k + tick), 2.5f, 0.0f, hit);
                panel_line(c, &pn, on_axis(n, p, o1, k - tick), on_axis(n, p, o1, k + tick), 2.5f, 0.0f, hit);
            }
        }
        if (i == decides && focus < 0) {
            /* where each shadow ends: the lines perpendicular to the axis
             * that just touch each shape */
            Interval pa = shape_project(a, p), pb = shape_project(b, p);
            float far_k = side > 0.0f ? fminf(pa.min, pb.min) : fmaxf(pa.max, pb.max);
            const float ends[4] = { ax->a.min, ax->a.max, ax->b.min, ax->b.max };
            for (int e = 0; e < 4; e++)
                panel_line(c, &pn, on_axis(n, p, ends[e], k), on_axis(n, p, ends[e], far_k), 1.5f, 8.0f,
                           lesson_alpha(e < 2 ? col_a : col_b, 150));
        }
        if (faded) continue;   /* only the axis in focus is named */
        /* the label past the end of the shadows that has room */
        char axis_text[96];
        sat_axis_text(r, i, names, axis_text, sizeof axis_text);
        Vec2 end_hi = on_axis(n, p, thi + 58.0f, k), end_lo = on_axis(n, p, tlo - 50.0f, k);
        bool use_hi = outside(end_hi) <= outside(end_lo);
        Vec2 at = use_hi ? end_hi : end_lo;
        float dx = use_hi ? n.x : -n.x, dy = use_hi ? n.y : -n.y;
        Align al = dx > 0.35f ? ALIGN_LEFT : dx < -0.35f ? ALIGN_RIGHT : ALIGN_CENTER;
        if (al == ALIGN_CENTER) at.y += dy > 0.0f ? 12.0f : -12.0f;
        Color lc = has_gap ? gap : (i == decides ? hit : LESSON_INK);
        if (nl < SAT_MAX_AXES) {
            labels[nl].at = at;
            labels[nl].size = bold ? LESSON_LABEL : LESSON_SMALL;
            labels[nl].col = lc;
            labels[nl].al = al;
            memcpy(labels[nl].text, axis_text, sizeof axis_text);
            /* the axis that decided is named first: it keeps its place */
            if (i == decides && nl > 0) {
                labels[SAT_MAX_AXES] = labels[0];
                labels[0] = labels[nl];
                labels[nl] = labels[SAT_MAX_AXES];
            }
            nl++;
        }
    }

    /* the verdict's picture, then every label: the shapes' names, the
     * verdict's, the axes' */
    char text[96];
    Vec2 verdict_at = { 0.0f, 0.0f };
    Align verdict_al = ALIGN_CENTER;
    Color verdict_col = LESSON_INK;
    float verdict_size = LESSON_LABEL;
    text[0] = '\0';
    if (!r->hit && r->separating >= 0) {
        /* the separating line: perpendicular to the axis, mid-gap */
        const SatAxis *ax = &r->axes[r->separating];
        Vec2 n = ax->axis, p = { -n.y, n.x };
        float g0 = fminf(ax->a.max, ax->b.max), g1 = fmaxf(ax->a.min, ax->b.min);
        float tg = 0.5f * (g0 + g1);
        Interval pa = shape_project(a, p), pb = shape_project(b, p);
        float mid = 0.25f * (pa.min + pa.max + pb.min + pb.max);
        Vec2 m = on_axis(n, p, tg, mid);
        Vec2 la, lb;   /* across the canvas, but not under the HUD panels */
        if (line_across_canvas(m, p, &la, &lb)) panel_line(c, &pn, la, lb, 3.5f, 12.0f, gap);
        char name[16] = "";
        names(NULL, ax, name, NULL);
        snprintf(text, sizeof text, tr("sat.separating_line"), name);
        /* the label past the shapes, at whichever end of the line has room */
        float half = 0.5f * (fmaxf(pa.max, pb.max) - fminf(pa.min, pb.min)) + 30.0f;
        Vec2 e0 = on_axis(n, p, tg, mid + half), e1 = on_axis(n, p, tg, mid - half);
        verdict_at = outside(e0) <= outside(e1) ? e0 : e1;
        verdict_size = LESSON_SMALL;
        verdict_col = gap;
    } else if (r->hit) {
        /* the minimum translation: move b this far along the normal */
        Vec2 from = shape_center(b), nn = r->contact.normal;
        float len = fmaxf(r->contact.depth, 40.0f);
        Vec2 to = { from.x + nn.x * len, from.y + nn.y * len };
        draw_arrow(c, from, to, 8.0f, LESSON_SHADE);
        draw_arrow(c, from, to, 4.5f, LESSON_INK);
        snprintf(text, sizeof text, tr("sat.mtv"), (double)r->contact.depth);
        verdict_at = (Vec2){ to.x + nn.x * 16.0f, to.y + nn.y * 16.0f };
        verdict_al = nn.x > 0.35f ? ALIGN_LEFT : nn.x < -0.35f ? ALIGN_RIGHT : ALIGN_CENTER;
    }
    if (sp->shape_names != NULL) sp->shape_names(app, c, sp);
    lesson_label(c, verdict_at, verdict_size, verdict_col, verdict_al, text);
    for (int i = 0; i < nl; i++) lesson_label(c, labels[i].at, labels[i].size, labels[i].col, labels[i].al, labels[i].text);
}

int lesson_sat_hud(const App *app, const void *state, char lines[][160], int max)
{
    (void)app;
    const SatPicture *sp = state;
    if (!sp->ok) return 0;
    const Shape *a = &sp->a, *b = &sp->b;
    const SatReport *r = &sp->r;
    const AxisNamer names = sp->names;
    int n = 0, gaps = 0;
    for (int i = 0; i < r->count; i++) gaps += r->axes[i].overlap < 0.0f;
    const int focus = lesson_sat_focus(sp);
    char name[16] = "", edge[64] = "";
    if (focus >= 0 && n < max) {
        /* the axis in focus: where it comes from, both shadows, the verdict */
        const SatAxis *ax = &r->axes[focus];
        char result[64];
        names(ax->source == SAT_FROM_B ? b : a, ax, name, edge);
        if (ax->overlap < 0.0f) snprintf(result, sizeof result, tr("sat.gap"), (double)-ax->overlap);
        else snprintf(result, sizeof result, tr("sat.overlap"), (double)lesson_sat_push(ax));
        snprintf(lines[n], 160, tr("sat.focus"), focus + 1, r->count, name, edge);
        n++;
        if (n < max) {
            /* the shapes as the lesson names them: "A" and "B", "ABCD" and "EFG" */
            char ka[48], kb[48];
            snprintf(ka, sizeof ka, "%s.shape_a", lesson_get(app->lesson)->key);
            snprintf(kb, sizeof kb, "%s.shape_b", lesson_get(app->lesson)->key);
            snprintf(lines[n], 160, tr("sat.focus_shadows"), tr(ka), (double)ax->a.min, (double)ax->a.max, tr(kb),
                     (double)ax->b.min, (double)ax->b.max, result);
            n++;
        }
    } else if (n < max) {
        char count[120];
        snprintf(count, sizeof count, tr("sat.count"), r->count, r->count - gaps, gaps);
        snprintf(lines[n], 160, "%s   %s", count, tr("sat.keys"));
        n++;
    }
    if (!r->hit && r->separating >= 0) {
        names(NULL, &r->axes[r->separating], name, NULL);
        if (n < max) {
            snprintf(lines[n], 160, tr("sat.verdict_gap"), name, (double)-r->axes[r->separating].overlap,
                     lesson_verdict(false));
            n++;
        }
    } else if (r->hit && r->min_axis >= 0) {
        names(NULL, &r->axes[r->min_axis], name, NULL);
        if (n < max) {
            snprintf(lines[n], 160, tr("sat.verdict_hit"), lesson_verdict(true), name, (double)r->contact.depth);
            n++;
        }
    }
    return n;
}

void lesson_sat_report(const App *app, const void *state, json_t *out)
{
    (void)app;
    const SatPicture *sp = state;
    if (!sp->ok) return;
    const SatReport *r = &sp->r;
    static const char *const SRC[3] = { "a", "b", "circle" };
    json_t *axes = json_array();
    for (int i = 0; i < r->count; i++) {
        const SatAxis *ax = &r->axes[i];
        int s = (int)ax->source;
        json_array_append_new(axes, json_pack("{s:o, s:[f,f], s:[f,f], s:f, s:s, s:i}",
                                              "axis", lesson_vec_json(ax->axis),
                                              "a", (double)ax->a.min, (double)ax->a.max,
                                              "b", (double)ax->b.min, (double)ax->b.max,
                                              "overlap", (double)ax->overlap,
                                              "source", s >= 0 && s < 3 ? SRC[s] : "a", "edge", ax->edge));
    }
    json_t *sat = json_object();
    json_object_set_new(sat, "axes", axes);
    json_object_set_new(sat, "separating", json_integer(r->separating));
    int sep = r->separating;
    json_object_set_new(sat, "separating_from",
                        sep >= 0 && sep < r->count ? json_string(SRC[(int)r->axes[sep].source % 3]) : json_null());
    json_object_set_new(sat, "min_axis", json_integer(r->min_axis));
    json_object_set_new(sat, "hit", json_boolean(r->hit));
    json_object_set_new(sat, "focus", json_integer(lesson_sat_focus(sp)));
    if (r->hit)
        json_object_set_new(sat, "mtv", json_pack("{s:o, s:f}", "normal", lesson_vec_json(r->contact.normal), "depth",
                                                  (double)r->contact.depth));
    else
        json_object_set_new(sat, "mtv", json_null());
    json_object_set_new(out, "sat", sat);
}


bool lesson_sat_explain(const App *app, const void *state, Explanation *out)
{
    (void)app;
    const SatPicture *p = state;
    if (!p->ok) return false;
    const SatReport *r = &p->r;
    *out = (Explanation){ 0, 1, r->hit, "" };
    if (!r->hit && r->separating >= 0 && r->separating < r->count)
        snprintf(out->criterion, sizeof out->criterion, "separating axis: axis %d of %d has a gap of %.1f",
                 r->separating + 1, r->count, (double)-r->axes[r->separating].overlap);
    else if (r->hit && r->min_axis >= 0 && r->min_axis < r->count)
        snprintf(out->criterion, sizeof out->criterion, "no separating axis: all %d overlap, least %.1f on axis %d",
                 r->count, (double)r->contact.depth, r->min_axis + 1);
    else
        snprintf(out->criterion, sizeof out->criterion, "%s", r->hit ? "no separating axis" : "separating axis");
    return true;
}
