/*
 * lesson_6.c - Rotated rectangles: the separating axis test.
 *
 * Two convex shapes are apart exactly when some axis shows a gap between
 * their shadows. For two rectangles the axes to try are the normals of
 * their edges: two per rectangle. Each axis is drawn beside the shapes with
 * both shadows on it (A's on the inner side, B's on the outer); a dashed
 * axis has a gap, a solid one an overlap. Where an axis separates, the
 * separating line is drawn in the middle of the gap; where none does, the
 * minimum translation (the least overlap) is drawn as an arrow on B.
 * ] and [ step through the axes one at a time: the axis in focus shows how
 * each shape casts its shadow (projectors from its extreme corners).
 * Controls: arrows move the selected rectangle, Q/E turn it, Tab switches.
 */
#include "sat_picture.h"
#include "i18n.h"

#include <stdio.h>

static bool build(World *w, int preset, void *state)
{
    (void)state;
    Body a, b;
    switch (preset) {
    case 0: a = body_rect(470.0f, 420.0f, 220.0f, 100.0f, 20.0f); b = body_rect(800.0f, 410.0f, 170.0f, 120.0f, -35.0f); break;
    case 1: {
        /* edge to edge: B is A's width away along A's turned x axis */
        const float ang = 20.0f * 0.017453292f, d = 140.0f + 100.0f - 0.01f; /* 0.01 px in: float rounding */
        a = body_rect(480.0f, 430.0f, 280.0f, 130.0f, 20.0f);
        b = body_rect(480.0f + d * cosf(ang), 430.0f + d * sinf(ang), 200.0f, 90.0f, 20.0f);
        break;
    }
    case 2: a = body_rect(640.0f, 440.0f, 120.0f, 70.0f, 15.0f); b = body_rect(660.0f, 440.0f, 420.0f, 260.0f, -25.0f); break;
    case 3: a = body_rect(640.0f, 430.0f, 800.0f, 2.0f, 20.0f); b = body_rect(780.0f, 470.0f, 140.0f, 200.0f, -30.0f); break;
    default: return false;
    }
    return lesson_set_pair(w, &a, &b);
}

static bool fits(const Shape *a, const Shape *b)
{
    return a->kind == SHAPE_RECT && b->kind == SHAPE_RECT;
}

/* "A1", "A2", "B1", "B2": the shape, then its first or second axis. The
 * axis is the normal of edge e and of the edge opposite it: both as long as
 * edge e, which the HUD names ("A's 100 px sides"). */
static void name_axis(const Shape *owner, const SatAxis *ax, char name[16], char edge[64])
{
    const bool from_a = ax->source == SAT_FROM_A;
    snprintf(name, 16, "%s%d", from_a ? "A" : "B", ax->edge % 2 + 1);
    if (edge == NULL) return;
    edge[0] = '\0';
    if (owner == NULL || owner->kind != SHAPE_RECT) return;
    Vec2 c[4];
    rect_corners(owner->rect, c);
    int e = ((ax->edge % 4) + 4) % 4;
    Vec2 d = { c[(e + 1) % 4].x - c[e].x, c[(e + 1) % 4].y - c[e].y };
    snprintf(edge, 64, tr(from_a ? "lesson6.edge_a" : "lesson6.edge_b"), (double)sqrtf(d.x * d.x + d.y * d.y));
}

/* Where the larger rectangle r is named when the smaller s sits on its
 * centre: inside r but past s, along whichever of r's own axes leaves the
 * most room, never the way the arrow from `away` points. False when no
 * side has room for a letter. */
