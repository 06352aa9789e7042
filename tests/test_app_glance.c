/*
 * test_app_glance.c - labels a student reads at a glance: each beside what
 * it names and off the lines it explains, never piled up (issue 12).
 * test_app_labels checks that no two labels share area; this checks where
 * they are, from the frame's label boxes (Canvas.labels) and the text log
 * (DrawLog), against geometry computed here from the lesson's
 * own state.
 *
 *   lessons 6, 7 (SAT): no label covers the number line of the axis in
 *       focus (its line and both shadows); every preset, every step of the
 *       walk, three languages. (The all-axes view, up to 7 number lines at
 *       once, is not held to it yet.)
 *   lesson 5: each of C, A, C', A' is named by exactly one label, and
 *       points at one place (C inside the box: A = C, A' = C') share one
 *       label ("C = A"), never four names piled on two points; the points
 *       recomputed here in double from the shapes; every preset and 40
 *       seeded arrangements with C inside the box, three languages.
 *
 * Each frame is drawn at 1280x720 as main.c draws it headless.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <SDL_ttf.h>

#include "app/app.h"
#include "app/i18n.h"
#include "app/lessons.h"
#include "app/sat_picture.h"
#include "app/text.h"
#include "app_drive.h"
#include "lab_run.h"

typedef struct Frame {
    SDL_Surface *surf;
    SDL_Renderer *r;
    Text *text;
    Canvas c;
    DrawLog log;
} Frame;

static Frame F;

static const char *const LANGS[3] = { "en", "zh-TW", "vi" };
static const SDL_Keycode PRESETS[5] = { 0, SDLK_F2, SDLK_F3, SDLK_F4, SDLK_F5 };

static void frame_draw(App *app)
{
    view_fit(&app->view, 1280, 720);
    F.c.log = &F.log;
    canvas_begin(&F.c, F.r, &app->view, F.text);
    app_draw(app, &F.c);
    text_frame_end(F.text);
}

/* The text drawn in label box b (the log's canvas text inside it). */
static const char *label_text(ScreenBox b)
{
    for (int i = 0; i < F.log.text_count; i++) {
        const DrawnText *t = &F.log.texts[i];
        if (!t->hud && t->box.x0 >= b.x0 - 0.5f && t->box.x1 <= b.x1 + 0.5f && t->box.y0 >= b.y0 - 0.5f &&
            t->box.y1 <= b.y1 + 0.5f)
            return t->text;
    }
    return "?";
}

/* Whether box b and the band {p : t0 <= dot(p, dir) <= t1, |dot(p, perp) - k| <= h}
 * share more than a hair of area (separating axes: x, y, dir, perp). */
static bool box_hits_band(ScreenBox b, Vec2 dir, double t0, double t1, double k, double h)
{
    const double eps = 1.0;
    Vec2 perp = { -dir.y, dir.x };
    Vec2 corner[4] = { { b.x0, b.y0 }, { b.x1, b.y0 }, { b.x1, b.y1 }, { b.x0, b.y1 } };
    double bt0 = INFINITY, bt1 = -INFINITY, bk0 = INFINITY, bk1 = -INFINITY;
    for (int i = 0; i < 4; i++) {
        double t = (double)corner[i].x * dir.x + (double)corner[i].y * dir.y;
        double k2 = (double)corner[i].x * perp.x + (double)corner[i].y * perp.y;
        bt0 = fmin(bt0, t); bt1 = fmax(bt1, t);
        bk0 = fmin(bk0, k2); bk1 = fmax(bk1, k2);
    }
    if (bt1 < t0 + eps || bt0 > t1 - eps || bk1 < k - h + eps || bk0 > k + h - eps) return false;
    /* the band's corners on x and y */
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    const double ts[2] = { t0, t1 }, ks[2] = { k - h, k + h };
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            double x = dir.x * ts[i] + perp.x * ks[j], y = dir.y * ts[i] + perp.y * ks[j];
            x0 = fmin(x0, x); x1 = fmax(x1, x); y0 = fmin(y0, y); y1 = fmax(y1, y);
        }
    return !(x1 < b.x0 + eps || x0 > b.x1 - eps || y1 < b.y0 + eps || y0 > b.y1 - eps);
}

/* Labels covering axis i's number line in focus: the line itself (its
 * middle 5 px, the arrow past t1 left out) and each shadow, a bar 9 px off
 * the line on A's side (A's) or the other (B's), 10 px thick. */
