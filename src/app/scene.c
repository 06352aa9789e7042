/*
 * scene.c - JSON scenes in and out.
 *
 * jansson parses and reports syntax errors with their line and column. It
 * keeps no positions for values, so for a value that parses but is wrong
 * (a negative radius, a missing field) json_locate() walks the already valid
 * text along the same path (shapes[3].r) to find where to point.
 */
#include "scene.h"
#include "fileio.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* ---- Finding a value in valid JSON text -------------------------------- */

typedef struct PathStep { const char *key; int index; } PathStep;

static const char *ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
    return p;
}

static const char *skip_string(const char *p, const char *end)
{
    p++; /* opening quote */
    while (p < end && *p != '"') p += (*p == '\\' && p + 1 < end) ? 2 : 1;
    return p < end ? p + 1 : end;
}

static const char *skip_value(const char *p, const char *end)
{
    p = ws(p, end);
    if (p >= end) return end;
    if (*p == '"') return skip_string(p, end);
    if (*p == '{' || *p == '[') {
        int depth = 0;
        while (p < end) {
            if (*p == '"') { p = skip_string(p, end); continue; }
            if (*p == '{' || *p == '[') depth++;
            else if (*p == '}' || *p == ']') { depth--; if (depth == 0) return p + 1; }
            p++;
        }
        return end;
    }
    while (p < end && *p != ',' && *p != '}' && *p != ']' && *p != ' ' && *p != '\n' &&
           *p != '\t' && *p != '\r')
        p++;
    return p;
}

/* The start of the value at path, or of the deepest container on it. */
static const char *json_locate(const char *p, const char *end, const PathStep *path, int n)
{
    p = ws(p, end);
    if (n == 0 || p >= end) return p;
    if (*p == '{' && path[0].key != NULL) {
        const char *q = ws(p + 1, end);
        size_t klen = strlen(path[0].key);
        while (q < end && *q == '"') {
            const char *k = q + 1, *kend = skip_string(q, end) - 1;
            q = ws(kend + 1, end);
            if (q < end && *q == ':') q = ws(q + 1, end);
            if ((size_t)(kend - k) == klen && memcmp(k, path[0].key, klen) == 0)
                return json_locate(q, end, path + 1, n - 1);
            q = ws(skip_value(q, end), end);
            if (q < end && *q == ',') q = ws(q + 1, end);
        }
        return p;
    }
    if (*p == '[' && path[0].key == NULL) {
        const char *q = ws(p + 1, end);
        for (int i = 0; q < end && *q != ']'; i++) {
            if (i == path[0].index) return json_locate(q, end, path + 1, n - 1);
            q = ws(skip_value(q, end), end);
            if (q < end && *q == ',') q = ws(q + 1, end);
        }
    }
    return p;
}

/* A message stays on one line: control characters that came from the file
 * (a "\n" in an unknown kind, a raw CR near a JSON error) become '?'. */
static void one_line(char *s)
{
    for (; *s != '\0'; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f) *s = '?';
}

static void line_col(const char *text, const char *at, int *line, int *col)
{
    *line = 1;
    *col = 1;
    for (const char *p = text; p < at; p++) {
        if (*p == '\n') { (*line)++; *col = 1; }
        else if (((unsigned char)*p & 0xC0) != 0x80) (*col)++; /* count characters */
    }
}

/* ---- JSON syntax mistakes jansson words poorly ----------------------------
 *
 * jansson calls a missing comma "'}' expected" and points past a trailing
 * comma at the bracket. Before its message is used, this scan looks for
 * those two mistakes in order and names them: a value (or key) that follows
 * another with no ',' between, and a ',' with nothing after it before '}' or
 * ']'. Anything else is left to jansson. */

static const char *skip_token(const char *p, const char *end)
{
    if (*p == '"') return skip_string(p, end);
    while (p < end && !strchr(",:{}[]\" \t\r\n", *p)) p++;
    return p;
}

