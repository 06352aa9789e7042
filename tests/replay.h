/*
 * replay.h - the corpus walker of the replay tests (test_fuzz_replay.c,
 * test_app_fuzz_replay.c): every file of $CL_CORPUS/<name>/ (default
 * tests/corpus, run from the top) through a fuzz target's entry, built
 * without libFuzzer. Header-only: each tests/test_*.c is its own program.
 */
#ifndef CL_TESTS_REPLAY_H
#define CL_TESTS_REPLAY_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

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

#endif
