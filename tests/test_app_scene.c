/*
 * test_app_scene.c - saves always reload, and the scene format's rules
 * (README, "Writing a scene"): "lesson" and "view", unknown keys, the canvas,
 * commas. The property test saves and reloads thousands of arrangements
 * through scene_to_json / scene_parse (what Ctrl+S and --scene run); the
 * rest goes through the real binary ($CL_BUILD/collision-lab).
 */
#include <float.h>

#include "app/app.h"
#include "app/scene.h"
#include "app_drive.h"
#include "lab_run.h"

/* ---- Helpers ------------------------------------------------------------- */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

/* Uniform in [lo, hi). */
static float rndf(float lo, float hi) { return lo + (hi - lo) * (float)(rnd() & 0xFFFFFF) / 16777216.0f; }

/* Within 2 ulps of the polygon's largest coordinate (its corners come back
 * through its centroid: pos + (v - pos)). */
static bool near_ulps(float a, float b, float scale)
{
    return fabsf(a - b) <= 2.0f * FLT_EPSILON * fmaxf(scale, 1.0f);
}

/* The scene text Ctrl+S writes for w. */
static char *save_text(const World *w)
{
    json_t *doc = scene_to_json(w);
    char *text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(9));
    json_decref(doc);
    assert_non_null(text);
    return text;
}

/* w saved and loaded back: the same shapes (circles and rectangles to the
 * bit, polygons' corners to 2 ulps), the same selection and title. */
static void assert_reloads(const World *w, const char *what)
{
    char *text = save_text(w);
    World back;
    world_init(&back);
    char err[1024];
    if (!scene_parse("saved.json", text, strlen(text), &back, err, sizeof err))
        fail_msg("%s: a save does not load back: %s\n%s", what, err, text);
    assert_int_equal(back.count, w->count);
    assert_int_equal(back.selected, w->selected);
    assert_string_equal(back.title, w->title);
    for (int i = 0; i < w->count; i++) {
        const Body *a = &w->bodies[i], *b = &back.bodies[i];
        assert_int_equal(a->kind, b->kind);
        if (a->kind == SHAPE_POLY) {
            Shape sa = body_shape(a), sb = body_shape(b);
            assert_int_equal(sa.poly.count, sb.poly.count);
            float scale = 0.0f;
            for (int k = 0; k < sa.poly.count; k++)
                scale = fmaxf(scale, fmaxf(fabsf(sa.poly.verts[k].x), fabsf(sa.poly.verts[k].y)));
            for (int k = 0; k < sa.poly.count; k++) {
                if (!near_ulps(sa.poly.verts[k].x, sb.poly.verts[k].x, scale) ||
                    !near_ulps(sa.poly.verts[k].y, sb.poly.verts[k].y, scale))
                    fail_msg("%s: shape %d corner %d moved: (%.9g, %.9g) -> (%.9g, %.9g)", what, i, k,
                             (double)sa.poly.verts[k].x, (double)sa.poly.verts[k].y, (double)sb.poly.verts[k].x,
                             (double)sb.poly.verts[k].y);
            }
            continue;
        }
        if (a->pos.x != b->pos.x || a->pos.y != b->pos.y || a->angle != b->angle || a->radius != b->radius ||
            a->half.x != b->half.x || a->half.y != b->half.y)
            fail_msg("%s: shape %d changed: pos (%.9g, %.9g) angle %.9g r %.9g half (%.9g, %.9g) -> pos (%.9g, %.9g) "
                     "angle %.9g r %.9g half (%.9g, %.9g)",
                     what, i, (double)a->pos.x, (double)a->pos.y, (double)a->angle, (double)a->radius,
                     (double)a->half.x, (double)a->half.y, (double)b->pos.x, (double)b->pos.y, (double)b->angle,
                     (double)b->radius, (double)b->half.x, (double)b->half.y);
    }
    world_free(&back);
    free(text);
}

/* A random convex polygon: n corners on an ellipse, some of them collinear
 * (three points on one edge) when asked. */