static const char *comma_mistake(const char *text, const char *end, const char **at)
{
    char stack[64];
    int depth = 0;
    /* what the last token was: 0 an opening bracket or nothing, 1 a value,
     * 2 a ',', 3 a ':' */
    int last = 0;
    const char *last_comma = NULL;
    for (const char *p = ws(text, end); p < end; p = ws(p, end)) {
        char c = *p;
        if (c == '{' || c == '[') {
            if (last == 1 && depth > 0) { *at = p; return "missing ',' between two values"; }
            if (last == 1) return NULL;
            if (depth == (int)sizeof stack) return NULL;
            stack[depth++] = c;
            last = 0;
            p++;
        } else if (c == '}' || c == ']') {
            if (last == 2) { *at = last_comma; return c == '}' ? "a trailing ',' before '}' (remove it)" : "a trailing ',' before ']' (remove it)"; }
            if (depth == 0) return NULL;
            depth--;
            last = 1;
            p++;
        } else if (c == ',') {
            if (last != 1) return NULL;
            last = 2;
            last_comma = p;
            p++;
        } else if (c == ':') {
            if (last != 1) return NULL;
            last = 3;
            p++;
        } else {
            /* only JSON's own words: anything else is jansson's to name */
            if (depth == 0 || !strchr("\"-0123456789tfn", c)) return NULL;
            if (last == 1) {
                *at = p;
                return depth > 0 && stack[depth - 1] == '{' && c == '"' ? "missing ',' before this key"
                                                                         : "missing ',' between two values";
            }
            last = 1;
            p = skip_token(p, end);
        }
    }
    return NULL;
}

/* ---- Loading ------------------------------------------------------------ */

typedef struct Loader {
    const char *path, *text, *end;
    char *err;
    size_t errlen;
    PathStep steps[4];
    int nsteps;
    bool at_key;   /* point at the last step's key, not at its value */
} Loader;

/* From the start of a value back to the opening quote of its key. */
static const char *key_before(const char *text, const char *v)
{
    const char *p = v;
    while (p > text && strchr(" \t\r\n", p[-1])) p--;
    if (p > text && p[-1] == ':') p--;
    while (p > text && strchr(" \t\r\n", p[-1])) p--;
    if (p > text && p[-1] == '"') {
        p--;
        while (p > text && !(p[-1] == '"' && (p - 1 == text || p[-2] != '\\'))) p--;
        if (p > text) p--;
    }
    return p;
}

static bool fail(Loader *L, const char *fmt, ...)
{
    const char *at = json_locate(L->text, L->end, L->steps, L->nsteps);
    if (L->at_key) at = key_before(L->text, at);
    int line = 1, col = 1;
    line_col(L->text, at, &line, &col);
    char where[96] = "";
    size_t w = 0;
    for (int i = 0; i < L->nsteps && w < sizeof where - 1; i++) {
        int k = L->steps[i].key != NULL
            ? snprintf(where + w, sizeof where - w, "%s%.40s", i ? "." : "", L->steps[i].key)
            : snprintf(where + w, sizeof where - w, "[%d]", L->steps[i].index);
        if (k < 0) break;
        w += (size_t)k;
    }
    if (w >= sizeof where) w = sizeof where - 1;
    char msg[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char shown[FILEIO_SHOW_MAX + 8];
    snprintf(L->err, L->errlen, "%s:%d:%d: %s%s%s", path_shorten(L->path, shown, sizeof shown), line, col, where,
             w ? ": " : "", msg);
    one_line(L->err);
    return false;
}

static const char *json_type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: case JSON_REAL: return "a number";
    case JSON_TRUE: case JSON_FALSE: return "true/false";
    default: return "null";
    }
}

/* A number field of obj; required unless def is given (non-NULL). The
 * range message shows the value as written (100000.01, not 100000). */
