/*
 * render.c - one frame: the canvas and its grid, the lesson's picture under
 * and over the shapes, the HUD on top. Drawing changes nothing.
 */
#include "app.h"
#include "hud.h"
#include "labels.h"
#include "shape_numbers.h"

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
        if (b->kind == SHAPE_CIRCLE) {
            /* the radius line shows a circle's rotation */
            Vec2 e = { b->pos.x + b->radius * cosf(b->angle), b->pos.y + b->radius * sinf(b->angle) };
            draw_line(c, b->pos, e, 2.0f, THEME_INK);
        }
        draw_dot(c, b->pos, 3.0f, THEME_INK);
    }
    if (w->selected >= 0 && w->selected < w->count) {
        /* the selection rings the shape just outside its own outline, so a
         * thin shape still shows its colour (red when colliding) */
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
}

void app_draw(const App *app, Canvas *c)
{
    /* text sized from the window's height (a 4:3 window: 4/3 of the
     * letterboxed canvas's size), times Ctrl+= */
    c->text_scale = app_text_scale(app) * view_text_boost(&c->view);
    theme_use(app->light);
    canvas_clear(c, THEME_OUTSIDE);
    draw_grid(c);
    /* the panels go over everything, but their places are known first:
     * the lesson's labels keep out of them */
    hud_draw(app, c, false);
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
