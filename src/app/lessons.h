/*
 * lessons.h - every lesson of the lab (one file each: lesson_N.c), and the
 * drawing helpers they share (lessons.c): labels that read on any
 * background, lines across the canvas, and the separating axis picture.
 *
 * Every lesson takes shapes 0 and 1 of the world as its pair; the selected
 * shape may be either.
 */
#ifndef LESSONS_H
#define LESSONS_H

#include "app.h"

extern const Lesson lesson_playground;
extern const Lesson lesson_1;
extern const Lesson lesson_2;
extern const Lesson lesson_3;
extern const Lesson lesson_4;
extern const Lesson lesson_5;
extern const struct SatLesson lesson_6;   /* see SatLesson below */
extern const struct SatLesson lesson_7;
extern const Lesson lesson_8;

#define LESSON_1 (&lesson_1)
#define LESSON_2 (&lesson_2)
#define LESSON_3 (&lesson_3)
#define LESSON_4 (&lesson_4)
#define LESSON_5 (&lesson_5)
#define LESSON_6 (&lesson_6.lesson)
#define LESSON_7 (&lesson_7.lesson)
#define LESSON_8 (&lesson_8)
extern const Lesson lesson_9;
#define LESSON_9 (&lesson_9)

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
/* A circle and an upright box: one preset of a lesson (F1..F5). */
typedef struct CircleBox { Vec2 c; float r; Vec2 box; float w, h; } CircleBox;
/* The build of a circle-and-box lesson from its presets (count of them);
 * false for a preset it does not have. */
bool lesson_build_circle_box(World *w, const CircleBox *presets, int count, int preset);
Color lesson_alpha(Color c, Uint8 alpha);
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

/* The separating axis picture. names(owner, ax, name, edge) writes an axis's
 * short name ("A1", "BC") into name (16 bytes) and, when edge is not NULL,
 * the edge it is the normal of ("A's 100 px sides", "edge BC") into edge
 * (64 bytes); owner is the shape the axis comes from. */
typedef void (*AxisNamer)(const Shape *owner, const SatAxis *ax, char name[16], char edge[64]);
/* The axis [ and ] stepped to (app->axis_focus) when r has it, else -1:
 * every axis is shown. */
int lesson_axis_focus(const App *app, const SatReport *r);
/* The on_key part of lessons 6 and 7: ] the next axis, [ the previous one,
 * out of count; one step past either end shows all axes again. True when b
 * was one of the two. */
bool lesson_axis_key(App *app, const Binding *b, int count);
/* Every axis as a line beside the shapes with both projections on it; the
 * separating line where one separates, else the minimum translation. With
 * an axis in focus that axis is drawn bold with the projectors from the
 * shapes' extreme vertices to its shadows' ends, the others faded.
 * shape_names (may be NULL) labels the shapes themselves: it runs after
 * every line and before the axes' labels, so its labels keep their places. */
typedef void (*ShapeNamer)(const App *app, Canvas *c, const Shape *a, const Shape *b);
void lesson_sat_draw(const App *app, Canvas *c, const Shape *a, const Shape *b, const SatReport *r,
                     AxisNamer names, ShapeNamer shape_names);
/* HUD lines: how many axes overlap (or the axis in focus with both
 * intervals), and what decided. Returns lines used. */
int lesson_sat_hud(const App *app, const Shape *a, const Shape *b, const SatReport *r, AxisNamer names,
                   char lines[][160], int max);
/* "sat": {"axes": [...], "separating", "separating_from", "mtv", "focus"} */
json_t *lesson_sat_json(const App *app, const SatReport *r);

/* A separating axis lesson (6, 7): a Lesson whose on_key, draw_over, hud
 * and report are the four below, followed by its picture (finds the pair
 * and their report; false when the world holds no such pair) and how it
 * names the axes and the shapes. The four find it as lesson_get(app->lesson)
 * and do nothing on any other lesson. */
typedef struct SatLesson {
    Lesson lesson;   /* first: lesson_get hands out &lesson */
    bool (*picture)(const App *app, const Shape **a, const Shape **b, SatReport *r);
    AxisNamer names;
    ShapeNamer shape_names;
} SatLesson;
/* How far b must move along the axis to leave a: the overlap of the two
 * shadows, or more when one shadow holds the other. The labels show this,
 * so the least of them is the MTV's depth. */
float lesson_sat_push(const SatAxis *ax);
bool lesson_sat_on_key(App *app, const Binding *b);                 /* [ ] step the axes */
void lesson_sat_draw_over(const App *app, Canvas *c);               /* lesson_sat_draw */
int lesson_sat_lines(const App *app, char lines[][160], int max);   /* lesson_sat_hud */
void lesson_sat_report(const App *app, json_t *state);              /* "sat" in the state */

#endif
