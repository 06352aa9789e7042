/*
 * main_web.c - Collision Lab in the browser (Emscripten): start-up and one
 * step of the main loop, called by the browser once per animation frame.
 *
 * The lab itself (src/app/) is the desktop's, unchanged: the same App is
 * fed the same InputEvents and drawn by the same code. What differs is
 * what a browser needs:
 *   - no blocking loop: emscripten_set_main_loop calls web_step per frame;
 *   - files: Ctrl+S downloads the scene (and puts a link to it in the
 *     address bar), Ctrl+O opens the browser's file picker, F12 downloads
 *     the PNG (written by SDL2_image into the in-memory file system);
 *   - Escape does not quit (a page is closed by its tab);
 *   - the language is the browser's, unless the page's URL says ?lang=.
 * The page (web/index.html) passes the URL's choices as the usual
 * command-line arguments (--lesson, --scene, --lang).
 */
#include "app.h"
#include "cli.h"
#include "fileio.h"
#include "i18n.h"
#include "scene.h"
#include "text.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The page's side (web/lab_library.js, which calls into web/index.html). */
extern void lab_download_file(const char *path, const char *name, const char *mime);
extern void lab_save_scene(const char *json, const char *name, int lesson);
extern void lab_open_file(void);
extern void lab_first_frame(void);
extern void lab_failed(const char *what);

typedef struct Web {
    App app;
    SDL_Window *win;
    SDL_Renderer *r;
    Text *text;
    Canvas canvas;
    Uint64 freq, last;
    double acc, fps_time;
    int fps_frames;
    long frames_drawn;
} Web;

static Web web;

/* ---- Language: as main.c picks it, from the browser's preferences ------- */

/* The clock the lab's timings read. */
static double clock_ms(void)
{
    return (double)SDL_GetPerformanceCounter() * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

/* navigator.languages in order (SDL reads them), first one the lab has. */
static const char *browser_language(void)
{
    const char *lang = NULL;
    SDL_Locale *loc = SDL_GetPreferredLocales();
    for (int i = 0; loc != NULL && loc[i].language != NULL && lang == NULL; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s%s%s", loc[i].language, loc[i].country ? "_" : "",
                 loc[i].country ? loc[i].country : "");
        lang = i18n_language_of(name);
    }
    SDL_free(loc);
    return lang;
}

/* ---- Files: downloads and the file picker ------------------------------- */

/* collision-lab-YYYYMMDD-HHMMSS.ext */
static void stamp_name(char *out, size_t n, const char *ext)
{
    char stem[64];
    file_stamped_name("collision-lab", time(NULL), stem, sizeof stem);
    snprintf(out, n, "%s.%s", stem, ext);
}

/* F12: the frame just drawn as a PNG download. */
static void download_screenshot(Web *w, int out_w, int out_h)
{
    char name[64];
    stamp_name(name, sizeof name, "png");
    const char *tmp = "/tmp/screenshot.png";
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, out_w, out_h, 32, SDL_PIXELFORMAT_RGBA32);
    bool ok = s != NULL && SDL_RenderReadPixels(w->r, NULL, SDL_PIXELFORMAT_RGBA32, s->pixels, s->pitch) == 0 &&
              IMG_SavePNG(s, tmp) == 0;
    SDL_FreeSurface(s);
    if (!ok) {
        fprintf(stderr, "collision-lab: %s: %s\n", name, SDL_GetError());
        app_status(&w->app, "%s: %s", name, SDL_GetError());
        return;
    }
    lab_download_file(tmp, name, "image/png");
    app_status(&w->app, tr("status.screenshot"), name);
}

/* Ctrl+S: the scene as a JSON download, and a link to it (lesson and
 * scene in the URL's fragment) in the address bar. */
