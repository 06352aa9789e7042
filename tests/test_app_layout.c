/*
 * test_app_layout.c - every language fits its space.
 *
 * Each lesson (0-9), each of its presets (F2-F5) and, in lessons 6 and 7,
 * each axis in focus is drawn in English, 繁體中文 and Tiếng Việt on a
 * 1280x720 software renderer with a DrawLog attached (draw.h), which records
 * every text drawn and every HUD panel box. In every frame:
 *   - no two texts overprint each other (panel lines, table cells, labels);
 *   - every HUD text lies inside a panel box, every text inside the canvas;
 *   - no line of a wrapped text holds a single word (a Vietnamese word is two
 *     syllables, a Chinese one two characters; "→ apart" on a line of its
 *     own counts as one word);
 *   - a title takes one row, each of the two idea lines at most two.
 * Every failing frame is listed before the test fails. Without a CJK font
 * the Chinese frames are skipped with a message.
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

/* ---- What a line holds -------------------------------------------------- */

static bool is_han(unsigned cp) { return (cp >= 0x3400 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF); }
static bool is_digit(unsigned cp) { return cp >= '0' && cp <= '9'; }
/* Latin letters, Vietnamese ones included (not symbols, arrows, CJK). */
static bool is_letter(unsigned cp)
{
    return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) ||
           (cp >= 0x1E00 && cp <= 0x1EFF);
}

/* How many words a line holds, in halves: a Chinese character is half a
 * word, so is a Vietnamese syllable; an English word, a number or a
 * variable ("r1", "|dx|") is a whole one; arrows and signs count nothing.
 * Words joined by a no-break space ("MTV 3.0 px") still count apart. */
static int half_words(const char *lang, const char *s)
{
    const bool vi = strcmp(lang, "vi") == 0;
    int halves = 0;
    const char *p = s;
    while (*p != '\0') {
        bool letters = false, digits = false;
        while (*p == ' ') p++;
        while (*p != '\0' && *p != ' ') {
            unsigned cp = utf8_next(&p);
            if (cp == 0xA0) break;   /* a no-break space joins words, still two */
            if (is_han(cp)) halves += 1;
            else if (is_digit(cp)) digits = true;
            else if (is_letter(cp)) letters = true;
        }
        if (digits) halves += 2;
        else if (letters) halves += vi ? 1 : 2;
    }
    return halves;
}

/* Test 1: the word counter itself. */
static void test_word_count(void **s)
{
    (void)s;
    assert_int_equal(half_words("en", "→ apart"), 2);
    assert_int_equal(half_words("en", "r = 75  →  apart"), 6);
    assert_int_equal(half_words("en", "MTV\u00a0186.9\u00a0px"), 6);
    assert_int_equal(half_words("vi", "tách rời"), 2);
    assert_int_equal(half_words("vi", "= cùng kết luận"), 3);
    assert_int_equal(half_words("zh-TW", "→ 碰撞"), 2);
    assert_int_equal(half_words("zh-TW", "矩形–矩形：SAT"), 6);
}

/* ---- One frame ---------------------------------------------------------- */

/* A frame: text_fixture.h's, its DrawLog attached where a test reads it. */
typedef TextFixture Frame;

/* Titles are drawn at 32 px (app.c HUD_TITLE), everything else smaller. */
#define TITLE_PX 30.0f

static bool overlaps(ScreenBox a, ScreenBox b, float slack)
{
    return a.x0 + slack < b.x1 && b.x0 + slack < a.x1 && a.y0 + slack < b.y1 && b.y0 + slack < a.y1;
}

static bool inside(ScreenBox in, ScreenBox out, float slack)
{
    return in.x0 >= out.x0 - slack && in.y0 >= out.y0 - slack && in.x1 <= out.x1 + slack && in.y1 <= out.y1 + slack;
}

/* Which idea text (1 or 2) of the lesson on the board line is part of; 0: none. */
static int idea_of(const App *app, const char *line)
{
    for (int k = 1; k <= 2; k++) {
        char name[64];
        snprintf(name, sizeof name, "%s.idea%d", lesson_get(app->lesson)->key, k);
        if (strstr(tr(name), line) != NULL) return k;
    }
    return 0;
}

/* A push of 0.0 px ("MTV 0.0 px", "move B 0.0 px", "depth 0.0 px") or a
 * shown gap of 0 reads as a contradiction of the verdict: shapes that only
 * touch say so, a gap under a pixel says "under 1 px". */
