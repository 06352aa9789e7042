/*
 * shape_numbers.c - each shape's number on the canvas, as the HUD and the
 * lessons' text name it ("circle 1", "rectangle 3": index + 1).
 */
#include "shape_numbers.h"
#include "lessons.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The number is drawn at the HUD's line size, larger than a label. */
#define NUMBER_SIZE 24.0f

bool shape_number_wanted(const App *app, int i)
{
    const World *w = &app->world;
    if (i < 0 || i >= w->count || w->count > 200) return false;
    if (w->count <= SHAPE_NUMBERS_ALL || i == w->selected) return true;
    /* the pairs the bottom-left panel lists (at most four, none while a
     * guess question hides them): hud.c */
    if (guess_hides(app)) return false;
    for (int k = 0; k < w->pair_count && k < 4; k++)
        if (w->pairs[k].a == i || w->pairs[k].b == i) return true;
    return false;
}

/* The part of a convex outline inside [lo, hi] (Sutherland-Hodgman): its
 * vertex count in out (room for n + 4). */
static int clip_rect(const Vec2 *in, int n, Vec2 lo, Vec2 hi, Vec2 *out)
{
    Vec2 buf[2][104];
    int cnt = n < 96 ? n : 96;
    for (int i = 0; i < cnt; i++) buf[0][i] = in[i];
    int cur = 0;
    for (int side = 0; side < 4 && cnt > 0; side++) {
        const float lim = side == 0 ? lo.x : side == 1 ? hi.x : side == 2 ? lo.y : hi.y;
        const Vec2 *src = buf[cur];
        Vec2 *dst = buf[cur ^ 1];
        int k = 0;
        for (int i = 0; i < cnt; i++) {
            Vec2 a = src[i], b = src[(i + 1) % cnt];
            float va = side < 2 ? a.x : a.y, vb = side < 2 ? b.x : b.y;
            bool ina = side % 2 == 0 ? va >= lim : va <= lim, inb = side % 2 == 0 ? vb >= lim : vb <= lim;
            if (ina) dst[k++] = a;
            if (ina != inb) {
                float t = (lim - va) / (vb - va);
                dst[k++] = (Vec2){ a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) };
            }
        }
        cnt = k;
        cur ^= 1;
    }
    for (int i = 0; i < cnt; i++) out[i] = buf[cur][i];
    return cnt;
}

/* Whether lesson_label would find a free place for the number at `at`
 * (the trial placement is taken back; the box as lesson_label makes it);
 * exact: at `at` itself, covering no label and no line. */
static bool number_fits(Canvas *c, Vec2 at, const char *text, bool exact)
{
    const float fit = c->view.fit;
    float w = measure_hud_text(c, NUMBER_SIZE, text) * fit, h = 1.25f * text_size(c, NUMBER_SIZE) * fit, pad = 5.0f * fit;
    if (!(w > 0.0f)) return false;
    Vec2 s = view_to_screen(&c->view, at);
    ScreenBox want = { s.x - 0.5f * w - pad, s.y - 0.5f * h - 0.5f * pad, s.x + 0.5f * w + pad, s.y + 0.5f * h + 0.5f * pad, 0.0f };
    if (exact) return canvas_box_clear(c, want);
    const int overlaps = c->label_overlaps, count = c->label_count;
    (void)canvas_place_label(c, want, s);
    const bool ok = c->label_overlaps == overlaps;
    c->label_overlaps = overlaps;
    c->label_count = count;
    return ok;
}

/* Whether p lies in shape s. */
static bool in_shape(const Shape *s, Vec2 p)
{
    Shape probe;
    memset(&probe, 0, sizeof probe);
    probe.kind = SHAPE_CIRCLE;
    probe.circle = (Circle){ p, 0.0f };
    return shapes_collide(&probe, s, NULL);
}

