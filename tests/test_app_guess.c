/*
 * test_app_guess.c - guess mode (G): predict, then reveal.
 *
 *   1. The generator: for every lesson with a question, 1,000 seeds give
 *      questions within the promise (GUESS_MIN_PX <= |signed distance| <=
 *      GUESS_MAX_PX, measured again here with shapes_distance and the depth
 *      shapes_collide gives), in the lesson's case (lesson 2: the centre in a
 *      corner zone; lesson 5: a turned box, the bounding boxes overlapping;
 *      lessons 6-7: apart by exactly one axis), balanced (45-55 % collide).
 *   2. In the lab: while a question is open no text drawn holds a verdict
 *      (colliding, collide, apart, depth, the pair list); after Return the
 *      verdict is drawn. Y / N count right and wrong; G off gives back the
 *      arrangement from before G to the bit.
 *   3. Through the real binary: a colliding question shows no red (no orange
 *      in the colour-blind palette) until Return; the same script and seed
 *      give the same pixels; --seed is checked.
 */
#include <SDL_ttf.h>

#include "app/app.h"
#include "app/guess.h"
#include "app/i18n.h"
#include "app/lessons.h"
#include "app/text.h"
#include "app_drive.h"
#include "lab_run.h"
#include "text_fixture.h"

/* The lesson's own arrangement (preset 0), with its state. */
static void lesson_world(int n, World *w)
{
    const Lesson *L = lesson_get(n);
    void *st = L->state_size > 0 ? calloc(1, L->state_size) : NULL;
    if (st != NULL && L->init != NULL) L->init(st);
    world_init(w);
    assert_true(L->build(w, 0, st));
    if (st != NULL && L->free_state != NULL) L->free_state(st);
    free(st);
}

static float sd_bodies(const Body *a, const Body *b)
{
    Shape sa = body_shape(a), sb = body_shape(b);
    Contact c;
    if (shapes_collide(&sa, &sb, &c)) return -c.depth;
    Distance d;
    assert_true(shapes_distance(&sa, &sb, &d));
    return d.distance;
}

