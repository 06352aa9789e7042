/*
 * broadphase.h - many shapes: every colliding pair without testing every pair.
 *
 * Part of libcollide (no SDL). The Broadphase owns scratch memory that grows
 * on demand and is kept between calls, so a steady scene allocates nothing
 * per call. No global state: use one Broadphase per thread.
 */
#ifndef BROADPHASE_H
#define BROADPHASE_H

#include "collide.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Indices into the caller's shape array, a < b.
typedef struct ShapePair { int a, b; } ShapePair;

typedef struct Broadphase Broadphase;   /* opaque */

/// A new, empty broad phase, or NULL if memory ran out.
Broadphase *broadphase_create(void);
/// Frees everything; NULL is allowed.
void broadphase_destroy(Broadphase *bp);

/// Finds every pair (a < b) among shapes[0..n) for which shapes_collide is
/// true: exactly that set, in no particular order (but the same order for
/// the same shapes, whatever the Broadphase did before). Writes at most `max_out`
/// pairs to `out` and returns how many there are in all (like snprintf), or
/// -1 if memory ran out. Bad shapes (see collide.h) take part in no pair.
/// The count is exact up to INT_MAX; with more pairs than that (n above
/// about 65,536 shapes all overlapping) it returns INT_MAX, a lower bound.
int broadphase_collide(Broadphase *bp, const Shape *shapes, int n,
                       ShapePair *out, int max_out);

/* Beside the contract: how many pairs the last broadphase_collide call gave
 * to the narrow phase (boxes overlapping), for the lesson's HUD. */
long long broadphase_candidates(const Broadphase *bp);

/* Test-only introspection (beside the contract; tests/test_broadphase.c
 * uses it to show its scenes reach every bucket of the grid's hash table):
 * the table of the last broadphase_collide call. Returns how many buckets
 * it had (0 when that call built none). For 0 <= bucket < that, *entries
 * gets how many (shape, cell) entries the bucket held and *candidates how
 * many candidate pairs step 5 took in it (either pointer may be NULL). Costs
 * nothing in broadphase_collide: it reads what the call left behind. */
int broadphase_debug_bucket(const Broadphase *bp, int bucket, int *entries, int *candidates);

/* Beside the contract, for a program that must stay responsive whatever the
 * scene (the lab: 10,000 overlapping shapes are 50 million pairs):
 * broadphase_set_budget caps the candidates one call gives the narrow phase
 * (0: no cap, the default). A call that reaches the cap stops there:
 * broadphase_stopped is then true and the count it returned is only a lower
 * bound (the pairs found so far). */
void broadphase_set_budget(Broadphase *bp, long long max_candidates);
bool broadphase_stopped(const Broadphase *bp);
/* broadphase_collide that also sets hit[i] = true for every shape i in a
 * colliding pair, those past max_out included (hit: n flags the caller
 * cleared; NULL is allowed). */
int broadphase_collide_hits(Broadphase *bp, const Shape *shapes, int n,
                            ShapePair *out, int max_out, bool *hit);
/* broadphase_collide_hits that also fills contacts[k] with shapes_collide's
 * contact for out[k] (from shape a towards shape b), for each pair it writes
 * (contacts: room for max_out; NULL is allowed): the narrow phase runs once
 * per pair, where calling shapes_collide again would run it twice. */
int broadphase_collide_contacts(Broadphase *bp, const Shape *shapes, int n, ShapePair *out,
                                Contact *contacts, int max_out, bool *hit);

/* Beside the contract, for a picture of the grid drawn from the run itself
 * (lesson 9): a record that broadphase_collide* fills while it runs, when
 * one is attached (broadphase_set_record; NULL, the default, records
 * nothing and costs one untaken branch per candidate). The caller owns the
 * record and its arrays and sets the inputs; each call sets the outputs. */
typedef struct BroadphaseCell { int cx, cy; } BroadphaseCell;   /* covers [cx, cx+1) x [cy, cy+1) cells */
typedef struct BroadphaseCandidate {
    int other;      /* the shape paired with `watch` */
    bool hit;       /* what the narrow phase said: shapes_collide's verdict */
} BroadphaseCandidate;
typedef struct BroadphaseRecord {
    /* inputs */
    int watch;                         /* the shape whose candidates to record; -1: none */
    BroadphaseCell *cells;             /* room for cells_cap (shape, cell) entries' cells */
    int cells_cap;
    BroadphaseCandidate *cands;        /* room for cands_cap candidates of `watch` */
    int cands_cap;
    /* outputs of the last call */
    bool valid;                        /* the call ran to its end (or its budget): false after -1 */
    bool grid;                         /* it built a grid (at least two valid shapes) */
    float cell;                        /* the cell edge it used, canvas units; cell (cx, cy) is
                                          [cx * cell, (cx + 1) * cell) x [cy * cell, (cy + 1) * cell) */
    long long entries;                 /* (shape, cell) entries in its table; the first cells_cap
                                          of their cells are in cells[], one per entry, in
                                          table order (a cell holding k shapes appears k times) */
    int huge;                          /* shapes that skipped the grid (tested against all) */
    bool watch_in_grid;                /* watch was valid and in the grid (not huge) */
    int watch_x0, watch_y0, watch_x1, watch_y1;   /* the cells watch's box covered */
    long long watch_cands;             /* candidates of watch given to the narrow phase; the
                                          first cands_cap in cands[], in the order tested */
    long long candidates;              /* all candidates (broadphase_candidates) */
    bool stopped;                      /* the budget stopped the call (broadphase_stopped) */
} BroadphaseRecord;
void broadphase_set_record(Broadphase *bp, BroadphaseRecord *rec);

#ifdef __cplusplus
}
#endif

#endif /* BROADPHASE_H */
