/*
 * test_app_input.c - the keyboard as a person uses it, through the App API
 * (app_event / app_tick: the path of the window and of input scripts) and
 * through the real binary's --input scripts.
 *
 * Shift (either one) moves the selected shape at a quarter of 240 px/s,
 * i.e. 1 px a tick instead of 4, only while it is held: pressed and
 * released before, during and after an arrow key, in every order, the
 * distance of every stretch of ticks is what the keys held during it say.
 * A Shift tapped once must be forgotten (the bug this catches: a Shift
 * never released after a tap makes the next 60 ticks of Right move 60 px
 * instead of 240). Ctrl likewise: held, the wheel zooms; released, it turns
 * the shape; tapped, it changes nothing after. Key repeats change nothing.
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
#include "lab_run.h"

/* 240 px/s at 60 ticks/s, a quarter of it with Shift: per tick */
#define FAST 4.0
#define SLOW 1.0

static const char *TWO =
    "{ \"title\": \"two\", \"shapes\": [\n"
    "  { \"kind\": \"circle\", \"x\": 200, \"y\": 300, \"r\": 40 },\n"
    "  { \"kind\": \"rect\", \"x\": 900, \"y\": 500, \"w\": 200, \"h\": 100 } ], \"selected\": 0 }\n";

static char scene_path[300];

/* An App on the two-shape scene, as --scene FILE starts it. */
static void start(App *app)
{
    app_init(app, 0);
    app->headless = true;
    char err[512];
    World w;
    world_init(&w);
    if (!scene_load(scene_path, &w, err, sizeof err)) fail_msg("%s", err);
    world_take(&app->world, &w);
    world_free(&w);
    world_collide(&app->world);
}

static double cx(const App *app) { return app->world.bodies[0].pos.x; }
static double cy(const App *app) { return app->world.bodies[0].pos.y; }

/* Runs n ticks; returns how far the circle moved along x. */
static double run_ticks(App *app, int n)
{
    double x0 = cx(app);
    for (int t = 0; t < n; t++) app_tick(app);
    return cx(app) - x0;
}

/* One step of an order: a key goes down or up. */
typedef struct Step { SDL_Keycode key; bool down; } Step;

/* Test 1: Shift and Right, pressed and released in every order (each key
 * down before it is up: 6 orders), with 30 ticks before, between and after
 * the four events, for Left Shift and Right Shift. Each stretch moves
 * 4 px a tick with Right alone, 1 px with Right and Shift, none without
 * Right; afterwards nothing is held and 60 ticks of Right move 240 px. */
static void test_shift_every_order(void **s)
{
    (void)s;
    const SDL_Keycode shifts[2] = { SDLK_LSHIFT, SDLK_RSHIFT };
    /* S = Shift, R = Right; d = down, u = up */
    const char *orders[6] = { "SdRdSuRu", "SdRdRuSu", "SdSuRdRu", "RdSdSuRu", "RdSdRuSu", "RdRuSdSu" };
    for (int k = 0; k < 2; k++) {
        for (int o = 0; o < 6; o++) {
            App app;
            start(&app);
            bool shift = false, right = false;
            double total = 0.0, want_total = 0.0;
            for (int e = 0; e <= 4; e++) {
                if (e > 0) {
                    const char *ev = orders[o] + 2 * (e - 1);
                    SDL_Keycode kc = ev[0] == 'S' ? shifts[k] : SDLK_RIGHT;
                    bool down = ev[1] == 'd';
                    key(&app, down ? IN_KEY_DOWN : IN_KEY_UP, kc);
                    if (ev[0] == 'S') shift = down;
                    else right = down;
                }
                double want = right ? (shift ? SLOW : FAST) * 30.0 : 0.0;
                double got = run_ticks(&app, 30);
                if (fabs(got - want) > 1e-3)
                    fail_msg("%s, order %s, after event %d: moved %.3f px in 30 ticks, want %.0f",
                             k == 0 ? "Left Shift" : "Right Shift", orders[o], e, got, want);
                total += got;
                want_total += want;
            }
            assert_float_equal(total, want_total, 1e-3);
            assert_int_equal(app.held.count, 0);
            /* nothing left over: Right alone is full speed again */
            key(&app, IN_KEY_DOWN, SDLK_RIGHT);
            assert_float_equal(run_ticks(&app, 60), 240.0, 1e-3);
            key(&app, IN_KEY_UP, SDLK_RIGHT);
            assert_float_equal(run_ticks(&app, 10), 0.0, 0.0);
            app_free(&app);
        }
    }
}

