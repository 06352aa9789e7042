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

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_ENTRY fuzz_scene_one
#include "../fuzz/fuzz_scene.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_script_one
#include "../fuzz/fuzz_script.c"

/* Feeds every file of corpus/<name>/ to entry; returns how many. */
static int replay(const char *name, int (*entry)(const uint8_t *, size_t))
{
    const char *root = getenv("CL_CORPUS") != NULL ? getenv("CL_CORPUS") : "tests/corpus";
    char dir[512];
    snprintf(dir, sizeof dir, "%s/%s", root, name);
    DIR *d = opendir(dir);
    if (d == NULL) fail_msg("%s: cannot open (run from the top of the repository)", dir);
    int files = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.') continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        static uint8_t buf[1 << 20];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        // a failed check aborts: the name says which file
        fprintf(stderr, "replay %s (%zu bytes)\n", path, n);
        entry(buf, n);
        files++;
    }
    closedir(d);
    return files;
}

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
