/*
 * test_app_wrap_words.c - where wrapped lines break (labels.c's wrapper).
 *
 *   - Chinese breaks at a pause (、，。：；, a space) where it can, and never
 *     inside a term of the zh-TW glossary (assets/lang/GLOSSARY.md, read
 *     here from its tables and term lists, independently of the
 *     catalogue's "wrap.words" the wrapper uses): every wrapped text of
 *     every lesson, preset, lesson 6/7 axis in focus and the help panel
 *     at 1280x720, and every lesson, preset and help panel at 125 % text
 *     at 1024x768;
 *   - in every language no line ends with a sign ("→", "=", "≤", ...), so
 *     "→" stays with the word that follows it, no line is a lone arrow and
 *     no line starts with "=" (the same frames);
 *   - the checks catch a wrapper that breaks anywhere (a hand-made split).
 */
#include <SDL_ttf.h>

#include "app/app.h"
#include "app/i18n.h"
#include "app/labels.h"
#include "app/lessons.h"
#include "app/sat_picture.h"
#include "app/text.h"
#include "app_drive.h"
#include "lab_run.h"
#include "text_fixture.h"

static const char *const LANGS[3] = { "en", "zh-TW", "vi" };

/* ---- The glossary's Chinese terms ----------------------------------------- */

#define MAX_TERMS 256
static char terms[MAX_TERMS][64];
static int term_count;

static bool is_han(unsigned cp) { return (cp >= 0x3400 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF); }

/* Runs of two or more Han characters of s[0, n) into terms. */
static void add_runs(const char *s, size_t n)
{
    const char *p = s, *end = s + n;
    while (p < end) {
        const char *run = p;
        int chars = 0;
        const char *q = p;
        while (q < end) {
            const char *r = q;
            if (!is_han(utf8_next(&r))) break;
            q = r;
            chars++;
        }
        if (chars >= 2 && term_count < MAX_TERMS && (size_t)(q - run) < sizeof terms[0]) {
            bool seen = false;
            for (int k = 0; k < term_count && !seen; k++)
                seen = strlen(terms[k]) == (size_t)(q - run) && strncmp(terms[k], run, (size_t)(q - run)) == 0;
            if (!seen) {
                memcpy(terms[term_count], run, (size_t)(q - run));
                terms[term_count++][q - run] = '\0';
            }
        }
        if (q == p) utf8_next(&q);
        p = q;
    }
}

/* The zh-TW section of GLOSSARY.md: the "term" column of its table and
 * the part of each list item before its ": " (what the catalogue says). */
static void load_glossary_terms(void)
{
    FILE *f = fopen("assets/lang/GLOSSARY.md", "r");
    assert_non_null(f);
    char line[2048];
    bool zh = false;
    term_count = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "## ", 3) == 0) zh = strstr(line, "繁體中文") != NULL;
        if (!zh) continue;
        if (line[0] == '|') {
            char *a = strchr(line + 1, '|');   /* concept | term | where */
            char *b = a != NULL ? strchr(a + 1, '|') : NULL;
            if (b != NULL) add_runs(a + 1, (size_t)(b - a - 1));
        } else if (strncmp(line, "- ", 2) == 0) {
            char *colon = strstr(line, ": ");
            add_runs(line + 2, colon != NULL ? (size_t)(colon - line - 2) : strlen(line + 2));
        }
    }
    fclose(f);
}

/* ---- The checks ------------------------------------------------------------ */

