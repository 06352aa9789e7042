/*
 * main.c - Collision Lab: start-up, the fixed-timestep loop, shut-down.
 *
 *   start SDL, window, renderer, fonts, the lesson
 *   while running:
 *       events -> app_event (held set, one-shot actions; repeats ignored)
 *       accumulator += min(frame time, 0.1 s)
 *       while accumulator >= 1/60 s: app_tick; accumulator -= 1/60 s
 *       draw the frame; present            (drawing never changes state)
 *   write --screenshot / --state-out; shut down in reverse order
 *
 * --headless does the same ticks with no window: the events come from
 * --input only and the frame is drawn by the software renderer onto a
 * surface, so the same inputs give the same state and the same pixels.
 */
#include "app.h"
#include "cli.h"
#include "i18n.h"
#include "scene.h"
#include "text.h"

#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define EXIT_BAD_INPUT 2

/* One line on stderr (a file name with a newline in it stays on it). */
static int die(const char *msg)
{
    fputs("collision-lab: ", stderr);
    for (const char *p = msg; *p != '\0'; p++) fputc((unsigned char)*p < 0x20 ? '?' : *p, stderr);
    fputc('\n', stderr);
    return EXIT_BAD_INPUT;
}

/* ---- Outputs ------------------------------------------------------------ */

static bool save_png(SDL_Renderer *r, int w, int h, const char *path, char *err, size_t errlen)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
    if (s == NULL) { snprintf(err, errlen, "%s: %s", path, SDL_GetError()); return false; }
    bool ok = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_RGBA32, s->pixels, s->pitch) == 0;
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp-%ld.png", path, (long)getpid());
    ok = ok && IMG_SavePNG(s, tmp) == 0;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot write the screenshot: %s", path, ok ? "rename failed" : SDL_GetError());
        remove(tmp);
        ok = false;
    }
    SDL_FreeSurface(s);
    return ok;
}

static bool save_state(const App *app, const char *path, char *err, size_t errlen)
{
    json_t *doc = app_state_json(app);
    char *text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    json_decref(doc);
    if (text == NULL) { snprintf(err, errlen, "%s: out of memory", path); return false; }
    size_t n = strlen(text);
    text[n] = '\n';
    bool ok = write_file_atomic(path, text, n + 1, err, errlen);
    free(text);
    return ok;
}

/* A screenshot name in the working folder that does not exist yet. */
static void screenshot_name(char *out, size_t n)
{
    time_t now = time(NULL);
    struct tm tmv;
    localtime_r(&now, &tmv);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tmv);
    snprintf(out, n, "collision-lab-%s.png", stamp);
    for (int k = 2; access(out, F_OK) == 0 && k < 10000; k++) snprintf(out, n, "collision-lab-%s-%d.png", stamp, k);
}

/* ---- The run ------------------------------------------------------------ */

typedef struct Run {
    Options opt;
    Script script;
    int next_event;
    App app;
} Run;

/* Applies the script's events for the coming tick. */
static void feed_script(Run *run)
{
    while (run->next_event < run->script.count && run->script.events[run->next_event].tick <= run->app.tick) {
        app_event(&run->app, &run->script.events[run->next_event].ev);
        run->next_event++;
    }
}

static void render_frame(App *app, Canvas *c, SDL_Renderer *r, Text *text, int out_w, int out_h)
{
    view_fit(&app->view, out_w, out_h);
    canvas_begin(c, r, &app->view, text);
    app_draw(app, c);
    text_frame_end(text);
}

static int write_outputs(Run *run, SDL_Renderer *r, Canvas *c, Text *text, int w, int h)
{
    char err[1400];
    if (run->opt.screenshot != NULL) {
        render_frame(&run->app, c, r, text, w, h);
        if (!save_png(r, w, h, run->opt.screenshot, err, sizeof err)) return die(err);
    }
    if (run->opt.state_out != NULL && !save_state(&run->app, run->opt.state_out, err, sizeof err)) return die(err);
    return 0;
}

