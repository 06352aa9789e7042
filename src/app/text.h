/*
 * text.h - SDL2_ttf text with a texture cache.
 *
 * A string is rendered once per (size, colour) and its texture reused while
 * it stays on screen, so a steady HUD costs no rasterising per frame.
 * Fonts are found beside the executable (SDL_GetBasePath), in ../assets from
 * there, in the installed share folder, and in ./assets. When none opens the
 * lab runs without text and says so once on stderr.
 */
#ifndef TEXT_H
#define TEXT_H

#include <stdbool.h>
#include <SDL.h>
#include "draw.h"

typedef struct Text Text;

/* NULL when no font could be opened (the message is printed once). */
Text *text_create(SDL_Renderer *r);
void text_destroy(Text *t);
/* Size in output pixels; returns the width drawn. */
int text_draw(Text *t, int x, int y, int px, SDL_Color col, const char *utf8);
int text_measure(Text *t, int px, const char *utf8);
/* Call once per frame: evicts textures unused for a while. */
void text_frame_end(Text *t);
/* The font file in use (the browser build opens it for its own use). */
const char *text_font_path(const Text *t);
/* True when t draws Chinese (a CJK font was found, opened and has glyphs). */
bool text_has_cjk(const Text *t);
/* The system's Traditional Chinese font, found once with fontconfig and
 * checked to hold the lab's characters: its file and face index (.ttc).
 * False when there is none. path / index may be NULL. */
bool text_cjk_font(char *path, size_t pathlen, int *index);
/* Same, and says once on stderr that Chinese falls back to English. */
bool text_cjk_available(void);
/* A new frame of c drawn by r, its text by text (NULL: none), through v
 * (sdl_canvas.c). r NULL: nothing is drawn, labels are still placed. */
void canvas_begin(Canvas *c, SDL_Renderer *r, const View *v, Text *text);
/* Finds a file of assets/ (the font, the language catalogues): writes the
 * first readable candidate into out and returns true. */
bool asset_find(const char *name, char *out, size_t outlen);

#endif
