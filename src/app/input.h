/*
 * input.h - keys to actions, the held-key set, and input scripts.
 *
 * As in the course's Swing demo (InputMap/ActionMap and a Timer): a binding
 * table maps keys to actions; a key-down adds the key to the held set, a
 * key-up removes it, and each fixed tick turns what the set holds into
 * motion. One-shot actions (Tab, lesson keys, pause...) fire on key-down
 * only; key repeats are ignored. Script events and SDL events become the
 * same InputEvent and take the same path.
 */
#ifndef INPUT_H
#define INPUT_H

#include <stdbool.h>
#include <SDL.h>
#include "world.h"

#define HELD_MAX 32

typedef enum Action {
    ACT_NONE = 0,
    /* held */
    ACT_LEFT, ACT_RIGHT, ACT_UP, ACT_DOWN, ACT_TURN_CCW, ACT_TURN_CW, ACT_SLOW, ACT_CTRL,
    ACT_NUDGE,   /* Alt: the arrows move one pixel a tap */
    /* one-shot */
    ACT_NEXT_SHAPE, ACT_LESSON, ACT_PAUSE, ACT_STEP, ACT_SLOWMO, ACT_HELP, ACT_PALETTE,
    ACT_FPS, ACT_EXPLAIN, ACT_FULLSCREEN, ACT_SCREENSHOT, ACT_SAVE, ACT_RELOAD,
    ACT_PRESET, ACT_VIEW_RESET, ACT_BROADPHASE, ACT_MORE, ACT_FEWER, ACT_LANGUAGE,
    ACT_AXIS_PREV, ACT_AXIS_NEXT,   /* lessons 6, 7: the previous / next step of the walk */
    ACT_AXIS_ALL,                   /* lessons 6, 7: every axis at once, or the walk again */
    ACT_LESSON_PREV, ACT_LESSON_NEXT,   /* PageUp / PageDown: every lesson, round */
    ACT_GUESS, ACT_GUESS_REVEAL, ACT_GUESS_YES, ACT_GUESS_NO,   /* G, Return, Y, N: guess.c */
    ACT_QUIT,
    ACT_RESTART,   /* R: the lesson's start again; Ctrl+R: the last session's arrangement */
    ACT_COUNT
} Action;

typedef struct Binding { SDL_Keycode key; Action action; int arg; } Binding;

typedef struct HeldSet { int count; SDL_Keycode keys[HELD_MAX]; } HeldSet;

typedef enum InputKind {
    IN_KEY_DOWN, IN_KEY_UP, IN_MOUSE_DOWN, IN_MOUSE_UP, IN_MOUSE_MOVE, IN_WHEEL,
    IN_FOCUS_LOST
} InputKind;

typedef struct InputEvent {
    InputKind kind;
    SDL_Keycode key;   /* key events */
    bool repeat;       /* key-down repeats: ignored for actions */
    int button;        /* mouse: SDL_BUTTON_LEFT / RIGHT */
    Vec2 pos;          /* mouse, canvas coordinates */
    float wheel;       /* wheel notches, + away from the user */
} InputEvent;

typedef struct ScriptEvent { long tick; InputEvent ev; } ScriptEvent;
typedef struct Script { int count, cap; ScriptEvent *events; } Script;

/* The binding table (one place lists every key; the help panel reads it). */
const Binding *input_bindings(int *count);
/* The binding for key, or NULL. */
const Binding *input_binding_for(SDL_Keycode key);

void held_clear(HeldSet *h);
bool held_has(const HeldSet *h, SDL_Keycode key);
void held_add(HeldSet *h, SDL_Keycode key);
void held_remove(HeldSet *h, SDL_Keycode key);
/* True when any held key is bound to `action`. */
bool held_action(const HeldSet *h, Action action);
/* What the held keys ask of one tick. */
Motion held_motion(const HeldSet *h);

/* Reads an input script. On error returns false and writes
 * "FILE:LINE:COL: message" into err; *out is then left empty. */
bool script_load(const char *path, Script *out, char *err, size_t errlen);
/* Parses script text already in memory (path is only for messages). */
bool script_parse(const char *path, const char *text, size_t len, Script *out,
                  char *err, size_t errlen);
void script_free(Script *s);

#endif
