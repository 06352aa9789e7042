/*
 * hud.h - the HUD: four corner panels that never cross each other or the
 * canvas edge, and the help panel (H or F1) over everything.
 */
#ifndef HUD_H
#define HUD_H

#include <stdbool.h>
#include "app.h"

/* The corner panels (and the help panel when it is open). draw false only
 * reserves their places, so the lesson's labels drawn next keep out of
 * them; draw true draws them over everything. */
void hud_draw(const App *app, Canvas *c, bool draw);

#endif
