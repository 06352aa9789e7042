/*
 * sdl_canvas.c - the front end's device behind a Canvas (draw.h): SDL's
 * renderer for the triangles, SDL2_ttf (text.c) for the text.
 */
#include "text.h"

static void sdl_clear(void *out, Color col)
{
    SDL_Renderer *r = out;
    SDL_SetRenderDrawColor(r, col.r, col.g, col.b, col.a);
    SDL_RenderClear(r);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
}

static void sdl_triangles(void *out, const CanvasVertex *v, int nv, const int *idx, int ni)
{
    /* a Color is laid out as an SDL_Color: four bytes r, g, b, a */
    SDL_RenderGeometryRaw(out, NULL, &v[0].x, (int)sizeof *v, (const SDL_Color *)(const void *)&v[0].col,
                          (int)sizeof *v, NULL, 0, nv, idx, ni, (int)sizeof *idx);
}

static int sdl_text(void *font, int x, int y, int px, Color col, const char *utf8)
{
    SDL_Color sc = { col.r, col.g, col.b, col.a };
    return text_draw(font, x, y, px, sc, utf8);
}

static int sdl_text_width(void *font, int px, const char *utf8) { return text_measure(font, px, utf8); }

static bool sdl_has_cjk(const void *font) { return text_has_cjk(font); }

static const CanvasDevice SDL_DEVICE = { sdl_clear, sdl_triangles, sdl_text, sdl_text_width, sdl_has_cjk };

void canvas_begin(Canvas *c, SDL_Renderer *r, const View *v, Text *text)
{
    canvas_start(c, r != NULL ? &SDL_DEVICE : NULL, r, text, v);
}
