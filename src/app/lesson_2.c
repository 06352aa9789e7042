/*
 * lesson_2.c - Circle and rectangle: the three-part method.
 *
 * Around an upright rectangle the plane falls into three kinds of zone,
 * found from |dx| and |dy|, the circle centre's distance to the box centre
 * along each axis:
 *   part 1, the far zone:   |dx| > w/2 + r or |dy| > h/2 + r  -> apart
 *   part 2, the edge bands: |dx| <= w/2 or |dy| <= h/2        -> collide
 *   part 3, the corners:    (|dx| - w/2)^2 + (|dy| - h/2)^2 <= r^2
 * Each zone is drawn in its own colour and named in words (numbers on the
 * canvas are the shapes' own); the zone holding the circle's centre is lit. Controls: arrows move the circle.
 */
#include "lessons.h"
#include "i18n.h"

#include <stdio.h>
#include <string.h>

/* The lesson's own arrangement, then F2 touching the top edge; F3 the centre inside the box;
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
    q->tie = lesson_colours_verdict(app, &q->rep.hit);
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

/* Each part's colour: its borders, its name and (as a tint) its fill. The
 * colours themselves keep 3:1 against the canvas (the test reads them from
 * the report); the fills are tints, lit where the centre is, so that the
 * shapes drawn over them keep their own colours. */
static Color zone_color(const App *app, RegionPart part)
{
    /* the edge bands in the ink's grey, never the red of "colliding":
     * a zone is a place for the centre, not a verdict on the shapes */
    const Color ink = app->light ? THEME_LIGHT.ink : THEME_DARK.ink;
    return part == REGION_FAR ? app_color_gap(app) : part == REGION_EDGE ? ink : app_color_accent(app);
}

static Color zone_fill(const App *app, RegionPart part, bool lit)
{
    return lesson_alpha(zone_color(app, part), lit ? 110 : 52);
}

/* Which edge strip or corner square holds the centre: sx, sy = -1, 0 or 1
 * (0: between the box's sides on that axis). */
static void zone_of_centre(const Picture *q, int *sx, int *sy)
{
    const float dx = q->c.center.x - q->r.center.x, dy = q->c.center.y - q->r.center.y;
    *sx = q->rep.adx <= q->r.half.x ? 0 : dx < 0.0f ? -1 : 1;
    *sy = q->rep.ady <= q->r.half.y ? 0 : dy < 0.0f ? -1 : 1;
}