static bool get_double(Loader *L, json_t *obj, const char *key, const double *def, double lo, double hi,
                       double *out)
{
    json_t *v = json_object_get(obj, key);
    L->steps[L->nsteps].key = key;
    if (v == NULL) {
        if (def != NULL) { *out = *def; return true; }
        return fail(L, "missing field \"%s\"", key);  /* points at the object */
    }
    L->nsteps++;
    if (!json_is_number(v)) return fail(L, "must be a number, not %s", json_type_name(v));
    double d = json_number_value(v);
    if (!isfinite(d)) return fail(L, "must be a finite number");
    if (d < lo || d > hi) return fail(L, "must be from %g to %g (got %.10g)", lo, hi, d);
    *out = d;
    L->nsteps--;
    return true;
}

static bool get_number(Loader *L, json_t *obj, const char *key, const float *def,
                       float lo, float hi, float *out)
{
    double d = 0.0, dd = def != NULL ? (double)*def : 0.0;
    if (!get_double(L, obj, key, def != NULL ? &dd : NULL, (double)lo, (double)hi, &d)) return false;
    *out = (float)d;
    return true;
}

/* Degrees in a file -> radians in the lab, computed in double so that the
 * shortest decimal written for an angle reads back as the same float. */
static float angle_from_deg(double deg) { return (float)(fmod(deg, 360.0) * (3.14159265358979323846 / 180.0)); }

/* Keys a shape may have: its kind's own, and what --state-out adds. */
static bool shape_keys_ok(Loader *L, json_t *js, const char *kind, const char *const *own, const char *list)
{
    const char *key;
    json_t *v;
    json_object_foreach(js, key, v) {
        bool known = strcmp(key, "kind") == 0 || strcmp(key, "colliding") == 0 || strcmp(key, "selected") == 0;
        for (int i = 0; own[i] != NULL && !known; i++) known = strcmp(key, own[i]) == 0;
        if (!known) {
            L->steps[L->nsteps++].key = key;
            L->at_key = true;
            return fail(L, "unknown key \"%.40s\": a %s has %s", key, kind, list);
        }
    }
    return true;
}

/* A shape wholly off the 1280x720 canvas could never be seen nor reached. */
static bool on_canvas(Loader *L, const Body *b)
{
    Shape s = body_shape(b);
    Aabb box = shape_aabb(&s);
    if (box.max.x >= 0.0f && box.min.x <= CANVAS_W && box.max.y >= 0.0f && box.min.y <= CANVAS_H) return true;
    return fail(L, "the shape lies outside the canvas, which ends at x 0 and %g, y 0 and %g "
                   "(the shape spans x %.6g..%.6g, y %.6g..%.6g)",
                (double)CANVAS_W, (double)CANVAS_H, (double)box.min.x, (double)box.max.x, (double)box.min.y,
                (double)box.max.y);
}

