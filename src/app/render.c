/*
 * render.c - one frame: the canvas and its grid, the lesson's picture under
 * and over the shapes, the HUD on top. Drawing changes nothing.
 */
#include "app.h"
#include "hud.h"
#include "labels.h"
#include "shape_numbers.h"

#include <math.h>
#include <string.h>

static void draw_grid(Canvas *c)
{
    /* the canvas itself, then a faint 80 px grid to read positions by */
    draw_box(c, 0.0f, 0.0f, CANVAS_W, CANVAS_H, THEME_BG);
    for (float x = 80.0f; x < CANVAS_W; x += 80.0f) draw_line(c, (Vec2){ x, 0 }, (Vec2){ x, CANVAS_H }, 1.0f, THEME_GRID);
    for (float y = 80.0f; y < CANVAS_H; y += 80.0f) draw_line(c, (Vec2){ 0, y }, (Vec2){ CANVAS_W, y }, 1.0f, THEME_GRID);
}


/* A convex outline clipped to the canvas grown by a margin: a shape ten
 * times the canvas fills only what can be seen, not the software
 * renderer's memory. out holds n + 4. */
static int clip_to_canvas(const Vec2 *in, int n, Vec2 *out)
{
    const float m = 32.0f;
    return poly_clip_box(in, n, (Vec2){ -m, -m }, (Vec2){ CANVAS_W + m, CANVAS_H + m }, out);
}