static void download_scene(Web *w)
{
    char name[64];
    stamp_name(name, sizeof name, "json");
    json_t *doc = scene_to_json(&w->app.world);
    char *text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    json_decref(doc);
    if (text == NULL) { app_status(&w->app, "out of memory"); return; }
    lab_save_scene(text, name, w->app.lesson);
    free(text);
    /* status.saved has a %s for the file name */
    char line[STATUS_MAX];
    snprintf(line, sizeof line, tr("status.saved"), name);
    app_status(&w->app, "%s  %s", line, tr("web.status.link"));
}

/* Called by the page once a file chosen after Ctrl+O is in the in-memory
 * file system at path (name is what the user picked). */
EMSCRIPTEN_KEEPALIVE void web_open_scene(const char *path, const char *name)
{
    char err[1400];
    World world;
    world_init(&world);
    if (!scene_load(path, &world, err, sizeof err)) {
        /* the message names the temporary file: name the user's instead */
        const char *tail = strncmp(err, path, strlen(path)) == 0 ? err + strlen(path) : err;
        app_status(&web.app, "%s%s", tail == err ? "" : name, tail);
        world_free(&world);
        return;
    }
    world_take(&web.app.world, &world);
    world_free(&world);
    web.app.dragging = -1;
    world_collide(&web.app.world);
    app_status(&web.app, tr("status.reloaded"), name);
}

/* For the page's tests: the state as --state-out writes it (a JSON text,
 * valid until the next call). */
EMSCRIPTEN_KEEPALIVE const char *web_state(void)
{
    static char *last;
    free(last);
    json_t *doc = app_state_json(&web.app);
    json_object_set_new(doc, "language", json_string(i18n_language()));
    json_object_set_new(doc, "frames_drawn", json_integer(web.frames_drawn));
    last = json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(doc);
    return last != NULL ? last : "{}";
}

/* For the page's tests: how many distinct characters of the current
 * language's catalogue neither the Latin font nor the CJK font can draw
 * (-1 when a font or the catalogue cannot be opened). */
EMSCRIPTEN_KEEPALIVE int web_missing_glyphs(void)
{
    char path[1200], name[64], cjk_path[1100];
    snprintf(name, sizeof name, "lang/%s.json", i18n_language());
    if (!asset_find(name, path, sizeof path)) return -1;
    json_t *cat = json_load_file(path, 0, NULL);
    TTF_Font *latin = TTF_OpenFont(text_font_path(web.text), 16);
    int idx = 0;
    TTF_Font *cjk = text_has_cjk(web.text) && text_cjk_font(cjk_path, sizeof cjk_path, &idx)
                        ? TTF_OpenFontIndex(cjk_path, 16, idx) : NULL;
    int missing = cat != NULL && latin != NULL ? 0 : -1;
    static Uint8 seen[0x110000 / 8];
    memset(seen, 0, sizeof seen);
    const char *key;
    json_t *v;
    json_object_foreach(cat, key, v) {
        const unsigned char *s = (const unsigned char *)(json_is_string(v) ? json_string_value(v) : "");
        while (missing >= 0 && *s != '\0') {
            Uint32 cp = *s;
            int n = cp < 0x80 ? 1 : (cp >> 5) == 6 ? 2 : (cp >> 4) == 14 ? 3 : 4;
            cp &= n == 1 ? 0x7F : (0x7Fu >> n);
            for (int k = 1; k < n && s[k] != '\0'; k++) cp = (cp << 6) | (s[k] & 0x3F);
            s += n;
            if (cp < 0x20 || cp >= 0x110000 || (seen[cp / 8] >> (cp % 8) & 1)) continue;
            seen[cp / 8] |= (Uint8)(1u << (cp % 8));
            if (!TTF_GlyphIsProvided32(latin, cp) && (cjk == NULL || !TTF_GlyphIsProvided32(cjk, cp))) missing++;
        }
    }
    if (cjk != NULL) TTF_CloseFont(cjk);
    if (latin != NULL) TTF_CloseFont(latin);
    json_decref(cat);
    return missing;
}

/* ---- One frame ---------------------------------------------------------- */