/* Whether p lies in shape i (own) and in none of the others (else). */
static bool point_in(const World *w, int i, Vec2 p, bool *in_other)
{
    Shape probe;
    memset(&probe, 0, sizeof probe);
    probe.kind = SHAPE_CIRCLE;
    probe.circle = (Circle){ p, 0.0f };
    *in_other = false;
    for (int j = 0; j < w->count && !*in_other; j++)
        if (j != i) *in_other = shapes_collide(&probe, &w->shapes[j], NULL);
    return shapes_collide(&probe, &w->shapes[i], NULL);
}

/* Whether the number's box at `at` would cover a line drawn through a
 * shape's centre that the placer is not told of: a circle's radius line
 * (it shows the circle's turn) or the line between the first two shapes'
 * centres (lesson 1's d). */
static bool on_centre_lines(const App *app, const Canvas *c, Vec2 at, const char *text)
{
    const World *w = &app->world;
    const View *v = &c->view;
    const float fit = v->fit;
    const float bw = measure_hud_text((Canvas *)c, NUMBER_SIZE, text) * fit, bh = 1.25f * text_size(c, NUMBER_SIZE) * fit;
    const Vec2 s = view_to_screen(v, at);
    const Vec2 blo = { s.x - 0.5f * bw - 5.0f * fit, s.y - 0.5f * bh - 2.5f * fit };
    const Vec2 bhi = { s.x + 0.5f * bw + 5.0f * fit, s.y + 0.5f * bh + 2.5f * fit };
    float t0 = 0.0f, t1 = 1.0f;
    for (int i = 0; i < w->count && i < SHAPE_NUMBERS_ALL; i++) {
        const Body *b = &w->bodies[i];
        if (b->kind != SHAPE_CIRCLE) continue;
        const Vec2 e = { b->pos.x + b->radius * cosf(b->angle), b->pos.y + b->radius * sinf(b->angle) };
        if (segment_clip(view_to_screen(v, b->pos), view_to_screen(v, e), blo, bhi, &t0, &t1)) return true;
    }
    return w->count >= 2 && segment_clip(view_to_screen(v, w->bodies[0].pos), view_to_screen(v, w->bodies[1].pos), blo, bhi, &t0, &t1);
}

/* Shape i's number (or the letter its lesson calls it by), placed as the
 * header says. */
