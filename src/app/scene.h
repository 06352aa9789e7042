/*
 * scene.h - scenes as JSON (CONTRACT.md section 3), read and written with
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

/* Reads a scene file into *out (initialised by the caller, replaced only on
 * success). err gets "FILE:LINE:COL: message". */
bool scene_load(const char *path, World *out, char *err, size_t errlen);
/* The same from text in memory (path only names it in messages). */
bool scene_parse(const char *path, const char *text, size_t len, World *out,
                 char *err, size_t errlen);

/* The world in the scene format: title, shapes, selected. New reference. */
json_t *scene_to_json(const World *w);
/* One shape in the scene format. New reference. */
json_t *scene_shape_json(const Body *b);

#endif
