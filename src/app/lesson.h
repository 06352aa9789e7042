/*
 * lesson.h - what a lesson is, and the list of lessons.
 *
 * A lesson is one file (lesson_N.c) holding one `const Lesson` built with
 * designated initialisers, and one line in lesson_list.h. Everything else
 * (how many lessons there are, the --lesson range, PageUp / PageDown, the
 * lesson list in the help panel) derives from that list.
 *
 * A lesson may keep state of its own: .state_size bytes that the lab
 * allocates, zeroed, when the lesson starts (then .init runs), hands to
 * every hook, and frees (after .free_state) when another lesson starts or
 * a scene replaces the world. Once after each collision pass the lab calls
 * .prepare, which computes the lesson's picture into that state; the
 * drawing, HUD and report hooks only read it, so the picture is computed
 * once however often it is drawn.
 *
 * Text comes from the catalogue under "<key>.title", "<key>.idea1" and
 * "<key>.idea2". Every hook but build may be NULL.
 */
#ifndef LESSON_H
#define LESSON_H

#include <stdbool.h>
#include <stddef.h>
#include <jansson.h>
#include "world.h"
#include "input.h"
#include "draw.h"

typedef struct App App;

/* What a lesson's picture explains: the pair (world indices a < b), the
 * verdict that the picture and its text state, and the criterion that
 * decided, in plain English with its numbers ("corner: |CA| = 80.0 > r =
 * 70.0"). Taken from the very record the picture is drawn from, so the
 * lab can check it against shapes_collide (--state-out "explanation"). */
typedef struct Explanation { int a, b; bool verdict; char criterion[200]; } Explanation;

typedef struct Lesson {
    const char *key;           /* catalogue prefix, "lesson3" */
    size_t state_size;         /* bytes of the lesson's own state; 0: none (hooks get NULL) */
    /* The state's first values (it arrives zeroed), and what it owns freed. */
    void (*init)(void *state);
    void (*free_state)(void *state);
    /* Builds the scene into w (empty). preset 0 is the lesson's own; 1..4
     * (F2..F5) its edge cases: touching, one inside the other, a very thin
     * rectangle, a tiny circle against a huge rectangle. Returns false when
     * it has no such preset; the world and the state are then untouched. */
    bool (*build)(World *w, int preset, void *state);
    /* Once per running tick, after the held keys moved the selected shape
     * and before the collision pass. */
    void (*update)(App *app, void *state, float dt);
    /* The collision pass; NULL: world_collide (every pair). */
    void (*collide)(World *w, const void *state);
    /* After every collision pass (and after on_key took a key): computes
     * the picture that the hooks below read. */
    void (*prepare)(const App *app, void *state);
    /* The explanation drawn under the shapes and over them. */
    void (*draw_under)(const App *app, const void *state, Canvas *c);
    void (*draw_over)(const App *app, const void *state, Canvas *c);
    /* Lines of numbers for the HUD: writes up to max lines of up to 160
     * bytes each into lines, returns how many. */
    int (*hud)(const App *app, const void *state, char lines[][160], int max);
    /* Adds what the picture shows to the --state-out JSON object. */
    void (*report)(const App *app, const void *state, json_t *out);
    /* A one-shot key the lab does not use itself; true if it took it. */
    bool (*on_key)(App *app, void *state, const Binding *b);
    /* What the picture explains (see Explanation), read from the state
     * .prepare filled; false when it explains no pair. */
    bool (*explain)(const App *app, const void *state, Explanation *out);
    /* A picture the verdict is read from besides the explained pair's
     * shapes, as one closed outline in canvas units (lesson 4: the box of
     * the x axis's shadows; lesson 12: A - B, then the origin O), read from the state .prepare filled: the view keeps
     * it and the pair clear of the panels (render.c, app_fit_picture). Up
     * to max points; how many. */
    int (*picture_outline)(const App *app, const void *state, Vec2 *out, int max);
    /* The catalogue key naming world shape index when it is one of the
     * lesson's handles rather than a shape it tests (lesson 10's ray ends
     * O and E): the HUD's selection header says what it is; NULL: a shape. */
    const char *(*handle_name)(const App *app, int index);
    /* The lesson is about upright boxes: the lab refuses to turn a box
     * (with a status line pointing to lesson 5) and straightens the
     * turned boxes of a scene loaded into it. */
    bool upright;
    /* The letter the lesson's text names world shape index by ("A", "B":
     * lessons 4 and 6), and its colour; NULL: none. The shape is then
     * called by its letter everywhere, on the canvas and in the HUD
     * ("rectangle A"), instead of its number: a letter and a number each
     * on its own read as two shapes' names (blind review r6). */
    const char *(*shape_letter)(const App *app, const void *state, int index, Color *col);
    /* The lesson draws those letters itself (lesson 6: before the axes'
     * labels, where they keep their places); false: they are drawn where
     * the shape's number would be (shape_numbers.c). */
    bool draws_letters;
    /* Where the lesson's picture begins below its panel (canvas y): with
     * larger text (Ctrl+=) the top-left panel grows only as far as this,
     * so it does not cover the picture; 0: only the bottom panels limit it. */
    float hud_bottom;
} Lesson;

/* How many lessons there are: 0 the playground, then 1, 2, ... */
int lesson_count(void);
/* Lesson n; the playground when n is out of range. */
const Lesson *lesson_get(int n);

#endif
