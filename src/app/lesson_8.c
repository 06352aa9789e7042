/*
 * lesson_8.c - Everything together.
 *
 * A few shapes of each kind. For every pair the dispatcher picks the test
 * that fits the two kinds; the table on the right lists each pair with that
 * test, its verdict and its depth. Every colliding pair is joined by its
 * contact normal: an arrow pointing from a towards b, as long as the depth
 * (at least a little, so it shows).
 * Controls: arrows move the selected shape, Q/E turn it, Tab switches.
 */
#include "lessons.h"
#include "i18n.h"

#include <stdio.h>
#include <string.h>

#define TABLE_RIGHT 1270.0f   /* the table's right edge; it is at least TABLE_W wide */
#define TABLE_Y 170.0f
#define TABLE_W 470.0f
#define ROW_H 24.0f
#define MAX_ROWS 21

static bool build(World *w, int preset, void *state)
{
    (void)state;
    if (preset != 0) return false;
    /* every shape left of x = 565, where the widest table (Vietnamese, the
     * largest text) begins, and above y = 550, where the panel of colliding
     * pairs begins at 125 %: the table and the panels hide none of them */
    static const Vec2 tri[3] = { { 420.0f, 365.0f }, { 570.0f, 395.0f }, { 500.0f, 545.0f } };
    static const Vec2 quad[4] = { { 350.0f, 405.0f }, { 450.0f, 385.0f }, { 470.0f, 505.0f }, { 370.0f, 535.0f } };
    Body bodies[6] = {
        body_circle(262.0f, 290.0f, 60.0f),
        body_circle(305.0f, 475.0f, 65.0f),
        body_rect(410.0f, 270.0f, 200.0f, 100.0f, 0.0f),
        body_rect(120.0f, 440.0f, 180.0f, 80.0f, 30.0f),
        body_poly(tri, 3),
        body_poly(quad, 4),
    };
    world_clear(w);
    for (int i = 0; i < 6; i++)
        if (!world_add(w, &bodies[i])) return false;
    w->selected = 0;
    return true;
}

/* The catalogue key of the test the dispatcher runs for two shapes: by
 * their kinds, and for boxes by whether they are upright (shapes_collide
 * takes the x and y intervals for two upright boxes; a circle and an
 * upright box need no turn, only the clamp of lesson 3). */
static const char *test_key(const Shape *sa, const Shape *sb)
{
    ShapeKind a = sa->kind, b = sb->kind;
    if (a > b) {
        const Shape *t = sa; sa = sb; sb = t;
        a = sa->kind, b = sb->kind;
    }
    if (a == SHAPE_CIRCLE && b == SHAPE_CIRCLE) return "lesson8.test_cc";
    if (a == SHAPE_CIRCLE && b == SHAPE_RECT) return sb->rect.angle == 0.0f ? "lesson8.test_cr_upright" : "lesson8.test_cr";
    if (a == SHAPE_CIRCLE) return "lesson8.test_cp";
    if (a == SHAPE_RECT && b == SHAPE_RECT)
        return sa->rect.angle == 0.0f && sb->rect.angle == 0.0f ? "lesson8.test_rr_upright" : "lesson8.test_rr";
    if (a == SHAPE_RECT) return "lesson8.test_rp";
    return "lesson8.test_pp";
}

/* The test in words, for --state-out's criterion (the catalogue's English
 * row text, key for key: the report names what the table shows). */
static const char *test_words(const Shape *a, const Shape *b)
{
    static const struct { const char *key, *words; } W[] = {
        { "lesson8.test_cc", "circle-circle: distance d against r1 + r2" },
        { "lesson8.test_cr_upright", "circle-rect: clamp into the upright box" },
        { "lesson8.test_cr", "circle-rect: turn into the box's frame, then clamp" },
        { "lesson8.test_cp", "circle-poly: SAT on the edge normals and the nearest vertex's axis" },
        { "lesson8.test_rr_upright", "rect-rect, both upright: the x and the y intervals overlap" },
        { "lesson8.test_rr", "rect-rect: SAT on the 4 edge normals" },
        { "lesson8.test_rp", "rect-poly: SAT on the edge normals" },
        { "lesson8.test_pp", "poly-poly: SAT on the edge normals" },
    };
    const char *key = test_key(a, b);
    for (size_t i = 0; i < sizeof W / sizeof W[0]; i++)
        if (strcmp(W[i].key, key) == 0) return W[i].words;
    return key;
}

