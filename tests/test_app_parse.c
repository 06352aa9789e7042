/*
 * test_app_parse.c - the command line, input scripts and scene files:
 * what is accepted, and for what is not, the file:line:column message.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include <SDL.h>

#include "app/cli.h"
#include "app/input.h"
#include "app/scene.h"

static char err[1024];

static CliResult cli(const char *a1, const char *a2, const char *a3, const char *a4, Options *o)
{
    char *argv[6] = { "collision-lab", (char *)a1, (char *)a2, (char *)a3, (char *)a4, NULL };
    int argc = 1;
    while (argc < 5 && argv[argc] != NULL) argc++;
    err[0] = '\0';
    return cli_parse(argc, argv, o, err, sizeof err);
}

/* Test 1: good command lines. */
static void test_cli_good(void **s)
{
    (void)s;
    Options o;
    assert_int_equal(cli(NULL, NULL, NULL, NULL, &o), CLI_OK);
    assert_false(o.headless);
    assert_int_equal(cli("--lesson", "7", NULL, NULL, &o), CLI_OK);
    assert_int_equal(o.lesson, 7);
    assert_int_equal(cli("--headless", "--frames", "0", NULL, &o), CLI_OK);
    assert_true(o.headless);
    assert_int_equal(o.frames, 0);
    assert_int_equal(cli("--headless", "--frames=120", "--screenshot=x.PNG", NULL, &o), CLI_OK);
    assert_int_equal(o.frames, 120);
    assert_int_equal(cli("--help", NULL, NULL, NULL, &o), CLI_HELP);
    /* the headless picture's size */
    assert_int_equal(cli("--headless", "--frames=1", "--size", "1024x768", &o), CLI_OK);
    assert_int_equal(o.out_w, 1024);
    assert_int_equal(o.out_h, 768);
    assert_int_equal(cli("--headless", "--frames=1", NULL, NULL, &o), CLI_OK);
    assert_int_equal(o.out_w, 0);
    /* the teacher's scene explained by a chosen lesson */
    assert_int_equal(cli("--lesson", "1", "--scene", "a.json", &o), CLI_OK);
    assert_int_equal(o.lesson, 1);
    assert_string_equal(o.scene, "a.json");
    assert_true(o.lesson_set);
    /* --seed's whole range, the top of it past a 32-bit long (the
     * browser's wasm32 build) */
    assert_int_equal(cli("--seed", "4294967295", NULL, NULL, &o), CLI_OK);
    assert_true(o.seed_set);
    assert_true(o.seed == 4294967295LL);
    assert_int_equal(cli("--seed", "0", NULL, NULL, &o), CLI_OK);
    assert_true(o.seed == 0);
    assert_int_equal(cli("--text-scale", "1.25", NULL, NULL, &o), CLI_OK);
    assert_float_equal(o.text_scale, 1.25, 1e-6);
    assert_int_equal(cli("--text-scale=0.8", NULL, NULL, NULL, &o), CLI_OK);
    assert_float_equal(o.text_scale, 0.8, 1e-6);
}

/* Test 2: every bad command line is an error with a message. */
static void test_cli_bad(void **s)
{
    (void)s;
    Options o;
    const char *cases[][4] = {
        { "--bogus", NULL, NULL, NULL },         { "--lesson", NULL, NULL, NULL },
        { "--lesson", "99", NULL, NULL },        { "--lesson", "-1", NULL, NULL },
        { "--lesson", "two", NULL, NULL },       { "--frames", "10", NULL, NULL },
        { "--headless", NULL, NULL, NULL },      { "--headless", "--frames", "-3", NULL },
        { "--headless", "--frames", "ten", NULL }, { "--headless", "--frames", "1e3", NULL },
        { "--screenshot", "shot.jpg", NULL, NULL }, { "--lesson", "1", "--scene", NULL },
        { "--scene", "", NULL, NULL },           { "--lang", "fr", NULL, NULL },
        { "--headless=1", "--frames", "1", NULL }, { "-x", NULL, NULL, NULL },
        { "--size", "1024x768", NULL, NULL },     { "--headless", "--frames=1", "--size", "1024" },
        { "--headless", "--frames=1", "--size", "10x10" }, { "--headless", "--frames=1", "--size", "1024x768x2" },
        { "--headless", "--frames=1", "--size", "x768" },
        { "--seed", "4294967296", NULL, NULL },   { "--seed", "-1", NULL, NULL },
        { "--seed", "99999999999999999999", NULL, NULL },
        { "--text-scale", "2", NULL, NULL },     { "--text-scale", "0.5", NULL, NULL },
        { "--text-scale", "big", NULL, NULL },   { "--text-scale", "nan", NULL, NULL },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(cli(cases[i][0], cases[i][1], cases[i][2], cases[i][3], &o), CLI_ERROR);
        assert_true(strlen(err) > 10);
        assert_null(strchr(err, '\n'));
    }
}

