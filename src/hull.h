/*
 * hull.h - the prepared convex hull: what the separating axis tests read.
 * Private to the module (not installed); the type itself is collide.h's
 * ShapeHull, which a PreparedShape holds.
 *
 * A rectangle or a polygon is turned into a Hull once, and every test it
 * then takes part in reads the hull: shapes_collide and the contract
 * functions build it on entry, broadphase_collide once per shape per call,
 * shape_prepare once for as long as the caller keeps the shape.
 * As Box2D's b2Polygon and cute_c2's c2Poly keep it:
 *   - the vertices relative to a local origin (a rectangle's centre, a
 *     polygon's vertex mean), so that the numbers near a contact stay small
 *     whatever the coordinates;
 *   - in the caller's order (so that edge i, from vertex i to i + 1, and
 *     vertex i keep the caller's numbers in the report), with the edge
 *     normals turned outward for either winding (`reversed`: clockwise as
 *     given, the normals negated exactly), which is all a test reads of the
 *     winding;
 *   - the axes with unit length, and how far the hull reaches along each
 *     (relative to the origin), so that a test projects only the other shape.
 *
 * The axes: a polygon's outward edge normals (edge i from vertex i to i+1),
 * plus, for a flat polygon (collinear vertices), its own direction; a
 * rectangle's 2 distinct axes (the normals of edges 0 and 1: its other two
 * edges lie on the same lines). Each axis is tested on both sides, the
 * hull's interval [lo, hi] against the other shape's: on an edge normal hi
 * is the edge's own projection and lo (the far side, which matters only
 * when the other shape lies wholly behind the edge's line) is looked up
 * when needed (hull_back), within the bounds back_lb, back_ub.
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

#define HULL_MAX_AXES SHAPE_HULL_MAX_AXES

/// The hull: collide.h's ShapeHull (public, since a PreparedShape holds
/// one), read through this name inside the module. Fields:
///   origin      world point the rest is relative to
///   v           vertices, in the caller's order
///   n           unit axes (see above)
///   hi          how far the hull reaches along axis k
///   lo          and back: rect and flat axes only (a polygon's edge
///               normal: hull_back)
///   back_lb/ub  every polygon edge's lo lies in [back_lb, back_ub]
///               (origin: the vertex mean), so the test rarely needs the
///               exact one
///   count       vertices
///   axis_count  axes in n (a point: none, see point)
///   is_rect     from a Rect: q and half are set
///   corners     v holds the vertices (a rectangle built by
///               hull_from_rect_axes has only its axes: enough against a
///               circle or another rectangle)
///   point       every vertex equal: the one axis is towards the other
///               shape, per pair
///   reversed    clockwise as given: normals negated
///   backs       lo[k] holds hull_back on edge normal k as well (a hull
///               kept for many pairs: hull_cache_backs), so a test reads
///               it instead of looking it up
///   flat_edge   a flat polygon: the edge along its direction (axis
///               count - 1)
///   q, half     rectangle: its rotation and half extents
typedef ShapeHull Hull;

/// The least projection of the hull on n (its frame): the far end of its
/// interval on an edge normal, where its own edge is the near one.
static inline float hull_back(const Hull *h, Vec2 n)
{
    float low = vec2_dot(n, h->v[0]);
    for (int j = 1; j < h->count; ++j) {
        low = float_min(low, vec2_dot(n, h->v[j]));
    }
    return low;
}

/// Whether axis k is tested on both sides with a stored lo (a rectangle's
/// axes, a flat polygon's direction) or is a polygon's edge normal.
static inline bool hull_axis_two_sided(const Hull *h, int k)
{
    return h->is_rect || k >= h->count;
}

/// The caller's number of axis k's edge (edge i runs from vertex i to
/// i + 1): the same, but a flat polygon's extra axis is along flat_edge.
static inline int hull_edge_index(const Hull *h, int k)
{
    return k < h->count ? k : h->flat_edge;
}

/// The part of a rectangle's hull that the closed forms read (sat_rects,
/// sat_circle_rect): its frame (origin, rotation, half extents) and its 2
/// axes, the outward normals of edges 0 and 1 (edges 2 and 3 lie on the
/// same lines). hull_from_rect_axes completes it; shapes_collide fills only
/// this much on its hot path, where nothing reads the rest.
static inline void hull_rect_frame_rot(Hull *h, Rect r, Rot q)
{
    h->q = q;
    h->half = r.half;
    h->origin = r.center;
    h->n[0] = vec2_make(h->q.s, -h->q.c);
    h->n[1] = vec2_make(h->q.c, h->q.s);
    h->is_rect = true;
}

static inline void hull_rect_frame(Hull *h, Rect r)
{
    // one cos/sin pair (none at angle 0)
    hull_rect_frame_rot(h, r, rot_make(r.angle));
}

/// The hull of a valid rectangle: 4 corners, 2 axes, one cos/sin pair.
void hull_from_rect(Hull *h, Rect r);
/// The same with that pair made already (q = rot_make(r.angle)): the broad
/// phase makes it once for the rectangle's box and its hull.
void hull_from_rect_rot(Hull *h, Rect r, Rot q);
/// The same without the corners (corners false): what the closed forms of
/// rect-rect and circle-rect read.
void hull_from_rect_axes(Hull *h, Rect r);
/// The hull of a valid polygon.
void hull_from_poly(Hull *h, const Poly *p);
/// The hull of a valid rect or poly shape (not a circle).
void hull_from_shape(Hull *h, const Shape *s);
/// Every edge normal's far end (hull_back) into lo, for a hull that meets
/// many shapes (shape_prepare): a quadratic pass, once.
void hull_cache_backs(Hull *h);

#endif /* HULL_H */