static void test_generator(void **s)
{
    (void)s;
    for (int n = 0; n < lesson_count(); n++) {
        World base;
        lesson_world(n, &base);
        const char *key = lesson_get(n)->key;
        if (base.count > 20) {   /* lesson 9: thousands of shapes, no question */
            GuessQuestion q;
            assert_false(guess_arrange(key, &base, 1, 0, &q));
            world_free(&base);
            continue;
        }
        int hits = 0;
        const int seeds = 1000;
        for (int seed = 0; seed < seeds; seed++) {
            World w;
            world_init(&w);
            assert_true(world_copy(&w, &base));
            GuessQuestion q;
            if (!guess_arrange(key, &w, (unsigned long long)seed, 0, &q)) fail_msg("lesson %d seed %d: no question", n, seed);
            const Body *a = &w.bodies[0], *b = &w.bodies[1];
            float sd = sd_bodies(a, b);
            Shape sa = body_shape(a), sb = body_shape(b);
            bool hit = shapes_collide(&sa, &sb, NULL);
            if (hit != q.hit || fabsf(sd) > GUESS_MAX_PX || fabsf(sd) < GUESS_MIN_PX || (sd < 0.0f) != hit)
                fail_msg("lesson %d seed %d: signed distance %.3f, hit %d, asked %d", n, seed, (double)sd, hit, q.hit);
            hits += hit;
            /* both on the canvas */
            for (int k = 0; k < 2; k++) {
                Shape sk = body_shape(&w.bodies[k]);
                Interval x = shape_project(&sk, (Vec2){ 1, 0 }), y = shape_project(&sk, (Vec2){ 0, 1 });
                assert_true(x.min >= 0.0f && x.max <= CANVAS_W && y.min >= 0.0f && y.max <= CANVAS_H);
            }
            if (n == 2) {   /* the corner zone of the three-part method */
                assert_int_equal(a->kind, SHAPE_CIRCLE);
                RegionReport rep;
                collide_circle_aabb_regions_report(sa.circle, sb.rect, &rep);
                assert_int_equal(rep.part, REGION_CORNER);
                assert_true(b->angle == 0.0f);
            }
            if (n == 5) {   /* a turned box whose bounding box meets the circle's */
                const Body *box = a->kind == SHAPE_RECT ? a : b;
                float deg = fabsf(box->angle) * 57.29578f;
                assert_true(deg >= 10.0f && deg <= 80.0f);
                Interval ax = shape_project(&sa, (Vec2){ 1, 0 }), bx = shape_project(&sb, (Vec2){ 1, 0 });
                Interval ay = shape_project(&sa, (Vec2){ 0, 1 }), by = shape_project(&sb, (Vec2){ 0, 1 });
                assert_true(ax.min <= bx.max && bx.min <= ax.max && ay.min <= by.max && by.min <= ay.max);
            }
            if ((n == 6 || n == 7) && !hit) {   /* one separating axis among overlapping ones */
                SatReport r;
                assert_true(sat_report(&sa, &sb, &r));
                int gaps = 0;
                for (int i = 0; i < r.count; i++) gaps += r.axes[i].overlap < 0.0f;
                assert_int_equal(gaps, 1);
                assert_true(r.count >= 3);
            }
            world_free(&w);
        }
        if (hits < 450 || hits > 550) fail_msg("lesson %d: %d of %d questions collide", n, hits, seeds);
        /* the same seed and number give the same question; another number another */
        World w1, w2;
        world_init(&w1);
        world_init(&w2);
        assert_true(world_copy(&w1, &base) && world_copy(&w2, &base));
        GuessQuestion q1, q2;
        assert_true(guess_arrange(key, &w1, 7, 3, &q1) && guess_arrange(key, &w2, 7, 3, &q2));
        assert_memory_equal(&w1.bodies[0], &w2.bodies[0], sizeof(Body));
        assert_true(guess_arrange(key, &w2, 7, 4, &q2));
        assert_true(memcmp(&w1.bodies[0].pos, &w2.bodies[0].pos, sizeof(Vec2)) != 0);
        world_free(&w1);
        world_free(&w2);
        world_free(&base);
    }
}

/* ---- In the lab ---------------------------------------------------------- */

typedef struct Frame { SDL_Surface *surf; SDL_Renderer *r; Text *text; Canvas c; DrawLog *log; } Frame;

static void frame_open(Frame *f)
{
    memset(f, 0, sizeof *f);
    f->surf = SDL_CreateRGBSurfaceWithFormat(0, 1280, 720, 32, SDL_PIXELFORMAT_RGBA32);
    assert_non_null(f->surf);
    f->r = SDL_CreateSoftwareRenderer(f->surf);
    assert_non_null(f->r);
    f->text = text_create(f->r);
    assert_non_null(f->text);
    f->log = calloc(1, sizeof *f->log);
    assert_non_null(f->log);
}

static void frame_close(Frame *f)
{
    canvas_free(&f->c);
    text_destroy(f->text);
    SDL_DestroyRenderer(f->r);
    SDL_FreeSurface(f->surf);
    free(f->log);
}

/* Draws the frame; true when some text drawn holds one of the verdict words. */
static bool verdict_drawn(Frame *f, App *app)
{
    view_fit(&app->view, 1280, 720);
    f->c.log = f->log;
    canvas_begin(&f->c, f->r, &app->view, f->text);
    app_draw(app, &f->c);
    text_frame_end(f->text);
    const char *words[] = { tr("hud.colliding"), tr("hud.free"), tr("lesson.collide"), tr("lesson.apart"), "px",
                            tr("guess.truth_hit"), tr("guess.truth_apart") };
    /* the question and its keys name both answers, the lesson's two idea
     * lines say what the method does (the same words for any arrangement):
     * they are not verdicts */
    char idea1[64], idea2[64];
    snprintf(idea1, sizeof idea1, "%s.idea1", app_lesson(app)->key);
    snprintf(idea2, sizeof idea2, "%s.idea2", app_lesson(app)->key);
    const char *asking[] = { tr("guess.question"), tr("guess.keys"), tr("guess.started"), tr(idea1), tr(idea2) };
    for (int i = 0; i < f->log->text_count; i++) {
        bool question = false;
        for (size_t k = 0; k < sizeof asking / sizeof asking[0]; k++)
            question = question || strstr(asking[k], f->log->texts[i].text) != NULL;
        if (question) continue;
        for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
            if (strstr(f->log->texts[i].text, words[k]) != NULL) {
                if (getenv("GUESS_DEBUG")) fprintf(stderr, "verdict: %s\n", f->log->texts[i].text);
                return true;
            }
    }
    return false;
}