static bool says_zero_push(const char *s)
{
    if (strstr(s, " 0.0 px") != NULL || strstr(s, " 0.0\u00a0px") != NULL || strstr(s, "\u00a00.0\u00a0px") != NULL)
        return true;
    /* as Vietnamese writes it (i18n_numbers): 0,0 */
    if (strstr(s, " 0,0 px") != NULL || strstr(s, " 0,0\u00a0px") != NULL || strstr(s, "\u00a00,0\u00a0px") != NULL)
        return true;
    char gap0[64];
    snprintf(gap0, sizeof gap0, tr("sat.walk_gap"), 0);
    for (const char *p = strstr(s, gap0); p != NULL; p = strstr(p + 1, gap0)) {
        char next = p[strlen(gap0)];
        if (next < '0' || next > '9') return true;
    }
    return false;
}

/* A line of a wrapped text that starts or ends with a comparison or a sign
 * has cut an inequality ("|dx| ≤" / "w/2 + r") in two. */
static bool breaks_a_term(const char *s, bool first, bool last)
{
    static const char *const OPS[] = { "≤", "≥", "<", ">", "=", "+", "−", "-", "≠" };
    size_t n = strlen(s);
    while (n > 0 && s[n - 1] == ' ') n--;
    const char *b = s;
    while (*b == ' ') b++;
    for (size_t k = 0; k < sizeof OPS / sizeof OPS[0]; k++) {
        size_t m = strlen(OPS[k]);
        if (!first && strncmp(b, OPS[k], m) == 0) return true;
        if (!last && n >= m && strncmp(s + n - m, OPS[k], m) == 0) return true;
    }
    return false;
}

/* Draws app's frame with the log attached; prints every problem of it
 * under the name where and returns how many there are. */
/* strict: also the typographic rules (no lone word, one-row titles, idea
 * lines in two rows), which hold at the designed text size. Otherwise
 * (larger text) only what makes text unreadable: overprinting, leaving
 * the canvas or its panel; a canvas label wholly under a HUD panel is
 * hidden, not overprinted, and only counted. With the help panel open only
 * its own texts are checked against each other. */
static int check_frame_at(Frame *f, App *app, const char *lang, const char *where, int out_w, int out_h, bool strict,
                          int *hidden)
{
    view_fit(&app->view, out_w, out_h);
    f->c.log = f->log;
    canvas_begin(&f->c, f->r, &app->view, f->text);
    app_draw(app, &f->c);
    text_frame_end(f->text);
    const DrawLog *g = f->log;
    const ScreenBox screen = { 0.0f, 0.0f, (float)out_w, (float)out_h, 0.0f };
    /* a title is drawn at 32 canvas px, other HUD text at 24 or less */
    const float title_px = TITLE_PX * app->view.fit * app_text_scale(app);
    /* the help panel's texts come last, from its title on */
    int help_from = 0;
    for (int i = 0; app->show_help && i < g->text_count; i++)
        if (strcmp(g->texts[i].text, tr("help.title")) == 0) help_from = i;
    int bad = 0;
    for (int i = 0; i < g->text_count; i++) {
        const DrawnText *t = &g->texts[i];
        if (!inside(t->box, screen, 1.0f)) {
            print_message("%s: \"%s\" runs off the canvas\n", where, t->text);
            bad++;
        }
        if (t->hud) {
            bool in_panel = false;
            for (int b = 0; b < g->box_count && !in_panel; b++) in_panel = inside(t->box, g->boxes[b], 1.0f);
            if (!in_panel) {
                print_message("%s: \"%s\" sticks out of its panel\n", where, t->text);
                bad++;
            }
        }
        for (int j = i + 1; j < g->text_count; j++)
            if (overlaps(t->box, g->texts[j].box, 1.0f)) {
                const DrawnText *u = &g->texts[j];
                if (i < help_from) continue;   /* under the help panel */
                if (!strict && t->hud != u->hud) {
                    const DrawnText *label = t->hud ? u : t;
                    bool under = false;
                    for (int b = 0; b < g->box_count && !under; b++) under = inside(label->box, g->boxes[b], 1.0f);
                    if (under) {
                        if (getenv("LAYOUT_VERBOSE") != NULL) print_message("%s: \"%s\" hidden\n", where, label->text);
                        (*hidden)++;
                        continue;
                    }
                }
                print_message("%s: \"%s\" and \"%s\" overprint\n", where, t->text, g->texts[j].text);
                bad++;
            }
        if (!strict) continue;
        if (t->lines > 1 && half_words(lang, t->text) < 4) {
            print_message("%s: line %d of %d is a single word: \"%s\"\n", where, t->line + 1, t->lines, t->text);
            bad++;
        }
        if (t->hud && t->lines > 1 && t->line == 0 && t->box.y1 - t->box.y0 >= title_px) {
            print_message("%s: the title \"%s...\" takes %d rows\n", where, t->text, t->lines);
            bad++;
        }
        if (says_zero_push(t->text)) {
            print_message("%s: \"%s\" shows a push or gap of 0 (say touching, or give the digits)\n", where, t->text);
            bad++;
        }
        if (t->lines > 1 && breaks_a_term(t->text, t->line == 0, t->line == t->lines - 1)) {
            print_message("%s: line %d of %d breaks an inequality: \"%s\"\n", where, t->line + 1, t->lines, t->text);
            bad++;
        }
        int which = t->hud && t->lines > 2 && t->line == 2 ? idea_of(app, t->text) : 0;
        if (which > 0) {
            print_message("%s: idea line %d takes %d rows\n", where, which, t->lines);
            bad++;
        }
    }
    return bad;
}

