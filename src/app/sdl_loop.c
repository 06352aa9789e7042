/*
 * sdl_loop.c - one frame of the lab in an SDL window (see sdl_loop.h).
 */
#include "sdl_loop.h"

#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void frame_loop_init(FrameLoop *fl, SDL_Window *win, SDL_Renderer *r, Text *text, int out_w, int out_h)
{
    memset(fl, 0, sizeof *fl);
    fl->win = win;
    fl->r = r;
    fl->text = text;
    fl->freq = SDL_GetPerformanceFrequency();
    fl->last = SDL_GetPerformanceCounter();
    fl->out_w = out_w;
    fl->out_h = out_h;
    /* the test hook (sdl_loop.h, frame_loop_present): anything but 1..1000 is none */
    const char *d = SDL_getenv("CL_TEST_PRESENT_DELAY_MS");
    char *end = NULL;
    long ms = d != NULL ? strtol(d, &end, 10) : 0;
    fl->present_delay_ms = d != NULL && end != d && *end == '\0' && ms >= 1 && ms <= 1000 ? (int)ms : 0;
}

void frame_loop_free(FrameLoop *fl) { canvas_free(&fl->canvas); }

/* Window coordinates -> output pixels (high DPI, a device pixel ratio) ->
 * canvas, as last drawn; a drag, a press or a release stays on the canvas. */
static InputEvent mouse_event(const FrameLoop *fl, const App *app, InputKind kind, int x, int y, int button)
{
    int ww = 1, wh = 1, ow = 1, oh = 1;
    SDL_GetWindowSize(fl->win, &ww, &wh);
    SDL_GetRendererOutputSize(fl->r, &ow, &oh);
    Vec2 s = { (float)x * (float)ow / (float)(ww > 0 ? ww : 1), (float)y * (float)oh / (float)(wh > 0 ? wh : 1) };
    InputEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = kind;
    ev.button = button;
    /* an unzoomed view that the last frame fitted between the panels
     * (render.c, fit_picture): through the view drawn, what is under the
     * pointer */
    const View *drawn = &fl->canvas.view;
    const bool fitted = drawn->fit > 0.0f && app->view.zoom == 1.0f && drawn->zoom != 1.0f;
    ev.pos = view_to_canvas(fitted ? drawn : &app->view, s);
    if (app->dragging >= 0 || kind != IN_MOUSE_MOVE) {
        ev.pos.x = ev.pos.x < 0.0f ? 0.0f : ev.pos.x > CANVAS_W ? CANVAS_W : ev.pos.x;
        ev.pos.y = ev.pos.y < 0.0f ? 0.0f : ev.pos.y > CANVAS_H ? CANVAS_H : ev.pos.y;
    }
    return ev;
}

bool frame_loop_event(FrameLoop *fl, App *app, const SDL_Event *e)
{
    InputEvent ev;
    memset(&ev, 0, sizeof ev);
    switch (e->type) {
    case SDL_KEYDOWN:
    case SDL_KEYUP:
        /* the lab's own event: the key with what it is bound to */
        ev = input_key_event(e->type == SDL_KEYDOWN ? IN_KEY_DOWN : IN_KEY_UP, e->key.keysym.sym, e->key.repeat != 0);
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        ev = mouse_event(fl, app, e->type == SDL_MOUSEBUTTONDOWN ? IN_MOUSE_DOWN : IN_MOUSE_UP, e->button.x,
                         e->button.y, e->button.button);
        break;
    case SDL_MOUSEMOTION:
        ev = mouse_event(fl, app, IN_MOUSE_MOVE, e->motion.x, e->motion.y, 0);
        break;
    case SDL_MOUSEWHEEL:
        ev.kind = IN_WHEEL;
        ev.wheel = e->wheel.preciseY != 0.0f ? e->wheel.preciseY : (float)e->wheel.y;
        if (e->wheel.direction == SDL_MOUSEWHEEL_FLIPPED) ev.wheel = -ev.wheel;
        break;
    case SDL_WINDOWEVENT:
        if (e->window.event != SDL_WINDOWEVENT_FOCUS_LOST) return false;
        ev.kind = IN_FOCUS_LOST;
        break;
    default:
        return false;
    }
    app_event(app, &ev);
    return true;
}

void frame_loop_fullscreen(FrameLoop *fl, App *app)
{
    if (app->want_fullscreen_toggle) {
        app->want_fullscreen_toggle = false;
        bool fs = (SDL_GetWindowFlags(fl->win) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
        SDL_SetWindowFullscreen(fl->win, fs ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
    }
    app->fullscreen_wanted = (SDL_GetWindowFlags(fl->win) & SDL_WINDOW_FULLSCREEN) != 0;
}

void frame_loop_tick(FrameLoop *fl, App *app, void (*before_tick)(void *arg), void *arg)
{
    const double dt = 1.0 / TICK_HZ;
    Uint64 now = SDL_GetPerformanceCounter();
    double frame = (double)(now - fl->last) / (double)fl->freq;
    fl->last = now;
    fl->acc += frame < 0.1 ? frame : 0.1;
    Uint64 tick_start = SDL_GetPerformanceCounter();
    while (fl->acc >= dt) {
        if (before_tick != NULL) before_tick(arg);
        app_tick(app);
        fl->acc -= dt;
        if ((double)(SDL_GetPerformanceCounter() - tick_start) / (double)fl->freq > 0.05) {
            fl->acc = 0.0;
            break;
        }
    }
    fl->fps_time += frame;
    fl->fps_frames++;
    if (fl->fps_time >= 0.5) {
        app->fps = (float)(fl->fps_frames / fl->fps_time);
        app->frame_ms = (float)(1000.0 * fl->fps_time / fl->fps_frames);
        fl->fps_time = 0.0;
        fl->fps_frames = 0;
    }
}

void frame_render(App *app, Canvas *c, SDL_Renderer *r, Text *text, int w, int h)
{
    view_fit(&app->view, w, h);
    canvas_begin(c, r, &app->view, text);
    app_draw(app, c);
    text_frame_end(text);
}

void frame_loop_draw(FrameLoop *fl, App *app)
{
    Uint64 r0 = SDL_GetPerformanceCounter();
    SDL_GetRendererOutputSize(fl->r, &fl->out_w, &fl->out_h);
    frame_render(app, &fl->canvas, fl->r, fl->text, fl->out_w, fl->out_h);
    SDL_RenderFlush(fl->r);
    app->render_ms = (float)((double)(SDL_GetPerformanceCounter() - r0) * 1000.0 / (double)fl->freq);
}

void frame_loop_present(FrameLoop *fl)
{
    SDL_RenderPresent(fl->r);
    if (fl->present_delay_ms > 0) SDL_Delay((Uint32)fl->present_delay_ms);   /* where vsync blocks */
}

double frame_clock_ms(void)
{
    return (double)SDL_GetPerformanceCounter() * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

const char *sdl_preferred_language(void)
{
    const char *lang = NULL;
    SDL_Locale *loc = SDL_GetPreferredLocales();
    for (int i = 0; loc != NULL && loc[i].language != NULL && lang == NULL; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s%s%s", loc[i].language, loc[i].country ? "_" : "",
                 loc[i].country ? loc[i].country : "");
        lang = i18n_language_of(name);
    }
    SDL_free(loc);
    return lang;
}
