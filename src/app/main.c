/*
 * main.c - Collision Lab: start-up, the fixed-timestep loop, shut-down.
 *
 *   start SDL, window, renderer, fonts, the lesson
 *   while running (one frame: sdl_loop.c, the browser's too):
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
#include "fileio.h"
#include "i18n.h"
#include "scene.h"
#include "sdl_loop.h"
#include "text.h"

#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
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

/* A growing memory buffer behind an SDL_RWops, so that the PNG is complete
 * and checked before a byte of it reaches a file (fileio.c writes it). */
typedef struct MemBuf { unsigned char *data; size_t len, cap, pos; bool failed; } MemBuf;

static Sint64 SDLCALL mem_size(SDL_RWops *rw) { return (Sint64)((MemBuf *)rw->hidden.unknown.data1)->len; }

static Sint64 SDLCALL mem_seek(SDL_RWops *rw, Sint64 off, int whence)
{
    MemBuf *m = rw->hidden.unknown.data1;
    Sint64 base = whence == RW_SEEK_SET ? 0 : whence == RW_SEEK_CUR ? (Sint64)m->pos : (Sint64)m->len;
    if (base + off < 0) return -1;
    m->pos = (size_t)(base + off);
    return (Sint64)m->pos;
}

static size_t SDLCALL mem_read(SDL_RWops *rw, void *ptr, size_t size, size_t num)
{
    MemBuf *m = rw->hidden.unknown.data1;
    size_t avail = m->pos < m->len ? m->len - m->pos : 0;
    size_t n = size > 0 ? (avail / size < num ? avail / size : num) : 0;
    memcpy(ptr, m->data + m->pos, n * size);
    m->pos += n * size;
    return n;
}

static size_t SDLCALL mem_write(SDL_RWops *rw, const void *ptr, size_t size, size_t num)
{
    MemBuf *m = rw->hidden.unknown.data1;
    if (size == 0 || num == 0) return 0;
    if (num > ((size_t)1 << 31) / size) { m->failed = true; return 0; }
    size_t bytes = size * num, end = m->pos + bytes;
    if (end > m->cap) {
        size_t cap = m->cap > 0 ? m->cap : 65536;
        while (cap < end) cap *= 2;
        unsigned char *p = realloc(m->data, cap);
        if (p == NULL) { m->failed = true; return 0; }
        m->data = p;
        m->cap = cap;
    }
    if (m->pos > m->len) memset(m->data + m->len, 0, m->pos - m->len);
    memcpy(m->data + m->pos, ptr, bytes);
    m->pos = end;
    if (end > m->len) m->len = end;
    return num;
}

static int SDLCALL mem_close(SDL_RWops *rw) { SDL_FreeRW(rw); return 0; }

/* The last frame as a PNG in memory, checked: the signature, and the IEND
 * chunk that ends every complete PNG. */
static bool encode_png(SDL_Renderer *r, int w, int h, const char *path, MemBuf *m, char *err, size_t errlen)
{
    static const unsigned char SIG[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    static const unsigned char IEND[12] = { 0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82 };
    char shown[FILEIO_SHOW_MAX + 8];
    memset(m, 0, sizeof *m);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_RWops *rw = SDL_AllocRW();
    bool ok = s != NULL && rw != NULL && SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_RGBA32, s->pixels, s->pitch) == 0;
    if (rw != NULL) {
        rw->type = SDL_RWOPS_UNKNOWN;
        rw->size = mem_size;
        rw->seek = mem_seek;
        rw->read = mem_read;
        rw->write = mem_write;
        rw->close = mem_close;
        rw->hidden.unknown.data1 = m;
    }
    ok = ok && IMG_SavePNG_RW(s, rw, 0) == 0 && !m->failed;
    ok = ok && m->len >= 20 && memcmp(m->data, SIG, 8) == 0 && memcmp(m->data + m->len - 12, IEND, 12) == 0;
    if (!ok) {
        snprintf(err, errlen, "%s: cannot make the screenshot: %s", path_shorten(path, shown, sizeof shown),
                 m->failed ? "out of memory" : SDL_GetError()[0] != '\0' ? SDL_GetError() : "the PNG is incomplete");
        free(m->data);
        memset(m, 0, sizeof *m);
    }
    if (rw != NULL) SDL_FreeRW(rw);
    SDL_FreeSurface(s);
    return ok;
}

