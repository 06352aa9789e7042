/*
 * test_lesson_example.c - README's "Adding a lesson", followed to the letter:
 * tests/example_lesson.c is one file, registered by one line
 * (tests/example_lesson_list.h), and the lab takes it in everywhere: the
 * lesson count, --lesson's range, PageUp / PageDown, the number keys
 * around it; its state is its own; prepare runs once per tick (and after a
 * key the lesson took), never while drawing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <SDL_ttf.h>
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/cli.h"
#include "app/i18n.h"
#include "app/text.h"
#include "app_drive.h"
#include "text_fixture.h"

extern const Lesson lesson_example;
int example_lesson_prepared(const void *state);

static int prepared(const App *app) { return example_lesson_prepared(app->lesson_state); }

static double report_gap(const App *app, bool *line)
{
    json_t *st = app_state_json(app);
    json_t *ex = json_object_get(st, "example");
    if (ex == NULL) fail_msg("no \"example\" in the state");
    double g = json_real_value(json_object_get(ex, "gap"));
    *line = json_is_true(json_object_get(ex, "line"));
    json_decref(st);
    return g;
}

/* One frame by the software renderer. */
static void draw_frame(App *app)
{
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, 1280, 720, 32, SDL_PIXELFORMAT_RGBA32);
    assert_non_null(surf);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(surf);
    assert_non_null(r);
    Text *text = text_create(r);
    Canvas c;
    memset(&c, 0, sizeof c);
    view_fit(&app->view, 1280, 720);
    canvas_begin(&c, r, &app->view, text);
    app_draw(app, &c);
    canvas_free(&c);
    text_destroy(text);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
}

/* Test 1: one line registers it: the last lesson, reachable by --lesson,
 * PageUp from the playground, and PageDown back round to it. */
static void test_registered(void **s)
{
    (void)s;
    const int last = lesson_count() - 1;
    assert_true(last >= 10);
    assert_ptr_equal(lesson_get(last), &lesson_example);
    Options o;
    char err[256];
    char n[16];
    snprintf(n, sizeof n, "%d", last);
    char *ok_args[] = { "collision-lab", "--lesson", n, NULL };
    assert_int_equal(cli_parse(3, ok_args, &o, err, sizeof err), CLI_OK);
    assert_int_equal(o.lesson, last);
    snprintf(n, sizeof n, "%d", last + 1);
    char *bad_args[] = { "collision-lab", "--lesson", n, NULL };
    assert_int_equal(cli_parse(3, bad_args, &o, err, sizeof err), CLI_ERROR);

    App app;
    assert_true(app_init(&app, 0));
    app.headless = true;
    tap(&app, SDLK_PAGEUP);
    assert_int_equal(app.lesson, last);
    assert_int_equal(app.world.count, 2);
    tap(&app, SDLK_PAGEDOWN);
    assert_int_equal(app.lesson, 0);
    for (int i = 0; i < last; i++) tap(&app, SDLK_PAGEDOWN);
    assert_int_equal(app.lesson, last);
    tap(&app, SDLK_3);
    assert_int_equal(app.lesson, 3);
    app_free(&app);
}

/* Test 2: prepare runs once per tick and after a key the lesson took; the
 * drawing, the HUD and the report only read what it computed. */
static void test_prepare_once_per_tick(void **s)
{
    (void)s;
    App app;
    assert_true(app_init(&app, lesson_count() - 1));
    app.headless = true;
    assert_int_equal(prepared(&app), 1);   /* the lesson started */
    for (int i = 0; i < 5; i++) app_tick(&app);
    assert_int_equal(prepared(&app), 6);
    draw_frame(&app);
    draw_frame(&app);
    bool line = false;
    report_gap(&app, &line);
    char lines[8][160];
    assert_int_equal(lesson_example.hud(&app, app.lesson_state, lines, 8), 1);
    assert_int_equal(prepared(&app), 6);
    /* B is the lesson's: the picture follows at once */
    assert_true(line);
    tap(&app, SDLK_b);
    assert_int_equal(prepared(&app), 7);
    report_gap(&app, &line);
    assert_false(line);
    app_free(&app);
}

/* Test 3: the picture follows the shapes: 30 ticks of Right move circle A
 * 120 px towards B (240 px/s), the gap shrinks from 200 px to 80 px; F2
 * (touching) keeps the lesson's state, and a new start of the lesson
 * resets it. */
static void test_picture_follows(void **s)
{
    (void)s;
    App app;
    assert_true(app_init(&app, lesson_count() - 1));
    app.headless = true;
    bool line = false;
    assert_float_equal(report_gap(&app, &line), 200.0, 1e-3);
    key(&app, IN_KEY_DOWN, SDLK_RIGHT);
    for (int i = 0; i < 30; i++) app_tick(&app);
    key(&app, IN_KEY_UP, SDLK_RIGHT);
    assert_float_equal(report_gap(&app, &line), 80.0, 0.01);
    tap(&app, SDLK_b);
    tap(&app, SDLK_F2);
    assert_int_equal(app.preset, 1);
    assert_float_equal(report_gap(&app, &line), 0.0, 1e-3);
    assert_false(line);   /* kept across the preset */
    json_t *st = app_state_json(&app);
    assert_true(json_is_true(json_object_get(json_object_get(st, "example"), "hit")));
    json_decref(st);
    tap(&app, SDLK_F3);   /* no such preset: nothing changes */
    assert_int_equal(app.preset, 1);
    tap(&app, SDLK_0);
    tap(&app, SDLK_PAGEUP);
    report_gap(&app, &line);
    assert_true(line);    /* a fresh start */
    app_free(&app);
}

static int setup(void **s)
{
    (void)s;
    return text_setup("lesson_example");
}

static int teardown(void **s)
{
    (void)s;
    text_teardown();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registered),
        cmocka_unit_test(test_prepare_once_per_tick),
        cmocka_unit_test(test_picture_follows),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