static void draw_shapes(const App *app, Canvas *c)
{
    const World *w = &app->world;
    Vec2 pts[96];
    bool many = w->count > 200;
    /* a frame's drawing is bounded: past about 12 canvases of filled area
     * (thousands of huge overlapping shapes), the rest are dots */
    float filled = 0.0f;
    const float fill_budget = 12.0f * CANVAS_W * CANVAS_H;
    /* an open guess question: one neutral colour, no hatching */
    const bool hide = guess_hides(app);
    if (w->selected >= 0 && w->selected < w->count) {
        /* the selection rings the shape just outside its own outline, so a
         * thin shape still shows its colour (red when colliding); drawn
         * first, under every shape, so that where it runs into another
         * shape (touching) that shape covers it: a ring drawn over the
         * neighbour made touching shapes look overlapping (blind review
         * r6: lessons 1 F2, 2 F2, 3 F2, 6 F2) */
        Shape grown = w->shapes[w->selected];
        const float gap = 7.0f / (c->view.zoom > 0.0f ? c->view.zoom : 1.0f);
        if (grown.kind == SHAPE_CIRCLE) {
            grown.circle.radius += gap;
        } else if (grown.kind == SHAPE_RECT) {
            grown.rect.half.x += gap;
            grown.rect.half.y += gap;
        } else {
            Vec2 m = poly_centroid(&grown.poly);
            for (int k = 0; k < grown.poly.count && k < POLY_MAX_VERTS; k++) {
                Vec2 d = { grown.poly.verts[k].x - m.x, grown.poly.verts[k].y - m.y };
                float len = sqrtf(d.x * d.x + d.y * d.y);
                if (len > 1e-6f) grown.poly.verts[k] = (Vec2){ grown.poly.verts[k].x + d.x / len * gap, grown.poly.verts[k].y + d.y / len * gap };
            }
        }
        const Shape *s = &grown;
        int n = shape_outline(s, &c->view, pts, 96);
        /* a white outline with a dark rim reads on any fill */
        draw_poly_outline(c, pts, n, 7.0f, THEME_SELECT_RIM);
        draw_poly_outline(c, pts, n, 3.5f, THEME_SELECT);
    }
    for (int i = 0; i < w->count; i++) {
        const Shape *s = &w->shapes[i];
        const Body *b = &w->bodies[i];
        bool hit = w->colliding[i] && !hide;
        Color fill = hide ? THEME_GUESS : hit ? app_color_hit(app) : app_color_free(app);
        int n = shape_outline(s, &c->view, pts, many ? 16 : 96);
        if (many && filled > fill_budget) {
            /* a dot at the centre (a software renderer pays for each
             * triangle's bounding box: no long outlines either) */
            draw_dot(c, b->pos, 2.0f, color_alpha(fill, 255));
            continue;
        }
        if (many) {
            Aabb box = shape_aabb(s);
            float bw = fminf(box.max.x, CANVAS_W) - fmaxf(box.min.x, 0.0f);
            float bh = fminf(box.max.y, CANVAS_H) - fmaxf(box.min.y, 0.0f);
            if (bw > 0.0f && bh > 0.0f) filled += bw * bh;
            /* too small to hatch: colliding shapes are bright, free ones dim,
             * so the difference is in lightness as well as hue */
            Vec2 clipped[104];
            draw_poly_fill(c, clipped, clip_to_canvas(pts, n, clipped), color_alpha(fill, hit ? 255 : 120));
            continue;
        }
        Vec2 clipped[104];
        draw_poly_fill(c, clipped, clip_to_canvas(pts, n, clipped), color_alpha(fill, 185));
        /* colliding shapes are hatched and thick-edged, not only red: the
         * difference survives colour blindness and a washed-out projector */
        if (hit) draw_hatch(c, pts, n, 16.0f, 4.0f, color_alpha(color_darker(fill), 255));
        draw_poly_outline(c, pts, n, hit ? 6.0f : 3.0f, hit ? fill : color_lighter(fill));
        /* the lessons' labels keep off the outlines (a few chords of a circle do) */
        if (w->count <= 12 && n >= 2) {
            int step = n > 24 ? n / 24 : 1;
            for (int k = 0; k < n; k += step) canvas_avoid_outline(c, pts[k], pts[(k + step) % n], hit ? 6.0f : 3.0f);
        }
        if (b->kind == SHAPE_CIRCLE && b->angle != 0.0f) {
            /* a notch at the rim shows a circle's turn (Q / E), once it is
             * turned; not a radius from the centre, which the blind
             * reviews (r9, r10: lessons 1, 3, 8) read as a second,
             * unexplained radius, nor on an unturned circle (r11 read it
             * as a drag handle) */
            const Vec2 u = { cosf(b->angle), sinf(b->angle) };
            const Vec2 s0 = { b->pos.x + 0.6f * b->radius * u.x, b->pos.y + 0.6f * b->radius * u.y };
            const Vec2 e = { b->pos.x + b->radius * u.x, b->pos.y + b->radius * u.y };
            draw_line(c, s0, e, 2.0f, THEME_INK);
        }
        draw_dot(c, b->pos, 3.0f, THEME_INK);
    }
}

/* ---- The picture fitted between the panels --------------------------------
 *
 * What the verdict is read from: the outlines of the pair the lesson
 * explains (Lesson.explain) and the lesson's own picture of it
 * (Lesson.picture_outline: lesson 4's shadows on the x axis, lesson 12's
 * A - B); without an explained pair,
 * every shape of a small scene. Closed outlines, canvas units, clipped to
 * the canvas when tested. */
enum { FIT_POLYS = 16, FIT_PTS = 96 };
typedef struct FitGeom { Vec2 pts[FIT_POLYS][FIT_PTS]; int n[FIT_POLYS]; int count; } FitGeom;

