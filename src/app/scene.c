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

static const float DEG = 0.017453292519943295f;

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

/* ---- Loading ------------------------------------------------------------ */

typedef struct Loader {
    const char *path, *text, *end;
    char *err;
    size_t errlen;
    PathStep steps[4];
    int nsteps;
} Loader;

static bool fail(Loader *L, const char *fmt, ...)
{
    const char *at = json_locate(L->text, L->end, L->steps, L->nsteps);
    int line = 1, col = 1;
    line_col(L->text, at, &line, &col);
    char where[96] = "";
    size_t w = 0;
    for (int i = 0; i < L->nsteps && w < sizeof where - 1; i++) {
        int k = L->steps[i].key != NULL
            ? snprintf(where + w, sizeof where - w, "%s%s", i ? "." : "", L->steps[i].key)
            : snprintf(where + w, sizeof where - w, "[%d]", L->steps[i].index);
        if (k < 0) break;
        w += (size_t)k;
    }
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(L->err, L->errlen, "%s:%d:%d: %s%s%s", L->path, line, col, where, w ? ": " : "", msg);
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

/* A number field of obj; required unless def is given (non-NULL). */
static bool get_number(Loader *L, json_t *obj, const char *key, const float *def,
                       float lo, float hi, float *out)
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
    if (d < lo || d > hi) return fail(L, "must be from %g to %g (got %g)", (double)lo, (double)hi, d);
    *out = (float)d;
    L->nsteps--;
    return true;
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
    const float zero = 0.0f;
    const float MAXC = 100000.0f, MAXS = 20000.0f;
    if (strcmp(k, "circle") == 0) {
        float x = 0, y = 0, r = 0, a = 0;
        if (!get_number(L, js, "x", NULL, -MAXC, MAXC, &x) || !get_number(L, js, "y", NULL, -MAXC, MAXC, &y) ||
            !get_number(L, js, "r", NULL, -MAXS, MAXS, &r) ||
            !get_number(L, js, "angle_deg", &zero, -1e6f, 1e6f, &a))
            return false;
        if (!(r > 0.0f)) { L->steps[L->nsteps++].key = "r"; return fail(L, "radius must be > 0 (got %g)", (double)r); }
        *out = body_circle(x, y, r);
        out->angle = fmodf(a, 360.0f) * DEG;
    } else if (strcmp(k, "rect") == 0) {
        float x = 0, y = 0, w = 0, h = 0, a = 0;
        if (!get_number(L, js, "x", NULL, -MAXC, MAXC, &x) || !get_number(L, js, "y", NULL, -MAXC, MAXC, &y) ||
            !get_number(L, js, "w", NULL, -MAXS, MAXS, &w) || !get_number(L, js, "h", NULL, -MAXS, MAXS, &h) ||
            !get_number(L, js, "angle_deg", &zero, -1e6f, 1e6f, &a))
            return false;
        if (!(w > 0.0f)) { L->steps[L->nsteps++].key = "w"; return fail(L, "width must be > 0 (got %g)", (double)w); }
        if (!(h > 0.0f)) { L->steps[L->nsteps++].key = "h"; return fail(L, "height must be > 0 (got %g)", (double)h); }
        *out = body_rect(x, y, w, h, fmodf(a, 360.0f));
    } else if (strcmp(k, "poly") == 0) {
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
                return fail(L, "coordinates must be finite numbers from %g to %g", -(double)MAXC, (double)MAXC);
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
        if (fabsf(poly_signed_area(&p)) < 1e-3f)
            return fail(L, "the polygon has no area: its points lie on one line, or its edges cross");
        if (!poly_is_convex(&p))
            return fail(L, "the polygon is not convex: the separating axis test needs convex shapes "
                           "(a dent hides gaps that no edge normal can see); split it into convex parts");
        L->nsteps--;
        *out = body_poly(v, (int)n);
    } else {
        L->nsteps++;
        return fail(L, "unknown kind \"%s\" (circle, rect or poly)", k);
    }
    return true;
}

bool scene_parse(const char *path, const char *text, size_t len, World *out,
                 char *err, size_t errlen)
{
    /* a UTF-8 byte order mark, as some editors write, is accepted */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) { text += 3; len -= 3; }
    Loader L = { path, text, text + len, err, errlen, { { NULL, 0 } }, 0 };
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (root == NULL) {
        snprintf(err, errlen, "%s:%d:%d: not valid JSON: %s", path, je.line < 1 ? 1 : je.line,
                 je.column < 1 ? 1 : je.column, je.text);
        one_line(err);
        return false;
    }
    World w;
    world_init(&w);
    bool ok = false;
    do {
        if (!json_is_object(root)) { fail(&L, "a scene must be a JSON object with \"shapes\""); break; }
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
    return true;
}

bool scene_load(const char *path, World *out, char *err, size_t errlen)
{
    char *buf = NULL;
    size_t len = 0;
    if (!file_read_all(path, SCENE_MAX_BYTES, "scene file", &buf, &len, err, errlen)) {
        one_line(err);
        return false;
    }
    bool ok = scene_parse(path, buf, len, out, err, errlen);
    free(buf);
    return ok;
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

json_t *scene_shape_json(const Body *b)
{
    json_t *o = json_object();
    switch (b->kind) {
    case SHAPE_CIRCLE:
        json_object_set_new(o, "kind", json_string("circle"));
        json_object_set_new(o, "x", num(b->pos.x));
        json_object_set_new(o, "y", num(b->pos.y));
        json_object_set_new(o, "r", num(b->radius));
        if (b->angle != 0.0f) json_object_set_new(o, "angle_deg", num(b->angle / DEG));
        break;
    case SHAPE_RECT:
        json_object_set_new(o, "kind", json_string("rect"));
        json_object_set_new(o, "x", num(b->pos.x));
        json_object_set_new(o, "y", num(b->pos.y));
        json_object_set_new(o, "w", num(2.0f * b->half.x));
        json_object_set_new(o, "h", num(2.0f * b->half.y));
        json_object_set_new(o, "angle_deg", num(b->angle / DEG));
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
