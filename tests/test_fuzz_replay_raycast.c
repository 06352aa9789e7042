/*
 * test_fuzz_replay_raycast.c - replays tests/corpus/raycast/ (the fuzzer's
 * seeds and every failure it found, kept as regress-*) through
 * fuzz/fuzz_raycast.c's checks, built without libFuzzer: bad input leaves
 * every output untouched, the recording variants agree byte for byte, hits
 * are finite with unit normals. The corpus folder is $CL_CORPUS (default
 * tests/corpus, run from the top).
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

#define FUZZ_ENTRY fuzz_raycast_one
#include "../fuzz/fuzz_raycast.c"

/* Test 1: every file of tests/corpus/raycast passes the fuzzer's checks. */
static void test_replay_raycast(void **s)
{
    (void)s;
    assert_true(replay("raycast", fuzz_raycast_one) >= 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_replay_raycast) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