static int check_frame(Frame *f, App *app, const char *lang, const char *where)
{
    int hidden = 0;
    return check_frame_at(f, app, lang, where, 1280, 720, true, &hidden);
}

/* Test 5: every lesson, preset and axis in focus, in every language. */
typedef struct FitsWalk { Frame *f; int failed; } FitsWalk;

static void fits_frame(App *app, const TextWalkAt *at, void *arg)
{
    FitsWalk *fw = arg;
    char where[128];
    snprintf(where, sizeof where, "%s, lesson %d, F%d, axis %d", at->lang, at->lesson, at->preset + 1,
             at->views > 1 ? lesson_sat_focus((const SatPicture *)app->lesson_state) : -1);
    if (check_frame(fw->f, app, at->lang, where) > 0) fw->failed++;
    assert_true(fw->f->log->text_count >= 3);
}

static void test_everything_fits(void **s)
{
    (void)s;
    Frame f;
    assert_true(text_fixture_open(&f));   /* without a font there is no layout to check */
    f.log = calloc(1, sizeof *f.log);
    assert_non_null(f.log);
    FitsWalk fw = { &f, 0 };
    const TextWalk walk = { "test_everything_fits", LANGS, 3, 1, NULL, 1u, fits_frame, &fw };
    int frames = text_fixture_walk(&f, &walk);
    print_message("%d frames checked, %d with a layout problem\n", frames, fw.failed);
    assert_true(frames >= 2 * 40);
    assert_int_equal(fw.failed, 0);
    char err[512];
    i18n_set_language("en", err, sizeof err);
    text_fixture_close(&f);
}

/* The rule for windows that are not 16:9 (draw.h, view_text_boost; README,
 * "Projectors"): text is sized from the window's height. At 100 % a text
 * is as high a share of the window's height as at 1280x720, or higher: a
 * 4:3 window of 768 rows shows it at least 768/720 times its 1280x720
 * pixels, an 800x600 one at least 600/720 times (one pixel of rounding
 * allowed). Larger steps (Ctrl+=) grow it further where there is room, as
 * at 1280x720, and never below that 100 % share (lesson 8's pair table
 * excepted: test_larger_text_fits). Every text of frame
 * `small` (h rows) that the 1280x720 frame at 100 % `ref` also draws, by
 * its string, is checked (not those inside *skip, when not NULL); returns
 * the texts that are smaller, each printed under where, and adds the
 * texts compared to *seen. */
static int smaller_texts(const DrawLog *ref, const DrawLog *small, int h, const ScreenBox *skip, const char *where,
                         int *seen)
{
    int bad = 0;
    for (int i = 0; i < small->text_count; i++) {
        const DrawnText *t = &small->texts[i];
        if (skip != NULL && inside(t->box, *skip, 1.0f)) continue;
        float want = -1.0f;
        for (int j = 0; j < ref->text_count; j++)
            if (strcmp(ref->texts[j].text, t->text) == 0) {
                float hr = ref->texts[j].box.y1 - ref->texts[j].box.y0;
                want = want < 0.0f ? hr : fminf(want, hr);
            }
        if (want < 0.0f) continue;
        (*seen)++;
        float got = t->box.y1 - t->box.y0;
        if (got + 1.0f < want * (float)h / 720.0f) {
            print_message("%s: \"%s\" is %.0f px high in %d rows, %.0f px in 720 (%.1f%% of the height against %.1f%%)\n",
                          where, t->text, (double)got, h, (double)want, (double)(100.0f * got / (float)h),
                          (double)(100.0f * want / 720.0f));
            bad++;
        }
    }
    return bad;
}

