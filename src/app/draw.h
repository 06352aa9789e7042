/*
 * draw.h - shapes, lines, arrows and text on the 1280x720 canvas.
 *
 * Everything is given in canvas coordinates and mapped to the output through
 * a View (fit to the window with the aspect kept, then the lesson's zoom and
 * pan). Geometry goes into one vertex batch that the Canvas's device draws
 * in a single call (the front end's: SDL_RenderGeometryRaw); text is
 * rendered by the device at the real output size (SDL2_ttf), so it stays
 * sharp at any window size. No SDL here. Drawing never changes the world.
 */
#ifndef DRAW_H
#define DRAW_H

#include <stdbool.h>
#include "collide.h"
#include "theme.h"

typedef struct View {
    int out_w, out_h;     /* output size in pixels */
    float fit;            /* canvas px -> output px, aspect kept */
    float ox, oy;         /* where canvas (0,0) lands, before zoom */
    float zoom;           /* lesson zoom, about pan */
    Vec2 pan;             /* canvas point shown at the canvas centre when zoomed */
} View;

typedef enum Align { ALIGN_LEFT, ALIGN_CENTER, ALIGN_RIGHT } Align;

/* A box in output pixels; r > 0 makes it the disc of radius r about the
 * box's centre (a point of the picture labels must leave visible). */
typedef struct ScreenBox { float x0, y0, x1, y1, r; } ScreenBox;

#define CANVAS_MAX_LABELS 96
#define CANVAS_MAX_KEEP_OUT 48
#define CANVAS_MAX_LINES 384
/* A line labels had rather not cover (an outline, a guide), output pixels;
 * strong: what a picture is about (a number line's shadows), which a label
 * covers only when every other place is taken by labels; outline: a
 * piece of a shape's edge. */
typedef struct AvoidLine {
    Vec2 a, b;
    float half_width;
    bool strong;
    bool outline;   /* a piece of a shape's outline (render.c): placed as any other line, told apart for the checks */
} AvoidLine;

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
/* A label's leader, output pixels: from the point it names (at_anchor:
 * drawn with a dot there) or from the edge of an earlier label the point
 * lies in, to the label's box; the label's text (its start). */
#define DRAW_LOG_LEADERS 128
typedef struct DrawnLeader { Vec2 from, to; bool at_anchor; char text[16]; } DrawnLeader;
typedef struct DrawLog {
    DrawnText texts[DRAW_LOG_TEXTS];
    ScreenBox boxes[DRAW_LOG_BOXES];
    DrawnLeader leaders[DRAW_LOG_LEADERS];
    int text_count, box_count, leader_count;   /* canvas_begin empties the log */
} DrawLog;

/* One corner of a triangle of the batch, in output pixels. */
typedef struct CanvasVertex { float x, y; Color col; } CanvasVertex;

/* What a Canvas draws on. The front end provides it (text.h: SDL's
 * renderer and SDL2_ttf); the lab's drawing goes only through it. out and
 * font are the device's own; with no font, text is skipped. */
typedef struct CanvasDevice {
    void (*clear)(void *out, Color col);   /* the whole output, then blending on */
    void (*triangles)(void *out, const CanvasVertex *v, int nv, const int *idx, int ni);
    /* utf8 with its top-left corner at (x, y) output px, px high; its width */
    int (*text)(void *font, int x, int y, int px, Color col, const char *utf8);
    int (*text_width)(void *font, int px, const char *utf8);
    bool (*has_cjk)(const void *font);     /* Chinese can be drawn */
} CanvasDevice;

