/*
 * labels.h - label placement on the canvas and line breaking for the HUD.
 */
#ifndef LABELS_H
#define LABELS_H

#include "draw.h"

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
/* The same for a line a picture is about (a number line, its shadows): a
 * label covers it only rather than another label. */
void canvas_avoid_line_strong(Canvas *c, Vec2 a, Vec2 b, float width);
/* A piece of a shape's outline (render.c): avoided as canvas_avoid_line's
 * lines are, and marked as an outline (AvoidLine.outline) for the checks. */
void canvas_avoid_outline(Canvas *c, Vec2 a, Vec2 b, float width);
/* Whether box b (output pixels) covers one of those strong lines. */
bool canvas_box_covers_strong(const Canvas *c, ScreenBox b);
/* Whether a label box b is free where it is: inside the visible canvas,
 * clear of labels and kept-out places and of every line labels avoid (the
 * shapes' outlines too). */
bool canvas_box_clear(const Canvas *c, ScreenBox b);
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

#endif