static void fit_geometry(const App *app, const View *v, FitGeom *g)
{
    const World *w = &app->world;
    const Lesson *L = app_lesson(app);
    Explanation ex;
    g->count = 0;
    if (L->explain != NULL && L->explain(app, app->lesson_state, &ex) && ex.a >= 0 && ex.b >= 0 && ex.a < w->count &&
        ex.b < w->count) {
        g->n[g->count] = shape_outline(&w->shapes[ex.a], v, g->pts[g->count], FIT_PTS);
        g->count++;
        g->n[g->count] = shape_outline(&w->shapes[ex.b], v, g->pts[g->count], FIT_PTS);
        g->count++;
    } else if (w->count <= 12 && view_hud_top(v) <= -1.0f) {
        /* every shape of a small scene: in windows taller than 16:9, where
         * the panels have room of their own above and below the canvas; at
         * 16:9 they lie over it, and fitting a whole scene (lesson 10's
         * five shapes at 125 % text) shrank it to half */
        for (int i = 0; i < w->count && g->count < FIT_POLYS - 1; i++, g->count++)
            g->n[g->count] = shape_outline(&w->shapes[i], v, g->pts[g->count], FIT_PTS);
    }
    if (L->picture_outline != NULL && g->count < FIT_POLYS) {
        g->n[g->count] = L->picture_outline(app, app->lesson_state, g->pts[g->count], FIT_PTS);
        if (g->n[g->count] > 0) g->count++;
    }
}

/* Whether any piece of the outlines inside the canvas crosses one of the
 * n boxes (canvas units, lo/hi pairs). */
static bool fit_hidden(const FitGeom *g, const Vec2 *lo, const Vec2 *hi, int n, float k, Vec2 centre, Vec2 to)
{
    for (int p = 0; p < g->count; p++)
        for (int i = 0; i < g->n[p]; i++) {
            Vec2 a = g->pts[p][i], b = g->pts[p][(i + 1) % g->n[p]];
            float t0 = 0.0f, t1 = 1.0f;
            if (!segment_clip(a, b, (Vec2){ 0.0f, 0.0f }, (Vec2){ CANVAS_W, CANVAS_H }, &t0, &t1)) continue;
            Vec2 a1 = { a.x + (b.x - a.x) * t0, a.y + (b.y - a.y) * t0 }, b1 = { a.x + (b.x - a.x) * t1, a.y + (b.y - a.y) * t1 };
            a1 = (Vec2){ to.x + k * (a1.x - centre.x), to.y + k * (a1.y - centre.y) };
            b1 = (Vec2){ to.x + k * (b1.x - centre.x), to.y + k * (b1.y - centre.y) };
            for (int j = 0; j < n; j++) {
                float s0 = 0.0f, s1 = 1.0f;
                if (segment_clip(a1, b1, lo[j], hi[j], &s0, &s1)) return true;
            }
        }
    return false;
}

/* A long lesson panel (at 16:9, where the panels lie over the canvas, or
 * in a 4:3 window; larger text, a longer language) covered the shapes or
 * the corner that decides. When a piece of what the
 * verdict is read from (fit_geometry) lies under one of the HUD's panels
 * (the boxes hud_draw kept out: [0, panels) of c->keep_out), the world is
 * shown smaller and moved into the band between the top panels and the
 * bottom ones, as large as that band lets it (never larger than it was),
 * as near its place as it can stay: c->view's zoom and pan (an unzoomed
 * view only: a teacher's zoom is theirs). Otherwise the view is as it
 * was: a frame where nothing was hidden does not change. */
