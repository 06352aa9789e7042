/*
 * sat.c - separating axis tests, the shapes_collide dispatcher and the
 * per-axis report the lessons draw.
 *
 * The idea: two convex shapes are apart exactly when some axis shows a gap
 * between their projections; for polygons it is enough to try the edge
 * normals of both. When no axis has a gap they collide, and the axis where
 * b has the least way to go gives the minimum translation.
 *
 * The yes/no functions and shapes_collide run the very same code for each
 * pair (pair_*, with an optional contact), so their verdicts cannot differ.
 * sat_report projects both shapes on every axis for drawing (sat_hulls,
 * sat_circle_hull, sat_rect_rect with a report); its verdict and contact are
 * shapes_collide's, and report_settle makes the drawn axes agree with them
 * where rounding at exact touching could tell otherwise.
 */
#include "collide.h"

#include <float.h>
#include <math.h>

#include "collide_internal.h"

/* The heavy pairs stay out of line so that the light ones (circles, the
   dispatcher) keep a small stack frame. */
#if defined(__GNUC__)
#define SAT_NOINLINE __attribute__((noinline))
#else
#define SAT_NOINLINE
#endif

/* ---- One axis -------------------------------------------------------- */

/// The points projected onto `axis` (any length: dot products).
static inline Interval project_points(const Vec2 *v, int n, Vec2 axis)
{
    float d = vec2_dot(v[0], axis);
    Interval iv = { d, d };
    for (int i = 1; i < n; ++i) {
        d = vec2_dot(v[i], axis);
        iv.min = float_min(iv.min, d);
        iv.max = float_max(iv.max, d);
    }
    return iv;
}

/// A gap: b starts after a ends, or b ends before a starts (touching is no gap).
static inline bool interval_gap(Interval a, Interval b)
{
    return (a.max - b.min < 0.0f) | (b.max - a.min < 0.0f);
}

/// The axis of least penetration seen so far.
typedef struct SatBest {
    Vec2 axis;    /* the way b leaves, not normalised */
    float depth;  /* how far, in units of |axis| */
    float key;    /* (depth / |axis|)^2: compared between axes */
    int index;    /* the axis in test order, -1 while none */
} SatBest;

static inline SatBest sat_best_none(void)
{
    SatBest best = { { 1.0f, 0.0f }, 0.0f, INFINITY, -1 };
    return best;
}

/// Keeps the axis if b has less way to go on it (depth, in units of |axis|,
/// along +axis) than on those before; the first of equals stays. Selects,
/// not branches: which axis wins is data, a branch on it mispredicts. A zero
/// axis gives the key 0/0 = NaN, which never wins.
static inline void sat_best_keep(SatBest *best, Vec2 axis, float depth, int index)
{
    // compare depth / |axis| squared: no root per axis
    float key = depth * depth / vec2_length_sq(axis);
    bool better = key < best->key;
    best->axis.x = better ? axis.x : best->axis.x;
    best->axis.y = better ? axis.y : best->axis.y;
    best->depth = better ? depth : best->depth;
    best->key = better ? key : best->key;
    best->index = better ? index : best->index;
}

/// Both ways out along an axis where a and b overlap: b leaves along +axis
/// by a.max - b.min, or along -axis by b.max - a.min; the shorter counts.
static inline void sat_best_update(SatBest *best, Vec2 axis, Interval a, Interval b, int index)
{
    float pos = a.max - b.min;
    float neg = b.max - a.min;
    bool up = pos <= neg;
    Vec2 way = vec2_make(up ? axis.x : -axis.x, up ? axis.y : -axis.y);
    sat_best_keep(best, way, up ? pos : neg, index);
}

/// The minimum translation: unit normal, depth in pixels (>= 0).
static inline void sat_best_contact(const SatBest *best, Contact *contact)
{
    float len = 0.0f;
    contact->normal = vec2_normalize_or(best->axis, vec2_make(1.0f, 0.0f), &len);
    contact->depth = len > 0.0f ? float_max(best->depth / len, 0.0f) : 0.0f;
}

/// Appends one axis to the report, scaled to a unit axis for drawing.
/// `offset` (in units of |axis|) moves both intervals, `gap` is the test's
/// own verdict for the axis: the overlap's sign is made to agree with it.
static void report_axis(SatReport *rep, Vec2 axis, Interval a, Interval b, float offset,
                        bool gap, SatAxisSource source, int edge)
{
    if (rep->count < SAT_MAX_AXES) {
        SatAxis *ax = &rep->axes[rep->count];
        float len = 0.0f;
        ax->axis = vec2_normalize_or(axis, vec2_make(1.0f, 0.0f), &len);
        float inv = len > 0.0f ? 1.0f / len : 0.0f;
        ax->a.min = (a.min + offset) * inv;
        ax->a.max = (a.max + offset) * inv;
        ax->b.min = (b.min + offset) * inv;
        ax->b.max = (b.max + offset) * inv;
        ax->overlap = (float_min(a.max, b.max) - float_max(a.min, b.min)) * inv;
        // the test decided: a gap shows as a negative overlap, touching as >= 0
        if (gap && !(ax->overlap < 0.0f)) {
            ax->overlap = -FLT_MIN;
        } else if (!gap && ax->overlap < 0.0f) {
            ax->overlap = 0.0f;
        }
        ax->source = source;
        ax->edge = edge;
        if (gap && rep->separating < 0) {
            rep->separating = rep->count;
        }
        rep->count += 1;
    }
}

