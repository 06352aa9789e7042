/*
 * test_app_fuzz_replay.c - replays tests/corpus/scene/ and
 * tests/corpus/script/ (the fuzzer's seeds and every crash it found, kept as
 * regress-*) through fuzz/fuzz_scene.c's and fuzz/fuzz_script.c's checks,
 * built without libFuzzer: each file must pass (refused with one
 * FILE:LINE:COL line and nothing loaded, or loaded whole and sane).
 * The corpus folder is $CL_CORPUS (default tests/corpus, run from the top).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"

#define FUZZ_ENTRY fuzz_scene_one
#include "../fuzz/fuzz_scene.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_script_one
#include "../fuzz/fuzz_script.c"

/* Test 1: every file of tests/corpus/scene passes fuzz_scene's checks. */
static void test_replay_scene(void **s)
{
    (void)s;
    assert_true(replay("scene", fuzz_scene_one) >= 4);
}

/* Test 2: every file of tests/corpus/script passes fuzz_script's checks. */
static void test_replay_script(void **s)
{
    (void)s;
    assert_true(replay("script", fuzz_script_one) >= 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replay_scene),
        cmocka_unit_test(test_replay_script),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
