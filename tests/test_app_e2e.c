/*
 * test_app_e2e.c - end-to-end: the real binary, headless, driven by input
 * scripts; checks the --state-out JSON and the --screenshot pixels.
 * The binary is $CL_BUILD/collision-lab (CL_BUILD defaults to build).
 */
#include <math.h>

#include "lab_run.h"

/* The state the last run wrote. */
static json_t *state(void) { return lab_json("state.json"); }

static const char *SCENE_TWO =
    "{ \"title\": \"two\", \"shapes\": [\n"
    "  { \"kind\": \"circle\", \"x\": 200, \"y\": 300, \"r\": 40 },\n"
    "  { \"kind\": \"rect\", \"x\": 800, \"y\": 300, \"w\": 200, \"h\": 100, \"angle_deg\": 0 } ],\n"
    "  \"selected\": 0 }\n";

/* Test 1: Right held for 60 ticks moves the selected shape 240 px. */
static void test_hold_right_moves_240(void **s)
{
    (void)s;
    write_text("scene.json", SCENE_TWO);
    write_text("in.txt", "0 key down Right\n60 key up Right\n");
    assert_int_equal(lab("--headless --frames 90 --scene @scene.json --input @in.txt --state-out @state.json"), 0);
    json_t *st = state();
    assert_float_equal(num(shape(st, 0), "x"), 440.0, 0.01);
    assert_float_equal(num(shape(st, 0), "y"), 300.0, 0.01);
    assert_int_equal((int)num(st, "tick"), 90);
    json_decref(st);
}

/* Test 2: with Shift held, a quarter of that: 60 px. */
static void test_shift_moves_quarter(void **s)
{
    (void)s;
    write_text("scene.json", SCENE_TWO);
    write_text("in.txt", "# slow\n0 key down Left Shift\n0 key down Right\n60 key up Right\n");
    assert_int_equal(lab("--headless --frames 60 --scene @scene.json --input @in.txt --state-out @state.json"), 0);
    json_t *st = state();
    assert_float_equal(num(shape(st, 0), "x"), 260.0, 0.01);
    json_decref(st);
}

/* Test 3: E held 30 ticks turns a rectangle 45 degrees clockwise; Q back. */
static void test_e_turns_45(void **s)
{
    (void)s;
    write_text("scene.json", SCENE_TWO);
    write_text("in.txt", "0 key down Tab\n0 key up Tab\n0 key down E\n30 key up E\n");
    assert_int_equal(lab("--headless --frames 40 --scene @scene.json --input @in.txt --state-out @state.json"), 0);
    json_t *st = state();
    assert_true(flag(shape(st, 1), "selected"));
    assert_float_equal(num(shape(st, 1), "angle_deg"), 45.0, 0.01);
    json_decref(st);
    write_text("in.txt", "0 key down Tab\n1 key down Q\n31 key up Q\n");
    assert_int_equal(lab("--headless --frames 40 --scene @scene.json --input @in.txt --state-out @state.json"), 0);
    st = state();
    assert_float_equal(num(shape(st, 1), "angle_deg"), -45.0, 0.01);
    json_decref(st);
}

/* Test 4: Tab changes the selection, Shift+Tab goes back. */
static void test_tab_selects(void **s)
{
    (void)s;
    write_text("scene.json", SCENE_TWO);
    write_text("in.txt", "0 key down Tab\n1 key up Tab\n");
    assert_int_equal(lab("--headless --frames 5 --scene @scene.json --input @in.txt --state-out @state.json"), 0);
    json_t *st = state();
    assert_int_equal((int)num(st, "selected"), 1);
    assert_false(flag(shape(st, 0), "selected"));
    assert_true(flag(shape(st, 1), "selected"));
    json_decref(st);
    write_text("in.txt", "0 key down Tab\n1 key up Tab\n2 key down Left Shift\n3 key down Tab\n4 key up Tab\n");
    assert_int_equal(lab("--headless --frames 5 --scene @scene.json --input @in.txt --state-out @state.json"), 0);
    st = state();
    assert_int_equal((int)num(st, "selected"), 0);
    json_decref(st);
}

