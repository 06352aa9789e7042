/*
 * theme.c - the lab's colours (theme.h).
 */
#include "theme.h"

const Color THEME_OUTSIDE = { 8, 9, 12, 255 };
const Color THEME_BG = { 22, 24, 30, 255 };
const Color THEME_GRID = { 38, 42, 52, 255 };
const Color THEME_INK = { 236, 238, 242, 255 };
const Color THEME_INK_DIM = { 170, 176, 190, 255 };
const Color THEME_SHADE = { 10, 12, 16, 190 };
const Color THEME_PANEL = { 10, 12, 16, 205 };
const Color THEME_HELP = { 8, 10, 14, 255 };
const Color THEME_SELECT = { 255, 255, 255, 255 };
const Color THEME_SELECT_RIM = { 0, 0, 0, 200 };
const Color THEME_GUESS = { 128, 132, 146, 255 };

Color theme_free(Palette p)
{
    return p == PALETTE_RED_GREEN ? (Color){ 46, 168, 92, 255 } : (Color){ 0, 114, 178, 255 };
}

Color theme_hit(Palette p)
{
    return p == PALETTE_RED_GREEN ? (Color){ 222, 58, 48, 255 } : (Color){ 230, 159, 0, 255 };
}

Color theme_accent(Palette p)
{
    return p == PALETTE_RED_GREEN ? (Color){ 250, 204, 60, 255 } : (Color){ 240, 228, 66, 255 };
}

Color theme_gap(Palette p)
{
    return p == PALETTE_RED_GREEN ? (Color){ 90, 200, 250, 255 } : (Color){ 86, 180, 233, 255 };
}

Color color_alpha(Color c, uint8_t alpha)
{
    c.a = alpha;
    return c;
}

Color color_darker(Color c)
{
    return (Color){ (uint8_t)(c.r / 2), (uint8_t)(c.g / 2), (uint8_t)(c.b / 2), c.a };
}

Color color_lighter(Color c)
{
    return (Color){ (uint8_t)(c.r + (255 - c.r) / 3), (uint8_t)(c.g + (255 - c.g) / 3), (uint8_t)(c.b + (255 - c.b) / 3),
                    c.a };
}
