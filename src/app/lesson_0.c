/*
 * lesson_0.c - the playground: two circles, two rectangles (one turned)
 * and a triangle. Every pair is tested every tick; nothing else is drawn.
 * Controls: arrows move the selected shape, Q/E turn it, Tab switches.
 */
#include "lessons.h"

static bool build(World *w, int preset, void *state)
{
    (void)state;
    if (preset != 0) return false;
    world_clear(w);
    static const Vec2 tri[3] = { { 980.0f, 420.0f }, { 1120.0f, 560.0f }, { 900.0f, 600.0f } };
    Body bodies[] = {
        body_circle(260.0f, 300.0f, 70.0f),
        body_circle(470.0f, 520.0f, 45.0f),
        body_rect(620.0f, 290.0f, 220.0f, 110.0f, 0.0f),
        body_rect(860.0f, 250.0f, 160.0f, 70.0f, 30.0f),
        body_poly(tri, 3),
    };
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++)
        if (!world_add(w, &bodies[i])) return false;
    w->selected = 0;
    return true;
}

const Lesson lesson_0 = {
    .key = "lesson0",
    .build = build,
};