typedef struct Canvas {
    const CanvasDevice *dev;   /* NULL: nothing is drawn (labels are still placed) */
    void *out, *font;
    View view;
    CanvasVertex *verts;
    int *idx;
    int nv, ni, cap_v, cap_i;
    bool out_of_memory;
    /* this frame's labels and the places they must not cover (the HUD
     * panels, key points); canvas_begin empties both */
    ScreenBox labels[CANVAS_MAX_LABELS];
    ScreenBox keep_out[CANVAS_MAX_KEEP_OUT];
    int label_count, keep_out_count;
    int label_overlaps;   /* labels that found no free place this frame */
    bool label_as_asked;  /* the next canvas_place_label takes its box where asked (a place already found free) */
    AvoidLine lines[CANVAS_MAX_LINES];   /* canvas_begin empties them too */
    int line_count;
    DrawLog *log;         /* NULL (the lab itself): nothing recorded */
    float text_scale;     /* every text this much larger (the projector's Ctrl+=); 0 or 1: as designed */
    /* the zoom and pan render.c fitted the picture to in the last frame
     * drawn on this canvas at held_w x held_h (held_zoom 0: not fitted);
     * kept while a shape is dragged (canvas_begin leaves them) */
    float held_zoom;
    Vec2 held_pan;
    int held_w, held_h;
} Canvas;

/* The part of segment p-q inside the box [lo, hi] (Liang-Barsky slabs), as
 * 0 <= t0 < t1 <= 1 along it; false when it misses the box. */
bool segment_clip(Vec2 p, Vec2 q, Vec2 lo, Vec2 hi, float *t0, float *t1);

/* A convex polygon of up to POLY_CLIP_MAX vertices (more are left out)
 * clipped to the box [lo, hi] (Sutherland-Hodgman, one side at a time);
 * out holds n + 4. Returns the clipped count (0: outside). */
#define POLY_CLIP_MAX 96
int poly_clip_box(const Vec2 *in, int n, Vec2 lo, Vec2 hi, Vec2 *out);

void view_fit(View *v, int out_w, int out_h);
Vec2 view_to_screen(const View *v, Vec2 p);
Vec2 view_to_canvas(const View *v, Vec2 screen);
/* Output pixels per canvas pixel (fit and zoom). */
float view_scale(const View *v);
/* A window taller than 16:9 (4:3, 800x600) shows the canvas with room
 * above and below it; the HUD's panels use that room. The window's top and
 * bottom in HUD units (canvas units, unzoomed): 0 and 720 at 16:9 and
 * wider, -120 and 840 at 4:3. */
float view_hud_top(const View *v);
float view_hud_bottom(const View *v);
/* Text is sized from the window's height, not from the letterboxed
 * canvas: a text of size s is s * out_h / 720 pixels high at any aspect,
 * so it is as large as in a 16:9 window of the same height. This factor
 * (out_h / (720 * fit): 1 at 16:9 and wider, 4/3 at 4:3) multiplies the
 * canvas's text scale (render.c). */
float view_text_boost(const View *v);

/* A new frame on dev (see CanvasDevice) through view v. */
void canvas_start(Canvas *c, const CanvasDevice *dev, void *out, void *font, const View *v);
void canvas_clear(Canvas *c, Color col);
bool canvas_has_text(const Canvas *c);
bool canvas_has_cjk(const Canvas *c);
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
/* A shape's outline as a polygon (circles as many sides): n points out. */
int shape_outline(const Shape *s, const View *v, Vec2 *out, int max);

/* Text at a canvas point; size in canvas pixels (scaled to the output).
 * Returns the width drawn, in canvas pixels (0 without a font). */
float draw_text(Canvas *c, Vec2 at, float size, Color col, Align align, const char *utf8);
/* A text size as drawn: size times the canvas's text scale. Line heights
 * and label boxes are computed from it, so larger text moves its
 * neighbours instead of overprinting them. */
float text_size(const Canvas *c, float size);
/* Text in screen space, unaffected by zoom (the HUD). */
float draw_hud_text(Canvas *c, Vec2 at, float size, Color col, Align align, const char *utf8);
float measure_hud_text(Canvas *c, float size, const char *utf8);
/* A translucent panel in HUD space (canvas units, not zoomed). */
void draw_hud_box(Canvas *c, float x, float y, float w, float h, Color col);
/* The window covered from HUD y top for h under an overlay; not a panel
 * (not logged). */
void draw_hud_shade(Canvas *c, float top, float h, Color col);

#endif
