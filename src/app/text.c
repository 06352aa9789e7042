/*
 * text.c - fonts and a small texture cache for SDL2_ttf text.
 *
 * DejaVu Sans (bundled) covers Latin and Vietnamese. Chinese comes from a
 * system CJK font found with fontconfig. A string is cut into runs by which
 * font has each character (DejaVu first), each run is rendered with its own
 * font and the runs are put side by side on one baseline, so mixed text such
 * as "按 H 鍵" draws no empty boxes.
 */
#include "text.h"

#include <SDL_ttf.h>
#ifndef __EMSCRIPTEN__
#include <fontconfig/fontconfig.h>
#else
typedef Uint32 FcChar32;   /* the browser build has no fontconfig (below) */
#endif
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

/* The primary font and the CJK fallback (NULL without one) at one size. */
typedef struct SizedFont { int px; TTF_Font *font; TTF_Font *cjk; } SizedFont;

struct Text {
    SDL_Renderer *r;
    char path[1024];
    bool has_cjk;         /* the CJK face opened and has the glyphs */
    SizedFont fonts[MAX_SIZES];
    Entry cache[CACHE_SIZE];
    unsigned frame;
};

bool asset_find(const char *name, char *out, size_t outlen)
{
    char *base = SDL_GetBasePath();
    /* beside the program (the build tree), one folder up (a checkout), the
     * share folder next to the program's bin (an installed or staged copy,
     * wherever it was moved), the share folder it was built for, ./assets */
    const char *dirs[6] = { NULL, NULL, NULL, CL_SHARE_DIR "/assets", "assets", NULL };
    char b1[1024] = "", b2[1024] = "", b3[1024] = "";
    if (base != NULL) {
        snprintf(b1, sizeof b1, "%sassets", base);
        snprintf(b2, sizeof b2, "%s../assets", base);
        snprintf(b3, sizeof b3, "%s../share/collision-lab/assets", base);
        dirs[0] = b1;
        dirs[1] = b2;
        dirs[2] = b3;
        SDL_free(base);
    }
    for (int i = 0; i < 5; i++) {
        if (dirs[i] == NULL) continue;
        snprintf(out, outlen, "%s/%s", dirs[i], name);
        FILE *f = fopen(out, "rb");
        if (f != NULL) { fclose(f); return true; }
    }
    out[0] = '\0';
    return false;
}

/* ---- The CJK font: found once with fontconfig --------------------------- */

/* Characters a Traditional Chinese face must have: the lab's own words. */
static const FcChar32 CJK_PROBE[] = { 0x78B0, 0x649E, 0x5713, 0x5F62, 0x77E9, 0x8EF8, 0x6295, 0x5F71, 0x9AD4, 0x3002, 0xFF0C };

static struct { bool searched, found; char path[1024]; int index; } cjk_font;

#ifdef __EMSCRIPTEN__
/* The browser has no fontconfig: the page bundles a subset of Noto Sans CJK
 * TC holding the catalogue's characters (web/cjk_subset.py). */
static void cjk_search(void)
{
    cjk_font.searched = true;
    cjk_font.index = 0;
    cjk_font.found = asset_find("NotoSansCJKtc-subset.otf", cjk_font.path, sizeof cjk_font.path);
}
#else
static bool charset_covers(FcCharSet *cs)
{
    bool ok = cs != NULL;
    for (size_t i = 0; ok && i < sizeof CJK_PROBE / sizeof CJK_PROBE[0]; i++) ok = FcCharSetHasChar(cs, CJK_PROBE[i]);
    return ok;
}

static void cjk_search(void)
{
    cjk_font.searched = true;
    /* a private configuration, destroyed after the search: nothing of
     * fontconfig stays allocated while the lab runs */
    FcConfig *cfg = FcInitLoadConfigAndFonts();
    if (cfg == NULL) return;
    /* ask for Traditional Chinese that holds the probe characters; the match
     * is only the closest font, so check its own character set afterwards */
    FcPattern *pat = FcPatternCreate();
    FcCharSet *want = FcCharSetCreate();
    FcLangSet *langs = FcLangSetCreate();
    if (pat != NULL && want != NULL && langs != NULL) {
        for (size_t i = 0; i < sizeof CJK_PROBE / sizeof CJK_PROBE[0]; i++) FcCharSetAddChar(want, CJK_PROBE[i]);
        FcLangSetAdd(langs, (const FcChar8 *)"zh-tw");
        FcPatternAddLangSet(pat, FC_LANG, langs);
        FcPatternAddCharSet(pat, FC_CHARSET, want);
        FcPatternAddString(pat, FC_STYLE, (const FcChar8 *)"Regular");
        FcConfigSubstitute(cfg, pat, FcMatchPattern);
        FcDefaultSubstitute(pat);
        FcResult res = FcResultNoMatch;
        FcPattern *m = FcFontMatch(cfg, pat, &res);
        FcChar8 *file = NULL;
        FcCharSet *cs = NULL;
        int index = 0;
        if (m != NULL && FcPatternGetString(m, FC_FILE, 0, &file) == FcResultMatch &&
            FcPatternGetCharSet(m, FC_CHARSET, 0, &cs) == FcResultMatch && charset_covers(cs)) {
            if (FcPatternGetInteger(m, FC_INDEX, 0, &index) != FcResultMatch) index = 0;
            snprintf(cjk_font.path, sizeof cjk_font.path, "%s", (const char *)file);
            cjk_font.index = index;
            cjk_font.found = true;
        }
        if (m != NULL) FcPatternDestroy(m);
    }
    if (langs != NULL) FcLangSetDestroy(langs);
    if (want != NULL) FcCharSetDestroy(want);
    if (pat != NULL) FcPatternDestroy(pat);
    FcConfigDestroy(cfg);
}
#endif