static int run_headless(Run *run)
{
    const int w = (int)CANVAS_W, h = (int)CANVAS_H;
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *r = surf != NULL ? SDL_CreateSoftwareRenderer(surf) : NULL;
    if (r == NULL) {
        fprintf(stderr, "collision-lab: cannot create the software renderer: %s\n", SDL_GetError());
        SDL_FreeSurface(surf);
        return 1;
    }
    Text *text = text_create(r);
    Canvas c;
    memset(&c, 0, sizeof c);
    for (long t = 0; t < run->opt.frames; t++) {
        feed_script(run);
        app_tick(&run->app);
    }
    int rc = write_outputs(run, r, &c, text, w, h);
    canvas_free(&c);
    text_destroy(text);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
    return rc;
}

static InputEvent mouse_event(const App *app, SDL_Window *win, SDL_Renderer *r, InputKind kind, int x, int y, int button)
{
    /* window coordinates -> output pixels (high DPI) -> canvas */
    int ww = 1, wh = 1, ow = 1, oh = 1;
    SDL_GetWindowSize(win, &ww, &wh);
    SDL_GetRendererOutputSize(r, &ow, &oh);
    Vec2 s = { (float)x * (float)ow / (float)(ww > 0 ? ww : 1), (float)y * (float)oh / (float)(wh > 0 ? wh : 1) };
    InputEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = kind;
    ev.button = button;
    ev.pos = view_to_canvas(&app->view, s);
    if (app->dragging >= 0 || kind != IN_MOUSE_MOVE) {
        /* a drag stays on the canvas */
        ev.pos.x = ev.pos.x < 0.0f ? 0.0f : ev.pos.x > CANVAS_W ? CANVAS_W : ev.pos.x;
        ev.pos.y = ev.pos.y < 0.0f ? 0.0f : ev.pos.y > CANVAS_H ? CANVAS_H : ev.pos.y;
    }
    return ev;
}

/* True when windows can be shown. Without a display SDL would fall back to
 * its invisible "offscreen" driver and the lab would run unseen forever. */
static bool have_display(void)
{
    const char *asked = SDL_getenv("SDL_VIDEODRIVER");
    if (asked != NULL && asked[0] != '\0') return true;  /* the user chose */
#if defined(__linux__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__)
    const char *x11 = SDL_getenv("DISPLAY"), *wl = SDL_getenv("WAYLAND_DISPLAY");
    if ((x11 == NULL || x11[0] == '\0') && (wl == NULL || wl[0] == '\0')) return false;
#endif
    return true;
}

