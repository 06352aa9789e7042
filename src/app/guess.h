/*
 * guess.h - guess mode (G): predict, then reveal.
 *
 * G builds a question from the arrangement on the board: the lesson's pair
 * (shapes 0 and 1) placed at random, seeded, so that the answer is close:
 * the signed distance between them (the gap, from shapes_distance, or minus
 * the depth shapes_collide gives) lies in [1, 6] px or [-6, -1] px, each
 * side equally likely, in the part of the method the lesson teaches (see
 * guess.c). While the question is open the lab draws every shape in one
 * neutral colour and hides the verdicts (panels, pair list, depths, the
 * lesson's explanation). Y / N answer "they collide" / "apart" and reveal;
 * Return reveals, and after a reveal asks the next question. G again puts
 * back the arrangement from before G, as it was.
 */
#ifndef GUESS_H
#define GUESS_H

#include <stdbool.h>
#include <jansson.h>
#include "world.h"

/* The promise: a question's pair is this close to touching, and at least
 * GUESS_MIN_PX from it (so no rounding decides the answer). */
#define GUESS_MAX_PX 6.0f
#define GUESS_MIN_PX 1.0f

/* What part of the method a question exercises. */
typedef enum GuessKind {
    GUESS_NEAR,        /* the pair's own shapes and angles, any direction */
    GUESS_CORNER,      /* circle and upright box: the centre in a corner zone (lesson 2) */
    GUESS_TURNED_BOX,  /* a turned box whose bounding box overlaps the circle's (lesson 5) */
    GUESS_ONE_AXIS,    /* both turned; apart: exactly one separating axis (lessons 6, 7) */
    GUESS_ANY_PAIR     /* two shapes of the scene drawn at random, turned (lessons 0, 8) */
} GuessKind;

typedef struct GuessQuestion {
    GuessKind kind;
    bool hit;                /* the answer: they collide */
    float signed_distance;   /* gap > 0, minus the depth when they collide */
} GuessQuestion;

typedef struct Guess {
    bool on, revealed, answered, last_right;
    int right, asked;        /* the session's score */
    int number;              /* questions asked since the start (seeds the next) */
    unsigned long long seed; /* --seed */
    GuessQuestion q;
    World saved;             /* the arrangement from before G */
} Guess;

/* The gap between a and b, or minus their depth when they collide. */
float guess_signed_distance(const Shape *a, const Shape *b);
/* The kind of question lesson `key` ("lesson2") asks. */
GuessKind guess_kind_for(const char *key);
/* Rearranges w (an arrangement of the lesson `key`) into question number
 * `number` of `seed`: shapes 0 and 1 the pair, within the promise above.
 * False (w untouched) when w has no pair to ask about (fewer than 2 or more
 * than 20 shapes) or no question was found. */
bool guess_arrange(const char *key, World *w, unsigned long long seed, int number, GuessQuestion *q);

typedef struct App App;
void guess_init(Guess *g, unsigned long long seed);
void guess_free(Guess *g);
/* The keys: G, Return, Y (yes = true) / N. */
void guess_toggle(App *app);
void guess_return(App *app);
void guess_answer(App *app, bool yes);
/* After a lesson or preset change: in guess mode, a question in it. */
void guess_lesson_changed(App *app);
/* True while a question is open: the verdict must not show. */
bool guess_hides(const App *app);
/* The guess panel's lines (up to max, 320 bytes each); 0 when off. */
int guess_hud(const App *app, char lines[][320], int max);
/* "guess": {"on", "revealed", "right", "asked"} into the state JSON. */
void guess_report(const App *app, json_t *doc);

#endif
