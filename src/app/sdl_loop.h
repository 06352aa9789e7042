/*
 * sdl_loop.h - one frame of the lab in an SDL window, as the desktop
 * (main.c) and the browser (web/main_web.c) both run it. Front end: SDL.
 *
 *   SDL events -> the lab's InputEvents (keys with their bindings, the mouse
 *                 mapped from window to canvas, wheel, focus lost)
 *   F11        -> the window's fullscreen toggled
 *   the clock  -> fixed ticks of 1/TICK_HZ s: after a stall a few at most
 *                 (0.1 s of them), never more than 50 ms of ticking a frame
 *                 (ticks slower than real time must not snowball); the FPS
 *                 and frame time every half second
 *   draw       -> the view fitted to the output, the lab drawn, the queue
 *                 flushed (render_ms: the CPU's work, not the wait for vsync)
 *
 * Beside it: the clock the lab's timings read, and the user's preferred
 * language as SDL knows it.
 *
 * What differs stays with the caller: closing and minimising the desktop
 * window, the browser's own keys, saving a screenshot, presenting.
 */
#ifndef SDL_LOOP_H
#define SDL_LOOP_H

#include <SDL.h>
#include <stdbool.h>

#include "app.h"
#include "text.h"

typedef struct FrameLoop {
    SDL_Window *win;
    SDL_Renderer *r;
    Text *text;
    Canvas canvas;
    Uint64 freq, last;       /* the performance counter at the last frame */
    double acc;              /* time owed to ticks, s */
    double fps_time;         /* frames counted since the last FPS figure */
    int fps_frames;
    int out_w, out_h;        /* the output's size in pixels, as last drawn */
    int present_delay_ms;    /* the test hook's wait after a present (frame_loop_present) */
} FrameLoop;

/* Starts the clock; the canvas empty; out_w x out_h until the first draw. */
void frame_loop_init(FrameLoop *fl, SDL_Window *win, SDL_Renderer *r, Text *text, int out_w, int out_h);
void frame_loop_free(FrameLoop *fl);

/* One SDL event handed to app_event as the lab's own, when it is a key, a
 * mouse button, motion or wheel, or the window losing focus: true. Any
 * other event: false, for the caller. */
bool frame_loop_event(FrameLoop *fl, App *app, const SDL_Event *e);

/* F11's toggle, when asked for; and whether the window is fullscreen now
 * (Esc leaves fullscreen before it quits: the App knows which it is). */
void frame_loop_fullscreen(FrameLoop *fl, App *app);

/* The ticks owed since the last call; before_tick(arg) (when not NULL)
 * runs before each (a script's events for that tick). */
void frame_loop_tick(FrameLoop *fl, App *app, void (*before_tick)(void *arg), void *arg);

/* The frame drawn onto the renderer and flushed (not presented). */
void frame_loop_draw(FrameLoop *fl, App *app);

/* The frame shown: SDL_RenderPresent, where a vsync'd renderer waits for
 * the screen's refresh. Outside drawing's time (render_ms) and inside the
 * frame's (frame_ms). A test hook makes that wait observable where nothing
 * waits (Xvfb has no refresh): CL_TEST_PRESENT_DELAY_MS=N in the
 * environment (1 to 1000) sleeps N ms right after each present, as a
 * 1000/N Hz screen would block there (tests/xvfb_timing.sh). */
void frame_loop_present(FrameLoop *fl);

/* The clock the lab's timings read (App.clock_ms), in ms. */
double frame_clock_ms(void);

/* The user's preferred languages (SDL 2.0.14+: the system's, or the
 * browser's navigator.languages) in order: the first the lab has, else NULL. */
const char *sdl_preferred_language(void);

/* The lab drawn onto r at w x h: the view fitted, one canvas pass, the
 * text's frame ended (also the headless --screenshot's picture). */
void frame_render(App *app, Canvas *c, SDL_Renderer *r, Text *text, int w, int h);

#endif
