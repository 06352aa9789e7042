/*
 * bench_distance.c - shapes_distance (GJK) beside Box2D 2.4's b2Distance.
 *
 * For each pair type, BENCH_N (default 1,000,000) fixed-seed pairs on the
 * 1280x720 canvas are generated up front (untimed), as bench_collide makes
 * them: radii 10..80, half extents 5..100, random angles, convex polygons
 * of 3..8 vertices in either winding. The second shape sits at a random
 * offset from the first, up to 1.6 times the two bounding radii, so that
 * most pairs are apart (where a distance says most) and some overlap; the
 * rate is printed.
 *
 * Each contestant loops over all pairs once per repetition, storing every
 * distance, timed in chunks of BENCH_CHUNK pairs (CLOCK_MONOTONIC): each
 * chunk's best over BENCH_REPS repetitions, summed, gives ns per pair. A
 * chunk lasts well under a millisecond, so on a shared, loaded machine
 * most chunks run at least once without being preempted, where a whole
 * pass of a million pairs never does. Then the two answers are compared pair by pair (largest
 * difference), and the mean iteration counts are shown: Box2D counts its
 * support searches as we do. Box2D runs with an empty simplex cache (no
 * warm start, which shapes_distance does not have either) and its polygon
 * skin removed (see bench/peers_box2d_distance.cpp).
 *
 *   bench_distance [--quick]       --quick: 20,000 pairs, 3 repetitions
 *   env BENCH_N, BENCH_REPS        override the pair count, the repetitions
 *
 * Under valgrind (make bench-callgrind-distance) each contestant runs once
 * and its loop alone is dumped (CALLGRIND_DUMP_STATS_AT), labelled
 * "pair|contestant|pairs", which bench.mk turns into instructions per pair.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#endif

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide.h"
#include "common.h"
#ifdef HAVE_BOX2D
#include "peers_box2d_distance.h"
#endif

#define BENCH_SEED 0x5EED0D15u
#define BENCH_SPREAD 1.6f

/* ---- The pair types ------------------------------------------------------ */

typedef struct PairSpec {
    const char *name;
    ShapeKind kindA, kindB;
} PairSpec;

static const PairSpec PAIR_SPECS[] = {
    { "circle-circle", SHAPE_CIRCLE, SHAPE_CIRCLE },
    { "circle-rect",   SHAPE_CIRCLE, SHAPE_RECT },
    { "rect-rect",     SHAPE_RECT,   SHAPE_RECT },
    { "circle-poly",   SHAPE_CIRCLE, SHAPE_POLY },
    { "rect-poly",     SHAPE_RECT,   SHAPE_POLY },
    { "poly-poly",     SHAPE_POLY,   SHAPE_POLY },
};
#define PAIR_TYPES ((int)(sizeof PAIR_SPECS / sizeof PAIR_SPECS[0]))

/* ---- Data: generated up front, never timed ------------------------------- */

typedef struct PairData {
    int n;
    Shape *sa, *sb;
    float *ours, *peer;      /* each contestant's distances */
    long iterations;         /* ours, summed over the pairs (last repetition) */
} PairData;

static void pair_data_free(PairData *d)
{
    free(d->sa);
    free(d->sb);
    free(d->ours);
    free(d->peer);
    memset(d, 0, sizeof *d);
}

static bool pair_data_make(int type, int n, PairData *d)
{
    const PairSpec *spec = &PAIR_SPECS[type];
    BenchRng rng = { BENCH_SEED + 7919u * (uint64_t)type };
    size_t count = (size_t)n;
    memset(d, 0, sizeof *d);
    d->n = n;
    d->sa = calloc(count, sizeof *d->sa);
    d->sb = calloc(count, sizeof *d->sb);
    d->ours = calloc(count, sizeof *d->ours);
    d->peer = calloc(count, sizeof *d->peer);
    if (!d->sa || !d->sb || !d->ours || !d->peer) {
        pair_data_free(d);
        return false;
    }
    for (int i = 0; i < n; ++i) {
        /* a anywhere; b at an offset uniform in a disc of radius spread *
           (bound a + bound b): b's size drawn first at the origin, then the
           same draws again at its place */
        Vec2 ca = bench_canvas_point(&rng);
        Vec2 origin = { 0.0f, 0.0f };
        float boundA = bench_make_shape(&rng, spec->kindA, false, ca, &d->sa[i]);
        BenchRng shapeRng = rng;
        Shape probe;
        float boundB = bench_make_shape(&rng, spec->kindB, false, origin, &probe);
        float dist = BENCH_SPREAD * (boundA + boundB) * sqrtf(bench_rng_range(&rng, 0.0f, 1.0f));
        float dir = bench_rng_range(&rng, 0.0f, 2.0f * BENCH_PI);
        Vec2 cb = { ca.x + dist * cosf(dir), ca.y + dist * sinf(dir) };
        bench_make_shape(&shapeRng, spec->kindB, false, cb, &d->sb[i]);
    }
    return true;
}

/* ---- The timed loops ----------------------------------------------------- */

#define BENCH_CHUNK 2000

/* One contestant on pairs [begin, end): the summed distances. */
typedef double (*RunFn)(void *ctx, int begin, int end);

static double run_ours(void *ctx, int begin, int end)
{
    PairData *d = ctx;
    double sum = 0.0;
    long iters = 0;
    for (int i = begin; i < end; ++i) {
        Distance out = { 0.0f, { 0.0f, 0.0f }, { 0.0f, 0.0f }, 0 };
        shapes_distance(&d->sa[i], &d->sb[i], &out);
        sum += (double)out.distance;
        iters += out.iterations;
        d->ours[i] = out.distance;
    }
    d->iterations += iters;
    return sum;
}