static int run_windowed(Run *run)
{
    if (!have_display() || SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "collision-lab: cannot open a window: no display found (%s); "
                        "run with --headless --frames N to work without one\n",
                have_display() ? SDL_GetError() : "DISPLAY and WAYLAND_DISPLAY are not set");
        return 1;
    }
    const char *driver = SDL_GetCurrentVideoDriver();
    const char *asked = SDL_getenv("SDL_VIDEODRIVER");
    if (driver != NULL && (strcmp(driver, "offscreen") == 0 || strcmp(driver, "dummy") == 0) &&
        (asked == NULL || strcmp(asked, driver) != 0)) {
        fprintf(stderr, "collision-lab: cannot open a window: no display found (only SDL's '%s' driver); "
                        "run with --headless --frames N to work without one\n", driver);
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return 1;
    }
    SDL_DisplayMode dm;
    int ww = 1280, wh = 720;
    if (SDL_GetDesktopDisplayMode(0, &dm) == 0 && (dm.w < 1400 || dm.h < 800)) {
        /* a small screen: 90% of it, 16:9 */
        ww = dm.w * 9 / 10;
        wh = ww * 9 / 16;
        if (wh > dm.h * 9 / 10) { wh = dm.h * 9 / 10; ww = wh * 16 / 9; }
    }
    SDL_Window *win = SDL_CreateWindow("Collision Lab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, ww, wh,
                                       SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (win == NULL) {
        fprintf(stderr, "collision-lab: cannot open a window: %s; try --headless --frames N\n", SDL_GetError());
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return 1;
    }
    SDL_SetWindowMinimumSize(win, 200, 150);
    SDL_Renderer *r = SDL_CreateRenderer(win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (r == NULL) r = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE);
    if (r == NULL) {
        fprintf(stderr, "collision-lab: cannot create a renderer: %s\n", SDL_GetError());
        SDL_DestroyWindow(win);
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return 1;
    }
    SDL_RendererInfo info;
    bool vsync = SDL_GetRendererInfo(r, &info) == 0 && (info.flags & SDL_RENDERER_PRESENTVSYNC);
    Text *text = text_create(r);
    Canvas c;
    memset(&c, 0, sizeof c);
    App *app = &run->app;
    const double dt = 1.0 / TICK_HZ;
    double acc = 0.0, fps_time = 0.0;
    int fps_frames = 0;
    Uint64 freq = SDL_GetPerformanceFrequency(), last = SDL_GetPerformanceCounter();
    bool minimized = false;
    int out_w = ww, out_h = wh;

    while (!app->want_quit) {
        SDL_Event e;
        /* minimised: sleep until something happens instead of spinning */
        if (minimized && SDL_WaitEvent(&e)) SDL_PushEvent(&e);
        while (SDL_PollEvent(&e)) {
            InputEvent ev;
            memset(&ev, 0, sizeof ev);
            switch (e.type) {
            case SDL_QUIT: app->want_quit = true; break;
            case SDL_KEYDOWN:
            case SDL_KEYUP:
                ev.kind = e.type == SDL_KEYDOWN ? IN_KEY_DOWN : IN_KEY_UP;
                ev.key = e.key.keysym.sym;
                ev.repeat = e.key.repeat != 0;
                app_event(app, &ev);
                break;
            case SDL_MOUSEBUTTONDOWN:
            case SDL_MOUSEBUTTONUP:
                ev = mouse_event(app, win, r, e.type == SDL_MOUSEBUTTONDOWN ? IN_MOUSE_DOWN : IN_MOUSE_UP,
                                 e.button.x, e.button.y, e.button.button);
                app_event(app, &ev);
                break;
            case SDL_MOUSEMOTION:
                ev = mouse_event(app, win, r, IN_MOUSE_MOVE, e.motion.x, e.motion.y, 0);
                app_event(app, &ev);
                break;
            case SDL_MOUSEWHEEL:
                ev.kind = IN_WHEEL;
                ev.wheel = e.wheel.preciseY != 0.0f ? e.wheel.preciseY : (float)e.wheel.y;
                if (e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED) ev.wheel = -ev.wheel;
                app_event(app, &ev);
                break;
            case SDL_WINDOWEVENT:
                if (e.window.event == SDL_WINDOWEVENT_FOCUS_LOST) { ev.kind = IN_FOCUS_LOST; app_event(app, &ev); }
                else if (e.window.event == SDL_WINDOWEVENT_MINIMIZED) minimized = true;
                else if (e.window.event == SDL_WINDOWEVENT_RESTORED || e.window.event == SDL_WINDOWEVENT_SHOWN ||
                         e.window.event == SDL_WINDOWEVENT_EXPOSED) minimized = false;
                break;
            default: break;
            }
        }
        if (app->want_fullscreen_toggle) {
            app->want_fullscreen_toggle = false;
            bool fs = (SDL_GetWindowFlags(win) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
            SDL_SetWindowFullscreen(win, fs ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
        }
        Uint64 now = SDL_GetPerformanceCounter();
        double frame = (double)(now - last) / (double)freq;
        last = now;
        /* after a stall, catch up a few ticks at most: nothing jumps */
        acc += frame < 0.1 ? frame : 0.1;
        /* ticks slower than real time (every pair of 10,000 shapes) must not
         * snowball: past 50 ms of ticking in one frame, the rest is dropped */
        Uint64 tick_start = SDL_GetPerformanceCounter();
        while (acc >= dt) {
            feed_script(run);
            app_tick(app);
            acc -= dt;
            if ((double)(SDL_GetPerformanceCounter() - tick_start) / (double)freq > 0.05) { acc = 0.0; break; }
        }
        fps_time += frame;
        fps_frames++;
        if (fps_time >= 0.5) { app->fps = (float)(fps_frames / fps_time); fps_time = 0.0; fps_frames = 0; }
        if (minimized) continue;

        Uint64 r0 = SDL_GetPerformanceCounter();
        SDL_GetRendererOutputSize(r, &out_w, &out_h);
        render_frame(app, &c, r, text, out_w, out_h);
        if (app->want_screenshot) {
            app->want_screenshot = false;
            char name[256], err[1400];
            screenshot_name(name, sizeof name);
            if (save_png(r, out_w, out_h, name, err, sizeof err)) app_status(app, tr("status.screenshot"), name);
            else app_status(app, "%s", err);
        }
        SDL_RenderPresent(r);
        app->render_ms = (float)((double)(SDL_GetPerformanceCounter() - r0) * 1000.0 / (double)freq);
        if (!vsync) SDL_Delay(1);  /* no busy loop without vsync */
    }
    int rc = write_outputs(run, r, &c, text, out_w, out_h);
    canvas_free(&c);
    text_destroy(text);
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(win);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    return rc;
}

/* A locale name ("zh_TW.UTF-8", "vi_VN", "en-US", "zh-Hant") as one of the
 * lab's languages, or NULL. */
static const char *supported_language(const char *v)
{
    if (strncmp(v, "zh_TW", 5) == 0 || strncmp(v, "zh_HK", 5) == 0 || strncmp(v, "zh-TW", 5) == 0 ||
        strncmp(v, "zh-HK", 5) == 0 || strncmp(v, "zh_Hant", 7) == 0 || strncmp(v, "zh-Hant", 7) == 0)
        return "zh-TW";
    if (strncmp(v, "vi", 2) == 0 && (v[2] == '\0' || v[2] == '_' || v[2] == '-' || v[2] == '.')) return "vi";
    if (strncmp(v, "en", 2) == 0 && (v[2] == '\0' || v[2] == '_' || v[2] == '-' || v[2] == '.')) return "en";
    return NULL;
}

/* The first of LC_ALL, LC_MESSAGES, LANG that is set decides, as in POSIX;
 * NULL when it names no language of the lab ("C", "de_DE"). */
static const char *env_language(void)
{
    const char *vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(vars[i]);
        if (v != NULL && v[0] != '\0') return supported_language(v);
    }
    return NULL;
}

/* The system's preferred languages (SDL 2.0.14+), first supported one. */
static const char *preferred_language(void)
{
    const char *lang = NULL;
    SDL_Locale *loc = SDL_GetPreferredLocales();
    for (int i = 0; loc != NULL && loc[i].language != NULL && lang == NULL; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s%s%s", loc[i].language, loc[i].country ? "_" : "",
                 loc[i].country ? loc[i].country : "");
        lang = supported_language(name);
    }
    SDL_free(loc);
    return lang;
}