/* ---- Rectangle against rectangle: 4 axes, half extents with |dot| ---- */

/// Both rectangles axis-aligned (angle 0): the 4 axes are x and y twice, so
/// the separating axis test is the interval test, |d| <= ha + hb on x and
/// on y, as collide_aabb_aabb. The contact: the axis of least overlap (y
/// first on a tie, the general test's order), away from a.
static inline bool rect_rect_aligned(Rect a, Rect b, Contact *contact)
{
    Vec2 d = vec2_sub(b.center, a.center);
    // how far the intervals overlap on x and on y (touching: 0)
    float ox = (a.half.x + b.half.x) - float_abs(d.x);
    float oy = (a.half.y + b.half.y) - float_abs(d.y);
    bool hit = (ox >= 0.0f) & (oy >= 0.0f);
    if (hit && contact != NULL) {
        bool use_x = ox < oy;
        Vec2 nx = vec2_make(d.x >= 0.0f ? 1.0f : -1.0f, 0.0f);
        Vec2 ny = vec2_make(0.0f, d.y > 0.0f ? 1.0f : -1.0f);
        contact->normal = use_x ? nx : ny;
        contact->depth = use_x ? ox : oy;
    }
    return hit;
}

/// The 4 axes of two turned rectangles: the outward normals of edges 0 and
/// 1 of a, then of b (unit). On axis k, relative to a's centre, a spans
/// [-ra, ra] and b [s - rb, s + rb]: a gap when |s| > ra + rb.
typedef struct RectAxes {
    Vec2 axis[4];
    float ra[4], rb[4], s[4];
} RectAxes;

SAT_NOINLINE static bool sat_rect_rect(Rect a, Rect b, Contact *contact, SatReport *rep)
{
    // each rectangle's frame: one cos/sin pair per rectangle (none at angle 0)
    Rot qa = rot_make(a.angle);
    Rot qb = rot_make(b.angle);
    Vec2 ax = { qa.c, qa.s }, ay = { -qa.s, qa.c };
    Vec2 bx = { qb.c, qb.s }, by = { -qb.s, qb.c };
    // b's centre seen from a's
    Vec2 d = vec2_sub(b.center, a.center);
    // how much each local axis of b shows along each local axis of a (|dot|)
    float xx = float_abs(vec2_dot(ax, bx)), xy = float_abs(vec2_dot(ax, by));
    float yx = float_abs(vec2_dot(ay, bx)), yy = float_abs(vec2_dot(ay, by));
    // axis by axis, a rectangle's own half width exact, the other's
    // projected. All 4 every time: a stop at the first gap saves
    // instructions but mispredicts (measured 29 -> 37 ns a pair)
    RectAxes r;
    r.axis[0] = vec2_neg(ay);
    r.ra[0] = a.half.y;
    r.rb[0] = b.half.x * yx + b.half.y * yy;
    r.axis[1] = ax;
    r.ra[1] = a.half.x;
    r.rb[1] = b.half.x * xx + b.half.y * xy;
    r.axis[2] = vec2_neg(by);
    r.ra[2] = a.half.x * xy + a.half.y * yy;
    r.rb[2] = b.half.y;
    r.axis[3] = bx;
    r.ra[3] = a.half.x * xx + a.half.y * yx;
    r.rb[3] = b.half.x;
    bool hit = true;
    for (int k = 0; k < 4; ++k) {
        r.s[k] = vec2_dot(d, r.axis[k]);
        hit &= float_abs(r.s[k]) <= r.ra[k] + r.rb[k];
    }
    if ((hit && contact != NULL) || rep != NULL) {
        // the least way out: ra + rb - |s| along the side b lies on
        SatBest best = sat_best_none();
        for (int k = 0; k < 4; ++k) {
            bool up = r.s[k] >= 0.0f;
            Vec2 way = vec2_make(up ? r.axis[k].x : -r.axis[k].x, up ? r.axis[k].y : -r.axis[k].y);
            sat_best_keep(&best, way, r.ra[k] + r.rb[k] - float_abs(r.s[k]), k);
            if (rep != NULL) {
                Interval ia = { -r.ra[k], r.ra[k] };
                Interval ib = { r.s[k] - r.rb[k], r.s[k] + r.rb[k] };
                bool gap = float_abs(r.s[k]) > r.ra[k] + r.rb[k];
                report_axis(rep, r.axis[k], ia, ib, vec2_dot(a.center, r.axis[k]), gap,
                            k < 2 ? SAT_FROM_A : SAT_FROM_B, k & 1);
            }
        }
        if (hit && contact != NULL) {
            sat_best_contact(&best, contact);
        }
        if (rep != NULL) {
            rep->min_axis = hit ? best.index : -1;
        }
    }
    return hit;
}

