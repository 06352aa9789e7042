/*
 * test_app_lesson9.c - lesson 9's picture and plot are its own run.
 *
 * Through the real binary (--state-out): the grid's record of the last pass
 * (cell edge, the selected shape's candidates with the narrow phase's
 * verdict) agrees with what that pass decided: its candidate count is the
 * pairs tested, the selected shape's colliding candidates are exactly its
 * pairs in the pass's pair list, and with the explanation off or every pair
 * tested there is no record. Through the App: the plot keeps one point per
 * N and method visited, whose pair tests are the sum of World.tested over
 * the passes made there, and whose times are the collision times app_tick
 * measured (a stand-in clock; no real timing is asserted).
 */
#include "lab_run.h"
#include "app/lessons.h"
#include "app/lesson_9.h"
#include "app_drive.h"

/* ---- Through the binary ---------------------------------------------------- */

static json_t *many_of(json_t *st)
{
    json_t *m = json_object_get(st, "many");
    assert_non_null(m);
    return m;
}

/* Test 1: the record is the pass. */
static void test_grid_record_is_the_pass(void **s)
{
    (void)s;
    /* Tab twice: another shape is watched, the record follows it */
    const char *inputs[2] = { "", "3 key down Tab\n4 key up Tab\n5 key down Tab\n6 key up Tab\n" };
    for (int run = 0; run < 2; run++) {
        write_text("in.txt", inputs[run]);
        assert_int_equal(lab("--headless --frames 24 --lesson 9 --input @in.txt --state-out @state.json"), 0);
        json_t *st = lab_json("state.json");
        json_t *m = many_of(st);
        json_t *g = json_object_get(m, "grid");
        assert_non_null(g);
        int sel = (int)json_integer_value(json_object_get(st, "selected"));
        assert_true(sel >= 0 && sel < 2000);
        assert_int_equal(json_integer_value(json_object_get(g, "watch")), sel);
        assert_true(json_real_value(json_object_get(g, "cell")) > 1.0);
        assert_true(json_integer_value(json_object_get(g, "entries")) >= 2000);
        assert_true(json_integer_value(json_object_get(g, "occupied_cells")) > 100);
        /* the record's candidates are the pairs the pass tested */
        assert_int_equal(json_integer_value(json_object_get(g, "candidates")), json_integer_value(json_object_get(m, "tested")));
        /* every pair of the pass with the selected shape is a colliding
         * candidate, and every colliding candidate such a pair */
        json_t *pairs = json_object_get(st, "pairs");
        assert_true(json_is_true(json_object_get(st, "pair_count_exact")) || json_object_get(st, "pair_count_exact") == NULL);
        bool partner[2000] = { false };
        int want = 0;
        for (size_t i = 0; i < json_array_size(pairs); i++) {
            json_t *p = json_array_get(pairs, i);
            int a = (int)json_integer_value(json_object_get(p, "a")), b = (int)json_integer_value(json_object_get(p, "b"));
            if (a == sel || b == sel) {
                partner[a == sel ? b : a] = true;
                want++;
            }
        }
        json_t *cands = json_object_get(g, "watch_candidates");
        int hits = 0;
        bool seen[2000] = { false };
        for (size_t i = 0; i < json_array_size(cands); i++) {
            json_t *c = json_array_get(cands, i);
            int o = (int)json_integer_value(json_object_get(c, "other"));
            assert_true(o >= 0 && o < 2000 && o != sel);
            assert_false(seen[o]);
            seen[o] = true;
            bool hit = json_is_true(json_object_get(c, "colliding"));
            assert_int_equal(hit, partner[o]);
            hits += hit;
        }
        assert_int_equal(hits, want);
        if (run == 0) assert_true(json_array_size(cands) >= 1);   /* the lesson watches a shape with neighbours */
        json_decref(st);
    }
    /* no record with the explanation off (Space), nor for every pair (B) */
    const char *off[2] = { "2 key down Space\n3 key up Space\n", "2 key down B\n3 key up B\n" };
    for (int k = 0; k < 2; k++) {
        write_text("in.txt", off[k]);
        assert_int_equal(lab("--headless --frames 10 --lesson 9 --input @in.txt --state-out @state.json"), 0);
        json_t *st = lab_json("state.json");
        assert_null(json_object_get(many_of(st), "grid"));
        assert_string_equal(json_string_value(json_object_get(many_of(st), "method")), k == 0 ? "grid" : "all_pairs");
        json_decref(st);
    }
}

/* Test 2: the plot's points in --state-out: one per N and method visited,
 * pair tests per tick the pass's exact count (every pair: N(N-1)/2), no
 * time in a headless run. */
