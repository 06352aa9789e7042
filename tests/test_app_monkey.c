/*
 * test_app_monkey.c - a monkey at the keyboard and mouse: 30,000 ticks of
 * seeded random input straight into the App (app_event / app_tick, no
 * window), every key of the binding table that does not touch files:
 * arrows, Q/E, Shift and Ctrl held and released, lesson keys 0-9, presets
 * F2-F5, Tab, P, '.', S, H, C, F, Space, Home, B/+/- (lesson 9's count), left
 * drags, right-button pans, the wheel with and without Ctrl, focus lost.
 *
 * After every tick: no NaN or infinity in any body or shape, every
 * shape's bounding box on the canvas (1 px of slack) where it fits, and in
 * lessons 1..8 the verdict the picture states (app_explanation) equals
 * shapes_collide on its pair, no box turned in lessons 2..4. Every
 * 500 ticks the --state-out document has only finite numbers; every 3,000 a
 * frame is drawn by the software renderer. Memory in use, measured in the
 * same state (lesson 0, nothing held) after the first and before the last
 * thousand ticks, must not grow.
 *
 * CL_MONKEY_SEED picks another seed; CL_MONKEY_TICKS another length.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <SDL_ttf.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app_drive.h"
#include "app/i18n.h"
#include "app/text.h"

#if defined(__SANITIZE_ADDRESS__)
#define MONKEY_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MONKEY_ASAN 1
#endif
#endif
#ifdef MONKEY_ASAN
/* From the sanitizer runtime (gcc's and clang's; gcc ships no header). */
size_t __sanitizer_get_current_allocated_bytes(void);
#endif

/* Bytes the program holds from malloc now (ASan keeps its own heap). */
static size_t heap_in_use(void)
{
#ifdef MONKEY_ASAN
    return __sanitizer_get_current_allocated_bytes();
#else
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
#endif
}

/* ---- A seeded generator (xorshift64*) ------------------------------------ */

static uint64_t rng_state;
static uint32_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1DULL) >> 32);
}
static int rnd_below(int n) { return (int)(rnd() % (uint32_t)n); }
static float rnd_range(float lo, float hi) { return lo + (hi - lo) * (float)(rnd() & 0xFFFFFF) / 16777215.0f; }

/* ---- Input --------------------------------------------------------------- */

static const SDL_Keycode HELD_KEYS[] = { SDLK_LEFT, SDLK_RIGHT, SDLK_UP, SDLK_DOWN, SDLK_q, SDLK_e,
                                         SDLK_LSHIFT, SDLK_RSHIFT, SDLK_LCTRL };
#define N_HELD ((int)(sizeof HELD_KEYS / sizeof HELD_KEYS[0]))

/* Keys that only toggle or switch: nothing here writes a file (Ctrl+S saves,
 * F12 asks main.c for a screenshot, so S goes in with Ctrl released). */
static const SDL_Keycode TAP_KEYS[] = {
    SDLK_0, SDLK_1, SDLK_2, SDLK_3, SDLK_4, SDLK_5, SDLK_6, SDLK_7, SDLK_8, SDLK_9,
    SDLK_F2, SDLK_F3, SDLK_F4, SDLK_F5, SDLK_TAB, SDLK_p, SDLK_PERIOD, SDLK_s, SDLK_h, SDLK_c,
    SDLK_f, SDLK_SPACE, SDLK_HOME, SDLK_b, SDLK_PLUS, SDLK_MINUS, SDLK_KP_PLUS, SDLK_EQUALS,
    SDLK_PAGEUP, SDLK_PAGEDOWN,
};
#define N_TAP ((int)(sizeof TAP_KEYS / sizeof TAP_KEYS[0]))