static Body random_poly(float cx, float cy, float size, bool collinear)
{
    int n = 3 + (int)(rnd() % 6);
    Vec2 v[POLY_MAX_VERTS];
    if (collinear && n >= 5) {
        /* a rectangle-ish outline with an extra corner halfway along its top */
        float w = size, h = size * rndf(0.3f, 1.0f);
        Vec2 box[8] = { { cx - w, cy - h }, { cx, cy - h }, { cx + w, cy - h }, { cx + w, cy + h },
                        { cx, cy + h * 1.2f }, { cx - w, cy + h } };
        n = 6;
        memcpy(v, box, sizeof v[0] * 6);
    } else {
        float start = rndf(0.0f, 6.2831853f), rx = size, ry = size * rndf(0.2f, 1.0f);
        for (int i = 0; i < n; i++) {
            float t = start + 6.2831853f * ((float)i + rndf(0.1f, 0.9f)) / (float)n;
            v[i] = (Vec2){ cx + rx * cosf(t), cy + ry * sinf(t) };
        }
    }
    return body_poly(v, n);
}

/* ---- Saves reload ---------------------------------------------------------- */

/* Test 1: random arrangements, turned and moved, every kind, tiny and large
 * sizes (a radius of 1e-7, a 1000:0.0004 triangle): each save loads back as
 * the same scene. */
static void test_saves_reload(void **s)
{
    (void)s;
    char what[64];
    for (int round = 0; round < 2000; round++) {
        World w;
        world_init(&w);
        snprintf(w.title, sizeof w.title, "round %d", round);
        int n = 1 + (int)(rnd() % 12);
        for (int i = 0; i < n; i++) {
            float size = rnd() % 8 == 0 ? rndf(1e-7f, 1e-3f) : rndf(2.0f, 300.0f);
            Body b;
            switch (rnd() % 3) {
            case 0: b = body_circle(0, 0, size); break;
            case 1: b = body_rect(0, 0, 2.0f * size, size * rndf(0.01f, 2.0f), 0.0f); break;
            default: b = random_poly(0, 0, fmaxf(size, 4.0f), rnd() % 3 == 0); break;
            }
            /* moved and turned as the keys and the wheel do */
            b.pos.x += rndf(0.0f, CANVAS_W);
            b.pos.y += rndf(0.0f, CANVAS_H);
            b.angle = fmodf(rndf(-40.0f, 40.0f), 6.2831853f);
            if (rnd() % 4 == 0) b.angle = fmodf((float)(rnd() % 48) * 15.0f * 0.017453292f, 6.2831853f);
            body_keep_on_canvas(&b);
            assert_true(world_add(&w, &b));
        }
        w.selected = (int)(rnd() % (uint32_t)(n + 1)) - 1;
        snprintf(what, sizeof what, "round %d", round);
        assert_reloads(&w, what);
        world_free(&w);
    }
}

/* Test 2: every lesson and preset as the lab builds it, then moved and
 * turned through the App (held keys, the wheel): each save loads back. */
static void test_lessons_reload(void **s)
{
    (void)s;
    static App app;
    char what[64];
    for (int lesson = 0; lesson < lesson_count(); lesson++) {
        for (int preset = 0; preset <= 4; preset++) {
            app_init(&app, lesson);
            app.headless = true;
            app_set_lesson(&app, lesson, preset);
            if (app.lesson != lesson || app.preset != preset) { app_free(&app); continue; }
            for (int step = 0; step < 30; step++) {
                /* select a shape, turn it by some wheel notches, move it */
                if (app.world.count > 0 && app.world.count <= 200) {
                    const Body *b = &app.world.bodies[rnd() % (uint32_t)app.world.count];
                    mouse(&app, IN_MOUSE_MOVE, b->pos.x, b->pos.y, 0);
                    wheel(&app, (float)((int)(rnd() % 23) - 11));
                }
                SDL_Keycode k = (SDL_Keycode[]){ SDLK_RIGHT, SDLK_LEFT, SDLK_UP, SDLK_DOWN, SDLK_q, SDLK_e }[rnd() % 6];
                key(&app, IN_KEY_DOWN, k);
                for (int t = (int)(rnd() % 20); t >= 0; t--) app_tick(&app);
                key(&app, IN_KEY_UP, k);
                snprintf(what, sizeof what, "lesson %d preset %d step %d", lesson, preset, step);
                assert_reloads(&app.world, what);
            }
            app_free(&app);
        }
    }
}