/* The --state-out document as text (malloc'ed, with a final newline). */
static char *state_text(const App *app, size_t *len)
{
    json_t *doc = app_state_json(app);
    char *text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(9));
    json_decref(doc);
    if (text == NULL) return NULL;
    size_t n = strlen(text);
    char *t = realloc(text, n + 2);
    if (t == NULL) { free(text); return NULL; }
    t[n] = '\n';
    t[n + 1] = '\0';
    *len = n + 1;
    return t;
}

/* F12: a new PNG, never over an existing file, in the folder a teacher
 * would look in (beside the scene, else the pictures folder: never the
 * lab's own checkout); name gets its full path. */
static bool save_screenshot_new(const App *app, SDL_Renderer *r, int w, int h, char *name, size_t n, char *err,
                                size_t errlen)
{
    char dir[3000];
    app_output_folder(app, true, dir, sizeof dir);
    char prefix[3100], stem[3200];
    snprintf(prefix, sizeof prefix, "%s/collision-lab", strcmp(dir, "/") == 0 ? "" : dir);
    if (!file_stamped_name(prefix, time(NULL), stem, sizeof stem)) {
        snprintf(err, errlen, "no name for the screenshot: the clock or the folder's name is out of range");
        return false;
    }
    MemBuf m;
    if (!encode_png(r, w, h, stem, &m, err, errlen)) return false;
    bool ok = file_create_new(stem, ".png", m.data, m.len, name, n, err, errlen);
    free(m.data);
    return ok;
}

/* ---- The run ------------------------------------------------------------ */

typedef struct Run {
    Options opt;
    Script script;
    int next_event;
    App app;
} Run;

/* Applies the script's events for the coming tick. */
static void feed_script(void *arg)
{
    Run *run = arg;
    while (run->next_event < run->script.count && run->script.events[run->next_event].tick <= run->app.tick) {
        app_event(&run->app, &run->script.events[run->next_event].ev);
        run->next_event++;
    }
}

/* --screenshot and --state-out: both written, or (exit 2) neither. */
static int write_outputs(Run *run, SDL_Renderer *r, Canvas *c, Text *text, int w, int h)
{
    char err[1400];
    FileOut outs[2];
    int n = 0;
    MemBuf png;
    memset(&png, 0, sizeof png);
    char *json = NULL;
    int rc = 0;
    if (run->opt.screenshot != NULL) {
        frame_render(&run->app, c, r, text, w, h);
        if (!encode_png(r, w, h, run->opt.screenshot, &png, err, sizeof err)) rc = die(err);
        else outs[n++] = (FileOut){ run->opt.screenshot, png.data, png.len };
    }
    if (rc == 0 && run->opt.state_out != NULL) {
        size_t len = 0;
        json = state_text(&run->app, &len);
        char shown[FILEIO_SHOW_MAX + 8];
        if (json == NULL) {
            snprintf(err, sizeof err, "%s: cannot write: out of memory",
                     path_shorten(run->opt.state_out, shown, sizeof shown));
            rc = die(err);
        } else {
            outs[n++] = (FileOut){ run->opt.state_out, json, len };
        }
    }
    if (rc == 0 && !file_write_all(outs, n, err, sizeof err)) rc = die(err);
    free(png.data);
    free(json);
    return rc;
}

static int run_headless(Run *run)
{
    const int w = run->opt.out_w > 0 ? run->opt.out_w : (int)CANVAS_W, h = run->opt.out_h > 0 ? run->opt.out_h : (int)CANVAS_H;
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
    App *app = &run->app;
    FrameLoop fl;
    frame_loop_init(&fl, win, r, text, ww, wh);
    bool minimized = false;
    /* the arrangement of the last session, offered back once */
    char autosave[4096];
    if (run->opt.scene == NULL && app_autosave_path(autosave, sizeof autosave) && access(autosave, R_OK) == 0)
        app_status(app, "%s", tr("status.autosave_offer"));

    while (!app->want_quit) {
        SDL_Event e;
        /* minimised: sleep until something happens instead of spinning */
        if (minimized && SDL_WaitEvent(&e)) SDL_PushEvent(&e);
        while (SDL_PollEvent(&e)) {
            if (e.type == SDL_QUIT) app->want_quit = true;   /* closing the window confirms */
            else if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_MINIMIZED) minimized = true;
            else if (e.type == SDL_WINDOWEVENT &&
                     (e.window.event == SDL_WINDOWEVENT_RESTORED || e.window.event == SDL_WINDOWEVENT_SHOWN ||
                      e.window.event == SDL_WINDOWEVENT_EXPOSED)) minimized = false;
            else frame_loop_event(&fl, app, &e);
        }
        frame_loop_fullscreen(&fl, app);
        frame_loop_tick(&fl, app, feed_script, run);
        if (minimized) continue;

        frame_loop_draw(&fl, app);
        if (app->want_screenshot) {
            app->want_screenshot = false;
            char name[3200], err[1400];
            if (save_screenshot_new(app, r, fl.out_w, fl.out_h, name, sizeof name, err, sizeof err))
                app_status(app, tr("status.screenshot"), name);
            else app_status(app, "%s", err);
        }
        frame_loop_present(&fl);
        if (!vsync) SDL_Delay(1);  /* no busy loop without vsync */
    }
    /* shapes moved and not saved: kept where the next start offers them */
    if (app->dirty) {
        char err[1400];
        if (!app_write_autosave(app, err, sizeof err)) fprintf(stderr, "collision-lab: %s\n", err);
    }
    int rc = write_outputs(run, r, &fl.canvas, text, fl.out_w, fl.out_h);
    frame_loop_free(&fl);
    text_destroy(text);
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(win);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    return rc;
}

