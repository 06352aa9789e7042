/*
 * text_fixture.h - what the suites that draw or measure the lab's text
 * share (static inline: each program takes what it uses):
 *   - text_setup / text_teardown: the English catalogue (from the build
 *     tree) and SDL2_ttf, as a cmocka group's setup and teardown;
 *   - TextFixture: a 1280x720 software renderer on a surface, the lab's
 *     fonts on it, an empty Canvas and, when a test wants one, a DrawLog;
 *   - utf8_next: one character of a UTF-8 text (a sequence cut short by the
 *     end of the text counts as its lead byte alone);
 *   - text_fixture_walk: every lesson and preset (and lesson 6's and 7's
 *     axes) in every language, a callback on each frame.
 */
#ifndef CL_TESTS_TEXT_FIXTURE_H
#define CL_TESTS_TEXT_FIXTURE_H

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/draw.h"
#include "app/i18n.h"
#include "app/lesson.h"
#include "app/text.h"
#include "app_drive.h"

/* The English catalogue and SDL2_ttf; name begins the message when either
 * cannot start. 0, else -1. */
static inline int text_setup(const char *name)
{
    char err[512];
    if (!i18n_set_language("en", err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", name, err);
        return -1;
    }
    if (TTF_Init() != 0) {
        fprintf(stderr, "%s: TTF_Init: %s\n", name, SDL_GetError());
        return -1;
    }
    return 0;
}

static inline void text_teardown(void)
{
    i18n_shutdown();
    TTF_Quit();
}

typedef struct TextFixture {
    SDL_Surface *surf;
    SDL_Renderer *r;
    Text *text;     /* NULL when no font could be opened */
    Canvas c;       /* empty: canvas_begin starts a frame on it */
    DrawLog *log;   /* NULL, or a log a test allocates (freed by close) */
} TextFixture;

/* False when the surface or the renderer cannot be made, or no font opens
 * (text_fixture_close still frees what was made). */
static inline bool text_fixture_open(TextFixture *f)
{
    memset(f, 0, sizeof *f);
    f->surf = SDL_CreateRGBSurfaceWithFormat(0, 1280, 720, 32, SDL_PIXELFORMAT_RGBA32);
    if (f->surf == NULL) return false;
    f->r = SDL_CreateSoftwareRenderer(f->surf);
    if (f->r == NULL) return false;
    f->text = text_create(f->r);
    return f->text != NULL;
}

static inline void text_fixture_close(TextFixture *f)
{
    f->c.log = NULL;
    free(f->log);
    canvas_free(&f->c);
    text_destroy(f->text);
    if (f->r != NULL) SDL_DestroyRenderer(f->r);
    SDL_FreeSurface(f->surf);
    memset(f, 0, sizeof *f);
}

static inline unsigned utf8_next(const char **p)
{
    const unsigned char *s = (const unsigned char *)*p;
    unsigned cp = s[0];
    int n = 1;
    if (s[0] >= 0xF0 && s[1] && s[2] && s[3]) { cp = (s[0] & 7u) << 18 | (s[1] & 63u) << 12 | (s[2] & 63u) << 6 | (s[3] & 63u); n = 4; }
    else if (s[0] >= 0xE0 && s[1] && s[2]) { cp = (s[0] & 15u) << 12 | (s[1] & 63u) << 6 | (s[2] & 63u); n = 3; }
    else if (s[0] >= 0xC0 && s[1]) { cp = (s[0] & 31u) << 6 | (s[1] & 63u); n = 2; }
    *p += n;
    return cp;
}

/* ---- Every frame of every lesson ----------------------------------------- */

/* Lessons 6 and 7 in a walk's SAT passes: the walk's steps, then every axis. */
#define TEXT_WALK_SAT_VIEWS 8

/* Where a walk is, for its callback. */
typedef struct TextWalkAt {
    const char *lang;   /* the language set (NULL: the walk sets none) */
    int pass;           /* 0 .. passes - 1 */
    int lesson;
    int preset;         /* 0: the lesson's start; 1..4: F2..F5 */
    int view, views;    /* 0 .. views - 1 (views 1 but in lessons 6 and 7) */
} TextWalkAt;

typedef struct TextWalk {
    const char *name;           /* the test, for the SKIP: line */
    const char *const *langs;   /* each in turn; NULL: the language as it is */
    int lang_count;
    int passes;                 /* over every lesson and preset, per language (0: 1) */
    const int *text_levels;     /* the text level of each pass (NULL: as app_init sets it) */
    unsigned sat_passes;        /* bit k set: in pass k, lessons 6 and 7 show TEXT_WALK_SAT_VIEWS views */
    void (*frame)(App *app, const TextWalkAt *at, void *arg);
    void *arg;
} TextWalk;

/* For each language of w (zh-TW skipped, with a SKIP: line, when f has no
 * CJK font), each pass, every lesson and each preset it has (F2..F5): an
 * App started on the lesson, the preset's key tapped, the pass's text
 * level set, one tick; then w->frame on each view, with ] between two
 * views of the walk and A before the last (every axis). The frames walked;
 * -1 when a language or an App does not start. The language stays the
 * last one set. */
static inline int text_fixture_walk(const TextFixture *f, const TextWalk *w)
{
    static const SDL_Keycode PRESETS[5] = { 0, SDLK_F2, SDLK_F3, SDLK_F4, SDLK_F5 };
    const int langs = w->langs != NULL ? w->lang_count : 1, passes = w->passes > 0 ? w->passes : 1;
    int frames = 0;
    char err[512];
    for (int l = 0; l < langs; l++) {
        const char *lang = w->langs != NULL ? w->langs[l] : NULL;
        if (lang != NULL && strcmp(lang, "zh-TW") == 0 && !text_has_cjk(f->text)) {
            printf("SKIP: %s: the Chinese frames not checked: no CJK font installed (fonts-noto-cjk)\n", w->name);
            continue;
        }
        if (lang != NULL && !i18n_set_language(lang, err, sizeof err)) {
            printf("%s: %s: %s\n", w->name, lang, err);
            return -1;
        }
        for (int pass = 0; pass < passes; pass++)
            for (int n = 0; n < lesson_count(); n++)
                for (int p = 0; p < 5; p++) {
                    App app;
                    if (!app_init(&app, n)) return -1;
                    if (PRESETS[p] != 0) tap(&app, PRESETS[p]);
                    if (app.preset != p) { app_free(&app); continue; }   /* no such preset */
                    if (w->text_levels != NULL) app_set_text_level(&app, w->text_levels[pass]);
                    app_tick(&app);
                    const bool sat = (n == 6 || n == 7) && (w->sat_passes >> pass & 1u);
                    TextWalkAt at = { lang, pass, n, p, 0, sat ? TEXT_WALK_SAT_VIEWS : 1 };
                    for (at.view = 0; at.view < at.views; at.view++) {
                        w->frame(&app, &at, w->arg);
                        frames++;
                        if (at.view + 1 < at.views) tap(&app, at.view + 2 == at.views ? SDLK_a : SDLK_RIGHTBRACKET);
                    }
                    app_free(&app);
                }
    }
    return frames;
}

#endif