static void draw_under(const App *app, const void *state, Canvas *c)
{
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    const float r = q.c.radius, hw = q.r.half.x, hh = q.r.half.y;
    const float x0 = q.r.center.x - hw, x1 = q.r.center.x + hw, y0 = q.r.center.y - hh, y1 = q.r.center.y + hh;
    const float ex0 = x0 - r, ex1 = x1 + r, ey0 = y0 - r, ey1 = y1 + r;
    const Color far = zone_color(app, REGION_FAR), edge = zone_color(app, REGION_EDGE), corner = zone_color(app, REGION_CORNER);
    const RegionPart part = q.rep.part;
    int sx = 0, sy = 0;
    zone_of_centre(&q, &sx, &sy);

    /* part 1, the far zone, is everything outside the box grown by r: not
     * filled (the canvas stays the canvas), only its border drawn below */
    /* part 2: the four edge strips (and the box itself, under the box) */
    const bool in_edge = part == REGION_EDGE;
    draw_box(c, x0, ey0, x1 - x0, r, zone_fill(app, REGION_EDGE, in_edge && sy <= 0 && sx == 0));
    draw_box(c, x0, y1, x1 - x0, r, zone_fill(app, REGION_EDGE, in_edge && sy >= 0 && sx == 0));
    draw_box(c, ex0, y0, r, y1 - y0, zone_fill(app, REGION_EDGE, in_edge && sx < 0));
    draw_box(c, x1, y0, r, y1 - y0, zone_fill(app, REGION_EDGE, in_edge && sx > 0));
    /* part 3: the corner squares, each with its quarter circle of radius r */
    for (int k = 0; k < 4; k++) {
        int kx = (k & 1) ? 1 : -1, ky = (k & 2) ? 1 : -1;
        bool here = part == REGION_CORNER && kx == sx && ky == sy;
        float bx = kx > 0 ? x1 : ex0, by = ky > 0 ? y1 : ey0;
        draw_box(c, bx, by, r, r, zone_fill(app, REGION_CORNER, here));
        Vec2 cp = { kx > 0 ? x1 : x0, ky > 0 ? y1 : y0 };
        quarter(c, cp, r, (float)kx, (float)ky, zone_fill(app, REGION_CORNER, here), corner);
    }
    /* the borders, in the zones' full colours: the far zone's edge, the
     * edge strips' ends */
    Vec2 grown[4] = { { ex0, ey0 }, { ex1, ey0 }, { ex1, ey1 }, { ex0, ey1 } };
    draw_poly_outline(c, grown, 4, part == REGION_FAR ? 5.0f : 3.0f, far);
    const float w = 2.5f;
    draw_line(c, (Vec2){ x0, ey0 }, (Vec2){ x0, y0 }, w, edge);
    draw_line(c, (Vec2){ x1, ey0 }, (Vec2){ x1, y0 }, w, edge);
    draw_line(c, (Vec2){ x0, y1 }, (Vec2){ x0, ey1 }, w, edge);
    draw_line(c, (Vec2){ x1, y1 }, (Vec2){ x1, ey1 }, w, edge);
    draw_line(c, (Vec2){ ex0, y0 }, (Vec2){ x0, y0 }, w, edge);
    draw_line(c, (Vec2){ ex0, y1 }, (Vec2){ x0, y1 }, w, edge);
    draw_line(c, (Vec2){ x1, y0 }, (Vec2){ ex1, y0 }, w, edge);
    draw_line(c, (Vec2){ x1, y1 }, (Vec2){ ex1, y1 }, w, edge);
}

/* A point inside the zone that holds the centre, off the circle where the
 * zone leaves room: the deciding zone's name (with ▶) is anchored there. */
static Vec2 marker_anchor(const Picture *q)
{
    const float r = q->c.radius, hw = q->r.half.x, hh = q->r.half.y;
    const Vec2 rc = q->r.center, cc = q->c.center;
    int sx = 0, sy = 0;
    zone_of_centre(q, &sx, &sy);
    const float off = r + 40.0f;
    switch (q->rep.part) {
    case REGION_FAR: {
        /* straight away from the box: further out in the far zone */
        float dx = cc.x - rc.x, dy = cc.y - rc.y, d = sqrtf(dx * dx + dy * dy);
        if (!(d > 1e-3f)) { dx = 0.0f; dy = -1.0f; d = 1.0f; }
        return (Vec2){ cc.x + dx / d * off, cc.y + dy / d * off };
    }
    case REGION_EDGE:
        if (sx == 0 && sy != 0) {
            /* a strip above or below the box: along it, towards the middle */
            float x = cc.x + (cc.x < rc.x ? r + 16.0f : -(r + 16.0f));
            return (Vec2){ fminf(fmaxf(x, rc.x - hw), rc.x + hw), rc.y + (float)sy * (hh + 0.5f * r) };
        }
        if (sx != 0) {
            float y = cc.y + (cc.y < rc.y ? off : -off);
            return (Vec2){ rc.x + (float)sx * (hw + 0.5f * r), fminf(fmaxf(y, rc.y - hh), rc.y + hh) };
        }
        /* the centre is inside the box itself */
        return (Vec2){ cc.x, fminf(fmaxf(cc.y + (cc.y < rc.y ? off : -off), rc.y - hh), rc.y + hh) };
    case REGION_CORNER:
    default:
        return (Vec2){ rc.x + (float)sx * (hw + 0.5f * r), rc.y + (float)sy * (hh + 0.5f * r) };
    }
}

