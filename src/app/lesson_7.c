/*
 * lesson_7.c - Convex polygons: the separating axis test on every edge.
 *
 * A quadrilateral ABCD and a triangle EFG: the axes to try are the normals
 * of all seven edges, each named after its edge. The same picture as lesson
 * 6: both shadows on each axis, a gap marks a separating axis; ] and [ step
 * through the axes one at a time.
 * Controls: arrows move the selected polygon, Q/E turn it, Tab switches.
 */
#include "sat_picture.h"
#include "i18n.h"

#include <stdio.h>

static const char *const LETTERS_A = "ABCD";
static const char *const LETTERS_B = "EFG";

static bool build(World *w, int preset, void *state)
{
    (void)state;
    Vec2 quad[4], tri[3];
    switch (preset) {
    case 0: {
        const Vec2 q[4] = { { 390.0f, 350.0f }, { 560.0f, 325.0f }, { 600.0f, 470.0f }, { 420.0f, 505.0f } };
        const Vec2 t[3] = { { 740.0f, 340.0f }, { 900.0f, 440.0f }, { 720.0f, 510.0f } };
        for (int i = 0; i < 4; i++) quad[i] = q[i];
        for (int i = 0; i < 3; i++) tri[i] = t[i];
        break;
    }
    case 1: {
        /* the triangle's edge EG lies on the quadrilateral's edge BC; both
         * upright, so their shadows on BC's normal meet exactly (overlap 0,
         * touching: colliding), with no float rounding to open a gap */
        const Vec2 q[4] = { { 300.0f, 330.0f }, { 580.0f, 300.0f }, { 580.0f, 540.0f }, { 330.0f, 560.0f } };
        const Vec2 t[3] = { { 580.0f, 336.0f }, { 820.0f, 430.0f }, { 580.0f, 504.0f } };
        for (int i = 0; i < 4; i++) quad[i] = q[i];
        for (int i = 0; i < 3; i++) tri[i] = t[i];
        break;
    }
    case 2: {
        const Vec2 q[4] = { { 380.0f, 260.0f }, { 860.0f, 240.0f }, { 900.0f, 600.0f }, { 360.0f, 620.0f } };
        const Vec2 t[3] = { { 560.0f, 360.0f }, { 720.0f, 440.0f }, { 540.0f, 520.0f } };
        for (int i = 0; i < 4; i++) quad[i] = q[i];
        for (int i = 0; i < 3; i++) tri[i] = t[i];
        break;
    }
    default: return false;
    }
    Body a = body_poly(quad, 4), b = body_poly(tri, 3);
    return lesson_set_pair(w, &a, &b);
}

/* A quadrilateral and a triangle: the letters name four and three vertices. */
static bool fits(const Shape *a, const Shape *b)
{
    return a->kind == SHAPE_POLY && b->kind == SHAPE_POLY && a->poly.count == 4 && b->poly.count == 3;
}

/* An axis is named after its edge: "AB" is the normal of edge A to B. */
static void name_axis(const Shape *owner, const SatAxis *ax, char name[16], char edge[64])
{
    (void)owner;
    const char *l = ax->source == SAT_FROM_A ? LETTERS_A : LETTERS_B;
    int n = ax->source == SAT_FROM_A ? 4 : 3;
    int e = ((ax->edge % n) + n) % n;
    snprintf(name, 16, "%c%c", l[e], l[(e + 1) % n]);
    if (edge != NULL) snprintf(edge, 64, tr("lesson7.edge"), name);
}

static void letters(Canvas *c, const Poly *p, const char *names, Color col)
{
    Vec2 m = poly_centroid(p);
    for (int i = 0; i < p->count; i++) lesson_keep_clear(c, p->verts[i], 5.0f);
    for (int i = 0; i < p->count; i++) {
        Vec2 v = p->verts[i];
        float dx = v.x - m.x, dy = v.y - m.y, len = sqrtf(dx * dx + dy * dy);
        if (len < 1e-3f) len = 1.0f;
        /* just outside the vertex, away from the centre, 24 px on screen
         * at any zoom; moved by the placer, its leader goes to the vertex
         * itself (it went to that spot outside: the blind review read E
         * and G, moved into ABCD, as naming points of ABCD) */
        const float off = 24.0f / c->view.zoom;
        Vec2 at = { v.x + dx / len * off, v.y + dy / len * off };
        char s[2] = { names[i], '\0' };
        draw_dot(c, v, 5.0f, col);
        lesson_label_from(c, at, v, LESSON_LABEL, col, ALIGN_CENTER, s);
    }
}

/* The vertices' letters, over the lines and before the axes' labels. */
static void name_shapes(const App *app, Canvas *c, const SatPicture *p)
{
    letters(c, &p->a.poly, LETTERS_A, app_color_accent(app));
    letters(c, &p->b.poly, LETTERS_B, LESSON_INK);
}

static void init(void *state)
{
    lesson_sat_start(state, fits, name_axis, name_shapes);
}

/* The walk through the axes, [ ] and A: sat_picture.c. */
const Lesson lesson_7 = {
    .key = "lesson7",
    .init = init,
    .build = build,
    LESSON_SAT_HOOKS,
};
