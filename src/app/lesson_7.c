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

#include <math.h>
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

/* How far q lies outside the convex polygon p (negative inside): the
 * largest of its signed distances to the edges' lines, whichever way p
 * winds. */
static float outside_by(const Poly *p, Vec2 q)
{
    float area = 0.0f;
    for (int i = 0; i < p->count; i++) {
        Vec2 a = p->verts[i], b = p->verts[(i + 1) % p->count];
        area += a.x * b.y - a.y * b.x;
    }
    const float sign = area < 0.0f ? -1.0f : 1.0f;
    float most = -INFINITY;
    for (int i = 0; i < p->count; i++) {
        Vec2 a = p->verts[i], b = p->verts[(i + 1) % p->count];
        float ex = b.x - a.x, ey = b.y - a.y, len = sqrtf(ex * ex + ey * ey);
        if (len < 1e-6f) continue;
        /* outward normal of a counter-clockwise (area > 0) edge: (ey, -ex) */
        float d = sign * ((q.x - a.x) * ey - (q.y - a.y) * ex) / len;
        most = fmaxf(most, d);
    }
    return most;
}

/* Each vertex's letter just outside it, away from its polygon's centre,
 * 24 px on screen at any zoom; where that spot lies in or on the other
 * polygon (a vertex on the other's edge: lesson 7 F2's E and G sat inside
 * ABCD, read as its points by blind review r10), the nearest turn of that
 * direction, in steps of 45 degrees, that keeps clear of both. Moved by the
 * placer, its leader goes to the vertex itself. */
static void letters(Canvas *c, const Poly *p, const Poly *other, const char *names, Color col)
{
    Vec2 m = poly_centroid(p);
    for (int i = 0; i < p->count; i++) lesson_keep_clear(c, p->verts[i], 5.0f);
    const float off = 24.0f / c->view.zoom, clear = 12.0f / c->view.zoom;
    static const float TURNS[7] = { 0.0f, 0.785398f, -0.785398f, 1.570796f, -1.570796f, 2.356194f, -2.356194f };
    for (int i = 0; i < p->count; i++) {
        Vec2 v = p->verts[i];
        float dx = v.x - m.x, dy = v.y - m.y, len = sqrtf(dx * dx + dy * dy);
        if (len < 1e-3f) len = 1.0f;
        dx /= len, dy /= len;
        Vec2 at = { v.x + dx * off, v.y + dy * off };
        for (int k = 0; k < 7; k++) {
            const float cs = cosf(TURNS[k]), sn = sinf(TURNS[k]);
            Vec2 q = { v.x + (dx * cs - dy * sn) * off, v.y + (dx * sn + dy * cs) * off };
            if (outside_by(other, q) > clear && outside_by(p, q) > 0.0f) { at = q; break; }
        }
        char s[2] = { names[i], '\0' };
        draw_dot(c, v, 5.0f, col);
        lesson_label_from(c, at, v, LESSON_LABEL, col, ALIGN_CENTER, s);
    }
}

/* The vertices' letters, over the lines and before the axes' labels. */
static void name_shapes(const App *app, Canvas *c, const SatPicture *p)
{
    letters(c, &p->b.poly, &p->a.poly, LETTERS_B, LESSON_INK);
    letters(c, &p->a.poly, &p->b.poly, LETTERS_A, app_color_accent(app));
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