/// Rectangle against rectangle: the interval test when both are
/// axis-aligned (no trigonometry, 2 axes), else the 4-axis test.
static inline bool pair_rect_rect(Rect a, Rect b, Contact *contact)
{
    bool hit = false;
    if ((a.angle == 0.0f) & (b.angle == 0.0f)) {
        hit = rect_rect_aligned(a, b, contact);
    } else {
        hit = sat_rect_rect(a, b, contact, NULL);
    }
    return hit;
}

/* ---- The report's polygons (and rectangles): every edge normal -------- */

/// A shape as the report's separating axis test sees it: points and axes.
typedef struct SatHull {
    Vec2 verts[POLY_MAX_VERTS];
    Vec2 axes[POLY_MAX_VERTS];  /* edge normals, not normalised; a rectangle's 2 are unit */
    int count;
    int axis_count;
    bool is_rect;
} SatHull;

/// A polygon: one axis per edge, (e.y, -e.x) for edge e (outward when the
/// signed area is positive).
static inline void hull_from_poly(SatHull *h, const Poly *p)
{
    int n = p->count;
    h->count = n;
    h->axis_count = n;
    h->is_rect = false;
    for (int i = 0; i < n; ++i) {
        h->verts[i] = p->verts[i];
    }
    for (int i = 0; i < n; ++i) {
        Vec2 e = vec2_sub(h->verts[i + 1 < n ? i + 1 : 0], h->verts[i]);
        h->axes[i] = vec2_make(e.y, -e.x);
    }
}

/// A rectangle: its corners (as rect_corners) and the normals of edges 0 and 1.
static inline void hull_from_rect(SatHull *h, Rect r)
{
    Rot q = rot_make(r.angle);
    const Vec2 local[4] = {
        { -r.half.x, -r.half.y }, { r.half.x, -r.half.y },
        { r.half.x, r.half.y }, { -r.half.x, r.half.y },
    };
    for (int i = 0; i < 4; ++i) {
        h->verts[i] = vec2_add(r.center, rot_apply(q, local[i]));
    }
    h->count = 4;
    h->axes[0] = vec2_make(q.s, -q.c);
    h->axes[1] = vec2_make(q.c, q.s);
    h->axis_count = 2;
    h->is_rect = true;
}

/// For drawing: a polygon's axes turned outward (an exact negation, so the
/// verdict does not change).
static void hull_orient_outward(SatHull *h)
{
    if (!h->is_rect) {
        float area2 = 0.0f;
        for (int i = 1; i + 1 < h->count; ++i) {
            area2 += vec2_cross(vec2_sub(h->verts[i], h->verts[0]),
                                vec2_sub(h->verts[i + 1], h->verts[0]));
        }
        for (int i = 0; i < h->axis_count && area2 < 0.0f; ++i) {
            h->axes[i] = vec2_neg(h->axes[i]);
        }
    }
}

/// A flat polygon (zero area: collinear vertices) has edge normals along
/// one line only, so its own direction must be an axis too: the longest
/// edge, or for a single point the direction towards the other shape.
static bool hull_flat_axis(const SatHull *h, const SatHull *other, Vec2 *axis, int *edge)
{
    bool flat = false;
    if (!h->is_rect) {
        float area2 = 0.0f;
        float longest = 0.0f;
        int longest_edge = 0;
        for (int i = 0; i < h->count; ++i) {
            Vec2 e = vec2_sub(h->verts[i + 1 < h->count ? i + 1 : 0], h->verts[i]);
            float len_sq = vec2_length_sq(e);
            if (len_sq > longest) {
                longest = len_sq;
                longest_edge = i;
            }
            if (i >= 1 && i + 1 < h->count) {
                area2 += vec2_cross(vec2_sub(h->verts[i], h->verts[0]),
                                    vec2_sub(h->verts[i + 1], h->verts[0]));
            }
        }
        // twice the area against the longest edge squared: height / length
        flat = float_abs(area2) <= POLY_FLAT_TOLERANCE * longest;
        if (flat && longest > 0.0f) {
            int next = longest_edge + 1 < h->count ? longest_edge + 1 : 0;
            *axis = vec2_sub(h->verts[next], h->verts[longest_edge]);
            *edge = longest_edge;
        } else if (flat) {
            *axis = vec2_sub(other->verts[0], h->verts[0]);
            *edge = 0;
        }
    }
    return flat;
}

