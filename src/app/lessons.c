/*
 * lessons.c - the drawing helpers the lessons share (the separating axis
 * picture of lessons 6 and 7 is sat_picture.c's).
 */
#include "lessons.h"
#include "i18n.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- Shared helpers ----------------------------------------------------- */


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

Color lesson_over(Color fg, Color bg)
{
    const float a = (float)fg.a / 255.0f;
#define MIX(f, b) (uint8_t)lroundf((float)(b) + a * ((float)(f) - (float)(b)))
    return (Color){ MIX(fg.r, bg.r), MIX(fg.g, bg.g), MIX(fg.b, bg.b), 255 };
#undef MIX
}

static float channel_linear(uint8_t v)
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

Color lesson_label_ink(Color text)
{
    /* a colour too dark for the darkest plate (the dark theme's red: 4.4:1
     * on black) moves towards the theme's ink, a step at a time, until it
     * reads: still red, lighter */
    Color ink = color_alpha(text, 255), to = THEME_INK, plate = color_alpha(LESSON_SHADE, 255);
    for (int step = 1; step <= 10 && lesson_contrast(ink, plate) < LESSON_PLATE_CONTRAST; step++) {
        const float f = 0.1f * (float)step;
#define TOWARD(ch) (uint8_t)lroundf((float)text.ch + f * ((float)to.ch - (float)text.ch))
        ink = (Color){ TOWARD(r), TOWARD(g), TOWARD(b), 255 };
#undef TOWARD
    }
    ink.a = text.a;
    return ink;
}

Color lesson_plate(Color text)
{
    /* the worst thing under a label is a line or a hatch of its own colour
     * (a red label over a red, colliding shape): the plate lets so little
     * of it through that the text keeps its contrast over it */
    Color shade = LESSON_SHADE, under = color_alpha(text, 255), ink = color_alpha(lesson_label_ink(text), 255);
    /* ...or a guide line in the theme's ink (the number lines, the axes) */
    const Color guide = color_alpha(THEME_INK, 255);
    while (shade.a < 255 && (lesson_contrast(ink, lesson_over(shade, under)) < LESSON_PLATE_CONTRAST ||
                             lesson_contrast(ink, lesson_over(shade, guide)) < LESSON_PLATE_CONTRAST))
        shade.a = (uint8_t)(shade.a > 250 ? 255 : shade.a + 5);
    return shade;
}

#define HALO THEME_HALO

void lesson_halo_line(Canvas *c, Vec2 a, Vec2 b, float width, Color col)
{
    draw_line(c, a, b, width + 4.0f, HALO);
    draw_line(c, a, b, width, col);
    canvas_avoid_line(c, a, b, width + 4.0f);
}

void lesson_halo_dashed(Canvas *c, Vec2 a, Vec2 b, float width, float dash, Color col)
{
    draw_dashed_line(c, a, b, width + 4.0f, dash, HALO);
    draw_dashed_line(c, a, b, width, dash, col);
    canvas_avoid_line(c, a, b, width + 4.0f);
}

bool lesson_pair_collides(const App *app)
{
    const World *w = &app->world;
    for (int k = 0; k < w->pair_count; k++)
        if ((w->pairs[k].a == 0 && w->pairs[k].b == 1) || (w->pairs[k].a == 1 && w->pairs[k].b == 0)) return true;
    return false;
}

bool lesson_colours_verdict(const App *app, bool *hit)
{
    bool world = lesson_pair_collides(app), tie = *hit != world;
    *hit = world;
    return tie;
}

const char *lesson_tie_note(bool tie)
{
    return tie ? tr("lesson.tie") : "";
}

void lesson_explain_tie(Explanation *ex, bool tie)
{
    if (tie) strncat(ex->criterion, " (touching, within rounding)", sizeof ex->criterion - 1 - strlen(ex->criterion));
}

const char *lesson_verdict(bool hit)
{
    return tr(hit ? "lesson.collide" : "lesson.apart");
}

void lesson_label(Canvas *c, Vec2 at, float size, Color col, Align align, const char *text)
{
    lesson_label_from(c, at, at, size, col, align, text);
}

void lesson_label_from(Canvas *c, Vec2 at, Vec2 from, float size, Color col, Align align, const char *text)
{
    lesson_label_from_segment(c, at, from, from, size, col, align, text);
}

