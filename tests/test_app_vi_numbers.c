/*
 * test_app_vi_numbers.c - Vietnamese writes its numbers as its school books
 * do: the decimal comma (3,5) and a semicolon between the numbers of a pair
 * or an interval ((610; 380), [0; 1]). One function does it
 * (i18n_numbers, through which draw.c passes every text it draws), so:
 *
 *   - the rule itself, case by case, and English / Chinese unchanged;
 *   - every lesson, preset and (lessons 6, 7) axis in focus drawn in vi
 *     with the frame's text log (DrawLog): no number on screen has a
 *     decimal point, and the decimal numbers read back with the comma are
 *     the very numbers the English frame of the same state shows (which
 *     test_app_numbers checks against its own computation), none lost,
 *     none made up;
 *   - a pair of numbers in brackets is written with "; " in vi;
 *   - --state-out's JSON keeps the C '.' whatever the language.
 */
#include <SDL_ttf.h>

#include "app/app.h"
#include "app/i18n.h"
#include "app/lessons.h"
#include "app/sat_picture.h"
#include "app/text.h"
#include "app_drive.h"
#include "lab_run.h"
#include "text_fixture.h"

static bool digit(char c) { return c >= '0' && c <= '9'; }

/* ---- The rule ------------------------------------------------------------ */

static void expect(const char *in, bool comma, const char *want)
{
    char out[256];
    const char *got = numbers_localize(in, comma, out, sizeof out);
    if (strcmp(got, want) != 0) fail_msg("\"%s\" -> \"%s\", want \"%s\"", in, got, want);
    assert_int_equal(strlen(got), strlen(in));   /* same bytes: same wrapping */
}

static void test_rule(void **s)
{
    (void)s;
    expect("d = 3.5", true, "d = 3,5");
    expect("C (610, 380)", true, "C (610; 380)");
    expect("C (610.5, -380.25)", true, "C (610,5; -380,25)");
    expect("x: A [100.0, 300.0]", true, "x: A [100,0; 300,0]");
    expect("[0, 1]", true, "[0; 1]");
    expect("y [-inf, inf]", true, "y [-inf; inf]");
    expect("A [-35,\u00a035]   B [-229,\u00a0240]", true, "A [-35;\u00a035]   B [-229;\u00a0240]");   /* no-break space */
    expect("vào muộn nhất 0.250, ra sớm nhất 0.750", true, "vào muộn nhất 0,250; ra sớm nhất 0,750");
    expect("nghiệm t₁ = 0.250, t₂ = 0.750", true, "nghiệm t₁ = 0,250; t₂ = 0,750");
    /* words, lists of words and integers in a sentence stay as written */
    expect("(bài 6, 7, 12)", true, "(bài 6, 7, 12)");
    expect("(a thuộc A, b thuộc B)", true, "(a thuộc A, b thuộc B)");
    expect("hình 1, 2 và 3", true, "hình 1, 2 và 3");
    expect("cảnh-0001.txt...", true, "cảnh-0001.txt...");
    expect("1. Hai hình tròn", true, "1. Hai hình tròn");
    expect("3...", true, "3...");
    expect("(1.5)", true, "(1,5)");
    /* English and Chinese: untouched */
    expect("d = 3.5, C (610, 380)", false, "d = 3.5, C (610, 380)");
    char err[256];
    assert_true(i18n_set_language("zh-TW", err, sizeof err));
    char out[64];
    assert_string_equal(i18n_numbers("(610.5, 380)", out, sizeof out), "(610.5, 380)");
    assert_true(i18n_set_language("vi", err, sizeof err));
    assert_string_equal(i18n_numbers("(610.5, 380)", out, sizeof out), "(610,5; 380)");
    assert_true(i18n_set_language("en", err, sizeof err));
    assert_string_equal(i18n_numbers("(610.5, 380)", out, sizeof out), "(610.5, 380)");
}

/* ---- Every frame --------------------------------------------------------- */

#define MAX_NUMS 1024

/* The decimal numbers of a text (a digit run, the separator, a digit run;
 * not after a letter: "r1" is a name), as written: "12.50" -> 12.50. */