int main(int argc, char **argv)
{
    static Run run;
    char err[1400];
    CliResult cr = cli_parse(argc, argv, &run.opt, err, sizeof err);
    if (cr == CLI_HELP) { fputs(cli_usage(), stdout); return 0; }
    if (cr == CLI_ERROR) return die(err);   /* one line; --help shows the usage */

    /* every input is checked before anything starts: nothing half-loaded */
    if (run.opt.screenshot != NULL && !path_writable(run.opt.screenshot, err, sizeof err)) return die(err);
    if (run.opt.state_out != NULL && !path_writable(run.opt.state_out, err, sizeof err)) return die(err);
    if (run.opt.input != NULL && !script_load(run.opt.input, &run.script, err, sizeof err)) return die(err);
    World scene;
    world_init(&scene);
    if (run.opt.scene != NULL && !scene_load(run.opt.scene, &scene, err, sizeof err)) {
        script_free(&run.script);
        return die(err);
    }

    if (SDL_Init(0) != 0 || TTF_Init() != 0) {
        fprintf(stderr, "collision-lab: SDL failed to start: %s\n", SDL_GetError());
        return 1;
    }
    /* --lang, else the environment, else the system's preference, else English */
    const char *lang = run.opt.lang != NULL ? run.opt.lang : env_language();
    if (lang == NULL) lang = preferred_language();
    if (lang == NULL) lang = "en";
    if (strcmp(lang, "zh-TW") == 0 && !text_cjk_available()) lang = "en"; /* no empty boxes */
    if (!i18n_set_language(lang, err, sizeof err) && !i18n_set_language("en", err, sizeof err))
        fprintf(stderr, "collision-lab: %s; the window's text shows message keys\n", err);

    app_init(&run.app, run.opt.lesson);
    run.app.headless = run.opt.headless;
    if (run.opt.scene != NULL) {
        app_take_world(&run.app, &scene);
        snprintf(run.app.scene_path, sizeof run.app.scene_path, "%s", run.opt.scene);
    }
    world_free(&scene);

    int rc = run.opt.headless ? run_headless(&run) : run_windowed(&run);

    app_free(&run.app);
    script_free(&run.script);
    i18n_shutdown();
    TTF_Quit();
    SDL_Quit();
    return rc;
}
