/*
 * test_core.c - the lab's core (App, World, the lessons, the drawing onto a
 * Canvas) built and linked with no SDL at all: no SDL header, no SDL
 * library (the Makefile compiles src/app/ without main.c, keys.c, text.c
 * and sdl_canvas.c for it). It is driven the way main.c drives it: the
 * lab's own input events with their actions, a clock handed in, and a
 * CanvasDevice that records what a frame draws.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/i18n.h"

/* ---- A recording device ------------------------------------------------- */

typedef struct Record { int clears, triangles, texts; bool saw_title; const char *title; } Record;

static void rec_clear(void *out, Color col) { (void)col; ((Record *)out)->clears++; }
static void rec_triangles(void *out, const CanvasVertex *v, int nv, const int *idx, int ni)
{
    Record *r = out;
    for (int i = 0; i < ni; i++) assert_true(idx[i] >= 0 && idx[i] < nv);
    assert_true(nv > 0 && v != NULL);
    r->triangles += ni / 3;
}
/* The font: every byte half as wide as the text is high. */
static int rec_text(void *font, int x, int y, int px, Color col, const char *utf8)
{
    (void)x; (void)y; (void)col;
    Record *r = font;
    r->texts++;
    if (r->title != NULL && strstr(utf8, r->title) != NULL) r->saw_title = true;
    return (int)strlen(utf8) * px / 2;
}
static int rec_width(void *font, int px, const char *utf8) { (void)font; return (int)strlen(utf8) * px / 2; }
static bool rec_cjk(const void *font) { (void)font; return false; }
static const CanvasDevice RECORD = { rec_clear, rec_triangles, rec_text, rec_width, rec_cjk };

static Record draw(App *app, const char *title)
{
    Record rec = { 0, 0, 0, false, title };
    Canvas c;
    memset(&c, 0, sizeof c);
    view_fit(&app->view, 1280, 720);
    canvas_start(&c, &RECORD, &rec, &rec, &app->view);
    app_draw(app, &c);
    canvas_free(&c);
    return rec;
}

/* The lab's own key event, as main.c makes it from SDL's. */
static void press(App *app, InputKind kind, Key key, Action action, int arg)
{
    InputEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = kind;
    ev.key = key;
    ev.action = action;
    ev.arg = arg;
    app_event(app, &ev);
}

/* Test 1: held keys move the selected shape (240 px/s: 30 ticks, 120 px). */
static void test_held_keys(void **s)
{
    (void)s;
    App app;
    assert_true(app_init(&app, 1));
    app.headless = true;
    float x0 = app.world.bodies[0].pos.x;
    press(&app, IN_KEY_DOWN, 7, ACT_RIGHT, 0);
    for (int i = 0; i < 30; i++) app_tick(&app);
    press(&app, IN_KEY_UP, 7, ACT_RIGHT, 0);
    app_tick(&app);
    assert_float_equal(app.world.bodies[0].pos.x, x0 + 120.0f, 0.01);
    json_t *st = app_state_json(&app);
    assert_non_null(json_object_get(st, "circles"));
    json_decref(st);
    app_free(&app);
}

/* Test 2: every lesson, reached by PageDown, draws a frame through the
 * device: the canvas cleared, triangles, and its title among the texts. */
static void test_every_lesson_draws(void **s)
{
    (void)s;
    App app;
    assert_true(app_init(&app, 0));
    app.headless = true;
    for (int n = 0; n < lesson_count(); n++) {
        assert_int_equal(app.lesson, n);
        for (int i = 0; i < 3; i++) app_tick(&app);
        char key[64];
        snprintf(key, sizeof key, "%s.title", lesson_get(n)->key);
        Record r = draw(&app, tr(key));
        assert_int_equal(r.clears, 1);
        assert_true(r.triangles > 100);
        assert_true(r.texts >= 4);
        if (!r.saw_title) fail_msg("lesson %d: no \"%s\" drawn", n, tr(key));
        press(&app, IN_KEY_DOWN, 9, ACT_LESSON_NEXT, 0);
        press(&app, IN_KEY_UP, 9, ACT_LESSON_NEXT, 0);
    }
    assert_int_equal(app.lesson, 0);
    app_free(&app);
}

/* Test 3: the timings come from the clock main.c hands in; none without
 * one, and none headless (pixels must repeat). */
static double fake_now;
static double fake_clock(void) { fake_now += 2.5; return fake_now; }

static void test_clock_handed_in(void **s)
{
    (void)s;
    App app;
    assert_true(app_init(&app, 0));
    app_tick(&app);
    assert_float_equal(app.collide_ms, 0.0, 0.0);
    app.clock_ms = fake_clock;
    app_tick(&app);
    assert_float_equal(app.collide_ms, 2.5, 1e-6);
    app.collide_ms = 0.0f;
    app.headless = true;
    app_tick(&app);
    assert_float_equal(app.collide_ms, 0.0, 0.0);
    app_free(&app);
}

static int setup(void **s)
{
    (void)s;
    char err[256];
    if (!i18n_set_language("en", err, sizeof err)) {   /* ./assets: no front end here */
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

static int teardown(void **s)
{
    (void)s;
    i18n_shutdown();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_held_keys),
        cmocka_unit_test(test_every_lesson_draws),
        cmocka_unit_test(test_clock_handed_in),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
