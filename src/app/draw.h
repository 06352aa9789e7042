/*
 * draw.h - shapes, lines, arrows and text on the 1280x720 canvas.
 *
 * Everything is given in canvas coordinates and mapped to the output through
 * a View (fit to the window with the aspect kept, then the lesson's zoom and
 * pan). Geometry goes into one vertex batch that SDL_RenderGeometry draws in
 * a single call; text is rendered by SDL2_ttf at the real output size, so it
 * stays sharp at any window size. Drawing never changes the world.
 */
#ifndef DRAW_H
#define DRAW_H

#include <stdbool.h>
#include <SDL.h>
#include "collide.h"

typedef struct View {
    int out_w, out_h;     /* output size in pixels */
    float fit;            /* canvas px -> output px, aspect kept */
    float ox, oy;         /* where canvas (0,0) lands, before zoom */
    float zoom;           /* lesson zoom, about pan */
    Vec2 pan;             /* canvas point shown at the canvas centre when zoomed */
} View;

typedef struct Color { Uint8 r, g, b, a; } Color;

typedef enum Align { ALIGN_LEFT, ALIGN_CENTER, ALIGN_RIGHT } Align;

struct Text;

/* A box in output pixels; r > 0 makes it the disc of radius r about the
 * box's centre (a point of the picture labels must leave visible). */
typedef struct ScreenBox { float x0, y0, x1, y1, r; } ScreenBox;

#define CANVAS_MAX_LABELS 96
#define CANVAS_MAX_KEEP_OUT 48
#define CANVAS_MAX_LINES 384
/* A line labels had rather not cover (an outline, a guide), output pixels. */
typedef struct AvoidLine { Vec2 a, b; float half_width; } AvoidLine;

/* Layout checks (tests/test_app_layout.c): with a log attached, a frame
 * records every text it draws and every HUD panel box, in output pixels.
 * A text's box is its measured width by its font size in pixels; a line of
 * a wrapped text knows which line of how many it is. */
#define DRAW_LOG_TEXTS 512
#define DRAW_LOG_BOXES 64
typedef struct DrawnText {
    ScreenBox box;
    bool hud;                /* HUD space (panels, tables), else a canvas label */
    int line, lines;         /* line `line` of a text wrapped into `lines` (0 of 1: not wrapped) */
    char text[160];
} DrawnText;
typedef struct DrawLog {
    DrawnText texts[DRAW_LOG_TEXTS];
    ScreenBox boxes[DRAW_LOG_BOXES];
    int text_count, box_count;   /* canvas_begin empties the log */
} DrawLog;

typedef struct Canvas {
    SDL_Renderer *r;
    View view;
    struct Text *text;    /* NULL: no font, text is skipped */
    SDL_Vertex *verts;
    int *idx;
    int nv, ni, cap_v, cap_i;
    bool out_of_memory;
    /* this frame's labels and the places they must not cover (the HUD
     * panels, key points); canvas_begin empties both */
    ScreenBox labels[CANVAS_MAX_LABELS];
    ScreenBox keep_out[CANVAS_MAX_KEEP_OUT];
    int label_count, keep_out_count;
    int label_overlaps;   /* labels that found no free place this frame */
    AvoidLine lines[CANVAS_MAX_LINES];   /* canvas_begin empties them too */
    int line_count;
    DrawLog *log;         /* NULL (the lab itself): nothing recorded */
} Canvas;

/* The part of segment p-q inside the box [lo, hi] (Liang-Barsky slabs), as
 * 0 <= t0 < t1 <= 1 along it; false when it misses the box. */
bool segment_clip(Vec2 p, Vec2 q, Vec2 lo, Vec2 hi, float *t0, float *t1);

void view_fit(View *v, int out_w, int out_h);
Vec2 view_to_screen(const View *v, Vec2 p);
Vec2 view_to_canvas(const View *v, Vec2 screen);
/* Output pixels per canvas pixel (fit and zoom). */
float view_scale(const View *v);

void canvas_begin(Canvas *c, SDL_Renderer *r, const View *v, struct Text *text);
void canvas_flush(Canvas *c);   /* draws the batch so far */
void canvas_free(Canvas *c);

/* Geometry, canvas coordinates. Widths are in screen pixels at 1280x720 and
 * scale with the window (not with the lesson zoom), so lines stay visible. */
