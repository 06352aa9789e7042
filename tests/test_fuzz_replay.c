/*
 * test_fuzz_replay.c - replays tests/corpus/collide/ (the fuzzer's seeds and
 * every crash it found, kept as regress-*) through fuzz/fuzz_collide.c's
 * checks, built without libFuzzer: each file must pass them all (symmetric
 * verdicts, a finite unit contact, sat_report and the broad phase agreeing).
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

#define FUZZ_ENTRY fuzz_collide_one
#include "../fuzz/fuzz_collide.c"

/* Test 1: every file of tests/corpus/collide passes the fuzzer's checks. */
static void test_replay_collide(void **s)
{
    (void)s;
    assert_true(replay("collide", fuzz_collide_one) >= 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_replay_collide) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
