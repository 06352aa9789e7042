/*
 * theme.c - the lab's colours (theme.h).
 */
#include "theme.h"

/* dark: as designed; light: near-black ink on near-white (text 15:1 and
 * more against the canvas) */
const Theme THEME_DARK = {
    .outside = { 8, 9, 12, 255 },
    .bg = { 22, 24, 30, 255 },        .grid = { 38, 42, 52, 255 },
    .ink = { 236, 238, 242, 255 },    .ink_dim = { 170, 176, 190, 255 },
    .shade = { 10, 12, 16, 190 },
    .panel = { 10, 12, 16, 205 },     .help = { 8, 10, 14, 255 },
    .select = { 255, 255, 255, 255 }, .select_rim = { 0, 0, 0, 200 },
    .guess = { 128, 132, 146, 255 },  .halo = { 0, 0, 0, 215 },
};
const Theme THEME_LIGHT = {
    .outside = { 226, 228, 232, 255 },
    .bg = { 252, 252, 250, 255 },     .grid = { 212, 216, 224, 255 },
    .ink = { 12, 14, 20, 255 },       .ink_dim = { 62, 68, 82, 255 },
    .shade = { 255, 255, 255, 215 },
    .panel = { 255, 255, 255, 225 },  .help = { 255, 255, 255, 255 },
    .select = { 0, 0, 0, 255 },       .select_rim = { 255, 255, 255, 220 },
    .guess = { 120, 124, 136, 255 },  .halo = { 255, 255, 255, 225 },
};

static const Theme *current = &THEME_DARK;

void theme_use(bool light)
{
    current = light ? &THEME_LIGHT : &THEME_DARK;
}

const Theme *theme_current(void)
{
    return current;
}

Color theme_free(Palette p, bool light)
{
    if (light) return p == PALETTE_RED_GREEN ? (Color){ 0, 128, 56, 255 } : (Color){ 0, 94, 170, 255 };
    return p == PALETTE_RED_GREEN ? (Color){ 46, 168, 92, 255 } : (Color){ 0, 114, 178, 255 };
}

Color theme_hit(Palette p, bool light)
{
    if (light) return p == PALETTE_RED_GREEN ? (Color){ 204, 24, 24, 255 } : (Color){ 196, 90, 0, 255 };
    return p == PALETTE_RED_GREEN ? (Color){ 222, 58, 48, 255 } : (Color){ 230, 159, 0, 255 };
}

Color theme_accent(Palette p, bool light)
{
    if (light) return p == PALETTE_RED_GREEN ? (Color){ 146, 84, 0, 255 } : (Color){ 120, 80, 0, 255 };
    return p == PALETTE_RED_GREEN ? (Color){ 250, 204, 60, 255 } : (Color){ 240, 228, 66, 255 };
}

Color theme_gap(Palette p, bool light)
{
    if (light) return p == PALETTE_RED_GREEN ? (Color){ 0, 96, 176, 255 } : (Color){ 0, 100, 150, 255 };
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
