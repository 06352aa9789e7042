/*
 * lesson_9.c - many shapes: why testing every pair is the wrong last lesson.
 *
 * N shapes of every kind drift and bounce off the canvas edges. B switches
 * the collision pass between testing all N(N-1)/2 pairs and the broad phase
 * (src/broadphase.c: a uniform grid); + and - double and halve N. The HUD
 * shows what each costs, so the class sees the difference when B is pressed.
 */
#include "lessons.h"
#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>

#define MANY_DEFAULT 2000
#define MANY_MIN 2
/* every pair of 4,000 shapes already takes a few hundred ms a tick (8M
 * pairs); at 8,000 the window answers a key about once a second */
#define MANY_BRUTE_MAX 4000
/* + stops here: measured on the course machine (2 cores, the windowed lab
 * under Xvfb with SDL's software renderer, with other builds running):
 * 2,000 shapes drew 28-40 FPS, 4,000 17-30 FPS, 8,000 6-11 FPS, 16,000 5,
 * 64,000 under 2 (collision alone 140 ms a tick). */
#define MANY_MAX 4000

/* The lesson's state: how the collision pass runs, and each shape's
 * velocity (px/s) for the shapes this lesson built (none after a scene
 * replaced them: a scene's shapes stay put). */
typedef struct Many { bool grid; int n; int step; Vec2 *vel; } Many;

/* + and - walk N = MANY_DEFAULT x 2^step (rounded), so they are exact
 * inverses: 2000 halved five times and doubled five times is 2000 again
 * (halving the count itself gave 1,562 back from 100,000). */
static int n_at(int step)
{
    double n = MANY_DEFAULT;
    for (int k = 0; k < step; k++) n *= 2.0;
    for (int k = 0; k > step; k--) n *= 0.5;
    return (int)(n + 0.5);
}

/* A small fixed-seed generator: the same N gives the same scene. */
static unsigned next_u32(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(*s >> 33);
}
static float uniform(unsigned long long *s, float lo, float hi)
{
    return lo + (hi - lo) * (float)(next_u32(s) & 0xFFFFFF) / 16777216.0f;
}

/* n shapes into w, their velocities into *vel_out (new, n of them). */
static bool build_n(World *w, int n, Vec2 **vel_out)
{
    world_clear(w);
    Vec2 *vel = malloc(sizeof *vel * (size_t)n);
    if (vel == NULL) return false;
    unsigned long long seed = 0x5eed0009ULL;
    for (int i = 0; i < n; i++) {
        float x = uniform(&seed, 20.0f, CANVAS_W - 20.0f), y = uniform(&seed, 20.0f, CANVAS_H - 20.0f);
        float size = uniform(&seed, 2.5f, 7.0f);
        Body b;
        switch (i % 3) {
        case 0: b = body_circle(x, y, size); break;
        case 1: b = body_rect(x, y, 2.0f * size, size, uniform(&seed, 0.0f, 180.0f)); break;
        default: {
            Vec2 tri[3] = { { x, y - size }, { x + size, y + size }, { x - size, y + 0.7f * size } };
            b = body_poly(tri, 3);
            break;
        }
        }
        float speed = uniform(&seed, 20.0f, 90.0f), dir = uniform(&seed, 0.0f, 6.2831853f);
        vel[i] = (Vec2){ speed * cosf(dir), speed * sinf(dir) };
        if (!world_add(w, &b)) { free(vel); return false; }
    }
    w->selected = -1;
    *vel_out = vel;
    return true;
}

static void take_velocities(Many *m, Vec2 *vel, int n)
{
    free(m->vel);
    m->vel = vel;
    m->n = n;
}

static void many_free(void *state)
{
    Many *m = state;
    free(m->vel);
    m->vel = NULL;
    m->n = 0;
}

static bool many_build(World *w, int preset, void *state)
{
    Many *m = state;
    Vec2 *vel = NULL;
    if (preset != 0 || !build_n(w, MANY_DEFAULT, &vel)) return false;
    take_velocities(m, vel, MANY_DEFAULT);
    m->grid = true;
    return true;
}

