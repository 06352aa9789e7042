/*
 * hull.c - building the prepared hull (hull.h) from a rectangle or polygon.
 */
#include "hull.h"

#if defined(__GNUC__)
#define HULL_COLD __attribute__((noinline, cold))
#define HULL_INLINE __attribute__((always_inline))
#else
#define HULL_COLD
#define HULL_INLINE
#endif

/// All of a rectangle's hull but its frame and corners.
static inline HULL_INLINE void hull_rect_axes(Hull *h, Rect r)
{
    h->count = 4;
    h->corners = false;
    // centred, the rectangle spans [-half, half] on each axis
    h->lo[0] = -r.half.y;
    h->hi[0] = r.half.y;
    h->lo[1] = -r.half.x;
    h->hi[1] = r.half.x;
    h->axis_count = 2;
    h->back_lb = -float_max(r.half.x, r.half.y);
    h->back_ub = 0.0f;
    h->point = false;
    h->reversed = false;
    h->backs = false;
    h->flat_edge = 0;
}

void hull_from_rect_axes(Hull *h, Rect r)
{
    hull_rect_frame(h, r);
    hull_rect_axes(h, r);
}

/// A flat polygon's normals lie on one line: its own direction (the
/// longest edge) is an axis too, with both ends of the hull on it.
static void hull_flat_axis(Hull *h, int longest_edge)
{
    int n = h->count;
    int k = longest_edge;
    Vec2 dir = vec2_normalize_or(vec2_sub(h->v[k + 1 < n ? k + 1 : 0], h->v[k]), vec2_make(1.0f, 0.0f), NULL);
    float lo = vec2_dot(dir, h->v[0]);
    float hi = lo;
    for (int i = 1; i < n; ++i) {
        float d = vec2_dot(dir, h->v[i]);
        lo = float_min(lo, d);
        hi = float_max(hi, d);
    }
    h->n[n] = dir;
    h->lo[n] = lo;
    h->hi[n] = hi;
    h->flat_edge = k;
    h->axis_count = n + 1;
}

/// The vertices relative to their mean, the bounds of every edge normal's
/// far end, and per edge its normal (e.y, -e.x) / |e|, not yet turned
/// outward, how far the hull reaches along it (hi, its own edge), and |e|^2
/// (scaled), with the longest (*longest, edge *longest_edge) and the
/// shortest. Returns twice the signed area (> 0: counter-clockwise).
/// One pass, component by component (packed Vec2 pairs cost shuffles).
static inline HULL_INLINE float hull_place(Hull *h, const Vec2 *verts, int n, float scale, float *len_sq,
                                           float *longest, int *longest_edge, float *shortest)
{
    float sx = verts[0].x;
    float sy = verts[0].y;
    for (int k = 1; k < n; ++k) {
        sx += verts[k].x;
        sy += verts[k].y;
    }
    float inv_n = 1.0f / (float)n;
    float ox = sx * inv_n;
    float oy = sy * inv_n;
    h->origin = vec2_make(ox, oy);
    float vsx = 0.0f;
    float vsy = 0.0f;
    float reach = 0.0f;
    float area2 = 0.0f;
    float lmax = -1.0f;
    float lmin = INFINITY;
    int kmax = 0;
    for (int k = 0; k < n; ++k) {
        int next = k + 1 < n ? k + 1 : 0;
        // relative to the mean: small numbers, vertices on both sides of
        // the origin along every axis (up to the mean's rounding, vbar)
        float vx = verts[k].x - ox;
        float vy = verts[k].y - oy;
        h->v[k].x = vx;
        h->v[k].y = vy;
        vsx += vx;
        vsy += vy;
        float l1 = fabsf(vx) + fabsf(vy);
        reach = l1 > reach ? l1 : reach;
        // the edge to the next vertex; cross(v_k, v_k+1) = cross(v_k, e_k)
        float ex = verts[next].x - verts[k].x;
        float ey = verts[next].y - verts[k].y;
        area2 += (vx * scale) * (ey * scale) - (vy * scale) * (ex * scale);
        float lsq = (ex * scale) * (ex * scale) + (ey * scale) * (ey * scale);
        len_sq[k] = lsq;
        bool longer = lsq > lmax;
        lmax = longer ? lsq : lmax;
        kmax = longer ? k : kmax;
        lmin = lsq < lmin ? lsq : lmin;
        float inv = 1.0f / float_sqrt_pos(ex * ex + ey * ey);
        float nx = ey * inv;
        float ny = -ex * inv;
        h->n[k].x = nx;
        h->n[k].y = ny;
        // negated with the normal when the polygon turns out clockwise:
        // (-nx) vx + (-ny) vy is exactly -(nx vx + ny vy)
        h->hi[k] = nx * vx + ny * vy;
    }
    *longest = lmax;
    *longest_edge = kmax;
    *shortest = lmin;
    // on a unit axis each vertex projects within +-reach (|v|_1 >= |v|_2),
    // and the least one lies below the mean projection, within |vbar|_1;
    // 2^-18 relative covers the rounding of the dot products
    float vbar = (fabsf(vsx) + fabsf(vsy)) * inv_n;
    float slack = reach * 0x1p-18f;
    h->back_lb = -(reach + slack);
    h->back_ub = vbar * (1.0f + 0x1p-18f) + slack;
    return area2;
}

/// The normals turned outward, and hi with them: an exact negation for a
/// clockwise polygon (hull_place computed both for the order as given).
static inline void hull_orient(Hull *h, float area2)
{
    int n = h->count;
    h->reversed = area2 < 0.0f;
    if (h->reversed) {
        for (int k = 0; k < n; ++k) {
            h->n[k].x = -h->n[k].x;
            h->n[k].y = -h->n[k].y;
            h->hi[k] = -h->hi[k];
        }
    }
}

