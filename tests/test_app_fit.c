/*
 * test_app_fit.c - no text hides what the verdict is read from.
 *
 * A teacher projecting at 1024x768 saw the lesson's panel over the corner
 * that decides lesson 2 F5 (vi), over lesson 7's tested edge AB (F3,
 * zh-TW) and over part of lesson 12's A - B. Here every lesson, preset
 * and (lessons 6 and 7) SAT step and the all-axes view, in en, zh-TW and
 * vi, is drawn at 1024x768 and 800x600 (windows taller than 16:9: the
 * panels above and below the canvas) and at 1280x720 and 1920x1080 (16:9:
 * the panels over the canvas), at text scale 100 % and 125 %. What the
 * verdict is read from is taken from the lesson's own record, not
 * recomputed: the outlines of the pair Lesson.explain names (the shapes
 * of the world the picture is drawn from) and the lesson's picture
 * (Lesson.picture_outline: lesson 12's A - B and O). Each piece of them
 * inside the canvas is sampled every 3 output pixels and mapped through
 * the view the frame was drawn with; a sample under one of the HUD's
 * panels (as hud_draw places them) or off the window is hidden. No frame
 * may hide one. (Lesson 8's table: test_app_layout; the lessons' insets
 * magnify what they sit beside.) The SAT steps at 1024x768 only (a
 * suite's time is bounded: the 1224 frames of the 4:3 passes took 5 min on
 * a busy machine; the 16:9 passes add each lesson and preset).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "app/app.h"
#include "app/hud.h"
#include "app/lesson.h"
#include "text_fixture.h"

static const char *const LANGS[3] = { "en", "zh-TW", "vi" };

/* Each pass: a window size and a text level (pass 0..7). */
static const int SIZES[4][2] = { { 1024, 768 }, { 800, 600 }, { 1280, 720 }, { 1920, 1080 } };
static const int LEVELS[8] = { 0, TEXT_LEVEL_MAX, 0, TEXT_LEVEL_MAX, 0, TEXT_LEVEL_MAX, 0, TEXT_LEVEL_MAX };

/* Hidden samples of the segment a-b (canvas units) inside the canvas,
 * drawn through v, under one of the nbox boxes or off the window. */
static int hidden_on(const View *v, const ScreenBox *box, int nbox, Vec2 a, Vec2 b, Vec2 *first)
{
    float t0 = 0.0f, t1 = 1.0f;
    if (!segment_clip(a, b, (Vec2){ 0.0f, 0.0f }, (Vec2){ 1280.0f, 720.0f }, &t0, &t1)) return 0;
    Vec2 p = { a.x + (b.x - a.x) * t0, a.y + (b.y - a.y) * t0 }, q = { a.x + (b.x - a.x) * t1, a.y + (b.y - a.y) * t1 };
    Vec2 sp = view_to_screen(v, p), sq = view_to_screen(v, q);
    float len = hypotf(sq.x - sp.x, sq.y - sp.y);
    int n = (int)(len / 3.0f) + 1, bad = 0;
    for (int i = 0; i <= n; i++) {
        float t = (float)i / (float)n;
        Vec2 s = { sp.x + (sq.x - sp.x) * t, sp.y + (sq.y - sp.y) * t };
        bool hid = s.x < 0.0f || s.y < 0.0f || s.x > (float)v->out_w || s.y > (float)v->out_h;
        for (int k = 0; k < nbox && !hid; k++) {
            const ScreenBox *bx = &box[k];
            hid = s.x > bx->x0 + 1.0f && s.x < bx->x1 - 1.0f && s.y > bx->y0 + 1.0f && s.y < bx->y1 - 1.0f;
        }
        if (hid && bad++ == 0) *first = view_to_canvas(v, s);
    }
    return bad;
}

/* The hidden samples of what app's picture decides by, drawn through v
 * under the boxes; *first: one of them (canvas units). */
static int hidden_in_frame(const App *app, const View *v, const ScreenBox *box, int nbox, Vec2 *first)
{
    const Lesson *L = app_lesson(app);
    const World *w = &app->world;
    Vec2 pts[96];
    int bad = 0;
    Explanation ex;
    if (L->explain != NULL && L->explain(app, app->lesson_state, &ex) && ex.a >= 0 && ex.b >= 0 && ex.a < w->count &&
        ex.b < w->count) {
        const int pair[2] = { ex.a, ex.b };
        for (int s = 0; s < 2; s++) {
            int n = shape_outline(&w->shapes[pair[s]], v, pts, 96);
            for (int i = 0; i < n; i++) bad += hidden_on(v, box, nbox, pts[i], pts[(i + 1) % n], first);
        }
    }
    if (L->picture_outline != NULL) {
        int n = L->picture_outline(app, app->lesson_state, pts, 96);
        for (int i = 0; i < n; i++) bad += hidden_on(v, box, nbox, pts[i], pts[(i + 1) % n], first);
    }
    return bad;
}

/* A device that measures text as the window does but draws nothing: the
 * layout and the view are the window's, and a frame costs no rasterizing. */
static void no_clear(void *out, Color col) { (void)out; (void)col; }
static void no_triangles(void *out, const CanvasVertex *v, int nv, const int *idx, int ni)
{
    (void)out; (void)v; (void)nv; (void)idx; (void)ni;
}
static int measure_only(void *font, int x, int y, int px, Color col, const char *utf8)
{
    (void)x; (void)y; (void)col;
    return text_measure(font, px, utf8);
}
static int width_of(void *font, int px, const char *utf8) { return text_measure(font, px, utf8); }
static bool cjk_of(const void *font) { return text_has_cjk(font); }
static const CanvasDevice MEASURE = { no_clear, no_triangles, measure_only, width_of, cjk_of };