static bool load_shape(Loader *L, json_t *js, Body *out)
{
    if (!json_is_object(js)) return fail(L, "a shape must be an object, not %s", json_type_name(js));
    json_t *kind = json_object_get(js, "kind");
    L->steps[L->nsteps].key = "kind";
    if (kind == NULL) return fail(L, "missing field \"kind\" (circle, rect or poly)");
    L->nsteps++;
    if (!json_is_string(kind)) return fail(L, "must be \"circle\", \"rect\" or \"poly\"");
    const char *k = json_string_value(kind);
    L->nsteps--;
    const double zero = 0.0;
    const float MAXC = 100000.0f, MAXS = 20000.0f;
    if (strcmp(k, "circle") == 0) {
        static const char *const own[] = { "x", "y", "r", "angle_deg", NULL };
        if (!shape_keys_ok(L, js, "circle", own, "x, y, r and angle_deg")) return false;
        float x = 0, y = 0, r = 0;
        double a = 0.0;
        if (!get_number(L, js, "x", NULL, -MAXC, MAXC, &x) || !get_number(L, js, "y", NULL, -MAXC, MAXC, &y) ||
            !get_number(L, js, "r", NULL, -MAXS, MAXS, &r) ||
            !get_double(L, js, "angle_deg", &zero, -1e6, 1e6, &a))
            return false;
        if (!(r > 0.0f)) { L->steps[L->nsteps++].key = "r"; return fail(L, "radius must be > 0 (got %.10g)", (double)r); }
        *out = body_circle(x, y, r);
        out->angle = angle_from_deg(a);
    } else if (strcmp(k, "rect") == 0) {
        static const char *const own[] = { "x", "y", "w", "h", "angle_deg", NULL };
        if (!shape_keys_ok(L, js, "rect", own, "x, y, w, h and angle_deg")) return false;
        float x = 0, y = 0, w = 0, h = 0;
        double a = 0.0;
        if (!get_number(L, js, "x", NULL, -MAXC, MAXC, &x) || !get_number(L, js, "y", NULL, -MAXC, MAXC, &y) ||
            !get_number(L, js, "w", NULL, -MAXS, MAXS, &w) || !get_number(L, js, "h", NULL, -MAXS, MAXS, &h) ||
            !get_double(L, js, "angle_deg", &zero, -1e6, 1e6, &a))
            return false;
        if (!(w > 0.0f)) { L->steps[L->nsteps++].key = "w"; return fail(L, "width must be > 0 (got %.10g)", (double)w); }
        if (!(h > 0.0f)) { L->steps[L->nsteps++].key = "h"; return fail(L, "height must be > 0 (got %.10g)", (double)h); }
        *out = body_rect(x, y, w, h, 0.0f);
        out->angle = angle_from_deg(a);
    } else if (strcmp(k, "poly") == 0) {
        static const char *const own[] = { "points", NULL };
        if (!shape_keys_ok(L, js, "poly", own, "points (its corners, already turned and placed)")) return false;
        json_t *pts = json_object_get(js, "points");
        L->steps[L->nsteps].key = "points";
        if (pts == NULL) return fail(L, "missing field \"points\" ([[x,y], ...], 3 to %d of them)", POLY_MAX_VERTS);
        L->nsteps++;
        if (!json_is_array(pts)) return fail(L, "must be an array of [x, y] points");
        size_t n = json_array_size(pts);
        if (n < 3 || n > POLY_MAX_VERTS)
            return fail(L, "a polygon needs 3 to %d points (got %zu)", POLY_MAX_VERTS, n);
        Vec2 v[POLY_MAX_VERTS];
        for (size_t i = 0; i < n; i++) {
            json_t *pt = json_array_get(pts, i);
            L->steps[L->nsteps].key = NULL;
            L->steps[L->nsteps].index = (int)i;
            L->nsteps++;
            if (!json_is_array(pt) || json_array_size(pt) != 2 ||
                !json_is_number(json_array_get(pt, 0)) || !json_is_number(json_array_get(pt, 1)))
                return fail(L, "a point must be [x, y] with two numbers");
            double x = json_number_value(json_array_get(pt, 0)), y = json_number_value(json_array_get(pt, 1));
            if (!isfinite(x) || !isfinite(y) || fabs(x) > MAXC || fabs(y) > MAXC)
                return fail(L, "coordinates must be finite numbers from %g to %g (got %.10g, %.10g)", -(double)MAXC,
                            (double)MAXC, x, y);
            v[i] = (Vec2){ (float)x, (float)y };
            for (size_t j = 0; j < i; j++)
                if (v[j].x == v[i].x && v[j].y == v[i].y)
                    return fail(L, "repeats point %zu: a polygon's points must all differ", j);
            L->nsteps--;
        }
        Poly p;
        memset(&p, 0, sizeof p);
        p.count = (int)n;
        memcpy(p.verts, v, sizeof v[0] * n);
        /* the module's own test decides (collide.h poly_is_convex); the
         * message only says which way it failed */
        if (!poly_is_convex(&p)) {
            double area2 = 0.0;
            for (size_t i = 0; i < n; i++)
                area2 += (double)v[i].x * v[(i + 1) % n].y - (double)v[i].y * v[(i + 1) % n].x;
            if (area2 == 0.0)
                return fail(L, "the polygon has no area: its points lie on one line, or its edges cross");
            return fail(L, "the polygon is not convex: the separating axis test needs convex shapes "
                           "(a dent hides gaps that no edge normal can see); split it into convex parts");
        }
        L->nsteps--;
        *out = body_poly(v, (int)n);
    } else {
        L->nsteps++;
        return fail(L, "unknown kind \"%.40s\" (circle, rect or poly)", k);
    }
    return on_canvas(L, out);
}

