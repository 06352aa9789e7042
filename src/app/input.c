/*
 * input.c - the held-key set (the binding table and the scripts are
 * keys.c's, the front end's).
 */
#include "input.h"

#include <string.h>

void held_clear(HeldSet *h) { h->count = 0; }

bool held_has(const HeldSet *h, Key key)
{
    for (int i = 0; i < h->count; i++)
        if (h->keys[i].key == key) return true;
    return false;
}

void held_add(HeldSet *h, Key key, Action action)
{
    if (held_has(h, key) || h->count >= HELD_MAX) return;
    h->keys[h->count++] = (Binding){ key, action, 0 };
}

void held_remove(HeldSet *h, Key key)
{
    for (int i = 0; i < h->count; i++) {
        if (h->keys[i].key == key) {
            h->keys[i] = h->keys[--h->count];
            return;
        }
    }
}

bool held_action(const HeldSet *h, Action action)
{
    for (int i = 0; i < h->count; i++)
        if (h->keys[i].action == action) return true;
    return false;
}

Motion held_motion(const HeldSet *h)
{
    Motion m = { 0.0f, 0.0f, 0.0f, false };
    /* opposite keys held together cancel out */
    m.dx = (float)held_action(h, ACT_RIGHT) - (float)held_action(h, ACT_LEFT);
    m.dy = (float)held_action(h, ACT_DOWN) - (float)held_action(h, ACT_UP);
    /* with Alt the arrows nudge by one pixel a tap (app.c), not glide */
    if (held_action(h, ACT_NUDGE)) m.dx = m.dy = 0.0f;
    /* Q turns counter-clockwise on screen: the angle decreases */
    m.turn = (float)held_action(h, ACT_TURN_CW) - (float)held_action(h, ACT_TURN_CCW);
    m.slow = held_action(h, ACT_SLOW);
    return m;
}