/* lesson_label with the box wanted at want, its leader (when it moves)
 * from anchor: a marker for a zone too small to hold it goes out beside
 * the zone, its leader pointing back in. */
static void label_beside(Canvas *c, Vec2 anchor, Vec2 want_at, float size, Color col, Align align, const char *text)
{
    /* one line, or two split at '\n' (each centred in the box) */
    char rows[2][160];
    const char *nl = strchr(text, '\n');
    const int nrows = nl != NULL ? 2 : 1;
    snprintf(rows[0], sizeof rows[0], "%.*s", nl != NULL ? (int)(nl - text) : (int)strlen(text), text);
    snprintf(rows[1], sizeof rows[1], "%s", nl != NULL ? nl + 1 : "");
    const float fit = c->view.fit;
    float rw[2] = { measure_hud_text(c, size, rows[0]) * fit, nrows > 1 ? measure_hud_text(c, size, rows[1]) * fit : 0.0f };
    float w = fmaxf(rw[0], rw[1]), row_h = 1.25f * text_size(c, size) * fit, h = row_h * (float)nrows, pad = 5.0f * fit;
    if (!(w > 0.0f)) return;
    Vec2 s = view_to_screen(&c->view, want_at), a = view_to_screen(&c->view, anchor);
    float x = align == ALIGN_CENTER ? s.x - 0.5f * w : align == ALIGN_RIGHT ? s.x - w : s.x;
    float y = s.y - 0.5f * h;
    ScreenBox want = { x - pad, y - 0.5f * pad, x + w + pad, y + h + 0.5f * pad, 0.0f };
    ScreenBox got = canvas_place_label(c, want, a);
    Vec2 lo = view_to_canvas(&c->view, (Vec2){ got.x0, got.y0 }), hi = view_to_canvas(&c->view, (Vec2){ got.x1, got.y1 });
    Vec2 l0 = a, l1 = a;
    if (canvas_label_leader(c, a, got, &l0, &l1)) {
        Vec2 p = view_to_canvas(&c->view, l0), q = view_to_canvas(&c->view, l1);
        draw_line(c, p, q, 3.5f, LESSON_SHADE);
        draw_line(c, p, q, 1.5f, lesson_alpha(col, 220));
    }
    draw_box(c, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, lesson_plate(col));
    for (int i = 0; i < nrows; i++)
        draw_text(c, view_to_canvas(&c->view, (Vec2){ got.x0 + pad + 0.5f * (w - rw[i]), got.y0 + 0.5f * pad + 0.06f * row_h + row_h * (float)i }),
                  size, lesson_label_ink(col), ALIGN_LEFT, rows[i]);
}