static InputEvent mouse_event(const Web *w, InputKind kind, int x, int y, int button)
{
    /* window coordinates -> output pixels (device pixel ratio) -> canvas */
    int ww = 1, wh = 1, ow = 1, oh = 1;
    SDL_GetWindowSize(w->win, &ww, &wh);
    SDL_GetRendererOutputSize(w->r, &ow, &oh);
    Vec2 s = { (float)x * (float)ow / (float)(ww > 0 ? ww : 1), (float)y * (float)oh / (float)(wh > 0 ? wh : 1) };
    InputEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = kind;
    ev.button = button;
    ev.pos = view_to_canvas(&w->app.view, s);
    if (w->app.dragging >= 0 || kind != IN_MOUSE_MOVE) {
        ev.pos.x = ev.pos.x < 0.0f ? 0.0f : ev.pos.x > CANVAS_W ? CANVAS_W : ev.pos.x;
        ev.pos.y = ev.pos.y < 0.0f ? 0.0f : ev.pos.y > CANVAS_H ? CANVAS_H : ev.pos.y;
    }
    return ev;
}

/* Keys the browser build handles itself; true when the event was used. */
static bool browser_key(Web *w, const SDL_KeyboardEvent *k)
{
    bool ctrl = (k->keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0;
    if (k->keysym.sym == SDLK_ESCAPE) return true;   /* no quitting a page */
    if (!ctrl || (k->keysym.sym != SDLK_s && k->keysym.sym != SDLK_o)) return false;
    if (k->type == SDL_KEYDOWN && k->repeat == 0) {
        if (k->keysym.sym == SDLK_s) download_scene(w);
        else lab_open_file();
    }
    return true;
}

static void handle_events(Web *w)
{
    App *app = &w->app;
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        InputEvent ev;
        memset(&ev, 0, sizeof ev);
        switch (e.type) {
        case SDL_KEYDOWN:
        case SDL_KEYUP:
            if (browser_key(w, &e.key)) break;
            /* the lab's own event: the key with what it is bound to */
            ev = input_key_event(e.type == SDL_KEYDOWN ? IN_KEY_DOWN : IN_KEY_UP, e.key.keysym.sym, e.key.repeat != 0);
            app_event(app, &ev);
            break;
        case SDL_MOUSEBUTTONDOWN:
        case SDL_MOUSEBUTTONUP:
            ev = mouse_event(w, e.type == SDL_MOUSEBUTTONDOWN ? IN_MOUSE_DOWN : IN_MOUSE_UP, e.button.x, e.button.y,
                             e.button.button);
            app_event(app, &ev);
            break;
        case SDL_MOUSEMOTION:
            ev = mouse_event(w, IN_MOUSE_MOVE, e.motion.x, e.motion.y, 0);
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
            break;
        default: break;
        }
    }
    app->want_quit = false;
}