/* Test 2: the case as a person does it: Shift tapped (pressed and
 * released between two ticks, or with ticks in between), then Right held
 * for 60 ticks: 240 px, not 60. Also with both Shifts overlapping: slow
 * until the last one is released. */
static void test_shift_tap_then_right(void **s)
{
    (void)s;
    for (int gap = 0; gap <= 5; gap += 5) {
        App app;
        start(&app);
        key(&app, IN_KEY_DOWN, SDLK_LSHIFT);
        run_ticks(&app, gap);
        key(&app, IN_KEY_UP, SDLK_LSHIFT);
        key(&app, IN_KEY_DOWN, SDLK_RIGHT);
        double moved = run_ticks(&app, 60);
        if (fabs(moved - 240.0) > 1e-3) fail_msg("after a Shift tap (%d ticks held), 60 ticks of Right moved %.1f px, want 240", gap, moved);
        key(&app, IN_KEY_UP, SDLK_RIGHT);
        app_free(&app);
    }
    App app;
    start(&app);
    key(&app, IN_KEY_DOWN, SDLK_RIGHT);
    key(&app, IN_KEY_DOWN, SDLK_LSHIFT);
    key(&app, IN_KEY_DOWN, SDLK_RSHIFT);
    assert_float_equal(run_ticks(&app, 20), 20.0 * SLOW, 1e-3);
    key(&app, IN_KEY_UP, SDLK_LSHIFT);            /* the right one still held */
    assert_float_equal(run_ticks(&app, 20), 20.0 * SLOW, 1e-3);
    key(&app, IN_KEY_UP, SDLK_RSHIFT);
    assert_float_equal(run_ticks(&app, 20), 20.0 * FAST, 1e-3);
    /* a key up for a Shift never pressed changes nothing */
    key(&app, IN_KEY_UP, SDLK_LSHIFT);
    assert_float_equal(run_ticks(&app, 10), 10.0 * FAST, 1e-3);
    key(&app, IN_KEY_UP, SDLK_RIGHT);
    app_free(&app);
}

/* Test 3: key repeats (a held key's auto-repeat) neither add speed nor
 * undo a release: Right repeating while Shift goes down and up; nor
 * repeat a one-shot key (Tab). */
static void test_repeats_change_nothing(void **s)
{
    (void)s;
    App app;
    start(&app);
    /* repeats as main.c makes them: the key with its binding */
    InputEvent rep = input_key_event(IN_KEY_DOWN, SDLK_RIGHT, true);
    key(&app, IN_KEY_DOWN, SDLK_RIGHT);
    for (int t = 0; t < 30; t++) { app_event(&app, &rep); app_tick(&app); }
    assert_float_equal(cx(&app), 200.0 + 30.0 * FAST, 1e-3);
    key(&app, IN_KEY_DOWN, SDLK_LSHIFT);
    rep = input_key_event(IN_KEY_DOWN, SDLK_LSHIFT, true);
    for (int t = 0; t < 30; t++) { app_event(&app, &rep); app_tick(&app); }
    assert_float_equal(cx(&app), 200.0 + 30.0 * FAST + 30.0 * SLOW, 1e-3);
    key(&app, IN_KEY_UP, SDLK_LSHIFT);
    rep = input_key_event(IN_KEY_DOWN, SDLK_RIGHT, true);
    for (int t = 0; t < 30; t++) { app_event(&app, &rep); app_tick(&app); }
    assert_float_equal(cx(&app), 200.0 + 60.0 * FAST + 30.0 * SLOW, 1e-3);
    key(&app, IN_KEY_UP, SDLK_RIGHT);
    assert_float_equal(run_ticks(&app, 10), 0.0, 0.0);
    /* a held Tab's repeats select nothing more: one press, one step */
    key(&app, IN_KEY_DOWN, SDLK_TAB);
    rep = input_key_event(IN_KEY_DOWN, SDLK_TAB, true);
    for (int t = 0; t < 5; t++) app_event(&app, &rep);
    key(&app, IN_KEY_UP, SDLK_TAB);
    assert_int_equal(app.world.selected, 1);
    app_free(&app);
}