/* Test 3: the module's convexity test and the loader agree: a thin
 * triangle is convex; three collinear points, turned, stay convex. */
static void test_convexity(void **s)
{
    (void)s;
    Poly thin = { 3, { { 100, 100 }, { 1100, 100 }, { 600, 100.0004f } } };
    assert_true(poly_is_convex(&thin));
    Poly back = { 3, { { 100, 100 }, { 1100, 100 }, { 600, 100 } } };
    assert_false(poly_is_convex(&back));
    /* 8 points, three of them on one edge, turned by 11 wheel notches */
    Vec2 pts[8] = { { 500, 300 }, { 560, 300 }, { 620, 300 }, { 660, 330 },
                    { 660, 380 }, { 620, 410 }, { 540, 410 }, { 500, 370 } };
    Body b = body_poly(pts, 8);
    for (int notch = 0; notch < 200; notch++) {
        b.angle = fmodf(b.angle + 15.0f * 0.017453292519943295f, 6.2831853f);
        Shape sh = body_shape(&b);
        if (!poly_is_convex(&sh.poly)) fail_msg("turned %d notches: no longer convex", notch + 1);
    }
}

/* ---- Through the binary ------------------------------------------------------ */

static void scene_file(const char *text) { write_text("s.json", text); }

#define RUN_SCENE "--headless --frames 1 --scene @s.json --state-out @out.json"

/* Exactly one line on stderr, starting with "collision-lab: " + want
 * ("@" expanded). */
static void refused(const char *want)
{
    assert_int_equal(lab(RUN_SCENE), 2);
    char expect[1024];
    size_t o = (size_t)snprintf(expect, sizeof expect, "collision-lab: ");
    lab_expand(expect + o, sizeof expect - o, want);
    size_t n = 0;
    const char *e = lab_slurp("stderr", &n);
    size_t lines = 0;
    for (size_t i = 0; i < n; i++) lines += e[i] == '\n';
    if (lines != 1 || strncmp(e, expect, strlen(expect)) != 0)
        fail_msg("want one line starting with\n  %s\ngot\n  %s", expect, e);
    char out[600];
    path_of(out, sizeof out, "out.json");
    assert_int_not_equal(access(out, F_OK), 0);
}

static json_t *loaded(void)
{
    if (lab(RUN_SCENE) != 0) fail_msg("refused: %s", lab_slurp("stderr", NULL));
    json_t *st = lab_json("out.json");
    char out[600];
    path_of(out, sizeof out, "out.json");
    remove(out);
    return st;
}

/* Test 4: the issue's saves: a thin triangle, a radius of 1e-7 (not "0"). */
static void test_binary_reloads(void **s)
{
    (void)s;
    scene_file("{ \"shapes\": [ { \"kind\": \"poly\", \"points\": [[100,100],[1100,100],[600,100.0004]] } ] }");
    json_t *st = loaded();
    json_t *p = json_array_get(json_object_get(shape(st, 0), "points"), 2);
    assert_true(json_number_value(json_array_get(p, 1)) > 100.0);
    json_decref(st);
    scene_file("{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 100, \"y\": 100, \"r\": 1e-7 } ] }");
    st = loaded();
    assert_true((float)num(shape(st, 0), "r") == 1e-7f);
    /* the state file itself loads back as the scene (the keys it adds are known) */
    char *text = json_dumps(st, JSON_REAL_PRECISION(9));
    scene_file(text);
    free(text);
    json_decref(st);
    st = loaded();
    assert_true((float)num(shape(st, 0), "r") == 1e-7f);
    json_decref(st);
}

