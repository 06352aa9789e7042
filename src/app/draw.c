/*
 * draw.c - the vertex batch and the primitives the lab draws with.
 */
#include "draw.h"
#include "canvas_size.h"
#include "i18n.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- View --------------------------------------------------------------- */

void view_fit(View *v, int out_w, int out_h)
{
    v->out_w = out_w > 1 ? out_w : 1;
    v->out_h = out_h > 1 ? out_h : 1;
    float sx = (float)v->out_w / CANVAS_W, sy = (float)v->out_h / CANVAS_H;
    v->fit = sx < sy ? sx : sy;
    v->ox = 0.5f * ((float)v->out_w - CANVAS_W * v->fit);
    v->oy = 0.5f * ((float)v->out_h - CANVAS_H * v->fit);
    if (!(v->zoom > 0.0f)) { v->zoom = 1.0f; v->pan = (Vec2){ 0.5f * CANVAS_W, 0.5f * CANVAS_H }; }
}

float view_scale(const View *v) { return v->fit * v->zoom; }

float view_hud_top(const View *v) { return v->fit > 0.0f ? -fmaxf(v->oy, 0.0f) / v->fit : 0.0f; }

float view_hud_bottom(const View *v)
{
    return v->fit > 0.0f ? CANVAS_H + fmaxf((float)v->out_h - v->oy - CANVAS_H * v->fit, 0.0f) / v->fit : CANVAS_H;
}

float view_text_boost(const View *v)
{
    float b = v->fit > 0.0f ? (float)v->out_h / (CANVAS_H * v->fit) : 1.0f;
    return b > 1.0f ? b : 1.0f;
}

Vec2 view_to_screen(const View *v, Vec2 p)
{
    /* zoom about the pan point, which stays at the canvas centre */
    float cx = 0.5f * CANVAS_W + (p.x - v->pan.x) * v->zoom;
    float cy = 0.5f * CANVAS_H + (p.y - v->pan.y) * v->zoom;
    return (Vec2){ v->ox + cx * v->fit, v->oy + cy * v->fit };
}

Vec2 view_to_canvas(const View *v, Vec2 s)
{
    float cx = (s.x - v->ox) / v->fit, cy = (s.y - v->oy) / v->fit;
    return (Vec2){ v->pan.x + (cx - 0.5f * CANVAS_W) / v->zoom, v->pan.y + (cy - 0.5f * CANVAS_H) / v->zoom };
}

/* ---- The batch ---------------------------------------------------------- */

void canvas_start(Canvas *c, const CanvasDevice *dev, void *out, void *font, const View *v)
{
    c->dev = dev;
    c->out = out;
    c->font = dev != NULL ? font : NULL;
    c->view = *v;
    c->nv = c->ni = 0;
    c->label_count = c->keep_out_count = c->label_overlaps = c->line_count = 0;
    c->label_as_asked = false;
    if (c->log != NULL) c->log->text_count = c->log->box_count = c->log->leader_count = 0;
}

void canvas_flush(Canvas *c)
{
    if (c->ni > 0 && c->dev != NULL) c->dev->triangles(c->out, c->verts, c->nv, c->idx, c->ni);
    c->nv = c->ni = 0;
}

void canvas_clear(Canvas *c, Color col)
{
    if (c->dev != NULL) c->dev->clear(c->out, col);
}

bool canvas_has_text(const Canvas *c) { return c->font != NULL; }

bool canvas_has_cjk(const Canvas *c) { return c->font != NULL && c->dev->has_cjk(c->font); }

void canvas_free(Canvas *c)
{
    free(c->verts);
    free(c->idx);
    c->verts = NULL;
    c->idx = NULL;
    c->nv = c->ni = c->cap_v = c->cap_i = 0;
}

