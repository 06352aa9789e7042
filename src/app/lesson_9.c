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

#define MANY_DEFAULT 2000
#define MANY_MIN 2
/* every pair of 4,000 shapes already takes a few hundred ms a tick (8M
 * pairs); at 8,000 the window answers a key about once a second */
#define MANY_BRUTE_MAX 4000

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

static bool build_n(World *w, int n)
{
    world_clear(w);
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
        b.vel = (Vec2){ speed * cosf(dir), speed * sinf(dir) };
        if (!world_add(w, &b)) return false;
    }
    w->selected = -1;
    return true;
}

static bool many_build(World *w, int preset)
{
    if (preset != 0) return false;
    w->use_broadphase = true;
    return build_n(w, MANY_DEFAULT);
}

static void many_update(App *app, float dt) { world_drift(&app->world, dt); }

static void resize(App *app, int n)
{
    if (n < MANY_MIN) n = MANY_MIN;
    if (n > WORLD_MAX_SHAPES) n = WORLD_MAX_SHAPES;
    if (n == app->world.count) return;
    World w;
    world_init(&w);
    w.use_broadphase = app->world.use_broadphase;
    if (!build_n(&w, n)) {
        world_free(&w);
        app_status(app, "%s", tr("lesson9.no_memory"));
        return;
    }
    world_take(&app->world, &w);
    world_free(&w);
    if (!app->world.use_broadphase && n > MANY_BRUTE_MAX) {
        app->world.use_broadphase = true;
        app_status(app, tr("lesson9.brute_too_slow"), MANY_BRUTE_MAX);
    }
    world_collide(&app->world);
}

static bool many_key(App *app, const Binding *b)
{
    World *w = &app->world;
    switch (b->action) {
    case ACT_BROADPHASE:
        if (w->use_broadphase && w->count > MANY_BRUTE_MAX) {
            app_status(app, tr("lesson9.brute_too_slow"), MANY_BRUTE_MAX);
            return true;
        }
        w->use_broadphase = !w->use_broadphase;
        return true;
    case ACT_MORE: resize(app, w->count * 2); return true;
    case ACT_FEWER: resize(app, w->count / 2); return true;
    default: return false;
    }
}

static int many_hud(const App *app, char lines[][160], int max)
{
    const World *w = &app->world;
    int n = 0;
    if (n < max) snprintf(lines[n++], 160, tr("lesson9.count"), w->count);
    if (n < max)
        snprintf(lines[n++], 160, "%s", tr(w->use_broadphase ? "lesson9.method_grid" : "lesson9.method_all"));
    if (n < max) snprintf(lines[n++], 160, tr("lesson9.pairs"), w->tested, w->pair_count);
    if (n < max && !app->headless) /* timings would make headless pixels vary */
        snprintf(lines[n++], 160, tr("lesson9.timing"), (double)app->collide_ms, (double)app->render_ms,
                 (double)app->fps);
    return n;
}

static void many_report(const App *app, json_t *state)
{
    const World *w = &app->world;
    json_object_set_new(state, "many", json_pack("{s:i, s:s, s:I, s:i}", "n", w->count, "method",
                                                 w->use_broadphase ? "grid" : "all_pairs", "tested",
                                                 (json_int_t)w->tested, "colliding_pairs", w->pair_count));
}

const Lesson lesson_9 = { "lesson9", many_build, many_update, NULL, NULL, many_hud, many_report, many_key };