/* Test 5: Ctrl+S after turning an 8-point polygon with three collinear
 * points by 11 wheel notches: the saved file loads (it used to be "not
 * convex"), and keeps the lesson and the view. */
static void test_binary_ctrl_s(void **s)
{
    (void)s;
    scene_file("{ \"shapes\": [ { \"kind\": \"poly\", \"points\": [[500,300],[560,300],[620,300],[660,330],"
               "[660,380],[620,410],[540,410],[500,370]] } ], \"lesson\": 7, \"view\": {\"zoom\": 2, \"pan\": [600, 360]} }");
    write_text("in.txt", "0 mouse move 580 350\n1 wheel 11\n2 key down Left Ctrl\n3 key down S\n4 key up S\n");
    assert_int_equal(lab("--headless --frames 6 --scene @s.json --input @in.txt --state-out @out.json"), 0);
    json_t *st = lab_json("out.json");
    assert_int_equal(json_integer_value(json_object_get(st, "lesson")), 7);
    assert_float_equal(num(json_object_get(st, "view"), "zoom"), 2.0, 0.0);
    json_decref(st);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cd %s && ls s-*.json > list.txt", tmpdir);
    assert_int_equal(system(cmd), 0);
    char name[256] = "";
    const char *list = lab_slurp("list.txt", NULL);
    size_t nl = strcspn(list, "\n");
    assert_true(nl > 0 && nl < sizeof name);
    memcpy(name, list, nl);
    name[nl] = '\0';
    char args[600];
    snprintf(args, sizeof args, "--headless --frames 1 --scene @%s --state-out @out.json", name);
    if (lab("%s", args) != 0) fail_msg("the save does not load: %s", lab_slurp("stderr", NULL));
    st = lab_json("out.json");
    assert_int_equal(json_integer_value(json_object_get(st, "lesson")), 7);
    assert_float_equal(num(json_object_get(st, "view"), "zoom"), 2.0, 0.0);
    json_decref(st);
}

/* Test 6: every lesson's --state-out loads back as a scene, in its lesson. */
static void test_state_files_load(void **s)
{
    (void)s;
    for (int lesson = 0; lesson < lesson_count(); lesson++) {
        char args[256];
        snprintf(args, sizeof args, "--headless --frames 2 --lesson %d --state-out @s.json", lesson);
        assert_int_equal(lab("%s", args), 0);
        json_t *st = loaded();
        if (json_integer_value(json_object_get(st, "lesson")) != lesson) fail_msg("lesson %d came back as another", lesson);
        json_decref(st);
    }
}

/* Test 7: the format's rules: unknown keys, the canvas, the optional keys'
 * values, commas; each named at its line and column. */