static int covers_number_line(const SatPicture *sp, int i, const char *where)
{
    const SatShown *s = &sp->shown[i];
    const SatLine ln = lesson_sat_line(sp, &F.c, i);
    const double z = (double)s->zero + ln.shift;
    const Vec2 ca = shape_center(&sp->a), perp = { -s->dir.y, s->dir.x };
    const double toward = (double)perp.x * ca.x + (double)perp.y * ca.y < ln.k ? -1.0 : 1.0;
    const double off = 9.0, half = 5.0;
    int bad = 0;
    for (int l = 0; l < F.c.label_count; l++) {
        ScreenBox b = F.c.labels[l];
        bool on_line = box_hits_band(b, s->dir, ln.t0, ln.t1 - 14.0, ln.k, 2.5);
        bool on_bars = box_hits_band(b, s->dir, z + s->a0, z + s->a1, ln.k + toward * off, half) ||
                       box_hits_band(b, s->dir, z + s->b0, z + s->b1, ln.k - toward * off, half);
        if (on_line || on_bars) {
            char name[16] = "";
            sp->names(NULL, &sp->r.axes[i], name, NULL);
            print_message("%s: label \"%s\" covers axis %s's %s\n", where, label_text(b), name,
                          on_bars ? "shadows" : "line");
            bad++;
        }
    }
    return bad;
}

static void test_sat_labels_off_number_lines(void **state)
{
    (void)state;
    char err[512];
    int frames = 0, bad = 0;
    for (int l = 0; l < 3; l++) {
        if (!i18n_set_language(LANGS[l], err, sizeof err)) fail_msg("%s: %s", LANGS[l], err);
        for (int n = 6; n <= 7; n++)
            for (int p = 0; p < 5; p++) {
                App app;
                assert_true(app_init(&app, n));
                if (PRESETS[p] != 0) tap(&app, PRESETS[p]);
                if (app.preset != p) { app_free(&app); continue; }
                app_tick(&app);
                const SatPicture *sp = app.lesson_state;
                assert_true(sp->ok);
                const int last = lesson_sat_last_step(sp);
                /* every step of the walk */
                for (int v = 0; v <= last; v++) {
                    frame_draw(&app);
                    char where[96];
                    snprintf(where, sizeof where, "%s, lesson %d, F%d, step %d", LANGS[l], n, p + 1, v);
                    assert_false(sp->all);
                    int bold = sp->step < sp->r.count ? sp->step : sp->r.min_axis;
                    if (bold >= 0) bad += covers_number_line(sp, bold, where);
                    frames++;
                    if (v < last) tap(&app, SDLK_RIGHTBRACKET);
                }
                app_free(&app);
            }
    }
    print_message("  %d frames of lessons 6 and 7\n", frames);
    assert_true(frames >= 3 * 2 * 5 * 2);   /* every preset has 2 steps at least */
    assert_int_equal(bad, 0);
}

/* ---- Lesson 5: one name per point ------------------------------------- */

typedef struct DPt { double x, y; } DPt;

/* C, A, C', A' (in that order) from the world's circle and box. */
static void lesson5_points(const World *w, DPt p[4])
{
    const Circle c = w->shapes[0].circle;
    const Rect r = w->shapes[1].rect;
    const double ca = cos((double)r.angle), sa = sin((double)r.angle);
    const double dx = (double)c.center.x - r.center.x, dy = (double)c.center.y - r.center.y;
    /* turned by -angle about the box's centre */
    const double lx = ca * dx + sa * dy, ly = -sa * dx + ca * dy;
    const double ax = fmin(fmax(lx, -(double)r.half.x), (double)r.half.x), ay = fmin(fmax(ly, -(double)r.half.y), (double)r.half.y);
    p[0] = (DPt){ c.center.x, c.center.y };
    p[1] = (DPt){ r.center.x + ca * ax - sa * ay, r.center.y + sa * ax + ca * ay };
    p[2] = (DPt){ r.center.x + lx, r.center.y + ly };
    p[3] = (DPt){ r.center.x + ax, r.center.y + ay };
}

/* The points a label names: a bit each for C, A, C', A' when the text is
 * only such names joined by " = ", else 0. */
static unsigned point_names(const char *text)
{
    static const char *const NAMES[4] = { "C", "A", "C'", "A'" };
    unsigned bits = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *tok = buf; tok != NULL;) {
        char *next = strstr(tok, " = ");
        if (next != NULL) { *next = '\0'; next += 3; }
        int k = 0;
        while (k < 4 && strcmp(tok, NAMES[k]) != 0) k++;
        if (k == 4) return 0;
        bits |= 1u << k;
        tok = next;
    }
    return bits;
}