/// For the report: the separating axis test on the projections on the edge
/// normals of a, then of b, then the direction of a flat polygon; every
/// axis recorded, the least overlap as rep->min_axis.
/// One axis of the report: both hulls projected on n, recorded; a gap
/// clears *hit, and while none was seen the least overlap is kept.
static void sat_hulls_axis(const SatHull *a, const SatHull *b, Vec2 n, SatAxisSource source, int edge,
                           SatReport *rep, SatBest *best, bool *hit, int *index)
{
    Interval ia = project_points(a->verts, a->count, n);
    Interval ib = project_points(b->verts, b->count, n);
    bool gap = interval_gap(ia, ib);
    report_axis(rep, n, ia, ib, 0.0f, gap, source, edge);
    *hit = *hit && !gap;
    if (*hit) {
        sat_best_update(best, n, ia, ib, *index);
    }
    ++*index;
}

static bool sat_hulls(const SatHull *a, const SatHull *b, SatReport *rep)
{
    SatBest best = sat_best_none();
    bool hit = true;
    int index = 0;
    // every edge normal of a, then of b: both shapes projected on each
    for (int side = 0; side < 2; ++side) {
        const SatHull *h = side == 0 ? a : b;
        for (int i = 0; i < h->axis_count; ++i) {
            sat_hulls_axis(a, b, h->axes[i], side == 0 ? SAT_FROM_A : SAT_FROM_B, i, rep, &best, &hit, &index);
        }
    }
    // a flat polygon's own direction: keeps the test exact for segments
    for (int side = 0; side < 2; ++side) {
        Vec2 n = { 0.0f, 0.0f };
        int edge = 0;
        if (hull_flat_axis(side == 0 ? a : b, side == 0 ? b : a, &n, &edge)) {
            sat_hulls_axis(a, b, n, side == 0 ? SAT_FROM_A : SAT_FROM_B, edge, rep, &best, &hit, &index);
        }
    }
    rep->min_axis = hit && best.index < rep->count ? best.index : -1;
    return hit;
}

/* ---- Polygons, the fast way: b2FindMaxSeparation ------------------- */

/// A convex shape as the yes/no test and the contact see it: vertices
/// relative to a point shared by both shapes (small numbers near the
/// contact, whatever the coordinates), outward edge normals (edge i from
/// vertex i to i+1, not normalised) and whether it is flat.
typedef struct SatPoly {
    Vec2 v[POLY_MAX_VERTS];
    Vec2 n[POLY_MAX_VERTS];
    int count;
    int longest;   /* the longest edge: a flat polygon's direction */
    bool flat;     /* zero area within rounding (POLY_FLAT_TOLERANCE) */
} SatPoly;

/// A polygon relative to `o`, in one pass: edges, normals (e.y, -e.x),
/// twice the area (about vertex 0: sum of cross(v_i - v_0, e_i)) for the
/// winding, and the longest edge for flatness. Then the normals turned
/// outward, an exact negation.
static inline void satpoly_from_poly(SatPoly *h, const Poly *p, Vec2 o)
{
    int n = p->count;
    for (int i = 0; i < n; ++i) {
        h->v[i] = vec2_sub(p->verts[i], o);
    }
    float area2 = 0.0f;
    float longest = 0.0f;
    int longest_edge = 0;
    for (int i = 0; i < n; ++i) {
        Vec2 e = vec2_sub(p->verts[i + 1 < n ? i + 1 : 0], p->verts[i]);
        h->n[i] = vec2_make(e.y, -e.x);
        area2 += vec2_cross(vec2_sub(p->verts[i], p->verts[0]), e);
        float len_sq = vec2_length_sq(e);
        bool longer = len_sq > longest;
        longest = longer ? len_sq : longest;
        longest_edge = longer ? i : longest_edge;
    }
    for (int i = 0; i < n && area2 < 0.0f; ++i) {
        h->n[i] = vec2_neg(h->n[i]);
    }
    h->count = n;
    h->longest = longest_edge;
    h->flat = float_abs(area2) <= POLY_FLAT_TOLERANCE * longest;
}

/// A rectangle relative to `o`: its corners (as rect_corners) and the unit
/// outward normals of its 4 edges, straight from its cos/sin. Never flat:
/// even a zero-size rectangle has its 4 normals, its own direction among them.
static inline void satpoly_from_rect(SatPoly *h, Rect r, Vec2 o)
{
    Rot q = rot_make(r.angle);
    Vec2 c = vec2_sub(r.center, o);
    Vec2 ux = vec2_make(q.c * r.half.x, q.s * r.half.x);
    Vec2 uy = vec2_make(-q.s * r.half.y, q.c * r.half.y);
    h->v[0] = vec2_sub(vec2_sub(c, ux), uy);
    h->v[1] = vec2_sub(vec2_add(c, ux), uy);
    h->v[2] = vec2_add(vec2_add(c, ux), uy);
    h->v[3] = vec2_add(vec2_sub(c, ux), uy);
    h->n[0] = vec2_make(q.s, -q.c);
    h->n[1] = vec2_make(q.c, q.s);
    h->n[2] = vec2_make(-q.s, q.c);
    h->n[3] = vec2_make(-q.c, -q.s);
    h->count = 4;
    h->longest = 0;
    h->flat = false;
}