/* Room for nv more vertices and ni more indices; false if memory ran out. */
static bool reserve(Canvas *c, int nv, int ni)
{
    if (c->nv + nv > c->cap_v) {
        int cap = c->cap_v ? c->cap_v : 4096;
        while (cap < c->nv + nv) cap *= 2;
        CanvasVertex *p = realloc(c->verts, sizeof *p * (size_t)cap);
        if (p == NULL) { c->out_of_memory = true; return false; }
        c->verts = p;
        c->cap_v = cap;
    }
    if (c->ni + ni > c->cap_i) {
        int cap = c->cap_i ? c->cap_i : 8192;
        while (cap < c->ni + ni) cap *= 2;
        int *p = realloc(c->idx, sizeof *p * (size_t)cap);
        if (p == NULL) { c->out_of_memory = true; return false; }
        c->idx = p;
        c->cap_i = cap;
    }
    return true;
}

static CanvasVertex vert(Vec2 screen, Color col)
{
    CanvasVertex v = { screen.x, screen.y, col };
    return v;
}

/* A convex fan in screen space. */
static void fan_screen(Canvas *c, const Vec2 *s, int n, Color col)
{
    if (n < 3 || !reserve(c, n, 3 * (n - 2))) return;
    int base = c->nv;
    for (int i = 0; i < n; i++) c->verts[c->nv++] = vert(s[i], col);
    for (int i = 1; i + 1 < n; i++) {
        c->idx[c->ni++] = base;
        c->idx[c->ni++] = base + i;
        c->idx[c->ni++] = base + i + 1;
    }
}

/* A quad for the segment a-b in screen space, w pixels wide. */
static void segment_screen(Canvas *c, Vec2 a, Vec2 b, float w, Color col)
{
    float dx = b.x - a.x, dy = b.y - a.y;
    float len = sqrtf(dx * dx + dy * dy);
    if (!(len > 1e-6f) || !isfinite(len)) return;
    float nx = -dy / len * 0.5f * w, ny = dx / len * 0.5f * w;
    Vec2 q[4] = { { a.x + nx, a.y + ny }, { b.x + nx, b.y + ny }, { b.x - nx, b.y - ny }, { a.x - nx, a.y - ny } };
    fan_screen(c, q, 4, col);
}

static float px(const Canvas *c, float w) { return w * c->view.fit; }

void draw_poly_fill(Canvas *c, const Vec2 *pts, int n, Color col)
{
    Vec2 s[128];
    if (n > 128) n = 128;
    for (int i = 0; i < n; i++) s[i] = view_to_screen(&c->view, pts[i]);
    fan_screen(c, s, n, col);
}

void draw_poly_outline(Canvas *c, const Vec2 *pts, int n, float width, Color col)
{
    float w = px(c, width);
    for (int i = 0; i < n; i++) {
        Vec2 a = view_to_screen(&c->view, pts[i]), b = view_to_screen(&c->view, pts[(i + 1) % n]);
        segment_screen(c, a, b, w, col);
        /* a small square at each joint hides the notch between segments */
        Vec2 q[4] = { { a.x - 0.5f * w, a.y - 0.5f * w }, { a.x + 0.5f * w, a.y - 0.5f * w },
                      { a.x + 0.5f * w, a.y + 0.5f * w }, { a.x - 0.5f * w, a.y + 0.5f * w } };
        if (n <= 16) fan_screen(c, q, 4, col);
    }
}

void draw_line(Canvas *c, Vec2 a, Vec2 b, float width, Color col)
{
    segment_screen(c, view_to_screen(&c->view, a), view_to_screen(&c->view, b), px(c, width), col);
}

void draw_dashed_line(Canvas *c, Vec2 a, Vec2 b, float width, float dash, Color col)
{
    float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
    if (!(len > 0.0f) || !(dash > 0.0f)) return;
    int n = (int)(len / dash);
    if (n > 2000) n = 2000;
    for (int i = 0; i <= n; i += 2) {
        float t0 = (float)i * dash / len, t1 = fminf(1.0f, (float)(i + 1) * dash / len);
        draw_line(c, (Vec2){ a.x + dx * t0, a.y + dy * t0 }, (Vec2){ a.x + dx * t1, a.y + dy * t1 }, width, col);
    }
}

