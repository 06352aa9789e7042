/*
 * bench_broadphase.c - the broad phase (plus narrow phase) per tick, against
 * brute force and, where compiled in, Box2D 2.4's b2DynamicTree and
 * Chipmunk 7's cpSpace (bounding-box tree and spatial hash).
 *
 * Scenes: N moving mixed shapes, a third each circles (radius 3..12), rotated
 * rectangles (half extents 3..12) and convex polygons (3..8 vertices on a
 * circle of radius 3..12), speeds up to 120 px/s and spins up to 2 rad/s,
 * bouncing on the world's edges; one tick is 1/60 s.
 *   sparse: the density of lesson 9 (1,000 shapes on 1280x720): the world
 *           grows with sqrt(N/1000), a few thousand pairs at N = 10,000.
 *   dense:  N shapes on the 1280x720 canvas itself (every shape touches ~8
 *           at N = 10,000, ~40 at N = 50,000; there only ours runs).
 * Each tick every method sees the same shapes, so the pair counts compare
 * directly. Times are per tick: median and best of the measured ticks; the
 * moving of the shapes is not timed (the peers' re-indexing is: it is part
 * of their pass as the AABBs are of ours).
 *
 * Usage: bench_broadphase [ticks [N [ours]]]   (default 15 measured ticks; N:
 *        only the scenes of that size; "ours": without the peers, for
 *        callgrind: make bench-callgrind-broadphase)
 *        env BENCH_SCENE=sparse (or dense): only the scenes of that kind
 */
#define _POSIX_C_SOURCE 199309L
#include "broadphase.h"

#include <stdint.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common.h"   /* the callgrind macros, or no-ops without valgrind */

/* One moving shape: its shape in its own frame (centre at the origin, angle
 * 0) and where it is. The peers (bench/peers_*_broadphase.*) declare the same
 * struct, by layout, and the functions below. */
typedef struct Body {
    Vec2 pos, vel;
    float angle, spin;
} Body;

#ifdef HAVE_BOX2D
/* bench/peers_box2d_broadphase.cpp */
void *bp_box2d_create(const Shape *local, int n, const Body *bodies);
int bp_box2d_tick(void *peer, const Body *bodies, int n);
void bp_box2d_destroy(void *peer);
#endif
#ifdef HAVE_CHIPMUNK
/* bench/peers_chipmunk_broadphase.c */
void *bp_chipmunk_create(const Shape *local, int n, const Body *bodies, int use_hash, float cell);
int bp_chipmunk_tick(void *peer, const Body *bodies, int n);
void bp_chipmunk_destroy(void *peer);
#endif

typedef struct Scene {
    int n;
    float width, height;
    Shape *local;   /* each shape about its own origin */
    Body *bodies;
    Shape *world;   /* the shapes where they are now */
} Scene;

