/*
 * lesson_9.h - what lesson 9 (lesson_9.c) records of its own run, for its
 * plot and for the tests that check it (tests/test_app_lesson9.c).
 *
 * The plot: one point per N visited per method (every pair, the grid). A
 * point sums the pair tests of every collision pass the lab made at that N
 * with that method (World.tested: the count of the code that tested), and
 * keeps the collision time of the last MANY_MS_SAMPLES timed passes (the
 * window's ticks; a headless run times none), of which the plot shows the
 * median.
 */
#ifndef LESSON_9_H
#define LESSON_9_H

#include <stdbool.h>

#define MANY_PLOT_POINTS 32
#define MANY_MS_SAMPLES 120   /* two seconds of ticks */

typedef struct ManyPoint {
    int n;                    /* shapes */
    bool grid;                /* the method: the grid, or every pair */
    long long passes;         /* collision passes (ticks) at this N and method */
    long long tests;          /* pair tests they made, summed */
    int ms_count;             /* timed passes kept in ms[] (at most MANY_MS_SAMPLES) */
    long long ms_seen;        /* timed passes in all */
    float ms[MANY_MS_SAMPLES];   /* their collision times, a ring */
} ManyPoint;

typedef struct ManyPlot {
    ManyPoint pts[MANY_PLOT_POINTS];
    int count;                /* points in use; a further N is not plotted */
    long long last_tick;      /* the tick whose pass was recorded last */
} ManyPlot;

/* The method of lesson 9's collision pass: the grid (else every pair). */
bool lesson9_grid(const void *state);
/* The plot in lesson 9's state (the App's lesson_state). */
const ManyPlot *lesson9_plot(const void *state);
/* Pair tests per tick at a point: tests / passes (0 without passes). */
double lesson9_tests_per_tick(const ManyPoint *p);
/* The median of the point's kept times, ms; negative when none was timed. */
double lesson9_median_ms(const ManyPoint *p);

#endif
