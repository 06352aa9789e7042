/*
 * fuzz_scene.c - libFuzzer target: any bytes as a scene file (scene_parse).
 *
 * Whatever the bytes, scene_parse does not crash, leak or read out of
 * bounds (ASan, UBSan), and it is all or nothing:
 *   - refused: one line "FILE:LINE:COL: message" with LINE, COL >= 1, and
 *     the caller's world untouched;
 *   - accepted: at most SCENE_MAX_SHAPES shapes, every number finite, every
 *     size > 0, polygons of 3..POLY_MAX_VERTS points, a selection in range,
 *     and the shapes the collision pass sees valid.
 *
 * `make fuzz` links it with libFuzzer; tests/test_app_fuzz_replay.c includes
 * it with FUZZ_ENTRY renamed and replays tests/corpus/scene/ in `make test`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/scene.h"

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif

int FUZZ_ENTRY(const uint8_t *data, size_t size);

static void scene_fail(const char *what, const char *err)
{
    fprintf(stderr, "fuzz_scene: %s\n  message: %s\n", what, err);
    abort();
}

/* "f.json:LINE:COL: text" on one line, LINE and COL whole numbers >= 1. */
static bool message_ok(const char *err)
{
    const char *p = err;
    if (strncmp(p, "f.json:", 7) != 0) return false;
    p += 7;
    for (int part = 0; part < 2; part++) {
        char *end = NULL;
        long v = strtol(p, &end, 10);
        if (end == p || v < 1 || *end != ':') return false;
        p = end + 1;
    }
    return *p == ' ' && strchr(err, '\n') == NULL && strchr(err, '\r') == NULL;
}

static bool finite2(Vec2 v) { return isfinite(v.x) && isfinite(v.y); }

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
    // the loader refuses files over 16 MiB before parsing; so does this
    if (size > SCENE_MAX_BYTES) return 0;
    World w;
    world_init(&w);
    // a world with one shape in it: a refusal must leave it as it is
    Body keep = body_circle(100.0f, 100.0f, 10.0f);
    world_add(&w, &keep);
    char err[1024];
    memset(err, 0, sizeof err);
    bool ok = scene_parse("f.json", (const char *)data, size, &w, err, sizeof err);
    if (!ok) {
        if (!message_ok(err)) scene_fail("refused without a one-line FILE:LINE:COL message", err);
        if (w.count != 1 || w.bodies[0].radius != 10.0f) scene_fail("refused, yet changed the world", err);
    } else {
        if (w.count > SCENE_MAX_SHAPES) scene_fail("more shapes than SCENE_MAX_SHAPES", "");
        if (w.selected < -1 || w.selected >= w.count) scene_fail("selection out of range", "");
        for (int i = 0; i < w.count; i++) {
            const Body *b = &w.bodies[i];
            if (!finite2(b->pos) || !isfinite(b->angle)) scene_fail("a position or angle is not finite", "");
            if (b->kind == SHAPE_CIRCLE && !(b->radius > 0.0f)) scene_fail("a circle's radius is not > 0", "");
            if (b->kind == SHAPE_RECT && !(b->half.x > 0.0f && b->half.y > 0.0f)) scene_fail("a rectangle's size is not > 0", "");
            if (b->kind == SHAPE_POLY && (b->count < 3 || b->count > POLY_MAX_VERTS)) scene_fail("a polygon's count is out of range", "");
            if (!shape_is_valid(&w.shapes[i])) scene_fail("the collision pass sees a bad shape", "");
        }
    }
    world_free(&w);
    return 0;
}