static void fit_view(const App *app, Canvas *c, int panels)
{
    View *v = &c->view;
    if (v->zoom != 1.0f || v->fit <= 0.0f || panels <= 0) return;
    static FitGeom g;   /* one frame at a time (the lab draws from one thread) */
    fit_geometry(app, v, &g);
    if (g.count == 0) return;
    const float gap = 8.0f;
    Vec2 lo[CANVAS_MAX_KEEP_OUT], hi[CANVAS_MAX_KEEP_OUT];
    const float top = view_hud_top(v), bot = view_hud_bottom(v), mid = 0.5f * (top + bot);
    float band0 = top, band1 = bot;
    panels = panels < CANVAS_MAX_KEEP_OUT ? panels : CANVAS_MAX_KEEP_OUT;
    for (int i = 0; i < panels; i++) {
        const ScreenBox *b = &c->keep_out[i];
        lo[i] = (Vec2){ (b->x0 - v->ox) / v->fit - gap, (b->y0 - v->oy) / v->fit - gap };
        hi[i] = (Vec2){ (b->x1 - v->ox) / v->fit + gap, (b->y1 - v->oy) / v->fit + gap };
        if (0.5f * (lo[i].y + hi[i].y) < mid) band0 = fmaxf(band0, hi[i].y);
        else band1 = fminf(band1, lo[i].y);
    }
    /* hidden: under a panel itself (the gap only keeps the fitted picture off them) */
    Vec2 plo[CANVAS_MAX_KEEP_OUT], phi[CANVAS_MAX_KEEP_OUT];
    for (int i = 0; i < panels; i++) {
        plo[i] = (Vec2){ lo[i].x + gap, lo[i].y + gap };
        phi[i] = (Vec2){ hi[i].x - gap, hi[i].y - gap };
    }
    const Vec2 none = { 0.0f, 0.0f };
    if (!fit_hidden(&g, plo, phi, panels, 1.0f, none, none)) return;
    /* the outlines' box on the canvas */
    Vec2 bl = { CANVAS_W, CANVAS_H }, bh = { 0.0f, 0.0f };
    for (int p = 0; p < g.count; p++)
        for (int i = 0; i < g.n[p]; i++) {
            Vec2 q = g.pts[p][i];
            q.x = fminf(fmaxf(q.x, 0.0f), CANVAS_W);
            q.y = fminf(fmaxf(q.y, 0.0f), CANVAS_H);
            bl = (Vec2){ fminf(bl.x, q.x), fminf(bl.y, q.y) };
            bh = (Vec2){ fmaxf(bh.x, q.x), fmaxf(bh.y, q.y) };
        }
    const float x0 = -v->ox / v->fit, x1 = ((float)v->out_w - v->ox) / v->fit;
    /* a label's row above and below it: the lesson's labels need room
     * beside the picture too (lesson 2 F2, vi, 125 %: the zone label went
     * under the panel when the pair filled the band) */
    const float row = text_size(c, 24.0f) * 1.3f;
    const float bw = bh.x - bl.x + 2.0f * gap, bhh = bh.y - bl.y + 2.0f * (gap + row);
    if (bw <= 0.0f || bhh <= 0.0f) return;
    /* the band between the panels, or a box beside them that holds the
     * picture larger by a twentieth or more (125 % text at 1280x720: lesson
     * 6 F3's pair fitted into the band at 0.45, with the room right of the
     * lesson panel empty): every box whose sides lie on the window's or
     * the panels' edges and that no panel crosses */
    float rx0 = x0, rx1 = x1, ry0 = band0, ry1 = band1;
    float k = band1 - band0 < 40.0f ? 0.0f : fminf(1.0f, fminf((x1 - x0) / bw, (band1 - band0) / bhh));
    /* at 16:9 (taller windows: the band holds the whole width) with the
     * text made larger, where the lesson panel grows down over the canvas
     * (at 100 % the band's milder fit keeps the SAT lessons' number lines
     * and labels their room beside the shapes: test_app_glance) */
    if (top > -1.0f && c->text_scale > 1.01f) {
        float xs[2 + 2 * CANVAS_MAX_KEEP_OUT], ys[2 + 2 * CANVAS_MAX_KEEP_OUT];
        int nx = 0, ny = 0;
        xs[nx++] = x0;
        xs[nx++] = x1;
        ys[ny++] = top;
        ys[ny++] = bot;
        for (int i = 0; i < panels; i++) {
            xs[nx++] = lo[i].x;
            xs[nx++] = hi[i].x;
            ys[ny++] = lo[i].y;
            ys[ny++] = hi[i].y;
        }
        for (int a = 0; a < nx; a++)
            for (int b = 0; b < nx; b++) {
                const float xa = fmaxf(xs[a], x0), xb = fminf(xs[b], x1);
                if (xb - xa < 40.0f) continue;
                for (int e = 0; e < ny; e++)
                    for (int f = 0; f < ny; f++) {
                        const float ya = fmaxf(ys[e], top), yb = fminf(ys[f], bot);
                        if (yb - ya < 40.0f) continue;
                        const float kk = fminf(1.0f, fminf((xb - xa) / bw, (yb - ya) / bhh));
                        if (kk <= 1.05f * k) continue;
                        bool crossed = false;
                        for (int i = 0; i < panels && !crossed; i++)
                            crossed = xa < hi[i].x && xb > lo[i].x && ya < hi[i].y && yb > lo[i].y;
                        if (crossed) continue;
                        k = kk;
                        rx0 = xa, rx1 = xb, ry0 = ya, ry1 = yb;
                    }
            }
    }
    if (k <= 0.0f) return;
    const Vec2 centre = { 0.5f * (bl.x + bh.x), 0.5f * (bl.y + bh.y) };
    /* the box's centre moved only as far as the room asks */
    const float hx = 0.5f * k * bw, hy = 0.5f * k * bhh;
    const Vec2 to = { fminf(fmaxf(centre.x, rx0 + hx), rx1 - hx), fminf(fmaxf(centre.y, ry0 + hy), ry1 - hy) };
    /* view_to_screen: W/2 + zoom (p - pan) = to + k (p - centre) */
    v->zoom = k;
    v->pan = (Vec2){ centre.x - (to.x - 0.5f * CANVAS_W) / k, centre.y - (to.y - 0.5f * CANVAS_H) / k };
}

