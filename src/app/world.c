/*
 * world.c - bodies, the per-tick motion, and the collision pass.
 */
#include "world.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>


void world_init(World *w)
{
    memset(w, 0, sizeof *w);
    w->selected = -1;
    w->pairs_exact = true;
}

void world_free(World *w)
{
    free(w->bodies);
    free(w->shapes);
    free(w->colliding);
    free(w->pairs);
    free(w->bp_out);
    free(w->bp_contacts);
    broadphase_destroy(w->bp);
    world_init(w);
}

void world_clear(World *w)
{
    w->count = 0;
    w->selected = -1;
    w->pair_count = 0;
    w->pair_total = 0;
    w->pairs_exact = true;
    w->tested = 0;
    w->title[0] = '\0';
}

static bool grow(void **p, size_t elem, int cap)
{
    void *q = realloc(*p, elem * (size_t)cap);
    if (q == NULL) return false;
    *p = q;
    return true;
}

static bool world_reserve(World *w, int need)
{
    if (need <= w->cap) return true;
    int cap = w->cap > 0 ? w->cap : 16;
    while (cap < need) cap *= 2;
    if (!grow((void **)&w->bodies, sizeof *w->bodies, cap) ||
        !grow((void **)&w->shapes, sizeof *w->shapes, cap) ||
        !grow((void **)&w->colliding, sizeof *w->colliding, cap))
        return false;
    w->cap = cap;
    return true;
}

bool world_add(World *w, const Body *b)
{
    if (w->count >= WORLD_MAX_SHAPES || !world_reserve(w, w->count + 1)) return false;
    w->bodies[w->count] = *b;
    w->shapes[w->count] = body_shape(b);
    w->colliding[w->count] = false;
    w->count++;
    return true;
}

void world_take(World *dst, World *src)
{
    World keep = *dst;
    *dst = *src;
    /* dst keeps its own broad phase scratch; the rest comes from src */
    dst->bp = keep.bp;
    dst->bp_out = keep.bp_out;
    dst->bp_contacts = keep.bp_contacts;
    dst->bp_cap = keep.bp_cap;
    keep.bp = src->bp;
    keep.bp_out = src->bp_out;
    keep.bp_contacts = src->bp_contacts;
    world_init(src);
    world_free(&keep);
}

bool world_copy(World *dst, const World *src)
{
    World w;
    world_init(&w);
    if (!world_reserve(&w, src->count > 0 ? src->count : 1)) return false;
    memcpy(w.bodies, src->bodies, sizeof *src->bodies * (size_t)src->count);
    w.count = src->count;
    w.selected = src->selected;
    memcpy(w.title, src->title, sizeof w.title);
    world_collide(&w);
    world_take(dst, &w);
    world_free(&w);
    return true;
}

Body body_circle(float x, float y, float r)
{
    Body b;
    memset(&b, 0, sizeof b);
    b.kind = SHAPE_CIRCLE;
    b.pos = (Vec2){ x, y };
    b.radius = r;
    return b;
}

Body body_rect(float x, float y, float w, float h, float angle_deg)
{
    Body b;
    memset(&b, 0, sizeof b);
    b.kind = SHAPE_RECT;
    b.pos = (Vec2){ x, y };
    b.half = (Vec2){ 0.5f * w, 0.5f * h };
    b.angle = angle_deg * RAD_PER_DEG;
    return b;
}

Body body_poly(const Vec2 *pts, int n)
{
    Body b;
    memset(&b, 0, sizeof b);
    b.kind = SHAPE_POLY;
    Poly p;
    memset(&p, 0, sizeof p);
    p.count = n < 0 ? 0 : n > POLY_MAX_VERTS ? POLY_MAX_VERTS : n;
    for (int i = 0; i < p.count; i++) p.verts[i] = pts[i];
    b.pos = poly_centroid(&p);
    b.count = p.count;
    for (int i = 0; i < p.count; i++)
        b.local[i] = (Vec2){ p.verts[i].x - b.pos.x, p.verts[i].y - b.pos.y };
    return b;
}

Shape body_shape(const Body *b)
{
    Shape s;
    memset(&s, 0, sizeof s);
    s.kind = b->kind;
    switch (b->kind) {
    case SHAPE_CIRCLE:
        s.circle = (Circle){ b->pos, b->radius };
        break;
    case SHAPE_RECT:
        s.rect = (Rect){ b->pos, b->half, b->angle };
        break;
    case SHAPE_POLY: {
        float c = cosf(b->angle), sn = sinf(b->angle);
        s.poly.count = b->count;
        for (int i = 0; i < b->count; i++) {
            Vec2 l = b->local[i];
            s.poly.verts[i] = (Vec2){ b->pos.x + l.x * c - l.y * sn, b->pos.y + l.x * sn + l.y * c };
        }
        break;
    }
    }
    return s;
}