void draw_arrow(Canvas *c, Vec2 from, Vec2 to, float width, Color col)
{
    Vec2 a = view_to_screen(&c->view, from), b = view_to_screen(&c->view, to);
    float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
    if (!(len > 1e-3f)) return;
    float w = px(c, width), head = fminf(4.0f * w + 6.0f, 0.6f * len);
    float ux = dx / len, uy = dy / len;
    Vec2 base = { b.x - ux * head, b.y - uy * head };
    segment_screen(c, a, base, w, col);
    Vec2 tri[3] = { b, { base.x - uy * head * 0.5f, base.y + ux * head * 0.5f },
                    { base.x + uy * head * 0.5f, base.y - ux * head * 0.5f } };
    fan_screen(c, tri, 3, col);
}

void draw_dot(Canvas *c, Vec2 p, float radius_px, Color col)
{
    Vec2 s = view_to_screen(&c->view, p);
    float r = px(c, radius_px);
    Vec2 q[16];
    for (int i = 0; i < 16; i++) {
        float t = 6.2831853f * (float)i / 16.0f;
        q[i] = (Vec2){ s.x + r * cosf(t), s.y + r * sinf(t) };
    }
    fan_screen(c, q, 16, col);
}

void draw_box(Canvas *c, float x, float y, float w, float h, Color col)
{
    Vec2 q[4] = { { x, y }, { x + w, y }, { x + w, y + h }, { x, y + h } };
    draw_poly_fill(c, q, 4, col);
}

void draw_hatch(Canvas *c, const Vec2 *pts, int n, float spacing, float width, Color col)
{
    if (n < 3 || !(spacing > 0.0f)) return;
    /* Lines x + y = k; clip each to the convex outline by intersecting the
     * half-planes of its edges (Cyrus-Beck). Winding is found from the area. */
    float area = 0.0f, lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < n; i++) {
        Vec2 a = pts[i], b = pts[(i + 1) % n];
        area += a.x * b.y - a.y * b.x;
        float k = a.x + a.y;
        lo = fminf(lo, k);
        hi = fmaxf(hi, k);
    }
    float sgn = area >= 0.0f ? 1.0f : -1.0f;
    if (!isfinite(lo) || !isfinite(hi) || (hi - lo) / spacing > 400.0f) return;
    const float d = 0.70710678f; /* line direction (1, -1)/sqrt2 */
    for (float k = ceilf(lo / spacing) * spacing; k <= hi; k += spacing) {
        Vec2 p0 = { 0.5f * k, 0.5f * k }; /* a point on x + y = k */
        float t0 = -1e9f, t1 = 1e9f;
        for (int i = 0; i < n && t0 <= t1; i++) {
            Vec2 a = pts[i], b = pts[(i + 1) % n];
            /* inside is where cross(b - a, p - a) * sgn >= 0 */
            float ex = b.x - a.x, ey = b.y - a.y;
            float f0 = (ex * (p0.y - a.y) - ey * (p0.x - a.x)) * sgn;
            float fd = (ex * (-d) - ey * d) * sgn;
            if (fabsf(fd) < 1e-9f) { if (f0 < 0.0f) t1 = -1e9f; continue; }
            float t = -f0 / fd;
            if (fd > 0.0f) t0 = fmaxf(t0, t); else t1 = fminf(t1, t);
        }
        if (t0 < t1)
            draw_line(c, (Vec2){ p0.x + d * t0, p0.y - d * t0 }, (Vec2){ p0.x + d * t1, p0.y - d * t1 }, width, col);
    }
}

/* A circle as n points, n from its size on screen: about 10 px a side. */
static int circle_points(const View *v, Vec2 center, float r, Vec2 *out, int max)
{
    float rs = r * view_scale(v);
    int n = (int)(rs * 0.6f) + 6;
    n = n < 10 ? 10 : n > 96 ? 96 : n;
    if (n > max) n = max;
    for (int i = 0; i < n; i++) {
        float t = 6.2831853f * (float)i / (float)n;
        out[i] = (Vec2){ center.x + r * cosf(t), center.y + r * sinf(t) };
    }
    return n;
}