static void draw_over(const App *app, const void *state, Canvas *c)
{
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    const float r = q.c.radius, hw = q.r.half.x, hh = q.r.half.y;
    const Vec2 rc = q.r.center, cc = q.c.center;
    const Color far = zone_color(app, REGION_FAR), corner = zone_color(app, REGION_CORNER);
    const RegionPart part = q.rep.part;
    const float sx = cc.x < rc.x ? -1.0f : 1.0f, sy = cc.y < rc.y ? -1.0f : 1.0f;
    char text[128];

    /* |dx| along the box's centre line, then |dy| up to the circle's centre:
     * ink on a dark halo, so they read over red and green alike */
    Vec2 knee = { cc.x, rc.y };
    lesson_halo_dashed(c, rc, knee, 2.5f, 10.0f, LESSON_INK);
    lesson_halo_dashed(c, knee, cc, 2.5f, 10.0f, LESSON_INK);
    /* part 3: Pythagoras, the corner to the centre, against r */
    Vec2 cp = { rc.x + (cc.x >= rc.x ? hw : -hw), rc.y + (cc.y >= rc.y ? hh : -hh) };
    if (part == REGION_CORNER) {
        lesson_halo_line(c, cp, cc, 4.0f, corner);
        draw_dot(c, cp, 6.0f, corner);
    }
    /* the centre's dot never hides a small circle (lesson_center_dot), and
     * a circle under 8 px on screen gets a ring so it is found at a glance */
    const float zoom = c->view.zoom > 0.0f ? c->view.zoom : 1.0f;
    if (r * zoom < 8.0f) {
        draw_circle_outline(c, cc, r + 10.0f / zoom, 5.0f, LESSON_SHADE);
        draw_circle_outline(c, cc, r + 10.0f / zoom, 2.0f, LESSON_INK);
    }
    draw_dot(c, cc, lesson_center_dot(r * zoom), LESSON_INK);
    draw_dot(c, rc, 5.0f, LESSON_INK);

    /* the numbers first, each by the segment it measures: |dx| on the side
     * of the box's centre line away from the circle (the |dy| segment
     * rises on the circle's side), |dy| beside its own segment, on the part
     * of it outside the circle where there is room (else beside the
     * circle), so no leader crosses the circle */
    lesson_keep_clear(c, cc, lesson_center_dot(r * zoom));
    lesson_keep_clear(c, rc, 5.0f);
    const float up = cc.y < rc.y ? -1.0f : 1.0f;   /* where the |dy| segment goes from the knee */
    snprintf(text, sizeof text, tr("lesson2.dx"), (double)q.rep.adx);
    lesson_label(c, (Vec2){ 0.5f * (rc.x + knee.x), rc.y - up * 22.0f }, LESSON_SMALL, LESSON_INK, ALIGN_CENTER, text);
    if (q.rep.ady > 1.0f) {
        snprintf(text, sizeof text, tr("lesson2.dy"), (double)q.rep.ady);
        const float outside = q.rep.ady - r;   /* the segment's length outside the circle */
        /* towards the box's middle (the box's own sides are near the
         * other side), above or below the |dx| segment */
        const float side = cc.x >= rc.x ? -1.0f : 1.0f;
        Vec2 at = outside >= 40.0f ? (Vec2){ knee.x + side * 12.0f, knee.y + up * 0.5f * outside }
                                   : (Vec2){ knee.x + side * (r + 14.0f), 0.5f * (knee.y + cc.y) };
        lesson_label(c, at, LESSON_SMALL, LESSON_INK, side > 0.0f ? ALIGN_LEFT : ALIGN_RIGHT, text);
    }
    if (part == REGION_CORNER) {
        float d = sqrtf(q.rep.cx * q.rep.cx + q.rep.cy * q.rep.cy);
        snprintf(text, sizeof text, tr("lesson2.corner_len"), (double)d, q.rep.hit ? "≤" : ">", (double)r);
        lesson_label(c, (Vec2){ cc.x + sx * (r + 16.0f / zoom), cc.y }, LESSON_LABEL, corner,
                     sx > 0.0f ? ALIGN_LEFT : ALIGN_RIGHT, text);
    }

    /* then the zone names: the one holding the centre marked ▶, larger, in
     * that zone; the other two smaller, across the box from the circle,
     * each in its own zone. A circle small enough is kept whole. */
    if (r <= 100.0f) lesson_keep_clear(c, cc, r + 10.0f / zoom);   /* the selection ring too */
    static const char *const KEYS[4] = { "", "lesson2.zone_far", "lesson2.zone_edge", "lesson2.zone_corner" };
    /* the zones are where the circle's CENTRE lies: the marker says so */
    snprintf(text, sizeof text, tr("lesson2.marker"), tr(KEYS[part]));
    /* beside the circle, never across it: a marker out to one side of
     * the circle starts (or ends) at its anchor */
    const Vec2 m = marker_anchor(&q);
    const Align mal = m.x > cc.x + r ? ALIGN_LEFT : m.x < cc.x - r ? ALIGN_RIGHT : ALIGN_CENTER;
    const Color mcol = part == REGION_EDGE ? LESSON_INK : zone_color(app, part);
    if (part == REGION_CORNER && r * zoom < 40.0f) {
        /* a corner square too small for its name: the name diagonally in
         * over the box, clear of the |dx| and |dy| lines (which run along
         * the box's edges here), a leader back into the square */
        const float cx = cc.x >= rc.x ? 1.0f : -1.0f, cy = cc.y >= rc.y ? 1.0f : -1.0f, in = r + 40.0f / zoom;
        label_beside(c, m, (Vec2){ m.x - cx * in, m.y - cy * in }, LESSON_LABEL, mcol,
                     cx > 0.0f ? ALIGN_RIGHT : ALIGN_LEFT, text);
    } else if (part == REGION_FAR) {
        /* the far zone is the canvas itself: a leader, when the name moves,
         * goes to the centre it speaks of, not into empty space */
        lesson_label_from(c, m, cc, LESSON_LABEL, mcol, mal, text);
    } else {
        lesson_label(c, m, LESSON_LABEL, mcol, mal, text);
    }
    /* the corner decided by a few pixels on screen: magnified in an inset,
     * the corner to the centre as the report measured it (before the
     * other zones' names, which then keep out of it) */
    if (part == REGION_CORNER) {
        float d = sqrtf(q.rep.cx * q.rep.cx + q.rep.cy * q.rep.cy);
        if (fabsf(d - r) * zoom < LESSON_INSET_BELOW) {
            Vec2 to = { cp.x + sx * q.rep.cx, cp.y + sy * q.rep.cy };
            snprintf(text, sizeof text, tr("lesson2.corner_len"), (double)d, q.rep.hit ? "≤" : ">", (double)r);
            lesson_inset(app, c, cp, to, d + fminf(r, 10.0f), corner, false, text);
        }
    }
    const Vec2 other[4] = {
        { 0.0f, 0.0f },
        { rc.x - sx * 0.5f * hw, rc.y - sy * (hh + r + 26.0f) },          /* far: beyond the far side */
        { rc.x - sx * 0.25f * hw, rc.y - sy * (hh + 0.5f * r) },          /* edge: the strip across the box */
        { rc.x - sx * (hw + 0.5f * r), rc.y - sy * (hh + 0.5f * r) },     /* corner: the opposite one */
    };
    /* the edge bands and corners are r wide: under 8 px on screen they
     * cannot be seen, and their names say so */
    const float band_px = r * zoom * c->view.fit;
    /* the thin zones' two-line names first, the one-line names after: the
     * larger label takes its place while there is room, the short ones
     * fit in what is left (vi, F5, 1024x768, 125 %: the far zone's name
     * took the one place below the fitted box and the edge band's two
     * lines went over it) */
    static const int THIN_FIRST[3] = { REGION_EDGE, REGION_CORNER, REGION_FAR };
    const bool thin = band_px < LESSON_INSET_BELOW;
    for (int o = 0; o < 3; o++) {
        const int k = thin ? THIN_FIRST[o] : REGION_FAR + o;
        if (k == (int)part) continue;
        const Color kcol = k == REGION_EDGE ? LESSON_INK : zone_color(app, (RegionPart)k);
        if (k != REGION_FAR && thin) {
            /* two lines beside a zone too thin to hold them: in over the
             * box (away from the canvas's edge and its panels), a leader
             * back into the zone */
            char name[160];
            snprintf(name, sizeof name, tr("lesson2.zone_thin"), tr(KEYS[k]), (double)band_px);
            const float in = 70.0f / zoom;
            const Vec2 want = { other[k].x + (k == REGION_CORNER ? sx * in : 0.0f), other[k].y + sy * in };
            label_beside(c, other[k], want, LESSON_SMALL, kcol,
                         k == REGION_CORNER ? (sx > 0.0f ? ALIGN_LEFT : ALIGN_RIGHT) : ALIGN_CENTER, name);
        } else {
            lesson_label(c, other[k], LESSON_SMALL, kcol, ALIGN_CENTER, tr(KEYS[k]));
        }
    }
    (void)far;
}