/* One tick's worth of monkey business. */
static void monkey_step(App *app)
{
    int r = rnd_below(100);
    if (r < 12) {
        // press or release a held key
        SDL_Keycode k = HELD_KEYS[rnd_below(N_HELD)];
        key(app, held_has(&app->held, k) ? IN_KEY_UP : IN_KEY_DOWN, k);
    } else if (r < 17) {
        SDL_Keycode k = TAP_KEYS[rnd_below(N_TAP)];
        if (k == SDLK_s && held_action(&app->held, ACT_CTRL)) return;   /* Ctrl+S would save a file */
        // lesson 9 could grow to 100,000 shapes: past 1,000 '+' becomes '-'
        if ((k == SDLK_PLUS || k == SDLK_KP_PLUS || k == SDLK_EQUALS) && app->world.count >= 1000) k = SDLK_MINUS;
        tap(app, k);
    } else if (r < 19) {
        // a left drag starts (on a shape, often) or ends
        if (app->dragging >= 0 || rnd_below(2) == 0) {
            mouse(app, IN_MOUSE_UP, rnd_range(0.0f, CANVAS_W), rnd_range(0.0f, CANVAS_H), SDL_BUTTON_LEFT);
        } else {
            Vec2 p = { rnd_range(0.0f, CANVAS_W), rnd_range(0.0f, CANVAS_H) };
            if (app->world.count > 0 && rnd_below(2) == 0) p = app->world.bodies[rnd_below(app->world.count)].pos;
            mouse(app, IN_MOUSE_DOWN, p.x, p.y, SDL_BUTTON_LEFT);
        }
    } else if (r < 20) {
        mouse(app, rnd_below(2) ? IN_MOUSE_DOWN : IN_MOUSE_UP, rnd_range(0.0f, CANVAS_W), rnd_range(0.0f, CANVAS_H),
              SDL_BUTTON_RIGHT);
    } else if (r < 40) {
        // moves, far jumps included (main.c clamps drags; a move may be off)
        float x = app->mouse.x + rnd_range(-60.0f, 60.0f), y = app->mouse.y + rnd_range(-60.0f, 60.0f);
        if (rnd_below(20) == 0) { x = rnd_range(-500.0f, CANVAS_W + 500.0f); y = rnd_range(-500.0f, CANVAS_H + 500.0f); }
        if (app->dragging >= 0) {
            x = x < 0.0f ? 0.0f : x > CANVAS_W ? CANVAS_W : x;
            y = y < 0.0f ? 0.0f : y > CANVAS_H ? CANVAS_H : y;
        }
        mouse(app, IN_MOUSE_MOVE, x, y, 0);
    } else if (r < 43) {
        InputEvent ev;
        memset(&ev, 0, sizeof ev);
        ev.kind = IN_WHEEL;
        ev.wheel = rnd_below(4) == 0 ? rnd_range(-30.0f, 30.0f) : (float)(rnd_below(5) - 2);
        app_event(app, &ev);   /* zooms when Ctrl is held, turns otherwise */
    } else if (r < 44) {
        InputEvent ev;
        memset(&ev, 0, sizeof ev);
        ev.kind = IN_FOCUS_LOST;
        app_event(app, &ev);
    }
}

/* ---- Checks -------------------------------------------------------------- */

static bool finite_vec(Vec2 v) { return isfinite(v.x) && isfinite(v.y); }

static bool off_canvas(const Shape *s)
{
    Aabb box = shape_aabb(s);
    bool fits_x = box.max.x - box.min.x <= CANVAS_W, fits_y = box.max.y - box.min.y <= CANVAS_H;
    return (fits_x && (box.min.x < -1.0f || box.max.x > CANVAS_W + 1.0f)) ||
           (fits_y && (box.min.y < -1.0f || box.max.y > CANVAS_H + 1.0f));
}

/* Test 1: every lesson's every preset builds its shapes on the canvas. */
static void test_presets_on_canvas(void **s)
{
    (void)s;
    int bad = 0;
    for (int l = 0; l < lesson_count(); l++) {
        const Lesson *L = lesson_get(l);
        for (int p = 0; p < 5; p++) {
            World w;
            world_init(&w);
            /* the lesson's own state, as the lab gives it */
            void *st = L->state_size > 0 ? calloc(1, L->state_size) : NULL;
            if (L->state_size > 0) assert_non_null(st);
            if (st != NULL && L->init != NULL) L->init(st);
            if (L->build(&w, p, st)) {
                world_collide(&w);
                for (int i = 0; i < w.count; i++) {
                    if (!off_canvas(&w.shapes[i])) continue;
                    Aabb b = shape_aabb(&w.shapes[i]);
                    print_error("lesson %d preset %d: shape %d off the canvas: box %.1f,%.1f .. %.1f,%.1f\n", l, p, i,
                                (double)b.min.x, (double)b.min.y, (double)b.max.x, (double)b.max.y);
                    bad++;
                }
            }
            if (st != NULL && L->free_state != NULL) L->free_state(st);
            free(st);
            world_free(&w);
        }
    }
    assert_int_equal(bad, 0);
}

