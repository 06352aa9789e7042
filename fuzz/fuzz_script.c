/*
 * fuzz_script.c - libFuzzer target: any bytes as an input script
 * (script_parse).
 *
 * Whatever the bytes, script_parse does not crash, leak or read out of
 * bounds (ASan, UBSan), and it is all or nothing:
 *   - refused: one line "FILE:LINE:COL: message" with LINE, COL >= 1, the
 *     line no further than the text has lines, and the script left empty;
 *   - accepted: ticks >= 0 in order, known keys, mouse positions on the
 *     canvas, finite wheel notches.
 *
 * `make fuzz` links it with libFuzzer; tests/test_app_fuzz_replay.c includes
 * it with FUZZ_ENTRY renamed and replays tests/corpus/script/ in `make test`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "app/input.h"

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif

int FUZZ_ENTRY(const uint8_t *data, size_t size);

static void script_fail(const char *what, const char *err)
{
    fprintf(stderr, "fuzz_script: %s\n  message: %s\n", what, err);
    abort();
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
    // script_load reads at most 16 MiB
    if (size > ((size_t)16 << 20)) return 0;
    Script s = { 0, 0, NULL };
    char err[1024];
    memset(err, 0, sizeof err);
    bool ok = script_parse("f.txt", (const char *)data, size, &s, err, sizeof err);
    if (!ok) {
        long lines = 1;
        for (size_t i = 0; i < size; i++) lines += data[i] == '\n';
        char *end = NULL;
        long line = strncmp(err, "f.txt:", 6) == 0 ? strtol(err + 6, &end, 10) : 0;
        long col = end != NULL && *end == ':' ? strtol(end + 1, &end, 10) : 0;
        if (line < 1 || line > lines || col < 1 || end == NULL || strncmp(end, ": ", 2) != 0 ||
            strchr(err, '\n') != NULL)
            script_fail("refused without a one-line FILE:LINE:COL message", err);
        if (s.count != 0 || s.events != NULL) script_fail("refused, yet filled the script", err);
        return 0;
    }
    long last = 0;
    for (int i = 0; i < s.count; i++) {
        const ScriptEvent *e = &s.events[i];
        if (e->tick < last) script_fail("ticks out of order", "");
        last = e->tick;
        switch (e->ev.kind) {
        case IN_KEY_DOWN:
        case IN_KEY_UP:
            if (e->ev.key == SDLK_UNKNOWN) script_fail("an unknown key was accepted", "");
            break;
        case IN_MOUSE_DOWN:
        case IN_MOUSE_UP:
        case IN_MOUSE_MOVE:
            if (!(e->ev.pos.x >= 0.0f && e->ev.pos.x <= CANVAS_W && e->ev.pos.y >= 0.0f && e->ev.pos.y <= CANVAS_H))
                script_fail("a mouse position off the canvas", "");
            if (e->ev.button != SDL_BUTTON_LEFT && e->ev.button != SDL_BUTTON_RIGHT)
                script_fail("a mouse button that is neither left nor right", "");
            break;
        case IN_WHEEL:
            if (!isfinite(e->ev.wheel) || fabsf(e->ev.wheel) > 1000.0f) script_fail("wheel notches out of range", "");
            break;
        default:
            script_fail("an event of no known kind", "");
        }
    }
    script_free(&s);
    return 0;
}