/* A label's rows ('\n' between them) and its box in output pixels: text
 * keeps its size under the lesson zoom. False with no font (nothing to
 * place). */
typedef struct LabelLayout { char rows[4][160]; float rw[4]; int nrows; float w, h, row_h, pad; } LabelLayout;

static bool label_layout(Canvas *c, float size, const char *text, LabelLayout *L)
{
    L->nrows = 0;
    for (const char *t = text; L->nrows < 4;) {
        const char *nl = strchr(t, '\n');
        size_t len = nl != NULL ? (size_t)(nl - t) : strlen(t);
        if (len >= sizeof L->rows[0]) len = sizeof L->rows[0] - 1;
        memcpy(L->rows[L->nrows], t, len);
        L->rows[L->nrows++][len] = '\0';
        if (nl == NULL) break;
        t = nl + 1;
    }
    const float fit = c->view.fit;
    L->w = 0.0f;
    for (int i = 0; i < L->nrows; i++) L->w = fmaxf(L->w, L->rw[i] = measure_hud_text(c, size, L->rows[i]) * fit);
    L->row_h = 1.25f * text_size(c, size) * fit;
    L->h = L->row_h * (float)L->nrows;
    L->pad = 5.0f * fit;
    return L->w > 0.0f;
}

/* The box the label asks for at screen point s, aligned as align says. */
static ScreenBox label_box_at(const LabelLayout *L, Vec2 s, Align align)
{
    const float x = align == ALIGN_CENTER ? s.x - 0.5f * L->w : align == ALIGN_RIGHT ? s.x - L->w : s.x;
    const float y = s.y - 0.5f * L->h;
    return (ScreenBox){ x - L->pad, y - 0.5f * L->pad, x + L->w + L->pad, y + L->h + 0.5f * L->pad, 0.0f };
}

ScreenBox lesson_label_box(Canvas *c, Vec2 at, float size, Align align, const char *text)
{
    LabelLayout L;
    if (text == NULL || !label_layout(c, size, text, &L)) return (ScreenBox){ 0.0f, 0.0f, 0.0f, 0.0f, 0.0f };
    return label_box_at(&L, view_to_screen(&c->view, at), align);
}

float lesson_label_width(Canvas *c, float size, const char *text)
{
    LabelLayout L;
    return text != NULL && label_layout(c, size, text, &L) ? L.w / c->view.fit : 0.0f;
}

