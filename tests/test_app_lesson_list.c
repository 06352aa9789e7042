/*
 * test_app_lesson_list.c - the list of lessons (src/app/lesson_list.h) and
 * what derives from it: every lesson is complete (a key, a build, its text
 * in every catalogue), PageUp / PageDown reach every lesson in order, the
 * number keys reach 0..9, and a lesson's own state starts afresh with the
 * lesson and survives its presets.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/i18n.h"
#include "app/lessons.h"
#include "app_drive.h"

static const char *const LANGS[3] = { "en", "zh-TW", "vi" };

/* Test 1: every lesson has a unique key, a build, and its title and ideas
 * in every catalogue; lesson 0 is the playground. */
static void test_every_lesson_complete(void **s)
{
    (void)s;
    assert_true(lesson_count() >= 10);
    assert_string_equal(lesson_get(0)->key, "lesson0");
    char err[512];
    for (int l = 0; l < 3; l++) {
        if (!i18n_set_language(LANGS[l], err, sizeof err)) fail_msg("%s: %s", LANGS[l], err);
        for (int i = 0; i < lesson_count(); i++) {
            const Lesson *L = lesson_get(i);
            assert_non_null(L->key);
            assert_non_null(L->build);
            for (int j = 0; j < i; j++)
                if (strcmp(lesson_get(j)->key, L->key) == 0) fail_msg("lessons %d and %d share the key %s", j, i, L->key);
            static const char *const PARTS[3] = { "title", "idea1", "idea2" };
            for (int p = 0; p < 3; p++) {
                char key[96];
                snprintf(key, sizeof key, "%s.%s", L->key, PARTS[p]);
                /* tr() hands back the key itself when no catalogue has it (test_app_i18n
                 * checks that every catalogue holds the keys of en.json) */
                if (strcmp(tr(key), key) == 0) fail_msg("%s: no \"%s\"", LANGS[l], key);
            }
        }
    }
    /* out of range: the playground */
    assert_ptr_equal(lesson_get(-1), lesson_get(0));
    assert_ptr_equal(lesson_get(lesson_count()), lesson_get(0));
}

/* Test 2: PageDown steps through every lesson in order and round to 0;
 * PageUp goes back, from 0 to the last. */
static void test_page_keys_reach_every_lesson(void **s)
{
    (void)s;
    App app;
    assert_true(app_init(&app, 0));
    app.headless = true;
    for (int i = 1; i <= lesson_count(); i++) {
        tap(&app, SDLK_PAGEDOWN);
        assert_int_equal(app.lesson, i % lesson_count());
        assert_int_equal(app.preset, 0);
        assert_true(app.world.count >= 1);
        app_tick(&app);
    }
    tap(&app, SDLK_PAGEUP);
    assert_int_equal(app.lesson, lesson_count() - 1);
    tap(&app, SDLK_PAGEUP);
    assert_int_equal(app.lesson, lesson_count() - 2);
    app_free(&app);
}

/* Test 3: the number keys pick lessons 0..9, the keypad's too. */
static void test_number_keys(void **s)
{
    (void)s;
    App app;
    assert_true(app_init(&app, 0));
    app.headless = true;
    static const SDL_Keycode KEYPAD[10] = { SDLK_KP_0, SDLK_KP_1, SDLK_KP_2, SDLK_KP_3, SDLK_KP_4,
                                            SDLK_KP_5, SDLK_KP_6, SDLK_KP_7, SDLK_KP_8, SDLK_KP_9 };
    for (int n = 9; n >= 0; n--) {
        tap(&app, SDLK_0 + n);
        assert_int_equal(app.lesson, n);
        tap(&app, SDLK_PAGEDOWN);
        tap(&app, KEYPAD[n]);
        assert_int_equal(app.lesson, n);
    }
    app_free(&app);
}

/* Test 4: a lesson's state is its own: lesson 6's walk step survives
 * F2 (a preset of the same lesson), starts afresh when the lesson is
 * entered again, and state-out reports it. */
static int sat_focus(const App *app)
{
    json_t *st = app_state_json(app);
    json_t *f = json_object_get(json_object_get(st, "sat"), "focus");
    if (!json_is_integer(f)) fail_msg("lesson %d reports no sat focus", app->lesson);
    int v = (int)json_integer_value(f);
    json_decref(st);
    return v;
}

static void test_state_per_lesson(void **s)
{
    (void)s;
    App app;
    assert_true(app_init(&app, 6));
    app.headless = true;
    assert_int_equal(sat_focus(&app), 0);   /* the walk starts at the first axis */
    tap(&app, SDLK_RIGHTBRACKET);
    assert_int_equal(sat_focus(&app), 1);   /* shown at once, before a tick */
    tap(&app, SDLK_F2);
    assert_int_equal(app.preset, 1);
    app_tick(&app);
    assert_int_equal(sat_focus(&app), 1);
    tap(&app, SDLK_a);
    assert_int_equal(sat_focus(&app), -1);  /* every axis at once */
    tap(&app, SDLK_7);
    app_tick(&app);
    assert_int_equal(sat_focus(&app), 0);
    tap(&app, SDLK_RIGHTBRACKET);
    tap(&app, SDLK_6);
    app_tick(&app);
    assert_int_equal(sat_focus(&app), 0);
    app_free(&app);
}

static int setup(void **s)
{
    (void)s;
    char err[256];
    if (!i18n_set_language("en", err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_lesson_complete),
        cmocka_unit_test(test_page_keys_reach_every_lesson),
        cmocka_unit_test(test_number_keys),
        cmocka_unit_test(test_state_per_lesson),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
