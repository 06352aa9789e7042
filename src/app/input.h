/*
 * input.h - the lab's own input events, the held-key set, and input
 * scripts.
 *
 * As in the course's Swing demo (InputMap/ActionMap and a Timer): a binding
 * table maps keys to actions; a key-down adds the key to the held set, a
 * key-up removes it, and each fixed tick turns what the set holds into
 * motion. One-shot actions (Tab, lesson keys, pause...) fire on key-down
 * only; key repeats are ignored. Script events and SDL events become the
 * same InputEvent and take the same path.
 *
 * The lab's core (App, World, the lessons) sees only InputEvents with the
 * action already looked up, and needs no SDL: the binding table of SDL key
 * codes and the script reader (keys.c) belong to the front end, which
 * translates SDL's events (main.c) and the script's lines into these.
 */
#ifndef INPUT_H
#define INPUT_H

#include <stdbool.h>
#include <stdint.h>
#include "world.h"

#define HELD_MAX 32

typedef enum Action {
    ACT_NONE = 0,
    /* held */
    ACT_LEFT, ACT_RIGHT, ACT_UP, ACT_DOWN, ACT_TURN_CCW, ACT_TURN_CW, ACT_SLOW, ACT_CTRL,
    ACT_NUDGE,   /* Alt: the arrows move one pixel a tap */
    /* one-shot */
    ACT_NEXT_SHAPE, ACT_LESSON, ACT_PAUSE, ACT_STEP, ACT_SLOWMO, ACT_HELP, ACT_PALETTE,
    ACT_FPS, ACT_EXPLAIN, ACT_FULLSCREEN, ACT_SCREENSHOT, ACT_RELOAD,
    ACT_PRESET, ACT_VIEW_RESET, ACT_BROADPHASE, ACT_MORE, ACT_FEWER, ACT_LANGUAGE,
    ACT_AXIS_PREV, ACT_AXIS_NEXT,   /* lessons 6, 7: the previous / next step of the walk */
    ACT_AXIS_ALL,                   /* lessons 6, 7: every axis at once, or the walk again */
    ACT_LESSON_PREV, ACT_LESSON_NEXT,   /* PageUp / PageDown: every lesson, round */
    ACT_GUESS, ACT_GUESS_REVEAL, ACT_GUESS_YES, ACT_GUESS_NO,   /* G, Return, Y, N: guess.c */
    ACT_QUIT,
    ACT_RESTART,   /* R: the lesson's start again; Ctrl+R: the last session's arrangement */
    ACT_THEME,     /* F7: the light theme, or back to the dark one */
    ACT_COUNT
} Action;

/* A key, as the front end names it (SDL's key codes); the core only
 * compares keys with each other. */
typedef int32_t Key;

/* What a key does: its action, and for some its argument (the lesson of a
 * number key, the preset of F2..F5). */
typedef struct Binding { Key key; Action action; int arg; } Binding;

/* The keys held down, each with its action. */
typedef struct HeldSet { int count; Binding keys[HELD_MAX]; } HeldSet;

/* Mouse buttons (SDL's numbers). */
enum { MOUSE_LEFT = 1, MOUSE_RIGHT = 3 };

typedef enum InputKind {
    IN_KEY_DOWN, IN_KEY_UP, IN_MOUSE_DOWN, IN_MOUSE_UP, IN_MOUSE_MOVE, IN_WHEEL,
    IN_FOCUS_LOST
} InputKind;

typedef struct InputEvent {
    InputKind kind;
    Key key;           /* key events: the key... */
    Action action;     /* ...what it is bound to (ACT_NONE: nothing)... */
    int arg;           /* ...and the binding's argument */
    bool repeat;       /* key-down repeats: ignored for actions */
    int button;        /* mouse: MOUSE_LEFT / MOUSE_RIGHT */
    Vec2 pos;          /* mouse, canvas coordinates */
    float wheel;       /* wheel notches, + away from the user */
} InputEvent;

typedef struct ScriptEvent { long tick; InputEvent ev; } ScriptEvent;
typedef struct Script { int count, cap; ScriptEvent *events; } Script;

/* ---- The core (input.c) ---- */
void held_clear(HeldSet *h);
bool held_has(const HeldSet *h, Key key);
/* Adds key (bound to action; ACT_NONE for an unbound key) to the set. */
void held_add(HeldSet *h, Key key, Action action);
void held_remove(HeldSet *h, Key key);
/* True when any held key is bound to `action`. */
bool held_action(const HeldSet *h, Action action);
/* What the held keys ask of one tick. */
Motion held_motion(const HeldSet *h);

/* ---- The front end (keys.c: SDL's key codes and key names) ---- */
/* The binding for key, or NULL. */
const Binding *input_binding_for(Key key);
/* A key event for key, its binding looked up. */
InputEvent input_key_event(InputKind kind, Key key, bool repeat);
/* Reads an input script. On error returns false and writes
 * "FILE:LINE:COL: message" into err; *out is then left empty. */
bool script_load(const char *path, Script *out, char *err, size_t errlen);
/* Parses script text already in memory (path is only for messages). */
bool script_parse(const char *path, const char *text, size_t len, Script *out,
                  char *err, size_t errlen);
void script_free(Script *s);

#endif
