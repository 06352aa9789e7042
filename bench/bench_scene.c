/*
 * bench_scene.c - the lab's collision pass (src/app/world.c: broad phase,
 * pairs kept with their contacts, the test budget) on the scenes of issue
 * #14: 10,000 small moving shapes, 10,000 identical circles, 10,000 huge
 * overlapping shapes. Per scene: ms per tick (median and best of the ticks;
 * the machine is shared, so best-of-N is the figure to compare), the pairs
 * and whether the count is exact, and the process's peak memory so far.
 *
 * Goals (issue #14): under 5 ms per tick and 100 MB for 10,000 small
 * shapes; the huge scene's collision pass well under 200 ms (the frame's
 * budget, drawing included).
 *
 *   build/bench/bench_scene [ticks [small|same|huge]]      --quick: 5 ticks
 */
#include "../src/app/world.c"   /* the lab's world, SDL-free, built in */

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static unsigned long long seed = 0x5eed14ULL;

static float uniform(float lo, float hi)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + (hi - lo) * (float)((seed >> 40) & 0xFFFFFF) / 16777216.0f;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef enum Kind { SMALL, SAME, HUGE } Kind;

static void build(World *w, Kind kind, int n, Vec2 *vel)
{
    world_clear(w);
    for (int i = 0; i < n; i++) {
        Body b;
        float x = uniform(20.0f, CANVAS_W - 20.0f), y = uniform(20.0f, CANVAS_H - 20.0f);
        if (kind == SAME) {
            b = body_circle(640.0f, 360.0f, 50.0f);
        } else {
            float s = kind == SMALL ? uniform(2.0f, 6.0f) : uniform(300.0f, 900.0f);
            if (kind == HUGE) { x = uniform(500.0f, 780.0f); y = uniform(300.0f, 420.0f); }
            switch (i % 3) {
            case 0: b = body_circle(x, y, s); break;
            case 1: b = body_rect(x, y, 2.0f * s, s * uniform(0.5f, 2.0f), uniform(0.0f, 90.0f)); break;
            default: {
                Vec2 p[4] = { { x - s, y - s }, { x + s, y - 0.8f * s }, { x + 0.7f * s, y + s }, { x - 0.9f * s, y + 0.6f * s } };
                b = body_poly(p, 4);
                break;
            }
            }
        }
        world_add(w, &b);
        float dir = uniform(0.0f, 6.2831853f), speed = kind == SAME ? 0.0f : uniform(20.0f, 90.0f);
        vel[i] = (Vec2){ speed * cosf(dir), speed * sinf(dir) };
    }
}

static void drift(World *w, Vec2 *vel, float dt)
{
    for (int i = 0; i < w->count; i++) {
        Body *b = &w->bodies[i];
        b->pos.x += vel[i].x * dt;
        b->pos.y += vel[i].y * dt;
        Vec2 before = b->pos;
        body_keep_on_canvas(b);
        if (b->pos.x != before.x) vel[i].x = -vel[i].x;
        if (b->pos.y != before.y) vel[i].y = -vel[i].y;
    }
}

int main(int argc, char **argv)
{
    bool quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    int ticks = quick ? 5 : argc > 1 ? atoi(argv[1]) : 30;
    if (ticks < 1) ticks = 1;
    const int n = 10000;
    const char *names[] = { "small", "same", "huge" };
    printf("lab collision pass (world_collide), %d shapes, %d ticks each; budget %lld candidates, %d pairs kept\n", n,
           ticks, (long long)WORLD_TEST_BUDGET, WORLD_PAIRS_KEPT);
    printf("%-6s %10s %9s %12s %6s %9s\n", "scene", "median ms", "best ms", "pairs", "exact", "peak MB");
    Vec2 *vel = malloc(sizeof *vel * (size_t)n);
    double *ms = malloc(sizeof *ms * (size_t)ticks);
    if (vel == NULL || ms == NULL) return 1;
    const char *only = argc > 2 ? argv[2] : NULL;
    for (int k = 0; k < 3; k++) {
        if (only != NULL && strcmp(only, names[k]) != 0) continue;
        World w;
        world_init(&w);
        build(&w, (Kind)k, n, vel);
        world_collide(&w);   /* warm: memory grown once */
        for (int t = 0; t < ticks; t++) {
            drift(&w, vel, 1.0f / 60.0f);
            double t0 = now_ms();
            world_collide(&w);
            ms[t] = now_ms() - t0;
        }
        qsort(ms, (size_t)ticks, sizeof *ms, cmp_double);
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        printf("%-6s %10.2f %9.2f %12d %6s %9.1f\n", names[k], ms[ticks / 2], ms[0], w.pair_total,
               w.pairs_exact ? "yes" : "no", (double)ru.ru_maxrss / 1024.0);
        world_free(&w);
    }
    free(vel);
    free(ms);
    return 0;
}