/* The scene's own keys, and (in a --state-out file, which has "tick") what
 * --state-out adds beside them: a state file loads back as a scene. */
static bool top_keys_ok(Loader *L, json_t *root)
{
    static const char *const scene[] = { "title", "shapes", "selected", "lesson", "view", NULL };
    bool state = json_object_get(root, "tick") != NULL;
    const char *key;
    json_t *v;
    json_object_foreach(root, key, v) {
        bool known = state;
        for (int i = 0; scene[i] != NULL && !known; i++) known = strcmp(key, scene[i]) == 0;
        if (!known) {
            L->steps[0].key = key;
            L->nsteps = 1;
            L->at_key = true;
            return fail(L, "unknown key \"%.40s\": a scene has title, shapes, selected, lesson and view", key);
        }
    }
    return true;
}

static bool load_meta(Loader *L, json_t *root, SceneMeta *meta)
{
    json_t *lesson = json_object_get(root, "lesson");
    if (lesson != NULL) {
        L->steps[0].key = "lesson";
        L->nsteps = 1;
        int max = meta != NULL && meta->lesson_max > 0 ? meta->lesson_max : 99;
        double d = json_is_number(lesson) ? json_number_value(lesson) : -1.0;
        if (!json_is_number(lesson) || d != floor(d) || d < 0.0 || d > (double)max)
            return fail(L, "must be a lesson number from 0 to %d", max);
        if (meta != NULL) { meta->has_lesson = true; meta->lesson = (int)d; }
        L->nsteps = 0;
    }
    json_t *view = json_object_get(root, "view");
    if (view != NULL) {
        L->steps[0].key = "view";
        L->nsteps = 1;
        if (!json_is_object(view)) return fail(L, "must be an object: {\"zoom\": Z, \"pan\": [x, y]}");
        const char *key;
        json_t *v;
        json_object_foreach(view, key, v) {
            if (strcmp(key, "zoom") != 0 && strcmp(key, "pan") != 0) {
                L->steps[1].key = key;
                L->nsteps = 2;
                L->at_key = true;
                return fail(L, "unknown key \"%.40s\": a view has zoom and pan", key);
            }
        }
        double one = 1.0, zoom = 1.0;
        if (!get_double(L, view, "zoom", &one, 1.0, 16.0, &zoom)) return false;
        double pan[2] = { 0.5 * CANVAS_W, 0.5 * CANVAS_H };
        json_t *jp = json_object_get(view, "pan");
        if (jp != NULL) {
            L->steps[1].key = "pan";
            L->nsteps = 2;
            if (!json_is_array(jp) || json_array_size(jp) != 2 || !json_is_number(json_array_get(jp, 0)) ||
                !json_is_number(json_array_get(jp, 1)))
                return fail(L, "must be [x, y]: the canvas point at the centre of the window");
            pan[0] = json_number_value(json_array_get(jp, 0));
            pan[1] = json_number_value(json_array_get(jp, 1));
            if (!(pan[0] >= 0.0 && pan[0] <= CANVAS_W && pan[1] >= 0.0 && pan[1] <= CANVAS_H))
                return fail(L, "must be a point on the canvas (x 0 to %g, y 0 to %g)", (double)CANVAS_W,
                            (double)CANVAS_H);
        }
        if (meta != NULL) {
            meta->has_view = true;
            meta->zoom = (float)zoom;
            meta->pan = (Vec2){ (float)pan[0], (float)pan[1] };
        }
        L->nsteps = 0;
    }
    return true;
}