/* test_larger_text_fits's runs: width, height, text level; pass 0 is the
 * reference (its layout: test_everything_fits). One size at a time, so
 * the text cache keeps what the frames of one size share. */
static const int LARGER_RUNS[5][2] = { { 1280, 720 }, { 1024, 768 }, { 800, 600 }, { 1024, 768 }, { 1280, 720 } };
static const int LARGER_LEVELS[5] = { 0, 0, 0, TEXT_LEVEL_MAX, TEXT_LEVEL_MAX };

typedef struct LargerWalk {
    Frame *f;
    DrawLog *refs;   /* pass 0's frame of each lesson and preset */
    int frames, failed, hidden, small_frames, smaller, seen;
} LargerWalk;

static void larger_frame(App *app, const TextWalkAt *at, void *arg)
{
    LargerWalk *lw = arg;
    Frame *f = lw->f;
    const int ow = LARGER_RUNS[at->pass][0], oh = LARGER_RUNS[at->pass][1], n = at->lesson, p = at->preset;
    DrawLog *ref = &lw->refs[n * 5 + p];
    if (at->pass == 0) {
        int ignored = 0;
        (void)check_frame_at(f, app, at->lang, "", ow, oh, false, &ignored);
        memcpy(ref, f->log, sizeof *ref);
        return;
    }
    char where[160];
    /* the help panel in English (its languages: test_help_names_every_lesson_and_word) */
    for (int help = 0; help < (p == 0 && strcmp(at->lang, "en") == 0 ? 2 : 1); help++) {
        app->show_help = help == 1;
        snprintf(where, sizeof where, "%s, %dx%d, text %.0f%%, lesson %d, F%d%s", at->lang, ow, oh,
                 (double)(100.0f * app_text_scale(app)), n, p + 1, help ? ", help" : "");
        int bad = check_frame_at(f, app, at->lang, where, ow, oh, false, &lw->hidden);
        if (bad > 0) lw->failed++;
        lw->frames++;
        /* lesson 8's pair table (the first box a frame draws there)
         * is fitted between the shapes and the panels and may
         * shrink to its designed size: not held to the rule */
        const ScreenBox *table = n == 8 && f->log->box_count > 0 ? &f->log->boxes[0] : NULL;
        if (oh != 720 && !help) {
            if (smaller_texts(ref, f->log, oh, table, where, &lw->seen) > 0) lw->smaller++;
            lw->small_frames++;
        }
    }
}

/* Test 6: windows that are not 16:9, and the largest text for a projector
 * (Ctrl+=, 125 %). Every lesson and preset, in every language, drawn at
 * 100 % in the 4:3 windows 1024x768 and 800x600 and at 125 % at 1024x768
 * and 1280x720, with the help panel open too (in English):
 * nothing overprints or leaves its panel (check_frame_at, not strict), and
 * in the 4:3 frames no text is a smaller share of the window's height than
 * at 1280x720 at 100 % (smaller_texts). Before, a 4:3 window letterboxed
 * the 1280x720 layout and drew every text at 80 % (1024x768) or 62.5 %
 * (800x600) of that share; the check fails on such a frame (the last
 * lines). */
static void test_larger_text_fits(void **s)
{
    (void)s;
    enum { MAX_LESSONS = 32 };
    assert_true(lesson_count() <= MAX_LESSONS);
    Frame f;
    memset(&f, 0, sizeof f);
    f.surf = SDL_CreateRGBSurfaceWithFormat(0, 1280, 768, 32, SDL_PIXELFORMAT_RGBA32);
    assert_non_null(f.surf);
    f.r = SDL_CreateSoftwareRenderer(f.surf);
    assert_non_null(f.r);
    f.text = text_create(f.r);
    assert_non_null(f.text);
    f.log = calloc(1, sizeof *f.log);
    DrawLog *refs = calloc((size_t)MAX_LESSONS * 5, sizeof *refs);
    assert_non_null(f.log);
    assert_non_null(refs);
    LargerWalk lw;
    memset(&lw, 0, sizeof lw);
    lw.f = &f;
    lw.refs = refs;
    const TextWalk walk = { "test_larger_text_fits", LANGS, 3, 5, LARGER_LEVELS, 0u, larger_frame, &lw };
    assert_true(text_fixture_walk(&f, &walk) >= 0);
    const int frames = lw.frames, failed = lw.failed, hidden = lw.hidden, small_frames = lw.small_frames,
              smaller = lw.smaller;
    int seen = lw.seen;
    print_message("%d frames checked (4:3 and larger text), %d with a layout problem, %d labels hidden under a panel\n",
                  frames, failed, hidden);
    print_message("%d frames at 4:3, %d texts compared with 1280x720 at 100 %%, %d frames with a smaller text\n",
                  small_frames, seen, smaller);
    assert_true(frames >= 4 * 40);
    assert_true(small_frames >= 3 * 40 && seen >= 10 * small_frames);
    assert_int_equal(failed, 0);
    assert_int_equal(smaller, 0);
    /* the check fails on the old letterboxed size: a 1280x720 frame's texts
     * at 80 % of their height in 768 rows */
    const DrawLog *ref = &refs[1 * 5];
    memcpy(f.log, ref, sizeof *ref);
    for (int i = 0; i < f.log->text_count; i++)
        f.log->texts[i].box.y1 = f.log->texts[i].box.y0 + 0.8f * (ref->texts[i].box.y1 - ref->texts[i].box.y0);
    assert_true(smaller_texts(ref, f.log, 768, NULL, "letterboxed at 80 % (meant to fail)", &seen) >= ref->text_count / 2);
    char err[512];
    i18n_set_language("en", err, sizeof err);
    f.c.log = NULL;
    canvas_free(&f.c);
    free(f.log);
    free(refs);
    text_destroy(f.text);
    SDL_DestroyRenderer(f.r);
    SDL_FreeSurface(f.surf);
}

