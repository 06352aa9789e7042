/*
 * bench_raycast.c - time per ray cast and per swept circle, per shape kind,
 * side by side with Box2D 2.4 (b2Shape::RayCast on its circle and polygon
 * shapes, b2TimeOfImpact for a moving circle).
 *
 * For each kind, BENCH_N (default 1,000,000) fixed-seed cases on the
 * 1280x720 canvas are generated up front (untimed), shapes as in
 * bench_collide.c: radii 10..80, half extents 5..100 at random angles,
 * convex polygons of 3..8 vertices in either winding. Every ray and every
 * moving circle starts outside the shape (Box2D's ray cast reports no hit
 * for an origin inside, its TOI a different state), and is aimed near it so
 * that about half of them hit. Moving circles have radii 2..30.
 *
 * Each contestant loops over all cases once per repetition; the best of
 * BENCH_REPS repetitions (CLOCK_MONOTONIC) gives ns per call. Hit counts and
 * summed fractions are printed as a checksum and to show the contestants
 * agree (Box2D's TOI stops a little short of touching, by design: its
 * target separation is b2_linearSlop, 0.005 here).
 *
 *   bench_raycast [--quick]        --quick: 20,000 cases, 3 repetitions
 *   env BENCH_N, BENCH_REPS        override the case count, the repetitions
 *
 * Under valgrind each contestant runs once and its loop alone is dumped by
 * callgrind (CALLGRIND_DUMP_STATS_AT), labelled "row|contestant|cases":
 *   BENCH_N=20000 valgrind --tool=callgrind build/bench/bench_raycast
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
#include "peers_raycast.h"

#define BENCH_SEED 0x5EED4A75u

/* ---- Data: generated up front, never timed ------------------------------- */

typedef struct CastData {
    int n;
    ShapeKind kind;
    Shape *shapes;
    Vec2 *ray_origin, *ray_translation;   /* the rays */
    Circle *circles;                      /* the moving circles, */
    Vec2 *motion;                         /* and their motions */
    float *radius;                        /* (their radii again, for the shim) */
    double sum;                           /* summed fractions of the last run */
} CastData;

/* A start outside the circle of radius `reach` about c, and a move towards
   a point near c (within `aim`), scaled so that about half reach it. */
static void make_motion(BenchRng *rng, Vec2 c, float reach, float aim, Vec2 *start, Vec2 *move)
{
    float a = bench_rng_range(rng, 0.0f, 2.0f * BENCH_PI);
    float dist = reach * bench_rng_range(rng, 1.05f, 4.0f);
    start->x = c.x + dist * cosf(a);
    start->y = c.y + dist * sinf(a);
    float b = bench_rng_range(rng, 0.0f, 2.0f * BENCH_PI);
    float off = aim * sqrtf(bench_rng_range(rng, 0.0f, 1.0f));
    float scale = bench_rng_range(rng, 0.5f, 1.5f);
    move->x = (c.x + off * cosf(b) - start->x) * scale;
    move->y = (c.y + off * sinf(b) - start->y) * scale;
}

static void cast_data_free(CastData *d)
{
    free(d->shapes);
    free(d->ray_origin);
    free(d->ray_translation);
    free(d->circles);
    free(d->motion);
    free(d->radius);
    memset(d, 0, sizeof *d);
}

static bool cast_data_make(ShapeKind kind, int n, CastData *d)
{
    BenchRng rng = { BENCH_SEED + 7919u * (uint64_t)kind };
    size_t count = (size_t)n;
    memset(d, 0, sizeof *d);
    d->n = n;
    d->kind = kind;
    d->shapes = calloc(count, sizeof *d->shapes);
    d->ray_origin = calloc(count, sizeof *d->ray_origin);
    d->ray_translation = calloc(count, sizeof *d->ray_translation);
    d->circles = calloc(count, sizeof *d->circles);
    d->motion = calloc(count, sizeof *d->motion);
    d->radius = calloc(count, sizeof *d->radius);
    if (!d->shapes || !d->ray_origin || !d->ray_translation || !d->circles || !d->motion || !d->radius) {
        cast_data_free(d);
        return false;
    }
    for (int i = 0; i < n; ++i) {
        Vec2 c = bench_canvas_point(&rng);
        float bound = bench_make_shape(&rng, kind, false, c, &d->shapes[i]);
        make_motion(&rng, c, bound, 1.2f * bound, &d->ray_origin[i], &d->ray_translation[i]);
        float r = bench_rng_range(&rng, 2.0f, 30.0f);
        d->circles[i].radius = r;
        d->radius[i] = r;
        make_motion(&rng, c, bound + r, 1.2f * (bound + r), &d->circles[i].center, &d->motion[i]);
    }
    return true;
}

/* ---- The timed loops ----------------------------------------------------- */

typedef long (*RunFn)(void *ctx);

static long run_ray(void *ctx)
{
    CastData *d = ctx;
    long hits = 0;
    double sum = 0.0;
    for (int i = 0; i < d->n; ++i) {
        RayHit hit;
        if (ray_cast_shape(&d->shapes[i], d->ray_origin[i], d->ray_translation[i], &hit)) {
            hits += 1;
            sum += (double)hit.fraction;
        }
    }
    d->sum = sum;
    return hits;
}