/// Over a's edge normals, is there a gap to b? For edge i, a reaches no
/// further along its outward normal than the edge itself, so only b's
/// deepest vertex matters: s_i = min_j dot(n_i, w_j) - dot(n_i, v_i), a gap
/// when s_i > 0 (half the work of projecting both shapes). Stops at the
/// first gap. With `best`, keeps the least way out: b moves along +n_i by
/// -s_i (or, when `b_moves_back`, a is the second shape: b moves along -n_i).
static inline bool sat_max_separation(const SatPoly *a, const SatPoly *b, SatBest *best,
                                      bool b_moves_back, int index)
{
    bool gap = false;
    for (int i = 0; i < a->count; ++i) {
        Vec2 n = a->n[i];
        // b's deepest vertex along n, measured from edge i
        float low = vec2_dot(n, b->v[0]);
        for (int j = 1; j < b->count; ++j) {
            low = float_min(low, vec2_dot(n, b->v[j]));
        }
        float sep = low - vec2_dot(n, a->v[i]);
        gap |= sep > 0.0f;
        if (best != NULL) {
            sat_best_keep(best, b_moves_back ? vec2_neg(n) : n, -sep, index + i);
        }
    }
    return !gap;
}

/// A flat polygon (zero area: collinear vertices) has edge normals along one
/// line only, so its own direction must be an axis too: the longest edge,
/// or for a single point the direction towards the other shape. Both
/// shapes projected on it, both sides looked at. Rare: flat polygons only.
static bool sat_flat_axis(const SatPoly *h, const SatPoly *other, bool h_is_a, SatBest *best,
                          int index)
{
    int i = h->longest;
    Vec2 axis = vec2_sub(h->v[i + 1 < h->count ? i + 1 : 0], h->v[i]);
    if (vec2_length_sq(axis) == 0.0f) {
        axis = vec2_sub(other->v[0], h->v[0]);
    }
    Interval ih = project_points(h->v, h->count, axis);
    Interval io = project_points(other->v, other->count, axis);
    Interval ia = h_is_a ? ih : io;
    Interval ib = h_is_a ? io : ih;
    bool gap = interval_gap(ia, ib);
    if (best != NULL && !gap) {
        sat_best_update(best, axis, ia, ib, index);
    }
    return !gap;
}

/// The separating axis test on prepared shapes: a's edge normals, b's, then
/// a flat polygon's direction. The contact from the axis of least depth.
static bool sat_polys(const SatPoly *a, const SatPoly *b, Contact *contact)
{
    SatBest best = sat_best_none();
    SatBest *track = contact != NULL ? &best : NULL;
    bool hit = sat_max_separation(a, b, track, false, 0)
            && sat_max_separation(b, a, track, true, a->count);
    if (hit && a->flat) {
        hit = sat_flat_axis(a, b, true, track, a->count + b->count);
    }
    if (hit && b->flat) {
        hit = sat_flat_axis(b, a, false, track, a->count + b->count + 1);
    }
    if (hit && contact != NULL) {
        sat_best_contact(&best, contact);
    }
    return hit;
}

/// Relative to what: halfway between a point of each shape (a rectangle's
/// centre, a polygon's first vertex). The same for (a, b) and (b, a), so
/// that both orders round alike and the verdict is symmetric to the bit.
static inline Vec2 sat_origin(const Shape *a, const Shape *b)
{
    Vec2 pa = a->kind == SHAPE_RECT ? a->rect.center : a->poly.verts[0];
    Vec2 pb = b->kind == SHAPE_RECT ? b->rect.center : b->poly.verts[0];
    return vec2_make(0.5f * pa.x + 0.5f * pb.x, 0.5f * pa.y + 0.5f * pb.y);
}

/// Rect-poly, poly-rect, poly-poly: both shapes relative to sat_origin,
/// then the test.
SAT_NOINLINE static bool pair_hulls(const Shape *a, const Shape *b, Contact *contact)
{
    SatPoly pa;
    SatPoly pb;
    Vec2 o = sat_origin(a, b);
    if (a->kind == SHAPE_RECT) {
        satpoly_from_rect(&pa, a->rect, o);
    } else {
        satpoly_from_poly(&pa, &a->poly, o);
    }
    if (b->kind == SHAPE_RECT) {
        satpoly_from_rect(&pb, b->rect, o);
    } else {
        satpoly_from_poly(&pb, &b->poly, o);
    }
    return sat_polys(&pa, &pb, contact);
}

/* ---- Circle against a polygon: edge normals + the nearest vertex ----- */