/* Test 7: lesson 8's table and the panels hide no shape of its preset: no
 * point of any shape's outline lies under a HUD box, in every language, at
 * 1280x720 and 1024x768 (letterboxed), at the designed text size and the
 * largest (the Vietnamese table at 125 % is the widest). The preset had
 * rectangle 4 and the triangle's tip under the table. */
static void test_lesson8_table_hides_no_shape(void **s)
{
    (void)s;
    static const int SIZES[2][2] = { { 1024, 768 }, { 1280, 720 } };
    Frame f;
    memset(&f, 0, sizeof f);
    f.surf = SDL_CreateRGBSurfaceWithFormat(0, 1280, 768, 32, SDL_PIXELFORMAT_RGBA32);
    assert_non_null(f.surf);
    f.r = SDL_CreateSoftwareRenderer(f.surf);
    assert_non_null(f.r);
    f.text = text_create(f.r);
    assert_non_null(f.text);
    f.log = calloc(1, sizeof *f.log);
    assert_non_null(f.log);
    char err[512];
    int frames = 0, hidden = 0;
    for (int l = 0; l < 3; l++) {
        if (strcmp(LANGS[l], "zh-TW") == 0 && !text_has_cjk(f.text)) continue;
        if (!i18n_set_language(LANGS[l], err, sizeof err)) fail_msg("%s: %s", LANGS[l], err);
        for (int level = 0; level <= TEXT_LEVEL_MAX; level += TEXT_LEVEL_MAX)
            for (int z = 0; z < 2; z++) {
                App app;
                assert_true(app_init(&app, 8));
                if (level != 0) assert_true(app_set_text_level(&app, level));
                app_tick(&app);
                view_fit(&app.view, SIZES[z][0], SIZES[z][1]);
                f.c.log = f.log;
                canvas_begin(&f.c, f.r, &app.view, f.text);
                app_draw(&app, &f.c);
                text_frame_end(f.text);
                assert_true(f.log->box_count >= 4);   /* the corner panels and the table */
                for (int i = 0; i < app.world.count; i++) {
                    Vec2 pts[96];
                    int n = shape_outline(&app.world.shapes[i], &app.view, pts, 96);
                    assert_true(n >= 3);
                    int under = 0;
                    for (int k = 0; k < n; k++)   /* every 1/16 of each edge, on screen */
                        for (int t = 0; t < 16; t++) {
                            Vec2 a = pts[k], bq = pts[(k + 1) % n];
                            Vec2 p = view_to_screen(&app.view, (Vec2){ a.x + (bq.x - a.x) * (float)t / 16.0f,
                                                                       a.y + (bq.y - a.y) * (float)t / 16.0f });
                            for (int b = 0; b < f.log->box_count; b++) {
                                ScreenBox bx = f.log->boxes[b];
                                under += p.x > bx.x0 + 1.0f && p.x < bx.x1 - 1.0f && p.y > bx.y0 + 1.0f && p.y < bx.y1 - 1.0f;
                            }
                        }
                    if (under > 0) {
                        print_message("%s, %dx%d, text level %d: shape %d: %d outline points under a panel\n", LANGS[l],
                                      SIZES[z][0], SIZES[z][1], level, i + 1, under);
                        hidden++;
                    }
                }
                frames++;
                app_free(&app);
            }
    }
    print_message("%d frames of lesson 8, %d shapes hidden in part\n", frames, hidden);
    assert_true(frames >= 8);
    assert_int_equal(hidden, 0);
    i18n_set_language("en", err, sizeof err);
    f.c.log = NULL;
    canvas_free(&f.c);
    free(f.log);
    text_destroy(f.text);
    SDL_DestroyRenderer(f.r);
    SDL_FreeSurface(f.surf);
}