static bool script(const char *text, Script *out)
{
    err[0] = '\0';
    return script_parse("in.txt", text, strlen(text), out, err, sizeof err);
}

/* Test 2b: a path too long for the lab to keep whole is refused, not cut. */
static void test_cli_long_path(void **s)
{
    (void)s;
    Options o;
    static char longpath[5000];
    memset(longpath, 'a', sizeof longpath - 1);
    longpath[sizeof longpath - 1] = '\0';
    assert_int_equal(cli("--scene", longpath, NULL, NULL, &o), CLI_ERROR);
    assert_non_null(strstr(err, "too long"));
    longpath[3000] = '\0';
    assert_int_equal(cli("--scene", longpath, NULL, NULL, &o), CLI_OK);
}

/* Test 3: a script with every event kind, comments, and no final newline. */
static void test_script_good(void **s)
{
    (void)s;
    Script sc;
    assert_true(script("# a comment\n\n0 key down Right   # trailing\n"
                       "5 key down Left Shift\n5 mouse down 10 20\n6 mouse move 5000 -4\n"
                       "7 mouse up 1 2 right\n8 wheel -2.5\n9 key up Right", &sc));
    assert_int_equal(sc.count, 7);
    assert_int_equal(sc.events[0].ev.kind, IN_KEY_DOWN);
    assert_int_equal(sc.events[0].ev.key, SDLK_RIGHT);
    assert_int_equal(sc.events[1].ev.key, SDLK_LSHIFT);
    assert_int_equal(sc.events[2].ev.kind, IN_MOUSE_DOWN);
    /* off the canvas: clamped */
    assert_true(sc.events[3].ev.pos.x == 1280.0f && sc.events[3].ev.pos.y == 0.0f);
    assert_int_equal(sc.events[4].ev.button, SDL_BUTTON_RIGHT);
    assert_true(sc.events[5].ev.wheel == -2.5f);
    assert_int_equal(sc.events[6].tick, 9);
    script_free(&sc);
}