int main(int argc, char **argv)
{
    static Run run;
    char err[1400];
    CliResult cr = cli_parse(argc, argv, &run.opt, err, sizeof err);
    if (cr == CLI_HELP) { fputs(cli_usage(), stdout); return 0; }
    if (cr == CLI_ERROR) return die(err);   /* one line; --help shows the usage */

    /* every input is checked before anything starts: nothing half-loaded */
    /* a full disk or a file size limit is a failed write, and a reader that
     * goes away a failed write to its pipe: errors, not deaths */
    signal(SIGXFSZ, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    if (run.opt.screenshot != NULL && !file_check_output(run.opt.screenshot, err, sizeof err)) return die(err);
    if (run.opt.state_out != NULL && !file_check_output(run.opt.state_out, err, sizeof err)) return die(err);
    if (!cli_check_same_files(&run.opt, err, sizeof err)) return die(err);
    if (run.opt.input != NULL && !script_load(run.opt.input, &run.script, err, sizeof err)) return die(err);
    World scene;
    world_init(&scene);
    SceneMeta meta;
    memset(&meta, 0, sizeof meta);
    meta.lesson_max = lesson_count() - 1;
    if (run.opt.scene != NULL && !scene_load_meta(run.opt.scene, &scene, &meta, err, sizeof err)) {
        script_free(&run.script);
        return die(err);
    }

    if (SDL_Init(0) != 0 || TTF_Init() != 0) {
        fprintf(stderr, "collision-lab: SDL failed to start: %s\n", SDL_GetError());
        return 1;
    }
    /* --lang, else the environment, else the system's preference, else English */
    i18n_set_finder(asset_find);
    const char *lang = run.opt.lang != NULL ? run.opt.lang : i18n_env_language();
    if (lang == NULL) lang = sdl_preferred_language();
    if (lang == NULL) lang = "en";
    if (strcmp(lang, "zh-TW") == 0 && !text_cjk_available()) lang = "en"; /* no empty boxes */
    if (!i18n_set_language(lang, err, sizeof err) && !i18n_set_language("en", err, sizeof err))
        fprintf(stderr, "collision-lab: %s; the window's text shows message keys\n", err);

    /* --lesson N wins over the scene's "lesson" */
    app_init(&run.app, meta.has_lesson && !run.opt.lesson_set ? meta.lesson : run.opt.lesson);
    run.app.headless = run.opt.headless;
    if (run.opt.text_scale > 0.0f) app_set_text_level(&run.app, app_text_level_for(run.opt.text_scale));
    /* guess questions: --seed N, else the same in every headless run and
     * new ones each time a window opens */
    run.app.guess.seed = run.opt.seed_set ? (unsigned long long)run.opt.seed
                         : run.opt.headless ? 0ULL : (unsigned long long)time(NULL);
    run.app.clock_ms = frame_clock_ms;
    run.app.cjk_available = text_cjk_available;
    if (run.opt.scene != NULL) {
        /* --lesson N --scene FILE: lesson N's explanation over the scene */
        app_take_world(&run.app, &scene);
        snprintf(run.app.scene_path, sizeof run.app.scene_path, "%s", run.opt.scene);
        if (meta.has_view) app_set_view(&run.app, meta.zoom, meta.pan);   /* kept on the canvas */
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
