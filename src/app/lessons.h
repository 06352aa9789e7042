/*
 * lessons.h - what the lessons (one file each: lesson_N.c, listed in
 * lesson_list.h) share (lessons.c): labels that read on any background,
 * lines across the canvas (the separating axis picture of lessons 6 and 7:
 * sat_picture.h).
 *
 * Every lesson takes shapes 0 and 1 of the world as its pair; the selected
 * shape may be either.
 */
#ifndef LESSONS_H
#define LESSONS_H

#include "app.h"
#include "labels.h"

/* ---- Shared by the lessons (lessons.c) ---------------------------------- */

/* Canvas px: labels stay readable from the back of a classroom. */
#define LESSON_LABEL 21.0f
#define LESSON_SMALL 19.0f

/* The theme's ink (theme.h) under the names the lessons use. */
#define LESSON_INK THEME_INK             /* labels, guide lines */
#define LESSON_INK_DIM THEME_INK_DIM
#define LESSON_SHADE THEME_SHADE         /* the backdrop behind labels */

/* Shapes 0 and 1 (the lesson's pair); false when the world has fewer. */
bool lesson_pair(const App *app, const Shape **a, const Shape **b);
/* The world holds just a and b (shapes 0 and 1), a selected; false when
 * one does not fit. */
bool lesson_set_pair(World *w, const Body *a, const Body *b);
/* A circle and an upright box: one preset of a lesson (its own, F2..F5). */
typedef struct CircleBox { Vec2 c; float r; Vec2 box; float w, h; } CircleBox;
/* The build of a circle-and-box lesson from its presets (count of them);
 * false for a preset it does not have. */
bool lesson_build_circle_box(World *w, const CircleBox *presets, int count, int preset);
static inline Color lesson_alpha(Color c, uint8_t alpha) { return color_alpha(c, alpha); }
/* Shapes whose depth would print as 0.0 px only touch: the pictures say
 * "touching" (which counts as colliding) instead of a push of 0.0. */
static inline bool lesson_touching(float depth) { return depth < 0.05f; }
/* The radius of a centre dot on a circle of radius r (both in canvas
 * pixels as shown): 5, but at most 0.4 r, so the circle shows around it. */
static inline float lesson_center_dot(float r) { return r * 0.4f < 5.0f ? (r * 0.4f > 1.0f ? r * 0.4f : 1.0f) : 5.0f; }
/* Whether the collision pass (shapes_collide, the colours on screen) found
 * shapes 0 and 1 colliding. A lesson's own test can differ from it only
 * within float rounding of touching; the picture then states the colours'
 * verdict and says it is a touch within rounding (lesson_tie_note). */
bool lesson_pair_collides(const App *app);
/* The colours' verdict for a lesson's own test: *hit becomes
 * lesson_pair_collides; true (a tie) when the test had said otherwise. */
bool lesson_colours_verdict(const App *app, bool *hit);
/* " (touching, within rounding)" in the catalogue's language, or "". */
const char *lesson_tie_note(bool tie);
/* The same note after an explanation's criterion (in English, as the
 * criteria are), when tie. */
void lesson_explain_tie(Explanation *ex, bool tie);
/* fg drawn over the opaque bg (fg's alpha). */
Color lesson_over(Color fg, Color bg);
/* The WCAG contrast ratio of two opaque colours, 1..21. */
float lesson_contrast(Color a, Color b);
/* The backdrop of a label in text's colour: the theme's shade, made as
 * opaque as it takes for the text to keep LESSON_PLATE_CONTRAST over a
 * line or fill of its own colour under the plate (red numbers over a red,
 * colliding shape stay readable; contrast, not hue: colour-blind safe). */
#define LESSON_PLATE_CONTRAST 4.5f
Color lesson_plate(Color text);
/* The colour a label's text is drawn in: text itself, or text moved
 * towards the theme's ink until it keeps LESSON_PLATE_CONTRAST on the
 * opaque plate (the dark theme's red is 4.4:1 on black). */
Color lesson_label_ink(Color text);
/* A line that reads on any fill, its own colour included: a dark halo
 * under it (lines over shapes use this, never a shape's bare colour). */
void lesson_halo_line(Canvas *c, Vec2 a, Vec2 b, float width, Color col);
void lesson_halo_dashed(Canvas *c, Vec2 a, Vec2 b, float width, float dash, Color col);
/* "collide" or "apart", from the catalogue. */
const char *lesson_verdict(bool hit);
/* Text on a dark backdrop, vertically centred on at.y, where it does not
 * cover an earlier label or a kept-clear point (else moved to the nearest
 * free place, with a thin leader back to at): important labels first.
 * '\n' in text starts a new line of the same label. */
void lesson_label(Canvas *c, Vec2 at, float size, Color col, Align align, const char *text);
/* The same, but a label the placer had to move away from at gets its
 * leader from the point from (what it is about) instead of from at. */
void lesson_label_from(Canvas *c, Vec2 at, Vec2 from, float size, Color col, Align align, const char *text);
/* The box (output pixels) lesson_label would ask for at `at` (all zero
 * with no font), and a label's width: its widest line ('\n' between lines),
 * canvas units unzoomed as measure_hud_text's. */
ScreenBox lesson_label_box(Canvas *c, Vec2 at, float size, Align align, const char *text);
float lesson_label_width(Canvas *c, float size, const char *text);
/* The same for a label of the segment from-from_to: moved away, its
 * leader starts at the segment's point nearest the label. */
void lesson_label_from_segment(Canvas *c, Vec2 at, Vec2 from, Vec2 from_to, float size, Color col, Align align,
                               const char *text);
/* Labels drawn after this leave the disc of radius r (canvas units; at
 * least a dot's size) about p visible: centres, closest points. */
void lesson_keep_clear(Canvas *c, Vec2 p, float r);
/* The line through p along dir, clipped to the canvas; solid or dashed. */
void lesson_line_across(Canvas *c, Vec2 p, Vec2 dir, float width, bool dashed, Color col);
/* A magnified inset of the spot that decides, for a gap or an overlap
 * too small to see (a few pixels on screen): a box in free canvas space
 * (clear of the panels, the labels and as many lines as it can) showing
 * every shape's outline about the deciding segment from-to (the record's
 * own points: the two edges, the corner and the centre) magnified, that
 * segment bold in col (dashed when dashed), text under it and the
 * magnification; a leader runs to the spot. span (canvas px) is what the
 * inset must show whole (the segment and what it is measured against).
 * The lesson calls it after its labels. Returns the magnification against
 * the picture on screen (the "×N" it prints). */
float lesson_inset(const App *app, Canvas *c, Vec2 from, Vec2 to, float span, Color col, bool dashed, const char *text);
/* Inset side, in canvas units (HUD space), and how few screen px (at
 * 1280x720, zoom included) a gap or overlap must be for a lesson to show
 * one. */
#define LESSON_INSET_SIZE 220.0f
#define LESSON_INSET_BELOW 8.0f
/* [x, y] as a JSON array (new reference). */
json_t *lesson_vec_json(Vec2 v);

#endif