static void test_plot_points_in_state(void **s)
{
    (void)s;
    write_text("in.txt", "3 key down B\n4 key up B\n8 key down -\n9 key up -\n14 key down B\n15 key up B\n");
    assert_int_equal(lab("--headless --frames 20 --lesson 9 --input @in.txt --state-out @state.json"), 0);
    json_t *st = lab_json("state.json");
    json_t *plot = json_object_get(many_of(st), "plot");
    assert_int_equal(json_array_size(plot), 4);
    const int wn[4] = { 2000, 2000, 1000, 1000 };
    const char *wm[4] = { "grid", "all_pairs", "all_pairs", "grid" };
    long long passes = 0;
    for (size_t i = 0; i < 4; i++) {
        json_t *p = json_array_get(plot, i);
        assert_int_equal(json_integer_value(json_object_get(p, "n")), wn[i]);
        assert_string_equal(json_string_value(json_object_get(p, "method")), wm[i]);
        long long n = wn[i], ps = json_integer_value(json_object_get(p, "passes"));
        assert_true(ps >= 1);
        passes += ps;
        if (strcmp(wm[i], "all_pairs") == 0)
            assert_int_equal(json_integer_value(json_object_get(p, "tests")), ps * (n * (n - 1) / 2));
        else
            assert_true(json_integer_value(json_object_get(p, "tests")) < ps * n);
        assert_true(json_is_null(json_object_get(p, "median_ms")));
    }
    assert_int_equal(passes, 20);   /* one pass a tick */
    json_decref(st);
}

/* ---- Through the App --------------------------------------------------------- */

static double fake_now;
/* A clock that moves 0.25 ms a reading: app_tick's two readings around the
 * collision pass make it 0.25 ms (stands in for a measured time). */
static double fake_clock(void)
{
    fake_now += 0.25;
    return fake_now;
}

typedef struct Tally { int n; bool grid; long long passes, tests; } Tally;

/* Test 3: the plot holds what the passes tested. */
static void test_plot_is_the_run(void **s)
{
    (void)s;
    App app;
    assert_true(app_init(&app, 9));
    app.headless = false;
    app.clock_ms = fake_clock;
    Tally t[16];
    int nt = 0;
    /* keys, a tick after each few: -, -, B, +, B, - ... */
    const SDL_Keycode keys[] = { SDLK_MINUS, SDLK_MINUS, SDLK_b, SDLK_EQUALS, SDLK_b, SDLK_MINUS, SDLK_MINUS, SDLK_b };
    for (size_t k = 0; k <= sizeof keys / sizeof keys[0]; k++) {
        for (int i = 0; i < 5 + (int)k; i++) {
            app_tick(&app);
            int n = app.world.count;
            bool grid = lesson9_grid(app.lesson_state);
            int j = 0;
            while (j < nt && !(t[j].n == n && t[j].grid == grid)) j++;
            if (j == nt) t[nt++] = (Tally){ n, grid, 0, 0 };
            t[j].passes++;
            t[j].tests += app.world.tested;
        }
        if (k < sizeof keys / sizeof keys[0]) tap(&app, keys[k]);
    }
    const ManyPlot *pl = lesson9_plot(app.lesson_state);
    assert_int_equal(pl->count, nt);
    for (int j = 0; j < nt; j++) {
        const ManyPoint *p = NULL;
        for (int i = 0; i < pl->count; i++)
            if (pl->pts[i].n == t[j].n && pl->pts[i].grid == t[j].grid) p = &pl->pts[i];
        assert_non_null(p);
        assert_true(p->passes == t[j].passes);
        assert_true(p->tests == t[j].tests);
        assert_float_equal(lesson9_tests_per_tick(p), (double)t[j].tests / (double)t[j].passes, 1e-9);
        if (!t[j].grid) assert_true(p->tests == t[j].passes * ((long long)t[j].n * (t[j].n - 1) / 2));
        /* every pass was timed: the stand-in clock's 0.25 ms each */
        assert_true(p->ms_seen == p->passes);
        assert_float_equal(lesson9_median_ms(p), 0.25, 1e-6);
    }
    /* both methods at more than one N: the two curves */
    int grid_ns = 0, all_ns = 0;
    for (int i = 0; i < pl->count; i++) {
        grid_ns += pl->pts[i].grid;
        all_ns += !pl->pts[i].grid;
    }
    assert_true(grid_ns >= 2 && all_ns >= 2);
    app_free(&app);
}

/* Test 4: the median over the kept times (a ring of MANY_MS_SAMPLES). */
static void test_median(void **s)
{
    (void)s;
    ManyPoint p;
    memset(&p, 0, sizeof p);
    assert_true(lesson9_median_ms(&p) < 0.0);
    const float v[5] = { 9.0f, 1.0f, 5.0f, 3.0f, 100.0f };
    for (int i = 0; i < 5; i++) p.ms[i] = v[i];
    p.ms_count = 5;
    assert_float_equal(lesson9_median_ms(&p), 5.0, 1e-9);
    p.ms_count = 4;
    assert_float_equal(lesson9_median_ms(&p), 4.0, 1e-9);
}

static int setup(void **s)
{
    (void)s;
    unsetenv("XDG_STATE_HOME");
    unsetenv("XDG_DOCUMENTS_DIR");
    unsetenv("XDG_PICTURES_DIR");
    if (lab_setup("lesson9", "") != 0) return -1;
    char home[600];
    path_of(home, sizeof home, "home");
    setenv("HOME", home, 1);
    return mkdir(home, 0755);
}

static int teardown(void **s)
{
    (void)s;
    return lab_teardown();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grid_record_is_the_pass),
        cmocka_unit_test(test_plot_points_in_state),
        cmocka_unit_test(test_plot_is_the_run),
        cmocka_unit_test(test_median),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
