/*
 * lessons.h - what the lessons (one file each: lesson_N.c, listed in
 * lesson_list.h) share (lessons.c): labels that read on any background,
 * lines across the canvas, and the separating axis picture.
 *
 * Every lesson takes shapes 0 and 1 of the world as its pair; the selected
 * shape may be either.
 */
#ifndef LESSONS_H
#define LESSONS_H

#include "app.h"
#include "labels.h"

/* ---- Shared by the lessons (lessons.c) ---------------------------------- */

/* Canvas px: labels stay readable from the back of a classroom. */
#define LESSON_LABEL 21.0f
#define LESSON_SMALL 19.0f

/* The theme's ink (theme.h) under the names the lessons use. */
#define LESSON_INK THEME_INK             /* labels, guide lines */
#define LESSON_INK_DIM THEME_INK_DIM
#define LESSON_SHADE THEME_SHADE         /* the backdrop behind labels */

/* Shapes 0 and 1 (the lesson's pair); false when the world has fewer. */
bool lesson_pair(const App *app, const Shape **a, const Shape **b);
/* The world holds just a and b (shapes 0 and 1), a selected; false when
 * one does not fit. */
bool lesson_set_pair(World *w, const Body *a, const Body *b);
/* A circle and an upright box: one preset of a lesson (its own, F2..F5). */
typedef struct CircleBox { Vec2 c; float r; Vec2 box; float w, h; } CircleBox;
/* The build of a circle-and-box lesson from its presets (count of them);
 * false for a preset it does not have. */
bool lesson_build_circle_box(World *w, const CircleBox *presets, int count, int preset);
static inline Color lesson_alpha(Color c, uint8_t alpha) { return color_alpha(c, alpha); }
/* Shapes whose depth would print as 0.0 px only touch: the pictures say
 * "touching" (which counts as colliding) instead of a push of 0.0. */
static inline bool lesson_touching(float depth) { return depth < 0.05f; }
/* The radius of a centre dot on a circle of radius r (both in canvas
 * pixels as shown): 5, but at most 0.4 r, so the circle shows around it. */
static inline float lesson_center_dot(float r) { return r * 0.4f < 5.0f ? (r * 0.4f > 1.0f ? r * 0.4f : 1.0f) : 5.0f; }
/* Whether the collision pass (shapes_collide, the colours on screen) found
 * shapes 0 and 1 colliding. A lesson's own test can differ from it only
 * within float rounding of touching; the picture then states the colours'
 * verdict and says it is a touch within rounding (lesson_tie_note). */
bool lesson_pair_collides(const App *app);
/* " (touching, within rounding)" in the catalogue's language, or "". */
const char *lesson_tie_note(bool tie);
/* fg drawn over the opaque bg (fg's alpha). */
Color lesson_over(Color fg, Color bg);
/* The WCAG contrast ratio of two opaque colours, 1..21. */
float lesson_contrast(Color a, Color b);
/* A line that reads on any fill, its own colour included: a dark halo
 * under it (lines over shapes use this, never a shape's bare colour). */
void lesson_halo_line(Canvas *c, Vec2 a, Vec2 b, float width, Color col);
void lesson_halo_dashed(Canvas *c, Vec2 a, Vec2 b, float width, float dash, Color col);
/* "collide" or "apart", from the catalogue. */
const char *lesson_verdict(bool hit);
/* Text on a dark backdrop, vertically centred on at.y, where it does not
 * cover an earlier label or a kept-clear point (else moved to the nearest
 * free place, with a thin leader back to at): important labels first. */
void lesson_label(Canvas *c, Vec2 at, float size, Color col, Align align, const char *text);
/* The same, but a label the placer had to move away from at gets its
 * leader from the point from (what it is about) instead of from at. */
void lesson_label_from(Canvas *c, Vec2 at, Vec2 from, float size, Color col, Align align, const char *text);
/* Labels drawn after this leave the disc of radius r (canvas units; at
 * least a dot's size) about p visible: centres, closest points. */
void lesson_keep_clear(Canvas *c, Vec2 p, float r);
/* The line through p along dir, clipped to the canvas; solid or dashed. */
void lesson_line_across(Canvas *c, Vec2 p, Vec2 dir, float width, bool dashed, Color col);
/* [x, y] as a JSON array (new reference). */
json_t *lesson_vec_json(Vec2 v);

/* The separating axis picture (lessons 6 and 7). names(owner, ax, name,
 * edge) writes an axis's short name ("A1", "BC") into name (16 bytes) and,
 * when edge is not NULL, the edge it is the normal of ("A's 100 px sides",
 * "edge BC") into edge (64 bytes); owner is the shape the axis comes from. */