bool text_cjk_font(char *path, size_t pathlen, int *index)
{
    if (!cjk_font.searched) cjk_search();
    if (cjk_font.found) {
        if (path != NULL) snprintf(path, pathlen, "%s", cjk_font.path);
        if (index != NULL) *index = cjk_font.index;
    }
    return cjk_font.found;
}

bool text_cjk_available(void)
{
    static bool warned = false;
    bool ok = text_cjk_font(NULL, 0, NULL);
    if (!ok && !warned)
        fprintf(stderr, "collision-lab: no Chinese font found (fontconfig, :lang=zh-tw); 繁體中文 needs one, "
                        "e.g. apt-get install fonts-noto-cjk; showing English instead\n");
    warned = true;
    return ok;
}

static TTF_Font *open_cjk(int px)
{
    if (!cjk_font.found) return NULL;
    TTF_Font *f = TTF_OpenFontIndex(cjk_font.path, px, cjk_font.index);
    if (f != NULL) TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
    return f;
}

/* ---- Fonts and the cache ------------------------------------------------ */

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
    t->fonts[0] = (SizedFont){ 16, probe, NULL };
    if (text_cjk_font(NULL, 0, NULL)) {
        /* fontconfig's character set said yes: make sure SDL2_ttf agrees */
        TTF_Font *cjk = open_cjk(16);
        bool ok = cjk != NULL;
        for (size_t i = 0; ok && i < sizeof CJK_PROBE / sizeof CJK_PROBE[0]; i++)
            ok = TTF_GlyphIsProvided32(cjk, CJK_PROBE[i]) != 0;
        if (ok) { t->has_cjk = true; t->fonts[0].cjk = cjk; }
        else {
            if (cjk != NULL) TTF_CloseFont(cjk);
            fprintf(stderr, "collision-lab: the Chinese font %s lacks glyphs SDL2_ttf needs; Chinese text is off\n",
                    cjk_font.path);
            cjk_font.found = false;
        }
    }
    return t;
}

void text_destroy(Text *t)
{
    if (t == NULL) return;
    for (int i = 0; i < CACHE_SIZE; i++) {
        if (t->cache[i].tex != NULL) SDL_DestroyTexture(t->cache[i].tex);
        free(t->cache[i].str);
    }
    for (int i = 0; i < MAX_SIZES; i++) {
        if (t->fonts[i].font != NULL) TTF_CloseFont(t->fonts[i].font);
        if (t->fonts[i].cjk != NULL) TTF_CloseFont(t->fonts[i].cjk);
    }
    free(t);
}

const char *text_font_path(const Text *t) { return t != NULL ? t->path : ""; }

bool text_has_cjk(const Text *t) { return t != NULL && t->has_cjk; }

/* The fonts at px: kept open per size; the last slot is reused when all are
 * taken (sizes change only when the window does). */
static SizedFont *font_at(Text *t, int px)
{
    if (px < 4) px = 4;
    if (px > 400) px = 400;
    for (int i = 0; i < MAX_SIZES; i++)
        if (t->fonts[i].font != NULL && t->fonts[i].px == px) return &t->fonts[i];
    int slot = -1;
    for (int i = 0; i < MAX_SIZES && slot < 0; i++)
        if (t->fonts[i].font == NULL) slot = i;
    if (slot < 0) {
        slot = MAX_SIZES - 1;
        SizedFont *sf = &t->fonts[slot];
        if (TTF_SetFontSize(sf->font, px) == 0 && (sf->cjk == NULL || TTF_SetFontSize(sf->cjk, px) == 0)) {
            sf->px = px;
            return sf;
        }
        TTF_CloseFont(sf->font);
        if (sf->cjk != NULL) TTF_CloseFont(sf->cjk);
        *sf = (SizedFont){ 0, NULL, NULL };
    }
    TTF_Font *f = TTF_OpenFont(t->path, px);
    if (f == NULL) return NULL;
    TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
    t->fonts[slot] = (SizedFont){ px, f, t->has_cjk ? open_cjk(px) : NULL };
    return &t->fonts[slot];
}