/* Test 4: Shift with the other arrows and with Q / E: a quarter of the
 * speed on both axes and of the 90 degrees/s turn, then full again. */
static void test_shift_all_motions(void **s)
{
    (void)s;
    App app;
    start(&app);
    key(&app, IN_KEY_DOWN, SDLK_RSHIFT);
    key(&app, IN_KEY_DOWN, SDLK_DOWN);
    key(&app, IN_KEY_DOWN, SDLK_LEFT);
    for (int t = 0; t < 40; t++) app_tick(&app);
    assert_float_equal(cx(&app), 200.0 - 40.0 * SLOW, 1e-3);
    assert_float_equal(cy(&app), 300.0 + 40.0 * SLOW, 1e-3);
    key(&app, IN_KEY_UP, SDLK_RSHIFT);
    for (int t = 0; t < 10; t++) app_tick(&app);
    assert_float_equal(cx(&app), 200.0 - 40.0 * SLOW - 10.0 * FAST, 1e-3);
    assert_float_equal(cy(&app), 300.0 + 40.0 * SLOW + 10.0 * FAST, 1e-3);
    key(&app, IN_KEY_UP, SDLK_DOWN);
    key(&app, IN_KEY_UP, SDLK_LEFT);
    /* turning the rectangle: Tab selects it; E clockwise 90 deg/s */
    tap(&app, SDLK_TAB);
    assert_int_equal(app.world.selected, 1);
    float a0 = app.world.bodies[1].angle;
    key(&app, IN_KEY_DOWN, SDLK_LSHIFT);
    key(&app, IN_KEY_DOWN, SDLK_e);
    for (int t = 0; t < 60; t++) app_tick(&app);
    key(&app, IN_KEY_UP, SDLK_LSHIFT);
    for (int t = 0; t < 60; t++) app_tick(&app);
    key(&app, IN_KEY_UP, SDLK_e);
    const double deg = 3.14159265358979 / 180.0;
    assert_float_equal(app.world.bodies[1].angle - a0, (22.5 + 90.0) * deg, 1e-4);
    app_free(&app);
}

/* Test 5: Shift+Tab selects the previous shape, Tab the next; a Shift
 * released (in any order with Tab) is not counted for the next Tab. */
static void test_shift_tab_orders(void **s)
{
    (void)s;
    App app;
    start(&app);
    /* two shapes: next and previous of 0 are both 1, so use three */
    app_free(&app);
    FILE *f = fopen(scene_path, "wb");
    assert_non_null(f);
    fputs("{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 100, \"y\": 100, \"r\": 20 },\n"
          "  { \"kind\": \"circle\", \"x\": 300, \"y\": 100, \"r\": 20 },\n"
          "  { \"kind\": \"circle\", \"x\": 500, \"y\": 100, \"r\": 20 } ], \"selected\": 0 }\n", f);
    fclose(f);
    start(&app);
    key(&app, IN_KEY_DOWN, SDLK_LSHIFT);
    tap(&app, SDLK_TAB);
    assert_int_equal(app.world.selected, 2);       /* previous of 0 */
    key(&app, IN_KEY_DOWN, SDLK_TAB);              /* Tab down with Shift held ... */
    key(&app, IN_KEY_UP, SDLK_LSHIFT);             /* ... Shift up first ... */
    key(&app, IN_KEY_UP, SDLK_TAB);                /* ... then Tab */
    assert_int_equal(app.world.selected, 1);
    tap(&app, SDLK_TAB);                           /* Shift is gone: next */
    assert_int_equal(app.world.selected, 2);
    tap(&app, SDLK_RSHIFT);
    tap(&app, SDLK_TAB);                           /* a tapped Shift is gone too */
    assert_int_equal(app.world.selected, 0);
    app_free(&app);
    f = fopen(scene_path, "wb");
    assert_non_null(f);
    fputs(TWO, f);
    fclose(f);
}

/* Test 6: Ctrl in every order with the wheel: the wheel zooms (1.25 a
 * notch) while Ctrl is held and turns the shape under the cursor (15
 * degrees a notch) when it is not; a tapped Ctrl leaves the wheel turning. */