/* Test 8: the words "depth" and "push" are said in words wherever they are
 * shown: every lesson 1..8, preset, step of the SAT walk and the all-axes
 * view, three languages. A frame whose texts (wrapped lines joined) hold
 * the term holds its gloss too: depth in the colliding pairs' panel, the
 * push beside the walk's step or, at the verdict, as the minimum
 * translation ("the least push"). The lab before showed both bare. */
static const struct {
    const char *lang, *depth, *depth_gloss, *push, *push_gloss[2];
} TERMS[3] = {
    /* the push's gloss names the shape that moves: B, or EFG in lesson 7 */
    { "en", "depth", "depth: the least push", "push", { "must move", "the least push" } },
    { "zh-TW", "深度", "深度：", "要推開", { "才離開", "最少的推開距離" } },
    { "vi", "sâu ", "sâu: ", "cần đẩy", { "phải dời", "lần đẩy ít nhất" } },
};

static int terms_bare(const DrawLog *g, int l, const char *where, int *seen)
{
    static char all[DRAW_LOG_TEXTS * 162];
    size_t k = 0;
    for (int i = 0; i < g->text_count && k + 162 < sizeof all; i++) {
        size_t len = strlen(g->texts[i].text);
        memcpy(all + k, g->texts[i].text, len);
        k += len;
        all[k++] = ' ';
    }
    all[k] = '\0';
    int bad = 0;
    if (strstr(all, TERMS[l].depth) != NULL) {
        (*seen)++;
        if (strstr(all, TERMS[l].depth_gloss) == NULL) {
            print_message("%s: \"%s\" shown, never said in words\n", where, TERMS[l].depth);
            bad++;
        }
    }
    if (strstr(all, TERMS[l].push) != NULL) {
        (*seen)++;
        if (strstr(all, TERMS[l].push_gloss[0]) == NULL && strstr(all, TERMS[l].push_gloss[1]) == NULL) {
            print_message("%s: \"%s\" shown, never said in words\n", where, TERMS[l].push);
            bad++;
        }
    }
    return bad;
}

static void test_terms_said_in_words(void **s)
{
    (void)s;
    Frame f;
    assert_true(text_fixture_open(&f));
    f.log = calloc(1, sizeof *f.log);
    assert_non_null(f.log);
    static const SDL_Keycode PRESETS[5] = { 0, SDLK_F2, SDLK_F3, SDLK_F4, SDLK_F5 };
    char err[512], where[128];
    int frames = 0, seen = 0, bad = 0;
    for (int l = 0; l < 3; l++) {
        if (!i18n_set_language(TERMS[l].lang, err, sizeof err)) fail_msg("%s: %s", TERMS[l].lang, err);
        for (int n = 1; n <= 8; n++)
            for (int p = 0; p < 5; p++) {
                App app;
                assert_true(app_init(&app, n));
                if (PRESETS[p] != 0) tap(&app, PRESETS[p]);
                if (app.preset != p) { app_free(&app); continue; }
                app_tick(&app);
                const bool sat = n == 6 || n == 7;
                const int views = sat ? lesson_sat_last_step((const SatPicture *)app.lesson_state) + 2 : 1;
                for (int v = 0; v < views; v++) {
                    if (sat && v == views - 1) tap(&app, SDLK_a);   /* the walk, then every axis */
                    int hidden = 0;
                    check_frame_at(&f, &app, TERMS[l].lang, "", 1280, 720, false, &hidden);
                    snprintf(where, sizeof where, "%s, lesson %d, F%d, view %d", TERMS[l].lang, n, p + 1, v);
                    bad += terms_bare(f.log, l, where, &seen);
                    frames++;
                    if (sat && v < views - 2) tap(&app, SDLK_RIGHTBRACKET);
                }
                app_free(&app);
            }
    }
    print_message("%d frames, %d with depth or push shown, %d bare\n", frames, seen, bad);
    assert_true(seen >= 3 * 20);
    assert_int_equal(bad, 0);
    i18n_set_language("en", err, sizeof err);
    text_fixture_close(&f);
}

