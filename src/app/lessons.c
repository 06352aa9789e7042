/*
 * lessons.c - the drawing helpers the lessons share (the separating axis
 * picture of lessons 6 and 7 is sat_picture.c's).
 */
#include "lessons.h"
#include "i18n.h"

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
    if (text == NULL || text[0] == '\0') return;
    /* a label of several lines ('\n' between them) is one box, its lines
     * aligned as align says */
    char rows[4][160];
    int nrows = 0;
    for (const char *t = text; nrows < 4;) {
        const char *nl = strchr(t, '\n');
        size_t len = nl != NULL ? (size_t)(nl - t) : strlen(t);
        if (len >= sizeof rows[0]) len = sizeof rows[0] - 1;
        memcpy(rows[nrows], t, len);
        rows[nrows++][len] = '\0';
        if (nl == NULL) break;
        t = nl + 1;
    }
    /* the box in output pixels: text keeps its size under the lesson zoom */
    const float fit = c->view.fit;
    float w = 0.0f, rw[4];
    for (int i = 0; i < nrows; i++) w = fmaxf(w, rw[i] = measure_hud_text(c, size, rows[i]) * fit);
    const float row_h = 1.25f * text_size(c, size) * fit, h = row_h * (float)nrows, pad = 5.0f * fit;
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
        if (from.x != at.x || from.y != at.y) {
            s = view_to_screen(&c->view, from);
            if (!canvas_label_leader(c, s, got, &l0, &l1)) l0 = l1 = s;
        }
        Vec2 p = view_to_canvas(&c->view, l0), q = view_to_canvas(&c->view, l1);
        draw_line(c, p, q, 3.5f, LESSON_SHADE);
        draw_line(c, p, q, 1.5f, lesson_alpha(col, 220));
        if (l0.x == s.x && l0.y == s.y) draw_dot(c, p, 2.5f, col);   /* not when it starts at a label */
    }
    draw_box(c, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, LESSON_SHADE);
    for (int i = 0; i < nrows; i++) {
        float dx = align == ALIGN_CENTER ? 0.5f * (w - rw[i]) : align == ALIGN_RIGHT ? w - rw[i] : 0.0f;
        draw_text(c, view_to_canvas(&c->view, (Vec2){ got.x0 + pad + dx, got.y0 + 0.5f * pad + 0.06f * row_h + row_h * (float)i }),
                  size, col, ALIGN_LEFT, rows[i]);
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