/// For the report: the circle against a polygon's edge normals, then the
/// axis towards the nearest vertex, each axis recorded (the circle's
/// interval first when `circle_first`). shapes_collide decides with
/// circle_poly_hit below, the same axes looked at linearly.
static bool sat_circle_hull(Circle c, const SatHull *h, bool circle_first, SatReport *rep)
{
    bool hit = true;
    float r_sq = c.radius * c.radius;
    SatBest best = sat_best_none();
    for (int i = 0; i <= h->axis_count && (hit || rep != NULL); ++i) {
        Vec2 n = { 0.0f, 0.0f };
        int edge = i;
        if (i < h->axis_count) {
            // the polygon's edge normals
            n = h->axes[i];
        } else {
            // then the axis from the centre towards the nearest vertex
            float near_sq = INFINITY;
            for (int k = 0; k < h->count; ++k) {
                float d_sq = vec2_length_sq(vec2_sub(h->verts[k], c.center));
                if (d_sq < near_sq) {
                    near_sq = d_sq;
                    edge = k;
                }
            }
            n = vec2_sub(h->verts[edge], c.center);
        }
        // the polygon's interval, and the centre's position on the axis
        Interval ip = project_points(h->verts, h->count, n);
        float cn = vec2_dot(c.center, n);
        float len_sq = vec2_length_sq(n);
        // a gap when the centre lies more than r |n| beyond it (squared: no root)
        float g = float_max(ip.min - cn, cn - ip.max);
        bool gap = g > 0.0f && g * g > r_sq * len_sq;
        hit = hit && !gap;
        if (rep != NULL) {
            // the circle's interval, centre +- r |n|, for drawing
            float rl = c.radius * sqrtf(len_sq);
            Interval ic = { cn - rl, cn + rl };
            Interval ia = circle_first ? ic : ip;
            Interval ib = circle_first ? ip : ic;
            SatAxisSource source = i == h->axis_count ? SAT_FROM_CIRCLE
                                 : circle_first ? SAT_FROM_B : SAT_FROM_A;
            report_axis(rep, n, ia, ib, 0.0f, gap, source, edge);
            if (hit) {
                sat_best_update(&best, n, ia, ib, i);
            }
        }
    }
    if (rep != NULL) {
        rep->min_axis = hit ? best.index : -1;
    }
    return hit;
}

/// Circle against polygon, the yes/no part, linear in the vertices. The
/// course's axes (each edge normal, then the axis from the centre towards
/// the nearest vertex), each looked at once:
///  1. the winding, so that each edge normal can be turned outward;
///  2. each edge's outward normal: the polygon reaches no further along it
///     than the edge itself, so there is a gap when the centre lies more
///     than r beyond the edge's line, one cross product per edge (Box2D's
///     b2CollidePolygonAndCircle looks for the same greatest separation);
///  3. the axis towards the nearest vertex: a gap when the polygon's nearest
///     projection on it lies more than r |axis| ahead of the centre.
/// A separated circle's closest point on the polygon lies inside an edge
/// (step 2 sees the gap) or at a vertex, the nearest one (step 3 sees it),
/// so this decides as projecting everything on every axis (sat_circle_hull,
/// which the lessons draw) does. A flat polygon's edges run both ways, so
/// its normals face both sides whatever the winding says.
static inline bool circle_poly_hit_impl(Circle c, const Poly *poly, bool may_be_tiny)
{
    int n = poly->count;
    // 1. twice the area about vertex 0: its sign is the winding
    Vec2 o = poly->verts[0];
    float area2 = 0.0f;
    for (int i = 1; i + 1 < n; ++i) {
        area2 += vec2_cross(vec2_sub(poly->verts[i], o), vec2_sub(poly->verts[i + 1], o));
    }
    float sigma = area2 < 0.0f ? -1.0f : 1.0f;
    // 2. edge normals; the vertices relative to the centre, the nearest kept
    //    (all lengths scaled up exactly first when tiny: see tiny_scale)
    Vec2 p[POLY_MAX_VERTS];
    float m = c.radius;
    for (int i = 0; i < n; ++i) {
        p[i] = vec2_sub(poly->verts[i], c.center);
        m = float_max(m, float_max(float_abs(p[i].x), float_abs(p[i].y)));
    }
    float s = may_be_tiny ? tiny_scale(m) : 1.0f;
    for (int i = 0; i < n && s != 1.0f; ++i) {
        p[i] = vec2_scale(p[i], s);
    }
    float r_sq = (c.radius * s) * (c.radius * s);
    bool gap = false;
    int near = 0;
    float near_sq = INFINITY;
    for (int i = 0; i < n; ++i) {
        Vec2 e = vec2_scale(vec2_sub(poly->verts[i + 1 < n ? i + 1 : 0], poly->verts[i]), s);
        // how far beyond edge i's line the centre lies, times |e|
        float beyond = sigma * vec2_cross(e, p[i]);
        gap |= (beyond > 0.0f) & (beyond * beyond > r_sq * vec2_length_sq(e));
        float d_sq = vec2_length_sq(p[i]);
        bool nearer = d_sq < near_sq;
        near_sq = nearer ? d_sq : near_sq;
        near = nearer ? i : near;
    }
    if (!gap) {
        // 3. towards the nearest vertex: the polygon's least projection
        Vec2 u = p[near];
        float low = vec2_dot(p[0], u);
        for (int k = 1; k < n; ++k) {
            low = float_min(low, vec2_dot(p[k], u));
        }
        gap = low > 0.0f && low * low > r_sq * vec2_length_sq(u);
    }
    return !gap;
}