/* Test 4: bad scripts name the line and column. */
static void test_script_bad(void **s)
{
    (void)s;
    Script sc = { 0, 0, NULL };
    struct { const char *text, *where; } cases[] = {
        { "0 key down Banana\n", "in.txt:1:12:" },
        { "0 key down Right\nx key up Right\n", "in.txt:2:1:" },
        { "5 key down Right\n3 key up Right\n", "in.txt:2:1:" },
        { "-1 key down Right\n", "in.txt:1:1:" },
        { "1.5 key down Right\n", "in.txt:1:1:" },
        { "0 jump\n", "in.txt:1:3:" },
        { "0 key sideways Q\n", "in.txt:1:7:" },
        { "0 key down\n", "in.txt:1:" },
        { "0 mouse down 10\n", "in.txt:1:" },
        { "0 mouse down 10 abc\n", "in.txt:1:17:" },
        { "0 mouse drag 1 2\n", "in.txt:1:9:" },
        { "0 wheel\n", "in.txt:1:" },
        { "0 wheel nan\n", "in.txt:1:9:" },
        { "0 mouse move 1 2 3\n", "in.txt:1:18:" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_false(script(cases[i].text, &sc));
        if (strncmp(err, cases[i].where, strlen(cases[i].where)) != 0)
            fail_msg("case %zu: got '%s', want it to start with '%s'", i, err, cases[i].where);
        assert_null(sc.events);
    }
}

static bool scene(const char *text, World *w)
{
    err[0] = '\0';
    return scene_parse("s.json", text, strlen(text), w, err, sizeof err);
}

/* Test 5: good scenes, a BOM and an empty list included. */
static void test_scene_good(void **s)
{
    (void)s;
    World w;
    world_init(&w);
    assert_true(scene("\xEF\xBB\xBF{ \"title\": \"t\", \"shapes\": [\n"
                      " { \"kind\": \"circle\", \"x\": 400, \"y\": 300, \"r\": 50 },\n"
                      " { \"kind\": \"rect\", \"x\": 700, \"y\": 320, \"w\": 200, \"h\": 80, \"angle_deg\": 30 },\n"
                      " { \"kind\": \"poly\", \"points\": [[900,200],[980,260],[930,330]] } ],\n"
                      " \"selected\": 2 }", &w));
    assert_int_equal(w.count, 3);
    assert_int_equal(w.selected, 2);
    assert_string_equal(w.title, "t");
    assert_true(fabsf(w.bodies[1].angle - 0.5235988f) < 1e-5f);
    assert_true(scene("{ \"shapes\": [] }", &w));
    assert_int_equal(w.count, 0);
    assert_int_equal(w.selected, -1);
    world_free(&w);
}

/* Test 6: bad scenes fail whole, point at the value, leave the world. */
static void test_scene_bad(void **s)
{
    (void)s;
    World w;
    world_init(&w);
    assert_true(scene("{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 1, \"y\": 2, \"r\": 3 } ] }", &w));
    struct { const char *text, *where, *what; } cases[] = {
        { "{ \"shapes\": [ }", "s.json:1:15:", "JSON" },
        { "[1, 2]", "s.json:1:1:", "object" },
        { "{ \"title\": 5, \"shapes\": [] }", "s.json:1:12:", "string" },
        { "{ \"shape\": [] }", "s.json:1:3:", "unknown key \"shape\"" },
        { "{ \"shapes\": {} }", "s.json:1:13:", "array" },
        { "{ \"shapes\": [\n  { \"kind\": \"hexagon\" } ] }", "s.json:2:13:", "kind" },
        { "{ \"shapes\": [\n  { \"kind\": \"circle\", \"x\": 1, \"y\": 2 } ] }", "s.json:2:3:", "\"r\"" },
        { "{ \"shapes\": [\n  { \"kind\": \"circle\", \"x\": 1, \"y\": 2, \"r\": -4 } ] }", "s.json:2:44:", "> 0" },
        { "{ \"shapes\": [\n  { \"kind\": \"circle\", \"x\": 1, \"y\": 2, \"r\": 0 } ] }", "s.json:2:44:", "> 0" },
        { "{ \"shapes\": [\n  { \"kind\": \"circle\", \"x\": \"1\", \"y\": 2, \"r\": 3 } ] }", "s.json:2:28:", "number" },
        { "{ \"shapes\": [\n  { \"kind\": \"rect\", \"x\": 1, \"y\": 2, \"w\": 0, \"h\": 3 } ] }", "s.json:2:", "width" },
        { "{ \"shapes\": [\n  { \"kind\": \"circle\", \"x\": 1e999, \"y\": 2, \"r\": 3 } ] }", "s.json:2:", "" },
        { "{ \"shapes\": [ { \"kind\": \"poly\", \"points\": [[0,0],[10,0]] } ] }", "s.json:1:", "3 to 8" },
        { "{ \"shapes\": [ { \"kind\": \"poly\", \"points\": [[0,0],[1,0],[2,0],[3,0],[4,0],[5,0],[6,0],[7,0],[8,1]] } ] }", "s.json:1:", "3 to 8" },
        { "{ \"shapes\": [ { \"kind\": \"poly\", \"points\": [[0,0],[100,0],[100,100],[50,20],[0,100]] } ] }", "s.json:1:", "convex" },
        { "{ \"shapes\": [ { \"kind\": \"poly\", \"points\": [[0,0],[100,0],[0,0],[0,100]] } ] }", "s.json:1:", "repeats" },
        { "{ \"shapes\": [ { \"kind\": \"poly\", \"points\": [[0,0],[10,0],[20,0]] } ] }", "s.json:1:", "line" },
        { "{ \"shapes\": [ { \"kind\": \"poly\", \"points\": [[0,0],[10,0],[5]] } ] }", "s.json:1:", "[x, y]" },
        { "{ \"shapes\": [], \"selected\": 3 }", "s.json:1:29:", "index" },
        { "{ \"shapes\": [], \"shapes\": [] }", "s.json:1:", "JSON" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (scene(cases[i].text, &w)) fail_msg("case %zu was accepted", i);
        if (strncmp(err, cases[i].where, strlen(cases[i].where)) != 0 || strstr(err, cases[i].what) == NULL)
            fail_msg("case %zu: got '%s', want '%s' ... '%s'", i, err, cases[i].where, cases[i].what);
        assert_null(strchr(err, '\n'));
        /* nothing half-loaded: the world is the one loaded before */
        assert_int_equal(w.count, 1);
        assert_true(w.bodies[0].radius == 3.0f);
    }
    world_free(&w);
}

/* Test 7: more than 10,000 shapes is refused. */
static void test_scene_too_many(void **s)
{
    (void)s;
    size_t cap = 64 + 60 * (SCENE_MAX_SHAPES + 1);
    char *text = malloc(cap);
    assert_non_null(text);
    size_t n = (size_t)snprintf(text, cap, "{ \"shapes\": [");
    for (int i = 0; i <= SCENE_MAX_SHAPES; i++)
        n += (size_t)snprintf(text + n, cap - n, "%s{\"kind\":\"circle\",\"x\":1,\"y\":1,\"r\":1}", i ? "," : "");
    snprintf(text + n, cap - n, "] }");
    World w;
    world_init(&w);
    assert_false(scene(text, &w));
    assert_non_null(strstr(err, "too many"));
    free(text);
    world_free(&w);
}

/* Test 8: the held set: add, remove, no duplicates, motion from it. */
static void test_held_set(void **s)
{
    (void)s;
    HeldSet h;
    held_clear(&h);
    held_add(&h, SDLK_RIGHT, input_binding_for(SDLK_RIGHT)->action);
    held_add(&h, SDLK_RIGHT, input_binding_for(SDLK_RIGHT)->action);
    assert_int_equal(h.count, 1);
    held_add(&h, SDLK_q, input_binding_for(SDLK_q)->action);
    Motion m = held_motion(&h);
    assert_true(m.dx == 1.0f && m.dy == 0.0f && m.turn == -1.0f && !m.slow);
    held_add(&h, SDLK_LEFT, input_binding_for(SDLK_LEFT)->action);  /* opposite keys cancel */
    held_add(&h, SDLK_RSHIFT, input_binding_for(SDLK_RSHIFT)->action);
    m = held_motion(&h);
    assert_true(m.dx == 0.0f && m.slow);
    held_remove(&h, SDLK_RIGHT);
    m = held_motion(&h);
    assert_true(m.dx == -1.0f);
    held_clear(&h);
    assert_int_equal(h.count, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cli_good),    cmocka_unit_test(test_cli_bad),
        cmocka_unit_test(test_cli_long_path),
        cmocka_unit_test(test_script_good), cmocka_unit_test(test_script_bad),
        cmocka_unit_test(test_scene_good),  cmocka_unit_test(test_scene_bad),
        cmocka_unit_test(test_scene_too_many), cmocka_unit_test(test_held_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