static void web_step(void *arg)
{
    Web *w = arg;
    App *app = &w->app;
    handle_events(w);
    if (app->want_fullscreen_toggle) {
        app->want_fullscreen_toggle = false;
        bool fs = (SDL_GetWindowFlags(w->win) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
        SDL_SetWindowFullscreen(w->win, fs ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
    }
    /* fixed ticks of 1/60 s, as on the desktop: after a stall (a hidden
     * tab) a few at most, and never more than 50 ms of ticking a frame */
    const double dt = 1.0 / TICK_HZ;
    Uint64 now = SDL_GetPerformanceCounter();
    double frame = (double)(now - w->last) / (double)w->freq;
    w->last = now;
    w->acc += frame < 0.1 ? frame : 0.1;
    Uint64 tick_start = now;
    while (w->acc >= dt) {
        app_tick(app);
        w->acc -= dt;
        if ((double)(SDL_GetPerformanceCounter() - tick_start) / (double)w->freq > 0.05) { w->acc = 0.0; break; }
    }
    w->fps_time += frame;
    w->fps_frames++;
    if (w->fps_time >= 0.5) {
        app->fps = (float)(w->fps_frames / w->fps_time);
        app->frame_ms = (float)(1000.0 * w->fps_time / w->fps_frames);
        w->fps_time = 0.0;
        w->fps_frames = 0;
    }

    Uint64 r0 = SDL_GetPerformanceCounter();
    int out_w = 1, out_h = 1;
    SDL_GetRendererOutputSize(w->r, &out_w, &out_h);
    view_fit(&app->view, out_w, out_h);
    canvas_begin(&w->canvas, w->r, &app->view, w->text);
    app_draw(app, &w->canvas);
    text_frame_end(w->text);
    SDL_RenderFlush(w->r);   /* drawing: the CPU's work, not the wait for the screen */
    app->render_ms = (float)((double)(SDL_GetPerformanceCounter() - r0) * 1000.0 / (double)w->freq);
    if (app->want_screenshot) {
        app->want_screenshot = false;
        download_screenshot(w, out_w, out_h);
    }
    SDL_RenderPresent(w->r);
    if (w->frames_drawn++ == 0) lab_first_frame();
}

/* ---- Start-up ----------------------------------------------------------- */

static int fail(const char *what)
{
    fprintf(stderr, "collision-lab: %s: %s\n", what, SDL_GetError());
    lab_failed(what);
    return 1;
}

int main(int argc, char **argv)
{
    Web *w = &web;
    Options opt;
    char err[1400];
    /* a shared link gives a lesson and a scene together (the desktop's
     * command line takes one or the other): the scene is taken out here */
    const char *scene_path = NULL;
    int n = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--scene") == 0 && i + 1 < argc) scene_path = argv[++i];
        else argv[n++] = argv[i];
    }
    if (cli_parse(n, argv, &opt, err, sizeof err) != CLI_OK) {
        fprintf(stderr, "collision-lab: %s\n", err);
        memset(&opt, 0, sizeof opt);
    }
    World scene;
    world_init(&scene);
    bool have_scene = scene_path != NULL && scene_load(scene_path, &scene, err, sizeof err);
    if (scene_path != NULL && !have_scene) fprintf(stderr, "collision-lab: the linked scene: %s\n", err);

    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0) return fail("SDL failed to start");
    /* the page's keys are the lab's: F5, F11, F12, Tab, Ctrl+S... (SDL
     * prevents the browser's default for every key while text input is off) */
    SDL_StopTextInput();

    i18n_set_finder(asset_find);
    const char *lang = opt.lang != NULL ? opt.lang : browser_language();
    if (lang == NULL) lang = "en";
    if (strcmp(lang, "zh-TW") == 0 && !text_cjk_available()) lang = "en";
    if (!i18n_set_language(lang, err, sizeof err) && !i18n_set_language("en", err, sizeof err))
        fprintf(stderr, "collision-lab: %s\n", err);

    app_init(&w->app, opt.lesson);
    w->app.clock_ms = clock_ms;
    w->app.cjk_available = text_cjk_available;
    if (have_scene) app_take_world(&w->app, &scene);
    world_free(&scene);

    /* the canvas fills the page (CSS): SDL takes its size from there */
    double cw = 0.0, ch = 0.0;
    emscripten_get_element_css_size("#canvas", &cw, &ch);
    w->win = SDL_CreateWindow("Collision Lab", 0, 0, cw >= 1.0 ? (int)cw : 1280, ch >= 1.0 ? (int)ch : 720,
                              SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (w->win == NULL) return fail("cannot create the canvas");
    w->r = SDL_CreateRenderer(w->win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (w->r == NULL) w->r = SDL_CreateRenderer(w->win, -1, SDL_RENDERER_SOFTWARE);
    if (w->r == NULL) return fail("cannot create a renderer");
    w->text = text_create(w->r);
    memset(&w->canvas, 0, sizeof w->canvas);
    w->freq = SDL_GetPerformanceFrequency();
    w->last = SDL_GetPerformanceCounter();
    emscripten_set_main_loop_arg(web_step, w, 0, 1);
    return 0;
}