static void test_format_errors(void **s)
{
    (void)s;
    scene_file("{ \"shapes\": [\n  { \"kind\": \"rect\", \"x\": 100, \"y\": 100, \"w\": 50, \"h\": 20, \"angle\": 30 } ] }");
    refused("@s.json:2:59: shapes[0].angle: unknown key \"angle\": a rect has x, y, w, h and angle_deg");
    scene_file("{ \"shapes\": [\n  { \"kind\": \"circle\", \"x\": 100, \"y\": 100, \"r\": 5, \"w\": 3 } ] }");
    refused("@s.json:2:51: shapes[0].w: unknown key \"w\": a circle has x, y, r and angle_deg");
    scene_file("{ \"titel\": \"x\", \"shapes\": [] }");
    refused("@s.json:1:3: titel: unknown key \"titel\"");
    scene_file("{ \"shapes\": [], \"view\": { \"zoom\": 2, \"center\": [1, 2] } }");
    refused("@s.json:1:38: view.center: unknown key \"center\": a view has zoom and pan");
    scene_file("{ \"shapes\": [], \"view\": { \"zoom\": 40 } }");
    refused("@s.json:1:35: view.zoom: must be from 1 to 16 (got 40)");
    scene_file("{ \"shapes\": [], \"view\": { \"pan\": [2000, 10] } }");
    refused("@s.json:1:34: view.pan: must be a point on the canvas");
    scene_file("{ \"shapes\": [], \"lesson\": 99 }");
    char want[128];   /* the range follows lesson_list.h */
    snprintf(want, sizeof want, "@s.json:1:27: lesson: must be a lesson number from 0 to %d", lesson_count() - 1);
    refused(want);
    scene_file("{ \"shapes\": [], \"lesson\": 2.5 }");
    refused("@s.json:1:27: lesson: must be a lesson number");
    // wholly off the canvas: says where the canvas ends
    scene_file("{ \"shapes\": [\n  { \"kind\": \"circle\", \"x\": 100, \"y\": -500, \"r\": 50 } ] }");
    refused("@s.json:2:3: shapes[0]: the shape lies outside the canvas, which ends at x 0 and 1280, y 0 and 720");
    scene_file("{ \"shapes\": [ { \"kind\": \"poly\", \"points\": [[1300,10],[1400,10],[1350,80]] } ] }");
    refused("@s.json:1:15: shapes[0]: the shape lies outside the canvas");
    // partly off it is fine
    scene_file("{ \"shapes\": [ { \"kind\": \"circle\", \"x\": -20, \"y\": 100, \"r\": 50 } ] }");
    json_decref(loaded());
    // commas: missing, trailing
    scene_file("{ \"shapes\": [\n  { \"kind\": \"circle\", \"x\": 1, \"y\": 2, \"r\": 3 }\n  { \"kind\": \"circle\", \"x\": 1, "
               "\"y\": 2, \"r\": 3 } ] }");
    refused("@s.json:3:3: not valid JSON: missing ',' between two values");
    scene_file("{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 1 \"y\": 2, \"r\": 3 } ] }");
    refused("@s.json:1:42: not valid JSON: missing ',' before this key");
    scene_file("{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 1, \"y\": 2, \"r\": 3 }, ] }");
    refused("@s.json:1:59: not valid JSON: a trailing ',' before ']' (remove it)");
    scene_file("{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 1, \"y\": 2, \"r\": 3, } ] }");
    refused("@s.json:1:57: not valid JSON: a trailing ',' before '}' (remove it)");
    // a number just over the range shows as written
    scene_file("{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 100000.01, \"y\": 2, \"r\": 3 } ] }");
    refused("@s.json:1:40: shapes[0].x: must be from -100000 to 100000 (got 100000.01)");
}

/* Test 8: "lesson" and "view" are applied: the lesson's explanation over the
 * scene, the view zoomed. */
static void test_lesson_and_view(void **s)
{
    (void)s;
    scene_file("{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 400, \"y\": 300, \"r\": 50 },\n"
               "  { \"kind\": \"circle\", \"x\": 480, \"y\": 300, \"r\": 40 } ], \"lesson\": 1,\n"
               "  \"view\": { \"zoom\": 1.5, \"pan\": [500, 300] } }");
    json_t *st = loaded();
    assert_int_equal(json_integer_value(json_object_get(st, "lesson")), 1);
    json_t *v = json_object_get(st, "view");
    assert_float_equal(num(v, "zoom"), 1.5, 0.0);
    assert_float_equal(json_number_value(json_array_get(json_object_get(v, "pan"), 0)), 500.0, 0.0);
    assert_non_null(json_object_get(st, "circles"));   /* lesson 1's report: its explanation is on */
    json_decref(st);
}

/* Test 9: the scene loader and the script parser agree on numbers and
 * columns: a denormal (1e-320) is a number to both, a BOM is no column. */