static bool pair_hit(const App *app) { return shapes_collide(&app->world.shapes[0], &app->world.shapes[1], NULL); }

static void test_hides_and_scores(void **s)
{
    (void)s;
    Frame f;
    frame_open(&f);
    for (int n = 0; n < lesson_count(); n++) {
        App app;
        assert_true(app_init(&app, n));
        app.guess.seed = 5;
        app_tick(&app);
        if (app.world.count > 20) {   /* lesson 9: G says there is no question */
            tap(&app, SDLK_g);
            assert_false(app.guess.on);
            app_free(&app);
            continue;
        }
        assert_true(verdict_drawn(&f, &app));   /* the normal lab states it */
        World before;
        world_init(&before);
        assert_true(world_copy(&before, &app.world));
        int right = 0, asked = 0;
        tap(&app, SDLK_g);
        assert_true(app.guess.on);
        for (int q = 0; q < 6; q++) {
            app_tick(&app);
            if (verdict_drawn(&f, &app)) fail_msg("lesson %d question %d: a verdict shows before the reveal", n, q);
            /* moving the shape keeps it hidden */
            key(&app, IN_KEY_DOWN, SDLK_LEFT);
            app_tick(&app);
            key(&app, IN_KEY_UP, SDLK_LEFT);
            app_tick(&app);
            if (verdict_drawn(&f, &app)) fail_msg("lesson %d question %d: a verdict shows after a move", n, q);
            bool truth = pair_hit(&app);
            if (q % 3 == 2) {
                tap(&app, SDLK_RETURN);   /* reveal without answering: not scored */
            } else {
                bool yes = q % 3 == 0;
                tap(&app, yes ? SDLK_y : SDLK_n);
                asked++;
                right += yes == truth;
                tap(&app, SDLK_y);         /* a second answer after the reveal counts nothing */
            }
            assert_true(app.guess.revealed);
            app_tick(&app);
            if (!verdict_drawn(&f, &app)) fail_msg("lesson %d question %d: no verdict after the reveal", n, q);
            assert_int_equal(app.guess.right, right);
            assert_int_equal(app.guess.asked, asked);
            tap(&app, SDLK_RETURN);        /* the next question */
            assert_false(app.guess.revealed);
        }
        json_t *st = app_state_json(&app);
        json_t *g = json_object_get(st, "guess");
        assert_non_null(g);
        assert_true(json_is_true(json_object_get(g, "on")));
        assert_int_equal(json_integer_value(json_object_get(g, "right")), right);
        assert_int_equal(json_integer_value(json_object_get(g, "asked")), asked);
        json_decref(st);
        /* G off: the arrangement from before G, to the bit */
        tap(&app, SDLK_g);
        assert_false(app.guess.on);
        assert_int_equal(app.world.count, before.count);
        assert_int_equal(app.world.selected, before.selected);
        assert_memory_equal(app.world.bodies, before.bodies, sizeof(Body) * (size_t)before.count);
        app_tick(&app);
        assert_true(verdict_drawn(&f, &app));
        world_free(&before);
        app_free(&app);
    }
    frame_close(&f);
}

/* ---- Through the binary ---------------------------------------------------- */

/* Pixels of the hit colour: red (red-green palette) or orange (C). */
static int hit_pixels(SDL_Surface *img, bool orange)
{
    int count = 0;
    for (int y = 0; y < img->h; y++)
        for (int x = 0; x < img->w; x++) {
            const Uint8 *p = px_at(img, x, y);
            int r = p[0], g = p[1], b = p[2];
            if (orange ? (r > 100 && g > r * 55 / 100 && g < r * 80 / 100 && b < r * 30 / 100)
                       : (r > 80 && r > 2 * g && r > 2 * b))
                count++;
        }
    return count;
}