static long run_ray_record(void *ctx)
{
    CastData *d = ctx;
    long hits = 0;
    double sum = 0.0;
    for (int i = 0; i < d->n; ++i) {
        RayHit hit;
        RayRecord rec;
        if (ray_cast_shape_record(&d->shapes[i], d->ray_origin[i], d->ray_translation[i], &hit, &rec)) {
            hits += 1;
            sum += (double)hit.fraction;
        }
    }
    d->sum = sum;
    return hits;
}

static long run_sweep(void *ctx)
{
    CastData *d = ctx;
    long hits = 0;
    double sum = 0.0;
    for (int i = 0; i < d->n; ++i) {
        SweepHit hit;
        if (sweep_circle_shape(d->circles[i], d->motion[i], &d->shapes[i], &hit)) {
            hits += 1;
            sum += (double)hit.toi;
        }
    }
    d->sum = sum;
    return hits;
}

static long run_sweep_record(void *ctx)
{
    CastData *d = ctx;
    long hits = 0;
    double sum = 0.0;
    for (int i = 0; i < d->n; ++i) {
        SweepHit hit;
        SweepRecord rec;
        if (sweep_circle_shape_record(d->circles[i], d->motion[i], &d->shapes[i], &hit, &rec)) {
            hits += 1;
            sum += (double)hit.toi;
        }
    }
    d->sum = sum;
    return hits;
}

#ifdef HAVE_BOX2D
typedef struct B2Ctx { B2Casts *set; double sum; } B2Ctx;
static long run_b2_ray(void *ctx)
{
    B2Ctx *b = ctx;
    return b2casts_ray_cast(b->set, &b->sum);
}
static long run_b2_toi(void *ctx)
{
    B2Ctx *b = ctx;
    return b2casts_time_of_impact(b->set, &b->sum);
}
#endif

/* ---- Measuring ----------------------------------------------------------- */

typedef struct Measure {
    bool done;
    double ns;        /* best ns per call */
    long hits;
    double sum;       /* summed fractions / toi of the hits */
} Measure;

typedef struct BenchConfig { int n, reps; bool callgrind; } BenchConfig;

static Measure measure(const BenchConfig *cfg, const char *row, const char *column, RunFn run, void *ctx,
                       const double *sum)
{
    Measure m = { true, 0.0, 0, 0.0 };
    double best = 1e300;
    int reps = cfg->callgrind ? 1 : cfg->reps;
    char label[128];
    snprintf(label, sizeof label, "%s|%s|%d", row, column, cfg->n);
    (void)label;
    for (int r = 0; r < reps; ++r) {
        if (cfg->callgrind) {
            CALLGRIND_ZERO_STATS;
        }
        double t0 = bench_now();
        m.hits = run(ctx);
        double t1 = bench_now();
        if (cfg->callgrind) {
            CALLGRIND_DUMP_STATS_AT(label);
        }
        best = t1 - t0 < best ? t1 - t0 : best;
    }
    m.ns = 1e9 * best / (double)cfg->n;
    m.sum = *sum;
    return m;
}

enum { COL_OURS, COL_RECORD, COL_B2, COL_COUNT };

typedef struct Row {
    const char *kind;
    const char *b2name;
    Measure ray[COL_COUNT];
    Measure sweep[COL_COUNT];
} Row;

static void print_cells(const Measure *m, bool b2_missing)
{
    printf(" %8.1f %8.1f", m[COL_OURS].ns, m[COL_RECORD].ns);
    if (m[COL_B2].done) {
        double x = m[COL_B2].ns / m[COL_OURS].ns;
        printf(" %8.1f %5.1fx %-4s", m[COL_B2].ns, x, x >= 1.0 ? "ok" : "SLOW");
    } else {
        printf(" %8s %6s %-4s", b2_missing ? "n/a" : "-", "", "");
    }
}

int main(int argc, char **argv)
{
    BenchConfig cfg = { 1000000, 5, false };
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--quick") == 0) {
            cfg.n = 20000;
            cfg.reps = 3;
        } else {
            fprintf(stderr, "usage: bench_raycast [--quick]\n");
            return 2;
        }
    }
    cfg.n = bench_env_int("BENCH_N", cfg.n);
    cfg.reps = bench_env_int("BENCH_REPS", cfg.reps);
    cfg.callgrind = BENCH_HAVE_CALLGRIND && RUNNING_ON_VALGRIND;
    bool b2_missing = true;
#ifdef HAVE_BOX2D
    b2_missing = false;