/* app's frame at ow x oh through MEASURE; f->c holds the view it was drawn with. */
static void draw_frame(TextFixture *f, App *app, int ow, int oh)
{
    view_fit(&app->view, ow, oh);
    canvas_start(&f->c, &MEASURE, f->r, f->text, &app->view);
    app_draw(app, &f->c);
    text_frame_end(f->text);
}

/* The HUD's panels of app's frame as drawn on f (hud_draw places them
 * before anything else is drawn, and draws them there last): at most max
 * into box; how many. */
static int panels_of(TextFixture *f, const App *app, ScreenBox *box, int max)
{
    Canvas tmp;
    memset(&tmp, 0, sizeof tmp);
    canvas_start(&tmp, &MEASURE, f->r, f->text, &app->view);
    tmp.text_scale = f->c.text_scale;
    hud_draw(app, &tmp, false);
    int n = tmp.keep_out_count < max ? tmp.keep_out_count : max;
    memcpy(box, tmp.keep_out, (size_t)n * sizeof *box);
    canvas_free(&tmp);
    return n;
}

typedef struct FitWalk {
    TextFixture *f;
    int frames, hidden_frames, hidden_samples, printed;
    int fitted[4];    /* frames per size whose view was fitted (zoom below 1) */
    int checked[4];   /* frames per size with a pair or a picture to check */
} FitWalk;

static void fit_frame(App *app, const TextWalkAt *at, void *arg)
{
    FitWalk *fw = arg;
    TextFixture *f = fw->f;
    const int z = at->pass / 2, ow = SIZES[z][0], oh = SIZES[z][1];
    draw_frame(f, app, ow, oh);
    fw->frames++;
    if (f->c.view.zoom < 1.0f) fw->fitted[z]++;
    Explanation ex;
    const Lesson *L = app_lesson(app);
    if ((L->explain != NULL && L->explain(app, app->lesson_state, &ex)) || L->picture_outline != NULL) fw->checked[z]++;
    Vec2 first = { 0.0f, 0.0f };
    ScreenBox box[CANVAS_MAX_KEEP_OUT];
    const int nbox = panels_of(f, app, box, CANVAS_MAX_KEEP_OUT);
    int bad = hidden_in_frame(app, &f->c.view, box, nbox, &first);
    if (bad > 0) {
        fw->hidden_frames++;
        fw->hidden_samples += bad;
        if (fw->printed++ < 40)
            print_message("%s, %dx%d, text %.0f%%, lesson %d, F%d, view %d of %d: %d samples hidden, e.g. at (%.0f, %.0f)\n",
                          at->lang, ow, oh, (double)(100.0f * app_text_scale(app)), at->lesson, at->preset + 1,
                          at->view + 1, at->views, bad, (double)first.x, (double)first.y);
    }
}

/* The check finds a hidden point: a box over the whole window hides the
 * pair of lesson 2's first frame. */
static void test_check_can_fail(void **s)
{
    (void)s;
    TextFixture f;
    assert_true(text_fixture_open(&f));
    App app;
    assert_true(app_init(&app, 2));
    app_tick(&app);
    draw_frame(&f, &app, 1024, 768);
    Vec2 first;
    ScreenBox box[CANVAS_MAX_KEEP_OUT];
    const int nbox = panels_of(&f, &app, box, CANVAS_MAX_KEEP_OUT);
    assert_true(nbox >= 3);
    assert_int_equal(hidden_in_frame(&app, &f.c.view, box, nbox, &first), 0);
    box[0] = (ScreenBox){ 0.0f, 0.0f, 1024.0f, 768.0f, 0.0f };
    assert_true(hidden_in_frame(&app, &f.c.view, box, nbox, &first) > 100);
    app_free(&app);
    text_fixture_close(&f);
}

static void test_nothing_deciding_is_hidden(void **s)
{
    (void)s;
    TextFixture f;
    assert_true(text_fixture_open(&f));
    FitWalk fw;
    memset(&fw, 0, sizeof fw);
    fw.f = &f;
    const TextWalk walk = { "test_nothing_deciding_is_hidden", LANGS, 3, 8, LEVELS, 0x03u, fit_frame, &fw };
    assert_true(text_fixture_walk(&f, &walk) >= 0);
    print_message("%d frames, %d with a deciding point hidden under text or off the window (%d samples)\n", fw.frames,
                  fw.hidden_frames, fw.hidden_samples);
    for (int z = 0; z < 4; z++)
        print_message("%dx%d: %d frames with a pair or picture checked, %d drawn fitted between the panels\n", SIZES[z][0],
                      SIZES[z][1], fw.checked[z], fw.fitted[z]);
    char err[512];
    i18n_set_language("en", err, sizeof err);
    text_fixture_close(&f);
    assert_true(fw.frames >= 8 * 2 * 40);
    for (int z = 0; z < 4; z++) assert_true(fw.checked[z] >= 2 * 30);
    assert_int_equal(fw.hidden_frames, 0);
}

static int setup(void **s)
{
    (void)s;
    return text_setup("test_app_fit");
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
        cmocka_unit_test(test_check_can_fail),
        cmocka_unit_test(test_nothing_deciding_is_hidden),
    };
    if (getenv("CL_TEST_FILTER") != NULL) cmocka_set_test_filter(getenv("CL_TEST_FILTER"));
    return cmocka_run_group_tests(tests, setup, teardown);
}