/* Shapes a lesson built off the canvas (test 1 reports them) are not the
 * monkey's doing: they are let off until the world is rebuilt. */
static bool exempt[WORLD_MAX_SHAPES];
static int exempt_lesson = -1, exempt_preset = -1, exempt_count = -1;

static void check_world(const App *app, long tick)
{
    const World *w = &app->world;
    if (app->lesson != exempt_lesson || app->preset != exempt_preset || w->count != exempt_count) {
        exempt_lesson = app->lesson;
        exempt_preset = app->preset;
        exempt_count = w->count;
        for (int i = 0; i < w->count && i < WORLD_MAX_SHAPES; i++) exempt[i] = off_canvas(&w->shapes[i]);
    }
    for (int i = 0; i < w->count; i++) {
        const Body *b = &w->bodies[i];
        if (!finite_vec(b->pos) || !isfinite(b->angle))
            fail_msg("tick %ld lesson %d: body %d is not finite", tick, app->lesson, i);
        const Shape *s = &w->shapes[i];
        if (!shape_is_valid(s)) fail_msg("tick %ld lesson %d: shape %d is not valid", tick, app->lesson, i);
        Aabb box = shape_aabb(s);
        if (!finite_vec(box.min) || !finite_vec(box.max)) fail_msg("tick %ld: shape %d's box is not finite", tick, i);
        // on the canvas where it fits (lesson presets have huge rectangles)
        if (off_canvas(s) && !exempt[i])
            fail_msg("tick %ld lesson %d preset %d: shape %d (kind %d) off the canvas: box %.2f,%.2f .. %.2f,%.2f",
                     tick, app->lesson, app->preset, i, (int)s->kind, (double)box.min.x, (double)box.min.y,
                     (double)box.max.x, (double)box.max.y);
    }
    /* lessons 1..8: the picture's verdict is the colours' (shapes_collide) */
    if (app->lesson >= 1 && app->lesson <= 8) {
        Explanation ex;
        if (!app_explanation(app, &ex)) fail_msg("tick %ld lesson %d: no explanation", tick, app->lesson);
        bool truth = shapes_collide(&w->shapes[ex.a], &w->shapes[ex.b], NULL);
        if (ex.verdict != truth)
            fail_msg("tick %ld lesson %d preset %d: the picture says %s (%s), shapes_collide %s", tick, app->lesson,
                     app->preset, ex.verdict ? "collide" : "apart", ex.criterion, truth ? "collide" : "apart");
        if (app->lesson >= 2 && app->lesson <= 4)
            for (int i = 0; i < w->count; i++)
                if (w->bodies[i].kind == SHAPE_RECT && w->bodies[i].angle != 0.0f)
                    fail_msg("tick %ld lesson %d: box %d turned in a lesson about upright boxes", tick, app->lesson, i);
    }
    if (w->selected < -1 || w->selected >= w->count) fail_msg("tick %ld: selection %d of %d", tick, w->selected, w->count);
    if (!finite_vec(app->view.pan) || !isfinite(app->view.zoom) || !finite_vec(app->mouse))
        fail_msg("tick %ld: the view or the mouse is not finite", tick);
}

/* Every number in the JSON is finite (jansson keeps doubles as given). */
static int json_nonfinite(json_t *j)
{
    int bad = 0;
    if (json_is_real(j)) return !isfinite(json_real_value(j));
    if (json_is_array(j)) {
        for (size_t i = 0; i < json_array_size(j); i++) bad += json_nonfinite(json_array_get(j, i));
    } else if (json_is_object(j)) {
        const char *k;
        json_t *v;
        json_object_foreach(j, k, v) bad += json_nonfinite(v);
    }
    return bad;
}

/* One frame by the software renderer. The text cache (512 textures, filled
 * as new strings appear) lives only for the frame, so it does not count as
 * growth. */
static void draw_frame(App *app, SDL_Renderer *r)
{
    Text *text = text_create(r);
    Canvas c;
    memset(&c, 0, sizeof c);
    view_fit(&app->view, (int)CANVAS_W, (int)CANVAS_H);
    canvas_begin(&c, r, &app->view, text);
    app_draw(app, &c);
    if (text != NULL) text_frame_end(text);
    canvas_free(&c);
    text_destroy(text);
}