/* Test 5: a key-up stops the motion; a repeated key-down changes nothing. */
static void test_key_up_stops(void **s)
{
    (void)s;
    write_text("scene.json", SCENE_TWO);
    write_text("in.txt", "0 key down Down\n15 key down Down\n30 key up Down\n");
    assert_int_equal(lab("--headless --frames 120 --scene @scene.json --input @in.txt --state-out @state.json"), 0);
    json_t *st = state();
    assert_float_equal(num(shape(st, 0), "y"), 420.0, 0.01);
    json_decref(st);
}

/* Test 6: driven into each other they collide; apart they do not. */
static void test_collide_and_apart(void **s)
{
    (void)s;
    write_text("scene.json", SCENE_TWO);
    /* circle right edge 240, rect left edge 700: 460 px = 115 ticks; go 130 */
    write_text("in.txt", "0 key down Right\n130 key up Right\n");
    assert_int_equal(lab("--headless --frames 140 --scene @scene.json --input @in.txt --state-out @state.json"), 0);
    json_t *st = state();
    assert_true(flag(shape(st, 0), "colliding"));
    assert_true(flag(shape(st, 1), "colliding"));
    json_t *pairs = json_object_get(st, "pairs");
    assert_int_equal(json_array_size(pairs), 1);
    json_t *p = json_array_get(pairs, 0);
    assert_float_equal(num(p, "depth"), 60.0, 0.05); /* 520 + 40 - 700 */
    json_decref(st);
    assert_int_equal(lab("--headless --frames 10 --scene @scene.json --state-out @state.json"), 0);
    st = state();
    assert_false(flag(shape(st, 0), "colliding"));
    assert_false(flag(shape(st, 1), "colliding"));
    json_decref(st);
}

static SDL_Color pixel(SDL_Surface *img, int x, int y)
{
    const Uint8 *p = px_at(img, x, y);
    return (SDL_Color){ p[0], p[1], p[2], p[3] };
}

/* Share of the pixels in a ring around (cx, cy) that are reddish. */
static double reddish_share(SDL_Surface *img, int cx, int cy)
{
    int red = 0, all = 0;
    for (int r = 10; r <= 24; r += 7)
        for (int k = 0; k < 16; k++) {
            int x = cx + (int)lround(r * cos(k * 0.3927)), y = cy + (int)lround(r * sin(k * 0.3927));
            SDL_Color c = pixel(img, x, y);
            all++;
            if (c.r > 2 * c.g && c.r > 80) red++;
        }
    return (double)red / all;
}

/* Test 7: the screenshot shows a colliding shape in the colliding colour
 * and a free one not; the same run twice gives the same pixels. */
static void test_screenshot_colours(void **s)
{
    (void)s;
    write_text("scene.json",
               "{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 300, \"y\": 360, \"r\": 60 },\n"
               "  { \"kind\": \"circle\", \"x\": 380, \"y\": 360, \"r\": 60 },\n"
               "  { \"kind\": \"rect\", \"x\": 900, \"y\": 360, \"w\": 160, \"h\": 120 } ], \"selected\": 2 }\n");
    assert_int_equal(lab("--headless --frames 3 --scene @scene.json --screenshot @a.png --state-out @state.json"), 0);
    SDL_Surface *img = lab_png("a.png");
    assert_int_equal(img->w, 1280);
    assert_int_equal(img->h, 720);
    assert_true(reddish_share(img, 300, 360) > 0.5);
    assert_true(reddish_share(img, 900, 360) < 0.1);
    SDL_Color free_px = pixel(img, 915, 345);
    assert_true(free_px.g > free_px.r + 30);
    SDL_FreeSurface(img);
    assert_int_equal(lab("--headless --frames 3 --scene @scene.json --screenshot @b.png"), 0);
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "cmp -s %s/a.png %s/b.png", tmpdir, tmpdir);
    assert_int_equal(system(cmd), 0);
}

/* Test 8: a mouse drag moves the shape under the cursor and selects it. */
static void test_mouse_drag(void **s)
{
    (void)s;
    write_text("scene.json", SCENE_TWO);
    write_text("in.txt", "0 mouse down 800 300\n1 mouse move 700 350\n2 mouse up 700 350\n3 mouse move 10 10\n");
    assert_int_equal(lab("--headless --frames 5 --scene @scene.json --input @in.txt --state-out @state.json"), 0);
    json_t *st = state();
    assert_int_equal((int)num(st, "selected"), 1);
    assert_float_equal(num(shape(st, 1), "x"), 700.0, 0.01);
    assert_float_equal(num(shape(st, 1), "y"), 350.0, 0.01);
    json_decref(st);
}

