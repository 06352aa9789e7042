/*
 * skip.h - how a C test says it skipped a check (scripts/run-tests.sh
 * collects these lines, counts them and lists them at the end):
 *
 *   SKIP_MSG("why")     the check did not run; the test goes on with the rest
 *   SKIP_TEST("why")    the whole cmocka test is skipped (cmocka's skip())
 *
 * Both print "SKIP: <test function>: <why>" on stdout. A skip must be rare
 * and say what to install: scripts/bootstrap.sh test installs what the
 * tests need, so on CI a skip means something is wrong.
 */
#ifndef CL_TESTS_SKIP_H
#define CL_TESTS_SKIP_H

#include <stdio.h>

#define SKIP_MSG(...)                       \
    do {                                    \
        printf("SKIP: %s: ", __func__);     \
        printf(__VA_ARGS__);                \
        printf("\n");                       \
        fflush(stdout);                     \
    } while (0)

#define SKIP_TEST(...)             \
    do {                           \
        SKIP_MSG(__VA_ARGS__);     \
        skip();                    \
    } while (0)

#endif