/* s without its leading and trailing spaces, into out. */
static void trim(const char *s, char *out, size_t n)
{
    while (*s == ' ') s++;
    snprintf(out, n, "%s", s);
    size_t len = strlen(out);
    while (len > 0 && out[len - 1] == ' ') out[--len] = '\0';
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

/* A glossary term split between line a (ending) and line b (starting)? */
static const char *split_term(const char *a, const char *b)
{
    for (int k = 0; k < term_count; k++) {
        const char *t = terms[k];
        size_t n = strlen(t);
        for (const char *cut = t; (cut = cut + 1) < t + n;) {
            if (((unsigned char)*cut & 0xC0) == 0x80) continue;   /* inside a character */
            size_t head = (size_t)(cut - t);
            size_t la = strlen(a);
            if (la >= head && strncmp(a + la - head, t, head) == 0 && strncmp(b, cut, n - head) == 0) return t;
        }
    }
    return NULL;
}

/* The problems of the lines of one wrapped text (lines[0..n)), printed. */
static int check_lines(const char *lang, const char *where, char lines[][160], int n)
{
    static const char *const SIGNS[] = { "→", "=", "≤", "≥", "<", ">", "≠", "+", "−" };
    int bad = 0;
    for (int i = 0; i < n; i++) {
        char l[160];
        trim(lines[i], l, sizeof l);
        for (size_t k = 0; k < sizeof SIGNS / sizeof SIGNS[0]; k++) {
            bool last = i == n - 1;
            if (!last && (ends_with(l, SIGNS[k]) || strcmp(l, SIGNS[k]) == 0)) {
                print_message("%s: %s: line %d of %d ends with \"%s\": \"%s\"\n", lang, where, i + 1, n, SIGNS[k], l);
                bad++;
            }
            if (i > 0 && k > 0 && strncmp(l, SIGNS[k], strlen(SIGNS[k])) == 0) {
                print_message("%s: %s: line %d of %d starts with \"%s\": \"%s\"\n", lang, where, i + 1, n, SIGNS[k], l);
                bad++;
            }
        }
        if (i > 0 && strcmp(lang, "zh-TW") == 0) {
            char prev[160];
            trim(lines[i - 1], prev, sizeof prev);
            const char *t = split_term(prev, l);
            if (t != NULL) {
                print_message("%s: %s: \"%s\" split between \"%s\" and \"%s\"\n", lang, where, t, prev, l);
                bad++;
            }
        }
    }
    return bad;
}

/* Every wrapped text of the frame drawn in the log; problems, and *texts
 * gets how many wrapped texts were looked at. */
static int check_log(const DrawLog *g, const char *lang, const char *where, int *texts)
{
    int bad = 0;
    for (int i = 0; i < g->text_count; i++) {
        const DrawnText *t = &g->texts[i];
        if (t->lines < 2 || t->line != 0 || i + t->lines > g->text_count) continue;
        char lines[8][160];
        int n = t->lines < 8 ? t->lines : 8;
        for (int k = 0; k < n; k++) snprintf(lines[k], sizeof lines[k], "%s", g->texts[i + k].text);
        bad += check_lines(lang, where, lines, n);
        (*texts)++;
    }
    return bad;
}

/* ---- Tests ---------------------------------------------------------------- */

static void test_glossary_read(void **s)
{
    (void)s;
    load_glossary_terms();
    print_message("%d Chinese terms in GLOSSARY.md\n", term_count);
    assert_true(term_count >= 40);
    bool found = false;
    for (int k = 0; k < term_count; k++) found = found || strcmp(terms[k], "碰撞偵測") == 0;
    assert_true(found);
}

/* The checks catch what they look for. */
static void test_checks_can_fail(void **s)
{
    (void)s;
    load_glossary_terms();
    char split[2][160] = { "兩個圖形的碰撞", "偵測很簡單" };
    assert_int_equal(check_lines("zh-TW", "made up", split, 2), 1);
    char whole[2][160] = { "兩個圖形的", "碰撞偵測很簡單" };
    assert_int_equal(check_lines("zh-TW", "made up", whole, 2), 0);
    char arrow[2][160] = { "Có khe hở trên một trục →", "tách rời" };
    assert_int_equal(check_lines("vi", "made up", arrow, 2), 1);
    char alone[3][160] = { "Có khe hở trên một trục", "→", "tách rời" };
    assert_int_equal(check_lines("vi", "made up", alone, 3), 1);
    char eq[2][160] = { "|dx| = 12.5", "= cùng kết luận" };
    assert_int_equal(check_lines("vi", "made up", eq, 2), 1);
    char good[2][160] = { "Có khe hở trên một trục", "→ tách rời" };
    assert_int_equal(check_lines("vi", "made up", good, 2), 0);
}

/* The wrapper itself: a clause with a pause breaks there; a term at the
 * width's edge moves down whole; "→" goes down with its word. */
static void test_wrapper(void **s)
{
    (void)s;
    TextFixture f;
    if (!text_fixture_open(&f)) skip();
    load_glossary_terms();
    char err[256];
    View v;
    view_fit(&v, 1280, 720);
    canvas_begin(&f.c, f.r, &v, f.text);
    TextLine tl[6];
    char lines[6][160];
    int bad = 0, checked = 0;
    for (int l = 0; l < 3; l++) {
        if (strcmp(LANGS[l], "zh-TW") == 0 && !text_has_cjk(f.text)) continue;
        assert_true(i18n_set_language(LANGS[l], err, sizeof err));
        static const char *const TEXTS[] = {
            "對每一對圖形做碰撞偵測，找出隔開兩個圖形的直線；若找不到，兩個圖形就重疊，要推開的最小平移向量是最短的那一個。",
            "O nằm trong A − B → va chạm, còn khoảng cách 12.5 → tách rời: cùng kết luận = cùng màu",
            "Each pair gets the test its two kinds need → the verdict = the colours",
        };
        for (size_t k = 0; k < sizeof TEXTS / sizeof TEXTS[0]; k++)
            for (float w = 120.0f; w <= 700.0f; w += 7.0f) {
                int n = wrap_hud_text(&f.c, 20.0f, TEXTS[k], w, tl, 6);
                if (n < 2 || n >= 6) continue;
                for (int i = 0; i < n; i++) snprintf(lines[i], sizeof lines[i], "%.*s", tl[i].len, TEXTS[k] + tl[i].start);
                char where[64];
                snprintf(where, sizeof where, "text %zu at width %.0f", k, (double)w);
                bad += check_lines(LANGS[l], where, lines, n);
                checked++;
            }
    }
    i18n_set_language("en", err, sizeof err);
    print_message("%d wrappings checked\n", checked);
    assert_true(checked >= 100);
    assert_int_equal(bad, 0);
    text_fixture_close(&f);
}

/* test_every_panel's passes: 1280x720 at 100 % (with lesson 6's and 7's
 * axes), 1024x768 at 125 %. */
static const int PANEL_SIZES[2][2] = { { 1280, 720 }, { 1024, 768 } };
static const int PANEL_LEVELS[2] = { 0, TEXT_LEVEL_MAX };

typedef struct PanelWalk { TextFixture *f; int frames, failed, texts, zh_texts; } PanelWalk;

/* One frame, and after a lesson's start its last view again with the help
 * panel open. */
static void panel_frame(App *app, const TextWalkAt *at, void *arg)
{
    PanelWalk *pw = arg;
    TextFixture *f = pw->f;
    const int z = at->pass, big = at->pass;
    char where[160];
    const int last = at->view + 1 == at->views && at->preset == 0 ? at->views : at->view;   /* the help panel's */
    for (int v = at->view; v <= last; v++) {
        app->show_help = v == at->views;
        snprintf(where, sizeof where, "%dx%d, text %s, lesson %d, F%d, view %d%s", PANEL_SIZES[z][0], PANEL_SIZES[z][1],
                 big ? "125 %" : "100 %", at->lesson, at->preset + 1, v, app->show_help ? ", help" : "");
        view_fit(&app->view, PANEL_SIZES[z][0], PANEL_SIZES[z][1]);
        f->c.log = f->log;
        canvas_begin(&f->c, f->r, &app->view, f->text);
        app_draw(app, &f->c);
        text_frame_end(f->text);
        int before = pw->texts;
        if (check_log(f->log, at->lang, where, &pw->texts) > 0) pw->failed++;
        if (strcmp(at->lang, "zh-TW") == 0) pw->zh_texts += pw->texts - before;
        pw->frames++;
    }
}

static void test_every_panel(void **s)
{
    (void)s;
    load_glossary_terms();
    TextFixture f;
    memset(&f, 0, sizeof f);
    f.surf = SDL_CreateRGBSurfaceWithFormat(0, 1280, 768, 32, SDL_PIXELFORMAT_RGBA32);
    assert_non_null(f.surf);
    f.r = SDL_CreateSoftwareRenderer(f.surf);
    assert_non_null(f.r);
    f.text = text_create(f.r);
    assert_non_null(f.text);
    f.log = calloc(1, sizeof *f.log);
    assert_non_null(f.log);
    PanelWalk pw = { &f, 0, 0, 0, 0 };
    const TextWalk walk = { "test_every_panel", LANGS, 3, 2, PANEL_LEVELS, 1u, panel_frame, &pw };
    assert_true(text_fixture_walk(&f, &walk) >= 0);
    const int frames = pw.frames, failed = pw.failed, texts = pw.texts, zh_texts = pw.zh_texts;
    print_message("%d frames, %d wrapped texts (%d Chinese), %d frames with a bad break\n", frames, texts, zh_texts,
                  failed);
    char err[512];
    i18n_set_language("en", err, sizeof err);
    assert_true(frames >= 3 * 2 * 40 || (frames >= 2 * 2 * 40 && !text_has_cjk(f.text)));
    assert_true(texts >= 200);
    if (text_has_cjk(f.text)) assert_true(zh_texts >= 100);
    assert_int_equal(failed, 0);
    f.c.log = NULL;
    canvas_free(&f.c);
    free(f.log);
    text_destroy(f.text);
    SDL_DestroyRenderer(f.r);
    SDL_FreeSurface(f.surf);
}

static int setup(void **s)
{
    (void)s;
    return text_setup("wrap_words");
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
        cmocka_unit_test(test_glossary_read),
        cmocka_unit_test(test_checks_can_fail),
        cmocka_unit_test(test_wrapper),
        cmocka_unit_test(test_every_panel),
    };
    if (getenv("CL_TEST_FILTER") != NULL) cmocka_set_test_filter(getenv("CL_TEST_FILTER"));
    return cmocka_run_group_tests(tests, setup, teardown);
}