bool scene_parse_meta(const char *path, const char *text, size_t len, World *out, SceneMeta *meta,
                      char *err, size_t errlen)
{
    /* a UTF-8 byte order mark, as some editors write, is accepted */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) { text += 3; len -= 3; }
    Loader L = { path, text, text + len, err, errlen, { { NULL, 0 } }, 0, false };
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    char shown[FILEIO_SHOW_MAX + 8];
    if (root == NULL) {
        const char *at = NULL;
        const char *why = comma_mistake(text, text + len, &at);
        if (why != NULL) {
            int line = 1, col = 1;
            line_col(text, at, &line, &col);
            snprintf(err, errlen, "%s:%d:%d: not valid JSON: %s", path_shorten(path, shown, sizeof shown), line, col,
                     why);
        } else {
            snprintf(err, errlen, "%s:%d:%d: not valid JSON: %s", path_shorten(path, shown, sizeof shown),
                     je.line < 1 ? 1 : je.line, je.column < 1 ? 1 : je.column, je.text);
        }
        one_line(err);
        return false;
    }
    SceneMeta m;
    memset(&m, 0, sizeof m);
    m.lesson_max = meta != NULL ? meta->lesson_max : 0;
    World w;
    world_init(&w);
    bool ok = false;
    do {
        if (!json_is_object(root)) { fail(&L, "a scene must be a JSON object with \"shapes\""); break; }
        if (!top_keys_ok(&L, root)) break;
        L.at_key = false;
        L.nsteps = 0;
        if (!load_meta(&L, root, &m)) break;
        L.at_key = false;
        L.nsteps = 0;
        json_t *title = json_object_get(root, "title");
        if (title != NULL) {
            L.steps[0].key = "title";
            L.nsteps = 1;
            if (!json_is_string(title)) { fail(&L, "must be a string"); break; }
            const char *t = json_string_value(title);
            size_t tl = strlen(t);
            if (tl >= TITLE_MAX) {
                tl = TITLE_MAX - 1;
                while (tl > 0 && ((unsigned char)t[tl] & 0xC0) == 0x80) tl--; /* whole characters */
            }
            memcpy(w.title, t, tl);
            w.title[tl] = '\0';
            L.nsteps = 0;
        }
        json_t *shapes = json_object_get(root, "shapes");
        L.steps[0].key = "shapes";
        if (shapes == NULL) { fail(&L, "missing field \"shapes\" (an array, may be empty)"); break; }
        L.nsteps = 1;
        if (!json_is_array(shapes)) { fail(&L, "must be an array of shapes"); break; }
        size_t n = json_array_size(shapes);
        if (n > SCENE_MAX_SHAPES) { fail(&L, "too many shapes: %zu (at most %d)", n, SCENE_MAX_SHAPES); break; }
        bool shapes_ok = true;
        for (size_t i = 0; i < n && shapes_ok; i++) {
            L.steps[1].key = NULL;
            L.steps[1].index = (int)i;
            L.nsteps = 2;
            Body b;
            memset(&b, 0, sizeof b);
            shapes_ok = load_shape(&L, json_array_get(shapes, i), &b);
            if (shapes_ok && !world_add(&w, &b)) { fail(&L, "out of memory"); shapes_ok = false; }
        }
        if (!shapes_ok) break;
        L.nsteps = 0;
        json_t *sel = json_object_get(root, "selected");
        w.selected = n > 0 ? 0 : -1;
        if (sel != NULL && !json_is_null(sel)) {
            L.steps[0].key = "selected";
            L.nsteps = 1;
            double s = json_is_number(sel) ? json_number_value(sel) : -2.0;
            if (!json_is_number(sel) || s != floor(s) || s < -1.0 || s >= (double)n) {
                fail(&L, "must be a shape index from 0 to %zu, or -1 for none", n > 0 ? n - 1 : 0);
                break;
            }
            w.selected = (int)s;
        }
        ok = true;
    } while (0);
    json_decref(root);
    if (!ok) { world_free(&w); return false; }
    world_collide(&w);
    world_take(out, &w);
    world_free(&w);
    if (meta != NULL) *meta = m;
    return true;
}

bool scene_parse(const char *path, const char *text, size_t len, World *out, char *err, size_t errlen)
{
    return scene_parse_meta(path, text, len, out, NULL, err, errlen);
}