/* xorshift32: a fixed seed gives the same scene everywhere */
static uint32_t rng_next(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

static float rng_range(uint32_t *s, float lo, float hi)
{
    return lo + (hi - lo) * (float)(rng_next(s) >> 8) * (1.0f / 16777216.0f);
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static void scene_place(Scene *sc)
{
    for (int i = 0; i < sc->n; i++) {
        const Shape *l = &sc->local[i];
        const Body *b = &sc->bodies[i];
        Shape *w = &sc->world[i];
        *w = *l;
        if (l->kind == SHAPE_CIRCLE) {
            w->circle.center = b->pos;
        } else if (l->kind == SHAPE_RECT) {
            w->rect.center = b->pos;
            w->rect.angle = b->angle;
        } else {
            float c = cosf(b->angle);
            float s = sinf(b->angle);
            for (int k = 0; k < l->poly.count; k++) {
                Vec2 v = l->poly.verts[k];
                w->poly.verts[k].x = b->pos.x + v.x * c - v.y * s;
                w->poly.verts[k].y = b->pos.y + v.x * s + v.y * c;
            }
        }
    }
}

static void scene_make(Scene *sc, int n, float width, float height, uint32_t seed)
{
    uint32_t s = seed;
    sc->n = n;
    sc->width = width;
    sc->height = height;
    sc->local = calloc((size_t)n, sizeof(Shape));
    sc->bodies = calloc((size_t)n, sizeof(Body));
    sc->world = calloc((size_t)n, sizeof(Shape));
    if (sc->local == NULL || sc->bodies == NULL || sc->world == NULL) {
        fprintf(stderr, "bench_broadphase: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < n; i++) {
        Shape *l = &sc->local[i];
        Body *b = &sc->bodies[i];
        int kind = i % 3;
        if (kind == 0) {
            l->kind = SHAPE_CIRCLE;
            l->circle.radius = rng_range(&s, 3.0f, 12.0f);
        } else if (kind == 1) {
            l->kind = SHAPE_RECT;
            l->rect.half.x = rng_range(&s, 3.0f, 12.0f);
            l->rect.half.y = rng_range(&s, 3.0f, 12.0f);
        } else {
            /* a convex polygon: count vertices at increasing angles on a circle */
            int count = 3 + (int)(rng_next(&s) % 6u);
            float r = rng_range(&s, 3.0f, 12.0f);
            l->kind = SHAPE_POLY;
            l->poly.count = count;
            for (int k = 0; k < count; k++) {
                float a = 6.2831853f * ((float)k + rng_range(&s, 0.0f, 0.6f)) / (float)count;
                l->poly.verts[k].x = r * cosf(a);
                l->poly.verts[k].y = r * sinf(a);
            }
        }
        b->pos.x = rng_range(&s, 0.0f, width);
        b->pos.y = rng_range(&s, 0.0f, height);
        float speed = rng_range(&s, 0.0f, 120.0f);
        float dir = rng_range(&s, 0.0f, 6.2831853f);
        b->vel.x = speed * cosf(dir);
        b->vel.y = speed * sinf(dir);
        b->angle = rng_range(&s, 0.0f, 6.2831853f);
        b->spin = rng_range(&s, -2.0f, 2.0f);
    }
    scene_place(sc);
}

static void scene_free(Scene *sc)
{
    free(sc->local);
    free(sc->bodies);
    free(sc->world);
}

static void scene_step(Scene *sc, float dt)
{
    for (int i = 0; i < sc->n; i++) {
        Body *b = &sc->bodies[i];
        b->pos.x += b->vel.x * dt;
        b->pos.y += b->vel.y * dt;
        b->angle += b->spin * dt;
        if ((b->pos.x < 0.0f && b->vel.x < 0.0f) || (b->pos.x > sc->width && b->vel.x > 0.0f)) {
            b->vel.x = -b->vel.x;
        }
        if ((b->pos.y < 0.0f && b->vel.y < 0.0f) || (b->pos.y > sc->height && b->vel.y > 0.0f)) {
            b->vel.y = -b->vel.y;
        }
    }
    scene_place(sc);
}

static int brute_force(const Shape *shapes, int n)
{
    int count = 0;
    for (int a = 0; a < n; a++) {
        for (int b = a + 1; b < n; b++) {
            count += shapes_collide(&shapes[a], &shapes[b], NULL) ? 1 : 0;
        }
    }
    return count;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a;
    double y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One method's record over the measured ticks. */
typedef struct Timing {
    const char *name;
    double ms[64];
    int ticks;
    int pairs;   /* at the last tick */
    bool used;
} Timing;

static void timing_add(Timing *t, double ms, int pairs)
{
    if (t->ticks < 64) {
        t->ms[t->ticks++] = ms;
    }
    t->pairs = pairs;
    t->used = true;
}

static void timing_print(const char *scene, int n, Timing *t)
{
    if (!t->used) {
        return;
    }
    qsort(t->ms, (size_t)t->ticks, sizeof(double), cmp_double);
    printf("%-7s %6d  %-22s %9.3f %9.3f %9d\n", scene, n, t->name,
           t->ms[t->ticks / 2], t->ms[0], t->pairs);
}

enum { M_OURS, M_BRUTE, M_BOX2D, M_CP_TREE, M_CP_HASH, M_COUNT };

static void run(const char *label, int n, float width, float height, int ticks, bool with_peers)
{
    Scene sc;
    scene_make(&sc, n, width, height, 12345u + (uint32_t)n);
    Timing t[M_COUNT];
    memset(t, 0, sizeof t);
    t[M_OURS].name = "libcollide broadphase";
    t[M_BRUTE].name = "brute force";
    t[M_BOX2D].name = "box2d b2DynamicTree";
    t[M_CP_TREE].name = "chipmunk bbtree";
    t[M_CP_HASH].name = "chipmunk spatial hash";

    Broadphase *bp = broadphase_create();
    if (bp == NULL) {
        fprintf(stderr, "bench_broadphase: out of memory\n");
        exit(1);
    }
    int cap = 4 * n + 1024;
    ShapePair *pairs = malloc((size_t)cap * sizeof *pairs);
    if (pairs == NULL) {
        fprintf(stderr, "bench_broadphase: out of memory\n");
        exit(1);
    }
    void *peers[M_COUNT] = {NULL};
    (void)peers;
    (void)with_peers;
#ifdef HAVE_BOX2D
    if (with_peers) {
        peers[M_BOX2D] = bp_box2d_create(sc.local, n, sc.bodies);
    }
#endif
#ifdef HAVE_CHIPMUNK
    if (with_peers) {
            peers[M_CP_TREE] = bp_chipmunk_create(sc.local, n, sc.bodies, 0, 0.0f);
        /* cell edge about twice the mean shape extent, as ours */
        peers[M_CP_HASH] = bp_chipmunk_create(sc.local, n, sc.bodies, 1, 40.0f);
    }
#endif
    const Body *poses = sc.bodies;
    (void)poses;

    int warmup = 3;
    /* under callgrind (run with --collect-atstart=no): only our measured
     * calls are counted, and dumped as "scene|N|ticks" */
    bool cg = BENCH_HAVE_CALLGRIND && RUNNING_ON_VALGRIND;
    for (int tick = 0; tick < warmup + ticks; tick++) {
        scene_step(&sc, 1.0f / 60.0f);
        bool keep = tick >= warmup;
        if (cg && keep) {
            CALLGRIND_TOGGLE_COLLECT;
        }
        double t0 = now_ms();
        int found = broadphase_collide(bp, sc.world, n, pairs, cap);
        double t1 = now_ms();
        if (cg && keep) {
            CALLGRIND_TOGGLE_COLLECT;
        }
        if (found < 0) {
            fprintf(stderr, "bench_broadphase: broadphase_collide ran out of memory\n");
            exit(1);
        }
        if (keep) {
            timing_add(&t[M_OURS], t1 - t0, found);
        }
        if (n <= 1000 && keep) {
            t0 = now_ms();
            int brute = brute_force(sc.world, n);
            t1 = now_ms();
            timing_add(&t[M_BRUTE], t1 - t0, brute);
        }
#ifdef HAVE_BOX2D
        if (peers[M_BOX2D] != NULL) {
            t0 = now_ms();
            int got = bp_box2d_tick(peers[M_BOX2D], poses, n);
            t1 = now_ms();
            if (keep) {
                timing_add(&t[M_BOX2D], t1 - t0, got);
            }
        }
#endif
#ifdef HAVE_CHIPMUNK
        for (int k = M_CP_TREE; k <= M_CP_HASH; k++) {
            if (peers[k] != NULL) {
                t0 = now_ms();
                int got = bp_chipmunk_tick(peers[k], poses, n);
                t1 = now_ms();
                if (keep) {
                    timing_add(&t[k], t1 - t0, got);
                }
            }
        }
#endif
    }
    if (cg) {
        char cg_label[64];
        snprintf(cg_label, sizeof cg_label, "%s|%d|%d", label, n, ticks);
        CALLGRIND_DUMP_STATS_AT(cg_label);
    }
    for (int k = 0; k < M_COUNT; k++) {
        timing_print(label, n, &t[k]);
    }
#ifdef HAVE_BOX2D
    bp_box2d_destroy(peers[M_BOX2D]);
#endif
#ifdef HAVE_CHIPMUNK
    bp_chipmunk_destroy(peers[M_CP_TREE]);
    bp_chipmunk_destroy(peers[M_CP_HASH]);
#endif
    free(pairs);
    broadphase_destroy(bp);
    scene_free(&sc);
}

int main(int argc, char **argv)
{
    /* [ticks [N]], or --quick: 3 ticks at N = 10,000 only */
    bool quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    int ticks = quick ? 3 : argc > 1 ? atoi(argv[1]) : 15;
    if (ticks < 1 || ticks > 64) {
        ticks = 15;
    }
    int only = quick ? 10000 : argc > 2 ? atoi(argv[2]) : 0;
    bool peers = !(argc > 3 && strcmp(argv[3], "ours") == 0);
    printf("# per tick, broad + narrow phase, %d ticks after 3 warm-up ticks\n", ticks);
    printf("%-7s %6s  %-22s %9s %9s %9s\n", "scene", "N", "method", "median ms", "best ms", "pairs");
    const char *kind = getenv("BENCH_SCENE");
    bool sparse = kind == NULL || strcmp(kind, "dense") != 0;
    bool dense = kind == NULL || strcmp(kind, "sparse") != 0;
    static const int sizes[] = {1000, 10000, 50000};
    for (int i = 0; i < 3; i++) {
        float scale = sqrtf((float)sizes[i] / 1000.0f);
        if (sparse && (only == 0 || only == sizes[i])) {
            run("sparse", sizes[i], 1280.0f * scale, 720.0f * scale, ticks, peers);
        }
    }
    if (dense && (only == 0 || only == 10000)) {
        run("dense", 10000, 1280.0f, 720.0f, ticks, peers);
    }
    if (dense && (only == 0 || only == 50000)) {
        /* about a million pairs: the peers take seconds per tick here */
        run("dense", 50000, 1280.0f, 720.0f, ticks < 5 ? ticks : 5, false);
    }
    return 0;
}