static void test_binary(void **s)
{
    (void)s;
    write_text("g.txt", "1 key down G\n2 key up G\n");
    write_text("gr.txt", "1 key down G\n2 key up G\n4 key down Return\n5 key up Return\n");
    write_text("gc.txt", "1 key down C\n2 key up C\n3 key down G\n4 key up G\n");
    write_text("gcr.txt", "1 key down C\n2 key up C\n3 key down G\n4 key up G\n6 key down Return\n7 key up Return\n");
    write_text("gyn.txt", "1 key down G\n2 key up G\n4 key down Y\n5 key up Y\n6 key down Return\n7 key up Return\n"
                          "9 key down N\n10 key up N\n13 key down Y\n14 key up Y\n");
    /* a seed whose first question in lesson 2 collides */
    int seed = -1;
    for (int k = 0; k < 40 && seed < 0; k++) {
        assert_int_equal(lab("--lesson 2 --headless --frames 8 --seed %d --input @g.txt --state-out @s.json", k), 0);
        json_t *st = lab_json("s.json");
        if (flag(shape(st, 0), "colliding")) seed = k;
        json_t *g = json_object_get(st, "guess");
        assert_true(flag(g, "on"));
        assert_false(flag(g, "revealed"));
        json_decref(st);
    }
    assert_true(seed >= 0);
    const char *runs[4][2] = { { "g.txt", "a.png" }, { "gr.txt", "b.png" }, { "gc.txt", "c.png" }, { "gcr.txt", "d.png" } };
    for (int i = 0; i < 4; i++)
        assert_int_equal(lab("--lesson 2 --headless --frames 8 --seed %d --input @%s --screenshot @%s", seed, runs[i][0],
                             runs[i][1]), 0);
    SDL_Surface *a = lab_png("a.png"), *b = lab_png("b.png"), *c = lab_png("c.png"), *d = lab_png("d.png");
    assert_int_equal(hit_pixels(a, false), 0);
    assert_true(hit_pixels(b, false) > 2000);
    assert_int_equal(hit_pixels(c, true), 0);
    assert_true(hit_pixels(d, true) > 2000);
    /* the same script and seed: the same pixels */
    assert_int_equal(lab("--lesson 2 --headless --frames 8 --seed %d --input @g.txt --screenshot @a2.png", seed), 0);
    SDL_Surface *a2 = lab_png("a2.png");
    assert_memory_equal(a->pixels, a2->pixels, (size_t)a->pitch * (size_t)a->h);
    SDL_FreeSurface(a); SDL_FreeSurface(b); SDL_FreeSurface(c); SDL_FreeSurface(d); SDL_FreeSurface(a2);
    /* scoring through the binary: Y then N on two questions, then a Y after the reveal */
    assert_int_equal(lab("--lesson 6 --headless --frames 16 --seed 3 --input @gyn.txt --state-out @y.json"), 0);
    json_t *st = lab_json("y.json");
    json_t *g = json_object_get(st, "guess");
    assert_int_equal(json_integer_value(json_object_get(g, "asked")), 2);
    assert_true(flag(g, "revealed"));
    json_int_t right = json_integer_value(json_object_get(g, "right"));
    assert_true(right >= 0 && right <= 2);
    json_decref(st);
    /* --seed takes a whole number */
    assert_int_equal(lab("--headless --frames 1 --seed x"), 2);
    assert_int_equal(lab("--headless --frames 1 --seed -1"), 2);
}

static int setup(void **s)
{
    (void)s;
    if (text_setup("guess") != 0) return -1;
    return lab_setup("guess", "");
}

static int teardown(void **s)
{
    (void)s;
    text_teardown();
    return lab_teardown();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generator),
        cmocka_unit_test(test_hides_and_scores),
        cmocka_unit_test(test_binary),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
