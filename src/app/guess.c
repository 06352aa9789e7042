/*
 * guess.c - guess mode: the question generator, the score, and what the
 * lab hides while a question is open (see guess.h).
 */
#include "guess.h"
#include "app.h"
#include "i18n.h"
#include "lessons.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- The generator (no SDL, no App) -------------------------------------- */

/* splitmix64: question `number` of `seed` gets its own stream. */
typedef struct Rng { unsigned long long s; } Rng;
static unsigned long long rng_next(Rng *r)
{
    unsigned long long z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static float rng_uniform(Rng *r, float lo, float hi)
{
    return lo + (hi - lo) * (float)(rng_next(r) >> 40) / 16777216.0f;
}

static const float PI_F = 3.14159265358979f;

float guess_signed_distance(const Shape *a, const Shape *b)
{
    Contact c;
    if (shapes_collide(a, b, &c)) return -c.depth;
    Distance d;
    if (shapes_distance(a, b, &d)) return d.distance;
    return INFINITY;
}

static float body_sd(const Body *a, const Body *b)
{
    Shape sa = body_shape(a), sb = body_shape(b);
    return guess_signed_distance(&sa, &sb);
}

GuessKind guess_kind_for(const char *key)
{
    static const struct { const char *key; GuessKind kind; } table[] = {
        { "lesson0", GUESS_ANY_PAIR }, { "lesson2", GUESS_CORNER },   { "lesson5", GUESS_TURNED_BOX },
        { "lesson6", GUESS_ONE_AXIS }, { "lesson7", GUESS_ONE_AXIS }, { "lesson8", GUESS_ANY_PAIR },
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (key != NULL && strcmp(key, table[i].key) == 0) return table[i].kind;
    return GUESS_NEAR;
}

/* Places a (its centre along u from b's centre) so that the signed
 * distance is `target`: the pair overlaps at t = 0 (both hold the common
 * centre) and is far apart at t = 4000, and the signed distance is
 * continuous in t, so bisection finds a crossing. */
static bool place_along(Body *a, const Body *b, Vec2 u, float target)
{
    float lo = 0.0f, hi = 4000.0f;
    Body t = *a;
    t.pos = b->pos;
    if (!(body_sd(&t, b) < target)) return false;
    for (int i = 0; i < 60; i++) {
        float mid = 0.5f * (lo + hi);
        t.pos = (Vec2){ b->pos.x + mid * u.x, b->pos.y + mid * u.y };
        if (body_sd(&t, b) < target) lo = mid;
        else hi = mid;
    }
    float tt = 0.5f * (lo + hi);
    a->pos = (Vec2){ b->pos.x + tt * u.x, b->pos.y + tt * u.y };
    return true;
}

static Interval body_extent(const Body *b, Vec2 axis)
{
    Shape s = body_shape(b);
    return shape_project(&s, axis);
}

/* Moves both bodies together (the distance stays) so that the pair sits in
 * the middle of the canvas, between the HUD panels at the top and bottom;
 * false when it does not fit on the canvas. */
static bool fit_canvas(Body *a, Body *b)
{
    const float m = 12.0f;
    Interval ax = body_extent(a, (Vec2){ 1, 0 }), bx = body_extent(b, (Vec2){ 1, 0 });
    Interval ay = body_extent(a, (Vec2){ 0, 1 }), by = body_extent(b, (Vec2){ 0, 1 });
    float x0 = fminf(ax.min, bx.min), x1 = fmaxf(ax.max, bx.max);
    float y0 = fminf(ay.min, by.min), y1 = fmaxf(ay.max, by.max);
    if (!(x1 - x0 <= CANVAS_W - 2.0f * m && y1 - y0 <= CANVAS_H - 2.0f * m)) return false;
    float dx = 0.5f * CANVAS_W - 0.5f * (x0 + x1), dy = 390.0f - 0.5f * (y0 + y1);
    /* a tall pair keeps on the canvas */
    if (y0 + dy < m) dy = m - y0;
    if (y1 + dy > CANVAS_H - m) dy = CANVAS_H - m - y1;
    a->pos.x += dx; a->pos.y += dy;
    b->pos.x += dx; b->pos.y += dy;
    return true;
}

static bool boxes_overlap(const Body *a, const Body *b)
{
    Interval ax = body_extent(a, (Vec2){ 1, 0 }), bx = body_extent(b, (Vec2){ 1, 0 });
    Interval ay = body_extent(a, (Vec2){ 0, 1 }), by = body_extent(b, (Vec2){ 0, 1 });
    return ax.min <= bx.max && bx.min <= ax.max && ay.min <= by.max && by.min <= ay.max;
}

/* Apart with exactly one separating axis, and at least two that overlap. */
static bool one_axis(const Body *a, const Body *b)
{
    Shape sa = body_shape(a), sb = body_shape(b);
    SatReport r;
    if (!sat_report(&sa, &sb, &r)) return false;
    int gaps = 0;
    for (int i = 0; i < r.count; i++) gaps += r.axes[i].overlap < 0.0f;
    return gaps == 1 && r.count - gaps >= 2;
}

/* Whether a, b keep the promise and exercise the kind's case. */
static bool keeps_promise(GuessKind kind, const Body *a, const Body *b, bool hit, float *sd)
{
    *sd = body_sd(a, b);
    bool near = hit ? (*sd <= -GUESS_MIN_PX && *sd >= -GUESS_MAX_PX) : (*sd >= GUESS_MIN_PX && *sd <= GUESS_MAX_PX);
    if (!near) return false;
    switch (kind) {
    case GUESS_CORNER: {   /* part 3 decides: neither far nor in an edge band */
        Shape sa = body_shape(a), sb = body_shape(b);
        RegionReport rep;
        return collide_circle_aabb_regions_report(sa.circle, sb.rect, &rep) == hit && rep.part == REGION_CORNER;
    }
    case GUESS_TURNED_BOX: return boxes_overlap(a, b);
    case GUESS_ONE_AXIS: return hit || one_axis(a, b);
    default: return true;
    }
}

static float random_turn(Rng *r) { return rng_uniform(r, 0.0f, 2.0f * PI_F); }

/* One attempt at a question of `kind` from the pair a, b (b stays put
 * unless the canvas asks). */
static bool attempt(GuessKind kind, Rng *r, Body *a, Body *b, bool hit)
{
    float target = (hit ? -1.0f : 1.0f) * rng_uniform(r, 1.5f, 5.5f);
    switch (kind) {
    case GUESS_CORNER: {
        if (a->kind != SHAPE_CIRCLE || b->kind != SHAPE_RECT) return false;
        b->angle = 0.0f;   /* the three-part method works on the upright box */
        float sx = (rng_next(r) & 1) ? 1.0f : -1.0f, sy = (rng_next(r) & 1) ? 1.0f : -1.0f;
        float th = rng_uniform(r, 25.0f, 65.0f) * PI_F / 180.0f, d = a->radius + target;
        if (d <= 0.0f) return false;
        a->pos = (Vec2){ b->pos.x + sx * (b->half.x + d * cosf(th)), b->pos.y + sy * (b->half.y + d * sinf(th)) };
        return true;
    }
    case GUESS_TURNED_BOX: {
        Body *box = a->kind == SHAPE_RECT ? a : b;
        if (box->kind != SHAPE_RECT) return false;
        float turn = rng_uniform(r, 12.0f, 78.0f) * PI_F / 180.0f;
        box->angle = (rng_next(r) & 1) ? turn : -turn;
        break;
    }
    case GUESS_ONE_AXIS:
    case GUESS_ANY_PAIR:
        if (a->kind != SHAPE_CIRCLE) a->angle = random_turn(r);
        if (b->kind != SHAPE_CIRCLE) b->angle = random_turn(r);
        break;
    default: break;
    }
    float dir = random_turn(r);
    return place_along(a, b, (Vec2){ cosf(dir), sinf(dir) }, target);
}

bool guess_arrange(const char *key, World *w, unsigned long long seed, int number, GuessQuestion *q)
{
    if (w->count < 2 || w->count > 20) return false;
    GuessKind kind = guess_kind_for(key);
    Rng r = { seed * 0xD1B54A32D192ED03ULL + (unsigned long long)number * 0x9E3779B97F4A7C15ULL + 1ULL };
    rng_next(&r);
    const bool hit = (rng_next(&r) >> 17) & 1;
    for (int tries = 0; tries < 400; tries++) {
        int i = 0, j = 1;
        if (kind == GUESS_ANY_PAIR) {
            i = (int)(rng_next(&r) % (unsigned long long)w->count);
            j = (int)(rng_next(&r) % (unsigned long long)(w->count - 1));
            if (j >= i) j++;
        }
        Body a = w->bodies[i], b = w->bodies[j];
        float sd = 0.0f;
        if (!attempt(kind, &r, &a, &b, hit) || !fit_canvas(&a, &b) || !keeps_promise(kind, &a, &b, hit, &sd))
            continue;
        if (kind == GUESS_ANY_PAIR) {
            if (!lesson_set_pair(w, &a, &b)) return false;
        } else {
            w->bodies[0] = a;
            w->bodies[1] = b;
        }
        *q = (GuessQuestion){ kind, hit, sd };
        return true;
    }
    return false;
}

/* ---- In the lab ---------------------------------------------------------- */

void guess_init(Guess *g, unsigned long long seed)
{
    memset(g, 0, sizeof *g);
    g->seed = seed;
    world_init(&g->saved);
}

void guess_free(Guess *g)
{
    world_free(&g->saved);
}

static bool pair_collides(const App *app)
{
    const World *w = &app->world;
    return w->count >= 2 && shapes_collide(&w->shapes[0], &w->shapes[1], NULL);
}

/* The next question from the saved arrangement; false (the board as it
 * was) when the lesson has none. */
static bool ask(App *app)
{
    Guess *g = &app->guess;
    World tmp;
    world_init(&tmp);
    GuessQuestion q;
    if (!world_copy(&tmp, &g->saved) || !guess_arrange(app_lesson(app)->key, &tmp, g->seed, g->number, &q)) {
        world_free(&tmp);
        return false;
    }
    g->number++;
    g->q = q;
    world_take(&app->world, &tmp);
    world_free(&tmp);
    app->dragging = -1;
    app_refresh(app);
    g->revealed = false;
    g->answered = false;
    return true;
}

/* Back to the arrangement from before G. */
static void leave(App *app)
{
    Guess *g = &app->guess;
    g->on = false;
    world_take(&app->world, &g->saved);
    app->dragging = -1;
    app_refresh(app);
}

/* Guess mode on the board as it is now; false when it has no question. */
static bool start(App *app)
{
    Guess *g = &app->guess;
    world_clear(&g->saved);
    if (!world_copy(&g->saved, &app->world) || !ask(app)) {
        world_clear(&g->saved);
        g->on = false;
        app_status(app, "%s", tr("guess.none"));
        return false;
    }
    g->on = true;
    return true;
}

void guess_toggle(App *app)
{
    if (app->guess.on) {
        leave(app);
        app_status(app, "%s", tr("guess.off"));
    } else if (start(app)) {
        app_status(app, "%s", tr("guess.started"));
    }
}

void guess_return(App *app)
{
    Guess *g = &app->guess;
    if (!g->on) return;
    if (!g->revealed) g->revealed = true;
    else ask(app);
}

void guess_answer(App *app, bool yes)
{
    Guess *g = &app->guess;
    if (!g->on || g->revealed) return;
    bool truth = pair_collides(app);
    g->asked++;
    g->last_right = yes == truth;
    if (g->last_right) g->right++;
    g->answered = true;
    g->revealed = true;
}

void guess_lesson_changed(App *app)
{
    /* the saved arrangement was the old lesson's: G off now returns to the
     * new lesson's own */
    if (app->guess.on) start(app);
}

bool guess_hides(const App *app)
{
    return app->guess.on && !app->guess.revealed;
}

int guess_hud(const App *app, char lines[][320], int max)
{
    const Guess *g = &app->guess;
    if (!g->on || max < 3) return 0;
    int n = 0;
    if (!g->revealed) {
        snprintf(lines[n++], 320, "%s", tr("guess.question"));
        snprintf(lines[n++], 320, "%s", tr("guess.keys"));
    } else {
        const char *truth = tr(pair_collides(app) ? "guess.truth_hit" : "guess.truth_apart");
        if (g->answered) snprintf(lines[n++], 320, "%s %s", tr(g->last_right ? "guess.right" : "guess.wrong"), truth);
        else snprintf(lines[n++], 320, "%s", truth);
        snprintf(lines[n++], 320, "%s", tr("guess.next"));
    }
    snprintf(lines[n++], 320, tr("guess.score"), g->right, g->asked);
    return n;
}

void guess_report(const App *app, json_t *doc)
{
    const Guess *g = &app->guess;
    if (!g->on && g->number == 0) return;
    json_object_set_new(doc, "guess", json_pack("{s:b, s:b, s:i, s:i}", "on", g->on, "revealed", g->revealed,
                                                "right", g->right, "asked", g->asked));
}