void draw_poly_fill(Canvas *c, const Vec2 *pts, int n, Color col);
void draw_poly_outline(Canvas *c, const Vec2 *pts, int n, float width, Color col);
void draw_line(Canvas *c, Vec2 a, Vec2 b, float width, Color col);
void draw_dashed_line(Canvas *c, Vec2 a, Vec2 b, float width, float dash, Color col);
void draw_arrow(Canvas *c, Vec2 from, Vec2 to, float width, Color col);
void draw_circle_fill(Canvas *c, Vec2 center, float r, Color col);
void draw_circle_outline(Canvas *c, Vec2 center, float r, float width, Color col);
void draw_dot(Canvas *c, Vec2 p, float radius_px, Color col);
/* Diagonal stripes clipped to a convex outline: the colour-blind safe mark. */
void draw_hatch(Canvas *c, const Vec2 *pts, int n, float spacing, float width, Color col);
/* A filled rectangle in canvas coordinates, axis-aligned. */
void draw_box(Canvas *c, float x, float y, float w, float h, Color col);
/* ---- Label placement (output pixels) ----
 * A label goes where it asks when that place is free, else at the nearest
 * free place on rings of offsets around it (below, above, right, left, the
 * diagonals, each ring further out), kept inside the visible canvas. Labels
 * placed earlier win. Deterministic: same calls, same places. */
/* Nothing may be placed over b (beyond the end of the list, b is ignored). */
void canvas_keep_out(Canvas *c, ScreenBox b);
/* The same for a HUD rectangle (canvas units, not zoomed)... */
void canvas_keep_out_hud(Canvas *c, float x, float y, float w, float h);
/* ...and for the disc of radius r (canvas units, zoomed) about p. */
void canvas_keep_out_disc(Canvas *c, Vec2 p, float r);
/* Labels placed after this avoid covering the segment a-b (canvas units;
 * width in canvas px at zoom 1): shapes' outlines, the lessons' lines. A
 * soft rule: a label that cannot avoid one still goes as near as it can,
 * and it does not count as an overlap. */
void canvas_avoid_line(Canvas *c, Vec2 a, Vec2 b, float width);
/* Places a label box of want's size, preferably at want; returns where it
 * went and records it. anchor is what it labels: a place whose leader back
 * to anchor would cross another label is not free. With no free place it
 * takes the least crowded one and counts an overlap. */
ScreenBox canvas_place_label(Canvas *c, ScreenBox want, Vec2 anchor);
/* The leader of the label just placed: from anchor (moved out of any
 * label it lies in) to the box's nearest point. False when the label sits
 * at its anchor, so needs none. */
bool canvas_label_leader(const Canvas *c, Vec2 anchor, ScreenBox placed, Vec2 *from, Vec2 *to);
/* How many labels of the frame drawn last overlap another label or a
 * kept-out place (0 when every label found room). */
int canvas_label_overlaps(const Canvas *c);
/* True when a and b share area, b read as a disc when b.r > 0; margin (px)
 * grows a on every side. */
bool screen_box_hits(ScreenBox a, ScreenBox b, float margin);

/* A shape's outline as a polygon (circles as many sides): n points out. */
int shape_outline(const Shape *s, const View *v, Vec2 *out, int max);

/* Text at a canvas point; size in canvas pixels (scaled to the output).
 * Returns the width drawn, in canvas pixels (0 without a font). */
float draw_text(Canvas *c, Vec2 at, float size, Color col, Align align, const char *utf8);
float draw_textf(Canvas *c, Vec2 at, float size, Color col, Align align, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
/* Text in screen space, unaffected by zoom (the HUD). */
float draw_hud_text(Canvas *c, Vec2 at, float size, Color col, Align align, const char *utf8);
float measure_hud_text(Canvas *c, float size, const char *utf8);
/* Line breaking for the HUD. A line is utf8[start, start + len). Lines are
 * at most max_w wide (canvas units at size) where the text allows: Latin and
 * Vietnamese break at spaces (a word wider than max_w gets a line of its
 * own), Chinese between any two characters but never before closing
 * punctuation such as ，。、）；：！？ nor after an opening one. A last line
 * under a quarter of max_w takes the fewest words from the line before
 * that make it longer, so no word is left alone at the end. Returns how many lines (at most max); an empty
 * string has none. */
typedef struct TextLine { int start, len; } TextLine;
int wrap_hud_text(Canvas *c, float size, const char *utf8, float max_w, TextLine *out, int max);
/* Draws utf8 wrapped to max_w, one line every line_h canvas units, aligned
 * to at.x as align says. Returns the lines drawn. */
int draw_hud_text_wrapped(Canvas *c, Vec2 at, float size, float line_h, float max_w, Color col, Align align,
                          const char *utf8);
/* The widest line of utf8 wrapped to max_w; *lines (may be NULL) gets the count. */
float measure_hud_text_wrapped(Canvas *c, float size, float max_w, const char *utf8, int *lines);

/* A translucent panel in HUD space (canvas units, not zoomed). */
void draw_hud_box(Canvas *c, float x, float y, float w, float h, Color col);

#endif
