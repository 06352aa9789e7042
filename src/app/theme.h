/*
 * theme.h - the lab's colours in one place: the canvas, the ink of text and
 * guide lines, the panels, and the four colours whose meaning the palette
 * (C) keeps while it changes their hue: a free shape, a colliding one, the
 * explanation's accent, a separating gap.
 */
#ifndef THEME_H
#define THEME_H

#include <stdint.h>

typedef struct Color { uint8_t r, g, b, a; } Color;

/* Red / green, or blue / orange for colour-blind eyes (colliding shapes
 * are hatched in both, so no meaning rests on hue alone). */
typedef enum Palette { PALETTE_RED_GREEN, PALETTE_BLUE_ORANGE } Palette;

extern const Color THEME_OUTSIDE;     /* the window around the canvas */
extern const Color THEME_BG;          /* the canvas */
extern const Color THEME_GRID;        /* its 80 px grid */
extern const Color THEME_INK;         /* text, labels, guide lines */
extern const Color THEME_INK_DIM;
extern const Color THEME_SHADE;       /* the backdrop behind a label */
extern const Color THEME_PANEL;       /* the HUD's panels */
extern const Color THEME_HELP;        /* the help panel (opaque) */
extern const Color THEME_SELECT;      /* the selected shape's outline... */
extern const Color THEME_SELECT_RIM;  /* ...and its dark rim */
extern const Color THEME_GUESS;       /* every shape while a guess is open (G) */

Color theme_free(Palette p);
Color theme_hit(Palette p);
Color theme_accent(Palette p);   /* explanations */
Color theme_gap(Palette p);      /* a separating gap */

/* c with another alpha; half as bright; a third of the way to white. */
Color color_alpha(Color c, uint8_t alpha);
Color color_darker(Color c);
Color color_lighter(Color c);

#endif