/* s without its spaces (plain and no-break), into out. */
static void squeeze(const char *s, char *out, size_t n)
{
    size_t k = 0;
    for (; *s != '\0' && k + 1 < n; s++) {
        if (*s == ' ') continue;
        if ((unsigned char)s[0] == 0xC2 && (unsigned char)s[1] == 0xA0) { s++; continue; }
        out[k++] = *s;
    }
    out[k] = '\0';
}

/* Test 7: the help panel names every lesson (fourteen titles ran past the
 * six rows a text may take and ended in "…" after lesson 10) and explains
 * the words the lessons use (help.glossary1-3), whole, in every language. */
static void test_help_names_every_lesson_and_word(void **s)
{
    (void)s;
    Frame f;
    memset(&f, 0, sizeof f);
    f.surf = SDL_CreateRGBSurfaceWithFormat(0, 1280, 720, 32, SDL_PIXELFORMAT_RGBA32);
    assert_non_null(f.surf);
    f.r = SDL_CreateSoftwareRenderer(f.surf);
    assert_non_null(f.r);
    f.text = text_create(f.r);
    assert_non_null(f.text);
    f.log = calloc(1, sizeof *f.log);
    assert_non_null(f.log);
    static char all[65536], want[2048];
    char err[512];
    for (int l = 0; l < 3; l++) {
        if (strcmp(LANGS[l], "zh-TW") == 0 && !text_has_cjk(f.text)) continue;
        if (!i18n_set_language(LANGS[l], err, sizeof err)) fail_msg("%s: %s", LANGS[l], err);
        App app;
        assert_true(app_init(&app, 1));
        app.show_help = true;
        int hidden = 0;   /* the help panel's own layout: test_larger_text_fits */
        assert_int_equal(check_frame_at(&f, &app, LANGS[l], LANGS[l], 1280, 720, false, &hidden), 0);
        /* the help panel's texts, from its title on, without spaces (a
         * title may be wrapped anywhere) */
        const DrawLog *g = f.log;
        int from = -1;
        for (int i = 0; i < g->text_count; i++)
            if (strcmp(g->texts[i].text, tr("help.title")) == 0) from = i;
        assert_true(from >= 0);
        size_t len = 0;
        for (int i = from; i < g->text_count; i++) {
            const char *t = g->texts[i].text;
            size_t tl = strlen(t);
            if (tl >= 3 && strcmp(t + tl - 3, "…") == 0) fail_msg("%s: help text cut short: \"%s\"", LANGS[l], t);
            squeeze(t, all + len, sizeof all - len);
            len = strlen(all);
        }
        for (int n = 0; n < lesson_count(); n++) {
            char key[64];
            snprintf(key, sizeof key, "%s.title", lesson_get(n)->key);
            squeeze(tr(key), want, sizeof want);
            if (strstr(all, want) == NULL) fail_msg("%s: the help does not name lesson %d (%s)", LANGS[l], n, tr(key));
        }
        for (int k = 1; k <= 3; k++) {
            char key[32];
            snprintf(key, sizeof key, "help.glossary%d", k);
            assert_string_not_equal(tr(key), key);   /* in the catalogue */
            squeeze(tr(key), want, sizeof want);
            if (strstr(all, want) == NULL) fail_msg("%s: the help lacks %s", LANGS[l], key);
        }
        app_free(&app);
    }
    i18n_set_language("en", err, sizeof err);
    f.c.log = NULL;
    canvas_free(&f.c);
    free(f.log);
    text_destroy(f.text);
    SDL_DestroyRenderer(f.r);
    SDL_FreeSurface(f.surf);
}

/* Test 3: the line breaker leaves no word alone at the end when it can
 * help it: "one is alone" would leave "alone" on the last line; a word
 * moves down instead, and both lines still fit. And it breaks a HUD line
 * between its fields. */
