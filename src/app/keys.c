/*
 * keys.c - the front end's side of input: the binding table of SDL key
 * codes, key events with their binding looked up, and input scripts (key
 * names as SDL_GetKeyFromName reads them).
 */
#include "input.h"
#include "fileio.h"

#include <SDL.h>
#include <errno.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const Binding BINDINGS[] = {
    { SDLK_LEFT, ACT_LEFT, 0 },        { SDLK_RIGHT, ACT_RIGHT, 0 },
    { SDLK_UP, ACT_UP, 0 },            { SDLK_DOWN, ACT_DOWN, 0 },
    { SDLK_q, ACT_TURN_CCW, 0 },       { SDLK_e, ACT_TURN_CW, 0 },
    { SDLK_LSHIFT, ACT_SLOW, 0 },      { SDLK_RSHIFT, ACT_SLOW, 0 },
    { SDLK_LCTRL, ACT_CTRL, 0 },       { SDLK_RCTRL, ACT_CTRL, 0 },
    { SDLK_LGUI, ACT_CTRL, 0 },        { SDLK_RGUI, ACT_CTRL, 0 },
    { SDLK_LALT, ACT_NUDGE, 0 },       { SDLK_RALT, ACT_NUDGE, 0 },   /* Alt+arrow: 1 px */
    { SDLK_TAB, ACT_NEXT_SHAPE, 0 },
    { SDLK_0, ACT_LESSON, 0 }, { SDLK_1, ACT_LESSON, 1 }, { SDLK_2, ACT_LESSON, 2 },
    { SDLK_3, ACT_LESSON, 3 }, { SDLK_4, ACT_LESSON, 4 }, { SDLK_5, ACT_LESSON, 5 },
    { SDLK_6, ACT_LESSON, 6 }, { SDLK_7, ACT_LESSON, 7 }, { SDLK_8, ACT_LESSON, 8 },
    { SDLK_9, ACT_LESSON, 9 },
    { SDLK_KP_0, ACT_LESSON, 0 }, { SDLK_KP_1, ACT_LESSON, 1 }, { SDLK_KP_2, ACT_LESSON, 2 },
    { SDLK_KP_3, ACT_LESSON, 3 }, { SDLK_KP_4, ACT_LESSON, 4 }, { SDLK_KP_5, ACT_LESSON, 5 },
    { SDLK_KP_6, ACT_LESSON, 6 }, { SDLK_KP_7, ACT_LESSON, 7 }, { SDLK_KP_8, ACT_LESSON, 8 },
    { SDLK_KP_9, ACT_LESSON, 9 },
    { SDLK_p, ACT_PAUSE, 0 },          { SDLK_PERIOD, ACT_STEP, 0 },
    { SDLK_s, ACT_SLOWMO, 0 },         /* Ctrl+S saves: see app.c */
    { SDLK_o, ACT_RELOAD, 0 },         /* with Ctrl */
    { SDLK_h, ACT_HELP, 0 },           { SDLK_F1, ACT_HELP, 0 },
    { SDLK_c, ACT_PALETTE, 0 },        { SDLK_f, ACT_FPS, 0 },
    { SDLK_SPACE, ACT_EXPLAIN, 0 },    { SDLK_F11, ACT_FULLSCREEN, 0 },
    { SDLK_F12, ACT_SCREENSHOT, 0 },
    { SDLK_F2, ACT_PRESET, 1 },        { SDLK_F3, ACT_PRESET, 2 },
    { SDLK_F4, ACT_PRESET, 3 },        { SDLK_F5, ACT_PRESET, 4 },
    { SDLK_HOME, ACT_VIEW_RESET, 0 },  { SDLK_b, ACT_BROADPHASE, 0 },
    { SDLK_PLUS, ACT_MORE, 0 },        { SDLK_EQUALS, ACT_MORE, 0 },
    { SDLK_KP_PLUS, ACT_MORE, 0 },     { SDLK_MINUS, ACT_FEWER, 0 },
    { SDLK_KP_MINUS, ACT_FEWER, 0 },   { SDLK_l, ACT_LANGUAGE, 0 },
    { SDLK_LEFTBRACKET, ACT_AXIS_PREV, 0 }, { SDLK_RIGHTBRACKET, ACT_AXIS_NEXT, 0 },
    { SDLK_a, ACT_AXIS_ALL, 0 },
    { SDLK_PAGEUP, ACT_LESSON_PREV, 0 }, { SDLK_PAGEDOWN, ACT_LESSON_NEXT, 0 },
    { SDLK_g, ACT_GUESS, 0 },          { SDLK_RETURN, ACT_GUESS_REVEAL, 0 },
    { SDLK_KP_ENTER, ACT_GUESS_REVEAL, 0 }, { SDLK_y, ACT_GUESS_YES, 0 },
    { SDLK_n, ACT_GUESS_NO, 0 },
    { SDLK_ESCAPE, ACT_QUIT, 0 },
    { SDLK_r, ACT_RESTART, 0 },        /* Ctrl+R: the last session's arrangement */
    { SDLK_F7, ACT_THEME, 0 },         /* the light theme, or back to the dark one */
};

