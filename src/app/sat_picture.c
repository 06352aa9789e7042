/*
 * sat_picture.c - the separating axis picture of lessons 6 and 7, drawn
 * from the SatReport the collision module's recorder fills (sat_report):
 * one number line per axis, the walk through the axes in test order, the
 * separating line or the MTV (sat_picture.h).
 */
#include "sat_picture.h"
#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The point t along dir on the line k across it (perp = (-dir.y, dir.x)). */
static Vec2 on_line(Vec2 dir, float t, float k)
{
    return (Vec2){ dir.x * t - dir.y * k, dir.y * t + dir.x * k };
}

/* The HUD panels app.c reserved before the lesson draws (the keep-outs
 * without a radius), in canvas units and grown by a margin: the number
 * lines stay out from under them. */
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

static bool panels_hold(const Panels *pn, Vec2 q)
{
    for (int i = 0; i < pn->count; i++)
        if (q.x >= pn->lo[i].x && q.x <= pn->hi[i].x && q.y >= pn->lo[i].y && q.y <= pn->hi[i].y) return true;
    return false;
}

/* The visible part of the canvas (the view may be zoomed or panned), less
 * a margin. */
static void visible_box(const Canvas *c, float margin, Vec2 *lo, Vec2 *hi)
{
    Vec2 a = view_to_canvas(&c->view, (Vec2){ 0.0f, 0.0f });
    Vec2 b = view_to_canvas(&c->view, (Vec2){ (float)c->view.out_w, (float)c->view.out_h });
    lo->x = fmaxf(fminf(a.x, b.x), 0.0f) + margin;
    lo->y = fmaxf(fminf(a.y, b.y), 0.0f) + margin;
    hi->x = fminf(fmaxf(a.x, b.x), CANVAS_W) - margin;
    hi->y = fminf(fmaxf(a.y, b.y), CANVAS_H) - margin;
}

/* A line of the picture, drawn only where no panel covers it and inside
 * the canvas; dash > 0 dashes it. */
static void panel_line(Canvas *c, const Panels *pn, Vec2 a, Vec2 b, float width, float dash, Color col)
{
    float u0 = 0.0f, u1 = 0.0f;
    if (!segment_clip(a, b, (Vec2){ 0.0f, 0.0f }, (Vec2){ CANVAS_W, CANVAS_H }, &u0, &u1)) return;
    const float dx = b.x - a.x, dy = b.y - a.y;
    Vec2 a2 = { a.x + dx * u0, a.y + dy * u0 }, b2 = { a.x + dx * u1, a.y + dy * u1 };
    a = a2;
    b = b2;
    /* the covered stretches, sorted by where they start */
    float c0[SAT_PANELS], c1[SAT_PANELS];
    int m = 0;
    for (int i = 0; i < pn->count; i++) {
        float t0 = 0.0f, t1 = 0.0f;
        if (!segment_clip(a, b, pn->lo[i], pn->hi[i], &t0, &t1)) continue;
        int j = m++;
        while (j > 0 && c0[j - 1] > t0) { c0[j] = c0[j - 1]; c1[j] = c1[j - 1]; j--; }
        c0[j] = t0;
        c1[j] = t1;
    }
    const float ex = b.x - a.x, ey = b.y - a.y;
    float t = 0.0f;
    for (int i = 0; i <= m; i++) {
        float end = i < m ? c0[i] : 1.0f;
        if (end > t) {
            Vec2 p = { a.x + ex * t, a.y + ey * t }, q = { a.x + ex * end, a.y + ey * end };
            if (dash > 0.0f) draw_dashed_line(c, p, q, width, dash, col);
            else draw_line(c, p, q, width, col);
        }
        if (i < m) t = fmaxf(t, c1[i]);
    }
}

float lesson_sat_push(const SatAxis *ax)
{
    /* b leaves a by moving past a's far end or past its near end: the
     * shorter way. Without containment this is the overlap itself. */
    return fminf(ax->a.max - ax->b.min, ax->b.max - ax->a.min);
}

/* The amounts the picture prints: a push (the least is the MTV's depth)
 * as the recorder has it, to one decimal as the MTV beside B's arrow, the
 * HUD's pair line and the explanation print the depth (one precision per
 * quantity on one screen); the ends of the shadows and the overlap or gap
 * between them in whole pixels (they add up on the number line). */
static float axis_common(const SatAxis *ax)   /* the part both shadows cover */
{
    return fmaxf(fminf(ax->a.max, ax->b.max) - fmaxf(ax->a.min, ax->b.min), 0.0f);
}

static float axis_gap(const SatAxis *ax)
{
    return fmaxf(-ax->overlap, 0.0f);
}

/* One shadow holds the other: B must move past the nearer end, further
 * than the overlap (0.05: more than the one decimal printed). */
static bool axis_contains(const SatAxis *ax)
{
    return ax->overlap >= 0.0f && lesson_sat_push(ax) - axis_common(ax) >= 0.05f;
}

/* The push on axis i as printed: the least one (the MTV's depth) to one
 * decimal, as the MTV and the HUD's depth are; the others in whole px, as
 * the shadows' ends. */
static void push_text_as(const SatPicture *sp, int i, bool whole, char out[24])
{
    /* (shapes that only touch: "0", never "0.0") */
    if (!whole && sp->r.hit && i == sp->r.min_axis && !lesson_touching(sp->r.contact.depth))
        snprintf(out, 24, "%.1f", (double)lesson_sat_push(&sp->r.axes[i]));
    else snprintf(out, 24, "%d", sp->shown[i].push);
}

static void push_text(const SatPicture *sp, int i, char out[24])
{
    push_text_as(sp, i, false, out);
}

/* A number of axis i's picture: in tenths on the least axis (as its push
 * is printed), else whole; whole: the faint labels' whole numbers. */
static void shown_num(const SatShown *s, bool whole, int v, int tenth, char out[16])
{
    if (s->tenths && !whole) snprintf(out, 16, "%.1f", (double)tenth / 10.0);
    else snprintf(out, 16, "%d", v);
}

/* The least axis's ends and overlap in tenths: each end rounded, then the
 * end that sets the push moved (by at most a tenth) so that the ends give
 * the push as printed ("%.1f"), the overlap from those ends. */
static void shown_tenths(SatShown *s, const SatAxis *ax, float a0, float a1, float b0, float b1)
{
    char txt[24];
    snprintf(txt, sizeof txt, "%.1f", (double)lesson_sat_push(ax));
    const int push = (int)lround(strtod(txt, NULL) * 10.0);
    s->t_a0 = (int)lroundf(10.0f * (a0 - s->zero));
    s->t_a1 = (int)lroundf(10.0f * (a1 - s->zero));
    s->t_b0 = (int)lroundf(10.0f * (b0 - s->zero));
    s->t_b1 = (int)lroundf(10.0f * (b1 - s->zero));
    if (a1 - b0 <= b1 - a0) s->t_b0 = s->t_a1 - push;   /* B leaves past A's upper end */
    else s->t_a0 = s->t_b1 - push;                      /* past A's lower end */
    const int lo = s->t_a0 > s->t_b0 ? s->t_a0 : s->t_b0, hi = s->t_a1 < s->t_b1 ? s->t_a1 : s->t_b1;
    s->t_amount = hi > lo ? hi - lo : 0;
    s->tenths = true;
}

/* A gap too narrow to print as a number ("gap 0.0"): "under 1 px". */
static bool axis_gap_small(const SatPicture *sp, int i)
{
    return sp->shown[i].gap && (sp->shown[i].amount == 0 || axis_gap(&sp->r.axes[i]) < 0.05f);
}

int lesson_sat_least_ties(const SatPicture *sp, int *out, int max)
{
    const SatReport *r = &sp->r;
    /* shapes that only touch touch on every axis where their shadows meet:
     * the HUD names the one the test kept ("only touch on B2") */
    if (!sp->ok || !r->hit || r->min_axis < 0 || r->min_axis >= r->count || lesson_touching(r->contact.depth)) return 0;
    char ref[32], v[32];
    snprintf(ref, sizeof ref, "%.1f", (double)lesson_sat_push(&r->axes[r->min_axis]));
    int n = 0;
    for (int i = 0; i < r->count && n < max; i++) {
        if (i == r->min_axis || r->axes[i].overlap < 0.0f) continue;
        snprintf(v, sizeof v, "%.1f", (double)lesson_sat_push(&r->axes[i]));
        if (strcmp(v, ref) == 0) out[n++] = i;
    }
    return n;
}

/* The names of the axes tied with the least ("AB", "A1, B1"), "" when none. */
static void tie_names(const SatPicture *sp, char *out, size_t n)
{
    int tied[SAT_MAX_AXES];
    const int k = lesson_sat_least_ties(sp, tied, SAT_MAX_AXES);
    out[0] = '\0';
    for (int j = 0; j < k; j++) {
        char name[16] = "";
        sp->names(NULL, &sp->r.axes[tied[j]], name, NULL);
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", j > 0 ? ", " : "", name);
    }
}

int lesson_sat_last_step(const SatPicture *p)
{
    return p->r.separating >= 0 && p->r.separating < p->r.count ? p->r.separating : p->r.count;
}

int lesson_sat_focus(const SatPicture *p)
{
    if (!p->ok || p->all) return -1;
    return p->step >= 0 && p->step < p->r.count ? p->step : -1;
}

void lesson_sat_start(SatPicture *p, bool (*fits)(const Shape *a, const Shape *b), AxisNamer names,
                      ShapeNamer shape_names)
{
    p->fits = fits;
    p->names = names;
    p->shape_names = shape_names;
    p->all = false;
    p->step = 0;
    p->ticks = 0;
}

/* The numbers shown on axis i: the recorder's ends on the number line's
 * direction, from A's centre, rounded alike. */
static SatShown shown_axis(const Shape *a, const SatAxis *ax, bool least)
{
    SatShown s;
    s.tenths = false;
    s.t_a0 = s.t_a1 = s.t_b0 = s.t_b1 = s.t_amount = 0;
    Vec2 n = ax->axis;
    /* read left to right; a nearly vertical axis reads upwards */
    const bool flip = fabsf(n.x) >= 0.2f ? n.x < 0.0f : n.y > 0.0f;
    const float sg = flip ? -1.0f : 1.0f;
    s.dir = (Vec2){ sg * n.x, sg * n.y };
    Vec2 ca = shape_center(a);
    s.zero = s.dir.x * ca.x + s.dir.y * ca.y;
    /* the recorder's ends on +axis; on -axis they swap and change sign */
    float a0 = flip ? -ax->a.max : ax->a.min, a1 = flip ? -ax->a.min : ax->a.max;
    float b0 = flip ? -ax->b.max : ax->b.min, b1 = flip ? -ax->b.min : ax->b.max;
    s.a0 = (int)lroundf(a0 - s.zero);
    s.a1 = (int)lroundf(a1 - s.zero);
    s.b0 = (int)lroundf(b0 - s.zero);
    s.b1 = (int)lroundf(b1 - s.zero);
    s.gap = ax->overlap < 0.0f;
    if (s.gap) {
        int g = s.b0 - s.a1 > s.a0 - s.b1 ? s.b0 - s.a1 : s.a0 - s.b1;
        s.amount = g > 0 ? g : 0;
        s.push = 0;
    } else {
        int u = s.a1 - s.b0, d = s.b1 - s.a0;
        s.push = u < d ? u : d;
        if (s.push < 0) s.push = 0;
        /* the common part of the two shadows, as drawn */
        int lo = s.a0 > s.b0 ? s.a0 : s.b0, hi = s.a1 < s.b1 ? s.a1 : s.b1;
        s.amount = hi > lo ? hi - lo : 0;
        if (least) shown_tenths(&s, ax, a0, a1, b0, b1);
    }
    return s;
}

void lesson_sat_prepare(const App *app, void *state)
{
    SatPicture *p = state;
    const Shape *a = NULL, *b = NULL;
    p->ok = lesson_pair(app, &a, &b) && p->fits(a, b) && sat_report(a, b, &p->r);
    if (!p->ok) return;
    p->a = *a;
    p->b = *b;
    for (int i = 0; i < p->r.count; i++)
        p->shown[i] = shown_axis(a, &p->r.axes[i],
                                 p->r.hit && i == p->r.min_axis && !lesson_touching(p->r.contact.depth));
    /* the shapes moved: the walk goes no further than the test does */
    const int last = lesson_sat_last_step(p);
    if (p->step > last) { p->step = last; p->ticks = 0; }
    if (p->step < 0) p->step = 0;
}