void draw_circle_fill(Canvas *c, Vec2 center, float r, Color col)
{
    Vec2 p[96];
    int n = circle_points(&c->view, center, r, p, 96);
    draw_poly_fill(c, p, n, col);
}

void draw_circle_outline(Canvas *c, Vec2 center, float r, float width, Color col)
{
    Vec2 p[96];
    int n = circle_points(&c->view, center, r, p, 96);
    float w = px(c, width);
    for (int i = 0; i < n; i++)
        segment_screen(c, view_to_screen(&c->view, p[i]), view_to_screen(&c->view, p[(i + 1) % n]), w, col);
}

int shape_outline(const Shape *s, const View *v, Vec2 *out, int max)
{
    switch (s->kind) {
    case SHAPE_CIRCLE: return circle_points(v, s->circle.center, s->circle.radius, out, max);
    case SHAPE_RECT:
        if (max < 4) return 0;
        rect_corners(s->rect, out);
        return 4;
    case SHAPE_POLY: {
        int n = s->poly.count < max ? s->poly.count : max;
        for (int i = 0; i < n; i++) out[i] = s->poly.verts[i];
        return n;
    }
    }
    return 0;
}

int poly_clip_box(const Vec2 *in, int n, Vec2 lo, Vec2 hi, Vec2 *out)
{
    enum { CAP = POLY_CLIP_MAX + 8 };
    Vec2 buf[2][CAP];
    int cnt = n < POLY_CLIP_MAX ? (n > 0 ? n : 0) : POLY_CLIP_MAX;
    memcpy(buf[0], in, sizeof *in * (size_t)cnt);
    int cur = 0;
    const float lim[4] = { lo.x, hi.x, lo.y, hi.y };
    for (int side = 0; side < 4 && cnt > 0; side++) {
        const Vec2 *src = buf[cur];
        Vec2 *dst = buf[cur ^ 1];
        int k = 0;
        for (int i = 0; i < cnt && k + 2 <= CAP; i++) {
            Vec2 a = src[i], b = src[(i + 1) % cnt];
            float va = side < 2 ? a.x : a.y, vb = side < 2 ? b.x : b.y;
            bool ina = side % 2 == 0 ? va >= lim[side] : va <= lim[side];
            bool inb = side % 2 == 0 ? vb >= lim[side] : vb <= lim[side];
            if (ina) dst[k++] = a;
            if (ina != inb) {
                float t = (lim[side] - va) / (vb - va);
                dst[k++] = (Vec2){ a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) };
            }
        }
        cnt = k;
        cur ^= 1;
    }
    memcpy(out, buf[cur], sizeof *out * (size_t)cnt);
    return cnt;
}

bool segment_clip(Vec2 p, Vec2 q, Vec2 lo, Vec2 hi, float *t0, float *t1)
{
    const float o[2] = { p.x, p.y }, d[2] = { q.x - p.x, q.y - p.y };
    const float l[2] = { lo.x, lo.y }, h[2] = { hi.x, hi.y };
    float a = 0.0f, z = 1.0f;
    for (int k = 0; k < 2; k++) {
        if (fabsf(d[k]) < 1e-6f) {
            if (o[k] < l[k] || o[k] > h[k]) return false;
            continue;
        }
        float ta = (l[k] - o[k]) / d[k], tb = (h[k] - o[k]) / d[k];
        if (ta > tb) { float t = ta; ta = tb; tb = t; }
        a = fmaxf(a, ta);
        z = fminf(z, tb);
    }
    *t0 = a;
    *t1 = z;
    return a < z;
}

/* ---- Text --------------------------------------------------------------- */

float text_size(const Canvas *c, float size)
{
    return c->text_scale > 0.0f ? size * c->text_scale : size;
}