const Binding *input_binding_for(Key key)
{
    for (size_t i = 0; i < sizeof BINDINGS / sizeof BINDINGS[0]; i++)
        if (BINDINGS[i].key == key) return &BINDINGS[i];
    return NULL;
}

InputEvent input_key_event(InputKind kind, Key key, bool repeat)
{
    InputEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = kind;
    ev.key = key;
    ev.repeat = repeat;
    const Binding *b = input_binding_for(key);
    if (b != NULL) {
        ev.action = b->action;
        ev.arg = b->arg;
    }
    return ev;
}

/* ---- Input scripts ------------------------------------------------------ */

void script_free(Script *s)
{
    free(s->events);
    s->events = NULL;
    s->count = s->cap = 0;
}

static bool script_push(Script *s, ScriptEvent e)
{
    if (s->count == s->cap) {
        int cap = s->cap > 0 ? s->cap * 2 : 64;
        ScriptEvent *p = realloc(s->events, sizeof *p * (size_t)cap);
        if (p == NULL) return false;
        s->events = p;
        s->cap = cap;
    }
    s->events[s->count++] = e;
    return true;
}

typedef struct Cursor { const char *line; const char *p; const char *end; } Cursor;

static void skip_space(Cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r')) c->p++;
}

/* The next space-separated word; false at the end of the line. */
static bool next_word(Cursor *c, const char **w, size_t *n)
{
    skip_space(c);
    if (c->p >= c->end) return false;
    *w = c->p;
    while (c->p < c->end && *c->p != ' ' && *c->p != '\t' && *c->p != '\r') c->p++;
    *n = (size_t)(c->p - *w);
    return true;
}

static bool word_is(const char *w, size_t n, const char *s)
{
    return strlen(s) == n && memcmp(w, s, n) == 0;
}

static bool parse_number(const char *w, size_t n, double *out)
{
    char buf[64];
    if (n == 0 || n >= sizeof buf) return false;
    memcpy(buf, w, n);
    buf[n] = '\0';
    char *endp = NULL;
    errno = 0;
    double v = strtod(buf, &endp);
    /* as the scene loader (jansson): a denormal or an underflow to zero is a
     * number (1e-320), an overflow is not */
    if (errno == ERANGE && isfinite(v) && fabs(v) <= DBL_MIN) errno = 0;
    if (endp != buf + n || errno != 0 || !isfinite(v)) return false;
    *out = v;
    return true;
}

static float clampf(float v, float lo, float hi) { return v < lo ? lo : v > hi ? hi : v; }