void lesson_label_from_segment(Canvas *c, Vec2 at, Vec2 from, Vec2 from_to, float size, Color col, Align align,
                               const char *text)
{
    if (text == NULL || text[0] == '\0') return;
    /* a label of several lines is one box, its lines aligned as align says */
    LabelLayout L;
    if (!label_layout(c, size, text, &L)) return;   /* no font: nothing to place */
    Vec2 s = view_to_screen(&c->view, at);
    const ScreenBox want = label_box_at(&L, s, align);
    ScreenBox got = canvas_place_label(c, want, s);
    Vec2 lo = view_to_canvas(&c->view, (Vec2){ got.x0, got.y0 }), hi = view_to_canvas(&c->view, (Vec2){ got.x1, got.y1 });
    Vec2 l0 = s, l1 = s;
    if (canvas_label_leader(c, s, got, &l0, &l1)) {
        /* moved away: a thin leader from where it belongs to its box (of
         * a segment, its point nearest the box's centre) */
        if (from.x != from_to.x || from.y != from_to.y) {
            const Vec2 a = view_to_screen(&c->view, from), b = view_to_screen(&c->view, from_to);
            const Vec2 m = { 0.5f * (got.x0 + got.x1), 0.5f * (got.y0 + got.y1) };
            const float ex = b.x - a.x, ey = b.y - a.y, ee = ex * ex + ey * ey;
            float t = ee > 0.0f ? ((m.x - a.x) * ex + (m.y - a.y) * ey) / ee : 0.0f;
            t = fminf(fmaxf(t, 0.0f), 1.0f);
            from = view_to_canvas(&c->view, (Vec2){ a.x + ex * t, a.y + ey * t });
        }
        if (from.x != at.x || from.y != at.y) {
            s = view_to_screen(&c->view, from);
            if (!canvas_label_leader(c, s, got, &l0, &l1)) l0 = l1 = s;
        }
        Vec2 p = view_to_canvas(&c->view, l0), q = view_to_canvas(&c->view, l1);
        draw_line(c, p, q, 3.5f, LESSON_SHADE);
        draw_line(c, p, q, 1.5f, lesson_alpha(col, 220));
        if (l0.x == s.x && l0.y == s.y) draw_dot(c, p, 2.5f, col);   /* not when it starts at a label */
        if (c->log != NULL && c->log->leader_count < DRAW_LOG_LEADERS) {
            DrawnLeader *dl = &c->log->leaders[c->log->leader_count++];
            *dl = (DrawnLeader){ l0, l1, l0.x == s.x && l0.y == s.y, "" };
            snprintf(dl->text, sizeof dl->text, "%s", text);
        }
    }
    draw_box(c, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, lesson_plate(col));
    for (int i = 0; i < L.nrows; i++) {
        float dx = align == ALIGN_CENTER ? 0.5f * (L.w - L.rw[i]) : align == ALIGN_RIGHT ? L.w - L.rw[i] : 0.0f;
        draw_text(c,
                  view_to_canvas(&c->view, (Vec2){ got.x0 + L.pad + dx, got.y0 + 0.5f * L.pad + 0.06f * L.row_h + L.row_h * (float)i }),
                  size, lesson_label_ink(col), ALIGN_LEFT, L.rows[i]);
    }
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

/* ---- The magnified inset ------------------------------------------------ */

static Vec2 hud_world(const View *v, Vec2 h)
{
    return view_to_canvas(v, (Vec2){ v->ox + h.x * v->fit, v->oy + h.y * v->fit });
}

/* What covering box b (screen px) costs the inset: a panel or a label
 * (never), a kept-clear point, the lines it would hide. */
static float inset_cost(const Canvas *c, ScreenBox b)
{
    float cost = 0.0f;
    for (int i = 0; i < c->keep_out_count; i++) cost += screen_box_hits(b, c->keep_out[i], 6.0f) ? 1000.0f : 0.0f;
    for (int i = 0; i < c->label_count; i++) cost += screen_box_hits(b, c->labels[i], 6.0f) ? 1000.0f : 0.0f;
    for (int i = 0; i < c->line_count; i++) {
        float t0 = 0.0f, t1 = 0.0f;
        const AvoidLine *l = &c->lines[i];
        if (segment_clip(l->a, l->b, (Vec2){ b.x0, b.y0 }, (Vec2){ b.x1, b.y1 }, &t0, &t1)) cost += 4.0f;
    }
    return cost;
}

/* Segment p-q (HUD units) clipped to [lo, hi], drawn through the view. */
static void inset_segment(Canvas *c, Vec2 p, Vec2 q, Vec2 lo, Vec2 hi, float width, Color col, bool dashed)
{
    float t0 = 0.0f, t1 = 1.0f;
    if (!segment_clip(p, q, lo, hi, &t0, &t1)) return;
    Vec2 a = { p.x + (q.x - p.x) * t0, p.y + (q.y - p.y) * t0 }, b = { p.x + (q.x - p.x) * t1, p.y + (q.y - p.y) * t1 };
    const View *v = &c->view;
    Vec2 wa = hud_world(v, a), wb = hud_world(v, b);
    if (dashed) draw_dashed_line(c, wa, wb, width, 8.0f / (v->zoom > 0.0f ? v->zoom : 1.0f), col);
    else draw_line(c, wa, wb, width, col);
}

/* The convex hull of n points (n <= 8) as indices into p, in order round
 * it (Andrew's monotone chain); its count. */
static float turn(Vec2 o, Vec2 a, Vec2 b)
{
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

static int hull_indices(const Vec2 *p, int n, int *out)
{
    int idx[8];
    n = n < 8 ? n : 8;
    for (int i = 0; i < n; i++) idx[i] = i;
    for (int i = 1; i < n; i++)   /* by x, then y */
        for (int j = i; j > 0 && (p[idx[j]].x < p[idx[j - 1]].x ||
                                  (p[idx[j]].x == p[idx[j - 1]].x && p[idx[j]].y < p[idx[j - 1]].y)); j--) {
            const int t = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = t;
        }
    int h[17], k = 0;
    for (int m = 0; m < n; m++) {   /* one chain */
        while (k >= 2 && turn(p[h[k - 2]], p[h[k - 1]], p[idx[m]]) <= 0.0f) k--;
        h[k++] = idx[m];
    }
    for (int m = n - 2, t = k + 1; m >= 0; m--) {   /* and back along the other */
        while (k >= t && turn(p[h[k - 2]], p[h[k - 1]], p[idx[m]]) <= 0.0f) k--;
        h[k++] = idx[m];
    }
    k = k > 1 ? k - 1 : k;   /* (the first point closes it) */
    for (int i = 0; i < k; i++) out[i] = h[i];
    return k;
}

enum { INSET_NAME_SPOTS = 400 };   /* places for a shape's name in the inset: every 12 px of its outline */

float lesson_inset(const App *app, Canvas *c, Vec2 from, Vec2 to, float span, Color col, bool dashed, const char *text)
{
    const View *v = &c->view;
    /* wide enough for its text */
    const float S = fmaxf(LESSON_INSET_SIZE, measure_hud_text(c, LESSON_LABEL, text) + 24.0f), fill = 0.62f * LESSON_INSET_SIZE;
    float mag = floorf(fill / fmaxf(span, 1.0f));
    mag = fminf(fmaxf(mag, 2.0f), 60.0f);
    const Vec2 spot = { 0.5f * (from.x + to.x), 0.5f * (from.y + to.y) };
    const Vec2 ss = view_to_screen(v, spot);
    /* the free place nearest the spot: a grid of places over the canvas */
    float best = INFINITY, bx = 20.0f, by = 20.0f;
    for (float y = 16.0f; y + S <= CANVAS_H - 16.0f; y += 24.0f)
        for (float x = 16.0f; x + S <= CANVAS_W - 16.0f; x += 24.0f) {
            ScreenBox b = { v->ox + x * v->fit, v->oy + y * v->fit, v->ox + (x + S) * v->fit, v->oy + (y + S) * v->fit, 0.0f };
            if (ss.x >= b.x0 - 20.0f && ss.x <= b.x1 + 20.0f && ss.y >= b.y0 - 20.0f && ss.y <= b.y1 + 20.0f) continue;
            float dx = 0.5f * (b.x0 + b.x1) - ss.x, dy = 0.5f * (b.y0 + b.y1) - ss.y;
            float cost = inset_cost(c, b) + 0.02f * sqrtf(dx * dx + dy * dy) / v->fit;
            if (cost < best) { best = cost; bx = x; by = y; }
        }
    /* the picture above a band for the text, which no line crosses */
    const float band = 1.5f * text_size(c, LESSON_LABEL) + 8.0f;
    const Vec2 lo = { bx + 3.0f, by + 3.0f }, hi = { bx + S - 3.0f, by + S - band };
    const Vec2 mid = { bx + 0.5f * S, by + 0.5f * (S - band) };
    /* a magnifier's callout: a frame about the spot and the two lines
     * that join it to the box, the outline of both together (a leader and
     * a ring at a tiny circle's knot of rings was not read as the link:
     * blind review r9, lesson 1 F5 and lesson 5 F4) */
    const float fh = 14.0f * v->fit;   /* the frame's half side, screen px */
    Vec2 corners[8] = { { ss.x - fh, ss.y - fh }, { ss.x + fh, ss.y - fh }, { ss.x + fh, ss.y + fh }, { ss.x - fh, ss.y + fh },
                        { v->ox + bx * v->fit, v->oy + by * v->fit }, { v->ox + (bx + S) * v->fit, v->oy + by * v->fit },
                        { v->ox + (bx + S) * v->fit, v->oy + (by + S) * v->fit }, { v->ox + bx * v->fit, v->oy + (by + S) * v->fit } };
    int hull[8];
    const int nh = hull_indices(corners, 8, hull);
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < nh; k++) {
            const int i = hull[k], j = hull[(k + 1) % nh];
            if ((i < 4) == (j < 4)) continue;   /* a side of the frame or the box: not a joining line */
            const Vec2 a = view_to_canvas(v, corners[i]), b = view_to_canvas(v, corners[j]);
            if (pass == 0) draw_line(c, a, b, 4.0f, LESSON_SHADE);
            else draw_line(c, a, b, 1.5f, col);
        }
    Vec2 fr[4];
    for (int k = 0; k < 4; k++) fr[k] = view_to_canvas(v, corners[k]);
    draw_poly_outline(c, fr, 4, 5.0f, LESSON_SHADE);
    draw_poly_outline(c, fr, 4, 2.0f, col);
    canvas_flush(c);
    draw_hud_box(c, bx, by, S, S, lesson_alpha(THEME_PANEL, 245));
    /* every shape's outline about the spot, magnified: circles as arcs
     * (fine enough that a pixel's gap stays a pixel's gap) */
    const World *w = &app->world;
    static Vec2 cand[12][INSET_NAME_SPOTS];   /* (drawing is single-threaded) */
    int ncand[12] = { 0 };
    const Vec2 nlo = { lo.x + 14.0f, lo.y + 12.0f }, nhi = { hi.x - 14.0f, hi.y - 12.0f };
    for (int i = 0; i < w->count && i < 12; i++) {
        const Shape *s = &w->shapes[i];
        Color sc = w->colliding[i] ? app_color_hit(app) : app_color_free(app);
        /* the pair's first shape lighter: two red outlines a few px
         * apart, a box's edges and a circle's arc, read as one shape's
         * (blind reviews r7, r8: lesson 5 F4's inset) */
        if (i == 0) sc = color_lighter(sc);
        Vec2 pts[97];
        int n = 0;
        bool closed = true;
        if (s->kind == SHAPE_CIRCLE) {
            const Vec2 o = s->circle.center;
            const float r = s->circle.radius;
            float a0 = atan2f(spot.y - o.y, spot.x - o.x), half = 3.2f;
            if (r * mag > S) { half = fminf(3.2f, 1.5f * S / (r * mag)); closed = false; }
            for (n = 0; n <= 96; n++) {
                float a = a0 - half + 2.0f * half * (float)n / 96.0f;
                pts[n] = (Vec2){ o.x + r * cosf(a), o.y + r * sinf(a) };
            }
        } else {
            n = shape_outline(s, v, pts, 96);
        }
        for (int k = 0; k + (closed ? 0 : 1) < n; k++) {
            Vec2 p = pts[k], q = pts[(k + 1) % n];
            Vec2 hp = { mid.x + (p.x - spot.x) * mag, mid.y + (p.y - spot.y) * mag };
            Vec2 hq = { mid.x + (q.x - spot.x) * mag, mid.y + (q.y - spot.y) * mag };
            inset_segment(c, hp, hq, lo, hi, 3.0f, sc, false);
            /* where its name may go: points of its outline in the inset,
             * every 12 px along it (a box's long edge is one segment) */
            float t0 = 0.0f, t1 = 1.0f;
            if (segment_clip(hp, hq, nlo, nhi, &t0, &t1)) {
                const float seg = (t1 - t0) * sqrtf((hq.x - hp.x) * (hq.x - hp.x) + (hq.y - hp.y) * (hq.y - hp.y));
                const int steps = seg > 12.0f ? (int)(seg / 12.0f) : 1;
                for (int e = 0; e <= steps && ncand[i] < INSET_NAME_SPOTS; e++) {
                    const float t = t0 + (t1 - t0) * (float)e / (float)steps;
                    cand[i][ncand[i]++] = (Vec2){ hp.x + (hq.x - hp.x) * t, hp.y + (hq.y - hp.y) * t };
                }
            }
        }
    }
    /* each outline named as on the canvas ("1", "2"; lesson 5 F4's inset
     * showed two red lines and an arc no one could tell apart: blind
     * review r10), a little in from where it leaves the inset */
    const Lesson *L = app_lesson(app);
    Vec2 named[12];
    int nnamed = 0;
    /* the "×N", top right: as many times as the picture on screen: the
     * inset draws mag screen px (at 1280x720) a canvas px, the picture
     * zoom (the teacher's, or the fit between the panels) (blind review
     * r10: lesson 1 F5 zoomed in said ×26 where the inset was 13 times the
     * picture) */
    const float zoom = v->zoom > 0.0f ? v->zoom : 1.0f, times = mag / zoom;
    char mtext[16];
    snprintf(mtext, sizeof mtext, "×%.0f", (double)times);
    const float mx0 = bx + S - 8.0f - measure_hud_text(c, LESSON_SMALL, mtext) - 4.0f;
    const float my1 = by + 6.0f + 1.3f * text_size(c, LESSON_SMALL) + 2.0f;
    for (int i = 0; i < w->count && i < 12; i++) {
        Color nc = LESSON_INK;
        const char *letter = L->shape_letter != NULL ? L->shape_letter(app, app->lesson_state, i, &nc) : NULL;
        char name[16];
        if (letter != NULL) snprintf(name, sizeof name, "%s", letter);
        else snprintf(name, sizeof name, "%d", shape_number(i));
        const float tw = measure_hud_text(c, LESSON_SMALL, name), th = 1.2f * text_size(c, LESSON_SMALL);
        /* the furthest from the middle not beside a name already there */
        float best_d = -1.0f;
        Vec2 at = mid;
        /* on its own side of its outline, toward its centre: two outlines
         * that touch keep their names apart */
        const Vec2 o = shape_center(&w->shapes[i]);
        const Vec2 oh = { mid.x + (o.x - spot.x) * mag, mid.y + (o.y - spot.y) * mag };
        /* (else on its outer side, where another outline takes the inner) */
        for (int k = 0; k < 2 * ncand[i] && !(k == ncand[i] && best_d >= 0.0f); k++) {
            const Vec2 h = cand[i][k % ncand[i]];
            Vec2 d = { oh.x - h.x, oh.y - h.y };
            const float dl = sqrtf(d.x * d.x + d.y * d.y), sgn = k < ncand[i] ? 1.0f : -1.0f;
            if (dl > 1e-3f) d = (Vec2){ sgn * d.x / dl, sgn * d.y / dl };
            const Vec2 q = { h.x + d.x * 16.0f, h.y + d.y * 16.0f };
            if (q.x < nlo.x || q.x > nhi.x || q.y < nlo.y || q.y > nhi.y) continue;
            /* not on the "×N" */
            if (q.x + 0.5f * tw + 6.0f > mx0 && q.y - 0.5f * th - 2.0f < my1) continue;
            /* nor on another shape's outline (its sampled points): the name
             * would read as that one's */
            bool on_other = false;
            for (int j = 0; j < w->count && j < 12 && !on_other; j++)
                for (int m2 = 0; j != i && m2 < ncand[j] && !on_other; m2++)
                    on_other = fabsf(cand[j][m2].x - q.x) < 0.5f * tw + 8.0f && fabsf(cand[j][m2].y - q.y) < 0.5f * th + 6.0f;
            if (on_other) continue;
            const float len = sqrtf((h.x - mid.x) * (h.x - mid.x) + (h.y - mid.y) * (h.y - mid.y));
            bool crowded = false;
            for (int m = 0; m < nnamed; m++)
                crowded = crowded || (fabsf(named[m].x - q.x) < 30.0f && fabsf(named[m].y - q.y) < 30.0f);
            if (!crowded && len > best_d) { best_d = len; at = q; }
        }
        if (best_d < 0.0f) continue;
        named[nnamed++] = at;
        /* its plate a canvas box (the inset is the one HUD box here) */
        const Vec2 p0 = hud_world(v, (Vec2){ at.x - 0.5f * tw - 4.0f, at.y - 0.5f * th });
        const Vec2 p1 = hud_world(v, (Vec2){ at.x + 0.5f * tw + 4.0f, at.y + 0.5f * th });
        draw_box(c, p0.x, p0.y, p1.x - p0.x, p1.y - p0.y, lesson_alpha(THEME_PANEL, 235));
        draw_hud_text(c, (Vec2){ at.x, at.y - 0.5f * th + 0.05f * th }, LESSON_SMALL, nc, ALIGN_CENTER, name);
    }
    /* the deciding segment, from the record's own points */
    Vec2 hf = { mid.x + (from.x - spot.x) * mag, mid.y + (from.y - spot.y) * mag };
    Vec2 ht = { mid.x + (to.x - spot.x) * mag, mid.y + (to.y - spot.y) * mag };
    inset_segment(c, hf, ht, lo, hi, 8.0f, LESSON_SHADE, false);
    inset_segment(c, hf, ht, lo, hi, 4.0f, col, dashed);
    canvas_flush(c);
    draw_hud_text(c, (Vec2){ bx + S - 8.0f, by + 6.0f }, LESSON_SMALL, LESSON_INK, ALIGN_RIGHT, mtext);
    draw_hud_text(c, (Vec2){ bx + 0.5f * S, by + S - band + 4.0f }, LESSON_LABEL, col, ALIGN_CENTER, text);
    /* labels drawn later keep out of it */
    canvas_keep_out_hud(c, bx, by, S, S);
    return times;
}