static const Pair *find_pair(const World *w, int i, int j)
{
    for (int k = 0; k < w->pair_count; k++)
        if (w->pairs[k].a == i && w->pairs[k].b == j) return &w->pairs[k];
    return NULL;
}

/* How wide the table must be for the language's longest test and verdict
 * side by side (a depth of two digits; at least TABLE_W): the same for
 * every arrangement of the shapes, so the table does not jump. cell is
 * its text size, ts its scale (the text size, as far as the table fits). */
static float table_width(Canvas *c, float cell, float ts)
{
    static const char *const tests[] = { "lesson8.test_cc", "lesson8.test_cr_upright", "lesson8.test_cr",
                                         "lesson8.test_cp", "lesson8.test_rr_upright", "lesson8.test_rr",
                                         "lesson8.test_rp", "lesson8.test_pp" };
    float test_w = measure_hud_text(c, cell, tr("lesson8.col_test"));
    for (size_t k = 0; k < sizeof tests / sizeof tests[0]; k++)
        test_w = fmaxf(test_w, measure_hud_text(c, cell, tr(tests[k])));
    char hit[64];
    snprintf(hit, sizeof hit, tr("lesson8.row_hit"), 99.9);
    float verdict_w = fmaxf(measure_hud_text(c, cell, hit), measure_hud_text(c, cell, tr("lesson8.row_apart")));
    verdict_w = fmaxf(verdict_w, measure_hud_text(c, cell, tr("lesson8.col_verdict")));
    return fmaxf(TABLE_W * ts, 62.0f * ts + test_w + 12.0f + verdict_w + 12.0f);
}

/* The table's top (HUD units): TABLE_Y, or 8 below the bottom of a top
 * panel that reaches over x >= tx (a long title in Vietnamese wraps to
 * more lines and would cover the table's header row). */
static float table_top(const Canvas *c, float tx)
{
    const View *v = &c->view;
    float top = TABLE_Y;
    for (int k = 0; k < c->keep_out_count; k++) {
        const ScreenBox *b = &c->keep_out[k];
        if (b->r > 0.0f || v->fit <= 0.0f) continue;
        float x1 = (b->x1 - v->ox) / v->fit, y0 = (b->y0 - v->oy) / v->fit, y1 = (b->y1 - v->oy) / v->fit;
        if (y0 < 40.0f && x1 > tx && y1 + 8.0f > top && y1 < CANVAS_H / 2.0f) top = y1 + 8.0f;
    }
    return top;
}

/* The table's box (HUD units) covers none of the HUD's panels (the
 * kept-out boxes; discs are the lessons' points) and no shape's box. */
static bool table_clear(const World *w, const Canvas *c, float x, float y, float tw, float th)
{
    const View *v = &c->view;
    ScreenBox tb = { v->ox + x * v->fit, v->oy + y * v->fit, v->ox + (x + tw) * v->fit, v->oy + (y + th) * v->fit, 0.0f };
    for (int k = 0; k < c->keep_out_count; k++)
        if (c->keep_out[k].r <= 0.0f && screen_box_hits(tb, c->keep_out[k], 0.0f)) return false;
    for (int i = 0; i < w->count; i++) {
        Aabb b = shape_aabb(&w->shapes[i]);
        Vec2 lo = view_to_screen(v, b.min), hi = view_to_screen(v, b.max);
        if (screen_box_hits(tb, (ScreenBox){ lo.x, lo.y, hi.x, hi.y, 0.0f }, 0.0f)) return false;
    }
    return true;
}

/* The highest top the table can have under the panels above TABLE_Y that
 * share its columns x .. x + tw (HUD units). */
static float table_room_above(const Canvas *c, float x, float tw)
{
    const View *v = &c->view;
    float y = -1e9f;
    for (int k = 0; k < c->keep_out_count; k++) {
        const ScreenBox *b = &c->keep_out[k];
        if (b->r > 0.0f || v->fit <= 0.0f) continue;
        float bx0 = (b->x0 - v->ox) / v->fit, bx1 = (b->x1 - v->ox) / v->fit;
        float by0 = (b->y0 - v->oy) / v->fit, by1 = (b->y1 - v->oy) / v->fit;
        if (by0 >= TABLE_Y || bx1 <= x || bx0 >= x + tw) continue;
        y = fmaxf(y, by1 + 8.0f);
    }
    return y;
}

