/*
 * world.h - the lab's shapes and what one fixed tick does to them.
 *
 * No SDL here: the world is plain data that the update changes and the
 * drawing code only reads. Each Body keeps its shape in its own frame
 * (position + angle, a polygon's vertices relative to its centroid), and the
 * world-space Shape the collision module sees is rebuilt from it every tick,
 * so turning a polygon many times never drifts.
 */
#ifndef WORLD_H
#define WORLD_H

#include <stdbool.h>
#include <stddef.h>
#include "collide.h"
#include "broadphase.h"
#include "canvas_size.h"

#define TICK_HZ 60
#define TICK_DT (1.0f / (float)TICK_HZ)
#define MOVE_SPEED 240.0f            /* px/s; a quarter of it with Shift */
#define TURN_SPEED_DEG 90.0f         /* degrees/s */
#define SCENE_MAX_SHAPES 10000       /* what a scene file may hold */
#define WORLD_MAX_SHAPES 100000      /* lesson 9 goes this far */
#define TITLE_MAX 128
/* A collision pass keeps this many pairs with their contact (the HUD and
 * --state-out show them), counts the rest, and gives the narrow phase at
 * most WORLD_TEST_BUDGET candidates: 10,000 shapes all overlapping are 50
 * million pairs, and the window must keep answering. A pass that stops
 * there says so (pairs_exact false): its count is a lower bound. */
#define WORLD_PAIRS_KEPT 10000
#define WORLD_TEST_BUDGET 500000LL

/* Radians inside, degrees only in the HUD and in scene files. */
#define RAD_PER_DEG 0.017453292519943295f
/* An angle brought below one full turn (fmodf keeps its sign), so a shape
 * turned many times never loses precision. */
static inline float angle_wrap(float a) { return fmodf(a, 6.2831853071795864f); }

typedef struct Body {
    ShapeKind kind;
    Vec2 pos;          /* centre (centroid for a polygon) */
    float angle;       /* radians; a circle's shows as its radius line */
    float radius;      /* circle */
    Vec2 half;         /* rect */
    int count;         /* poly */
    Vec2 local[POLY_MAX_VERTS]; /* poly vertices relative to pos at angle 0 */
} Body;

/* One colliding pair, with the minimum translation from a to b. */
typedef struct Pair { int a, b; Contact contact; } Pair;

typedef struct World {
    char title[TITLE_MAX];
    int count, cap;
    Body *bodies;
    Shape *shapes;     /* world-space shapes, rebuilt from bodies each tick */
    bool *colliding;
    int selected;      /* -1 when there is none */
    Pair *pairs;       /* colliding pairs of the last collision pass */
    int pair_count, pair_cap;
    long long tested;  /* pairs given to the narrow phase in the last pass */
    int pair_total;    /* colliding pairs in all (pair_count of them kept) */
    bool pairs_exact;  /* false: the pass stopped at WORLD_TEST_BUDGET */
    Broadphase *bp;
    ShapePair *bp_out;
    Contact *bp_contacts;  /* the contact of each pair in bp_out */
    int bp_cap;
} World;

/* What the held keys ask of one tick. */
typedef struct Motion { float dx, dy, turn; /* -1..1 each */ bool slow; } Motion;

void world_init(World *w);
void world_free(World *w);
void world_clear(World *w);
/* Appends a body; false (world unchanged) when memory runs out or it is full. */
bool world_add(World *w, const Body *b);
/* Moves the contents of src into dst (freeing dst's); src is left empty. */
void world_take(World *dst, World *src);
bool world_copy(World *dst, const World *src);

Shape body_shape(const Body *b);
Body body_circle(float x, float y, float r);
Body body_rect(float x, float y, float w, float h, float angle_deg);
/* From world-space points (3..POLY_MAX_VERTS, convex). */
Body body_poly(const Vec2 *pts, int n);

/* Keeps the body's bounding box on the canvas (where it fits). */
void body_keep_on_canvas(Body *b);
/* Applies one tick of held-key motion to the selected body. */
void world_apply_motion(World *w, Motion m, float dt);
/* Rebuilds shapes from bodies and runs the collision pass, every scene
 * through the broad phase (a uniform grid; every pair when its memory runs
 * out), bounded as WORLD_PAIRS_KEPT and WORLD_TEST_BUDGET say. */
void world_collide(World *w);
/* The same (lesson 9's grid mode). */
void world_collide_grid(World *w);
/* The collision pass on every pair (lesson 9's B, to compare). */
void world_collide_all_pairs(World *w);
/* The topmost body under the canvas point p, or -1. */
int world_pick(const World *w, Vec2 p);

/* The number a shape goes by on screen (the HUD's "rectangle 3", the
 * numbers drawn on the shapes, lesson 8's pairs "1–3"): its index + 1. */
static inline int shape_number(int index) { return index + 1; }

#endif