/* Ticks between two Page Downs of the monkey's lesson tour. */
#define TOUR_TICKS 1000

/* The canonical state memory is measured in: lesson 0, nothing held. */
static size_t settle_and_measure(App *app)
{
    InputEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = IN_FOCUS_LOST;
    app_event(app, &ev);
    mouse(app, IN_MOUSE_UP, 0.0f, 0.0f, SDL_BUTTON_LEFT);
    mouse(app, IN_MOUSE_UP, 0.0f, 0.0f, SDL_BUTTON_RIGHT);
    tap(app, SDLK_0);
    app_tick(app);
    return heap_in_use();
}

/* Test 2: 30,000 ticks of random input break nothing and leak nothing. */
static void test_monkey(void **s)
{
    (void)s;
    const char *seed_env = getenv("CL_MONKEY_SEED"), *ticks_env = getenv("CL_MONKEY_TICKS");
    rng_state = seed_env != NULL ? strtoull(seed_env, NULL, 0) : 0x5EED1234ABCDULL;
    if (rng_state == 0) rng_state = 1;
    long ticks = ticks_env != NULL ? strtol(ticks_env, NULL, 10) : 30000;
    // two tours at least: one to warm up, one to measure over
    long min_ticks = 2L * TOUR_TICKS * lesson_count() + 2000;
    if (ticks < min_ticks) ticks = min_ticks;
    print_message("monkey: seed 0x%llx (CL_MONKEY_SEED), %ld ticks\n", (unsigned long long)rng_state, ticks);

    // a software renderer for the odd frame
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, (int)CANVAS_W, (int)CANVAS_H, 32, SDL_PIXELFORMAT_RGBA32);
    assert_non_null(surf);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(surf);
    assert_non_null(r);
    static App app;
    assert_true(app_init(&app, 0));
    draw_frame(&app, r);   /* fonts and fontconfig start up before the first measure */
    size_t first = 0, last = 0;
    int lessons_seen = 0, drawn = 0;
    for (long t = 1; t <= ticks; t++) {
        monkey_step(&app);
        app_tick(&app);
        lessons_seen |= 1 << app.lesson;
        check_world(&app, t);
        if (t % 500 == 0) {
            json_t *st = app_state_json(&app);
            assert_non_null(st);
            int bad = json_nonfinite(st);
            json_decref(st);
            if (bad > 0) fail_msg("tick %ld: %d numbers in the state JSON are not finite", t, bad);
        }
        if (t % 3000 == 0) {
            draw_frame(&app, r);
            drawn++;
        }
        // besides the random keys, a tour: every TOUR_TICKS the next lesson in
        // order, by its digit or from 9 by Page Down, so every lesson is visited
        if (t % TOUR_TICKS == 0) {
            int want = (int)(t / TOUR_TICKS) % lesson_count();
            tap(&app, want < 10 ? SDLK_0 + want : SDLK_9);
            for (int k = 9; k < want; k++) tap(&app, SDLK_PAGEDOWN);
            lessons_seen |= 1 << app.lesson;
        }
        // memory is compared once every lesson has been visited (caches warm)
        if (t == ticks / 2) first = settle_and_measure(&app);
        if (t == ticks - 1000) last = settle_and_measure(&app);
    }
    print_message("monkey: lessons seen 0x%x, %d frames drawn, heap %zu -> %zu bytes\n", (unsigned)lessons_seen,
                  drawn, first, last);
    // the monkey did go everywhere
    assert_int_equal(lessons_seen, (1 << lesson_count()) - 1);
    // and memory held in the same state did not grow (64 KiB of slack)
    if (last > first + 65536) fail_msg("heap grew from %zu to %zu bytes over the run", first, last);

    app_free(&app);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
}

int main(void)
{
    char err[512];
    if (!i18n_set_language("en", err, sizeof err)) fprintf(stderr, "monkey: %s (HUD shows keys)\n", err);
    if (TTF_Init() != 0) fprintf(stderr, "monkey: TTF_Init: %s\n", SDL_GetError());
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_presets_on_canvas),
        cmocka_unit_test(test_monkey),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    i18n_shutdown();
    TTF_Quit();
    return rc;
}