static void draw_over(const App *app, const void *state, Canvas *c)
{
    (void)state;
    const World *w = &app->world;
    if (w->count > 12) return;   /* a scene too big for a table */
    const Color hitc = app_color_hit(app), acc = app_color_accent(app);
    char text[160];
    int rows = w->count * (w->count - 1) / 2;
    if (rows > MAX_ROWS) rows = MAX_ROWS;
    /* the table grows with the text size (Ctrl+=, a 4:3 window's text),
     * from the right edge, as long as it stays clear of the HUD's panels
     * (their places are kept out already: hud_draw reserved them) and of
     * the shapes, below the top panels it would run under, or moved up to
     * just under the panels above it when that makes room; at the least
     * its designed size */
    const float full = text_size(c, 1.0f);
    float ts = full, cell = LESSON_SMALL, tw = 0.0f, tx = 0.0f, row_h = 0.0f, h = 0.0f, ty = TABLE_Y;
    for (;; ts = fmaxf(1.0f, ts - 0.03f)) {
        cell = LESSON_SMALL * ts / full;   /* its text at the table's scale */
        tw = table_width(c, cell, ts);
        tx = TABLE_RIGHT - tw;
        row_h = ROW_H * ts;
        h = 44.0f * ts + row_h * (float)rows;
        ty = table_top(c, tx);
        bool clear = table_clear(w, c, tx, ty, tw, h);
        if (!clear) {
            float up = table_room_above(c, tx, tw);
            if (up < ty && table_clear(w, c, tx, up, tw, h)) { ty = up; clear = true; }
        }
        if (clear || ts <= 1.0f) break;
    }
    /* the labels keep out of the table, drawn last */
    canvas_keep_out_hud(c, tx, ty, tw, h);
    /* the contact normals, from the middle between the two centres */
    for (int k = 0; k < w->pair_count; k++) {
        const Pair *p = &w->pairs[k];
        Vec2 ca = shape_center(&w->shapes[p->a]), cb = shape_center(&w->shapes[p->b]);
        draw_dashed_line(c, ca, cb, 2.0f, 8.0f, lesson_alpha(LESSON_INK, 170));
        Vec2 m = { 0.5f * (ca.x + cb.x), 0.5f * (ca.y + cb.y) };
        float len = fminf(fmaxf(p->contact.depth, 36.0f), 140.0f);
        Vec2 tip = { m.x + p->contact.normal.x * len, m.y + p->contact.normal.y * len };
        draw_arrow(c, m, tip, 8.0f, LESSON_SHADE);
        draw_arrow(c, m, tip, 4.5f, acc);
    }
    /* each depth beside its arrow (the shapes' numbers, as the table names
     * them, are every lesson's: shape_numbers.c) */
    for (int k = 0; k < w->pair_count; k++) {
        const Pair *p = &w->pairs[k];
        Vec2 ca = shape_center(&w->shapes[p->a]), cb = shape_center(&w->shapes[p->b]);
        Vec2 m = { 0.5f * (ca.x + cb.x), 0.5f * (ca.y + cb.y) };
        float len = fminf(fmaxf(p->contact.depth, 36.0f), 140.0f);
        Vec2 tip = { m.x + p->contact.normal.x * len, m.y + p->contact.normal.y * len };
        /* with the pair's names: beside one shape's number it still says
         * which pair it is (the blind review read "9.9 px" by circle 2 as
         * circle 2's) */
        snprintf(text, sizeof text, tr("lesson8.depth"), shape_number(p->a), shape_number(p->b), (double)p->contact.depth);
        Vec2 side = { -p->contact.normal.y, p->contact.normal.x };
        if (side.y > 0.0f) { side.x = -side.x; side.y = -side.y; }
        /* asked for on a's side of the arrow's start: two arrows meeting at
         * one shape (2-6, 5-6) keep their depths apart, leaders uncrossed */
        (void)tip;
        Vec2 q = { 0.5f * (m.x + ca.x), 0.5f * (m.y + ca.y) };
        lesson_label(c, (Vec2){ q.x + side.x * 26.0f, q.y + side.y * 26.0f }, LESSON_SMALL, acc, ALIGN_CENTER, text);
    }

    /* the pair table, in HUD space on the right */
    canvas_flush(c);
    draw_hud_box(c, tx, ty, tw, h, THEME_PANEL);
    draw_hud_text(c, (Vec2){ tx + 12.0f, ty + 8.0f * ts }, cell, LESSON_INK, ALIGN_LEFT, tr("lesson8.col_pair"));
    draw_hud_text(c, (Vec2){ tx + 62.0f * ts, ty + 8.0f * ts }, cell, LESSON_INK, ALIGN_LEFT, tr("lesson8.col_test"));
    draw_hud_text(c, (Vec2){ tx + tw - 12.0f, ty + 8.0f * ts }, cell, LESSON_INK, ALIGN_RIGHT,
                  tr("lesson8.col_verdict"));
    float y = ty + 38.0f * ts;
    int row = 0;
    for (int i = 0; i < w->count && row < rows; i++)
        for (int j = i + 1; j < w->count && row < rows; j++, row++) {
            const Pair *p = find_pair(w, i, j);
            Color col = p != NULL ? hitc : LESSON_INK_DIM;
            snprintf(text, sizeof text, "%d–%d", shape_number(i), shape_number(j));
            draw_hud_text(c, (Vec2){ tx + 12.0f, y }, cell, col, ALIGN_LEFT, text);
            draw_hud_text(c, (Vec2){ tx + 62.0f * ts, y }, cell, col, ALIGN_LEFT,
                          tr(test_key(&w->shapes[i], &w->shapes[j])));
            if (p != NULL) snprintf(text, sizeof text, tr("lesson8.row_hit"), (double)p->contact.depth);
            else snprintf(text, sizeof text, "%s", tr("lesson8.row_apart"));
            draw_hud_text(c, (Vec2){ tx + tw - 12.0f, y }, cell, col, ALIGN_RIGHT, text);
            y += row_h;
        }
}