static float text_at_screen(Canvas *c, Vec2 s, float size, Color col, Align align, const char *utf8)
{
    if (c->font == NULL || utf8 == NULL || utf8[0] == '\0') return 0.0f;
    char local[1024];
    utf8 = i18n_numbers(utf8, local, sizeof local);   /* 3,5 in vi */
    canvas_flush(c); /* text goes over what was drawn before it */
    int pxs = (int)lroundf(text_size(c, size) * c->view.fit);
    if (pxs < 6) pxs = 6;
    int w = c->dev->text_width(c->font, pxs, utf8);
    float x = s.x;
    if (align == ALIGN_CENTER) x -= 0.5f * (float)w;
    else if (align == ALIGN_RIGHT) x -= (float)w;
    c->dev->text(c->font, (int)lroundf(x), (int)lroundf(s.y), pxs, col, utf8);
    if (c->log != NULL && c->log->text_count < DRAW_LOG_TEXTS) {
        DrawnText *d = &c->log->texts[c->log->text_count++];
        d->box = (ScreenBox){ x, s.y, x + (float)w, s.y + (float)pxs, 0.0f };
        d->hud = false;
        d->line = 0;
        d->lines = 1;
        snprintf(d->text, sizeof d->text, "%s", utf8);
    }
    return (float)w / c->view.fit;
}

float draw_text(Canvas *c, Vec2 at, float size, Color col, Align align, const char *utf8)
{
    return text_at_screen(c, view_to_screen(&c->view, at), size, col, align, utf8);
}

static Vec2 hud_to_screen(const View *v, Vec2 p) { return (Vec2){ v->ox + p.x * v->fit, v->oy + p.y * v->fit }; }

float draw_hud_text(Canvas *c, Vec2 at, float size, Color col, Align align, const char *utf8)
{
    int logged = c->log != NULL ? c->log->text_count : 0;
    float w = text_at_screen(c, hud_to_screen(&c->view, at), size, col, align, utf8);
    if (c->log != NULL && c->log->text_count > logged) c->log->texts[logged].hud = true;
    return w;
}

float measure_hud_text(Canvas *c, float size, const char *utf8)
{
    if (c->font == NULL) return 0.0f;
    char local[1024];
    utf8 = i18n_numbers(utf8, local, sizeof local);   /* measured as drawn */
    int pxs = (int)lroundf(text_size(c, size) * c->view.fit);
    if (pxs < 6) pxs = 6;
    return (float)c->dev->text_width(c->font, pxs, utf8) / c->view.fit;
}

/* The whole window's width, from HUD y top for h (the canvas and the
 * bands above and below it at 4:3), under an overlay (the help panel): not
 * a panel of its own, so not logged as one. */
void draw_hud_shade(Canvas *c, float top, float h, Color col)
{
    const float x0 = -c->view.ox / c->view.fit, x1 = ((float)c->view.out_w - c->view.ox) / c->view.fit;
    Vec2 q[4] = { hud_to_screen(&c->view, (Vec2){ x0, top }), hud_to_screen(&c->view, (Vec2){ x1, top }),
                  hud_to_screen(&c->view, (Vec2){ x1, top + h }), hud_to_screen(&c->view, (Vec2){ x0, top + h }) };
    fan_screen(c, q, 4, col);
}

void draw_hud_box(Canvas *c, float x, float y, float w, float h, Color col)
{
    Vec2 q[4] = { hud_to_screen(&c->view, (Vec2){ x, y }), hud_to_screen(&c->view, (Vec2){ x + w, y }),
                  hud_to_screen(&c->view, (Vec2){ x + w, y + h }), hud_to_screen(&c->view, (Vec2){ x, y + h }) };
    fan_screen(c, q, 4, col);
    if (c->log != NULL && c->log->box_count < DRAW_LOG_BOXES)
        c->log->boxes[c->log->box_count++] = (ScreenBox){ q[0].x, q[0].y, q[2].x, q[2].y, 0.0f };
}