static void number_one(const App *app, Canvas *c, int i)
{
    const World *w = &app->world;
    const Lesson *L = app_lesson(app);
    Color col = THEME_INK;
    const char *letter = L->shape_letter != NULL ? L->shape_letter(app, app->lesson_state, i, &col) : NULL;
    if (letter != NULL && L->draws_letters) return;   /* the lesson draws it */
    const View *v = &c->view;
    /* the canvas as far as the window shows it, in canvas coordinates */
    Vec2 lo = view_to_canvas(v, (Vec2){ fmaxf(v->ox, 0.0f), fmaxf(v->oy, 0.0f) });
    Vec2 hi = view_to_canvas(v, (Vec2){ fminf(v->ox + CANVAS_W * v->fit, (float)v->out_w),
                                        fminf(v->oy + CANVAS_H * v->fit, (float)v->out_h) });
    const float scale = view_scale(v);
    /* the label's height in canvas units at this zoom */
    const float label_h = 1.25f * text_size(c, NUMBER_SIZE) * v->fit / scale;
    const Shape *s = &w->shapes[i];
    /* where it is seen: its centre, or the middle of its part on screen */
    Vec2 p = shape_center(s);
    Aabb box = shape_aabb(s);
    if (!(p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y)) {
        Vec2 pts[96], part[104];
        int n = clip_rect(pts, shape_outline(s, v, pts, 96), lo, hi, part);
        if (n < 1) return;   /* wholly off screen: nothing to number */
        Vec2 m = { 0.0f, 0.0f };
        for (int k = 0; k < n; k++) { m.x += part[k].x; m.y += part[k].y; }
        p = (Vec2){ m.x / (float)n, m.y / (float)n };
    }
    /* inside the shape above its centre, leaving the centre's dot and
     * the lessons' lines through it; above a shape too small for it */
    const float top = fmaxf(box.min.y, lo.y);
    Vec2 at = { p.x, p.y - 0.55f * (p.y - top) };
    const bool small = (p.y - top) < 1.6f * label_h;
    if (small) at.y = top - 0.5f * label_h - 6.0f / scale;
    char text[32];
    if (letter != NULL) snprintf(text, sizeof text, "%s", letter);
    else snprintf(text, sizeof text, "%d", shape_number(i));
    /* a number read as the shape it sits on: on a free spot of its own
     * shape that no other shape covers (a box's number inside the
     * circle over its centre named the circle, the blind review),
     * above the centre, else below it, left or right of it, else the
     * free spot of a grid over it nearest its centre; a shape inside
     * another takes a spot of its own that is free; else beside it
     * (below); else the placer's nearest free place, with a leader */
    const float hx = 0.55f * (p.x - fmaxf(box.min.x, lo.x)), hx1 = 0.55f * (fminf(box.max.x, hi.x) - p.x);
    /* then a grid over the shape's box, nearest the centre first (a
     * turned box: lesson 6 F3's B, the spots beside its centre taken by
     * A and the names) */
    Vec2 spots[4 + 36] = { at, { p.x, p.y + 0.55f * (fminf(box.max.y, hi.y) - p.y) }, { p.x - hx, p.y }, { p.x + hx1, p.y } };
    int nspots = 4;
    for (int gy = 0; gy < 6; gy++)
        for (int gx = 0; gx < 6; gx++) {
            const float fx = -0.75f + 0.3f * (float)gx, fy = -0.75f + 0.3f * (float)gy;
            const Vec2 q = { p.x + fx * (fx < 0.0f ? hx : hx1) / 0.55f,
                             p.y + fy * (fy < 0.0f ? p.y - fmaxf(box.min.y, lo.y) : fminf(box.max.y, hi.y) - p.y) };
            int k = nspots++;
            const float dq = (q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y);
            for (; k > 4; k--) {
                const Vec2 r = spots[k - 1];
                if ((r.x - p.x) * (r.x - p.x) + (r.y - p.y) * (r.y - p.y) <= dq) break;
                spots[k] = r;
            }
            spots[k] = q;
        }
    /* half the number's box, in world units */
    const float nx = 0.5f * (measure_hud_text(c, NUMBER_SIZE, text) + 10.0f) * v->fit / scale, ny = 0.5f * label_h;
    /* a shape two and a half numbers high and wide is searched inside
     * even where the spot above its centre is too low for the number
     * (lesson 5 F4's circle at 125 %, fitted at 16:9) */
    const bool roomy = box.max.y - box.min.y >= 2.5f * label_h && box.max.x - box.min.x >= 2.5f * label_h;
    int pick = -1;
    for (int pass = 0; pass < 3 && pick < 0 && (!small || roomy); pass++)
        for (int k = 0; k < nspots && pick < 0; k++) {
            /* first pass: the number's whole box (its corners and its
             * middle) half a number's height clear of the other shapes
             * (lesson 4 F3: B's 2 on A's top edge read as A's); second:
             * the box clear of them; last: its middle */
            bool other = false;
            if (!point_in(w, i, spots[k], &other)) continue;
            const float m = pass == 0 ? ny : 0.0f;
            for (int q = 0; q < 4 && !other && pass < 2; q++) {
                bool o = false;
                (void)point_in(w, i, (Vec2){ spots[k].x + (q & 1 ? nx + m : -nx - m), spots[k].y + (q & 2 ? ny + m : -ny - m) }, &o);
                other = o;
            }
            if ((pass == 2 || !other) && !on_centre_lines(app, c, spots[k], text) && number_fits(c, spots[k], text, true))
                pick = k;
        }
    /* no free spot inside (a shape too small for it, or crowded): just
     * outside its outline, above, below, left or right of it, else by a
     * corner of its box, then a number's height further out, where the
     * number's box is clear of the other shapes and of every label and
     * line (lesson 11 F4, 125 %: circle 2's number went to the placer's
     * nearest free place, 300 px away at the end of a leader) */
    Vec2 beside[16];
    for (int k = 0; k < 8 && pick < 0; k++) {
        /* from the centre out along the direction until the number's
         * box (its corners, the middles of its sides, its middle) is
         * clear of the shape: beside its outline, not its box's (a
         * long, thin, turned box's number went 160 px off its line) */
        static const float DIRS[8][2] = { { 0, -1 }, { 0, 1 }, { -1, 0 }, { 1, 0 },
                                          { -0.7071f, -0.7071f }, { 0.7071f, -0.7071f }, { -0.7071f, 0.7071f }, { 0.7071f, 0.7071f } };
        const Vec2 d = { DIRS[k][0], DIRS[k][1] };
        const float step = 0.5f * fminf(nx, ny), reach = (box.max.x - box.min.x) + (box.max.y - box.min.y) + 2.0f * (nx + ny);
        float t = 0.0f;
        for (; t < reach; t += step) {
            const Vec2 q = { p.x + d.x * t, p.y + d.y * t };
            bool clear = true;
            for (int m = 0; m < 9 && clear; m++)
                clear = !in_shape(s, (Vec2){ q.x + (float)(m % 3 - 1) * nx, q.y + (float)(m / 3 - 1) * ny });
            if (clear) break;
        }
        /* a gap from the outline, then a number's height further out */
        const float out = 6.0f * v->fit / scale, far = 1.25f * text_size(c, NUMBER_SIZE) * v->fit / scale;
        beside[k] = (Vec2){ p.x + d.x * (t + out), p.y + d.y * (t + out) };
        beside[8 + k] = (Vec2){ p.x + d.x * (t + out + far), p.y + d.y * (t + out + far) };
    }
    /* (a small shape inside another: beside it, in the other, rather
     * than at the end of a long leader: lesson 12 F3's triangle) */
    int holder = -1;   /* the shape i lies in, if any */
    for (int j = 0; j < w->count && holder < 0; j++)
        if (j != i && in_shape(&w->shapes[j], p)) holder = j;
    for (int pass = 0; pass < 2 && pick < 0; pass++)
        for (int k = 0; k < 16 && pick < 0; k++) {
            /* clear of every other shape; then (a shape inside another)
             * of every shape but the one it lies in */
            bool other = pass == 1 && holder < 0;
            for (int q = 0; q < 5 && !other; q++) {
                const Vec2 corner = q == 4 ? beside[k] : (Vec2){ beside[k].x + (q & 1 ? nx : -nx), beside[k].y + (q & 2 ? ny : -ny) };
                for (int j = 0; j < w->count && !other; j++)
                    other = j != i && (pass == 0 || j != holder) && in_shape(&w->shapes[j], corner);
            }
            if (!other && !on_centre_lines(app, c, beside[k], text) && number_fits(c, beside[k], text, true)) {
                pick = nspots;
                at = beside[k];
            }
        }
    /* a spot found free is taken as it is: the placer would move a
     * number that touches its own shape's outline, and its leader
     * would go back to the centre, maybe inside another shape (lesson
     * 3 F3: rectangle 2's number beside circle 1, its leader into it) */
    if (pick >= 0) {
        if (pick < nspots) at = spots[pick];
        c->label_as_asked = true;
    }
    /* where the placer finds no free place (a crowded picture at a
     * large text size), the lesson's labels keep theirs: no number */
    /* (a letter the lesson's text uses is drawn wherever the placer
     * puts it) */
    else if (letter == NULL && !number_fits(c, at, text, false)) return;
    lesson_label_from(c, at, p, NUMBER_SIZE, col, ALIGN_CENTER, text);
}

void draw_shape_numbers(const App *app, Canvas *c)
{
    const World *w = &app->world;
    if (w->count > 200 || !canvas_has_text(c)) return;
    for (int i = 0; i < w->count; i++)
        if (shape_number_wanted(app, i)) number_one(app, c, i);
}