static int hud(const App *app, const void *state, char lines[][160], int max)
{
    (void)state;
    const World *w = &app->world;
    if (max < 1) return 0;
    snprintf(lines[0], 160, tr("lesson8.hud"), (long long)w->count * (w->count - 1) / 2, w->pair_count);
    return 1;
}

static void report(const App *app, const void *state, json_t *out)
{
    (void)state;
    const World *w = &app->world;
    if (w->count > 12) return;
    json_t *table = json_array();
    for (int i = 0; i < w->count; i++)
        for (int j = i + 1; j < w->count; j++) {
            const Pair *p = find_pair(w, i, j);
            const char *key = test_key(&w->shapes[i], &w->shapes[j]);
            json_array_append_new(table, json_pack("{s:i, s:i, s:s, s:b, s:f}", "a", i, "b", j, "test", key + 8,
                                                   "hit", p != NULL, "depth", p != NULL ? (double)p->contact.depth : 0.0));
        }
    json_object_set_new(out, "pair_table", table);
}

/* The pair the picture points at: the selected shape's first colliding
 * pair (its arrow and its row), else the selected shape and the next one. */
static bool explain(const App *app, const void *state, Explanation *ex)
{
    (void)state;
    const World *w = &app->world;
    if (w->count < 2 || w->count > 12) return false;
    int s = w->selected >= 0 && w->selected < w->count ? w->selected : 0;
    int a = s, b = (s + 1) % w->count;
    for (int k = 0; k < w->pair_count; k++)
        if (w->pairs[k].a == s || w->pairs[k].b == s) { a = w->pairs[k].a; b = w->pairs[k].b; break; }
    if (a > b) { int t = a; a = b; b = t; }
    const Pair *p = find_pair(w, a, b);
    *ex = (Explanation){ a, b, p != NULL, "" };
    if (p != NULL && lesson_touching(p->contact.depth))
        snprintf(ex->criterion, sizeof ex->criterion, "%s: touching (counts as colliding)",
                 test_words(&w->shapes[a], &w->shapes[b]));
    else if (p != NULL)
        snprintf(ex->criterion, sizeof ex->criterion, "%s: depth %.1f px", test_words(&w->shapes[a], &w->shapes[b]),
                 (double)p->contact.depth);
    else
        snprintf(ex->criterion, sizeof ex->criterion, "%s: apart", test_words(&w->shapes[a], &w->shapes[b]));
    return true;
}

const Lesson lesson_8 = {
    .key = "lesson8",
    .build = build,
    .draw_over = draw_over,
    .hud = hud,
    .report = report,
    .explain = explain,
};