/// A radius under a pixel: the lengths may need scaling; out of line, so
/// the common path carries no scaling code (see pair_circle_box_tiny).
COLLIDE_COLD static bool circle_poly_hit_tiny(Circle c, const Poly *poly)
{
    return circle_poly_hit_impl(c, poly, true);
}

static inline bool circle_poly_hit(Circle c, const Poly *poly)
{
    // radius >= 1 px: m >= 1, so tiny_scale would give 1
    return c.radius < 1.0f ? circle_poly_hit_tiny(c, poly) : circle_poly_hit_impl(c, poly, false);
}

/// Circle (a) against polygon (b): the verdict from the separating axis
/// test, the contact from the closest point of the polygon.
SAT_NOINLINE static bool pair_circle_poly(Circle c, const Poly *p, Contact *contact)
{
    bool hit = circle_poly_hit(c, p);
    if (hit && contact != NULL) {
        // outside: along closest point -> centre, r - distance; inside: the
        // nearest edge, r + its distance. Either way b moves against f.normal.
        PolyFeature f = poly_feature(p, c.center);
        contact->normal = vec2_neg(f.normal);
        contact->depth = float_max(c.radius - f.distance, 0.0f);
    }
    return hit;
}

/* ---- The course's separating axis tests ------------------------------ */

bool collide_rect_rect(Rect a, Rect b)
{
    bool hit = false;
    if (rect_ok(a) && rect_ok(b)) {
        // both projected on each rectangle's edge normals (4 axes): a gap on
        // any one of them separates, none means they collide
        hit = pair_rect_rect(a, b, NULL);
    }
    return hit;
}

bool collide_circle_poly(Circle c, const Poly *p)
{
    bool hit = false;
    if (circle_ok(c) && poly_ok(p)) {
        // the polygon's edge normals, then the axis towards its nearest vertex
        hit = pair_circle_poly(c, p, NULL);
    }
    return hit;
}

bool collide_poly_poly(const Poly *a, const Poly *b)
{
    bool hit = false;
    if (poly_ok(a) && poly_ok(b)) {
        // both relative to a point halfway between them (symmetric), then
        // a's normals, b's normals
        Vec2 o = vec2_make(0.5f * a->verts[0].x + 0.5f * b->verts[0].x,
                           0.5f * a->verts[0].y + 0.5f * b->verts[0].y);
        SatPoly pa;
        SatPoly pb;
        satpoly_from_poly(&pa, a, o);
        satpoly_from_poly(&pb, b, o);
        hit = sat_polys(&pa, &pb, NULL);
    }
    return hit;
}

/* ---- All nine pairs -------------------------------------------------- */

#define PAIR(a, b) ((int)(a) * 3 + (int)(b))

bool shapes_collide(const Shape *a, const Shape *b, Contact *contact)
{
    bool hit = false;
    // known kinds only (then each case checks its own shapes' fields)
    bool kinds_ok = a != NULL && b != NULL
                 && (unsigned)a->kind <= (unsigned)SHAPE_POLY && (unsigned)b->kind <= (unsigned)SHAPE_POLY;
    // the pair with the circle first answers the swapped one: flip its normal
    bool flip = false;
    switch (kinds_ok ? PAIR(a->kind, b->kind) : -1) {
    case PAIR(SHAPE_CIRCLE, SHAPE_CIRCLE):
        hit = circle_ok(a->circle) && circle_ok(b->circle)
           && pair_circle_circle(a->circle, b->circle, contact);
        break;
    case PAIR(SHAPE_CIRCLE, SHAPE_RECT):
        hit = circle_ok(a->circle) && rect_ok(b->rect)
           && pair_circle_rect(a->circle, b->rect, contact);
        break;
    case PAIR(SHAPE_RECT, SHAPE_CIRCLE):
        hit = rect_ok(a->rect) && circle_ok(b->circle)
           && pair_circle_rect(b->circle, a->rect, contact);
        flip = true;
        break;
    case PAIR(SHAPE_CIRCLE, SHAPE_POLY):
        hit = circle_ok(a->circle) && poly_ok(&b->poly)
           && pair_circle_poly(a->circle, &b->poly, contact);
        break;
    case PAIR(SHAPE_POLY, SHAPE_CIRCLE):
        hit = poly_ok(&a->poly) && circle_ok(b->circle)
           && pair_circle_poly(b->circle, &a->poly, contact);
        flip = true;
        break;
    case PAIR(SHAPE_RECT, SHAPE_RECT):
        hit = rect_ok(a->rect) && rect_ok(b->rect)
           && pair_rect_rect(a->rect, b->rect, contact);
        break;
    case PAIR(SHAPE_RECT, SHAPE_POLY):
    case PAIR(SHAPE_POLY, SHAPE_RECT):
    case PAIR(SHAPE_POLY, SHAPE_POLY):
        hit = shape_ok(a) && shape_ok(b) && pair_hulls(a, b, contact);
        break;
    default:
        hit = false;
        break;
    }
    if (hit && flip && contact != NULL) {
        contact->normal = vec2_neg(contact->normal);
    }
    return hit;
}

