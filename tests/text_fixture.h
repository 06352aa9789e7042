/*
 * text_fixture.h - what the suites that draw or measure the lab's text
 * share (static inline: each program takes what it uses):
 *   - text_setup / text_teardown: the English catalogue (from the build
 *     tree) and SDL2_ttf, as a cmocka group's setup and teardown;
 *   - TextFixture: a 1280x720 software renderer on a surface, the lab's
 *     fonts on it, an empty Canvas and, when a test wants one, a DrawLog;
 *   - utf8_next: one character of a UTF-8 text (a sequence cut short by the
 *     end of the text counts as its lead byte alone).
 */
#ifndef CL_TESTS_TEXT_FIXTURE_H
#define CL_TESTS_TEXT_FIXTURE_H

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/draw.h"
#include "app/i18n.h"
#include "app/text.h"

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

#endif