void body_keep_on_canvas(Body *b)
{
    Shape s = body_shape(b);
    Aabb box = shape_aabb(&s);
    if (!(box.min.x <= box.max.x)) return;
    /* Shift back by how far the box sticks out; a box wider than the canvas
     * is centred instead. */
    float w = box.max.x - box.min.x, h = box.max.y - box.min.y;
    if (w > CANVAS_W) b->pos.x += 0.5f * CANVAS_W - 0.5f * (box.min.x + box.max.x);
    else if (box.min.x < 0.0f) b->pos.x -= box.min.x;
    else if (box.max.x > CANVAS_W) b->pos.x -= box.max.x - CANVAS_W;
    if (h > CANVAS_H) b->pos.y += 0.5f * CANVAS_H - 0.5f * (box.min.y + box.max.y);
    else if (box.min.y < 0.0f) b->pos.y -= box.min.y;
    else if (box.max.y > CANVAS_H) b->pos.y -= box.max.y - CANVAS_H;
}

void world_apply_motion(World *w, Motion m, float dt)
{
    if (w->selected < 0 || w->selected >= w->count) return;
    Body *b = &w->bodies[w->selected];
    float speed = m.slow ? 0.25f * MOVE_SPEED : MOVE_SPEED;
    float turn = m.slow ? 0.25f * TURN_SPEED_DEG : TURN_SPEED_DEG;
    b->pos.x += m.dx * speed * dt;
    b->pos.y += m.dy * speed * dt;
    b->angle += m.turn * turn * RAD_PER_DEG * dt;
    /* keep the angle in (-2pi, 2pi) so it never loses precision */
    b->angle = angle_wrap(b->angle);
    body_keep_on_canvas(b);
}

/* Keeps a pair and its contact while there is room (WORLD_PAIRS_KEPT);
 * pair_total counts every one. */
static void push_pair(World *w, int a, int b, Contact c)
{
    w->pair_total++;
    if (w->pair_count >= WORLD_PAIRS_KEPT) return;
    if (w->pair_count >= w->pair_cap) {
        int cap = w->pair_cap > 0 ? w->pair_cap * 2 : 64;
        if (cap > WORLD_PAIRS_KEPT) cap = WORLD_PAIRS_KEPT;
        if (!grow((void **)&w->pairs, sizeof *w->pairs, cap)) return;
        w->pair_cap = cap;
    }
    w->pairs[w->pair_count++] = (Pair){ a, b, c };
}

static void collide_all_pairs(World *w)
{
    long long tested = 0;
    for (int i = 0; i < w->count; i++) {
        for (int j = i + 1; j < w->count; j++) {
            Contact c = { { 0.0f, 0.0f }, 0.0f };
            tested++;
            if (shapes_collide(&w->shapes[i], &w->shapes[j], &c)) {
                w->colliding[i] = w->colliding[j] = true;
                push_pair(w, i, j, c);
            }
        }
    }
    w->tested = tested;
}

static bool collide_broadphase(World *w)
{
    if (w->bp == NULL && (w->bp = broadphase_create()) == NULL) return false;
    if (w->bp_cap < WORLD_PAIRS_KEPT) {
        if (!grow((void **)&w->bp_out, sizeof *w->bp_out, WORLD_PAIRS_KEPT) ||
            !grow((void **)&w->bp_contacts, sizeof *w->bp_contacts, WORLD_PAIRS_KEPT))
            return false;
        w->bp_cap = WORLD_PAIRS_KEPT;
    }
    /* every colliding shape is marked, the first pairs kept, the rest
     * counted; a scene of 50 million pairs stops at the budget */
    broadphase_set_budget(w->bp, WORLD_TEST_BUDGET);
    /* the kept pairs come with shapes_collide's contact: one narrow phase */
    int n = broadphase_collide_contacts(w->bp, w->shapes, w->count, w->bp_out, w->bp_contacts, WORLD_PAIRS_KEPT,
                                        w->colliding);
    if (n < 0) return false;
    w->tested = broadphase_candidates(w->bp);
    int kept = n < WORLD_PAIRS_KEPT ? n : WORLD_PAIRS_KEPT;
    for (int k = 0; k < kept; k++) {
        push_pair(w, w->bp_out[k].a, w->bp_out[k].b, w->bp_contacts[k]);
    }
    w->pair_total = n;
    w->pairs_exact = !broadphase_stopped(w->bp) && n < INT_MAX;
    return true;
}

static void rebuild_shapes(World *w)
{
    for (int i = 0; i < w->count; i++) {
        w->shapes[i] = body_shape(&w->bodies[i]);
        w->colliding[i] = false;
    }
    w->pair_count = 0;
    w->pair_total = 0;
    w->pairs_exact = true;
}

void world_collide_all_pairs(World *w)
{
    rebuild_shapes(w);
    collide_all_pairs(w);
}

void world_collide(World *w)
{
    rebuild_shapes(w);
    if (collide_broadphase(w)) return;
    /* the broad phase's memory ran out: every pair */
    rebuild_shapes(w);
    collide_all_pairs(w);
}

void world_collide_grid(World *w) { world_collide(w); }

int world_pick(const World *w, Vec2 p)
{
    Shape probe;
    memset(&probe, 0, sizeof probe);
    probe.kind = SHAPE_CIRCLE;
    probe.circle = (Circle){ p, 0.0f };
    /* the last drawn is on top */
    for (int i = w->count - 1; i >= 0; i--) {
        Shape s = body_shape(&w->bodies[i]);
        if (shapes_collide(&probe, &s, NULL)) return i;
    }
    return -1;
}
