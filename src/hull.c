/*
 * hull.c - building the prepared hull (hull.h) from a rectangle or polygon.
 */
#include "hull.h"

void hull_from_rect(Hull *h, Rect r)
{
    // one cos/sin pair (none at angle 0), the corners relative to the centre
    h->q = rot_make(r.angle);
    h->half = r.half;
    h->origin = r.center;
    rect_local_corners(h->q, r.half, h->v);
    h->count = 4;
    for (int k = 0; k < 4; ++k) {
        h->vert[k] = (signed char)k;
    }
    // the outward normals of edges 0 and 1; edges 2 and 3 lie on the same
    // lines. Centred, the rectangle spans [-half, half] on each.
    h->n[0] = vec2_make(h->q.s, -h->q.c);
    h->lo[0] = -r.half.y;
    h->hi[0] = r.half.y;
    h->edge[0] = 0;
    h->n[1] = vec2_make(h->q.c, h->q.s);
    h->lo[1] = -r.half.x;
    h->hi[1] = r.half.x;
    h->edge[1] = 1;
    h->axis_count = 2;
    h->is_rect = true;
    h->point = false;
}

/// The least projection of the hull's vertices on its own edge normals, for
/// every edge at once: walking round a convex polygon, the vertex furthest
/// behind edge k moves forward as k does (rotating calipers), so about 2n
/// dot products in all instead of n^2.
static void hull_back_extents(Hull *h, int edges)
{
    int n = h->count;
    int j = 0;
    float low = vec2_dot(h->n[0], h->v[0]);
    for (int i = 1; i < n; ++i) {
        float d = vec2_dot(h->n[0], h->v[i]);
        bool less = d < low;
        low = less ? d : low;
        j = less ? i : j;
    }
    h->lo[0] = low;
    for (int k = 1; k < edges; ++k) {
        low = vec2_dot(h->n[k], h->v[j]);
        for (int steps = 0; steps < n; ++steps) {
            int next = j + 1 < n ? j + 1 : 0;
            float d = vec2_dot(h->n[k], h->v[next]);
            if (!(d <= low)) {
                break;
            }
            low = d;
            j = next;
        }
        h->lo[k] = low;
    }
}

void hull_from_poly(Hull *h, const Poly *p)
{
    int n = p->count;
    h->origin = p->verts[0];
    Vec2 rel[POLY_MAX_VERTS];
    float m = 0.0f;
    for (int k = 0; k < n; ++k) {
        rel[k] = vec2_sub(p->verts[k], h->origin);
        m = float_max(m, float_max(float_abs(rel[k].x), float_abs(rel[k].y)));
    }
    // the winding once (on lengths scaled up exactly when tiny, so that the
    // cross products do not underflow): a clockwise polygon is stored the
    // other way round, keeping vertex 0 first (vertex k is the caller's n - k)
    float scale = tiny_scale(m);
    float area2 = 0.0f;
    float longest = 0.0f;
    int longest_edge = 0;
    {
        Vec2 sv[POLY_MAX_VERTS];
        for (int k = 0; k < n; ++k) {
            sv[k] = vec2_scale(rel[k], scale);
        }
        area2 = points_area2(sv, n);
        for (int k = 0; k < n; ++k) {
            // the longest edge (scaled), for flatness and a flat polygon's direction
            float len_sq = vec2_length_sq(vec2_sub(sv[k + 1 < n ? k + 1 : 0], sv[k]));
            bool longer = len_sq > longest;
            longest = longer ? len_sq : longest;
            longest_edge = longer ? k : longest_edge;
        }
    }
    bool reversed = area2 < 0.0f;
    for (int k = 0; k < n; ++k) {
        int src = reversed && k > 0 ? n - k : k;
        h->v[k] = rel[src];
        h->vert[k] = (signed char)src;
    }
    if (reversed) {
        // the caller's edge i is the hull's edge n - 1 - i
        longest_edge = n - 1 - longest_edge;
    }
    h->count = n;
    h->is_rect = false;
    h->point = false;
    h->q = rot_make(0.0f);
    h->half = vec2_make(0.0f, 0.0f);
    // edge k from vertex k to k + 1: its unit outward normal (e.y, -e.x) / |e|
    // (outward for the counter-clockwise order), how far the hull reaches
    // along it (the edge itself), and the longest edge for flatness
    bool zero_edge = false;
    for (int k = 0; k < n; ++k) {
        Vec2 e = vec2_sub(h->v[k + 1 < n ? k + 1 : 0], h->v[k]);
        h->n[k] = vec2_normalize_or(vec2_make(e.y, -e.x), vec2_make(0.0f, 0.0f), NULL);
        h->edge[k] = (signed char)(reversed ? n - 1 - k : k);
        zero_edge |= (e.x == 0.0f) & (e.y == 0.0f);
    }
    if (longest == 0.0f) {
        // every vertex the same point: no edge has a direction; the only
        // axis is towards the other shape, taken per pair
        h->point = true;
        h->axis_count = 0;
        return;
    }
    if (zero_edge) {
        // two equal consecutive vertices (bad input the contract tolerates):
        // the vertex lies on the next real edge, whose normal stands in
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
    for (int k = 0; k < n; ++k) {
        h->hi[k] = vec2_dot(h->n[k], h->v[k]);
    }
    hull_back_extents(h, n);
    h->axis_count = n;
    if (area_is_flat(area2, longest)) {
        // a flat polygon's normals lie on one line: its own direction (the
        // longest edge) is an axis too, with both ends of the hull on it
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
        h->edge[n] = h->edge[k];
        h->axis_count = n + 1;
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
