/*
 * app_drive.h - driving an App the way the window and the input scripts
 * do, through app_event (for tests that use the App API directly).
 * Static inline: each test program takes what it uses.
 */
#ifndef APP_DRIVE_H
#define APP_DRIVE_H

#include <string.h>
#include <SDL.h>   /* the tests name keys as SDL does, like the front end */
#include "app/app.h"
#include "app/lesson.h"

/* The number of the lesson whose key is key ("lesson13"); -1 when none has it. */
static inline int lesson_by_key(const char *key)
{
    for (int n = 0; n < lesson_count(); n++)
        if (strcmp(lesson_get(n)->key, key) == 0) return n;
    return -1;
}

static inline void key(App *app, InputKind kind, SDL_Keycode k)
{
    InputEvent ev = input_key_event(kind, k, false);   /* as main.c and the scripts do */
    app_event(app, &ev);
}

/* A key pressed and released. */
static inline void tap(App *app, SDL_Keycode k)
{
    key(app, IN_KEY_DOWN, k);
    key(app, IN_KEY_UP, k);
}

static inline void mouse(App *app, InputKind kind, float x, float y, int button)
{
    InputEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = kind;
    ev.pos = (Vec2){ x, y };
    ev.button = button;
    app_event(app, &ev);
}

static inline void wheel(App *app, float notches)
{
    InputEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = IN_WHEEL;
    ev.wheel = notches;
    app_event(app, &ev);
}

#endif
