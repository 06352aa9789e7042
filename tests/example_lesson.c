/*
 * example_lesson.c - the lesson README's "Adding a lesson" builds: two
 * circles and the gap between their edges, d - (r1 + r2). B shows the
 * centres' line. It lives in tests/ and is registered only in the test
 * build (tests/example_lesson_list.h), so the lab itself does not show it.
 * Controls: arrows move the selected circle, Tab selects the other.
 */
#include "app/lessons.h"
#include "app/i18n.h"

#include <stdio.h>

/* The lesson's state: its picture, filled by prepare, and its own switch. */
typedef struct Gap {
    bool ok;            /* the world holds two circles: the rest is filled */
    Vec2 c1, c2;        /* centres */
    float gap;          /* d - (r1 + r2): negative when they overlap */
    bool hit;
    bool show_line;     /* B */
    int prepared;       /* how often prepare ran (the test reads it) */
} Gap;

/* preset 0, the lesson's own; F2: touching. Other presets: none. */
static bool build(World *w, int preset, void *state)
{
    (void)state;
    if (preset > 1) return false;
    Body a = body_circle(400.0f, 400.0f, 80.0f);
    Body b = body_circle(preset == 0 ? 800.0f : 600.0f, 400.0f, 120.0f);
    return lesson_set_pair(w, &a, &b);
}

static void init(void *state)
{
    Gap *g = state;
    g->show_line = true;
}

/* Once a tick, after the collision pass: everything the hooks below show. */
static void prepare(const App *app, void *state)
{
    Gap *g = state;
    const Shape *a = NULL, *b = NULL;
    g->prepared++;
    g->ok = lesson_pair(app, &a, &b) && a->kind == SHAPE_CIRCLE && b->kind == SHAPE_CIRCLE;
    if (!g->ok) return;
    g->c1 = a->circle.center;
    g->c2 = b->circle.center;
    float dx = g->c2.x - g->c1.x, dy = g->c2.y - g->c1.y;
    g->gap = sqrtf(dx * dx + dy * dy) - (a->circle.radius + b->circle.radius);
    g->hit = collide_circle_circle(a->circle, b->circle);
}

static void draw_over(const App *app, const void *state, Canvas *c)
{
    const Gap *g = state;
    if (!g->ok || !g->show_line) return;
    draw_line(c, g->c1, g->c2, 3.0f, app_color_accent(app));
    char text[64];
    snprintf(text, sizeof text, "%.0f px", (double)g->gap);
    Vec2 mid = { 0.5f * (g->c1.x + g->c2.x), 0.5f * (g->c1.y + g->c2.y) - 30.0f };
    lesson_label(c, mid, LESSON_LABEL, app_color_accent(app), ALIGN_CENTER, text);
}

static int hud(const App *app, const void *state, char lines[][160], int max)
{
    (void)app;
    const Gap *g = state;
    if (!g->ok || max < 1) return 0;
    snprintf(lines[0], 160, "gap %.1f px: %s", (double)g->gap, lesson_verdict(g->hit));
    return 1;
}

static void report(const App *app, const void *state, json_t *out)
{
    (void)app;
    const Gap *g = state;
    if (!g->ok) return;
    json_object_set_new(out, "example", json_pack("{s:f, s:b, s:b}", "gap", (double)g->gap, "hit", g->hit,
                                                  "line", g->show_line));
}

static bool on_key(App *app, void *state, const Binding *b)
{
    (void)app;
    Gap *g = state;
    if (b->action != ACT_BROADPHASE) return false;   /* B */
    g->show_line = !g->show_line;
    return true;
}

/* For the test: how often prepare ran. */
int example_lesson_prepared(const void *state);
int example_lesson_prepared(const void *state) { return ((const Gap *)state)->prepared; }

const Lesson lesson_example = {
    .key = "example",
    .state_size = sizeof(Gap),
    .init = init,
    .build = build,
    .prepare = prepare,
    .draw_over = draw_over,
    .hud = hud,
    .report = report,
    .on_key = on_key,
};