static int decimals(const char *s, char sep, double *out, int n, int max)
{
    for (const char *p = s; *p != '\0'; p++) {
        if (!digit(*p) || (p > s && (digit(p[-1]) || p[-1] == sep))) continue;
        const char *q = p;
        while (digit(*q)) q++;
        if (*q != sep || !digit(q[1])) continue;
        char buf[64];
        size_t len = 0;
        for (const char *r = p; (digit(*r) || r == q) && len + 1 < sizeof buf; r++) buf[len++] = r == q ? '.' : *r;
        buf[len] = '\0';
        bool negative = p > s && (p[-1] == '-' || (p - s >= 3 && strncmp(p - 3, "\u2212", 3) == 0));
        if (n < max) out[n++] = (negative ? -1.0 : 1.0) * strtod(buf, NULL);
        p = q + 1;
        while (digit(p[1])) p++;
    }
    return n;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The frame of app drawn in lang: its decimals, sorted; how many. Fails on
 * a vi text with a decimal point or a bracketed pair written with ", ". */
static int frame_numbers(TextFixture *f, App *app, const char *lang, const char *where, double *nums, int *pairs)
{
    char err[256];
    if (!i18n_set_language(lang, err, sizeof err)) fail_msg("%s: %s", lang, err);
    const bool vi = strcmp(lang, "vi") == 0;
    view_fit(&app->view, 1280, 720);
    f->c.log = f->log;
    canvas_begin(&f->c, f->r, &app->view, f->text);
    app_draw(app, &f->c);
    text_frame_end(f->text);
    int n = 0;
    for (int i = 0; i < f->log->text_count; i++) {
        const char *t = f->log->texts[i].text;
        if (vi) {
            for (const char *p = t; *p != '\0'; p++)
                if (p > t && *p == '.' && digit(p[-1]) && digit(p[1]))
                    fail_msg("%s: \"%s\" shows a decimal point in Vietnamese", where, t);
            for (const char *p = t; (p = strpbrk(p, "([")) != NULL; p++) {
                double a, b;
                int k = 0, used = 0;
                const char *close = *p == '(' ? ")%n" : "]%n";
                /* "(610, 380)", "[-35, 35]": a number, ", " (or a no-break space), a number, the bracket */
                if (sscanf(p + 1, "%lf%n", &a, &k) != 1 || (p[1 + k] != ',' && p[1 + k] != ';')) continue;
                int sp = p[2 + k] == ' ' ? 1 : strncmp(p + 2 + k, "\u00a0", 2) == 0 ? 2 : 0;
                if (sp == 0 || sscanf(p + 2 + k + sp, "%lf", &b) != 1) continue;
                int m = 0;
                sscanf(p + 2 + k + sp, "%*[^])]%n", &m);
                used = 0;
                sscanf(p + 2 + k + sp + m, close, &used);
                if (used == 0) continue;
                if (p[1 + k] == ',') fail_msg("%s: \"%s\" writes a pair with a comma in Vietnamese", where, t);
                (*pairs)++;
            }
        }
        n = decimals(t, vi ? ',' : '.', nums, n, MAX_NUMS);
    }
    qsort(nums, (size_t)n, sizeof nums[0], cmp_double);
    return n;
}

typedef struct NumbersWalk { TextFixture *f; double *en, *vi; int numbers, pairs; } NumbersWalk;

/* A frame in English, then in Vietnamese: the same decimals. */
static void both_frame(App *app, const TextWalkAt *at, void *arg)
{
    NumbersWalk *nw = arg;
    char where[128];
    snprintf(where, sizeof where, "lesson %d, F%d, view %d", at->lesson, at->preset + 1, at->view);
    int ne = frame_numbers(nw->f, app, "en", where, nw->en, &nw->pairs);
    int nv = frame_numbers(nw->f, app, "vi", where, nw->vi, &nw->pairs);
    if (ne != nv) {
        for (int i = 0; i < nw->f->log->text_count; i++) print_message("  vi: %s\n", nw->f->log->texts[i].text);
        fail_msg("%s: English shows %d decimal numbers, Vietnamese %d", where, ne, nv);
    }
    for (int i = 0; i < ne; i++)
        if (nw->en[i] != nw->vi[i]) fail_msg("%s: English shows %g where Vietnamese shows %g", where, nw->en[i], nw->vi[i]);
    nw->numbers += ne;
}

static void test_every_frame(void **s)
{
    (void)s;
    TextFixture f;
    assert_true(text_fixture_open(&f));
    f.log = calloc(1, sizeof *f.log);
    assert_non_null(f.log);
    static double en[MAX_NUMS], vi[MAX_NUMS];
    NumbersWalk nw = { &f, en, vi, 0, 0 };
    /* the languages set frame by frame (frame_numbers) */
    const TextWalk walk = { "test_every_frame", NULL, 0, 1, NULL, 1u, both_frame, &nw };
    const int frames = text_fixture_walk(&f, &walk), numbers = nw.numbers, pairs = nw.pairs;
    char err[256];
    i18n_set_language("en", err, sizeof err);
    print_message("%d frames, %d decimal numbers read in both languages, %d bracketed pairs with '; '\n", frames,
                  numbers, pairs);
    assert_true(frames >= 40);
    assert_true(numbers >= 200);   /* the walk is not empty: most lessons print numbers */
    assert_true(pairs >= 5);
    text_fixture_close(&f);
}

/* --state-out's JSON writes its numbers with the C '.', in vi too. */
static void test_state_out_keeps_point(void **s)
{
    (void)s;
    char err[256];
    assert_true(i18n_set_language("vi", err, sizeof err));
    App app;
    assert_true(app_init(&app, 1));
    app_tick(&app);
    json_t *doc = app_state_json(&app);
    assert_non_null(doc);
    char *text = json_dumps(doc, 0);
    assert_non_null(text);
    /* a float in the JSON: "d": 123.5 style, never with a comma inside a number */
    bool point = false;
    for (const char *p = text; *p != '\0'; p++) {
        if (*p == '.' && p > text && digit(p[-1]) && digit(p[1])) point = true;
        if (*p == ',' && p > text && digit(p[-1]) && digit(p[1])) fail_msg("a decimal comma in the JSON: %s", text);
    }
    assert_true(point);
    free(text);
    json_decref(doc);
    app_free(&app);
    assert_true(i18n_set_language("en", err, sizeof err));
}

static int setup(void **s)
{
    (void)s;
    return text_setup("vi_numbers");
}

static int teardown(void **s)
{
    (void)s;
    text_teardown();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rule),
        cmocka_unit_test(test_state_out_keeps_point),
        cmocka_unit_test(test_every_frame),
    };
    if (getenv("CL_TEST_FILTER") != NULL) cmocka_set_test_filter(getenv("CL_TEST_FILTER"));
    return cmocka_run_group_tests(tests, setup, teardown);
}