#endif

    static const char *const KIND[3] = { "circle", "rect", "poly" };
    static const char *const B2NAME[3] = { "b2CircleShape", "b2PolygonShape (box)", "b2PolygonShape" };
    Row rows[3];
    memset(rows, 0, sizeof rows);
    for (int k = 0; k < 3; ++k) {
        CastData d;
        if (!cast_data_make((ShapeKind)k, cfg.n, &d)) {
            fprintf(stderr, "bench_raycast: out of memory\n");
            return 1;
        }
        Row *row = &rows[k];
        row->kind = KIND[k];
        row->b2name = B2NAME[k];
        char name[32];
        snprintf(name, sizeof name, "ray-%s", KIND[k]);
        row->ray[COL_OURS] = measure(&cfg, name, "ray_cast_shape", run_ray, &d, &d.sum);
        row->ray[COL_RECORD] = measure(&cfg, name, "+record", run_ray_record, &d, &d.sum);
        snprintf(name, sizeof name, "sweep-%s", KIND[k]);
        row->sweep[COL_OURS] = measure(&cfg, name, "sweep_circle_shape", run_sweep, &d, &d.sum);
        row->sweep[COL_RECORD] = measure(&cfg, name, "+record", run_sweep_record, &d, &d.sum);
#ifdef HAVE_BOX2D
        B2Ctx b2 = { b2casts_build(d.shapes, d.ray_origin, d.ray_translation, d.radius, d.n), 0.0 };
        if (b2.set != NULL) {
            // the TOI inputs hold the moving circles' starts and motions
            snprintf(name, sizeof name, "ray-%s", KIND[k]);
            row->ray[COL_B2] = measure(&cfg, name, "b2RayCast", run_b2_ray, &b2, &b2.sum);
            b2casts_free(b2.set);
        }
        // the same shapes with the moving circles' paths, for the TOI
        {
            Vec2 *starts = malloc((size_t)d.n * sizeof *starts);
            if (starts != NULL) {
                for (int i = 0; i < d.n; ++i) {
                    starts[i] = d.circles[i].center;
                }
                B2Ctx t = { b2casts_build(d.shapes, starts, d.motion, d.radius, d.n), 0.0 };
                if (t.set != NULL) {
                    snprintf(name, sizeof name, "sweep-%s", KIND[k]);
                    row->sweep[COL_B2] = measure(&cfg, name, "b2TimeOfImpact", run_b2_toi, &t, &t.sum);
                    b2casts_free(t.set);
                }
                free(starts);
            }
        }
#endif
        cast_data_free(&d);
    }

    printf("\nns per call (best of %d repetitions, %d cases per kind, about half hitting);\n"
           "x = Box2D's time / ours (ok: ours faster)\n", cfg.reps, cfg.n);
    printf("%-7s | %8s %8s %8s %6s %-4s | %8s %8s %8s %6s %-4s\n", "kind", "ray", "+record", "b2Ray", "x", "",
           "sweep", "+record", "b2TOI", "x", "");
    for (int k = 0; k < 3; ++k) {
        printf("%-7s |", rows[k].kind);
        print_cells(rows[k].ray, b2_missing);
        printf(" |");
        print_cells(rows[k].sweep, b2_missing);
        printf("\n");
    }
    printf("(ray = ray_cast_shape, sweep = sweep_circle_shape, +record = their _record variants;\n"
           " b2Ray = b2CircleShape / b2PolygonShape::RayCast, b2TOI = b2TimeOfImpact; n/a = Box2D not installed)\n");

    printf("\nhits of %d and mean fraction / toi of the hits, per contestant\n", cfg.n);
    printf("%-7s | %9s %8s | %9s %8s | %9s %8s | %9s %8s\n", "kind", "ray", "mean", "b2Ray", "mean", "sweep",
           "mean", "b2TOI", "mean");
    for (int k = 0; k < 3; ++k) {
        const Measure *r = rows[k].ray;
        const Measure *s = rows[k].sweep;
        printf("%-7s | %9ld %8.5f |", rows[k].kind, r[COL_OURS].hits,
               r[COL_OURS].hits ? r[COL_OURS].sum / (double)r[COL_OURS].hits : 0.0);
        if (r[COL_B2].done) {
            printf(" %9ld %8.5f |", r[COL_B2].hits, r[COL_B2].hits ? r[COL_B2].sum / (double)r[COL_B2].hits : 0.0);
        } else {
            printf(" %9s %8s |", "n/a", "");
        }
        printf(" %9ld %8.5f |", s[COL_OURS].hits, s[COL_OURS].hits ? s[COL_OURS].sum / (double)s[COL_OURS].hits : 0.0);
        if (s[COL_B2].done) {
            printf(" %9ld %8.5f\n", s[COL_B2].hits, s[COL_B2].hits ? s[COL_B2].sum / (double)s[COL_B2].hits : 0.0);
        } else {
            printf(" %9s\n", "n/a");
        }
        if (r[COL_RECORD].hits != r[COL_OURS].hits || s[COL_RECORD].hits != s[COL_OURS].hits) {
            fprintf(stderr, "bench_raycast: the _record variants disagree on %s\n", rows[k].kind);
            return 1;
        }
    }
    printf("(hits differ only at exact touching; Box2D's TOI stops b2_linearSlop short of\n"
           " touching and its polygons are rounded by b2_polygonRadius, so its mean toi is a\n"
           " little different)\n");
    return 0;
}
