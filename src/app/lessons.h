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

/* ---- Shared by the lessons (lessons.c) ---------------------------------- */

/* Canvas px: labels stay readable from the back of a classroom. */
#define LESSON_LABEL 21.0f
#define LESSON_SMALL 19.0f

extern const Color LESSON_INK;       /* labels, guide lines */
extern const Color LESSON_INK_DIM;
extern const Color LESSON_SHADE;     /* the backdrop behind labels */

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
Color lesson_alpha(Color c, Uint8 alpha);
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

/* A separating axis lesson's state: how it finds and names its pair, the
 * axis [ and ] stepped to, and the picture .prepare computed. */
struct SatPicture {
    /* set by the lesson's init */
    bool (*fits)(const Shape *a, const Shape *b);   /* the pair this lesson explains */
    AxisNamer names;
    ShapeNamer shape_names;                          /* may be NULL */
    int axis_focus;          /* the axis [ ] stepped to, -1 all */
    /* the picture */
    bool ok;                 /* false: the world holds no such pair */
    Shape a, b;              /* shapes 0 and 1 */
    SatReport r;
};

/* How far b must move along the axis to leave a: the overlap of the two
 * shadows, or more when one shadow holds the other. The labels show this,
 * so the least of them is the MTV's depth. */
float lesson_sat_push(const SatAxis *ax);
/* The axis in focus when the report has it, else -1: every axis is shown. */
int lesson_sat_focus(const SatPicture *p);
/* The hooks of a separating axis lesson, for its Lesson (state: SatPicture). */
void lesson_sat_prepare(const App *app, void *state);
/* ] the next axis, [ the previous one; one step past either end shows all
 * axes again. */
bool lesson_sat_on_key(App *app, void *state, const Binding *b);
/* Every axis as a line beside the shapes with both projections on it; the
 * separating line where one separates, else the minimum translation. With
 * an axis in focus that axis is drawn bold with the projectors from the
 * shapes' extreme vertices to its shadows' ends, the others faded. */
void lesson_sat_draw_over(const App *app, const void *state, Canvas *c);
/* HUD lines: how many axes overlap (or the axis in focus with both
 * intervals), and what decided. */
int lesson_sat_hud(const App *app, const void *state, char lines[][160], int max);
/* The pair, the verdict of the report the picture is drawn from, and the
 * axis that decided (Lesson.explain). */
bool lesson_sat_explain(const App *app, const void *state, Explanation *out);
/* "sat": {"axes": [...], "separating", "separating_from", "mtv", "focus"} */
void lesson_sat_report(const App *app, const void *state, json_t *out);

#endif