static int hud(const App *app, const void *state, char lines[][160], int max)
{
    (void)app;
    const State *st = state;
    if (max < 2 || !st->ok) return 0;
    const Picture q = st->q;
    const float r = q.c.radius, hw = q.r.half.x, hh = q.r.half.y;
    const RegionReport *p = &q.rep;
    const char *v = lesson_verdict(p->hit);
    int n = 1;
    /* every inequality the deciding part used, in the order the test
     * checks them (far first, then the edge bands, then the corner) */
    switch (p->part) {
    case REGION_FAR:
        if (p->cx > r) snprintf(lines[0], 160, tr("lesson2.far_x"), (double)p->adx, (double)(hw + r), v);
        else snprintf(lines[0], 160, tr("lesson2.far_y"), (double)p->ady, (double)(hh + r), v);
        break;
    case REGION_EDGE:
        if (p->cx <= 0.0f)
            snprintf(lines[0], 160, tr("lesson2.edge_x"), (double)p->adx, (double)hw, (double)p->ady, (double)(hh + r), v);
        else
            snprintf(lines[0], 160, tr("lesson2.edge_y"), (double)p->adx, (double)(hw + r), (double)p->ady, (double)hh, v);
        break;
    case REGION_CORNER:
    default:
        /* why not far, not an edge band: one line an axis (together they
         * overflow a line's 160 bytes in Vietnamese) */
        if (max < 3) return 0;
        snprintf(lines[0], 160, tr("lesson2.corner_why_x"), (double)hw, (double)p->adx, (double)(hw + r));
        snprintf(lines[1], 160, tr("lesson2.corner_why_y"), (double)hh, (double)p->ady, (double)(hh + r));
        snprintf(lines[2], 160, tr("lesson2.corner"), (double)p->cx, (double)p->cy,
                 (double)(p->cx * p->cx + p->cy * p->cy), p->hit ? "≤" : ">", (double)(r * r), v);
        n = 3;
        break;
    }
    strncat(lines[n - 1], lesson_tie_note(q.tie), 159 - strlen(lines[n - 1]));
    return n;
}