typedef void (*AxisNamer)(const Shape *owner, const SatAxis *ax, char name[16], char edge[64]);
typedef struct SatPicture SatPicture;
/* Labels the shapes themselves: runs after every line of the picture and
 * before the axes' labels, so its labels keep their places. */
typedef void (*ShapeNamer)(const App *app, Canvas *c, const SatPicture *p);

/* What the picture shows on one axis, from the recorder's numbers: the
 * number line's direction (the axis, turned to read left to right, or
 * upwards when it is nearly vertical), where 0 is (the projection of A's
 * centre) and both shadows' ends rounded to whole pixels from there. The
 * gap or the overlap is the difference of those rounded ends, so the
 * numbers on screen add up. */
typedef struct SatShown {
    Vec2 dir;                /* unit; +axis or -axis */
    float zero;              /* dot(dir, A's centre) */
    int a0, a1, b0, b1;      /* A's shadow [a0, a1], B's [b0, b1], from 0 */
    bool gap;                /* the recorder's verdict on this axis: a gap */
    int amount;              /* the gap's width, or the overlap of the two shadows (what is drawn) */
    int push;                /* overlapping: how far B must move along the axis to leave A
                                (more than the overlap when one shadow holds the other) */
} SatShown;

/* How many ticks one step of the walk stays on screen (~1.5 s). */
#define SAT_STEP_TICKS 90

/* A separating axis lesson's state: how it finds and names its pair, where
 * the walk through the axes is, and the picture .prepare computed. */
struct SatPicture {
    /* set by the lesson's init */
    bool (*fits)(const Shape *a, const Shape *b);   /* the pair this lesson explains */
    AxisNamer names;
    ShapeNamer shape_names;                          /* may be NULL */
    /* the walk: the axes one at a time in the order the test tries them */
    bool all;                /* A: every axis at once instead of the walk */
    int step;                /* 0..count-1: the axis being tested; count: the verdict (no gap) */
    int ticks;               /* running ticks spent on this step */
    /* the picture */
    bool ok;                 /* false: the world holds no such pair */
    Shape a, b;              /* shapes 0 and 1 */
    SatReport r;
    SatShown shown[SAT_MAX_AXES];
};

/* How far b must move along the axis to leave a: the overlap of the two
 * shadows, or more when one shadow holds the other. */
float lesson_sat_push(const SatAxis *ax);
/* The last step of the walk: the first axis with a gap (the test stops
 * there), else r.count (after every axis: the verdict and the MTV). */
int lesson_sat_last_step(const SatPicture *p);
/* The axis the walk is testing now, else -1 (the all-axes view, or the
 * verdict after the last axis). */
int lesson_sat_focus(const SatPicture *p);
/* A lesson's init: its pair, its namers; the walk starts at axis 0. */
void lesson_sat_start(SatPicture *p, bool (*fits)(const Shape *a, const Shape *b), AxisNamer names,
                      ShapeNamer shape_names);
/* The hooks of a separating axis lesson, for its Lesson (state: SatPicture). */
void lesson_sat_prepare(const App *app, void *state);
/* The walk's clock: one step every SAT_STEP_TICKS running ticks, up to the
 * last step, where it stays. */
void lesson_sat_update(App *app, void *state, float dt);
/* ] the next step, [ the previous one (round: past the last step the walk
 * starts again); A the all-axes view or back to the walk. */
bool lesson_sat_on_key(App *app, void *state, const Binding *b);
/* Where axis i's number line goes on this canvas (its panels known): the
 * line through dir * t + perp(dir) * k for t in [t0, t1] (canvas units,
 * t measured along dir from the origin), the value v drawn at
 * t = zero + v + shift (shift 0: in line with the shapes' shadows). */
typedef struct SatLine { float k, t0, t1, shift; } SatLine;
SatLine lesson_sat_line(const SatPicture *p, const Canvas *c, int i);
/* The walk: earlier axes faint with their result, the axis being tested
 * bold on its number line with its shadows, their projectors and their
 * numbers; the separating line at the first gap, or the MTV after the last
 * axis. The all-axes view: every axis at once, each gap saying so. */
void lesson_sat_draw_over(const App *app, const void *state, Canvas *c);
/* HUD lines: which axis is tested, both intervals and the result, then
 * what follows. */
int lesson_sat_hud(const App *app, const void *state, char lines[][160], int max);
/* The pair, the verdict of the report the picture is drawn from, and the
 * axis that decided (Lesson.explain). */
bool lesson_sat_explain(const App *app, const void *state, Explanation *out);
/* "sat": {"axes": [... each with "shown"], "separating", "separating_from",
 * "mtv", "focus", "walk"} */
void lesson_sat_report(const App *app, const void *state, json_t *out);

#endif
