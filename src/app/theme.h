/*
 * theme.h - the lab's colours in one place: the canvas, the ink of text and
 * guide lines, the panels, and the four colours whose meaning the palette
 * (C) keeps while it changes their hue: a free shape, a colliding one, the
 * explanation's accent, a separating gap.
 */
#ifndef THEME_H
#define THEME_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Color { uint8_t r, g, b, a; } Color;

/* Red / green, or blue / orange for colour-blind eyes (colliding shapes
 * are hatched in both, so no meaning rests on hue alone). */
typedef enum Palette { PALETTE_RED_GREEN, PALETTE_BLUE_ORANGE } Palette;

/* The colours around the shapes. Two themes: dark (as designed) and light
 * (F7: near-black ink on near-white, for a projector that washes colours
 * out). */
typedef struct Theme {
    Color outside;      /* the window around the canvas */
    Color bg, grid;     /* the canvas and its 80 px grid */
    Color ink, ink_dim; /* text, labels, guide lines */
    Color shade;        /* the backdrop behind a label */
    Color panel, help;  /* the HUD's panels; the help panel (opaque) */
    Color select, select_rim;   /* the selected shape's outline and its rim */
    Color guess;        /* every shape while a guess is open (G) */
    Color halo;         /* around a line drawn over shapes */
} Theme;
extern const Theme THEME_DARK, THEME_LIGHT;

/* The theme of the frame being drawn: app_draw sets it from the App, as the
 * language is set for tr(); dark until then. */
void theme_use(bool light);
const Theme *theme_current(void);

#define THEME_OUTSIDE (theme_current()->outside)
#define THEME_BG (theme_current()->bg)
#define THEME_GRID (theme_current()->grid)
#define THEME_INK (theme_current()->ink)
#define THEME_INK_DIM (theme_current()->ink_dim)
#define THEME_SHADE (theme_current()->shade)
#define THEME_PANEL (theme_current()->panel)
#define THEME_HELP (theme_current()->help)
#define THEME_SELECT (theme_current()->select)
#define THEME_SELECT_RIM (theme_current()->select_rim)
#define THEME_GUESS (theme_current()->guess)
#define THEME_HALO (theme_current()->halo)

/* The four colours with a meaning, darker in the light theme so they keep
 * their contrast against its white canvas (tests/test_app_teacher.c). */
Color theme_free(Palette p, bool light);
Color theme_hit(Palette p, bool light);
Color theme_accent(Palette p, bool light);   /* explanations */
Color theme_gap(Palette p, bool light);      /* a separating gap */

/* c with another alpha; half as bright; a third of the way to white. */
Color color_alpha(Color c, uint8_t alpha);
Color color_darker(Color c);
Color color_lighter(Color c);

#endif
