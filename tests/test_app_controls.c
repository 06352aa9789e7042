/*
 * test_app_controls.c - the controls a teacher uses mid-lesson, driven
 * through the App API (the same app_event/app_tick path the window and the
 * input scripts take): zoom about the cursor, pan, Home, the wheel, slow
 * motion, focus loss, and a bad scene reload that must change nothing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/app.h"
#include "app_drive.h"
#include "app/i18n.h"
#include "app/scene.h"

static const char *TWO =
    "{ \"title\": \"two\", \"shapes\": [\n"
    "  { \"kind\": \"circle\", \"x\": 200, \"y\": 300, \"r\": 40 },\n"
    "  { \"kind\": \"rect\", \"x\": 800, \"y\": 300, \"w\": 200, \"h\": 100 } ], \"selected\": 0 }\n";

static char scene_path[256];

static void write_scene(const char *text)
{
    FILE *f = fopen(scene_path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* An App on the two-shape scene, as --scene FILE starts it. */
static void start(App *app)
{
    write_scene(TWO);
    app_init(app, 0);
    app->headless = true;
    char err[512];
    World w;
    world_init(&w);
    if (!scene_load(scene_path, &w, err, sizeof err)) fail_msg("%s", err);
    world_take(&app->world, &w);
    world_free(&w);
    snprintf(app->scene_path, sizeof app->scene_path, "%s", scene_path);
    world_collide(&app->world);
}

/* Test 1: Ctrl+wheel zooms about the cursor: the canvas point under it
 * stays under it; Home resets; the shapes keep their canvas coordinates. */
static void test_zoom_about_cursor(void **s)
{
    (void)s;
    App app;
    start(&app);
    view_fit(&app.view, 1920, 1080);
    Vec2 p = { 400.0f, 250.0f };
    Vec2 before = view_to_screen(&app.view, p);
    mouse(&app, IN_MOUSE_MOVE, p.x, p.y, 0);
    key(&app, IN_KEY_DOWN, SDLK_LCTRL);
    wheel(&app, 2.0f);
    key(&app, IN_KEY_UP, SDLK_LCTRL);
    assert_float_equal(app.view.zoom, 1.5625, 1e-4);
    Vec2 after = view_to_screen(&app.view, p);
    assert_float_equal(after.x, before.x, 0.01);
    assert_float_equal(after.y, before.y, 0.01);
    assert_float_equal(app.world.bodies[0].pos.x, 200.0, 0.0);
    /* zooming out never goes below the whole canvas */
    key(&app, IN_KEY_DOWN, SDLK_LCTRL);
    wheel(&app, -10.0f);
    key(&app, IN_KEY_UP, SDLK_LCTRL);
    assert_float_equal(app.view.zoom, 1.0, 0.0);
    key(&app, IN_KEY_DOWN, SDLK_LCTRL);
    wheel(&app, 3.0f);
    key(&app, IN_KEY_UP, SDLK_LCTRL);
    assert_true(app.view.zoom > 1.9f);
    key(&app, IN_KEY_DOWN, SDLK_HOME);
    assert_float_equal(app.view.zoom, 1.0, 0.0);
    assert_float_equal(app.view.pan.x, 640.0, 0.0);
    assert_float_equal(app.view.pan.y, 360.0, 0.0);
    app_free(&app);
}

/* Test 2: right-drag pans a zoomed view (and not the shapes); the state
 * reports the view. */
static void test_right_drag_pans(void **s)
{
    (void)s;
    App app;
    start(&app);
    mouse(&app, IN_MOUSE_MOVE, 640.0f, 360.0f, 0);
    key(&app, IN_KEY_DOWN, SDLK_RCTRL);
    wheel(&app, 4.0f);
    key(&app, IN_KEY_UP, SDLK_RCTRL);
    Vec2 pan0 = app.view.pan;
    mouse(&app, IN_MOUSE_DOWN, 700.0f, 360.0f, SDL_BUTTON_RIGHT);
    mouse(&app, IN_MOUSE_MOVE, 650.0f, 340.0f, 0);
    mouse(&app, IN_MOUSE_UP, 650.0f, 340.0f, SDL_BUTTON_RIGHT);
    assert_float_equal(app.view.pan.x, pan0.x + 50.0f, 0.01);
    assert_float_equal(app.view.pan.y, pan0.y + 20.0f, 0.01);
    assert_float_equal(app.world.bodies[0].pos.x, 200.0, 0.0);
    assert_float_equal(app.world.bodies[1].pos.x, 800.0, 0.0);
    json_t *st = app_state_json(&app);
    json_t *view = json_object_get(st, "view");
    assert_float_equal(json_number_value(json_object_get(view, "zoom")), app.view.zoom, 1e-6);
    json_decref(st);
    app_free(&app);
}