bool scene_load_meta(const char *path, World *out, SceneMeta *meta, char *err, size_t errlen)
{
    char *buf = NULL;
    size_t len = 0;
    if (!file_read_all(path, SCENE_MAX_BYTES, "scene file", &buf, &len, err, errlen)) {
        one_line(err);
        return false;
    }
    bool ok = scene_parse_meta(path, buf, len, out, meta, err, errlen);
    free(buf);
    return ok;
}

bool scene_load(const char *path, World *out, char *err, size_t errlen)
{
    return scene_load_meta(path, out, NULL, err, errlen);
}

/* ---- Writing ------------------------------------------------------------ */

/* v as the shortest decimal that reads back as the same float (at most 9
 * significant digits, %.9g, always do): a save reloads exactly. Written
 * with JSON_REAL_PRECISION(9), the double holding that decimal prints as it. */
static json_t *num(float v)
{
    if (v == 0.0f) return json_integer(0);   /* no "-0" */
    char buf[32];
    double d = (double)v;
    for (int digits = 1; digits <= 9; digits++) {
        snprintf(buf, sizeof buf, "%.*g", digits, (double)v);
        d = strtod(buf, NULL);
        if ((float)d == v) break;
    }
    return d == floor(d) && fabs(d) < 1e15 ? json_integer((json_int_t)d) : json_real(d);
}

/* An angle as degrees: the shortest decimal that angle_from_deg turns back
 * into the same float. */
static json_t *deg_json(float angle)
{
    if (angle == 0.0f) return json_integer(0);
    double deg = (double)angle * (180.0 / 3.14159265358979323846);
    char buf[40];
    double d = deg;
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, sizeof buf, "%.*g", digits, deg);
        d = strtod(buf, NULL);
        if (angle_from_deg(d) == angle) break;
    }
    return d == floor(d) && fabs(d) < 1e15 ? json_integer((json_int_t)d) : json_real(d);
}

json_t *scene_shape_json(const Body *b)
{
    json_t *o = json_object();
    switch (b->kind) {
    case SHAPE_CIRCLE:
        json_object_set_new(o, "kind", json_string("circle"));
        json_object_set_new(o, "x", num(b->pos.x));
        json_object_set_new(o, "y", num(b->pos.y));
        json_object_set_new(o, "r", num(b->radius));
        if (b->angle != 0.0f) json_object_set_new(o, "angle_deg", deg_json(b->angle));
        break;
    case SHAPE_RECT:
        json_object_set_new(o, "kind", json_string("rect"));
        json_object_set_new(o, "x", num(b->pos.x));
        json_object_set_new(o, "y", num(b->pos.y));
        json_object_set_new(o, "w", num(2.0f * b->half.x));
        json_object_set_new(o, "h", num(2.0f * b->half.y));
        json_object_set_new(o, "angle_deg", deg_json(b->angle));
        break;
    case SHAPE_POLY: {
        json_object_set_new(o, "kind", json_string("poly"));
        Shape s = body_shape(b);
        json_t *pts = json_array();
        for (int i = 0; i < s.poly.count; i++)
            json_array_append_new(pts, json_pack("[oo]", num(s.poly.verts[i].x), num(s.poly.verts[i].y)));
        json_object_set_new(o, "points", pts);
        break;
    }
    }
    return o;
}

json_t *scene_to_json(const World *w)
{
    json_t *shapes = json_array();
    for (int i = 0; i < w->count; i++) json_array_append_new(shapes, scene_shape_json(&w->bodies[i]));
    return json_pack("{s:s, s:o, s:i}", "title", w->title, "shapes", shapes, "selected", w->selected);
}

json_t *scene_to_json_meta(const World *w, const SceneMeta *meta)
{
    json_t *doc = scene_to_json(w);
    if (doc != NULL && meta != NULL && meta->has_lesson) json_object_set_new(doc, "lesson", json_integer(meta->lesson));
    if (doc != NULL && meta != NULL && meta->has_view)
        json_object_set_new(doc, "view", json_pack("{s:o, s:[o,o]}", "zoom", num(meta->zoom), "pan", num(meta->pan.x),
                                                   num(meta->pan.y)));
    return doc;
}