/* Test 9: shapes stay on the canvas. */
static void test_stays_on_canvas(void **s)
{
    (void)s;
    write_text("scene.json", SCENE_TWO);
    write_text("in.txt", "0 key down Left\n0 key down Up\n");
    assert_int_equal(lab("--headless --frames 200 --scene @scene.json --input @in.txt --state-out @state.json"), 0);
    json_t *st = state();
    assert_float_equal(num(shape(st, 0), "x"), 40.0, 0.01);
    assert_float_equal(num(shape(st, 0), "y"), 40.0, 0.01);
    json_decref(st);
}

/* Test 10: pause stops the world; a step advances exactly one tick. */
static void test_pause_and_step(void **s)
{
    (void)s;
    write_text("scene.json", SCENE_TWO);
    write_text("in.txt", "0 key down P\n0 key up P\n0 key down Right\n10 key down .\n10 key up .\n");
    assert_int_equal(lab("--headless --frames 30 --scene @scene.json --input @in.txt --state-out @state.json"), 0);
    json_t *st = state();
    assert_float_equal(num(shape(st, 0), "x"), 204.0, 0.01);
    assert_true(flag(st, "paused"));
    json_decref(st);
}

/* Test 11: what --state-out writes loads again as a scene, unchanged. */
static void test_state_round_trip(void **s)
{
    (void)s;
    assert_int_equal(lab("--headless --frames 2 --lesson 0 --state-out @state.json"), 0);
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "cp %s/state.json %s/again.json", tmpdir, tmpdir);
    assert_int_equal(system(cmd), 0);
    json_t *first = state();
    assert_int_equal(lab("--headless --frames 2 --scene @again.json --state-out @state.json"), 0);
    json_t *second = state();
    assert_true(json_equal(json_object_get(first, "shapes"), json_object_get(second, "shapes")));
    assert_true(json_array_size(json_object_get(first, "shapes")) >= 5);
    json_decref(first);
    json_decref(second);
}

/* Test 12: Ctrl+S saves the arrangement to a new file beside the scene,
 * leaving the teacher's file as written; the saved file loads again. */
static void test_ctrl_s_saves_beside(void **s)
{
    (void)s;
    write_text("scene.json", SCENE_TWO);
    write_text("in.txt", "0 key down Right\n10 key up Right\n"
                         "11 key down Left Ctrl\n12 key down S\n13 key up S\n14 key up Left Ctrl\n");
    assert_int_equal(lab("--headless --frames 20 --scene @scene.json --input @in.txt --state-out @state.json"), 0);
    char cmd[1400], saved[700] = "";
    snprintf(cmd, sizeof cmd, "ls %s/scene-*.json", tmpdir);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    assert_non_null(fgets(saved, sizeof saved, p));
    pclose(p);
    saved[strcspn(saved, "\n")] = '\0';
    json_error_t e;
    json_t *doc = json_load_file(saved, 0, &e);
    assert_non_null(doc);
    assert_float_equal(num(shape(doc, 0), "x"), 240.0, 0.01);
    json_decref(doc);
    /* the original is untouched */
    char orig[600];
    snprintf(orig, sizeof orig, "%s/scene.json", tmpdir);
    doc = json_load_file(orig, 0, &e);
    assert_non_null(doc);
    assert_float_equal(num(shape(doc, 0), "x"), 200.0, 0.01);
    json_decref(doc);
    remove(saved);
}

static int setup(void **s)
{
    (void)s;
    return lab_setup("e2e", "");
}

static int teardown(void **s)
{
    (void)s;
    return lab_teardown();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hold_right_moves_240), cmocka_unit_test(test_shift_moves_quarter),
        cmocka_unit_test(test_e_turns_45),           cmocka_unit_test(test_tab_selects),
        cmocka_unit_test(test_key_up_stops),         cmocka_unit_test(test_collide_and_apart),
        cmocka_unit_test(test_screenshot_colours),   cmocka_unit_test(test_mouse_drag),
        cmocka_unit_test(test_stays_on_canvas),      cmocka_unit_test(test_pause_and_step),
        cmocka_unit_test(test_state_round_trip),    cmocka_unit_test(test_ctrl_s_saves_beside),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