static void test_parsers_agree(void **s)
{
    (void)s;
    scene_file("{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 1e-320, \"y\": 100, \"r\": 30 } ] }");
    json_decref(loaded());
    write_text("in.txt", "0 mouse move 1e-320 100\n1 wheel 1e-320\n");
    assert_int_equal(lab("--headless --frames 2 --input @in.txt --state-out @out.json"), 0);
    json_decref(lab_json("out.json"));
    char out[600];
    path_of(out, sizeof out, "out.json");
    remove(out);
    write_text("in.txt", "\xEF\xBB\xBF" "0 key down Rihgt\n");
    assert_int_equal(lab("--headless --frames 2 --input @in.txt --state-out @out.json"), 2);
    char want[700];
    snprintf(want, sizeof want, "collision-lab: %s/in.txt:1:12: unknown key name", tmpdir);
    assert_int_equal(strncmp(lab_slurp("stderr", NULL), want, strlen(want)), 0);
    scene_file("\xEF\xBB\xBF{ \"shapes\": 5 }");
    refused("@s.json:1:13: shapes: must be an array");
    /* and both count characters, not bytes */
    write_text("in.txt", "0 key down \xC3\xA9" "t\xC3\xA9\n");
    assert_int_equal(lab("--headless --frames 2 --input @in.txt --state-out @out.json"), 2);
    snprintf(want, sizeof want, "collision-lab: %s/in.txt:1:12: unknown key name", tmpdir);
    assert_int_equal(strncmp(lab_slurp("stderr", NULL), want, strlen(want)), 0);
}

/* Test 10: big scenes go through the broad phase, keep at most 10,000
 * pairs, and never give a capped count as exact: 10,000 identical circles
 * (50 million pairs) stop at the test budget and say so; 10,000 small
 * shapes are counted exactly. */
static void test_big_scenes(void **s)
{
    (void)s;
    size_t cap = 10000 * 80 + 64, n = 0;
    char *big = malloc(cap);
    assert_non_null(big);
    n += (size_t)snprintf(big + n, cap - n, "{ \"shapes\": [\n");
    for (int i = 0; i < 10000; i++)
        n += (size_t)snprintf(big + n, cap - n, "%s{\"kind\":\"circle\",\"x\":640,\"y\":360,\"r\":50}", i ? "," : "");
    n += (size_t)snprintf(big + n, cap - n, "] }\n");
    write_bytes("s.json", big, n);
    json_t *st = loaded();
    assert_false(flag(st, "pair_count_exact"));
    assert_true(json_integer_value(json_object_get(st, "pair_count")) < 49995000);
    assert_true(json_array_size(json_object_get(st, "pairs")) <= 10000);
    json_decref(st);
    /* 10,000 small circles on a grid, each touching its right neighbour:
     * exactly 9,900 pairs (100 rows of 99) */
    n = 0;
    n += (size_t)snprintf(big + n, cap - n, "{ \"shapes\": [\n");
    for (int i = 0; i < 10000; i++)
        n += (size_t)snprintf(big + n, cap - n, "%s{\"kind\":\"circle\",\"x\":%d,\"y\":%d,\"r\":2}", i ? "," : "",
                              10 + (i % 100) * 4, 10 + (i / 100) * 7);
    n += (size_t)snprintf(big + n, cap - n, "] }\n");
    write_bytes("s.json", big, n);
    free(big);
    st = loaded();
    assert_true(flag(st, "pair_count_exact"));
    assert_int_equal(json_integer_value(json_object_get(st, "pair_count")), 9900);
    json_decref(st);
}

static int setup(void **s)
{
    (void)s;
    return lab_setup("scene", "");
}

static int teardown(void **s)
{
    (void)s;
    return lab_teardown();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_saves_reload),
        cmocka_unit_test(test_lessons_reload),
        cmocka_unit_test(test_convexity),
        cmocka_unit_test(test_binary_reloads),
        cmocka_unit_test(test_binary_ctrl_s),
        cmocka_unit_test(test_state_files_load),
        cmocka_unit_test(test_format_errors),
        cmocka_unit_test(test_lesson_and_view),
        cmocka_unit_test(test_parsers_agree),
        cmocka_unit_test(test_big_scenes),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