/// Edges of any length, down to zero (consecutive equal vertices, which
/// the contract tolerates) and under 1e-15 px, whose squares would lose
/// their precision: lengths scaled up exactly for the winding and flatness,
/// normals through vec2_normalize_or. Rare.
HULL_COLD static void hull_from_poly_careful(Hull *h, const Poly *p)
{
    int n = p->count;
    float m = 0.0f;
    for (int k = 0; k < n; ++k) {
        Vec2 d = vec2_sub(p->verts[k], p->verts[0]);
        m = float_max(m, float_max(float_abs(d.x), float_abs(d.y)));
    }
    float len_sq[POLY_MAX_VERTS];
    float longest_placed = 0.0f;
    int longest_placed_edge = 0;
    float shortest = 0.0f;
    float area2 = hull_place(h, p->verts, n, tiny_scale(m), len_sq, &longest_placed, &longest_placed_edge,
                             &shortest);
    (void)longest_placed;
    (void)longest_placed_edge;
    (void)shortest;
    float longest = 0.0f;
    int longest_edge = 0;
    bool zero_edge = false;
    for (int k = 0; k < n; ++k) {
        Vec2 e = vec2_sub(p->verts[k + 1 < n ? k + 1 : 0], p->verts[k]);
        bool longer = len_sq[k] > longest;
        longest = longer ? len_sq[k] : longest;
        longest_edge = longer ? k : longest_edge;
        h->n[k] = vec2_normalize_or(vec2_make(e.y, -e.x), vec2_make(0.0f, 0.0f), NULL);
        zero_edge |= (e.x == 0.0f) & (e.y == 0.0f);
    }
    if (longest == 0.0f) {
        // every vertex the same point: no edge has a direction; the only
        // axis is towards the other shape, taken per pair
        h->point = true;
        h->axis_count = 0;
        h->reversed = false;
        return;
    }
    if (zero_edge) {
        // two equal consecutive vertices: the vertex lies on the next real
        // edge, whose normal stands in
        for (int k = n - 1; k >= 0; --k) {
            if (h->n[k].x == 0.0f && h->n[k].y == 0.0f) {
                int next = k + 1 < n ? k + 1 : 0;
                while (h->n[next].x == 0.0f && h->n[next].y == 0.0f) {
                    next = next + 1 < n ? next + 1 : 0;
                }
                h->n[k] = h->n[next];
            }
        }
    }
    // each vertex's own edge on the normals chosen here
    for (int k = 0; k < n; ++k) {
        h->hi[k] = h->n[k].x * h->v[k].x + h->n[k].y * h->v[k].y;
    }
    hull_orient(h, area2);
    if (area_is_flat(area2, longest)) {
        hull_flat_axis(h, longest_edge);
    }
}

void hull_from_rect_rot(Hull *h, Rect r, Rot q)
{
    hull_rect_frame_rot(h, r, q);
    hull_rect_axes(h, r);
    // the corners relative to the centre
    rect_local_corners(h->q, r.half, h->v);
    h->corners = true;
}

void hull_from_rect(Hull *h, Rect r)
{
    hull_from_rect_rot(h, r, rot_make(r.angle));
}

void hull_from_poly(Hull *h, const Poly *p)
{
    int n = p->count;
    h->count = n;
    h->corners = true;
    h->is_rect = false;
    h->point = false;
    h->backs = false;
    h->q = rot_make(0.0f);
    h->half = vec2_make(0.0f, 0.0f);
    h->flat_edge = 0;
    h->axis_count = n;
    // the normals past the last edge zeroed: the four-wide edge loop
    // (sat.c) reads them in lanes it then masks out (a flat polygon's own
    // axis goes to index n below)
    for (int k = n; k < POLY_MAX_VERTS; ++k) {
        h->n[k] = vec2_make(0.0f, 0.0f);
        h->hi[k] = 0.0f;
    }
    float len_sq[POLY_MAX_VERTS];
    float longest = 0.0f;
    int longest_edge = 0;
    float shortest = 0.0f;
    float area2 = hull_place(h, p->verts, n, 1.0f, len_sq, &longest, &longest_edge, &shortest);
    if (!(shortest >= 1e-30f)) {
        // an edge under 1e-15 px (or none at all): the careful way
        hull_from_poly_careful(h, p);
        return;
    }
    hull_orient(h, area2);
    if (area_is_flat(area2, longest)) {
        hull_flat_axis(h, longest_edge);
    }
}

void hull_from_shape(Hull *h, const Shape *s)
{
    if (s->kind == SHAPE_RECT) {
        hull_from_rect(h, s->rect);
    } else {
        hull_from_poly(h, &s->poly);
    }
}

void hull_cache_backs(Hull *h)
{
    if (!h->is_rect) {
        // the edge normals only (a flat polygon's own axis keeps its lo;
        // a point has no edge normal)
        int edges = h->axis_count < h->count ? h->axis_count : h->count;
        for (int k = 0; k < edges; ++k) {
            // within [back_lb, back_ub], as it always is (the bounds cover
            // the rounding); kept there, a test's omax < back_ub &&
            // (omax < back_lb || omax < lo) is the one compare omax < lo
            h->lo[k] = float_min(float_max(hull_back(h, h->n[k]), h->back_lb), h->back_ub);
        }
        // past the last axis (whose normals are zero) an interval no shape
        // leaves: a test reading four edges at a time then needs no mask
        // for the lanes past the last edge (sat_circle_poly_direct)
        for (int k = h->axis_count; k < HULL_MAX_AXES; ++k) {
            h->hi[k] = INFINITY;
            h->lo[k] = -INFINITY;
        }
        h->backs = true;
    }
}