#ifdef HAVE_BOX2D
typedef struct PeerCtx {
    const B2DistPairs *set;
    PairData *data;
    long iterations;
} PeerCtx;

static double run_b2(void *ctx, int begin, int end)
{
    PeerCtx *p = ctx;
    long iters = 0;
    double sum = b2dist_run(p->set, begin, end, p->data->peer, &iters);
    p->iterations += iters;
    return sum;
}
#endif

/* ---- Measuring ----------------------------------------------------------- */

typedef struct Measure {
    bool done;
    double ns;      /* best ns per pair */
    double sum;     /* summed distances (the checksum) */
} Measure;

/* Times `run` over all n pairs; *iterations (the contestant's counter) is
   cleared before each repetition, so it ends as one pass's total. */
static Measure measure(int n, int reps, bool callgrind, const char *row, const char *column, RunFn run, void *ctx,
                       long *iterations)
{
    Measure m = { true, 0.0, 0.0 };
    int chunks = (n + BENCH_CHUNK - 1) / BENCH_CHUNK;
    double *best = malloc((size_t)chunks * sizeof *best);
    char label[128];
    snprintf(label, sizeof label, "%s|%s|%d", row, column, n);
    (void)label;
    if (best == NULL) {
        m.done = false;
        return m;
    }
    for (int c = 0; c < chunks; ++c) {
        best[c] = 1e300;
    }
    if (callgrind) {
        // one pass, the whole loop dumped: instructions do not need chunks
        *iterations = 0;
        CALLGRIND_ZERO_STATS;
        m.sum = run(ctx, 0, n);
        CALLGRIND_DUMP_STATS_AT(label);
        best[0] = 0.0;
        chunks = 1;
    }
    for (int r = 0; r < (callgrind ? 0 : reps); ++r) {
        double sum = 0.0;
        *iterations = 0;
        for (int c = 0; c < chunks; ++c) {
            int begin = c * BENCH_CHUNK;
            int end = begin + BENCH_CHUNK < n ? begin + BENCH_CHUNK : n;
            double t0 = bench_now();
            sum += run(ctx, begin, end);
            double t1 = bench_now();
            best[c] = t1 - t0 < best[c] ? t1 - t0 : best[c];
        }
        m.sum = sum;
    }
    double total = 0.0;
    for (int c = 0; c < chunks; ++c) {
        total += best[c];
    }
    free(best);
    m.ns = 1e9 * total / (double)n;
    return m;
}

int main(int argc, char **argv)
{
    int n = 1000000;
    int reps = 5;
    double checksum = 0.0;
    double start = bench_now();
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--quick") == 0) {
            n = 20000;
            reps = 3;
        } else {
            fprintf(stderr, "usage: %s [--quick]   (env BENCH_N, BENCH_REPS)\n", argv[0]);
            return 2;
        }
    }
    n = bench_env_int("BENCH_N", n);
    reps = bench_env_int("BENCH_REPS", reps);
    bool callgrind = BENCH_HAVE_CALLGRIND && RUNNING_ON_VALGRIND;

    printf("bench_distance: %d pairs per pair type, best of %d repetitions%s\n", n, callgrind ? 1 : reps,
           callgrind ? " (under callgrind: instruction counts dumped)" : "");
#ifndef HAVE_BOX2D
    printf("note: Box2D not found (libbox2d-dev): its columns say n/a\n");
#endif
    printf("\n%-13s %7s | %16s %6s | %16s %6s | %7s %12s\n", "pair", "overlap", "shapes_distance ns",
           "iters", "b2Distance ns", "iters", "ours/b2", "max |diff|");
    fflush(stdout);

    for (int t = 0; t < PAIR_TYPES; ++t) {
        const PairSpec *spec = &PAIR_SPECS[t];
        PairData data;
        if (!pair_data_make(t, n, &data)) {
            fprintf(stderr, "bench_distance: out of memory for %d pairs\n", n);
            return 1;
        }
        Measure ours = measure(n, reps, callgrind, spec->name, "shapes_distance", run_ours, &data, &data.iterations);
        long overlaps = 0;
        for (int i = 0; i < n; ++i) {
            overlaps += data.ours[i] == 0.0f;
        }
        checksum += ours.sum;
        printf("%-13s %6.1f%% | %16.1f %6.2f |", spec->name, 100.0 * (double)overlaps / (double)n, ours.ns,
               (double)data.iterations / (double)n);
#ifdef HAVE_BOX2D
        B2DistPairs *set = b2dist_build(data.sa, data.sb, n);
        if (set == NULL) {
            fprintf(stderr, "bench_distance: out of memory building Box2D shapes\n");
            return 1;
        }
        PeerCtx peer = { set, &data, 0 };
        Measure b2 = measure(n, reps, callgrind, spec->name, "b2Distance", run_b2, &peer, &peer.iterations);
        b2dist_free(set);
        checksum += b2.sum;
        double worst = 0.0;
        for (int i = 0; i < n; ++i) {
            worst = fmax(worst, fabs((double)data.ours[i] - (double)data.peer[i]));
        }
        printf(" %16.1f %6.2f | %7.2f %12.2g\n", b2.ns, (double)peer.iterations / (double)n, ours.ns / b2.ns, worst);
#else
        printf(" %16s %6s | %7s %12s\n", "n/a", "", "", "");
#endif
        fflush(stdout);
        pair_data_free(&data);
    }
    printf("(iters: mean support searches per pair; ours/b2 < 1: shapes_distance is faster;\n"
           " max |diff|: the largest difference between the two distances, px)\n");
    printf("\nchecksum %.6e   (%.1f s)\n", checksum, bench_now() - start);
    return 0;
}