/* Problems with the names of lesson 5's points in the frame just drawn. */
static int lesson5_names(const App *app, const char *where)
{
    DPt p[4];
    lesson5_points(&app->world, p);
    unsigned label_of[4] = { 0 }, seen = 0;
    int count[4] = { 0 }, bad = 0;
    for (int i = 0; i < F.log.text_count; i++) {
        const DrawnText *t = &F.log.texts[i];
        unsigned bits = t->hud ? 0 : point_names(t->text);
        for (int k = 0; k < 4; k++)
            if (bits & (1u << k)) { count[k]++; label_of[k] = (unsigned)i + 1; }
        seen |= bits;
    }
    static const char *const NAMES[4] = { "C", "A", "C'", "A'" };
    for (int k = 0; k < 4; k++)
        if (count[k] != 1) {
            print_message("%s: %s is named by %d labels\n", where, NAMES[k], count[k]);
            bad++;
        }
    for (int j = 0; j < 4; j++)
        for (int k = j + 1; k < 4; k++)
            if (hypot(p[j].x - p[k].x, p[j].y - p[k].y) < 0.5 && label_of[j] != label_of[k]) {
                print_message("%s: %s and %s are one point (%.1f, %.1f) with two labels\n", where, NAMES[j], NAMES[k],
                              p[j].x, p[j].y);
                bad++;
            }
    return bad;
}

static void test_lesson5_one_name_per_point(void **state)
{
    (void)state;
    char err[512];
    int frames = 0, bad = 0, shared = 0;
    for (int l = 0; l < 3; l++) {
        if (!i18n_set_language(LANGS[l], err, sizeof err)) fail_msg("%s: %s", LANGS[l], err);
        /* the presets, then arrangements with the circle's centre inside the box */
        for (int run = 0; run < 5 + 40; run++) {
            App app;
            assert_true(app_init(&app, 5));
            if (run < 5) {
                if (PRESETS[run] != 0) tap(&app, PRESETS[run]);
                if (app.preset != run) { app_free(&app); continue; }
            } else {
                uint32_t seed = 2654435761u * (uint32_t)(run + 1);
                Body *c = &app.world.bodies[0], *r = &app.world.bodies[1];
                float ang = (float)(seed % 360u) * RAD_PER_DEG, u = (float)((seed >> 9) % 100u) / 100.0f - 0.5f,
                      v = (float)((seed >> 17) % 100u) / 100.0f - 0.5f;
                r->angle = ang;
                /* a point of the box: (u w, v h) in its frame, |u|, |v| < 0.9 */
                float lx = u * 1.8f * r->half.x, ly = v * 1.8f * r->half.y;
                c->pos = (Vec2){ r->pos.x + cosf(ang) * lx - sinf(ang) * ly, r->pos.y + sinf(ang) * lx + cosf(ang) * ly };
                c->radius = 20.0f + (float)((seed >> 5) % 60u);
            }
            app_tick(&app);
            frame_draw(&app);
            char where[64];
            snprintf(where, sizeof where, "%s, lesson 5, %s%d", LANGS[l], run < 5 ? "F" : "arrangement ", run < 5 ? run + 1 : run - 4);
            DPt p[4];
            lesson5_points(&app.world, p);
            shared += hypot(p[0].x - p[1].x, p[0].y - p[1].y) < 0.5;
            bad += lesson5_names(&app, where);
            frames++;
            app_free(&app);
        }
    }
    print_message("  %d frames of lesson 5, %d with C inside the box\n", frames, shared);
    assert_true(shared >= 3 * 40);   /* the arrangements put C inside */
    assert_int_equal(bad, 0);
}

static int setup(void **s)
{
    (void)s;
    if (lab_setup("glance", "") != 0) return -1;
    if (TTF_Init() != 0) return -1;
    F.surf = SDL_CreateRGBSurfaceWithFormat(0, 1280, 720, 32, SDL_PIXELFORMAT_RGBA32);
    F.r = F.surf != NULL ? SDL_CreateSoftwareRenderer(F.surf) : NULL;
    F.text = F.r != NULL ? text_create(F.r) : NULL;
    return F.text != NULL ? 0 : -1;   /* without a font no label is placed at all */
}

static int teardown(void **s)
{
    (void)s;
    canvas_free(&F.c);
    text_destroy(F.text);
    SDL_DestroyRenderer(F.r);
    SDL_FreeSurface(F.surf);
    i18n_shutdown();
    TTF_Quit();
    return lab_teardown();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sat_labels_off_number_lines),
        cmocka_unit_test(test_lesson5_one_name_per_point),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