static void report(const App *app, const void *state, json_t *out)
{
    const State *st = state;
    if (!st->ok) return;
    const Picture q = st->q;
    static const char *const NAMES[4] = { "", "far", "edge", "corner" };
    int part = (int)q.rep.part;
    json_object_set_new(out, "region",
                        json_pack("{s:i, s:s, s:b, s:f, s:f}", "part", part, "name",
                                  part >= 1 && part <= 3 ? NAMES[part] : "", "hit", q.rep.hit, "adx",
                                  (double)q.rep.adx, "ady", (double)q.rep.ady));
    /* the colours the zones are drawn in, and their fills as they show on
     * the canvas (unlit, lit): the contrast test reads these */
    json_t *zones = json_array();
    const Color bg = app_color_background(app);
    for (int k = REGION_FAR; k <= REGION_CORNER; k++) {
        Color line = zone_color(app, (RegionPart)k), dim = lesson_over(zone_fill(app, (RegionPart)k, false), bg),
              lit = lesson_over(zone_fill(app, (RegionPart)k, true), bg);
        json_array_append_new(zones, json_pack("{s:s, s:[i,i,i], s:[i,i,i], s:[i,i,i]}", "name", NAMES[k], "color",
                                               line.r, line.g, line.b, "fill", dim.r, dim.g, dim.b, "fill_lit",
                                               lit.r, lit.g, lit.b));
    }
    json_object_set_new(out, "zones", zones);
    json_object_set_new(out, "marker", lesson_vec_json(marker_anchor(&q)));
}

static bool explain(const App *app, const void *state, Explanation *ex)
{
    (void)app;
    const State *st = state;
    if (!st->ok) return false;
    const Picture q = st->q;
    *ex = (Explanation){ 0, 1, q.rep.hit, "" };
    region_criterion(&q, ex->criterion, sizeof ex->criterion);
    lesson_explain_tie(ex, q.tie);
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
