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
#include "sdl_loop.h"
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
    FrameLoop loop;   /* window, renderer, text, canvas, clock: sdl_loop.h */
    long frames_drawn;
} Web;

static Web web;

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
    bool ok = s != NULL && SDL_RenderReadPixels(w->loop.r, NULL, SDL_PIXELFORMAT_RGBA32, s->pixels, s->pitch) == 0 &&
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
    TTF_Font *latin = TTF_OpenFont(text_font_path(web.loop.text), 16);
    int idx = 0;
    TTF_Font *cjk = text_has_cjk(web.loop.text) && text_cjk_font(cjk_path, sizeof cjk_path, &idx)
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
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        if ((e.type == SDL_KEYDOWN || e.type == SDL_KEYUP) && browser_key(w, &e.key)) continue;
        frame_loop_event(&w->loop, &w->app, &e);
    }
    w->app.want_quit = false;
}

/* One frame, as on the desktop (sdl_loop.c): events, fixed ticks of 1/60 s
 * (after a stall, a hidden tab, a few at most), the frame drawn. */
static void web_step(void *arg)
{
    Web *w = arg;
    App *app = &w->app;
    handle_events(w);
    frame_loop_fullscreen(&w->loop, app);
    frame_loop_tick(&w->loop, app, NULL, NULL);
    frame_loop_draw(&w->loop, app);
    if (app->want_screenshot) {
        app->want_screenshot = false;
        download_screenshot(w, w->loop.out_w, w->loop.out_h);
    }
    SDL_RenderPresent(w->loop.r);
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
    const char *lang = opt.lang != NULL ? opt.lang : sdl_preferred_language();
    if (lang == NULL) lang = "en";
    if (strcmp(lang, "zh-TW") == 0 && !text_cjk_available()) lang = "en";
    if (!i18n_set_language(lang, err, sizeof err) && !i18n_set_language("en", err, sizeof err))
        fprintf(stderr, "collision-lab: %s\n", err);

    app_init(&w->app, opt.lesson);
    w->app.clock_ms = frame_clock_ms;
    w->app.cjk_available = text_cjk_available;
    if (have_scene) app_take_world(&w->app, &scene);
    world_free(&scene);

    /* the canvas fills the page (CSS): SDL takes its size from there */
    double cw = 0.0, ch = 0.0;
    emscripten_get_element_css_size("#canvas", &cw, &ch);
    int ww = cw >= 1.0 ? (int)cw : 1280, wh = ch >= 1.0 ? (int)ch : 720;
    SDL_Window *win = SDL_CreateWindow("Collision Lab", 0, 0, ww, wh, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (win == NULL) return fail("cannot create the canvas");
    SDL_Renderer *r = SDL_CreateRenderer(win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (r == NULL) r = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE);
    if (r == NULL) return fail("cannot create a renderer");
    frame_loop_init(&w->loop, win, r, text_create(r), ww, wh);
    emscripten_set_main_loop_arg(web_step, w, 0, 1);
    return 0;
}