bool script_parse(const char *path, const char *text, size_t len, Script *out,
                  char *err, size_t errlen)
{
    Script s = { 0, 0, NULL };
    const char *p = text, *end = text + len;
    long line_no = 0, last_tick = 0;
    const char *msg = NULL;
    const char *at = NULL;
    const char *line = text;

    while (p < end && msg == NULL) {
        line = p;
        line_no++;
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (eol == NULL) eol = end;
        const char *hash = memchr(line, '#', (size_t)(eol - line));
        Cursor c = { line, line, hash != NULL ? hash : eol };
        p = eol < end ? eol + 1 : end;
        /* a BOM is not a column: columns count from after it, as in scenes */
        if (line_no == 1 && c.end - c.p >= 3 && memcmp(c.p, "\xEF\xBB\xBF", 3) == 0) { c.p += 3; line += 3; }

        const char *w = NULL;
        size_t n = 0;
        if (!next_word(&c, &w, &n)) continue;  /* blank or comment */
        double tick = 0.0;
        at = w;
        if (!parse_number(w, n, &tick) || tick < 0.0 || tick != floor(tick) || tick > 1e9) {
            msg = "expected a tick: a whole number >= 0";
            break;
        }
        if ((long)tick < last_tick) { msg = "ticks out of order (each line's tick must be >= the one before)"; break; }
        last_tick = (long)tick;
        ScriptEvent e;
        memset(&e, 0, sizeof e);
        e.tick = (long)tick;

        if (!next_word(&c, &w, &n)) { at = c.p; msg = "expected an event: key, mouse or wheel"; break; }
        at = w;
        if (word_is(w, n, "key")) {
            if (!next_word(&c, &w, &n) || !(word_is(w, n, "down") || word_is(w, n, "up"))) {
                at = n ? w : c.p; msg = "expected 'down' or 'up' after 'key'"; break;
            }
            e.ev.kind = word_is(w, n, "down") ? IN_KEY_DOWN : IN_KEY_UP;
            skip_space(&c);
            /* the key name is the rest of the line: "Left Shift" has a space */
            const char *name = c.p, *name_end = c.end;
            while (name_end > name && (name_end[-1] == ' ' || name_end[-1] == '\t' || name_end[-1] == '\r')) name_end--;
            at = name;
            char buf[64];
            size_t nl = (size_t)(name_end - name);
            if (nl == 0) { msg = "expected a key name (as SDL_GetKeyFromName: Right, Q, Tab, Left Shift)"; break; }
            if (nl >= sizeof buf) { msg = "unknown key name"; break; }
            memcpy(buf, name, nl);
            buf[nl] = '\0';
            e.ev = input_key_event(e.ev.kind, SDL_GetKeyFromName(buf), false);
            if (e.ev.key == SDLK_UNKNOWN) { msg = "unknown key name (names as SDL_GetKeyFromName: Right, Q, Tab, Left Shift)"; break; }
        } else if (word_is(w, n, "mouse")) {
            if (!next_word(&c, &w, &n)) { at = c.p; msg = "expected 'down', 'up' or 'move' after 'mouse'"; break; }
            if (word_is(w, n, "down")) e.ev.kind = IN_MOUSE_DOWN;
            else if (word_is(w, n, "up")) e.ev.kind = IN_MOUSE_UP;
            else if (word_is(w, n, "move")) e.ev.kind = IN_MOUSE_MOVE;
            else { at = w; msg = "expected 'down', 'up' or 'move' after 'mouse'"; break; }
            double xy[2] = { 0.0, 0.0 };
            for (int k = 0; k < 2 && msg == NULL; k++) {
                if (!next_word(&c, &w, &n)) { at = c.p; msg = "expected mouse coordinates: x y"; break; }
                at = w;
                if (!parse_number(w, n, &xy[k])) msg = "expected a number";
            }
            if (msg != NULL) break;
            /* off the canvas: clamped onto it */
            e.ev.pos = (Vec2){ clampf((float)xy[0], 0.0f, CANVAS_W), clampf((float)xy[1], 0.0f, CANVAS_H) };
            e.ev.button = MOUSE_LEFT;
            if (next_word(&c, &w, &n)) {
                at = w;
                if (word_is(w, n, "right")) e.ev.button = MOUSE_RIGHT;
                else if (word_is(w, n, "left")) e.ev.button = MOUSE_LEFT;
                else { msg = "unexpected text after the coordinates (only 'left' or 'right')"; break; }
            }
        } else if (word_is(w, n, "wheel")) {
            double dy = 0.0;
            if (!next_word(&c, &w, &n)) { at = c.p; msg = "expected wheel notches: dy"; break; }
            at = w;
            if (!parse_number(w, n, &dy) || fabs(dy) > 1000.0) { msg = "expected wheel notches: a number from -1000 to 1000"; break; }
            e.ev.kind = IN_WHEEL;
            e.ev.wheel = (float)dy;
        } else {
            msg = "unknown event (expected key, mouse or wheel)";
            break;
        }
        if (e.ev.kind != IN_KEY_DOWN && e.ev.kind != IN_KEY_UP && next_word(&c, &w, &n)) {
            at = w; msg = "unexpected text at the end of the line"; break;
        }
        if (!script_push(&s, e)) { msg = "out of memory"; break; }
    }
    if (msg != NULL) {
        /* columns count characters (UTF-8), as the scene loader's do */
        long col = 1;
        for (const char *q = line; at != NULL && q < at; q++) col += ((unsigned char)*q & 0xC0) != 0x80;
        char shown[FILEIO_SHOW_MAX + 8];
        snprintf(err, errlen, "%s:%ld:%ld: %s", path_shorten(path, shown, sizeof shown), line_no, col, msg);
        script_free(&s);
        return false;
    }
    *out = s;
    return true;
}

bool script_load(const char *path, Script *out, char *err, size_t errlen)
{
    char *buf = NULL;
    size_t len = 0;
    if (!file_read_all(path, (size_t)16 << 20, "input script", &buf, &len, err, errlen)) {
        for (char *p = err; *p != '\0'; p++)
            if ((unsigned char)*p < 0x20) *p = '?';
        return false;
    }
    if (memchr(buf, '\0', len) != NULL) {
        char shown[FILEIO_SHOW_MAX + 8];
        snprintf(err, errlen, "%s:1:1: input script is not text (it holds a NUL byte)",
                 path_shorten(path, shown, sizeof shown));
        free(buf);
        return false;
    }
    bool ok = script_parse(path, buf, len, out, err, errlen);
    free(buf);
    return ok;
}