void lesson_sat_update(App *app, void *state, float dt)
{
    (void)app;
    (void)dt;
    SatPicture *p = state;
    if (!p->ok || p->all) return;
    if (p->step >= lesson_sat_last_step(p)) { p->ticks = 0; return; }
    if (++p->ticks >= SAT_STEP_TICKS) {
        p->step++;
        p->ticks = 0;
    }
}

bool lesson_sat_on_key(App *app, void *state, const Binding *b)
{
    (void)app;
    SatPicture *p = state;
    if (!p->ok) return false;
    const int last = lesson_sat_last_step(p);
    switch (b->action) {
    case ACT_AXIS_ALL:
        p->all = !p->all;
        break;
    case ACT_AXIS_NEXT:
        /* from the all-axes view: the walk from its start */
        if (p->all) { p->all = false; p->step = 0; }
        else p->step = p->step >= last ? 0 : p->step + 1;
        break;
    case ACT_AXIS_PREV:
        if (p->all) { p->all = false; p->step = last; }
        else p->step = p->step <= 0 ? last : p->step - 1;
        break;
    default:
        return false;
    }
    p->ticks = 0;
    return true;
}

/* ---- Where a number line goes ------------------------------------------- */

/* A rectangle's corners or a polygon's vertices into v; 0 for a circle. */
static int shape_verts(const Shape *s, Vec2 v[POLY_MAX_VERTS])
{
    if (s->kind == SHAPE_RECT) { rect_corners(s->rect, v); return 4; }
    if (s->kind != SHAPE_POLY) return 0;
    for (int i = 0; i < s->poly.count; i++) v[i] = s->poly.verts[i];
    return s->poly.count;
}

/* Whether q is on the visible canvas [lo, hi] and under no panel. */
static bool in_view(const Panels *pn, Vec2 lo, Vec2 hi, Vec2 q)
{
    return q.x >= lo.x && q.x <= hi.x && q.y >= lo.y && q.y <= hi.y && !panels_hold(pn, q);
}

/* True when q lies inside shape s grown by margin (rects and polygons). */
static bool shape_holds(const Shape *s, Vec2 q, float margin)
{
    Vec2 v[POLY_MAX_VERTS];
    const int n = shape_verts(s, v);
    if (n == 0) {
        float dx = q.x - s->circle.center.x, dy = q.y - s->circle.center.y, r = s->circle.radius + margin;
        return dx * dx + dy * dy <= r * r;
    }
    Vec2 m = shape_center(s);
    for (int i = 0; i < n; i++) {
        Vec2 e0 = v[i], e1 = v[(i + 1) % n];
        Vec2 nn = { e1.y - e0.y, -(e1.x - e0.x) };
        float len = sqrtf(nn.x * nn.x + nn.y * nn.y);
        if (len < 1e-6f) continue;
        nn.x /= len;
        nn.y /= len;
        if ((m.x - e0.x) * nn.x + (m.y - e0.y) * nn.y > 0.0f) { nn.x = -nn.x; nn.y = -nn.y; }   /* outward */
        if ((q.x - e0.x) * nn.x + (q.y - e0.y) * nn.y > margin) return false;
    }
    return true;
}

/* The stretch along dir that axis i's line covers: both shadows, the 0
 * mark, room for the arrow and the end numbers. */
static void line_span(const SatShown *s, float scale, float *t0, float *t1)
{
    float lo = (float)(s->a0 < s->b0 ? s->a0 : s->b0), hi = (float)(s->a1 > s->b1 ? s->a1 : s->b1);
    lo = fminf(lo, 0.0f);
    hi = fmaxf(hi, 0.0f);
    *t0 = s->zero + scale * lo - 40.0f;
    *t1 = s->zero + scale * hi + 56.0f;
}

/* Whether a point of the shadows [c0, c1] on line k (their bars 12 px
 * either side) is off the visible canvas or under a panel. */
static bool shadows_hidden(const Panels *pn, Vec2 vlo, Vec2 vhi, Vec2 dir, float c0, float c1, float k)
{
    const int N = 20;
    for (int j = 0; j <= N; j++)
        for (int b = -1; b <= 1; b++) {
            Vec2 q = on_line(dir, c0 + (c1 - c0) * (float)j / (float)N, k + 12.0f * (float)b);
            if (q.x < vlo.x || q.x > vhi.x || q.y < vlo.y || q.y > vhi.y || panels_hold(pn, q)) return true;
        }
    return false;
}

/* How badly the line k sits, its shadows spanning [c0, c1] along dir and
 * the whole line (arrow, end numbers) [t0, t1]: points of the shadows off
 * the visible canvas or under a panel cost 4, other points of the line and
 * of the bands its labels take on either side 1; a point on a shape 0.35,
 * near a line placed before it 0.3, on one crossing it 0.1. */
static float line_cost(const SatPicture *p, const Panels *pn, Vec2 vlo, Vec2 vhi, Vec2 dir, float c0, float c1,
                       float t0, float t1, float k, const SatLine *before, const Vec2 *before_dir, int nbefore)
{
    const int N = 20;
    float cost = 0.0f;
    int count = 0;
    for (int j = 0; j <= N + 2; j++) {
        /* the line's points, then the shadows' two ends themselves */
        float t = j <= N ? t0 + (t1 - t0) * (float)j / (float)N : j == N + 1 ? c0 : c1;
        const bool core = t >= c0 - 1.0f && t <= c1 + 1.0f;
        for (int b = -1; b <= 1; b++) {
            /* the shadows' bars: 10 px either side; the labels: 30 */
            Vec2 q = on_line(dir, t, k + (core ? 12.0f : 30.0f) * (float)b);
            count++;
            if (q.x < vlo.x || q.x > vhi.x || q.y < vlo.y || q.y > vhi.y || panels_hold(pn, q)) {
                cost += core ? 4.0f : 1.0f;
                continue;
            }
            if (shape_holds(&p->a, q, 8.0f) || shape_holds(&p->b, q, 8.0f)) cost += 0.35f;
            for (int m = 0; m < nbefore; m++) {
                Vec2 d = before_dir[m];
                float dk = -d.y * q.x + d.x * q.y - before[m].k, dt = d.x * q.x + d.y * q.y;
                if (dt < before[m].t0 || dt > before[m].t1) continue;
                if (fabsf(dk) < 36.0f) { cost += fabsf(d.x * dir.x + d.y * dir.y) > 0.9f ? 0.3f : 0.1f; break; }
            }
        }
    }
    return cost / (float)count;
}

/* Every axis up to i placed in order (each clear of those before it), so a
 * line keeps its place as the walk goes on. Every offset across the
 * shapes' extent and 500 px past it on either side is tried, 8 px apart:
 * the least cost wins, nearer the shapes on a tie. */
/* The number line slid along itself (shift) and across (k) to its least
 * cost, a little dearer the further it moves from k0 and from its place. */
static void slide_line(const SatPicture *p, const Panels *pn, Vec2 vlo, Vec2 vhi, Vec2 dir, float c0, float c1,
                       float t0, float t1, float lo, float hi, float k0, const SatLine *before, const Vec2 *before_dir,
                       int nbefore, SatLine *line)
{
    float best = INFINITY;
    for (float k = lo - 500.0f; k <= hi + 500.0f; k += 24.0f)
        for (float sh = -900.0f; sh <= 900.0f; sh += 30.0f) {
            float cost = line_cost(p, pn, vlo, vhi, dir, c0 + sh, c1 + sh, t0 + sh, t1 + sh, k, before, before_dir, nbefore) +
                         0.0004f * fabsf(sh) + 0.0004f * fabsf(k - k0);
            if (cost < best) { best = cost; line->k = k; line->shift = sh; }
        }
}

static SatLine place_lines(const SatPicture *p, const Canvas *c, int upto, SatLine *out, Vec2 *dirs)
{
    const Panels pn = hud_panels(c, 8.0f);
    Vec2 vlo, vhi;
    visible_box(c, 12.0f, &vlo, &vhi);
    SatLine line = { 0.0f, 0.0f, 0.0f, 0.0f, 1.0f };
    for (int i = 0; i <= upto && i < p->r.count; i++) {
        const SatShown *s = &p->shown[i];
        Vec2 dir = s->dir, perp = { -dir.y, dir.x };
        float t0, t1;
        line.scale = 1.0f;
        line_span(s, 1.0f, &t0, &t1);
        float c0 = s->zero + (float)(s->a0 < s->b0 ? s->a0 : s->b0);
        float c1 = s->zero + (float)(s->a1 > s->b1 ? s->a1 : s->b1);
        Interval pa = shape_project(&p->a, perp), pb = shape_project(&p->b, perp);
        float lo = fminf(pa.min, pb.min), hi = fmaxf(pa.max, pb.max);
        float best = INFINITY;
        line.k = hi + 50.0f;
        for (float k = lo - 500.0f; k <= hi + 500.0f; k += 8.0f) {
            /* beside the shapes: 50 px at least; across them: a little worse */
            float d = k > hi ? k - hi : k < lo ? lo - k : 0.0f;
            if (d > 0.0f && d < 50.0f) continue;
            float cost = line_cost(p, &pn, vlo, vhi, dir, c0, c1, t0, t1, k, out, dirs, i) + 0.0003f * d +
                         (d == 0.0f ? 0.15f : 0.0f);
            if (cost < best) { best = cost; line.k = k; }
        }
        /* a shadow still off the canvas or under a panel (a shape there, or
         * longer than the room beside them): the number line slides along
         * itself to where it is seen whole; the projectors then slant */
        line.shift = 0.0f;
        if (line_cost(p, &pn, vlo, vhi, dir, c0, c1, c0, c1, line.k, out, dirs, 0) > 0.0f) {
            const float k0 = line.k;
            slide_line(p, &pn, vlo, vhi, dir, c0, c1, t0, t1, lo, hi, k0, out, dirs, i, &line);
            /* still hidden in part (two shadows longer than the room left
             * beside shapes in a corner): drawn smaller, their numbers
             * still in px, until they are seen whole */
            static const float SCALES[4] = { 0.7f, 0.5f, 0.35f, 0.25f };
            for (int m = 0; m < 4 && shadows_hidden(&pn, vlo, vhi, dir, c0 + line.shift, c1 + line.shift, line.k); m++) {
                const float sc = SCALES[m];
                line_span(s, sc, &t0, &t1);
                c0 = s->zero + sc * (float)(s->a0 < s->b0 ? s->a0 : s->b0);
                c1 = s->zero + sc * (float)(s->a1 > s->b1 ? s->a1 : s->b1);
                line.scale = sc;
                slide_line(p, &pn, vlo, vhi, dir, c0, c1, t0, t1, lo, hi, k0, out, dirs, i, &line);
            }
            t0 += line.shift;
            t1 += line.shift;
        }
        /* what is still off the visible canvas is cut off */
        float u0 = 0.0f, u1 = 0.0f;
        Vec2 e0 = on_line(dir, t0, line.k), e1 = on_line(dir, t1, line.k);
        if (segment_clip(e0, e1, vlo, vhi, &u0, &u1)) {
            float n0 = t0 + (t1 - t0) * u0, n1 = t0 + (t1 - t0) * u1;
            t0 = n0;
            t1 = n1;
        }
        line.t0 = t0;
        line.t1 = t1;
        out[i] = line;
        dirs[i] = dir;
    }
    return line;
}

SatLine lesson_sat_line(const SatPicture *p, const Canvas *c, int i)
{
    SatLine lines[SAT_MAX_AXES];
    Vec2 dirs[SAT_MAX_AXES];
    return place_lines(p, c, i, lines, dirs);
}

/* ---- Drawing ------------------------------------------------------------ */

/* The shape's points that cast the ends of its shadow on dir: every vertex
 * within half a pixel of the least (end 0) or greatest projection. */