/* The picture fitted between the panels (fit_view), but while a shape is
 * dragged the view the drag began in is kept: the mouse maps through the
 * view drawn, and a view refitted as the shape went under a panel moved
 * the picture under the pointer (a 1400x500 window: the circle dragged to
 * (1000, 150) ended at (1018, 89), tests/xvfb_mouse.sh). The fit follows
 * when the shape is let go. */
static void fit_picture(const App *app, Canvas *c, int panels)
{
    View *v = &c->view;
    const bool unzoomed = v->zoom == 1.0f && v->fit > 0.0f;
    if (app->dragging >= 0 && unzoomed && c->held_w == v->out_w && c->held_h == v->out_h) {
        if (c->held_zoom > 0.0f) {
            v->zoom = c->held_zoom;
            v->pan = c->held_pan;
        }
        return;
    }
    fit_view(app, c, panels);
    c->held_zoom = unzoomed && v->zoom != 1.0f ? v->zoom : 0.0f;
    c->held_pan = v->pan;
    c->held_w = v->out_w;
    c->held_h = v->out_h;
}

void app_draw(const App *app, Canvas *c)
{
    /* text sized from the window's height (a 4:3 window: 4/3 of the
     * letterboxed canvas's size), times Ctrl+= */
    c->text_scale = app_text_scale(app) * view_text_boost(&c->view);
    theme_use(app->light);
    canvas_clear(c, THEME_OUTSIDE);
    /* the panels go over everything, but their places are known first:
     * the lesson's labels keep out of them, and the picture the verdict is
     * read from is fitted between them */
    hud_draw(app, c, false);
    fit_picture(app, c, c->keep_out_count);
    draw_grid(c);
    const Lesson *L = app_lesson(app);
    /* an open guess question hides the explanation: it states the verdict */
    const bool explain = app->explain && !guess_hides(app);
    if (explain && L->draw_under != NULL) L->draw_under(app, app->lesson_state, c);
    draw_shapes(app, c);
    if (explain && L->draw_over != NULL) L->draw_over(app, app->lesson_state, c);
    /* the shapes' numbers, as the text names them: after the lesson's
     * labels, which keep their places */
    draw_shape_numbers(app, c);
    canvas_flush(c);
    hud_draw(app, c, true);
    canvas_flush(c);
}
