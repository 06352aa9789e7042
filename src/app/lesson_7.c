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

/* Whether v is the vertex nearest q, by margin px at least, among both
 * polygons' vertices: a letter there names no other point. */
static bool nearest_is(const Poly *p, const Poly *other, Vec2 v, Vec2 q, float margin)
{
    const float dv = sqrtf((q.x - v.x) * (q.x - v.x) + (q.y - v.y) * (q.y - v.y));
    const Poly *both[2] = { p, other };
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < both[k]->count; i++) {
            const Vec2 w = both[k]->verts[i];
            if (w.x == v.x && w.y == v.y) continue;
            if (sqrtf((q.x - w.x) * (q.x - w.x) + (q.y - w.y) * (q.y - w.y)) < dv + margin) return false;
        }
    return true;
}

/* Whether a letter's box at q (as lesson_label_from asks for it) is free. */
static bool letter_free(Canvas *c, Vec2 q, const char *s)
{
    return canvas_box_clear(c, lesson_label_box(c, q, LESSON_LABEL, ALIGN_CENTER, s));
}

/* Each vertex's letter just outside it, away from its polygon's centre,
 * 24 px on screen at any zoom. Where that spot lies in or on the other
 * polygon, or nearer another vertex (lesson 7 F2: E and G, on ABCD's
 * edge, were labelled inside ABCD, blind review r10, then beside B and C,
 * r11), the nearest turn of that direction, in steps of 22.5 degrees,
 * whose spot is nearest its own vertex: outside both polygons if there is
 * one, else inside its own, else anywhere (test_lesson7_letters_name_
 * their_vertices). Moved by the placer, its leader goes to the vertex
 * itself. */
static void letters(Canvas *c, const Poly *p, const Poly *other, const char *names, Color col)
{
    Vec2 m = poly_centroid(p);
    for (int i = 0; i < p->count; i++) lesson_keep_clear(c, p->verts[i], 5.0f);
    const float zoom = c->view.zoom, off = 24.0f / zoom, clear = 12.0f / zoom, margin = 12.0f / zoom;
    for (int i = 0; i < p->count; i++) {
        Vec2 v = p->verts[i];
        float dx = v.x - m.x, dy = v.y - m.y, len = sqrtf(dx * dx + dy * dy);
        if (len < 1e-3f) len = 1.0f;
        dx /= len, dy /= len;
        Vec2 at = { v.x + dx * off, v.y + dy * off };
        char s[2] = { names[i], '\0' };
        bool found = false;
        /* a spot that is also free of the labels and lines already there
         * (else the placer moves the letter, maybe beside another vertex),
         * then one that is not */
        for (int step = 0; step < 8 && !found; step++) {
            /* outside first, free or not, then anywhere: (tier, pass) as
             * (0,0) (1,0) (0,1) (1,1) (2,0) (3,0) (2,1) (3,1) */
            const int pass = (step >> 1) & 1, tier = 2 * (step >> 2) + (step & 1);
            for (int k = 0; k < 16 && !found; k++) {
                /* 0, +22.5, -22.5, +45, ... degrees */
                const float turn = (float)((k + 1) / 2) * (k % 2 == 1 ? 1.0f : -1.0f) * 0.3926991f;
                const float cs = cosf(turn), sn = sinf(turn);
                Vec2 q = { v.x + (dx * cs - dy * sn) * off, v.y + (dx * sn + dy * cs) * off };
                /* outside: clear of both by half a letter's box */
                const bool off_other = outside_by(other, q) > (tier == 0 ? 2.0f * clear : clear);
                const bool off_own = outside_by(p, q) > clear;
                /* tiers: outside both; outside the other; anywhere
                 * nearest its vertex by the margin; by any amount */
                const bool where_ok = tier >= 2 || (off_other && (off_own || tier == 1));
                if (where_ok && nearest_is(p, other, v, q, tier == 3 ? 0.0f : margin) &&
                    (pass == 1 || letter_free(c, q, s))) {
                    at = q;
                    found = true;
                }
            }
        }
        draw_dot(c, v, 5.0f, col);
        const int placed = c->label_count;
        lesson_label_from(c, at, v, LESSON_LABEL, col, ALIGN_CENTER, s);
        /* nudged by the placer nearer another vertex, with no leader (it
         * still holds its spot): a leader from its own vertex says which */
        if (c->label_count > placed) {
            const ScreenBox b = c->labels[c->label_count - 1];
            const Vec2 mid = view_to_canvas(&c->view, (Vec2){ 0.5f * (b.x0 + b.x1), 0.5f * (b.y0 + b.y1) });
            if (!nearest_is(p, other, v, mid, 0.0f)) {
                const Vec2 sv = view_to_screen(&c->view, v);
                const Vec2 edge = { fminf(fmaxf(sv.x, b.x0), b.x1), fminf(fmaxf(sv.y, b.y0), b.y1) };
                const Vec2 e = view_to_canvas(&c->view, edge);
                draw_line(c, v, e, 3.5f, LESSON_SHADE);
                draw_line(c, v, e, 1.5f, lesson_alpha(col, 220));
                if (c->log != NULL && c->log->leader_count < DRAW_LOG_LEADERS) {
                    DrawnLeader *dl = &c->log->leaders[c->log->leader_count++];
                    *dl = (DrawnLeader){ sv, edge, true, "" };
                    snprintf(dl->text, sizeof dl->text, "%s", s);
                }
            }
        }
    }
}

/* The vertices' letters, over the lines and before the axes' labels. */
static void name_shapes(const App *app, Canvas *c, const SatPicture *p)
{
    letters(c, &p->a.poly, &p->b.poly, LETTERS_A, app_color_accent(app));
    letters(c, &p->b.poly, &p->a.poly, LETTERS_B, LESSON_INK);
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
