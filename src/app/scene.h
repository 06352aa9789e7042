/*
 * scene.h - scenes as JSON (README.md, "Writing a scene"), read and written with
 * jansson. Loading is all or nothing: on any error the caller's world is not
 * touched and the message names the file, line and column.
 */
#ifndef SCENE_H
#define SCENE_H

#include <stdbool.h>
#include <stddef.h>
#include <jansson.h>
#include "world.h"

#define SCENE_MAX_BYTES ((size_t)16 << 20)

/* What a scene may say beside its shapes (README: "Writing a scene"). */
typedef struct SceneMeta {
    int lesson_max;          /* in: the highest lesson number accepted (0: 99) */
    bool has_lesson;         /* "lesson": N */
    int lesson;
    bool has_view;           /* "view": {"zoom": Z, "pan": [x, y]} */
    float zoom;              /* 1..16 */
    Vec2 pan;                /* the canvas point at the window's centre */
} SceneMeta;

/* Reads a scene file into *out (initialised by the caller, replaced only on
 * success). err gets "FILE:LINE:COL: message". Only regular files are read
 * (fileio.c). */
bool scene_load(const char *path, World *out, char *err, size_t errlen);
/* The same, with "lesson" and "view" into *meta (may be NULL; set
 * meta->lesson_max first). */
bool scene_load_meta(const char *path, World *out, SceneMeta *meta, char *err, size_t errlen);
/* The same from text in memory (path only names it in messages). */
bool scene_parse(const char *path, const char *text, size_t len, World *out,
                 char *err, size_t errlen);
bool scene_parse_meta(const char *path, const char *text, size_t len, World *out, SceneMeta *meta,
                      char *err, size_t errlen);

/* The world in the scene format: title, shapes, selected. New reference.
 * Numbers are the shortest decimals that read back as the same floats:
 * dump with JSON_REAL_PRECISION(9) (17 for nothing else). */
json_t *scene_to_json(const World *w);
/* The same with "lesson" and "view" where meta has them. */
json_t *scene_to_json_meta(const World *w, const SceneMeta *meta);
/* One shape in the scene format. New reference. */
json_t *scene_shape_json(const Body *b);

#endif