static void test_no_lone_last_word(void **s)
{
    (void)s;
    Frame f;
    assert_true(text_fixture_open(&f));
    View v;
    memset(&v, 0, sizeof v);
    view_fit(&v, 1280, 720);
    canvas_begin(&f.c, f.r, &v, f.text);
    const char *t = "these words wrap until one is alone";
    float w = measure_hud_text(&f.c, 19.0f, "these words wrap until one is") + 1.0f;
    TextLine tl[4];
    int n = wrap_hud_text(&f.c, 19.0f, t, w, tl, 4);
    assert_int_equal(n, 2);
    assert_true(tl[1].len > (int)strlen("alone"));
    assert_int_equal(tl[1].start + tl[1].len, (int)strlen(t));
    for (int i = 0; i < n; i++) {
        char buf[64];
        snprintf(buf, sizeof buf, "%.*s", tl[i].len, t + tl[i].start);
        assert_true(measure_hud_text(&f.c, 19.0f, buf) <= w);
    }
    /* a HUD line breaks between its fields (two or more spaces apart)
     * rather than inside one, when the rest then fits on the next line */
    const char *h = "alpha beta gamma    delta epsilon";
    w = measure_hud_text(&f.c, 19.0f, "alpha beta gamma    delta") + 1.0f;
    n = wrap_hud_text(&f.c, 19.0f, h, w, tl, 4);
    assert_int_equal(n, 2);
    assert_int_equal(tl[0].len, (int)strlen("alpha beta gamma"));
    assert_string_equal(h + tl[1].start, "delta epsilon");
    /* ...but not when that would take a third line */
    const char *h3 = "alpha beta gamma    delta epsilon zeta eta theta iota kappa";
    n = wrap_hud_text(&f.c, 19.0f, h3, w, tl, 4);
    assert_true(tl[0].len > (int)strlen("alpha beta gamma"));
    text_fixture_close(&f);
}

/* Test 4: the checks can fail. Two cells of a table drawn over each other
 * overprint; a text wider than its panel sticks out; a lone word on the
 * line of a wrapped text is caught. */
static void test_checks_can_fail(void **s)
{
    (void)s;
    Frame f;
    assert_true(text_fixture_open(&f));
    f.log = calloc(1, sizeof *f.log);
    assert_non_null(f.log);
    View v;
    memset(&v, 0, sizeof v);
    view_fit(&v, 1280, 720);
    f.c.log = f.log;
    canvas_begin(&f.c, f.r, &v, f.text);
    draw_hud_box(&f.c, 100.0f, 100.0f, 200.0f, 100.0f, (Color){ 0, 0, 0, 200 });
    draw_hud_text(&f.c, (Vec2){ 110.0f, 110.0f }, 19.0f, (Color){ 255, 255, 255, 255 }, ALIGN_LEFT, "a long test name");
    draw_hud_text(&f.c, (Vec2){ 290.0f, 110.0f }, 19.0f, (Color){ 255, 255, 255, 255 }, ALIGN_RIGHT, "verdict");
    draw_hud_text(&f.c, (Vec2){ 110.0f, 150.0f }, 19.0f, (Color){ 255, 255, 255, 255 }, ALIGN_LEFT,
                  "this line is far wider than the panel it is in");
    /* two words, each as wide as the line: each alone on its line */
    float w = measure_hud_text(&f.c, 19.0f, "Pneumonoultramicroscopic") + 1.0f;
    draw_hud_text_wrapped(&f.c, (Vec2){ 110.0f, 300.0f }, 19.0f, 25.0f, w, (Color){ 255, 255, 255, 255 }, ALIGN_LEFT,
                          "Pneumonoultramicroscopic silicovolcanoconiosis");
    assert_int_equal(f.log->box_count, 1);
    assert_int_equal(f.log->text_count, 5);
    assert_true(overlaps(f.log->texts[0].box, f.log->texts[1].box, 1.0f));
    assert_false(inside(f.log->texts[2].box, f.log->boxes[0], 1.0f));
    const DrawnText *last = &f.log->texts[4];
    assert_true(last->lines == 2 && last->line == 1);
    assert_string_equal(last->text, "silicovolcanoconiosis");
    assert_true(half_words("en", last->text) < 4);
    /* canvas_begin empties the log; without a log nothing is recorded */
    canvas_begin(&f.c, f.r, &v, f.text);
    assert_int_equal(f.log->text_count, 0);
    f.c.log = NULL;
    draw_hud_text(&f.c, (Vec2){ 110.0f, 110.0f }, 19.0f, (Color){ 255, 255, 255, 255 }, ALIGN_LEFT, "x");
    assert_int_equal(f.log->text_count, 0);
    text_fixture_close(&f);
}

static int setup(void **s)
{
    (void)s;
    return text_setup("layout");
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
        cmocka_unit_test(test_word_count),
        cmocka_unit_test(test_no_lone_last_word),
        cmocka_unit_test(test_checks_can_fail),
        cmocka_unit_test(test_everything_fits),
        cmocka_unit_test(test_larger_text_fits),
        cmocka_unit_test(test_lesson8_table_hides_no_shape),
        cmocka_unit_test(test_terms_said_in_words),
        cmocka_unit_test(test_help_names_every_lesson_and_word),
    };
    if (getenv("CL_TEST_FILTER") != NULL) cmocka_set_test_filter(getenv("CL_TEST_FILTER"));
    return cmocka_run_group_tests(tests, setup, teardown);
}