/* Every shape drifts by its velocity and bounces off the canvas edges. */
static void many_update(App *app, void *state, float dt)
{
    Many *m = state;
    World *w = &app->world;
    for (int i = 0; i < w->count && i < m->n; i++) {
        Body *b = &w->bodies[i];
        Vec2 *v = &m->vel[i];
        if (v->x == 0.0f && v->y == 0.0f) continue;
        b->pos.x += v->x * dt;
        b->pos.y += v->y * dt;
        Vec2 before = b->pos;
        body_keep_on_canvas(b);
        /* pushed back by an edge: bounce */
        if (b->pos.x != before.x) v->x = b->pos.x > before.x ? fabsf(v->x) : -fabsf(v->x);
        if (b->pos.y != before.y) v->y = b->pos.y > before.y ? fabsf(v->y) : -fabsf(v->y);
    }
}

static void many_collide(World *w, const void *state)
{
    const Many *m = state;
    if (m->grid) world_collide_grid(w);
    else world_collide_all_pairs(w);
}

static void resize(App *app, Many *m, int n)
{
    if (n < MANY_MIN) n = MANY_MIN;
    if (n > WORLD_MAX_SHAPES) n = WORLD_MAX_SHAPES;
    if (n == app->world.count) return;
    World w;
    world_init(&w);
    Vec2 *vel = NULL;
    if (!build_n(&w, n, &vel)) {
        world_free(&w);
        app_status(app, "%s", tr("lesson9.no_memory"));
        return;
    }
    world_take(&app->world, &w);
    world_free(&w);
    take_velocities(m, vel, n);
    if (!m->grid && n > MANY_BRUTE_MAX) {
        m->grid = true;
        app_status(app, tr("lesson9.brute_too_slow"), MANY_BRUTE_MAX);
    }
    many_collide(&app->world, m);
}

static bool many_key(App *app, void *state, const Binding *b)
{
    Many *m = state;
    World *w = &app->world;
    switch (b->action) {
    case ACT_BROADPHASE:
        if (m->grid && w->count > MANY_BRUTE_MAX) {
            app_status(app, tr("lesson9.brute_too_slow"), MANY_BRUTE_MAX);
            return true;
        }
        m->grid = !m->grid;
        return true;
    case ACT_MORE:
        if (n_at(m->step + 1) > MANY_MAX) { app_status(app, tr("lesson9.at_most"), MANY_MAX); return true; }
        resize(app, m, n_at(++m->step));
        return true;
    case ACT_FEWER:
        if (n_at(m->step - 1) < MANY_MIN) return true;
        resize(app, m, n_at(--m->step));
        return true;
    default: return false;
    }
}

static int many_hud(const App *app, const void *state, char lines[][160], int max)
{
    const Many *m = state;
    const World *w = &app->world;
    int n = 0;
    if (n < max) snprintf(lines[n++], 160, tr("lesson9.count"), w->count);
    if (n < max && n_at(m->step + 1) > MANY_MAX) snprintf(lines[n++], 160, tr("lesson9.at_most"), MANY_MAX);
    if (n < max)
        snprintf(lines[n++], 160, "%s",
                 tr(!m->grid ? "lesson9.method_all" : w->count > MANY_BRUTE_MAX ? "lesson9.method_grid_only"
                                                                               : "lesson9.method_grid"));
    if (n < max) snprintf(lines[n++], 160, tr("lesson9.pairs"), w->tested, w->pair_total);
    if (n < max && !app->headless) /* timings would make headless pixels vary */
        snprintf(lines[n++], 160, tr("lesson9.timing"), (double)app->collide_ms, (double)app->render_ms,
                 (double)app->fps, (double)app->frame_ms);
    return n;
}

static void many_report(const App *app, const void *state, json_t *out)
{
    const Many *m = state;
    const World *w = &app->world;
    json_object_set_new(out, "many", json_pack("{s:i, s:s, s:I, s:i}", "n", w->count, "method",
                                                 m->grid ? "grid" : "all_pairs", "tested",
                                                 (json_int_t)w->tested, "colliding_pairs", w->pair_total));
}

const Lesson lesson_9 = {
    .key = "lesson9",
    .state_size = sizeof(Many),
    .free_state = many_free,
    .build = many_build,
    .update = many_update,
    .collide = many_collide,
    .hud = many_hud,
    .report = many_report,
    .on_key = many_key,
};
