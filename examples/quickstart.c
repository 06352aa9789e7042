/*
 * quickstart.c - Collision Lab's collision module in 30 lines.
 *
 * A circle meets a rectangle turned by 30 degrees: the yes/no test of the
 * course, then the dispatcher with the minimum translation vector.
 *
 * Build (from the top of the checkout, after `make lib`):
 *   cc -std=c11 -Isrc examples/quickstart.c build/libcollide.a -lm -o quickstart
 */
#include <stdio.h>

#include "collide.h"

int main(void)
{
    // A circle of radius 50 at (400, 300); a 80x40 box at (470, 320), turned
    // 30 degrees clockwise on screen (angles are radians, y grows down).
    Circle ball = { { 400.0f, 300.0f }, 50.0f };
    Rect box = { { 470.0f, 320.0f }, { 40.0f, 20.0f }, 30.0f * 3.14159265f / 180.0f };

    // One pair test of the course: yes or no.
    bool hit = collide_circle_rect(ball, box);
    printf("collide_circle_rect: %s\n", hit ? "colliding" : "apart");

    // The same pair through the dispatcher, which also says how to part them:
    // move b by depth along normal (a unit vector from a towards b).
    Shape a = { .kind = SHAPE_CIRCLE, .circle = ball };
    Shape b = { .kind = SHAPE_RECT, .rect = box };
    Contact contact = { { 0.0f, 0.0f }, 0.0f };
    if (shapes_collide(&a, &b, &contact)) {
        printf("shapes_collide: colliding, normal (%.2f, %.2f), depth %.2f\n",
               contact.normal.x, contact.normal.y, contact.depth);
    } else {
        printf("shapes_collide: apart\n");
    }
    return 0;
}