static int shadow_casters(const Shape *s, Vec2 n, int end, Vec2 out[POLY_MAX_VERTS])
{
    Vec2 v[POLY_MAX_VERTS];
    const int count = shape_verts(s, v);
    if (count == 0) {
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

/* Projectors: from the vertices that cast the shadow's ends to its ends on
 * the line (the bar at k). */
static void draw_projectors(Canvas *c, const Panels *pn, const Shape *s, Vec2 dir, float t0, float t1, float k, Color col)
{
    Vec2 lo[POLY_MAX_VERTS], hi[POLY_MAX_VERTS];
    int nlo = shadow_casters(s, dir, 0, lo), nhi = shadow_casters(s, dir, 1, hi);
    for (int i = 0; i < nlo; i++) {
        panel_line(c, pn, lo[i], on_line(dir, t0, k), 1.5f, 7.0f, lesson_alpha(col, 200));
        draw_dot(c, lo[i], 5.0f, col);
    }
    for (int i = 0; i < nhi; i++) {
        panel_line(c, pn, hi[i], on_line(dir, t1, k), 1.5f, 7.0f, lesson_alpha(col, 200));
        draw_dot(c, hi[i], 5.0f, col);
    }
}

/* The edge (or, for a rectangle, both parallel edges) the axis is the
 * normal of, and a short arrow along the normal from its middle. The
 * mark runs just outside the edge, beside the shape's outline, not over
 * it: drawn on the edge, a thin box's two long sides in white hid its
 * red (blind review r6, lesson 6 F4: "the colliding thin box reads as a
 * white stripe"); a box thinner on screen than two marks gets one. */
static void draw_source_edge(Canvas *c, const Shape *owner, const SatAxis *ax, Color col)
{
    Vec2 v[POLY_MAX_VERTS];
    const int n = shape_verts(owner, v);
    if (n < 3 || ax->source == SAT_FROM_CIRCLE) return;
    int e = ((ax->edge % n) + n) % n;
    const float zoom = c->view.zoom > 0.0f ? c->view.zoom : 1.0f;
    const float beside = 8.0f / zoom;   /* the outline's half width and the mark's, in canvas units */
    int passes = 1;
    if (owner->kind == SHAPE_RECT) {
        /* the box's thickness across these edges, on screen */
        Vec2 a = v[e], b = v[(e + 3) % n];
        float thick = fabsf((b.x - a.x) * ax->axis.x + (b.y - a.y) * ax->axis.y) * view_scale(&c->view);
        passes = thick >= 40.0f * c->view.fit ? 2 : 1;
    }
    const Vec2 cen = shape_center(owner);
    for (int pass = 0; pass < passes; pass++) {
        int k = (e + 2 * pass) % n;
        Vec2 p0 = v[k], p1 = v[(k + 1) % n];
        Vec2 m = { 0.5f * (p0.x + p1.x), 0.5f * (p0.y + p1.y) };
        Vec2 nn = ax->axis;
        if ((m.x - cen.x) * nn.x + (m.y - cen.y) * nn.y < 0.0f) { nn.x = -nn.x; nn.y = -nn.y; }
        p0 = (Vec2){ p0.x + nn.x * beside, p0.y + nn.y * beside };
        p1 = (Vec2){ p1.x + nn.x * beside, p1.y + nn.y * beside };
        draw_line(c, p0, p1, 9.0f, LESSON_SHADE);
        draw_line(c, p0, p1, 5.0f, col);
        if (pass == 0) {
            m = (Vec2){ 0.5f * (p0.x + p1.x), 0.5f * (p0.y + p1.y) };
            Vec2 tip = { m.x + nn.x * 40.0f, m.y + nn.y * 40.0f };
            draw_arrow(c, m, tip, 6.0f, LESSON_SHADE);
            draw_arrow(c, m, tip, 3.0f, col);
        }
    }
}

/* B where the minimum translation puts it, dashed: touching A there. The
 * arrow alone leaves B's centre, which lay inside A when one shape holds
 * the other, and read as A moving (blind review r6, lesson 6 F3). */
static void draw_pushed(Canvas *c, const Panels *pn, const Shape *b, Vec2 d)
{
    Vec2 v[48 > POLY_MAX_VERTS ? 48 : POLY_MAX_VERTS];
    int n = shape_verts(b, v);
    if (n == 0) {
        n = 48;
        for (int i = 0; i < n; i++) {
            float t = 6.2831853f * (float)i / (float)n;
            v[i] = (Vec2){ b->circle.center.x + b->circle.radius * cosf(t), b->circle.center.y + b->circle.radius * sinf(t) };
        }
    }
    for (int i = 0; i < n; i++) v[i] = (Vec2){ v[i].x + d.x, v[i].y + d.y };
    for (int i = 0; i < n; i++) panel_line(c, pn, v[i], v[(i + 1) % n], 6.0f, 0.0f, lesson_alpha(LESSON_SHADE, 200));
    for (int i = 0; i < n; i++) panel_line(c, pn, v[i], v[(i + 1) % n], 2.5f, b->kind == SHAPE_CIRCLE ? 0.0f : 12.0f, LESSON_INK);
}

/* A label queued until every line is drawn, so no line crosses one. */
/* spare: said in the HUD's text too (the tested axis's result), so left
 * out where the placer finds no free place for it rather than drawn over
 * another label or under a panel (a 4:3 window at a large text size). */
/* alt: other places a spare label may take, in order, where at has no room */
typedef struct SatLabel { Vec2 at; float size; Color col; Align al; int prio; bool spare; char text[112]; Vec2 from; Vec2 alt[4]; int nalt; } SatLabel;
#define SAT_LABELS 96
typedef struct SatLabels { int n, prio; SatLabel l[SAT_LABELS]; } SatLabels;

static void queue(SatLabels *q, Vec2 at, float size, Color col, Align al, const char *text)
{
    if (q->n >= SAT_LABELS) return;
    SatLabel *l = &q->l[q->n++];
    l->prio = q->prio;
    l->spare = false;
    l->nalt = 0;
    l->at = at;
    l->from = at;
    l->size = size;
    l->col = col;
    l->al = al;
    snprintf(l->text, sizeof l->text, "%s", text);
}

/* Whether lesson_label would find a free place for this text now (the
 * trial placement is taken back); off_lines: and one off the number lines. */
static bool label_fits(Canvas *c, Vec2 at, float size, Align align, const char *text, bool off_lines)
{
    const float fit = c->view.fit;
    float w = measure_hud_text(c, size, text) * fit, h = 1.25f * text_size(c, size) * fit, pad = 5.0f * fit;
    if (!(w > 0.0f)) return false;
    Vec2 s = view_to_screen(&c->view, at);
    float x = align == ALIGN_CENTER ? s.x - 0.5f * w : align == ALIGN_RIGHT ? s.x - w : s.x;
    float y = s.y - 0.5f * h;
    ScreenBox want = { x - pad, y - 0.5f * pad, x + w + pad, y + h + 0.5f * pad, 0.0f };
    const int overlaps = c->label_overlaps, count = c->label_count;
    ScreenBox got = canvas_place_label(c, want, s);
    /* free: no label under it, and off the number lines */
    const bool ok = c->label_overlaps == overlaps && !(off_lines && canvas_box_covers_strong(c, got));
    c->label_overlaps = overlaps;
    c->label_count = count;
    return ok;
}

/* How a label sits beside the point: left of it, right of it or centred,
 * as the direction away from the line points. */
static Align align_for(Vec2 away)
{
    return away.x > 0.35f ? ALIGN_LEFT : away.x < -0.35f ? ALIGN_RIGHT : ALIGN_CENTER;
}

/* The axis's result in words: "A1: overlap 32.0", "AB: gap 12.3 → separates",
 * the least "CD: overlap 159.0, push 252.4 (least, tied with AB)". */
/* faint: an earlier axis's result during the walk, shown only where it
 * finds room (whole px: the least push in full is the verdict's) */
static void axis_result(const SatPicture *sp, int i, bool faint, char *out, size_t n)
{
    const SatAxis *ax = &sp->r.axes[i];
    char name[16] = "", tie[80] = "", names[48];
    sp->names(NULL, ax, name, NULL);
    const bool least = sp->r.hit && i == sp->r.min_axis;
    if (least) {
        tie_names(sp, names, sizeof names);
        if (names[0] != '\0') snprintf(tie, sizeof tie, tr("sat.tied_with"), names);
    }
    if (axis_gap_small(sp, i))   /* under half a pixel: never "gap 0" */
        snprintf(out, n, tr("sat.walk_axis_gap_small"), name);
    else if (sp->shown[i].gap)
        snprintf(out, n, tr("sat.walk_axis_gap"), name, sp->shown[i].amount);
    else if (axis_contains(ax))
    {
        char push[24];
        push_text_as(sp, i, faint, push);
        char amount[16];
        shown_num(&sp->shown[i], faint, sp->shown[i].amount, sp->shown[i].t_amount, amount);
        snprintf(out, n, tr(least ? "sat.axis_least_push1" : "sat.axis_overlap_push1"), name, amount, push, tie);
    }
    else if (least) {
        char push[24];
        push_text_as(sp, i, faint, push);
        snprintf(out, n, tr("sat.axis_least1"), name, push, tie);
    }
    else snprintf(out, n, tr("sat.walk_axis_overlap"), name, sp->shown[i].amount);
}

/* One axis of the walk on its number line. level 2: the axis being tested
 * (bold, with projectors, the 0 mark and every end's number); 0: an
 * earlier axis (faint, its result). (The every-axis view draws a chart:
 * draw_all_view.) */
static void draw_axis(const App *app, const SatPicture *sp, Canvas *c, const Panels *pn, int i, const SatLine *ln,
                      int level, SatLabels *q)
{
    const SatShown *s = &sp->shown[i];
    const SatAxis *ax = &sp->r.axes[i];
    const Vec2 dir = s->dir, perp = { -dir.y, dir.x };
    const Color col_a = app_color_accent(app), col_b = LESSON_INK;
    const Color gapc = app_color_gap(app), hitc = app_color_hit(app);
    const uint8_t alpha = level == 0 ? 110 : 255;
    q->prio = level == 0 ? 2 : 1;   /* the axis being tested is labelled first */
    /* which side of the line the shapes are: A's bar on theirs, B's beyond */
    Vec2 ca = shape_center(&sp->a);
    float kc = perp.x * ca.x + perp.y * ca.y;
    float toward = kc < ln->k ? -1.0f : 1.0f;
    const float off = level == 2 ? 9.0f : 6.0f;
    const float ka = ln->k + toward * off, kb = ln->k - toward * off;
    const float z = s->zero + ln->shift;   /* where 0 is drawn */
    const float sc = ln->scale;   /* drawn px per px: 1, less for shadows too long for the room */
    const float a0 = z + sc * (float)s->a0, a1 = z + sc * (float)s->a1, b0 = z + sc * (float)s->b0, b1 = z + sc * (float)s->b1;
    if (level == 2) {
        draw_source_edge(c, ax->source == SAT_FROM_B ? &sp->b : &sp->a, ax, LESSON_INK);
        draw_projectors(c, pn, &sp->a, dir, a0, a1, ka, col_a);
        draw_projectors(c, pn, &sp->b, dir, b0, b1, kb, col_b);
        /* 0: where A's centre falls */
        panel_line(c, pn, ca, on_line(dir, z, ln->k), 1.5f, 4.0f, lesson_alpha(col_a, 200));
        draw_dot(c, ca, 5.0f, col_a);
    }
    /* the line itself, its arrow at the + end */
    const float lw = level == 2 ? 3.0f : 1.5f;
    Color lc = lesson_alpha(LESSON_INK_DIM, level == 0 ? 120 : 255);
    Vec2 l0 = on_line(dir, ln->t0, ln->k), l1 = on_line(dir, ln->t1 - 14.0f, ln->k);
    if (level > 0) panel_line(c, pn, l0, l1, lw + 5.0f, 0.0f, LESSON_SHADE);
    panel_line(c, pn, l0, l1, lw, 0.0f, lc);
    Vec2 tip = on_line(dir, ln->t1, ln->k);
    if (!panels_hold(pn, tip) && !panels_hold(pn, l1)) draw_arrow(c, l1, tip, lw + 1.0f, lc);
    /* the shadows */
    const float bw = level == 2 ? 10.0f : 4.0f;
    panel_line(c, pn, on_line(dir, a0, ka), on_line(dir, a1, ka), bw, 0.0f, lesson_alpha(col_a, alpha));
    panel_line(c, pn, on_line(dir, b0, kb), on_line(dir, b1, kb), bw, 0.0f, lesson_alpha(col_b, alpha));
    /* the labels (placed after every line) keep off the number line: its
     * line and both shadows, what the picture is about (an earlier axis's
     * faint line only as an outline is kept clear) */
    if (level > 0) {
        canvas_avoid_line_strong(c, l0, tip, lw + 5.0f);
        canvas_avoid_line_strong(c, on_line(dir, a0, ka), on_line(dir, a1, ka), bw + 4.0f);
        canvas_avoid_line_strong(c, on_line(dir, b0, kb), on_line(dir, b1, kb), bw + 4.0f);
    } else {
        canvas_avoid_line(c, l0, tip, lw + 2.0f);
    }
    /* the gap, or the common part of the two shadows, on the line between them */
    float r0, r1;
    if (s->gap) { r0 = s->b0 >= s->a1 ? a1 : b1; r1 = s->b0 >= s->a1 ? b0 : a0; }
    else { r0 = fmaxf(a0, b0); r1 = fminf(a1, b1); }
    /* an overlap is red only when the pair collides (the shapes' colour):
     * on an apart pair's axis it is drawn in ink, a gap elsewhere decides */
    Color rc = s->gap ? gapc : sp->r.hit ? hitc : LESSON_INK;
    if (level > 0) {
        const float tick = level == 2 ? 18.0f : 12.0f;
        panel_line(c, pn, on_line(dir, r0, ln->k), on_line(dir, r1, ln->k), level == 2 ? 6.0f : 4.0f, 0.0f, rc);
        panel_line(c, pn, on_line(dir, r0, ln->k - tick), on_line(dir, r0, ln->k + tick), 2.5f, 0.0f, rc);
        panel_line(c, pn, on_line(dir, r1, ln->k - tick), on_line(dir, r1, ln->k + tick), 2.5f, 0.0f, rc);
        /* the 0 mark */
        panel_line(c, pn, on_line(dir, z, ln->k - 14.0f), on_line(dir, z, ln->k + 14.0f), 3.0f, 0.0f, LESSON_INK);
    }
    /* the words */
    Vec2 out_a = { perp.x * toward, perp.y * toward }, out_b = { -out_a.x, -out_a.y };
    char text[112];
    if (level == 2) {
        /* every end's number beside its end, outside its shadow */
        const float da = 30.0f, db = 30.0f;
        Vec2 away_lo = { -dir.x, -dir.y };
        struct { float t; int v, tenth; float k; Vec2 side; bool lo; Color col; } ends[4] = {
            { a0, s->a0, s->t_a0, ka + toward * da, out_a, true, col_a }, { a1, s->a1, s->t_a1, ka + toward * da, out_a, false, col_a },
            { b0, s->b0, s->t_b0, kb - toward * db, out_b, true, col_b }, { b1, s->b1, s->t_b1, kb - toward * db, out_b, false, col_b },
        };
        /* the side beyond B's bar under a panel or off the canvas (a line
         * just below the text panel: lesson 7 F2's B numbers went into
         * ABCD with leaders back into the panel, blind review r7): B's
         * numbers and the 0 on the shapes' side, past A's */
        Vec2 vlo0, vhi0;
        visible_box(c, 4.0f, &vlo0, &vhi0);
        const float k_beyond = kb - toward * db, k_flip = ka + toward * (da + 26.0f);
        bool flip = false;
        for (int e = 2; e < 4 && !flip; e++) {
            const Vec2 q0 = on_line(dir, ends[e].t, k_beyond);
            flip = !in_view(pn, vlo0, vhi0, q0);
        }
        if (flip) {
            ends[2].k = ends[3].k = k_flip;
            ends[2].side = ends[3].side = out_a;
        } else {
            /* A's numbers, on the shapes' side, inside a shape (a line
             * close beside them: lesson 7 F3's 184 and -178 sat in ABCD,
             * blind review r7): past B's, where that side is free */
            const float k_out = kb - toward * (db + 26.0f);
            bool inside = false, free_out = true;
            for (int e = 0; e < 2; e++) {
                const Vec2 q0 = on_line(dir, ends[e].t, ends[e].k), q1 = on_line(dir, ends[e].t, k_out);
                inside = inside || shape_holds(&sp->a, q0, 20.0f) || shape_holds(&sp->b, q0, 20.0f);
                free_out = free_out && in_view(pn, vlo0, vhi0, q1) && !shape_holds(&sp->a, q1, 4.0f) &&
                           !shape_holds(&sp->b, q1, 4.0f);
            }
            if (inside && free_out) {
                ends[0].k = ends[1].k = k_out;
                ends[0].side = ends[1].side = out_b;
            }
        }
        /* shadows that only touch end and start at one number: said once,
         * by A's end (two "132"s and their leaders piled at lesson 7 F2's
         * contact: blind reviews r9, r10) */
        char ntext[4][16];
        for (int e = 0; e < 4; e++) shown_num(s, level == 0, ends[e].v, ends[e].tenth, ntext[e]);
        const bool same_hi = strcmp(ntext[1], ntext[2]) == 0, same_lo = strcmp(ntext[0], ntext[3]) == 0;
        /* a shadow too short on screen for a number at each end (lesson 6
         * F4's 2 px box: "-1", "1" and "0" piled on one spot, blind review
         * r10): its two ends as one interval, "[-1.0, 1.0]", beside its
         * middle; A's then holds the 0 as well, unlabelled */
        const float vs = c->view.zoom > 0.0f ? c->view.zoom : 1.0f;   /* screen px (at 1280x720) a canvas px */
        bool merged[2] = { false, false };
        for (int h = 0; h < 2; h++) {
            const int e0 = 2 * h, e1 = e0 + 1;
            if ((ends[e1].t - ends[e0].t) * vs >= 48.0f || (h == 1 && (same_hi || same_lo))) continue;
            merged[h] = true;
            char iv[80];
            snprintf(iv, sizeof iv, "[%s,\u00a0%s]", ntext[e0], ntext[e1]);
            Vec2 at = on_line(dir, 0.5f * (ends[e0].t + ends[e1].t), ends[e0].k);
            queue(q, at, LESSON_SMALL, ends[e0].col, align_for(ends[e0].side), iv);
        }
        for (int e = 0; e < 4; e++) {
            if (merged[e / 2]) continue;
            if ((e == 2 && same_hi) || (e == 3 && same_lo)) continue;
            Vec2 at = on_line(dir, ends[e].t, ends[e].k);
            Vec2 along = ends[e].lo ? away_lo : dir;
            at.x += along.x * 6.0f;
            at.y += along.y * 6.0f;
            Align al = fabsf(dir.x) >= 0.35f ? align_for(along) : align_for(ends[e].side);
            queue(q, at, LESSON_SMALL, ends[e].col, al, ntext[e]);
        }
        if (!merged[0])
            queue(q, on_line(dir, z, flip ? k_flip : ln->k - toward * 34.0f), LESSON_SMALL, LESSON_INK,
                  align_for(flip ? out_a : out_b), "0");
    }
    /* the result, by the gap or the overlap, beyond B's numbers; in the
     * all-axes view only the axes that decide say theirs (each gap, or the
     * least overlap), the others just their name: their bars tell the rest */
    axis_result(sp, i, level == 0, text, sizeof text);
    if (level == 0) {
        queue(q, on_line(dir, ln->t1 + 8.0f, ln->k), LESSON_SMALL, lesson_alpha(LESSON_INK_DIM, 255), align_for(dir),
              text);
    } else {
        /* beyond B's numbers; else on the shapes' side; else past the arrow:
         * the first of these on the visible canvas, clear of the panels */
        const float size = level == 2 ? LESSON_LABEL : LESSON_SMALL;
        float hw = 0.5f * measure_hud_text(c, size, text) + 12.0f;
        /* far enough across the line that the label's box clears the
         * shadows: a wide label beside an upright line needs half its width */
        float mid = 0.5f * (r0 + r1), dk = level == 2 ? 64.0f : 26.0f;
        dk = fmaxf(dk, hw * fabsf(perp.x) + 0.7f * size * fabsf(perp.y) + (level == 2 ? 16.0f : 11.0f));
        float tm = fminf(fmaxf(mid, ln->t0 + 30.0f), ln->t1 - 30.0f);
        const Vec2 cand[4] = { on_line(dir, mid, ln->k - toward * dk), on_line(dir, mid, ln->k + toward * (dk + 20.0f)),
                               on_line(dir, tm, ln->k - toward * dk), on_line(dir, ln->t1 + 8.0f, ln->k) };
        /* the first where the whole label is on the visible canvas, its
         * middle off the panels (a wide label slid back onto the canvas
         * would cover the number line it is about); else the first whose
         * middle is */
        Vec2 vlo, vhi;
        visible_box(c, 8.0f, &vlo, &vhi);
        int pick = -1;
        for (int pass = 0; pass < 2 && pick < 0; pass++)
            for (int k = 0; k < 4 && pick < 0; k++) {
                Vec2 v = cand[k];
                const float ex = pass == 0 ? hw : 32.0f, ey = pass == 0 ? size : 32.0f;
                const Vec2 corner[4] = { { v.x - ex, v.y - ey }, { v.x + ex, v.y - ey }, { v.x - ex, v.y + ey }, { v.x + ex, v.y + ey } };
                bool ok = true;
                for (int m = 0; m < 4; m++)
                    ok = ok && corner[m].x >= vlo.x && corner[m].x <= vhi.x && corner[m].y >= vlo.y && corner[m].y <= vhi.y;
                if (ok && !panels_hold(pn, v)) pick = k;
            }
        if (pick < 0) pick = 0;
        /* centred on its place, but wholly on the visible canvas */
        Vec2 at = cand[pick];
        at.x = fminf(fmaxf(at.x, vlo.x + hw), vhi.x - hw);
        at.y = fminf(fmaxf(at.y, vlo.y + text_size(c, size)), vhi.y - text_size(c, size));
        queue(q, at, size, rc, ALIGN_CENTER, text);
        /* moved away, its leader goes back to its gap or common part; the
         * tested axis's result is in the HUD's text too: spare. Where its
         * place has no room, the other places in turn, then beyond the
         * shapes (a picture fitted
         * between the panels at 1280x720: lesson 7 F3's verdict label
         * found none beside the number line and was left out) */
        if (q->n > 0) {
            SatLabel *l = &q->l[q->n - 1];
            l->from = on_line(dir, mid, ln->k);
            l->spare = level == 2;
            const bool moves = level == 2;
            for (int k = 0; k < 4 && moves && l->nalt < 3; k++) {
                if (k == pick) continue;
                Vec2 a = cand[k];
                a.x = fminf(fmaxf(a.x, vlo.x + hw), vhi.x - hw);
                a.y = fminf(fmaxf(a.y, vlo.y + text_size(c, size)), vhi.y - text_size(c, size));
                if (!panels_hold(pn, a)) l->alt[l->nalt++] = a;
            }
            /* last, beyond the shapes, on their far side from the line */
            const Interval pa = shape_project(&sp->a, perp), pb = shape_project(&sp->b, perp);
            const float kfar = toward > 0.0f ? fmaxf(pa.max, pb.max) + dk : fminf(pa.min, pb.min) - dk;
            Vec2 a = on_line(dir, mid, kfar);
            a.x = fminf(fmaxf(a.x, vlo.x + hw), vhi.x - hw);
            a.y = fminf(fmaxf(a.y, vlo.y + text_size(c, size)), vhi.y - text_size(c, size));
            if (moves && l->nalt < 4 && !panels_hold(pn, a)) l->alt[l->nalt++] = a;
        }
    }
}

/* ---- The every-axis view: the shadows as a chart ------------------------- *
 *
 * Every axis at once on number lines of their own crossed each other and
 * the shapes (blind reviews r7, r8: lesson 6 F3 and lesson 7 F1 rated 2). In
 * this view the picture keeps only what lies on the shapes (each axis's
 * normal as a short arrow from its edge, named; the line in every gap; the
 * minimum translation), and the shadows go into a chart beside it: one row
 * per axis in the order the test tries them, both shadows on one scale
 * (A's centre at the same place in every row), the gap or the common part
 * marked, and the row's result in words. The chart takes the place on the
 * visible canvas that covers the least of the shapes and of what is drawn
 * on them, out from under the panels. */

/* HUD units (the canvas unzoomed) to canvas units through the view, and back. */
static Vec2 hud_to_canvas(const Canvas *c, Vec2 h)
{
    return view_to_canvas(&c->view, (Vec2){ c->view.ox + h.x * c->view.fit, c->view.oy + h.y * c->view.fit });
}

static Vec2 canvas_to_hud(const Canvas *c, Vec2 p)
{
    const Vec2 s = view_to_screen(&c->view, p);
    return (Vec2){ (s.x - c->view.ox) / c->view.fit, (s.y - c->view.oy) / c->view.fit };
}

/* Axis i's normal as drawn on its edge: from the edge's middle, outward,
 * 44 px on screen. False for an axis with no edge (a circle's). */
static bool axis_arrow(const Canvas *c, const SatPicture *sp, int i, Vec2 *from, Vec2 *tip)
{
    const SatAxis *ax = &sp->r.axes[i];
    const Shape *owner = ax->source == SAT_FROM_B ? &sp->b : &sp->a;
    Vec2 v[POLY_MAX_VERTS];
    const int n = shape_verts(owner, v);
    if (n < 3 || ax->source == SAT_FROM_CIRCLE) return false;
    int e = ((ax->edge % n) + n) % n;
    const Vec2 cen = shape_center(owner);
    Vec2 m = { 0.5f * (v[e].x + v[(e + 1) % n].x), 0.5f * (v[e].y + v[(e + 1) % n].y) };
    Vec2 nn = ax->axis;
    if ((m.x - cen.x) * nn.x + (m.y - cen.y) * nn.y < 0.0f) { nn.x = -nn.x; nn.y = -nn.y; }
    /* the minimum translation's axis on a rectangle: from the side whose
     * normal points the way B is pushed, so its arrow and the MTV's agree
     * (lesson 6 F3's B1 pointed up-left beside the MTV down-right: blind
     * review r9) */
    const Vec2 mtv = sp->r.contact.normal;
    if (owner->kind == SHAPE_RECT && sp->r.hit && i == sp->r.min_axis && nn.x * mtv.x + nn.y * mtv.y < 0.0f) {
        e = (e + 2) % n;
        m = (Vec2){ 0.5f * (v[e].x + v[(e + 1) % n].x), 0.5f * (v[e].y + v[(e + 1) % n].y) };
        nn = (Vec2){ -nn.x, -nn.y };
    }
    const float len = 44.0f / (c->view.zoom > 0.0f ? c->view.zoom : 1.0f);
    *from = m;
    *tip = (Vec2){ m.x + nn.x * len, m.y + nn.y * len };
    return true;
}

/* Gap axis i's separating line: through the middle of the gap, as far as
 * the shapes reach along it and 36 px more; m is its point between the
 * shapes. */
static void gap_line(const SatPicture *sp, int i, Vec2 *m, Vec2 *la, Vec2 *lb)
{
    const SatShown *s = &sp->shown[i];
    const Vec2 dir = s->dir, perp = { -dir.y, dir.x };
    const float g0 = s->b0 >= s->a1 ? (float)s->a1 : (float)s->b1, g1 = s->b0 >= s->a1 ? (float)s->b0 : (float)s->a0;
    const float tg = s->zero + 0.5f * (g0 + g1);
    const Interval pa = shape_project(&sp->a, perp), pb = shape_project(&sp->b, perp);
    *m = on_line(dir, tg, 0.25f * (pa.min + pa.max + pb.min + pb.max));
    const float far = 0.5f * (fmaxf(pa.max, pb.max) - fminf(pa.min, pb.min)) + 36.0f;
    *la = (Vec2){ m->x - perp.x * far, m->y - perp.y * far };
    *lb = (Vec2){ m->x + perp.x * far, m->y + perp.y * far };
}

/* The chart's result for axis i: "gap 105", "overlap 120", "push 187"
 * (one shadow holds the other), the least one "… (least)". */
static void chart_result(const SatPicture *sp, int i, char *out, size_t n)
{
    const SatAxis *ax = &sp->r.axes[i];
    const SatShown *s = &sp->shown[i];
    char v[64], num[24];
    if (axis_gap_small(sp, i)) snprintf(v, sizeof v, "%s", tr("sat.chart_gap_small"));
    else if (s->gap) snprintf(v, sizeof v, tr("sat.chart_gap"), s->amount);
    else if (axis_contains(ax)) {
        push_text(sp, i, num);
        snprintf(v, sizeof v, tr("sat.chart_push"), num);
    } else {
        char amount[16];
        shown_num(s, false, s->amount, s->t_amount, amount);
        snprintf(v, sizeof v, tr("sat.chart_overlap"), amount);
    }
    if (sp->r.hit && i == sp->r.min_axis) {
        char names[48], tie[80] = "";
        tie_names(sp, names, sizeof names);
        if (names[0] != '\0') snprintf(tie, sizeof tie, tr("sat.tied_with"), names);
        snprintf(out, n, tr("sat.chart_least"), v, tie);
    } else snprintf(out, n, "%s", v);
}

/* The chart's layout, HUD units. */
typedef struct SatChart {
    float x, y, w, h;
    float ts, row_h, rows_y;            /* LESSON_SMALL as drawn, row height, the first row's top */
    char na[48], nb[48];                /* the shapes' names, for the legend row */
    float name_w, res_w, foot_fw;       /* the widest name and result, the last line's width (chart_measure) */
    float legend_w;
    const char *foot;                   /* the verdict under the rows, or NULL */
    float foot_w;                       /* its wrapping width */
    int foot_rows;
    float name_x, bar_x, bar_w, res_x;
    float lo, hi;                       /* the values at bar_x and at bar_x + bar_w */
} SatChart;

/* The legend row's width: a bar and A's name, a bar and B's. */
static float legend_width(Canvas *c, const SatChart *ch)
{
    return 2.0f * (1.6f * ch->ts + 8.0f) + measure_hud_text(c, LESSON_LABEL, ch->na) + 24.0f +
           measure_hud_text(c, LESSON_LABEL, ch->nb);
}

/* What the chart's size is made of, whatever its bars: its texts' widths
 * and the shapes' names (measured once a frame). */
static void chart_measure(const App *app, Canvas *c, const SatPicture *sp, SatChart *ch)
{
    ch->name_w = ch->res_w = 0.0f;
    for (int i = 0; i < sp->r.count; i++) {
        char name[16] = "", res[160];
        sp->names(NULL, &sp->r.axes[i], name, NULL);
        chart_result(sp, i, res, sizeof res);
        ch->name_w = fmaxf(ch->name_w, measure_hud_text(c, LESSON_SMALL, name));
        ch->res_w = fmaxf(ch->res_w, measure_hud_text(c, LESSON_SMALL, res));
    }
    char key[64];
    snprintf(key, sizeof key, "%s.shape_a", lesson_get(app->lesson)->key);
    snprintf(ch->na, sizeof ch->na, "%s", tr(key));
    snprintf(key, sizeof key, "%s.shape_b", lesson_get(app->lesson)->key);
    snprintf(ch->nb, sizeof ch->nb, "%s", tr(key));
    ch->ts = text_size(c, LESSON_SMALL);
    /* apart: the verdict under the rows ("one gap is enough") */
    ch->foot = !sp->r.hit && sp->r.separating >= 0 ? tr("sat.line_fits_all") : NULL;
    ch->foot_fw = ch->foot != NULL ? measure_hud_text(c, LESSON_SMALL, ch->foot) : 0.0f;
    ch->legend_w = legend_width(c, ch);
    /* one scale for every row, A's centre (0) at one place in all */
    int lo = 0, hi = 0;
    for (int i = 0; i < sp->r.count; i++) {
        const SatShown *s = &sp->shown[i];
        lo = s->a0 < lo ? s->a0 : lo;
        lo = s->b0 < lo ? s->b0 : lo;
        hi = s->a1 > hi ? s->a1 : hi;
        hi = s->b1 > hi ? s->b1 : hi;
    }
    ch->lo = (float)lo;
    ch->hi = (float)(hi > lo ? hi : lo + 1);
}

/* The chart's size (measured: chart_measure) for bars bar_w wide and rows
 * rowk text sizes high (HUD units). */
static void chart_size(Canvas *c, const SatPicture *sp, float bar_w, float rowk, SatChart *ch)
{
    const float size = LESSON_SMALL, ts = ch->ts, pad = 10.0f, name_w = ch->name_w, res_w = ch->res_w;
    ch->row_h = roundf(ts * rowk);
    ch->rows_y = pad + ch->row_h;   /* under the legend */
    ch->name_x = pad;
    ch->bar_x = pad + name_w + 12.0f;
    ch->bar_w = bar_w;
    ch->res_x = ch->bar_x + bar_w + 12.0f;
    ch->w = fmaxf(ch->res_x + res_w, pad + ch->legend_w) + pad;
    ch->h = ch->rows_y + ch->row_h * (float)sp->r.count + pad - 4.0f;
    /* the verdict under the rows on one line where the chart need grow by
     * no more than a third for it */
    ch->foot_rows = 0;
    if (ch->foot != NULL) {
        const float fw = ch->foot_fw, inner = ch->w - 2.0f * pad;
        ch->foot_w = fw <= 1.34f * inner ? fw + 1.0f : inner;
        if (fw <= 1.34f * inner) ch->w = fmaxf(ch->w, fw + 1.0f + 2.0f * pad);
        (void)measure_hud_text_wrapped(c, size, ch->foot_w, ch->foot, &ch->foot_rows);
        if (ch->foot_rows < 1) ch->foot_rows = 1;
        ch->h += ch->row_h * (float)ch->foot_rows + 4.0f;
    }
}

/* What the chart must not cover, on a grid of cells G HUD units wide:
 * each cell's weight (a panel: far too much; a shape or what is drawn on
 * it: 1; a separating line: a little), summed from the top-left corner
 * (a summed-area table: any box's weight in four reads). */
enum { CHART_GX = 200, CHART_GY = 160 };
typedef struct ChartGrid { float x0, y0, g; int nx, ny; double sum[CHART_GY + 1][CHART_GX + 1]; } ChartGrid;

static double grid_box(const ChartGrid *gr, float x, float y, float w, float h)
{
    int i0 = (int)floorf((x - gr->x0) / gr->g), j0 = (int)floorf((y - gr->y0) / gr->g);
    int i1 = (int)ceilf((x + w - gr->x0) / gr->g), j1 = (int)ceilf((y + h - gr->y0) / gr->g);
    i0 = i0 < 0 ? 0 : i0 > gr->nx ? gr->nx : i0;
    i1 = i1 < 0 ? 0 : i1 > gr->nx ? gr->nx : i1;
    j0 = j0 < 0 ? 0 : j0 > gr->ny ? gr->ny : j0;
    j1 = j1 < 0 ? 0 : j1 > gr->ny ? gr->ny : j1;
    return gr->sum[j1][i1] - gr->sum[j0][i1] - gr->sum[j1][i0] + gr->sum[j0][i0];
}

/* Where the chart goes: the box of its size on the visible window that
 * covers the least (its weight), nearer the pair on a tie; bars narrower
 * where the full chart covers something and a narrower one does not. */
static void chart_place(const App *app, const SatPicture *sp, Canvas *c, const Vec2 *marks, int nmarks,
                        const Vec2 (*seps)[2], int nseps, SatChart *out)
{
    static ChartGrid gr;   /* large: off the stack; drawing is single-threaded */
    const View *v = &c->view;
    const float wx0 = -v->ox / v->fit, wx1 = ((float)v->out_w - v->ox) / v->fit;
    const float wy0 = fmaxf(view_hud_top(v), -v->oy / v->fit), wy1 = fminf(view_hud_bottom(v), ((float)v->out_h - v->oy) / v->fit);
    gr.x0 = wx0;
    gr.y0 = wy0;
    gr.g = fmaxf(8.0f, fmaxf((wx1 - wx0) / (float)CHART_GX, (wy1 - wy0) / (float)CHART_GY));
    gr.nx = (int)fminf((float)CHART_GX, ceilf((wx1 - wx0) / gr.g));
    gr.ny = (int)fminf((float)CHART_GY, ceilf((wy1 - wy0) / gr.g));
    const float zoom = v->zoom > 0.0f ? v->zoom : 1.0f, margin = 14.0f / zoom;   /* canvas units */
    const bool pushed = sp->r.hit && !lesson_touching(sp->r.contact.depth);
    Shape bp = sp->b;   /* B where the minimum translation puts it */
    if (pushed) {
        const Vec2 d = { sp->r.contact.normal.x * sp->r.contact.depth, sp->r.contact.normal.y * sp->r.contact.depth };
        if (bp.kind == SHAPE_RECT) bp.rect.center = (Vec2){ bp.rect.center.x + d.x, bp.rect.center.y + d.y };
        else if (bp.kind == SHAPE_POLY)
            for (int k = 0; k < bp.poly.count; k++) bp.poly.verts[k] = (Vec2){ bp.poly.verts[k].x + d.x, bp.poly.verts[k].y + d.y };
        else bp.circle.center = (Vec2){ bp.circle.center.x + d.x, bp.circle.center.y + d.y };
    }
    const Panels pn = hud_panels(c, 6.0f);
    enum { MARKS = 4 * SAT_MAX_AXES + 16 };
    Vec2 hm[MARKS], s0[SAT_MAX_AXES], s1[SAT_MAX_AXES];
    nmarks = nmarks < MARKS ? nmarks : MARKS;
    nseps = nseps < SAT_MAX_AXES ? nseps : SAT_MAX_AXES;
    for (int k = 0; k < nmarks; k++) hm[k] = canvas_to_hud(c, marks[k]);
    for (int k = 0; k < nseps; k++) { s0[k] = canvas_to_hud(c, seps[k][0]); s1[k] = canvas_to_hud(c, seps[k][1]); }
    for (int j = 0; j <= gr.ny; j++) gr.sum[j][0] = 0.0f;
    for (int i = 0; i <= gr.nx; i++) gr.sum[0][i] = 0.0f;
    for (int j = 0; j < gr.ny; j++)
        for (int i = 0; i < gr.nx; i++) {
            const Vec2 h = { gr.x0 + ((float)i + 0.5f) * gr.g, gr.y0 + ((float)j + 0.5f) * gr.g };
            const Vec2 q = hud_to_canvas(c, h);
            double wgt = 0.0;
            if (panels_hold(&pn, q)) wgt = 1e6;
            else {
                /* a shape itself weighs 1, the 14 px round it less: where
                 * nothing is free the chart comes close rather than over */
                const Shape *const on[3] = { &sp->a, &sp->b, pushed ? &bp : NULL };
                for (int k = 0; k < 3; k++)
                    if (on[k] != NULL) wgt += shape_holds(on[k], q, 0.0f) ? 1.0 : shape_holds(on[k], q, margin) ? 0.2 : 0.0;
                for (int k = 0; k < nmarks; k++) {
                    const float dx = hm[k].x - h.x, dy = hm[k].y - h.y;
                    if (dx * dx + dy * dy < 30.0f * 30.0f) { wgt += 1.0f; break; }
                }
                for (int k = 0; k < nseps; k++) {
                    const Vec2 a = s0[k], b = s1[k];
                    const float ex = b.x - a.x, ey = b.y - a.y, len = sqrtf(ex * ex + ey * ey);
                    if (len > 0.0f && fabsf((h.x - a.x) * ey - (h.y - a.y) * ex) / len < 0.75f * gr.g) wgt += 0.05f;
                }
            }
            gr.sum[j + 1][i + 1] = wgt + gr.sum[j][i + 1] + gr.sum[j + 1][i] - gr.sum[j][i];
        }
    /* the pair's middle, HUD units: the chart stays near it on a tie */
    const Vec2 ca = canvas_to_hud(c, shape_center(&sp->a)), cb = canvas_to_hud(c, shape_center(&sp->b));
    const Vec2 mid = { 0.5f * (ca.x + cb.x), 0.5f * (ca.y + cb.y) };
    /* wide bars first, then narrower and rows closer (a 4:3 window's long
     * lesson panel leaves little room beside the shapes); the text keeps its size (a
     * 4:3 window's text is as high a share of the window as at 16:9:
     * test_app_layout) */
    static const float BARS[5] = { 200.0f, 150.0f, 110.0f, 80.0f, 60.0f }, ROWS[5] = { 1.75f, 1.75f, 1.6f, 1.45f, 1.3f };
    double best = INFINITY;
    SatChart measured;
    chart_measure(app, c, sp, &measured);
    for (int b = 0; b < 5; b++) {
        SatChart ch = measured;
        chart_size(c, sp, BARS[b] * c->text_scale, ROWS[b], &ch);
        const float edge = 6.0f;
        for (float y = wy0 + edge; y + ch.h <= wy1 - edge + 0.01f; y += gr.g)
            for (float x = wx0 + edge; x + ch.w <= wx1 - edge + 0.01f; x += gr.g) {
                const double wgt = grid_box(&gr, x, y, ch.w, ch.h);
                if (wgt >= 1e6) continue;
                const float dx = x + 0.5f * ch.w - mid.x, dy = y + 0.5f * ch.h - mid.y;
                /* a narrower chart only where it covers less */
                const double cost = wgt * 1000.0 + 1e-3 * sqrt(dx * dx + dy * dy) + (double)b * 0.5;
                if (cost < best) {
                    best = cost;
                    ch.x = x;
                    ch.y = y;
                    *out = ch;
                }
            }
    }
    if (best == INFINITY) {   /* no room out from under the panels: the visible window's bottom right */
        *out = measured;
        chart_size(c, sp, BARS[4] * c->text_scale, ROWS[4], out);
        out->x = wx1 - out->w - 6.0f;
        out->y = wy1 - out->h - 6.0f;
    }
}

/* A line in HUD units. */
static void hud_line(Canvas *c, float x0, float y0, float x1, float y1, float width, Color col)
{
    draw_line(c, hud_to_canvas(c, (Vec2){ x0, y0 }), hud_to_canvas(c, (Vec2){ x1, y1 }), width, col);
}

static void draw_chart(const App *app, const SatPicture *sp, Canvas *c, const SatChart *ch)
{
    const SatReport *r = &sp->r;
    const Color col_a = app_color_accent(app), col_b = LESSON_INK, gapc = app_color_gap(app), hitc = app_color_hit(app);
    draw_hud_box(c, ch->x, ch->y, ch->w, ch->h, THEME_PANEL);
    const float sc = ch->bar_w / (ch->hi - ch->lo);
    const float half = fmaxf(2.0f, fminf(0.26f * ch->ts, 0.15f * ch->row_h));   /* a bar's half thickness */
    {
        /* the legend: A's bar and name, B's bar and name (the names as
         * large as the shapes' own letters) */
        const float mid = ch->y + 10.0f + 0.5f * ch->row_h, ty = mid - 0.5f * text_size(c, LESSON_LABEL), chip = 1.6f * ch->ts;
        float x = ch->x + ch->name_x;
        hud_line(c, x, mid, x + chip, mid, 2.0f * half, col_a);
        x += chip + 8.0f;
        x += draw_hud_text(c, (Vec2){ x, ty }, LESSON_LABEL, LESSON_INK, ALIGN_LEFT, ch->na) + 24.0f;
        hud_line(c, x, mid, x + chip, mid, 2.0f * half, col_b);
        x += chip + 8.0f;
        draw_hud_text(c, (Vec2){ x, ty }, LESSON_LABEL, LESSON_INK, ALIGN_LEFT, ch->nb);
    }
    for (int i = 0; i < r->count; i++) {
        const SatShown *s = &sp->shown[i];
        const float top = ch->y + ch->rows_y + ch->row_h * (float)i, mid = top + 0.5f * ch->row_h;
        const bool least = r->hit && i == r->min_axis;
        const Color rc = s->gap ? gapc : least ? hitc : LESSON_INK;
        char name[16] = "", res[160];
        sp->names(NULL, &r->axes[i], name, NULL);
        chart_result(sp, i, res, sizeof res);
        const float ty = mid - 0.5f * ch->ts;
        draw_hud_text(c, (Vec2){ ch->x + ch->name_x, ty }, LESSON_SMALL, s->gap || least ? rc : LESSON_INK, ALIGN_LEFT, name);
        draw_hud_text(c, (Vec2){ ch->x + ch->res_x, ty }, LESSON_SMALL, rc, ALIGN_LEFT, res);
        /* the bars: A's above the row's middle, B's below, as on the number lines */
        const float bx = ch->x + ch->bar_x;
        const float a0 = bx + sc * ((float)s->a0 - ch->lo), a1 = bx + sc * ((float)s->a1 - ch->lo);
        const float b0 = bx + sc * ((float)s->b0 - ch->lo), b1 = bx + sc * ((float)s->b1 - ch->lo);
        hud_line(c, bx, mid, bx + ch->bar_w, mid, 1.0f, lesson_alpha(LESSON_INK_DIM, 160));
        hud_line(c, a0, mid - half - 1.0f, fmaxf(a1, a0 + 2.0f), mid - half - 1.0f, 2.0f * half, col_a);
        hud_line(c, b0, mid + half + 1.0f, fmaxf(b1, b0 + 2.0f), mid + half + 1.0f, 2.0f * half, col_b);
        /* the gap between them, or their common part: its two ends across both bars */
        float r0, r1;
        if (s->gap) { r0 = s->b0 >= s->a1 ? a1 : b1; r1 = s->b0 >= s->a1 ? b0 : a0; }
        else { r0 = fmaxf(a0, b0); r1 = fminf(a1, b1); }
        const float tick = 2.0f * half + 4.0f;
        if (s->gap) hud_line(c, r0, mid, r1, mid, 3.0f, rc);
        hud_line(c, r0, mid - tick, r0, mid + tick, 2.0f, rc);
        hud_line(c, r1, mid - tick, r1, mid + tick, 2.0f, rc);
    }
    if (ch->foot != NULL) {
        const float top = ch->y + ch->rows_y + ch->row_h * (float)r->count + 4.0f;
        draw_hud_text_wrapped(c, (Vec2){ ch->x + ch->name_x, top + 0.5f * (ch->row_h - ch->ts) }, LESSON_SMALL, ch->row_h,
                              ch->foot_w, gapc, ALIGN_LEFT, ch->foot);
    }
}

/* The minimum translation's arrow: from B's centre, or where that lies in
 * A (one holds the other) from a corner of B outside A to where it goes:
 * from B's centre inside A it read as A moving (blind review r7, lesson 6
 * F3). (The seen corner farthest from A's centre: clear of A's labels.) */
static void mtv_arrow(const Canvas *c, const Panels *pn, const SatPicture *sp, Vec2 *from, Vec2 *to)
{
    const SatReport *r = &sp->r;
    const Vec2 nn = r->contact.normal;
    *from = shape_center(&sp->b);
    if (shape_holds(&sp->a, *from, 6.0f)) {
        Vec2 v[POLY_MAX_VERTS];
        const int nv = shape_verts(&sp->b, v);
        Vec2 vlo1, vhi1;
        visible_box(c, 24.0f, &vlo1, &vhi1);
        const Vec2 ac = shape_center(&sp->a);
        float far_best = -1.0f;
        for (int k = 0; k < nv; k++) {
            const Vec2 e = { v[k].x + nn.x * r->contact.depth, v[k].y + nn.y * r->contact.depth };
            const bool seen = in_view(pn, vlo1, vhi1, v[k]) && in_view(pn, vlo1, vhi1, e);
            const float dd = (v[k].x - ac.x) * (v[k].x - ac.x) + (v[k].y - ac.y) * (v[k].y - ac.y);
            if (seen && !shape_holds(&sp->a, v[k], 6.0f) && dd > far_best) { *from = v[k]; far_best = dd; }
        }
    }
    const float len = fmaxf(r->contact.depth, 28.0f);
    *to = (Vec2){ from->x + nn.x * len, from->y + nn.y * len };
}

/* The every-axis view's picture: each axis's normal on its edge, named;
 * the line in every gap; the chart of the shadows where it covers least
 * (kept out of the labels' way and of the lines'). */
static void draw_all_view(const App *app, const SatPicture *sp, Canvas *c, Panels *pn, SatLabels *q, SatChart *chart)
{
    const SatReport *r = &sp->r;
    const Color gapc = app_color_gap(app);
    Vec2 from[SAT_MAX_AXES], tip[SAT_MAX_AXES], marks[4 * SAT_MAX_AXES + 16], seps[SAT_MAX_AXES][2];
    bool has[SAT_MAX_AXES];
    int nm = 0, ns = 0, sep_axis[SAT_MAX_AXES];
    for (int i = 0; i < r->count; i++) {
        has[i] = axis_arrow(c, sp, i, &from[i], &tip[i]);
        if (!has[i]) continue;
        marks[nm++] = tip[i];
        marks[nm++] = (Vec2){ 0.5f * (from[i].x + tip[i].x), 0.5f * (from[i].y + tip[i].y) };
    }
    for (int i = 0; i < r->count; i++) {
        if (!sp->shown[i].gap) continue;
        Vec2 m;
        gap_line(sp, i, &m, &seps[ns][0], &seps[ns][1]);
        sep_axis[ns++] = i;
    }
    if (r->hit && !lesson_touching(r->contact.depth)) {
        Vec2 a, b;
        mtv_arrow(c, pn, sp, &a, &b);
        for (int k = 0; k <= 4; k++)
            marks[nm++] = (Vec2){ a.x + (b.x - a.x) * (float)k / 4.0f, a.y + (b.y - a.y) * (float)k / 4.0f };
    }
    chart_place(app, sp, c, marks, nm, (const Vec2(*)[2])seps, ns, chart);
    /* the labels keep out of it, the lines leave it clear */
    canvas_keep_out_hud(c, chart->x, chart->y, chart->w, chart->h);
    if (pn->count < SAT_PANELS) {
        const Vec2 lo = hud_to_canvas(c, (Vec2){ chart->x - 4.0f, chart->y - 4.0f });
        const Vec2 hi = hud_to_canvas(c, (Vec2){ chart->x + chart->w + 4.0f, chart->y + chart->h + 4.0f });
        pn->lo[pn->count] = lo;
        pn->hi[pn->count] = hi;
        pn->count++;
    }
    /* the first gap's line (where the walk stops) bold, the others thin */
    for (int k = ns - 1; k >= 0; k--) {
        const bool first = sep_axis[k] == r->separating;
        panel_line(c, pn, seps[k][0], seps[k][1], first ? 8.0f : 5.0f, 14.0f, LESSON_SHADE);
        panel_line(c, pn, seps[k][0], seps[k][1], first ? 3.5f : 2.0f, first ? 14.0f : 9.0f, lesson_alpha(gapc, first ? 255 : 190));
        canvas_avoid_line(c, seps[k][0], seps[k][1], 4.0f);
    }
    /* each line named by its gap, past its lower end (three unnamed lines
     * crossed between lesson 7 F1's shapes: blind review r10) */
    for (int k = 0; k < ns; k++) {
        char name[16] = "", text[48];
        sp->names(NULL, &r->axes[sep_axis[k]], name, NULL);
        snprintf(text, sizeof text, tr("sat.sep_name"), name);
        const bool first_lower = seps[k][0].y >= seps[k][1].y;
        const Vec2 lo = first_lower ? seps[k][0] : seps[k][1], hi = first_lower ? seps[k][1] : seps[k][0];
        Vec2 d = { lo.x - hi.x, lo.y - hi.y };
        const float len = sqrtf(d.x * d.x + d.y * d.y), zoom = c->view.zoom > 0.0f ? c->view.zoom : 1.0f;
        d = len > 0.0f ? (Vec2){ d.x / len, d.y / len } : (Vec2){ 0.0f, 1.0f };
        queue(q, (Vec2){ lo.x + d.x * 14.0f / zoom, lo.y + d.y * 14.0f / zoom }, LESSON_SMALL, gapc, ALIGN_CENTER, text);
        q->l[q->n - 1].from = lo;
    }
    for (int i = 0; i < r->count; i++) {
        if (!has[i]) continue;
        const bool decides = r->hit ? i == r->min_axis : sp->shown[i].gap;
        const Color col = sp->shown[i].gap ? gapc : LESSON_INK;
        draw_arrow(c, from[i], tip[i], decides ? 8.0f : 6.0f, LESSON_SHADE);
        draw_arrow(c, from[i], tip[i], decides ? 4.0f : 2.5f, col);
        canvas_avoid_line_strong(c, from[i], tip[i], 5.0f);
        char name[16] = "";
        sp->names(NULL, &r->axes[i], name, NULL);
        Vec2 d = { tip[i].x - from[i].x, tip[i].y - from[i].y };
        const float len = sqrtf(d.x * d.x + d.y * d.y);
        d = len > 0.0f ? (Vec2){ d.x / len, d.y / len } : (Vec2){ 1.0f, 0.0f };
        const float zoom = c->view.zoom > 0.0f ? c->view.zoom : 1.0f;
        queue(q, (Vec2){ tip[i].x + d.x * 8.0f / zoom, tip[i].y + d.y * 8.0f / zoom }, LESSON_SMALL, col, align_for(d), name);
        q->l[q->n - 1].from = tip[i];
    }
}

void lesson_sat_draw_over(const App *app, const void *state, Canvas *c)
{
    const SatPicture *sp = state;
    if (!sp->ok) return;
    const SatReport *r = &sp->r;
    Panels pn = hud_panels(c, 6.0f);
    const Color gapc = app_color_gap(app);
    static SatLabels q;   /* large: off the stack; drawing is single-threaded */
    q.n = 0;
    q.prio = 1;
    const int last = lesson_sat_last_step(sp);
    const int step = sp->all ? last : (sp->step < last ? sp->step : last);
    const bool final = sp->all || step >= last;
    SatChart chart;
    SatLine lines[SAT_MAX_AXES];
    Vec2 dirs[SAT_MAX_AXES];
    if (sp->all) draw_all_view(app, sp, c, &pn, &q, &chart);
    else {
        place_lines(sp, c, r->count - 1, lines, dirs);
        /* the axes: earlier ones faint, the one being tested bold; at the
         * verdict only the axis that decides: the earlier ones, faint
         * lines across the canvas with their results, hid the verdict
         * (the HUD says what they showed; A shows every axis) */
        for (int i = 0; i < r->count && !final && i <= step; i++) {
            bool current = i == step || (step >= r->count && i == r->min_axis);
            if (!current) draw_axis(app, sp, c, &pn, i, &lines[i], 0, &q);
        }
        int bold = step < r->count ? step : r->min_axis;
        if (bold >= 0 && bold < r->count) draw_axis(app, sp, c, &pn, bold, &lines[bold], 2, &q);
    }
    /* the verdict's picture */
    SatLabel verdict = { { 0.0f, 0.0f }, LESSON_LABEL, LESSON_INK, ALIGN_CENTER, 0, false, "", { 0.0f, 0.0f }, { { 0.0f, 0.0f } }, 0 };
    bool verdict_seg = false;   /* the verdict labels a segment: verdict_a-verdict_b */
    Vec2 verdict_a = { 0.0f, 0.0f }, verdict_b = { 0.0f, 0.0f };
    if (final && !r->hit && r->separating >= 0 && !sp->all) {
        /* the separating line in the middle of the gap, as far as the
         * shapes reach (across the canvas it ran through lesson 7 F1's
         * "BC: gap 105" and on under the panel: blind review r9) (the
         * every-axis view drew one in each gap, and says so under the
         * chart's rows) */
        const SatShown *s = &sp->shown[r->separating];
        const Vec2 dir = s->dir, perp = { -dir.y, dir.x };
        Vec2 m, la, lb;
        gap_line(sp, r->separating, &m, &la, &lb);
        panel_line(c, &pn, la, lb, 9.0f, 14.0f, LESSON_SHADE);
        panel_line(c, &pn, la, lb, 4.0f, 14.0f, gapc);
        /* its words beside it, away from the number line */
        const Interval pa = shape_project(&sp->a, perp), pb = shape_project(&sp->b, perp);
        const float mid = 0.25f * (pa.min + pa.max + pb.min + pb.max);
        const float half = 0.5f * (fmaxf(pa.max, pb.max) - fminf(pa.min, pb.min)) + 40.0f;
        const float side = lines[r->separating].k > mid ? -1.0f : 1.0f;
        verdict.at = (Vec2){ m.x + dir.x * 12.0f + perp.x * side * half, m.y + dir.y * 12.0f + perp.y * side * half };
        /* moved away, its leader goes to the line in the gap, not to where
         * it was to sit (past the line's end: blind review r10, lesson 6
         * F1's leader ended under the panel), from the line's point
         * nearest it (from its middle it ran through lesson 7 F1's vertex
         * E: blind review r11) */
        verdict_seg = true;
        verdict_a = la;
        verdict_b = lb;
        verdict.al = ALIGN_LEFT;
        verdict.col = gapc;
        snprintf(verdict.text, sizeof verdict.text, "%s", tr("sat.line_fits"));
    } else if (final && r->hit) {
        /* the minimum translation: B moves this far along the normal */
        const Vec2 nn = r->contact.normal;
        Vec2 from, to;
        mtv_arrow(c, &pn, sp, &from, &to);
        /* touching: no push, no arrow (a short one half under B's name
         * read as a stray cursor: blind review r6, lesson 6 F2) */
        if (!lesson_touching(r->contact.depth)) {
            draw_pushed(c, &pn, &sp->b, (Vec2){ nn.x * r->contact.depth, nn.y * r->contact.depth });
            draw_arrow(c, from, to, 10.0f, LESSON_SHADE);
            draw_arrow(c, from, to, 5.0f, LESSON_INK);
        }
        if (lesson_touching(r->contact.depth)) snprintf(verdict.text, sizeof verdict.text, "%s", tr("sat.touch"));
        else snprintf(verdict.text, sizeof verdict.text, tr("sat.mtv"), (double)r->contact.depth);
        verdict.at = (Vec2){ to.x + nn.x * 18.0f, to.y + nn.y * 18.0f };
        verdict.from = verdict.at;
        verdict.al = align_for(nn);
        verdict.size = LESSON_LABEL;
    }
    if (sp->all) draw_chart(app, sp, c, &chart);
    if (sp->shape_names != NULL) sp->shape_names(app, c, sp);
    /* a long verdict in two lines, at its clause break (one line of
     * 500 px found no place off the shapes) */
    if (measure_hud_text(c, verdict.size, verdict.text) > 320.0f) {
        char *brk = strstr(verdict.text, "; ");
        if (brk != NULL) brk[1] = '\n';
        else if ((brk = strstr(verdict.text, "；")) != NULL && strlen(verdict.text) + 1 < sizeof verdict.text) {
            brk += strlen("；");
            memmove(brk + 1, brk, strlen(brk) + 1);
            *brk = '\n';
        }
    }
    if (verdict_seg)
        lesson_label_from_segment(c, verdict.at, verdict_a, verdict_b, verdict.size, verdict.col, verdict.al, verdict.text);
    else
        lesson_label_from(c, verdict.at, verdict.from, verdict.size, verdict.col, verdict.al, verdict.text);
    for (int prio = 1; prio <= 2; prio++)
        for (int i = 0; i < q.n; i++) {
            /* an earlier axis's result only where it finds room, the
             * tested one's (spare) where it covers no label or panel, at
             * its place or else at one of its other places */
            SatLabel *l = &q.l[i];
            if (l->prio != prio) continue;
            /* (a result that must show, an axis that decides, takes its
             * place where nothing is free there nor at its other places:
             * zh-TW lesson 7 F3's every-axis view fitted at 16:9 put CD's
             * under the panel, while its place beyond the shapes was free) */
            const bool must = prio == 1 && !l->spare;
            bool ok = label_fits(c, l->at, l->size, l->al, l->text, prio != 1);
            for (int k = 0; k < l->nalt && !ok; k++)   /* moved there, off the number lines too */
                if (label_fits(c, l->alt[k], l->size, l->al, l->text, true)) { l->at = l->alt[k]; ok = true; }
            if (ok || must) lesson_label_from(c, l->at, l->from, l->size, l->col, l->al, l->text);
        }
}

/* ---- HUD and report ------------------------------------------------------ */

static void shape_key(const App *app, const char *which, char *out, size_t n)
{
    snprintf(out, n, "%s.%s", lesson_get(app->lesson)->key, which);
}

/* The minimum translation in words; shapes that only touch have none to
 * show ("move B 0.0 px" would read as a contradiction): they touch. */
static void mtv_line(const SatReport *r, const char *b, const char *axis, char line[160])
{
    if (lesson_touching(r->contact.depth)) snprintf(line, 160, tr("sat.walk_touch"), axis);
    else snprintf(line, 160, tr("sat.walk_mtv"), b, (double)r->contact.depth, axis);
}

/* Whether an axis from i0 to i1 is labelled with a push beside its
 * overlap (axis_result: one shadow holds the other). */
static bool says_push(const SatPicture *sp, int i0, int i1)
{
    for (int i = i0 < 0 ? 0 : i0; i <= i1 && i < sp->r.count; i++)
        if (axis_contains(&sp->r.axes[i])) return true;
    return false;
}

/* One shadow inside the other on axis i: which, and how far B must go. */
static void inside_line(const SatPicture *sp, int i, const char *ka, const char *kb, char line[160])
{
    const SatAxis *ax = &sp->r.axes[i];
    const bool b_in_a = ax->b.min >= ax->a.min && ax->b.max <= ax->a.max;
    char push[24];
    push_text(sp, i, push);
    char amount[16];
    shown_num(&sp->shown[i], false, sp->shown[i].amount, sp->shown[i].t_amount, amount);
    snprintf(line, 160, tr("sat.inside"), b_in_a ? kb : ka, b_in_a ? ka : kb, kb, push, amount);
}

/* The least push tied with other axes: which, and which the test kept. */
static bool tie_line(const SatPicture *sp, char line[160])
{
    char names[48], name[16] = "";
    tie_names(sp, names, sizeof names);
    if (names[0] == '\0') return false;
    sp->names(NULL, &sp->r.axes[sp->r.min_axis], name, NULL);
    snprintf(line, 160, tr("sat.tie_rule"), name, names, (double)sp->r.contact.depth, name);
    return true;
}

int lesson_sat_least_so_far(const SatPicture *sp, int i)
{
    int best = -1;
    float bp = INFINITY;
    for (int j = 0; j <= i && j < sp->r.count; j++) {
        if (sp->r.axes[j].overlap < 0.0f) return -1;
        const float p = lesson_sat_push(&sp->r.axes[j]);
        if (p < bp) { bp = p; best = j; }
    }
    /* after every axis: the one the test kept */
    if (i >= sp->r.count - 1 && sp->r.hit && sp->r.min_axis >= 0) return sp->r.min_axis;
    return best;
}

int lesson_sat_hud(const App *app, const void *state, char lines[][160], int max)
{
    const SatPicture *sp = state;
    if (!sp->ok || max <= 0) return 0;
    const SatReport *r = &sp->r;
    char ka[48], kb[48], name[16] = "", edge[64] = "";
    shape_key(app, "shape_a", ka, sizeof ka);
    shape_key(app, "shape_b", kb, sizeof kb);
    const char *na = tr(ka), *nb = tr(kb);
    int n = 0;
    const int last = lesson_sat_last_step(sp);
    if (sp->all) {
        int gaps = 0;
        for (int i = 0; i < r->count; i++) gaps += r->axes[i].overlap < 0.0f;
        snprintf(lines[n++], 160, tr("sat.count"), r->count, r->count - gaps, gaps);
        if (n < max) snprintf(lines[n++], 160, "%s", tr("sat.keys_all"));
        /* a label says "push": the word in words */
        if (says_push(sp, 0, r->count - 1) && n < max) snprintf(lines[n++], 160, tr("sat.push_means_named"), nb, na);
    } else if (sp->step < r->count) {
        const int i = sp->step;
        const SatAxis *ax = &r->axes[i];
        const SatShown *s = &sp->shown[i];
        sp->names(ax->source == SAT_FROM_B ? &sp->b : &sp->a, ax, name, edge);
        snprintf(lines[n++], 160, tr("sat.walk_testing"), i + 1, r->count, name, edge);
        if (n < max) {
            char result[64];
            const bool least = r->hit && i == r->min_axis;
            if (axis_gap_small(sp, i)) snprintf(result, sizeof result, "%s", tr("sat.walk_gap_small"));
            else if (s->gap) snprintf(result, sizeof result, tr("sat.walk_gap"), s->amount);
            else if (axis_contains(ax))
            {
                char push[24];
                push_text(sp, i, push);
                char amount[16];
                shown_num(s, false, s->amount, s->t_amount, amount);
                snprintf(result, sizeof result, tr("sat.walk_overlap_push1"), amount, push);
            }
            else if (least) {
                char push[24];
                push_text(sp, i, push);
                snprintf(result, sizeof result, tr("sat.walk_overlap1"), push);
            }
            else snprintf(result, sizeof result, tr("sat.walk_overlap"), s->amount);
            char e[4][16];
            shown_num(s, false, s->a0, s->t_a0, e[0]);
            shown_num(s, false, s->a1, s->t_a1, e[1]);
            shown_num(s, false, s->b0, s->t_b0, e[2]);
            shown_num(s, false, s->b1, s->t_b1, e[3]);
            snprintf(lines[n++], 160, tr("sat.walk_shadows"), na, e[0], e[1], nb, e[2], e[3], result);
        }
        if (n < max) {
            /* colliding: the least push so far, as the test keeps it while
             * it walks (lesson 7 F3's first axis said push 254 beside the
             * HUD's depth 252.4, with nothing to say that another axis
             * would give less: blind review r8) */
            char next[160], least[24], lname[16] = "";
            const int lj = r->hit ? lesson_sat_least_so_far(sp, i) : -1;
            if (lj >= 0) {
                push_text(sp, lj, least);
                sp->names(NULL, &r->axes[lj], lname, NULL);
            }
            if (i == last) snprintf(lines[n++], 160, "%s", tr("sat.walk_stop"));
            else {
                /* one shadow inside the other: why the push is more than the overlap */
                if (axis_contains(ax)) {
                    /* "next axis" at its end where it fits: the panel stays as tall */
                    inside_line(sp, i, na, nb, lines[n]);
                    /* (its push, just said, is the least so far, or an earlier one is) */
                    if (lj == i) snprintf(next, sizeof next, "%s", tr("sat.next_tail_least_here"));
                    else if (lj >= 0) snprintf(next, sizeof next, tr("sat.next_tail_least"), least, lname);
                    else snprintf(next, sizeof next, "%s", tr("sat.next_tail"));
                    /* (a line of 159 bytes reads as cut off: test_hud_lines_whole) */
                    const size_t len = strlen(lines[n]), tail = strlen(next);
                    if (len + tail < 159) memcpy(lines[n] + len, next, tail + 1);
                    n++;
                    /* (else on a line of its own, as short) */
                    if (len + tail >= 159 && n < max) snprintf(lines[n++], 160, "%s", next + (next[0] == ' ' ? 1 : 0));
                } else if (lj >= 0) snprintf(lines[n++], 160, tr("sat.walk_next_least"), nb, least, lname);
                else snprintf(lines[n++], 160, "%s", tr("sat.walk_next"));
            }
        }
        /* an earlier axis's label says "push": the word in words too
         * (colliding, the least push so far says it: how far B must move) */
        if (n < max && i != last && !says_push(sp, i, i) && says_push(sp, 0, i - 1) && !r->hit)
            snprintf(lines[n++], 160, tr("sat.push_means_named"), nb, na);
    } else {
        if (r->min_axis >= 0) sp->names(NULL, &r->axes[r->min_axis], name, NULL);
        snprintf(lines[n++], 160, tr("sat.walk_none"), r->count, lesson_verdict(true));
        if (n < max) mtv_line(r, nb, name, lines[n++]);
        /* the least push with one shadow inside the other: why it is more than the overlap */
        if (n < max && r->min_axis >= 0 && !lesson_touching(r->contact.depth) && axis_contains(&r->axes[r->min_axis]))
            inside_line(sp, r->min_axis, na, nb, lines[n++]);
        if (n < max && tie_line(sp, lines[n])) n++;
        /* touching: no MTV line to say what the label's push is (the
         * verdict draws the deciding axis alone: its label, not the others',
         * which lesson 7 F2's line defined with no push on screen) */
        if (n < max && lesson_touching(r->contact.depth) && r->min_axis >= 0 && says_push(sp, r->min_axis, r->min_axis))
            snprintf(lines[n++], 160, tr("sat.push_means_named"), nb, na);
    }
    if (!sp->all && n < max) snprintf(lines[n++], 160, "%s", tr("sat.keys_walk"));
    if (sp->all && n < max) {
        if (!r->hit && r->separating >= 0) {
            sp->names(NULL, &r->axes[r->separating], name, NULL);
            /* the gap as the chart's row says it (whole px; under 1 px to one decimal) */
            char gap[24];
            if (axis_gap_small(sp, r->separating)) snprintf(gap, sizeof gap, "%.1f", (double)-r->axes[r->separating].overlap);
            else snprintf(gap, sizeof gap, "%d", sp->shown[r->separating].amount);
            snprintf(lines[n++], 160, tr("sat.verdict_gap"), name, gap, lesson_verdict(false));
        } else if (r->hit && r->min_axis >= 0) {
            sp->names(NULL, &r->axes[r->min_axis], name, NULL);
            mtv_line(r, nb, name, lines[n++]);
            if (n < max && tie_line(sp, lines[n])) n++;
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
        const SatShown *s = &sp->shown[i];
        int src = (int)ax->source;
        char name[16] = "";
        sp->names(NULL, ax, name, NULL);
        json_t *shown = json_pack("{s:o, s:f, s:[i,i], s:[i,i], s:b, s:i, s:i}", "dir", lesson_vec_json(s->dir), "zero",
                                  (double)s->zero, "a", s->a0, s->a1, "b", s->b0, s->b1, "gap", s->gap, "amount",
                                  s->amount, "push", s->push);
        json_array_append_new(axes, json_pack("{s:s, s:o, s:[f,f], s:[f,f], s:f, s:s, s:i, s:o}",
                                              "name", name,
                                              "axis", lesson_vec_json(ax->axis),
                                              "a", (double)ax->a.min, (double)ax->a.max,
                                              "b", (double)ax->b.min, (double)ax->b.max,
                                              "overlap", (double)ax->overlap,
                                              "source", src >= 0 && src < 3 ? SRC[src] : "a", "edge", ax->edge,
                                              "shown", shown));
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
    const int last = lesson_sat_last_step(sp);
    json_t *shown = json_array();   /* the axes on screen, in the order the walk showed them */
    int upto = sp->all ? r->count - 1 : (sp->step < r->count ? sp->step : r->count - 1);
    for (int i = 0; i <= upto; i++) json_array_append_new(shown, json_integer(i));
    json_object_set_new(sat, "walk", json_pack("{s:b, s:i, s:i, s:b, s:o}", "on", !sp->all, "step", sp->step, "last",
                                               last, "done", sp->all || sp->step >= last, "shown", shown));
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
    char name[16] = "";
    if (!r->hit && r->separating >= 0 && r->separating < r->count) {
        p->names(NULL, &r->axes[r->separating], name, NULL);
        const double g = -(double)r->axes[r->separating].overlap;
        snprintf(out->criterion, sizeof out->criterion, g >= 0.05 ? "separating axis: %s (axis %d of %d) has a gap of %.1f px"
                                                                   : "separating axis: %s (axis %d of %d) has a gap of %.2g px",
                 name, r->separating + 1, r->count, g);
    } else if (r->hit && r->min_axis >= 0 && r->min_axis < r->count) {
        p->names(NULL, &r->axes[r->min_axis], name, NULL);
        if (lesson_touching(r->contact.depth))
            snprintf(out->criterion, sizeof out->criterion,
                     "no separating axis: all %d overlap, the shadows only touch on %s (axis %d): touching counts as colliding",
                     r->count, name, r->min_axis + 1);
        else {
            char names[48], tie[128] = "";
            tie_names(p, names, sizeof names);
            if (names[0] != '\0') snprintf(tie, sizeof tie, ", tied with %s (first least in test order kept)", names);
            snprintf(out->criterion, sizeof out->criterion,
                     "no separating axis: all %d overlap, least push %.1f px on %s (axis %d)%s: the minimum translation",
                     r->count, (double)r->contact.depth, name, r->min_axis + 1, tie);
        }
    }
    else
        snprintf(out->criterion, sizeof out->criterion, "%s", r->hit ? "no separating axis" : "separating axis");
    return true;
}
