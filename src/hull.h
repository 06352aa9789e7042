/*
 * hull.h - the prepared convex hull: what the separating axis tests read.
 * Private to the module (not installed).
 *
 * A rectangle or a polygon is turned into a Hull once, and every test it
 * then takes part in reads the hull: shapes_collide and the contract
 * functions build it on entry, broadphase_collide once per shape per call.
 * As Box2D's b2Polygon and cute_c2's c2Poly keep it:
 *   - the vertices relative to a local origin (a rectangle's centre, a
 *     polygon's first vertex), so that the numbers near a contact stay small
 *     whatever the coordinates;
 *   - counter-clockwise in the sense of vec2_cross (the order of
 *     rect_corners; clockwise on screen, where y grows down): a polygon
 *     given the other way round is stored reversed, and `edge` / `vert`
 *     map back to the caller's numbering for the report;
 *   - the axes with unit length, and the hull's own interval on each
 *     (relative to the origin), so that a test projects only the other shape.
 *
 * The axes: a polygon's outward edge normals (edge i from vertex i to i+1),
 * plus, for a flat polygon (collinear vertices), its own direction; a
 * rectangle's 2 distinct axes (the normals of edges 0 and 1: its other two
 * edges lie on the same lines). Each axis is tested on both sides (the
 * hull's interval [lo, hi] against the other shape's).
 */
#ifndef HULL_H
#define HULL_H

#include "vec2.h"

/// Twice the signed area of n points (shoelace about the first, for
/// precision): > 0 for the counter-clockwise order of the hull. The winding,
/// computed here only.
static inline float points_area2(const Vec2 *v, int n)
{
    float area2 = 0.0f;
    Vec2 o = v[0];
    for (int i = 1; i + 1 < n; ++i) {
        area2 += vec2_cross(vec2_sub(v[i], o), vec2_sub(v[i + 1], o));
    }
    return area2;
}

static inline float poly_area2(const Poly *p)
{
    return points_area2(p->verts, p->count);
}

/// The scale for the lengths a test multiplies together, `m` the largest of
/// them: a power of two bringing m into [0.5, 1) when it is below 1, else 1.
/// A square below about 1e-19 px rounds to 0 (two distinct points 1e-30 px
/// apart would touch). Scaled first, exactly, every test keeps at any scale
/// the relative precision it has in pixels; nothing overflows either
/// (scaled lengths are at most 1). Shapes under a pixel are rare: the
/// common path is one compare.
static inline float tiny_scale(float m)
{
    float s = 1.0f;
    if (m < 1.0f && m > 0.0f) {
        int e = 0;
        (void)frexpf(m, &e);   /* m = f * 2^e, f in [0.5, 1), e in -148..0 */
        s = ldexpf(1.0f, -e < 126 ? -e : 126);
    }
    return s;
}

/// A polygon counts as flat (a segment or a point) when twice its area is
/// at most this times its longest edge squared: height/length below 1e-5.
#define POLY_FLAT_TOLERANCE 1e-5f

/// Flatness from twice the area and the longest edge squared: the one place
/// the tolerance is applied.
static inline bool area_is_flat(float area2, float longest_sq)
{
    return float_abs(area2) <= POLY_FLAT_TOLERANCE * longest_sq;
}

/// The longest edge squared.
static inline float poly_longest_edge_sq(const Poly *p)
{
    float longest = 0.0f;
    for (int i = 0; i < p->count; ++i) {
        Vec2 e = vec2_sub(p->verts[i + 1 < p->count ? i + 1 : 0], p->verts[i]);
        longest = float_max(longest, vec2_length_sq(e));
    }
    return longest;
}

/// Zero area within rounding (collinear vertices): see POLY_FLAT_TOLERANCE.
static inline bool poly_is_flat(const Poly *p, float area2)
{
    return area_is_flat(area2, poly_longest_edge_sq(p));
}

/// A rectangle's corners relative to its centre, in the order of
/// rect_corners: (-hx,-hy), (hx,-hy), (hx,hy), (-hx,hy) turned by q. The
/// corner computation, written once.
static inline void rect_local_corners(Rot q, Vec2 half, Vec2 out[4])
{
    Vec2 ux = vec2_make(q.c * half.x, q.s * half.x);
    Vec2 uy = vec2_make(-q.s * half.y, q.c * half.y);
    out[0] = vec2_sub(vec2_neg(ux), uy);
    out[1] = vec2_sub(ux, uy);
    out[2] = vec2_add(ux, uy);
    out[3] = vec2_add(vec2_neg(ux), uy);
}

#define HULL_MAX_AXES (POLY_MAX_VERTS + 1)

typedef struct Hull {
    Vec2 origin;                     /* world point the rest is relative to */
    Vec2 v[POLY_MAX_VERTS];          /* vertices, counter-clockwise */
    Vec2 n[HULL_MAX_AXES];           /* unit axes (see above) */
    float lo[HULL_MAX_AXES];         /* the hull's own interval on axis k */
    float hi[HULL_MAX_AXES];
    signed char edge[HULL_MAX_AXES]; /* axis k: the caller's edge index */
    signed char vert[POLY_MAX_VERTS];/* vertex k: the caller's vertex index */
    int count;                       /* vertices */
    int axis_count;                  /* axes in n (a point: none, see point) */
    bool is_rect;                    /* from a Rect: q and half are set */
    bool point;                      /* every vertex equal: the one axis is
                                        towards the other shape, per pair */
    Rot q;                           /* rectangle: its rotation */
    Vec2 half;                       /* rectangle: its half extents */
} Hull;

/// The hull of a valid rectangle: 4 corners, 2 axes, one cos/sin pair.
void hull_from_rect(Hull *h, Rect r);
/// The hull of a valid polygon.
void hull_from_poly(Hull *h, const Poly *p);
/// The hull of a valid rect or poly shape (not a circle).
void hull_from_shape(Hull *h, const Shape *s);

#endif /* HULL_H */
