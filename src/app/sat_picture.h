/*
 * sat_picture.h - the separating axis picture (lessons 6 and 7).
 *
 * What it draws from which record: .prepare runs the collision module's
 * recording separating axis test on the lesson's pair (sat_report, into a
 * SatReport: every axis in the order the test tries it, both shapes'
 * shadows on it, their overlap or gap, the first separating axis, the
 * MTV) and turns each axis's numbers into what the screen shows
 * (SatShown: ends rounded alike, so the numbers on screen add up). Drawing,
 * the HUD lines and the state report only read that picture: each axis on
 * its own number line placed in free canvas, the walk through the axes
 * (] [ by hand, every SAT_STEP_TICKS running ticks), the separating line at
 * the first gap, else the MTV as words and an arrow. A: every axis at once,
 * the normals on their edges and the shadows in a chart beside the shapes,
 * one row per axis.
 */
#ifndef SAT_PICTURE_H
#define SAT_PICTURE_H

#include "lessons.h"

/* names(owner, ax, name, edge) writes an axis's short name ("A1", "BC")
 * into name (16 bytes) and, when edge is not NULL, the edge it is the
 * normal of ("A's 100 px sides", "edge BC") into edge (64 bytes); owner is
 * the shape the axis comes from. */
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
    /* the least axis, whose push is printed to one decimal (as the MTV is):
     * its ends and overlap in tenths, rounded alike so that they give that
     * push (lesson 6 F4 showed ends -108 and 1 beside "push 108.6") */
    bool tenths;
    int t_a0, t_a1, t_b0, t_b1, t_amount;
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
/* The axes whose push prints (to 0.1 px) as the least one's does, the
 * least itself left out: up to max of them into out; how many (none when
 * the shapes only touch: the HUD says where they touch). */
int lesson_sat_least_ties(const SatPicture *sp, int *out, int max);
/* The least push over axes 0..i (all overlapping), as the test keeps it
 * while it walks: the first least in test order; after the last axis the
 * one the test kept (r.min_axis). -1 where an axis up to i has a gap. */
int lesson_sat_least_so_far(const SatPicture *sp, int i);
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
/* scale: drawn length per px of the shadows (1; less where two shadows
 * would not fit on the visible canvas at full length: a shape in a corner) */
typedef struct SatLine { float k, t0, t1, shift, scale; } SatLine;
SatLine lesson_sat_line(const SatPicture *p, const Canvas *c, int i);
/* The walk: earlier axes faint with their result, the axis being tested
 * bold on its number line with its shadows, their projectors and their
 * numbers; the separating line at the first gap, or the MTV after the last
 * axis. The all-axes view: each axis's normal on its edge, the line in
 * every gap, the MTV, and the chart of every axis's shadows and result. */
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

/* A separating axis lesson's Lesson: its .key, .init (lesson_sat_start
 * with its pair and namers) and .build, then these. */
#define LESSON_SAT_HOOKS                                                                          \
    .state_size = sizeof(SatPicture), .update = lesson_sat_update, .prepare = lesson_sat_prepare, \
    .draw_over = lesson_sat_draw_over, .hud = lesson_sat_hud, .report = lesson_sat_report,        \
    .explain = lesson_sat_explain, .on_key = lesson_sat_on_key

#endif