static void test_ctrl_orders(void **s)
{
    (void)s;
    const double deg = 3.14159265358979 / 180.0;
    const SDL_Keycode ctrls[2] = { SDLK_LCTRL, SDLK_RCTRL };
    for (int k = 0; k < 2; k++) {
        App app;
        start(&app);
        mouse(&app, IN_MOUSE_MOVE, 900.0f, 500.0f, 0);   /* over the rectangle */
        wheel(&app, 1.0f);                                /* no Ctrl: turn */
        assert_float_equal(app.world.bodies[1].angle, 15.0 * deg, 1e-5);
        assert_float_equal(app.view.zoom, 1.0, 0.0);
        key(&app, IN_KEY_DOWN, ctrls[k]);
        wheel(&app, 1.0f);                                /* Ctrl held: zoom */
        assert_float_equal(app.view.zoom, 1.25, 1e-5);
        assert_float_equal(app.world.bodies[1].angle, 15.0 * deg, 1e-5);
        key(&app, IN_KEY_UP, ctrls[k]);
        /* the zoom kept the rectangle under the cursor: the wheel turns it */
        wheel(&app, 1.0f);
        assert_float_equal(app.view.zoom, 1.25, 1e-5);
        assert_float_equal(app.world.bodies[1].angle, 30.0 * deg, 1e-5);
        tap(&app, ctrls[k]);                              /* a tap: forgotten */
        wheel(&app, -1.0f);
        assert_float_equal(app.view.zoom, 1.25, 1e-5);
        assert_float_equal(app.world.bodies[1].angle, 15.0 * deg, 1e-5);
        /* Ctrl does not slow or stop the arrows; Shift with Ctrl still slows */
        key(&app, IN_KEY_DOWN, ctrls[k]);
        key(&app, IN_KEY_DOWN, SDLK_RIGHT);
        assert_float_equal(run_ticks(&app, 15), 15.0 * FAST, 1e-3);
        key(&app, IN_KEY_DOWN, SDLK_LSHIFT);
        assert_float_equal(run_ticks(&app, 15), 15.0 * SLOW, 1e-3);
        key(&app, IN_KEY_UP, ctrls[k]);
        assert_float_equal(run_ticks(&app, 15), 15.0 * SLOW, 1e-3);
        key(&app, IN_KEY_UP, SDLK_LSHIFT);
        assert_float_equal(run_ticks(&app, 15), 15.0 * FAST, 1e-3);
        key(&app, IN_KEY_UP, SDLK_RIGHT);
        assert_int_equal(app.held.count, 0);
        app_free(&app);
    }
}

/* Test 7: the same through the real binary and an input script, with the
 * key names a teacher writes (Left Shift, Right Shift): Shift tapped, then
 * 60 ticks of Right: 240 px; then Right with Right Shift: 60 ticks, 60 px. */
static void test_script_shift_tap(void **s)
{
    (void)s;
    write_text("in.txt",
               "0 key down Left Shift\n"
               "1 key up Left Shift\n"
               "2 key down Right\n"
               "62 key up Right\n"
               "70 key down Right Shift\n"
               "70 key down Right\n"
               "130 key up Right\n"
               "130 key up Right Shift\n");
    char scene[600];
    path_of(scene, sizeof scene, "two.json");
    write_text("two.json", TWO);
    assert_int_equal(lab("--headless --frames 140 --scene @two.json --input @in.txt --state-out @st.json"), 0);
    json_t *st = lab_json("st.json");
    assert_float_equal(num(shape(st, 0), "x"), 200.0 + 240.0 + 60.0, 1e-3);
    assert_float_equal(num(shape(st, 0), "y"), 300.0, 1e-3);
    json_decref(st);
}

static int setup(void **s)
{
    (void)s;
    if (lab_setup("input", "") != 0) return -1;
    path_of(scene_path, sizeof scene_path, "scene.json");
    FILE *f = fopen(scene_path, "wb");
    if (f == NULL) return -1;
    fputs(TWO, f);
    fclose(f);
    char err[256];
    if (!i18n_set_language("en", err, sizeof err)) fprintf(stderr, "note: %s\n", err);
    return 0;
}

static int teardown(void **s)
{
    (void)s;
    i18n_shutdown();
    return lab_teardown();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shift_every_order),  cmocka_unit_test(test_shift_tap_then_right),
        cmocka_unit_test(test_repeats_change_nothing), cmocka_unit_test(test_shift_all_motions),
        cmocka_unit_test(test_shift_tab_orders),   cmocka_unit_test(test_ctrl_orders),
        cmocka_unit_test(test_script_shift_tap),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