/* ---- The report ------------------------------------------------------ */

/// Circle-circle: the single axis through both centres.
static void report_circle_circle(Circle a, Circle b, bool hit, SatReport *rep)
{
    Vec2 u = vec2_normalize_or(vec2_sub(b.center, a.center), vec2_make(1.0f, 0.0f), NULL);
    float ca = vec2_dot(a.center, u);
    float cb = vec2_dot(b.center, u);
    Interval ia = { ca - a.radius, ca + a.radius };
    Interval ib = { cb - b.radius, cb + b.radius };
    report_axis(rep, u, ia, ib, 0.0f, !hit, SAT_FROM_CIRCLE, -1);
    rep->min_axis = hit ? 0 : -1;
}

/// Makes the axes agree with the verdict `hit` where rounding at exact
/// touching let the dedicated test (circle-circle, circle-rect) decide
/// differently from the projections.
static void report_settle(SatReport *rep, bool hit)
{
    if (hit && rep->separating >= 0) {
        // the dedicated test saw them touch: no axis has a gap
        for (int i = 0; i < rep->count; ++i) {
            rep->axes[i].overlap = float_max(rep->axes[i].overlap, 0.0f);
        }
        rep->separating = -1;
    } else if (!hit && rep->separating < 0 && rep->count > 0) {
        // the dedicated test saw a hair's gap: on the axis of least overlap
        int k = 0;
        for (int i = 1; i < rep->count; ++i) {
            if (rep->axes[i].overlap < rep->axes[k].overlap) {
                k = i;
            }
        }
        rep->axes[k].overlap = -FLT_MIN;
        rep->separating = k;
    }
    if (!hit) {
        rep->min_axis = -1;
    } else if (rep->min_axis < 0 || rep->min_axis >= rep->count) {
        // least way out over the recorded axes
        int k = -1;
        float least = INFINITY;
        for (int i = 0; i < rep->count; ++i) {
            const SatAxis *ax = &rep->axes[i];
            float depth = float_min(ax->a.max - ax->b.min, ax->b.max - ax->a.min);
            if (depth < least) {
                least = depth;
                k = i;
            }
        }
        rep->min_axis = k;
    }
}

bool sat_report(const Shape *a, const Shape *b, SatReport *out)
{
    bool ok = out != NULL && shape_ok(a) && shape_ok(b);
    if (ok) {
        SatReport rep;
        rep.count = 0;
        rep.separating = -1;
        rep.min_axis = -1;
        rep.hit = false;
        rep.contact.normal = vec2_make(0.0f, 0.0f);
        rep.contact.depth = 0.0f;
        // the verdict and the contact are shapes_collide's
        Contact contact = { { 0.0f, 0.0f }, 0.0f };
        bool hit = shapes_collide(a, b, &contact);
        int pair = PAIR(a->kind, b->kind);
        if (pair == PAIR(SHAPE_CIRCLE, SHAPE_CIRCLE)) {
            report_circle_circle(a->circle, b->circle, hit, &rep);
        } else if (pair == PAIR(SHAPE_RECT, SHAPE_RECT)) {
            sat_rect_rect(a->rect, b->rect, NULL, &rep);
        } else if (a->kind == SHAPE_CIRCLE || b->kind == SHAPE_CIRCLE) {
            // circle against a rect or poly: the polygon's axes, then the nearest vertex
            bool circle_first = a->kind == SHAPE_CIRCLE;
            const Shape *other = circle_first ? b : a;
            SatHull h;
            if (other->kind == SHAPE_RECT) {
                hull_from_rect(&h, other->rect);
            } else {
                hull_from_poly(&h, &other->poly);
            }
            hull_orient_outward(&h);
            sat_circle_hull(circle_first ? a->circle : b->circle, &h, circle_first, &rep);
        } else {
            SatHull ha;
            SatHull hb;
            if (a->kind == SHAPE_RECT) {
                hull_from_rect(&ha, a->rect);
            } else {
                hull_from_poly(&ha, &a->poly);
            }
            if (b->kind == SHAPE_RECT) {
                hull_from_rect(&hb, b->rect);
            } else {
                hull_from_poly(&hb, &b->poly);
            }
            hull_orient_outward(&ha);
            hull_orient_outward(&hb);
            sat_hulls(&ha, &hb, &rep);
        }
        report_settle(&rep, hit);
        rep.hit = hit;
        if (hit) {
            rep.contact = contact;
        }
        *out = rep;
    }
    return ok;
}