/* ---- Runs: which font draws which part ---------------------------------- */

/* Decodes one UTF-8 character at s (advancing *i); bad bytes give U+FFFD. */
static Uint32 next_cp(const char *s, size_t *i)
{
    const unsigned char *p = (const unsigned char *)s + *i;
    Uint32 cp = 0xFFFD;
    int n = p[0] < 0x80 ? 1 : (p[0] >> 5) == 6 ? 2 : (p[0] >> 4) == 14 ? 3 : (p[0] >> 3) == 30 ? 4 : 0;
    if (n == 1) cp = p[0];
    else if (n > 1) {
        cp = p[0] & (0x7Fu >> n);
        for (int k = 1; k < n; k++) {
            if ((p[k] & 0xC0) != 0x80) { n = k; cp = 0xFFFD; break; }
            cp = (cp << 6) | (p[k] & 0x3F);
        }
    } else n = 1;
    *i += (size_t)n;
    return cp;
}

/* The font for one character: the primary one when it has the glyph (and for
 * spaces and controls), else the CJK one when that has it. */
static TTF_Font *font_for(const SizedFont *sf, Uint32 cp)
{
    if (sf->cjk == NULL || cp < 0x80 || TTF_GlyphIsProvided32(sf->font, cp)) return sf->font;
    return TTF_GlyphIsProvided32(sf->cjk, cp) ? sf->cjk : sf->font;
}

/* The byte length of the run that starts at s[i]: characters one font draws. */
static size_t run_at(const SizedFont *sf, const char *s, size_t i, TTF_Font **font)
{
    size_t j = i;
    *font = font_for(sf, next_cp(s, &j));
    size_t end = j;
    while (s[end] != '\0') {
        size_t k = end;
        Uint32 cp = next_cp(s, &k);
        if (font_for(sf, cp) != *font) break;
        end = k;
    }
    return end - i;
}

/* Width of s in px; NULL / empty is 0. */
static int measure_runs(const SizedFont *sf, const char *s)
{
    int total = 0;
    char buf[1024];
    for (size_t i = 0; s[i] != '\0';) {
        TTF_Font *f = NULL;
        size_t n = run_at(sf, s, i, &f);
        if (n >= sizeof buf) n = sizeof buf - 1;
        memcpy(buf, s + i, n);
        buf[n] = '\0';
        int w = 0, h = 0;
        if (TTF_SizeUTF8(f, buf, &w, &h) == 0) total += w;
        i += n;
    }
    return total;
}

/* One surface for s: a run of the primary font as SDL2_ttf draws it, else
 * the runs side by side in the primary font's line box (its ascent and
 * height), so every line is as tall as a Latin one and its baseline sits at
 * the same place. CJK ideographs stay inside that box; the CJK font's larger
 * ascent is empty space that is clipped. */
static SDL_Surface *render_runs(const SizedFont *sf, const char *s, SDL_Color col)
{
    TTF_Font *first = NULL;
    if (run_at(sf, s, 0, &first) == strlen(s) && first == sf->font) return TTF_RenderUTF8_Blended(first, s, col);
    int asc = TTF_FontAscent(sf->font), height = TTF_FontHeight(sf->font);
    int w = measure_runs(sf, s);
    SDL_Surface *out = SDL_CreateRGBSurfaceWithFormat(0, w > 0 ? w : 1, height, 32, SDL_PIXELFORMAT_ARGB8888);
    if (out == NULL) return NULL;
    SDL_FillRect(out, NULL, SDL_MapRGBA(out->format, col.r, col.g, col.b, 0));
    char buf[1024];
    int x = 0;
    for (size_t i = 0; s[i] != '\0';) {
        TTF_Font *f = NULL;
        size_t n = run_at(sf, s, i, &f);
        size_t m = n < sizeof buf ? n : sizeof buf - 1;
        memcpy(buf, s + i, m);
        buf[m] = '\0';
        i += n;
        int rw = 0, rh = 0;
        if (TTF_SizeUTF8(f, buf, &rw, &rh) != 0) continue;
        SDL_Surface *part = TTF_RenderUTF8_Blended(f, buf, col);
        if (part != NULL) {
            /* copy, not blend: runs do not overlap and alpha must stay as drawn */
            SDL_SetSurfaceBlendMode(part, SDL_BLENDMODE_NONE);
            SDL_Rect dst = { x, asc - TTF_FontAscent(f), part->w, part->h };
            SDL_BlitSurface(part, NULL, out, &dst);
            SDL_FreeSurface(part);
        }
        x += rw;
    }
    return out;
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
    const SizedFont *sf = font_at(t, px);
    if (sf == NULL) return NULL;
    SDL_Surface *surf = render_runs(sf, s, col);
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
    const SizedFont *sf = font_at(t, px);
    return sf != NULL ? measure_runs(sf, utf8) : 0;
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