/* Test 3: the wheel turns the shape under the cursor by 15 degrees a notch
 * (away from you: clockwise, like E). */
static void test_wheel_turns(void **s)
{
    (void)s;
    App app;
    start(&app);
    mouse(&app, IN_MOUSE_MOVE, 800.0f, 300.0f, 0);
    wheel(&app, 2.0f);
    assert_float_equal(app.world.bodies[1].angle, 30.0 * 3.14159265 / 180.0, 1e-5);
    wheel(&app, -1.0f);
    assert_float_equal(app.world.bodies[1].angle, 15.0 * 3.14159265 / 180.0, 1e-5);
    app_free(&app);
}

/* Test 4: slow motion runs the world at a quarter speed. */
static void test_slow_motion(void **s)
{
    (void)s;
    App app;
    start(&app);
    key(&app, IN_KEY_DOWN, SDLK_s);
    key(&app, IN_KEY_UP, SDLK_s);
    assert_true(app.slowmo);
    key(&app, IN_KEY_DOWN, SDLK_RIGHT);
    for (int t = 0; t < 60; t++) app_tick(&app);
    assert_float_equal(app.world.bodies[0].pos.x, 260.0, 0.01);
    app_free(&app);
}

/* Test 5: losing focus releases every held key: nothing keeps moving. */
static void test_focus_lost_releases(void **s)
{
    (void)s;
    App app;
    start(&app);
    key(&app, IN_KEY_DOWN, SDLK_DOWN);
    for (int t = 0; t < 10; t++) app_tick(&app);
    InputEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = IN_FOCUS_LOST;
    app_event(&app, &ev);
    for (int t = 0; t < 10; t++) app_tick(&app);
    assert_float_equal(app.world.bodies[0].pos.y, 340.0, 0.01);
    assert_int_equal(app.held.count, 0);
    app_free(&app);
}

/* Test 6: Ctrl+O with a broken scene file leaves the scene as it was and
 * shows file:line:column in the HUD; once mended, it reloads. */
static void test_bad_reload_changes_nothing(void **s)
{
    (void)s;
    App app;
    start(&app);
    key(&app, IN_KEY_DOWN, SDLK_RIGHT);
    for (int t = 0; t < 15; t++) app_tick(&app);
    key(&app, IN_KEY_UP, SDLK_RIGHT);
    write_scene("{ \"shapes\": [\n  { \"kind\": \"circle\", \"x\": 1, \"y\": 2, \"r\": -5 } ] }\n");
    key(&app, IN_KEY_DOWN, SDLK_LCTRL);
    key(&app, IN_KEY_DOWN, SDLK_o);
    key(&app, IN_KEY_UP, SDLK_o);
    assert_int_equal(app.world.count, 2);
    assert_float_equal(app.world.bodies[0].pos.x, 260.0, 0.01);
    char where[300];
    snprintf(where, sizeof where, "%s:2:", scene_path);
    assert_non_null(strstr(app.status, where));
    assert_true(app.status_until > app.tick);
    write_scene("{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 100, \"y\": 100, \"r\": 30 } ] }\n");
    key(&app, IN_KEY_DOWN, SDLK_o);
    key(&app, IN_KEY_UP, SDLK_o);
    assert_int_equal(app.world.count, 1);
    assert_float_equal(app.world.bodies[0].pos.x, 100.0, 0.0);
    app_free(&app);
}

static int setup(void **s)
{
    (void)s;
    snprintf(scene_path, sizeof scene_path, "/tmp/cl-controls-%ld.json", (long)getpid());
    char err[256];
    /* the catalogue for the HUD's status lines (text from the build tree) */
    if (!i18n_set_language("en", err, sizeof err)) fprintf(stderr, "note: %s\n", err);
    return 0;
}

static int teardown(void **s)
{
    (void)s;
    remove(scene_path);
    i18n_shutdown();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zoom_about_cursor), cmocka_unit_test(test_right_drag_pans),
        cmocka_unit_test(test_wheel_turns),       cmocka_unit_test(test_slow_motion),
        cmocka_unit_test(test_focus_lost_releases), cmocka_unit_test(test_bad_reload_changes_nothing),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