static bool name_aside(const Rect *r, const Rect *s, Vec2 away, Vec2 *at)
{
    Vec2 sc[4];
    rect_corners(*s, sc);
    const float cs = cosf(r->angle), sn = sinf(r->angle);
    const Vec2 dirs[4] = { { cs, sn }, { -cs, -sn }, { -sn, cs }, { sn, -cs } };
    const float half[4] = { r->half.x, r->half.x, r->half.y, r->half.y };
    float best = 24.0f;   /* the least room a letter needs */
    bool found = false;
    for (int d = 0; d < 4; d++) {
        /* how far s reaches from r's centre along this axis */
        float reach = -INFINITY;
        for (int i = 0; i < 4; i++)
            reach = fmaxf(reach, (sc[i].x - r->center.x) * dirs[d].x + (sc[i].y - r->center.y) * dirs[d].y);
        reach = fmaxf(reach, 0.0f);
        float room = half[d] - reach;
        if (dirs[d].x * away.x + dirs[d].y * away.y > 0.5f) room *= 0.5f;   /* under the arrow */
        if (room <= best) continue;
        best = room;
        found = true;
        float t = reach + 0.5f * (half[d] - reach);
        *at = (Vec2){ r->center.x + dirs[d].x * t, r->center.y + dirs[d].y * t };
    }
    return found;
}

/* A and B at the centres, over the lines and before the axes' labels.
 * When the centres (nearly) meet, one shape holds or crosses the other:
 * both names at the middle would crowd each other and read as one shape's,
 * so the larger rectangle is named inside itself, clear of the smaller. */
static void name_shapes(const App *app, Canvas *c, const SatPicture *p)
{
    const Shape *a = &p->a, *b = &p->b;
    Vec2 at_a = a->rect.center, at_b = b->rect.center;
    Vec2 sa = view_to_screen(&c->view, at_a), sb = view_to_screen(&c->view, at_b);
    const float dx = sb.x - sa.x, dy = sb.y - sa.y, near = 48.0f * c->view.fit;   /* two letters' boxes */
    if (dx * dx + dy * dy < near * near) {
        /* the MTV arrow leaves B's centre along the normal: not there */
        Vec2 away = { 0.0f, 0.0f };
        if (p->r.hit) away = p->r.contact.normal;
        const bool a_larger = a->rect.half.x * a->rect.half.y >= b->rect.half.x * b->rect.half.y;
        if (a_larger) name_aside(&a->rect, &b->rect, away, &at_a);
        else name_aside(&b->rect, &a->rect, away, &at_b);
    }
    /* a name in the smaller size where its shape is under two rows of the
     * larger across on screen (a picture fitted between the panels: lesson
     * 6 F3 at 1280x720 drew A 44 px high, and its name, crossing A's
     * outline, was moved out of A into B) */
    const float two_rows = 2.0f * 1.25f * text_size(c, LESSON_LABEL) * c->view.fit, scale = view_scale(&c->view);
    const float size_a = 2.0f * fminf(a->rect.half.x, a->rect.half.y) * scale < two_rows ? LESSON_SMALL : LESSON_LABEL;
    const float size_b = 2.0f * fminf(b->rect.half.x, b->rect.half.y) * scale < two_rows ? LESSON_SMALL : LESSON_LABEL;
    lesson_label(c, at_a, size_a, app_color_accent(app), ALIGN_CENTER, "A");
    lesson_label(c, at_b, size_b, LESSON_INK, ALIGN_CENTER, "B");
}

/* The letters the text, the canvas and the HUD call the pair by. */
static const char *shape_letter(const App *app, const void *state, int index, Color *col)
{
    const SatPicture *p = state;
    if (!p->ok || index < 0 || index > 1) return NULL;
    *col = index == 0 ? app_color_accent(app) : LESSON_INK;
    return index == 0 ? "A" : "B";
}

static void init(void *state)
{
    lesson_sat_start(state, fits, name_axis, name_shapes);
}

/* The walk through the axes, [ ] and A: sat_picture.c. */
const Lesson lesson_6 = {
    .key = "lesson6",
    .init = init,
    .build = build,
    LESSON_SAT_HOOKS,
    .shape_letter = shape_letter,
    .draws_letters = true,
};
