/*
 * text.c - fonts and a small texture cache for SDL2_ttf text.
 */
#include "text.h"

#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CL_SHARE_DIR
#define CL_SHARE_DIR "/usr/local/share/collision-lab"
#endif

#define CACHE_SIZE 512
#define MAX_SIZES 8
#define EVICT_AFTER 90 /* frames unused */

typedef struct Entry {
    char *str;
    int px;
    Uint32 rgba;
    SDL_Texture *tex;
    int w, h;
    unsigned last_used;
} Entry;

typedef struct SizedFont { int px; TTF_Font *font; } SizedFont;

struct Text {
    SDL_Renderer *r;
    char path[1024];
    SizedFont fonts[MAX_SIZES];
    Entry cache[CACHE_SIZE];
    unsigned frame;
};

bool asset_find(const char *name, char *out, size_t outlen)
{
    char *base = SDL_GetBasePath();
    const char *dirs[5] = { NULL, NULL, CL_SHARE_DIR "/assets", "assets", NULL };
    char b1[1024] = "", b2[1024] = "";
    if (base != NULL) {
        snprintf(b1, sizeof b1, "%sassets", base);
        snprintf(b2, sizeof b2, "%s../assets", base);
        dirs[0] = b1;
        dirs[1] = b2;
        SDL_free(base);
    }
    for (int i = 0; i < 4; i++) {
        if (dirs[i] == NULL) continue;
        snprintf(out, outlen, "%s/%s", dirs[i], name);
        FILE *f = fopen(out, "rb");
        if (f != NULL) { fclose(f); return true; }
    }
    out[0] = '\0';
    return false;
}

Text *text_create(SDL_Renderer *r)
{
    static bool warned = false;
    if (!TTF_WasInit() && TTF_Init() != 0) {
        if (!warned) fprintf(stderr, "collision-lab: no text: SDL2_ttf failed to start: %s\n", TTF_GetError());
        warned = true;
        return NULL;
    }
    Text *t = calloc(1, sizeof *t);
    if (t == NULL) return NULL;
    t->r = r;
    if (!asset_find("DejaVuSans.ttf", t->path, sizeof t->path)) {
        if (!warned)
            fprintf(stderr, "collision-lab: no font found (assets/DejaVuSans.ttf beside the program or in "
                            CL_SHARE_DIR "); running without text\n");
        warned = true;
        free(t);
        return NULL;
    }
    TTF_Font *probe = TTF_OpenFont(t->path, 16);
    if (probe == NULL) {
        if (!warned) fprintf(stderr, "collision-lab: cannot open font %s: %s; running without text\n", t->path, TTF_GetError());
        warned = true;
        free(t);
        return NULL;
    }
    t->fonts[0] = (SizedFont){ 16, probe };
    return t;
}

void text_destroy(Text *t)
{
    if (t == NULL) return;
    for (int i = 0; i < CACHE_SIZE; i++) {
        if (t->cache[i].tex != NULL) SDL_DestroyTexture(t->cache[i].tex);
        free(t->cache[i].str);
    }
    for (int i = 0; i < MAX_SIZES; i++)
        if (t->fonts[i].font != NULL) TTF_CloseFont(t->fonts[i].font);
    free(t);
}

const char *text_font_path(const Text *t) { return t != NULL ? t->path : ""; }

/* A font at px: kept open per size; the least used slot is reopened. */
static TTF_Font *font_at(Text *t, int px)
{
    if (px < 4) px = 4;
    if (px > 400) px = 400;
    for (int i = 0; i < MAX_SIZES; i++)
        if (t->fonts[i].font != NULL && t->fonts[i].px == px) return t->fonts[i].font;
    int slot = -1;
    for (int i = 0; i < MAX_SIZES && slot < 0; i++)
        if (t->fonts[i].font == NULL) slot = i;
    if (slot < 0) {
        /* every slot is taken: resize the last one (sizes change only when
         * the window does) */
        slot = MAX_SIZES - 1;
        if (TTF_SetFontSize(t->fonts[slot].font, px) == 0) { t->fonts[slot].px = px; return t->fonts[slot].font; }
        TTF_CloseFont(t->fonts[slot].font);
        t->fonts[slot].font = NULL;
    }
    TTF_Font *f = TTF_OpenFont(t->path, px);
    if (f == NULL) return NULL;
    TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
    t->fonts[slot] = (SizedFont){ px, f };
    return f;
}

static Entry *lookup(Text *t, int px, SDL_Color col, const char *s)
{
    Uint32 rgba = ((Uint32)col.r << 24) | ((Uint32)col.g << 16) | ((Uint32)col.b << 8) | col.a;
    Entry *oldest = NULL; /* an empty slot, else the least recently used */
    for (int i = 0; i < CACHE_SIZE; i++) {
        Entry *e = &t->cache[i];
        if (e->str != NULL && e->px == px && e->rgba == rgba && strcmp(e->str, s) == 0) {
            e->last_used = t->frame;
            return e;
        }
        if (oldest == NULL || (oldest->str != NULL && (e->str == NULL || e->last_used < oldest->last_used)))
            oldest = e;
    }
    TTF_Font *f = font_at(t, px);
    if (f == NULL) return NULL;
    SDL_Surface *surf = TTF_RenderUTF8_Blended(f, s, col);
    if (surf == NULL) return NULL;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(t->r, surf);
    int w = surf->w, h = surf->h;
    SDL_FreeSurface(surf);
    if (tex == NULL) return NULL;
    char *copy = SDL_strdup(s);
    if (copy == NULL) { SDL_DestroyTexture(tex); return NULL; }
    if (oldest->tex != NULL) SDL_DestroyTexture(oldest->tex);
    SDL_free(oldest->str);
    *oldest = (Entry){ copy, px, rgba, tex, w, h, t->frame };
    return oldest;
}

int text_draw(Text *t, int x, int y, int px, SDL_Color col, const char *utf8)
{
    if (t == NULL || utf8 == NULL || utf8[0] == '\0') return 0;
    Entry *e = lookup(t, px, col, utf8);
    if (e == NULL) return 0;
    SDL_Rect dst = { x, y, e->w, e->h };
    SDL_RenderCopy(t->r, e->tex, NULL, &dst);
    return e->w;
}

int text_measure(Text *t, int px, const char *utf8)
{
    if (t == NULL || utf8 == NULL || utf8[0] == '\0') return 0;
    TTF_Font *f = font_at(t, px);
    int w = 0, h = 0;
    if (f == NULL || TTF_SizeUTF8(f, utf8, &w, &h) != 0) return 0;
    return w;
}

void text_frame_end(Text *t)
{
    if (t == NULL) return;
    t->frame++;
    for (int i = 0; i < CACHE_SIZE; i++) {
        Entry *e = &t->cache[i];
        if (e->str != NULL && t->frame - e->last_used > EVICT_AFTER) {
            SDL_DestroyTexture(e->tex);
            SDL_free(e->str);
            memset(e, 0, sizeof *e);
        }
    }
}
